/* The preflight's nicks (preflight_int.h): a die contour closed but for
 * its nicks, and each nick on a smooth run of the outline, away from its
 * corners.  A curve comes flattened (pf_curves.c): its pieces carry the
 * curve's own tangents, and a piece after the first of a curve (leg 2)
 * never begins a corner, so a smooth curve is never taken for corners. */

#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"

#include "print/preflight/preflight_int.h"

#define EPS TP_PF_EPS
/* On a curve the outline may turn this much (radians) between the piece
 * before a nick and the gap, and again to the piece after: a 0.5 mm nick
 * on a 1 mm radius turns 0.25 each side; the least a polygon's corner
 * turns each side of a nick across it is half its bend (an octagon's:
 * 0.39). */
#define CURVE_TURN 0.3
/* A bend of more than this (its sine) where a curve meets the next piece
 * is a corner: a circle's quarters, or a nicked curve's parts, meet
 * smoothly. */
#define SMOOTH 1e-3

static double seg_len(const struct tp_pf_seg *g)
{
	return hypot(g->x1 - g->x0, g->y1 - g->y0);
}

static void unit(const struct tp_pf_seg *g, double *u)
{
	double l = seg_len(g);
	u[0] = (g->x1 - g->x0) / l;
	u[1] = (g->y1 - g->y0) / l;
}

/* How far (the sine of the angle) two straight pieces may differ in
 * direction and still be one line: the rules' dir_tol, or 1e-6 (a file's
 * coordinates, rounded to 1e-5 pt, turn a 1 mm piece by 4e-6). */
static double dir_tol(const struct tp_pf_page *P)
{
	return P->r->dir_tol > 0 ? P->r->dir_tol : 1e-6;
}

/* 1 when the straight pieces u and v and the step from u's end to v's
 * start lie on one line, in one direction. */
static int in_line(const struct tp_pf_seg *u, const struct tp_pf_seg *v, double tol)
{
	double a[2], b[2];
	unit(u, a);
	unit(v, b);
	double gx = v->x0 - u->x1, gy = v->y0 - u->y1;
	return fabs(a[0] * b[1] - a[1] * b[0]) < tol && a[0] * b[0] + a[1] * b[1] > 0 &&
	       fabs(a[0] * gy - a[1] * gx) < EPS && a[0] * gx + a[1] * gy > 0;
}

/* 1 when piece b, following a on one subpath, begins at a corner: never
 * inside a curve, nor at a piece of no length.  The line's tangents
 * either side are compared, not the chords'. */
static int corner(const struct tp_pf_seg *a, const struct tp_pf_seg *b, double tol)
{
	if (b->leg >= 2 || seg_len(a) < 1e-9 || seg_len(b) < 1e-9)
		return 0;
	const double *u = a->t1, *v = b->t0;
	double cr = u[0] * v[1] - u[1] * v[0], dot = u[0] * v[0] + u[1] * v[1];
	return dot <= 0 || fabs(cr) > (a->leg || b->leg ? SMOOTH : tol);
}

/* Along the subpath seg[from .. end - 1]: from its end back to the
 * nearest corner (back 1), or from its start on to it (back 0);
 * INFINITY when it has none.  A curve counts its chords, short of it by
 * far less than TP_PF_EPS (a quarter circle of 8 mm: 0.002 mm). */
static double to_corner(const struct tp_pf_page *P, size_t from, size_t end, int back)
{
	double d = 0;
	for (size_t k = 0; k < end - from; k++) {
		size_t i = back ? end - 1 - k : from + k;
		d += seg_len(&P->seg[i]);
		if (back ? i > from && corner(&P->seg[i - 1], &P->seg[i], dir_tol(P))
			 : i + 1 < end && corner(&P->seg[i], &P->seg[i + 1], dir_tol(P)))
			return d;
	}
	return INFINITY;
}

/* The piece of the subpath seg[from .. end - 1] next to its end (last 1)
 * or its start (last 0) that has a length; NULL when none has. */
