/* The series tiles' table set (patent 000, FIG. 7) as a row of the game
 * table: config, reports and `check`. */

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/rules.h"
#include "games/game.h"
#include "games/series/sheets/series_art.h"
#include "games/series/config/series_config.h"
#include "games/series/config/series_table_config.h"
#include "games/series/series_boardless.h"
#include "print/art/symbol.h"

extern const struct tp_sheet_def tp_table_sheets[6 + TP_RULES_N_SHEETS];
size_t tp_table_art_places(const struct tp_config *c, struct tp_art_place *out, size_t max);

static const struct tp_enum_name indicia_names[] = {
	{ "triangles", TP_TRI_TRIANGLES }, { "shapes", TP_TRI_SHAPES }, { "pictures", TP_TRI_PICTURES },
	{ "digits", TP_TRI_DIGITS }, { NULL, 0 },
};
static const struct tp_enum_name symbol_names[] = {
	{ "circle", TP_SYM_CIRCLE }, { "square", TP_SYM_SQUARE }, { "hexagon", TP_SYM_HEXAGON },
	{ "octagon", TP_SYM_OCTAGON }, { NULL, 0 },
};

#define TSYM(nm, s) { "table", nm, TP_KEY_ENUM, TP_HOME_GAME, 0, \
	offsetof(struct tp_table_cfg, symbol) + (s) * sizeof(int), .names = symbol_names, \
	.help = "shape of the " nm " series with table.indicia = shapes (FIG. 15A)" }

static const struct tp_key keys[] = {
	{ "table", "order", TP_KEY_CUSTOM, TP_HOME_GAME, 0, offsetof(struct tp_table_cfg, order),
	  .parse = tp_table_parse_order, .format = tp_table_format_order,
	  .help = "FIG. 6: small triangles 1..9 in marking order (element n marks the first n), or a triangles template (templates/triangles/NAME.ini or a path)" },
	{ "table", "indicia", TP_KEY_ENUM, TP_HOME_GAME, 0, offsetof(struct tp_table_cfg, indicia),
	  .names = indicia_names,
	  .help = "triangles (FIG. 6), shapes or pictures in the 5-3-1 pattern (FIG. 15A), or digits (FIGS. 3-5)" },
	{ "table", "pictures", TP_KEY_TEXT, TP_HOME_GAME, 0, offsetof(struct tp_table_cfg, pictures_name),
	  sizeof(((struct tp_table_cfg *)0)->pictures_name),
	  .help = "pictures template with table.indicia = pictures: a name in templates/pictures/ or a path" },
	{ "table", "quadrants", TP_KEY_BOOL, TP_HOME_GAME, 0, offsetof(struct tp_table_cfg, quadrants),
	  .help = "write the quadrants as separate pieces, assembled during play ([0055], claim 2)" },
	TSYM("lateral", TP_LATERAL), TSYM("boxes", TP_BOXES), TSYM("vertical", TP_VERTICAL),
	TSYM("dots", TP_DOTS),
};

int tp_table_load_pictures(struct tp_config *c, const char *section, const char *const *want,
			   int nwant, tp_err *e)
{
	struct tp_table_cfg *t = c->game_cfg;
	char path[512], key[40];
	const char *where = tp_config_where(c, section, "pictures");
	snprintf(key, sizeof key, "%s.pictures", section);
	/* A path in the config file is the file's; on the command line
	 * (--set) the current folder's. */
	int rc = tp_pictures_resolve(key, t->pictures_name, tp_config_path_base(c, section, "pictures"),
				     path, sizeof path, e);
	if (rc == TP_OK)
		rc = tp_pictures_load(path, want, nwant, &t->pictures, e);
	if (rc != TP_OK) {
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s", e->msg);
		e->code = TP_OK;   /* re-raised with where the key was set */
		return tp_fail(e, rc, "%s: %s", where, msg);
	}
	return TP_OK;
}

