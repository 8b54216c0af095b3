#include "games/board_wrap.h"
#include "games/rules.h"
#include "games/series/sheets/series_sheets.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "games/series/sheets/series_art.h"
#include "games/series/model/template.h"
#include "print/ink/cvd.h"
#include "print/layout/die.h"
#include "print/layout/sheet.h"

static const int cell_layers[] = {
	TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS, TP_INK_TEXT, TP_INK_LINE,
};

/* Layers are created in drawing order (scene.h), whatever the first tile
 * happens to use first. */
struct tp_scene *tp_series_new_sheet(const struct tp_config *c, const char *name,
				     double w, double h, const int *layers, size_t n)
{
	return tp_scene_new_layered(name, w, h, c->print.bleed_mm, &c->print.inks, layers, n);
}

static int add_page(struct tp_doc *doc, struct tp_scene *sc, const char *note)
{
	return tp_doc_add(doc, sc, note);
}

/* The squares rows r0..r1-1, cols c0..c1-1 of the board (a range of
 * squares, clamped to the board by board_part). */
struct squares {
	int r0, r1, c0, c1;
};

static double sq_x(const struct tp_config *c, const struct tp_pattern *p, int k);
static double sq_y(const struct tp_config *c, const struct tp_pattern *p, int k);

/* The squares k along one axis (across: columns) of pitch t starting at
 * pos(k) (board: the board's squares, else k * t) that lie within one
 * square of [a0, a1): every shape a square's art draws stays within a
 * square of it, so these are all that can reach into [a0, a1). */
static void span(const struct tp_config *c, const struct tp_pattern *p, int across, int board,
		 double a0, double a1, int *k0, int *k1)
{
	int n = across ? p->cols : p->rows;
	double t = board ? tp_series_pitch(c) : c->print.tile_mm;
	*k0 = *k1 = 0;
	if (!(a1 > a0))
		return;
	*k0 = n;
	for (int k = 0; k < n; k++) {
		double at = board ? (across ? sq_x(c, p, k) : sq_y(c, p, k)) : k * t;
		if (at + 2 * t > a0 && at - t < a1) {
			*k0 = k < *k0 ? k : *k0;
			*k1 = k + 1;
		}
	}
	*k0 = *k0 < *k1 ? *k0 : *k1;
}

/* The squares a sheet laid out over the board (board: the board's
 * squares, else tiles) draws for doc: every one, or under a region window
 * (tp_doc.part, sheet.h; the region moved by (dx, dy) onto the board, or
 * mirrored across its width W when W > 0) those that can reach into it,
 * and doc says so. */
static struct squares squares_of(const struct tp_config *c, const struct tp_pattern *p,
				 struct tp_doc *doc, int board, double dx, double dy, double W)
{
	struct squares q = { 0, p->rows, 0, p->cols };
	if (!doc->part)
		return q;
	const double *r = doc->part_r;
	double x0 = r[0] + dx, x1 = r[2] + dx;
	if (W > 0) {
		x0 = W - r[2];
		x1 = W - r[0];
	}
	span(c, p, 1, board, x0, x1, &q.c0, &q.c1);
	span(c, p, 0, board, r[1] + dy, r[3] + dy, &q.r0, &q.r1);
	doc->parted = 1;
	return q;
}

/* FIG. 23: every tile of the played board, front up, with the die lines
 * (under a region window only the tiles near it: squares_of). */
static int build_fronts(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	double t = c->print.tile_mm;
	static const int layers[] = {
		TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS, TP_INK_TEXT,
		TP_INK_LINE, TP_INK_CUT,
	};
	struct squares q = squares_of(c, p, doc, 0, 0, 0, 0);
	struct tp_scene *sc = tp_series_new_sheet(c, "fronts", p->cols * t, p->rows * t, layers, 7);
	if (add_page(doc, sc, NULL) != 0)
		return -1;
	/* A tile clear of the sheet's edge is a placed symbol, one drawing a
	 * front and corner, and its lines drawn in place (a writer joins them
	 * with the neighbours'); a tile on the edge is drawn in place, so that
	 * tp_sheet_bleed grows its edge art.  With an art pack every tile is
	 * drawn in place: its pictures are noted by shape number (print/art). */
	int sym[16][4];
	memset(sym, -1, sizeof sym);
	for (int r = q.r0; r < q.r1; r++)
		for (int col = q.c0; col < q.c1; col++) {
			const struct tp_tile *tl = &p->tiles[(size_t)r * p->cols + col];
			int edge = r == 0 || col == 0 || r == p->rows - 1 || col == p->cols - 1;
			if (edge || c->art || sc->pal.max_tac_pct > 0 || tl->front >= 16 ||
			    tl->corner >= 4) {
				if (tp_series_art_front(sc, c, tl->front, tl->corner, col * t, r * t, t) != 0)
					return -1;
				continue;
			}
			int *k = &sym[tl->front][tl->corner];
			if (*k < 0) {
				if ((*k = tp_scene_symbol_begin(sc)) < 0 ||
				    tp_series_art_front_art(sc, c, tl->front, tl->corner, 0, 0, t) != 0)
					return -1;
				tp_scene_symbol_end(sc);
			}
			if (tp_scene_place_symbol(sc, *k, col * t, r * t) != 0 ||
			    tp_series_art_front_lines(sc, c, tl->front, tl->corner, col * t, r * t, t) != 0)
				return -1;
		}
	/* Tiles share their edges: one grid of lines cuts each edge once. */
	if (tp_die_grid(sc, 0, 0, p->rows, p->cols, t, t, TP_DIE_STROKE_MM) != 0)
		return -1;
	tp_sheet_bleed(sc);
	return 0;
}

