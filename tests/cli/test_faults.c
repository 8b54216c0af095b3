/* Allocation failure along every path a build takes: config, core, scenes,
 * marks, panels and the PDF writer.  Every failure must come back as a
 * clean I/O error with no file or temporary file left; ASan's leak check
 * (make asan) catches anything not freed. */

#define TU_SUPPRESS_HARU_LEAK
#include "testutil.h"

#include <dirent.h>

#include "core/alloc.h"
#include "cli/cli.h"

static int entries(const char *dir, const char *skip)
{
	DIR *d = opendir(dir);
	if (d == NULL)
		return 0;
	int n = 0;
	struct dirent *de;
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && strcmp(de->d_name, skip))
			n++;
	closedir(d);
	return n;
}

static int build(const char *dir, const char *only, const char *formats)
{
	static const char *const sets[] = {
		"board.rows=6", "board.cols=12", "series.anchor=1 1 6 se", "series.anchor=1 2 6 nw",
		"print.dpi=72", "print.max_sheet_mm=200",
	};
	struct tp_cli cli = { 0 };
	cli.command = TP_CMD_BUILD;
	cli.config = tu_path("config/series.ini");
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
		cli.sets[cli.n_sets++] = sets[i];
	cli.quiet = 1;
	cli.report.run.games = 1;
	cli.level = 1;
	cli.jobs = 1;
	cli.out_dir = dir;
	cli.only = only;
	cli.formats = formats;
	tp_err e = { 0 };
	int rc = tp_cmd_build(&cli, &e);
	if (rc != 0 && (rc != TP_EIO || e.msg[0] == '\0'))
		fail_msg("rc %d: '%s'", rc, e.msg);
	return rc;
}

/* Fails the 1st, 2nd, ... allocation until the build goes through. */
static void every_allocation(const char *only, const char *formats)
{
	char *dir = tu_tmpdir();
	char sub[1100];
	snprintf(sub, sizeof sub, "%s/out", dir);
	long n;
	for (n = 1;; n++) {
		tp_alloc_fail_at(n);
		int rc = build(sub, only, formats);
		tp_alloc_fail_at(0);
		if (rc == TP_OK)
			break;
		assert_int_equal(rc, TP_EIO);
		/* Nothing half-written: no temporary files at all. */
		DIR *d = opendir(sub);
		if (d) {
			struct dirent *de;
			while ((de = readdir(d)) != NULL)
				if (de->d_name[0] == '.' && strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
					fail_msg("temporary file %s left after failing allocation %ld", de->d_name, n);
			closedir(d);
		}
		assert_true(n < 200000);
	}
	print_message("%s/%s: %ld allocation sites failed in turn, all clean\n", only, formats, n - 1);
	assert_true(entries(sub, "manifest") > 0);
	tu_rmrf(dir);
}

static void oom_fronts_pdf(void **state)
{
	(void)state;
	every_allocation("fronts,manifest", "pdf");
}

static void oom_sheets_svg(void **state)
{
	(void)state;
	every_allocation("backs,board,board-half-2,board-pieces,cut,spanning-set", "svg");
}

static void oom_png(void **state)
{
	(void)state;
	every_allocation("board,templates", "png");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(oom_fronts_pdf),
		cmocka_unit_test(oom_sheets_svg),
		cmocka_unit_test(oom_png),
	};
	return cmocka_run_group_tests_name("allocation faults", tests, NULL, tu_teardown_fonts);
}
