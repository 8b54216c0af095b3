#include "print/scene/overprint.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/art/text_outline.h"
#include "print/scene/scene_index.h"
#include "print/scene/walk.h"

/* Shapes closer than this (mm) meet: squares laid edge to edge differ in
 * the last bits of their sums, and a raster device paints the pixel of a
 * shared edge for both, so touching counts as under (a platesetter's spot
 * is about 0.01 mm). */
#define TOUCH_MM 0.01
/* The spacing of the points a shape is measured at, mm: finer than the
 * thinnest line the profiles allow, so a stack narrower than a point's
 * reach is no press fault either. */
#define STEP_MM 0.25
/* At most this many points a shape: a wide fill is measured on a coarser
 * lattice (its underlying shapes are found by their own points too). */
#define MAX_POINTS 16384
/* A cubic is followed as this many chords. */
#define CHORDS 8

/* The pieces of path p (n points) as straight segments, curves as chords,
 * each subpath closed when close or its op says; put(ctx, x0, y0, x1, y1)
 * for each, until it returns nonzero. */
typedef int (*piece_fn)(void *ctx, double x0, double y0, double x1, double y1);

static int pieces(const struct tp_pt *p, size_t n, int close, piece_fn put, void *ctx)
{
	double sx = 0, sy = 0, cx = 0, cy = 0;
	int open = 0;
	for (size_t i = 0; i < n; i++) {
		switch (p[i].op) {
		case TP_MOVE:
			if (open && close && (cx != sx || cy != sy) && put(ctx, cx, cy, sx, sy))
				return 1;
			sx = cx = p[i].x;
			sy = cy = p[i].y;
			open = 1;
			break;
		case TP_LINE:
			if (put(ctx, cx, cy, p[i].x, p[i].y))
				return 1;
			cx = p[i].x;
			cy = p[i].y;
			break;
		case TP_CURVE:
			if (i + 2 < n) {
				const struct tp_pt *a = &p[i], *b = &p[i + 1], *c = &p[i + 2];
				double px = cx, py = cy;
				for (int k = 1; k <= CHORDS; k++) {
					double t = (double)k / CHORDS, u = 1 - t;
					double x = u * u * u * cx + 3 * u * u * t * a->x + 3 * u * t * t * b->x + t * t * t * c->x;
					double y = u * u * u * cy + 3 * u * u * t * a->y + 3 * u * t * t * b->y + t * t * t * c->y;
					if (put(ctx, px, py, x, y))
						return 1;
					px = x;
					py = y;
				}
				cx = c->x;
				cy = c->y;
			}
			i += 2;
			break;
		case TP_CLOSE:
			if ((cx != sx || cy != sy) && put(ctx, cx, cy, sx, sy))
				return 1;
			cx = sx;
			cy = sy;
			open = 0;
			break;
		}
	}
	if (open && close && (cx != sx || cy != sy) && put(ctx, cx, cy, sx, sy))
		return 1;
	return 0;
}

/* The 4 sides of a rect shape, as pieces. */
static int rect_pieces(const struct tp_shape *s, piece_fn put, void *ctx)
{
	double x0 = s->x, y0 = s->y, x1 = s->x + s->w, y1 = s->y + s->h;
	return put(ctx, x0, y0, x1, y0) || put(ctx, x1, y0, x1, y1) || put(ctx, x1, y1, x0, y1) ||
	       put(ctx, x0, y1, x0, y0);
}

static int outline(const struct tp_scene *sc, const struct tp_shape *s, int close, piece_fn put,
		   void *ctx)
{
	if (s->kind == TP_SHAPE_RECT)
		return rect_pieces(s, put, ctx);
	return pieces(sc->pts + s->first, s->count, close, put, ctx);
}

static double pt_seg(double px, double py, double x0, double y0, double x1, double y1)
{
	double dx = x1 - x0, dy = y1 - y0, l2 = dx * dx + dy * dy;
	double t = l2 > 0 ? ((px - x0) * dx + (py - y0) * dy) / l2 : 0;
	t = fmax(0, fmin(1, t));
	return hypot(px - (x0 + t * dx), py - (y0 + t * dy));
}

/* A point against a shape's outline: the winding about it, and whether
 * the outline passes within reach. */
struct probe {
	double x, y, reach;
	int wind, near;
};

