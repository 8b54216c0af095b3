/* tilepress build: validate everything, then write the manifest files and
 * the artwork, each file atomically. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "backend.h"
#include "cli.h"
#include "jobs.h"
#include "outfile.h"
#include "series_sheets.h"
#include "session.h"
#include "sheet.h"
#include "template.h"

/* With SOURCE_DATE_EPOCH unset, dates are this fixed instant so that two
 * builds of one config are byte-identical: 2000-01-01 00:00 UTC. */
#define TP_FIXED_EPOCH 946684800LL

struct plan {
	int want_manifest;
	int want[32];         /* by index in tp_series_sheets */
	unsigned formats;     /* bit per tp_backends row */
	long long epoch;
	const char *dir;
	int progress;
	struct tp_buf *summary;  /* where note_file() reports: the current task's */
	int *n_files;
	/* The work after the manifest: one task per sheet and format. */
	const struct tp_session *session;
	struct task { unsigned char sheet, backend; } tasks[64 * 4];
	size_t n_tasks;
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
			return tp_fail(e, TP_EINPUT, "--formats %s: '%.*s' is not a format; allowed: pdf, png, svg",
				       list, (int)len, s);
		f |= 1u << (b - tp_backends);
		s += len;
		if (*s == ',')
			s++;
	}
	if (f == 0)
		return tp_fail(e, TP_EINPUT, "--formats: empty; allowed: a comma list of pdf, png, svg");
	*out = f;
	return TP_OK;
}

static int parse_only(const struct tp_cli *cli, const struct tp_config *c, struct plan *pl, tp_err *e)
{
	int backs = c->rules.backs, plates = c->emboss.plates;
	if (cli->only == NULL) {
		pl->want_manifest = 1;
		for (size_t i = 0; i < tp_n_series_sheets; i++) {
			unsigned f = tp_series_sheets[i].flags;
			pl->want[i] = (backs || !(f & TP_SHEET_BACKS)) && (plates || !(f & TP_SHEET_PLATE));
		}
		return TP_OK;
	}
	const char *s = cli->only;
	while (*s) {
		size_t len = strcspn(s, ",");
		char name[32];
		int found = 0;
		if (len < sizeof name) {
			memcpy(name, s, len);
			name[len] = '\0';
			if (strcmp(name, "manifest") == 0) {
				pl->want_manifest = found = 1;
			} else {
				const struct tp_sheet_def *d = tp_series_sheet_find(name);
				if (d && (d->flags & TP_SHEET_BACKS) && !backs)
					return tp_fail(e, TP_EINPUT,
						       "--only %s: the tutorial edition (series.backs = off) has no %s",
						       cli->only, name);
				if (d && (d->flags & TP_SHEET_PLATE) && !plates)
					return tp_fail(e, TP_EINPUT,
						       "--only %s: %s is a blind-edition plate; set emboss.plates = on (see config/series-blind.ini)",
						       cli->only, name);
				if (d) {
					pl->want[d - tp_series_sheets] = 1;
					found = 1;
				}
			}
		}
		if (!found) {
			char allowed[300] = "manifest";
			for (size_t i = 0; i < tp_n_series_sheets; i++) {
				size_t l = strlen(allowed);
				snprintf(allowed + l, sizeof allowed - l, ", %s", tp_series_sheets[i].name);
			}
			return tp_fail(e, TP_EINPUT, "--only %s: '%.*s' is not a sheet; allowed: %s",
				       cli->only, (int)len, s, allowed);
		}
		s += len;
		if (*s == ',')
			s++;
	}
	return TP_OK;
}

static void note_file(struct plan *pl, const char *name)
{
	char path[4096];
	struct stat st;
	snprintf(path, sizeof path, "%s/%s", pl->dir, name);
	double kb = stat(path, &st) == 0 ? st.st_size / 1024.0 : 0;
	if (kb >= 1024)
		tp_buf_printf(pl->summary, ", %s %.1f MB", name, kb / 1024);
	else
		tp_buf_printf(pl->summary, ", %s %.0f kB", name, kb < 1 ? 1 : kb);
	(*pl->n_files)++;
}

static void progress(void *ctx, size_t done, size_t n)
{
	const struct plan *pl = ctx;
	if (pl->progress)
		fprintf(stderr, "\rtilepress: %zu of %zu sheet files done", done, n);
}

/* Writes pages[0..n-1] of one sheet as one file with backend b, marks
 * added for this file only and taken off again afterwards. */
