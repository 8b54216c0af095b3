/* The job ticket as a PDF for people (ticket_pdf.h): A4 pages, the
 * components table and the checklist, laid out as scenes and written by
 * the press PDF backend. */

#include "app/pack/ticket_pdf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/build.h"
#include "core/alloc.h"
#include "print/backend/backend.h"
#include "print/output/outfile.h"
#include "print/text/text_layout.h"

#define PAGE_W 210.0
#define PAGE_H 297.0
#define LEFT 15.0
#define RIGHT (PAGE_W - 15.0)
#define TOP 15.0
#define BOTTOM 280.0      /* the type area's foot; the folio below */
#define MAX_PAGES 64

static const struct tp_text_style st_title = { 5.5, 1.2, 1, TP_ALIGN_LEFT, 0 };
static const struct tp_text_style st_head = { 4.0, 1.3, 1, TP_ALIGN_LEFT, 0 };
static const struct tp_text_style st_body = { 3.2, 1.35, 0, TP_ALIGN_LEFT, 0 };
static const struct tp_text_style st_cell = { 2.9, 1.3, 0, TP_ALIGN_LEFT, 0 };
static const struct tp_text_style st_th = { 2.9, 1.3, 1, TP_ALIGN_LEFT, 0 };
static const struct tp_text_style st_folio = { 2.6, 1.2, 0, TP_ALIGN_CENTER, 0 };

/* The components table: its columns, mm wide, summing to RIGHT - LEFT. */
enum { COLS = 8 };
static const double col_w[COLS] = { 48, 14, 27, 12, 27, 25, 19, 14 };
static const char *const col_head[COLS] = {
	"File", "Sheets", "Finished, mm", "Bleed", "Inks", "Stock", "Finishing", "Yield",
};

struct lay {
	const struct tp_config *c;
	struct tp_scene *page[MAX_PAGES];
	size_t n;
	double y;
	tp_err *e;
};

static int new_page(struct lay *L)
{
	if (L->n == MAX_PAGES)
		return tp_fail(L->e, TP_EIO, "job.pdf: more than %d pages", MAX_PAGES);
	char name[32];
	snprintf(name, sizeof name, "page-%zu", L->n + 1);
	struct tp_scene *sc = tp_scene_new(name, PAGE_W, PAGE_H, 0, &L->c->print.inks);
	if (sc == NULL)
		return tp_fail(L->e, TP_EIO, "out of memory laying out job.pdf");
	L->page[L->n++] = sc;
	L->y = TOP;
	return TP_OK;
}

/* Room for h mm more on this page, else a new page. */
static int room(struct lay *L, double h)
{
	return L->n == 0 || L->y + h > BOTTOM ? new_page(L) : TP_OK;
}

/* A paragraph across the type area. */
static int para(struct lay *L, const struct tp_text_style *st, const char *text, double after)
{
	double h;
	int rc = tp_text_measure(st, RIGHT - LEFT, text, &h, NULL, L->e);
	if (rc == TP_OK)
		rc = room(L, h);
	if (rc == TP_OK)
		rc = tp_text_draw(L->page[L->n - 1], TP_INK_TEXT, st, LEFT, L->y, RIGHT - LEFT, text, &h,
				  L->e);
	L->y += h + after;
	return rc;
}

static int rule_line(struct lay *L, double w)
{
	const struct tp_pt pt[2] = { { TP_MOVE, LEFT, L->y }, { TP_LINE, RIGHT, L->y } };
	return tp_scene_path(L->page[L->n - 1], TP_INK_LINE, TP_STROKE, w, pt, 2) == 0
		       ? TP_OK
		       : tp_fail(L->e, TP_EIO, "out of memory laying out job.pdf");
}

