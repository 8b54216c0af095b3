/* What a factory's prepress check found in the newer paths (issue 18),
 * each a regression test of its own: the slug clear of the registration
 * targets on every page size, no tint thinner than the profile allows,
 * die-only sheets carrying nothing but the die ink.  Expectations come
 * from the geometry and the config, never from numbers copied from the
 * code under test. */

#include "testutil.h"
#include "tu_build.h"
#include "tu_files.h"
#include "tu_paths.h"

#include <math.h>
#include <unistd.h>

#include "print/layout/sheet.h"
#include "print/art/text_outline.h"
#include "tu_palette.h"

/* ---- defect 8: the slug never runs into a registration target ---------------- */

/* The box of shape s of sc as drawn: a text's glyph outlines, a path's
 * points.  x0 y0 x1 y1. */
static void drawn_box(const struct tp_scene *sc, const struct tp_shape *s, double b[4])
{
	struct tp_pt *p = NULL;
	size_t n = 0;
	const struct tp_pt *q = sc->pts + s->first;
	if (s->kind == TP_SHAPE_TEXT) {
		assert_int_equal(tp_text_outline(tp_scene_str(sc, s), s->x, s->y, s->h, s->align, &p, &n), 0);
		q = p;
	} else {
		n = s->count;
	}
	b[0] = b[1] = INFINITY;
	b[2] = b[3] = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		if (q[i].op == TP_CLOSE)
			continue;
		b[0] = fmin(b[0], q[i].x);
		b[1] = fmin(b[1], q[i].y);
		b[2] = fmax(b[2], q[i].x);
		b[3] = fmax(b[3], q[i].y);
	}
	free(p);
}

static int overlap(const double a[4], const double b[4])
{
	return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/* Targets are the marks drawn as stroked circles (four curves); a target
 * reaches out to its cross's arms, which are the marks' straight lines
 * through its centre.  Every text mark must keep clear of every target's
 * box, arms included. */
static void slug_on(double W, double H, const char *extra)
{
	struct tp_palette pal;
	tu_palette_init(&pal);
	struct tp_scene *sc = tp_scene_new("sheet", W, H, 3, &pal);
	assert_non_null(sc);
	struct tp_slug slug = { "tilepress series", "spanning-set.pdf", "spanning-set", 946684800LL,
				extra, { 0, 0, 0, 0 } };
	assert_int_equal(tp_sheet_marks(sc, &slug), 0);
	double tg[8][4];
	int nt = 0, texts = 0;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		if (s->kind == TP_SHAPE_PATH && s->paint == TP_STROKE && s->count > 4) {
			assert_true(nt < 8);
			drawn_box(sc, s, tg[nt]);
			double cx = (tg[nt][0] + tg[nt][2]) / 2, cy = (tg[nt][1] + tg[nt][3]) / 2;
			/* Grow the ring's box by the arms through its centre. */
			for (size_t j = 0; j < sc->n_shapes; j++) {
				const struct tp_shape *a = &sc->shapes[j];
				double ab[4];
				if (a->kind != TP_SHAPE_PATH || a->count != 2)
					continue;
				drawn_box(sc, a, ab);
				int through = (fabs(ab[0] - cx) < 1e-6 && fabs(ab[2] - cx) < 1e-6 && ab[1] < cy && ab[3] > cy) ||
					      (fabs(ab[1] - cy) < 1e-6 && fabs(ab[3] - cy) < 1e-6 && ab[0] < cx && ab[2] > cx);
				if (through)
					for (int k = 0; k < 2; k++) {
						tg[nt][k] = fmin(tg[nt][k], ab[k]);
						tg[nt][k + 2] = fmax(tg[nt][k + 2], ab[k + 2]);
					}
			}
			nt++;
		}
	}
	assert_int_equal(nt, 4);
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		if (s->kind != TP_SHAPE_TEXT)
			continue;
		texts++;
		double b[4];
		drawn_box(sc, s, b);
		for (int k = 0; k < nt; k++)
			if (overlap(b, tg[k]))
				fail_msg("%g x %g mm page%s: slug line \"%s\" (x %.2f..%.2f, y %.2f..%.2f) runs into the target at x %.2f..%.2f, y %.2f..%.2f",
					 W, H, extra ? " with a note" : "", tp_scene_str(sc, s), b[0], b[2], b[1],
					 b[3], tg[k][0], tg[k][2], tg[k][1], tg[k][3]);
		/* And it stays on the page (its media box) from 25 mm up. */
		double m = sc->bleed + sc->margin;
		if (W >= 25 && (b[0] < -m || b[2] > W + m || b[3] > H + m))
			fail_msg("%g x %g mm page: slug line \"%s\" leaves the media box (x %.2f..%.2f, y to %.2f)",
				 W, H, tp_scene_str(sc, s), b[0], b[2], b[3]);
	}
	assert_true(texts >= 1);
	tp_scene_free(sc);
}

