/* Shapes outside a sheet are not written at all (issue 21): every shape of
 * every page of every sheet of every game, as the build lays it out (crop,
 * halves and parts, punchboard imposition), shows at least partly inside
 * the page's bleed box.  The PDF, PNG, SVG and the contact sheet draw these
 * pages, so a shape culled here is in none of them. */

#include "testutil.h"
#include "tu_build.h"

#include "games/game.h"
#include "app/impose_game.h"
#include "print/layout/sheet.h"

/* A shape's box: on-curve and control points of a path (closes carry no
 * point), a rectangle's corners, a text's anchor; a placed symbol's shape
 * with its points moved by d (scene.h: tp_scene_next). */
static void box(const struct tp_scene *sc, const struct tp_shape *s, const double d[2],
		double b[4])
{
	if (s->kind == TP_SHAPE_RECT) {
		b[0] = s->x; b[1] = s->y; b[2] = s->x + s->w; b[3] = s->y + s->h;
		return;
	}
	if (s->kind == TP_SHAPE_TEXT) {
		b[0] = b[2] = s->x; b[1] = b[3] = s->y;
		return;
	}
	b[0] = b[1] = INFINITY;
	b[2] = b[3] = -INFINITY;
	for (size_t k = 0; k < s->count; k++) {
		const struct tp_pt *p = &sc->pts[s->first + k];
		if (p->op == TP_CLOSE)
			continue;
		b[0] = fmin(b[0], p->x + d[0]); b[1] = fmin(b[1], p->y + d[1]);
		b[2] = fmax(b[2], p->x + d[0]); b[3] = fmax(b[3], p->y + d[1]);
	}
}

/* Shapes of doc wholly outside their page's bleed box. */
static size_t outside(const struct tp_doc *doc, const char *sheet)
{
	size_t bad = 0;
	for (size_t k = 0; k < doc->n; k++) {
		const struct tp_scene *sc = doc->pages[k].sc;
		double eps = 1e-6, lo = -sc->bleed;
		struct tp_scene_iter it = { 0 };
		for (const struct tp_shape *s; (s = tp_scene_next(sc, &it)) != NULL;) {
			size_t i = it.i;
			double b[4];
			box(sc, s, it.d, b);
			if (b[2] < lo - eps || b[3] < lo - eps || b[0] > sc->trim_w + sc->bleed + eps ||
			    b[1] > sc->trim_h + sc->bleed + eps) {
				if (bad < 3)
					print_message("%s page %zu (%s): shape %zu at %g,%g..%g,%g outside %g x %g + %g bleed\n",
						      sheet, k + 1, sc->name, i, b[0], b[1], b[2], b[3],
						      sc->trim_w, sc->trim_h, sc->bleed);
				bad++;
			}
		}
	}
	return bad;
}

static void config_inside(const char *edition, const char *const *sets, int n_sets)
{
	char rel[64];
	snprintf(rel, sizeof rel, "config/%s.ini", edition);
	struct tp_config *c = tu_config(tu_path(rel), sets, n_sets);
	void *model = NULL;
	tp_err e = { 0 };
	assert_int_equal(c->game->derive(c, &model, &e), TP_OK);
	const struct tp_game *g = c->game;
	size_t sheets = 0;
	for (size_t i = 0; i < g->n_sheets; i++) {
		char why[300];
		const struct tp_sheet_def *d = &g->sheets[i];
		if (d->absent && d->absent(c, d->name, why, sizeof why))
			continue;
		if (d->prepare && d->prepare(c, &e) != TP_OK)
			fail_msg("%s: %s", d->name, e.msg);
		struct tp_doc doc = { 0 };
		assert_int_equal(d->build(c, model, &doc), 0);
		assert_int_equal(tp_impose_doc(c, model, d->name, &doc), 0);
		size_t bad = outside(&doc, d->name);
		if (bad)
			fail_msg("%s %s: %zu shapes lie wholly outside the sheet", edition, d->name, bad);
		tp_doc_free(&doc);
		sheets++;
	}
	assert_true(sheets > 0);
	g->free_model(model);
	tp_config_free(c);
}

static void every_game(void **state)
{
	(void)state;
	config_inside("series", NULL, 0);
	config_inside("series-tutorial", NULL, 0);
	config_inside("vector", NULL, 0);
	config_inside("arena", NULL, 0);
}

/* The arena's parts across the cols, an odd board, and the series halves
 * across the cols and on press sheets: every crop culls. */
static void other_splits(void **state)
{
	(void)state;
	static const char *const arena_cols[] = { "print.split=cols", "arena.side=15",
						  "board.rows=15", "board.cols=15" };
	config_inside("arena", arena_cols, 4);
	static const char *const series_cols[] = { "print.split=cols", "print.layout=punchboard" };
	config_inside("series", series_cols, 2);
	static const char *const vector_punch[] = { "print.layout=punchboard" };
	config_inside("vector", vector_punch, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_game),
		cmocka_unit_test(other_splits),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	tu_release_font_caches();
	return rc;
}
