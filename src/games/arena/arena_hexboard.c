/* The hex board's numbering generator and its verifier (contracts in
 * arena_hex.h): sector 1's numbers drawn to common sums, each sector its
 * own draw turned into place, redrawn while two sectors are alike or the
 * board is its own mirror image. */
#include "games/arena/arena_grid.h"
#include "games/arena/arena_hex.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/sim.h"

#define SECTORS 6
#define TRIES 1000

/* Ways (capped at SECTORS) to write k numbers in lo..hi totalling s: six
 * sectors that must all differ need six. */
static long ways(int k, int lo, int hi, long long s)
{
	if (s < (long long)k * lo || s > (long long)k * hi)
		return 0;
	if (lo == hi || s == (long long)k * lo || s == (long long)k * hi)
		return 1;
	/* Strictly inside with k >= 6: not all equal, so at least k orders. */
	if (k >= SECTORS)
		return SECTORS;
	long n = 0;
	for (int x = lo; x <= hi && n < SECTORS; x++)
		n += ways(k - 1, lo, hi, s - x);
	return n < SECTORS ? n : SECTORS;
}

/* k numbers uniform in lo..hi, then moved by 1 (a random one that can)
 * until they total s (reachable). */
static void draw(struct tp_rng *g, int *v, int k, int lo, int hi, long long s)
{
	long long sum = 0;
	for (int i = 0; i < k; i++) {
		v[i] = lo + (int)tp_rng_below(g, (unsigned long long)(hi - lo) + 1);
		sum += v[i];
	}
	while (sum != s) {
		int up = sum < s, i = (int)tp_rng_below(g, (unsigned long long)k);
		if (up && v[i] < hi) {
			v[i]++;
			sum++;
		} else if (!up && v[i] > lo) {
			v[i]--;
			sum--;
		}
	}
}

/* Sector 1's numbered cells: a inner then b outer, as array indices, and
 * the outer ones' distances from the centre. */
struct base {
	int *cell, a, b;
	double *dist;
};

/* The common sums: each range's middle if the outer total and average
 * then beat the inner ones, else moved step by step towards inner numbers
 * all inner_min and outer ones all outer_max.  The centre takes the inner
 * average, rounded. */
static int choose_sums(const struct tp_arena_rules *r, const struct base *B, long long *si,
		       long long *so, long long *c, tp_err *e)
{
	long long a = B->a, b = B->b, A = SECTORS * a + 1, Bn = SECTORS * b;
	long long silo = a * r->inner_min, so_hi = b * r->outer_max;
	long long si0 = a * (r->inner_min + r->inner_max) / 2;
	long long so0 = (b * (r->outer_min + r->outer_max) + 1) / 2;
	const int K = 64;
	for (int i = 0;; i++) {
		*si = si0 - (si0 - silo) * i / K;
		*so = so0 + (so_hi - so0) * i / K;
		*c = (*si + a / 2) / a;
		*c = *c < r->inner_min ? r->inner_min : *c > r->inner_max ? r->inner_max : *c;
		long long it = SECTORS * *si + *c, ot = SECTORS * *so;
		if (ot > it && ot * A > it * Bn)
			break;
		if (i == K)
			return tp_fail(e, TP_EINPUT,
				       "arena: the outer total cannot exceed the inner one: with every outer number at outer_max %d the %lld outer numbers total %lld, with every inner one at inner_min %d the %lld inner numbers total %lld; raise outer_max, lower inner_min or shrink the inner arena",
				       r->outer_max, Bn, SECTORS * so_hi, r->inner_min, A,
				       SECTORS * silo + r->inner_min);
	}
	long li = ways(B->a, r->inner_min, r->inner_max, *si);
	long lo = ways(B->b, r->outer_min, r->outer_max, *so);
	if (li * lo < SECTORS)
		return tp_fail(e, TP_EINPUT,
			       "arena: the ranges leave %ld way%s to number a sector (%d inner numbers in %d..%d totalling %lld, %d outer in %d..%d totalling %lld), and the six sectors must all differ; widen inner_min..inner_max or outer_min..outer_max",
			       li * lo, li * lo == 1 ? "" : "s", B->a, r->inner_min, r->inner_max, *si,
			       B->b, r->outer_min, r->outer_max, *so);
	return TP_OK;
}

static struct tp_arena_board *new_board(const struct tp_arena_rules *r, int size)
{
	int n = tp_arena_hex_n(r), R = 2 * n + 1;
	struct tp_arena_board *bd = tp_calloc(1, sizeof *bd);
	struct tp_arena_square *sq = tp_calloc((size_t)R * R, sizeof *sq);
	if (bd == NULL || sq == NULL) {
		free(bd);
		free(sq);
		return NULL;
	}
	*bd = (struct tp_arena_board){ .grid = TP_GRID_HEX, .rows = R, .cols = R, .sq = sq };
	for (int row = 0; row < R; row++)
		for (int col = 0; col < R; col++) {
			struct tp_arena_square *s = &sq[row * R + col];
			s->off = !tp_arena_hex_on(n, row, col);
			if (s->off)
				continue;
			s->inner = tp_arena_hex_inner(r->inner, size, col - n, row - n);
			s->quarter = tp_arena_hex_sector(col - n, row - n);
		}
	return bd;
}

