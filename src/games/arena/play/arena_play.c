/* The shape arena game's rules as checks: what makes an accepted config a
 * game that can be played (contracts in arena_core.h). */
#include "games/arena/model/arena_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/arena/model/arena_grid.h"
#include "games/arena/model/arena_gridops.h"

int tp_arena_parts_promised(int grid, int inner)
{
	return inner == TP_INNER_SQUARE ? 1 : tp_arena_sectors(grid);
}

int tp_arena_on_board(const struct tp_arena_rules *r, int row, int col)
{
	return tp_arena_slot_on(r->grid, tp_arena_rows(r), tp_arena_cols(r), row, col);
}

/* Labels the edge-connected parts of the outer arena (4 neighbours a
 * square, 6 a hex cell) with a flood fill from every unlabelled outer
 * cell; returns how many, -1 when out of memory. */
int tp_arena_outer_parts(const struct tp_arena_rules *r)
{
	const struct tp_arena_gridops *g = tp_arena_gridops_for(r->grid);
	int R = tp_arena_rows(r), n = tp_arena_cols(r), parts = 0;
	int *seen = tp_calloc((size_t)R * n, sizeof *seen);
	int *stack = tp_malloc(sizeof *stack * (size_t)R * n);
	if (seen == NULL || stack == NULL) {
		free(seen);
		free(stack);
		return -1;
	}
	for (int i = 0; i < R * n; i++) {
		if (seen[i] || tp_arena_inner_at(r, i / n, i % n) || !tp_arena_on_board(r, i / n, i % n))
			continue;
		parts++;
		int top = 0;
		stack[top++] = i;
		seen[i] = 1;
		while (top > 0) {
			int s = stack[--top], row = s / n, col = s % n;
			for (int d = 0; d < g->neighbours; d++) {
				int r2 = row + g->step[col % 2][d][0], c2 = col + g->step[col % 2][d][1];
				if (!tp_arena_on_board(r, r2, c2))
					continue;
				int t = r2 * n + c2;
				if (!seen[t] && !tp_arena_inner_at(r, r2, c2)) {
					seen[t] = 1;
					stack[top++] = t;
				}
			}
		}
	}
	free(seen);
	free(stack);
	return parts;
}

int tp_arena_piece_squares(const struct tp_arena_shapes *sh, int players)
{
	struct tp_arena_deal *d = NULL;
	size_t nd = 0;
	tp_err e = { 0 };
	if (tp_arena_deal(sh, players, &d, &nd, &e) != TP_OK)
		return -1;
	int squares = 0;
	for (size_t i = 0; i < nd; i++)
		squares += d[i].count * sh->s[d[i].shape].n_cells;
	free(d);
	return squares;
}

static int cmp_desc(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x < y) - (x > y);
}

long tp_arena_inner_reach(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
			  int players)
{
	struct tp_arena_deal *d = NULL;
	size_t nd = 0;
	tp_err e = { 0 };
	int n = b->rows * b->cols;
	int *num = tp_malloc(sizeof *num * (size_t)n);
	if (num == NULL || tp_arena_deal(sh, players, &d, &nd, &e) != TP_OK) {
		free(num);
		return -1;
	}
	int k = 0;
	for (int i = 0; i < n; i++)
		if (b->sq[i].inner && b->sq[i].number > 0)
			num[k++] = b->sq[i].number;
	qsort(num, (size_t)k, sizeof *num, cmp_desc);
	/* Player 1's hand: its squares, and its marks largest first. */
	int cells = 0, mult[TP_ARENA_PIECES], nm = 0;
	for (size_t i = 0; i < nd; i++) {
		if (d[i].player != 1)
			continue;
		cells += d[i].count * sh->s[d[i].shape].n_cells;
		if (tp_arena_marks_score(players) && d[i].mark != TP_MARK_BLANK)
			for (int c = 0; c < d[i].count && nm < TP_ARENA_PIECES; c++)
				mult[nm++] = d[i].mark == TP_MARK_3 ? 3 : 2;
	}
	qsort(mult, (size_t)nm, sizeof *mult, cmp_desc);
	long reach = 0;
	for (int i = 0; i < k && i < cells; i++)
		reach += num[i] + (i < nm ? (long)(mult[i] - 1) * num[i] : 0);
	free(num);
	free(d);
	return reach;
}

