/* The shape arena board: rules, numbering generator and its checks. */
#include "games/arena/arena_core.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

const char *const tp_arena_inner_names[TP_INNER_N] = { "diamond", "square", "circle" };

int tp_arena_inner_parse(const char *name)
{
	for (int i = 0; i < TP_INNER_N; i++)
		if (strcmp(name, tp_arena_inner_names[i]) == 0)
			return i;
	return -1;
}

void tp_arena_rules_default(struct tp_arena_rules *r)
{
	memset(r, 0, sizeof *r);
	r->side = 19;
	r->seed = 1;
	r->inner = TP_INNER_DIAMOND;
	r->inner_size = 0;
	r->inner_min = 1;
	r->inner_max = 9;
	r->outer_min = 5;
	r->outer_max = 20;
	r->players = 2;
	r->gate = TP_ARENA_GATE_DEFAULT;
}

/* ---- geometry ------------------------------------------------------------- */

/* The inner arena's size after defaults.  Pure arithmetic on valid rules. */
static int inner_size(const struct tp_arena_rules *r)
{
	int m = r->side / 2;
	if (r->inner_size > 0)
		return r->inner_size;
	if (r->inner == TP_INNER_SQUARE) {
		/* The largest (2k+1)^2 not over half the board. */
		long half = ((long)r->side * r->side + 1) / 2;
		int k = 0;
		while ((long)(2 * k + 3) * (2 * k + 3) <= half)
			k++;
		return k;
	}
	return m;
}

static int is_inner(const struct tp_arena_rules *r, int size, int row, int col)
{
	int m = r->side / 2;
	int dr = abs(row - m), dc = abs(col - m);
	switch (r->inner) {
	case TP_INNER_SQUARE:
		return (dr > dc ? dr : dc) <= size;
	case TP_INNER_CIRCLE:
		return dr * dr + dc * dc <= size * size + size;
	default:
		return dr + dc <= size;
	}
}

int tp_arena_inner_at(const struct tp_arena_rules *r, int row, int col)
{
	return is_inner(r, inner_size(r), row, col);
}

int tp_arena_inner_size_of(const struct tp_arena_rules *r)
{
	return inner_size(r);
}

/* Quarter of (row, col): 1..4 as the pinwheel in arena_core.h, 0 centre. */
static int quarter_of(int n, int row, int col)
{
	int m = n / 2;
	if (row < m && col <= m)
		return 1;
	if (row <= m && col > m)
		return 2;
	if (row > m && col >= m)
		return 3;
	if (row >= m && col < m)
		return 4;
	return 0;
}

/* One clockwise quarter turn about the centre. */
static void turn(int n, int *row, int *col)
{
	int r0 = *row;
	*row = *col;
	*col = n - 1 - r0;
}

static int numbered(int row, int col)
{
	return (row + col) % 2 == 0;
}

