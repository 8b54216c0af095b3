/* The press-PDF backend, checked from outside with the tools a print shop
 * or a reviewer would use (qpdf, poppler), so the backend is never checked
 * against its own idea of PDF. */

#define TU_SUPPRESS_HARU_LEAK
#include "testutil.h"
#include "tu_files.h"

#include <cairo.h>
#include <math.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "core/alloc.h"
#include "print/backend/backend.h"
#include "print/backend/pdf_stream.h"
#include "print/pdf/pdf_content.h"
#include "print/pdf/pdf_read.h"
#include "print/scene/scene.h"
#include "tu_palette.h"
#include "tu_writer.h"
#include "print/art/text_outline.h"

#define K (72.0 / 25.4)
#define TRIM_W 100.0
#define TRIM_H 50.0
#define BLEED 3.0
#define MARGIN 10.0


static void make_inks(struct tp_palette *pal)
{
	tu_palette_init(pal);
	struct tp_ink *ink = pal->ink;
	for (int i = 0; i < TU_N_INKS; i++) {
		snprintf(ink[i].name, sizeof ink[i].name, "ink%d", i);
		ink[i].kind = TP_INK_PROCESS;
		ink[i].cmyk[i % 4] = 0.8;
	}
	tu_ink(pal, TP_INK_TEXT)->cmyk[3] = 1;
	struct tp_ink cut = { .name = "CutContour", .key = "cut", .kind = TP_INK_SPOT, .overprint = 1,
			      .cmyk = { 0, 1, 0, 0 }, .rgb = { 1, 0, 1 } };
	struct tp_ink reg = { .name = "Registration", .key = "marks", .kind = TP_INK_REGISTRATION,
			      .cmyk = { 1, 1, 1, 1 } };
	*tu_ink(pal, TP_INK_CUT) = cut;
	*tu_ink(pal, TP_INK_REG) = reg;
}

/* One of everything: bleed fill, circle, stroked polygon, text, die line in
 * a spot ink, and a crop mark in registration. */
static struct tp_scene *sample(const char *name, double w, double h)
{
	struct tp_palette ink;
	make_inks(&ink);
	struct tp_scene *sc = tp_scene_new(name, w, h, BLEED, &ink);
	assert_non_null(sc);
	sc->margin = MARGIN;
	const double tri[6] = { 5, 5, 30, 5, 15, 25 };
	const struct tp_pt mark[2] = { { TP_MOVE, -MARGIN - BLEED, 0 }, { TP_LINE, -BLEED - 1, 0 } };
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, -BLEED, -BLEED,
				       w + 2 * BLEED, h + 2 * BLEED), 0);
	assert_int_equal(tp_scene_circle(sc, INK_B, TP_FILL, 0, w / 2, h / 2, h / 4), 0);
	assert_int_equal(tp_scene_poly(sc, INK_D, TP_STROKE, 0.5, tri, 3), 0);
	assert_int_equal(tp_scene_text(sc, TP_INK_TEXT, w / 2, h - 5, 6, TP_ALIGN_CENTER,
				       "Tile 12"), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 0, 0, w, h), 0);
	assert_int_equal(tp_scene_path(sc, TP_INK_REG, TP_STROKE, 0.25, mark, 2), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	/* knockout art right after overprint art, inside one clip */
	assert_int_equal(tp_scene_layer(sc, "top"), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 2, 2, 5, 5), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_LINE, TP_STROKE, 0.1, 8, 2, 5, 5), 0);
	return sc;
}

static struct tp_doc_info doc_info(int marks)
{
	struct tp_doc_info info = { .title = "tilepress test", .job = "job", .file = "x.pdf",
				    .epoch = 1700000000, .dpi = 300, .marks = marks };
	return info;
}

/* Writes the pages to tu_tmp/name and returns the path (rotating buffer). */
static const char *write_pdf(const char *name, const struct tp_scene *const *pages,
			     size_t n, const struct tp_doc_info *info)
{
	static char buf[4][1100];
	static int i;
	i = (i + 1) % 4;
	snprintf(buf[i], sizeof buf[i], "%s/%s", tu_tmp, name);
	FILE *f = fopen(buf[i], "wb");
	assert_non_null(f);
	tp_err e = { 0 };
	assert_int_equal(tp_pdf_write(f, pages, n, info, &e), TP_OK);
	assert_int_equal(e.code, TP_OK);
	assert_int_equal(fclose(f), 0);
	return buf[i];
}

static const char *write_one(const char *name, int marks)
{
	struct tp_scene *sc = sample("one", TRIM_W, TRIM_H);
	const struct tp_scene *pages[1] = { sc };
	struct tp_doc_info info = doc_info(marks);
	const char *path = write_pdf(name, pages, 1, &info);
	tp_scene_free(sc);
	return path;
}

/* Runs a shell command; returns its exit status, stdout+stderr in out. */
static int run(char *out, size_t cap, const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd - 8, fmt, ap);
	va_end(ap);
	strcat(cmd, " 2>&1");
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	size_t n = fread(out, 1, cap - 1, p);
	out[n] = '\0';
	char sink[4096];
	while (fread(sink, 1, sizeof sink, p) > 0)
		;
	int st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void assert_qpdf_clean(const char *path)
{
	char out[8192];
	int rc = run(out, sizeof out, "qpdf --check '%s'", path);
	if (rc != 0 || strstr(out, "WARNING") != NULL)
		fail_msg("qpdf --check %s: exit %d\n%s", path, rc, out);
}

