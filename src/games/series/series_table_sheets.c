/* The table set's sheets (patent 000, FIGS. 6-7): the fronts with the
 * FIG. 6 small-triangle indicia and die lines, the plain backs mirrored,
 * and the FIG. 7 layout as a rules sheet. */

#include <math.h>
#include <stdio.h>

#include "games/game.h"
#include "games/series/series_art.h"
#include "games/series/series_config.h"
#include "games/series/series_table_config.h"
#include "print/die.h"
#include "print/scene.h"
#include "print/sheet.h"
#include "print/symbol.h"

static const int front_layers[] = {
	TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS, TP_INK_TEXT, TP_INK_LINE, TP_INK_CUT,
};

static struct tp_scene *new_sheet(const struct tp_config *c, const char *name, double w, double h,
				  int doc_ok_layers)
{
	return tp_scene_new_layered(name, w, h, c->print.bleed_mm, &c->print.inks, front_layers,
				    (size_t)doc_ok_layers);
}

/* Point (i, j) of the top quadrant's triangle grid, turned k quarter turns
 * clockwise about the tile centre: the quadrant's corners are the tile's
 * top corners and its centre, each side cut in three. */
static void grid_pt(double x, double y, double t, int k, int i, int j, double *px, double *py)
{
	double u = t * i / 3 + t * j / 6, v = t * j / 6;   /* in the top quadrant */
	double cx = t / 2, cy = t / 2;
	for (int q = 0; q < k; q++) {
		double nu = cx - (v - cy), nv = cy + (u - cx);
		u = nu;
		v = nv;
	}
	*px = x + u;
	*py = y + v;
}

/* Small triangle s (0..8: 0-4 along the side, 5-7 the middle row, 8 the
 * tip) of quadrant k, as three grid points. */
static void small_tri(int s, int ij[3][2])
{
	static const int row_start[3] = { 0, 5, 8 };
	int j = s >= 8 ? 2 : s >= 5 ? 1 : 0, m = s - row_start[j], i = m / 2;
	if (m % 2 == 0) {   /* pointing away from the side */
		int p[3][2] = { { i, j }, { i + 1, j }, { i, j + 1 } };
		for (int a = 0; a < 3; a++)
			ij[a][0] = p[a][0], ij[a][1] = p[a][1];
	} else {
		int p[3][2] = { { i + 1, j }, { i + 1, j + 1 }, { i, j + 1 } };
		for (int a = 0; a < 3; a++)
			ij[a][0] = p[a][0], ij[a][1] = p[a][1];
	}
}

/* FIG. 15A: the series' shape at the small triangle's incentre, 1.2 x its
 * inradius across, so it sits inside the triangle whatever its shape. */
static int shape_in(struct tp_scene *sc, int ink, int symbol, const double xy[6])
{
	double side[3], per = 0, ix = 0, iy = 0;
	for (int a = 0; a < 3; a++) {
		int b = (a + 1) % 3, o = (a + 2) % 3;
		side[o] = hypot(xy[2 * b] - xy[2 * a], xy[2 * b + 1] - xy[2 * a + 1]);
	}
	for (int a = 0; a < 3; a++) {
		per += side[a];
		ix += side[a] * xy[2 * a];
		iy += side[a] * xy[2 * a + 1];
	}
	double area = fabs((xy[2] - xy[0]) * (xy[5] - xy[1]) - (xy[4] - xy[0]) * (xy[3] - xy[1])) / 2;
	double r = 2 * area / per;
	return tp_symbol_draw(sc, ink, TP_FILL, 0, symbol, ix / per, iy / per, 1.2 * r);
}

/* FIG. 15A with a pictures template: the series' picture, its 10 mm box
 * scaled to 1.4 x the inradius, at the small triangle's incentre. */
