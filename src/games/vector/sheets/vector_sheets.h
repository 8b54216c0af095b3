#ifndef TP_VECTOR_SHEETS_H
#define TP_VECTOR_SHEETS_H

/* The vector-tiles print set (seed 001): tiles, tile-backs, board, setup,
 * pieces and cut, each laid out as scenes ready for marks and backends.
 *
 * Geometry (t = print.tile_mm; mm from the trim's top-left corner):
 *  - tiles: tile (r, c) of the pattern (1-based) covers x (c-1)t..ct and
 *    y (r-1)t..rt.  An arrow runs from near the centre toward the middle
 *    of the edge (n e s w) or the corner (ne se sw nw) it names: it has
 *    ink from 0.06t to 0.35t from the centre along n e s w, and to
 *    0.33t in both x and y along the diagonals, so nothing of an arrow
 *    reaches the outer eighth of the tile.  The marker is a bar 0.36t
 *    wide from 0.895t to 0.95t down the tile, centred.  Start: the
 *    player's symbol filled, symbol_pct of t across; home: its outline,
 *    a tenth of the symbol wide; blank: the face alone.  Every tile has
 *    its own die square.
 *  - tile-backs: one back-ink square per tile and the edition mark in its
 *    bottom-right corner as seen from the back, drawn as the tiles lie
 *    and then mirrored (tp_sheet_mirror): the back of tile (r, c) is at
 *    sheet column cols+1-c.
 *  - board: the ledge band (ledge_mm), the flat surface, and the scored
 *    grid of rows x cols squares of t starting at ledge_mm + clearance_mm
 *    from the trim edge; trim = cols t + 2 (ledge + clearance) across.
 *  - setup: the board with the start, home and blank tiles of FIG. 2 in
 *    their squares and each piece outlined on its start tile, and a
 *    caption strip below.
 *  - pieces: one cut outline per player, its symbol piece_pct of t across,
 *    centred in a t x t cell, cells side by side (a die/laser plate).
 *  - cut: page "tiles": rows+1 horizontal and cols+1 vertical die lines,
 *    each the full width or height of the tile sheet, so every shared edge
 *    is cut once; page "board": the board's outline. */

#include "games/rules.h"
#include "games/game.h"

#define TP_VECTOR_N_SHEETS (7 + TP_RULES_N_SHEETS)
extern const struct tp_sheet_def tp_vector_sheets[TP_VECTOR_N_SHEETS];

/* The art pack's places (art_pack.h) and their boxes in c. */
size_t tp_vector_art_places(const struct tp_config *c, struct tp_art_place *out, size_t max);
extern const char *const tp_vector_art_names[];

/* Board trim size (mm) for this config. */
void tp_vector_board_size(const struct tp_config *c, double *w, double *h);

#endif
