/* The hexagonal board's row of the grid table (arena_gridops.h): a
 * hexagon of hexagonal cells, side - 1 = n cells from the centre, its cells
 * in a (2n + 1) x (2n + 1) array by axial coordinates (arena_hex.h). */
#include "games/arena/model/arena_gridops.h"
#include "games/arena/model/arena_grid.h"
#include "games/arena/model/arena_hex.h"
#include "games/arena/model/arena_polyform.h"


static int hex_rows(const struct tp_arena_rules *r)
{
	return 2 * tp_arena_hex_n(r) + 1;
}

static int hex_inner_default(const struct tp_arena_rules *r)
{
	return tp_arena_hex_inner_default(r->inner, tp_arena_hex_n(r));
}

static int hex_inner_in(const struct tp_arena_rules *r, int size, int row, int col)
{
	int n = tp_arena_hex_n(r);
	return tp_arena_hex_on(n, row, col) && tp_arena_hex_inner(r->inner, size, col - n, row - n);
}

static int hex_numbered_at(const struct tp_arena_rules *r, int row, int col)
{
	int n = tp_arena_hex_n(r);
	return tp_arena_hex_on(n, row, col) && tp_arena_hex_numbered(r, col - n, row - n);
}

static int hex_slot_on(int R, int C, int row, int col)
{
	(void)C;
	return tp_arena_hex_on(R / 2, row, col);
}

static int hex_slot_sector(int R, int C, int row, int col)
{
	(void)C;
	return tp_arena_hex_sector(col - R / 2, row - R / 2);
}

static void hex_slot_turn(int R, int t, int *row, int *col)
{
	int n = R / 2, q = *col - n, r = *row - n;
	tp_arena_hex_turn(t, &q, &r);
	*row = r + n;
	*col = q + n;
}

static void hex_slot_mirror(int R, int k, int *row, int *col)
{
	int n = R / 2, q = *col - n, r = *row - n;
	tp_arena_hex_mirror(k, &q, &r);
	*row = r + n;
	*col = q + n;
}

static long hex_cell_count(int R, int C)
{
	(void)C;
	return tp_arena_hex_cells(R / 2);
}

static double hex_slot_dist(int R, int C, int row, int col)
{
	(void)C;
	return tp_arena_hex_dist(col - R / 2, row - R / 2);
}

static int hex_corners(int row, int col, int v[6][2])
{
	static const int d[6][2] = { { 0, -2 }, { 1, -1 }, { 1, 1 }, { 0, 2 }, { -1, 1 }, { -1, -1 } };
	int X = 2 * col + row, Y = 3 * row;
	for (int k = 0; k < 6; k++) {
		v[k][0] = X + d[k][0];
		v[k][1] = Y + d[k][1];
	}
	return 6;
}

static void hex_cell_mm(double p, int row, int col, double *x, double *y)
{
	tp_arena_grid_lattice_mm(&tp_arena_grid_hex, p, 2 * col + row, 3 * row, x, y);
}

/* (2n + 1) pitches across the corners' flats, n sqrt 3 + 2 / sqrt 3
 * pitches from the top row's points to the bottom row's. */
static void hex_cells_box(int R, double p, double *w, double *h)
{
	int n = R / 2;
	*w = (2 * n + 1) * p;
	*h = (n * 1.7320508075688772 + 2 / 1.7320508075688772) * p;
}

/* (row, col = r, q axial) a row or a col apart, or (+1, -1), (-1, +1). */
static int hex_adjacent(const int *a, const int *b)
{
	int dr = a[0] - b[0], dc = a[1] - b[1];
	int ar = dr < 0 ? -dr : dr, ac = dc < 0 ? -dc : dc;
	if (ar + ac == 1)
		return 1;
	return ar == 1 && dr == -dc;
}

/* q and r swapped for the mirror, then 60-degree turns ((q, r) to
 * (-r, q + r), c = q). */
static void hex_orient(int face, int t, int *r, int *c)
{
	if (face) {
		int x = *r;
		*r = *c;
		*c = x;
	}
	for (int k = 0; k < t; k++) {
		int r0 = *r;
		*r = *c + r0;
		*c = -r0;
	}
}

/* A number turns to face the board edge nearest its sector. */
static void hex_number_turn(int R, int C, int row, int col, int sector, double *ca, double *sa)
{
	(void)R;
	(void)C;
	(void)row;
	(void)col;
	tp_arena_turn_cs(tp_arena_hex_facing(sector), ca, sa);
}

const struct tp_arena_gridops tp_arena_grid_hex = {
	.sectors = 6,
	.part = "sector",
	.neighbours = 6,
	.step = { { { -1, 0 }, { 1, 0 }, { 0, -1 }, { 0, 1 }, { -1, 1 }, { 1, -1 } },
		  { { -1, 0 }, { 1, 0 }, { 0, -1 }, { 0, 1 }, { -1, 1 }, { 1, -1 } } },
	.side_step = 1,
	.side_max = TP_ARENA_HEX_SIDE_MAX,
	.noun = { "cell", "cells", "hex" },
	.board_line = "board hex, %d cells an edge (%ld cells) of %g mm across the flats, seed %llu; inner arena %s%s; ",
	.col_step = 1,
	.inradius_div = 2,
	.shapes_default = "default-hex",
	.text = { " (one round each corner: the seed's four separate parts, on six corners)",
		  ", one part round each corner of the board",
		  " (the cells with q - r a multiple of 3: no two neighbours)", "crosses a hexagonal" },
	.rows = hex_rows,
	.cols = hex_rows,
	.inner_default = hex_inner_default,
	.inner_in = hex_inner_in,
	.numbered_at = hex_numbered_at,
	.rules_check = tp_arena_hex_rules_check,
	.derive = tp_arena_poly_derive,
	.verify = tp_arena_poly_verify,
	.cell_count = hex_cell_count,
	.slot_on = hex_slot_on,
	.part_of = hex_slot_sector,
	.dist = hex_slot_dist,
	.turns_onto = tp_arena_poly_turns_onto,
	.centre = tp_arena_mid_slot,
	.centred = 1,
	.part_repeats = tp_arena_poly_repeats,
	.mirrored = tp_arena_poly_mirrored,
	.slot_turn = hex_slot_turn,
	.slot_mirror = hex_slot_mirror,
	.cell_corners = hex_corners,
	.lattice = { 2, 1, 2 * 1.7320508075688772 },
	.cell_mm = hex_cell_mm,
	.adjacent = hex_adjacent,
	.shape_turns = 6,
	.orient = hex_orient,
	.cells_box = hex_cells_box,
	.number_box = 0.5,   /* the square board's middle half */
	.disc = 0.7,
	.picture = 0.62,
	.start_ring = 0.42,
	.frame = 0.9,
	.number_turn = hex_number_turn,
	.pip_dy = 0.36,   /* inside the hexagon's lower slopes, clear of the mark */
	.pattern = tp_arena_hex_pattern,
};
