#include "print/backend.h"
#include "print/geom.h"
#include "print/walk.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/strbuf.h"

/* SVG written by hand: Cairo's SVG surface cannot name groups, and
 * designers want one group (an Inkscape layer) per ink. */

/* Numbers as tp_num writes them (geom.h). */
static const char *num(char buf[40], double v)
{
	return tp_num(buf, v);
}

/* Length of a valid UTF-8 sequence at s, or 0. */
static int utf8_len(const unsigned char *s)
{
	int n = s[0] < 0x80 ? 1 : s[0] < 0xc2 ? 0 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 :
		s[0] < 0xf5 ? 4 : 0;
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* Overlong forms, surrogates and code points past U+10FFFF. */
	if ((n == 3 && s[0] == 0xe0 && s[1] < 0xa0) || (n == 3 && s[0] == 0xed && s[1] >= 0xa0) ||
	    (n == 4 && s[0] == 0xf0 && s[1] < 0x90) || (n == 4 && s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

/* Text as XML character data or attribute value.  Bytes XML 1.0 cannot
 * carry (controls, broken UTF-8) become U+FFFD rather than a file that
 * Inkscape refuses to open. */
static void put_escaped(FILE *f, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	while (*s) {
		int n = utf8_len(s);
		if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '"')
			fputs("&quot;", f);
		else if (*s == '\'')
			fputs("&apos;", f);
		else if (n == 0 || (*s < 0x20 && *s != '\t' && *s != '\n' && *s != '\r'))
			fputs("\xef\xbf\xbd", f);
		else
			fwrite(s, 1, (size_t)n, f);
		s += n ? n : 1;
	}
}

static int id_char(char c, int first)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' ||
	       (!first && ((c >= '0' && c <= '9') || c == '-' || c == '.'));
}

/* Valid, unique XML ids for the layers: "bleed" is the clip path's, and
 * two names may sanitise alike. */
static void layer_ids(const struct tp_scene *sc, char (*ids)[48])
{
	for (size_t l = 0; l < sc->n_layers; l++) {
		char base[40];
		size_t k = 0;
		const char *name = sc->layers[l];
		if (!id_char(name[0], 1))
			base[k++] = '_';
		for (const char *p = name; *p && k < sizeof base - 1; p++)
			base[k++] = id_char(*p, 0) ? *p : '_';
		base[k] = '\0';
		snprintf(ids[l], 48, "%s", base);
		for (int n = 2;; n++) {
			int clash = strcmp(ids[l], "bleed") == 0;
			for (size_t m = 0; m < l && !clash; m++)
				clash = strcmp(ids[l], ids[m]) == 0;
			if (!clash)
				break;
			snprintf(ids[l], 48, "%s_%d", base, n);
		}
	}
}

static void paint_attrs(FILE *f, const struct tp_walk_shape *d)
{
	const struct tp_ink *k = d->ink;
	char hex[8], b[40];
	int c[3];
	for (int i = 0; i < 3; i++)
		c[i] = (int)floor(fmin(fmax(k->rgb[i], 0), 1) * 255 + 0.5);
	snprintf(hex, sizeof hex, "#%02x%02x%02x", c[0], c[1], c[2]);
	fprintf(f, " fill=\"%s\"", (d->paint & TP_FILL) ? hex : "none");
	if (d->paint & TP_STROKE)
		fprintf(f, " stroke=\"%s\" stroke-width=\"%s\"", hex, num(b, d->s->stroke));
	if (k->kind == TP_INK_SPOT || k->kind == TP_INK_REGISTRATION) {
		fputs(" data-spot=\"", f);
		put_escaped(f, k->kind == TP_INK_SPOT ? k->name : "All");
		fputs("\"", f);
	}
	if (k->overprint)
		fputs(" data-overprint=\"1\"", f);
}

static void put_path(FILE *f, const struct tp_walk_shape *d)
{
	char a[40], b[40];
	const struct tp_pt *p = d->pts;
	fputs("<path d=\"", f);
	for (size_t k = 0; k < d->n; k++) {
		const char *sep = k ? " " : "";
		switch (p[k].op) {
		case TP_MOVE:
			fprintf(f, "%sM%s %s", sep, num(a, p[k].x), num(b, p[k].y));
			break;
		case TP_LINE:
			fprintf(f, "%sL%s %s", sep, num(a, p[k].x), num(b, p[k].y));
			break;
		case TP_CLOSE:
			fprintf(f, "%sZ", sep);
			break;
		case TP_CURVE:
			if (k + 2 >= d->n) {
				k = d->n;
				break;
			}
			fprintf(f, "%sC%s %s", sep, num(a, p[k].x), num(b, p[k].y));
			fprintf(f, " %s %s", num(a, p[k + 1].x), num(b, p[k + 1].y));
			fprintf(f, " %s %s", num(a, p[k + 2].x), num(b, p[k + 2].y));
			k += 2;
			break;
		}
	}
	fputs("\"", f);
}

static void put_shape(FILE *f, const struct tp_walk_shape *ws, int id)
{
	const struct tp_shape *s = ws->s;
	char a[40], b[40], c[40], d[40];
	static const char *const anchor[] = { "start", "middle", "end" };
	switch (s->kind) {
	case TP_SHAPE_RECT:
		fprintf(f, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"",
			num(a, fmin(s->x, s->x + s->w)), num(b, fmin(s->y, s->y + s->h)),
			num(c, fabs(s->w)), num(d, fabs(s->h)));
		break;
	case TP_SHAPE_PATH:
		put_path(f, ws);
		break;
	case TP_SHAPE_TEXT:
		fprintf(f, "<text x=\"%s\" y=\"%s\" font-size=\"%s\" font-family=\"DejaVu Sans\""
			" text-anchor=\"%s\" xml:space=\"preserve\"", num(a, s->x), num(b, s->y),
			num(c, s->h), anchor[s->align <= TP_ALIGN_RIGHT ? s->align : 0]);
		break;
	default:
		return;
	}
	paint_attrs(f, ws);
	if (id >= 0)
		fprintf(f, " id=\"u%d\"", id);
	if (s->kind == TP_SHAPE_TEXT) {
		fputs(">", f);
		put_escaped(f, ws->text);
		fputs("</text>\n", f);
	} else {
		fputs("/>\n", f);
	}
}

/* Layers are Inkscape layers labelled with their name, which is the ink's
 * by default.  A layer of one spot ink under another name ("symbols" on the
 * emboss plate) names the spot first, so the ink survives an import. */
struct seg {
	double a, b, at;   /* from a to b along x (horizontal) or y, at y or x */
};

/* A glyph-like path seen before: its shape relative to its first point
 * and its paint, and the id of its first copy. */
struct seen {
	char *key;
	double x, y;       /* first point of the first copy */
	int id;
};

struct svg {
	FILE *f;
	char (*ids)[48];
	/* Hairlines (TP_INK_LINE) of one width waiting to be joined. */
	struct seg *h, *v;
	size_t nh, nv, cap_h, cap_v;
	struct tp_walk_shape line_paint;   /* the run's paint (its first shape) */
	struct tp_shape line_shape;
	struct tp_ink line_ink;
	/* Filled paths reused through <use>: an open hash table. */
	struct seen *seen;
	size_t n_seen, cap_seen;
	int next_id, oom;
};

/* ---- grid lines as sheet-long paths -------------------------------------
 * Consecutive straight, axis-parallel hairlines of TP_INK_LINE and one width
 * (grid and cell lines, drawn tile by tile) are joined where they meet end
 * to end and written as one path: one subpath per sheet-long line. */

static int is_hairline(const struct tp_walk_shape *d)
{
	const struct tp_pt *p = d->pts;
	return d->ink_id == TP_INK_LINE && d->s->kind == TP_SHAPE_PATH &&
	       d->paint == TP_STROKE && d->n == 2 && p[0].op == TP_MOVE && p[1].op == TP_LINE &&
	       (p[0].x == p[1].x) != (p[0].y == p[1].y);
}

static int seg_cmp(const void *x, const void *y)
{
	const struct seg *a = x, *b = y;
	return a->at < b->at ? -1 : a->at > b->at ? 1 : a->a < b->a ? -1 : a->a > b->a;
}

static void put_segs(FILE *f, struct seg *s, size_t n, int horizontal, int *first)
{
	char a[40], b[40], c[40];
	if (n > 1)   /* qsort(NULL, 0) is undefined (UBSan stops the score pad) */
		qsort(s, n, sizeof *s, seg_cmp);
	for (size_t i = 0; i < n;) {
		double from = s[i].a, to = s[i].b, at = s[i].at;
		size_t j = i + 1;
		for (; j < n && s[j].at == at && s[j].a <= to + 1e-9; j++)
			to = fmax(to, s[j].b);
		if (horizontal)
			fprintf(f, "%sM%s %s H%s", *first ? "" : " ", num(a, from), num(b, at), num(c, to));
		else
			fprintf(f, "%sM%s %s V%s", *first ? "" : " ", num(a, at), num(b, from), num(c, to));
		*first = 0;
		i = j;
	}
}

static void flush_lines(struct svg *v)
{
	if (v->nh + v->nv == 0)
		return;
	int first = 1;
	fputs("<path d=\"", v->f);
	put_segs(v->f, v->h, v->nh, 1, &first);
	put_segs(v->f, v->v, v->nv, 0, &first);
	fputs("\"", v->f);
	paint_attrs(v->f, &v->line_paint);
	fputs("/>\n", v->f);
	v->nh = v->nv = 0;
}

static int push_seg(struct seg **s, size_t *n, size_t *cap, struct seg g)
{
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 64;
		struct seg *q = tp_realloc(*s, c * sizeof *q);
		if (q == NULL)
			return -1;
		*s = q;
		*cap = c;
	}
	(*s)[(*n)++] = g;
	return 0;
}

