/* Hexagonal shape arena boards (issue 22, section 1: "a hexagonal array of
 * playing positions ... nesting together in bee-hive cell fashion"),
 * re-checked by code here that shares nothing with the generator: every
 * cell is placed on the page from its axial coordinates (x = q + r/2,
 * y = r sqrt(3)/2, neighbours one pitch apart), and the board, the
 * sectors, the numbered class, the turns and the mirrors are all worked
 * out from those positions: the board the cells inside a flat-topped
 * hexagon, sector k the cells whose centre lies at an angle in
 * [60(k-1), 60k) degrees clockwise from east, the numbered class the
 * lattice through the centre spanned by (1.5, sqrt(3)/2) and (0, sqrt(3)),
 * turns and mirrors by rotation and reflection matrices. */

#include <math.h>

#include "testutil.h"
#include "games/arena/tu_sectors.h"

#include "games/arena/model/arena_core.h"
#include "games/arena/model/arena_hex.h"
#include "games/arena/play/arena_sim.h"

#define S3 1.7320508075688772
#define EPS 1e-6

struct cellpos {
	double x, y;
};

static struct cellpos pos(int q, int r)
{
	return (struct cellpos){ q + r / 2.0, r * S3 / 2 };
}

/* The slot of the board array holding the cell at (x, y), or -1. */
static int slot_at(const struct tp_arena_board *b, double x, double y)
{
	int n = b->rows / 2;
	double r = y / (S3 / 2), q = x - r / 2;
	int ri = (int)lround(r), qi = (int)lround(q);
	if (fabs(r - ri) > EPS || fabs(q - qi) > EPS || abs(ri) > n || abs(qi) > n)
		return -1;
	int i = (ri + n) * b->rows + qi + n;
	return b->sq[i].off ? -1 : i;
}

static int on_board(int n, struct cellpos p)
{
	return fabs(p.y) <= n * S3 / 2 + EPS && S3 * fabs(p.x) + fabs(p.y) <= n * S3 + EPS;
}

static int sector_of(struct cellpos p)
{
	if (fabs(p.x) < EPS && fabs(p.y) < EPS)
		return 0;
	double a = atan2(p.y, p.x) * 180 / M_PI;
	if (a < -EPS)
		a += 360;
	int k = (int)floor((a + EPS) / 60);
	return k % 6 + 1;
}

static int in_class(struct cellpos p)
{
	double a = p.x / 1.5, b;
	if (fabs(a - lround(a)) > EPS)
		return 0;
	b = (p.y - lround(a) * S3 / 2) / S3;
	return fabs(b - lround(b)) < EPS;
}

/* The cell turned k times 60 degrees clockwise, or mirrored about the line
 * through the centre at m x 30 degrees. */
static struct cellpos turn(struct cellpos p, int k)
{
	double t = k * M_PI / 3;
	return (struct cellpos){ p.x * cos(t) - p.y * sin(t), p.x * sin(t) + p.y * cos(t) };
}

static struct cellpos mirror(struct cellpos p, int m)
{
	double t = 2 * m * M_PI / 6;
	return (struct cellpos){ p.x * cos(t) + p.y * sin(t), p.x * sin(t) - p.y * cos(t) };
}

/* numbering = groups: the cell lies within the hexagon of group_size / 2
 * cells round a group centre, the centres on the lattice spanned by the
 * centre's neighbours' directions scaled by p = group_size + group_gap
 * (p pitches east, and p pitches at 60 degrees). */
static int in_group(const struct tp_arena_rules *rl, struct cellpos c)
{
	int p = rl->group_size + rl->group_gap, h = rl->group_size / 2, span = rl->side / p + 2;
	for (int i = -span; i <= span; i++)
		for (int j = -span; j <= span; j++) {
			struct cellpos g = pos(i * p, j * p);
			if (on_board(h, (struct cellpos){ c.x - g.x, c.y - g.y }))
				return 1;
		}
	return 0;
}

static struct tp_arena_rules hexr(int side, int inner, unsigned long long seed)
{
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	r.grid = TP_GRID_HEX;
	r.side = side;
	r.inner = inner;
	r.seed = seed;
	return r;
}

