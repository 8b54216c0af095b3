/* The table set's separable quadrants (patent 000, [0055], [0060], claim
 * 2): each of the 81 tiles' four triangular quadrants (FIG. 2A) as a
 * separate piece, their backs, and a page that shows four of them making
 * a tile.
 *
 * The pieces are the tiles' own quadrants, as FIG. 7 deals them (each
 * tile unturned, as the fronts sheet prints it): a game has each kind of
 * quadrant (series, element) as often as its tiles show it, four a tile.
 * In the gang layout the quadrants sheet is the fronts sheet with each
 * tile's diagonals cut as well (every edge cut once).  With the pieces
 * apart (print.layout = punchboard) each tile's four triangles stand in
 * their own trim boxes, each with its own closed die line and its marks
 * run on into the bleed all round, the top and bottom one above the
 * other, then the left and the right; each piece is drawn unturned, as it
 * lies in its tile.  The backs are alike, as the tiles' are: the pieces
 * are drawn face down. */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "games/game.h"
#include "games/series/config/series_config.h"
#include "games/series/config/series_table_config.h"
#include "games/series/sheets/series_art.h"
#include "print/layout/die.h"
#include "print/layout/impose_parts.h"
#include "print/layout/sheet.h"
#include "print/scene/scene.h"

int tp_table_quadrant(struct tp_scene *sc, const struct tp_config *c,
		      const struct tp_table_front *f, int turned, int k, double x, double y,
		      double t, const struct tp_tri_outer *o, double digit);

static const int front_layers[] = {
	TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS, TP_INK_TEXT, TP_INK_LINE, TP_INK_CUT,
};

int tp_table_quadrants_absent(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	if (tp_table_cfg(c)->quadrants)
		return 0;
	snprintf(why, n,
		 "separable quadrants ([0055], claim 2) are an alternative embodiment, so there is no %s; set table.quadrants = on",
		 sheet);
	return 1;
}

/* The gap between two pieces' trim boxes when they stand apart: two
 * bleeds and a millimetre, as the table set's tiles. */
static double gap_of(const struct tp_config *c)
{
	return 2 * c->print.bleed_mm + 1;
}

/* Where the pieces lie.  Gang: the tile at (col t, row t), its quadrants
 * in place.  Apart: tile i in a cell of (2 t + 2 g) x (t + g); the origin
 * (ox, oy) at which the whole tile would be drawn so that quadrant k
 * lands in its box (bx, by, bw, bh). */
struct piece {
	double ox, oy, bx, by, bw, bh;
};

static void piece_at(const struct tp_config *c, int i, int k, struct piece *pc)
{
	double t = c->print.tile_mm, g = gap_of(c);
	double X = (i % TP_TABLE_N) * (2 * t + 3 * g), Y = (i / TP_TABLE_N) * (t + 2 * g);
	switch (k) {
	case TP_SIDE_TOP:
		*pc = (struct piece){ X, Y, X, Y, t, t / 2 };
		break;
	case TP_SIDE_BOTTOM:
		*pc = (struct piece){ X, Y + g, X, Y + t / 2 + g, t, t / 2 };
		break;
	case TP_SIDE_LEFT:
		*pc = (struct piece){ X + t + g, Y, X + t + g, Y, t / 2, t };
		break;
	default:   /* right */
		*pc = (struct piece){ X + t + 2 * g, Y, X + t + g + t / 2 + g, Y, t / 2, t };
		break;
	}
}

static void sheet_size(const struct tp_config *c, double *w, double *h)
{
	double t = c->print.tile_mm, g = gap_of(c);
	if (!tp_layout_apart(c->print.layout)) {
		*w = *h = TP_TABLE_N * t;
		return;
	}
	*w = TP_TABLE_N * (2 * t + 3 * g) - g;
	*h = TP_TABLE_N * (t + 2 * g) - g;
}

/* The triangle of quadrant k of the tile drawn at (ox, oy): side corners
 * k and k + 1 (clockwise from the top-left), then the centre. */