/* Takes the hairline into the run (flushing a run of another width). */
static int add_line(struct svg *v, const struct tp_walk_shape *d)
{
	if (v->nh + v->nv && v->line_shape.stroke != d->s->stroke)
		flush_lines(v);
	if (v->nh + v->nv == 0) {
		v->line_shape = *d->s;
		v->line_paint = *d;
		v->line_ink = *d->ink;
		v->line_paint.s = &v->line_shape;
		v->line_paint.ink = &v->line_ink;
		v->line_paint.pts = NULL;
		v->line_paint.n = 0;
	}
	const struct tp_pt *p = d->pts;
	if (p[0].y == p[1].y)
		return push_seg(&v->h, &v->nh, &v->cap_h,
				(struct seg){ fmin(p[0].x, p[1].x), fmax(p[0].x, p[1].x), p[0].y });
	return push_seg(&v->v, &v->nv, &v->cap_v,
			(struct seg){ fmin(p[0].y, p[1].y), fmax(p[0].y, p[1].y), p[0].x });
}

/* ---- glyphs and other repeated filled outlines -----------------------------
 * A glyph-sized (at most REUSE_MAX_MM across), filled path of many points
 * that repeats an earlier one moved is written as <use> of the first copy,
 * which carries an id.  Pieces, tiles and other outlines stay
 * paths of their own, one element per object for whoever edits them. */
