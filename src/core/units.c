/* Lengths as people write them, converted once to millimetres. */

#include "keys.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

