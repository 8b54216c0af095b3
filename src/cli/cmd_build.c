/* tilepress build: validate everything, then write the manifest files and
 * the artwork, each file atomically. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/build_record.h"
#include "app/impose_game.h"
#include "app/session.h"
#include "cli/build_estimate.h"
#include "cli/build_txn.h"
#include "cli/cli.h"
#include "cli/preview.h"
#include "core/alloc.h"
#include "print/backend.h"
#include "print/inkcov.h"
#include "print/jobs.h"
#include "print/outfile.h"
#include "cli/preflight_run.h"
#include "print/proof.h"
#include "print/sheet.h"

/* With SOURCE_DATE_EPOCH unset, dates are this fixed instant so that two
 * builds of one config are byte-identical: 2000-01-01 00:00 UTC. */
#define TP_FIXED_EPOCH 946684800LL

/* Sheet numbers of the files that belong to no sheet of the game. */
#define TP_MANIFEST_SHEET ((size_t)-1)
#define TP_PROOF_SHEET ((size_t)-2)

/* One task: one sheet in one format. */
struct task {
	size_t sheet, backend;
	double area;   /* raster tasks: mm^2 of its pages' bleed boxes (estimate_areas) */
};

struct plan {
	int want_manifest;
	int want_proof;       /* the contact sheet */
	int *shown;           /* by sheet: on the contact sheet (owned; proof_sheets) */
	size_t from_record;   /* of them, how many the folder's record named (--only proof) */
	int *want;            /* by index in the game's sheets (owned) */
	unsigned formats;     /* bit per tp_backends row */
	long long epoch;
	const char *dir;
	int progress;
	struct tp_buf *summary;  /* where note_file() reports: the current task's */
	int *n_files;
	/* The work after the manifest: one task per sheet and format. */
	const struct tp_session *session;
	struct task *tasks;   /* owned */
	size_t n_tasks;
	const struct tp_preflight *pf;   /* the preflight's findings, for manifest/ */
	const size_t *order;  /* the queue (NULL: task order), for progress */
	const int *counts;    /* files per finished task, for progress */
	int files_done;
};

static int parse_epoch(long long *out, tp_err *e)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	if (s == NULL || s[0] == '\0') {
		*out = TP_FIXED_EPOCH;
		return TP_OK;
	}
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (*end || errno || v < 0 || v > 253402300799LL)
		return tp_fail(e, TP_EINPUT,
			       "SOURCE_DATE_EPOCH=%s: not a count of seconds since 1970 (0..253402300799)", s);
	*out = v;
	return TP_OK;
}

static int parse_formats(const char *list, unsigned *out, tp_err *e)
{
	unsigned f = 0;
	const char *s = list;
	while (*s) {
		size_t len = strcspn(s, ",");
		char name[16];
		const struct tp_backend *b = NULL;
		if (len < sizeof name) {
			memcpy(name, s, len);
			name[len] = '\0';
			b = tp_backend_find(name);
		}
		if (b == NULL)
			return tp_fail(e, TP_EINPUT, "--formats %s: '%.*s' is not a format; allowed: %s",
				       list, (int)len, s, tp_backend_names());
		f |= 1u << (b - tp_backends);
		s += len;
		if (*s == ',')
			s++;
	}
	if (f == 0)
		return tp_fail(e, TP_EINPUT, "--formats: empty; allowed: a comma list of %s",
			       tp_backend_names());
	*out = f;
	return TP_OK;
}

static int parse_only(const struct tp_cli *cli, const struct tp_config *c, struct plan *pl, tp_err *e)
{
	const struct tp_game *g = c->game;
	char why[300];
	if (cli->only == NULL) {
		pl->want_manifest = pl->want_proof = 1;
		for (size_t i = 0; i < g->n_sheets; i++)
			pl->want[i] = g->sheets[i].absent == NULL ||
				      !g->sheets[i].absent(c, g->sheets[i].name, why, sizeof why);
		return TP_OK;
	}
	const char *s = cli->only;
	while (*s) {
		size_t len = strcspn(s, ",");
		char name[64];
		int found = 0;
		if (len < sizeof name) {
			memcpy(name, s, len);
			name[len] = '\0';
			const struct tp_sheet_def *d = tp_game_sheet(g, name);
			if (strcmp(name, "manifest") == 0)
				pl->want_manifest = found = 1;
			else if (strcmp(name, "proof") == 0)
				pl->want_proof = found = 1;
			else if (d && d->absent && d->absent(c, name, why, sizeof why))
				return tp_fail(e, TP_EINPUT, "--only %s: %s", cli->only, why);
			else if (d)
				pl->want[d - g->sheets] = found = 1;
		}
		if (!found) {
			struct tp_buf allowed = { 0 };
			tp_buf_printf(&allowed, "manifest, proof");
			for (size_t i = 0; i < g->n_sheets; i++)
				tp_buf_printf(&allowed, ", %s", g->sheets[i].name);
			tp_fail(e, TP_EINPUT, "--only %s: '%.*s' is not a sheet of game %s; allowed: %s",
				cli->only, (int)len, s, g->name, allowed.oom ? "see --list sheets" : allowed.s);
			tp_buf_free(&allowed);
			return TP_EINPUT;
		}
		s += len;
		if (*s == ',')
			s++;
	}
	return TP_OK;
}

