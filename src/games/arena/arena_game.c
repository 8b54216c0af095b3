/* The shape arena game (seed 002) as a row of the game table. */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/arena/config/arena_config.h"
#include "games/arena/sheets/arena_sheets.h"
#include "games/arena/model/arena_gridops.h"
#include "games/arena/model/arena_hinge.h"
#include "games/arena/play/arena_sim.h"
#include "games/board_wrap.h"
#include "games/game.h"
#include "games/rules.h"

static int derive(const struct tp_config *c, void **model, tp_err *e)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	struct tp_arena_model *m = NULL;
	int rc = tp_arena_model_derive(&a->rules, &a->shapes, &m, e);
	*model = m;
	return rc;
}

static void free_model(void *model)
{
	tp_arena_model_free(model);
}

static int pattern(struct tp_buf *b, const struct tp_config *c, const void *model,
		   const struct tp_report_opts *o, tp_err *e)
{
	(void)e;
	const struct tp_arena_model *m = model;
	tp_arena_pattern_format(b, &tp_arena(c)->rules, m->board, o->fmt);
	return TP_OK;
}

static int hand_out_csv(struct tp_buf *b, const struct tp_config *c, const struct tp_arena_model *m,
			int players, tp_err *e);

static int manifest(struct tp_buf *b, const struct tp_config *c, const void *model,
		    const struct tp_report_opts *o, tp_err *e)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_model *m = model;
	if (o->players) {
		if (o->run.games != 1 || o->run.spares_pct > 0)
			return tp_fail(e, TP_EINPUT,
				       "--players: lists the pieces of one game per player; --games and --spares apply to the print run (manifest without --players)");
		if (o->fmt == TP_FMT_CSV)
			return hand_out_csv(b, c, m, o->players, e);
		return tp_arena_deal_format(b, &a->shapes, o->players, o->fmt, e);
	}
	tp_arena_manifest_format(b, &a->rules, &a->shapes, m->board, &o->run, o->fmt);
	return TP_OK;
}

/* The numbered board's lines of `check`: totals per part (quarter, or
 * sector of a hex board: S of them), averages, the rise, the check. */
static void numbers_summary(struct tp_buf *b, const struct tp_arena_rules *r,
			    const struct tp_arena_board *bd, const char *part, int S)
{
	tp_buf_printf(b, "%s totals:", part);
	for (int q = 1; q <= S; q++)
		tp_buf_printf(b, " %ld", bd->quarter_total[q]);
	tp_buf_printf(b, "; inner arena by %s:", part);
	for (int q = 1; q <= S; q++)
		tp_buf_printf(b, " %ld", bd->inner_quarter_total[q]);
	tp_buf_printf(b, "; centre %ld\n", bd->quarter_total[0]);
	tp_buf_printf(b, "inner total %ld (average %.2f), outer total %ld (average %.2f)\n",
		      bd->inner_total, (double)bd->inner_total / bd->n_inner_numbered, bd->outer_total,
		      (double)bd->outer_total / bd->n_outer_numbered);
	double near, far, rise = tp_arena_outer_rise(bd, &near, &far);
	tp_buf_printf(b, "outer numbers rise toward the corners: correlation with the distance from the centre %.2f; mean %.2f on the nearest quarter of distances, %.2f on the farthest\n",
		      rise, near, far);
	char why[300];
	if (tp_arena_board_verify(r, bd, why, sizeof why) == 0)
		tp_buf_printf(b, "constraints: equal %s totals, equal inner %s totals, outer total greater and higher on average, numbers in range, no two %ss alike turned onto each other, no mirror symmetry: verified\n",
			      part, part, part);
	else
		tp_buf_printf(b, "constraints: FAILED: %s\n", why);
}

/* The colour board's lines of `check`: each colour's positions on the
 * board, per quarter (sector) and per inner quarter (sector), and the
 * chart. */
