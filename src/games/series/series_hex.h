#ifndef TP_SERIES_HEX_H
#define TP_SERIES_HEX_H

/* The series tiles on hexagons (patent 000, [0070]-[0071], claim 5): each
 * front is six isosceles triangles, each a member of one of six series
 * running across the tiles' sides in the three directions of the
 * hexagonal grid.  Pure: no I/O, no drawing.
 *
 * Tiles are pointy-topped, in rows; odd rows (0-based) sit half a tile to
 * the right.  Triangle k (0..5) faces side k: east, north-east,
 * north-west, west, south-west, south-east.  As on the square tiles,
 * leaving a triangle across the opposite triangle of the same tile adds 1
 * to its series and leaving directly through its own side takes 1; the
 * opposite triangles k and k+3 sum to 0 mod 9.
 *
 * In axial coordinates (x, y) with y the row and t = 4y - x:
 *   triangle 0 = t + (y odd), triangle 1 = 2t + (x + y odd), triangle 2 = 7t
 * (mod 9, shown 1..9): each changes by -1 a step through its own side and
 * keeps its offset along that step, so the rule holds; the two offsets
 * alternate in two of the three directions ([0071]: "two sets of side
 * patterns"), which gives 9 x 4 = 36 distinct fronts. */

#include <stddef.h>

#include "core/status.h"

#define TP_HEX_SIDES 6
#define TP_HEX_MAX 40            /* rows and cols at most */

/* Axial step through side k. */
extern const int tp_hex_dir[TP_HEX_SIDES][2];

struct tp_hex_front {
	unsigned char v[TP_HEX_SIDES];   /* element 1..9 of triangle k */
};

struct tp_hex {
	int rows, cols;
	struct tp_hex_front tile[TP_HEX_MAX * TP_HEX_MAX];   /* row-major */
	int front_of[TP_HEX_MAX * TP_HEX_MAX];
	struct tp_hex_front front[TP_HEX_MAX * TP_HEX_MAX];  /* distinct, in order of first use by value */
	int count[TP_HEX_MAX * TP_HEX_MAX];
	int n_fronts;
};

/* The neighbour of (row, col) through side k: 1 with *nr, *nc set when it
 * lies on the rows x cols board, else 0. */
int tp_hex_neighbour(int rows, int cols, int row, int col, int k, int *nr, int *nc);

/* Derives the layout for rows x cols (1..TP_HEX_MAX) and its fronts. */
void tp_hex_derive(struct tp_hex *h, int rows, int cols);

/* The rules `check` proves: one line per rule into out ("ok: ..." or
 * "FAILED: ..."), 5 lines; returns the number of failures. */
int tp_hex_prove(const struct tp_hex *h, char out[][160], int n);

#endif
