/* Piece outlines (arena_outline.h). */
#include "games/arena/model/arena_outline.h"

#include <string.h>

/* A directed unit edge of the cell grid. */
struct edge {
	int x0, y0, x1, y1;
	int used;
};

int tp_arena_outline(const struct tp_arena_shape *s, int xy[TP_ARENA_OUTLINE_MAX][2])
{
	struct edge e[4 * 6];
	int n = 0;
	/* Each cell's four edges clockwise; an edge shared by two cells comes
	 * once each way and is inside the piece, so both go. */
	for (int i = 0; i < s->n_cells && i < 6; i++) {
		int r = s->cell[i][0], c = s->cell[i][1];
		const int cw[4][4] = { { c, r, c + 1, r }, { c + 1, r, c + 1, r + 1 },
				       { c + 1, r + 1, c, r + 1 }, { c, r + 1, c, r } };
		for (int k = 0; k < 4; k++) {
			int twin = -1;
			for (int j = 0; j < n && twin < 0; j++)
				if (!e[j].used && e[j].x0 == cw[k][2] && e[j].y0 == cw[k][3] &&
				    e[j].x1 == cw[k][0] && e[j].y1 == cw[k][1])
					twin = j;
			if (twin >= 0)
				e[twin].used = 1;   /* cancelled */
			else
				e[n++] = (struct edge){ cw[k][0], cw[k][1], cw[k][2], cw[k][3], 0 };
		}
	}
	int live = 0, start = -1;
	for (int j = 0; j < n; j++)
		if (!e[j].used) {
			live++;
			/* The left-most, then top-most, start of an edge. */
			if (start < 0 || e[j].x0 < e[start].x0 ||
			    (e[j].x0 == e[start].x0 && e[j].y0 < e[start].y0))
				start = j;
		}
	if (start < 0)
		return -1;
	/* Walk the loop; at a corner where two edges leave, turn right (keeps
	 * to the cells on the right). */
	int pts[4 * 6 + 1][2], np = 0, cur = start, walked = 0;
	for (;;) {
		e[cur].used = 1;
		walked++;
		pts[np][0] = e[cur].x0;
		pts[np][1] = e[cur].y0;
		np++;
		int dx = e[cur].x1 - e[cur].x0, dy = e[cur].y1 - e[cur].y0, next = -1, best = 9;
		for (int j = 0; j < n; j++) {
			if (e[j].used || e[j].x0 != e[cur].x1 || e[j].y0 != e[cur].y1)
				continue;
			int ex = e[j].x1 - e[j].x0, ey = e[j].y1 - e[j].y0;
			/* Right turn on the page (y down): (dx,dy) -> (-dy,dx). */
			int rank = (ex == -dy && ey == dx) ? 0 : (ex == dx && ey == dy) ? 1 : 2;
			if (rank < best) {
				best = rank;
				next = j;
			}
		}
		if (next < 0)
			break;
		cur = next;
	}
	if (walked != live || e[cur].x1 != e[start].x0 || e[cur].y1 != e[start].y0)
		return -1;
	/* Drop corners between edges in line. */
	int m = 0;
	for (int i = 0; i < np; i++) {
		const int *p = pts[(i + np - 1) % np], *q = pts[i], *r = pts[(i + 1) % np];
		if ((p[0] == q[0] && q[0] == r[0]) || (p[1] == q[1] && q[1] == r[1]))
			continue;
		if (m == TP_ARENA_OUTLINE_MAX)
			return -1;
		xy[m][0] = q[0];
		xy[m][1] = q[1];
		m++;
	}
	return m;
}

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
