/* The shape arena's rules as checks (arena_play.c), against the seed's own
 * numbers recomputed here: the hands of the seed's deal (18 pieces, three
 * of each shape, for two players; the four-player list; two of each shape
 * for three; one of each for five and six), the outer arena's parts by a
 * union-find over the board's inner flags, and the inner-arena bound from
 * the board's numbers. */

#include "testutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/arena/model/arena_core.h"

static char *read_text(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		fail_msg("cannot open %s (set TP_ROOT to the source tree)", path);
	char *buf = malloc(1 << 16);
	assert_non_null(buf);
	*len = fread(buf, 1, 1 << 16, f);
	fclose(f);
	return buf;
}

static void load_default(struct tp_arena_shapes *sh)
{
	size_t len;
	const char *path = tu_path("templates/shapes/default.ini");
	char *text = read_text(path, &len);
	tp_err e = { 0 };
	if (tp_arena_shapes_parse(text, len, path, sh, &e) != TP_OK)
		fail_msg("%s", e.msg);
	free(text);
}

/* Squares of one shape of each size 1..6: 21. */
static int set_squares(const struct tp_arena_shapes *sh)
{
	int n = 0;
	for (int s = 0; s < TP_ARENA_SHAPES; s++)
		n += sh->s[s].n_cells;
	return n;
}

/* The seed: six sets; with five players set 6 stays in the box. */
static int game_squares(const struct tp_arena_shapes *sh, int players)
{
	return (players == 5 ? 5 : 6) * set_squares(sh);
}

static int refused(const struct tp_arena_rules *r, const struct tp_arena_shapes *sh, char *msg,
		   size_t n)
{
	struct tp_arena_board *b = NULL;
	tp_err e = { 0 };
	int rc = tp_arena_board_derive(r, &b, &e);
	if (rc == TP_OK)
		rc = tp_arena_playable(r, sh, b, &e);
	tp_arena_board_free(b);
	snprintf(msg, n, "%s", e.msg);
	return rc;
}

/* Finding 1: sides too small for the pieces are refused with a side that
 * fits; every side that holds them passes this check. */
static void pieces_fit(void **state)
{
	(void)state;
	struct tp_arena_shapes sh;
	load_default(&sh);
	for (int players = 2; players <= 6; players++)
		for (int side = 7; side <= 21; side += 2) {
			struct tp_arena_rules r;
			tp_arena_rules_default(&r);
			r.side = side;
			r.players = players;
			char msg[600];
			int rc = refused(&r, &sh, msg, sizeof msg);
			int need = game_squares(&sh, players);
			if (side * side >= need) {
				assert_false(rc == TP_EINPUT && strstr(msg, "cannot hold"));
				continue;
			}
			assert_int_equal(rc, TP_EINPUT);
			assert_non_null(strstr(msg, "arena.side = "));
			int fix = side;
			while (fix * fix < need)
				fix += 2;
			char want[40];
			snprintf(want, sizeof want, "use arena.side = %d", fix);
			if (strstr(msg, want) == NULL)
				fail_msg("side %d, %d players: %s (want '%s')", side, players, msg, want);
		}
}

/* Parts of the outer arena by union-find over the board's own flags. */
static int find(int *p, int i)
{
	while (p[i] != i)
		i = p[i] = p[p[i]];
	return i;
}

static int parts_of(const struct tp_arena_board *b)
{
	int n = b->cols, *p = malloc(sizeof *p * (size_t)n * n), parts = 0;
	assert_non_null(p);
	for (int i = 0; i < n * n; i++)
		p[i] = i;
	for (int i = 0; i < n * n; i++) {
		if (b->sq[i].inner)
			continue;
		if (i % n + 1 < n && !b->sq[i + 1].inner)
			p[find(p, i)] = find(p, i + 1);
		if (i + n < n * n && !b->sq[i + n].inner)
			p[find(p, i)] = find(p, i + n);
	}
	for (int i = 0; i < n * n; i++)
		parts += !b->sq[i].inner && find(p, i) == i;
	free(p);
	return parts;
}

/* Findings 4 and 5: every offered shape at every size either gives the
 * parts it promises (four for diamond and circle, the seed's; one ring
 * for the square, said to depart from the seed) or is refused naming the
 * inner arena with a size that does. */
