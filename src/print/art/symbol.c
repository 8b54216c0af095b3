#include "print/art/symbol.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const tp_symbol_names[TP_SYM_ALL] = { "circle", "square", "hexagon", "octagon",
						   "triangle", "diamond" };

int tp_symbol_parse(const char *name)
{
	for (int i = 0; i < TP_SYM_COUNT; i++)
		if (strcmp(name, tp_symbol_names[i]) == 0)
			return i;
	return -1;
}

/* A regular n-gon whose widest extent is `size`; flat side on top so
 * that squares and octagons sit square to the tile. */
static int polygon(struct tp_scene *sc, int ink, int paint, double stroke, int n,
		   double cx, double cy, double size)
{
	double xy[16];
	double start = M_PI / n + M_PI / 2;
	double maxx = 0;
	for (int i = 0; i < n; i++)
		maxx = fmax(maxx, fabs(cos(start + 2 * M_PI * i / n)));
	double r = size / 2 / maxx;
	for (int i = 0; i < n; i++) {
		double a = start + 2 * M_PI * i / n;
		xy[2 * i] = cx + r * cos(a);
		xy[2 * i + 1] = cy + r * sin(a);
	}
	return tp_scene_poly(sc, ink, paint, stroke, xy, (size_t)n);
}

/* Apothem over size: the size is twice the apothem for every symbol
 * whose bounding box width is across its flats; a hexagon's is across
 * its corners, twice the circumradius r, and its apothem r cos 30. */
static double apothem_ratio(int symbol)
{
	if (symbol == TP_SYM_TRIANGLE)   /* the inradius of side 1 */
		return 1 / (2 * sqrt(3));
	if (symbol == TP_SYM_DIAMOND)    /* half the side of diagonal 1 */
		return M_SQRT2 / 4;
	return symbol == TP_SYM_HEXAGON ? cos(M_PI / 6) / 2 : 0.5;
}

double tp_symbol_apothem(int symbol, double size)
{
	return size * apothem_ratio(symbol);
}

int tp_symbol_draw(struct tp_scene *sc, int ink, int paint, double stroke, int symbol,
		   double cx, double cy, double size)
{
	switch (symbol) {
	case TP_SYM_CIRCLE:
		return tp_scene_circle(sc, ink, paint, stroke, cx, cy, size / 2);
	case TP_SYM_SQUARE:
		return polygon(sc, ink, paint, stroke, 4, cx, cy, size);
	case TP_SYM_HEXAGON:
		return polygon(sc, ink, paint, stroke, 6, cx, cy, size);
	case TP_SYM_TRIANGLE: {   /* apex up (y down), centroid at the centre */
		double h = size * sqrt(3) / 2;
		double xy[6] = { cx, cy - 2 * h / 3, cx + size / 2, cy + h / 3, cx - size / 2, cy + h / 3 };
		return tp_scene_poly(sc, ink, paint, stroke, xy, 3);
	}
	case TP_SYM_DIAMOND: {
		double r = size / 2;
		double xy[8] = { cx, cy - r, cx + r, cy, cx, cy + r, cx - r, cy };
		return tp_scene_poly(sc, ink, paint, stroke, xy, 4);
	}
	default:
		return polygon(sc, ink, paint, stroke, 8, cx, cy, size);
	}
}

/* ---- recesses for every turn --------------------------------------------- */

/* The corners of symbol (not a circle) turned by angle a, relative to its
 * centre, as polygon() draws them; returns their number. */
static int corners(int symbol, double size, double a, double *xy)
{
	int n = symbol == TP_SYM_SQUARE ? 4 : symbol == TP_SYM_HEXAGON ? 6 : 8;
	double start = M_PI / n + M_PI / 2, maxx = 0;
	for (int i = 0; i < n; i++)
		maxx = fmax(maxx, fabs(cos(start + 2 * M_PI * i / n)));
	double r = size / 2 / maxx;
	for (int i = 0; i < n; i++) {
		xy[2 * i] = r * cos(start + a + 2 * M_PI * i / n);
		xy[2 * i + 1] = r * sin(start + a + 2 * M_PI * i / n);
	}
	return n;
}

/* Distance from the centre to the union's outline in direction phi: the
 * farthest of the turned polygons' (each convex, so the ray leaves it
 * once). */
static double reach(const double *xy, const int *n, int turns, double phi)
{
	double best = 0, ux = cos(phi), uy = sin(phi);
	for (int t = 0, o = 0; t < turns; o += n[t], t++) {
		double r = INFINITY;
		for (int i = 0; i < n[t]; i++) {
			const double *p = xy + 2 * (o + i), *q = xy + 2 * (o + (i + 1) % n[t]);
			/* The edge's line: its outward normal nx, ny and offset d. */
			double nx = q[1] - p[1], ny = p[0] - q[0], l = hypot(nx, ny);
			double d = (nx * p[0] + ny * p[1]) / l, c = (nx * ux + ny * uy) / l;
			if (c > 1e-12)
				r = fmin(r, d / c);
		}
		best = fmax(best, r);
	}
	return best;
}