static int list_base(const struct tp_arena_rules *r, const struct tp_arena_board *bd,
		     struct base *B)
{
	int n = tp_arena_hex_n(r), R = bd->rows;
	B->cell = tp_malloc(sizeof *B->cell * (size_t)R * R);
	B->dist = tp_malloc(sizeof *B->dist * (size_t)R * R);
	if (B->cell == NULL || B->dist == NULL)
		return -1;
	B->a = B->b = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < R * R; i++) {
			const struct tp_arena_square *s = &bd->sq[i];
			int q = i % R - n, rr = i / R - n;
			if (s->off || s->quarter != 1 || !tp_arena_hex_numbered(r, q, rr) ||
			    s->inner != !pass)
				continue;
			if (pass)
				B->dist[B->b++] = tp_arena_hex_dist(q, rr);
			else
				B->a++;
			B->cell[B->a + B->b - 1] = i;
		}
	return 0;
}

/* Array index of base cell i turned into sector k (1..6). */
static int turned(const struct tp_arena_board *bd, int i, int k)
{
	int n = bd->rows / 2, q = i % bd->rows - n, r = i / bd->rows - n;
	tp_arena_hex_turn(k - 1, &q, &r);
	return (r + n) * bd->rows + q + n;
}

int tp_arena_hex_sector_repeats(const struct tp_arena_board *b, int q, int p, int inner_only)
{
	int R = b->rows, n = R / 2;
	for (int i = 0; i < R * R; i++) {
		const struct tp_arena_square *s = &b->sq[i];
		if (s->off || s->quarter != q || (inner_only && !s->inner))
			continue;
		int cq = i % R - n, cr = i / R - n;
		tp_arena_hex_turn(p - q, &cq, &cr);
		if (s->number != b->sq[(cr + n) * R + cq + n].number)
			return 0;
	}
	return 1;
}

int tp_arena_hex_mirrored(const struct tp_arena_board *b, int a)
{
	int R = b->rows, n = R / 2;
	for (int i = 0; i < R * R; i++) {
		if (b->sq[i].off)
			continue;
		int q = i % R - n, r = i / R - n;
		tp_arena_hex_mirror(a, &q, &r);
		if (b->sq[i].number != b->sq[(r + n) * R + q + n].number)
			return 0;
	}
	return 1;
}

static int symmetric(const struct tp_arena_board *bd)
{
	for (int q = 1; q <= SECTORS; q++)
		for (int p = q + 1; p <= SECTORS; p++)
			if (tp_arena_hex_sector_repeats(bd, q, p, 0))
				return 1;
	for (int a = 0; a < SECTORS; a++)
		if (tp_arena_hex_mirrored(bd, a))
			return 1;
	return 0;
}

/* Draws and places the six sectors; with strict (the first tries) the
 * outer numbers rise toward the corners and a sector whose inner part
 * repeats an earlier one's is redrawn.  0, or -1 out of memory. */
static int draw_sectors(struct tp_rng *g, const struct tp_arena_rules *r, struct tp_arena_board *bd,
			const struct base *B, int *vals, long long si, long long so, int strict)
{
	int k = B->a + B->b;
	for (int q = 1; q <= SECTORS; q++) {
		int *v = vals + (size_t)(q - 1) * k;
		for (int again = 0; again < TRIES; again++) {
			draw(g, v, B->a, r->inner_min, r->inner_max, si);
			draw(g, v + B->a, B->b, r->outer_min, r->outer_max, so);
			if (strict && tp_arena_rise(v + B->a, B->dist, B->b, tp_rng_next(g)) != 0)
				return -1;
			int dup = 0, picky = strict && again < 64;
			for (int p = 1; p < q && !dup; p++)
				dup = memcmp(v, vals + (size_t)(p - 1) * k,
					     sizeof *v * (size_t)(picky ? B->a : k)) == 0;
			if (!dup)
				break;
		}
		for (int i = 0; i < k; i++)
			bd->sq[turned(bd, B->cell[i], q)].number = v[i];
	}
	return 0;
}

