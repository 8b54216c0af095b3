/* Reports of the shape arena game: the numbered board, the production run
 * and the pieces per player.  Text into a tp_buf; nothing else. */
#include "games/arena/model/arena_core.h"

#include <stdlib.h>

#include "games/arena/model/arena_gridops.h"
#include "games/arena/model/arena_hex.h"

static const char *arena_name(int inner)
{
	return inner ? "inner" : "outer";
}

/* The board's quarter (sector) totals, text or json. */
static void part_totals(struct tp_buf *b, const struct tp_arena_board *bd, int json,
			const char *indent)
{
	const struct tp_arena_gridops *g = tp_arena_gridops_for(bd->grid);
	for (int k = 0; k < 2; k++) {
		const long *t = k ? bd->inner_quarter_total : bd->quarter_total;
		if (json)
			tp_buf_printf(b, "%s\"%s%s_totals\": [", indent, k ? "inner_" : "", g->part);
		else
			tp_buf_printf(b, k ? "inner arena per %s:" : "%s totals:", g->part);
		for (int q = 1; q <= g->sectors; q++)
			tp_buf_printf(b, json ? "%s%ld" : "%s %ld", json && q > 1 ? ", " : "", t[q]);
		tp_buf_printf(b, json ? "],\n" : k ? "\n" : " (centre %ld, in none)\n", bd->quarter_total[0]);
	}
}

static void board_totals_text(struct tp_buf *b, const struct tp_arena_board *bd)
{
	part_totals(b, bd, 0, "");
	tp_buf_printf(b, "inner: %d numbers, total %ld, average %.2f (centre included)\n",
		      bd->n_inner_numbered, bd->inner_total,
		      bd->n_inner_numbered ? (double)bd->inner_total / bd->n_inner_numbered : 0.0);
	tp_buf_printf(b, "outer: %d numbers, total %ld, average %.2f\n", bd->n_outer_numbered,
		      bd->outer_total,
		      bd->n_outer_numbered ? (double)bd->outer_total / bd->n_outer_numbered : 0.0);
}

static void board_totals_json(struct tp_buf *b, const struct tp_arena_board *bd,
			      const char *indent)
{
	part_totals(b, bd, 1, indent);
	tp_buf_printf(b, "%s\"centre\": %ld,\n", indent, bd->quarter_total[0]);
	tp_buf_printf(b, "%s\"inner\": {\"numbers\": %d, \"total\": %ld, \"average\": %.4f},\n",
		      indent, bd->n_inner_numbered, bd->inner_total,
		      bd->n_inner_numbered ? (double)bd->inner_total / bd->n_inner_numbered : 0.0);
	tp_buf_printf(b, "%s\"outer\": {\"numbers\": %d, \"total\": %ld, \"average\": %.4f}\n",
		      indent, bd->n_outer_numbered, bd->outer_total,
		      bd->n_outer_numbered ? (double)bd->outer_total / bd->n_outer_numbered : 0.0);
}

/* Colour c's positions per quarter (inner only when inner). */
static int colour_in(const struct tp_arena_board *bd, int c, int q, int inner)
{
	int n = 0;
	for (int i = 0; i < bd->rows * bd->cols; i++)
		n += bd->sq[i].colour == c && bd->sq[i].quarter == q && (!inner || bd->sq[i].inner);
	return n;
}

/* Each colour's positions per quarter (sector) and per inner quarter
 * (sector): text lines, or json's "colour_counts" ("quarters" and
 * "inner_quarters"; "sectors" and "inner_sectors" on hex and tri). */
