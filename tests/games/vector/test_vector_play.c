/* The vector tiles' rules as checks (vector_play.c) against a walk written
 * here: for every board of a scan whose counts fit, each player's route
 * from start to home is searched square by square over the set-up the
 * core derives (vector squares and the player's own home; steps along the
 * directions key), and the check must refuse exactly the boards where some
 * player has none.  Claim 1's "two or more directional indicia" is
 * per_tile >= 2. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/vector/model/vector_core.h"
#include "games/vector/play/vector_sim.h"

/* Row and column steps written out from the compass: n is up. */
static const int step[8][2] = { { -1, 0 }, { -1, 1 }, { 0, 1 }, { 1, 1 },
				{ 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 } };

/* Depth-first walk with an explicit stack. */
static int walk_home(const struct tp_vector_model *m, int p, unsigned dirs)
{
	int n = m->rows * m->cols, start = -1, home = -1, top = 0, found = 0;
	for (int i = 0; i < n; i++)
		if (m->grid[i].player == p && m->grid[i].kind == TP_VK_START)
			start = i;
		else if (m->grid[i].player == p && m->grid[i].kind == TP_VK_HOME)
			home = i;
	assert_true(start >= 0 && home >= 0);
	char *seen = calloc((size_t)n, 1);
	int *stack = malloc(sizeof *stack * (size_t)n);
	assert_non_null(seen);
	assert_non_null(stack);
	stack[top++] = start;
	seen[start] = 1;
	while (top && !found) {
		int s = stack[--top];
		for (int d = 0; d < 8; d++) {
			if (!(dirs >> d & 1))
				continue;
			int r = s / m->cols + step[d][0], c = s % m->cols + step[d][1];
			if (r < 0 || c < 0 || r >= m->rows || c >= m->cols)
				continue;
			int t = r * m->cols + c;
			found |= t == home;
			if (!seen[t] && m->grid[t].kind == TP_VK_VECTOR) {
				seen[t] = 1;
				stack[top++] = t;
			}
		}
	}
	free(seen);
	free(stack);
	return found;
}

static void rules_for(struct tp_vector_rules *r, int rows, int cols, unsigned dirs, int per_tile,
		      int players)
{
	tp_vector_rules_default(r);
	r->rows = rows;
	r->cols = cols;
	r->n_dirs = 0;
	for (int d = 0; d < 8; d++)
		if (dirs >> d & 1)
			r->dirs[r->n_dirs++] = d;
	r->per_tile = per_tile;
	r->players = players;
	r->blanks = (int)((long)rows * cols - tp_vector_binom(r->n_dirs, per_tile) - 2 * players);
}

/* Finding 3: every board of the scan whose counts fit is refused exactly
 * when some home cannot be reached, naming the blanks or the directions. */
static void reach_scan(void **state)
{
	(void)state;
	const unsigned sets[] = { 0xff, 0x11 /* n s */, 0x44 /* e w */, 0x55 /* n e s w */,
				  0xaa /* diagonals */, 0x07 /* n ne e */ };
	int accepted = 0, cut = 0;
	for (size_t k = 0; k < sizeof sets / sizeof *sets; k++)
		for (int per_tile = 2; per_tile <= 4; per_tile++)
			for (int players = 1; players <= 4; players++)
				for (int rows = 2; rows <= 12; rows++)
					for (int cols = players; cols <= 24; cols++) {
						struct tp_vector_rules r;
						rules_for(&r, rows, cols, sets[k], per_tile, players);
						char why[400];
						if (r.blanks < 0 || tp_vector_fit(&r, why, sizeof why) != 0)
							continue;
						struct tp_vector_model *m = NULL;
						tp_err e = { 0 };
						assert_int_equal(tp_vector_derive(&r, &m, &e), TP_OK);
						int all = 1;
						for (int p = 1; p <= players; p++)
							all &= walk_home(m, p, sets[k]);
						tp_vector_free(m);
						const char *key = NULL;
						int rc = tp_vector_playable(&r, why, sizeof why, &key);
						if (all) {
							accepted++;
							if (rc != 0)
								fail_msg("%dx%d dirs %#x per_tile %d: %s", rows, cols,
									 sets[k], per_tile, why);
							continue;
						}
						cut++;
						assert_int_equal(rc, -1);
						assert_true(strcmp(key, "blanks") == 0 || strcmp(key, "directions") == 0);
						char lead[32];
						snprintf(lead, sizeof lead, "vector.%s = ", key);
						assert_ptr_equal(strstr(why, lead), why);
						assert_non_null(strstr(why, "; use "));
					}
	/* The scan holds both kinds of board. */
	assert_true(accepted > 0 && cut > 0);
}

