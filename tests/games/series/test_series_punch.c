/* print.layout = punchboard, as files: the press sheets are read back
 * (PNG pixels, PDF boxes via pdfinfo, SVG die lines and emboss symbols)
 * and checked against manifest/punch.csv, the pattern (tests/oracle.h) and
 * the spacing rules computed here from the config. */

#include "testutil.h"
#include "tu_files.h"
#include "tu_series.h"

#include <math.h>

#include "core/alloc.h"
#include "games/game.h"
#include "app/impose_game.h"

#define PT (72.0 / 25.4)

static int build(const char *config, const char *const *sets, int n, const char *only,
		 const char *formats, int level, tp_err *e)
{
	return tu_build_e(tu_tmp, tu_series_config(config), sets, n, only, formats, level, e);
}

static void build_ok(const char *config, const char *const *sets, int n, const char *only,
		     const char *formats)
{
	tu_rmrf(tu_tmp);
	tu_tmp = tu_tmpdir();
	tp_err e;
	if (build(config, sets, n, only, formats, 1, &e) != 0)
		fail_msg("build: %s", e.msg);
}

/* One line of punch.csv. */
struct row {
	int sheet, back, r, c;
	double x, y;
};

/* Reads manifest/punch.csv; returns the number of rows (header checked). */
static int read_csv(struct row **rows)
{
	size_t len;
	char *csv = tu_slurp(tu_out("manifest/punch.csv"), &len);
	assert_non_null(csv);
	const char *hdr = "sheet,side,row,col,x_mm,y_mm\n";
	assert_true(strncmp(csv, hdr, strlen(hdr)) == 0);
	int n = 0, cap = 64;
	*rows = malloc((size_t)cap * sizeof **rows);
	for (char *l = strtok(csv + strlen(hdr), "\n"); l; l = strtok(NULL, "\n")) {
		struct row w;
		char side[8];
		int used = 0;
		if (sscanf(l, "%d,%7[a-z],%d,%d,%lf,%lf%n", &w.sheet, side, &w.r, &w.c, &w.x, &w.y, &used) != 6 ||
		    l[used] != '\0')
			fail_msg("punch.csv: bad line '%s'", l);
		assert_true(strcmp(side, "front") == 0 || strcmp(side, "back") == 0);
		/* Two decimals, as documented. */
		const char *dot = strrchr(l, '.');
		assert_true(dot && strlen(dot) == 3);
		w.back = side[0] == 'b';
		if (n == cap)
			*rows = realloc(*rows, (size_t)(cap *= 2) * sizeof **rows);
		(*rows)[n++] = w;
	}
	free(csv);
	return n;
}

/* Oracle: tiles across a clear length, counted one by one. */
static int fit_count(double L, double t, double b, double g)
{
	int k = 0;
	while ((k + 1) * t + k * g + 2 * b <= L + 1e-6)
		k++;
	return k;
}

/* The file of press sheet k (1-based) of a sheet in a single-page format. */
static const char *page_file(const char *sheet, int k, int sheets, const char *ext)
{
	static char buf[2][200];
	static int i;
	i = (i + 1) % 2;
	if (sheets == 1)
		snprintf(buf[i], sizeof buf[i], "%s.%s", sheet, ext);
	else
		snprintf(buf[i], sizeof buf[i], "%s-sheet-%d.%s", sheet, k, ext);
	return tu_out(buf[i]);
}

