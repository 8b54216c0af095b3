/* Triangular shape arena boards (issue 22, section 1: "the playing
 * surface might comprise a triangular array of triangular playing
 * positions"), the core only (not yet a key), re-checked by code here
 * that shares nothing with the generator: each cell is placed on the page
 * (a triangle, apex up, of unit edges; row r's cells c = 0..2r, up when c
 * is even) and everything is worked out from the cells' centroids: the
 * board's centroid the centre, sector k the cells nearest edge k (bottom,
 * left, right; ties to the first of bottom, left, right, bottom), the
 * numbered cells the up ones with no two sharing an edge (centroids
 * 1/sqrt(3) apart), turns and mirrors by rotation and reflection about the
 * centroid, the outer arena's parts by a flood over edge neighbours. */

#include <math.h>

#include "testutil.h"
#include "games/arena/tu_sectors.h"

#include "games/arena/model/arena_core.h"
#include "games/arena/play/arena_sim.h"
#include "games/arena/model/arena_tri.h"

#define H (1.7320508075688772 / 2)
#define EPS 1e-6

struct pt {
	double x, y;
};

static struct pt centroid(int r, int c)
{
	return (struct pt){ (c - r) / 2.0, (r + (c % 2 ? 1.0 : 2.0) / 3) * H };
}

/* The slot whose centroid is p, or -1. */
static int slot_at(const struct tp_arena_board *b, struct pt p)
{
	for (int r = 0; r < b->rows; r++) {
		for (int c = 0; c <= 2 * r; c++) {
			struct pt q = centroid(r, c);
			if (fabs(q.x - p.x) < EPS && fabs(q.y - p.y) < EPS)
				return r * b->cols + c;
		}
	}
	return -1;
}

/* Distances from p to the bottom, left and right edges of a side-L board. */
static void edge_dist(int L, struct pt p, double d[3])
{
	d[0] = L * H - p.y;
	/* left edge through (0, 0) and (-L/2, L H): unit normal (-H, -1/2) */
	d[1] = p.x * H + p.y * 0.5;
	d[2] = -p.x * H + p.y * 0.5;
}

static int sector_of(int L, struct pt p)
{
	double d[3];
	edge_dist(L, p, d);
	double lo = fmin(d[0], fmin(d[1], d[2]));
	int at[3] = { d[0] < lo + EPS, d[1] < lo + EPS, d[2] < lo + EPS };
	if (at[0] && at[1] && at[2])
		return 0;
	if (at[0] && at[1])
		return 1;
	if (at[1] && at[2])
		return 2;
	if (at[2] && at[0])
		return 3;
	return at[0] ? 1 : at[1] ? 2 : 3;
}

static struct pt turn(int L, struct pt p, int k)
{
	double cy = 2 * L * H / 3, t = k * 2 * M_PI / 3, x = p.x, y = p.y - cy;
	return (struct pt){ x * cos(t) - y * sin(t), cy + x * sin(t) + y * cos(t) };
}

/* Reflection about the line through the centroid at angle 90 + 120 k
 * degrees (the board's three axes). */
static struct pt mirror(int L, struct pt p, int k)
{
	double cy = 2 * L * H / 3, t = 2 * (M_PI / 2 + k * 2 * M_PI / 3), x = p.x, y = p.y - cy;
	return (struct pt){ x * cos(t) + y * sin(t), cy + x * sin(t) - y * cos(t) };
}

/* numbering = groups, from the centroid: its band from each edge is
 * floor(distance / H), less the centre's; the cell is in a group when
 * each of the three lies within group_size / 2 of i p, j p and k p (p =
 * group_size + group_gap) with i + j + k = 0. */
static int in_group(const struct tp_arena_rules *rl, struct pt c)
{
	int L = rl->side, m = (L - 1) / 3, p = rl->group_size + rl->group_gap, h = rl->group_size / 2;
	double d[3];
	edge_dist(L, c, d);
	int x[3];
	for (int k = 0; k < 3; k++)
		x[k] = (int)floor(d[k] / H + EPS) - m;
	for (int i = -L; i <= L; i++)
		for (int j = -L; j <= L; j++) {
			int k = -i - j;
			if (abs(x[0] - i * p) <= h && abs(x[1] - j * p) <= h && abs(x[2] - k * p) <= h)
				return 1;
		}
	return 0;
}