/* One row of cells (cell[i] in column i), kept on one page. */
static int row(struct lay *L, const struct tp_text_style *st, char cell[COLS][200], int head)
{
	double h = 0, ch;
	int rc = TP_OK;
	for (int i = 0; rc == TP_OK && i < COLS; i++) {
		rc = tp_text_measure(st, col_w[i] - 1.5, cell[i], &ch, NULL, L->e);
		h = ch > h ? ch : h;
	}
	if (rc == TP_OK)
		rc = room(L, h + 1.5);
	/* A table that goes on to another page repeats its head. */
	if (rc == TP_OK && !head && L->y == TOP) {
		char hd[COLS][200];
		for (int i = 0; i < COLS; i++)
			snprintf(hd[i], sizeof hd[i], "%s", col_head[i]);
		rc = row(L, &st_th, hd, 1);
	}
	double x = LEFT;
	for (int i = 0; rc == TP_OK && i < COLS; i++) {
		rc = tp_text_draw(L->page[L->n - 1], TP_INK_TEXT, st, x, L->y, col_w[i] - 1.5, cell[i],
				  NULL, L->e);
		x += col_w[i];
	}
	L->y += h + 1;
	if (rc == TP_OK)
		rc = rule_line(L, head ? 0.3 : 0.1);
	L->y += 0.8;
	return rc;
}

static void file_cells(const struct tp_ticket_file *t, char cell[COLS][200])
{
	const struct tp_pack_facts *f = &t->f;
	snprintf(cell[0], 200, "%s", f->name);
	snprintf(cell[1], 200, "%d", f->pages);
	snprintf(cell[2], 200, "%.1f x %.1f", f->trim[0], f->trim[1]);
	snprintf(cell[3], 200, "%.1f", f->bleed);
	size_t k = (size_t)snprintf(cell[4], 200, "%s", f->process ? "CMYK" : "");
	for (int i = 0; i < f->n_spots && k < 200; i++)
		k += (size_t)snprintf(cell[4] + k, 200 - k, "%s%s", k ? (i ? ", " : " + ") : "",
				      f->spots[i]);
	snprintf(cell[5], 200, "%s", t->stock);
	snprintf(cell[6], 200, "%s%s%s%s%s", t->die ? "die-cut" : "", t->die && t->emboss ? ", " : "",
		 t->emboss ? "emboss" : "", t->wrap && (t->die || t->emboss) ? ", " : "",
		 t->wrap ? "wrap" : "");
	if (!t->die && !t->emboss && !t->wrap)
		snprintf(cell[6], 200, "trim");
	if (t->die && f->die_paths > 0)
		snprintf(cell[7], 200, "%d per sheet", f->die_paths);
	else
		snprintf(cell[7], 200, "-");
}

static int components(struct lay *L, const struct tp_ticket_file *fl, size_t nf)
{
	char cell[COLS][200];
	for (int i = 0; i < COLS; i++)
		snprintf(cell[i], sizeof cell[i], "%s", col_head[i]);
	int rc = para(L, &st_head, "Components: the files to print, in the order to print", 1.5);
	if (rc == TP_OK)
		rc = row(L, &st_th, cell, 1);
	for (size_t i = 0; rc == TP_OK && i < nf; i++)
		if (fl[i].f.pdf) {
			file_cells(&fl[i], cell);
			rc = row(L, &st_cell, cell, 0);
		}
	/* The cut files and raster images, by name. */
	struct tp_buf b = { 0 };
	size_t others = 0;
	for (size_t i = 0; i < nf; i++)
		if (!fl[i].f.pdf)
			tp_buf_printf(&b, "%s%s", others++ ? ", " : "", fl[i].f.name);
	if (rc == TP_OK && b.oom)
		rc = tp_fail(L->e, TP_EIO, "out of memory laying out job.pdf");
	if (rc == TP_OK && others) {
		char head[120];
		snprintf(head, sizeof head, "Cut files and images beside them (%zu):", others);
		L->y += 2;
		rc = para(L, &st_body, head, 0.5);
		if (rc == TP_OK)
			rc = para(L, &st_cell, b.s, 0);
	}
	tp_buf_free(&b);
	return rc;
}

