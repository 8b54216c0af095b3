/* The vector-tiles core against the seed (001) and against independent,
 * naive oracles written here: binomials from Pascal's triangle, the tile
 * sets by enumerating all 256 direction masks, the set-up by the placement
 * rule documented in vector_core.h (recomputed by linear scans), turned
 * classes by canonical forms, print runs in integer arithmetic.
 *
 * Needs only the core: no cairo, so it includes cmocka directly rather than
 * testutil.h. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/vector/model/vector_core.h"

/* ---- oracles ------------------------------------------------------------------ */

static long pascal[9][9];

static long or_binom(int n, int k)
{
	if (pascal[0][0] == 0)
		for (int i = 0; i <= 8; i++)
			for (int j = 0; j <= i; j++)
				pascal[i][j] = (j == 0 || j == i) ? 1 : pascal[i - 1][j - 1] + pascal[i - 1][j];
	return k < 0 || k > n ? 0 : pascal[n][k];
}

static int popcount(unsigned m)
{
	int c = 0;
	for (; m; m >>= 1)
		c += (int)(m & 1u);
	return c;
}

/* Turned clockwise by k eighths, bit by bit. */
static unsigned or_turn(unsigned m, int k)
{
	unsigned out = 0;
	for (int d = 0; d < 8; d++)
		if (m & (1u << d))
			out |= 1u << ((d + k) % 8);
	return out;
}

/* Orbits of the made sets under turns by multiples of `step` eighths: the
 * number of different canonical forms (the least turned mask). */
static long or_classes(const unsigned *sets, int n, int step)
{
	unsigned canon[256];
	int nc = 0;
	for (int i = 0; i < n; i++) {
		unsigned best = sets[i];
		for (int k = step; k < 8; k += step)
			if (or_turn(sets[i], k) < best)
				best = or_turn(sets[i], k);
		int seen = 0;
		for (int j = 0; j < nc; j++)
			seen |= canon[j] == best;
		if (!seen)
			canon[nc++] = best;
	}
	return nc;
}

/* Start column of player p (1-based): odd players from the left corner
 * inward, even ones from the right. */
static int or_start_col(int cols, int p)
{
	return p % 2 ? (p + 1) / 2 - 1 : cols - p / 2;
}

static long sqdist(int rows, int cols, int r, int c)
{
	long dr = 2L * r + 1 - rows, dc = 2L * c + 1 - cols;
	return dr * dr + dc * dc;
}

static const char *const names[8] = { "n", "ne", "e", "se", "s", "sw", "w", "nw" };

/* ---- helpers -------------------------------------------------------------------- */

static struct tp_vector_rules rules(int rows, int cols, const char *dirs, int per_tile,
				   int blanks, int players)
{
	struct tp_vector_rules r;
	tp_vector_rules_default(&r);
	r.rows = rows;
	r.cols = cols;
	char why[200];
	if (tp_vector_parse_dirs(dirs, r.dirs, &r.n_dirs, why, sizeof why) != 0)
		fail_msg("directions '%s': %s", dirs, why);
	r.per_tile = per_tile;
	r.blanks = blanks;
	r.players = players;
	for (int p = 0; p < TP_VEC_MAX_PLAYERS; p++)
		r.symbol[p] = p;
	return r;
}

static struct tp_vector_model *derive(const struct tp_vector_rules *r)
{
	struct tp_vector_model *m = NULL;
	tp_err e = { 0 };
	if (tp_vector_derive(r, &m, &e) != TP_OK)
		fail_msg("derive: %s", e.msg);
	assert_non_null(m);
	return m;
}

static const struct tp_vtile *tile(const struct tp_vector_model *m, int r, int c)
{
	return &m->grid[(size_t)r * m->cols + c];
}

/* Position of compass point d in the directions key, -1 when absent. */
static int key_pos(const struct tp_vector_rules *r, int d)
{
	for (int i = 0; i < r->n_dirs; i++)
		if (r->dirs[i] == d)
			return i;
	return -1;
}

/* The key positions of a set, ascending. */
static int positions(const struct tp_vector_rules *r, unsigned set, int pos[8])
{
	int n = 0;
	for (int i = 0; i < r->n_dirs; i++)
		if (set & (1u << r->dirs[i]))
			pos[n++] = i;
	return n;
}

static int is_start_or_home(const struct tp_vector_rules *r, int rr, int cc)
{
	for (int p = 1; p <= r->players; p++) {
		int sc = or_start_col(r->cols, p);
		if ((rr == r->rows - 1 && cc == sc) || (rr == 0 && cc == r->cols - 1 - sc))
			return 1;
	}
	return 0;
}

