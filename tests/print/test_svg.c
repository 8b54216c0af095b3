#include "testutil.h"
#include "tu_files.h"

#include "core/alloc.h"
#include "print/backend/backend.h"
#include "print/scene/scene.h"
#include "tu_palette.h"
#include "tu_writer.h"


static struct tp_scene *new_scene(void)
{
	struct tp_palette pal;
	static const char *names[TU_N_INKS] = {
		"lateral", "boxes", "vertical", "dots", "lines", "text", "Assembly",
		"marks", "CutContour", "Emboss",
	};
	tu_palette_init(&pal);
	struct tp_ink *k = pal.ink;
	for (int i = 0; i < TU_N_INKS; i++) {
		snprintf(k[i].name, sizeof k[i].name, "%s", names[i]);
		k[i].rgb[0] = i / 10.0;
		k[i].rgb[2] = 1;
	}
	tu_ink(&pal, TP_INK_ASSEMBLY)->kind = TP_INK_SPOT;
	tu_ink(&pal, TP_INK_REG)->kind = TP_INK_REGISTRATION;
	tu_ink(&pal, TP_INK_CUT)->kind = TP_INK_SPOT;
	tu_ink(&pal, TP_INK_CUT)->overprint = 1;
	k[INK_A].rgb[0] = 227 / 255.0;
	k[INK_A].rgb[1] = 6 / 255.0;
	k[INK_A].rgb[2] = 19 / 255.0;
	struct tp_scene *sc = tp_scene_new("fronts", 100, 50, 3, &pal);
	assert_non_null(sc);
	sc->margin = 10;
	return sc;
}

/* Three lateral rects, two box rects, a circle, a die line, text, marks,
 * and two layers whose names are not XML ids. */
static struct tp_scene *sample(void)
{
	struct tp_scene *sc = new_scene();
	for (int i = 0; i < 3; i++)
		assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, i * 10.5, 0, 10.5, 20), 0);
	assert_int_equal(tp_scene_rect(sc, INK_B, TP_FILL, 0, -3, -3, 106, 5), 0);
	assert_int_equal(tp_scene_rect(sc, INK_B, TP_STROKE, 0.25, 40, 10, 20, 20), 0);
	assert_int_equal(tp_scene_circle(sc, INK_D, TP_FILL, 0, 70, 25, 4), 0);
	double cut[] = { 0, 0, 100, 0, 100, 50, 0, 50 };
	assert_int_equal(tp_scene_poly(sc, TP_INK_CUT, TP_STROKE, 0.2, cut, 4), 0);
	assert_int_equal(tp_scene_text(sc, TP_INK_TEXT, 50, 45, 4, TP_ALIGN_CENTER,
				       "A<B & \"C\" 'd' \xc3\xa9 \xff"), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_REG, TP_FILL, 0, -12, -3, 6, 0.2), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	assert_int_equal(tp_scene_text(sc, TP_INK_REG, 0, 55, 2, TP_ALIGN_LEFT, "slug"), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	assert_int_equal(tp_scene_layer(sc, "9 odd/name"), 0);
	assert_int_equal(tp_scene_rect(sc, INK_C, TP_FILL, 0, 1, 1, 2, 2), 0);
	assert_int_equal(tp_scene_layer(sc, "bleed"), 0);
	assert_int_equal(tp_scene_rect(sc, INK_C, TP_FILL, 0, 3, 3, 2, 2), 0);
	tp_scene_layer_by_ink(sc);
	return sc;
}

/* Writes sc as name in tu_tmp and returns the text. */
static char *write_svg(const struct tp_scene *sc, int marks, const char *name)
{
	const char *path = tu_write(tu_tmp, name, "");
	struct tp_doc_info info = { .title = "tilepress series: fronts & backs", .marks = marks };
	tp_err e = { 0 };
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(tp_svg_write(f, &sc, 1, &info, &e), TP_OK);
	assert_int_equal(fclose(f), 0);
	return tu_slurp_ok(path, NULL);
}

static int count(const char *from, const char *to, const char *needle)
{
	int n = 0;
	for (const char *p = strstr(from, needle); p && (!to || p < to); p = strstr(p + 1, needle))
		n++;
	return n;
}

/* The elements matching needle inside the group with that id, up to the
 * next layer group. */
static int in_group(const char *svg, const char *id, const char *needle)
{
	char open[80];
	snprintf(open, sizeof open, "<g id=\"%s\"", id);
	const char *g = strstr(svg, open);
	assert_non_null(g);
	/* the next layer: groups of reused tiles lie inside this one */
	const char *end = strstr(g + 1, "<g id=");
	while (end) {
		const char *close = strchr(end, '>');
		const char *mode = strstr(end, "inkscape:groupmode");
		if (mode && close && mode < close)
			break;
		end = strstr(end + 1, "<g id=");
	}
	return count(g, end, needle);
}

