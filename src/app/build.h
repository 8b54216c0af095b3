#ifndef TP_BUILD_H
#define TP_BUILD_H

/* A build of the print set, in the steps tp_cmd_build takes:
 *
 *   plan      tp_build_plan: every input check (SOURCE_DATE_EPOCH, --only,
 *             --formats, each sheet's own), then every sheet the build
 *             writes or shows laid out ONCE (the game's builder), what the
 *             checks before writing need taken from that layout (opt.visit:
 *             the preflight, the estimate), one task per wanted sheet and
 *             format, huge rasters dropped, largest first (build_plan.c);
 *   manifest  tp_build_manifest: the game's reports, punch.csv and the
 *             preflight into DIR/manifest (build_manifest.c);
 *   sheets    tp_build_sheets: the tasks on the workers: each sheet in
 *             each format, the ink report (manifest/inks.csv) and the
 *             contact sheet (build_proof.c), all from the plan's layouts
 *             (build_run.c); each file's SHA-256 taken by its worker.
 *
 * The visit learns whether the plan keeps a sheet's layout (kept[i]), so
 * that a caller may check a kept layout later, on the workers
 * (app/build/preflight_pool.h), in a phase before the writers.
 *
 * The layouts the plan made are kept (built[]) and the workers, forked
 * after it, share them: no sheet is laid out twice.  Only when they would
 * hold more than TP_LAYOUT_KEEP_BYTES does a sheet's task lay its sheet
 * out again (the huge boards), so memory stays bounded by the largest.
 * A sheet made one page at a time (app/sheet_pages.h: the series board
 * pieces) is never laid out whole nor kept: every step makes its pages
 * one by one, so it costs the memory of one page at any size.
 *
 * Each step reports the files it wrote as "NAME<TAB>BYTES" lines in its
 * own buffer (manifest, reports[task]), so the build record and the
 * summary list them in task order however the workers ran. */

#include <stddef.h>

#include "app/session.h"
#include "print/backend/backend.h"
#include "print/preflight/preflight.h"
#include "print/layout/sheet.h"
#include "core/status.h"
#include "core/strbuf.h"

/* With SOURCE_DATE_EPOCH unset, dates are this fixed instant so that two
 * builds of one config are byte-identical: 2000-01-01 00:00 UTC. */
#define TP_FIXED_EPOCH 946684800LL

/* The files' date: SOURCE_DATE_EPOCH, or TP_FIXED_EPOCH when unset.
 * TP_OK, or TP_EINPUT naming a value that is no count of seconds. */
int tp_build_epoch(long long *out, tp_err *e);

/* The preview page's thumbnails: thumbs/BASE.png, at most TP_THUMB_PX
 * pixels on the longer side (build_proof.c). */
#define TP_THUMB_DIR "thumbs"
#define TP_THUMB_PX 640.0

/* Sheet numbers of the files that belong to no sheet of the game. */
#define TP_MANIFEST_SHEET ((size_t)-1)
#define TP_PROOF_SHEET ((size_t)-2)
#define TP_PLAYTEST_SHEET ((size_t)-4)   /* playtest.pdf (app/playtest.h) */
#define TP_PACK_SHEET ((size_t)-5)       /* a package's ticket, die files, faces */

struct tp_build;

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
	/* By sheet: its files are in the folder already, committed by an
	 * earlier build of the same inputs (watch commits sheet by sheet), or
	 * NULL.  Such a sheet stays wanted (the preflight, the ink report, the
	 * contact sheet and its thumbnail cover it) but no task writes its
	 * files. */
	const int *placed;
	int estimate;          /* planning only, to estimate (check): no
				* SOURCE_DATE_EPOCH and no sheet's own checks */
	/* Called by the plan for each wanted sheet, in sheet order, with its
	 * one layout: the pages as the game built them and as the build
	 * writes them (imposed or paneled; the same doc when imposing changes
	 * nothing).  What the checks before writing need (the preflight, the
	 * estimate).  Both NULL for a sheet made one page at a time
	 * (app/sheet_pages.h): never laid out whole, the visit goes through
	 * its pages itself.  TP_OK or fills e.  May be NULL. */
	int (*visit)(void *ctx, const struct tp_build *b, size_t sheet,
		     const struct tp_doc *built, const struct tp_doc *written, tp_err *e);
	void *visit_ctx;
	/* Called by the plan once it knows the sheets and formats, before any
	 * sheet is laid out (with visit_ctx): a refusal here costs no layout.
	 * TP_OK or fills e.  May be NULL. */
	int (*bound)(void *ctx, const struct tp_build *b, tp_err *e);
	int page_order;        /* enum tp_page_order */
};