static int probe_piece(void *ctx, double x0, double y0, double x1, double y1)
{
	struct probe *q = ctx;
	if ((y0 <= q->y) != (y1 <= q->y)) {
		double t = (q->y - y0) / (y1 - y0);
		if (x0 + t * (x1 - x0) > q->x)
			q->wind += y1 > y0 ? 1 : -1;
	}
	if (!q->near && pt_seg(q->x, q->y, x0, y0, x1, y1) <= q->reach)
		q->near = 1;
	return 0;
}

/* 1 when shape u (box ub) prints at (x, y), touching included. */
static int covers(const struct tp_scene *sc, const struct tp_shape *u, const double ub[4],
		  double x, double y)
{
	double half = (u->paint & TP_STROKE) ? u->stroke / 2 : 0;
	double r = half + TOUCH_MM;
	if (x < ub[0] - r || x > ub[2] + r || y < ub[1] - r || y > ub[3] + r)
		return 0;
	if (u->kind == TP_SHAPE_TEXT)
		return 1;   /* its box: the glyphs are somewhere in it */
	if ((u->paint & TP_FILL) && u->kind == TP_SHAPE_RECT)
		return 1;   /* the box test above was the rect grown by the reach */
	struct probe q = { x, y, r, 0, 0 };
	outline(sc, u, (u->paint & TP_FILL) != 0, probe_piece, &q);
	if (q.near)
		return 1;
	if (!(u->paint & TP_FILL))
		return 0;
	return (u->flags & TP_SHAPE_EVENODD) ? (q.wind & 1) != 0 : q.wind != 0;
}

/* What lies under the shape being decided: the shapes drawn before it
 * whose boxes meet its own, in the press's order. */
struct under {
	size_t *id;
	size_t n, cap;
};

struct decide {
	const struct tp_scene *sc;
	const struct tp_palette *pal;
	const struct tp_scene_index *ix;
	const uint32_t *pos;     /* per shape: its place in the walk + 1; 0: not process art */
	uint8_t *op;             /* per shape: overprints as decided */
	struct under u;
	const double *ink;       /* the shape being decided: its plates */
	double t;                /* the limit, a fraction */
	/* A fill being decided: its own ink, and the overprinting lines and
	 * text drawn over its box later (their boxes meet it). */
	int fill;
	double own;
	struct under later;
	int over;                /* a point where the stack passes */
	double stack;            /* there: the stack, a fraction */
	int top;                 /* there: the ink of the most ink under, or -1 */
};

/* The stack at (x, y): what the shapes under leave on each plate, the
 * shape being decided overprinting them. */
static int at(void *ctx, double x, double y)
{
	struct decide *d = ctx;
	double plate[4] = { 0 }, heavy = -1;
	int top = -1;
	for (size_t n = 0; n < d->u.n; n++) {
		size_t i = d->u.id[n];
		const struct tp_shape *s = &d->sc->shapes[i];
		if (!covers(d->sc, s, tp_scene_index_box(d->ix, i), x, y))
			continue;
		const struct tp_ink *k = tp_scene_ink(d->sc, s->ink);
		double v = 0;
		for (int p = 0; p < 4; p++) {
			v += k->cmyk[p];
			if (!d->op[i] || k->cmyk[p] > 0)
				plate[p] = k->cmyk[p];
		}
		if (v > heavy) {
			heavy = v;
			top = s->ink;
		}
	}
	double t = 0;
	for (int p = 0; p < 4; p++)
		t += d->ink[p] > 0 ? d->ink[p] : plate[p];
	/* A fill keeps room for the most ink of a line that will overprint
	 * it here. */
	double lim = d->t, room = 0;
	for (size_t n = 0; d->fill && n < d->later.n; n++) {
		size_t i = d->later.id[n];
		const struct tp_shape *s = &d->sc->shapes[i];
		const struct tp_ink *k = tp_scene_ink(d->sc, s->ink);
		double v = k->cmyk[0] + k->cmyk[1] + k->cmyk[2] + k->cmyk[3];
		if (v > room && covers(d->sc, s, tp_scene_index_box(d->ix, i), x, y))
			room = v;
	}
	if (d->fill)
		lim = fmin(d->t, fmax(d->own, d->t - room));
	d->over = t > lim + 1e-9;
	if (d->over) {
		d->stack = t;
		d->top = top;
	}
	return d->over;
}

/* Points along a stroke: its centre line and both edges, STEP_MM apart. */
struct along {
	struct decide *d;
	double half, step;
};