/* The file uncompressed by qpdf, NULs dropped and every whitespace run one
 * space, so that operators and dictionaries can be matched as text. */
static char *qdf_text(const char *path)
{
	char out[4096], qdf[1200];
	snprintf(qdf, sizeof qdf, "%s.qdf", path);
	int rc = run(out, sizeof out, "qpdf --qdf --object-streams=disable '%s' '%s'", path, qdf);
	assert_int_equal(rc, 0);
	size_t len;
	char *raw = tu_slurp_ok(qdf, &len);
	/* the xref table's " f " entries are not operators */
	for (char *x = strstr(raw, "\nxref\n"); x; x = strstr(x + 1, "\nxref\n"))
		len = (size_t)(x - raw);
	char *s = raw;
	int space = 0;
	for (size_t i = 0; i < len; i++) {
		char c = raw[i];
		if (c == '\0')
			continue;
		if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
			space = 1;
			continue;
		}
		if (space)
			*s++ = ' ';
		space = 0;
		*s++ = c;
	}
	*s = '\0';
	return raw;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

static void assert_box(const char *pdfinfo, const char *name, double l, double b,
		       double r, double t)
{
	const char *p = strstr(pdfinfo, name);
	if (p == NULL)
		fail_msg("no %s in:\n%s", name, pdfinfo);
	double v[4];
	assert_int_equal(sscanf(p + strlen(name), "%lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3]), 4);
	const double want[4] = { l * K, b * K, r * K, t * K };
	for (int i = 0; i < 4; i++)
		if (fabs(v[i] - want[i]) > 0.02)
			fail_msg("%s[%d] = %.2f, want %.2f", name, i, v[i], want[i]);
}

static void test_boxes_without_marks(void **state)
{
	(void)state;
	const char *path = write_one("nomarks.pdf", 0);
	assert_qpdf_clean(path);
	char out[4096];
	assert_int_equal(run(out, sizeof out, "pdfinfo -box '%s'", path), 0);
	const double w = TRIM_W + 2 * BLEED, h = TRIM_H + 2 * BLEED;
	assert_box(out, "MediaBox:", 0, 0, w, h);
	assert_box(out, "BleedBox:", 0, 0, w, h);
	assert_box(out, "TrimBox:", BLEED, BLEED, BLEED + TRIM_W, BLEED + TRIM_H);
}

static void test_boxes_with_marks(void **state)
{
	(void)state;
	const char *path = write_one("marks.pdf", 1);
	assert_qpdf_clean(path);
	char out[4096];
	assert_int_equal(run(out, sizeof out, "pdfinfo -box '%s'", path), 0);
	const double m = MARGIN, b = BLEED;
	assert_box(out, "MediaBox:", 0, 0, TRIM_W + 2 * (b + m), TRIM_H + 2 * (b + m));
	assert_box(out, "BleedBox:", m, m, m + TRIM_W + 2 * b, m + TRIM_H + 2 * b);
	assert_box(out, "TrimBox:", m + b, m + b, m + b + TRIM_W, m + b + TRIM_H);
}

static void test_cmyk_spot_overprint(void **state)
{
	(void)state;
	char *q = qdf_text(write_one("ops.pdf", 1));
	const char *rgb_or_gray[] = { " rg ", " RG ", " g ", " G ", " sc ", " SC " };
	for (size_t i = 0; i < sizeof rgb_or_gray / sizeof *rgb_or_gray; i++)
		if (strstr(q, rgb_or_gray[i]))
			fail_msg("operator '%s' in a CMYK-only file", rgb_or_gray[i]);
	assert_false(strstr(q, "DeviceRGB") || strstr(q, "DeviceGray"));
	assert_non_null(strstr(q, " k "));
	assert_non_null(strstr(q, " K "));
	assert_non_null(strstr(q, "/Separation /CutContour /DeviceCMYK"));
	assert_non_null(strstr(q, "/C1 [ 0 1 0 0 ]"));
	assert_non_null(strstr(q, "/Separation /All /DeviceCMYK"));
	assert_non_null(strstr(q, " CS 1 SCN "));       /* die line is a stroke */
	assert_non_null(strstr(q, "/OP true"));
	assert_non_null(strstr(q, "/op true"));
	assert_non_null(strstr(q, "/OPM 1"));
	assert_non_null(strstr(q, "/OP false"));
	assert_non_null(strstr(q, " re W n "));         /* the bleed clip */
	assert_false(strstr(q, "/SMask") || strstr(q, "/CA ") || strstr(q, "/ca "));
	assert_non_null(strstr(q, "/Trapped /False"));
	assert_non_null(strstr(q, "/Creator (tilepress "));
	assert_non_null(strstr(q, "/CreationDate (D:20231114221320Z00'00')"));
	free(q);
}

/* Colour operators only where the colour changes: runs of fills in one
 * ink (two layers, each drawn as a run), strokes in a spot ink, and marks
 * outside the bleed clip after the clip's Q restored the colour before it.
 * The count of each operator is the count of changes, from the draw order. */
static void test_colour_only_when_it_changes(void **state)
{
	(void)state;
	struct tp_palette ink;
	make_inks(&ink);
	struct tp_scene *sc = tp_scene_new("runs", TRIM_W, TRIM_H, BLEED, &ink);
	assert_non_null(sc);
	sc->margin = MARGIN;
	const int runs[] = { INK_A, INK_B, INK_A };
	for (int r = 0; r < 3; r++) {
		char name[8];
		snprintf(name, sizeof name, "l%d", r);
		assert_int_equal(tp_scene_layer(sc, name), 0);
		for (int i = 0; i < 5; i++)
			assert_int_equal(tp_scene_rect(sc, runs[r], TP_FILL, 0, i * 10.0, r * 10.0, 8, 8), 0);
		for (int i = 0; i < 4; i++)
			assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, i * 10.0, r * 10.0, 8, 8), 0);
	}
	const struct tp_pt mark[2] = { { TP_MOVE, -MARGIN - BLEED, 0 }, { TP_LINE, -BLEED - 1, 0 } };
	for (int i = 0; i < 3; i++) {
		assert_int_equal(tp_scene_path(sc, TP_INK_REG, TP_STROKE, 0.25, mark, 2), 0);
		tp_scene_flag_last(sc, TP_SHAPE_MARK);
	}
	const struct tp_scene *pages[1] = { sc };
	struct tp_doc_info info = doc_info(1);
	const char *path = write_pdf("runs.pdf", pages, 1, &info);
	assert_qpdf_clean(path);
	char *q = qdf_text(path);
	/* Fills: one k per run of one ink (A, B, A).  Strokes: the die line's
	 * separation once (fills leave the stroking colour alone), then the
	 * marks' registration once, after the clip. */
	assert_int_equal(count(q, " k "), 3);
	assert_int_equal(count(q, " K "), 0);
	assert_int_equal(count(q, " CS 1 SCN "), 2);
	assert_int_equal(count(q, " cs 1 scn "), 0);
	free(q);
	tp_scene_free(sc);
}

