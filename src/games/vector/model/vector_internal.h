#ifndef TP_VECTOR_INTERNAL_H
#define TP_VECTOR_INTERNAL_H

/* Shared by the files of the vector-tiles core; not for other modules. */

#include "games/vector/model/vector_core.h"

/* The most vector tiles a game can have: C(8, 4). */
#define TP_VEC_MAX_SETS 70

/* Names of the player symbols, in enum tp_symbol order (src/symbol.h). */
extern const char *const tp_vector_symbol_names[TP_VEC_MAX_PLAYERS];

/* Column (0-based) of the start tile of player (1-based) on the bottom
 * row: from both corners inward, 0, cols-1, 1, cols-2. */
int tp_vector_start_col(int cols, int player);

#endif
