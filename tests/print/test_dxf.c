/* The DXF backend (issue 12 point 3): read back with the tests' own DXF
 * reader (tests/tu_dxf.h): only die-line shapes, 1:1 in mm with y up from
 * the trim box's bottom-left corner, closed paths closed, curves flattened
 * close to the curve, paths clipped to the bleed box, the same bytes
 * twice, write and allocation failures reported. */

#include "testutil.h"
#include "tu_dxf.h"

#include <math.h>

#include "core/alloc.h"
#include "print/backend/backend.h"
#include "print/layout/die.h"
#include "print/scene/scene.h"
#include "tu_palette.h"
#include "tu_writer.h"

static struct tp_scene *sample(void)
{
	struct tp_palette pal;
	tu_palette_init(&pal);
	snprintf(tu_ink(&pal, TP_INK_CUT)->name, sizeof pal.ink[0].name, "KissCut");
	tu_ink(&pal, TP_INK_CUT)->kind = TP_INK_SPOT;
	struct tp_scene *sc = tp_scene_new("cut", 100, 50, 3, &pal);
	assert_non_null(sc);
	/* Art that must not reach the DXF. */
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, 0, 0, 100, 50), 0);
	assert_int_equal(tp_scene_circle(sc, TP_INK_EMBOSS, TP_STROKE, 0.25, 50, 25, 5), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, -12, -12, 5, 5), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	/* Die lines: a 2 x 4 grid of 25 x 25 cells, a circle, a rect. */
	assert_int_equal(tp_die_grid(sc, 0, 0, 2, 4, 25, 25, 0.25), 0);
	assert_int_equal(tp_scene_circle(sc, TP_INK_CUT, TP_STROKE, 0.25, 30, 20, 6), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 60, 5, 10, 8), 0);
	/* A line running past the bleed box is cut at its edge (x = 103). */
	struct tp_pt l[2] = { { TP_MOVE, 90, 40 }, { TP_LINE, 130, 40 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, l, 2), 0);
	return sc;
}

static const struct tp_doc_info info = { .title = "t", .job = "j", .file = "cut.dxf", .marks = 1 };

static char *write_dxf(const struct tp_scene *sc, const char *dir, const char *name)
{
	static char path[1200];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	tp_err e = { 0 };
	assert_int_equal(tp_dxf_write(f, &sc, 1, &info, &e), TP_OK);
	assert_int_equal(fclose(f), 0);
	return path;
}

static void test_read_back(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	struct tp_scene *sc = sample();
	const char *path = write_dxf(sc, dir, "a.dxf");
	struct tu_dxf d;
	char why[200] = "";
	if (tu_dxf_read(path, &d, why, sizeof why) != 0)
		fail_msg("%s", why);
	assert_string_equal(d.version, "AC1009");
	assert_int_equal(d.insunits, 4);  /* millimetres */
	assert_string_equal(d.layer, "KissCut");
	assert_false(d.layers_differ);
	assert_int_equal(d.others, 0);
	/* 3 + 5 grid lines and the clipped line; the circle and the rect. */
	assert_int_equal(d.lines, 9);
	assert_int_equal(d.polylines, 2);
	int grid = 0, circle = 0, rect = 0, clipped = 0;
	for (size_t i = 0; i < d.paths.n; i++) {
		const struct tu_path *p = &d.paths.p[i];
		/* Inside the bleed box, y up. */
		for (int k = 0; k < p->n; k++) {
			assert_true(p->xy[2 * k] >= -3 - 1e-9 && p->xy[2 * k] <= 103 + 1e-9);
			assert_true(p->xy[2 * k + 1] >= -3 - 1e-9 && p->xy[2 * k + 1] <= 53 + 1e-9);
		}
		if (p->n == 2 && !p->closed) {
			double x0 = p->xy[0], y0 = p->xy[1], x1 = p->xy[2], y1 = p->xy[3];
			if (fabs(y0 - 10) < 1e-9 && fabs(y1 - 10) < 1e-9) {  /* scene y 40 */
				assert_true(fabs(fmin(x0, x1) - 90) < 1e-9 && fabs(fmax(x0, x1) - 103) < 1e-9);
				clipped++;
			} else {
				/* Grid: horizontal at scene y 0, 25, 50 -> 50, 25, 0. */
				int horiz = fabs(y0 - y1) < 1e-9, vert = fabs(x0 - x1) < 1e-9;
				assert_true(horiz || vert);
				if (horiz)
					assert_true(fabs(fmod(y0, 25)) < 1e-9 && fabs(fabs(x1 - x0) - 100) < 1e-9);
				else
					assert_true(fabs(fmod(x0, 25)) < 1e-9 && fabs(fabs(y1 - y0) - 50) < 1e-9);
				grid++;
			}
		} else if (p->n == 4) {
			assert_true(p->closed);
			double cx, cy, w, h;
			tu_path_centre(p, &cx, &cy, &w, &h);
			assert_true(fabs(cx - 65) < 1e-9 && fabs(cy - (50 - 9)) < 1e-9);
			assert_true(fabs(w - 10) < 1e-9 && fabs(h - 8) < 1e-9);
			rect++;
		} else {
			/* The circle, flattened: closed, every vertex on the circle,
			 * every chord's midpoint within 0.02 mm of it. */
			assert_true(p->closed && p->n >= 16);
			for (int k = 0; k < p->n; k++) {
				int j = (k + 1) % p->n;
				double r = hypot(p->xy[2 * k] - 30, p->xy[2 * k + 1] - 30);
				double mx = (p->xy[2 * k] + p->xy[2 * j]) / 2, my = (p->xy[2 * k + 1] + p->xy[2 * j + 1]) / 2;
				assert_true(fabs(r - 6) < 0.005);
				assert_true(fabs(hypot(mx - 30, my - 30) - 6) < 0.02);
			}
			circle++;
		}
	}
	assert_int_equal(grid, 8);
	assert_int_equal(clipped, 1);
	assert_int_equal(rect, 1);
	assert_int_equal(circle, 1);
	/* The same bytes twice. */
	char *a = tu_slurp(path, NULL);
	char *b = tu_slurp(write_dxf(sc, dir, "b.dxf"), NULL);
	assert_non_null(a);
	assert_non_null(b);
	assert_string_equal(a, b);
	free(a);
	free(b);
	tu_paths_free(&d.paths);
	tp_scene_free(sc);
	tu_rmrf(dir);
}

