/* The game table: adding a game is a folder src/games/NAME/ and one row
 * here.  (A test passes a table of its own to the config loader and the
 * commands, game.h.) */

#include "games/game.h"

extern const struct tp_game tp_game_series;
extern const struct tp_game tp_game_vector;
extern const struct tp_game tp_game_arena;
extern const struct tp_game tp_game_series_table;
extern const struct tp_game tp_game_series_hex;

static const struct tp_game *const rows[] = {
	&tp_game_series,
	&tp_game_vector,
	&tp_game_arena,
	&tp_game_series_table,
	&tp_game_series_hex,
};

const struct tp_game_table tp_games = { rows, sizeof rows / sizeof rows[0] };