static void colour_counts_text(struct tp_buf *b, const struct tp_arena_rules *r,
			       const struct tp_arena_board *bd)
{
	const struct tp_arena_gridops *g = tp_arena_gridops_for(bd->grid);
	int S = g->sectors;
	const char *part = g->part;
	for (int c = 1; c <= r->colours; c++) {
		tp_buf_printf(b, "colour %d: %d positions; %ss", c, bd->colour_n[c], part);
		for (int k = 0; k < 2; k++) {
			if (k)
				tp_buf_printf(b, "; inner %ss", part);
			for (int q = 1; q <= S; q++)
				tp_buf_printf(b, " %d", colour_in(bd, c, q, k));
		}
		tp_buf_printf(b, "\n");
	}
}

static void colour_counts_json(struct tp_buf *b, const struct tp_arena_rules *r,
			       const struct tp_arena_board *bd, const char *indent)
{
	const struct tp_arena_gridops *g = tp_arena_gridops_for(bd->grid);
	int S = g->sectors;
	const char *part = g->part;
	tp_buf_printf(b, "%s\"colour_counts\": [\n", indent);
	for (int c = 1; c <= r->colours; c++) {
		tp_buf_printf(b, "%s  {\"colour\": %d, \"positions\": %d", indent, c, bd->colour_n[c]);
		for (int k = 0; k < 2; k++) {
			tp_buf_printf(b, ", \"%s%ss\": [", k ? "inner_" : "", part);
			for (int q = 1; q <= S; q++)
				tp_buf_printf(b, "%s%d", q > 1 ? ", " : "", colour_in(bd, c, q, k));
			tp_buf_printf(b, "]");
		}
		tp_buf_printf(b, "}%s\n", c < r->colours ? "," : "");
	}
	tp_buf_printf(b, "%s]\n", indent);
}

static void rules_line(struct tp_buf *b, const struct tp_arena_rules *r)
{
	int rect = tp_arena_gridops_for(r->grid)->rect;
	if (r->marking != TP_MARKING_NUMBERS && !rect) {
		tp_buf_printf(b, "shape arena %s, side %d, seed %llu, inner arena %s, marking %s, %d colours\n",
			      tp_arena_grid_name(r->grid), r->side, r->seed,
			      r->inner >= 0 && r->inner < TP_INNER_N ? tp_arena_inner_names[r->inner] : "?",
			      tp_arena_marking_names[r->marking], r->colours);
		return;
	}
	if (r->marking != TP_MARKING_NUMBERS) {
		tp_buf_printf(b, "shape arena %dx%d, seed %llu, inner arena %s, marking %s, %d colours\n",
			      tp_arena_rows(r), tp_arena_cols(r), r->seed,
			      r->inner >= 0 && r->inner < TP_INNER_N ? tp_arena_inner_names[r->inner] : "?",
			      tp_arena_marking_names[r->marking], r->colours);
		return;
	}
	if (!rect)
		tp_buf_printf(b, "shape arena %s, side %d, seed %llu, inner arena %s, inner %d..%d, outer %d..%d\n",
			      tp_arena_grid_name(r->grid), r->side, r->seed, r->inner >= 0 && r->inner < TP_INNER_N
			      ? tp_arena_inner_names[r->inner] : "?",
			      r->inner_min, r->inner_max, r->outer_min, r->outer_max);
	else
	tp_buf_printf(b, "shape arena %dx%d, seed %llu, inner arena %s, inner %d..%d, outer %d..%d\n",
		      tp_arena_rows(r), tp_arena_cols(r), r->seed, r->inner >= 0 && r->inner < TP_INNER_N
		      ? tp_arena_inner_names[r->inner] : "?",
		      r->inner_min, r->inner_max, r->outer_min, r->outer_max);
}

/* What a cell carries in a pattern: its colour on a colour board (0
 * plain), else its number (0 unnumbered); needs `colours` in scope. */
#define MARK(s) (colours ? (s)->colour : (s)->number)

/* The hex and tri pattern json's end: a colour board's marking and
 * colour counts, else the totals. */
