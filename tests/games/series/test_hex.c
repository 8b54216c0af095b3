/* The hexagonal set (patent 000, [0070]-[0071]) against the rules, with
 * neighbours found from the tiles' centres (plane geometry, not the
 * generator's axial steps): through every side one series gains 1 and the
 * opposite loses 1, opposite triangles sum to 0 mod 9, and brute force over
 * the tiles finds the 36 fronts of [0071]. */

#include <math.h>

#include "testutil.h"

#include "app/config_load.h"
#include "games/series/model/series_hex.h"

static int val(int x)
{
	x = ((x % 9) + 9) % 9;
	return x == 0 ? 9 : x;
}

/* Pointy-topped, width 1 across the flats, odd rows half a tile right:
 * the neighbour through side k is the tile whose centre lies 1 away at
 * angle -60k degrees (y down); -1 when none. */
static int neighbour(int rows, int cols, int r, int c, int k)
{
	double x = c + 0.5 * (r & 1), y = r * sqrt(3.0) / 2;
	double a = -60.0 * k * M_PI / 180.0, tx = x + cos(a), ty = y + sin(a);
	for (int i = 0; i < rows * cols; i++) {
		int rr = i / cols, cc = i % cols;
		double px = cc + 0.5 * (rr & 1), py = rr * sqrt(3.0) / 2;
		if (fabs(px - tx) < 1e-6 && fabs(py - ty) < 1e-6)
			return i;
	}
	return -1;
}

static void rules_hold(void **state)
{
	(void)state;
	static struct tp_hex h;
	const int sizes[][2] = { { 9, 9 }, { 4, 9 }, { 12, 10 } };
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		int R = sizes[s][0], C = sizes[s][1], steps = 0;
		struct tp_hex_anchor a;
		tp_hex_default_anchor(R, C, &a);
		assert_int_equal(tp_hex_derive(&h, R, C, &a, 1), 0);
		for (int i = 0; i < R * C; i++) {
			const unsigned char *v = h.tile[i].v;
			for (int k = 0; k < 3; k++)
				assert_int_equal((v[k] + v[k + 3]) % 9, 0);
			for (int k = 0; k < 6; k++) {
				int j = neighbour(R, C, i / C, i % C, k);
				if (j < 0)
					continue;
				steps++;
				assert_int_equal(h.tile[j].v[k], val(v[k] - 1));
				assert_int_equal(h.tile[j].v[(k + 3) % 6], val(v[(k + 3) % 6] + 1));
			}
		}
		assert_true(steps > 0);
		/* Brute force: distinct fronts among the tiles. */
		int distinct = 0, total = 0;
		for (int i = 0; i < R * C; i++) {
			int first = 1;
			for (int j = 0; j < i && first; j++)
				first = memcmp(h.tile[i].v, h.tile[j].v, 6) != 0;
			distinct += first;
		}
		assert_int_equal(distinct, 36);
		assert_int_equal(h.n_fronts, distinct);
		for (int f = 0; f < h.n_fronts; f++)
			total += h.count[f];
		assert_int_equal(total, R * C);
		char out[TP_HEX_RULES][160];
		assert_int_equal(tp_hex_prove(&h, out, TP_HEX_RULES), 0);
		h.tile[C + 1].v[0] = (unsigned char)val(h.tile[C + 1].v[0] + 1);
		assert_true(tp_hex_prove(&h, out, TP_HEX_RULES) > 0);
	}
}

/* The 36 fronts by the pairing rule as the header states it: north-east
 * 2E + p and north-west 7E + q with (p, q) one of four side patterns. */
static int spanning(unsigned char f[36][3], int pat[36])
{
	static const int p[4] = { 0, 1, 7, 8 }, q[4] = { 0, 0, 2, 2 };
	int n = 0;
	for (int e = 1; e <= 9; e++)
		for (int k = 0; k < 4; k++) {
			f[n][0] = (unsigned char)e;
			f[n][1] = (unsigned char)val(2 * e + p[k]);
			f[n][2] = (unsigned char)val(7 * e + q[k]);
			pat[n++] = k;
		}
	return n;
}

/* Brute force, independent of the generator's walk: every tile starts with
 * all 36 fronts; the anchors keep one; a front stays only while each
 * neighbour (found from the centres) still has a front that agrees with it
 * (the Direction Invariant on the shared side and the side patterns
 * changing as [0071] alternates them: beta across E-W, alpha across
 * NE-SW, both across NW-SE).  At the fixpoint every tile must hold exactly
 * the generator's front. */
