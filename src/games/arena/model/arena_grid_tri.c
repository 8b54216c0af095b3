/* The triangular board's row of the grid table (arena_gridops.h): a
 * triangle of triangular cells, side L cells, its cells in an L x (2L - 1)
 * array (arena_tri.h). */
#include "games/arena/model/arena_gridops.h"
#include "games/arena/model/arena_grid.h"
#include "games/arena/model/arena_tri.h"

#include <math.h>

static int tri_rows(const struct tp_arena_rules *r)
{
	return r->side;
}

static int tri_cols(const struct tp_arena_rules *r)
{
	return 2 * r->side - 1;
}

static int tri_inner_default(const struct tp_arena_rules *r)
{
	return tp_arena_tri_inner_default(r->inner, r->side);
}

static int tri_inner_in(const struct tp_arena_rules *r, int size, int row, int col)
{
	return tp_arena_tri_on(r->side, row, col) &&
	       tp_arena_tri_inner(r->side, r->inner, size, row, col);
}

static int tri_numbered_at(const struct tp_arena_rules *r, int row, int col)
{
	return tp_arena_tri_on(r->side, row, col) && tp_arena_tri_numbered(r, row, col);
}

static int tri_slot_on(int R, int C, int row, int col)
{
	(void)C;
	return tp_arena_tri_on(R, row, col);
}

static int tri_slot_sector(int R, int C, int row, int col)
{
	(void)C;
	return tp_arena_tri_sector(R, row, col);
}

/* L rows of slots 2L - 1 wide: L^2 cells. */
static long tri_cell_count(int R, int C)
{
	(void)C;
	return (long)R * R;
}

static double tri_slot_dist(int R, int C, int row, int col)
{
	(void)C;
	return tp_arena_tri_dist(R, row, col);
}

/* A triangle of side 3m + 1 has its centre cell at row 2m, col 2m. */
static int tri_centre(int R, int C)
{
	int m = (R - 1) / 3;
	return 2 * m * C + 2 * m;
}

static int tri_facing(int sector)
{
	/* A triangle's sector k lies nearest edge k (bottom, left, right),
	 * whose outward normals point 90, 210 and 330 degrees. */
	return sector == 0 ? 0 : 120 * (sector - 1);
}

static int tri_corners(int row, int col, int v[6][2])
{
	/* up (col even): apex, lower right, lower left; down: upper
	 * left, upper right, bottom; X = col - row at the cell's axis */
	int X = col - row, up = ((col % 2) + 2) % 2 == 0;
	const int u[3][2] = { { X, row }, { X + 1, row + 1 }, { X - 1, row + 1 } };
	const int w[3][2] = { { X - 1, row }, { X + 1, row }, { X, row + 1 } };
	for (int k = 0; k < 3; k++) {
		v[k][0] = up ? u[k][0] : w[k][0];
		v[k][1] = up ? u[k][1] : w[k][1];
	}
	return 3;
}

static void tri_cell_mm(double p, int row, int col, double *x, double *y)
{
	/* the centroid: two thirds down an up cell, one third a down one */
	*x = (col - row) * p / 2;
	*y = (row + (((col % 2) + 2) % 2 ? 1.0 : 2.0) / 3) * p * sqrt(3.0) / 2;
}

/* L edges across, L sqrt(3) / 2 high. */
static void tri_cells_box(int R, double p, double *w, double *h)
{
	*w = R * p;
	*h = R * p * 1.7320508075688772 / 2;
}

/* (col even: up) beside each other in a row, or an up cell over the down
 * cell below it, one row and one col on. */
static int tri_adjacent(const int *a, const int *b)
{
	int dr = a[0] - b[0], dc = a[1] - b[1];
	int ac = dc < 0 ? -dc : dc;
	return (dr == 0 && ac == 1) || (dr == -1 && dc == -1 && a[1] % 2 == 0) ||
	       (dr == 1 && dc == 1 && b[1] % 2 == 0);
}

static int half_down(int x)
{
	return x >= 0 ? x / 2 : -((1 - x) / 2);
}

/* In triangle coordinates A = 2 - r, B = c / 2, D = r - (c + 1) / 2
 * (rounded down; A + B + D = 2 on up cells, 1 on down ones) a 60-degree
 * turn about a corner is (A, B, D) -> (1 - B, 1 - D, 1 - A), the mirror
 * (A, B, D) -> (A, D, B). */
static void tri_orient(int face, int t, int *r, int *c)
{
	int A = 2 - *r, B = half_down(*c), D = *r - half_down(*c + 1);
	if (face) {
		int x = B;
		B = D;
		D = x;
	}
	for (int k = 0; k < t; k++) {
		int a0 = A;
		A = 1 - B;
		B = 1 - D;
		D = 1 - a0;
	}
	*r = 2 - A;
	*c = 2 * B + (A + B + D == 1);
}

/* A number turns to face the board edge nearest its sector. */
static void tri_number_turn(int R, int C, int row, int col, int sector, double *ca, double *sa)
{
	(void)R;
	(void)C;
	(void)row;
	(void)col;
	tp_arena_turn_cs(tri_facing(sector), ca, sa);
}

const struct tp_arena_gridops tp_arena_grid_tri = {
	.sectors = 3,
	.part = "sector",
	.neighbours = 3,
	/* left, right, and below an up cell or above a down one */
	.step = { { { 0, -1 }, { 0, 1 }, { 1, 1 } }, { { 0, -1 }, { 0, 1 }, { -1, -1 } } },
	.side_step = 3,
	.side_max = TP_ARENA_TRI_SIDE_MAX,
	.noun = { "cell", "cells", "triangular" },
	.board_line = "board tri, %d cells a side (%ld cells) of %g mm edges, seed %llu; inner arena %s%s; ",
	.col_step = 2,
	.inradius_div = 2 * 1.7320508075688772,
	.shapes_default = "default-tri",
	.text = { " (one round each corner: the seed's four separate parts, on three corners)",
		  ", one part round each corner of the board",
		  " (the cells pointing up: no two share an edge)", "runs down a triangular" },
	.rows = tri_rows,
	.cols = tri_cols,
	.inner_default = tri_inner_default,
	.inner_in = tri_inner_in,
	.numbered_at = tri_numbered_at,
	.rules_check = tp_arena_tri_rules_check,
	.derive = tp_arena_poly_derive,
	.verify = tp_arena_poly_verify,
	.cell_count = tri_cell_count,
	.slot_on = tri_slot_on,
	.part_of = tri_slot_sector,
	.dist = tri_slot_dist,
	.turns_onto = tp_arena_poly_turns_onto,
	.centre = tri_centre,
	.part_repeats = tp_arena_poly_repeats,
	.mirrored = tp_arena_poly_mirrored,
	.slot_turn = tp_arena_tri_turn,
	.slot_mirror = tp_arena_tri_mirror,
	.cell_corners = tri_corners,
	.lattice = { 2, 1.7320508075688772, 2 },
	.cell_mm = tri_cell_mm,
	.adjacent = tri_adjacent,
	.shape_turns = 6,
	.orient = tri_orient,
	.cells_box = tri_cells_box,
	.origin_top = 1,
	/* inside the inscribed circle, 0.29 of an edge round; the disc and
	 * the picture in the window, whose inscribed circle is 0.52 */
	.number_box = 0.4,
	.disc = 0.48,
	.picture = 0.36,
	.start_ring = 0.27,
	.window = 1,
	.frame = 0.9,
	.number_turn = tri_number_turn,
	.pip_dy = 0.18,
	.wide_pips = 1,
	.pattern = tp_arena_tri_pattern,
};
