#ifndef TP_FILE_NAME_H
#define TP_FILE_NAME_H

/* Output file names from print.file_name, a factory's naming pattern:
 * text with the tokens {sheet} (the sheet's name, required), {game}
 * (series, vector, arena) and {edition} (the config file's name without
 * .ini).  The default "{sheet}" gives fronts.pdf, cut-fronts.dxf, ... as
 * always; "{edition}_{sheet}" gives series-blind_fronts.pdf. */

#include <stddef.h>

#include "games/config.h"

/* 0, or -1 with why (what is wrong and what is allowed) when pattern is
 * not a valid file name pattern. */
int tp_file_pattern_check(const char *pattern, char *why, size_t n);

/* The name of sheet's files without page part or extension. */
void tp_file_base(const struct tp_config *c, const char *sheet, char *out, size_t n);

#endif
