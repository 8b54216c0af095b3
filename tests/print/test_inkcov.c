/* Ink coverage (issue 12 point 7) against areas worked out by hand from
 * the geometry: abutting knock-out fills, overprinting lines, spots that
 * overprint or knock out, a circle, clipping at the trim, marks left out,
 * the TAC peak under a hairline, the pixel cap, the CSV, and allocation
 * failures. */

#include "testutil.h"

#include <math.h>

#include "core/alloc.h"
#include "print/ink/inkcov.h"
#include "print/scene/scene.h"
#include "print/scene/walk.h"
#include "tu_palette.h"

static struct tp_palette pal;

static void set_ink(int id, const char *name, int kind, int overprint, double c, double m,
		    double y, double k)
{
	struct tp_ink *i = tu_ink(&pal, id);
	snprintf(i->name, sizeof i->name, "%s", name);
	i->kind = kind;
	i->overprint = overprint;
	i->cmyk[0] = c;
	i->cmyk[1] = m;
	i->cmyk[2] = y;
	i->cmyk[3] = k;
}

static int setup(void **state)
{
	(void)state;
	tu_palette_init(&pal);
	set_ink(INK_A, "red", TP_INK_PROCESS, 0, 0, 1, 1, 0);
	set_ink(INK_B, "cyan", TP_INK_PROCESS, 0, 1, 0, 0, 0);
	set_ink(INK_C, "tint", TP_INK_PROCESS, 0, 0.3, 0.2, 0, 0);
	set_ink(INK_D, "white", TP_INK_PROCESS, 0, 0, 0, 0, 0);
	set_ink(TP_INK_LINE, "lines", TP_INK_PROCESS, 1, 0, 0, 0, 0.45);
	set_ink(TP_INK_TEXT, "text", TP_INK_PROCESS, 1, 0, 0, 0, 1);
	set_ink(TP_INK_ASSEMBLY, "Assembly", TP_INK_SPOT, 0, 0, 1, 0, 0);
	set_ink(TP_INK_REG, "marks", TP_INK_REGISTRATION, 0, 1, 1, 1, 1);
	set_ink(TP_INK_CUT, "CutContour", TP_INK_SPOT, 1, 0, 1, 0, 0);
	set_ink(TP_INK_EMBOSS, "Emboss", TP_INK_SPOT, 1, 1, 0, 0, 0);
	return 0;
}

static double plate(const struct tp_inkcov *c, const char *name)
{
	for (size_t k = 0; k < c->n; k++)
		if (strcmp(c->name[k], name) == 0)
			return c->pct[k];
	return -1;  /* not reported */
}

static void measure(const struct tp_scene *sc, double r, struct tp_inkcov *c)
{
	tp_err e = { 0 };
	assert_int_equal(tp_inkcov_scene(sc, r, 1e8, c, &e), TP_OK);
}

static void near(double got, double want, double tol, const char *what)
{
	if (fabs(got - want) > tol)
		fail_msg("%s: %.4f %%, want %.4f %%", what, got, want);
}

/* Cells that meet at edges that fall inside pixels keep their own
 * share: the plates add up to the cells' areas. */
static void test_abutting(void **state)
{
	(void)state;
	double W = 100, H = 60, s = 100.0 / 7;  /* cell edges off the pixel grid */
	struct tp_scene *sc = tp_scene_new("t", W, H, 3, &pal);
	double red = 0, cyan = 0, tint = 0;
	for (int i = 0; i < 7; i++)
		for (int j = 0; j < 4; j++) {
			int ink = (i * 3 + j) % 4;
			double h = H / 4;
			assert_int_equal(tp_scene_rect(sc, ink, TP_FILL, 0, i * s, j * h, s, h), 0);
			double a = s * h / (W * H) * 100;
			red += ink == INK_A ? a : 0;
			cyan += ink == INK_B ? a : 0;
			tint += ink == INK_C ? a : 0;
		}
	for (int r = 2; r <= 5; r += 3) {
		struct tp_inkcov c;
		measure(sc, r, &c);
		assert_int_equal(c.n, 4);  /* no spot drawn */
		near(plate(&c, "Cyan"), cyan + 0.3 * tint, 0.05, "Cyan");
		near(plate(&c, "Magenta"), red + 0.2 * tint, 0.05, "Magenta");
		near(plate(&c, "Yellow"), red, 0.05, "Yellow");
		near(plate(&c, "Black"), 0, 1e-9, "Black");
		near(c.tac_max, 200, 1e-3, "TAC");
		near(c.px_per_mm, r, 1e-12, "resolution");
	}
	tp_scene_free(sc);
}

