#include "core/status.h"

#include <stdarg.h>
#include <stdio.h>

int tp_fail(tp_err *e, int code, const char *fmt, ...)
{
	if (e == NULL || e->code != TP_OK)
		return e ? e->code : code;
	e->code = code;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
	return code;
}
