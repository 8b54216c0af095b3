/* The hex (and, at the end, the triangular) board's sheets as files
 * (issue 22, section 1): board.png read
 * back pixel by pixel against the cells laid out here from the rules
 * (centres at x = (q + r/2) p, y = r sqrt(3)/2 p from the centre of the
 * trim), and the die lines of cut-pieces.svg against the cells' areas.
 * Every expectation is computed here: each cell's arena colour round its
 * middle, the numbers' ink only in the middle of numbered cells, and each
 * number's reading direction along the nearest board edge (the edge with
 * the largest projection of the cell's centre on its outward normal): the
 * principal axis of a two- or three-digit number's ink within 25 degrees
 * of that edge (the other edges' directions lie 60 degrees apart). */

#include "testutil.h"
#include "tu_build.h"
#include "tu_files.h"

#include <math.h>

#include "games/arena/config/arena_config.h"

#define S3 1.7320508075688772

static struct tp_arena_board *numbered(const struct tp_config *c)
{
	struct tp_arena_board *b = NULL;
	tp_err e = { 0 };
	if (tp_arena_board_derive(&tp_arena(c)->rules, &b, &e) != TP_OK)
		fail_msg("derive: %s", e.msg);
	return b;
}

static int same(const unsigned char *p, const unsigned char *q)
{
	return abs(p[0] - q[0]) <= 2 && abs(p[1] - q[1]) <= 2 && abs(p[2] - q[2]) <= 2;
}

struct geo {
	double p, W, H, b, dpi;
	int n;
};

static void centre(const struct geo *g, int q, int r, double *x, double *y)
{
	*x = g->W / 2 + (q + r / 2.0) * g->p;
	*y = g->H / 2 + r * S3 / 2 * g->p;
}

/* The cell nearest (x, y) (trim mm), or 0 when none is within a pitch. */
static int nearest(const struct geo *g, double x, double y, int *q, int *r, double *d)
{
	double fy = (y - g->H / 2) / (S3 / 2 * g->p), best = 1e9;
	for (int rr = (int)floor(fy); rr <= (int)floor(fy) + 1; rr++) {
		double fq = (x - g->W / 2) / g->p - rr / 2.0;
		for (int qq = (int)floor(fq); qq <= (int)floor(fq) + 1; qq++) {
			double cx, cy;
			centre(g, qq, rr, &cx, &cy);
			double dd = hypot(x - cx, y - cy);
			if (dd < best) {
				best = dd;
				*q = qq;
				*r = rr;
			}
		}
	}
	*d = best;
	return best < g->p && abs(*q) <= g->n && abs(*r) <= g->n && abs(*q + *r) <= g->n;
}

