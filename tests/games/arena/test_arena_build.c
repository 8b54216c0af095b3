/* The shape arena's print set as files: built in-process, read back as a
 * printer or die maker would (decoded PNG pixels, SVG paths) and checked
 * against the rules, the config and the shapes file.  Expectations are
 * computed here from the cells (areas, perimeters, mirrored positions),
 * never copied from the sheet code. */

#include "testutil.h"
#include "tu_build.h"
#include "tu_dxf.h"
#include "tu_files.h"

#include <math.h>

#include "core/alloc.h"
#include "games/arena/config/arena_config.h"
#include "games/arena/sheets/arena_sheets.h"

static const char *cfg_path(void)
{
	return tu_path("config/arena.ini");
}

static int build_into(const char *dir, const char *const *sets, int n, const char *only,
		      const char *formats)
{
	return tu_build(dir, cfg_path(), sets, n, only, formats, 1);
}

static int build(const char *const *sets, int n, const char *only, const char *formats)
{
	return build_into(tu_tmp, sets, n, only, formats);
}

static struct tp_config *load(const char *const *sets, int n)
{
	return tu_config(cfg_path(), sets, n);
}

static struct tp_arena_board *numbered(const struct tp_config *c)
{
	struct tp_arena_board *b = NULL;
	tp_err e = { 0 };
	if (tp_arena_board_derive(&tp_arena(c)->rules, &b, &e) != TP_OK)
		fail_msg("derive: %s", e.msg);
	char why[300];
	if (tp_arena_board_verify(&tp_arena(c)->rules, b, why, sizeof why) != 0)
		fail_msg("verify: %s", why);
	return b;
}

/* The score pad is read by players: none of its words is a file of the
 * print set (a path, a .csv or .ini name), which players never see. */
static void pad_no_file_path(void **state)
{
	(void)state;
	struct tp_config *c = load(NULL, 0);
	struct tp_doc doc = { 0 };
	assert_int_equal(tp_arena_build_pad(c, NULL, &doc), 0);
	size_t texts = 0;
	for (size_t k = 0; k < doc.n; k++) {
		const struct tp_scene *sc = doc.pages[k].sc;
		for (size_t i = 0; i < sc->n_shapes; i++) {
			if (sc->shapes[i].kind != TP_SHAPE_TEXT)
				continue;
			const char *t = tp_scene_str(sc, &sc->shapes[i]);
			texts++;
			if (strstr(t, "manifest/") || strstr(t, ".csv") || strstr(t, ".ini") ||
			    strstr(t, ".json"))
				fail_msg("the score pad prints a file name: %s", t);
		}
	}
	assert_true(texts > 10);
	tp_doc_free(&doc);
	tp_config_free(c);
}

/* ---- the board, pixel by pixel ------------------------------------------------ */

/* The squares rows r0.. x cols c0.. of the board shown by img (a sheet
 * whose trim starts at square (r0, c0)): near its corner (outside the
 * middle half) each is its arena's colour; the number ink lies inside the
 * middle half exactly when the square is numbered, and nowhere outside it. */
static void check_squares(const struct tu_png *img, const struct tp_config *c,
			  const struct tp_arena_board *bd, int r0, int c0, int rows, int cols,
			  const char *what)
{
	double s = tp_arena(c)->square_mm, b = c->print.bleed_mm, dpi = c->print.dpi;
	int n = bd->cols;
	unsigned char inner[3], outer[3], num[3];
	tu_ink_rgb(c, TP_INK_INNER, inner);
	tu_ink_rgb(c, TP_INK_OUTER, outer);
	tu_ink_rgb(c, TP_INK_NUMBER, num);
	double px = 25.4 / dpi;
	for (int rr = 0; rr < rows; rr++)
		for (int cc = 0; cc < cols; cc++) {
			int r = r0 + rr, col = c0 + cc;
			const struct tp_arena_square *q = &bd->sq[r * n + col];
			const unsigned char *want = q->inner ? inner : outer;
			/* The four corners, inside the grid line. */
			for (int k = 0; k < 4; k++) {
				double x = cc * s + ((k & 1) ? 0.88 : 0.12) * s;
				double y = rr * s + ((k & 2) ? 0.88 : 0.12) * s;
				const unsigned char *p = tu_px(img, b, dpi, x, y);
				assert_non_null(p);
				if (memcmp(p, want, 3) != 0)
					fail_msg("%s square (%d,%d) corner %d: %02x%02x%02x, want the %s arena's %02x%02x%02x",
						 what, r + 1, col + 1, k, p[0], p[1], p[2], q->inner ? "inner" : "outer",
						 want[0], want[1], want[2]);
			}
			/* The numbers overprint the square's colour (issue 18): the
			 * proof multiplies the two, as the press prints them. */
			int over[3];
			for (int k = 0; k < 3; k++)
				over[k] = (num[k] * want[k] + 127) / 255;
			/* The centre square (the start) also carries a ring round its
			 * number (issue 19). */
			int centre = r == bd->rows / 2 && col == n / 2, in_mid = 0, outside = 0, ring = 0;
			for (double y = rr * s + px / 2; y < (rr + 1) * s; y += px)
				for (double x = cc * s + px / 2; x < (cc + 1) * s; x += px) {
					const unsigned char *p = tu_px(img, b, dpi, x, y);
					if (p == NULL || abs(p[0] - over[0]) > 1 || abs(p[1] - over[1]) > 1 ||
					    abs(p[2] - over[2]) > 1)
						continue;
					double u = (x - cc * s) / s, v = (y - rr * s) / s;
					double d = hypot(u - 0.5, v - 0.5) * s;
					if (centre && fabs(d - tp_arena_grid_square.start_ring * s) <=
							      TP_ARENA_START_RING_W * s / 2 + px)
						ring++;
					else if (u >= 0.25 && u <= 0.75 && v >= 0.25 && v <= 0.75)
						in_mid++;
					else
						outside++;
				}
			/* A ring drawn all round: at least its circumference in pixels. */
			if (centre && ring < 2 * M_PI * tp_arena_grid_square.start_ring * s / px)
				fail_msg("%s: the centre square shows %d ring pixels", what, ring);
			if (outside)
				fail_msg("%s square (%d,%d): %d number-ink pixels outside the middle half", what,
					 r + 1, col + 1, outside);
			if (q->number && in_mid < 4)
				fail_msg("%s square (%d,%d) carries %d but shows %d number-ink pixels", what, r + 1,
					 col + 1, q->number, in_mid);
			if (!q->number && in_mid)
				fail_msg("%s square (%d,%d) is unnumbered but shows number ink", what, r + 1, col + 1);
		}
}

