/* The hex and triangular boards' numbering generator and its verifier
 * (contracts in arena_grid.h, geometry in arena_hex.h and arena_tri.h):
 * sector 1's numbers drawn to common sums, each sector its own draw turned
 * into place, redrawn while two sectors are alike or the board is its own
 * mirror image.  S, the sectors: 6 on hex, 3 on tri. */
#include "games/arena/model/arena_grid.h"
#include "games/arena/model/arena_gridops.h"
#include "games/arena/model/arena_hex.h"
#include "games/arena/model/arena_tri.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/sim.h"

#define TRIES 1000
#define WAYS_CAP 6   /* the most sectors: six on hex */

/* Ways (capped at six) to write k numbers in lo..hi totalling s: S
 * sectors that must all differ need S. */
static long ways(int k, int lo, int hi, long long s)
{
	if (s < (long long)k * lo || s > (long long)k * hi)
		return 0;
	if (lo == hi || s == (long long)k * lo || s == (long long)k * hi)
		return 1;
	/* Strictly inside with k >= 6: not all equal, so at least k orders. */
	if (k >= WAYS_CAP)
		return WAYS_CAP;
	long n = 0;
	for (int x = lo; x <= hi && n < WAYS_CAP; x++)
		n += ways(k - 1, lo, hi, s - x);
	return n < WAYS_CAP ? n : WAYS_CAP;
}

void tp_arena_draw_sum(struct tp_rng *g, int *v, int k, int lo, int hi, long long s)
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
	int S;   /* sectors */
};

/* The common sums: each range's middle if the outer total and average
 * then beat the inner ones, else moved step by step towards inner numbers
 * all inner_min and outer ones all outer_max.  The centre takes the inner
 * average, rounded. */
static int choose_sums(const struct tp_arena_rules *r, const struct base *B, long long *si,
		       long long *so, long long *c, tp_err *e)
{
	long long a = B->a, b = B->b, S = B->S, A = S * a + 1, Bn = S * b;
	long long silo = a * r->inner_min, so_hi = b * r->outer_max;
	long long si0 = a * (r->inner_min + r->inner_max) / 2;
	long long so0 = (b * (r->outer_min + r->outer_max) + 1) / 2;
	const int K = 64;
	for (int i = 0;; i++) {
		*si = si0 - (si0 - silo) * i / K;
		*so = so0 + (so_hi - so0) * i / K;
		*c = (*si + a / 2) / a;
		*c = *c < r->inner_min ? r->inner_min : *c > r->inner_max ? r->inner_max : *c;
		long long it = S * *si + *c, ot = S * *so;
		if (ot > it && ot * A > it * Bn)
			break;
		if (i == K)
			return tp_fail(e, TP_EINPUT,
				       "arena: the outer total cannot exceed the inner one: with every outer number at outer_max %d the %lld outer numbers total %lld, with every inner one at inner_min %d the %lld inner numbers total %lld; raise outer_max, lower inner_min or shrink the inner arena",
				       r->outer_max, Bn, S * so_hi, r->inner_min, A,
				       S * silo + r->inner_min);
	}
	long li = ways(B->a, r->inner_min, r->inner_max, *si);
	long lo = ways(B->b, r->outer_min, r->outer_max, *so);
	if (li * lo < S)
		return tp_fail(e, TP_EINPUT,
			       "arena: the ranges leave %ld way%s to number a sector (%d inner numbers in %d..%d totalling %lld, %d outer in %d..%d totalling %lld), and the %lld sectors must all differ; widen inner_min..inner_max or outer_min..outer_max",
			       li * lo, li * lo == 1 ? "" : "s", B->a, r->inner_min, r->inner_max, *si,
			       B->b, r->outer_min, r->outer_max, *so, S);
	return TP_OK;
}

static int list_base(const struct tp_arena_rules *r, const struct tp_arena_board *bd,
		     struct base *B)
{
	int R = bd->rows, C = bd->cols;
	B->cell = tp_malloc(sizeof *B->cell * (size_t)R * C);
	B->dist = tp_malloc(sizeof *B->dist * (size_t)R * C);
	if (B->cell == NULL || B->dist == NULL)
		return -1;
	B->a = B->b = 0;
	B->S = tp_arena_sectors(r->grid);
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < R * C; i++) {
			const struct tp_arena_square *s = &bd->sq[i];
			if (s->off || s->quarter != 1 || !tp_arena_numbered_at(r, i / C, i % C) ||
			    s->inner != !pass)
				continue;
			if (pass)
				B->dist[B->b++] = tp_arena_slot_dist(r->grid, R, C, i / C, i % C);
			else
				B->a++;
			B->cell[B->a + B->b - 1] = i;
		}
	return 0;
}

