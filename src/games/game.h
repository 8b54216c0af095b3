#ifndef TP_GAME_H
#define TP_GAME_H

/* What a game system is to the rest of tilepress: one row of tp_games
 * (game_table.c) and one folder src/games/NAME/.  The row gives the game's
 * config keys, inks, defaults, checks, its pure derivation, its sheets and
 * its reports.  The scene, layout, backends, output files, workers and the
 * CLI only ever go through this row, so adding a game touches none of
 * them. */

#include <stddef.h>

#include "core/keys.h"
#include "core/report.h"
#include "core/status.h"
#include "core/strbuf.h"
#include "games/config.h"
#include "games/sim.h"
#include "print/layout/impose.h"
#include "print/layout/impose_parts.h"
#include "print/layout/sheet.h"

enum tp_sheet_flag {
	TP_SHEET_PLATE = 1,   /* vector art for the die or emboss maker: no PNG */
	/* Printed whole by its own maker (a box wrap on a large sheet): never
	 * paneled nor imposed on the game's press sheets, no nicks. */
	TP_SHEET_WHOLE = 2,
};

struct tp_facts;
struct tp_box_list;

struct tp_sheet_def {
	const char *name;     /* file name stem and --only name */
	const char *title;    /* for the slug and the PDF title */
	unsigned flags;       /* enum tp_sheet_flag */
	/* NULL when the sheet always exists; else returns 1 and why ("the
	 * tutorial edition (series.backs = off) has no backs") when this
	 * config has no such sheet: it is left out of a full build and
	 * refused by --only. */
	int (*absent)(const struct tp_config *c, const char *sheet, char *why, size_t n);
	/* NULL, or work that needs I/O before the sheet can be laid out (e.g.
	 * reading every installed template); runs before the first file is
	 * written, in the parent, and only when the sheet is wanted. */
	int (*prepare)(struct tp_config *c, tp_err *e);
	/* Lays the sheet out as pages: 0, or -1 when out of memory. */
	int (*build)(const struct tp_config *c, const void *model, struct tp_doc *doc);
	/* NULL, or the sheet is a gang of tiles (one page, rows x cols tiles
	 * edge to edge, tile (r, c) at (c * tile_w, r * tile_h)) that
	 * print.layout = punchboard imposes on press sheets (impose.h): fills
	 * g and returns 0 (-1: not imposable in this config, left as built).
	 * model may be NULL (the config stage): then only the tile size and
	 * the backs matter. */
	int (*tiles)(const struct tp_config *c, const void *model, struct tp_tile_grid *g);
	/* NULL, or the page named page of this sheet holds separate components
	 * (pieces laid out apart, impose_parts.h) that print.layout =
	 * punchboard moves whole onto press sheets: fills ps (ps->p allocated,
	 * freed by the caller) and returns 1; 0 when that page has none; -1
	 * when out of memory.  Needs no model: the layout follows from c. */
	int (*parts)(const struct tp_config *c, const char *page, struct tp_parts *ps);
	/* NULL, or the sheet whose die lines cut this sheet's pieces (this
	 * sheet has none of its own: a back, an emboss plate): page for page
	 * as the build lays them out (a panel on the panel at the same place
	 * of the sheet), mirrored about the vertical axis when cut_back is 1
	 * (work-and-turn: the back of a piece lies behind it).  The preflight
	 * measures this sheet's safe zone from those cuts, as on the sheet
	 * that carries them (app/build/preflight_run.c). */
	const char *cut_by;
	int cut_back;
};

/* One file under manifest/ of a build: format(b, c, model, arg) writes
 * it; arg is the file's own (a format, a player count). */
struct tp_report_file {
	const char *name;     /* "table1.csv" */
	void (*format)(struct tp_buf *b, const struct tp_config *c, const void *model, int arg);
	int arg;
};

/* What the pattern and manifest commands were asked for. */
struct tp_report_opts {
	int fmt;              /* enum tp_format */
	int fmt_given;
	struct tp_run run;
	int players;          /* --players N, 0 when not given */
};

/* A shared key a game does not read: it is neither listed nor accepted
 * for that game, and giving it says why. */
struct tp_unused_key {
	const char *key;             /* "print.split"; NULL ends the list */
	const char *why;             /* "the vector board is one sheet" */
};

