/* The print set as files: built in-process, then read back as a printer
 * or die maker would, and checked against the rules (tests/oracle.h). */

#include "testutil.h"
#include "tu_files.h"
#include "tu_paths.h"
#include "tu_dxf.h"
#include "tu_series.h"

#include <math.h>

#include "core/units.h"
#include "print/art/symbol.h"
#include "print/art/text_outline.h"

#define PT (72.0 / 25.4)

static int build(const char *config, const char *const *sets, int n, const char *only,
		 const char *formats, int level)
{
	return tu_build(tu_tmp, tu_series_config(config), sets, n, only, formats, level);
}

/* ---- issue: print pipeline ------------------------------------------------ */

/* Every cell centre of every front, every back (mirrored), every board
 * square: the decoded pixel is the series colour the rules give. */
static void pixels(void **state)
{
	(void)state;
	const char *sets[] = { "print.dpi=100" };
	assert_int_equal(build(NULL, sets, 1, "fronts,backs,board", "png", 1), 0);
	struct tp_config *c;
	struct tp_pattern *p;
	tu_series_load(NULL, sets, 1, &c, &p);
	double t = c->print.tile_mm, b = c->print.bleed_mm, dpi = c->print.dpi, s = t / 6;
	struct tu_png f, bk, bd;
	assert_int_equal(tu_png_read(tu_out("fronts.png"), &f), 0);
	assert_int_equal(tu_png_read(tu_out("backs.png"), &bk), 0);
	assert_int_equal(tu_png_read(tu_out("board.png"), &bd), 0);
	/* Size is the bleed box at the dpi, and the dpi is recorded. */
	assert_int_equal(f.w, (int)lround((p->cols * t + 2 * b) * dpi / 25.4));
	assert_int_equal(f.h, (int)lround((p->rows * t + 2 * b) * dpi / 25.4));
	assert_true(fabs(f.dpi - dpi) < 0.05);
	for (int r = 0; r < p->rows; r++)
		for (int col = 0; col < p->cols; col++) {
			const struct tp_tile *tl = &p->tiles[r * p->cols + col];
			for (int a = 0; a < 6; a++)
				for (int bb = 0; bb < 6; bb++)
					tu_series_expect_ink(c, tu_px(&f, b, dpi, col * t + (bb + 0.5) * s, r * t + (a + 0.5) * s),
						   or_cell(c, tl->front, tl->corner, a, bb), "front cell", r, col);
			/* FIG. 20: the board square (r, col) shows cell (r mod 6,
			 * col mod 6) of patch tile (r/6, col/6). */
			int pf, pk;
			tp_series_plane_at(p, p->patch_r0 + r / 6, p->patch_c0 + col / 6, &pf, &pk);
			int sq = or_cell(c, pf, pk, r % 6, col % 6);
			tu_series_expect_ink(c, tu_px(&bd, b, dpi, (col + 0.5) * t, (r + 0.5) * t), sq, "board square", r, col);
			/* [0091]: after turning about the vertical axis, the back at
			 * sheet column cols-1-col lies behind front (r, col). */
			tu_series_expect_ink(c, tu_px(&bk, b, dpi, (p->cols - 1 - col + 0.5) * t, (r + 0.5) * t), sq,
				   "back", r, col);
		}
	free(f.rgb);
	free(bk.rgb);
	free(bd.rgb);
	tp_series_free(p);
	tp_config_free(c);
}

static char *run(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	size_t cap = 1 << 16, n = 0;
	char *s = malloc(cap);
	size_t k;
	while ((k = fread(s + n, 1, cap - n - 1, p)) > 0) {
		n += k;
		if (n + 1 == cap)
			s = realloc(s, cap *= 2);
	}
	s[n] = '\0';
	pclose(p);
	return s;
}

/* Press PDFs: boxes, CMYK only, the die line as a named overprinting
 * separation, and a clean bill from qpdf. */
static void press_pdf(void **state)
{
	(void)state;
	for (int marks = 0; marks < 2; marks++) {
		const char *sets[] = { "print.cut_ink=KissCut", marks ? "print.marks=on" : "print.marks=off",
				       "print.bleed_mm=5" };
		assert_int_equal(build(NULL, sets, 3, "fronts,board-half-1", "pdf", 1), 0);
		struct tp_config *c;
		struct tp_pattern *p;
		tu_series_load(NULL, sets, 3, &c, &p);
		double t = c->print.tile_mm, b = c->print.bleed_mm, m = marks ? 13.0 : 0;
		double W = p->cols * t, H = p->rows * t;
		double media[4], bleed[4], trim[4];
		assert_int_equal(tu_pdf_boxes(tu_out("fronts.pdf"), 1, media, bleed, trim), 0);
		assert_true(fabs(trim[2] - trim[0] - W * PT) < 0.05);
		assert_true(fabs(trim[3] - trim[1] - H * PT) < 0.05);
		assert_true(fabs(trim[0] - bleed[0] - b * PT) < 0.05);
		assert_true(fabs(bleed[0] - media[0] - m * PT) < 0.05);
		assert_true(fabs(media[2] - (W + 2 * b + 2 * m) * PT) < 0.05);
		/* FIG. 21 half: half the rows, bleed all round. */
		assert_int_equal(tu_pdf_boxes(tu_out("board-half-1.pdf"), 1, media, bleed, trim), 0);
		assert_true(fabs(trim[3] - trim[1] - H / 2 * PT) < 0.05);
		assert_true(fabs(trim[1] - bleed[1] - b * PT) < 0.05);
		for (int i = 0; i < 2; i++) {
			const char *f = tu_out(i ? "board-half-1.pdf" : "fronts.pdf");
			char cmd[1500];
			snprintf(cmd, sizeof cmd, "qpdf --check '%s' 2>&1; echo rc=$?", f);
			char *chk = run(cmd);
			assert_non_null(strstr(chk, "rc=0"));
			assert_null(strstr(chk, "WARNING"));
			free(chk);
			snprintf(cmd, sizeof cmd, "qpdf --qdf --object-streams=disable '%s' -", f);
			char *qdf = run(cmd);
			assert_null(strstr(qdf, " rg\n"));
			assert_null(strstr(qdf, " RG\n"));
			assert_null(strstr(qdf, "DeviceRGB"));
			/* qdf puts each array element on its own line. */
			char *sep = strstr(qdf, "/Separation");
			assert_non_null(sep);
			assert_non_null(strstr(sep, "/KissCut"));
			assert_non_null(strstr(qdf, "/OP true"));
			assert_non_null(strstr(qdf, "/Trapped /False"));
			assert_non_null(strstr(qdf, "/ID"));
			assert_true((strstr(qdf, "/All\n") != NULL) == (marks == 1));
			free(qdf);
		}
		tp_series_free(p);
		tp_config_free(c);
	}
}

/* ---- issue: blind edition, indicia, tutorial ---------------------------- */

/* Number of points in the symbol that stands for series s (circles are
 * curves). */
static int symbol_points(const struct tp_config *c, int s)
{
	static const int pts[] = { 0, 4, 6, 8 };
	return pts[SER(c)->emboss.symbol[s]];
}

struct sym {
	double cx, cy, w, h;
	int pts, closed, curves;
};

