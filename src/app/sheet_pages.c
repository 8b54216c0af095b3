/* A sheet's pages one at a time when it can (sheet_pages.h). */

#include "app/sheet_pages.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "app/impose_game.h"
#include "core/alloc.h"
#include "games/game.h"

/* Builds the sheet into sp->doc: pages from .. from + n - 1 (n 0: all),
 * and with part (x0 y0 x1 y1) only what reaches into that region when
 * the builder can (tp_doc). */
static int build(struct tp_sheet_pages *sp, size_t from, size_t n, const double *part)
{
	const struct tp_session *s = sp->s;
	sp->doc.win_from = from;
	sp->doc.win_n = n;
	if (part != NULL) {
		sp->doc.part = 1;
		memcpy(sp->doc.part_r, part, sizeof sp->doc.part_r);
	}
	return s->game->sheets[sp->sheet].build(s->cfg, s->model, &sp->doc);
}

/* 1 when a one-page sheet made in part may be made panel by panel:
 * imposing it only panels it (gang layout, no separate pieces). */
static int may_panel(const struct tp_session *s, size_t sheet)
{
	return s->cfg->print.layout != TP_LAYOUT_PUNCHBOARD && s->game->sheets[sheet].parts == NULL;
}

/* sp->doc holds the sheet's frame alone (a region window of nothing):
 * imposed, it shows how many panels the sheet becomes and where each
 * lies.  1 when it becomes several (sp is set to make them one at a
 * time), 0 when one (doc freed), -1 when out of memory. */
static int open_panels(struct tp_sheet_pages *sp)
{
	const struct tp_session *s = sp->s;
	if (tp_impose_doc(s->cfg, s->model, s->game->sheets[sp->sheet].name, &sp->doc) != 0)
		return -1;
	size_t n = sp->doc.n;
	if (n <= 1) {
		tp_doc_free(&sp->doc);
		return 0;
	}
	sp->panels = tp_calloc(4 * n, sizeof *sp->panels);
	if (sp->panels == NULL)
		return -1;
	for (size_t k = 0; k < n; k++) {
		const struct tp_page *pg = &sp->doc.pages[k];
		double *r = &sp->panels[4 * k];
		r[0] = pg->at[0];
		r[1] = pg->at[1];
		r[2] = pg->at[0] + pg->sc->trim_w;
		r[3] = pg->at[1] + pg->sc->trim_h;
	}
	tp_doc_free(&sp->doc);
	sp->one = 1;
	sp->impose = 1;
	sp->n = n;
	return 1;
}

/* sp->doc holds the first page of a sheet built with a window of pages:
 * 1 when its pages are made one at a time (sp set so), 0 when not (the
 * whole sheet is to be built), -1 when out of memory. */
static int open_one(struct tp_sheet_pages *sp, int impose)
{
	const struct tp_session *s = sp->s;
	size_t total = sp->doc.total;
	if (total == 0 || sp->doc.n != 1)
		return 0;
	/* Pages made alone are alike (tp_doc): when imposing leaves the
	 * first as it is, it leaves every one. */
	uintptr_t first = (uintptr_t)sp->doc.pages[0].sc;
	if (tp_impose_doc(s->cfg, s->model, s->game->sheets[sp->sheet].name, &sp->doc) != 0)
		return -1;
	if (sp->doc.n != 1 || (uintptr_t)sp->doc.pages[0].sc != first)
		return 0;   /* imposing cuts or moves its pages */
	sp->one = 1;
	sp->impose = impose;
	sp->n = total;
	/* Imposing may still have marked the page (die nicks): unimposed
	 * pages are made afresh. */
	if (!impose)
		tp_doc_free(&sp->doc);
	return 1;
}

/* sp->doc holds the sheet's first page, or its frame, or all its pages,
 * as built: 1 when imposed they would be more than print.max_files
 * pages as the build estimate counts them (tp_impose_panels: it then
 * refuses the build), sp set to count them (sp->counted); else 0. */
static int too_many(struct tp_sheet_pages *sp)
{
	const struct tp_config *c = sp->s->cfg;
	double pages = 0, each = sp->doc.total > 0 ? (double)sp->doc.total : 1;
	for (size_t k = 0; k < sp->doc.n; k++)
		pages += tp_impose_panels(c, sp->doc.pages[k].sc, NULL) * each;
	if (!(pages > c->print.max_files))
		return 0;
	sp->counted = 1;
	sp->n = pages < (double)SIZE_MAX ? (size_t)pages : SIZE_MAX;
	return 1;
}

int tp_sheet_pages_open(struct tp_sheet_pages *sp, const struct tp_session *s, size_t sheet,
			int impose)
{
	static const double nothing[4] = { 0, 0, 0, 0 };
	memset(sp, 0, sizeof *sp);
	sp->s = s;
	sp->sheet = sheet;
	const char *name = s->game->sheets[sheet].name;
	if (build(sp, 0, 1, impose != 0 && may_panel(s, sheet) ? nothing : NULL) != 0)
		return -1;
	int parted = sp->doc.parted, paged = sp->doc.total > 0;
	if ((impose == TP_PAGES_PLAN || impose == TP_PAGES_FRAME) && too_many(sp))
		return 0;
	if (parted && impose == TP_PAGES_FRAME) {
		sp->n = sp->doc.n;
		return 0;
	}
	impose = impose == 1;
	int rc = parted ? open_panels(sp) : open_one(sp, impose);
	if (rc != 0)
		return rc > 0 ? 0 : -1;
	if (parted || paged) {
		/* The whole sheet after all. */
		tp_doc_free(&sp->doc);
		if (build(sp, 0, 0, NULL) != 0)
			return -1;
	}
	if (impose && tp_impose_doc(s->cfg, s->model, name, &sp->doc) != 0)
		return -1;
	sp->n = sp->doc.n;
	return 0;
}

/* Page k of a sheet made one page at a time, into sp->doc: a page of
 * the window, or the panel from the shapes near it.  0, or -1. */
static int make(struct tp_sheet_pages *sp, size_t k)
{
	const struct tp_session *s = sp->s;
	const char *name = s->game->sheets[sp->sheet].name;
	tp_doc_free(&sp->doc);
	if (sp->panels != NULL) {
		if (build(sp, 0, 0, &sp->panels[4 * k]) != 0 || sp->doc.n != 1)
			return -1;
		sp->doc.panel = k + 1;
	} else if (build(sp, k, 1, NULL) != 0 || sp->doc.n != 1) {
		return -1;
	}
	if (sp->impose && (tp_impose_doc(s->cfg, s->model, name, &sp->doc) != 0 || sp->doc.n != 1))
		return -1;
	return 0;
}

struct tp_page *tp_sheet_pages_get(struct tp_sheet_pages *sp, size_t k)
{
	if (k >= sp->n)
		return NULL;
	if (sp->counted)
		return &sp->doc.pages[0];
	if (!sp->one)
		return &sp->doc.pages[k];
	if (sp->at != k || sp->doc.n != 1) {
		if (make(sp, k) != 0)
			return NULL;
		sp->at = k;
	}
	return &sp->doc.pages[0];
}

void tp_sheet_pages_close(struct tp_sheet_pages *sp)
{
	tp_doc_free(&sp->doc);
	free(sp->panels);
	memset(sp, 0, sizeof *sp);
}
