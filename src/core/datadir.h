#ifndef TP_DATADIR_H
#define TP_DATADIR_H

#include <stddef.h>

#include "core/status.h"

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

/* A template file for key (e.g. "table.order"): a name ("toys") is
 * templates/FOLDER/NAME.ini in the data folders; a path (with a / or
 * ending .ini) is taken beside the config file when config is given and it
 * is there, else as given (relative to the current folder: what --set
 * means).  TP_OK with out filled, else TP_EINPUT naming key, name, where
 * it looked and the shipped names. */
int tp_data_template_resolve(const char *key, const char *name, const char *folder,
			     const char *shipped, const char *config, char *out, size_t outsz,
			     tp_err *e);

/* Remembers argv[0] for "beside the executable". */
void tp_data_set_argv0(const char *argv0);

#endif
