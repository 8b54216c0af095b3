#include "print/layout/proof.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/scene/geom.h"
#include "print/art/text_outline.h"
#include "print/scene/walk.h"

static const struct tp_walk_opts thumbnail = { .proof = 1 };

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

/* A stroke's width in the thumbnail: in proportion, but at least half
 * min_size (one pixel at the proof's resolution for the two pixels the
 * build asks), so that a sheet of hairlines (die lines, a cut sheet)
 * still shows in proof.png; a fill-only shape keeps its 0. */
static double stroke_w(const struct tp_shape *s, double k, double min_size)
{
	return (s->paint & TP_STROKE) ? fmax(s->stroke * k, min_size / 2) : s->stroke * k;
}

/* A path that crosses the thumbnail's bleed box, cut to it as the sheet's
 * own file is (backends clip each page to its bleed box): the fill by
 * polygon clipping of each closed subpath, kept as one path so that holes
 * stay holes; the stroke segment by segment.  -1 out of memory; 1 when the
 * path has curves (the caller places it whole); 0 when drawn. */
static int place_clipped(struct tp_scene *dst, const struct tp_shape *s, const struct tp_pt *p,
			 const double box[4], double x, double y, double k, double b,
			 double min_size)
{
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
				f[nf++] = (struct tp_pt){ i ? TP_LINE : TP_MOVE, x + (u[i].x + b) * k,
							  y + (u[i].y + b) * k };
			f[nf] = f[nf - n];
			f[nf++].op = TP_CLOSE;
		}
		for (size_t i = j + 1; rc == 0 && (s->paint & TP_STROKE) && i < e; i++) {
			const struct tp_pt *a = &p[i - 1], *c = p[i].op == TP_CLOSE ? &p[j] : &p[i];
			double ax = a->x, ay = a->y, bx = c->x, by = c->y;
			if (!clip_segment(&ax, &ay, &bx, &by, box))
				continue;
			struct tp_pt q[2] = { { TP_MOVE, x + (ax + b) * k, y + (ay + b) * k },
					      { TP_LINE, x + (bx + b) * k, y + (by + b) * k } };
			rc = tp_scene_path(dst, s->ink, TP_STROKE, stroke_w(s, k, min_size), q, 2);
		}
		j = e;
	}
	if (rc == 0 && nf > 0)
		rc = tp_scene_path(dst, s->ink, TP_FILL, 0, f, nf);
	free(u);
	free(v);
	free(f);
	return rc;
}

int tp_scene_place(struct tp_scene *dst, const struct tp_scene *src, const char *prefix,
		   double x, double y, double k, double min_size)
{
	const double b = src->bleed;
	/* src's layers, in src's order, as layers of their own in dst: scenes
	 * draw layer by layer, so sharing dst's per-ink layers would put one
	 * thumbnail's late layers under another's early ones. */
	char name[160];
	for (size_t l = 0; l < src->n_layers; l++) {
		snprintf(name, sizeof name, "%s/%s", prefix, src->layers[l]);
		if (tp_scene_layer(dst, name) != 0)
			return -1;
	}
	const double box[4] = { -b, -b, src->trim_w + b, src->trim_h + b };
#define X(v) (x + ((v) + b) * k)
#define Y(v) (y + ((v) + b) * k)
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < src->n_shapes; i++) {
		const struct tp_shape *s = &src->shapes[i];
		/* A thumbnail shows what a proof shows (walk.h): no marks, and
		 * die and emboss lines only on their own plates, not over the
		 * art, where at thumbnail size they would hide it. */
		if (!tp_walk_shows(src, &thumbnail, s))
			continue;
		snprintf(name, sizeof name, "%s/%s", prefix, src->layers[s->layer]);
		if (tp_scene_layer(dst, name) != 0)
			return -1;
		if (s->kind == TP_SHAPE_RECT) {
			double x0 = fmax(s->x, box[0]), y0 = fmax(s->y, box[1]);
			double x1 = fmin(s->x + s->w, box[2]), y1 = fmin(s->y + s->h, box[3]);
			if (x1 <= x0 || y1 <= y0 || fmax(x1 - x0, y1 - y0) * k < min_size)
				continue;
			rc = tp_scene_rect(dst, s->ink, s->paint, stroke_w(s, k, min_size), X(x0), Y(y0),
					   (x1 - x0) * k, (y1 - y0) * k);
		} else if (s->kind == TP_SHAPE_TEXT) {
			if (s->x < box[0] || s->x > box[2] || s->y < box[1] || s->y > box[3] ||
			    s->h * k < min_size)
				continue;
			rc = tp_scene_text(dst, s->ink, X(s->x), Y(s->y), s->h * k, s->align,
					   tp_scene_str(src, s));
		} else {
			const struct tp_pt *p = src->pts + s->first;
			if (s->count == 2 && p[0].op == TP_MOVE && p[1].op == TP_LINE) {
				double ax = p[0].x, ay = p[0].y, bx = p[1].x, by = p[1].y;
				if (!clip_segment(&ax, &ay, &bx, &by, box))
					continue;
				struct tp_pt q[2] = { { TP_MOVE, X(ax), Y(ay) }, { TP_LINE, X(bx), Y(by) } };
				rc = tp_scene_path(dst, s->ink, s->paint, stroke_w(s, k, min_size), q, 2);
				continue;
			}
			double lo[2], hi[2], size;
			extent(p, s->count, lo, hi, &size);
			if (hi[0] < box[0] || lo[0] > box[2] || hi[1] < box[1] || lo[1] > box[3] ||
			    size * k < min_size)
				continue;
			/* An image is not cut: its picture is shown whole or not. */
			if (s->kind != TP_SHAPE_IMAGE &&
			    (lo[0] < box[0] || lo[1] < box[1] || hi[0] > box[2] || hi[1] > box[3])) {
				int c = place_clipped(dst, s, p, box, x, y, k, b, min_size);
				if (c <= 0) {
					rc = c;
					continue;
				}
			}
			struct tp_pt *q = tp_malloc(s->count * sizeof *q);
			if (q == NULL)
				return -1;
			for (size_t j = 0; j < s->count; j++)
				q[j] = (struct tp_pt){ p[j].op, X(p[j].x), Y(p[j].y) };
			rc = s->kind == TP_SHAPE_IMAGE
				     ? tp_scene_path_like(dst, s, q)
				     : tp_scene_path(dst, s->ink, s->paint, stroke_w(s, k, min_size), q,
						     s->count);
			free(q);
		}
	}
