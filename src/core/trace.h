#ifndef TP_TRACE_H
#define TP_TRACE_H

/* An opt-in timeline of a build, for finding where cores sit idle
 * (bench/trace_idle.py reads it).  With TP_TRACE=FILE in the environment
 * each process (the parent and every worker) appends one line per span
 * to FILE:
 *
 *   PID <TAB> NAME <TAB> START <TAB> END <TAB> CPU <TAB> RUN <TAB> QUEUED
 *
 * START and END in seconds of CLOCK_MONOTONIC (one clock for all the
 * processes), CPU the seconds of CLOCK_PROCESS_CPUTIME_ID the process
 * (all its threads) used in between; RUN and QUEUED those of the calling
 * thread on a core and waiting for one (/proc/thread-self/schedstat; 0
 * where the kernel has none), so END - START - RUN - QUEUED is the time
 * it slept (fsync, pipes, its PNG threads): idle whatever the load.  Each line is one write() to a file
 * opened O_APPEND, so the processes' lines never interleave.  Without
 * TP_TRACE nothing is opened or written, and the build's own files are
 * the same bytes either way: the trace only reads clocks. */

struct tp_trace {
	double start, cpu;   /* < 0: tracing is off */
	double run, queued;
};

/* Starts a span (reads the clocks when tracing is on). */
void tp_trace_start(struct tp_trace *t);

/* Ends span t started by this process, naming it (printf format).  Does
 * nothing when tracing is off; a failed write is ignored (a trace never
 * fails a build). */
void tp_trace_end(const struct tp_trace *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Whether TP_TRACE is set (names worth formatting). */
int tp_trace_on(void);

#endif
