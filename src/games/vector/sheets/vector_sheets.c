/* The vector-tiles sheets (geometry contract in vector_sheets.h). */

#include "games/board_wrap.h"
#include "games/rules.h"
#include "games/vector/sheets/vector_sheets.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "games/vector/config/vector_config.h"
#include "print/layout/die.h"
#include "print/layout/impose.h"
#include "print/layout/sheet.h"
#include "print/layout/impose_parts.h"
#include "print/art/symbol.h"
#include "print/art/text_outline.h"

/* Arrow geometry, in tile widths (see vector_sheets.h). */
#define ARROW_FROM 0.06     /* shaft starts this far from the centre */
#define ARROW_ORTHO 0.35    /* tip of n e s w from the centre */
#define ARROW_DIAG 0.33     /* tip of the diagonals: this in x and in y */
#define ARROW_SHAFT 0.05    /* shaft width */
#define HEAD_LEN 0.13       /* arrowhead length along the arrow */
#define HEAD_HALF 0.075     /* arrowhead half width at its base */
#define HUB_R 0.045         /* the dot at the centre the arrows leave from */
#define MARK_W 0.36         /* orientation marker bar */
#define MARK_TOP 0.895
#define MARK_BOTTOM 0.95
#define HOME_STROKE 0.1     /* home outline, of the symbol's width */


/* Unit vectors of the compass points, y down. */
static void compass(int d, double *dx, double *dy)
{
	static const int ux[TP_N_DIRS] = { 0, 1, 1, 1, 0, -1, -1, -1 };
	static const int uy[TP_N_DIRS] = { -1, -1, 0, 1, 1, 1, 0, -1 };
	double len = (ux[d] && uy[d]) ? M_SQRT2 : 1;
	*dx = ux[d] / len;
	*dy = uy[d] / len;
}

static int player_ink(int player)
{
	return TP_VINK_PLAYER1 + (player - 1);
}

/* A sheet with its layers made in drawing order. */
static struct tp_scene *new_sheet(const struct tp_config *c, const char *name, double w, double h,
				  const int *layers, size_t n)
{
	return tp_scene_new_layered(name, w, h, c->print.bleed_mm, &c->print.inks, layers, n);
}

/* ---- the art pack's places (print/art/art_pack.h) ---------------------------- */

#define ART_ARROW_W 0.2    /* vector.arrow's box: this wide, this tall, of t, */
#define ART_ARROW_H 0.38   /* its bottom edge's middle on the tile's centre */
#define ART_BLANK_IN 0.15  /* vector.blank's box: in from the tile's edges, of t */
#define ART_BACK_IN 0.18   /* backs.logo's box: in from the back's edges (clear of the edition mark) */

static const char *const start_place[TP_VEC_MAX_PLAYERS] = {
	"vector.start1", "vector.start2", "vector.start3", "vector.start4",
};
static const char *const home_place[TP_VEC_MAX_PLAYERS] = {
	"vector.home1", "vector.home2", "vector.home3", "vector.home4",
};

/* The top (title) or bottom (credit) ledge band of the board, inside the
 * safe zone, x y w h; 0 when the ledge is too narrow for one (3 mm). */
static int ledge_box(const struct tp_config *c, int bottom, double b[4])
{
	const struct tp_vector_cfg *v = tp_vector(c);
	double W, H, m = fmax(c->print.safe_mm, 1);
	tp_vector_board_size(c, &W, &H);
	double L = v->ledge_mm;
	b[0] = fmax(L, m);
	b[2] = W - 2 * b[0];
	b[1] = bottom ? H - L + 1 : m;
	b[3] = bottom ? L - 1 - m : L - 1 - m;
	return b[2] >= 3 && b[3] >= 3;
}

/* The ledge's corner k (0 top left, then clockwise) inside the safe
 * zone, a square x y w h; 0 when the ledge is too narrow for one (3 mm). */
static int corner_box(const struct tp_config *c, int k, double b[4])
{
	double W, H, m = fmax(c->print.safe_mm, 1), L = tp_vector(c)->ledge_mm;
	tp_vector_board_size(c, &W, &H);
	b[2] = b[3] = L - 2 * m;
	b[0] = k == 1 || k == 2 ? W - L + m : m;
	b[1] = k >= 2 ? H - L + m : m;
	return b[2] >= 3;
}