/* Everything the model must be, recomputed from the rules. */
static void check_model(const struct tp_vector_rules *r, const struct tp_vector_model *m)
{
	assert_int_equal(m->rows, r->rows);
	assert_int_equal(m->cols, r->cols);
	long area = (long)r->rows * r->cols;
	long V = or_binom(r->n_dirs, r->per_tile);
	assert_int_equal(m->n_sets, V);
	assert_int_equal(m->count[TP_VK_VECTOR], V);
	assert_int_equal(m->count[TP_VK_BLANK], r->blanks);
	assert_int_equal(m->count[TP_VK_START], r->players);
	assert_int_equal(m->count[TP_VK_HOME], r->players);
	long tally[TP_VK_COUNT] = { 0 };
	for (long i = 0; i < area; i++) {
		assert_in_range(m->grid[i].kind, 0, TP_VK_COUNT - 1);
		tally[m->grid[i].kind]++;
	}
	for (int k = 0; k < TP_VK_COUNT; k++)
		assert_int_equal(tally[k], m->count[k]);

	/* Start and home tiles by the documented rule. */
	for (int p = 1; p <= r->players; p++) {
		int sc = or_start_col(r->cols, p);
		const struct tp_vtile *s = tile(m, r->rows - 1, sc);
		const struct tp_vtile *h = tile(m, 0, r->cols - 1 - sc);
		assert_int_equal(s->kind, TP_VK_START);
		assert_int_equal(s->player, p);
		assert_int_equal(h->kind, TP_VK_HOME);
		assert_int_equal(h->player, p);
		assert_int_equal(s->dirs, 0);
		assert_int_equal(h->dirs, 0);
	}

	/* Blanks: every blank at least as near the centre as every vector
	 * tile, ties broken row-major. */
	long worst_blank = -1, best_vector = -1;
	for (long i = 0; i < area; i++) {
		long key = sqdist(r->rows, r->cols, (int)(i / r->cols), (int)(i % r->cols)) * area + i;
		if (m->grid[i].kind == TP_VK_BLANK && key > worst_blank)
			worst_blank = key;
		if (m->grid[i].kind == TP_VK_VECTOR && (best_vector < 0 || key < best_vector))
			best_vector = key;
		if (m->grid[i].kind == TP_VK_BLANK || m->grid[i].kind == TP_VK_VECTOR)
			assert_int_equal(m->grid[i].player, 0);
		if (m->grid[i].kind == TP_VK_BLANK)
			assert_int_equal(m->grid[i].dirs, 0);
	}
	if (worst_blank >= 0 && best_vector >= 0)
		assert_true(worst_blank < best_vector);
	/* ... and, on small boards, exactly the squares a linear scan picks:
	 * repeatedly the nearest free square, the first in row-major order. */
	if (area <= 400) {
		char *chosen = calloc((size_t)area, 1);
		assert_non_null(chosen);
		for (int j = 0; j < r->blanks; j++) {
			long pick = -1;
			for (long i = 0; i < area; i++) {
				int rr = (int)(i / r->cols), cc = (int)(i % r->cols);
				if (chosen[i] || is_start_or_home(r, rr, cc))
					continue;
				if (pick < 0 || sqdist(r->rows, r->cols, rr, cc) <
						sqdist(r->rows, r->cols, (int)(pick / r->cols), (int)(pick % r->cols)))
					pick = i;
			}
			assert_true(pick >= 0);
			chosen[pick] = 1;
			assert_int_equal(m->grid[pick].kind, TP_VK_BLANK);
		}
		free(chosen);
	}

	/* Vector tiles: all C(n,k) sets of the key, each exactly once. */
	unsigned allowed = 0;
	for (int i = 0; i < r->n_dirs; i++)
		allowed |= 1u << r->dirs[i];
	int times[256] = { 0 };
	unsigned sets[256];
	int ns = 0, prev[8], have_prev = 0;
	for (long i = 0; i < area; i++) {
		const struct tp_vtile *t = &m->grid[i];
		if (t->kind != TP_VK_VECTOR)
			continue;
		assert_true(t->dirs < 256);
		assert_int_equal(t->dirs & ~allowed, 0);
		assert_int_equal(popcount(t->dirs), r->per_tile);
		times[t->dirs]++;
		sets[ns++] = t->dirs;
		/* Row-major order follows the lexicographic order of key positions. */
		int pos[8];
		positions(r, t->dirs, pos);
		if (have_prev) {
			int j = 0;
			while (j < r->per_tile && pos[j] == prev[j])
				j++;
			assert_true(j < r->per_tile && pos[j] > prev[j]);
		}
		memcpy(prev, pos, sizeof pos);
		have_prev = 1;
	}
	long expected = 0;
	for (unsigned s = 0; s < 256; s++) {
		int want = (s & ~allowed) == 0 && popcount(s) == r->per_tile;
		expected += want;
		assert_int_equal(times[s], want);
	}
	assert_int_equal(expected, V);
	assert_int_equal(ns, V);
	assert_int_equal(m->classes_turn90, or_classes(sets, ns, 2));
	assert_int_equal(m->classes_turn45, or_classes(sets, ns, 1));
}

/* ---- the seed ------------------------------------------------------------------ */

static void seed_default(void **state)
{
	(void)state;
	struct tp_vector_rules r;
	tp_vector_rules_default(&r);
	/* The seed's numbers, as its text gives them: 8 x 8, all eight
	 * directions, three vectors a tile, four blanks, two players. */
	assert_int_equal(r.rows * r.cols, 64);
	assert_int_equal(r.n_dirs, 8);
	assert_int_equal(r.per_tile, 3);
	assert_int_equal(r.blanks, 4);
	assert_int_equal(r.players, 2);
	assert_int_equal(r.symbol[0], 0);   /* circle */
	assert_int_equal(r.symbol[1], 1);   /* square */
	char why[300] = "untouched";
	assert_int_equal(tp_vector_fit(&r, why, sizeof why), 0);
	struct tp_vector_model *m = derive(&r);
	check_model(&r, m);
	/* "fifty-six vector tiles, each ... different" */
	assert_int_equal(m->count[TP_VK_VECTOR], 56);
	/* Start tiles in the two corners of one side, homes at the other end,
	 * blanks in the centre. */
	assert_int_equal(tile(m, 7, 0)->kind, TP_VK_START);
	assert_int_equal(tile(m, 7, 7)->kind, TP_VK_START);
	assert_int_equal(tile(m, 0, 0)->kind, TP_VK_HOME);
	assert_int_equal(tile(m, 0, 7)->kind, TP_VK_HOME);
	for (int rr = 3; rr <= 4; rr++)
		for (int cc = 3; cc <= 4; cc++)
			assert_int_equal(tile(m, rr, cc)->kind, TP_VK_BLANK);
	tp_vector_free(m);
	tp_vector_free(NULL);
}

static void turn_matches_oracle(void **state)
{
	(void)state;
	for (unsigned s = 0; s < 256; s++)
		for (int k = -17; k <= 17; k++)
			assert_int_equal(tp_vector_turn(s, k), or_turn(s, ((k % 8) + 8) % 8));
	for (int n = 0; n <= 8; n++)
		for (int k = -1; k <= n + 1; k++)
			assert_int_equal(tp_vector_binom(n, k), or_binom(n, k));
}