/* Everything a factory gets for fronts and backs, for one config. */
static void check_set(const char *config, const char *const *sets, int n_sets)
{
	struct tp_config *c;
	struct tp_pattern *p;
	tu_series_load(config, sets, n_sets, &c, &p);
	build_ok(config, sets, n_sets, SER(c)->rules.backs ? "manifest,fronts,backs,cut" : "manifest,fronts,cut",
		 "pdf,png,svg");
	const struct tp_print *pp = &c->print;
	double W = pp->sheet_w_mm, H = pp->sheet_h_mm, t = pp->tile_mm, b = pp->bleed_mm;
	double m = pp->margin_mm, top = fmax(m, pp->gripper_mm), dpi = pp->dpi, s = t / 6;
	int backs = SER(c)->rules.backs;
	long tiles = (long)p->rows * p->cols;
	long per = (long)fit_count(W - 2 * m, t, b, pp->gutter_mm) *
		   fit_count(H - top - m, t, b, pp->gutter_mm);
	int sheets = (int)((tiles + per - 1) / per);

	/* punch.csv: every tile once per side, backs mirrored, all clear of
	 * the margins and gripper, gutters kept. */
	struct row *rw;
	int n = read_csv(&rw);
	assert_int_equal(n, tiles * (backs ? 2 : 1));
	struct row *front = calloc((size_t)tiles, sizeof *front);
	int *seen = calloc((size_t)tiles * 2, sizeof *seen);
	int max_sheet = 0;
	for (int i = 0; i < n; i++) {
		struct row *w = &rw[i];
		assert_true(w->r >= 1 && w->r <= p->rows && w->c >= 1 && w->c <= p->cols);
		long k = (long)(w->r - 1) * p->cols + (w->c - 1);
		seen[2 * k + w->back]++;
		if (!w->back)
			front[k] = *w;
		max_sheet = w->sheet > max_sheet ? w->sheet : max_sheet;
		assert_true(w->x - b >= m - 0.006 && w->x + t + b <= W - m + 0.006);
		assert_true(w->y - b >= top - 0.006 && w->y + t + b <= H - m + 0.006);
	}
	assert_int_equal(max_sheet, sheets);
	for (long k = 0; k < tiles; k++) {
		assert_int_equal(seen[2 * k], 1);
		assert_int_equal(seen[2 * k + 1], backs);
	}
	for (int i = 0; i < n; i++) {
		const struct row *w = &rw[i];
		if (w->back) {
			const struct row *f = &front[(w->r - 1) * p->cols + (w->c - 1)];
			assert_int_equal(w->sheet, f->sheet);
			assert_true(fabs(w->x - (W - f->x - t)) < 0.011 && fabs(w->y - f->y) < 0.006);
		}
		for (int j = i + 1; j < n; j++) {
			const struct row *v = &rw[j];
			if (v->sheet != w->sheet || v->back != w->back)
				continue;
			double gap = fmax(fabs(v->x - w->x), fabs(v->y - w->y)) - t;
			assert_true(gap >= pp->gutter_mm - 0.011);
		}
	}

	/* PDF: one page per press sheet, every box the press sheet. */
	static const char *const pdfs[] = { "fronts.pdf", "backs.pdf" };
	for (int f = 0; f < 1 + backs; f++)
		for (int k = 1; k <= sheets + 1; k++) {
			double media[4], bleed[4], trim[4];
			int rc = tu_pdf_boxes(tu_out(pdfs[f]), k, media, bleed, trim);
			if (k > sheets) {
				assert_int_not_equal(rc, 0);   /* no extra page */
				continue;
			}
			assert_int_equal(rc, 0);
			for (int q = 0; q < 4; q++) {
				double want = q == 2 ? W * PT : q == 3 ? H * PT : 0;
				assert_true(fabs(media[q] - want) < 0.02);
				assert_true(fabs(bleed[q] - want) < 0.02);
				assert_true(fabs(trim[q] - want) < 0.02);
			}
		}

	/* PNG: each tile where punch.csv says, its cells the pattern's, its
	 * bleed its own edge cells; the back's colour behind it. */
	struct tu_png img[2] = { 0 };
	int loaded = 0;
	for (int k = 1; k <= sheets; k++) {
		assert_int_equal(tu_png_read(page_file("fronts", k, sheets, "png"), &img[0]), 0);
		if (backs)
			assert_int_equal(tu_png_read(page_file("backs", k, sheets, "png"), &img[1]), 0);
		loaded = 1 + backs;
		assert_int_equal(img[0].w, (int)lround(W * dpi / 25.4));
		assert_int_equal(img[0].h, (int)lround(H * dpi / 25.4));
		for (int i = 0; i < n; i++) {
			const struct row *w = &rw[i];
			if (w->sheet != k)
				continue;
			const struct tp_tile *tl = &p->tiles[(w->r - 1) * p->cols + (w->c - 1)];
			if (w->back) {
				tu_series_expect_ink(c, tu_px(&img[1], 0, dpi, w->x + t / 2, w->y + t / 2), tl->back,
					   "back centre", w->r, w->c);
				continue;
			}
			for (int a = 0; a < 6; a++)
				for (int bb = 0; bb < 6; bb++)
					tu_series_expect_ink(c, tu_px(&img[0], 0, dpi, w->x + (bb + 0.5) * s, w->y + (a + 0.5) * s),
						   or_cell(c, tl->front, tl->corner, a, bb), "front cell", w->r, w->c);
			/* Own bleed: halfway into it, beside the corner cells. */
			tu_series_expect_ink(c, tu_px(&img[0], 0, dpi, w->x - b / 2, w->y + s / 2),
				   or_cell(c, tl->front, tl->corner, 0, 0), "left bleed", w->r, w->c);
			tu_series_expect_ink(c, tu_px(&img[0], 0, dpi, w->x + t + b / 2, w->y + t - s / 2),
				   or_cell(c, tl->front, tl->corner, 5, 5), "right bleed", w->r, w->c);
			/* Paper beyond the bleed when the gutter leaves any. */
			if (pp->gutter_mm > 2 * b + 2 * 25.4 / dpi)
				tu_series_expect_ink(c, tu_px(&img[0], 0, dpi, w->x - b - (pp->gutter_mm - 2 * b) / 2,
						    w->y + t / 2), TP_NONE, "gutter", w->r, w->c);
		}
		for (int q = 0; q < loaded; q++)
			free(img[q].rgb);
	}

	/* Die lines, in the imposed fronts and in cut: one closed rectangle
	 * per tile, its trim from punch.csv. */
	for (int k = 1; k <= sheets; k++) {
		const char *files[2] = { page_file("fronts", k, sheets, "svg"), NULL };
		char cutname[64];
		snprintf(cutname, sizeof cutname, "cut-fronts-sheet-%d.svg", k);
		files[1] = tu_out(cutname);
		for (int f = 0; f < 2; f++) {
			char *svg = tu_slurp(files[f], NULL);
			assert_non_null(svg);
			const char *end, *g = tu_svg_group(svg, "CutContour", &end);
			assert_non_null(g);
			int dies = 0;
			for (const char *d = tu_svg_next_d(g, end); d; d = tu_svg_next_d(d, end)) {
				double xy[20];
				int closed, curves;
				int pts = tu_path_points(d, xy, 10, &closed, &curves);
				assert_true(closed && !curves && pts == 4);
				double x0 = fmin(fmin(xy[0], xy[2]), fmin(xy[4], xy[6]));
				double y0 = fmin(fmin(xy[1], xy[3]), fmin(xy[5], xy[7]));
				double x1 = fmax(fmax(xy[0], xy[2]), fmax(xy[4], xy[6]));
				double y1 = fmax(fmax(xy[1], xy[3]), fmax(xy[5], xy[7]));
				assert_true(fabs(x1 - x0 - t) < 0.01 && fabs(y1 - y0 - t) < 0.01);
				int match = 0;
				for (int i = 0; i < n; i++)
					match += rw[i].sheet == k && !rw[i].back && fabs(rw[i].x - x0) < 0.011 &&
						 fabs(rw[i].y - y0) < 0.011;
				assert_int_equal(match, 1);
				dies++;
			}
			long on = k < sheets ? per : tiles - per * (sheets - 1);
			assert_int_equal(dies, on);
			free(svg);
		}
	}
	free(rw);
	free(front);
	free(seen);
	tp_series_free(p);
	tp_config_free(c);
}

