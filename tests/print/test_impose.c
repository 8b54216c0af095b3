/* Punchboard imposition (src/print/layout/impose.c): the geometry checked against
 * its rules by brute force over many press sheets and grids, and the
 * imposed scenes of a synthetic gang whose every tile says who it is. */

#include "testutil.h"

#include <math.h>

#include "core/alloc.h"
#include "core/units.h"
#include "print/layout/impose.h"
#include "print/layout/sheet.h"
#include "tu_palette.h"

#define EPS 1e-6

/* Oracle: how many tiles of size t with bleed b fit in a clear length L,
 * trims gutter g apart, counted one by one. */
static int fit_count(double L, double t, double b, double g)
{
	int k = 0;
	while ((k + 1) * t + k * g + 2 * b <= L + EPS)
		k++;
	return k;
}

struct case_ {
	struct tp_press pr;
	struct tp_tile_grid g;
};

/* Press sheets and grids, including uneven ones: landscape, no gripper,
 * gripper below the margin, rectangular tiles, one tile per sheet, a
 * grid smaller than one sheet. */
static const struct case_ cases[] = {
	{ { 320, 450, 10, 12, 6, 3 }, { 18, 18, 20, 20, NULL } },
	{ { 297, 210, 5, 15, 8, 2 }, { 5, 7, 25, 25, NULL } },
	{ { 210, 297, 10, 0, 6, 3 }, { 3, 4, 30, 45, NULL } },
	{ { 304.8, 457.2, 12.5, 8, 7.5, 3.75 }, { 9, 11, 19.05, 19.05, NULL } },
	{ { 320, 450, 10, 12, 6, 3 }, { 18, 18, 120, 120, NULL } },
	{ { 330.2, 482.6, 0, 0, 0, 0 }, { 4, 4, 82.55, 120.65, NULL } },
	{ { 500, 707, 10, 20, 10, 5 }, { 2, 3, 20, 20, NULL } },
	{ { 150, 150, 10, 12, 6, 3 }, { 2, 2, 120, 120, NULL } },
};
#define N_CASES (sizeof cases / sizeof cases[0])

/* Every rule of impose.h, for every tile, on both sides. */
static void geometry(void **state)
{
	(void)state;
	for (size_t ci = 0; ci < N_CASES; ci++) {
		const struct tp_press *pr = &cases[ci].pr;
		const struct tp_tile_grid *g = &cases[ci].g;
		struct tp_imposition im;
		char why[400];
		assert_int_equal(tp_impose_plan(pr, g, &im, why, sizeof why), 0);
		double top = fmax(pr->margin, pr->gripper), b = pr->bleed;
		double cw = pr->w - 2 * pr->margin, ch = pr->h - top - pr->margin;
		int across = fit_count(cw, g->tile_w, b, pr->gutter);
		int down = fit_count(ch, g->tile_h, b, pr->gutter);
		assert_int_equal(im.across, across);
		assert_int_equal(im.down, down);
		long n = (long)g->rows * g->cols;
		long per = (long)across * down;
		assert_int_equal(im.sheets, (int)((n + per - 1) / per));
		/* Placements, and every tile exactly once per side. */
		int (*sheet)[2] = calloc((size_t)n, sizeof *sheet);
		double (*xy)[2][2] = calloc((size_t)n, sizeof *xy);
		int *per_sheet = calloc((size_t)im.sheets, sizeof *per_sheet);
		assert_non_null(sheet);
		assert_non_null(xy);
		assert_non_null(per_sheet);
		for (int r = 0; r < g->rows; r++)
			for (int c = 0; c < g->cols; c++)
				for (int side = 0; side < 2; side++) {
					long i = (long)r * g->cols + c;
					double x, y;
					int s;
					tp_impose_place(pr, g, &im, r, c, side, &s, &x, &y);
					assert_true(s >= 0 && s < im.sheets);
					sheet[i][side] = s;
					xy[i][side][0] = x;
					xy[i][side][1] = y;
					if (side == 0)
						per_sheet[s]++;
					/* Bleed box inside the margins, below the gripper. */
					if (x - b < pr->margin - EPS || x + g->tile_w + b > pr->w - pr->margin + EPS ||
					    y - b < top - EPS || y + g->tile_h + b > pr->h - pr->margin + EPS)
						fail_msg("case %zu tile (%d,%d) side %d at %g,%g leaves the clear area",
							 ci, r, c, side, x, y);
				}
		/* Full sheets but the last. */
		for (int s = 0; s < im.sheets; s++)
			assert_int_equal(per_sheet[s], s < im.sheets - 1 ? per : n - per * (im.sheets - 1));
		for (long i = 0; i < n; i++) {
			/* Work-and-turn: the back exactly behind the front. */
			assert_int_equal(sheet[i][1], sheet[i][0]);
			assert_true(fabs(xy[i][1][0] - (pr->w - xy[i][0][0] - g->tile_w)) < EPS);
			assert_true(fabs(xy[i][1][1] - xy[i][0][1]) < EPS);
			/* No overlaps; gutters at least as configured, on both sides. */
			for (long j = i + 1; j < n; j++)
				for (int side = 0; side < 2; side++) {
					if (sheet[i][side] != sheet[j][side])
						continue;
					double dx = fabs(xy[i][side][0] - xy[j][side][0]) - g->tile_w;
					double dy = fabs(xy[i][side][1] - xy[j][side][1]) - g->tile_h;
					if (fmax(dx, dy) < pr->gutter - EPS)
						fail_msg("case %zu: tiles %ld and %ld %g mm apart, gutter %g",
							 ci, i, j, fmax(dx, dy), pr->gutter);
				}
		}
		/* The grid is centred in the clear area: as much room left as right. */
		double minx = INFINITY, maxx = -INFINITY;
		for (long i = 0; i < (n < per ? n : per); i++) {
			minx = fmin(minx, xy[i][0][0]);
			maxx = fmax(maxx, xy[i][0][0] + g->tile_w);
		}
		if (n >= across)
			assert_true(fabs((minx - b - pr->margin) - (pr->w - pr->margin - maxx - b)) < EPS);
		free(sheet);
		free(xy);
		free(per_sheet);
	}
}