/* Every square of board.png (see check_squares); side is "19" or
 * "ROWSxCOLS", a rectangular board. */
static void board_pixels_for(const char *side, const char *seed, const char *shape,
			     const char *numbering)
{
	char s1[64], s2[64], s3[64], s4[64], s5[64];
	int R = 0, C = 0;
	if (sscanf(side, "%dx%d", &R, &C) == 2) {
		snprintf(s1, sizeof s1, "arena.rows=%d", R);
		snprintf(s4, sizeof s4, "arena.cols=%d", C);
	} else {
		snprintf(s1, sizeof s1, "arena.side=%s", side);
		snprintf(s4, sizeof s4, "arena.cols=0");
	}
	snprintf(s2, sizeof s2, "arena.seed=%s", seed);
	snprintf(s3, sizeof s3, "arena.inner=%s", shape);
	snprintf(s5, sizeof s5, "arena.numbering=%s", numbering);
	const char *sets[] = { "print.dpi=100", s1, s2, s3, s4, s5 };
	assert_int_equal(build(sets, 6, "board", "png"), 0);
	struct tp_config *c = load(sets, 6);
	struct tp_arena_board *bd = numbered(c);
	double s = tp_arena(c)->square_mm, b = c->print.bleed_mm, dpi = c->print.dpi;
	if (C == 0)
		R = C = atoi(side);
	assert_int_equal(bd->rows, R);
	assert_int_equal(bd->cols, C);
	struct tu_png img;
	assert_int_equal(tu_png_read(tu_out("board.png"), &img), 0);
	assert_int_equal(img.w, (int)lround((C * s + 2 * b) * dpi / 25.4));
	assert_int_equal(img.h, (int)lround((R * s + 2 * b) * dpi / 25.4));
	check_squares(&img, c, bd, 0, 0, R, C, "board");
	free(img.rgb);
	tp_arena_board_free(bd);
	tp_config_free(c);
}

/* The same for every square of both board parts, split either way: a
 * part shows its numbers over its arenas just as the whole board does. */
static void part_pixels(void **state)
{
	(void)state;
	const char *splits[] = { "print.split=rows", "print.split=cols" };
	/* the square default, and a rectangle (rows != cols) */
	const char *rows[] = { "arena.rows=0", "arena.rows=11" }, *cols[] = { "arena.cols=0", "arena.cols=17" };
	for (int k = 0; k < 4; k++) {
		const char *sets[] = { "print.dpi=100", splits[k % 2], rows[k / 2], cols[k / 2] };
		assert_int_equal(build(sets, 4, "board-part-1,board-part-2", "png"), 0);
		struct tp_config *c = load(sets, 4);
		struct tp_arena_board *bd = numbered(c);
		int R = bd->rows, n = bd->cols, mr = R / 2, m = n / 2;
		struct tu_png p1, p2;
		assert_int_equal(tu_png_read(tu_out("board-part-1.png"), &p1), 0);
		assert_int_equal(tu_png_read(tu_out("board-part-2.png"), &p2), 0);
		if (k % 2 == 0) {
			check_squares(&p1, c, bd, 0, 0, mr, n, "board-part-1");
			check_squares(&p2, c, bd, mr, 0, R - mr, n, "board-part-2");
		} else {
			check_squares(&p1, c, bd, 0, 0, R, m, "board-part-1");
			check_squares(&p2, c, bd, 0, m, R, n - m, "board-part-2");
		}
		free(p1.rgb);
		free(p2.rgb);
		tp_arena_board_free(bd);
		tp_config_free(c);
	}
}

static void board_pixels(void **state)
{
	(void)state;
	board_pixels_for("19", "1", "diamond", "alternate");
}

static void board_pixels_other(void **state)
{
	(void)state;
	board_pixels_for("15", "7", "diamond", "alternate");
	board_pixels_for("23", "12345", "circle", "alternate");
}

/* Rectangular boards (issue 22, section 2): taller and wider, every
 * inner shape a config accepts (a square inner arena is refused). */
