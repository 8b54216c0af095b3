/* Running a build's tasks: each lays its sheet out and writes it in one
 * format, on the workers (build.h). */

#include "app/build.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"
#include "print/backend/backend.h"
#include "app/file_name.h"
#include "app/impose_game.h"
#include "app/playtest.h"
#include "app/record_read.h"
#include "app/sheet_pages.h"
#include "print/output/jobs.h"
#include "print/output/outfile.h"

void tp_report_file(struct tp_buf *out, const char *name, long long bytes, const char *hex)
{
	tp_buf_printf(out, "%zu:%s %lld %s\n", strlen(name), name, bytes, hex && hex[0] ? hex : "-");
}

int tp_report_next(const char **p, char *name, size_t n, long long *bytes, char hex[65])
{
	const char *s = *p;
	if (s == NULL || *s == '\0')
		return 0;
	char *end;
	unsigned long long len = strtoull(s, &end, 10);
	if (end == s || *end != ':' || len >= n || strnlen(end + 1, len) < len)
		return -1;
	memcpy(name, end + 1, len);
	name[len] = '\0';
	s = end + 1 + len;
	int used = 0;
	char h[65];
	if (sscanf(s, " %lld %64[-0-9a-f]%n", bytes, h, &used) != 2 || s[used] != '\n')
		return -1;
	snprintf(hex, 65, "%s", strlen(h) == 64 ? h : "");
	*p = s + used + 1;
	return 1;
}

/* The file's line (tp_report_file): the hash taken here, in the worker
 * that wrote the file (the pages are still in memory's cache), not by the
 * parent's commit after the pool.  Where the file cannot be read back, the
 * line has no hash and the record takes it (and names the failure). */
void tp_build_note_file(struct tp_build *b, const char *name)
{
	char path[PATH_MAX + 256], hex[65];
	long long bytes = 0;
	snprintf(path, sizeof path, "%s/%s", b->opt.dir, name);
	int fd = tp_out_open_read(path);
	if (fd >= 0 && tp_hash_fd(fd, hex, &bytes) == 0)
		tp_report_file(b->summary, name, bytes, hex);
	else
		tp_report_file(b->summary, name, 0, NULL);
	if (fd >= 0)
		close(fd);
	(*b->n_files)++;
}

int tp_build_add_marks(const struct tp_build *b, const struct tp_sheet_def *def,
		     struct tp_page *pages, size_t n, const char *file, int marks,
		     struct tp_scene_state *saved, size_t *marked, tp_err *e)
{
	const struct tp_config *c = b->session->cfg;
	for (*marked = 0; *marked < n; (*marked)++) {
		struct tp_page *pg = &pages[*marked];
		tp_scene_save(pg->sc, &saved[*marked]);
		struct tp_slug slug = { c->print.job, file, def->name, b->epoch,
					pg->note[0] ? pg->note : NULL,
					{ pg->overlap[0], pg->overlap[1], pg->overlap[2], pg->overlap[3] } };
		if (marks && tp_sheet_marks(pg->sc, &slug) != 0) {
			(*marked)++;
			return tp_fail(e, TP_EIO, "out of memory adding marks to %s", file);
		}
	}
	return TP_OK;
}

struct tp_doc_info tp_build_doc_info(const struct tp_build *b, const struct tp_backend *bk,
				   const struct tp_sheet_def *def, const char *file, double dpi,
				   char *title)
{
	const struct tp_config *c = b->session->cfg;
	snprintf(title, 160, "%s: %s", c->print.job, def->title);
	struct tp_doc_info info = {
		.title = title, .job = c->print.job, .file = file, .epoch = b->epoch,
		.dpi = dpi,
		.marks = c->print.marks && !bk->raster,
		.output_condition = c->print.output_condition,
		.output_info = c->print.output_info,
		.output_registry = c->print.output_registry,
		.output_profile = c->print.output_profile,
		.pdfx4 = c->print.pdfx == TP_PDFX_4,
	};
	return info;
}

/* Backends do not know where the file goes: the message says so. */
static void name_path(const struct tp_out *o, tp_err *e)
{
	char msg[sizeof e->msg];
	snprintf(msg, sizeof msg, "%s: %s", o->final, e->msg);
	memcpy(e->msg, msg, sizeof msg);
}

