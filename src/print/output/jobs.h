#ifndef TP_JOBS_H
#define TP_JOBS_H

/* Independent tasks on worker processes, so a build uses both cores.
 * Each task writes its own files; the parent only collects what they
 * report, so the files are the same bytes whatever the number of workers. */

#include <stddef.h>

#include "core/status.h"
#include "core/strbuf.h"

/* Runs task i.  Appends its report to out (sent back to the parent) and
 * sets *count.  Returns TP_OK or fills e. */
typedef int (*tp_task_fn)(void *ctx, size_t i, struct tp_buf *out, int *count, tp_err *e);

/* Names task i for a message ("fronts (png)"), into buf. */
typedef void (*tp_task_name_fn)(void *ctx, size_t i, char *buf, size_t n);

/* What to run: tasks 0..n-1 with up to jobs workers (jobs <= 1: in this
 * process), handed out in `order` (a permutation of 0..n-1, or NULL for
 * 0..n-1; largest first keeps every worker busy to the end).  reports[i]
 * and counts[i] receive each task's report, in task order.  on_done, if
 * set, is called in the parent as task idx finishes (done of n so far;
 * first with idx (size_t)-1 and done 0 before any has).  A worker that
 * dies is named with its task (name, may be NULL). */
struct tp_jobs_spec {
	size_t n;
	const size_t *order;
	int jobs;
	tp_task_fn run;
	void *ctx;                /* passed to run, on_done and name */
	struct tp_buf *reports;   /* n of them */
	int *counts;              /* n of them */
	void (*on_done)(void *ctx, size_t idx, size_t done, size_t n);
	tp_task_name_fn name;
};

/* Runs the tasks of sp.  Stops at the first failure (other workers are
 * told to stop and remove their temporary files) and returns it.  Workers
 * die with the parent (PR_SET_PDEATHSIG). */
int tp_jobs_run(const struct tp_jobs_spec *sp, tp_err *e);

/* The most worker processes a build runs (the -j limit, and the size of
 * the signal handler's table of children). */
#define TP_MAX_JOBS 8

/* Workers to use by default: the online cores, at most TP_MAX_JOBS. */
int tp_jobs_default(void);

#endif