static void poly_json_tail(struct tp_buf *b, const struct tp_arena_rules *r,
			   const struct tp_arena_board *bd, int fmt)
{
	if (fmt != TP_FMT_JSON)
		return;
	tp_buf_printf(b, "  ],\n");
	if (r->marking != TP_MARKING_NUMBERS) {
		tp_buf_printf(b, "  \"marking\": \"%s\",\n  \"n_colours\": %d,\n",
			      tp_arena_marking_names[r->marking], r->colours);
		colour_counts_json(b, r, bd, "  ");
	} else {
		board_totals_json(b, bd, "  ");
	}
	tp_buf_printf(b, "}\n");
}

/* One cell of a hex or tri pattern's csv (`a,b,mark,arena,sector`) or
 * json ([a, b, mark, "i"|"o", sector], a comma unless it is the last). */
static void poly_cell_line(struct tp_buf *b, int fmt, int a, int c, int mark,
			   const struct tp_arena_square *s, int last)
{
	if (fmt == TP_FMT_CSV)
		tp_buf_printf(b, "%d,%d,%d,%s,%d\n", a, c, mark, arena_name(s->inner), s->quarter);
	else
		tp_buf_printf(b, "    [%d, %d, %d, \"%c\", %d]%s\n", a, c, mark, s->inner ? 'i' : 'o',
			      s->quarter, last ? "" : ",");
}

/* One cell of a hex or tri pattern's text, w wide: its sector (k: 1-6 or
 * 1-3 inner, a-f or a-c outer, * centre), else its mark ("." none). */
static void poly_cell_text(struct tp_buf *b, const struct tp_arena_square *s, int k, int mark,
			   int w)
{
	if (k)
		tp_buf_printf(b, "%*c", w, s->quarter == 0 ? '*' : s->inner
				  ? (char)('0' + s->quarter) : (char)('a' + s->quarter - 1));
	else if (mark)
		tp_buf_printf(b, "%*d", w, mark);
	else
		tp_buf_printf(b, "%*s", w, ".");
}

/* The end of a pattern's text: a colour board's colour counts, else the
 * totals. */
static void pattern_text_tail(struct tp_buf *b, const struct tp_arena_rules *r,
			      const struct tp_arena_board *bd)
{
	tp_buf_printf(b, "\n");
	if (r->marking != TP_MARKING_NUMBERS)
		colour_counts_text(b, r, bd);
	else
		board_totals_text(b, bd);
}

/* A hex board's pattern: csv `q,r,number,arena,sector`, one line per
 * cell, rows r = -n..n, q rising along each; json the same cells as
 * [q, r, number, "i"|"o", sector]; text the cells staggered as laid out,
 * then the arenas and sectors (1-6 inner, a-f outer, * centre). */
void tp_arena_hex_pattern(struct tp_buf *b, const struct tp_arena_rules *r,
			  const struct tp_arena_board *bd, int fmt)
{
	int R = bd->rows, n = R / 2, colours = r->marking != TP_MARKING_NUMBERS;
	if (fmt == TP_FMT_CSV)
		tp_buf_printf(b, "q,r,%s,arena,sector\n", colours ? "colour" : "number");
	if (fmt == TP_FMT_JSON)
		tp_buf_printf(b, "{\n  \"system\": \"arena\",\n  \"grid\": \"hex\",\n  \"side\": %d,\n  \"seed\": %llu,\n  \"inner_shape\": \"%s\",\n  \"cells\": [\n",
			      n + 1, r->seed, r->inner >= 0 && r->inner < TP_INNER_N ? tp_arena_inner_names[r->inner] : "?");
	if (fmt == TP_FMT_CSV || fmt == TP_FMT_JSON) {
		long left = tp_arena_hex_cells(n);
		for (int i = 0; i < R * R; i++) {
			const struct tp_arena_square *s = &bd->sq[i];
			if (s->off)
				continue;
			int q = i % R - n, rr = i / R - n;
			poly_cell_line(b, fmt, q, rr, MARK(s), s, --left == 0);
		}
		poly_json_tail(b, r, bd, fmt);
		return;
	}
	rules_line(b, r);
	for (int k = 0; k < 2; k++) {
		tp_buf_printf(b, k ? "\narenas and sectors (1-6 inner, a-f outer, * centre):\n"
				   : "\nnumbers (. unnumbered; row r + 1 half a cell right of row r):\n");
		for (int row = 0; row < R; row++) {
			tp_buf_printf(b, "%*s", 2 * abs(row - n), "");
			for (int col = 0; col < R; col++) {
				const struct tp_arena_square *s = &bd->sq[row * R + col];
				if (s->off)
					continue;
				poly_cell_text(b, s, k, MARK(s), 4);
			}
			tp_buf_printf(b, "\n");
		}
	}
	pattern_text_tail(b, r, bd);
}

