/* The one parser of format lists (tp_backend_parse_list, src/print/backend/backend.c)
 * that print.formats and --formats share: a table of lists, each with the
 * format names it must give or the words its refusal must contain; the
 * expected bits are computed from the backend table, never written down. */

#include "testutil.h"

#include "print/backend/backend.h"

struct row {
	const char *list;
	/* Accepted: the names it means, comma-separated without blanks;
	 * refused: NULL. */
	const char *names;
	/* Refused: a phrase the reason must contain. */
	const char *why;
};

static const struct row rows[] = {
	{ "pdf", "pdf", NULL },
	{ "pdf,png", "pdf,png", NULL },
	{ "pdf, png", "pdf,png", NULL },
	{ " pdf ,\tpng , svg ", "pdf,png,svg", NULL },
	{ "dxf,svg,png,pdf", "pdf,png,svg,dxf", NULL },
	{ "svg,svg", "svg", NULL },
	{ "", NULL, "empty" },
	{ "   ", NULL, "empty" },
	{ "pdf,", NULL, "an empty name" },
	{ ",pdf", NULL, "an empty name" },
	{ "pdf,,png", NULL, "an empty name" },
	{ "pdf, ,png", NULL, "an empty name" },
	{ "pdf png", NULL, "'pdf png' is not a format" },
	{ "gif", NULL, "'gif' is not a format" },
	{ "pdf,GIF", NULL, "'GIF' is not a format" },
	{ "PDF", NULL, "'PDF' is not a format" },
	{ "pdfpdfpdfpdfpdfpdfpdf", NULL, "is not a format" },
};

/* The bits of a comma list of known names, from the backend table. */
static unsigned bits_of(const char *names)
{
	unsigned f = 0;
	char buf[64];
	snprintf(buf, sizeof buf, "%s", names);
	for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		const struct tp_backend *b = tp_backend_find(t);
		assert_non_null(b);
		f |= 1u << (b - tp_backends);
	}
	return f;
}

static void table(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct row *r = &rows[i];
		unsigned got = 0xdead;
		char why[300] = "";
		int rc = tp_backend_parse_list(r->list, &got, why, sizeof why);
		if (r->names) {
			if (rc != 0)
				fail_msg("'%s' refused: %s", r->list, why);
			assert_int_equal(got, bits_of(r->names));
		} else {
			if (rc == 0)
				fail_msg("'%s' accepted", r->list);
			/* Refused: nothing set, a reason that says what is
			 * wrong and lists what is allowed. */
			assert_int_equal(got, 0xdead);
			if (strstr(why, r->why) == NULL)
				fail_msg("'%s': reason '%s' lacks '%s'", r->list, why, r->why);
			assert_non_null(strstr(why, tp_backend_names()));
		}
	}
}

/* Every backend's own name is a list of one. */
static void every_backend(void **state)
{
	(void)state;
	for (size_t i = 0; i < tp_n_backends; i++) {
		unsigned got = 0;
		char why[300];
		assert_int_equal(tp_backend_parse_list(tp_backends[i].name, &got, why, sizeof why), 0);
		assert_int_equal(got, 1u << i);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table),
		cmocka_unit_test(every_backend),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
