/* The triangular board's geometry and settings (contracts in arena_tri.h). */
#include "games/arena/model/arena_tri.h"
#include "games/arena/model/arena_grid.h"

#include <math.h>
#include <stdlib.h>

void tp_arena_tri_bands(int L, int r, int c, int *a, int *b, int *d)
{
	*a = L - 1 - r;
	*b = c / 2;
	*d = r - (c + 1) / 2;
}

void tp_arena_tri_slot(int L, int a, int b, int d, int *r, int *c)
{
	int sum = a + b + d;
	if (a < 0 || b < 0 || d < 0 || (sum != L - 1 && sum != L - 2)) {
		*r = *c = -1;
		return;
	}
	*r = L - 1 - a;
	*c = 2 * b + (sum == L - 2);
}

int tp_arena_tri_on(int L, int r, int c)
{
	return r >= 0 && r < L && c >= 0 && c <= 2 * r;
}

int tp_arena_tri_sector(int L, int r, int c)
{
	int v[3];
	tp_arena_tri_bands(L, r, c, &v[0], &v[1], &v[2]);
	int lo = v[0] < v[1] ? (v[0] < v[2] ? v[0] : v[2]) : (v[1] < v[2] ? v[1] : v[2]);
	int at[3] = { v[0] == lo, v[1] == lo, v[2] == lo };
	if (at[0] && at[1] && at[2])
		return 0;
	/* Two as near: the first in the order 1, 2, 3, 1. */
	for (int k = 0; k < 3; k++)
		if (at[k] && (!at[(k + 2) % 3] || at[(k + 1) % 3]))
			return k + 1;
	return 0; /* not reached */
}

void tp_arena_tri_turn(int L, int t, int *r, int *c)
{
	int v[3];
	tp_arena_tri_bands(L, *r, *c, &v[0], &v[1], &v[2]);
	t = ((t % 3) + 3) % 3;
	for (int i = 0; i < t; i++) {
		int x = v[2];
		v[2] = v[1];
		v[1] = v[0];
		v[0] = x;
	}
	tp_arena_tri_slot(L, v[0], v[1], v[2], r, c);
}

void tp_arena_tri_mirror(int L, int k, int *r, int *c)
{
	int v[3];
	tp_arena_tri_bands(L, *r, *c, &v[0], &v[1], &v[2]);
	/* Mirror k keeps band k and swaps the other two. */
	int i = (k + 1) % 3, j = (k + 2) % 3, x = v[i];
	v[i] = v[j];
	v[j] = x;
	tp_arena_tri_slot(L, v[0], v[1], v[2], r, c);
}

int tp_arena_tri_numbered(const struct tp_arena_rules *rl, int r, int c)
{
	if (rl->numbering == TP_NUMBERING_GROUPS) {
		int a, b, d, m = (rl->side - 1) / 3;
		tp_arena_tri_bands(rl->side, r, c, &a, &b, &d);
		return tp_arena_band_group(rl, a - m, b - m, d - m);
	}
	return rl->numbering == TP_NUMBERING_ALL || c % 2 == 0;
}

int tp_arena_tri_inner(int L, int inner, int size, int r, int c)
{
	int a, b, d, m = (L - 1) / 3;
	tp_arena_tri_bands(L, r, c, &a, &b, &d);
	if (inner == TP_INNER_SQUARE)
		return a >= m - size && b >= m - size && d >= m - size;
	return a <= size && b <= size && d <= size;
}

int tp_arena_tri_inner_default(int inner, int L)
{
	if (inner != TP_INNER_SQUARE)
		return L - 1 - (int)lround(L / sqrt(6.0));
	/* The largest parallel triangle with at most half the cells: k bands
	 * round the centre make a triangle of side 3k + 1. */
	int k = 0;
	while (2L * (3 * (k + 1) + 1) * (3 * (k + 1) + 1) <= (long)L * L)
		k++;
	return k;
}

double tp_arena_tri_dist(int L, int r, int c)
{
	/* Centroids: x = (c - r) / 2, y = (r + 2/3) sqrt(3)/2 (up) or
	 * (r + 1/3) sqrt(3)/2 (down), in cell edges; the board's centroid the
	 * centre cell's. */
	int m = (L - 1) / 3;
	double x = (c - r) / 2.0, y = (r + (c % 2 ? 1.0 : 2.0) / 3) * sqrt(3.0) / 2;
	double y0 = (2 * m + 2.0 / 3) * sqrt(3.0) / 2;
	return hypot(x, y - y0);
}

int tp_arena_tri_rules_check(const struct tp_arena_rules *r, int layout, tp_err *e)
{
	if (tp_arena_check_common(r, e) != TP_OK)
		return e->code;
	int L = r->side;
	if (L < TP_ARENA_TRI_SIDE_MIN || L > TP_ARENA_TRI_SIDE_MAX || L % 3 != 1)
		return tp_fail(e, TP_EINPUT,
			       "arena.side = %d: a triangular board has 3m + 1 cells a side (7, 10, 13, ... %d), so that its centre is a cell",
			       L, TP_ARENA_TRI_SIDE_MAX);
	if (r->rows != 0 || r->cols != 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.%s = %d: a triangular board (arena.grid = tri) has arena.side cells a side; leave rows and cols 0",
			       r->rows != 0 ? "rows" : "cols", r->rows != 0 ? r->rows : r->cols);
	if (r->inner == TP_INNER_CIRCLE)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner = circle: on a triangular board a circle that reaches the edges leaves the corners alone, each a sliver; use diamond (the corners cut off)");
	if (r->inner_size < 0 || r->inner_size > L)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner_size = %d: give 0 for the %s's default or a size from 1 to %d",
			       r->inner_size, tp_arena_inner_names[r->inner], L);
	if (!layout)
		return TP_OK;
	int size = r->inner_size > 0 ? r->inner_size : tp_arena_tri_inner_default(r->inner, L);
	int in = 0, out = 0;
	for (int row = 0; row < L; row++)
		for (int c = 0; c <= 2 * row; c++)
			if (tp_arena_tri_sector(L, row, c) == 1 && tp_arena_tri_numbered(r, row, c)) {
				if (tp_arena_tri_inner(L, r->inner, size, row, c))
					in++;
				else
					out++;
			}
	if ((in == 0 || out == 0) && r->numbering == TP_NUMBERING_GROUPS)
		return tp_fail(e, TP_EINPUT,
			       "arena.group_gap = %d: groups %d cell%s across, %d unnumbered between, leave the %s arena of a sector without a numbered cell; use a smaller arena.group_gap or a larger arena.group_size",
			       r->group_gap, r->group_size, r->group_size == 1 ? "" : "s", r->group_gap,
			       in == 0 ? "inner" : "outer");
	if (in == 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner_size = %d: the %s inner arena holds no numbered cell in a sector; make it larger",
			       size, tp_arena_inner_names[r->inner]);
	if (out == 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner_size = %d: the %s inner arena leaves no numbered cell to the outer arena of a sector; make it smaller",
			       size, tp_arena_inner_names[r->inner]);
	return TP_OK;
}