static int symbols(const char *svg, const char *group, struct sym *out, int max)
{
	const char *end = NULL, *g = tu_svg_group(svg, group, &end);
	if (g == NULL)
		return 0;
	int n = 0;
	for (const char *d = tu_svg_next_d(g, end); d; d = tu_svg_next_d(d, end)) {
		double xy[200], b[4];
		struct sym s;
		s.pts = tu_path_points(d, xy, 100, &s.closed, &s.curves);
		tu_points_box(xy, s.pts < 100 ? s.pts : 100, b);
		s.cx = (b[0] + b[2]) / 2; s.cy = (b[1] + b[3]) / 2; s.w = b[2] - b[0]; s.h = b[3] - b[1];
		if (n < max)
			out[n] = s;
		n++;
	}
	return n;
}

static int kind_of(const struct sym *s)
{
	return s->curves ? 0 : s->pts;
}

/* Issue 18 defect 2: the blind board's geometry from its rules.  Board
 * squares are a pocket (the tile plus the play all round) plus a rib
 * apart; the outer pockets, and those beside the half split, keep
 * emboss.board_margin_mm from the cut, so a band of margin less half a
 * rib lies beyond the outer squares and on each side of the split. */
static double blind_pitch(const struct tp_config *c)
{
	const struct tp_emboss *em = &SER(c)->emboss;
	return c->print.tile_mm + 2 * em->pocket_play_mm + em->pocket_wall_mm;
}

static double blind_band(const struct tp_config *c)
{
	const struct tp_emboss *em = &SER(c)->emboss;
	return em->board_margin_mm - em->pocket_wall_mm / 2;
}

/* Where square k of n begins along an axis the split does (split) or does
 * not cross; k = n: the board's length. */
static double blind_at(const struct tp_config *c, int k, int n, int split)
{
	double e = blind_band(c), x = e + k * blind_pitch(c) + (split && k >= n / 2 ? 2 * e : 0);
	return k == n ? x + e : x;
}

/* The square whose centre is nearest v. */
static int blind_square(const struct tp_config *c, double v, int n, int split)
{
	int best = 0;
	for (int k = 1; k < n; k++)
		if (fabs(blind_at(c, k, n, split) + blind_pitch(c) / 2 - v) <
		    fabs(blind_at(c, best, n, split) + blind_pitch(c) / 2 - v))
			best = k;
	return best;
}

static void plates(void **state)
{
	(void)state;
	const char *blind = tu_path("config/series-blind.ini");
	assert_int_equal(build(blind, NULL, 0, "backs,emboss-fronts,emboss-backs,board-recess", "svg", 1), 0);
	struct tp_config *c;
	struct tp_pattern *p;
	tu_series_load(blind, NULL, 0, &c, &p);
	double t = c->print.tile_mm, s = t / 6, stroke = SER(c)->emboss.stroke_mm;
	size_t max = (size_t)p->rows * p->cols * 36;
	struct sym *sy = malloc(max * sizeof *sy);

	/* emboss-fronts: one closed symbol per filled cell, of its series'
	 * kind, centred, clear of the cell edges. */
	char *svg = tu_slurp(tu_out("emboss-fronts.svg"), NULL);
	int n = symbols(svg, "symbols", sy, (int)max);
	int want = 0;
	for (int i = 0; i < p->rows * p->cols; i++)
		for (int a = 0; a < 36; a++)
			want += or_cell(c, p->tiles[i].front, p->tiles[i].corner, a / 6, a % 6) != TP_NONE;
	assert_int_equal(n, want);
	for (int i = 0; i < n; i++) {
		int col = (int)floor(sy[i].cx / s), row = (int)floor(sy[i].cy / s);
		const struct tp_tile *tl = &p->tiles[(row / 6) * p->cols + col / 6];
		int series = or_cell(c, tl->front, tl->corner, row % 6, col % 6);
		assert_int_not_equal(series, TP_NONE);
		assert_true(sy[i].closed);
		assert_int_equal(kind_of(&sy[i]), symbol_points(c, series));
		assert_true(fabs(sy[i].cx - (col + 0.5) * s) < 1e-3 && fabs(sy[i].cy - (row + 0.5) * s) < 1e-3);
		double gap = (s - sy[i].w) / 2 - stroke / 2;
		assert_true(gap > 0 && gap >= (s - SER(c)->emboss.symbol_mm - stroke) / 2 - 1e-3);
	}
	free(svg);

	/* emboss-backs: exactly on the coloured backs of backs.svg. */
	svg = tu_slurp(tu_out("emboss-backs.svg"), NULL);
	n = symbols(svg, "symbols", sy, (int)max);
	free(svg);
	svg = tu_slurp(tu_out("backs.svg"), NULL);
	int backs = 0;
	for (int i = 0; i < p->rows * p->cols; i++)
		backs += p->tiles[i].back != TP_NONE;
	assert_int_equal(n, backs);
	for (int i = 0; i < n; i++) {
		int col = (int)floor(sy[i].cx / t), row = (int)floor(sy[i].cy / t);
		/* Mirrored like the backs: sheet column col holds the back of
		 * the tile in board column cols-1-col. */
		int back = p->tiles[row * p->cols + (p->cols - 1 - col)].back;
		assert_int_not_equal(back, TP_NONE);
		assert_int_equal(kind_of(&sy[i]), symbol_points(c, back));
		char rect[120];
		snprintf(rect, sizeof rect, "<rect x=\"%g\" y=\"%g\"", col * t, row * t);
		const char *end = NULL, *g = tu_svg_group(svg, tp_series_names[back], &end);
		int edge = col == 0 || row == 0;  /* edge squares grow into the bleed */
		assert_non_null(g);
		if (!edge) {
			const char *hit = strstr(g, rect);
			assert_true(hit != NULL && hit < end);
		}
	}
	free(svg);

	/* board-recess: a pocket per square; a recess on each coloured square,
	 * centred in its pocket (its outline: pockets() below). */
	svg = tu_slurp(tu_out("board-recess.svg"), NULL);
	assert_int_equal(symbols(svg, "pockets", sy, (int)max), p->rows * p->cols);
	n = symbols(svg, "symbols", sy, (int)max);
	assert_int_equal(n, backs);
	int split = c->print.split == TP_SPLIT_ROWS;
	for (int i = 0; i < n; i++) {
		int col = blind_square(c, sy[i].cx, p->cols, 0), row = blind_square(c, sy[i].cy, p->rows, split);
		int sq = p->board[row * p->cols + col];
		assert_int_not_equal(sq, TP_NONE);
		assert_true(fabs(sy[i].cx - blind_at(c, col, p->cols, 0) - blind_pitch(c) / 2) < 1e-3);
		assert_true(fabs(sy[i].cy - blind_at(c, row, p->rows, split) - blind_pitch(c) / 2) < 1e-3);
	}
	free(svg);
	free(sy);
	tp_series_free(p);
	tp_config_free(c);
}

/* ---- issue 12 point 1: blind pockets that fit ------------------------------ */

/* Every apothem of a closed symbol path about its centre: the distance
 * to each edge's line, or a circle's radius at each on-curve point.
 * Returns how many. */
