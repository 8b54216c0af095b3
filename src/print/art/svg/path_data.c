/* The path being built: points in mm through the current matrix, cubic
 * curves, arcs as Beziers, and the path data (d) parser. */

#include "print/art/svg/svg_rd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

int svg_put(struct rd *r, int op, double x, double y)
{
	if (r->n == r->cap) {
		if (r->n + r->a->n_pts >= TP_SVG_MAX_POINTS)
			return svg_too_many_points(r);
		if (tp_grow((void **)&r->p, &r->cap, r->n + 1, sizeof *r->p, 64) != 0)
			return svg_oom(r);
	}
	r->p[r->n++] = (struct tp_pt){ (uint8_t)op, x, y };
	return 0;
}

/* Points in the element's user space, put through m. */
int svg_putm(struct rd *r, const mat m, int op, double x, double y)
{
	return svg_put(r, op, m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
}

int svg_curve(struct rd *r, const mat m, double x1, double y1, double x2, double y2, double x,
	      double y)
{
	if (svg_putm(r, m, TP_CURVE, x1, y1) || svg_putm(r, m, TP_CURVE, x2, y2) || svg_putm(r, m, TP_CURVE, x, y))
		return -1;
	return 0;
}

/* The SVG arc from (x0, y0) to (x, y) as cubic Beziers (SVG 1.1 F.6). */
static int arc(struct rd *r, const mat m, double x0, double y0, double rx, double ry, double phi_deg,
	       int large, int sweep, double x, double y)
{
	if (x0 == x && y0 == y)
		return 0;
	rx = fabs(rx);
	ry = fabs(ry);
	if (rx == 0 || ry == 0)
		return svg_putm(r, m, TP_LINE, x, y);
	double phi = fmod(phi_deg, 360) * M_PI / 180, cp = cos(phi), sp = sin(phi);
	double dx = (x0 - x) / 2, dy = (y0 - y) / 2;
	double x1p = cp * dx + sp * dy, y1p = -sp * dx + cp * dy;
	double lam = x1p * x1p / (rx * rx) + y1p * y1p / (ry * ry);
	if (lam > 1) {
		double s = sqrt(lam);
		rx *= s;
		ry *= s;
	}
	double num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
	double den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
	double co = den > 0 && num > 0 ? sqrt(num / den) : 0;
	if (large == sweep)
		co = -co;
	double cxp = co * rx * y1p / ry, cyp = -co * ry * x1p / rx;
	double cx = cp * cxp - sp * cyp + (x0 + x) / 2, cy = sp * cxp + cp * cyp + (y0 + y) / 2;
	double t1 = atan2((y1p - cyp) / ry, (x1p - cxp) / rx);
	double t2 = atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx);
	double dt = t2 - t1;
	if (sweep && dt < 0)
		dt += 2 * M_PI;
	else if (!sweep && dt > 0)
		dt -= 2 * M_PI;
	int segs = (int)ceil(fabs(dt) / (M_PI / 2) - 1e-9);
	if (segs < 1)
		segs = 1;
	double step = dt / segs, k = 4.0 / 3 * tan(step / 4);
	double t = t1;
	for (int i = 0; i < segs; i++) {
		double a0 = t, a1 = t + step;
		double c0 = cos(a0), s0 = sin(a0), c1 = cos(a1), s1 = sin(a1);
		/* On the unit circle, then scaled by rx, ry, turned by phi. */
		double ux[3] = { c0 - k * s0, c1 + k * s1, c1 }, uy[3] = { s0 + k * c0, s1 - k * c1, s1 };
		double px[3], py[3];
		for (int j = 0; j < 3; j++) {
			double ex = rx * ux[j], ey = ry * uy[j];
			px[j] = cx + cp * ex - sp * ey;
			py[j] = cy + sp * ex + cp * ey;
		}
		if (i == segs - 1) {
			px[2] = x;
			py[2] = y;
		}
		if (svg_curve(r, m, px[0], py[0], px[1], py[1], px[2], py[2]) != 0)
			return -1;
		t = a1;
	}
	return 0;
}

/* Where path data stands: the current point, the subpath's start, the
 * last control point and command (upper case), whether a point exists. */
struct pstate {
	double cx, cy, sx, sy, qx, qy;
	int last, have;
};

/* A move after a close starts the new subpath where the closed one began. */
static int reopen(struct rd *r, const mat m, const struct pstate *ps)
{
	return ps->last == 'Z' ? svg_putm(r, m, TP_MOVE, ps->sx, ps->sy) : 0;
}

