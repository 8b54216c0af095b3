#include "app/session.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/build/build_estimate.h"
#include "app/build_record.h"
#include "app/config_load.h"
#include "app/impose_game.h"
#include "core/datadir.h"
#include "print/art/art_pack.h"

static const struct tp_game_table *games_of(const struct tp_session_spec *sp)
{
	return sp->games ? sp->games : &tp_games;
}

/* The game a --set game.name=NAME picks, or the table's first (series). */
static const struct tp_game *game_of_sets(const struct tp_session_spec *sp)
{
	const struct tp_game_table *t = games_of(sp);
	const struct tp_game *g = t->row[0];
	for (int i = 0; i < sp->n_sets; i++)
		if (strncmp(sp->sets[i], "game.name=", 10) == 0 && tp_game_find(t, sp->sets[i] + 10))
			g = tp_game_find(t, sp->sets[i] + 10);
	return g;
}

/* The shipped editions' names, comma separated, as far as they fit. */
struct edition_list {
	char text[512];
	size_t len;
};

static void add_edition(const char *stem, void *ctx)
{
	struct edition_list *l = ctx;
	size_t left = sizeof l->text - l->len;
	int w = snprintf(l->text + l->len, left, "%s%s", l->len ? ", " : "", stem);
	if (w > 0 && (size_t)w < left)
		l->len += (size_t)w;
	else
		l->text[l->len] = '\0';   /* one that does not fit is left out whole */
}

/* A bare edition name ("series-blind", "vector") names a shipped config:
 * config/NAME.ini in the data folders. */
static int find_config(const struct tp_session_spec *sp, char *path, size_t n, tp_err *e)
{
	if (sp->config == NULL) {
		const struct tp_game *g = game_of_sets(sp);
		if (tp_data_find(g->default_config, path, n) != 0)
			return tp_fail(e, TP_EINPUT, "%s: not found in %s; give one with -c FILE",
				       g->default_config, tp_data_dirs_text());
		return TP_OK;
	}
	if (strlen(sp->config) >= n)
		return tp_fail(e, TP_EINPUT, "-c %.60s...: the path is longer than %zu bytes",
			       sp->config, n - 1);
	snprintf(path, n, "%s", sp->config);
	/* A file of that name wins; a folder of that name (output/arena) does
	 * not hide the shipped edition. */
	struct stat st;
	if ((stat(path, &st) == 0 && !S_ISDIR(st.st_mode)) || strchr(sp->config, '/') != NULL)
		return TP_OK;
	char rel[PATH_MAX];
	const char *ext = strlen(sp->config) > 4 &&
				  strcmp(sp->config + strlen(sp->config) - 4, ".ini") == 0
			  ? "" : ".ini";
	snprintf(rel, sizeof rel, "config/%s%s", sp->config, ext);
	if (tp_data_find(rel, path, n) == 0)
		return TP_OK;
	/* Name the editions that are there (what --list editions prints), not
	 * a fixed list that goes stale when a config/NAME.ini is added. */
	struct edition_list l = { .text = "", .len = 0 };
	if (tp_data_each("config", ".ini", add_edition, &l) != 0)
		return tp_fail(e, TP_EIO, "out of memory listing the editions");
	if (l.len == 0)
		return tp_fail(e, TP_EINPUT,
			       "-c %s: no such file here, and no shipped edition %s in %s, which hold no config/NAME.ini (TILEPRESS_DATA names the data folder)",
			       sp->config, rel, tp_data_dirs_text());
	return tp_fail(e, TP_EINPUT,
		       "-c %s: no such file here, and no shipped edition %s in %s; shipped: %s (tilepress --list editions)",
		       sp->config, rel, tp_data_dirs_text(), l.text);
}

int tp_session_config(const struct tp_session_spec *sp, struct tp_config **out, tp_err *e)
{
	char path[PATH_MAX];
	*out = NULL;
	int rc = find_config(sp, path, sizeof path, e);
	return rc == TP_OK ? tp_config_load(out, path, sp->sets, sp->n_sets, games_of(sp), e) : rc;
}

