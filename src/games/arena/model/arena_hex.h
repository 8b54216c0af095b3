#ifndef TP_ARENA_HEX_H
#define TP_ARENA_HEX_H

/* The hexagonal board of the shape arena (arena.grid = hex): "a hexagonal
 * array of playing positions ..., each playing position having a
 * hexagonal outline and the playing positions nesting together in
 * bee-hive cell fashion" (seed 002).  Pure geometry and rules.
 *
 * Coordinates.  A cell is (q, r) in axial coordinates from the centre cell
 * (0, 0): r counts rows down the page, q cells to the right along a row;
 * the third cube coordinate is s = -q - r.  Cells are pointy-topped, a
 * cell's centre at x = (q + r/2) p, y = r (sqrt 3 / 2) p for a pitch p
 * (arena.square_mm: the distance between neighbours' centres, the cell's
 * width across its flats).  The six neighbours of (q, r) are (q +- 1, r),
 * (q, r +- 1), (q + 1, r - 1) and (q - 1, r + 1).
 *
 * The board of side k (cells an edge, n = k - 1) holds the cells with
 * max(|q|, |r|, |s|) <= n: 3n(n + 1) + 1 of them, a hexagon with flat top
 * and bottom edges and a corner at each side.  In the struct
 * tp_arena_board a cell sits at row r + n, col q + n of a (2n+1) x (2n+1)
 * array, the slots with |q + r| > n marked off.
 *
 * Sectors.  Turning a cell 60 degrees clockwise on the page takes (q, r)
 * to (-r, q + r).  Sector 1 holds the cells with q > 0 and r >= 0 (d
 * cells on ring d, from the centre's east side clockwise); sector k + 1 is
 * sector k turned 60 degrees: a pinwheel of six congruent sectors that
 * covers every cell but the centre (sector 0).  The seed's "given sectors
 * of the playing area total the same" are these six.
 *
 * Numbered cells ("alternate"): the hex grid's cells fall into three
 * classes by (q - r) mod 3, no two neighbours in one class; the numbered
 * class is 0, the centre's, which every turn and mirror of the board keeps
 * (numbering = all: every cell).  Each sector holds the same count.
 *
 * Inner arenas (inner_size k, 0 = the default n), s = -q - r:
 *  - diamond: a six-pointed star, the union of the triangles
 *    2 max(q, r, s) <= k + 1 and 2 max(-q, -r, -s) <= k + 1: at k = n its
 *    points reach the middle of the board's six edges, leaving the six
 *    corners as six separate parts of the outer arena, and it holds about
 *    half the cells (the seed's diamond on a square board, whose four
 *    points reach the middle of its four edges, given six);
 *  - square: a hexagon parallel to the board, max(|q|, |r|, |s|) <= k,
 *    default the largest with at most half the cells (the outer arena one
 *    ring: departs from the seed as the square board's square does);
 *  - circle: refused.  A disc that reaches the board's edges, as it must
 *    to leave separate outer parts, covers over nine tenths of a hexagon
 *    (pi sqrt(3) / 6), leaving too few outer cells for the outer arena's
 *    numbers to matter. */

#include "games/arena/model/arena_core.h"

#define TP_ARENA_HEX_SIDE_MIN 4  /* the 6-cell Gun fits across (7 cells) */
#define TP_ARENA_HEX_SIDE_MAX 50 /* 99 cells across, as the square's 99 */

/* n = side - 1 of hex rules. */
int tp_arena_hex_n(const struct tp_arena_rules *r);

/* Cells on a hex board of radius n: 3n(n + 1) + 1. */
long tp_arena_hex_cells(int n);

/* Whether array slot (row, col) of a radius-n board holds a cell. */
int tp_arena_hex_on(int n, int row, int col);

/* The sector 1..6 of axial (q, r), 0 for the centre. */
int tp_arena_hex_sector(int q, int r);

/* Turns axial (q, r) t times 60 degrees clockwise (any t). */
void tp_arena_hex_turn(int t, int *q, int *r);

/* Mirrors axial (q, r) by reflection a (0..5): turned a times 60 degrees,
 * then q and r swapped (the swap mirrors about the line through the
 * centre 30 degrees below east).  a = 0..5 are the board's six mirror
 * lines. */
void tp_arena_hex_mirror(int a, int *q, int *r);

/* Whether axial (q, r) carries a number under r->numbering, and lies in
 * the inner arena of size `size` (tp_arena_inner_size_of). */
int tp_arena_hex_numbered(const struct tp_arena_rules *r, int q, int rr);
int tp_arena_hex_inner(int inner, int size, int q, int r);

/* The inner arena's default size on a radius-n board. */
int tp_arena_hex_inner_default(int inner, int n);

/* The distance between the centres of (q, r) and the centre, in pitches. */
double tp_arena_hex_dist(int q, int r);

/* The hex rules' checks: those every grid shares (tp_arena_check_common),
 * then its own (side, keys that do not apply, numbering, inner size, and
 * with layout the arenas holding numbers in every sector).  Called through
 * the grid table by tp_arena_rules_check and tp_arena_rules_check_keys. */
int tp_arena_hex_rules_check(const struct tp_arena_rules *r, int layout, tp_err *e);

/* The rotation (degrees clockwise) that makes a number in sector k (0 the
 * centre) read upright from the board edge nearest it. */
int tp_arena_hex_facing(int sector);

#endif