const char *const tp_vector_art_names[] = {
	"vector.arrow", "vector.start1", "vector.start2", "vector.start3", "vector.start4",
	"vector.home1", "vector.home2", "vector.home3", "vector.home4", "vector.blank",
	"backs.logo", "board.title", "board.credit", "board.corner", NULL,
};

size_t tp_vector_art_places(const struct tp_config *c, struct tp_art_place *out, size_t max)
{
	const struct tp_vector_cfg *v = tp_vector(c);
	double t = c->print.tile_mm, s = v->symbol_pct / 100 * t;
	size_t n = 0;
#define PLACE(nm, wh, w_, h_) if (n < max) out[n++] = (struct tp_art_place){ nm, wh, w_, h_ }
	PLACE("vector.arrow", "one direction's arrow, drawn pointing up from the box's bottom middle (the tile's centre), turned to each direction",
	      ART_ARROW_W * t, ART_ARROW_H * t);
	for (int p = 0; p < TP_VEC_MAX_PLAYERS; p++)
		PLACE(start_place[p], "that player's start symbol (solid), on the start tiles", s, s);
	for (int p = 0; p < TP_VEC_MAX_PLAYERS; p++)
		PLACE(home_place[p], "that player's home symbol (outlined), on the home tiles", s, s);
	PLACE("vector.blank", "art on the blank tiles", t * (1 - 2 * ART_BLANK_IN), t * (1 - 2 * ART_BLANK_IN));
	double in = fmax(c->print.safe_mm, ART_BACK_IN * t);
	PLACE("backs.logo", "a logo on every tile back, inside the safe zone, clear of the edition mark",
	      t - 2 * in, t - 2 * in);
	double b[4];
	if (ledge_box(c, 0, b))
		PLACE("board.title", "a title on the board's top ledge", b[2], b[3]);
	if (ledge_box(c, 1, b))
		PLACE("board.credit", "a credit line on the board's bottom ledge", b[2], b[3]);
	if (corner_box(c, 0, b))
		PLACE("board.corner", "art in each corner of the board's ledge, drawn for the top left and turned a quarter clockwise at each next corner",
		      b[2], b[3]);
#undef PLACE
	return n;
}

/* The pack's drawing for place in the box x y w h; 1 drawn, 0 no such
 * place in the pack, -1 out of memory. */
static int art_at(struct tp_scene *sc, const struct tp_config *c, const char *place, double x,
		  double y, double w, double h)
{
	const struct tp_art_item *it = tp_art_pack_find(c->art, place);
	if (it == NULL)
		return 0;
	return tp_art_item_draw(sc, it, x, y, w, h, 0) ? -1 : 1;
}

/* One arrow from the centre (cx, cy) of a tile of side t toward d. */
static int arrow(struct tp_scene *sc, const struct tp_config *c, int d, double cx, double cy,
		 double t)
{
	const struct tp_art_item *it = tp_art_pack_find(c->art, "vector.arrow");
	if (it)
		return tp_art_item_draw_about(sc, it, cx - ART_ARROW_W * t / 2, cy - ART_ARROW_H * t,
					      ART_ARROW_W * t, ART_ARROW_H * t, 0, 45.0 * d, cx, cy);
	double ux, uy;
	compass(d, &ux, &uy);
	double len = (d % 2 ? ARROW_DIAG * M_SQRT2 : ARROW_ORTHO) * t;
	double base = len - HEAD_LEN * t;
	/* The shaft ends inside the head so the two join without a seam. */
	struct tp_pt shaft[2] = {
		{ TP_MOVE, cx + ux * ARROW_FROM * t, cy + uy * ARROW_FROM * t },
		{ TP_LINE, cx + ux * (base + 0.02 * t), cy + uy * (base + 0.02 * t) },
	};
	double px = -uy * HEAD_HALF * t, py = ux * HEAD_HALF * t;
	double head[6] = {
		cx + ux * len, cy + uy * len,
		cx + ux * base + px, cy + uy * base + py,
		cx + ux * base - px, cy + uy * base - py,
	};
	if (tp_scene_path(sc, TP_VINK_VECTORS, TP_STROKE, ARROW_SHAFT * t, shaft, 2) != 0)
		return -1;
	return tp_scene_poly(sc, TP_VINK_VECTORS, TP_FILL, 0, head, 3);
}

