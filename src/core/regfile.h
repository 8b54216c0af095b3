#ifndef TP_REGFILE_H
#define TP_REGFILE_H

/* Opening an input file (config, template, shapes file, ICC profile) that
 * must be a regular file: opened with O_NONBLOCK and checked with fstat,
 * so a FIFO, device or folder given by mistake is refused at once instead
 * of hanging the read or reading garbage. */

#include <stdio.h>

/* The file for reading ("rb"), or NULL with *why set to the reason ("a
 * FIFO, not a regular file", or strerror's text; static). */
FILE *tp_fopen_regular(const char *path, const char **why);

#endif
