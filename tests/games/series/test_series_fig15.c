/* Issue 23's later parts, each against a count or a geometry worked out
 * here independently of the drawing code:
 *   - FIG. 15B pictures in the square game: per series ink, the picture
 *     build fills (items of that series' picture) x (the cells the fill
 *     build fills); the blind edition and the patent style refuse them;
 *   - hexagonal digits and pictures: per triangle's ink, one numeral per
 *     tile (plus the bar of each 6 and 9), or element x items;
 *   - hexagonal shapes (FIG. 15A): counted per triangle of each rendered
 *     tile they are its elements, and each series' shape is its own;
 *   - bleed: no series fill of either set has a side ending on a trim
 *     edge, none reaches past the bleed box, and the table set's run-ons
 *     stay in their own tile's row or column;
 *   - under a safe zone the table set's shapes, pictures, digits and back
 *     frames keep it from every die line;
 *   - print.layout = punchboard: every tile whole on a press sheet (81
 *     die rectangles for the table set, one closed hexagon per tile for
 *     the hexagonal set), and each back outline mirrored behind its front;
 *   - pictures paths in a config are the config's (run from another
 *     folder). */

#include "testutil.h"

#include <math.h>

#include "app/config_load.h"
#include "app/impose_game.h"
#include "games/game.h"
#include "games/series/config/series_config.h"
#include "games/series/model/series_hex.h"
#include "games/series/config/series_table_config.h"
#include "print/layout/sheet.h"
#include "print/art/symbol.h"

static struct tp_config *load(const char *config, const char *const *sets, int n)
{
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	if (tp_config_load(&c, tu_path(config), sets, n, &tp_games, &e) != TP_OK)
		fail_msg("%s: %s", config, e.msg);
	return c;
}

static int refused(const char *config, const char *const *sets, int n, const char *want)
{
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	int rc = tp_config_load(&c, tu_path(config), sets, n, &tp_games, &e);
	if (rc == TP_OK)
		tp_config_free(c);
	return rc == TP_EINPUT && strstr(e.msg, want) != NULL;
}

/* Builds one sheet of c into doc; *model is the caller's to free. */
static void build_sheet(const struct tp_config *c, const char *sheet, void **model, struct tp_doc *doc)
{
	tp_err e = { 0 };
	assert_int_equal(c->game->derive(c, model, &e), TP_OK);
	const struct tp_sheet_def *d = tp_game_sheet(c->game, sheet);
	assert_non_null(d);
	assert_int_equal(d->build(c, *model, doc), 0);
}

static long fills(const struct tp_scene *sc, int ink_id)
{
	long n = 0;
	for (size_t k = 0; k < sc->n_shapes; k++)   /* a shape carries its ink's number */
		n += sc->shapes[k].ink == ink_id && sc->shapes[k].paint == TP_FILL;
	return n;
}

static void square_pictures(void **state)
{
	(void)state;
	const char *fill[] = { "series.indicia=pips" };
	const char *pic[] = { "series.indicia=pips", "print.cell_mark=picture", "series.pictures=signs" };
	struct tp_config *cf = load("config/series.ini", fill, 1), *cp = load("config/series.ini", pic, 3);
	void *mf = NULL, *mp = NULL;
	struct tp_doc df = { 0 }, dp = { 0 };
	build_sheet(cf, "fronts", &mf, &df);
	build_sheet(cp, "fronts", &mp, &dp);
	for (int s = 0; s < TP_N_SERIES; s++) {
		int items = tp_series(cp)->pictures.pic[s].n;
		assert_true(items > 0);
		assert_true(fills(df.pages[0].sc, s) > 0);
		assert_int_equal(fills(dp.pages[0].sc, s), fills(df.pages[0].sc, s) * items);
	}
	tp_doc_free(&df);
	tp_doc_free(&dp);
	cf->game->free_model(mf);
	cp->game->free_model(mp);
	tp_config_free(cf);
	tp_config_free(cp);
	/* [0079]: pictures have an orientation; the blind edition refuses them. */
	const char *blind[] = { "print.cell_mark=picture" };
	assert_true(refused("config/series-blind.ini", blind, 1, "--set print.cell_mark"));
	assert_true(refused("config/series-blind.ini", blind, 1, "[0079]"));
	const char *patent[] = { "print.cell_mark=picture", "print.style=patent" };
	assert_true(refused("config/series.ini", patent, 2, "print.cell_mark"));
	const char *missing[] = { "print.cell_mark=picture", "series.pictures=no-such" };
	assert_true(refused("config/series.ini", missing, 2, "--set series.pictures"));
}

