/* A folding hex or triangular board's hinge (arena_hinge.h). */

#include "games/arena/model/arena_hinge.h"

#include <math.h>

#include "games/arena/model/arena_gridops.h"
#include "games/arena/model/arena_polyform.h"

/* One lattice step along the axis, in mm: x steps are half a pitch on
 * both grids; y steps a third of a hexagon's row pitch, or a triangle's
 * row. */
static double unit_mm(int grid, double p, int across)
{
	double x, y;
	tp_arena_lattice_mm(grid, p, 1, 1, &x, &y);
	return across ? x : y;
}

/* Slot i's cell on the lattice: hex (r, q) from the centre, tri (r, c). */
static void slot_cell(const struct tp_arena_board *bd, int i, int *r, int *c)
{
	int n = tp_arena_gridops_for(bd->grid)->centred ? bd->rows / 2 : 0;
	*r = i / bd->cols - n;
	*c = i % bd->cols - n;
}

/* Cell i's extent [*lo, *hi] along the axis, in lattice steps. */
static void extent(const struct tp_arena_board *bd, int i, int across, int *lo, int *hi)
{
	int r, c, v[6][2];
	slot_cell(bd, i, &r, &c);
	int k = tp_arena_cell_corners(bd->grid, r, c, v);
	*lo = *hi = v[0][!across];
	for (int j = 1; j < k; j++) {
		*lo = v[j][!across] < *lo ? v[j][!across] : *lo;
		*hi = v[j][!across] > *hi ? v[j][!across] : *hi;
	}
}

/* The cells the line at u2 / 2 lattice steps runs through: those it
 * enters, not those it only touches at an edge or corner. */
static int crossing(const struct tp_arena_board *bd, int across, long u2)
{
	int n = 0;
	for (int i = 0; i < bd->rows * bd->cols; i++) {
		if (bd->sq[i].off)
			continue;
		int lo, hi;
		extent(bd, i, across, &lo, &hi);
		n += 2L * lo < u2 && u2 < 2L * hi;
	}
	return n;
}

void tp_arena_hinge(const struct tp_arena_board *bd, double p, int across, double side, double at,
		    double *edge, int *crossed)
{
	int Lo = 0, Hi = 0, any = 0;
	for (int i = 0; i < bd->rows * bd->cols; i++) {
		int lo, hi;
		if (bd->sq[i].off)
			continue;
		extent(bd, i, across, &lo, &hi);
		Lo = any && Lo < lo ? Lo : lo;
		Hi = any && Hi > hi ? Hi : hi;
		any = 1;
	}
	double u = unit_mm(bd->grid, p, across);
	/* The sheet's edge in lattice steps: the cells' box is centred. */
	double origin = (Lo + Hi) / 2.0 - side / 2 / u, want = at / u + origin, half = p / 2 / u;
	/* The count changes only at whole steps, so whole and half steps
	 * within the window are every line worth trying. */
	long first = (long)ceil(2 * (want - half) - 1e-9), last = (long)floor(2 * (want + half) + 1e-9);
	long best = first;
	int best_n = -1;
	for (long u2 = first; u2 <= last; u2++) {
		int n = crossing(bd, across, u2);
		/* A tie goes down or right, as a square board's (lround). */
		if (best_n < 0 || n < best_n ||
		    (n == best_n && fabs(u2 / 2.0 - want) <= fabs(best / 2.0 - want) + 1e-9)) {
			best = u2;
			best_n = n;
		}
	}
	*edge = (best / 2.0 - origin) * u;
	*crossed = best_n;
}