/* The face of tile tl with its top-left corner at (x, y). */
static int tile_art(struct tp_scene *sc, const struct tp_config *c, const struct tp_vtile *tl,
		    double x, double y, double t)
{
	const struct tp_vector_cfg *v = tp_vector(c);
	double cx = x + t / 2, cy = y + t / 2;
	if (tp_scene_rect(sc, TP_VINK_FACE, TP_FILL, 0, x, y, t, t) != 0)
		return -1;
	/* The face runs to the cut by design; the arrows and the marker
	 * (which keeps 1 - MARK_BOTTOM of the tile from its edge, 1.25 mm
	 * of a 25 mm tile) keep a factory's safe zone: under one they are
	 * drawn on a smaller tile, centred. */
	tp_scene_flag_last(sc, TP_SHAPE_TO_CUT);
	double room = t - 2 * (c->print.safe_mm + 0.01), art = room / (2 * MARK_BOTTOM - 1);
	if (c->print.safe_mm > 0 && art < t && art > 0) {
		x += (t - art) / 2;
		y += (t - art) / 2;
		t = art;
	}
	double size = v->symbol_pct / 100 * t;
	int sym = tl->player ? v->rules.symbol[tl->player - 1] : 0;
	switch (tl->kind) {
	case TP_VK_VECTOR:
		if (tp_scene_circle(sc, TP_VINK_VECTORS, TP_FILL, 0, cx, cy, HUB_R * t) != 0)
			return -1;
		for (int d = 0; d < TP_N_DIRS; d++)
			if ((tl->dirs & (1u << d)) && arrow(sc, c, d, cx, cy, t) != 0)
				return -1;
		return tp_scene_rect(sc, TP_VINK_MARKER, TP_FILL, 0, cx - MARK_W / 2 * t,
				     y + MARK_TOP * t, MARK_W * t, (MARK_BOTTOM - MARK_TOP) * t);
	case TP_VK_START:
	case TP_VK_HOME: {
		const char *place = NULL;
		if (tl->player >= 1 && tl->player <= TP_VEC_MAX_PLAYERS)
			place = tl->kind == TP_VK_START ? start_place[tl->player - 1]
							: home_place[tl->player - 1];
		int rc = place ? art_at(sc, c, place, cx - size / 2, cy - size / 2, size, size) : 0;
		if (rc != 0)
			return rc < 0 ? -1 : 0;
		if (tl->kind == TP_VK_START)
			return tp_symbol_draw(sc, player_ink(tl->player), TP_FILL, 0, sym, cx, cy, size);
		return tp_symbol_draw(sc, player_ink(tl->player), TP_STROKE, HOME_STROKE * size, sym,
				      cx, cy, size);
	}
	default: {  /* blank: the plain face, or the pack's art */
		double in = ART_BLANK_IN * t;
		return art_at(sc, c, "vector.blank", x + in, y + in, t - 2 * in, t - 2 * in) < 0 ? -1 : 0;
	}
	}
}

static const int tile_layers[] = {
	TP_VINK_FACE, TP_VINK_VECTORS, TP_VINK_MARKER, TP_VINK_PLAYER1, TP_VINK_PLAYER2,
	TP_VINK_PLAYER3, TP_VINK_PLAYER4, TP_INK_CUT,
};

/* Every tile in the order of the pattern, edge to edge, each with its own
 * die square. */
static int build_tiles(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_vector_model *m = model;
	double t = c->print.tile_mm;
	struct tp_scene *sc = new_sheet(c, "tiles", m->cols * t, m->rows * t, tile_layers,
					sizeof tile_layers / sizeof tile_layers[0]);
	if (tp_doc_add(doc, sc, NULL) != 0)
		return -1;
	for (int r = 0; r < m->rows; r++)
		for (int col = 0; col < m->cols; col++)
			if (tile_art(sc, c, &m->grid[(size_t)r * m->cols + col], col * t, r * t, t) != 0)
				return -1;
	/* Ganged tiles share their edges: one grid, each edge cut once. */
	if (tp_die_grid(sc, 0, 0, m->rows, m->cols, t, t, TP_DIE_STROKE_MM) != 0)
		return -1;
	tp_sheet_bleed(sc);
	return 0;
}