/* ---- other configurations ------------------------------------------------------ */

static void six_by_six_pairs(void **state)
{
	(void)state;
	struct tp_vector_rules r = rules(6, 6, "n ne e se s sw w nw", 2, 4, 2);
	assert_int_equal(or_binom(8, 2) + 4 + 4, 36);
	char why[300];
	assert_int_equal(tp_vector_fit(&r, why, sizeof why), 0);
	struct tp_vector_model *m = derive(&r);
	check_model(&r, m);
	tp_vector_free(m);
}

static void four_directions(void **state)
{
	(void)state;
	/* n e s w, one arrow a tile: 4 + 1 blank + 4 = a 3 x 3 board, the blank
	 * in the very centre. */
	struct tp_vector_rules r = rules(3, 3, "n e s w", 1, 1, 2);
	char why[300];
	assert_int_equal(tp_vector_fit(&r, why, sizeof why), 0);
	struct tp_vector_model *m = derive(&r);
	check_model(&r, m);
	assert_int_equal(tile(m, 1, 1)->kind, TP_VK_BLANK);
	tp_vector_free(m);
	/* Two arrows of four (6 tiles) on 4 x 4 with 6 blanks; key order w s e n. */
	r = rules(4, 4, "w,s,e,n", 2, 6, 2);
	m = derive(&r);
	check_model(&r, m);
	tp_vector_free(m);
	/* All four players, four arrows of the diagonals only. */
	r = rules(3, 4, "ne se sw nw", 2, 0, 3);
	m = derive(&r);
	check_model(&r, m);
	tp_vector_free(m);
}

/* The key order that the sweep uses: a fixed shuffle of the compass. */
static const int shuffled[8] = { TP_DIR_SW, TP_DIR_N, TP_DIR_E, TP_DIR_NW, TP_DIR_S, TP_DIR_NE, TP_DIR_W, TP_DIR_SE };

static void sweep(void **state)
{
	(void)state;
	long derived = 0;
	for (int nd = 1; nd <= 8; nd++)
		for (int order = 0; order < 2; order++)
			for (int k = 1; k <= nd; k++)
				for (int pl = 1; pl <= 4; pl++)
					for (int shape = 0; shape < 3; shape++) {
						struct tp_vector_rules r;
						tp_vector_rules_default(&r);
						r.n_dirs = nd;
						for (int i = 0; i < nd; i++)
							r.dirs[i] = order ? shuffled[i] : i;
						r.per_tile = k;
						r.players = pl;
						long need = or_binom(nd, k) + 2L * pl;
						int cols;
						if (shape == 0)
							cols = (int)ceil(sqrt((double)need));
						else if (shape == 1)
							cols = (int)((need + 1) / 2);
						else
							cols = pl;
						if (cols < pl)
							cols = pl;
						int rows = (int)((need + cols - 1) / cols);
						if (rows < 2)
							rows = 2;
						r.rows = rows;
						r.cols = cols;
						r.blanks = (int)((long)rows * cols - need);
						char why[400];
						if (tp_vector_fit(&r, why, sizeof why) != 0)
							fail_msg("%dx%d %d/%d %d players: %s", rows, cols, k, nd, pl, why);
						struct tp_vector_model *m = derive(&r);
						check_model(&r, m);
						tp_vector_free(m);
						derived++;
						/* One blank too many never fits. */
						r.blanks++;
						assert_int_equal(tp_vector_fit(&r, why, sizeof why), -1);
					}
	assert_true(derived > 400);
}

static void big_board(void **state)
{
	(void)state;
	struct tp_vector_rules r;
	tp_vector_rules_default(&r);
	r.rows = 300;
	r.cols = 301;
	r.blanks = 300 * 301 - 56 - 4;
	struct tp_vector_model *m = derive(&r);
	check_model(&r, m);
	tp_vector_free(m);
}

/* ---- the fit equation and its messages ---------------------------------------- */

/* Checks each suggestion in a misfit message: it must fit when applied,
 * and be the one the contract describes. */
static void check_suggestions(const struct tp_vector_rules *r, const char *why)
{
	long area = (long)r->rows * r->cols, V = or_binom(r->n_dirs, r->per_tile);
	long S = 2L * r->players, T = V + r->blanks + S;
	char head[300];
	snprintf(head, sizeof head, "%d x %d = %ld squares, but %ld vector + %d blank + %ld start/home = %ld tiles",
		 r->rows, r->cols, area, V, r->blanks, S, T);
	assert_true(strncmp(why, head, strlen(head)) == 0);
	assert_null(strchr(why, '\n'));
	const char *p = why + strlen(head);
	if (strncmp(p, ": use ", 6) != 0) {
		assert_string_equal(p, ": no board up to 1200 x 1200 holds them; use fewer blanks");
		return;
	}
	p += 6;
	int n_board = 0;
	while (*p) {
		char part[120];
		const char *end = strstr(p, ", or ");
		size_t len = end ? (size_t)(end - p) : strlen(p);
		assert_true(len < sizeof part);
		memcpy(part, p, len);
		part[len] = '\0';
		p += len + (end ? 5 : 0);
		struct tp_vector_rules t = *r;
		int R, C, k;
		long more = 0, b;
		char tail[60];
		char w2[300];
		if (sscanf(part, "%d x %d%59[^\n]", &R, &C, tail) >= 2) {
			if (strchr(part, 'w'))
				assert_int_equal(sscanf(part, "%d x %d with %ld more blank", &R, &C, &more), 3);
			t.rows = R;
			t.cols = C;
			t.blanks = (int)(r->blanks + more);
			assert_int_equal((long)R * C, T + more);
			/* The same change on both sides (a side of 1 stays 1), and the
			 * smallest such board. */
			if (r->cols > 1)
				assert_int_equal(R - r->rows, C - r->cols);
			else
				assert_int_equal(C, 1);
			int d = R - r->rows - 1;
			int cc = r->cols == 1 ? 1 : r->cols + d;
			if (r->rows + d >= 2 && cc >= r->players)
				assert_true((long)(r->rows + d) * cc < T);
			n_board++;
		} else if (sscanf(part, "blanks = %ld", &b) == 1) {
			t.blanks = (int)b;
		} else if (sscanf(part, "per_tile = %d with %ld blank", &k, &b) == 2) {
			t.per_tile = k;
			t.blanks = (int)b;
			/* Only offered when no per_tile fits the blanks as they are. */
			for (int j = 1; j <= r->n_dirs; j++)
				assert_true(or_binom(r->n_dirs, j) + r->blanks + S != area);
		} else if (sscanf(part, "per_tile = %d", &k) == 1) {
			t.per_tile = k;
			/* The nearest per_tile that fits, ties to the smaller. */
			for (int j = 1; j <= r->n_dirs; j++)
				if (j != r->per_tile && or_binom(r->n_dirs, j) + r->blanks + S == area) {
					int dj = abs(j - r->per_tile), dk = abs(k - r->per_tile);
					assert_true(dk < dj || (dk == dj && k <= j));
				}
		} else {
			fail_msg("unrecognised suggestion '%s' in: %s", part, why);
		}
		if (tp_vector_fit(&t, w2, sizeof w2) != 0)
			fail_msg("suggestion '%s' does not fit: %s", part, w2);
	}
	assert_true(n_board <= 1);
}

