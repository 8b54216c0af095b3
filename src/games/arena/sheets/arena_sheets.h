#ifndef TP_ARENA_SHEETS_H
#define TP_ARENA_SHEETS_H

/* The shape arena's sheets (the model they draw, board and pieces, is in
 * arena_core.h). */

#include "games/rules.h"
#include "games/arena/config/arena_config.h"
#include "games/arena/model/arena_gridops.h"
#include "games/game.h"

/* The ink a piece prints in: its player's colour; a piece no player gets
 * prints in player6's. */
int tp_arena_piece_ink(const struct tp_arena_piece *p);

/* Whether the board and pieces are cells drawn from their corners (the
 * cell sheets, arena_hexsheets.h) rather than squares out to the cut
 * (arena_sheets.c, arena_board_sheets.c): the grid table's rect. */
static inline int tp_arena_cell_sheets(const struct tp_config *c)
{
	return !tp_arena_gridops_for(tp_arena(c)->rules.grid)->rect;
}

/* How a grid's board and pieces sheets are drawn, one row per kind: the
 * square board's rows and columns of squares (arena_board_sheets.c,
 * arena_sheets.c) or cells drawn from their corners (arena_hexsheets.c,
 * arena_hexpieces.c).  tp_arena_sheetops picks the row by the grid
 * table's rect; the sheets table (arena_sheets.c) calls through it.
 * board: the whole board; part: part h (0, 1) for print.split = rows or
 * cols; pieces: what 0 plain faces with die lines ("pieces"), 1 ribbed
 * faces mirrored ("pieces-back"), 2 the rib plate mirrored
 * ("pieces-ribs"), 3 the die lines alone (the "cut" sheet's first page);
 * board_cut: the board's die line pages, whole or its two parts;
 * pieces_parts: the pieces as punchboard components (1 filled, -1 out of
 * memory).  The others return 0, or -1 when out of memory. */
struct tp_arena_sheetops {
	int (*board)(const struct tp_config *c, const void *model, struct tp_doc *doc);
	int (*part)(const struct tp_config *c, const void *model, struct tp_doc *doc, int h);
	int (*pieces)(const struct tp_config *c, const void *model, struct tp_doc *doc, int what);
	int (*board_cut)(const struct tp_config *c, const void *model, struct tp_doc *doc);
	int (*pieces_parts)(const struct tp_config *c, int back, struct tp_parts *ps);
};
const struct tp_arena_sheetops *tp_arena_sheetops(const struct tp_config *c);

/* The square board's sheets (arena_board_sheets.c), its row's board and
 * part; tp_arena_parts_absent is the parts' absent() (1 with why while
 * print.split = none).  Part h (0 or 1) lies at r = { x, y, w, h } mm on
 * the whole board, split along the grid line nearest the middle, and is
 * named tp_arena_part_names[h]. */
int tp_arena_square_board(const struct tp_config *c, const void *model, struct tp_doc *doc);
int tp_arena_square_part(const struct tp_config *c, const void *model, struct tp_doc *doc, int h);
int tp_arena_parts_absent(const struct tp_config *c, const char *sheet, char *why, size_t n);
void tp_arena_part_rect(const struct tp_config *c, int h, double r[4]);
extern const char *const tp_arena_part_names[2];

/* The board's ledges: the board is squares out to the cut (or cells cut
 * round), so a band TP_ARENA_LEDGE of a square (a pitch) deep is added
 * above it for board.title and below it for board.credit (both for
 * board.corner), only when the art pack fills one of them: *top and
 * *bottom in mm, 0 without.  The board's squares then start *top mm
 * down; hex and tri boards become the rectangle of their cells' box and
 * the ledges (arena_hexsheets.c). */
#define TP_ARENA_LEDGE 0.6
void tp_arena_ledges(const struct tp_config *c, double *top, double *bottom);
/* The box of board.title (k 0), board.credit (1) or board.corner (2, the
 * top left; 3..5 the others, clockwise) on the board with both ledges
 * (hex and tri: from the top left of that rectangle), inside the safe
 * zone: x y w h; 0 when too small (3 mm).  A hex or tri board split by
 * columns keeps the title left of the parts' cut, the credit right. */
int tp_arena_ledge_box(const struct tp_config *c, int k, double b[4]);
/* The counters' art (arena.counter, marking = colours): the box's side,
 * centred on each counter. */
double tp_arena_counter_art(const struct tp_config *c);

/* Shared by the sheet files (arena_sheets.c): a sheet w x h mm with the
 * config's bleed and inks and these layers (NULL when out of memory), and
 * a stroked segment (0, or -1 when out of memory). */
struct tp_scene *tp_arena_new_sheet(const struct tp_config *c, const char *name, double w, double h,
				    const int *layers, size_t n);
int tp_arena_seg(struct tp_scene *sc, int ink, double w, double x0, double y0, double x1, double y1);

/* The board numbers (arena_board_sheets.c; the square and the hex/tri
 * boards): the font size at which every number on board bd, with its bar,
 * fits a box x box square (0, or -1 when out of memory), and number v with
 * its bar (tp_arena_needs_bar) centred on (ox, oy) at font size em, turned
 * by the cosine ca and sine sa (0, or -1 when out of memory). */