/* The inner_size nearest the configured one (ties: the smaller) that
 * passes the rules and gives the promised parts; 0 when the shape's
 * default does, -1 when none does. */
static int size_for_parts(const struct tp_arena_rules *r)
{
	struct tp_arena_rules t = *r;
	tp_err e = { 0 };
	t.inner_size = 0;
	if (tp_arena_rules_check(&t, &e) == TP_OK &&
	    tp_arena_outer_parts(&t) == tp_arena_parts_promised(r->grid, r->inner))
		return 0;
	int from = tp_arena_inner_size_of(r);
	for (int dist = 1; dist <= tp_arena_rows(r) + tp_arena_cols(r); dist++)
		for (int sgn = -1; sgn <= 1; sgn += 2) {
			t.inner_size = from + sgn * dist;
			if (t.inner_size >= 1 && tp_arena_rules_check(&t, &e) == TP_OK &&
			    tp_arena_outer_parts(&t) == tp_arena_parts_promised(r->grid, r->inner))
				return t.inner_size;
		}
	return -1;
}

/* The cells of the board r gives with arena.side = side. */
static long cells_at_side(const struct tp_arena_rules *r, int side)
{
	struct tp_arena_rules t = *r;
	t.side = side;
	return tp_arena_gridops_for(t.grid)->cell_count(tp_arena_rows(&t), tp_arena_cols(&t));
}

static int check_fit(const struct tp_arena_rules *r, const struct tp_arena_shapes *sh, tp_err *e)
{
	int squares = tp_arena_piece_squares(sh, r->players);
	if (squares < 0)
		return tp_fail(e, TP_EIO, "arena: out of memory dealing the pieces");
	int R = tp_arena_rows(r), C = tp_arena_cols(r);
	const struct tp_arena_gridops *g = tp_arena_gridops_for(r->grid);
	if (!g->rect) {
		int side = r->side;
		long have = g->cell_count(R, C);
		if (have >= squares)
			return TP_OK;
		while (cells_at_side(r, side) < squares)
			side += g->side_step;
		return tp_fail(e, TP_EINPUT,
			       "arena.side = %d: the %s board's %ld cells cannot hold the %d cells of the pieces a %d-player game plays; use arena.side = %d",
			       r->side, g->noun.board, have, squares, r->players, side);
	}
	if ((long)R * C >= squares)
		return TP_OK;
	if (r->rows == 0 && r->cols == 0) {
		int side = r->side;
		while ((long)side * side < squares)
			side += 2;
		return tp_fail(e, TP_EINPUT,
			       "arena.side = %d: the board's %d squares cannot hold the %d squares of the pieces a %d-player game plays; use arena.side = %d",
			       r->side, r->side * r->side, squares, r->players, side);
	}
	/* A rectangle grows along its shorter side, the key that names it. */
	int rows = R <= C, fix = rows ? R : C, other = rows ? C : R;
	while ((long)fix * other < squares)
		fix += 2;
	return tp_fail(e, TP_EINPUT,
		       "arena.%s = %d: the %dx%d board's %d squares cannot hold the %d squares of the pieces a %d-player game plays; use arena.%s = %d",
		       rows ? "rows" : "cols", rows ? R : C, R, C, R * C, squares, r->players,
		       rows ? "rows" : "cols", fix);
}

static int check_parts(const struct tp_arena_rules *r, tp_err *e)
{
	int parts = tp_arena_outer_parts(r), want = tp_arena_parts_promised(r->grid, r->inner);
	if (parts < 0)
		return tp_fail(e, TP_EIO, "arena: out of memory counting the outer arena's parts");
	if (parts == want)
		return TP_OK;
	int size = size_for_parts(r);
	const char *name = tp_arena_inner_names[r->inner];
	if (size < 0)
		return tp_fail(e, TP_EINPUT,
			       "arena.inner = %s: the outer arena falls into %d part%s, not the %d the %s promises; use arena.inner = diamond",
			       name, parts, parts == 1 ? "" : "s", want, name);
	struct tp_arena_rules t = *r;
	t.inner_size = 0;
	return tp_fail(e, TP_EINPUT,
		       "arena.inner_size = %d: the %s inner arena leaves the outer arena in %d part%s, not the %d separate parts it promises; use arena.inner_size = %d%s",
		       tp_arena_inner_size_of(r), name, parts, parts == 1 ? "" : "s", want,
		       size == 0 ? tp_arena_inner_size_of(&t) : size,
		       size == 0 ? " (the shape's default)" : "");
}