static int apothems(const struct tu_path *p, double *a, int max)
{
	double cx, cy;
	tu_path_centre(p, &cx, &cy, NULL, NULL);
	int n = 0;
	for (int i = 0; i < p->n && n < max; i++) {
		double x0 = p->xy[2 * i], y0 = p->xy[2 * i + 1];
		if (p->curves) {
			a[n++] = hypot(x0 - cx, y0 - cy);
		} else {
			int j = (i + 1) % p->n;
			a[n++] = tu_line_dist(cx, cy, x0, y0, p->xy[2 * j], p->xy[2 * j + 1]);
		}
	}
	return n;
}

/* Kind of a symbol path: 0 circle, else its corner count. */
static int path_kind(const struct tu_path *p)
{
	return p->curves ? 0 : p->n;
}

static size_t read_paths(const char *file, int pdf, const char *layer, struct tu_paths *ps)
{
	if (pdf)
		return tu_pdf_paths(tu_out(file), 1, ps);
	char *svg = tu_slurp(tu_out(file), NULL);
	assert_non_null(svg);
	size_t n = tu_svg_paths(svg, layer, ps);
	free(svg);
	return n;
}

/* Trim width and height of page 1 of a built PDF, mm. */
static void trim_mm(const char *file, double *w, double *h)
{
	double media[4], bleed[4], trim[4];
	assert_int_equal(tu_pdf_boxes(tu_out(file), 1, media, bleed, trim), 0);
	*w = (trim[2] - trim[0]) / PT;
	*h = (trim[3] - trim[1]) / PT;
}

/* Distance from (x, y) to closed polygon p's outline, negative when
 * (x, y) lies outside it. */
static double inside_by(const struct tu_path *p, double x, double y)
{
	double d = 1e300;
	int in = 0;
	for (int i = 0, j = p->n - 1; i < p->n; j = i++) {
		double xi = p->xy[2 * i], yi = p->xy[2 * i + 1], xj = p->xy[2 * j], yj = p->xy[2 * j + 1];
		if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi)
			in = !in;
		double dx = xj - xi, dy = yj - yi, l2 = dx * dx + dy * dy;
		double t = l2 > 0 ? fmax(0, fmin(1, ((x - xi) * dx + (y - yi) * dy) / l2)) : 0;
		d = fmin(d, hypot(x - xi - t * dx, y - yi - t * dy));
	}
	return in ? d : -d;
}

/* The blind board, read back from the SVG and from the PDF (issue 12
 * point 1, issue 18 defect 2): each pocket is the tile plus the play all
 * round, pockets lie a pocket plus a rib apart, and the outer pockets and
 * those beside the half split lie emboss.board_margin_mm from the cut;
 * the board, its halves and pieces follow that while the tile sheets keep
 * the tile; every recess takes its back symbol (read from emboss-backs) in
 * each of the tile's four quarter turns, placed anywhere the pocket's play
 * lets it, with the recess clearance to spare, and no more. */