static void board_pixels_rect(void **state)
{
	(void)state;
	board_pixels_for("11x17", "3", "diamond", "alternate");
	board_pixels_for("21x9", "8", "circle", "alternate");
	board_pixels_for("13x15", "2", "diamond", "alternate");
}

/* Unnumbered gaps (issue 22, section 4): number ink exactly on the squares
 * the board numbers, none elsewhere, with groups and with all. */
static void board_pixels_numbering(void **state)
{
	(void)state;
	board_pixels_for("19", "4", "diamond", "groups");
	board_pixels_for("13x17", "5", "circle", "groups");
	board_pixels_for("15", "6", "diamond", "all");
}

/* Colour boards (issue 22, section 3): each square's corners its arena's
 * ink, its middle (and a point 0.3 of a square from it, inside the 0.7
 * disc) its class's ink exactly where the board gives it a colour, the
 * arena's ink elsewhere; and the counters sheet: counter i (twelve
 * across, counter_mm wide, piece_gutter_mm apart) in the ink of the i-th
 * position's class, colour 1's first, as many as the board has. */
static void board_colours(void **state)
{
	(void)state;
	const char *sets[] = { "print.dpi=100", "arena.marking=colours", "arena.colours=5", "arena.seed=3",
			       "print.marks=off" };
	assert_int_equal(build(sets, 5, "board,counters", "png"), 0);
	struct tp_config *c = load(sets, 5);
	const struct tp_arena_cfg *a = tp_arena(c);
	struct tp_arena_board *bd = numbered(c);
	double s = a->square_mm, b = c->print.bleed_mm, dpi = c->print.dpi;
	struct tu_png img;
	assert_int_equal(tu_png_read(tu_out("board.png"), &img), 0);
	unsigned char inner[3], outer[3], cls[TP_ARENA_COLOURS_MAX + 1][3];
	tu_ink_rgb(c, TP_INK_INNER, inner);
	tu_ink_rgb(c, TP_INK_OUTER, outer);
	for (int k = 1; k <= 5; k++)
		tu_ink_rgb(c, TP_INK_COLOUR1 + k - 1, cls[k]);
	int coloured = 0;
	for (int r = 0; r < bd->rows; r++)
		for (int col = 0; col < bd->cols; col++) {
			const struct tp_arena_square *q = &bd->sq[r * bd->cols + col];
			const unsigned char *ground = q->inner ? inner : outer;
			const unsigned char *want = q->colour ? cls[q->colour] : ground;
			const double at[3][2] = { { 0.12, 0.12 }, { 0.5, 0.5 }, { 0.5, 0.8 } };
			for (int k = 0; k < 3; k++) {
				const unsigned char *p = tu_px(&img, b, dpi, (col + at[k][0]) * s, (r + at[k][1]) * s);
				assert_non_null(p);
				const unsigned char *w = k == 0 ? ground : want;
				if (memcmp(p, w, 3) != 0)
					fail_msg("square (%d,%d) point %d: %02x%02x%02x, want %02x%02x%02x (colour %d)",
						 r + 1, col + 1, k, p[0], p[1], p[2], w[0], w[1], w[2], q->colour);
			}
			coloured += q->colour != 0;
		}
	free(img.rgb);
	assert_int_equal(tu_png_read(tu_out("counters.png"), &img), 0);
	double d = a->counter_mm, g = a->piece_gutter_mm;
	int i = 0;
	for (int k = 1; k <= 5; k++)
		for (int j = 0; j < bd->colour_n[k]; j++, i++) {
			double x = g + (i % 12) * (d + g) + d / 2, y = g + (i / 12) * (d + g) + d / 2;
			const unsigned char *p = tu_px(&img, b, dpi, x, y);
			assert_non_null(p);
			if (memcmp(p, cls[k], 3) != 0)
				fail_msg("counter %d: %02x%02x%02x, want colour %d", i, p[0], p[1], p[2], k);
		}
	assert_int_equal(i, coloured);
	/* No counter beyond the last: the sheet ends a gutter after its row. */
	assert_int_equal(img.h, (int)lround(((i + 11) / 12 * (d + g) + g + 2 * b) * dpi / 25.4));
	free(img.rgb);
	tp_arena_board_free(bd);
	tp_config_free(c);
}

/* The parts: split after row side/2 (or col), each its own sheet whose
 * size is its share of the board plus its bleed; nothing with none. */
