/* The series core against the patent: Table I read from the patent's text
 * (kept in tests/data/series-table1.txt), and every rule re-checked by
 * independent, naive code. */

#include "testutil.h"

#include "app/config_load.h"
#include "core/alloc.h"
#include "games/series/config/series_config.h"
#include "games/series/model/series_core.h"
#include "games/series/model/template.h"
#include "oracle.h"

/* The series part of a config, writable in tests. */
#define SER(c) ((struct tp_series_cfg *)(c)->game_cfg)

/* ---- helpers --------------------------------------------------------------- */

static struct tp_config *load(const char *const *sets, int n)
{
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	int rc = tp_config_load(&c, tu_path("config/series.ini"), sets, n, &tp_games, &e);
	if (rc != TP_OK)
		fail_msg("config: %s", e.msg);
	return c;
}

static struct tp_pattern *derive(const struct tp_config *c)
{
	struct tp_pattern *p = NULL;
	tp_err e = { 0 };
	if (tp_series_derive(&SER(c)->rules, &p, &e) != TP_OK)
		fail_msg("derive: %s", e.msg);
	return p;
}

static const int dr[4] = { -1, -1, 1, 1 }, dc[4] = { -1, 1, 1, -1 }; /* nw ne se sw */

/* ---- Table I, read from the patent text (copied from seed 000) ------------- */

static int read_table1(int t[10][6])
{
	FILE *f = fopen(tu_path("tests/data/series-table1.txt"), "r");
	if (f == NULL)
		return -1;
	char line[1024];
	int in = 0, row = 0;
	while (fgets(line, sizeof line, f) && row < 10) {
		if (strncmp(line, "TABLE I", 7) == 0) {
			in = 1;
			continue;
		}
		if (!in)
			continue;
		int v[7];
		char *p = line;
		if (strncmp(p, "Total Number of Tiles", 21) == 0) {
			p += 21;
			if (sscanf(p, "%d %d %d %d %d %d", &v[1], &v[2], &v[3], &v[4], &v[5], &v[6]) == 6) {
				for (int i = 0; i < 6; i++)
					t[9][i] = v[i + 1];
				row++;
			}
			continue;
		}
		if (sscanf(p, "%d %d %d %d %d %d %d", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6]) == 7 &&
		    v[0] == row + 1) {
			for (int i = 0; i < 6; i++)
				t[row][i] = v[i + 1];
			row++;
		}
	}
	fclose(f);
	return row == 10 ? 0 : -1;
}

static void table1_exact(void **state)
{
	(void)state;
	int t[10][6];
	if (read_table1(t) != 0)
		fail_msg("could not read TABLE I from tests/data/series-table1.txt");
	struct tp_config *c = load(NULL, 0);
	struct tp_pattern *p = derive(c);
	/* The patent's columns: lateral, vertical, boxes, dots, not marked, total. */
	static const int cols[5] = { TP_LATERAL, TP_VERTICAL, TP_BOXES, TP_DOTS, TP_NONE };
	int colsum[6] = { 0 };
	for (int f = 0; f < 9; f++) {
		int total = 0;
		for (int k = 0; k < 5; k++) {
			assert_int_equal(p->count[f][cols[k]], t[f][k]);
			total += p->count[f][cols[k]];
			colsum[k] += p->count[f][cols[k]];
		}
		assert_int_equal(total, t[f][5]);
		colsum[5] += total;
	}
	for (int k = 0; k < 6; k++)
		assert_int_equal(colsum[k], t[9][k]);
	assert_int_equal(p->n_anchor_tiles, SER(c)->rules.n_anchors);
	tp_series_free(p);
	tp_config_free(c);
}

/* ---- the rules, checked on the derived board ----------------------------- */

static void check_invariant(const struct tp_config *c, const struct tp_pattern *p)
{
	for (int r = 0; r < p->rows; r++)
		for (int col = 0; col < p->cols; col++) {
			const struct tp_tile *t = &p->tiles[r * p->cols + col];
			for (int k = 0; k < 4; k++) {
				/* Across the corner opposite K: one higher.  Toward K: one lower. */
				int o = (k + 2) % 4;
				int r1 = r + dr[o], c1 = col + dc[o];
				int r2 = r + dr[k], c2 = col + dc[k];
				int s = or_series_at(c, t->corner, k);
				int v = or_value(SER(c)->rules.pairing, s, t->front);
				if (r1 >= 0 && r1 < p->rows && c1 >= 0 && c1 < p->cols) {
					const struct tp_tile *u = &p->tiles[r1 * p->cols + c1];
					assert_int_equal(or_series_at(c, u->corner, k), s);
					assert_int_equal(or_value(SER(c)->rules.pairing, s, u->front), or_m9(v + 1));
				}
				if (r2 >= 0 && r2 < p->rows && c2 >= 0 && c2 < p->cols) {
					const struct tp_tile *u = &p->tiles[r2 * p->cols + c2];
					assert_int_equal(or_series_at(c, u->corner, k), s);
					assert_int_equal(or_value(SER(c)->rules.pairing, s, u->front), or_m9(v - 1));
				}
			}
		}
	/* Two colour classes, turned 180 degrees to each other. */
	int k0 = p->tiles[0].corner, k1 = p->tiles[1].corner;
	assert_int_equal(k1, (k0 + 2) % 4);
	for (int r = 0; r < p->rows; r++)
		for (int col = 0; col < p->cols; col++)
			assert_int_equal(p->tiles[r * p->cols + col].corner, (r + col) % 2 ? k1 : k0);
	for (int i = 0; i < SER(c)->rules.n_anchors; i++) {
		const struct tp_anchor *a = &SER(c)->rules.anchors[i];
		const struct tp_tile *t = &p->tiles[a->row * p->cols + a->col];
		assert_int_equal(t->front, a->front);
		assert_int_equal(t->corner, a->corner);
		assert_true(t->anchor);
	}
}

