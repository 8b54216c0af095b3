/* The worker's report to the parent (app/build.h: tp_report_file): a
 * file's name is length-prefixed, so any byte in it (a tab, a newline, a
 * colon, a space) comes back as it went, and a garbled line is refused,
 * not read as another file. */

#include "testutil.h"

#include "app/build.h"
#include "core/strbuf.h"

static void round_trip(void **state)
{
	(void)state;
	static const char *const names[] = {
		"fronts.pdf", "a\tb.svg", "line\nbreak.png", "3:odd name", " ", "manifest/x.csv",
	};
	static const char hex[] = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
	struct tp_buf b = { 0 };
	size_t n = sizeof names / sizeof names[0];
	for (size_t i = 0; i < n; i++)
		tp_report_file(&b, names[i], (long long)(1000 * i), i % 2 ? hex : NULL);
	const char *p = b.s;
	char name[256], got[65];
	long long bytes;
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(tp_report_next(&p, name, sizeof name, &bytes, got), 1);
		assert_string_equal(name, names[i]);
		assert_int_equal(bytes, (long long)(1000 * i));
		assert_string_equal(got, i % 2 ? hex : "");
	}
	assert_int_equal(tp_report_next(&p, name, sizeof name, &bytes, got), 0);
	tp_buf_free(&b);
}

static void garbled(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"fronts.pdf\t12\n",          /* the old tab format */
		"20:short 1 -\n",            /* a length past the line */
		"x:fronts.pdf 1 -\n",        /* no length */
		"5:a.pdf 1 -",               /* no newline */
		"5:a.pdf 1 zz\n",            /* no hash */
		"999999999999:a 1 -\n",      /* a length past the buffer */
	};
	char name[64], hex[65];
	long long bytes;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *p = bad[i];
		assert_int_equal(tp_report_next(&p, name, sizeof name, &bytes, hex), -1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip),
		cmocka_unit_test(garbled),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
