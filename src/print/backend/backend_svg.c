#include "print/backend/backend.h"
#include "print/scene/geom.h"
#include "print/backend/svg_glyphs.h"
#include "print/scene/walk.h"

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

/* An id of our own: "bleed", u<N> (glyphs) or g<N> (groups). */
static int own_id(const char *id)
{
	if (strcmp(id, "bleed") == 0)
		return 1;
	if ((id[0] != 'u' && id[0] != 'g') || id[1] == '\0')
		return 0;
	for (const char *p = id + 1; *p; p++)
		if (*p < '0' || *p > '9')
			return 0;
	return 1;
}

/* Valid, unique XML ids for the layers: our own ids are taken, and two
 * names may sanitise alike. */
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
			int clash = own_id(ids[l]);
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
	unsigned fl = d->s->flags;
	if ((d->paint & TP_FILL) && (fl & TP_SHAPE_EVENODD))
		fputs(" fill-rule=\"evenodd\"", f);
	if ((d->paint & TP_STROKE) && (fl & TP_SHAPE_STYLE)) {
		if (fl & (TP_SHAPE_CAP_ROUND | TP_SHAPE_CAP_SQUARE))
			fprintf(f, " stroke-linecap=\"%s\"", (fl & TP_SHAPE_CAP_ROUND) ? "round" : "square");
		if (fl & (TP_SHAPE_JOIN_ROUND | TP_SHAPE_JOIN_BEVEL))
			fprintf(f, " stroke-linejoin=\"%s\"", (fl & TP_SHAPE_JOIN_ROUND) ? "round" : "bevel");
		else if (!(fl & TP_SHAPE_MITER4))
			fputs(" stroke-miterlimit=\"10\"", f);
	}
	if (k->kind == TP_INK_SPOT || k->kind == TP_INK_REGISTRATION) {
		fputs(" data-spot=\"", f);
		put_escaped(f, k->kind == TP_INK_SPOT ? k->name : "All");
		fputs("\"", f);
	}
	if (d->overprint)
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


/* Hairlines (TP_INK_LINE) of one width waiting to be joined. */
struct run {
	struct seg *h, *v;
	size_t nh, nv, cap_h, cap_v;
	struct tp_walk_shape line_paint;   /* the run's paint (its first shape) */
	struct tp_shape line_shape;
	struct tp_ink line_ink;
};

/* Widths joined at once: a tile's cell lines and its heavier quadrant
 * cross alternate, and each width is one path for the whole sheet. */
#define LINE_WIDTHS 4