static struct tp_arena_rules trir(int side, int inner, unsigned long long seed)
{
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	r.grid = TP_GRID_TRI;
	r.side = side;
	r.inner = inner;
	r.seed = seed;
	return r;
}

static int neighbours(struct pt a, struct pt b)
{
	return fabs(hypot(a.x - b.x, a.y - b.y) - 1 / sqrt(3.0)) < EPS;
}

static int outer_parts(const struct tp_arena_board *b)
{
	int N = b->rows * b->cols, parts = 0;
	int *seen = calloc((size_t)N, sizeof *seen), *stack = malloc(sizeof *stack * (size_t)N);
	assert_non_null(seen);
	assert_non_null(stack);
	for (int s = 0; s < N; s++) {
		if (b->sq[s].off || b->sq[s].inner || seen[s])
			continue;
		parts++;
		int top = 0;
		stack[top++] = s;
		seen[s] = 1;
		while (top) {
			int i = stack[--top];
			struct pt p = centroid(i / b->cols, i % b->cols);
			for (int j = 0; j < N; j++)
				if (!b->sq[j].off && !b->sq[j].inner && !seen[j] &&
				    neighbours(p, centroid(j / b->cols, j % b->cols))) {
					seen[j] = 1;
					stack[top++] = j;
				}
		}
	}
	free(seen);
	free(stack);
	return parts;
}

static void oracle_check(const struct tp_arena_rules *rl, const struct tp_arena_board *b)
{
	int L = rl->side, C = 2 * L - 1, cells = 0;
	assert_int_equal(b->grid, TP_GRID_TRI);
	assert_int_equal(b->rows, L);
	assert_int_equal(b->cols, C);
	long tot[4] = { 0 }, itot[4] = { 0 }, inner = 0, outer = 0;
	int ni = 0, no = 0, centre = -1;
	for (int i = 0; i < L * C; i++) {
		const struct tp_arena_square *s = &b->sq[i];
		int r = i / C, c = i % C;
		assert_int_equal(s->off, c > 2 * r);
		if (s->off)
			continue;
		cells++;
		struct pt p = centroid(r, c);
		if (fabs(p.x) < EPS && fabs(p.y - 2 * L * H / 3) < EPS)
			centre = i;
		int k = sector_of(L, p);
		assert_int_equal(s->quarter, k);
		int up = c % 2 == 0;
		assert_int_equal(s->number != 0, rl->numbering == TP_NUMBERING_ALL ||
			(rl->numbering == TP_NUMBERING_GROUPS ? in_group(rl, p) : up));
		for (int t = 0; t < 3; t++) {
			int j = slot_at(b, turn(L, p, t)), jm = slot_at(b, mirror(L, p, t));
			assert_true(j >= 0 && jm >= 0);
			assert_int_equal(b->sq[j].inner, s->inner);
			assert_int_equal(b->sq[jm].inner, s->inner);
		}
		if (s->number == 0)
			continue;
		assert_in_range(s->number, s->inner ? rl->inner_min : rl->outer_min,
				s->inner ? rl->inner_max : rl->outer_max);
		tot[k] += s->number;
		if (s->inner) {
			itot[k] += s->number;
			inner += s->number;
			ni++;
		} else {
			outer += s->number;
			no++;
		}
	}
	assert_int_equal(cells, L * L);
	assert_true(centre >= 0);
	assert_int_equal(b->sq[centre].quarter, 0);
	assert_true(b->sq[centre].inner);
	/* Up cells never share an edge. */
	if (rl->numbering == TP_NUMBERING_ALTERNATE)
		for (int i = 0; i < L * C; i++)
			for (int j = i + 1; j < L * C && b->sq[i].number; j++)
				if (b->sq[j].number && !b->sq[i].off && !b->sq[j].off)
					assert_false(neighbours(centroid(i / C, i % C), centroid(j / C, j % C)));
	for (int k = 2; k <= 3; k++) {
		assert_int_equal(tot[k], tot[1]);
		assert_int_equal(itot[k], itot[1]);
		assert_int_equal(b->quarter_total[k], tot[k]);
	}
	assert_true(outer > inner);
	assert_true(outer * ni > inner * no);
	for (int k = 1; k < 3; k++) {
		int same = 1;
		for (int i = 0; i < L * C && same; i++)
			if (!b->sq[i].off && b->sq[i].quarter == 1)
				same = b->sq[slot_at(b, turn(L, centroid(i / C, i % C), k))].number == b->sq[i].number;
		assert_false(same);
	}
	for (int m = 0; m < 3; m++) {
		int same = 1;
		for (int i = 0; i < L * C && same; i++)
			if (!b->sq[i].off)
				same = b->sq[slot_at(b, mirror(L, centroid(i / C, i % C), m))].number == b->sq[i].number;
		assert_false(same);
	}
}

