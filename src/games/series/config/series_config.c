/* The series tiles' config keys, defaults and cross-checks. */

#include "games/series/config/series_config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/series/model/template.h"
#include "print/art/symbol.h"

/* ---- parsers for the keys the engine has no type for ---------------------- */

static int series_of(const char *s, size_t n)
{
	for (int i = 0; i < TP_N_SERIES; i++)
		if (strlen(tp_series_names[i]) == n && strncmp(s, tp_series_names[i], n) == 0)
			return i;
	return -1;
}

static int parse_pairing(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			 char *why, size_t n)
{
	(void)k;
	struct tp_series_cfg *s = x->game;
	char *end;
	errno = 0;
	long v = strtol(value, &end, 10);
	if (end == value || *end || errno) {
		snprintf(why, n, "not a whole number; allowed: 2, 4, 5 or 7");
		return -1;
	}
	if (v == 1 || v == 8) {
		snprintf(why, n, "admits no spanning set: boxes would repeat lateral or vertical, so no 9-tile has nine distinct fronts around it; allowed: 2, 4, 5 or 7");
		return -1;
	}
	if (v != 2 && v != 4 && v != 5 && v != 7) {
		snprintf(why, n, "not allowed; boxes = pairing x lateral mod 9 must run through 1..9, so allowed: 2, 4, 5 or 7");
		return -1;
	}
	s->rules.pairing = (int)v;
	return 0;
}

static int parse_cycle(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		       char *why, size_t n)
{
	(void)k;
	struct tp_series_cfg *s = x->game;
	int cyc[4], m = 0;
	unsigned seen = 0;
	const char *p = value;
	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			break;
		size_t len = strcspn(p, " \t,");
		int sr = series_of(p, len);
		if (sr < 0 || m == 4 || (seen & (1u << sr))) {
			snprintf(why, n, "must name each of lateral, boxes, vertical and dots once, clockwise from the lateral corner");
			return -1;
		}
		seen |= 1u << sr;
		cyc[m++] = sr;
		p += len;
	}
	if (m != 4 || cyc[0] != TP_LATERAL) {
		snprintf(why, n, "must start with lateral and name boxes, vertical and dots once each, clockwise");
		return -1;
	}
	if (cyc[2] != TP_VERTICAL) {
		snprintf(why, n, "lateral must be opposite vertical and boxes opposite dots (pairs sum to 9, [0074]); allowed: lateral dots vertical boxes, or lateral boxes vertical dots");
		return -1;
	}
	memcpy(s->rules.cycle, cyc, sizeof cyc);
	return 0;
}

static int parse_indicia(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			 char *why, size_t n)
{
	(void)k;
	struct tp_series_cfg *s = x->game;
	if (value[0] == '\0') {
		snprintf(why, n, "empty; give a template name such as spiral-cw, or a path");
		return -1;
	}
	if (strlen(value) >= sizeof s->indicia) {
		snprintf(why, n, "too long; at most %zu bytes", sizeof s->indicia - 1);
		return -1;
	}
	snprintf(s->indicia, sizeof s->indicia, "%s", value);
	return 0;
}

static int parse_backs(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		       char *why, size_t n)
{
	(void)k;
	struct tp_series_cfg *s = x->game;
	if (strcmp(value, "on") != 0 && strcmp(value, "off") != 0) {
		snprintf(why, n, "allowed: on, or off (tutorial edition)");
		return -1;
	}
	s->rules.backs = value[1] == 'n';
	return 0;
}

static int corner_of(const char *s)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(s, tp_corner_names[i]) == 0)
			return i;
	return -1;
}

static int whole(const char *s, long *v)
{
	char *end;
	errno = 0;
	*v = strtol(s, &end, 10);
	return end == s || *end || errno ? -1 : 0;
}

