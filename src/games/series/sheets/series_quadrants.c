/* Separable quadrants (patent 000, [0055], [0060], claim 2: "possibly
 * separable" sections, "assembled into pieces during game play"): every
 * tile's four quadrants as separate pieces, their backs, and a page that
 * shows how four of them make a tile.
 *
 * The pieces are the tiles' own quadrants, in the tiles' order: the
 * quadrants sheet is the fronts sheet cut on a grid of half the pitch, so
 * a game has each quadrant kind (series, element) exactly as often as its
 * tiles show it, and four pieces a tile.  As a gang of (2 rows) x (2 cols)
 * pieces of half a tile it imposes on press sheets like the fronts.  The
 * backs are alike (the seed gives a quadrant no back colour: it is
 * assembled into a tile during play, so it belongs to no board square). */

#include "games/series/sheets/series_sheets.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "games/series/sheets/series_art.h"
#include "print/layout/die.h"
#include "print/layout/sheet.h"

static const int front_layers[] = {
	TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS, TP_INK_TEXT,
	TP_INK_LINE, TP_INK_CUT,
};

int tp_series_quadrants_absent(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	if (tp_series(c)->quadrants)
		return 0;
	snprintf(why, n,
		 "separable quadrants ([0055], claim 2) are an alternative embodiment, so there is no %s; set series.quadrants = on",
		 sheet);
	return 1;
}

/* The tiles of the board a region window (tp_doc.part) can reach, as
 * [r0, r1) x [c0, c1); the whole board without one.  mirror_w > 0: the
 * window lies on a sheet mirrored across that width. */
static void window(const struct tp_config *c, const struct tp_pattern *p, struct tp_doc *doc,
		   double mirror_w, int q[4])
{
	double t = c->print.tile_mm;
	q[0] = 0, q[1] = p->rows, q[2] = 0, q[3] = p->cols;
	if (!doc->part)
		return;
	const double *r = doc->part_r;
	double x0 = r[0], x1 = r[2];
	if (mirror_w > 0) {
		x0 = mirror_w - r[2];
		x1 = mirror_w - r[0];
	}
	/* Every shape of a tile stays within the tile: one tile of margin. */
	q[0] = (int)fmax(0, floor(r[1] / t) - 1);
	q[1] = (int)fmin(p->rows, ceil(r[3] / t) + 1);
	q[2] = (int)fmax(0, floor(x0 / t) - 1);
	q[3] = (int)fmin(p->cols, ceil(x1 / t) + 1);
	q[1] = q[1] < q[0] ? q[0] : q[1];
	q[3] = q[3] < q[2] ? q[2] : q[3];
	doc->parted = 1;
}

/* The pieces' fronts: each tile's front as it lies on the board, cut on a
 * grid of half its side, so that each piece is one quadrant. */
int tp_series_build_quadrants(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	double t = c->print.tile_mm;
	int q[4];
	window(c, p, doc, 0, q);
	struct tp_scene *sc = tp_series_new_sheet(c, "quadrants", p->cols * t, p->rows * t,
						  front_layers, 7);
	if (tp_doc_add(doc, sc, "separable quadrants: four pieces a tile ([0055], claim 2)") != 0)
		return -1;
	for (int r = q[0]; r < q[1]; r++)
		for (int col = q[2]; col < q[3]; col++) {
			const struct tp_tile *tl = &p->tiles[(size_t)r * p->cols + col];
			if (tp_series_art_front(sc, c, tl->front, tl->corner, col * t, r * t, t) != 0)
				return -1;
		}
	/* The pieces share their edges: one grid cuts each edge once. */
	if (tp_die_grid(sc, 0, 0, 2 * p->rows, 2 * p->cols, t / 2, t / 2, TP_DIE_STROKE_MM) != 0)
		return -1;
	tp_sheet_bleed(sc);
	return 0;
}

/* The frame of a piece's back: in from its edge, and clear of a factory's
 * safe zone. */
