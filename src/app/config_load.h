#ifndef TP_CONFIG_LOAD_H
#define TP_CONFIG_LOAD_H

/* Loading a config (games/config.h) over a table of games: which game the
 * file names, every key through the key engine, then the core's and the
 * game's checks, all before anything is written. */

#include <stddef.h>

#include "core/keys.h"
#include "core/status.h"
#include "games/config.h"
#include "games/game.h"
#include "print/scene/scene.h"

/* The keys a config of game g reads, in listing order: [game], [board],
 * [print] (with KEY_cmyk and KEY_rgb for each ink of g and the shared
 * inks), then the game's.  *keys is owned by the caller (free()).
 * TP_OK or TP_EIO (out of memory). */
int tp_config_keys(const struct tp_game *g, struct tp_key **keys, size_t *n, tp_err *e);

/* Key i of c->keys as the build record and the preview page list it: its
 * full name (tp_config_key_name: SECTION.KEY, or SECTION.INK_rgb or
 * SECTION.INK_cmyk for an ink's colour row) into name, and its value as the config
 * holds it (tp_key_format) into v, emptied first; a full v shows in
 * v->oom. */
void tp_config_key_text(const struct tp_config *c, size_t i, char *name, size_t n, struct tp_buf *v);

/* Reads path (over the defaults of the game it names; a file without
 * [game] is series), applies the n "SECTION.KEY=VALUE" strings in sets[]
 * and runs the game's checks.  games are the games a config may name
 * (&tp_games, or a test's own table; kept in c->games).  On success *out
 * is owned by the caller (tp_config_free).  TP_OK, or TP_EINPUT with a
 * one-line message naming file:line or the --set. */
int tp_config_load(struct tp_config **out, const char *path, const char *const *sets,
		   int n_sets, const struct tp_game_table *games, tp_err *e);
void tp_config_free(struct tp_config *c);
/* print.tile_mm as the game's rules give it (its tile_size()), after its
 * finish() and after --level: the one write of that key past loading. */
void tp_config_sizes(struct tp_config *c);

/* The shared technical inks' defaults, in palette order after the game's. */
void tp_config_shared_inks(struct tp_palette *p, const struct tp_ink *game_inks, size_t n_game);

#endif
