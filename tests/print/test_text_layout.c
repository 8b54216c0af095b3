#include "testutil.h"

#include <math.h>

#include "print/text/text_layout.h"

static struct tp_scene *scene(void)
{
	struct tp_palette pal = { .n_game = 1, .n = 1 };
	struct tp_scene *sc = tp_scene_new("t", 100, 100, 0, &pal);
	assert_non_null(sc);
	return sc;
}

/* The toy API's advance of utf8 in DejaVu Sans at size mm: an oracle
 * that shares no code with Pango's layout. */
static double toy_advance(const char *utf8, double size, int bold)
{
	cairo_surface_t *s = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, NULL);
	cairo_t *cr = cairo_create(s);
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size * 100);
	cairo_text_extents_t x;
	cairo_text_extents(cr, utf8, &x);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return x.x_advance / 100;
}

/* Words of one glyph kind (no kerning pairs) break where a greedy
 * wrap by the toy API's advances says, every line within the width, and
 * the height is lines x pitch. */
static void test_breaks_like_greedy_wrap(void **state)
{
	(void)state;
	char text[800] = "";
	for (int i = 0; i < 40; i++)
		strcat(text, i ? " mmmm" : "mmmm");
	struct tp_text_style st = { .size_mm = 3.5, .leading = 1.3 };
	double W = 50, word = toy_advance("mmmm", 3.5, 0), space = toy_advance(" ", 3.5, 0);
	int per_line = (int)floor((W + space) / (word + space));
	int want = (40 + per_line - 1) / per_line;
	double h;
	int lines;
	tp_err e;
	assert_int_equal(tp_text_measure(&st, W, text, &h, &lines, &e), TP_OK);
	assert_int_equal(lines, want);
	assert_true(fabs(h - want * 1.3 * 3.5) < 1e-9);

	struct tp_scene *sc = scene();
	double h2;
	assert_int_equal(tp_text_draw(sc, 0, &st, 10, 20, W, text, &h2, &e), TP_OK);
	assert_true(fabs(h2 - h) < 1e-9);
	assert_int_equal(sc->n_shapes, 1);
	double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
	for (size_t i = 0; i < sc->n_pts; i++) {
		x0 = fmin(x0, sc->pts[i].x);
		x1 = fmax(x1, sc->pts[i].x);
		y0 = fmin(y0, sc->pts[i].y);
		y1 = fmax(y1, sc->pts[i].y);
	}
	assert_true(x0 >= 10 && x1 <= 10 + W);
	assert_true(y0 >= 20 && y1 <= 20 + h);
	/* Deterministic: the same points again. */
	struct tp_scene *sc2 = scene();
	assert_int_equal(tp_text_draw(sc2, 0, &st, 10, 20, W, text, NULL, &e), TP_OK);
	assert_int_equal(sc2->n_pts, sc->n_pts);
	assert_memory_equal(sc2->pts, sc->pts, sc->n_pts * sizeof *sc->pts);
	tp_scene_free(sc);
	tp_scene_free(sc2);
}

/* A centred line lies in the middle of the width. */
static void test_centred(void **state)
{
	(void)state;
	struct tp_text_style st = { .size_mm = 5, .align = TP_ALIGN_CENTER, .bold = 1 };
	struct tp_scene *sc = scene();
	tp_err e;
	assert_int_equal(tp_text_draw(sc, 0, &st, 0, 0, 100, "HH", NULL, &e), TP_OK);
	double x0 = 1e9, x1 = -1e9;
	for (size_t i = 0; i < sc->n_pts; i++) {
		x0 = fmin(x0, sc->pts[i].x);
		x1 = fmax(x1, sc->pts[i].x);
	}
	assert_true(fabs((x0 + x1) / 2 - 50) < 0.5);
	assert_true(x1 - x0 < toy_advance("HH", 5, 1));
	tp_scene_free(sc);
}

int main(void)
{
	const struct CMUnitTest t[] = {
		cmocka_unit_test(test_breaks_like_greedy_wrap),
		cmocka_unit_test(test_centred),
	};
	int rc = cmocka_run_group_tests(t, NULL, NULL);
	/* Pango's font map holds Cairo font faces Cairo's reset would find
	 * live: the map is let go of, the caches stay (reachable). */
	tp_text_layout_release();
	return rc;
}
