#ifndef TP_BUILD_TXN_H
#define TP_BUILD_TXN_H

/* One build's hold on its output folder (print/output/outdir.h): the lock, the
 * staging folder every file is written into, the earlier record, and the
 * final step that checks, records and moves the set into place. */

#include "app/build_record.h"
#include "games/config.h"
#include "app/build/pipeline.h"
#include "print/output/outdir.h"

struct tp_build_txn {
	struct tp_outdir od;
	struct tp_record old;     /* the folder's record before this build, verified */
	struct tp_judge judge;    /* of recovery (the sweep) */
	int open;
};

/* Locks dir (waiting with --wait), finishes or removes what dead builds
 * left (reported unless quiet), reads and verifies the record, and makes
 * the staging folder: write into t->od.stage.  On failure, call
 * tp_build_txn_close all the same. */
int tp_build_txn_begin(struct tp_build_txn *t, const char *dir, const struct tp_build_request *rq,
		       const struct tp_build_events *ev, tp_err *e);

/* Before anything is drawn: refuses (TP_EINPUT) when files of the names
 * the build will write (names) are there and no tilepress record lists
 * them as they are, unless --force; see tp_record_collisions. */
int tp_build_txn_precheck(struct tp_build_txn *t, const struct tp_build_request *rq,
			  const struct tp_written_list *names, tp_err *e);

/* After every file of w is written into staging: refuses names that would
 * replace a file tilepress did not write (unless --force), writes the
 * record, applies --clean, moves the set into place (record last) and
 * warns of files in the folder this build did not write. */
int tp_build_txn_commit(struct tp_build_txn *t, const struct tp_build_request *rq,
			const struct tp_build_events *ev, const struct tp_config *c,
			const struct tp_written_list *w, long long epoch, tp_err *e);

/* Removes the staging folder (a failed build's files), unlocks.  A
 * message in e that names a staged file names it in the output folder. */
void tp_build_txn_close(struct tp_build_txn *t, tp_err *e);

#endif
