/* Which squares carry numbers (issue 22, section 4: arena.numbering =
 * alternate | groups | all): "groups of playing positions having numbers,
 * interspaced by groups of playing positions without numbers", and "every
 * playing position ... could be numbered".  Re-checked by naive code here
 * that shares nothing with the generator: the groups laid out from their
 * centres, totals summed afresh over quarters built from their
 * description, on square and rectangular boards, every inner shape, many
 * seeds. */

#include "testutil.h"
#include "tu_files.h"

#include "games/arena/model/arena_core.h"

/* Whether (row, col) should carry a number: groups are group_size squares
 * a side, centred on the centre square and every group_size + group_gap
 * squares from it, along both axes. */
static int want_numbered(const struct tp_arena_rules *r, int R, int C, int row, int col)
{
	if (r->numbering == TP_NUMBERING_ALL)
		return 1;
	if (r->numbering == TP_NUMBERING_ALTERNATE)
		return (row + col) % 2 == 0;
	int p = r->group_size + r->group_gap, h = r->group_size / 2, in_r = 0, in_c = 0;
	for (int k = -R; k <= R; k++) {
		int cr = R / 2 + k * p, cc = C / 2 + k * p;
		in_r |= abs(row - cr) <= h;
		in_c |= abs(col - cc) <= h;
	}
	return in_r && in_c;
}

static int quarter(int R, int C, int row, int col)
{
	int a = R / 2, b = C / 2;
	for (int half = 0; half < 2; half++) {
		int r = half ? R - 1 - row : row, c = half ? C - 1 - col : col;
		if (r < a && c <= b)
			return 1 + 2 * half;
		if (r <= a && c > b)
			return 2 + 2 * half;
	}
	return 0;
}

static void oracle(const struct tp_arena_rules *r, const struct tp_arena_board *b)
{
	int R = b->rows, C = b->cols;
	long tot[5] = { 0 }, itot[5] = { 0 }, inner = 0, outer = 0;
	int ni = 0, no = 0;
	for (int row = 0; row < R; row++)
		for (int col = 0; col < C; col++) {
			const struct tp_arena_square *s = &b->sq[row * C + col];
			int want = want_numbered(r, R, C, row, col);
			if (want != (s->number != 0))
				fail_msg("%s %dx%d: square %d,%d carries %d", tp_arena_numbering_names[r->numbering],
					 R, C, row + 1, col + 1, s->number);
			int q = quarter(R, C, row, col);
			assert_int_equal(s->quarter, q);
			if (!want)
				continue;
			assert_in_range(s->number, s->inner ? r->inner_min : r->outer_min,
					s->inner ? r->inner_max : r->outer_max);
			tot[q] += s->number;
			if (s->inner) {
				itot[q] += s->number;
				inner += s->number;
				ni++;
			} else {
				outer += s->number;
				no++;
			}
		}
	for (int q = 2; q <= 4; q++) {
		assert_int_equal(tot[q], tot[1]);
		assert_int_equal(itot[q], itot[1]);
	}
	assert_true(ni > 0 && no > 0);
	assert_true(outer > inner);
	assert_true(outer * ni > inner * no);
	char why[300];
	if (tp_arena_board_verify(r, b, why, sizeof why) != 0)
		fail_msg("verify: %s", why);
}

/* The rules as checks of issue 19 hold for every numbering: a board that
 * plays has an inner arena whose largest numbers, as many as a hand covers
 * squares, at the hand's multipliers, reach the gate; one that does not is
 * refused naming a key. */
