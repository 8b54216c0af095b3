#include "games/series/sheets/series_tri.h"

#include <math.h>
#include <string.h>

#include "games/series/sheets/series_art.h"
#include "print/art/symbol.h"

#define ON_EPS 1e-6

void tp_tri_small(const double A[2], const double B[2], const double C[2], int s, double xy[6])
{
	static const int row_start[3] = { 0, 5, 8 };
	int j = s >= 8 ? 2 : s >= 5 ? 1 : 0, m = s - row_start[j], i = m / 2;
	/* Grid point (i, j) = A + i/3 (B - A) + j/3 (C - A); even m points
	 * away from the side, odd m towards it. */
	int ij[3][2] = { { i, j }, { i + 1, j }, { i, j + 1 } };
	if (m % 2) {
		int d[3][2] = { { i + 1, j }, { i + 1, j + 1 }, { i, j + 1 } };
		for (int a = 0; a < 3; a++)
			ij[a][0] = d[a][0], ij[a][1] = d[a][1];
	}
	for (int a = 0; a < 3; a++)
		for (int q = 0; q < 2; q++)
			xy[2 * a + q] = A[q] + (B[q] - A[q]) * ij[a][0] / 3.0 + (C[q] - A[q]) * ij[a][1] / 3.0;
}

void tp_tri_incircle(const double xy[6], double *cx, double *cy, double *r)
{
	double side[3], per = 0, ix = 0, iy = 0;
	for (int a = 0; a < 3; a++) {
		int b = (a + 1) % 3, o = (a + 2) % 3;
		side[o] = hypot(xy[2 * b] - xy[2 * a], xy[2 * b + 1] - xy[2 * a + 1]);
	}
	for (int a = 0; a < 3; a++) {
		per += side[a];
		ix += side[a] * xy[2 * a];
		iy += side[a] * xy[2 * a + 1];
	}
	double area = fabs((xy[2] - xy[0]) * (xy[5] - xy[1]) - (xy[4] - xy[0]) * (xy[3] - xy[1])) / 2;
	*cx = ix / per;
	*cy = iy / per;
	*r = 2 * area / per;
}

void tp_tri_outer_of(struct tp_tri_outer *o, const double corner[][2], int n, unsigned outer,
		     double cx, double cy, const struct tp_scene *sc)
{
	memset(o, 0, sizeof *o);
	o->bleed = sc->bleed;
	o->clip[0] = o->clip[1] = -sc->bleed;
	o->clip[2] = sc->trim_w + sc->bleed;
	o->clip[3] = sc->trim_h + sc->bleed;
	for (int k = 0; k < n; k++) {
		const double *a = corner[k], *b = corner[(k + 1) % n];
		if (outer >> k & 1) {
			double dx = b[0] - a[0], dy = b[1] - a[1], len = hypot(dx, dy);
			double nx = dy / len, ny = -dx / len;
			if ((a[0] - cx) * nx + (a[1] - cy) * ny < 0)
				nx = -nx, ny = -ny;
			memcpy(o->a[o->n], a, sizeof o->a[0]);
			memcpy(o->b[o->n], b, sizeof o->b[0]);
			o->out[o->n][0] = nx;
			o->out[o->n][1] = ny;
			o->n++;
		}
		/* Corner k + 1 between side k and side k + 1: one outer, one shared. */
		int j = (k + 1) % n, in_k = outer >> k & 1, in_j = outer >> j & 1;
		if (in_k != in_j) {
			const double *far = in_k ? corner[(j + 1) % n] : a;   /* shared side's other end */
			double ux = b[0] - far[0], uy = b[1] - far[1], len = hypot(ux, uy);
			memcpy(o->fix[o->nfix], b, sizeof o->fix[0]);
			o->fixu[o->nfix][0] = ux / len;
			o->fixu[o->nfix][1] = uy / len;
			o->nfix++;
		}
	}
}

/* q kept inside the bleed box (a mitre at a sharp corner would pass it). */
static void clamp(const struct tp_tri_outer *o, double *q)
{
	q[0] = fmin(fmax(q[0], o->clip[0]), o->clip[2]);
	q[1] = fmin(fmax(q[1], o->clip[1]), o->clip[3]);
}