/* The pages of a sheet and of its printed back in the press PDF (a
 * factory's page order, app/factory.h): each sheet its own file (as
 * built); or one file per sheet that has a back, the back's pages after
 * all of the sheet's (backs last) or each after its front (interleaved). */
enum tp_page_order { TP_ORDER_AS_BUILT, TP_ORDER_BACKS_LAST, TP_ORDER_INTERLEAVED };

/* The plan keeps its layouts for the workers up to this many bytes of
 * scenes; beyond, a sheet is laid out again where it is written. */
#define TP_LAYOUT_KEEP_BYTES (24u << 20)

/* Tasks besides one sheet in one format. */
enum tp_task_kind { TP_TASK_SHEET, TP_TASK_INKS, TP_TASK_PROOF, TP_TASK_PLAYTEST };

/* One task: one sheet in one format. */
struct tp_task {
	int kind;      /* enum tp_task_kind */
	size_t sheet, backend;   /* TP_TASK_SHEET */
	double area;   /* raster tasks: mm^2 of its pages' bleed boxes, as written */
};

/* What the plan knows of one wanted sheet from laying it out once. */
struct tp_sheet_facts {
	unsigned has_ink;  /* bit per one-ink backend (tp_backends[].only_ink):
			    * some page draws in its ink */
	double area;       /* mm^2 of the bleed boxes of its pages as rasterised */
	/* 1: every page holds die (and crease) lines alone, so each of its
	 * files, whatever the format, is a die file (tp_scene_die_only). */
	int die_only;
	/* What the preview page says of it, as written (set when laid out). */
	int laid;
	double trim_w, trim_h;  /* its first page */
	size_t pages;
	char inks[300];         /* tp_doc_inks */
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
	struct tp_sheet_facts *facts;  /* by index in the game's sheets (owned): of
					* the wanted sheets, and .laid of the shown */
	struct tp_task *tasks;         /* owned */
	size_t n_tasks;
	size_t n_sheet_tasks;          /* tasks[0..n-1] are TP_TASK_SHEET, then
					* the ink report and the proof */
	/* By sheet (owned): the plan's layout of each sheet the build writes
	 * or shows, as the game built it (before imposition), when kept
	 * (kept[i]); see above. */
	struct tp_doc *built;
	int *kept;
	size_t kept_bytes;
	size_t *order;        /* the queue: a permutation of the tasks (owned) */
	/* What the steps wrote (owned): see above. */
	struct tp_buf manifest, *reports;
	int *counts;          /* files per finished task */
	int manifest_files, files_done;
	/* The files of the manifest and the finished tasks, synced by the
	 * parent while the workers draw (when print/output/outfile.h's sync is
	 * left to the caller): the first failure, if any. */
	int manifest_synced, sync_failed;
	tp_err sync_err;
	/* Where the running step reports (note_file). */
	struct tp_buf *summary;
	int *n_files;
	/* The sheet this process laid out or imposed last, kept for its next
	 * task when that is the same sheet in another format (build_run.c). */
	struct tp_doc laid;            /* owned pages, when not built[]'s */
	const struct tp_doc *laid_doc; /* the pages as written: &laid or in built[] */
	size_t laid_sheet;
	int laid_ok;
};

/* Rasters this large (the level-3 sheets are 6 to 25 Gpx at 300 dpi)
 * take hours and gigabytes of PNG: they are written only when --formats
 * asks for PNG by name.  Every level 1 and 2 sheet at 300 dpi is below. */
#define TP_PNG_AUTO_MAX_PX 2e9

/* Whether sheet i of plan b gets backend bi (its formats; plates no
 * rasters). */
int tp_build_gets(const struct tp_build *b, size_t i, size_t bi);

