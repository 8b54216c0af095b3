/* The shape arena board's numbering generator (contract in arena_core.h):
 * the common sums, the draws, the quarters turned into place. */
#include "games/arena/model/arena_grid.h"
#include "games/arena/model/arena_gridops.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/arena/model/arena_hex.h"
#include "games/sim.h"

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

/* The numbered squares of the base quarters (1, and 2 on a rectangle):
 * a[j] inner and b[j] outer in base quarter j + 1; cn 1 when the centre is
 * numbered; bases 1 on a square board (every quarter turns onto quarter
 * 1), 2 on a rectangle. */
struct counts {
	int a[2], b[2], cn, bases;
};

static long long max2(long long x, long long y) { return x > y ? x : y; }
static long long min2(long long x, long long y) { return x < y ? x : y; }

/* Whether sums si (inner, per quarter) and so (outer, per quarter) with
 * centre number c meet: outer total greater, outer average higher. */
static int sums_ok(long long si, long long so, long long c, const struct counts *k)
{
	long long A = 2LL * (k->a[0] + k->a[1]) + k->cn, B = 2LL * (k->b[0] + k->b[1]);
	long long inner_total = 4 * si + c, outer_total = 4 * so;
	return outer_total > inner_total && outer_total * A > inner_total * B;
}

static long long centre_for(long long si, const struct counts *k, const struct tp_arena_rules *r)
{
	if (!k->cn)
		return 0;
	long long two = k->a[0] + k->a[1]; /* twice the mean count */
	long long c = (4 * si + two) / (2 * two);
	return c < r->inner_min ? r->inner_min : c > r->inner_max ? r->inner_max : c;
}

/* Chooses the common inner and outer sums per quarter: each range's middle
 * if that meets the constraints, else moved step by step towards inner
 * numbers all inner_min and outer ones all outer_max, taking the first
 * that works.  On a rectangle the quarters hold different counts, so the
 * sums are kept where both counts reach them.  The centre's number (when
 * it is numbered) is the inner average, rounded. */
static int choose_sums(const struct tp_arena_rules *r, const struct counts *k, long long *si,
		       long long *so, long long *c, tp_err *e)
{
	const int *a = k->a, *b = k->b;
	long long silo = max2(a[0], a[1]) * (long long)r->inner_min;
	long long sihi = min2(a[0], a[1]) * (long long)r->inner_max;
	long long solo = max2(b[0], b[1]) * (long long)r->outer_min;
	long long sohi = min2(b[0], b[1]) * (long long)r->outer_max;
	if (silo > sihi || solo > sohi)
		return tp_fail(e, TP_EINPUT,
			       "arena: quarters 1 and 2 of the %dx%d board hold %d and %d inner, %d and %d outer numbered squares, too different for equal totals in %d..%d and %d..%d; bring arena.rows and arena.cols closer or widen the ranges",
			       tp_arena_rows(r), tp_arena_cols(r), a[0], a[1], b[0], b[1], r->inner_min,
			       r->inner_max, r->outer_min, r->outer_max);
	long long si0 = min2(sihi, max2(silo, (long long)(a[0] + a[1]) * (r->inner_min + r->inner_max) / 4));
	long long so0 = min2(sohi, max2(solo, ((long long)(b[0] + b[1]) * (r->outer_min + r->outer_max) + 2) / 4));
	const int K = 64;
	int A = 2 * (a[0] + a[1]) + k->cn, B = 2 * (b[0] + b[1]);
	for (int i = 0; i <= K; i++) {
		*si = si0 - (si0 - silo) * i / K;
		*so = so0 + (sohi - so0) * i / K;
		*c = centre_for(*si, k, r);
		if (sums_ok(*si, *so, *c, k))
			break;
		if (i == K) {
			if (r->outer_max <= r->inner_min)
				return tp_fail(e, TP_EINPUT,
					       "arena: outer_max %d <= inner_min %d: the outer numbers cannot be higher on average than the inner ones",
					       r->outer_max, r->inner_min);
			return tp_fail(e, TP_EINPUT,
				       "arena: the outer total cannot exceed the inner one: with every outer number at outer_max %d the %d outer numbers total %lld, with every inner one at inner_min %d the %d inner numbers total %lld; raise outer_max, lower inner_min or shrink the inner arena",
				       r->outer_max, B, 4 * sohi, r->inner_min, A,
				       4 * silo + (k->cn ? r->inner_min : 0));
		}
	}
	/* Quarters that turn onto each other must differ: four ways on a
	 * square board, two per base quarter on a rectangle. */
	int need = k->bases == 1 ? 4 : 2;
	for (int j = 0; j < k->bases; j++) {
		int li = count_layouts(a[j], r->inner_min, r->inner_max, *si);
		int lo = count_layouts(b[j], r->outer_min, r->outer_max, *so);
		if (li * lo < need)
			return tp_fail(e, TP_EINPUT,
				       "arena: the ranges leave %d way%s to number quarter %d (%d inner numbers in %d..%d totalling %lld, %d outer in %d..%d totalling %lld), and the quarters that turn onto it must all differ; widen inner_min..inner_max or outer_min..outer_max",
				       li * lo, li * lo == 1 ? "" : "s", j + 1, a[j], r->inner_min,
				       r->inner_max, *si, b[j], r->outer_min, r->outer_max, *so);
	}
	return TP_OK;
}

