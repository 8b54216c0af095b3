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
 * stream X-4 requires (xmp()).  Nothing uses transparency either way. */

#include "print/backend.h"
#include "core/strbuf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <hpdf.h>

#include "core/alloc.h"
#include "core/regfile.h"
#include "print/walk.h"

#ifndef TP_VERSION
#define TP_VERSION "unknown"
#endif

#define K (72.0 / 25.4)      /* points per mm */
#define PAGE_MIN_PT 3.0      /* libharu refuses pages outside these */
#define PAGE_MAX_PT 14400.0

/* libharu reports through a callback; the first report is the root cause. */
struct haru_err {
	HPDF_STATUS no, detail;
};

struct doc {
	HPDF_Doc pdf;
	HPDF_ExtGState op[2];   /* overprint off / on, made on first use */
	tp_err *e;
};

/* A colour as the content stream sets it: CMYK values, or a separation
 * (palette index) at 100 %.  kind 0: none set yet on this page. */
struct colour {
	int kind;               /* 0, 1 process, 2 separation */
	int idx;
	HPDF_REAL v[4];
};

struct page {
	struct doc *d;
	const struct tp_scene *sc;
	HPDF_Page pg;
	double off;             /* mm from the media's left/top edge to the trim */
	double h_mm;            /* media height */
	HPDF_Box bleed;         /* pt, the clip for all non-mark art */
	HPDF_Dict cspaces;      /* /Resources /ColorSpace, made on first spot */
	unsigned char have_cs[TP_MAX_INKS];  /* by palette index */
	int clipped;            /* inside the q ... W n of the bleed clip */
	int want_clip;          /* the walk's clip for the next shape */
	int op, op_outside;     /* overprint now, and outside the clip */
	/* The fill and stroke colours now, and outside the clip: set only
	 * when they change (q ... Q restores them). */
	struct colour fill, stroke, fill_outside, stroke_outside;
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

static HPDF_REAL px(const struct page *p, double x)
{
	return (HPDF_REAL)((x + p->off) * K);
}

static HPDF_REAL py(const struct page *p, double y)
{
	return (HPDF_REAL)((p->h_mm - (y + p->off)) * K);
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
static int set_colour(struct page *p, int id, int paint)
{
	const struct tp_ink *ink = tp_scene_ink(p->sc, id);
	struct colour c = { .kind = ink->kind == TP_INK_PROCESS ? 1 : 2,
			    .idx = tp_ink_index(&p->sc->pal, id) };
	if (c.kind == 1)
		for (int k = 0; k < 4; k++)
			c.v[k] = (HPDF_REAL)unit(ink->cmyk[k]);
	int fill = (paint & TP_FILL) && !same_colour(&c, &p->fill);
	int stroke = (paint & TP_STROKE) && !same_colour(&c, &p->stroke);
	if (fill)
		p->fill = c;
	if (stroke)
		p->stroke = c;
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
static int set_overprint(struct page *p, int on)
{
	on = on != 0;
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
static void set_clip(struct page *p, int on)
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

static int draw_shape(void *ctx, const struct tp_walk_shape *d)
{
	struct page *p = ctx;
	const struct tp_shape *s = d->s;
	set_clip(p, p->want_clip);
	int paint = d->paint;
	if (set_overprint(p, d->ink->overprint) != 0 || set_colour(p, d->ink_id, paint) != 0)
		return -1;
	if (paint & TP_STROKE)
		HPDF_Page_SetLineWidth(p->pg, (HPDF_REAL)(s->stroke * K));

	int drawn = 1;
	if (s->kind == TP_SHAPE_RECT)
		HPDF_Page_Rectangle(p->pg, px(p, s->x), py(p, s->y + s->h),
				    (HPDF_REAL)(s->w * K), (HPDF_REAL)(s->h * K));
	else
		drawn = emit_path(p, d->pts, d->n);
	if (drawn) {
		if (paint == (TP_FILL | TP_STROKE))
			HPDF_Page_FillStroke(p->pg);
		else if (paint == TP_STROKE)
			HPDF_Page_Stroke(p->pg);
		else
			HPDF_Page_Fill(p->pg);
	}
	return 0;
}

static const struct tp_sink pdf_sink = { .clip = clip, .rect = draw_shape, .path = draw_shape };

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

	struct page p = { .d = d, .sc = sc, .off = sc->bleed + m, .h_mm = h };
	p.bleed = box_pt(m, m, sc->trim_w + 2 * sc->bleed, sc->trim_h + 2 * sc->bleed);
	p.pg = HPDF_AddPage(d->pdf);
	if (p.pg == NULL ||
	    HPDF_Page_SetWidth(p.pg, (HPDF_REAL)(w * K)) != HPDF_OK ||
	    HPDF_Page_SetHeight(p.pg, (HPDF_REAL)(h * K)) != HPDF_OK ||
	    add_box(p.pg, "BleedBox", p.bleed) != 0 ||
	    add_box(p.pg, "TrimBox", box_pt(p.off, p.off, sc->trim_w, sc->trim_h)) != 0)
		return -1;

	if (tp_scene_walk(sc, view, &pdf_sink, &p, d->e) != TP_OK)
		return -1;
	set_clip(&p, 0);
	return 0;
}

/* FNV-1a in two lanes: the /ID only has to be stable and differ between
 * documents, not resist forgery. */
static void mix(uint64_t h[2], const void *data, size_t n)
{
	const unsigned char *b = data;
	for (size_t i = 0; i < n; i++)
		for (int l = 0; l < 2; l++)
			h[l] = (h[l] ^ b[i]) * 0x100000001b3ULL;
}

static void mix_d(uint64_t h[2], double v)
{
	mix(h, &v, sizeof v);
}

/* Hashes field by field: struct padding bytes are not deterministic. */
static void hash_scene(uint64_t h[2], const struct tp_scene *sc)
{
	mix_d(h, sc->trim_w);
	mix_d(h, sc->trim_h);
	mix_d(h, sc->bleed);
	mix_d(h, sc->margin);
	for (size_t i = 0; i < sc->pal.n; i++) {
		const struct tp_ink *ink = &sc->pal.ink[i];
		mix(h, ink->name, strnlen(ink->name, sizeof ink->name));
		mix(h, &ink->kind, sizeof ink->kind);
		mix(h, &ink->overprint, sizeof ink->overprint);
		mix(h, ink->cmyk, sizeof ink->cmyk);
	}
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		/* The palette index, not the ink number: what the page shows. */
		unsigned char b[5] = { s->kind, (unsigned char)tp_ink_index(&sc->pal, s->ink),
				       s->paint, s->flags, s->align };
		mix(h, b, sizeof b);
		mix(h, &s->layer, sizeof s->layer);
		double v[5] = { s->stroke, s->x, s->y, s->w, s->h };
		mix(h, v, sizeof v);
		mix(h, &s->first, sizeof s->first);
		mix(h, &s->count, sizeof s->count);
	}
	for (size_t i = 0; i < sc->n_pts; i++) {
		mix(h, &sc->pts[i].op, 1);
		mix_d(h, sc->pts[i].x);
		mix_d(h, sc->pts[i].y);
	}
	mix(h, sc->text, sc->n_text);
}

static int add_id(struct doc *d, const struct tp_scene *const *pages, size_t n,
		  const struct tp_doc_info *info)
{
	uint64_t h[2] = { 0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL };
	if (info->title)
		mix(h, info->title, strlen(info->title) + 1);
	mix(h, &info->epoch, sizeof info->epoch);
	mix(h, &info->marks, sizeof info->marks);
	mix(h, &info->pdfx4, sizeof info->pdfx4);
	const char *intent[] = { info->output_condition, info->output_info,
				 info->output_registry, info->output_profile };
	for (int i = 0; i < 4; i++)
		if (intent[i])
			mix(h, intent[i], strlen(intent[i]) + 1);
	for (size_t i = 0; i < n; i++)
		hash_scene(h, pages[i]);
	HPDF_BYTE id[16];
	for (int i = 0; i < 16; i++)
		id[i] = (HPDF_BYTE)(h[i / 8] >> (8 * (i % 8)));

	HPDF_MMgr mm = d->pdf->mmgr;
	HPDF_Array a = HPDF_Array_New(mm);
	if (HPDF_Dict_Add(d->pdf->trailer, "ID", a) != HPDF_OK ||
	    HPDF_Array_Add(a, HPDF_Binary_New(mm, id, sizeof id)) != HPDF_OK ||
	    HPDF_Array_Add(a, HPDF_Binary_New(mm, id, sizeof id)) != HPDF_OK)
		return -1;
	return 0;
}

/* Next code point of UTF-8 at *s; malformed bytes become U+FFFD. */
static unsigned long utf8_next(const unsigned char **s)
{
	const unsigned char *p = *s;
	int len = p[0] < 0x80 ? 1 : (p[0] & 0xE0) == 0xC0 ? 2 : (p[0] & 0xF0) == 0xE0 ? 3
		: (p[0] & 0xF8) == 0xF0 ? 4 : 0;
	unsigned long c = len == 1 ? p[0] : len ? p[0] & (0x7F >> len) : 0;
	for (int i = 1; i < len; i++) {
		if ((p[i] & 0xC0) != 0x80) {
			len = 0;
			break;
		}
		c = c << 6 | (p[i] & 0x3F);
	}
	if (len == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
		*s = p + 1;
		return 0xFFFD;
	}
	*s = p + len;
	return c;
}

/* A text string in UTF-16BE with BOM, the only encoding of a non-ASCII
 * Info string that every reader agrees on.  libharu writes it as hex. */
static int add_utf16(HPDF_Dict dict, const char *key, const char *utf8)
{
	size_t len = strlen(utf8);
	HPDF_BYTE *buf = tp_malloc(2 * len + 2);
	if (buf == NULL)
		return -1;
	size_t k = 0;
	buf[k++] = 0xFE;
	buf[k++] = 0xFF;
	for (const unsigned char *s = (const unsigned char *)utf8; *s;) {
		unsigned long c = utf8_next(&s);
		if (c > 0xFFFF) {
			c -= 0x10000;
			unsigned long hi = 0xD800 | c >> 10;
			buf[k++] = (HPDF_BYTE)(hi >> 8);
			buf[k++] = (HPDF_BYTE)hi;
			c = 0xDC00 | (c & 0x3FF);
		}
		buf[k++] = (HPDF_BYTE)(c >> 8);
		buf[k++] = (HPDF_BYTE)c;
	}
	int rc = HPDF_Dict_Add(dict, key, HPDF_Binary_New(dict->mmgr, buf, (HPDF_UINT)k));
	free(buf);
	return rc == HPDF_OK ? 0 : -1;
}

/* A text string: literal when ASCII, else UTF-16BE (add_utf16). */
static int add_text(HPDF_Dict dict, const char *key, const char *utf8)
{
	for (const char *c = utf8; *c; c++)
		if ((unsigned char)*c >= 0x80)
			return add_utf16(dict, key, utf8);
	HPDF_String str = HPDF_String_New(dict->mmgr, utf8, NULL);
	return HPDF_Dict_Add(dict, key, str) == HPDF_OK ? 0 : -1;
}

static unsigned long be32(const unsigned char *b)
{
	return (unsigned long)b[0] << 24 | (unsigned long)b[1] << 16 |
	       (unsigned long)b[2] << 8 | b[3];
}

#define ICC_MAX_BYTES ((long)64 << 20)

/* Reads a CMYK output profile whole into *buf (tp_malloc'd) and checks
 * what PDF/X asks of a DestOutputProfile: an ICC file ('acsp'), device
 * class output ('prtr'), data colour space CMYK, the size its header
 * declares.  0, or -1 with d->e filled (TP_EINPUT: the user's file). */
static int read_profile(struct doc *d, const char *path, unsigned char **buf, size_t *n)
{
	*buf = NULL;
	const char *reason;
	FILE *f = tp_fopen_regular(path, &reason);
	if (f == NULL) {
		tp_fail(d->e, TP_EINPUT, "print.output_profile %s: %s", path, reason);
		return -1;
	}
	long len = -1;
	if (fseek(f, 0, SEEK_END) == 0)
		len = ftell(f);
	const char *why = NULL;
	if (len < 128 || len > ICC_MAX_BYTES || fseek(f, 0, SEEK_SET) != 0)
		why = "not an ICC profile (size)";
	else if ((*buf = tp_malloc((size_t)len)) == NULL)
		why = "out of memory";
	else if (fread(*buf, 1, (size_t)len, f) != (size_t)len)
		why = "cannot read";
	else if (memcmp(*buf + 36, "acsp", 4) != 0 || be32(*buf) != (unsigned long)len)
		why = "not an ICC profile";
	else if (memcmp(*buf + 16, "CMYK", 4) != 0)
		why = "not a CMYK profile (PDF/X-1a prints CMYK)";
	else if (memcmp(*buf + 12, "prtr", 4) != 0)
		why = "not an output (printer) profile";
	fclose(f);
	if (why != NULL) {
		free(*buf);
		*buf = NULL;
		tp_fail(d->e, strcmp(why, "out of memory") == 0 ? TP_EIO : TP_EINPUT,
			"print.output_profile %s: %s", path, why);
		return -1;
	}
	*n = (size_t)len;
	return 0;
}

/* Catalog /OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX ... >>]. */
static int output_intent(struct doc *d, const struct tp_doc_info *info)
{
	HPDF_MMgr mm = d->pdf->mmgr;
	const char *cond = info->output_condition && info->output_condition[0]
			   ? info->output_condition : TP_OUTPUT_CONDITION;
	const char *text = info->output_info && info->output_info[0]
			   ? info->output_info : TP_OUTPUT_INFO;
	const char *reg = info->output_registry && info->output_registry[0]
			  ? info->output_registry : TP_OUTPUT_REGISTRY;
	/* Each object is attached as soon as it is made: libharu frees what
	 * it fails to attach, but not what was made and never offered. */
	HPDF_Array list = HPDF_Array_New(mm);
	if (HPDF_Dict_Add(d->pdf->catalog, "OutputIntents", list) != HPDF_OK)
		return -1;
	HPDF_Dict oi = HPDF_Dict_New(mm);
	if (HPDF_Array_Add(list, oi) != HPDF_OK ||
	    HPDF_Dict_AddName(oi, "Type", "OutputIntent") != HPDF_OK ||
	    HPDF_Dict_AddName(oi, "S", "GTS_PDFX") != HPDF_OK ||
	    add_text(oi, "OutputConditionIdentifier", cond) != 0 ||
	    add_text(oi, "OutputCondition", text) != 0 ||
	    add_text(oi, "RegistryName", reg) != 0 ||
	    add_text(oi, "Info", text) != 0)
		return -1;
	if (info->output_profile == NULL || info->output_profile[0] == '\0')
		return 0;
	unsigned char *icc;
	size_t n;
	if (read_profile(d, info->output_profile, &icc, &n) != 0)
		return -1;
	HPDF_Dict st = HPDF_DictStream_New(mm, d->pdf->xref);
	int rc = st != NULL && HPDF_Dict_AddNumber(st, "N", 4) == HPDF_OK &&
		 HPDF_Dict_AddName(st, "Alternate", "DeviceCMYK") == HPDF_OK &&
		 HPDF_Stream_Write(st->stream, icc, (HPDF_UINT)n) == HPDF_OK &&
		 HPDF_Dict_Add(oi, "DestOutputProfile", st) == HPDF_OK ? 0 : -1;
	if (rc == 0)
		st->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
	free(icc);
	return rc;
}

/* text into b with XML's five characters escaped. */
static void xml_text(struct tp_buf *b, const char *text)
{
	for (const char *p = text; *p; p++)
		switch (*p) {
		case '&': tp_buf_printf(b, "&amp;"); break;
		case '<': tp_buf_printf(b, "&lt;"); break;
		case '>': tp_buf_printf(b, "&gt;"); break;
		case '"': tp_buf_printf(b, "&quot;"); break;
		case '\'': tp_buf_printf(b, "&apos;"); break;
		default: tp_buf_printf(b, "%c", *p);
		}
}

/* PDF/X-4 (ISO 15930-7) names its version in XMP metadata: the catalog's
 * /Metadata, an uncompressed XML stream with the title, the dates, the
 * trapping state and pdfxid:GTS_PDFXVersion. */
static int xmp(struct doc *d, const char *title, const struct tm *tm)
{
	char date[40];
	strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", tm);
	struct tp_buf b = { 0 };
	tp_buf_printf(&b, "<?xpacket begin=\"\xef\xbb\xbf\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
			  "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
			  "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
			  "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" "
			  "xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" "
			  "xmlns:pdfxid=\"http://www.npes.org/pdfx/ns/id/\">\n"
			  "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">");
	xml_text(&b, title);
	tp_buf_printf(&b, "</rdf:li></rdf:Alt></dc:title>\n"
			  "<xmp:CreateDate>%s</xmp:CreateDate>\n<xmp:ModifyDate>%s</xmp:ModifyDate>\n"
			  "<xmp:CreatorTool>tilepress " TP_VERSION "</xmp:CreatorTool>\n"
			  "<pdf:Trapped>False</pdf:Trapped>\n"
			  "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>\n"
			  "</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"r\"?>\n",
		      date, date);
	int rc = -1;
	HPDF_Dict st = b.oom ? NULL : HPDF_DictStream_New(d->pdf->mmgr, d->pdf->xref);
	if (st != NULL) {
		st->filter = HPDF_STREAM_FILTER_NONE;
		if (HPDF_Dict_AddName(st, "Type", "Metadata") == HPDF_OK &&
		    HPDF_Dict_AddName(st, "Subtype", "XML") == HPDF_OK &&
		    HPDF_Stream_Write(st->stream, (const HPDF_BYTE *)b.s, (HPDF_UINT)b.len) == HPDF_OK &&
		    HPDF_Dict_Add(d->pdf->catalog, "Metadata", st) == HPDF_OK)
			rc = 0;
	}
	tp_buf_free(&b);
	return rc;
}

static int doc_info(struct doc *d, const struct tp_doc_info *info)
{
	time_t t = (time_t)info->epoch;
	struct tm tm;
	if (gmtime_r(&t, &tm) == NULL || tm.tm_year + 1900 < 1 || tm.tm_year + 1900 > 9999) {
		tp_fail(d->e, TP_EINPUT, "PDF: date %lld out of range", info->epoch);
		return -1;
	}
	HPDF_Date date = { tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
			   tm.tm_min, tm.tm_sec, 'Z', 0, 0 };
	if (HPDF_SetInfoDateAttr(d->pdf, HPDF_INFO_CREATION_DATE, date) != HPDF_OK ||
	    HPDF_SetInfoDateAttr(d->pdf, HPDF_INFO_MOD_DATE, date) != HPDF_OK ||
	    HPDF_SetInfoAttr(d->pdf, HPDF_INFO_CREATOR, "tilepress " TP_VERSION) != HPDF_OK ||
	    HPDF_Dict_AddName(d->pdf->info, "Trapped", "False") != HPDF_OK ||
	    add_text(d->pdf->info, "GTS_PDFXVersion",
		     info->pdfx4 ? "PDF/X-4" : "PDF/X-1a:2003") != 0)
		return -1;
	/* PDF/X wants a title: the sheet's, or the job's. */
	const char *title = info->title ? info->title : info->job ? info->job : "tilepress";
	if (add_text(d->pdf->info, "Title", title) != 0)
		return -1;
	return info->pdfx4 ? xmp(d, title, &tm) : 0;
}

/* Returns 0, -1 for a libharu failure, 1 for a write failure (errno). */
static int copy_out(HPDF_Doc pdf, FILE *f)
{
	HPDF_BYTE buf[16384];
	if (HPDF_SaveToStream(pdf) != HPDF_OK || HPDF_ResetStream(pdf) != HPDF_OK)
		return -1;
	for (;;) {
		HPDF_UINT32 len = sizeof buf;
		HPDF_STATUS st = HPDF_ReadFromStream(pdf, buf, &len);
		if (st != HPDF_OK && st != HPDF_STREAM_EOF)
			return -1;
		if (len > 0 && fwrite(buf, 1, len, f) != len)
			return 1;
		if (st == HPDF_STREAM_EOF)
			return fflush(f) == 0 ? 0 : 1;
	}
}

static int build(struct doc *d, const struct tp_scene *const *pages, size_t n,
		 const struct tp_doc_info *info)
{
	/* One version for every file: 1.4 for PDF/X-1a, 1.6 for PDF/X-4. */
	d->pdf->pdf_version = info->pdfx4 ? HPDF_VER_16 : HPDF_VER_14;
	if (HPDF_SetCompressionMode(d->pdf, HPDF_COMP_ALL) != HPDF_OK ||
	    doc_info(d, info) != 0 || output_intent(d, info) != 0 ||
	    add_id(d, pages, n, info) != 0)
		return -1;
	struct tp_walk_opts view = tp_backend_view(&tp_backends[TP_BACKEND_PDF], info);
	for (size_t i = 0; i < n; i++)
		if (write_page(d, pages[i], i, &view) != 0 ||
		    HPDF_GetError(d->pdf) != HPDF_OK)
			return -1;
	/* libharu sets 1.4 whenever it makes an ExtGState (overprint). */
	d->pdf->pdf_version = info->pdfx4 ? HPDF_VER_16 : HPDF_VER_14;
	return 0;
}

int tp_pdf_write(FILE *f, const struct tp_scene *const *pages, size_t n,
		 const struct tp_doc_info *info, tp_err *e)
{
	if (n == 0)
		return tp_fail(e, TP_EINPUT, "PDF: no pages to write");
	struct haru_err he = { HPDF_OK, HPDF_OK };
	struct doc d = { .e = e };
	d.pdf = HPDF_NewEx(on_error, haru_alloc, haru_free, 0, &he);
	if (d.pdf == NULL)
		return tp_fail(e, TP_EIO, "PDF: out of memory");

	int rc = build(&d, pages, n, info);
	if (rc == 0)
		rc = copy_out(d.pdf, f);
	int err = errno;
	if (rc != 0 && he.no == HPDF_OK) {
		he.no = HPDF_GetError(d.pdf);
		he.detail = HPDF_GetErrorDetail(d.pdf);
	}
	HPDF_Free(d.pdf);

	if (rc == 1)
		return tp_fail(e, TP_EIO, "PDF: cannot write: %s", strerror(err));
	if (rc == 0)
		return TP_OK;
	if (he.no == HPDF_FAILD_TO_ALLOC_MEM)
		return tp_fail(e, TP_EIO, "PDF: out of memory");
	return tp_fail(e, TP_EIO, "PDF: libharu error 0x%04lX (detail %lu)",
		       (unsigned long)he.no, (unsigned long)he.detail);
}