static void slug_clear_of_targets(void **state)
{
	(void)state;
	/* Every width from a small tile sheet to a board, with and without a
	 * panel note (a longer slug). */
	for (double W = 20; W <= 420; W += 7.5) {
		slug_on(W, 60, NULL);
		slug_on(W, 60, "half 1 of 2: rows 1-9 of 18");
	}
}

/* ---- defect 8: no tint hairline below print.min_tint_line_mm --------------- */

/* A tint, by the CMYK the config gives: a process ink with no plate at
 * 100 %. */
static int tint(const struct tp_ink *k)
{
	if (k->kind != TP_INK_PROCESS)
		return 0;
	return k->cmyk[0] < 1 && k->cmyk[1] < 1 && k->cmyk[2] < 1 && k->cmyk[3] < 1;
}

/* Every stroked path of every layer of sheet `only` in ink that is a tint
 * is at least the floor wide; returns how many such strokes there are. */
static int tint_strokes(const char *config, const char *only, const char *svg, const char *const *sets,
			int n)
{
	assert_int_equal(tu_build(tu_tmp, tu_path(config), sets, n, only, "svg", 1), 0);
	struct tp_config *c = tu_config(tu_path(config), sets, n);
	char *text = tu_slurp(tu_out(svg), NULL);
	assert_non_null(text);
	int count = 0;
	for (size_t i = 0; i < c->print.inks.n; i++) {
		const struct tp_ink *k = &c->print.inks.ink[i];
		if (!tint(k))
			continue;
		struct tu_paths ps = { 0 };
		tu_svg_paths(text, k->name, &ps);
		for (size_t j = 0; j < ps.n; j++) {
			if (ps.p[j].stroke <= 0)
				continue;
			count++;
			if (ps.p[j].stroke < c->print.inks.min_tint_line_mm - 1e-9)
				fail_msg("%s: a %g mm stroke in %s (a tint), below %g mm", svg, ps.p[j].stroke,
					 k->name, c->print.inks.min_tint_line_mm);
		}
		tu_paths_free(&ps);
	}
	free(text);
	tp_config_free(c);
	return count;
}

static void tint_hairlines(void **state)
{
	(void)state;
	/* The series fronts' cell hairlines (45 % K) were 0.100 mm. */
	assert_true(tint_strokes("config/series.ini", "fronts", "fronts.svg", NULL, 0) > 0);
	const char *thick[] = { "print.min_tint_line_mm=0.3" };
	assert_true(tint_strokes("config/series.ini", "fronts", "fronts.svg", thick, 1) > 0);
	assert_true(tint_strokes("config/arena.ini", "board,score-pad", "board.svg", NULL, 0) > 0);
	assert_true(tint_strokes("config/vector.ini", "board", "board.svg", NULL, 0) >= 0);
}

/* ---- defect 7: die-only sheets carry nothing but the die ink ------------------- */

static void die_only_sheets(void **state)
{
	(void)state;
	assert_int_equal(tu_build(tu_tmp, tu_path("config/vector.ini"), NULL, 0, "pieces,cut", "svg", 1), 0);
	const char *files[] = { "pieces.svg", "cut-tiles.svg", "cut-board.svg" };
	for (int f = 0; f < 3; f++) {
		char *svg = tu_slurp(tu_out(files[f]), NULL);
		assert_non_null(svg);
		/* One layer, the die ink's, and no marks layer. */
		int groups = 0;
		for (const char *g = strstr(svg, "<g id=\""); g; g = strstr(g + 1, "<g id=\"")) {
			groups++;
			if (strncmp(g + 7, "CutContour\"", 11) != 0)
				fail_msg("%s: a layer other than the die ink: %.30s", files[f], g);
		}
		assert_int_equal(groups, 1);
		free(svg);
	}
}