/* Tiles as scene groups: each tile's outline of 40 points (in a process
 * ink, and a spot die outline that overprints) is a Form XObject per
 * distinct tile and layer, painted in place and by q cm Do Q for each
 * repeat; its rects stay in the page (forms only pay for outlines).  The
 * page renders as the same scene without groups does. */
#define FORM_TILES 6
#define FORM_KINDS 2

static struct tp_scene *form_scene(int grouped)
{
	struct tp_palette ink;
	make_inks(&ink);
	struct tp_scene *sc = tp_scene_new("forms", TRIM_W, TRIM_H, BLEED, &ink);
	assert_non_null(sc);
	for (int t = 0; t < FORM_TILES; t++) {
		double x = 15.0 * t + 5, y = 10 + 2.5 * t, r = 3 + t % FORM_KINDS;
		double star[80];
		for (int i = 0; i < 40; i++) {
			double a = i * M_PI / 20, rr = i % 2 ? r : r / 2;
			star[2 * i] = x + rr * cos(a);
			star[2 * i + 1] = y + rr * sin(a);
		}
		if (grouped)
			assert_int_equal(tp_scene_group_begin(sc), 0);
		for (int k = 0; k < 3; k++)
			assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, x - 6 + 4 * k, y + 8, 3, 3), 0);
		assert_int_equal(tp_scene_poly(sc, INK_B, TP_FILL, 0, star, 40), 0);
		assert_int_equal(tp_scene_poly(sc, TP_INK_CUT, TP_STROKE, 0.25, star, 40), 0);
		tp_scene_group_end(sc);
	}
	return sc;
}

static void test_forms_for_repeated_outlines(void **state)
{
	(void)state;
	const char *path[2];
	struct tu_png img[2];
	for (int g = 0; g < 2; g++) {
		struct tp_scene *sc = form_scene(g);
		const struct tp_scene *pages[1] = { sc };
		struct tp_doc_info info = doc_info(0);
		path[g] = write_pdf(g ? "forms.pdf" : "noforms.pdf", pages, 1, &info);
		assert_qpdf_clean(path[g]);
		tp_scene_free(sc);
		char out[4096], png[1200];
		assert_int_equal(run(out, sizeof out, "pdftoppm -r 150 -png -singlefile '%s' '%s'",
				     path[g], path[g]), 0);
		snprintf(png, sizeof png, "%s.png", path[g]);
		assert_int_equal(tu_png_read(png, &img[g]), 0);
	}
	char *q = qdf_text(path[1]);
	/* two layers of outlines (fill and die line), FORM_KINDS tiles each */
	assert_int_equal(count(q, "/Subtype /Form"), 2 * FORM_KINDS);
	assert_int_equal(count(q, " Do "), 2 * FORM_TILES);
	assert_int_equal(count(q, " cm "), 2 * (FORM_TILES - FORM_KINDS));
	/* the rects are drawn in the page: 3 a tile, and the bleed clip */
	assert_int_equal(count(q, " re "), 3 * FORM_TILES + 1);
	/* each form sets its colours and overprint itself */
	assert_int_equal(count(q, " CS 1 SCN "), FORM_KINDS);
	free(q);
	char *p0 = qdf_text(path[0]);
	assert_int_equal(count(p0, "/Subtype /Form"), 0);
	free(p0);
	assert_int_equal(img[0].w, img[1].w);
	assert_int_equal(img[0].h, img[1].h);
	int worst = 0;
	for (size_t i = 0; i < (size_t)img[0].w * img[0].h * 3; i++)
		worst = abs(img[0].rgb[i] - img[1].rgb[i]) > worst ? abs(img[0].rgb[i] - img[1].rgb[i]) : worst;
	assert_true(worst <= 32);
	free(img[0].rgb);
	free(img[1].rgb);
}