static int along_piece(void *ctx, double x0, double y0, double x1, double y1)
{
	struct along *a = ctx;
	double l = hypot(x1 - x0, y1 - y0);
	int n = (int)ceil(l / a->step);
	double nx = 0, ny = 0;
	if (l > 0) {
		nx = -(y1 - y0) / l;
		ny = (x1 - x0) / l;
	}
	double h = fmax(0, a->half - TOUCH_MM);
	for (int i = 0; i <= n; i++) {
		double f = n ? (double)i / n : 0;
		double x = x0 + f * (x1 - x0), y = y0 + f * (y1 - y0);
		if (at(a->d, x, y) || (h > 0 && (at(a->d, x + h * nx, y + h * ny) ||
						 at(a->d, x - h * nx, y - h * ny))))
			return 1;
	}
	return 0;
}

/* Beyond its pieces a stroke paints its joins and caps: a mitre at a
 * sharp corner reaches up to the miter limit times half its width past
 * the corner (a 45 degree corner's, 2.6 times), over what lies there
 * (at a tile's corner, a neighbour's run-on in the bleed).  They are
 * measured as the writers draw them: join and cap from the shape's
 * flags (miter joins, butt caps and a limit of 10 unless it says
 * otherwise), each region a quadrilateral sampled inside, the touch
 * kept off its outline. */
struct ends {
	struct decide *d;
	double h;            /* half the stroke less the touch */
	int join, cap;       /* 0 miter, 1 round, 2 bevel; 0 butt, 1 round, 2 square */
	double limit;        /* the miter limit */
	int n;               /* distinct vertices of the subpath so far */
	double first[2][2];  /* its first two */
	double last[2][2];   /* its latest two: last[1] the latest */
};

/* The quadrilateral v, a, t, b (t opposite v) at points about STEP_MM / 2
 * apart, v left out (the pieces measured it). */
static int quad(struct decide *d, const double v[2], const double a[2], const double t[2],
		const double b[2])
{
	double l = fmax(hypot(t[0] - v[0], t[1] - v[1]), hypot(a[0] - b[0], a[1] - b[1]));
	int n = (int)fmin(16, fmax(2, ceil(2 * l / STEP_MM)));
	for (int i = 0; i <= n; i++)
		for (int j = 0; j <= n; j++) {
			double u = (double)i / n, w = (double)j / n;
			if (i == 0 && j == 0)
				continue;
			double x = v[0] + u * (a[0] - v[0]) + w * (b[0] - v[0]) + u * w * (t[0] - a[0] - b[0] + v[0]);
			double y = v[1] + u * (a[1] - v[1]) + w * (b[1] - v[1]) + u * w * (t[1] - a[1] - b[1] + v[1]);
			if (at(d, x, y))
				return 1;
		}
	return 0;
}

/* The join at v of the pieces p -> v -> q. */
static int join_at(struct ends *e, const double p[2], const double v[2], const double q[2])
{
	double lu = hypot(v[0] - p[0], v[1] - p[1]), lv = hypot(q[0] - v[0], q[1] - v[1]);
	if (lu <= 0 || lv <= 0 || e->h <= 0)
		return 0;
	double ux = (v[0] - p[0]) / lu, uy = (v[1] - p[1]) / lu;
	double vx = (q[0] - v[0]) / lv, vy = (q[1] - v[1]) / lv;
	double cross = ux * vy - uy * vx, dot = ux * vx + uy * vy;
	if (dot <= -1 + 1e-12)
		return 0;   /* a full turn back: the join has no outside */
	/* Its reach past the pieces' corners is under the touch. */
	if (e->h * (sqrt(2 / (1 + dot)) - 1) < TOUCH_MM)
		return 0;
	double sg = cross > 0 ? -1 : 1;   /* the outer side: away from the turn */
	double na[2] = { -uy * sg, ux * sg }, nb[2] = { -vy * sg, vx * sg };
	double a[2] = { v[0] + e->h * na[0], v[1] + e->h * na[1] };
	double b[2] = { v[0] + e->h * nb[0], v[1] + e->h * nb[1] };
	double t[2] = { (a[0] + b[0]) / 2, (a[1] + b[1]) / 2 };
	if (e->join == 0 && sqrt(2 / (1 + dot)) <= e->limit) {
		t[0] = v[0] + e->h * (na[0] + nb[0]) / (1 + dot);
		t[1] = v[1] + e->h * (na[1] + nb[1]) / (1 + dot);
	} else if (e->join == 1) {
		double m = hypot(na[0] + nb[0], na[1] + nb[1]);
		if (m > 0) {
			t[0] = v[0] + e->h * (na[0] + nb[0]) / m;
			t[1] = v[1] + e->h * (na[1] + nb[1]) / m;
		}
	}
	return quad(e->d, v, a, t, b);
}

