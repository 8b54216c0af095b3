/* Nicks in closed die contours (die.h). */

#include "print/layout/die.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/scene/walk.h"

#define EPS 1e-6
#define MAX_CORNERS 4096
/* A cubic's arc length: the chords of this many equal steps in t (on a
 * quarter circle of 20 mm radius within 0.2 um of the true length). */
#define ARC_STEPS 256
/* Two curves meet in a corner when their tangents turn by more than
 * this (the sine of the angle): a circle's four cubics meet smoothly. */
#define SMOOTH 1e-3

/* One piece of a contour: a line p0 -> p3 (p1 = p0, p2 = p3) or a cubic
 * p0, p1, p2, p3; len along the path, mm. */
struct seg {
	int curve;
	double p[8];
	double len;
};

/* The corners of shape s when it is a closed contour of straight sides:
 * points with a bend, into xy (at most MAX_CORNERS); 0 otherwise. */
static size_t corners(const struct tp_scene *sc, const struct tp_shape *s, double *xy)
{
	size_t n = 0;
	if (s->kind == TP_SHAPE_RECT) {
		double r[8] = { s->x, s->y, s->x + s->w, s->y, s->x + s->w, s->y + s->h, s->x, s->y + s->h };
		for (int i = 0; i < 8; i++)
			xy[i] = r[i];
		return s->w != 0 && s->h != 0 ? 4 : 0;
	}
	if (s->kind != TP_SHAPE_PATH || s->count < 3 || s->count > MAX_CORNERS)
		return 0;
	const struct tp_pt *p = sc->pts + s->first;
	if (p[0].op != TP_MOVE)
		return 0;
	int closed = 0;
	for (size_t k = 0; k < s->count; k++) {
		if (k > 0 && p[k].op == TP_MOVE)
			return 0;   /* several subpaths: not one contour */
		if (p[k].op == TP_CURVE)
			return 0;
		if (p[k].op == TP_CLOSE) {
			closed = 1;
			continue;
		}
		xy[2 * n] = p[k].x;
		xy[2 * n + 1] = p[k].y;
		n++;
	}
	if (n > 1 && fabs(xy[0] - xy[2 * n - 2]) < EPS && fabs(xy[1] - xy[2 * n - 1]) < EPS) {
		closed = 1;
		n--;
	}
	if (!closed)
		return 0;
	/* Keep the bends: drop points on a straight run, and repeats. */
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		const double *a = xy + 2 * ((i + n - 1) % n), *b = xy + 2 * i, *c = xy + 2 * ((i + 1) % n);
		double cr = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
		double dot = (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]);
		if (hypot(c[0] - b[0], c[1] - b[1]) < EPS || (fabs(cr) < EPS && dot > 0))
			continue;
		xy[2 * m] = b[0];
		xy[2 * m + 1] = b[1];
		m++;
	}
	return m >= 3 ? m : 0;
}

static void bez(const double *p, double t, double *x, double *y)
{
	double u = 1 - t, a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
	*x = a * p[0] + b * p[2] + c * p[4] + d * p[6];
	*y = a * p[1] + b * p[3] + c * p[5] + d * p[7];
}

/* The parameter t of g at distance d along it (0 <= d <= len). */
static double t_at(const struct seg *g, double d)
{
	if (!g->curve)
		return d / g->len;
	double px = g->p[0], py = g->p[1], acc = 0;
	for (int i = 1; i <= ARC_STEPS; i++) {
		double x, y;
		bez(g->p, (double)i / ARC_STEPS, &x, &y);
		double step = hypot(x - px, y - py);
		if (acc + step >= d && step > 0)
			return (i - 1 + (d - acc) / step) / ARC_STEPS;
		acc += step;
		px = x;
		py = y;
	}
	return 1;
}

static double arc_len(const double *p)
{
	double px = p[0], py = p[1], acc = 0;
	for (int i = 1; i <= ARC_STEPS; i++) {
		double x, y;
		bez(p, (double)i / ARC_STEPS, &x, &y);
		acc += hypot(x - px, y - py);
		px = x;
		py = y;
	}
	return acc;
}

/* Appends to g[*n] the piece from (x0, y0): a line to p[0..1] (curve 0)
 * or a cubic through p[0..5]; zero-length lines are dropped. */