static int parse_anchor(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			char *why, size_t n)
{
	(void)k;
	struct tp_series_cfg *s = x->game;
	struct tp_rules *r = &s->rules;
	char rs[32], cs[32], fs[32], corner[16], extra[2];
	long row, col, front;
	if (sscanf(value, "%31s %31s %31s %15s %1s", rs, cs, fs, corner, extra) != 4) {
		snprintf(why, n, "expected 'row col front corner', e.g. 5 5 2 se (rows and cols 1-based)");
		return -1;
	}
	if (whole(rs, &row) != 0 || whole(cs, &col) != 0) {
		snprintf(why, n, "row and col must be whole numbers, 1-based");
		return -1;
	}
	if (row < 1 || col < 1 || row > TP_MAX_BOARD || col > TP_MAX_BOARD) {
		snprintf(why, n, "square is off the board; rows and cols count from 1");
		return -1;
	}
	if (whole(fs, &front) != 0 || front < 1 || front > 9) {
		snprintf(why, n, "front must be 1..9 (the tile's lateral value)");
		return -1;
	}
	int kc = corner_of(corner);
	if (kc < 0) {
		snprintf(why, n, "lateral corner must be nw, ne, se or sw");
		return -1;
	}
	/* Anchors come as a set: the file's replace the built-in ones, and
	 * --set series.anchor replaces the file's as a whole. */
	if (x->first) {
		const struct tp_config *c = x->core;
		r->n_anchors = 0;
		snprintf(r->anchors_source, sizeof r->anchors_source, "%s",
			 x->from_set ? "--set series.anchor" : c->path);
	}
	if (r->n_anchors >= TP_MAX_ANCHORS) {
		snprintf(why, n, "too many anchors; at most %d", TP_MAX_ANCHORS);
		return -1;
	}
	struct tp_anchor *a = &r->anchors[r->n_anchors++];
	a->row = (int)row - 1;
	a->col = (int)col - 1;
	a->front = (int)front;
	a->corner = kc;
	snprintf(a->where, sizeof a->where, "%s", x->where);
	return 0;
}

/* ---- the values held, as config text (the build record) ------------------ */

static void format_pairing(const struct tp_key *k, const void *core, const void *game,
			   struct tp_buf *b)
{
	(void)k;
	(void)core;
	tp_buf_printf(b, "%d", ((const struct tp_series_cfg *)game)->rules.pairing);
}

static void format_cycle(const struct tp_key *k, const void *core, const void *game,
			 struct tp_buf *b)
{
	(void)k;
	(void)core;
	const struct tp_series_cfg *s = game;
	for (int i = 0; i < 4; i++)
		tp_buf_printf(b, "%s%s", i ? " " : "", tp_series_names[s->rules.cycle[i]]);
}

static void format_indicia(const struct tp_key *k, const void *core, const void *game,
			   struct tp_buf *b)
{
	(void)k;
	(void)core;
	const struct tp_series_cfg *s = game;
	tp_buf_printf(b, "%s", s->digits ? "digits" : s->indicia);
}

static void format_backs(const struct tp_key *k, const void *core, const void *game,
			 struct tp_buf *b)
{
	(void)k;
	(void)core;
	tp_buf_printf(b, "%s", ((const struct tp_series_cfg *)game)->rules.backs ? "on" : "off");
}

/* Every anchor, "; " between them (the file has one line each). */
static void format_anchors(const struct tp_key *k, const void *core, const void *game,
			   struct tp_buf *b)
{
	(void)k;
	(void)core;
	const struct tp_rules *r = &((const struct tp_series_cfg *)game)->rules;
	for (int i = 0; i < r->n_anchors; i++)
		tp_buf_printf(b, "%s%d %d %d %s", i ? "; " : "", r->anchors[i].row + 1,
			      r->anchors[i].col + 1, r->anchors[i].front,
			      tp_corner_names[r->anchors[i].corner]);
}

/* ---- the table ----------------------------------------------------------- */

static const struct tp_enum_name corner_names[] = {
	{ "nw", TP_NW }, { "ne", TP_NE }, { "se", TP_SE }, { "sw", TP_SW }, { NULL, 0 },
};
static const struct tp_enum_name style_names[] = {
	{ "colour", TP_STYLE_COLOUR }, { "patent", TP_STYLE_PATENT }, { "color", TP_STYLE_COLOUR },
	{ NULL, 0 },
};
static const struct tp_enum_name cell_mark_names[] = {
	{ "fill", TP_MARK_FILL }, { "symbol", TP_MARK_SYMBOL }, { "picture", TP_MARK_PICTURE },
	{ NULL, 0 },
};
static const struct tp_enum_name body_names[] = {
	{ "printed", TP_BODY_PRINTED }, { "solid", TP_BODY_SOLID }, { NULL, 0 },
};
static const struct tp_enum_name symbol_names[] = {
	{ "circle", TP_SYM_CIRCLE }, { "square", TP_SYM_SQUARE }, { "hexagon", TP_SYM_HEXAGON },
	{ "octagon", TP_SYM_OCTAGON }, { NULL, 0 },
};