static void refusals(void **state)
{
	(void)state;
	struct tp_imposition im;
	char why[400];
	/* Gutter below two bleeds. */
	struct tp_press pr = { 320, 450, 10, 12, 5.9, 3 };
	struct tp_tile_grid g = { 2, 2, 20, 20, NULL };
	assert_int_equal(tp_impose_plan(&pr, &g, &im, why, sizeof why), -1);
	assert_non_null(strstr(why, "gutter"));
	pr.gutter = 6;
	assert_int_equal(tp_impose_plan(&pr, &g, &im, why, sizeof why), 0);
	/* A tile one hair too wide or too tall for the clear area. */
	double cw = pr.w - 2 * pr.margin, ch = pr.h - fmax(pr.margin, pr.gripper) - pr.margin;
	g.tile_w = cw - 2 * pr.bleed;
	g.tile_h = 20;
	assert_int_equal(tp_impose_plan(&pr, &g, &im, why, sizeof why), 0);
	assert_int_equal(im.across, 1);
	g.tile_w += 0.01;
	assert_int_equal(tp_impose_plan(&pr, &g, &im, why, sizeof why), -1);
	assert_non_null(strstr(why, "press sheet"));
	g.tile_w = 20;
	g.tile_h = ch - 2 * pr.bleed + 0.01;
	assert_int_equal(tp_impose_plan(&pr, &g, &im, why, sizeof why), -1);
	/* The gripper counts when it exceeds the margin, and not otherwise. */
	g.tile_h = pr.h - 2 * pr.margin - 2 * pr.bleed;
	pr.gripper = pr.margin;
	assert_int_equal(tp_impose_plan(&pr, &g, &im, why, sizeof why), 0);
	pr.gripper = pr.margin + 0.01;
	assert_int_equal(tp_impose_plan(&pr, &g, &im, why, sizeof why), -1);
}

