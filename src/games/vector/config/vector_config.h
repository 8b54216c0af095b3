#ifndef TP_VECTOR_CONFIG_H
#define TP_VECTOR_CONFIG_H

/* The vector tiles' part of a config (seed 001): the [vector] section, its
 * inks, defaults and cross-checks.  The board size is the shared [board]
 * keys; finish() copies it into the rules and runs the counts equation. */

#include "games/config.h"
#include "games/vector/model/vector_core.h"

/* The game's inks, numbered in this order (see tp_ink_index). */
enum tp_vector_ink {
	TP_VINK_FACE,      /* tile face (paper by default) */
	TP_VINK_VECTORS,   /* the arrows */
	TP_VINK_MARKER,    /* the orientation marker at the bottom edge */
	TP_VINK_PLAYER1,   /* start/home symbol of player 1; players 2..4 follow */
	TP_VINK_PLAYER2,
	TP_VINK_PLAYER3,
	TP_VINK_PLAYER4,
	TP_VINK_BACK,      /* the plain tile back */
	TP_VINK_EDITION,   /* the small edition mark on the backs */
	TP_VINK_BOARD,     /* the board's flat surface */
	TP_VINK_GRID,      /* scored grid lines and the ledge's inner outline */
	TP_VINK_LEDGE,     /* the ledge (frame) round the board */
	TP_VECTOR_N_INKS
};

struct tp_vector_cfg {
	struct tp_vector_rules rules;  /* rows/cols copied from [board] by finish() */
	int n_symbols;                 /* symbols listed; player p uses symbols[p-1] */
	int symbols[TP_VEC_MAX_PLAYERS];  /* enum tp_symbol */
	double symbol_pct;     /* start/home symbol, % of tile_mm */
	double piece_pct;      /* playing piece, % of tile_mm */
	double clearance_mm;   /* play between the tile area and the ledge, each side */
	double ledge_mm;       /* width of the ledge (frame) round the board */
	char edition[16];      /* mark on every back; "" = none */
};

static inline const struct tp_vector_cfg *tp_vector(const struct tp_config *c)
{
	return c->game_cfg;
}

/* The row of the game table needs the counts as constants. */
#define TP_VECTOR_N_KEYS 12
extern const struct tp_key tp_vector_keys[TP_VECTOR_N_KEYS];
extern const struct tp_ink tp_vector_inks[TP_VECTOR_N_INKS];

/* Tile sizes the vector art is drawn for (mm): the marker strip is an
 * eighth of the tile, the arrowheads a seventh. */
#define TP_VEC_TILE_MIN_MM 8.0
#define TP_VEC_TILE_MAX_MM 300.0

/* The seed's edition: 8 x 8 board, 25 mm tiles, all 8 directions, 3 a
 * tile, 4 blanks, circle and square. */
void tp_vector_defaults(struct tp_config *c);
/* Copies the board size into the rules and checks everything a build
 * could trip over: TP_EINPUT with "where: section.key = value: reason"
 * (tp_config_where), the counts equation with the numbers on both sides
 * and what would fit. */
int tp_vector_finish(struct tp_config *c, tp_err *e);

/* Rules that play poorly, for `check` and the build summary: a board on
 * which fewer than half of 40 random games (seed 1) have a winner, with
 * the smallest near-square board of the same tiles on which half do, else
 * the fewest vectors a tile above per_tile that fill the same board and
 * on which half do (vector_warnings.c).  Writes at most max lines;
 * returns how many. */
int tp_vector_warnings(const struct tp_config *c, char out[][200], int max);

#endif