#undef X
#undef Y
	tp_scene_layer_by_ink(dst);
	return rc;
}

void tp_doc_inks_used(const struct tp_doc *doc, unsigned char used[TP_MAX_INKS])
{
	for (size_t p = 0; p < doc->n; p++) {
		const struct tp_scene *sc = doc->pages[p].sc;
		for (size_t i = 0; i < sc->n_shapes; i++) {
			int idx = tp_ink_index(&sc->pal, sc->shapes[i].ink);
			if (idx >= 0 && !tp_shape_is_mark(&sc->shapes[i]))
				used[idx] = 1;
		}
	}
}

void tp_inks_text(const struct tp_palette *pal, const unsigned char used[TP_MAX_INKS],
		  char *out, size_t n)
{
	size_t len = 0;
	out[0] = '\0';
	for (size_t i = 0; pal && i < pal->n && len < n; i++)
		if (used[i])
			len += (size_t)snprintf(out + len, n - len, "%s%s", len ? ", " : "", pal->ink[i].name);
}

void tp_doc_inks(const struct tp_doc *doc, char *out, size_t n)
{
	unsigned char used[TP_MAX_INKS] = { 0 };
	tp_doc_inks_used(doc, used);
	tp_inks_text(doc->n ? &doc->pages[doc->n - 1].sc->pal : NULL, used, out, n);
}

/* The contact sheet's geometry (mm): margin, thumbnail cell, gap, label
 * height, columns, font size, line height. */
static const double pm = 12, pcell = 92, pgap = 8, plabel = 16, pfs = 3.2, plh = 4.4;
#define PROOF_COLS 4

static size_t text_lines(const char *text)
{
	size_t lines = 0;
	for (const char *t = text; t && *t; t++)
		lines += *t == '\n';
	return lines;
}

int tp_proof_begin(const struct tp_palette *pal, const char *title, size_t n, const char *text,
		   struct tp_doc *out)
{
	size_t rows = (n + PROOF_COLS - 1) / PROOF_COLS, lines = text_lines(text);
	double W = 2 * pm + PROOF_COLS * pcell + (PROOF_COLS - 1) * pgap;
	double H = 2 * pm + 10 + rows * (pcell + plabel + pgap) + (lines + 1) * plh;
	/* Thumbnails are scaled down: their hairlines stay in proportion. */
	struct tp_palette thumbs = *pal;
	thumbs.min_tint_line_mm = 0;
	struct tp_scene *sc = tp_scene_new("proof", W, H, 0, &thumbs);
	if (tp_doc_add(out, sc, "contact sheet") != 0)
		return -1;
	/* The thumbnails are already what a proof shows (tp_scene_place):
	 * the die and emboss lines in them come from plate sheets, so the
	 * contact sheet's own proof view (proof.png) shows them too. */
	sc->plate = 1;
	return tp_scene_text(sc, TP_INK_TEXT, pm, pm + 4, 5, TP_ALIGN_LEFT, title);
}

