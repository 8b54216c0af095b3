/* The shape arena board's rules: the settings' checks and the geometry of
 * the board (rows, columns, arenas, quarters, turns) that the generator,
 * its verifier and the playability checks share (contracts in
 * arena_core.h and arena_grid.h). */
#include "games/arena/model/arena_grid.h"
#include "games/arena/model/arena_gridops.h"

#include <stdio.h>
#include <stdlib.h>

#include "games/arena/model/arena_hex.h"
#include "games/arena/model/arena_tri.h"
#include <string.h>

const char *const tp_arena_inner_names[TP_INNER_N] = { "diamond", "square", "circle" };
const char *const tp_arena_numbering_names[TP_NUMBERING_N] = { "alternate", "groups", "all" };
const char *const tp_arena_marking_names[TP_MARKING_N] = { "numbers", "colours", "pictures" };

int tp_arena_inner_parse(const char *name)
{
	for (int i = 0; i < TP_INNER_N; i++)
		if (strcmp(name, tp_arena_inner_names[i]) == 0)
			return i;
	return -1;
}

int tp_arena_gate(const struct tp_arena_rules *r, int players)
{
	return players >= 2 && players <= 6 && r->gate_for[players] > 0 ? r->gate_for[players] : r->gate;
}

void tp_arena_gate_text(const struct tp_arena_rules *r, char *out, size_t n)
{
	size_t k = (size_t)snprintf(out, n, "%d", r->gate);
	for (int p = 2; p <= 6 && k < n; p++)
		if (r->gate_for[p] > 0)
			k += (size_t)snprintf(out + k, n - k, ", %d:%d", p, r->gate_for[p]);
}

void tp_arena_gate_counts(const struct tp_arena_rules *r, char *out, size_t n)
{
	static const char *const words[7] = { "", "", "two", "three", "four", "five", "six" };
	size_t k = 0;
	out[0] = '\0';
	for (int p = 2; p <= 6 && k < n; p++)
		if (tp_arena_gate(r, p) != r->gate)
			k += (size_t)snprintf(out + k, n - k, "%s%d with %s players", k ? ", " : " (",
					      r->gate_for[p], words[p]);
	if (k > 0 && k < n)
		snprintf(out + k, n - k, ")");
}

void tp_arena_rules_default(struct tp_arena_rules *r)
{
	memset(r, 0, sizeof *r);
	r->side = 19;
	r->seed = 1;
	r->inner = TP_INNER_DIAMOND;
	r->inner_size = 0;
	r->inner_min = 1;
	r->inner_max = 9;
	r->outer_min = 5;
	r->outer_max = 20;
	r->players = 2;
	r->gate = TP_ARENA_GATE_DEFAULT;
	r->numbering = TP_NUMBERING_ALTERNATE;
	r->group_size = 3;
	r->group_gap = 2;
	r->marking = TP_MARKING_NUMBERS;
	r->colours = 4;
	r->collect = 0;
}

/* ---- geometry ------------------------------------------------------------- */

const struct tp_arena_gridops *tp_arena_gridops_for(int grid)
{
#define TP_ARENA_GRID_OPS(id, table, name) [id] = &table,
	static const struct tp_arena_gridops *const ops[TP_GRID_N] = { TP_ARENA_GRIDS(TP_ARENA_GRID_OPS) };
	return grid >= 0 && grid < TP_GRID_N ? ops[grid] : &tp_arena_grid_square;
}

const char *tp_arena_grid_name(int grid)
{
#define TP_ARENA_GRID_NAME(id, table, name) [id] = name,
	static const char *const names[TP_GRID_N] = { TP_ARENA_GRIDS(TP_ARENA_GRID_NAME) };
	return grid >= 0 && grid < TP_GRID_N ? names[grid] : names[TP_GRID_SQUARE];
}

int tp_arena_rows(const struct tp_arena_rules *r)
{
	return tp_arena_gridops_for(r->grid)->rows(r);
}

int tp_arena_cols(const struct tp_arena_rules *r)
{
	return tp_arena_gridops_for(r->grid)->cols(r);
}

/* The inner arena's size after defaults.  Pure arithmetic on valid rules. */
static int inner_size(const struct tp_arena_rules *r)
{
	if (r->inner_size > 0)
		return r->inner_size;
	return tp_arena_gridops_for(r->grid)->inner_default(r);
}

int tp_arena_inner_in(const struct tp_arena_rules *r, int size, int row, int col)
{
	return tp_arena_gridops_for(r->grid)->inner_in(r, size, row, col);
}

int tp_arena_inner_at(const struct tp_arena_rules *r, int row, int col)
{
	return tp_arena_inner_in(r, tp_arena_inner_size_of(r), row, col);
}

int tp_arena_inner_size_of(const struct tp_arena_rules *r)
{
	return inner_size(r);
}

/* Quarter of (row, col): 1..4 as the pinwheel in arena_core.h, 0 centre. */
int tp_arena_quarter_of(int R, int C, int row, int col)
{
	int a = R / 2, b = C / 2;
	if (row < a && col <= b)
		return 1;
	if (row <= a && col > b)
		return 2;
	if (row > a && col >= b)
		return 3;
	if (row >= a && col < b)
		return 4;
	return 0;
}