static void pockets(void **state)
{
	(void)state;
	const char *blind = tu_path("config/series-blind.ini");
	static const char *const sets[2][7] = {
		{ "print.marks=off", NULL },
		{ "print.marks=off", "emboss.recess_clearance_mm=1.5", "emboss.pocket_wall_mm=2.5",
		  "emboss.lateral=hexagon", "emboss.vertical=circle", "emboss.board_margin_mm=4",
		  "emboss.pocket_play_mm=0.8" },
	};
	static const int n_sets[2] = { 1, 7 };
	for (int v = 0; v < 2; v++) {
		assert_int_equal(build(blind, sets[v], n_sets[v],
				       "fronts,backs,board,board-half-1,board-pieces,cut,emboss-backs,board-recess",
				       "svg,pdf", 1), 0);
		struct tp_config *c;
		struct tp_pattern *p;
		tu_series_load(blind, sets[v], n_sets[v], &c, &p);
		const struct tp_emboss *em = &SER(c)->emboss;
		double t = c->print.tile_mm, by = em->pocket_play_mm + em->recess_clearance_mm;
		double pocket = t + 2 * em->pocket_play_mm, pitch = blind_pitch(c), e = blind_band(c);
		int split = c->print.split == TP_SPLIT_ROWS;
		assert_true(split && e > 0);
		double W = blind_at(c, p->cols, p->cols, 0), H = blind_at(c, p->rows, p->rows, split);
		double half = blind_at(c, p->rows / 2 - 1, p->rows, split) + pitch + e;
		double w, h;
		/* Sheets: the board side follows the pockets, the tile sheets the tile. */
		trim_mm("board-recess.pdf", &w, &h);
		assert_true(fabs(w - W) < 0.01 && fabs(h - H) < 0.01);
		trim_mm("board.pdf", &w, &h);
		assert_true(fabs(w - W) < 0.01 && fabs(h - H) < 0.01);
		trim_mm("board-half-1.pdf", &w, &h);
		assert_true(fabs(w - W) < 0.01 && fabs(h - half) < 0.01);
		trim_mm("board-pieces.pdf", &w, &h);
		assert_true(fabs(w - 6 * pitch) < 0.01 && fabs(h - 6 * pitch) < 0.01);
		trim_mm("fronts.pdf", &w, &h);
		assert_true(fabs(w - p->cols * t) < 0.01 && fabs(h - p->rows * t) < 0.01);
		trim_mm("backs.pdf", &w, &h);
		assert_true(fabs(w - p->cols * t) < 0.01);
		trim_mm("emboss-backs.pdf", &w, &h);
		assert_true(fabs(w - p->cols * t) < 0.01 && fabs(h - p->rows * t) < 0.01);
		/* The board's squares are pitch-sized cells over the pockets. */
		struct tu_paths bd = { 0 };
		read_paths("board.svg", 0, "lateral", &bd);
		assert_true(bd.n > 0);
		for (size_t i = 0; i < bd.n; i++) {
			double cx, cy, bw, bh;
			tu_path_centre(&bd.p[i], &cx, &cy, &bw, &bh);
			int col = blind_square(c, cx, p->cols, 0), row = blind_square(c, cy, p->rows, split);
			int edge = col == 0 || row == 0 || col == p->cols - 1 || row == p->rows - 1;
			int band = split && (row == p->rows / 2 - 1 || row == p->rows / 2);
			/* An outer square runs over the edge band into the bleed
			 * (it stopped at the band: a white sliver inside the
			 * cut); one beside the split runs over its band to the
			 * halves' cut. */
			if (col == 0)
				assert_true(fabs(cx - bw / 2 + c->print.bleed_mm) < 1e-3);
			if (col == p->cols - 1)
				assert_true(fabs(cx + bw / 2 - W - c->print.bleed_mm) < 1e-3);
			if (row == 0)
				assert_true(fabs(cy - bh / 2 + c->print.bleed_mm) < 1e-3);
			if (band && row == p->rows / 2 - 1)
				assert_true(fabs(cy + bh / 2 - half) < 1e-3);
			if (!edge && !band)
				assert_true(fabs(bw - pitch) < 1e-3 &&
					    fabs(cx - blind_at(c, col, p->cols, 0) - pitch / 2) < 1e-6 &&
					    fabs(cy - blind_at(c, row, p->rows, split) - pitch / 2) < 1e-6);
		}
		tu_paths_free(&bd);
		/* The cut sheet's half outline: the half board with its bands. */
		struct tu_paths cut = { 0 };
		read_paths("cut-board-half-1.svg", 0, NULL, &cut);
		assert_int_equal(cut.n, 1);
		double ccx, ccy;
		tu_path_centre(&cut.p[0], &ccx, &ccy, &w, &h);
		assert_true(fabs(w - W) < 1e-3 && fabs(h - half) < 1e-3);
		tu_paths_free(&cut);

		for (int pdf = 0; pdf < 2; pdf++) {
			double tol = pdf ? 2e-3 : 2e-4;  /* PDF: float coordinates in pt */
			struct tu_paths pk = { 0 }, sy = { 0 }, bk = { 0 };
			size_t n_pk = (size_t)p->rows * p->cols;
			if (pdf) {
				struct tu_paths all = { 0 };
				assert_true(read_paths("board-recess.pdf", 1, NULL, &all) > n_pk);
				/* Layers in order: pockets, then symbols. */
				for (size_t i = 0; i < all.n; i++)
					*tu_paths_add(i < n_pk ? &pk : &sy) = all.p[i];
				tu_paths_free(&all);
				read_paths("emboss-backs.pdf", 1, NULL, &bk);
			} else {
				read_paths("board-recess.svg", 0, "pockets", &pk);
				read_paths("board-recess.svg", 0, "symbols", &sy);
				read_paths("emboss-backs.svg", 0, "symbols", &bk);
			}
			assert_int_equal(pk.n, n_pk);
			double nearest = 1e300;   /* closest pocket to any cut */
			for (size_t i = 0; i < pk.n; i++) {
				double cx, cy, pw, ph;
				tu_path_centre(&pk.p[i], &cx, &cy, &pw, &ph);
				int col = (int)(i % p->cols), row = (int)(i / p->cols);
				assert_true(pk.p[i].closed && pk.p[i].n == 4);
				assert_true(fabs(pw - pocket) < tol && fabs(ph - pocket) < tol);
				assert_true(fabs(cx - blind_at(c, col, p->cols, 0) - pitch / 2) < tol &&
					    fabs(cy - blind_at(c, row, p->rows, split) - pitch / 2) < tol);
				if (col > 0) {  /* the rib to the left neighbour */
					double lx, ly, lw;
					tu_path_centre(&pk.p[i - 1], &lx, &ly, &lw, NULL);
					assert_true(fabs((cx - pw / 2) - (lx + lw / 2) - em->pocket_wall_mm) < tol);
				}
				double x0 = cx - pw / 2, x1 = cx + pw / 2, y0 = cy - ph / 2, y1 = cy + ph / 2;
				/* From the board's edges and the half split's cut. */
				double d = fmin(fmin(x0, W - x1), fmin(y0, H - y1));
				d = fmin(d, y1 < half ? half - y1 : y0 - half);
				nearest = fmin(nearest, d);
			}
			assert_true(fabs(nearest - em->board_margin_mm) < tol);
			assert_true(em->board_margin_mm >= em->pocket_wall_mm);
			/* One back symbol of each kind as the reference outline,
			 * about its centre. */
			struct tu_path ref[9];
			double ref_r[9] = { 0 };
			int have[9] = { 0 };
			for (size_t i = 0; i < bk.n; i++) {
				double cx, cy, a[TU_PATH_MAX];
				int k = path_kind(&bk.p[i]);
				assert_true(k <= 8 && apothems(&bk.p[i], a, TU_PATH_MAX) > 0);
				if (have[k])
					continue;
				have[k] = 1;
				ref_r[k] = a[0];
				ref[k] = bk.p[i];
				tu_path_centre(&bk.p[i], &cx, &cy, NULL, NULL);
				for (int j = 0; j < ref[k].n; j++) {
					ref[k].xy[2 * j] -= cx;
					ref[k].xy[2 * j + 1] -= cy;
				}
			}
			int kinds = 0, seen[9] = { 0 };
			assert_true(sy.n > 0);
			for (size_t i = 0; i < sy.n; i++) {
				double cx, cy, a[TU_PATH_MAX];
				tu_path_centre(&sy.p[i], &cx, &cy, NULL, NULL);
				int col = blind_square(c, cx, p->cols, 0), row = blind_square(c, cy, p->rows, split);
				int sq = p->board[row * p->cols + col];
				assert_int_not_equal(sq, TP_NONE);
				int k = symbol_points(c, sq);
				/* Centred in its pocket. */
				assert_true(fabs(cx - blind_at(c, col, p->cols, 0) - pitch / 2) < tol &&
					    fabs(cy - blind_at(c, row, p->rows, split) - pitch / 2) < tol);
				assert_true(k <= 8 && have[k] && sy.p[i].closed);
				if (k == 0) {   /* a circle: turns change nothing */
					int na = apothems(&sy.p[i], a, TU_PATH_MAX);
					for (int j = 0; j < na; j++)
						assert_true(fabs(a[j] - ref_r[0] - by) < tol);
				} else {
					/* Every corner of the symbol in each quarter turn lies
					 * inside the recess with play + clearance to spare; the
					 * tightest exactly so. */
					double least = 1e300;
					for (int q = 0; q < 4; q++)
						for (int j = 0; j < ref[k].n; j++) {
							double x = ref[k].xy[2 * j], y = ref[k].xy[2 * j + 1];
							for (int r = 0; r < q; r++) {
								double tx = x;
								x = -y;
								y = tx;
							}
							least = fmin(least, inside_by(&sy.p[i], cx + x, cy + y));
						}
					if (fabs(least - by) > tol)
						fail_msg("%s: %s recess leaves %.5f mm around its symbol in its tightest turn, want %g",
							 pdf ? "PDF" : "SVG", tp_symbol_names[em->symbol[sq]], least, by);
				}
				kinds += !seen[k];
				seen[k] = 1;
			}
			assert_int_equal(kinds, 4);
			tu_paths_free(&pk);
			tu_paths_free(&sy);
			tu_paths_free(&bk);
		}
		tp_series_free(p);
		tp_config_free(c);
	}
}

/* Recess outlines that would not fit the pocket are refused when the
 * config is read, for the symbol that grows most (the hexagon, across its
 * corners). */
static void pocket_checks(void **state)
{
	(void)state;
	const char *blind = tu_path("config/series-blind.ini");
	/* 120 mm tile, 0.3 mm outline: a square back symbol of 119.7 mm or
	 * more does not fit the tile; a hexagon grown by 10 mm across its
	 * flats grows 2 x 10 / cos 30 = 23.09 mm across its corners, more
	 * than the 20 mm the pocket adds. */
	static const char *const bad[][3] = {
		{ "emboss.back_symbol_mm=119.7", NULL },
		{ "emboss.back_symbol_mm=119", "emboss.recess_clearance_mm=10" },
	};
	for (int i = 0; i < 2; i++) {
		struct tp_config *c = NULL;
		tp_err e = { 0 };
		int n = bad[i][1] ? 2 : 1;
		assert_int_equal(tp_config_load(&c, blind, bad[i], n, &tp_games, &e), TP_EINPUT);
		assert_non_null(strstr(e.msg, "back_symbol_mm"));
		tp_config_free(c);
	}
	/* A square or octagon recess grows by the play and the clearance on
	 * each side (2 x 10.5 = 21 mm): a 99.6 mm symbol's recess and its
	 * outline fit the 121 mm pocket when the hexagon is not used. */
	const char *ok[] = { "emboss.back_symbol_mm=99.6", "emboss.recess_clearance_mm=10",
			     "emboss.vertical=square" };
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_config_load(&c, blind, ok, 3, &tp_games, &e), 0);
	tp_config_free(c);
}