static void triangle(double ox, double oy, double t, int k, double xy[6])
{
	const double cx[4] = { 0, 1, 1, 0 }, cy[4] = { 0, 0, 1, 1 };
	xy[0] = ox + cx[k] * t, xy[1] = oy + cy[k] * t;
	xy[2] = ox + cx[(k + 1) % 4] * t, xy[3] = oy + cy[(k + 1) % 4] * t;
	xy[4] = ox + t / 2, xy[5] = oy + t / 2;
}

int tp_table_build_quadrants(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_table *tb = model;
	double t = c->print.tile_mm, w, h;
	int apart = tp_layout_apart(c->print.layout), N = TP_TABLE_N;
	sheet_size(c, &w, &h);
	struct tp_scene *sc = tp_scene_new_layered("quadrants", w, h, c->print.bleed_mm, &c->print.inks,
						   front_layers, 7);
	if (tp_doc_add(doc, sc, "separable quadrants: four pieces a tile ([0055], claim 2)") != 0)
		return -1;
	int rc = 0;
	for (int i = 0; i < TP_TABLE_TILES; i++) {
		int r = i / N, col = i % N;
		if (!apart) {
			double cn[4][2], x = col * t, y = r * t;
			struct tp_tri_outer o;
			for (int k = 0; k < 4; k++) {
				cn[k][0] = x + (k == 1 || k == 2 ? t : 0);
				cn[k][1] = y + (k >= 2 ? t : 0);
			}
			unsigned edge = (unsigned)((r == 0) | (col == N - 1) << 1 | (r == N - 1) << 2 |
						   (col == 0) << 3);
			tp_tri_outer_of(&o, cn, 4, edge, x + t / 2, y + t / 2, sc);
			for (int k = 0; k < 4; k++)
				rc |= tp_table_quadrant(sc, c, &tb->tile[i], 0, k, x, y, t, &o, 0);
			/* The diagonals: each is one tile's, so cut once. */
			double d1[4] = { x, y, x + t, y + t }, d2[4] = { x + t, y, x, y + t };
			struct tp_pt p1[2] = { { TP_MOVE, d1[0], d1[1] }, { TP_LINE, d1[2], d1[3] } };
			struct tp_pt p2[2] = { { TP_MOVE, d2[0], d2[1] }, { TP_LINE, d2[2], d2[3] } };
			rc |= tp_scene_path(sc, TP_INK_CUT, TP_STROKE, TP_DIE_STROKE_MM, p1, 2);
			rc |= tp_scene_path(sc, TP_INK_CUT, TP_STROKE, TP_DIE_STROKE_MM, p2, 2);
			continue;
		}
		for (int k = 0; k < 4; k++) {
			struct piece pc;
			double xy[6];
			struct tp_tri_outer o;
			piece_at(c, i, k, &pc);
			triangle(pc.ox, pc.oy, t, k, xy);
			const double cn[3][2] = { { xy[0], xy[1] }, { xy[2], xy[3] }, { xy[4], xy[5] } };
			tp_tri_outer_of(&o, cn, 3, 7u, (xy[0] + xy[2] + xy[4]) / 3, (xy[1] + xy[3] + xy[5]) / 3,
					sc);
			/* The run-ons stay in the piece's own bleed box: a mitre
			 * at its sharp corners would reach into its neighbours'. */
			double b = c->print.bleed_mm;
			o.clip[0] = pc.bx - b, o.clip[1] = pc.by - b;
			o.clip[2] = pc.bx + pc.bw + b, o.clip[3] = pc.by + pc.bh + b;
			rc |= tp_table_quadrant(sc, c, &tb->tile[i], 0, k, pc.ox, pc.oy, t, &o, 0);
			rc |= tp_die_contour(sc, xy, 3, TP_DIE_STROKE_MM);
		}
	}
	if (rc == 0 && !apart)
		rc = tp_die_grid(sc, 0, 0, N, N, t, t, TP_DIE_STROKE_MM);
	if (rc != 0)
		return -1;
	tp_sheet_bleed(sc);
	return 0;
}

/* Every back alike: a line round the triangle, in from its sides (and a
 * factory's safe zone); mirrored for work-and-turn. */
