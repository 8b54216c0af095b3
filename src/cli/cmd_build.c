/* tilepress build: the build (app/build/pipeline.h) as the command line
 * asks for it, its notes, findings and summary printed. */

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/build.h"
#include "app/build/pipeline.h"
#include "app/build/preview.h"
#include "app/build_record.h"
#include "app/playtest.h"
#include "app/session.h"
#include "cli/cli.h"
#include "print/backend/backend.h"

static void human_size(char *out, size_t n, long long bytes)
{
	double kb = bytes / 1024.0;
	if (kb >= 1024)
		snprintf(out, n, "%.1f MB", kb / 1024);
	else
		snprintf(out, n, "%.0f kB", kb < 1 ? 1 : kb);
}

/* One line per sheet: its formats with size (and file count when a
 * format needs one file a page). */
/* The toner the playtest kit's pages take, a sheet of paper a line (its
 * front and back), and the mean page. */
static void toner_lines(int width)
{
	const double *v;
	size_t n = tp_playtest_toner(&v);
	if (n == 0)
		return;
	printf("  %-*s  toner per page, %% of the page: cyan magenta yellow black\n", width, "");
	double sum[4] = { 0, 0, 0, 0 };
	for (size_t p = 0; p < n; p++) {
		for (int k = 0; k < 4; k++)
			sum[k] += v[4 * p + k];
		if (p % 2 == 0)
			printf("  %-*s  sheet %zu: front %.2f %.2f %.2f %.2f", width, "", p / 2 + 1,
			       v[4 * p], v[4 * p + 1], v[4 * p + 2], v[4 * p + 3]);
		else
			printf(", back %.2f %.2f %.2f %.2f", v[4 * p], v[4 * p + 1], v[4 * p + 2],
			       v[4 * p + 3]);
		if (p % 2 == 1 || p + 1 == n)
			printf("\n");
	}
	printf("  %-*s  mean page: %.2f %.2f %.2f %.2f\n", width, "", sum[0] / n, sum[1] / n,
	       sum[2] / n, sum[3] / n);
}

static void print_summary(void *ctx, const struct tp_session *s, const char *dir,
			  const struct tp_written_list *w, size_t proof_from_record)
{
	(void)ctx;
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
		printf("  %-*s  %s %s\n", (int)width, "manifest", &TP_RECORD_NAME[strlen("manifest/")], size);
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
		} else if (sheet == TP_PLAYTEST_SHEET) {
			double pw, ph;
			tp_playtest_paper(s->cfg->print.paper, &pw, &ph);
			human_size(size, sizeof size, w->v[k].bytes);
			tp_buf_printf(&line, "%s %s: %ld sheets of %s paper (%g x %g mm), both sides%s",
				      w->v[k].name, size, tp_playtest_paper_used(),
				      s->cfg->print.paper == TP_PAPER_LETTER ? "Letter" : "A4", pw, ph,
				      s->cfg->print.duplex == TP_DUPLEX_NONE ? " (backs on their own pages)" : "");
		} else if (sheet == TP_PACK_SHEET) {
			long long bytes = 0;
			int files = 0;
			for (size_t j = k; j < w->n; j++)
				if (w->v[j].sheet == sheet) {
					bytes += w->v[j].bytes;
					files++;
				}
			human_size(size, sizeof size, bytes);
			tp_buf_printf(&line, "%s in %d file%s (ticket, die files, faces)", size, files,
				      files == 1 ? "" : "s");
		} else if (sheet == TP_MANIFEST_SHEET) {
			for (size_t j = k; j < w->n; j++)
				if (w->v[j].sheet == sheet) {
					human_size(size, sizeof size, w->v[j].bytes);
					tp_buf_printf(&line, "%s%s %s", line.len ? ", " : "",
						      w->v[j].name + strlen("manifest/"), size);
				}
			if (record_bytes >= 0) {
				human_size(size, sizeof size, record_bytes);
				tp_buf_printf(&line, ", %s %s", &TP_RECORD_NAME[strlen("manifest/")], size);
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
		       : sheet == TP_PREVIEW_SHEET ? "preview"
		       : sheet == TP_PLAYTEST_SHEET ? "playtest"
		       : sheet == TP_PACK_SHEET ? "package" : s->game->sheets[sheet].name,
		       line.s && !line.oom ? line.s : "");
		tp_buf_free(&line);
		if (sheet == TP_PLAYTEST_SHEET)
			toner_lines((int)width);
	}
}

static void note(void *ctx, const char *line)
{
	(void)ctx;
	fprintf(stderr, "tilepress: %s\n", line);
}

static void findings(void *ctx, const struct tp_preflight *pf)
{
	(void)ctx;
	tp_preflight_stderr(pf, 20);
}

const struct tp_build_events tp_cli_build_events = {
	.note = note, .findings = findings, .summary = print_summary,
};

int tp_cmd_build(const struct tp_cli *cli, tp_err *e)
{
	struct tp_session s;
	int rc = tp_cli_session_open(&s, cli, e);
	if (rc != TP_OK)
		return rc;
	struct tp_build_request rq = tp_cli_build_request(cli);
	rc = tp_build_run(&s, &rq, &tp_cli_build_events, e);
	tp_session_close(&s);
	return rc;
}