static void colours_summary(struct tp_buf *b, const struct tp_config *c,
			    const struct tp_arena_board *bd)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_rules *r = &a->rules;
	int q_n[7][TP_ARENA_COLOURS_MAX + 1] = { { 0 } }, i_n[7][TP_ARENA_COLOURS_MAX + 1] = { { 0 } };
	const struct tp_arena_gridops *g = tp_arena_gridops_for(bd->grid);
	int S = g->sectors;
	const char *part = g->part;
	long total = 0;
	for (int i = 0; i < bd->rows * bd->cols; i++) {
		q_n[bd->sq[i].quarter][bd->sq[i].colour]++;
		i_n[bd->sq[i].quarter][bd->sq[i].colour] += bd->sq[i].inner;
	}
	for (int k = 1; k <= r->colours; k++)
		total += bd->colour_n[k];
	tp_buf_printf(b, "coloured positions: %ld (the numbering's %s, the centre plain: the start)\n",
		      total, g->noun.cells);
	for (int k = 1; k <= r->colours; k++) {
		tp_buf_printf(b, "%s: %d positions; by %s", tp_palette_ink(&c->print.inks, TP_INK_COLOUR1 + k - 1)->key,
			      bd->colour_n[k], part);
		for (int q = 1; q <= S; q++)
			tp_buf_printf(b, " %d", q_n[q][k]);
		tp_buf_printf(b, ", inner arena");
		for (int q = 1; q <= S; q++)
			tp_buf_printf(b, " %d", i_n[q][k]);
		tp_buf_printf(b, "\n");
	}
	char why[300];
	if (tp_arena_board_verify(r, bd, why, sizeof why) == 0)
		tp_buf_printf(b, "constraints: every colour %s in every %s and every inner %s, no two %ss alike turned onto each other, no mirror symmetry: verified\n",
			      !g->rect || bd->rows == bd->cols ? "equally often" : "as often in quarters that turn onto each other, within one of its share",
			      part, part, part);
	else
		tp_buf_printf(b, "constraints: FAILED: %s\n", why);
	int need = tp_arena_collect(r, &a->shapes, bd);
	tp_buf_printf(b, "collecting: each player's chart holds %d of each colour (%d places)%s; counters: %ld, one per position\n",
		      need, need * r->colours, r->collect ? "" : " (arena.collect = 0: automatic)", total);
}

/* The board's first lines of `check`: its size and what it carries. */
static void board_lines(struct tp_buf *b, const struct tp_config *c, const struct tp_arena_board *bd)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_rules *r = &a->rules;
	const struct tp_arena_gridops *g = tp_arena_gridops_for(r->grid);
	long cells = g->cell_count(bd->rows, bd->cols);
	if (g->rect)
		tp_buf_printf(b, "board %dx%d squares of %g mm, seed %llu; inner arena %s%s; ", bd->rows,
			      bd->cols, a->square_mm, r->seed, tp_arena_inner_names[r->inner],
			      r->inner_size ? "" : " (default size)");
	else
		tp_buf_printf(b, g->board_line, r->side, cells, a->square_mm, r->seed,
			      tp_arena_inner_names[r->inner], r->inner_size ? "" : " (default size)");
	if (r->marking != TP_MARKING_NUMBERS) {
		tp_buf_printf(b, "marking %s, %d colours; numbering %s", tp_arena_marking_names[r->marking],
			      r->colours, tp_arena_numbering_names[r->numbering]);
	} else {
		tp_buf_printf(b, "numbers inner %d..%d, outer %d..%d\n", r->inner_min, r->inner_max,
			      r->outer_min, r->outer_max);
		tp_buf_printf(b, "numbered %s: %d (inner %d with the centre, outer %d) of %ld; numbering %s",
			      g->noun.cells, bd->n_inner_numbered + bd->n_outer_numbered,
			      bd->n_inner_numbered, bd->n_outer_numbered, cells,
			      tp_arena_numbering_names[r->numbering]);
	}
	if (r->numbering == TP_NUMBERING_GROUPS && !g->rect)
		tp_buf_printf(b, " (hexagonal groups %d cell%s across, their centres %d apart)", r->group_size,
			      r->group_size == 1 ? "" : "s", r->group_size + r->group_gap);
	else if (r->numbering == TP_NUMBERING_GROUPS)
		tp_buf_printf(b, " (groups of %d x %d squares, %d unnumbered between)", r->group_size,
			      r->group_size, r->group_gap);
	if (r->numbering == TP_NUMBERING_ALTERNATE)
		tp_buf_printf(b, "%s", g->text.alternate_note);
	tp_buf_printf(b, "\n");
}

