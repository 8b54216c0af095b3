/* The game table: adding a game is a folder src/games/NAME/ and one line
 * here. */

#include <string.h>

#include "game.h"

extern const struct tp_game tp_game_series;
extern const struct tp_game tp_game_vector;

__attribute__((weak)) const struct tp_game *const tp_games[] = {
	&tp_game_series,
	&tp_game_vector,
};
__attribute__((weak)) const size_t tp_n_games = sizeof tp_games / sizeof tp_games[0];

const struct tp_game *tp_game_find(const char *name)
{
	for (size_t i = 0; i < tp_n_games; i++)
		if (strcmp(tp_games[i]->name, name) == 0)
			return tp_games[i];
	return NULL;
}

const struct tp_sheet_def *tp_game_sheet(const struct tp_game *g, const char *name)
{
	for (size_t i = 0; i < g->n_sheets; i++)
		if (strcmp(g->sheets[i].name, name) == 0)
			return &g->sheets[i];
	return NULL;
}