/* ---- defect 5: pages turn to save panels; panels never split a die line ------- */

/* Pages a sheet of trim w x h (with bleed and marks `room` all round)
 * takes on an area cw x ch with panels overlapping ov, by the rule of
 * docs/prepress.md "Panels": n = ceil((L - ov) / (max - ov)) a side. */
static long panels(double w, double h, double cw, double ch, double room, double ov)
{
	double mw = cw - 2 * room, mh = ch - 2 * room;
	long nx = w <= mw + 1e-9 ? 1 : (long)ceil((w - ov) / (mw - ov) - 1e-9);
	long ny = h <= mh + 1e-9 ? 1 : (long)ceil((h - ov) / (mh - ov) - 1e-9);
	return nx * ny;
}

static int pdf_pages(const char *pdf)
{
	char cmd[1400];
	snprintf(cmd, sizeof cmd, "pdfinfo '%s' | awk '/^Pages:/ { print $2 }'", pdf);
	FILE *f = popen(cmd, "r");
	assert_non_null(f);
	int n = 0;
	if (fscanf(f, "%d", &n) != 1)
		n = -1;
	pclose(f);
	return n;
}

static void turned_pages(void **state)
{
	(void)state;
	const char *sets[] = { "print.layout=punchboard", "print.sheet_mm=SRA3" };
	assert_int_equal(tu_build(tu_tmp, tu_path("config/series.ini"), sets, 2,
				  "board-half-1,board-half-2", "pdf", 1), 0);
	struct tp_config *c = tu_config(tu_path("config/series.ini"), sets, 2);
	const struct tp_print *p = &c->print;
	double cw = p->sheet_w_mm - 2 * p->margin_mm;
	double ch = p->sheet_h_mm - fmax(p->margin_mm, p->gripper_mm) - p->margin_mm;
	double room = p->bleed_mm + (p->marks ? TP_MARK_MARGIN_MM : 0);
	/* The halves: the board's rows split in two, whole columns. */
	double t = p->tile_mm, W = c->board.cols * t, H = c->board.rows * t;
	double half[2] = { floor(c->board.rows / 2.0) * t, H - floor(c->board.rows / 2.0) * t };
	for (int k = 0; k < 2; k++) {
		long upright = panels(W, half[k], cw, ch, room, p->panel_overlap_mm);
		long turned = panels(W, half[k], ch, cw, room, p->panel_overlap_mm);
		char pdf[64];
		snprintf(pdf, sizeof pdf, "board-half-%d.pdf", k + 1);
		assert_int_equal(pdf_pages(tu_out(pdf)), upright < turned ? upright : turned);
		/* The default board is the case of the issue: turned, one. */
		assert_true(turned < upright);
	}
	tp_config_free(c);
}

/* The arena board's parts do not fit SRA3 either way: each panel's die
 * outline is one closed path, and the panels' outlines tile the part
 * exactly (their areas add up to it: no gap, no double cut). */
