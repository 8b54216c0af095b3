/* tilepress -c EDITION pack FACTORY: the edition built in a factory's
 * conventions (app/factory.h) into pack-FACTORY/ inside the edition's
 * output folder, with a job ticket: job.json for tools, job.txt for
 * people. */

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "app/config_load.h"
#include "app/factory.h"
#include "app/session.h"
#include "cli/cli.h"
#include "app/build/preflight_run.h"
#include "core/alloc.h"
#include "core/strbuf.h"
#include "print/pdf/pdf_content.h"
#include "print/pdf/pdf_read.h"
#include "print/preflight/pf_file.h"

#define MM (25.4 / 72)

/* ---- what the files hold --------------------------------------------------------------- */

struct file_facts {
	char name[256];
	int pdf;
	int pages;
	double trim[2], bleed;     /* mm, the first page's */
	char spots[8][64];         /* Separation names, in order of first use */
	int n_spots;
	int process;               /* process colour painted */
	int die_paths;             /* die ink paths on the first page */
};

struct facts_ctx {
	struct file_facts *f;
	const char *cut;
};

static int on_paint(void *ctx, const struct tp_pc_paint *pt)
{
	struct facts_ctx *C = ctx;
	struct file_facts *f = C->f;
	if (pt->col.spot[0] == '\0') {
		f->process |= pt->col.cmyk[0] + pt->col.cmyk[1] + pt->col.cmyk[2] + pt->col.cmyk[3] > 0;
		return 0;
	}
	if (strcmp(pt->col.spot, "All") == 0)
		return 0;   /* registration: the marks */
	if (strcasecmp(pt->col.spot, C->cut) == 0 && pt->what == TP_PC_STROKE)
		f->die_paths++;
	for (int i = 0; i < f->n_spots; i++)
		if (strcmp(f->spots[i], pt->col.spot) == 0)
			return 0;
	if (f->n_spots < 8)
		snprintf(f->spots[f->n_spots++], sizeof f->spots[0], "%s", pt->col.spot);
	return 0;
}

struct page_walk {
	const struct tp_pdf *p;
	struct facts_ctx *C;
	int oom;
};

static int box(const struct tp_pdf *p, const struct tp_pv *pg, const char *key, double b[4])
{
	const struct tp_pv *v = tp_pdf_key(p, pg, key);
	if (v == NULL || v->type != TP_PV_ARR || v->n != 4)
		return -1;
	for (int i = 0; i < 4; i++)
		b[i] = v->items[i].type == TP_PV_NUM ? v->items[i].num : 0;
	return 0;
}

static void on_page(void *ctx, int k, const struct tp_pv *pg)
{
	struct page_walk *W = ctx;
	struct file_facts *f = W->C->f;
	f->pages = k;
	double t[4], b[4];
	if (k == 1 && box(W->p, pg, "TrimBox", t) == 0) {
		f->trim[0] = fabs(t[2] - t[0]) * MM;
		f->trim[1] = fabs(t[3] - t[1]) * MM;
		if (box(W->p, pg, "BleedBox", b) == 0)
			f->bleed = fmax(0, (fabs(b[2] - b[0]) - fabs(t[2] - t[0])) / 2 * MM);
	}
	struct tp_pc_result res;
	int before = f->die_paths;
	if (tp_pdf_content_page(W->p, pg, on_paint, W->C, &res) != 0)
		W->oom = 1;
	if (k > 1)
		f->die_paths = before;   /* the first page's count */
}

static unsigned char *slurp(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	if (fp == NULL)
		return NULL;
	unsigned char *b = NULL;
	size_t cap = 0;
	*n = 0;
	for (;;) {
		if (*n + 65536 + 1 > cap) {
			cap = 2 * cap + 65536 + 1;
			unsigned char *t = tp_realloc(b, cap);
			if (t == NULL) {
				free(b);
				fclose(fp);
				return NULL;
			}
			b = t;
		}
		size_t got = fread(b + *n, 1, 65536, fp);
		*n += got;
		if (got == 0)
			break;
	}
	fclose(fp);
	b[*n] = 0;
	return b;
}

