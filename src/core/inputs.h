#ifndef TP_INPUTS_H
#define TP_INPUTS_H

/* The files a config load and a build read: the config itself, indicia
 * templates, shapes files, ICC profiles.  Each reader notes the path it
 * opened, so that `tilepress watch` knows what to watch without each game
 * saying so.  Process-wide (the parent reads every input before any worker
 * starts); the caller resets it before a load. */

#include <stddef.h>

void tp_inputs_reset(void);
/* Notes path (as opened; duplicates and paths beyond TP_INPUTS_MAX are
 * ignored). */
void tp_inputs_note(const char *path);
size_t tp_inputs_count(void);
const char *tp_inputs_get(size_t i);

#define TP_INPUTS_MAX 64

#endif