/* Quarter q's rows r0..r1 and columns c0..c1. */
void tp_arena_quarter_box(int R, int C, int q, int box[4])
{
	int a = R / 2, b = C / 2;
	static const int k[5][4] = { { 0 }, { 0, 1, 0, 2 }, { 0, 3, 4, 5 }, { 6, 7, 8, 5 },
				     { 9, 7, 0, 10 } };
	const int v[11] = { 0, a - 1, b, a, b + 1, C - 1, a + 1, R - 1, b, a, b - 1 };
	for (int i = 0; i < 4; i++)
		box[i] = v[k[q][i]];
}

/* t clockwise quarter turns about the centre: any t on a square board,
 * only even t (half turns) on a rectangle, where an odd t does nothing. */
void tp_arena_turn(int R, int C, int t, int *row, int *col)
{
	t = ((t % 4) + 4) % 4;
	if (R != C) {
		if (t == 2) {
			*row = R - 1 - *row;
			*col = C - 1 - *col;
		}
		return;
	}
	for (int i = 0; i < t; i++) {
		int r0 = *row;
		*row = *col;
		*col = C - 1 - r0;
	}
}

/* Whether quarter q turns onto quarter p (every pair on a square board,
 * 1-3 and 2-4 on a rectangle), and the quarter whose list quarter q uses:
 * 1 on a square, 1 or 2 on a rectangle. */
int tp_arena_congruent(int R, int C, int q, int p)
{
	return R == C || (q - p) % 2 == 0;
}

int tp_arena_base_quarter(int R, int C, int q)
{
	return R == C || q % 2 ? 1 : 2;
}

int tp_arena_numbered_at(const struct tp_arena_rules *r, int row, int col)
{
	return tp_arena_gridops_for(r->grid)->numbered_at(r, row, col);
}

/* arena.numbering and, for groups, the groups' size and gap. */
static int check_numbering(const struct tp_arena_rules *r, tp_err *e)
{
	if (r->numbering < 0 || r->numbering >= TP_NUMBERING_N)
		return tp_fail(e, TP_EINPUT,
			       "arena.numbering = %d: not a numbering; use alternate, groups or all",
			       r->numbering);
	if (r->group_size < 1 || r->group_size > TP_ARENA_GROUP_MAX || r->group_size % 2 == 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.group_size = %d: a group is an odd number of cells a side (squares, or a hexagon of cells on hex and tri boards), 1 to %d (odd, so that one group is centred on the centre cell)",
			       r->group_size, TP_ARENA_GROUP_MAX);
	if (r->group_gap < 1 || r->group_gap > TP_ARENA_GROUP_MAX)
		return tp_fail(e, TP_EINPUT,
			       "arena.group_gap = %d: the unnumbered cells between groups run from 1 to %d",
			       r->group_gap, TP_ARENA_GROUP_MAX);
	return TP_OK;
}

/* arena.marking, arena.colours and arena.collect. */
static int check_marking(const struct tp_arena_rules *r, tp_err *e)
{
	if (r->marking < 0 || r->marking >= TP_MARKING_N)
		return tp_fail(e, TP_EINPUT,
			       "arena.marking = %d: not a marking; use numbers, colours or pictures",
			       r->marking);
	if (r->colours < TP_ARENA_COLOURS_MIN || r->colours > TP_ARENA_COLOURS_MAX)
		return tp_fail(e, TP_EINPUT,
			       "arena.colours = %d: the colour classes number %d to %d (the inks colour1..colour%d)",
			       r->colours, TP_ARENA_COLOURS_MIN, TP_ARENA_COLOURS_MAX,
			       TP_ARENA_COLOURS_MAX);
	if (r->collect < 0 || r->collect > TP_ARENA_COLLECT_MAX)
		return tp_fail(e, TP_EINPUT,
			       "arena.collect = %d: the counters of each colour on a chart: 0 (automatic) or 1..%d",
			       r->collect, TP_ARENA_COLLECT_MAX);
	return TP_OK;
}

/* The checks that do not depend on the grid. */
int tp_arena_check_common(const struct tp_arena_rules *r, tp_err *e)
{
	if (r->inner < 0 || r->inner >= TP_INNER_N)
		return tp_fail(e, TP_EINPUT, "arena.inner = %d: not an inner-arena shape; use diamond, square or circle",
			       r->inner);
	const char *key[4] = { "inner_min", "inner_max", "outer_min", "outer_max" };
	int val[4] = { r->inner_min, r->inner_max, r->outer_min, r->outer_max };
	for (int i = 0; i < 4; i++)
		if (val[i] < 1 || val[i] > TP_ARENA_NUMBER_MAX)
			return tp_fail(e, TP_EINPUT,
				       "arena.%s = %d: numbers run from 1 to %d (0 would read as an unnumbered square)",
				       key[i], val[i], TP_ARENA_NUMBER_MAX);
	if (r->inner_min > r->inner_max)
		return tp_fail(e, TP_EINPUT, "arena.inner_min %d > inner_max %d: the range is empty; allowed: inner_min <= inner_max",
			       r->inner_min, r->inner_max);
	if (r->outer_min > r->outer_max)
		return tp_fail(e, TP_EINPUT, "arena.outer_min %d > outer_max %d: the range is empty; allowed: outer_min <= outer_max",
			       r->outer_min, r->outer_max);
	if (r->players < 2 || r->players > 6)
		return tp_fail(e, TP_EINPUT, "arena.players = %d: the game is for 2 to 6 players; allowed: 2..6",
			       r->players);
	if (r->gate < 1 || r->gate > TP_ARENA_GATE_MAX)
		return tp_fail(e, TP_EINPUT,
			       "arena.gate = %d: the points that open the outer arena run from 1 to %d (the seed's 75 is the default)",
			       r->gate, TP_ARENA_GATE_MAX);
	return TP_OK;
}