/* The board as json: arrays of rows of numbers (colours), arenas and
 * quarters, then the totals (colour counts). */
static void pattern_json(struct tp_buf *b, const struct tp_arena_rules *r,
			 const struct tp_arena_board *bd)
{
	int n = bd->cols, R = bd->rows, colours = r->marking != TP_MARKING_NUMBERS;
	tp_buf_printf(b, "{\n  \"system\": \"arena\",\n  \"side\": %d,\n  \"rows\": %d,\n  \"cols\": %d,\n  \"seed\": %llu,\n",
		      R == n ? n : 0, R, n, r->seed);
	tp_buf_printf(b, "  \"inner_shape\": \"%s\",\n",
		      r->inner >= 0 && r->inner < TP_INNER_N ? tp_arena_inner_names[r->inner] : "?");
	if (colours)
		tp_buf_printf(b, "  \"marking\": \"%s\",\n  \"n_colours\": %d,\n",
			      tp_arena_marking_names[r->marking], r->colours);
	const char *what[3] = { colours ? "colours" : "numbers", "arenas", "quarters" };
	for (int k = 0; k < 3; k++) {
		tp_buf_printf(b, "  \"%s\": [\n", what[k]);
		for (int row = 0; row < R; row++) {
			tp_buf_printf(b, "    %s", k == 1 ? "\"" : "[");
			for (int col = 0; col < n; col++) {
				const struct tp_arena_square *s = &bd->sq[row * n + col];
				if (k == 0)
					tp_buf_printf(b, "%s%d", col ? ", " : "",
						      colours ? s->colour : s->number);
				else if (k == 1)
					tp_buf_printf(b, "%c", s->inner ? 'i' : 'o');
				else
					tp_buf_printf(b, "%s%d", col ? ", " : "", s->quarter);
			}
			tp_buf_printf(b, "%s%s\n", k == 1 ? "\"" : "]", row + 1 < R ? "," : "");
		}
		tp_buf_printf(b, "  ],\n");
	}
	if (colours)
		colour_counts_json(b, r, bd, "  ");
	else
		board_totals_json(b, bd, "  ");
	tp_buf_printf(b, "}\n");
}

/* A triangular board's pattern: csv `row,col,number,arena,sector`, one
 * line per cell, rows 1..L from the apex, cols 1..2 row - 1 along each (the
 * cell pointing up when col is odd); json the cells as [row, col, number,
 * "i"|"o", sector]; text the rows centred as laid out. */