static int picture_in(struct tp_scene *sc, int ink, const struct tp_picture *pic, const double xy[6])
{
	double side[3], per = 0, ix = 0, iy = 0;
	for (int a = 0; a < 3; a++) {
		int b = (a + 1) % 3, o = (a + 2) % 3;
		side[o] = hypot(xy[2 * b] - xy[2 * a], xy[2 * b + 1] - xy[2 * a + 1]);
	}
	for (int a = 0; a < 3; a++) {
		per += side[a];
		ix += side[a] * xy[2 * a];
		iy += side[a] * xy[2 * a + 1];
	}
	double area = fabs((xy[2] - xy[0]) * (xy[5] - xy[1]) - (xy[4] - xy[0]) * (xy[3] - xy[1])) / 2;
	double box = 1.4 * 2 * area / per, k = box / TP_PIC_BOX;
	double x0 = ix / per - box / 2, y0 = iy / per - box / 2;
	int rc = 0;
	for (int i = 0; i < pic->n; i++) {
		const struct tp_pic_item *it = &pic->item[i];
		if (it->circle) {
			rc |= tp_scene_circle(sc, ink, TP_FILL, 0, x0 + k * it->xy[0], y0 + k * it->xy[1],
					      k * it->xy[2]);
			continue;
		}
		double p[2 * TP_PIC_POINTS];
		for (int j = 0; j < it->n; j++) {
			p[2 * j] = x0 + k * it->xy[2 * j];
			p[2 * j + 1] = y0 + k * it->xy[2 * j + 1];
		}
		rc |= tp_scene_poly(sc, ink, TP_FILL, 0, p, (size_t)it->n);
	}
	return rc;
}

/* One front: each quadrant's element n marks the first n small triangles
 * of table.order in the quadrant's series ink; hairlines outline the
 * small triangles. */
static int table_front(struct tp_scene *sc, const struct tp_config *c,
		       const struct tp_table_front *f, double x, double y, double t)
{
	const int *order = tp_table_cfg(c)->order;
	int rc = 0;
	if (tp_table_cfg(c)->shapes) {   /* the quadrants' diagonals */
		struct tp_pt d1[2] = { { TP_MOVE, x, y }, { TP_LINE, x + t, y + t } };
		struct tp_pt d2[2] = { { TP_MOVE, x + t, y }, { TP_LINE, x, y + t } };
		rc |= tp_scene_path(sc, TP_INK_LINE, TP_STROKE, t * 0.008, d1, 2);
		rc |= tp_scene_path(sc, TP_INK_LINE, TP_STROKE, t * 0.008, d2, 2);
	}
	for (int k = 0; k < 4; k++) {
		int sr = tp_table_side_series[k], n = f->v[sr];
		for (int s = 0; s < 9; s++) {
			int ij[3][2];
			double xy[6];
			small_tri(s, ij);
			for (int a = 0; a < 3; a++)
				grid_pt(x, y, t, k, ij[a][0], ij[a][1], &xy[2 * a], &xy[2 * a + 1]);
			int marked = 0;
			for (int m = 0; m < n; m++)
				marked |= order[m] == s;
			if (tp_table_cfg(c)->shapes) {
				if (marked && tp_table_cfg(c)->shapes == 2)
					rc |= picture_in(sc, tp_series_ink(sr), &tp_table_cfg(c)->pictures.pic[sr], xy);
				else if (marked)
					rc |= shape_in(sc, tp_series_ink(sr), tp_table_cfg(c)->symbol[sr], xy);
				continue;
			}
			if (marked)
				rc |= tp_scene_poly(sc, tp_series_ink(sr), TP_FILL, 0, xy, 3);
			rc |= tp_scene_poly(sc, TP_INK_LINE, TP_STROKE, t * 0.008, xy, 3);
		}
	}
	return rc;
}

static int build_fronts(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_table *tb = model;
	double t = c->print.tile_mm;
	int N = TP_TABLE_N;
	struct tp_scene *sc = new_sheet(c, "fronts", N * t, N * t, 7);
	if (tp_doc_add(doc, sc, NULL) != 0)
		return -1;
	for (int r = 0; r < N; r++)
		for (int col = 0; col < N; col++)
			if (table_front(sc, c, &tb->tile[r * N + col], col * t, r * t, t) != 0)
				return -1;
	/* Tiles share their edges: one grid of lines cuts each edge once. */
	if (tp_die_grid(sc, 0, 0, N, N, t, t, TP_DIE_STROKE_MM) != 0)
		return -1;
	tp_sheet_bleed(sc);
	return 0;
}