/* The index of the shared corner at p, or -1. */
static int fixed_at(const struct tp_tri_outer *o, const double p[2])
{
	for (int i = 0; o && i < o->nfix; i++)
		if (hypot(p[0] - o->fix[i][0], p[1] - o->fix[i][1]) < ON_EPS)
			return i;
	return -1;
}

/* The outer sides point p lies on, as a bit mask. */
static unsigned sides_of(const struct tp_tri_outer *o, const double p[2])
{
	unsigned m = 0;
	for (int k = 0; o && k < o->n; k++) {
		double dx = o->b[k][0] - o->a[k][0], dy = o->b[k][1] - o->a[k][1];
		double len = hypot(dx, dy);
		double t = ((p[0] - o->a[k][0]) * dx + (p[1] - o->a[k][1]) * dy) / (len * len);
		double d = fabs((p[0] - o->a[k][0]) * dy - (p[1] - o->a[k][1]) * dx) / len;
		if (d < ON_EPS && t > -ON_EPS && t < 1 + ON_EPS)
			m |= 1u << k;
	}
	return m;
}

/* p pushed `bleed` off every outer side in mask: along the side's normal,
 * or for a corner of two sides to the mitre point, `bleed` off both. */
static void pushed(const struct tp_tri_outer *o, unsigned mask, const double p[2], double *q)
{
	int f = fixed_at(o, p);
	for (int k = 0; f >= 0 && k < o->n; k++)
		if (mask == 1u << k) {   /* along the shared side's line */
			double d = o->fixu[f][0] * o->out[k][0] + o->fixu[f][1] * o->out[k][1];
			q[0] = p[0] + o->fixu[f][0] * o->bleed / d;
			q[1] = p[1] + o->fixu[f][1] * o->bleed / d;
			clamp(o, q);
			return;
		}
	double sx = 0, sy = 0, dot = 1;
	int n = 0, first = -1;
	for (int k = 0; k < o->n; k++)
		if (mask >> k & 1) {
			sx += o->out[k][0];
			sy += o->out[k][1];
			if (n++ == 0)
				first = k;
			else
				dot = 1 + o->out[first][0] * o->out[k][0] + o->out[first][1] * o->out[k][1];
		}
	q[0] = p[0] + o->bleed * sx / (n == 2 ? dot : 1);
	q[1] = p[1] + o->bleed * sy / (n == 2 ? dot : 1);
	clamp(o, q);
}

/* The side v-x run on past v until it lies `bleed` beyond the deepest
 * outer side v is on. 0 when it does not leave the tile there. */
static int run_on(const struct tp_tri_outer *o, unsigned mask, const double v[2], const double x[2],
		  double *q)
{
	double d = 0;
	for (int k = 0; k < o->n; k++)
		if (mask >> k & 1)
			d = fmax(d, (v[0] - x[0]) * o->out[k][0] + (v[1] - x[1]) * o->out[k][1]);
	if (d < ON_EPS)
		return 0;
	q[0] = v[0] + (v[0] - x[0]) * o->bleed / d;
	q[1] = v[1] + (v[1] - x[1]) * o->bleed / d;
	clamp(o, q);
	return 1;
}

/* A filled small triangle; where it touches an outer side it runs on into
 * the bleed: a side lying on the tile's side is pushed out (a strip), a
 * corner touching it continues its two sides, except at a corner shared
 * with a neighbour (the tile's own art stays as it is inside the trim). */
