#ifndef TP_STATUS_H
#define TP_STATUS_H

/* One error slot threaded through every layer, so that only main() decides
 * what to print and how to exit.  Codes are the process exit codes. */
enum { TP_OK = 0, TP_EIO = 1, TP_EINPUT = 2 };

typedef struct tp_err {
	int code;
	char msg[8192];   /* room for a PATH_MAX path and the reason */
} tp_err;

/* Records the first failure only: the root cause is what the user needs.
 * Returns code so callers can write `return tp_fail(e, TP_EINPUT, ...)`. */
int tp_fail(tp_err *e, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