/* ---- issue 12 point 3: die lines cut once --------------------------------- */

/* How many straight segments of ps cover the segment a-b whole. */
static int edge_cover(const struct tu_paths *ps, double ax, double ay, double bx, double by, double tol)
{
	int n = 0;
	for (size_t i = 0; i < ps->n; i++) {
		const struct tu_path *p = &ps->p[i];
		int segs = p->closed ? p->n : p->n - 1;
		for (int k = 0; k < segs; k++) {
			int j = (k + 1) % p->n;
			double x0 = p->xy[2 * k], y0 = p->xy[2 * k + 1], x1 = p->xy[2 * j], y1 = p->xy[2 * j + 1];
			double len = hypot(x1 - x0, y1 - y0);
			if (len < tol)
				continue;
			double ta = ((ax - x0) * (x1 - x0) + (ay - y0) * (y1 - y0)) / (len * len);
			double tb = ((bx - x0) * (x1 - x0) + (by - y0) * (y1 - y0)) / (len * len);
			if (tu_line_dist(ax, ay, x0, y0, x1, y1) < tol && tu_line_dist(bx, by, x0, y0, x1, y1) < tol &&
			    ta > -tol / len && ta < 1 + tol / len && tb > -tol / len && tb < 1 + tol / len)
				n++;
		}
	}
	return n;
}

/* Every edge of every tile of the rows x cols grid of t mm tiles is cut
 * exactly once, and nothing else is cut: returns the cut length, mm.
 * flip_h: DXF coordinates, y up from the bottom of a sheet that high. */
static double check_tile_cuts(const struct tu_paths *ps, int rows, int cols, double t, double flip_h,
			      const char *what)
{
	double len = 0;
	for (size_t i = 0; i < ps->n; i++)
		len += tu_path_length(&ps->p[i]);
	for (int dir = 0; dir < 2; dir++)
		for (int r = 0; r <= (dir ? rows - 1 : rows); r++)
			for (int c = 0; c <= (dir ? cols : cols - 1); c++) {
				double ax = c * t, ay = r * t;
				double bx = dir ? ax : ax + t, by = dir ? ay + t : ay;
				if (flip_h > 0) {
					ay = flip_h - ay;
					by = flip_h - by;
				}
				int n = edge_cover(ps, ax, ay, bx, by, 1e-3);
				if (n != 1)
					fail_msg("%s: tile edge (%g,%g)-(%g,%g) cut %d times", what, ax, ay, bx, by, n);
			}
	double edges = (rows + 1) * cols * t + (cols + 1) * rows * t;
	if (fabs(len - edges) > 1e-3 * (rows + cols + 2))
		fail_msg("%s: %.3f mm of cut where the edges are %.3f mm", what, len, edges);
	return len;
}

static void die_lines(void **state)
{
	(void)state;
	const char *configs[2] = { NULL, tu_path("config/series-blind.ini") };
	for (int v = 0; v < 2; v++) {
		const char *sets[] = { "print.marks=on" };
		char *dir = tu_tmp_push();
		assert_int_equal(build(configs[v], sets, 1, "fronts,backs,board,board-half-1,board-pieces,cut",
				       "svg,dxf", 1), 0);
		struct tp_config *c;
		struct tp_pattern *p;
		tu_series_load(configs[v], sets, 1, &c, &p);
		double t = c->print.tile_mm, H = p->rows * t;
		const char *cut_ink = tp_palette_ink(&c->print.inks, TP_INK_CUT)->name;
		/* The cut sheet's fronts page and the fronts sheet's die layer. */
		static const char *const svgs[2] = { "cut-fronts.svg", "fronts.svg" };
		for (int k = 0; k < 2; k++) {
			struct tu_paths ps = { 0 };
			char *svg = tu_slurp(tu_out(svgs[k]), NULL);
			assert_non_null(svg);
			tu_svg_paths(svg, cut_ink, &ps);
			free(svg);
			assert_int_equal(ps.n, (size_t)(p->rows + p->cols + 2));
			double len = check_tile_cuts(&ps, p->rows, p->cols, t, 0, svgs[k]);
			if (k == 0)
				printf("    %s: %d tiles of %g mm: %.1f m of die line as one square per tile, "
				       "%.1f m as a grid, 0 edges cut twice\n",
				       v ? "blind edition" : "default edition", p->rows * p->cols, t,
				       4 * t * p->rows * p->cols / 1000, len / 1000);
			tu_paths_free(&ps);
		}
		/* The DXFs: the same cuts, y up. */
		static const char *const dxfs[2] = { "cut-fronts.dxf", "fronts.dxf" };
		for (int k = 0; k < 2; k++) {
			struct tu_dxf d;
			char why[200] = "";
			if (tu_dxf_read(tu_out(dxfs[k]), &d, why, sizeof why) != 0)
				fail_msg("%s: %s", dxfs[k], why);
			assert_int_equal(d.lines, p->rows + p->cols + 2);
			assert_int_equal(d.polylines + d.others, 0);
			assert_string_equal(d.layer, cut_ink);
			check_tile_cuts(&d.paths, p->rows, p->cols, t, H, dxfs[k]);
			tu_paths_free(&d.paths);
		}
		/* Pieces that stand apart: one closed outline each, at the
		 * board's pitch (the blind board's half with its edge bands). */
		double pitch = tp_series_pitch(c);
		double half_w = p->cols * pitch, half_h = p->rows * pitch / 2;
		if (SER(c)->emboss.plates) {
			int split = c->print.split == TP_SPLIT_ROWS;
			half_w = blind_at(c, p->cols, p->cols, !split);
			half_h = blind_at(c, p->rows / 2 - 1, p->rows, split) + pitch + blind_band(c);
		}
		static const char *const outlines[3] = { "cut-board-half-1.dxf", "board-half-1.dxf",
							 "board-pieces-piece-1-1.dxf" };
		for (int k = 0; k < 3; k++) {
			struct tu_dxf d;
			char why[200] = "";
			if (tu_dxf_read(tu_out(outlines[k]), &d, why, sizeof why) != 0)
				fail_msg("%s: %s", outlines[k], why);
			assert_int_equal(d.polylines, 1);
			assert_int_equal(d.lines, 0);
			const struct tu_path *o = &d.paths.p[0];
			assert_true(o->closed && o->n == 4);
			double cx, cy, w, h;
			tu_path_centre(o, &cx, &cy, &w, &h);
			double want_w = k == 2 ? 6 * pitch : half_w, want_h = k == 2 ? 6 * pitch : half_h;
			assert_true(fabs(w - want_w) < 1e-3 && fabs(h - want_h) < 1e-3);
			assert_true(fabs(cx - w / 2) < 1e-3 && fabs(cy - h / 2) < 1e-3);
			tu_paths_free(&d.paths);
		}
		/* Sheets without die lines get no DXF. */
		assert_int_equal(access(tu_out("board.dxf"), F_OK), -1);
		assert_int_equal(access(tu_out("backs.dxf"), F_OK), -1);
		assert_int_equal(access(tu_out("board.svg"), F_OK), 0);
		tp_series_free(p);
		tp_config_free(c);
		tu_tmp_pop(dir);
	}
}

