/* Colour boards of the shape arena (arena.marking = colours | pictures):
 * the balanced, unsymmetric colouring, its verifier and the collecting
 * chart's size (contracts in arena_core.h). */
#include "games/arena/model/arena_grid.h"
#include "games/arena/model/arena_gridops.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

/* splitmix64, as the numbering's stream (its own copy: a colour board
 * draws nothing of the numbers). */
static unsigned long long next64(unsigned long long *s)
{
	unsigned long long z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int below(unsigned long long *s, int n)
{
	unsigned long long lim = -(unsigned long long)n % (unsigned long long)n;
	for (;;) {
		unsigned long long x = next64(s);
		if (x >= lim)
			return (int)(x % (unsigned long long)n);
	}
}

/* Base quarter q's positions, inner ones first (*a of them), then outer
 * (*b), as row * cols + col, in reading order. */
static void list_positions(const struct tp_arena_rules *r, const struct tp_arena_board *bd, int q,
			   int *cells, int *a, int *b)
{
	int C = bd->cols, box[4];
	tp_arena_quarter_box(bd->rows, C, q, box);
	*a = *b = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int row = box[0]; row <= box[1]; row++)
			for (int col = box[2]; col <= box[3]; col++)
				if (tp_arena_numbered_at(r, row, col) && bd->sq[row * C + col].inner == !pass) {
					cells[*a + *b] = row * C + col;
					(*(pass ? b : a))++;
				}
}

/* n colours for a part of n positions: each of the k colours n / k times,
 * the n % k extras to colours drawn from the stream. prev (np colours, the
 * quarter's inner part when this is its outer part) steers the extras: a
 * colour prev lacks gets one first, so a quarter of k or more positions
 * holds every colour (a part of k or more holds every colour anyway, so
 * the order then stays the stream's). */
static void part_colours(unsigned long long *g, int *v, int n, int k, const int *prev, int np)
{
	int order[TP_ARENA_COLOURS_MAX], seen[TP_ARENA_COLOURS_MAX + 1] = { 0 };
	for (int c = 0; c < k; c++)
		order[c] = c + 1;
	for (int c = k - 1; c > 0; c--) {
		int j = below(g, c + 1), t = order[c];
		order[c] = order[j];
		order[j] = t;
	}
	for (int i = 0; i < np; i++)
		seen[prev[i]] = 1;
	int lacking[TP_ARENA_COLOURS_MAX], nl = 0, held[TP_ARENA_COLOURS_MAX], nh = 0;
	for (int c = 0; c < k; c++) {
		if (seen[order[c]])
			held[nh++] = order[c];
		else
			lacking[nl++] = order[c];
	}
	memcpy(order, lacking, sizeof *order * (size_t)nl);
	memcpy(order + nl, held, sizeof *order * (size_t)nh);
	int i = 0;
	for (int c = 0; c < k; c++)
		for (int m = 0; m < n / k + (c < n % k); m++)
			v[i++] = order[c];
}