int tp_build_write_file(struct tp_build *b, const struct tp_backend *bk,
			const struct tp_sheet_def *def, struct tp_page *pages, size_t n,
			const char *file, double dpi, tp_err *e)
{
	char title[160];
	struct tp_doc_info info = tp_build_doc_info(b, bk, def, file, dpi, title);
	int marks = info.marks;
	struct tp_scene_state *saved = tp_calloc(n, sizeof *saved);
	const struct tp_scene **scenes = tp_calloc(n, sizeof *scenes);
	int rc = TP_OK;
	size_t marked = 0;
	if (saved == NULL || scenes == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory writing %s", file);
	for (size_t i = 0; rc == TP_OK && i < n; i++)
		scenes[i] = pages[i].sc;
	if (rc == TP_OK)
		rc = tp_build_add_marks(b, def, pages, n, file, marks, saved, &marked, e);
	struct tp_out o;
	if (rc == TP_OK)
		rc = tp_out_open(&o, b->opt.dir, file, e);
	if (rc == TP_OK) {
		rc = bk->write(o.f, scenes, n, &info, e);
		if (rc == TP_OK) {
			rc = tp_out_commit(&o, e);
		} else {
			tp_out_abort(&o);
			name_path(&o, e);
		}
	}
	for (size_t i = 0; i < marked; i++)
		tp_scene_restore(pages[i].sc, &saved[i]);
	free(saved);
	free(scenes);
	if (rc == TP_OK)
		tp_build_note_file(b, file);
	return rc;
}

int tp_build_imposed(const struct tp_session *s, size_t sheet, const struct tp_doc *built,
		     struct tp_doc *own, const struct tp_doc **out)
{
	*out = built;
	if (tp_impose_keeps(s->cfg, built))
		return 0;
	*out = own;
	for (size_t k = 0; k < built->n; k++) {
		const struct tp_page *pg = &built->pages[k];
		if (tp_doc_add(own, tp_scene_copy(pg->sc), pg->note) != 0)
			return -1;
		memcpy(own->pages[own->n - 1].overlap, pg->overlap, sizeof pg->overlap);
	}
	return tp_impose_doc(s->cfg, s->model, s->game->sheets[sheet].name, own);
}

/* The pages of sheet as written: this process's last ones when they were
 * of the same sheet (writing a file leaves the pages as they were), else
 * from the plan's layout (imposed when that changes it), or, when the
 * plan did not keep it, laid out and imposed anew.  NULL when out of
 * memory. */
static const struct tp_doc *laid_out(struct tp_build *b, size_t sheet)
{
	const struct tp_session *s = b->session;
	if (b->laid_ok && b->laid_sheet == sheet)
		return b->laid_doc;
	tp_doc_free(&b->laid);
	b->laid_ok = 0;
	int rc;
	if (b->kept[sheet]) {
		rc = tp_build_imposed(s, sheet, &b->built[sheet], &b->laid, &b->laid_doc);
	} else {
		const struct tp_sheet_def *def = &s->game->sheets[sheet];
		rc = def->build(s->cfg, s->model, &b->laid) != 0 ||
		     tp_impose_doc(s->cfg, s->model, def->name, &b->laid) != 0;
		b->laid_doc = &b->laid;
	}
	if (rc != 0) {
		tp_doc_free(&b->laid);
		return NULL;
	}
	b->laid_sheet = sheet;
	b->laid_ok = 1;
	return b->laid_doc;
}

/* The file of a multipage format from a sheet made one page at a time:
 * each page laid out, marked, written and freed before the next. */
static int write_streamed(struct tp_build *b, const struct tp_backend *bk,
			  const struct tp_sheet_def *def, struct tp_sheet_pages *sp,
			  const char *file, tp_err *e)
{
	char title[160];
	struct tp_doc_info info = tp_build_doc_info(b, bk, def, file, b->session->cfg->print.dpi, title);
	struct tp_out o;
	int rc = tp_out_open(&o, b->opt.dir, file, e);
	if (rc != TP_OK)
		return rc;
	struct tp_pages_out *w = NULL;
	rc = bk->open(&w, o.f, &info, e);
	for (size_t k = 0; rc == TP_OK && k < sp->n; k++) {
		struct tp_page *pg = tp_sheet_pages_get(sp, k);
		if (pg == NULL) {
			rc = tp_fail(e, TP_EIO, "out of memory laying out %s", def->name);
			break;
		}
		struct tp_scene_state saved;
		size_t marked = 0;
		rc = tp_build_add_marks(b, def, pg, 1, file, info.marks, &saved, &marked, e);
		if (rc == TP_OK)
			rc = bk->add(w, pg->sc, e);
		if (marked)
			tp_scene_restore(pg->sc, &saved);
	}
	int closed = bk->close(w, rc == TP_OK, e);
	if (rc == TP_OK)
		rc = closed;
	if (rc == TP_OK) {
		rc = tp_out_commit(&o, e);
	} else {
		tp_out_abort(&o);
		name_path(&o, e);
	}
	if (rc == TP_OK)
		tp_build_note_file(b, file);
	return rc;
}

/* run_task for a sheet made one page at a time (app/sheet_pages.h): the
 * same files, never the whole sheet in memory. */
static int run_pages(struct tp_build *b, const struct tp_backend *bk,
		     const struct tp_sheet_def *def, struct tp_sheet_pages *sp, tp_err *e)
{
	char file[200], base[128];
	tp_file_base(b->session->cfg, def->name, base, sizeof base);
	if (bk->multipage && !bk->only_ink) {
		snprintf(file, sizeof file, "%s%s", base, bk->ext);
		return sp->n > 0 ? write_streamed(b, bk, def, sp, file, e) : TP_OK;
	}
	int rc = TP_OK;
	for (size_t k = 0; rc == TP_OK && k < sp->n; k++) {
		struct tp_page *pg = tp_sheet_pages_get(sp, k);
		if (pg == NULL)
			return tp_fail(e, TP_EIO, "out of memory laying out %s", def->name);
		if (bk->only_ink && !tp_scene_uses_ink(pg->sc, bk->only_ink))
			continue;
		if (sp->n == 1)
			snprintf(file, sizeof file, "%s%s", base, bk->ext);
		else
			snprintf(file, sizeof file, "%s-%s%s", base, pg->sc->name, bk->ext);
		rc = tp_build_write_file(b, bk, def, pg, 1, file, b->session->cfg->print.dpi, e);
	}
	return rc;
}

/* One task: one sheet in one format, from its one layout; or the ink
 * report, or the contact sheet (build_proof.c). */
static int run_task(void *ctx, size_t i, struct tp_buf *out, int *count, tp_err *e)
{
	struct tp_build *b = ctx;
	b->summary = out;
	b->n_files = count;
	if (b->tasks[i].kind == TP_TASK_INKS)
		return tp_build_inks(b, e);
	if (b->tasks[i].kind == TP_TASK_PROOF)
		return tp_build_proof(b, e);
	if (b->tasks[i].kind == TP_TASK_PLAYTEST)
		return tp_build_playtest(b, e);
	const struct tp_sheet_def *def = &b->session->game->sheets[b->tasks[i].sheet];
	const struct tp_backend *bk = &tp_backends[b->tasks[i].backend];
	const struct tp_config *c = b->session->cfg;
	size_t sheet = b->tasks[i].sheet, other;
	/* A sheet and its printed back in one press PDF (a factory's page
	 * order): the sheet's task writes it, the back's writes none. */
	int pair = bk == &tp_backends[TP_BACKEND_PDF] ? tp_build_pair(b, sheet, &other) : 0;
	if (pair == 2)
		return TP_OK;
	if (pair == 1)
		return tp_build_write_pair(b, bk, sheet, other, e);
	if (!b->kept[sheet] && !(b->laid_ok && b->laid_sheet == sheet)) {
		/* Not kept by the plan: a sheet made one page at a time is
		 * written so; any other is laid out whole, kept for this
		 * process's next task. */
		struct tp_sheet_pages sp;
		if (tp_sheet_pages_open(&sp, b->session, sheet, 1) != 0) {
			tp_sheet_pages_close(&sp);
			return tp_fail(e, TP_EIO, "out of memory laying out %s", def->name);
		}
		if (sp.one) {
			int rc = run_pages(b, bk, def, &sp, e);
			tp_sheet_pages_close(&sp);
			return rc;
		}
		tp_doc_free(&b->laid);
		b->laid = sp.doc;
		b->laid_doc = &b->laid;
		b->laid_sheet = sheet;
		b->laid_ok = 1;
	}
	const struct tp_doc *doc = laid_out(b, sheet);
	if (doc == NULL)
		return tp_fail(e, TP_EIO, "out of memory laying out %s", def->name);
	int one_file = doc->n == 1 || bk->multipage;
	/* A backend of one ink (the DXF of the die lines) writes only the
	 * pages that have it; the files keep the names they would have. */
	struct tp_page *pages = doc->pages;
	size_t n = doc->n;
	if (bk->only_ink) {
		pages = tp_calloc(doc->n + 1, sizeof *pages);
		if (pages == NULL)
			return tp_fail(e, TP_EIO, "out of memory laying out %s", def->name);
		n = 0;
		for (size_t j = 0; j < doc->n; j++)
			if (tp_scene_uses_ink(doc->pages[j].sc, bk->only_ink))
				pages[n++] = doc->pages[j];
	}
	char file[200], base[128];
	int rc = TP_OK;
	tp_file_base(b->session->cfg, def->name, base, sizeof base);
	if (one_file && n > 0) {
		snprintf(file, sizeof file, "%s%s", base, bk->ext);
		rc = tp_build_write_file(b, bk, def, pages, n, file, c->print.dpi, e);
	} else {
		/* Single-page formats get one file per page, named after it. */
		for (size_t k = 0; rc == TP_OK && k < n; k++) {
			snprintf(file, sizeof file, "%s-%s%s", base, pages[k].sc->name, bk->ext);
			rc = tp_build_write_file(b, bk, def, &pages[k], 1, file, c->print.dpi, e);
		}
	}
	if (pages != doc->pages)
		free(pages);
	return rc;
}

/* "fronts (png)": task i, for a worker's failure and the progress line. */
static void task_name(void *ctx, size_t i, char *buf, size_t n)
{
	const struct tp_build *b = ctx;
	if (b->tasks[i].kind == TP_TASK_INKS)
		snprintf(buf, n, "the ink report (manifest/inks.csv)");
	else if (b->tasks[i].kind == TP_TASK_PROOF)
		snprintf(buf, n, "the contact sheet (proof)");
	else if (b->tasks[i].kind == TP_TASK_PLAYTEST)
		snprintf(buf, n, "the playtest kit (playtest.pdf)");
	else
		snprintf(buf, n, "%s (%s)", b->session->game->sheets[b->tasks[i].sheet].name,
			 tp_backends[b->tasks[i].backend].name);
}

/* "tilepress: 14 files written; drawing board (png)": the sheet named is
 * the next in the queue (with several workers, one of those in hand). */
static void progress(void *ctx, size_t idx, size_t done, size_t n)
{
	struct tp_build *b = ctx;
	if (!b->opt.progress)
		return;
	if (idx != (size_t)-1)
		b->files_done += b->counts[idx];
	char what[160] = "finishing", name[120];
	if (done < n) {
		task_name(b, b->order[done], name, sizeof name);
		snprintf(what, sizeof what, "drawing %s", name);
	}
	fprintf(stderr, "\r\033[Ktilepress: %d file%s written; %s", b->files_done,
		b->files_done == 1 ? "" : "s", what);
}

/* The files a report lists (tp_report_file lines) to disk, when their
 * writers left it to this process (print/output/outfile.h: tp_out_sync_later);
 * the first failure is kept in b. */
static void sync_files(struct tp_build *b, const struct tp_buf *report)
{
	if (!tp_out_syncing_later())
		return;
	char name[PATH_MAX], hex[65];
	long long bytes;
	for (const char *p = report->oom ? NULL : report->s; tp_report_next(&p, name, sizeof name, &bytes, hex) == 1;) {
		char path[PATH_MAX + 256];
		snprintf(path, sizeof path, "%s/%s", b->opt.dir, name);
		if (tp_out_sync_file(path) != 0 && !b->sync_failed) {
			b->sync_failed = 1;
			tp_fail(&b->sync_err, TP_EIO, "%s: write failed: %s", path, strerror(errno));
		}
	}
}

/* As each task finishes (first, before any has: the manifest's files):
 * its files to disk, here in the parent, which has nothing else to do
 * while the workers draw; then the progress line. */
static void task_done(void *ctx, size_t idx, size_t done, size_t n)
{
	struct tp_build *b = ctx;
	if (idx == (size_t)-1 && !b->manifest_synced) {
		sync_files(b, &b->manifest);
		b->manifest_synced = 1;
	} else if (idx != (size_t)-1) {
		sync_files(b, &b->reports[idx]);
	}
	progress(ctx, idx, done, n);
}

int tp_build_sheets(struct tp_build *b, tp_err *e)
{
	b->files_done = b->manifest_files;
	struct tp_jobs_spec spec = {
		.n = b->n_tasks, .order = b->order, .jobs = b->opt.jobs,
		.run = run_task, .ctx = b, .reports = b->reports, .counts = b->counts,
		.on_done = task_done, .name = task_name,
	};
	int rc = tp_jobs_run(&spec, e);
	if (rc == TP_OK && !b->manifest_synced) {
		sync_files(b, &b->manifest);   /* no task ran */
		b->manifest_synced = 1;
	}
	if (rc == TP_OK && b->sync_failed) {
		*e = b->sync_err;
		rc = TP_EIO;
	}
	/* The parent's layouts (one worker) are of no use after this. */
	tp_doc_free(&b->laid);
	b->laid_ok = 0;
	for (size_t i = 0; i < b->session->game->n_sheets; i++)
		tp_doc_free(&b->built[i]);
	memset(b->kept, 0, b->session->game->n_sheets * sizeof *b->kept);
	if (b->opt.progress)
		fprintf(stderr, "\r\033[K");
	return rc;
}