/* Reports a written file to the parent: "NAME<TAB>BYTES" a line. */
static void note_file(struct plan *pl, const char *name)
{
	char path[PATH_MAX + 256];
	struct stat st;
	snprintf(path, sizeof path, "%s/%s", pl->dir, name);
	tp_buf_printf(pl->summary, "%s\t%lld\n", name, stat(path, &st) == 0 ? (long long)st.st_size : 0);
	(*pl->n_files)++;
}

static void human_size(char *out, size_t n, long long bytes)
{
	double kb = bytes / 1024.0;
	if (kb >= 1024)
		snprintf(out, n, "%.1f MB", kb / 1024);
	else
		snprintf(out, n, "%.0f kB", kb < 1 ? 1 : kb);
}

/* Adds the files of one report ("NAME<TAB>BYTES" lines) to w.  0 or -1. */
static int collect(struct tp_written_list *w, const struct tp_buf *report, size_t sheet)
{
	const char *p = report->s;
	while (p && *p) {
		const char *tab = strchr(p, '\t'), *nl = strchr(p, '\n');
		if (tab == NULL || nl == NULL || tab > nl)
			break;
		char name[PATH_MAX];
		snprintf(name, sizeof name, "%.*s", (int)(tab - p), p);
		if (tp_written_add(w, name, atoll(tab + 1), sheet) != 0)
			return -1;
		p = nl + 1;
	}
	return 0;
}

/* One line per sheet: its formats with size (and file count when a
 * format needs one file a page). */
static void print_summary(const struct tp_session *s, const char *dir,
			  const struct tp_written_list *w, size_t proof_from_record)
{
	/* The build record is a file of the set too (manifest/build.json). */
	char record[PATH_MAX + 64];
	struct stat st;
	snprintf(record, sizeof record, "%s/%s", dir, TP_RECORD_NAME);
	long long record_bytes = stat(record, &st) == 0 ? (long long)st.st_size : -1;
	size_t total = w->n + (record_bytes >= 0);
	printf("tilepress: wrote %zu file%s to %s\n", total, total == 1 ? "" : "s", dir);
	size_t width = 8;
	for (size_t i = 0; i < s->game->n_sheets; i++)
		if (strlen(s->game->sheets[i].name) > width)
			width = strlen(s->game->sheets[i].name);
	int any_manifest = 0;
	for (size_t k = 0; k < w->n; k++)
		any_manifest |= w->v[k].sheet == TP_MANIFEST_SHEET;
	if (!any_manifest && record_bytes >= 0) {
		char size[32];
		human_size(size, sizeof size, record_bytes);
		printf("  %-*s  %s %s\n", (int)width, "manifest", TP_RECORD_NAME + strlen("manifest/"), size);
	}
	for (size_t k = 0; k < w->n; k++) {
		size_t sheet = w->v[k].sheet;
		size_t first = 0;
		while (first < k && w->v[first].sheet != sheet)
			first++;
		if (first < k)
			continue;   /* this sheet's line is printed */
		struct tp_buf line = { 0 };
		char size[32];
		if (sheet == TP_PREVIEW_SHEET) {
			human_size(size, sizeof size, w->v[k].bytes);
			tp_buf_printf(&line, "%s %s", TP_PREVIEW_NAME, size);
		} else if (sheet == TP_MANIFEST_SHEET) {
			for (size_t j = k; j < w->n; j++)
				if (w->v[j].sheet == sheet) {
					human_size(size, sizeof size, w->v[j].bytes);
					tp_buf_printf(&line, "%s%s %s", line.len ? ", " : "",
						      w->v[j].name + strlen("manifest/"), size);
				}
			if (record_bytes >= 0) {
				human_size(size, sizeof size, record_bytes);
				tp_buf_printf(&line, ", %s %s", TP_RECORD_NAME + strlen("manifest/"), size);
			}
		} else {
			for (size_t bi = 0; bi < tp_n_backends; bi++) {
				long long bytes = 0;
				int files = 0;
				for (size_t j = k; j < w->n; j++) {
					const char *ext = strrchr(w->v[j].name, '.');
					if (w->v[j].sheet == sheet && ext && strcmp(ext, tp_backends[bi].ext) == 0) {
						bytes += w->v[j].bytes;
						files++;
					}
				}
				if (files == 0)
					continue;
				human_size(size, sizeof size, bytes);
				if (files == 1)
					tp_buf_printf(&line, "%s%s %s", line.len ? ", " : "", tp_backends[bi].name, size);
				else
					tp_buf_printf(&line, "%s%s %s in %d files", line.len ? ", " : "",
						      tp_backends[bi].name, size, files);
			}
		}
		if (sheet == TP_PROOF_SHEET && proof_from_record)
			tp_buf_printf(&line, " (the %zu sheet%s already here, by the build record)",
				      proof_from_record, proof_from_record == 1 ? "" : "s");
		printf("  %-*s  %s\n", (int)width,
		       sheet == TP_MANIFEST_SHEET ? "manifest"
		       : sheet == TP_PROOF_SHEET ? "proof"
		       : sheet == TP_PREVIEW_SHEET ? "preview" : s->game->sheets[sheet].name,
		       line.s && !line.oom ? line.s : "");
		tp_buf_free(&line);
	}
}