static void shuffle(unsigned long long *g, int *v, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = below(g, i + 1), t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

#define TRIES 1000

int tp_arena_colour_derive(const struct tp_arena_rules *r, struct tp_arena_board *bd, tp_err *e)
{
	int R = bd->rows, C = bd->cols, k = r->colours, bases = R == C ? 1 : 2;
	int stride = (R / 2 + 1) * (C / 2 + 1);
	int *cells = tp_malloc(sizeof *cells * (size_t)stride * 2);
	int *base = tp_malloc(sizeof *base * (size_t)stride * 2);
	int *v = tp_malloc(sizeof *v * (size_t)stride);
	if (cells == NULL || base == NULL || v == NULL) {
		free(cells);
		free(base);
		free(v);
		return tp_fail(e, TP_EIO, "arena: out of memory colouring the board");
	}
	unsigned long long g = r->seed ^ 0xc0105u;
	int a[2] = { 0 }, b[2] = { 0 };
	for (int j = 0; j < bases; j++) {
		list_positions(r, bd, j + 1, cells + (size_t)j * stride, &a[j], &b[j]);
		part_colours(&g, base + (size_t)j * stride, a[j], k, NULL, 0);
		part_colours(&g, base + (size_t)j * stride + a[j], b[j], k, base + (size_t)j * stride, a[j]);
	}
	int found = 0;
	for (int attempt = 0; attempt < TRIES && !found; attempt++) {
		for (int q = 1; q <= 4; q++) {
			int j = tp_arena_base_quarter(R, C, q) - 1;
			memcpy(v, base + (size_t)j * stride, sizeof *v * (size_t)(a[j] + b[j]));
			shuffle(&g, v, a[j]);
			shuffle(&g, v + a[j], b[j]);
			for (int i = 0; i < a[j] + b[j]; i++) {
				int row = cells[(size_t)j * stride + i] / C, col = cells[(size_t)j * stride + i] % C;
				tp_arena_turn(R, C, q - 1 - j, &row, &col);
				bd->sq[row * C + col].colour = v[i];
			}
		}
		found = !tp_arena_symmetric(bd);
	}
	free(cells);
	free(base);
	free(v);
	if (!found)
		return tp_fail(e, TP_EINPUT,
			       "arena.colours = %d: no colouring of the %dx%d board without two quarters alike or a mirror image found in %d tries; use fewer colours or a larger board",
			       k, R, C, TRIES);
	tp_arena_board_totals(bd);
	return TP_OK;
}

/* ---- hex and triangular boards ------------------------------------------------- */

/* Sector 1's positions of a hex or triangular board (slots set by
 * arena_polyboard.c), inner ones first (*a), then outer (*b). */
static void list_sector(const struct tp_arena_rules *r, const struct tp_arena_board *bd, int *cells,
			int *a, int *b)
{
	int N = bd->rows * bd->cols;
	*a = *b = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < N; i++) {
			const struct tp_arena_square *s = &bd->sq[i];
			if (s->off || s->quarter != 1 || s->inner != !pass ||
			    !tp_arena_numbered_at(r, i / bd->cols, i % bd->cols))
				continue;
			cells[*a + *b] = i;
			(*(pass ? b : a))++;
		}
}

/* The hex and triangular boards' colouring: every sector turns onto
 * sector 1, so one part_colours draw per part gives every sector the same
 * counts; each sector places its own shuffle of them. */
int tp_arena_poly_colour(const struct tp_arena_rules *r, struct tp_arena_board *bd, tp_err *e)
{
	int N = bd->rows * bd->cols, k = r->colours, S = tp_arena_sectors(bd->grid), a, b;
	int *cells = tp_malloc(sizeof *cells * (size_t)N), *base = tp_malloc(sizeof *base * (size_t)N);
	int *v = tp_malloc(sizeof *v * (size_t)N);
	if (cells == NULL || base == NULL || v == NULL) {
		free(cells);
		free(base);
		free(v);
		return tp_fail(e, TP_EIO, "arena: out of memory colouring the board");
	}
	unsigned long long g = r->seed ^ 0xc0105u;
	list_sector(r, bd, cells, &a, &b);
	part_colours(&g, base, a, k, NULL, 0);
	part_colours(&g, base + a, b, k, base, a);
	int found = 0;
	for (int attempt = 0; attempt < TRIES && !found; attempt++) {
		for (int q = 1; q <= S; q++) {
			memcpy(v, base, sizeof *v * (size_t)(a + b));
			shuffle(&g, v, a);
			shuffle(&g, v + a, b);
			for (int i = 0; i < a + b; i++) {
				int row = cells[i] / bd->cols, col = cells[i] % bd->cols;
				tp_arena_slot_turn(bd->grid, bd->rows, q - 1, &row, &col);
				bd->sq[row * bd->cols + col].colour = v[i];
			}
		}
		found = !tp_arena_symmetric(bd);
	}
	free(cells);
	free(base);
	free(v);
	if (!found)
		return tp_fail(e, TP_EINPUT,
			       "arena.colours = %d: no colouring of the %s board of side %d without two sectors alike or a mirror image found in %d tries; use fewer colours or a larger board",
			       k, tp_arena_grid_name(bd->grid), r->side, TRIES);
	tp_arena_board_totals(bd);
	return TP_OK;
}

/* ---- verify ------------------------------------------------------------------ */

/* Counts of each colour per quarter (sector) and part: cnt[q][inner][c]. */
typedef int part_counts[7][2][TP_ARENA_COLOURS_MAX + 1];

