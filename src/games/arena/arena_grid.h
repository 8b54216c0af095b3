#ifndef TP_ARENA_GRID_H
#define TP_ARENA_GRID_H

/* What the arena core's own files share beyond arena_core.h: the board's
 * geometry with the inner arena's size already resolved (so that a loop
 * over the squares does not resolve it per square), and the symmetry and
 * totals that the generator and its verifier both need.  Pure. */

#include "games/arena/arena_core.h"

/* Whether (row, col) lies in the inner arena of size `size` (as
 * tp_arena_inner_size_of(r) returns it). */
int tp_arena_inner_in(const struct tp_arena_rules *r, int size, int row, int col);


/* The quarter whose squares quarter q's are turned from: 1 on a square
 * board, 1 (for quarters 1 and 3) or 2 (for 2 and 4) on a rectangle. */
int tp_arena_base_quarter(int rows, int cols, int q);

/* Whether the board reads the same mirrored about axis 0..3 (rows
 * reversed, columns reversed, main diagonal, anti-diagonal; the diagonals
 * only on a square board, 0 on a rectangle). */
int tp_arena_mirrored(const struct tp_arena_board *b, int axis);

/* Whether quarter q1 turned onto quarter q2 carries the same numbers (0
 * when the two do not turn onto each other). */
int tp_arena_quarter_repeats(const struct tp_arena_board *b, int q1, int q2);

/* Sums the board's totals and counts afresh from its squares. */
void tp_arena_board_totals(struct tp_arena_board *b);

#endif
