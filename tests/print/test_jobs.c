/* The worker pool (print/output/jobs.h), table-driven: the contract of
 * tp_jobs_run, whatever the tasks are.  Each row runs n tasks with some
 * number of workers, in some hand-out order, with tasks that finish in a
 * different order than they were handed out (later ones sleep less), and
 * maybe one that fails or whose worker dies.  What every row checks:
 *   - each task's report and count land at its own index, equal to what
 *     the task computes from its index, the same bytes for any -j and any
 *     order (reports longer than one pipe message included);
 *   - on_done is called in the parent: once with idx (size_t)-1 and done 0
 *     before any task, then once per finished task with done 1, 2, ... and
 *     every idx once;
 *   - a failing task's status and message come back as the run's; no
 *     on_done for it; with one worker no later task runs;
 *   - a worker that dies is named with its task (the name callback);
 *   - -j 1 (or a single task) runs in this process, -j N > 1 in others. */

#include "testutil.h"

#include <limits.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "print/output/jobs.h"

enum order { IN_ORDER, REVERSED, SHUFFLED };

struct row {
	const char *what;
	size_t n;
	enum order order;
	long fail_at;        /* task that fails, -1 for none */
	int fail_code;       /* TP_EIO or TP_EINPUT */
	long die_at;         /* task whose worker dies (workers only), -1 for none */
	size_t long_every;   /* every k-th task reports more than a pipe message; 0: none */
};

static const struct row rows[] = {
	{ "no tasks", 0, IN_ORDER, -1, 0, -1, 0 },
	{ "one task", 1, IN_ORDER, -1, 0, -1, 0 },
	{ "two tasks", 2, REVERSED, -1, 0, -1, 0 },
	{ "more tasks than workers, in order", 23, IN_ORDER, -1, 0, -1, 0 },
	{ "largest first (reversed)", 23, REVERSED, -1, 0, -1, 0 },
	{ "shuffled", 40, SHUFFLED, -1, 0, -1, 0 },
	{ "long reports", 9, SHUFFLED, -1, 0, -1, 3 },
	{ "first task fails (bad input)", 12, IN_ORDER, 0, TP_EINPUT, -1, 0 },
	{ "a middle task fails (I/O)", 12, SHUFFLED, 7, TP_EIO, -1, 0 },
	{ "the last task handed out fails", 12, REVERSED, 0, TP_EINPUT, -1, 0 },
	{ "a worker dies", 12, IN_ORDER, -1, 0, 5, 0 },
};

/* The -j values every row runs with: serial, each count up to the limit,
 * and one over it (clamped to TP_MAX_JOBS). */
static const int jobs_list[] = { 0, 1, 2, 3, 4, 5, 6, 7, TP_MAX_JOBS, TP_MAX_JOBS + 5 };

/* What task i computes: a count and a report that only its index decides. */
static int count_of(size_t i)
{
	return (int)(i * i % 17) - 3;
}

static void report_of(const struct row *r, size_t i, struct tp_buf *b)
{
	tp_buf_printf(b, "task %zu: %zu squared is %zu\n", i, i, i * i);
	if (r->long_every && i % r->long_every == 0)
		for (size_t k = 0; k < 3 * PIPE_BUF / 40 + i; k++)
			tp_buf_printf(b, "line %zu of task %zu, padded to be long\n", k, i);
}

static void fail_msg_of(size_t i, char *buf, size_t n)
{
	snprintf(buf, n, "task %zu: refused, as this row asks", i);
}

struct run {
	const struct row *r;
	pid_t parent;
	int jobs;
	/* What on_done saw, in the parent. */
	size_t calls, first_calls, last_done;
	unsigned char *seen;   /* n: on_done reported idx */
	int bad_calls;         /* outside the parent, done out of step, idx twice */
	size_t ran_here;       /* tasks that ran in this process */
};