/* Whether quarters (sectors) p and q turn onto each other, and whether
 * the board repeats itself: two such alike, or a mirror image. */
static int turn_onto(const struct tp_arena_board *b, int p, int q)
{
	return tp_arena_gridops_for(b->grid)->turns_onto(b->rows, b->cols, p, q);
}

static int repeats(const struct tp_arena_board *b, char *why, size_t n)
{
	const struct tp_arena_gridops *g = tp_arena_gridops_for(b->grid);
	int S = g->sectors;
	const char *part = g->part;
	for (int q = 1; q <= S; q++)
		for (int p = q + 1; p <= S; p++)
			if (g->part_repeats(b, q, p))
				return tp_arena_why_fail(why, n, "%s %d turned onto %s %d reads the same", part, q,
						part, p);
	for (int axis = 0; axis < S; axis++)
		if (g->mirrored(b, axis))
			return tp_arena_why_fail(why, n, "the board is its own mirror image (axis %d)", axis);
	return 0;
}

int tp_arena_colour_verify(const struct tp_arena_rules *r, const struct tp_arena_board *b,
			   char *why, size_t n)
{
	int R = b->rows, C = b->cols, k = r->colours;
	const struct tp_arena_gridops *g = tp_arena_gridops_for(b->grid);
	int S = g->sectors;
	const char *part = g->part;
	part_counts cnt;
	memset(cnt, 0, sizeof cnt);
	for (int row = 0; row < R; row++)
		for (int col = 0; col < C; col++) {
			const struct tp_arena_square *s = &b->sq[row * C + col];
			int pos = !s->off && tp_arena_numbered_at(r, row, col) && s->quarter != 0;
			if (s->number != 0)
				return tp_arena_why_fail(why, n, "square %d,%d carries the number %d on a colour board",
						row + 1, col + 1, s->number);
			if (!pos && s->colour != 0)
				return tp_arena_why_fail(why, n, "square %d,%d is coloured but is no position", row + 1, col + 1);
			if (pos && (s->colour < 1 || s->colour > k))
				return tp_arena_why_fail(why, n, "position %d,%d has colour %d, not 1..%d", row + 1,
						col + 1, s->colour, k);
			cnt[s->quarter][s->inner][s->colour]++;
		}
	for (int q = 1; q <= S; q++)
		for (int in = 0; in < 2; in++) {
			int lo = 1 << 30, hi = -1;
			for (int c = 1; c <= k; c++) {
				lo = cnt[q][in][c] < lo ? cnt[q][in][c] : lo;
				hi = cnt[q][in][c] > hi ? cnt[q][in][c] : hi;
			}
			if (hi - lo > 1)
				return tp_arena_why_fail(why, n, "the %s positions of %s %d hold %d of one colour and %d of another",
						in ? "inner" : "outer", part, q, hi, lo);
			for (int p = 1; p < q; p++)
				if (turn_onto(b, p, q) && memcmp(cnt[p][in], cnt[q][in], sizeof cnt[q][in]) != 0)
					return tp_arena_why_fail(why, n, "the %s positions of %ss %d and %d hold different counts of the colours",
							in ? "inner" : "outer", part, p, q);
		}
	for (int c = 1; c <= k; c++) {
		int sum = 0;
		for (int q = 1; q <= S; q++)
			sum += cnt[q][0][c] + cnt[q][1][c];
		if (b->colour_n[c] != sum)
			return tp_arena_why_fail(why, n, "the stored count of colour %d does not match the board", c);
	}
	return repeats(b, why, n);
}

/* ---- the chart ------------------------------------------------------------------ */

int tp_arena_collect(const struct tp_arena_rules *r, const struct tp_arena_shapes *sh,
		     const struct tp_arena_board *b)
{
	if (r->collect > 0)
		return r->collect;
	int squares = tp_arena_piece_squares(sh, r->players);
	if (squares < 0)
		return 0;
	long pos = 0, S = 0;
	for (int i = 0; i < b->rows * b->cols; i++)
		S += !b->sq[i].off;
	for (int c = 1; c <= r->colours; c++)
		pos += b->colour_n[c];
	long need = 2L * (squares / r->players) * pos / (3 * S * r->colours);
	return need < 1 ? 1 : (int)need;
}