static void hex_board_for(const char *side, const char *seed, const char *inner)
{
	char s1[64], s2[64], s3[64];
	snprintf(s1, sizeof s1, "arena.side=%s", side);
	snprintf(s2, sizeof s2, "arena.seed=%s", seed);
	snprintf(s3, sizeof s3, "arena.inner=%s", inner);
	const char *sets[] = { "print.dpi=100", s1, s2, s3, "print.split=none" };
	const char *cfg = tu_path("config/arena-hex.ini");
	assert_int_equal(tu_build(tu_tmp, cfg, sets, 5, "board", "png", 1), 0);
	struct tp_config *c = tu_config(cfg, sets, 5);
	struct tp_arena_board *bd = numbered(c);
	struct geo g = { .p = tp_arena(c)->square_mm, .b = c->print.bleed_mm, .dpi = c->print.dpi,
			 .n = atoi(side) - 1 };
	/* The trim: the cells' box and the bleed all round it. */
	g.W = (2 * g.n + 1) * g.p + 2 * g.b;
	g.H = (g.n * S3 + 2 / S3) * g.p + 2 * g.b;
	struct tu_png img;
	assert_int_equal(tu_png_read(tu_out("board.png"), &img), 0);
	assert_int_equal(img.w, (int)lround((g.W + 2 * g.b) * g.dpi / 25.4));
	unsigned char inner_rgb[3], outer_rgb[3], num[3];
	int numbers = 0;
	tu_ink_rgb(c, TP_INK_INNER, inner_rgb);
	tu_ink_rgb(c, TP_INK_OUTER, outer_rgb);
	tu_ink_rgb(c, TP_INK_NUMBER, num);
	/* The numbers overprint their cell's colour: the proof multiplies the
	 * two, as the press prints them. */
	unsigned char over_in[3], over_out[3];
	for (int k = 0; k < 3; k++) {
		over_in[k] = (unsigned char)((num[k] * inner_rgb[k] + 127) / 255);
		over_out[k] = (unsigned char)((num[k] * outer_rgb[k] + 127) / 255);
	}
	int R = bd->rows, n = g.n;
	/* Round each cell's middle (0.38 of a pitch out, toward its six
	 * flats): its arena's ink. */
	for (int i = 0; i < R * R; i++) {
		if (bd->sq[i].off)
			continue;
		double cx, cy;
		centre(&g, i % R - n, i / R - n, &cx, &cy);
		for (int k = 0; k < 6; k++) {
			const unsigned char *px = tu_px(&img, g.b, g.dpi, cx + 0.38 * g.p * cos(k * M_PI / 3),
						       cy + 0.38 * g.p * sin(k * M_PI / 3));
			assert_non_null(px);
			if (!same(px, bd->sq[i].inner ? inner_rgb : outer_rgb))
				fail_msg("cell %d,%d: %02x%02x%02x, not its arena's ink", i % R - n, i / R - n,
					 px[0], px[1], px[2]);
		}
	}
	/* The numbers' ink: only near the middle of numbered cells (the
	 * centre's start ring a little further out), and each number's ink
	 * stretched along the nearest edge. */
	double *m = calloc((size_t)R * R * 6, sizeof *m); /* count, sx, sy, sxx, syy, sxy */
	assert_non_null(m);
	for (int y = 0; y < img.h; y++)
		for (int x = 0; x < img.w; x++) {
			const unsigned char *px = img.rgb + ((size_t)y * img.w + x) * 3;
			if (!same(px, over_in) && !same(px, over_out))
				continue;
			double xm = (x + 0.5) * 25.4 / g.dpi - g.b, ym = (y + 0.5) * 25.4 / g.dpi - g.b, d;
			int q = 0, r = 0;
			if (!nearest(&g, xm, ym, &q, &r, &d))
				fail_msg("number ink off the board at %.1f,%.1f mm", xm, ym);
			int i = (r + n) * R + q + n;
			double lim = q == 0 && r == 0 ? 0.46 : 0.36;
			if (bd->sq[i].number == 0 || d > lim * g.p)
				fail_msg("number ink at %.1f,%.1f mm: cell %d,%d (number %d), %.2f of a pitch from its centre",
					 xm, ym, q, r, bd->sq[i].number, d / g.p);
			numbers++;
			if (q == 0 && r == 0)
				continue;
			double cx, cy;
			centre(&g, q, r, &cx, &cy);
			double *s = m + (size_t)i * 6, dx = xm - cx, dy = ym - cy;
			s[0]++; s[1] += dx; s[2] += dy; s[3] += dx * dx; s[4] += dy * dy; s[5] += dx * dy;
		}
	int checked = 0;
	for (int i = 0; i < R * R; i++) {
		int q = i % R - n, r = i / R - n;
		const double *s = m + (size_t)i * 6;
		if (bd->sq[i].off || bd->sq[i].number < 10 || s[0] < 10)
			continue;
		double cx = q + r / 2.0, cy = r * S3 / 2, best = -1e9, second = -1e9, a_best = 0;
		for (int k = 0; k < 6; k++) {
			double a = (30 + 60 * k) * M_PI / 180, proj = cx * cos(a) + cy * sin(a);
			if (proj > best) {
				second = best;
				best = proj;
				a_best = a;
			} else if (proj > second) {
				second = proj;
			}
		}
		if (best - second < 1e-6)
			continue;   /* on a corner's ray: two edges as near */
		double mx = s[1] / s[0], my = s[2] / s[0];
		double sxx = s[3] / s[0] - mx * mx, syy = s[4] / s[0] - my * my, sxy = s[5] / s[0] - mx * my;
		double axis = 0.5 * atan2(2 * sxy, sxx - syy), want = a_best - M_PI / 2;
		double diff = fmod(fabs(axis - want), M_PI);
		diff = fmin(diff, M_PI - diff);
		if (diff > 25 * M_PI / 180)
			fail_msg("cell %d,%d: number %d reads along %.0f degrees, its nearest edge along %.0f",
				 q, r, bd->sq[i].number, axis * 180 / M_PI, want * 180 / M_PI);
		checked++;
	}
	assert_true(numbers > 0);
	assert_true(checked >= 6);
	free(m);
	free(img.rgb);
	tp_arena_board_free(bd);
	tp_config_free(c);
}

