#include "print/backend/svg_glyphs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/hashset.h"
#include "core/strbuf.h"
#include "print/scene/geom.h"

/* Where the first copy of a glyph-like path begins (its first point), by
 * its id: the number its key (reuse_key) has in the set seen. */
struct tp_svg_first {
	double x, y;
};

/* ---- glyphs and other repeated filled outlines ----------------------------
 * A glyph-sized (at most REUSE_MAX_MM across), filled path of many points
 * that repeats an earlier one moved is written as <use> of the first copy,
 * which carries an id.  Pieces, tiles and other outlines stay
 * paths of their own, one element per object for whoever edits them. */
#define REUSE_MIN_POINTS 8
#define REUSE_MAX_MM 12.0

int tp_svg_glyph_like(const struct tp_walk_shape *d)
{
	if (d->s->kind != TP_SHAPE_PATH || d->paint != TP_FILL || d->n < REUSE_MIN_POINTS)
		return 0;
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	for (size_t i = 0; i < d->n; i++) {
		if (d->pts[i].op == TP_CLOSE)
			continue;
		x0 = fmin(x0, d->pts[i].x);
		x1 = fmax(x1, d->pts[i].x);
		y0 = fmin(y0, d->pts[i].y);
		y1 = fmax(y1, d->pts[i].y);
	}
	return x1 - x0 <= REUSE_MAX_MM && y1 - y0 <= REUSE_MAX_MM;
}

/* The quarter turns a glyph is tried at: a board's numbers face the edge
 * nearest them, so one digit is drawn at four angles.  Turn r takes
 * (x, y) to (a x + c y, b x + d y), y downwards; turn (4 - r) % 4 undoes it. */
static const int turn[4][4] = {   /* a b c d */
	{ 1, 0, 0, 1 }, { 0, 1, -1, 0 }, { -1, 0, 0, -1 }, { 0, -1, 1, 0 },
};

/* The path relative to its first point (in micrometres: copies placed at
 * different origins differ in the last bits) turned by turn r, and its
 * paint, as text. */
static void reuse_key(const struct tp_walk_shape *d, int r, struct tp_buf *k)
{
	int c[3];
	for (int i = 0; i < 3; i++)
		c[i] = (int)floor(fmin(fmax(d->ink->rgb[i], 0), 1) * 255 + 0.5);
	tp_buf_printf(k, "%d %d %d %d %d|", d->ink_id, c[0], c[1], c[2], d->paint);
	const int *t = turn[r];
	for (size_t i = 0; i < d->n; i++) {
		if (d->pts[i].op == TP_CLOSE) { /* its point is not drawn */
			tp_buf_printf(k, "z;");
			continue;
		}
		/* turned first (exactly: the entries are 0 and +-1), then
		 * rounded, as the glyph turned would be */
		double x = d->pts[i].x - d->pts[0].x, y = d->pts[i].y - d->pts[0].y;
		tp_buf_printf(k, "%d %ld %ld;", d->pts[i].op, tp_walk_um(t[0] * x + t[2] * y),
			      tp_walk_um(t[1] * x + t[3] * y));
	}
}

/* A glyph seen before, turned by r (a quarter turns): <use> of its first
 * copy q0 with the turn about the origin, then moved so that q0 lands on
 * this glyph's first point p0. */
static void put_use(FILE *f, const struct tp_svg_first *e, int id, int r, double px, double py)
{
	char a[40], b[40];
	const int *t = turn[r];
	if (r == 0) {
		fprintf(f, "<use xlink:href=\"#u%d\" x=\"%s\" y=\"%s\"/>\n", id,
			tp_num(a, px - e->x), tp_num(b, py - e->y));
		return;
	}
	double ex = px - (t[0] * e->x + t[2] * e->y), ey = py - (t[1] * e->x + t[3] * e->y);
	fprintf(f, "<use xlink:href=\"#u%d\" transform=\"matrix(%d %d %d %d %s %s)\"/>\n", id,
		t[0], t[1], t[2], t[3], tp_num(a, ex), tp_num(b, ey));
}

/* 1: written as a <use>; 0: write the path (with *id set when it is the
 * first of its kind, else -1); -1: out of memory. */
