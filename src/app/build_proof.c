/* The contact sheet of a build (proof.pdf, proof.png; build.h). */

#include "app/build.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "print/backend.h"
#include "app/file_name.h"
#include "app/impose_game.h"
#include "print/proof.h"

/* The smallest shape a thumbnail keeps, in pixels of proof.png. */
#define TP_PROOF_MIN_PX 2.0

/* The resolution of proof.png: print.proof_dpi, at most print.dpi. */
static double proof_dpi(const struct tp_print *p)
{
	return fmin(p->proof_dpi, p->dpi);
}

/* Every shown sheet's first page as a thumbnail, with the game's
 * summary.  Laid out in the parent after the sheets, so it shows exactly
 * what the build wrote (or, for --only proof, what the folder's record
 * says is there); proof.png at print.proof_dpi (at most print.dpi). */
int tp_build_proof(struct tp_build *b, tp_err *e)
{
	const struct tp_session *s = b->session;
	const struct tp_game *g = s->game;
	b->summary = &b->proof;
	b->n_files = &b->proof_files;
	struct tp_doc *docs = tp_calloc(g->n_sheets + 1, sizeof *docs);
	struct tp_proof_item *items = tp_calloc(g->n_sheets + 1, sizeof *items);
	struct tp_doc proof = { 0 };
	struct tp_buf text = { 0 };
	int rc = docs && items ? TP_OK : tp_fail(e, TP_EIO, "out of memory laying out the proof");
	size_t n = 0;
	for (size_t i = 0; rc == TP_OK && i < g->n_sheets; i++) {
		if (!b->shown[i])
			continue;
		/* Punchboard: the first press sheet (or panel), as written. */
		int built = s->cfg->print.layout == TP_LAYOUT_PUNCHBOARD
				    ? tp_build_lay_out(s, i, &docs[n])
				    : g->sheets[i].build(s->cfg, s->model, &docs[n]);
		if (built != 0)
			rc = tp_fail(e, TP_EIO, "out of memory laying out %s for the proof", g->sheets[i].name);
		items[n].name = g->sheets[i].name;
		items[n].doc = &docs[n];
		n++;
	}
	if (rc == TP_OK) {
		g->summary(&text, s->cfg, s->model);
		if (b->from_record)
			tp_buf_printf(&text, "sheets: the %zu already in this folder, as its build record (manifest/build.json) lists them\n",
				      b->from_record);
		/* The preflight's verdict, for whoever reviews the set. */
		if (b->pf)
			tp_buf_printf(&text, "preflight (manifest/preflight.txt): %zu pages, %zu errors, %zu warnings%s\n",
				      b->pf->pages, b->pf->errors, b->pf->warnings,
				      b->pf->errors ? " - built with --accept-preflight" : "");
		char title[200];
		snprintf(title, sizeof title, "%s: contact sheet, %zu sheet%s", s->cfg->print.job, n,
			 n == 1 ? "" : "s");
		/* What is under TP_PROOF_MIN_PX pixels both ways at the proof's
		 * resolution cannot be seen there. */
		double min_size = TP_PROOF_MIN_PX * 25.4 / proof_dpi(&s->cfg->print);
		if (text.oom ||
		    tp_proof_layout(&s->cfg->print.inks, title, items, n, text.s, min_size, &proof) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory laying out the proof");
	}
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
		/* proof.png is a preview, at print.proof_dpi. */
		b->file_dpi = proof_dpi(&s->cfg->print);
		rc = tp_build_write_file(b, bk, &def, proof.pages, proof.n, file, e);
		b->file_dpi = 0;
	}
	tp_doc_free(&proof);
	for (size_t i = 0; docs && i < n; i++)
		tp_doc_free(&docs[i]);
	free(docs);
	free(items);
	tp_buf_free(&text);
	return rc;
}
