/* The table set (patent 000, FIG. 7) against the patent's rules, re-checked
 * by naive code that shares nothing with the generator but the layout it
 * is handed: steps along rows and columns, opposite sums, the dotted 5
 * with a 7, the fronts found by brute force over all 9 x 9 (dots, lateral)
 * pairs, the layout derived again from the rules and the centre tile by
 * pruning every tile's 81 pairs, and a broken layout that the prover must
 * refuse. */

#include "testutil.h"

#include <math.h>

#include "app/config_load.h"
#include "games/series/model/series_table.h"
#include "games/series/config/series_table_config.h"
#include "games/series/sheets/series_tri.h"
#include "print/layout/sheet.h"
#include "print/art/symbol.h"

extern const struct tp_sheet_def tp_table_sheets[3];

static int val(int x)   /* 1..9 */
{
	return ((x % 9) + 9) % 9 == 0 ? 9 : ((x % 9) + 9) % 9;
}

static void rules_hold(void **state)
{
	(void)state;
	struct tp_table t;
	tp_table_derive(&t);
	for (int r = 0; r < 9; r++)
		for (int c = 0; c < 9; c++) {
			const unsigned char *v = t.tile[r * 9 + c].v;
			/* [0058]: opposite quadrants sum to 0 mod 9. */
			assert_int_equal((v[TP_DOTS] + v[TP_BOXES]) % 9, 0);
			assert_int_equal((v[TP_LATERAL] + v[TP_VERTICAL]) % 9, 0);
			/* [0056]-[0057]: right across the dots' opposite quadrant adds 1. */
			if (c < 8) {
				assert_int_equal(t.tile[r * 9 + c + 1].v[TP_DOTS], val(v[TP_DOTS] + 1));
				assert_int_equal(t.tile[r * 9 + c + 1].v[TP_BOXES], val(v[TP_BOXES] - 1));
			}
			if (r < 8) {
				assert_int_equal(t.tile[(r + 1) * 9 + c].v[TP_LATERAL], val(v[TP_LATERAL] + 1));
				assert_int_equal(t.tile[(r + 1) * 9 + c].v[TP_VERTICAL], val(v[TP_VERTICAL] - 1));
			}
			/* [0059]: the dotted 5 has a 7 in a lined quadrant. */
			if (v[TP_DOTS] == 5)
				assert_true(v[TP_LATERAL] == 7 || v[TP_VERTICAL] == 7);
			for (int s = 0; s < TP_N_SERIES; s++)
				assert_true(v[s] >= 1 && v[s] <= 9);
		}
	/* FIG. 2A: the quadrants clockwise from the top are 201..204. */
	assert_int_equal(tp_table_side_series[TP_SIDE_TOP], TP_LATERAL);
	assert_int_equal(tp_table_side_series[TP_SIDE_RIGHT], TP_BOXES);
	assert_int_equal(tp_table_side_series[TP_SIDE_BOTTOM], TP_VERTICAL);
	assert_int_equal(tp_table_side_series[TP_SIDE_LEFT], TP_DOTS);
}

/* Brute force over every (dots, lateral) pair: the ones the layout holds
 * are the distinct fronts; [0059] says 18, two per dots element. */
static void fronts_by_brute_force(void **state)
{
	(void)state;
	struct tp_table t;
	tp_table_derive(&t);
	int found = 0, per_dots[10] = { 0 }, total = 0;
	for (int d = 1; d <= 9; d++)
		for (int l = 1; l <= 9; l++) {
			int n = 0;
			for (int i = 0; i < 81; i++)
				n += t.tile[i].v[TP_DOTS] == d && t.tile[i].v[TP_LATERAL] == l;
			if (n == 0)
				continue;
			/* The manifest lists this front with this count, in order. */
			assert_true(found < t.n_fronts);
			assert_int_equal(t.front[found].v[TP_DOTS], d);
			assert_int_equal(t.front[found].v[TP_LATERAL], l);
			assert_int_equal(t.count[found], n);
			found++;
			per_dots[d]++;
			total += n;
		}
	assert_int_equal(found, 18);
	assert_int_equal(t.n_fronts, found);
	assert_int_equal(total, 81);
	for (int d = 1; d <= 9; d++)
		assert_int_equal(per_dots[d], 2);
	for (int i = 0; i < 81; i++)
		assert_memory_equal(t.front[t.front_of[i]].v, t.tile[i].v, TP_N_SERIES);
}

