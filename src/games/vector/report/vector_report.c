/* Reports on the vector tiles: the pattern (the set-up, square by square)
 * and the manifest (tiles per kind for a print run, the pieces and the
 * turned-tile facts).  Contracts in vector_core.h. */
#include "games/vector/model/vector_core.h"

#include "games/vector/model/vector_internal.h"

/* A vector tile's directions in the order of the directions key, each
 * wrapped in `quote` and separated by `sep`. */
static void put_dirs(struct tp_buf *b, const struct tp_vector_rules *r, unsigned set,
		     const char *sep, const char *quote)
{
	int first = 1;
	for (int i = 0; i < r->n_dirs; i++)
		if (set & (1u << r->dirs[i])) {
			tp_buf_printf(b, "%s%s%s%s", first ? "" : sep, quote,
				      tp_compass_names[r->dirs[i]], quote);
			first = 0;
		}
}

static const struct tp_vtile *at(const struct tp_vector_model *m, int row, int col)
{
	return &m->grid[(size_t)row * m->cols + col];
}

/* ---- pattern ----------------------------------------------------------------- */

/* Where each compass point's stroke sits in a 3 x 3 glyph, and its char. */
static const int glyph_r[TP_N_DIRS] = { 0, 0, 1, 2, 2, 2, 1, 0 };
static const int glyph_c[TP_N_DIRS] = { 1, 2, 2, 2, 1, 0, 0, 0 };
static const char glyph_ch[TP_N_DIRS] = { '|', '/', '-', '\\', '|', '/', '-', '\\' };

/* Line `line` (0..2) of the glyph of tile t, 3 chars plus NUL. */
static void glyph_line(const struct tp_vtile *t, int line, char out[4])
{
	out[0] = out[1] = out[2] = ' ';
	out[3] = '\0';
	if (t->kind == TP_VK_VECTOR) {
		if (line == 1)
			out[1] = 'o';
		for (int d = 0; d < TP_N_DIRS; d++)
			if ((t->dirs & (1u << d)) && glyph_r[d] == line)
				out[glyph_c[d]] = glyph_ch[d];
	} else if (line == 1 && t->kind == TP_VK_BLANK) {
		out[0] = '[';
		out[2] = ']';
	} else if (line == 1) {
		out[0] = t->kind == TP_VK_START ? 'S' : 'H';
		out[1] = (char)('0' + t->player % 10);
	}
}

static void pattern_text(struct tp_buf *b, const struct tp_vector_rules *r,
			 const struct tp_vector_model *m)
{
	tp_buf_printf(b, "%d x %d board, set-up of FIG. 2; every tile laid with its orientation "
			 "marker at the bottom (n is up)\n", m->rows, m->cols);
	tp_buf_printf(b, "vector: arrows from the centre o (| n and s, - e and w, / ne and sw, "
			 "\\ nw and se); Sp start, Hp home of player p; [ ] blank\n");
	tp_buf_printf(b, "players:");
	for (int p = 0; p < r->players; p++)
		tp_buf_printf(b, " %d %s%s", p + 1, tp_vector_symbol_names[r->symbol[p]],
			      p + 1 < r->players ? "," : "\n");
	tp_buf_printf(b, "\n    ");
	for (int c = 0; c < m->cols; c++)
		tp_buf_printf(b, "%4d", c + 1);
	tp_buf_printf(b, "\n");
	for (int row = 0; row < m->rows; row++) {
		for (int line = 0; line < 3; line++) {
			if (line == 1)
				tp_buf_printf(b, "%4d", row + 1);
			else
				tp_buf_printf(b, "    ");
			for (int c = 0; c < m->cols; c++) {
				char g[4];
				glyph_line(at(m, row, c), line, g);
				tp_buf_printf(b, " %s", g);
			}
			tp_buf_printf(b, "\n");
		}
		if (row + 1 < m->rows)
			tp_buf_printf(b, "\n");
	}
}