static void misfit_messages(void **state)
{
	(void)state;
	/* The example: four vectors a tile on the seed board. */
	struct tp_vector_rules r;
	tp_vector_rules_default(&r);
	r.per_tile = 4;
	long V = or_binom(8, 4), T = V + 4 + 4;
	int side = 1;
	while ((long)side * side < T)
		side++;
	int fit_k = 0;
	for (int k = 1; k <= 8 && !fit_k; k++)
		if (or_binom(8, k) + 8 == 64)
			fit_k = k;
	char want[300], why[300];
	snprintf(want, sizeof want,
		 "8 x 8 = 64 squares, but %ld vector + 4 blank + 4 start/home = %ld tiles: use %d x %d with %ld more blanks, or per_tile = %d",
		 V, T, side, side, (long)side * side - T, fit_k);
	assert_int_equal(tp_vector_fit(&r, why, sizeof why), -1);
	assert_string_equal(why, want);
	check_suggestions(&r, why);
	struct tp_vector_model *m = (struct tp_vector_model *)&r;   /* must be reset */
	tp_err e = { 0 };
	assert_int_equal(tp_vector_derive(&r, &m, &e), TP_EINPUT);
	assert_null(m);
	assert_int_equal(e.code, TP_EINPUT);
	assert_string_equal(e.msg, want);

	/* Many misfits: too big, too small, odd shapes, subsets of directions. */
	for (int rows = 2; rows <= 12; rows++)
		for (int cols = 1; cols <= 12; cols++)
			for (int k = 1; k <= 4; k++)
				for (int blanks = 0; blanks <= 9; blanks += 3)
					for (int pl = 1; pl <= 2 && pl <= cols; pl++) {
						struct tp_vector_rules t = rules(rows, cols, k % 2 ? "n e s w nw" : "n ne e se s sw w nw",
										k, blanks, pl);
						long tiles = or_binom(t.n_dirs, k) + blanks + 2L * pl;
						int rc = tp_vector_fit(&t, why, sizeof why);
						if (tiles == (long)rows * cols) {
							assert_int_equal(rc, 0);
							continue;
						}
						assert_int_equal(rc, -1);
						check_suggestions(&t, why);
					}
	/* Blanks beyond any board: no suggestion but fewer blanks. */
	tp_vector_rules_default(&r);
	r.rows = 2;
	r.cols = 2;
	r.blanks = 2000000;
	assert_int_equal(tp_vector_fit(&r, why, sizeof why), -1);
	check_suggestions(&r, why);
	/* The message is cut cleanly to the buffer, and n = 0 writes nothing. */
	tp_vector_rules_default(&r);
	r.per_tile = 4;
	char small[20];
	memset(small, 'x', sizeof small);
	assert_int_equal(tp_vector_fit(&r, small, sizeof small), -1);
	assert_int_equal(strlen(small), sizeof small - 1);
	assert_int_equal(tp_vector_fit(&r, NULL, 0), -1);
}

