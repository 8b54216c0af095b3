#include "print/layout/proof.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/art/text_outline.h"
#include "print/scene/copy_sink.h"
#include "print/scene/walk.h"

/* A thumbnail shows what a proof shows (walk.h): no marks, and die and
 * emboss lines only on their own plates, not over the art, where at
 * thumbnail size they would hide it. */
static const struct tp_walk_opts thumbnail = { .proof = 1, .unknown = TP_WALK_SKIP };

/* A thumbnail's text below min_text mm as placed (a figure's caption, too
 * small to read at its scale) is traced, not kept: placed figures have
 * always left its string in the page's text. */
struct place {
	double k, min_text;
};

static int place_pick(void *arg, const struct tp_walk_shape *d, struct tp_shape *s, double *dx,
		      double *dy)
{
	const struct place *p = arg;
	(void)d;
	(void)dx;
	(void)dy;
	/* The size as the copy scales it (copy_sink.c). */
	return s->kind == TP_SHAPE_TEXT && !(s->h * p->k >= p->min_text) ? TP_COPY_TRACE : 1;
}

int tp_scene_place(struct tp_scene *dst, const struct tp_scene *src, const char *prefix,
		   double x, double y, double k, double min_size, double min_text)
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
	/* A replay of the walk through the copying sink, scaled and cut to
	 * the bleed box as the sheet's own file is (backends clip each page
	 * to its bleed box). */
	const double box[4] = { -b, -b, src->trim_w + b, src->trim_h + b };
	struct place p = { k, min_text };
	const struct tp_copy_sink c = { .dst = dst, .dx = x, .dy = y, .px = b, .py = b, .k = k,
					.clip = box, .min_size = min_size, .prefix = prefix,
					.pick = min_text > 0 ? place_pick : NULL, .arg = &p };
	tp_err e = { 0 };
	int rc = tp_walk_copy(src, &thumbnail, &c, &e) == TP_OK ? 0 : -1;
	tp_scene_layer_by_ink(dst);
	return rc;
}

void tp_doc_inks_used(const struct tp_doc *doc, unsigned char used[TP_MAX_INKS])
{
	for (size_t p = 0; p < doc->n; p++) {
		const struct tp_scene *sc = doc->pages[p].sc;
		struct tp_scene_iter it = { 0 };   /* placed symbols' shapes too */
		for (const struct tp_shape *s; (s = tp_scene_next(sc, &it)) != NULL;) {
			int idx = tp_ink_index(&sc->pal, s->ink);
			if (idx >= 0 && tp_walk_shows(sc, &tp_walk_art, s))
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
	int rc = tp_scene_place(sc, s, prefix, ox, oy, k, min_size, 0);
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
