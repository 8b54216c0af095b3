#include "core/trace.h"

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* The trace file: -2 not looked at yet, -1 off.  Opened once, before the
 * workers fork, and shared by them (O_APPEND). */
static int trace_fd = -2;

int tp_trace_on(void)
{
	if (trace_fd == -2) {
		const char *path = getenv("TP_TRACE");
		trace_fd = path && *path ? open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644)
					 : -1;
		if (trace_fd < 0)
			trace_fd = -1;
	}
	return trace_fd >= 0;
}

static double seconds(clockid_t id)
{
	struct timespec ts;
	if (clock_gettime(id, &ts) != 0)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The calling thread's seconds on a core and waiting for one, or 0. */
static void sched(double *run, double *queued)
{
	*run = *queued = 0;
	FILE *f = fopen("/proc/thread-self/schedstat", "r");
	if (f == NULL)
		return;
	unsigned long long r, q;
	if (fscanf(f, "%llu %llu", &r, &q) == 2) {
		*run = (double)r * 1e-9;
		*queued = (double)q * 1e-9;
	}
	fclose(f);
}

void tp_trace_start(struct tp_trace *t)
{
	if (!tp_trace_on()) {
		t->start = t->cpu = -1;
		return;
	}
	sched(&t->run, &t->queued);
	t->start = seconds(CLOCK_MONOTONIC);
	t->cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
}

void tp_trace_end(const struct tp_trace *t, const char *fmt, ...)
{
	if (t->start < 0 || !tp_trace_on())
		return;
	double end = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
	double run, queued;
	sched(&run, &queued);
	char name[200], line[320];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	int n = snprintf(line, sizeof line, "%ld\t%s\t%.6f\t%.6f\t%.6f\t%.6f\t%.6f\n",
			 (long)getpid(), name, t->start, end, cpu - t->cpu, run - t->run,
			 queued - t->queued);
	if (n > 0 && (size_t)n < sizeof line && write(trace_fd, line, (size_t)n) < 0)
		return;   /* a trace never fails a build */
}
