/* The table set's sheets (patent 000, FIGS. 6-7): the fronts with the
 * FIG. 6 small-triangle indicia and die lines, the plain backs mirrored,
 * and the FIG. 7 layout as a rules sheet. */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "games/game.h"
#include "games/rules.h"
#include "games/series/sheets/series_art.h"
#include "games/series/sheets/series_tri.h"
#include "games/series/config/series_config.h"
#include "games/series/config/series_table_config.h"
#include "print/layout/die.h"
#include "print/layout/impose_parts.h"
#include "print/scene/scene.h"
#include "print/layout/sheet.h"

/* The separable quadrants (series_table_quadrants.c). */
int tp_table_quadrants_absent(const struct tp_config *c, const char *sheet, char *why, size_t n);
int tp_table_build_quadrants(const struct tp_config *c, const void *model, struct tp_doc *doc);
int tp_table_build_quadrant_backs(const struct tp_config *c, const void *model, struct tp_doc *doc);
int tp_table_build_quadrant_assembly(const struct tp_config *c, const void *model,
				     struct tp_doc *doc);
int tp_table_quadrant_parts(const struct tp_config *c, const char *page, struct tp_parts *ps);
int tp_table_quadrant(struct tp_scene *sc, const struct tp_config *c,
		      const struct tp_table_front *f, int turned, int k, double x, double y,
		      double t, const struct tp_tri_outer *o, double digit);

static const int front_layers[] = {
	TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS, TP_INK_TEXT, TP_INK_LINE, TP_INK_CUT,
};

static struct tp_scene *new_sheet(const struct tp_config *c, const char *name, double w, double h,
				  int doc_ok_layers)
{
	return tp_scene_new_layered(name, w, h, c->print.bleed_mm, &c->print.inks, front_layers,
				    (size_t)doc_ok_layers);
}

/* Corner k of the tile at (x, y): top-left, top-right, bottom-right,
 * bottom-left (clockwise); quadrant k lies on the side from corner k to
 * corner k + 1. */
static void tile_corner(double x, double y, double t, int k, double p[2])
{
	p[0] = x + (k == 1 || k == 2 ? t : 0);
	p[1] = y + (k >= 2 ? t : 0);
}

/* Quadrant k (the triangle on the side from corner k to corner k + 1) of
 * front f laid `turned` half turns, the tile's top-left at (x, y): its
 * element in its series' ink, as table.indicia says (series_tri.h), marks
 * touching an outer side of o running on into the bleed.  digit: the
 * numerals' size (0: none yet, worked out for this tile). */
int tp_table_quadrant(struct tp_scene *sc, const struct tp_config *c,
		      const struct tp_table_front *f, int turned, int k, double x, double y,
		      double t, const struct tp_tri_outer *o, double digit)
{
	const struct tp_table_cfg *tc = tp_table_cfg(c);
	int sr = tp_table_side(f, turned, k);
	int items = tc->indicia == TP_TRI_SHAPES || tc->indicia == TP_TRI_PICTURES;
	struct tp_tri_style st = {
		tc->indicia, tc->marks, tc->symbol[sr], &tc->pictures.pic[sr], t * 0.008, c->print.safe_mm, 4,
		digit, items ? tp_art_pack_find(c->art, tp_series_symbol_place(sr)) : NULL,
		tp_art_pack_find(c->art, tp_series_value_place(sr, f->v[sr]))
	};
	double A[2], B[2], C[2] = { x + t / 2, y + t / 2 };
	tile_corner(x, y, t, k, A);
	tile_corner(x, y, t, (k + 1) % 4, B);
	if (tc->indicia == TP_TRI_DIGITS && digit <= 0) {
		/* One size for every quadrant of the tile: the top one's. */
		double A0[2], B0[2];
		tile_corner(x, y, t, 0, A0);
		tile_corner(x, y, t, 1, B0);
		if ((st.digit = tp_tri_digit_size(A0, B0, C, &st)) < 0)
			return -1;
	}
	return tp_tri_draw(sc, tp_series_ink(sr), f->v[sr], A, B, C, &st, o);
}

