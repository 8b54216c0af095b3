#include "print/jobs.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "print/outfile.h"


/* One message per finished task, written with a single write() of at most
 * PIPE_BUF bytes so that messages from several workers never interleave. */
struct msg_head {
	uint32_t idx;
	int32_t code;
	int32_t count;
	uint32_t text_len, err_len;
};

/* A worker's message as it takes task idx (count: its pid), so that the
 * parent can name the sheet of a worker that dies. */
#define JOB_START (-1)

int tp_jobs_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > TP_MAX_JOBS ? TP_MAX_JOBS : (int)n;
}

static int run_serial(size_t n, tp_task_fn fn, void *ctx, struct tp_buf *reports, int *counts,
		      void (*on_done)(void *, size_t, size_t, size_t), tp_err *e)
{
	for (size_t i = 0; i < n; i++) {
		if (on_done && i == 0)
			on_done(ctx, (size_t)-1, 0, n);
		int rc = fn(ctx, i, &reports[i], &counts[i], e);
		if (rc != TP_OK)
			return rc;
		if (on_done)
			on_done(ctx, i, i + 1, n);
	}
	return TP_OK;
}

/* Reads exactly n bytes (messages are atomic, but a read may return
 * several, so the parent reads header and body separately). */
static int read_full(int fd, void *buf, size_t n)
{
	size_t got = 0;
	while (got < n) {
		ssize_t k = read(fd, (char *)buf + got, n - got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		got += (size_t)k;
	}
	return 0;
}

static void worker(int qfd, int rfd, tp_task_fn fn, void *ctx)
{
	uint32_t idx;
	while (read(qfd, &idx, sizeof idx) == (ssize_t)sizeof idx) {
		struct msg_head start = { idx, JOB_START, (int32_t)getpid(), 0, 0 };
		if (write(rfd, &start, sizeof start) != (ssize_t)sizeof start)
			break;
		struct tp_buf out = { 0 };
		tp_err e = { 0 };
		int count = 0;
		int rc = fn(ctx, idx, &out, &count, &e);
		char buf[PIPE_BUF];
		struct msg_head h = { idx, rc, count, 0, 0 };
		size_t room = sizeof buf - sizeof h;
		h.err_len = (uint32_t)strnlen(e.msg, rc ? room / 2 : 0);
		h.text_len = out.oom ? 0 : (uint32_t)(out.len < room - h.err_len ? out.len : room - h.err_len);
		memcpy(buf, &h, sizeof h);
		if (h.text_len)
			memcpy(buf + sizeof h, out.s, h.text_len);
		memcpy(buf + sizeof h + h.text_len, e.msg, h.err_len);
		tp_buf_free(&out);
		if (write(rfd, buf, sizeof h + h.text_len + h.err_len) < 0 || rc != TP_OK)
			break;
	}
	_exit(0);
}

/* Why a worker ended, for a message: "died of signal 9 (Killed)". */
static void death(int status, char *buf, size_t n)
{
	if (WIFSIGNALED(status))
		snprintf(buf, n, "died of signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		snprintf(buf, n, "stopped with status %d", WEXITSTATUS(status));
}

/* Waits for the workers (told to stop first when rc is a failure); a
 * worker that died with the reports incomplete (lost) is named with the
 * task it held. */
static int reap(pid_t *pids, const size_t *busy, int started, int rc, int lost,
		tp_task_name_fn name, void *ctx, tp_err *e)
{
	for (int i = 0; i < started; i++) {
		if (rc != TP_OK && !lost)
			kill(pids[i], SIGTERM);
		int status;
		while (waitpid(pids[i], &status, 0) < 0 && errno == EINTR)
			;
		tp_out_unwatch_child(pids[i]);
		if (rc == TP_OK && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
			char why[160], what[200] = "a task";
			death(status, why, sizeof why);
			if (busy[i] != (size_t)-1 && name)
				name(ctx, busy[i], what, sizeof what);
			rc = tp_fail(e, TP_EIO, "%s: the worker writing it %s", what, why);
		}
	}
	if (rc == TP_OK && lost)
		rc = tp_fail(e, TP_EIO, "a worker stopped without finishing its sheet");
	return rc;
}

int tp_jobs_run(size_t n, const size_t *order, int jobs, tp_task_fn fn, void *ctx,
			struct tp_buf *reports, int *counts,
			void (*on_done)(void *ctx, size_t idx, size_t done, size_t n),
			tp_task_name_fn name, tp_err *e)
{
	if (jobs > TP_MAX_JOBS)
		jobs = TP_MAX_JOBS;
	if (jobs <= 1 || n <= 1 || n > UINT32_MAX)
		return run_serial(n, fn, ctx, reports, counts, on_done, e);
	if ((size_t)jobs > n)
		jobs = (int)n;
	int q[2], r[2];
	if (pipe(q) != 0)
		return tp_fail(e, TP_EIO, "cannot start workers: %s", strerror(errno));
	if (pipe(r) != 0) {
		close(q[0]);
		close(q[1]);
		return tp_fail(e, TP_EIO, "cannot start workers: %s", strerror(errno));
	}
	/* The queue is written whole before any worker starts, and stays far
	 * below a pipe's 64 KiB buffer for any sheet list we have. */
	int rc = TP_OK;
	for (size_t k = 0; k < n && rc == TP_OK; k++) {
		uint32_t i = (uint32_t)(order ? order[k] : k);
		if (write(q[1], &i, sizeof i) != (ssize_t)sizeof i)
			rc = tp_fail(e, TP_EIO, "cannot queue tasks: %s", strerror(errno));
	}
	close(q[1]);
	fflush(stdout);
	fflush(stderr);
	pid_t pids[TP_MAX_JOBS];
	size_t busy[TP_MAX_JOBS];   /* the task each worker holds, or (size_t)-1 */
	int started = 0;
	pid_t parent = getpid();
	for (; rc == TP_OK && started < jobs; started++) {
		/* Held from fork until the parent has recorded the pid: a
		 * signal in between would leave a worker the parent neither
		 * passes the signal to nor waits for. */
		sigset_t old;
		tp_out_hold_signals(&old);
		pid_t pid = fork();
		if (pid < 0) {
			int err = errno;
			tp_out_release_signals(&old);
			rc = tp_fail(e, TP_EIO, "cannot start a worker: %s", strerror(err));
			break;
		}
		if (pid == 0) {
			/* A worker dies with its parent (even of SIGKILL, which
			 * the parent cannot pass on): an orphan would go on
			 * writing after the build it belongs to has ended. */
			if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
				_exit(1);
			/* A worker signals no sibling: only the parent passes a
			 * signal on, and then waits for every worker. */
			tp_out_forget_children();
			tp_out_release_signals(&old);
			close(r[0]);
			worker(q[0], r[1], fn, ctx);
		}
		pids[started] = pid;
		busy[started] = (size_t)-1;
		tp_out_watch_child(pid);
		tp_out_release_signals(&old);
	}
	close(q[0]);
	close(r[1]);
	size_t done = 0;
	int lost = 0;
	char buf[PIPE_BUF];
	if (on_done && rc == TP_OK)
		on_done(ctx, (size_t)-1, 0, n);
	while (rc == TP_OK && done < n) {
		struct msg_head h;
		if (read_full(r[0], &h, sizeof h) != 0) {
			lost = 1;   /* every worker has ended: reap() says why */
			break;
		}
		if (h.code == JOB_START) {
			for (int i = 0; i < started; i++)
				if (pids[i] == (pid_t)h.count)
					busy[i] = h.idx;
			continue;
		}
		if (h.idx >= n || sizeof h + h.text_len + h.err_len > sizeof buf ||
		    read_full(r[0], buf, h.text_len + h.err_len) != 0) {
			rc = tp_fail(e, TP_EIO, "garbled report from a worker");
			break;
		}
		for (int i = 0; i < started; i++)
			if (busy[i] == h.idx)
				busy[i] = (size_t)-1;
		tp_buf_printf(&reports[h.idx], "%.*s", (int)h.text_len, buf);
		counts[h.idx] = h.count;
		if (h.code != TP_OK) {
			rc = tp_fail(e, h.code, "%.*s", (int)h.err_len, buf + h.text_len);
			break;
		}
		done++;
		if (on_done)
			on_done(ctx, h.idx, done, n);
	}
	close(r[0]);
	rc = reap(pids, busy, started, rc, lost, name, ctx, e);
	return rc;
}
