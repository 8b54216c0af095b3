#ifndef TP_SHEET_PAGES_H
#define TP_SHEET_PAGES_H

/* The pages of one sheet as a build writes them (laid out and imposed):
 * one at a time when the sheet can make them so (tp_doc's window: the
 * series board pieces) and imposing leaves them as they are, else from
 * one layout of the whole sheet.  So a sheet of any number of pages is
 * checked, counted and written in the memory of one page.  A one-page
 * sheet that can be laid out in part (tp_doc's region window: the series
 * fronts, backs, board and its halves) and that imposing splits into
 * panels (gang layout) is made one panel at a time too, each from the
 * shapes near it alone: those pages are always imposed (the panels;
 * unimposed, the page would be the whole sheet). */

#include <stddef.h>

#include "app/session.h"
#include "print/layout/sheet.h"

struct tp_sheet_pages {
	const struct tp_session *s;
	size_t sheet;
	int one;              /* 1: the pages are made one at a time */
	int impose;           /* one: each page imposed as it is made */
	size_t n;             /* pages */
	size_t at;            /* one: the page doc holds */
	double *panels;       /* panels: x0 y0 x1 y1 of each on the page, else NULL */
	/* 1: imposed, the sheet would be more than print.max_files pages
	 * (panels counted, tp_impose_panels), which the build estimate
	 * refuses; they are counted, not made (making them first took
	 * gigabytes at --level 5).  n is the count; doc holds the sheet's
	 * first page(s) as built, which every k gets. */
	int counted;
	struct tp_doc doc;    /* one: page `at` alone; else every page */
};

/* Lays sheet out (imposed when impose is 1; a page made alone is the same
 * either way).  Unimposed (impose 0), a sheet made panel by panel is the
 * sheet as built, whole (the ink report and the contact sheet show it
 * so); TP_PAGES_PLAN: unimposed, but panel by panel when it can be (its
 * pages then imposed: the build plan, which never lays it out whole).
 * 0, or -1 when out of memory (sp may then only be closed). */
#define TP_PAGES_PLAN 2
/* Unimposed, and a sheet that can be laid out in part gives its frame
 * alone (its page's size, bleed and die lines; none of its art): for the
 * build estimate, which counts panels, files and pixels from that. */
#define TP_PAGES_FRAME 3
/* With TP_PAGES_PLAN and TP_PAGES_FRAME, a sheet that imposed would be
 * more than print.max_files pages is only counted (sp->counted). */
int tp_sheet_pages_open(struct tp_sheet_pages *sp, const struct tp_session *s, size_t sheet,
			int impose);

/* Page k < sp->n, valid until the next call or the close; made anew when
 * the sheet makes its pages one at a time (ask in order).  NULL when out
 * of memory. */
struct tp_page *tp_sheet_pages_get(struct tp_sheet_pages *sp, size_t k);

void tp_sheet_pages_close(struct tp_sheet_pages *sp);

#endif