/* ---- the ticket ------------------------------------------------------------------------ */

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void json_str(struct tp_buf *b, const char *s)
{
	tp_buf_printf(b, "\"");
	for (; *s; s++)
		if (*s == '"' || *s == '\\')
			tp_buf_printf(b, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			tp_buf_printf(b, "\\u%04x", (unsigned char)*s);
		else
			tp_buf_printf(b, "%c", *s);
	tp_buf_printf(b, "\"");
}

/* A back is printed after its front: backs-last puts every sheet whose
 * name says back after the others. */
static int is_back(const char *name)
{
	return strstr(name, "back") != NULL;
}

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

static int write_text(const char *path, const struct tp_buf *b, tp_err *e)
{
	FILE *f = fopen(path, "w");
	if (f == NULL)
		return tp_fail(e, TP_EIO, "%s: cannot write it", path);
	int bad = b->len && fwrite(b->s, 1, b->len, f) != b->len;
	if (fclose(f) != 0 || bad)
		return tp_fail(e, TP_EIO, "%s: write failed", path);
	return TP_OK;
}

/* The files of dir a factory gets, in name order (backs last when the
 * factory says so; the proof, for the producer's approval, left out):
 * *names (owned, *n of them).  TP_OK, or e filled. */
static int list_files(const char *dir, const struct tp_factory *fa, char ***names, size_t *n,
		      tp_err *e)
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
		if (!ext || (len >= 9 && strncmp(de->d_name + len - 9, "proof.", 6) == 0))
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 32;
			char **q = tp_realloc(*names, cap * sizeof *q);
			if (q == NULL) {
				rc = tp_fail(e, TP_EIO, "out of memory");
				break;
			}
			*names = q;
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
			if (is_back((*names)[i])) {
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
 * its preflight into pf), into the JSON j and the text t.  *die_file set
 * for a separate cut file.  TP_OK, or e filled. */
static int file_entry(const char *dir, const char *name, int first, const struct tp_factory *fa,
		      const struct tp_pf_file_rules *fr, struct tp_preflight *pf, struct tp_buf *j,
		      struct tp_buf *t, int *die_file, tp_err *e)
{
	struct file_facts f = { 0 };
	snprintf(f.name, sizeof f.name, "%s", name);
	size_t len = strlen(name);
	const char *x = name + len - 4;
	f.pdf = strcmp(x, ".pdf") == 0;
	*die_file |= !f.pdf && strstr(name, "cut") != NULL && (strcmp(x, ".dxf") == 0 || strcmp(x, ".svg") == 0);
	int rc = TP_OK;
	if (f.pdf) {
		char path[4200];
		snprintf(path, sizeof path, "%s/%s", dir, name);
		size_t nb;
		unsigned char *buf = slurp(path, &nb);
		if (buf == NULL)
			return tp_fail(e, TP_EIO, "%s: cannot read it back", path);
		struct tp_pdf p;
		char why[160];
		struct facts_ctx C = { &f, fr->cut_ink };
		if (tp_pdf_read(&p, buf, nb, why, sizeof why) == 0) {
			struct page_walk W = { &p, &C, 0 };
			tp_pdf_pages(&p, on_page, &W);
			tp_pdf_free(&p);
			if (W.oom)
				rc = tp_fail(e, TP_EIO, "out of memory reading %s", path);
		}
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
	tp_buf_printf(j, "%s\n{\"file\":", first ? "" : ",");
	json_str(j, f.name);
	if (!f.pdf) {
		tp_buf_printf(j, "}");
		tp_buf_printf(t, "  %s\n", f.name);
		return rc;
	}
	tp_buf_printf(j, ",\"pages\":%d,\"trim_mm\":[%.2f,%.2f],\"bleed_mm\":%.2f,\"process\":%s,\"spots\":[",
		      f.pages, f.trim[0], f.trim[1], f.bleed, f.process ? "true" : "false");
	for (int k = 0; k < f.n_spots; k++) {
		tp_buf_printf(j, "%s", k ? "," : "");
		json_str(j, f.spots[k]);
	}
	tp_buf_printf(j, "],\"stock\":");
	json_str(j, board ? fa->board : fa->stock);
	/* A board wrap (print.board = wrap) is glued round greyboard. */
	int wrap = strstr(f.name, "board-wrap") != NULL;
	tp_buf_printf(j, ",\"finishing\":[%s%s%s%s%s],\"die_paths_per_sheet\":%d}", die ? "\"die-cut\"" : "",
		      die && emboss ? "," : "", emboss ? "\"emboss\"" : "",
		      wrap && (die || emboss) ? "," : "", wrap ? "\"wrap\"" : "", f.die_paths);
	tp_buf_printf(t, "  %-40s %3d page%s  %.1f x %.1f mm (+%.1f bleed)  %s%s%s  %s%s%s%s\n", f.name,
		      f.pages, f.pages == 1 ? " " : "s", f.trim[0], f.trim[1], f.bleed,
		      f.process ? "CMYK" : "", f.n_spots ? " + " : "", f.n_spots ? f.spots[0] : "",
		      board ? fa->board : fa->stock, die ? ", die-cut" : "", emboss ? ", emboss" : "",
		      wrap ? ", wrapped round the board" : "");
	return rc;
}

/* The factory's rules, each with the preflight's answer (pf: the files'),
 * into j and t; *failed: how many are not met. */
static void checklist(const struct tp_config *c, const struct tp_factory *fa,
		      const struct tp_pf_file_rules *fr, const struct tp_preflight *pf, int die_file,
		      struct tp_buf *j, struct tp_buf *t, size_t *failed)
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
	for (int k = 0; k < 9; k++) {
		char first[400] = "", what[200];
		size_t hits = 0;
		if (k < 8) {
			hits = count_rules(pf, checks[k].rules, first, sizeof first);
			snprintf(what, sizeof what, "%s", want[k]);
		} else {
			snprintf(what, sizeof what, "a separate die file (%s)", fa->die_file);
			hits = strcmp(fa->die_file, "none") != 0 && !die_file;
			if (hits)
				snprintf(first, sizeof first, "no cut file among the files");
		}
		*failed += hits > 0;
		tp_buf_printf(j, "%s\n{\"rule\":", k ? "," : "");
		json_str(j, what);
		tp_buf_printf(j, ",\"findings\":%zu,\"answer\":", hits);
		json_str(j, hits ? first : "ok");
		tp_buf_printf(j, "}");
		tp_buf_printf(t, "  [%s] %s%s%s\n", hits ? "FAIL" : " ok ", what, hits ? ": " : "",
			      hits ? first : "");
	}
}

static int ticket(const struct tp_cli *bc, const struct tp_factory *fa, const char *dir,
		  size_t *failed, tp_err *e)
{
	struct tp_session s;
	int rc = tp_cli_session_open(&s, bc, e);
	if (rc != TP_OK)
		return rc;
	const struct tp_config *c = s.cfg;
	struct tp_buf man = { 0 }, j = { 0 }, t = { 0 };
	struct tp_report_opts ro = bc->report;
	ro.fmt = TP_FMT_JSON;
	rc = s.game->manifest(&man, c, s.model, &ro, e);
	char **names = NULL;
	size_t n = 0;
	if (rc == TP_OK)
		rc = list_files(dir, fa, &names, &n, e);
	/* The preflight of every PDF as written: the checklist's answers. */
	struct tp_pf_file_rules fr = { 0 };
	tp_pf_rules_of(c, &fr.r);
	const struct tp_palette *pal = &c->print.inks;
	fr.cut_ink = pal->ink[tp_ink_index(pal, TP_INK_CUT)].name;
	fr.min_fill = c->print.min_line_mm > 0 ? c->print.min_line_mm : TP_PF_MIN_FILL_MM;
	fr.min_text_pt = c->print.min_text_pt;
	fr.marks = c->print.marks;
	fr.pdfx4 = c->print.pdfx == TP_PDFX_4;
	fr.condition = c->print.output_condition;
	struct tp_preflight pf = { 0 };
	tp_buf_printf(&j, "{\"factory\":");
	json_str(&j, fa->name);
	tp_buf_printf(&j, ",\"factory_name\":");
	json_str(&j, fa->title);
	tp_buf_printf(&j, ",\"edition\":");
	json_str(&j, c->path);
	tp_buf_printf(&j, ",\"profile\":");
	json_str(&j, c->print.profile);
	tp_buf_printf(&j, ",\"page_order\":");
	json_str(&j, fa->page_order);
	tp_buf_printf(&j, ",\n\"files\":[");
	tp_buf_printf(&t, "Job ticket: %s for %s\nedition: %s\nprofile: %s\n\n", c->print.job, fa->title,
		      c->path, c->print.profile[0] ? c->print.profile : "(none)");
	tp_buf_printf(&t, "Files, in the order to print (%s):\n", fa->page_order);
	int die_file = 0;
	for (size_t i = 0; rc == TP_OK && i < n; i++)
		rc = file_entry(dir, names[i], i == 0, fa, &fr, &pf, &j, &t, &die_file, e);
	if (rc == TP_OK)
		checklist(c, fa, &fr, &pf, die_file, &j, &t, failed);
	tp_buf_printf(&j, "],\n\"manifest\":%s}\n", man.len ? man.s : "null");
	tp_buf_printf(&t, "\nCounts (the manifest):\n%s", man.len ? man.s : "");
	if (rc == TP_OK && (j.oom || t.oom || man.oom))
		rc = tp_fail(e, TP_EIO, "out of memory writing the job ticket");
	char path[4200];
	if (rc == TP_OK) {
		snprintf(path, sizeof path, "%s/job.json", dir);
		rc = write_text(path, &j, e);
	}
	if (rc == TP_OK) {
		snprintf(path, sizeof path, "%s/job.txt", dir);
		rc = write_text(path, &t, e);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	tp_preflight_free(&pf);
	tp_buf_free(&man);
	tp_buf_free(&j);
	tp_buf_free(&t);
	tp_session_close(&s);
	return rc;
}

int tp_cmd_pack(const struct tp_cli *cli, tp_err *e)
{
	struct tp_factory fa;
	int rc = tp_factory_load(cli->file ? cli->file : "", &fa, e);
	if (rc != TP_OK)
		return rc;
	struct tp_config *c;
	rc = tp_cli_session_config(cli, &c, e);
	if (rc != TP_OK)
		return rc;
	char base[4096], dir[4200];
	tp_session_out_dir(cli->out_dir, c, base, sizeof base);
	tp_config_free(c);
	snprintf(dir, sizeof dir, "%s/pack-%s", base, fa.name);
	/* The factory's settings first, the command line's after them. */
	struct tp_cli *b = tp_calloc(1, sizeof *b);
	if (b == NULL)
		return tp_fail(e, TP_EIO, "out of memory");
	*b = *cli;
	b->n_sets = 0;
	static char own[TP_FACTORY_SETS + 4][200];
	int k = 0;
	if (fa.profile[0])
		snprintf(own[k++], sizeof own[0], "print.profile=%s", fa.profile);
	snprintf(own[k++], sizeof own[0], "print.file_name=%s", fa.file_name);
	if (strcmp(fa.die_file, "none") != 0)
		snprintf(own[k++], sizeof own[0], "print.die_lines=both");
	if (strcmp(fa.raster, "png") == 0)
		snprintf(own[k++], sizeof own[0], "print.dpi=%g", fa.raster_dpi);
	for (int i = 0; i < fa.n_sets; i++)
		snprintf(own[k++], sizeof own[0], "%s", fa.sets[i]);
	for (int i = 0; i < k; i++)
		b->sets[b->n_sets++] = own[i];
	for (int i = 0; i < cli->n_sets && b->n_sets < TP_MAX_SETS; i++)
		b->sets[b->n_sets++] = cli->sets[i];
	static char formats[64];
	snprintf(formats, sizeof formats, "pdf%s%s", strcmp(fa.die_file, "none") ? "," : "",
		 strcmp(fa.die_file, "none") ? fa.die_file : "");
	if (strcmp(fa.raster, "png") == 0)
		strcat(formats, ",png");
	b->formats = cli->formats ? cli->formats : formats;
	b->out_dir = dir;
	b->command = TP_CMD_BUILD;
	b->file = NULL;
	/* The files are written whatever the preflight finds: the ticket's
	 * checklist says what a rule of the factory's is not met, and pack
	 * then fails. */
	b->accept_preflight = 1;
	rc = tp_cmd_build(b, e);
	size_t failed = 0;
	if (rc == TP_OK)
		rc = ticket(b, &fa, dir, &failed, e);
	if (rc == TP_OK && !cli->quiet)
		printf("pack %s: %s (job.txt, job.json)%s\n", fa.name, dir,
		       failed ? "" : ": every rule of the checklist met");
	if (rc == TP_OK && failed)
		rc = tp_fail(e, TP_EINPUT, "pack %s: %zu rule%s of the factory's checklist not met (%s/job.txt)",
			     fa.name, failed, failed == 1 ? "" : "s", dir);
	free(b);
	return rc;
}