/* The cap at end v of the piece p -> v. */
static int cap_at(struct ends *e, const double p[2], const double v[2])
{
	double l = hypot(v[0] - p[0], v[1] - p[1]), h = e->h;
	if (e->cap == 0 || l <= 0 || h <= 0)
		return 0;
	double ux = (v[0] - p[0]) / l, uy = (v[1] - p[1]) / l, nx = -uy, ny = ux;
	double a[2] = { v[0] + h * nx, v[1] + h * ny }, b[2] = { v[0] - h * nx, v[1] - h * ny };
	double tip[2] = { v[0] + h * ux, v[1] + h * uy };
	if (e->cap == 1) {
		double ta[2] = { v[0] + h * (nx + ux) / M_SQRT2, v[1] + h * (ny + uy) / M_SQRT2 };
		double tb[2] = { v[0] + h * (ux - nx) / M_SQRT2, v[1] + h * (uy - ny) / M_SQRT2 };
		return quad(e->d, v, a, ta, tip) || quad(e->d, v, b, tb, tip);
	}
	double ta[2] = { a[0] + h * ux, a[1] + h * uy }, tb[2] = { b[0] + h * ux, b[1] + h * uy };
	return quad(e->d, b, a, ta, tb);
}

/* The subpath ends: closed, its last join and the one at its start;
 * open, its two caps. */
static int end_sub(struct ends *e, int closed)
{
	int n = e->n, rc = 0;
	e->n = 0;
	if (n < 2)
		return 0;
	const double *f0 = e->first[0], *f1 = e->first[1], *l0 = e->last[0], *l1 = e->last[1];
	if (!closed)
		return cap_at(e, l0, l1) || cap_at(e, f1, f0);
	int back = l1[0] == f0[0] && l1[1] == f0[1];   /* the last piece ends at the start */
	if (back)
		return n > 2 && join_at(e, l0, f0, f1);
	rc = join_at(e, l0, l1, f0) || join_at(e, l1, f0, f1);
	return rc;
}

/* One more vertex (x, y) of the subpath: the join at the one before. */
static int vertex(struct ends *e, double x, double y)
{
	if (e->n > 0 && e->last[1][0] == x && e->last[1][1] == y)
		return 0;   /* a piece of no length turns nothing */
	double q[2] = { x, y };
	int rc = e->n >= 2 && join_at(e, e->last[0], e->last[1], q);
	if (e->n < 2)
		memcpy(e->first[e->n], q, sizeof q);
	memcpy(e->last[0], e->last[1], sizeof q);
	memcpy(e->last[1], q, sizeof q);
	e->n++;
	return rc;
}

/* The joins and caps of stroked shape s; 1 once a point passes. */
static int ends(struct decide *d, const struct tp_shape *s)
{
	unsigned f = (s->flags & TP_SHAPE_STYLE) ? s->flags : 0;
	struct ends e = { d, s->stroke / 2 - TOUCH_MM,
			  (f & TP_SHAPE_JOIN_ROUND) ? 1 : (f & TP_SHAPE_JOIN_BEVEL) ? 2 : 0,
			  (f & TP_SHAPE_CAP_ROUND) ? 1 : (f & TP_SHAPE_CAP_SQUARE) ? 2 : 0,
			  (f & TP_SHAPE_MITER4) ? 4 : 10, 0, { { 0 } }, { { 0 } } };
	if (e.h <= 0)
		return 0;
	if (s->kind == TP_SHAPE_RECT) {
		double x0 = s->x, y0 = s->y, x1 = s->x + s->w, y1 = s->y + s->h;
		return vertex(&e, x0, y0) || vertex(&e, x1, y0) || vertex(&e, x1, y1) ||
		       vertex(&e, x0, y1) || end_sub(&e, 1);
	}
	const struct tp_pt *p = d->sc->pts + s->first;
	double sx = 0, sy = 0, cx = 0, cy = 0;
	for (size_t i = 0; i < s->count; i++) {
		switch (p[i].op) {
		case TP_MOVE:
			if (end_sub(&e, 0))
				return 1;
			sx = cx = p[i].x;
			sy = cy = p[i].y;
			if (vertex(&e, cx, cy))
				return 1;
			break;
		case TP_LINE:
			cx = p[i].x;
			cy = p[i].y;
			if (vertex(&e, cx, cy))
				return 1;
			break;
		case TP_CURVE:
			if (i + 2 < s->count) {
				const struct tp_pt *a = &p[i], *b = &p[i + 1], *c = &p[i + 2];
				for (int k = 1; k <= CHORDS; k++) {
					double t = (double)k / CHORDS, u = 1 - t;
					double x = u * u * u * cx + 3 * u * u * t * a->x + 3 * u * t * t * b->x + t * t * t * c->x;
					double y = u * u * u * cy + 3 * u * u * t * a->y + 3 * u * t * t * b->y + t * t * t * c->y;
					if (vertex(&e, x, y))
						return 1;
				}
				cx = c->x;
				cy = c->y;
			}
			i += 2;
			break;
		case TP_CLOSE:
			if (end_sub(&e, 1))
				return 1;
			cx = sx;
			cy = sy;
			/* Drawing on after a close starts from the start. */
			if (vertex(&e, cx, cy))
				return 1;
			break;
		}
	}
	return end_sub(&e, 0);
}

