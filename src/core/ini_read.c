#include "core/ini_read.h"

#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/inputs.h"
#include "core/regfile.h"

#define MAX_CONFIG_BYTES (4u << 20)

struct reader {
	const char *buf;
	size_t len, pos;
	int line;
	const char *path;
	tp_ini_fn fn;
	void *user;
	tp_err *e;
	int failed;
	int long_line;
};

/* An inline comment may start with '#' as with ';' (shapes files and
 * other tools accept both): whitespace, '#', then whitespace or the end of
 * the line.  A '#' followed by a letter or digit stays, so proof colours
 * such as "#ff0000" keep working. */
static void cut_hash_comment(char *str)
{
	for (char *p = str; *p; p++) {
		if ((*p == ' ' || *p == '\t') && p[1] == '#' &&
		    (p[2] == '\0' || p[2] == ' ' || p[2] == '\t' || p[2] == '\r' || p[2] == '\n')) {
			int nl = strchr(p, '\n') != NULL;
			p[0] = nl ? '\n' : '\0';
			p[1] = '\0';
			return;
		}
	}
}

/* libinih pulls lines through this, which is where we count them. */
static char *next_line(char *str, int num, void *stream)
{
	struct reader *r = stream;
	if (r->pos >= r->len || num < 2)
		return NULL;
	size_t n = 0;
	while (r->pos < r->len && n < (size_t)num - 1) {
		char ch = r->buf[r->pos++];
		str[n++] = ch;
		if (ch == '\n')
			break;
	}
	str[n] = '\0';
	if (n == (size_t)num - 1 && str[n - 1] != '\n' && r->pos < r->len)
		r->long_line = r->line + 1;
	r->line++;
	cut_hash_comment(str);
	/* libinih only reports sections through their keys, so an unknown
	 * section with no keys would pass unseen: report each header here. */
	const char *p = str;
	while (*p == ' ' || *p == '\t')
		p++;
	const char *end = *p == '[' ? strchr(p, ']') : NULL;
	if (end && !r->failed && !r->long_line) {
		char name[64];
		size_t len = (size_t)(end - p - 1);
		if (len >= sizeof name)
			len = sizeof name - 1;
		memcpy(name, p + 1, len);
		name[len] = '\0';
		if (r->fn(r->user, name, NULL, NULL, r->line, r->e) != TP_OK)
			r->failed = 1;
	}
	return str;
}

static int on_key(void *user, const char *section, const char *key, const char *value)
{
	struct reader *r = user;
	if (r->failed)
		return 0;
	if (r->long_line) {
		tp_fail(r->e, TP_EINPUT, "%s:%d: line is longer than %d characters",
			r->path, r->long_line, INI_MAX_LINE - 1);
		r->failed = 1;
		return 0;
	}
	if (r->fn(r->user, section, key, value, r->line, r->e) != TP_OK) {
		r->failed = 1;
		return 0;
	}
	return 1;
}

static int read_all(const char *path, char **out, size_t *len, tp_err *e)
{
	const char *why;
	tp_inputs_note(path);   /* noted even when missing: watch waits for it */
	FILE *f = tp_fopen_regular(path, &why);
	if (f == NULL)
		return tp_fail(e, TP_EINPUT, "%s: cannot read: %s", path, why);
	char *buf = NULL;
	size_t n = 0, cap = 0;
	int rc = TP_OK;
	for (;;) {
		if (tp_grow((void **)&buf, &cap, n + 4096, 1, 8192) != 0) {
			rc = tp_fail(e, TP_EIO, "%s: out of memory reading it", path);
			break;
		}
		size_t got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (n > MAX_CONFIG_BYTES) {
			rc = tp_fail(e, TP_EINPUT, "%s: larger than %u bytes; not a tilepress INI file",
				     path, MAX_CONFIG_BYTES);
			break;
		}
		if (got == 0) {
			if (ferror(f))
				rc = tp_fail(e, TP_EINPUT, "%s: cannot read: %s", path, strerror(errno));
			break;
		}
	}
	fclose(f);
	if (rc != TP_OK) {
		free(buf);
		return rc;
	}
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return TP_OK;
}

/* A text INI file has no NUL bytes and no control characters besides tab,
 * CR and LF; anything else is a wrong file, not a syntax slip. */
static int binary_line(const char *buf, size_t len)
{
	int line = 1;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];
		if (c == '\n')
			line++;
		else if (c < 32 && c != '\t' && c != '\r')
			return line;
		else if (c == 127)
			return line;
	}
	return 0;
}

int tp_ini_parse(const char *path, tp_ini_fn fn, void *user, tp_err *e)
{
	char *buf = NULL;
	size_t len = 0;
	int rc = read_all(path, &buf, &len, e);
	if (rc != TP_OK)
		return rc;
	int bin = binary_line(buf, len);
	if (bin) {
		free(buf);
		return tp_fail(e, TP_EINPUT,
			       "%s:%d: binary data (control bytes) in what should be a text INI file",
			       path, bin);
	}
	struct reader r = { .buf = buf, .len = len, .path = path, .fn = fn,
			    .user = user, .e = e };
	int line = ini_parse_stream(next_line, &r, on_key, &r);
	free(buf);
	if (r.failed)
		return e->code;
	if (r.long_line)
		return tp_fail(e, TP_EINPUT, "%s:%d: line is longer than %d characters",
			       path, r.long_line, INI_MAX_LINE - 1);
	if (line > 0)
		return tp_fail(e, TP_EINPUT,
			       "%s:%d: syntax error; expected '[section]', 'key = value' or a ; comment",
			       path, line);
	if (line < 0)
		return tp_fail(e, TP_EIO, "%s: out of memory parsing it", path);
	return TP_OK;
}
