/* The series tiles on hexagons (patent 000, [0070]-[0071], claim 5) as a
 * row of the game table: config, reports and `check`. */

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/rules.h"
#include "games/game.h"
#include "games/series/model/series_hex.h"
#include "games/series/config/series_table_config.h"
#include "games/series/series_boardless.h"
#include "print/art/symbol.h"

extern const struct tp_sheet_def tp_hex_sheets[3 + TP_RULES_N_SHEETS];
extern const char *const tp_hex_art_names[];
size_t tp_hex_art_places(const struct tp_config *c, struct tp_art_place *out, size_t max);
int tp_hex_art_check(const struct tp_config *c, tp_err *e);

/* Three pairs of opposite triangles: the square tiles' four series and
 * two more ([0055] leaves the colours open). */
static const struct tp_ink inks[TP_HEX_SIDES] = {
	TP_PROCESS_INK("east", 0, 100, 100, 0),     /* red */
	TP_PROCESS_INK("northeast", 0, 10, 100, 0), /* yellow */
	TP_PROCESS_INK("northwest", 90, 0, 100, 0), /* green */
	TP_PROCESS_INK("west", 100, 60, 0, 0),      /* blue */
	TP_PROCESS_INK("southwest", 0, 60, 100, 0), /* orange */
	TP_PROCESS_INK("southeast", 50, 100, 0, 0), /* purple */
};

static const struct tp_enum_name indicia_names[] = {
	{ "triangles", TP_TRI_TRIANGLES }, { "digits", TP_TRI_DIGITS }, { "shapes", TP_TRI_SHAPES },
	{ "pictures", TP_TRI_PICTURES }, { NULL, 0 },
};

/* FIG. 15A: six series need six shapes; only a blind edition is held to
 * the four without intrinsic orientation ([0079]), and this set is none,
 * so a triangle and a diamond join them. */
static const struct tp_enum_name symbol_names[] = {
	{ "circle", TP_SYM_CIRCLE }, { "square", TP_SYM_SQUARE }, { "hexagon", TP_SYM_HEXAGON },
	{ "octagon", TP_SYM_OCTAGON }, { "triangle", TP_SYM_TRIANGLE }, { "diamond", TP_SYM_DIAMOND },
	{ NULL, 0 },
};

#define HSYM(nm, k) { "hex", nm, TP_KEY_ENUM, TP_HOME_GAME, 0, \
	offsetof(struct tp_table_cfg, symbol) + (k) * sizeof(int), .names = symbol_names, \
	.help = "shape of the " nm " series with hex.indicia = shapes (FIG. 15A)" }

/* The six series by triangle: the sections a hexagonal set takes from a
 * pictures file, and the hex.NAME shape keys. */
static const char *const series_names[TP_HEX_SIDES] = {
	"east", "northeast", "northwest", "west", "southwest", "southeast",
};

/* hex.anchor = ROW COL E NE NW: 1-based, three elements of one of the 36
 * fronts.  The file's anchors replace the default; --set's the file's. */
static int parse_anchor(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			char *why, size_t n)
{
	(void)k;
	struct tp_table_cfg *t = x->game;
	int r, c, e, ne, nw, used = 0;
	if (sscanf(value, "%d %d %d %d %d %n", &r, &c, &e, &ne, &nw, &used) != 5 || value[used] != '\0') {
		snprintf(why, n, "expected 'row col east northeast northwest', e.g. 5 5 9 9 9 (rows and cols 1-based)");
		return -1;
	}
	if (r < 1 || c < 1 || r > TP_HEX_MAX || c > TP_HEX_MAX) {
		snprintf(why, n, "row and col count from 1, at most %d", TP_HEX_MAX);
		return -1;
	}
	unsigned char v[3] = { (unsigned char)e, (unsigned char)ne, (unsigned char)nw };
	if (e < 1 || e > 9 || ne < 1 || ne > 9 || nw < 1 || nw > 9 || tp_hex_pattern_of(v) < 0) {
		snprintf(why, n, "not one of the 36 fronts: northeast must be 2E, 2E+1, 2E+7 or 2E+8 and northwest 7E (with the first two) or 7E+2 (mod 9, 1..9); see `tilepress -c series-hex manifest`");
		return -1;
	}
	if (x->first)
		t->n_anchors = 0;
	if (t->n_anchors == TP_HEX_MAX_ANCHORS) {
		snprintf(why, n, "too many anchors; at most %d", TP_HEX_MAX_ANCHORS);
		return -1;
	}
	struct tp_hex_anchor *a = &t->anchor[t->n_anchors++];
	a->row = r - 1;
	a->col = c - 1;
	memcpy(a->v, v, 3);
	snprintf(a->where, sizeof a->where, "%s", x->where);
	return 0;
}