static void hex_digits_pictures(void **state)
{
	(void)state;
	const char *dig[] = { "hex.indicia=digits" }, *pic[] = { "hex.indicia=pictures" };
	struct tp_config *cd = load("config/series-hex.ini", dig, 1), *cp = load("config/series-hex.ini", pic, 1);
	void *md = NULL, *mp = NULL;
	struct tp_doc dd = { 0 }, dp = { 0 };
	build_sheet(cd, "fronts", &md, &dd);
	build_sheet(cp, "fronts", &mp, &dp);
	const struct tp_hex *h = md;
	int tiles = h->rows * h->cols;
	for (int k = 0; k < TP_HEX_SIDES; k++) {
		long bars = 0, units = 0;
		for (int i = 0; i < tiles; i++) {
			bars += h->tile[i].v[k] == 6 || h->tile[i].v[k] == 9;
			units += h->tile[i].v[k];
		}
		assert_int_equal(fills(dd.pages[0].sc, k), tiles + bars);
		int items = tp_table_cfg(cp)->pictures.pic[k].n;
		assert_true(items > 0);
		assert_int_equal(fills(dp.pages[0].sc, k), units * items);
	}
	tp_doc_free(&dd);
	tp_doc_free(&dp);
	cd->game->free_model(md);
	cp->game->free_model(mp);
	tp_config_free(cd);
	tp_config_free(cp);
}

/* The name of the symbol fill path s draws, read off its outline: a
 * circle is curves; a polygon is named by its corners, a square having a
 * level side where a diamond stands on a corner. */
static const char *shape_name(const struct tp_scene *sc, const struct tp_shape *s)
{
	const struct tp_pt *p = sc->pts + s->first;
	int n = 0;
	for (size_t i = 0; i < s->count; i++) {
		if (p[i].op == TP_CURVE)
			return "circle";
		n += p[i].op == TP_MOVE || p[i].op == TP_LINE;
	}
	if (n == 4)
		return fabs(p[0].y - p[1].y) < 1e-9 || fabs(p[1].y - p[2].y) < 1e-9 ? "square" : "diamond";
	return n == 3 ? "triangle" : n == 6 ? "hexagon" : n == 8 ? "octagon" : "?";
}

static int by_tuple(const void *a, const void *b)
{
	return memcmp(a, b, TP_HEX_SIDES);
}

/* FIG. 15A on hexagons: each tile's centre is where its six triangles'
 * sides meet (the hairlines drawn from it); a shape of ink k belongs to
 * the nearest centre, and to the triangle whose side faces its direction
 * (east 0 degrees, then every 60 counter-clockwise, y up).  Per tile the
 * counts per triangle are its six elements, so the tiles' count tuples
 * are the layout's; every shape of ink k is hex.NAME's shape. */
static void hex_shapes_check(const char *const *sets, int nsets)
{
	struct tp_config *c = load("config/series-hex.ini", sets, nsets);
	const struct tp_table_cfg *t = tp_table_cfg(c);
	void *m = NULL;
	struct tp_doc d = { 0 };
	build_sheet(c, "fronts", &m, &d);
	const struct tp_hex *h = m;
	int tiles = h->rows * h->cols, found = 0;
	unsigned char (*want)[TP_HEX_SIDES] = calloc((size_t)tiles, TP_HEX_SIDES);
	unsigned char (*got)[TP_HEX_SIDES] = calloc((size_t)tiles, TP_HEX_SIDES);
	double (*ctr)[2] = calloc((size_t)tiles, sizeof *ctr);
	assert_true(want && got && ctr);
	for (int i = 0; i < tiles; i++)
		memcpy(want[i], h->tile[i].v, TP_HEX_SIDES);
	for (size_t pg = 0; pg < d.n; pg++) {
		const struct tp_scene *sc = d.pages[pg].sc;
		int first = found;
		for (size_t k = 0; k < sc->n_shapes; k++) {
			const struct tp_shape *s = &sc->shapes[k];
			if (s->ink != TP_INK_LINE || s->kind != TP_SHAPE_PATH || s->count != 2)
				continue;
			const struct tp_pt *p = sc->pts + s->first;
			int seen = 0;
			for (int j = first; j < found && !seen; j++)
				seen = hypot(ctr[j][0] - p[0].x, ctr[j][1] - p[0].y) < 1e-6;
			if (!seen) {
				assert_true(found < tiles);
				ctr[found][0] = p[0].x;
				ctr[found++][1] = p[0].y;
			}
		}
		for (size_t k = 0; k < sc->n_shapes; k++) {
			const struct tp_shape *s = &sc->shapes[k];
			if (s->ink >= TP_HEX_SIDES || s->paint != TP_FILL)
				continue;
			assert_string_equal(shape_name(sc, s), tp_symbol_names[t->symbol[s->ink]]);
			double b[4], x, y;
			tp_shape_bbox(sc, s, b);
			x = (b[0] + b[2]) / 2;
			y = (b[1] + b[3]) / 2;
			int best = -1;
			for (int j = first; j < found; j++)
				if (best < 0 || hypot(ctr[j][0] - x, ctr[j][1] - y) < hypot(ctr[best][0] - x, ctr[best][1] - y))
					best = j;
			assert_true(best >= 0);
			double deg = atan2(-(y - ctr[best][1]), x - ctr[best][0]) * 180 / M_PI;
			int tri = ((int)lround(deg / 60) % 6 + 6) % 6;
			assert_int_equal(tri, s->ink);
			got[best][tri]++;
		}
	}
	assert_int_equal(found, tiles);
	qsort(want, (size_t)tiles, TP_HEX_SIDES, by_tuple);
	qsort(got, (size_t)tiles, TP_HEX_SIDES, by_tuple);
	assert_memory_equal(want, got, (size_t)tiles * TP_HEX_SIDES);
	for (int a = 0; a < TP_HEX_SIDES; a++)   /* the shape names the series */
		for (int b = a + 1; b < TP_HEX_SIDES; b++)
			assert_int_not_equal(t->symbol[a], t->symbol[b]);
	free(want);
	free(got);
	free(ctr);
	tp_doc_free(&d);
	c->game->free_model(m);
	tp_config_free(c);
}