/* One front, laid `turned` half turns.  edge: bit k set when quadrant k's
 * side is on the sheet's edge (marks touching it run on into the bleed). */
static int table_front(struct tp_scene *sc, const struct tp_config *c,
		       const struct tp_table_front *f, int turned, double x, double y, double t, unsigned edge)
{
	const struct tp_table_cfg *tc = tp_table_cfg(c);
	double cn[4][2];
	struct tp_tri_outer o;
	for (int k = 0; k < 4; k++)
		tile_corner(x, y, t, k, cn[k]);
	tp_tri_outer_of(&o, cn, 4, edge, x + t / 2, y + t / 2, sc);
	int rc = 0, pictures = 0;
	for (int k = 0; k < 4; k++)
		pictures |= tp_art_pack_find(c->art, tp_series_value_place(k, f->v[k])) != NULL;
	/* The quadrants' diagonals: between shapes, pictures or numerals, or a
	 * pack's value pictures (the small triangles draw their own). */
	if (tc->indicia != TP_TRI_TRIANGLES || pictures) {
		struct tp_pt d1[2] = { { TP_MOVE, x, y }, { TP_LINE, x + t, y + t } };
		struct tp_pt d2[2] = { { TP_MOVE, x + t, y }, { TP_LINE, x, y + t } };
		rc |= tp_scene_path(sc, TP_INK_LINE, TP_STROKE, t * 0.008, d1, 2);
		rc |= tp_scene_path(sc, TP_INK_LINE, TP_STROKE, t * 0.008, d2, 2);
	}
	double digit = 0;
	if (tc->indicia == TP_TRI_DIGITS) {
		struct tp_tri_style st = { tc->indicia, tc->marks, 0, NULL, t * 0.008, c->print.safe_mm, 4, 0,
					   NULL, NULL };
		double A[2], B[2], C[2] = { x + t / 2, y + t / 2 };
		tile_corner(x, y, t, 0, A);
		tile_corner(x, y, t, 1, B);
		if ((digit = tp_tri_digit_size(A, B, C, &st)) < 0)
			return -1;
	}
	for (int k = 0; k < 4; k++)
		rc |= tp_table_quadrant(sc, c, f, turned, k, x, y, t, &o, digit);
	return rc;
}

/* The tile sheets' step from one tile to the next: the tile, and with
 * print.layout = punchboard two bleeds and a millimetre more, so that the
 * tiles stand apart, each with its own die line and its art run on all
 * round, and imposition moves each whole onto press sheets (a tile cut
 * from a shared-edge gang would take no run-on from its neighbours). */
static double step_of(const struct tp_config *c)
{
	double t = c->print.tile_mm;
	return tp_layout_apart(c->print.layout) ? t + 2 * c->print.bleed_mm + 1 : t;
}

static int build_fronts(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_table *tb = model;
	double t = c->print.tile_mm, st = step_of(c), side = (TP_TABLE_N - 1) * st + t;
	int N = TP_TABLE_N, apart = st > t;
	struct tp_scene *sc = new_sheet(c, "fronts", side, side, 7);
	if (tp_doc_add(doc, sc, NULL) != 0)
		return -1;
	for (int r = 0; r < N; r++)
		for (int col = 0; col < N; col++) {
			unsigned edge = apart ? 0xfu
					      : (unsigned)((r == 0) | (col == N - 1) << 1 |
							   (r == N - 1) << 2 | (col == 0) << 3);
			if (table_front(sc, c, &tb->tile[r * N + col], 0, col * st, r * st, t, edge) != 0)
				return -1;
			if (apart && tp_die_rect(sc, col * st, r * st, t, t, TP_DIE_STROKE_MM) != 0)
				return -1;
		}
	/* Tiles share their edges: one grid of lines cuts each edge once. */
	if (!apart && tp_die_grid(sc, 0, 0, N, N, t, t, TP_DIE_STROKE_MM) != 0)
		return -1;
	tp_sheet_bleed(sc);
	return 0;
}

