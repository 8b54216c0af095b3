/* The preflight of a PDF file (pf_file.h). */

#include "print/preflight/pf_file.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "print/ink/spot_name.h"
#include "print/pdf/pdf_content.h"
#include "print/pdf/pdf_read.h"
#include "print/pdf/pdfx_check.h"
#include "print/preflight/preflight_int.h"

#define MM (25.4 / 72)
#define EPS 0.01

struct page_ctx {
	const struct tp_pdf *p;
	const struct tp_pf_file_rules *fr;
	struct tp_preflight *pf;
	const char *name;
	struct tp_scene *sc;
	double trim[4], bleed[4];    /* pt, page space */
	size_t n_process;            /* game inks used as process colours */
	struct tp_pt *tmp;           /* a path in mm */
	size_t cap_tmp;
	int oom;
	int page;
	int spot_named[8];           /* spot-name findings per kind, once a page each */
};

/* ---- findings ------------------------------------------------------------------------- */

static void note_at(struct page_ctx *C, int sev, double x, double y, const char *rule, double value,
		    double limit, const char *fmt, ...) __attribute__((format(printf, 8, 9)));
static void note_at(struct page_ctx *C, int sev, double x, double y, const char *rule, double value,
		    double limit, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct tp_pf_finding *f =
		tp_pf_record(C->pf, TP_PF_MAX_FINDINGS, sev, C->name, C->page, rule, fmt, ap);
	va_end(ap);
	if (f == NULL)
		return;
	f->x = x;
	f->y = y;
	f->value = value;
	f->limit = limit;
}

/* Page point (pt, y up) to the scene's mm from the trim's top-left. */
static void to_mm(const struct page_ctx *C, double x, double y, double *mx, double *my)
{
	*mx = (x - C->trim[0]) * MM;
	*my = (C->trim[3] - y) * MM;
}

/* ---- inks ---------------------------------------------------------------------------- */

/* 1 when word occurs in s, whatever the case. */
static int has_word(const char *s, const char *word)
{
	size_t n = strlen(word);
	for (; *s; s++)
		if (strncasecmp(s, word, n) == 0)
			return 1;
	return 0;
}

static int die_like(const char *name, const char *cut)
{
	if (cut && cut[0])
		return strcasecmp(name, cut) == 0;
	return has_word(name, "cut") || has_word(name, "die") || has_word(name, "crease") ||
	       has_word(name, "perf");
}

/* The scene ink for colour c painted with overprint op: a shared ink for
 * a spot (the die's, emboss, registration, any other), else a game ink
 * per process colour and overprint (the nearest one when all 32 are
 * taken).  -1: not an ink the scene shows (RGB, an unnamed spot). */
static int ink_for(struct page_ctx *C, const struct tp_pc_colour *c, int op)
{
	struct tp_palette *pal = &C->sc->pal;
	if (c->rgb)
		return -1;
	if (c->spot[0]) {
		int id = strcmp(c->spot, "All") == 0 ? TP_INK_REG
		       : die_like(c->spot, C->fr->cut_ink) ? TP_INK_CUT
		       : has_word(c->spot, "emboss") ? TP_INK_EMBOSS
							: TP_INK_ASSEMBLY;
		struct tp_ink *k = &pal->ink[tp_ink_index(pal, id)];
		if (k->name[0] == '\0' || id == TP_INK_REG) {
			snprintf(k->name, sizeof k->name, "%.39s", c->spot);
			k->kind = id == TP_INK_REG ? TP_INK_REGISTRATION : TP_INK_SPOT;
			memcpy(k->cmyk, c->cmyk, sizeof k->cmyk);
			k->overprint = 1;
		}
		/* One paint of the ink that knocks out makes it knock out. */
		if (!op && id != TP_INK_REG)
			k->overprint = 0;
		return id;
	}
	double best = INFINITY;
	int at = -1;
	for (size_t i = 0; i < C->n_process; i++) {
		const struct tp_ink *k = &pal->ink[i];
		double d = 0;
		for (int q = 0; q < 4; q++)
			d += fabs(k->cmyk[q] - c->cmyk[q]);
		if (d < 5e-4 && k->overprint == op)
			return (int)i;
		if (d < best && k->overprint == op) {
			best = d;
			at = (int)i;
		}
	}
	if (C->n_process < TP_GAME_INKS_MAX) {
		struct tp_ink *k = &pal->ink[C->n_process];
		snprintf(k->name, sizeof k->name, "C%.0f M%.0f Y%.0f K%.0f%s", 100 * c->cmyk[0],
			 100 * c->cmyk[1], 100 * c->cmyk[2], 100 * c->cmyk[3], op ? " op" : "");
		k->kind = TP_INK_PROCESS;
		k->overprint = op;
		memcpy(k->cmyk, c->cmyk, sizeof k->cmyk);
		return (int)C->n_process++;
	}
	return at >= 0 ? at : 0;
}

/* ---- rules on what is painted --------------------------------------------------------- */

/* The thinnest subpath of a fill, as twice its area over its perimeter
 * (a long strip: its width), mm; curves by their control polygon. */