/* layout 0: each setting on its own; 1: also the numbering's layout, an
 * inner and an outer arena holding numbers in every quarter. */
static int rules_check(const struct tp_arena_rules *r, int layout, tp_err *e)
{
	if (r->grid < 0 || r->grid >= TP_GRID_N)
		return tp_fail(e, TP_EINPUT, "arena.grid = %d: not a grid; use square or hex", r->grid);
	if (check_numbering(r, e) != TP_OK || check_marking(r, e) != TP_OK)
		return e->code;
	return tp_arena_gridops_for(r->grid)->rules_check(r, layout, e);
}

int tp_arena_square_rules_check(const struct tp_arena_rules *r, int layout, tp_err *e)
{
	if (r->side < TP_ARENA_SIDE_MIN || r->side > TP_ARENA_SIDE_MAX || r->side % 2 == 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.side = %d: the side is an odd number of squares from %d to %d (odd, so that there is a centre square to start on; at least %d, so that the longest shape, the 6-square Gun, fits)",
			       r->side, TP_ARENA_SIDE_MIN, TP_ARENA_SIDE_MAX, TP_ARENA_SIDE_MIN);
	const char *dim[2] = { "rows", "cols" };
	const int dv[2] = { r->rows, r->cols };
	for (int i = 0; i < 2; i++)
		if (dv[i] != 0 && (dv[i] < TP_ARENA_SIDE_MIN || dv[i] > TP_ARENA_SIDE_MAX || dv[i] % 2 == 0))
			return tp_fail(e, TP_EINPUT,
				       "arena.%s = %d: a rectangular board's %s are an odd number from %d to %d (odd, so that there is a centre square; at least %d, so that the 6-square Gun fits), or 0 for arena.side",
				       dim[i], dv[i], dim[i], TP_ARENA_SIDE_MIN, TP_ARENA_SIDE_MAX, TP_ARENA_SIDE_MIN);
	if (tp_arena_check_common(r, e) != TP_OK)
		return e->code;
	int R = tp_arena_rows(r), C = tp_arena_cols(r), m = R / 2;
	if (r->inner_size < 0 || r->inner_size > 2 * m)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner_size = %d: give 0 for the %s's default or a size from 1 to %d squares from the centre",
			       r->inner_size, tp_arena_inner_names[r->inner], 2 * m);
	if (!layout)
		return TP_OK;
	/* The arenas must each hold numbers in every quarter; by symmetry the
	 * counts in quarters 1 and 2 hold for 3 and 4. */
	int size = tp_arena_inner_size_of(r), a = R * C, b = R * C;
	for (int q = 1; q <= 2; q++) {
		int box[4], qa = 0, qb = 0;
		tp_arena_quarter_box(R, C, q, box);
		for (int row = box[0]; row <= box[1]; row++)
			for (int col = box[2]; col <= box[3]; col++)
				if (tp_arena_numbered_at(r, row, col) && tp_arena_inner_in(r, size, row, col))
					qa++;
				else if (tp_arena_numbered_at(r, row, col))
					qb++;
		a = qa < a ? qa : a;
		b = qb < b ? qb : b;
	}
	if ((a == 0 || b == 0) && r->numbering == TP_NUMBERING_GROUPS)
		return tp_fail(e, TP_EINPUT,
			       "arena.group_gap = %d: groups of %d x %d squares %d apart leave the %s arena of a quarter without a numbered square; use arena.group_gap = 1 or a larger arena.group_size",
			       r->group_gap, r->group_size, r->group_size, r->group_gap,
			       a == 0 ? "inner" : "outer");
	if (a == 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner_size = %d: the %s inner arena holds no numbered square in a quarter; make it larger",
			       size, tp_arena_inner_names[r->inner]);
	if (b == 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner_size = %d: the %s inner arena leaves no numbered square to the outer arena; make it smaller",
			       size, tp_arena_inner_names[r->inner]);
	return TP_OK;
}


int tp_arena_rules_check(const struct tp_arena_rules *r, tp_err *e)
{
	return rules_check(r, 1, e);
}

int tp_arena_rules_check_keys(const struct tp_arena_rules *r, tp_err *e)
{
	return rules_check(r, 0, e);
}
