/* The shape arena core (seed 002) against its rules, re-checked by naive
 * code here that shares nothing with the generator: quarters built by
 * turning quarter 1 square by square, totals summed afresh, symmetry
 * compared square by square. */

#include "testutil.h"

#include <math.h>

#include "core/alloc.h"
#include "games/arena/config/arena_config.h"
#include "games/arena/model/arena_core.h"
#include "games/arena/model/arena_gridops.h"

/* ---- helpers --------------------------------------------------------------- */

static struct tp_arena_board *derive_ok(const struct tp_arena_rules *r)
{
	struct tp_arena_board *b = NULL;
	tp_err e = { 0 };
	if (tp_arena_board_derive(r, &b, &e) != TP_OK)
		fail_msg("derive side %d inner %d seed %llu: %s", r->side, r->inner, r->seed, e.msg);
	return b;
}

static int num(const struct tp_arena_board *b, int r, int c)
{
	return b->sq[r * b->cols + c].number;
}

/* Turns (r, c) a quarter clockwise on an n x n board. */
static void cw(int n, int *r, int *c)
{
	int t = *r;
	*r = *c;
	*c = n - 1 - t;
}

/* quarter[r][c] built from the seed's description: quarter 1 is the
 * m x (m+1) block at the top left reaching the centre column; each next
 * quarter is the previous turned 90 degrees. */
static void oracle_quarters(int n, int *q)
{
	int m = n / 2;
	for (int i = 0; i < n * n; i++)
		q[i] = 0;
	for (int r = 0; r < m; r++)
		for (int c = 0; c <= m; c++) {
			int rr = r, cc = c;
			for (int k = 1; k <= 4; k++) {
				assert_int_equal(q[rr * n + cc], 0); /* no overlap */
				q[rr * n + cc] = k;
				cw(n, &rr, &cc);
			}
		}
}