/* The board image, recomputed cell by cell by the oracle. */
static int oracle_board(const struct tp_config *c, const struct tp_pattern *p, int R, int C)
{
	int f, lat;
	tp_series_plane_at(p, p->patch_r0 + R / 6, p->patch_c0 + C / 6, &f, &lat);
	return or_cell(c, f, lat, R % 6, C % 6);
}

static void check_board(const struct tp_config *c, const struct tp_pattern *p)
{
	assert_non_null(p->board);
	int counted[9][5] = { { 0 } };
	for (int R = 0; R < p->rows; R++)
		for (int C = 0; C < p->cols; C++) {
			int s = oracle_board(c, p, R, C);
			assert_int_equal(p->board[R * p->cols + C], s);
			const struct tp_tile *t = &p->tiles[R * p->cols + C];
			assert_int_equal(t->back, s);
			counted[t->front - 1][s]++;
		}
	for (int f = 0; f < 9; f++)
		for (int s = 0; s < 5; s++)
			assert_int_equal(p->count[f][s], counted[f][s]);
	/* The centre tile is a 9 with the configured lateral corner, and its
	 * neighbourhood holds all nine fronts. */
	int f, k;
	tp_series_plane_at(p, p->patch_r0 + p->centre_r, p->patch_c0 + p->centre_c, &f, &k);
	assert_int_equal(f, 9);
	assert_int_equal(k, SER(c)->rules.board_centre);
	unsigned seen = 0;
	for (int i = -1; i <= 1; i++)
		for (int j = -1; j <= 1; j++) {
			tp_series_plane_at(p, p->patch_r0 + p->centre_r + i, p->patch_c0 + p->centre_c + j, &f, &k);
			seen |= 1u << f;
		}
	assert_int_equal(seen, 0x3fe);
}

static void invariant_default(void **state)
{
	(void)state;
	struct tp_config *c = load(NULL, 0);
	struct tp_pattern *p = derive(c);
	check_invariant(c, p);
	check_board(c, p);
	tp_series_free(p);
	tp_config_free(c);
}

/* [0051], [0090]: on 18x18 each of the nine fronts is played 36 times, and
 * each colour covers the sum of its values over the spanning set. */
static void counts_18(void **state)
{
	(void)state;
	struct tp_config *c = load(NULL, 0);
	struct tp_pattern *p = derive(c);
	int cells = 0;
	for (int s = 0; s < 4; s++) {
		int expect = 0, got = 0;
		for (int f = 1; f <= 9; f++)
			expect += or_value(SER(c)->rules.pairing, s, f);
		for (int f = 0; f < 9; f++)
			got += p->count[f][s];
		assert_int_equal(got, expect);
		assert_int_equal(expect, 45);
		cells += expect;
	}
	int unmarked = 0;
	for (int f = 0; f < 9; f++) {
		int n = 0;
		for (int s = 0; s < 5; s++)
			n += p->count[f][s];
		assert_int_equal(n, p->rows * p->cols / 9);
		unmarked += p->count[f][TP_NONE];
	}
	assert_int_equal(unmarked, p->rows * p->cols - cells);
	tp_series_free(p);
	tp_config_free(c);
}

/* Independent derivation: grow the board from the anchors by the Direction
 * Invariant alone, tile by tile, as a player would. */
