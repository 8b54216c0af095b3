/* The preflight's curves, measured as drawn (preflight_geom.h): a cubic's
 * control polygon lies outside it (a circle's quarter's controls sit
 * 1.14 r from the centre, the leg between them 1.10 r at 45 degrees; the
 * curve's box is not its controls' box),
 * so every rule that measures a die line, an outline or a fill takes the
 * curve's chords instead, each within TP_PF_FLAT of it. */

#include "print/preflight/preflight_geom.h"

#include <math.h>

#include "print/layout/sheet.h"

/* The unit vector from (ax, ay) to (bx, by) in u; 0 when they meet. */
static int dir(double ax, double ay, double bx, double by, double u[2])
{
	double l = hypot(bx - ax, by - ay);
	if (!(l > 1e-12))
		return 0;
	u[0] = (bx - ax) / l;
	u[1] = (by - ay) / l;
	return 1;
}

/* The cubic's tangents at its ends: towards the first control that is not
 * its end point (a control on the end leaves the tangent to the next). */
static void tangents(const double c[8], double t0[2], double t1[2])
{
	t0[0] = t0[1] = t1[0] = t1[1] = 0;
	for (int k = 1; k <= 3 && !dir(c[0], c[1], c[2 * k], c[2 * k + 1], t0); k++)
		;
	for (int k = 2; k >= 0 && !dir(c[2 * k], c[2 * k + 1], c[6], c[7], t1); k--)
		;
}

/* 1 when the chord from c's start to its end stays within TP_PF_FLAT of
 * the curve both ways: both controls project onto the chord (so the
 * curve runs along it without turning back) and lie within 4/3 TP_PF_FLAT
 * of its line (the curve's offset from it is 3t(1 - t) times at most the
 * larger, at most 3/4 of it). */
static int flat(const double c[8])
{
	double dx = c[6] - c[0], dy = c[7] - c[1], l2 = dx * dx + dy * dy;
	if (!(l2 > 1e-18))
		return hypot(c[2] - c[0], c[3] - c[1]) <= TP_PF_FLAT &&
		       hypot(c[4] - c[0], c[5] - c[1]) <= TP_PF_FLAT;
	for (int k = 1; k <= 2; k++) {
		double px = c[2 * k] - c[0], py = c[2 * k + 1] - c[1];
		double t = (px * dx + py * dy) / l2, off = fabs(px * dy - py * dx) / sqrt(l2);
		if (t < 0 || t > 1 || 0.75 * off > TP_PF_FLAT)
			return 0;
	}
	return 1;
}

struct flattening {
	tp_pf_put put;
	void *ctx;
	int first;
};

static int split(struct flattening *f, const double c[8], int depth)
{
	if (depth == 0 || flat(c)) {
		struct tp_pf_seg g = { c[0], c[1], c[6], c[7], 0, f->first ? 1 : 2, { 0, 0 }, { 0, 0 } };
		tangents(c, g.t0, g.t1);
		f->first = 0;
		return f->put(f->ctx, &g);
	}
	/* de Casteljau at t = 1/2: the halves keep the curve's tangents. */
	double l[8], r[8];
	for (int a = 0; a < 2; a++) {
		double p01 = (c[a] + c[2 + a]) / 2, p12 = (c[2 + a] + c[4 + a]) / 2;
		double p23 = (c[4 + a] + c[6 + a]) / 2, q0 = (p01 + p12) / 2, q1 = (p12 + p23) / 2;
		double m = (q0 + q1) / 2;
		l[a] = c[a], l[2 + a] = p01, l[4 + a] = q0, l[6 + a] = m;
		r[a] = m, r[2 + a] = q1, r[4 + a] = p23, r[6 + a] = c[6 + a];
	}
	int rc = split(f, l, depth - 1);
	return rc != 0 ? rc : split(f, r, depth - 1);
}

int tp_pf_flatten(const double c[8], tp_pf_put put, void *ctx)
{
	struct flattening f = { put, ctx, 1 };
	return split(&f, c, TP_PF_DEPTH);
}

