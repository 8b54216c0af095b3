#ifndef TP_APP_PDF_FILE_H
#define TP_APP_PDF_FILE_H

/* A PDF file checked as a factory's prepress desk would
 * (print/preflight/pf_file.h), against a config's rules: `preflight
 * FILE.pdf`, and the files a factory package holds (app/pack/pack.h). */

#include <stddef.h>

#include "core/status.h"
#include "games/config.h"
#include "print/preflight/pf_file.h"

/* The rules a file is held to under config c: its [print] keys (and
 * profile), its die ink.  fr's strings point into c. */
void tp_pf_file_rules_of(const struct tp_config *c, struct tp_pf_file_rules *fr);

/* The file's bytes, NUL-terminated, in *buf (owned, *n bytes); with
 * limit set at most 1 GiB (a file given to check), else any size (a
 * file this build wrote).  TP_OK; TP_EINPUT when it cannot be opened or
 * is larger; TP_EIO when out of memory or on a read error. */
int tp_pdf_file_read(const char *path, int limit, unsigned char **buf, size_t *n, tp_err *e);

/* The PDF at path against c's rules into pf, its findings named by the
 * file's name without .pdf (at most 1 GiB).  TP_OK, or e filled (as tp_pdf_file_read). */
int tp_preflight_file(const struct tp_config *c, const char *path, struct tp_preflight *pf,
		      tp_err *e);

#endif
