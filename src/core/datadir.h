#ifndef TP_DATADIR_H
#define TP_DATADIR_H

#include <stddef.h>

/* Finds a shipped data file (config/..., templates/...).  Looks in
 * $TILEPRESS_DATA, then the current directory, then beside the executable,
 * then the installed share/tilepress.  Returns 0 with out filled, or -1. */
int tp_data_find(const char *rel, char *out, size_t outsz);

/* The search list, for error messages. */
const char *tp_data_dirs_text(void);

/* Remembers argv[0] for "beside the executable". */
void tp_data_set_argv0(const char *argv0);

#endif
