/* The preflight of a build (preflight_run.h). */

#include "app/build/preflight_run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "app/build/preflight_cut.h"
#include "core/alloc.h"
#include "app/impose_game.h"
#include "app/sheet_pages.h"
#include "print/backend/backend.h"
#include "print/layout/impose.h"
#include "print/pdf/pdfx_check.h"
#include "print/layout/sheet.h"

void tp_pf_rules_of(const struct tp_config *c, struct tp_pf_rules *r)
{
	const struct tp_print *p = &c->print;
	*r = (struct tp_pf_rules){ 0 };
	r->bleed = p->bleed_mm;
	r->safe = p->safe_mm;
	r->min_tint_line = p->inks.min_tint_line_mm;
	r->max_tac = p->max_tac_pct;
	r->min_ppi = p->image_ppi_min;
	r->warn_ppi = p->image_ppi_warn;
	r->profile = p->output_profile;
	r->die_gap = p->min_die_gap_mm;
	r->min_component = p->min_component_mm;
	r->min_line = p->min_line_mm;
	r->emboss_min = p->emboss_min_mm;
	r->emboss_gap = p->emboss_gap_mm;
	if (p->nicks_per_side > 0) {
		r->nick = p->nick_mm;
		r->nick_corner = p->nick_corner_mm;
	}
	r->marks_margin = p->marks ? TP_MARK_MARGIN_MM : 0;
	/* A press sheet is known when the layout imposes on it or the
	 * config (or its profile) names one. */
	if (p->layout == TP_LAYOUT_PUNCHBOARD || tp_config_given(c, "print", "sheet_mm")) {
		struct tp_press pr;
		double a[4];
		tp_press_of(c, &pr);
		tp_press_clear(&pr, a);
		r->press_w = a[2];
		r->press_h = a[3];
	}
}

struct pdf_ctx {
	struct tp_preflight *pf;
	const char *sheet;
};

static void pdf_finding(void *ctx, int page, const char *what)
{
	struct pdf_ctx *p = ctx;
	tp_preflight_note(p->pf, TP_PF_ERROR, p->sheet, page, "pdfx", "%s.pdf: %s", p->sheet, what);
}

/* The sheet's press PDF as the build writes it (marks and all), in
 * memory, read back for its PDF/X structure (print/pdf/pdfx_check.h). */
