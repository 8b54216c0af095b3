/* The preflight's geometry (preflight_geom.h). */

#include "print/preflight/preflight_geom.h"

#include <math.h>

double tp_pf_pt_seg(double px, double py, const struct tp_pf_seg *s)
{
	double dx = s->x1 - s->x0, dy = s->y1 - s->y0, l2 = dx * dx + dy * dy;
	double t = l2 > 0 ? ((px - s->x0) * dx + (py - s->y0) * dy) / l2 : 0;
	t = fmax(0, fmin(1, t));
	return hypot(px - (s->x0 + t * dx), py - (s->y0 + t * dy));
}

static int cross(const struct tp_pf_seg *a, const struct tp_pf_seg *b)
{
	double d1 = (b->x1 - b->x0) * (a->y0 - b->y0) - (b->y1 - b->y0) * (a->x0 - b->x0);
	double d2 = (b->x1 - b->x0) * (a->y1 - b->y0) - (b->y1 - b->y0) * (a->x1 - b->x0);
	double d3 = (a->x1 - a->x0) * (b->y0 - a->y0) - (a->y1 - a->y0) * (b->x0 - a->x0);
	double d4 = (a->x1 - a->x0) * (b->y1 - a->y0) - (a->y1 - a->y0) * (b->x1 - a->x0);
	return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0));
}

double tp_pf_seg_seg(const struct tp_pf_seg *a, const struct tp_pf_seg *b)
{
	if (cross(a, b))
		return 0;
	return fmin(fmin(tp_pf_pt_seg(a->x0, a->y0, b), tp_pf_pt_seg(a->x1, a->y1, b)),
		    fmin(tp_pf_pt_seg(b->x0, b->y0, a), tp_pf_pt_seg(b->x1, b->y1, a)));
}

double tp_pf_box_seg(const double b[4], const struct tp_pf_seg *s)
{
	int in0 = s->x0 >= b[0] && s->x0 <= b[2] && s->y0 >= b[1] && s->y0 <= b[3];
	if (in0)
		return 0;
	const double c[5][2] = { { b[0], b[1] }, { b[2], b[1] }, { b[2], b[3] }, { b[0], b[3] }, { b[0], b[1] } };
	double d = INFINITY;
	for (int i = 0; i < 4; i++) {
		struct tp_pf_seg e = { .x0 = c[i][0], .y0 = c[i][1], .x1 = c[i + 1][0], .y1 = c[i + 1][1] };
		d = fmin(d, tp_pf_seg_seg(&e, s));
	}
	return d;
}

struct winding {
	double x, y;
	int wind;
};

/* A piece's crossing of the ray from (x, y) to the right. */
static int wind_piece(void *ctx, const struct tp_pf_seg *g)
{
	struct winding *w = ctx;
	if ((g->y0 <= w->y) != (g->y1 <= w->y)) {
		double t = (w->y - g->y0) / (g->y1 - g->y0);
		if (g->x0 + t * (g->x1 - g->x0) > w->x)
			w->wind += g->y1 > g->y0 ? 1 : -1;
	}
	return 0;
}

int tp_pf_inside_fill(const struct tp_shape *u, const struct tp_pt *p, double x, double y)
{
	if (u->kind == TP_SHAPE_RECT)
		return x >= fmin(u->x, u->x + u->w) && x <= fmax(u->x, u->x + u->w) &&
		       y >= fmin(u->y, u->y + u->h) && y <= fmax(u->y, u->y + u->h);
	if (u->kind != TP_SHAPE_PATH)
		return 0;
	struct winding w = { x, y, 0 };
	tp_pf_path_pieces(p, u->count, 1, wind_piece, &w);
	/* A designer's ring drawn by the even-odd rule has a hole where its
	 * two circles wind the same way. */
	return (u->flags & TP_SHAPE_EVENODD) ? (w.wind & 1) != 0 : w.wind != 0;
}

struct nearest {
	double x, y;     /* the point asked about */
	double d, nx, ny;  /* the nearest point of the pieces so far, and how far */
};

static int nearest_piece(void *ctx, const struct tp_pf_seg *g)
{
	struct nearest *n = ctx;
	double dx = g->x1 - g->x0, dy = g->y1 - g->y0, l2 = dx * dx + dy * dy;
	double t = l2 > 0 ? ((n->x - g->x0) * dx + (n->y - g->y0) * dy) / l2 : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	double px = g->x0 + t * dx, py = g->y0 + t * dy, d = hypot(n->x - px, n->y - py);
	if (d < n->d) {
		n->d = d;
		n->nx = px;
		n->ny = py;
	}
	return 0;
}

void tp_pf_point_of(const struct tp_shape *s, const struct tp_pt *p, const double b[4],
		    double *x, double *y)
{
	double cx = (b[0] + b[2]) / 2, cy = (b[1] + b[3]) / 2;
	*x = cx;
	*y = cy;
	if (s->kind != TP_SHAPE_PATH || s->count == 0)
		return;
	if (!(s->paint & TP_FILL)) {
		struct nearest n = { cx, cy, INFINITY, cx, cy };
		tp_pf_path_pieces(p, s->count, 0, nearest_piece, &n);
		*x = n.nx;
		*y = n.ny;
		return;
	}
	if (tp_pf_inside_fill(s, p, cx, cy))
		return;
	/* The centres of ever finer grids over the box, the one inside
	 * nearest the box's centre (a ring's band, a crescent's horn). */
	for (int N = 4; N <= 32; N *= 2) {
		double best = INFINITY;
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++) {
				double px = b[0] + (b[2] - b[0]) * (i + 0.5) / N;
				double py = b[1] + (b[3] - b[1]) * (j + 0.5) / N;
				double d = hypot(px - cx, py - cy);
				if (d < best && tp_pf_inside_fill(s, p, px, py)) {
					best = d;
					*x = px;
					*y = py;
				}
			}
		if (best < INFINITY)
			return;
	}
}

int tp_pf_boxes_meet(const double a[4], const double b[4])
{
	return a[0] < b[2] - TP_PF_EPS && b[0] < a[2] - TP_PF_EPS && a[1] < b[3] - TP_PF_EPS && b[1] < a[3] - TP_PF_EPS;
}

/* The distance between two boxes (0 when they meet). */
double tp_pf_box_box(const double a[4], const double b[4])
{
	double dx = fmax(0, fmax(a[0] - b[2], b[0] - a[2]));
	double dy = fmax(0, fmax(a[1] - b[3], b[1] - a[3]));
	return hypot(dx, dy);
}

void tp_pf_seg_box(const struct tp_pf_seg *g, double b[4])
{
	b[0] = fmin(g->x0, g->x1);
	b[1] = fmin(g->y0, g->y1);
	b[2] = fmax(g->x0, g->x1);
	b[3] = fmax(g->y0, g->y1);
}

double tp_pf_trim_dist(const struct tp_scene *sc, const double b[4])
{
	const double e[4] = { b[0], b[1], sc->trim_w - b[2], sc->trim_h - b[3] };
	double d = INFINITY;
	for (int j = 0; j < 4; j++)
		if (e[j] <= TP_PF_EPS)
			return 0;
		else if (!(sc->seams >> j & 1))
			d = fmin(d, e[j]);
	return d;
}
