#include "games/series/report/series_report.h"

#include "games/series/sheets/series_art.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Table I's column order (patent 000, Table I): lateral, vertical, boxes,
 * dots, unmarked. */
/* The board's size: its squares and, in the blind edition, its edge bands
 * (tp_series_square_at). */
static double board_w(const struct tp_config *c, const struct tp_pattern *p)
{
	return tp_series_square_at(c, p->cols, p->cols, c->print.split == TP_SPLIT_COLS);
}

static double board_h(const struct tp_config *c, const struct tp_pattern *p)
{
	double top, bottom;   /* the ledges a pack's title or credit line adds */
	tp_series_ledges(c, &top, &bottom);
	return top + tp_series_square_at(c, p->rows, p->rows, c->print.split == TP_SPLIT_ROWS) + bottom;
}

static const int table_cols[5] = { TP_LATERAL, TP_VERTICAL, TP_BOXES, TP_DOTS, TP_NONE };
static const char *const table_keys[5] = { "lateral", "vertical", "boxes", "dots", "unmarked" };

/* What the blind edition's plates hold, for quoting the emboss work. */
struct emboss_counts {
	long front_symbols, back_symbols, pockets, recess_symbols;
};

static void emboss_counts(const struct tp_pattern *p, const struct tp_config *c,
			  struct emboss_counts *n)
{
	memset(n, 0, sizeof *n);
	for (int i = 0; i < p->rows * p->cols; i++) {
		unsigned char cells[6][6];
		tp_series_tile_cells(&tp_series(c)->rules, p->tiles[i].front, p->tiles[i].corner, cells);
		for (int a = 0; a < 36; a++)
			n->front_symbols += cells[a / 6][a % 6] != TP_NONE;
		n->back_symbols += p->tiles[i].back != TP_NONE;
		n->recess_symbols += p->board && p->board[i] != TP_NONE;
	}
	n->pockets = (long)p->rows * p->cols;
}

static const char digits_note[] =
	"digits have an orientation: a tile turned 180 degrees shows its numerals upside down "
	"([0060], [0078]); keeping every numeral upright would need each front twice, 18 front "
	"designs instead of 9";

struct table {
	long cell[10][5];  /* [front-1][col], row 9 = totals */
	long total[10];
	long loose, anchors;
};

/* [0092]: solid tiles are moulded in their back's colour: the plastic of
 * each batch is the ink of its series (the seed's colours, [0055]), and
 * the unmarked batch takes the board's clear square, white. */
static const char *const seed_colour[5] = { "red", "green", "yellow", "blue", "white" };

struct plastic {
	const char *ink;      /* the ink the back would print in, or "none" */
	double cmyk[4];       /* percent */
	unsigned rgb[3];      /* 0..255 */
};

static void plastic_of(const struct tp_config *c, int col, struct plastic *pl)
{
	int sr = table_cols[col];
	memset(pl, 0, sizeof *pl);
	pl->ink = "none";
	pl->rgb[0] = pl->rgb[1] = pl->rgb[2] = 255;
	if (sr == TP_NONE)
		return;
	const struct tp_ink *k = tp_palette_ink(&c->print.inks, tp_series_ink(sr));
	pl->ink = k->name;
	for (int i = 0; i < 4; i++)
		pl->cmyk[i] = k->cmyk[i] * 100;
	for (int i = 0; i < 3; i++)
		pl->rgb[i] = (unsigned)lround(fmin(1, fmax(0, k->rgb[i])) * 255);
}

static int solid(const struct tp_config *c)
{
	return tp_series(c)->tile_body == TP_BODY_SOLID;
}

static void text_batches(struct tp_buf *b, const struct tp_config *c, const struct table *t)
{
	tp_buf_printf(b, "\nsolid tiles ([0092]): each moulded in its back's colour; only the fronts are printed, one batch per colour, no backs\n");
	tp_buf_printf(b, "%-10s %-16s %6s  %-8s %-10s %-16s %s\n", "batch", "sheet", "tiles", "plastic",
		      "ink", "cmyk %", "srgb");
	for (int col = 0; col < 5; col++) {
		struct plastic pl;
		char cmyk[40];
		plastic_of(c, col, &pl);
		snprintf(cmyk, sizeof cmyk, "%g %g %g %g", pl.cmyk[0], pl.cmyk[1], pl.cmyk[2], pl.cmyk[3]);
		tp_buf_printf(b, "%-10s fronts-%-9s %6ld  %-8s %-10s %-16s #%02x%02x%02x\n", table_keys[col],
			      table_keys[col], t->cell[9][col], seed_colour[col], pl.ink, cmyk, pl.rgb[0],
			      pl.rgb[1], pl.rgb[2]);
	}
}

