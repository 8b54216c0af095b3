/* Die lines of one panel of a paneled sheet (see sheet.h): closed. */

#include "print/layout/sheet.h"

#include <math.h>
#include <string.h>

#include "print/scene/copy_sink.h"

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

/* 1 when s is a closed outline: a rectangle, or a path that closes or
 * ends where it began. */
static int closed_shape(const struct tp_scene *sc, const struct tp_shape *s)
{
	if (s->kind == TP_SHAPE_RECT)
		return 1;
	if (s->kind != TP_SHAPE_PATH || s->count < 3)
		return 0;
	const struct tp_pt *p = sc->pts + s->first, *e = p + s->count - 1;
	return e->op == TP_CLOSE || (fabs(e->x - p->x) < EPS && fabs(e->y - p->y) < EPS);
}

/* The straight die segments of s clipped to r, each its own path in dst,
 * leaving out what runs along r's edges; the pieces of a closed outline
 * are flagged TP_SHAPE_SPLIT (the panel cuts a component open).  0 or -1
 * (OOM). */
static int clipped(struct tp_scene *dst, const struct tp_scene *src, const struct tp_shape *s,
		   const double r[4])
{
	const struct tp_pt *p = src->pts + s->first;
	double start[2] = { 0, 0 }, prev[2] = { 0, 0 };
	uint8_t split = closed_shape(src, s) ? TP_SHAPE_SPLIT : 0;
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
				tp_scene_flag_last(dst, split);
			}
		}
		prev[0] = cur[0];
		prev[1] = cur[1];
	}
	return 0;
}

/* The panel edges a run-on may cross: bit e of mask, e = 0 left, 1 top,
 * 2 right, 3 bottom; out[e] its outward normal. */
static const double OUT[4][2] = { { -1, 0 }, { 0, -1 }, { 1, 0 }, { 0, 1 } };

static double edge_at(const struct tp_scene *sc, int e)
{
	return e == 2 ? sc->trim_w : e == 3 ? sc->trim_h : 0;
}

/* The cut edges in mask that point p lies on. */
static unsigned edges_of(const struct tp_scene *sc, unsigned mask, const double p[2])
{
	unsigned m = 0;
	for (int e = 0; e < 4; e++)
		if ((mask >> e & 1) && fabs(p[e & 1] - edge_at(sc, e)) < EPS)
			m |= 1u << e;
	return m;
}

/* q kept inside the panel's bleed box. */
static void clamp_bleed(const struct tp_scene *sc, double q[2])
{
	q[0] = fmin(fmax(q[0], -sc->bleed), sc->trim_w + sc->bleed);
	q[1] = fmin(fmax(q[1], -sc->bleed), sc->trim_h + sc->bleed);
}

/* p pushed the bleed off every cut edge in m (a corner: off both). */
static void push(const struct tp_scene *sc, unsigned m, const double p[2], double q[2])
{
	q[0] = p[0];
	q[1] = p[1];
	for (int e = 0; e < 4; e++)
		if (m >> e & 1) {
			q[0] += OUT[e][0] * sc->bleed;
			q[1] += OUT[e][1] * sc->bleed;
		}
	clamp_bleed(sc, q);
}

/* The side x-v continued past v until it lies the bleed beyond the cut
 * edges v is on.  0 when it does not leave the panel there. */
static int run_past(const struct tp_scene *sc, unsigned m, const double v[2], const double x[2],
		    double q[2])
{
	double d = 0;
	for (int e = 0; e < 4; e++)
		if (m >> e & 1)
			d = fmax(d, (v[0] - x[0]) * OUT[e][0] + (v[1] - x[1]) * OUT[e][1]);
	if (d < EPS)
		return 0;
	q[0] = v[0] + (v[0] - x[0]) * sc->bleed / d;
	q[1] = v[1] + (v[1] - x[1]) * sc->bleed / d;
	clamp_bleed(sc, q);
	return 1;
}

/* The most corners a filled polygon may have to be run on here. */
#define RUNON_MAX 64

/* The area of the polygon v[0..n-1] inside the trim of sc (Sutherland-
 * Hodgman against each trim edge in turn, then the shoelace). */
