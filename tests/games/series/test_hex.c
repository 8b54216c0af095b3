/* The hexagonal set (patent 000, [0070]-[0071]) against the rules, with
 * neighbours found from the tiles' centres (plane geometry, not the
 * generator's axial steps): through every side one series gains 1 and the
 * opposite loses 1, opposite triangles sum to 0 mod 9, and brute force over
 * the tiles finds the 36 fronts of [0071]. */

#include <math.h>

#include "testutil.h"

#include "app/config_load.h"
#include "games/series/series_hex.h"

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
		tp_hex_derive(&h, R, C);
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
		char out[5][160];
		assert_int_equal(tp_hex_prove(&h, out, 5), 0);
		h.tile[C + 1].v[0] = (unsigned char)val(h.tile[C + 1].v[0] + 1);
		assert_true(tp_hex_prove(&h, out, 5) > 0);
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
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rules_hold),
		cmocka_unit_test(small_board_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
