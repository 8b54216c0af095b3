#ifndef TP_ARENA_OUTLINE_H
#define TP_ARENA_OUTLINE_H

/* Piece outlines: the boundary of the union of a polyomino's cells, as one
 * closed rectilinear polygon, and that polygon moved in or out by a
 * distance.  Pure arithmetic, no allocation. */

#include "games/arena/model/arena_core.h"

/* The most vertices an outline of up to six cells has (perimeter <= 14). */
#define TP_ARENA_OUTLINE_MAX 16

/* The outline of s in cell units (x = col, y = row, y down): its corners
 * in order, clockwise on the page (the cells on the right of each edge),
 * starting at the top-most of the left-most corners, no two consecutive
 * edges in line.  Returns the number of corners, or -1 when the cells do
 * not make one simple loop (not connected, or holding a hole). */
int tp_arena_outline(const struct tp_arena_shape *s, int xy[TP_ARENA_OUTLINE_MAX][2]);

/* The outline scaled to cells of size mm at (ox, oy), every edge moved
 * outwards by d mm (inwards when d < 0), into out[2 * n] (x, y pairs). */
void tp_arena_outline_offset(const int xy[][2], int n, double size, double d, double ox,
			     double oy, double *out);

#endif