/* ---- derive --------------------------------------------------------------- */

void tp_arena_board_free(struct tp_arena_board *b)
{
	if (b == NULL)
		return;
	free(b->sq);
	free(b);
}

#define TRIES 1000

/* Base quarter q's numbered squares into cells, inner ones (*a) then
 * outer ones (*b), and the outer ones' distances from the centre into dist
 * (the same in the quarters it turns onto: a turn keeps them). */
static void list_quarter(const struct tp_arena_rules *r, int size, int q, int *cells,
			 double *dist, int *a, int *b)
{
	int R = tp_arena_rows(r), C = tp_arena_cols(r), box[4];
	tp_arena_quarter_box(R, C, q, box);
	*a = *b = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int row = box[0]; row <= box[1]; row++)
			for (int col = box[2]; col <= box[3]; col++) {
				if (!tp_arena_numbered_at(r, row, col) || tp_arena_inner_in(r, size, row, col) != !pass)
					continue;
				if (pass)
					dist[(*b)++] = hypot(row - R / 2, col - C / 2);
				else
					(*a)++;
				cells[*a + *b - 1] = row * C + col;
			}
}

/* Whether quarter values v (base quarter q's squares cells[0..k-1]) read
 * the same mirrored across the quarter's middle row or middle column (only
 * mirrors that keep the numbered squares numbered can match). */
static int self_mirror(const struct tp_arena_rules *r, const int *v, const int *cells, int k,
		       int q)
{
	int R = tp_arena_rows(r), C = tp_arena_cols(r);
	int box[4];
	tp_arena_quarter_box(R, C, q, box);
	for (int axis = 0; axis < 2; axis++) {
		int same = 1;
		for (int i = 0; i < k && same; i++) {
			int row = cells[i] / C, col = cells[i] % C;
			int r2 = axis ? row : box[0] + box[1] - row;
			int c2 = axis ? box[2] + box[3] - col : col;
			if (!tp_arena_numbered_at(r, r2, c2))
				same = 0;
			for (int j = 0; j < k && same; j++)
				if (cells[j] == r2 * C + c2)
					same = v[j] == v[i];
		}
		if (same)
			return 1;
	}
	return 0;
}

/* The base quarters' lists: cells[j] and dist[j] for base quarter j + 1,
 * counts in k, stride the longest list. */
struct lists {
	int *cells[2];
	double *dist[2];
	int stride;
};

/* Draws the four quarters' numbers into vals (stride a quarter: a inner,
 * then b outer of its base quarter), redrawing a quarter that repeats an
 * earlier one it turns onto; with strict, also (for a while) one whose
 * inner part repeats such a one's or that is its own mirror image (small
 * boards, where few numbers make repeats likely), and the outer numbers rise toward the corners
 * (tp_arena_rise, dist).  0, or -1 when memory runs out. */
static int draw_quarters(struct tp_rng *g, const struct tp_arena_rules *r, int *vals,
			 const struct lists *L, const struct counts *k, long long si,
			 long long so, int strict)
{
	int R = tp_arena_rows(r), C = tp_arena_cols(r);
	for (int q = 1; q <= 4; q++) {
		int j = tp_arena_base_quarter(R, C, q) - 1, a = k->a[j], b = k->b[j];
		int *v = vals + (size_t)(q - 1) * L->stride;
		for (int again = 0; again < TRIES; again++) {
			tp_arena_draw_sum(g, v, a, r->inner_min, r->inner_max, si);
			tp_arena_draw_sum(g, v + a, b, r->outer_min, r->outer_max, so);
			if (strict && tp_arena_rise(v + a, L->dist[j], b, tp_rng_next(g)) != 0)
				return -1;
			int dup = 0, picky = strict && again < 64;
			for (int p = 1; p < q && !dup; p++)
				dup = tp_arena_congruent(R, C, p, q) &&
				      memcmp(v, vals + (size_t)(p - 1) * L->stride,
					     sizeof *v * (size_t)(picky ? a : a + b)) == 0;
			if (!dup && (!picky || !self_mirror(r, v, L->cells[j], a + b, j + 1)))
				break;
		}
	}
	return 0;
}