int tp_table_build_quadrant_backs(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	(void)model;
	double t = c->print.tile_mm, w, h;
	int apart = tp_layout_apart(c->print.layout);
	sheet_size(c, &w, &h);
	static const int layers[] = { TP_INK_TEXT, TP_INK_LINE };
	struct tp_scene *sc = tp_scene_new_layered("quadrants-backs", w, h, c->print.bleed_mm,
						   &c->print.inks, layers, 2);
	if (tp_doc_add(doc, sc, "work-and-turn: mirrored; every quadrant's back the same") != 0)
		return -1;
	/* The inradius of a quadrant is t (sqrt 2 - 1) / 2: the frame keeps
	 * a fifth of it, or the safe zone, from each side. */
	double rin = t * (M_SQRT2 - 1) / 2, in = fmax(0.2 * rin, c->print.safe_mm + 0.05);
	double s = in < 0.8 * rin ? (rin - in) / rin : 0.2;
	for (int i = 0; i < TP_TABLE_TILES; i++)
		for (int k = 0; k < 4; k++) {
			double ox = (i % TP_TABLE_N) * t, oy = (i / TP_TABLE_N) * t, xy[6], ic[3];
			if (apart) {
				struct piece pc;
				piece_at(c, i, k, &pc);
				ox = pc.ox, oy = pc.oy;
			}
			triangle(ox, oy, t, k, xy);
			tp_tri_incircle(xy, &ic[0], &ic[1], &ic[2]);
			struct tp_pt p[4];
			for (int j = 0; j < 3; j++)
				p[j] = (struct tp_pt){ j ? TP_LINE : TP_MOVE, ic[0] + (xy[2 * j] - ic[0]) * s,
						       ic[1] + (xy[2 * j + 1] - ic[1]) * s };
			p[3] = (struct tp_pt){ TP_CLOSE, 0, 0 };
			if (tp_scene_path(sc, TP_INK_LINE, TP_STROKE, t * 0.01, p, 4) != 0)
				return -1;
		}
	tp_sheet_mirror(sc);
	tp_sheet_bleed(sc);
	return 0;
}

/* print.layout = punchboard: the pieces (and their backs, the layout
 * mirrored) apart, each in its trim box, the triangle's bounding box. */
int tp_table_quadrant_parts(const struct tp_config *c, const char *page, struct tp_parts *ps)
{
	int back = strcmp(page, "quadrants-backs") == 0;
	if (!tp_layout_apart(c->print.layout) || (!back && strcmp(page, "quadrants") != 0))
		return 0;
	ps->p = tp_calloc(4 * TP_TABLE_TILES, sizeof *ps->p);
	if (ps->p == NULL)
		return -1;
	for (int i = 0; i < TP_TABLE_TILES; i++)
		for (int k = 0; k < 4; k++) {
			struct piece pc;
			piece_at(c, i, k, &pc);
			ps->p[4 * i + k] = (struct tp_part){ pc.bx, pc.by, pc.bw, pc.bh };
		}
	ps->n = 4 * TP_TABLE_TILES;
	ps->bleed = c->print.bleed_mm;
	ps->back = back;
	return 1;
}

static const char *const assembly_text[] = {
	"Separable quadrants (patent 000, [0055], [0060], claim 2): each tile is four triangles, assembled during play.",
	"The quadrants sheet holds every tile's four quadrants (counts in the manifest); their backs are alike.",
	"Lay four triangles point to point, one of each series: lateral (red) at the top, boxes right, vertical",
	"at the bottom, dots left, or lateral and vertical exchanged (F10-F18); opposite quadrants sum to 9.",
	"Then play the tile as a whole tile (the layout sheet's rules).",
};

/* Three tiles of FIG. 7 (the centre one, its right neighbour of the
 * other kind, and the one below, turned), each as its four pieces apart,
 * then assembled. */
