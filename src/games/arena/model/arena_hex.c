/* The hexagonal board's geometry and settings (contracts in arena_hex.h). */
#include "games/arena/model/arena_hex.h"
#include "games/arena/model/arena_grid.h"
#include "games/arena/model/arena_gridops.h"

#include <math.h>
#include <stdlib.h>

int tp_arena_sectors(int grid)
{
	return tp_arena_gridops_for(grid)->sectors;
}

int tp_arena_hex_n(const struct tp_arena_rules *r)
{
	return r->side - 1;
}

long tp_arena_hex_cells(int n)
{
	return 3L * n * (n + 1) + 1;
}

static int imax3(int a, int b, int c)
{
	a = abs(a);
	b = abs(b);
	c = abs(c);
	return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

int tp_arena_hex_on(int n, int row, int col)
{
	int r = row - n, q = col - n;
	return row >= 0 && col >= 0 && row <= 2 * n && col <= 2 * n && abs(q + r) <= n;
}

void tp_arena_hex_turn(int t, int *q, int *r)
{
	t = ((t % 6) + 6) % 6;
	for (int i = 0; i < t; i++) {
		int q0 = *q;
		*q = -*r;
		*r = q0 + *r;
	}
}

void tp_arena_hex_mirror(int a, int *q, int *r)
{
	tp_arena_hex_turn(a, q, r);
	int t = *q;
	*q = *r;
	*r = t;
}

int tp_arena_hex_sector(int q, int r)
{
	if (q == 0 && r == 0)
		return 0;
	/* Turned back k times into sector 1 (q > 0, r >= 0): sector k + 1. */
	for (int k = 0; k < 6; k++) {
		int q2 = q, r2 = r;
		tp_arena_hex_turn(-k, &q2, &r2);
		if (q2 > 0 && r2 >= 0)
			return k + 1;
	}
	return 0; /* not reached */
}

int tp_arena_hex_numbered(const struct tp_arena_rules *r, int q, int rr)
{
	if (r->numbering == TP_NUMBERING_ALL)
		return 1;
	if (r->numbering == TP_NUMBERING_GROUPS)
		return tp_arena_band_group(r, q, rr, -q - rr);
	return ((q - rr) % 3 + 3) % 3 == 0;
}

int tp_arena_hex_inner(int inner, int size, int q, int r)
{
	int s = -q - r;
	switch (inner) {
	case TP_INNER_SQUARE:
		return imax3(q, r, s) <= size;
	default: {
		int hi = q > r ? (q > s ? q : s) : (r > s ? r : s);
		int lo = q < r ? (q < s ? q : s) : (r < s ? r : s);
		return 2 * hi <= size + 1 || -2 * lo <= size + 1;
	}
	}
}

int tp_arena_hex_inner_default(int inner, int n)
{
	if (inner != TP_INNER_SQUARE)
		return n;
	long half = (tp_arena_hex_cells(n) + 1) / 2;
	int k = 0;
	while (tp_arena_hex_cells(k + 1) <= half)
		k++;
	return k;
}

double tp_arena_hex_dist(int q, int r)
{
	return sqrt((double)q * q + (double)q * r + (double)r * r);
}

int tp_arena_hex_rules_check(const struct tp_arena_rules *r, int layout, tp_err *e)
{
	if (tp_arena_check_common(r, e) != TP_OK)
		return e->code;
	if (r->side < TP_ARENA_HEX_SIDE_MIN || r->side > TP_ARENA_HEX_SIDE_MAX)
		return tp_fail(e, TP_EINPUT,
			       "arena.side = %d: a hex board has %d to %d cells an edge (at least %d, so that the 6-cell Gun fits across)",
			       r->side, TP_ARENA_HEX_SIDE_MIN, TP_ARENA_HEX_SIDE_MAX, TP_ARENA_HEX_SIDE_MIN);
	if (r->rows != 0 || r->cols != 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.%s = %d: a hex board (arena.grid = hex) is a hexagon of arena.side cells an edge; leave rows and cols 0",
			       r->rows != 0 ? "rows" : "cols", r->rows != 0 ? r->rows : r->cols);
	if (r->inner == TP_INNER_CIRCLE)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner = circle: on a hex board a circle that reaches the edges, as it must to leave separate outer parts, covers nine tenths of the board; use diamond (a six-pointed star)");
	int n = tp_arena_hex_n(r);
	if (r->inner_size < 0 || r->inner_size > 2 * n)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner_size = %d: give 0 for the %s's default or a size from 1 to %d cells from the centre",
			       r->inner_size, tp_arena_inner_names[r->inner], 2 * n);
	if (!layout)
		return TP_OK;
	/* Both arenas hold numbers in every sector (the sectors are turns of
	 * sector 1, so sector 1 tells). */
	int size = r->inner_size > 0 ? r->inner_size : tp_arena_hex_inner_default(r->inner, n);
	int a = 0, b = 0;
	for (int rr = -n; rr <= n; rr++)
		for (int q = -n; q <= n; q++)
			if (abs(q + rr) <= n && tp_arena_hex_sector(q, rr) == 1 &&
			    tp_arena_hex_numbered(r, q, rr)) {
				if (tp_arena_hex_inner(r->inner, size, q, rr))
					a++;
				else
					b++;
			}
	if ((a == 0 || b == 0) && r->numbering == TP_NUMBERING_GROUPS)
		return tp_fail(e, TP_EINPUT,
			       "arena.group_gap = %d: groups %d cell%s across, %d unnumbered between, leave the %s arena of a sector without a numbered cell; use a smaller arena.group_gap or a larger arena.group_size",
			       r->group_gap, r->group_size, r->group_size == 1 ? "" : "s", r->group_gap,
			       a == 0 ? "inner" : "outer");
	if (a == 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner_size = %d: the %s inner arena holds no numbered cell in a sector; make it larger",
			       size, tp_arena_inner_names[r->inner]);
	if (b == 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner_size = %d: the %s inner arena leaves no numbered cell to the outer arena of a sector; make it smaller",
			       size, tp_arena_inner_names[r->inner]);
	return TP_OK;
}

void tp_arena_turn_cs(double deg, double *ca, double *sa)
{
	*ca = cos(deg * M_PI / 180);
	*sa = sin(deg * M_PI / 180);
}

int tp_arena_hex_facing(int sector)
{
	/* Sector k's cells lie nearest the board edge whose outward normal
	 * points 30 + 60 (k - 1) degrees clockwise from east (the board's
	 * corners are at 0, 60, ... degrees); a number reads upright from
	 * there when turned that less 90 degrees. */
	return sector == 0 ? 0 : 60 * (sector - 1) + 30 - 90;
}
