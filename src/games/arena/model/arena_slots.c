/* The hex and triangular boards' cells by their slots in the board's
 * array (arena_grid.h), for the generator and the checks that serve both
 * grids: each call hands over to arena_hex.h or arena_tri.h. */
#include "games/arena/model/arena_grid.h"
#include "games/arena/model/arena_hex.h"
#include "games/arena/model/arena_tri.h"

int tp_arena_band_group(const struct tp_arena_rules *r, int x, int y, int z)
{
	int p = r->group_size + r->group_gap, h = r->group_size / 2, v[3] = { x, y, z }, sum = 0;
	for (int k = 0; k < 3; k++) {
		int t = v[k] + h, blk = t >= 0 ? t / p : -((-t + p - 1) / p);
		if (t - blk * p >= r->group_size)
			return 0;
		sum += blk;
	}
	return sum == 0;
}

int tp_arena_slot_on(int grid, int R, int C, int row, int col)
{
	if (grid == TP_GRID_TRI)
		return tp_arena_tri_on(R, row, col);
	if (grid == TP_GRID_HEX)
		return tp_arena_hex_on(R / 2, row, col);
	return row >= 0 && col >= 0 && row < R && col < C;
}

int tp_arena_slot_sector(int grid, int R, int row, int col)
{
	if (grid == TP_GRID_TRI)
		return tp_arena_tri_sector(R, row, col);
	return tp_arena_hex_sector(col - R / 2, row - R / 2);
}

void tp_arena_slot_turn(int grid, int R, int t, int *row, int *col)
{
	if (grid == TP_GRID_TRI) {
		tp_arena_tri_turn(R, t, row, col);
		return;
	}
	int n = R / 2, q = *col - n, r = *row - n;
	tp_arena_hex_turn(t, &q, &r);
	*row = r + n;
	*col = q + n;
}

void tp_arena_slot_mirror(int grid, int R, int k, int *row, int *col)
{
	if (grid == TP_GRID_TRI) {
		tp_arena_tri_mirror(R, k, row, col);
		return;
	}
	int n = R / 2, q = *col - n, r = *row - n;
	tp_arena_hex_mirror(k, &q, &r);
	*row = r + n;
	*col = q + n;
}

double tp_arena_slot_dist(int grid, int R, int row, int col)
{
	if (grid == TP_GRID_TRI)
		return tp_arena_tri_dist(R, row, col);
	return tp_arena_hex_dist(col - R / 2, row - R / 2);
}
