/* The manifest of a build: the game's reports, punch.csv, the preflight
 * and (a task of the workers) the ink report, in DIR/manifest (build.h). */

#include "app/build.h"

#include <stdio.h>

#include "app/impose_game.h"
#include "app/sheet_pages.h"
#include "games/box.h"
#include "games/rules.h"
#include "print/ink/inkcov.h"
#include "print/output/outfile.h"

/* The ink report (manifest/inks.csv): coverage per plate and the maximum
 * total area coverage of every page of every sheet this build writes, as
 * laid out before marks and panels (src/print/ink/inkcov.h).  4 px per mm,
 * fewer on pages over 2 Mpx (1440 x 1440 px). */
#define TP_INKCOV_PX_PER_MM 4.0
#define TP_INKCOV_MAX_PX 2e6

static int ink_report(const struct tp_build *b, struct tp_buf *out, tp_err *e)
{
	const struct tp_session *s = b->session;
	const struct tp_game *g = s->game;
	int rc = TP_OK;
	tp_inkcov_csv_header(out);
	for (size_t i = 0; rc == TP_OK && i < g->n_sheets; i++) {
		if (!b->want[i])
			continue;
		/* The plan's layout when kept, else the sheet's pages one at a
		 * time when it makes them so (never the whole of such a sheet). */
		const struct tp_doc *doc = b->kept[i] ? &b->built[i] : NULL;
		struct tp_sheet_pages sp = { 0 };
		if (doc == NULL && tp_sheet_pages_open(&sp, s, i, 0) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory laying out %s", g->sheets[i].name);
		size_t n = doc ? doc->n : sp.n;
		for (size_t k = 0; rc == TP_OK && k < n; k++) {
			struct tp_inkcov cov;
			struct tp_page *pg = doc ? &doc->pages[k] : tp_sheet_pages_get(&sp, k);
			rc = pg ? tp_inkcov_scene_profile(pg->sc, TP_INKCOV_PX_PER_MM, TP_INKCOV_MAX_PX,
							 s->cfg->print.output_profile, &cov, e)
				: tp_fail(e, TP_EIO, "out of memory laying out %s", g->sheets[i].name);
			if (rc == TP_OK)
				tp_inkcov_csv(out, g->sheets[i].name, (int)k + 1, &cov);
		}
		tp_sheet_pages_close(&sp);
	}
	return rc;
}

/* Writes buf as manifest/name (mdir is that folder) and reports it. */
static int write_one(struct tp_build *b, const char *mdir, const char *name,
		     const struct tp_buf *buf, tp_err *e)
{
	if (buf->oom)
		return tp_fail(e, TP_EIO, "out of memory formatting %s", name);
	int rc = tp_out_write(mdir, name, buf->s, buf->len, e);
	if (rc == TP_OK) {
		char rel[300];
		snprintf(rel, sizeof rel, "manifest/%s", name);
		tp_build_note_file(b, rel);
	}
	return rc;
}

int tp_build_manifest(struct tp_build *b, tp_err *e)
{
	const struct tp_session *s = b->session;
	b->summary = &b->manifest;
	b->n_files = &b->manifest_files;
	char mdir[4096];
	if ((size_t)snprintf(mdir, sizeof mdir, "%s/manifest", b->opt.dir) >= sizeof mdir)
		return tp_fail(e, TP_EINPUT, "-o %.60s...: the path is too long", b->opt.dir);
	int rc = tp_mkdirs(mdir, e);
	for (size_t i = 0; rc == TP_OK && i < s->game->n_files; i++) {
		const struct tp_report_file *f = &s->game->files[i];
		struct tp_buf buf = { 0 };
		f->format(&buf, s->cfg, s->model, f->arg);
		rc = write_one(b, mdir, f->name, &buf, e);
		tp_buf_free(&buf);
	}
	/* The rules' words, for a translator and a screen reader. */
	if (rc == TP_OK && s->cfg->print.rules) {
		struct tp_buf buf = { 0 };
		tp_rules_md(&buf, s->cfg, s->model, 0);
		rc = write_one(b, mdir, "rules.md", &buf, e);
		tp_buf_free(&buf);
	}
	/* What goes in the box, and its size, for the producer. */
	if (rc == TP_OK && s->cfg->print.box) {
		struct tp_buf buf = { 0 };
		tp_box_report(&buf, s->cfg, s->model);
		rc = write_one(b, mdir, "box.txt", &buf, e);
		tp_buf_free(&buf);
	}
	/* Where every tile lies on the press sheets, for the die maker. */
	if (rc == TP_OK && s->cfg->print.layout == TP_LAYOUT_PUNCHBOARD) {
		struct tp_buf buf = { 0 };
		if (tp_impose_csv(&buf, s->cfg, s->model))
			rc = write_one(b, mdir, "punch.csv", &buf, e);
		tp_buf_free(&buf);
	}
	for (int k = 0; rc == TP_OK && b->pf && k < 2; k++) {
		static const char *const names[2] = { "preflight.txt", "preflight.json" };
		struct tp_buf buf = { 0 };
		(k ? tp_preflight_json : tp_preflight_text)(b->pf, &buf);
		rc = write_one(b, mdir, names[k], &buf, e);
		tp_buf_free(&buf);
	}
	return rc;
}

int tp_build_inks(struct tp_build *b, tp_err *e)
{
	char mdir[4096];
	if ((size_t)snprintf(mdir, sizeof mdir, "%s/manifest", b->opt.dir) >= sizeof mdir)
		return tp_fail(e, TP_EINPUT, "-o %.60s...: the path is too long", b->opt.dir);
	struct tp_buf buf = { 0 };
	int rc = tp_mkdirs(mdir, e);
	if (rc == TP_OK)
		rc = ink_report(b, &buf, e);
	if (rc == TP_OK)
		rc = write_one(b, mdir, "inks.csv", &buf, e);
	tp_buf_free(&buf);
	return rc;
}
