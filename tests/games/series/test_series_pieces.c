/* Board pieces in the memory of one piece (issue 17).  Each piece is cut
 * from the board's art of its own squares and a ring round them, and may
 * be made alone (tp_doc's window).  The reference is what the pieces were
 * before: the whole board sheet, cropped to the piece, with the piece's
 * die rectangle.  Every piece of every case must be that scene exactly
 * (same digest), whole or made alone; app/sheet_pages hands them out one
 * at a time unless imposing would cut them into panels. */

#include "tu_series.h"

#include "app/impose_game.h"
#include "app/session.h"
#include "app/sheet_pages.h"
#include "core/sha256.h"
#include "games/game.h"
#include "games/series/sheets/series_sheets.h"
#include "print/layout/die.h"
#include "print/scene/scene_digest.h"
#include "print/layout/sheet.h"

static const struct tp_sheet_def *sheet(const char *name)
{
	for (size_t i = 0; i < TP_SERIES_N_SHEETS; i++)
		if (strcmp(tp_series_sheets[i].name, name) == 0)
			return &tp_series_sheets[i];
	fail_msg("no series sheet %s", name);
	return NULL;
}

static void digest(const struct tp_scene *sc, char hex[65])
{
	struct tp_sha256 h;
	tp_sha256_init(&h);
	tp_scene_digest(sc, &h);
	tp_sha256_hex(&h, hex);
}

/* The pieces as they were cut before: piece (i, j) of the whole board. */
static void reference(const struct tp_config *c, const struct tp_pattern *p,
		      const struct tp_scene *board, int i, int j, char hex[65])
{
	/* Six squares each way, where the board has them (the blind
	 * edition's edge band and half split move them). */
	double t = tp_series_pitch(c);
	int sx = c->print.split == TP_SPLIT_COLS, sy = c->print.split == TP_SPLIT_ROWS;
	double x = tp_series_square_at(c, 6 * j, p->cols, sx);
	double y = tp_series_square_at(c, 6 * i, p->rows, sy);
	double w = tp_series_square_at(c, 6 * j + 5, p->cols, sx) + t - x;
	double h = tp_series_square_at(c, 6 * i + 5, p->rows, sy) + t - y;
	char name[40];
	snprintf(name, sizeof name, "piece-%d-%d", i + 1, j + 1);
	struct tp_scene *sc = tp_sheet_crop(board, name, x, y, w, h);
	assert_non_null(sc);
	assert_int_equal(tp_die_rect(sc, 0, 0, w, h, TP_DIE_STROKE_MM), 0);
	digest(sc, hex);
	tp_scene_free(sc);
}

static void check_case(const char *config, const char *const *sets, int n)
{
	struct tp_config *c;
	struct tp_pattern *p;
	tu_series_load(config, sets, n, &c, &p);
	struct tp_doc board = { 0 }, whole = { 0 };
	assert_int_equal(sheet("board")->build(c, p, &board), 0);
	assert_int_equal(board.n, 1);
	assert_int_equal(sheet("board-pieces")->build(c, p, &whole), 0);
	size_t total = (size_t)p->patch_rows * (size_t)p->patch_cols;
	assert_true(total > 0);
	assert_int_equal(whole.n, total);
	assert_int_equal(whole.total, 0);   /* no window asked for */
	for (size_t k = 0; k < total; k++) {
		char want[65], got[65], alone[65];
		int i = (int)(k / (size_t)p->patch_cols), j = (int)(k % (size_t)p->patch_cols);
		reference(c, p, board.pages[0].sc, i, j, want);
		digest(whole.pages[k].sc, got);
		if (strcmp(want, got) != 0)
			fail_msg("%s: piece %d,%d differs from the board's crop", config ? config : "series", i, j);
		struct tp_doc one = { .win_from = k, .win_n = 1 };
		assert_int_equal(sheet("board-pieces")->build(c, p, &one), 0);
		assert_int_equal(one.n, 1);
		assert_int_equal(one.total, total);
		digest(one.pages[0].sc, alone);
		assert_string_equal(alone, want);
		assert_string_equal(one.pages[0].note, whole.pages[k].note);
		tp_doc_free(&one);
	}
	/* A window past the end: no page, the count all the same. */
	struct tp_doc past = { .win_from = total, .win_n = 3 };
	assert_int_equal(sheet("board-pieces")->build(c, p, &past), 0);
	assert_int_equal(past.n, 0);
	assert_int_equal(past.total, total);
	tp_doc_free(&past);
	tp_doc_free(&whole);
	tp_doc_free(&board);
	tp_series_free(p);
	tp_config_free(c);
}

