/* libFuzzer target: the SVG reader (tp_svg_read_mem). */
#include "fuzz_common.h"

#include <math.h>

#include "print/art/svg/svg_read.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_init(0);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tp_art a;
	tp_err e = { 0 };
	int rc = tp_svg_read_mem((const char *)data, size, "fuzz.svg", &a, &e);
	fz_check_err(rc, &e);
	if (rc != TP_OK) {
		if (a.n || a.pts || a.paths)
			abort();   /* nothing kept on failure */
		return 0;
	}
	/* A drawing read: a size, finite points, each path inside the points
	 * and a curve's three points all there. */
	if (!(a.w > 0) || !(a.h > 0) || a.n_pts > TP_SVG_MAX_POINTS)
		abort();
	for (size_t i = 0; i < a.n; i++) {
		const struct tp_art_path *p = &a.paths[i];
		if (p->first + p->count > a.n_pts || p->count == 0 || !(p->stroke >= 0) ||
		    (p->paint != TP_FILL && p->paint != TP_STROKE))
			abort();
		for (size_t k = p->first; k < p->first + p->count; k++)
			if (!isfinite(a.pts[k].x) || !isfinite(a.pts[k].y))
				abort();
	}
	tp_art_free(&a);
	return 0;
}
