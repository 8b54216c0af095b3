/* Nicks in closed die contours (die.h). */

#include "print/die.h"

#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"

#define EPS 1e-6
#define MAX_CORNERS 4096

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

/* Writes contour xy[n] with its nicks into out (room for 4 n (per_side + 1)
 * points): starting at the end of the first gap, a LINE to each corner and
 * gap start, a MOVE to each gap end; back round to the first gap's start.
 * Returns the points written, *made the nicks (0: out untouched). */
static size_t nicked(const struct tp_nicks *nk, const double *xy, size_t n, struct tp_pt *out,
		     long *made)
{
	/* The walk round the contour from corner 0 as pen events. */
	size_t m = 0, first_gap = (size_t)-1;
	*made = 0;
	for (size_t i = 0; i < n; i++) {
		const double *a = xy + 2 * i, *b = xy + 2 * ((i + 1) % n);
		double t[2 * 64];
		int g = nk->per_side <= 64 ? gaps(nk, hypot(b[0] - a[0], b[1] - a[1]), t) : 0;
		out[m++] = (struct tp_pt){ TP_LINE, a[0], a[1] };
		for (int j = 0; j < g; j++) {
			out[m++] = (struct tp_pt){ TP_LINE, a[0] + t[2 * j] * (b[0] - a[0]),
						   a[1] + t[2 * j] * (b[1] - a[1]) };
			if (first_gap == (size_t)-1)
				first_gap = m;
			out[m++] = (struct tp_pt){ TP_MOVE, a[0] + t[2 * j + 1] * (b[0] - a[0]),
						   a[1] + t[2 * j + 1] * (b[1] - a[1]) };
		}
		*made += g;
	}
	if (*made == 0)
		return 0;
	/* Rotate so the path begins at the first gap's end and ends at its
	 * start: out[first_gap .. m-1], then corner 0 .. the first gap. */
	struct tp_pt *tmp = out + m;
	size_t k = 0;
	for (size_t i = first_gap; i < m; i++)
		tmp[k++] = out[i];
	for (size_t i = 0; i < first_gap; i++)
		tmp[k++] = out[i];
	for (size_t i = 0; i < k; i++)
		out[i] = tmp[i];
	return k;
}

long tp_die_nick(struct tp_scene *sc, const struct tp_nicks *nk)
{
	if (nk->per_side <= 0 || nk->width <= 0)
		return 0;
	long total = 0;
	double *xy = tp_malloc(2 * MAX_CORNERS * sizeof *xy);
	if (xy == NULL)
		return -1;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		struct tp_shape *s = &sc->shapes[i];
		if (s->ink != TP_INK_CUT || (s->flags & TP_SHAPE_MARK))
			continue;
		size_t n = corners(sc, s, xy);
		if (n == 0)
			continue;
		size_t room = 2 * n * (2 * (size_t)nk->per_side + 2);
		struct tp_pt *out = tp_malloc(room * sizeof *out);
		if (out == NULL) {
			free(xy);
			return -1;
		}
		long made;
		size_t k = nicked(nk, xy, n, out, &made);
		if (k > 0) {
			if (sc->n_pts + k > sc->cap_pts) {
				size_t cap = 2 * sc->cap_pts > sc->n_pts + k ? 2 * sc->cap_pts : sc->n_pts + k;
				struct tp_pt *pts = tp_realloc(sc->pts, cap * sizeof *pts);
				if (pts == NULL) {
					free(out);
					free(xy);
					return -1;
				}
				sc->pts = pts;
				sc->cap_pts = cap;
			}
			for (size_t j = 0; j < k; j++)
				sc->pts[sc->n_pts + j] = out[j];
			s = &sc->shapes[i];
			s->kind = TP_SHAPE_PATH;
			s->first = sc->n_pts;
			s->count = k;
			sc->n_pts += k;
			total += made;
		}
		free(out);
	}
	free(xy);
	return total;
}

size_t tp_die_strip(struct tp_scene *sc)
{
	int art = 0;
	for (size_t i = 0; i < sc->n_shapes && !art; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		art = s->ink != TP_INK_CUT && !(s->flags & TP_SHAPE_MARK);
	}
	if (!art)
		return 0;
	size_t k = 0;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		if (s->ink == TP_INK_CUT && !(s->flags & TP_SHAPE_MARK))
			continue;
		sc->shapes[k++] = *s;
	}
	size_t gone = sc->n_shapes - k;
	sc->n_shapes = k;
	return gone;
}