static void defaults(void **state)
{
	(void)state;
	const char *sets[] = { "print.layout=punchboard", "print.dpi=100" };
	check_set(NULL, sets, 2);
}

/* Landscape A4 by its size, a wide gutter, a small bleed, a gripper below
 * the margin's... and a board of other tiles. */
static void others(void **state)
{
	(void)state;
	const char *a[] = { "print.layout=punchboard", "print.dpi=100", "print.sheet_mm=297x210",
			    "print.margin_mm=5", "print.gripper_mm=15", "print.gutter_mm=9",
			    "print.bleed_mm=2", "print.tile_mm=25", "board.rows=6", "board.cols=12" };
	check_set(NULL, a, 10);
	const char *b[] = { "print.layout=punchboard", "print.dpi=100", "print.sheet_mm=12x18in",
			    "print.gripper_mm=0", "print.marks=off", "print.tile_mm=0.75in" };
	check_set(NULL, b, 6);
	/* The tutorial edition has no backs: fronts only. */
	const char *cc[] = { "print.layout=punchboard", "print.dpi=72", "print.sheet_mm=A3" };
	check_set(tu_path("config/series-tutorial.ini"), cc, 3);
}

/* The blind edition: the emboss plates are imposed exactly like the print
 * sheets they register with, and the oversize board becomes panels that
 * fit the press sheet. */
