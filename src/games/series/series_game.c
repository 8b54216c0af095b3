/* The series tiles (patent 000) as a row of the game table. */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/game.h"
#include "games/rules.h"
#include "games/series/config/series_config.h"
#include "games/series/report/series_report.h"
#include "games/series/sheets/series_art.h"
#include "games/series/sheets/series_sheets.h"

static int derive(const struct tp_config *c, void **model, tp_err *e)
{
	struct tp_pattern *p = NULL;
	int rc = tp_series_derive(&tp_series(c)->rules, &p, e);
	*model = p;
	return rc;
}

static void free_model(void *model)
{
	tp_series_free(model);
}

static int pattern(struct tp_buf *b, const struct tp_config *c, const void *model,
		   const struct tp_report_opts *o, tp_err *e)
{
	(void)c;
	if (o->fmt == TP_FMT_JSON)
		return tp_fail(e, TP_EINPUT, "--format json: pattern writes text or csv; see tilepress --help");
	tp_series_pattern_format(b, model, o->fmt);
	return TP_OK;
}

static int manifest(struct tp_buf *b, const struct tp_config *c, const void *model,
		    const struct tp_report_opts *o, tp_err *e)
{
	if (o->players)
		return tp_fail(e, TP_EINPUT,
			       "--players: the series tiles have no per-player share; every player draws from one pool");
	tp_series_manifest_format(b, model, c, &o->run, o->fmt);
	return TP_OK;
}

static void summary(struct tp_buf *b, const struct tp_config *c, const void *model)
{
	const struct tp_series_cfg *s = tp_series(c);
	const struct tp_pattern *p = model;
	tp_buf_printf(b, "config %s: ok\n", c->path);
	tp_buf_printf(b, "board %dx%d, %d tiles; pairing %d; cycle", p->rows, p->cols,
		      p->rows * p->cols, s->rules.pairing);
	for (int i = 0; i < 4; i++)
		tp_buf_printf(b, " %s", tp_series_names[s->rules.cycle[i]]);
	tp_buf_printf(b, "; indicia %s\n", s->digits ? "digits" : s->tpl.name);
	if (s->digits)
		tp_buf_printf(b, "digits: numerals in %s; they turn with the tile ([0060], [0078])\n",
			      s->style == TP_STYLE_PATENT
				      ? "black (style patent: monochrome, as FIGS. 3-5)"
				      : "their series' colours (style colour)");
	else if (s->style == TP_STYLE_PATENT)
		tp_buf_printf(b, "style patent: cells as the patent's hatching (lines, boxes, dots) in black\n");
	tp_buf_printf(b, "anchors: %d\n", s->rules.n_anchors);
	for (int i = 0; i < s->rules.n_anchors; i++) {
		const struct tp_anchor *a = &s->rules.anchors[i];
		tp_buf_printf(b, "  (%d,%d) front %d, lateral %s, class %s\n", a->row + 1,
			      a->col + 1, a->front, tp_corner_names[a->corner],
			      (a->row + a->col) % 2 ? "odd" : "even");
	}
	for (int par = 0; par < 2; par++)
		tp_buf_printf(b, "class %s (row+col %s): lateral corner %s; diagonal steps se %+d, sw %+d (mod 9)\n",
			      par ? "B" : "A", par ? "odd" : "even",
			      tp_corner_names[p->cls[par].corner], p->cls[par].step_se,
			      p->cls[par].step_sw);
	if (p->board) {
		int f, k, seen[10] = { 0 }, n_seen = 0;
		/* The board image is the patch magnified: it holds the nine
		 * fronts (FIG. 18) only when the patch is at least 3x3. */
		for (int i = 0; i < p->patch_rows; i++)
			for (int j = 0; j < p->patch_cols; j++) {
				tp_series_plane_at(p, p->patch_r0 + i, p->patch_c0 + j, &f, &k);
				n_seen += !seen[f];
				seen[f] = 1;
			}
		tp_series_plane_at(p, p->patch_r0 + p->centre_r, p->patch_c0 + p->centre_c, &f, &k);
		if (n_seen == 9) {
			tp_buf_printf(b, "spanning patch: found; board image = %dx%d tiles magnified x6, all nine fronts, centre tile (%d,%d) is front %d lateral %s\n",
				      p->patch_rows, p->patch_cols, p->centre_r + 1, p->centre_c + 1, f,
				      tp_corner_names[k]);
		} else {
			tp_buf_printf(b, "spanning patch: not on the board; board image = %dx%d tiles magnified x6 holds %d of the nine fronts (missing:",
				      p->patch_rows, p->patch_cols, n_seen);
			for (int v = 1; v <= 9; v++)
				if (!seen[v])
					tp_buf_printf(b, " %d", v);
			tp_buf_printf(b, "); a board of at least 18x18 squares shows the whole 3x3 patch (FIG. 18)\n");
		}
	} else {
		tp_buf_printf(b, "backs off (tutorial edition): no board image\n");
	}
	int per_front[9] = { 0 }, per_back[5] = { 0 };
	for (int f = 0; f < 9; f++)
		for (int k = 0; k < 5; k++) {
			per_front[f] += p->count[f][k];
			per_back[k] += p->count[f][k];
		}
	tp_buf_printf(b, "fronts 1..9:");
	for (int f = 0; f < 9; f++)
		tp_buf_printf(b, " %d", per_front[f]);
	tp_buf_printf(b, "\n");
	if (p->board)
		tp_buf_printf(b, "backs: lateral %d, vertical %d, boxes %d, dots %d, unmarked %d\n",
			      per_back[TP_LATERAL], per_back[TP_VERTICAL], per_back[TP_BOXES],
			      per_back[TP_DOTS], per_back[TP_NONE]);
	tp_buf_printf(b, "tiles: %d loose + %d anchors = %d\n",
		      p->rows * p->cols - p->n_anchor_tiles, p->n_anchor_tiles, p->rows * p->cols);
	if (s->emboss.plates) {
		char warn[8][200];
		int n = tp_series_warnings(c, warn, 8);
		tp_buf_printf(b, "tactile check: %s\n", n ? "warnings (see stderr)" : "ok");
	}
}