/* The frame of a back: in from the tile's edge. */
static double back_in(const struct tp_config *c)
{
	double t = c->print.tile_mm;
	return c->print.safe_mm > 0 ? fmax(t * 0.08, c->print.safe_mm + 0.05 + t * 0.01) : t * 0.08;
}

/* backs.logo: inside the frame, clear of it by 6 % of the tile. */
static double logo_in(const struct tp_config *c)
{
	return back_in(c) + 0.06 * c->print.tile_mm;
}

/* The places: with shapes or pictures the series' symbols, at the 5-3-1
 * places; a picture per value (series.lateral.1 ...), in its quadrant,
 * with any indicia; the backs' logo. */
size_t tp_table_art_places(const struct tp_config *c, struct tp_art_place *out, size_t max)
{
	const struct tp_table_cfg *tc = tp_table_cfg(c);
	double t = c->print.tile_mm, A[2] = { 0, 0 }, B[2] = { t, 0 }, C[2] = { t / 2, t / 2 }, box[3];
	struct tp_tri_style st = { tc->indicia, tc->marks, 0, NULL, t * 0.008, c->print.safe_mm, 4, 0,
				   NULL, NULL };
	size_t n = 0;
	if (tc->indicia == TP_TRI_SHAPES || tc->indicia == TP_TRI_PICTURES) {
		double side = tp_tri_symbol_side(A, B, C, &st);
		for (int k = 0; k < TP_N_SERIES && n < max; k++)
			out[n++] = (struct tp_art_place){
				tp_series_symbol_place(k),
				"the series' symbol, at each of the element's 5-3-1 places in its quadrants, instead of the shape or picture",
				side, side };
	}
	tp_tri_value_box(A, B, C, &st, box);
	for (int k = 0; k < TP_N_SERIES; k++)
		for (int v = 1; v <= 9 && n < max && box[2] > 0; v++)
			out[n++] = (struct tp_art_place){
				tp_series_value_place(k, v),
				"this value's picture, in the series' quadrants of that value, instead of the indicia (all nine or none)",
				box[2], box[2] };
	double s = t - 2 * logo_in(c);
	if (n < max && s >= 1)
		out[n++] = (struct tp_art_place){ "backs.logo", "a logo on every tile back, inside its frame", s, s };
	return n;
}

/* [0063]: the tiles are dealt face down, so every back is the same plain
 * frame; mirrored for work-and-turn like the other sets' backs.  Under a
 * factory's safe zone (print.safe_mm) the frame keeps it from the cut. */
static int build_backs(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	(void)model;
	double t = c->print.tile_mm, st = step_of(c), side = (TP_TABLE_N - 1) * st + t;
	double in = back_in(c), li = logo_in(c);
	const struct tp_art_item *logo = tp_art_pack_find(c->art, "backs.logo");
	int N = TP_TABLE_N;
	struct tp_scene *sc = new_sheet(c, "backs", side, side, 6);
	if (tp_doc_add(doc, sc, "work-and-turn: mirrored; every back the same") != 0)
		return -1;
	for (int r = 0; r < N; r++)
		for (int col = 0; col < N; col++)
			if (tp_scene_rect(sc, TP_INK_LINE, TP_STROKE, t * 0.02, col * st + in, r * st + in,
					  t - 2 * in, t - 2 * in) != 0 ||
			    (logo && tp_art_item_draw(sc, logo, col * st + li, r * st + li, t - 2 * li,
						      t - 2 * li, 1) != 0))
				return -1;
	tp_sheet_mirror(sc);
	tp_sheet_bleed(sc);
	return 0;
}

