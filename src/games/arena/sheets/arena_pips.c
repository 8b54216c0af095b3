/* A piece's player as pips (arena.player_marks): 1 to 6 dots in a row
 * along the bottom of the shape's last cell, in the numbers' ink, so that
 * colour is never the only cue to whose a piece is (player colours
 * collide for colour-blind players). */

#include "games/arena/sheets/arena_sheets.h"

/* The dots: a radius of 0.04 of a square, 0.12 apart, their centres
 * 0.89 of the square down the cell: clear of the mark's disc (0.3 round
 * the centre) and well inside the die line. */
#define PIP_R 0.04
#define PIP_STEP 0.12
#define PIP_Y 0.89

int tp_arena_draw_pips(struct tp_scene *sc, const struct tp_arena_shape *sh, double s, double x,
		       double y, int player)
{
	if (player < 1)
		return 0;
	const int *cell = sh->cell[sh->n_cells - 1];
	double cx = x + (cell[1] + 0.5) * s, cy = y + (cell[0] + PIP_Y) * s;
	double x0 = cx - (player - 1) * PIP_STEP * s / 2;
	int rc = 0;
	for (int i = 0; i < player; i++)
		rc |= tp_scene_circle(sc, TP_INK_NUMBER, TP_FILL, 0, x0 + i * PIP_STEP * s, cy, PIP_R * s);
	return rc ? -1 : 0;
}