/* The layout derived again without the generator, as test_hex does for
 * the hexagons: the Direction Invariant, [0058] and [0059] with the
 * centre tile fixed still leave several layouts of 18 fronts (the dots
 * may step down a column by any amount), so the table set adds a pairing,
 * as the hexagonal set does: lateral = 5 x dots on rows 0, 2, ... (0-based)
 * and 5 x dots + 4 on rows 1, 3, ... (mod 9), which puts the dotted 5's
 * 7 in the lateral quadrant on the first kind and in the vertical one on
 * the second.  Every tile starts with all 81 (dots, lateral) pairs; the
 * pairing of its row and the anchor (the centre: dotted 5, lateral 7)
 * keep some; a pair stays only while the right and lower neighbours
 * still hold one that continues both series (dots + 1 a step right,
 * lateral + 1 a step down) and the left and upper ones one it continues.
 * At the fixpoint each tile holds one pair: the generator's. */
static void layout_forced_by_rules(void **state)
{
	(void)state;
	static unsigned char ok[81][10][10];   /* tile, dots, lateral */
	memset(ok, 0, sizeof ok);
	int fronts = 0, per_dots[10] = { 0 };
	for (int d = 1; d <= 9; d++)
		for (int l = 1; l <= 9; l++)
			for (int p = 0; p < 2; p++)
				if (l == val(5 * d + 4 * p)) {
					fronts++, per_dots[d]++;
					/* [0059]: the dotted 5 has a 7 in a lined quadrant,
					 * lateral (p = 0) or vertical (p = 1). */
					if (d == 5)
						assert_int_equal(p ? val(9 - l) : l, 7);
					for (int r = p; r < 9; r += 2)
						for (int c = 0; c < 9; c++)
							ok[r * 9 + c][d][l] = 1;
				}
	assert_int_equal(fronts, 18);
	for (int d = 1; d <= 9; d++)
		assert_int_equal(per_dots[d], 2);
	for (int d = 1; d <= 9; d++)   /* the anchor */
		for (int l = 1; l <= 9; l++)
			ok[40][d][l] &= d == 5 && l == 7;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int i = 0; i < 81; i++)
			for (int d = 1; d <= 9; d++)
				for (int l = 1; l <= 9; l++) {
					if (!ok[i][d][l])
						continue;
					int r = i / 9, c = i % 9, keep = 1;
					/* right: dots + 1; down: lateral + 1; left and up the reverse */
					const int nb[4][4] = { { 0, 1, 1, 0 }, { 1, 0, 0, 1 }, { 0, -1, -1, 0 }, { -1, 0, 0, -1 } };
					for (int k = 0; k < 4 && keep; k++) {
						int rr = r + nb[k][0], cc = c + nb[k][1], any = 0;
						if (rr < 0 || rr > 8 || cc < 0 || cc > 8)
							continue;
						for (int l2 = 1; l2 <= 9; l2++) {
							if (nb[k][3] == 0) {   /* a row step: the dots fixed, any lateral */
								any |= ok[rr * 9 + cc][val(d + nb[k][2])][l2];
							} else {               /* a column step: the lateral fixed */
								any |= ok[rr * 9 + cc][l2][val(l + nb[k][3])];
							}
						}
						keep = any;
					}
					if (!keep)
						ok[i][d][l] = 0, changed = 1;
				}
	}
	struct tp_table t;
	tp_table_derive(&t);
	for (int i = 0; i < 81; i++) {
		int left = 0;
		for (int d = 1; d <= 9; d++)
			for (int l = 1; l <= 9; l++)
				left += ok[i][d][l];
		assert_int_equal(left, 1);
		assert_true(ok[i][t.tile[i].v[TP_DOTS]][t.tile[i].v[TP_LATERAL]]);
	}
}