static void format_anchor(const struct tp_key *k, const void *core, const void *game, struct tp_buf *b)
{
	(void)k;
	(void)core;
	const struct tp_table_cfg *t = game;
	for (int i = 0; i < t->n_anchors; i++) {
		const struct tp_hex_anchor *a = &t->anchor[i];
		tp_buf_printf(b, "%s%d %d %d %d %d", i ? ", " : "", a->row + 1, a->col + 1, a->v[0], a->v[1], a->v[2]);
	}
}

static const struct tp_key keys[] = {
	{ "hex", "anchor", TP_KEY_CUSTOM, TP_HOME_GAME, TP_KEY_REPEAT, offsetof(struct tp_table_cfg, anchor),
	  .parse = parse_anchor, .format = format_anchor,
	  .help = "row col east northeast northwest: a tile the layout is derived from; repeatable" },
	{ "hex", "order", TP_KEY_CUSTOM, TP_HOME_GAME, 0, offsetof(struct tp_table_cfg, order),
	  .parse = tp_table_parse_order, .format = tp_table_format_order,
	  .help = "FIG. 6 in each triangle: small triangles 1..9 in marking order, or a triangles template (templates/triangles/NAME.ini or a path)" },
	{ "hex", "indicia", TP_KEY_ENUM, TP_HOME_GAME, 0, offsetof(struct tp_table_cfg, indicia),
	  .names = indicia_names,
	  .help = "triangles (FIG. 6), digits (FIGS. 3-5), or shapes or pictures in the 5-3-1 pattern (FIG. 15A)" },
	{ "hex", "pictures", TP_KEY_TEXT, TP_HOME_GAME, 0, offsetof(struct tp_table_cfg, pictures_name),
	  sizeof(((struct tp_table_cfg *)0)->pictures_name),
	  .help = "pictures file with hex.indicia = pictures ([east] .. [southeast]): a name in templates/pictures/ or a path" },
	HSYM("east", 0), HSYM("northeast", 1), HSYM("northwest", 2),
	HSYM("west", 3), HSYM("southwest", 4), HSYM("southeast", 5),
};

static void defaults(struct tp_config *c)
{
	struct tp_table_cfg *t = c->game_cfg;
	static const int ord[9] = { 3, 1, 5, 7, 9, 6, 8, 2, 4 };
	for (int i = 0; i < 9; i++)
		t->order[i] = ord[i] - 1;
	t->indicia = TP_TRI_TRIANGLES;
	snprintf(t->pictures_name, sizeof t->pictures_name, "toys");
	/* The four without orientation first, as the table set's; opposite
	 * triangles (k, k + 3) then hold a round and an angular shape. */
	static const int sym[TP_HEX_SIDES] = { TP_SYM_CIRCLE, TP_SYM_SQUARE, TP_SYM_HEXAGON,
					       TP_SYM_OCTAGON, TP_SYM_TRIANGLE, TP_SYM_DIAMOND };
	memcpy(t->symbol, sym, sizeof sym);
	c->board.rows = 9;
	c->board.cols = 9;
}

static int finish(struct tp_config *c, tp_err *e)
{
	struct tp_table_cfg *t = c->game_cfg;
	int rc = tp_table_load_order(c, "hex", e);
	if (rc != TP_OK)
		return rc;
	if (c->board.rows < 2 || c->board.rows > TP_HEX_MAX || c->board.cols < 2 ||
	    c->board.cols > TP_HEX_MAX) {
		int bad_rows = c->board.rows < 2 || c->board.rows > TP_HEX_MAX;
		const char *key = bad_rows ? "rows" : "cols";
		return tp_fail(e, TP_EINPUT, "%s: board.%s = %d: the hexagonal set takes 2 to %d rows and cols",
			       tp_config_where(c, "board", key), key, bad_rows ? c->board.rows : c->board.cols,
			       TP_HEX_MAX);
	}
	if (t->n_anchors == 0) {
		tp_hex_default_anchor(c->board.rows, c->board.cols, &t->anchor[0]);
		t->n_anchors = 1;
	}
	for (int i = 0; i < t->n_anchors; i++)
		if (t->anchor[i].row >= c->board.rows || t->anchor[i].col >= c->board.cols)
			return tp_fail(e, TP_EINPUT, "%s: hex.anchor = %d %d ...: off the %d x %d board; allowed: row 1..%d, col 1..%d",
				       t->anchor[i].where, t->anchor[i].row + 1, t->anchor[i].col + 1,
				       c->board.rows, c->board.cols, c->board.rows, c->board.cols);
	/* The anchors must agree, and every one of the 36 fronts be in the set. */
	struct tp_hex *h = malloc(sizeof *h);
	if (h == NULL)
		return tp_fail(e, TP_EIO, "out of memory");
	int bad = tp_hex_derive(h, c->board.rows, c->board.cols, t->anchor, t->n_anchors);
	int n = h->n_fronts;
	unsigned char got[3] = { 0 };
	if (bad)
		memcpy(got, h->tile[t->anchor[bad - 1].row * c->board.cols + t->anchor[bad - 1].col].v, 3);
	free(h);
	if (bad) {
		const struct tp_hex_anchor *a = &t->anchor[bad - 1];
		return tp_fail(e, TP_EINPUT,
			       "%s: hex.anchor = %d %d %d %d %d: the first anchor (%s) already fixes that tile as %d %d %d; allowed: anchors that agree, or one anchor",
			       a->where, a->row + 1, a->col + 1, a->v[0], a->v[1], a->v[2], t->anchor[0].where,
			       got[0], got[1], got[2]);
	}
	if (n != 36) {
		/* Blame the side that is short (the other when both fit the
		 * 4 x 9 minimum), where it was set. */
		const char *key = c->board.rows < 4 ? "rows" : "cols";
		return tp_fail(e, TP_EINPUT,
			       "%s: board.rows = %d, board.cols = %d hold %d of the 36 fronts of [0071]; allowed: a board that holds all 36 (at least 4 rows and 9 cols)",
			       tp_config_where(c, "board", key), c->board.rows, c->board.cols, n);
	}
	if (t->indicia == TP_TRI_PICTURES)
		return tp_table_load_pictures(c, "hex", series_names, TP_HEX_SIDES, e);
	return tp_table_check_shapes(c, "hex", series_names, TP_HEX_SIDES,
				     "six different of circle, square, hexagon, octagon, triangle, diamond", e);
}