static void sheet_sizes(void **state)
{
	(void)state;
	double w, h;
	assert_int_equal(tp_sheet_size_parse("297x420", &w, &h), 0);
	assert_true(w == 297 && h == 420);
	assert_int_equal(tp_sheet_size_parse("12x18in", &w, &h), 0);
	assert_true(fabs(w - 12 * 25.4) < 1e-9 && fabs(h - 18 * 25.4) < 1e-9);
	assert_int_equal(tp_sheet_size_parse("32cm x 45cm", &w, &h), 0);
	assert_true(fabs(w - 320) < 1e-9 && fabs(h - 450) < 1e-9);
	assert_int_equal(tp_sheet_size_parse("30cmx18in", &w, &h), 0);
	assert_true(fabs(w - 300) < 1e-9 && fabs(h - 18 * 25.4) < 1e-9);
	/* Every listed name parses, any case; the "in" names are as written. */
	char names[400];
	snprintf(names, sizeof names, "%s", tp_sheet_size_names());
	char *paren = strchr(names, '(');
	if (paren)
		*paren = '\0';
	int count = 0;
	for (char *tok = strtok(names, ", "); tok; tok = strtok(NULL, ", ")) {
		double w2, h2;
		assert_int_equal(tp_sheet_size_parse(tok, &w, &h), 0);
		for (char *p = tok; *p; p++)
			*p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
		assert_int_equal(tp_sheet_size_parse(tok, &w2, &h2), 0);
		assert_true(w == w2 && h == h2 && w > 0 && h >= w);
		double a, bb;
		if (sscanf(tok, "%lfx%lfin", &a, &bb) == 2)
			assert_true(fabs(w - a * 25.4) < 1e-9 && fabs(h - bb * 25.4) < 1e-9);
		count++;
	}
	assert_true(count >= 12);
	/* ISO A: each size halves the next larger one. */
	double a3w, a3h, a4w, a4h;
	assert_int_equal(tp_sheet_size_parse("A3", &a3w, &a3h), 0);
	assert_int_equal(tp_sheet_size_parse("A4", &a4w, &a4h), 0);
	assert_true(a4h == a3w && fabs(a4w - floor(a3h / 2)) < 1e-9);
	static const char *bad[] = { "", "x", "297", "297x", "x420", "297x420x5", "A5x", "ax4",
				     "297 x -4", "297x0", "SRA9", "nan x 5" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (tp_sheet_size_parse(bad[i], &w, &h) == 0)
			fail_msg("'%s' parsed as %g x %g", bad[i], w, h);
}

/* ---- imposing a gang -------------------------------------------------------- */

static struct tp_palette pal;

/* A gang of rows x cols tiles: each a filled rect of its trim (ink by
 * parity), a die square, a hairline across it, and its name as text at its
 * centre; a plain back gang (mirrored when back) likewise. */
static struct tp_scene *gang(const struct tp_tile_grid *g, double bleed, int back)
{
	tu_palette_init(&pal);
	snprintf(tu_ink(&pal, TP_INK_CUT)->name, 40, "CutContour");
	struct tp_scene *sc = tp_scene_new(back ? "backs" : "fronts", g->cols * g->tile_w,
					   g->rows * g->tile_h, bleed, &pal);
	assert_non_null(sc);
	for (int r = 0; r < g->rows; r++)
		for (int c = 0; c < g->cols; c++) {
			double x = c * g->tile_w, y = r * g->tile_h;
			char name[32];
			snprintf(name, sizeof name, "%s %d,%d", back ? "back" : "front", r, c);
			assert_int_equal(tp_scene_rect(sc, (r + c) % 2 ? INK_A : INK_B, TP_FILL, 0, x, y,
						       g->tile_w, g->tile_h), 0);
			struct tp_pt l[2] = { { TP_MOVE, x + 1, y + g->tile_h / 3 },
					      { TP_LINE, x + g->tile_w - 1, y + g->tile_h / 3 } };
			assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.1, l, 2), 0);
			assert_int_equal(tp_scene_text(sc, TP_INK_TEXT, x + g->tile_w / 2,
						       y + g->tile_h / 2, 2, TP_ALIGN_CENTER, name), 0);
			if (!back) {
				double d[8] = { x, y, x + g->tile_w, y, x + g->tile_w, y + g->tile_h, x, y + g->tile_h };
				assert_int_equal(tp_scene_poly(sc, TP_INK_CUT, TP_STROKE, 0.3, d, 4), 0);
			}
		}
	/* A band across every row, over all its tiles: cut to each tile's
	 * bleed box when imposed. */
	for (int r = 0; r < g->rows; r++)
		assert_int_equal(tp_scene_rect(sc, INK_C, TP_FILL, 0, 0, (r + 0.6) * g->tile_h,
					       g->cols * g->tile_w, 1), 0);
	if (back)
		tp_sheet_mirror(sc);
	tp_sheet_bleed(sc);
	return sc;
}