static const struct tp_pf_seg *edge(const struct tp_pf_page *P, size_t from, size_t end, int last)
{
	for (size_t k = 0; k < end - from; k++) {
		const struct tp_pf_seg *g = &P->seg[last ? end - 1 - k : from + k];
		if (seg_len(g) >= 1e-9)
			return g;
	}
	return NULL;
}

/* 1 when the outline runs on smoothly across the gap from u's end to v's
 * start: straight on between straight pieces; turning one way, at most
 * CURVE_TURN each side of the gap, where a curve meets it. */
static int smooth(const struct tp_pf_seg *u, const struct tp_pf_seg *v, double tol)
{
	if (u == NULL || v == NULL)
		return 0;
	if (!u->leg && !v->leg)
		return in_line(u, v, tol);
	const double *a = u->t1, *b = v->t0;
	double gx = v->x0 - u->x1, gy = v->y0 - u->y1;
	double t1 = atan2(a[0] * gy - a[1] * gx, a[0] * gx + a[1] * gy);
	double t2 = atan2(gx * b[1] - gy * b[0], gx * b[0] + gy * b[1]);
	return fabs(t1) <= CURVE_TURN && fabs(t2) <= CURVE_TURN &&
	       (t1 * t2 >= 0 || fmin(fabs(t1), fabs(t2)) < SMOOTH);
}

int tp_pf_nicked(struct tp_pf_page *P, size_t last, const size_t *sub, size_t m)
{
	const struct tp_pf_rules *r = P->r;
	if (r->nick <= 0 || m < 1)
		return 0;
	for (size_t j = 0; j < m; j++) {
		size_t end = j + 1 < m ? sub[j + 1] : last;
		if (end == sub[j])
			return 0;
		const struct tp_pf_seg *u = &P->seg[end - 1], *v = &P->seg[sub[(j + 1) % m]];
		double g = hypot(v->x0 - u->x1, v->y0 - u->y1);
		if (g < EPS || g > r->nick + EPS)
			return 0;
	}
	for (size_t j = 0; j < m; j++) {
		size_t end = j + 1 < m ? sub[j + 1] : last, nx = (j + 1) % m;
		size_t nend = nx + 1 < m ? sub[nx + 1] : last;
		const struct tp_pf_seg *u = &P->seg[end - 1], *v = &P->seg[sub[nx]];
		double before = to_corner(P, sub[j], end, 1), after = to_corner(P, sub[nx], nend, 0);
		double x = (u->x1 + v->x0) / 2, y = (u->y1 + v->y0) / 2;
		if (!smooth(edge(P, sub[j], end, 1), edge(P, sub[nx], nend, 0), dir_tol(P)))
			tp_pf_add(P, TP_PF_ERROR, x, y, "nick-corner", 0, r->nick_corner,
			    "a nick on a corner of a die line");
		else if (fmin(before, after) < r->nick_corner - EPS)
			tp_pf_add(P, TP_PF_ERROR, x, y, "nick-corner", fmin(before, after), r->nick_corner,
			    "a nick %.2f mm from a corner", fmin(before, after));
	}
	return 1;
}

int tp_pf_die_nicked(struct tp_pf_page *P, const struct tp_walk_shape *d, int *closed, int *nicked)
{
	/* One start a subpath: a nicked contour has one a run between nicks
	 * (a hex arena board part's outline, two nicks a side: 540; a fixed
	 * 256 took it for an open path). */
	size_t n_sub = 1, stack[256], m;
	for (size_t i = 0; i < d->n; i++)
		n_sub += d->pts[i].op == TP_MOVE;
	size_t *sub = n_sub <= 256 ? stack : tp_malloc(n_sub * sizeof *sub);
	if (sub == NULL)
		return -1;
	int rc = tp_pf_die_segments(P, d, closed, sub, n_sub, &m);
	*nicked = rc == 0 && !*closed && m <= n_sub && tp_pf_nicked(P, P->n_seg, sub, m);
	if (sub != stack)
		free(sub);
	return rc;
}