/* ---- marks shared between pages (pdf_forms.h) ---- */

#define SLUG_PAGES 4
#define SLUG_SIZE 2.2
static const char *const slug_common = "job  |  x.pdf  |  tiles";

static void slug_note(int k, char *out, size_t n)
{
	snprintf(out, n, "piece %d of %d, 120.0 x 80.0 mm", k + 1, SLUG_PAGES);
}

/* sample()'s art, then on a layer of their own (own_layer) or on the
 * art's: two crop marks and the two slug lines, in registration. */
static struct tp_scene *slug_scene(int k, int own_layer)
{
	struct tp_scene *sc = sample("slug", TRIM_W, TRIM_H);
	if (own_layer) {
		/* sample()'s own mark is on the art's layer: off with it */
		for (size_t i = 0; i < sc->n_shapes; i++)
			sc->shapes[i].flags &= (uint16_t)~TP_SHAPE_MARK;
		assert_int_equal(tp_scene_layer(sc, "marks"), 0);
	}
	const struct tp_pt m1[2] = { { TP_MOVE, -MARGIN, 0 }, { TP_LINE, -BLEED - 1, 0 } };
	const struct tp_pt m2[2] = { { TP_MOVE, 0, -MARGIN }, { TP_LINE, 0, -BLEED - 1 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_REG, TP_STROKE, 0.1, m1, 2), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	assert_int_equal(tp_scene_path(sc, TP_INK_REG, TP_STROKE, 0.1, m2, 2), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	char note[80];
	slug_note(k, note, sizeof note);
	assert_int_equal(tp_scene_text(sc, TP_INK_REG, -BLEED, TRIM_H + BLEED + 4, SLUG_SIZE,
				       TP_ALIGN_LEFT, slug_common), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	assert_int_equal(tp_scene_text(sc, TP_INK_REG, -BLEED, TRIM_H + BLEED + 7, SLUG_SIZE,
				       TP_ALIGN_LEFT, note), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	return sc;
}

static size_t inked_chars(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += *s != ' ';
	return n;
}

/* The registration fills of each page: their box, in page points. */
struct reg_box {
	double box[4];
	size_t fills, strokes;
};

static int reg_paint(void *ctx, const struct tp_pc_paint *pt)
{
	struct reg_box *r = ctx;
	if (strcmp(pt->col.spot, "All") != 0)
		return 0;
	if (pt->what == TP_PC_STROKE) {
		r->strokes++;
		return 0;
	}
	if (pt->what != TP_PC_FILL)
		return 0;
	r->fills++;
	for (int k = 0; k < 2; k++) {
		r->box[k] = fmin(r->box[k], pt->box[k]);
		r->box[k + 2] = fmax(r->box[k + 2], pt->box[k + 2]);
	}
	return 0;
}

struct reg_pages {
	const struct tp_pdf *p;
	struct reg_box r[SLUG_PAGES];
};

static void reg_page(void *ctx, int k, const struct tp_pv *pg)
{
	struct reg_pages *R = ctx;
	assert_true(k >= 1 && k <= SLUG_PAGES);
	struct reg_box *r = &R->r[k - 1];
	r->box[0] = r->box[1] = INFINITY;
	r->box[2] = r->box[3] = -INFINITY;
	struct tp_pc_result res;
	assert_int_equal(tp_pdf_content_page(R->p, pg, reg_paint, r, &res), 0);
	assert_false(res.broken);
}

/* The slug's two lines are painted where their whole outline
 * (tp_text_outline, not the glyphs) says, on every page; the crop marks
 * and each glyph are one form for the document, placed by Do. */
static void test_marks_shared_between_pages(void **state)
{
	(void)state;
	for (int own = 1; own >= 0; own--) {
		struct tp_scene *sc[SLUG_PAGES];
		for (int k = 0; k < SLUG_PAGES; k++)
			sc[k] = slug_scene(k, own);
		struct tp_doc_info info = doc_info(1);
		const char *path = write_pdf(own ? "slug.pdf" : "slug-art.pdf",
					     (const struct tp_scene *const *)sc, SLUG_PAGES, &info);
		assert_qpdf_clean(path);

		/* Forms: one a glyph (each character here is one glyph),
		 * and the crop marks' when they have a layer of their own. */
		unsigned char seen[256] = { 0 };
		size_t glyphs = 0, uses = 0;
		char note[80];
		for (int k = 0; k < SLUG_PAGES; k++) {
			slug_note(k, note, sizeof note);
			for (int l = 0; l < 2; l++)
				for (const char *c = l ? note : slug_common; *c; c++)
					if (*c != ' ' && !seen[(unsigned char)*c]++)
						glyphs++;
			uses += inked_chars(slug_common) + inked_chars(note) + (own ? 1 : 0);
		}
		char *q = qdf_text(path);
		assert_int_equal(count(q, "/Subtype /Form"), glyphs + (own ? 1 : 0));
		assert_int_equal(count(q, " Do "), uses);
		free(q);

		size_t n;
		char *buf = tu_slurp_ok(path, &n);
		struct tp_pdf p;
		char why[160];
		assert_int_equal(tp_pdf_read(&p, (const unsigned char *)buf, n, why, sizeof why), 0);
		struct reg_pages R = { .p = &p };
		assert_int_equal(tp_pdf_pages(&p, reg_page, &R), SLUG_PAGES);
		const double off = BLEED + MARGIN, H = TRIM_H + 2 * off;
		for (int k = 0; k < SLUG_PAGES; k++) {
			double b1[4], b2[4];
			slug_note(k, note, sizeof note);
			assert_int_equal(tp_text_outline_box(slug_common, -BLEED, TRIM_H + BLEED + 4,
							     SLUG_SIZE, TP_ALIGN_LEFT, b1), 0);
			assert_int_equal(tp_text_outline_box(note, -BLEED, TRIM_H + BLEED + 7,
							     SLUG_SIZE, TP_ALIGN_LEFT, b2), 0);
			double want[4] = { (fmin(b1[0], b2[0]) + off) * K, (H - fmax(b1[3], b2[3]) - off) * K,
					   (fmax(b1[2], b2[2]) + off) * K, (H - fmin(b1[1], b2[1]) - off) * K };
			for (int i = 0; i < 4; i++)
				if (fabs(R.r[k].box[i] - want[i]) > 0.01)
					fail_msg("page %d: slug box[%d] %.4f pt, its outline says %.4f",
						 k + 1, i, R.r[k].box[i], want[i]);
			/* every glyph with an outline a fill; three strokes:
			 * the crop marks and sample()'s own (art or mark) */
			assert_int_equal(R.r[k].fills, inked_chars(slug_common) + inked_chars(note));
			assert_int_equal(R.r[k].strokes, 3);
		}
		tp_pdf_free(&p);
		free(buf);
		for (int k = 0; k < SLUG_PAGES; k++)
			tp_scene_free(sc[k]);
	}
}

static void test_marks_only_when_asked(void **state)
{
	(void)state;
	char *with = qdf_text(write_one("reg_on.pdf", 1));
	char *without = qdf_text(write_one("reg_off.pdf", 0));
	assert_non_null(strstr(with, "/Separation /All"));
	assert_null(strstr(without, "/Separation /All"));
	free(with);
	free(without);
}

/* needle in hay[0..n-1], which may hold NULs (a stream's bytes may come
 * before the trailer), or NULL. */
static const char *find_bytes(const char *hay, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = 0; i + k <= n; i++)
		if (memcmp(hay + i, needle, k) == 0)
			return hay + i;
	return NULL;
}

static void test_reproducible_with_id(void **state)
{
	(void)state;
	size_t la, lb;
	char *a = tu_slurp_ok(write_one("a.pdf", 1), &la);
	char *b = tu_slurp_ok(write_one("b.pdf", 1), &lb);
	assert_int_equal(la, lb);
	assert_memory_equal(a, b, la);
	const char *trailer = find_bytes(a + la - 600, 600, "trailer");
	assert_non_null(trailer);
	assert_non_null(strstr(trailer, "/ID [ <"));

	/* a different title is a different document */
	struct tp_scene *sc = sample("one", TRIM_W, TRIM_H);
	const struct tp_scene *pages[1] = { sc };
	struct tp_doc_info info = doc_info(1);
	info.title = "another title";
	size_t lc;
	char *c = tu_slurp_ok(write_pdf("c.pdf", pages, 1, &info), &lc);
	const char *id_a = strstr(trailer, "/ID [ <");
	const char *tc = find_bytes(c + lc - 600, 600, "trailer");
	assert_non_null(tc);
	const char *id_c = strstr(tc, "/ID [ <");
	assert_non_null(id_c);
	assert_memory_not_equal(id_a, id_c, 40);
	tp_scene_free(sc);
	free(a);
	free(b);
	free(c);
}

static void test_utf8_title(void **state)
{
	(void)state;
	struct tp_scene *sc = sample("one", TRIM_W, TRIM_H);
	const struct tp_scene *pages[1] = { sc };
	struct tp_doc_info info = doc_info(0);
	info.title = "Spielbrett f\xc3\xbcr \xe2\x82\xac 5";
	const char *path = write_pdf("title.pdf", pages, 1, &info);
	assert_qpdf_clean(path);
	char out[4096];
	assert_int_equal(run(out, sizeof out, "pdfinfo -enc UTF-8 '%s'", path), 0);
	assert_non_null(strstr(out, "Spielbrett f\xc3\xbcr \xe2\x82\xac 5"));
	tp_scene_free(sc);
}

static void test_text_as_outlines(void **state)
{
	(void)state;
	struct tp_palette ink;
	make_inks(&ink);
	struct tp_scene *sc = tp_scene_new("text", 60, 20, BLEED, &ink);
	assert_non_null(sc);
	assert_int_equal(tp_scene_text(sc, TP_INK_TEXT, 30, 12, 8, TP_ALIGN_CENTER, "Fig. 18"), 0);
	const struct tp_scene *pages[1] = { sc };
	struct tp_doc_info info = doc_info(0);
	const char *path = write_pdf("text.pdf", pages, 1, &info);
	assert_qpdf_clean(path);

	char out[4096];
	assert_int_equal(run(out, sizeof out, "pdffonts '%s'", path), 0);
	assert_int_equal(count(out, "\n"), 2);   /* the two header lines only */
	char *q = qdf_text(path);
	assert_null(strstr(q, "/Font"));
	assert_null(strstr(q, " Tj "));
	assert_true(count(q, " c ") > 20);       /* glyph curves */
	assert_int_equal(count(q, " f "), 1);    /* one filled path */
	free(q);
	tp_scene_free(sc);
}

static void bbox(const struct tp_pt *p, size_t n, double b[4])
{
	b[0] = b[1] = INFINITY;
	b[2] = b[3] = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		b[0] = fmin(b[0], p[i].x);
		b[1] = fmin(b[1], p[i].y);
		b[2] = fmax(b[2], p[i].x);
		b[3] = fmax(b[3], p[i].y);
	}
}

static void test_text_outline_helper(void **state)
{
	(void)state;
	struct tp_pt *p, *q;
	size_t n, m;
	double b[4];

	/* "E" at 10 mm: DejaVu's cap height is 0.73 em, above the baseline */
	assert_int_equal(tp_text_outline("E", 50, 100, 10, TP_ALIGN_LEFT, &p, &n), 0);
	assert_true(n > 4);
	assert_int_equal(p[0].op, TP_MOVE);
	bbox(p, n, b);
	assert_true(b[0] >= 50 && b[2] < 58);
	assert_true(fabs(b[1] - (100 - 7.29)) < 0.05 && fabs(b[3] - 100) < 0.01);
	free(p);

	assert_int_equal(tp_text_outline("HH", 50, 100, 10, TP_ALIGN_RIGHT, &p, &n), 0);
	bbox(p, n, b);
	assert_true(b[2] < 50 && b[2] > 48);
	free(p);

	assert_int_equal(tp_text_outline("HH", 50, 100, 10, TP_ALIGN_CENTER, &p, &n), 0);
	bbox(p, n, b);
	assert_true(fabs((b[0] + b[2]) / 2 - 50) < 0.01);   /* H is symmetric */

	/* the same input gives the same points */
	assert_int_equal(tp_text_outline("HH", 50, 100, 10, TP_ALIGN_CENTER, &q, &m), 0);
	assert_int_equal(n, m);
	for (size_t i = 0; i < n; i++)
		assert_true(p[i].op == q[i].op && p[i].x == q[i].x && p[i].y == q[i].y);
	free(p);
	free(q);

	assert_int_equal(tp_text_outline("", 0, 0, 10, TP_ALIGN_LEFT, &p, &n), 0);
	assert_null(p);
	assert_int_equal(n, 0);
	assert_int_equal(tp_text_outline("\xff\xfe", 0, 0, 10, TP_ALIGN_LEFT, &p, &n), -1);
	assert_null(p);
}

static void test_two_pages(void **state)
{
	(void)state;
	struct tp_scene *a = sample("a", TRIM_W, TRIM_H);
	struct tp_scene *b = sample("b", 60, 80);
	const struct tp_scene *pages[2] = { a, b };
	struct tp_doc_info info = doc_info(1);
	const char *path = write_pdf("two.pdf", pages, 2, &info);
	assert_qpdf_clean(path);
	char out[4096];
	assert_int_equal(run(out, sizeof out, "pdfinfo -f 1 -l 3 '%s'", path), 0);
	assert_non_null(strstr(out, "Pages:           2"));
	const double e = 2 * (BLEED + MARGIN);
	const double want[2][2] = { { TRIM_W + e, TRIM_H + e }, { 60 + e, 80 + e } };
	for (int i = 0; i < 2; i++) {
		char key[32];
		double w, h;
		snprintf(key, sizeof key, "Page    %d size:", i + 1);
		const char *p = strstr(out, key);
		assert_non_null(p);
		assert_int_equal(sscanf(p + strlen(key), "%lf x %lf", &w, &h), 2);
		assert_true(fabs(w - want[i][0] * K) < 0.01 && fabs(h - want[i][1] * K) < 0.01);
	}
	tp_scene_free(a);
	tp_scene_free(b);
}

/* A document past TP_PDF_SPILL_MEM: its objects move from memory to a
 * temporary file mid-page, and the file is still whole (offsets right). */
static void test_spill_past_memory(void **state)
{
	(void)state;
	enum { PAGES = 60, POLYS = 1500 };
	struct tp_scene *pg[PAGES];
	uint64_t x = 88172645463325252ULL;
	for (int i = 0; i < PAGES; i++) {
		pg[i] = sample("big", TRIM_W, TRIM_H);
		for (int k = 0; k < POLYS; k++) {
			double v[12];
			for (int j = 0; j < 12; j++) {
				x ^= x << 13, x ^= x >> 7, x ^= x << 17;
				v[j] = (double)(x % 100000) / 100000.0 * TRIM_W;
			}
			assert_int_equal(tp_scene_poly(pg[i], INK_D, TP_STROKE, 0.2, v, 6), 0);
		}
	}
	struct tp_doc_info info = doc_info(0);
	const char *path = write_pdf("big.pdf", (const struct tp_scene *const *)pg, PAGES, &info);
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_true((size_t)st.st_size > TP_PDF_SPILL_MEM);
	assert_qpdf_clean(path);
	char out[4096], want[64];
	assert_int_equal(run(out, sizeof out, "pdfinfo '%s'", path), 0);
	snprintf(want, sizeof want, "Pages:          %3d", PAGES);
	assert_non_null(strstr(out, want));
	for (int i = 0; i < PAGES; i++)
		tp_scene_free(pg[i]);
}

static void test_write_error(void **state)
{
	(void)state;
	struct tp_scene *sc = sample("one", TRIM_W, TRIM_H);
	struct tp_doc_info info = doc_info(1);
	tp_err e;
	assert_true(tu_expect_full_disk(tp_pdf_write, sc, &info, &e));
	assert_non_null(strstr(e.msg, "cannot write"));
	tp_scene_free(sc);
}

static void test_bad_page_size(void **state)
{
	(void)state;
	struct tp_scene *sc = sample("huge", 6000, 50);
	const struct tp_scene *pages[1] = { sc };
	struct tp_doc_info info = doc_info(0);
	FILE *f = tmpfile();
	assert_non_null(f);
	tp_err e = { 0 };
	assert_int_equal(tp_pdf_write(f, pages, 1, &info, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "huge"));
	fclose(f);
	tp_scene_free(sc);
}

/* Writes a minimal ICC header (what a DestOutputProfile is checked for)
 * with the given class and colour space, a declared size of decl (0: the
 * real one) and a marker after the header to find in the PDF. */
static const char *fake_icc(const char *name, const char *cls, const char *space, long decl)
{
	static char path[1100];
	snprintf(path, sizeof path, "%s/%s", tu_tmp, name);
	unsigned char b[160] = { 0 };
	long n = sizeof b;
	long size = decl ? decl : n;
	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(size >> (24 - 8 * i));
	memcpy(b + 12, cls, 4);
	memcpy(b + 16, space, 4);
	memcpy(b + 20, "Lab ", 4);
	memcpy(b + 36, "acsp", 4);
	memcpy(b + 128, "tilepress-test-icc-marker", 25);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(b, 1, sizeof b, f), sizeof b);
	assert_int_equal(fclose(f), 0);
	return path;
}

/* PDF/X-1a:2003 as far as tests/prepress/pdfx_check.py (the checker make test runs
 * over every PDF of a build) can see it, plus the literal keys. */
static void test_pdfx_defaults(void **state)
{
	(void)state;
	const char *path = write_one("pdfx.pdf", 1);
	assert_qpdf_clean(path);
	size_t len;
	char *raw = tu_slurp_ok(path, &len);
	assert_memory_equal(raw, "%PDF-1.4\n", 9);
	free(raw);
	char *q = qdf_text(path);
	assert_non_null(strstr(q, "/GTS_PDFXVersion (PDF/X-1a:2003)"));
	assert_non_null(strstr(q, "/S /GTS_PDFX"));
	assert_non_null(strstr(q, "/OutputConditionIdentifier (" TP_OUTPUT_CONDITION ")"));
	assert_non_null(strstr(q, "/RegistryName (" TP_OUTPUT_REGISTRY ")"));
	assert_non_null(strstr(q, "/Info (Coated FOGRA39 \\(ISO 12647-2:2004\\))"));
	assert_null(strstr(q, "/DestOutputProfile"));
	free(q);
	char out[8192];
	int rc = run(out, sizeof out, "python3 '%s' --condition FOGRA39 '%s'",
		     tu_path("tests/prepress/pdfx_check.py"), path);
	if (rc != 0)
		fail_msg("pdfx_check: %s", out);
}

static void test_pdfx_condition_and_profile(void **state)
{
	(void)state;
	struct tp_scene *sc = sample("one", TRIM_W, TRIM_H);
	const struct tp_scene *pages[1] = { sc };
	struct tp_doc_info info = doc_info(0);
	info.output_condition = "CGATS21_CRPC6";
	info.output_info = "Coated Pr\xc3\xbc" "fdruck";
	info.output_registry = "http://www.color.org";
	info.output_profile = fake_icc("out.icc", "prtr", "CMYK", 0);
	const char *path = write_pdf("pdfx-icc.pdf", pages, 1, &info);
	assert_qpdf_clean(path);
	char *q = qdf_text(path);
	assert_non_null(strstr(q, "/OutputConditionIdentifier (CGATS21_CRPC6)"));
	assert_non_null(strstr(q, "/DestOutputProfile"));
	assert_non_null(strstr(q, "/N 4"));
	assert_non_null(strstr(q, "tilepress-test-icc-marker"));
	free(q);
	char out[8192];
	assert_int_equal(run(out, sizeof out, "pdfinfo -enc UTF-8 '%s'", path), 0);
	int rc = run(out, sizeof out, "python3 '%s' --profile --condition CGATS21_CRPC6 '%s'",
		     tu_path("tests/prepress/pdfx_check.py"), path);
	if (rc != 0)
		fail_msg("pdfx_check: %s", out);
	/* the same without --profile on a file without one must fail --profile */
	rc = run(out, sizeof out, "python3 '%s' --profile '%s'", tu_path("tests/prepress/pdfx_check.py"),
		 write_one("pdfx-noicc.pdf", 0));
	assert_int_equal(rc, 1);
	assert_non_null(strstr(out, "no /DestOutputProfile"));
	tp_scene_free(sc);
}

/* A profile PDF/X cannot carry is the user's input error, named. */
static void test_pdfx_bad_profile(void **state)
{
	(void)state;
	struct tp_scene *sc = sample("one", TRIM_W, TRIM_H);
	const struct tp_scene *pages[1] = { sc };
	struct {
		const char *name, *cls, *space;
		long decl;
		const char *why;
	} bad[] = {
		{ NULL, NULL, NULL, 0, "No such file" },
		{ "rgb.icc", "mntr", "RGB ", 0, "not a CMYK profile" },
		{ "scnr.icc", "scnr", "CMYK", 0, "not an output" },
		{ "short.icc", "prtr", "CMYK", 4000, "not an ICC profile" },
	};
	char path[1100];
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(path, sizeof path, "%s", bad[i].name == NULL ? "/nonexistent/x.icc"
			 : fake_icc(bad[i].name, bad[i].cls, bad[i].space, bad[i].decl));
		struct tp_doc_info info = doc_info(0);
		info.output_profile = path;
		FILE *f = tmpfile();
		assert_non_null(f);
		tp_err e = { 0 };
		assert_int_equal(tp_pdf_write(f, pages, 1, &info, &e), TP_EINPUT);
		if (!strstr(e.msg, bad[i].why) || !strstr(e.msg, path))
			fail_msg("%s: got \"%s\"", path, e.msg);
		fclose(f);
	}
	tp_scene_free(sc);
}

