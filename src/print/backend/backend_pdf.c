/* Press PDF through libharu: CMYK and spot separations only, no fonts (text
 * goes out as outlines), Trim/BleedBox, reproducible bytes.  libharu has no
 * API for page boxes, separations, overprint keys, the trailer /ID or a
 * PDF/X output intent, so those are built from its object layer
 * (hpdf_objects.h).
 *
 * PDF/X-1a:2003 (ISO 15930-4) as far as a file can show it: header
 * %PDF-1.4 in every file (the standard is based on PDF 1.4, whose
 * /OutputIntents it uses; nothing newer is written: no object streams, no
 * transparency), Info /GTS_PDFXVersion, /Trapped /False, /Title and dates,
 * a trailer /ID, Trim- and BleedBox on every page, DeviceCMYK and
 * /Separation (alternate DeviceCMYK) only, no fonts, and one /OutputIntents
 * entry /S /GTS_PDFX naming a registered printing condition, with the
 * user's CMYK output profile embedded as /DestOutputProfile when given.
 * With print.pdfx = x4 (tp_doc_info.pdfx4): PDF/X-4 (ISO 15930-7) the same
 * way, but %PDF-1.6, /GTS_PDFXVersion (PDF/X-4) and the XMP metadata
 * stream X-4 requires.  This file draws the pages; the document parts
 * (Info, /ID, output intent, XMP) are built in pdf_docinfo.c.  Nothing uses transparency
 * but a PNG picture's soft mask under PDF/X-4 (see images below). */

#include "print/backend/backend.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hpdf.h>

#include "core/alloc.h"
#include "core/strbuf.h"
#include "print/art/text_outline.h"
#include "print/backend/pdf_docinfo.h"
#include "print/backend/pdf_forms.h"
#include "print/backend/pdf_page.h"
#include "print/backend/pdf_stream.h"
#include "print/image/image.h"
#include "print/scene/walk.h"

#define K (72.0 / 25.4)      /* points per mm */
#define PAGE_MIN_PT 3.0      /* libharu refuses pages outside these */
#define PAGE_MAX_PT 14400.000001 /* 5080 mm is 14400.000000000002 pt in doubles */

/* libharu reports through a callback; the first report is the root cause. */
struct haru_err {
	HPDF_STATUS no, detail;
};



static void HPDF_STDCALL on_error(HPDF_STATUS no, HPDF_STATUS detail, void *data)
{
	struct haru_err *he = data;
	/* Reading the saved document to its end is reported as an error. */
	if (no == HPDF_STREAM_EOF || he->no != HPDF_OK)
		return;
	he->no = no;
	he->detail = detail;
}

/* Routed through tp_malloc so that tests can fail libharu's allocations. */
static void *HPDF_STDCALL haru_alloc(HPDF_UINT size)
{
	return tp_malloc(size);
}

static void HPDF_STDCALL haru_free(void *p)
{
	free(p);
}


