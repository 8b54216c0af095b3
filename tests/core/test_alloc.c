/* tp_malloc_large (core/alloc.h): a buffer of the size asked for, aligned
 * to 2 MiB from 2 MiB up, freed with free(), and one allocation like any
 * other for the failure injection the fault tests rely on.  tp_grow: the
 * capacity doubling from the first size, one allocation a growth, and the
 * array left as it was when that allocation fails. */

#include "testutil.h"

#include "core/alloc.h"

#define MIB ((size_t)1 << 20)

static void large_buffers(void **state)
{
	(void)state;
	/* Below 2 MiB, at it, and with a tail past the last whole 2 MiB. */
	const size_t sizes[] = { 0, 1, 4096, 2 * MIB - 1, 2 * MIB, 5 * MIB + 12345 };
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		size_t n = sizes[i];
		unsigned char *p = tp_malloc_large(n);
		assert_non_null(p);
		if (n >= 2 * MIB)
			assert_int_equal((uintptr_t)p % (2 * MIB), 0);
		/* Every byte is the caller's (ASan sees a write past the end). */
		memset(p, 0xa5, n);
		if (n)
			assert_int_equal(p[n - 1], 0xa5);
		free(p);
	}
}

static void counted_and_failed(void **state)
{
	(void)state;
	const size_t sizes[] = { 64, 3 * MIB };
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		tp_alloc_fail_at(2);
		void *a = tp_malloc_large(sizes[i]);
		assert_non_null(a);
		assert_int_equal(tp_alloc_count(), 1);
		assert_null(tp_malloc_large(sizes[i]));
		assert_int_equal(tp_alloc_count(), 2);
		tp_alloc_fail_at(0);
		free(a);
	}
}

/* Grown one element at a time from first: the capacity is the smallest
 * first * 2^k that holds them, a growth only when it is full, and what
 * was stored survives each move. */
static void grown_by_doubling(void **state)
{
	(void)state;
	const size_t firsts[] = { 1, 16, 64 };
	for (size_t f = 0; f < sizeof firsts / sizeof firsts[0]; f++) {
		int *v = NULL;
		size_t cap = 0, growths = 0;
		tp_alloc_fail_at(0);
		for (size_t n = 0; n < 1000; n++) {
			long before = tp_alloc_count();
			size_t old = cap;
			assert_int_equal(tp_grow((void **)&v, &cap, n + 1, sizeof *v, firsts[f]), 0);
			size_t want = firsts[f];
			while (want < n + 1)
				want *= 2;
			assert_int_equal(cap, want);
			assert_int_equal(tp_alloc_count() - before, cap != old);
			growths += cap != old;
			v[n] = (int)n;
			for (size_t i = 0; i <= n; i++)
				assert_int_equal(v[i], (int)i);
		}
		/* 1000 from first: one growth per doubling. */
		size_t doublings = 1;
		for (size_t c = firsts[f]; c < 1000; c *= 2)
			doublings++;
		assert_int_equal(growths, doublings);
		free(v);
	}
	/* A need past the capacity in one step: doubled until it fits. */
	char *b = NULL;
	size_t cap = 0;
	assert_int_equal(tp_grow((void **)&b, &cap, 300, 1, 64), 0);
	assert_int_equal(cap, 512);
	assert_int_equal(tp_grow((void **)&b, &cap, 512, 1, 64), 0);
	assert_int_equal(cap, 512);
	free(b);
}

/* A growth whose allocation fails, or whose size would overflow, leaves
 * the array and its capacity as they were. */
static void growth_failed(void **state)
{
	(void)state;
	int *v = NULL;
	size_t cap = 0;
	assert_int_equal(tp_grow((void **)&v, &cap, 1, sizeof *v, 4), 0);
	for (int i = 0; i < 4; i++)
		v[i] = 10 + i;
	int *was = v;
	tp_alloc_fail_at(1);
	assert_int_equal(tp_grow((void **)&v, &cap, 5, sizeof *v, 4), -1);
	assert_int_equal(tp_alloc_count(), 1);
	assert_ptr_equal(v, was);
	assert_int_equal(cap, 4);
	for (int i = 0; i < 4; i++)
		assert_int_equal(v[i], 10 + i);
	/* No room needed: no allocation, none to fail. */
	assert_int_equal(tp_grow((void **)&v, &cap, 4, sizeof *v, 4), 0);
	assert_int_equal(tp_alloc_count(), 1);
	tp_alloc_fail_at(0);
	assert_int_equal(tp_grow((void **)&v, &cap, SIZE_MAX / 2, sizeof *v, 4), -1);
	assert_int_equal(tp_alloc_count(), 0);
	assert_ptr_equal(v, was);
	assert_int_equal(cap, 4);
	free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(large_buffers),
		cmocka_unit_test(counted_and_failed),
		cmocka_unit_test(grown_by_doubling),
		cmocka_unit_test(growth_failed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
