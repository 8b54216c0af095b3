/* Solid-colour tiles (patent 000, [0092]): with print.tile_body = solid
 * each tile is moulded in the colour of its back, so its sides show it
 * too, and only its front is printed.  The fronts then go to press in one
 * batch per back colour (the five columns of Table I), each its own sheet
 * of that batch's tiles, printed on that plastic; no backs are printed.
 *
 * A batch holds the tiles whose back is that colour, in the board's order
 * (row by row), each front as it lies on the board.  Its sheet is a gang
 * of rows x cols tiles with rows x cols = the batch's count exactly (rows
 * the largest divisor not above its square root), so that the gang
 * imposes on press sheets like the fronts and has no blank tile. */

#include "games/series/sheets/series_sheets.h"

#include <stdio.h>
#include <string.h>

#include "games/series/sheets/series_art.h"
#include "print/layout/die.h"
#include "print/layout/impose.h"
#include "print/layout/sheet.h"

/* Table I's column order: lateral, vertical, boxes, dots, unmarked. */
const int tp_series_batch_back[TP_SERIES_BATCHES] = {
	TP_LATERAL, TP_VERTICAL, TP_BOXES, TP_DOTS, TP_NONE,
};
const char *const tp_series_batch_sheet[TP_SERIES_BATCHES] = {
	"fronts-lateral", "fronts-vertical", "fronts-boxes", "fronts-dots", "fronts-unmarked",
};

static int batch_of(const char *sheet)
{
	for (int b = 0; b < TP_SERIES_BATCHES; b++)
		if (strcmp(sheet, tp_series_batch_sheet[b]) == 0)
			return b;
	return -1;
}

int tp_series_solid(const struct tp_config *c)
{
	return tp_series(c)->tile_body == TP_BODY_SOLID;
}

/* fronts and backs: none with solid tiles. */
int tp_series_printed_absent(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	if (!tp_series_solid(c))
		return 0;
	if (strcmp(sheet, "fronts") == 0)
		snprintf(why, n,
			 "print.tile_body = solid prints the fronts in one batch per back colour: fronts-lateral, fronts-vertical, fronts-boxes, fronts-dots, fronts-unmarked ([0092])");
	else
		snprintf(why, n,
			 "print.tile_body = solid moulds each tile in its back's colour, so no %s are printed ([0092])",
			 sheet);
	return 1;
}

int tp_series_batch_absent(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	if (!tp_series_solid(c)) {
		snprintf(why, n,
			 "%s is a batch of solid tiles' fronts; set print.tile_body = solid ([0092])", sheet);
		return 1;
	}
	/* The board image is the spanning patch magnified; every series
	 * shows on every front, so only the unmarked batch can be empty, and
	 * only when the patch is the one 9-tile (all nine cells of all four
	 * quadrants filled): a 6 x 6 board. */
	if (batch_of(sheet) == TP_SERIES_BATCHES - 1 && c->board.rows == 6 && c->board.cols == 6) {
		snprintf(why, n,
			 "on a 6 x 6 board every square is coloured (the board image is the 9-tile), so no tile has an unmarked back and there is no %s",
			 sheet);
		return 1;
	}
	return 0;
}

long tp_series_batch_count(const struct tp_pattern *p, int b)
{
	long n = 0;
	for (size_t i = 0; i < (size_t)p->rows * p->cols; i++)
		n += p->tiles[i].back == tp_series_batch_back[b];
	return n;
}

/* rows x cols = n, rows the largest divisor of n not above its root. */
static void batch_grid(long n, int *rows, int *cols)
{
	long r = 1;
	for (long d = 1; d * d <= n; d++)
		if (n % d == 0)
			r = d;
	*rows = (int)r;
	*cols = n > 0 ? (int)(n / r) : 0;
}

static int batch_tiles(const struct tp_config *c, const void *model, struct tp_tile_grid *g,
		       const char *sheet)
{
	int b = batch_of(sheet);
	g->rows = g->cols = 0;
	if (model != NULL && b >= 0)
		batch_grid(tp_series_batch_count(model, b), &g->rows, &g->cols);
	g->tile_w = g->tile_h = c->print.tile_mm;
	g->backs = NULL;
	return 0;
}

static int build_batch(const struct tp_config *c, const struct tp_pattern *p, struct tp_doc *doc,
		       int b)
{
	static const int layers[] = {
		TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS, TP_INK_TEXT,
		TP_INK_LINE, TP_INK_CUT,
	};
	double t = c->print.tile_mm;
	int rows, cols;
	long n = tp_series_batch_count(p, b);
	batch_grid(n, &rows, &cols);
	char note[160];
	snprintf(note, sizeof note, "solid tiles moulded in the %s back colour: %ld fronts",
		 tp_series_names[tp_series_batch_back[b]], n);
	struct tp_scene *sc = tp_series_new_sheet(c, tp_series_batch_sheet[b], cols * t, rows * t,
						  layers, 7);
	if (tp_doc_add(doc, sc, note) != 0)
		return -1;
	/* Under a region window only the tiles that can reach it. */
	long from = 0, to = n;
	if (doc->part) {
		const double *r = doc->part_r;
		long r0 = (long)(r[1] / t) - 1, r1 = (long)(r[3] / t) + 2;
		from = (r0 < 0 ? 0 : r0) * cols;
		to = r1 * cols < n ? r1 * cols : n;
		doc->parted = 1;
	}
	long k = 0;
	for (size_t i = 0; i < (size_t)p->rows * p->cols && k < to; i++) {
		const struct tp_tile *tl = &p->tiles[i];
		if (tl->back != tp_series_batch_back[b])
			continue;
		if (k >= from &&
		    tp_series_art_front(sc, c, tl->front, tl->corner, (double)(k % cols) * t,
					(double)(k / cols) * t, t) != 0)
			return -1;
		k++;
	}
	if (tp_die_grid(sc, 0, 0, rows, cols, t, t, TP_DIE_STROKE_MM) != 0)
		return -1;
	tp_sheet_bleed(sc);
	return 0;
}

#define BATCH(i, name)                                                                        \
	int tp_series_build_fronts_##name(const struct tp_config *c, const void *model,        \
					  struct tp_doc *doc)                                  \
	{                                                                                     \
		return build_batch(c, model, doc, i);                                         \
	}                                                                                     \
	int tp_series_tiles_fronts_##name(const struct tp_config *c, const void *model,        \
					  struct tp_tile_grid *g)                              \
	{                                                                                     \
		return batch_tiles(c, model, g, tp_series_batch_sheet[i]);                    \
	}
BATCH(0, lateral)
BATCH(1, vertical)
BATCH(2, boxes)
BATCH(3, dots)
BATCH(4, unmarked)

int tp_series_batch_cut(const struct tp_config *c, const struct tp_pattern *p, int b,
			struct tp_scene *sc)
{
	int rows, cols;
	batch_grid(tp_series_batch_count(p, b), &rows, &cols);
	double t = c->print.tile_mm;
	return tp_die_grid(sc, 0, 0, rows, cols, t, t, TP_DIE_STROKE_MM);
}

void tp_series_batch_size(const struct tp_config *c, const struct tp_pattern *p, int b,
			  double *w, double *h)
{
	int rows, cols;
	batch_grid(tp_series_batch_count(p, b), &rows, &cols);
	*w = cols * c->print.tile_mm;
	*h = rows * c->print.tile_mm;
}
