#ifndef TP_PACK_TICKET_H
#define TP_PACK_TICKET_H

/* The job ticket of a package: its files in the order to print, each
 * read back (facts.h), the factory's checklist answered by the preflight
 * of those files, and the manifest's counts; job.json for tools, job.txt
 * for people. */

#include <stddef.h>

#include "app/build.h"
#include "app/factory.h"
#include "app/pack/die_file.h"
#include "app/session.h"
#include "core/report.h"
#include "core/status.h"

/* The ticket of the package in dir, built by the session sp opens, for
 * factory fa, into dir/job.json and dir/job.txt; *failed: the rules of
 * the checklist not met.  facts (the build plan's, by sheet, or NULL)
 * and dies (the die files the pack wrote, or NULL) say which files hold
 * die lines alone (die_file.h).  TP_OK, or e filled. */
int tp_pack_ticket(const struct tp_session_spec *sp, const struct tp_report_opts *report,
		   const struct tp_factory *fa, const struct tp_sheet_facts *facts,
		   const struct tp_pack_dies *dies, const char *dir, size_t *failed, tp_err *e);

#endif
