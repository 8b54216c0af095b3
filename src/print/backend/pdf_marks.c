/* Marks shared by every page of a press PDF (pdf_forms.h). */

#include <math.h>
#include <stdlib.h>

#include "core/strbuf.h"
#include "print/art/text_outline.h"
#include "print/backend/pdf_page.h"

/* ---- marks shared by every page (pdf_forms.h) ---------------------------------
 * A page's crop marks and targets go out as one form, keyed by what they
 * draw where, so the pages of one size share it; each glyph of a mark's
 * outlined text as a form of its own, keyed by glyph and size, placed at
 * its pen position.  The forms paint in the colour the page sets before
 * Do: the marks' one ink.  The crop marks and targets are painted where
 * the first mark comes in the walk; that changes nothing on the plates
 * as long as nothing but marks of that one ink shares their layer (else
 * they are drawn in place, as before). */

static void key_num(struct tp_buf *b, double v)
{
	tp_buf_append(b, &v, sizeof v);
}

static void key_int(struct tp_buf *b, long v)
{
	tp_buf_append(b, &v, sizeof v);
}

/* 1 when the page's marks can share a form: one ink, one layer, and
 * nothing but them on that layer.  *ink: that ink. */
static int marks_alone(const struct page *p, int *ink)
{
	const struct tp_scene *sc = p->sc;
	int layer = -1;
	*ink = -1;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		if (tp_walk_sees(sc, p->view, s) != TP_WALK_MARK)
			continue;
		if ((*ink >= 0 && s->ink != *ink) || (layer >= 0 && s->layer != layer))
			return 0;
		*ink = s->ink;
		layer = s->layer;
	}
	/* (A placement's art: its symbol's shapes as drawn there.) */
	struct tp_scene_iter it = { 0 };
	for (const struct tp_shape *s; layer >= 0 && (s = tp_scene_next(sc, &it)) != NULL;)
		if (s->layer == layer && tp_walk_sees(sc, p->view, s) == TP_WALK_ART)
			return 0;
	return *ink >= 0;
}

/* The marks that are no text, i.e. what the shared form draws: a walk
 * shape for shape i (as the walk makes it), or 0 when it is not one. */
static int set_member(const struct page *p, size_t i, struct tp_walk_shape *d)
{
	const struct tp_scene *sc = p->sc;
	const struct tp_shape *s = &sc->shapes[i];
	if (s->kind == TP_SHAPE_TEXT || tp_walk_sees(sc, p->view, s) != TP_WALK_MARK)
		return 0;
	*d = (struct tp_walk_shape){ .s = s, .index = i, .ink_id = s->ink,
				     .ink_index = tp_ink_index(&sc->pal, s->ink),
				     .ink = tp_scene_ink(sc, s->ink), .paint = s->paint, .mark = 1 };
	/* A mark lies outside the art: nothing under it to knock out. */
	d->overprint = d->ink->overprint;
	if (s->kind == TP_SHAPE_PATH) {
		d->pts = sc->pts + s->first;
		d->n = s->count;
	}
	return 1;
}

/* The key of what the set draws on this page, in the page's points. */
static void set_key(const struct page *p, struct tp_buf *b)
{
	tp_buf_append(b, "M", 1);
	key_num(b, p->off);
	key_num(b, p->h_mm);
	key_num(b, p->dx);
	key_num(b, p->dy);
	struct tp_walk_shape d;
	for (size_t i = 0; i < p->sc->n_shapes; i++) {
		if (!set_member(p, i, &d))
			continue;
		const struct tp_shape *s = d.s;
		key_int(b, s->kind);
		key_int(b, s->paint);
		key_int(b, s->flags);
		key_num(b, s->stroke);
		key_num(b, s->x);
		key_num(b, s->y);
		key_num(b, s->w);
		key_num(b, s->h);
		key_int(b, (long)d.n);
		for (size_t k = 0; k < d.n; k++) {
			key_int(b, d.pts[k].op);
			key_num(b, d.pts[k].x);
			key_num(b, d.pts[k].y);
		}
	}
}

