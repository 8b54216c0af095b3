/* Adding a game is a folder and a row: this suite adds a throwaway game
 * ("toy": one key, one ink, one sheet) in a game table of its own, passed
 * to the config loader and the build (tp_cli.games), and builds it with
 * the unchanged scene, backends, build and CLI code. */

#include "testutil.h"
#include "tu_files.h"

#include <stddef.h>

#include "app/config_load.h"
#include "cli/cli.h"
#include "games/config.h"
#include "games/game.h"

struct toy_cfg {
	int squares;   /* [toy] squares: how many squares in a row */
};

enum { TOY_INK, TOY_N_INKS };

static const struct tp_key toy_keys[] = {
	{ "toy", "squares", TP_KEY_INT, TP_HOME_GAME, 0, offsetof(struct toy_cfg, squares),
	  .lo = 1, .hi = 20, .help = "squares in the row" },
};

static const struct tp_ink toy_inks[TOY_N_INKS] = {
	{ .name = "toyred", .key = "toyred", .kind = TP_INK_PROCESS, .cmyk = { 0, 1, 1, 0 } },
};

static void toy_defaults(struct tp_config *c)
{
	struct toy_cfg *t = c->game_cfg;
	t->squares = 3;
}

static int toy_derive(const struct tp_config *c, void **model, tp_err *e)
{
	(void)c;
	(void)e;
	*model = malloc(1);
	return *model ? TP_OK : TP_EIO;
}

static int toy_row(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	(void)model;
	const struct toy_cfg *t = c->game_cfg;
	double s = c->print.tile_mm;
	struct tp_scene *sc = tp_scene_new("row", t->squares * s, s, c->print.bleed_mm, &c->print.inks);
	if (tp_doc_add(doc, sc, NULL) != 0)
		return -1;
	for (int i = 0; i < t->squares; i++)
		if (tp_scene_rect(sc, TOY_INK, TP_FILL, 0, i * s + 1, 1, s - 2, s - 2) != 0 ||
		    tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, i * s, 0, s, s) != 0)
			return -1;
	return 0;
}

static const struct tp_sheet_def toy_sheets[] = {
	{ "row", "a row of squares", 0, NULL, NULL, toy_row, NULL, NULL, NULL, 0 },
};

static void toy_count(struct tp_buf *b, const struct tp_config *c, const void *m, int arg)
{
	(void)arg;
	(void)m;
	tp_buf_printf(b, "squares,%d\n", ((const struct toy_cfg *)c->game_cfg)->squares);
}

static const struct tp_report_file toy_files[] = { { "count.csv", toy_count, 0 } };

static int toy_report(struct tp_buf *b, const struct tp_config *c, const void *m,
		      const struct tp_report_opts *o, tp_err *e)
{
	(void)o;
	(void)e;
	toy_count(b, c, m, 0);
	return TP_OK;
}

static void toy_summary(struct tp_buf *b, const struct tp_config *c, const void *m)
{
	toy_count(b, c, m, 0);
}

static const struct tp_game toy_game = {
	.name = "toy", .title = "a throwaway game for the test", .default_config = "config/toy.ini",
	.keys = toy_keys, .n_keys = 1, .inks = toy_inks,
	.n_inks = TOY_N_INKS, .cfg_size = sizeof(struct toy_cfg), .defaults = toy_defaults,
	.derive = toy_derive, .free_model = free, .sheets = toy_sheets, .n_sheets = 1,
	.files = toy_files, .n_files = 1, .pattern = toy_report, .manifest = toy_report,
	.summary = toy_summary,
};

extern const struct tp_game tp_game_series;

/* The shipped table with one more row (series first: a config without
 * [game] is series). */
static const struct tp_game *const toy_rows[] = { &tp_game_series, &toy_game };
static const struct tp_game_table toy_table = { toy_rows, 2 };

static void toy_builds(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	/* The toy ships no rules text (templates/rules/toy.en.ini), so no
	 * booklet and no box. */
	const char *cfg = tu_write(dir, "toy.ini",
				   "[game]\nname = toy\n[toy]\nsquares = 5\n[print]\ntile_mm = 10\n"
				   "rules = off\nbox = off\n");
	char out[1200];
	snprintf(out, sizeof out, "%s/out", dir);
	struct tp_cli cli = { 0 };
	cli.command = TP_CMD_BUILD;
	cli.config = cfg;
	cli.quiet = 1;
	cli.out_dir = out;
	cli.jobs = 1;
	cli.level = 1;
	cli.report.run.games = 1;
	cli.games = &toy_table;
	/* The toy outlines each square on its own, so shared edges are cut
	 * twice: the preflight's error, which this test of the game table
	 * does not need to fix. */
	cli.accept_preflight = 1;
	tp_err e = { 0 };
	if (tp_cmd_build(&cli, &e) != TP_OK)
		fail_msg("build: %s", e.msg);
	char path[1300];
	static const char *const files[] = { "row.pdf", "row.png", "row.svg", "manifest/count.csv" };
	for (size_t i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "%s/%s", out, files[i]);
		assert_int_equal(access(path, R_OK), 0);
	}
	/* The toy's own ink is a layer of its SVG; its colour key exists. */
	snprintf(path, sizeof path, "%s/row.svg", out);
	char *svg = tu_slurp(path, NULL);
	assert_non_null(strstr(svg, "<g id=\"toyred\""));
	free(svg);
	struct tp_config *c = NULL;
	const char *sets[] = { "print.toyred_cmyk=10 20 30 40", "toy.squares=7" };
	assert_int_equal(tp_config_load(&c, cfg, sets, 2, &toy_table, &e), TP_OK);
	assert_int_equal(((struct toy_cfg *)c->game_cfg)->squares, 7);
	tp_config_free(c);
	/* A key of another game is refused, naming that game. */
	const char *bad[] = { "series.pairing=4" };
	assert_int_equal(tp_config_load(&c, cfg, bad, 1, &toy_table, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "game series"));
	tu_rmrf(dir);
	tu_release_font_caches();
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(toy_builds) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