#define REUSE_MIN_POINTS 8
#define REUSE_MAX_MM 12.0

static int glyph_like(const struct tp_walk_shape *d)
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

static unsigned long hash_str(const char *s)
{
	unsigned long h = 1469598103934665603UL;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211UL;
	return h;
}

/* The path relative to its first point (in micrometres: copies placed at
 * different origins differ in the last bits), and its paint, as text. */
static void reuse_key(const struct tp_walk_shape *d, struct tp_buf *k)
{
	int c[3];
	for (int i = 0; i < 3; i++)
		c[i] = (int)floor(fmin(fmax(d->ink->rgb[i], 0), 1) * 255 + 0.5);
	tp_buf_printf(k, "%d %d %d %d %d|", d->ink_id, c[0], c[1], c[2], d->paint);
	for (size_t i = 0; i < d->n; i++)
		if (d->pts[i].op == TP_CLOSE) /* its point is not drawn */
			tp_buf_printf(k, "z;");
		else
			tp_buf_printf(k, "%d %ld %ld;", d->pts[i].op,
				      lround((d->pts[i].x - d->pts[0].x) * 1000),
				      lround((d->pts[i].y - d->pts[0].y) * 1000));
}

static int grow_seen(struct svg *v)
{
	size_t cap = v->cap_seen ? v->cap_seen * 2 : 256;
	struct seen *t = tp_calloc(cap, sizeof *t);
	if (t == NULL)
		return -1;
	for (size_t i = 0; i < v->cap_seen; i++) {
		if (v->seen[i].key == NULL)
			continue;
		size_t h = hash_str(v->seen[i].key) & (cap - 1);
		while (t[h].key)
			h = (h + 1) & (cap - 1);
		t[h] = v->seen[i];
	}
	free(v->seen);
	v->seen = t;
	v->cap_seen = cap;
	return 0;
}