static const struct tp_run one_game = { 1, 0 };

/* Table I for one game, in format fmt. */
static void table1(struct tp_buf *b, const struct tp_config *c, const void *m, int fmt)
{
	tp_series_manifest_format(b, m, c, &one_game, fmt);
}

static void tiles(struct tp_buf *b, const struct tp_config *c, const void *m, int fmt)
{
	(void)c;
	tp_series_pattern_format(b, m, fmt);
}

static const struct tp_report_file files[] = {
	{ "table1.csv", table1, TP_FMT_CSV }, { "table1.json", table1, TP_FMT_JSON },
	{ "table1.txt", table1, TP_FMT_TEXT }, { "tiles.csv", tiles, TP_FMT_CSV },
};

/* The box: the loose tiles in their bag (the board is measured from its
 * sheet). */
static int box_contents(struct tp_box_list *l, const struct tp_config *c, const void *model)
{
	(void)model;
	const struct tp_rules *r = &tp_series(c)->rules;
	double t = c->print.tile_mm;
	tp_box_add(l, "tiles", t, t, r->rows * r->cols - r->n_anchors, c->print.part_mm, 1);
	return 0;
}

/* A folding board's hinge: the middle of the nearest gap between squares
 * (in the blind edition the rib between pockets, or the half split's
 * band), on the "board" sheet. */
static int board_edge(const struct tp_config *c, const void *model, int across, double at,
		      double side, double *edge, int *crossed, char *why, size_t n)
{
	(void)side;
	*crossed = 0;
	const struct tp_pattern *p = model;
	int N = across ? p->cols : p->rows;
	int split = c->print.split == (across ? TP_SPLIT_COLS : TP_SPLIT_ROWS);
	double t = tp_series_pitch(c), top, bottom;   /* the ledges a pack's title adds */
	tp_series_ledges(c, &top, &bottom);
	if (N < 2) {
		snprintf(why, n, "the board is one square that way: no square edge to hinge on");
		return -1;
	}
	for (int k = 1; k < N; k++) {
		double e = (tp_series_square_at(c, k - 1, N, split) + t + tp_series_square_at(c, k, N, split)) / 2 +
			   (across ? 0 : top);
		if (k == 1 || fabs(e - at) < fabs(*edge - at))
			*edge = e;
	}
	return 0;
}

/* The seed's hand: each player starts with nine tiles ([0051]). */
#define TP_SERIES_HAND 9

/* The booklet's numbers (templates/rules/series.LANG.ini). */
static int rules_facts(struct tp_facts *f, const struct tp_config *c, const void *model, tp_err *e)
{
	(void)model;
	(void)e;
	const struct tp_series_cfg *sc = tp_series(c);
	const struct tp_rules *r = &sc->rules;
	int tiles = r->rows * r->cols, loose = tiles - r->n_anchors;
	/* Every series runs 1..9, then again ([0051]). */
	tp_facts_set(f, "first", "%d", 1);
	tp_facts_set(f, "last", "%d", 9);
	tp_facts_set(f, "tiles", "%d", tiles);
	tp_facts_set(f, "loose", "%d", loose);
	tp_facts_set(f, "anchors", "%d", r->n_anchors);
	tp_facts_set(f, "hand", "%d", TP_SERIES_HAND);
	tp_facts_set(f, "max_players", "%d", loose / TP_SERIES_HAND);
	tp_facts_set(f, "players", "1 to %d", loose / TP_SERIES_HAND);
	tp_facts_set(f, "board_mm", "%g", r->cols * c->print.tile_mm);
	tp_facts_set(f, "board_h_mm", "%g", r->rows * c->print.tile_mm);
	tp_facts_set(f, "backs", "%d", r->backs);
	tp_facts_set(f, "halves", "%d", c->print.split != TP_SPLIT_NONE);
	tp_facts_set(f, "blind", "%d", sc->emboss.plates);
	return TP_OK;
}

const struct tp_game tp_game_series = {
	.name = "series",
	.title = "series tiles (patent 000): 324 tiles in four diagonal series, mirrored backs, blind edition",
	.default_config = "config/series.ini",
	.keys = tp_series_keys,
	.n_keys = TP_SERIES_N_KEYS,
	.inks = tp_series_inks,
	.n_inks = TP_SERIES_N_INKS,
	.cfg_size = sizeof(struct tp_series_cfg),
	.defaults = tp_series_defaults,
	.finish = tp_series_finish,
	.release = tp_series_release,
	.level = tp_series_level,
	.tile_size = tp_series_tile_size,
	.derive = derive,
	.free_model = free_model,
	.sheets = tp_series_sheets,
	.n_sheets = TP_SERIES_N_SHEETS,
	.files = files,
	.n_files = sizeof files / sizeof files[0],
	.pattern = pattern,
	.manifest = manifest,
	.summary = summary,
	.warnings = tp_series_warnings,
	.rules_facts = rules_facts,
	.rules_figure = "board",
	.box_contents = box_contents,
	.board_edge = board_edge,
	.art_places = tp_series_art_places,
	.art_names = tp_series_art_names,
	.art_check = tp_series_art_check,
};
