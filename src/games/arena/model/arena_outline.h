#ifndef TP_ARENA_OUTLINE_H
#define TP_ARENA_OUTLINE_H

/* A square piece's outline (the corners tp_arena_trace finds from the grid
 * table, arena_polyform.h) moved in or out by a distance, edge by edge.
 * Pure arithmetic, no allocation. */

#include "games/arena/model/arena_core.h"

/* The most vertices an outline of up to six cells has (perimeter <= 14). */
#define TP_ARENA_OUTLINE_MAX 16

/* The outline xy (lattice corners of the square grid, x = col, y = row,
 * clockwise on the page, no two consecutive edges in line) scaled to cells
 * of size mm at (ox, oy), every edge moved outwards by d mm (inwards when
 * d < 0), into out[2 * n] (x, y pairs). */
void tp_arena_outline_offset(const int xy[][2], int n, double size, double d, double ox,
			     double oy, double *out);

#endif