/* 1: written as a <use>; 0: write the path (with *id set when it is the
 * first of its kind, else -1); -1: out of memory. */
static int reuse(struct svg *v, const struct tp_walk_shape *d, int *id)
{
	*id = -1;
	if (!glyph_like(d))
		return 0;
	if (2 * (v->n_seen + 1) > v->cap_seen && grow_seen(v) != 0)
		return -1;
	struct tp_buf k = { 0 };
	reuse_key(d, &k);
	if (k.oom) {
		tp_buf_free(&k);
		return -1;
	}
	size_t h = hash_str(k.s) & (v->cap_seen - 1);
	while (v->seen[h].key && strcmp(v->seen[h].key, k.s) != 0)
		h = (h + 1) & (v->cap_seen - 1);
	struct seen *e = &v->seen[h];
	if (e->key) {
		char a[40], b[40];
		tp_buf_free(&k);
		fprintf(v->f, "<use xlink:href=\"#u%d\" x=\"%s\" y=\"%s\"/>\n", e->id,
			num(a, d->pts[0].x - e->x), num(b, d->pts[0].y - e->y));
		return 1;
	}
	*e = (struct seen){ .key = k.s, .x = d->pts[0].x, .y = d->pts[0].y, .id = v->next_id++ };
	v->n_seen++;
	*id = e->id;
	return 0;
}

static int layer_begin(void *ctx, const struct tp_walk_layer *l)
{
	struct svg *v = ctx;
	fprintf(v->f, "<g id=\"%s\" inkscape:groupmode=\"layer\" inkscape:label=\"",
		v->ids[l->index]);
	const struct tp_ink *k = l->ink;
	if (k && k->kind == TP_INK_SPOT && strcmp(k->name, l->name) != 0) {
		put_escaped(v->f, k->name);
		fputs(" (", v->f);
		put_escaped(v->f, l->name);
		fputs(")", v->f);
	} else {
		put_escaped(v->f, l->name);
	}
	fputs("\">\n", v->f);
	return 0;
}

static int layer_end(void *ctx, const struct tp_walk_layer *l)
{
	struct svg *v = ctx;
	(void)l;
	flush_lines(v);
	fputs("</g>\n", v->f);
	return 0;
}

/* Runs of art go in clipped groups so that marks between them keep their
 * place in the order. */
static int clip(void *ctx, const double *box)
{
	struct svg *v = ctx;
	flush_lines(v);
	fputs(box ? "<g clip-path=\"url(#bleed)\">\n" : "</g>\n", v->f);
	return 0;
}

