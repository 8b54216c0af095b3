/* The hexagonal set's sheets (patent 000, [0070]): the fronts with FIG. 6
 * small triangles in each of the six triangles and die lines that cut
 * each shared edge once, the backs mirrored, and the layout sheet. */

#include <math.h>
#include <stdio.h>

#include "games/game.h"
#include "games/series/series_hex.h"
#include "games/series/series_table_config.h"
#include "print/die.h"
#include "print/scene.h"
#include "print/sheet.h"

static const int layers[] = { 0, 1, 2, 3, 4, 5, TP_INK_TEXT, TP_INK_LINE, TP_INK_CUT };

/* print.tile_mm is the width across the flats; R the side (and the
 * circumradius). */
static double side_of(double across)
{
	return across / sqrt(3.0);
}

static void centre(double W, double R, int row, int col, double *cx, double *cy)
{
	*cx = W * (col + 0.5 * (row & 1)) + W / 2;
	*cy = R + row * 1.5 * R;
}

/* Corner j of the hexagon at (cx, cy): side k lies between corners k and
 * k + 1, side k facing the angle -60k degrees (y down). */
static void corner(double cx, double cy, double R, int j, double *x, double *y)
{
	double a = (-60.0 * j + 30.0) * M_PI / 180.0;
	*x = cx + R * cos(a);
	*y = cy + R * sin(a);
}

/* FIG. 6 in the triangle (A, B on the side, C at the centre): 9 small
 * triangles, 5 along the side, 3, then 1; the first n of order[] filled. */
static int tri_indicia(struct tp_scene *sc, int ink, const int *order, int n, const double A[2],
		       const double B[2], const double C[2], double lw)
{
	static const int row_start[3] = { 0, 5, 8 };
	int rc = 0;
	for (int s = 0; s < 9; s++) {
		int j = s >= 8 ? 2 : s >= 5 ? 1 : 0, m = s - row_start[j], i = m / 2;
		int ij[3][2] = { { i, j }, { i + 1, j }, { i, j + 1 } };
		if (m % 2) {
			int d[3][2] = { { i + 1, j }, { i + 1, j + 1 }, { i, j + 1 } };
			for (int a = 0; a < 3; a++)
				ij[a][0] = d[a][0], ij[a][1] = d[a][1];
		}
		double xy[6];
		for (int a = 0; a < 3; a++)
			for (int q = 0; q < 2; q++)
				xy[2 * a + q] = A[q] + (B[q] - A[q]) * ij[a][0] / 3.0 + (C[q] - A[q]) * ij[a][1] / 3.0;
		int marked = 0;
		for (int k = 0; k < n; k++)
			marked |= order[k] == s;
		if (marked)
			rc |= tp_scene_poly(sc, ink, TP_FILL, 0, xy, 3);
		rc |= tp_scene_poly(sc, TP_INK_LINE, TP_STROKE, lw, xy, 3);
	}
	return rc;
}

static int hex_front(struct tp_scene *sc, const struct tp_config *c, const struct tp_hex_front *f,
		     double cx, double cy, double R)
{
	int rc = 0;
	for (int k = 0; k < TP_HEX_SIDES; k++) {
		double A[2], B[2], C[2] = { cx, cy };
		corner(cx, cy, R, k + 1, &A[0], &A[1]);
		corner(cx, cy, R, k, &B[0], &B[1]);
		rc |= tri_indicia(sc, k, tp_table_cfg(c)->order, f->v[k], A, B, C, R * 0.01);
	}
	return rc;
}

static void sheet_size(const struct tp_config *c, double *w, double *h)
{
	double W = c->print.tile_mm, R = side_of(W);
	*w = W * (c->board.cols + 0.5);
	*h = R * (2 + 1.5 * (c->board.rows - 1));
}

/* Each side of each tile once: a side shared with a neighbour that comes
 * earlier (row-major) was already cut by it. */
static int die_lines(struct tp_scene *sc, const struct tp_hex *h, double W, double R)
{
	for (int r = 0; r < h->rows; r++)
		for (int col = 0; col < h->cols; col++)
			for (int k = 0; k < TP_HEX_SIDES; k++) {
				int nr, nc;
				if (tp_hex_neighbour(h->rows, h->cols, r, col, k, &nr, &nc) &&
				    nr * h->cols + nc < r * h->cols + col)
					continue;
				double cx, cy;
				struct tp_pt p[2] = { { TP_MOVE, 0, 0 }, { TP_LINE, 0, 0 } };
				centre(W, R, r, col, &cx, &cy);
				corner(cx, cy, R, k, &p[0].x, &p[0].y);
				corner(cx, cy, R, k + 1, &p[1].x, &p[1].y);
				if (tp_scene_path(sc, TP_INK_CUT, TP_STROKE, TP_DIE_STROKE_MM, p, 2) != 0)
					return -1;
			}
	return 0;
}

