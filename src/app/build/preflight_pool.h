#ifndef TP_PREFLIGHT_POOL_H
#define TP_PREFLIGHT_POOL_H

/* A build's preflight of the sheets the plan kept, on the workers: one
 * task per sheet (largest first), each checking the plan's layout as
 * written (imposed here when imposing changes it) into its own part, sent
 * back to the parent as text (print/preflight/preflight.h: tp_preflight_pack).  A
 * phase of its own, before the tasks that write: the preflight still
 * ends, and refuses the build, before the first file is opened. */

#include "app/build.h"
#include "print/preflight/preflight.h"

/* Preflights each sheet i with later[i] set (b->kept[i] must be) into
 * per[i], with rules r, on b->opt.jobs workers; with pdf set also its
 * press PDF, read back.  TP_OK, or fills e (as tp_preflight_doc). */
int tp_preflight_pool(const struct tp_build *b, const struct tp_pf_rules *r, const int *later,
		      int pdf, struct tp_preflight *per, tp_err *e);

#endif