static void brute_force(void **state)
{
	(void)state;
	struct tp_config *c = load(NULL, 0);
	struct tp_pattern *p = derive(c);
	int R = p->rows, C = p->cols;
	int *front = calloc((size_t)R * C, sizeof *front), *lat = calloc((size_t)R * C, sizeof *lat);
	for (int i = 0; i < SER(c)->rules.n_anchors; i++) {
		const struct tp_anchor *a = &SER(c)->rules.anchors[i];
		front[a->row * C + a->col] = a->front;
		lat[a->row * C + a->col] = a->corner;
	}
	for (int changed = 1; changed;) {
		changed = 0;
		for (int r = 0; r < R; r++)
			for (int col = 0; col < C; col++) {
				int v = front[r * C + col];
				if (!v)
					continue;
				int L = lat[r * C + col];
				for (int x = 0; x < 4; x++) {
					int r1 = r + dr[x], c1 = col + dc[x];
					if (r1 < 0 || r1 >= R || c1 < 0 || c1 >= C || front[r1 * C + c1])
						continue;
					int o = (x + 2) % 4; /* the quadrant at o gains one */
					int so = or_series_at(c, L, o), sx = or_series_at(c, L, x);
					for (int w = 1; w <= 9; w++)
						if (or_value(SER(c)->rules.pairing, so, w) == or_m9(or_value(SER(c)->rules.pairing, so, v) + 1) &&
						    or_value(SER(c)->rules.pairing, sx, w) == or_m9(or_value(SER(c)->rules.pairing, sx, v) - 1)) {
							front[r1 * C + c1] = w;
							lat[r1 * C + c1] = L;
							changed = 1;
						}
				}
			}
	}
	for (int i = 0; i < R * C; i++) {
		assert_int_equal(front[i], p->tiles[i].front);
		assert_int_equal(lat[i], p->tiles[i].corner);
	}
	free(front);
	free(lat);
	tp_series_free(p);
	tp_config_free(c);
}

/* ---- other configurations -------------------------------------------------- */

/* For a pairing and cycle, finds class-B anchors that give a spanning patch
 * (the patent says some exist) and checks every rule there. */
static void other_rules(void **state)
{
	(void)state;
	static const char *const pairings[] = { "2", "4", "5", "7" };
	static const char *const cycles[] = { "lateral dots vertical boxes", "lateral boxes vertical dots" };
	for (int pi = 0; pi < 4; pi++)
		for (int ci = 0; ci < 2; ci++)
			for (int centre = 0; centre < 2; centre++) {
				char sp[64], sc[80], sa[64], sb[64], sz[40];
				snprintf(sp, sizeof sp, "series.pairing=%s", pairings[pi]);
				snprintf(sc, sizeof sc, "series.cycle=%s", cycles[ci]);
				snprintf(sz, sizeof sz, "series.board_centre=%s", centre ? "se" : "nw");
				snprintf(sa, sizeof sa, "series.anchor=5 5 2 se");
				int found = 0;
				for (int f = 1; f <= 9 && !found; f++) {
					snprintf(sb, sizeof sb, "series.anchor=5 6 %d nw", f);
					const char *sets[] = { sp, sc, sz, sa, sb };
					struct tp_config *c = load(sets, 5);
					struct tp_pattern *p = NULL;
					tp_err e = { 0 };
					if (tp_series_derive(&SER(c)->rules, &p, &e) == TP_OK) {
						found = 1;
						check_invariant(c, p);
						check_board(c, p);
						int total = 0;
						for (int s = 0; s < 4; s++)
							for (int ff = 0; ff < 9; ff++)
								total += p->count[ff][s];
						assert_int_equal(total, 180);
					} else {
						assert_int_equal(e.code, TP_EINPUT);
						assert_non_null(strstr(e.msg, "spanning"));
					}
					tp_series_free(p);
					tp_config_free(c);
				}
				if (!found)
					fail_msg("no spanning anchors for pairing %s, %s", pairings[pi], cycles[ci]);
			}
}

static void sizes(void **state)
{
	(void)state;
	static const char *const dims[][2] = {
		{ "board.rows=36", "board.cols=36" }, { "board.rows=12", "board.cols=24" },
		{ "board.rows=6", "board.cols=6" }, { "board.rows=24", "board.cols=12" },
	};
	/* Anchors for any size: the default plane's tiles at (1,1) and (1,2). */
	struct tp_config *c0 = load(NULL, 0);
	struct tp_pattern *p0 = derive(c0);
	char a1[64], a2[64];
	snprintf(a1, sizeof a1, "series.anchor=1 1 %d %s", p0->tiles[0].front,
		 tp_corner_names[p0->tiles[0].corner]);
	snprintf(a2, sizeof a2, "series.anchor=1 2 %d %s", p0->tiles[1].front,
		 tp_corner_names[p0->tiles[1].corner]);
	for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) {
		const char *sets[] = { dims[i][0], dims[i][1], a1, a2 };
		struct tp_config *c = load(sets, 4);
		struct tp_pattern *p = derive(c);
		/* Same plane, so the same tiles wherever the boards overlap. */
		for (int r = 0; r < p->rows && r < p0->rows; r++)
			for (int col = 0; col < p->cols && col < p0->cols; col++) {
				assert_int_equal(p->tiles[r * p->cols + col].front, p0->tiles[r * p0->cols + col].front);
				assert_int_equal(p->tiles[r * p->cols + col].corner, p0->tiles[r * p0->cols + col].corner);
			}
		check_invariant(c, p);
		check_board(c, p);
		assert_int_equal(p->patch_rows, SER(c)->rules.rows / 6);
		assert_int_equal(p->patch_cols, SER(c)->rules.cols / 6);
		assert_int_equal(p->centre_r, (SER(c)->rules.rows / 6 - 1) / 2);
		assert_int_equal(p->centre_c, (SER(c)->rules.cols / 6 - 1) / 2);
		tp_series_free(p);
		tp_config_free(c);
	}
	tp_series_free(p0);
	tp_config_free(c0);
}