static void pieces_are_the_boards_crops(void **state)
{
	(void)state;
	check_case(NULL, NULL, 0);
	const char *const big[] = { "board.rows=36", "board.cols=36" };
	check_case(NULL, big, 2);
	const char *const wide[] = { "board.rows=12", "board.cols=24" };
	check_case(NULL, wide, 2);
	const char *const small[] = { "print.tile_mm=5" };
	check_case(NULL, small, 1);
	const char *const large[] = { "print.tile_mm=60" };
	check_case(NULL, large, 1);
	check_case(tu_path("config/series-blind.ini"), NULL, 0);
	const char *const cols[] = { "board.rows=24", "board.cols=24", "print.split=cols" };
	check_case(tu_path("config/series-blind.ini"), cols, 3);
}

/* sheet_pages: one piece at a time, each page what the whole sheet laid
 * out (and imposed, when asked: die nicks included) has there; the whole
 * sheet, imposed, when imposing cuts the pieces into panels. */
static void pages_case(const char *const *sets, int n, int paneled)
{
	struct tp_session s = { 0 };
	struct tp_pattern *p;
	tu_series_load(NULL, sets, n, &s.cfg, &p);
	s.model = p;
	s.game = tp_game_find(&tp_games, "series");
	assert_non_null(s.game);
	const struct tp_sheet_def *def = sheet("board-pieces");
	size_t i = (size_t)(def - s.game->sheets);
	size_t total = (size_t)p->patch_rows * (size_t)p->patch_cols;
	for (int impose = 0; impose < 2; impose++) {
		struct tp_doc whole = { 0 };
		assert_int_equal(def->build(s.cfg, p, &whole), 0);
		if (impose)
			assert_int_equal(tp_impose_doc(s.cfg, p, def->name, &whole), 0);
		struct tp_sheet_pages sp;
		assert_int_equal(tp_sheet_pages_open(&sp, &s, i, impose), 0);
		assert_int_equal(sp.one, !paneled);
		assert_int_equal(sp.n, whole.n);
		if (paneled && impose)
			assert_true(sp.n > total);   /* each piece, 120 mm, in panels */
		else
			assert_int_equal(sp.n, total);
		for (size_t k = 0; k < sp.n; k++) {
			struct tp_page *pg = tp_sheet_pages_get(&sp, k);
			assert_non_null(pg);
			char want[65], got[65];
			digest(whole.pages[k].sc, want);
			digest(pg->sc, got);
			if (strcmp(want, got) != 0)
				fail_msg("page %zu of %zu (impose %d) differs from the whole sheet's", k, sp.n, impose);
			assert_string_equal(pg->note, whole.pages[k].note);
			if (!paneled)
				assert_int_equal(sp.doc.n, 1);   /* only the page in hand */
		}
		assert_null(tp_sheet_pages_get(&sp, sp.n));
		tp_sheet_pages_close(&sp);
		tp_doc_free(&whole);
	}
	tp_series_free(p);
	tp_config_free(s.cfg);
}

static void pages_one_at_a_time(void **state)
{
	(void)state;
	pages_case(NULL, 0, 0);
	const char *const nicks[] = { "print.nicks_per_side=2" };
	pages_case(nicks, 1, 0);
	const char *const small[] = { "print.max_sheet_mm=100" };
	pages_case(small, 1, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pieces_are_the_boards_crops),
		cmocka_unit_test(pages_one_at_a_time),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
