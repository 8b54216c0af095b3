/* Piece outlines (arena_outline.h). */
#include "games/arena/model/arena_outline.h"

static int sgn(int v)
{
	return (v > 0) - (v < 0);
}

void tp_arena_outline_offset(const int xy[][2], int n, double size, double d, double ox,
			     double oy, double *out)
{
	for (int i = 0; i < n; i++) {
		const int *p = xy[(i + n - 1) % n], *q = xy[i], *r = xy[(i + 1) % n];
		/* Outward normals of the edges in and out of q: the left of
		 * the direction of travel, (dx, dy) -> (dy, -dx) with y down. */
		int ix = sgn(q[0] - p[0]), iy = sgn(q[1] - p[1]);
		int jx = sgn(r[0] - q[0]), jy = sgn(r[1] - q[1]);
		out[2 * i] = ox + q[0] * size + d * (iy + jy);
		out[2 * i + 1] = oy + q[1] * size + d * (-ix - jx);
	}
}