/* The example: a full-height wall of blanks on 5 x 16; the board
 * offered instead (same squares) lets everyone home. */
static void wall_of_blanks(void **state)
{
	(void)state;
	struct tp_vector_rules r;
	rules_for(&r, 5, 16, 0xff, 3, 2);
	assert_int_equal(r.blanks, 20);
	char why[400];
	const char *key = NULL;
	assert_int_equal(tp_vector_playable(&r, why, sizeof why, &key), -1);
	assert_string_equal(key, "blanks");
	const char *u = strstr(why, "use board.rows = ");
	assert_non_null(u);
	int rows = 0, cols = 0;
	assert_int_equal(sscanf(u, "use board.rows = %d with board.cols = %d", &rows, &cols), 2);
	assert_int_equal(rows * cols, 80);
	r.rows = rows;
	r.cols = cols;
	assert_int_equal(tp_vector_fit(&r, why, sizeof why), 0);
	assert_int_equal(tp_vector_playable(&r, why, sizeof why, &key), 0);
}

/* A board no reshaping of its squares can play (16 x 16 with the seed's
 * tiles: the blanks fill the centre) is refused with the smallest
 * near-square board the tiles fill and play on: the offer fits and plays,
 * and no smaller near-square board that holds the tiles plays. */
static void smallest_board(void **state)
{
	(void)state;
	int refused = 0;
	for (int per_tile = 3; per_tile <= 4; per_tile++) {
		struct tp_vector_rules r;
		rules_for(&r, 16, 16, 0xff, per_tile, 2);
		char why[400];
		const char *key = NULL;
		if (tp_vector_playable(&r, why, sizeof why, &key) == 0)
			continue;
		refused++;
		assert_string_equal(key, "blanks");
		const char *u = strstr(why, "use board.rows = ");
		assert_non_null(u);
		int rows = 0, cols = 0, blanks = -1;
		assert_int_equal(sscanf(u, "use board.rows = %d with board.cols = %d and vector.blanks = %d",
					&rows, &cols, &blanks), 3);
		struct tp_vector_rules t;
		rules_for(&t, rows, cols, 0xff, per_tile, 2);
		assert_int_equal(t.blanks, blanks);
		assert_true(rows * cols < 16 * 16);
		assert_int_equal(tp_vector_fit(&t, why, sizeof why), 0);
		assert_int_equal(tp_vector_playable(&t, why, sizeof why, &key), 0);
		for (int side = 2; side <= 16; side++)
			for (int wide = 0; wide <= 1; wide++) {
				struct tp_vector_rules b;
				rules_for(&b, side, side + wide, 0xff, per_tile, 2);
				if (b.blanks < 0 || side * (side + wide) >= rows * cols)
					continue;
				if (tp_vector_playable(&b, why, sizeof why, &key) == 0)
					fail_msg("%d x %d plays, smaller than the offered %d x %d", side,
						 side + wide, rows, cols);
			}
	}
	/* Else nothing above was checked: 16 x 16 must be a board that needs
	 * the offer for at least one of the tile sets. */
	assert_true(refused > 0);
}

/* Directions that never lead home (n s) are refused with a set that
 * does, checked by the walk. */
