#ifndef TP_BUILD_ESTIMATE_H
#define TP_BUILD_ESTIMATE_H

/* What a build would write, estimated from the layout before anything is
 * drawn: files and raster gigapixels, per sheet and in total.  A build
 * beyond print.max_files or print.max_gpx is refused (exit 2, naming the
 * limit and the key that drives the count), and `check` reports the
 * estimate.  Pages are counted as the build would split them into panels,
 * without cutting the panels out. */

#include <stddef.h>

#include "app/build_record.h"
#include "app/session.h"
#include "core/strbuf.h"
#include "print/backend/backend.h"
#include "print/layout/sheet.h"

struct tp_estimate {
	double files;
	double gpx;               /* raster pixels / 1e9 */
	size_t most_files_sheet;  /* the sheet with the most files, and its count */
	double most_files;
	size_t most_gpx_sheet;
	double most_gpx;
	size_t most_pages_sheet;  /* the sheet of the file with the most pages, and */
	double most_pages;        /* that count (a PDF's pages, panels counted) */
	int panels;               /* some page is split into panels */
	double pdf_files;         /* of files, the PDFs: each embeds print.output_profile */
	double others;            /* files besides the sheets': the manifest's, the
				   * contact sheet, index.html, the record */
	struct tp_written_list *names;  /* if set: the file names, as the build names them */
};

/* Adds what writing sheet in format b would write (and, with est->names,
 * the names of its files), from its one layout: its pages as built and as
 * written (app/build.h); both NULL for a sheet made one page at a time
 * (app/sheet_pages.h), whose pages are then made here one by one.  0, or
 * -1 when out of memory. */
int tp_estimate_task(const struct tp_session *s, size_t sheet, const struct tp_backend *b,
		     const struct tp_doc *built, const struct tp_doc *written,
		     struct tp_estimate *est);

/* Adds part, one sheet's estimate in one format, to est (its names too,
 * when both have a list).  0, or -1 when out of memory. */
int tp_estimate_merge(struct tp_estimate *est, const struct tp_estimate *part, size_t sheet);

/* The guard counted from the config alone, in constant time, before the
 * model is derived or any sheet laid out: the board's squares (rows x
 * cols) against print.max_squares.  Everything a build does grows with
 * them (its layouts, its files' bytes, its time), and every other guard
 * is taken from the layouts, which at 1200 x 1200 took minutes and
 * gigabytes to make; so a board past it is refused at once, in `check`
 * and the build alike, at any --level.  TP_OK, or TP_EINPUT naming the
 * key and the largest board that fits. */
int tp_estimate_squares(const struct tp_config *c, tp_err *e);

/* TP_OK, or TP_EINPUT naming the limit exceeded and what drives it. */
int tp_estimate_check(const struct tp_session *s, const struct tp_estimate *est, tp_err *e);

/* One line for `check`: "build estimate: 24 files, 0.12 Gpx of PNG ...". */
void tp_estimate_print(struct tp_buf *b, const struct tp_session *s, const struct tp_estimate *est);

/* The estimate of a build of only (comma list of sheet names; NULL: the
 * whole set, for check), into est (zeroed by the caller), from the plan
 * the build would make.  In pipeline.c, beside the plan. */
int tp_build_estimate(const struct tp_session *s, const char *only, struct tp_estimate *est,
		      tp_err *e);

#endif