static void json_batches(struct tp_buf *b, const struct tp_config *c, const struct table *t)
{
	tp_buf_printf(b, "  \"tile_body\": \"solid\",\n  \"batches\": [");
	for (int col = 0; col < 5; col++) {
		struct plastic pl;
		plastic_of(c, col, &pl);
		tp_buf_printf(b, "%s\n    {\"back\": \"%s\", \"sheet\": \"fronts-%s\", \"tiles\": %ld, \"plastic\": {\"colour\": \"%s\", \"ink\": \"%s\", \"cmyk_pct\": [%g, %g, %g, %g], \"srgb\": \"#%02x%02x%02x\"}}",
			      col ? "," : "", table_keys[col], table_keys[col], t->cell[9][col],
			      seed_colour[col], pl.ink, pl.cmyk[0], pl.cmyk[1], pl.cmyk[2], pl.cmyk[3],
			      pl.rgb[0], pl.rgb[1], pl.rgb[2]);
	}
	tp_buf_printf(b, "\n  ],\n");
}

/* [0055], claim 2: each tile's four quadrants as pieces; the pieces of
 * series s showing element v are the tiles whose front gives s that
 * value. */
static void quadrant_counts(const struct tp_config *c, const struct table *t, long q[4][10])
{
	memset(q, 0, sizeof(long[4][10]));
	for (int s = 0; s < TP_N_SERIES; s++)
		for (int f = 0; f < 9; f++)
			q[s][tp_series_value(tp_series(c)->rules.pairing, s, f + 1)] += t->total[f];
}

static void text_quadrants(struct tp_buf *b, const struct tp_config *c, const struct table *t)
{
	long q[4][10];
	quadrant_counts(c, t, q);
	tp_buf_printf(b, "\nseparable quadrants ([0055], claim 2): %ld pieces, four a tile, %g mm square; pieces per element\n",
		      4 * t->total[9], c->print.tile_mm / 2);
	tp_buf_printf(b, "%-10s", "series");
	for (int v = 1; v <= 9; v++)
		tp_buf_printf(b, "%6d", v);
	tp_buf_printf(b, "%8s\n", "total");
	for (int s = 0; s < TP_N_SERIES; s++) {
		long sum = 0;
		tp_buf_printf(b, "%-10s", tp_series_names[table_cols[s]]);
		for (int v = 1; v <= 9; v++) {
			tp_buf_printf(b, "%6ld", q[table_cols[s]][v]);
			sum += q[table_cols[s]][v];
		}
		tp_buf_printf(b, "%8ld\n", sum);
	}
}

static void json_quadrants(struct tp_buf *b, const struct tp_config *c, const struct table *t)
{
	long q[4][10];
	quadrant_counts(c, t, q);
	tp_buf_printf(b, "  \"quadrants\": {\"pieces\": %ld, \"per_tile\": 4, \"piece_mm\": %g",
		      4 * t->total[9], c->print.tile_mm / 2);
	for (int s = 0; s < TP_N_SERIES; s++) {
		tp_buf_printf(b, ", \"%s\": [", tp_series_names[table_cols[s]]);
		for (int v = 1; v <= 9; v++)
			tp_buf_printf(b, "%s%ld", v > 1 ? ", " : "", q[table_cols[s]][v]);
		tp_buf_printf(b, "]");
	}
	tp_buf_printf(b, "},\n");
}

static void compute(const struct tp_pattern *p, const struct tp_run *run, struct table *t)
{
	for (int c = 0; c < 5; c++)
		t->cell[9][c] = 0;
	t->total[9] = 0;
	for (int f = 0; f < 9; f++) {
		t->total[f] = 0;
		for (int c = 0; c < 5; c++) {
			t->cell[f][c] = tp_run_count(run, p->count[f][table_cols[c]]);
			t->total[f] += t->cell[f][c];
			t->cell[9][c] += t->cell[f][c];
		}
		t->total[9] += t->total[f];
	}
	t->anchors = (long)p->n_anchor_tiles * run->games;
	t->loose = t->total[9] - t->anchors;
}