static void hex_shapes(void **state)
{
	(void)state;
	const char *dflt[] = { "hex.indicia=shapes" };
	hex_shapes_check(dflt, 1);
	const char *swap[] = { "hex.indicia=shapes", "hex.east=diamond", "hex.southeast=circle",
			       "board.rows=5", "board.cols=10" };
	hex_shapes_check(swap, 5);
	const char *twice[] = { "hex.indicia=shapes", "hex.west=circle" };
	assert_true(refused("config/series-hex.ini", twice, 2, "--set hex.west=circle: hex.west = circle"));
	const char *bad[] = { "hex.indicia=shapes", "hex.east=star" };
	assert_true(refused("config/series-hex.ini", bad, 2, "diamond"));
}

/* Whether a side of the closed polygon s lies along trim edge e (0 left,
 * 1 top, 2 right, 3 bottom). */
static int side_on_edge(const struct tp_scene *sc, const struct tp_shape *s, int e)
{
	double at = e == 2 ? sc->trim_w : e == 3 ? sc->trim_h : 0;
	const struct tp_pt *p = sc->pts + s->first, *prev = NULL, *first = NULL;
	for (size_t k = 0; k <= s->count; k++) {
		const struct tp_pt *q = k == s->count || p[k].op == TP_CLOSE ? first : &p[k];
		if (q == NULL)
			continue;
		if (first == NULL)
			first = q;
		if (prev && fabs((e % 2 ? prev->y : prev->x) - at) < 1e-6 &&
		    fabs((e % 2 ? q->y : q->x) - at) < 1e-6 && hypot(q->x - prev->x, q->y - prev->y) > 1e-6)
			return 1;
		prev = q;
	}
	return 0;
}

/* Every series fill reaches past a trim edge it has a side on (one that
 * meets an edge only at a corner has nothing on the cut), and none goes
 * past the bleed box.  The table set's run-ons stay in their own tile's
 * row (beyond the left and right edges) or column (beyond the top and
 * bottom): two tiles' run-ons meet on the line of their shared side, not
 * in each other's bleed (also with 5 mm of bleed). */