static void push(struct seg *g, size_t *n, double x0, double y0, const double *p, int curve)
{
	struct seg *s = &g[*n];
	s->curve = curve;
	s->p[0] = x0;
	s->p[1] = y0;
	if (curve) {
		memcpy(s->p + 2, p, 6 * sizeof *p);
		s->len = arc_len(s->p);
	} else {
		s->p[2] = s->p[6] = p[0];
		s->p[3] = s->p[7] = p[1];
		s->len = hypot(p[0] - x0, p[1] - y0);
	}
	if (s->len >= EPS)
		(*n)++;
}

/* Shape s as one closed contour of lines and cubics into g (room for
 * s->count + 1); its pieces, 0 when it is not one closed contour or has
 * no curve (corners() takes those). */
static size_t curved(const struct tp_scene *sc, const struct tp_shape *s, struct seg *g)
{
	if (s->kind != TP_SHAPE_PATH || s->count < 2 || s->count > MAX_CORNERS)
		return 0;
	const struct tp_pt *p = sc->pts + s->first;
	if (p[0].op != TP_MOVE)
		return 0;
	size_t n = 0;
	int closed = 0, any = 0;
	double x = p[0].x, y = p[0].y;
	for (size_t k = 1; k < s->count && !closed; k++) {
		if (p[k].op == TP_MOVE)
			return 0;
		double q[6] = { p[k].x, p[k].y };
		if (p[k].op == TP_CURVE) {
			if (k + 2 >= s->count)
				return 0;
			double c[6] = { p[k].x, p[k].y, p[k + 1].x, p[k + 1].y, p[k + 2].x, p[k + 2].y };
			push(g, &n, x, y, c, 1);
			any = 1;
			k += 2;
			q[0] = p[k].x;
			q[1] = p[k].y;
		} else {
			if (p[k].op == TP_CLOSE) {
				closed = 1;
				q[0] = p[0].x;
				q[1] = p[0].y;
			}
			push(g, &n, x, y, q, 0);
		}
		x = q[0];
		y = q[1];
	}
	if (fabs(x - p[0].x) < EPS && fabs(y - p[0].y) < EPS)
		closed = 1;
	return closed && any && n >= 1 ? n : 0;
}

/* The unit tangent of g at its start (end 0) or its end (end 1). */
static void tangent(const struct seg *g, int end, double *u)
{
	const double *p = g->p;
	double dx = 0, dy = 0;
	for (int k = 1; k <= 3 && hypot(dx, dy) < EPS; k++) {
		dx = end ? p[6] - p[6 - 2 * k] : p[2 * k] - p[0];
		dy = end ? p[7] - p[7 - 2 * k] : p[2 * k + 1] - p[1];
	}
	double l = hypot(dx, dy);
	u[0] = l > 0 ? dx / l : 0;
	u[1] = l > 0 ? dy / l : 0;
}

/* 1 when a side ends where b begins after a: a corner (the path turns),
 * or where a straight run meets a curve. */
static int side_break(const struct seg *a, const struct seg *b)
{
	if (a->curve != b->curve)
		return 1;
	double u[2], v[2];
	tangent(a, 1, u);
	tangent(b, 0, v);
	double cr = u[0] * v[1] - u[1] * v[0], dot = u[0] * v[0] + u[1] * v[1];
	return dot <= 0 || fabs(cr) > (a->curve ? SMOOTH : 1e-9);
}

/* A gap edge: at t on piece seg; the start of a gap, or its end. */
struct cut {
	size_t seg;
	double t;
	int start;
};

/* The gaps' ends along side a-b of length l: 2 * per_side parameters
 * 0 < t < 1 into t[], or 0 when the side is too short. */
static int gaps(const struct tp_nicks *nk, double l, double *t)
{
	int k = nk->per_side;
	if (l / (k + 1) - nk->width / 2 < nk->corner - EPS || nk->width >= l / (k + 1))
		return 0;
	for (int i = 0; i < k; i++) {
		double c = l * (i + 1) / (k + 1);
		t[2 * i] = (c - nk->width / 2) / l;
		t[2 * i + 1] = (c + nk->width / 2) / l;
	}
	return k;
}

/* The gap edges d[0 .. nd-1] (distances along the side that begins at
 * piece first, increasing) as cuts on its pieces, appended to c[*nc]. */
static void place(const struct seg *g, size_t n, size_t first, const double *d, int nd,
		  struct cut *c, size_t *nc)
{
	size_t i = first;
	double at = 0;   /* where piece i begins along the side */
	for (int j = 0; j < nd; j++) {
		while (d[j] - at > g[i].len && (i + 1) % n != first) {
			at += g[i].len;
			i = (i + 1) % n;
		}
		c[*nc] = (struct cut){ i, t_at(&g[i], d[j] - at), j % 2 == 0 };
		(*nc)++;
	}
}