static int build_fronts(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_hex *h = model;
	double W = c->print.tile_mm, R = side_of(W), sw, shh;
	sheet_size(c, &sw, &shh);
	struct tp_scene *sc = tp_scene_new_layered("fronts", sw, shh, c->print.bleed_mm, &c->print.inks,
						   layers, 9);
	if (tp_doc_add(doc, sc, NULL) != 0)
		return -1;
	for (int r = 0; r < h->rows; r++)
		for (int col = 0; col < h->cols; col++) {
			double cx, cy;
			centre(W, R, r, col, &cx, &cy);
			if (hex_front(sc, c, &h->tile[r * h->cols + col], cx, cy, R) != 0)
				return -1;
		}
	return die_lines(sc, h, W, R);
}

/* Plain backs, all alike (an inner hexagon), mirrored for work-and-turn. */
static int build_backs(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_hex *h = model;
	double W = c->print.tile_mm, R = side_of(W), sw, shh;
	sheet_size(c, &sw, &shh);
	struct tp_scene *sc = tp_scene_new_layered("backs", sw, shh, c->print.bleed_mm, &c->print.inks,
						   layers, 8);
	if (tp_doc_add(doc, sc, "work-and-turn: mirrored; every back the same") != 0)
		return -1;
	for (int r = 0; r < h->rows; r++)
		for (int col = 0; col < h->cols; col++) {
			double cx, cy, xy[12];
			centre(W, R, r, col, &cx, &cy);
			for (int j = 0; j < 6; j++)
				corner(cx, cy, R * 0.85, j, &xy[2 * j], &xy[2 * j + 1]);
			if (tp_scene_poly(sc, TP_INK_LINE, TP_STROKE, W * 0.02, xy, 6) != 0)
				return -1;
		}
	tp_sheet_mirror(sc);
	return 0;
}

/* The layout at half size with each tile's front number. */
static int build_layout(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_hex *h = model;
	const double m = 10, fs = 3.2;
	double W = c->print.tile_mm / 2, R = side_of(W);
	double lw = W * (h->cols + 0.5), lh = R * (2 + 1.5 * (h->rows - 1));
	double SW = lw + 2 * m < 200 ? 200 : lw + 2 * m, SH = lh + 2 * m + 20;
	struct tp_scene *sc = tp_scene_new_layered("layout", SW, SH, c->print.bleed_mm, &c->print.inks,
						   layers, 8);
	if (tp_doc_add(doc, sc, NULL) != 0)
		return -1;
	char text[200];
	snprintf(text, sizeof text,
		 "Hexagonal set ([0070]-[0071]): %d tiles, %d fronts (H = front in the manifest), half size",
		 h->rows * h->cols, h->n_fronts);
	int rc = tp_scene_text(sc, TP_INK_TEXT, m, m + 3, fs + 1, TP_ALIGN_LEFT, text);
	double x0 = (SW - lw) / 2, y0 = m + 10;
	for (int r = 0; r < h->rows; r++)
		for (int col = 0; col < h->cols; col++) {
			int i = r * h->cols + col;
			double cx, cy, xy[12];
			char lab[16];
			centre(W, R, r, col, &cx, &cy);
			cx += x0;
			cy += y0;
			rc |= hex_front(sc, c, &h->tile[i], cx, cy, R);
			for (int j = 0; j < 6; j++)
				corner(cx, cy, R, j, &xy[2 * j], &xy[2 * j + 1]);
			rc |= tp_scene_poly(sc, TP_INK_TEXT, TP_STROKE, 0.2, xy, 6);
			snprintf(lab, sizeof lab, "H%d", h->front_of[i] + 1);
			rc |= tp_scene_text(sc, TP_INK_TEXT, cx, cy + 1, fs * 0.7, TP_ALIGN_CENTER, lab);
		}
	rc |= tp_scene_text(sc, TP_INK_TEXT, m, y0 + lh + 7, fs, TP_ALIGN_LEFT,
			    "Place a tile next to a side in series: through each side one series gains 1, the other loses 1.");
	return rc ? -1 : 0;
}

const struct tp_sheet_def tp_hex_sheets[3] = {
	{ "fronts", "hexagonal fronts ([0070])", 0, NULL, NULL, build_fronts, NULL, NULL },
	{ "backs", "hexagonal plain backs, mirrored", 0, NULL, NULL, build_backs, NULL, NULL },
	{ "layout", "hexagonal layout ([0070]-[0071])", 0, NULL, NULL, build_layout, NULL, NULL },
};
