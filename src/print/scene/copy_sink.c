/* The copying sink (copy_sink.h): the walk replayed into another scene. */

#include "print/scene/copy_sink.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/scene/geom.h"

struct taken;

struct copier {
	const struct tp_copy_sink *c;
	const struct tp_scene *src;
	int layer;   /* dst's layer for the source layer being walked, -1: none yet */
	struct taken *taken;   /* the shapes the copy takes, in the walk's order */
	size_t n, cap;
	/* The points of placed shapes taken (the walk's moved copies last
	 * only for its callback). */
	struct tp_pt *own;
	size_t n_own, cap_own;
};

/* ---- the transform --------------------------------------------------- */

static double mx(const struct tp_copy_sink *c, double x)
{
	return c->mirror ? c->mirror_w - x : x;
}

static double at(const struct tp_copy_sink *c, double v, double d, double p)
{
	return c->k ? d + (v + p) * c->k : v + d;
}

/* A length scaled (a thumbnail's), or as it is. */
static double len(const struct tp_copy_sink *c, double v)
{
	return c->k ? v * c->k : v;
}

/* A stroke's width in the copy: in proportion, but at least half min_size
 * under a clip (one pixel at the proof's resolution for the two pixels the
 * build asks), so that a sheet of hairlines still shows in a thumbnail; a
 * fill-only shape keeps its 0. */
static double stroke_w(const struct tp_copy_sink *c, const struct tp_shape *s)
{
	double w = len(c, s->stroke);
	return c->clip && (s->paint & TP_STROKE) ? fmax(w, c->min_size / 2) : w;
}

/* A path or image like s (kind, ink, paint, image) with the points
 * p[0 .. n-1] and the stroke w.  0 or -1 (OOM). */
static int add_like(struct tp_scene *dst, const struct tp_shape *s, const struct tp_pt *p,
		    size_t n, double w)
{
	if (tp_scene_path(dst, s->ink, s->paint, w, p, n) != 0)
		return -1;
	struct tp_shape *t = &dst->shapes[dst->n_shapes - 1];
	t->kind = s->kind == TP_SHAPE_IMAGE ? TP_SHAPE_IMAGE : TP_SHAPE_PATH;
	t->image = s->image;
	return 0;
}

/* ---- the clip (a thumbnail's) ---------------------------------------- */

/* Clips the segment to the box; 0 when nothing is left. */
static int clip_segment(double *ax, double *ay, double *bx, double *by, const double box[4])
{
	double t0, t1, dx = *bx - *ax, dy = *by - *ay;
	if (!tp_clip_segment(box, *ax, *ay, *bx, *by, &t0, &t1))
		return 0;
	*bx = *ax + t1 * dx;
	*by = *ay + t1 * dy;
	*ax += t0 * dx;
	*ay += t0 * dy;
	return 1;
}

/* The box of points p[0..n-1] (close ops' dummy points included, as the
 * culling has always had it), and its size: the larger side of the box
 * of the points that are drawn. */
static void extent(const struct tp_pt *p, size_t n, double lo[2], double hi[2], double *size)
{
	double slo[2] = { INFINITY, INFINITY }, shi[2] = { -INFINITY, -INFINITY };
	lo[0] = lo[1] = INFINITY;
	hi[0] = hi[1] = -INFINITY;
	for (size_t j = 0; j < n; j++) {
		lo[0] = fmin(lo[0], p[j].x);
		lo[1] = fmin(lo[1], p[j].y);
		hi[0] = fmax(hi[0], p[j].x);
		hi[1] = fmax(hi[1], p[j].y);
		if (p[j].op == TP_CLOSE)
			continue;
		slo[0] = fmin(slo[0], p[j].x);
		slo[1] = fmin(slo[1], p[j].y);
		shi[0] = fmax(shi[0], p[j].x);
		shi[1] = fmax(shi[1], p[j].y);
	}
	*size = fmax(shi[0] - slo[0], shi[1] - slo[1]);
}

/* Sutherland-Hodgman: polygon in[0..n-1] clipped to one side of the box
 * (side 0..3: x >= box[0], y >= box[1], x <= box[2], y <= box[3]). */
