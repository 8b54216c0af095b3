/* tp_malloc_large (core/alloc.h): a buffer of the size asked for, aligned
 * to 2 MiB from 2 MiB up, freed with free(), and one allocation like any
 * other for the failure injection the fault tests rely on. */

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(large_buffers),
		cmocka_unit_test(counted_and_failed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