/* The same on a triangular board (arena.grid = tri): cells of edge a,
 * apex at the top middle of the trim, centroids at x = (c - r) a/2, y =
 * (r + 2/3 or 1/3) a sqrt(3)/2; each cell's arena ink 0.36 a from its
 * centroid toward its corners, number ink within 0.31 a of numbered
 * cells' centroids (the start ring included), each two-digit number
 * stretched along the nearest of the three edges. */
static void tri_board_for(const char *side, const char *seed)
{
	char s1[64], s2[64];
	snprintf(s1, sizeof s1, "arena.side=%s", side);
	snprintf(s2, sizeof s2, "arena.seed=%s", seed);
	const char *sets[] = { "print.dpi=100", s1, s2, "print.split=none", "arena.grid=tri" };
	const char *cfg = tu_path("config/arena.ini");
	assert_int_equal(tu_build(tu_tmp, cfg, sets, 5, "board", "png", 1), 0);
	struct tp_config *c = tu_config(cfg, sets, 5);
	struct tp_arena_board *bd = numbered(c);
	double a = tp_arena(c)->square_mm, b = c->print.bleed_mm, dpi = c->print.dpi, h = a * S3 / 2;
	int L = atoi(side), C = 2 * L - 1;
	double W = L * a + 2 * b, H = L * h + 2 * b;
	struct tu_png img;
	assert_int_equal(tu_png_read(tu_out("board.png"), &img), 0);
	assert_int_equal(img.w, (int)lround((W + 2 * b) * dpi / 25.4));
	assert_int_equal(img.h, (int)lround((H + 2 * b) * dpi / 25.4));
	unsigned char in_rgb[3], out_rgb[3], num[3], over_in[3], over_out[3];
	tu_ink_rgb(c, TP_INK_INNER, in_rgb);
	tu_ink_rgb(c, TP_INK_OUTER, out_rgb);
	tu_ink_rgb(c, TP_INK_NUMBER, num);
	for (int k = 0; k < 3; k++) {
		over_in[k] = (unsigned char)((num[k] * in_rgb[k] + 127) / 255);
		over_out[k] = (unsigned char)((num[k] * out_rgb[k] + 127) / 255);
	}
	double *cx = calloc((size_t)L * C, sizeof *cx), *cy = calloc((size_t)L * C, sizeof *cy);
	double *m = calloc((size_t)L * C * 6, sizeof *m);
	assert_true(cx && cy && m);
	for (int r = 0; r < L; r++)
		for (int col = 0; col <= 2 * r; col++) {
			int i = r * C + col, up = col % 2 == 0;
			cx[i] = W / 2 + (col - r) * a / 2;
			cy[i] = b + (r + (up ? 2.0 : 1.0) / 3) * h;
			for (int k = 0; k < 3; k++) {
				double ang = (up ? -90 : 90) + 120 * k;
				const unsigned char *px = tu_px(&img, b, dpi, cx[i] + 0.36 * a * cos(ang * M_PI / 180),
							       cy[i] + 0.36 * a * sin(ang * M_PI / 180));
				assert_non_null(px);
				if (!same(px, bd->sq[i].inner ? in_rgb : out_rgb))
					fail_msg("cell %d,%d: %02x%02x%02x, not its arena's ink", r + 1, col + 1,
						 px[0], px[1], px[2]);
			}
		}
	int numbers = 0;
	for (int y = 0; y < img.h; y++)
		for (int x = 0; x < img.w; x++) {
			const unsigned char *px = img.rgb + ((size_t)y * img.w + x) * 3;
			if (!same(px, over_in) && !same(px, over_out))
				continue;
			double xm = (x + 0.5) * 25.4 / dpi - b, ym = (y + 0.5) * 25.4 / dpi - b;
			int r = (int)floor((ym - b) / h), best = -1;
			double bd2 = 1e9;
			for (int rr = r - 1; rr <= r + 1; rr++)
				for (int col = 0; rr >= 0 && rr < L && col <= 2 * rr; col++) {
					int i = rr * C + col;
					double d = hypot(xm - cx[i], ym - cy[i]);
					if (d < bd2) {
						bd2 = d;
						best = i;
					}
				}
			if (best < 0 || bd->sq[best].number == 0 || bd2 > 0.31 * a)
				fail_msg("number ink at %.1f,%.1f mm: %.2f of an edge from the nearest centroid", xm,
					 ym, bd2 / a);
			numbers++;
			double *sm = m + (size_t)best * 6, dx = xm - cx[best], dy = ym - cy[best];
			sm[0]++; sm[1] += dx; sm[2] += dy; sm[3] += dx * dx; sm[4] += dy * dy; sm[5] += dx * dy;
		}
	assert_true(numbers > 0);
	int checked = 0;
	for (int r = 0; r < L; r++)
		for (int col = 0; col <= 2 * r; col++) {
			int i = r * C + col;
			const double *sm = m + (size_t)i * 6;
			if (bd->sq[i].number < 10 || bd->sq[i].quarter == 0 || sm[0] < 10)
				continue;
			/* distances to the bottom, left and right edges from the apex */
			double xr = cx[i] - W / 2, yr = cy[i] - b, d[3] = { L * h - yr, xr * S3 / 2 + yr / 2,
									     -xr * S3 / 2 + yr / 2 };
			static const double normal[3] = { 90, 210, 330 };
			int k = d[0] < d[1] ? (d[0] < d[2] ? 0 : 2) : (d[1] < d[2] ? 1 : 2);
			int ties = (fabs(d[0] - d[k]) < 1e-6) + (fabs(d[1] - d[k]) < 1e-6) + (fabs(d[2] - d[k]) < 1e-6);
			if (ties > 1)
				continue;
			double mx = sm[1] / sm[0], my = sm[2] / sm[0];
			double sxx = sm[3] / sm[0] - mx * mx, syy = sm[4] / sm[0] - my * my, sxy = sm[5] / sm[0] - mx * my;
			double axis = 0.5 * atan2(2 * sxy, sxx - syy), want = (normal[k] - 90) * M_PI / 180;
			double diff = fmod(fabs(axis - want), M_PI);
			diff = fmin(diff, M_PI - diff);
			if (diff > 25 * M_PI / 180)
				fail_msg("cell %d,%d: number %d reads along %.0f degrees, its nearest edge along %.0f",
					 r + 1, col + 1, bd->sq[i].number, axis * 180 / M_PI, want * 180 / M_PI);
			checked++;
		}
	assert_true(checked >= 6);
	free(cx);
	free(cy);
	free(m);
	free(img.rgb);
	tp_arena_board_free(bd);
	tp_config_free(c);
}