static size_t clip_side(const struct tp_pt *in, size_t n, struct tp_pt *out, const double box[4],
			int side)
{
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		const struct tp_pt *a = &in[(i + n - 1) % n], *b = &in[i];
		double va = side % 2 ? a->y : a->x, vb = side % 2 ? b->y : b->x, e = box[side];
		int ina = side < 2 ? va >= e : va <= e, inb = side < 2 ? vb >= e : vb <= e;
		if (ina != inb) {
			double t = (e - va) / (vb - va);
			out[m++] = (struct tp_pt){ TP_LINE, a->x + t * (b->x - a->x), a->y + t * (b->y - a->y) };
		}
		if (inb)
			out[m++] = *b;
	}
	return m;
}

/* The point (x, y) of the source as placed. */
static struct tp_pt place(const struct tp_copy_sink *c, uint8_t op, double x, double y)
{
	return (struct tp_pt){ op, at(c, mx(c, x), c->dx, c->px), at(c, y, c->dy, c->py) };
}

/* A straight path s (points p) that crosses the clip box, cut to it: the
 * fill by polygon clipping of each closed subpath, kept as one path so
 * that holes stay holes; the stroke segment by segment.  -1 out of
 * memory; 1 when the path has curves (the caller places it whole); 0 when
 * drawn. */
static int place_clipped(const struct tp_copy_sink *c, const struct tp_shape *s,
			 const struct tp_pt *p)
{
	const double *box = c->clip;
	for (size_t j = 0; j < s->count; j++)
		if (p[j].op == TP_CURVE)
			return 1;
	/* Each of the four cuts adds at most one point per edge it crosses. */
	size_t cap = 17 * s->count + 16, nf = 0;
	struct tp_pt *u = tp_malloc(cap * sizeof *u), *v = tp_malloc(cap * sizeof *v);
	struct tp_pt *f = tp_malloc(cap * sizeof *f);
	int rc = u && v && f ? 0 : -1;
	for (size_t j = 0; rc == 0 && j < s->count;) {
		size_t e = j + 1;   /* subpath j..e-1, MOVE first */
		while (e < s->count && p[e].op != TP_MOVE)
			e++;
		size_t n = 0;
		for (size_t i = j; i < e; i++)
			if (p[i].op != TP_CLOSE)
				u[n++] = p[i];
		for (int side = 0; (s->paint & TP_FILL) && side < 4 && n > 0; side++) {
			size_t m = clip_side(u, n, v, box, side);
			memcpy(u, v, m * sizeof *u);
			n = m;
		}
		if ((s->paint & TP_FILL) && n >= 3) {
			for (size_t i = 0; i < n; i++)
				f[nf++] = place(c, i ? TP_LINE : TP_MOVE, u[i].x, u[i].y);
			f[nf] = f[nf - n];
			f[nf++].op = TP_CLOSE;
		}
		for (size_t i = j + 1; rc == 0 && (s->paint & TP_STROKE) && i < e; i++) {
			const struct tp_pt *a = &p[i - 1], *b = p[i].op == TP_CLOSE ? &p[j] : &p[i];
			double ax = a->x, ay = a->y, bx = b->x, by = b->y;
			if (!clip_segment(&ax, &ay, &bx, &by, box))
				continue;
			struct tp_pt q[2] = { place(c, TP_MOVE, ax, ay), place(c, TP_LINE, bx, by) };
			rc = tp_scene_path(c->dst, s->ink, TP_STROKE, stroke_w(c, s), q, 2);
		}
		j = e;
	}
	if (rc == 0 && nf > 0)
		rc = tp_scene_path(c->dst, s->ink, TP_FILL, 0, f, nf);
	free(u);
	free(v);
	free(f);
	return rc;
}

/* ---- shapes ---------------------------------------------------------- */

static int rect(const struct tp_copy_sink *c, const struct tp_shape *s)
{
	double x0 = s->x, y0 = s->y, x1 = s->x + s->w, y1 = s->y + s->h, w = s->w, h = s->h;
	if (c->clip) {
		const double *box = c->clip;
		x0 = fmax(x0, box[0]);
		y0 = fmax(y0, box[1]);
		x1 = fmin(x1, box[2]);
		y1 = fmin(y1, box[3]);
		if (x1 <= x0 || y1 <= y0 || len(c, fmax(x1 - x0, y1 - y0)) < c->min_size)
			return 0;
		w = x1 - x0;
		h = y1 - y0;
	}
	return tp_scene_rect(c->dst, s->ink, s->paint, stroke_w(c, s),
			     at(c, c->mirror ? mx(c, x1) : x0, c->dx, c->px), at(c, y0, c->dy, c->py),
			     len(c, w), len(c, h));
}