/* Parts of the outer arena: a flood over neighbours one pitch apart. */
static int outer_parts(const struct tp_arena_board *b)
{
	int N = b->rows * b->cols, n = b->rows / 2, parts = 0;
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
			struct cellpos p = pos(i % b->rows - n, i / b->rows - n);
			for (int k = 0; k < 6; k++) {
				int j = slot_at(b, p.x + cos(k * M_PI / 3), p.y + sin(k * M_PI / 3));
				if (j >= 0 && !seen[j] && !b->sq[j].inner) {
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

/* Every rule, from the cells' positions alone. */
static void oracle_check(const struct tp_arena_rules *rl, const struct tp_arena_board *b)
{
	int n = rl->side - 1, R = 2 * n + 1, cells = 0;
	assert_int_equal(b->grid, TP_GRID_HEX);
	assert_int_equal(b->rows, R);
	assert_int_equal(b->cols, R);
	long tot[7] = { 0 }, itot[7] = { 0 }, inner = 0, outer = 0;
	int ni = 0, no = 0;
	for (int i = 0; i < R * R; i++) {
		const struct tp_arena_square *s = &b->sq[i];
		struct cellpos p = pos(i % R - n, i / R - n);
		assert_int_equal(!s->off, on_board(n, p));
		if (s->off)
			continue;
		cells++;
		int k = sector_of(p);
		assert_int_equal(s->quarter, k);
		assert_int_equal(s->number != 0, rl->numbering == TP_NUMBERING_ALL ||
			(rl->numbering == TP_NUMBERING_GROUPS ? in_group(rl, p) : in_class(p)));
		/* The arenas are the same under every turn and mirror. */
		for (int t = 0; t < 6; t++) {
			struct cellpos u = turn(p, t), m = mirror(p, t);
			int j = slot_at(b, u.x, u.y), jm = slot_at(b, m.x, m.y);
			assert_true(j >= 0 && jm >= 0);
			assert_int_equal(b->sq[j].inner, s->inner);
			assert_int_equal(b->sq[jm].inner, s->inner);
		}
		if (s->number == 0)
			continue;
		/* No two numbered cells are neighbours (alternate). */
		for (int d = 0; d < 6 && rl->numbering == TP_NUMBERING_ALTERNATE; d++) {
			int j = slot_at(b, p.x + cos(d * M_PI / 3), p.y + sin(d * M_PI / 3));
			assert_true(j < 0 || b->sq[j].number == 0);
		}
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
	assert_int_equal(cells, 3 * n * (n + 1) + 1);
	assert_true(b->sq[n * R + n].inner);
	for (int k = 2; k <= 6; k++) {
		assert_int_equal(tot[k], tot[1]);
		assert_int_equal(itot[k], itot[1]);
		assert_int_equal(b->quarter_total[k], tot[k]);
	}
	assert_true(ni > 0 && no > 0);
	assert_true(outer > inner);
	assert_true(outer * ni > inner * no);
	/* No sector turned onto another reads the same; the board is no
	 * mirror image of itself. */
	for (int k = 1; k < 6; k++) {
		int same = 1;
		for (int i = 0; i < R * R && same; i++) {
			if (b->sq[i].off || b->sq[i].quarter != 1)
				continue;
			struct cellpos u = turn(pos(i % R - n, i / R - n), k);
			same = b->sq[slot_at(b, u.x, u.y)].number == b->sq[i].number;
		}
		assert_false(same);
	}
	for (int m = 0; m < 6; m++) {
		int same = 1;
		for (int i = 0; i < R * R && same; i++) {
			if (b->sq[i].off)
				continue;
			struct cellpos u = mirror(pos(i % R - n, i / R - n), m);
			same = b->sq[slot_at(b, u.x, u.y)].number == b->sq[i].number;
		}
		assert_false(same);
	}
}

/* A colour board (arena.marking = colours), from the cells' positions:
 * the positions are the numbered class (or every cell) less the centre;
 * in each sector (by angle) the inner and the outer positions hold every
 * colour n/k or n/k+1 times, every sector the same counts; no sector
 * turned onto another reads the same and no mirror either. */
static void colour_oracle(const struct tp_arena_rules *rl, const struct tp_arena_board *b)
{
	int n = rl->side - 1, R = 2 * n + 1, k = rl->colours;
	tu_sector_counts cnt[7] = { { { 0 } } };
	for (int i = 0; i < R * R; i++) {
		const struct tp_arena_square *s = &b->sq[i];
		struct cellpos p = pos(i % R - n, i / R - n);
		assert_int_equal(!s->off, on_board(n, p));
		if (s->off)
			continue;
		int sec = sector_of(p), position = sec != 0 &&
			(rl->numbering == TP_NUMBERING_ALL ||
			 (rl->numbering == TP_NUMBERING_GROUPS ? in_group(rl, p) : in_class(p)));
		assert_int_equal(s->number, 0);
		assert_int_equal(s->colour != 0, position);
		if (position)
			assert_in_range(s->colour, 1, k);
		cnt[sec][s->inner][s->colour]++;
	}
	tu_sectors_balanced(cnt, 6, k, rl->side);
	for (int t = 1; t < 6; t++) {
		int same = 1;
		for (int i = 0; i < R * R && same; i++) {
			if (b->sq[i].off || sector_of(pos(i % R - n, i / R - n)) != 1)
				continue;
			struct cellpos u = turn(pos(i % R - n, i / R - n), t);
			same = b->sq[slot_at(b, u.x, u.y)].colour == b->sq[i].colour;
		}
		assert_false(same);
	}
	for (int m = 0; m < 6; m++) {
		int same = 1;
		for (int i = 0; i < R * R && same; i++) {
			if (b->sq[i].off)
				continue;
			struct cellpos u = mirror(pos(i % R - n, i / R - n), m);
			same = b->sq[slot_at(b, u.x, u.y)].colour == b->sq[i].colour;
		}
		assert_false(same);
	}
}

/* Colour boards over sides x colours x numberings x seeds. */
static void colour_boards(void **state)
{
	(void)state;
	int boards = 0;
	for (int side = 6; side <= 14; side += 2)
		for (int k = TP_ARENA_COLOURS_MIN; k <= TP_ARENA_COLOURS_MAX; k++)
			for (int all = 0; all < 2; all++)
				for (unsigned long long seed = 1; seed <= 3; seed++) {
					struct tp_arena_rules r = hexr(side, all ? TP_INNER_SQUARE : TP_INNER_DIAMOND,
								       seed * 104729);
					r.marking = seed == 2 ? TP_MARKING_PICTURES : TP_MARKING_COLOURS;
					r.colours = k;
					r.numbering = all ? TP_NUMBERING_ALL : TP_NUMBERING_ALTERNATE;
					struct tp_arena_board *b = NULL, *b2 = NULL;
					tp_err e = { 0 };
					assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
					colour_oracle(&r, b);
					char why[200];
					assert_int_equal(tp_arena_board_verify(&r, b, why, sizeof why), 0);
					/* The same seed, the same board. */
					assert_int_equal(tp_arena_board_derive(&r, &b2, &e), TP_OK);
					for (int i = 0; i < b->rows * b->cols; i++)
						assert_int_equal(b->sq[i].colour, b2->sq[i].colour);
					/* A changed colour breaks the balance or the counts:
					 * the verifier sees it. */
					for (int i = 0; i < b->rows * b->cols; i++)
						if (b->sq[i].colour) {
							b->sq[i].colour = b->sq[i].colour % k + 1;
							break;
						}
					assert_int_not_equal(tp_arena_board_verify(&r, b, why, sizeof why), 0);
					tp_arena_board_free(b);
					tp_arena_board_free(b2);
					boards++;
				}
	assert_int_equal(boards, 5 * 7 * 2 * 3);
}

static void sizes_shapes_seeds(void **state)
{
	(void)state;
	int boards = 0;
	for (int side = TP_ARENA_HEX_SIDE_MIN; side <= 16; side++)
		for (int inner = 0; inner < TP_INNER_N; inner++)
			for (unsigned long long seed = 1; seed <= 6; seed++) {
				struct tp_arena_rules r = hexr(side, inner, seed * 7919);
				struct tp_arena_board *b = NULL;
				tp_err e = { 0 };
				int rc = tp_arena_board_derive(&r, &b, &e);
				if (rc != TP_OK) {
					/* Only tiny boards, and circles (which must cover
					 * nine tenths of a hexagon to reach its edges),
					 * are refused. */
					assert_true(side <= 5 || (inner == TP_INNER_CIRCLE &&
								  strstr(e.msg, "arena.inner = circle")));
					continue;
				}
				oracle_check(&r, b);
				char why[200];
				assert_int_equal(tp_arena_board_verify(&r, b, why, sizeof why), 0);
				/* The library's parts count agrees with the flood here; the
				 * promised count is what playable checks. */
				assert_int_equal(tp_arena_outer_parts(&r), outer_parts(b));
				tp_arena_board_free(b);
				boards++;
			}
	assert_true(boards >= 11 * 2 * 6);
}

/* The default star and circle leave one outer part round each of the six
 * corners; the parallel hexagon one ring. */
static void default_parts(void **state)
{
	(void)state;
	for (int side = 7; side <= 20; side++)
		for (int inner = 0; inner < TP_INNER_N; inner++) {
			struct tp_arena_rules r = hexr(side, inner, 1);
			struct tp_arena_board *b = NULL;
			tp_err e = { 0 };
			if (inner == TP_INNER_CIRCLE) {
				assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_EINPUT);
				continue;
			}
			assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
			int parts = outer_parts(b);
			if (inner == TP_INNER_SQUARE)
				assert_int_equal(parts, 1);
			else if (inner == TP_INNER_DIAMOND)
				assert_int_equal(parts, 6);
			tp_arena_board_free(b);
		}
}

static void numbering_all(void **state)
{
	(void)state;
	for (int side = 7; side <= 11; side += 2) {
		struct tp_arena_rules r = hexr(side, TP_INNER_DIAMOND, 3);
		r.numbering = TP_NUMBERING_ALL;
		struct tp_arena_board *b = NULL;
		tp_err e = { 0 };
		assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
		oracle_check(&r, b);
		tp_arena_board_free(b);
	}
}

/* Groups: sides x sizes x gaps x seeds, every rule from the positions;
 * between two groups at least group_gap unnumbered cells along a line. */
static void numbering_groups(void **state)
{
	(void)state;
	int boards = 0;
	for (int side = 8; side <= 14; side += 3)
		for (int size = 1; size <= 5; size += 2)
			for (int gap = 1; gap <= 3; gap++)
				for (unsigned long long seed = 1; seed <= 2; seed++) {
					struct tp_arena_rules r = hexr(side, seed == 1 ? TP_INNER_DIAMOND : TP_INNER_SQUARE, seed * 31);
					r.numbering = TP_NUMBERING_GROUPS;
					r.group_size = size;
					r.group_gap = gap;
					r.marking = size == 3 && gap == 2 ? TP_MARKING_COLOURS : TP_MARKING_NUMBERS;
					struct tp_arena_board *b = NULL;
					tp_err e = { 0 };
					if (tp_arena_board_derive(&r, &b, &e) != TP_OK) {
						/* Only a gap that empties an arena of a sector. */
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
	assert_true(boards >= 3 * 3 * 3 * 2 / 2);
}

static void bad_settings_refused(void **state)
{
	(void)state;
	struct {
		int side, rows, numbering;
		const char *key;
	} bad[] = {
		{ 3, 0, TP_NUMBERING_ALTERNATE, "arena.side = 3" },
		{ 51, 0, TP_NUMBERING_ALTERNATE, "arena.side = 51" },
		{ 9, 9, TP_NUMBERING_ALTERNATE, "arena.rows = 9" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct tp_arena_rules r = hexr(bad[i].side, TP_INNER_DIAMOND, 1);
		r.rows = bad[i].rows;
		r.numbering = bad[i].numbering;
		tp_err e = { 0 };
		assert_int_equal(tp_arena_rules_check(&r, &e), TP_EINPUT);
		assert_non_null(strstr(e.msg, bad[i].key));
		assert_null(strchr(e.msg, '\n'));
	}
}

/* A shapes file's grid key: a shape joined only across a hex edge is
 * connected on hex and refused on squares. */
static void shapes_grid_key(void **state)
{
	(void)state;
	const char *body = "[A]\ncells = 0,0\n[B]\ncells = 0,1 1,0\n[C]\ncells = 0,0 0,1 0,2\n"
			   "[D]\ncells = 0,0 0,1 0,2 0,3\n[E]\ncells = 0,0 0,1 0,2 0,3 0,4\n"
			   "[F]\ncells = 0,0 0,1 0,2 0,3 0,4 0,5\n";
	char text[512];
	struct tp_arena_shapes sh;
	tp_err e = { 0 };
	snprintf(text, sizeof text, "grid = hex\n%s", body);
	assert_int_equal(tp_arena_shapes_parse(text, strlen(text), "t.ini", &sh, &e), TP_OK);
	assert_int_equal(sh.grid, TP_GRID_HEX);
	assert_int_equal(tp_arena_shapes_parse(body, strlen(body), "t.ini", &sh, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "not connected"));
	/* Six hexes round an empty one: a ring, refused (one die line a piece). */
	const char *ring = "grid = hex\n[A]\ncells = 0,0\n[B]\ncells = 0,0 0,1\n[C]\ncells = 0,0 0,1 0,2\n"
			   "[D]\ncells = 0,0 0,1 0,2 0,3\n[E]\ncells = 0,0 0,1 0,2 0,3 0,4\n"
			   "[F]\ncells = 0,1 0,2 1,0 1,2 2,0 2,1\n";
	e = (tp_err){ 0 };
	assert_int_equal(tp_arena_shapes_parse(ring, strlen(ring), "t.ini", &sh, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "hole"));
	snprintf(text, sizeof text, "grid = cube\n%s", body);
	e = (tp_err){ 0 };
	assert_int_equal(tp_arena_shapes_parse(text, strlen(text), "t.ini", &sh, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "t.ini:1"));
}

/* Games on a hex board follow the hex rules: the first piece covers the
 * centre, every piece is a copy of its shape turned or mirrored (the same
 * distances between its cells' centres), on the board, on free cells,
 * and touches an earlier piece across an edge (centres one pitch apart). */
static void games_follow_hex_rules(void **state)
{
	(void)state;
	FILE *f = fopen(tu_path("templates/shapes/default-hex.ini"), "r");
	assert_non_null(f);
	char text[4096];
	size_t len = fread(text, 1, sizeof text, f);
	fclose(f);
	struct tp_arena_shapes sh;
	tp_err e = { 0 };
	assert_int_equal(tp_arena_shapes_parse(text, len, "default-hex.ini", &sh, &e), TP_OK);
	struct tp_arena_rules r = hexr(10, TP_INNER_DIAMOND, 5);
	struct tp_arena_board *b = NULL;
	assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
	int R = b->rows, n = R / 2;
	for (int players = 2; players <= 3; players++) {
		struct tp_arena_play *g = NULL;
		assert_int_equal(tp_arena_play_new(&sh, b, players, 20, &g, &e), TP_OK);
		int placed = 0;
		unsigned long long rs = 99;
		for (int turn = 0; turn < 200 && tp_arena_play_seat(g); turn++) {
			const struct tp_arena_move *mv = NULL;
			int k = tp_arena_play_moves(g, &mv);
			assert_true(k >= 0);
			if (k == 0) {
				tp_arena_play_apply(g, NULL);
				continue;
			}
			rs = rs * 6364136223846793005ULL + 1442695040888963407ULL;
			const struct tp_arena_move *m = &mv[(rs >> 33) % (unsigned long long)k];
			const struct tp_arena_shape *s = &sh.s[m->shape];
			assert_int_equal(m->n, s->n_cells);
			/* Congruent: the sorted distances between cell centres agree. */
			double dm[15], ds[15];
			int nd = 0;
			for (int i = 0; i < m->n; i++)
				for (int j = i + 1; j < m->n; j++, nd++) {
					struct cellpos a = pos(m->cell[i] % R - n, m->cell[i] / R - n);
					struct cellpos c = pos(m->cell[j] % R - n, m->cell[j] / R - n);
					struct cellpos a2 = pos(s->cell[i][1], s->cell[i][0]);
					struct cellpos c2 = pos(s->cell[j][1], s->cell[j][0]);
					dm[nd] = hypot(a.x - c.x, a.y - c.y);
					ds[nd] = hypot(a2.x - c2.x, a2.y - c2.y);
				}
			for (int i = 0; i < nd; i++)
				for (int j = i + 1; j < nd; j++) {
					if (dm[j] < dm[i]) { double t = dm[i]; dm[i] = dm[j]; dm[j] = t; }
					if (ds[j] < ds[i]) { double t = ds[i]; ds[i] = ds[j]; ds[j] = t; }
				}
			for (int i = 0; i < nd; i++)
				assert_true(fabs(dm[i] - ds[i]) < EPS);
			int touches = 0, centre = 0;
			for (int i = 0; i < m->n; i++) {
				assert_false(b->sq[m->cell[i]].off);
				assert_int_equal(tp_arena_play_owner(g, m->cell[i]), 0);
				centre |= m->cell[i] == n * R + n;
				struct cellpos p = pos(m->cell[i] % R - n, m->cell[i] / R - n);
				for (int d = 0; d < 6; d++) {
					int j = slot_at(b, p.x + cos(d * M_PI / 3), p.y + sin(d * M_PI / 3));
					touches |= j >= 0 && tp_arena_play_owner(g, j) != 0;
				}
			}
			assert_true(placed ? touches : centre);
			tp_arena_play_apply(g, m);
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
		cmocka_unit_test(default_parts),
		cmocka_unit_test(numbering_all),
		cmocka_unit_test(colour_boards),
		cmocka_unit_test(numbering_groups),
		cmocka_unit_test(bad_settings_refused),
		cmocka_unit_test(shapes_grid_key),
		cmocka_unit_test(games_follow_hex_rules),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