int tp_table_check_shapes(const struct tp_config *c, const char *section,
			  const char *const *names, int n, const char *allowed, tp_err *e)
{
	const struct tp_table_cfg *t = c->game_cfg;
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++)
			if (t->symbol[a] == t->symbol[b]) {
				/* Blame the later key, unless only the earlier one was
				 * given with --set: the command line made the clash. */
				int x = b, y = a;
				if (tp_config_from_set(c, section, names[a]) &&
				    !tp_config_from_set(c, section, names[b]))
					x = a, y = b;
				return tp_fail(e, TP_EINPUT,
					       "%s: %s.%s = %s: the %s series has that shape already; the shape names the series ([0061]), so allowed: %s",
					       tp_config_where(c, section, names[x]), section, names[x],
					       tp_symbol_names[t->symbol[x]], names[y], allowed);
			}
	return TP_OK;
}

static void defaults(struct tp_config *c)
{
	struct tp_table_cfg *t = c->game_cfg;
	/* [0060]: "1" is the centre triangle of the row of 5; then outward
	 * along the side, then the middle row and the tip. */
	static const int ord[9] = { 3, 1, 5, 7, 9, 6, 8, 2, 4 };
	for (int i = 0; i < 9; i++)
		t->order[i] = ord[i] - 1;
	t->indicia = TP_TRI_TRIANGLES;
	snprintf(t->pictures_name, sizeof t->pictures_name, "toys");
	t->symbol[TP_LATERAL] = TP_SYM_CIRCLE;   /* as the blind edition's [emboss] */
	t->symbol[TP_BOXES] = TP_SYM_SQUARE;
	t->symbol[TP_VERTICAL] = TP_SYM_HEXAGON;
	t->symbol[TP_DOTS] = TP_SYM_OCTAGON;
	c->board.rows = TP_TABLE_N;
	c->board.cols = TP_TABLE_N;
}

static int finish(struct tp_config *c, tp_err *e)
{
	if (c->board.rows != TP_TABLE_N || c->board.cols != TP_TABLE_N) {
		/* Name the side that is wrong, where it was set (file:line or
		 * the --set), as every refusal does. */
		int bad_rows = c->board.rows != TP_TABLE_N;
		const char *key = bad_rows ? "rows" : "cols";
		return tp_fail(e, TP_EINPUT,
			       "%s: board.%s = %d: the table set is the 9 x 9 square of FIG. 7 (81 tiles, [0062]); allowed: board.rows = 9 and board.cols = 9",
			       tp_config_where(c, "board", key), key, bad_rows ? c->board.rows : c->board.cols);
	}
	/* The shape identifies the series: no two alike. */
	struct tp_table_cfg *t = c->game_cfg;
	int rc = tp_table_load_order(c, "table", e);
	if (rc != TP_OK)
		return rc;
	if (t->indicia == TP_TRI_PICTURES)
		return tp_table_load_pictures(c, "table", tp_series_names, TP_N_SERIES, e);
	return tp_table_check_shapes(c, "table", tp_series_names, TP_N_SERIES,
				     "four different of circle, square, hexagon, octagon", e);
}

static int derive(const struct tp_config *c, void **model, tp_err *e)
{
	(void)c;
	struct tp_table *t = malloc(sizeof *t);
	if (t == NULL)
		return tp_fail(e, TP_EIO, "out of memory");
	tp_table_derive(t);
	*model = t;
	return TP_OK;
}

static void free_model(void *model)
{
	free(model);
}

/* The FIG. 7 layout: one line per row, the front per tile ("*": turned
 * half round); the csv adds the front's elements and the series at its
 * top (as in the manifest), then whether the tile lies turned. */
static void layout(struct tp_buf *b, const struct tp_table *t, int fmt)
{
	if (fmt == TP_FMT_CSV)
		tp_buf_printf(b, "row,col,front,lateral,boxes,vertical,dots,top,turned\n");
	for (int r = 0; r < TP_TABLE_N; r++) {
		for (int col = 0; col < TP_TABLE_N; col++) {
			int i = r * TP_TABLE_N + col;
			const unsigned char *v = t->tile[i].v;
			if (fmt == TP_FMT_CSV)
				tp_buf_printf(b, "%d,%d,%d,%d,%d,%d,%d,%s,%d\n", r + 1, col + 1, t->front_of[i] + 1,
					      v[TP_LATERAL], v[TP_BOXES], v[TP_VERTICAL], v[TP_DOTS],
					      tp_series_names[tp_table_side(&t->tile[i], 0, TP_SIDE_TOP)],
					      t->turned[i]);
			else
				tp_buf_printf(b, "%sF%-2d%c", col ? " " : "", t->front_of[i] + 1, t->turned[i] ? '*' : ' ');
		}
		if (fmt != TP_FMT_CSV)
			tp_buf_printf(b, "\n");
	}
}

