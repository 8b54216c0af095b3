#include "core/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"

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
		size_t ncap = b->cap ? b->cap : 1024;
		while (ncap < b->len + (size_t)n + 1)
			ncap *= 2;
		char *p = tp_realloc(b->s, ncap);
		if (p == NULL) {
			b->oom = 1;
			return;
		}
		b->s = p;
		b->cap = ncap;
	}
}

void tp_buf_free(struct tp_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}