static const char *const rules_text[] = {
	"Table set (patent 000, FIG. 7, [0062]-[0068]): 81 tiles, 18 fronts; no board, any smooth surface.",
	"F1-F9: lateral (red) at the top, dots at the left; F10-F18: vertical and lateral change places.",
	"a. All tiles face down. Each player chooses one; the largest red (lateral) count goes first;",
	"   choosing another tile breaks ties. Return and scramble them; the last player turns a tile over.",
	"b. Each player gets twelve tiles and may see only four, the other eight face down.",
	"   Tiles no player chose are the rainbow gathering and also stay face down.",
	"c. Place a tile in series next to the side of a tile on the table, as this layout shows:",
	"   across a quadrant's opposite quadrant its series gains 1, out through its own side it loses 1;",
	"   like colours never meet at a corner along a row or column (* = tile turned half round).",
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
			       "FIG. 7: the table set laid out (tiles at half size; F = front in the manifest, * = turned)");
	double x0 = (W - (N * t + (N - 1) * gap)) / 2;
	for (int r = 0; r < N; r++)
		for (int col = 0; col < N; col++) {
			int i = r * N + col;
			double x = x0 + col * (t + gap), y = y0 + r * slot;
			char lab[16];
			rc |= table_front(sc, c, &tb->tile[i], tb->turned[i], x, y, t, 0);
			rc |= tp_scene_rect(sc, TP_INK_TEXT, TP_STROKE, 0.2, x, y, t, t);
			snprintf(lab, sizeof lab, "F%d%s", tb->front_of[i] + 1, tb->turned[i] ? "*" : "");
			rc |= tp_scene_text(sc, TP_INK_TEXT, x + t / 2, y + t + fs, fs * 0.8, TP_ALIGN_CENTER, lab);
		}
	double yr = y0 + N * slot + 6;
	for (int i = 0; i < nr; i++)
		rc |= tp_scene_text(sc, TP_INK_TEXT, m, yr + i * (fs + 2), fs, TP_ALIGN_LEFT, rules_text[i]);
	return rc ? -1 : 0;
}

/* print.layout = punchboard: the fronts and the backs (the fronts' layout
 * mirrored) hold the tiles apart, each in its trim box (impose_parts.h). */
static int table_parts(const struct tp_config *c, const char *page, struct tp_parts *ps)
{
	int back = strcmp(page, "backs") == 0;
	if (!tp_layout_apart(c->print.layout) || (!back && strcmp(page, "fronts") != 0))
		return 0;
	double t = c->print.tile_mm, st = step_of(c);
	ps->p = tp_calloc(TP_TABLE_TILES, sizeof *ps->p);
	if (ps->p == NULL)
		return -1;
	for (int i = 0; i < TP_TABLE_TILES; i++)
		ps->p[i] = (struct tp_part){ i % TP_TABLE_N * st, i / TP_TABLE_N * st, t, t };
	ps->n = TP_TABLE_TILES;
	ps->bleed = c->print.bleed_mm;
	ps->back = back;
	return 1;
}

const struct tp_sheet_def tp_table_sheets[6 + TP_RULES_N_SHEETS] = {
	{ "fronts", "table set fronts (FIGS. 6-7)", 0, NULL, NULL, build_fronts, NULL, table_parts, NULL, 0 },
	{ "backs", "table set plain backs, mirrored", 0, NULL, NULL, build_backs, NULL, table_parts, "fronts", 1 },
	{ "layout", "table set layout and rules (FIG. 7, [0063]-[0068])", 0, NULL, NULL, build_layout, NULL, NULL, NULL, 0 },
	{ "quadrants", "table set's separable quadrants ([0055], [0060], claim 2)", 0, tp_table_quadrants_absent,
	  NULL, tp_table_build_quadrants, NULL, tp_table_quadrant_parts, NULL, 0 },
	{ "quadrants-backs", "table set's quadrants: backs, mirrored", 0, tp_table_quadrants_absent, NULL,
	  tp_table_build_quadrant_backs, NULL, tp_table_quadrant_parts, "quadrants", 1 },
	{ "quadrants-assembly", "table set's quadrants: four pieces make a tile", 0, tp_table_quadrants_absent,
	  NULL, tp_table_build_quadrant_assembly, NULL, NULL, NULL, 0 },
	TP_RULES_SHEET_DEFS,
};