/* With table.quadrants = on, the pieces ([0055], claim 2): each tile's
 * four quadrants, so the pieces of series s showing element v are the
 * tiles (of the run) whose front gives s that value. */
static void quadrants(struct tp_buf *b, const struct tp_config *c, const struct tp_table *t,
		      const struct tp_run *run, int fmt)
{
	if (!tp_table_cfg(c)->quadrants || fmt == TP_FMT_CSV)
		return;
	long q[TP_N_SERIES][10] = { { 0 } }, all = 0;
	for (int f = 0; f < t->n_fronts; f++) {
		long n = tp_run_count(run, t->count[f]);
		for (int s = 0; s < TP_N_SERIES; s++)
			q[s][t->front[f].v[s]] += n;
		all += 4 * n;
	}
	if (fmt == TP_FMT_JSON)
		tp_buf_printf(b, ", \"quadrants\": {\"pieces\": %ld, \"per_tile\": 4", all);
	else
		tp_buf_printf(b, "\nseparable quadrants ([0055], claim 2): %ld pieces, four a tile; pieces per element\n%-10s",
			      all, "series");
	for (int v = 1; fmt == TP_FMT_TEXT && v <= 9; v++)
		tp_buf_printf(b, "%6d", v);
	if (fmt == TP_FMT_TEXT)
		tp_buf_printf(b, "\n");
	for (int s = 0; s < TP_N_SERIES; s++) {
		if (fmt == TP_FMT_JSON)
			tp_buf_printf(b, ", \"%s\": [", tp_series_names[s]);
		else
			tp_buf_printf(b, "%-10s", tp_series_names[s]);
		for (int v = 1; v <= 9; v++)
			tp_buf_printf(b, fmt == TP_FMT_JSON ? "%s%ld" : "%s%6ld",
				      fmt == TP_FMT_JSON && v > 1 ? ", " : "", q[s][v]);
		tp_buf_printf(b, fmt == TP_FMT_JSON ? "]" : "\n");
	}
	if (fmt == TP_FMT_JSON)
		tp_buf_printf(b, "}");
}

/* The 81 tiles by front, for the run's games and spares (each front a
 * kind, rounded up as tp_run_count does); the build's files are one game. */
static void fronts(struct tp_buf *b, const struct tp_config *c, const struct tp_table *t,
		   double tile_mm, const struct tp_run *run, int fmt)
{
	if (fmt == TP_FMT_CSV)
		tp_buf_printf(b, "front,lateral,boxes,vertical,dots,top,tiles\n");
	else if (fmt == TP_FMT_JSON)
		tp_buf_printf(b, "{\"tile_mm\": %g, \"games\": %d, \"spares_pct\": %g, \"fronts\": [",
			      tile_mm, run->games, run->spares_pct);
	else {
		tp_run_line(b, run, "front");
		tp_buf_printf(b, "front  lateral boxes vertical dots  top       tiles\n");
	}
	long total = 0;
	for (int f = 0; f < t->n_fronts; f++) {
		const unsigned char *v = t->front[f].v;
		const char *top = tp_series_names[tp_table_side(&t->front[f], 0, TP_SIDE_TOP)];
		long n = tp_run_count(run, t->count[f]);
		total += n;
		if (fmt == TP_FMT_CSV)
			tp_buf_printf(b, "F%d,%d,%d,%d,%d,%s,%ld\n", f + 1, v[TP_LATERAL], v[TP_BOXES],
				      v[TP_VERTICAL], v[TP_DOTS], top, n);
		else if (fmt == TP_FMT_JSON)
			tp_buf_printf(b, "%s\n {\"front\": \"F%d\", \"lateral\": %d, \"boxes\": %d, \"vertical\": %d, \"dots\": %d, \"top\": \"%s\", \"tiles\": %ld}",
				      f ? "," : "", f + 1, v[TP_LATERAL], v[TP_BOXES], v[TP_VERTICAL],
				      v[TP_DOTS], top, n);
		else
			tp_buf_printf(b, "F%-4d  %7d %5d %8d %4d  %-8s  %5ld\n", f + 1, v[TP_LATERAL], v[TP_BOXES],
				      v[TP_VERTICAL], v[TP_DOTS], top, n);
	}
	if (fmt == TP_FMT_JSON)
		tp_buf_printf(b, "\n], \"total\": %ld", total);
	else if (fmt == TP_FMT_TEXT)
		tp_buf_printf(b, "total  %ld tiles, %d fronts\n", total, t->n_fronts);
	quadrants(b, c, t, run, fmt);
	if (fmt == TP_FMT_JSON)
		tp_buf_printf(b, "}\n");
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
	if (o->players)
		return tp_fail(e, TP_EINPUT, "--players: the table set deals twelve tiles a player from one set ([0064]); no per-player share");
	fronts(b, c, model, c->print.tile_mm, &o->run, o->fmt);
	return TP_OK;
}