/* A colour board (arena.marking = colours), from the centroids: the
 * positions are the up cells (or every cell) less the centre; in each
 * sector (nearest edge) the inner and the outer positions hold every
 * colour n/k or n/k+1 times, every sector the same counts; no sector
 * turned onto another reads the same and no mirror either. */
static void colour_oracle(const struct tp_arena_rules *rl, const struct tp_arena_board *b)
{
	int L = rl->side, C = 2 * L - 1, k = rl->colours;
	tu_sector_counts cnt[4] = { { { 0 } } };
	for (int i = 0; i < L * C; i++) {
		const struct tp_arena_square *s = &b->sq[i];
		int r = i / C, c = i % C;
		assert_int_equal(s->off, c > 2 * r);
		if (s->off)
			continue;
		int sec = sector_of(L, centroid(r, c));
		int position = sec != 0 && (rl->numbering == TP_NUMBERING_ALL ||
			(rl->numbering == TP_NUMBERING_GROUPS ? in_group(rl, centroid(r, c)) : c % 2 == 0));
		assert_int_equal(s->number, 0);
		assert_int_equal(s->colour != 0, position);
		if (position)
			assert_in_range(s->colour, 1, k);
		cnt[sec][s->inner][s->colour]++;
	}
	tu_sectors_balanced(cnt, 3, k, rl->side);
	for (int t = 1; t < 3; t++) {
		int same = 1;
		for (int i = 0; i < L * C && same; i++)
			if (!b->sq[i].off && sector_of(L, centroid(i / C, i % C)) == 1)
				same = b->sq[slot_at(b, turn(L, centroid(i / C, i % C), t))].colour ==
				       b->sq[i].colour;
		assert_false(same);
	}
	for (int m = 0; m < 3; m++) {
		int same = 1;
		for (int i = 0; i < L * C && same; i++)
			if (!b->sq[i].off)
				same = b->sq[slot_at(b, mirror(L, centroid(i / C, i % C), m))].colour ==
				       b->sq[i].colour;
		assert_false(same);
	}
}

/* Colour boards over sides x colours x numberings x seeds. */
static void colour_boards(void **state)
{
	(void)state;
	int boards = 0;
	for (int side = 10; side <= 19; side += 3)
		for (int k = TP_ARENA_COLOURS_MIN; k <= TP_ARENA_COLOURS_MAX; k++)
			for (int all = 0; all < 2; all++)
				for (unsigned long long seed = 1; seed <= 3; seed++) {
					struct tp_arena_rules r = trir(side, all ? TP_INNER_SQUARE : TP_INNER_DIAMOND,
								       seed * 104729);
					r.marking = seed == 2 ? TP_MARKING_PICTURES : TP_MARKING_COLOURS;
					r.colours = k;
					r.numbering = all ? TP_NUMBERING_ALL : TP_NUMBERING_ALTERNATE;
					struct tp_arena_board *b = NULL;
					tp_err e = { 0 };
					assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
					colour_oracle(&r, b);
					char why[200];
					assert_int_equal(tp_arena_board_verify(&r, b, why, sizeof why), 0);
					for (int i = 0; i < b->rows * b->cols; i++)
						if (b->sq[i].colour) {
							b->sq[i].colour = b->sq[i].colour % k + 1;
							break;
						}
					assert_int_not_equal(tp_arena_board_verify(&r, b, why, sizeof why), 0);
					tp_arena_board_free(b);
					boards++;
				}
	assert_int_equal(boards, 4 * 7 * 2 * 3);
}

