/* Output file names (file_name.h). */

#include "app/file_name.h"

#include <stdio.h>
#include <string.h>

#include "games/game.h"

static const char *const tokens[] = { "{sheet}", "{game}", "{edition}" };

/* The token at p, or -1. */
static int token_at(const char *p)
{
	for (int i = 0; i < 3; i++)
		if (strncmp(p, tokens[i], strlen(tokens[i])) == 0)
			return i;
	return -1;
}

int tp_file_pattern_check(const char *pattern, char *why, size_t n)
{
	int sheet = 0;
	if (pattern[0] == '.' || pattern[0] == '-') {
		snprintf(why, n, "a name may not begin with '.' or '-'");
		return -1;
	}
	for (const char *p = pattern; *p;) {
		int t = token_at(p);
		if (t >= 0) {
			sheet |= t == 0;
			p += strlen(tokens[t]);
			continue;
		}
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		      *p == '-' || *p == '_' || *p == '.')) {
			snprintf(why, n, "'%c' is not allowed; allowed: letters, digits, '-', '_', '.' and the tokens {sheet}, {game}, {edition}", *p);
			return -1;
		}
		p++;
	}
	if (!sheet) {
		snprintf(why, n, "it must contain {sheet}, or every sheet's files would have one name");
		return -1;
	}
	return 0;
}

/* The config file's name without folder and .ini, reduced to the file
 * name alphabet: every other byte (a space, ':', a quote, a byte of a
 * UTF-8 letter) becomes '_', as does a leading '.'.  A name is data: it
 * never becomes a scheme, a path or markup in what the build writes. */
static void edition(const struct tp_config *c, char *out, size_t n)
{
	const char *s = strrchr(c->path, '/');
	s = s ? s + 1 : c->path;
	size_t len = strlen(s);
	if (len > 4 && strcmp(s + len - 4, ".ini") == 0)
		len -= 4;
	snprintf(out, n, "%.*s", (int)len, s);
	for (char *p = out; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		      *p == '-' || *p == '_' || (*p == '.' && p > out)))
			*p = '_';
}

void tp_file_base(const struct tp_config *c, const char *sheet, char *out, size_t n)
{
	char ed[128];
	size_t k = 0;
	edition(c, ed, sizeof ed);
	const char *val[3] = { sheet, c->game ? c->game->name : "", ed };
	out[0] = 0;
	for (const char *p = c->print.file_name; *p && k + 1 < n;) {
		int t = token_at(p);
		if (t >= 0) {
			int w = snprintf(out + k, n - k, "%s", val[t]);
			k = w < 0 ? k : k + (size_t)w >= n ? n - 1 : k + (size_t)w;
			p += strlen(tokens[t]);
		} else {
			out[k++] = *p++;
			out[k] = 0;
		}
	}
}