static double back_in(const struct tp_config *c)
{
	double h = c->print.tile_mm / 2;
	return c->print.safe_mm > 0 ? fmax(h * 0.1, c->print.safe_mm + 0.05 + h * 0.01) : h * 0.1;
}

/* Every back alike: a thin frame (the pieces are drawn face down, as the
 * table set's tiles are dealt); mirrored for work-and-turn. */
int tp_series_build_quadrant_backs(const struct tp_config *c, const void *model,
				   struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	double t = c->print.tile_mm, h = t / 2, in = back_in(c);
	static const int layers[] = { TP_INK_TEXT, TP_INK_LINE };
	int q[4];
	window(c, p, doc, p->cols * t, q);
	struct tp_scene *sc = tp_series_new_sheet(c, "quadrants-backs", p->cols * t, p->rows * t,
						  layers, 2);
	if (tp_doc_add(doc, sc, "work-and-turn: mirrored; every quadrant's back the same") != 0)
		return -1;
	for (int r = 2 * q[0]; r < 2 * q[1]; r++)
		for (int col = 2 * q[2]; col < 2 * q[3]; col++)
			if (tp_scene_rect(sc, TP_INK_LINE, TP_STROKE, h * 0.03, col * h + in, r * h + in,
					  h - 2 * in, h - 2 * in) != 0)
				return -1;
	tp_sheet_mirror(sc);
	tp_sheet_bleed(sc);
	return 0;
}

/* print.layout = punchboard: the pieces as a gang of half tiles, their
 * backs the mirrored quadrants-backs. */
int tp_series_quadrant_tiles(const struct tp_config *c, const void *model, struct tp_tile_grid *g)
{
	const struct tp_pattern *p = model;
	g->rows = p ? 2 * p->rows : 0;
	g->cols = p ? 2 * p->cols : 0;
	g->tile_w = g->tile_h = c->print.tile_mm / 2;
	g->backs = "quadrants-backs";
	return 0;
}

/* Quadrant k of front f (lateral corner k0) at (x, y), side t / 2: its
 * cells (or its numeral) only, with its cell hairlines and outline. */
static int quadrant(struct tp_scene *sc, const struct tp_config *c, int front, int corner, int k,
		    double x, double y, double t)
{
	const struct tp_series_cfg *s = tp_series(c);
	double cs = t / 6;
	int a0 = k == TP_SE || k == TP_SW ? 3 : 0, b0 = k == TP_NE || k == TP_SE ? 3 : 0, rc = 0;
	if (s->digits) {
		int sr = tp_series_at(s->rules.cycle, corner, k);
		int v = tp_series_value(s->rules.pairing, sr, front);
		int ink = s->style == TP_STYLE_PATENT ? TP_INK_TEXT : tp_series_ink(sr);
		rc |= tp_series_digit(sc, ink, v, corner - TP_NW, x + t / 4, y + t / 4, t * 0.36);
	} else {
		unsigned char cells[6][6];
		tp_series_tile_cells(&s->rules, front, corner, cells);
		for (int a = 0; a < 3; a++)
			for (int b = 0; b < 3; b++)
				rc |= tp_series_art_cell(sc, c, cells[a0 + a][b0 + b], x + b * cs, y + a * cs, cs);
	}
	rc |= tp_scene_rect(sc, TP_INK_TEXT, TP_STROKE, 0.25, x, y, t / 2, t / 2);
	return rc;
}

static const char *const assembly_text[] = {
	"Separable quadrants (patent 000, [0055], [0060], claim 2): each tile is four pieces, assembled during play.",
	"The quadrants sheet holds every tile's four quadrants (the counts are in the manifest); their backs are alike.",
	"Lay four pieces edge to edge, one of each series, so that clockwise from the lateral (red) piece the series",
	"follow series.cycle, opposite pieces sum to 9 (lateral + vertical, boxes + dots), and each piece's filled cells",
	"start at the corner its template starts from. Then play the tile as a whole tile (the rules booklet).",
};