static void directions_fix(void **state)
{
	(void)state;
	struct tp_vector_rules r;
	rules_for(&r, 8, 8, 0x11, 2, 2);
	char why[400];
	const char *key = NULL;
	assert_int_equal(tp_vector_playable(&r, why, sizeof why, &key), -1);
	assert_string_equal(key, "directions");
	const char *u = strstr(why, "use vector.directions = ");
	assert_non_null(u);
	int dirs[8], n = 0;
	assert_int_equal(tp_vector_parse_dirs(u + strlen("use vector.directions = "), dirs, &n, why,
					      sizeof why), 0);
	unsigned set = 0;
	for (int i = 0; i < n; i++)
		set |= 1u << dirs[i];
	assert_int_equal(set & 0x11u, 0x11u); /* adds, keeps n and s */
	/* With no blanks in the way, every player gets home along them (the
	 * set-up of one tile per direction, its blanks turned to vectors). */
	struct tp_vector_model *m = NULL;
	tp_err e = { 0 };
	struct tp_vector_rules open;
	rules_for(&open, 8, 8, set, 1, 2);
	assert_int_equal(tp_vector_derive(&open, &m, &e), TP_OK);
	for (int i = 0; i < 64; i++)
		if (m->grid[i].kind == TP_VK_BLANK)
			m->grid[i].kind = TP_VK_VECTOR;
	for (int p = 1; p <= 2; p++)
		assert_true(walk_home(m, p, set));
	tp_vector_free(m);
}

/* Claim 1: two or more indicia a tile, so per_tile >= 2 and at least two
 * directions; the per_tile offered fits the board with its blanks. */
static void two_or_more(void **state)
{
	(void)state;
	struct tp_vector_rules r;
	rules_for(&r, 8, 8, 0xff, 1, 2);
	char why[400];
	const char *key = NULL;
	assert_int_equal(tp_vector_fit(&r, why, sizeof why), 0);
	assert_int_equal(tp_vector_playable(&r, why, sizeof why, &key), -1);
	assert_string_equal(key, "per_tile");
	int k = 0, blanks = -1;
	const char *u = strstr(why, "use vector.per_tile = ");
	assert_non_null(u);
	assert_int_equal(sscanf(u, "use vector.per_tile = %d with vector.blanks = %d", &k, &blanks), 2);
	assert_int_equal(k, 2);
	r.per_tile = k;
	r.blanks = blanks;
	assert_int_equal(tp_vector_fit(&r, why, sizeof why), 0);
	assert_int_equal(tp_vector_playable(&r, why, sizeof why, &key), 0);
	rules_for(&r, 8, 8, 0x01, 1, 2);
	assert_int_equal(tp_vector_playable(&r, why, sizeof why, &key), -1);
	assert_string_equal(key, "directions");
	/* The seed's game passes. */
	tp_vector_rules_default(&r);
	assert_int_equal(tp_vector_playable(&r, why, sizeof why, &key), 0);
}

/* Applies the misfit message's suggestion at u (after ": use " or
 * ", or ") to r: a board "R x C[ with M more blank(s)]", "blanks = B" or
 * "per_tile = K[ with B blanks]".  1 when one was read. */
static int apply_offer(const char *u, struct tp_vector_rules *r)
{
	int a, b, m;
	long vec = tp_vector_binom(r->n_dirs, r->per_tile), sh = 2L * r->players;
	if (sscanf(u, "%d x %d", &a, &b) == 2) {
		int was = r->blanks;
		r->rows = a;
		r->cols = b;
		r->blanks = (int)((long)a * b - vec - sh);
		/* "with M more blanks": M is what the new board adds. */
		if (sscanf(u, "%*d x %*d with %d more", &m) == 1)
			assert_int_equal(m, r->blanks - was);
		return 1;
	}
	if (sscanf(u, "blanks = %d", &a) == 1) {
		r->blanks = a;
		return 1;
	}
	if (sscanf(u, "per_tile = %d with %d blank", &a, &b) == 2) {
		r->per_tile = a;
		r->blanks = b;
		return 1;
	}
	if (sscanf(u, "per_tile = %d", &a) == 1) {
		r->per_tile = a;
		return 1;
	}
	return 0;
}