static void prover_refuses_broken_layout(void **state)
{
	(void)state;
	struct tp_table t;
	char out[8][160];
	tp_table_derive(&t);
	assert_int_equal(tp_table_prove(&t, out, 8), 0);
	for (int i = 0; i < 8; i++)
		assert_memory_equal(out[i], "ok: ", 4);
	t.tile[40].v[TP_BOXES] = (unsigned char)val(t.tile[40].v[TP_BOXES] + 1);
	assert_true(tp_table_prove(&t, out, 8) >= 2);   /* a row step and a sum */
	assert_memory_equal(out[2], "FAILED", 6);
}

static void config_shipped(void **state)
{
	(void)state;
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_config_load(&c, tu_path("config/series-table.ini"), NULL, 0, &tp_games, &e), TP_OK);
	assert_string_equal(c->game->name, "series-table");
	assert_true(c->print.tile_mm == 30);   /* [0062]: 3 cm */
	/* FIG. 6: "1" is the centre triangle of the row of 5 (number 3). */
	assert_int_equal(tp_table_cfg(c)->order[0], 2);
	tp_config_free(c);
	const char *bad[] = { "table.order=1 2 3" };
	assert_int_equal(tp_config_load(&c, tu_path("config/series-table.ini"), bad, 1, &tp_games, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "table.order"));
}

/* table.indicia = pictures: each unit of an element is the series'
 * picture, all its items filled in the series' ink; every shipped
 * template loads. */
static void pictures_follow_elements(void **state)
{
	(void)state;
	const char *names[] = { "toys", "signs" };
	for (int m = 0; m < 2; m++) {
		char set[64];
		snprintf(set, sizeof set, "table.pictures=%s", names[m]);
		const char *sets[] = { "table.indicia=pictures", set };
		struct tp_config *c = NULL;
		tp_err e = { 0 };
		assert_int_equal(tp_config_load(&c, tu_path("config/series-table.ini"), sets, 2, &tp_games, &e), TP_OK);
		const struct tp_pictures *pics = &tp_table_cfg(c)->pictures;
		struct tp_table t;
		tp_table_derive(&t);
		struct tp_doc doc = { 0 };
		assert_int_equal(tp_table_sheets[0].build(c, &t, &doc), 0);
		const struct tp_scene *sc = doc.pages[0].sc;
		for (int s = 0; s < TP_N_SERIES; s++) {
			long want = 0, got = 0;
			assert_true(pics->pic[s].n > 0);
			for (int i = 0; i < 81; i++)
				want += t.tile[i].v[s] * pics->pic[s].n;
			int ink = tp_ink_index(&sc->pal, s);
			for (size_t k = 0; k < sc->n_shapes; k++)
				got += sc->shapes[k].ink == ink && sc->shapes[k].paint == TP_FILL;
			assert_int_equal(got, want);
		}
		tp_doc_free(&doc);
		tp_config_free(c);
	}
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	const char *bad[] = { "table.indicia=pictures", "table.pictures=no-such-pictures" };
	assert_int_equal(tp_config_load(&c, tu_path("config/series-table.ini"), bad, 2, &tp_games, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "--set table.pictures"));
}

/* The fronts sheet fills, per series ink, one mark (a small triangle, or
 * with table.indicia = shapes one shape, FIG. 15A) per unit of that
 * series' element on every tile: the sum of the layout's elements. */
