#include "print/output/jobs.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/trace.h"
#include "print/output/outfile.h"


/* The head of a worker's message: task idx, its status (or JOB_START,
 * JOB_MORE), count, and the lengths of the report text and error message
 * that follow.  A message is written with a single write() of at most
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
/* Part of task idx's report, more to come (send_result). */
#define JOB_MORE (-2)

int tp_jobs_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > TP_MAX_JOBS ? TP_MAX_JOBS : (int)n;
}

/* The span of task idx in the trace (core/trace.h): "task NAME". */
static void trace_task(const struct tp_trace *t, const struct tp_jobs_spec *sp, size_t idx)
{
	char what[200] = "";
	if (tp_trace_on() && sp->name)
		sp->name(sp->ctx, idx, what, sizeof what);
	tp_trace_end(t, "task %zu %s", idx, what);
}

static int run_serial(const struct tp_jobs_spec *sp, tp_err *e)
{
	for (size_t i = 0; i < sp->n; i++) {
		if (sp->on_done && i == 0)
			sp->on_done(sp->ctx, (size_t)-1, 0, sp->n);
		struct tp_trace t;
		tp_trace_start(&t);
		int rc = sp->run(sp->ctx, i, &sp->reports[i], &sp->counts[i], e);
		trace_task(&t, sp, i);
		if (rc != TP_OK)
			return rc;
		if (sp->on_done)
			sp->on_done(sp->ctx, i, i + 1, sp->n);
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

/* Sends task idx's outcome to the parent: the report in as many JOB_MORE
 * messages as it needs, then one message with the status, the count, the
 * rest of the report and the error message (cut to what one message
 * holds).  Each message is one write() of at most PIPE_BUF bytes, so
 * messages of several workers never interleave, and a report of any
 * length arrives whole: the same bytes as with one worker.  0, or -1 when
 * the parent is gone. */
static int send_result(int rfd, uint32_t idx, int rc, int count, const struct tp_buf *out,
		       const tp_err *e)
{
	char buf[PIPE_BUF];
	const size_t room = sizeof buf - sizeof(struct msg_head);
	size_t err_len = rc != TP_OK ? strnlen(e->msg, room) : 0;
	const char *text = out->oom ? NULL : out->s;
	size_t len = out->oom ? 0 : out->len;
	for (;;) {
		int last = len + err_len <= room;
		size_t take = last ? len : len < room ? len : room;
		struct msg_head h = { idx, last ? rc : JOB_MORE, last ? count : 0, (uint32_t)take,
				      last ? (uint32_t)err_len : 0 };
		memcpy(buf, &h, sizeof h);
		if (take)
			memcpy(buf + sizeof h, text, take);
		if (h.err_len)
			memcpy(buf + sizeof h + take, e->msg, h.err_len);
		if (write(rfd, buf, sizeof h + take + h.err_len) < 0)
			return -1;
		if (last)
			return 0;
		text += take;
		len -= take;
	}
}

static void worker(int qfd, int rfd, const struct tp_jobs_spec *sp)
{
	uint32_t idx;
	struct tp_trace life;
	tp_trace_start(&life);
	while (read(qfd, &idx, sizeof idx) == (ssize_t)sizeof idx) {
		struct msg_head start = { idx, JOB_START, (int32_t)getpid(), 0, 0 };
		if (write(rfd, &start, sizeof start) != (ssize_t)sizeof start)
			break;
		struct tp_buf out = { 0 };
		tp_err e = { 0 };
		int count = 0;
		struct tp_trace t;
		tp_trace_start(&t);
		int rc = sp->run(sp->ctx, idx, &out, &count, &e);
		trace_task(&t, sp, idx);
		int sent = send_result(rfd, idx, rc, count, &out, &e);
		tp_buf_free(&out);
		if (sent != 0 || rc != TP_OK)
			break;
	}
	tp_trace_end(&life, "worker");
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

/* The workers of one run: their pids and the task each holds, or
 * (size_t)-1. */
struct pool {
	pid_t pids[TP_MAX_JOBS];
	size_t busy[TP_MAX_JOBS];
	int started;
};

/* Forks up to jobs workers reading the queue q and reporting on r.
 * TP_OK, or fills e (the workers started so far are in p). */
static int start_workers(const struct tp_jobs_spec *sp, int jobs, const int *q, const int *r,
			 struct pool *p, tp_err *e)
{
	pid_t parent = getpid();
	for (; p->started < jobs; p->started++) {
		/* Held from fork until the parent has recorded the pid: a
		 * signal in between would leave a worker the parent neither
		 * passes the signal to nor waits for. */
		sigset_t old;
		tp_out_hold_signals(&old);
		pid_t pid = fork();
		if (pid < 0) {
			int err = errno;
			tp_out_release_signals(&old);
			return tp_fail(e, TP_EIO, "cannot start a worker: %s", strerror(err));
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
			worker(q[0], r[1], sp);
		}
		p->pids[p->started] = pid;
		p->busy[p->started] = (size_t)-1;
		tp_out_watch_child(pid);
		tp_out_release_signals(&old);
	}
	return TP_OK;
}

/* Reads the workers' reports into sp->reports and sp->counts until every
 * task has reported, one failed, or every worker has ended (*lost). */
static int collect(const struct tp_jobs_spec *sp, int rfd, struct pool *p, int *lost, tp_err *e)
{
	size_t n = sp->n, done = 0;
	char buf[PIPE_BUF];
	if (sp->on_done)
		sp->on_done(sp->ctx, (size_t)-1, 0, n);
	while (done < n) {
		struct msg_head h;
		if (read_full(rfd, &h, sizeof h) != 0) {
			*lost = 1;   /* every worker has ended: reap() says why */
			return TP_OK;
		}
		if (h.code == JOB_START) {
			for (int i = 0; i < p->started; i++)
				if (p->pids[i] == (pid_t)h.count)
					p->busy[i] = h.idx;
			continue;
		}
		if (h.idx >= n || sizeof h + h.text_len + h.err_len > sizeof buf ||
		    read_full(rfd, buf, h.text_len + h.err_len) != 0)
			return tp_fail(e, TP_EIO, "garbled report from a worker");
		tp_buf_printf(&sp->reports[h.idx], "%.*s", (int)h.text_len, buf);
		if (h.code == JOB_MORE)
			continue;
		for (int i = 0; i < p->started; i++)
			if (p->busy[i] == h.idx)
				p->busy[i] = (size_t)-1;
		sp->counts[h.idx] = h.count;
		if (h.code != TP_OK)
			return tp_fail(e, h.code, "%.*s", (int)h.err_len, buf + h.text_len);
		done++;
		if (sp->on_done)
			sp->on_done(sp->ctx, h.idx, done, n);
	}
	return TP_OK;
}

int tp_jobs_run(const struct tp_jobs_spec *sp, tp_err *e)
{
	size_t n = sp->n;
	int jobs = sp->jobs > TP_MAX_JOBS ? TP_MAX_JOBS : sp->jobs;
	if (jobs <= 1 || n <= 1 || n > UINT32_MAX)
		return run_serial(sp, e);
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
		uint32_t i = (uint32_t)(sp->order ? sp->order[k] : k);
		if (write(q[1], &i, sizeof i) != (ssize_t)sizeof i)
			rc = tp_fail(e, TP_EIO, "cannot queue tasks: %s", strerror(errno));
	}
	close(q[1]);
	fflush(stdout);
	fflush(stderr);
	struct pool p = { .started = 0 };
	struct tp_trace t;
	tp_trace_start(&t);
	if (rc == TP_OK)
		rc = start_workers(sp, jobs, q, r, &p, e);
	tp_trace_end(&t, "fork");
	close(q[0]);
	close(r[1]);
	int lost = 0;
	if (rc == TP_OK)
		rc = collect(sp, r[0], &p, &lost, e);
	close(r[0]);
	return reap(p.pids, p.busy, p.started, rc, lost, sp->name, sp->ctx, e);
}