static int checklist(struct lay *L, const struct tp_ticket_check *ck, size_t nc)
{
	L->y += 4;
	int rc = para(L, &st_head, "Checklist: the factory's rules, answered by the preflight of the files", 1.5);
	size_t failed = 0;
	for (size_t i = 0; rc == TP_OK && i < nc; i++) {
		char line[700];
		failed += ck[i].hits > 0;
		if (ck[i].hits)
			snprintf(line, sizeof line, "[FAIL] %s: %zu finding%s; the first: %s", ck[i].what,
				 ck[i].hits, ck[i].hits == 1 ? "" : "s", ck[i].first);
		else
			snprintf(line, sizeof line, "[ ok ] %s", ck[i].what);
		rc = para(L, &st_body, line, 0.8);
	}
	char sum[120];
	snprintf(sum, sizeof sum, failed ? "%zu of %zu rules not met." : "Every rule met (%zu of %zu).",
		 failed ? failed : nc, nc);
	L->y += 2;
	return rc == TP_OK ? para(L, &st_body, sum, 0) : rc;
}

static int lay_out(struct lay *L, const struct tp_factory *fa, const struct tp_ticket_file *fl,
		   size_t nf, const struct tp_ticket_check *ck, size_t nc)
{
	const struct tp_config *c = L->c;
	char text[700];
	snprintf(text, sizeof text, "Job ticket: %s for %s", c->print.job, fa->title);
	int rc = para(L, &st_title, text, 2);
	snprintf(text, sizeof text, "Edition: %s\nProfile: %s\nPage order: %s", c->path,
		 c->print.profile[0] ? c->print.profile : "(none)", fa->page_order);
	if (rc == TP_OK)
		rc = para(L, &st_body, text, 4);
	if (rc == TP_OK)
		rc = components(L, fl, nf);
	if (rc == TP_OK)
		rc = checklist(L, ck, nc);
	for (size_t k = 0; rc == TP_OK && k < L->n; k++) {
		snprintf(text, sizeof text, "%s: job ticket, page %zu of %zu", c->print.job, k + 1, L->n);
		rc = tp_text_draw(L->page[k], TP_INK_TEXT, &st_folio, LEFT, BOTTOM + 6, RIGHT - LEFT, text,
				  NULL, L->e);
	}
	return rc;
}

int tp_pack_ticket_pdf(const struct tp_config *c, const struct tp_factory *fa,
		       const struct tp_ticket_file *fl, size_t nf, const struct tp_ticket_check *ck,
		       size_t nc, const char *dir, tp_err *e)
{
	struct lay L = { .c = c, .e = e };
	long long epoch;
	int rc = tp_build_epoch(&epoch, e);
	if (rc == TP_OK)
		rc = lay_out(&L, fa, fl, nf, ck, nc);
	char title[300];
	snprintf(title, sizeof title, "Job ticket: %s for %s", c->print.job, fa->title);
	struct tp_doc_info info = {
		.title = title, .job = c->print.job, .file = "job.pdf", .epoch = epoch,
		.output_condition = c->print.output_condition,
		.output_info = c->print.output_info,
		.output_registry = c->print.output_registry,
		.output_profile = c->print.output_profile,
		.pdfx4 = c->print.pdfx == TP_PDFX_4,
	};
	struct tp_out o;
	if (rc == TP_OK)
		rc = tp_out_open(&o, dir, "job.pdf", e);
	if (rc == TP_OK) {
		rc = tp_pdf_write(o.f, (const struct tp_scene *const *)L.page, L.n, &info, e);
		if (rc == TP_OK)
			rc = tp_out_commit(&o, e);
		else
			tp_out_abort(&o);
	}
	for (size_t k = 0; k < L.n; k++)
		tp_scene_free(L.page[k]);
	return rc;
}
