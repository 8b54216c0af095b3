/* The key engine: one row per key type (key_types[]: its parser and its
 * formatter), so every key of every game is checked and reported the
 * same way. */

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

int tp_text_ok(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return -1;
	return tp_utf8_check(s);
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
	snprintf(buf, 32, "%.15g", v);   /* whole numbers in full, never 1.44e+06 */
	return buf;
}

/* ---- one row per key type: how a value is parsed and how it is written ---- */

/* A type's parser stores value at dst, or returns -1 with the reason in why. */
typedef int (*parse_fn)(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			void *dst, char *why, size_t n);
/* A type's formatter appends the value at src as a config file says it. */
typedef void (*format_fn)(const struct tp_key *k, const void *core, const void *game,
			  const void *src, struct tp_buf *b);

static int parse_int(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		     void *dst, char *why, size_t n)
{
	(void)x;
	char lo[32], hi[32];
	long iv;
	if (parse_long(value, &iv) != 0 && k->range) {
		snprintf(why, n, "not a whole number; allowed: %s", k->range);
		return -1;
	}
	if (parse_long(value, &iv) != 0) {
		snprintf(why, n, "not a whole number; allowed: %s..%s", g(lo, k->lo), g(hi, k->hi));
		return -1;
	}
	if (iv < k->lo || iv > k->hi) {
		/* The words, when a later check narrows lo..hi: lo..hi would
		 * name values that check refuses. */
		if (k->range)
			snprintf(why, n, "out of range; allowed: %s", k->range);
		else
			snprintf(why, n, "out of range; allowed: %s..%s", g(lo, k->lo), g(hi, k->hi));
		return -1;
	}
	*(int *)dst = (int)iv;
	return 0;
}

static void format_int(const struct tp_key *k, const void *core, const void *game,
		       const void *src, struct tp_buf *b)
{
	(void)k, (void)core, (void)game;
	tp_buf_printf(b, "%d", *(const int *)src);
}

static int parse_number(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			void *dst, char *why, size_t n)
{
	(void)x;
	char lo[32], hi[32];
	double dv;
	if (parse_num(value, &dv) != 0 || !(dv >= k->lo && dv <= k->hi)) {
		snprintf(why, n, "%s; allowed: %s to %s",
			 parse_num(value, &dv) != 0 ? "not a number" : "out of range",
			 g(lo, k->lo), g(hi, k->hi));
		return -1;
	}
	*(double *)dst = dv;
	return 0;
}

static void format_number(const struct tp_key *k, const void *core, const void *game,
			  const void *src, struct tp_buf *b)
{
	(void)k, (void)core, (void)game;
	tp_buf_printf(b, "%g", *(const double *)src);
}

static int parse_len(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		     void *dst, char *why, size_t n)
{
	(void)x;
	char lo[32], hi[32];
	double dv;
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
}

static void format_len(const struct tp_key *k, const void *core, const void *game,
		       const void *src, struct tp_buf *b)
{
	(void)k, (void)core, (void)game;
	tp_buf_printf(b, "%gmm", *(const double *)src);
}

static int parse_enum(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		      void *dst, char *why, size_t n)
{
	(void)x;
	char allowed[400];
	for (const struct tp_enum_name *e = k->names; e->name; e++)
		if (strcmp(value, e->name) == 0) {
			*(int *)dst = e->value;
			return 0;
		}
	tp_key_allowed(k, allowed, sizeof allowed);
	snprintf(why, n, "allowed: %s", allowed);
	return -1;
}

static void format_enum(const struct tp_key *k, const void *core, const void *game,
			const void *src, struct tp_buf *b)
{
	(void)core, (void)game;
	for (const struct tp_enum_name *e = k->names; e->name; e++)
		if (e->value == *(const int *)src) {
			tp_buf_printf(b, "%s", e->name);
			return;
		}
}

static int parse_bool(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		      void *dst, char *why, size_t n)
{
	(void)k, (void)x;
	if (strcmp(value, "on") == 0 || strcmp(value, "off") == 0) {
		*(int *)dst = value[1] == 'n';
		return 0;
	}
	snprintf(why, n, "allowed: on, off");
	return -1;
}

