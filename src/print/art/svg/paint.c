/* A built path painted: its fill and stroke into the art, strokes
 * flattened and cut into dashes first. */

#include "print/art/svg/svg_rd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

static int art_put(struct rd *r, const struct tp_pt *p, size_t n, const struct tp_art_path *ap)
{
	struct tp_art *a = r->a;
	if (a->n_pts + n > TP_SVG_MAX_POINTS)
		return svg_too_many_points(r);
	if (tp_grow((void **)&a->pts, &a->cap_pts, a->n_pts + n, sizeof *a->pts, 256) != 0 ||
	    tp_grow((void **)&a->paths, &a->cap, a->n + 1, sizeof *a->paths, 16) != 0)
		return svg_oom(r);
	struct tp_art_path x = *ap;
	x.first = a->n_pts;
	x.count = n;
	memcpy(a->pts + a->n_pts, p, n * sizeof *p);
	a->n_pts += n;
	a->paths[a->n++] = x;
	return 0;
}

/* A flattened copy of subpath p[0..n) (curves as line runs) into poly. */
static int flatten(struct rd *r, const struct tp_pt *p, size_t n, double **xy, size_t *m, int *closed)
{
	size_t cap = 64, k = 0;
	double *o = tp_malloc(cap * 2 * sizeof *o);
	if (o == NULL)
		return svg_oom(r);
	*closed = 0;
	double x0 = p[0].x, y0 = p[0].y;
	o[k * 2] = x0, o[k * 2 + 1] = y0, k++;
	for (size_t i = 1; i < n; i++) {
		int steps = p[i].op == TP_CURVE && i + 2 < n ? 24 : 1;
		if (tp_grow((void **)&o, &cap, k + (size_t)steps + 1, 2 * sizeof *o, 64) != 0) {
			free(o);
			return svg_oom(r);
		}
		if (p[i].op == TP_CLOSE) {
			o[k * 2] = p[0].x, o[k * 2 + 1] = p[0].y, k++;
			*closed = 1;
			break;
		}
		if (steps > 1) {
			double ax = o[(k - 1) * 2], ay = o[(k - 1) * 2 + 1];
			for (int s = 1; s <= steps; s++) {
				double t = (double)s / steps, u = 1 - t;
				o[k * 2] = u * u * u * ax + 3 * u * u * t * p[i].x + 3 * u * t * t * p[i + 1].x +
					   t * t * t * p[i + 2].x;
				o[k * 2 + 1] = u * u * u * ay + 3 * u * u * t * p[i].y +
					       3 * u * t * t * p[i + 1].y + t * t * t * p[i + 2].y;
				k++;
			}
			i += 2;
		} else {
			o[k * 2] = p[i].x, o[k * 2 + 1] = p[i].y, k++;
		}
	}
	*xy = o;
	*m = k;
	return 0;
}

/* The dashes of subpath p[0..n) (dash lengths already scaled to mm) as
 * open subpaths into out. */
static int dash_sub(struct rd *r, const struct tp_pt *p, size_t n, const double *dash, int nd,
		    double off, struct tp_pt **out, size_t *no, size_t *co)
{
	double *xy = NULL;
	size_t m = 0;
	int closed = 0;
	if (flatten(r, p, n, &xy, &m, &closed) != 0)
		return -1;
	double total = 0;
	for (int i = 0; i < nd; i++)
		total += dash[i];
	double pos = fmod(off, total);
	if (pos < 0)
		pos += total;
	int di = 0;
	while (pos >= dash[di]) {
		pos -= dash[di];
		di = (di + 1) % nd;
	}
	double left = dash[di] - pos;   /* of the current dash or gap */
	int on = di % 2 == 0;
	int rc = 0;
	size_t emitted = 0;
#define EMIT(op_, x_, y_)                                                                    \
	do {                                                                                 \
		if (*no == *co) {                                                            \
			if ((*co ? 2 * *co : 64) > TP_SVG_MAX_POINTS) {                     \
				rc = tp_fail(r->e, TP_EINPUT, "%s: dashes make more than %u points; use longer dashes", r->name, TP_SVG_MAX_POINTS); \
				goto done;                                                   \
			}                                                                    \
			if (tp_grow((void **)out, co, *no + 1, sizeof **out, 64) != 0) {     \
				rc = svg_oom(r);                                                 \
				goto done;                                                   \
			}                                                                    \
		}                                                                            \
		(*out)[(*no)++] = (struct tp_pt){ (op_), (x_), (y_) };                       \
	} while (0)
	if (on)
		EMIT(TP_MOVE, xy[0], xy[1]);
	for (size_t i = 1; i < m; i++) {
		double ax = xy[(i - 1) * 2], ay = xy[(i - 1) * 2 + 1], bx = xy[i * 2], by = xy[i * 2 + 1];
		double len = hypot(bx - ax, by - ay), at = 0;
		while (len - at > left) {
			at += left;
			double t = at / len, x = ax + (bx - ax) * t, y = ay + (by - ay) * t;
			if (on)
				EMIT(TP_LINE, x, y);
			else
				EMIT(TP_MOVE, x, y);
			on = !on;
			di = (di + 1) % nd;
			left = dash[di];
			if (++emitted > TP_SVG_MAX_POINTS) {
				rc = tp_fail(r->e, TP_EINPUT, "%s: dashes make more than %u points; use longer dashes",
					     r->name, TP_SVG_MAX_POINTS);
				goto done;
			}
		}
		left -= len - at;
		if (on)
			EMIT(TP_LINE, bx, by);
	}
	(void)closed;
#undef EMIT
done:
	free(xy);
	return rc;
}