/* Plain backs, the same on every tile (so tiles can be drawn face down),
 * mirrored for work-and-turn exactly as the series backs. */
static int build_backs(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_vector_model *m = model;
	const struct tp_vector_cfg *v = tp_vector(c);
	double t = c->print.tile_mm;
	static const int layers[] = { TP_VINK_BACK, TP_VINK_EDITION };
	struct tp_scene *sc = new_sheet(c, "tile-backs", m->cols * t, m->rows * t, layers, 2);
	if (tp_doc_add(doc, sc, "work-and-turn: mirror of the tiles") != 0)
		return -1;
	double fs = 0.08 * t, in = 0.07 * t, in_x = in, in_y = in, g[4];
	/* Under a factory's safe zone the mark's glyphs keep it from their
	 * own tile's cut, on the back as on the front (0.07 t of a 25 mm
	 * tile is 1.75 mm).  Mirrored, the mark is right-aligned at in_x
	 * from the tile's right cut. */
	if (v->edition[0] && c->print.safe_mm > 0 &&
	    tp_text_outline_box(v->edition, 0, 0, fs, TP_ALIGN_RIGHT, g) == 0) {
		in_x = fmax(in, c->print.safe_mm + 0.01 + g[2]);
		in_y = fmax(in, c->print.safe_mm + 0.01 + g[3]);
	}
	for (int r = 0; r < m->rows; r++)
		for (int col = 0; col < m->cols; col++) {
			if (tp_scene_rect(sc, TP_VINK_BACK, TP_FILL, 0, col * t, r * t, t, t) != 0)
				return -1;
			/* The pack's logo, drawn mirrored: the sheet is mirrored
			 * whole below, and the logo then reads right. */
			const struct tp_art_item *logo = tp_art_pack_find(c->art, "backs.logo");
			double li = fmax(c->print.safe_mm, ART_BACK_IN * t);
			if (logo && tp_art_item_draw(sc, logo, col * t + li, r * t + li, t - 2 * li,
						     t - 2 * li, 1) != 0)
				return -1;
			/* Left-aligned at the left as the tiles lie: after the
			 * mirror it sits right-aligned at the right of the back. */
			if (v->edition[0] &&
			    tp_scene_text(sc, TP_VINK_EDITION, col * t + in_x, (r + 1) * t - in_y, fs,
					  TP_ALIGN_LEFT, v->edition) != 0)
				return -1;
		}
	tp_sheet_mirror(sc);
	tp_sheet_bleed(sc);
	return 0;
}

void tp_vector_board_size(const struct tp_config *c, double *w, double *h)
{
	const struct tp_vector_cfg *v = tp_vector(c);
	double edge = 2 * (v->ledge_mm + v->clearance_mm);
	*w = c->board.cols * c->print.tile_mm + edge;
	*h = c->board.rows * c->print.tile_mm + edge;
}

/* The board: ledge band, flat surface, scored grid, the ledge's inner
 * outline.  `extra` mm of paper are added below (the setup caption). */