static void text_table(struct tp_buf *b, const struct tp_pattern *p,
		       const struct tp_config *c, const struct tp_run *run,
		       const struct table *t)
{
	int backs = tp_series(c)->rules.backs;
	tp_buf_printf(b, "TABLE I  %dx%d board, %d tiles a game; pairing %d, indicia %s\n",
		      p->rows, p->cols, p->rows * p->cols, tp_series(c)->rules.pairing, tp_series(c)->tpl.name);
	if (run->games != 1 || run->spares_pct > 0)
		tp_buf_printf(b, "print run: %d game%s, %g %% spares per tile kind (rounded up)\n",
			      run->games, run->games == 1 ? "" : "s", run->spares_pct);
	if (!backs)
		tp_buf_printf(b, "tutorial edition: no backs, fronts only\n");
	tp_buf_printf(b, "\n%-8s", "Front");
	if (backs)
		tp_buf_printf(b, "%9s%9s%9s%9s%11s", "Lateral", "Vertical", "Boxes", "Dots", "Unmarked");
	tp_buf_printf(b, "%9s\n", "Total");
	for (int f = 0; f <= 9; f++) {
		if (f == 9)
			tp_buf_printf(b, "%-8s", "Total");
		else
			tp_buf_printf(b, "%-8d", f + 1);
		if (backs)
			tp_buf_printf(b, "%9ld%9ld%9ld%9ld%11ld", t->cell[f][0], t->cell[f][1],
				      t->cell[f][2], t->cell[f][3], t->cell[f][4]);
		tp_buf_printf(b, "%9ld\n", t->total[f]);
	}
	tp_buf_printf(b, "\nloose tiles %ld, anchor tiles fixed to the board %ld\n",
		      t->loose, t->anchors);
	if (tp_series(c)->emboss.plates) {
		struct emboss_counts n;
		emboss_counts(p, c, &n);
		tp_buf_printf(b, "emboss (per game): %ld front symbols, %ld back symbols, %ld board pockets, %ld board symbol recesses\n",
			      n.front_symbols, n.back_symbols, n.pockets, n.recess_symbols);
		tp_buf_printf(b, "board pockets %g mm on a %g mm pitch, %g mm from the board's edges: board %g x %g mm\n",
			      tp_series_pocket(c), tp_series_pitch(c), tp_series(c)->emboss.board_margin_mm,
			      board_w(c, p), board_h(c, p));
	}
	if (tp_series(c)->digits)
		tp_buf_printf(b, "note: %s\n", digits_note);
	if (solid(c))
		text_batches(b, c, t);
	if (tp_series(c)->quadrants)
		text_quadrants(b, c, t);
}

static void csv_table(struct tp_buf *b, const struct tp_config *c, const struct table *t)
{
	int backs = tp_series(c)->rules.backs;
	tp_buf_printf(b, backs ? "front,lateral,vertical,boxes,dots,unmarked,total\n"
			       : "front,total\n");
	for (int f = 0; f <= 9; f++) {
		if (f == 9)
			tp_buf_printf(b, "total");
		else
			tp_buf_printf(b, "%d", f + 1);
		if (backs)
			for (int col = 0; col < 5; col++)
				tp_buf_printf(b, ",%ld", t->cell[f][col]);
		tp_buf_printf(b, ",%ld\n", t->total[f]);
	}
}

static void json_row(struct tp_buf *b, const struct table *t, int f, int backs)
{
	tp_buf_printf(b, "{");
	if (backs)
		for (int col = 0; col < 5; col++)
			tp_buf_printf(b, "\"%s\": %ld, ", table_keys[col], t->cell[f][col]);
	tp_buf_printf(b, "\"total\": %ld}", t->total[f]);
}