#define SER(sec, nm, type, field) sec, nm, type, TP_HOME_GAME, 0, offsetof(struct tp_series_cfg, field)
#define EMB_SYMBOL_MIN 0.1   /* symbol_mm and back_symbol_mm at least */
#define EMB_LEN(nm, field, low, text) \
	{ SER("emboss", nm, TP_KEY_LEN, emboss.field), .lo = low, .hi = 1000, .help = text }

const struct tp_key tp_series_keys[TP_SERIES_N_KEYS] = {
	{ SER("series", "pairing", TP_KEY_CUSTOM, rules.pairing), .parse = parse_pairing, .format = format_pairing,
	  .help = "boxes = pairing x lateral (mod 9): 2, 4, 5 or 7" },
	{ SER("series", "cycle", TP_KEY_CUSTOM, rules.cycle), .parse = parse_cycle, .format = format_cycle,
	  .help = "series clockwise from the lateral corner" },
	{ SER("series", "indicia", TP_KEY_CUSTOM, indicia), .parse = parse_indicia, .format = format_indicia,
	  .help = "a template name in templates/indicia/, a path to one, or digits" },
	{ SER("series", "board_centre", TP_KEY_ENUM, rules.board_centre), .names = corner_names,
	  .help = "lateral corner of the board's central 9-tile" },
	{ SER("series", "backs", TP_KEY_CUSTOM, rules.backs), .parse = parse_backs, .format = format_backs,
	  .help = "on, or off for the tutorial edition" },
	{ "series", "anchor", TP_KEY_CUSTOM, TP_HOME_GAME, TP_KEY_REPEAT,
	  offsetof(struct tp_series_cfg, rules.anchors), .parse = parse_anchor, .format = format_anchors,
	  .help = "row col front lateral-corner; repeatable" },
	{ SER("print", "style", TP_KEY_ENUM, style), .names = style_names,
	  .help = "colour, or patent (monochrome hatching)" },
	{ SER("print", "cell_mark", TP_KEY_ENUM, cell_mark), .names = cell_mark_names,
	  .help = "filled cells, a symbol or a picture per cell (FIG. 15B)" },
	{ SER("print", "tile_body", TP_KEY_ENUM, tile_body), .names = body_names,
	  .help = "printed, or solid: tiles moulded in their back's colour, fronts printed in one batch per colour ([0092])" },
	{ SER("series", "quadrants", TP_KEY_BOOL, quadrants),
	  .help = "write the quadrants as separate pieces, assembled during play ([0055], claim 2)" },
	{ SER("series", "pictures", TP_KEY_TEXT, pictures_name),
	  sizeof(((struct tp_series_cfg *)0)->pictures_name),
	  .help = "pictures file with print.cell_mark = picture: a name in templates/pictures/ or a path" },
	{ SER("emboss", "plates", TP_KEY_BOOL, emboss.plates),
	  .help = "write the blind edition's emboss plates" },
	{ SER("emboss", "lateral", TP_KEY_ENUM, emboss.symbol[TP_LATERAL]), .names = symbol_names,
	  .help = "symbol of the lateral series" },
	{ SER("emboss", "boxes", TP_KEY_ENUM, emboss.symbol[TP_BOXES]), .names = symbol_names,
	  .help = "symbol of the boxes series" },
	{ SER("emboss", "vertical", TP_KEY_ENUM, emboss.symbol[TP_VERTICAL]), .names = symbol_names,
	  .help = "symbol of the vertical series" },
	{ SER("emboss", "dots", TP_KEY_ENUM, emboss.symbol[TP_DOTS]), .names = symbol_names,
	  .help = "symbol of the dots series" },
	EMB_LEN("symbol_mm", symbol_mm, EMB_SYMBOL_MIN, "symbol in a front cell"),
	EMB_LEN("back_symbol_mm", back_symbol_mm, EMB_SYMBOL_MIN, "enlarged symbol on a tile back"),
	EMB_LEN("recess_clearance_mm", recess_clearance_mm, 0, "board recess wider than the back symbol, beyond the pocket play"),
	EMB_LEN("pocket_play_mm", pocket_play_mm, 0, "board pocket wider than the tile all round"),
	EMB_LEN("pocket_wall_mm", pocket_wall_mm, 0, "rib between tile pockets"),
	EMB_LEN("board_margin_mm", board_margin_mm, 0, "board edge and half split to the nearest pocket (default: the wall)"),
	EMB_LEN("stroke_mm", stroke_mm, 0.1, "outline width on the plates"),
	EMB_LEN("min_symbol_mm", min_symbol_mm, 0, "tactile minimum symbol size (check warns)"),
	EMB_LEN("min_spacing_mm", min_spacing_mm, 0, "tactile minimum spacing (check warns)"),
};