static void marks_follow_elements(void **state)
{
	(void)state;
	const char *modes[2][2] = { { "table.indicia=triangles", "table.order=9 8 7 6 5 4 3 2 1" },
				    { "table.indicia=shapes", "table.dots=circle" } };
	for (int m = 0; m < 2; m++) {
		struct tp_config *c = NULL;
		tp_err e = { 0 };
		/* shapes: dots and lateral would share the circle, refused */
		int rc = tp_config_load(&c, tu_path("config/series-table.ini"), modes[m], 2, &tp_games, &e);
		if (m == 1) {
			assert_int_equal(rc, TP_EINPUT);
			assert_non_null(strstr(e.msg, "table.dots"));
			const char *ok[] = { "table.indicia=shapes", "table.dots=square", "table.boxes=octagon" };
			assert_int_equal(tp_config_load(&c, tu_path("config/series-table.ini"), ok, 3, &tp_games, &e), TP_OK);
			assert_int_equal(tp_table_cfg(c)->symbol[TP_DOTS], TP_SYM_SQUARE);
		} else {
			assert_int_equal(rc, TP_OK);
		}
		struct tp_table t;
		tp_table_derive(&t);
		struct tp_doc doc = { 0 };
		assert_int_equal(tp_table_sheets[0].build(c, &t, &doc), 0);
		const struct tp_scene *sc = doc.pages[0].sc;
		for (int s = 0; s < TP_N_SERIES; s++) {
			long want = 0, got = 0;
			for (int i = 0; i < 81; i++)
				want += t.tile[i].v[s];
			int ink = tp_ink_index(&sc->pal, s);
			for (size_t k = 0; k < sc->n_shapes; k++)
				got += sc->shapes[k].ink == ink && sc->shapes[k].paint == TP_FILL;
			assert_int_equal(got, want);
		}
		tp_doc_free(&doc);
		tp_config_free(c);
	}
}

/* table.order = symmetric (a triangles template with keys 1 .. 9): each
 * element marks that many small triangles, the set is its own mirror
 * image about the quadrant's axis (1-5 along the side, 6-8, 9: triangle s
 * and 4 - s, 5 + 7 - s), 8 is not 7 and one more; on the fronts sheet
 * every quadrant's filled triangles lie mirror-symmetric about its axis. */
static void order_template(void **state)
{
	(void)state;
	const char *sets[] = { "table.order=symmetric" };
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_config_load(&c, tu_path("config/series-table.ini"), sets, 1, &tp_games, &e), TP_OK);
	const struct tp_table_cfg *tc = tp_table_cfg(c);
	for (int n = 1; n <= 9; n++) {
		int count = 0;
		for (int s = 0; s < 9; s++) {
			int bit = tc->marks[n] >> s & 1;
			count += bit;
			int m = s < 5 ? 4 - s : s < 8 ? 12 - s : 8;
			assert_int_equal(bit, tc->marks[n] >> m & 1);
		}
		assert_int_equal(count, n);
	}
	assert_true((tc->marks[8] & tc->marks[7]) != tc->marks[7]);
	/* The lateral (top) quadrants on the sheet: mirror-symmetric about x
	 * = the tile's centre line. */
	struct tp_table t;
	tp_table_derive(&t);
	struct tp_doc doc = { 0 };
	assert_int_equal(tp_table_sheets[0].build(c, &t, &doc), 0);
	const struct tp_scene *sc = doc.pages[0].sc;
	const double tile = c->print.tile_mm;
	double cen[600][2];
	int nc = 0, ink = tp_ink_index(&sc->pal, TP_LATERAL);
	for (size_t k = 0; k < sc->n_shapes && nc < 600; k++) {
		const struct tp_shape *sh = &sc->shapes[k];
		if (sh->ink != ink || sh->paint != TP_FILL)
			continue;
		/* the small triangle's box: its corners inside the trim (a
		 * run-on's points lie beyond it) */
		double lo[2] = { INFINITY, INFINITY }, hi[2] = { -INFINITY, -INFINITY };
		for (size_t p = 0; p < sh->count; p++) {
			const struct tp_pt *q = &sc->pts[sh->first + p];
			if (q->op == TP_CLOSE || q->x < -1e-6 || q->y < -1e-6 || q->x > sc->trim_w + 1e-6 ||
			    q->y > sc->trim_h + 1e-6)
				continue;
			lo[0] = fmin(lo[0], q->x), lo[1] = fmin(lo[1], q->y);
			hi[0] = fmax(hi[0], q->x), hi[1] = fmax(hi[1], q->y);
		}
		cen[nc][0] = (lo[0] + hi[0]) / 2, cen[nc++][1] = (lo[1] + hi[1]) / 2;
	}
	long want = 0;
	for (int i = 0; i < 81; i++)
		want += t.tile[i].v[TP_LATERAL];
	assert_int_equal(nc, want);
	for (int i = 0; i < nc; i++) {
		double cx = (floor(cen[i][0] / tile) + 0.5) * tile, mx = 2 * cx - cen[i][0];
		int found = 0;
		for (int j = 0; j < nc && !found; j++)
			found = fabs(cen[j][0] - mx) < 1e-6 && fabs(cen[j][1] - cen[i][1]) < 1e-6;
		assert_true(found);
	}
	tp_doc_free(&doc);
	tp_config_free(c);
}

