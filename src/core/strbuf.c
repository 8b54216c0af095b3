#include "core/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

/* Room for need bytes in all; 0, or -1 (b->oom set). */
static int grow(struct tp_buf *b, size_t need)
{
	if (tp_grow((void **)&b->s, &b->cap, need, 1, 1024) != 0) {
		b->oom = 1;
		return -1;
	}
	return 0;
}

void tp_buf_printf(struct tp_buf *b, const char *fmt, ...)
{
	if (b->oom)
		return;
	for (;;) {
		size_t room = b->cap - b->len;
		va_list ap;
		va_start(ap, fmt);
		int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? room : 0, fmt, ap);
		va_end(ap);
		if (n < 0) {
			b->oom = 1;
			return;
		}
		if (b->s && (size_t)n < room) {
			b->len += (size_t)n;
			return;
		}
		if (grow(b, b->len + (size_t)n + 1) != 0)
			return;
	}
}

void tp_buf_append(struct tp_buf *b, const void *p, size_t n)
{
	if (b->oom || n == 0 || grow(b, b->len + n) != 0)
		return;
	memcpy(b->s + b->len, p, n);
	b->len += n;
}

void tp_buf_free(struct tp_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

void tp_buf_json_str(struct tp_buf *b, const char *s)
{
	tp_buf_printf(b, "\"");
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			tp_buf_printf(b, "\\%c", ch);
		else if (ch < 32)
			tp_buf_printf(b, "\\u%04x", ch);
		else
			tp_buf_printf(b, "%c", ch);
	}
	tp_buf_printf(b, "\"");
}
