#ifndef TP_STRBUF_H
#define TP_STRBUF_H

/* A growable text buffer: reports are formatted in memory, then written to
 * stdout or to a file in one go, so a failure never leaves half a table.
 * tp_buf_append takes bytes as they are (no terminating NUL). */

#include <stddef.h>

struct tp_buf {
	char *s;
	size_t len, cap;
	int oom;   /* sticky: checked once, when the text is used */
};

void tp_buf_printf(struct tp_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void tp_buf_append(struct tp_buf *b, const void *p, size_t n);
void tp_buf_free(struct tp_buf *b);
/* s as a JSON string: quoted, quotes, backslashes and control characters
 * escaped. */
void tp_buf_json_str(struct tp_buf *b, const char *s);

#endif