static void json_table(struct tp_buf *b, const struct tp_pattern *p,
		       const struct tp_config *c, const struct tp_run *run,
		       const struct table *t)
{
	int backs = tp_series(c)->rules.backs;
	struct tp_run one = { 1, 0 };
	struct table per_game;
	compute(p, &one, &per_game);
	tp_buf_printf(b, "{\n  \"system\": \"series\",\n  \"board\": {\"rows\": %d, \"cols\": %d},\n",
		      p->rows, p->cols);
	tp_buf_printf(b, "  \"level\": %d,\n  \"tile_mm\": %g,\n  \"board_mm\": { \"width_mm\": %g, \"height_mm\": %g },\n",
		      tp_series(c)->level, c->print.tile_mm, board_w(c, p), board_h(c, p));
	if (tp_series(c)->level > 1)
		tp_buf_printf(b, "  \"level_note\": \"level %d: the same pattern and counts as level 1; each tile is a level %d board piece, %g mm square\",\n",
			      tp_series(c)->level, tp_series(c)->level - 1, c->print.tile_mm);
	tp_buf_printf(b, "  \"pairing\": %d,\n  \"indicia\": \"%s\",\n  \"backs\": %s,\n",
		      tp_series(c)->rules.pairing, tp_series(c)->digits ? "digits" : tp_series(c)->tpl.name, backs ? "true" : "false");
	tp_buf_printf(b, "  \"games\": %d,\n  \"spares_pct\": %g,\n", run->games, run->spares_pct);
	tp_buf_printf(b, "  \"columns\": [\"front\"%s, \"total\"],\n",
		      backs ? ", \"lateral\", \"vertical\", \"boxes\", \"dots\", \"unmarked\"" : "");
	for (int pass = 0; pass < 2; pass++) {
		const struct table *tt = pass ? &per_game : t;
		tp_buf_printf(b, "  \"%s\": {\n", pass ? "per_game" : "print_run");
		for (int f = 0; f < 9; f++) {
			tp_buf_printf(b, "    \"%d\": ", f + 1);
			json_row(b, tt, f, backs);
			tp_buf_printf(b, ",\n");
		}
		tp_buf_printf(b, "    \"total\": ");
		json_row(b, tt, 9, backs);
		tp_buf_printf(b, "\n  },\n");
		tp_buf_printf(b, "  \"%s\": {\"loose\": %ld, \"anchors\": %ld, \"all\": %ld},\n",
			      pass ? "tiles_per_game" : "tiles_print_run", tt->loose, tt->anchors,
			      tt->total[9]);
	}
	if (tp_series(c)->emboss.plates) {
		struct emboss_counts n;
		emboss_counts(p, c, &n);
		tp_buf_printf(b, "  \"emboss_per_game\": {\"front_symbols\": %ld, \"back_symbols\": %ld, \"pockets\": %ld, \"recess_symbols\": %ld},\n",
			      n.front_symbols, n.back_symbols, n.pockets, n.recess_symbols);
		tp_buf_printf(b, "  \"pocket_mm\": %g,\n  \"pitch_mm\": %g,\n", tp_series_pocket(c),
			      tp_series_pitch(c));
	}
	if (tp_series(c)->digits)
		tp_buf_printf(b, "  \"indicia_note\": \"%s\",\n", digits_note);
	if (solid(c))
		json_batches(b, c, t);
	if (tp_series(c)->quadrants)
		json_quadrants(b, c, t);
	tp_buf_printf(b, "  \"distinct_fronts\": 9,\n  \"distinct_tiles\": %d\n}\n",
		      backs ? 45 : 9);
}

void tp_series_manifest_format(struct tp_buf *b, const struct tp_pattern *p,
			const struct tp_config *c, const struct tp_run *run, int fmt)
{
	struct table t;
	compute(p, run, &t);
	if (fmt == TP_FMT_CSV)
		csv_table(b, c, &t);
	else if (fmt == TP_FMT_JSON)
		json_table(b, p, c, run, &t);
	else
		text_table(b, p, c, run, &t);
}

static char back_letter(int s)
{
	return "LBVD."[s];
}

void tp_series_pattern_format(struct tp_buf *b, const struct tp_pattern *p, int fmt)
{
	if (fmt == TP_FMT_CSV) {
		tp_buf_printf(b, "row,col,front,lateral,back,anchor\n");
		for (int r = 0; r < p->rows; r++)
			for (int c = 0; c < p->cols; c++) {
				const struct tp_tile *t = &p->tiles[(size_t)r * p->cols + c];
				tp_buf_printf(b, "%d,%d,%d,%s,%s,%d\n", r + 1, c + 1, t->front,
					      tp_corner_names[t->corner], tp_series_names[t->back],
					      t->anchor);
			}
		return;
	}
	tp_buf_printf(b, "%dx%d board; each square: front, lateral corner, back "
			 "(L lateral, B boxes, V vertical, D dots, . unmarked), * anchor\n\n",
		      p->rows, p->cols);
	tp_buf_printf(b, "    ");
	for (int c = 0; c < p->cols; c++)
		tp_buf_printf(b, "%6d", c + 1);
	tp_buf_printf(b, "\n");
	for (int r = 0; r < p->rows; r++) {
		tp_buf_printf(b, "%4d", r + 1);
		for (int c = 0; c < p->cols; c++) {
			const struct tp_tile *t = &p->tiles[(size_t)r * p->cols + c];
			tp_buf_printf(b, " %d%s%c%c", t->front, tp_corner_names[t->corner],
				      back_letter(t->back), t->anchor ? '*' : ' ');
		}
		tp_buf_printf(b, "\n");
	}
}
