#ifndef TP_SESSION_H
#define TP_SESSION_H

/* A loaded config and its derived model: what every command starts from. */

#include "core/status.h"
#include "games/config.h"
#include "games/game.h"

/* What a command asks to load (the CLI fills it from its options). */
struct tp_session_spec {
	const char *config;             /* -c: a path or a shipped edition's name, or NULL */
	const char *const *sets;        /* --set SECTION.KEY=VALUE, in order */
	int n_sets;
	int level;                      /* --level, >= 1 */
	int quiet;                      /* no warnings on stderr */
	const struct tp_game_table *games;  /* NULL: the shipped games (tp_games) */
	/* The command lays the sheets out (check, build, watch, pack,
	 * preflight): a board past print.max_squares is refused before the
	 * model is derived (app/build/build_estimate.h). */
	int lays_out;
};

struct tp_session {
	struct tp_config *cfg;    /* owned */
	const struct tp_game *game;
	void *model;              /* owned: game->free_model */
};

/* Finds the config (sp->config: a path, or a shipped edition's bare name
 * such as series-blind; else the default config of the game a --set
 * game.name picks, else the table's first game), loads it with sp->sets,
 * applies --level and derives the model.  On failure everything is
 * freed. */
int tp_session_open(struct tp_session *s, const struct tp_session_spec *sp, tp_err *e);
/* Only the first step of that: finds and loads the config into *out
 * (owned: tp_config_free; NULL on failure). */
int tp_session_config(const struct tp_session_spec *sp, struct tp_config **out, tp_err *e);
void tp_session_close(struct tp_session *s);

/* The output folder: dir (-o) when not NULL, else output/NAME with NAME
 * the config file's name without .ini, so each edition has its own folder
 * (output/series, output/series-blind, output/series-tutorial,
 * output/vector, ...). */
void tp_session_out_dir(const char *dir, const struct tp_config *c, char *out, size_t n);

/* 1 when dir's build record names c's config file (by any path). */
int tp_session_same_edition(const char *dir, const struct tp_config *c);

/* Says (on stderr, unless quiet) when dir holds the set of another
 * config, by its build record: this build replaces that edition's set. */
void tp_session_warn_edition(const char *dir, const struct tp_config *c, int quiet);

/* The game's warnings (poor but playable: legibility, rules the
 * simulator finds weak), one stderr line each, unless quiet: `check`
 * and the build summary. */
/* The game's warnings on s's config (games/game.h: warnings), each as
 * "WHERE: TEXT": WHERE is where the key the warning names first
 * ("section.key = ...") was set (the config's file:line, or the --set
 * that gave it), else the config file.  Into out[0..max-1]; returns how
 * many. */
#define TP_WARNING_LEN 480
int tp_session_warning_texts(const struct tp_session *s, char (*out)[TP_WARNING_LEN], int max);
void tp_session_warnings(const struct tp_session *s, int quiet);
/* The config's art pack (print.art), checked whole when the config was
 * loaded: one line of what it gives this game, into b; nothing without
 * a pack. */
void tp_session_art(const struct tp_session *s, struct tp_buf *b);

/* Plays games of s's game by its rules (the game's own simulator) as o
 * asks, the report into b.  TP_OK; TP_EINPUT for a game without a
 * simulator (naming those with one); or the simulator's failure. */
int tp_session_simulate(const struct tp_session *s, const struct tp_sim_opts *o, struct tp_buf *b,
			tp_err *e);

#endif