static void outer_parts(void **state)
{
	(void)state;
	struct tp_arena_shapes sh;
	load_default(&sh);
	const int sides[] = { 13, 15, 19, 25 };
	for (size_t k = 0; k < sizeof sides / sizeof *sides; k++)
		for (int in = 0; in < TP_INNER_N; in++)
			for (int size = 0; size < sides[k]; size++) {
				struct tp_arena_rules r;
				tp_arena_rules_default(&r);
				r.side = sides[k];
				r.inner = in;
				r.inner_size = size;
				r.gate = 1;
				struct tp_arena_board *b = NULL;
				tp_err e = { 0 };
				if (tp_arena_board_derive(&r, &b, &e) != TP_OK)
					continue;   /* ranges that cannot be met: refused earlier */
				int parts = parts_of(b), want = in == TP_INNER_SQUARE ? 1 : 4;
				assert_int_equal(tp_arena_outer_parts(&r), parts);
				int rc = tp_arena_playable(&r, &sh, b, &e);
				tp_arena_board_free(b);
				if (parts == want) {
					assert_int_equal(rc, TP_OK);
					continue;
				}
				assert_int_equal(rc, TP_EINPUT);
				assert_non_null(strstr(e.msg, "arena.inner"));
				/* The size it offers gives the promised parts. */
				const char *u = strstr(e.msg, "use arena.inner_size = ");
				assert_non_null(u);
				r.inner_size = atoi(u + strlen("use arena.inner_size = "));
				assert_int_equal(tp_arena_outer_parts(&r), want);
			}
	/* The seed's board: four parts. */
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	assert_int_equal(tp_arena_outer_parts(&r), 4);
}

static int cmp_desc(const void *a, const void *b)
{
	return *(const int *)b - *(const int *)a;
}

/* Player 1's hand from the seed's text: squares and the marks' factors. */
static void seed_hand(int players, int *squares, int mult[18], int *nm)
{
	*nm = 0;
	switch (players) {
	case 2: /* three of each shape, one unmarked, one "2", one "3" */
		*squares = 3 * 21;
		for (int i = 0; i < 6; i++) {
			mult[(*nm)++] = 3;
			mult[(*nm)++] = 2;
		}
		break;
	case 4: /* Gun, Gun "2", Door "3", Snake, Snake "2", Quoin "3", Rod "2", Rod, Eye "3" */
		*squares = 6 + 6 + 5 + 4 + 4 + 3 + 2 + 2 + 1;
		for (int i = 0; i < 3; i++) {
			mult[(*nm)++] = 3;
			mult[(*nm)++] = 2;
		}
		break;
	case 3: /* two of each shape, counted unmarked */
		*squares = 2 * 21;
		break;
	default: /* one of each shape, unmarked */
		*squares = 21;
	}
	qsort(mult, (size_t)*nm, sizeof *mult, cmp_desc);
}

/* Finding 1's gate half: the most a hand can score in the inner arena,
 * from the board's numbers; the gate at that bound passes, one more is
 * refused naming arena.gate with a gate that passes. */
static void gate_reach(void **state)
{
	(void)state;
	struct tp_arena_shapes sh;
	load_default(&sh);
	for (int players = 2; players <= 6; players++)
		for (int in = 0; in < TP_INNER_N; in++) {
			struct tp_arena_rules r;
			tp_arena_rules_default(&r);
			r.players = players;
			r.inner = in;
			struct tp_arena_board *b = NULL;
			tp_err e = { 0 };
			assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
			int n = b->cols, *v = malloc(sizeof *v * (size_t)n * n), k = 0;
			assert_non_null(v);
			for (int i = 0; i < n * n; i++)
				if (b->sq[i].inner && b->sq[i].number)
					v[k++] = b->sq[i].number;
			qsort(v, (size_t)k, sizeof *v, cmp_desc);
			int squares, mult[18], nm;
			seed_hand(players, &squares, mult, &nm);
			long bound = 0;
			for (int i = 0; i < k && i < squares; i++)
				bound += (long)v[i] * (i < nm ? mult[i] : 1);
			free(v);
			assert_int_equal(tp_arena_inner_reach(&sh, b, players), bound);
			r.gate = (int)bound;
			assert_int_equal(tp_arena_playable(&r, &sh, b, &e), TP_OK);
			r.gate = (int)bound + 1;
			assert_int_equal(tp_arena_playable(&r, &sh, b, &e), TP_EINPUT);
			assert_non_null(strstr(e.msg, "arena.gate = "));
			const char *u = strstr(e.msg, "use arena.gate = ");
			assert_non_null(u);
			r.gate = atoi(u + strlen("use arena.gate = "));
			assert_int_equal(tp_arena_playable(&r, &sh, b, &e), TP_OK);
			tp_arena_board_free(b);
		}
}

