/* Die lines of one panel of a paneled sheet (see sheet.h): closed. */

#include "print/sheet.h"

#include <math.h>

#define EPS 1e-6

/* Liang-Barsky: clips the segment a-b to r (x0 y0 x1 y1); 0 when nothing
 * of it lies inside. */
static int clip(double a[2], double b[2], const double r[4])
{
	double dx = b[0] - a[0], dy = b[1] - a[1], t0 = 0, t1 = 1;
	const double p[4] = { -dx, dx, -dy, dy };
	const double q[4] = { a[0] - r[0], r[2] - a[0], a[1] - r[1], r[3] - a[1] };
	for (int i = 0; i < 4; i++) {
		if (fabs(p[i]) < EPS) {
			if (q[i] < -EPS)
				return 0;
			continue;
		}
		double t = q[i] / p[i];
		if (p[i] < 0)
			t0 = fmax(t0, t);
		else
			t1 = fmin(t1, t);
	}
	if (t1 - t0 < EPS)
		return 0;
	double ax = a[0];
	double ay = a[1];
	b[0] = ax + t1 * dx;
	b[1] = ay + t1 * dy;
	a[0] = ax + t0 * dx;
	a[1] = ay + t0 * dy;
	return 1;
}

/* 1 when the segment a-b runs along an edge of r (the panel's own outline
 * cuts there). */
static int on_edge(const double a[2], const double b[2], const double r[4])
{
	for (int k = 0; k < 2; k++)
		for (int e = 0; e < 2; e++) {
			double v = r[k + 2 * e];
			if (fabs(a[k] - v) < EPS && fabs(b[k] - v) < EPS)
				return 1;
		}
	return 0;
}

static int inside(const struct tp_scene *sc, const struct tp_shape *s, const double r[4])
{
	double b[4];
	tp_shape_bbox(sc, s, b);
	return b[0] >= r[0] - EPS && b[1] >= r[1] - EPS && b[2] <= r[2] + EPS && b[3] <= r[3] + EPS;
}

static int has_curve(const struct tp_scene *sc, const struct tp_shape *s)
{
	for (size_t k = 0; k < s->count; k++)
		if (sc->pts[s->first + k].op == TP_CURVE)
			return 1;
	return 0;
}

/* The straight die segments of s clipped to r, each its own path in dst,
 * leaving out what runs along r's edges.  0 or -1 (OOM). */
static int clipped(struct tp_scene *dst, const struct tp_scene *src, const struct tp_shape *s,
		   const double r[4])
{
	const struct tp_pt *p = src->pts + s->first;
	double start[2] = { 0, 0 }, prev[2] = { 0, 0 };
	for (size_t k = 0; k < s->count; k++) {
		double cur[2] = { p[k].x, p[k].y };
		if (p[k].op == TP_CLOSE) {
			cur[0] = start[0];
			cur[1] = start[1];
		}
		if (p[k].op == TP_MOVE) {
			start[0] = cur[0];
			start[1] = cur[1];
		} else {
			double a[2] = { prev[0], prev[1] }, b[2] = { cur[0], cur[1] };
			if (clip(a, b, r) && !on_edge(a, b, r)) {
				struct tp_pt seg[2] = { { TP_MOVE, a[0], a[1] }, { TP_LINE, b[0], b[1] } };
				if (tp_scene_path(dst, s->ink, TP_STROKE, s->stroke, seg, 2) != 0)
					return -1;
			}
		}
		prev[0] = cur[0];
		prev[1] = cur[1];
	}
	return 0;
}

static int copy(struct tp_scene *dst, const struct tp_scene *src, const struct tp_shape *s)
{
	int rc;
	if (s->kind == TP_SHAPE_RECT)
		rc = tp_scene_rect(dst, s->ink, s->paint, s->stroke, s->x, s->y, s->w, s->h);
	else if (s->kind == TP_SHAPE_TEXT)
		rc = tp_scene_text(dst, s->ink, s->x, s->y, s->h, s->align, tp_scene_str(src, s));
	else
		rc = tp_scene_path(dst, s->ink, s->paint, s->stroke, src->pts + s->first, s->count);
	if (rc == 0)
		tp_scene_flag_last(dst, s->flags);
	return rc;
}

