#ifndef TP_SPOT_NAME_H
#define TP_SPOT_NAME_H

/* Spot ink names no press treats as a spot of its own: a die ink named
 * Black (or Cyan, Magenta, Yellow) is taken for that process plate and
 * prints the die lines on the art; All is the registration colour,
 * printed on every plate; None is never printed.  Compared without
 * regard to case. */

#include <stddef.h>

/* 1, and why in words (n bytes), when name is one of them; else 0. */
int tp_spot_name_refused(const char *name, char *why, size_t n);

#endif