/* The backs of the tiles of q as they lie on the board, before turning. */
static struct tp_scene *backs_part(const struct tp_config *c, const struct tp_pattern *p,
				   const char *name, struct squares q)
{
	double t = c->print.tile_mm;
	struct tp_scene *sc = tp_series_new_sheet(c, name, p->cols * t, p->rows * t, cell_layers, 5);
	if (sc == NULL)
		return NULL;
	/* A patent back (hatching, boxes, dots: up to nine shapes) is a
	 * placed symbol, one drawing a series, the sheet's edge too (the
	 * mirror and the bleed take placements).  A colour back is one rect,
	 * no larger than its placement, and is drawn in place; so is every
	 * back with an art pack (its pictures are noted by shape number) or
	 * under an ink limit (overprint.h refuses placements). */
	int place = tp_series(c)->style == TP_STYLE_PATENT && !c->art && sc->pal.max_tac_pct <= 0;
	int sym[TP_N_SERIES];
	for (int k = 0; k < TP_N_SERIES; k++)
		sym[k] = -1;
	for (int r = q.r0; r < q.r1; r++)
		for (int col = q.c0; col < q.c1; col++) {
			int back = p->tiles[(size_t)r * p->cols + col].back;
			int rc;
			if (place && back >= 0 && back < TP_N_SERIES) {
				rc = 0;
				if (sym[back] < 0) {
					rc = (sym[back] = tp_scene_symbol_begin(sc)) < 0 ||
					     tp_series_art_square(sc, c, back, 0, 0, t) != 0;
					tp_scene_symbol_end(sc);
				}
				rc = rc || tp_scene_place_symbol(sc, sym[back], col * t, r * t) != 0;
			} else {
				rc = tp_series_art_square(sc, c, back, col * t, r * t, t) != 0 ||
				     tp_series_art_logo(sc, c, col * t, r * t) != 0;
			}
			if (rc) {
				tp_scene_free(sc);
				return NULL;
			}
		}
	return sc;
}

/* FIG. 24, [0091]: the board image mirrored about the vertical axis, so
 * that after the sheet is turned over that axis each back lies behind its
 * own front.  (A region window is mirrored onto the board: squares_of.) */
static int build_backs(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	struct squares q = squares_of(c, p, doc, 0, 0, 0, p->cols * c->print.tile_mm);
	struct tp_scene *sc = backs_part(c, p, "backs", q);
	if (add_page(doc, sc, "work-and-turn: mirror of the board") != 0)
		return -1;
	tp_sheet_mirror(sc);
	return tp_sheet_bleed(sc);
}

static int label(struct tp_scene *sc, double x, double y, double size, int align,
		 const char *text)
{
	return tp_scene_text(sc, TP_INK_TEXT, x, y, size, align, text);
}

/* FIG. 18: the nine fronts of the spanning patch in their places, enlarged,
 * then all nine at true size. */