static int straight(double x0, double y0, double x1, double y1, tp_pf_put put, void *ctx)
{
	struct tp_pf_seg g = { x0, y0, x1, y1, 0, 0, { 0, 0 }, { 0, 0 } };
	if (dir(x0, y0, x1, y1, g.t0))
		g.t1[0] = g.t0[0], g.t1[1] = g.t0[1];
	return put(ctx, &g);
}

int tp_pf_path_pieces(const struct tp_pt *p, size_t n, int close, tp_pf_put put, void *ctx)
{
	double sx = 0, sy = 0, px = 0, py = 0;
	for (size_t k = 0; k <= n; k++) {
		int rc = 0;
		if (k == n || p[k].op == TP_MOVE) {
			if (close && (px != sx || py != sy))
				rc = straight(px, py, sx, sy, put, ctx);
			if (k == n || rc != 0)
				return rc;
			sx = px = p[k].x;
			sy = py = p[k].y;
			continue;
		}
		if (p[k].op == TP_CURVE && k + 2 < n) {
			double c[8] = { px, py, p[k].x, p[k].y, p[k + 1].x, p[k + 1].y, p[k + 2].x, p[k + 2].y };
			rc = tp_pf_flatten(c, put, ctx);
			k += 2;
		} else {
			double x = p[k].op == TP_CLOSE ? sx : p[k].x, y = p[k].op == TP_CLOSE ? sy : p[k].y;
			rc = straight(px, py, x, y, put, ctx);
		}
		if (rc != 0)
			return rc;
		px = p[k].op == TP_CLOSE ? sx : p[k].x;
		py = p[k].op == TP_CLOSE ? sy : p[k].y;
	}
	return 0;
}

/* Widens [lo, hi] to the extremes of the cubic's coordinate a b c d
 * (its derivative's roots in 0 .. 1). */
static void extremes(double a, double b, double c, double d, double *lo, double *hi)
{
	double qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a, t[2];
	int n = 0;
	if (fabs(qa) < 1e-12) {
		if (fabs(qb) > 1e-12)
			t[n++] = -qc / qb;
	} else {
		double disc = qb * qb - 4 * qa * qc;
		if (disc >= 0) {
			t[n++] = (-qb + sqrt(disc)) / (2 * qa);
			t[n++] = (-qb - sqrt(disc)) / (2 * qa);
		}
	}
	for (int i = 0; i < n; i++)
		if (t[i] > 0 && t[i] < 1) {
			double u = 1 - t[i];
			double v = u * u * u * a + 3 * u * u * t[i] * b + 3 * u * t[i] * t[i] * c +
				   t[i] * t[i] * t[i] * d;
			*lo = fmin(*lo, v);
			*hi = fmax(*hi, v);
		}
}

void tp_pf_bbox(const struct tp_scene *sc, const struct tp_shape *s, const struct tp_pt *p,
		double b[4])
{
	if (s->kind != TP_SHAPE_PATH && s->kind != TP_SHAPE_IMAGE) {
		tp_shape_bbox(sc, s, b);
		return;
	}
	b[0] = b[1] = INFINITY;
	b[2] = b[3] = -INFINITY;
	double px = 0, py = 0;
	for (size_t k = 0; k < s->count; k++) {
		if (p[k].op == TP_CLOSE)   /* carries no point */
			continue;
		if (p[k].op == TP_CURVE && k + 2 < s->count) {
			extremes(px, p[k].x, p[k + 1].x, p[k + 2].x, &b[0], &b[2]);
			extremes(py, p[k].y, p[k + 1].y, p[k + 2].y, &b[1], &b[3]);
			k += 2;
		}
		px = p[k].x;
		py = p[k].y;
		b[0] = fmin(b[0], px);
		b[1] = fmin(b[1], py);
		b[2] = fmax(b[2], px);
		b[3] = fmax(b[3], py);
	}
}