/* Array index of base cell i turned into sector k (1..S). */
static int turned(const struct tp_arena_board *bd, int i, int k)
{
	int row = i / bd->cols, col = i % bd->cols;
	tp_arena_slot_turn(bd->grid, bd->rows, k - 1, &row, &col);
	return row * bd->cols + col;
}

int tp_arena_sector_repeats(const struct tp_arena_board *b, int q, int p, int inner_only)
{
	int R = b->rows, C = b->cols;
	for (int i = 0; i < R * C; i++) {
		const struct tp_arena_square *s = &b->sq[i];
		if (s->off || s->quarter != q || (inner_only && !s->inner))
			continue;
		int row = i / C, col = i % C;
		tp_arena_slot_turn(b->grid, R, p - q, &row, &col);
		if (s->number != b->sq[row * C + col].number || s->colour != b->sq[row * C + col].colour)
			return 0;
	}
	return 1;
}

int tp_arena_poly_mirrored(const struct tp_arena_board *b, int k)
{
	int R = b->rows, C = b->cols;
	for (int i = 0; i < R * C; i++) {
		if (b->sq[i].off)
			continue;
		int row = i / C, col = i % C;
		tp_arena_slot_mirror(b->grid, R, k, &row, &col);
		if (b->sq[i].number != b->sq[row * C + col].number ||
		    b->sq[i].colour != b->sq[row * C + col].colour)
			return 0;
	}
	return 1;
}

int tp_arena_poly_turns_onto(int R, int C, int q, int p)
{
	(void)R;
	(void)C;
	(void)q;
	(void)p;
	return 1;
}

int tp_arena_poly_repeats(const struct tp_arena_board *b, int q, int p)
{
	return tp_arena_sector_repeats(b, q, p, 0);
}

/* Draws and places the six sectors; with strict (the first tries) the
 * outer numbers rise toward the corners and a sector whose inner part
 * repeats an earlier one's is redrawn.  0, or -1 out of memory. */