static int check_gate(const struct tp_arena_rules *r, const struct tp_arena_shapes *sh,
		      const struct tp_arena_board *b, tp_err *e)
{
	long reach = tp_arena_inner_reach(sh, b, r->players);
	if (reach < 0)
		return tp_fail(e, TP_EIO, "arena: out of memory dealing the pieces");
	int gate = tp_arena_gate(r, r->players);
	if (reach >= gate)
		return TP_OK;
	long fix = reach / 2 > 0 ? reach / 2 : 1;
	if (r->gate_for[r->players] > 0) {
		char text[96];
		tp_arena_gate_text(r, text, sizeof text);
		return tp_fail(e, TP_EINPUT,
			       "arena.gate = %s: a %d-player hand can score at most %ld in the inner arena (its numbers total %ld), so nobody reaches %d and opens the outer arena; use %d:%ld (half that most)",
			       text, r->players, reach, b->inner_total, gate, r->players, fix);
	}
	return tp_fail(e, TP_EINPUT,
		       "arena.gate = %d: a %d-player hand can score at most %ld in the inner arena (its numbers total %ld), so nobody opens the outer arena; use arena.gate = %ld (half that most)",
		       r->gate, r->players, reach, b->inner_total, fix);
}

/* Every colour on the board: a quarter (sector) of fewer positions than
 * colours leaves some out, and the board holds every colour once its
 * fullest quarter holds as many positions as there are colours (the
 * colouring gives a quarter's outer part first the colours its inner part
 * lacks). */
static int check_colours_present(const struct tp_arena_rules *r, const struct tp_arena_board *b,
				 tp_err *e)
{
	int per[7] = { 0 }, most = 0, S = tp_arena_sectors(b->grid);
	for (int i = 0; i < b->rows * b->cols; i++)
		if (!b->sq[i].off && b->sq[i].colour > 0 && b->sq[i].quarter >= 1 && b->sq[i].quarter <= 6)
			per[b->sq[i].quarter]++;
	for (int q = 1; q <= S; q++)
		most = per[q] > most ? per[q] : most;
	const char *part = tp_arena_gridops_for(b->grid)->part;
	for (int c = 1; c <= r->colours; c++) {
		if (b->colour_n[c] != 0)
			continue;
		if (most >= 2)
			return tp_fail(e, TP_EINPUT,
				       "arena.colours = %d: a %s holds at most %d positions, so colour %d is on none and no chart can be filled; use arena.colours = %d or fewer",
				       r->colours, part, most, c, most);
		return tp_fail(e, TP_EINPUT,
			       "arena.colours = %d: a %s holds at most %d position, so colour %d is on none and no chart can be filled; use a larger arena.side or another arena.numbering",
			       r->colours, part, most, c);
	}
	return TP_OK;
}

/* The collecting game: a chart a hand can fill, of colours the board has. */
static int check_collect(const struct tp_arena_rules *r, const struct tp_arena_shapes *sh,
			 const struct tp_arena_board *b, tp_err *e)
{
	int rc = check_colours_present(r, b, e);
	if (rc != TP_OK)
		return rc;
	int need = tp_arena_collect(r, sh, b), k = r->colours;
	int hand = tp_arena_piece_squares(sh, r->players) / r->players;
	if (need <= 0)
		return tp_fail(e, TP_EIO, "arena: out of memory dealing the pieces");
	if (need * k > hand)
		return tp_fail(e, TP_EINPUT,
			       "arena.collect = %d: a chart of %d counters of each of %d colours takes %d captures, and a %d-player hand covers %d squares; use arena.collect = %d or less",
			       need, need, k, need * k, r->players, hand, hand / k > 0 ? hand / k : 1);
	for (int c = 1; c <= k; c++)
		if (b->colour_n[c] < need)
			return tp_fail(e, TP_EINPUT,
				       "arena.collect = %d: the board has %d positions of colour %d, fewer than a chart needs; use arena.collect = %d or less",
				       need, b->colour_n[c], c, b->colour_n[c]);
	return TP_OK;
}

