#ifndef TP_DIE_H
#define TP_DIE_H

/* Die lines (TP_INK_CUT) that cut every edge once, for any game.
 *
 * Ganged pieces that share edges (tiles in a grid) are cut by a grid of
 * full-length straight lines: rows + 1 horizontal and cols + 1 vertical,
 * so each shared edge is cut once rather than once per neighbour; pieces
 * that stand apart (a board half, a board piece, a punched tile) each get
 * one closed contour.  The grid lines run in alternate directions
 * (boustrophedon), so a plotter or digital cutter travels the least
 * between them. */

#include <stddef.h>

#include "print/scene/scene.h"

/* The die line width drawn on every sheet, mm (a hairline for the die
 * maker; the knife does not care). */
#define TP_DIE_STROKE_MM 0.25

/* A grid of rows x cols cells of w x h mm, top-left corner at (x0, y0):
 * rows + 1 horizontal lines cols * w long and cols + 1 vertical lines
 * rows * h long, in TP_INK_CUT, stroked stroke mm wide.  Nothing for an
 * empty grid (rows or cols < 1).  0, or -1 when out of memory (the lines
 * added so far stay: the scene stays valid). */
int tp_die_grid(struct tp_scene *sc, double x0, double y0, int rows, int cols,
		double w, double h, double stroke);

/* One closed contour through the n points xy[2n] in TP_INK_CUT (nothing
 * when n < 2).  0, or -1 when out of memory. */
int tp_die_contour(struct tp_scene *sc, const double *xy, size_t n, double stroke);

/* The closed contour of the rectangle (x, y, w, h). */
int tp_die_rect(struct tp_scene *sc, double x, double y, double w, double h, double stroke);

/* Nicks: small uncut bridges that hold a punchboard component in its
 * board until it is punched out.  `per_side` gaps `width` mm wide
 * (measured along the die line) on every side of every closed die
 * contour, spread evenly along it, each at least `corner` mm from both
 * ends of its side; a side too short for that gets none.  A side runs
 * from a corner (a bend of the contour) or from where a straight run
 * meets a curve, to the next.  A contour with no side ends (a circle, an
 * ellipse: round) gets 4 per_side gaps, per_side in each quarter of its
 * length from its start, spread as on a side; `corner` does not apply. */
struct tp_nicks {
	int per_side;     /* 0: no nicks; at most 64 */
	double width;     /* mm */
	double corner;    /* mm from a corner to the nearest nick */
};

/* Cuts the nicks into every closed die contour of sc (a rectangle, or a
 * path of one closed subpath of lines and cubics), not printer's marks:
 * each becomes one path of open subpaths, from the end of one gap to the
 * start of the next, in place (same layer and order); a cubic is split
 * at its gaps into cubics (de Casteljau), so every writer draws the same
 * curve with the gaps.  Open cuts (a gang's grid) are left whole.  The
 * number of nicks made, or -1 when out of memory (the scene stays
 * valid). */
long tp_die_nick(struct tp_scene *sc, const struct tp_nicks *n);

/* Takes the die lines (TP_INK_CUT shapes, not marks) off a page that also
 * draws art, for a factory that wants them in a separate file only; a
 * die-only page keeps them.  Returns the number taken off. */
size_t tp_die_strip(struct tp_scene *sc);

#endif