static int draw_sectors(struct tp_rng *g, const struct tp_arena_rules *r, struct tp_arena_board *bd,
			const struct base *B, int *vals, long long si, long long so, int strict)
{
	int k = B->a + B->b;
	for (int q = 1; q <= B->S; q++) {
		int *v = vals + (size_t)(q - 1) * k;
		for (int again = 0; again < TRIES; again++) {
			tp_arena_draw_sum(g, v, B->a, r->inner_min, r->inner_max, si);
			tp_arena_draw_sum(g, v + B->a, B->b, r->outer_min, r->outer_max, so);
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

int tp_arena_poly_derive(const struct tp_arena_rules *r, struct tp_arena_board **out, tp_err *e)
{
	*out = NULL;
	int size = tp_arena_inner_size_of(r);
	struct tp_arena_board *bd = tp_arena_board_new(r, size);
	struct base B = { 0 };
	int *vals = NULL;
	int rc = bd == NULL || list_base(r, bd, &B) != 0 ? TP_EIO : TP_OK;
	if (rc == TP_OK && (vals = tp_malloc(sizeof *vals * (size_t)(B.a + B.b) * B.S)) == NULL)
		rc = TP_EIO;
	if (rc == TP_EIO)
		tp_fail(e, TP_EIO, "arena: out of memory for a %s board of side %d",
			tp_arena_grid_name(r->grid), r->side);
	long long si = 0, so = 0, c = 0;
	if (rc == TP_OK && r->marking != TP_MARKING_NUMBERS) {
		/* A colour board carries no numbers: its colouring, and done. */
		rc = tp_arena_poly_colour(r, bd, e);
		free(vals);
		free(B.cell);
		free(B.dist);
		if (rc != TP_OK)
			tp_arena_board_free(bd);
		*out = rc == TP_OK ? bd : NULL;
		return rc;
	}
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
		bd->sq[tp_arena_gridops_for(r->grid)->centre(bd->rows, bd->cols)].number = (int)c;
		if (!tp_arena_symmetric(bd))
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

/* Each cell against the geometry and the ranges. */
static int verify_cells(const struct tp_arena_rules *r, const struct tp_arena_board *b, char *why,
			size_t len)
{
	int R = b->rows, C = b->cols, size = tp_arena_inner_size_of(r);
	for (int i = 0; i < R * C; i++) {
		const struct tp_arena_square *s = &b->sq[i];
		int row = i / C, col = i % C, on = tp_arena_slot_on(r->grid, R, C, row, col);
		if (s->off == on || (!on && (s->number || s->inner || s->quarter)))
			return tp_arena_why_fail(why, len, "slot %d,%d is %s but %s the board", row, col,
					s->off ? "off" : "on", on ? "on" : "off");
		if (!on)
			continue;
		int in = tp_arena_inner_in(r, size, row, col);
		int sec = tp_arena_slot_sector(r->grid, R, C, row, col);
		if (s->inner != in || s->quarter != sec)
			return tp_arena_why_fail(why, len, "slot %d,%d is %s in sector %d, not %s in %d", row, col,
					s->inner ? "inner" : "outer", s->quarter, in ? "inner" : "outer", sec);
		if (r->marking != TP_MARKING_NUMBERS)
			continue;   /* tp_arena_colour_verify checks what it carries */
		if (!tp_arena_numbered_at(r, row, col)) {
			if (s->number)
				return tp_arena_why_fail(why, len, "slot %d,%d carries %d off the numbered class",
						row, col, s->number);
			continue;
		}
		int lo = in ? r->inner_min : r->outer_min, hi = in ? r->inner_max : r->outer_max;
		if (s->number < lo || s->number > hi)
			return tp_arena_why_fail(why, len, "slot %d,%d carries %d, outside %d..%d", row, col,
					s->number, lo, hi);
	}
	return 0;
}

int tp_arena_poly_verify(const struct tp_arena_rules *r, const struct tp_arena_board *b,
			 char *why, size_t len)
{
	int R = tp_arena_rows(r), C = tp_arena_cols(r), S = tp_arena_sectors(r->grid);
	if (b == NULL || b->sq == NULL || b->grid != r->grid || b->rows != R || b->cols != C)
		return tp_arena_why_fail(why, len, "the board is not a %s board of side %d",
				tp_arena_grid_name(r->grid), r->side);
	if (verify_cells(r, b, why, len) != 0)
		return -1;
	if (r->marking != TP_MARKING_NUMBERS)
		return tp_arena_colour_verify(r, b, why, len);
	struct tp_arena_board t = *b;
	tp_arena_board_totals(&t);
	if (memcmp(t.quarter_total, b->quarter_total, sizeof t.quarter_total) != 0 ||
	    memcmp(t.inner_quarter_total, b->inner_quarter_total, sizeof t.inner_quarter_total) != 0 ||
	    t.inner_total != b->inner_total || t.outer_total != b->outer_total)
		return tp_arena_why_fail(why, len, "the board's stored totals do not match its numbers");
	for (int q = 2; q <= S; q++)
		if (t.quarter_total[q] != t.quarter_total[1] ||
		    t.inner_quarter_total[q] != t.inner_quarter_total[1])
			return tp_arena_why_fail(why, len, "sector %d totals %ld (inner %ld), sector 1 %ld (%ld)", q,
					t.quarter_total[q], t.inner_quarter_total[q], t.quarter_total[1],
					t.inner_quarter_total[1]);
	if (t.outer_total <= t.inner_total ||
	    (long long)t.outer_total * t.n_inner_numbered <= (long long)t.inner_total * t.n_outer_numbered)
		return tp_arena_why_fail(why, len, "the outer numbers (%ld over %d) do not beat the inner (%ld over %d)",
				t.outer_total, t.n_outer_numbered, t.inner_total, t.n_inner_numbered);
	for (int q = 1; q <= S; q++)
		for (int p = q + 1; p <= S; p++)
			if (tp_arena_sector_repeats(b, q, p, 0))
				return tp_arena_why_fail(why, len, "sector %d turned onto sector %d reads the same", q, p);
	for (int k = 0; k < S; k++)
		if (tp_arena_poly_mirrored(b, k))
			return tp_arena_why_fail(why, len, "the board is its own mirror image (mirror %d)", k);
	return 0;
}
