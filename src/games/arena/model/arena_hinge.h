#ifndef TP_ARENA_HINGE_H
#define TP_ARENA_HINGE_H

/* Where a folding hex or triangular board takes its hinge.  Hexagons meet
 * in zigzags and triangles in slants, so a straight hinge may run through
 * cells: it goes on the line, within half a cell pitch of the wanted
 * place, that runs through the fewest cells (nearest the wanted place
 * among those, then the lower or right one, as on squares).  A line along
 * cell edges or through corners crosses none of them.  Pure arithmetic on
 * the cells' lattice (arena_polyform.h), so a line on an edge is exactly
 * on it. */

#include "games/arena/model/arena_core.h"

/* Board bd (hex or tri) with cell pitch p mm, its cells centred on a sheet
 * side mm long across (across = 1: a vertical hinge, measured along x) or
 * down it (0: y): the hinge nearest at mm from the sheet's edge into *edge
 * (mm from that edge) and the number of cells it runs through into
 * *crossed. */
void tp_arena_hinge(const struct tp_arena_board *bd, double p, int across, double side, double at,
		    double *edge, int *crossed);

#endif