static int compressed(const struct page *p)
{
	HPDF_PageAttr a = p->pg->attr;
	return a->contents->filter != HPDF_STREAM_FILTER_NONE;
}

/* Draws into form xo instead of the page, no colour set, run(p, arg). */
static int draw_bare(struct page *p, HPDF_Dict xo, int (*run)(struct page *, void *), void *arg)
{
	HPDF_PageAttr a = p->pg->attr;
	HPDF_Stream page = a->stream;
	a->stream = xo->stream;
	p->bare = 1;
	int rc = run(p, arg);
	p->bare = 0;
	a->stream = page;
	return rc;
}

static int run_set(struct page *p, void *arg)
{
	int *paint = arg;
	struct tp_walk_shape d;
	for (size_t i = 0; i < p->sc->n_shapes; i++) {
		if (!set_member(p, i, &d))
			continue;
		*paint |= d.paint;
		if (tp_pdfp_paint_shape(p, &d) != 0)
			return -1;
	}
	return 0;
}

/* The crop marks and targets, at the page's first mark: Do of the form
 * that draws them (made on the first page that has them). */
int tp_pdf_mark_set(struct page *p)
{
	int ink;
	p->marks = MARKS_IN_PLACE;
	if (!marks_alone(p, &ink))
		return 0;
	struct tp_buf key = { 0 };
	set_key(p, &key);
	if (key.oom) {
		tp_buf_free(&key);
		p->d->out.oom = 1;
		return -1;
	}
	struct tp_pdf_forms *f = &p->d->shared;
	HPDF_Dict xo;
	int paint = 0, rc = 0;
	struct tp_walk_shape d;
	for (size_t i = 0; i < p->sc->n_shapes; i++)
		if (set_member(p, i, &d))
			paint |= d.paint;
	p->marks = MARKS_SHARED;
	if (paint == 0) {   /* only text: no form */
		tp_buf_free(&key);
		return 0;
	}
	if (!tp_pdf_forms_find(f, key.s, key.len, &xo)) {
		int drawn = 0;
		xo = tp_pdf_form_new(p->d->pdf, HPDF_Page_GetMediaBox(p->pg), compressed(p));
		rc = xo == NULL || draw_bare(p, xo, run_set, &drawn) != 0 ? -1
		     : tp_pdf_forms_add(f, key.s, key.len, xo) < 0 ? -1 : 0;
		if (rc != 0 && HPDF_GetError(p->d->pdf) == HPDF_OK)
			p->d->out.oom = 1;
	}
	tp_buf_free(&key);
	if (rc != 0)
		return rc;
	tp_pdfp_set_clip(p, 0);
	if (tp_pdfp_set_overprint(p, tp_scene_ink(p->sc, ink)->overprint) != 0 ||
	    tp_pdfp_set_colour(p, ink, paint) != 0)
		return -1;
	return HPDF_Page_ExecuteXObject(p->pg, (HPDF_XObject)xo) == HPDF_OK ? 0 : -1;
}

struct glyph_job {
	const struct tp_pt *pts;
	size_t n;
};

/* A glyph's outline in its form: points (mm, y down) from its origin. */
static int run_glyph(struct page *p, void *arg)
{
	const struct glyph_job *g = arg;
	HPDF_Page pg = p->pg;
	int started = 0;
	for (size_t i = 0; i < g->n; i++) {
		const struct tp_pt *t = &g->pts[i];
		HPDF_REAL x = (HPDF_REAL)(t->x * K), y = (HPDF_REAL)(-t->y * K);
		if (t->op == TP_MOVE || !started) {
			HPDF_Page_MoveTo(pg, x, y);
			started = 1;
		} else if (t->op == TP_CURVE && i + 2 < g->n) {
			HPDF_Page_CurveTo(pg, x, y, (HPDF_REAL)(t[1].x * K), (HPDF_REAL)(-t[1].y * K),
					  (HPDF_REAL)(t[2].x * K), (HPDF_REAL)(-t[2].y * K));
			i += 2;
		} else if (t->op == TP_CLOSE) {
			HPDF_Page_ClosePath(pg);
		} else {
			HPDF_Page_LineTo(pg, x, y);
		}
	}
	if (started)
		HPDF_Page_Fill(pg);
	return HPDF_GetError(p->d->pdf) == HPDF_OK ? 0 : -1;
}

