#ifndef TP_SYMBOL_H
#define TP_SYMBOL_H

/* Symbols without intrinsic orientation ([0079]): each one closed path,
 * centred, `size` mm across its widest extent. */

#include "scene.h"

enum tp_symbol { TP_SYM_CIRCLE, TP_SYM_SQUARE, TP_SYM_HEXAGON, TP_SYM_OCTAGON, TP_SYM_COUNT };

extern const char *const tp_symbol_names[TP_SYM_COUNT];

/* -1 when name is not a symbol. */
int tp_symbol_parse(const char *name);

/* 0, or -1 when out of memory. */
int tp_symbol_draw(struct tp_scene *sc, int ink, int paint, double stroke, int symbol,
		   double cx, double cy, double size);

#endif