static int build_spanning(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	const double m = 10, gx = 10, fs = 3.2, fv = 2.4;
	double t = c->print.tile_mm, E = 3 * t, gap = 5;
	double w_big = 3 * E + 2 * gx, w_small = 9 * t + 8 * gap;
	double W = 2 * m + (w_big > w_small ? w_big : w_small);
	double slot = E + fs + fv + 6;
	double y_big = m + 8, y_small = y_big + 3 * slot + 10;
	double H = y_small + t + fs + 4 + m;
	struct tp_scene *sc = tp_series_new_sheet(c, "spanning-set", W, H, cell_layers, 6);
	if (add_page(doc, sc, NULL) != 0)
		return -1;
	/* The spanning patch is the 3x3 around the board's central 9-tile;
	 * without one (tutorial anchors) the fronts are shown 1..9 in order. */
	int cr = p->span_r, cc = p->span_c;
	char text[160];
	snprintf(text, sizeof text,
		 "Minimal spanning set (FIG. 18): the nine fronts in their places, x3, and at true size (%.1f mm)", t);
	if (label(sc, m, m + 3, fs, TP_ALIGN_LEFT, text) != 0)
		return -1;
	int pos[9][2];
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			int f = 3 * i + j + 1, k = tp_series(c)->rules.board_centre;
			if (p->spanning)
				tp_series_plane_at(p, cr - 1 + i, cc - 1 + j, &f, &k);
			pos[f - 1][0] = k;
			double x = m + (W - 2 * m - w_big) / 2 + j * (E + gx), y = y_big + i * slot;
			if (tp_series_art_front(sc, c, f, k, x, y, E) != 0)
				return -1;
			snprintf(text, sizeof text, "front %d  (lateral corner %s)", f, tp_corner_names[k]);
			if (label(sc, x + E / 2, y + E + fs + 1, fs, TP_ALIGN_CENTER, text) != 0)
				return -1;
			snprintf(text, sizeof text, "lateral %d  boxes %d  vertical %d  dots %d",
				 tp_series_value(tp_series(c)->rules.pairing, TP_LATERAL, f),
				 tp_series_value(tp_series(c)->rules.pairing, TP_BOXES, f),
				 tp_series_value(tp_series(c)->rules.pairing, TP_VERTICAL, f),
				 tp_series_value(tp_series(c)->rules.pairing, TP_DOTS, f));
			if (label(sc, x + E / 2, y + E + fs + fv + 2.5, fv, TP_ALIGN_CENTER, text) != 0)
				return -1;
		}
	for (int f = 1; f <= 9; f++) {
		double x = m + (W - 2 * m - w_small) / 2 + (f - 1) * (t + gap);
		if (tp_series_art_front(sc, c, f, pos[f - 1][0], x, y_small, t) != 0)
			return -1;
		snprintf(text, sizeof text, "%d", f);
		if (label(sc, x + t / 2, y_small + t + fs + 1.5, fs, TP_ALIGN_CENTER, text) != 0)
			return -1;
	}
	return 0;
}

/* Where square k begins across (x, cols) or down (y, rows) the board. */
static double sq_x(const struct tp_config *c, const struct tp_pattern *p, int k)
{
	return tp_series_square_at(c, k, p->cols, c->print.split == TP_SPLIT_COLS);
}

/* Down the board the squares start below the title's ledge, if any. */
static double sq_y(const struct tp_config *c, const struct tp_pattern *p, int k)
{
	double top, bottom;
	tp_series_ledges(c, &top, &bottom);
	return top + tp_series_square_at(c, k, p->rows, c->print.split == TP_SPLIT_ROWS);
}

/* The board's height: its squares and its ledges. */
static double board_height(const struct tp_config *c, const struct tp_pattern *p)
{
	double top, bottom;
	tp_series_ledges(c, &top, &bottom);
	return sq_y(c, p, p->rows) + bottom;
}

/* The grid lines between squares along one axis: at each inner square
 * edge, across the squares (the blind edition's edge bands are left
 * clear; a line stops at the split band, if any).  Only the lines at
 * edges k0 to k1 (the edges of the squares k0..k1-1). */
static int grid_lines(struct tp_scene *sc, const struct tp_config *c, const struct tp_pattern *p,
		      int vertical, double lw, int k0, int k1)
{
	int n = vertical ? p->cols : p->rows, m = vertical ? p->rows : p->cols;
	int split = c->print.split == (vertical ? TP_SPLIT_ROWS : TP_SPLIT_COLS) &&
		    tp_series_edge(c) > 0;
	double t = tp_series_pitch(c);
	int rc = 0;
	for (int k = k0 > 1 ? k0 : 1; k < n && k <= k1; k++) {
		double at = vertical ? sq_x(c, p, k) : sq_y(c, p, k);
		for (int h = 0; h <= split; h++) {
			int from = split && h ? m / 2 : 0, to = split && !h ? m / 2 : m;
			double a = vertical ? sq_y(c, p, from) : sq_x(c, p, from);
			double b = (vertical ? sq_y(c, p, to - 1) : sq_x(c, p, to - 1)) + t;
			if (tp_series_edge(c) == 0) {
				/* the other editions: edge to edge, or to the ledges */
				a = vertical ? sq_y(c, p, 0) : 0;
				b = vertical ? sq_y(c, p, m) : sq_x(c, p, m);
			}
			struct tp_pt l[2] = { { TP_MOVE, vertical ? at : a, vertical ? a : at },
					      { TP_LINE, vertical ? at : b, vertical ? b : at } };
			rc |= tp_scene_path(sc, TP_INK_LINE, TP_STROKE, lw, l, 2);
		}
	}
	return rc;
}