void tp_arena_tri_pattern(struct tp_buf *b, const struct tp_arena_rules *r,
			  const struct tp_arena_board *bd, int fmt)
{
	int L = bd->rows, C = bd->cols, colours = r->marking != TP_MARKING_NUMBERS;
	if (fmt == TP_FMT_CSV)
		tp_buf_printf(b, "row,col,%s,arena,sector\n", colours ? "colour" : "number");
	if (fmt == TP_FMT_JSON)
		tp_buf_printf(b, "{\n  \"system\": \"arena\",\n  \"grid\": \"tri\",\n  \"side\": %d,\n  \"seed\": %llu,\n  \"inner_shape\": \"%s\",\n  \"cells\": [\n",
			      L, r->seed, r->inner >= 0 && r->inner < TP_INNER_N ? tp_arena_inner_names[r->inner] : "?");
	if (fmt == TP_FMT_CSV || fmt == TP_FMT_JSON) {
		long left = (long)L * L;
		for (int i = 0; i < L * C; i++) {
			const struct tp_arena_square *s = &bd->sq[i];
			if (s->off)
				continue;
			poly_cell_line(b, fmt, i / C + 1, i % C + 1, MARK(s), s, --left == 0);
		}
		poly_json_tail(b, r, bd, fmt);
		return;
	}
	rules_line(b, r);
	for (int k = 0; k < 2; k++) {
		tp_buf_printf(b, k ? "\narenas and sectors (1-3 inner, a-c outer, * centre):\n"
				   : "\nnumbers (. unnumbered; cells alternate up and down along a row):\n");
		for (int row = 0; row < L; row++) {
			tp_buf_printf(b, "%*s", (k ? 2 : 3) * (L - 1 - row), "");
			for (int col = 0; col <= 2 * row; col++) {
				const struct tp_arena_square *s = &bd->sq[row * C + col];
				poly_cell_text(b, s, k, MARK(s), k ? 2 : 3);
			}
			tp_buf_printf(b, "\n");
		}
	}
	pattern_text_tail(b, r, bd);
}

/* The square board's pattern: csv `row,col,number,arena,quarter`, one
 * line per square; json the board (pattern_json); text the numbers (or
 * colours) and the arenas and quarters, row by row. */
void tp_arena_square_pattern(struct tp_buf *b, const struct tp_arena_rules *r,
			     const struct tp_arena_board *bd, int fmt)
{
	int n = bd->cols, R = bd->rows, colours = r->marking != TP_MARKING_NUMBERS;
	if (fmt == TP_FMT_CSV) {
		tp_buf_printf(b, "row,col,%s,arena,quarter\n", colours ? "colour" : "number");
		for (int row = 0; row < R; row++)
			for (int col = 0; col < n; col++) {
				const struct tp_arena_square *s = &bd->sq[row * n + col];
				tp_buf_printf(b, "%d,%d,%d,%s,%d\n", row + 1, col + 1,
					      colours ? s->colour : s->number, arena_name(s->inner), s->quarter);
			}
		return;
	}
	if (fmt == TP_FMT_JSON) {
		pattern_json(b, r, bd);
		return;
	}
	rules_line(b, r);
	tp_buf_printf(b, colours ? "\ncolours (1..%d; . plain):\n" : "\nnumbers (. unnumbered):\n",
		      r->colours);
	int w = 2;
	for (int i = 0; i < R * n; i++)
		w = bd->sq[i].number >= 100 ? 4 : bd->sq[i].number >= 10 && w < 3 ? 3 : w;
	for (int row = 0; row < R; row++) {
		for (int col = 0; col < n; col++) {
			const struct tp_arena_square *s = &bd->sq[row * n + col];
			if (s->number || s->colour)
				tp_buf_printf(b, "%*d", w, s->number + s->colour);
			else
				tp_buf_printf(b, "%*s", w, ".");
		}
		tp_buf_printf(b, "\n");
	}
	tp_buf_printf(b, "\narenas and quarters (1-4 inner, a-d outer, * centre):\n");
	for (int row = 0; row < R; row++) {
		for (int col = 0; col < n; col++) {
			const struct tp_arena_square *s = &bd->sq[row * n + col];
			char ch = s->quarter == 0 ? '*' : s->inner ? (char)('0' + s->quarter)
								   : (char)('a' + s->quarter - 1);
			tp_buf_printf(b, "%*c", w, ch);
		}
		tp_buf_printf(b, "\n");
	}
	pattern_text_tail(b, r, bd);
}