/* Every change a misfit message offers a user (tp_vector_fit_play) fits
 * and can be played: boards 2..16 a side with no blanks, all eight
 * directions, 3 a tile, 2 players (16 x 16 used to be offered blanks =
 * 196, which the playability check then refused). */
static void offers_playable(void **state)
{
	(void)state;
	int offers = 0;
	for (int rows = 2; rows <= 16; rows++)
		for (int cols = 2; cols <= 16; cols++) {
			struct tp_vector_rules r;
			rules_for(&r, rows, cols, 0xff, 3, 2);
			r.blanks = 0;
			char why[400], why2[400];
			const char *key;
			if (tp_vector_fit_play(&r, why, sizeof why) == 0)
				continue;
			for (const char *u = strstr(why, ": use "); u; u = strstr(u, ", or ")) {
				u += u[0] == ':' ? 6 : 5;
				struct tp_vector_rules t = r;
				assert_true(apply_offer(u, &t));
				if (tp_vector_fit(&t, why2, sizeof why2) != 0 ||
				    tp_vector_playable(&t, why2, sizeof why2, &key) != 0)
					fail_msg("%d x %d: offered \"%s\", refused: %s", rows, cols, u, why2);
				offers++;
			}
		}
	assert_true(offers > 0);
}

/* Claim 1 refuses a per_tile of 1 on every board, so the refusal a config
 * meets first (the counts, tp_vector_fit_play, then tp_vector_playable, as
 * vector_config.c runs them) must offer a per_tile of 2 or more, never a
 * board change alone ("use a smaller board" was offered for 1 a tile); and
 * a per_tile = 2 with blanks it offers must fit and play.  Same for one
 * direction: the offer names more directions. */
static void claim_one_first(void **state)
{
	(void)state;
	static const unsigned dirsets[] = { 0xff, 0x15 /* n e s */, 0x11 /* n s */, 0x01 /* n */ };
	int offers = 0;
	for (size_t d = 0; d < sizeof dirsets / sizeof dirsets[0]; d++)
		for (int rows = 2; rows <= 10; rows++)
			for (int cols = 2; cols <= 10; cols++) {
				struct tp_vector_rules r;
				rules_for(&r, rows, cols, dirsets[d], 1, 2);
				r.blanks = 0;
				char why[400];
				const char *key = NULL;
				if (tp_vector_fit_play(&r, why, sizeof why) == 0) {
					assert_int_equal(tp_vector_playable(&r, why, sizeof why, &key), -1);
					assert_string_equal(key, r.n_dirs < 2 ? "directions" : "per_tile");
				}
				if (r.n_dirs < 2) {
					if (!strstr(why, "use vector.directions = "))
						fail_msg("%d x %d, 1 direction: %s", rows, cols, why);
					continue;
				}
				const char *u = strstr(why, "use ");
				int k = 0, b = -1;
				if (u)
					u = strstr(u, "per_tile = ");
				if (!u || sscanf(u, "per_tile = %d", &k) != 1 || k < 2)
					fail_msg("%d x %d, %d directions, per_tile 1: no per_tile of 2 or more offered: %s",
						 rows, cols, r.n_dirs, why);
				u = strstr(why, "use vector.per_tile = ");
				if (u && sscanf(u, "use vector.per_tile = %d with vector.blanks = %d", &k, &b) == 2) {
					struct tp_vector_rules t = r;
					t.per_tile = k;
					t.blanks = b;
					if (tp_vector_fit(&t, why, sizeof why) != 0 ||
					    tp_vector_playable(&t, why, sizeof why, &key) != 0)
						fail_msg("%d x %d: offered per_tile %d with %d blanks, refused: %s", rows,
							 cols, k, b, why);
					offers++;
				}
			}
	assert_true(offers > 0);
}