/* ---- issue 12 point 7: the ink report -------------------------------------- */

/* manifest/inks.csv against the pattern: the fronts' process plates are
 * the cells' areas times their inks' CMYK (cells tile the sheet; the
 * grid lines and die lines overprint), the die-line plate is the union of
 * the grid's lines within the trim, and the TAC peak is the richest series
 * colour under an overprinting hairline. */
static void ink_report(void **state)
{
	(void)state;
	const char *sets[] = { "print.bleed_mm=2" };
	assert_int_equal(build(NULL, sets, 1, "fronts,board,manifest", "svg", 1), 0);
	struct tp_config *c;
	struct tp_pattern *p;
	tu_series_load(NULL, sets, 1, &c, &p);
	const struct tp_palette *pal = &c->print.inks;
	static const int ink[4] = { TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS };
	double want[4] = { 0 }, cells = 36.0 * p->rows * p->cols, richest = 0;
	for (int i = 0; i < p->rows * p->cols; i++)
		for (int a = 0; a < 36; a++) {
			int sr = or_cell(c, p->tiles[i].front, p->tiles[i].corner, a / 6, a % 6);
			if (sr == TP_NONE)
				continue;
			const double *cmyk = tp_palette_ink(pal, ink[sr])->cmyk;
			for (int k = 0; k < 4; k++)
				want[k] += cmyk[k] * 100 / cells;
			richest = fmax(richest, 100 * (cmyk[0] + cmyk[1] + cmyk[2] + cmyk[3]));
		}
	const struct tp_ink *line = tp_palette_ink(pal, TP_INK_LINE);
	assert_true(line->overprint);
	double tac = richest + 100 * line->cmyk[3];
	/* Die grid: lines w wide on every tile edge, the outer ones half
	 * outside the trim. */
	double t = c->print.tile_mm, w = 0.25, W = p->cols * t, H = p->rows * t;
	double bh = (p->rows - 1) * w + 2 * (w / 2), bv = (p->cols - 1) * w + 2 * (w / 2);
	double cut = 100 * (bh * W + bv * H - bh * bv) / (W * H);
	char *csv = tu_slurp(tu_out("manifest/inks.csv"), NULL);
	assert_non_null(csv);
	assert_int_equal(strncmp(csv, "sheet,page,ink,coverage_pct\n", 28), 0);
	static const char *const plates[4] = { "Cyan", "Magenta", "Yellow", "Black" };
	for (int k = 0; k < 3; k++) {
		char key[40];
		snprintf(key, sizeof key, "\nfronts,1,%s,", plates[k]);
		const char *row = strstr(csv, key);
		assert_non_null(row);
		double got = atof(row + strlen(key));
		if (fabs(got - want[k]) > 0.02)
			fail_msg("fronts %s: %.2f %%, want %.2f %%", plates[k], got, want[k]);
	}
	char key[80];
	snprintf(key, sizeof key, "\nfronts,1,%s,", tp_palette_ink(pal, TP_INK_CUT)->name);
	const char *row = strstr(csv, key);
	assert_non_null(row);
	if (fabs(atof(row + strlen(key)) - cut) > 0.02)
		fail_msg("fronts die lines: %.2f %%, want %.2f %%", atof(row + strlen(key)), cut);
	row = strstr(csv, "\nfronts,1,tac_max_pct,");
	assert_non_null(row);
	assert_true(fabs(atof(row + 22) - tac) < 0.1);
	assert_non_null(strstr(csv, "\nboard,1,tac_max_pct,"));
	assert_null(strstr(csv, "\nbacks,"));   /* only the sheets built */
	free(csv);
	tp_series_free(p);
	tp_config_free(c);
}

/* A template written here renders on the fronts, and the board and
 * Table I follow it. */
static void custom_template(void **state)
{
	(void)state;
	const char *tpl = tu_write(tu_tmp, "corners.ini",
		"[indicia]\nname = corners\norder = 1,1 0,0 0,2 2,2 2,0 0,1 1,2 2,1 1,0\n");
	char set[1200];
	snprintf(set, sizeof set, "series.indicia=%s", tpl);
	const char *sets[] = { set, "print.dpi=100" };
	assert_int_equal(build(NULL, sets, 2, "fronts,manifest", "png", 1), 0);
	struct tp_config *c;
	struct tp_pattern *p;
	tu_series_load(NULL, sets, 2, &c, &p);
	struct tu_png f;
	assert_int_equal(tu_png_read(tu_out("fronts.png"), &f), 0);
	double t = c->print.tile_mm, s = t / 6;
	for (int i = 0; i < p->rows * p->cols; i += 7) {
		const struct tp_tile *tl = &p->tiles[i];
		int r = i / p->cols, col = i % p->cols;
		for (int a = 0; a < 36; a++)
			tu_series_expect_ink(c, tu_px(&f, c->print.bleed_mm, 100, col * t + (a % 6 + 0.5) * s, r * t + (a / 6 + 0.5) * s),
				   or_cell(c, tl->front, tl->corner, a / 6, a % 6), "custom front", r, col);
	}
	free(f.rgb);
	char *csv = tu_slurp(tu_out("manifest/table1.csv"), NULL);
	int lat[9] = { 0 };
	for (int R = 0; R < p->rows; R++)
		for (int C = 0; C < p->cols; C++) {
			int pf, pk;
			tp_series_plane_at(p, p->patch_r0 + R / 6, p->patch_c0 + C / 6, &pf, &pk);
			if (or_cell(c, pf, pk, R % 6, C % 6) == TP_LATERAL)
				lat[p->tiles[R * p->cols + C].front - 1]++;
		}
	for (int fr = 0; fr < 9; fr++) {
		char row[40];
		snprintf(row, sizeof row, "\n%d,%d,", fr + 1, lat[fr]);
		assert_non_null(strstr(csv, row));
	}
	free(csv);
	tp_series_free(p);
	tp_config_free(c);
}

static void tutorial(void **state)
{
	(void)state;
	char *dir = tu_tmp_push();
	assert_int_equal(build(tu_path("config/series-tutorial.ini"), NULL, 0, NULL, "svg", 1), 0);
	assert_int_equal(access(tu_out("backs.svg"), F_OK), -1);
	assert_int_equal(access(tu_out("board-pieces-piece-1-1.svg"), F_OK), -1);
	char *svg = tu_slurp(tu_out("board.svg"), NULL);
	for (int s = 0; s < 4; s++) {
		const char *end = NULL, *g = tu_svg_group(svg, tp_series_names[s], &end);
		assert_true(g == NULL || tu_count(g, end, "<rect") == 0);
	}
	const char *end = NULL, *g = tu_svg_group(svg, "Assembly", &end);
	assert_non_null(g);
	assert_int_equal(tu_count(g, end, "<rect"), 4);
	free(svg);
	char *csv = tu_slurp(tu_out("manifest/table1.csv"), NULL);
	assert_int_equal(strncmp(csv, "front,total\n", 12), 0);
	free(csv);
	tu_tmp_pop(dir);
}

