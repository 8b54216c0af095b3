/* Looking games and their sheets up by name (the table: game_table.c). */

#include <stdio.h>
#include <string.h>

#include "game.h"

const struct tp_game *tp_game_find(const char *name)
{
	for (size_t i = 0; i < tp_n_games; i++)
		if (strcmp(tp_games[i]->name, name) == 0)
			return tp_games[i];
	return NULL;
}

const char *tp_game_names(void)
{
	static char list[256];
	size_t len = 0;
	for (size_t i = 0; i < tp_n_games && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
					tp_games[i]->name);
	return list;
}

const struct tp_sheet_def *tp_game_sheet(const struct tp_game *g, const char *name)
{
	for (size_t i = 0; i < g->n_sheets; i++)
		if (strcmp(g->sheets[i].name, name) == 0)
			return &g->sheets[i];
	return NULL;
}
