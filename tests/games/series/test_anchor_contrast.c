/* The anchor marks of the series board stay visible on any square: on the
 * 24 x 24 board the four anchors land on coloured squares, and their
 * orange outline almost vanished on red and yellow.  Checked from the
 * board as built: every anchor outline (the assembly ink's stroked
 * rectangles) is drawn over a wider stroke at the same place, above the
 * squares' fills, and all along the outline one of the two colours the
 * mark shows keeps a WCAG contrast of at least 3:1 with the square under
 * it (the level asked of graphics). */

#include "testutil.h"

#include <math.h>

#include "app/config_load.h"
#include "games/game.h"
#include "print/layout/sheet.h"

/* WCAG 2 relative luminance of an sRGB colour, and contrast. */
static double lum(const double rgb[3])
{
	double l[3];
	for (int i = 0; i < 3; i++)
		l[i] = rgb[i] <= 0.04045 ? rgb[i] / 12.92 : pow((rgb[i] + 0.055) / 1.055, 2.4);
	return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

static double contrast(const double a[3], const double b[3])
{
	double x = lum(a), y = lum(b);
	return (fmax(x, y) + 0.05) / (fmin(x, y) + 0.05);
}

static void anchors_on_any_square(void **state)
{
	(void)state;
	const char *sets[] = { "board.rows=24", "board.cols=24" };
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	if (tp_config_load(&c, tu_path("config/series.ini"), sets, 2, &tp_games, &e) != TP_OK)
		fail_msg("config: %s", e.msg);
	void *model = NULL;
	assert_int_equal(c->game->derive(c, &model, &e), TP_OK);
	struct tp_doc doc = { 0 };
	assert_int_equal(tp_game_sheet(c->game, "board")->build(c, model, &doc), 0);
	const struct tp_scene *sc = doc.pages[0].sc;
	static const double paper[3] = { 1, 1, 1 };
	size_t anchors = 0;
	for (size_t k = 0; k < sc->n_shapes; k++) {
		const struct tp_shape *a = &sc->shapes[k];
		if (a->ink != TP_INK_ASSEMBLY || a->kind != TP_SHAPE_RECT || a->paint != TP_STROKE)
			continue;
		anchors++;
		/* Its halo: a wider stroke at the same place, drawn before it. */
		const struct tp_shape *h = NULL;
		for (size_t j = 0; j < k && h == NULL; j++) {
			const struct tp_shape *s = &sc->shapes[j];
			if (s->kind == TP_SHAPE_RECT && s->paint == TP_STROKE && s->ink != TP_INK_ASSEMBLY &&
			    fabs(s->x - a->x) < 1e-6 && fabs(s->y - a->y) < 1e-6 &&
			    fabs(s->w - a->w) < 1e-6 && fabs(s->h - a->h) < 1e-6 && s->stroke > a->stroke * 1.5)
				h = s;
		}
		if (h == NULL)
			fail_msg("anchor outline %zu at %.1f, %.1f has no contrasting halo", anchors, a->x, a->y);
		const double *ao = tp_scene_ink(sc, a->ink)->rgb, *ho = tp_scene_ink(sc, h->ink)->rgb;
		/* Every 1/10 of each side of the outline: the colour of the
		 * square there (the last fill drawn under it, by layer then
		 * order, or paper), which both must lie under. */
		for (int side = 0; side < 4; side++)
			for (int q = 0; q <= 10; q++) {
				double f = q / 10.0;
				double px = a->x + (side == 0 || side == 2 ? f * a->w : side == 1 ? a->w : 0);
				double py = a->y + (side == 1 || side == 3 ? f * a->h : side == 2 ? a->h : 0);
				const double *sq = paper;
				const struct tp_shape *top = NULL;
				for (size_t j = 0; j < sc->n_shapes; j++) {
					const struct tp_shape *s = &sc->shapes[j];
					if (s->kind != TP_SHAPE_RECT || s->paint != TP_FILL || px < s->x ||
					    px > s->x + s->w || py < s->y || py > s->y + s->h)
						continue;
					if (top == NULL || s->layer >= top->layer)
						top = s;
				}
				if (top) {
					sq = tp_scene_ink(sc, top->ink)->rgb;
					if (top->layer >= h->layer)
						fail_msg("anchor %zu: its halo is drawn under the square's fill", anchors);
				}
				double best = fmax(contrast(ao, sq), contrast(ho, sq));
				if (best < 3.0)
					fail_msg("anchor %zu on %s: contrast %.2f:1, want 3:1", anchors,
						 top ? tp_scene_ink(sc, top->ink)->name : "paper", best);
			}
	}
	assert_int_equal(anchors, 4);
	tp_doc_free(&doc);
	c->game->free_model(model);
	tp_config_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(anchors_on_any_square),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
