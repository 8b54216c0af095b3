#ifndef TP_ARENA_POLYFORM_H
#define TP_ARENA_POLYFORM_H

/* Outlines of sets of cells on the arena's grids, for the hex board's die
 * lines, its parts and the polyhex pieces.  Pure arithmetic.
 *
 * Corners live on an integer lattice so that cells sharing an edge share
 * it exactly: on the square grid the corner (X, Y) is column X, row Y; on
 * the hex grid (pointy-topped cells, arena_hex.h) cell (r, q) has its
 * centre at X = 2q + r, Y = 3r and its corners at (X, Y - 2), (X + 1,
 * Y - 1), (X + 1, Y + 1), (X, Y + 2), (X - 1, Y + 1), (X - 1, Y - 1),
 * clockwise on the page (y down); lattice (X, Y) lies at x = X p / 2,
 * y = Y p / (2 sqrt 3) for a pitch p (the distance between neighbours'
 * centres); on the triangle grid (arena_tri.h) cell (r, c) has X = c - r
 * and corners (X, r), (X + 1, r + 1), (X - 1, r + 1) pointing up (c even),
 * (X - 1, r), (X + 1, r), (X, r + 1) pointing down, lattice (X, Y) at
 * x = X p / 2, y = Y p sqrt(3) / 2 for an edge p; tp_arena_cell_mm gives
 * a triangle's centroid. */

/* The outline of cells[0..n-1] ((row, col) pairs; on hex (r, q)) as one
 * closed polygon, clockwise on the page (the cells on the right of each
 * edge), from its left-most, then top-most, corner, no two consecutive
 * edges in line, into xy (pairs, room for cap corners).  Returns the
 * corner count; -1 when the cells do not make one simple loop (apart, or
 * round a hole), when there are more than cap corners, or out of
 * memory. */
int tp_arena_trace(int grid, const int (*cells)[2], int n, int *xy, int cap);

/* Cell (row, col)'s corners on the lattice, clockwise on the page;
 * returns how many (3, 4 or 6). */
int tp_arena_cell_corners(int grid, int row, int col, int v[6][2]);

/* Lattice (X, Y) to mm for pitch p, on grid or by table g. */
void tp_arena_lattice_mm(int grid, double p, int X, int Y, double *x, double *y);
struct tp_arena_gridops;
void tp_arena_grid_lattice_mm(const struct tp_arena_gridops *g, double p, int X, int Y, double *x,
			      double *y);

/* The centre of cell (row, col) in mm for pitch p, from the lattice
 * origin (square: (col + 1/2) p, (row + 1/2) p). */
void tp_arena_cell_mm(int grid, double p, int row, int col, double *x, double *y);

/* A closed polygon (n corners, x y pairs, clockwise on the page) with every
 * edge moved outwards by d mm (inwards when d < 0), corners mitred, into
 * out. */
void tp_arena_poly_offset(const double *in, int n, double d, double *out);

#endif
