/* The vector-tiles print set as files: built in-process, then read back as
 * a printer, die maker or laser cutter would, and checked against the
 * issue's contracts.  The expectations come from the config and from the
 * build's own tiles.csv (itself checked against a brute-force oracle), not
 * from the sheet code: tile (r,c) covers x (c-1)t..ct; along each shown
 * direction there is arrow ink a quarter of the tile from the centre, along
 * the others none; the marker lies in the outer eighth at the bottom and
 * touches no arrow; start symbols are filled, home symbols outlined with
 * paper at the centre, blanks plain. */

#include "testutil.h"
#include "tu_build.h"
#include "tu_files.h"

#include <math.h>

#include "core/alloc.h"
#include "print/art/symbol.h"
#include "print/art/text_outline.h"
#include "games/rules.h"
#include "games/vector/config/vector_config.h"

#define VCFG(c) ((struct tp_vector_cfg *)(c)->game_cfg)

static const char *cfg_path(void)
{
	return tu_path("config/vector.ini");
}

static int build_into(const char *dir, const char *const *sets, int n, const char *only,
		      const char *formats)
{
	return tu_build(dir, cfg_path(), sets, n, only, formats, 1);
}

static struct tp_config *load(const char *const *sets, int n)
{
	return tu_config(cfg_path(), sets, n);
}

/* ---- colours ------------------------------------------------------------------ */

static int is_ink(const struct tp_config *c, const unsigned char *px, int ink)
{
	unsigned char w[3];
	tu_ink_rgb(c, ink, w);
	return px != NULL && memcmp(px, w, 3) == 0;
}

/* Which of inks[0..n-1] px is nearest to. */
static int nearest(const struct tp_config *c, const unsigned char *px, const int *inks, int n)
{
	int best = 0;
	long bd = -1;
	for (int i = 0; i < n; i++) {
		unsigned char w[3];
		tu_ink_rgb(c, inks[i], w);
		long d = 0;
		for (int k = 0; k < 3; k++)
			d += (long)(px[k] - w[k]) * (px[k] - w[k]);
		if (bd < 0 || d < bd) {
			bd = d;
			best = inks[i];
		}
	}
	return best;
}

static void expect_px(const struct tp_config *c, const struct tu_png *img, double x, double y,
		      int ink, const char *what, int r, int col)
{
	const unsigned char *px = tu_px(img, c->print.bleed_mm, c->print.dpi, x, y);
	if (!is_ink(c, px, ink)) {
		unsigned char w[3];
		tu_ink_rgb(c, ink, w);
		fail_msg("%s, tile (%d,%d), at %.2f,%.2f mm: pixel %02x%02x%02x, want %s %02x%02x%02x", what,
			 r, col, x, y, px ? px[0] : 0, px ? px[1] : 0, px ? px[2] : 0,
			 tp_palette_ink(&c->print.inks, ink)->name, w[0], w[1], w[2]);
	}
}

/* ---- the pattern as the build wrote it --------------------------------------- */

enum { K_VECTOR, K_BLANK, K_START, K_HOME };

struct csv_tile {
	int kind, player;
	unsigned dirs;
};

static const char *const dir_names[8] = { "n", "ne", "e", "se", "s", "sw", "w", "nw" };

static long binom(int n, int k)
{
	long v = 1;
	if (k < 0 || k > n)
		return 0;
	for (int i = 1; i <= k; i++)
		v = v * (n - k + i) / i;
	return v;
}

/* Reads manifest/tiles.csv: the contract's header, one line per square
 * row-major, directions in the order of the directions key.  Checks every
 * vector tile is a different per_tile-set of the allowed directions and
 * that all C(n, k) sets are there. */
static struct csv_tile *read_pattern(const struct tp_config *c)
{
	const struct tp_vector_rules *r = &VCFG(c)->rules;
	int rows = c->board.rows, cols = c->board.cols;
	char *csv = tu_slurp(tu_out("manifest/tiles.csv"), NULL);
	assert_non_null(csv);
	assert_int_equal(strncmp(csv, "row,col,kind,player,directions\n", 31), 0);
	struct csv_tile *g = calloc((size_t)rows * cols, sizeof *g);
	char *line = strchr(csv, '\n') + 1;
	unsigned allowed = 0;
	int order[8];
	for (int i = 0; i < r->n_dirs; i++) {
		allowed |= 1u << r->dirs[i];
		order[r->dirs[i]] = i;
	}
	unsigned char seen[256] = { 0 };
	long n_vec = 0, count[4] = { 0 };
	for (int i = 0; i < rows * cols; i++) {
		assert_non_null(line);
		char *end = strchr(line, '\n');
		assert_non_null(end);
		*end = '\0';
		int row, col, used = 0;
		char kind[16];
		assert_int_equal(sscanf(line, "%d,%d,%15[a-z],%n", &row, &col, kind, &used), 3);
		assert_int_equal(row, i / cols + 1);
		assert_int_equal(col, i % cols + 1);
		struct csv_tile *t = &g[i];
		static const char *const kinds[4] = { "vector", "blank", "start", "home" };
		t->kind = -1;
		for (int k = 0; k < 4; k++)
			if (strcmp(kind, kinds[k]) == 0)
				t->kind = k;
		assert_true(t->kind >= 0);
		count[t->kind]++;
		char *p = line + used;
		t->player = atoi(p);
		if (t->kind == K_START || t->kind == K_HOME)
			assert_true(t->player >= 1 && t->player <= r->players);
		else
			assert_true(*p == ',');
		p = strchr(p, ',') + 1;
		int last = -1, nd = 0;
		for (char *tok = strtok(p, " "); tok; tok = strtok(NULL, " ")) {
			int d = -1;
			for (int k = 0; k < 8; k++)
				if (strcmp(tok, dir_names[k]) == 0)
					d = k;
			assert_true(d >= 0 && (allowed & (1u << d)));
			assert_true(order[d] > last);   /* in the order of the directions key */
			last = order[d];
			t->dirs |= 1u << d;
			nd++;
		}
		if (t->kind == K_VECTOR) {
			assert_int_equal(nd, r->per_tile);
			assert_int_equal(seen[t->dirs], 0);
			seen[t->dirs] = 1;
			n_vec++;
		} else {
			assert_int_equal(nd, 0);
		}
		line = end + 1;
	}
	assert_int_equal(*line, '\0');
	/* All C(n, k) sets: distinct, of the right size, and as many as there
	 * are such subsets (counted by brute force over the 256 masks). */
	long subsets = 0;
	for (unsigned m = 0; m < 256; m++)
		if ((m & ~allowed) == 0 && __builtin_popcount(m) == r->per_tile)
			subsets++;
	assert_int_equal(subsets, binom(r->n_dirs, r->per_tile));
	assert_int_equal(n_vec, subsets);
	assert_int_equal(count[K_BLANK], r->blanks);
	assert_int_equal(count[K_START], r->players);
	assert_int_equal(count[K_HOME], r->players);
	free(csv);
	return g;
}