static void tri_board_pixels(void **state)
{
	(void)state;
	tri_board_for("19", "1");
	tri_board_for("13", "9");
}

static void board_pixels(void **state)
{
	(void)state;
	hex_board_for("11", "1", "diamond");
	hex_board_for("8", "5", "diamond");
	hex_board_for("9", "23", "diamond");
}

/* The die lines of the pieces: one closed path per piece whose area is
 * its cells' (n x sqrt(3)/2 p^2) less the clearance strip round its
 * perimeter (6 per cell less 2 per shared edge, each p / sqrt(3) long). */
static double shoelace(const double *xy, int n)
{
	double a = 0;
	for (int i = 0; i < n; i++) {
		const double *p = xy + 2 * i, *q = xy + 2 * ((i + 1) % n);
		a += p[0] * q[1] - q[0] * p[1];
	}
	return fabs(a) / 2;
}

/* Two cells of a shape share an edge: hex (r, q) axial; tri (r, c), up at
 * even c, beside in a row or an up cell over the down cell below. */
static int share_edge(int grid, const int *x, const int *y)
{
	int dr = x[0] - y[0], dc = x[1] - y[1];
	if (grid == TP_GRID_TRI)
		return (dr == 0 && abs(dc) == 1) || (dr == -1 && dc == -1 && x[1] % 2 == 0) ||
		       (dr == 1 && dc == 1 && y[1] % 2 == 0);
	return (abs(dr) + abs(dc) == 1) || (abs(dr) == 1 && dr == -dc);
}

