#ifndef TP_INPUT_WATCH_H
#define TP_INPUT_WATCH_H

/* What `watch` waits on: the folders of every input the last config load
 * read (core/inputs.h: the config, indicia templates, shapes files, ICC
 * profiles; a symbolic link's target too), watched with inotify.  A
 * folder moved, removed or replaced is looked for again until it is back. */

#include <stddef.h>

#include "core/status.h"

struct tp_input_watch;

/* A watch on nothing yet; NULL with e filled (TP_EIO) on failure. */
struct tp_input_watch *tp_input_watch_open(tp_err *e);

/* Watches the folders of the inputs the last load noted (those already
 * watched stay). */
void tp_input_watch_add(struct tp_input_watch *w);

/* How many folders are watched. */
size_t tp_input_watch_folders(const struct tp_input_watch *w);

/* Waits for a save of an input (or a watched folder back), then for the
 * burst of events to settle: 1 with *what the input touched and saved
 * started at the first event (core/trace.h: the start of the spans that
 * time a save to its rebuild), 0 when waiting failed (errno says why). */
struct tp_trace;
int tp_input_watch_wait(struct tp_input_watch *w, const char **what, struct tp_trace *saved);

void tp_input_watch_close(struct tp_input_watch *w);

#endif