struct svg {
	FILE *f;
	char (*ids)[48];
	struct run runs[LINE_WIDTHS];
	size_t n_runs;
	struct tp_svg_glyphs glyphs;   /* filled paths reused through <use> */
	int oom;
	unsigned char img_done[TP_IMAGES_MAX + 1];   /* written into <defs> */
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

static void flush_run(FILE *f, struct run *r)
{
	if (r->nh + r->nv == 0)
		return;
	int first = 1;
	fputs("<path d=\"", f);
	put_segs(f, r->h, r->nh, 1, &first);
	put_segs(f, r->v, r->nv, 0, &first);
	fputs("\"", f);
	paint_attrs(f, &r->line_paint);
	fputs("/>\n", f);
	r->nh = r->nv = 0;
}

/* Lines of one colour over each other look the same in any order, so the
 * runs of several widths are written one after the other. */
static void flush_lines(struct svg *v)
{
	for (size_t i = 0; i < v->n_runs; i++)
		flush_run(v->f, &v->runs[i]);
	v->n_runs = 0;
}

static int push_seg(struct seg **s, size_t *n, size_t *cap, struct seg g)
{
	if (tp_grow((void **)s, cap, *n + 1, sizeof **s, 64) != 0)
		return -1;
	(*s)[(*n)++] = g;
	return 0;
}

/* Takes the hairline into the run of its width (flushing every run when
 * there are too many widths). */
static int add_line(struct svg *v, const struct tp_walk_shape *d)
{
	size_t i = 0;
	while (i < v->n_runs && v->runs[i].line_shape.stroke != d->s->stroke)
		i++;
	if (i == LINE_WIDTHS) {
		flush_lines(v);
		i = 0;
	}
	struct run *r = &v->runs[i];
	if (i == v->n_runs) {
		v->n_runs++;
		r->line_shape = *d->s;
		r->line_paint = *d;
		r->line_ink = *d->ink;
		r->line_paint.s = &r->line_shape;
		r->line_paint.ink = &r->line_ink;
		r->line_paint.pts = NULL;
		r->line_paint.n = 0;
	}
	const struct tp_pt *p = d->pts;
	if (p[0].y == p[1].y)
		return push_seg(&r->h, &r->nh, &r->cap_h,
				(struct seg){ fmin(p[0].x, p[1].x), fmax(p[0].x, p[1].x), p[0].y });
	return push_seg(&r->v, &r->nv, &r->cap_v,
			(struct seg){ fmin(p[0].y, p[1].y), fmax(p[0].y, p[1].y), p[0].x });
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

static int shape(void *ctx, const struct tp_walk_shape *d)
{
	struct svg *v = ctx;
	if (is_hairline(d))
		return add_line(v, d) == 0 ? 0 : (v->oom = 1);
	flush_lines(v);
	if (!tp_svg_glyph_like(d)) {
		put_shape(v->f, d, -1);
		return 0;
	}
	return tp_svg_put_glyphs(&v->glyphs, v->f, d, put_shape) == 0 ? 0 : (v->oom = 1);
}

/* ---- repeated groups (tiles) -------------------------------------------
 * The first copy of a group's shapes on a layer is written in place as
 * <g id="gN">, a repeat as <use> of it, inside the same layer: Inkscape
 * imports the repeats as clones on the right layer. */
static int group_begin(void *ctx, const struct tp_walk_group *g)
{
	struct svg *v = ctx;
	flush_lines(v);
	fprintf(v->f, "<g id=\"g%zu\">\n", g->id);
	return 0;
}

static int group_end(void *ctx, const struct tp_walk_group *g)
{
	struct svg *v = ctx;
	(void)g;
	flush_lines(v);
	fputs("</g>\n", v->f);
	return 0;
}

static int use(void *ctx, const struct tp_walk_group *g)
{
	struct svg *v = ctx;
	char a[40], b[40];
	flush_lines(v);
	fprintf(v->f, "<use xlink:href=\"#g%zu\" x=\"%s\" y=\"%s\"/>\n", g->id, num(a, g->dx),
		num(b, g->dy));
	return 0;
}

/* ---- images ------------------------------------------------------------
 * Each picture once in the file, as a PNG in a data: URI inside <defs>
 * (so the SVG stands alone, as the other files do), and each placement a
 * <use> of it with the matrix from its pixels to its corners. */

static void put_base64(FILE *f, const unsigned char *b, size_t n)
{
	static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)b[i] << 16 | (i + 1 < n ? (unsigned)b[i + 1] << 8 : 0) |
			     (i + 2 < n ? b[i + 2] : 0);
		char q[4] = { tab[v >> 18 & 63], tab[v >> 12 & 63],
			      i + 1 < n ? tab[v >> 6 & 63] : '=', i + 2 < n ? tab[v & 63] : '=' };
		fwrite(q, 1, 4, f);
	}
}

/* A matrix coefficient (mm a pixel): eight significant digits, where
 * num's four decimals would move a 2000-pixel picture's far edge. */
static const char *coef(char buf[40], double v)
{
	snprintf(buf, 40, "%.8g", isfinite(v) ? v : 0);
	for (char *p = buf; *p; p++)
		if (*p == ',')
			*p = '.';
	return buf;
}

static int image(void *ctx, const struct tp_walk_shape *d)
{
	struct svg *v = ctx;
	const struct tp_image *im = d->image;
	int id = d->s->image;
	flush_lines(v);
	if (!v->img_done[id]) {
		unsigned char *png;
		size_t len;
		if (tp_image_png(im, &png, &len) != 0)
			return v->oom = 1;
		fprintf(v->f, "<defs><image id=\"img%d\" width=\"%d\" height=\"%d\""
			" preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,", id, im->w,
			im->h);
		put_base64(v->f, png, len);
		fputs("\"/></defs>\n", v->f);
		free(png);
		v->img_done[id] = 1;
	}
	const struct tp_pt *c = d->pts;
	char a[40], b[40], e[40], f[40], g[40], h[40];
	fprintf(v->f, "<use xlink:href=\"#img%d\" transform=\"matrix(%s %s %s %s %s %s)\"/>\n", id,
		coef(a, (c[1].x - c[0].x) / im->w), coef(b, (c[1].y - c[0].y) / im->w),
		coef(e, (c[3].x - c[0].x) / im->h), coef(f, (c[3].y - c[0].y) / im->h),
		num(g, c[0].x), num(h, c[0].y));
	return 0;
}

static const struct tp_sink svg_sink = {
	.layer_begin = layer_begin, .layer_end = layer_end, .clip = clip,
	.rect = shape, .path = shape, .text = shape, .image = image,
	.group_begin = group_begin, .group_end = group_end, .use = use,
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
	for (size_t i = 0; i < LINE_WIDTHS; i++) {
		free(v.runs[i].h);
		free(v.runs[i].v);
	}
	tp_svg_glyphs_free(&v.glyphs);
	if (rc != TP_OK)
		return rc;
	fputs("</svg>\n", f);
	/* errno is the last failed write's (EFBIG, ENOSPC, ...). */
	if (fflush(f) != 0 || ferror(f))
		return tp_fail(e, TP_EIO, "svg: write failed: %s", strerror(errno ? errno : EIO));
	return TP_OK;
}