static void plays_or_refused(const struct tp_arena_rules *r, const struct tp_arena_board *b,
			     const struct tp_arena_shapes *sh)
{
	tp_err e = { 0 };
	int rc = tp_arena_playable(r, sh, b, &e);
	if (rc != TP_OK) {
		assert_int_equal(rc, TP_EINPUT);
		assert_non_null(strstr(e.msg, "arena."));
		return;
	}
	/* 2 players: sets 1, 3, 5 a hand: three of each shape, six pieces marked "3"
	 * and six marked "2" (counted from the seed's sets, not the deal). */
	int n = b->rows * b->cols, *v = malloc(sizeof *v * (size_t)n), k = 0;
	assert_non_null(v);
	for (int i = 0; i < n; i++)
		if (b->sq[i].inner && b->sq[i].number)
			v[k++] = b->sq[i].number;
	for (int i = 0; i < k; i++) /* largest first */
		for (int j = i; j > 0 && v[j - 1] < v[j]; j--) {
			int t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	int hand = 0;
	for (int i = 0; i < TP_ARENA_SHAPES; i++)
		hand += 3 * sh->s[i].n_cells;
	long best = 0;
	for (int i = 0; i < k && i < hand; i++)
		best += (long)v[i] * (i < 6 ? 3 : i < 12 ? 2 : 1);
	free(v);
	assert_true(best >= r->gate);
}

static void load_shapes(struct tp_arena_shapes *sh)
{
	const char *path = tu_path("templates/shapes/default.ini");
	char *text = tu_slurp(path, NULL);
	if (text == NULL)
		fail_msg("cannot read %s (set TP_ROOT to the source tree)", path);
	tp_err e = { 0 };
	assert_int_equal(tp_arena_shapes_parse(text, strlen(text), path, sh, &e), TP_OK);
	free(text);
}

static void groups_and_all(void **state)
{
	(void)state;
	struct tp_arena_shapes sh;
	load_shapes(&sh);
	const int dims[][2] = { { 19, 19 }, { 15, 15 }, { 23, 23 }, { 13, 19 }, { 21, 15 } };
	const int groups[][2] = { { 3, 2 }, { 1, 1 }, { 3, 1 }, { 5, 2 }, { 1, 2 }, { 3, 3 } };
	int checked = 0;
	for (size_t d = 0; d < sizeof dims / sizeof *dims; d++)
		for (int inner = 0; inner < TP_INNER_N; inner++)
			for (size_t g = 0; g <= sizeof groups / sizeof *groups; g++)
				for (unsigned long long seed = 1; seed <= 4; seed++) {
					struct tp_arena_rules r;
					tp_arena_rules_default(&r);
					r.rows = dims[d][0];
					r.cols = dims[d][1];
					r.inner = inner;
					r.seed = seed * 104729;
					r.numbering = g == 0 ? TP_NUMBERING_ALL : TP_NUMBERING_GROUPS;
					if (g > 0) {
						r.group_size = groups[g - 1][0];
						r.group_gap = groups[g - 1][1];
					}
					struct tp_arena_board *b = NULL;
					tp_err e = { 0 };
					int rc = tp_arena_board_derive(&r, &b, &e);
					if (rc == TP_EINPUT) {
						/* Refused only naming a key, never silently. */
						assert_non_null(strstr(e.msg, "arena"));
						continue;
					}
					assert_int_equal(rc, TP_OK);
					oracle(&r, b);
					plays_or_refused(&r, b, &sh);
					tp_arena_board_free(b);
					checked++;
				}
	/* Most of these number: the default groups and all on every board. */
	assert_true(checked >= 5 * 2 * 2 * 4);
}

/* The default (alternate) is the seed's board, unchanged by the keys of
 * the other numberings. */
static void alternate_ignores_group_keys(void **state)
{
	(void)state;
	struct tp_arena_rules a, b;
	tp_arena_rules_default(&a);
	b = a;
	b.group_size = 7;
	b.group_gap = 5;
	struct tp_arena_board *x = NULL, *y = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_arena_board_derive(&a, &x, &e), TP_OK);
	assert_int_equal(tp_arena_board_derive(&b, &y, &e), TP_OK);
	oracle(&a, x);
	assert_memory_equal(x->sq, y->sq, sizeof *x->sq * (size_t)x->rows * x->cols);
	tp_arena_board_free(x);
	tp_arena_board_free(y);
}

static void bad_groups_refused(void **state)
{
	(void)state;
	const struct {
		int size, gap;
		const char *key;
	} bad[] = { { 2, 2, "arena.group_size" }, { 0, 2, "arena.group_size" }, { 17, 2, "arena.group_size" },
		    { 3, 0, "arena.group_gap" }, { 3, 16, "arena.group_gap" } };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct tp_arena_rules r;
		tp_arena_rules_default(&r);
		r.numbering = TP_NUMBERING_GROUPS;
		r.group_size = bad[i].size;
		r.group_gap = bad[i].gap;
		tp_err e = { 0 };
		assert_int_equal(tp_arena_rules_check(&r, &e), TP_EINPUT);
		if (strstr(e.msg, bad[i].key) == NULL)
			fail_msg("size %d gap %d: \"%s\" lacks %s", bad[i].size, bad[i].gap, e.msg, bad[i].key);
	}
	/* Groups so far apart that a quarter's inner arena has none: the
	 * centre group alone on a small board (counted here). */
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	r.side = 13;
	r.numbering = TP_NUMBERING_GROUPS;
	r.group_size = 1;
	r.group_gap = 15;
	int inner_q1 = 0;
	for (int row = 0; row < 6; row++)
		for (int col = 0; col <= 6; col++)
			inner_q1 += want_numbered(&r, 13, 13, row, col) && tp_arena_inner_at(&r, row, col);
	assert_int_equal(inner_q1, 0);
	tp_err e = { 0 };
	assert_int_equal(tp_arena_rules_check(&r, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "arena.group_gap"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(groups_and_all),
		cmocka_unit_test(alternate_ignores_group_keys),
		cmocka_unit_test(bad_groups_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
