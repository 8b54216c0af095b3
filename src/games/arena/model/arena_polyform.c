/* Outlines of cell sets (arena_polyform.h). */
#include "games/arena/model/arena_polyform.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/arena/model/arena_core.h"
#include "games/arena/model/arena_gridops.h"

struct edge {
	int x0, y0, x1, y1;
	int dead;
};

int tp_arena_cell_corners(int grid, int row, int col, int v[6][2])
{
	return tp_arena_gridops_for(grid)->cell_corners(row, col, v);
}

/* Edges ordered by their undirected end points, so that an edge and its
 * twin (the same edge walked the other way) sort side by side. */
static void key(const struct edge *e, int k[4])
{
	int a = e->x0 < e->x1 || (e->x0 == e->x1 && e->y0 < e->y1);
	k[0] = a ? e->x0 : e->x1;
	k[1] = a ? e->y0 : e->y1;
	k[2] = a ? e->x1 : e->x0;
	k[3] = a ? e->y1 : e->y0;
}

static int by_key(const void *pa, const void *pb)
{
	int a[4], b[4];
	key(pa, a);
	key(pb, b);
	for (int i = 0; i < 4; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

static int by_start(const void *pa, const void *pb)
{
	const struct edge *a = pa, *b = pb;
	if (a->x0 != b->x0)
		return a->x0 < b->x0 ? -1 : 1;
	return a->y0 < b->y0 ? -1 : a->y0 > b->y0;
}

/* The live edge starting at (x, y) in e[0..n-1] sorted by start, or -1. */
static int from(const struct edge *e, int n, int x, int y)
{
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (e[mid].x0 < x || (e[mid].x0 == x && e[mid].y0 < y))
			lo = mid + 1;
		else if (e[mid].x0 == x && e[mid].y0 == y)
			return mid;
		else
			hi = mid - 1;
	}
	return -1;
}

/* Walks the loop from the first edge of e (sorted by start): corners into
 * xy, collinear ones dropped.  Corners, or -1. */
static int walk(struct edge *e, int m, int *xy, int cap)
{
	int cur = 0, steps = 0, np = 0;
	int (*pts)[2] = tp_malloc(sizeof *pts * (size_t)m);
	if (pts == NULL)
		return -1;
	do {
		pts[np][0] = e[cur].x0;
		pts[np][1] = e[cur].y0;
		np++;
		int nx = from(e, m, e[cur].x1, e[cur].y1);
		/* Two boundary edges leaving one corner (cells touching at a
		 * corner only) make no simple loop. */
		if (nx < 0 || (nx + 1 < m && e[nx + 1].x0 == e[nx].x0 && e[nx + 1].y0 == e[nx].y0) ||
		    (nx > 0 && e[nx - 1].x0 == e[nx].x0 && e[nx - 1].y0 == e[nx].y0)) {
			free(pts);
			return -1;
		}
		cur = nx;
		steps++;
	} while (cur != 0 && steps <= m);
	int k = -1;
	if (steps == m) {
		k = 0;
		for (int i = 0; i < np && k >= 0; i++) {
			const int *p = pts[(i + np - 1) % np], *q = pts[i], *r = pts[(i + 1) % np];
			long cross = (long)(q[0] - p[0]) * (r[1] - q[1]) - (long)(q[1] - p[1]) * (r[0] - q[0]);
			if (cross == 0)
				continue;
			if (k == cap) {
				k = -1;
				break;
			}
			xy[2 * k] = q[0];
			xy[2 * k + 1] = q[1];
			k++;
		}
	}
	free(pts);
	return k;
}

int tp_arena_trace(int grid, const int (*cells)[2], int n, int *xy, int cap)
{
	if (n <= 0)
		return -1;
	struct edge *e = tp_malloc(sizeof *e * (size_t)n * 6);
	if (e == NULL)
		return -1;
	int m = 0;
	for (int i = 0; i < n; i++) {
		int v[6][2], k = tp_arena_cell_corners(grid, cells[i][0], cells[i][1], v);
		for (int j = 0; j < k; j++)
			e[m++] = (struct edge){ v[j][0], v[j][1], v[(j + 1) % k][0], v[(j + 1) % k][1], 0 };
	}
	/* An edge inside the set is walked once each way: both go. */
	qsort(e, (size_t)m, sizeof *e, by_key);
	int live = 0;
	for (int i = 0; i < m; i++) {
		if (i + 1 < m && by_key(&e[i], &e[i + 1]) == 0) {
			i++;
			continue;
		}
		e[live++] = e[i];
	}
	qsort(e, (size_t)live, sizeof *e, by_start);
	int k = live > 0 ? walk(e, live, xy, cap) : -1;
	free(e);
	return k;
}

void tp_arena_grid_lattice_mm(const struct tp_arena_gridops *g, double p, int X, int Y, double *x,
			      double *y)
{
	*x = X * p / g->lattice[0];
	*y = Y * p * g->lattice[1] / g->lattice[2];
}

void tp_arena_lattice_mm(int grid, double p, int X, int Y, double *x, double *y)
{
	tp_arena_grid_lattice_mm(tp_arena_gridops_for(grid), p, X, Y, x, y);
}

void tp_arena_cell_mm(int grid, double p, int row, int col, double *x, double *y)
{
	tp_arena_gridops_for(grid)->cell_mm(p, row, col, x, y);
}

void tp_arena_poly_offset(const double *in, int n, double d, double *out)
{
	for (int i = 0; i < n; i++) {
		const double *p = in + 2 * ((i + n - 1) % n), *q = in + 2 * i, *r = in + 2 * ((i + 1) % n);
		double ax = q[0] - p[0], ay = q[1] - p[1], bx = r[0] - q[0], by = r[1] - q[1];
		double la = hypot(ax, ay), lb = hypot(bx, by);
		/* Outward normals: the left of the travel, (dx, dy) -> (dy, -dx)
		 * with y down, the cells lying on the right. */
		double n1x = ay / la, n1y = -ax / la, n2x = by / lb, n2y = -bx / lb;
		double k = d / (1 + n1x * n2x + n1y * n2y);
		out[2 * i] = q[0] + k * (n1x + n2x);
		out[2 * i + 1] = q[1] + k * (n1y + n2y);
	}
}