void tp_arena_pattern_format(struct tp_buf *b, const struct tp_arena_rules *r,
			     const struct tp_arena_board *bd, int fmt)
{
	/* The pattern's coordinates are the grid's own. */
	tp_arena_gridops_for(bd->grid)->pattern(b, r, bd, fmt);
}

/* ---- the production run --------------------------------------------------- */

/* The counters and charts of a colour board's run, as text. */
static void counters_text(struct tp_buf *b, const struct tp_arena_rules *r,
			  const struct tp_arena_shapes *sh, const struct tp_arena_board *bd,
			  const struct tp_run *run)
{
	tp_buf_printf(b, "\nCOUNTERS  one per coloured position; charts one per player, %d places of each colour\n",
		      tp_arena_collect(r, sh, bd));
	tp_buf_printf(b, "%-10s%10s%10s\n", "Colour", "Board", "Print");
	long t = 0;
	for (int c = 1; c <= r->colours; c++) {
		tp_buf_printf(b, "colour%-4d%10d%10ld\n", c, bd->colour_n[c],
			      tp_run_count(run, bd->colour_n[c]));
		t += tp_run_count(run, bd->colour_n[c]);
	}
	tp_buf_printf(b, "%-10s%10s%10ld\n%-10s%10d%10ld\n", "Total", "", t, "Charts", r->players,
		      tp_run_count(run, r->players));
}

/* The counters (one per coloured position of the board) and the charts
 * (one per player) of a colour board's run, as the json's last member. */
static void counters_json(struct tp_buf *b, const struct tp_arena_rules *r,
			  const struct tp_arena_shapes *sh, const struct tp_arena_board *bd,
			  const struct tp_run *run)
{
	tp_buf_printf(b, "  \"counters\": [\n");
	long t = 0;
	for (int c = 1; c <= r->colours; c++) {
		long n = tp_run_count(run, bd->colour_n[c]);
		t += n;
		tp_buf_printf(b, "    {\"colour\": %d, \"ink\": \"colour%d\", \"per_game\": %d, \"total\": %ld}%s\n",
			      c, c, bd->colour_n[c], n, c < r->colours ? "," : "");
	}
	tp_buf_printf(b, "  ],\n  \"counters_total\": %ld,\n", t);
	tp_buf_printf(b, "  \"charts\": {\"per_game\": %d, \"total\": %ld, \"places_per_colour\": %d}\n",
		      r->players, tp_run_count(run, r->players), tp_arena_collect(r, sh, bd));
}

/* The manifest json's "board" member (and a colour board's counters). */
static void board_json(struct tp_buf *b, const struct tp_arena_rules *r,
		       const struct tp_arena_shapes *sh, const struct tp_arena_board *bd,
		       const struct tp_run *run)
{
	const struct tp_arena_gridops *g = tp_arena_gridops_for(bd->grid);
	if (!g->rect)
		tp_buf_printf(b, "  \"board\": {\n    \"grid\": \"%s\",\n    \"side\": %d,\n    \"cells\": %ld,\n    \"seed\": %llu,\n",
			      tp_arena_grid_name(bd->grid), r->side, g->cell_count(bd->rows, bd->cols), r->seed);
	else
		tp_buf_printf(b, "  \"board\": {\n    \"side\": %d,\n    \"rows\": %d,\n    \"cols\": %d,\n    \"seed\": %llu,\n",
			      bd->rows == bd->cols ? bd->rows : 0, bd->rows, bd->cols, r->seed);
	if (r->marking == TP_MARKING_NUMBERS) {
		board_totals_json(b, bd, "    ");
		tp_buf_printf(b, "  }\n");
		return;
	}
	colour_counts_json(b, r, bd, "    ");
	tp_buf_printf(b, "  },\n");
	counters_json(b, r, sh, bd, run);
}

