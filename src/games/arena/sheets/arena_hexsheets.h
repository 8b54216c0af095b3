#ifndef TP_ARENA_HEXSHEETS_H
#define TP_ARENA_HEXSHEETS_H

/* The hex and triangular boards' sheets (arena.grid = hex or tri;
 * arena_hexsheets.c and arena_hexpieces.c): what the arena's sheet
 * builders hand over when the grid is not square.  Same sheets, same notes, same layers as the square
 * board's; the board and each piece are cut round their cells. */

#include "games/arena/sheets/arena_sheets.h"

/* How a number turns: the grid table's number_turn (arena_gridops.h). */

/* The board (whole, die line round all its cells when print.split =
 * none), and part h (0, 1) of it. */
int tp_arena_hex_build_board(const struct tp_config *c, const void *model, struct tp_doc *doc);
int tp_arena_hex_build_part(const struct tp_config *c, const void *model, struct tp_doc *doc, int h);

/* The die line pages of the board, or of its two parts. */
int tp_arena_hex_build_board_cut(const struct tp_config *c, const void *model, struct tp_doc *doc);

/* The pieces sheets: what 0 plain faces with die lines ("pieces"), 1
 * ribbed faces mirrored ("pieces-back"), 2 the rib plate mirrored
 * ("pieces-ribs"), 3 the die lines alone (the "cut" sheet's first page). */
int tp_arena_hex_build_pieces(const struct tp_config *c, const void *model, struct tp_doc *doc,
			      int what);

/* The pieces as punchboard components: each trim the box of its die line.
 * 1 (filled), or -1 out of memory. */
int tp_arena_hex_pieces_parts(const struct tp_config *c, int back, struct tp_parts *ps);

#endif
