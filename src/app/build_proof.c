/* The contact sheet of a build (proof.pdf, proof.png; build.h): a task of
 * the workers, from the plan's layouts. */

#include "app/build.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "print/backend/backend.h"
#include "app/file_name.h"
#include "app/impose_game.h"
#include "app/sheet_pages.h"
#include "print/layout/proof.h"

/* The smallest shape a thumbnail keeps, in pixels of proof.png. */
#define TP_PROOF_MIN_PX 2.0

/* The game's summary, where the sheets come from and the preflight's
 * verdict, under the thumbnails. */
static void proof_text(const struct tp_build *b, struct tp_buf *text)
{
	const struct tp_session *s = b->session;
	s->game->summary(text, s->cfg, s->model);
	if (b->from_record)
		tp_buf_printf(text, "sheets: the %zu already in this folder, as its build record (manifest/build.json) lists them\n",
			      b->from_record);
	/* The preflight's verdict, for whoever reviews the set. */
	if (b->pf)
		tp_buf_printf(text, "preflight (manifest/preflight.txt): %zu pages, %zu errors, %zu warnings%s\n",
			      b->pf->pages, b->pf->errors, b->pf->warnings,
			      b->pf->errors ? " - built with --accept-preflight" : "");
}

/* The resolution of proof.png: print.proof_dpi, at most print.dpi. */
static double proof_dpi(const struct tp_print *p)
{
	return fmin(p->proof_dpi, p->dpi);
}

/* Sheet i's thumbnail as item k: its first page as built (punchboard: as
 * written, its first press sheet), from the plan's layout, one sheet at a
 * time.  A sheet made one page at a time (app/sheet_pages.h) gives its
 * first page alone; its page count and inks are the plan's facts. */
static int add_sheet(const struct tp_build *b, struct tp_doc *proof, size_t k, size_t i)
{
	const struct tp_session *s = b->session;
	const char *name = s->game->sheets[i].name;
	int punch = s->cfg->print.layout == TP_LAYOUT_PUNCHBOARD;
	/* What is under TP_PROOF_MIN_PX pixels both ways at the proof's
	 * resolution cannot be seen there. */
	double min_size = TP_PROOF_MIN_PX * 25.4 / proof_dpi(&s->cfg->print);
	struct tp_doc imposed = { 0 };
	const struct tp_doc *built = b->kept[i] ? &b->built[i] : NULL, *shown = built;
	struct tp_sheet_pages sp = { 0 };
	int rc = built ? 0 : tp_sheet_pages_open(&sp, s, i, punch);
	if (rc == 0 && sp.one) {
		const struct tp_page *pg = tp_sheet_pages_get(&sp, 0);
		rc = pg ? tp_proof_add(proof, k, name, pg->sc, b->facts[i].pages, b->facts[i].inks,
				       min_size)
			: -1;
		tp_sheet_pages_close(&sp);
		return rc;
	}
	if (built == NULL)
		shown = &sp.doc;   /* whole, imposed when punchboard */
	else if (punch)
		rc = tp_build_imposed(s, i, built, &imposed, &shown);
	char inks[200];
	if (rc == 0) {
		tp_doc_inks(shown, inks, sizeof inks);
		rc = tp_proof_add(proof, k, name, shown->n ? shown->pages[0].sc : NULL, shown->n,
				  inks, min_size);
	}
	tp_doc_free(&imposed);
	tp_sheet_pages_close(&sp);
	return rc;
}

/* Every shown sheet's first page as a thumbnail, with the game's
 * summary: what the build writes (or, for --only proof, what the folder's
 * record says is there).  proof.png at print.proof_dpi. */
int tp_build_proof(struct tp_build *b, tp_err *e)
{
	const struct tp_session *s = b->session;
	const struct tp_game *g = s->game;
	struct tp_doc proof = { 0 };
	struct tp_buf text = { 0 };
	size_t n = 0;
	for (size_t i = 0; i < g->n_sheets; i++)
		n += b->shown[i] != 0;
	proof_text(b, &text);
	char title[200];
	snprintf(title, sizeof title, "%s: contact sheet, %zu sheet%s", s->cfg->print.job, n,
		 n == 1 ? "" : "s");
	int rc = text.oom || tp_proof_begin(&s->cfg->print.inks, title, n, text.s, &proof) != 0;
	for (size_t i = 0, k = 0; rc == 0 && i < g->n_sheets; i++)
		if (b->shown[i])
			rc = add_sheet(b, &proof, k++, i);
	if (rc == 0)
		rc = tp_proof_end(&proof, n, text.s);
	rc = rc ? tp_fail(e, TP_EIO, "out of memory laying out the proof") : TP_OK;
	static const struct tp_sheet_def def = { .name = "proof", .title = "contact sheet" };
	static const char *const formats[] = { "pdf", "png" };
	for (size_t f = 0; rc == TP_OK && f < 2; f++) {
		const struct tp_backend *bk = tp_backend_find(formats[f]);
		char file[160], base[128];
		/* The proof follows the formats asked for, PDF and PNG only. */
		if (bk == NULL || !(b->formats & (1u << (bk - tp_backends))))
			continue;
		tp_file_base(b->session->cfg, "proof", base, sizeof base);
		snprintf(file, sizeof file, "%s%s", base, bk->ext);
		rc = tp_build_write_file(b, bk, &def, proof.pages, proof.n, file,
					 proof_dpi(&s->cfg->print), e);
	}
	tp_doc_free(&proof);
	tp_buf_free(&text);
	return rc;
}
