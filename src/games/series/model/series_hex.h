#ifndef TP_SERIES_HEX_H
#define TP_SERIES_HEX_H

/* The series tiles on hexagons (patent 000, [0070]-[0071], claim 5): each
 * front is six isosceles triangles, each a member of one of six series
 * running across the tiles' sides in the three directions of the
 * hexagonal grid.  Pure: no I/O, no drawing.
 *
 * Tiles are pointy-topped, in rows; the second, fourth, ... rows (rows
 * 2, 4, ... counting from 1; odd 0-based) sit half a tile to the right.  Triangle k (0..5) faces side k: east, north-east,
 * north-west, west, south-west, south-east.  The rules, as for the square
 * tiles:
 *   - Direction Invariant: leaving a triangle across the opposite triangle
 *     of the same tile adds 1 to its series, leaving directly through its
 *     own side takes 1; opposite triangles k and k+3 sum to 0 mod 9;
 *   - pairing (tilepress's reading, a hexagonal counterpart of [0059]; the
 *     seed gives none for hexagons): on every front the north-east
 *     triangle holds 2E + p and the north-west 7E + q (E the east
 *     triangle, mod 9), where the front's two side patterns (alpha, beta)
 *     choose (p, q): (0,0) -> (0,0), (0,1) -> (1,0), (1,0) -> (7,2),
 *     (1,1) -> (8,2).  9 elements x 4 patterns = the 36 fronts of [0071];
 *   - alternation ([0071]: "alternate not just one but two sets of side
 *     patterns"): across an east-west side beta changes, across a
 *     north-east/south-west side alpha, across a north-west/south-east
 *     side both.
 * So one tile fixes its neighbours, and an anchor tile the whole layout
 * (as [0076] for the square tiles); further anchors must agree. */

#include <stddef.h>

#include "core/status.h"

#define TP_HEX_SIDES 6
#define TP_HEX_MAX 40            /* rows and cols at most */
#define TP_HEX_MAX_ANCHORS 8

/* Axial step through side k. */
extern const int tp_hex_dir[TP_HEX_SIDES][2];

struct tp_hex_front {
	unsigned char v[TP_HEX_SIDES];   /* element 1..9 of triangle k */
};

/* A tile fixed on the layout: hex.anchor = ROW COL E NE NW. */
struct tp_hex_anchor {
	int row, col;                    /* 0-based */
	unsigned char v[3];              /* east, north-east, north-west */
	char where[160];                 /* where it was set */
};

struct tp_hex {
	int rows, cols;
	struct tp_hex_front tile[TP_HEX_MAX * TP_HEX_MAX];   /* row-major */
	int front_of[TP_HEX_MAX * TP_HEX_MAX];
	struct tp_hex_front front[TP_HEX_MAX * TP_HEX_MAX];  /* distinct, in order of first use by value */
	int count[TP_HEX_MAX * TP_HEX_MAX];
	int n_fronts;
	struct tp_hex_anchor anchor[TP_HEX_MAX_ANCHORS];
	int n_anchors;
};

/* The neighbour of (row, col) through side k: 1 with *nr, *nc set when it
 * lies on the rows x cols board, else 0. */
int tp_hex_neighbour(int rows, int cols, int row, int col, int k, int *nr, int *nc);

/* The front of east element e (1..9) with side patterns alpha, beta
 * (pattern = 2 alpha + beta), all six triangles. */
void tp_hex_front_make(int e, int pattern, struct tp_hex_front *f);

/* The side pattern (0..3) of a front given by its east, north-east and
 * north-west elements, or -1 when it is not one of the 36. */
int tp_hex_pattern_of(const unsigned char v[3]);

/* The anchor used when a config gives none: the tile in the middle of the
 * board is the all-9 front ("the macroscopic 9", as the square board's). */
void tp_hex_default_anchor(int rows, int cols, struct tp_hex_anchor *a);

/* Derives the layout for rows x cols (1..TP_HEX_MAX) from anchor 0 by the
 * rules above, then its fronts; an[] must be of the 36 and on the board.
 * Returns 0, or i + 1 when anchor i does not agree with that layout. */
int tp_hex_derive(struct tp_hex *h, int rows, int cols, const struct tp_hex_anchor *an, int n);

/* The rules `check` proves: one line per rule into out ("ok: ..." or
 * "FAILED: ..."), TP_HEX_RULES lines; returns the number of failures. */
#define TP_HEX_RULES 7
int tp_hex_prove(const struct tp_hex *h, char out[][160], int n);

#endif