/* FIG. 20 (or FIG. 19 in the tutorial edition): the board squares, grid
 * lines, and the anchor squares outlined for assembly.  Squares are
 * tp_series_pitch() apart: the tile size, or the blind edition's pockets
 * and ribs (the grid lines run along the ribs), which also has a band of
 * board at its edges and the half split (tp_series_square_at).  Only the
 * art of the squares in q (and the grid lines along them) is drawn, on a
 * page the size of the whole board: the shapes are the whole board's, in
 * its order, so a crop inside q shows exactly what the same crop of the
 * whole board shows (build_pieces), in memory the size of q. */
/* The ink of an anchor's halo: of the text ink and the game's inks, the
 * one whose least WCAG contrast with the colours under the outline (the
 * filled rects under the midpoints of its four sides and its corners, or
 * paper) is the greatest; the orange outline and its halo are then seen
 * on any square. */
static int anchor_halo(const struct tp_scene *sc, double x, double y, double w)
{
	static const double paper[3] = { 1, 1, 1 };
	const double pts[8][2] = { { x + w / 2, y }, { x + w, y + w / 2 }, { x + w / 2, y + w },
				   { x, y + w / 2 }, { x, y }, { x + w, y }, { x + w, y + w }, { x, y + w } };
	const double *under[8];
	for (int k = 0; k < 8; k++) {
		under[k] = paper;
		for (size_t i = 0; i < sc->n_shapes; i++) {
			const struct tp_shape *s = &sc->shapes[i];
			if (s->kind == TP_SHAPE_RECT && s->paint == TP_FILL && pts[k][0] >= s->x &&
			    pts[k][0] <= s->x + s->w && pts[k][1] >= s->y && pts[k][1] <= s->y + s->h)
				under[k] = tp_scene_ink(sc, s->ink)->rgb;
		}
	}
	int best = TP_INK_TEXT;
	double most = -1;
	for (size_t i = 0; i < sc->pal.n; i++) {
		int id = tp_ink_id(&sc->pal, i);
		if (id != TP_INK_TEXT && (size_t)id >= sc->pal.n_game)
			continue;
		double least = 1e9;
		for (int k = 0; k < 8; k++)
			least = fmin(least, tp_wcag_contrast(sc->pal.ink[i].rgb, under[k]));
		if (least > most + 1e-9) {
			most = least;
			best = id;
		}
	}
	return best;
}

static struct tp_scene *board_part(const struct tp_config *c, const struct tp_pattern *p,
				   struct squares q)
{
	double t = tp_series_pitch(c);
	static const int layers[] = {
		TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS, TP_INK_TEXT,
		TP_INK_LINE, TP_INK_ASSEMBLY,
	};
	q.r0 = q.r0 < 0 ? 0 : q.r0;
	q.c0 = q.c0 < 0 ? 0 : q.c0;
	q.r1 = q.r1 > p->rows ? p->rows : q.r1;
	q.c1 = q.c1 > p->cols ? p->cols : q.c1;
	double W = sq_x(c, p, p->cols), H = board_height(c, p);
	struct tp_scene *sc = tp_series_new_sheet(c, "board", W, H, layers, 7);
	if (sc == NULL)
		return NULL;
	int rc = 0;
	/* The squares' colours are the board's ground: art to the cut by
	 * design.  Where an edge band lies between the outer squares and
	 * the board's edge (or its half split: the blind edition), a plain
	 * square runs out over it, and on into the bleed at the edge: the
	 * band showed as a white sliver, 0.5 mm inside the cut. */
	size_t first = sc->n_shapes;
	int plain = tp_series(c)->style != TP_STYLE_PATENT && tp_series(c)->cell_mark != TP_MARK_SYMBOL &&
		    tp_series(c)->cell_mark != TP_MARK_PICTURE;
	double e = tp_series_edge(c), bl = c->print.bleed_mm;
	int sr = c->print.split == TP_SPLIT_ROWS, scl = c->print.split == TP_SPLIT_COLS;
	if (p->board)
		for (int r = q.r0; r < q.r1; r++)
			for (int col = q.c0; col < q.c1; col++) {
				int k = p->board[(size_t)r * p->cols + col];
				double x0 = sq_x(c, p, col), y0 = sq_y(c, p, r), x1 = x0 + t, y1 = y0 + t;
				if (!(e > 0 && plain && k != TP_NONE)) {
					rc |= tp_series_art_cell(sc, c, k, x0, y0, t);
					continue;
				}
				x0 -= col == 0 ? e + bl : scl && col == p->cols / 2 ? e : 0;
				x1 += col == p->cols - 1 ? e + bl : scl && col == p->cols / 2 - 1 ? e : 0;
				y0 -= r == 0 ? e + bl : sr && r == p->rows / 2 ? e : 0;
				y1 += r == p->rows - 1 ? e + bl : sr && r == p->rows / 2 - 1 ? e : 0;
				rc |= tp_scene_rect(sc, tp_series_ink(k), TP_FILL, 0, x0, y0, x1 - x0, y1 - y0);
			}
	tp_scene_flag_from(sc, first, TP_SHAPE_TO_CUT);
	double lw = t * 0.012;
	/* The grid lines part the squares' colours, out to the edge band:
	 * the ground's pattern too. */
	first = sc->n_shapes;
	rc |= grid_lines(sc, c, p, 1, lw, q.c0, q.c1) | grid_lines(sc, c, p, 0, lw, q.r0, q.r1);
	tp_scene_flag_from(sc, first, TP_SHAPE_TO_CUT);
	double aw = t * 0.03, in = aw / 2 + t * 0.02;
	for (int r = q.r0; r < q.r1; r++)
		for (int col = q.c0; col < q.c1; col++)
			if (p->tiles[(size_t)r * p->cols + col].anchor) {
				/* A halo under the orange outline, in the ink that
				 * stands out most on the colours under it (orange alone
				 * vanished on red and yellow). */
				double x = sq_x(c, p, col) + in, y = sq_y(c, p, r) + in, w = t - 2 * in;
				/* On the text layer: over the squares and their lines,
				 * under the outline, whatever its ink. */
				rc |= tp_scene_layer(sc, tp_scene_ink(sc, TP_INK_TEXT)->name);
				rc |= tp_scene_rect(sc, anchor_halo(sc, x, y, w), TP_STROKE, 2.5 * aw, x, y, w, w);
				tp_scene_layer_by_ink(sc);
				rc |= tp_scene_rect(sc, TP_INK_ASSEMBLY, TP_STROKE, aw, sq_x(c, p, col) + in,
						    sq_y(c, p, r) + in, t - 2 * in, t - 2 * in);
			}
	double top, bottom;
	tp_series_ledges(c, &top, &bottom);
	if (rc == 0 && top + bottom > 0)
		rc = tp_series_art_ledges(sc, c, top, bottom);
	if (rc) {
		tp_scene_free(sc);
		return NULL;
	}
	tp_sheet_bleed(sc);
	return sc;
}