static void summary(struct tp_buf *b, const struct tp_config *c, const void *model)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_rules *r = &a->rules;
	const struct tp_arena_model *m = model;
	const struct tp_arena_board *bd = m->board;
	const struct tp_arena_gridops *g = tp_arena_gridops_for(r->grid);
	int numbers = r->marking == TP_MARKING_NUMBERS;
	tp_buf_printf(b, "config %s: ok\n", c->path);
	board_lines(b, c, bd);
	if (numbers)
		numbers_summary(b, r, bd, g->part, g->sectors);
	else
		colours_summary(b, c, bd);
	tp_buf_printf(b, "shapes (%s):", a->shapes_path);
	for (int s = 0; s < TP_ARENA_SHAPES; s++)
		tp_buf_printf(b, " %s %d%s", a->shapes.s[s].name, a->shapes.s[s].n_cells,
			      s + 1 < TP_ARENA_SHAPES ? "," : "");
	tp_buf_printf(b, "\npieces: %d (six sets: 2 blank, 2 marked \"2\", 2 marked \"3\"), coloured for %d players\n",
		      TP_ARENA_PIECES, r->players);
	int parts = tp_arena_outer_parts(r);
	tp_buf_printf(b, "outer arena: %d separate part%s%s\n", parts, parts == 1 ? "" : "s",
		      g->text.outer_parts);
	char counts[160];
	tp_arena_gate_counts(r, counts, sizeof counts);
	if (numbers)
		tp_buf_printf(b, "gate: %d points open the outer arena%s; a %d-player hand can score at most %ld in the inner arena\n",
			      r->gate, counts, r->players, tp_arena_inner_reach(&a->shapes, bd, r->players));
	else
		tp_buf_printf(b, "gate: none (the collecting game has no points: the outer arena is open from the start; the marks on pieces do not count)\n");
	if (!g->rect)
		tp_buf_printf(b, "board print: %s\n",
			      c->print.split == TP_SPLIT_NONE ? "whole, cut round its cells"
			      : c->print.split == TP_SPLIT_ROWS ? "two parts, the rows above the centre's and the rest, each cut round its cells"
								: "two parts, the cells left of the centre and the rest, each cut round its cells");
	else
		tp_buf_printf(b, "board print: %s\n",
			      c->print.split == TP_SPLIT_NONE ? "whole"
			      : c->print.split == TP_SPLIT_ROWS ? "two parts, split after row rows/2"
								: "two parts, split after col cols/2");
}