static int derive(const struct tp_config *c, void **model, tp_err *e)
{
	struct tp_hex *h = malloc(sizeof *h);
	if (h == NULL)
		return tp_fail(e, TP_EIO, "out of memory");
	const struct tp_table_cfg *t = c->game_cfg;
	tp_hex_derive(h, c->board.rows, c->board.cols, t->anchor, t->n_anchors);
	*model = h;
	return TP_OK;
}

static void free_model(void *model)
{
	free(model);
}

static void layout(struct tp_buf *b, const struct tp_hex *h, int fmt)
{
	if (fmt == TP_FMT_CSV)
		tp_buf_printf(b, "row,col,front,e,ne,nw,w,sw,se\n");
	for (int r = 0; r < h->rows; r++) {
		if (fmt != TP_FMT_CSV && (r & 1))
			tp_buf_printf(b, "  ");
		for (int c = 0; c < h->cols; c++) {
			int i = r * h->cols + c;
			const unsigned char *v = h->tile[i].v;
			if (fmt == TP_FMT_CSV)
				tp_buf_printf(b, "%d,%d,%d,%d,%d,%d,%d,%d,%d\n", r + 1, c + 1, h->front_of[i] + 1,
					      v[0], v[1], v[2], v[3], v[4], v[5]);
			else
				tp_buf_printf(b, "%sH%-2d", c ? " " : "", h->front_of[i] + 1);
		}
		if (fmt != TP_FMT_CSV)
			tp_buf_printf(b, "\n");
	}
}

/* The tiles by front, for the run's games and spares (each front a kind,
 * rounded up as tp_run_count does); the build's files are one game. */
static void fronts(struct tp_buf *b, const struct tp_hex *h, const struct tp_run *run, int fmt)
{
	static const char *const side[6] = { "e", "ne", "nw", "w", "sw", "se" };
	if (fmt == TP_FMT_CSV)
		tp_buf_printf(b, "front,e,ne,nw,w,sw,se,tiles\n");
	else if (fmt == TP_FMT_JSON)
		tp_buf_printf(b, "{\"games\": %d, \"spares_pct\": %g, \"fronts\": [",
			      run->games, run->spares_pct);
	else {
		tp_run_line(b, run, "front");
		tp_buf_printf(b, "front   e ne nw  w sw se  tiles\n");
	}
	long total = 0;
	for (int f = 0; f < h->n_fronts; f++) {
		const unsigned char *v = h->front[f].v;
		long n = tp_run_count(run, h->count[f]);
		total += n;
		if (fmt == TP_FMT_CSV) {
			tp_buf_printf(b, "H%d", f + 1);
			for (int k = 0; k < 6; k++)
				tp_buf_printf(b, ",%d", v[k]);
			tp_buf_printf(b, ",%ld\n", n);
		} else if (fmt == TP_FMT_JSON) {
			tp_buf_printf(b, "%s\n {\"front\": \"H%d\"", f ? "," : "", f + 1);
			for (int k = 0; k < 6; k++)
				tp_buf_printf(b, ", \"%s\": %d", side[k], v[k]);
			tp_buf_printf(b, ", \"tiles\": %ld}", n);
		} else {
			tp_buf_printf(b, "H%-4d", f + 1);
			for (int k = 0; k < 6; k++)
				tp_buf_printf(b, " %2d", v[k]);
			tp_buf_printf(b, "  %5ld\n", n);
		}
	}
	if (fmt == TP_FMT_JSON)
		tp_buf_printf(b, "\n], \"total\": %ld}\n", total);
	else if (fmt == TP_FMT_TEXT)
		tp_buf_printf(b, "total  %ld tiles, %d fronts\n", total, h->n_fronts);
}