static int build_board(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	return add_page(doc, board_part(c, p, squares_of(c, p, doc, 1, 0, 0, 0)), NULL);
}

/* The rectangle of half h (0 or 1) of the board, FIG. 21. */
static void half_rect(const struct tp_config *c, const struct tp_pattern *p, int h, double r[4])
{
	/* The split lies midway between the halves' squares (in the blind
	 * edition, each half's edge band on its side). */
	double W = sq_x(c, p, p->cols), H = board_height(c, p);
	if (c->print.split == TP_SPLIT_ROWS) {
		double cut = (sq_y(c, p, p->rows / 2 - 1) + tp_series_pitch(c) + sq_y(c, p, p->rows / 2)) / 2;
		r[0] = 0; r[1] = h ? cut : 0; r[2] = W; r[3] = h ? H - cut : cut;
	} else {
		double cut = (sq_x(c, p, p->cols / 2 - 1) + tp_series_pitch(c) + sq_x(c, p, p->cols / 2)) / 2;
		r[0] = h ? cut : 0; r[1] = 0; r[2] = h ? W - cut : cut; r[3] = H;
	}
}

static const char *const half_names[2] = { "board-half-1", "board-half-2" };
static const char *const half_notes[2][2] = {
	{ "half 1 of 2: top rows", "half 2 of 2: bottom rows" },
	{ "half 1 of 2: left cols", "half 2 of 2: right cols" },
};

/* Each half is its own sheet with bleed on all four sides: across the cut
 * edge the bleed carries the other half's art, so a slightly wide trim
 * still shows the board, not paper. */
static int build_half(const struct tp_config *c, const struct tp_pattern *p, struct tp_doc *doc, int h)
{
	double r[4];
	half_rect(c, p, h, r);
	struct tp_scene *board = board_part(c, p, squares_of(c, p, doc, 1, r[0], r[1], 0));
	if (board == NULL)
		return -1;
	struct tp_scene *sc = tp_sheet_crop(board, half_names[h], r[0], r[1], r[2], r[3]);
	tp_scene_free(board);
	if (add_page(doc, sc, half_notes[c->print.split][h]) != 0)
		return -1;
	/* A half too big for the press sheet is cut between squares (in the
	 * blind edition between pockets): each half's squares start one edge
	 * band in from its trim, across the split too (half_rect). */
	sc->cell_mm = tp_series_pitch(c);
	sc->cell_at[0] = sc->cell_at[1] = tp_series_edge(c);
	/* The half with the title's ledge has its squares below it. */
	double top, bottom;
	tp_series_ledges(c, &top, &bottom);
	if (h == 0 || c->print.split != TP_SPLIT_ROWS)
		sc->cell_at[1] += top;
	return tp_die_rect(sc, 0, 0, r[2], r[3], TP_DIE_STROKE_MM);
}