static int fill_small(struct tp_scene *sc, int ink, const double xy[6], const struct tp_tri_outer *o)
{
	double p[2 * 12];
	int n = 0;
	unsigned m[3];
	for (int i = 0; i < 3; i++)
		m[i] = o && o->bleed > 0 ? sides_of(o, &xy[2 * i]) : 0;
	for (int i = 0; i < 3; i++) {
		int j = (i + 1) % 3, h = (i + 2) % 3;
		p[2 * n] = xy[2 * i];
		p[2 * n + 1] = xy[2 * i + 1];
		n++;
		if (m[i] & m[j]) {   /* side i-j on an outer side */
			pushed(o, m[i], &xy[2 * i], &p[2 * n++]);
			pushed(o, m[j], &xy[2 * j], &p[2 * n++]);
		} else if (m[i] && !(m[h] & m[i]) && fixed_at(o, &xy[2 * i]) < 0) {
			/* A lone corner on it: in the waste beyond the
			 * trim, so it may cross a neighbour's run-on.  Not
			 * at a tile's corner where a side shared with a
			 * neighbour meets the outer side: there the
			 * continued sides would lie wholly beyond the shared
			 * side's line, in the neighbour's bleed (a corner
			 * needs no bleed: it has no width on the cut). */
			n += run_on(o, m[i], &xy[2 * i], &xy[2 * h], &p[2 * n]);
			n += run_on(o, m[i], &xy[2 * i], &xy[2 * j], &p[2 * n]);
			p[2 * n] = xy[2 * i];
			p[2 * n + 1] = xy[2 * i + 1];
			n++;
		}
	}
	return tp_scene_poly(sc, ink, TP_FILL, 0, p, (size_t)n);
}

/* Side j of the tile (regular, st->sides sides, centred on C, A-B side
 * 0): its outward unit normal; returns the apothem. */
static double tile_side(const double A[2], const double B[2], const double C[2], int j, int sides,
			double nrm[2])
{
	double mx = (A[0] + B[0]) / 2 - C[0], my = (A[1] + B[1]) / 2 - C[1], h = hypot(mx, my);
	double a = 2 * M_PI * j / sides, ca = cos(a), sa = sin(a);
	nrm[0] = (mx * ca - my * sa) / h;
	nrm[1] = (mx * sa + my * ca) / h;
	return h;
}

/* Room kept from a cut beyond the safe zone (the preflight's own slack). */
#define SAFE_SLACK 0.05

/* Under a safe zone: the factor (at most 1) by which the 5-3-1 places,
 * scaled about C, keep every item (reaching `reach` x its small
 * triangle's inradius from its centre) the safe zone inside every side.
 * The same for every element, so the pattern does not move with n. */
static double pattern_scale(const double A[2], const double B[2], const double C[2],
			    const struct tp_tri_style *st, double reach)
{
	double k = 1;
	for (int s = 0; s < 9; s++) {
		double xy[6], cx, cy, r, nrm[2];
		tp_tri_small(A, B, C, s, xy);
		tp_tri_incircle(xy, &cx, &cy, &r);
		for (int j = 0; j < st->sides; j++) {
			double h = tile_side(A, B, C, j, st->sides, nrm);
			double out = (cx - C[0]) * nrm[0] + (cy - C[1]) * nrm[1] + reach * r;
			if (out > 0)
				k = fmin(k, (h - st->safe - SAFE_SLACK) / out);
		}
	}
	return fmax(k, 0.05);
}

double tp_tri_digit_size(const double A[2], const double B[2], const double C[2],
			 const struct tp_tri_style *st)
{
	double xy[6] = { A[0], A[1], B[0], B[1], C[0], C[1] }, cx, cy, r;
	tp_tri_incircle(xy, &cx, &cy, &r);
	double size = 1.5 * r;
	if (st->safe <= 0 || st->sides < 3)
		return size;
	/* The box every numeral fits, upright, at size 1 about its centre. */
	double box[4] = { 0, 0, 0, 0 };
	for (int v = 1; v <= 9; v++) {
		double b[4];
		if (tp_series_digit_box(v, b) != 0)
			return -1;
		for (int q = 0; q < 4; q++)
			box[q] = q < 2 ? fmin(box[q], b[q]) : fmax(box[q], b[q]);
	}
	/* Every triangle of the tile (this one turned about C), every side. */
	for (int t = 0; t < st->sides; t++) {
		double a = 2 * M_PI * t / st->sides, ca = cos(a), sa = sin(a);
		double ix = (cx - C[0]) * ca - (cy - C[1]) * sa, iy = (cx - C[0]) * sa + (cy - C[1]) * ca;
		for (int j = 0; j < st->sides; j++) {
			double nrm[2], h = tile_side(A, B, C, j, st->sides, nrm), ext = 0;
			for (int q = 0; q < 4; q++)
				ext = fmax(ext, box[q & 1 ? 2 : 0] * nrm[0] + box[q & 2 ? 3 : 1] * nrm[1]);
			double room = h - st->safe - SAFE_SLACK - (ix * nrm[0] + iy * nrm[1]);
			if (ext > 0)
				size = fmin(size, fmax(room, 0.05 * r) / ext);
		}
	}
	return size;
}

