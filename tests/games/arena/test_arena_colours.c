/* Colour boards of the shape arena (issue 22, section 3: "playing
 * positions may be coloured and the object of the game in that case might
 * be to cover and thereby capture certain numbers of certain colours"),
 * re-checked by naive code here that shares nothing with the generator:
 * the positions and quarters laid out from their description, the colours
 * counted square by square per quarter and per inner quarter, turns and
 * mirrors compared square by square; then the collecting game: a chart of
 * one of each colour is always filled, a chart larger than a hand can
 * cover never is. */

#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/arena/model/arena_core.h"
#include "games/arena/play/arena_sim.h"

/* Quarter of (r, c) on R x C from the pinwheel's description: quarter 1
 * rows 0..a-1 x cols 0..b, quarter 2 rows 0..a x cols b+1.., 3 and 4
 * their half turns; 0 the centre. */
static int quarter(int R, int C, int r, int c)
{
	int a = R / 2, b = C / 2;
	if (r == a && c == b)
		return 0;
	if (r < a && c <= b)
		return 1;
	if (r <= a && c > b)
		return 2;
	return quarter(R, C, R - 1 - r, C - 1 - c) + 2;
}

/* A position: numbered under the numbering (alternate: row + col even;
 * all; groups of g with gap p centred on the centre), not the centre. */
static int position(const struct tp_arena_rules *rl, int R, int C, int r, int c)
{
	if (r == R / 2 && c == C / 2)
		return 0;
	if (rl->numbering == TP_NUMBERING_ALL)
		return 1;
	if (rl->numbering == TP_NUMBERING_ALTERNATE)
		return (r + c) % 2 == 0;
	int g = rl->group_size, p = g + rl->group_gap;
	int dr = r - R / 2 + g / 2 + 1000 * p, dc = c - C / 2 + g / 2 + 1000 * p;
	return dr % p < g && dc % p < g;
}

/* The colours turned: t quarter turns on a square, a half turn on a
 * rectangle; mirrors about the middle lines and (square) the diagonals. */
static int same_under(const struct tp_arena_board *b, int map)
{
	int R = b->rows, C = b->cols;
	for (int r = 0; r < R; r++)
		for (int c = 0; c < C; c++) {
			int r2, c2;
			switch (map) {
			case 0: r2 = R - 1 - r; c2 = c; break;           /* mirror rows */
			case 1: r2 = r; c2 = C - 1 - c; break;           /* mirror cols */
			case 2: r2 = c; c2 = r; break;                   /* main diagonal */
			default: r2 = C - 1 - c; c2 = R - 1 - r; break;  /* anti-diagonal */
			}
			if (b->sq[r * C + c].colour != b->sq[r2 * C + c2].colour)
				return 0;
		}
	return 1;
}

/* Whether quarter q turned onto quarter p reads the same. */
static int quarter_repeats(const struct tp_arena_board *b, int q, int p)
{
	int R = b->rows, C = b->cols;
	for (int r = 0; r < R; r++)
		for (int c = 0; c < C; c++) {
			if (quarter(R, C, r, c) != q)
				continue;
			int r2 = r, c2 = c;
			for (int t = 0; t < (p - q + 4) % 4; t++) {
				int r0 = r2;
				if (R == C) {
					r2 = c2;
					c2 = C - 1 - r0;
				}
			}
			if (R != C) {
				r2 = R - 1 - r;
				c2 = C - 1 - c;
			}
			if (b->sq[r * C + c].colour != b->sq[r2 * C + c2].colour)
				return 0;
		}
	return 1;
}

static void oracle_check(const struct tp_arena_rules *rl, const struct tp_arena_board *b)
{
	int R = b->rows, C = b->cols, k = rl->colours;
	int cnt[5][2][TP_ARENA_COLOURS_MAX + 1] = { { { 0 } } }, total[TP_ARENA_COLOURS_MAX + 1] = { 0 };
	for (int r = 0; r < R; r++)
		for (int c = 0; c < C; c++) {
			const struct tp_arena_square *s = &b->sq[r * C + c];
			assert_int_equal(s->number, 0);
			if (!position(rl, R, C, r, c)) {
				assert_int_equal(s->colour, 0);
				continue;
			}
			assert_in_range(s->colour, 1, k);
			cnt[quarter(R, C, r, c)][s->inner][s->colour]++;
			total[s->colour]++;
		}
	for (int c = 1; c <= k; c++)
		assert_int_equal(b->colour_n[c], total[c]);
	/* Balanced: within one in every part of every quarter; quarters that
	 * turn onto each other (every pair on a square, 1-3 and 2-4 on a
	 * rectangle) alike colour for colour. */
	for (int q = 1; q <= 4; q++)
		for (int in = 0; in < 2; in++) {
			int lo = 1 << 20, hi = 0;
			for (int c = 1; c <= k; c++) {
				lo = cnt[q][in][c] < lo ? cnt[q][in][c] : lo;
				hi = cnt[q][in][c] > hi ? cnt[q][in][c] : hi;
			}
			assert_true(hi - lo <= 1);
			int p = R == C ? 1 : (q - 1) % 2 + 1;
			for (int c = 1; c <= k; c++)
				assert_int_equal(cnt[q][in][c], cnt[p][in][c]);
		}
	/* A quarter of at least k positions holds every colour (so a chart's
	 * colours are all on the board). */
	for (int q = 1; q <= 4; q++) {
		int per = 0;
		for (int c = 1; c <= k; c++)
			per += cnt[q][0][c] + cnt[q][1][c];
		for (int c = 1; c <= k && per >= k; c++)
			if (cnt[q][0][c] + cnt[q][1][c] == 0)
				fail_msg("%dx%d k=%d: quarter %d of %d positions lacks colour %d", R, C, k, q, per, c);
	}
	for (int q = 1; q <= 4; q++)
		for (int p = q + 1; p <= 4; p++)
			if (R == C || (p - q) % 2 == 0)
				assert_false(quarter_repeats(b, q, p));
	for (int m = 0; m < (R == C ? 4 : 2); m++)
		assert_false(same_under(b, m));
}

