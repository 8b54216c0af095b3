/* The vector tiles (seed 001, W. T. Powers, board game patent of 1974) as
 * a row of the game table. */

#include <stdio.h>
#include <string.h>

#include "games/board_wrap.h"
#include "games/game.h"
#include "games/rules.h"
#include "games/vector/config/vector_config.h"
#include "games/vector/model/vector_core.h"
#include "games/vector/sheets/vector_sheets.h"
#include "games/vector/play/vector_sim.h"
#include "print/art/symbol.h"

static int derive(const struct tp_config *c, void **model, tp_err *e)
{
	struct tp_vector_model *m = NULL;
	int rc = tp_vector_derive(&tp_vector(c)->rules, &m, e);
	*model = m;
	return rc;
}

static void free_model(void *model)
{
	tp_vector_free(model);
}

static int pattern(struct tp_buf *b, const struct tp_config *c, const void *model,
		   const struct tp_report_opts *o, tp_err *e)
{
	(void)e;
	tp_vector_pattern_format(b, &tp_vector(c)->rules, model, o->fmt);
	return TP_OK;
}

static int manifest(struct tp_buf *b, const struct tp_config *c, const void *model,
		    const struct tp_report_opts *o, tp_err *e)
{
	if (o->players)
		return tp_fail(e, TP_EINPUT,
			       "--players: the vector tiles have no per-player share; each game is one set of %d tiles and %d pieces (use --games and --spares)",
			       c->board.rows * c->board.cols, tp_vector(c)->rules.players);
	tp_vector_manifest_format(b, &tp_vector(c)->rules, model, &o->run, o->fmt);
	return TP_OK;
}

static void summary(struct tp_buf *b, const struct tp_config *c, const void *model)
{
	const struct tp_vector_cfg *v = tp_vector(c);
	const struct tp_vector_rules *r = &v->rules;
	const struct tp_vector_model *m = model;
	double t = c->print.tile_mm, bw, bh;
	tp_vector_board_size(c, &bw, &bh);
	tp_buf_printf(b, "config %s: ok\n", c->path);
	tp_buf_printf(b, "board %dx%d, %d squares of %g mm; board %g x %g mm (ledge %g mm, clearance %g mm)\n",
		      m->rows, m->cols, m->rows * m->cols, t, bw, bh, v->ledge_mm, v->clearance_mm);
	tp_buf_printf(b, "directions:");
	for (int i = 0; i < r->n_dirs; i++)
		tp_buf_printf(b, " %s", tp_compass_names[r->dirs[i]]);
	tp_buf_printf(b, "; %d per tile: C(%d,%d) = %ld different sets\n", r->per_tile, r->n_dirs,
		      r->per_tile, m->n_sets);
	tp_buf_printf(b, "tiles: %ld vector + %ld blank + %ld start + %ld home = %d\n",
		      m->count[TP_VK_VECTOR], m->count[TP_VK_BLANK], m->count[TP_VK_START],
		      m->count[TP_VK_HOME], m->rows * m->cols);
	for (int p = 1; p <= r->players; p++) {
		int sr = 0, sc = 0, hr = 0, hc = 0;
		for (int i = 0; i < m->rows * m->cols; i++) {
			if (m->grid[i].player != p)
				continue;
			if (m->grid[i].kind == TP_VK_START) {
				sr = i / m->cols + 1;
				sc = i % m->cols + 1;
			} else {
				hr = i / m->cols + 1;
				hc = i % m->cols + 1;
			}
		}
		tp_buf_printf(b, "player %d: %s; start (%d,%d), home (%d,%d); piece %g mm\n", p,
			      tp_symbol_names[r->symbol[p - 1]], sr, sc, hr, hc, v->piece_pct / 100 * t);
	}
	if (r->blanks_placed == TP_BLANKS_PLAYERS)
		tp_buf_printf(b, "blanks: %ld, laid by the players anywhere with the vector tiles (vector.blanks_placed = players); every home can be reached by some laying",
			      m->count[TP_VK_BLANK]);
	else {
		tp_buf_printf(b, "blanks:");
		for (int i = 0; i < m->rows * m->cols; i++)
			if (m->grid[i].kind == TP_VK_BLANK)
				tp_buf_printf(b, " (%d,%d)", i / m->cols + 1, i % m->cols + 1);
	}
	tp_buf_printf(b, "\nturned tiles: %ld sets stay distinct with the marker kept at the bottom; "
			 "%ld if tiles could be turned by 90 degrees, %ld by 45 degrees\n",
		      m->count[TP_VK_VECTOR], m->classes_turn90, m->classes_turn45);
}