/* Each shipped template and one made here: the board image and Table I
 * follow the template as the oracle computes it. */
static void templates(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	const char *custom = tu_write(dir, "diag.ini",
		"[indicia]\nname = diag\norder = 1,1 0,0 2,2 0,2 2,0 0,1 1,0 1,2 2,1\n");
	char custom_set[1200];
	snprintf(custom_set, sizeof custom_set, "series.indicia=%s", custom);
	const char *names[] = { "series.indicia=spiral-cw", "series.indicia=spiral-ccw-inner",
				"series.indicia=pips", custom_set };
	int tables[4][9][5];
	for (int i = 0; i < 4; i++) {
		const char *sets[] = { names[i] };
		struct tp_config *c = load(sets, 1);
		struct tp_pattern *p = derive(c);
		check_board(c, p);
		memcpy(tables[i], p->count, sizeof tables[i]);
		tp_series_free(p);
		tp_config_free(c);
	}
	/* Different cell orders really do give different boards. */
	assert_memory_not_equal(tables[0], tables[1], sizeof tables[0]);
	assert_memory_not_equal(tables[0], tables[3], sizeof tables[0]);
	tu_rmrf(dir);
}

static void tutorial(void **state)
{
	(void)state;
	const char *sets[] = { "series.backs=off", "board.rows=10", "board.cols=10",
			       "series.anchor=2 2 2 se", "series.anchor=2 3 7 nw" };
	struct tp_config *c = load(sets, 5);
	struct tp_pattern *p = derive(c);
	assert_null(p->board);
	for (int i = 0; i < p->rows * p->cols; i++)
		assert_int_equal(p->tiles[i].back, TP_NONE);
	check_invariant(c, p);
	tp_series_free(p);
	tp_config_free(c);
}

/* ---- refusals ---------------------------------------------------------- */

static void expect_refusal(const char *const *sets, int n, const char *needle)
{
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	int rc = tp_config_load(&c, tu_path("config/series.ini"), sets, n, &tp_games, &e);
	struct tp_pattern *p = NULL;
	if (rc == TP_OK)
		rc = tp_series_derive(&SER(c)->rules, &p, &e);
	assert_null(p);
	assert_int_equal(rc, TP_EINPUT);
	if (strstr(e.msg, needle) == NULL)
		fail_msg("message '%s' lacks '%s'", e.msg, needle);
	tp_config_free(c);
}

static void refusals(void **state)
{
	(void)state;
	const char *one[] = { "series.anchor=5 5 2 se" };
	expect_refusal(one, 1, "at least two");
	const char *same_class[] = { "series.anchor=5 5 2 se", "series.anchor=6 6 3 se" };
	expect_refusal(same_class, 2, "colour class");
	const char *off[] = { "series.anchor=5 5 2 se", "series.anchor=19 6 7 nw" };
	expect_refusal(off, 2, "off the");
	const char *twice[] = { "series.anchor=5 5 2 se", "series.anchor=5 5 3 se", "series.anchor=5 6 7 nw" };
	expect_refusal(twice, 3, "already holds");
	const char *not180[] = { "series.anchor=5 5 2 se", "series.anchor=5 14 7 se" };
	expect_refusal(not180, 2, "180");
	const char *disagree[] = { "series.anchor=5 5 2 se", "series.anchor=5 14 7 nw", "series.anchor=14 14 3 se" };
	expect_refusal(disagree, 3, "disagrees");
	/* (Given anchors: derived ones would follow board_centre.) */
	const char *centre[] = { "series.board_centre=ne", "series.anchor=5 5 2 se", "series.anchor=5 14 7 nw" };
	expect_refusal(centre, 3, "board_centre");
	const char *pair1[] = { "series.pairing=1" };
	expect_refusal(pair1, 1, "spanning");
	const char *rows[] = { "board.rows=20" };
	expect_refusal(rows, 1, "multiple of 6");
	/* Two anchors whose classes never form a spanning patch: search for a
	 * class-B front that the core refuses, and check that it says why. */
	int refused = 0;
	for (int f = 1; f <= 9; f++) {
		char b[64];
		snprintf(b, sizeof b, "series.anchor=5 6 %d nw", f);
		const char *s[] = { "series.anchor=5 5 2 se", b };
		struct tp_config *c = load(s, 2);
		struct tp_pattern *p = NULL;
		tp_err e = { 0 };
		if (tp_series_derive(&SER(c)->rules, &p, &e) != TP_OK) {
			assert_non_null(strstr(e.msg, "no spanning patch"));
			refused++;
			/* The fix the message names must work. */
			const char *hint = strstr(e.msg, "needs front ");
			assert_non_null(hint);
			int r0, c0, fix;
			assert_int_equal(sscanf(strstr(e.msg, "the one at (") + 12, "%d,%d", &r0, &c0), 2);
			fix = atoi(hint + 12);
			char a1[64], a2[64];
			snprintf(a1, sizeof a1, "series.anchor=%d %d %d %s", r0, c0, fix,
				 r0 == 5 && c0 == 5 ? "se" : "nw");
			snprintf(a2, sizeof a2, "%s", r0 == 5 && c0 == 5 ? b : "series.anchor=5 5 2 se");
			const char *s2[] = { a1, a2 };
			struct tp_config *c2 = load(s2, 2);
			struct tp_pattern *p2 = derive(c2);
			tp_series_free(p2);
			tp_config_free(c2);
		}
		tp_series_free(p);
		tp_config_free(c);
	}
	assert_true(refused > 0 && refused < 9);
}

