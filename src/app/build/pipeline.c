/* The build of a print set as one call (pipeline.h): the steps of
 * app/build.h inside the output folder's transaction (build_txn.h), told
 * to the caller through its event sink. */

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/build.h"
#include "app/build/build_estimate.h"
#include "app/build/build_txn.h"
#include "app/build/pipeline.h"
#include "app/build/preflight_pool.h"
#include "app/build/preflight_run.h"
#include "app/build/preview.h"
#include "app/build_record.h"
#include "app/file_name.h"
#include "app/playtest.h"
#include "app/session.h"
#include "app/sheet_pages.h"
#include "core/alloc.h"
#include "core/trace.h"
#include "print/backend/backend.h"
#include "print/output/jobs.h"
#include "print/output/outfile.h"

void tp_build_note(const struct tp_build_events *ev, const char *fmt, ...)
{
	if (ev == NULL || ev->note == NULL)
		return;
	char line[8192];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	ev->note(ev->ctx, line);
}

/* Adds the files of one report (tp_report_file lines, names
 * length-prefixed) to w.  0 or -1. */
static int collect(struct tp_written_list *w, const struct tp_buf *report, size_t sheet)
{
	const char *p = report->oom ? NULL : report->s;
	char name[PATH_MAX], hex[65];
	long long bytes;
	while (p && *p) {
		/* The playtest kit's last line: its sheets of paper. */
		if (strncmp(p, "=paper ", 7) == 0) {
			tp_playtest_set_paper(atol(p + 7));
			/* Then the toner of each page. */
			double v[4];
			while ((p = strchr(p, '\n')) != NULL &&
			       sscanf(++p, "=toner %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3]) == 4)
				if (tp_playtest_add_toner(v) != 0)
					return -1;
			break;
		}
		if (tp_report_next(&p, name, sizeof name, &bytes, hex) != 1)
			break;
		if (tp_written_add(w, name, bytes, sheet) != 0)
			return -1;
		if (hex[0])
			tp_written_hash(w, hex);
	}
	return 0;
}

struct recorded {
	const struct tp_config *c;
	int *shown;
};

static void mark_recorded(const char *path, void *ctx)
{
	struct recorded *r = ctx;
	long i = tp_preview_sheet_of(r->c, path);
	if (i >= 0)
		r->shown[i] = 1;
}

/* The sheets an earlier build of this config recorded in dir, by sheet
 * (owned; the contact sheet of --only proof and the preview page show
 * them).  NULL when out of memory. */
static int *recorded_sheets(const struct tp_session *s, const char *dir)
{
	int *in_folder = tp_calloc(s->game->n_sheets + 1, sizeof *in_folder);
	if (in_folder && tp_session_same_edition(dir, s->cfg)) {
		struct recorded r = { s->cfg, in_folder };
		tp_record_each(dir, mark_recorded, &r);
	}
	return in_folder;
}

/* What the checks before writing take from each sheet's one layout in
 * the plan (build.h: opt.visit): its preflight findings, and what each
 * format of it would write (by sheet and backend: the plan decides the
 * tasks after). */
struct checks {
	const struct tp_session *s;
	struct tp_preflight *pf;     /* or NULL: no preflight */
	/* By sheet: its preflight, merged into pf in sheet order after the
	 * plan (preflight_pool.h), and whether the workers check it then
	 * (later: a layout the plan kept, with more than one worker). */
	struct tp_preflight *per;
	int *later;
	struct tp_pf_rules rules;
	struct tp_estimate *part;    /* [sheet * tp_n_backends + backend] */
	struct tp_written_list *names;
};

static int visit(void *ctx, const struct tp_build *b, size_t sheet, const struct tp_doc *built,
		 const struct tp_doc *written, tp_err *e)
{
	struct checks *ck = ctx;
	const struct tp_sheet_def *def = &ck->s->game->sheets[sheet];
	/* The press PDF too, when the build writes PDF (its marks are added
	 * to the pages and taken off again). */
	int pdf = (b->formats & (1u << TP_BACKEND_PDF)) != 0;
	double files = 0, pages = 0;
	for (size_t bi = 0; bi < tp_n_backends; bi++) {
		size_t k = sheet * tp_n_backends + bi;
		ck->part[k].names = ck->names ? &ck->names[k] : NULL;
		if (tp_estimate_task(ck->s, sheet, &tp_backends[bi], built, written, &ck->part[k]) != 0)
			return tp_fail(e, TP_EIO, "out of memory estimating the build");
		files += ck->part[k].files;
		pages = ck->part[k].most_pages > pages ? ck->part[k].most_pages : pages;
	}
	/* A sheet whose files, or one file's pages, alone pass
	 * print.max_files: the estimate refuses the build
	 * (build_estimate.h), so it is not preflighted page by page first
	 * (46,225 panels took 15 s). */
	int max = ck->s->cfg->print.max_files;
	if (files > max || pages > max || ck->pf == NULL)
		return TP_OK;
	/* No layout: the sheet makes its pages one at a time, and is
	 * preflighted so. */
	if (written && b->kept[sheet] && b->opt.jobs > 1) {
		ck->later[sheet] = 1;
		return TP_OK;
	}
	struct tp_trace t;
	tp_trace_start(&t);
	struct tp_preflight *pf = &ck->per[sheet];
	int rc = written ? tp_preflight_doc(ck->s, b, def, &ck->rules, (struct tp_doc *)written,
					    pdf, b->epoch, pf, e)
			 : tp_preflight_pages(ck->s, b, sheet, &ck->rules, pdf, b->epoch, pf, e);
	tp_trace_end(&t, "preflight %s", def->name);
	return rc;
}

/* Before any sheet is laid out: the estimate from the wanted sheets'
 * frames alone (their pages' sizes and counts, none of their art; a sheet
 * made one page at a time is counted, not made), checked against the
 * limits.  What passes is estimated again from the layouts; what fails
 * is refused here, at no layout's cost (a 1200 x 1200 series board took
 * minutes and gigabytes to lay out before the same refusal).  For check
 * (the estimate) alone: a build's plan lays each sheet out once. */
static int bound(void *ctx, const struct tp_build *b, tp_err *e)
{
	const struct checks *ck = ctx;
	const struct tp_session *s = ck->s;
	struct tp_estimate est = { 0 };
	int rc = TP_OK;
	int punch = s->cfg->print.layout == TP_LAYOUT_PUNCHBOARD;
	for (size_t i = 0; rc == TP_OK && i < s->game->n_sheets; i++) {
		if (!b->want[i])
			continue;
		/* Only a sheet made one page at a time, in part (its frame) or
		 * counted: one laid out whole is left to the plan, once. */
		struct tp_sheet_pages sp;
		if (tp_sheet_pages_open(&sp, s, i, punch ? 1 : TP_PAGES_FRAME) != 0) {
			tp_sheet_pages_close(&sp);
			rc = tp_fail(e, TP_EIO, "out of memory estimating the build");
			break;
		}
		int cheap = sp.one || sp.counted || sp.doc.parted;
		tp_sheet_pages_close(&sp);
		for (size_t bi = 0; cheap && rc == TP_OK && bi < tp_n_backends; bi++) {
			struct tp_estimate part = { 0 };
			if (!tp_build_gets(b, i, bi))
				continue;
			if (tp_estimate_task(s, i, &tp_backends[bi], NULL, NULL, &part) != 0) {
				rc = tp_fail(e, TP_EIO, "out of memory estimating the build");
				break;
			}
			/* A raster the plan skips unless asked for by name (build.h):
			 * left out here from a little below that size, so this
			 * bound stays below the estimate the plan refuses by. */
			if (tp_backends[bi].raster && !b->opt.formats &&
			    part.gpx * 1e9 > 0.9 * TP_PNG_AUTO_MAX_PX)
				continue;
			if (tp_estimate_merge(&est, &part, i) != 0)
				rc = tp_fail(e, TP_EIO, "out of memory estimating the build");
		}
	}
	return rc == TP_OK ? tp_estimate_check(s, &est, e) : rc;
}

static int checks_open(struct checks *ck, const struct tp_session *s, struct tp_preflight *pf,
		       int names, tp_err *e)
{
	size_t n = s->game->n_sheets * tp_n_backends + 1;
	*ck = (struct checks){ .s = s, .pf = pf };
	tp_pf_rules_of(s->cfg, &ck->rules);
	ck->part = tp_calloc(n, sizeof *ck->part);
	ck->names = names ? tp_calloc(n, sizeof *ck->names) : NULL;
	ck->per = tp_calloc(s->game->n_sheets + 1, sizeof *ck->per);
	ck->later = tp_calloc(s->game->n_sheets + 1, sizeof *ck->later);
	if (ck->part == NULL || (names && ck->names == NULL) || ck->per == NULL || ck->later == NULL)
		return tp_fail(e, TP_EIO, "out of memory planning the build");
	return TP_OK;
}

/* The sheets the workers preflight (ck->later), then every sheet's
 * findings into ck->pf in sheet order: the same preflight for any -j. */
static int checks_preflight(struct checks *ck, const struct tp_build *b, tp_err *e)
{
	if (ck->pf == NULL)
		return TP_OK;
	struct tp_trace t;
	tp_trace_start(&t);
	int pdf = (b->formats & (1u << TP_BACKEND_PDF)) != 0;
	int rc = tp_preflight_pool(b, &ck->rules, ck->later, pdf, ck->per, e);
	for (size_t i = 0; rc == TP_OK && i < ck->s->game->n_sheets; i++)
		if (tp_preflight_merge(ck->pf, &ck->per[i]) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory preflighting %s",
				     ck->s->game->sheets[i].name);
	tp_trace_end(&t, "preflight pool");
	return rc;
}

static void checks_close(struct checks *ck)
{
	for (size_t i = 0; ck->per && i < ck->s->game->n_sheets; i++)
		tp_preflight_free(&ck->per[i]);
	free(ck->per);
	free(ck->later);
	for (size_t k = 0; ck->names && k < ck->s->game->n_sheets * tp_n_backends; k++)
		tp_written_free(&ck->names[k]);
	free(ck->names);
	free(ck->part);
}

/* The estimate of the tasks the plan made, from their sheets' layouts. */
static int estimate_tasks(const struct tp_build *b, const struct checks *ck,
			  struct tp_estimate *est, tp_err *e)
{
	for (size_t i = 0; i < b->n_sheet_tasks; i++) {
		size_t k = b->tasks[i].sheet * tp_n_backends + b->tasks[i].backend;
		if (tp_estimate_merge(est, &ck->part[k], b->tasks[i].sheet) != 0)
			return tp_fail(e, TP_EIO, "out of memory estimating the build");
	}
	return TP_OK;
}

static int predict_other_names(const struct tp_build *pl, const struct tp_session *s,
			       struct tp_written_list *w);

/* The files besides the sheets' the plan b writes (the record among
 * them) into est->others.  0, or -1 when out of memory. */
static int count_others(const struct tp_build *b, const struct tp_session *s, double sheets,
			struct tp_estimate *est)
{
	struct tp_written_list o = { 0 };
	/* index.html follows any build that writes a file: a placeholder for
	 * the sheets' files when there are some. */
	int bad = sheets > 0 ? tp_written_add(&o, "", 0, 0) : 0;
	bad |= predict_other_names(b, s, &o);
	est->others = (double)o.n - (sheets > 0) + (o.n > 0);   /* + the record */
	/* The contact sheet's PDF embeds the output profile too (the
	 * playtest kit is sRGB, for a home printer: it embeds none). */
	for (size_t i = 0; i < o.n; i++) {
		size_t len = strlen(o.v[i].name);
		if (len > 4 && strcmp(o.v[i].name + len - 4, ".pdf") == 0 &&
		    strcmp(o.v[i].name, "playtest.pdf") != 0)
			est->pdf_files += 1;
	}
	tp_written_free(&o);
	return bad;
}

int tp_build_estimate(const struct tp_session *s, const char *only, struct tp_estimate *est,
		      tp_err *e)
{
	/* The tasks of the whole set (or --only), as a build plans them, but
	 * without a build's own checks (SOURCE_DATE_EPOCH, each sheet's). */
	struct checks ck;
	int rc = checks_open(&ck, s, NULL, est->names != NULL, e);
	struct tp_build_opts opt = { .only = only, .jobs = 1, .quiet = 1, .estimate = 1,
				     .visit = visit, .visit_ctx = &ck, .bound = bound };
	struct tp_build b = { 0 };
	if (rc == TP_OK)
		rc = tp_build_plan(&b, s, &opt, e);
	if (rc == TP_OK)
		rc = estimate_tasks(&b, &ck, est, e);
	if (rc == TP_OK && count_others(&b, s, est->files, est) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory estimating the build");
	tp_build_free(&b);
	checks_close(&ck);
	return rc;
}

/* The names of the files besides the sheets' that the build will write:
 * the manifest files, the contact sheet and the preview page.  0, or -1 when out of memory. */
static int predict_other_names(const struct tp_build *pl, const struct tp_session *s,
			       struct tp_written_list *w)
{
	char rel[300];
	int bad = 0;
	for (size_t i = 0; pl->want_manifest && i < s->game->n_files; i++) {
		snprintf(rel, sizeof rel, "manifest/%s", s->game->files[i].name);
		bad |= tp_written_add(w, rel, 0, 0);
	}
	/* As tp_build_manifest writes them (build_manifest.c). */
	if (pl->want_manifest && s->cfg->print.rules)
		bad |= tp_written_add(w, "manifest/rules.md", 0, 0);
	if (pl->want_manifest && s->cfg->print.box)
		bad |= tp_written_add(w, "manifest/box.txt", 0, 0);
	if (pl->want_manifest && s->cfg->print.layout == TP_LAYOUT_PUNCHBOARD)
		bad |= tp_written_add(w, "manifest/punch.csv", 0, 0);
	if (pl->want_manifest)
		bad |= tp_written_add(w, "manifest/inks.csv", 0, 0) |
		       tp_written_add(w, "manifest/preflight.txt", 0, 0) |
		       tp_written_add(w, "manifest/preflight.json", 0, 0);
	if (s->cfg->print.layout == TP_LAYOUT_PLAYTEST)
		bad |= tp_written_add(w, "playtest.pdf", 0, 0);
	/* A sheet and its back in one press PDF (tp_build_pair). */
	for (size_t i = 0, back; (pl->formats & (1u << TP_BACKEND_PDF)) && i < s->game->n_sheets; i++)
		if (tp_build_pair(pl, i, &back) == 1) {
			char base[128];
			tp_build_pair_base(s->cfg, &s->game->sheets[i], &s->game->sheets[back], base,
					   sizeof base);
			snprintf(rel, sizeof rel, "%s.pdf", base);
			bad |= tp_written_add(w, rel, 0, 0);
		}
	/* The preview page's thumbnails, made with the contact sheet. */
	const struct tp_backend *png = tp_backend_find("png");
	for (size_t i = 0; pl->want_proof && png && (pl->formats & (1u << (png - tp_backends))) &&
			   i < s->game->n_sheets; i++)
		if (pl->shown[i] && pl->want[i] && !(s->game->sheets[i].flags & TP_SHEET_PLATE)) {
			char base[128];
			tp_file_base(s->cfg, s->game->sheets[i].name, base, sizeof base);
			snprintf(rel, sizeof rel, "%s/%s.png", TP_THUMB_DIR, base);
			bad |= tp_written_add(w, rel, 0, 0);
		}
	static const char *const proofs[] = { "pdf", "png" };
	for (size_t f = 0; pl->want_proof && f < 2; f++) {
		const struct tp_backend *b = tp_backend_find(proofs[f]);
		if (b && (pl->formats & (1u << (b - tp_backends)))) {
			char base[128];
			tp_file_base(s->cfg, "proof", base, sizeof base);
			snprintf(rel, sizeof rel, "%s%s", base, b->ext);
			bad |= tp_written_add(w, rel, 0, 0);
		}
	}
	/* The preview page follows any build that writes a file. */
	if (w->n > 0)
		bad |= tp_written_add(w, "index.html", 0, 0);
	return bad;
}

/* The files of every step, in task order however the workers ran: the
 * manifest's (the ink report last), the sheets', the contact sheet's.
 * 0 or -1 (out of memory). */
static int list_written(const struct tp_build *b, struct tp_written_list *w)
{
	if (collect(w, &b->manifest, TP_MANIFEST_SHEET) != 0)
		return -1;
	static const int kinds[4] = { TP_TASK_INKS, TP_TASK_SHEET, TP_TASK_PROOF, TP_TASK_PLAYTEST };
	static const size_t sheets[4] = { TP_MANIFEST_SHEET, 0, TP_PROOF_SHEET, TP_PLAYTEST_SHEET };
	for (size_t k = 0; k < 4; k++)
		for (size_t i = 0; i < b->n_tasks; i++)
			if (b->tasks[i].kind == kinds[k] &&
			    collect(w, &b->reports[i], k == 1 ? b->tasks[i].sheet : sheets[k]) != 0)
				return -1;
	return 0;
}

/* The preflight of every page the build lays out, as a factory would
 * check it (the plan's visit): errors stop the build (unless
 * --accept-preflight), with the first few on stderr. */
static int preflight(const struct tp_build_request *rq, const struct tp_build_events *ev,
		     const struct tp_preflight *pf, tp_err *e)
{
	int rc = TP_OK;
	if (pf->errors && !rq->accept_preflight) {
		if (ev && ev->findings)
			ev->findings(ev->ctx, pf);
		rc = tp_fail(e, TP_EINPUT,
			     "preflight: %zu error%s a factory would reject; nothing written (fix them, or build with --accept-preflight)",
			     pf->errors, pf->errors == 1 ? "" : "s");
	}
	return rc;
}

/* What the request asks of a build into dir. */
static struct tp_build_opts opts_of(const struct tp_build_request *rq, const char *dir)
{
	struct tp_build_opts opt = {
		.dir = dir,
		.only = rq->only,
		.placed = rq->placed,
		.formats = rq->formats,
		.jobs = rq->jobs ? rq->jobs : tp_jobs_default(),
		.quiet = rq->quiet,
		.progress = rq->progress,
		.page_order = rq->page_order,
	};
	return opt;
}

/* Plans the build into b: every input check comes before the first
 * write, and the plan lays each sheet out once, for the preflight (into
 * pf: its errors stop the build before anything is written) and the
 * estimate (too many files or pixels for what the user expects: refused
 * before anything is drawn; the names of the files, into predicted). */
static int plan_and_check(const struct tp_build_request *rq, const struct tp_build_events *ev,
			  const struct tp_session *s, const char *dir,
			  struct tp_build_opts *opt, struct tp_build *b, struct tp_preflight *pf,
			  struct tp_written_list *predicted, tp_err *e)
{
	int *in_folder = recorded_sheets(s, dir);
	struct checks ck = { .s = s };
	int rc = in_folder ? checks_open(&ck, s, pf, 1, e)
			   : tp_fail(e, TP_EIO, "out of memory planning the build");
	opt->in_folder = in_folder;
	opt->visit = visit;
	opt->visit_ctx = &ck;
	if (rc == TP_OK)
		rc = tp_build_plan(b, s, opt, e);
	free(in_folder);
	b->opt.in_folder = opt->in_folder = NULL;
	b->opt.visit_ctx = opt->visit_ctx = NULL;
	if (rc == TP_OK)
		rc = checks_preflight(&ck, b, e);
	if (rc == TP_OK)
		rc = preflight(rq, ev, pf, e);
	struct tp_estimate est = { .names = predicted };
	if (rc == TP_OK)
		rc = estimate_tasks(b, &ck, &est, e);
	checks_close(&ck);
	if (rc == TP_OK && count_others(b, s, est.files, &est) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory planning the build");
	if (rc == TP_OK)
		rc = tp_estimate_check(s, &est, e);
	if (rc == TP_OK && predict_other_names(b, s, predicted) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory planning the build");
	return rc;
}

/* The captions of io (pipeline.h: tp_build_request.facts) for the sheets
 * plan b did not lay out (in), or b's of those it did into io (out: once
 * the set is in place). */
static void swap_facts(const struct tp_session *s, struct tp_build *b, struct tp_sheet_facts *io,
		       int out)
{
	for (size_t i = 0; io && i < s->game->n_sheets; i++) {
		int own = b->want[i] || b->shown[i];
		if (out && own && b->facts[i].laid)
			io[i] = b->facts[i];
		else if (!out && !own && io[i].laid)
			b->facts[i] = io[i];
	}
}

int tp_build_run(const struct tp_session *s, const struct tp_build_request *rq,
		 const struct tp_build_events *ev, tp_err *e)
{
	struct tp_trace whole, t;
	tp_trace_start(&whole);
	tp_trace_start(&t);
	int rc = TP_OK;
	char dir[PATH_MAX];
	tp_session_out_dir(rq->out_dir, s->cfg, dir, sizeof dir);
	struct tp_build_opts opt = opts_of(rq, dir);
	/* A large PNG uses the cores the other sheets leave idle. */
	tp_png_set_threads(opt.jobs);
	struct tp_build b = { 0 };
	struct tp_preflight pf = { 0 };
	struct tp_written_list predicted = { 0 };
	tp_trace_end(&t, "open");
	tp_trace_start(&t);
	rc = plan_and_check(rq, ev, s, dir, &opt, &b, &pf, &predicted, e);
	tp_trace_end(&t, "plan");
	tp_trace_start(&t);
	b.pf = &pf;
	if (rc == TP_OK)
		tp_session_warn_edition(dir, s->cfg, rq->quiet);
	/* From here on every file goes into the staging folder, and into
	 * place only once the whole set is written (build_txn.h). */
	struct tp_build_txn txn;
	if (rc == TP_OK)
		rc = tp_build_txn_begin(&txn, dir, rq, ev, e);
	else
		memset(&txn, 0, sizeof txn);
	/* Files of these names that tilepress did not write: refused before
	 * the first is drawn (checked again, exactly, at the end). */
	if (rc == TP_OK)
		rc = tp_build_txn_precheck(&txn, rq, &predicted, e);
	tp_written_free(&predicted);
	b.opt.dir = txn.od.stage;
	tp_trace_end(&t, "stage");
	tp_trace_start(&t);
	/* The manifest's and the tasks' files are synced by this process as
	 * the tasks finish (build.h), the preview page and the record each as
	 * it is written; all before the moves begin. */
	tp_out_sync_later(1);
	if (rc == TP_OK && b.want_manifest)
		rc = tp_build_manifest(&b, e);
	tp_trace_end(&t, "manifest");
	tp_trace_start(&t);
	if (rc == TP_OK)
		rc = tp_build_sheets(&b, e);
	tp_out_sync_later(0);
	tp_trace_end(&t, "pool");
	tp_trace_start(&t);
	struct tp_written_list written = { 0 };
	if (rc == TP_OK && list_written(&b, &written) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory listing the files written");
	/* The preview page, after every other file and before the record,
	 * which lists it. */
	swap_facts(s, &b, rc == TP_OK ? rq->facts : NULL, 0);
	if (rc == TP_OK && written.n > 0)
		rc = tp_preview_write(s, b.opt.dir, dir, &written, b.pf, b.facts, b.epoch, e);
	tp_trace_end(&t, "preview");
	tp_trace_start(&t);
	/* The caller's own files (a package's), each synced as written;
	 * they are read from the plan's facts, so the caller has them first. */
	if (rc == TP_OK && written.n > 0 && rq->extra) {
		swap_facts(s, &b, rq->facts, 1);
		rc = rq->extra(rq->extra_ctx, b.opt.dir, &written, e);
	}
	if (rc == TP_OK)
		rc = tp_build_txn_commit(&txn, rq, ev, s->cfg, &written, b.epoch, e);
	tp_build_txn_close(&txn, e);
	swap_facts(s, &b, rc == TP_OK ? rq->facts : NULL, 1);
	tp_trace_end(&t, "commit");
	if (rc == TP_OK && !rq->quiet && ev) {
		if (ev->summary)
			ev->summary(ev->ctx, s, dir, &written, b.from_record);
		if (ev->findings)
			ev->findings(ev->ctx, &pf);
	}
	tp_preflight_free(&pf);
	if (rc == TP_OK)
		tp_session_warnings(s, rq->quiet);
	tp_written_free(&written);
	tp_build_free(&b);
	tp_trace_end(&whole, "build");
	return rc;
}