static int simulate(struct tp_buf *b, const struct tp_config *c, const void *model,
		    const struct tp_sim_opts *o, tp_err *e)
{
	const struct tp_vector_rules *r = &tp_vector(c)->rules;
	if (o->players && o->players != r->players)
		return tp_fail(e, TP_EINPUT,
			       "--players %d: the vector game's players are vector.players (%d), whose start and home tiles the board holds; set that instead",
			       o->players, r->players);
	struct tp_vector_sim s;
	int rc = tp_vector_simulate(r, model, o->games, o->seed, o->strategy, &s, e);
	if (rc == TP_OK)
		tp_vector_sim_format(b, &s, o->fmt);
	return rc;
}

/* The booklet's numbers (templates/rules/vector.LANG.ini). */
static int rules_facts(struct tp_facts *f, const struct tp_config *c, const void *model, tp_err *e)
{
	const struct tp_vector_cfg *v = tp_vector(c);
	const struct tp_vector_rules *r = &v->rules;
	const struct tp_vector_model *m = model;
	double bw, bh;
	tp_vector_board_size(c, &bw, &bh);
	tp_facts_set(f, "players", "%d", r->players);
	tp_facts_set(f, "squares", "%d", m->rows * m->cols);
	tp_facts_set(f, "tiles", "%d", m->rows * m->cols);
	tp_facts_set(f, "vector", "%ld", m->count[TP_VK_VECTOR]);
	tp_facts_set(f, "blank", "%ld", m->count[TP_VK_BLANK]);
	tp_facts_set(f, "start", "%ld", m->count[TP_VK_START]);
	tp_facts_set(f, "home", "%ld", m->count[TP_VK_HOME]);
	tp_facts_set(f, "per_tile", "%d", r->per_tile);
	tp_facts_set(f, "n_dirs", "%d", r->n_dirs);
	tp_facts_set(f, "each_takes", "%ld", m->count[TP_VK_VECTOR] / r->players);
	tp_facts_set(f, "left_over", "%ld", m->count[TP_VK_VECTOR] % r->players);
	tp_facts_set(f, "stuck_pass", "%d", r->stuck == TP_STUCK_PASS);
	tp_facts_set(f, "blanks_players", "%d", r->blanks_placed == TP_BLANKS_PLAYERS);
	tp_facts_set(f, "board_mm", "%.0f x %.0f", bw, bh);
	char dirs[80] = "", syms[120] = "";
	for (int i = 0; i < r->n_dirs; i++)
		snprintf(dirs + strlen(dirs), sizeof dirs - strlen(dirs), "%s%s", i ? " " : "",
			 tp_compass_names[r->dirs[i]]);
	for (int p = 0; p < r->players; p++)
		snprintf(syms + strlen(syms), sizeof syms - strlen(syms), "%s%s",
			 p == 0 ? "" : p + 1 == r->players ? " and " : ", ", tp_symbol_names[r->symbol[p]]);
	tp_facts_set(f, "directions", "%s", dirs);
	tp_facts_set(f, "symbols", "%s", syms);
	/* A small run of games between random players, seed 1: the same
	 * figure on every build of this config. */
	struct tp_vector_sim s;
	int strategy[TP_SIM_MAX_SEATS] = { 0 };
	int rc = tp_vector_simulate(r, m, 40, 1, strategy, &s, e);
	if (rc != TP_OK)
		return rc;
	tp_facts_set(f, "sim_games", "%d", s.games);
	tp_facts_set(f, "sim_turns", "%.0f", s.turns);
	return TP_OK;
}

