/* Allocation failure along every path a build takes: config, core, scenes,
 * marks, panels and the PDF writer (each allocating call path once, or with
 * TP_FAULTS=every each allocation in turn).  Every failure must come back as a
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

static void clear(const char *dir)
{
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

static int by_path_then_index(const void *a, const void *b)
{
	const unsigned long *x = a, *y = b;
	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return x[1] < y[1] ? -1 : x[1] > y[1];
}

static int by_value(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return (x > y) - (x < y);
}

/* The allocation paths of one whole build from an empty folder, as a copy
 * (the trace is freed here). */
static unsigned long *trace_build(const char *sub, const char *only, const char *formats, long *n)
{
	clear(sub);
	tp_alloc_trace(1);
	assert_int_equal(build(sub, only, formats), TP_OK);
	const unsigned long *paths;
	*n = tp_alloc_paths(&paths);
	assert_true(*n > 0);
	unsigned long *copy = malloc((size_t)*n * sizeof *copy);
	assert_non_null(copy);
	memcpy(copy, paths, (size_t)*n * sizeof *copy);
	tp_alloc_trace(0);
	return copy;
}

/* Which allocations to fail.  TP_FAULTS=every fails the 1st, 2nd, ... in
 * turn until the build goes through: every allocation, but a build per
 * allocation (30-40 min under ASan on a loaded machine).  By default each
 * distinct call path (the innermost TP_ALLOC_FRAMES callers) is failed at
 * its first use, so every allocating call in the build fails once and its
 * error path runs; later uses of a path unwind through the same code.
 * The build must be deterministic for the trace to name the n-th
 * allocation, and that is checked: two traced builds agree. */
static long *choose(const char *sub, const char *only, const char *formats, long *count, long *total)
{
	clear(sub);
	assert_int_equal(build(sub, only, formats), TP_OK); /* warm any cache */
	/* One call site for both traces: the innermost frames of a shallow
	 * allocation reach into this test. */
	unsigned long *trace[2];
	long len[2];
	for (int r = 0; r < 2; r++)
		trace[r] = trace_build(sub, only, formats, &len[r]);
	unsigned long *paths = trace[0];
	long n = len[0];
	assert_int_equal(n, len[1]);
	assert_memory_equal(paths, trace[1], (size_t)n * sizeof *paths);
	free(trace[1]);
	*total = n;
	long *at = malloc((size_t)n * sizeof *at);
	assert_non_null(at);
	const char *mode = getenv("TP_FAULTS");
	if (mode && strcmp(mode, "every") == 0) {
		for (long i = 0; i < n; i++)
			at[i] = i + 1;
		*count = n;
		free(paths);
		return at;
	}
	unsigned long (*pair)[2] = malloc((size_t)n * sizeof *pair);
	assert_non_null(pair);
	for (long i = 0; i < n; i++) {
		pair[i][0] = paths[i];
		pair[i][1] = (unsigned long)i + 1;
	}
	qsort(pair, (size_t)n, sizeof *pair, by_path_then_index);
	long k = 0;
	for (long i = 0; i < n; i++)
		if (i == 0 || pair[i][0] != pair[i - 1][0])
			at[k++] = (long)pair[i][1];
	qsort(at, (size_t)k, sizeof *at, by_value);
	free(pair);
	free(paths);
	*count = k;
	return at;
}

static void every_allocation(const char *only, const char *formats)
{
	char *dir = tu_tmpdir();
	char sub[1100];
	snprintf(sub, sizeof sub, "%s/out", dir);
	long count, total;
	long *at = choose(sub, only, formats, &count, &total);
	for (long i = 0; i < count; i++) {
		long n = at[i];
		clear(sub);
		tp_alloc_fail_at(n);
		int rc = build(sub, only, formats);
		tp_alloc_fail_at(0);
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
	}
	print_message("%s/%s: %ld allocations on %ld call paths; %ld failed in turn, all clean\n",
		      only, formats, total, count, count);
	free(at);
	clear(sub);
	assert_int_equal(build(sub, only, formats), TP_OK);
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