/* ---- issue: sizes, board pieces, panels, levels ------------------------- */

static void sizes_and_pieces(void **state)
{
	(void)state;
	static const char *const dims[][2] = {
		{ "board.rows=18", "board.cols=18" }, { "board.rows=36", "board.cols=36" },
		{ "board.rows=12", "board.cols=24" },
	};
	for (size_t d = 0; d < 3; d++) {
		char *dir = tu_tmp_push();
		const char *sets[] = { dims[d][0], dims[d][1], "series.anchor=1 1 6 se", "series.anchor=1 2 6 nw",
				       "print.tile_mm=25", "print.dpi=72" };
		assert_int_equal(build(NULL, sets, 6, "board,board-pieces,fronts,manifest", "svg,png", 1), 0);
		struct tp_config *c;
		struct tp_pattern *p;
		tu_series_load(NULL, sets, 6, &c, &p);
		double t = c->print.tile_mm;
		char *svg = tu_slurp(tu_out("fronts.svg"), NULL);
		char want[80];
		snprintf(want, sizeof want, "width=\"%gmm\"", p->cols * t + 2 * (c->print.bleed_mm + 13));
		assert_non_null(strstr(svg, want));
		free(svg);
		/* Claim 18: (rows/6) x (cols/6) pieces, each the enlarged tile. */
		for (int i = 0; i < p->rows / 6; i++)
			for (int j = 0; j < p->cols / 6; j++) {
				char name[80];
				snprintf(name, sizeof name, "board-pieces-piece-%d-%d.png", i + 1, j + 1);
				struct tu_png img;
				assert_int_equal(tu_png_read(tu_out(name), &img), 0);
				int pf, pk;
				tp_series_plane_at(p, p->patch_r0 + i, p->patch_c0 + j, &pf, &pk);
				for (int a = 0; a < 36; a++)
					tu_series_expect_ink(c, tu_px(&img, c->print.bleed_mm, 72, (a % 6 + 0.5) * t, (a / 6 + 0.5) * t),
						   or_cell(c, pf, pk, a / 6, a % 6), "piece square", i, j);
				free(img.rgb);
			}
		char name[80];
		snprintf(name, sizeof name, "board-pieces-piece-%d-1.png", p->rows / 6 + 1);
		assert_int_equal(access(tu_out(name), F_OK), -1);
		char *json = tu_slurp(tu_out("manifest/table1.json"), NULL);
		snprintf(want, sizeof want, "\"all\": %d", p->rows * p->cols);
		assert_non_null(strstr(json, want));
		free(json);
		tp_series_free(p);
		tp_config_free(c);
		tu_tmp_pop(dir);
	}
}

/* Panels: trim boxes tile the sheet exactly with the configured overlap,
 * and no page is larger than max_sheet_mm. */
static void panels(void **state)
{
	(void)state;
	const char *sets[] = { "print.max_sheet_mm=200", "print.panel_overlap_mm=12" };
	assert_int_equal(build(NULL, sets, 2, "fronts", "pdf,png", 1), 0);
	struct tp_config *c;
	struct tp_pattern *p;
	tu_series_load(NULL, sets, 2, &c, &p);
	/* fronts is a gang of die lines: its panels meet on them (issue 18),
	 * each as many whole tiles as fit, no overlap, so no tile is split. */
	double t = c->print.tile_mm, W = p->cols * t, maxm = 200;
	double room = maxm - 2 * (c->print.bleed_mm + 13);
	int per = (int)floor(room / t + 1e-9), n = (p->cols + per - 1) / per;
	char cmd[1400];
	snprintf(cmd, sizeof cmd, "pdfinfo '%s' | grep Pages:", tu_out("fronts.pdf"));
	char *pages = run(cmd);
	assert_int_equal(atoi(strchr(pages, ':') + 1), n * n);
	free(pages);
	double covered = 0;
	for (int k = 1; k <= n * n; k++) {
		double media[4], bleed[4], trim[4];
		assert_int_equal(tu_pdf_boxes(tu_out("fronts.pdf"), k, media, bleed, trim), 0);
		assert_true((media[2] - media[0]) / PT <= maxm + 1e-6);
		assert_true((media[3] - media[1]) / PT <= maxm + 1e-6);
		int col = (k - 1) % n, tiles = col < n - 1 ? per : p->cols - per * (n - 1);
		assert_true(fabs((trim[2] - trim[0]) / PT - tiles * t) < 0.01);
		if (k <= n)
			covered += (trim[2] - trim[0]) / PT;
	}
	/* Along a row, the panels' widths add up to the sheet: they tile it. */
	assert_true(fabs(covered - W) < 0.01);
	struct tu_png img;
	snprintf(cmd, sizeof cmd, "fronts-panel-%d-%d.png", n, n);
	assert_int_equal(tu_png_read(tu_out(cmd), &img), 0);
	assert_int_equal(img.w, (int)lround(((p->cols - per * (n - 1)) * t + 2 * c->print.bleed_mm) *
					    c->print.dpi / 25.4));
	free(img.rgb);
	tp_series_free(p);
	tp_config_free(c);
}

/* Issue 24: fronts.svg writes each tile's cells of one series once and
 * repeats them by <use>.  Per series layer, a tile with at least two
 * cells of that series draws them as a copy of the first tile whose cells
 * of that series have the same shape (positions relative to the first
 * cell, row by row); so the layer holds one <g id="gN"> per distinct shape
 * and a <use> for every other such tile.  Without bleed no edge cell
 * grows, so the shapes are exactly the pattern's. */
static void fronts_reuse(void **state)
{
	(void)state;
	const char *sets[] = { "print.bleed_mm=0" };
	assert_int_equal(build(NULL, sets, 1, "fronts", "svg", 1), 0);
	struct tp_config *c;
	struct tp_pattern *p;
	tu_series_load(NULL, sets, 1, &c, &p);
	char *svg = tu_slurp(tu_out("fronts.svg"), NULL);
	assert_non_null(svg);
	size_t n = (size_t)p->rows * p->cols;
	char (*shape)[80] = calloc(n, sizeof *shape);
	assert_non_null(shape);
	static const int ink[4] = { TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS };
	int total_uses = 0;
	for (int sr = 0; sr < 4; sr++) {
		int distinct = 0, copies = 0;
		for (size_t i = 0; i < n; i++) {
			int a0 = -1, b0 = 0, cells = 0, k = 0;
			for (int a = 0; a < 6; a++)
				for (int b = 0; b < 6; b++) {
					if (or_cell(c, p->tiles[i].front, p->tiles[i].corner, a, b) != sr)
						continue;
					if (a0 < 0) {
						a0 = a;
						b0 = b;
					}
					cells++;
					k += snprintf(shape[i] + k, sizeof shape[i] - (size_t)k, "%d,%d;",
						      a - a0, b - b0);
				}
			if (cells < 2) {
				shape[i][0] = '\0';
				continue;
			}
			copies++;
			int seen = 0;
			for (size_t j = 0; j < i && !seen; j++)
				seen = strcmp(shape[j], shape[i]) == 0;
			distinct += !seen;
		}
		char key[120];
		snprintf(key, sizeof key, "<g id=\"%s\" inkscape:groupmode=\"layer\"",
			 tp_palette_ink(&c->print.inks, ink[sr])->name);
		const char *from = strstr(svg, key);
		assert_non_null(from);
		const char *to = strstr(from + strlen(key), "inkscape:groupmode=\"layer\"");
		to = to ? to : from + strlen(from);
		assert_int_equal(tu_count(from, to, "<g id=\"g"), distinct);
		assert_int_equal(tu_count(from, to, "<use xlink:href=\"#g"), copies - distinct);
		total_uses += copies - distinct;
	}
	assert_true(total_uses > 0);
	free(shape);
	free(svg);
	tp_series_free(p);
	tp_config_free(c);
}