int tp_arena_number_em(const struct tp_arena_board *bd, double box, double *em);
int tp_arena_draw_number(struct tp_scene *sc, int v, double ca, double sa, double ox, double oy,
			 double em);

/* Appends to p a circle as four curves, anticlockwise on the page (against
 * a piece's outline), so that with the nonzero rule it is a hole in the
 * fill: TP_CIRCLE_PTS points (print/scene/scene.h), returns that many.  The
 * square and the hex pieces' mark discs. */
size_t tp_arena_hole(struct tp_pt *p, double cx, double cy, double r);

/* A piece's mark ("2", "3"; nothing on a blank piece) centred in its disc
 * of radius r at (cx, cy): 0, or -1 when out of memory. */
int tp_arena_mark_text(struct tp_scene *sc, const struct tp_config *c, int mark, double cx,
		       double cy, double r);

/* The art pack's places (art_pack.h): arena.mark2 and arena.mark3 (a
 * piece's mark, in the square of side TP_ARENA_ART_MARK x its disc's
 * radius), arena.class1..8 (the colour classes, with arena.marking =
 * colours or pictures, in the mark's box). */
#define TP_ARENA_ART_MARK 1.4
extern const char *const tp_arena_art_names[];
size_t tp_arena_art_places(const struct tp_config *c, struct tp_art_place *out, size_t max);

/* The score pad sheet (arena_pad.c). */
int tp_arena_build_pad(const struct tp_config *c, const void *model, struct tp_doc *doc);

/* The start ring round the centre cell's number: its line width, as a
 * share of a cell (its radius is the grid table's start_ring). */
#define TP_ARENA_START_RING_W 0.03

/* arena.player_marks: `player` (1..6; 0 draws nothing) pips in the
 * numbers' ink along the bottom of the last cell of shape sh laid at
 * (x, y) with squares of s mm.  0, or -1 when out of memory. */
int tp_arena_draw_pips(struct tp_scene *sc, const struct tp_arena_shape *sh, double s, double x,
		       double y, int player);

/* The die net (arena_die.c, arena.die = pips): six faces of die_mm in a
 * cross, 4 faces wide and 3 high, pips 1..6 (opposite faces sum to 7),
 * glue tabs TP_ARENA_DIE_TAB of a face deep on 7 of the 14 outer edges,
 * one closed die line round it all; pips TP_ARENA_DIE_PIP of a face in
 * radius. */
#define TP_ARENA_DIE_TAB 0.22
#define TP_ARENA_DIE_PIP 0.08
/* arena.die = shapes: face v shows the silhouette of the shape of v cells,
 * its longer side TP_ARENA_DIE_SHAPE of the face, centred. */
#define TP_ARENA_DIE_SHAPE 0.7
int tp_arena_build_die(const struct tp_config *c, const void *model, struct tp_doc *doc);
/* The die-net sheet's absent(): 1 with why while arena.die = off. */
int tp_arena_die_absent(const struct tp_config *c, const char *sheet, char *why, size_t n);

/* The collecting game's print (arena_counters.c; arena.marking = colours
 * or pictures).  tp_arena_class_ink: the ink of colour class cls (1..8).
 * tp_arena_draw_class: class cls's mark centred on (cx, cy), size mm
 * across: a disc of its ink (colours) or its picture in its ink
 * (pictures); 0, or -1 when out of memory.  The counters sheet: one
 * round counter of counter_mm per coloured position of the board (colour
 * 1's first), twelve across, with its die line; its components for
 * print.layout = punchboard.  The charts: one page per player (chart-P),
 * need x colours places (tp_arena_collect) in a pattern seeded by the
 * board's seed and the player.  tp_arena_collect_absent: both sheets'
 * absent() while arena.marking = numbers. */
int tp_arena_class_ink(int cls);
int tp_arena_draw_class(struct tp_scene *sc, const struct tp_config *c, int cls, double cx,
			double cy, double size);
/* A class's mark (disc or picture, every class the same size) of
 * nominal size, shrunk so that it keeps within room mm of its centre (a
 * picture by how far the widest of the classes' pictures reaches). */
double tp_arena_mark_fit(const struct tp_arena_cfg *a, double size, double room);
int tp_arena_build_counters(const struct tp_config *c, const void *model, struct tp_doc *doc);
int tp_arena_counters_parts(const struct tp_config *c, const char *page, struct tp_parts *ps);
int tp_arena_build_charts(const struct tp_config *c, const void *model, struct tp_doc *doc);
int tp_arena_collect_absent(const struct tp_config *c, const char *sheet, char *why, size_t n);
/* A board square of s mm at (x, y) in ink round an unprinted square of w
 * mm in its middle (a picture's ground: paper, so that no thin part of a
 * picture knocks the arena's ink out), as four rectangles (so that the
 * board's bleed extends them like any square).  0, or -1 when out of
 * memory. */
int tp_arena_ground_framed(struct tp_scene *sc, int ink, double x, double y, double s, double w);

#define TP_ARENA_N_SHEETS (12 + TP_RULES_N_SHEETS)
extern const struct tp_sheet_def tp_arena_sheets[TP_ARENA_N_SHEETS];

#endif