/* A knock-out fill replaces what is under it on every plate; an
 * overprinting line adds its own plate and leaves the others; the TAC
 * peak counts the line at full tint. */
static void test_knockout_overprint(void **state)
{
	(void)state;
	struct tp_scene *sc = tp_scene_new("t", 100, 100, 0, &pal);
	assert_int_equal(tp_scene_rect(sc, INK_B, TP_FILL, 0, 0, 0, 100, 100), 0);   /* cyan all over */
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, 20, 20, 30, 40), 0);   /* red knocks out */
	assert_int_equal(tp_scene_rect(sc, INK_D, TP_FILL, 0, 60, 0, 10, 10), 0);    /* white knocks out */
	/* A vertical 0.3 mm line, 45 % K, overprinting, from y 10 to 90 at x 35.1. */
	struct tp_pt l[2] = { { TP_MOVE, 35.1, 10 }, { TP_LINE, 35.1, 90 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.3, l, 2), 0);
	struct tp_inkcov c;
	measure(sc, 4, &c);
	double red = 30 * 40 / 100.0, white = 10 * 10 / 100.0;
	near(plate(&c, "Cyan"), 100 - red - white, 0.02, "Cyan");
	near(plate(&c, "Magenta"), red, 0.02, "Magenta");
	near(plate(&c, "Yellow"), red, 0.02, "Yellow");
	near(plate(&c, "Black"), 0.45 * 0.3 * 80 / 100, 0.01, "Black");
	near(c.tac_max, 245, 1e-3, "TAC");
	tp_scene_free(sc);
	/* The same line knocking out (overprint off) takes the colour away. */
	set_ink(TP_INK_LINE, "lines", TP_INK_PROCESS, 0, 0, 0, 0, 0.45);
	sc = tp_scene_new("t", 100, 100, 0, &pal);
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, 0, 0, 100, 100), 0);
	assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.3, l, 2), 0);
	measure(sc, 4, &c);
	near(plate(&c, "Magenta"), 100 - 0.3 * 80 / 100, 0.01, "Magenta under a knock-out line");
	near(c.tac_max, 200, 1e-3, "TAC");
	tp_scene_free(sc);
	set_ink(TP_INK_LINE, "lines", TP_INK_PROCESS, 1, 0, 0, 0, 0.45);
}

/* Spots get their own plates (only those drawn); an overprinting spot
 * leaves the process plates, a knock-out one clears them.  Printer's marks
 * and art outside the trim do not count; a circle has its area. */
static void test_spots_marks_trim(void **state)
{
	(void)state;
	struct tp_scene *sc = tp_scene_new("t", 80, 50, 5, &pal);
	assert_int_equal(tp_scene_rect(sc, INK_B, TP_FILL, 0, -5, -5, 90, 60), 0);  /* into the bleed */
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_FILL, 0, 10, 10, 20, 10), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_ASSEMBLY, TP_FILL, 0, 40, 10, 10, 10), 0);
	assert_int_equal(tp_scene_circle(sc, TP_INK_EMBOSS, TP_FILL, 0, 60, 35, 7), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_REG, TP_FILL, 0, 0, 0, 80, 50), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	struct tp_inkcov c;
	measure(sc, 4, &c);
	double A = 80 * 50 / 100.0;
	assert_int_equal(c.n, 7);
	assert_string_equal(c.name[4], "Assembly");   /* palette order */
	assert_string_equal(c.name[5], "CutContour");
	assert_string_equal(c.name[6], "Emboss");
	near(plate(&c, "CutContour"), 200 / A, 0.02, "CutContour");
	near(plate(&c, "Assembly"), 100 / A, 0.02, "Assembly");
	near(plate(&c, "Emboss"), M_PI * 49 / A, 0.03, "Emboss (circle)");
	near(plate(&c, "Cyan"), 100 - 100 / A, 0.02, "Cyan (Assembly knocks out)");
	near(plate(&c, "Magenta"), 0, 1e-9, "Magenta (marks are not counted)");
	near(c.tac_max, 100, 1e-3, "TAC");
	tp_scene_free(sc);
}

