#ifndef TP_CONFIG_H
#define TP_CONFIG_H

/* A config as data: one INI file plus --set overrides, read through the key
 * engine (core/keys.h) for the game it names and fully validated before
 * anything is written (the loader: app/config_load.h).  The core owns
 * [game], [board] and [print]; each game owns its own sections (and may
 * add keys to [print]).  Every value remembers where it came from, so
 * checks made after reading still name the file and line.  The struct
 * lives here, at the games' layer, because the games read it and it holds
 * print's palette; loading it needs the game table, so that is app's. */

#include <stddef.h>

#include "core/keys.h"
#include "core/status.h"
#include "print/art/art_pack.h"
#include "print/layout/impose.h"
#include "print/scene/scene.h"

struct tp_game;
struct tp_game_table;
struct tp_rules_src;

enum tp_split { TP_SPLIT_ROWS, TP_SPLIT_COLS, TP_SPLIT_NONE };

/* Board sides, every game. */
#define TP_MAX_BOARD 1200
#define TP_TILE_MM_MIN 5      /* print.tile_mm: 5 mm .. 1 m */
#define TP_TILE_MM_MAX 1000

struct tp_board {
	int rows, cols;
};

/* Print settings shared by every game. */
/* print.pdfx */
enum tp_pdfx { TP_PDFX_1A, TP_PDFX_4 };
/* Where die lines go: in the art files and the cut sheet (today's), only
 * in the art files (no cut sheet), or only in the cut sheet. */
enum tp_die_lines { TP_DIE_BOTH, TP_DIE_ART, TP_DIE_SEPARATE };
/* print.board: the board sheets as printed (flat, die-cut) or as the
 * factories make a board: a face sheet wrapped round greyboard and a back
 * liner (games/board_wrap.h).  print.fold: the wrapped board's greyboard
 * whole, or in two or four panels with hinges between. */
enum tp_board_make { TP_BOARD_FLAT, TP_BOARD_WRAP };
enum tp_fold { TP_FOLD_NONE, TP_FOLD_BI, TP_FOLD_QUAD };

struct tp_print {
	double tile_mm;     /* a tile or board square, trim */
	double bleed_mm;
	double dpi;
	double proof_dpi;   /* the contact sheet's PNG (at most dpi) */
	int marks;
	int split;          /* enum tp_split: how big boards are halved */
	unsigned formats;   /* bit i: tp_backends[i] */
	double max_sheet_mm;       /* larger sheets are split into panels */
	double panel_overlap_mm;
	/* Resource guards (app build estimate): a build that would write more
	 * files or draw more raster gigapixels is refused before it starts. */
	int max_files;
	double max_gpx;
	/* Guards counted from the config alone, before any layout: the
	 * board's squares (rows x cols), and megabytes of the set (so far the
	 * output profile embedded in each PDF; output_profile_bytes is its
	 * size, 0 without one). */
	int max_squares;
	double max_mb;
	double output_profile_bytes;
	/* Punchboard imposition (impose.h): layout is enum tp_layout; the
	 * press sheet as given (name or WxH) and in mm; the spacing. */
	int layout;
	char sheet_name[32];
	double sheet_w_mm, sheet_h_mm;
	double gutter_mm, margin_mm, gripper_mm;
	char job[64];
	char title[96];            /* the game's name on the booklet and box ("": the rules text's) */
	char file_name[64];        /* output file naming pattern (app/file_name.h) */
	char profile[256];         /* print.profile as given ("" = none) */
	/* The preflight's limits (preflight.h); 0 turns a rule off. */
	double safe_mm, max_tac_pct, min_die_gap_mm, min_component_mm;
	double min_line_mm;        /* thinnest stroke in a solid ink */
	double min_text_pt;        /* smallest text a PDF file may show (preflight FILE.pdf) */
	double emboss_min_mm, emboss_gap_mm;  /* emboss element, and gap */
	double image_ppi_min, image_ppi_warn;  /* a picture's least ppi: error, warning */
	/* Nicks in every closed die contour (print/layout/die.h); 0: none. */
	int nicks_per_side;
	double nick_mm, nick_corner_mm;
	int pdfx;                  /* enum tp_pdfx: the PDFs' PDF/X version */
	int die_lines;             /* enum tp_die_lines */
	/* print.layout = playtest (app/playtest.h): the paper (enum
	 * tp_paper), how the home printer prints the backs (enum tp_duplex),
	 * and how far every back is moved (mm, right and down on the back
	 * page as drawn), as read from the calibration sheet. */
	int paper, duplex;
	double duplex_offset[2];
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
	/* The rules booklet and the box (games/rules.h, games/box.h). */
	int rules, box;            /* sheets on (1) or off */
	char rules_lang[16];       /* templates/rules/GAME.LANG.ini */
	/* The box: greyboard, wrap turn-in, play round the contents, the
	 * thickness of die-cut board parts (tiles, pieces, boards). */
	double box_board_mm, box_wrap_mm, box_clearance_mm, part_mm;
	/* A wrapped board (games/board_wrap.h): enum tp_board_make and
	 * enum tp_fold; the turn-in on the back, the greyboard's thickness,
	 * the back liner's inset from the board's edge. */
	int board_make, fold;
	double wrap_mm, greyboard_mm, liner_inset_mm;
	char liner_ink[24];        /* the liner's colour: an ink's key ("" = plain) */
	/* print.art: the art pack's folder, or a name in templates/art/ ("" =
	 * none: every place drawn as tilepress draws it). */
	char art[512];
	/* print.font: the font file every label is drawn in ("" = DejaVu
	 * Sans; print/text/font.h). */
	char font[512];
};

