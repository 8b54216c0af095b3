#ifndef TP_DATADIR_H
#define TP_DATADIR_H

#include <stddef.h>

/* Finds a shipped data file (config/..., templates/...).  Looks in
 * $TILEPRESS_DATA, then the current directory, then beside the executable,
 * then the installed share/tilepress.  Returns 0 with out filled, or -1. */
int tp_data_find(const char *rel, char *out, size_t outsz);

/* The search list, for error messages. */
const char *tp_data_dirs_text(void);

/* Calls fn(stem, ctx) once for each distinct NAME with a file NAME.ext
 * in folder sub of the data folders (e.g. "config", ".ini": the shipped
 * editions), in byte order of NAME.  0, or -1 when memory runs out. */
int tp_data_each(const char *sub, const char *ext, void (*fn)(const char *stem, void *ctx),
		 void *ctx);

/* Remembers argv[0] for "beside the executable". */
void tp_data_set_argv0(const char *argv0);

#endif