static int pattern(struct tp_buf *b, const struct tp_config *c, const void *model,
		   const struct tp_report_opts *o, tp_err *e)
{
	(void)c;
	if (o->fmt == TP_FMT_JSON)
		return tp_fail(e, TP_EINPUT, "--format json: pattern writes text or csv; see tilepress --help");
	layout(b, model, o->fmt);
	return TP_OK;
}

static int manifest(struct tp_buf *b, const struct tp_config *c, const void *model,
		    const struct tp_report_opts *o, tp_err *e)
{
	(void)c;
	if (o->players)
		return tp_fail(e, TP_EINPUT, "--players: the hexagonal set has no per-player share");
	fronts(b, model, &o->run, o->fmt);
	return TP_OK;
}

static void summary(struct tp_buf *b, const struct tp_config *c, const void *model)
{
	const struct tp_hex *h = model;
	char line[TP_HEX_RULES][160];
	tp_buf_printf(b, "config %s: ok\n", c->path);
	tp_buf_printf(b, "hexagonal set ([0070]): %d x %d = %d tiles, %.0f mm across the flats, %d distinct fronts; FIG. 6 ",
		      h->rows, h->cols, h->rows * h->cols, c->print.tile_mm, h->n_fronts);
	tp_table_describe_order(b, tp_table_cfg(c));
	tp_buf_printf(b, "\n");
	int fails = tp_hex_prove(h, line, TP_HEX_RULES);
	for (int i = 0; i < TP_HEX_RULES; i++)
		tp_buf_printf(b, "%s\n", line[i]);
	tp_buf_printf(b, "rules: %s\n", fails ? "FAILED" : "all hold");
}

static void rep_fronts(struct tp_buf *b, const struct tp_config *c, const void *m, int fmt)
{
	static const struct tp_run one_game = { 1, 0 };
	(void)c;
	fronts(b, m, &one_game, fmt);
}

static void rep_layout(struct tp_buf *b, const struct tp_config *c, const void *m, int fmt)
{
	(void)c;
	layout(b, m, fmt);
}

static const struct tp_report_file files[] = {
	{ "fronts.csv", rep_fronts, TP_FMT_CSV }, { "fronts.json", rep_fronts, TP_FMT_JSON },
	{ "fronts.txt", rep_fronts, TP_FMT_TEXT }, { "layout.csv", rep_layout, TP_FMT_CSV },
};

/* No board: the tiles are laid out on a table, so there is nothing to
 * halve and no anchor square to outline. */
static const struct tp_unused_key unused[] = {
	{ "print.split", "the hexagonal set has no board to halve (its tiles are laid out on any table)" },
	{ "print.anchor_ink", "the hexagonal set has no board, so no anchor squares to outline" },
	{ "print.board", "the hexagonal set has no board to wrap" },
	{ "print.fold", "the hexagonal set has no board to wrap" },
	{ "print.wrap_mm", "the hexagonal set has no board to wrap" },
	{ "print.greyboard_mm", "the hexagonal set has no board to wrap" },
	{ "print.liner_inset_mm", "the hexagonal set has no board to wrap" },
	{ NULL, NULL },
};

const struct tp_game tp_game_series_hex = {
	.name = "series-hex",
	.title = "series tiles on hexagons (patent 000, [0070]): six series in three directions, 36 fronts",
	.default_config = "config/series-hex.ini",
	.keys = keys,
	.n_keys = sizeof keys / sizeof keys[0],
	.unused = unused,
	.inks = inks,
	.n_inks = TP_HEX_SIDES,
	.cfg_size = sizeof(struct tp_table_cfg),
	.tile_mm = 30,   /* across the flats */
	.defaults = defaults,
	.finish = finish,
	.derive = derive,
	.free_model = free_model,
	.art_places = tp_hex_art_places,
	.art_names = tp_hex_art_names,
	.art_check = tp_hex_art_check,
	.sheets = tp_hex_sheets,
	.n_sheets = 3 + TP_RULES_N_SHEETS,
	.files = files,
	.n_files = sizeof files / sizeof files[0],
	.pattern = pattern,
	.manifest = manifest,
	.summary = summary,
	.rules_facts = tp_boardless_rules_facts,
	.rules_figure = "layout",
	.box_contents = tp_boardless_box_contents,
};
