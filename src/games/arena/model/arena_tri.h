#ifndef TP_ARENA_TRI_H
#define TP_ARENA_TRI_H

/* The triangular board of the shape arena (arena.grid = tri): "the playing
 * surface might comprise a triangular array of triangular playing
 * positions" (seed 002).  Pure geometry and rules; the sheets are
 * arena_hexsheets.c's and arena_hexpieces.c's, play arena_sim.c's.
 *
 * The board is a triangle, apex up, of side L cells (arena.side), L = 3m +
 * 1 so that its centroid is the centroid of a cell, the centre.  Row r (0
 * at the apex) holds 2r + 1 cells, col c = 0..2r; cell (r, c) points up
 * when c is even, down when c is odd; L^2 cells in all.  In the struct
 * tp_arena_board a cell sits at (r, c) of an L x (2L - 1) array, the slots
 * c > 2r marked off.  A cell's neighbours across its three edges: (r, c
 * +- 1), and (r + 1, c + 1) below an up cell, (r - 1, c - 1) above a down
 * one.
 *
 * Band coordinates: a = L - 1 - r (rows from the bottom edge), b = c / 2
 * (rounded down: bands from the left edge), d = r - a' with a' = (c + 1) /
 * 2 (bands from the right edge); a + b + d = L - 1 on up cells, L - 2 on
 * down cells.  Turning the board 120 degrees takes (a, b, d) to (d, a, b);
 * its three mirrors swap two of them.  The centre is the up cell a = b =
 * d = m.
 *
 * Sectors: three, one per edge, each the cells nearer that edge than the
 * other two (bottom 1, left 2, right 3; a cell as near two edges goes to
 * the first of them in the order 1, 2, 3, 1, the centre to none), so each
 * is the last turned 120 degrees.  Numbered cells ("alternate"): the up
 * cells, no two of which share an edge (a triangle's neighbours all point
 * the other way); every turn and mirror keeps them.
 *
 * Inner arenas (inner_size k): diamond, the cells at most k bands from
 * every edge (the triangle with its corners cut off: a hexagon touching all
 * three edges, leaving the three corners as three separate parts of the
 * outer arena; default k = L - 1 - round(L / sqrt 6), which leaves the
 * corners about half the cells); square, a triangle parallel to the board
 * (the cells at least m - k bands from every edge; the outer arena one
 * ring); circle refused, as on the hex board. */

#include "games/arena/model/arena_core.h"

#define TP_ARENA_TRI_SIDE_MIN 7
#define TP_ARENA_TRI_SIDE_MAX 97

/* Band coordinates of slot (r, c) on a side-L board, and back (the slot of
 * bands (a, b, d), -1 in *r when they name no cell). */
void tp_arena_tri_bands(int L, int r, int c, int *a, int *b, int *d);
void tp_arena_tri_slot(int L, int a, int b, int d, int *r, int *c);

int tp_arena_tri_on(int L, int r, int c);
int tp_arena_tri_sector(int L, int r, int c);
void tp_arena_tri_turn(int L, int t, int *r, int *c);
void tp_arena_tri_mirror(int L, int k, int *r, int *c);
int tp_arena_tri_numbered(const struct tp_arena_rules *rl, int r, int c);
int tp_arena_tri_inner(int L, int inner, int size, int r, int c);
int tp_arena_tri_inner_default(int inner, int L);
/* Distance of the cell's centroid from the board's centroid, in cell edges. */
double tp_arena_tri_dist(int L, int r, int c);

/* As tp_arena_hex_rules_check, for the triangular board. */
int tp_arena_tri_rules_check(const struct tp_arena_rules *r, int layout, tp_err *e);

#endif
