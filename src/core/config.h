#ifndef TP_CONFIG_H
#define TP_CONFIG_H

/* A config: one INI file plus --set overrides, read through the key engine
 * (keys.h) for the game it names, fully validated before anything is
 * written.  The core owns [game], [board] and [print]; each game owns its
 * own sections (and may add keys to [print]).  Every value remembers where
 * it came from, so checks made after reading still name the file and line. */

#include <stddef.h>

#include "keys.h"
#include "scene.h"
#include "status.h"

struct tp_game;

enum tp_split { TP_SPLIT_ROWS, TP_SPLIT_COLS, TP_SPLIT_NONE };

/* PDF's page limit: 14,400 pt. */
#define TP_PDF_MAX_MM 5080.0
/* Board sides, every game. */
#define TP_MAX_BOARD 1200

struct tp_board {
	int rows, cols;
};

/* Print settings shared by every game. */
struct tp_print {
	double tile_mm;     /* a tile or board square, trim */
	double bleed_mm;
	double dpi;
	int marks;
	int split;          /* enum tp_split: how big boards are halved */
	unsigned formats;   /* bit i: tp_backends[i] */
	double max_sheet_mm;       /* larger sheets are split into panels */
	double panel_overlap_mm;
	/* Punchboard imposition (impose.h): layout is enum tp_layout; the
	 * press sheet as given (name or WxH) and in mm; the spacing. */
	int layout;
	char sheet_name[32];
	double sheet_w_mm, sheet_h_mm;
	double gutter_mm, margin_mm, gripper_mm;
	char job[64];
	struct tp_palette inks;    /* the game's inks, then the shared ones */
	/* PDF/X-1a output intent: a registered printing condition, and a CMYK
	 * output profile to embed ("" = name the condition only). */
	char output_condition[64];
	char output_info[128];
	char output_registry[128];
	char output_profile[512];
	/* CMYK profile the proofs' sRGB comes through ("" = the system's
	 * default CMYK profile, see colour.h). */
	char proof_profile[512];
};

struct tp_config {
	char *path;                    /* the config file (owned) */
	const struct tp_game *game;
	char game_name[32];            /* [game] name */
	struct tp_board board;
	struct tp_print print;
	void *game_cfg;                /* the game's config: game->cfg_size bytes (owned) */
	/* The keys in force (core, game, one colour pair per ink), and where
	 * each was last set ("file:line", "--set ..."; NULL = default; owned). */
	struct tp_key *keys;
	size_t n_keys;
	char **where;
	int file_keys;                 /* keys the file gave: 0 = defaults only */
};

/* The keys a config of game g reads, in listing order: [game], [board],
 * [print] (with KEY_cmyk and KEY_rgb for each ink of g and the shared
 * inks), then the game's.  *keys is owned by the caller (free()).
 * TP_OK or TP_EIO (out of memory). */
int tp_config_keys(const struct tp_game *g, struct tp_key **keys, size_t *n, tp_err *e);

/* Reads path (over the defaults of the game it names; a file without
 * [game] is series), applies the n "SECTION.KEY=VALUE" strings in sets[]
 * and runs the game's checks.  games[] are the games a config may name.
 * On success *out is owned by the caller (tp_config_free).  TP_OK, or
 * TP_EINPUT with a one-line message naming file:line or the --set. */
int tp_config_load(struct tp_config **out, const char *path, const char *const *sets,
		   int n_sets, tp_err *e);
void tp_config_free(struct tp_config *c);

/* Where section.name was last set, or the config path when it kept its
 * default. */
const char *tp_config_where(const struct tp_config *c, const char *section, const char *name);
/* 1 when section.name was given in the file or by --set. */
int tp_config_given(const struct tp_config *c, const char *section, const char *name);

/* The shared technical inks' defaults, in palette order after the game's. */
void tp_config_shared_inks(struct tp_palette *p, const struct tp_ink *game_inks, size_t n_game);

#endif
