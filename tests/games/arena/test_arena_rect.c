/* Rectangular shape arena boards (issue 22, section 2: "with a square or
 * rectangular board the playing positions in each quarter of the playing
 * area would be arranged to total the same"), re-checked by naive code
 * here that shares nothing with the generator: quarters laid out from
 * their description, totals summed afresh, turns and mirrors compared
 * square by square, the outer arena's parts counted by a flood fill. */

#include "testutil.h"
#include "tu_files.h"

#include "games/arena/model/arena_core.h"

static struct tp_arena_rules rect(int rows, int cols, int inner, unsigned long long seed)
{
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	r.rows = rows;
	r.cols = cols;
	r.inner = inner;
	r.seed = seed;
	return r;
}

/* The pinwheel for rows 2a+1 x cols 2b+1, from its description: quarter 1
 * the block rows 0..a-1 x cols 0..b, quarter 2 rows 0..a x cols b+1..,
 * quarters 3 and 4 the half turns of 1 and 2; every square but the centre
 * in exactly one. */
static void oracle_quarters(int R, int C, int *q)
{
	int a = R / 2, b = C / 2;
	for (int i = 0; i < R * C; i++)
		q[i] = 0;
	for (int r = 0; r < R; r++)
		for (int c = 0; c < C; c++) {
			int k = 0;
			if (r < a && c <= b)
				k = 1;
			else if (r <= a && c > b)
				k = 2;
			if (k == 0)
				continue;
			assert_int_equal(q[r * C + c], 0);
			q[r * C + c] = k;
			int r2 = R - 1 - r, c2 = C - 1 - c;
			assert_int_equal(q[r2 * C + c2], 0);
			q[r2 * C + c2] = k + 2;
		}
	int empty = 0;
	for (int i = 0; i < R * C; i++)
		empty += q[i] == 0;
	assert_int_equal(empty, 1);
	assert_int_equal(q[a * C + b], 0);
}