/* Checks the press pages of one side against the placement. */
static void check_pages(const struct tp_press *pr, const struct tp_tile_grid *g,
			const struct tp_doc *doc, int back)
{
	struct tp_imposition im;
	char why[400];
	assert_int_equal(tp_impose_plan(pr, g, &im, why, sizeof why), 0);
	assert_int_equal((int)doc->n, im.sheets);
	long n = (long)g->rows * g->cols;
	int *seen = calloc((size_t)n, sizeof *seen);
	assert_non_null(seen);
	for (size_t k = 0; k < doc->n; k++) {
		const struct tp_scene *sc = doc->pages[k].sc;
		char want[32];
		snprintf(want, sizeof want, "sheet-%zu", k + 1);
		assert_string_equal(sc->name, want);
		assert_true(sc->press && sc->bleed == 0 && sc->trim_w == pr->w && sc->trim_h == pr->h);
		int dies = 0, bands = 0;
		for (size_t i = 0; i < sc->n_shapes; i++) {
			const struct tp_shape *s = &sc->shapes[i];
			if (s->kind == TP_SHAPE_TEXT) {
				/* The tile's name sits at the centre of its slot. */
				int r, c;
				char side[8];
				assert_int_equal(sscanf(tp_scene_str(sc, s), "%7s %d,%d", side, &r, &c), 3);
				assert_string_equal(side, back ? "back" : "front");
				int sh;
				double x, y;
				tp_impose_place(pr, g, &im, r, c, back, &sh, &x, &y);
				assert_int_equal(sh, (int)k);
				assert_true(fabs(s->x - (x + g->tile_w / 2)) < EPS);
				assert_true(fabs(s->y - (y + g->tile_h / 2)) < EPS);
				seen[(long)r * g->cols + c]++;
				continue;
			}
			/* Which slot is the shape in?  Every shape lies within one
			 * tile's bleed box. */
			double bx0 = INFINITY, by0 = INFINITY, bx1 = -INFINITY, by1 = -INFINITY;
			if (s->kind == TP_SHAPE_RECT) {
				bx0 = s->x; by0 = s->y; bx1 = s->x + s->w; by1 = s->y + s->h;
			} else {
				for (size_t p = 0; p < s->count; p++) {
					bx0 = fmin(bx0, sc->pts[s->first + p].x);
					by0 = fmin(by0, sc->pts[s->first + p].y);
					bx1 = fmax(bx1, sc->pts[s->first + p].x);
					by1 = fmax(by1, sc->pts[s->first + p].y);
				}
			}
			int inside = 0;
			for (long t = 0; t < n && !inside; t++) {
				int sh;
				double x, y, b = pr->bleed;
				tp_impose_place(pr, g, &im, (int)(t / g->cols), (int)(t % g->cols), back, &sh, &x, &y);
				if (sh != (int)k)
					continue;
				if (bx0 >= x - b - EPS && by0 >= y - b - EPS && bx1 <= x + g->tile_w + b + EPS &&
				    by1 <= y + g->tile_h + b + EPS) {
					inside = 1;
					/* Fills: the tile's own colour, grown into its bleed. */
					if (s->kind == TP_SHAPE_RECT && s->paint == TP_FILL && s->ink == INK_C) {
						bands++;
						assert_true(fabs(bx0 - (x - b)) < EPS && fabs(bx1 - (x + g->tile_w + b)) < EPS);
						assert_true(fabs(by0 - (y + 0.6 * g->tile_h)) < EPS);
					} else if (s->kind == TP_SHAPE_RECT && s->paint == TP_FILL) {
						int r = (int)(t / g->cols), c = (int)(t % g->cols);
						assert_int_equal(s->ink, (r + c) % 2 ? INK_A : INK_B);
						assert_true(fabs(bx0 - (x - b)) < EPS && fabs(bx1 - (x + g->tile_w + b)) < EPS);
						assert_true(fabs(by0 - (y - b)) < EPS && fabs(by1 - (y + g->tile_h + b)) < EPS);
					}
					/* Die lines: one closed rectangle, the trim. */
					if (s->ink == TP_INK_CUT) {
						dies++;
						assert_int_equal(s->kind, TP_SHAPE_PATH);
						assert_int_equal(s->count, 5);
						assert_int_equal(sc->pts[s->first + 4].op, TP_CLOSE);
						assert_true(fabs(bx0 - x) < EPS && fabs(by0 - y) < EPS);
						assert_true(fabs(bx1 - (x + g->tile_w)) < EPS &&
							    fabs(by1 - (y + g->tile_h)) < EPS);
						for (int p = 0; p < 4; p++) {
							const struct tp_pt *q = &sc->pts[s->first + p];
							assert_true((fabs(q->x - x) < EPS || fabs(q->x - x - g->tile_w) < EPS) &&
								    (fabs(q->y - y) < EPS || fabs(q->y - y - g->tile_h) < EPS));
						}
					}
				}
			}
			if (!inside)
				fail_msg("sheet %zu: a shape at %g,%g-%g,%g lies in no tile's bleed box", k + 1,
					 bx0, by0, bx1, by1);
		}
		/* One die rectangle per tile on the fronts, none on the backs. */
		long on = k + 1 < doc->n ? im.per_sheet : n - (long)im.per_sheet * (im.sheets - 1);
		assert_int_equal(dies, back ? 0 : on);
		assert_int_equal(bands, on);
	}
	for (long t = 0; t < n; t++)
		assert_int_equal(seen[t], 1);
	free(seen);
}