/* [0055]: lateral red, boxes yellow, vertical green, dots blue. */
const struct tp_ink tp_series_inks[TP_SERIES_N_INKS] = {
	[TP_INK_LATERAL] = TP_PROCESS_INK("lateral", 0, 100, 100, 0),
	[TP_INK_BOXES] = TP_PROCESS_INK("boxes", 0, 10, 100, 0),
	[TP_INK_VERTICAL] = TP_PROCESS_INK("vertical", 90, 0, 100, 0),
	[TP_INK_DOTS] = TP_PROCESS_INK("dots", 100, 60, 0, 0),
};

/* ---- defaults (the patent's preferred embodiment, as config/series.ini) --- */

void tp_series_defaults(struct tp_config *c)
{
	struct tp_series_cfg *s = c->game_cfg;
	struct tp_rules *r = &s->rules;
	r->pairing = 2;
	r->cycle[0] = TP_LATERAL;
	r->cycle[1] = TP_DOTS;
	r->cycle[2] = TP_VERTICAL;
	r->cycle[3] = TP_BOXES;
	r->board_centre = TP_NW;
	r->backs = 1;
	static const struct { int r, c, f, k; } anchors[] = {
		{ 5, 5, 2, TP_SE }, { 5, 14, 7, TP_NW }, { 14, 5, 7, TP_NW }, { 14, 14, 2, TP_SE },
	};
	for (int i = 0; i < 4; i++) {
		struct tp_anchor *a = &r->anchors[i];
		a->row = anchors[i].r - 1;
		a->col = anchors[i].c - 1;
		a->front = anchors[i].f;
		a->corner = anchors[i].k;
		snprintf(a->where, sizeof a->where, "built-in default anchor %d", i + 1);
	}
	r->n_anchors = 4;
	snprintf(r->where_centre, sizeof r->where_centre, "built-in default");
	snprintf(r->source, sizeof r->source, "%s", c->path);
	snprintf(r->anchors_source, sizeof r->anchors_source, "%s (built-in default anchors)", c->path);
	snprintf(s->indicia, sizeof s->indicia, "spiral-cw");
	s->level = 1;
	s->style = TP_STYLE_COLOUR;
	s->cell_mark = TP_MARK_FILL;
	s->tile_body = TP_BODY_PRINTED;
	s->quadrants = 0;
	snprintf(s->pictures_name, sizeof s->pictures_name, "toys");
	/* [0079]: circle, square, hexagon and octagon.  The tactile minimums are
	 * APH's Guidelines for Design of Tactile Graphics (1997): shapes with
	 * sides under 1/2 in may not be recognised, symbols closer than 1/4 in
	 * may be hard to tell apart. */
	struct tp_emboss *em = &s->emboss;
	em->symbol[TP_LATERAL] = TP_SYM_CIRCLE;
	em->symbol[TP_BOXES] = TP_SYM_SQUARE;
	em->symbol[TP_VERTICAL] = TP_SYM_HEXAGON;
	em->symbol[TP_DOTS] = TP_SYM_OCTAGON;
	em->symbol_mm = 2.2;
	em->back_symbol_mm = 12;
	em->recess_clearance_mm = 0.5;
	em->pocket_play_mm = 0.5;
	em->pocket_wall_mm = 1;
	em->board_margin_mm = 1;
	em->stroke_mm = 0.25;
	em->min_symbol_mm = 12.7;
	em->min_spacing_mm = 6.35;
}

/* ---- cross-checks --------------------------------------------------------- */