struct tp_scene *tp_panel_die(const struct tp_scene *src, const double r[4])
{
	struct tp_scene *sc = tp_scene_new(src->name, src->trim_w, src->trim_h, src->bleed, &src->pal);
	if (sc == NULL)
		return NULL;
	sc->plate = src->plate;
	sc->margin = src->margin;
	double w = 0;
	int rc = 0;
	for (size_t l = 0; rc == 0 && l < src->n_layers; l++)
		rc = tp_scene_layer(sc, src->layers[l]);
	for (size_t i = 0; rc == 0 && i < src->n_shapes; i++) {
		const struct tp_shape *s = &src->shapes[i];
		rc = tp_scene_layer(sc, src->layers[s->layer]);
		if (rc != 0 || s->ink != TP_INK_CUT || (s->flags & TP_SHAPE_MARK) || inside(src, s, r)) {
			rc = rc ? rc : copy(sc, src, s);
			continue;
		}
		if (w == 0)
			w = s->stroke;
		/* A curve cannot be clipped here: one that crosses the panel's
		 * outline is left to the panel where it lies whole. */
		if (s->kind == TP_SHAPE_RECT) {
			const struct tp_pt q[5] = { { TP_MOVE, s->x, s->y }, { TP_LINE, s->x + s->w, s->y },
						    { TP_LINE, s->x + s->w, s->y + s->h },
						    { TP_LINE, s->x, s->y + s->h }, { TP_CLOSE, 0, 0 } };
			struct tp_shape t = *s;
			struct tp_scene tmp = *src;
			tmp.pts = (struct tp_pt *)q;
			t.first = 0;
			t.count = 5;
			rc = clipped(sc, &tmp, &t, r);
		} else if (s->kind == TP_SHAPE_PATH && !has_curve(src, s)) {
			rc = clipped(sc, src, s, r);
		}
	}
	if (rc == 0 && w > 0) {
		tp_scene_layer_by_ink(sc);
		double xy[8] = { r[0], r[1], r[2], r[1], r[2], r[3], r[0], r[3] };
		rc = tp_scene_poly(sc, TP_INK_CUT, TP_STROKE, w, xy, 4);
	}
	tp_scene_layer_by_ink(sc);
	if (rc != 0) {
		tp_scene_free(sc);
		return NULL;
	}
	return sc;
}

size_t tp_panel_cuts(const struct tp_scene *sc, int vertical, double max, double *at, size_t cap)
{
	double len = vertical ? sc->trim_w : sc->trim_h, span = vertical ? sc->trim_h : sc->trim_w;
	/* Full-length straight die lines across the axis. */
	double best = 0, from = 0;
	size_t n = 0;
	if (cap < 2)
		return 0;
	at[n++] = 0;
	while (len - from > max + EPS) {
		best = from;
		for (size_t i = 0; i < sc->n_shapes; i++) {
			const struct tp_shape *s = &sc->shapes[i];
			if (s->ink != TP_INK_CUT || (s->flags & TP_SHAPE_MARK) || s->kind != TP_SHAPE_PATH ||
			    s->count != 2)
				continue;
			const struct tp_pt *p = sc->pts + s->first;
			double a = vertical ? p[0].x : p[0].y, b = vertical ? p[1].x : p[1].y;
			double u = vertical ? p[0].y : p[0].x, v = vertical ? p[1].y : p[1].x;
			if (fabs(a - b) > EPS || fmin(u, v) > EPS || fmax(u, v) < span - EPS)
				continue;
			if (a > best + EPS && a <= from + max + EPS)
				best = a;
		}
		if (best <= from + EPS || n + 1 >= cap)
			return 0;   /* no die line to meet on within reach */
		at[n++] = from = best;
	}
	at[n++] = len;
	return n;
}
