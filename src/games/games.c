/* Looking games and their sheets up by name (the table: game_table.c). */

#include <stdio.h>
#include <string.h>

#include "games/game.h"

const struct tp_game *tp_game_find(const struct tp_game_table *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->row[i]->name, name) == 0)
			return t->row[i];
	return NULL;
}

const char *tp_game_names(const struct tp_game_table *t)
{
	static char list[256];
	size_t len = 0;
	for (size_t i = 0; i < t->n && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
					t->row[i]->name);
	return list;
}

const struct tp_sheet_def *tp_game_sheet(const struct tp_game *g, const char *name)
{
	for (size_t i = 0; i < g->n_sheets; i++)
		if (strcmp(g->sheets[i].name, name) == 0)
			return &g->sheets[i];
	return NULL;
}

int tp_sheet_absent(const struct tp_config *c, const struct tp_sheet_def *d, char *why, size_t n)
{
	if (c->print.die_lines == TP_DIE_ART && strcmp(d->name, "cut") == 0) {
		snprintf(why, n, "print.die_lines = art puts the die lines in the art files only, so there is no cut sheet");
		return 1;
	}
	return d->absent && d->absent(c, d->name, why, n);
}

const struct tp_unused_key *tp_game_unused(const struct tp_game *g, const char *section,
					   const char *name)
{
	size_t ls = strlen(section);
	for (const struct tp_unused_key *u = g->unused; u && u->key; u++)
		if (strncmp(u->key, section, ls) == 0 && u->key[ls] == '.' &&
		    strcmp(u->key + ls + 1, name) == 0)
			return u;
	return NULL;
}