int tp_session_open(struct tp_session *s, const struct tp_session_spec *sp, tp_err *e)
{
	memset(s, 0, sizeof *s);
	int rc = tp_session_config(sp, &s->cfg, e);
	if (rc != TP_OK)
		return rc;
	s->game = s->cfg->game;
	if (s->cfg->file_keys == 0 && !sp->quiet)
		fprintf(stderr, "tilepress: warning: %s sets no keys: every value is game %s's built-in default\n",
			s->cfg->path, s->game->name);
	if (sp->lays_out)
		rc = tp_estimate_squares(s->cfg, e);
	if (rc == TP_OK && sp->level > 1) {
		if (s->game->level == NULL)
			rc = tp_fail(e, TP_EINPUT, "--level %d: game %s has no levels (only series: board pieces as tiles, [0086])",
				     sp->level, s->game->name);
		else
			rc = s->game->level(s->cfg, sp->level, e);
		if (rc == TP_OK)
			tp_config_sizes(s->cfg);
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

void tp_session_out_dir(const char *dir, const struct tp_config *c, char *out, size_t n)
{
	if (dir) {
		snprintf(out, n, "%s", dir);
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

int tp_session_same_edition(const char *dir, const struct tp_config *c)
{
	char other[PATH_MAX];
	return tp_record_config_file(dir, other, sizeof other) == 0 && same_file(other, c->path);
}

void tp_session_warn_edition(const char *dir, const struct tp_config *c, int quiet)
{
	char other[PATH_MAX];
	if (quiet || tp_record_config_file(dir, other, sizeof other) != 0 || same_file(other, c->path))
		return;
	fprintf(stderr, "tilepress: warning: %s holds the set of %s (its manifest/build.json); this build of %s replaces it (-o another folder keeps both)\n",
		dir, other, c->path);
}

int tp_session_warning_texts(const struct tp_session *s, char (*out)[TP_WARNING_LEN], int max)
{
	if (s->game->warnings == NULL || max <= 0)
		return 0;
	char warn[8][200];
	int n = s->game->warnings(s->cfg, warn, 8);
	n = n < 8 ? n : 8;
	n = n < max ? n : max;
	for (int i = 0; i < n; i++) {
		/* "section.key = value: ...": blame the key where it was set. */
		char sec[32], key[64];
		const char *where = s->cfg->path;
		if (sscanf(warn[i], "%31[a-z0-9_].%63[a-z0-9_] =", sec, key) == 2 &&
		    tp_config_given(s->cfg, sec, key))
			where = tp_config_where(s->cfg, sec, key);
		snprintf(out[i], TP_WARNING_LEN, "%s: %s", where, warn[i]);
	}
	return n;
}

void tp_session_art(const struct tp_session *s, struct tp_buf *b)
{
	const struct tp_config *c = s->cfg;
	if (c->art == NULL)
		return;
	struct tp_art_place places[TP_ART_MAX_PLACES];
	size_t n = c->game->art_places ? c->game->art_places(c, places, TP_ART_MAX_PLACES) : 0;
	tp_art_pack_summary(c->art, &c->print.inks, n, b);
}

void tp_session_warnings(const struct tp_session *s, int quiet)
{
	if (quiet)
		return;
	/* The edition's [print] keys its factory profile overrode. */
	for (const char *p = s->cfg->profile_wins; p && *p;) {
		const char *nl = strchr(p, '\n');
		int len = nl ? (int)(nl - p) : (int)strlen(p);
		fprintf(stderr, "tilepress: note: %.*s\n", len, p);
		p += len + (nl != NULL);
	}
	char warn[8][TP_WARNING_LEN];
	int n = tp_session_warning_texts(s, warn, 8);
	for (int i = 0; i < n; i++)
		fprintf(stderr, "tilepress: warning: %s\n", warn[i]);
}

int tp_session_simulate(const struct tp_session *s, const struct tp_sim_opts *o, struct tp_buf *b,
			tp_err *e)
{
	if (s->game->simulate == NULL)
		return tp_fail(e, TP_EINPUT, "simulate: the %s game has no simulator; games with one: vector, arena",
			       s->game->name);
	/* The run's work, counted before it from the config alone: a game's
	 * moves scan the board, so games x board squares, the same on any
	 * machine (a limit in seconds would pass a run on one machine and
	 * refuse it on a slower one). */
	const struct tp_config *c = s->cfg;
	double squares = (double)c->board.rows * c->board.cols;
	double work = (double)o->games * squares;
	if (work > c->sim_max_work) {
		double fit = floor(c->sim_max_work / squares);
		return tp_fail(e, TP_EINPUT,
			       "%s: sim.max_work = %.0f: %d games on a %d x %d board are %.0f games x squares of work; allowed: --games %.0f or fewer on this board, a smaller board, or raise sim.max_work",
			       tp_config_where(c, "sim", "max_work"), c->sim_max_work, o->games,
			       c->board.rows, c->board.cols, work, fit);
	}
	return s->game->simulate(b, s->cfg, s->model, o, e);
}