/* The caption "inks: a, b, ..." at (x, y), broken after a comma onto as
 * many lines as keep each within the thumbnail's width (pcell): one line
 * of an arena sheet with four colours (nine inks) reached 20 mm into the
 * next thumbnail's caption.  A name wider than pcell alone keeps its own
 * line.  0, or -1 when out of memory. */
static int inks_caption(struct tp_scene *sc, double x, double y, const char *inks)
{
	const double fs = pfs * 0.8;
	char line[300];
	size_t len = (size_t)snprintf(line, sizeof line, "inks:");
	int rc = 0, words = 0;
	for (const char *t = inks; rc == 0 && *t;) {
		const char *e = strstr(t, ", ");
		size_t n = e ? (size_t)(e - t) + 1 : strlen(t);   /* the name and its comma */
		if (len + 1 + n >= sizeof line)
			n = sizeof line - len - 2;
		double box[4];
		int at = (int)len;
		snprintf(line + len, sizeof line - len, " %.*s", (int)n, t);
		if (tp_text_outline_box(line, x, y, fs, TP_ALIGN_LEFT, box) != 0)
			return -1;
		if (words > 0 && box[2] - x > pcell) {
			line[at] = '\0';
			rc = tp_scene_text(sc, TP_INK_TEXT, x, y, fs, TP_ALIGN_LEFT, line);
			y += fs * 1.25;
			len = (size_t)snprintf(line, sizeof line, "%.*s", (int)n, t);
		} else {
			len += 1 + n;
		}
		words++;
		t += n;
		while (*t == ' ')
			t++;
	}
	return rc ? -1 : tp_scene_text(sc, TP_INK_TEXT, x, y, fs, TP_ALIGN_LEFT, line);
}

int tp_proof_add(struct tp_doc *out, size_t i, const char *name, const struct tp_scene *s,
		 size_t pages, const char *inks, double min_size)
{
	struct tp_scene *sc = out->pages[0].sc;
	if (s == NULL || pages == 0)
		return 0;
	double cx = pm + (double)(i % PROOF_COLS) * (pcell + pgap);
	double cy = pm + 10 + (double)(i / PROOF_COLS) * (pcell + plabel + pgap);
	double bw = s->trim_w + 2 * s->bleed, bh = s->trim_h + 2 * s->bleed;
	double k = fmin(pcell / bw, pcell / bh);
	double ox = cx + (pcell - bw * k) / 2, oy = cy + (pcell - bh * k) / 2;
	char prefix[80];
	snprintf(prefix, sizeof prefix, "%zu-%s", i + 1, name);
	int rc = tp_scene_place(sc, s, prefix, ox, oy, k, min_size);
	/* The trim, so a thumbnail's edge reads as the sheet's. */
	rc |= tp_scene_rect(sc, TP_INK_LINE, TP_STROKE, 0.2, ox + s->bleed * k, oy + s->bleed * k,
			    s->trim_w * k, s->trim_h * k);
	char line[300];
	snprintf(line, sizeof line, "%s: %.0f x %.0f mm, %zu page%s", name, s->trim_w,
		 s->trim_h, pages, pages == 1 ? "" : "s");
	rc |= tp_scene_text(sc, TP_INK_TEXT, cx, cy + pcell + pfs + 1.5, pfs, TP_ALIGN_LEFT, line);
	rc |= inks_caption(sc, cx, cy + pcell + 2 * pfs + 3, inks);
	return rc ? -1 : 0;
}

int tp_proof_end(struct tp_doc *out, size_t n, const char *text)
{
	struct tp_scene *sc = out->pages[0].sc;
	size_t rows = (n + PROOF_COLS - 1) / PROOF_COLS;
	double y = pm + 10 + rows * (pcell + plabel + pgap) + plh;
	int rc = 0;
	for (const char *t = text; rc == 0 && t && *t;) {
		const char *nl = strchr(t, '\n');
		size_t len = nl ? (size_t)(nl - t) : strlen(t);
		char line[400];
		snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), t);
		rc = tp_scene_text(sc, TP_INK_TEXT, pm, y, pfs, TP_ALIGN_LEFT, line);
		y += plh;
		t += len + (nl != NULL);
	}
	return rc ? -1 : 0;
}
