/* The content-stream interpreter of the file preflight
 * (print/pdf/pdf_content.h): a page written here by hand, operator by
 * operator, is painted as a press would print it (the CTM's scale on a
 * line's width, q/Q, an ExtGState's overprint, a Separation's name and
 * tint and alternate, a form's matrix, text size through Tm and cm); bad
 * syntax stops the page as "broken", never reads past it. */

#include "testutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "print/pdf/pdf_content.h"
#include "print/pdf/pdf_read.h"

/* A one-page PDF around content `body` (and a form of content `form`). */
static char *page_pdf(const char *body, const char *form, size_t *n)
{
	char obj[6][2048];
	snprintf(obj[0], sizeof obj[0], "<< /Type /Catalog /Pages 2 0 R >>");
	snprintf(obj[1], sizeof obj[1], "<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>");
	snprintf(obj[2], sizeof obj[2],
		 "<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 200 200 ] /Contents 4 0 R /Resources << "
		 "/ColorSpace << /D [ /Separation /CutContour /DeviceCMYK << /FunctionType 2 /Domain [ 0 1 ] "
		 "/C0 [ 0 0 0 0 ] /C1 [ 0 1 0 0 ] /N 1 >> ] >> /ExtGState << /O << /OP true /op true /OPM 1 >> >> "
		 "/XObject << /Fm 5 0 R >> >> >>");
	snprintf(obj[3], sizeof obj[3], "<< /Length %zu >>\nstream\n%s\nendstream", strlen(body), body);
	snprintf(obj[4], sizeof obj[4],
		 "<< /Type /XObject /Subtype /Form /BBox [ 0 0 10 10 ] /Matrix [ 2 0 0 2 10 10 ] /Length %zu >>\nstream\n%s\nendstream",
		 strlen(form), form);
	snprintf(obj[5], sizeof obj[5], "<< /Title (t) >>");
	size_t cap = 16384, len = 0, off[6];
	char *out = malloc(cap);
	assert_non_null(out);
	len += (size_t)snprintf(out + len, cap - len, "%%PDF-1.4\n");
	for (int i = 0; i < 6; i++) {
		off[i] = len;
		len += (size_t)snprintf(out + len, cap - len, "%d 0 obj\n%s\nendobj\n", i + 1, obj[i]);
	}
	size_t x = len;
	len += (size_t)snprintf(out + len, cap - len, "xref\n0 7\n0000000000 65535 f \n");
	for (int i = 0; i < 6; i++)
		len += (size_t)snprintf(out + len, cap - len, "%010zu 00000 n \n", off[i]);
	len += (size_t)snprintf(out + len, cap - len,
				"trailer\n<< /Size 7 /Root 1 0 R /Info 6 0 R >>\nstartxref\n%zu\n%%%%EOF\n", x);
	assert_true(len < cap);
	*n = len;
	return out;
}

#define MAXP 16
struct got {
	struct tp_pc_paint p[MAXP];
	size_t n;
};

static int collect(void *ctx, const struct tp_pc_paint *pt)
{
	struct got *g = ctx;
	if (g->n < MAXP) {
		g->p[g->n] = *pt;
		g->p[g->n].pts = NULL;
		g->n++;
	}
	return 0;
}

static void first_page(void *ctx, int k, const struct tp_pv *pg)
{
	if (k == 1)
		*(const struct tp_pv **)ctx = pg;
}

/* Runs body on a page; the paints into g, the result into res. */
static void run(const char *body, const char *form, struct got *g, struct tp_pc_result *res)
{
	size_t n;
	char *buf = page_pdf(body, form, &n);
	struct tp_pdf p;
	char why[160];
	assert_int_equal(tp_pdf_read(&p, (const unsigned char *)buf, n, why, sizeof why), 0);
	const struct tp_pv *pg = NULL;
	assert_int_equal(tp_pdf_pages(&p, first_page, &pg), 1);
	memset(g, 0, sizeof *g);
	assert_int_equal(tp_pdf_content_page(&p, pg, collect, g, res), 0);
	tp_pdf_free(&p);
	free(buf);
}

static void paints(void **state)
{
	(void)state;
	struct got g;
	struct tp_pc_result res;
	run("q 2 0 0 2 0 0 cm 0.1 0.2 0.3 0.4 k 10 10 5 5 re f 0.5 w 0 0 m 10 0 l S Q "
	    "/O gs /D CS 0.5 SCN 1 w 0 0 m 0 20 l S "
	    "BT /F 10 Tf 2 0 0 2 0 0 Tm (x) Tj ET /Fm Do",
	    "0 0 0 1 k 0 0 1 1 re f", &g, &res);
	assert_false(res.broken);
	assert_int_equal(g.n, 5);
	/* The fill: its box under cm, its CMYK, no overprint. */
	assert_int_equal(g.p[0].what, TP_PC_FILL);
	assert_true(fabs(g.p[0].box[0] - 20) < 1e-9 && fabs(g.p[0].box[2] - 30) < 1e-9);
	assert_true(fabs(g.p[0].col.cmyk[3] - 0.4) < 1e-9 && g.p[0].col.spot[0] == 0);
	assert_false(g.p[0].overprint);
	/* The stroke's width scaled by the CTM. */
	assert_int_equal(g.p[1].what, TP_PC_STROKE);
	assert_true(fabs(g.p[1].width - 1.0) < 1e-9);
	/* After Q: the separation, its tint and alternate, overprinting. */
	assert_string_equal(g.p[2].col.spot, "CutContour");
	assert_true(fabs(g.p[2].col.tint - 0.5) < 1e-9 && fabs(g.p[2].col.cmyk[1] - 0.5) < 1e-9);
	assert_true(g.p[2].overprint && fabs(g.p[2].width - 1) < 1e-9);
	/* Text: 10 pt through a Tm of 2: 20 pt. */
	assert_int_equal(g.p[3].what, TP_PC_TEXT);
	assert_true(fabs(g.p[3].size - 20) < 1e-9);
	/* The form, through its matrix (2x, at 10,10). */
	assert_int_equal(g.p[4].what, TP_PC_FILL);
	assert_true(fabs(g.p[4].box[0] - 10) < 1e-9 && fabs(g.p[4].box[2] - 12) < 1e-9);
	assert_true(fabs(g.p[4].col.cmyk[3] - 1) < 1e-9);
}