/* arena.gate: 1..TP_ARENA_GATE_MAX, the seed's 75 by default. */
static void gate_key(void **state)
{
	(void)state;
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	assert_int_equal(r.gate, 75);
	tp_err e = { 0 };
	r.gate = 0;
	assert_int_equal(tp_arena_rules_check(&r, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "arena.gate = 0"));
	r.gate = TP_ARENA_GATE_MAX + 1;
	assert_int_equal(tp_arena_rules_check(&r, &e), TP_EINPUT);
}


/* Finding 6: the outer numbers rise toward the corners.  The correlation
 * of number and distance from the centre, recomputed here over the outer
 * numbered squares, is clearly positive (above 0.3) and the farthest
 * quarter of the distances carries higher numbers than the nearest, on
 * every side, shape and seed tried; every other constraint still holds. */
static void outer_rise(void **state)
{
	(void)state;
	const int sides[] = { 13, 19, 25, 31 };
	for (size_t k = 0; k < sizeof sides / sizeof *sides; k++)
		for (int in = 0; in < TP_INNER_N; in++)
			for (unsigned long long seed = 1; seed <= 6; seed++) {
				struct tp_arena_rules r;
				tp_arena_rules_default(&r);
				r.side = sides[k];
				r.inner = in;
				r.seed = seed;
				struct tp_arena_board *b = NULL;
				tp_err e = { 0 };
				assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
				char why[300];
				assert_int_equal(tp_arena_board_verify(&r, b, why, sizeof why), 0);
				int n = b->cols, m = n / 2, cnt = 0;
				double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0, lo = 1e9, hi = 0;
				for (int i = 0; i < n * n; i++) {
					if (b->sq[i].inner || !b->sq[i].number)
						continue;
					double dr = i / n - m, dc = i % n - m, d = sqrt(dr * dr + dc * dc);
					double y = b->sq[i].number;
					sx += d, sy += y, sxx += d * d, syy += y * y, sxy += d * y, cnt++;
					lo = d < lo ? d : lo;
					hi = d > hi ? d : hi;
				}
				double corr = (cnt * sxy - sx * sy) /
					      sqrt((cnt * sxx - sx * sx) * (cnt * syy - sy * sy));
				double sn = 0, sf = 0;
				int nn = 0, nf = 0;
				for (int i = 0; i < n * n; i++) {
					if (b->sq[i].inner || !b->sq[i].number)
						continue;
					double dr = i / n - m, dc = i % n - m, d = sqrt(dr * dr + dc * dc);
					if (d <= lo + (hi - lo) / 4)
						sn += b->sq[i].number, nn++;
					if (d >= hi - (hi - lo) / 4)
						sf += b->sq[i].number, nf++;
				}
				if (corr <= 0.3 || sf / nf <= sn / nn)
					fail_msg("side %d inner %d seed %llu: correlation %.2f, near %.2f, far %.2f",
						 r.side, in, seed, corr, sn / nn, sf / nf);
				double near, far;
				assert_true(fabs(tp_arena_outer_rise(b, &near, &far) - corr) < 1e-9);
				assert_true(fabs(near - sn / nn) < 1e-9 && fabs(far - sf / nf) < 1e-9);
				tp_arena_board_free(b);
			}
}

/* Quarter q (1..4) of board b in quarter 1's frame: the number and the
 * arena at quarter 1's (row, col) turned q - 1 times clockwise. */
static void quarter_of_board(const struct tp_arena_board *b, int q, int *num, int *inner)
{
	int n = b->cols, m = n / 2;
	for (int row = 0; row < m; row++)
		for (int col = 0; col <= m; col++) {
			int r = row, c = col;
			for (int t = 1; t < q; t++) {
				int r0 = r;
				r = c;
				c = n - 1 - r0;
			}
			num[row * (m + 1) + col] = b->sq[r * n + c].number;
			inner[row * (m + 1) + col] = b->sq[r * n + c].inner;
		}
}

/* Finding 7: on small boards (7 and 9 are refused for play, the pieces
 * do not fit, but the numbering is the same) no two quarters' inner parts are alike when
 * turned onto each other and no quarter is its own mirror image (across
 * its middle row or column), for 50 seeds of every shape; where the
 * ranges force it (inner numbers all 1) the core says so (a warning). */