static void sizes_shapes_seeds(void **state)
{
	(void)state;
	int boards = 0;
	for (int side = TP_ARENA_TRI_SIDE_MIN; side <= 25; side += 3)
		for (int inner = 0; inner < 2; inner++)
			for (unsigned long long seed = 1; seed <= 5; seed++) {
				struct tp_arena_rules r = trir(side, inner, seed * 104729);
				struct tp_arena_board *b = NULL;
				tp_err e = { 0 };
				int rc = tp_arena_board_derive(&r, &b, &e);
				if (rc != TP_OK) {
					print_message("side %d inner %d: %s\n", side, inner, e.msg);
					assert_true(side <= 7);
					continue;
				}
				oracle_check(&r, b);
				char why[200];
				assert_int_equal(tp_arena_board_verify(&r, b, why, sizeof why), 0);
				int parts = outer_parts(b);
				assert_int_equal(parts, inner == TP_INNER_SQUARE ? 1 : 3);
				assert_int_equal(tp_arena_outer_parts(&r), parts);
				tp_arena_board_free(b);
				boards++;
			}
	assert_true(boards >= 6 * 2 * 5);
}

static void numbering_all(void **state)
{
	(void)state;
	struct tp_arena_rules r = trir(13, TP_INNER_DIAMOND, 2);
	r.numbering = TP_NUMBERING_ALL;
	struct tp_arena_board *b = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
	oracle_check(&r, b);
	tp_arena_board_free(b);
}

/* Groups: sides x sizes x gaps x seeds, every rule from the centroids. */
static void numbering_groups(void **state)
{
	(void)state;
	int boards = 0;
	for (int side = 13; side <= 19; side += 6)
		for (int size = 1; size <= 5; size += 2)
			for (int gap = 1; gap <= 3; gap++)
				for (unsigned long long seed = 1; seed <= 2; seed++) {
					struct tp_arena_rules r = trir(side, seed == 1 ? TP_INNER_DIAMOND : TP_INNER_SQUARE, seed * 31);
					r.numbering = TP_NUMBERING_GROUPS;
					r.group_size = size;
					r.group_gap = gap;
					r.marking = size == 3 && gap == 2 ? TP_MARKING_COLOURS : TP_MARKING_NUMBERS;
					struct tp_arena_board *b = NULL;
					tp_err e = { 0 };
					if (tp_arena_board_derive(&r, &b, &e) != TP_OK) {
						assert_non_null(strstr(e.msg, "arena.group_gap"));
						continue;
					}
					if (r.marking == TP_MARKING_COLOURS)
						colour_oracle(&r, b);
					else
						oracle_check(&r, b);
					char why[200];
					assert_int_equal(tp_arena_board_verify(&r, b, why, sizeof why), 0);
					tp_arena_board_free(b);
					boards++;
				}
	assert_true(boards >= 2 * 3 * 3 * 2 / 2);
}

