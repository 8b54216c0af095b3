/* Sheet layout (print/layout/sheet.h), table-driven: how a length splits into
 * panels and how a page becomes panels.  Each row is a size and its
 * limits; what the result must satisfy is worked out here from the rules
 * (panels cover the length, none exceeds the limit, no fewer would do). */

#include "testutil.h"
#include "tu_palette.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "print/layout/sheet.h"

static const struct { double length, max, overlap; } splits[] = {
	{ 100, 200, 10 }, { 200, 200, 10 }, { 201, 200, 10 }, { 390, 200, 10 },
	{ 391, 200, 10 }, { 1000, 300, 20 }, { 5080, 1000, 0 }, { 123.4, 50, 12.5 },
};

static void panel_split(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof splits / sizeof splits[0]; i++) {
		double L = splits[i].length, M = splits[i].max, O = splits[i].overlap, step;
		int n = tp_panel_split(L, M, O, &step);
		assert_true(n >= 1);
		if (n == 1) {
			assert_true(L <= M + 1e-9);
			assert_true(fabs(step - L) < 1e-9);
			continue;
		}
		/* n panels of step + overlap, step apart, cover exactly L ... */
		if (fabs(n * step + O - L) > 1e-6)
			fail_msg("%g/%g/%g: %d x %g + %g != %g", L, M, O, n, step, O, L);
		/* ... none is larger than the limit ... */
		assert_true(step + O <= M + 1e-6);
		/* ... and one panel fewer would be. */
		assert_true((L - O) / (n - 1) + O > M - 1e-6);
	}
}

/* One page of w x h trim; panels must each fit max_media with their
 * bleed and margin, and there must be as many as the split says. */
static void panelize(void **state)
{
	(void)state;
	static const struct { double w, h, max, overlap, margin; } pages[] = {
		{ 300, 200, 400, 10, 13 }, { 600, 200, 400, 10, 13 }, { 900, 900, 400, 10, 0 },
		{ 1500, 700, 1000, 20, 13 },
	};
	struct tp_palette pal;
	tu_palette_init(&pal);
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		const double bleed = 3;
		struct tp_doc doc = { 0 };
		struct tp_scene *sc = tp_scene_new("page", pages[i].w, pages[i].h, bleed, &pal);
		assert_non_null(sc);
		assert_int_equal(tp_doc_add(&doc, sc, NULL), 0);
		assert_int_equal(tp_doc_panelize(&doc, pages[i].max, pages[i].overlap, pages[i].margin), 0);
		double room = pages[i].max - 2 * (bleed + pages[i].margin), sx, sy;
		int nx = tp_panel_split(pages[i].w, room, pages[i].overlap, &sx);
		int ny = tp_panel_split(pages[i].h, room, pages[i].overlap, &sy);
		if (doc.n != (size_t)(nx * ny))
			fail_msg("%g x %g in %g: %zu pages, expected %d x %d", pages[i].w, pages[i].h,
				 pages[i].max, doc.n, nx, ny);
		for (size_t k = 0; k < doc.n; k++) {
			const struct tp_scene *p = doc.pages[k].sc;
			assert_true(p->trim_w <= room + 1e-6 && p->trim_h <= room + 1e-6);
			if (doc.n > 1)
				assert_non_null(strstr(p->name, "panel-"));
		}
		tp_doc_free(&doc);
	}
}

/* A page of cells with a die line (a board part): its panels meet on
 * cell edges, each panel fits, and together they tile the page with no
 * overlap.  Rows: page, press room, cell size and the first edge. */
static void panels_on_cells(void **state)
{
	(void)state;
	static const struct { double w, h, max, cell, at; } pages[] = {
		{ 475, 225, 300, 25, 0 }, { 1098.5, 2196, 400, 122, 0.5 }, { 900, 130, 250, 30, 7 },
	};
	struct tp_palette pal;
	tu_palette_init(&pal);
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		const double bleed = 3, margin = 13, w = pages[i].w, h = pages[i].h;
		const double cell = pages[i].cell, at = pages[i].at;
		struct tp_doc doc = { 0 };
		struct tp_scene *sc = tp_scene_new("part", w, h, bleed, &pal);
		assert_non_null(sc);
		assert_int_equal(tp_doc_add(&doc, sc, NULL), 0);
		sc->cell_mm = cell;
		sc->cell_at[0] = sc->cell_at[1] = at;
		const double xy[8] = { 0, 0, w, 0, w, h, 0, h };
		assert_int_equal(tp_scene_poly(sc, TP_INK_CUT, TP_STROKE, 0.25, xy, 4), 0);
		const double room = pages[i].max - 2 * (bleed + margin);
		assert_int_equal(tp_doc_panelize_wh(&doc, pages[i].max, pages[i].max, 10, margin), 0);
		assert_true(doc.n > 1);
		double area = 0;
		for (size_t k = 0; k < doc.n; k++) {
			const struct tp_page *pg = &doc.pages[k];
			const struct tp_scene *p = pg->sc;
			double pw = p->trim_w, ph = p->trim_h;
			if (strstr(pg->note, "turned") != NULL)
				assert_true(pw <= room + 1e-6 || ph <= room + 1e-6);
			else
				assert_true(pw <= room + 1e-6 && ph <= room + 1e-6);
			/* Each edge inside the page lies on a cell edge. */
			const double e[4] = { pg->at[0], pg->at[1], pg->at[0] + pw, pg->at[1] + ph };
			const double len[2] = { w, h };
			for (int j = 0; j < 4; j++) {
				double v = e[j], L = len[j % 2];
				if (v < 1e-6 || v > L - 1e-6)
					continue;
				double q = (v - at) / cell;
				if (fabs(q - round(q)) > 1e-6)
					fail_msg("page %zu of %gx%g: a seam at %g mm is not on a cell edge (%g + k %g)",
						 k + 1, w, h, v, at, cell);
			}
			area += pw * ph;
		}
		if (fabs(area - w * h) > 1e-3)
			fail_msg("%gx%g: the panels cover %g mm2, the page %g", w, h, area, w * h);
		tp_doc_free(&doc);
	}
}

