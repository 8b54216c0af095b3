#include "core/alloc.h"

#include <stdlib.h>

static long fail_at;
static long made;

static int should_fail(void)
{
	made++;
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

void tp_alloc_fail_at(long n)
{
	fail_at = n;
	made = 0;
}

long tp_alloc_count(void)
{
	return made;
}