void tp_vector_pattern_format(struct tp_buf *b, const struct tp_vector_rules *r,
			      const struct tp_vector_model *m, int fmt)
{
	if (fmt == TP_FMT_TEXT) {
		pattern_text(b, r, m);
		return;
	}
	if (fmt == TP_FMT_CSV)
		tp_buf_printf(b, "row,col,kind,player,directions\n");
	else
		tp_buf_printf(b, "{\n  \"system\": \"vector\",\n  \"rows\": %d,\n  \"cols\": %d,\n  \"tiles\": [\n",
			      m->rows, m->cols);
	for (int row = 0; row < m->rows; row++)
		for (int c = 0; c < m->cols; c++) {
			const struct tp_vtile *t = at(m, row, c);
			int last = row + 1 == m->rows && c + 1 == m->cols;
			if (fmt == TP_FMT_CSV) {
				tp_buf_printf(b, "%d,%d,%s,", row + 1, c + 1, tp_vkind_names[t->kind]);
				if (t->player)
					tp_buf_printf(b, "%d", t->player);
				tp_buf_printf(b, ",");
				put_dirs(b, r, t->dirs, " ", "");
				tp_buf_printf(b, "\n");
				continue;
			}
			tp_buf_printf(b, "    {\"row\": %d, \"col\": %d, \"kind\": \"%s\", \"player\": ",
				      row + 1, c + 1, tp_vkind_names[t->kind]);
			if (t->player)
				tp_buf_printf(b, "%d", t->player);
			else
				tp_buf_printf(b, "null");
			tp_buf_printf(b, ", \"directions\": [");
			put_dirs(b, r, t->dirs, ", ", "\"");
			tp_buf_printf(b, "]}%s\n", last ? "" : ",");
		}
	if (fmt != TP_FMT_CSV)
		tp_buf_printf(b, "  ]\n}\n");
}

/* ---- manifest ------------------------------------------------------------------ */

struct counts {
	long kind[TP_VK_COUNT + 1];   /* vector, blank, start, home, total */
	long pieces;
};

static void compute(const struct tp_vector_model *m, int players, const struct tp_run *run,
		    struct counts *n)
{
	n->kind[TP_VK_COUNT] = 0;
	for (int k = 0; k < TP_VK_COUNT; k++) {
		n->kind[k] = tp_run_count(run, m->count[k]);
		n->kind[TP_VK_COUNT] += n->kind[k];
	}
	n->pieces = tp_run_count(run, players);
}

static const char *kind_name(int k)
{
	return k < TP_VK_COUNT ? tp_vkind_names[k] : "total";
}

static void turned_note(struct tp_buf *b, const struct tp_vector_model *m)
{
	tp_buf_printf(b, "the orientation marker keeps all %ld direction sets distinct: every tile is laid "
			 "with its marker at the bottom; if tiles could be turned, the %ld vector tiles would "
			 "show only %ld different sets under turns of 90 degrees and %ld under turns of 45 degrees",
		      m->n_sets, m->count[TP_VK_VECTOR], m->classes_turn90, m->classes_turn45);
}

static void manifest_text(struct tp_buf *b, const struct tp_vector_rules *r,
			  const struct tp_vector_model *m, const struct tp_run *run,
			  const struct counts *one, const struct counts *all)
{
	tp_buf_printf(b, "VECTOR TILES  %d x %d board, %ld tiles a game; %d of %d directions (",
		      m->rows, m->cols, one->kind[TP_VK_COUNT], r->per_tile, r->n_dirs);
	put_dirs(b, r, 0xffu, " ", "");
	tp_buf_printf(b, ") per tile, %ld different sets\n", m->n_sets);
	if (run->games != 1 || run->spares_pct > 0)
		tp_buf_printf(b, "print run: %d game%s, %g %% spares per tile kind (rounded up)\n",
			      run->games, run->games == 1 ? "" : "s", run->spares_pct);
	tp_buf_printf(b, "\n%-8s%10s%11s\n", "Kind", "Per game", "Print run");
	for (int k = 0; k <= TP_VK_COUNT; k++)
		tp_buf_printf(b, "%-8s%10ld%11ld\n", kind_name(k), one->kind[k], all->kind[k]);
	tp_buf_printf(b, "\npieces (transparent, one per player): %d a game (", r->players);
	for (int p = 0; p < r->players; p++)
		tp_buf_printf(b, "%s%s", p ? ", " : "", tp_vector_symbol_names[r->symbol[p]]);
	tp_buf_printf(b, "), %ld in the print run\n", all->pieces);
	tp_buf_printf(b, "turned tiles: ");
	turned_note(b, m);
	tp_buf_printf(b, "\n");
}