static void impose_gang(void **state)
{
	(void)state;
	for (size_t ci = 0; ci < N_CASES; ci++) {
		const struct tp_press *pr = &cases[ci].pr;
		struct tp_tile_grid g = cases[ci].g;
		if ((long)g.rows * g.cols > 120) {
			g.rows = 11;   /* keeps the brute force quick */
			g.cols = 9;
		}
		for (int back = 0; back < 2; back++) {
			struct tp_scene *src = gang(&g, pr->bleed, back);
			struct tp_doc doc = { 0 };
			assert_int_equal(tp_impose_scene(pr, &g, src, back, "", &doc), 0);
			check_pages(pr, &g, &doc, back);
			/* Press sheets are never split into panels, however small
			 * the limit; other pages are. */
			size_t n = doc.n;
			assert_int_equal(tp_doc_add(&doc, src, NULL), 0);
			assert_int_equal(tp_doc_panelize_wh(&doc, 120, 140, 5, 0), 0);
			/* Upright or turned across the limit (issue 18), whichever
			 * takes fewer panels; every panel fits it that way. */
			double sx, sy;
			int nx = tp_panel_split(g.cols * g.tile_w, 120 - 2 * pr->bleed, 5, &sx);
			int ny = tp_panel_split(g.rows * g.tile_h, 140 - 2 * pr->bleed, 5, &sy);
			int tx = tp_panel_split(g.cols * g.tile_w, 140 - 2 * pr->bleed, 5, &sx);
			int ty = tp_panel_split(g.rows * g.tile_h, 120 - 2 * pr->bleed, 5, &sy);
			int turned = tx * ty < nx * ny;
			double lw = turned ? 140 : 120, lh = turned ? 120 : 140;
			size_t panels = 0;
			for (size_t k = 0; k < doc.n; k++) {
				const struct tp_scene *sc = doc.pages[k].sc;
				if (sc->press)
					continue;
				panels++;
				assert_true(sc->trim_w + 2 * sc->bleed <= lw + EPS);
				assert_true(sc->trim_h + 2 * sc->bleed <= lh + EPS);
			}
			assert_int_equal(doc.n - panels, n);
			assert_int_equal(panels, (size_t)(turned ? tx * ty : nx * ny));
			tp_doc_free(&doc);
		}
	}
}