int tp_arena_hex_derive(const struct tp_arena_rules *r, struct tp_arena_board **out, tp_err *e)
{
	*out = NULL;
	int size = tp_arena_inner_size_of(r);
	struct tp_arena_board *bd = new_board(r, size);
	struct base B = { 0 };
	int *vals = NULL;
	int rc = bd == NULL || list_base(r, bd, &B) != 0 ? TP_EIO : TP_OK;
	if (rc == TP_OK && (vals = tp_malloc(sizeof *vals * (size_t)(B.a + B.b) * SECTORS)) == NULL)
		rc = TP_EIO;
	if (rc == TP_EIO)
		tp_fail(e, TP_EIO, "arena: out of memory for a hex board of side %d", r->side);
	long long si = 0, so = 0, c = 0;
	if (rc == TP_OK)
		rc = choose_sums(r, &B, &si, &so, &c, e);
	struct tp_rng g = { r->seed };
	for (int attempt = 0; rc == TP_OK; attempt++) {
		if (attempt == TRIES) {
			rc = tp_fail(e, TP_EINPUT,
				     "arena: no numbering without symmetry found in %d tries; the ranges leave too few ways to number a sector: widen them",
				     TRIES);
			break;
		}
		if (draw_sectors(&g, r, bd, &B, vals, si, so, attempt < TRIES / 2) != 0) {
			rc = tp_fail(e, TP_EIO, "arena: out of memory numbering the board");
			break;
		}
		bd->sq[(bd->rows / 2) * bd->cols + bd->cols / 2].number = (int)c;
		if (!symmetric(bd))
			break;
	}
	free(vals);
	free(B.cell);
	free(B.dist);
	if (rc != TP_OK) {
		tp_arena_board_free(bd);
		return rc;
	}
	tp_arena_board_totals(bd);
	*out = bd;
	return TP_OK;
}

static int why_fail(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

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

/* Each cell against the geometry and the ranges. */
static int verify_cells(const struct tp_arena_rules *r, const struct tp_arena_board *b, char *why,
			size_t len)
{
	int n = tp_arena_hex_n(r), R = 2 * n + 1, size = tp_arena_inner_size_of(r);
	for (int i = 0; i < R * R; i++) {
		const struct tp_arena_square *s = &b->sq[i];
		int q = i % R - n, rr = i / R - n, on = abs(q + rr) <= n;
		if (s->off == on || (!on && (s->number || s->inner || s->quarter)))
			return why_fail(why, len, "slot %d,%d is %s but %s the board", q, rr,
					s->off ? "off" : "on", on ? "on" : "off");
		if (!on)
			continue;
		int in = tp_arena_hex_inner(r->inner, size, q, rr), sec = tp_arena_hex_sector(q, rr);
		if (s->inner != in || s->quarter != sec)
			return why_fail(why, len, "cell %d,%d is %s in sector %d, not %s in %d", q, rr,
					s->inner ? "inner" : "outer", s->quarter, in ? "inner" : "outer", sec);
		if (!tp_arena_hex_numbered(r, q, rr)) {
			if (s->number)
				return why_fail(why, len, "cell %d,%d carries %d off the numbered class",
						q, rr, s->number);
			continue;
		}
		int lo = in ? r->inner_min : r->outer_min, hi = in ? r->inner_max : r->outer_max;
		if (s->number < lo || s->number > hi)
			return why_fail(why, len, "cell %d,%d carries %d, outside %d..%d", q, rr,
					s->number, lo, hi);
	}
	return 0;
}

int tp_arena_hex_verify(const struct tp_arena_rules *r, const struct tp_arena_board *b,
			char *why, size_t len)
{
	int R = 2 * tp_arena_hex_n(r) + 1;
	if (b == NULL || b->sq == NULL || b->grid != TP_GRID_HEX || b->rows != R || b->cols != R)
		return why_fail(why, len, "the board is not a hex board of side %d", r->side);
	if (verify_cells(r, b, why, len) != 0)
		return -1;
	struct tp_arena_board t = *b;
	tp_arena_board_totals(&t);
	if (memcmp(t.quarter_total, b->quarter_total, sizeof t.quarter_total) != 0 ||
	    memcmp(t.inner_quarter_total, b->inner_quarter_total, sizeof t.inner_quarter_total) != 0 ||
	    t.inner_total != b->inner_total || t.outer_total != b->outer_total)
		return why_fail(why, len, "the board's stored totals do not match its numbers");
	for (int q = 2; q <= SECTORS; q++)
		if (t.quarter_total[q] != t.quarter_total[1] ||
		    t.inner_quarter_total[q] != t.inner_quarter_total[1])
			return why_fail(why, len, "sector %d totals %ld (inner %ld), sector 1 %ld (%ld)", q,
					t.quarter_total[q], t.inner_quarter_total[q], t.quarter_total[1],
					t.inner_quarter_total[1]);
	if (t.outer_total <= t.inner_total ||
	    (long long)t.outer_total * t.n_inner_numbered <= (long long)t.inner_total * t.n_outer_numbered)
		return why_fail(why, len, "the outer numbers (%ld over %d) do not beat the inner (%ld over %d)",
				t.outer_total, t.n_outer_numbered, t.inner_total, t.n_inner_numbered);
	for (int q = 1; q <= SECTORS; q++)
		for (int p = q + 1; p <= SECTORS; p++)
			if (tp_arena_hex_sector_repeats(b, q, p, 0))
				return why_fail(why, len, "sector %d turned onto sector %d reads the same", q, p);
	for (int a = 0; a < SECTORS; a++)
		if (tp_arena_hex_mirrored(b, a))
			return why_fail(why, len, "the board is its own mirror image (mirror %d)", a);
	return 0;
}