static void test_header_and_groups(void **state)
{
	(void)state;
	struct tp_scene *sc = sample();
	char *svg = write_svg(sc, 0, "a.svg");
	assert_non_null(strstr(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\""));
	assert_non_null(strstr(svg, " width=\"106mm\" height=\"56mm\" viewBox=\"-3 -3 106 56\""));
	assert_non_null(strstr(svg, "<title>tilepress series: fronts &amp; backs</title>"));
	assert_non_null(strstr(svg, "<clipPath id=\"bleed\"><rect x=\"-3\" y=\"-3\" width=\"106\""
				    " height=\"56\"/></clipPath>"));
	/* Groups in order of first use, each once. */
	const char *ids[] = { "lateral", "boxes", "dots", "CutContour", "text", "marks",
			      "_9_odd_name", "bleed_2" };
	const char *prev = svg;
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		char open[80];
		snprintf(open, sizeof open, "<g id=\"%s\"", ids[i]);
		const char *g = strstr(svg, open);
		assert_non_null(g);
		assert_true(g > prev);
		assert_int_equal(count(svg, NULL, open), 1);
		prev = g;
	}
	assert_int_equal(count(svg, NULL, "<g id="), 8);
	assert_non_null(strstr(svg, "inkscape:label=\"9 odd/name\""));
	/* a layer of one ink is labelled with the layer's name, which is the
	 * ink's when layers follow the inks */
	for (size_t k = 0; k < sc->pal.n; k++) {
		char label[80], open[80];
		snprintf(open, sizeof open, "<g id=\"%s\"", sc->pal.ink[k].name);
		snprintf(label, sizeof label, "%s inkscape:groupmode=\"layer\" inkscape:label=\"%s\">",
			 open, sc->pal.ink[k].name);
		if (strstr(svg, open))
			assert_non_null(strstr(svg, label));
	}
	assert_int_equal(in_group(svg, "lateral", "<rect "), 3);
	assert_int_equal(in_group(svg, "lateral", "clip-path=\"url(#bleed)\""), 1);
	assert_int_equal(in_group(svg, "boxes", "<rect "), 2);
	assert_int_equal(in_group(svg, "boxes", "fill=\"none\" stroke="), 1);
	assert_int_equal(in_group(svg, "dots", "<path d=\"M74 25 C"), 1);
	assert_int_equal(in_group(svg, "CutContour", "data-spot=\"CutContour\""), 1);
	assert_int_equal(in_group(svg, "CutContour", " Z\""), 1);
	assert_int_equal(in_group(svg, "marks", "<rect "), 0);
	assert_int_equal(in_group(svg, "marks", "<text"), 0);
	assert_non_null(strstr(svg, "<rect x=\"10.5\" y=\"0\" width=\"10.5\" height=\"20\""
				    " fill=\"#e30613\"/>"));
	assert_non_null(strstr(svg, "text-anchor=\"middle\""));
	assert_non_null(strstr(svg, ">A&lt;B &amp; &quot;C&quot; &apos;d&apos; \xc3\xa9 \xef\xbf\xbd</text>"));
	free(svg);
	tp_scene_free(sc);
}

/* Hairlines drawn tile by tile become one path of sheet-long lines (the
 * segments that meet end to end joined, the others kept); a glyph drawn
 * again elsewhere becomes a <use> of its first copy, moved; a larger
 * outline stays a path of its own.  Counts and positions come from the
 * scene built here. */