/* [0063]: the tiles are dealt face down, so every back is the same plain
 * frame; mirrored for work-and-turn like the other sets' backs. */
static int build_backs(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	(void)model;
	double t = c->print.tile_mm, in = t * 0.08;
	int N = TP_TABLE_N;
	struct tp_scene *sc = new_sheet(c, "backs", N * t, N * t, 6);
	if (tp_doc_add(doc, sc, "work-and-turn: mirrored; every back the same") != 0)
		return -1;
	for (int r = 0; r < N; r++)
		for (int col = 0; col < N; col++)
			if (tp_scene_rect(sc, TP_INK_LINE, TP_STROKE, t * 0.02, col * t + in, r * t + in,
					  t - 2 * in, t - 2 * in) != 0)
				return -1;
	tp_sheet_mirror(sc);
	tp_sheet_bleed(sc);
	return 0;
}

static const char *const rules_text[] = {
	"Table set (patent 000, FIG. 7, [0062]-[0068]): 81 tiles, 18 fronts; no board, any smooth surface.",
	"a. All tiles face down. Each player chooses one; the largest red (lateral) count goes first.",
	"   Return and scramble them; the last player turns a tile over to start.",
	"b. Each player gets twelve tiles and may see only four; the rest are the rainbow gathering.",
	"c. Place a tile in series next to the side of a tile on the table, as this layout shows:",
	"   dots +1 to the right, lateral +1 downwards; touching sides alternate colours.",
	"d. Cannot place? Take a tile from the rainbow gathering (else from your face-down tiles).",
	"e. When your four turned-up tiles are placed, turn up four more (twice).",
	"f. The first to place all twelve wins; solitaire: run out placing the fewest tiles.",
};

/* FIG. 7 as a rules sheet: the 9 x 9 layout at half size, each tile's
 * front number under it, then the rules of [0063]-[0068]. */
static int build_layout(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_table *tb = model;
	const double m = 10, fs = 3.2, t = c->print.tile_mm / 2, gap = 4;
	int N = TP_TABLE_N, nr = sizeof rules_text / sizeof rules_text[0];
	double W = 2 * m + N * t + (N - 1) * gap;
	if (W < 200)
		W = 200;
	double y0 = m + 6, slot = t + fs + 2;
	double H = y0 + N * slot + 6 + nr * (fs + 2) + m;
	struct tp_scene *sc = new_sheet(c, "layout", W, H, 6);
	if (tp_doc_add(doc, sc, NULL) != 0)
		return -1;
	int rc = tp_scene_text(sc, TP_INK_TEXT, m, m + 3, fs + 1, TP_ALIGN_LEFT,
			       "FIG. 7: the table set laid out (tiles at half size; F = front in the manifest)");
	double x0 = (W - (N * t + (N - 1) * gap)) / 2;
	for (int r = 0; r < N; r++)
		for (int col = 0; col < N; col++) {
			int i = r * N + col;
			double x = x0 + col * (t + gap), y = y0 + r * slot;
			char lab[16];
			rc |= table_front(sc, c, &tb->tile[i], x, y, t);
			rc |= tp_scene_rect(sc, TP_INK_TEXT, TP_STROKE, 0.2, x, y, t, t);
			snprintf(lab, sizeof lab, "F%d", tb->front_of[i] + 1);
			rc |= tp_scene_text(sc, TP_INK_TEXT, x + t / 2, y + t + fs, fs * 0.8, TP_ALIGN_CENTER, lab);
		}
	double yr = y0 + N * slot + 6;
	for (int i = 0; i < nr; i++)
		rc |= tp_scene_text(sc, TP_INK_TEXT, m, yr + i * (fs + 2), fs, TP_ALIGN_LEFT, rules_text[i]);
	return rc ? -1 : 0;
}

const struct tp_sheet_def tp_table_sheets[3] = {
	{ "fronts", "table set fronts (FIGS. 6-7)", 0, NULL, NULL, build_fronts, NULL, NULL },
	{ "backs", "table set plain backs, mirrored", 0, NULL, NULL, build_backs, NULL, NULL },
	{ "layout", "table set layout and rules (FIG. 7, [0063]-[0068])", 0, NULL, NULL, build_layout, NULL, NULL },
};