static struct tp_scene *board_scene(const struct tp_config *c, const char *name, double extra,
				    const int *layers, size_t n_layers)
{
	const struct tp_vector_cfg *v = tp_vector(c);
	double t = c->print.tile_mm, W, H;
	tp_vector_board_size(c, &W, &H);
	struct tp_scene *sc = new_sheet(c, name, W, H + extra, layers, n_layers);
	if (sc == NULL)
		return NULL;
	double L = v->ledge_mm, g = L + v->clearance_mm, lw = 0.02 * t;
	double gw = c->board.cols * t, gh = c->board.rows * t;
	int rc = 0;
	if (L > 0)
		rc |= tp_scene_rect(sc, TP_VINK_LEDGE, TP_FILL, 0, 0, 0, W, H);
	rc |= tp_scene_rect(sc, TP_VINK_BOARD, TP_FILL, 0, L, L, W - 2 * L, H - 2 * L);
	for (int k = 0; k <= c->board.cols; k++) {
		struct tp_pt l[2] = { { TP_MOVE, g + k * t, g }, { TP_LINE, g + k * t, g + gh } };
		rc |= tp_scene_path(sc, TP_VINK_GRID, TP_STROKE, lw, l, 2);
	}
	for (int k = 0; k <= c->board.rows; k++) {
		struct tp_pt l[2] = { { TP_MOVE, g, g + k * t }, { TP_LINE, g + gw, g + k * t } };
		rc |= tp_scene_path(sc, TP_VINK_GRID, TP_STROKE, lw, l, 2);
	}
	if (L > 0)
		rc |= tp_scene_rect(sc, TP_VINK_GRID, TP_STROKE, 2 * lw, L, L, W - 2 * L, H - 2 * L);
	double b[4];
	for (int k = 0; k < 2; k++)
		if (ledge_box(c, k, b))
			rc |= art_at(sc, c, k ? "board.credit" : "board.title", b[0], b[1], b[2], b[3]) < 0;
	const struct tp_art_item *corner = tp_art_pack_find(c->art, "board.corner");
	for (int k = 0; corner && k < 4; k++)
		if (corner_box(c, k, b))
			rc |= tp_art_item_draw_about(sc, corner, b[0], b[1], b[2], b[3], 0, 90.0 * k,
						     b[0] + b[2] / 2, b[1] + b[3] / 2) != 0;
	if (rc) {
		tp_scene_free(sc);
		return NULL;
	}
	return sc;
}

static const int board_layers[] = { TP_VINK_LEDGE, TP_VINK_BOARD, TP_VINK_GRID };

static int build_board(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	(void)model;
	struct tp_scene *sc = board_scene(c, "board", 0, board_layers, 3);
	if (tp_doc_add(doc, sc, NULL) != 0)
		return -1;
	tp_sheet_bleed(sc);
	return 0;
}

/* The set-up caption's font size fs, its left edge and the paper strip
 * under the board for it.  The two lines (baselines 1.5 and 2.9 fs under
 * the board) keep within the play surface's width (g, the ledge and
 * clearance, in from each side; at least fs, or the profile's safe zone),
 * at 3.2 mm or W / 75 or smaller until the wider fits, and the strip
 * leaves at least as much under the second line's descenders: set at the
 * trim's left edge, the caption ran into the cut (0.2 mm from it).  0, or
 * -1 when the text cannot be outlined. */
static int caption_fit(const struct tp_config *c, double W, double g, char line[2][200],
		       double *fs, double *side, double *strip)
{
	double m = fmax(c->print.safe_mm, fmin(3.2, W / 75));
	*fs = fmin(3.2, W / 75);
	*side = fmin(fmax(g, m), W / 4);   /* a tiny board under a wide safe zone */
	/* The glyphs' box, not the anchor: a "T" starts 0.01 mm left of it.
	 * Outlines scale with the size, so one measure fits both lines. */
	double lo = 0, hi = 0;
	for (int i = 0; i < 2; i++) {
		double b[4];
		if (tp_text_outline_box(line[i], 0, 0, *fs, TP_ALIGN_LEFT, b) != 0)
			return -1;
		lo = fmin(lo, b[0]);
		hi = fmax(hi, b[2]);
	}
	double k = fmin(1, (W - 2 * *side) / (hi - lo));
	*fs *= k;
	*side -= lo * k;
	/* DejaVu Sans descends 0.24 em below the baseline. */
	*strip = (2.9 + 0.24) * *fs + m;
	return 0;
}

