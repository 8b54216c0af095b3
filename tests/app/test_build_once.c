/* A build lays each sheet out once (app/build.h): the plan's layout
 * serves the preflight, the estimate, the ink report, the contact sheet,
 * the preview page and every format, on one worker or several.  The
 * shipped games run with their sheet builders wrapped in counters kept in
 * shared memory, so the workers' layouts count too; what each sheet may
 * cost is taken from the plan of the same build (the sheets it writes or
 * shows), not written down here.  A sheet that makes its pages one at
 * a time (app/sheet_pages.h: the series board pieces) is never laid out
 * whole: its pages are made alone where they are needed, so only its
 * whole layouts are held to none. */

#include "testutil.h"

#include <sys/mman.h>

#include "app/build.h"
#include "app/session.h"
#include "cli/cli.h"
#include "games/game.h"

#define MAX_SHEETS 32

/* Calls of each sheet's builder for the whole sheet, and for a page made
 * alone (a window the sheet honoured), shared with the forked workers.
 * A build under a region window the sheet honoured (tp_doc.part: the
 * frame alone, or the shapes near one panel) is not the whole sheet and
 * is not counted. */
static int *calls, *paged;
/* The game whose builders the wrappers call. */
static const struct tp_game *real;

#define WRAP(i)                                                                        \
	static int wrap##i(const struct tp_config *c, const void *m, struct tp_doc *d) \
	{                                                                              \
		int rc = real->sheets[i].build(c, m, d);                               \
		int alone = d->win_n > 0 && d->total > 0;                              \
		if (!d->parted)                                                        \
			__atomic_fetch_add(alone ? &paged[i] : &calls[i], 1,           \
					   __ATOMIC_SEQ_CST);                          \
		return rc;                                                             \
	}
WRAP(0) WRAP(1) WRAP(2) WRAP(3) WRAP(4) WRAP(5) WRAP(6) WRAP(7)
WRAP(8) WRAP(9) WRAP(10) WRAP(11) WRAP(12) WRAP(13) WRAP(14) WRAP(15)
WRAP(16) WRAP(17) WRAP(18) WRAP(19) WRAP(20) WRAP(21) WRAP(22) WRAP(23)
WRAP(24) WRAP(25) WRAP(26) WRAP(27) WRAP(28) WRAP(29) WRAP(30) WRAP(31)

typedef int (*build_fn)(const struct tp_config *, const void *, struct tp_doc *);
static const build_fn wraps[MAX_SHEETS] = {
	wrap0, wrap1, wrap2, wrap3, wrap4, wrap5, wrap6, wrap7,
	wrap8, wrap9, wrap10, wrap11, wrap12, wrap13, wrap14, wrap15,
	wrap16, wrap17, wrap18, wrap19, wrap20, wrap21, wrap22, wrap23,
	wrap24, wrap25, wrap26, wrap27, wrap28, wrap29, wrap30, wrap31,
};

/* The game table: every shipped game, the one named counted. */
static struct tp_game counted;
static struct tp_sheet_def sheets[MAX_SHEETS];
static const struct tp_game *rows[16];
static struct tp_game_table table;

static void count_game(const char *name)
{
	assert_true(tp_games.n <= 16);
	for (size_t i = 0; i < tp_games.n; i++) {
		rows[i] = tp_games.row[i];
		if (strcmp(tp_games.row[i]->name, name) != 0)
			continue;
		real = tp_games.row[i];
		counted = *real;
		assert_true(real->n_sheets <= MAX_SHEETS);
		for (size_t k = 0; k < real->n_sheets; k++) {
			sheets[k] = real->sheets[k];
			sheets[k].build = wraps[k];
		}
		counted.sheets = sheets;
		rows[i] = &counted;
	}
	assert_non_null(real);
	table = (struct tp_game_table){ rows, tp_games.n };
}

static struct tp_cli cli_for(const char *config, const char *only, const char *dir, int jobs)
{
	/* The rules booklet and the box are off: the booklet's set-up figure
	 * and the box's lid and measured contents lay the board out again
	 * inside their own builders (a known cost, not yet served from the
	 * plan), so with them on the board is laid out more than once. */
	static const char *const sets[] = { "print.dpi=72", "print.rules=off", "print.box=off" };
	struct tp_cli cli = { 0 };
	cli.command = TP_CMD_BUILD;
	cli.config = config;
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
		cli.sets[cli.n_sets++] = sets[i];
	cli.quiet = 1;
	cli.report.run.games = 1;
	cli.out_dir = dir;
	cli.only = only;
	cli.level = 1;
	cli.jobs = jobs;
	cli.games = &table;
	return cli;
}