static void test_lines_joined_glyphs_reused(void **state)
{
	(void)state;
	struct tp_scene *sc = new_scene();
	const int tiles = 4;
	for (int t = 0; t < tiles; t++) {
		struct tp_pt h[2] = { { TP_MOVE, t * 20.0, 5 }, { TP_LINE, t * 20.0 + 20, 5 } };
		struct tp_pt v[2] = { { TP_MOVE, t * 20.0 + 10, 0 }, { TP_LINE, t * 20.0 + 10, 20 } };
		assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.1, h, 2), 0);
		assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.1, v, 2), 0);
	}
	/* A gap: x 90..95 does not meet the row of tiles ending at 80. */
	struct tp_pt gap[2] = { { TP_MOVE, 90, 5 }, { TP_LINE, 95, 5 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.1, gap, 2), 0);
	/* The same small outline (10 points) at two places, a large one once
	 * more at a third. */
	double glyph[20];
	for (int i = 0; i < 10; i++) {
		glyph[2 * i] = 2 * cos(i * 0.6283);
		glyph[2 * i + 1] = 2 * sin(i * 0.6283);
	}
	double at[3][2] = { { 30, 30 }, { 60.5, 40.25 }, { 0, 0 } };
	for (int k = 0; k < 3; k++) {
		double q[20];
		for (int i = 0; i < 10; i++) {
			q[2 * i] = at[k][0] + glyph[2 * i] * (k == 2 ? 10 : 1);
			q[2 * i + 1] = at[k][1] + glyph[2 * i + 1] * (k == 2 ? 10 : 1);
		}
		assert_int_equal(tp_scene_poly(sc, TP_INK_TEXT, TP_FILL, 0, q, 10), 0);
	}
	char *svg = write_svg(sc, 0, "reuse.svg");
	assert_int_equal(in_group(svg, "lines", "<path "), 1);
	assert_int_equal(in_group(svg, "lines", "M0 5 H80"), 1);
	assert_int_equal(in_group(svg, "lines", "M90 5 H95"), 1);
	assert_int_equal(in_group(svg, "lines", " V20"), tiles);
	assert_int_equal(in_group(svg, "text", "<path "), 2);
	assert_int_equal(in_group(svg, "text", " id=\"u0\""), 1);
	assert_int_equal(in_group(svg, "text", "<use xlink:href=\"#u0\" x=\"30.5\" y=\"10.25\"/>"), 1);
	assert_non_null(strstr(svg, "xmlns:xlink=\"http://www.w3.org/1999/xlink\""));
	free(svg);
	tp_scene_free(sc);
}

/* Tiles drawn as scene groups: per layer, one <g id="gN"> for each
 * distinct tile and a <use> of it for every other; a glyph drawn again
 * turned by quarter turns is a <use> of its first copy with the turn's
 * matrix, which takes the first copy's first point onto the copy's. */
static void test_groups_and_turned_glyphs(void **state)
{
	(void)state;
	struct tp_scene *sc = new_scene();
	const int tiles = 6, kinds = 2;
	for (int t = 0; t < tiles; t++) {
		double x = 15.0 * t, w = 3 + t % kinds;
		assert_int_equal(tp_scene_group_begin(sc), 0);
		for (int k = 0; k < 2; k++) {
			assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, x + k * w, 0, w, 4), 0);
			assert_int_equal(tp_scene_rect(sc, INK_B, TP_FILL, 0, x, 5 + k * w, 4, w), 0);
		}
		tp_scene_group_end(sc);
	}
	/* An irregular outline of 10 points, then turned 1, 2, 3 quarter
	 * turns (x, y) -> (a x + c y, b x + d y) and placed elsewhere. */
	static const int turn[4][4] = { { 1, 0, 0, 1 }, { 0, 1, -1, 0 }, { -1, 0, 0, -1 }, { 0, -1, 1, 0 } };
	double at[4][2] = { { 30, 30 }, { 50, 30 }, { 70, 30 }, { 90, 35 } };
	double first[4][2];
	for (int r = 0; r < 4; r++) {
		double q[20];
		for (int i = 0; i < 10; i++) {
			double gx = 2 * cos(i * 0.6283) * (1 + 0.3 * (i % 3)), gy = 2 * sin(i * 0.6283);
			q[2 * i] = at[r][0] + turn[r][0] * gx + turn[r][2] * gy;
			q[2 * i + 1] = at[r][1] + turn[r][1] * gx + turn[r][3] * gy;
		}
		first[r][0] = q[0];
		first[r][1] = q[1];
		assert_int_equal(tp_scene_poly(sc, TP_INK_TEXT, TP_FILL, 0, q, 10), 0);
	}
	char *svg = write_svg(sc, 0, "groups.svg");
	for (int l = 0; l < 2; l++) {
		const char *id = l ? "boxes" : "lateral";
		assert_int_equal(in_group(svg, id, "<g id=\"g"), kinds);
		assert_int_equal(in_group(svg, id, "<use xlink:href=\"#g"), tiles - kinds);
		assert_int_equal(in_group(svg, id, "<rect "), 2 * kinds);
	}
	assert_int_equal(in_group(svg, "text", "<path "), 1);
	assert_int_equal(in_group(svg, "text", "<use xlink:href=\"#u0\" transform=\"matrix("), 3);
	const char *u = svg;
	for (int r = 1; r < 4; r++) {
		u = strstr(u, "<use xlink:href=\"#u0\" transform=\"matrix(");
		assert_non_null(u);
		u += strlen("<use xlink:href=\"#u0\" transform=\"matrix(");
		double m[6];
		assert_int_equal(sscanf(u, "%lf %lf %lf %lf %lf %lf", &m[0], &m[1], &m[2], &m[3], &m[4],
					&m[5]), 6);
		for (int k = 0; k < 4; k++)
			assert_true(m[k] == turn[r][k]);
		double x = m[0] * first[0][0] + m[2] * first[0][1] + m[4];
		double y = m[1] * first[0][0] + m[3] * first[0][1] + m[5];
		assert_true(fabs(x - first[r][0]) < 1e-3 && fabs(y - first[r][1]) < 1e-3);
	}
	free(svg);
	tp_scene_free(sc);
}