static void board_parts(void **state)
{
	(void)state;
	const char *splits[] = { "print.split=rows", "print.split=cols" };
	for (int k = 0; k < 2; k++) {
		const char *sets[] = { "print.dpi=72", splits[k], "print.marks=off" };
		assert_int_equal(build(sets, 3, "board-part-1,board-part-2", "png,svg"), 0);
		struct tp_config *c = load(sets, 3);
		double s = tp_arena(c)->square_mm, b = c->print.bleed_mm, dpi = c->print.dpi;
		int n = tp_arena(c)->rules.side, m = n / 2;
		struct tu_png p1, p2;
		assert_int_equal(tu_png_read(tu_out("board-part-1.png"), &p1), 0);
		assert_int_equal(tu_png_read(tu_out("board-part-2.png"), &p2), 0);
		int full = (int)lround((n * s + 2 * b) * dpi / 25.4);
		int a1 = (int)lround((m * s + 2 * b) * dpi / 25.4);
		int a2 = (int)lround(((n - m) * s + 2 * b) * dpi / 25.4);
		if (k == 0) {
			assert_int_equal(p1.w, full);
			assert_int_equal(p1.h, a1);
			assert_int_equal(p2.h, a2);
		} else {
			assert_int_equal(p1.h, full);
			assert_int_equal(p1.w, a1);
			assert_int_equal(p2.w, a2);
		}
		/* The bleed across the cut is the part's own edge colour: the
		 * pixel just past the cut repeats the pixel just inside it. */
		struct tp_arena_board *bd = numbered(c);
		unsigned char inner[3], outer[3];
		tu_ink_rgb(c, TP_INK_INNER, inner);
		tu_ink_rgb(c, TP_INK_OUTER, outer);
		for (int i = 0; i < n; i++) {
			int r = k == 0 ? m - 1 : i, col = k == 0 ? i : m - 1;
			const unsigned char *want = bd->sq[r * n + col].inner ? inner : outer;
			double x = k == 0 ? (i + 0.1) * s : m * s + b / 2;
			double y = k == 0 ? m * s + b / 2 : (i + 0.1) * s;
			const unsigned char *p = tu_px(&p1, b, dpi, x, y);
			assert_non_null(p);
			assert_memory_equal(p, want, 3);
		}
		char *svg = tu_slurp(tu_out("board-part-1.svg"), NULL);
		const char *end, *g = tu_svg_group(svg, "CutContour", &end);
		assert_non_null(g);
		assert_int_equal(tu_count(g, end, "<path"), 1);
		free(svg);
		free(p1.rgb);
		free(p2.rgb);
		tp_arena_board_free(bd);
		tp_config_free(c);
	}
	const char *none[] = { "print.split=none" };
	char *fresh = tu_tmpdir(), path[1200];
	assert_int_equal(build_into(fresh, none, 1, NULL, "svg"), 0);
	snprintf(path, sizeof path, "%s/board-part-1.svg", fresh);
	assert_int_equal(access(path, F_OK), -1);
	snprintf(path, sizeof path, "%s/cut-board.svg", fresh);
	assert_int_equal(access(path, F_OK), 0);
	snprintf(path, sizeof path, "%s/board.svg", fresh);
	char *svg = tu_slurp(path, NULL);
	const char *end, *g = tu_svg_group(svg, "CutContour", &end);
	assert_non_null(g);   /* the whole board is the one part: its own die line */
	free(svg);
	tu_rmrf(fresh);
}

/* ---- the die net (issue 22, section 5) -------------------------------------------- */

static double shoelace(const double *xy, int n);

/* Blobs of number ink in the d x d face at (x, y) mm of img: 4-connected
 * runs of pixels sampled at the image's pitch. */
static int blobs(const struct tu_png *img, const unsigned char *ink, double b, double dpi, double x,
		 double y, double d)
{
	double px = 25.4 / dpi;
	int n = (int)(d / px), count = 0;
	unsigned char *m = calloc((size_t)n * n, 1);
	int *stack = malloc(sizeof *stack * (size_t)n * n);
	assert_non_null(m);
	assert_non_null(stack);
	for (int i = 0; i < n * n; i++) {
		const unsigned char *p = tu_px(img, b, dpi, x + (i % n + 0.5) * px, y + (i / n + 0.5) * px);
		m[i] = p && abs(p[0] - ink[0]) <= 2 && abs(p[1] - ink[1]) <= 2 && abs(p[2] - ink[2]) <= 2;
	}
	for (int i = 0; i < n * n; i++) {
		if (m[i] != 1)
			continue;
		count++;
		int top = 0;
		stack[top++] = i;
		m[i] = 2;
		while (top) {
			int k = stack[--top], r = k / n, c = k % n;
			const int nb[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
			for (int j = 0; j < 4; j++) {
				int r2 = r + nb[j][0], c2 = c + nb[j][1];
				if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && m[r2 * n + c2] == 1) {
					m[r2 * n + c2] = 2;
					stack[top++] = r2 * n + c2;
				}
			}
		}
	}
	free(m);
	free(stack);
	return count;
}

/* arena.die = pips: the die-net sheet is a cross of six faces (a strip of
 * four, one face above and one below its second); one closed die path
 * round it with a glue tab on one edge of each of the 7 seams the 14
 * outer edges fold into (so 14 + 2 x 7 corners, and the faces' area plus
 * 7 trapezoids of depth t); pips 1..6 once each, opposite faces (folded:
 * top and bottom, strip faces two apart) summing to 7. */
/* The die net of arena.die = pips or shapes (die): one closed die path of
 * the net's area; each face's ink blobs (pips, or the shape's cells drawn
 * apart) number 1..6 once each, opposite faces summing to 7. */
