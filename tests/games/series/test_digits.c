/* series.indicia = digits (issue 21): a 6 and a 9 read as each other on a
 * turned tile, so each carries a bar under it, as the arena's numbers do.
 * Counted on the fronts sheet as laid out: one bar per quadrant whose value
 * (from the test's own oracle) is 6 or 9, and no other; each bar lies
 * under its digit, on the side away from the digit's top as the tile turns. */

#include "tu_series.h"

#include "games/series/sheets/series_sheets.h"

/* Whether path shape s is a bar: a closed axis-aligned rectangle (four
 * points and a close) at least twice as long as it is thick. */
static int is_bar(const struct tp_scene *sc, const struct tp_shape *s)
{
	if (s->kind != TP_SHAPE_PATH || s->count != 5 || sc->pts[s->first + 4].op != TP_CLOSE)
		return 0;
	const struct tp_pt *p = &sc->pts[s->first];
	double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
	for (int i = 0; i < 4; i++) {
		x0 = fmin(x0, p[i].x); x1 = fmax(x1, p[i].x);
		y0 = fmin(y0, p[i].y); y1 = fmax(y1, p[i].y);
	}
	for (int i = 0; i < 4; i++) {
		int on_x = fabs(p[i].x - x0) < 1e-6 || fabs(p[i].x - x1) < 1e-6;
		int on_y = fabs(p[i].y - y0) < 1e-6 || fabs(p[i].y - y1) < 1e-6;
		if (!on_x || !on_y)
			return 0;
	}
	double w = x1 - x0, h = y1 - y0;
	return fmax(w, h) >= 2 * fmin(w, h) && fmin(w, h) > 0;
}

static void bars_for(const char *style)
{
	const char *sets[] = { "series.indicia=digits", "series.backs=off", style };
	struct tp_config *c;
	struct tp_pattern *p;
	tu_series_load(NULL, sets, 3, &c, &p);
	const struct tp_sheet_def *fronts = tp_game_sheet(c->game, "fronts");
	assert_non_null(fronts);
	struct tp_doc doc = { 0 };
	assert_int_equal(fronts->build(c, p, &doc), 0);
	assert_int_equal(doc.n, 1);
	const struct tp_scene *sc = doc.pages[0].sc;
	double t = c->print.tile_mm;
	int rows = c->board.rows, cols = c->board.cols;
	/* Expected bars per quadrant of every tile, from the oracle. */
	int *want = calloc((size_t)rows * cols * 4, sizeof *want), *got = calloc((size_t)rows * cols * 4, sizeof *got);
	assert_non_null(want);
	assert_non_null(got);
	int n_want = 0;
	for (int r = 0; r < rows; r++)
		for (int col = 0; col < cols; col++) {
			const struct tp_tile *tile = &p->tiles[r * cols + col];
			for (int k = 0; k < 4; k++) {
				int v = or_value(SER(c)->rules.pairing, or_series_at(c, tile->corner, k), tile->front);
				want[(r * cols + col) * 4 + k] = v == 6 || v == 9;
				n_want += v == 6 || v == 9;
			}
		}
	assert_true(n_want > 0);
	/* Every shape drawn, a placed tile's moved (scene.h). */
	struct tp_scene_iter it = { 0 };
	for (const struct tp_shape *s; (s = tp_scene_next(sc, &it)) != NULL;) {
		if (!is_bar(sc, s) || s->ink == TP_INK_LINE)
			continue;
		double cx = 0, cy = 0;
		for (int j = 0; j < 4; j++) {
			cx += (sc->pts[s->first + j].x + it.d[0]) / 4;
			cy += (sc->pts[s->first + j].y + it.d[1]) / 4;
		}
		int col = (int)(cx / t), r = (int)(cy / t);
		assert_true(r >= 0 && r < rows && col >= 0 && col < cols);
		double fx = cx / t - col, fy = cy / t - r;
		int k = fy < 0.5 ? (fx < 0.5 ? TP_NW : TP_NE) : (fx < 0.5 ? TP_SW : TP_SE);
		got[(r * cols + col) * 4 + k]++;
	}
	for (int i = 0; i < rows * cols * 4; i++)
		if (got[i] != want[i])
			fail_msg("%s: tile (%d,%d) quadrant %d: %d bars, want %d", style, i / 4 / cols + 1,
				 i / 4 % cols + 1, i % 4, got[i], want[i]);
	free(want);
	free(got);
	tp_doc_free(&doc);
	tp_series_free(p);
	tp_config_free(c);
}

static void six_nine_underlined(void **state)
{
	(void)state;
	bars_for("print.style=colour");
	bars_for("print.style=patent");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(six_nine_underlined),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	tu_release_font_caches();
	return rc;
}