static int reuse(struct tp_svg_glyphs *v, FILE *f, const struct tp_walk_shape *d, int *id)
{
	*id = -1;
	if (!tp_svg_glyph_like(d))
		return 0;
	if (tp_grow((void **)&v->first, &v->cap_first, v->seen.n + 1, sizeof *v->first, 256) != 0)
		return -1;
	/* This glyph is a first copy turned by r when, turned back, it is the
	 * first copy. */
	struct tp_buf k0 = { 0 };
	for (int r = 0; r < 4; r++) {
		struct tp_buf k = { 0 };
		reuse_key(d, (4 - r) % 4, &k);
		if (k.oom) {
			tp_buf_free(&k);
			tp_buf_free(&k0);
			return -1;
		}
		size_t seen;
		if (tp_hashset_find(&v->seen, k.s, &seen)) {
			tp_buf_free(&k);
			tp_buf_free(&k0);
			put_use(f, &v->first[seen], (int)seen, r, d->pts[0].x, d->pts[0].y);
			return 1;
		}
		if (r == 0)
			k0 = k;
		else
			tp_buf_free(&k);
	}
	/* Not seen at any turn: a first copy. */
	size_t n;
	if (tp_hashset_add(&v->seen, k0.s, &n) < 0)
		return -1;
	v->first[n] = (struct tp_svg_first){ d->pts[0].x, d->pts[0].y };
	*id = (int)n;
	return 0;
}

static int put_one(struct tp_svg_glyphs *v, FILE *f, const struct tp_walk_shape *d,
		   tp_svg_put_fn put)
{
	int id, r = reuse(v, f, d, &id);
	if (r < 0)
		return -1;
	if (r == 0)
		put(f, d, id);
	return 0;
}

/* Contours k..: [from[k], from[k+1]) with their bounds. */
struct contour {
	size_t from, to;
	double x0, y0, x1, y1;
	size_t group;
};

static int inside(const struct contour *a, const struct contour *b)
{
	return a->x0 >= b->x0 && a->x1 <= b->x1 && a->y0 >= b->y0 && a->y1 <= b->y1;
}

/* A filled path of several glyphs (a number, a label) is written glyph by
 * glyph so that each glyph can be reused: contours whose bounds lie inside
 * another's (the holes of 0, 6, 8, 9) stay with it, and the glyphs, which
 * do not overlap, fill as the whole path did. */
int tp_svg_put_glyphs(struct tp_svg_glyphs *v, FILE *f, const struct tp_walk_shape *d,
		      tp_svg_put_fn put)
{
	size_t nc = 0;
	for (size_t i = 0; i < d->n; i++)
		nc += d->pts[i].op == TP_MOVE || i == 0;
	struct contour *c = tp_calloc(nc, sizeof *c);
	struct tp_pt *pts = tp_malloc(d->n * sizeof *pts);
	if (c == NULL || pts == NULL) {
		free(c);
		free(pts);
		return -1;
	}
	size_t k = 0;
	for (size_t i = 0; i < d->n; i++) {
		if (i == 0 || d->pts[i].op == TP_MOVE) {
			if (i > 0)
				c[k++].to = i;
			c[k] = (struct contour){ i, d->n, INFINITY, INFINITY, -INFINITY, -INFINITY, k };
		}
		if (d->pts[i].op == TP_CLOSE) /* its point is not drawn */
			continue;
		c[k].x0 = fmin(c[k].x0, d->pts[i].x);
		c[k].y0 = fmin(c[k].y0, d->pts[i].y);
		c[k].x1 = fmax(c[k].x1, d->pts[i].x);
		c[k].y1 = fmax(c[k].y1, d->pts[i].y);
	}
	for (size_t a = 0; a < nc; a++)
		for (size_t b = 0; b < nc; b++)
			if (a != b && c[b].group == b && inside(&c[a], &c[b]) && !inside(&c[b], &c[a])) {
				c[a].group = b;
				break;
			}
	int rc = 0;
	for (size_t g = 0; g < nc && rc == 0; g++) {
		if (c[g].group != g)
			continue;
		size_t n = 0;
		for (size_t a = 0; a < nc; a++)
			if (a == g || c[a].group == g)
				for (size_t i = c[a].from; i < c[a].to; i++)
					pts[n++] = d->pts[i];
		struct tp_walk_shape one = *d;
		one.pts = pts;
		one.n = n;
		rc = put_one(v, f, &one, put);
	}
	free(c);
	free(pts);
	return rc;
}

void tp_svg_glyphs_free(struct tp_svg_glyphs *v)
{
	tp_hashset_free(&v->seen);
	free(v->first);
	*v = (struct tp_svg_glyphs){ 0 };
}
