/* The square board's row of the grid table (arena_gridops.h): the seed's
 * board of side x side squares, or a rectangle of rows x cols, its four
 * quarters turned onto each other by arena_rules.c. */
#include "games/arena/model/arena_gridops.h"
#include "games/arena/model/arena_grid.h"

#include <math.h>
#include <stdlib.h>

static int square_rows(const struct tp_arena_rules *r)
{
	return r->rows > 0 ? r->rows : r->side;
}

static int square_cols(const struct tp_arena_rules *r)
{
	return r->cols > 0 ? r->cols : r->side;
}

/* Sizes count squares up and down from the centre; across, the shapes are
 * stretched by b / a (half the columns over half the rows). */
static int square_inner_default(const struct tp_arena_rules *r)
{
	int R = square_rows(r), C = square_cols(r), a = R / 2, b = C / 2;
	if (r->inner == TP_INNER_SQUARE) {
		/* The largest rectangle of the board's proportions, k rows up
		 * and down, k * b / a columns across, not over half the board. */
		long half = ((long)R * C + 1) / 2;
		int k = 0;
		while ((long)(2 * k + 3) * (2 * ((k + 1) * b / a) + 1) <= half)
			k++;
		return k;
	}
	return a;
}

static int is_inner_rc(int R, int C, int inner, int size, int row, int col)
{
	long a = R / 2, b = C / 2;
	long dr = labs((long)row - a), dc = labs((long)col - b);
	switch (inner) {
	case TP_INNER_SQUARE:
		return dr * b <= size * b && dc * a <= (long)size * b;
	case TP_INNER_CIRCLE:
		return dr * dr * b * b + dc * dc * a * a <= ((long)size * size + size) * b * b;
	default:
		return dr * b + dc * a <= (long)size * b;
	}
}

static int square_inner_in(const struct tp_arena_rules *r, int size, int row, int col)
{
	return is_inner_rc(square_rows(r), square_cols(r), r->inner, size, row, col);
}

static int mod(int x, int p)
{
	return ((x % p) + p) % p;
}

static int square_numbered_at(const struct tp_arena_rules *r, int row, int col)
{
	switch (r->numbering) {
	case TP_NUMBERING_ALL:
		return 1;
	case TP_NUMBERING_GROUPS: {
		int p = r->group_size + r->group_gap, h = r->group_size / 2;
		return mod(row - square_rows(r) / 2 + h, p) < r->group_size &&
		       mod(col - square_cols(r) / 2 + h, p) < r->group_size;
	}
	default:
		return (row + col) % 2 == 0;
	}
}

static int square_slot_on(int R, int C, int row, int col)
{
	return row >= 0 && col >= 0 && row < R && col < C;
}

static long square_cell_count(int R, int C)
{
	return (long)R * C;
}

static double square_dist(int R, int C, int row, int col)
{
	return hypot(row - R / 2, col - C / 2);
}

static int square_corners(int row, int col, int v[6][2])
{
	static const int d[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
	for (int k = 0; k < 4; k++) {
		v[k][0] = col + d[k][0];
		v[k][1] = row + d[k][1];
	}
	return 4;
}

static void square_cell_mm(double p, int row, int col, double *x, double *y)
{
	*x = (col + 0.5) * p;
	*y = (row + 0.5) * p;
}

/* A row or a col apart. */
static int square_adjacent(const int *a, const int *b)
{
	int dr = a[0] - b[0], dc = a[1] - b[1];
	int ar = dr < 0 ? -dr : dr, ac = dc < 0 ? -dc : dc;
	return ar + ac == 1;
}

/* Columns negated for the mirror, then quarter turns. */
static void square_orient(int face, int t, int *r, int *c)
{
	if (face)
		*c = -*c;
	for (int k = 0; k < t; k++) {
		int r0 = *r;
		*r = *c;
		*c = -r0;
	}
}

/* Quarter turns (clockwise) that make a number read upright from the
 * board edge nearest its square; on a diagonal, its quarter's edge.  The
 * sines of quarter turns are whole numbers: exact, no cos(). */
static void square_number_turn(int R, int C, int row, int col, int quarter, double *ca, double *sa)
{
	static const int cs[4][2] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };
	static const int by_quarter[5] = { 0, 2, 3, 0, 1 };
	int dr = row - R / 2, dc = col - C / 2;
	/* squares to the nearer top or bottom edge, to the nearer side edge */
	int er = R / 2 - abs(dr), ec = C / 2 - abs(dc);
	int turns = er < ec ? (dr < 0 ? 2 : 0) : ec < er ? (dc > 0 ? 3 : 1) : by_quarter[quarter];
	*ca = cs[turns & 3][0];
	*sa = cs[turns & 3][1];
}

const struct tp_arena_gridops tp_arena_grid_square = {
	.sectors = 4,
	.part = "quarter",
	.neighbours = 4,
	.step = { { { -1, 0 }, { 1, 0 }, { 0, -1 }, { 0, 1 } }, { { -1, 0 }, { 1, 0 }, { 0, -1 }, { 0, 1 } } },
	.side_step = 2,
	.side_max = TP_ARENA_SIDE_MAX,
	.noun = { "square", "squares", "square" },
	.rect = 1,
	.col_step = 1,
	.inradius_div = 2,
	.shapes_default = "default",
	.text = { " (the seed's four separate parts)", "", "", NULL },
	.rows = square_rows,
	.cols = square_cols,
	.inner_default = square_inner_default,
	.inner_in = square_inner_in,
	.numbered_at = square_numbered_at,
	.rules_check = tp_arena_square_rules_check,
	.derive = tp_arena_square_derive,
	.verify = tp_arena_square_verify,
	.cell_count = square_cell_count,
	.slot_on = square_slot_on,
	.part_of = tp_arena_quarter_of,
	.dist = square_dist,
	.turns_onto = tp_arena_congruent,
	.centre = tp_arena_mid_slot,
	.part_repeats = tp_arena_quarter_repeats,
	.mirrored = tp_arena_mirrored,
	.cell_corners = square_corners,
	.lattice = { 1, 1, 1 },
	.cell_mm = square_cell_mm,
	.adjacent = square_adjacent,
	.shape_turns = 4,
	.orient = square_orient,
	/* A square drawn (arena_board_sheets.c): the number in its middle
	 * half, a colour's disc 0.7 of it, a picture 0.8 in an unprinted
	 * window 0.86 of it. */
	.number_box = 0.5,
	.disc = 0.7,
	.picture = 0.8,
	.start_ring = 0.42,
	.frame = 0.86,
	.number_turn = square_number_turn,
	.pattern = tp_arena_square_pattern,
};