static void bleed_clean(void **state)
{
	(void)state;
	const char *configs[] = { "config/series-table.ini", "config/series-hex.ini", "config/series-table.ini" };
	const char *bleed5[] = { "print.bleed_mm=5" };
	for (int m = 0; m < 3; m++) {
		struct tp_config *c = load(configs[m], bleed5, m == 2);
		void *model = NULL;
		struct tp_doc doc = { 0 };
		build_sheet(c, "fronts", &model, &doc);
		const struct tp_scene *sc = doc.pages[0].sc;
		const double t = c->print.tile_mm, eps = 1e-6;
		int beyond = 0, inks = m == 1 ? 6 : 4;
		for (size_t k = 0; k < sc->n_shapes; k++) {
			const struct tp_shape *s = &sc->shapes[k];
			if (s->paint != TP_FILL || s->ink >= inks)
				continue;
			double lo[2] = { INFINITY, INFINITY }, hi[2] = { -INFINITY, -INFINITY }, in[2] = { 0, 0 };
			int n_in = 0;
			for (size_t p = 0; p < s->count; p++) {
				const struct tp_pt *q = &sc->pts[s->first + p];
				if (q->op == TP_CLOSE)
					continue;
				lo[0] = fmin(lo[0], q->x), lo[1] = fmin(lo[1], q->y);
				hi[0] = fmax(hi[0], q->x), hi[1] = fmax(hi[1], q->y);
				if (q->x > -eps && q->x < sc->trim_w + eps && q->y > -eps && q->y < sc->trim_h + eps)
					in[0] += q->x, in[1] += q->y, n_in++;
			}
			double edge[4] = { lo[0], lo[1], sc->trim_w - hi[0], sc->trim_h - hi[1] };
			for (int e = 0; e < 4; e++) {
				if (fabs(edge[e]) < eps)
					assert_false(side_on_edge(sc, s, e));
				assert_true(edge[e] > -sc->bleed - eps);
				beyond += edge[e] < 0;
			}
			if (m == 1)
				continue;
			/* The tile whose art this is: where its corners inside the trim are. */
			assert_true(n_in > 0);
			int row = (int)floor(in[1] / n_in / t), col = (int)floor(in[0] / n_in / t);
			double y0 = row ? row * t : -sc->bleed, y1 = row < 8 ? (row + 1) * t : sc->trim_h + sc->bleed;
			double x0 = col ? col * t : -sc->bleed, x1 = col < 8 ? (col + 1) * t : sc->trim_w + sc->bleed;
			for (size_t p = 0; p < s->count; p++) {
				const struct tp_pt *q = &sc->pts[s->first + p];
				if (q->op == TP_CLOSE)
					continue;
				if (q->x < -eps || q->x > sc->trim_w + eps)
					assert_true(q->y > y0 - eps && q->y < y1 + eps);
				if (q->y < -eps || q->y > sc->trim_h + eps)
					assert_true(q->x > x0 - eps && q->x < x1 + eps);
			}
		}
		assert_true(beyond > 0);
		tp_doc_free(&doc);
		c->game->free_model(model);
		tp_config_free(c);
	}
}

/* Under a factory's safe zone (print.safe_mm) the table set's shapes,
 * pictures and digits, and the backs' frames, keep it inside every cut:
 * every point of such a path (a curve's control points too, which hold
 * the curve) lies at least safe_mm from the die lines of its tile, the
 * lines x, y = multiples of the tile size.  Without one the same sheets
 * come closer (so the check has something to find). */
static void safe_zone_kept(void **state)
{
	(void)state;
	const char *modes[] = { "table.indicia=shapes", "table.indicia=pictures", "table.indicia=digits" };
	for (int m = 0; m < 3; m++)
		for (int safe = 0; safe < 2; safe++) {
			const char *sets[] = { modes[m], "print.safe_mm=3" };
			struct tp_config *c = load("config/series-table.ini", sets, 1 + safe);
			void *model = NULL;
			struct tp_doc fr = { 0 }, bk = { 0 };
			build_sheet(c, "fronts", &model, &fr);
			c->game->free_model(model);
			build_sheet(c, "backs", &model, &bk);
			const double t = c->print.tile_mm;
			double nearest = INFINITY;
			for (int d = 0; d < 2; d++) {
				const struct tp_scene *sc = (d ? &bk : &fr)->pages[0].sc;
				for (size_t k = 0; k < sc->n_shapes; k++) {
					const struct tp_shape *s = &sc->shapes[k];
					/* the series' marks on the fronts; the frames on the backs */
					if (s->kind != TP_SHAPE_PATH && !(d && s->kind == TP_SHAPE_RECT))
						continue;
					if (d ? s->ink != TP_INK_LINE : (s->paint != TP_FILL || s->ink >= 4))
						continue;
					double b[4];
					tp_shape_bbox(sc, s, b);
					/* backs: the frame's box; fronts: every point */
					const double box[4][2] = { { b[0], b[1] }, { b[2], b[1] }, { b[0], b[3] }, { b[2], b[3] } };
					size_t np = d ? 4 : s->count;
					for (size_t p = 0; p < np; p++) {
						const struct tp_pt *q = d ? NULL : &sc->pts[s->first + p];
						if (q && q->op == TP_CLOSE)
							continue;
						double x = q ? q->x : box[p][0], y = q ? q->y : box[p][1];
						double fx = x - t * floor(x / t), fy = y - t * floor(y / t);
						nearest = fmin(nearest, fmin(fmin(fx, t - fx), fmin(fy, t - fy)));
					}
				}
			}
			if (safe)
				assert_true(nearest >= c->print.safe_mm);
			else
				assert_true(nearest < 3);
			tp_doc_free(&fr);
			tp_doc_free(&bk);
			c->game->free_model(model);
			tp_config_free(c);
		}
}

