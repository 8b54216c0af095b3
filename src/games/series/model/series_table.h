#ifndef TP_SERIES_TABLE_H
#define TP_SERIES_TABLE_H

/* The series tiles' table set (patent 000, FIG. 2A, FIGS. 3-7,
 * [0055]-[0069]): 81 square tiles whose fronts are four triangular
 * quadrants meeting at the centre, the series running through the tiles'
 * sides.  Pure: no I/O, no drawing.
 *
 * Quadrants (FIG. 2A, clockwise from the top): 201 lateral, 202 boxes,
 * 203 vertical, 204 dots.  Leaving a quadrant across the opposite quadrant
 * of the same tile adds 1 to its series in the next tile, leaving directly
 * through its own side takes 1 ([0056]-[0057]); opposite quadrants sum to
 * 0 mod 9 ([0058]); the dotted "5" has a "7" in one of the lined quadrants
 * ([0059]); and ([0065], a requirement by [0069]) like coloured quadrants
 * never meet at a vertex in a row or a column: the colours alternate.
 *
 * With every tile laid the same way up the tops of a row are all one
 * colour, so no such layout meets [0065].  Turning a tile half round
 * moves its dots to the right, and a row then has to run the other way
 * (the Direction Invariant is read from each tile both ways), so the
 * tops of a row can only alternate if half the fronts have their two
 * lined colours exchanged (vertical at the top, lateral at the bottom):
 * the dotted 5 then has its 7 in the lateral quadrant on one kind and in
 * the vertical one on the other, which is [0059]'s 18 fronts.  The
 * layout: the columns alternate the two kinds, the rows alternate
 * unturned and turned; on the FIG. 2A kind lateral = 5 x dots, on the
 * exchanged kind lateral = 4 x dots (mod 9); the centre is the dotted 5
 * with lateral 7, unturned. */

#include "games/series/model/series_core.h"

#define TP_TABLE_N 9          /* FIG. 7: 9 x 9 tiles */
#define TP_TABLE_TILES 81
#define TP_TABLE_MAX_FRONTS 162

/* The sides, clockwise from the top. */
enum tp_side { TP_SIDE_TOP, TP_SIDE_RIGHT, TP_SIDE_BOTTOM, TP_SIDE_LEFT };
/* FIG. 2A: the series on each side of an unturned front of the first kind. */
extern const int tp_table_side_series[4];

struct tp_table_front {
	unsigned char v[TP_N_SERIES];   /* element 1..9 per series (enum tp_series) */
	unsigned char exchanged;        /* 1: lateral and vertical change places */
};

struct tp_table {
	struct tp_table_front tile[TP_TABLE_TILES];   /* row-major, 9 x 9 */
	unsigned char turned[TP_TABLE_TILES];         /* 1: laid half round */
	int front_of[TP_TABLE_TILES];                 /* index into front[] */
	struct tp_table_front front[TP_TABLE_MAX_FRONTS];  /* by kind, then dots, then lateral */
	int count[TP_TABLE_MAX_FRONTS];
	int n_fronts;
};

/* The series on side `side` of front f laid with `turned` half turns. */
int tp_table_side(const struct tp_table_front *f, int turned, int side);

/* Derives FIG. 7 as the header says, then the distinct fronts and their
 * counts. */
void tp_table_derive(struct tp_table *t);

/* Sorts out the fronts of t->tile[] again (after a change to a tile):
 * front[], count[], front_of[], n_fronts. */
void tp_table_index(struct tp_table *t);

/* The rules `check` proves on a layout: writes one line per rule into
 * out[i] ("ok: ..." or "FAILED: ...") and returns the number of failures.
 * n is the capacity of out (TP_TABLE_RULES lines are written). */
#define TP_TABLE_RULES 8
int tp_table_prove(const struct tp_table *t, char out[][160], int n);

#endif