struct tp_config {
	char *path;                    /* the config file (owned) */
	const struct tp_game *game;
	const struct tp_game_table *games;  /* the games it could have named */
	char game_name[32];            /* [game] name */
	struct tp_board board;
	struct tp_print print;
	double sim_max_work;           /* [sim] max_work: simulate's limit, games x squares */
	void *game_cfg;                /* the game's config: game->cfg_size bytes (owned) */
	/* The keys in force (core, game, one colour pair per ink), and where
	 * each was last set ("file:line", "--set ..."; NULL = default; owned). */
	struct tp_key *keys;
	size_t n_keys;
	char **where;
	int file_keys;                 /* keys the file gave: 0 = defaults only */
	/* The rules text of print.rules_lang, read by the loader (owned;
	 * NULL when print.rules and print.box are off). */
	struct tp_rules_src *rules_src;
	/* The art pack print.art names, read after the game's finish(); NULL
	 * when none (owned). */
	struct tp_art_pack *art;
	/* The factory profile wins over the config file: each [print] key
	 * the file sets to another value than the profile, one line each
	 * ("file:line: print.KEY = V: not used, ..."), or NULL (owned). */
	char *profile_wins;
};

/* Where section.name was last set, or the config path when it kept its
 * default. */
const char *tp_config_where(const struct tp_config *c, const char *section, const char *name);
/* 1 when section.name was given in the file or by --set. */
int tp_config_given(const struct tp_config *c, const char *section, const char *name);
/* 1 when section.name was given with --set (its place is the --set). */
int tp_config_from_set(const struct tp_config *c, const char *section, const char *name);
/* The config file beside which a relative path in section.name is read
 * first: c->path for a value of the file (or a default), NULL for one
 * given with --set, which is the current folder's, as for every file key
 * (docs/designer.md, "Pictures files"). */
const char *tp_config_path_base(const struct tp_config *c, const char *section, const char *name);

/* The press sheet settings of a config (print.sheet_mm and the spacing;
 * the games lay out die lines on it, app imposes on it). */
void tp_press_of(const struct tp_config *c, struct tp_press *pr);
/* The largest page trim (w x h, mm) a build lays out whole, as the
 * paneling computes it (app/impose_game.c): the press sheet's clear area
 * when one is in use (punchboard layout, or print.sheet_mm given), else
 * print.max_sheet_mm, less the bleed and the marks' margin all round.  A
 * larger page is paneled. */
void tp_press_room(const struct tp_config *c, double *w, double *h);

/* The index of section.name in c->keys, or -1. */
long tp_config_find_key(const struct tp_config *c, const char *section, const char *name);
/* The name of key k as a config writes it: colour keys carry none in the
 * table, theirs is the ink's key stem and _cmyk or _rgb. */
void tp_config_key_name(const struct tp_palette *pal, const struct tp_key *k, char *out, size_t n);

#endif