static int put_one(struct svg *v, const struct tp_walk_shape *d)
{
	int id, r = reuse(v, d, &id);
	if (r < 0)
		return v->oom = 1;
	if (r == 0)
		put_shape(v->f, d, id);
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
static int put_glyphs(struct svg *v, const struct tp_walk_shape *d)
{
	size_t nc = 0;
	for (size_t i = 0; i < d->n; i++)
		nc += d->pts[i].op == TP_MOVE || i == 0;
	struct contour *c = tp_calloc(nc, sizeof *c);
	struct tp_pt *pts = tp_malloc(d->n * sizeof *pts);
	if (c == NULL || pts == NULL) {
		free(c);
		free(pts);
		return v->oom = 1;
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
		rc = put_one(v, &one);
	}
	free(c);
	free(pts);
	return rc;
}

static int shape(void *ctx, const struct tp_walk_shape *d)
{
	struct svg *v = ctx;
	if (is_hairline(d))
		return add_line(v, d) == 0 ? 0 : (v->oom = 1);
	flush_lines(v);
	if (glyph_like(d))
		return put_glyphs(v, d);
	return put_one(v, d);
}

static const struct tp_sink svg_sink = {
	.layer_begin = layer_begin, .layer_end = layer_end, .clip = clip,
	.rect = shape, .path = shape, .text = shape,
};

int tp_svg_write(FILE *f, const struct tp_scene *const *pages, size_t n,
		 const struct tp_doc_info *info, tp_err *e)
{
	if (n != 1)
		return tp_fail(e, TP_EIO, "svg holds one page, not %zu", n);
	const struct tp_scene *sc = pages[0];
	struct tp_walk_opts view = tp_backend_view(&tp_backends[TP_BACKEND_SVG], info);
	double m = sc->bleed + (view.marks ? sc->margin : 0);
	double w = sc->trim_w + 2 * m, h = sc->trim_h + 2 * m;
	double bw = sc->trim_w + 2 * sc->bleed, bh = sc->trim_h + 2 * sc->bleed;
	char a[40], b[40], c[40], d[40];

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n", f);
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\""
		" xmlns:xlink=\"http://www.w3.org/1999/xlink\""
		" xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\""
		" version=\"1.1\" width=\"%smm\" height=\"%smm\"", num(a, w), num(b, h));
	fprintf(f, " viewBox=\"%s %s %s %s\">\n", num(a, -m), num(b, -m), num(c, w), num(d, h));
	fputs("<title>", f);
	put_escaped(f, info->title ? info->title : sc->name);
	fputs("</title>\n", f);
	fprintf(f, "<defs><clipPath id=\"bleed\"><rect x=\"%s\" y=\"%s\" width=\"%s\""
		" height=\"%s\"/></clipPath></defs>\n", num(a, -sc->bleed),
		num(b, -sc->bleed), num(c, bw), num(d, bh));
	char (*ids)[48] = tp_calloc(sc->n_layers, sizeof *ids);
	if (ids == NULL)
		return tp_fail(e, TP_EIO, "svg: out of memory");
	layer_ids(sc, ids);
	struct svg v = { .f = f, .ids = ids };
	int rc = tp_scene_walk(sc, &view, &svg_sink, &v, e);
	if (rc != TP_OK && v.oom)
		rc = tp_fail(e, TP_EIO, "svg: out of memory");
	free(ids);
	free(v.h);
	free(v.v);
	for (size_t i = 0; i < v.cap_seen; i++)
		free(v.seen[i].key);
	free(v.seen);
	if (rc != TP_OK)
		return rc;
	fputs("</svg>\n", f);
	/* errno is the last failed write's (EFBIG, ENOSPC, ...). */
	if (fflush(f) != 0 || ferror(f))
		return tp_fail(e, TP_EIO, "svg: write failed: %s", strerror(errno ? errno : EIO));
	return TP_OK;
}