/* The box: the tiles and the pieces in the bag (the board is measured
 * from its sheet). */
/* A folding board's hinge: the nearest grid line of the play surface
 * (the ledge and clearance round it). */
static int board_edge(const struct tp_config *c, const void *model, int across, double at,
		      double side, double *edge, int *crossed, char *why, size_t n)
{
	(void)side;
	*crossed = 0;
	(void)model;
	const struct tp_vector_cfg *v = tp_vector(c);
	return tp_board_edge_grid(v->ledge_mm + v->clearance_mm, c->print.tile_mm,
				  across ? c->board.cols : c->board.rows, at, edge, why, n);
}

static int box_contents(struct tp_box_list *l, const struct tp_config *c, const void *model)
{
	const struct tp_vector_model *m = model;
	double t = c->print.tile_mm, p = tp_vector(c)->piece_pct / 100 * t;
	tp_box_add(l, "tiles", t, t, m->rows * m->cols, c->print.part_mm, 1);
	tp_box_add(l, "playing pieces", p, p, tp_vector(c)->rules.players, c->print.part_mm, 1);
	return 0;
}

static const struct tp_run one_game = { 1, 0 };

/* The counts for one game, and the tile list, in format fmt. */
static void counts(struct tp_buf *b, const struct tp_config *c, const void *m, int fmt)
{
	tp_vector_manifest_format(b, &tp_vector(c)->rules, m, &one_game, fmt);
}

static void tiles(struct tp_buf *b, const struct tp_config *c, const void *m, int fmt)
{
	tp_vector_pattern_format(b, &tp_vector(c)->rules, m, fmt);
}

static const struct tp_report_file files[] = {
	{ "counts.csv", counts, TP_FMT_CSV }, { "counts.json", counts, TP_FMT_JSON },
	{ "counts.txt", counts, TP_FMT_TEXT }, { "tiles.csv", tiles, TP_FMT_CSV },
};

/* The vector board is printed whole, and no square is an anchor. */
static const struct tp_unused_key vector_unused[] = {
	{ "print.split", "the vector board is one sheet, never split in halves (print.max_sheet_mm panels it when it is too large)" },
	{ "print.anchor_ink", "the vector tiles have no anchor squares to outline" },
	{ NULL, NULL },
};

const struct tp_game tp_game_vector = {
	.name = "vector",
	.title = "vector tiles (seed 001): board, 56 vector tiles, start/home/blank tiles, transparent pieces",
	.default_config = "config/vector.ini",
	.keys = tp_vector_keys,
	.n_keys = TP_VECTOR_N_KEYS,
	.unused = vector_unused,
	.inks = tp_vector_inks,
	.n_inks = TP_VECTOR_N_INKS,
	.cfg_size = sizeof(struct tp_vector_cfg),
	.tile_mm = 25,
	.defaults = tp_vector_defaults,
	.finish = tp_vector_finish,
	.derive = derive,
	.free_model = free_model,
	.sheets = tp_vector_sheets,
	.n_sheets = TP_VECTOR_N_SHEETS,
	.files = files,
	.n_files = sizeof files / sizeof files[0],
	.pattern = pattern,
	.manifest = manifest,
	.summary = summary,
	.simulate = simulate,
	.warnings = tp_vector_warnings,
	.rules_facts = rules_facts,
	.rules_figure = "setup",
	.box_contents = box_contents,
	.board_edge = board_edge,
	.art_places = tp_vector_art_places,
	.art_names = tp_vector_art_names,
};