int tp_table_build_quadrant_assembly(const struct tp_config *c, const void *model,
				     struct tp_doc *doc)
{
	const struct tp_table *tb = model;
	const double m = 10, fs = 3.2, T = 30, gap = 4, arrow = 14;
	int nt = sizeof assembly_text / sizeof assembly_text[0], mid = TP_TABLE_TILES / 2;
	const int show[3] = { mid, mid + 1, mid + TP_TABLE_N };
	double unit = T + 2 * gap + arrow + T + 16;
	double W = fmax(2 * m + 3 * unit, 200), y0 = m + 10;
	double H = y0 + T + 2 * gap + 2 * fs + 8 + nt * (fs + 2) + m;
	struct tp_scene *sc = tp_scene_new_layered("quadrants-assembly", W, H, c->print.bleed_mm,
						   &c->print.inks, front_layers, 6);
	if (tp_doc_add(doc, sc, "how four quadrant pieces make a tile") != 0)
		return -1;
	int rc = tp_scene_text(sc, TP_INK_TEXT, m, m + 3, fs + 1, TP_ALIGN_LEFT,
			       "Four triangles make a tile (FIG. 2A): pieces apart, then assembled");
	for (int j = 0; j < 3; j++) {
		int i = show[j];
		double x = m + j * unit, y = y0;
		for (int k = 0; k < 4; k++) {
			/* Each piece moved out from the centre by the gap. */
			double dx = k == TP_SIDE_RIGHT ? gap : k == TP_SIDE_LEFT ? -gap : 0;
			double dy = k == TP_SIDE_BOTTOM ? gap : k == TP_SIDE_TOP ? -gap : 0, xy[6];
			double ox = x + gap + dx, oy = y + gap + dy;
			struct tp_tri_outer o = { 0 };
			triangle(ox, oy, T, k, xy);
			rc |= tp_table_quadrant(sc, c, &tb->tile[i], tb->turned[i], k, ox, oy, T, &o, 0);
			struct tp_pt p[4] = { { TP_MOVE, xy[0], xy[1] }, { TP_LINE, xy[2], xy[3] },
					      { TP_LINE, xy[4], xy[5] }, { TP_CLOSE, 0, 0 } };
			rc |= tp_scene_path(sc, TP_INK_TEXT, TP_STROKE, 0.25, p, 4);
		}
		double ax = x + T + 2 * gap + 2, ay = y + gap + T / 2;
		struct tp_pt ar[2] = { { TP_MOVE, ax, ay }, { TP_LINE, ax + arrow - 4, ay } };
		struct tp_pt hd[4] = { { TP_MOVE, ax + arrow - 4, ay - 1.5 }, { TP_LINE, ax + arrow - 2, ay },
				       { TP_LINE, ax + arrow - 4, ay + 1.5 }, { TP_CLOSE, 0, 0 } };
		rc |= tp_scene_path(sc, TP_INK_TEXT, TP_STROKE, 0.35, ar, 2);
		rc |= tp_scene_path(sc, TP_INK_TEXT, TP_FILL, 0, hd, 4);
		double wx = x + T + 2 * gap + arrow, wy = y + gap;
		struct tp_tri_outer o = { 0 };
		for (int k = 0; k < 4; k++)
			rc |= tp_table_quadrant(sc, c, &tb->tile[i], tb->turned[i], k, wx, wy, T, &o, 0);
		rc |= tp_scene_rect(sc, TP_INK_TEXT, TP_STROKE, 0.25, wx, wy, T, T);
		char lab[80];
		snprintf(lab, sizeof lab, "F%d%s (row %d, col %d of FIG. 7)", tb->front_of[i] + 1,
			 tb->turned[i] ? ", turned" : "", i / TP_TABLE_N + 1, i % TP_TABLE_N + 1);
		rc |= tp_scene_text(sc, TP_INK_TEXT, x, y + T + 2 * gap + fs + 2, fs * 0.8, TP_ALIGN_LEFT, lab);
	}
	double yr = y0 + T + 2 * gap + 2 * fs + 8;
	for (int i = 0; i < nt; i++)
		rc |= tp_scene_text(sc, TP_INK_TEXT, m, yr + i * (fs + 2), fs, TP_ALIGN_LEFT, assembly_text[i]);
	return rc ? -1 : 0;
}