/* ---- claims 6 and 7: the 9 small triangles of a section ----------------- */

static double area(const double *xy)
{
	return fabs((xy[2] - xy[0]) * (xy[5] - xy[1]) - (xy[4] - xy[0]) * (xy[3] - xy[1])) / 2;
}

/* The side of small triangle xy parallel to A-B (its base: the hypotenuse
 * of a quadrant's right isosceles triangles) as corners b0, b1 in out[0..3]
 * and the opposite corner (its isosceles vertex) in out[4..5]. */
static void base_apex(const double *xy, const double A[2], const double B[2], double out[6])
{
	for (int i = 0; i < 3; i++) {
		const double *p = &xy[2 * i], *q = &xy[2 * ((i + 1) % 3)], *o = &xy[2 * ((i + 2) % 3)];
		double cross = (q[0] - p[0]) * (B[1] - A[1]) - (q[1] - p[1]) * (B[0] - A[0]);
		if (fabs(cross) < 1e-9) {
			out[0] = p[0], out[1] = p[1], out[2] = q[0], out[3] = q[1], out[4] = o[0], out[5] = o[1];
			return;
		}
	}
	fail_msg("no side parallel to the section's base");
}

static int same(const double *p, const double *q)
{
	return fabs(p[0] - q[0]) < 1e-9 && fabs(p[1] - q[1]) < 1e-9;
}

/* Claim 6 on a quadrant of a 30 mm square (FIG. 2A) and a triangle of a
 * hexagon: 9 equal small triangles filling the section, side-adjacent
 * ones inverted; the centre of the row of 5 has its hypotenuse on the
 * tile's border; the centre of the row of 3 has its isosceles vertex on
 * that triangle's; the last has its hypotenuse on that of the row of 3's
 * centre and its vertex at the tile's centre.  Claim 7: the places of
 * the indicia (the incentres) stand in rows of 5 (outermost), 3 and 1 (at
 * the vertex). */