static int write_file(struct plan *pl, const struct tp_config *c, const struct tp_backend *b,
		      const struct tp_sheet_def *def, struct tp_page *pages, size_t n,
		      const char *file, tp_err *e)
{
	int marks = c->print.marks && strcmp(b->name, "png") != 0;
	char title[160];
	snprintf(title, sizeof title, "%s: %s", c->print.job, def->title);
	struct tp_doc_info info = {
		.title = title, .job = c->print.job, .file = file, .epoch = pl->epoch,
		.dpi = c->print.dpi, .marks = marks,
		.output_condition = c->print.output_condition,
		.output_info = c->print.output_info,
		.output_registry = c->print.output_registry,
		.output_profile = c->print.output_profile,
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

/* One task: lays out one sheet and writes it in one format. */
static int run_task(void *ctx, size_t i, struct tp_buf *out, int *count, tp_err *e)
{
	struct plan *pl = ctx;
	const struct tp_config *c = pl->session->cfg;
	const struct tp_sheet_def *def = &tp_series_sheets[pl->tasks[i].sheet];
	const struct tp_backend *b = &tp_backends[pl->tasks[i].backend];
	pl->summary = out;
	pl->n_files = count;
	struct tp_doc doc = { 0 };
	int rc = TP_OK;
	double margin = c->print.marks ? TP_MARK_MARGIN_MM : 0;
	if (def->build(c, pl->session->pat, &doc) != 0 ||
	    tp_doc_panelize(&doc, c->print.max_sheet_mm, c->print.panel_overlap_mm, margin) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory laying out %s", def->name);
	char file[200];
	if (rc == TP_OK && (doc.n == 1 || b->multipage)) {
		snprintf(file, sizeof file, "%s%s", def->name, b->ext);
		rc = write_file(pl, c, b, def, doc.pages, doc.n, file, e);
	} else {
		/* Single-page formats get one file per page, named after it. */
		for (size_t k = 0; rc == TP_OK && k < doc.n; k++) {
			snprintf(file, sizeof file, "%s-%s%s", def->name, doc.pages[k].sc->name, b->ext);
			rc = write_file(pl, c, b, def, &doc.pages[k], 1, file, e);
		}
	}
	tp_doc_free(&doc);
	return rc;
}

static void plan_tasks(struct plan *pl)
{
	pl->n_tasks = 0;
	for (size_t i = 0; i < tp_n_series_sheets; i++) {
		if (!pl->want[i])
			continue;
		for (size_t bi = 0; bi < tp_n_backends; bi++) {
			if (!(pl->formats & (1u << bi)))
				continue;
			/* Plates are vector art for the die maker: PDF and SVG only. */
			if ((tp_series_sheets[i].flags & TP_SHEET_PLATE) &&
			    strcmp(tp_backends[bi].name, "png") == 0)
				continue;
			pl->tasks[pl->n_tasks].sheet = (unsigned char)i;
			pl->tasks[pl->n_tasks].backend = (unsigned char)bi;
			pl->n_tasks++;
		}
	}
}

/* Raster tasks dominate and grow with the sheet area; handing the largest
 * out first keeps every worker busy to the end.  The estimate lays each
 * sheet out once (milliseconds) and adds up its page areas. */
static void order_tasks(const struct plan *pl, size_t *order)
{
	double cost[sizeof pl->tasks / sizeof pl->tasks[0]];
	const struct tp_config *c = pl->session->cfg;
	for (size_t i = 0; i < pl->n_tasks; i++) {
		order[i] = i;
		cost[i] = 0;
		if (strcmp(tp_backends[pl->tasks[i].backend].name, "png") != 0)
			continue;
		struct tp_doc doc = { 0 };
		if (tp_series_sheets[pl->tasks[i].sheet].build(c, pl->session->pat, &doc) == 0)
			for (size_t k = 0; k < doc.n; k++)
				cost[i] += (doc.pages[k].sc->trim_w + 2 * doc.pages[k].sc->bleed) *
					   (doc.pages[k].sc->trim_h + 2 * doc.pages[k].sc->bleed);
		tp_doc_free(&doc);
	}
	/* Insertion sort, stable: equal costs keep sheet order. */
	for (size_t i = 1; i < pl->n_tasks; i++)
		for (size_t k = i; k > 0 && cost[order[k]] > cost[order[k - 1]]; k--) {
			size_t t = order[k];
			order[k] = order[k - 1];
			order[k - 1] = t;
		}
}

static int write_manifest(struct plan *pl, const struct tp_session *s, tp_err *e)
{
	char mdir[4096];
	snprintf(mdir, sizeof mdir, "%s/manifest", pl->dir);
	int rc = tp_mkdirs(mdir, e);
	struct tp_run one = { 1, 0 };
	static const struct { const char *name; int fmt; int table; } files[] = {
		{ "table1.csv", TP_FMT_CSV, 1 }, { "table1.json", TP_FMT_JSON, 1 },
		{ "table1.txt", TP_FMT_TEXT, 1 }, { "tiles.csv", TP_FMT_CSV, 0 },
	};
	for (size_t i = 0; rc == TP_OK && i < sizeof files / sizeof files[0]; i++) {
		struct tp_buf b = { 0 };
		if (files[i].table)
			tp_manifest_format(&b, s->pat, s->cfg, &one, files[i].fmt);
		else
			tp_pattern_format(&b, s->pat, files[i].fmt);
		if (b.oom)
			rc = tp_fail(e, TP_EIO, "out of memory formatting %s", files[i].name);
		else
			rc = tp_out_write(mdir, files[i].name, b.s, b.len, e);
		tp_buf_free(&b);
		if (rc == TP_OK) {
			char rel[64];
			snprintf(rel, sizeof rel, "manifest/%s", files[i].name);
			note_file(pl, rel);
		}
	}
	return rc;
}

int tp_cmd_build(const struct tp_cli *cli, tp_err *e)
{
	struct tp_session s;
	int rc = tp_session_open(&s, cli, e);
	if (rc != TP_OK)
		return rc;
	struct plan pl = { 0 };
	struct tp_buf manifest_summary = { 0 };
	int manifest_files = 0;
	pl.summary = &manifest_summary;
	pl.n_files = &manifest_files;
	pl.session = &s;
	pl.dir = cli->out_dir ? cli->out_dir : "output/series";
	pl.formats = s.cfg->print.formats;
	pl.progress = !cli->quiet && isatty(2);
	/* Every input check comes before the first write. */
	rc = parse_epoch(&pl.epoch, e);
	if (rc == TP_OK && cli->formats)
		rc = parse_formats(cli->formats, &pl.formats, e);
	else if (rc == TP_OK && s.cfg->level >= 3 &&
		 (pl.formats & (1u << (tp_backend_find("png") - tp_backends)))) {
		/* Level-3 rasters run to ~150,000 px a side: only on request. */
		pl.formats &= ~(1u << (tp_backend_find("png") - tp_backends));
		if (!cli->quiet)
			fprintf(stderr, "tilepress: level %d: PNG skipped; ask for it with --formats png\n",
				s.cfg->level);
	}
	if (rc == TP_OK)
		rc = parse_only(cli, s.cfg, &pl, e);
	struct tp_template *installed = NULL;
	const struct tp_sheet_def *tdef = tp_series_sheet_find("templates");
	if (rc == TP_OK && tdef && pl.want[tdef - tp_series_sheets]) {
		rc = tp_template_list(&installed, &s.cfg->n_installed, e);
		s.cfg->installed = installed;
	}
	if (rc == TP_OK)
		rc = tp_mkdirs(pl.dir, e);
	if (rc == TP_OK && pl.want_manifest)
		rc = write_manifest(&pl, &s, e);
	plan_tasks(&pl);
	struct tp_buf reports[sizeof pl.tasks / sizeof pl.tasks[0]];
	int counts[sizeof pl.tasks / sizeof pl.tasks[0]];
	memset(reports, 0, sizeof reports);
	memset(counts, 0, sizeof counts);
	size_t order[sizeof pl.tasks / sizeof pl.tasks[0]];
	int jobs = cli->jobs ? cli->jobs : tp_jobs_default();
	if (rc == TP_OK && jobs > 1)
		order_tasks(&pl, order);
	if (rc == TP_OK)
		rc = tp_jobs_run(pl.n_tasks, jobs > 1 ? order : NULL, jobs, run_task, &pl,
				 reports, counts, progress, e);
	if (pl.progress)
		fprintf(stderr, "\r%60s\r", "");
	/* The summary lists files in task order, however the workers ran. */
	int total = manifest_files;
	for (size_t i = 0; i < pl.n_tasks; i++) {
		total += counts[i];
		if (reports[i].len)
			tp_buf_printf(&manifest_summary, "%s", reports[i].s);
		tp_buf_free(&reports[i]);
	}
	if (rc == TP_OK && !cli->quiet && !manifest_summary.oom)
		printf("tilepress: wrote %d files to %s:%s\n", total, pl.dir,
		       manifest_summary.s ? manifest_summary.s + 1 : "");
	tp_buf_free(&manifest_summary);
	free(installed);
	tp_session_close(&s);
	return rc;
}