static void panel_dies_closed(void **state)
{
	(void)state;
	const char *sets[] = { "print.layout=punchboard", "print.sheet_mm=SRA3" };
	assert_int_equal(tu_build(tu_tmp, tu_path("config/arena.ini"), sets, 2, "cut", "svg", 1), 0);
	struct tp_config *c = tu_config(tu_path("config/arena.ini"), sets, 2);
	for (int part = 1; part <= 2; part++) {
		double area = 0;
		int files = 0;
		for (int r = 1; r <= 9; r++)
			for (int col = 1; col <= 9; col++) {
				char name[80];
				snprintf(name, sizeof name, "cut-board-part-%d-panel-%d-%d.svg", part, r, col);
				char *svg = tu_slurp(tu_out(name), NULL);
				if (svg == NULL)
					continue;
				files++;
				struct tu_paths ps = { 0 };
				tu_svg_paths(svg, "CutContour", &ps);
				if (ps.n != 1 || !ps.p[0].closed)
					fail_msg("%s: %zu die paths, want one closed outline", name, ps.n);
				double b[4];
				tu_points_box(ps.p[0].xy, ps.p[0].n, b);
				area += (b[2] - b[0]) * (b[3] - b[1]);
				tu_paths_free(&ps);
				free(svg);
			}
		assert_true(files >= 2);
		/* Part 1 holds rows 1 .. side/2, part 2 the rest. */
		int side = c->board.rows, k = side / 2, rows = part == 1 ? k : side - k;
		double s = c->print.tile_mm;
		if (fabs(area - rows * s * side * s) > 1e-3)
			fail_msg("part %d: the panels' die outlines cover %.3f mm2, the part %.3f mm2", part,
				 area, rows * s * side * s);
	}
	tp_config_free(c);
}

/* ---- a die-line gang's panels are whole pages (series-table on a press) ------ */

/* Panels a gang of cols x rows tiles of t mm takes when they meet on its
 * die lines: each holds as many whole tiles as the art room aw x ah takes
 * (room: bleed and marks all round); upright or turned, whichever takes
 * fewer.  *px, *py: tiles per panel across and down. */
static long gang_panels(int cols, int rows, double t, double cw, double ch, double room, int *px,
			int *py)
{
	long best = 0;
	for (int turn = 0; turn < 2; turn++) {
		double aw = (turn ? ch : cw) - 2 * room, ah = (turn ? cw : ch) - 2 * room;
		int ax = (int)floor(aw / t + 1e-9), ay = (int)floor(ah / t + 1e-9);
		assert_true(ax >= 1 && ay >= 1);
		long n = (long)((cols + ax - 1) / ax) * ((rows + ay - 1) / ay);
		if (best == 0 || n < best) {
			best = n;
			*px = ax < cols ? ax : cols;
			*py = ay < rows ? ay : rows;
		}
	}
	return best;
}

/* Whether a side of the filled path p (closed) lies along the line
 * x (axis 0) or y (axis 1) = at: a fill meeting an edge only at a corner
 * has nothing on the cut to bleed. */
static int side_along(const struct tu_path *p, int axis, double at, double eps)
{
	for (int i = 0; i < p->n && p->curves == 0; i++) {
		const double *a = &p->xy[2 * i], *c = &p->xy[2 * ((i + 1) % p->n)];
		if (fabs(a[axis] - at) < eps && fabs(c[axis] - at) < eps && fabs(c[1 - axis] - a[1 - axis]) > eps)
			return 1;
	}
	return p->curves != 0;
}

/* One panel's SVG: its art runs on into the bleed at every edge, on the
 * edges it was cut on (cut: left, top, right, bottom) by exactly the
 * bleed; its crop marks stand at its own trim; its die outline is one
 * closed path round its trim. */