static int build_half1(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	return build_half(c, p, doc, 0);
}

static int build_half2(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	return build_half(c, p, doc, 1);
}

/* Claim 18, [0086]: the board cut into (rows/6) x (cols/6) pieces, each an
 * enlarged spanning-set tile, so that they can be the tiles of the next
 * level's board.  Each piece is cut from the board's art of its own
 * squares and a ring of PIECE_RING squares round them (board_part), so a
 * piece costs what it shows and the whole board is never in memory; the
 * pieces are made one at a time when the caller asks for a window
 * (tp_doc). */
#define PIECE_RING 1
static int add_piece(const struct tp_config *c, const struct tp_pattern *p, int i, int j,
		     struct tp_doc *doc)
{
	double t = tp_series_pitch(c);
	char name[40], note[160];
	int f, k;
	tp_series_plane_at(p, p->patch_r0 + i, p->patch_c0 + j, &f, &k);
	snprintf(name, sizeof name, "piece-%d-%d", i + 1, j + 1);
	snprintf(note, sizeof note, "piece row %d/%d col %d/%d: front %d, lateral corner %s",
		 i + 1, p->patch_rows, j + 1, p->patch_cols, f, tp_corner_names[k]);
	/* Six squares each way, from the board's squares (a piece across the
	 * blind edition's half split takes its band). */
	double x = sq_x(c, p, 6 * j), y = sq_y(c, p, 6 * i);
	double w = sq_x(c, p, 6 * j + 5) + t - x, h = sq_y(c, p, 6 * i + 5) + t - y;
	struct squares q = { 6 * i - PIECE_RING, 6 * i + 6 + PIECE_RING,
			     6 * j - PIECE_RING, 6 * j + 6 + PIECE_RING };
	struct tp_scene *part = board_part(c, p, q);
	if (part == NULL)
		return -1;
	struct tp_scene *sc = tp_sheet_crop(part, name, x, y, w, h);
	tp_scene_free(part);
	if (add_page(doc, sc, note) != 0)
		return -1;
	return tp_die_rect(sc, 0, 0, w, h, TP_DIE_STROKE_MM);
}

static int build_pieces(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	size_t n = (size_t)p->patch_rows * (size_t)p->patch_cols, from = 0, to = n;
	if (doc->win_n > 0) {
		from = doc->win_from < n ? doc->win_from : n;
		to = doc->win_n < n - from ? from + doc->win_n : n;
		doc->total = n;
	}
	for (size_t k = from; k < to; k++)
		if (add_piece(c, p, (int)(k / (size_t)p->patch_cols), (int)(k % (size_t)p->patch_cols),
			      doc) != 0)
			return -1;
	return 0;
}

/* The tile sheets as gangs for print.layout = punchboard: rows x cols
 * tiles of tile_mm; the fronts' backs (and the emboss plate's) are the
 * mirrored back sheets, in every edition that has backs. */
static int grid(const struct tp_config *c, const void *model, struct tp_tile_grid *g,
		const char *backs)
{
	const struct tp_pattern *p = model;
	g->rows = p ? p->rows : 0;
	g->cols = p ? p->cols : 0;
	g->tile_w = g->tile_h = c->print.tile_mm;
	g->backs = tp_series(c)->rules.backs ? backs : NULL;
	return 0;
}

static int fronts_tiles(const struct tp_config *c, const void *model, struct tp_tile_grid *g)
{
	return grid(c, model, g, "backs");
}

static int emboss_tiles(const struct tp_config *c, const void *model, struct tp_tile_grid *g)
{
	return grid(c, model, g, "emboss-backs");
}

/* One page of the cut sheet: the die grid of a gang (die(c, p, arg, sc)
 * draws it), as its sheet lays it out, or with print.layout = punchboard
 * one page per press sheet of it, "STEM-sheet-K", a closed rectangle per
 * piece. */
static int cut_gang(const struct tp_config *c, const struct tp_pattern *p, struct tp_doc *doc,
		    const char *name, double w, double h, const struct tp_tile_grid *g,
		    int (*die)(const struct tp_config *, const struct tp_pattern *, int, struct tp_scene *),
		    int arg)
{
	static const int layers[] = { TP_INK_CUT };
	struct tp_scene *sc = tp_series_new_sheet(c, name, w, h, layers, 1);
	if (sc == NULL)
		return -1;
	sc->plate = 1;
	char what[80];
	snprintf(what, sizeof what, "die lines of %s", name);
	if (die(c, p, arg, sc) != 0) {
		tp_scene_free(sc);
		return -1;
	}
	if (c->print.layout != TP_LAYOUT_PUNCHBOARD)
		return add_page(doc, sc, what);
	struct tp_press pr;
	char stem[80];
	size_t first = doc->n;
	tp_press_of(c, &pr);
	snprintf(stem, sizeof stem, "%s-", name);
	int rc = tp_impose_scene(&pr, g, sc, 0, stem, doc);
	tp_scene_free(sc);
	for (size_t k = first; rc == 0 && k < doc->n; k++)
		snprintf(doc->pages[k].note, sizeof doc->pages[k].note,
			 "die lines of %s press sheet %zu of %zu", name, k - first + 1, doc->n - first);
	return rc;
}