struct tp_game {
	const char *name;            /* [game] name = NAME */
	const char *title;           /* one line, for --list games */
	const char *default_config;  /* e.g. "config/series.ini", found like templates */
	const struct tp_key *keys;   /* the game's own keys (its sections, and its [print] keys) */
	size_t n_keys;
	const struct tp_unused_key *unused;  /* NULL, or the shared keys it does not read */
	const struct tp_ink *inks;   /* the game's inks, numbered 0.. in this order */
	size_t n_inks;
	size_t cfg_size;             /* bytes of the game's config (c->game_cfg) */
	/* The side of the game's tile or board square in mm when no key sets
	 * print.tile_mm (0: the core's 20 mm). */
	double tile_mm;
	/* Fills the game's config and may change the core's board defaults.
	 * It writes no print.* key: the app owns them, and sets print.tile_mm
	 * from tile_mm above and tile_size() below. */
	void (*defaults)(struct tp_config *c);
	/* After every key is read: cross-checks, loading what the keys name.
	 * TP_EINPUT with file:line (tp_config_where) and the reason. */
	int (*finish)(struct tp_config *c, tp_err *e);
	/* Releases what finish() allocated in the game's config; NULL if none. */
	void (*release)(struct tp_config *c);
	/* --level N; NULL when the game has no levels. */
	int (*level)(struct tp_config *c, int level, tp_err *e);
	/* The tile side the game's rules give once every key is read (after
	 * finish) and the level chosen (after level): the app writes it into
	 * print.tile_mm, the one place that key changes after loading.  NULL:
	 * print.tile_mm as the config gives it. */
	double (*tile_size)(const struct tp_config *c);
	/* Pure: the game's model from the config. */
	int (*derive)(const struct tp_config *c, void **model, tp_err *e);
	void (*free_model)(void *model);
	const struct tp_sheet_def *sheets;
	size_t n_sheets;
	const struct tp_report_file *files;   /* the build's manifest/ files */
	size_t n_files;
	/* `pattern` and `manifest`: format into b; TP_EINPUT for options the
	 * game does not take (e.g. a format, --players). */
	int (*pattern)(struct tp_buf *b, const struct tp_config *c, const void *model,
		       const struct tp_report_opts *o, tp_err *e);
	int (*manifest)(struct tp_buf *b, const struct tp_config *c, const void *model,
			const struct tp_report_opts *o, tp_err *e);
	/* `check`: a summary of the config and the model. */
	void (*summary)(struct tp_buf *b, const struct tp_config *c, const void *model);
	/* `simulate`: plays o->games games by the seed's rules and reports
	 * them into b; NULL when the game has no simulator. */
	int (*simulate)(struct tp_buf *b, const struct tp_config *c, const void *model,
			const struct tp_sim_opts *o, tp_err *e);
	/* The places an art pack (print/art/art_pack.h) may fill in this
	 * config, with their boxes: up to max into out, returns how many; NULL
	 * when the game has none. */
	size_t (*art_places)(const struct tp_config *c, struct tp_art_place *out, size_t max);
	/* Every place name art_places may give in any config (NULL-ended);
	 * an art pack's sections for places not of this config are skipped. */
	const char *const *art_names;
	/* After the pack is read: what the game asks of the places together
	 * (a series' value pictures all nine or none); NULL when nothing.
	 * TP_EINPUT naming art.ini's line. */
	int (*art_check)(const struct tp_config *c, tp_err *e);
	/* Warnings for `check` (not errors): up to max lines, returns how many. */
	int (*warnings)(const struct tp_config *c, char out[][200], int max);
	/* The rules booklet (games/rules.h): the values its text's
	 * {placeholders} take, from c and the model; NULL: the shared ones
	 * only.  TP_OK or a failure. */
	int (*rules_facts)(struct tp_facts *f, const struct tp_config *c, const void *model,
			   tp_err *e);
	/* The sheet whose first page the booklet draws, scaled, as its
	 * set-up figure (NULL: none). */
	const char *rules_figure;
	/* The box (games/box.h): what goes in it, from c and the model. */
	int (*box_contents)(struct tp_box_list *l, const struct tp_config *c, const void *model);
	/* A folding board's hinge (games/board_wrap.h): the line of the
	 * "board" sheet, side mm long that way, nearest `at` mm across it
	 * (across = 1: a vertical hinge, x) or down it (0: y), into *edge, and
	 * how many cells it runs through into *crossed (0 on a square edge).
	 * On squares the nearest square edge; on hexagons and triangles, where
	 * a straight line may cross cells, the line within half a cell pitch
	 * of `at` that crosses the fewest.  0; or -1 and why when the board
	 * has one square that way.  NULL: the game's board does not fold. */
	int (*board_edge)(const struct tp_config *c, const void *model, int across, double at,
			  double side, double *edge, int *crossed, char *why, size_t n);
};

/* A table of games: the config loader and the commands take one, so a
 * test can run the program with a game of its own. */
struct tp_game_table {
	const struct tp_game *const *row;
	size_t n;
};

/* The games tilepress ships (game_table.c). */
extern const struct tp_game_table tp_games;

/* NULL when no game of t has that name. */
const struct tp_game *tp_game_find(const struct tp_game_table *t, const char *name);
/* "series, vector, arena": t's names for messages (static text, valid
 * until the next call). */
const char *tp_game_names(const struct tp_game_table *t);
const struct tp_sheet_def *tp_game_sheet(const struct tp_game *g, const char *name);
/* 1 (why filled) when config c makes no sheet d: the sheet's own rule, or
 * print.die_lines = art, which leaves out the die-only "cut" sheet. */
int tp_sheet_absent(const struct tp_config *c, const struct tp_sheet_def *d, char *why, size_t n);
/* The entry of g->unused for SECTION.NAME, or NULL. */
const struct tp_unused_key *tp_game_unused(const struct tp_game *g, const char *section,
					   const char *name);

#endif