static void die_net_of(const char *die)
{
	const char *sets[] = { die, "print.dpi=150", "arena.die_mm=24" };
	assert_int_equal(build(sets, 3, "die-net", "svg,png"), 0);
	struct tp_config *c = load(sets, 3);
	double d = tp_arena(c)->die_mm, t = d * TP_ARENA_DIE_TAB, b = c->print.bleed_mm;
	char *svg = tu_slurp(tu_out("die-net.svg"), NULL);
	assert_non_null(svg);
	const char *end, *g = tu_svg_group(svg, "CutContour", &end);
	assert_non_null(g);
	int paths = 0, seams = 14 / 2;
	for (const char *p = tu_svg_next_d(g, end); p; p = tu_svg_next_d(p, end)) {
		double xy[2 * 64];
		int closed, curves;
		int n = tu_path_points(p, xy, 64, &closed, &curves);
		assert_true(closed);
		assert_int_equal(curves, 0);
		assert_int_equal(n, 14 + 2 * seams);
		double want = 6 * d * d + seams * t * (d - t);
		if (fabs(shoelace(xy, n) - want) > 1e-2)
			fail_msg("die net encloses %.3f mm^2, want %.3f", shoelace(xy, n), want);
		paths++;
	}
	assert_int_equal(paths, 1);
	free(svg);
	struct tu_png img;
	assert_int_equal(tu_png_read(tu_out("die-net.png"), &img), 0);
	unsigned char ink[3];
	tu_ink_rgb(c, TP_INK_NUMBER, ink);
	const double at[6][2] = { { 1, 0 }, { 1, 2 }, { 0, 1 }, { 2, 1 }, { 1, 1 }, { 3, 1 } };
	int v[6], seen = 0;
	for (int f = 0; f < 6; f++) {
		v[f] = blobs(&img, ink, b, c->print.dpi, at[f][0] * d + 0.5, at[f][1] * d + 0.5, d - 1);
		assert_in_range(v[f], 1, 6);
		seen |= 1 << v[f];
	}
	assert_int_equal(seen, 0x7e); /* 1..6, each once */
	for (int f = 0; f < 6; f += 2)
		assert_int_equal(v[f] + v[f + 1], 7);
	free(img.rgb);
	tp_config_free(c);
}

static void die_net(void **state)
{
	(void)state;
	die_net_of("arena.die=pips");
}

/* arena.die = shapes: face v the silhouette of the shape of v cells. */
static void die_net_shapes(void **state)
{
	(void)state;
	die_net_of("arena.die=shapes");
}

/* ---- pieces --------------------------------------------------------------------- */

/* Perimeter of a shape in cell edges: 4 per cell, less 2 per shared edge. */
static int perimeter(const struct tp_arena_shape *sh)
{
	int p = 4 * sh->n_cells;
	for (int i = 0; i < sh->n_cells; i++)
		for (int j = i + 1; j < sh->n_cells; j++)
			p -= 2 * (abs(sh->cell[i][0] - sh->cell[j][0]) + abs(sh->cell[i][1] - sh->cell[j][1]) == 1);
	return p;
}

static double shoelace(const double *xy, int n)
{
	double a = 0;
	for (int i = 0; i < n; i++) {
		int j = (i + 1) % n;
		a += xy[2 * i] * xy[2 * j + 1] - xy[2 * j] * xy[2 * i + 1];
	}
	return fabs(a) / 2;
}

/* cut-pieces.svg: one closed, straight-edged, axis-parallel die path per
 * piece; its area is the shape's cells, each square_mm on a side, less
 * the clearance all round (a rectilinear outline moved in by d loses
 * perimeter x d and gains 4 d^2). */
static void cut_paths(const char *const *sets, int nsets)
{
	assert_int_equal(build(sets, nsets, "cut,pieces", "svg"), 0);
	struct tp_config *c = load(sets, nsets);
	const struct tp_arena_cfg *a = tp_arena(c);
	double s = a->square_mm, d = a->piece_clearance_mm;
	int found[TP_ARENA_SHAPES] = { 0 };
	char *svg = tu_slurp(tu_out("cut-pieces.svg"), NULL);
	assert_non_null(svg);
	const char *end, *g = tu_svg_group(svg, "CutContour", &end);
	assert_non_null(g);
	int paths = 0;
	for (const char *p = tu_svg_next_d(g, end); p; p = tu_svg_next_d(p, end)) {
		double xy[2 * 64];
		int closed, curves;
		int n = tu_path_points(p, xy, 64, &closed, &curves);
		assert_true(closed);
		assert_int_equal(curves, 0);
		assert_true(n >= 4 && n <= 64);
		for (int i = 0; i < n; i++) {
			int j = (i + 1) % n;
			assert_true(fabs(xy[2 * i] - xy[2 * j]) < 1e-3 || fabs(xy[2 * i + 1] - xy[2 * j + 1]) < 1e-3);
		}
		double area = shoelace(xy, n);
		int match = -1;
		for (int k = 0; k < TP_ARENA_SHAPES; k++) {
			const struct tp_arena_shape *sh = &a->shapes.s[k];
			double want = sh->n_cells * s * s - perimeter(sh) * s * d + 4 * d * d;
			if (fabs(area - want) < 1e-2)
				match = k;
		}
		if (match < 0)
			fail_msg("die path %d encloses %.3f mm^2 = %.4f squares: no shape's", paths, area,
				 area / (s * s));
		found[match]++;
		paths++;
	}
	assert_int_equal(paths, TP_ARENA_PIECES);
	for (int k = 0; k < TP_ARENA_SHAPES; k++)
		assert_int_equal(found[k], TP_ARENA_SETS);
	/* The pieces sheet carries the same die lines. */
	char *faces = tu_slurp(tu_out("pieces.svg"), NULL);
	const char *fend, *fg = tu_svg_group(faces, "CutContour", &fend);
	assert_non_null(fg);
	assert_int_equal(tu_count(fg, fend, "<path"), TP_ARENA_PIECES);
	free(faces);
	free(svg);
	tp_config_free(c);
}

