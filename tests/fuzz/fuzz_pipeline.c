/* libFuzzer target: the whole pipeline.  The input is a config file, then
 * after a NUL byte up to 8 NUL/newline-separated --set strings.  When the
 * config loads and its model derives, every sheet of its game is laid out,
 * paneled, marked and written to memory by every backend, so a crash
 * anywhere from parsing to drawing is found.  (Boards over 2,500 squares
 * are laid out but not rendered, boards over 20,000 squares only laid out,
 * and rasters are drawn at 10 dpi, to keep each input well under a second
 * under the sanitizers: the slowest committed input, a 198 x 318 board,
 * lays out 1.9 million shapes.  Paneling and marks cost what the pages
 * hold (tests/print/test_scene_index.c), so the smaller boards cover
 * them.) */
#include "fuzz_common.h"

#include "print/backend/backend.h"
#include "print/layout/sheet.h"

#define MAX_SETS 8

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_init(1);
	return 0;
}

static void write_all(const struct tp_config *c, const struct tp_sheet_def *d, struct tp_doc *doc,
		      int render)
{
	for (size_t p = 0; p < doc->n; p++) {
		struct tp_slug slug = { c->print.job, d->name, d->name, 0, NULL, { 0, 0, 0, 0 } };
		if (c->print.marks && tp_sheet_marks(doc->pages[p].sc, &slug) != 0)
			return;
	}
	if (!render)
		return;
	const struct tp_scene **pages = malloc(doc->n * sizeof *pages);
	if (pages == NULL)
		abort();
	for (size_t p = 0; p < doc->n; p++)
		pages[p] = doc->pages[p].sc;
	for (size_t b = 0; b < tp_n_backends; b++) {
		if ((d->flags & TP_SHEET_PLATE) && tp_backends[b].raster)
			continue;
		struct tp_doc_info info = { .title = d->title, .job = c->print.job, .file = d->name,
					    .epoch = 0, .dpi = 10, .marks = c->print.marks,
					    .output_condition = c->print.output_condition,
					    .output_info = c->print.output_info,
					    .output_registry = c->print.output_registry };
		size_t n = tp_backends[b].multipage ? doc->n : 1;
		for (size_t p = 0; p < doc->n; p += n) {
			char *buf = NULL;
			size_t len = 0;
			FILE *f = open_memstream(&buf, &len);
			if (f == NULL)
				abort();
			tp_err e = { 0 };
			int rc = tp_backends[b].write(f, pages + p, n, &info, &e);
			fz_check_err(rc, &e);
			fclose(f);
			free(buf);
		}
	}
	free(pages);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t cfg_len = nul ? (size_t)(nul - data) : size;
	fz_write(data, cfg_len);
	char *sets[MAX_SETS];
	int n = nul ? fz_split_sets(nul + 1, size - cfg_len - 1, sets, MAX_SETS) : 0;
	struct tp_config *c = NULL;
	void *model = NULL;
	fz_load(fz_tmp, (const char *const *)sets, n, &c, &model);
	if (c != NULL) {
		const struct tp_game *g = c->game;
		long squares = (long)c->board.rows * c->board.cols;
		int render = squares <= 2500 && c->print.tile_mm <= 200;
		int panel = squares <= 20000;
		char why[300];
		for (size_t i = 0; i < g->n_sheets; i++) {
			const struct tp_sheet_def *d = &g->sheets[i];
			if (d->absent && d->absent(c, d->name, why, sizeof why))
				continue;
			tp_err e = { 0 };
			if (d->prepare && d->prepare(c, &e) != TP_OK) {
				fz_check_err(e.code, &e);
				continue;
			}
			struct tp_doc doc = { 0 };
			if (d->build(c, model, &doc) == 0 && panel &&
			    tp_doc_panelize(&doc, c->print.max_sheet_mm, c->print.panel_overlap_mm,
					    c->print.marks ? TP_MARK_MARGIN_MM : 0) == 0)
				write_all(c, d, &doc, render);
			tp_doc_free(&doc);
		}
		g->free_model(model);
		tp_config_free(c);
	}
	fz_free_sets(sets, n);
	return 0;
}