int tp_arena_fits(const struct tp_arena_rules *r, const struct tp_arena_shapes *sh, tp_err *e)
{
	return check_fit(r, sh, e);
}

int tp_arena_playable(const struct tp_arena_rules *r, const struct tp_arena_shapes *sh,
		      const struct tp_arena_board *b, tp_err *e)
{
	int rc = check_fit(r, sh, e);
	if (rc == TP_OK)
		rc = check_parts(r, e);
	if (rc == TP_OK)
		rc = r->marking == TP_MARKING_NUMBERS ? check_gate(r, sh, b, e)
						      : check_collect(r, sh, b, e);
	return rc;
}

/* Whether the inner parts of quarters q and p (which turn onto each other)
 * read the same. */
static int inner_alike(const struct tp_arena_board *b, int q, int p)
{
	int R = b->rows, C = b->cols, box[4];
	tp_arena_quarter_box(R, C, q, box);
	for (int row = box[0]; row <= box[1]; row++)
		for (int col = box[2]; col <= box[3]; col++) {
			int r2 = row, c2 = col;
			tp_arena_turn(R, C, p - q, &r2, &c2);
			if (b->sq[row * C + col].inner &&
			    (b->sq[row * C + col].number != b->sq[r2 * C + c2].number ||
			     b->sq[row * C + col].colour != b->sq[r2 * C + c2].colour))
				return 0;
		}
	return 1;
}

/* Whether quarter q reads the same mirrored across its middle row (axis
 * 0) or middle column (axis 1). */
static int self_mirror(const struct tp_arena_board *b, int q, int axis)
{
	int C = b->cols, box[4];
	tp_arena_quarter_box(b->rows, C, q, box);
	for (int row = box[0]; row <= box[1]; row++)
		for (int col = box[2]; col <= box[3]; col++) {
			int r2 = axis ? row : box[0] + box[1] - row;
			int c2 = axis ? box[2] + box[3] - col : col;
			if (b->sq[row * C + col].number != b->sq[r2 * C + c2].number ||
			    b->sq[row * C + col].colour != b->sq[r2 * C + c2].colour)
				return 0;
		}
	return 1;
}

int tp_arena_quarters_alike(const struct tp_arena_board *b, char *why, size_t n)
{
	if (!tp_arena_gridops_for(b->grid)->rect) {
		/* Inner parts of two sectors alike turned onto each other. */
		int S = tp_arena_sectors(b->grid);
		for (int q = 1; q <= S; q++)
			for (int p = q + 1; p <= S; p++)
				if (tp_arena_sector_repeats(b, q, p, 1)) {
					snprintf(why, n, "the inner arena of sector %d turned onto sector %d reads the same", q, p);
					return 1;
				}
		return 0;
	}
	/* Inner parts of two quarters alike when turned onto each other. */
	for (int q = 1; q <= 4; q++)
		for (int p = q + 1; p <= 4; p++)
			if (tp_arena_congruent(b->rows, b->cols, q, p) && inner_alike(b, q, p)) {
				snprintf(why, n, "the inner arena of quarter %d turned onto quarter %d reads the same", q, p);
				return 1;
			}
	/* A quarter that is its own mirror image, across its middle row or
	 * its middle column. */
	for (int q = 1; q <= 4; q++)
		for (int axis = 0; axis < 2; axis++)
			if (self_mirror(b, q, axis)) {
				snprintf(why, n, "quarter %d is its own mirror image across its middle %s", q,
					 axis ? "column" : "row");
				return 1;
			}
	return 0;
}

int tp_arena_needs_bar(int v)
{
	/* Each digit turned half round: 0 1 8 stay, 6 and 9 swap, the rest
	 * read as no digit. */
	static const char turned_digit[10] = { '0', '1', 0, 0, 0, 0, '9', 0, '8', '6' };
	char s[16], t[16];
	int n = snprintf(s, sizeof s, "%d", v), six_nine = 0;
	if (v < 0 || n <= 0 || (size_t)n >= sizeof s)
		return 0;
	for (int i = 0; i < n; i++) {
		char d = turned_digit[s[i] - '0'];
		if (d == 0)
			return 0;
		six_nine |= s[i] == '6' || s[i] == '9';
		t[n - 1 - i] = d;
	}
	t[n] = '\0';
	return six_nine || (t[0] != '0' && strcmp(s, t) != 0);
}