static int by_angle(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The union's outline: its corners are corners of the turned polygons or
 * crossings of their edges, at the angles where the reach bends. */
static size_t union_outline(int symbol, double size, int turns, double *out)
{
	double xy[2 * 8 * 12];
	int n[12], total = 0;
	for (int t = 0; t < turns; t++) {
		n[t] = corners(symbol, size, 2 * M_PI * t / turns, xy + 2 * total);
		total += n[t];
	}
	double ang[8 * 12 + 8 * 12 * 8 * 12];
	size_t na = 0;
	for (int i = 0; i < total; i++)
		ang[na++] = atan2(xy[2 * i + 1], xy[2 * i]);
	for (int t = 0, o = 0; t < turns; o += n[t], t++)
		for (int u = t + 1, ou = o + n[t]; u < turns; ou += n[u], u++)
			for (int i = 0; i < n[t]; i++)
				for (int j = 0; j < n[u]; j++) {
					const double *a = xy + 2 * (o + i), *b = xy + 2 * (o + (i + 1) % n[t]);
					const double *c = xy + 2 * (ou + j), *d = xy + 2 * (ou + (j + 1) % n[u]);
					double rx = b[0] - a[0], ry = b[1] - a[1], sx = d[0] - c[0], sy = d[1] - c[1];
					double den = rx * sy - ry * sx;
					if (fabs(den) < 1e-12)
						continue;
					double k = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / den;
					double m = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / den;
					if (k >= 0 && k <= 1 && m >= 0 && m <= 1)
						ang[na++] = atan2(a[1] + k * ry, a[0] + k * rx);
				}
	qsort(ang, na, sizeof *ang, by_angle);
	size_t m = 0;
	for (size_t i = 0; i < na; i++) {
		if (i > 0 && ang[i] - ang[i - 1] < 1e-9)
			continue;
		double r = reach(xy, n, turns, ang[i]);
		out[2 * m] = r * cos(ang[i]);
		out[2 * m + 1] = r * sin(ang[i]);
		m++;
	}
	/* Drop corners that lie on a straight edge (the same polygon's edge
	 * met by another's corner or crossing). */
	size_t k = 0;
	for (size_t i = 0; i < m; i++) {
		const double *p = out + 2 * ((i + m - 1) % m), *q = out + 2 * i, *r = out + 2 * ((i + 1) % m);
		double cr = (q[0] - p[0]) * (r[1] - q[1]) - (q[1] - p[1]) * (r[0] - q[0]);
		if (fabs(cr) > 1e-9 * size * size) {
			out[2 * k] = q[0];
			out[2 * k + 1] = q[1];
			k++;
		} else if (k == 0 && i == 0) {
			continue;
		}
	}
	return k;
}

void tp_symbol_recess(int symbol, double size, double by, int turns, double *xy, size_t *n)
{
	*n = 0;
	if (symbol == TP_SYM_CIRCLE)
		return;
	turns = turns < 1 ? 1 : turns > 12 ? 12 : turns;
	double u[2 * TP_SYMBOL_RECESS_MAX];
	size_t m = union_outline(symbol, size, turns, u);
	/* Mitred offset: each corner moves along the sum of its edges'
	 * outward normals (counter-clockwise: the normal of (dx, dy) is
	 * (dy, -dx)) so that both edges move by `by`. */
	for (size_t i = 0; i < m; i++) {
		const double *p = u + 2 * ((i + m - 1) % m), *q = u + 2 * i, *r = u + 2 * ((i + 1) % m);
		double ax = q[1] - p[1], ay = p[0] - q[0], la = hypot(ax, ay);
		double bx = r[1] - q[1], by2 = q[0] - r[0], lb = hypot(bx, by2);
		ax /= la, ay /= la, bx /= lb, by2 /= lb;
		double k = by / (1 + ax * bx + ay * by2);
		xy[2 * i] = q[0] + k * (ax + bx);
		xy[2 * i + 1] = q[1] + k * (ay + by2);
	}
	*n = m;
}

double tp_symbol_recess_width(int symbol, double size, double by, int turns)
{
	double xy[2 * TP_SYMBOL_RECESS_MAX], w = 0, h = 0;
	size_t n;
	tp_symbol_recess(symbol, size, by, turns, xy, &n);
	if (n == 0)
		return size + 2 * by;
	for (size_t i = 0; i < n; i++) {
		w = fmax(w, 2 * fabs(xy[2 * i]));   /* symmetric about the centre */
		h = fmax(h, 2 * fabs(xy[2 * i + 1]));
	}
	return fmax(w, h);
}

int tp_symbol_recess_draw(struct tp_scene *sc, int ink, int paint, double stroke, int symbol,
			  double cx, double cy, double size, double by, int turns)
{
	double xy[2 * TP_SYMBOL_RECESS_MAX];
	size_t n;
	tp_symbol_recess(symbol, size, by, turns, xy, &n);
	if (n == 0)
		return tp_scene_circle(sc, ink, paint, stroke, cx, cy, size / 2 + by);
	for (size_t i = 0; i < n; i++) {
		xy[2 * i] += cx;
		xy[2 * i + 1] = cy - xy[2 * i + 1];   /* y down on the sheet */
	}
	return tp_scene_poly(sc, ink, paint, stroke, xy, n);
}