static double area_in_trim(const struct tp_scene *sc, const double (*v)[2], size_t n)
{
	/* Each edge adds at most one point per crossing; a polygon that
	 * would outgrow the buffers counts as showing. */
	double a[4 * RUNON_MAX][2], b[4 * RUNON_MAX][2];
	size_t na = n;
	memcpy(a, v, n * sizeof *a);
	for (int e = 0; e < 4 && na > 0; e++) {
		int k = e & 1;
		double lim = edge_at(sc, e), sgn = e < 2 ? -1 : 1;   /* inside: sgn * (p - lim) <= 0 */
		size_t nb = 0;
		for (size_t i = 0; i < na; i++) {
			const double *p = a[i], *q = a[(i + 1) % na];
			if (nb + 2 > 4 * RUNON_MAX)
				return INFINITY;
			double dp = sgn * (p[k] - lim), dq = sgn * (q[k] - lim);
			if (dp <= 0) {
				b[nb][0] = p[0];
				b[nb++][1] = p[1];
			}
			if ((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) {
				double t = dp / (dp - dq);
				b[nb][0] = p[0] + t * (q[0] - p[0]);
				b[nb++][1] = p[1] + t * (q[1] - p[1]);
			}
		}
		memcpy(a, b, nb * sizeof *a);
		na = nb;
	}
	double s = 0;
	for (size_t i = 0; i < na; i++)
		s += a[i][0] * a[(i + 1) % na][1] - a[(i + 1) % na][0] * a[i][1];
	return fabs(s) / 2;
}

/* Shape s of src, a filled polygon of straight sides, copied into dst with
 * its art run on into the bleed across the cut edges in mask, as a game
 * runs its art on at a sheet's outer sides (series_tri.c): a side lying
 * on a cut edge is pushed out by the bleed (a strip), a lone corner on it
 * continues its two sides.  Inside the trim the art is unchanged (a
 * printer's mark comes with mask 0: never run on).  1 when
 * s is not such a polygon touching a cut edge from inside (the caller
 * copies it as it is), else 0 or -1 (OOM). */
static int run_on(struct tp_scene *dst, const struct tp_scene *src, const struct tp_shape *s,
		  unsigned mask)
{
	if (!mask || s->kind != TP_SHAPE_PATH || s->paint != TP_FILL || s->ink == TP_INK_CUT ||
	    s->count < 3 || s->count > RUNON_MAX)
		return 1;
	const struct tp_pt *p = src->pts + s->first;
	double v[RUNON_MAX][2], b[4];
	size_t n = 0;
	for (size_t k = 0; k < s->count; k++) {
		if (p[k].op == TP_CLOSE)
			continue;
		if ((p[k].op == TP_MOVE) != (k == 0) || p[k].op == TP_CURVE)
			return 1;   /* one straight subpath only */
		v[n][0] = p[k].x;
		v[n++][1] = p[k].y;
	}
	if (n > 3 && fabs(v[0][0] - v[n - 1][0]) < EPS && fabs(v[0][1] - v[n - 1][1]) < EPS)
		n--;
	/* A neighbour's run-on reaching into this panel's bleed: nothing of
	 * it lies inside the trim, and it is not this panel's art. */
	if (area_in_trim(src, (const double (*)[2])v, n) < EPS)
		return 0;
	tp_shape_bbox(src, s, b);
	const double lim[4] = { -b[0], -b[1], b[2] - src->trim_w, b[3] - src->trim_h };
	unsigned touch = 0, m[RUNON_MAX];
	for (int e = 0; e < 4; e++) {
		if ((mask >> e & 1) && lim[e] > EPS)
			return 1;   /* crosses the cut: a share of cut art */
		if ((mask >> e & 1) && fabs(lim[e]) < EPS)
			touch |= 1u << e;
	}
	if (!touch)
		return 1;
	/* The panel's other edges where the polygon stops too (it has no
	 * bleed of its own there): a strip pushed off a cut edge from a
	 * corner on such an edge is pushed off both (a mitre), or the
	 * strip's side would end on that edge without bleed. */
	unsigned stop = touch;
	for (int e = 0; e < 4; e++)
		if (fabs(lim[e]) < EPS)
			stop |= 1u << e;
	double q[4 * RUNON_MAX][2];
	size_t o = 0;
	for (size_t i = 0; i < n; i++)
		m[i] = edges_of(src, touch, v[i]);
	for (size_t i = 0; i < n; i++) {
		size_t j = (i + 1) % n, h = (i + n - 1) % n;
		q[o][0] = v[i][0];
		q[o++][1] = v[i][1];
		if (m[i] & m[j]) {   /* side i-j on a cut edge */
			push(src, edges_of(src, stop, v[i]), v[i], q[o++]);
			push(src, edges_of(src, stop, v[j]), v[j], q[o++]);
		} else if (m[i] && !(m[h] & m[i])) {
			o += (size_t)run_past(src, m[i], v[i], v[h], q[o]);
			o += (size_t)run_past(src, m[i], v[i], v[j], q[o]);
			q[o][0] = v[i][0];
			q[o++][1] = v[i][1];
		}
	}
	if (tp_scene_poly(dst, s->ink, TP_FILL, s->stroke, &q[0][0], o) != 0)
		return -1;
	tp_scene_flag_last(dst, s->flags);
	return 0;
}

struct tp_scene *tp_panel_die(const struct tp_scene *src, const double r[4])
{
	return tp_panel_die_runon(src, r, 0);
}

/* The panel's own drawing of the page's shapes (copy_sink.h): die lines
 * crossing the panel's outline r are clipped to it, art touching a cut
 * edge in runon is run on; the rest is copied as it is. */
struct panel {
	struct tp_scene *dst;
	const struct tp_scene *src;
	const double *r;
	unsigned runon;
	double w;   /* the first clipped die line's stroke, 0: none yet */
};

static int panel_draw(void *arg, const struct tp_shape *s, const struct tp_pt *pts, int mark)
{
	struct panel *q = arg;
	struct tp_scene *sc = q->dst;
	const struct tp_scene *src = q->src;
	/* A placed symbol's shape: its points as placed, not the symbol's. */
	struct tp_scene placed;
	if (pts != src->pts) {
		placed = *src;
		placed.pts = (struct tp_pt *)pts;
		src = &placed;
	}
	if (!tp_walk_shows(src, &tp_walk_die, s) || inside(src, s, q->r))
		return run_on(sc, src, s, mark ? 0 : q->runon);
	if (q->w == 0)
		q->w = s->stroke;
	/* A curve cannot be clipped here: one that crosses the panel's
	 * outline is left to the panel where it lies whole. */
	int rc = 0;
	if (s->kind == TP_SHAPE_RECT) {
		const struct tp_pt p[5] = { { TP_MOVE, s->x, s->y }, { TP_LINE, s->x + s->w, s->y },
					    { TP_LINE, s->x + s->w, s->y + s->h },
					    { TP_LINE, s->x, s->y + s->h }, { TP_CLOSE, 0, 0 } };
		struct tp_shape t = *s;
		struct tp_scene tmp = *src;
		tmp.pts = (struct tp_pt *)p;
		t.first = 0;
		t.count = 5;
		rc = clipped(sc, &tmp, &t, q->r);
	} else if (s->kind == TP_SHAPE_PATH && !has_curve(src, s)) {
		rc = clipped(sc, src, s, q->r);
	}
	return rc < 0 ? -1 : 0;
}

struct tp_scene *tp_panel_die_runon(const struct tp_scene *src, const double r[4], unsigned runon)
{
	struct tp_scene *sc = tp_scene_new(src->name, src->trim_w, src->trim_h, src->bleed, &src->pal);
	if (sc == NULL)
		return NULL;
	sc->plate = src->plate;
	sc->margin = src->margin;
	int rc = 0;
	for (size_t l = 0; rc == 0 && l < src->n_layers; l++)
		rc = tp_scene_layer(sc, src->layers[l]);
	/* A replay of the walk, marks and all, through the copying sink
	 * (unmoved: -0.0 added keeps every coordinate, signed zeros too). */
	struct panel q = { sc, src, r, runon, 0 };
	const struct tp_walk_opts o = { .marks = 1 };
	const struct tp_copy_sink c = { .dst = sc, .dx = -0.0, .dy = -0.0, .draw = panel_draw,
					.arg = &q };
	tp_err e = { 0 };
	if (rc == 0)
		rc = tp_walk_copy(src, &o, &c, &e) == TP_OK ? 0 : -1;
	if (rc == 0 && q.w > 0) {
		tp_scene_layer_by_ink(sc);
		double xy[8] = { r[0], r[1], r[2], r[1], r[2], r[3], r[0], r[3] };
		rc = tp_scene_poly(sc, TP_INK_CUT, TP_STROKE, q.w, xy, 4);
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
		struct tp_scene_iter it = { 0 };
		for (const struct tp_shape *s; (s = tp_scene_next(sc, &it)) != NULL;) {
			if (!tp_walk_shows(sc, &tp_walk_die, s) || s->kind != TP_SHAPE_PATH ||
			    s->count != 2)
				continue;
			const struct tp_pt *p = sc->pts + s->first;
			const double *d = it.d;   /* a placed line's move */
			double a = vertical ? p[0].x + d[0] : p[0].y + d[1];
			double b = vertical ? p[1].x + d[0] : p[1].y + d[1];
			double u = vertical ? p[0].y + d[1] : p[0].x + d[0];
			double v = vertical ? p[1].y + d[1] : p[1].x + d[0];
			if (fabs(a - b) > EPS || fmin(u, v) > EPS || fmax(u, v) < span - EPS)
				continue;
			if (a > best + EPS && a <= from + max + EPS)
				best = a;
		}
		/* Or a cell edge (scene.h cell_mm), strictly inside the page. */
		if (sc->cell_mm > 0) {
			double o = sc->cell_at[vertical ? 0 : 1];
			double g = o + floor((from + max + EPS - o) / sc->cell_mm) * sc->cell_mm;
			if (g > best + EPS && g < len - EPS)
				best = g;
		}
		if (best <= from + EPS || n + 1 >= cap)
			return 0;   /* no die line to meet on within reach */
		at[n++] = from = best;
	}
	at[n++] = len;
	return n;
}
