/* The job ticket of a package (ticket.h). */

#include "app/pack/ticket.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "app/build/preview.h"
#include "app/pack/facts.h"
#include "app/pack/faces.h"
#include "app/pack/ticket_pdf.h"
#include "app/preflight/pdf_file.h"
#include "core/alloc.h"
#include "core/strbuf.h"
#include "print/output/outfile.h"
#include "print/preflight/pf_file.h"


static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A back is printed after its front: backs-last puts the files of every
 * sheet cut by another and mirrored (a back, its emboss plate) after the
 * others.  A sheet and its back in one PDF (app/build.h: tp_build_pair)
 * is named after the sheet. */
static int is_back(const struct tp_config *c, const char *name)
{
	long i = tp_preview_sheet_of(c, name);
	return i >= 0 && c->game->sheets[i].cut_by != NULL && c->game->sheets[i].cut_back;
}

/* The rules of the checklist: eight answered by the preflight, then the
 * separate die file. */
#define CHECKS 9

struct check {
	const char *what;
	const char *rules[5];
};

static size_t count_rules(const struct tp_preflight *pf, const char *const *rules, char *first,
			  size_t n)
{
	size_t k = 0;
	first[0] = '\0';
	for (size_t i = 0; i < pf->n; i++)
		for (int r = 0; r < 5 && rules[r]; r++)
			if (strcmp(pf->f[i].rule, rules[r]) == 0) {
				if (k++ == 0)
					tp_preflight_line(&pf->f[i], first, n);
			}
	return k;
}

/* The files of dir a factory gets, in name order (backs last when the
 * factory says so; the proof, for the producer's approval, and job.pdf left out):
 * *names (owned, *n of them).  TP_OK, or e filled. */
static int list_files(const struct tp_config *c, const char *dir, const struct tp_factory *fa,
		      char ***names, size_t *n, tp_err *e)
{
	size_t cap = 0;
	*names = NULL;
	*n = 0;
	DIR *d = opendir(dir);
	if (d == NULL)
		return tp_fail(e, TP_EIO, "%s: cannot list it", dir);
	int rc = TP_OK;
	for (struct dirent *de; rc == TP_OK && (de = readdir(d)) != NULL;) {
		size_t len = strlen(de->d_name);
		const char *x = len > 4 ? de->d_name + len - 4 : "";
		int ext = strcmp(x, ".pdf") == 0 || strcmp(x, ".dxf") == 0 || strcmp(x, ".svg") == 0 ||
			  strcmp(x, ".png") == 0;
		/* The proof and the ticket itself are not for the press. */
		if (!ext || (len >= 9 && strncmp(de->d_name + len - 9, "proof.", 6) == 0) ||
		    strcmp(de->d_name, "job.pdf") == 0)
			continue;
		if (tp_grow((void **)names, &cap, *n + 1, sizeof **names, 32) != 0) {
			rc = tp_fail(e, TP_EIO, "out of memory");
			break;
		}
		char *copy = tp_malloc(len + 1);
		if (copy == NULL) {
			rc = tp_fail(e, TP_EIO, "out of memory");
			break;
		}
		memcpy(copy, de->d_name, len + 1);
		(*names)[(*n)++] = copy;
	}
	closedir(d);
	if (*n > 1)
		qsort(*names, *n, sizeof **names, by_name);
	if (strcmp(fa->page_order, "backs-last") == 0)
		for (size_t i = 0, moved = 0; i + moved < *n;) {
			if (is_back(c, (*names)[i])) {
				char *b = (*names)[i];
				memmove(*names + i, *names + i + 1, (*n - i - 1) * sizeof **names);
				(*names)[*n - 1] = b;
				moved++;
			} else {
				i++;
			}
		}
	return rc;
}

/* One file of the ticket: read back (a PDF: its pages, trim, bleed, inks;
 * its preflight into pf), into the JSON j and the text t; a board wrap
 * says how the board folds (fold: print.fold).  is_die: the file is a
 * separate die file in the factory's format (die_file.h), which sets
 * *die_file.  TP_OK, or e filled. */