/* A page without die lines is still a valid, empty drawing. */
static void test_empty(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	struct tp_palette pal;
	tu_palette_init(&pal);
	struct tp_scene *sc = tp_scene_new("art", 10, 10, 0, &pal);
	assert_int_equal(tp_scene_rect(sc, INK_B, TP_FILL, 0, 0, 0, 10, 10), 0);
	assert_false(tp_scene_uses_ink(sc, TP_INK_CUT));
	struct tu_dxf d;
	char why[200] = "";
	if (tu_dxf_read(write_dxf(sc, dir, "e.dxf"), &d, why, sizeof why) != 0)
		fail_msg("%s", why);
	assert_int_equal(d.paths.n, 0);
	tu_paths_free(&d.paths);
	tp_scene_free(sc);
	tu_rmrf(dir);
}

/* A die file whatever its format: die and crease lines alone, printer's
 * marks aside (tp_scene_die_only); art or no die line at all is not. */
static void test_die_only(void **state)
{
	(void)state;
	struct tp_palette pal;
	tu_palette_init(&pal);
	tp_palette_add_crease(&pal);
	struct tp_scene *sc = tp_scene_new("cut", 60, 30, 3, &pal);
	assert_non_null(sc);
	assert_false(tp_scene_die_only(sc));             /* empty */
	assert_int_equal(tp_scene_rect(sc, TP_INK_CREASE, TP_STROKE, 0.25, 30, 0, 0, 30), 0);
	assert_false(tp_scene_die_only(sc));             /* a fold, no cut */
	assert_int_equal(tp_die_grid(sc, 0, 0, 1, 2, 30, 30, 0.25), 0);
	assert_true(tp_scene_die_only(sc));
	assert_int_equal(tp_scene_text(sc, TP_INK_REG, 0, -8, 2, TP_ALIGN_LEFT, "slug"), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	assert_true(tp_scene_die_only(sc));              /* a mark is no art */
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, 0, 0, 30, 30), 0);
	assert_false(tp_scene_die_only(sc));             /* art */
	tp_scene_free(sc);
	struct tp_scene *s2 = sample();
	assert_false(tp_scene_die_only(s2));
	tp_scene_free(s2);
}

static void test_failures(void **state)
{
	(void)state;
	struct tp_scene *sc = sample();
	tp_err e0;
	tu_expect_full_disk(tp_dxf_write, sc, &info, &e0);
	const struct tp_scene *two[2] = { sc, sc };
	FILE *g = tmpfile();
	assert_non_null(g);
	tu_expect_one_page(tp_dxf_write, g, sc, &info, TP_EINPUT);
	for (long n = 1;; n++) {
		tp_err e = { 0 };
		rewind(g);
		tp_alloc_fail_at(n);
		int rc = tp_dxf_write(g, two, 1, &info, &e);
		tp_alloc_fail_at(0);
		if (rc == TP_OK)
			break;
		assert_int_equal(rc, TP_EIO);
		assert_true(n < 100);
	}
	fclose(g);
	tp_scene_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_back),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_die_only),
		cmocka_unit_test(test_failures),
	};
	return cmocka_run_group_tests_name("dxf backend", tests, NULL, tu_teardown_fonts);
}