/* The numbers of vals onto the board, each quarter's list turned from its
 * base quarter's. */
static void place_quarters(struct tp_arena_board *bd, const int *vals, const struct lists *L,
			   const struct counts *k)
{
	int R = bd->rows, C = bd->cols;
	for (int q = 1; q <= 4; q++) {
		int j = tp_arena_base_quarter(R, C, q) - 1;
		for (int i = 0; i < k->a[j] + k->b[j]; i++) {
			int row = L->cells[j][i] / C, col = L->cells[j][i] % C;
			tp_arena_turn(R, C, q - 1 - j, &row, &col);
			bd->sq[row * C + col].number = vals[(size_t)(q - 1) * L->stride + i];
		}
	}
}

static int number_board(const struct tp_arena_rules *r, struct tp_arena_board *bd,
			const struct lists *L, const struct counts *k, int *vals, tp_err *e)
{
	int R = bd->rows, C = bd->cols;
	long long si = 0, so = 0, c = 0;
	int rc = choose_sums(r, k, &si, &so, &c, e);
	struct tp_rng g = { r->seed };
	for (int attempt = 0; rc == TP_OK; attempt++) {
		if (attempt == TRIES)
			return tp_fail(e, TP_EINPUT,
				       "arena: no numbering without symmetry found in %d tries; the ranges leave too few ways to number a quarter: widen them",
				       TRIES);
		/* Risen toward the corners; ranges so narrow that the sorted
		 * quarters keep coming out alike or mirrored get the second
		 * half of the tries unsorted. */
		if (draw_quarters(&g, r, vals, L, k, si, so, attempt < TRIES / 2) != 0)
			return tp_fail(e, TP_EIO, "arena: out of memory numbering the board");
		place_quarters(bd, vals, L, k);
		bd->sq[(R / 2) * C + C / 2].number = (int)c;
		if (!tp_arena_symmetric(bd))
			break;
	}
	return rc;
}

int tp_arena_board_derive(const struct tp_arena_rules *r, struct tp_arena_board **out,
			  tp_err *e)
{
	*out = NULL;
	int rc = tp_arena_rules_check(r, e);
	if (rc != TP_OK)
		return rc;
	return tp_arena_gridops_for(r->grid)->derive(r, out, e);
}

int tp_arena_square_derive(const struct tp_arena_rules *r, struct tp_arena_board **out, tp_err *e)
{
	int rc = TP_OK;
	int R = tp_arena_rows(r), C = tp_arena_cols(r), size = tp_arena_inner_size_of(r);
	struct counts k = { .cn = tp_arena_numbered_at(r, R / 2, C / 2), .bases = R == C ? 1 : 2 };
	struct lists L = { .stride = (R / 2 + 1) * (C / 2 + 1) }; /* a quarter, all numbered */
	int *vals = tp_malloc(sizeof *vals * (size_t)L.stride * 4);
	struct tp_arena_board *bd = tp_arena_board_new(r, size);
	int ok = vals != NULL && bd != NULL;
	for (int j = 0; j < 2; j++) {
		L.cells[j] = tp_malloc(sizeof *L.cells[j] * (size_t)L.stride);
		L.dist[j] = tp_malloc(sizeof *L.dist[j] * (size_t)L.stride);
		ok = ok && L.cells[j] != NULL && L.dist[j] != NULL;
	}
	if (!ok)
		rc = tp_fail(e, TP_EIO, "arena: out of memory for a %dx%d board", R, C);
	for (int j = 0; j < 2 && rc == TP_OK; j++)
		list_quarter(r, size, k.bases == 1 ? 1 : j + 1, L.cells[j], L.dist[j], &k.a[j], &k.b[j]);
	if (rc == TP_OK && r->marking != TP_MARKING_NUMBERS)
		rc = tp_arena_colour_derive(r, bd, e);
	else if (rc == TP_OK)
		rc = number_board(r, bd, &L, &k, vals, e);
	free(vals);
	for (int j = 0; j < 2; j++) {
		free(L.cells[j]);
		free(L.dist[j]);
	}
	if (rc != TP_OK) {
		tp_arena_board_free(bd);
		return rc;
	}
	tp_arena_board_totals(bd);
	*out = bd;
	return TP_OK;
}