static void template_refusals(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	struct {
		const char *text, *needle;
	} cases[] = {
		{ "[indicia]\norder = 0,0 0,1 0,2 1,2 2,2 2,1 2,0 1,0\n", "8 cells" },
		{ "[indicia]\norder = 0,0 0,0 0,2 1,2 2,2 2,1 2,0 1,0 1,1\n", "twice" },
		{ "[indicia]\norder = 3,0 0,1 0,2 1,2 2,2 2,1 2,0 1,0 1,1\n", "outside" },
		{ "[indicia]\n1 = 1,1\n2 = 0,1 2,1\n3 = 0,1 1,1 2,1\n4 = 0,0 0,2 2,0\n", "exactly 4" },
		{ "[indicia]\n1 = 1,1\n", "missing" },
		{ "[indicia]\nshape = round\n", "unknown key" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *path = tu_write(dir, "t.ini", cases[i].text);
		struct tp_template t;
		tp_err e = { 0 };
		assert_int_equal(tp_template_load(path, &t, &e), TP_EINPUT);
		if (strstr(e.msg, cases[i].needle) == NULL || strstr(e.msg, path) == NULL)
			fail_msg("case %zu: '%s'", i, e.msg);
	}
	struct tp_template t;
	tp_err e = { 0 };
	assert_int_equal(tp_template_load("/nonexistent/x.ini", &t, &e), TP_EINPUT);
	tu_rmrf(dir);
}

/* Every allocation on the derivation path can fail; each failure must come
 * back as an error, with nothing leaked (ASan run checks the leaks). */
static void alloc_failures(void **state)
{
	(void)state;
	struct tp_config *c = load(NULL, 0);
	for (long n = 1;; n++) {
		struct tp_pattern *p = NULL;
		tp_err e = { 0 };
		tp_alloc_fail_at(n);
		int rc = tp_series_derive(&SER(c)->rules, &p, &e);
		tp_alloc_fail_at(0);
		if (rc == TP_OK) {
			tp_series_free(p);
			assert_true(n > 1);
			break;
		}
		assert_int_equal(rc, TP_EIO);
		assert_null(p);
	}
	tp_config_free(c);
}

/* ---- anchors for any board (FIG. 22, claim 16) ----------------------------- */

/* The config for a board size, backs on or off, and more --set strings.  A
 * board with both sides odd cannot be printed (no split into halves), so the
 * config loads one col wider and the rules are then narrowed by hand, the
 * anchors derived again as the loader would (when more gives none). */
static struct tp_config *load_size(int rows, int cols, int backs, const char *const *more, int n_more)
{
	char sr[40], sc[40];
	const char *sets[12];
	int both_odd = rows % 2 && cols % 2;
	snprintf(sr, sizeof sr, "board.rows=%d", rows);
	snprintf(sc, sizeof sc, "board.cols=%d", cols + both_odd);
	int n = 0;
	sets[n++] = sr;
	sets[n++] = sc;
	sets[n++] = backs ? "series.backs=on" : "series.backs=off";
	/* An odd side cannot be split into halves along it. */
	sets[n++] = rows % 2 ? "print.split=cols" : "print.split=rows";
	for (int i = 0; i < n_more && n < 12; i++)
		sets[n++] = more[i];
	struct tp_config *c = load(sets, n);
	if (both_odd) {
		SER(c)->rules.cols = cols;
		if (strstr(SER(c)->rules.anchors_source, "derived")) {
			SER(c)->rules.n_anchors = tp_series_default_anchors(&SER(c)->rules, SER(c)->rules.anchors,
								       TP_MAX_ANCHORS);
			snprintf(SER(c)->rules.anchors_source, sizeof SER(c)->rules.anchors_source,
				 "test: anchors derived for %dx%d", rows, cols);
		}
	}
	return c;
}

/* The built-in placement (config_defaults.c: the patent's FIG. 22) and the
 * ";anchor = " lines that config/series.ini documents are what the
 * derivation gives for 18x18, square for square and tile for tile, and
 * those tiles are the ones the default derivation puts there. */
static void anchors_default_18(void **state)
{
	(void)state;
	/* The series defaults on a bare config (the built-in anchor table). */
	static struct tp_series_cfg ds;
	static struct tp_config dc;
	char dpath[] = "built-in";
	memset(&ds, 0, sizeof ds);
	dc.game_cfg = &ds;
	dc.path = dpath;
	tp_series_defaults(&dc);
	ds.rules.rows = ds.rules.cols = 18;   /* [board] is the core's; 18x18 is FIG. 20 */
	struct tp_config *d = &dc;
	struct tp_config *c = load(NULL, 0);
	SER(d)->rules.tpl = &SER(c)->tpl;
	struct tp_pattern *p = derive(d);
	struct tp_anchor a[TP_MAX_ANCHORS];
	int n = tp_series_default_anchors(&SER(d)->rules, a, TP_MAX_ANCHORS);
	assert_int_equal(n, SER(d)->rules.n_anchors);
	for (int i = 0; i < SER(d)->rules.n_anchors; i++) {
		const struct tp_anchor *b = &SER(d)->rules.anchors[i];
		int found = 0;
		for (int j = 0; j < n; j++)
			if (a[j].row == b->row && a[j].col == b->col) {
				found++;
				assert_int_equal(a[j].front, b->front);
				assert_int_equal(a[j].corner, b->corner);
				const struct tp_tile *t = &p->tiles[b->row * p->cols + b->col];
				assert_int_equal(a[j].front, t->front);
				assert_int_equal(a[j].corner, t->corner);
			}
		assert_int_equal(found, 1);
	}
	/* config/series.ini gives no anchor lines: the loader derives them. */
	assert_int_equal(SER(c)->rules.n_anchors, n);
	for (int i = 0; i < n; i++) {
		assert_int_equal(SER(c)->rules.anchors[i].row, a[i].row);
		assert_int_equal(SER(c)->rules.anchors[i].col, a[i].col);
		assert_int_equal(SER(c)->rules.anchors[i].front, a[i].front);
		assert_int_equal(SER(c)->rules.anchors[i].corner, a[i].corner);
	}
	assert_non_null(strstr(SER(c)->rules.anchors_source, "derived for the 18x18 board"));
	/* The commented placement in each shipped config is the derived one. */
	static const char *const shipped[] = { "config/series.ini", "config/series-blind.ini",
					       "config/series-tutorial.ini" };
	for (size_t k = 0; k < sizeof shipped / sizeof shipped[0]; k++) {
		FILE *f = fopen(tu_path(shipped[k]), "r");
		assert_non_null(f);
		char line[256];
		int m = 0;
		while (fgets(line, sizeof line, f)) {
			int r, col, fr;
			char corner[8];
			if (sscanf(line, ";anchor = %d %d %d %7s", &r, &col, &fr, corner) != 4)
				continue;
			assert_true(m < n);
			assert_int_equal(r - 1, a[m].row);
			assert_int_equal(col - 1, a[m].col);
			assert_int_equal(fr, a[m].front);
			assert_string_equal(corner, tp_corner_names[a[m].corner]);
			m++;
		}
		fclose(f);
		assert_int_equal(m, n);
	}
	tp_series_free(p);
	tp_config_free(c);
}

/* The properties the placement promises, checked on any board: on the
 * board, distinct, both colour classes, the set of squares its own mirror
 * image across both middle lines, and on a board with an even side one
 * anchor in each quarter; the derivation succeeds and obeys every rule
 * (oracle), and the plane has its spanning 9-tile with the board_centre
 * corner on the middle square. */
static void check_derived(const struct tp_config *c)
{
	const struct tp_rules *r = &SER(c)->rules;
	int R = r->rows, C = r->cols, n = r->n_anchors;
	assert_non_null(strstr(r->anchors_source, "derived"));
	struct tp_anchor a[8];
	assert_int_equal(tp_series_default_anchors(r, a, 8), n);
	assert_true(n >= 2 && n <= 5);
	int cls[2] = { 0, 0 };
	for (int i = 0; i < n; i++) {
		const struct tp_anchor *x = &r->anchors[i];
		assert_memory_equal(&a[i], x, sizeof *x);
		assert_true(x->row >= 0 && x->row < R && x->col >= 0 && x->col < C);
		cls[(x->row + x->col) % 2]++;
		for (int j = 0; j < i; j++)
			assert_false(r->anchors[j].row == x->row && r->anchors[j].col == x->col);
		int mirrored[2] = { 0, 0 };
		for (int j = 0; j < n; j++) {
			const struct tp_anchor *y = &r->anchors[j];
			mirrored[0] += y->row == R - 1 - x->row && y->col == x->col;
			mirrored[1] += y->row == x->row && y->col == C - 1 - x->col;
		}
		assert_int_equal(mirrored[0], 1);
		assert_int_equal(mirrored[1], 1);
	}
	assert_true(cls[0] > 0 && cls[1] > 0);
	if ((R % 2 == 0 || C % 2 == 0) && R >= 2 && C >= 2) {
		assert_int_equal(n, 4);
		int quarter[4] = { 0 };
		for (int i = 0; i < n; i++)
			quarter[(2 * r->anchors[i].row >= R) * 2 + (2 * r->anchors[i].col >= C)]++;
		for (int q = 0; q < 4; q++)
			assert_int_equal(quarter[q], 1);
	}
	struct tp_pattern *p = derive(c);
	check_invariant(c, p);
	if (r->backs)
		check_board(c, p);
	int f, k;
	unsigned seen = 0;
	tp_series_plane_at(p, R / 2, (C - 1) / 2, &f, &k);
	assert_int_equal(f, 9);
	assert_int_equal(k, r->board_centre);
	for (int i = -1; i <= 1; i++)
		for (int j = -1; j <= 1; j++) {
			tp_series_plane_at(p, R / 2 + i, (C - 1) / 2 + j, &f, &k);
			seen |= 1u << f;
		}
	assert_int_equal(seen, 0x3fe);
	tp_series_free(p);
}

static void anchors_any_size(void **state)
{
	(void)state;
	static const int on[][2] = { { 6, 6 }, { 12, 12 }, { 12, 24 }, { 24, 12 }, { 30, 18 },
				     { 36, 36 }, { 18, 18 }, { 6, 36 } };
	static const int off[][2] = { { 7, 9 }, { 9, 7 }, { 10, 10 }, { 7, 7 }, { 3, 5 }, { 5, 8 },
				      { 11, 4 }, { 2, 2 }, { 3, 3 }, { 1, 4 }, { 4, 1 }, { 13, 13 } };
	for (size_t i = 0; i < sizeof on / sizeof on[0]; i++) {
		struct tp_config *c = load_size(on[i][0], on[i][1], 1, NULL, 0);
		check_derived(c);
		tp_config_free(c);
	}
	for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
		struct tp_config *c = load_size(off[i][0], off[i][1], 0, NULL, 0);
		check_derived(c);
		tp_config_free(c);
	}
	/* Other rules: every pairing, both cycles, both centre corners. */
	static const char *const pairings[] = { "series.pairing=2", "series.pairing=4",
						"series.pairing=5", "series.pairing=7" };
	static const char *const cycles[] = { "series.cycle=lateral dots vertical boxes",
					      "series.cycle=lateral boxes vertical dots" };
	static const char *const centres[] = { "series.board_centre=nw", "series.board_centre=se",
					       "series.board_centre=ne" };
	static const int dims[][3] = { { 12, 24, 1 }, { 18, 18, 1 }, { 6, 6, 1 }, { 7, 9, 0 } };
	for (int pi = 0; pi < 4; pi++)
		for (int ci = 0; ci < 2; ci++)
			for (int zi = 0; zi < 3; zi++)
				for (int di = 0; di < 4; di++) {
					const char *more[] = { pairings[pi], cycles[ci], centres[zi] };
					struct tp_config *c = load_size(dims[di][0], dims[di][1], dims[di][2], more, 3);
					check_derived(c);
					tp_config_free(c);
				}
	/* Nothing to place on one square; max caps what is written. */
	struct tp_config *c = load(NULL, 0);
	SER(c)->rules.rows = SER(c)->rules.cols = 1;
	struct tp_anchor a[4];
	memset(a, 0x5a, sizeof a);
	assert_int_equal(tp_series_default_anchors(&SER(c)->rules, a, 4), 0);
	SER(c)->rules.rows = SER(c)->rules.cols = 18;
	assert_int_equal(tp_series_default_anchors(&SER(c)->rules, a, 1), 4);
	assert_int_equal(a[1].row, 0x5a5a5a5a);
	tp_config_free(c);
}