static void bad_rules(void **state)
{
	(void)state;
	struct {
		const char *what;
		int rows, cols, nd, d0, d1, k, blanks, players, s0, s1;
	} cases[] = {
		{ "rows and cols", 0, 8, 8, 0, 1, 3, 4, 2, 0, 1 },
		{ "rows and cols", 8, 1201, 8, 0, 1, 3, 4, 2, 0, 1 },
		{ "1 row", 1, 64, 8, 0, 1, 3, 4, 2, 0, 1 },
		{ "0 directions", 8, 8, 0, 0, 1, 3, 4, 2, 0, 1 },
		{ "9 directions", 8, 8, 9, 0, 1, 3, 4, 2, 0, 1 },
		{ "direction 8", 8, 8, 8, 8, 1, 3, 4, 2, 0, 1 },
		{ "direction -1", 8, 8, 8, -1, 1, 3, 4, 2, 0, 1 },
		{ "'ne' is repeated", 8, 8, 8, 1, 1, 3, 4, 2, 0, 1 },
		{ "per_tile 0", 8, 8, 8, 0, 1, 0, 4, 2, 0, 1 },
		{ "per_tile 9", 8, 8, 8, 0, 1, 9, 4, 2, 0, 1 },
		{ "blanks -1", 8, 8, 8, 0, 1, 3, -1, 2, 0, 1 },
		{ "players 0", 8, 8, 8, 0, 1, 3, 4, 0, 0, 1 },
		{ "players 5", 8, 8, 8, 0, 1, 3, 4, 5, 0, 1 },
		{ "symbol 4", 8, 8, 8, 0, 1, 3, 4, 2, 0, 4 },
		{ "symbol -1", 8, 8, 8, 0, 1, 3, 4, 2, -1, 1 },
		{ "both use the square", 8, 8, 8, 0, 1, 3, 4, 2, 1, 1 },
		{ "2 players need 2 start tiles", 64, 1, 8, 0, 1, 3, 4, 2, 0, 1 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct tp_vector_rules r;
		tp_vector_rules_default(&r);
		r.rows = cases[i].rows;
		r.cols = cases[i].cols;
		r.n_dirs = cases[i].nd;
		r.dirs[0] = cases[i].d0;
		r.dirs[1] = cases[i].d1;
		r.per_tile = cases[i].k;
		r.blanks = cases[i].blanks;
		r.players = cases[i].players;
		r.symbol[0] = cases[i].s0;
		r.symbol[1] = cases[i].s1;
		char why[300] = "";
		assert_int_equal(tp_vector_fit(&r, why, sizeof why), -1);
		if (strstr(why, cases[i].what) == NULL)
			fail_msg("case %zu: '%s' not in: %s", i, cases[i].what, why);
		struct tp_vector_model *m = NULL;
		tp_err e = { 0 };
		assert_int_equal(tp_vector_derive(&r, &m, &e), TP_EINPUT);
		assert_null(m);
		assert_string_equal(e.msg, why);
	}
}

/* ---- the directions parser ------------------------------------------------------ */

static void parse_ok(void **state)
{
	(void)state;
	int d[8], n = -1;
	char why[200] = "";
	assert_int_equal(tp_vector_parse_dirs("n ne e se s sw w nw", d, &n, why, sizeof why), 0);
	assert_int_equal(n, 8);
	for (int i = 0; i < 8; i++)
		assert_int_equal(d[i], i);
	assert_int_equal(tp_vector_parse_dirs(" s, n,e ", d, &n, why, sizeof why), 0);
	assert_int_equal(n, 3);
	assert_int_equal(d[0], TP_DIR_S);
	assert_int_equal(d[1], TP_DIR_N);
	assert_int_equal(d[2], TP_DIR_E);
	assert_int_equal(tp_vector_parse_dirs("\tN\tNe,,sW", d, &n, why, sizeof why), 0);
	assert_int_equal(n, 3);
	assert_int_equal(d[0], TP_DIR_N);
	assert_int_equal(d[1], TP_DIR_NE);
	assert_int_equal(d[2], TP_DIR_SW);
	/* Every ordering of every subset round-trips: all 8! orders of the
	 * full set, and each subset forwards and backwards. */
	int perm[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	for (long count = 0;; count++) {
		char text[64] = "";
		for (int i = 0; i < 8; i++) {
			strcat(text, names[perm[i]]);
			strcat(text, i % 2 ? "," : " ");
		}
		assert_int_equal(tp_vector_parse_dirs(text, d, &n, why, sizeof why), 0);
		assert_int_equal(n, 8);
		assert_memory_equal(d, perm, sizeof perm);
		/* next permutation */
		int i = 6;
		while (i >= 0 && perm[i] > perm[i + 1])
			i--;
		if (i < 0) {
			assert_int_equal(count + 1, 40320);
			break;
		}
		int j = 7;
		while (perm[j] < perm[i])
			j--;
		int tmp = perm[i];
		perm[i] = perm[j];
		perm[j] = tmp;
		for (int a = i + 1, b = 7; a < b; a++, b--) {
			tmp = perm[a];
			perm[a] = perm[b];
			perm[b] = tmp;
		}
	}
	for (unsigned s = 1; s < 256; s++)
		for (int back = 0; back < 2; back++) {
			char text[64] = "";
			for (int i = 0; i < 8; i++) {
				int dd = back ? 7 - i : i;
				if (s & (1u << dd)) {
					strcat(text, names[dd]);
					strcat(text, " ");
				}
			}
			assert_int_equal(tp_vector_parse_dirs(text, d, &n, why, sizeof why), 0);
			assert_int_equal(n, popcount(s));
			for (int i = 1; i < n; i++)
				assert_true(back ? d[i] < d[i - 1] : d[i] > d[i - 1]);
		}
}

static void parse_errors(void **state)
{
	(void)state;
	char allowed[64] = "";
	for (int i = 0; i < 8; i++) {
		strcat(allowed, i ? " " : "");
		strcat(allowed, names[i]);
	}
	int d[8], n;
	char why[200], want[200];
	assert_int_equal(tp_vector_parse_dirs("n x e", d, &n, why, sizeof why), -1);
	snprintf(want, sizeof want, "unknown direction 'x'; allowed: %s", allowed);
	assert_string_equal(why, want);
	assert_int_equal(tp_vector_parse_dirs("north", d, &n, why, sizeof why), -1);
	snprintf(want, sizeof want, "unknown direction 'north'; allowed: %s", allowed);
	assert_string_equal(why, want);
	assert_int_equal(tp_vector_parse_dirs("n ne e NE", d, &n, why, sizeof why), -1);
	assert_string_equal(why, "'ne' is repeated; give each direction once, from n ne e se s sw w nw");
	assert_int_equal(tp_vector_parse_dirs("s,s", d, &n, why, sizeof why), -1);
	assert_string_equal(why, "'s' is repeated; give each direction once, from n ne e se s sw w nw");
	/* Nine names: the ninth is always a repeat. */
	assert_int_equal(tp_vector_parse_dirs("n ne e se s sw w nw n", d, &n, why, sizeof why), -1);
	assert_string_equal(why, "'n' is repeated; give each direction once, from n ne e se s sw w nw");
	snprintf(want, sizeof want, "no directions given; allowed: %s", allowed);
	const char *empty[] = { "", " ", " , ,\t", NULL };
	for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
		assert_int_equal(tp_vector_parse_dirs(empty[i], d, &n, why, sizeof why), -1);
		assert_string_equal(why, want);
	}
	/* A long or binary token is shown short, on one line. */
	assert_int_equal(tp_vector_parse_dirs("n abcdefghijklmnopqrstuvwxyz", d, &n, why, sizeof why), -1);
	snprintf(want, sizeof want, "unknown direction 'abcdefghijklmnop...'; allowed: %s", allowed);
	assert_string_equal(why, want);
	assert_int_equal(tp_vector_parse_dirs("n\x01\x7f'\xff", d, &n, why, sizeof why), -1);
	snprintf(want, sizeof want, "unknown direction 'n?" "?" "?" "?'; allowed: %s", allowed);
	assert_string_equal(why, want);
	/* Small and absent buffers. */
	char tiny[8];
	assert_int_equal(tp_vector_parse_dirs("zz", d, &n, tiny, sizeof tiny), -1);
	assert_int_equal(strlen(tiny), sizeof tiny - 1);
	assert_int_equal(tp_vector_parse_dirs("zz", d, &n, NULL, 0), -1);
	assert_int_equal(tp_vector_parse_dirs("", d, &n, NULL, 0), -1);
	assert_int_equal(tp_vector_parse_dirs("n n", d, &n, NULL, 0), -1);
}

/* ---- reports --------------------------------------------------------------------- */

/* Splits text into lines (in place); returns the count. */
static int split_lines(char *s, char **line, int max)
{
	int n = 0;
	while (*s && n < max) {
		line[n++] = s;
		char *nl = strchr(s, '\n');
		assert_non_null(nl);   /* every line ends in a newline */
		*nl = '\0';
		s = nl + 1;
	}
	return n;
}

static void check_csv(const struct tp_vector_rules *r, const struct tp_vector_model *m)
{
	struct tp_buf b = { 0 };
	tp_vector_pattern_format(&b, r, m, TP_FMT_CSV);
	assert_false(b.oom);
	int want = r->rows * r->cols + 1;
	char **line = calloc((size_t)want + 1, sizeof *line);
	assert_non_null(line);
	int n = split_lines(b.s, line, want + 1);
	assert_int_equal(n, want);
	assert_string_equal(line[0], "row,col,kind,player,directions");
	for (int i = 1; i < n; i++) {
		int rr = (i - 1) / r->cols, cc = (i - 1) % r->cols;
		const struct tp_vtile *t = tile(m, rr, cc);
		char *f[5];
		char *s = line[i];
		for (int k = 0; k < 5; k++) {
			f[k] = s;
			char *comma = strchr(s, ',');
			if (k < 4) {
				assert_non_null(comma);
				*comma = '\0';
				s = comma + 1;
			} else {
				assert_null(comma);
			}
		}
		char num[16];
		snprintf(num, sizeof num, "%d", rr + 1);
		assert_string_equal(f[0], num);
		snprintf(num, sizeof num, "%d", cc + 1);
		assert_string_equal(f[1], num);
		static const char *const kinds[4] = { "vector", "blank", "start", "home" };
		assert_string_equal(f[2], kinds[t->kind]);
		if (t->kind == TP_VK_START || t->kind == TP_VK_HOME) {
			snprintf(num, sizeof num, "%d", t->player);
			assert_string_equal(f[3], num);
			assert_in_range(t->player, 1, r->players);
		} else {
			assert_string_equal(f[3], "");
		}
		if (t->kind != TP_VK_VECTOR) {
			assert_string_equal(f[4], "");
			continue;
		}
		/* single spaces, names in key order, exactly the tile's set */
		unsigned got = 0;
		int last = -1;
		assert_true(f[4][0] != ' ' && f[4][strlen(f[4]) - 1] != ' ');
		assert_null(strstr(f[4], "  "));
		for (char *tok = strtok(f[4], " "); tok; tok = strtok(NULL, " ")) {
			int d = -1;
			for (int k = 0; k < 8; k++)
				if (strcmp(tok, names[k]) == 0)
					d = k;
			assert_true(d >= 0);
			int pos = key_pos(r, d);
			assert_true(pos > last);
			last = pos;
			got |= 1u << d;
		}
		assert_int_equal(got, t->dirs);
	}
	free(line);
	tp_buf_free(&b);
}

/* Reads the text grid back: each square's glyph decoded to its kind,
 * player and directions. */
static void check_text_pattern(const struct tp_vector_rules *r, const struct tp_vector_model *m)
{
	struct tp_buf b = { 0 };
	tp_vector_pattern_format(&b, r, m, TP_FMT_TEXT);
	assert_false(b.oom);
	int max = 8 + 4 * r->rows;
	char **line = calloc((size_t)max, sizeof *line);
	assert_non_null(line);
	int n = split_lines(b.s, line, max);
	assert_int_equal(n, 5 + 3 * r->rows + (r->rows - 1));
	static const int gr[8] = { 0, 0, 1, 2, 2, 2, 1, 0 }, gc[8] = { 1, 2, 2, 2, 1, 0, 0, 0 };
	static const char gch[8] = { '|', '/', '-', '\\', '|', '/', '-', '\\' };
	for (int rr = 0; rr < r->rows; rr++)
		for (int cc = 0; cc < r->cols; cc++) {
			const struct tp_vtile *t = tile(m, rr, cc);
			const char *g[3];
			for (int l = 0; l < 3; l++) {
				const char *ln = line[5 + 4 * rr + l];
				assert_true(strlen(ln) >= (size_t)(4 + 4 * cc + 4));
				g[l] = ln + 4 + 4 * cc + 1;
			}
			if (t->kind == TP_VK_VECTOR) {
				assert_int_equal(g[1][1], 'o');
				unsigned got = 0;
				for (int d = 0; d < 8; d++)
					if (g[gr[d]][gc[d]] == gch[d])
						got |= 1u << d;
				assert_int_equal(got, t->dirs);
			} else if (t->kind == TP_VK_BLANK) {
				assert_memory_equal(g[1], "[ ]", 3);
			} else {
				assert_int_equal(g[1][0], t->kind == TP_VK_START ? 'S' : 'H');
				assert_int_equal(g[1][1], '0' + t->player);
			}
		}
	free(line);
	tp_buf_free(&b);
}

/* ---- a small JSON checker: the whole text must be one valid value ---------------- */

static const char *js_ws(const char *s)
{
	while (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r')
		s++;
	return s;
}

static const char *js_value(const char *s);

static const char *js_string(const char *s)
{
	if (*s != '"')
		return NULL;
	for (s++; *s && *s != '"'; s++) {
		if ((unsigned char)*s < 0x20)
			return NULL;
		if (*s == '\\' && !*++s)
			return NULL;
	}
	return *s == '"' ? s + 1 : NULL;
}

static const char *js_seq(const char *s, char close, int object)
{
	s = js_ws(s + 1);
	if (*s == close)
		return s + 1;
	for (;;) {
		if (object) {
			s = js_string(js_ws(s));
			if (s == NULL || *(s = js_ws(s)) != ':')
				return NULL;
			s++;
		}
		s = js_value(s);
		if (s == NULL)
			return NULL;
		s = js_ws(s);
		if (*s == close)
			return s + 1;
		if (*s != ',')
			return NULL;
		s++;
	}
}

static const char *js_value(const char *s)
{
	s = js_ws(s);
	if (*s == '{')
		return js_seq(s, '}', 1);
	if (*s == '[')
		return js_seq(s, ']', 0);
	if (*s == '"')
		return js_string(s);
	for (const char *const *w = (const char *const[]){ "true", "false", "null", NULL }; *w; w++)
		if (strncmp(s, *w, strlen(*w)) == 0)
			return s + strlen(*w);
	char *end;
	strtod(s, &end);
	return end == s ? NULL : end;
}

static void assert_json(const char *s)
{
	const char *end = js_value(s);
	assert_non_null(end);
	assert_string_equal(js_ws(end), "");
}

static long count_substr(const char *s, const char *needle)
{
	long n = 0;
	for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

static void patterns(void **state)
{
	(void)state;
	struct tp_vector_rules cases[] = {
		rules(8, 8, "n ne e se s sw w nw", 3, 4, 2),
		rules(4, 4, "w s e n", 2, 6, 2),
		rules(6, 6, "nw sw se ne n e s w", 2, 4, 2),
		rules(3, 12, "n ne e se s sw w", 2, 0, 4),
	};
	cases[3].blanks = 3 * 12 - (int)or_binom(7, 2) - 8;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct tp_vector_model *m = derive(&cases[i]);
		check_model(&cases[i], m);
		check_csv(&cases[i], m);
		check_text_pattern(&cases[i], m);
		struct tp_buf b = { 0 };
		tp_vector_pattern_format(&b, &cases[i], m, TP_FMT_JSON);
		assert_false(b.oom);
		assert_json(b.s);
		assert_int_equal(count_substr(b.s, "\"row\": "), (long)m->rows * m->cols);
		assert_int_equal(count_substr(b.s, "\"kind\": \"vector\""), m->n_sets);
		tp_buf_free(&b);
		tp_vector_free(m);
	}
}

/* Items of a kind for a run, in integer arithmetic: spares_pct is given in
 * tenths of a percent. */
static long or_run(long n, int games, int pct10)
{
	long base = n * games;
	return base + (base * pct10 + 999) / 1000;
}

static void manifests(void **state)
{
	(void)state;
	struct tp_vector_rules cases[] = {
		rules(8, 8, "n ne e se s sw w nw", 3, 4, 2),
		rules(6, 6, "n ne e se s sw w nw", 2, 4, 2),
		rules(4, 4, "w s e n", 2, 6, 2),
	};
	const int games[] = { 1, 3, 2, 7, 1 };
	const int pct10[] = { 0, 100, 125, 1, 333 };
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct tp_vector_rules *r = &cases[i];
		struct tp_vector_model *m = derive(r);
		for (size_t j = 0; j < sizeof games / sizeof games[0]; j++) {
			struct tp_run run = { games[j], pct10[j] / 10.0 };
			long per[5], all[5];
			per[4] = all[4] = 0;
			long base[4] = { or_binom(r->n_dirs, r->per_tile), r->blanks, r->players, r->players };
			for (int k = 0; k < 4; k++) {
				per[k] = base[k];
				all[k] = or_run(base[k], games[j], pct10[j]);
				per[4] += per[k];
				all[4] += all[k];
			}
			assert_int_equal(per[4], (long)r->rows * r->cols);
			static const char *const kinds[5] = { "vector", "blank", "start", "home", "total" };

			/* CSV */
			struct tp_buf b = { 0 };
			tp_vector_manifest_format(&b, r, m, &run, TP_FMT_CSV);
			assert_false(b.oom);
			char *line[8];
			assert_int_equal(split_lines(b.s, line, 8), 6);
			assert_string_equal(line[0], "kind,per_game,print_run");
			for (int k = 0; k < 5; k++) {
				char want[80];
				snprintf(want, sizeof want, "%s,%ld,%ld", kinds[k], per[k], all[k]);
				assert_string_equal(line[k + 1], want);
			}
			tp_buf_free(&b);

			/* TEXT: the table rows */
			tp_vector_manifest_format(&b, r, m, &run, TP_FMT_TEXT);
			assert_false(b.oom);
			for (int k = 0; k < 5; k++) {
				char want[80];
				snprintf(want, sizeof want, "\n%-8s%10ld%11ld\n", kinds[k], per[k], all[k]);
				assert_non_null(strstr(b.s, want));
			}
			char pieces[80];
			snprintf(pieces, sizeof pieces, "), %ld in the print run", or_run(r->players, games[j], pct10[j]));
			assert_non_null(strstr(b.s, pieces));
			tp_buf_free(&b);

			/* JSON */
			tp_vector_manifest_format(&b, r, m, &run, TP_FMT_JSON);
			assert_false(b.oom);
			assert_json(b.s);
			for (int pass = 0; pass < 2; pass++) {
				const long *v = pass ? all : per;
				char want[200];
				snprintf(want, sizeof want,
					 "\"%s\": {\"vector\": %ld, \"blank\": %ld, \"start\": %ld, \"home\": %ld, \"total\": %ld}",
					 pass ? "print_run" : "per_game", v[0], v[1], v[2], v[3], v[4]);
				assert_non_null(strstr(b.s, want));
			}
			/* every vector tile with its position and directions */
			const char *vt = strstr(b.s, "\"vector_tiles\": [");
			const char *su = strstr(b.s, "\"setup\": [");
			assert_non_null(vt);
			assert_non_null(su);
			long listed = 0;
			for (const char *p = strstr(vt, "{\"row\": "); p && p < su; p = strstr(p + 1, "{\"row\": ")) {
				int rr, cc;
				assert_int_equal(sscanf(p, "{\"row\": %d, \"col\": %d", &rr, &cc), 2);
				const struct tp_vtile *t = tile(m, rr - 1, cc - 1);
				assert_int_equal(t->kind, TP_VK_VECTOR);
				const char *lb = strchr(p, '['), *rb = strchr(p, ']');
				unsigned got = 0;
				for (int d = 0; d < 8; d++) {
					char q[8];
					snprintf(q, sizeof q, "\"%s\"", names[d]);
					const char *f = strstr(lb, q);
					if (f && f < rb)
						got |= 1u << d;
				}
				assert_int_equal(got, t->dirs);
				listed++;
			}
			assert_int_equal(listed, m->n_sets);
			unsigned sets[256];
			int ns = 0;
			for (long q = 0; q < (long)m->rows * m->cols; q++)
				if (m->grid[q].kind == TP_VK_VECTOR)
					sets[ns++] = m->grid[q].dirs;
			char want[200];
			snprintf(want, sizeof want, "\"classes_turn90\": %ld, \"classes_turn45\": %ld, \"note\": \"the orientation marker keeps all %ld direction sets distinct",
				 or_classes(sets, ns, 2), or_classes(sets, ns, 1), or_binom(r->n_dirs, r->per_tile));
			assert_non_null(strstr(b.s, want));
			snprintf(want, sizeof want, "\"games\": %d,", games[j]);
			assert_non_null(strstr(b.s, want));
			tp_buf_free(&b);
		}
		tp_vector_free(m);
	}
}

/* ---- allocation failure ----------------------------------------------------------- */

static void derive_alloc_failures(void **state)
{
	(void)state;
	struct tp_vector_rules cases[] = {
		rules(8, 8, "n ne e se s sw w nw", 3, 4, 2),
		rules(3, 4, "ne se sw nw", 2, 0, 3),
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		long n;
		for (n = 1;; n++) {
			struct tp_vector_model *m = (struct tp_vector_model *)&n;
			tp_err e = { 0 };
			tp_alloc_fail_at(n);
			int rc = tp_vector_derive(&cases[i], &m, &e);
			tp_alloc_fail_at(0);
			if (rc == TP_OK) {
				check_model(&cases[i], m);
				tp_vector_free(m);
				break;
			}
			assert_int_equal(rc, TP_EIO);
			assert_int_equal(e.code, TP_EIO);
			assert_true(e.msg[0] != '\0');
			assert_null(m);
		}
		assert_true(n > 1);
	}
}

static void format_alloc_failures(void **state)
{
	(void)state;
	struct tp_vector_rules r = rules(8, 8, "n ne e se s sw w nw", 3, 4, 2);
	struct tp_vector_model *m = derive(&r);
	struct tp_run run = { 3, 10 };
	for (int what = 0; what < 6; what++) {
		int fmt = what % 3;
		struct tp_buf ref = { 0 };
		if (what < 3)
			tp_vector_pattern_format(&ref, &r, m, fmt);
		else
			tp_vector_manifest_format(&ref, &r, m, &run, fmt);
		assert_false(ref.oom);
		long n;
		for (n = 1;; n++) {
			struct tp_buf b = { 0 };
			tp_alloc_fail_at(n);
			if (what < 3)
				tp_vector_pattern_format(&b, &r, m, fmt);
			else
				tp_vector_manifest_format(&b, &r, m, &run, fmt);
			tp_alloc_fail_at(0);
			if (!b.oom) {
				assert_string_equal(b.s, ref.s);
				tp_buf_free(&b);
				break;
			}
			tp_buf_free(&b);
		}
		assert_true(n > 1);
		tp_buf_free(&ref);
	}
	tp_vector_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(seed_default),
		cmocka_unit_test(turn_matches_oracle),
		cmocka_unit_test(six_by_six_pairs),
		cmocka_unit_test(four_directions),
		cmocka_unit_test(sweep),
		cmocka_unit_test(big_board),
		cmocka_unit_test(misfit_messages),
		cmocka_unit_test(bad_rules),
		cmocka_unit_test(parse_ok),
		cmocka_unit_test(parse_errors),
		cmocka_unit_test(patterns),
		cmocka_unit_test(manifests),
		cmocka_unit_test(derive_alloc_failures),
		cmocka_unit_test(format_alloc_failures),
	};
	return cmocka_run_group_tests_name("vector core", tests, NULL, NULL);
}
