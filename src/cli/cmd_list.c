/* --list: the game table and its keys, sheets and inks, one per line, so
 * that scripts (the man page test, the bash completion) read the same
 * table as the config reader. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/config_load.h"
#include "app/session.h"
#include "app/factory.h"
#include "cli/cli.h"
#include "core/datadir.h"

static const char *const kinds[] = { "process", "spot", "registration" };

/* The game named by --game, else the game of the config -c (or --set
 * game.name) names, else series. */
static int pick_game(const char *name, const struct tp_cli *cli, const struct tp_game **g,
		     tp_err *e)
{
	if (name) {
		*g = tp_game_find(tp_cli_games(cli), name);
		if (*g == NULL)
			return tp_fail(e, TP_EINPUT, "--game %s: not a game; allowed: %s", name,
				       tp_game_names(tp_cli_games(cli)));
		return TP_OK;
	}
	/* Reading the config says its game; nothing need be derived. */
	struct tp_config *c = NULL;
	int rc = tp_cli_session_config(cli, &c, e);
	if (rc == TP_OK)
		*g = c->game;
	tp_config_free(c);
	return rc;
}

static void print_line(const char *s, void *ctx)
{
	(void)ctx;
	printf("%s\n", s);
}

/* The values a key takes, space-separated, when they are a short list
 * (choices, on/off); empty otherwise.  For the completion of
 * --set KEY=VALUE. */
static void key_values(const struct tp_key *k, char *out, size_t n)
{
	out[0] = '\0';
	if (k->type == TP_KEY_BOOL) {
		snprintf(out, n, "on off");
		return;
	}
	if (k->type != TP_KEY_ENUM || k->names == NULL)
		return;
	size_t len = 0;
	for (const struct tp_enum_name *v = k->names; v->name && len < n; v++) {
		int alias = 0;   /* a later name for an earlier value: accepted, not offered */
		for (const struct tp_enum_name *f = k->names; f < v; f++)
			alias |= f->value == v->value;
		if (!alias)
			len += (size_t)snprintf(out + len, n - len, "%s%s", len ? " " : "", v->name);
	}
}

/* --list art: the places of the game's art pack, with their boxes in the
 * config -c names (--game NAME alone: that game's shipped config). */
static int list_art(const char *game, const struct tp_cli *cli, tp_err *e)
{
	const char *sets[TP_MAX_SETS + 1];
	int n = 0;
	for (int i = 0; i < cli->n_sets && n < TP_MAX_SETS; i++)
		sets[n++] = cli->sets[i];
	char gs[64];
	if (game) {
		if (tp_game_find(tp_cli_games(cli), game) == NULL)
			return tp_fail(e, TP_EINPUT, "--game %s: not a game; allowed: %s", game,
				       tp_game_names(tp_cli_games(cli)));
		snprintf(gs, sizeof gs, "game.name=%s", game);
		sets[n++] = gs;
	}
	struct tp_session_spec sp = { .config = cli->config, .sets = sets, .n_sets = n,
				      .level = cli->level, .quiet = 1, .games = tp_cli_games(cli) };
	struct tp_config *c = NULL;
	int rc = tp_session_config(&sp, &c, e);
	if (rc != TP_OK)
		return rc;
	struct tp_art_place pl[TP_ART_MAX_PLACES];
	size_t np = c->game->art_places ? c->game->art_places(c, pl, TP_ART_MAX_PLACES) : 0;
	for (size_t i = 0; i < np; i++)
		printf("%s\t%s\t%.2f x %.2f\n", pl[i].name, pl[i].what, pl[i].w, pl[i].h);
	tp_config_free(c);
	return TP_OK;
}

int tp_cmd_list(const char *what, const char *game, const struct tp_cli *cli, tp_err *e)
{
	if (strcmp(what, "art") == 0)
		return list_art(game, cli, e);
	const struct tp_game *g = NULL;
	if (strcmp(what, "games") == 0) {
		for (size_t i = 0; i < tp_cli_games(cli)->n; i++)
			printf("%s\n", tp_cli_games(cli)->row[i]->name);
		return TP_OK;
	}
	if (strcmp(what, "editions") == 0) {
		/* The shipped configs -c NAME finds: config/NAME.ini. */
		if (tp_data_each("config", ".ini", print_line, NULL) != 0)
			return tp_fail(e, TP_EIO, "out of memory listing the editions");
		return TP_OK;
	}
	if (strcmp(what, "factories") == 0) {
		/* The factories pack NAME finds: config/factories/NAME.ini. */
		if (tp_factory_each(print_line, NULL) != 0)
			return tp_fail(e, TP_EIO, "out of memory listing the factories");
		return TP_OK;
	}
	int keys = strcmp(what, "keys") == 0, sheets = strcmp(what, "sheets") == 0,
	    inks = strcmp(what, "inks") == 0;
	if (!keys && !sheets && !inks)
		return tp_fail(e, TP_EINPUT, "--list %s: allowed: games, editions, keys, sheets, inks, art, factories", what);
	int rc = pick_game(game, cli, &g, e);
	if (rc != TP_OK)
		return rc;
	if (sheets) {
		printf("manifest\nproof\n");
		for (size_t i = 0; i < g->n_sheets; i++)
			printf("%s\n", g->sheets[i].name);
		return TP_OK;
	}
	struct tp_palette pal;
	tp_config_shared_inks(&pal, g->inks, g->n_inks);
	if (inks) {
		for (size_t i = 0; i < pal.n; i++)
			printf("%s\t%s\t%s\n", pal.ink[i].key, pal.ink[i].name, kinds[pal.ink[i].kind]);
		return TP_OK;
	}
	struct tp_key *k;
	size_t n;
	rc = tp_config_keys(g, &k, &n, e);
	if (rc != TP_OK)
		return rc;
	for (size_t i = 0; i < n; i++) {
		char values[300];
		key_values(&k[i], values, sizeof values);
		char name[64];
		tp_config_key_name(&pal, &k[i], name, sizeof name);
		if (k[i].name)
			printf("%s.%s\t%s\t%s\n", k[i].section, name, k[i].help ? k[i].help : "", values);
		else
			printf("%s.%s\t%s\t\n", k[i].section, name, k[i].help);
	}
	free(k);
	return TP_OK;
}