static void cut(void **state)
{
	(void)state;
	cut_paths(NULL, 0);
	const char *exact[] = { "arena.piece_clearance_mm=0", "arena.square_mm=20" };
	cut_paths(exact, 2);
}

/* A shapes file of other polyominoes (an I-tetromino, a P-pentomino, a
 * straight hexomino...) gives die paths of those areas. */
static void custom_shapes(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	const char *path = tu_write(dir, "bars.ini",
				    "[A]\ncells = 0,0\n[B]\ncells = 0,0 1,0\n[C]\ncells = 0,0 0,1 0,2\n"
				    "[D]\ncells = 0,0 0,1 0,2 0,3\n[E]\ncells = 0,0 0,1 1,0 1,1 2,0\n"
				    "[F]\ncells = 0,0 1,0 2,0 3,0 4,0 5,0\n");
	char set[1200];
	snprintf(set, sizeof set, "arena.shapes=%s", path);
	const char *sets[] = { set };
	cut_paths(sets, 1);
	tu_rmrf(dir);
}

struct box {
	double x0, y0, x1, y1;
};

/* Bounding boxes of the filled paths in group id. */
static int boxes(const char *svg, const char *id, struct box *bx, int max)
{
	const char *end, *g = tu_svg_group(svg, id, &end);
	if (g == NULL)
		return 0;
	int n = 0;
	for (const char *p = tu_svg_next_d(g, end); p; p = tu_svg_next_d(p, end)) {
		double xy[2 * 128], b[4];
		int closed, curves;
		int k = tu_path_points(p, xy, 128, &closed, &curves);
		tu_points_box(xy, k < 128 ? k : 128, b);
		if (n < max)
			bx[n] = (struct box){ b[0], b[1], b[2], b[3] };
		n++;
	}
	return n;
}

static double trim_width(const char *svg, double bleed)
{
	const char *r = strstr(svg, "<clipPath id=\"bleed\"><rect");
	assert_non_null(r);
	double w;
	assert_int_equal(sscanf(strstr(r, "width=\"") + 7, "%lf", &w), 1);
	return w - 2 * bleed;
}

/* pieces-back: each player's backs lie at the mirrored places of that
 * player's faces (x -> W - x), so after turning the sheet about its
 * vertical axis each back is behind its own face; pieces-ribs is the
 * ribs of pieces-back exactly; every piece's colour is its player's. */
static void backs_for(int players)
{
	char set[64];
	snprintf(set, sizeof set, "arena.players=%d", players);
	const char *sets[] = { set };
	assert_int_equal(build(sets, 1, "pieces,pieces-back,pieces-ribs", "svg"), 0);
	struct tp_config *c = load(sets, 1);
	char *face = tu_slurp(tu_out("pieces.svg"), NULL), *back = tu_slurp(tu_out("pieces-back.svg"), NULL);
	char *ribs = tu_slurp(tu_out("pieces-ribs.svg"), NULL);
	assert_non_null(face);
	assert_non_null(back);
	assert_non_null(ribs);
	double W = trim_width(face, c->print.bleed_mm);
	assert_true(fabs(W - trim_width(back, c->print.bleed_mm)) < 1e-9);
	/* Pieces per colour from the deal (players beyond the count get
	 * none; with five, the sixth set prints in player6's colour). */
	struct tp_arena_deal *d;
	size_t nd;
	tp_err e = { 0 };
	assert_int_equal(tp_arena_deal(&tp_arena(c)->shapes, players, &d, &nd, &e), TP_OK);
	int want[7] = { 0 }, total = 0;
	for (size_t i = 0; i < nd; i++)
		want[d[i].player] += d[i].count;
	free(d);
	for (int p = 1; p <= 6; p++)
		total += want[p];
	want[6] += TP_ARENA_PIECES - total;
	for (int p = 1; p <= 6; p++) {
		char id[16];
		snprintf(id, sizeof id, "player%d", p);
		struct box f[64], bk[64];
		int nf = boxes(face, id, f, 64), nb = boxes(back, id, bk, 64);
		assert_int_equal(nf, want[p]);
		assert_int_equal(nb, nf);
		for (int i = 0; i < nf; i++) {
			int hit = 0;
			for (int j = 0; j < nb && !hit; j++)
				hit = fabs(bk[j].x0 - (W - f[i].x1)) < 1e-3 && fabs(bk[j].x1 - (W - f[i].x0)) < 1e-3 &&
				      fabs(bk[j].y0 - f[i].y0) < 1e-3 && fabs(bk[j].y1 - f[i].y1) < 1e-3;
			if (!hit)
				fail_msg("player %d face at x %.2f..%.2f y %.2f..%.2f: no back at its mirrored place",
					 p, f[i].x0, f[i].x1, f[i].y0, f[i].y1);
		}
	}
	/* The ribs: the same segments in the emboss plate as on the backs. */
	const char *e1, *g1 = tu_svg_group(back, "ribs", &e1);
	const char *e2, *g2 = tu_svg_group(ribs, "Emboss", &e2);
	assert_non_null(g1);
	assert_non_null(g2);
	int n1 = tu_count(g1, e1, "<path d=\""), n2 = tu_count(g2, e2, "<path d=\"");
	assert_true(n1 >= TP_ARENA_PIECES);
	assert_int_equal(n1, n2);
	for (const char *p = tu_svg_next_d(g1, e1), *q = tu_svg_next_d(g2, e2); p;
	     p = tu_svg_next_d(p, e1), q = tu_svg_next_d(q, e2)) {
		assert_non_null(q);
		size_t l1 = strcspn(p, "\""), l2 = strcspn(q, "\"");
		assert_int_equal(l1, l2);
		assert_memory_equal(p, q, l1);
	}
	assert_non_null(strstr(g2, "data-spot=\"Emboss\""));
	free(face);
	free(back);
	free(ribs);
	tp_config_free(c);
}