static double thickness(const struct tp_pt *p, size_t n)
{
	double best = INFINITY, a = 0, l = 0, sx = 0, sy = 0, px = 0, py = 0;
	int open = 0;
	for (size_t i = 0; i <= n; i++) {
		int end = i == n || p[i].op == TP_MOVE;
		if (end && open) {
			a += px * sy - sx * py;
			l += hypot(sx - px, sy - py);
			if (l > 1e-9)
				best = fmin(best, fabs(a) / l);
			open = 0;
		}
		if (i == n)
			break;
		if (p[i].op == TP_MOVE) {
			sx = px = p[i].x;
			sy = py = p[i].y;
			a = l = 0;
			open = 1;
			continue;
		}
		if (p[i].op == TP_CLOSE)
			continue;
		a += px * p[i].y - p[i].x * py;
		l += hypot(p[i].x - px, p[i].y - py);
		px = p[i].x;
		py = p[i].y;
	}
	return best;
}

static int inside_trim(const struct page_ctx *C, const double b[4])
{
	return b[2] > C->trim[0] + EPS && b[0] < C->trim[2] - EPS && b[3] > C->trim[1] + EPS &&
	       b[1] < C->trim[3] - EPS;
}

static int outside_bleed(const struct page_ctx *C, const double b[4])
{
	return b[2] < C->bleed[0] + EPS || b[0] > C->bleed[2] - EPS || b[3] < C->bleed[1] + EPS ||
	       b[1] > C->bleed[3] - EPS;
}

static int on_paint(void *ctx, const struct tp_pc_paint *pt)
{
	struct page_ctx *C = ctx;
	const struct tp_pf_file_rules *fr = C->fr;
	double x0, y0, x1, y1;
	to_mm(C, pt->box[0], pt->box[3], &x0, &y0);
	to_mm(C, pt->box[2], pt->box[1], &x1, &y1);
	double cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
	char why[160];
	/* All is registration: right for the marks, outside the trim or on a
	 * press sheet's margins, wrong for anything cut. */
	int reg = pt->col.spot[0] && strcasecmp(pt->col.spot, "All") == 0;
	if (pt->col.spot[0] && tp_spot_name_refused(pt->col.spot, why, sizeof why) &&
	    (!reg || (inside_trim(C, pt->box) && !C->sc->press)))
		note_at(C, TP_PF_ERROR, cx, cy, "spot-name", NAN, NAN, "spot ink %s: %s", pt->col.spot, why);
	if (pt->col.rgb)
		note_at(C, TP_PF_ERROR, cx, cy, "colour", NAN, NAN, "%s painted in RGB",
			pt->what == TP_PC_IMAGE ? "an image" : pt->what == TP_PC_TEXT ? "text" : "a shape");
	if (pt->what == TP_PC_TEXT) {
		if (fr->min_text_pt > 0 && pt->size < fr->min_text_pt - 1e-6)
			note_at(C, TP_PF_WARNING, cx, cy, "text-size", pt->size, fr->min_text_pt,
				"text %.2f pt", pt->size);
		return 0;
	}
	if (pt->what == TP_PC_IMAGE)
		return 0;
	int ink = ink_for(C, &pt->col, pt->overprint);
	if (ink < 0)
		return 0;
	/* The path in mm, y down. */
	if (tp_grow((void **)&C->tmp, &C->cap_tmp, pt->n, sizeof *C->tmp, 64) != 0) {
		C->oom = 1;
		return 1;
	}
	for (size_t i = 0; i < pt->n; i++) {
		C->tmp[i].op = pt->pts[i].op;
		to_mm(C, pt->pts[i].x, pt->pts[i].y, &C->tmp[i].x, &C->tmp[i].y);
	}
	int mark = outside_bleed(C, pt->box) ||
		   (ink == TP_INK_REG && (!inside_trim(C, pt->box) || C->sc->press));
	if (pt->what == TP_PC_FILL && !mark && fr->min_fill > 0 && ink != TP_INK_CUT &&
	    ink != TP_INK_EMBOSS) {
		double t = thickness(C->tmp, pt->n);
		if (t < fr->min_fill - 1e-9)
			note_at(C, TP_PF_WARNING, cx, cy, "thin-fill", t, fr->min_fill,
				"a filled area %.3f mm thin in %s", t,
				tp_scene_ink(C->sc, ink) ? tp_scene_ink(C->sc, ink)->name : "?");
	}
	int paint = pt->what == TP_PC_FILL ? TP_FILL : TP_STROKE;
	if (tp_scene_path(C->sc, ink, paint, paint == TP_STROKE ? pt->width * MM : 0, C->tmp, pt->n) != 0) {
		C->oom = 1;
		return 1;
	}
	if (mark)
		tp_scene_flag_last(C->sc, TP_SHAPE_MARK);
	return 0;
}

/* ---- the page ------------------------------------------------------------------------ */