static struct tp_arena_rules colours(int R, int C, int k, int numbering, unsigned long long seed)
{
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	r.marking = TP_MARKING_COLOURS;
	r.rows = R;
	r.cols = C;
	r.colours = k;
	r.numbering = numbering;
	r.seed = seed;
	return r;
}

/* Sizes square and oblong, 2..8 colours, three numberings, seeds: every
 * board the generator accepts passes the oracle; refusals name
 * arena.colours and are few (only tiny parts). */
static void sizes_colours_seeds(void **state)
{
	(void)state;
	static const int dims[][2] = { { 7, 7 },   { 9, 9 },   { 11, 11 }, { 15, 15 }, { 19, 19 },
				       { 25, 25 }, { 9, 13 },  { 13, 9 },  { 11, 17 }, { 21, 15 } };
	int boards = 0, refused = 0;
	for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++)
		for (int k = TP_ARENA_COLOURS_MIN; k <= TP_ARENA_COLOURS_MAX; k++)
			for (int nb = 0; nb < TP_NUMBERING_N; nb++)
				for (unsigned long long seed = 1; seed <= 3; seed++) {
					struct tp_arena_rules r = colours(dims[d][0], dims[d][1], k, nb, seed);
					struct tp_arena_board *b = NULL;
					tp_err e = { 0 };
					if (tp_arena_rules_check(&r, &e) != TP_OK)
						continue;   /* groups that leave an arena empty */
					int rc = tp_arena_board_derive(&r, &b, &e);
					if (rc != TP_OK) {
						assert_int_equal(rc, TP_EINPUT);
						assert_non_null(strstr(e.msg, "arena.colours"));
						refused++;
						continue;
					}
					oracle_check(&r, b);
					char why[300];
					if (tp_arena_board_verify(&r, b, why, sizeof why) != 0)
						fail_msg("%dx%d k=%d: %s", dims[d][0], dims[d][1], k, why);
					tp_arena_board_free(b);
					boards++;
				}
	printf("colour boards checked: %d, refused: %d\n", boards, refused);
	assert_true(boards > 20 * refused);
}

/* The same rules give the same colours; another seed others. */
static void seeded(void **state)
{
	(void)state;
	struct tp_arena_rules r = colours(0, 0, 4, TP_NUMBERING_ALTERNATE, 7);
	struct tp_arena_board *a = NULL, *b = NULL, *c = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_arena_board_derive(&r, &a, &e), TP_OK);
	assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
	r.seed = 8;
	assert_int_equal(tp_arena_board_derive(&r, &c, &e), TP_OK);
	int same = 1, other = 1;
	for (int i = 0; i < a->rows * a->cols; i++) {
		same &= a->sq[i].colour == b->sq[i].colour;
		other &= a->sq[i].colour == c->sq[i].colour;
	}
	assert_true(same);
	assert_false(other);
	tp_arena_board_free(a);
	tp_arena_board_free(b);
	tp_arena_board_free(c);
}

static void load_shapes(struct tp_arena_shapes *sh)
{
	const char *path = tu_path("templates/shapes/default.ini");
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		fail_msg("cannot open %s", path);
	char text[1 << 14];
	size_t len = fread(text, 1, sizeof text, f);
	fclose(f);
	tp_err e = { 0 };
	assert_int_equal(tp_arena_shapes_parse(text, len, path, sh, &e), TP_OK);
}

/* The chart: automatic size from the hand and the board as documented
 * (2 H P / (3 S k), at least 1); a chart of one of each colour is filled
 * in every game; one larger than a hand covers in none; the default is
 * filled in most games between random players; the winner's chart is
 * full (its places filled equal the chart). */