/* The nine fronts of the spanning set, each as its four pieces apart and
 * then assembled. */
int tp_series_build_quadrant_assembly(const struct tp_config *c, const void *model,
				      struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	const struct tp_series_cfg *s = tp_series(c);
	const double m = 10, fs = 3.2, T = 24, gap = 3, arrow = 12;
	double unit = T + gap + arrow + T;   /* exploded, arrow, whole */
	int nt = sizeof assembly_text / sizeof assembly_text[0];
	double W = 2 * m + 3 * unit + 2 * 14, slot = T + gap + 2 * fs + 4;
	double y0 = m + 8, H = y0 + 3 * slot + 4 + nt * (fs + 2) + m;
	static const int layers[] = {
		TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS, TP_INK_TEXT, TP_INK_LINE,
	};
	struct tp_scene *sc = tp_series_new_sheet(c, "quadrants-assembly", W, H, layers, 6);
	if (tp_doc_add(doc, sc, "how four quadrant pieces make a tile") != 0)
		return -1;
	int rc = tp_scene_text(sc, TP_INK_TEXT, m, m + 3, fs + 1, TP_ALIGN_LEFT,
			       "Four quadrants make a tile: the nine fronts (FIG. 18), pieces apart, then assembled");
	for (int i = 0; i < 9; i++) {
		int f = i + 1, k = s->rules.board_centre;
		if (p->spanning)
			tp_series_plane_at(p, p->span_r - 1 + i / 3, p->span_c - 1 + i % 3, &f, &k);
		double x = m + (i % 3) * (unit + 14), y = y0 + (i / 3) * slot;
		for (int q = 0; q < 4; q++) {
			double dx = q == TP_NE || q == TP_SE ? T / 2 + gap : 0;
			double dy = q == TP_SE || q == TP_SW ? T / 2 + gap : 0;
			rc |= quadrant(sc, c, f, k, q, x + dx, y + dy, T);
		}
		double ax = x + T + gap + 2, ay = y + (T + gap) / 2;
		struct tp_pt ar[2] = { { TP_MOVE, ax, ay }, { TP_LINE, ax + arrow - 4, ay } };
		struct tp_pt hd[4] = { { TP_MOVE, ax + arrow - 4, ay - 1.5 }, { TP_LINE, ax + arrow - 2, ay },
				       { TP_LINE, ax + arrow - 4, ay + 1.5 }, { TP_CLOSE, 0, 0 } };
		rc |= tp_scene_path(sc, TP_INK_TEXT, TP_STROKE, 0.35, ar, 2);
		rc |= tp_scene_path(sc, TP_INK_TEXT, TP_FILL, 0, hd, 4);
		double wx = x + T + gap + arrow, wy = y + gap / 2;
		rc |= tp_series_art_front(sc, c, f, k, wx, wy, T);
		rc |= tp_scene_rect(sc, TP_INK_TEXT, TP_STROKE, 0.25, wx, wy, T, T);
		char lab[120];
		snprintf(lab, sizeof lab, "front %d: lateral %d, boxes %d, vertical %d, dots %d", f,
			 tp_series_value(s->rules.pairing, TP_LATERAL, f),
			 tp_series_value(s->rules.pairing, TP_BOXES, f),
			 tp_series_value(s->rules.pairing, TP_VERTICAL, f),
			 tp_series_value(s->rules.pairing, TP_DOTS, f));
		rc |= tp_scene_text(sc, TP_INK_TEXT, x, y + T + gap + fs + 1, fs * 0.8, TP_ALIGN_LEFT, lab);
	}
	double yr = y0 + 3 * slot + 4;
	for (int i = 0; i < nt; i++)
		rc |= tp_scene_text(sc, TP_INK_TEXT, m, yr + i * (fs + 2), fs, TP_ALIGN_LEFT, assembly_text[i]);
	return rc ? -1 : 0;
}
