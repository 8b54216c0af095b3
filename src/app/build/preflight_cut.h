#ifndef TP_PREFLIGHT_CUT_H
#define TP_PREFLIGHT_CUT_H

/* The cuts behind a sheet without die lines of its own (tp_sheet_def
 * cut_by: a back, an emboss plate): the pages of the sheet that carries
 * them, laid out and imposed as the build writes them, each matched to
 * the page it cuts, so that the preflight measures the safe zone of every
 * piece from its own cut on both sides (print/preflight/preflight.h,
 * tp_preflight_page_cut). */

#include "app/sheet_pages.h"
#include "print/preflight/preflight.h"

struct tp_pf_cuts {
	/* The cutting sheet's pages: the build's layout of it, imposed
	 * (doc: own, or the layout itself), else laid out here (sp). */
	const struct tp_doc *doc;
	struct tp_doc own;
	struct tp_sheet_pages sp;
	size_t n;                  /* its pages */
	int on;                    /* 0: the sheet is cut by none */
	int back;                  /* its cuts are seen mirrored */
	double w;                  /* the cutting sheet's width, whole (mm) */
};

/* Opens the cuts of sheet d of s (none when d names no cut_by, or that
 * sheet is absent or too large to be made: the estimate refuses it): the
 * layout build b kept of it (b may be NULL), so that a build lays no
 * sheet out twice, else laid out here (the cutting sheet not wanted, or
 * too large to keep).  0, or -1 when out of memory (cu may then only be
 * closed). */
struct tp_build;
int tp_pf_cuts_open(struct tp_pf_cuts *cu, const struct tp_session *s, const struct tp_build *b,
		    const struct tp_sheet_def *d);

/* Adds to P (page k of d, pg, walked) the cuts behind it: those of the
 * cutting sheet's page k when it lies at the same place of its sheet
 * (mirrored: the place mirrored about the sheet's vertical axis; the
 * press sheets of a punchboard all lie at one place), else of every
 * panel that overlaps that place, each moved to where it lies behind pg
 * (print/preflight/preflight.h, tp_pf_add_cuts).  0; 1 when no page of the
 * cutting sheet lies at that place (the two sheets are paneled apart:
 * printed together, this page's pieces miss their cuts); -1 when out of
 * memory. */
int tp_pf_cuts_add(struct tp_pf_cuts *cu, size_t k, const struct tp_page *pg,
		   struct tp_pf_page *P);

void tp_pf_cuts_close(struct tp_pf_cuts *cu);

#endif