/* One grid's die lines (config/arena.ini with sets): a cell's area per
 * pitch squared, its edge per pitch, its edges. */
static void die_areas_for(const char *const *sets, int n, double cell_area, double edge, int sides)
{
	const char *cfg = tu_path("config/arena.ini");
	assert_int_equal(tu_build(tu_tmp, cfg, sets, n, "cut", "svg", 1), 0);
	struct tp_config *c = tu_config(cfg, sets, n);
	const struct tp_arena_cfg *a = tp_arena(c);
	char *svg = tu_slurp(tu_out("cut-pieces.svg"), NULL);
	assert_non_null(svg);
	/* Every path's corners: "M x y L x y ... Z". */
	double areas[64];
	int np = 0;
	for (const char *p = strstr(svg, " d=\"M"); p && np < 64; p = strstr(p + 1, " d=\"M")) {
		double xy[2 * 64];
		int k = 0;
		const char *t = p + 4;
		while (*t && *t != '"' && k < 64) {
			while (*t == 'M' || *t == 'L' || *t == ' ')
				t++;
			if (*t == 'Z' || *t == '"')
				break;
			char *end;
			xy[2 * k] = strtod(t, &end);
			xy[2 * k + 1] = strtod(end, &end);
			t = end;
			k++;
		}
		areas[np++] = shoelace(xy, k);
	}
	assert_int_equal(np, TP_ARENA_PIECES);
	double p = a->square_mm, cl = a->piece_clearance_mm;
	for (int i = 0; i < np; i++) {
		const struct tp_arena_shape *sh = &a->shapes.s[i / TP_ARENA_SETS];
		int shared = 0;
		for (int x = 0; x < sh->n_cells; x++)
			for (int y = x + 1; y < sh->n_cells; y++)
				shared += share_edge(a->rules.grid, sh->cell[x], sh->cell[y]);
		int edges = sides * sh->n_cells - 2 * shared;
		double full = sh->n_cells * cell_area * p * p, strip = edges * edge * p * cl;
		/* The strip less the mitred corners' overlap: within two
		 * corners' worth of cl^2 per edge. */
		if (fabs(areas[i] - (full - strip)) > edges * 2 * cl * cl + 0.05)
			fail_msg("piece %d (%s): die area %.2f, want %.2f", i, sh->name, areas[i], full - strip);
	}
	free(svg);
	tp_config_free(c);
}

/* Hexes: sqrt(3)/2 p^2, six edges of p / sqrt(3); triangles: sqrt(3)/4
 * a^2, three edges of a. */
static void die_areas(void **state)
{
	(void)state;
	const char *hex[] = { "arena.grid=hex", "arena.side=9" };
	die_areas_for(hex, 2, S3 / 2, 1 / S3, 6);
	const char *tri[] = { "arena.grid=tri" };
	die_areas_for(tri, 1, S3 / 4, 1, 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(board_pixels),
		cmocka_unit_test(die_areas),
		cmocka_unit_test(tri_board_pixels),
	};
	int rc = cmocka_run_group_tests(tests, tu_setup_tmp, tu_teardown_tmp);
	tu_release_font_caches();
	return rc;
}