static void blind(void **state)
{
	(void)state;
	const char *blind_ini = tu_path("config/series-blind.ini");
	const char *sets[] = { "print.layout=punchboard", "board.rows=6", "board.cols=6",
			       "print.sheet_mm=A3" };
	build_ok(blind_ini, sets, 4, "manifest,fronts,emboss-fronts,emboss-backs,board,board-recess",
		 "pdf,svg");
	struct tp_config *c;
	struct tp_pattern *p;
	tu_series_load(blind_ini, sets, 4, &c, &p);
	double t = c->print.tile_mm, s = t / 6, W = c->print.sheet_w_mm, H = c->print.sheet_h_mm;
	double m = c->print.margin_mm, top = fmax(m, c->print.gripper_mm);
	struct row *rw;
	int n = read_csv(&rw);
	int sheets = 0;
	for (int i = 0; i < n; i++)
		sheets = rw[i].sheet > sheets ? rw[i].sheet : sheets;
	/* Each symbol of emboss-fronts centred in a filled cell of the tile
	 * punch.csv puts there; emboss-backs' on the back's centre. */
	int found[2] = { 0, 0 }, want[2] = { 0, 0 };
	for (int i = 0; i < n; i++) {
		const struct tp_tile *tl = &p->tiles[(rw[i].r - 1) * p->cols + (rw[i].c - 1)];
		if (rw[i].back)
			want[1] += tl->back != TP_NONE;
		else
			for (int a = 0; a < 36; a++)
				want[0] += or_cell(c, tl->front, tl->corner, a / 6, a % 6) != TP_NONE;
	}
	for (int k = 1; k <= sheets; k++)
		for (int side = 0; side < 2; side++) {
			char *svg = tu_slurp(page_file(side ? "emboss-backs" : "emboss-fronts", k, sheets, "svg"), NULL);
			assert_non_null(svg);
			const char *end, *g = tu_svg_group(svg, "symbols", &end);
			for (const char *d = tu_svg_next_d(g, end); d; d = tu_svg_next_d(d, end)) {
				double xy[80], b[4];
				int closed, curves;
				int pts = tu_path_points(d, xy, 40, &closed, &curves);
				tu_points_box(xy, pts < 40 ? pts : 40, b);
				double cx = (b[0] + b[2]) / 2, cy = (b[1] + b[3]) / 2;
				int hit = 0;
				for (int i = 0; i < n && !hit; i++) {
					const struct row *w = &rw[i];
					if (w->sheet != k || w->back != side || cx < w->x || cx > w->x + t ||
					    cy < w->y || cy > w->y + t)
						continue;
					const struct tp_tile *tl = &p->tiles[(w->r - 1) * p->cols + (w->c - 1)];
					if (side) {
						hit = fabs(cx - (w->x + t / 2)) < 0.01 && fabs(cy - (w->y + t / 2)) < 0.01 &&
						      tl->back != TP_NONE;
					} else {
						int bb = (int)floor((cx - w->x) / s), a = (int)floor((cy - w->y) / s);
						hit = fabs(cx - (w->x + (bb + 0.5) * s)) < 0.01 &&
						      fabs(cy - (w->y + (a + 0.5) * s)) < 0.01 &&
						      or_cell(c, tl->front, tl->corner, a, bb) != TP_NONE;
					}
				}
				if (!hit)
					fail_msg("%s sheet %d: symbol at %g,%g on no marked cell", side ? "emboss-backs" : "emboss-fronts", k, cx, cy);
				found[side]++;
			}
			free(svg);
		}
	assert_int_equal(found[0], want[0]);
	assert_int_equal(found[1], want[1]);
	/* board (720 mm) and its recess plate: panels whose media box fits
	 * the press sheet inside its margins and below the gripper. */
	static const char *const big[] = { "board.pdf", "board-recess.pdf" };
	int pages[2] = { 0, 0 };
	for (int f = 0; f < 2; f++)
		for (int k = 1;; k++) {
			double media[4], bleed[4], trim[4];
			if (tu_pdf_boxes(tu_out(big[f]), k, media, bleed, trim) != 0)
				break;
			pages[f]++;
			assert_true(media[2] - media[0] <= (W - 2 * m) * PT + 0.02);
			assert_true(media[3] - media[1] <= (H - top - m) * PT + 0.02);
		}
	assert_true(pages[0] > 1);
	assert_int_equal(pages[0], pages[1]);
	free(rw);
	tp_series_free(p);
	tp_config_free(c);
}