static int text(const struct tp_copy_sink *c, const struct tp_scene *src, const struct tp_shape *s)
{
	const double *box = c->clip;
	if (box && (s->x < box[0] || s->x > box[2] || s->y < box[1] || s->y > box[3] ||
		    len(c, s->h) < c->min_size))
		return 0;
	int align = s->align;
	if (c->mirror && align != TP_ALIGN_CENTER)
		align = align == TP_ALIGN_LEFT ? TP_ALIGN_RIGHT : TP_ALIGN_LEFT;
	return tp_scene_text(c->dst, s->ink, at(c, mx(c, s->x), c->dx, c->px),
			     at(c, s->y, c->dy, c->py), len(c, s->h), align, tp_scene_str(src, s));
}

/* A path or an image, cut to the clip when there is one.  0, 1 when
 * nothing was added (left out), -1 when out of memory. */
static int path(const struct tp_copy_sink *c, const struct tp_pt *pts, const struct tp_shape *s)
{
	const struct tp_pt *p = pts + s->first;
	const double *box = c->clip;
	if (box && s->count == 2 && p[0].op == TP_MOVE && p[1].op == TP_LINE) {
		double ax = p[0].x, ay = p[0].y, bx = p[1].x, by = p[1].y;
		if (!clip_segment(&ax, &ay, &bx, &by, box))
			return 1;
		struct tp_pt q[2] = { place(c, TP_MOVE, ax, ay), place(c, TP_LINE, bx, by) };
		return add_like(c->dst, s, q, 2, stroke_w(c, s));
	}
	if (box) {
		double lo[2], hi[2], size;
		extent(p, s->count, lo, hi, &size);
		if (hi[0] < box[0] || lo[0] > box[2] || hi[1] < box[1] || lo[1] > box[3] ||
		    len(c, size) < c->min_size)
			return 1;
		/* An image is not cut: its picture is shown whole or not. */
		if (s->kind != TP_SHAPE_IMAGE &&
		    (lo[0] < box[0] || lo[1] < box[1] || hi[0] > box[2] || hi[1] > box[3])) {
			int rc = place_clipped(c, s, p);
			if (rc <= 0)
				return rc;
		}
	}
	struct tp_pt *q = tp_malloc((s->count ? s->count : 1) * sizeof *q);
	if (q == NULL)
		return -1;
	for (size_t j = 0; j < s->count; j++) {
		q[j] = p[j];   /* all of it, padding too: an unmoved copy is the same bytes */
		q[j].x = at(c, mx(c, p[j].x), c->dx, c->px);
		q[j].y = at(c, p[j].y, c->dy, c->py);
	}
	/* An image keeps its stroke as it is (it draws none). */
	int rc = add_like(c->dst, s, q, s->count,
			  s->kind == TP_SHAPE_IMAGE ? s->stroke : stroke_w(c, s));
	free(q);
	return rc;
}

/* ---- the sink -------------------------------------------------------- */

static int layer_begin(void *ctx, const struct tp_walk_layer *l)
{
	(void)l;
	((struct copier *)ctx)->layer = -1;
	return 0;
}

/* dst's layer for the source layer of s, found or made on first use. */
static int dst_layer(struct copier *w, const struct tp_shape *s)
{
	const struct tp_copy_sink *c = w->c;
	if (w->layer >= 0) {
		c->dst->cur_layer = (uint16_t)w->layer;
		return 0;
	}
	char name[160];
	const char *n = w->src->layers[s->layer];
	if (c->prefix) {
		snprintf(name, sizeof name, "%s/%s", c->prefix, n);
		n = name;
	}
	if (tp_scene_layer(c->dst, n) != 0)
		return -1;
	w->layer = c->dst->cur_layer;
	return 0;
}