int tp_arena_rules_check(const struct tp_arena_rules *r, tp_err *e)
{
	if (r->side < TP_ARENA_SIDE_MIN || r->side > TP_ARENA_SIDE_MAX || r->side % 2 == 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.side = %d: the side is an odd number of squares from %d to %d (odd, so that there is a centre square to start on; at least %d, so that the longest shape, the 6-square Gun, fits)",
			       r->side, TP_ARENA_SIDE_MIN, TP_ARENA_SIDE_MAX, TP_ARENA_SIDE_MIN);
	if (r->inner < 0 || r->inner >= TP_INNER_N)
		return tp_fail(e, TP_EINPUT, "arena.inner = %d: not an inner-arena shape; use diamond, square or circle",
			       r->inner);
	const char *key[4] = { "inner_min", "inner_max", "outer_min", "outer_max" };
	int val[4] = { r->inner_min, r->inner_max, r->outer_min, r->outer_max };
	for (int i = 0; i < 4; i++)
		if (val[i] < 1 || val[i] > TP_ARENA_NUMBER_MAX)
			return tp_fail(e, TP_EINPUT,
				       "arena.%s = %d: numbers run from 1 to %d (0 would read as an unnumbered square)",
				       key[i], val[i], TP_ARENA_NUMBER_MAX);
	if (r->inner_min > r->inner_max)
		return tp_fail(e, TP_EINPUT, "arena.inner_min %d > inner_max %d: the range is empty; allowed: inner_min <= inner_max",
			       r->inner_min, r->inner_max);
	if (r->outer_min > r->outer_max)
		return tp_fail(e, TP_EINPUT, "arena.outer_min %d > outer_max %d: the range is empty; allowed: outer_min <= outer_max",
			       r->outer_min, r->outer_max);
	if (r->players < 2 || r->players > 6)
		return tp_fail(e, TP_EINPUT, "arena.players = %d: the game is for 2 to 6 players; allowed: 2..6",
			       r->players);
	if (r->gate < 1 || r->gate > TP_ARENA_GATE_MAX)
		return tp_fail(e, TP_EINPUT,
			       "arena.gate = %d: the points that open the outer arena run from 1 to %d (the seed's 75 is the default)",
			       r->gate, TP_ARENA_GATE_MAX);
	int m = r->side / 2;
	if (r->inner_size < 0 || r->inner_size > 2 * m)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner_size = %d: give 0 for the %s's default or a size from 1 to %d squares from the centre",
			       r->inner_size, tp_arena_inner_names[r->inner], 2 * m);
	/* The arenas must each hold numbers in every quarter; by symmetry the
	 * counts in quarter 1 hold for all four. */
	int size = inner_size(r), a = 0, b = 0;
	for (int row = 0; row < m; row++)
		for (int col = 0; col <= m; col++)
			if (numbered(row, col) && is_inner(r, size, row, col))
				a++;
			else if (numbered(row, col))
				b++;
	if (a == 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner_size = %d: the %s inner arena holds no numbered square in a quarter; make it larger",
			       size, tp_arena_inner_names[r->inner]);
	if (b == 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner_size = %d: the %s inner arena leaves no numbered square to the outer arena; make it smaller",
			       size, tp_arena_inner_names[r->inner]);
	return TP_OK;
}

/* ---- the random stream ---------------------------------------------------- */

struct rng {
	unsigned long long s;
};