static void test_marks(void **state)
{
	(void)state;
	struct tp_scene *sc = sample();
	char *svg = write_svg(sc, 1, "m.svg");
	assert_non_null(strstr(svg, " width=\"126mm\" height=\"76mm\" viewBox=\"-13 -13 126 76\""));
	/* Marks unclipped, in registration, art still clipped to the bleed. */
	assert_int_equal(in_group(svg, "marks", "<rect "), 1);
	assert_int_equal(in_group(svg, "marks", ">slug</text>"), 1);
	assert_int_equal(in_group(svg, "marks", "data-spot=\"All\""), 2);
	assert_int_equal(in_group(svg, "marks", "clip-path"), 0);
	assert_int_equal(in_group(svg, "lateral", "clip-path=\"url(#bleed)\""), 1);
	assert_non_null(strstr(svg, "<clipPath id=\"bleed\"><rect x=\"-3\" y=\"-3\""));
	/* Same scene, same bytes. */
	char *again = write_svg(sc, 1, "m2.svg");
	assert_string_equal(svg, again);
	free(again);
	free(svg);
	tp_scene_free(sc);
}

/* rsvg-convert and xmllint, when installed, must accept the file. */
static void test_tools_accept(void **state)
{
	(void)state;
	struct tp_scene *sc = sample();
	free(write_svg(sc, 1, "t.svg"));
	tp_scene_free(sc);
	char cmd[1200];
	int ran = 0;
	if (system("command -v xmllint >/dev/null 2>&1") == 0) {
		snprintf(cmd, sizeof cmd, "xmllint --noout '%s/t.svg'", tu_tmp);
		assert_int_equal(system(cmd), 0);
		ran++;
	}
	if (system("command -v rsvg-convert >/dev/null 2>&1") == 0) {
		snprintf(cmd, sizeof cmd, "rsvg-convert -d 96 -p 96 -o '%s/t.png' '%s/t.svg'",
			 tu_tmp, tu_tmp);
		assert_int_equal(system(cmd), 0);
		snprintf(cmd, sizeof cmd, "test -s '%s/t.png'", tu_tmp);
		assert_int_equal(system(cmd), 0);
		ran++;
	}
	if (ran == 0)
		skip();
}

static void test_errors(void **state)
{
	(void)state;
	struct tp_scene *sc = sample();
	struct tp_doc_info info = { .title = "t", .marks = 1 };
	tp_err e;
	tu_expect_full_disk(tp_svg_write, sc, &info, &e);
	const struct tp_scene *two[2] = { sc, sc };
	FILE *g = tmpfile();
	assert_non_null(g);
	tu_expect_one_page(tp_svg_write, g, sc, &info, TP_EIO);
	tp_err e3 = { 0 };
	tp_alloc_fail_at(1);
	assert_int_equal(tp_svg_write(g, two, 1, &info, &e3), TP_EIO);
	tp_alloc_fail_at(0);
	fclose(g);
	tp_scene_free(sc);
}

/* A layer of one spot ink under another name names the spot in its
 * label; a mixed layer keeps its own name. */
static void test_spot_layer_label(void **state)
{
	(void)state;
	struct tp_scene *sc = new_scene();
	assert_int_equal(tp_scene_layer(sc, "symbols"), 0);
	assert_int_equal(tp_scene_circle(sc, TP_INK_CUT, TP_STROKE, 0.25, 10, 10, 3), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 20, 20, 5, 5), 0);
	assert_int_equal(tp_scene_layer(sc, "mixed"), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 20, 20, 5, 5), 0);
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, 20, 20, 5, 5), 0);
	char *svg = write_svg(sc, 0, "spot.svg");
	char want[120];
	snprintf(want, sizeof want, "<g id=\"symbols\" inkscape:groupmode=\"layer\" "
		 "inkscape:label=\"%s (symbols)\">", tp_scene_ink(sc, TP_INK_CUT)->name);
	assert_non_null(strstr(svg, want));
	assert_non_null(strstr(svg, "<g id=\"mixed\" inkscape:groupmode=\"layer\" "
				    "inkscape:label=\"mixed\">"));
	free(svg);
	tp_scene_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spot_layer_label),
		cmocka_unit_test(test_header_and_groups),
		cmocka_unit_test(test_lines_joined_glyphs_reused),
		cmocka_unit_test(test_groups_and_turned_glyphs),
		cmocka_unit_test(test_marks),
		cmocka_unit_test(test_tools_accept),
		cmocka_unit_test(test_errors),
	};
	return cmocka_run_group_tests(tests, tu_setup_tmp, tu_teardown_tmp);
}