/* Memory running out anywhere in a refusal's search for an offer (the
 * route home, the other boards of the same squares, the near-square
 * boards, the directions, a misfit's playable changes) is -2 with "out of
 * memory", never the refusal whose offer the failure cut short ("use
 * fewer blanks on a smaller board" was given).  Each allocation the
 * search makes fails in turn (tp_alloc_fail_at fails that one and every
 * later one); rules cases: blanks that cut players off with an offer of
 * the same squares, or of a near-square board; directions that never lead
 * home; per_tile 1; counts that misfit. */
static int oom_case(int which, struct tp_vector_rules *r)
{
	switch (which) {
	case 0: rules_for(r, 5, 16, 0xff, 3, 2); return 0;       /* same squares (wall_of_blanks) */
	case 1: rules_for(r, 16, 16, 0xff, 3, 2); return 0;      /* near-square board */
	case 2: rules_for(r, 8, 8, 0x11, 2, 2); return 0;        /* directions (n s) */
	case 3: rules_for(r, 8, 8, 0xff, 1, 2); return 0;        /* claim 1: per_tile 1 */
	default: rules_for(r, 16, 16, 0xff, 3, 2); r->blanks = 0; return 1;  /* misfit */
	}
}

static void oom_in_offers(void **state)
{
	(void)state;
	for (int which = 0; which < 5; which++) {
		struct tp_vector_rules r;
		int misfit = oom_case(which, &r);
		char why[400], ref[400];
		const char *key = NULL;
		long before = tp_alloc_count();
		int want = misfit ? tp_vector_fit_play(&r, ref, sizeof ref)
				  : tp_vector_playable(&r, ref, sizeof ref, &key);
		long made = tp_alloc_count() - before;
		assert_int_equal(want, -1);
		assert_null(strstr(ref, "out of memory"));
		/* The search allocates (a layout and a route search each): else
		 * nothing below is checked. */
		assert_true(made > 2);
		long step = made / 400 + 1;   /* about 400 runs a case at most */
		for (long n = 1; n <= made; n += step) {
			tp_alloc_fail_at(n);
			int rc = misfit ? tp_vector_fit_play(&r, why, sizeof why)
					: tp_vector_playable(&r, why, sizeof why, &key);
			tp_alloc_fail_at(0);
			if (rc != -2 || strstr(why, "out of memory") == NULL)
				fail_msg("case %d, allocation %ld of %ld failed: %d \"%s\" (without: \"%s\")",
					 which, n, made, rc, why, ref);
		}
	}
}

/* Seed 001: "the blank tiles 28 need not be placed in the center of the
 * board but may be arbitrarily placed by the players just as they placed
 * the vector tiles".  The test's own route search (steps along the
 * directions, over any square but the other start and home tiles) gives
 * the squares a route home crosses at least; a laying exists exactly when
 * that is no more than the vector tiles there are.  The 5 x 16 board with
 * 20 blanks in the centre walls players off (refused), with the blanks
 * laid by the players it plays; a 2 x 30 board of n e s w tiles (6 vector
 * tiles) needs a route of 28 squares: refused naming vector.blanks and
 * that figure.  Phase 1 lays the blanks anywhere but the start and home
 * tiles, every such square in some game. */
