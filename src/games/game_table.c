/* The game table: adding a game is a folder src/games/NAME/ and one row
 * here.  (Weak, so that a test can link the program with one more row; the
 * lookups live in games.c, another file, so the compiler cannot fold this
 * table into them.) */

#include "game.h"

extern const struct tp_game tp_game_series;
extern const struct tp_game tp_game_vector;
extern const struct tp_game tp_game_arena;

__attribute__((weak)) const struct tp_game *const tp_games[] = {
	&tp_game_series,
	&tp_game_vector,
	&tp_game_arena,
};
__attribute__((weak)) const size_t tp_n_games = sizeof tp_games / sizeof tp_games[0];