static int check_board(const struct tp_config *c, const struct tp_rules *r, tp_err *e)
{
	if (r->backs) {
		if (r->rows % 6)
			return tp_fail(e, TP_EINPUT,
				       "%s: board.rows = %d: not a multiple of 6; with backs on the board image magnifies each tile to 6x6 squares, so allowed: 6, 12, 18, ... (or series.backs = off)",
				       tp_config_where(c, "board", "rows"), r->rows);
		if (r->cols % 6)
			return tp_fail(e, TP_EINPUT,
				       "%s: board.cols = %d: not a multiple of 6; with backs on the board image magnifies each tile to 6x6 squares, so allowed: 6, 12, 18, ... (or series.backs = off)",
				       tp_config_where(c, "board", "cols"), r->cols);
	}
	/* Halves (FIG. 21) are equal: the split side must be even. */
	if (c->print.split == TP_SPLIT_ROWS && r->rows % 2)
		return tp_fail(e, TP_EINPUT,
			       "%s: board.rows = %d: odd, so the board cannot be split across the rows into two equal halves (FIG. 21); use an even number, print.split = cols or print.split = none",
			       tp_config_where(c, "board", "rows"), r->rows);
	if (c->print.split == TP_SPLIT_COLS && r->cols % 2)
		return tp_fail(e, TP_EINPUT,
			       "%s: board.cols = %d: odd, so the board cannot be split across the cols into two equal halves (FIG. 21); use an even number, print.split = rows or print.split = none",
			       tp_config_where(c, "board", "cols"), r->cols);
	return TP_OK;
}

/* The widest recess of the four back symbols of that size: the symbol in
 * every turn, grown by the play and the clearance across every edge. */
static double widest_recess(const struct tp_emboss *em, double back)
{
	double w = 0;
	for (int k = 0; k < TP_N_SERIES; k++)
		w = fmax(w, tp_symbol_recess_width(em->symbol[k], back,
						   em->pocket_play_mm + em->recess_clearance_mm,
						   TP_SERIES_TURNS));
	return w;
}

/* Whether a back symbol of that size fits a tile of that size: with its
 * outline on the back, and its recess inside the pocket (the tile plus
 * the play all round). */
static int back_fits(const struct tp_emboss *em, double back, double tile)
{
	return back + em->stroke_mm < tile &&
	       widest_recess(em, back) + em->stroke_mm < tile + 2 * em->pocket_play_mm;
}

/* The largest back symbol that fits a tile (bisection: the recess grows
 * with the symbol), to 0.01 mm, rounded down. */
static double back_max(const struct tp_emboss *em, double tile)
{
	double lo = 0, hi = tile;
	for (int i = 0; i < 60; i++) {
		double mid = (lo + hi) / 2;
		if (back_fits(em, mid, tile))
			lo = mid;
		else
			hi = mid;
	}
	return floor(lo * 100) / 100;
}

/* The smallest tile_mm (to 0.1 mm, rounded up) at which both symbol sizes
 * fit. */
static double tile_min(const struct tp_emboss *em)
{
	double lo = 0, hi = 1e5;
	for (int i = 0; i < 80; i++) {
		double mid = (lo + hi) / 2;
		if (em->symbol_mm + em->stroke_mm < mid / 6 && back_fits(em, em->back_symbol_mm, mid))
			hi = mid;
		else
			lo = mid;
	}
	return ceil(hi * 10) / 10;
}

/* A symbol that does not fit names its own key's line, and says which
 * values would fit: each symbol size at this tile_mm, or the tile_mm at
 * which the sizes given fit.  (A smaller blind edition is a trade-off the
 * blind edition guide (docs/series.md) describes: the tactile minimums then only warn.) */