/* ---- symbols ------------------------------------------------------------------ */

/* Signed distance (mm, negative inside) of (dx, dy) from the outline of a
 * symbol `size` across (symbol.h: widest extent = size; square and octagon
 * have a flat top, the hexagon points left and right).  Exact inside a
 * polygon, a lower bound outside. */
static double sym_dist(int sym, double size, double dx, double dy)
{
	if (sym == TP_SYM_CIRCLE)
		return hypot(dx, dy) - size / 2;
	int n = sym == TP_SYM_SQUARE ? 4 : sym == TP_SYM_HEXAGON ? 6 : 8;
	double a0 = M_PI / 2 + M_PI / n, maxc = 0;
	for (int k = 0; k < n; k++)
		maxc = fmax(maxc, fabs(cos(a0 + 2 * M_PI * k / n)));
	double rad = size / 2 / maxc, apothem = rad * cos(M_PI / n), d = -1e9;
	for (int k = 0; k < n; k++) {
		double m = a0 + 2 * M_PI * k / n + M_PI / n;
		d = fmax(d, dx * cos(m) + dy * sin(m) - apothem);
	}
	return d;
}

/* ---- the tiles sheet ---------------------------------------------------------- */

static void check_vector_tile(const struct tp_config *c, const struct tu_png *img,
			      const struct csv_tile *tl, int r, int col)
{
	double t = c->print.tile_mm, x0 = col * t, y0 = r * t, cx = x0 + t / 2, cy = y0 + t / 2;
	double px = 25.4 / c->print.dpi;
	/* n ne e se s sw w nw, y down. */
	static const double dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 }, dy[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };
	for (int d = 0; d < 8; d++) {
		double ux = dx[d], uy = dy[d], len = hypot(ux, uy);
		double x = cx + ux / len * t / 4, y = cy + uy / len * t / 4;
		if (tl->dirs & (1u << d))
			expect_px(c, img, x, y, TP_VINK_VECTORS, "arrow ink along a shown direction", r, col);
		else
			expect_px(c, img, x, y, TP_VINK_FACE, "paper along a direction not shown", r, col);
	}
	/* The marker: at the bottom, in the outer eighth; no arrow reaches
	 * into that strip and the marker does not leave it, so they cannot
	 * touch. */
	expect_px(c, img, cx, y0 + t * 0.92, TP_VINK_MARKER, "marker at the bottom", r, col);
	static const int inks[3] = { TP_VINK_FACE, TP_VINK_VECTORS, TP_VINK_MARKER };
	int marker_px = 0;
	for (double y = y0 + t * 7 / 8 + px; y < y0 + t - 2 * px; y += px)
		for (double x = x0 + 2 * px; x < x0 + t - 2 * px; x += px) {
			const unsigned char *p = tu_px(img, c->print.bleed_mm, c->print.dpi, x, y);
			int k = nearest(c, p, inks, 3);
			if (k == TP_VINK_VECTORS)
				fail_msg("arrow ink in the marker strip of tile (%d,%d) at %.2f,%.2f", r, col, x, y);
			marker_px += k == TP_VINK_MARKER;
		}
	assert_true(marker_px > 0);
	double y = y0 + t * 7 / 8 - px;
	for (double x = x0 + 2 * px; x < x0 + t - 2 * px; x += px) {
		const unsigned char *p = tu_px(img, c->print.bleed_mm, c->print.dpi, x, y);
		if (nearest(c, p, inks, 3) == TP_VINK_MARKER)
			fail_msg("marker above the outer eighth of tile (%d,%d)", r, col);
	}
	/* Nothing of the marker along the other edges: it marks the bottom. */
	for (double q = t * 0.2; q <= t * 0.8; q += t * 0.05) {
		const unsigned char *p[3] = {
			tu_px(img, c->print.bleed_mm, c->print.dpi, x0 + q, y0 + t / 16),
			tu_px(img, c->print.bleed_mm, c->print.dpi, x0 + t / 16, y0 + q),
			tu_px(img, c->print.bleed_mm, c->print.dpi, x0 + t * 15 / 16, y0 + q),
		};
		for (int k = 0; k < 3; k++)
			if (nearest(c, p[k], inks, 3) == TP_VINK_MARKER)
				fail_msg("marker ink away from the bottom of tile (%d,%d)", r, col);
	}
}