/* Plans the build of s's game as opt asks: TP_OK, or TP_EINPUT naming
 * what is wrong (nothing written yet), TP_EIO when out of memory.  b is
 * owned by the caller: tp_build_free, whatever the result. */
int tp_build_plan(struct tp_build *b, const struct tp_session *s,
		  const struct tp_build_opts *opt, tp_err *e);
void tp_build_free(struct tp_build *b);

/* The steps after planning; each TP_OK or fills e. */
int tp_build_manifest(struct tp_build *b, tp_err *e);
int tp_build_sheets(struct tp_build *b, tp_err *e);

/* The pixels a raster of area mm^2 holds at c's print.dpi: the one count
 * the plan (huge rasters) and the estimate (print.max_gpx) both use. */
double tp_build_pixels(const struct tp_config *c, double area);

/* Shared by the steps (build_run.c). */

/* The pages of one sheet as they are written, from its pages as built:
 * *out = built itself when imposing changes nothing, else an imposed copy
 * in *own (freed by the caller).  0, or -1 when out of memory. */
int tp_build_imposed(const struct tp_session *s, size_t sheet, const struct tp_doc *built,
		     struct tp_doc *own, const struct tp_doc **out);

/* The ink report and the contact sheet: tasks of the pool (build_proof.c). */
int tp_build_inks(struct tp_build *b, tp_err *e);
int tp_build_proof(struct tp_build *b, tp_err *e);

/* Writes pages[0..n-1] of sheet def as one file named file with backend
 * bk (rasters at dpi), marks added for this file only and taken off again afterwards, and
 * reports it (b->summary). */
struct tp_backend;
struct tp_sheet_def;
int tp_build_write_file(struct tp_build *b, const struct tp_backend *bk,
			const struct tp_sheet_def *def, struct tp_page *pages, size_t n,
			const char *file, double dpi, tp_err *e);

/* Under a page order other than as built, the press PDF of a sheet with a
 * printed back (a sheet, not a plate, cut by it and mirrored: cut_by,
 * cut_back), both wanted, holds both sheets' pages (build_pair.c): 1 for
 * that sheet (*other: its back), which writes the one file; 2 for the
 * back (*other: its sheet), which writes no PDF of its own; 0 for any
 * other sheet, or as built. */
int tp_build_pair(const struct tp_build *b, size_t sheet, size_t *other);
/* The name of that file without ".pdf": print.file_name with the sheet
 * FRONT-and-BACK ("series_fronts-and-backs"). */
void tp_build_pair_base(const struct tp_config *c, const struct tp_sheet_def *front,
			const struct tp_sheet_def *back, char *out, size_t n);
/* Writes that file for sheet front and its back with backend bk (the
 * press PDF), each page marked with its own sheet's slug, and reports it
 * (b->summary).  TP_OK or fills e. */
int tp_build_write_pair(struct tp_build *b, const struct tp_backend *bk, size_t front,
			size_t back, tp_err *e);

/* Marks on pages[0..n-1] of sheet def for file (saved first in saved[],
 * restored by the caller for the first *marked pages, however this
 * ends): the slug, when marks is 1.  TP_OK or fills e. */
int tp_build_add_marks(const struct tp_build *b, const struct tp_sheet_def *def,
		       struct tp_page *pages, size_t n, const char *file, int marks,
		       struct tp_scene_state *saved, size_t *marked, tp_err *e);
/* What a file of sheet def in format bk says of itself (title: its
 * buffer of 160 bytes). */
struct tp_doc_info tp_build_doc_info(const struct tp_build *b, const struct tp_backend *bk,
				     const struct tp_sheet_def *def, const char *file, double dpi,
				     char *title);

/* Reports a written file (relative to the output folder) to b->summary. */
void tp_build_note_file(struct tp_build *b, const char *name);

/* A report's line for one file: "LEN:NAME BYTES SHA256\n", the name
 * length-prefixed (any byte in it is carried, none is a separator), the
 * hash "-" when its writer could not read it back. */
void tp_report_file(struct tp_buf *out, const char *name, long long bytes, const char *hex);
/* The next line of a report at *p: 1 (fields filled, *p past it), 0 at
 * the end, -1 when it is garbled or the name does not fit in n. */
int tp_report_next(const char **p, char *name, size_t n, long long *bytes, char hex[65]);

#endif