static void check_panel(const char *name, double W, double H, double b, const int cut[4])
{
	const double eps = 1e-3;
	char *svg = tu_slurp_ok(tu_out(name), NULL);
	struct tu_paths ps = { 0 };
	tu_svg_paths(svg, NULL, &ps);
	const double edge[4] = { 0, 0, W, H };
	int crossing[4] = { 0 }, crops[4] = { 0 }, outline = 0;
	for (size_t i = 0; i < ps.n; i++) {
		const struct tu_path *p = &ps.p[i];
		double bx[4];
		tu_points_box(p->xy, p->n, bx);
		if (strcmp(p->ink, "All") == 0) {
			/* Crop marks: 6 mm lines outside the bleed, on the trim's
			 * lines x = 0, W and y = 0, H. */
			const double dim[2] = { W, H };
			for (int e = 0; e < 4; e++) {
				int a = e & 1, o = 1 - a;
				if (p->n == 2 && fabs(bx[a] - edge[e]) < eps && fabs(bx[a + 2] - edge[e]) < eps &&
				    (bx[o + 2] < -b || bx[o] > dim[o] + b))
					crops[e]++;
			}
			continue;
		}
		if (strcmp(p->ink, "CutContour") == 0) {
			outline += p->closed && fabs(bx[0]) < eps && fabs(bx[1]) < eps &&
				   fabs(bx[2] - W) < eps && fabs(bx[3] - H) < eps;
			continue;
		}
		if (p->stroke > 0 || p->ink[0])
			continue;
		/* A fill of the art: no side of it stops on a trim edge. */
		double lo[4] = { -bx[0], -bx[1], bx[2] - W, bx[3] - H };
		for (int e = 0; e < 4; e++) {
			if (fabs(lo[e]) < eps && side_along(p, e & 1, edge[e], eps))
				fail_msg("%s: a fill at %.2f,%.2f-%.2f,%.2f stops on the trim edge %d without bleed",
					 name, bx[0], bx[1], bx[2], bx[3], e);
			if (lo[e] > eps && cut[e]) {
				crossing[e]++;
				if (fabs(lo[e] - b) > eps)
					fail_msg("%s: a fill runs %.3f mm past the cut edge %d, not the bleed %.3f", name,
						 lo[e], e, b);
			}
		}
	}
	for (int e = 0; e < 4; e++) {
		if (cut[e] && crossing[e] == 0)
			fail_msg("%s: no art runs on across the cut edge %d", name, e);
		if (crops[e] < 2)
			fail_msg("%s: %d crop marks on the trim line of edge %d, want 2", name, crops[e], e);
	}
	if (outline != 1)
		fail_msg("%s: %d closed die outlines round the trim %.1f x %.1f, want 1", name, outline, W, H);
	tu_paths_free(&ps);
	free(svg);
}

/* The table set's 270 mm gang does not fit SRA3 or A4: its panels meet on
 * its die lines, and each is a whole page for the factory. */
static void gang_panels_whole(void **state)
{
	(void)state;
	const char *sheets[] = { "print.sheet_mm=SRA3", "print.sheet_mm=A4" };
	for (size_t k = 0; k < sizeof sheets / sizeof *sheets; k++) {
		char *saved = tu_tmp_push();
		const char *sets[] = { sheets[k] };
		assert_int_equal(tu_build(tu_tmp, tu_path("config/series-table.ini"), sets, 1, "fronts",
					  "svg", 1), 0);
		struct tp_config *c = tu_config(tu_path("config/series-table.ini"), sets, 1);
		const struct tp_print *p = &c->print;
		double cw = p->sheet_w_mm - 2 * p->margin_mm;
		double ch = p->sheet_h_mm - fmax(p->margin_mm, p->gripper_mm) - p->margin_mm;
		double room = p->bleed_mm + (p->marks ? TP_MARK_MARGIN_MM : 0), t = p->tile_mm;
		int cols = c->board.cols, rows = c->board.rows, px = 0, py = 0;
		long want = gang_panels(cols, rows, t, cw, ch, room, &px, &py);
		int nx = (cols + px - 1) / px, ny = (rows + py - 1) / py;
		assert_true(want > 1);   /* the case: the gang is paneled */
		long files = 0;
		for (int r = 1; r <= ny + 1; r++)
			for (int col = 1; col <= nx + 1; col++) {
				char name[64];
				snprintf(name, sizeof name, "fronts-panel-%d-%d.svg", r, col);
				if (access(tu_out(name), F_OK) != 0)
					continue;
				files++;
				assert_true(r <= ny && col <= nx);
				double W = (col < nx ? px : cols - (nx - 1) * px) * t;
				double H = (r < ny ? py : rows - (ny - 1) * py) * t;
				const int cut[4] = { col > 1, r > 1, col < nx, r < ny };
				check_panel(name, W, H, p->bleed_mm, cut);
			}
		assert_int_equal(files, want);
		tp_config_free(c);
		tu_tmp_pop(saved);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(slug_clear_of_targets),
		cmocka_unit_test(tint_hairlines),
		cmocka_unit_test(die_only_sheets),
		cmocka_unit_test(turned_pages),
		cmocka_unit_test(panel_dies_closed),
		cmocka_unit_test(gang_panels_whole),
	};
	return cmocka_run_group_tests_name("factory prepress (issue 18)", tests, tu_setup_tmp,
					   tu_teardown_tmp);
}