/* Start: the symbol filled; home: its outline, paper at the centre;
 * blank: paper only.  Sampled on a grid, skipping points within `slack`
 * of the outline (antialiasing, and the outline's own width). */
static void check_face_tile(const struct tp_config *c, const struct tu_png *img,
			    const struct csv_tile *tl, int r, int col)
{
	const struct tp_vector_cfg *v = VCFG(c);
	double t = c->print.tile_mm, x0 = col * t, y0 = r * t, cx = x0 + t / 2, cy = y0 + t / 2;
	double px = 25.4 / c->print.dpi, size = v->symbol_pct / 100 * t;
	int sym = tl->player ? v->symbols[tl->player - 1] : 0;
	int ink = TP_VINK_PLAYER1 + tl->player - 1;
	for (int i = 0; i < 24; i++)
		for (int j = 0; j < 24; j++) {
			double x = x0 + 2 * px + (t - 4 * px) * (j + 0.5) / 24;
			double y = y0 + 2 * px + (t - 4 * px) * (i + 0.5) / 24;
			double s = sym_dist(sym, size, x - cx, y - cy);
			int want = TP_VINK_FACE;
			if (tl->kind == K_BLANK) {
				want = TP_VINK_FACE;
			} else if (tl->kind == K_START) {
				if (fabs(s) < 2 * px)
					continue;
				want = s < 0 ? ink : TP_VINK_FACE;
			} else {
				/* Home: paper well inside and well outside the outline. */
				if (s > -0.25 * size && s < 0.1 * size + 2 * px)
					continue;
			}
			expect_px(c, img, x, y, want, tl->kind == K_BLANK ? "blank tile" :
				  tl->kind == K_START ? "start symbol (filled)" : "home tile", r, col);
		}
	if (tl->kind == K_HOME) {
		expect_px(c, img, cx, cy, TP_VINK_FACE, "paper at the centre of a home symbol", r, col);
		/* Ink on the outline: left and right ends (widest extent), and
		 * for the circle and square also top and bottom. */
		double in = fmin(0.2, size * 0.01);
		expect_px(c, img, cx + size / 2 - in, cy, ink, "home outline (right)", r, col);
		expect_px(c, img, cx - size / 2 + in, cy, ink, "home outline (left)", r, col);
		if (sym == TP_SYM_CIRCLE || sym == TP_SYM_SQUARE || sym == TP_SYM_OCTAGON) {
			expect_px(c, img, cx, cy - size / 2 + in, ink, "home outline (top)", r, col);
			expect_px(c, img, cx, cy + size / 2 - in, ink, "home outline (bottom)", r, col);
		}
	}
}

/* tiles.png against tiles.csv, every tile. */
static void check_tiles_png(const struct tp_config *c, const struct csv_tile *g)
{
	struct tu_png img;
	assert_int_equal(tu_png_read(tu_out("tiles.png"), &img), 0);
	double t = c->print.tile_mm, b = c->print.bleed_mm, dpi = c->print.dpi;
	int rows = c->board.rows, cols = c->board.cols;
	assert_int_equal(img.w, (int)lround((cols * t + 2 * b) * dpi / 25.4));
	assert_int_equal(img.h, (int)lround((rows * t + 2 * b) * dpi / 25.4));
	for (int r = 0; r < rows; r++)
		for (int col = 0; col < cols; col++) {
			const struct csv_tile *tl = &g[r * cols + col];
			if (tl->kind == K_VECTOR)
				check_vector_tile(c, &img, tl, r, col);
			else
				check_face_tile(c, &img, tl, r, col);
		}
	free(img.rgb);
}

/* Backs: the same size as the tiles; back ink behind every tile; the
 * edition mark at the bottom right of each back as seen from the back,
 * which is bottom left as the tiles lie: tp_sheet_mirror put the back of
 * tile (r, c) in sheet column cols-1-c.  The bleed carries the back ink. */
static void check_backs_png(const struct tp_config *c)
{
	struct tu_png f, bk;
	assert_int_equal(tu_png_read(tu_out("tiles.png"), &f), 0);
	assert_int_equal(tu_png_read(tu_out("tile-backs.png"), &bk), 0);
	assert_int_equal(f.w, bk.w);
	assert_int_equal(f.h, bk.h);
	double t = c->print.tile_mm, b = c->print.bleed_mm;
	int rows = c->board.rows, cols = c->board.cols;
	static const int inks[2] = { TP_VINK_BACK, TP_VINK_EDITION };
	int mark = VCFG(c)->edition[0] != 0;
	for (int r = 0; r < rows; r++)
		for (int col = 0; col < cols; col++) {
			int sc = cols - 1 - col;   /* where the back of tile (r, col) lies */
			for (int i = 0; i < 6; i++)
				for (int j = 0; j < 6; j++)
					expect_px(c, &bk, sc * t + (j + 0.5) * t / 6, r * t + (i + 0.5) * t / 8,
						  TP_VINK_BACK, "back", r, col);
			int right = 0, left = 0;
			for (double y = r * t + 0.75 * t; y < (r + 1) * t; y += t / 100)
				for (double x = sc * t; x < (sc + 1) * t; x += t / 100) {
					const unsigned char *p = tu_px(&bk, b, c->print.dpi, x, y);
					if (nearest(c, p, inks, 2) == TP_VINK_EDITION)
						*(x >= sc * t + t / 2 ? &right : &left) += 1;
				}
			assert_int_equal(left, 0);
			assert_true(mark ? right > 0 : right == 0);
		}
	if (b > 0) {
		expect_px(c, &bk, -b / 2, -b / 2, TP_VINK_BACK, "back bleed", 0, 0);
		expect_px(c, &bk, cols * t + b / 2, rows * t + b / 2, TP_VINK_BACK, "back bleed", rows, cols);
	}
	free(f.rgb);
	free(bk.rgb);
}