static void format_bool(const struct tp_key *k, const void *core, const void *game,
			const void *src, struct tp_buf *b)
{
	(void)k, (void)core, (void)game;
	tp_buf_printf(b, "%s", *(const int *)src ? "on" : "off");
}

static int parse_text(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		      void *dst, char *why, size_t n)
{
	(void)x;
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
}

static void format_text(const struct tp_key *k, const void *core, const void *game,
			const void *src, struct tp_buf *b)
{
	(void)k, (void)core, (void)game;
	tp_buf_printf(b, "%s", (const char *)src);
}

static int parse_name(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		      void *dst, char *why, size_t n)
{
	(void)x;
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

static int parse_cmyk(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		      void *dst, char *why, size_t n)
{
	(void)k, (void)x;
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

static void format_cmyk(const struct tp_key *k, const void *core, const void *game,
			const void *src, struct tp_buf *b)
{
	(void)k, (void)core, (void)game;
	const double *v = src;
	tp_buf_printf(b, "%g %g %g %g", v[0] * 100, v[1] * 100, v[2] * 100, v[3] * 100);
}

static int parse_rgb(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		     void *dst, char *why, size_t n)
{
	(void)k, (void)x;
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

static void format_rgb(const struct tp_key *k, const void *core, const void *game,
		       const void *src, struct tp_buf *b)
{
	(void)k, (void)core, (void)game;
	const double *v = src;
	tp_buf_printf(b, "#%02x%02x%02x", (int)(v[0] * 255 + 0.5), (int)(v[1] * 255 + 0.5),
		      (int)(v[2] * 255 + 0.5));
}

static int parse_seed(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		      void *dst, char *why, size_t n)
{
	(void)k, (void)x;
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

static void format_seed(const struct tp_key *k, const void *core, const void *game,
			const void *src, struct tp_buf *b)
{
	(void)k, (void)core, (void)game;
	tp_buf_printf(b, "%llu", *(const unsigned long long *)src);
}

static int parse_custom(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			void *dst, char *why, size_t n)
{
	(void)dst;
	return k->parse(k, value, x, why, n);
}

static void format_custom(const struct tp_key *k, const void *core, const void *game,
			  const void *src, struct tp_buf *b)
{
	(void)src;
	if (k->format)
		k->format(k, core, game, b);
}

/* The types, indexed by enum tp_key_type: a new type is one row here. */
static const struct key_type {
	parse_fn parse;
	format_fn format;
} key_types[] = {
	[TP_KEY_INT] = { parse_int, format_int },
	[TP_KEY_NUM] = { parse_number, format_number },
	[TP_KEY_LEN] = { parse_len, format_len },
	[TP_KEY_ENUM] = { parse_enum, format_enum },
	[TP_KEY_BOOL] = { parse_bool, format_bool },
	[TP_KEY_TEXT] = { parse_text, format_text },
	[TP_KEY_NAME] = { parse_name, format_text },
	[TP_KEY_CMYK] = { parse_cmyk, format_cmyk },
	[TP_KEY_RGB] = { parse_rgb, format_rgb },
	[TP_KEY_SEED] = { parse_seed, format_seed },
	[TP_KEY_CUSTOM] = { parse_custom, format_custom },
};
#define N_KEY_TYPES (sizeof key_types / sizeof key_types[0])

int tp_key_apply(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		 char *why, size_t n)
{
	char *base = (char *)(k->home == TP_HOME_GAME ? x->game : x->core);
	if (tp_utf8_check(value) != 0) {
		snprintf(why, n, "not UTF-8 (Latin-1?); save the file as UTF-8");
		return -1;
	}
	if (k->type >= N_KEY_TYPES || key_types[k->type].parse == NULL) {
		snprintf(why, n, "unhandled key type");
		return -1;
	}
	return key_types[k->type].parse(k, value, x, base + k->off, why, n);
}

void tp_key_format(const struct tp_key *k, const void *core, const void *game, struct tp_buf *b)
{
	const char *base = (const char *)(k->home == TP_HOME_GAME ? game : core);
	if (k->type < N_KEY_TYPES && key_types[k->type].format)
		key_types[k->type].format(k, core, game, base + k->off, b);
}