/* The nicks' gap edges of contour g[n] into c (room for 8 per_side + 2 n
 * per_side), in path order from g[0]'s start.  A contour with a side
 * break (side_break) gets per_side gaps on each side, from gaps(); g[0]
 * must then begin a side.  A round one (none) gets 4 per_side gaps, per_side
 * in each quarter of its length from g[0]'s start, spread as on a side,
 * with no corner to keep from.  Returns the number of cuts. */
static size_t plan(const struct tp_nicks *nk, const struct seg *g, size_t n, const int *brk,
		   struct cut *c)
{
	size_t nc = 0;
	double d[2 * 4 * 64], t[2 * 64];
	int k = nk->per_side;
	size_t first = 0, any = 0;
	for (size_t i = 0; i < n; i++)
		any += brk[i] != 0;
	if (any == 0) {
		double L = 0;
		for (size_t i = 0; i < n; i++)
			L += g[i].len;
		if (nk->width >= L / 4 / (k + 1))
			return 0;
		for (int q = 0; q < 4; q++)
			for (int j = 0; j < k; j++) {
				double mid = L * (q + (j + 1.0) / (k + 1)) / 4;
				d[2 * (q * k + j)] = mid - nk->width / 2;
				d[2 * (q * k + j) + 1] = mid + nk->width / 2;
			}
		place(g, n, 0, d, 8 * k, c, &nc);
		return nc;
	}
	while (first < n) {
		size_t end = first + 1;
		double l = g[first].len;
		for (; end < n && !brk[end]; end++)
			l += g[end].len;
		int m = gaps(nk, l, t);
		for (int j = 0; j < 2 * m; j++)
			d[j] = t[j] * l;
		if (m > 0 && end == first + 1 && !g[first].curve) {
			/* One straight piece: its parameters as they are. */
			for (int j = 0; j < 2 * m; j++)
				c[nc++] = (struct cut){ first, t[j], j % 2 == 0 };
		} else if (m > 0) {
			place(g, n, first, d, 2 * m, c, &nc);
		}
		first = end;
	}
	return nc;
}

/* De Casteljau: cubic q split at t into its parts [0, t] and [t, 1]. */
static void split(const double *q, double t, double *left, double *right)
{
	double a[6], b[4], e[2];
	for (int k = 0; k < 6; k++)
		a[k] = q[k] + t * (q[k + 2] - q[k]);
	for (int k = 0; k < 4; k++)
		b[k] = a[k] + t * (a[k + 2] - a[k]);
	for (int k = 0; k < 2; k++)
		e[k] = b[k] + t * (b[k + 2] - b[k]);
	double l[8] = { q[0], q[1], a[0], a[1], b[0], b[1], e[0], e[1] };
	double r[8] = { e[0], e[1], b[2], b[3], a[4], a[5], q[6], q[7] };
	memcpy(left, l, sizeof l);
	memcpy(right, r, sizeof r);
}

/* Appends piece g from t0 to t1 as pen events (a LINE, or a CURVE's three
 * points) to out[m]; returns the new m. */
static size_t piece(const struct seg *g, double t0, double t1, struct tp_pt *out, size_t m)
{
	const double *p = g->p;
	if (!g->curve) {
		if (t1 >= 1)
			out[m++] = (struct tp_pt){ TP_LINE, p[6], p[7] };
		else
			out[m++] = (struct tp_pt){ TP_LINE, p[0] + t1 * (p[6] - p[0]),
						   p[1] + t1 * (p[7] - p[1]) };
		return m;
	}
	double q[8], l[8], r[8];
	memcpy(q, p, sizeof q);
	if (t1 < 1) {
		split(q, t1, l, r);
		memcpy(q, l, sizeof q);
	}
	if (t0 > 0) {
		split(q, t1 < 1 ? t0 / t1 : t0, l, r);
		memcpy(q, r, sizeof q);
	}
	for (int k = 1; k <= 3; k++)
		out[m++] = (struct tp_pt){ TP_CURVE, q[2 * k], q[2 * k + 1] };
	return m;
}

/* Writes contour g[n] with the gaps c[nc] into out (room for 2 (4 n + 5
 * nc) points): pen events from g[0]'s start, a MOVE to each gap's end,
 * then turned to begin at the end of the first gap and end at its start
 * (one path of open subpaths).  Returns the points written. */
