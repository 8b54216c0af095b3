/* The growable buffer (core/strbuf.h): bytes appended as they are, NULs
 * included, across many growths and between formatted text; an
 * allocation that fails leaves the buffer marked, not half-written. */

#include "testutil.h"

#include "core/alloc.h"
#include "core/strbuf.h"

static void append_bytes(void **state)
{
	(void)state;
	struct tp_buf b = { 0 };
	unsigned char chunk[300];
	for (size_t i = 0; i < sizeof chunk; i++)
		chunk[i] = (unsigned char)(i * 7);   /* NULs and high bytes too */
	size_t rounds = 100;
	for (size_t r = 0; r < rounds; r++) {
		tp_buf_append(&b, chunk, sizeof chunk);
		tp_buf_printf(&b, "[%zu]", r);
	}
	assert_false(b.oom);
	size_t at = 0;
	for (size_t r = 0; r < rounds; r++) {
		assert_memory_equal(b.s + at, chunk, sizeof chunk);
		at += sizeof chunk;
		char tag[32];
		int n = snprintf(tag, sizeof tag, "[%zu]", r);
		assert_memory_equal(b.s + at, tag, (size_t)n);
		at += (size_t)n;
	}
	assert_int_equal(b.len, at);
	tp_buf_append(&b, chunk, 0);
	assert_int_equal(b.len, at);
	tp_buf_free(&b);
	assert_null(b.s);
}

static void append_out_of_memory(void **state)
{
	(void)state;
	struct tp_buf b = { 0 };
	tp_alloc_fail_at(1);
	tp_buf_append(&b, "abc", 3);
	tp_alloc_fail_at(0);
	assert_true(b.oom);
	assert_int_equal(b.len, 0);
	tp_buf_append(&b, "abc", 3);   /* sticky */
	assert_int_equal(b.len, 0);
	tp_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(append_bytes),
		cmocka_unit_test(append_out_of_memory),
	};
	return cmocka_run_group_tests_name("strbuf", tests, NULL, NULL);
}
