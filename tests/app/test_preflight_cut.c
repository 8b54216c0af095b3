/* A back, or a plate, is measured from the cuts of the page that lies
 * behind it (or under it) on the sheet (cli/preflight_cut.h), and a page
 * that no page of the cutting sheet lies behind is told apart: paneled
 * apart from its fronts, work-and-turn cannot register it.  Fronts
 * paneled on their die lines as shipped series under generic-x1a are
 * (260 + 100 mm of a 360 mm sheet); a back panel lies behind a fronts
 * panel exactly when its place, mirrored about the sheet's middle, is
 * that panel's place, which the test computes from the panels. */

#include "testutil.h"

#include <math.h>

#include "app/build/preflight_cut.h"
#include "print/preflight/preflight.h"
#include "print/scene/scene.h"
#include "../print/tu_preflight.h"

static struct tp_palette pal;

/* A fronts panel of width w at x on a sheet H high, die lines round it. */
static void panel(struct tp_doc *doc, double x, double w, double H)
{
	struct tp_scene *sc = tp_scene_new("fronts", w, H, 3, &pal);
	assert_non_null(sc);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 0, 0, w, H), 0);
	assert_int_equal(tp_doc_add(doc, sc, ""), 0);
	doc->pages[doc->n - 1].at[0] = x;
}

static void backs_behind_fronts(void **state)
{
	(void)state;
	tu_pf_palette(&pal);
	const double W = 360, H = 100, split = 260;
	struct tp_doc fronts = { 0 };
	panel(&fronts, 0, split, H);
	panel(&fronts, split, W - split, H);
	/* Back panels: the mirror of each fronts panel, and an even split
	 * with 10 mm of overlap (185 + 185). */
	const double backs[][2] = { { 0, W - split }, { W - split, split }, { 0, 185 }, { 175, 185 } };
	for (int mirrored = 0; mirrored < 2; mirrored++)
		for (int i = 0; i < 4; i++) {
			struct tp_pf_cuts cu = { .doc = &fronts, .n = fronts.n, .on = 1, .back = mirrored, .w = W };
			double x = backs[i][0], w = backs[i][1];
			/* Its place as the fronts see it. */
			double f0 = mirrored ? W - x - w : x;
			int want = 1;
			for (size_t j = 0; j < fronts.n; j++)
				if (fabs(fronts.pages[j].at[0] - f0) < 1e-9 &&
				    fabs(fronts.pages[j].sc->trim_w - w) < 1e-9)
					want = 0;
			struct tp_scene *sc = tp_scene_new("backs", w, H, 3, &pal);
			assert_non_null(sc);
			struct tp_page pg = { .sc = sc, .at = { x, 0 } };
			struct tp_pf_rules r = { .safe = 3 };
			struct tp_preflight pf = { 0 };
			struct tp_pf_page *P = tp_pf_begin(&pf, &r, "backs", 1, sc);
			assert_non_null(P);
			assert_int_equal(tp_pf_cuts_add(&cu, (size_t)i, &pg, P), want);
			assert_int_equal(tp_pf_end(P), 0);
			tp_preflight_free(&pf);
			tp_scene_free(sc);
		}
	tp_doc_free(&fronts);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(backs_behind_fronts),
	};
	return cmocka_run_group_tests_name("preflight cuts", tests, NULL, NULL);
}
