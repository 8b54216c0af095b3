/* Numbers and lengths as SVG writes them: the number grammar, units to
 * mm (px = 1/96 in), length attributes. */

#include "print/art/svg/svg_rd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

const char *svg_skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == ',')
		s++;
	return s;
}

/* One SVG number at s (after separators); end set past it.  0 or -1. */
int svg_number(const char *s, double *v, const char **end)
{
	s = svg_skip_ws(s);
	const char *q = s;
	if (*q == '+' || *q == '-')
		q++;
	int digits = 0;
	while (*q >= '0' && *q <= '9')
		q++, digits++;
	if (*q == '.') {
		q++;
		while (*q >= '0' && *q <= '9')
			q++, digits++;
	}
	if (!digits)
		return -1;
	if ((*q == 'e' || *q == 'E') && (q[1] == '-' || q[1] == '+' || (q[1] >= '0' && q[1] <= '9'))) {
		const char *x = q + 1;
		if (*x == '-' || *x == '+')
			x++;
		if (*x >= '0' && *x <= '9') {
			while (*x >= '0' && *x <= '9')
				x++;
			q = x;
		}
	}
	char buf[64];
	size_t len = (size_t)(q - s);
	if (len >= sizeof buf)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	double d = strtod(buf, NULL);
	if (!isfinite(d) || fabs(d) > MAX_COORD)
		return -1;
	*v = d;
	*end = q;
	return 0;
}

/* A length in user units (px): a number with an optional unit.  0, -1 bad,
 * -2 a percentage. */
int svg_length(const char *s, double *v)
{
	const char *end;
	if (svg_number(s, v, &end) != 0)
		return -1;
	static const struct { const char *u; double k; } units[] = {
		{ "px", 1 }, { "mm", 1 / PX_MM }, { "cm", 10 / PX_MM }, { "in", 96 },
		{ "pt", 96.0 / 72 }, { "pc", 16 }, { "", 1 },
	};
	while (*end == ' ')
		end++;
	if (*end == '%')
		return -2;
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		size_t l = strlen(units[i].u);
		if (strncmp(end, units[i].u, l) == 0) {
			const char *t = end + l;
			while (*t == ' ')
				t++;
			if (*t == '\0') {
				*v *= units[i].k;
				return 0;
			}
		}
	}
	return -1;
}

/* Attribute name of n as a svg_length (def when absent).  0, or refused. */
int svg_len_attr(struct rd *r, xmlNodePtr n, const char *name, double def, double *v)
{
	char *s = svg_attr(n, name);
	*v = def;
	if (s == NULL)
		return 0;
	int rc = svg_length(s, v);
	if (rc == -2)
		rc = svg_refuse(r, n, "%s=\"%s\": percentages are not read; give a svg_length (Inkscape: Object > Object to Path)",
			    name, s);
	else if (rc != 0)
		rc = svg_refuse(r, n, "%s=\"%s\" is not a length; allowed: a number with px, mm, cm, in, pt or pc",
			    name, s);
	xmlFree(s);
	return rc;
}
