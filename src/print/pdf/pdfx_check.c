/* PDF/X structure checks on a written PDF (pdfx_check.h). */

#include "print/pdf/pdfx_check.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "core/alloc.h"
#include "print/pdf/pdf_read.h"

struct chk {
	const struct tp_pdf *p;
	const struct tp_pdfx_expect *x;
	void (*report)(void *ctx, int page, const char *what);
	void *ctx;
	int fails;
	int oom;
};

static void fail(struct chk *c, int page, const char *fmt, ...)
{
	char what[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	c->report(c->ctx, page, what);
	c->fails++;
}

static const struct tp_pv *key(const struct chk *c, const struct tp_pv *d, const char *k)
{
	return tp_pdf_key(c->p, d, k);
}

static int str_is(const struct tp_pv *v, const char *s)
{
	return v && v->type == TP_PV_STR && strcmp(v->s, s) == 0;
}

static int nonempty(const struct tp_pv *v)
{
	return v && v->type == TP_PV_STR && v->len > 0;
}

/* ---- the document ---------------------------------------------------------------- */

static int is_date(const struct tp_pv *v)
{
	if (v == NULL || v->type != TP_PV_STR || v->len < 16 || strncmp(v->s, "D:", 2) != 0)
		return 0;
	for (int i = 2; i < 16; i++)
		if (v->s[i] < '0' || v->s[i] > '9')
			return 0;
	return 1;
}

static void document(struct chk *c)
{
	const struct tp_pdf *p = c->p;
	int x4 = c->x->pdfx4;
	if (x4 ? strcmp(p->version, "1.6") != 0
	       : strcmp(p->version, "1.3") != 0 && strcmp(p->version, "1.4") != 0)
		fail(c, 0, "header version %s: %s", p->version,
		     x4 ? "PDF/X-4 is written as PDF 1.6" : "PDF/X-1a:2003 allows 1.3 or 1.4");
	if (key(c, &p->trailer, "Encrypt"))
		fail(c, 0, "encrypted");
	const struct tp_pv *id = key(c, &p->trailer, "ID");
	if (id == NULL || id->type != TP_PV_ARR || id->n != 2 || !nonempty(&id->items[0]) ||
	    !nonempty(&id->items[1]))
		fail(c, 0, "trailer /ID missing or not two strings");
	const struct tp_pv *info = key(c, &p->trailer, "Info");
	const char *want = x4 ? "PDF/X-4" : "PDF/X-1a:2003";
	if (!str_is(key(c, info, "GTS_PDFXVersion"), want))
		fail(c, 0, "Info /GTS_PDFXVersion is not (%s)", want);
	if (!tp_pv_is(key(c, info, "Trapped"), "True") && !tp_pv_is(key(c, info, "Trapped"), "False"))
		fail(c, 0, "Info /Trapped is not /True or /False");
	if (!nonempty(key(c, info, "Title")))
		fail(c, 0, "Info /Title missing");
	if (!is_date(key(c, info, "CreationDate")) || !is_date(key(c, info, "ModDate")))
		fail(c, 0, "Info /CreationDate or /ModDate not a D: date");
	const struct tp_pv *cat = key(c, &p->trailer, "Root");
	static const char *const banned[] = { "OpenAction", "AA", "AcroForm" };
	for (int i = 0; i < 3; i++)
		if (key(c, cat, banned[i]))
			fail(c, 0, "catalog /%s", banned[i]);
	if (x4 && key(c, cat, "Metadata") == NULL)
		fail(c, 0, "no XMP /Metadata in the catalog (PDF/X-4)");
	const struct tp_pv *ois = key(c, cat, "OutputIntents");
	int n = 0;
	for (size_t i = 0; ois && ois->type == TP_PV_ARR && i < ois->n; i++) {
		const struct tp_pv *oi = tp_pdf_deref(p, &ois->items[i]);
		if (!tp_pv_is(key(c, oi, "S"), "GTS_PDFX"))
			continue;
		n++;
		const struct tp_pv *cond = key(c, oi, "OutputConditionIdentifier");
		if (!nonempty(cond))
			fail(c, 0, "output intent without /OutputConditionIdentifier");
		else if (c->x->condition && c->x->condition[0] && !str_is(cond, c->x->condition))
			fail(c, 0, "output intent names %s, not %s", cond->s, c->x->condition);
		if (!nonempty(key(c, oi, "RegistryName")) && !key(c, oi, "DestOutputProfile"))
			fail(c, 0, "output intent with neither /RegistryName nor /DestOutputProfile");
	}
	if (n != 1)
		fail(c, 0, "%d /GTS_PDFX output intents (exactly 1 needed)", n);
}

/* ---- every object ------------------------------------------------------------------ */

static int one_of(const struct tp_pv *v, const char *const *names)
{
	for (; *names; names++)
		if (tp_pv_is(v, *names))
			return 1;
	return 0;
}

static void font(struct chk *c, const struct tp_pv *f)
{
	const struct tp_pv *sub = key(c, f, "Subtype");
	if (tp_pv_is(sub, "Type3"))
		return;
	if (tp_pv_is(sub, "Type0")) {
		const struct tp_pv *d = key(c, f, "DescendantFonts");
		if (d && d->type == TP_PV_ARR && d->n > 0)
			font(c, tp_pdf_deref(c->p, &d->items[0]));
		return;
	}
	const struct tp_pv *fd = key(c, f, "FontDescriptor");
	if (!key(c, fd, "FontFile") && !key(c, fd, "FontFile2") && !key(c, fd, "FontFile3"))
		fail(c, 0, "a font not embedded");
}

/* A dictionary's keys that PDF/X forbids or limits. */
static void dict_rules(struct chk *c, const struct tp_pv *v)
{
	static const char *const normal[] = { "Normal", "Compatible", NULL };
	const struct tp_pv *sm = key(c, v, "SMask"), *bm = key(c, v, "BM");
	/* PDF/X-4 allows transparency: a picture's alpha as its soft mask. */
	if (sm && !tp_pv_is(sm, "None") && !(c->x->pdfx4 && tp_pv_is(key(c, v, "Subtype"), "Image")))
		fail(c, 0, "a soft mask (transparency)");
	static const char *const alpha[] = { "CA", "ca" };
	for (int i = 0; i < 2; i++) {
		const struct tp_pv *a = key(c, v, alpha[i]);
		if (a && a->type == TP_PV_NUM && a->num != 1)
			fail(c, 0, "/%s %g (transparency)", alpha[i], a->num);
	}
	if (bm && !one_of(bm, normal))
		fail(c, 0, "blend mode other than Normal (transparency)");
	if (tp_pv_is(key(c, v, "S"), "Transparency"))
		fail(c, 0, "a transparency group");
	static const char *const actions[] = { "JavaScript", "Launch", "URI", "GoToR", NULL };
	if (key(c, v, "JS") || one_of(key(c, v, "S"), actions))
		fail(c, 0, "an action or JavaScript");
	if (tp_pv_is(key(c, v, "Type"), "Font"))
		font(c, v);
}

static void walk(struct chk *c, const struct tp_pv *v, int depth)
{
	static const char *const rgb[] = { "DeviceRGB", "CalRGB", "Lab", "ICCBased", NULL };
	static const char *const dev[] = { "DeviceCMYK", "DeviceGray", NULL };
	if (v == NULL || depth > 32)
		return;
	if (one_of(v, rgb))
		fail(c, 0, "colour space %s", v->s);
	if (v->type == TP_PV_ARR && v->n >= 3 &&
	    (tp_pv_is(&v->items[0], "Separation") || tp_pv_is(&v->items[0], "DeviceN")) &&
	    !one_of(tp_pdf_deref(c->p, &v->items[2]), dev))
		fail(c, 0, "%s with an alternate other than DeviceCMYK or DeviceGray", v->items[0].s);
	if (v->type == TP_PV_DICT)
		dict_rules(c, v);
	for (size_t i = 0; (v->type == TP_PV_ARR || v->type == TP_PV_DICT) && i < v->n; i++)
		walk(c, &v->items[i], depth + 1);
}

/* ---- the pages ---------------------------------------------------------------------- */

static int box(const struct tp_pv *v, double b[4])
{
	if (v == NULL || v->type != TP_PV_ARR || v->n != 4)
		return -1;
	for (int i = 0; i < 4; i++)
		if (v->items[i].type != TP_PV_NUM)
			return -1;
	b[0] = fmin(v->items[0].num, v->items[2].num);
	b[1] = fmin(v->items[1].num, v->items[3].num);
	b[2] = fmax(v->items[0].num, v->items[2].num);
	b[3] = fmax(v->items[1].num, v->items[3].num);
	return 0;
}

static int within(const double a[4], const double b[4])
{
	const double eps = 0.01;
	return a[0] >= b[0] - eps && a[1] >= b[1] - eps && a[2] <= b[2] + eps && a[3] <= b[3] + eps;
}

/* The key on the page or inherited from its parents. */
static const struct tp_pv *inherited(struct chk *c, const struct tp_pv *pg, const char *k)
{
	for (int d = 0; pg && d < 32; d++, pg = key(c, pg, "Parent")) {
		const struct tp_pv *v = key(c, pg, k);
		if (v)
			return v;
	}
	return NULL;
}

/* 1 when the decoded content holds the operator rg or RG. */
/* An rg or RG operator between white space (or the ends), found in a
 * stream fed in pieces: w holds the last three bytes before the piece,
 * spaces at the start, so a piece boundary hides nothing and a content
 * stream is read in a fixed window, not inflated whole. */
struct rgb_scan {
	unsigned char w[3];
	int found;
};

static int is_ws(int ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

static void rgb_begin(struct rgb_scan *r)
{
	memset(r->w, ' ', sizeof r->w);
	r->found = 0;
}

static void rgb_feed(struct rgb_scan *r, const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n && !r->found; i++) {
		/* w[0] before the pair w[1] w[2], s[i] after it. */
		if ((r->w[1] == 'r' || r->w[1] == 'R') && r->w[2] == (r->w[1] == 'r' ? 'g' : 'G') &&
		    is_ws(r->w[0]) && is_ws(s[i]))
			r->found = 1;
		r->w[0] = r->w[1];
		r->w[1] = r->w[2];
		r->w[2] = s[i];
	}
}

/* The stream's end counts as white space after a last pair. */
static int rgb_end(struct rgb_scan *r)
{
	rgb_feed(r, (const unsigned char *)" ", 1);
	return r->found;
}

static int has_rgb_op(const unsigned char *s, size_t n)
{
	struct rgb_scan r;
	rgb_begin(&r);
	rgb_feed(&r, s, n);
	return rgb_end(&r);
}

static void stream(struct chk *c, int page, const struct tp_pdf_obj *o);

/* A page's content stream. */
static void content(struct chk *c, int page, const struct tp_pv *ref)
{
	const struct tp_pdf_obj *o = ref && ref->type == TP_PV_REF ? tp_pdf_obj(c->p, (int)ref->num) : NULL;
	if (o == NULL || o->stream == NULL) {
		fail(c, page, "page content is not a stream");
		return;
	}
	stream(c, page, o);
}

/* A content stream's bytes (a page's or a form's), inflated when it is
 * FlateDecode: no RGB colour operator. */
static void stream(struct chk *c, int page, const struct tp_pdf_obj *o)
{
	const struct tp_pv *f = key(c, &o->v, "Filter");
	if (f && f->type == TP_PV_ARR && f->n == 1)
		f = &f->items[0];
	if (f == NULL) {
		if (has_rgb_op(o->stream, o->stream_len))
			fail(c, page, "an RGB colour operator (rg/RG)");
		return;
	}
	if (!tp_pv_is(f, "FlateDecode")) {
		fail(c, page, "content filter %s not read here", f->type == TP_PV_NAME ? f->s : "?");
		return;
	}
	/* An empty stream is an empty page (libharu writes a blank page's
	 * content as no bytes at all, filter or not; qpdf reads it so). */
	if (o->stream_len == 0)
		return;
	unsigned char out[64 * 1024];
	z_stream z;
	memset(&z, 0, sizeof z);
	if (inflateInit(&z) != Z_OK) {
		c->oom = 1;
		return;
	}
	struct rgb_scan r;
	rgb_begin(&r);
	const unsigned char *in = o->stream;
	size_t left = o->stream_len;
	int st = Z_OK;
	while (st == Z_OK) {
		if (z.avail_in == 0 && left > 0) {
			z.next_in = (unsigned char *)in;
			z.avail_in = left > 1u << 30 ? 1u << 30 : (uInt)left;
			in += z.avail_in;
			left -= z.avail_in;
		}
		z.next_out = out;
		z.avail_out = sizeof out;
		st = inflate(&z, Z_NO_FLUSH);
		rgb_feed(&r, out, sizeof out - z.avail_out);
		if (st == Z_BUF_ERROR && (z.avail_in > 0 || left > 0))
			st = Z_OK;   /* no progress possible this round only */
	}
	inflateEnd(&z);
	if (st == Z_MEM_ERROR)
		c->oom = 1;
	else if (st != Z_STREAM_END)
		fail(c, page, "content stream does not inflate");
	else if (rgb_end(&r))
		fail(c, page, "an RGB colour operator (rg/RG)");
}

static void page_rules(struct chk *c, int page, const struct tp_pv *pg)
{
	double mb[4], tb[4], bb[4];
	if (box(inherited(c, pg, "MediaBox"), mb) != 0)
		fail(c, page, "no /MediaBox");
	else if (box(key(c, pg, "TrimBox"), tb) != 0)
		fail(c, page, "no /TrimBox");
	else if (key(c, pg, "ArtBox"))
		fail(c, page, "both /TrimBox and /ArtBox");
	else if (key(c, pg, "BleedBox") && box(key(c, pg, "BleedBox"), bb) != 0)
		fail(c, page, "a /BleedBox that is not a box");
	else {
		if (!key(c, pg, "BleedBox"))
			memcpy(bb, tb, sizeof bb);
		if (!within(tb, bb) || !within(bb, mb))
			fail(c, page, "boxes not nested: TrimBox inside BleedBox inside MediaBox");
	}
	if (key(c, pg, "Annots") || key(c, pg, "AA"))
		fail(c, page, "annotations or actions");
	const struct tp_pv *ct = tp_pdf_key(c->p, pg, "Contents");
	const struct tp_pv *d = tp_pdf_deref(c->p, pg);
	for (size_t i = 0; d && i < d->n; i++)
		if (strcmp(d->keys[i], "Contents") == 0)
			ct = &d->items[i];
	if (ct && ct->type == TP_PV_ARR)
		for (size_t i = 0; i < ct->n; i++)
			content(c, page, &ct->items[i]);
	else if (ct)
		content(c, page, ct);
}

/* The page tree in order. */
static void pages(struct chk *c, const struct tp_pv *node, int *page, int depth)
{
	if (node == NULL || depth > 32)
		return;
	if (tp_pv_is(key(c, node, "Type"), "Page")) {
		page_rules(c, ++*page, node);
		return;
	}
	const struct tp_pv *kids = key(c, node, "Kids");
	for (size_t i = 0; kids && kids->type == TP_PV_ARR && i < kids->n; i++)
		pages(c, tp_pdf_deref(c->p, &kids->items[i]), page, depth + 1);
}

int tp_pdfx_check(const unsigned char *buf, size_t n, const struct tp_pdfx_expect *x,
		  void (*report)(void *ctx, int page, const char *what), void *ctx)
{
	struct tp_pdf p;
	char why[160];
	struct chk c = { &p, x, report, ctx, 0, 0 };
	int rd = tp_pdf_read(&p, buf, n, why, sizeof why);
	if (rd == TP_PDF_OOM)
		return -1;
	if (rd != 0) {
		char what[200];
		snprintf(what, sizeof what, "the file cannot be read back: %s", why);
		report(ctx, 0, what);
		return 1;
	}
	document(&c);
	for (size_t i = 0; i < p.n_objs; i++) {
		walk(&c, &p.objs[i].v, 0);
		if (p.objs[i].stream && tp_pv_is(key(&c, &p.objs[i].v, "Subtype"), "Form"))
			stream(&c, 0, &p.objs[i]);
	}
	int np = 0;
	pages(&c, key(&c, key(&c, &p.trailer, "Root"), "Pages"), &np, 0);
	if (x->pages && (size_t)np != x->pages)
		fail(&c, 0, "%d pages, %zu laid out", np, x->pages);
	tp_pdf_free(&p);
	return c.oom ? -1 : c.fails;
}
