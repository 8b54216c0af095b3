/* A sheet and its printed back in one press PDF, in a factory's page
 * order (build.h: tp_build_pair).  Each sheet's pages are made as its own
 * file makes them (app/sheet_pages.h: laid out, imposed, panel by panel
 * where it can), so the pages are the same; only their order, the file
 * they go into and the file name on the slug differ. */

#include "app/build.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/file_name.h"
#include "app/sheet_pages.h"
#include "core/alloc.h"
#include "print/output/outfile.h"

/* The sheet that prints behind sheet d: cut by it and mirrored, not a
 * plate (an emboss plate is no print), wanted by this build. */
static int back_of(const struct tp_build *b, size_t front, size_t *back)
{
	const struct tp_game *g = b->session->game;
	const struct tp_sheet_def *d = &g->sheets[front];
	if ((d->flags & (TP_SHEET_PLATE | TP_SHEET_WHOLE)) || d->cut_by || !b->want[front])
		return 0;
	for (size_t i = 0; i < g->n_sheets; i++) {
		const struct tp_sheet_def *k = &g->sheets[i];
		if (k->cut_by && k->cut_back && !(k->flags & TP_SHEET_PLATE) && b->want[i] &&
		    strcmp(k->cut_by, d->name) == 0) {
			*back = i;
			return 1;
		}
	}
	return 0;
}

int tp_build_pair(const struct tp_build *b, size_t sheet, size_t *other)
{
	if (b->opt.page_order == TP_ORDER_AS_BUILT || !b->want[sheet])
		return 0;
	if (back_of(b, sheet, other))
		return 1;
	const struct tp_game *g = b->session->game;
	const struct tp_sheet_def *d = &g->sheets[sheet];
	size_t back;
	if (d->cut_by == NULL || !d->cut_back)
		return 0;
	for (size_t i = 0; i < g->n_sheets; i++)
		if (strcmp(g->sheets[i].name, d->cut_by) == 0 && back_of(b, i, &back) && back == sheet) {
			*other = i;
			return 2;
		}
	return 0;
}

void tp_build_pair_base(const struct tp_config *c, const struct tp_sheet_def *front,
			const struct tp_sheet_def *back, char *out, size_t n)
{
	char both[128];
	snprintf(both, sizeof both, "%s-and-%s", front->name, back->name);
	tp_file_base(c, both, out, n);
}

#define NEAR 1e-6   /* mm: the same place, as the panel planner gives it */

/* Page j's box on its whole sheet (x0 y0 x1 y1); 0 when it cannot be
 * known without making it (pages made one at a time, not panels: all at
 * the sheet's corner). */
static int box_of(const struct tp_sheet_pages *sp, size_t j, double b[4])
{
	if (sp->panels != NULL) {
		memcpy(b, &sp->panels[4 * j], 4 * sizeof *b);
		return 1;
	}
	if (sp->one || sp->counted || j >= sp->doc.n)
		return 0;
	const struct tp_page *pg = &sp->doc.pages[j];
	b[0] = pg->at[0];
	b[1] = pg->at[1];
	b[2] = pg->at[0] + pg->sc->trim_w;
	b[3] = pg->at[1] + pg->sc->trim_h;
	return 1;
}

/* Which back page lies behind each front page (behind[j], or (size_t)-1):
 * the back sheet is the front mirrored about the vertical axis (work and
 * turn), so the back of the front's box x0..x1 on a sheet W wide is the
 * back page at W - x1 .. W - x0, same y.  Where boxes are not known, the
 * same page number. */
static void pair_pages(const struct tp_sheet_pages *f, const struct tp_sheet_pages *bk,
		       size_t *behind, unsigned char *used)
{
	double w = 0, a[4], b[4];
	for (size_t j = 0; j < f->n; j++)
		if (box_of(f, j, a))
			w = fmax(w, a[2]);
	for (size_t j = 0; j < f->n; j++) {
		behind[j] = (size_t)-1;
		if (!box_of(f, j, a)) {
			if (j < bk->n && !used[j])
				behind[j] = j;
		} else {
			double want[4] = { w - a[2], a[1], w - a[0], a[3] };
			for (size_t i = 0; i < bk->n && behind[j] == (size_t)-1; i++)
				if (!used[i] && box_of(bk, i, b) && fabs(b[0] - want[0]) < NEAR &&
				    fabs(b[1] - want[1]) < NEAR && fabs(b[2] - want[2]) < NEAR &&
				    fabs(b[3] - want[3]) < NEAR)
					behind[j] = i;
		}
		if (behind[j] != (size_t)-1)
			used[behind[j]] = 1;
	}
}