/* The form of glyph index at size mm (NULL in *xo: it draws nothing).
 * 0 or -1. */
static int glyph_form(struct page *p, unsigned long index, double size, HPDF_Dict *xo)
{
	struct tp_buf key = { 0 };
	tp_buf_append(&key, "G", 1);
	key_int(&key, (long)index);
	key_num(&key, size);
	struct tp_pdf_forms *f = &p->d->shared;
	int rc = 0;
	if (key.oom)
		rc = -1;
	else if (!tp_pdf_forms_find(f, key.s, key.len, xo)) {
		struct glyph_job g = { NULL, 0 };
		rc = tp_glyph_outline(index, size, (struct tp_pt **)&g.pts, &g.n);
		double box[4] = { 0, 0, 0, 0 };
		for (size_t i = 0; i < g.n; i++) {
			box[0] = fmin(box[0], g.pts[i].x * K);
			box[1] = fmin(box[1], -g.pts[i].y * K);
			box[2] = fmax(box[2], g.pts[i].x * K);
			box[3] = fmax(box[3], -g.pts[i].y * K);
		}
		/* A point of room round the outline (its control points
		 * included): the box clips the form. */
		HPDF_Box bb = { (HPDF_REAL)floor(box[0] - 1), (HPDF_REAL)floor(box[1] - 1),
				(HPDF_REAL)ceil(box[2] + 1), (HPDF_REAL)ceil(box[3] + 1) };
		*xo = NULL;
		if (rc == 0 && g.n > 0) {
			*xo = tp_pdf_form_new(p->d->pdf, bb, compressed(p));
			rc = *xo == NULL || draw_bare(p, *xo, run_glyph, &g) != 0 ? -1 : 0;
		}
		if (rc == 0 && tp_pdf_forms_add(f, key.s, key.len, *xo) < 0)
			rc = -1;
		if (rc != 0 && HPDF_GetError(p->d->pdf) == HPDF_OK)
			p->d->out.oom = 1;   /* ours, or the outline's */
		free((void *)g.pts);
	}
	tp_buf_free(&key);
	return rc;
}

/* A mark's outlined text: each glyph's form at its pen position. */
int tp_pdf_mark_text(struct page *p, const struct tp_walk_shape *d)
{
	const struct tp_shape *s = d->s;
	struct tp_glyph_at *g = NULL;
	size_t n = 0;
	if (tp_text_glyphs(d->text, s->x, s->y, s->h, s->align, &g, &n) != 0) {
		p->d->out.oom = 1;
		return -1;
	}
	tp_pdfp_set_clip(p, p->want_clip);
	int rc = tp_pdfp_set_overprint(p, d->overprint) != 0 || tp_pdfp_set_colour(p, d->ink_id, TP_FILL) != 0
		 ? -1 : 0;
	for (size_t i = 0; rc == 0 && i < n; i++) {
		HPDF_Dict xo;
		rc = glyph_form(p, g[i].index, s->h, &xo);
		if (rc != 0 || xo == NULL)
			continue;
		rc = HPDF_Page_GSave(p->pg) != HPDF_OK ||
		     HPDF_Page_Concat(p->pg, 1, 0, 0, 1, px(p, g[i].x), py(p, g[i].y)) != HPDF_OK ||
		     HPDF_Page_ExecuteXObject(p->pg, (HPDF_XObject)xo) != HPDF_OK ||
		     HPDF_Page_GRestore(p->pg) != HPDF_OK ? -1 : 0;
	}
	free(g);
	return rc;
}