static int file_entry(const char *dir, const char *name, int first, const struct tp_factory *fa,
		      int is_die, const struct tp_pf_file_rules *fr, int fold, struct tp_preflight *pf,
		      struct tp_buf *j, struct tp_buf *t, int *die_file, struct tp_ticket_file *row,
		      tp_err *e)
{
	struct tp_pack_facts f = { 0 };
	snprintf(f.name, sizeof f.name, "%s", name);
	size_t len = strlen(name);
	const char *x = name + len - 4;
	f.pdf = strcmp(x, ".pdf") == 0;
	*die_file |= is_die;
	int rc = TP_OK;
	if (f.pdf) {
		char path[4200];
		snprintf(path, sizeof path, "%s/%s", dir, name);
		size_t nb;
		unsigned char *buf = NULL;
		tp_err re = { 0 };
		if (tp_pdf_file_read(path, 0, &buf, &nb, &re) != TP_OK)
			return tp_fail(e, TP_EIO, "%s: cannot read it back", path);
		if (tp_pack_facts_read(buf, nb, fr->cut_ink, &f) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory reading %s", path);
		char stem[256];
		snprintf(stem, sizeof stem, "%.*s", (int)(len - 4), name);
		if (rc == TP_OK && tp_preflight_pdf(buf, nb, stem, fr, pf) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory preflighting %s", path);
		free(buf);
	}
	int board = strstr(f.name, "board") || strstr(f.name, "piece") || strstr(f.name, "counter");
	int die = 0, emboss = 0;
	for (int k = 0; k < f.n_spots; k++) {
		die |= strcasecmp(f.spots[k], fr->cut_ink) == 0;
		emboss |= strncasecmp(f.spots[k], "emboss", 6) == 0;
	}
	*row = (struct tp_ticket_file){ .f = f, .stock = board ? fa->board : fa->stock,
					.die = die, .emboss = emboss,
					.wrap = strstr(f.name, "board-wrap") != NULL };
	tp_buf_printf(j, "%s\n{\"file\":", first ? "" : ",");
	tp_buf_json_str(j, f.name);
	if (is_die)
		tp_buf_printf(j, ",\"die_file\":true");
	if (!f.pdf) {
		tp_buf_printf(j, "}");
		tp_buf_printf(t, "  %s%s\n", f.name, is_die ? "  (die file)" : "");
		return rc;
	}
	tp_buf_printf(j, ",\"pages\":%d,\"trim_mm\":[%.2f,%.2f],\"bleed_mm\":%.2f,\"process\":%s,\"spots\":[",
		      f.pages, f.trim[0], f.trim[1], f.bleed, f.process ? "true" : "false");
	for (int k = 0; k < f.n_spots; k++) {
		tp_buf_printf(j, "%s", k ? "," : "");
		tp_buf_json_str(j, f.spots[k]);
	}
	tp_buf_printf(j, "],\"stock\":");
	tp_buf_json_str(j, board ? fa->board : fa->stock);
	/* A board wrap (print.board = wrap) is glued round greyboard, and a
	 * quad-fold's die lines hold the slit along one hinge arm. */
	int wrap = strstr(f.name, "board-wrap") != NULL;
	const char *fw = !wrap ? "" : fold == TP_FOLD_BI ? "bifold" : fold == TP_FOLD_QUAD ? "quadfold" : "";
	tp_buf_printf(j, ",\"finishing\":[%s%s%s%s%s]", die ? "\"die-cut\"" : "",
		      die && emboss ? "," : "", emboss ? "\"emboss\"" : "",
		      wrap && (die || emboss) ? "," : "", wrap ? "\"wrap\"" : "");
	if (fw[0])
		tp_buf_printf(j, ",\"fold\":\"%s\"", fw);
	tp_buf_printf(j, ",\"die_paths_per_sheet\":%d}", f.die_paths);
	tp_buf_printf(t, "  %-40s %3d page%s  %.1f x %.1f mm (+%.1f bleed)  %s%s%s  %s%s%s%s%s%s\n", f.name,
		      f.pages, f.pages == 1 ? " " : "s", f.trim[0], f.trim[1], f.bleed,
		      f.process ? "CMYK" : "", f.n_spots ? " + " : "", f.n_spots ? f.spots[0] : "",
		      board ? fa->board : fa->stock, die ? ", die-cut" : "", emboss ? ", emboss" : "",
		      wrap ? ", wrapped round the board" : "", fw[0] ? ", " : "",
		      fold == TP_FOLD_QUAD && wrap ? "quad-fold, slit along the vertical hinge's upper arm" : fw);
	return rc;
}

/* The factory's rules, each with the preflight's answer (pf: the files'),
 * into j, t and ck[0..CHECKS-1]; *failed: how many are not met. */
static void checklist(const struct tp_config *c, const struct tp_factory *fa,
		      const struct tp_pf_file_rules *fr, const struct tp_preflight *pf, int die_file,
		      struct tp_buf *j, struct tp_buf *t, struct tp_ticket_check *ck, size_t *failed)
{
	char want[8][160];
	snprintf(want[0], sizeof want[0], "%s structure, output intent %s",
		 fr->pdfx4 ? "PDF/X-4" : "PDF/X-1a:2003", c->print.output_condition);
	snprintf(want[1], sizeof want[1], "CMYK and spot colours only");
	snprintf(want[2], sizeof want[2], "bleed at least %g mm", c->print.bleed_mm);
	if (c->print.max_tac_pct > 0)
		snprintf(want[3], sizeof want[3], "total ink at most %g %%, overprints included",
			 c->print.max_tac_pct);
	else
		snprintf(want[3], sizeof want[3], "total ink: no limit given (print.max_tac_pct = 0)");
	snprintf(want[4], sizeof want[4], "die lines in spot %s, overprinting, closed, cut once", fr->cut_ink);
	snprintf(want[5], sizeof want[5], "printer's marks %s", c->print.marks ? "allowed" : "none");
	snprintf(want[6], sizeof want[6], "lines and fills thick enough to print");
	snprintf(want[7], sizeof want[7], "text at least %g pt", c->print.min_text_pt);
	static const struct check checks[8] = {
		{ NULL, { "pdfx", "content", NULL } },
		{ NULL, { "colour", NULL } },
		{ NULL, { "bleed", NULL } },
		{ NULL, { "tac", NULL } },
		{ NULL, { "spot-overprint", "spot-name", "die-open", "die-doubled", NULL } },
		{ NULL, { "marks", NULL } },
		{ NULL, { "line-weight", "thin-fill", NULL } },
		{ NULL, { "text-size", NULL } },
	};
	tp_buf_printf(j, "],\n\"checklist\":[");
	tp_buf_printf(t, "\nChecklist (the factory's rules; the preflight of the files above):\n");
	*failed = 0;
	for (int k = 0; k < CHECKS; k++) {
		char first[400] = "", what[200];
		size_t hits = 0;
		if (k < 8) {
			hits = count_rules(pf, checks[k].rules, first, sizeof first);
			snprintf(what, sizeof what, "%s", want[k]);
		} else {
			snprintf(what, sizeof what, "a separate die file (%s)", fa->die_file);
			hits = strcmp(fa->die_file, "none") != 0 && !die_file;
			if (hits)
				snprintf(first, sizeof first, "no file of die lines alone in %s among the files",
					 fa->die_file);
		}
		*failed += hits > 0;
		snprintf(ck[k].what, sizeof ck[k].what, "%s", what);
		snprintf(ck[k].first, sizeof ck[k].first, "%s", first);
		ck[k].hits = hits;
		tp_buf_printf(j, "%s\n{\"rule\":", k ? "," : "");
		tp_buf_json_str(j, what);
		tp_buf_printf(j, ",\"findings\":%zu,\"answer\":", hits);
		tp_buf_json_str(j, hits ? first : "ok");
		tp_buf_printf(j, "}");
		tp_buf_printf(t, "  [%s] %s%s%s\n", hits ? "FAIL" : " ok ", what, hits ? ": " : "",
			      hits ? first : "");
	}
}

int tp_pack_ticket(const struct tp_session_spec *sp, const struct tp_report_opts *report,
		   const struct tp_factory *fa, const struct tp_sheet_facts *facts,
		   const struct tp_pack_dies *dies, const char *dir, size_t *failed, tp_err *e)
{
	struct tp_session s;
	int rc = tp_session_open(&s, sp, e);
	if (rc != TP_OK)
		return rc;
	const struct tp_config *c = s.cfg;
	struct tp_buf man = { 0 }, j = { 0 }, t = { 0 }, fj = { 0 }, ft = { 0 };
	struct tp_report_opts ro = *report;
	ro.fmt = TP_FMT_JSON;
	rc = s.game->manifest(&man, c, s.model, &ro, e);
	char **names = NULL;
	size_t n = 0;
	/* A factory of uploads: one image per face at its products' sizes. */
	if (rc == TP_OK && fa->n_products > 0)
		rc = tp_pack_faces(&s, fa, dir, &fj, &ft, e);
	if (rc == TP_OK)
		rc = list_files(c, dir, fa, &names, &n, e);
	/* The preflight of every PDF as written: the checklist's answers. */
	struct tp_pf_file_rules fr;
	tp_pf_file_rules_of(c, &fr);
	struct tp_preflight pf = { 0 };
	tp_buf_printf(&j, "{\"factory\":");
	tp_buf_json_str(&j, fa->name);
	tp_buf_printf(&j, ",\"factory_name\":");
	tp_buf_json_str(&j, fa->title);
	tp_buf_printf(&j, ",\"edition\":");
	tp_buf_json_str(&j, c->path);
	tp_buf_printf(&j, ",\"profile\":");
	tp_buf_json_str(&j, c->print.profile);
	tp_buf_printf(&j, ",\"page_order\":");
	tp_buf_json_str(&j, fa->page_order);
	tp_buf_printf(&j, ",\n\"files\":[");
	tp_buf_printf(&t, "Job ticket: %s for %s\nedition: %s\nprofile: %s\n\n", c->print.job, fa->title,
		      c->path, c->print.profile[0] ? c->print.profile : "(none)");
	tp_buf_printf(&t, "Files, in the order to print (%s):\n", fa->page_order);
	int die_file = 0;
	struct tp_ticket_file *rows = tp_calloc(n + 1, sizeof *rows);
	struct tp_ticket_check ck[CHECKS];
	if (rc == TP_OK && rows == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory writing the job ticket");
	for (size_t i = 0; rc == TP_OK && i < n; i++)
		rc = file_entry(dir, names[i], i == 0, fa,
				tp_pack_is_die_file(c, fa, facts, dies, names[i]), &fr, c->print.fold,
				&pf, &j, &t, &die_file, &rows[i], e);
	if (rc == TP_OK)
		checklist(c, fa, &fr, &pf, die_file, &j, &t, ck, failed);
	tp_buf_printf(&j, "]%s,\n\"manifest\":%s}\n", fj.len ? fj.s : "", man.len ? man.s : "null");
	tp_buf_printf(&t, "%s\nCounts (the manifest):\n%s", ft.len ? ft.s : "", man.len ? man.s : "");
	if (rc == TP_OK && (j.oom || t.oom || man.oom || fj.oom || ft.oom))
		rc = tp_fail(e, TP_EIO, "out of memory writing the job ticket");
	if (rc == TP_OK)
		rc = tp_out_write(dir, "job.json", j.s, j.len, e);
	if (rc == TP_OK)
		rc = tp_out_write(dir, "job.txt", t.s, t.len, e);
	if (rc == TP_OK)
		rc = tp_pack_ticket_pdf(c, fa, rows, n, ck, CHECKS, dir, e);
	free(rows);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	tp_preflight_free(&pf);
	tp_buf_free(&man);
	tp_buf_free(&fj);
	tp_buf_free(&ft);
	tp_buf_free(&j);
	tp_buf_free(&t);
	tp_session_close(&s);
	return rc;
}
