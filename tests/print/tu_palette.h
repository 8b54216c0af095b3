#ifndef TU_PALETTE_H
#define TU_PALETTE_H

/* A palette for the backend tests, which know no game: four stand-in game
 * inks (A..D) and the shared technical inks, ten in all, so palette index
 * i is ink INK_A + i for the first four and the shared inks after. */

#include <string.h>

#include "print/scene/scene.h"

enum { INK_A, INK_B, INK_C, INK_D, TU_N_GAME_INKS };
#define TU_N_INKS (TU_N_GAME_INKS + TP_N_SHARED_INKS)

static inline void tu_palette_init(struct tp_palette *p)
{
	memset(p, 0, sizeof *p);
	p->n_game = TU_N_GAME_INKS;
	p->n = TU_N_INKS;
}

/* The palette slot of ink id, for filling it in. */
static inline struct tp_ink *tu_ink(struct tp_palette *p, int id)
{
	int i = tp_ink_index(p, id);
	return &p->ink[i < 0 ? 0 : i];
}

#endif
