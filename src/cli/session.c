#include "session.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "build_record.h"
#include "datadir.h"
#include "impose.h"

/* The game a --set game.name=NAME picks, or series. */
static const struct tp_game *game_of_sets(const struct tp_cli *cli)
{
	const struct tp_game *g = tp_games[0];
	for (int i = 0; i < cli->n_sets; i++)
		if (strncmp(cli->sets[i], "game.name=", 10) == 0 && tp_game_find(cli->sets[i] + 10))
			g = tp_game_find(cli->sets[i] + 10);
	return g;
}

/* A bare edition name ("series-blind", "vector") names a shipped config:
 * config/NAME.ini in the data folders. */
static int find_config(const struct tp_cli *cli, char *path, size_t n, tp_err *e)
{
	if (cli->config == NULL) {
		const struct tp_game *g = game_of_sets(cli);
		if (tp_data_find(g->default_config, path, n) != 0)
			return tp_fail(e, TP_EINPUT, "%s: not found in %s; give one with -c FILE",
				       g->default_config, tp_data_dirs_text());
		return TP_OK;
	}
	if (strlen(cli->config) >= n)
		return tp_fail(e, TP_EINPUT, "-c %.60s...: the path is longer than %zu bytes",
			       cli->config, n - 1);
	snprintf(path, n, "%s", cli->config);
	/* A file of that name wins; a folder of that name (output/arena) does
	 * not hide the shipped edition. */
	struct stat st;
	if ((stat(path, &st) == 0 && !S_ISDIR(st.st_mode)) || strchr(cli->config, '/') != NULL)
		return TP_OK;
	char rel[PATH_MAX];
	const char *ext = strlen(cli->config) > 4 &&
				  strcmp(cli->config + strlen(cli->config) - 4, ".ini") == 0
			  ? "" : ".ini";
	snprintf(rel, sizeof rel, "config/%s%s", cli->config, ext);
	if (tp_data_find(rel, path, n) == 0)
		return TP_OK;
	return tp_fail(e, TP_EINPUT,
		       "-c %s: no such file here, and no shipped edition %s in %s; shipped: series, series-blind, series-tutorial, vector, arena (tilepress --list games)",
		       cli->config, rel, tp_data_dirs_text());
}

int tp_session_config(const struct tp_cli *cli, struct tp_config **out, tp_err *e)
{
	char path[PATH_MAX];
	*out = NULL;
	int rc = find_config(cli, path, sizeof path, e);
	return rc == TP_OK ? tp_config_load(out, path, cli->sets, cli->n_sets, e) : rc;
}

int tp_session_open(struct tp_session *s, const struct tp_cli *cli, tp_err *e)
{
	memset(s, 0, sizeof *s);
	int rc = tp_session_config(cli, &s->cfg, e);
	if (rc != TP_OK)
		return rc;
	s->game = s->cfg->game;
	if (s->cfg->file_keys == 0 && !cli->quiet)
		fprintf(stderr, "tilepress: warning: %s sets no keys: every value is game %s's built-in default\n",
			s->cfg->path, s->game->name);
	if (cli->level > 1) {
		if (s->game->level == NULL)
			rc = tp_fail(e, TP_EINPUT, "--level %d: game %s has no levels (only series: board pieces as tiles, [0086])",
				     cli->level, s->game->name);
		else
			rc = s->game->level(s->cfg, cli->level, e);
		/* The tiles grew: they must still fit the press sheet. */
		if (rc == TP_OK)
			rc = tp_impose_check(s->cfg, e);
	}
	if (rc == TP_OK)
		rc = s->game->derive(s->cfg, &s->model, e);
	if (rc != TP_OK)
		tp_session_close(s);
	return rc;
}

void tp_session_close(struct tp_session *s)
{
	if (s->model && s->game)
		s->game->free_model(s->model);
	tp_config_free(s->cfg);
	s->model = NULL;
	s->cfg = NULL;
}

void tp_session_out_dir(const struct tp_cli *cli, const struct tp_config *c, char *out, size_t n)
{
	if (cli->out_dir) {
		snprintf(out, n, "%s", cli->out_dir);
		return;
	}
	const char *base = strrchr(c->path, '/') ? strrchr(c->path, '/') + 1 : c->path;
	size_t len = strlen(base);
	if (len > 4 && strcmp(base + len - 4, ".ini") == 0)
		len -= 4;
	snprintf(out, n, "output/%.*s", (int)len, len ? base : "config");
}

/* The same file, whatever path named it. */
static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	return strcmp(a, b) == 0;
}

void tp_session_warn_edition(const char *dir, const struct tp_config *c, int quiet)
{
	char other[PATH_MAX];
	if (quiet || tp_record_config_file(dir, other, sizeof other) != 0 || same_file(other, c->path))
		return;
	fprintf(stderr, "tilepress: warning: %s holds the set of %s (its manifest/build.json); this build of %s replaces it (-o another folder keeps both)\n",
		dir, other, c->path);
}

void tp_session_warnings(const struct tp_session *s, int quiet)
{
	if (quiet || s->game->warnings == NULL)
		return;
	char warn[8][200];
	int n = s->game->warnings(s->cfg, warn, 8);
	for (int i = 0; i < n && i < 8; i++)
		fprintf(stderr, "tilepress: warning: %s: %s\n", s->cfg->path, warn[i]);
}

int tp_print_buf(const struct tp_buf *b, tp_err *e)
{
	if (b->oom)
		return tp_fail(e, TP_EIO, "out of memory formatting the report");
	if (b->len && fwrite(b->s, 1, b->len, stdout) != b->len)
		return tp_fail(e, TP_EIO, "standard output: write failed: %s", strerror(errno));
	return TP_OK;
}