static void broken_content(void **state)
{
	(void)state;
	static const char *const bad[] = { "0 0 m 10 0 l S (unterminated", "<< /A 1", "1e999999 w",
					   "q ) Q", "BI /W 1 ID xxxx" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct got g;
		struct tp_pc_result res;
		run(bad[i], "", &g, &res);
		if (!res.broken)
			fail_msg("not broken: %s", bad[i]);
		assert_true(res.why[0] != 0);
	}
	/* q nested too deep stops; a stray Q is harmless. */
	char deep[400] = "";
	for (int i = 0; i < 70; i++)
		strcat(deep, "q ");
	struct got g;
	struct tp_pc_result res;
	run(deep, "", &g, &res);
	assert_true(res.broken);
	run("Q Q 0 0 1 1 re f", "", &g, &res);
	assert_false(res.broken);
	assert_int_equal(g.n, 1);
}

/* A cross-reference table whose second subsection starts lower than the
 * first ends (0 7, then 1 1): the table of offsets shrank to the second
 * and the first was read past its end (found by fuzz_pdf_file; ASan). */
static void xref_subsections(void **state)
{
	(void)state;
	size_t n;
	char *buf = page_pdf("0 0 1 1 re f", "", &n);
	char *t = strstr(buf, "trailer");
	assert_non_null(t);
	size_t at = (size_t)(t - buf);
	char *out = malloc(n + 64);
	assert_non_null(out);
	memcpy(out, buf, at);
	const char *extra = "1 1\n0000000009 00000 n \n";
	memcpy(out + at, extra, strlen(extra));
	memcpy(out + at + strlen(extra), buf + at, n - at);
	size_t m = n + strlen(extra);
	out[m] = 0;
	struct tp_pdf p;
	char why[160];
	int rc = tp_pdf_read(&p, (const unsigned char *)out, m, why, sizeof why);
	if (rc == 0) {
		const struct tp_pv *pg = NULL;
		tp_pdf_pages(&p, first_page, &pg);
		tp_pdf_free(&p);
	}
	free(out);
	free(buf);
}

/* Reading a PDF and interpreting its page with each allocation failing in
 * turn (its objects' arrays and dictionaries, the table of offsets, the
 * joined content, a path of more points than the first growth holds):
 * each failure comes back as out of memory with nothing leaked (ASan),
 * and once none fails the page paints as it does untouched. */
static void every_allocation(void **state)
{
	(void)state;
	char body[2048];
	size_t k = (size_t)snprintf(body, sizeof body, "0 0 0 1 k 0 0 m");
	for (int i = 1; i <= 100; i++)
		k += (size_t)snprintf(body + k, sizeof body - k, " %d %d l", i, i % 7);
	snprintf(body + k, sizeof body - k, " f 0 0 5 5 re f /Fm Do");
	struct got want;
	struct tp_pc_result res;
	run(body, "0 0 1 1 re f", &want, &res);
	assert_false(res.broken);
	size_t n;
	char *buf = page_pdf(body, "0 0 1 1 re f", &n);
	long failed = 0;
	for (long at = 1;; at++) {
		struct tp_pdf p;
		char why[160];
		tp_alloc_fail_at(at);
		int rc = tp_pdf_read(&p, (const unsigned char *)buf, n, why, sizeof why);
		if (rc != 0) {
			tp_alloc_fail_at(0);
			assert_int_equal(rc, TP_PDF_OOM);
			failed++;
			continue;
		}
		const struct tp_pv *pg = NULL;
		int pages = tp_pdf_pages(&p, first_page, &pg);
		struct got g;
		memset(&g, 0, sizeof g);
		rc = pages == 1 ? tp_pdf_content_page(&p, pg, collect, &g, &res) : -1;
		tp_alloc_fail_at(0);
		tp_pdf_free(&p);
		if (rc != 0) {
			assert_int_equal(rc, -1);
			failed++;
			continue;
		}
		assert_int_equal(g.n, want.n);
		for (size_t i = 0; i < g.n; i++)
			assert_memory_equal(g.p[i].box, want.p[i].box, sizeof g.p[i].box);
		break;
	}
	assert_true(failed > 0);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(paints), cmocka_unit_test(broken_content),
					    cmocka_unit_test(xref_subsections),
					    cmocka_unit_test(every_allocation) };
	return cmocka_run_group_tests_name("pdf_content", tests, NULL, NULL);
}