static int simulate(struct tp_buf *b, const struct tp_config *c, const void *model,
		    const struct tp_sim_opts *o, tp_err *e)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_model *m = model;
	int players = o->players ? o->players : a->rules.players;
	if (a->rules.teams == TP_ARENA_TEAMS_INDIVIDUAL && players != 4)
		return tp_fail(e, TP_EINPUT,
			       "--players %d: arena.teams = individual is the seed's way for four players; use --players 4 or arena.teams = pairs",
			       players);
	int squares = tp_arena_piece_squares(&a->shapes, players);
	int R = tp_arena_rows(&a->rules), C = tp_arena_cols(&a->rules);
	const struct tp_arena_gridops *g = tp_arena_gridops_for(a->rules.grid);
	if (!g->rect && squares > g->cell_count(R, C))
		return tp_fail(e, TP_EINPUT,
			       "--players %d: the %d cells of a %d-player game's pieces do not fit the %s board's %ld cells; use a larger arena.side",
			       players, squares, players, g->noun.board, g->cell_count(R, C));
	if (squares > R * C)
		return tp_fail(e, TP_EINPUT,
			       "--players %d: the %d squares of a %d-player game's pieces do not fit the %dx%d board; use arena.side = %d or more",
			       players, squares, players, R, C, (int)ceil(sqrt(squares)) | 1);
	if (a->rules.marking != TP_MARKING_NUMBERS) {
		struct tp_arena_collect_sim cs;
		/* The chart a print for this many players carries. */
		struct tp_arena_rules rn = a->rules;
		rn.players = players;
		int need = tp_arena_collect(&rn, &a->shapes, m->board);
		struct tp_arena_way w = tp_arena_way_of(&a->rules);
		int rc = tp_arena_collect_simulate(&a->shapes, m->board, players, a->rules.colours, need,
						   o->games, o->seed, o->strategy, &w, &cs, e);
		if (rc == TP_OK)
			tp_arena_collect_format(b, &cs, o->fmt);
		return rc;
	}
	struct tp_arena_sim s;
	struct tp_arena_way w = tp_arena_way_of(&a->rules);
	int rc = tp_arena_simulate(&a->shapes, m->board, players, tp_arena_gate(&a->rules, players), o->games, o->seed,
				   o->strategy, &w, &s, e);
	if (rc == TP_OK)
		tp_arena_sim_format(b, &s, o->fmt);
	return rc;
}

static const struct tp_run one_game = { 1, 0 };

/* The pieces of one game's run, and the board's numbers, in format fmt. */
static void pieces(struct tp_buf *b, const struct tp_config *c, const void *m, int fmt)
{
	tp_arena_manifest_format(b, &tp_arena(c)->rules, &tp_arena(c)->shapes,
				 ((const struct tp_arena_model *)m)->board, &one_game, fmt);
}

static void board(struct tp_buf *b, const struct tp_config *c, const void *m, int fmt)
{
	tp_arena_pattern_format(b, &tp_arena(c)->rules, ((const struct tp_arena_model *)m)->board, fmt);
}

/* Which physical pieces of this print run to hand out for N players: csv
 * `player,shape,squares,mark,set,colour`, one row a piece, colour the ink
 * it is printed in (playerK).  TP_OK, or what tp_arena_hand_out returns. */
static int hand_out_csv(struct tp_buf *b, const struct tp_config *c, const struct tp_arena_model *m,
			int players, tp_err *e)
{
	const struct tp_arena_shapes *sh = &tp_arena(c)->shapes;
	int printed[TP_ARENA_PIECES], to[TP_ARENA_PIECES];
	for (int i = 0; i < TP_ARENA_PIECES; i++)
		printed[i] = m->piece[i].player;
	int rc = tp_arena_hand_out(sh, printed, players, to, e);
	if (rc != TP_OK)
		return rc;
	tp_buf_printf(b, "player,shape,squares,mark,set,colour\n");
	for (int p = 1; p <= players; p++)
		for (int i = 0; i < TP_ARENA_PIECES; i++)
			if (to[i] == p)
				tp_buf_printf(b, "%d,%s,%d,%s,%d,%s\n", p, sh->s[m->piece[i].shape].name,
					      sh->s[m->piece[i].shape].n_cells,
					      tp_arena_mark_names[m->piece[i].mark], m->piece[i].set,
					      tp_palette_ink(&c->print.inks, tp_arena_piece_ink(&m->piece[i]))->key);
	return TP_OK;
}

/* deal-N.csv: the players are checked, so only memory can fail, and that
 * shows as the buffer's oom. */
static void deal(struct tp_buf *b, const struct tp_config *c, const void *m, int players)
{
	tp_err e = { 0 };
	if (hand_out_csv(b, c, m, players, &e) != TP_OK)
		b->oom = 1;
}