static long own_route(const struct tp_vector_rules *r, int p)
{
	int rows = r->rows, cols = r->cols, n = rows * cols;
	int sc = p % 2 ? (p - 1) / 2 : cols - 1 - (p - 1) / 2;   /* FIG. 2: corners inward */
	int start = (rows - 1) * cols + sc, home = cols - 1 - sc;
	long dist[64 * 64];
	int q[64 * 64], h = 0, t = 0;
	assert_true(n <= 64 * 64);
	for (int i = 0; i < n; i++)
		dist[i] = -1;
	dist[start] = 0;
	q[t++] = start;
	while (h < t) {
		int s = q[h++];
		for (int k = 0; k < r->n_dirs; k++) {
			int d = r->dirs[k];
			int r2 = s / cols + tp_compass_dr[d], c2 = s % cols + tp_compass_dc[d];
			if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols)
				continue;
			int u = r2 * cols + c2;
			if (u == home)
				return dist[s];
			int wall = 0;
			for (int o = 1; o <= r->players; o++) {
				int oc = o % 2 ? (o - 1) / 2 : cols - 1 - (o - 1) / 2;
				wall |= u == (rows - 1) * cols + oc || u == cols - 1 - oc;
			}
			if (wall || dist[u] >= 0)
				continue;
			dist[u] = dist[s] + 1;
			q[t++] = u;
		}
	}
	return -1;
}

static void blanks_by_players(void **state)
{
	(void)state;
	struct tp_vector_rules r;
	char why[400];
	const char *key = NULL;
	rules_for(&r, 5, 16, 0xff, 3, 2);
	assert_int_equal(r.blanks, 20);
	assert_int_equal(tp_vector_playable(&r, why, sizeof why, &key), -1);
	assert_string_equal(key, "blanks");
	r.blanks_placed = TP_BLANKS_PLAYERS;
	long vectors = tp_vector_binom(8, 3);
	for (int p = 1; p <= 2; p++)
		assert_true(own_route(&r, p) >= 0 && own_route(&r, p) <= vectors);
	assert_int_equal(tp_vector_playable(&r, why, sizeof why, &key), 0);
	assert_int_equal(tp_vector_reaches(&r), 1);

	rules_for(&r, 2, 30, 0x55, 2, 2);
	r.blanks_placed = TP_BLANKS_PLAYERS;
	vectors = tp_vector_binom(4, 2);
	long need = own_route(&r, 1);
	assert_true(need > vectors);
	assert_int_equal(tp_vector_playable(&r, why, sizeof why, &key), -1);
	assert_string_equal(key, "blanks");
	char fig[64];
	snprintf(fig, sizeof fig, "crosses %ld squares, but only %ld vector tiles", need, vectors);
	if (strstr(why, fig) == NULL)
		fail_msg("want \"%s\" in \"%s\"", fig, why);
	assert_int_equal(tp_vector_reaches(&r), 0);

	/* Phase 1: the blanks anywhere but the start and home tiles. */
	rules_for(&r, 8, 8, 0xff, 3, 2);
	struct tp_vector_model *m = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_vector_derive(&r, &m, &e), TP_OK);
	int ever[64] = { 0 }, idx[64];
	for (int k = 0; k < 400; k++) {
		struct tp_vtile g[64];
		memcpy(g, m->grid, sizeof g);
		struct tp_rng rng = tp_rng_game(9, k);
		tp_vector_lay(g, 64, idx, &rng, 1);
		long count[TP_VK_COUNT] = { 0 };
		for (int i = 0; i < 64; i++) {
			count[g[i].kind]++;
			ever[i] |= g[i].kind == TP_VK_BLANK;
			if (m->grid[i].kind == TP_VK_START || m->grid[i].kind == TP_VK_HOME)
				assert_memory_equal(&g[i], &m->grid[i], sizeof g[i]);
		}
		assert_memory_equal(count, m->count, sizeof count);
	}
	for (int i = 0; i < 64; i++)
		assert_int_equal(ever[i], m->grid[i].kind == TP_VK_VECTOR || m->grid[i].kind == TP_VK_BLANK);
	tp_vector_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reach_scan),
		cmocka_unit_test(wall_of_blanks),
		cmocka_unit_test(smallest_board),
		cmocka_unit_test(directions_fix),
		cmocka_unit_test(two_or_more),
		cmocka_unit_test(offers_playable),
		cmocka_unit_test(claim_one_first),
		cmocka_unit_test(oom_in_offers),
		cmocka_unit_test(blanks_by_players),
	};
	return cmocka_run_group_tests_name("vector rules as checks", tests, NULL, NULL);
}
