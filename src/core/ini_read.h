#ifndef TP_INI_READ_H
#define TP_INI_READ_H

/* INI files through libinih, with the line number of every key so that
 * errors found after parsing can still point at their line. */

#include "core/status.h"

/* Called once per key, and once per section header with key and value
 * NULL.  Returns TP_OK, or fills e and returns its code; parsing stops at
 * the first failure. */
typedef int (*tp_ini_fn)(void *user, const char *section, const char *key,
			 const char *value, int line, tp_err *e);

/* Reads path.  Refuses missing or unreadable files, binary junk and syntax
 * errors with TP_EINPUT and a message naming the file and line. */
int tp_ini_parse(const char *path, tp_ini_fn fn, void *user, tp_err *e);

#endif