/* Issue 24: with digits, a tile's numeral on each series layer is a Form
 * XObject in fronts.pdf, drawn once per distinct numeral (value and turn:
 * each quadrant has its own series, so its own layer) and painted by Do
 * for every tile; forms are only made for outlines of at least 32 points
 * (backend_pdf.c), so a numeral with fewer (a 1, a 7) is drawn in the
 * page.  Counted from the rules and the outlines of the digits. */
static void fronts_forms(void **state)
{
	(void)state;
	/* No marks: their slug's glyphs are forms of their own (shared by
	 * the pages, test_pdf.c), not counted here. */
	const char *sets[] = { "series.indicia=digits", "series.backs=off", "print.marks=off" };
	/* A folder of its own: the preview page of a build draws every sheet
	 * it finds there, and this config cannot draw the earlier tests'. */
	char *dir = tu_tmpdir();
	assert_int_equal(tu_build(dir, tu_series_config(NULL), sets, 3, "fronts", "pdf", 1), 0);
	struct tp_config *c;
	struct tp_pattern *p;
	tu_series_load(NULL, sets, 3, &c, &p);
	const struct tp_series_cfg *sr = tp_series(c);
	int seen[4][100][4] = { { { 0 } } }, forms = 0, uses = 0;
	for (int i = 0; i < p->rows * p->cols; i++)
		for (int k = 0; k < 4; k++) {
			int s = tp_series_at(sr->rules.cycle, p->tiles[i].corner, k);
			int v = tp_series_value(sr->rules.pairing, s, p->tiles[i].front);
			int turn = p->tiles[i].corner - TP_NW;
			char text[8];
			snprintf(text, sizeof text, "%d", v);
			struct tp_pt *pts = NULL;
			size_t n = 0;
			assert_int_equal(tp_text_outline(text, 0, 0, 10, TP_ALIGN_CENTER, &pts, &n), 0);
			free(pts);
			n += (v == 6 || v == 9) ? 5 : 0;   /* the bar under a 6 or a 9 */
			if (n < 32)
				continue;
			uses++;
			assert_true(v >= 0 && v < 100 && turn >= 0 && turn < 4);
			forms += !seen[s][v][turn]++;
		}
	assert_true(forms > 0 && uses > forms);
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "qpdf --qdf --object-streams=disable '%s/fronts.pdf' - 2>/dev/null",
		 dir);
	char *q = run(cmd);
	assert_int_equal(tu_count(q, q + strlen(q), "/Subtype /Form"), forms);
	assert_int_equal(tu_count(q, q + strlen(q), " Do\n"), uses);
	free(q);
	tu_rmrf(dir);
	tp_series_free(p);
	tp_config_free(c);
}

static void levels(void **state)
{
	(void)state;
	assert_int_equal(build(NULL, NULL, 0, "board,manifest", "svg", 2), 0);
	char *json = tu_slurp(tu_out("manifest/table1.json"), NULL);
	assert_non_null(strstr(json, "\"level\": 2"));
	assert_non_null(strstr(json, "\"tile_mm\": 120"));
	assert_non_null(strstr(json, "\"board_mm\": { \"width_mm\": 2160, \"height_mm\": 2160 }"));
	free(json);
	char *svg = tu_slurp(tu_out("board.svg"), NULL);
	assert_non_null(strstr(svg, "width=\"2192mm\""));  /* 2160 + 2 x (3 + 13) */
	assert_non_null(strstr(svg, "M120 0 V2160"));  /* sheet-long grid line after square 1 */
	free(svg);
	/* Level 3: 12,960 mm sheets become panels within PDF's page limit. */
	assert_int_equal(build(NULL, NULL, 0, "fronts", "pdf", 3), 0);
	char cmd[1300];
	snprintf(cmd, sizeof cmd, "pdfinfo '%s' | grep Pages:", tu_out("fronts.pdf"));
	char *pages = run(cmd);
	int n = atoi(strchr(pages, ':') + 1);
	free(pages);
	assert_true(n >= 9);
	for (int k = 1; k <= n; k++) {
		double media[4], bleed[4], trim[4];
		assert_int_equal(tu_pdf_boxes(tu_out("fronts.pdf"), k, media, bleed, trim), 0);
		assert_true(media[2] <= 14400 && media[3] <= 14400);
	}
}

static void units(void **state)
{
	(void)state;
	static const struct { const char *s; double mm; } ok[] = {
		{ "20", 20 }, { "20mm", 20 }, { "2cm", 20 }, { "0.75in", 19.05 }, { "36pt", 12.7 },
		{ "20 mm", 20 }, { "1.5e1mm", 15 },
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		double mm;
		assert_int_equal(tp_parse_length(ok[i].s, &mm), 0);
		assert_true(fabs(mm - ok[i].mm) < 1e-9);
	}
	static const char *const bad[] = { "", "mm", "20km", "20 m", "2cmx", "abc", "1in2" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		double mm;
		assert_int_equal(tp_parse_length(bad[i], &mm), -1);
	}
	static const char *const refused[] = { "print.tile_mm=0", "print.tile_mm=-2cm", "print.tile_mm=3furlong",
					       "print.bleed_mm=-1", "print.tile_mm=0in" };
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		struct tp_config *c = NULL;
		tp_err e = { 0 };
		const char *sets[] = { refused[i] };
		assert_int_equal(tp_config_load(&c, tu_path("config/series.ini"), sets, 1, &tp_games, &e), TP_EINPUT);
		assert_non_null(strstr(e.msg, refused[i]));
		tp_config_free(c);
	}
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	const char *sets[] = { "print.tile_mm=1in" };
	assert_int_equal(tp_config_load(&c, tu_path("config/series.ini"), sets, 1, &tp_games, &e), 0);
	assert_true(fabs(c->print.tile_mm - 25.4) < 1e-9);
	tp_config_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pixels),
		cmocka_unit_test(press_pdf),
		cmocka_unit_test(plates),
		cmocka_unit_test(pockets),
		cmocka_unit_test(pocket_checks),
		cmocka_unit_test(die_lines),
		cmocka_unit_test(ink_report),
		cmocka_unit_test(custom_template),
		cmocka_unit_test(tutorial),
		cmocka_unit_test(sizes_and_pieces),
		cmocka_unit_test(panels),
		cmocka_unit_test(levels),
		cmocka_unit_test(fronts_reuse),
		cmocka_unit_test(fronts_forms),
		cmocka_unit_test(units),
	};
	return cmocka_run_group_tests_name("print set", tests, tu_setup_tmp, tu_teardown_tmp);
}