/* Issue 18, defect 1: with print.layout = punchboard every piece goes onto
 * a press sheet whole (its colour out to its own bleed, its die outline
 * closed), inside the sheet's clear area, and its back lies on the same
 * press sheet at the mirrored place (x -> W - x): nothing is split into
 * panels and no back sits behind another page's face. */
static void punchboard_pieces(void **state)
{
	(void)state;
	const char *sets[] = { "print.layout=punchboard", "print.sheet_mm=SRA3" };
	char *saved = tu_tmp_push();
	assert_int_equal(build(sets, 2, "pieces,pieces-back,cut", "svg,dxf"), 0);
	struct tp_config *c = load(sets, 2);
	double W = c->print.sheet_w_mm, H = c->print.sheet_h_mm, m = c->print.margin_mm;
	double top = fmax(m, c->print.gripper_mm), bl = tp_arena(c)->piece_bleed_mm;
	int fronts = 0, outlines = 0, sheets = 0;
	for (int k = 1;; k++) {
		char name[3][64];
		snprintf(name[0], sizeof name[0], "pieces-sheet-%d.svg", k);
		snprintf(name[1], sizeof name[1], "pieces-back-sheet-%d.svg", k);
		snprintf(name[2], sizeof name[2], "cut-pieces-sheet-%d.dxf", k);
		char *face = tu_slurp(tu_out(name[0]), NULL);
		if (face == NULL)
			break;
		sheets++;
		char *back = tu_slurp(tu_out(name[1]), NULL);
		assert_non_null(back);
		struct tu_dxf d;
		char why[200];
		if (tu_dxf_read(tu_out(name[2]), &d, why, sizeof why) != 0)
			fail_msg("%s: %s", name[2], why);
		struct box f[64], bk[64], all[64];
		int na = 0;
		for (int p = 1; p <= 6; p++) {
			char id[16];
			snprintf(id, sizeof id, "player%d", p);
			int nf = boxes(face, id, f, 64), nb = boxes(back, id, bk, 64);
			assert_int_equal(nb, nf);
			for (int i = 0; i < nf; i++) {
				int hit = 0;
				for (int j = 0; j < nb && !hit; j++)
					hit = fabs(bk[j].x0 - (W - f[i].x1)) < 1e-3 &&
					      fabs(bk[j].x1 - (W - f[i].x0)) < 1e-3 &&
					      fabs(bk[j].y0 - f[i].y0) < 1e-3 && fabs(bk[j].y1 - f[i].y1) < 1e-3;
				if (!hit)
					fail_msg("%s: player %d face at x %.2f..%.2f y %.2f..%.2f: no back at its mirrored place",
						 name[0], p, f[i].x0, f[i].x1, f[i].y0, f[i].y1);
				if (f[i].x0 < m - 1e-3 || f[i].x1 > W - m + 1e-3 || f[i].y0 < top - 1e-3 ||
				    f[i].y1 > H - m + 1e-3)
					fail_msg("%s: a piece at x %.2f..%.2f y %.2f..%.2f leaves the clear area",
						 name[0], f[i].x0, f[i].x1, f[i].y0, f[i].y1);
				all[na++] = f[i];
			}
			fronts += nf;
		}
		/* Every die outline closed, and each the die of one face: the
		 * face's colour reaches exactly the piece bleed beyond it. */
		for (size_t i = 0; i < d.paths.n; i++) {
			const struct tu_path *q = &d.paths.p[i];
			assert_true(q->closed);
			double b[4];
			tu_points_box(q->xy, q->n, b);
			/* DXF y is up: the scene's y is H - y. */
			double x0 = b[0], x1 = b[2], y0 = H - b[3], y1 = H - b[1];
			int hit = 0;
			for (int j = 0; j < na && !hit; j++)
				hit = fabs(all[j].x0 - (x0 - bl)) < 1e-3 && fabs(all[j].x1 - (x1 + bl)) < 1e-3 &&
				      fabs(all[j].y0 - (y0 - bl)) < 1e-3 && fabs(all[j].y1 - (y1 + bl)) < 1e-3;
			if (!hit)
				fail_msg("%s: die outline x %.2f..%.2f y %.2f..%.2f has no face %.1f mm beyond it",
					 name[2], x0, x1, y0, y1, bl);
			outlines++;
		}
		tu_paths_free(&d.paths);
		free(face);
		free(back);
	}
	assert_true(sheets >= 1);
	assert_int_equal(fronts, TP_ARENA_PIECES);
	assert_int_equal(outlines, TP_ARENA_PIECES);
	/* No panels of the pieces remain. */
	assert_null(tu_slurp(tu_out("pieces-panel-1-1.svg"), NULL));
	tp_config_free(c);
	tu_tmp_pop(saved);
}

static void backs(void **state)
{
	(void)state;
	for (int p = 2; p <= 6; p++)
		backs_for(p);
}

