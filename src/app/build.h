#ifndef TP_BUILD_H
#define TP_BUILD_H

/* A build of the print set, in the steps tp_cmd_build takes:
 *
 *   plan      tp_build_plan: every input check (SOURCE_DATE_EPOCH, --only,
 *             --formats, each sheet's own), then one task per wanted sheet
 *             and format, huge rasters dropped, largest first
 *             (build_plan.c);
 *   manifest  tp_build_manifest: the game's reports, punch.csv and the ink
 *             report into DIR/manifest (build_manifest.c);
 *   sheets    tp_build_sheets: the tasks on the workers, each laying its
 *             sheet out and writing one file per format (build_run.c);
 *   proof     tp_build_proof: the contact sheet (build_proof.c).
 *
 * Each step reports the files it wrote as "NAME<TAB>BYTES" lines in its
 * own buffer (manifest, reports[task], proof), so the build record and the
 * summary list them in task order however the workers ran. */

#include <stddef.h>

#include "app/session.h"
#include "print/preflight.h"
#include "print/sheet.h"
#include "core/status.h"
#include "core/strbuf.h"

/* With SOURCE_DATE_EPOCH unset, dates are this fixed instant so that two
 * builds of one config are byte-identical: 2000-01-01 00:00 UTC. */
#define TP_FIXED_EPOCH 946684800LL

/* Sheet numbers of the files that belong to no sheet of the game. */
#define TP_MANIFEST_SHEET ((size_t)-1)
#define TP_PROOF_SHEET ((size_t)-2)

/* What the command line asked of a build. */
struct tp_build_opts {
	const char *dir;       /* output folder */
	const char *only;      /* comma list of sheet names, or NULL: all */
	const char *formats;   /* overrides print.formats, or NULL */
	int jobs;              /* worker processes, >= 1 */
	int quiet;             /* no notes on stderr */
	int progress;          /* a progress line on stderr */
	/* By sheet: those an earlier build of this config recorded in the
	 * folder (the contact sheet of --only proof shows them), or NULL. */
	const int *in_folder;
	int estimate;          /* planning only, to estimate (check): no
				* SOURCE_DATE_EPOCH and no sheet's own checks */
};

/* One task: one sheet in one format. */
struct tp_task {
	size_t sheet, backend;
	double area;   /* raster tasks: mm^2 of its pages' bleed boxes, as written */
};

/* What the plan knows of one wanted sheet from laying it out once. */
struct tp_sheet_facts {
	unsigned has_ink;  /* bit per one-ink backend (tp_backends[].only_ink):
			    * some page draws in its ink */
	double area;       /* mm^2 of the bleed boxes of its pages as rasterised */
};

struct tp_build {
	const struct tp_session *session;
	struct tp_build_opts opt;
	long long epoch;
	unsigned formats;     /* bit per tp_backends row */
	int want_manifest;
	int want_proof;       /* the contact sheet */
	int *want;            /* by index in the game's sheets (owned) */
	const struct tp_preflight *pf;  /* the preflight's findings, for manifest/ and
					 * the contact sheet, or NULL */
	int *shown;           /* by sheet: on the contact sheet (owned) */
	size_t from_record;   /* of them, how many the folder's record named */
	struct tp_sheet_facts *facts;  /* by index in the game's sheets (owned) */
	struct tp_task *tasks;         /* owned */
	size_t n_tasks;
	size_t *order;        /* the queue: a permutation of the tasks (owned) */
	/* What the steps wrote (owned): see above. */
	struct tp_buf manifest, proof, *reports;
	int *counts;          /* files per finished task */
	int manifest_files, proof_files, files_done;
	/* Rasters of the file being written at this resolution: 0 for
	 * print.dpi (the contact sheet sets print.proof_dpi). */
	double file_dpi;
	/* Where the running step reports (note_file). */
	struct tp_buf *summary;
	int *n_files;
	/* The sheet this process laid out last, kept for its next task
	 * when that is the same sheet in another format (build_run.c). */
	struct tp_doc laid;
	size_t laid_sheet;
	int laid_ok;
};

/* Plans the build of s's game as opt asks: TP_OK, or TP_EINPUT naming
 * what is wrong (nothing written yet), TP_EIO when out of memory.  b is
 * owned by the caller: tp_build_free, whatever the result. */
int tp_build_plan(struct tp_build *b, const struct tp_session *s,
		  const struct tp_build_opts *opt, tp_err *e);
void tp_build_free(struct tp_build *b);

/* The steps after planning; each TP_OK or fills e. */
int tp_build_manifest(struct tp_build *b, tp_err *e);
int tp_build_sheets(struct tp_build *b, tp_err *e);
int tp_build_proof(struct tp_build *b, tp_err *e);

/* Shared by the steps (build_run.c). */

/* The pages of one sheet as they are written: built by the game, then
 * imposed or paneled (app/impose_game.h).  0, or -1 when out of memory (doc may
 * then only be freed). */
int tp_build_lay_out(const struct tp_session *s, size_t sheet, struct tp_doc *doc);

/* Writes pages[0..n-1] of sheet def as one file named file with backend
 * bk, marks added for this file only and taken off again afterwards, and
 * reports it (b->summary). */
struct tp_backend;
struct tp_sheet_def;
int tp_build_write_file(struct tp_build *b, const struct tp_backend *bk,
			const struct tp_sheet_def *def, struct tp_page *pages, size_t n,
			const char *file, tp_err *e);

/* Reports a written file (relative to the output folder) to b->summary. */
void tp_build_note_file(struct tp_build *b, const char *name);

#endif
