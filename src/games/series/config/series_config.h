#ifndef TP_SERIES_CONFIG_H
#define TP_SERIES_CONFIG_H

/* The series tiles' part of a config: [series], [emboss], and the series'
 * own [print] keys (style, cell_mark). */

#include "games/rules.h"
#include "print/art/pictures.h"
#include "games/config.h"
#include "games/series/model/series_core.h"

/* The series' inks, numbered in this order (see tp_ink_index). */
enum tp_series_ink { TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS, TP_SERIES_N_INKS };

enum tp_style { TP_STYLE_COLOUR, TP_STYLE_PATENT };
enum tp_cell_mark { TP_MARK_FILL, TP_MARK_SYMBOL, TP_MARK_PICTURE };
/* [0092]: printed tiles (fronts and backs printed), or solid tiles moulded
 * in their back's colour with only the front printed. */
enum tp_tile_body { TP_BODY_PRINTED, TP_BODY_SOLID };

/* The blind edition ([0079], [0103], claims 10 and 20). */
struct tp_emboss {
	int plates;               /* write emboss-fronts, emboss-backs, board-recess */
	int symbol[TP_N_SERIES];  /* enum tp_symbol per series */
	double symbol_mm;         /* symbol in a front cell */
	double back_symbol_mm;    /* enlarged symbol on a tile back */
	double recess_clearance_mm;  /* recess wider than the back symbol, beyond
				      * the pocket's play */
	double pocket_play_mm;    /* pocket wider than the tile all round */
	double pocket_wall_mm;    /* rib left between tile pockets */
	double board_margin_mm;   /* board from each edge and the half split to
				   * the nearest pocket (default: the wall) */
	double stroke_mm;         /* outline width on the plates */
	double min_symbol_mm;     /* tactile minimums: check warns below */
	double min_spacing_mm;
};

struct tp_series_cfg {
	struct tp_rules rules;
	struct tp_template tpl;
	char indicia[256];
	int digits;      /* indicia = digits: numerals, FIGS. 3-5 (backs off only) */
	int cells_only;  /* fronts in cells whatever the art pack's value pictures
			  * (the templates proof shows the templates) */
	int style;       /* enum tp_style */
	int cell_mark;   /* enum tp_cell_mark */
	int tile_body;   /* enum tp_tile_body */
	/* [0055], [0060], claim 2: the quadrants as separate pieces, assembled
	 * during play (the quadrants sheets). */
	int quadrants;
	/* print.cell_mark = picture (FIG. 15B): series.pictures names the
	 * pictures file, loaded by finish ([lateral] .. [dots]). */
	char pictures_name[256];
	struct tp_pictures pictures;
	struct tp_emboss emboss;
	int level;       /* board-piece recursion level ([0086]), 1 = the game itself */
	double tile_read_mm;  /* print.tile_mm as read: the level-1 tile */
	/* Every installed template, for the templates proof; loaded only when
	 * that sheet is wanted (owned: freed by the game's release). */
	struct tp_template *installed;
	size_t n_installed;
};

/* The series part of a config. */
static inline const struct tp_series_cfg *tp_series(const struct tp_config *c)
{
	return c->game_cfg;
}

/* A board pocket of the blind edition: the tile plus the play all round,
 * so the tile seats. */
static inline double tp_series_pocket(const struct tp_config *c)
{
	return c->print.tile_mm + 2 * tp_series(c)->emboss.pocket_play_mm;
}

/* The recess around a back symbol grows by the pocket's play (the tile,
 * and its symbol, may sit that far off centre) plus its own clearance. */
static inline double tp_series_recess_by(const struct tp_config *c)
{
	const struct tp_emboss *em = &tp_series(c)->emboss;
	return em->pocket_play_mm + em->recess_clearance_mm;
}

/* The turns a tile takes on the board ([0082]: quarter turns). */
#define TP_SERIES_TURNS 4

/* The board's square pitch, mm: the tile size; in the blind edition
 * (emboss.plates = on) a pocket plus the rib between pockets, so the
 * board, its halves, its pieces and the board-recess plate all follow the
 * pockets while the tile sheets keep the tile size. */
static inline double tp_series_pitch(const struct tp_config *c)
{
	const struct tp_emboss *em = &tp_series(c)->emboss;
	return em->plates ? tp_series_pocket(c) + em->pocket_wall_mm : c->print.tile_mm;
}

/* The band of board the blind edition adds beyond the outer squares (and
 * on each side of the half split), so that the outermost pockets keep
 * emboss.board_margin_mm from the cut: the margin less the half rib each
 * square already has.  0 in the other editions. */
static inline double tp_series_edge(const struct tp_config *c)
{
	const struct tp_emboss *em = &tp_series(c)->emboss;
	return em->plates ? em->board_margin_mm - em->pocket_wall_mm / 2 : 0;
}

/* Where board square k (0 .. n - 1) of n along an axis begins, mm from the
 * board's edge; k = n: where the board ends.  `split`: the half split
 * crosses this axis (between squares n/2 - 1 and n/2), each half with its
 * own edge band. */
static inline double tp_series_square_at(const struct tp_config *c, int k, int n, int split)
{
	double e = tp_series_edge(c), t = tp_series_pitch(c);
	double x = e + k * t + (split && e > 0 && k >= n / 2 ? 2 * e : 0);
	return k == n ? x + e : x;
}

/* The row of the game table needs the counts as constants; each table
 * asserts its own. */
#define TP_SERIES_N_KEYS 25
#define TP_SERIES_N_SHEETS (21 + TP_RULES_N_SHEETS)
extern const struct tp_key tp_series_keys[TP_SERIES_N_KEYS];
extern const struct tp_ink tp_series_inks[TP_SERIES_N_INKS];

void tp_series_defaults(struct tp_config *c);
int tp_series_finish(struct tp_config *c, tp_err *e);

/* print.cell_mark = picture: refuses it in a blind edition (pictures have
 * an intrinsic orientation, [0079]) and loads series.pictures.  Part of
 * tp_series_finish. */
int tp_series_finish_pictures(struct tp_config *c, tp_err *e);
void tp_series_release(struct tp_config *c);
int tp_series_level(struct tp_config *c, int level, tp_err *e);
/* The tile side at the chosen level: print.tile_mm as read, 6 times per level. */
double tp_series_tile_size(const struct tp_config *c);

/* Tactile warnings for `check` (not errors): writes up to max lines into
 * out, one per problem, and returns how many there are. */
int tp_series_warnings(const struct tp_config *c, char out[][200], int max);

#endif