/* Board: the ledge, the flat surface in every square, the scored lines at
 * ledge + clearance + k t; setup: the board with the FIG. 2 tiles. */
static void check_board_png(const struct tp_config *c, const struct csv_tile *g)
{
	const struct tp_vector_cfg *v = VCFG(c);
	double t = c->print.tile_mm, L = v->ledge_mm, o = L + v->clearance_mm;
	int rows = c->board.rows, cols = c->board.cols;
	struct tu_png bd, su;
	assert_int_equal(tu_png_read(tu_out("board.png"), &bd), 0);
	assert_int_equal(tu_png_read(tu_out("setup.png"), &su), 0);
	assert_int_equal(bd.w, (int)lround((cols * t + 2 * o + 2 * c->print.bleed_mm) * c->print.dpi / 25.4));
	assert_int_equal(bd.h, (int)lround((rows * t + 2 * o + 2 * c->print.bleed_mm) * c->print.dpi / 25.4));
	if (L > 0) {
		expect_px(c, &bd, L / 2, L / 2, TP_VINK_LEDGE, "ledge", 0, 0);
		expect_px(c, &bd, -c->print.bleed_mm / 2, 2 * o, TP_VINK_LEDGE, "ledge bleed", 0, 0);
	}
	for (int r = 0; r < rows; r++)
		for (int col = 0; col < cols; col++) {
			double x = o + col * t, y = o + r * t;
			expect_px(c, &bd, x + t / 2, y + t / 2, TP_VINK_BOARD, "board square", r, col);
			expect_px(c, &bd, x + t / 4, y, TP_VINK_GRID, "scored line above", r, col);
			expect_px(c, &bd, x, y + t / 4, TP_VINK_GRID, "scored line left", r, col);
			expect_px(c, &bd, x + t * 3 / 4, y + t, TP_VINK_GRID, "scored line below", r, col);
			expect_px(c, &bd, x + t, y + t * 3 / 4, TP_VINK_GRID, "scored line right", r, col);
			const struct csv_tile *tl = &g[r * cols + col];
			int want = tl->kind == K_VECTOR ? TP_VINK_BOARD
				   : tl->kind == K_START ? TP_VINK_PLAYER1 + tl->player - 1 : TP_VINK_FACE;
			expect_px(c, &su, x + t / 2, y + t / 2, want, "setup square centre", r, col);
			if (tl->kind == K_HOME)
				expect_px(c, &su, x + t / 2 + v->symbol_pct / 200 * t - 0.1, y + t / 2,
					  TP_VINK_PLAYER1 + tl->player - 1, "setup home outline", r, col);
		}
	free(bd.rgb);
	free(su.rgb);
}

/* FIG. 2 as the pattern gives it: start tiles in the corners of the
 * bottom row, each player's home at the top, blanks round the centre. */
static void check_setup_rule(const struct tp_config *c, const struct csv_tile *g)
{
	int rows = c->board.rows, cols = c->board.cols, players = VCFG(c)->rules.players;
	for (int p = 1; p <= players; p++) {
		int sr = -1, sc = -1, hr = -1, hc = -1;
		for (int i = 0; i < rows * cols; i++) {
			if (g[i].player != p)
				continue;
			if (g[i].kind == K_START) {
				sr = i / cols;
				sc = i % cols;
			} else {
				hr = i / cols;
				hc = i % cols;
			}
		}
		assert_int_equal(sr, rows - 1);
		assert_int_equal(hr, 0);
		if (p <= 2)
			assert_int_equal(sc, p == 1 ? 0 : cols - 1);   /* corners of one side */
		assert_int_equal(hc, cols - 1 - sc);
	}
	/* Every blank is at least as near the centre as every vector tile. */
	double worst_blank = 0, best_vector = 1e9;
	for (int i = 0; i < rows * cols; i++) {
		double dr = i / cols + 0.5 - rows / 2.0, dc = i % cols + 0.5 - cols / 2.0, d = dr * dr + dc * dc;
		if (g[i].kind == K_BLANK)
			worst_blank = fmax(worst_blank, d);
		if (g[i].kind == K_VECTOR)
			best_vector = fmin(best_vector, d);
	}
	if (VCFG(c)->rules.blanks)
		assert_true(worst_blank <= best_vector);
}

/* ---- die lines and pieces (SVG) ----------------------------------------------- */

struct seg {
	double x0, y0, x1, y1;
};

/* The paths of group `id`: their points (up to 64 each) and flags. */
struct svgpath {
	double xy[128];
	int n, closed, curves;
};

static int svg_paths(const char *svg, const char *id, struct svgpath *p, int max)
{
	const char *end = NULL, *g = tu_svg_group(svg, id, &end);
	if (g == NULL)
		return 0;
	int n = 0;
	for (const char *d = tu_svg_next_d(g, end); d; d = tu_svg_next_d(d, end)) {
		if (n < max)
			p[n].n = tu_path_points(d, p[n].xy, 64, &p[n].closed, &p[n].curves);
		n++;
	}
	return n;
}

