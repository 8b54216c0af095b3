/* Reading an input file whole (core/regfile.h: tp_read_rest): the bytes as
 * written, across the buffer's growths; refused once full at the bound;
 * an allocation that fails is said, not half-read. */

#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/regfile.h"

/* A temporary file holding n bytes of a fixed pattern (NULs included). */
static FILE *file_of(size_t n)
{
	FILE *f = tmpfile();
	assert_non_null(f);
	for (size_t i = 0; i < n; i++)
		fputc((int)(i * 131 % 256), f);
	rewind(f);
	return f;
}

static void whole_file(void **state)
{
	(void)state;
	size_t sizes[] = { 0, 1, 65536, 65537, 300000 };
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		FILE *f = file_of(sizes[k]);
		unsigned char *b;
		size_t n;
		assert_int_equal(tp_read_rest(f, 0, &b, &n), TP_READ_OK);
		assert_int_equal(n, sizes[k]);
		for (size_t i = 0; i < n; i++)
			assert_int_equal(b[i], (unsigned char)(i * 131 % 256));
		assert_int_equal(b[n], 0);
		free(b);
		fclose(f);
	}
}

static void bound(void **state)
{
	(void)state;
	unsigned char *b;
	size_t n;
	/* Full at 64 KiB with more to come: refused at a bound of 64 KiB. */
	FILE *f = file_of(65536 + 10);
	assert_int_equal(tp_read_rest(f, 65536, &b, &n), TP_READ_LARGE);
	assert_null(b);
	fclose(f);
	/* Under the bound: read. */
	f = file_of(1000);
	assert_int_equal(tp_read_rest(f, 65536, &b, &n), TP_READ_OK);
	assert_int_equal(n, 1000);
	free(b);
	fclose(f);
}

static void out_of_memory(void **state)
{
	(void)state;
	unsigned char *b;
	size_t n;
	for (int at = 1; at <= 3; at++) {
		FILE *f = file_of(200000);   /* one malloc, two reallocs */
		tp_alloc_fail_at(at);
		enum tp_read r = tp_read_rest(f, 0, &b, &n);
		tp_alloc_fail_at(0);
		assert_int_equal(r, TP_READ_OOM);
		assert_null(b);
		fclose(f);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(whole_file),
		cmocka_unit_test(bound),
		cmocka_unit_test(out_of_memory),
	};
	return cmocka_run_group_tests_name("regfile", tests, NULL, NULL);
}