/* Every allocation the writer makes (libharu's included) fails in turn:
 * each must come back as TP_EIO, with nothing leaked (ASan checks). */
static void test_out_of_memory(void **state)
{
	(void)state;
	/* Two pages: the first is written out and freed before the second;
	 * with a slug, so the shared forms' paths fail too. */
	struct tp_scene *sc = slug_scene(0, 1);
	const struct tp_scene *pages[2] = { sc, sc };
	struct tp_doc_info info = doc_info(1);
	info.title = "t\xc3\xa4tel";
	info.output_info = "Pr\xc3\xbc" "fdruck";
	info.output_profile = fake_icc("oom.icc", "prtr", "CMYK", 0);
	int done = 0;
	for (long at = 1; !done && at < 100000; at++) {
		FILE *f = tmpfile();
		assert_non_null(f);
		tp_err e = { 0 };
		tp_alloc_fail_at(at);
		int rc = tp_pdf_write(f, pages, 2, &info, &e);
		/* A write that succeeds met no failed allocation (none ignored). */
		long made = tp_alloc_count();
		tp_alloc_fail_at(0);
		fclose(f);
		if (rc == TP_OK && made >= at)
			fail_msg("allocation %ld failed, yet the PDF was written", at);
		if (rc == TP_OK)
			done = 1;
		else if (rc != TP_EIO)
			fail_msg("allocation %ld: code %d (%s)", at, rc, e.msg);
	}
	assert_true(done);
	tp_scene_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_boxes_without_marks),
		cmocka_unit_test(test_boxes_with_marks),
		cmocka_unit_test(test_cmyk_spot_overprint),
		cmocka_unit_test(test_colour_only_when_it_changes),
		cmocka_unit_test(test_forms_for_repeated_outlines),
		cmocka_unit_test(test_marks_shared_between_pages),
		cmocka_unit_test(test_marks_only_when_asked),
		cmocka_unit_test(test_reproducible_with_id),
		cmocka_unit_test(test_utf8_title),
		cmocka_unit_test(test_text_as_outlines),
		cmocka_unit_test(test_text_outline_helper),
		cmocka_unit_test(test_two_pages),
		cmocka_unit_test(test_spill_past_memory),
		cmocka_unit_test(test_write_error),
		cmocka_unit_test(test_bad_page_size),
		cmocka_unit_test(test_pdfx_defaults),
		cmocka_unit_test(test_pdfx_condition_and_profile),
		cmocka_unit_test(test_pdfx_bad_profile),
		cmocka_unit_test(test_out_of_memory),
	};
	return cmocka_run_group_tests(tests, tu_setup_tmp, tu_teardown_tmp);
}