/* Edge-connected components of the outer arena, by flood fill. */
static int outer_parts(const struct tp_arena_board *b)
{
	int n = b->cols, parts = 0;
	int *seen = calloc((size_t)n * n, sizeof *seen), *stack = malloc(sizeof *stack * (size_t)n * n);
	assert_non_null(seen);
	assert_non_null(stack);
	for (int s = 0; s < n * n; s++) {
		if (b->sq[s].inner || seen[s])
			continue;
		parts++;
		int top = 0;
		stack[top++] = s;
		seen[s] = 1;
		while (top) {
			int i = stack[--top], r = i / n, c = i % n;
			const int d[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
			for (int k = 0; k < 4; k++) {
				int r2 = r + d[k][0], c2 = c + d[k][1];
				if (r2 < 0 || c2 < 0 || r2 >= n || c2 >= n)
					continue;
				int j = r2 * n + c2;
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

/* Every rule of the issue, checked from the squares alone. */
static void oracle_check(const struct tp_arena_rules *rl, const struct tp_arena_board *b)
{
	int n = rl->side, m = n / 2;
	assert_int_equal(b->cols, n);
	int *q = malloc(sizeof *q * (size_t)n * n);
	assert_non_null(q);
	oracle_quarters(n, q);

	/* Quarters: labels as built above, m(m+1) squares each, centre in none. */
	long qsize[5] = { 0 };
	for (int i = 0; i < n * n; i++) {
		assert_int_equal(b->sq[i].quarter, q[i]);
		qsize[q[i]]++;
	}
	assert_int_equal(qsize[0], 1);
	assert_int_equal(b->sq[m * n + m].quarter, 0);
	for (int k = 1; k <= 4; k++)
		assert_int_equal(qsize[k], (long)m * (m + 1));
	free(q);

	/* Arenas: centre inner, both arenas present, symmetric under all eight
	 * turns and mirrors (so every quarter holds the same arena layout). */
	assert_true(b->sq[m * n + m].inner);
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			int in = b->sq[r * n + c].inner;
			assert_int_equal(in, b->sq[c * n + (n - 1 - r)].inner);
			assert_int_equal(in, b->sq[c * n + r].inner);
		}

	/* Numbers on exactly one parity class, all of it. */
	int parity = -1;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			if (num(b, r, c) != 0) {
				if (parity < 0)
					parity = (r + c) % 2;
				assert_int_equal((r + c) % 2, parity);
			}
	assert_true(parity >= 0);
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			if ((r + c) % 2 == parity)
				assert_true(num(b, r, c) != 0);

	/* Ranges. */
	for (int i = 0; i < n * n; i++) {
		int v = b->sq[i].number;
		if (v == 0)
			continue;
		if (b->sq[i].inner) {
			assert_true(v >= rl->inner_min && v <= rl->inner_max);
		} else {
			assert_true(v >= rl->outer_min && v <= rl->outer_max);
		}
	}

	/* Totals. */
	long qt[5] = { 0 }, iqt[5] = { 0 }, it = 0, ot = 0;
	int ni = 0, no = 0;
	for (int i = 0; i < n * n; i++) {
		int v = b->sq[i].number, k = b->sq[i].quarter;
		qt[k] += v;
		if (b->sq[i].inner) {
			iqt[k] += v;
			it += v;
			ni += v != 0;
		} else {
			ot += v;
			no += v != 0;
		}
	}
	for (int k = 2; k <= 4; k++) {
		assert_int_equal(qt[k], qt[1]);
		assert_int_equal(iqt[k], iqt[1]);
	}
	assert_true(ot > it);
	assert_true(ni > 0 && no > 0);
	assert_true((double)ot / no > (double)it / ni);
	for (int k = 0; k <= 4; k++) {
		assert_int_equal(b->quarter_total[k], qt[k]);
		assert_int_equal(b->inner_quarter_total[k], iqt[k]);
	}
	assert_int_equal(b->inner_total, it);
	assert_int_equal(b->outer_total, ot);
	assert_int_equal(b->n_inner_numbered, ni);
	assert_int_equal(b->n_outer_numbered, no);

	/* No two quarters alike when turned onto each other: quarter i turned
	 * (j - i) times lands on quarter j. */
	for (int i = 1; i <= 4; i++)
		for (int j = i + 1; j <= 4; j++) {
			int differ = 0;
			for (int r = 0; r < n; r++)
				for (int c = 0; c < n; c++) {
					if (b->sq[r * n + c].quarter != i)
						continue;
					int rr = r, cc = c;
					for (int t = 0; t < j - i; t++)
						cw(n, &rr, &cc);
					assert_int_equal(b->sq[rr * n + cc].quarter, j);
					differ |= num(b, r, c) != num(b, rr, cc);
				}
			if (!differ)
				fail_msg("quarters %d and %d alike", i, j);
		}

	/* Not its own mirror image about any of the four axes. */
	int sym[4] = { 1, 1, 1, 1 };
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			sym[0] &= num(b, r, c) == num(b, n - 1 - r, c);
			sym[1] &= num(b, r, c) == num(b, r, n - 1 - c);
			sym[2] &= num(b, r, c) == num(b, c, r);
			sym[3] &= num(b, r, c) == num(b, n - 1 - c, n - 1 - r);
		}
	for (int k = 0; k < 4; k++)
		if (sym[k])
			fail_msg("board mirror-symmetric about axis %d", k);

	/* And the library's own check agrees. */
	char why[300] = "";
	if (tp_arena_board_verify(rl, b, why, sizeof why) != 0)
		fail_msg("verify: %s", why);
}

/* ---- boards ---------------------------------------------------------------- */

static void default_board(void **state)
{
	(void)state;
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	assert_int_equal(r.side, 19);
	assert_int_equal(r.inner, TP_INNER_DIAMOND);
	struct tp_arena_board *b = derive_ok(&r);
	oracle_check(&r, b);
	/* The seed's board: 361 squares, quarters of 90. */
	int q90 = 0;
	for (int i = 0; i < 361; i++)
		q90 += b->sq[i].quarter == 1;
	assert_int_equal(q90, 90);
	/* The default diamond: corners touch the middle of each side, and the
	 * outer arena is four separate parts, one per corner. */
	int n = 19, m = 9;
	assert_true(b->sq[0 * n + m].inner && b->sq[m * n + 0].inner);
	assert_true(b->sq[(n - 1) * n + m].inner && b->sq[m * n + n - 1].inner);
	assert_false(b->sq[0].inner);
	assert_int_equal(outer_parts(b), 4);
	tp_arena_board_free(b);
}

static void sides_shapes_seeds(void **state)
{
	(void)state;
	const int sides[] = { 7, 9, 11, 13, 15, 19, 23, 25 };
	const unsigned long long seeds[] = { 1, 2, 77, 0xdeadbeefULL, ~0ULL };
	for (size_t s = 0; s < sizeof sides / sizeof *sides; s++)
		for (int in = 0; in < TP_INNER_N; in++)
			for (size_t k = 0; k < sizeof seeds / sizeof *seeds; k++) {
				struct tp_arena_rules r;
				tp_arena_rules_default(&r);
				r.side = sides[s];
				r.inner = in;
				r.seed = seeds[k];
				struct tp_arena_board *b = derive_ok(&r);
				oracle_check(&r, b);
				/* Diamond and circle at their default size leave the four
				 * corners as four separate outer parts. */
				if (in != TP_INNER_SQUARE)
					assert_int_equal(outer_parts(b), 4);
				else
					assert_int_equal(outer_parts(b), 1);
				tp_arena_board_free(b);
			}
}

static void other_settings(void **state)
{
	(void)state;
	struct {
		int side, inner, size, imin, imax, omin, omax;
	} cases[] = {
		{ 19, TP_INNER_DIAMOND, 5, 1, 9, 5, 20 },
		{ 19, TP_INNER_DIAMOND, 15, 1, 9, 5, 20 },
		{ 19, TP_INNER_SQUARE, 3, 1, 6, 2, 12 },
		{ 19, TP_INNER_SQUARE, 8, 1, 5, 6, 30 },
		{ 15, TP_INNER_CIRCLE, 4, 2, 4, 3, 9 },
		{ 23, TP_INNER_DIAMOND, 0, 10, 20, 15, 99 },
		{ 9, TP_INNER_DIAMOND, 0, 1, 2, 2, 3 },
		{ 7, TP_INNER_SQUARE, 1, 1, 3, 3, 4 },
		{ 99, TP_INNER_DIAMOND, 0, 1, 9, 5, 20 },
		{ 21, TP_INNER_CIRCLE, 0, 1, 999, 998, 999 },
		/* Two inner squares a quarter, both 1, and four outer in 4..5
		 * totalling 18: only 6 ways to number a quarter, so the four
		 * quarters and the mirror rule are met only by searching. */
		{ 7, TP_INNER_DIAMOND, 2, 1, 1, 4, 5 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct tp_arena_rules r;
		tp_arena_rules_default(&r);
		r.side = cases[i].side;
		r.inner = cases[i].inner;
		r.inner_size = cases[i].size;
		r.inner_min = cases[i].imin;
		r.inner_max = cases[i].imax;
		r.outer_min = cases[i].omin;
		r.outer_max = cases[i].omax;
		for (unsigned long long seed = 0; seed < 20; seed++) {
			r.seed = 1000 * i + seed;
			struct tp_arena_board *b = derive_ok(&r);
			oracle_check(&r, b);
			tp_arena_board_free(b);
		}
	}
}

static int same_board(const struct tp_arena_board *a, const struct tp_arena_board *b)
{
	return a->cols == b->cols && a->rows == b->rows &&
	       memcmp(a->sq, b->sq, sizeof *a->sq * (size_t)a->rows * a->cols) == 0;
}

static void determinism(void **state)
{
	(void)state;
	for (int side = 7; side <= 23; side += 8) {
		struct tp_arena_rules r;
		tp_arena_rules_default(&r);
		r.side = side;
		struct tp_arena_board *b[6];
		for (int s = 0; s < 6; s++) {
			r.seed = (unsigned long long)s + 1;
			b[s] = derive_ok(&r);
		}
		struct tp_arena_board *again = derive_ok(&r);
		assert_true(same_board(again, b[5]));
		tp_arena_board_free(again);
		for (int i = 0; i < 6; i++)
			for (int j = i + 1; j < 6; j++)
				assert_false(same_board(b[i], b[j]));
		for (int s = 0; s < 6; s++)
			tp_arena_board_free(b[s]);
	}
}

/* Numbered squares per quarter in each arena for a square inner arena of
 * half-width k, counted here from the definition. */
static void count_square_arena(int n, int k, int *a, int *b)
{
	int m = n / 2;
	*a = *b = 0;
	for (int r = 0; r < m; r++)
		for (int c = 0; c <= m; c++)
			if ((r + c) % 2 == 0) {
				int dr = abs(r - m), dc = abs(c - m);
				if ((dr > dc ? dr : dc) <= k)
					(*a)++;
				else
					(*b)++;
			}
}

static void refuse(const struct tp_arena_rules *r, const char *const *words)
{
	struct tp_arena_board *b = (struct tp_arena_board *)1;
	tp_err e = { 0 };
	int rc = tp_arena_board_derive(r, &b, &e);
	assert_int_equal(rc, TP_EINPUT);
	assert_null(b);
	for (; *words; words++)
		if (strstr(e.msg, *words) == NULL)
			fail_msg("'%s' lacks '%s'", e.msg, *words);
}

static void impossible_ranges(void **state)
{
	(void)state;
	struct tp_arena_rules r;

	tp_arena_rules_default(&r);
	r.inner_min = 40, r.inner_max = 50, r.outer_min = 10, r.outer_max = 30;
	refuse(&r, (const char *[]){ "outer_max 30", "inner_min 40", "higher", NULL });

	/* Averages possible, totals not: a wide square leaves a thin outer
	 * ring; the counts say so before the generator is asked. */
	tp_arena_rules_default(&r);
	r.inner = TP_INNER_SQUARE, r.inner_size = 8;
	r.inner_min = 5, r.inner_max = 9, r.outer_min = 6, r.outer_max = 20;
	int a, b;
	count_square_arena(19, 8, &a, &b);
	assert_true(r.outer_max > r.inner_min);
	assert_true(4L * b * r.outer_max <= (4L * a + 1) * r.inner_min);
	refuse(&r, (const char *[]){ "outer total cannot exceed", "outer_max 20", "inner_min 5", NULL });
	r.outer_max = 21; /* one more and it is possible */
	assert_true(4L * b * r.outer_max > (4L * a + 1) * r.inner_min);
	struct tp_arena_board *bd = derive_ok(&r);
	oracle_check(&r, bd);
	tp_arena_board_free(bd);

	/* One number per arena: every quarter the same. */
	tp_arena_rules_default(&r);
	r.inner_min = r.inner_max = 3, r.outer_min = r.outer_max = 7;
	refuse(&r, (const char *[]){ "1 way", "must all differ", NULL });

	tp_arena_rules_default(&r);
	r.inner_max = 0;
	refuse(&r, (const char *[]){ "arena.inner_max = 0", NULL });
	tp_arena_rules_default(&r);
	r.outer_min = 21;
	refuse(&r, (const char *[]){ "outer_min 21 > outer_max 20", NULL });
	tp_arena_rules_default(&r);
	r.inner_min = 10;
	refuse(&r, (const char *[]){ "inner_min 10 > inner_max 9", NULL });
	const int bad_sides[] = { 18, 5, 1, 0, -19, 101 };
	for (size_t i = 0; i < sizeof bad_sides / sizeof *bad_sides; i++) {
		tp_arena_rules_default(&r);
		r.side = bad_sides[i];
		refuse(&r, (const char *[]){ "arena.side", "odd", NULL });
	}
	tp_arena_rules_default(&r);
	r.inner = TP_INNER_N;
	refuse(&r, (const char *[]){ "arena.inner", NULL });
	tp_arena_rules_default(&r);
	r.inner = TP_INNER_SQUARE, r.inner_size = 9;
	refuse(&r, (const char *[]){ "no numbered square to the outer", NULL });
	tp_arena_rules_default(&r);
	r.inner_size = 19;
	refuse(&r, (const char *[]){ "arena.inner_size = 19", NULL });
	tp_arena_rules_default(&r);
	r.players = 7;
	refuse(&r, (const char *[]){ "arena.players = 7", NULL });
	r.players = 1;
	refuse(&r, (const char *[]){ "arena.players = 1", NULL });

	assert_int_equal(tp_arena_inner_parse("diamond"), TP_INNER_DIAMOND);
	assert_int_equal(tp_arena_inner_parse("square"), TP_INNER_SQUARE);
	assert_int_equal(tp_arena_inner_parse("circle"), TP_INNER_CIRCLE);
	assert_int_equal(tp_arena_inner_parse("hexagon"), -1);
}

static void verify_catches(void **state)
{
	(void)state;
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	r.side = 11;
	struct tp_arena_board *b = derive_ok(&r);
	int n = b->cols, m = n / 2;
	char why[300];
	struct tp_arena_square keep;

	/* A number changed: totals stored no longer match. */
	keep = b->sq[0];
	b->sq[0].number = b->sq[0].number == r.outer_max ? r.outer_min : b->sq[0].number + 1;
	assert_int_equal(tp_arena_board_verify(&r, b, why, sizeof why), -1);
	b->sq[0] = keep;

	/* A number on the wrong parity. */
	b->sq[1].number = 7;
	assert_int_equal(tp_arena_board_verify(&r, b, why, sizeof why), -1);
	assert_non_null(strstr(why, "square 1,2"));
	b->sq[1].number = 0;
	assert_int_equal(tp_arena_board_verify(&r, b, why, sizeof why), 0);

	/* Quarter 2 made quarter 1 turned: alike. */
	for (int row = 0; row < m; row++)
		for (int col = 0; col <= m; col++) {
			int rr = row, cc = col;
			cw(n, &rr, &cc);
			b->sq[rr * n + cc].number = b->sq[row * n + col].number;
		}
	b->quarter_total[2] = b->quarter_total[1];
	b->inner_quarter_total[2] = b->inner_quarter_total[1];
	assert_int_equal(tp_arena_board_verify(&r, b, why, sizeof why), -1);
	assert_non_null(strstr(why, "quarter 1 turned onto quarter 2"));

	/* A board numbered by arena alone meets every total but has four
	 * alike quarters (and four mirror axes). */
	long qt[5] = { 0 }, iqt[5] = { 0 }, it = 0, ot = 0;
	for (int row = 0; row < n; row++)
		for (int col = 0; col < n; col++) {
			struct tp_arena_square *s = &b->sq[row * n + col];
			s->number = (row + col) % 2 ? 0 : s->inner ? r.inner_min : r.outer_max;
			qt[s->quarter] += s->number;
			iqt[s->quarter] += s->inner ? s->number : 0;
			it += s->inner ? s->number : 0;
			ot += s->inner ? 0 : s->number;
		}
	memcpy(b->quarter_total, qt, sizeof qt);
	memcpy(b->inner_quarter_total, iqt, sizeof iqt);
	b->inner_total = it;
	b->outer_total = ot;
	assert_int_equal(tp_arena_board_verify(&r, b, why, sizeof why), -1);
	assert_non_null(strstr(why, "reads the same"));
	/* Another side than the rules'. */
	r.side = 13;
	assert_int_equal(tp_arena_board_verify(&r, b, why, sizeof why), -1);
	assert_non_null(strstr(why, "13x13"));
	tp_arena_board_free(b);
	tp_arena_board_free(NULL);
}

/* ---- shapes ---------------------------------------------------------------- */

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

static int shape_connected(const struct tp_arena_shape *s)
{
	int mark[6] = { 1 }, changed = 1;
	while (changed) {
		changed = 0;
		for (int i = 0; i < s->n_cells; i++)
			for (int j = 0; j < s->n_cells; j++)
				if (mark[i] && !mark[j] &&
				    abs(s->cell[i][0] - s->cell[j][0]) + abs(s->cell[i][1] - s->cell[j][1]) == 1)
					mark[j] = changed = 1;
	}
	for (int i = 0; i < s->n_cells; i++)
		if (!mark[i])
			return 0;
	return 1;
}

static const char *const seed_names[6] = { "Eye", "Gun", "Door", "Snake", "Quoin", "Rod" };

static void default_shapes(void **state)
{
	(void)state;
	struct tp_arena_shapes sh;
	load_default(&sh);
	int found[6] = { 0 };
	for (int i = 0; i < TP_ARENA_SHAPES; i++) {
		const struct tp_arena_shape *s = &sh.s[i];
		assert_int_equal(s->n_cells, i + 1); /* sorted, sizes 1..6 */
		assert_true(shape_connected(s));
		int minr = 9, minc = 9;
		for (int c = 0; c < s->n_cells; c++) {
			minr = s->cell[c][0] < minr ? s->cell[c][0] : minr;
			minc = s->cell[c][1] < minc ? s->cell[c][1] : minc;
			for (int d = 0; d < c; d++)
				assert_false(s->cell[c][0] == s->cell[d][0] && s->cell[c][1] == s->cell[d][1]);
		}
		assert_int_equal(minr, 0);
		assert_int_equal(minc, 0);
		for (int k = 0; k < 6; k++)
			found[k] += strcmp(s->name, seed_names[k]) == 0;
	}
	for (int k = 0; k < 6; k++)
		assert_int_equal(found[k], 1);
	/* The Eye is hidden in a hand: the one-square piece. */
	assert_string_equal(sh.s[0].name, "Eye");
}

/* A valid file, as lines, that each bad case edits. */
static const char *const good[] = {
	"; six shapes", "[A]", "cells = 0,0", "[B]", "cells = 0,0 0,1", "[C]",
	"cells = 0,0 1,0 1,1", "[D]", "cells = 0,0 0,1 1,1 1,2", "[E]",
	"cells = 0,0 0,1 0,2 1,0 1,2", "[F]", "cells = 0,0 0,1 0,2 0,3 1,1 2,1",
};
#define NGOOD ((int)(sizeof good / sizeof *good))

/* Joins lines, replacing line `at` (1-based; 0 none) by `with` (NULL drops
 * it) and appending `extra` lines. */
static char *join(int at, const char *with, const char *const *extra, size_t *len)
{
	char *buf = calloc(1, 8192);
	assert_non_null(buf);
	for (int i = 1; i <= NGOOD; i++) {
		const char *l = i == at ? with : good[i - 1];
		if (l == NULL)
			continue;
		strcat(buf, l);
		strcat(buf, "\n");
	}
	for (; extra && *extra; extra++) {
		strcat(buf, *extra);
		strcat(buf, "\n");
	}
	*len = strlen(buf);
	return buf;
}

static void expect_bad(char *text, size_t len, int line, const char *word)
{
	/* An exact-size copy: the parser must not read past len. */
	char *exact = malloc(len ? len : 1);
	assert_non_null(exact);
	memcpy(exact, text, len);
	struct tp_arena_shapes sh;
	tp_err e = { 0 };
	int rc = tp_arena_shapes_parse(exact, len, "s.ini", &sh, &e);
	free(exact);
	free(text);
	if (rc != TP_EINPUT)
		fail_msg("accepted, expected line %d: %s", line, word);
	char where[32];
	snprintf(where, sizeof where, "s.ini:%d:", line);
	if (strncmp(e.msg, where, strlen(where)) != 0 || strstr(e.msg, word) == NULL)
		fail_msg("'%s' should start %s and say '%s'", e.msg, where, word);
	assert_int_equal(sh.s[0].n_cells, 0);
}

static void shapes_bad(void **state)
{
	(void)state;
	size_t len;
	char *t;
	struct tp_arena_shapes sh;
	tp_err e = { 0 };

	/* The base file is good, also with CRLF and shapes in any order. */
	t = join(0, NULL, NULL, &len);
	assert_int_equal(tp_arena_shapes_parse(t, len, "s.ini", &sh, &e), TP_OK);
	free(t);
	const char *crlf = "[Two]\r\ncells = 1,1 1,2\r\n[One]\r\ncells=3,3\r\n[Three]\r\ncells = 0,0 0,1 0,2\r\n"
			   "[Six]\r\ncells = 0,0 1,0 2,0 3,0 4,0 5,0\r\n[Five]\r\ncells = 0,1 1,1 1,0 1,2 2,1\r\n"
			   "  [ Four ]  \r\n  cells   =  0,0 0,1 1,0 1,1  \r\n";
	assert_int_equal(tp_arena_shapes_parse(crlf, strlen(crlf), "s.ini", &sh, &e), TP_OK);
	assert_string_equal(sh.s[0].name, "One");
	assert_int_equal(sh.s[0].cell[0][0], 0); /* moved to the origin */
	assert_string_equal(sh.s[3].name, "Four");
	assert_string_equal(sh.s[5].name, "Six");

	/* Wrong number of shapes: five (end of file), seven (its header). */
	{
		char *five = calloc(1, 4096);
		for (int i = 0; i < NGOOD - 2; i++) {
			strcat(five, good[i]);
			strcat(five, "\n");
		}
		expect_bad(five, strlen(five), NGOOD - 2, "after 5 shapes");
	}
	t = join(0, NULL, (const char *[]){ "[G]", "cells = 0,0", NULL }, &len);
	expect_bad(t, len, NGOOD + 1, "seventh");
	/* Repeated size: named at the second's cells line. */
	t = join(5, "cells = 4,4", NULL, &len);
	expect_bad(t, len, 5, "different number of squares");
	/* Not connected (corners only). */
	t = join(7, "cells = 0,0 1,1 2,2", NULL, &len);
	expect_bad(t, len, 7, "not connected");
	/* Out of range, repeated cell, too many cells, empty. */
	t = join(5, "cells = 0,0 0,6", NULL, &len);
	expect_bad(t, len, 5, "out of range");
	t = join(5, "cells = 6,0 5,0", NULL, &len);
	expect_bad(t, len, 5, "out of range");
	t = join(5, "cells = 0,0 99999999999999999999,0", NULL, &len);
	expect_bad(t, len, 5, "out of range");
	t = join(7, "cells = 0,0 1,0 0,0", NULL, &len);
	expect_bad(t, len, 7, "listed twice");
	t = join(13, "cells = 0,0 0,1 0,2 0,3 0,4 0,5 1,0", NULL, &len);
	expect_bad(t, len, 13, "more than 6 cells");
	t = join(3, "cells =", NULL, &len);
	expect_bad(t, len, 3, "empty");
	/* A section without cells: named where it ends. */
	t = join(3, "; gone", NULL, &len);
	expect_bad(t, len, 4, "has no cells");
	t = join(0, NULL, (const char *[]){ "[G]", NULL }, &len);
	expect_bad(t, len, NGOOD + 1, "seventh");
	/* Unknown key; cells twice; key before a section. */
	t = join(0, NULL, (const char *[]){ "colour = red", NULL }, &len);
	expect_bad(t, len, NGOOD + 1, "unknown key 'colour'");
	t = join(0, NULL, (const char *[]){ "cells = 0,0", NULL }, &len);
	expect_bad(t, len, NGOOD + 1, "cells twice");
	t = join(1, "cells = 0,0", NULL, &len);
	expect_bad(t, len, 1, "before the first");
	/* Bad syntax. */
	t = join(5, "cells 0,0 0,1", NULL, &len);
	expect_bad(t, len, 5, "expected [Name]");
	t = join(5, "cells = 0;0 0,1", NULL, &len);
	expect_bad(t, len, 5, "'0;0' is not a cell");
	t = join(5, "cells = 0,0,0 0,1", NULL, &len);
	expect_bad(t, len, 5, "not a cell");
	t = join(5, "cells = -1,0 0,1", NULL, &len);
	expect_bad(t, len, 5, "not a cell");
	t = join(5, "cells = 0, 1", NULL, &len);
	expect_bad(t, len, 5, "not a cell");
	t = join(4, "[B", NULL, &len);
	expect_bad(t, len, 4, "section header");
	t = join(4, "[]", NULL, &len);
	expect_bad(t, len, 4, "1 to 31");
	t = join(4, "[B,C]", NULL, &len);
	expect_bad(t, len, 4, "letters");
	t = join(4, "[a]", NULL, &len);
	expect_bad(t, len, 4, "named twice (first on line 2)");
	{
		char longl[400];
		memset(longl, ' ', sizeof longl);
		memcpy(longl, "; x", 3);
		longl[399] = '\0';
		t = join(1, longl, NULL, &len);
		expect_bad(t, len, 1, "longer than");
	}
	t = join(0, NULL, NULL, &len);
	t[strlen(good[0]) + 3] = '\0'; /* inside line 2 */
	expect_bad(t, len, 2, "NUL");
	expect_bad(calloc(1, 1), 0, 1, "after 0 shapes");
}

/* ---- deal ------------------------------------------------------------------ */

static int shape_named(const struct tp_arena_shapes *sh, const char *name)
{
	for (int s = 0; s < TP_ARENA_SHAPES; s++)
		if (strcmp(sh->s[s].name, name) == 0)
			return s;
	fail_msg("no shape %s", name);
	return -1;
}

/* Seed 002, the paragraph beginning "To play the game with four players in
 * pairs" (the patent text has no paragraph numbers; it is the paragraph
 * after "The playing shape may be formed of wood"): "the first player
 * receives 1 Gun unmarked, 1 Gun marked "2," 1 Door marked "3," 1 Snake
 * unmarked, 1 Snake marked "2," 1 Quoin marked "3," 1 Rod marked "2," 1 Rod
 * unmarked, and 1 Eye marked "3." His partner receives the remaining
 * shapes." */
static const struct {
	const char *shape;
	int mark;
} seed_first_player[9] = {
	{ "Gun", TP_MARK_BLANK }, { "Gun", TP_MARK_2 },   { "Door", TP_MARK_3 },
	{ "Snake", TP_MARK_BLANK }, { "Snake", TP_MARK_2 }, { "Quoin", TP_MARK_3 },
	{ "Rod", TP_MARK_2 },     { "Rod", TP_MARK_BLANK }, { "Eye", TP_MARK_3 },
};

static void deal_counts(const struct tp_arena_shapes *sh, int players, int c[7][6][3])
{
	struct tp_arena_deal *d = NULL;
	size_t n = 0;
	tp_err e = { 0 };
	assert_int_equal(tp_arena_deal(sh, players, &d, &n, &e), TP_OK);
	memset(c, 0, sizeof(int) * 7 * 6 * 3);
	for (size_t i = 0; i < n; i++) {
		assert_true(d[i].player >= 1 && d[i].player <= players);
		assert_true(d[i].shape >= 0 && d[i].shape < 6);
		assert_true(d[i].mark >= 0 && d[i].mark < 3);
		assert_true(d[i].count >= 1);
		assert_int_equal(c[d[i].player][d[i].shape][d[i].mark], 0); /* one line each */
		c[d[i].player][d[i].shape][d[i].mark] = d[i].count;
		if (i > 0) { /* sorted by player, shape, mark */
			long prev = (d[i - 1].player * 10L + d[i - 1].shape) * 10 + d[i - 1].mark;
			long cur = (d[i].player * 10L + d[i].shape) * 10 + d[i].mark;
			assert_true(prev < cur);
		}
	}
	free(d);
}

static void deal_all_counts(void **state)
{
	(void)state;
	struct tp_arena_shapes sh;
	load_default(&sh);
	for (int players = 2; players <= 6; players++) {
		int c[7][6][3];
		deal_counts(&sh, players, c);
		int per_player = players == 2 ? 18 : players == 3 ? 12 : players == 4 ? 9 : 6;
		for (int s = 0; s < 6; s++)
			for (int k = 0; k < 3; k++) {
				int used = 0;
				for (int p = 1; p <= players; p++)
					used += c[p][s][k];
				/* Two physical pieces of every shape and mark. */
				assert_true(used <= 2);
				if (players != 5)
					assert_int_equal(used, 2);
			}
		for (int p = 1; p <= players; p++) {
			int pieces = 0;
			for (int s = 0; s < 6; s++) {
				int of_shape = c[p][s][0] + c[p][s][1] + c[p][s][2];
				pieces += of_shape;
				if (players == 2) {
					for (int k = 0; k < 3; k++)
						assert_int_equal(c[p][s][k], 1);
				}
				if (players == 3)
					assert_int_equal(of_shape, 2);
				if (players >= 5)
					assert_int_equal(of_shape, 1);
			}
			assert_int_equal(pieces, per_player);
		}
		if (players == 4) {
			/* Each pair (1 with 3, 2 with 4) holds one of every shape
			 * and mark; the first of each pair exactly the seed's list. */
			for (int first = 1; first <= 2; first++) {
				int want[6][3] = { { 0 } };
				for (int i = 0; i < 9; i++)
					want[shape_named(&sh, seed_first_player[i].shape)][seed_first_player[i].mark]++;
				for (int s = 0; s < 6; s++)
					for (int k = 0; k < 3; k++) {
						assert_int_equal(c[first][s][k], want[s][k]);
						assert_int_equal(c[first][s][k] + c[first + 2][s][k], 1);
					}
			}
		}
		assert_int_equal(tp_arena_marks_score(players), players == 2 || players == 4);
	}
	/* Shapes without the seed's names: the split follows sizes. */
	struct tp_arena_shapes renamed = sh;
	for (int s = 0; s < 6; s++)
		snprintf(renamed.s[s].name, sizeof renamed.s[s].name, "S%d", s);
	int c1[7][6][3], c2[7][6][3];
	deal_counts(&sh, 4, c1);
	deal_counts(&renamed, 4, c2);
	assert_memory_equal(c1, c2, sizeof c1);

	for (int players = -1; players <= 8; players += 1) {
		if (players >= 2 && players <= 6)
			continue;
		struct tp_arena_deal *d = (struct tp_arena_deal *)1;
		size_t n = 5;
		tp_err e = { 0 };
		assert_int_equal(tp_arena_deal(&sh, players, &d, &n, &e), TP_EINPUT);
		assert_null(d);
		assert_int_equal(n, 0);
		assert_non_null(strstr(e.msg, "2 to 6"));
	}
}

/* ---- reports: CSV contracts ------------------------------------------------ */

static void pattern_csv(void **state)
{
	(void)state;
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	r.side = 9;
	r.seed = 5;
	struct tp_arena_board *b = derive_ok(&r);
	struct tp_buf buf = { 0 };
	tp_arena_pattern_format(&buf, &r, b, TP_FMT_CSV);
	assert_false(buf.oom);
	char *save = NULL, *line = strtok_r(buf.s, "\n", &save);
	assert_string_equal(line, "row,col,number,arena,quarter");
	int count = 0;
	while ((line = strtok_r(NULL, "\n", &save)) != NULL) {
		int row, col, number, quarter, used = 0;
		char arena[8];
		assert_int_equal(sscanf(line, "%d,%d,%d,%5[a-z],%d%n", &row, &col, &number, arena,
					&quarter, &used), 5);
		assert_int_equal((size_t)used, strlen(line));
		assert_int_equal(row, count / 9 + 1); /* row-major, 1-based */
		assert_int_equal(col, count % 9 + 1);
		const struct tp_arena_square *s = &b->sq[count];
		assert_int_equal(number, s->number);
		assert_string_equal(arena, s->inner ? "inner" : "outer");
		assert_int_equal(quarter, s->quarter);
		count++;
	}
	assert_int_equal(count, 81);
	tp_buf_free(&buf);
	const int other[2] = { TP_FMT_TEXT, TP_FMT_JSON };
	for (int f = 0; f < 2; f++) {
		struct tp_buf t = { 0 };
		tp_arena_pattern_format(&t, &r, b, other[f]);
		assert_false(t.oom);
		assert_true(t.len > 81);
		tp_buf_free(&t);
	}
	tp_arena_board_free(b);
}

/* Brackets and braces balance outside strings: the JSON is well formed
 * enough for a parser to try. */
static void json_balanced(const char *s)
{
	int depth = 0, in_str = 0;
	for (; *s; s++) {
		if (in_str) {
			in_str = *s != '"';
			continue;
		}
		if (*s == '"')
			in_str = 1;
		else if (*s == '{' || *s == '[')
			depth++;
		else if (*s == '}' || *s == ']')
			assert_true(--depth >= 0);
	}
	assert_int_equal(depth, 0);
	assert_false(in_str);
}

static void manifest_csv(void **state)
{
	(void)state;
	struct tp_arena_shapes sh;
	load_default(&sh);
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	struct tp_arena_board *b = derive_ok(&r);
	const struct tp_run runs[] = { { 1, 0 }, { 3, 10 }, { 2, 25 }, { 100, 0.5 } };
	for (size_t ri = 0; ri < sizeof runs / sizeof *runs; ri++) {
		const struct tp_run *run = &runs[ri];
		/* Two of every shape and mark a game, spares rounded up per kind. */
		long base = 2L * run->games;
		long each = base + (long)ceil(base * run->spares_pct / 100.0 - 1e-9);
		struct tp_buf buf = { 0 };
		tp_arena_manifest_format(&buf, &r, &sh, b, run, TP_FMT_CSV);
		assert_false(buf.oom);
		char *save = NULL, *line = strtok_r(buf.s, "\n", &save);
		assert_string_equal(line, "shape,squares,blank,marked_2,marked_3,total");
		long squares = 0;
		for (int s = 0; s < 6; s++) {
			line = strtok_r(NULL, "\n", &save);
			char want[128];
			snprintf(want, sizeof want, "%s,%d,%ld,%ld,%ld,%ld", sh.s[s].name, s + 1, each,
				 each, each, 3 * each);
			assert_string_equal(line, want);
			squares += (s + 1) * 3 * each;
		}
		line = strtok_r(NULL, "\n", &save);
		char want[128];
		snprintf(want, sizeof want, "total,%ld,%ld,%ld,%ld,%ld", squares, 6 * each, 6 * each,
			 6 * each, 18 * each);
		assert_string_equal(line, want);
		assert_null(strtok_r(NULL, "\n", &save));
		if (run->games == 1 && run->spares_pct == 0)
			assert_int_equal(18 * each, TP_ARENA_PIECES);
		tp_buf_free(&buf);

		struct tp_buf j = { 0 };
		tp_arena_manifest_format(&j, &r, &sh, b, run, TP_FMT_JSON);
		assert_false(j.oom);
		json_balanced(j.s);
		char qt[200];
		snprintf(qt, sizeof qt, "\"quarter_totals\": [%ld, %ld, %ld, %ld]", b->quarter_total[1],
			 b->quarter_total[1], b->quarter_total[1], b->quarter_total[1]);
		assert_non_null(strstr(j.s, qt));
		assert_non_null(strstr(j.s, "\"average\""));
		tp_buf_free(&j);
		tp_arena_manifest_format(&j, &r, &sh, NULL, run, TP_FMT_JSON);
		json_balanced(j.s);
		assert_null(strstr(j.s, "quarter_totals"));
		tp_buf_free(&j);
		tp_arena_manifest_format(&j, &r, &sh, b, run, TP_FMT_TEXT);
		assert_false(j.oom);
		assert_non_null(strstr(j.s, "Gun"));
		tp_buf_free(&j);
	}
	tp_arena_board_free(b);
}

static void deal_csv(void **state)
{
	(void)state;
	struct tp_arena_shapes sh;
	load_default(&sh);
	for (int players = 2; players <= 6; players++) {
		struct tp_arena_deal *d = NULL;
		size_t n = 0;
		tp_err e = { 0 };
		assert_int_equal(tp_arena_deal(&sh, players, &d, &n, &e), TP_OK);
		struct tp_buf buf = { 0 };
		assert_int_equal(tp_arena_deal_format(&buf, &sh, players, TP_FMT_CSV, &e), TP_OK);
		assert_false(buf.oom);
		char *save = NULL, *line = strtok_r(buf.s, "\n", &save);
		assert_string_equal(line, "player,shape,squares,mark,count");
		for (size_t i = 0; i < n; i++) {
			line = strtok_r(NULL, "\n", &save);
			char want[128];
			snprintf(want, sizeof want, "%d,%s,%d,%s,%d", d[i].player, sh.s[d[i].shape].name,
				 sh.s[d[i].shape].n_cells,
				 d[i].mark == 0 ? "blank" : d[i].mark == 1 ? "2" : "3", d[i].count);
			assert_string_equal(line, want);
		}
		assert_null(strtok_r(NULL, "\n", &save));
		tp_buf_free(&buf);
		free(d);
		for (int fmt = TP_FMT_TEXT; fmt <= TP_FMT_JSON; fmt++) {
			struct tp_buf t = { 0 };
			assert_int_equal(tp_arena_deal_format(&t, &sh, players, fmt, &e), TP_OK);
			if (fmt == TP_FMT_JSON)
				json_balanced(t.s);
			tp_buf_free(&t);
		}
	}
	struct tp_buf t = { 0 };
	tp_err e = { 0 };
	assert_int_equal(tp_arena_deal_format(&t, &sh, 7, TP_FMT_CSV, &e), TP_EINPUT);
	assert_int_equal(t.len, 0);
	tp_buf_free(&t);
}

/* ---- allocation failures --------------------------------------------------- */

static void alloc_failures(void **state)
{
	(void)state;
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	for (long n = 1;; n++) {
		struct tp_arena_board *b = NULL;
		tp_err e = { 0 };
		tp_alloc_fail_at(n);
		int rc = tp_arena_board_derive(&r, &b, &e);
		tp_alloc_fail_at(0);
		if (rc == TP_OK) {
			assert_true(n > 1);
			tp_arena_board_free(b);
			break;
		}
		assert_int_equal(rc, TP_EIO);
		assert_null(b);
		assert_true(e.msg[0] != '\0');
	}
	struct tp_arena_shapes sh;
	load_default(&sh);
	for (long n = 1;; n++) {
		struct tp_arena_deal *d = NULL;
		size_t cnt = 0;
		tp_err e = { 0 };
		tp_alloc_fail_at(n);
		int rc = tp_arena_deal(&sh, 4, &d, &cnt, &e);
		tp_alloc_fail_at(0);
		if (rc == TP_OK) {
			free(d);
			break;
		}
		assert_int_equal(rc, TP_EIO);
		assert_null(d);
	}
	struct tp_arena_board *b = derive_ok(&r);
	struct tp_run run = { 1, 0 };
	for (int what = 0; what < 3; what++)
		for (int fmt = TP_FMT_TEXT; fmt <= TP_FMT_JSON; fmt++)
			for (long n = 1;; n++) {
				struct tp_buf buf = { 0 };
				tp_err e = { 0 };
				int rc = TP_OK;
				tp_alloc_fail_at(n);
				if (what == 0)
					tp_arena_pattern_format(&buf, &r, b, fmt);
				else if (what == 1)
					tp_arena_manifest_format(&buf, &r, &sh, b, &run, fmt);
				else
					rc = tp_arena_deal_format(&buf, &sh, 4, fmt, &e);
				tp_alloc_fail_at(0);
				int failed = rc != TP_OK || buf.oom;
				if (rc != TP_OK)
					assert_int_equal(rc, TP_EIO);
				tp_buf_free(&buf);
				if (!failed)
					break;
			}
	tp_arena_board_free(b);
}

/* A grid is its table and its line in TP_ARENA_GRIDS: every table fills
 * every operation, the lines' names differ, and arena.grid accepts exactly
 * those names, each for its own grid. */
static void grid_tables_complete(void **state)
{
	(void)state;
	const struct tp_key *key = NULL;
	for (int i = 0; i < TP_ARENA_N_KEYS; i++)
		if (strcmp(tp_arena_keys[i].name, "grid") == 0)
			key = &tp_arena_keys[i];
	assert_non_null(key);
	assert_non_null(key->names);
	for (int g = 0; g < TP_GRID_N; g++) {
		const struct tp_arena_gridops *o = tp_arena_gridops_for(g);
		const char *name = tp_arena_grid_name(g);
		assert_non_null(name);
		assert_true(name[0] != '\0');
		for (int h = 0; h < g; h++)
			assert_string_not_equal(name, tp_arena_grid_name(h));
		assert_non_null(key->names[g].name);
		assert_string_equal(key->names[g].name, name);
		assert_int_equal(key->names[g].value, g);
		const void *fn[] = {
			(const void *)o->rows, (const void *)o->cols, (const void *)o->inner_default,
			(const void *)o->inner_in, (const void *)o->numbered_at, (const void *)o->rules_check,
			(const void *)o->derive, (const void *)o->verify, (const void *)o->cell_count,
			(const void *)o->slot_on, (const void *)o->part_of, (const void *)o->dist,
			(const void *)o->turns_onto, (const void *)o->centre, (const void *)o->part_repeats,
			(const void *)o->mirrored, (const void *)o->cell_corners, (const void *)o->cell_mm,
			(const void *)o->adjacent, (const void *)o->orient, (const void *)o->number_turn,
			(const void *)o->pattern,
		};
		for (size_t k = 0; k < sizeof fn / sizeof fn[0]; k++)
			if (fn[k] == NULL)
				fail_msg("grid %s: operation %zu of the table is unset", name, k);
		/* what every board sheet reads of a cell */
		assert_true(o->number_box > 0 && o->disc > 0 && o->picture > 0 && o->start_ring > 0);
		assert_true(o->frame > 0 && o->frame < 1 && o->inradius_div > 0);
		/* a number's turn is a rotation */
		int R = o->rows(&(struct tp_arena_rules){ .grid = g, .side = 7 }), C = R;
		for (int part = 0; part <= o->sectors; part++) {
			double ca, sa;
			o->number_turn(R, C, 0, C / 2, part, &ca, &sa);
			assert_true(fabs(ca * ca + sa * sa - 1) < 1e-12);
		}
	}
	assert_null(key->names[TP_GRID_N].name);
	/* The square board turns its numbers by exact quarters, each reading
	 * from the nearest edge: upside down at the top edge's middle, upright
	 * at the bottom's, a quarter turn at the sides. */
	const struct tp_arena_gridops *sq = tp_arena_gridops_for(TP_GRID_SQUARE);
	static const int at[4][2] = { { 0, 4 }, { 8, 4 }, { 4, 0 }, { 4, 8 } };
	static const double want[4][2] = { { -1, 0 }, { 1, 0 }, { 0, 1 }, { 0, -1 } };
	for (int k = 0; k < 4; k++) {
		double ca, sa;
		sq->number_turn(9, 9, at[k][0], at[k][1], 1, &ca, &sa);
		assert_true(ca == want[k][0] && sa == want[k][1]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(default_board),
		cmocka_unit_test(sides_shapes_seeds),
		cmocka_unit_test(other_settings),
		cmocka_unit_test(determinism),
		cmocka_unit_test(impossible_ranges),
		cmocka_unit_test(verify_catches),
		cmocka_unit_test(default_shapes),
		cmocka_unit_test(shapes_bad),
		cmocka_unit_test(deal_all_counts),
		cmocka_unit_test(pattern_csv),
		cmocka_unit_test(grid_tables_complete),
		cmocka_unit_test(manifest_csv),
		cmocka_unit_test(deal_csv),
		cmocka_unit_test(alloc_failures),
	};
	return cmocka_run_group_tests_name("arena core", tests, NULL, NULL);
}