static int dashes(struct rd *r, const struct tp_pt *p, size_t n, const double *dash, int nd,
		  double off, struct tp_pt **out, size_t *no)
{
	size_t co = 0;
	*out = NULL;
	*no = 0;
	size_t i = 0;
	while (i < n) {
		size_t j = i + 1;
		while (j < n && p[j].op != TP_MOVE)
			j++;
		if (j - i > 1 && dash_sub(r, p + i, j - i, dash, nd, off, out, no, &co) != 0) {
			free(*out);
			*out = NULL;
			return -1;
		}
		i = j;
	}
	return 0;
}

/* Whether p[0..n) encloses any area: a subpath with three points (ends or
 * controls) off one line.  An open line's fill (SVG fills every path
 * black unless told fill="none") paints nothing, yet would be a fill of no
 * width to the preflight and a colour to map. */
static int encloses(const struct tp_pt *p, size_t n)
{
	size_t start = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && (p[i].op != TP_MOVE || i == start))
			continue;
		/* p[start .. i) is one subpath */
		const struct tp_pt *a = &p[start], *b = NULL;
		for (size_t k = start + 1; k < i; k++) {
			if (p[k].op == TP_CLOSE)
				continue;
			if (b == NULL) {
				if (fabs(p[k].x - a->x) > 1e-12 || fabs(p[k].y - a->y) > 1e-12)
					b = &p[k];
				continue;
			}
			double cross = (b->x - a->x) * (p[k].y - a->y) - (b->y - a->y) * (p[k].x - a->x);
			double scale = hypot(b->x - a->x, b->y - a->y) * hypot(p[k].x - a->x, p[k].y - a->y);
			if (fabs(cross) > 1e-9 * scale)
				return 1;
		}
		start = i;
	}
	return 0;
}

/* Paints the path built so far with st under m, then forgets it. */
int svg_paint(struct rd *r, xmlNodePtr n, const mat m, const struct style *st, int closed_shape)
{
	(void)closed_shape;
	int rc = 0;
	if (r->n == 0 || st->hidden)
		goto out;
	struct tp_art_path ap = { .evenodd = (uint8_t)st->evenodd, .line = svg_line_of(n) };
	if (!st->fill_none && encloses(r->p, r->n)) {
		ap.paint = TP_FILL;
		ap.rgb = st->fill_current ? st->color : st->fill;
		if ((rc = art_put(r, r->p, r->n, &ap)) != 0)
			goto out;
	}
	double scale = sqrt(fabs(m[0] * m[3] - m[1] * m[2]));
	if (!st->stroke_none && st->sw > 0 && scale > 0) {
		ap.paint = TP_STROKE;
		ap.evenodd = 0;
		ap.rgb = st->stroke_current ? st->color : st->stroke;
		ap.stroke = st->sw * scale;
		ap.cap = (uint8_t)st->cap;
		ap.join = (uint8_t)st->join;
		ap.miter4 = st->miter < 7;
		if (st->ndash) {
			double d[MAX_DASH];
			for (int i = 0; i < st->ndash; i++)
				d[i] = st->dash[i] * scale;
			struct tp_pt *dp;
			size_t dn;
			if ((rc = dashes(r, r->p, r->n, d, st->ndash, st->dashoff * scale, &dp, &dn)) != 0)
				goto out;
			rc = dn ? art_put(r, dp, dn, &ap) : 0;
			free(dp);
		} else {
			rc = art_put(r, r->p, r->n, &ap);
		}
	}
out:
	r->n = 0;
	return rc;
}