static int length_piece(void *ctx, double x0, double y0, double x1, double y1)
{
	*(double *)ctx += hypot(x1 - x0, y1 - y0);
	return 0;
}

/* The most ink shape s (box b) stacks anywhere over what is under it,
 * measured until it passes the limit. */
static void measure(struct decide *d, const struct tp_shape *s, const double b[4])
{
	const struct tp_scene *sc = d->sc;
	if ((s->paint & TP_STROKE) && s->kind != TP_SHAPE_TEXT) {
		double len = 0;
		outline(sc, s, 0, length_piece, &len);
		double step = fmax(STEP_MM, 3 * len / MAX_POINTS);
		struct along a = { d, s->stroke / 2, step };
		if (outline(sc, s, 0, along_piece, &a) || ends(d, s))
			return;
	}
	if (!(s->paint & TP_FILL) && s->kind != TP_SHAPE_TEXT)
		return;
	/* A fill's outline, where it meets its neighbours: a device paints
	 * the pixels of a shared edge for both, so two overprinting fills
	 * laid edge to edge stack there.  Text is measured on its glyphs'
	 * outlines (its box, where they cannot be had). */
	const struct tp_pt *pts = NULL;
	struct tp_pt *glyphs = NULL;
	size_t np = 0;
	int evenodd = (s->flags & TP_SHAPE_EVENODD) != 0;
	if (s->kind == TP_SHAPE_PATH) {
		pts = sc->pts + s->first;
		np = s->count;
	} else if (s->kind == TP_SHAPE_TEXT &&
		   tp_text_outline(tp_scene_str(sc, s), s->x, s->y, s->h, s->align, &glyphs, &np) == 0 &&
		   glyphs != NULL) {
		pts = glyphs;
		evenodd = 0;
	}
	double len = 0;
	if (pts)
		pieces(pts, np, 1, length_piece, &len);
	else if (s->kind == TP_SHAPE_RECT)
		rect_pieces(s, length_piece, &len);
	/* A line that will overprint a fill crosses its edge over no more
	 * than the line's width: the edge is walked finer than the narrowest
	 * such line, so a point falls inside each crossing. */
	double edge = STEP_MM;
	for (size_t n = 0; d->fill && n < d->later.n; n++) {
		const struct tp_shape *l = &sc->shapes[d->later.id[n]];
		if (l->kind != TP_SHAPE_TEXT && (l->paint & TP_STROKE))
			edge = fmin(edge, fmax(l->stroke, 4 * TOUCH_MM));
	}
	struct along a = { d, 0, fmax(edge, len / MAX_POINTS) };
	int done = 0;
	if (pts)
		done = pieces(pts, np, 1, along_piece, &a);
	else if (s->kind == TP_SHAPE_RECT)
		done = rect_pieces(s, along_piece, &a);
	/* And the centres of a lattice over its box, inside it. */
	double w = b[2] - b[0], h = b[3] - b[1];
	double step = fmax(STEP_MM, sqrt(w * h / MAX_POINTS));
	int nx = (int)ceil(w / step), ny = (int)ceil(h / step);
	nx = nx > 0 ? nx : 1;
	ny = ny > 0 ? ny : 1;
	for (int j = 0; j < ny && !done; j++)
		for (int i = 0; i < nx && !done; i++) {
			double x = b[0] + w * (i + 0.5) / nx, y = b[1] + h * (j + 0.5) / ny;
			if (pts) {
				struct probe q = { x, y, TOUCH_MM, 0, 0 };
				pieces(pts, np, 1, probe_piece, &q);
				int in = evenodd ? (q.wind & 1) != 0 : q.wind != 0;
				if (!in && !q.near)
					continue;
			}
			done = at(d, x, y);
		}
	free(glyphs);
}

