#ifndef TP_ARENA_GRIDOPS_H
#define TP_ARENA_GRIDOPS_H

/* What differs between the arena's grids (square, hex, tri), in one table
 * per grid (arena_grid_square.c, arena_grid_hex.c, arena_grid_tri.c), so
 * that the rules, sheets, play and report ask the board's table instead of
 * branching on its grid.  Pure. */

#include "core/status.h"

struct tp_arena_rules;
struct tp_arena_board;

struct tp_arena_gridops {
	const char *name;   /* the arena.grid value */
	int sectors;        /* the parts whose totals are equal: 4 quarters, 6 or 3 sectors */
	const char *part;   /* what a report calls one: "quarter" or "sector" */
	int neighbours;     /* the cells a cell shares an edge with: 4, 6, 3 */
	int side_step;      /* the next valid arena.side is this much larger */
	int side_max;       /* the largest arena.side */

	/* The board's array: rows and columns of slots (cells, and on hex
	 * and tri boards the slots outside the board marked off). */
	int (*rows)(const struct tp_arena_rules *r);
	int (*cols)(const struct tp_arena_rules *r);
	/* The inner arena's size when arena.inner_size is 0. */
	int (*inner_default)(const struct tp_arena_rules *r);
	/* Whether slot (row, col) is a cell in the inner arena of `size`,
	 * and whether it carries a number or a mark. */
	int (*inner_in)(const struct tp_arena_rules *r, int size, int row, int col);
	int (*numbered_at)(const struct tp_arena_rules *r, int row, int col);
	/* The grid's own checks of arena.side and the arenas, after the
	 * checks every grid shares (NULL: the square board's, in
	 * arena_rules.c, which also reads rows and cols). */
	int (*rules_check)(const struct tp_arena_rules *r, int layout, tp_err *e);

	/* A board of R rows and C columns by slot: whether (row, col) holds
	 * a cell, its quarter or sector (1..sectors, 0 the centre) and the
	 * distance of its centre from the board's centre (in squares or
	 * cells); whether parts q and p turn onto each other (on a rectangle
	 * only every other quarter does). */
	int (*slot_on)(int R, int C, int row, int col);
	int (*part_of)(int R, int C, int row, int col);
	double (*dist)(int R, int C, int row, int col);
	int (*turns_onto)(int R, int C, int q, int p);
	/* Whether part q turned onto part p reads the same (numbers and
	 * colours), and whether the board reads the same mirrored about axis
	 * k (0..sectors - 1; on a square board 0..3, the diagonals only on a
	 * square). */
	int (*part_repeats)(const struct tp_arena_board *b, int q, int p);
	int (*mirrored)(const struct tp_arena_board *b, int axis);
	/* On the hex and tri boards (NULL on the square one, whose quarters
	 * arena_rules.c turns): a slot turned t sectors on or mirrored by
	 * mirror k, and the direction a number in sector `sector` faces. */
	void (*slot_turn)(int R, int t, int *row, int *col);
	void (*slot_mirror)(int R, int k, int *row, int *col);
	int (*facing)(int sector);

	/* The cell's outline and place (contracts in arena_polyform.h, whose
	 * calls hand over to these): the corners of the cell at (row, col)
	 * on the integer lattice, how many; a lattice point in mm for a cell
	 * edge or pitch p; the cell's centre in mm. */
	int (*cell_corners)(int row, int col, int v[6][2]);
	void (*lattice_mm)(double p, int X, int Y, double *x, double *y);
	void (*cell_mm)(double p, int row, int col, double *x, double *y);
	/* Whether cells a and b (row, col in a shape) share an edge. */
	int (*adjacent)(const int *a, const int *b);
};

extern const struct tp_arena_gridops tp_arena_grid_square, tp_arena_grid_hex, tp_arena_grid_tri;

/* The table of grid (enum tp_arena_grid); the square board's for a value
 * out of range, which the rules' check refuses. */
const struct tp_arena_gridops *tp_arena_gridops_for(int grid);

#endif
