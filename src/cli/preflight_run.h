#ifndef TP_PREFLIGHT_RUN_H
#define TP_PREFLIGHT_RUN_H

/* The preflight of a build (print/preflight.h): every wanted sheet laid
 * out as the build lays it out (imposed or paneled), checked page by
 * page, before any file is written. */

#include "print/preflight.h"
#include "app/session.h"

/* The factory's limits of a config: its [print] keys (and profile). */
void tp_pf_rules_of(const struct tp_config *c, struct tp_pf_rules *r);

/* Preflights the sheets of s whose want[i] is set (want NULL: every
 * sheet present in the config) into pf; with pdf set, also each sheet's
 * press PDF, written in memory as the build writes it (dates from epoch)
 * and read back for its PDF/X structure (rule "pdfx").  TP_OK; TP_EIO when
 * out of memory; or the PDF writer's failure (e.g. TP_EINPUT for an
 * output profile it refuses). */
int tp_preflight_sheets(const struct tp_session *s, const int *want, int pdf, long long epoch,
			struct tp_preflight *pf, tp_err *e);

/* Prints "tilepress: preflight: N pages, E errors, W warnings" and the
 * first findings of the worst severity on stderr (max lines); nothing when
 * there are none. */
void tp_preflight_stderr(const struct tp_preflight *pf, size_t max);

#endif
