#ifndef TP_IMPOSE_H
#define TP_IMPOSE_H

/* Punchboard imposition (print.layout = punchboard), for every game.
 *
 * A tile sheet is laid out by its game as a gang: rows x cols tiles edge to
 * edge on one scene.  For a factory that punches tiles from board, the gang
 * is cut up again, tile by tile (tp_sheet_crop: each tile gets its own
 * bleed from its own edge art), and the tiles are set on press sheets of
 * the configured size with a gutter between them, inside the margins and
 * below the gripper.  The back sheet (mirrored, work-and-turn) goes on the
 * same press sheets mirrored about the sheet's vertical centre line, so the
 * back of the tile whose front trim lies at x lies at W - x - w, same y.
 *
 * Press sheet geometry (all mm, origin = the sheet's top-left corner, y
 * down; the press sheet is the page's trim box, with no bleed of its own):
 *   - the leading (top) edge keeps max(margin, gripper) clear, the other
 *     three edges keep margin clear: no ink there, bleeds included;
 *   - tiles sit in a grid, trim boxes exactly gutter apart (gutter >=
 *     2 x bleed, so two bleeds never overlap), the grid's bleed boxes
 *     centred in the clear area;
 *   - tiles fill the slots row by row, in the pattern's row-major order;
 *     as many press sheets as needed: ceil(tiles / slots per sheet).
 *
 * The geometry (tp_impose_plan, tp_impose_place) is pure; the rest moves
 * shapes between scenes.  What knows the games and the config (which sheet
 * is a tile sheet, the config-stage checks, punch.csv) is app/impose_game.h. */

#include <stddef.h>

#include "core/status.h"
#include "core/strbuf.h"
#include "print/scene/scene.h"
#include "print/layout/sheet.h"

/* playtest: one sRGB PDF for a home printer (app/playtest.h); the press
 * files' layout is then the gang's. */
enum tp_layout { TP_LAYOUT_GANG, TP_LAYOUT_PUNCHBOARD, TP_LAYOUT_PLAYTEST };

/* 1 when a game lays separate pieces apart on their gang page, each with
 * its own bleed (tp_sheet_def parts): for the punchboard's press sheets
 * and for the playtest kit's paper, which both take them one by one. */
static inline int tp_layout_apart(int layout)
{
	return layout == TP_LAYOUT_PUNCHBOARD || layout == TP_LAYOUT_PLAYTEST;
}

/* The playtest kit's paper and duplex (print.paper, print.duplex). */
enum tp_paper { TP_PAPER_A4, TP_PAPER_LETTER };
enum tp_duplex { TP_DUPLEX_LONG, TP_DUPLEX_SHORT, TP_DUPLEX_NONE };

/* What a game declares for a tile sheet that can be imposed
 * (tp_sheet_def.tiles, game.h). */
struct tp_tile_grid {
	int rows, cols;          /* tiles of the pattern (0 when asked without a model) */
	double tile_w, tile_h;   /* trim of one tile, mm */
	/* The sheet holding these tiles' backs, laid out as the gang mirrored
	 * about its vertical axis (work-and-turn), or NULL. */
	const char *backs;
};

/* The press sheet and the spacing, from [print]. */
struct tp_press {
	double w, h;             /* press sheet, mm */
	double margin, gripper, gutter, bleed;
};

/* Where the slots are on every press sheet of one grid. */
struct tp_imposition {
	int across, down;        /* slots per row, rows of slots */
	int per_sheet;           /* across x down */
	int sheets;              /* press sheets for rows x cols tiles */
	double x0, y0;           /* trim top-left of slot (0, 0) */
	double step_x, step_y;   /* tile + gutter */
};

/* The clear area of a press sheet: left, top, width, height (mm): inside
 * the margins and below the gripper. */
void tp_press_clear(const struct tp_press *pr, double a[4]);

/* Plans the slots for g on pr.  0, or -1 with the reason in why (a tile
 * with its bleed does not fit the clear area, gutter < 2 x bleed). */
int tp_impose_plan(const struct tp_press *pr, const struct tp_tile_grid *g,
		   struct tp_imposition *im, char *why, size_t n);

/* The press sheet (0-based) and trim top-left of tile (row, col) of the
 * pattern, on the front (back = 0) or the back (back = 1). */
void tp_impose_place(const struct tp_press *pr, const struct tp_tile_grid *g,
		     const struct tp_imposition *im, int row, int col, int back,
		     int *sheet, double *x, double *y);

/* Adds one page per press sheet pr to doc for the gang scene src of grid g:
 * the fronts (back = 0), or src is the mirrored back sheet (back = 1).
 * Pages are named "<stem>sheet-K" (stem may be "").  When src carries die
 * lines (TP_INK_CUT), they are replaced by one closed rectangle per tile,
 * its trim.  src is only read.  0, or -1 when out of memory or when g does
 * not fit pr (tp_impose_plan; the config stage refuses that). */
int tp_impose_scene(const struct tp_press *pr, const struct tp_tile_grid *g,
		    const struct tp_scene *src, int back, const char *stem, struct tp_doc *doc);

#endif