/* A shape the copy takes, as the pick left it. */
struct taken {
	size_t index;         /* into src->shapes */
	size_t sub;           /* a placed shape's number in its symbol */
	int own;              /* its points are the copier's (own), not src's */
	struct tp_shape s;
	double dx, dy;
	uint16_t layer;       /* dst's */
	int mark;
	int trace;            /* copied, then dropped from dst's list */
};

/* The walk's visit: the pick's say, dst's layer (made in the walk's order,
 * the source's layer order), and the shape noted for the copy. */
static int visit(void *ctx, const struct tp_walk_shape *d)
{
	struct copier *w = ctx;
	const struct tp_copy_sink *c = w->c;
	struct taken t = { .index = d->index, .sub = d->sub, .s = *d->s, .dx = c->dx, .dy = c->dy,
			   .mark = d->mark };
	int pick = c->pick ? c->pick(c->arg, d, &t.s, &t.dx, &t.dy) : 1;
	if (pick <= 0)
		return pick;
	t.trace = pick == TP_COPY_TRACE;
	if (w->src->shapes[d->index].kind == TP_SHAPE_PLACE &&
	    (t.s.kind == TP_SHAPE_PATH || t.s.kind == TP_SHAPE_IMAGE)) {
		if (tp_grow((void **)&w->own, &w->cap_own, w->n_own + d->n, sizeof *w->own, 256) != 0)
			return -1;
		memcpy(w->own + w->n_own, d->pts, d->n * sizeof *w->own);
		t.s.first = w->n_own;
		t.own = 1;
		w->n_own += d->n;
	}
	if (dst_layer(w, &t.s) != 0)
		return -1;
	t.layer = c->dst->cur_layer;
	if (tp_grow((void **)&w->taken, &w->cap, w->n + 1, sizeof *w->taken, 64) != 0)
		return -1;
	w->taken[w->n++] = t;
	return 0;
}

static int by_index(const void *a, const void *b)
{
	const struct taken *p = a, *q = b;
	if (p->index != q->index)
		return p->index < q->index ? -1 : 1;
	return p->sub < q->sub ? -1 : p->sub > q->sub;
}

/* Shape t into dst: the layout's own drawing, or the copy.  0 or -1. */
static int put(const struct copier *w, const struct taken *t)
{
	struct tp_copy_sink c = *w->c;
	c.dst->cur_layer = t->layer;
	c.dx = t->dx;
	c.dy = t->dy;
	const size_t n0 = c.dst->n_shapes;
	int rc = c.draw ? c.draw(c.arg, &t->s, t->own ? w->own : w->src->pts, t->mark) : 1;
	if (rc > 0) {
		const struct tp_shape *s = &t->s;
		rc = s->kind == TP_SHAPE_RECT ? rect(&c, s)
		     : s->kind == TP_SHAPE_TEXT ? text(&c, w->src, s) : path(&c, t->own ? w->own : w->src->pts, s);
		if (rc == 0 && !c.clip)
			tp_scene_flag_last(c.dst, s->flags);
	}
	if (rc >= 0 && t->trace)
		c.dst->n_shapes = n0;
	return rc < 0 ? -1 : 0;
}

int tp_walk_copy(const struct tp_scene *src, const struct tp_walk_opts *o,
		 const struct tp_copy_sink *c, tp_err *e)
{
	struct tp_walk_opts opts = *o;
	opts.outline_text = 0;
	static const struct tp_sink sink = {
		.layer_begin = layer_begin, .rect = visit, .path = visit,
		.text = visit, .image = visit,
	};
	struct copier w = { .c = c, .src = src, .layer = -1 };
	int rc = tp_scene_walk(src, &opts, &sink, &w, e);
	/* Appended in the order they were added to src: the destination's
	 * list is the one a copy in that order makes (a PDF's /ID hashes the
	 * list as stored), and it draws the same, layer by layer. */
	if (w.n > 1)
		qsort(w.taken, w.n, sizeof *w.taken, by_index);
	for (size_t i = 0; rc == TP_OK && i < w.n; i++)
		if (put(&w, &w.taken[i]) != 0)
			rc = TP_EIO;
	free(w.taken);
	free(w.own);
	if (rc == TP_EIO && e->code == TP_OK)
		rc = tp_fail(e, TP_EIO, "%s: out of memory copying into %s", src->name, c->dst->name);
	return rc;
}