/* 1 when ink k, overprinting, could pass limit t (a fraction) over some
 * process ink of the palette: the plates' most, an upper bound. */
static int risky(const struct tp_palette *pal, const struct tp_ink *k, double t)
{
	if (k->kind != TP_INK_PROCESS || !k->overprint)
		return 0;
	double most[4] = { 0 }, sum = 0;
	for (size_t i = 0; i < pal->n; i++)
		for (int p = 0; p < 4 && pal->ink[i].kind == TP_INK_PROCESS; p++)
			most[p] = fmax(most[p], pal->ink[i].cmyk[p]);
	for (int p = 0; p < 4; p++)
		sum += k->cmyk[p] > 0 ? k->cmyk[p] : most[p];
	return sum > t + 1e-9;
}

static int push(struct under *u, size_t i)
{
	if (tp_grow((void **)&u->id, &u->cap, u->n + 1, sizeof *u->id, 64) != 0)
		return -1;
	u->id[u->n++] = i;
	return 0;
}

/* The index's candidates near box b (grown by the touch) into *ids, n
 * of them; meets() then keeps those whose box, grown by its half stroke
 * and the touch, meets b. */
static int query(const struct decide *d, const double b[4], const size_t **ids, size_t *n)
{
	double r = TOUCH_MM;
	return tp_scene_index_query((struct tp_scene_index *)d->ix, b[0] - r, b[1] - r,
				    b[2] - b[0] + 2 * r, b[3] - b[1] + 2 * r, ids, n);
}

static int meets(const struct decide *d, const double b[4], size_t i)
{
	const struct tp_shape *s = &d->sc->shapes[i];
	const double *ub = tp_scene_index_box(d->ix, i);
	double h = ((s->paint & TP_STROKE) ? s->stroke / 2 : 0) + TOUCH_MM;
	return !(ub[0] - h > b[2] || b[0] > ub[2] + h || ub[1] - h > b[3] || b[1] > ub[3] + h);
}

static int by_pos(const void *a, const void *b, const uint32_t *pos)
{
	uint32_t x = pos[*(const size_t *)a], y = pos[*(const size_t *)b];
	return x < y ? -1 : x > y;
}

/* The shapes drawn before the one at walk place k (box b) whose boxes
 * meet b, into d->u in walk order; an upper bound of the stack into *bound.
 * 0, or -1 out of memory. */
static int gather(struct decide *d, uint32_t k, const double b[4], double *bound)
{
	const size_t *ids;
	size_t n;
	d->u.n = 0;
	if (query(d, b, &ids, &n) != 0)
		return -1;
	double most[4] = { 0 };
	for (size_t m = 0; m < n; m++) {
		size_t i = ids[m];
		if (d->pos[i] == 0 || d->pos[i] > k || !meets(d, b, i))
			continue;
		if (push(&d->u, i) != 0)
			return -1;
		const struct tp_ink *ki = tp_scene_ink(d->sc, d->sc->shapes[i].ink);
		for (int p = 0; p < 4; p++)
			most[p] = fmax(most[p], ki->cmyk[p]);
	}
	/* Insertion sort: the list is short and mostly in order already. */
	for (size_t a = 1; a < d->u.n; a++) {
		size_t v = d->u.id[a], c = a;
		for (; c > 0 && by_pos(&d->u.id[c - 1], &v, d->pos) > 0; c--)
			d->u.id[c] = d->u.id[c - 1];
		d->u.id[c] = v;
	}
	*bound = 0;
	for (int p = 0; p < 4; p++)
		*bound += d->ink[p] > 0 ? d->ink[p] : most[p];
	return 0;
}

/* The overprinting process lines and text drawn after the shape at walk
 * place k whose boxes meet b, into d->later; *room the most ink of one
 * (0: none).  0, or -1 out of memory. */
static int later(struct decide *d, uint32_t k, const double b[4], double *room)
{
	const size_t *ids;
	size_t n;
	*room = 0;
	d->later.n = 0;
	if (query(d, b, &ids, &n) != 0)
		return -1;
	for (size_t m = 0; m < n; m++) {
		size_t i = ids[m];
		const struct tp_shape *s = &d->sc->shapes[i];
		if (d->pos[i] <= k + 1 || (s->kind != TP_SHAPE_TEXT && !(s->paint & TP_STROKE)))
			continue;
		const struct tp_ink *ki = tp_scene_ink(d->sc, s->ink);
		if (ki->kind != TP_INK_PROCESS || !ki->overprint || !meets(d, b, i))
			continue;
		if (push(&d->later, i) != 0)
			return -1;
		double t = 0;
		for (int p = 0; p < 4; p++)
			t += ki->cmyk[p];
		*room = fmax(*room, t);
	}
	return 0;
}