static size_t nicked(const struct seg *g, size_t n, const struct cut *c, size_t nc, struct tp_pt *out)
{
	size_t m = 0, ci = 0, first_gap = SIZE_MAX;
	int down = 1;
	for (size_t i = 0; i < n; i++) {
		double t0 = 0;
		for (; ci < nc && c[ci].seg == i; ci++) {
			if (c[ci].start) {
				m = piece(&g[i], t0, c[ci].t, out, m);
				down = 0;
			} else {
				const double *p = g[i].p;
				double x = p[0] + c[ci].t * (p[6] - p[0]), y = p[1] + c[ci].t * (p[7] - p[1]);
				if (g[i].curve)
					bez(p, c[ci].t, &x, &y);
				if (first_gap == SIZE_MAX)
					first_gap = m;
				out[m++] = (struct tp_pt){ TP_MOVE, x, y };
				down = 1;
			}
			t0 = c[ci].t;
		}
		if (down)
			m = piece(&g[i], t0, 1, out, m);
	}
	if (first_gap == SIZE_MAX)
		return 0;
	struct tp_pt *tmp = out + m;
	size_t k = 0;
	for (size_t i = first_gap; i < m; i++)
		tmp[k++] = out[i];
	for (size_t i = 0; i < first_gap; i++)
		tmp[k++] = out[i];
	memcpy(out, tmp, k * sizeof *out);
	return k;
}

/* The contour of die shape s into g (room for 2 MAX_CORNERS) with
 * brk[i] set where a side begins (g[0] begins one when any does; xy is
 * scratch for 2 MAX_CORNERS numbers): its pieces, 0 when s is no closed
 * contour. */
static size_t contour(const struct tp_scene *sc, const struct tp_shape *s, struct seg *g, int *brk,
		      double *xy)
{
	size_t n = corners(sc, s, xy), m = 0;
	if (n > 0) {
		/* Straight sides: one piece each, from corner 0. */
		for (size_t i = 0; i < n; i++) {
			const double *a = xy + 2 * i, *b = xy + 2 * ((i + 1) % n);
			push(g, &m, a[0], a[1], b, 0);
		}
		for (size_t i = 0; i < m; i++)
			brk[i] = 1;
		return m;
	}
	n = curved(sc, s, g);
	size_t first = SIZE_MAX;
	for (size_t i = 0; i < n; i++) {
		brk[i] = side_break(&g[(i + n - 1) % n], &g[i]);
		if (brk[i] && first == SIZE_MAX)
			first = i;
	}
	if (first != SIZE_MAX && first > 0) {
		/* Turn the contour to begin a side: g[first ..], then g[.. first)
		 * (g and brk have room for a second copy). */
		for (size_t i = 0; i < n; i++) {
			g[n + i] = g[(first + i) % n];
			brk[n + i] = brk[(first + i) % n];
		}
		memmove(g, g + n, n * sizeof *g);
		memmove(brk, brk + n, n * sizeof *brk);
	}
	return n;
}

/* Puts the k points out[] in place of shape s's path (s is sc's, or a
 * symbol's). 0, or -1 when out of memory (the shape left as it was). */
static int replace(struct tp_scene *sc, struct tp_shape *s, const struct tp_pt *out, size_t k)
{
	if (k > UINT32_MAX)
		return -1;
	if (tp_grow((void **)&sc->pts, &sc->cap_pts, sc->n_pts + k, sizeof *sc->pts, 64) != 0)
		return -1;
	memcpy(sc->pts + sc->n_pts, out, k * sizeof *out);
	s->kind = TP_SHAPE_PATH;
	s->first = sc->n_pts;
	s->count = (uint32_t)k;
	sc->n_pts += k;
	return 0;
}

/* Nicks die shape s of contour g[n] (brk: its sides); the nicks made,
 * or -1 when out of memory. */
static long nick_one(struct tp_scene *sc, struct tp_shape *s, const struct tp_nicks *nk,
		     const struct seg *g, size_t n, const int *brk)
{
	size_t k = (size_t)nk->per_side, max_cuts = 8 * k + 2 * n * k;
	struct cut *c = tp_malloc(max_cuts * sizeof *c);
	struct tp_pt *out = tp_malloc(2 * (4 * n + 5 * max_cuts) * sizeof *out);
	long made = -1;
	if (c != NULL && out != NULL) {
		size_t nc = plan(nk, g, n, brk, c);
		size_t m = nc > 0 ? nicked(g, n, c, nc, out) : 0;
		made = m == 0 ? 0 : replace(sc, s, out, m) == 0 ? (long)nc / 2 : -1;
	}
	free(c);
	free(out);
	return made;
}