static int near(double a, double b)
{
	return fabs(a - b) < 1e-3;
}

/* The die lines of file: straight lines only, each tile edge (shared or
 * outer) cut exactly once. */
static void check_grid(const struct tp_config *c, const char *file)
{
	double t = c->print.tile_mm;
	int rows = c->board.rows, cols = c->board.cols;
	double W = cols * t, H = rows * t;
	char *svg = tu_slurp(tu_out(file), NULL);
	assert_non_null(svg);
	const char *cut = tp_palette_ink(&c->print.inks, TP_INK_CUT)->name;
	int max = rows + cols + 8;
	struct svgpath *p = calloc((size_t)max, sizeof *p);
	int n = svg_paths(svg, cut, p, max);
	/* Nothing but straight lines in the cut ink. */
	assert_int_equal(n, rows + 1 + cols + 1);
	struct seg *s = calloc((size_t)n, sizeof *s);
	for (int i = 0; i < n; i++) {
		assert_int_equal(p[i].n, 2);
		assert_int_equal(p[i].curves, 0);
		s[i] = (struct seg){ fmin(p[i].xy[0], p[i].xy[2]), fmin(p[i].xy[1], p[i].xy[3]),
				     fmax(p[i].xy[0], p[i].xy[2]), fmax(p[i].xy[1], p[i].xy[3]) };
		assert_true(near(s[i].x0, s[i].x1) || near(s[i].y0, s[i].y1));
	}
	/* Each tile edge, shared or outer, is covered by exactly one cut. */
	for (int k = 0; k <= rows; k++)
		for (int j = 0; j < cols; j++) {
			int hits = 0;
			for (int i = 0; i < n; i++)
				hits += near(s[i].y0, k * t) && near(s[i].y1, k * t) && s[i].x0 <= j * t + 1e-3 &&
					s[i].x1 >= (j + 1) * t - 1e-3;
			if (hits != 1)
				fail_msg("horizontal edge %d of column %d is cut %d times", k, j, hits);
		}
	for (int k = 0; k <= cols; k++)
		for (int j = 0; j < rows; j++) {
			int hits = 0;
			for (int i = 0; i < n; i++)
				hits += near(s[i].x0, k * t) && near(s[i].x1, k * t) && s[i].y0 <= j * t + 1e-3 &&
					s[i].y1 >= (j + 1) * t - 1e-3;
			if (hits != 1)
				fail_msg("vertical edge %d of row %d is cut %d times", k, j, hits);
		}
	/* And no cut runs off the sheet. */
	for (int i = 0; i < n; i++)
		assert_true(s[i].x0 >= -1e-3 && s[i].y0 >= -1e-3 && s[i].x1 <= W + 1e-3 && s[i].y1 <= H + 1e-3);
	free(svg);
	free(s);
	free(p);
}

static void check_cut(const struct tp_config *c)
{
	check_grid(c, "cut-tiles.svg");
	/* The tiles sheet itself carries the same grid. */
	check_grid(c, "tiles.svg");
	double t = c->print.tile_mm;
	int rows = c->board.rows, cols = c->board.cols;
	double W = cols * t, H = rows * t;
	const char *cut = tp_palette_ink(&c->print.inks, TP_INK_CUT)->name;
	int max = rows + cols + 8, n;
	struct svgpath *p = calloc((size_t)max, sizeof *p);
	char *svg;
	/* The board: one closed outline, the board's trim. */
	svg = tu_slurp(tu_out("cut-board.svg"), NULL);
	assert_non_null(svg);
	n = svg_paths(svg, cut, p, max);
	assert_int_equal(n, 1);
	assert_true(p[0].closed);
	assert_int_equal(p[0].n, 4);
	const struct tp_vector_cfg *v = VCFG(c);
	double bw = W + 2 * (v->ledge_mm + v->clearance_mm), bh = H + 2 * (v->ledge_mm + v->clearance_mm);
	double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
	for (int i = 0; i < 4; i++) {
		x0 = fmin(x0, p[0].xy[2 * i]); x1 = fmax(x1, p[0].xy[2 * i]);
		y0 = fmin(y0, p[0].xy[2 * i + 1]); y1 = fmax(y1, p[0].xy[2 * i + 1]);
	}
	assert_true(near(x0, 0) && near(y0, 0) && near(x1, bw) && near(y1, bh));
	free(svg);
	free(p);
}

/* One closed outline per player, of the player's symbol, piece_pct of the
 * tile across (smaller than a tile), in the cut ink. */