static void layout_forced_by_anchors(void **state)
{
	(void)state;
	static struct tp_hex h;
	static unsigned char dom[TP_HEX_MAX * TP_HEX_MAX][36];
	unsigned char f[36][3];
	int pat[36], nf = spanning(f, pat);
	assert_int_equal(nf, 36);
	const struct { int R, C; struct tp_hex_anchor a[2]; int n; } cases[] = {
		{ 9, 9, { { .row = 4, .col = 4, .v = { 9, 9, 9 } } }, 1 },
		{ 9, 9, { { .row = 0, .col = 0, .v = { 5, 1, 8 } } }, 1 },
		{ 6, 11, { { .row = 2, .col = 7, .v = { 3, 7, 3 } } }, 1 },
	};
	static const int flip[3] = { 1, 2, 3 };
	for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
		int R = cases[t].R, C = cases[t].C, N = R * C;
		assert_int_equal(tp_hex_derive(&h, R, C, cases[t].a, cases[t].n), 0);
		memset(dom, 1, sizeof dom);
		for (int i = 0; i < cases[t].n; i++)
			for (int x = 0; x < nf; x++)
				dom[cases[t].a[i].row * C + cases[t].a[i].col][x] = memcmp(f[x], cases[t].a[i].v, 3) == 0;
		for (int changed = 1; changed;) {
			changed = 0;
			for (int i = 0; i < N; i++)
				for (int x = 0; x < nf; x++) {
					if (!dom[i][x])
						continue;
					for (int k = 0; k < 6 && dom[i][x]; k++) {
						int j = neighbour(R, C, i / C, i % C, k), ok = j < 0;
						int vk = k < 3 ? f[x][k] : 9 - f[x][k - 3];
						for (int y = 0; j >= 0 && y < nf && !ok; y++) {
							int wk = k < 3 ? f[y][k] : 9 - f[y][k - 3];
							ok = dom[j][y] && val(wk) == val(vk - 1) && (pat[x] ^ pat[y]) == flip[k % 3];
						}
						if (!ok) {
							dom[i][x] = 0;
							changed = 1;
						}
					}
				}
		}
		for (int i = 0; i < N; i++) {
			int left = 0, at = -1;
			for (int x = 0; x < nf; x++)
				if (dom[i][x])
					left++, at = x;
			assert_int_equal(left, 1);
			assert_memory_equal(f[at], h.tile[i].v, 3);
		}
		/* A second anchor agrees when it is the layout's own tile, and
		 * is named when it is not. */
		struct tp_hex_anchor two[2] = { cases[t].a[0], cases[t].a[0] };
		two[1].col = (two[1].col + 1) % C;
		memcpy(two[1].v, h.tile[two[1].row * C + two[1].col].v, 3);
		assert_int_equal(tp_hex_derive(&h, R, C, two, 2), 0);
		memcpy(two[1].v, cases[t].a[0].v, 3);
		assert_int_equal(tp_hex_derive(&h, R, C, two, 2), 2);
	}
}

static void small_board_refused(void **state)
{
	(void)state;
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_config_load(&c, tu_path("config/series-hex.ini"), NULL, 0, &tp_games, &e), TP_OK);
	tp_config_free(c);
	c = NULL;
	const char *sets[] = { "board.rows=2", "board.cols=2" };
	assert_int_equal(tp_config_load(&c, tu_path("config/series-hex.ini"), sets, 2, &tp_games, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "36 fronts"));
	const char *clash[] = { "hex.anchor=5 5 9 9 9", "hex.anchor=5 6 9 9 9" };
	e = (tp_err){ 0 };
	assert_int_equal(tp_config_load(&c, tu_path("config/series-hex.ini"), clash, 2, &tp_games, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "--set hex.anchor=5 6 9 9 9"));
	const char *odd[] = { "hex.anchor=1 1 1 5 3" };
	e = (tp_err){ 0 };
	assert_int_equal(tp_config_load(&c, tu_path("config/series-hex.ini"), odd, 1, &tp_games, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "36 fronts"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rules_hold),
		cmocka_unit_test(layout_forced_by_anchors),
		cmocka_unit_test(small_board_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