void tp_arena_manifest_format(struct tp_buf *b, const struct tp_arena_rules *r,
			      const struct tp_arena_shapes *sh,
			      const struct tp_arena_board *bd, const struct tp_run *run, int fmt)
{
	/* Two sets of each mark: two pieces of every shape and mark a game. */
	long cell[TP_ARENA_SHAPES][TP_MARK_N], row_total[TP_ARENA_SHAPES];
	long col_total[TP_MARK_N] = { 0 }, total = 0;
	for (int s = 0; s < TP_ARENA_SHAPES; s++) {
		row_total[s] = 0;
		for (int k = 0; k < TP_MARK_N; k++) {
			cell[s][k] = tp_run_count(run, TP_ARENA_SETS / TP_MARK_N);
			row_total[s] += cell[s][k];
			col_total[k] += cell[s][k];
		}
		total += row_total[s];
	}
	if (fmt == TP_FMT_CSV) {
		tp_buf_printf(b, "shape,squares,blank,marked_2,marked_3,total\n");
		for (int s = 0; s < TP_ARENA_SHAPES; s++)
			tp_buf_printf(b, "%s,%d,%ld,%ld,%ld,%ld\n", sh->s[s].name, sh->s[s].n_cells,
				      cell[s][0], cell[s][1], cell[s][2], row_total[s]);
		long squares = 0;
		for (int s = 0; s < TP_ARENA_SHAPES; s++)
			squares += (long)sh->s[s].n_cells * row_total[s];
		tp_buf_printf(b, "total,%ld,%ld,%ld,%ld,%ld\n", squares, col_total[0], col_total[1],
			      col_total[2], total);
		return;
	}
	if (fmt == TP_FMT_JSON) {
		tp_buf_printf(b, "{\n  \"system\": \"arena\",\n  \"games\": %d,\n  \"spares_pct\": %g,\n",
			      run->games, run->spares_pct);
		tp_buf_printf(b, "  \"players\": %d,\n  \"sets_per_game\": %d,\n  \"pieces_per_game\": %d,\n",
			      r->players, TP_ARENA_SETS, TP_ARENA_PIECES);
		if (!tp_arena_gridops_for(sh->grid)->rect)
			tp_buf_printf(b, "  \"grid\": \"%s\",\n", tp_arena_grid_name(sh->grid));
		tp_buf_printf(b, "  \"shapes\": [\n");
		for (int s = 0; s < TP_ARENA_SHAPES; s++) {
			const struct tp_arena_shape *p = &sh->s[s];
			tp_buf_printf(b, "    {\"shape\": \"%s\", \"squares\": %d, \"cells\": [", p->name,
				      p->n_cells);
			for (int c = 0; c < p->n_cells; c++)
				tp_buf_printf(b, "%s[%d, %d]", c ? ", " : "", p->cell[c][0], p->cell[c][1]);
			tp_buf_printf(b, "], \"blank\": %ld, \"marked_2\": %ld, \"marked_3\": %ld, \"total\": %ld}%s\n",
				      cell[s][0], cell[s][1], cell[s][2], row_total[s],
				      s + 1 < TP_ARENA_SHAPES ? "," : "");
		}
		tp_buf_printf(b, "  ],\n  \"total\": {\"blank\": %ld, \"marked_2\": %ld, \"marked_3\": %ld, \"total\": %ld}%s\n",
			      col_total[0], col_total[1], col_total[2], total, bd ? "," : "");
		if (bd)
			board_json(b, r, sh, bd, run);
		tp_buf_printf(b, "}\n");
		return;
	}
	tp_buf_printf(b, "PIECES  six sets of six shapes: 2 blank, 2 marked \"2\", 2 marked \"3\"\n");
	if (run->games != 1 || run->spares_pct > 0)
		tp_buf_printf(b, "print run: %d game%s, %g %% spares per shape and mark (rounded up)\n",
			      run->games, run->games == 1 ? "" : "s", run->spares_pct);
	tp_buf_printf(b, "\n%-10s%8s%8s%8s%8s%8s\n", "Shape", "Squares", "Blank", "\"2\"", "\"3\"",
		      "Total");
	for (int s = 0; s < TP_ARENA_SHAPES; s++)
		tp_buf_printf(b, "%-10s%8d%8ld%8ld%8ld%8ld\n", sh->s[s].name, sh->s[s].n_cells,
			      cell[s][0], cell[s][1], cell[s][2], row_total[s]);
	tp_buf_printf(b, "%-10s%8s%8ld%8ld%8ld%8ld\n", "Total", "", col_total[0], col_total[1],
		      col_total[2], total);
	if (bd) {
		tp_buf_printf(b, "\n");
		rules_line(b, r);
		if (r->marking == TP_MARKING_NUMBERS) {
			board_totals_text(b, bd);
			return;
		}
		colour_counts_text(b, r, bd);
		counters_text(b, r, sh, bd, run);
	}
}

