/* Lengths and press sheet sizes as people write them (see units.h). */

#include "core/units.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int tp_is_hex_number(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '+' || *s == '-')
		s++;
	return s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
}

int tp_parse_length(const char *s, double *mm)
{
	static const struct { const char *unit; double mm; } units[] = {
		{ "mm", 1.0 }, { "cm", 10.0 }, { "in", 25.4 }, { "pt", 25.4 / 72.0 },
	};
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (end == s || errno == ERANGE || !isfinite(v) || tp_is_hex_number(s))
		return -1;
	while (*end == ' ' || *end == '\t')
		end++;
	double scale = 1.0;
	if (*end != '\0') {
		size_t i;
		for (i = 0; i < sizeof units / sizeof units[0]; i++)
			if (strncmp(end, units[i].unit, 2) == 0)
				break;
		if (i == sizeof units / sizeof units[0])
			return -1;
		scale = units[i].mm;
		end += 2;
		while (*end == ' ' || *end == '\t')
			end++;
		if (*end != '\0')
			return -1;
	}
	*mm = v * scale;
	return 0;
}

/* ---- press sheet sizes ------------------------------------------------------ */

static const struct named_sheet {
	const char *name;
	double w, h;   /* mm, portrait */
} named_sheets[] = {
	{ "A4", 210, 297 },      { "A3", 297, 420 },      { "A2", 420, 594 },
	{ "A1", 594, 841 },      { "A0", 841, 1189 },     { "B3", 353, 500 },
	{ "B2", 500, 707 },      { "B1", 707, 1000 },     { "SRA3", 320, 450 },
	{ "SRA2", 450, 640 },    { "SRA1", 640, 900 },    { "12x18in", 304.8, 457.2 },
	{ "13x19in", 330.2, 482.6 }, { "19x25in", 482.6, 635 }, { "20x26in", 508, 660.4 },
	{ "20x29in", 508, 736.6 }, { "23x29in", 584.2, 736.6 }, { "28x40in", 711.2, 1016 },
};
#define N_NAMED (sizeof named_sheets / sizeof named_sheets[0])

const char *tp_sheet_size_names(void)
{
	return "A4, A3, A2, A1, A0, B3, B2, B1, SRA3, SRA2, SRA1, 12x18in, 13x19in, 19x25in, "
	       "20x26in, 20x29in, 23x29in, 28x40in (portrait; write 420x297 for a landscape A3)";
}

/* A bare number: 1, no unit. */
static int bare(const char *s)
{
	size_t n = strlen(s);
	while (n > 0 && s[n - 1] == ' ')
		n--;
	return n > 0 && ((s[n - 1] >= '0' && s[n - 1] <= '9') || s[n - 1] == '.');
}

int tp_sheet_size_parse(const char *s, double *w_mm, double *h_mm)
{
	for (size_t i = 0; i < N_NAMED; i++)
		if (strcasecmp(s, named_sheets[i].name) == 0) {
			*w_mm = named_sheets[i].w;
			*h_mm = named_sheets[i].h;
			return 0;
		}
	const char *x = strpbrk(s, "xX");
	char a[64], b[64];
	if (x == NULL || x == s || (size_t)(x - s) >= sizeof a || strlen(x + 1) >= sizeof b ||
	    strpbrk(x + 1, "xX"))
		return -1;
	snprintf(a, sizeof a, "%.*s", (int)(x - s), s);
	snprintf(b, sizeof b, "%s", x + 1);
	double w, h;
	if (tp_parse_length(b, &h) != 0)
		return -1;
	if (bare(a) && !bare(b)) {
		/* "12x18in": the unit after H is the unit of both. */
		const char *u = b + strlen(b);
		while (u > b && !((u[-1] >= '0' && u[-1] <= '9') || u[-1] == '.'))
			u--;
		char a2[128];
		snprintf(a2, sizeof a2, "%s%s", a, u);
		if (tp_parse_length(a2, &w) != 0)
			return -1;
	} else if (tp_parse_length(a, &w) != 0) {
		return -1;
	}
	if (!(w > 0) || !(h > 0) || !isfinite(w) || !isfinite(h))
		return -1;
	*w_mm = w;
	*h_mm = h;
	return 0;
}
