/* The contact sheet of a build (proof.pdf, proof.png; build.h): a task of
 * the workers, from the plan's layouts. */

#include "app/build.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "print/backend/backend.h"
#include "app/file_name.h"
#include "app/impose_game.h"
#include "app/sheet_pages.h"
#include "print/layout/proof.h"
#include "print/output/outfile.h"

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
	/* The game's warnings too: the rules as configured playing poorly. */
	char warn[8][TP_WARNING_LEN];
	int nw = tp_session_warning_texts(s, warn, 8);
	tp_buf_printf(text, "game warnings: %d\n", nw);
	for (int i = 0; i < nw; i++)
		tp_buf_printf(text, "warning: %s\n", warn[i]);
}

/* The resolution of proof.png: print.proof_dpi, at most print.dpi. */
static double proof_dpi(const struct tp_print *p)
{
	return fmin(p->proof_dpi, p->dpi);
}

/* Sheet i's thumbnail for the preview page, thumbs/BASE.png: its first
 * page at most TP_THUMB_PX pixels on its longer side (never above
 * print.dpi), when the build writes PNG and the sheet has PNG files (a
 * plate has none).  The page opens quickly on any set: the press PNGs of
 * the blind edition are 163 Mpx each. */
static int add_thumb(const struct tp_build *b, size_t i, const struct tp_scene *sc, tp_err *e)
{
	const struct tp_session *s = b->session;
	const struct tp_backend *bk = tp_backend_find("png");
	if (sc == NULL || bk == NULL || !(b->formats & (1u << (bk - tp_backends))) ||
	    (s->game->sheets[i].flags & TP_SHEET_PLATE) || !b->want[i])
		return 0;
	double mm = fmax(sc->trim_w, sc->trim_h) + 2 * sc->bleed;
	double dpi = fmin(s->cfg->print.dpi, TP_THUMB_PX / (mm / 25.4));
	char file[200], base[128];
	tp_file_base(s->cfg, s->game->sheets[i].name, base, sizeof base);
	snprintf(file, sizeof file, "%s/%s.png", TP_THUMB_DIR, base);
	char dir[PATH_MAX + 16];
	snprintf(dir, sizeof dir, "%s/%s", b->opt.dir, TP_THUMB_DIR);
	if (tp_mkdirs(dir, e) != TP_OK)
		return -2;
	char name[140];
	snprintf(name, sizeof name, "%s.png", base);
	struct tp_doc_info info = { .title = s->game->sheets[i].title, .job = s->cfg->print.job,
				    .file = file, .epoch = b->epoch, .dpi = dpi };
	struct tp_out o;
	int rc = tp_out_open(&o, dir, name, e);
	if (rc == TP_OK) {
		rc = bk->write(o.f, &sc, 1, &info, e);
		if (rc == TP_OK)
			rc = tp_out_commit(&o, e);
		else
			tp_out_abort(&o);
	}
	if (rc != TP_OK)
		return -2;
	tp_build_note_file((struct tp_build *)b, file);
	return 0;
}

/* Sheet i's thumbnail as item k: its first page as built (punchboard: as
 * written, its first press sheet), from the plan's layout, one sheet at a
 * time.  A sheet made one page at a time (app/sheet_pages.h) gives its
 * first page alone; its page count and inks are the plan's facts. */
static int add_sheet(const struct tp_build *b, struct tp_doc *proof, size_t k, size_t i, tp_err *e)
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
		if (rc == 0)
			rc = add_thumb(b, i, pg->sc, e);
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
		if (rc == 0)
			rc = add_thumb(b, i, shown->n ? shown->pages[0].sc : NULL, e);
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
			rc = add_sheet(b, &proof, k++, i, e);
	if (rc == 0)
		rc = tp_proof_end(&proof, n, text.s);
	/* -2: a thumbnail's writer failed, and said so in e. */
	rc = rc == -2 ? e->code : rc ? tp_fail(e, TP_EIO, "out of memory laying out the proof") : TP_OK;
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