static int outer_parts(const struct tp_arena_board *b)
{
	int R = b->rows, C = b->cols, parts = 0;
	int *seen = calloc((size_t)R * C, sizeof *seen), *stack = malloc(sizeof *stack * (size_t)R * C);
	assert_non_null(seen);
	assert_non_null(stack);
	for (int s = 0; s < R * C; s++) {
		if (b->sq[s].inner || seen[s])
			continue;
		parts++;
		int top = 0;
		stack[top++] = s;
		seen[s] = 1;
		while (top) {
			int i = stack[--top], r = i / C, c = i % C;
			const int d[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
			for (int k = 0; k < 4; k++) {
				int r2 = r + d[k][0], c2 = c + d[k][1];
				if (r2 < 0 || c2 < 0 || r2 >= R || c2 >= C)
					continue;
				int j = r2 * C + c2;
				if (!seen[j] && !b->sq[j].inner) {
					seen[j] = 1;
					stack[top++] = j;
				}
			}
		}
	}
	free(seen);
	free(stack);
	return parts;
}

/* Every rule, from the squares alone. */
static void oracle_check(const struct tp_arena_rules *rl, const struct tp_arena_board *b)
{
	int R = rl->rows, C = rl->cols, a = R / 2, bb = C / 2;
	assert_int_equal(b->rows, R);
	assert_int_equal(b->cols, C);
	int *q = malloc(sizeof *q * (size_t)R * C);
	assert_non_null(q);
	oracle_quarters(R, C, q);
	long tot[5] = { 0 }, itot[5] = { 0 }, inner = 0, outer = 0;
	int ni = 0, no = 0;
	for (int r = 0; r < R; r++)
		for (int c = 0; c < C; c++) {
			const struct tp_arena_square *s = &b->sq[r * C + c];
			assert_int_equal(s->quarter, q[r * C + c]);
			/* numbers on the class r + c even (which holds the corners), all of it */
			if ((r + c) % 2)
				assert_int_equal(s->number, 0);
			else
				assert_true(s->number != 0);
			/* the arenas are mirror symmetric both ways */
			assert_int_equal(s->inner, b->sq[(R - 1 - r) * C + c].inner);
			assert_int_equal(s->inner, b->sq[r * C + (C - 1 - c)].inner);
			if (s->number == 0)
				continue;
			int lo = s->inner ? rl->inner_min : rl->outer_min;
			int hi = s->inner ? rl->inner_max : rl->outer_max;
			assert_in_range(s->number, lo, hi);
			tot[q[r * C + c]] += s->number;
			if (s->inner) {
				itot[q[r * C + c]] += s->number;
				inner += s->number;
				ni++;
			} else {
				outer += s->number;
				no++;
			}
		}
	assert_true(b->sq[a * C + bb].inner);
	for (int k = 2; k <= 4; k++) {
		assert_int_equal(tot[k], tot[1]);
		assert_int_equal(itot[k], itot[1]);
	}
	assert_true(ni > 0 && no > 0);
	assert_true(outer > inner);
	assert_true(outer * ni > inner * no); /* outer average higher */
	/* Quarters 1 and 3 (2 and 4) differ under the half turn; the board is
	 * not its own mirror image either way. */
	for (int k = 1; k <= 2; k++) {
		int same = 1;
		for (int i = 0; i < R * C && same; i++)
			if (q[i] == k)
				same = b->sq[i].number == b->sq[R * C - 1 - i].number;
		assert_false(same);
	}
	for (int axis = 0; axis < 2; axis++) {
		int same = 1;
		for (int r = 0; r < R && same; r++)
			for (int c = 0; c < C && same; c++) {
				int r2 = axis ? r : R - 1 - r, c2 = axis ? C - 1 - c : c;
				same = b->sq[r * C + c].number == b->sq[r2 * C + c2].number;
			}
		assert_false(same);
	}
	if (rl->inner != TP_INNER_SQUARE)
		assert_int_equal(outer_parts(b), 4);
	char why[300];
	if (tp_arena_board_verify(rl, b, why, sizeof why) != 0)
		fail_msg("%dx%d: verify: %s", R, C, why);
	free(q);
}

/* Many sizes, taller and wider, every inner shape, several seeds. */
static void sizes_shapes_seeds(void **state)
{
	(void)state;
	const int dims[][2] = { { 11, 13 }, { 13, 11 }, { 9, 15 }, { 15, 9 }, { 11, 19 }, { 19, 13 },
				{ 21, 9 }, { 9, 21 }, { 17, 25 }, { 7, 19 }, { 31, 15 } };
	int checked = 0;
	for (size_t d = 0; d < sizeof dims / sizeof *dims; d++)
		for (int inner = 0; inner < TP_INNER_N; inner++)
			for (unsigned long long seed = 1; seed <= 6; seed++) {
				struct tp_arena_rules r = rect(dims[d][0], dims[d][1], inner, seed * 7919);
				struct tp_arena_board *b = NULL;
				tp_err e = { 0 };
				int rc = tp_arena_board_derive(&r, &b, &e);
				if (inner == TP_INNER_SQUARE && rc == TP_EINPUT)
					continue; /* a square inner arena may leave too little */
				if (rc != TP_OK)
					fail_msg("%dx%d inner %d seed %llu: %s", dims[d][0], dims[d][1], inner,
						 r.seed, e.msg);
				oracle_check(&r, b);
				/* the same rules, the same board */
				struct tp_arena_board *b2 = NULL;
				assert_int_equal(tp_arena_board_derive(&r, &b2, &e), TP_OK);
				assert_memory_equal(b->sq, b2->sq, sizeof *b->sq * (size_t)b->rows * b->cols);
				tp_arena_board_free(b2);
				tp_arena_board_free(b);
				checked++;
			}
	assert_true(checked >= 11 * 2 * 6); /* diamond and circle always number */
}

/* A rectangle whose sides equal is the square board, square for square. */
static void equal_sides_are_square(void **state)
{
	(void)state;
	for (int side = 7; side <= 21; side += 2) {
		struct tp_arena_rules sq, rc = rect(side, side, TP_INNER_DIAMOND, 5);
		tp_arena_rules_default(&sq);
		sq.side = side;
		sq.seed = 5;
		struct tp_arena_board *a = NULL, *b = NULL;
		tp_err e = { 0 };
		assert_int_equal(tp_arena_board_derive(&sq, &a, &e), TP_OK);
		assert_int_equal(tp_arena_board_derive(&rc, &b, &e), TP_OK);
		assert_memory_equal(a->sq, b->sq, sizeof *a->sq * (size_t)side * side);
		tp_arena_board_free(a);
		tp_arena_board_free(b);
	}
}

/* rows and cols: odd, 7..99, or 0 for arena.side; named when wrong. */
static void bad_dims_refused(void **state)
{
	(void)state;
	const int bad[] = { 8, 5, 1, -3, 101, 20 };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		for (int k = 0; k < 2; k++) {
			struct tp_arena_rules r = rect(k ? 11 : bad[i], k ? bad[i] : 11, 0, 1);
			tp_err e = { 0 };
			assert_int_equal(tp_arena_rules_check(&r, &e), TP_EINPUT);
			assert_non_null(strstr(e.msg, k ? "arena.cols" : "arena.rows"));
			assert_non_null(strstr(e.msg, "odd"));
		}
}

/* A rectangle too small for the pieces is refused, naming its shorter
 * side's key and the least odd value that holds them: checked here by
 * counting the pieces' squares from the shapes. */
static void too_small_names_a_fix(void **state)
{
	(void)state;
	const char *path = tu_path("templates/shapes/default.ini");
	char *text = tu_slurp(path, NULL);
	if (text == NULL)
		fail_msg("cannot read %s (set TP_ROOT to the source tree)", path);
	struct tp_arena_shapes sh;
	tp_err e = { 0 };
	assert_int_equal(tp_arena_shapes_parse(text, strlen(text), path, &sh, &e), TP_OK);
	free(text);
	int squares = 0; /* 2 players: each shape three times each */
	for (int s = 0; s < TP_ARENA_SHAPES; s++)
		squares += TP_ARENA_SETS * sh.s[s].n_cells;
	const int dims[][2] = { { 7, 13 }, { 15, 7 }, { 9, 11 } };
	for (size_t d = 0; d < sizeof dims / sizeof *dims; d++) {
		struct tp_arena_rules r = rect(dims[d][0], dims[d][1], 0, 1);
		int R = dims[d][0], C = dims[d][1];
		assert_true(R * C < squares);
		struct tp_arena_board *b = NULL;
		e = (tp_err){ 0 };
		assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
		assert_int_equal(tp_arena_playable(&r, &sh, b, &e), TP_EINPUT);
		const char *key = R <= C ? "arena.rows" : "arena.cols";
		int fix = R <= C ? R : C, other = R <= C ? C : R;
		while (fix * other < squares)
			fix += 2;
		char want[64];
		snprintf(want, sizeof want, "use %s = %d", key, fix);
		if (strstr(e.msg, want) == NULL)
			fail_msg("%dx%d: \"%s\" lacks \"%s\"", R, C, e.msg, want);
		tp_arena_board_free(b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sizes_shapes_seeds),
		cmocka_unit_test(equal_sides_are_square),
		cmocka_unit_test(bad_dims_refused),
		cmocka_unit_test(too_small_names_a_fix),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