static int cmd_curve(struct rd *r, const mat m, struct pstate *ps, int up, const double *a,
		     double ox, double oy)
{
	double x1, y1, x2, y2, x, y;
	int smooth = up == 'S' || up == 'T', cubic = up == 'C' || up == 'S';
	int follows = cubic ? ps->last == 'C' || ps->last == 'S' : ps->last == 'Q' || ps->last == 'T';
	const double *e = a;
	if (smooth) {
		x1 = follows ? 2 * ps->cx - ps->qx : ps->cx;
		y1 = follows ? 2 * ps->cy - ps->qy : ps->cy;
	} else {
		x1 = e[0] + ox, y1 = e[1] + oy;
		e += 2;
	}
	if (cubic) {
		x2 = e[0] + ox, y2 = e[1] + oy;
		e += 2;
	} else {
		x2 = x1, y2 = y1;   /* a quadratic's one control */
	}
	x = e[0] + ox, y = e[1] + oy;
	if (reopen(r, m, ps) != 0)
		return -1;
	int rc = cubic ? svg_curve(r, m, x1, y1, x2, y2, x, y)
		       : svg_curve(r, m, ps->cx + 2.0 / 3 * (x1 - ps->cx), ps->cy + 2.0 / 3 * (y1 - ps->cy),
			       x + 2.0 / 3 * (x1 - x), y + 2.0 / 3 * (y1 - y), x, y);
	ps->qx = x2, ps->qy = y2, ps->cx = x, ps->cy = y;
	return rc;
}

/* One command (upper case up, relative rel) with its arguments a. */
static int path_cmd(struct rd *r, const mat m, struct pstate *ps, int up, int rel, const double *a)
{
	double ox = rel ? ps->cx : 0, oy = rel ? ps->cy : 0;
	switch (up) {
	case 'M':
		ps->cx = ps->sx = a[0] + ox;
		ps->cy = ps->sy = a[1] + oy;
		ps->have = 1;
		return svg_putm(r, m, TP_MOVE, ps->cx, ps->cy);
	case 'L':
	case 'H':
	case 'V':
		if (up != 'V')
			ps->cx = a[0] + ox;
		if (up == 'L')
			ps->cy = a[1] + oy;
		else if (up == 'V')
			ps->cy = a[0] + oy;
		if (reopen(r, m, ps) != 0)
			return -1;
		return svg_putm(r, m, TP_LINE, ps->cx, ps->cy);
	case 'A': {
		double x = a[5] + ox, y = a[6] + oy;
		if (reopen(r, m, ps) != 0 ||
		    arc(r, m, ps->cx, ps->cy, a[0], a[1], a[2], (int)a[3], (int)a[4], x, y) != 0)
			return -1;
		ps->cx = x, ps->cy = y;
		return 0;
	}
	default:
		return cmd_curve(r, m, ps, up, a, ox, oy);
	}
}

/* The arguments of command up from s: 0 with *end past them, or -1. */
static int path_args(const char *s, int up, double *a, const char **end)
{
	int need = up == 'M' || up == 'L' || up == 'T' ? 2 : up == 'H' || up == 'V' ? 1
		   : up == 'C' ? 6 : up == 'S' || up == 'Q' ? 4 : 7;
	for (int i = 0; i < need; i++) {
		s = svg_skip_ws(s);
		if (up == 'A' && (i == 3 || i == 4)) {   /* flags: 0 or 1, maybe unseparated */
			if (*s != '0' && *s != '1')
				return -1;
			a[i] = *s++ - '0';
			continue;
		}
		if (svg_number(s, &a[i], &s) != 0)
			return -1;
	}
	*end = s;
	return 0;
}

/* Path data d into the path being built. */
int svg_path_data(struct rd *r, xmlNodePtr n, const mat m, const char *d)
{
	const char *s = d;
	int cmd = 0;
	struct pstate ps = { 0 };
	for (;;) {
		s = svg_skip_ws(s);
		if (*s == '\0')
			break;
		if ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')) {
			cmd = *s++;
			if (!strchr("MmLlHhVvCcSsQqTtAaZz", cmd))
				goto bad;
			if (cmd == 'Z' || cmd == 'z') {
				if (ps.have && svg_put(r, TP_CLOSE, 0, 0) != 0)
					return -1;
				ps.cx = ps.sx;
				ps.cy = ps.sy;
				ps.last = 'Z';
				cmd = 0;
				continue;
			}
		} else if (cmd == 0) {
			goto bad;
		}
		int rel = cmd >= 'a', up = rel ? cmd - 32 : cmd;
		double a[7];
		if ((up != 'M' && !ps.have) || path_args(s, up, a, &s) != 0)
			goto bad;
		if (path_cmd(r, m, &ps, up, rel, a) != 0)
			return -1;
		if (up == 'M')
			cmd = rel ? 'l' : 'L';   /* further pairs are lines */
		ps.last = up;
	}
	return 0;
bad:
	return svg_refuse(r, n, "d: bad path data at character %zu (\"%.20s\"); re-save the drawing as Plain SVG from Inkscape",
		      (size_t)(s - d), s);
}