/* Box b of shape s grown by as far as its stroke prints past its
 * outline (its mitres, up to the miter limit times half its width), into
 * g: what may lie under it is found by that box. */
static void reach(const struct tp_shape *s, const double b[4], double g[4])
{
	double r = 0;
	if ((s->paint & TP_STROKE) && s->kind != TP_SHAPE_TEXT) {
		unsigned f = (s->flags & TP_SHAPE_STYLE) ? s->flags : 0;
		double k = (f & (TP_SHAPE_JOIN_ROUND | TP_SHAPE_JOIN_BEVEL)) ? M_SQRT2
			   : (f & TP_SHAPE_MITER4) ? 4 : 10;
		r = k * s->stroke / 2;
	}
	g[0] = b[0] - r;
	g[1] = b[1] - r;
	g[2] = b[2] + r;
	g[3] = b[3] + r;
}

/* Shape i's box, or NULL when it has none to measure. */
static const double *box_to_measure(const struct decide *d, size_t i)
{
	const double *b = tp_scene_index_box(d->ix, i);
	return b[0] <= b[2] && b[1] <= b[3] ? b : NULL;
}

/* The shape at walk place k when the limit may concern it: process art
 * the walk keeps overprinting so far, with a box to measure (its ink in
 * *ink, its box in *b); else NULL. */
static const struct tp_shape *candidate(const struct decide *d, const uint32_t *order, size_t k,
					const struct tp_ink **ink, const double **b)
{
	size_t i = order[k];
	if (d->pos[i] == 0 || !d->op[i])
		return NULL;
	const struct tp_shape *s = &d->sc->shapes[i];
	*ink = tp_scene_ink(d->sc, s->ink);
	*b = box_to_measure(d, i);
	return *b ? s : NULL;
}

/* Which overprinting shapes knock out under limit t (a fraction), in the
 * walk's order: op[] and ko[] updated.  TP_OK or TP_EIO. */
static int knock_out(struct decide *d, const uint32_t *order, size_t n, uint8_t *ko, int *kept)
{
	double t = d->t;
	for (size_t k = 0; k < n; k++) {
		size_t i = order[k];
		const struct tp_ink *ink;
		const double *b;
		const struct tp_shape *s = candidate(d, order, k, &ink, &b);
		if (s == NULL)
			continue;
		/* A figure's fill keeps room for the lines and text that
		 * overprint it later, so that of two fills stacked, not the
		 * line over both is the one that knocks out.  Over paper it
		 * stacks only its own ink and keeps its overprint. */
		d->fill = s->kind != TP_SHAPE_TEXT && !(s->paint & TP_STROKE);
		double lim = t;
		if (d->fill) {
			double room;
			d->own = 0;
			for (int p = 0; p < 4; p++)
				d->own += ink->cmyk[p];
			if (later(d, (uint32_t)k, b, &room) != 0)
				return TP_EIO;
			lim = fmin(t, fmax(d->own, t - room));
		} else if (!risky(d->pal, ink, t)) {
			continue;
		}
		double bound, g[4];
		d->ink = ink->cmyk;
		reach(s, b, g);
		if (gather(d, (uint32_t)k, g, &bound) != 0)
			return TP_EIO;
		if (bound <= lim + 1e-9)
			continue;
		d->over = 0;
		measure(d, s, b);
		if (d->over) {
			d->op[i] = 0;
			ko[i] = 1;
			*kept = 0;
		}
	}
	return TP_OK;
}

/* The overprints kept after the knock-outs, measured against limit c (a
 * fraction) as printed: no room kept for later lines (each is measured
 * itself), and an ink past c on its own left to the ink rule.  st[i] for
 * each that passes.  TP_OK or TP_EIO. */
