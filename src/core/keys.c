/* The key engine: one parser per key type, so every key of every game is
 * checked and reported the same way. */

#include "core/keys.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"

int tp_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 40 || lb > 40)
		return 99;
	int d[41][41];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			int sub = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			int del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
			d[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
		}
	return d[la][lb];
}

int tp_utf8_check(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		unsigned c = *p;
		int n;
		unsigned cp;
		if (c < 0x80) {
			p++;
			continue;
		} else if (c >= 0xc2 && c <= 0xdf) {
			n = 1;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			n = 2;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			n = 3;
			cp = c & 0x07;
		} else {
			return -1;
		}
		for (int i = 1; i <= n; i++) {
			if ((p[i] & 0xc0) != 0x80)
				return -1;
			cp = (cp << 6) | (p[i] & 0x3f);
		}
		if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10ffff)) ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return -1;
		p += n + 1;
	}
	return 0;
}

static int parse_long(const char *s, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	while (isspace((unsigned char)*end))
		end++;
	if (end == s || *end != '\0' || errno == ERANGE)
		return -1;
	*out = v;
	return 0;
}

static int parse_num(const char *s, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	while (isspace((unsigned char)*end))
		end++;
	if (end == s || *end != '\0' || errno == ERANGE || !isfinite(v) || tp_is_hex_number(s))
		return -1;
	*out = v;
	return 0;
}

static int hexval(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	ch = (char)tolower((unsigned char)ch);
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	return -1;
}

void tp_key_allowed(const struct tp_key *k, char *out, size_t n)
{
	out[0] = '\0';
	if (k->names == NULL)
		return;
	size_t count = 0;
	for (const struct tp_enum_name *e = k->names; e->name; e++) {
		/* An alias (a later name with an earlier value) is accepted but
		 * not offered. */
		int alias = 0;
		for (const struct tp_enum_name *f = k->names; f < e; f++)
			alias |= f->value == e->value;
		if (!alias)
			count++;
	}
	size_t i = 0, len = 0;
	for (const struct tp_enum_name *e = k->names; e->name; e++) {
		int alias = 0;
		for (const struct tp_enum_name *f = k->names; f < e; f++)
			alias |= f->value == e->value;
		if (alias)
			continue;
		const char *sep = i == 0 ? "" : (i + 1 == count ? " or " : ", ");
		int w = snprintf(out + len, n - len, "%s%s", sep, e->name);
		if (w < 0 || (size_t)w >= n - len)
			return;
		len += (size_t)w;
		i++;
	}
}

/* "20" for 20.0, "0.1" for 0.1: ranges read as people write them. */
static const char *g(char *buf, double v)
{
	snprintf(buf, 32, "%g", v);
	return buf;
}