/* Marked pieces carry their "2" or "3" on both faces; blank ones none. */
static void marks(void **state)
{
	(void)state;
	assert_int_equal(build(NULL, 0, "pieces,pieces-back", "svg"), 0);
	const char *names[2] = { "pieces.svg", "pieces-back.svg" };
	for (int k = 0; k < 2; k++) {
		char *svg = tu_slurp(tu_out(names[k]), NULL);
		const char *end, *g = tu_svg_group(svg, "numbers", &end);
		assert_non_null(g);
		/* Two sets of each mark, six shapes. */
		assert_int_equal(tu_count(g, end, ">2</text>"), 2 * TP_ARENA_SHAPES);
		assert_int_equal(tu_count(g, end, ">3</text>"), 2 * TP_ARENA_SHAPES);
		free(svg);
	}
}

/* ---- whole builds ------------------------------------------------------------ */

static int same_file(const char *a, const char *b)
{
	size_t la = 0, lb = 0;
	char *x = tu_slurp(a, &la), *y = tu_slurp(b, &lb);
	int same = x && y && la == lb && memcmp(x, y, la) == 0;
	free(x);
	free(y);
	return same;
}

static void rebuild_identical(void **state)
{
	(void)state;
	char *other = tu_tmpdir();
	const char *sets[] = { "print.dpi=72" };
	assert_int_equal(build(sets, 1, NULL, "pdf,svg,png"), 0);
	assert_int_equal(build_into(other, sets, 1, NULL, "pdf,svg,png"), 0);
	static const char *const files[] = {
		"board.pdf", "board.svg", "board.png", "board-part-1.svg", "board-part-2.pdf",
		"pieces.svg", "pieces.pdf", "pieces-back.svg", "pieces-ribs.svg", "cut.pdf",
		"cut-pieces.svg", "score-pad.svg", "score-pad.pdf", "manifest/board.csv",
		"manifest/pieces.json", "manifest/deal-4.csv",
	};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char b[1200];
		snprintf(b, sizeof b, "%s/%s", other, files[i]);
		if (!same_file(tu_out(files[i]), b))
			fail_msg("%s differs between two builds", files[i]);
	}
	tu_rmrf(other);
}

/* Another seed gives another board, and both builds differ only there. */
static void other_seed(void **state)
{
	(void)state;
	const char *a[] = { "arena.seed=2" };
	struct tp_config *c1 = load(NULL, 0), *c2 = load(a, 1);
	struct tp_arena_board *b1 = numbered(c1), *b2 = numbered(c2);
	int differ = 0;
	for (int i = 0; i < b1->cols * b1->cols; i++)
		differ += b1->sq[i].number != b2->sq[i].number;
	assert_true(differ > 0);
	tp_arena_board_free(b1);
	tp_arena_board_free(b2);
	tp_config_free(c1);
	tp_config_free(c2);
	assert_int_equal(build(a, 1, "board,manifest", "svg"), 0);
}

/* Every step of config, model and sheets either works or fails cleanly
 * when an allocation fails (ASan sees any leak). */
static void alloc_failures(void **state)
{
	(void)state;
	for (long n = 1;; n++) {
		tp_alloc_fail_at(n);
		struct tp_config *c = NULL;
		tp_err e = { 0 };
		int rc = tp_config_load(&c, cfg_path(), NULL, 0, &tp_games, &e);
		struct tp_arena_model *m = NULL;
		if (rc == TP_OK)
			rc = tp_arena_model_derive(&tp_arena(c)->rules, &tp_arena(c)->shapes, &m, &e);
		int sheets_ok = rc == TP_OK;
		/* The game's own sheets; the print run's (rules booklet, box:
		 * the last TP_RULES_N_SHEETS) lay the board out again and a
		 * Pango layout, which makes this loop, one pass per allocation,
		 * run for many minutes; test_faults fails each of their call
		 * paths once instead. */
		for (size_t i = 0; rc == TP_OK && i < TP_ARENA_N_SHEETS - TP_RULES_N_SHEETS; i++) {
			struct tp_doc doc = { 0 };
			if (tp_arena_sheets[i].build(c, m, &doc) != 0)
				sheets_ok = 0;
			tp_doc_free(&doc);
		}
		tp_alloc_fail_at(0);
		if (rc != TP_OK)
			assert_int_equal(rc, TP_EIO);
		tp_arena_model_free(m);
		tp_config_free(c);
		if (rc == TP_OK && sheets_ok) {
			assert_true(n > 20);   /* the failures were really injected */
			break;
		}
		assert_true(n < 100000);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pad_no_file_path),
		cmocka_unit_test(board_pixels),
		cmocka_unit_test(board_pixels_other),
		cmocka_unit_test(board_pixels_rect),
		cmocka_unit_test(board_pixels_numbering),
		cmocka_unit_test(die_net),
		cmocka_unit_test(die_net_shapes),
		cmocka_unit_test(board_colours),
		cmocka_unit_test(board_parts),
		cmocka_unit_test(part_pixels),
		cmocka_unit_test(cut),
		cmocka_unit_test(custom_shapes),
		cmocka_unit_test(backs),
		cmocka_unit_test(punchboard_pieces),
		cmocka_unit_test(marks),
		cmocka_unit_test(rebuild_identical),
		cmocka_unit_test(other_seed),
		cmocka_unit_test(alloc_failures),
	};
	return cmocka_run_group_tests(tests, tu_setup_tmp, tu_teardown_tmp);
}
