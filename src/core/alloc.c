#include "core/alloc.h"

#include <execinfo.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

static long fail_at;
static long made;

/* The trace is a test hook: it uses plain realloc so that it neither counts
 * as an allocation nor fails with them. */
static int tracing;
static int trace_broken;
static unsigned long *trace;
static long trace_n, trace_cap;

/* Not inlined, so the frames to skip are always the same four: this
 * function, record(), should_fail() and tp_malloc & co. */
#define SKIP 4
__attribute__((noinline)) static unsigned long path_hash(void)
{
	void *frames[TP_ALLOC_FRAMES + SKIP];
	int n = backtrace(frames, TP_ALLOC_FRAMES + SKIP);
	unsigned long h = 1469598103934665603UL;
	for (int i = SKIP; i < n; i++) {
		h ^= (unsigned long)(uintptr_t)frames[i];
		h *= 1099511628211UL;
	}
	return h;
}

__attribute__((noinline)) static void record(void)
{
	if (trace_broken)
		return;
	if (trace_n == trace_cap) {
		long cap = trace_cap ? trace_cap * 2 : 4096;
		unsigned long *t = realloc(trace, (size_t)cap * sizeof *t);
		if (t == NULL) {
			trace_broken = 1;
			return;
		}
		trace = t;
		trace_cap = cap;
	}
	trace[trace_n++] = path_hash();
}

__attribute__((noinline)) static int should_fail(void)
{
	made++;
	if (tracing)
		record();
	return fail_at > 0 && made >= fail_at;
}

void *tp_malloc(size_t n)
{
	return should_fail() ? NULL : malloc(n ? n : 1);
}

void *tp_calloc(size_t count, size_t size)
{
	return should_fail() ? NULL : calloc(count ? count : 1, size ? size : 1);
}

void *tp_realloc(void *p, size_t n)
{
	return should_fail() ? NULL : realloc(p, n ? n : 1);
}

int tp_grow(void **buf, size_t *cap, size_t need, size_t size, size_t first)
{
	if (need <= *cap)
		return 0;
	size_t n = *cap ? *cap : first ? first : 1;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			return -1;
		n *= 2;
	}
	if (size && n > SIZE_MAX / size)
		return -1;
	void *p = tp_realloc(*buf, n * size);
	if (p == NULL)
		return -1;
	*buf = p;
	*cap = n;
	return 0;
}

#define HUGE_PAGE ((size_t)2 << 20)

void *tp_malloc_large(size_t n)
{
	if (should_fail())
		return NULL;
	if (n < HUGE_PAGE)
		return malloc(n ? n : 1);
	void *p = NULL;
	if (posix_memalign(&p, HUGE_PAGE, n) != 0)
		return NULL;
#ifdef MADV_HUGEPAGE
	/* Advice only (without it the buffer is ordinary pages), and for the
	 * whole huge pages inside the buffer: a huge page over its tail
	 * would hold memory the buffer never uses. */
	(void)madvise(p, n / HUGE_PAGE * HUGE_PAGE, MADV_HUGEPAGE);
#endif
	return p;
}

void tp_alloc_fail_at(long n)
{
	fail_at = n;
	made = 0;
}

long tp_alloc_count(void)
{
	return made;
}

void tp_alloc_trace(int on)
{
	free(trace);
	trace = NULL;
	trace_n = trace_cap = 0;
	trace_broken = 0;
	tracing = on;
}

long tp_alloc_paths(const unsigned long **paths)
{
	*paths = trace;
	return trace_broken ? -1 : trace_n;
}
