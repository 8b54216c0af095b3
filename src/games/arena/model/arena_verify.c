/* The shape arena board re-checked against its rules from scratch
 * (tp_arena_board_verify), and the new board, symmetry and totals that the
 * generators share with it. */
#include "games/arena/model/arena_grid.h"
#include "games/arena/model/arena_gridops.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/arena/model/arena_hex.h"

/* ---- symmetry ------------------------------------------------------------- */

/* Whether the board reads the same mirrored about axis 0..3 (rows
 * reversed, columns reversed, main diagonal, anti-diagonal; the diagonals
 * only on a square board). */
int tp_arena_mirrored(const struct tp_arena_board *b, int axis)
{
	int R = b->rows, C = b->cols;
	if (axis >= 2 && R != C)
		return 0;
	for (int row = 0; row < R; row++)
		for (int col = 0; col < C; col++) {
			int r2 = row, c2 = col;
			switch (axis) {
			case 0: r2 = R - 1 - row; break;
			case 1: c2 = C - 1 - col; break;
			case 2: r2 = col; c2 = row; break;
			default: r2 = C - 1 - col; c2 = R - 1 - row; break;
			}
			if (b->sq[row * C + col].number != b->sq[r2 * C + c2].number ||
			    b->sq[row * C + col].colour != b->sq[r2 * C + c2].colour)
				return 0;
		}
	return 1;
}

static const char *const axis_names[4] = {
	"the horizontal middle line", "the vertical middle line", "the main diagonal",
	"the anti-diagonal"
};

/* Whether quarter q1 turned (q2 - q1) quarter turns lands on quarter q2
 * with the same numbers (0 when they do not turn onto each other). */
int tp_arena_quarter_repeats(const struct tp_arena_board *b, int q1, int q2)
{
	int R = b->rows, C = b->cols, turns = (q2 - q1 + 4) % 4;
	if (!tp_arena_congruent(R, C, q1, q2))
		return 0;
	for (int row = 0; row < R; row++)
		for (int col = 0; col < C; col++) {
			if (b->sq[row * C + col].quarter != q1)
				continue;
			int r2 = row, c2 = col;
			tp_arena_turn(R, C, turns, &r2, &c2);
			if (b->sq[row * C + col].number != b->sq[r2 * C + c2].number ||
			    b->sq[row * C + col].colour != b->sq[r2 * C + c2].colour)
				return 0;
		}
	return 1;
}

int tp_arena_symmetric(const struct tp_arena_board *bd)
{
	const struct tp_arena_gridops *g = tp_arena_gridops_for(bd->grid);
	int S = g->sectors;
	for (int q = 1; q <= S; q++)
		for (int p = q + 1; p <= S; p++)
			if (g->part_repeats(bd, q, p))
				return 1;
	for (int axis = 0; axis < S; axis++)
		if (g->mirrored(bd, axis))
			return 1;
	return 0;
}

struct tp_arena_board *tp_arena_board_new(const struct tp_arena_rules *r, int size)
{
	int R = tp_arena_rows(r), C = tp_arena_cols(r);
	struct tp_arena_board *bd = tp_calloc(1, sizeof *bd);
	struct tp_arena_square *sq = tp_calloc((size_t)R * C, sizeof *sq);
	if (bd == NULL || sq == NULL) {
		free(bd);
		free(sq);
		return NULL;
	}
	*bd = (struct tp_arena_board){ .grid = r->grid, .rows = R, .cols = C, .sq = sq };
	for (int row = 0; row < R; row++)
		for (int col = 0; col < C; col++) {
			struct tp_arena_square *s = &sq[row * C + col];
			s->off = !tp_arena_slot_on(r->grid, R, C, row, col);
			if (s->off)
				continue;
			s->inner = tp_arena_inner_in(r, size, row, col);
			s->quarter = tp_arena_gridops_for(r->grid)->part_of(R, C, row, col);
		}
	return bd;
}