static int check_pdf(const struct tp_config *c, const struct tp_sheet_def *d, struct tp_doc *doc,
		     long long epoch, struct tp_preflight *pf, tp_err *e)
{
	char title[160], file[80];
	snprintf(title, sizeof title, "%s: %s", c->print.job, d->title);
	snprintf(file, sizeof file, "%s.pdf", d->name);
	struct tp_doc_info info = {
		.title = title, .job = c->print.job, .file = file, .epoch = epoch,
		.dpi = c->print.dpi, .marks = c->print.marks,
		.output_condition = c->print.output_condition, .output_info = c->print.output_info,
		.output_registry = c->print.output_registry, .output_profile = c->print.output_profile,
		.pdfx4 = c->print.pdfx == TP_PDFX_4,
	};
	const struct tp_scene **pages = tp_calloc(doc->n + 1, sizeof *pages);
	struct tp_scene_state *saved = tp_calloc(doc->n + 1, sizeof *saved);
	char *buf = NULL;
	size_t n = 0, marked = 0;
	int rc = pages && saved ? TP_OK : tp_fail(e, TP_EIO, "out of memory preflighting %s", file);
	for (; rc == TP_OK && marked < doc->n; marked++) {
		struct tp_page *pg = &doc->pages[marked];
		struct tp_slug slug = { c->print.job, file, d->name, epoch, pg->note[0] ? pg->note : NULL,
					{ pg->overlap[0], pg->overlap[1], pg->overlap[2], pg->overlap[3] } };
		tp_scene_save(pg->sc, &saved[marked]);
		pages[marked] = pg->sc;
		if (info.marks && tp_sheet_marks(pg->sc, &slug) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory adding marks to %s", file);
	}
	FILE *f = rc == TP_OK ? open_memstream(&buf, &n) : NULL;
	if (rc == TP_OK && f == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory preflighting %s", file);
	if (f) {
		rc = tp_pdf_write(f, pages, doc->n, &info, e);
		if (fclose(f) != 0 && rc == TP_OK)
			rc = tp_fail(e, TP_EIO, "out of memory preflighting %s", file);
	}
	for (size_t k = 0; k < marked; k++)
		tp_scene_restore(doc->pages[k].sc, &saved[k]);
	if (rc == TP_OK) {
		struct tp_pdfx_expect x = { info.pdfx4, c->print.output_condition, doc->n };
		struct pdf_ctx ctx = { pf, d->name };
		if (tp_pdfx_check((const unsigned char *)buf, n, &x, pdf_finding, &ctx) < 0)
			rc = tp_fail(e, TP_EIO, "out of memory preflighting %s", file);
	}
	free(buf);
	free(pages);
	free(saved);
	return rc;
}

/* Page k (pg) of sheet d into pf, its safe zone measured from the cuts
 * behind it when another sheet carries them (preflight_cut.h).  0, or -1
 * when out of memory. */
static int page_of(struct tp_pf_cuts *cu, const struct tp_sheet_def *d, const struct tp_pf_rules *r,
		   size_t k, const struct tp_page *pg, struct tp_preflight *pf)
{
	/* A sheet printed whole by its own maker (a box wrap) is laid on no
	 * press sheet of the game's: no press sheet size applies to it. */
	struct tp_pf_rules whole;
	if (d->flags & TP_SHEET_WHOLE) {
		whole = *r;
		whole.press_w = whole.press_h = 0;
		r = &whole;
	}
	struct tp_pf_page *P = tp_pf_begin(pf, r, d->name, (int)k + 1, pg->sc);
	if (P == NULL)
		return -1;
	tp_err e = { 0 };
	const struct tp_walk_opts o = tp_pf_view_for(r);
	int behind = tp_scene_walk(pg->sc, &o, &tp_pf_sink, P, &e) == TP_OK
		     ? tp_pf_cuts_add(cu, k, pg, P) : -1;
	if (behind < 0)
		pf->oom = 1;
	int rc = tp_pf_end(P);
	/* A back paneled apart from its fronts (or a plate from its sheet):
	 * work-and-turn (or the emboss press) cannot register it. */
	if (behind == 1)
		tp_preflight_note(pf, TP_PF_WARNING, d->name, (int)k + 1, "registration",
				  "no page of %s lies %s this page (x %.1f..%.1f mm of the sheet%s): paneled apart, its pieces miss their cuts",
				  d->cut_by, d->cut_back ? "behind" : "under", pg->at[0],
				  pg->at[0] + pg->sc->trim_w, d->cut_back ? ", mirrored" : "");
	return rc;
}

int tp_preflight_doc(const struct tp_session *s, const struct tp_build *b,
		     const struct tp_sheet_def *d, const struct tp_pf_rules *r, struct tp_doc *doc,
		     int pdf, long long epoch, struct tp_preflight *pf, tp_err *e)
{
	struct tp_pf_cuts cu;
	int rc = tp_pf_cuts_open(&cu, s, b, d);
	for (size_t k = 0; rc == 0 && k < doc->n; k++)
		rc = page_of(&cu, d, r, k, &doc->pages[k], pf);
	tp_pf_cuts_close(&cu);
	if (rc != 0)
		return tp_fail(e, TP_EIO, "out of memory preflighting %s", d->name);
	return pdf && doc->n > 0 ? check_pdf(s->cfg, d, doc, epoch, pf, e) : TP_OK;
}

int tp_preflight_pages(const struct tp_session *s, const struct tp_build *b, size_t i,
		       const struct tp_pf_rules *r, int pdf, long long epoch, struct tp_preflight *pf,
		       tp_err *e)
{
	const struct tp_sheet_def *d = &s->game->sheets[i];
	struct tp_sheet_pages sp;
	struct tp_pf_cuts cu;
	int rc = tp_sheet_pages_open(&sp, s, i, 1);
	if (tp_pf_cuts_open(&cu, s, b, d) != 0)
		rc = -1;
	for (size_t k = 0; rc == 0 && k < sp.n; k++) {
		struct tp_page *pg = tp_sheet_pages_get(&sp, k);
		rc = pg ? page_of(&cu, d, r, k, pg, pf) : -1;
	}
	tp_pf_cuts_close(&cu);
	/* The press PDF read back: the whole sheet's, or for a sheet made
	 * one page at a time (its pages alike) its first page's, so that
	 * this check too holds one page, not the sheet. */
	struct tp_doc first = { .pages = sp.one && rc == 0 ? tp_sheet_pages_get(&sp, 0) : NULL,
				.n = 1 };
	if (rc != 0 || (sp.one && first.pages == NULL)) {
		tp_sheet_pages_close(&sp);
		return tp_fail(e, TP_EIO, "out of memory preflighting %s", d->name);
	}
	rc = pdf && sp.n > 0 ? check_pdf(s->cfg, d, sp.one ? &first : &sp.doc, epoch, pf, e) : TP_OK;
	tp_sheet_pages_close(&sp);
	return rc;
}

int tp_preflight_sheets(const struct tp_session *s, const int *want, int pdf, long long epoch,
			struct tp_preflight *pf, tp_err *e)
{
	const struct tp_game *g = s->game;
	struct tp_pf_rules r;
	tp_pf_rules_of(s->cfg, &r);
	for (size_t i = 0; i < g->n_sheets; i++) {
		const struct tp_sheet_def *d = &g->sheets[i];
		char why[300];
		if (want ? !want[i] : tp_sheet_absent(s->cfg, d, why, sizeof why))
			continue;
		int rc = tp_preflight_pages(s, NULL, i, &r, pdf, epoch, pf, e);
		if (rc != TP_OK)
			return rc;
	}
	return TP_OK;
}