/* The centres of the closed paths (or rects) of one ink on a page. */
static int centres(const struct tp_scene *sc, int ink_id, int paint, double (*out)[2], int max)
{
	int n = 0;
	for (size_t k = 0; k < sc->n_shapes && n < max; k++) {
		const struct tp_shape *s = &sc->shapes[k];
		if (s->ink != ink_id || s->paint != paint || (s->flags & TP_SHAPE_MARK))
			continue;
		double b[4];
		tp_shape_bbox(sc, s, b);
		out[n][0] = (b[0] + b[2]) / 2;
		out[n][1] = (b[1] + b[3]) / 2;
		n++;
	}
	return n;
}

static void punchboard(void **state)
{
	(void)state;
	const char *sets[] = { "print.layout=punchboard" };
	const char *configs[] = { "config/series-table.ini", "config/series-hex.ini" };
	static double fc[4096][2], bc[4096][2];
	for (int m = 0; m < 2; m++) {
		struct tp_config *c = load(configs[m], sets, 1);
		void *model = NULL;
		struct tp_doc fr = { 0 }, bk = { 0 };
		build_sheet(c, "fronts", &model, &fr);
		assert_int_equal(tp_game_sheet(c->game, "backs")->build(c, model, &bk), 0);
		assert_int_equal(tp_impose_doc(c, model, "fronts", &fr), 0);
		assert_int_equal(tp_impose_doc(c, model, "backs", &bk), 0);
		assert_int_equal(fr.n, bk.n);
		int tiles = c->board.rows * c->board.cols, cut = 0;
		for (size_t p = 0; p < fr.n; p++) {
			const struct tp_scene *f = fr.pages[p].sc, *b = bk.pages[p].sc;
			assert_true(f->press);
			int nf = centres(f, TP_INK_CUT, TP_STROKE, fc, 4096);
			cut += nf;
			/* Backs: the inner outline of each tile (the line ink). */
			int nb = centres(b, TP_INK_LINE, TP_STROKE, bc, 4096);
			assert_int_equal(nf, nb);
			for (int i = 0; i < nf; i++) {
				int found = 0;
				for (int j = 0; j < nb && !found; j++)
					found = fabs(f->trim_w - fc[i][0] - bc[j][0]) < 1e-3 &&
						fabs(fc[i][1] - bc[j][1]) < 1e-3;
				assert_true(found);
			}
		}
		assert_int_equal(cut, tiles);
		tp_doc_free(&fr);
		tp_doc_free(&bk);
		c->game->free_model(model);
		tp_config_free(c);
	}
}

/* A relative pictures path in a config file is read beside the file,
 * whatever the current folder. */
static void pictures_beside_config(void **state)
{
	(void)state;
	char *d = tu_tmpdir(), path[1200], cwd[1200];
	snprintf(path, sizeof path, "%s/mine.ini", d);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("[lateral]\ncircle = 5 5 4\n[boxes]\ncircle = 5 5 4\n[vertical]\ncircle = 5 5 4\n"
	      "[dots]\ncircle = 5 5 4\npoly = 0 0 1 0 1 1\n", f);
	assert_int_equal(fclose(f), 0);
	snprintf(path, sizeof path, "%s/set.ini", d);
	f = fopen(path, "w");
	assert_non_null(f);
	/* No rules booklet or box: their text is looked up in the data
	 * folder, which a test binary run from / does not find. */
	fputs("[game]\nname = series-table\n[table]\nindicia = pictures\npictures = mine.ini\n"
	      "[print]\nrules = off\nbox = off\n", f);
	assert_int_equal(fclose(f), 0);
	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir("/"), 0);
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	int rc = tp_config_load(&c, path, NULL, 0, &tp_games, &e);
	assert_int_equal(chdir(cwd), 0);
	if (rc != TP_OK)
		fail_msg("%s", e.msg);
	assert_int_equal(tp_table_cfg(c)->pictures.pic[TP_DOTS].n, 2);
	tp_config_free(c);
	tu_rmrf(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(square_pictures),
		cmocka_unit_test(hex_digits_pictures),
		cmocka_unit_test(hex_shapes),
		cmocka_unit_test(bleed_clean),
		cmocka_unit_test(safe_zone_kept),
		cmocka_unit_test(punchboard),
		cmocka_unit_test(pictures_beside_config),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	tu_release_font_caches();
	return rc;
}
