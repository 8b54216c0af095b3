#ifndef TP_SERIES_TABLE_H
#define TP_SERIES_TABLE_H

/* The series tiles' table set (patent 000, FIG. 2A, FIGS. 3-7,
 * [0055]-[0069]): 81 square tiles whose fronts are four triangular
 * quadrants meeting at the centre, the series running through the tiles'
 * sides.  Pure: no I/O, no drawing.
 *
 * Quadrants (FIG. 2A, clockwise from the top): 201 lateral, 202 boxes,
 * 203 vertical, 204 dots, every tile the same way up.  Leaving a quadrant
 * across the opposite quadrant of the same tile adds 1 to its series,
 * leaving directly through its own side takes 1 ([0056]-[0057]): the dots
 * (left) gain 1 a step to the right, the lateral (top) gain 1 a step down.
 * Opposite quadrants sum to 0 mod 9 ([0058]).  The dotted "5" tile has a
 * "7" in one of the lined quadrants ([0059]): lateral on the even rows (0-based),
 * vertical on the odd rows (0-based), which gives 18 distinct fronts. */

#include "games/series/model/series_core.h"

#define TP_TABLE_N 9          /* FIG. 7: 9 x 9 tiles */
#define TP_TABLE_TILES 81
#define TP_TABLE_MAX_FRONTS 81

/* The quadrants, clockwise from the top, and the series each holds. */
enum tp_side { TP_SIDE_TOP, TP_SIDE_RIGHT, TP_SIDE_BOTTOM, TP_SIDE_LEFT };
extern const int tp_table_side_series[4];

struct tp_table_front {
	unsigned char v[TP_N_SERIES];   /* element 1..9 per series (enum tp_series) */
};

struct tp_table {
	struct tp_table_front tile[TP_TABLE_TILES];   /* row-major, 9 x 9 */
	int front_of[TP_TABLE_TILES];                 /* index into front[] */
	struct tp_table_front front[TP_TABLE_MAX_FRONTS];  /* by dots, then lateral */
	int count[TP_TABLE_MAX_FRONTS];
	int n_fronts;
};

/* Derives FIG. 7: the tile at (row, col) (0-based) has dots
 * col + 2 row + (row odd) + 2 and lateral row + 5 col + 1 (mod 9, shown
 * 1..9), so the centre tile is the dotted 5 with lateral 7 and every rule
 * above holds; then the distinct fronts and their counts. */
void tp_table_derive(struct tp_table *t);

/* The rules `check` proves on a layout: writes one line per rule into
 * out[i] ("ok: ..." or "FAILED: ...") and returns the number of failures.
 * n is the capacity of out (8 lines are written). */
int tp_table_prove(const struct tp_table *t, char out[][160], int n);

#endif