/* A gang of tiles cut by full-length die lines (tile x tile mm cells). */
static struct tp_scene *gang(const struct tp_palette *pal, double w, double h, double tile)
{
	struct tp_scene *sc = tp_scene_new("fronts", w, h, 3, pal);
	assert_non_null(sc);
	for (double x = 0; x <= w + 1e-9; x += tile) {
		const struct tp_pt l[2] = { { TP_MOVE, x, 0 }, { TP_LINE, x, h } };
		assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, l, 2), 0);
	}
	for (double y = 0; y <= h + 1e-9; y += tile) {
		const struct tp_pt l[2] = { { TP_MOVE, 0, y }, { TP_LINE, w, y } };
		assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, l, 2), 0);
	}
	return sc;
}

/* A back (or plate) with no die lines of its own is paneled where its
 * fronts are, mirrored for a back: each of its panels has the box of a
 * fronts panel reflected about the page's vertical axis (or the same
 * box), so printed work-and-turn every back lies behind its front.  The
 * fronts' panels come from the fronts' own paneling here. */
static void backs_behind_fronts(void **state)
{
	(void)state;
	static const struct { double w, h, tile, max; } pages[] = {
		{ 360, 360, 20, 326 }, { 203.2, 279.4, 25.4, 238 }, { 720, 720, 20, 326 },
		{ 500, 150, 25, 300 },
	};
	struct tp_palette pal;
	tu_palette_init(&pal);
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++)
		for (int mirrored = 0; mirrored <= 1; mirrored++) {
			const double w = pages[i].w, h = pages[i].h, max = pages[i].max;
			struct tp_doc fronts = { 0 }, cutter = { 0 }, backs = { 0 };
			assert_int_equal(tp_doc_add(&fronts, gang(&pal, w, h, pages[i].tile), ""), 0);
			assert_int_equal(tp_doc_add(&cutter, gang(&pal, w, h, pages[i].tile), ""), 0);
			struct tp_scene *b = tp_scene_new("backs", w, h, 3, &pal);
			assert_non_null(b);
			assert_int_equal(tp_scene_rect(b, TP_INK_TEXT, TP_FILL, 0, 0, 0, w, h), 0);
			assert_int_equal(tp_doc_add(&backs, b, ""), 0);
			assert_int_equal(tp_doc_panelize_wh(&fronts, max, max, 10, 13), 0);
			assert_int_equal(tp_doc_panelize_by(&backs, max, max, 10, 13, &cutter, mirrored), 0);
			/* On their die lines the fronts' panels meet without overlap. */
			double area = 0;
			for (size_t j = 0; j < fronts.n; j++)
				area += fronts.pages[j].sc->trim_w * fronts.pages[j].sc->trim_h;
			if (fronts.n < 2 || fabs(area - w * h) > 1e-3)
				fail_msg("%gx%g in %g: the fronts are not paneled on their die lines", w, h, max);
			assert_int_equal(backs.n, fronts.n);
			for (size_t k = 0; k < backs.n; k++) {
				const struct tp_page *pb = &backs.pages[k];
				double bw = pb->sc->trim_w, bh = pb->sc->trim_h;
				double x = mirrored ? w - pb->at[0] - bw : pb->at[0];
				size_t hit = 0;
				for (size_t j = 0; j < fronts.n; j++) {
					const struct tp_page *pf = &fronts.pages[j];
					hit += fabs(pf->at[0] - x) < 1e-6 && fabs(pf->at[1] - pb->at[1]) < 1e-6 &&
					       fabs(pf->sc->trim_w - bw) < 1e-6 && fabs(pf->sc->trim_h - bh) < 1e-6;
				}
				if (hit != 1)
					fail_msg("%gx%g in %g (mirrored %d): backs panel %zu at %g,%g %gx%g lies behind no fronts panel",
						 w, h, max, mirrored, k + 1, pb->at[0], pb->at[1], bw, bh);
				/* It has no die lines: paneling a back adds none. */
				assert_false(tp_scene_uses_ink(pb->sc, TP_INK_CUT));
			}
			tp_doc_free(&fronts);
			tp_doc_free(&cutter);
			tp_doc_free(&backs);
		}
}

/* The slug's date, against the C library's own UTC calendar. */
static void dates(void **state)
{
	(void)state;
	static const long long epochs[] = { 0, 946684800, 1764110400, 4102444799LL };
	for (size_t i = 0; i < sizeof epochs / sizeof epochs[0]; i++) {
		char got[64], want[64];
		time_t t = (time_t)epochs[i];
		struct tm tm;
		gmtime_r(&t, &tm);
		strftime(want, sizeof want, "%Y-%m-%d %H:%M UTC", &tm);
		tp_format_date(epochs[i], got, sizeof got);
		assert_string_equal(got, want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(panel_split),
		cmocka_unit_test(panelize),
		cmocka_unit_test(panels_on_cells),
		cmocka_unit_test(backs_behind_fronts),
		cmocka_unit_test(dates),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