static int die_fronts(const struct tp_config *c, const struct tp_pattern *p, int arg,
		      struct tp_scene *sc)
{
	double t = c->print.tile_mm;
	if (arg == 1)   /* the quadrants: half the pitch */
		return tp_die_grid(sc, 0, 0, 2 * p->rows, 2 * p->cols, t / 2, t / 2, TP_DIE_STROKE_MM);
	return tp_die_grid(sc, 0, 0, p->rows, p->cols, t, t, TP_DIE_STROKE_MM);
}

static int die_batch(const struct tp_config *c, const struct tp_pattern *p, int b,
		     struct tp_scene *sc)
{
	return tp_series_batch_cut(c, p, b, sc);
}

/* The die lines alone, one page per sheet they cut, each 1:1 with it:
 * the fronts as one grid (each shared edge cut once; with solid tiles one
 * grid per batch), the quadrants when built, each board half as its
 * closed outline.  With print.layout = punchboard the tiles stand apart:
 * one page per press sheet of fronts, "fronts-sheet-K", a closed
 * rectangle per tile. */
static int build_cut(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	double t = c->print.tile_mm;
	static const int layers[] = { TP_INK_CUT };
	struct tp_tile_grid g;
	char why[300];
	int rc = 0;
	if (!tp_series_solid(c)) {
		fronts_tiles(c, p, &g);
		rc = cut_gang(c, p, doc, "fronts", p->cols * t, p->rows * t, &g, die_fronts, 0);
	}
	for (int b = 0; rc == 0 && tp_series_solid(c) && b < TP_SERIES_BATCHES; b++) {
		const char *name = tp_series_batch_sheet[b];
		const struct tp_sheet_def *d = tp_game_sheet(c->game, name);
		double w, h;
		if (d == NULL || d->absent(c, name, why, sizeof why))
			continue;
		d->tiles(c, p, &g);
		tp_series_batch_size(c, p, b, &w, &h);
		rc = cut_gang(c, p, doc, name, w, h, &g, die_batch, b);
	}
	if (rc == 0 && tp_series(c)->quadrants) {
		tp_series_quadrant_tiles(c, p, &g);
		rc = cut_gang(c, p, doc, "quadrants", p->cols * t, p->rows * t, &g, die_fronts, 1);
	}
	if (rc != 0)
		return -1;
	for (int h = 0; c->print.split != TP_SPLIT_NONE && h < 2; h++) {
		double r[4];
		half_rect(c, p, h, r);
		struct tp_scene *sc = tp_series_new_sheet(c, half_names[h], r[2], r[3], layers, 1);
		if (add_page(doc, sc, h ? "die line of board-half-2" : "die line of board-half-1") != 0)
			return -1;
		sc->plate = 1;
		if (tp_die_rect(sc, 0, 0, r[2], r[3], TP_DIE_STROKE_MM) != 0)
			return -1;
	}
	return 0;
}

/* Sheets that follow the board image: none in the tutorial edition. */
static int no_backs(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	if (tp_series(c)->rules.backs)
		return 0;
	snprintf(why, n, "the tutorial edition (series.backs = off) has no %s", sheet);
	return 1;
}

/* The backs: none in the tutorial edition, nor for solid tiles. */
static int no_printed_backs(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	return no_backs(c, sheet, why, n) || tp_series_printed_absent(c, sheet, why, n);
}

static int no_plates(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	if (no_backs(c, sheet, why, n))
		return 1;
	if (tp_series(c)->emboss.plates)
		return 0;
	snprintf(why, n, "%s is a blind-edition plate; set emboss.plates = on (see config/series-blind.ini)",
		 sheet);
	return 1;
}

static int no_halves(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	if (c->print.split != TP_SPLIT_NONE)
		return 0;
	snprintf(why, n, "print.split = none prints the board whole, so there is no %s", sheet);
	return 1;
}

/* The templates proof shows every installed template: read them all
 * before the first file is written. */