static void claims_6_7(void **state)
{
	(void)state;
	const double sq[3][2] = { { 0, 0 }, { 30, 0 }, { 15, 15 } };
	const double hx[3][2] = { { -8.660254037844386, 15 }, { 8.660254037844386, 15 }, { 0, 0 } };
	for (int shape = 0; shape < 2; shape++) {
		const double(*T)[2] = shape ? hx : sq;
		const double big[6] = { T[0][0], T[0][1], T[1][0], T[1][1], T[2][0], T[2][1] };
		double xy[9][6], ba[9][6], inc[9][3];
		double sum = 0;
		for (int s = 0; s < 9; s++) {
			tp_tri_small(T[0], T[1], T[2], s, xy[s]);
			base_apex(xy[s], T[0], T[1], ba[s]);
			tp_tri_incircle(xy[s], &inc[s][0], &inc[s][1], &inc[s][2]);
			assert_true(fabs(area(xy[s]) - area(big) / 9) < 1e-9);
			sum += area(xy[s]);
		}
		assert_true(fabs(sum - area(big)) < 1e-9);   /* equal, and no gap or overlap below */
		for (int k = 0; k < 200; k++) {   /* points spread over the section */
			double u = (k % 17 + 0.37) / 17.3, v = (k / 17 + 0.41) / 12.2;
			if (u + v >= 1)
				continue;
			double p[2] = { T[0][0] + u * (T[1][0] - T[0][0]) + v * (T[2][0] - T[0][0]),
					T[0][1] + u * (T[1][1] - T[0][1]) + v * (T[2][1] - T[0][1]) };
			int in = 0;
			for (int s = 0; s < 9; s++) {
				double a = 0;
				for (int i = 0; i < 3; i++) {
					double t3[6] = { p[0], p[1], xy[s][2 * i], xy[s][2 * i + 1],
							 xy[s][2 * ((i + 1) % 3)], xy[s][2 * ((i + 1) % 3) + 1] };
					a += area(t3);
				}
				in += fabs(a - area(xy[s])) < 1e-9;
			}
			assert_int_equal(in, 1);
		}
		/* Rows 0-4, 5-7, 8; in a row neighbours share a side and point
		 * opposite ways (the apex on the far or the near side of the base). */
		const int start[4] = { 0, 5, 8, 9 };
		for (int r = 0; r < 3; r++)
			for (int s = start[r]; s + 1 < start[r + 1]; s++) {
				int shared = 0;
				for (int i = 0; i < 3; i++)
					for (int j = 0; j < 3; j++)
						shared += same(&xy[s][2 * i], &xy[s + 1][2 * j]);
				assert_int_equal(shared, 2);
				/* orientation: apex beyond the base towards C, or back */
				double d0 = (ba[s][4] - ba[s][0]) * (T[2][0] - T[0][0]) + (ba[s][5] - ba[s][1]) * (T[2][1] - T[0][1]);
				double d1 = (ba[s + 1][4] - ba[s + 1][0]) * (T[2][0] - T[0][0]) +
					    (ba[s + 1][5] - ba[s + 1][1]) * (T[2][1] - T[0][1]);
				assert_true(d0 * d1 < 0);
			}
		/* The row of 5's centre: its base on the border, centred on it. */
		double mid[2] = { (T[0][0] + T[1][0]) / 2, (T[0][1] + T[1][1]) / 2 };
		double bm[2] = { (ba[2][0] + ba[2][2]) / 2, (ba[2][1] + ba[2][3]) / 2 };
		assert_true(same(bm, mid));
		/* The row of 3's centre: inverted, its vertex on that one's. */
		assert_true(same(&ba[6][4], &ba[2][4]));
		/* The last: its base is the row of 3's centre's, its vertex the tile's centre. */
		assert_true((same(&ba[8][0], &ba[6][0]) && same(&ba[8][2], &ba[6][2])) ||
			    (same(&ba[8][0], &ba[6][2]) && same(&ba[8][2], &ba[6][0])));
		assert_true(same(&ba[8][4], T[2]));
		/* Claim 7: the places by distance from the border, rows of 5, 3, 1. */
		double h = area(big) * 2 / hypot(T[1][0] - T[0][0], T[1][1] - T[0][1]);
		for (int s = 0; s < 9; s++) {
			double d = ((inc[s][0] - T[0][0]) * (T[1][1] - T[0][1]) - (inc[s][1] - T[0][1]) * (T[1][0] - T[0][0])) /
				   hypot(T[1][0] - T[0][0], T[1][1] - T[0][1]);
			int row = (int)floor(fabs(d) / (h / 3));
			assert_int_equal(row, s < 5 ? 0 : s < 8 ? 1 : 2);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rules_hold),
		cmocka_unit_test(fronts_by_brute_force),
		cmocka_unit_test(layout_forced_by_rules),
		cmocka_unit_test(prover_refuses_broken_layout),
		cmocka_unit_test(config_shipped),
		cmocka_unit_test(marks_follow_elements),
		cmocka_unit_test(pictures_follow_elements),
		cmocka_unit_test(order_template),
		cmocka_unit_test(claims_6_7),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