static void summary(struct tp_buf *b, const struct tp_config *c, const void *model)
{
	const struct tp_table *t = model;
	char line[TP_TABLE_RULES][160];
	tp_buf_printf(b, "config %s: ok\n", c->path);
	tp_buf_printf(b, "table set (FIG. 7): %d tiles, %.0f mm square, %d distinct fronts; FIG. 6 ",
		      TP_TABLE_TILES, c->print.tile_mm, t->n_fronts);
	tp_table_describe_order(b, tp_table_cfg(c));
	tp_buf_printf(b, "\n");
	int fails = tp_table_prove(t, line, TP_TABLE_RULES);
	for (int i = 0; i < TP_TABLE_RULES; i++)
		tp_buf_printf(b, "%s\n", line[i]);
	tp_buf_printf(b, "rules: %s\n", fails ? "FAILED" : "all hold");
}

static void rep_fronts(struct tp_buf *b, const struct tp_config *c, const void *m, int fmt)
{
	static const struct tp_run one_game = { 1, 0 };
	fronts(b, c, m, c->print.tile_mm, &one_game, fmt);
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
	{ "print.split", "the table set has no board to halve (its tiles are laid out on any table)" },
	{ "print.anchor_ink", "the table set has no board, so no anchor squares to outline" },
	{ "print.board", "the table set has no board to wrap" },
	{ "print.fold", "the table set has no board to wrap" },
	{ "print.wrap_mm", "the table set has no board to wrap" },
	{ "print.greyboard_mm", "the table set has no board to wrap" },
	{ "print.liner_inset_mm", "the table set has no board to wrap" },
	{ NULL, NULL },
};

const struct tp_game tp_game_series_table = {
	.name = "series-table",
	.title = "series tiles' table set (patent 000, FIG. 7): 81 tiles of 18 fronts, FIG. 6 triangles, no board",
	.default_config = "config/series-table.ini",
	.keys = keys,
	.n_keys = sizeof keys / sizeof keys[0],
	.unused = unused,
	.inks = tp_series_inks,
	.n_inks = TP_SERIES_N_INKS,
	.cfg_size = sizeof(struct tp_table_cfg),
	.tile_mm = 30,   /* [0062]: 3 cm square, 9 mm thick */
	.defaults = defaults,
	.finish = finish,
	.derive = derive,
	.free_model = free_model,
	.art_places = tp_table_art_places,
	.art_names = tp_series_art_names,
	.art_check = tp_series_art_check,
	.sheets = tp_table_sheets,
	.n_sheets = 6 + TP_RULES_N_SHEETS,
	.files = files,
	.n_files = sizeof files / sizeof files[0],
	.pattern = pattern,
	.manifest = manifest,
	.summary = summary,
	.rules_facts = tp_boardless_rules_facts,
	.rules_figure = "layout",
	.box_contents = tp_boardless_box_contents,
};
