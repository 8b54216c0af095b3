#ifndef TP_PIPELINE_H
#define TP_PIPELINE_H

/* The whole build of a print set, as one call: tp_build_run plans every
 * sheet once (app/build.h), estimates the set from that plan
 * (build_estimate.h), preflights it (preflight_pool.h), opens the output
 * folder's transaction (build_txn.h), runs the writers on the worker pool,
 * writes the preview page (preview.h) and commits the set into place.
 *
 * Whoever asks (the command line, watch, a test) says what it wants in a
 * tp_build_request and hears what happens through a tp_build_events sink:
 * the pipeline itself prints nothing but the progress line of the pool
 * (opt.progress) and the session's own warnings. */

#include <stddef.h>

#include "app/build_record.h"
#include "app/session.h"
#include "print/preflight/preflight.h"

struct tp_build_request {
	const char *out_dir;   /* -o, or NULL: output/NAME (tp_session_out_dir) */
	const char *only;      /* comma list of sheet names, or NULL: all */
	/* By sheet: already committed into the folder by an earlier build of
	 * the same inputs, checked and shown but not written again (watch), or
	 * NULL (app/build.h: tp_build_opts.placed). */
	const int *placed;
	/* By sheet (n_sheets entries), in and out, or NULL: what the preview
	 * page's caption says of each sheet (app/build.h: tp_sheet_facts).
	 * A sheet this build does not lay out takes its caption from here
	 * when one is there (watch: the sheet in the folder is the one
	 * those facts were taken from), instead of being laid out again for
	 * it; every sheet it lays out leaves its facts here. */
	struct tp_sheet_facts *facts;
	const char *formats;   /* overrides print.formats, or NULL */
	int jobs;              /* worker processes; 0 = one per core */
	int quiet;             /* no notes, no summary, no warnings */
	int progress;          /* a progress line on stderr while the pool runs */
	int accept_preflight;  /* write despite preflight errors */
	int force;             /* replace files tilepress did not write */
	int wait;              /* wait for another build of the folder */
	int clean;             /* remove the files an earlier build recorded */
	/* The folder is this build's alone (a package): the files an earlier
	 * build recorded and this one does not write go, as with clean, but
	 * without its note. */
	int own_folder;
	/* enum tp_page_order (app/build.h): a sheet and its printed back in
	 * one press PDF, or each in its own (0, as built). */
	int page_order;
	/* Files of the caller's own that belong to this set (a package's
	 * die files, faces and ticket), or NULL: called once every other
	 * file and the preview page are staged, with the staging folder
	 * (stage: where to write them; the set's files are there to be read
	 * back) and the list of the set's files, to which it adds each of
	 * its own (relative path, sheet TP_PACK_SHEET).  They go into the
	 * record and into place with the set, the record last.  TP_OK, or e
	 * filled: nothing of the set is moved into place. */
	int (*extra)(void *ctx, const char *stage, struct tp_written_list *w, tp_err *e);
	void *extra_ctx;
};

/* What a build tells its caller; any callback may be NULL. */
struct tp_build_events {
	void *ctx;
	/* One note or warning for the user, without the "tilepress: "
	 * prefix (files dead builds left, --clean, files the build did not
	 * write).  Only when the request is not quiet. */
	void (*note)(void *ctx, const char *line);
	/* The preflight's findings: when its errors stop the build (before
	 * the failure; quiet or not), and after a written set (not quiet). */
	void (*findings)(void *ctx, const struct tp_preflight *pf);
	/* The set is in place in dir: the files this build wrote (w), and how
	 * many sheets of the contact sheet the folder's record gave
	 * (from_record).  Not quiet only; before the last findings. */
	void (*summary)(void *ctx, const struct tp_session *s, const char *dir,
			const struct tp_written_list *w, size_t from_record);
};

/* Builds the set s's config makes as rq asks.  TP_OK; TP_EINPUT naming
 * what is wrong (nothing written: every check runs before the first file
 * is opened); TP_EIO naming the file or the step.  s stays the caller's. */
int tp_build_run(const struct tp_session *s, const struct tp_build_request *rq,
		 const struct tp_build_events *ev, tp_err *e);

/* ev->note with a formatted line, when there is a note callback. */
void tp_build_note(const struct tp_build_events *ev, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Per sheet of s's game, a digest of its pages as the build lays them
 * out (imposed) and of the [print] keys (dpi, marks, formats change
 * files, not scenes), 64 hex digits, into d[i] (n_sheets entries); ""
 * for a sheet this config has not got.  What `watch` compares to rebuild
 * only the sheets that changed.  TP_OK, or TP_EIO / a sheet's own
 * prepare failure. */
int tp_build_digests(const struct tp_session *s, char (*d)[65], tp_err *e);

/* The same for sheet i alone (its own checks, its prepare, run first). */
int tp_build_digest(const struct tp_session *s, size_t i, char d[65], tp_err *e);

#endif