static int check_emboss(const struct tp_config *c, const struct tp_series_cfg *s, tp_err *e)
{
	const struct tp_emboss *em = &s->emboss;
	if (!em->plates)
		return TP_OK;
	double tile = c->print.tile_mm, cell = tile / 6;
	double sym_max = floor((cell - em->stroke_mm - 1e-9) * 100) / 100;
	double bmax = back_max(em, tile);
	int back_ok = back_fits(em, em->back_symbol_mm, tile);
	/* Offer only values the keys accept: a symbol of at least
	 * EMB_SYMBOL_MIN, a tile_mm within its range; when none would do,
	 * what takes the room (the outline, the recess and pocket play). */
	int sym_bad = em->symbol_mm + em->stroke_mm >= cell;
	double tmin = tile_min(em);
	char fits[300] = "";
	size_t k = 0;
	if (sym_bad && sym_max >= EMB_SYMBOL_MIN)
		k += (size_t)snprintf(fits + k, sizeof fits - k, "emboss.symbol_mm at most %g", sym_max);
	if (!back_ok && bmax >= EMB_SYMBOL_MIN)
		k += (size_t)snprintf(fits + k, sizeof fits - k, "%semboss.back_symbol_mm at most %g",
				      k ? " and " : "", bmax);
	if (tmin <= TP_TILE_MM_MAX)
		k += (size_t)snprintf(fits + k, sizeof fits - k, "%sprint.tile_mm of at least %g keeps both sizes",
				      k ? ", or " : "", tmin);
	if (k == 0)
		snprintf(fits, sizeof fits,
			 "a thinner emboss.stroke_mm (or less emboss.recess_clearance_mm and emboss.pocket_play_mm) makes room");
	if (sym_bad)
		return tp_fail(e, TP_EINPUT,
			       "%s: emboss.symbol_mm = %g: with its %g mm outline it does not fit a %.3g mm cell (print.tile_mm %g / 6)%s; fits: %s",
			       tp_config_where(c, "emboss", "symbol_mm"), em->symbol_mm, em->stroke_mm, cell,
			       tile, back_ok ? "" : " (nor does emboss.back_symbol_mm fit its pocket)", fits);
	if (!back_ok)
		return tp_fail(e, TP_EINPUT,
			       "%s: emboss.back_symbol_mm = %g: with its %g mm outline and its recess (%.4g mm wide in every turn with the %g mm clearance) it does not fit a %g mm tile back and its %g mm pocket; fits: %s",
			       tp_config_where(c, "emboss", "back_symbol_mm"), em->back_symbol_mm,
			       em->stroke_mm, widest_recess(em, em->back_symbol_mm),
			       em->pocket_play_mm + em->recess_clearance_mm,
			       tile, tp_series_pocket(c), fits);
	if (!s->rules.backs)
		return tp_fail(e, TP_EINPUT,
			       "%s: emboss.plates = on needs series.backs = on: the back and board-recess plates follow the board image",
			       tp_config_where(c, "emboss", "plates"));
	return TP_OK;
}

/* [0092]: a solid tile takes the colour of its back, so it needs a back
 * colour (not the tutorial edition), and nothing prints on its back (not
 * the blind edition's emboss-backs plate, which embosses printed backs). */
static int check_body(const struct tp_config *c, const struct tp_series_cfg *s, tp_err *e)
{
	if (s->tile_body != TP_BODY_SOLID)
		return TP_OK;
	if (!s->rules.backs)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.tile_body = solid needs series.backs = on: a solid tile is moulded in the colour of its back ([0092]), and the tutorial edition's tiles have none; allowed: print.tile_body = printed, or series.backs = on",
			       tp_config_where(c, "print", "tile_body"));
	if (s->emboss.plates)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.tile_body = solid: the blind edition embosses its symbols on printed backs (emboss-backs), and a solid tile has no printed back; allowed: print.tile_body = printed, or emboss.plates = off",
			       tp_config_where(c, "print", "tile_body"));
	return TP_OK;
}

/* No anchor lines in the file or --set: derive them for the board size
 * (FIG. 22).  None derive on a board of one square (one colour class;
 * the anchors fix both): refused naming the board key, not the
 * built-in anchors, which nobody gave.  When none derive otherwise
 * the built-in four stay, so that their check names what is wrong. */
static int derive_anchors(struct tp_config *c, struct tp_rules *r, tp_err *e)
{
	int n = tp_series_default_anchors(r, r->anchors, TP_MAX_ANCHORS);
	if (n == 0 && (long)r->rows * r->cols == 1)
		return tp_fail(e, TP_EINPUT,
			       "%s: board.rows = %d, board.cols = %d: no anchors derive for a board of one square (one colour class; the anchors fix both); allowed: a board of 2 squares or more",
			       tp_config_where(c, "board", tp_config_given(c, "board", "rows") ? "rows" : "cols"),
			       r->rows, r->cols);
	if (n > 0) {   /* else the built-in four, whose check names what is wrong */
		r->n_anchors = n;
		snprintf(r->anchors_source, sizeof r->anchors_source,
			 "%s (no anchor lines: anchors derived for the %dx%d board)", c->path,
			 r->rows, r->cols);
	}
	return TP_OK;
}

