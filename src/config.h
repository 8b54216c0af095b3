#ifndef TP_CONFIG_H
#define TP_CONFIG_H

/* The series-tiles config: config/series.ini plus --set overrides, fully
 * validated.  Every value remembers where it came from so that errors found
 * later (anchors, board size) still name the file and line. */

#include "scene.h"
#include "series.h"
#include "status.h"

enum tp_style { TP_STYLE_COLOUR, TP_STYLE_PATENT };
enum tp_split { TP_SPLIT_ROWS, TP_SPLIT_COLS };
enum tp_cell_mark { TP_MARK_FILL, TP_MARK_SYMBOL };

/* The blind edition ([0079], [0103], claims 10 and 20). */
struct tp_emboss {
	int plates;               /* write emboss-fronts, emboss-backs, board-recess */
	int symbol[TP_N_SERIES];  /* enum tp_symbol per series */
	double symbol_mm;         /* symbol in a front cell */
	double back_symbol_mm;    /* enlarged symbol on a tile back */
	double recess_clearance_mm;  /* board recess wider than the back symbol */
	double pocket_wall_mm;    /* rib left between tile pockets */
	double stroke_mm;         /* outline width on the plates */
	double min_symbol_mm;     /* tactile minimums: check warns below */
	double min_spacing_mm;
	char where[200];          /* where [emboss] was set, for messages */
};

struct tp_print {
	double tile_mm;
	double bleed_mm;
	double dpi;
	int marks;
	int style;          /* enum tp_style */
	int cell_mark;      /* enum tp_cell_mark */
	int split;          /* enum tp_split */
	unsigned formats;   /* bit i: tp_backends[i] */
	double max_sheet_mm;       /* larger sheets are split into panels */
	double panel_overlap_mm;
	char job[64];
	struct tp_ink inks[TP_INK_COUNT];
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
	char path[512];
	struct tp_rules rules;
	struct tp_template tpl;
	char indicia[256];
	int digits;   /* indicia = digits: numerals, FIGS. 3-5 (backs off only) */
	struct tp_print print;
	struct tp_emboss emboss;
	int level;    /* board-piece recursion level ([0086]), 1 = the game itself */
	/* Every installed template, for the templates proof; loaded by the
	 * build only when that sheet is wanted (owned by the build). */
	const struct tp_template *installed;
	size_t n_installed;
};

/* PDF's page limit: 14,400 pt. */
#define TP_PDF_MAX_MM 5080.0

/* Fills c with the built-in defaults (those of config/series.ini). */
void tp_config_defaults(struct tp_config *c);

/* Reads path over the defaults, applies the n "SECTION.KEY=VALUE" strings
 * in sets[], loads the template and checks everything that does not need
 * the derivation.  TP_OK, or TP_EINPUT with a one-line message. */
int tp_config_load(struct tp_config *c, const char *path,
		   const char *const *sets, int n_sets, tp_err *e);

/* Tactile warnings for `check` (not errors): writes up to max lines into
 * out, one per problem, and returns how many there are. */
int tp_config_warnings(const struct tp_config *c, char out[][200], int max);

/* Parses a length with an optional unit (mm, cm, in, pt; bare = mm).
 * Returns 0 and *mm, or -1 when it is not a length. */
int tp_parse_length(const char *s, double *mm);

#endif
