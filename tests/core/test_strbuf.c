/* The growable buffer (core/strbuf.h): bytes appended as they are, NULs
 * included, across many growths and between formatted text; an
 * allocation that fails leaves the buffer marked, not half-written; a
 * JSON string reads back as what was written. */

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

/* A JSON string read back by the grammar's rules (RFC 8259: a quote,
 * unescaped bytes other than quote, backslash and controls, escapes, a
 * quote): n bytes into out, or -1 where the text breaks the grammar. */
static int json_decode(const char *t, size_t len, char *out)
{
	if (len < 2 || t[0] != '"' || t[len - 1] != '"')
		return -1;
	int n = 0;
	for (size_t i = 1; i + 1 < len; i++) {
		unsigned char c = (unsigned char)t[i];
		if (c == '"' || c < 0x20)
			return -1;
		if (c != '\\') {
			out[n++] = (char)c;
			continue;
		}
		c = (unsigned char)t[++i];
		if (c == '"' || c == '\\' || c == '/')
			out[n++] = (char)c;
		else if (c == 'u' && i + 4 < len - 1) {
			unsigned v = 0;
			for (int k = 1; k <= 4; k++) {
				int h = t[i + k];
				v = v * 16 + (unsigned)(h <= '9' ? h - '0' : (h | 32) - 'a' + 10);
			}
			i += 4;
			out[n++] = (char)v;
		} else
			return -1;
	}
	return n;
}

static void json_string(void **state)
{
	(void)state;
	char all[256];
	for (int i = 1; i < 256; i++)
		all[i - 1] = (char)i;   /* every byte a C string holds */
	all[255] = '\0';
	struct tp_buf b = { 0 };
	tp_buf_json_str(&b, all);
	assert_false(b.oom);
	char back[256];
	assert_int_equal(json_decode(b.s, b.len, back), 255);
	assert_memory_equal(back, all, 255);
	tp_buf_free(&b);
	tp_buf_json_str(&b, "");
	assert_int_equal(b.len, 2);
	assert_memory_equal(b.s, "\"\"", 2);
	tp_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(append_bytes),
		cmocka_unit_test(append_out_of_memory),
		cmocka_unit_test(json_string),
	};
	return cmocka_run_group_tests_name("strbuf", tests, NULL, NULL);
}