/* A stem names the pages; the die width follows the gang's. */
static void stem_and_die(void **state)
{
	(void)state;
	struct tp_press pr = { 210, 297, 10, 12, 6, 3 };
	struct tp_tile_grid g = { 3, 3, 40, 40, NULL };
	struct tp_scene *src = gang(&g, 3, 0);
	struct tp_doc doc = { 0 };
	assert_int_equal(tp_impose_scene(&pr, &g, src, 0, "fronts-", &doc), 0);
	assert_true(doc.n >= 1);
	assert_string_equal(doc.pages[0].sc->name, "fronts-sheet-1");
	for (size_t i = 0; i < doc.pages[0].sc->n_shapes; i++)
		if (doc.pages[0].sc->shapes[i].ink == TP_INK_CUT)
			assert_true(doc.pages[0].sc->shapes[i].stroke == 0.3);
	tp_doc_free(&doc);
	tp_scene_free(src);
}

/* Every allocation failure comes back as -1, nothing leaked (ASan). */
static void out_of_memory(void **state)
{
	(void)state;
	struct tp_press pr = { 210, 297, 10, 12, 6, 3 };
	struct tp_tile_grid g = { 3, 5, 40, 40, NULL };
	struct tp_scene *src = gang(&g, 3, 1);
	int done = 0;
	for (long at = 1; !done && at < 100000; at++) {
		struct tp_doc doc = { 0 };
		tp_alloc_fail_at(at);
		int rc = tp_impose_scene(&pr, &g, src, 1, "", &doc);
		tp_alloc_fail_at(0);
		if (rc == 0) {
			done = 1;
			check_pages(&pr, &g, &doc, 1);
		}
		tp_doc_free(&doc);
	}
	assert_true(done);
	tp_scene_free(src);
}

/* Press marks stay on the sheet: nothing outside the trim, targets in the
 * side margins, the slug in the tail margin, no media margin. */
static void press_marks(void **state)
{
	(void)state;
	for (double m = 0; m <= 20; m += 5) {
		struct tp_press pr = { 320, 450, m, 12, 6, 3 };
		struct tp_tile_grid g = { 2, 2, 20, 20, NULL };
		struct tp_scene *src = gang(&g, 3, 0);
		struct tp_doc doc = { 0 };
		assert_int_equal(tp_impose_scene(&pr, &g, src, 0, "", &doc), 0);
		struct tp_scene *sc = doc.pages[0].sc;
		size_t before = sc->n_shapes;
		struct tp_slug slug = { "job", "fronts.pdf", "fronts", 0, "press sheet 1 of 1", { 0 } };
		assert_int_equal(tp_sheet_marks(sc, &slug), 0);
		assert_true(sc->margin == 0);
		int texts = 0, marks = 0;
		for (size_t i = before; i < sc->n_shapes; i++) {
			const struct tp_shape *s = &sc->shapes[i];
			assert_true(s->flags & TP_SHAPE_MARK);
			marks++;
			if (s->kind == TP_SHAPE_TEXT) {
				texts++;
				assert_true(s->x >= 0 && s->y > pr.h - m && s->y < pr.h);
				continue;
			}
			for (size_t p = 0; s->kind == TP_SHAPE_PATH && p < s->count; p++) {
				double x = sc->pts[s->first + p].x, y = sc->pts[s->first + p].y;
				assert_true((x >= 0 && x <= m) || (x >= pr.w - m && x <= pr.w));
				/* A target keeps TP_MARK_EDGE_MM from the sheet's
				 * edge (it came 1 mm from it, into the press's
				 * unprintable edge) and 1 mm from the art. */
				assert_true(x >= TP_MARK_EDGE_MM - 1e-9 && x <= pr.w - TP_MARK_EDGE_MM + 1e-9);
				assert_true(x <= m - 1 + 1e-9 || x >= pr.w - m + 1 - 1e-9);
				assert_true(y > 0 && y < pr.h);
			}
		}
		assert_int_equal(texts, m >= 4);
		assert_true(m >= 10 ? marks > texts : marks == texts);
		tp_doc_free(&doc);
		tp_scene_free(src);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(geometry),
		cmocka_unit_test(refusals),
		cmocka_unit_test(sheet_sizes),
		cmocka_unit_test(impose_gang),
		cmocka_unit_test(stem_and_die),
		cmocka_unit_test(out_of_memory),
		cmocka_unit_test(press_marks),
	};
	return cmocka_run_group_tests_name("impose", tests, NULL, NULL);
}