int tp_series_finish(struct tp_config *c, tp_err *e)
{
	struct tp_series_cfg *s = c->game_cfg;
	struct tp_rules *r = &s->rules;
	r->rows = c->board.rows;
	r->cols = c->board.cols;
	s->tile_read_mm = c->print.tile_mm;
	if (tp_config_given(c, "series", "board_centre"))
		snprintf(r->where_centre, sizeof r->where_centre, "%s",
			 tp_config_where(c, "series", "board_centre"));
	int rc = check_board(c, r, e);
	if (rc == TP_OK && !tp_config_given(c, "series", "anchor"))
		rc = derive_anchors(c, r, e);
	const char *indicia_where = tp_config_where(c, "series", "indicia");
	if (rc == TP_OK && strcmp(s->indicia, "digits") == 0) {
		if (r->backs)
			return tp_fail(e, TP_EINPUT,
				       "%s: series.indicia = digits: numerals need series.backs = off; the board image and the backs are made of the template's cells, which digits do not have",
				       indicia_where);
		if (s->emboss.plates)
			return tp_fail(e, TP_EINPUT,
				       "%s: series.indicia = digits: emboss plates need cells; use a template or emboss.plates = off",
				       indicia_where);
		s->digits = 1;
		/* The core still names cells; digits draw over the spiral's. */
		snprintf(s->indicia, sizeof s->indicia, "spiral-cw");
	}
	struct tp_emboss *em = &s->emboss;
	if (!tp_config_given(c, "emboss", "board_margin_mm"))
		em->board_margin_mm = em->pocket_wall_mm;
	else if (rc == TP_OK && em->board_margin_mm < em->pocket_wall_mm)
		return tp_fail(e, TP_EINPUT,
			       "%s: emboss.board_margin_mm = %g: narrower than the %g mm rib between pockets (emboss.pocket_wall_mm), so the outer pockets would be the weakest; allowed: at least %g",
			       tp_config_where(c, "emboss", "board_margin_mm"), em->board_margin_mm,
			       em->pocket_wall_mm, em->pocket_wall_mm);
	if (rc == TP_OK)
		rc = check_emboss(c, s, e);
	if (rc == TP_OK)
		rc = check_body(c, s, e);
	if (rc == TP_OK)
		rc = tp_series_finish_pictures(c, e);
	if (rc != TP_OK)
		return rc;
	/* A relative path in the file is the file's; one on the command line
	 * is the current folder's. */
	char tpath[PATH_MAX], base[PATH_MAX];
	snprintf(base, sizeof base, "%s", c->path);
	char *slash = strrchr(base, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(base, sizeof base, ".");
	rc = tp_template_resolve(s->indicia, tp_config_from_set(c, "series", "indicia") ? "." : base,
				 tpath, sizeof tpath, e);
	if (rc == TP_OK && access(tpath, R_OK) != 0)
		return tp_fail(e, TP_EINPUT, "%s: series.indicia = %s: cannot read the template: %s",
			       indicia_where, s->indicia, strerror(errno));
	if (rc != TP_OK) {
		/* Prefix the location of the indicia key. */
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s: %s", indicia_where, e->msg);
		snprintf(e->msg, sizeof e->msg, "%s", msg);
		return rc;
	}
	rc = tp_template_load(tpath, &s->tpl, e);
	if (rc != TP_OK)
		return rc;
	r->tpl = &s->tpl;
	return TP_OK;
}

void tp_series_release(struct tp_config *c)
{
	struct tp_series_cfg *s = c->game_cfg;
	free(s->installed);
	s->installed = NULL;
	s->n_installed = 0;
}

int tp_series_level(struct tp_config *c, int level, tp_err *e)
{
	(void)e;
	struct tp_series_cfg *s = c->game_cfg;
	s->level = level;
	return TP_OK;
}

double tp_series_tile_size(const struct tp_config *c)
{
	const struct tp_series_cfg *s = c->game_cfg;
	/* [0086]: at level N the level N-1 board pieces are the tiles, so
	 * every length grows by 6 per level; the pattern stays the same. */
	double t = s->tile_read_mm;
	for (int i = 1; i < s->level; i++)
		t *= 6;
	return t;
}