/* What the build of cli lays out, by sheet: the sheets its plan writes or
 * shows (planned here on a session of its own, then the counters reset). */
static size_t planned(const struct tp_cli *cli, int *expect, size_t n)
{
	struct tp_session s;
	tp_err e = { 0 };
	assert_int_equal(tp_cli_session_open(&s, cli, &e), TP_OK);
	assert_int_equal(s.game->n_sheets, n);
	int *in_folder = calloc(n + 1, sizeof *in_folder);
	struct tp_build_opts opt = { .dir = cli->out_dir, .only = cli->only, .jobs = cli->jobs,
				     .quiet = 1, .in_folder = in_folder };
	/* --only proof in a folder: the sheets its record lists. */
	for (size_t i = 0; cli->only && strcmp(cli->only, "proof") == 0 && i < n; i++) {
		char path[1300];
		snprintf(path, sizeof path, "%s/%s.pdf", cli->out_dir, s.game->sheets[i].name);
		in_folder[i] = access(path, R_OK) == 0;
	}
	struct tp_build b;
	assert_int_equal(tp_build_plan(&b, &s, &opt, &e), TP_OK);
	size_t total = 0;
	for (size_t i = 0; i < n; i++) {
		/* Made a page at a time: its first page to learn so, then
		 * each page once for the plan's facts and checks. */
		int one = paged[i] > 0;
		expect[i] = one ? 0 : b.want[i] || b.shown[i];
		total += (size_t)expect[i];
		if (one)
			assert_int_equal(paged[i], 1 + (int)b.facts[i].pages);
		/* The plan alone lays out exactly these. */
		assert_int_equal(calls[i], expect[i]);
		calls[i] = paged[i] = 0;
	}
	tp_build_free(&b);
	free(in_folder);
	tp_session_close(&s);
	return total;
}

static void builds_once(const char *game, const char *config, const char *only, int jobs,
			const char *dir)
{
	count_game(game);
	memset(calls, 0, MAX_SHEETS * sizeof *calls);
	memset(paged, 0, MAX_SHEETS * sizeof *paged);
	struct tp_cli cli = cli_for(tu_path(config), only, dir, jobs);
	int expect[MAX_SHEETS];
	size_t total = planned(&cli, expect, real->n_sheets);
	assert_true(total > 0);
	tp_err e = { 0 };
	if (tp_cmd_build(&cli, &e) != TP_OK)
		fail_msg("build %s -j%d: %s", config, jobs, e.msg);
	size_t got = 0;
	for (size_t i = 0; i < real->n_sheets; i++) {
		if (calls[i] != expect[i])
			fail_msg("%s -j%d%s%s: sheet %s laid out %d times, want %d", config, jobs,
				 only ? " --only " : "", only ? only : "", real->sheets[i].name,
				 calls[i], expect[i]);
		got += (size_t)calls[i];
	}
	assert_int_equal(got, total);
}

static void each_game(const char *game, const char *config)
{
	char *dir = tu_tmpdir();
	char out[1200];
	snprintf(out, sizeof out, "%s/out", dir);
	builds_once(game, config, NULL, 1, out);
	builds_once(game, config, NULL, 2, out);
	/* The contact sheet alone: the sheets already in the folder. */
	builds_once(game, config, "proof", 2, out);
	tu_rmrf(dir);
}

static void series_once(void **state)
{
	(void)state;
	each_game("series", "config/series.ini");
}

static void vector_once(void **state)
{
	(void)state;
	each_game("vector", "config/vector.ini");
}

static void arena_once(void **state)
{
	(void)state;
	each_game("arena", "config/arena.ini");
}

int main(void)
{
	calls = mmap(NULL, 2 * MAX_SHEETS * sizeof *calls, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (calls == MAP_FAILED)
		return 1;
	paged = calls + MAX_SHEETS;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(series_once),
		cmocka_unit_test(vector_once),
		cmocka_unit_test(arena_once),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	munmap(calls, 2 * MAX_SHEETS * sizeof *calls);
	tu_release_font_caches();
	return rc;
}