void tp_arena_board_totals(struct tp_arena_board *b)
{
	memset(b->quarter_total, 0, sizeof b->quarter_total);
	memset(b->inner_quarter_total, 0, sizeof b->inner_quarter_total);
	b->inner_total = b->outer_total = 0;
	b->n_inner_numbered = b->n_outer_numbered = 0;
	memset(b->colour_n, 0, sizeof b->colour_n);
	for (int i = 0; i < b->rows * b->cols; i++) {
		const struct tp_arena_square *s = &b->sq[i];
		if (s->colour >= 1 && s->colour <= TP_ARENA_COLOURS_MAX)
			b->colour_n[s->colour]++;
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

/* ---- verify --------------------------------------------------------------- */

int tp_arena_why_fail(char *why, size_t n, const char *fmt, ...)
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
		return tp_arena_why_fail(why, n, "%s", e.msg);
	return tp_arena_gridops_for(r->grid)->verify(r, b, why, n);
}

int tp_arena_square_verify(const struct tp_arena_rules *r, const struct tp_arena_board *b,
			   char *why, size_t n)
{
	int R = tp_arena_rows(r), C = tp_arena_cols(r), size = tp_arena_inner_size_of(r);
	if (b == NULL || b->sq == NULL || b->rows != R || b->cols != C)
		return tp_arena_why_fail(why, n, "the board is not %dx%d", R, C);
	for (int row = 0; row < R; row++)
		for (int col = 0; col < C; col++) {
			const struct tp_arena_square *s = &b->sq[row * C + col];
			int in = tp_arena_inner_in(r, size, row, col);
			if (s->inner != in)
				return tp_arena_why_fail(why, n, "square %d,%d is %s, the %s arena puts it %s",
						row + 1, col + 1, s->inner ? "inner" : "outer",
						tp_arena_inner_names[r->inner], in ? "inner" : "outer");
			int q = tp_arena_quarter_of(R, C, row, col);
			if (s->quarter != q)
				return tp_arena_why_fail(why, n, "square %d,%d is in quarter %d, not %d", row + 1,
						col + 1, s->quarter, q);
			if (r->marking != TP_MARKING_NUMBERS)
				continue;   /* tp_arena_colour_verify checks what it carries */
			if (!tp_arena_numbered_at(r, row, col)) {
				if (s->number != 0)
					return tp_arena_why_fail(why, n,
							"square %d,%d carries %d but is not on the numbered squares (arena.numbering = %s)",
							row + 1, col + 1, s->number,
							tp_arena_numbering_names[r->numbering]);
				continue;
			}
			int lo = in ? r->inner_min : r->outer_min, hi = in ? r->inner_max : r->outer_max;
			if (s->number < lo || s->number > hi)
				return tp_arena_why_fail(why, n, "square %d,%d carries %d, outside the %s range %d..%d",
						row + 1, col + 1, s->number, in ? "inner" : "outer", lo, hi);
		}
	if (r->marking != TP_MARKING_NUMBERS)
		return tp_arena_colour_verify(r, b, why, n);
	struct tp_arena_board t = *b;
	tp_arena_board_totals(&t);
	if (memcmp(t.quarter_total, b->quarter_total, sizeof t.quarter_total) != 0 ||
	    memcmp(t.inner_quarter_total, b->inner_quarter_total, sizeof t.inner_quarter_total) != 0 ||
	    t.inner_total != b->inner_total || t.outer_total != b->outer_total ||
	    t.n_inner_numbered != b->n_inner_numbered || t.n_outer_numbered != b->n_outer_numbered)
		return tp_arena_why_fail(why, n, "the board's stored totals do not match its numbers");
	for (int q = 2; q <= 4; q++) {
		if (t.quarter_total[q] != t.quarter_total[1])
			return tp_arena_why_fail(why, n, "quarter %d totals %ld, quarter 1 %ld", q,
					t.quarter_total[q], t.quarter_total[1]);
		if (t.inner_quarter_total[q] != t.inner_quarter_total[1])
			return tp_arena_why_fail(why, n, "the inner arena of quarter %d totals %ld, of quarter 1 %ld",
					q, t.inner_quarter_total[q], t.inner_quarter_total[1]);
	}
	if (t.outer_total <= t.inner_total)
		return tp_arena_why_fail(why, n, "the outer numbers total %ld, not more than the inner %ld",
				t.outer_total, t.inner_total);
	if ((long long)t.outer_total * t.n_inner_numbered <=
	    (long long)t.inner_total * t.n_outer_numbered)
		return tp_arena_why_fail(why, n, "the outer numbers average %.3f, not more than the inner %.3f",
				(double)t.outer_total / t.n_outer_numbered,
				(double)t.inner_total / t.n_inner_numbered);
	for (int q = 1; q <= 4; q++)
		for (int p = q + 1; p <= 4; p++)
			if (tp_arena_quarter_repeats(b, q, p))
				return tp_arena_why_fail(why, n, "quarter %d turned onto quarter %d reads the same", q, p);
	for (int axis = 0; axis < 4; axis++)
		if (tp_arena_mirrored(b, axis))
			return tp_arena_why_fail(why, n, "the board is its own mirror image about %s",
					axis_names[axis]);
	return 0;
}