/* FIG. 2: the board before the vector tiles are laid. */
static int build_setup(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_vector_model *m = model;
	const struct tp_vector_cfg *v = tp_vector(c);
	static const int layers[] = {
		TP_VINK_LEDGE, TP_VINK_BOARD, TP_VINK_GRID, TP_VINK_FACE, TP_VINK_PLAYER1,
		TP_VINK_PLAYER2, TP_VINK_PLAYER3, TP_VINK_PLAYER4, TP_INK_LINE, TP_INK_TEXT,
	};
	double t = c->print.tile_mm, W, H;
	tp_vector_board_size(c, &W, &H);
	double g = v->ledge_mm + v->clearance_mm, piece = v->piece_pct / 100 * t;
	char line[2][200];
	int placed = v->rules.blanks_placed == TP_BLANKS_PLAYERS;
	if (placed) {
		snprintf(line[0], sizeof line[0],
			 "Set-up (FIG. 2): start tiles (filled) on the bottom row, each piece on its start tile; home tiles (outlined) on the top row.");
		snprintf(line[1], sizeof line[1],
			 "Then the players take turns laying the %ld vector tiles, every marker at the bottom, and the %ld blank%s, anywhere.",
			 m->count[TP_VK_VECTOR], m->count[TP_VK_BLANK], m->count[TP_VK_BLANK] == 1 ? "" : "s");
	} else {
		snprintf(line[0], sizeof line[0],
			 "Set-up (FIG. 2): start tiles (filled) on the bottom row, each piece on its start tile; home tiles (outlined) on the top row; %ld blank%s in the centre.",
			 m->count[TP_VK_BLANK], m->count[TP_VK_BLANK] == 1 ? "" : "s");
		snprintf(line[1], sizeof line[1],
			 "Then the players take turns laying the %ld vector tiles on the empty squares, every marker at the bottom.",
			 m->count[TP_VK_VECTOR]);
	}
	double fs, side, strip;
	if (caption_fit(c, W, g, line, &fs, &side, &strip) != 0)
		return -1;
	struct tp_scene *sc = board_scene(c, "setup", strip, layers, sizeof layers / sizeof layers[0]);
	if (tp_doc_add(doc, sc, "set-up of FIG. 2") != 0)
		return -1;
	for (int r = 0; r < m->rows; r++)
		for (int col = 0; col < m->cols; col++) {
			const struct tp_vtile *tl = &m->grid[(size_t)r * m->cols + col];
			double x = g + col * t, y = g + r * t;
			if (tl->kind == TP_VK_VECTOR || (placed && tl->kind == TP_VK_BLANK))
				continue;
			if (tile_art(sc, c, tl, x, y, t) != 0 ||
			    tp_scene_rect(sc, TP_INK_LINE, TP_STROKE, 0.015 * t, x, y, t, t) != 0)
				return -1;
			if (tl->kind == TP_VK_START &&
			    tp_symbol_draw(sc, TP_INK_TEXT, TP_STROKE, 0.012 * t,
					   v->rules.symbol[tl->player - 1], x + t / 2, y + t / 2, piece) != 0)
				return -1;
		}
	for (int i = 0; i < 2; i++)
		if (tp_scene_text(sc, TP_INK_TEXT, side, H + (1.5 + 1.4 * i) * fs, fs, TP_ALIGN_LEFT,
				  line[i]) != 0)
			return -1;
	tp_sheet_bleed(sc);
	return 0;
}

/* The transparent playing pieces as laser/die outlines. */
static int build_pieces(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	(void)model;
	const struct tp_vector_cfg *v = tp_vector(c);
	double t = c->print.tile_mm, size = v->piece_pct / 100 * t;
	/* A tile's pitch, or wider when the profile asks more space between
	 * die lines (print.min_die_gap_mm). */
	double pitch = fmax(t, size + c->print.min_die_gap_mm);
	static const int layers[] = { TP_INK_CUT };
	struct tp_scene *sc = new_sheet(c, "pieces", v->rules.players * pitch, t, layers, 1);
	if (tp_doc_add(doc, sc, NULL) != 0)
		return -1;
	sc->plate = 1;
	for (int p = 0; p < v->rules.players; p++)
		if (tp_symbol_draw(sc, TP_INK_CUT, TP_STROKE, TP_DIE_STROKE_MM, v->rules.symbol[p],
				   (p + 0.5) * pitch, t / 2, size) != 0)
			return -1;
	return 0;
}

/* The pieces stand apart (impose_parts.h): a page larger than
 * print.max_sheet_mm, or a press sheet, takes each whole instead of a
 * panel's seam cutting one open.  Each part is the piece's square box
 * round its symbol, on the pitch build_pieces lays them. */