static double unit(double v)
{
	return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* For operators libharu lacks.  Only called between paths, where its
 * graphics-mode bookkeeping is in page-description mode either way. */
static int raw(struct page *p, const char *ops)
{
	HPDF_PageAttr a = p->pg->attr;
	return HPDF_Stream_WriteStr(a->stream, ops) == HPDF_OK ? 0 : -1;
}

static int add_reals(HPDF_Dict d, const char *key, const double *v, int n)
{
	HPDF_Array a = HPDF_Array_New(d->mmgr);
	if (HPDF_Dict_Add(d, key, a) != HPDF_OK)
		return -1;
	for (int i = 0; i < n; i++)
		if (HPDF_Array_AddReal(a, (HPDF_REAL)v[i]) != HPDF_OK)
			return -1;
	return 0;
}

/* [/Separation /name /DeviceCMYK f] with f a Type 2 function taking tint 0
 * to no ink and tint 1 to the ink's CMYK look-alike. */
static int add_separation(HPDF_Dict cspaces, const char *key, const char *name,
			  const double cmyk[4])
{
	static const double domain[2] = { 0, 1 }, none[4] = { 0, 0, 0, 0 };
	double c1[4];
	for (int i = 0; i < 4; i++)
		c1[i] = unit(cmyk[i]);
	HPDF_Array cs = HPDF_Array_New(cspaces->mmgr);
	if (HPDF_Dict_Add(cspaces, key, cs) != HPDF_OK)
		return -1;
	if (HPDF_Array_AddName(cs, "Separation") != HPDF_OK ||
	    HPDF_Array_AddName(cs, name) != HPDF_OK ||
	    HPDF_Array_AddName(cs, "DeviceCMYK") != HPDF_OK)
		return -1;
	HPDF_Dict fn = HPDF_Dict_New(cspaces->mmgr);
	if (HPDF_Array_Add(cs, fn) != HPDF_OK)
		return -1;
	if (HPDF_Dict_AddNumber(fn, "FunctionType", 2) != HPDF_OK ||
	    add_reals(fn, "Domain", domain, 2) != 0 ||
	    add_reals(fn, "C0", none, 4) != 0 ||
	    add_reals(fn, "C1", c1, 4) != 0 ||
	    HPDF_Dict_AddNumber(fn, "N", 1) != HPDF_OK)
		return -1;
	return 0;
}

/* Registers ink id's separation on this page once, as /CS<palette index>. */
static int colour_space(struct page *p, int id, char key[16])
{
	static const double all[4] = { 1, 1, 1, 1 };
	const struct tp_ink *ink = tp_scene_ink(p->sc, id);
	int idx = tp_ink_index(&p->sc->pal, id);
	snprintf(key, 16, "CS%d", idx);
	if (p->have_cs[idx])
		return 0;
	if (p->cspaces == NULL) {
		HPDF_Dict res = HPDF_Page_GetInheritableItem(p->pg, "Resources",
							     HPDF_OCLASS_DICT);
		HPDF_Dict cspaces = HPDF_Dict_New(p->pg->mmgr);
		if (res == NULL || HPDF_Dict_Add(res, "ColorSpace", cspaces) != HPDF_OK)
			return -1;
		p->cspaces = cspaces;
	}
	int reg = ink->kind == TP_INK_REGISTRATION;
	if (add_separation(p->cspaces, key, reg ? "All" : ink->name,
			   reg ? all : ink->cmyk) != 0)
		return -1;
	p->have_cs[idx] = 1;
	return 0;
}

static int same_colour(const struct colour *a, const struct colour *b)
{
	return a->kind == b->kind && (a->kind == 2 ? a->idx == b->idx
				      : memcmp(a->v, b->v, sizeof a->v) == 0);
}

/* Sets the fill and/or stroke colour, each only when it changes: a sheet
 * fills thousands of shapes in a few inks, layer by layer. */
int tp_pdfp_set_colour(struct page *p, int id, int paint)
{
	const struct tp_ink *ink = tp_scene_ink(p->sc, id);
	struct colour c = { .kind = ink->kind == TP_INK_PROCESS ? 1 : 2,
			    .idx = tp_ink_index(&p->sc->pal, id) };
	if (p->rgb) {
		/* The proof colour, every ink alike (registration as black). */
		c.kind = 3;
		for (int k = 0; k < 3; k++)
			c.v[k] = (HPDF_REAL)(ink->kind == TP_INK_REGISTRATION ? 0 : unit(ink->rgb[k]));
	}
	if (c.kind == 1)
		for (int k = 0; k < 4; k++)
			c.v[k] = (HPDF_REAL)unit(ink->cmyk[k]);
	int fill = (paint & TP_FILL) && !same_colour(&c, &p->fill);
	int stroke = (paint & TP_STROKE) && !same_colour(&c, &p->stroke);
	if (fill)
		p->fill = c;
	if (stroke)
		p->stroke = c;
	if (c.kind == 3) {
		if (fill)
			HPDF_Page_SetRGBFill(p->pg, c.v[0], c.v[1], c.v[2]);
		if (stroke)
			HPDF_Page_SetRGBStroke(p->pg, c.v[0], c.v[1], c.v[2]);
		return 0;
	}
	if (c.kind == 1) {
		if (fill)
			HPDF_Page_SetCMYKFill(p->pg, c.v[0], c.v[1], c.v[2], c.v[3]);
		if (stroke)
			HPDF_Page_SetCMYKStroke(p->pg, c.v[0], c.v[1], c.v[2], c.v[3]);
		return 0;
	}
	char key[16], ops[80];
	if ((fill || stroke) && colour_space(p, id, key) != 0)
		return -1;
	if (fill && (snprintf(ops, sizeof ops, "/%s cs 1 scn\012", key), raw(p, ops) != 0))
		return -1;
	if (stroke && (snprintf(ops, sizeof ops, "/%s CS 1 SCN\012", key), raw(p, ops) != 0))
		return -1;
	return 0;
}

/* Overprint is switched only when it changes; the off state resets OPM so
 * that knockout art behaves as the PDF default. */
int tp_pdfp_set_overprint(struct page *p, int on)
{
	on = on != 0 && !p->rgb;
	if (p->op == on)
		return 0;
	HPDF_ExtGState *gs = &p->d->op[on];
	if (*gs == NULL) {
		HPDF_ExtGState g = HPDF_CreateExtGState(p->d->pdf);
		if (g == NULL ||
		    HPDF_Dict_AddBoolean(g, "OP", on) != HPDF_OK ||
		    HPDF_Dict_AddBoolean(g, "op", on) != HPDF_OK ||
		    HPDF_Dict_AddNumber(g, "OPM", on) != HPDF_OK)
			return -1;
		*gs = g;
	}
	if (HPDF_Page_SetExtGState(p->pg, *gs) != HPDF_OK)
		return -1;
	p->op = on;
	return 0;
}

/* One q ... Q around each run of clipped art, so marks between runs stay
 * unclipped without a clip per shape. */
void tp_pdfp_set_clip(struct page *p, int on)
{
	if (p->clipped == on)
		return;
	if (on) {
		p->op_outside = p->op;
		p->fill_outside = p->fill;
		p->stroke_outside = p->stroke;
		HPDF_Page_GSave(p->pg);
		HPDF_Page_Rectangle(p->pg, p->bleed.left, p->bleed.bottom,
				    p->bleed.right - p->bleed.left,
				    p->bleed.top - p->bleed.bottom);
		HPDF_Page_Clip(p->pg);
		HPDF_Page_EndPath(p->pg);
	} else {
		HPDF_Page_GRestore(p->pg);
		p->op = p->op_outside;
		p->fill = p->fill_outside;
		p->stroke = p->stroke_outside;
	}
	p->clipped = on;
}

/* Returns whether a path was started (empty paths must not be painted). */
static int emit_path(struct page *p, const struct tp_pt *pt, size_t n)
{
	int started = 0;
	for (size_t i = 0; i < n; i++) {
		HPDF_REAL x = px(p, pt[i].x), y = py(p, pt[i].y);
		if (pt[i].op == TP_MOVE || !started) {
			HPDF_Page_MoveTo(p->pg, x, y);
			started = 1;
		} else if (pt[i].op == TP_CURVE && i + 2 < n) {
			HPDF_Page_CurveTo(p->pg, x, y, px(p, pt[i + 1].x), py(p, pt[i + 1].y),
					  px(p, pt[i + 2].x), py(p, pt[i + 2].y));
			i += 2;
		} else if (pt[i].op == TP_CLOSE) {
			HPDF_Page_ClosePath(p->pg);
		} else {
			HPDF_Page_LineTo(p->pg, x, y);
		}
	}
	return started;
}

/* The walk's clip: applied when the next shape is drawn, so that art runs
 * in neighbouring layers share one q ... Q. */
static int clip(void *ctx, const double *box)
{
	struct page *p = ctx;
	p->want_clip = box != NULL;
	return 0;
}

int tp_pdfp_paint_shape(struct page *p, const struct tp_walk_shape *d)
{
	const struct tp_shape *s = d->s;
	tp_pdfp_set_clip(p, p->want_clip);
	int paint = d->paint;
	if (!p->bare && (tp_pdfp_set_overprint(p, d->overprint) != 0 ||
			 tp_pdfp_set_colour(p, d->ink_id, paint) != 0))
		return -1;
	if (paint & TP_STROKE)
		HPDF_Page_SetLineWidth(p->pg, (HPDF_REAL)(s->stroke * K));

	unsigned style = s->flags & TP_SHAPE_STYLE;
	if ((paint & TP_STROKE) && style) {
		HPDF_Page_SetLineCap(p->pg, (s->flags & TP_SHAPE_CAP_ROUND) ? HPDF_ROUND_END
					    : (s->flags & TP_SHAPE_CAP_SQUARE) ? HPDF_PROJECTING_SCUARE_END
					    : HPDF_BUTT_END);
		HPDF_Page_SetLineJoin(p->pg, (s->flags & TP_SHAPE_JOIN_ROUND) ? HPDF_ROUND_JOIN
					     : (s->flags & TP_SHAPE_JOIN_BEVEL) ? HPDF_BEVEL_JOIN
					     : HPDF_MITER_JOIN);
		HPDF_Page_SetMiterLimit(p->pg, (s->flags & TP_SHAPE_MITER4) ? 4 : 10);
	}
	int eo = (s->flags & TP_SHAPE_EVENODD) != 0;
	int drawn = 1;
	if (s->kind == TP_SHAPE_RECT)
		HPDF_Page_Rectangle(p->pg, px(p, s->x), py(p, s->y + s->h),
				    (HPDF_REAL)(s->w * K), (HPDF_REAL)(s->h * K));
	else
		drawn = emit_path(p, d->pts, d->n);
	if (drawn) {
		if (paint == (TP_FILL | TP_STROKE))
			eo ? HPDF_Page_EofillStroke(p->pg) : HPDF_Page_FillStroke(p->pg);
		else if (paint == TP_STROKE)
			HPDF_Page_Stroke(p->pg);
		else
			eo ? HPDF_Page_Eofill(p->pg) : HPDF_Page_Fill(p->pg);
	}
	if ((paint & TP_STROKE) && style) {
		/* back to every other shape's state */
		HPDF_Page_SetLineCap(p->pg, HPDF_BUTT_END);
		HPDF_Page_SetLineJoin(p->pg, HPDF_MITER_JOIN);
		HPDF_Page_SetMiterLimit(p->pg, 10);
	}
	return 0;
}


static int draw_shape(void *ctx, const struct tp_walk_shape *d)
{
	struct page *p = ctx;
	if (!d->mark || p->view == NULL)
		return tp_pdfp_paint_shape(p, d);
	tp_pdfp_set_clip(p, p->want_clip);   /* before a form is drawn: not into it */
	if (d->s->kind == TP_SHAPE_TEXT)
		return tp_pdf_mark_text(p, d);
	if (p->marks == MARKS_ASK && tp_pdf_mark_set(p) != 0)
		return -1;
	return p->marks == MARKS_SHARED ? 0 : tp_pdfp_paint_shape(p, d);
}

/* ---- images ------------------------------------------------------------------
 * A picture in a press file is CMYK, separated from its sRGB through the
 * output profile (the colours of the designer's other art go the same
 * way); under PDF/X-4 its alpha is a soft mask, under PDF/X-1a, which
 * has no transparency, it is flattened on the paper's white first.  An
 * office printer's file (rgb) has it in RGB, flattened the same way. */

static HPDF_Image image_object(struct page *p, int id, struct tp_image *im)
{
	struct doc *d = p->d;
	if (d->img[id])
		return d->img[id];
	int soft = !d->rgb && d->pdfx4 && im->alpha;
	const uint8_t *px = d->rgb ? tp_image_rgb(im) : tp_image_cmyk(im, d->profile, !soft, d->e);
	if (px == NULL)
		return NULL;
	HPDF_Image img = HPDF_LoadRawImageFromMem(d->pdf, px, (HPDF_UINT)im->w, (HPDF_UINT)im->h,
						  d->rgb ? HPDF_CS_DEVICE_RGB : HPDF_CS_DEVICE_CMYK, 8);
	if (img == NULL)
		return NULL;
	HPDF_Image mask = NULL;
	if (soft) {
		const uint8_t *a = tp_image_mask(im);
		mask = a ? HPDF_LoadRawImageFromMem(d->pdf, a, (HPDF_UINT)im->w, (HPDF_UINT)im->h,
						    HPDF_CS_DEVICE_GRAY, 8)
			 : NULL;
		if (mask == NULL || HPDF_Image_AddSMask(img, mask) != HPDF_OK)
			return NULL;
	} else if (im->alpha) {
		/* Flattened (PDF/X-1a, the office printer's file): the pixels
		 * of alpha 0 are left unprinted by an explicit (1-bit) mask,
		 * which is no transparency, so what lies under a logo's empty
		 * corners shows, as on the proofs. */
		int none;
		const uint8_t *holes = tp_image_holes(im, &none);
		if (!none) {
			mask = holes ? HPDF_Image_LoadRaw1BitImageFromMem(d->pdf, holes, (HPDF_UINT)im->w,
									  (HPDF_UINT)im->h,
									  (HPDF_UINT)(im->w + 7) / 8,
									  HPDF_TRUE, HPDF_TRUE)
				     : NULL;
			if (mask == NULL || HPDF_Image_SetMaskImage(img, mask) != HPDF_OK)
				return NULL;
		}
	}
	d->img[id] = img;
	d->keep[d->n_keep++] = img;
	if (mask)
		d->keep[d->n_keep++] = mask;
	return img;
}

static int draw_image(void *ctx, const struct tp_walk_shape *d)
{
	struct page *p = ctx;
	tp_pdfp_set_clip(p, p->want_clip);
	HPDF_Image img = image_object(p, d->s->image, d->image);
	if (img == NULL || tp_pdfp_set_overprint(p, 0) != 0)
		return -1;
	/* The unit square of image space: (0, 0) its bottom-left corner,
	 * (1, 0) bottom-right, (0, 1) top-left (pts: TL, TR, BR, BL). */
	const struct tp_pt *c = d->pts;
	HPDF_REAL ox = px(p, c[3].x), oy = py(p, c[3].y);
	return HPDF_Page_GSave(p->pg) != HPDF_OK ||
	       HPDF_Page_Concat(p->pg, px(p, c[2].x) - ox, py(p, c[2].y) - oy,
				px(p, c[0].x) - ox, py(p, c[0].y) - oy, ox, oy) != HPDF_OK ||
	       HPDF_Page_ExecuteXObject(p->pg, img) != HPDF_OK ||
	       HPDF_Page_GRestore(p->pg) != HPDF_OK;
}

/* ---- repeats as Form XObjects ------------------------------------------------
 * The first copy of a repeated group's shapes on a layer is drawn into a
 * Form XObject in page coordinates, painted in place by Do; each repeat is
 * q 1 0 0 1 dx dy cm /Xn Do Q.  The forms' /Resources hold the page's
 * /ColorSpace and /ExtGState dicts (made indirect objects for that:
 * share_resources), so the colour spaces and overprint states registered
 * while drawing them are theirs too; not the page's /XObject, which holds
 * the forms (a resource tree that led back to itself would loop a checker
 * that walks it).  A form sets its own colours and overprint (Do starts
 * from the caller's state, which differs between copies) and leaves the
 * page's as they were (Do restores the graphics state). */

static HPDF_PageAttr attr(const struct page *p)
{
	return p->pg->attr;
}

/* An empty dict as an indirect object, added to d under key. */
static HPDF_Dict shared_dict(struct page *p, HPDF_Dict d, const char *key)
{
	HPDF_Dict r = HPDF_Dict_New(p->pg->mmgr);
	if (r == NULL || HPDF_Xref_Add(p->d->pdf->xref, r) != HPDF_OK)
		return NULL;   /* libharu frees r when it cannot add it */
	return HPDF_Dict_Add(d, key, r) == HPDF_OK ? r : NULL;
}

/* Made before anything is drawn (libharu registers resources lazily). */
static int share_resources(struct page *p)
{
	HPDF_Dict res = HPDF_Page_GetInheritableItem(p->pg, "Resources", HPDF_OCLASS_DICT);
	HPDF_Dict form_res = HPDF_Dict_New(p->pg->mmgr);
	if (res == NULL || form_res == NULL || HPDF_Xref_Add(p->d->pdf->xref, form_res) != HPDF_OK)
		return -1;
	p->form_res = form_res;
	HPDF_Dict cs = shared_dict(p, res, "ColorSpace");
	HPDF_Dict gs = shared_dict(p, res, "ExtGState");
	if (cs == NULL || gs == NULL || HPDF_Dict_Add(form_res, "ColorSpace", cs) != HPDF_OK ||
	    HPDF_Dict_Add(form_res, "ExtGState", gs) != HPDF_OK)
		return -1;
	p->cspaces = cs;
	attr(p)->ext_gstates = gs;
	return 0;
}

static HPDF_Dict new_form(struct page *p)
{
	HPDF_Dict xo = HPDF_DictStream_New(p->pg->mmgr, p->d->pdf->xref);
	HPDF_Box media = HPDF_Page_GetMediaBox(p->pg);
	if (xo == NULL || p->form_res == NULL)
		return NULL;
	xo->header.obj_class |= HPDF_OSUBCLASS_XOBJECT;
	xo->filter = attr(p)->contents->filter;
	if (HPDF_Dict_AddName(xo, "Type", "XObject") != HPDF_OK ||
	    HPDF_Dict_AddName(xo, "Subtype", "Form") != HPDF_OK ||
	    HPDF_Dict_Add(xo, "BBox", HPDF_Box_Array_New(p->pg->mmgr, media)) != HPDF_OK ||
	    HPDF_Dict_Add(xo, "Resources", p->form_res) != HPDF_OK)
		return NULL;
	return xo;
}

static int form_begin(void *ctx, const struct tp_walk_group *g)
{
	struct page *p = ctx;
	tp_pdfp_set_clip(p, p->want_clip);
	if (g->id != p->n_forms || p->page_stream != NULL)
		return -1;
	if (tp_grow((void **)&p->forms, &p->cap_forms, p->n_forms + 1, sizeof *p->forms, 64) != 0)
		return -1;
	HPDF_Dict xo = new_form(p);
	if (xo == NULL || HPDF_Page_ExecuteXObject(p->pg, (HPDF_XObject)xo) != HPDF_OK)
		return -1;
	p->forms[p->n_forms++] = xo;
	p->op_page = p->op;
	p->fill_page = p->fill;
	p->stroke_page = p->stroke;
	p->op = -1;
	p->fill.kind = p->stroke.kind = 0;
	p->page_stream = attr(p)->stream;
	attr(p)->stream = xo->stream;
	return 0;
}

/* Back to the page's stream (also when a walk stops inside a form). */
static void form_close(struct page *p)
{
	if (p->page_stream == NULL)
		return;
	attr(p)->stream = p->page_stream;
	p->page_stream = NULL;
	p->op = p->op_page;
	p->fill = p->fill_page;
	p->stroke = p->stroke_page;
}

static int form_end(void *ctx, const struct tp_walk_group *g)
{
	(void)g;
	form_close(ctx);
	return 0;
}

static int form_use(void *ctx, const struct tp_walk_group *g)
{
	struct page *p = ctx;
	tp_pdfp_set_clip(p, p->want_clip);
	if (g->id >= p->n_forms || p->page_stream != NULL)
		return -1;
	return HPDF_Page_GSave(p->pg) != HPDF_OK ||
	       HPDF_Page_Concat(p->pg, 1, 0, 0, 1, (HPDF_REAL)(g->dx * K),
				(HPDF_REAL)(-g->dy * K)) != HPDF_OK ||
	       HPDF_Page_ExecuteXObject(p->pg, (HPDF_XObject)p->forms[g->id]) != HPDF_OK ||
	       HPDF_Page_GRestore(p->pg) != HPDF_OK;
}

/* A form costs about 250 bytes of objects and a stream of its own, which
 * Flate compresses apart from the page's: worth it for outlines (a digit
 * has 20 to 60 points), never for rects, whose operators compress to a few
 * bytes each (a sheet of cell tiles as forms was a third larger). */
#define FORM_MIN_POINTS 32

static const struct tp_sink pdf_sink = {
	.clip = clip, .rect = draw_shape, .path = draw_shape, .text = draw_shape, .mark_glyphs = 1,
	.image = draw_image,
	.group_begin = form_begin, .group_end = form_end, .use = form_use,
	.reuse_min_shapes = 1, .reuse_min_points = FORM_MIN_POINTS,
};

static int add_box(HPDF_Page pg, const char *key, HPDF_Box box)
{
	return HPDF_Dict_Add(pg, key, HPDF_Box_Array_New(pg->mmgr, box)) == HPDF_OK ? 0 : -1;
}

static HPDF_Box box_pt(double left, double bottom, double w, double h)
{
	HPDF_Box b = { (HPDF_REAL)(left * K), (HPDF_REAL)(bottom * K),
		       (HPDF_REAL)((left + w) * K), (HPDF_REAL)((bottom + h) * K) };
	return b;
}

static int write_page(struct doc *d, const struct tp_scene *sc, size_t idx,
		      const struct tp_walk_opts *view)
{
	double m = view->marks ? sc->margin : 0;
	double w = sc->trim_w + 2 * (sc->bleed + m), h = sc->trim_h + 2 * (sc->bleed + m);
	if (!(w * K >= PAGE_MIN_PT && w * K <= PAGE_MAX_PT &&
	      h * K >= PAGE_MIN_PT && h * K <= PAGE_MAX_PT)) {
		tp_fail(d->e, TP_EINPUT, "PDF: page %zu (%s) is %.1f x %.1f mm; "
			"PDF pages must be 1.1 to 5080 mm a side", idx + 1, sc->name, w, h);
		return -1;
	}

	struct page p = { .d = d, .sc = sc, .off = sc->bleed + m, .h_mm = h, .rgb = d->rgb,
			  .view = view };
	p.bleed = box_pt(m, m, sc->trim_w + 2 * sc->bleed, sc->trim_h + 2 * sc->bleed);
	p.pg = HPDF_AddPage(d->pdf);
	if (p.pg == NULL || tp_pdf_stream_content(&d->out, p.pg) != 0 ||
	    HPDF_Page_SetWidth(p.pg, (HPDF_REAL)(w * K)) != HPDF_OK ||
	    HPDF_Page_SetHeight(p.pg, (HPDF_REAL)(h * K)) != HPDF_OK ||
	    add_box(p.pg, "BleedBox", p.bleed) != 0 ||
	    add_box(p.pg, "TrimBox", box_pt(p.off, p.off, sc->trim_w, sc->trim_h)) != 0)
		return -1;

	if ((sc->n_groups > 0 || tp_scene_places(sc) > 0) && share_resources(&p) != 0)
		return -1;
	int rc = tp_scene_walk(sc, view, &pdf_sink, &p, d->e);
	form_close(&p);
	free(p.forms);
	if (rc != TP_OK)
		return -1;
	tp_pdfp_set_clip(&p, 0);
	if (HPDF_GetError(d->pdf) != HPDF_OK)
		return -1;
	d->keep[0] = d->op[0];   /* shared by every page */
	d->keep[1] = d->op[1];
	void *const *keep;
	size_t n_keep;
	if (tp_pdf_forms_keep(&d->shared, d->keep, d->n_keep, &keep, &n_keep) != 0) {
		d->out.oom = 1;
		return -1;
	}
	return tp_pdf_stream_page(&d->out, p.pg, keep, n_keep);
}

/* A PDF being written page by page (backend.h). */
struct tp_pages_out {
	struct doc d;
	struct haru_err he;
	struct tp_walk_opts view;
	const struct tp_doc_info *info;
	FILE *f;
	size_t n;             /* pages added */
	int failed;           /* e is filled: add and close write nothing */
};

/* e from what failed first: a write, memory or libharu (or the walk). */
static int failure(struct tp_pages_out *w, tp_err *e)
{
	w->failed = 1;
	if (w->d.out.err != 0)
		return tp_fail(e, TP_EIO, "PDF: cannot write: %s", strerror(w->d.out.err));
	HPDF_STATUS no = w->he.no, detail = w->he.detail;
	if (no == HPDF_OK && w->d.pdf != NULL) {
		no = HPDF_GetError(w->d.pdf);
		detail = HPDF_GetErrorDetail(w->d.pdf);
	}
	if (no == HPDF_FAILD_TO_ALLOC_MEM || w->d.out.oom || w->d.pdf == NULL)
		return tp_fail(e, TP_EIO, "PDF: out of memory");
	return tp_fail(e, TP_EIO, "PDF: libharu error 0x%04lX (detail %lu)",
		       (unsigned long)no, (unsigned long)detail);
}

int tp_pdf_open(struct tp_pages_out **out, FILE *f, const struct tp_doc_info *info, tp_err *e)
{
	struct tp_pages_out *w = *out = tp_calloc(1, sizeof *w);
	if (w == NULL)
		return tp_fail(e, TP_EIO, "PDF: out of memory");
	w->info = info;
	w->f = f;
	w->d.e = e;
	w->d.rgb = info->rgb;
	w->d.pdfx4 = info->pdfx4;
	w->d.profile = info->output_profile;
	w->d.n_keep = 2;
	w->d.pdf = HPDF_NewEx(on_error, haru_alloc, haru_free, 0, &w->he);
	if (w->d.pdf == NULL)
		return failure(w, e);
	HPDF_Doc pdf = w->d.pdf;
	/* One version for every file: 1.4 for PDF/X-1a, 1.6 for PDF/X-4. */
	pdf->pdf_version = info->pdfx4 ? HPDF_VER_16 : HPDF_VER_14;
	if (HPDF_SetCompressionMode(pdf, HPDF_COMP_ALL) != HPDF_OK ||
	    tp_pdf_doc_info(pdf, info, e) != 0 ||
	    (!info->rgb && tp_pdf_output_intent(pdf, info, e) != 0) ||
	    tp_pdf_stream_begin(&w->d.out, pdf) != 0)
		return failure(w, e);
	tp_pdf_id_begin(w->d.id, info);
	w->view = tp_backend_view(&tp_backends[TP_BACKEND_PDF], info);
	return TP_OK;
}

int tp_pdf_add(struct tp_pages_out *w, const struct tp_scene *sc, tp_err *e)
{
	if (w->failed)
		return e && e->code != TP_OK ? e->code : TP_EIO;
	w->d.e = e;
	tp_pdf_id_page(w->d.id, sc);
	if (write_page(&w->d, sc, w->n, &w->view) != 0)
		return failure(w, e);
	w->n++;
	return TP_OK;
}

int tp_pdf_close(struct tp_pages_out *w, int write, tp_err *e)
{
	if (w == NULL)
		return TP_OK;
	int rc = TP_OK;
	if (write && !w->failed && w->n == 0)
		rc = tp_fail(e, TP_EINPUT, "PDF: no pages to write");
	else if (write && !w->failed) {
		HPDF_Doc pdf = w->d.pdf;
		/* libharu sets 1.4 whenever it makes an ExtGState (overprint). */
		pdf->pdf_version = w->info->pdfx4 ? HPDF_VER_16 : HPDF_VER_14;
		if ((w->info->pdfx4 && (tp_pdf_xmp(pdf, w->info, w->d.id, e) != 0 ||
					tp_pdf_stream_rest(&w->d.out) != 0)) ||
		    tp_pdf_id_end(pdf, w->d.id) != 0 || tp_pdf_stream_end(&w->d.out, w->f) != 0)
			rc = failure(w, e);
	} else if (write) {
		rc = e && e->code != TP_OK ? e->code : TP_EIO;
	}
	tp_pdf_stream_free(&w->d.out);
	tp_pdf_forms_free(&w->d.shared);
	if (w->d.pdf != NULL)
		HPDF_Free(w->d.pdf);
	free(w);
	return rc;
}

/* The sink of a placed scene: no reuse (a crop has no groups worth it). */
static const struct tp_sink placed_sink = {
	.clip = clip, .rect = draw_shape, .path = draw_shape, .image = draw_image,
};

int tp_pdf_add_placed(struct tp_pages_out *w, double wmm, double hmm, const struct tp_placed *pl,
		      size_t n, const struct tp_walk_opts *view, const char *label, int num,
		      tp_err *e)
{
	if (w->failed)
		return e && e->code != TP_OK ? e->code : TP_EIO;
	struct doc *d = &w->d;
	d->e = e;
	HPDF_Page pg = HPDF_AddPage(d->pdf);
	if (pg == NULL || HPDF_Page_SetWidth(pg, (HPDF_REAL)(wmm * K)) != HPDF_OK ||
	    HPDF_Page_SetHeight(pg, (HPDF_REAL)(hmm * K)) != HPDF_OK ||
	    add_box(pg, "TrimBox", box_pt(0, 0, wmm, hmm)) != 0 ||
	    (label && HPDF_AddPageLabel(d->pdf, (HPDF_UINT)w->n, HPDF_PAGE_NUM_STYLE_DECIMAL,
					(HPDF_UINT)num, label) != HPDF_OK))
		return failure(w, e);
	struct tp_walk_opts o = *view;
	o.marks = 0;
	for (size_t i = 0; i < n; i++) {
		const struct tp_scene *sc = pl[i].sc;
		double b = sc->bleed;
		tp_pdf_id_page(d->id, sc);
		int q = pl[i].quarter != 0;
		struct page p = { .d = d, .sc = sc, .pg = pg, .off = 0, .h_mm = hmm,
				  .dx = q ? 0 : pl[i].x, .dy = q ? 0 : pl[i].y, .rgb = d->rgb };
		p.bleed = box_pt(p.dx - b, hmm - (p.dy + sc->trim_h + b), sc->trim_w + 2 * b,
				 sc->trim_h + 2 * b);
		HPDF_Page_GSave(pg);
		if (q) {
			/* Drawn at the page's corner, then (u, v) mm of the scene
			 * goes to (x + trim_h - v, y + u). */
			HPDF_Page_Concat(pg, 0, -1, 1, 0,
					 (HPDF_REAL)((pl[i].x + sc->trim_h - hmm) * K),
					 (HPDF_REAL)((hmm - pl[i].y) * K));
		} else if (pl[i].turn) {
			double cx = (pl[i].x + sc->trim_w / 2) * K, cy = (hmm - pl[i].y - sc->trim_h / 2) * K;
			HPDF_Page_Concat(pg, -1, 0, 0, -1, (HPDF_REAL)(2 * cx), (HPDF_REAL)(2 * cy));
		}
		int rc = tp_scene_walk(sc, &o, &placed_sink, &p, e);
		if (rc != TP_OK) {
			w->failed = 1;
			return rc;
		}
		tp_pdfp_set_clip(&p, 0);
		HPDF_Page_GRestore(pg);
		if (HPDF_GetError(d->pdf) != HPDF_OK)
			return failure(w, e);
	}
	d->keep[0] = d->op[0];
	d->keep[1] = d->op[1];
	if (tp_pdf_stream_page(&d->out, pg, d->keep, d->n_keep) != 0)
		return failure(w, e);
	w->n++;
	return TP_OK;
}
