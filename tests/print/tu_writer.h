#ifndef TU_WRITER_H
#define TU_WRITER_H

/* Failure checks every backend writer (tp_pdf_write, tp_png_write,
 * tp_svg_write, tp_dxf_write in backend.h) must pass. */

#include "testutil.h"

#include "print/backend/backend.h"

typedef int tu_write_fn(FILE *f, const struct tp_scene *const *pages, size_t n,
			const struct tp_doc_info *info, tp_err *e);

/* Writing sc as one page to a full disk (/dev/full) fails with TP_EIO,
 * and *e (cleared first) carries that code.  Returns 1, or 0 having
 * checked nothing when /dev/full cannot be opened. */
static inline int tu_expect_full_disk(tu_write_fn *write, const struct tp_scene *sc,
				      const struct tp_doc_info *info, tp_err *e)
{
	FILE *f = fopen("/dev/full", "wb");
	if (f == NULL)
		return 0;
	memset(e, 0, sizeof *e);
	assert_int_equal(write(f, &sc, 1, info, e), TP_EIO);
	assert_int_equal(e->code, TP_EIO);
	fclose(f);
	return 1;
}

/* A single-page writer given two pages (sc twice) to write to f refuses
 * with `code`, saying it takes "one page". */
static inline void tu_expect_one_page(tu_write_fn *write, FILE *f, const struct tp_scene *sc,
				      const struct tp_doc_info *info, int code)
{
	const struct tp_scene *two[2] = { sc, sc };
	tp_err e = { 0 };
	assert_int_equal(write(f, two, 2, info, &e), code);
	assert_non_null(strstr(e.msg, "one page"));
}

#endif