/* "tilepress: 14 files written; drawing board (png)": the sheet named is
 * the next in the queue (with several workers, one of those in hand). */
static void progress(void *ctx, size_t idx, size_t done, size_t n)
{
	struct plan *pl = ctx;
	if (!pl->progress)
		return;
	if (idx != (size_t)-1 && pl->counts)
		pl->files_done += pl->counts[idx];
	const char *next = "";
	char what[160] = "finishing";
	if (done < n) {
		size_t t = pl->order ? pl->order[done] : done;
		next = pl->session->game->sheets[pl->tasks[t].sheet].name;
		snprintf(what, sizeof what, "drawing %s (%s)", next, tp_backends[pl->tasks[t].backend].name);
	}
	fprintf(stderr, "\r\033[Ktilepress: %d file%s written; %s", pl->files_done,
		pl->files_done == 1 ? "" : "s", what);
}

/* Writes pages[0..n-1] of one sheet as one file with backend b, marks
 * added for this file only and taken off again afterwards. */
static int write_file(struct plan *pl, const struct tp_config *c, const struct tp_backend *b,
		      const struct tp_sheet_def *def, struct tp_page *pages, size_t n,
		      const char *file, tp_err *e)
{
	int marks = c->print.marks && !b->raster;
	char title[160];
	snprintf(title, sizeof title, "%s: %s", c->print.job, def->title);
	struct tp_doc_info info = {
		.title = title, .job = c->print.job, .file = file, .epoch = pl->epoch,
		.dpi = c->print.dpi, .marks = marks,
		.output_condition = c->print.output_condition,
		.output_info = c->print.output_info,
		.output_registry = c->print.output_registry,
		.output_profile = c->print.output_profile,
		.pdfx4 = c->print.pdfx == TP_PDFX_4,
	};
	struct tp_scene_state *saved = tp_calloc(n, sizeof *saved);
	const struct tp_scene **scenes = tp_calloc(n, sizeof *scenes);
	int rc = TP_OK;
	size_t marked = 0;
	if (saved == NULL || scenes == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory writing %s", file);
	for (; rc == TP_OK && marked < n; marked++) {
		struct tp_page *pg = &pages[marked];
		tp_scene_save(pg->sc, &saved[marked]);
		scenes[marked] = pg->sc;
		struct tp_slug slug = { c->print.job, file, def->name, pl->epoch,
					pg->note[0] ? pg->note : NULL,
					{ pg->overlap[0], pg->overlap[1], pg->overlap[2], pg->overlap[3] } };
		if (marks && tp_sheet_marks(pg->sc, &slug) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory adding marks to %s", file);
	}
	struct tp_out o;
	if (rc == TP_OK)
		rc = tp_out_open(&o, pl->dir, file, e);
	if (rc == TP_OK) {
		rc = b->write(o.f, scenes, n, &info, e);
		if (rc == TP_OK) {
			rc = tp_out_commit(&o, e);
		} else {
			tp_out_abort(&o);
			/* Backends do not know where the file goes: say so here. */
			char msg[sizeof e->msg];
			snprintf(msg, sizeof msg, "%s: %s", o.final, e->msg);
			memcpy(e->msg, msg, sizeof msg);
		}
	}
	for (size_t i = 0; i < marked; i++)
		tp_scene_restore(pages[i].sc, &saved[i]);
	free(saved);
	free(scenes);
	if (rc == TP_OK)
		note_file(pl, file);
	return rc;
}

/* The pages of one sheet as they are written: built by the game, then
 * imposed or paneled (app/impose_game.h).  0, or -1 when out of memory (doc may
 * then only be freed). */
static int lay_out(const struct tp_session *s, size_t sheet, struct tp_doc *doc)
{
	const struct tp_sheet_def *def = &s->game->sheets[sheet];
	if (def->build(s->cfg, s->model, doc) != 0)
		return -1;
	return tp_impose_doc(s->cfg, s->model, def->name, doc);
}

/* "fronts (png)": task i, for a worker's failure. */
static void task_name(void *ctx, size_t i, char *buf, size_t n)
{
	const struct plan *pl = ctx;
	snprintf(buf, n, "%s (%s)", pl->session->game->sheets[pl->tasks[i].sheet].name,
		 tp_backends[pl->tasks[i].backend].name);
}

/* One task: lays out one sheet and writes it in one format. */
static int run_task(void *ctx, size_t i, struct tp_buf *out, int *count, tp_err *e)
{
	struct plan *pl = ctx;
	const struct tp_config *c = pl->session->cfg;
	const struct tp_sheet_def *def = &c->game->sheets[pl->tasks[i].sheet];
	const struct tp_backend *b = &tp_backends[pl->tasks[i].backend];
	pl->summary = out;
	pl->n_files = count;
	struct tp_doc doc = { 0 };
	int rc = TP_OK;
	if (lay_out(pl->session, pl->tasks[i].sheet, &doc) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory laying out %s", def->name);
	char file[200];
	int one_file = doc.n == 1 || b->multipage;
	/* A backend of one ink (the DXF of the die lines) writes only the
	 * pages that have it; the files keep the names they would have. */
	if (rc == TP_OK && b->only_ink) {
		size_t k = 0;
		for (size_t j = 0; j < doc.n; j++) {
			if (tp_scene_uses_ink(doc.pages[j].sc, b->only_ink))
				doc.pages[k++] = doc.pages[j];
			else
				tp_scene_free(doc.pages[j].sc);
		}
		doc.n = k;
	}
	if (rc == TP_OK && one_file && doc.n > 0) {
		snprintf(file, sizeof file, "%s%s", def->name, b->ext);
		rc = write_file(pl, c, b, def, doc.pages, doc.n, file, e);
	} else if (rc == TP_OK) {
		/* Single-page formats get one file per page, named after it. */
		for (size_t k = 0; rc == TP_OK && k < doc.n; k++) {
			snprintf(file, sizeof file, "%s-%s%s", def->name, doc.pages[k].sc->name, b->ext);
			rc = write_file(pl, c, b, def, &doc.pages[k], 1, file, e);
		}
	}
	tp_doc_free(&doc);
	return rc;
}

/* 1 when some page of the sheet draws in ink id, 0 when none does, -1
 * when out of memory.  Lays the sheet out once (milliseconds). */
static int sheet_uses_ink(const struct tp_session *s, size_t sheet, int id)
{
	struct tp_doc doc = { 0 };
	int used = 0;
	if (s->game->sheets[sheet].build(s->cfg, s->model, &doc) != 0)
		used = -1;
	for (size_t k = 0; used == 0 && k < doc.n; k++)
		used = tp_scene_uses_ink(doc.pages[k].sc, id);
	tp_doc_free(&doc);
	return used;
}

/* One task per wanted sheet and format.  0, or -1 when out of memory. */
static int plan_tasks(struct plan *pl)
{
	const struct tp_game *g = pl->session->game;
	pl->n_tasks = 0;
	pl->tasks = tp_calloc(g->n_sheets * tp_n_backends + 1, sizeof *pl->tasks);
	if (pl->tasks == NULL)
		return -1;
	for (size_t i = 0; i < g->n_sheets; i++) {
		if (!pl->want[i])
			continue;
		for (size_t bi = 0; bi < tp_n_backends; bi++) {
			if (!(pl->formats & (1u << bi)))
				continue;
			/* Plates are vector art for the die maker: no rasters. */
			if ((g->sheets[i].flags & TP_SHEET_PLATE) && tp_backends[bi].raster)
				continue;
			/* A backend of one ink skips sheets without it. */
			if (tp_backends[bi].only_ink) {
				int used = sheet_uses_ink(pl->session, i, tp_backends[bi].only_ink);
				if (used < 0)
					return -1;
				if (!used)
					continue;
			}
			pl->tasks[pl->n_tasks].sheet = i;
			pl->tasks[pl->n_tasks].backend = bi;
			pl->n_tasks++;
		}
	}
	return 0;
}

/* Bleed-box area of every page of a sheet, in mm^2 (-1 when out of
 * memory). */
static double sheet_area(const struct tp_session *s, size_t sheet)
{
	struct tp_doc doc = { 0 };
	double a = 0;
	/* Gang sheets as built (panels or not, the pixels are about the
	 * same); punchboard sheets as imposed, gutters and margins included. */
	int rc = s->cfg->print.layout == TP_LAYOUT_PUNCHBOARD
			 ? lay_out(s, sheet, &doc)
			 : s->game->sheets[sheet].build(s->cfg, s->model, &doc);
	if (rc != 0) {
		tp_doc_free(&doc);
		return -1;
	}
	for (size_t k = 0; k < doc.n; k++) {
		const struct tp_scene *sc = doc.pages[k].sc;
		a += (sc->trim_w + 2 * sc->bleed) * (sc->trim_h + 2 * sc->bleed);
	}
	tp_doc_free(&doc);
	return a;
}

/* Lays each raster task's sheet out once (milliseconds) for its area, which
 * both the huge-raster rule and the largest-first order use. */
static void estimate_areas(struct plan *pl)
{
	for (size_t i = 0; i < pl->n_tasks; i++)
		pl->tasks[i].area = tp_backends[pl->tasks[i].backend].raster
					    ? sheet_area(pl->session, pl->tasks[i].sheet)
					    : 0;
}

/* Rasters this large (the level-3 sheets are 6 to 25 Gpx at 300 dpi)
 * take hours and gigabytes of PNG: they are written only when --formats
 * asks for PNG by name.  Every level 1 and 2 sheet at 300 dpi is below. */
#define TP_PNG_AUTO_MAX_PX 2e9

static void drop_huge_rasters(struct plan *pl, int quiet)
{
	size_t k = 0;
	for (size_t i = 0; i < pl->n_tasks; i++) {
		double dpmm = pl->session->cfg->print.dpi / 25.4;
		double px = pl->tasks[i].area * dpmm * dpmm;
		if (px > TP_PNG_AUTO_MAX_PX) {
			if (!quiet)
				fprintf(stderr, "tilepress: %s: %.1f Gpx at %g dpi; PNG skipped (ask for it with --formats png)\n",
					pl->session->game->sheets[pl->tasks[i].sheet].name, px / 1e9,
					pl->session->cfg->print.dpi);
			continue;
		}
		pl->tasks[k++] = pl->tasks[i];
	}
	pl->n_tasks = k;
}

/* The estimate of every task (build_estimate.h).  TP_OK or TP_EIO. */
static int estimate_tasks(const struct plan *pl, struct tp_estimate *est, tp_err *e)
{
	for (size_t i = 0; i < pl->n_tasks; i++)
		if (tp_estimate_task(pl->session, pl->tasks[i].sheet,
				     &tp_backends[pl->tasks[i].backend], est) != 0)
			return tp_fail(e, TP_EIO, "out of memory estimating the build");
	return TP_OK;
}

int tp_build_estimate(const struct tp_cli *cli, const struct tp_session *s,
		      struct tp_estimate *est, tp_err *e)
{
	struct plan pl = { 0 };
	pl.session = s;
	pl.formats = s->cfg->print.formats;
	pl.want = tp_calloc(s->game->n_sheets + 1, sizeof *pl.want);
	int rc = pl.want ? parse_only(cli, s->cfg, &pl, e)
			 : tp_fail(e, TP_EIO, "out of memory planning the build");
	if (rc == TP_OK && plan_tasks(&pl) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory planning the build");
	if (rc == TP_OK) {
		estimate_areas(&pl);
		drop_huge_rasters(&pl, 1);
		rc = estimate_tasks(&pl, est, e);
	}
	free(pl.tasks);
	free(pl.want);
	return rc;
}

/* The names of the files besides the sheets' that the build will write:
 * the manifest files, the contact sheet and the preview page.  0, or -1 when out of memory. */
static int predict_other_names(const struct plan *pl, const struct tp_session *s,
			       struct tp_written_list *w)
{
	char rel[300];
	int bad = 0;
	for (size_t i = 0; pl->want_manifest && i < s->game->n_files; i++) {
		snprintf(rel, sizeof rel, "manifest/%s", s->game->files[i].name);
		bad |= tp_written_add(w, rel, 0, 0);
	}
	if (pl->want_manifest && s->cfg->print.layout == TP_LAYOUT_PUNCHBOARD)
		bad |= tp_written_add(w, "manifest/punch.csv", 0, 0);
	if (pl->want_manifest)
		bad |= tp_written_add(w, "manifest/inks.csv", 0, 0) |
		       tp_written_add(w, "manifest/preflight.txt", 0, 0) |
		       tp_written_add(w, "manifest/preflight.json", 0, 0);
	static const char *const proofs[] = { "pdf", "png" };
	for (size_t f = 0; pl->want_proof && f < 2; f++) {
		const struct tp_backend *b = tp_backend_find(proofs[f]);
		if (b && (pl->formats & (1u << (b - tp_backends)))) {
			snprintf(rel, sizeof rel, "proof%s", b->ext);
			bad |= tp_written_add(w, rel, 0, 0);
		}
	}
	/* The preview page follows any build that writes a file. */
	if (w->n > 0)
		bad |= tp_written_add(w, "index.html", 0, 0);
	return bad;
}

/* Raster tasks dominate and grow with the sheet area; handing the largest
 * out first keeps every worker busy to the end. */
static void order_tasks(const struct plan *pl, size_t *order)
{
	for (size_t i = 0; i < pl->n_tasks; i++)
		order[i] = i;
	/* Insertion sort, stable: equal areas keep sheet order. */
	for (size_t i = 1; i < pl->n_tasks; i++)
		for (size_t k = i; k > 0 && pl->tasks[order[k]].area > pl->tasks[order[k - 1]].area; k--) {
			size_t t = order[k];
			order[k] = order[k - 1];
			order[k - 1] = t;
		}
}

struct recorded {
	const struct tp_game *g;
	int *shown;
};

static void mark_recorded(const char *path, void *ctx)
{
	struct recorded *r = ctx;
	long i = tp_preview_sheet_of(r->g, path);
	if (i >= 0)
		r->shown[i] = 1;
}

/* The sheets the contact sheet shows: those this build writes; when it
 * writes none (--only proof), those already in the folder, as its build
 * record lists them.  Returns how many come from the record.  in_folder:
 * the sheets an earlier build of this config recorded (the preview page
 * shows them too). */
static size_t proof_sheets(const struct plan *pl, const struct tp_game *g, int *shown,
			   const int *in_folder)
{
	size_t any = 0;
	for (size_t i = 0; i < g->n_sheets; i++)
		any += (size_t)(shown[i] = pl->want[i]);
	if (any)
		return 0;
	for (size_t i = 0; i < g->n_sheets; i++)
		any += (size_t)(shown[i] = in_folder[i]);
	return any;
}

/* The contact sheet (proof.pdf, proof.png): every wanted sheet's first
 * page as a thumbnail, with the game's summary.  Laid out in the parent
 * after the sheets, so it shows exactly what the build wrote (or, for
 * --only proof, what the folder's record says is there). */
static int write_proof(struct plan *pl, const struct tp_session *s, tp_err *e)
{
	const struct tp_game *g = s->game;
	struct tp_doc *docs = tp_calloc(g->n_sheets + 1, sizeof *docs);
	struct tp_proof_item *items = tp_calloc(g->n_sheets + 1, sizeof *items);
	const int *shown = pl->shown;
	size_t from_record = pl->from_record;
	struct tp_doc proof = { 0 };
	struct tp_buf text = { 0 };
	int rc = docs && items ? TP_OK : tp_fail(e, TP_EIO, "out of memory laying out the proof");
	size_t n = 0;
	for (size_t i = 0; rc == TP_OK && i < g->n_sheets; i++) {
		if (!shown[i])
			continue;
		/* Punchboard: the first press sheet (or panel), as written. */
		int built = s->cfg->print.layout == TP_LAYOUT_PUNCHBOARD
				    ? lay_out(s, i, &docs[n])
				    : g->sheets[i].build(s->cfg, s->model, &docs[n]);
		if (built != 0)
			rc = tp_fail(e, TP_EIO, "out of memory laying out %s for the proof", g->sheets[i].name);
		items[n].name = g->sheets[i].name;
		items[n].doc = &docs[n];
		n++;
	}
	if (rc == TP_OK) {
		g->summary(&text, s->cfg, s->model);
		if (from_record)
			tp_buf_printf(&text, "sheets: the %zu already in this folder, as its build record (manifest/build.json) lists them\n",
				      from_record);
		/* The preflight's verdict, for whoever reviews the set. */
		if (pl->pf)
			tp_buf_printf(&text, "preflight (manifest/preflight.txt): %zu pages, %zu errors, %zu warnings%s\n",
				      pl->pf->pages, pl->pf->errors, pl->pf->warnings,
				      pl->pf->errors ? " - built with --accept-preflight" : "");
		char title[200];
		snprintf(title, sizeof title, "%s: contact sheet, %zu sheet%s", s->cfg->print.job, n,
			 n == 1 ? "" : "s");
		if (text.oom || tp_proof_layout(&s->cfg->print.inks, title, items, n, text.s, &proof) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory laying out the proof");
	}
	static const struct tp_sheet_def def = { .name = "proof", .title = "contact sheet" };
	static const char *const formats[] = { "pdf", "png" };
	for (size_t f = 0; rc == TP_OK && f < 2; f++) {
		const struct tp_backend *b = tp_backend_find(formats[f]);
		char file[32];
		/* The proof follows the formats asked for, PDF and PNG only. */
		if (b == NULL || !(pl->formats & (1u << (b - tp_backends))))
			continue;
		snprintf(file, sizeof file, "proof%s", b->ext);
		rc = write_file(pl, s->cfg, b, &def, proof.pages, proof.n, file, e);
	}
	tp_doc_free(&proof);
	for (size_t i = 0; docs && i < n; i++)
		tp_doc_free(&docs[i]);
	free(docs);
	free(items);
	tp_buf_free(&text);
	return rc;
}

/* The ink report (manifest/inks.csv): coverage per plate and the maximum
 * total area coverage of every page of every sheet this build writes, as
 * laid out before marks and panels (src/print/inkcov.h).  4 px per mm,
 * fewer on pages over 2 Mpx (1440 x 1440 px). */
#define TP_INKCOV_PX_PER_MM 4.0
#define TP_INKCOV_MAX_PX 2e6

static int ink_report(const struct plan *pl, const struct tp_session *s, struct tp_buf *b, tp_err *e)
{
	const struct tp_game *g = s->game;
	int rc = TP_OK;
	tp_inkcov_csv_header(b);
	for (size_t i = 0; rc == TP_OK && i < g->n_sheets; i++) {
		if (!pl->want[i])
			continue;
		struct tp_doc doc = { 0 };
		if (g->sheets[i].build(s->cfg, s->model, &doc) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory laying out %s", g->sheets[i].name);
		for (size_t k = 0; rc == TP_OK && k < doc.n; k++) {
			struct tp_inkcov cov;
			rc = tp_inkcov_scene(doc.pages[k].sc, TP_INKCOV_PX_PER_MM, TP_INKCOV_MAX_PX, &cov, e);
			if (rc == TP_OK)
				tp_inkcov_csv(b, g->sheets[i].name, (int)k + 1, &cov);
		}
		tp_doc_free(&doc);
	}
	return rc;
}

static int write_manifest(struct plan *pl, const struct tp_session *s, tp_err *e)
{
	char mdir[4096];
	if ((size_t)snprintf(mdir, sizeof mdir, "%s/manifest", pl->dir) >= sizeof mdir)
		return tp_fail(e, TP_EINPUT, "-o %.60s...: the path is too long", pl->dir);
	int rc = tp_mkdirs(mdir, e);
	for (size_t i = 0; rc == TP_OK && i < s->game->n_files; i++) {
		const struct tp_report_file *f = &s->game->files[i];
		struct tp_buf b = { 0 };
		f->format(&b, s->cfg, s->model, f->arg);
		if (b.oom)
			rc = tp_fail(e, TP_EIO, "out of memory formatting %s", f->name);
		else
			rc = tp_out_write(mdir, f->name, b.s, b.len, e);
		tp_buf_free(&b);
		if (rc == TP_OK) {
			char rel[300];
			snprintf(rel, sizeof rel, "manifest/%s", f->name);
			note_file(pl, rel);
		}
	}
	/* Where every tile lies on the press sheets, for the die maker. */
	if (rc == TP_OK && s->cfg->print.layout == TP_LAYOUT_PUNCHBOARD) {
		struct tp_buf b = { 0 };
		int any = tp_impose_csv(&b, s->cfg, s->model);
		if (any && b.oom)
			rc = tp_fail(e, TP_EIO, "out of memory formatting punch.csv");
		else if (any)
			rc = tp_out_write(mdir, "punch.csv", b.s, b.len, e);
		tp_buf_free(&b);
		if (any && rc == TP_OK)
			note_file(pl, "manifest/punch.csv");
	}
	for (int k = 0; rc == TP_OK && pl->pf && k < 2; k++) {
		static const char *const names[2] = { "preflight.txt", "preflight.json" };
		struct tp_buf b = { 0 };
		(k ? tp_preflight_json : tp_preflight_text)(pl->pf, &b);
		rc = b.oom ? tp_fail(e, TP_EIO, "out of memory formatting %s", names[k])
			   : tp_out_write(mdir, names[k], b.s, b.len, e);
		tp_buf_free(&b);
		if (rc == TP_OK) {
			char rel[64];
			snprintf(rel, sizeof rel, "manifest/%s", names[k]);
			note_file(pl, rel);
		}
	}
	if (rc == TP_OK) {
		struct tp_buf b = { 0 };
		rc = ink_report(pl, s, &b, e);
		if (rc == TP_OK && b.oom)
			rc = tp_fail(e, TP_EIO, "out of memory formatting inks.csv");
		if (rc == TP_OK)
			rc = tp_out_write(mdir, "inks.csv", b.s, b.len, e);
		tp_buf_free(&b);
		if (rc == TP_OK)
			note_file(pl, "manifest/inks.csv");
	}
	return rc;
}

int tp_cmd_build(const struct tp_cli *cli, tp_err *e)
{
	struct tp_session s;
	int rc = tp_cli_session_open(&s, cli, e);
	if (rc != TP_OK)
		return rc;
	const struct tp_game *g = s.game;
	struct plan pl = { 0 };
	struct tp_buf manifest_summary = { 0 };
	int manifest_files = 0;
	pl.summary = &manifest_summary;
	pl.n_files = &manifest_files;
	pl.session = &s;
	char dir[PATH_MAX];
	tp_session_out_dir(cli->out_dir, s.cfg, dir, sizeof dir);
	pl.dir = dir;
	pl.formats = s.cfg->print.formats;
	pl.progress = !cli->quiet && isatty(2);
	pl.want = tp_calloc(g->n_sheets + 1, sizeof *pl.want);
	if (pl.want == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory planning the build");
	/* Every input check comes before the first write. */
	if (rc == TP_OK)
		rc = parse_epoch(&pl.epoch, e);
	if (rc == TP_OK && cli->formats)
		rc = parse_formats(cli->formats, &pl.formats, e);
	if (rc == TP_OK)
		rc = parse_only(cli, s.cfg, &pl, e);
	pl.shown = tp_calloc(g->n_sheets + 1, sizeof *pl.shown);
	int *in_folder = tp_calloc(g->n_sheets + 1, sizeof *in_folder);
	if (rc == TP_OK && (pl.shown == NULL || in_folder == NULL))
		rc = tp_fail(e, TP_EIO, "out of memory planning the build");
	if (rc == TP_OK && tp_session_same_edition(pl.dir, s.cfg)) {
		struct recorded r = { g, in_folder };
		tp_record_each(pl.dir, mark_recorded, &r);
	}
	if (rc == TP_OK && pl.want_proof)
		pl.from_record = proof_sheets(&pl, g, pl.shown, in_folder);
	/* What the contact sheet and the preview page lay out, prepared. */
	for (size_t i = 0; rc == TP_OK && i < g->n_sheets; i++)
		if ((pl.want[i] || pl.shown[i] || in_folder[i]) && g->sheets[i].prepare)
			rc = g->sheets[i].prepare(s.cfg, e);
	free(in_folder);
	if (rc == TP_OK && plan_tasks(&pl) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory planning the build");
	int jobs = cli->jobs ? cli->jobs : tp_jobs_default();
	/* A large PNG uses the cores the other sheets leave idle. */
	tp_png_set_threads(jobs);
	/* The preflight: before anything is written, errors stop the build. */
	struct tp_preflight pf = { 0 };
	if (rc == TP_OK)
		rc = tp_preflight_sheets(&s, pl.want, &pf, e);
	if (rc == TP_OK && pf.errors && !cli->accept_preflight) {
		tp_preflight_stderr(&pf, 5);
		rc = tp_fail(e, TP_EINPUT,
			     "preflight: %zu error%s a factory would reject; nothing written (fix them, or build with --accept-preflight)",
			     pf.errors, pf.errors == 1 ? "" : "s");
	}
	pl.pf = &pf;
	if (rc == TP_OK && (!cli->formats || jobs > 1))
		estimate_areas(&pl);
	if (rc == TP_OK && !cli->formats)
		drop_huge_rasters(&pl, cli->quiet);
	/* Too many files or pixels for what the user expects: refused before
	 * anything is drawn (print.max_files, print.max_gpx). */
	struct tp_written_list predicted = { 0 };
	struct tp_estimate est = { .names = &predicted };
	if (rc == TP_OK)
		rc = estimate_tasks(&pl, &est, e);
	if (rc == TP_OK)
		rc = tp_estimate_check(&s, &est, e);
	if (rc == TP_OK && predict_other_names(&pl, &s, &predicted) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory planning the build");
	size_t n = pl.n_tasks + 1;
	struct tp_buf *reports = tp_calloc(n, sizeof *reports);
	int *counts = tp_calloc(n, sizeof *counts);
	size_t *order = tp_calloc(n, sizeof *order);
	if (rc == TP_OK && (reports == NULL || counts == NULL || order == NULL))
		rc = tp_fail(e, TP_EIO, "out of memory planning the build");
	if (rc == TP_OK && jobs > 1)
		order_tasks(&pl, order);
	if (rc == TP_OK)
		tp_session_warn_edition(pl.dir, s.cfg, cli->quiet);
	/* From here on every file goes into the staging folder, and into
	 * place only once the whole set is written (build_txn.h). */
	struct tp_build_txn txn;
	if (rc == TP_OK)
		rc = tp_build_txn_begin(&txn, pl.dir, cli, e);
	else
		memset(&txn, 0, sizeof txn);
	/* Files of these names that tilepress did not write: refused before
	 * the first is drawn (checked again, exactly, at the end). */
	if (rc == TP_OK)
		rc = tp_build_txn_precheck(&txn, cli, &predicted, e);
	tp_written_free(&predicted);
	const char *out_dir = pl.dir;
	pl.dir = txn.od.stage;
	if (rc == TP_OK && pl.want_manifest)
		rc = write_manifest(&pl, &s, e);
	pl.order = jobs > 1 ? order : NULL;
	pl.counts = counts;
	pl.files_done = manifest_files;
	if (rc == TP_OK)
		rc = tp_jobs_run(pl.n_tasks, jobs > 1 ? order : NULL, jobs, run_task, &pl,
				 reports, counts, progress, task_name, e);
	if (pl.progress)
		fprintf(stderr, "\r\033[K");
	struct tp_buf proof_report = { 0 };
	if (rc == TP_OK && pl.want_proof) {
		pl.summary = &proof_report;
		rc = write_proof(&pl, &s, e);
	}
	/* The record and summary list files in task order, however the
	 * workers ran. */
	struct tp_written_list written = { 0 };
	if (rc == TP_OK && collect(&written, &manifest_summary, TP_MANIFEST_SHEET) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory listing the files written");
	for (size_t i = 0; reports && i < pl.n_tasks; i++) {
		if (rc == TP_OK && collect(&written, &reports[i], pl.tasks[i].sheet) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory listing the files written");
		tp_buf_free(&reports[i]);
	}
	if (rc == TP_OK && collect(&written, &proof_report, TP_PROOF_SHEET) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory listing the files written");
	tp_buf_free(&proof_report);
	/* The preview page, after every other file and before the record,
	 * which lists it. */
	if (rc == TP_OK && written.n > 0)
		rc = tp_preview_write(&s, pl.dir, out_dir, &written, pl.pf, pl.epoch, e);
	if (rc == TP_OK)
		rc = tp_build_txn_commit(&txn, cli, s.cfg, &written, pl.epoch, e);
	tp_build_txn_close(&txn, e);
	if (rc == TP_OK && !cli->quiet) {
		print_summary(&s, out_dir, &written, pl.from_record);
		tp_preflight_stderr(&pf, 5);
	}
	tp_preflight_free(&pf);
	if (rc == TP_OK)
		tp_session_warnings(&s, cli->quiet);
	tp_written_free(&written);
	tp_buf_free(&manifest_summary);
	free(reports);
	free(counts);
	free(order);
	free(pl.tasks);
	free(pl.want);
	free(pl.shown);
	tp_session_close(&s);
	return rc;
}