static void manifest_csv(struct tp_buf *b, const struct counts *one, const struct counts *all)
{
	tp_buf_printf(b, "kind,per_game,print_run\n");
	for (int k = 0; k <= TP_VK_COUNT; k++)
		tp_buf_printf(b, "%s,%ld,%ld\n", kind_name(k), one->kind[k], all->kind[k]);
}

static void json_counts(struct tp_buf *b, const char *name, const struct counts *n)
{
	tp_buf_printf(b, "  \"%s\": {", name);
	for (int k = 0; k <= TP_VK_COUNT; k++)
		tp_buf_printf(b, "\"%s\": %ld%s", kind_name(k), n->kind[k], k < TP_VK_COUNT ? ", " : "},\n");
}

static void manifest_json(struct tp_buf *b, const struct tp_vector_rules *r,
			  const struct tp_vector_model *m, const struct tp_run *run,
			  const struct counts *one, const struct counts *all)
{
	tp_buf_printf(b, "{\n  \"system\": \"vector\",\n  \"board\": {\"rows\": %d, \"cols\": %d},\n",
		      m->rows, m->cols);
	tp_buf_printf(b, "  \"directions\": [");
	put_dirs(b, r, 0xffu, ", ", "\"");
	tp_buf_printf(b, "],\n  \"per_tile\": %d,\n  \"blanks\": %d,\n  \"players\": %d,\n  \"symbols\": [",
		      r->per_tile, r->blanks, r->players);
	for (int p = 0; p < r->players; p++)
		tp_buf_printf(b, "%s\"%s\"", p ? ", " : "", tp_vector_symbol_names[r->symbol[p]]);
	tp_buf_printf(b, "],\n  \"games\": %d,\n  \"spares_pct\": %g,\n", run->games, run->spares_pct);
	tp_buf_printf(b, "  \"columns\": [\"vector\", \"blank\", \"start\", \"home\", \"total\"],\n");
	json_counts(b, "per_game", one);
	json_counts(b, "print_run", all);
	tp_buf_printf(b, "  \"pieces\": {\"per_game\": %d, \"print_run\": %ld},\n", r->players, all->pieces);
	tp_buf_printf(b, "  \"vector_tiles\": [");
	long seen = 0;
	for (int row = 0; row < m->rows; row++)
		for (int c = 0; c < m->cols; c++) {
			const struct tp_vtile *t = at(m, row, c);
			if (t->kind != TP_VK_VECTOR)
				continue;
			tp_buf_printf(b, "%s\n    {\"row\": %d, \"col\": %d, \"directions\": [",
				      seen++ ? "," : "", row + 1, c + 1);
			put_dirs(b, r, t->dirs, ", ", "\"");
			tp_buf_printf(b, "]}");
		}
	tp_buf_printf(b, "\n  ],\n  \"setup\": [");
	seen = 0;
	for (int row = 0; row < m->rows; row++)
		for (int c = 0; c < m->cols; c++) {
			const struct tp_vtile *t = at(m, row, c);
			if (t->kind == TP_VK_VECTOR)
				continue;
			tp_buf_printf(b, "%s\n    {\"row\": %d, \"col\": %d, \"kind\": \"%s\"",
				      seen++ ? "," : "", row + 1, c + 1, tp_vkind_names[t->kind]);
			if (t->player)
				tp_buf_printf(b, ", \"player\": %d", t->player);
			tp_buf_printf(b, "}");
		}
	tp_buf_printf(b, "%s],\n", seen ? "\n  " : "");
	tp_buf_printf(b, "  \"distinct_sets\": %ld,\n  \"turned_tiles\": {\"classes_turn90\": %ld, "
			 "\"classes_turn45\": %ld, \"note\": \"",
		      m->n_sets, m->classes_turn90, m->classes_turn45);
	turned_note(b, m);
	tp_buf_printf(b, "\"}\n}\n");
}

void tp_vector_manifest_format(struct tp_buf *b, const struct tp_vector_rules *r,
			       const struct tp_vector_model *m, const struct tp_run *run, int fmt)
{
	struct tp_run single = { 1, 0 };
	struct counts one, all;
	compute(m, r->players, &single, &one);
	compute(m, r->players, run, &all);
	if (fmt == TP_FMT_CSV)
		manifest_csv(b, &one, &all);
	else if (fmt == TP_FMT_JSON)
		manifest_json(b, r, m, run, &one, &all);
	else
		manifest_text(b, r, m, run, &one, &all);
}