static void collecting(void **state)
{
	(void)state;
	struct tp_arena_shapes sh;
	load_shapes(&sh);
	struct tp_arena_rules r = colours(0, 0, 4, TP_NUMBERING_ALTERNATE, 1);
	struct tp_arena_board *b = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
	int hand = 0;
	for (int s = 0; s < TP_ARENA_SHAPES; s++)
		hand += 3 * sh.s[s].n_cells; /* two players: three of each shape */
	int pos = 0;
	for (int i = 0; i < b->rows * b->cols; i++)
		pos += b->sq[i].colour != 0;
	int want = 2 * hand * pos / (3 * b->rows * b->cols * r.colours);
	assert_int_equal(tp_arena_collect(&r, &sh, b), want < 1 ? 1 : want);
	static const int rnd[TP_SIM_MAX_SEATS] = { TP_STRATEGY_RANDOM, TP_STRATEGY_RANDOM };
	static const int gr[TP_SIM_MAX_SEATS] = { TP_STRATEGY_GREEDY, TP_STRATEGY_GREEDY };
	struct tp_arena_collect_sim s;
	assert_int_equal(tp_arena_collect_simulate(&sh, b, 2, r.colours, 1, 50, 3, rnd, NULL, &s, &e), TP_OK);
	assert_int_equal(s.completed, 50);
	assert_int_equal(s.wins[0] + s.wins[1], 50);
	assert_int_equal(tp_arena_collect_simulate(&sh, b, 2, r.colours, hand / r.colours + 1, 20, 3,
						   gr, NULL, &s, &e), TP_OK);
	assert_int_equal(s.completed, 0);
	int need = tp_arena_collect(&r, &sh, b);
	assert_int_equal(tp_arena_collect_simulate(&sh, b, 2, r.colours, need, 60, 5, rnd, NULL, &s, &e), TP_OK);
	assert_true(2 * s.completed > 60);
	/* Mean places filled: a full chart for every win, never more. */
	assert_true(s.filled[0] + s.filled[1] <= 2.0 * need * r.colours + 1e-9);
	assert_int_equal(tp_arena_collect_simulate(&sh, b, 2, r.colours, need, 60, 5, gr, NULL, &s, &e), TP_OK);
	assert_int_equal(s.completed, 60);
	/* The winner of each greedy game filled need * colours places: the
	 * mean over both seats is at least the winners' share. */
	assert_true(s.filled[0] + s.filled[1] >= (double)need * r.colours - 1e-9);
	tp_arena_board_free(b);
}

/* More colours than a quarter has positions: some colour would be on no
 * position and no chart could be filled. Refused naming arena.colours and
 * the most a quarter holds (counted here), which plays; it used to pass
 * the colouring and be refused as "arena.collect = 1 ... use
 * arena.collect = 0 or less", a value that was already set. */
static void every_colour_placed(void **state)
{
	(void)state;
	struct tp_arena_shapes sh;
	load_shapes(&sh);
	struct tp_arena_rules r = colours(13, 13, 8, TP_NUMBERING_GROUPS, 1);
	r.group_size = 1;
	r.group_gap = 2;
	int most = 0, per[5] = { 0 };
	for (int row = 0; row < 13; row++)
		for (int col = 0; col < 13; col++)
			if (position(&r, 13, 13, row, col))
				per[quarter(13, 13, row, col)]++;
	for (int q = 1; q <= 4; q++)
		most = per[q] > most ? per[q] : most;
	assert_true(most < r.colours);
	char want[80];
	snprintf(want, sizeof want, "use arena.colours = %d or fewer", most);
	for (int k = most + 1; k <= TP_ARENA_COLOURS_MAX; k++) {
		r.colours = k;
		struct tp_arena_board *b = NULL;
		tp_err e = { 0 };
		assert_int_equal(tp_arena_rules_check(&r, &e), TP_OK);
		assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
		assert_int_equal(tp_arena_playable(&r, &sh, b, &e), TP_EINPUT);
		if (strstr(e.msg, "arena.colours = ") != e.msg || strstr(e.msg, want) == NULL)
			fail_msg("k=%d: %s", k, e.msg);
		tp_arena_board_free(b);
	}
	for (int k = TP_ARENA_COLOURS_MIN; k <= most; k++) {
		r.colours = k;
		struct tp_arena_board *b = NULL;
		tp_err e = { 0 };
		assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
		oracle_check(&r, b);
		for (int c = 1; c <= k; c++)
			assert_true(b->colour_n[c] > 0);
		if (tp_arena_playable(&r, &sh, b, &e) != TP_OK)
			fail_msg("k=%d: %s", k, e.msg);
		tp_arena_board_free(b);
	}
}

/* Bad keys: colours, marking and collect out of range. */
static void bad_rules(void **state)
{
	(void)state;
	struct tp_arena_rules r = colours(0, 0, 1, 0, 1);
	tp_err e = { 0 };
	assert_int_equal(tp_arena_rules_check(&r, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "arena.colours = 1"));
	r.colours = 9;
	assert_int_equal(tp_arena_rules_check(&r, &e), TP_EINPUT);
	r.colours = 4;
	r.collect = -1;
	memset(&e, 0, sizeof e);
	assert_int_equal(tp_arena_rules_check(&r, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "arena.collect"));
	r.collect = 0;
	r.marking = TP_MARKING_N;
	memset(&e, 0, sizeof e);
	assert_int_equal(tp_arena_rules_check(&r, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "arena.marking"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sizes_colours_seeds),
		cmocka_unit_test(seeded),
		cmocka_unit_test(collecting),
		cmocka_unit_test(every_colour_placed),
		cmocka_unit_test(bad_rules),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