/* A shape 1.2 x the inradius across sits inside the small triangle
 * whatever its shape (reaching 0.6 sqrt 2 from its centre at most); a
 * picture's box 1.4 x (0.7 sqrt 2). */
static double item_share(const struct tp_tri_style *st)
{
	return st->mode == TP_TRI_SHAPES ? 1.2 : 1.4;
}

static double item_scale(const double A[2], const double B[2], const double C[2],
			 const struct tp_tri_style *st)
{
	double reach = item_share(st) / 2 * M_SQRT2;
	return st->mode != TP_TRI_TRIANGLES && st->safe > 0 && st->sides >= 3 ?
		       pattern_scale(A, B, C, st, reach) : 1;
}

double tp_tri_symbol_side(const double A[2], const double B[2], const double C[2],
			  const struct tp_tri_style *st)
{
	double k = item_scale(A, B, C, st), xy[6], cx, cy, r;
	const double Ak[2] = { C[0] + k * (A[0] - C[0]), C[1] + k * (A[1] - C[1]) };
	const double Bk[2] = { C[0] + k * (B[0] - C[0]), C[1] + k * (B[1] - C[1]) };
	tp_tri_small(Ak, Bk, C, 0, xy);
	tp_tri_incircle(xy, &cx, &cy, &r);
	return item_share(st) * r;
}

/* A constraint on the square (centre M + d u, side s): a line with unit
 * normal n into the room, through q, kept at least m from the square:
 * n.(M + d u - q) - m >= s / 2 (|nx| + |ny|), i.e. s <= a + b d. */
struct room_line {
	double a, b;
};

static struct room_line room_of(const double M[2], const double u[2], const double n[2],
				 const double q[2], double m)
{
	double w = fabs(n[0]) + fabs(n[1]);
	double a = n[0] * (M[0] - q[0]) + n[1] * (M[1] - q[1]) - m, b = n[0] * u[0] + n[1] * u[1];
	return (struct room_line){ 2 * a / w, 2 * b / w };
}

void tp_tri_value_box(const double A[2], const double B[2], const double C[2],
		      const struct tp_tri_style *st, double box[3])
{
	double M[2] = { (A[0] + B[0]) / 2, (A[1] + B[1]) / 2 };
	double h = hypot(C[0] - M[0], C[1] - M[1]);
	double u[2] = { (C[0] - M[0]) / h, (C[1] - M[1]) / h };
	/* h is half the tile across its flats: 5 % of the tile is 0.1 h. */
	double base = fmax(st->safe + SAFE_SLACK, 0.1 * h), gap = 0.04 * h;
	struct room_line L[3 + 6];
	int n = 0;
	L[n++] = room_of(M, u, u, M, base);
	const double *P[3] = { A, B, C };
	for (int e = 1; e < 3; e++) {   /* the sides C-A and B-C, normals inwards */
		const double *p = P[e == 1 ? 2 : 1], *q = P[e == 1 ? 0 : 2];
		double dx = q[0] - p[0], dy = q[1] - p[1], l = hypot(dx, dy);
		double nr[2] = { -dy / l, dx / l };
		const double *o = e == 1 ? B : A;   /* the vertex off this side */
		if (nr[0] * (o[0] - p[0]) + nr[1] * (o[1] - p[1]) < 0) {
			nr[0] = -nr[0];
			nr[1] = -nr[1];
		}
		L[n++] = room_of(M, u, nr, p, gap);
	}
	for (int j = 0; st->safe > 0 && j < st->sides && j < 6; j++) {   /* every cut */
		double nrm[2], ap = tile_side(A, B, C, j, st->sides, nrm);
		double in[2] = { -nrm[0], -nrm[1] }, q[2] = { C[0] + ap * nrm[0], C[1] + ap * nrm[1] };
		L[n++] = room_of(M, u, in, q, st->safe + SAFE_SLACK);
	}
	/* The largest of min_i (a_i + b_i d) over 0 <= d <= h lies at an end
	 * or where two lines cross. */
	double cand[2 + 9 * 8 / 2];
	int nc = 0;
	cand[nc++] = 0;
	cand[nc++] = h;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (fabs(L[i].b - L[j].b) > 1e-12)
				cand[nc++] = (L[j].a - L[i].a) / (L[i].b - L[j].b);
	double best = 0, bd = h / 2;
	for (int c = 0; c < nc; c++) {
		if (cand[c] < 0 || cand[c] > h)
			continue;
		double s = INFINITY;
		for (int k = 0; k < n; k++)
			s = fmin(s, L[k].a + L[k].b * cand[c]);
		if (s > best + 1e-9) {
			best = s;
			bd = cand[c];
		}
	}
	box[2] = fmax(best, 0);
	box[0] = M[0] + bd * u[0] - box[2] / 2;
	box[1] = M[1] + bd * u[1] - box[2] / 2;
}