/* The placements of each symbol of sc, into a new array (NULL when sc
 * places none, or out of memory: *oom set). */
static size_t *uses_of(const struct tp_scene *sc, int *oom)
{
	*oom = 0;
	if (sc->n_places == 0 || sc->n_symbols == 0)
		return NULL;
	size_t *u = tp_calloc(sc->n_symbols, sizeof *u);
	if (u == NULL) {
		*oom = 1;
		return NULL;
	}
	for (size_t i = 0; i < sc->n_shapes; i++)
		if (sc->shapes[i].kind == TP_SHAPE_PLACE && sc->shapes[i].first < sc->n_symbols)
			u[sc->shapes[i].first]++;
	return u;
}

/* Nicks die shape s if it is a closed contour: the nicks made, -1 when
 * out of memory. */
static long nick_shape(struct tp_scene *sc, struct tp_shape *s, const struct tp_nicks *nk,
		       struct seg *g, int *brk, double *xy)
{
	if (!tp_walk_shows(sc, &tp_walk_die, s))
		return 0;
	size_t n = contour(sc, s, g, brk, xy);
	return n > 0 ? nick_one(sc, s, nk, g, n, brk) : 0;
}

long tp_die_nick(struct tp_scene *sc, const struct tp_nicks *nk)
{
	if (nk->per_side <= 0 || nk->per_side > 64 || nk->width <= 0)
		return 0;
	int oom;
	size_t *uses = uses_of(sc, &oom);
	long total = oom ? -1 : 0;
	double *xy = tp_malloc(2 * MAX_CORNERS * sizeof *xy);
	struct seg *g = tp_malloc(2 * (MAX_CORNERS + 1) * sizeof *g);
	int *brk = tp_malloc(2 * (MAX_CORNERS + 1) * sizeof *brk);
	if (xy == NULL || g == NULL || brk == NULL)
		total = -1;
	for (size_t i = 0; i < sc->n_shapes && total >= 0; i++) {
		if (sc->shapes[i].kind == TP_SHAPE_PLACE)
			continue;
		long made = nick_shape(sc, &sc->shapes[i], nk, g, brk, xy);
		total = made < 0 ? -1 : total + made;
	}
	/* A placed symbol's die lines are nicked once, in the symbol: the
	 * nicks lie on the contour alone, so every placement shows them
	 * where nicking its contour drawn in place would put them. */
	for (size_t k = 0; uses && k < sc->n_symbols && total >= 0; k++)
		for (size_t j = sc->symbols[k].first; uses[k] && j < sc->symbols[k].end && total >= 0; j++) {
			long made = nick_shape(sc, &sc->sym_shapes[j], nk, g, brk, xy);
			total = made < 0 ? -1 : total + made * (long)uses[k];
		}
	free(uses);
	free(xy);
	free(g);
	free(brk);
	return total;
}

/* Keeps the shapes of list[first, end) the die view does not show, from
 * first on; the number taken off. */
static size_t strip(const struct tp_scene *sc, struct tp_shape *list, size_t first, size_t end)
{
	size_t k = first;
	for (size_t i = first; i < end; i++) {
		if (list[i].kind != TP_SHAPE_PLACE && tp_walk_shows(sc, &tp_walk_die, &list[i]))
			continue;
		list[k++] = list[i];
	}
	return end - k;
}

size_t tp_die_strip(struct tp_scene *sc)
{
	int art = 0;
	struct tp_scene_iter it = { 0 };
	for (const struct tp_shape *s; !art && (s = tp_scene_next(sc, &it)) != NULL;)
		art = s->ink != TP_INK_CUT && tp_walk_shows(sc, &tp_walk_art, s);
	if (!art)
		return 0;
	size_t before = tp_scene_n_drawn(sc);
	sc->n_shapes -= strip(sc, sc->shapes, 0, sc->n_shapes);
	/* Each symbol's die lines too, the symbols kept in their order. */
	size_t at = 0;
	for (size_t k = 0; k < sc->n_symbols; k++) {
		struct tp_scene_group *y = &sc->symbols[k];
		size_t n = y->end - y->first;
		memmove(sc->sym_shapes + at, sc->sym_shapes + y->first, n * sizeof *sc->sym_shapes);
		y->first = at;
		y->end = at + n - strip(sc, sc->sym_shapes, at, at + n);
		at = y->end;
	}
	sc->n_sym_shapes = at;
	/* Taken off as drawn: a placed die line once a placement. */
	return before - tp_scene_n_drawn(sc);
}