static void bad_settings_refused(void **state)
{
	(void)state;
	struct {
		int side, inner, numbering;
		const char *key;
	} bad[] = {
		{ 12, TP_INNER_DIAMOND, TP_NUMBERING_ALTERNATE, "arena.side = 12" },
		{ 4, TP_INNER_DIAMOND, TP_NUMBERING_ALTERNATE, "arena.side = 4" },
		{ 13, TP_INNER_CIRCLE, TP_NUMBERING_ALTERNATE, "arena.inner = circle" },
		{ 13, TP_INNER_DIAMOND, TP_NUMBERING_GROUPS, "arena.group_gap = 15" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct tp_arena_rules r = trir(bad[i].side, bad[i].inner, 1);
		r.numbering = bad[i].numbering;
		r.group_size = 1;   /* groups: single cells 16 apart leave sectors bare */
		r.group_gap = 15;
		tp_err e = { 0 };
		assert_int_equal(tp_arena_rules_check(&r, &e), TP_EINPUT);
		assert_non_null(strstr(e.msg, bad[i].key));
	}
}

/* Games on a triangular board follow its rules: the first piece covers
 * the centre, every piece is a copy of its shape turned or mirrored (the
 * same distances between its cells' centroids, and as many up cells as
 * the shape or as many down), on free cells of the board, and shares an
 * edge with an earlier piece (centroids 1/sqrt(3) apart). */
static void games_follow_tri_rules(void **state)
{
	(void)state;
	FILE *f = fopen(tu_path("templates/shapes/default-tri.ini"), "r");
	assert_non_null(f);
	char text[4096];
	size_t len = fread(text, 1, sizeof text, f);
	fclose(f);
	struct tp_arena_shapes sh;
	tp_err e = { 0 };
	assert_int_equal(tp_arena_shapes_parse(text, len, "default-tri.ini", &sh, &e), TP_OK);
	assert_int_equal(sh.grid, TP_GRID_TRI);
	struct tp_arena_rules r = trir(16, TP_INNER_DIAMOND, 5);
	struct tp_arena_board *b = NULL;
	assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
	int C = b->cols, L = b->rows, m = (L - 1) / 3;
	for (int players = 2; players <= 3; players++) {
		struct tp_arena_play *g = NULL;
		assert_int_equal(tp_arena_play_new(&sh, b, players, 20, &g, &e), TP_OK);
		int placed = 0;
		unsigned long long rs = 7;
		for (int turn = 0; turn < 200 && tp_arena_play_seat(g); turn++) {
			const struct tp_arena_move *mv = NULL;
			int k = tp_arena_play_moves(g, &mv);
			assert_true(k >= 0);
			if (k == 0) {
				tp_arena_play_apply(g, NULL);
				continue;
			}
			rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
			const struct tp_arena_move *mo = &mv[(rs >> 33) % (unsigned long long)k];
			const struct tp_arena_shape *s = &sh.s[mo->shape];
			assert_int_equal(mo->n, s->n_cells);
			double dm[15], ds[15];
			int nd = 0, up_m = 0, up_s = 0;
			for (int i = 0; i < mo->n; i++) {
				up_m += mo->cell[i] % C % 2 == 0;
				up_s += s->cell[i][1] % 2 == 0;
				for (int j = i + 1; j < mo->n; j++, nd++) {
					struct pt a = centroid(mo->cell[i] / C, mo->cell[i] % C);
					struct pt c = centroid(mo->cell[j] / C, mo->cell[j] % C);
					struct pt a2 = centroid(s->cell[i][0], s->cell[i][1]);
					struct pt c2 = centroid(s->cell[j][0], s->cell[j][1]);
					dm[nd] = hypot(a.x - c.x, a.y - c.y);
					ds[nd] = hypot(a2.x - c2.x, a2.y - c2.y);
				}
			}
			assert_true(up_m == up_s || up_m == mo->n - up_s);
			for (int i = 0; i < nd; i++)
				for (int j = i + 1; j < nd; j++) {
					if (dm[j] < dm[i]) { double t = dm[i]; dm[i] = dm[j]; dm[j] = t; }
					if (ds[j] < ds[i]) { double t = ds[i]; ds[i] = ds[j]; ds[j] = t; }
				}
			for (int i = 0; i < nd; i++)
				assert_true(fabs(dm[i] - ds[i]) < EPS);
			int touches = 0, centre = 0;
			for (int i = 0; i < mo->n; i++) {
				assert_false(b->sq[mo->cell[i]].off);
				assert_int_equal(tp_arena_play_owner(g, mo->cell[i]), 0);
				centre |= mo->cell[i] == 2 * m * C + 2 * m;
				struct pt p = centroid(mo->cell[i] / C, mo->cell[i] % C);
				for (int j = 0; j < L * C; j++)
					touches |= !b->sq[j].off && tp_arena_play_owner(g, j) != 0 &&
						   neighbours(p, centroid(j / C, j % C));
			}
			assert_true(placed ? touches : centre);
			tp_arena_play_apply(g, mo);
			placed++;
		}
		assert_true(placed > 10);
		tp_arena_play_free(g);
	}
	tp_arena_board_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sizes_shapes_seeds),
		cmocka_unit_test(numbering_all),
		cmocka_unit_test(colour_boards),
		cmocka_unit_test(numbering_groups),
		cmocka_unit_test(bad_settings_refused),
		cmocka_unit_test(games_follow_tri_rules),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
