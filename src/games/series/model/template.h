#ifndef TP_TEMPLATE_H
#define TP_TEMPLATE_H

#include <stddef.h>

#include "core/status.h"
#include "games/series/model/series_core.h"

/* Loads an indicia template from a file (see docs/designer.md, "Indicia templates").
 * Returns TP_OK, or TP_EINPUT naming the file, line and key. */
int tp_template_load(const char *path, struct tp_template *t, tp_err *e);

/* Resolves a template name ("spiral-cw") or path to a readable file.
 * Names are looked up in the data directories' templates/indicia/; a
 * relative path in base_dir (the config file's folder; NULL: as given),
 * then the current folder, then the data directories. */
int tp_template_resolve(const char *name_or_path, const char *base_dir, char *out, size_t outsz,
			tp_err *e);

/* Loads every installed template (the .ini files of templates/indicia in the data
 * directory), sorted by file name.  *out is freed with free(). */
int tp_template_list(struct tp_template **out, size_t *n, tp_err *e);

#endif