int tp_key_apply(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		 char *why, size_t n)
{
	char *base = (char *)(k->home == TP_HOME_GAME ? x->game : x->core);
	void *dst = base + k->off;
	char lo[32], hi[32], allowed[400];
	long iv;
	double dv;
	if (tp_utf8_check(value) != 0) {
		snprintf(why, n, "not UTF-8 (Latin-1?); save the file as UTF-8");
		return -1;
	}
	switch (k->type) {
	case TP_KEY_INT:
		if (parse_long(value, &iv) != 0 && k->range) {
			snprintf(why, n, "not a whole number; allowed: %s", k->range);
			return -1;
		}
		if (parse_long(value, &iv) != 0) {
			snprintf(why, n, "not a whole number; allowed: %s..%s", g(lo, k->lo), g(hi, k->hi));
			return -1;
		}
		if (iv < k->lo || iv > k->hi) {
			snprintf(why, n, "out of range; allowed: %s..%s", g(lo, k->lo), g(hi, k->hi));
			return -1;
		}
		*(int *)dst = (int)iv;
		return 0;
	case TP_KEY_NUM:
		if (parse_num(value, &dv) != 0 || !(dv >= k->lo && dv <= k->hi)) {
			snprintf(why, n, "%s; allowed: %s to %s",
				 parse_num(value, &dv) != 0 ? "not a number" : "out of range",
				 g(lo, k->lo), g(hi, k->hi));
			return -1;
		}
		*(double *)dst = dv;
		return 0;
	case TP_KEY_LEN:
		if (tp_parse_length(value, &dv) != 0) {
			snprintf(why, n, "not a length; write e.g. 20, 20mm, 2cm, 0.75in or 56pt");
			return -1;
		}
		if (!(dv >= k->lo && dv <= k->hi)) {
			snprintf(why, n, "out of range; allowed: %s mm to %s mm", g(lo, k->lo), g(hi, k->hi));
			return -1;
		}
		*(double *)dst = dv;
		return 0;
	case TP_KEY_ENUM:
		for (const struct tp_enum_name *e = k->names; e->name; e++)
			if (strcmp(value, e->name) == 0) {
				*(int *)dst = e->value;
				return 0;
			}
		tp_key_allowed(k, allowed, sizeof allowed);
		snprintf(why, n, "allowed: %s", allowed);
		return -1;
	case TP_KEY_BOOL:
		if (strcmp(value, "on") == 0 || strcmp(value, "off") == 0) {
			*(int *)dst = value[1] == 'n';
			return 0;
		}
		snprintf(why, n, "allowed: on, off");
		return -1;
	case TP_KEY_TEXT:
		for (const char *s = value; *s; s++)
			if ((unsigned char)*s < 32 || *s == 127) {
				snprintf(why, n, "control characters are not allowed");
				return -1;
			}
		if (strlen(value) >= k->size) {
			snprintf(why, n, "too long; at most %zu bytes", k->size - 1);
			return -1;
		}
		memcpy(dst, value, strlen(value) + 1);
		return 0;
	case TP_KEY_NAME: {
		size_t len = strlen(value);
		int ok = len > 0 && len <= 31 && len < k->size;
		for (size_t i = 0; ok && i < len; i++)
			ok = isalnum((unsigned char)value[i]) || value[i] == '_' || value[i] == '-';
		if (!ok) {
			snprintf(why, n, "a spot colour name of 1..31 letters, digits, - or _, e.g. CutContour");
			return -1;
		}
		memcpy(dst, value, len + 1);
		return 0;
	}
	case TP_KEY_CMYK: {
		double v[4];
		char extra[2];
		if (sscanf(value, "%lf %lf %lf %lf %1s", &v[0], &v[1], &v[2], &v[3], extra) != 4) {
			snprintf(why, n, "expected four percentages C M Y K, e.g. 0 100 100 0");
			return -1;
		}
		for (int i = 0; i < 4; i++)
			if (!(v[i] >= 0 && v[i] <= 100)) {
				snprintf(why, n, "each of C M Y K must be 0..100 (percent)");
				return -1;
			}
		for (int i = 0; i < 4; i++)
			((double *)dst)[i] = v[i] / 100;
		return 0;
	}
	case TP_KEY_RGB: {
		double v[3];
		if (strlen(value) != 7 || value[0] != '#') {
			snprintf(why, n, "expected # and six hex digits (#rrggbb), e.g. #e30613");
			return -1;
		}
		for (int i = 0; i < 3; i++) {
			int h = hexval(value[1 + 2 * i]), l = hexval(value[2 + 2 * i]);
			if (h < 0 || l < 0) {
				snprintf(why, n, "expected #rrggbb with hex digits 0-9 a-f");
				return -1;
			}
			v[i] = (h * 16 + l) / 255.0;
		}
		memcpy(dst, v, sizeof v);
		return 0;
	}
	case TP_KEY_SEED: {
		char *end;
		errno = 0;
		if (value[0] == '-' || !isdigit((unsigned char)value[0])) {
			snprintf(why, n, "not a whole number; allowed: 0..18446744073709551615");
			return -1;
		}
		unsigned long long v = strtoull(value, &end, 10);
		if (*end != '\0' || errno == ERANGE) {
			snprintf(why, n, "not a whole number; allowed: 0..18446744073709551615");
			return -1;
		}
		*(unsigned long long *)dst = v;
		return 0;
	}
	case TP_KEY_CUSTOM:
		return k->parse(k, value, x, why, n);
	}
	snprintf(why, n, "unhandled key type");
	return -1;
}

void tp_key_format(const struct tp_key *k, const void *core, const void *game, struct tp_buf *b)
{
	const char *base = (const char *)(k->home == TP_HOME_GAME ? game : core);
	const void *src = base + k->off;
	switch (k->type) {
	case TP_KEY_INT:
		tp_buf_printf(b, "%d", *(const int *)src);
		return;
	case TP_KEY_NUM:
		tp_buf_printf(b, "%g", *(const double *)src);
		return;
	case TP_KEY_LEN:
		tp_buf_printf(b, "%gmm", *(const double *)src);
		return;
	case TP_KEY_ENUM:
		for (const struct tp_enum_name *e = k->names; e->name; e++)
			if (e->value == *(const int *)src) {
				tp_buf_printf(b, "%s", e->name);
				return;
			}
		return;
	case TP_KEY_BOOL:
		tp_buf_printf(b, "%s", *(const int *)src ? "on" : "off");
		return;
	case TP_KEY_TEXT:
	case TP_KEY_NAME:
		tp_buf_printf(b, "%s", (const char *)src);
		return;
	case TP_KEY_CMYK: {
		const double *v = src;
		tp_buf_printf(b, "%g %g %g %g", v[0] * 100, v[1] * 100, v[2] * 100, v[3] * 100);
		return;
	}
	case TP_KEY_RGB: {
		const double *v = src;
		tp_buf_printf(b, "#%02x%02x%02x", (int)(v[0] * 255 + 0.5), (int)(v[1] * 255 + 0.5),
			      (int)(v[2] * 255 + 0.5));
		return;
	}
	case TP_KEY_SEED:
		tp_buf_printf(b, "%llu", *(const unsigned long long *)src);
		return;
	case TP_KEY_CUSTOM:
		if (k->format)
			k->format(k, core, game, b);
		return;
	}
}