/* The pages in the order asked, as side (0 the sheet, 1 its back) and
 * page number: backs last, the backs in the order of the pages they lie
 * behind; interleaved, each back after its front.  Backs behind no front
 * page follow in their own order. */
static void page_order(int order, const struct tp_sheet_pages *f, const struct tp_sheet_pages *bk,
		       const size_t *behind, const unsigned char *used, int *side, size_t *num)
{
	size_t k = 0;
	for (size_t j = 0; j < f->n; j++) {
		side[k] = 0;
		num[k++] = j;
		if (order == TP_ORDER_INTERLEAVED && behind[j] != (size_t)-1) {
			side[k] = 1;
			num[k++] = behind[j];
		}
	}
	for (size_t j = 0; order != TP_ORDER_INTERLEAVED && j < f->n; j++)
		if (behind[j] != (size_t)-1) {
			side[k] = 1;
			num[k++] = behind[j];
		}
	for (size_t i = 0; i < bk->n; i++)
		if (!used[i]) {
			side[k] = 1;
			num[k++] = i;
		}
}

int tp_build_write_pair(struct tp_build *b, const struct tp_backend *bk, size_t front,
			size_t back, tp_err *e)
{
	const struct tp_session *s = b->session;
	const struct tp_sheet_def *def[2] = { &s->game->sheets[front], &s->game->sheets[back] };
	char file[200], base[128], title[160], both[160];
	tp_build_pair_base(s->cfg, def[0], def[1], base, sizeof base);
	snprintf(file, sizeof file, "%s%s", base, bk->ext);
	struct tp_doc_info info = tp_build_doc_info(b, bk, def[0], file, s->cfg->print.dpi, title);
	snprintf(both, sizeof both, "%s: %s; %s", s->cfg->print.job, def[0]->title, def[1]->title);
	info.title = both;
	struct tp_sheet_pages sp[2];
	int open0 = tp_sheet_pages_open(&sp[0], s, front, 1);
	int open1 = tp_sheet_pages_open(&sp[1], s, back, 1);
	int rc = open0 != 0 || open1 != 0 ? tp_fail(e, TP_EIO, "out of memory laying out %s", file)
					   : TP_OK;
	struct tp_out o;
	int opened = 0;
	if (rc == TP_OK) {
		rc = tp_out_open(&o, b->opt.dir, file, e);
		opened = rc == TP_OK;
	}
	struct tp_pages_out *w = NULL;
	if (rc == TP_OK)
		rc = bk->open(&w, o.f, &info, e);
	size_t n = rc == TP_OK ? sp[0].n + sp[1].n : 0;
	size_t *behind = tp_calloc(sp[0].n + 1, sizeof *behind), *num = tp_calloc(n + 1, sizeof *num);
	unsigned char *used = tp_calloc(sp[1].n + 1, 1);
	int *sides = tp_calloc(n + 1, sizeof *sides);
	if (rc == TP_OK && (behind == NULL || num == NULL || used == NULL || sides == NULL))
		rc = tp_fail(e, TP_EIO, "out of memory writing %s", file);
	if (rc == TP_OK) {
		pair_pages(&sp[0], &sp[1], behind, used);
		page_order(b->opt.page_order, &sp[0], &sp[1], behind, used, sides, num);
	}
	for (size_t k = 0; rc == TP_OK && k < n; k++) {
		int side = sides[k];
		size_t i = num[k];
		struct tp_page *pg = tp_sheet_pages_get(&sp[side], i);
		if (pg == NULL) {
			rc = tp_fail(e, TP_EIO, "out of memory laying out %s", def[side]->name);
			break;
		}
		struct tp_scene_state saved;
		size_t marked = 0;
		rc = tp_build_add_marks(b, def[side], pg, 1, file, info.marks, &saved, &marked, e);
		if (rc == TP_OK)
			rc = bk->add(w, pg->sc, e);
		if (marked)
			tp_scene_restore(pg->sc, &saved);
	}
	if (w) {
		int closed = bk->close(w, rc == TP_OK, e);
		if (rc == TP_OK)
			rc = closed;
	}
	if (opened && rc == TP_OK) {
		rc = tp_out_commit(&o, e);
	} else if (opened) {
		tp_out_abort(&o);
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s: %s", o.final, e->msg);
		memcpy(e->msg, msg, sizeof msg);
	}
	free(behind);
	free(num);
	free(used);
	free(sides);
	tp_sheet_pages_close(&sp[0]);
	tp_sheet_pages_close(&sp[1]);
	if (rc == TP_OK)
		tp_build_note_file(b, file);
	return rc;
}