static unsigned long long next64(struct rng *g)
{
	unsigned long long z = (g->s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in 0..n-1 (n >= 1), without modulo bias. */
static unsigned long long below(struct rng *g, unsigned long long n)
{
	unsigned long long lim = -n % n; /* 2^64 mod n */
	for (;;) {
		unsigned long long x = next64(g);
		if (x >= lim)
			return x % n;
	}
}

/* ---- sums ----------------------------------------------------------------- */

/* How many vectors of k integers in lo..hi sum to s, capped at 4 (four
 * different quarters are what is needed). */
static int count_layouts(int k, int lo, int hi, long long s)
{
	if (s < (long long)k * lo || s > (long long)k * hi)
		return 0;
	if (lo == hi || s == (long long)k * lo || s == (long long)k * hi)
		return 1;
	/* Strictly inside with k >= 4: some vector is not constant, and a
	 * vector of two or more values has at least k different orderings. */
	if (k >= 4)
		return 4;
	if (k == 1)
		return 1;
	int n = 0;
	for (int x = lo; x <= hi && n < 4; x++) {
		if (k == 2) {
			n += s - x >= lo && s - x <= hi;
			continue;
		}
		for (int y = lo; y <= hi && n < 4; y++)
			n += s - x - y >= lo && s - x - y <= hi;
	}
	return n;
}

/* Whether sums si (inner, per quarter) and so (outer, per quarter) with
 * centre number c meet: outer total greater, outer average higher. */
static int sums_ok(long long si, long long so, long long c, int a, int b)
{
	long long inner_total = 4 * si + c, outer_total = 4 * so;
	return outer_total > inner_total && outer_total * (4LL * a + 1) > inner_total * 4LL * b;
}

static long long centre_for(long long si, int a, const struct tp_arena_rules *r)
{
	long long c = (2 * si + a) / (2LL * a);
	return c < r->inner_min ? r->inner_min : c > r->inner_max ? r->inner_max : c;
}

/* Chooses the common inner and outer sums per quarter: each range's middle
 * if that meets the constraints, else moved step by step towards inner
 * numbers all inner_min and outer ones all outer_max, taking the first
 * that works.  The centre's number is the inner average, rounded. */
static int choose_sums(const struct tp_arena_rules *r, int a, int b, long long *si,
		       long long *so, long long *c, tp_err *e)
{
	long long si0 = (long long)a * (r->inner_min + r->inner_max) / 2;
	long long so0 = ((long long)b * (r->outer_min + r->outer_max) + 1) / 2;
	long long si1 = (long long)a * r->inner_min, so1 = (long long)b * r->outer_max;
	const int K = 64;
	for (int k = 0; k <= K; k++) {
		*si = si0 - (si0 - si1) * k / K;
		*so = so0 + (so1 - so0) * k / K;
		*c = centre_for(*si, a, r);
		if (sums_ok(*si, *so, *c, a, b))
			break;
		if (k == K) {
			if (r->outer_max <= r->inner_min)
				return tp_fail(e, TP_EINPUT,
					       "arena: outer_max %d <= inner_min %d: the outer numbers cannot be higher on average than the inner ones",
					       r->outer_max, r->inner_min);
			return tp_fail(e, TP_EINPUT,
				       "arena: the outer total cannot exceed the inner one: with every outer number at outer_max %d the %d outer numbers total %lld, with every inner one at inner_min %d the %d inner numbers total %lld; raise outer_max, lower inner_min or shrink the inner arena",
				       r->outer_max, 4 * b, 4 * so1, r->inner_min, 4 * a + 1,
				       (4LL * a + 1) * r->inner_min);
		}
	}
	int li = count_layouts(a, r->inner_min, r->inner_max, *si);
	int lo = count_layouts(b, r->outer_min, r->outer_max, *so);
	if (li * lo < 4)
		return tp_fail(e, TP_EINPUT,
			       "arena: the ranges leave %d way%s to number a quarter (%d inner numbers in %d..%d totalling %lld, %d outer in %d..%d totalling %lld), and the four quarters must all differ; widen inner_min..inner_max or outer_min..outer_max",
			       li * lo, li * lo == 1 ? "" : "s", a, r->inner_min, r->inner_max, *si, b,
			       r->outer_min, r->outer_max, *so);
	return TP_OK;
}

/* k numbers uniform in lo..hi, then one at a time moved by 1 (a random one
 * that can move) until they total s; s is reachable. */
static void draw(struct rng *g, int *v, int k, int lo, int hi, long long s)
{
	long long sum = 0;
	for (int i = 0; i < k; i++) {
		v[i] = lo + (int)below(g, (unsigned long long)(hi - lo) + 1);
		sum += v[i];
	}
	while (sum != s) {
		int up = sum < s;
		int i = (int)below(g, (unsigned long long)k);
		if (up && v[i] < hi) {
			v[i]++;
			sum++;
		} else if (!up && v[i] > lo) {
			v[i]--;
			sum--;
		}
	}
}

/* ---- symmetry ------------------------------------------------------------- */

/* Whether the board reads the same mirrored about axis 0..3 (rows
 * reversed, columns reversed, main diagonal, anti-diagonal). */
static int mirrored(const struct tp_arena_board *b, int axis)
{
	int n = b->side;
	for (int row = 0; row < n; row++)
		for (int col = 0; col < n; col++) {
			int r2 = row, c2 = col;
			switch (axis) {
			case 0: r2 = n - 1 - row; break;
			case 1: c2 = n - 1 - col; break;
			case 2: r2 = col; c2 = row; break;
			default: r2 = n - 1 - col; c2 = n - 1 - row; break;
			}
			if (b->sq[row * n + col].number != b->sq[r2 * n + c2].number)
				return 0;
		}
	return 1;
}

static const char *const axis_names[4] = {
	"the horizontal middle line", "the vertical middle line", "the main diagonal",
	"the anti-diagonal"
};

/* Whether quarter q1 turned (q2 - q1) quarter turns lands on quarter q2
 * with the same numbers. */
static int quarters_alike(const struct tp_arena_board *b, int q1, int q2)
{
	int n = b->side, turns = (q2 - q1 + 4) % 4;
	for (int row = 0; row < n; row++)
		for (int col = 0; col < n; col++) {
			if (b->sq[row * n + col].quarter != q1)
				continue;
			int r2 = row, c2 = col;
			for (int t = 0; t < turns; t++)
				turn(n, &r2, &c2);
			if (b->sq[row * n + col].number != b->sq[r2 * n + c2].number)
				return 0;
		}
	return 1;
}

/* ---- derive --------------------------------------------------------------- */

void tp_arena_board_free(struct tp_arena_board *b)
{
	if (b == NULL)
		return;
	free(b->sq);
	free(b);
}

static void totals(struct tp_arena_board *b)
{
	memset(b->quarter_total, 0, sizeof b->quarter_total);
	memset(b->inner_quarter_total, 0, sizeof b->inner_quarter_total);
	b->inner_total = b->outer_total = 0;
	b->n_inner_numbered = b->n_outer_numbered = 0;
	for (int i = 0; i < b->side * b->side; i++) {
		const struct tp_arena_square *s = &b->sq[i];
		b->quarter_total[s->quarter] += s->number;
		if (s->inner) {
			b->inner_quarter_total[s->quarter] += s->number;
			b->inner_total += s->number;
			b->n_inner_numbered += s->number != 0;
		} else {
			b->outer_total += s->number;
			b->n_outer_numbered += s->number != 0;
		}
	}
}

#define TRIES 1000

/* Quarter 1's numbered squares into cells, inner ones (*a) then outer
 * ones (*b), and the outer ones' distances from the centre into dist (the
 * same in every quarter: a turn keeps them). */
static void list_quarter(const struct tp_arena_rules *r, int size, int *cells, double *dist,
			 int *a, int *b)
{
	int n = r->side, m = n / 2;
	*a = *b = 0;
	for (int row = 0; row < m; row++)
		for (int col = 0; col <= m; col++)
			if (numbered(row, col) && is_inner(r, size, row, col))
				cells[(*a)++] = row * n + col;
	for (int row = 0; row < m; row++)
		for (int col = 0; col <= m; col++)
			if (numbered(row, col) && !is_inner(r, size, row, col)) {
				dist[*b] = hypot(row - m, col - m);
				cells[*a + (*b)++] = row * n + col;
			}
}

/* Whether quarter values v (quarter 1's squares cells[0..k-1]) read the
 * same mirrored across the quarter's middle row or middle column (only
 * mirrors that keep the numbered squares numbered can match). */
static int self_mirror(const int *v, const int *cells, int k, int n)
{
	int m = n / 2;
	for (int axis = 0; axis < 2; axis++) {
		int same = 1;
		for (int i = 0; i < k && same; i++) {
			int row = cells[i] / n, col = cells[i] % n;
			int r2 = axis ? row : m - 1 - row, c2 = axis ? m - col : col;
			if (!numbered(r2, c2))
				same = 0;
			for (int j = 0; j < k && same; j++)
				if (cells[j] == r2 * n + c2)
					same = v[j] == v[i];
		}
		if (same)
			return 1;
	}
	return 0;
}

/* Draws the four quarters' numbers into vals (q1 a quarter: a inner, then
 * b outer), redrawing a quarter that repeats an earlier one; with strict,
 * also (for a while) one whose inner part repeats an earlier one's or
 * that is its own mirror image (small boards, finding 7), and the outer
 * numbers rise toward the corners (tp_arena_rise, dist).  0, or -1 when
 * memory runs out. */
static int draw_quarters(struct rng *g, const struct tp_arena_rules *r, int *vals, const int *cells,
			 int q1, int a, int b, long long si, long long so, const double *dist,
			 int strict)
{
	for (int q = 0; q < 4; q++) {
		int *v = vals + (size_t)q * q1;
		for (int again = 0; again < TRIES; again++) {
			draw(g, v, a, r->inner_min, r->inner_max, si);
			draw(g, v + a, b, r->outer_min, r->outer_max, so);
			if (strict && tp_arena_rise(v + a, dist, b, next64(g)) != 0)
				return -1;
			int dup = 0, picky = strict && again < 64;
			for (int p = 0; p < q && !dup; p++)
				dup = memcmp(v, vals + (size_t)p * q1, sizeof *v * (size_t)(picky ? a : q1)) == 0;
			if (!dup && (!picky || !self_mirror(v, cells, q1, r->side)))
				break;
		}
	}
	return 0;
}

int tp_arena_board_derive(const struct tp_arena_rules *r, struct tp_arena_board **out,
			  tp_err *e)
{
	*out = NULL;
	int rc = tp_arena_rules_check(r, e);
	if (rc != TP_OK)
		return rc;
	int n = r->side, m = n / 2, size = inner_size(r);
	/* Quarter 1's numbered squares, inner ones then outer ones; quarter q
	 * is the same list turned q - 1 times. */
	int q1 = m * (m + 1) / 2, a = 0, b = 0;
	int *cells = tp_malloc(sizeof *cells * (size_t)q1);
	int *vals = tp_malloc(sizeof *vals * (size_t)q1 * 4);
	double *dist = tp_malloc(sizeof *dist * (size_t)q1);
	struct tp_arena_board *bd = tp_calloc(1, sizeof *bd);
	struct tp_arena_square *sq = tp_calloc((size_t)n * n, sizeof *sq);
	if (cells == NULL || vals == NULL || dist == NULL || bd == NULL || sq == NULL) {
		free(cells);
		free(vals);
		free(dist);
		free(bd);
		free(sq);
		return tp_fail(e, TP_EIO, "arena: out of memory for a %dx%d board", n, n);
	}
	bd->side = n;
	bd->sq = sq;
	for (int row = 0; row < n; row++)
		for (int col = 0; col < n; col++) {
			sq[row * n + col].inner = is_inner(r, size, row, col);
			sq[row * n + col].quarter = quarter_of(n, row, col);
		}
	list_quarter(r, size, cells, dist, &a, &b);
	long long si, so, c;
	rc = choose_sums(r, a, b, &si, &so, &c, e);
	struct rng g = { r->seed };
	for (int attempt = 0; rc == TP_OK; attempt++) {
		if (attempt == TRIES) {
			rc = tp_fail(e, TP_EINPUT,
				     "arena: no numbering without symmetry found in %d tries; the ranges leave too few ways to number a quarter: widen them",
				     TRIES);
			break;
		}
		/* Risen toward the corners; ranges so narrow that the sorted
		 * quarters keep coming out alike or mirrored get the second
		 * half of the tries unsorted. */
		if (draw_quarters(&g, r, vals, cells, q1, a, b, si, so, dist, attempt < TRIES / 2) != 0) {
			rc = tp_fail(e, TP_EIO, "arena: out of memory numbering the board");
			break;
		}
		for (int q = 0; q < 4; q++)
			for (int i = 0; i < q1; i++) {
				int row = cells[i] / n, col = cells[i] % n;
				for (int t = 0; t < q; t++)
					turn(n, &row, &col);
				sq[row * n + col].number = vals[(size_t)q * q1 + i];
			}
		sq[m * n + m].number = (int)c;
		int bad = 0;
		for (int q = 1; q <= 4 && !bad; q++)
			for (int p = q + 1; p <= 4 && !bad; p++)
				bad = quarters_alike(bd, q, p);
		for (int axis = 0; axis < 4 && !bad; axis++)
			bad = mirrored(bd, axis);
		if (!bad)
			break;
	}
	free(cells);
	free(vals);
	free(dist);
	if (rc != TP_OK) {
		tp_arena_board_free(bd);
		return rc;
	}
	totals(bd);
	*out = bd;
	return TP_OK;
}

/* ---- verify --------------------------------------------------------------- */

static int why_fail(char *why, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int why_fail(char *why, size_t n, const char *fmt, ...)
{
	if (why != NULL && n > 0) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(why, n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

int tp_arena_board_verify(const struct tp_arena_rules *r, const struct tp_arena_board *b,
			  char *why, size_t n)
{
	tp_err e = { 0 };
	if (tp_arena_rules_check(r, &e) != TP_OK)
		return why_fail(why, n, "%s", e.msg);
	if (b == NULL || b->sq == NULL || b->side != r->side)
		return why_fail(why, n, "the board is not %dx%d", r->side, r->side);
	int side = b->side, size = inner_size(r);
	for (int row = 0; row < side; row++)
		for (int col = 0; col < side; col++) {
			const struct tp_arena_square *s = &b->sq[row * side + col];
			int in = is_inner(r, size, row, col);
			if (s->inner != in)
				return why_fail(why, n, "square %d,%d is %s, the %s arena puts it %s",
						row + 1, col + 1, s->inner ? "inner" : "outer",
						tp_arena_inner_names[r->inner], in ? "inner" : "outer");
			if (s->quarter != quarter_of(side, row, col))
				return why_fail(why, n, "square %d,%d is in quarter %d, not %d", row + 1,
						col + 1, s->quarter, quarter_of(side, row, col));
			if (!numbered(row, col)) {
				if (s->number != 0)
					return why_fail(why, n,
							"square %d,%d carries %d but is not on the numbered squares (row + col even)",
							row + 1, col + 1, s->number);
				continue;
			}
			int lo = in ? r->inner_min : r->outer_min, hi = in ? r->inner_max : r->outer_max;
			if (s->number < lo || s->number > hi)
				return why_fail(why, n, "square %d,%d carries %d, outside the %s range %d..%d",
						row + 1, col + 1, s->number, in ? "inner" : "outer", lo, hi);
		}
	struct tp_arena_board t = *b;
	totals(&t);
	if (memcmp(t.quarter_total, b->quarter_total, sizeof t.quarter_total) != 0 ||
	    memcmp(t.inner_quarter_total, b->inner_quarter_total, sizeof t.inner_quarter_total) != 0 ||
	    t.inner_total != b->inner_total || t.outer_total != b->outer_total ||
	    t.n_inner_numbered != b->n_inner_numbered || t.n_outer_numbered != b->n_outer_numbered)
		return why_fail(why, n, "the board's stored totals do not match its numbers");
	for (int q = 2; q <= 4; q++) {
		if (t.quarter_total[q] != t.quarter_total[1])
			return why_fail(why, n, "quarter %d totals %ld, quarter 1 %ld", q,
					t.quarter_total[q], t.quarter_total[1]);
		if (t.inner_quarter_total[q] != t.inner_quarter_total[1])
			return why_fail(why, n, "the inner arena of quarter %d totals %ld, of quarter 1 %ld",
					q, t.inner_quarter_total[q], t.inner_quarter_total[1]);
	}
	if (t.outer_total <= t.inner_total)
		return why_fail(why, n, "the outer numbers total %ld, not more than the inner %ld",
				t.outer_total, t.inner_total);
	if ((long long)t.outer_total * t.n_inner_numbered <=
	    (long long)t.inner_total * t.n_outer_numbered)
		return why_fail(why, n, "the outer numbers average %.3f, not more than the inner %.3f",
				(double)t.outer_total / t.n_outer_numbered,
				(double)t.inner_total / t.n_inner_numbered);
	for (int q = 1; q <= 4; q++)
		for (int p = q + 1; p <= 4; p++)
			if (quarters_alike(b, q, p))
				return why_fail(why, n, "quarter %d turned onto quarter %d reads the same", q, p);
	for (int axis = 0; axis < 4; axis++)
		if (mirrored(b, axis))
			return why_fail(why, n, "the board is its own mirror image about %s",
					axis_names[axis]);
	return 0;
}