static int read_installed(struct tp_config *c, tp_err *e)
{
	struct tp_series_cfg *s = c->game_cfg;
	if (s->installed)
		return TP_OK;
	int rc = tp_template_list(&s->installed, &s->n_installed, e);
	if (rc != TP_OK || s->digits)
		return rc;
	/* The config's own template, given by path, is shown too. */
	for (size_t i = 0; i < s->n_installed; i++)
		if (strcmp(s->installed[i].name, s->tpl.name) == 0 &&
		    memcmp(s->installed[i].cell, s->tpl.cell, sizeof s->tpl.cell) == 0)
			return TP_OK;
	struct tp_template *more = tp_realloc(s->installed, (s->n_installed + 1) * sizeof *more);
	if (more == NULL)
		return tp_fail(e, TP_EIO, "out of memory reading the templates");
	s->installed = more;
	s->installed[s->n_installed++] = s->tpl;
	return TP_OK;
}

const struct tp_sheet_def tp_series_sheets[TP_SERIES_N_SHEETS] = {
	{ "fronts", "tile fronts (FIG. 23)", 0, tp_series_printed_absent, NULL, build_fronts, fronts_tiles, NULL, NULL, 0 },
	{ "backs", "tile backs, mirrored (FIG. 24)", 0, no_printed_backs, NULL, build_backs, NULL, NULL, "fronts", 1 },
	{ "spanning-set", "minimal spanning set (FIG. 18)", 0, NULL, NULL, build_spanning, NULL, NULL, NULL, 0 },
	{ "board", "board (FIG. 20)", 0, NULL, NULL, build_board, NULL, NULL, NULL, 0 },
	{ "board-half-1", "board half 1 (FIG. 21)", 0, no_halves, NULL, build_half1, NULL, NULL, NULL, 0 },
	{ "board-half-2", "board half 2 (FIG. 21)", 0, no_halves, NULL, build_half2, NULL, NULL, NULL, 0 },
	{ "board-pieces", "board pieces (claim 18)", 0, no_backs, NULL, build_pieces, NULL, NULL, NULL, 0 },
	{ "cut", "die lines only (no marks)", 0, NULL, NULL, build_cut, NULL, NULL, NULL, 0 },
	{ "templates", "indicia templates proof", 0, NULL, read_installed, tp_series_templates, NULL, NULL, NULL, 0 },
	{ "emboss-fronts", "emboss plate for the fronts ([0079])", TP_SHEET_PLATE, no_plates, NULL,
	  tp_series_emboss_fronts, emboss_tiles, NULL, "fronts", 0 },
	{ "emboss-backs", "emboss plate for the backs, mirrored ([0103])", TP_SHEET_PLATE, no_plates,
	  NULL, tp_series_emboss_backs, NULL, NULL, "fronts", 1 },
	{ "board-recess", "board recess plate ([0103], claim 20)", TP_SHEET_PLATE, no_plates, NULL,
	  tp_series_board_recess, NULL, NULL, NULL, 0 },
	{ "fronts-lateral", "solid tiles' fronts: lateral batch ([0092])", 0, tp_series_batch_absent, NULL,
	  tp_series_build_fronts_lateral, tp_series_tiles_fronts_lateral, NULL, NULL, 0 },
	{ "fronts-vertical", "solid tiles' fronts: vertical batch ([0092])", 0, tp_series_batch_absent, NULL,
	  tp_series_build_fronts_vertical, tp_series_tiles_fronts_vertical, NULL, NULL, 0 },
	{ "fronts-boxes", "solid tiles' fronts: boxes batch ([0092])", 0, tp_series_batch_absent, NULL,
	  tp_series_build_fronts_boxes, tp_series_tiles_fronts_boxes, NULL, NULL, 0 },
	{ "fronts-dots", "solid tiles' fronts: dots batch ([0092])", 0, tp_series_batch_absent, NULL,
	  tp_series_build_fronts_dots, tp_series_tiles_fronts_dots, NULL, NULL, 0 },
	{ "fronts-unmarked", "solid tiles' fronts: unmarked batch ([0092])", 0, tp_series_batch_absent, NULL,
	  tp_series_build_fronts_unmarked, tp_series_tiles_fronts_unmarked, NULL, NULL, 0 },
	{ "quadrants", "separable quadrants: the tiles' quadrants as pieces ([0055], claim 2)", 0,
	  tp_series_quadrants_absent, NULL, tp_series_build_quadrants, tp_series_quadrant_tiles, NULL, NULL, 0 },
	{ "quadrants-backs", "separable quadrants: backs, mirrored", 0, tp_series_quadrants_absent, NULL,
	  tp_series_build_quadrant_backs, NULL, NULL, "quadrants", 1 },
	{ "quadrants-assembly", "separable quadrants: four pieces make a tile", 0, tp_series_quadrants_absent,
	  NULL, tp_series_build_quadrant_assembly, NULL, NULL, NULL, 0 },
	/* The game's own sheets end here: the print run's (the rules
	 * booklet and the box) come last. */
	TP_BOARD_WRAP_SHEET_DEF,
	TP_RULES_SHEET_DEFS,
};