/* ---- per player ----------------------------------------------------------- */

int tp_arena_deal_format(struct tp_buf *b, const struct tp_arena_shapes *sh, int players,
			 int fmt, tp_err *e)
{
	struct tp_arena_deal *d = NULL;
	size_t n = 0;
	int rc = tp_arena_deal(sh, players, &d, &n, e);
	if (rc != TP_OK)
		return rc;
	int scored = tp_arena_marks_score(players);
	if (fmt == TP_FMT_CSV) {
		tp_buf_printf(b, "player,shape,squares,mark,count\n");
		for (size_t i = 0; i < n; i++)
			tp_buf_printf(b, "%d,%s,%d,%s,%d\n", d[i].player, sh->s[d[i].shape].name,
				      sh->s[d[i].shape].n_cells, tp_arena_mark_names[d[i].mark],
				      d[i].count);
	} else if (fmt == TP_FMT_JSON) {
		tp_buf_printf(b, "{\n  \"system\": \"arena\",\n  \"players\": %d,\n  \"pairs\": %s,\n  \"marks_score\": %s,\n  \"deal\": [\n",
			      players, players == 4 ? "true" : "false", scored ? "true" : "false");
		for (size_t i = 0; i < n; i++)
			tp_buf_printf(b, "    {\"player\": %d, \"shape\": \"%s\", \"squares\": %d, \"mark\": \"%s\", \"count\": %d}%s\n",
				      d[i].player, sh->s[d[i].shape].name, sh->s[d[i].shape].n_cells,
				      tp_arena_mark_names[d[i].mark], d[i].count, i + 1 < n ? "," : "");
		tp_buf_printf(b, "  ]\n}\n");
	} else {
		tp_buf_printf(b, "PIECES FOR %d PLAYERS%s\n", players,
			      players == 4 ? " (in pairs: 1 and 3 against 2 and 4, partners opposite)" : "");
		if (!scored)
			tp_buf_printf(b, "every piece scores as unmarked: no doubling or tripling\n");
		int p = 0, pieces = 0, squares = 0;
		for (size_t i = 0; i <= n; i++) {
			if (i == n || d[i].player != p) {
				if (p)
					tp_buf_printf(b, "  %d pieces, %d squares\n", pieces, squares);
				if (i == n)
					break;
				p = d[i].player;
				pieces = squares = 0;
				tp_buf_printf(b, "\nplayer %d:\n", p);
			}
			tp_buf_printf(b, "  %-10s %d square%s  %-6s x %d\n", sh->s[d[i].shape].name,
				      sh->s[d[i].shape].n_cells, sh->s[d[i].shape].n_cells == 1 ? " " : "s",
				      d[i].mark == TP_MARK_BLANK ? "blank" : d[i].mark == TP_MARK_2 ? "\"2\"" : "\"3\"",
				      d[i].count);
			pieces += d[i].count;
			squares += d[i].count * sh->s[d[i].shape].n_cells;
		}
	}
	free(d);
	return TP_OK;
}