int tp_tri_draw(struct tp_scene *sc, int ink, int n, const double A[2], const double B[2],
		const double C[2], const struct tp_tri_style *st, const struct tp_tri_outer *o)
{
	int rc = 0;
	if (st->value_art) {   /* the designer's picture of the element, upright */
		double box[3];
		tp_tri_value_box(A, B, C, st, box);
		return tp_art_item_draw(sc, st->value_art, box[0], box[1], box[2], box[2], 0);
	}
	if (st->mode == TP_TRI_DIGITS) {   /* at the incentre: the isosceles triangle's axis */
		double xy[6] = { A[0], A[1], B[0], B[1], C[0], C[1] }, cx, cy, r;
		tp_tri_incircle(xy, &cx, &cy, &r);
		return tp_series_digit(sc, ink, n, 0, cx, cy, st->digit > 0 ? st->digit : 1.5 * r);
	}
	/* A shape 1.2 x the inradius across sits inside the small triangle
	 * whatever its shape (reaching 0.6 sqrt 2 from its centre at most);
	 * a picture's box 1.4 x (0.7 sqrt 2). */
	double reach = st->mode == TP_TRI_SHAPES ? 0.6 * M_SQRT2 : 0.7 * M_SQRT2;
	double k = st->mode != TP_TRI_TRIANGLES && st->safe > 0 && st->sides >= 3 ?
			   pattern_scale(A, B, C, st, reach) : 1;
	/* The items' triangle: A, B, C shrunk towards C by k. */
	const double Ak[2] = { C[0] + k * (A[0] - C[0]), C[1] + k * (A[1] - C[1]) };
	const double Bk[2] = { C[0] + k * (B[0] - C[0]), C[1] + k * (B[1] - C[1]) };
	for (int s = 0; s < 9; s++) {
		double xy[6], cx, cy, r;
		tp_tri_small(st->mode == TP_TRI_TRIANGLES ? A : Ak, st->mode == TP_TRI_TRIANGLES ? B : Bk,
			     C, s, xy);
		int marked = n >= 1 && n <= 9 && (st->marks[n] >> s & 1);
		if (st->mode == TP_TRI_TRIANGLES) {
			if (marked)
				rc |= fill_small(sc, ink, xy, o);
			rc |= tp_scene_poly(sc, TP_INK_LINE, TP_STROKE, st->line_w, xy, 3);
			continue;
		}
		if (!marked)
			continue;
		tp_tri_incircle(xy, &cx, &cy, &r);
		if (st->symbol_art) {
			double side = item_share(st) * r;
			rc |= tp_art_item_draw(sc, st->symbol_art, cx - side / 2, cy - side / 2, side, side, 0);
		} else if (st->mode == TP_TRI_SHAPES)
			rc |= tp_symbol_draw(sc, ink, TP_FILL, 0, st->symbol, cx, cy, 1.2 * r);
		else
			rc |= tp_picture_draw(sc, ink, st->pic, cx, cy, 1.4 * r);
	}
	return rc ? -1 : 0;
}