static int pieces_parts(const struct tp_config *c, const char *page, struct tp_parts *ps)
{
	if (strcmp(page, "pieces") != 0)
		return 0;
	const struct tp_vector_cfg *v = tp_vector(c);
	double t = c->print.tile_mm, size = v->piece_pct / 100 * t;
	double pitch = fmax(t, size + c->print.min_die_gap_mm);
	ps->p = tp_calloc((size_t)v->rules.players + 1, sizeof *ps->p);
	if (ps->p == NULL)
		return -1;
	for (int p = 0; p < v->rules.players; p++)
		ps->p[p] = (struct tp_part){ (p + 0.5) * pitch - size / 2, (t - size) / 2, size, size };
	ps->n = (size_t)v->rules.players;
	ps->bleed = c->print.bleed_mm;
	ps->back = 0;
	return 1;
}

/* Die lines 1:1 with the sheets they cut.  The ganged tiles get straight
 * full-length cuts, so each edge two tiles share is cut once. */
/* The tiles sheet is a gang of rows x cols tiles, its backs the mirrored
 * tile-backs sheet: what print.layout = punchboard imposes. */
static int tiles_grid(const struct tp_config *c, const void *model, struct tp_tile_grid *g)
{
	(void)model;
	g->rows = c->board.rows;
	g->cols = c->board.cols;
	g->tile_w = g->tile_h = c->print.tile_mm;
	g->backs = "tile-backs";
	return 0;
}

static int build_cut(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_vector_model *m = model;
	double t = c->print.tile_mm, W = m->cols * t, H = m->rows * t;
	static const int layers[] = { TP_INK_CUT };
	struct tp_scene *sc = new_sheet(c, "tiles", W, H, layers, 1);
	if (sc == NULL)
		return -1;
	sc->plate = 1;
	if (tp_die_grid(sc, 0, 0, m->rows, m->cols, t, t, TP_DIE_STROKE_MM) != 0) {
		tp_scene_free(sc);
		return -1;
	}
	if (c->print.layout == TP_LAYOUT_PUNCHBOARD) {
		/* Imposed tiles stand apart: a closed rectangle each, per press
		 * sheet, as the tiles sheet is imposed. */
		struct tp_tile_grid g;
		struct tp_press pr;
		tiles_grid(c, model, &g);
		tp_press_of(c, &pr);
		int rc = tp_impose_scene(&pr, &g, sc, 0, "tiles-", doc);
		tp_scene_free(sc);
		if (rc != 0)
			return -1;
	} else if (tp_doc_add(doc, sc, "die lines of tiles (and tile-backs)") != 0) {
		return -1;
	}
	double bw, bh;
	tp_vector_board_size(c, &bw, &bh);
	sc = new_sheet(c, "board", bw, bh, layers, 1);
	if (tp_doc_add(doc, sc, "die line of board") != 0)
		return -1;
	sc->plate = 1;
	return tp_die_rect(sc, 0, 0, bw, bh, TP_DIE_STROKE_MM);
}


const struct tp_sheet_def tp_vector_sheets[TP_VECTOR_N_SHEETS] = {
	{ "tiles", "vector, start, home and blank tiles (FIGS. 5-10)", 0, NULL, NULL, build_tiles,
	  tiles_grid, NULL, NULL, 0 },
	{ "tile-backs", "tile backs, mirrored", 0, NULL, NULL, build_backs, NULL, NULL, "tiles", 1 },
	{ "board", "board (FIG. 1)", 0, NULL, NULL, build_board, NULL, NULL, NULL, 0 },
	{ "setup", "set-up (FIG. 2)", 0, NULL, NULL, build_setup, NULL, NULL, NULL, 0 },
	{ "pieces", "transparent playing pieces (FIGS. 3-4), laser file: die lines only (no marks)", TP_SHEET_PLATE, NULL, NULL, build_pieces, NULL, pieces_parts, NULL, 0 },
	{ "cut", "die lines only (no marks)", 0, NULL, NULL, build_cut, NULL, NULL, NULL, 0 },
	/* The game's own sheets end here: the print run's (the rules
	 * booklet and the box) come last. */
	TP_BOARD_WRAP_SHEET_DEF,
	TP_RULES_SHEET_DEFS,
};
