#include "testutil.h"

#include <math.h>

#include "print/text/font.h"
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
static double toy_advance_of(const char *family, const char *utf8, double size, int bold)
{
	cairo_surface_t *s = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, NULL);
	cairo_t *cr = cairo_create(s);
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size * 100);
	cairo_text_extents_t x;
	cairo_text_extents(cr, utf8, &x);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return x.x_advance / 100;
}

static double toy_advance(const char *utf8, double size, int bold)
{
	return toy_advance_of("DejaVu Sans", utf8, size, bold);
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

#define FONTS "/usr/share/fonts/truetype/dejavu/"

/* print.font: DejaVu Sans's own file as the font in use draws the same
 * points as the default (Pango's two font maps find the same face);
 * DejaVu Serif's sets a line as wide as the toy API's DejaVu Serif, and
 * tp_text_line draws a font of its own with its glyphs' box. */
static void test_font_in_use(void **state)
{
	(void)state;
	struct tp_text_style st = { .size_mm = 4, .leading = 1.3 };
	static const char text[] = "Place the tiles face down; mmmm mmmm mmmm";
	tp_err e = { 0 };
	struct tp_scene *a = scene(), *b = scene();
	assert_int_equal(tp_text_draw(a, 0, &st, 0, 0, 60, text, NULL, &e), TP_OK);
	assert_int_equal(tp_font_use(FONTS "DejaVuSans.ttf", &e), TP_OK);
	assert_int_equal(tp_text_draw(b, 0, &st, 0, 0, 60, text, NULL, &e), TP_OK);
	assert_int_equal(a->n_pts, b->n_pts);
	for (size_t i = 0; i < a->n_pts; i++) {
		assert_int_equal(a->pts[i].op, b->pts[i].op);
		assert_true(a->pts[i].x == b->pts[i].x && a->pts[i].y == b->pts[i].y);
	}
	tp_scene_free(a);
	tp_scene_free(b);

	assert_int_equal(tp_font_use(FONTS "DejaVuSerif.ttf", &e), TP_OK);
	struct tp_pt *p, *q;
	size_t n, m;
	double ink[4], sans[4];
	assert_int_equal(tp_text_line(NULL, 4, "mmmm", &p, &n, ink, &e), TP_OK);
	/* The glyphs' box: within the toy API's advance for DejaVu Serif,
	 * less the side bearings. */
	double w = toy_advance_of("DejaVu Serif", "mmmm", 4, 0);
	assert_true(ink[2] - ink[0] <= w + 1e-6 && ink[2] - ink[0] > 0.9 * w);
	assert_true(ink[3] - ink[1] > 0.4 * 4 && ink[3] - ink[1] < 4);
	/* Named for one line, DejaVu Sans: other outlines (the serifs). */
	assert_int_equal(tp_text_line(FONTS "DejaVuSans.ttf", 4, "mmmm", &q, &m, sans, &e), TP_OK);
	assert_true(sans[2] - sans[0] <= toy_advance("mmmm", 4, 0) + 1e-6);
	int same = n == m;
	for (size_t i = 0; same && i < n; i++)
		same = p[i].op == q[i].op && fabs(p[i].x - q[i].x) < 1e-3 && fabs(p[i].y - q[i].y) < 1e-3;
	assert_false(same);
	free(p);
	free(q);
	assert_int_equal(tp_font_use(NULL, &e), TP_OK);
}

int main(void)
{
	const struct CMUnitTest t[] = {
		cmocka_unit_test(test_breaks_like_greedy_wrap),
		cmocka_unit_test(test_centred),
		cmocka_unit_test(test_font_in_use),
	};
	int rc = cmocka_run_group_tests(t, NULL, NULL);
	/* Pango's font map holds Cairo font faces Cairo's reset would find
	 * live: the map is let go of, the caches stay (reachable). */
	tp_text_layout_release();
	return rc;
}