static void check_pieces(const struct tp_config *c)
{
	const struct tp_vector_cfg *v = VCFG(c);
	double t = c->print.tile_mm, size = v->piece_pct / 100 * t;
	assert_true(size < t);
	char *svg = tu_slurp(tu_out("pieces.svg"), NULL);
	assert_non_null(svg);
	struct svgpath p[8];
	int n = svg_paths(svg, tp_palette_ink(&c->print.inks, TP_INK_CUT)->name, p, 8);
	assert_int_equal(n, v->rules.players);
	int found[4] = { 0 };
	for (int i = 0; i < n; i++) {
		assert_true(p[i].closed);
		double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
		for (int k = 0; k < p[i].n; k++) {
			x0 = fmin(x0, p[i].xy[2 * k]); x1 = fmax(x1, p[i].xy[2 * k]);
			y0 = fmin(y0, p[i].xy[2 * k + 1]); y1 = fmax(y1, p[i].xy[2 * k + 1]);
		}
		assert_true(near(x1 - x0, size));
		int player = (int)floor((x0 + x1) / 2 / t);
		assert_true(player >= 0 && player < v->rules.players);
		/* Centred in its own tile-sized cell, so the pieces never touch. */
		assert_true(near((x0 + x1) / 2, (player + 0.5) * t));
		assert_true(near((y0 + y1) / 2, t / 2));
		found[player]++;
		int sym = v->symbols[player];
		if (sym == TP_SYM_CIRCLE)
			assert_true(p[i].curves > 0);
		else
			assert_int_equal(p[i].n, sym == TP_SYM_SQUARE ? 4 : sym == TP_SYM_HEXAGON ? 6 : 8);
	}
	for (int i = 0; i < v->rules.players; i++)
		assert_int_equal(found[i], 1);
	/* A laser plate: no raster proof. */
	assert_int_equal(access(tu_out("pieces.png"), F_OK), -1);
	free(svg);
}

/* counts.csv: the kinds per game from the config. */
static void check_counts(const struct tp_config *c)
{
	const struct tp_vector_rules *r = &VCFG(c)->rules;
	char *csv = tu_slurp(tu_out("manifest/counts.csv"), NULL);
	assert_non_null(csv);
	long vec = binom(r->n_dirs, r->per_tile);
	char want[300];
	snprintf(want, sizeof want,
		 "kind,per_game,print_run\nvector,%ld,%ld\nblank,%d,%d\nstart,%d,%d\nhome,%d,%d\ntotal,%ld,%ld\n",
		 vec, vec, r->blanks, r->blanks, r->players, r->players, r->players, r->players,
		 vec + r->blanks + 2L * r->players, vec + r->blanks + 2L * r->players);
	assert_string_equal(csv, want);
	assert_int_equal(vec + r->blanks + 2L * r->players, (long)c->board.rows * c->board.cols);
	free(csv);
	char *json = tu_slurp(tu_out("manifest/counts.json"), NULL);
	assert_non_null(strstr(json, "\"classes_turn90\""));
	assert_non_null(strstr(json, "\"classes_turn45\""));
	free(json);
}

/* One configuration, every sheet, every check. */
static void full_check(const char *const *sets, int n)
{
	char *dir = tu_tmp_push();
	assert_int_equal(build_into(tu_tmp, sets, n, NULL, "png,svg"), 0);
	struct tp_config *c = load(sets, n);
	struct csv_tile *g = read_pattern(c);
	check_counts(c);
	check_setup_rule(c, g);
	check_tiles_png(c, g);
	check_backs_png(c);
	check_board_png(c, g);
	check_cut(c);
	check_pieces(c);
	free(g);
	tp_config_free(c);
	tu_tmp_pop(dir);
}

static void seed_edition(void **state)
{
	(void)state;
	const char *sets[] = { "print.dpi=150" };
	full_check(sets, 1);
}

static void pairs_on_six(void **state)
{
	(void)state;
	/* C(8,2) = 28 + 4 blanks + 4 = 36 = 6 x 6. */
	const char *sets[] = { "print.dpi=150", "board.rows=6", "board.cols=6", "vector.per_tile=2" };
	full_check(sets, 4);
}

static void four_directions(void **state)
{
	(void)state;
	/* C(4,2) = 6 + 0 blanks + 4 = 10 = 5 x 2 (on 4 x 4 the 6 centre
	 * blanks would wall both homes off: refused by the rules checks). */
	const char *sets[] = { "print.dpi=150", "board.rows=5", "board.cols=2", "vector.directions=n e s w",
			       "vector.per_tile=2", "vector.blanks=0", "vector.edition=" };
	full_check(sets, 7);
}

static void three_players(void **state)
{
	(void)state;
	/* 56 + 2 blanks + 6 = 64; player 3 is the hexagon. */
	const char *sets[] = { "print.dpi=150", "vector.players=3", "vector.blanks=2",
			       "vector.ledge_mm=0", "vector.clearance_mm=2.5" };
	full_check(sets, 5);
}

static void four_players_small(void **state)
{
	(void)state;
	/* 56 + 0 blanks + 8 = 64, small tiles, another order of symbols,
	 * diagonals first. */
	const char *sets[] = { "print.dpi=200", "print.tile_mm=16", "vector.players=4", "vector.blanks=0",
			       "vector.symbols=octagon hexagon square circle",
			       "vector.directions=ne se sw nw n e s w", "print.bleed_mm=0" };
	full_check(sets, 7);
}

/* ---- determinism, refusals, allocation failures -------------------------------- */

static void byte_identical(void **state)
{
	(void)state;
	const char *sets[] = { "print.dpi=100" };
	char *a = tu_tmpdir(), *b = tu_tmpdir();
	assert_int_equal(build_into(a, sets, 1, NULL, NULL), 0);
	assert_int_equal(build_into(b, sets, 1, NULL, NULL), 0);
	char cmd[2600];
	snprintf(cmd, sizeof cmd, "diff -r '%s' '%s' >/dev/null && test $(ls '%s' | wc -l) -ge 15", a, b, a);
	assert_int_equal(system(cmd), 0);
	tu_rmrf(a);
	tu_rmrf(b);
}

/* Each bad input: TP_EINPUT, one line naming the --set and what is
 * wrong. */
