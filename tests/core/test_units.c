/* Lengths and press sheet sizes (core/units.h), table-driven: each row is
 * an input as a person writes it and the size it means, worked out here
 * from the unit's definition (1 in = 25.4 mm, 1 pt = 1/72 in) or the ISO
 * 216 halving rule, never copied from the code's table. */

#include "testutil.h"

#include <math.h>
#include <string.h>

#include "core/units.h"

#define IN 25.4
#define PT (25.4 / 72)

static void lengths(void **state)
{
	(void)state;
	static const struct { const char *s; double mm; } ok[] = {
		{ "20", 20 },       { "20mm", 20 },    { "2cm", 20 },      { "0.75in", 0.75 * IN },
		{ "56pt", 56 * PT }, { "1.5 mm", 1.5 }, { "0", 0 },         { "12in", 12 * IN },
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		double mm = -1;
		if (tp_parse_length(ok[i].s, &mm) != 0)
			fail_msg("%s: refused", ok[i].s);
		if (fabs(mm - ok[i].mm) > 1e-9)
			fail_msg("%s: %g mm, expected %g", ok[i].s, mm, ok[i].mm);
	}
	static const char *const bad[] = { "", "mm", "20 furlongs", "abc", "1e999", "0x19", "nan",
					   "inf", "20mmm", "--3" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		double mm;
		if (tp_parse_length(bad[i], &mm) == 0)
			fail_msg("'%s' was taken as a length (%g mm)", bad[i], mm);
	}
}

static void hex_numbers(void **state)
{
	(void)state;
	static const struct { const char *s; int hex; } rows[] = {
		{ "0x19", 1 }, { "-0X1p3", 1 }, { "19", 0 }, { "0.5", 0 }, { "x19", 0 }, { "", 0 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (tp_is_hex_number(rows[i].s) != rows[i].hex)
			fail_msg("tp_is_hex_number(\"%s\") != %d", rows[i].s, rows[i].hex);
}

/* ISO 216: each size is the one before halved across its long side,
 * rounded down to the millimetre; A0 is 841 x 1189, B0 1000 x 1414, and
 * SRA0 900 x 1280 (ISO 217). */
static void iso_size(double w0, double h0, int n, double *w, double *h)
{
	*w = w0;
	*h = h0;
	for (int i = 0; i < n; i++) {
		double short_side = floor(*h / 2);
		*h = *w;
		*w = short_side;
	}
}

static void named_sheets(void **state)
{
	(void)state;
	static const struct { const char *name; double w0, h0; int n; } iso[] = {
		{ "A4", 841, 1189, 4 },   { "a3", 841, 1189, 3 },   { "A2", 841, 1189, 2 },
		{ "A1", 841, 1189, 1 },   { "A0", 841, 1189, 0 },   { "B3", 1000, 1414, 3 },
		{ "B2", 1000, 1414, 2 },  { "B1", 1000, 1414, 1 },  { "SRA3", 900, 1280, 3 },
		{ "sra2", 900, 1280, 2 }, { "SRA1", 900, 1280, 1 },
	};
	for (size_t i = 0; i < sizeof iso / sizeof iso[0]; i++) {
		double w, h, ew, eh;
		iso_size(iso[i].w0, iso[i].h0, iso[i].n, &ew, &eh);
		if (tp_sheet_size_parse(iso[i].name, &w, &h) != 0)
			fail_msg("%s: refused", iso[i].name);
		if (w != ew || h != eh)
			fail_msg("%s: %g x %g, ISO says %g x %g", iso[i].name, w, h, ew, eh);
	}
	/* Every name the messages offer parses, and to a portrait sheet. */
	char names[600];
	snprintf(names, sizeof names, "%s", tp_sheet_size_names());
	char *paren = strchr(names, '(');
	if (paren)
		*paren = '\0';
	int n = 0;
	for (char *tok = strtok(names, ", "); tok; tok = strtok(NULL, ", ")) {
		double w, h;
		if (tp_sheet_size_parse(tok, &w, &h) != 0)
			fail_msg("offered name %s: refused", tok);
		assert_true(w <= h);
		n++;
	}
	assert_true(n >= 11);
}

static void written_sheets(void **state)
{
	(void)state;
	static const struct { const char *s; double w, h; } ok[] = {
		{ "297x420", 297, 420 },         { "420X297", 420, 297 },
		{ "12x18in", 12 * IN, 18 * IN }, { "32cm x 45cm", 320, 450 },
		{ "30cmx18in", 300, 18 * IN },   { "13x19in", 13 * IN, 19 * IN },
		{ "100mmx2in", 100, 2 * IN },    { "1000ptx500pt", 1000 * PT, 500 * PT },
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		double w, h;
		if (tp_sheet_size_parse(ok[i].s, &w, &h) != 0)
			fail_msg("%s: refused", ok[i].s);
		if (fabs(w - ok[i].w) > 1e-9 || fabs(h - ok[i].h) > 1e-9)
			fail_msg("%s: %g x %g, expected %g x %g", ok[i].s, w, h, ok[i].w, ok[i].h);
	}
	static const char *const bad[] = { "", "x", "297", "297x", "x420", "297x420x10", "0x420",
					   "297x0", "-297x420", "A9", "axb", "297x420furlongs" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		double w, h;
		if (tp_sheet_size_parse(bad[i], &w, &h) == 0)
			fail_msg("'%s' was taken as a sheet (%g x %g)", bad[i], w, h);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lengths),
		cmocka_unit_test(hex_numbers),
		cmocka_unit_test(named_sheets),
		cmocka_unit_test(written_sheets),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
