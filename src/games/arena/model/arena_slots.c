/* The hex and triangular boards' cells by their slots in the board's
 * array (arena_grid.h), for the generator and the checks that serve both
 * grids: each call asks the grid's table (arena_gridops.h). */
#include "games/arena/model/arena_grid.h"
#include "games/arena/model/arena_gridops.h"

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

int tp_arena_mid_slot(int R, int C)
{
	return (R / 2) * C + C / 2;
}

int tp_arena_slot_on(int grid, int R, int C, int row, int col)
{
	return tp_arena_gridops_for(grid)->slot_on(R, C, row, col);
}

int tp_arena_slot_sector(int grid, int R, int C, int row, int col)
{
	return tp_arena_gridops_for(grid)->part_of(R, C, row, col);
}

void tp_arena_slot_turn(int grid, int R, int t, int *row, int *col)
{
	tp_arena_gridops_for(grid)->slot_turn(R, t, row, col);
}

void tp_arena_slot_mirror(int grid, int R, int k, int *row, int *col)
{
	tp_arena_gridops_for(grid)->slot_mirror(R, k, row, col);
}

double tp_arena_slot_dist(int grid, int R, int C, int row, int col)
{
	return tp_arena_gridops_for(grid)->dist(R, C, row, col);
}