static int box_of(const struct tp_pdf *p, const struct tp_pv *pg, const char *key, double b[4])
{
	const struct tp_pv *v = NULL;
	for (int d = 0; pg && d < 32 && v == NULL; d++) {
		v = tp_pdf_key(p, pg, key);
		pg = tp_pdf_key(p, pg, "Parent");
	}
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

struct file_ctx {
	const struct tp_pdf *p;
	const struct tp_pf_file_rules *fr;
	struct tp_preflight *pf;
	const char *name;
	int oom;
};

static void on_page(void *ctx, int k, const struct tp_pv *pg)
{
	struct file_ctx *F = ctx;
	if (F->oom)
		return;
	const struct tp_pf_file_rules *fr = F->fr;
	struct page_ctx C = { .p = F->p, .fr = fr, .pf = F->pf, .name = F->name, .page = k };
	double media[4];
	if (box_of(F->p, pg, "MediaBox", media) != 0)
		return;   /* pdfx says so */
	if (box_of(F->p, pg, "TrimBox", C.trim) != 0)
		memcpy(C.trim, media, sizeof media);
	if (box_of(F->p, pg, "BleedBox", C.bleed) != 0)
		memcpy(C.bleed, C.trim, sizeof C.trim);
	/* (To 1e-4 mm: the boxes are written to 1e-5 pt.) */
	double bleed = round(fmin(fmin(C.trim[0] - C.bleed[0], C.bleed[2] - C.trim[2]),
				  fmin(C.trim[1] - C.bleed[1], C.bleed[3] - C.trim[3])) * MM * 1e4) / 1e4;
	double W = (C.trim[2] - C.trim[0]) * MM, H = (C.trim[3] - C.trim[1]) * MM;
	double beyond = fmax(fmax(C.bleed[0] - media[0], media[2] - C.bleed[2]),
			     fmax(C.bleed[1] - media[1], media[3] - C.bleed[3]));
	/* An imposed press sheet: no bleed, the page the sheet itself. */
	int press = bleed < EPS && beyond < 0.5;
	if (!fr->marks && beyond > 0.5)
		note_at(&C, TP_PF_ERROR, 0, 0, "marks", beyond * MM, 0,
			"a media box %.1f mm beyond the bleed box: room for printer's marks the rules forbid",
			beyond * MM);
	struct tp_palette pal;
	memset(&pal, 0, sizeof pal);
	pal.n_game = TP_GAME_INKS_MAX;
	pal.n = TP_MAX_INKS;
	C.sc = tp_scene_new(F->name, W, H, fmax(bleed, 0), &pal);
	if (C.sc == NULL || tp_scene_layer(C.sc, "content") != 0) {
		F->oom = 1;
		tp_scene_free(C.sc);
		return;
	}
	C.sc->press = press;
	struct tp_pc_result res;
	if (tp_pdf_content_page(F->p, pg, on_paint, &C, &res) != 0 || C.oom) {
		F->oom = 1;
	} else {
		if (res.broken)
			note_at(&C, TP_PF_ERROR, 0, 0, "content", NAN, NAN, "the page's content: %s", res.why);
		/* Unused shared inks keep a name: the walk skips none it needs. */
		for (int id = TP_GAME_INKS_MAX; id < TP_INK_SHARED_END; id++) {
			struct tp_ink *ik = &C.sc->pal.ink[tp_ink_index(&C.sc->pal, id)];
			if (ik->name[0] == '\0')
				snprintf(ik->name, sizeof ik->name, "unused-%d", id);
		}
		struct tp_pf_rules r = fr->r;
		r.safe = 0;
		/* Coordinates written to 1e-5 pt: a 0.5 mm piece beside a
		 * nick turns by up to 1e-5. */
		r.dir_tol = 1e-4;
		r.press_w = r.press_h = 0;
		/* The page's process inks are all of them: a game's slots
		 * beyond them stay out of the walk. */
		if (tp_preflight_page(F->pf, &r, F->name, k, C.sc) != 0)
			F->oom = 1;
	}
	free(C.tmp);
	tp_scene_free(C.sc);
}

struct pdfx_ctx {
	struct tp_preflight *pf;
	const char *name;
};

static void pdfx_finding(void *ctx, int page, const char *what)
{
	struct pdfx_ctx *p = ctx;
	tp_preflight_note(p->pf, TP_PF_ERROR, p->name, page, "pdfx", "%s", what);
}

int tp_preflight_pdf(const unsigned char *buf, size_t n, const char *name,
		     const struct tp_pf_file_rules *fr, struct tp_preflight *pf)
{
	struct tp_pdfx_expect x = { fr->pdfx4, fr->condition, 0 };
	struct pdfx_ctx px = { pf, name };
	int rc = tp_pdfx_check(buf, n, &x, pdfx_finding, &px);
	if (rc < 0)
		return -1;
	struct tp_pdf p;
	char why[160];
	int rd = tp_pdf_read(&p, buf, n, why, sizeof why);
	if (rd == TP_PDF_OOM)
		return -1;
	if (rd != 0)
		return 0;   /* pdfx has said the file cannot be read */
	struct file_ctx F = { &p, fr, pf, name, 0 };
	tp_pdf_pages(&p, on_page, &F);
	tp_pdf_free(&p);
	return F.oom ? -1 : 0;
}