static int check_stacks(struct decide *d, const uint32_t *order, size_t n, double c,
			struct tp_overprint_stack *st, int *any)
{
	d->fill = 0;
	d->later.n = 0;
	for (size_t k = 0; k < n; k++) {
		size_t i = order[k];
		const struct tp_ink *ink;
		const double *b;
		const struct tp_shape *s = candidate(d, order, k, &ink, &b);
		if (s == NULL || !risky(d->pal, ink, c))
			continue;
		double own = 0, bound;
		for (int p = 0; p < 4; p++)
			own += ink->cmyk[p];
		double lim = fmax(c, own);
		double g[4];
		d->ink = ink->cmyk;
		d->t = lim;
		reach(s, b, g);
		if (gather(d, (uint32_t)k, g, &bound) != 0)
			return TP_EIO;
		if (bound <= lim + 1e-9)
			continue;
		d->over = 0;
		d->top = -1;
		measure(d, s, b);
		if (d->over) {
			st[i].pct = 100 * d->stack;
			st[i].ink = d->top;
			*any = 1;
		}
	}
	return TP_OK;
}

/* 1 when some ink of the palette, overprinting, could pass limit t. */
static int any_risky(const struct tp_palette *pal, double t)
{
	for (size_t i = 0; t > 0 && i < pal->n; i++)
		if (risky(pal, &pal->ink[i], t))
			return 1;
	return 0;
}

int tp_overprint_decide(const struct tp_scene *sc, const struct tp_walk_opts *o,
			const uint32_t *order, size_t n, uint8_t **knock,
			struct tp_overprint_stack **stacks, tp_err *e)
{
	*knock = NULL;
	*stacks = NULL;
	const struct tp_palette *pal = &sc->pal;
	double t = pal->max_tac_pct / 100, c = o->tac_pct / 100;
	int knocks = t > 0 && any_risky(pal, t);
	/* Under the palette's own limit a kept overprint stays within it by
	 * construction; a lower limit is measured on what the walk kept. */
	int checks = c > 0 && (t <= 0 || c < t - 1e-9) && any_risky(pal, c);
	if (!knocks && !checks)
		return TP_OK;
	/* The decision reads shapes by number, and a placement's shapes live
	 * in its symbol: until it measures them, a limit on such a scene is
	 * refused rather than left unmeasured. */
	if (sc->n_places > 0)
		return tp_fail(e, TP_EINPUT, "%s: an ink limit (%g %%) on a sheet of placed symbols is not measured; draw its tiles shape by shape",
			       sc->name, knocks ? pal->max_tac_pct : o->tac_pct);
	/* The whole sheet's view, every ink: a plate knocks out as the
	 * composite does. */
	struct tp_walk_opts all = *o;
	all.inks = 0;
	all.only = NULL;
	all.n_only = 0;
	size_t ns = sc->n_shapes ? sc->n_shapes : 1;
	uint8_t *ko = tp_calloc(ns, 1);
	uint8_t *op = tp_calloc(ns, 1);
	uint32_t *pos = tp_calloc(ns, sizeof *pos);
	struct tp_overprint_stack *st = checks ? tp_calloc(ns, sizeof *st) : NULL;
	struct tp_scene_index *ix = tp_scene_index_new(sc);
	struct decide d = { .sc = sc, .pal = pal, .ix = ix, .pos = pos, .op = op, .t = t };
	int rc = ko && op && pos && ix && (st || !checks) ? TP_OK : TP_EIO;
	/* Process art only: marks lie outside it; pictures are held to the
	 * limit on their own; spot plates are not process ink. */
	for (size_t k = 0; k < n && rc == TP_OK; k++) {
		const struct tp_shape *s = &sc->shapes[order[k]];
		const struct tp_ink *ink = tp_scene_ink(sc, s->ink);
		if (tp_walk_sees(sc, &all, s) == TP_WALK_ART && s->kind != TP_SHAPE_IMAGE &&
		    ink != NULL && ink->kind == TP_INK_PROCESS) {
			pos[order[k]] = (uint32_t)k + 1;
			op[order[k]] = (uint8_t)(ink->overprint != 0);
		}
	}
	int kept = 1, over = 0;
	if (rc == TP_OK && knocks)
		rc = knock_out(&d, order, n, ko, &kept);
	if (rc == TP_OK && checks)
		rc = check_stacks(&d, order, n, c, st, &over);
	free(d.u.id);
	free(d.later.id);
	free(op);
	free(pos);
	if (ix)
		tp_scene_index_free(ix);
	if (rc != TP_OK) {
		free(ko);
		free(st);
		return tp_fail(e, TP_EIO, "%s: out of memory deciding overprints", sc->name);
	}
	if (kept)
		free(ko);
	else
		*knock = ko;
	if (over)
		*stacks = st;
	else
		free(st);
	return TP_OK;
}