static void refusals(void **state)
{
	(void)state;
	static const struct {
		const char *set, *extra;
	} bad[] = {
		{ "vector.directions=n north", "north" },
		{ "vector.directions=n e n", "repeated" },
		{ "vector.directions=", "allowed" },
		/* claim 1's two or more, up to the compass's eight points */
		{ "vector.per_tile=0", "allowed: 2..8" },
		{ "vector.per_tile=9", "allowed: 2..8" },
		{ "vector.per_tile=x", "whole number" },
		{ "vector.blanks=5", "tiles" },
		{ "vector.blanks=-1", "allowed" },
		{ "vector.players=0", "1..4" },
		{ "vector.players=5", "1..4" },
		{ "vector.symbols=circle star", "star" },
		{ "vector.symbols=square square", "repeated" },
		{ "print.tile_mm=0", "mm" },
		{ "print.tile_mm=-5", "mm" },
		{ "print.tile_mm=6", "8 mm" },
		{ "print.tile_mm=400", "300 mm" },
		{ "print.tile_mm=1e9", "mm" },
		{ "vector.piece_pct=100", "95" },
		{ "board.rows=9", "squares" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct tp_config *c = NULL;
		tp_err e = { 0 };
		const char *sets[] = { bad[i].set };
		int rc = tp_config_load(&c, cfg_path(), sets, 1, &tp_games, &e);
		if (rc != TP_EINPUT || strstr(e.msg, bad[i].set) == NULL || strstr(e.msg, bad[i].extra) == NULL ||
		    strchr(e.msg, '\n') != NULL)
			fail_msg("--set %s: rc %d, message '%s'", bad[i].set, rc, e.msg);
		tp_config_free(c);
	}
	/* Per tile more than the directions, and more players than symbols:
	 * named at the key that is too large. */
	const char *two[][2] = {
		{ "vector.directions=n e s", "vector.per_tile=4" },
		{ "vector.symbols=circle square", "vector.players=3" },
	};
	for (int i = 0; i < 2; i++) {
		struct tp_config *c = NULL;
		tp_err e = { 0 };
		assert_int_equal(tp_config_load(&c, cfg_path(), two[i], 2, &tp_games, &e), TP_EINPUT);
		assert_non_null(strstr(e.msg, two[i][1]));
		assert_null(c);
	}
	/* Fewer directions than per_tile, the directions given with --set and
	 * per_tile the file's: the --set is named, and per_tile's range in
	 * any line starts at claim 1's 2 (it said "allowed: 1..1").  One
	 * direction is claim 1's refusal, at the directions. */
	const char *dset[] = { "vector.directions=n", "vector.directions=n s", "vector.directions=n e s" };
	for (int i = 0; i < 3; i++) {
		const char *both[] = { dset[i], "vector.per_tile=4" };
		for (int n = 1; n <= 2; n++) {
			struct tp_config *c = NULL;
			tp_err e = { 0 };
			assert_int_equal(tp_config_load(&c, cfg_path(), both, n, &tp_games, &e), TP_EINPUT);
			int dirs = 1;
			for (const char *q = strchr(dset[i], '='); *q; q++)
				dirs += *q == ' ';
			char set[64];
			snprintf(set, sizeof set, "--set %s:", n == 2 && dirs > 1 ? both[1] : dset[i]);
			if (strncmp(e.msg, set, strlen(set)) != 0 || strstr(e.msg, "allowed: 1..") != NULL ||
			    (dirs == 1 && strstr(e.msg, "claim 1") == NULL) || strchr(e.msg, '\n') != NULL)
				fail_msg("%s (%d sets): '%s'", dset[i], n, e.msg);
			if (n == 2 && dirs > 1) {
				char range[32];
				snprintf(range, sizeof range, "allowed: 2..%d", dirs);
				assert_non_null(strstr(e.msg, range));
			}
			assert_null(c);
		}
	}
	/* The counts equation: both sides and what would fit. */
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	const char *sets[] = { "vector.per_tile=4" };
	assert_int_equal(tp_config_load(&c, cfg_path(), sets, 1, &tp_games, &e), TP_EINPUT);
	char want[200];
	long vec = binom(8, 4);
	snprintf(want, sizeof want, "8 x 8 = 64 squares, but %ld vector + 4 blank + 4 start/home = %ld tiles",
		 vec, vec + 8);
	assert_non_null(strstr(e.msg, want));
	assert_non_null(strstr(e.msg, "--set vector.per_tile=4"));
	assert_non_null(strstr(e.msg, "per_tile = 3"));
}

/* The set-up sheet's caption is printed matter under the board, not art
 * that runs on: every glyph of it keeps the safe zone (print.safe_mm, and
 * at least one font size) from the trim's left, right and bottom edges,
 * and stays within the play surface's width (ledge + clearance in from
 * each side).  It used to start at the left trim edge, 0.2 mm from the
 * cut.  Checked on the seed's board, under the x4 profile's 4 mm zone, and
 * on a small board with no ledge. */
static void setup_caption(void **state)
{
	(void)state;
	const char *const cases[][3] = {
		{ NULL },
		{ "print.profile=x4" },
		{ "print.tile_mm=10", "vector.ledge_mm=0", "vector.clearance_mm=0" },
	};
	const int nsets[] = { 0, 1, 3 };
	for (int k = 0; k < 3; k++) {
		struct tp_config *c = load(cases[k], nsets[k]);
		const struct tp_vector_cfg *v = VCFG(c);
		struct tp_vector_model *m = NULL;
		tp_err e = { 0 };
		assert_int_equal(tp_vector_derive(&v->rules, &m, &e), 0);
		const struct tp_sheet_def *d = tp_game_sheet(c->game, "setup");
		assert_non_null(d);
		struct tp_doc doc = { 0 };
		assert_int_equal(d->build(c, m, &doc), 0);
		assert_int_equal(doc.n, 1);
		const struct tp_scene *sc = doc.pages[0].sc;
		double g = v->ledge_mm + v->clearance_mm;
		size_t texts = 0;
		for (size_t i = 0; i < sc->n_shapes; i++) {
			const struct tp_shape *s = &sc->shapes[i];
			if (s->kind != TP_SHAPE_TEXT)
				continue;
			double b[4], zone = fmax(c->print.safe_mm, s->h);
			assert_int_equal(tp_text_outline_box(tp_scene_str(sc, s), s->x, s->y, s->h, s->align, b), 0);
			if (b[0] < fmax(g, zone) - 1e-9 || b[2] > sc->trim_w - fmax(g, zone) + 1e-9 ||
			    b[3] > sc->trim_h - zone + 1e-9)
				fail_msg("case %d: \"%.30s...\" at x %.2f..%.2f, bottom %.2f of %.1f x %.1f mm",
					 k, tp_scene_str(sc, s), b[0], b[2], b[3], sc->trim_w, sc->trim_h);
			texts++;
		}
		assert_int_equal(texts, 2);
		tp_doc_free(&doc);
		tp_vector_free(m);
		tp_config_free(c);
	}
}

/* The backs' edition mark keeps a factory's safe zone from its own tile's
 * cut (the preflight measures a back from the tiles' die lines mirrored):
 * it sat 1.72 mm above a tile's bottom and 1.81 mm from its side, under a
 * 3 or 4 mm zone.  Each mark's glyphs, as drawn, lie safe_mm inside the
 * tile (col, row) they are on; without a zone the mark stays where it
 * was, 0.07 of a tile in. */
static void back_mark_safe(void **state)
{
	(void)state;
	const char *const cases[][2] = { { NULL }, { "print.profile=generic-x1a" }, { "print.profile=x4" },
					 { "print.profile=x4", "print.tile_mm=40" } };
	const int nsets[] = { 0, 1, 1, 2 };
	for (int k = 0; k < 4; k++) {
		struct tp_config *c = load(cases[k], nsets[k]);
		const struct tp_vector_cfg *v = VCFG(c);
		struct tp_vector_model *m = NULL;
		tp_err e = { 0 };
		assert_int_equal(tp_vector_derive(&v->rules, &m, &e), 0);
		const struct tp_sheet_def *d = tp_game_sheet(c->game, "tile-backs");
		struct tp_doc doc = { 0 };
		assert_int_equal(d->build(c, m, &doc), 0);
		const struct tp_scene *sc = doc.pages[0].sc;
		double t = c->print.tile_mm, zone = c->print.safe_mm;
		size_t marks = 0;
		for (size_t i = 0; i < sc->n_shapes; i++) {
			const struct tp_shape *s = &sc->shapes[i];
			if (s->kind != TP_SHAPE_TEXT)
				continue;
			double b[4];
			assert_int_equal(tp_text_outline_box(tp_scene_str(sc, s), s->x, s->y, s->h, s->align, b), 0);
			double x0 = floor(s->x / t) * t, y0 = floor(s->y / t) * t;
			double d = fmin(fmin(b[0] - x0, x0 + t - b[2]), fmin(b[1] - y0, y0 + t - b[3]));
			if (zone > 0)
				assert_true(d >= zone);
			else   /* right-aligned at 0.07 t from the right cut */
				assert_true(fabs(x0 + t - s->x - 0.07 * t) < 1e-9 && fabs(y0 + t - s->y - 0.07 * t) < 1e-9);
			marks++;
		}
		assert_int_equal(marks, (size_t)(m->rows * m->cols));
		tp_doc_free(&doc);
		tp_vector_free(m);
		tp_config_free(c);
	}
}

/* Every sheet laid out with the n-th allocation failing, n = 1, 2, ...:
 * a clean -1 until it succeeds (ASan would see a leak). */
static void alloc_failures(void **state)
{
	(void)state;
	struct tp_config *c = load(NULL, 0);
	struct tp_vector_model *m = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_vector_derive(&VCFG(c)->rules, &m, &e), 0);
	/* The game's own sheets; the print run's (rules booklet, box: the
	 * last TP_RULES_N_SHEETS) are failed call path by call path in
	 * test_faults, as one pass per allocation would take many minutes. */
	for (size_t s = 0; s + TP_RULES_N_SHEETS < c->game->n_sheets; s++) {
		int ok = 0;
		for (long n = 1; n < 100000 && !ok; n++) {
			struct tp_doc doc = { 0 };
			tp_alloc_fail_at(n);
			int rc = c->game->sheets[s].build(c, m, &doc);
			tp_alloc_fail_at(0);
			tp_doc_free(&doc);
			assert_true(rc == 0 || rc == -1);
			ok = rc == 0;
		}
		assert_true(ok);
	}
	tp_vector_free(m);
	tp_config_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(seed_edition),
		cmocka_unit_test(pairs_on_six),
		cmocka_unit_test(four_directions),
		cmocka_unit_test(three_players),
		cmocka_unit_test(four_players_small),
		cmocka_unit_test(byte_identical),
		cmocka_unit_test(refusals),
		cmocka_unit_test(alloc_failures),
		cmocka_unit_test(setup_caption),
		cmocka_unit_test(back_mark_safe),
	};
	return cmocka_run_group_tests_name("vector print set", tests, tu_setup_tmp, tu_teardown_tmp);
}