/* Gang is today's layout: the punchboard's spacing keys change nothing in
 * it, and there is no punch.csv.  (Naming a press sheet, print.sheet_mm,
 * does: a gang's oversize pages are paneled onto it, issue 18.) */
static void gang_unchanged(void **state)
{
	(void)state;
	build_ok(NULL, NULL, 0, "manifest,fronts,cut", "pdf,svg");
	size_t l1 = 0, l2 = 1, l3 = 0, l4 = 1;
	char *pdf = tu_slurp(tu_out("fronts.pdf"), &l1), *cut = tu_slurp(tu_out("cut.pdf"), &l3);
	assert_int_equal(access(tu_out("manifest/punch.csv"), F_OK), -1);
	const char *sets[] = { "print.gutter_mm=1", "print.margin_mm=50", "print.gripper_mm=0",
			       "print.layout=gang" };
	build_ok(NULL, sets, 4, "manifest,fronts,cut", "pdf,svg");
	char *pdf2 = tu_slurp(tu_out("fronts.pdf"), &l2), *cut2 = tu_slurp(tu_out("cut.pdf"), &l4);
	assert_true(l1 == l2 && memcmp(pdf, pdf2, l1) == 0);
	assert_true(l3 == l4 && memcmp(cut, cut2, l3) == 0);
	assert_int_equal(access(tu_out("manifest/punch.csv"), F_OK), -1);
	free(pdf);
	free(pdf2);
	free(cut);
	free(cut2);
}

/* Refused when the config is read (exit 2), naming file:line or the
 * --set and what is allowed. */