static int task(void *ctx, size_t i, struct tp_buf *out, int *count, tp_err *e)
{
	struct run *ru = ctx;
	const struct row *r = ru->r;
	int here = getpid() == ru->parent;
	ru->ran_here += here;   /* only the parent's copy is read back */
	/* Later tasks finish sooner, so workers report out of order. */
	struct timespec ts = { 0, (long)((r->n - i) % 4) * 1000000L };
	nanosleep(&ts, NULL);
	if (!here && (long)i == r->die_at)
		raise(SIGKILL);
	report_of(r, i, out);
	*count = count_of(i);
	if ((long)i == r->fail_at) {
		char m[200];
		fail_msg_of(i, m, sizeof m);
		return tp_fail(e, r->fail_code, "%s", m);
	}
	return TP_OK;
}

static void on_done(void *ctx, size_t idx, size_t done, size_t n)
{
	struct run *ru = ctx;
	if (getpid() != ru->parent || n != ru->r->n)
		ru->bad_calls++;
	ru->calls++;
	if (idx == (size_t)-1) {
		ru->first_calls++;
		if (done != 0 || ru->calls != 1)
			ru->bad_calls++;
		return;
	}
	if (idx >= n || ru->seen[idx] || done != ru->last_done + 1)
		ru->bad_calls++;
	else
		ru->seen[idx] = 1;
	ru->last_done = done;
}

static void name(void *ctx, size_t i, char *buf, size_t n)
{
	(void)ctx;
	snprintf(buf, n, "task %zu", i);
}

/* order[] for the row, the same for every -j: a fixed shuffle. */
static size_t *make_order(const struct row *r)
{
	size_t *o = malloc((r->n ? r->n : 1) * sizeof *o);
	assert_non_null(o);
	for (size_t k = 0; k < r->n; k++)
		o[k] = r->order == REVERSED ? r->n - 1 - k : k;
	if (r->order == SHUFFLED) {
		unsigned long s = 12345;
		for (size_t k = r->n; k > 1; k--) {
			s = s * 6364136223846793005UL + 1442695040888963407UL;
			size_t j = (size_t)(s >> 33) % k, t = o[k - 1];
			o[k - 1] = o[j];
			o[j] = t;
		}
	}
	return o;
}

/* Whether the run's worker count puts tasks in other processes. */
static int uses_workers(const struct row *r, int jobs)
{
	return jobs > 1 && r->n > 1;
}

static void check_success(const struct row *r, const struct run *ru, int rc, const tp_err *e,
			  struct tp_buf *reports, const int *counts)
{
	if (rc != TP_OK)
		fail_msg("%s -j%d: rc %d (%s)", r->what, ru->jobs, rc, e->msg);
	for (size_t i = 0; i < r->n; i++) {
		struct tp_buf want = { 0 };
		report_of(r, i, &want);
		if (reports[i].len != want.len || memcmp(reports[i].s, want.s, want.len) != 0)
			fail_msg("%s -j%d: report of task %zu is %zu bytes, not its %zu", r->what,
				 ru->jobs, i, reports[i].len, want.len);
		tp_buf_free(&want);
		assert_int_equal(counts[i], count_of(i));
		assert_true(ru->seen[i]);
	}
	/* One call before any task when there is a task, then one per task. */
	assert_int_equal(ru->first_calls, r->n ? 1 : 0);
	assert_int_equal(ru->calls, r->n ? r->n + 1 : 0);
	assert_int_equal(ru->last_done, r->n);
	assert_int_equal(ru->ran_here, uses_workers(r, ru->jobs) ? 0 : r->n);
}