static const struct tp_report_file files[] = {
	{ "pieces.csv", pieces, TP_FMT_CSV }, { "pieces.json", pieces, TP_FMT_JSON },
	{ "pieces.txt", pieces, TP_FMT_TEXT }, { "board.csv", board, TP_FMT_CSV },
	{ "board.txt", board, TP_FMT_TEXT },  { "deal-2.csv", deal, 2 },
	{ "deal-3.csv", deal, 3 },            { "deal-4.csv", deal, 4 },
	{ "deal-5.csv", deal, 5 },            { "deal-6.csv", deal, 6 },
};

/* The arena sizes everything from its own square, and has no anchors. */
static const struct tp_unused_key arena_unused[] = {
	{ "print.tile_mm", "the board square and piece cell is arena.square_mm; set that instead" },
	{ "print.anchor_ink", "the arena has no anchor squares to outline (its start, the centre square, is ringed in the numbers' ink)" },
	{ NULL, NULL },
};

/* The box: the pieces in the bag, each as a square of its area (the
 * board is measured from its sheet). */
static int box_contents(struct tp_box_list *l, const struct tp_config *c, const void *model)
{
	(void)model;
	const struct tp_arena_cfg *a = tp_arena(c);
	for (int i = 0; i < TP_ARENA_SHAPES; i++) {
		char what[80];
		double side = a->square_mm * sqrt(a->shapes.s[i].n_cells);
		snprintf(what, sizeof what, "pieces: %s", a->shapes.s[i].name);
		tp_box_add(l, what, side, side, TP_ARENA_SETS, c->print.part_mm, 1);
	}
	return 0;
}

/* A folding board's hinge: the nearest line between squares; on hexagons
 * and triangles, which meet in zigzags or slants, the line near the
 * middle that runs through the fewest cells (arena_hinge.h). */
static int board_edge(const struct tp_config *c, const void *model, int across, double at,
		      double side, double *edge, int *crossed, char *why, size_t n)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_model *m = model;
	double top, bottom;   /* the ledges a pack's title or credit line adds */
	tp_arena_ledges(c, &top, &bottom);
	if (!tp_arena_gridops_for(a->rules.grid)->rect) {
		/* Down the board the cells lie between the ledges, which differ
		 * when the pack fills only the title or the credit line: the
		 * hinge is sought near the middle of the board as made, among
		 * the cells where they are. */
		double off = across ? 0 : top;
		tp_arena_hinge(m->board, a->square_mm, across, across ? side : side - top - bottom,
			       at - off, edge, crossed);
		*edge += off;
		return 0;
	}
	*crossed = 0;
	return tp_board_edge_grid(across ? 0 : top, a->square_mm,
				  across ? tp_arena_cols(&a->rules) : tp_arena_rows(&a->rules), at, edge,
				  why, n);
}

