#ifndef TP_BOARD_WRAP_H
#define TP_BOARD_WRAP_H

/* The board as a factory makes it (print.board = wrap): a printed face
 * sheet wrapped round greyboard, and a back liner glued over the turn-ins.
 *
 * The board is each board page's finished box (scene.h: on the arena's
 * hexagons and triangles the box of the cells, not the trim a margin
 * round them), else its trim box.
 *
 * Face wrap (page face-N): the board's art on a sheet E = greyboard_mm +
 * wrap_mm larger on every side: it covers the board's face, goes round
 * its edge (the greyboard's thickness) and turns in wrap_mm on the back.
 * The art runs on over the whole turn-in (each game draws the board with
 * a bleed of E plus the sheet's bleed), so the edge and the band of
 * turn-in the liner leaves show the board, not paper.  Each corner is cut
 * at 45 degrees, TP_WRAP_CORNER x greyboard_mm from the board's corner
 * (the book-cover rule: the cloth then covers the corner once folded);
 * the cut, the die line, is in the die ink; the fold lines, the
 * greyboard's face and back edges, in the Crease ink.
 *
 * Back liner (page liner-N): a plain sheet liner_inset_mm smaller than
 * the board on each side, its outline in the die ink.
 *
 * A folding board (print.fold): the whole board's greyboard cut into two
 * panels (bifold: across its longer side) or four (quadfold), the face
 * wrap one sheet over them, so the art runs on across the hinges.  Each
 * hinge lies on the square edge nearest the board's middle (the game's
 * board_edge), so no square is cut; on hexagons and triangles, where no
 * straight line may run between cells, on the line near the middle that
 * crosses the fewest (the game warns of them).  Its gap is TP_HINGE_GAP x
 * greyboard_mm: folded shut, two panels lie one on the other and the
 * sheet that joins them across the hinge goes round both thicknesses.  A
 * quad-fold folds twice: the second fold closes over a stack two panels
 * thick, so its hinge (the vertical one) is twice as wide.  The liner is
 * one sheet over every panel.  The fold lines of the panels' edges at
 * each hinge are in the Crease ink.
 *
 * A quad-fold's four panels hang on three hinge arms: the upper arm of
 * the vertical hinge is slit, a straight cut in the die ink on its centre
 * line from the face wrap's top edge to the hinges' crossing, and the
 * same cut through the liner (which spans the hinges), there seen from
 * the back, so mirrored left to right.  The horizontal hinge folds first
 * (both arms), then the vertical hinge's lower arm closes the stack. */

#include <stddef.h>

#include "core/status.h"
#include "games/config.h"

#define TP_WRAP_CORNER 1.5   /* corner cut: board thicknesses beyond the corner */
#define TP_HINGE_GAP 2.0     /* hinge gap: board thicknesses (the second fold: twice) */
/* A wrap larger than a PDF page (200 in) is not made. */
#define TP_WRAP_MAX_MM 5080.0

struct tp_sheet_def;

/* The sheets that make up c's board as the build makes it: its parts
 * (board-half-N, board-part-N) when present, else the whole "board"
 * sheet; at most max into out.  Returns how many (0: no board). */
size_t tp_board_sheets(const struct tp_config *c, const struct tp_sheet_def **out, size_t max);

/* For a game's board_edge (game.h) on a grid of n squares along the axis,
 * square k from first + k * pitch: the inner square edge nearest at into
 * *edge.  0; -1 and why when n < 2. */
int tp_board_edge_grid(double first, double pitch, int n, double at, double *edge, char *why,
		       size_t nw);

/* A fold line from (x0, y0) to (x1, y1) in the Crease ink (the palette
 * must hold it: tp_palette_add_crease).  0, or -1 when out of memory. */
struct tp_scene;
int tp_crease_line(struct tp_scene *sc, double x0, double y0, double x1, double y1);

/* A finished board as it lies in a box: w x h mm (shut, when it folds),
 * thick mm of greyboard (the panels stacked: 1, 2 or 4 of them). */
struct tp_board_fp {
	double w, h, thick;
	int panels;
};

/* The footprints of c's boards as wraps make them (one per wrapped
 * board or part; a folding board is one), from the same layout as the
 * sheet "board-wrap": at most max into fp, *n of them; *n = 0 when the
 * board is flat (its pages are then the board as it lies).  TP_OK, or the
 * layout's failure. */
int tp_board_footprints(const struct tp_config *c, const void *model, struct tp_board_fp *fp,
			size_t max, size_t *n, tp_err *e);

/* The sheet "board-wrap": pages face-N and liner-N per board part, or one
 * face and one liner for a folding board. */
#define TP_BOARD_WRAP_SHEET_DEF                                                          \
	{ "board-wrap", "board wrap: face wraps round greyboard, back liners",            \
	  TP_SHEET_WHOLE, tp_board_wrap_absent, tp_board_wrap_prepare, tp_board_wrap_build, \
	  NULL, NULL, NULL, 0 }
int tp_board_wrap_absent(const struct tp_config *c, const char *sheet, char *why, size_t n);
int tp_board_wrap_prepare(struct tp_config *c, tp_err *e);
struct tp_doc;
int tp_board_wrap_build(const struct tp_config *c, const void *model, struct tp_doc *doc);

#endif