static void test_cap_csv(void **state)
{
	(void)state;
	struct tp_scene *sc = tp_scene_new("t", 1000, 400, 0, &pal);
	assert_int_equal(tp_scene_rect(sc, INK_C, TP_FILL, 0, 0, 0, 500, 400), 0);
	struct tp_inkcov c;
	tp_err e = { 0 };
	assert_int_equal(tp_inkcov_scene(sc, 4, 1e5, &c, &e), TP_OK);
	near(c.px_per_mm, sqrt(1e5 / 4e5), 1e-9, "capped resolution");
	near(plate(&c, "Cyan"), 15, 0.05, "Cyan");
	struct tp_buf b = { 0 };
	tp_inkcov_csv_header(&b);
	tp_inkcov_csv(&b, "fronts", 2, &c);
	assert_false(b.oom);
	assert_non_null(strstr(b.s, "sheet,page,ink,coverage_pct\nfronts,2,Cyan,15.00\nfronts,2,Magenta,10.00\n"));
	assert_non_null(strstr(b.s, "fronts,2,Black,0.00\nfronts,2,tac_max_pct,50.0\n"));
	tp_buf_free(&b);
	tp_scene_free(sc);
}

/* Through a walk's view (the playtest kit's): only the inks it draws
 * count, marks never (even when the view asks for them); the same scene
 * with the press's view counts them all. */
static void test_view(void **state)
{
	(void)state;
	struct tp_scene *sc = tp_scene_new("t", 100, 50, 0, &pal);
	assert_int_equal(tp_scene_rect(sc, INK_B, TP_FILL, 0, 0, 0, 50, 50), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_EMBOSS, TP_FILL, 0, 50, 0, 25, 50), 0);
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, 75, 0, 25, 50), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	struct tp_walk_opts view = { .marks = 1, .inks = TP_WALK_INK(INK_B) | TP_WALK_INK(INK_A) };
	struct tp_inkcov c;
	tp_err e = { 0 };
	assert_int_equal(tp_inkcov_scene_view(sc, &view, 4, 1e8, NULL, &c, &e), TP_OK);
	assert_int_equal(c.n, 4);   /* the emboss plate is not drawn */
	near(plate(&c, "Cyan"), 50, 0.02, "Cyan through the view");
	near(plate(&c, "Magenta"), 0, 1e-9, "Magenta: a mark, never counted");
	measure(sc, 4, &c);
	near(plate(&c, "Emboss"), 25, 0.02, "Emboss with the press's view");
	tp_scene_free(sc);
}

static void test_out_of_memory(void **state)
{
	(void)state;
	struct tp_scene *sc = tp_scene_new("t", 50, 50, 0, &pal);
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, 0, 0, 20, 20), 0);
	assert_int_equal(tp_scene_text(sc, TP_INK_TEXT, 10, 40, 5, TP_ALIGN_LEFT, "Ink"), 0);
	for (long n = 1;; n++) {
		struct tp_inkcov c;
		tp_err e = { 0 };
		tp_alloc_fail_at(n);
		int rc = tp_inkcov_scene(sc, 4, 1e8, &c, &e);
		tp_alloc_fail_at(0);
		if (rc == TP_OK)
			break;
		assert_int_equal(rc, TP_EIO);
		assert_true(n < 100);
	}
	tp_scene_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_abutting),
		cmocka_unit_test(test_knockout_overprint),
		cmocka_unit_test(test_spots_marks_trim),
		cmocka_unit_test(test_cap_csv),
		cmocka_unit_test(test_view),
		cmocka_unit_test(test_out_of_memory),
	};
	return cmocka_run_group_tests_name("ink coverage", tests, setup, tu_teardown_fonts);
}