/* Parses "anchors that work on RxC: anchor = a b c d, anchor = ..." into
 * --set strings; returns how many. */
static int parse_suggestion(const char *text, char sets[8][64])
{
	const char *p = strstr(text, "anchors that work on ");
	assert_non_null(p);
	p = strchr(p, ':');
	assert_non_null(p);
	int n = 0;
	while ((p = strstr(p, "anchor = ")) != NULL && n < 8) {
		int r, c, f, used = 0;
		char k[4];
		assert_int_equal(sscanf(p, "anchor = %d %d %d %2s%n", &r, &c, &f, k, &used), 4);
		snprintf(sets[n++], 64, "series.anchor=%d %d %d %s", r, c, f, k);
		p += used;
	}
	return n;
}

/* The suggestion, given back as anchors, works and is the derived set; the
 * core's refusals of an off-board anchor and of a set with no spanning
 * patch carry it. */
static void anchors_suggestion(void **state)
{
	(void)state;
	static const int dims[][3] = { { 12, 24, 1 }, { 6, 6, 1 }, { 36, 36, 1 }, { 7, 9, 0 }, { 18, 18, 1 } };
	for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) {
		struct tp_config *c = load_size(dims[i][0], dims[i][1], dims[i][2], NULL, 0);
		char text[600], sets[8][64];
		int n = tp_series_suggest_anchors(&SER(c)->rules, text, sizeof text);
		assert_int_equal(n, SER(c)->rules.n_anchors);
		char head[40];
		snprintf(head, sizeof head, "anchors that work on %dx%d: ", dims[i][0], dims[i][1]);
		assert_non_null(strstr(text, head));
		assert_int_equal(parse_suggestion(text, sets), n);
		const char *more[8];
		for (int j = 0; j < n; j++)
			more[j] = sets[j];
		struct tp_config *c2 = load_size(dims[i][0], dims[i][1], dims[i][2], more, n);
		assert_null(strstr(SER(c2)->rules.anchors_source, "derived"));
		assert_int_equal(SER(c2)->rules.n_anchors, n);
		for (int j = 0; j < n; j++) {
			assert_int_equal(SER(c2)->rules.anchors[j].row, SER(c)->rules.anchors[j].row);
			assert_int_equal(SER(c2)->rules.anchors[j].col, SER(c)->rules.anchors[j].col);
			assert_int_equal(SER(c2)->rules.anchors[j].front, SER(c)->rules.anchors[j].front);
			assert_int_equal(SER(c2)->rules.anchors[j].corner, SER(c)->rules.anchors[j].corner);
		}
		tp_series_free(derive(c2));
		tp_config_free(c2);
		tp_config_free(c);
	}
	/* The 18x18 anchors on a 12x24 board: refused, with what works. */
	const char *a18[] = { "series.anchor=5 5 2 se", "series.anchor=5 14 7 nw",
			      "series.anchor=14 5 7 nw", "series.anchor=14 14 2 se" };
	struct tp_config *c = load_size(12, 24, 1, a18, 4);
	struct tp_pattern *p = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_series_derive(&SER(c)->rules, &p, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "off the 12x24 board"));
	char sets[8][64];
	int n = parse_suggestion(e.msg, sets);
	assert_int_equal(n, 4);
	const char *more[] = { sets[0], sets[1], sets[2], sets[3] };
	struct tp_config *c2 = load_size(12, 24, 1, more, 4);
	tp_series_free(derive(c2));
	tp_config_free(c2);
	tp_config_free(c);
	/* No spanning patch: some class-B front at (5,6) gives none. */
	int refused = 0;
	for (int f = 1; f <= 9; f++) {
		char b[64];
		snprintf(b, sizeof b, "series.anchor=5 6 %d nw", f);
		const char *s2[] = { "series.anchor=5 5 2 se", b };
		c = load(s2, 2);
		tp_err e2 = { 0 };
		if (tp_series_derive(&SER(c)->rules, &p, &e2) != TP_OK) {
			refused++;
			assert_non_null(strstr(e2.msg, "no spanning patch"));
			assert_int_equal(parse_suggestion(e2.msg, sets), 4);
			const char *m4[] = { sets[0], sets[1], sets[2], sets[3] };
			c2 = load(m4, 4);
			tp_series_free(derive(c2));
			tp_config_free(c2);
		} else {
			tp_series_free(p);
		}
		tp_config_free(c);
	}
	assert_true(refused > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table1_exact),
		cmocka_unit_test(invariant_default),
		cmocka_unit_test(counts_18),
		cmocka_unit_test(brute_force),
		cmocka_unit_test(other_rules),
		cmocka_unit_test(sizes),
		cmocka_unit_test(templates),
		cmocka_unit_test(tutorial),
		cmocka_unit_test(refusals),
		cmocka_unit_test(template_refusals),
		cmocka_unit_test(alloc_failures),
		cmocka_unit_test(anchors_default_18),
		cmocka_unit_test(anchors_any_size),
		cmocka_unit_test(anchors_suggestion),
	};
	return cmocka_run_group_tests_name("series core", tests, NULL, NULL);
}