static void check_failure(const struct row *r, const struct run *ru, int rc, const tp_err *e,
			  struct tp_buf *reports, const int *counts)
{
	int died = r->die_at >= 0;
	if (died && !uses_workers(r, ru->jobs)) {
		check_success(r, ru, rc, e, reports, counts);
		return;
	}
	char want[300];
	if (died)
		snprintf(want, sizeof want, "task %ld: the worker writing it died of signal %d (%s)",
			 r->die_at, SIGKILL, strsignal(SIGKILL));
	else
		fail_msg_of((size_t)r->fail_at, want, sizeof want);
	assert_int_equal(rc, died ? TP_EIO : r->fail_code);
	if (strcmp(e->msg, want) != 0)
		fail_msg("%s -j%d: message '%s', not '%s'", r->what, ru->jobs, e->msg, want);
	size_t bad = (size_t)(died ? r->die_at : r->fail_at);
	assert_false(ru->seen[bad]);
	assert_true(ru->last_done < r->n);
	/* What did finish reported in full, at its own index. */
	for (size_t i = 0; i < r->n; i++) {
		if (!ru->seen[i])
			continue;
		struct tp_buf want_b = { 0 };
		report_of(r, i, &want_b);
		assert_int_equal(reports[i].len, want_b.len);
		assert_memory_equal(reports[i].s, want_b.s, want_b.len);
		tp_buf_free(&want_b);
		assert_int_equal(counts[i], count_of(i));
	}
	/* With one worker, tasks run in index order and stop at the failure. */
	if (!uses_workers(r, ru->jobs))
		assert_int_equal(ru->last_done, bad);
}

static void one(const struct row *r, int jobs)
{
	size_t *order = make_order(r);
	struct tp_buf *reports = calloc(r->n + 1, sizeof *reports);
	int *counts = calloc(r->n + 1, sizeof *counts);
	struct run ru = { .r = r, .parent = getpid(), .jobs = jobs };
	ru.seen = calloc(r->n + 1, 1);
	assert_true(reports && counts && ru.seen);
	struct tp_jobs_spec sp = {
		.n = r->n, .order = order, .jobs = jobs, .run = task, .ctx = &ru,
		.reports = reports, .counts = counts, .on_done = on_done, .name = name,
	};
	tp_err e = { 0 };
	int rc = tp_jobs_run(&sp, &e);
	if (ru.bad_calls)
		fail_msg("%s -j%d: %d on_done calls out of contract", r->what, jobs, ru.bad_calls);
	if (r->fail_at < 0 && r->die_at < 0)
		check_success(r, &ru, rc, &e, reports, counts);
	else
		check_failure(r, &ru, rc, &e, reports, counts);
	for (size_t i = 0; i < r->n; i++)
		tp_buf_free(&reports[i]);
	free(reports);
	free(counts);
	free(ru.seen);
	free(order);
}

static void table(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++)
		for (size_t j = 0; j < sizeof jobs_list / sizeof jobs_list[0]; j++)
			one(&rows[k], jobs_list[j]);
}

/* Without on_done, name and order (all optional) the results are the
 * same. */
static void bare_spec(void **state)
{
	(void)state;
	const struct row *r = &rows[5];
	for (int jobs = 1; jobs <= 3; jobs++) {
		struct tp_buf reports[40] = { { 0 } };
		int counts[40];
		struct run ru = { .r = r, .parent = getpid(), .jobs = jobs };
		struct tp_jobs_spec sp = { .n = r->n, .jobs = jobs, .run = task, .ctx = &ru,
					   .reports = reports, .counts = counts };
		tp_err e = { 0 };
		assert_int_equal(tp_jobs_run(&sp, &e), TP_OK);
		for (size_t i = 0; i < r->n; i++) {
			struct tp_buf want = { 0 };
			report_of(r, i, &want);
			assert_int_equal(reports[i].len, want.len);
			assert_memory_equal(reports[i].s, want.s, want.len);
			assert_int_equal(counts[i], count_of(i));
			tp_buf_free(&want);
			tp_buf_free(&reports[i]);
		}
	}
}

static void default_jobs(void **state)
{
	(void)state;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int want = cores < 1 ? 1 : cores > TP_MAX_JOBS ? TP_MAX_JOBS : (int)cores;
	assert_int_equal(tp_jobs_default(), want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table),
		cmocka_unit_test(bare_spec),
		cmocka_unit_test(default_jobs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
