#ifndef TP_ARENA_GRID_H
#define TP_ARENA_GRID_H

/* What the arena core's own files share beyond arena_core.h: the board's
 * geometry with the inner arena's size already resolved (so that a loop
 * over the squares does not resolve it per square), and the symmetry and
 * totals that the generator and its verifier both need.  Pure. */

#include "games/arena/model/arena_core.h"

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

/* Whether a board repeats itself: two quarters (sectors) alike turned
 * onto each other (numbers and colours compared), or the board its own
 * mirror image, on any grid (arena_verify.c; the numberings and the
 * colourings redraw while so). */
int tp_arena_symmetric(const struct tp_arena_board *bd);

/* The verifiers' refusal: fmt's text into why (n bytes; why may be NULL),
 * and -1 (arena_verify.c; arena_colour.c and arena_polyboard.c too). */
int tp_arena_why_fail(char *why, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* k numbers uniform in lo..hi, then one at a time moved by 1 (a random
 * one that can move) until they total s; s is reachable
 * (arena_polyboard.c; both numberings draw their quarters or sectors
 * with it). */
struct tp_rng;
void tp_arena_draw_sum(struct tp_rng *g, int *v, int k, int lo, int hi, long long s);

/* A new board of r's grid and shape, nothing on it yet: each slot on or
 * off the board, each cell's arena (inner size `size`) and quarter or
 * sector; NULL when out of memory.  Free with tp_arena_board_free. */
struct tp_arena_board *tp_arena_board_new(const struct tp_arena_rules *r, int size);

/* The hex and triangular boards' cells by slot (row, col) of a board of
 * R rows (arena_slots.c; hex: arena_hex.h, tri: arena_tri.h): whether the
 * slot holds a cell (any grid), its sector (1..tp_arena_sectors, 0 the
 * centre), the slot of the cell turned t sectors on, or mirrored by mirror
 * k (0..sectors-1, every mirror of the board), and the distance of its
 * centre from the board's centre. */
int tp_arena_slot_on(int grid, int R, int C, int row, int col);
/* The middle slot of an array of R x C slots (R and C odd). */
int tp_arena_mid_slot(int R, int C);
int tp_arena_slot_sector(int grid, int R, int C, int row, int col);
void tp_arena_slot_turn(int grid, int R, int t, int *row, int *col);
void tp_arena_slot_mirror(int grid, int R, int k, int *row, int *col);
double tp_arena_slot_dist(int grid, int R, int C, int row, int col);

/* The rules' checks every grid shares (players, gate, arenas' numbers),
 * and the square board's own (arena_rules.c): arena.side, rows and cols,
 * the shared checks, the inner arena's size, and with layout the numbers
 * in each quarter's arenas.  Called through the grid table. */
int tp_arena_check_common(const struct tp_arena_rules *r, tp_err *e);
int tp_arena_square_rules_check(const struct tp_arena_rules *r, int layout, tp_err *e);

/* The generator and the verifier of the square board (arena_board.c,
 * arena_verify.c): quarters drawn to common sums and turned into place
 * (contracts as tp_arena_board_derive and tp_arena_board_verify, which
 * hand the board over through the grid table, after the rules' check). */
int tp_arena_square_derive(const struct tp_arena_rules *r, struct tp_arena_board **out, tp_err *e);
int tp_arena_square_verify(const struct tp_arena_rules *r, const struct tp_arena_board *b,
			   char *why, size_t n);

/* The generator and the verifier of the hex and triangular boards
 * (arena_polyboard.c): each sector drawn to common sums and turned into
 * place, redrawn while two sectors read alike turned onto each other or
 * the board is its own mirror image (contracts as tp_arena_board_derive
 * and tp_arena_board_verify, which hand these boards over). */
int tp_arena_poly_derive(const struct tp_arena_rules *r, struct tp_arena_board **out, tp_err *e);
int tp_arena_poly_verify(const struct tp_arena_rules *r, const struct tp_arena_board *b,
			 char *why, size_t n);

/* The colouring of a hex or triangular colour board whose slots
 * tp_arena_poly_derive has set (arena_colour.c): each sector's inner and
 * outer positions hold each colour n / k or n / k + 1 times, every sector
 * the same counts (all turn onto each other), no two sectors alike and no
 * mirror image (contract as tp_arena_colour_derive). */
int tp_arena_poly_colour(const struct tp_arena_rules *r, struct tp_arena_board *bd, tp_err *e);

/* Whether sector q turned onto sector p reads the same (all of it, or
 * its inner cells alone), and whether the board reads the same under
 * mirror k. */
int tp_arena_sector_repeats(const struct tp_arena_board *b, int q, int p, int inner_only);
int tp_arena_poly_mirrored(const struct tp_arena_board *b, int k);

/* The same for the grid table (arena_gridops.h): every two sectors turn
 * onto each other; sector q turned onto p reads the same, all of it. */
int tp_arena_poly_turns_onto(int R, int C, int q, int p);
int tp_arena_poly_repeats(const struct tp_arena_board *b, int q, int p);

/* arena.numbering = groups on hex and tri boards: whether a cell whose
 * three band coordinates from the centre cell are x, y, z (hex: q, r and
 * -q - r; tri: its bands from the three edges less the centre's) lies in a
 * group: each coordinate within group_size / 2 of a multiple of p =
 * group_size + group_gap, the three multiples summing to 0.  So the
 * groups are hexagons group_size cells across (of hexes, or of
 * triangles), one round the centre, their centres p apart, group_gap or
 * more unnumbered cells between; every turn and mirror of the board only
 * permutes or negates the coordinates, so the groups are the same under
 * each. */
int tp_arena_band_group(const struct tp_arena_rules *r, int x, int y, int z);

/* The cosine and sine of a clockwise turn of deg degrees (arena_hex.c;
 * a number's on the hex and tri boards, their grid table's number_turn). */
void tp_arena_turn_cs(double deg, double *ca, double *sa);

/* Sums the board's totals and counts afresh from its squares. */
void tp_arena_board_totals(struct tp_arena_board *b);

#endif