static void refusals(void **state)
{
	(void)state;
	static const struct {
		const char *set, *say;
	} bad[] = {
		{ "print.gutter_mm=5.9", "2 x print.bleed_mm" },
		{ "print.sheet_mm=A9", "allowed:" },
		{ "print.sheet_mm=40x400", "50 to" },
		{ "print.sheet_mm=6000x400", "50 to" },
		{ "print.tile_mm=301", "cannot be imposed" },
		{ "print.margin_mm=160", "leave nothing" },
		{ "print.gripper_mm=440", "allowed:" },
		{ "print.sheet_mm=80x80", "panel" },
		{ "print.layout=diamond", "gang, punchboard or playtest" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *sets[] = { "print.layout=punchboard", bad[i].set };
		struct tp_config *c = NULL;
		tp_err e = { 0 };
		assert_int_equal(tp_config_load(&c, tu_path("config/series.ini"), sets, 2, &tp_games, &e), TP_EINPUT);
		if (!strstr(e.msg, bad[i].say) || !strstr(e.msg, "--set "))
			fail_msg("%s: '%s'", bad[i].set, e.msg);
		assert_null(c);
	}
	/* Only the punchboard layout checks its spacing keys (a gang checks
	 * the press sheet only when one is named). */
	const char *gang[] = { "print.gutter_mm=0", "print.margin_mm=160" };
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_config_load(&c, tu_path("config/series.ini"), gang, 2, &tp_games, &e), 0);
	tp_config_free(c);
	/* file:line of the key at fault. */
	char *dir = tu_tmpdir();
	const char *ini = tu_write(dir, "pb.ini", "[print]\nlayout = punchboard\nbleed_mm = 4\ngutter_mm = 7\n");
	assert_int_equal(tp_config_load(&c, ini, NULL, 0, &tp_games, &e), TP_EINPUT);
	char want[1200];
	snprintf(want, sizeof want, "%s:4: print.gutter_mm = 7", ini);
	assert_non_null(strstr(e.msg, want));
	tu_rmrf(dir);
	/* --level 3 tiles (720 mm) fit no SRA3: refused before any file. */
	const char *lv[] = { "print.layout=punchboard" };
	tu_rmrf(tu_tmp);
	tu_tmp = tu_tmpdir();
	assert_int_equal(build(NULL, lv, 1, NULL, "pdf", 3, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "cannot be imposed"));
	assert_int_equal(access(tu_out("manifest"), F_OK), -1);
}

/* Every allocation failure in imposing, paneling and punch.csv comes back
 * as an error, nothing leaked (ASan). */
static void out_of_memory(void **state)
{
	(void)state;
	const char *sets[] = { "print.layout=punchboard", "board.rows=6", "board.cols=6",
			       "print.sheet_mm=A4" };
	struct tp_config *c;
	struct tp_pattern *p;
	tu_series_load(NULL, sets, 4, &c, &p);
	static const char *const sheets[] = { "fronts", "backs", "board", "cut" };
	for (size_t k = 0; k < sizeof sheets / sizeof sheets[0]; k++) {
		const struct tp_sheet_def *d = tp_game_sheet(c->game, sheets[k]);
		assert_non_null(d);
		int done = 0;
		for (long at = 1; !done && at < 100000; at++) {
			struct tp_doc doc = { 0 };
			assert_int_equal(d->build(c, p, &doc), 0);
			tp_alloc_fail_at(at);
			int rc = tp_impose_doc(c, p, d->name, &doc);
			tp_alloc_fail_at(0);
			if (rc == 0) {
				done = 1;
				assert_true(doc.n > 1 || strcmp(sheets[k], "fronts") != 0 ||
					    doc.pages[0].sc->press);
			}
			tp_doc_free(&doc);
		}
		assert_true(done);
	}
	int done = 0;
	for (long at = 1; !done && at < 100000; at++) {
		struct tp_buf b = { 0 };
		tp_alloc_fail_at(at);
		assert_int_equal(tp_impose_csv(&b, c, p), 1);
		tp_alloc_fail_at(0);
		done = !b.oom;
		if (done)
			assert_int_equal(tu_count(b.s, b.s + b.len, "\n"), 1 + 2 * 36);
		tp_buf_free(&b);
	}
	assert_true(done);
	tp_series_free(p);
	tp_config_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults),
		cmocka_unit_test(others),
		cmocka_unit_test(blind),
		cmocka_unit_test(gang_unchanged),
		cmocka_unit_test(refusals),
		cmocka_unit_test(out_of_memory),
	};
	return cmocka_run_group_tests_name("punchboard", tests, tu_setup_tmp, tu_teardown_tmp);
}
