#ifndef TP_REGFILE_H
#define TP_REGFILE_H

/* Opening an input file (config, template, shapes file, ICC profile) that
 * must be a regular file: opened with O_NONBLOCK and checked with fstat,
 * so a FIFO, device or folder given by mistake is refused at once instead
 * of hanging the read or reading garbage. */

#include <stddef.h>
#include <stdio.h>

/* The file for reading ("rb"), or NULL with *why set to the reason ("a
 * FIFO, not a regular file", or strerror's text; static). */
FILE *tp_fopen_regular(const char *path, const char **why);

/* What tp_read_rest says. */
enum tp_read { TP_READ_OK, TP_READ_OOM, TP_READ_LARGE, TP_READ_ERROR };

/* The rest of f into *buf (owned, NUL-terminated, *n bytes), the buffer
 * growing from 64 KiB by doubling and refused (TP_READ_LARGE) when it is
 * full at max bytes or more (max 0: no limit).  TP_READ_OK; TP_READ_OOM;
 * TP_READ_ERROR with errno as the read left it.  f stays open. */
enum tp_read tp_read_rest(FILE *f, size_t max, unsigned char **buf, size_t *n);

#endif
