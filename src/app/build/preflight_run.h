#ifndef TP_PREFLIGHT_RUN_H
#define TP_PREFLIGHT_RUN_H

/* The preflight of a build (print/preflight/preflight.h): every wanted sheet laid
 * out as the build lays it out (imposed or paneled), checked page by
 * page, before any file is written. */

#include "print/preflight/preflight.h"
#include "app/session.h"

/* The factory's limits of a config: its [print] keys (and profile). */
void tp_pf_rules_of(const struct tp_config *c, struct tp_pf_rules *r);

/* Preflights the pages of sheet d of s as written (doc: imposed or
 * paneled) into pf, with rules r (a sheet cut by another's die lines,
 * tp_sheet_def cut_by, measured from them: preflight_cut.h, from build
 * b's layout of that sheet when it kept one; b may be NULL); with pdf set, also its press PDF as
 * tp_preflight_sheets says (marks are added to doc's pages and taken off
 * again).  TP_OK, or fills e as tp_preflight_sheets does. */
struct tp_doc;
struct tp_sheet_def;
struct tp_build;
int tp_preflight_doc(const struct tp_session *s, const struct tp_build *b,
		     const struct tp_sheet_def *d, const struct tp_pf_rules *r, struct tp_doc *doc,
		     int pdf, long long epoch, struct tp_preflight *pf, tp_err *e);

/* The same for sheet i of s, laid out and imposed here: page by page
 * when the sheet makes its pages one at a time (its PDF read back from
 * its first page alone, the pages being alike), else whole. */
int tp_preflight_pages(const struct tp_session *s, const struct tp_build *b, size_t i,
		       const struct tp_pf_rules *r, int pdf, long long epoch, struct tp_preflight *pf,
		       tp_err *e);

/* Preflights the sheets of s whose want[i] is set (want NULL: every
 * sheet present in the config) into pf; with pdf set, also each sheet's
 * press PDF, written in memory as the build writes it (dates from epoch)
 * and read back for its PDF/X structure (rule "pdfx").  TP_OK; TP_EIO when
 * out of memory; or the PDF writer's failure (e.g. TP_EINPUT for an
 * output profile it refuses). */
int tp_preflight_sheets(const struct tp_session *s, const int *want, int pdf, long long epoch,
			struct tp_preflight *pf, tp_err *e);

#endif