static void small_quarters(void **state)
{
	(void)state;
	const int sides[] = { 7, 9, 11, 13, 15 };
	for (size_t k = 0; k < sizeof sides / sizeof *sides; k++)
		for (int in = 0; in < TP_INNER_N; in++)
			for (unsigned long long seed = 1; seed <= 50; seed++) {
				struct tp_arena_rules r;
				tp_arena_rules_default(&r);
				r.side = sides[k];
				r.inner = in;
				r.seed = seed;
				struct tp_arena_board *b = NULL;
				tp_err e = { 0 };
				assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
				int m = r.side / 2, cells = m * (m + 1);
				int num[4][64 * 64], inner[4][64 * 64];
				for (int q = 0; q < 4; q++)
					quarter_of_board(b, q + 1, num[q], inner[q]);
				for (int q = 0; q < 4; q++) {
					for (int p = q + 1; p < 4; p++) {
						int same = 1;
						for (int i = 0; i < cells; i++)
							same &= !inner[q][i] || num[q][i] == num[p][i];
						if (same)
							fail_msg("side %d inner %d seed %llu: inner quarters %d and %d alike",
								 r.side, in, seed, q + 1, p + 1);
					}
					for (int axis = 0; axis < 2; axis++) {
						int same = 1;
						for (int row = 0; row < m; row++)
							for (int col = 0; col <= m; col++) {
								int r2 = axis ? row : m - 1 - row, c2 = axis ? m - col : col;
								same &= num[q][row * (m + 1) + col] == num[q][r2 * (m + 1) + c2];
							}
						if (same)
							fail_msg("side %d inner %d seed %llu: quarter %d its own mirror",
								 r.side, in, seed, q + 1);
					}
				}
				char why[200];
				assert_int_equal(tp_arena_quarters_alike(b, why, sizeof why), 0);
				tp_arena_board_free(b);
			}
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	r.side = 13;
	r.inner_min = r.inner_max = 1;
	struct tp_arena_board *b = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
	char why[200];
	assert_int_equal(tp_arena_quarters_alike(b, why, sizeof why), 1);
	assert_non_null(strstr(why, "inner arena"));
	tp_arena_board_free(b);
}

/* Finding 9: numbers that turned half round read as another number carry
 * a bar: besides those with a 6 or a 9, now 18 and 81 (and 108, 118, ...);
 * not those that read the same turned (11, 88, 181, 808) or as no number (10,
 * 100: "01", "001") or not at all (2, 25). */
static void bars(void **state)
{
	(void)state;
	const int yes[] = { 6, 9, 16, 19, 18, 81, 69, 96, 108, 118 };
	const int no[] = { 1, 2, 8, 10, 11, 25, 88, 100, 101, 111, 181, 808, 818 };
	for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
		if (!tp_arena_needs_bar(yes[i]))
			fail_msg("%d has no bar", yes[i]);
	for (size_t i = 0; i < sizeof no / sizeof *no; i++)
		if (tp_arena_needs_bar(no[i]))
			fail_msg("%d has a bar", no[i]);
	/* Every number: a bar exactly when turning it gives the same digits
	 * read another way (or a 6/9 whose turn a reader may take for it). */
	for (int v = 1; v <= TP_ARENA_NUMBER_MAX; v++) {
		char d[8], t[8];
		int n = snprintf(d, sizeof d, "%d", v), ok = 1, six = 0;
		for (int i = 0; i < n; i++) {
			char c = d[i];
			t[n - 1 - i] = c == '6' ? '9' : c == '9' ? '6' : c;
			ok &= c == '0' || c == '1' || c == '6' || c == '8' || c == '9';
			six |= c == '6' || c == '9';
		}
		t[n] = 0;
		int want = ok && (six || (t[0] != '0' && strcmp(t, d) != 0));
		assert_int_equal(tp_arena_needs_bar(v), want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pieces_fit),
		cmocka_unit_test(outer_parts),
		cmocka_unit_test(gate_reach),
		cmocka_unit_test(gate_key),
		cmocka_unit_test(outer_rise),
		cmocka_unit_test(small_quarters),
		cmocka_unit_test(bars),
	};
	return cmocka_run_group_tests_name("arena rules as checks", tests, NULL, NULL);
}
