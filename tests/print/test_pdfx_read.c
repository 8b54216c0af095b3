/* The preflight's PDF/X structure checks (print/pdf/pdfx_check.h, issue 18):
 * a PDF tilepress writes passes them, as it passes the independent
 * tests/prepress/pdfx_check.py; each planted defect (bytes of the written
 * file changed in place, so that the cross-reference table still holds)
 * is found by both. */

#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "print/backend/backend.h"
#include "print/pdf/pdfx_check.h"
#include "tu_palette.h"

static struct tp_scene *sample(void)
{
	struct tp_palette pal;
	tu_palette_init(&pal);
	for (int i = 0; i < TU_N_INKS; i++) {
		snprintf(pal.ink[i].name, sizeof pal.ink[i].name, "ink%d", i);
		pal.ink[i].cmyk[i % 4] = 0.8;
	}
	struct tp_ink cut = { .name = "CutContour", .key = "cut", .kind = TP_INK_SPOT, .overprint = 1,
			      .cmyk = { 0, 1, 0, 0 } };
	*tu_ink(&pal, TP_INK_CUT) = cut;
	struct tp_scene *sc = tp_scene_new("one", 100, 50, 3, &pal);
	assert_non_null(sc);
	sc->margin = 10;
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, -3, -3, 106, 56), 0);
	assert_int_equal(tp_scene_text(sc, INK_B, 50, 40, 6, TP_ALIGN_CENTER, "Tile 12"), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 0, 0, 100, 50), 0);
	return sc;
}

/* The PDF of two sample pages, in memory (NUL-terminated). */
static char *pdf(int x4, size_t *n)
{
	struct tp_scene *sc = sample(), *sc2 = sample();
	const struct tp_scene *pages[2] = { sc, sc2 };
	struct tp_doc_info info = { .title = "tilepress test", .job = "job", .file = "x.pdf",
				    .epoch = 1700000000, .dpi = 300, .marks = 1, .pdfx4 = x4 };
	char *buf = NULL;
	FILE *f = open_memstream(&buf, n);
	assert_non_null(f);
	tp_err e = { 0 };
	assert_int_equal(tp_pdf_write(f, pages, 2, &info, &e), TP_OK);
	assert_int_equal(fclose(f), 0);
	tp_scene_free(sc);
	tp_scene_free(sc2);
	return buf;
}

static void report(void *ctx, int page, const char *what)
{
	char *last = ctx;
	snprintf(last, 240, "page %d: %s", page, what);
}

static int check(const char *buf, size_t n, int x4, char *last)
{
	struct tp_pdfx_expect x = { x4, "FOGRA39", 2 };
	last[0] = 0;
	return tp_pdfx_check((const unsigned char *)buf, n, &x, report, last);
}

/* pdfx_check.py on the same bytes: its exit status. */
static int script(const char *buf, size_t n)
{
	char path[1100], cmd[2400];
	snprintf(path, sizeof path, "%s/pdfx.pdf", tu_tmp);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
	snprintf(cmd, sizeof cmd, "python3 '%s' --condition FOGRA39 '%s' >/dev/null 2>&1",
		 tu_path("tests/prepress/pdfx_check.py"), path);
	int st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void clean(void **state)
{
	(void)state;
	char last[240];
	for (int x4 = 0; x4 < 2; x4++) {
		size_t n;
		char *buf = pdf(x4, &n);
		if (check(buf, n, x4, last) != 0)
			fail_msg("%s: %s", x4 ? "X-4" : "X-1a", last);
		if (!x4)
			assert_int_equal(script(buf, n), 0);
		/* Read as the other version, it is wrong. */
		assert_true(check(buf, n, !x4, last) > 0);
		free(buf);
	}
}

/* A blank page without marks (an empty press sheet under a no-marks
 * profile): libharu writes its content as a FlateDecode stream of no
 * bytes, an empty page as qpdf reads it; it was "content stream does not
 * inflate". */
static void blank_page(void **state)
{
	(void)state;
	struct tp_palette pal;
	tu_palette_init(&pal);
	struct tp_scene *sc = tp_scene_new("blank", 100, 50, 0, &pal), *sc2 = sample();
	assert_non_null(sc);
	const struct tp_scene *pages[2] = { sc2, sc };
	struct tp_doc_info info = { .title = "blank", .job = "job", .file = "b.pdf",
				    .epoch = 1700000000, .dpi = 300, .marks = 0, .pdfx4 = 1 };
	char *buf = NULL, last[240];
	size_t n;
	FILE *f = open_memstream(&buf, &n);
	assert_non_null(f);
	tp_err e = { 0 };
	assert_int_equal(tp_pdf_write(f, pages, 2, &info, &e), TP_OK);
	assert_int_equal(fclose(f), 0);
	if (check(buf, n, 1, last) != 0)
		fail_msg("blank page: %s", last);
	free(buf);
	tp_scene_free(sc);
	tp_scene_free(sc2);
}

/* Replaces the first `from` in buf by `to` (same length). */
static void plant(char *buf, size_t n, const char *from, const char *to)
{
	size_t k = strlen(from);
	assert_int_equal(strlen(to), k);
	for (size_t i = 0; i + k <= n; i++)
		if (memcmp(buf + i, from, k) == 0) {
			memcpy(buf + i, to, k);
			return;
		}
	fail_msg("not in the PDF: %s", from);
}

static void planted(void **state)
{
	(void)state;
	static const struct { const char *from, *to, *finding; } defects[] = {
		{ "%PDF-1.4", "%PDF-1.5", "header version" },
		{ "/TrimBox", "/TrimBoq", "no /TrimBox" },
		{ "/TrimBox [ 3", "/TrimBox [ 0", "boxes not nested" },
		{ "(PDF\\057X-1a:2003)", "(PDF\\057X-1a:2001)", "GTS_PDFXVersion" },
		{ "/Trapped /False", "/Trapped /Maybe", "Trapped" },
		{ "/S /GTS_PDFX", "/S /GTS_PDFY", "output intents" },
		{ "/OutputConditionIdentifier (FOGRA39)", "/OutputConditionIdentifier (FOGRA27)",
		  "FOGRA27" },
		{ "/DeviceCMYK", "/DeviceRGB ", "DeviceRGB" },
		{ "/OPM 1", "/CA .5", "/CA 0.5" },
	};
	char last[240];
	for (size_t i = 0; i < sizeof defects / sizeof defects[0]; i++) {
		size_t n;
		char *buf = pdf(0, &n);
		plant(buf, n, defects[i].from, defects[i].to);
		if (check(buf, n, 0, last) == 0 || strstr(last, defects[i].finding) == NULL)
			fail_msg("planted %s: found \"%s\"", defects[i].to, last);
		if (script(buf, n) != 1)
			fail_msg("pdfx_check.py passes the planted %s", defects[i].to);
		free(buf);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(clean), cmocka_unit_test(planted),
					    cmocka_unit_test(blank_page) };
	return cmocka_run_group_tests_name("pdfx_read", tests, tu_setup_tmp, tu_teardown_tmp);
}