/* The booklet's numbers (templates/rules/arena.LANG.ini). */
static int rules_facts(struct tp_facts *f, const struct tp_config *c, const void *model, tp_err *e)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_rules *r = &a->rules;
	const struct tp_arena_model *m = model;
	const struct tp_arena_board *bd = m->board;
	const struct tp_arena_gridops *g = tp_arena_gridops_for(r->grid);
	int P = r->players;
	tp_facts_set(f, "players", "%d", P);
	tp_facts_set(f, "cell", "%s", g->noun.cell);
	tp_facts_set(f, "cells", "%s", g->noun.cells);
	tp_facts_set(f, "square_grid", "%d", g->rect);
	tp_facts_set(f, "rows", "%d", bd->rows);
	tp_facts_set(f, "cols", "%d", bd->cols);
	tp_facts_set(f, "numbers", "%d", r->marking == TP_MARKING_NUMBERS);
	tp_facts_set(f, "numbered", "%d", bd->n_inner_numbered + bd->n_outer_numbered);
	tp_facts_set(f, "inner_min", "%d", r->inner_min);
	tp_facts_set(f, "inner_max", "%d", r->inner_max);
	tp_facts_set(f, "outer_min", "%d", r->outer_min);
	tp_facts_set(f, "outer_max", "%d", r->outer_max);
	tp_facts_set(f, "inner_shape", "%s", tp_arena_inner_names[r->inner]);
	tp_facts_set(f, "outer_parts", "%d", tp_arena_outer_parts(r));
	tp_facts_set(f, "gate", "%d", r->gate);
	char counts[160] = "";
	tp_arena_gate_counts(r, counts, sizeof counts);
	tp_facts_set(f, "gate_counts", "%s", counts);
	tp_facts_set(f, "mark_a", "%s", tp_arena_mark_names[TP_MARK_2]);
	tp_facts_set(f, "mark_b", "%s", tp_arena_mark_names[TP_MARK_3]);
	tp_facts_set(f, "pieces", "%d", TP_ARENA_PIECES);
	tp_facts_set(f, "sets", "%d", TP_ARENA_SETS);
	tp_facts_set(f, "per_mark", "%d", TP_ARENA_SETS / TP_MARK_N);
	tp_facts_set(f, "shapes", "%d", TP_ARENA_SHAPES);
	tp_facts_set(f, "hand", "%d", P >= 5 ? TP_ARENA_SHAPES : TP_ARENA_PIECES / (P == 4 ? 4 : P));
	tp_facts_set(f, "marks_score", "%d", tp_arena_marks_score(P));
	tp_facts_set(f, "two_players", "%d", P == 2);
	tp_facts_set(f, "die_game", "%d", r->variant == TP_ARENA_VARIANT_DIE);
	tp_facts_set(f, "eye_start", "%d", r->start == TP_ARENA_START_EYE);
	tp_facts_set(f, "pairs", "%d", P == 4 && r->teams == TP_ARENA_TEAMS_PAIRS);
	tp_facts_set(f, "individual", "%d", P == 4 && r->teams == TP_ARENA_TEAMS_INDIVIDUAL);
	char list[200] = "";
	for (int i = 0; i < TP_ARENA_SHAPES; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s (%d)",
			 i ? ", " : "", a->shapes.s[i].name, a->shapes.s[i].n_cells);
	tp_facts_set(f, "shape_list", "%s", list);
	if (r->marking != TP_MARKING_NUMBERS)
		return TP_OK;
	struct tp_arena_sim s;
	int strategy[TP_SIM_MAX_SEATS] = { 0 };
	struct tp_arena_way w = tp_arena_way_of(r);
	int rc = tp_arena_simulate(&a->shapes, bd, P, tp_arena_gate(r, P), 20, 1, strategy, &w, &s, e);
	if (rc != TP_OK)
		return rc;
	tp_facts_set(f, "sim_games", "%d", s.games);
	tp_facts_set(f, "sim_turns", "%.0f", s.turns);
	tp_facts_set(f, "sim_score", "%.0f", s.score[0]);
	return TP_OK;
}

const struct tp_game tp_game_arena = {
	.name = "arena",
	.title = "shape arena (seed 002): numbered 19x19 board, inner and outer arenas, 36 polyomino pieces",
	.default_config = "config/arena.ini",
	.keys = tp_arena_keys,
	.n_keys = TP_ARENA_N_KEYS,
	.unused = arena_unused,
	.inks = tp_arena_inks,
	.n_inks = TP_ARENA_N_INKS,
	.cfg_size = sizeof(struct tp_arena_cfg),
	.tile_mm = 25,   /* arena.square_mm's default */
	.defaults = tp_arena_defaults,
	.finish = tp_arena_finish,
	.release = NULL,
	.level = NULL,
	.tile_size = tp_arena_tile_size,
	.derive = derive,
	.free_model = free_model,
	.sheets = tp_arena_sheets,
	.n_sheets = TP_ARENA_N_SHEETS,
	.files = files,
	.n_files = sizeof files / sizeof files[0],
	.pattern = pattern,
	.manifest = manifest,
	.summary = summary,
	.simulate = simulate,
	.warnings = tp_arena_warnings,
	.rules_facts = rules_facts,
	.rules_figure = "board",
	.box_contents = box_contents,
	.board_edge = board_edge,
	.art_places = tp_arena_art_places,
	.art_names = tp_arena_art_names,
};
