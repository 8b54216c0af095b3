/* The table set (patent 000, FIG. 7) against the patent's rules, re-checked
 * by naive code that shares nothing with the generator but the layout it
 * is handed: the Direction Invariant read from every tile both ways across
 * every side, opposite sums, the dotted 5 with a 7, [0065]'s vertices,
 * the fronts found by brute force, every layout that meets all the rules
 * found again by a search of its own (the generator's is one of them, and
 * the prover passes each), and broken layouts that the prover must
 * refuse. */

#include "testutil.h"

#include <math.h>

#include "app/config_load.h"
#include "games/series/model/series_table.h"
#include "games/series/config/series_table_config.h"
#include "games/series/sheets/series_tri.h"
#include "print/layout/sheet.h"
#include "print/art/symbol.h"

extern const struct tp_sheet_def tp_table_sheets[3];

static int val(int x)   /* 1..9 */
{
	return ((x % 9) + 9) % 9 == 0 ? 9 : ((x % 9) + 9) % 9;
}

/* The test's own reading of a laid tile.  FIG. 2A, [0055]: clockwise from
 * the top the quadrants are lateral (201), boxes (202), vertical (203) and
 * dots (204); a front of the exchanged kind has lateral and vertical in
 * each other's place; a tile turned half round shows on side s what the
 * unturned one shows on side s + 2. */
enum { LAT, BOX, VER, DOT };
static int side_of(int exchanged, int turned, int s)
{
	static const int fig2a[4] = { LAT, BOX, VER, DOT };
	int q = fig2a[(s + (turned ? 2 : 0)) % 4];
	if (exchanged && (q == LAT || q == VER))
		q = q == LAT ? VER : LAT;
	return q;
}

/* A tile's four elements by the test's series (D and L; [0058]: the
 * opposite ones sum to 0 mod 9). */
static void elements(int d, int l, int e[4])
{
	e[DOT] = val(d), e[BOX] = val(9 - d), e[LAT] = val(l), e[VER] = val(9 - l);
}

/* [0057]: leaving tile a (elements ea, orientation ka/ta) out through its
 * side s into tile b: the quadrant on side s is left directly, so its
 * series is 1 less in b; the opposite one is left across, 1 more. */
static int di_ok(const int ea[4], int ka, int ta, int s, const int eb[4])
{
	int direct = side_of(ka, ta, s), across = side_of(ka, ta, (s + 2) % 4);
	return eb[direct] == val(ea[direct] - 1) && eb[across] == val(ea[across] + 1);
}

static void tile_of(const struct tp_table *t, int i, int e[4], int *k, int *tu)
{
	const unsigned char *v = t->tile[i].v;
	e[LAT] = v[TP_LATERAL], e[BOX] = v[TP_BOXES], e[VER] = v[TP_VERTICAL], e[DOT] = v[TP_DOTS];
	*k = t->tile[i].exchanged, *tu = t->turned[i];
}

static void rules_hold(void **state)
{
	(void)state;
	struct tp_table t;
	tp_table_derive(&t);
	int per_dots[10] = { 0 };
	for (int r = 0; r < 9; r++)
		for (int c = 0; c < 9; c++) {
			int e[4], k, tu;
			tile_of(&t, r * 9 + c, e, &k, &tu);
			/* [0058]: opposite quadrants sum to 0 mod 9. */
			assert_int_equal((e[DOT] + e[BOX]) % 9, 0);
			assert_int_equal((e[LAT] + e[VER]) % 9, 0);
			/* [0059]: the dotted 5 has a 7 in a lined quadrant. */
			if (e[DOT] == 5)
				assert_true(e[LAT] == 7 || e[VER] == 7);
			per_dots[e[DOT]]++;
			if (c < 8) {   /* the right neighbour, read from both tiles */
				int f[4], k2, tu2;
				tile_of(&t, r * 9 + c + 1, f, &k2, &tu2);
				assert_true(di_ok(e, k, tu, 1, f));
				assert_true(di_ok(f, k2, tu2, 3, e));
				/* [0065]: the tops meet at the shared corner, as do the bottoms. */
				assert_int_not_equal(side_of(k, tu, 0), side_of(k2, tu2, 0));
				assert_int_not_equal(side_of(k, tu, 2), side_of(k2, tu2, 2));
			}
			if (r < 8) {   /* the one below */
				int f[4], k2, tu2;
				tile_of(&t, (r + 1) * 9 + c, f, &k2, &tu2);
				assert_true(di_ok(e, k, tu, 2, f));
				assert_true(di_ok(f, k2, tu2, 0, e));
				assert_int_not_equal(side_of(k, tu, 3), side_of(k2, tu2, 3));
				assert_int_not_equal(side_of(k, tu, 1), side_of(k2, tu2, 1));
			}
		}
	for (int d = 1; d <= 9; d++)
		assert_int_equal(per_dots[d], 9);
	/* FIG. 2A: the quadrants clockwise from the top are 201..204. */
	assert_int_equal(tp_table_side_series[TP_SIDE_TOP], TP_LATERAL);
	assert_int_equal(tp_table_side_series[TP_SIDE_RIGHT], TP_BOXES);
	assert_int_equal(tp_table_side_series[TP_SIDE_BOTTOM], TP_VERTICAL);
	assert_int_equal(tp_table_side_series[TP_SIDE_LEFT], TP_DOTS);
	/* The centre: the dotted 5 with lateral 7, FIG. 2A's kind, unturned. */
	assert_int_equal(t.tile[40].v[TP_DOTS], 5);
	assert_int_equal(t.tile[40].v[TP_LATERAL], 7);
	assert_int_equal(t.tile[40].exchanged, 0);
	assert_int_equal(t.turned[40], 0);
}

/* Brute force over every (kind, dots, lateral): the ones the layout holds
 * are the distinct fronts; [0059] says 18, two per dots element. */
static void fronts_by_brute_force(void **state)
{
	(void)state;
	struct tp_table t;
	tp_table_derive(&t);
	int found = 0, per_dots[10] = { 0 }, total = 0;
	for (int k = 0; k < 2; k++)
		for (int d = 1; d <= 9; d++)
			for (int l = 1; l <= 9; l++) {
				int n = 0;
				for (int i = 0; i < 81; i++)
					n += t.tile[i].exchanged == k && t.tile[i].v[TP_DOTS] == d &&
					     t.tile[i].v[TP_LATERAL] == l;
				if (n == 0)
					continue;
				/* The manifest lists this front with this count, in order. */
				assert_true(found < t.n_fronts);
				assert_int_equal(t.front[found].exchanged, k);
				assert_int_equal(t.front[found].v[TP_DOTS], d);
				assert_int_equal(t.front[found].v[TP_LATERAL], l);
				assert_int_equal(t.count[found], n);
				found++;
				per_dots[d]++;
				total += n;
			}
	assert_int_equal(found, 18);
	assert_int_equal(t.n_fronts, found);
	assert_int_equal(total, 81);
	for (int d = 1; d <= 9; d++)
		assert_int_equal(per_dots[d], 2);
	for (int i = 0; i < 81; i++) {
		assert_memory_equal(t.front[t.front_of[i]].v, t.tile[i].v, TP_N_SERIES);
		assert_int_equal(t.front[t.front_of[i]].exchanged, t.tile[i].exchanged);
	}
}

/* ---- every layout under all the rules, found by the test's own search ----
 * A tile lies as one of four orientations o (kind o >> 1, turned o & 1):
 * the dots and boxes stay on the row's axis and the lined series on the
 * column's, as FIGS. 3-5 draw them.  First the orientations: two
 * neighbours may lie side by side only if their vertices alternate
 * ([0065]) and some elements meet the Direction Invariant both ways
 * between them (tried over all 81 x 81 pairs).  Then, for each field of
 * orientations, the Direction Invariant is a set of equations "dots of b
 * = dots of a + k" or "lateral of b = lateral of a + k" per shared side;
 * the tiles tied by them form groups, each with one free offset in Z/9;
 * the offsets are searched with [0059] (the dotted 5 with a 7, 18
 * distinct fronts) as the bound, the centre tile fixed. */
struct search {
	int kinds;                 /* 1: FIG. 2A's kind only; 2: both */
	int pair_ok[2][4][4];      /* [across rows (0) / down columns (1)][o of a][o of b] */
	int o[81];
	int fields;                /* orientation fields found */
	int layouts;               /* layouts found (over all fields) */
	int has_generator;         /* the generator's layout was among them */
	int prover_fails;          /* layouts the prover refused */
	/* per field */
	int grp[2][81], off[2][81], n_grp[2];
	int val_of[2][81];         /* a group's value (-1: free) */
	int cnt[2][10][10], distinct;
	const struct tp_table *gen;
};

static void elems_of(int o, int d, int l, int e[4])
{
	(void)o;
	elements(d, l, e);
}

static void pair_tables(struct search *S)
{
	for (int dir = 0; dir < 2; dir++)
		for (int a = 0; a < 4; a++)
			for (int b = 0; b < 4; b++) {
				int ka = a >> 1, ta = a & 1, kb = b >> 1, tb = b & 1, ok = 0;
				int s = dir ? 2 : 1;   /* a's side towards b */
				int v1 = dir ? 3 : 0, v2 = dir ? 1 : 2;   /* the sides meeting at vertices */
				if (ka >= S->kinds || kb >= S->kinds ||
				    side_of(ka, ta, v1) == side_of(kb, tb, v1) ||
				    side_of(ka, ta, v2) == side_of(kb, tb, v2))
					continue;
				for (int x = 0; x < 81 * 81 && !ok; x++) {
					int ea[4], eb[4];
					elems_of(a, x / 81 / 9 + 1, x / 81 % 9 + 1, ea);
					elems_of(b, x % 81 / 9 + 1, x % 9 + 1, eb);
					ok = di_ok(ea, ka, ta, s, eb) && di_ok(eb, kb, tb, (s + 2) % 4, ea);
				}
				S->pair_ok[dir][a][b] = ok;
			}
}

/* Union-find with offsets in Z/9 for one series family (0: dots, 1: lateral). */
static int find(int *par, int *pof, int i, int *o)
{
	int acc = 0;
	while (par[i] != i)
		acc += pof[i], i = par[i];
	*o = acc;
	return i;
}

static int tie(int *par, int *pof, int a, int b, int k)   /* value(b) = value(a) + k */
{
	int oa, ob, ra = find(par, pof, a, &oa), rb = find(par, pof, b, &ob);
	if (ra == rb)
		return ((ob - oa - k) % 9 + 9) % 9 == 0;
	par[rb] = ra;
	pof[rb] = ((oa + k - ob) % 9 + 9) % 9;
	return 1;
}

/* The equations of one shared side, from a's side s into b and back; 0 if
 * they contradict the ones already tied. */
static int side_eqs(const struct search *S, int *par0, int *pof0, int *par1, int *pof1, int a, int b, int s)
{
	int ends[2][2] = { { a, b }, { b, a } }, sides[2] = { s, (s + 2) % 4 };
	for (int w = 0; w < 2; w++) {
		int x = ends[w][0], y = ends[w][1], kx = S->o[x] >> 1, tx = S->o[x] & 1;
		int direct = side_of(kx, tx, sides[w]), across = side_of(kx, tx, (sides[w] + 2) % 4);
		int q[2] = { direct, across }, k[2] = { -1, 1 };
		for (int j = 0; j < 2; j++) {
			/* dots and boxes are one family (boxes = -dots), as are lateral and vertical */
			int fam = q[j] == DOT || q[j] == BOX ? 0 : 1;
			int kk = q[j] == BOX || q[j] == VER ? -k[j] : k[j];
			if (!(fam ? tie(par1, pof1, x, y, kk) : tie(par0, pof0, x, y, kk)))
				return 0;
		}
	}
	return 1;
}

static void add_tile(struct search *S, int i, int sign)
{
	int d = val(S->val_of[0][S->grp[0][i]] + S->off[0][i]);
	int l = val(S->val_of[1][S->grp[1][i]] + S->off[1][i]);
	int k = S->o[i] >> 1;
	int *c = &S->cnt[k][d][l];
	if (sign > 0)
		S->distinct += (*c)++ == 0;
	else
		S->distinct -= --(*c) == 0;
}

static int tile_ok(const struct search *S, int i)
{
	int d = val(S->val_of[0][S->grp[0][i]] + S->off[0][i]);
	int l = val(S->val_of[1][S->grp[1][i]] + S->off[1][i]);
	return d != 5 || l == 7 || l == 2;   /* [0059] */
}

static int known(const struct search *S, int i)
{
	return S->val_of[0][S->grp[0][i]] >= 0 && S->val_of[1][S->grp[1][i]] >= 0;
}

static void found_layout(struct search *S)
{
	struct tp_table t;
	memset(&t, 0, sizeof t);
	for (int i = 0; i < 81; i++) {
		int d = val(S->val_of[0][S->grp[0][i]] + S->off[0][i]);
		int l = val(S->val_of[1][S->grp[1][i]] + S->off[1][i]);
		t.tile[i].v[TP_DOTS] = (unsigned char)d, t.tile[i].v[TP_BOXES] = (unsigned char)val(9 - d);
		t.tile[i].v[TP_LATERAL] = (unsigned char)l, t.tile[i].v[TP_VERTICAL] = (unsigned char)val(9 - l);
		t.tile[i].exchanged = (unsigned char)(S->o[i] >> 1);
		t.turned[i] = (unsigned char)(S->o[i] & 1);
	}
	tp_table_index(&t);
	char out[TP_TABLE_RULES][160];
	S->prover_fails += tp_table_prove(&t, out, TP_TABLE_RULES) != 0;
	int same = 1;
	for (int i = 0; i < 81 && same; i++)
		same = memcmp(t.tile[i].v, S->gen->tile[i].v, TP_N_SERIES) == 0 &&
		       t.tile[i].exchanged == S->gen->tile[i].exchanged && t.turned[i] == S->gen->turned[i];
	S->has_generator |= same;
	S->layouts++;
}

/* Assigns the free groups in `order` (family << 8 | group) one by one. */
static void offsets(struct search *S, const int *order, int n, int at)
{
	if (S->distinct > 18)
		return;
	if (at == n) {
		if (S->distinct == 18)
			found_layout(S);
		return;
	}
	int fam = order[at] >> 8, g = order[at] & 0xff;
	for (int v = 0; v < 9; v++) {
		S->val_of[fam][g] = v;
		int added[81], na = 0, ok = 1;
		for (int i = 0; i < 81; i++)
			if (S->grp[fam][i] == g && known(S, i)) {
				ok &= tile_ok(S, i);
				add_tile(S, i, 1), added[na++] = i;
			}
		if (ok)
			offsets(S, order, n, at + 1);
		for (int j = 0; j < na; j++)
			add_tile(S, added[j], -1);
	}
	S->val_of[fam][g] = -1;
}

static void elements_for_field(struct search *S)
{
	int par[2][81], pof[2][81];
	for (int i = 0; i < 81; i++)
		par[0][i] = par[1][i] = i, pof[0][i] = pof[1][i] = 0;
	for (int i = 0; i < 81; i++) {
		if (i % 9 < 8 && !side_eqs(S, par[0], pof[0], par[1], pof[1], i, i + 1, 1))
			return;
		if (i < 72 && !side_eqs(S, par[0], pof[0], par[1], pof[1], i, i + 9, 2))
			return;
	}
	memset(S->cnt, 0, sizeof S->cnt);
	S->distinct = 0;
	for (int f = 0; f < 2; f++) {
		int root_grp[81];
		memset(root_grp, -1, sizeof root_grp);
		S->n_grp[f] = 0;
		for (int i = 0; i < 81; i++) {
			int o, r = find(par[f], pof[f], i, &o);
			if (root_grp[r] < 0)
				root_grp[r] = S->n_grp[f]++;
			S->grp[f][i] = root_grp[r], S->off[f][i] = o;
			S->val_of[f][root_grp[r]] = -1;
		}
	}
	/* The centre is the dotted 5 with lateral 7. */
	S->val_of[0][S->grp[0][40]] = ((5 - S->off[0][40]) % 9 + 9) % 9;
	S->val_of[1][S->grp[1][40]] = ((7 - S->off[1][40]) % 9 + 9) % 9;
	for (int i = 0; i < 81; i++)
		if (known(S, i)) {
			if (!tile_ok(S, i))
				return;
			add_tile(S, i, 1);
		}
	int order[162], n = 0;
	for (int g = 0; g < 81; g++)   /* the two families in turn */
		for (int f = 0; f < 2; f++)
			if (g < S->n_grp[f] && S->val_of[f][g] < 0)
				order[n++] = f << 8 | g;
	offsets(S, order, n, 0);
}

static void fields(struct search *S, int i)
{
	if (i == 81) {
		S->fields++;
		elements_for_field(S);
		return;
	}
	for (int o = 0; o < 4; o++) {
		if (i == 40 && o != 0)   /* the centre: FIG. 2A's kind, unturned */
			continue;
		if (i % 9 && !S->pair_ok[0][S->o[i - 1]][o])
			continue;
		if (i >= 9 && !S->pair_ok[1][S->o[i - 9]][o])
			continue;
		S->o[i] = o;
		fields(S, i + 1);
	}
}

/* [0065] on FIG. 7: every layout that meets all the rules.  With FIG. 2A's
 * kind alone no layout does (the tops of a row would need lateral and
 * vertical in turn, and a tile turned half round puts its dots on the
 * other side, against the Direction Invariant read from its neighbour);
 * with the lined colours exchanged on half the fronts the search finds the
 * layouts docs/seeds.md counts, the generator's among them, and the prover
 * passes every one. */
static void vertex_rule_layouts(void **state)
{
	(void)state;
	static struct search S;
	struct tp_table gen;
	tp_table_derive(&gen);
	memset(&S, 0, sizeof S);
	S.gen = &gen, S.kinds = 1;
	pair_tables(&S);
	fields(&S, 0);
	assert_int_equal(S.fields, 0);
	assert_int_equal(S.layouts, 0);

	memset(&S, 0, sizeof S);
	S.gen = &gen, S.kinds = 2;
	pair_tables(&S);
	fields(&S, 0);
	assert_true(S.fields >= 1);
	assert_true(S.has_generator);
	assert_int_equal(S.prover_fails, 0);
	print_message("[0065] search: %d orientation field(s), %d layout(s) of 18 fronts\n", S.fields, S.layouts);
	assert_int_equal(S.layouts, 10);   /* the count docs/seeds.md states */
}

static void prover_refuses_broken_layout(void **state)
{
	(void)state;
	struct tp_table t;
	char out[TP_TABLE_RULES][160];
	tp_table_derive(&t);
	assert_int_equal(tp_table_prove(&t, out, TP_TABLE_RULES), 0);
	for (int i = 0; i < TP_TABLE_RULES; i++)
		assert_memory_equal(out[i], "ok: ", 4);
	t.tile[40].v[TP_BOXES] = (unsigned char)val(t.tile[40].v[TP_BOXES] + 1);
	assert_true(tp_table_prove(&t, out, TP_TABLE_RULES) >= 2);   /* a row step and a sum */
	assert_memory_equal(out[2], "FAILED", 6);
	/* The shipped layout before: every tile FIG. 2A's kind, unturned, dots
	 * c + 2r + (r odd) + 2 and lateral r + 5c + 1: its series hold, but
	 * every vertex in a row and a column meets its like. */
	for (int r = 0; r < 9; r++)
		for (int c = 0; c < 9; c++) {
			int d = c + 2 * r + (r & 1) + 2, l = r + 5 * c + 1;
			struct tp_table_front *f = &t.tile[r * 9 + c];
			f->v[TP_DOTS] = (unsigned char)val(d), f->v[TP_BOXES] = (unsigned char)val(9 - d);
			f->v[TP_LATERAL] = (unsigned char)val(l), f->v[TP_VERTICAL] = (unsigned char)val(9 - l);
			f->exchanged = 0, t.turned[r * 9 + c] = 0;
		}
	tp_table_index(&t);
	assert_int_equal(tp_table_prove(&t, out, TP_TABLE_RULES), 1);
	assert_memory_equal(out[0], "ok: ", 4);
	assert_memory_equal(out[1], "ok: ", 4);
	assert_memory_equal(out[5], "FAILED", 6);
	/* One tile turned: its row and column no longer follow. */
	tp_table_derive(&t);
	t.turned[40] ^= 1;
	assert_true(tp_table_prove(&t, out, TP_TABLE_RULES) >= 2);
	assert_memory_equal(out[0], "FAILED", 6);
	assert_memory_equal(out[5], "FAILED", 6);
}

static void config_shipped(void **state)
{
	(void)state;
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_config_load(&c, tu_path("config/series-table.ini"), NULL, 0, &tp_games, &e), TP_OK);
	assert_string_equal(c->game->name, "series-table");
	assert_true(c->print.tile_mm == 30);   /* [0062]: 3 cm */
	/* FIG. 6: "1" is the centre triangle of the row of 5 (number 3). */
	assert_int_equal(tp_table_cfg(c)->order[0], 2);
	tp_config_free(c);
	const char *bad[] = { "table.order=1 2 3" };
	assert_int_equal(tp_config_load(&c, tu_path("config/series-table.ini"), bad, 1, &tp_games, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "table.order"));
}

/* table.indicia = pictures: each unit of an element is the series'
 * picture, all its items filled in the series' ink; every shipped
 * template loads. */
static void pictures_follow_elements(void **state)
{
	(void)state;
	const char *names[] = { "toys", "signs" };
	for (int m = 0; m < 2; m++) {
		char set[64];
		snprintf(set, sizeof set, "table.pictures=%s", names[m]);
		const char *sets[] = { "table.indicia=pictures", set };
		struct tp_config *c = NULL;
		tp_err e = { 0 };
		assert_int_equal(tp_config_load(&c, tu_path("config/series-table.ini"), sets, 2, &tp_games, &e), TP_OK);
		const struct tp_pictures *pics = &tp_table_cfg(c)->pictures;
		struct tp_table t;
		tp_table_derive(&t);
		struct tp_doc doc = { 0 };
		assert_int_equal(tp_table_sheets[0].build(c, &t, &doc), 0);
		const struct tp_scene *sc = doc.pages[0].sc;
		for (int s = 0; s < TP_N_SERIES; s++) {
			long want = 0, got = 0;
			assert_true(pics->pic[s].n > 0);
			for (int i = 0; i < 81; i++)
				want += t.tile[i].v[s] * pics->pic[s].n;
			int ink = tp_ink_index(&sc->pal, s);
			for (size_t k = 0; k < sc->n_shapes; k++)
				got += sc->shapes[k].ink == ink && sc->shapes[k].paint == TP_FILL;
			assert_int_equal(got, want);
		}
		tp_doc_free(&doc);
		tp_config_free(c);
	}
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	const char *bad[] = { "table.indicia=pictures", "table.pictures=no-such-pictures" };
	assert_int_equal(tp_config_load(&c, tu_path("config/series-table.ini"), bad, 2, &tp_games, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "--set table.pictures"));
}

/* The fronts sheet fills, per series ink, one mark (a small triangle, or
 * with table.indicia = shapes one shape, FIG. 15A) per unit of that
 * series' element on every tile: the sum of the layout's elements. */
static void marks_follow_elements(void **state)
{
	(void)state;
	const char *modes[2][2] = { { "table.indicia=triangles", "table.order=9 8 7 6 5 4 3 2 1" },
				    { "table.indicia=shapes", "table.dots=circle" } };
	for (int m = 0; m < 2; m++) {
		struct tp_config *c = NULL;
		tp_err e = { 0 };
		/* shapes: dots and lateral would share the circle, refused */
		int rc = tp_config_load(&c, tu_path("config/series-table.ini"), modes[m], 2, &tp_games, &e);
		if (m == 1) {
			assert_int_equal(rc, TP_EINPUT);
			assert_non_null(strstr(e.msg, "table.dots"));
			const char *ok[] = { "table.indicia=shapes", "table.dots=square", "table.boxes=octagon" };
			assert_int_equal(tp_config_load(&c, tu_path("config/series-table.ini"), ok, 3, &tp_games, &e), TP_OK);
			assert_int_equal(tp_table_cfg(c)->symbol[TP_DOTS], TP_SYM_SQUARE);
		} else {
			assert_int_equal(rc, TP_OK);
		}
		struct tp_table t;
		tp_table_derive(&t);
		struct tp_doc doc = { 0 };
		assert_int_equal(tp_table_sheets[0].build(c, &t, &doc), 0);
		const struct tp_scene *sc = doc.pages[0].sc;
		for (int s = 0; s < TP_N_SERIES; s++) {
			long want = 0, got = 0;
			for (int i = 0; i < 81; i++)
				want += t.tile[i].v[s];
			int ink = tp_ink_index(&sc->pal, s);
			for (size_t k = 0; k < sc->n_shapes; k++)
				got += sc->shapes[k].ink == ink && sc->shapes[k].paint == TP_FILL;
			assert_int_equal(got, want);
		}
		tp_doc_free(&doc);
		tp_config_free(c);
	}
}

/* table.order = symmetric (a triangles template with keys 1 .. 9): each
 * element marks that many small triangles, the set is its own mirror
 * image about the quadrant's axis (1-5 along the side, 6-8, 9: triangle s
 * and 4 - s, 5 + 7 - s), 8 is not 7 and one more; on the fronts sheet
 * every quadrant's filled triangles lie mirror-symmetric about its axis. */
static void order_template(void **state)
{
	(void)state;
	const char *sets[] = { "table.order=symmetric" };
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_config_load(&c, tu_path("config/series-table.ini"), sets, 1, &tp_games, &e), TP_OK);
	const struct tp_table_cfg *tc = tp_table_cfg(c);
	for (int n = 1; n <= 9; n++) {
		int count = 0;
		for (int s = 0; s < 9; s++) {
			int bit = tc->marks[n] >> s & 1;
			count += bit;
			int m = s < 5 ? 4 - s : s < 8 ? 12 - s : 8;
			assert_int_equal(bit, tc->marks[n] >> m & 1);
		}
		assert_int_equal(count, n);
	}
	assert_true((tc->marks[8] & tc->marks[7]) != tc->marks[7]);
	/* The lateral (top) quadrants on the sheet: mirror-symmetric about x
	 * = the tile's centre line. */
	struct tp_table t;
	tp_table_derive(&t);
	struct tp_doc doc = { 0 };
	assert_int_equal(tp_table_sheets[0].build(c, &t, &doc), 0);
	const struct tp_scene *sc = doc.pages[0].sc;
	const double tile = c->print.tile_mm;
	double cen[600][2];
	int nc = 0, ink = tp_ink_index(&sc->pal, TP_LATERAL);
	for (size_t k = 0; k < sc->n_shapes && nc < 600; k++) {
		const struct tp_shape *sh = &sc->shapes[k];
		if (sh->ink != ink || sh->paint != TP_FILL)
			continue;
		/* the small triangle's box: its corners inside the trim (a
		 * run-on's points lie beyond it) */
		double lo[2] = { INFINITY, INFINITY }, hi[2] = { -INFINITY, -INFINITY };
		for (size_t p = 0; p < sh->count; p++) {
			const struct tp_pt *q = &sc->pts[sh->first + p];
			if (q->op == TP_CLOSE || q->x < -1e-6 || q->y < -1e-6 || q->x > sc->trim_w + 1e-6 ||
			    q->y > sc->trim_h + 1e-6)
				continue;
			lo[0] = fmin(lo[0], q->x), lo[1] = fmin(lo[1], q->y);
			hi[0] = fmax(hi[0], q->x), hi[1] = fmax(hi[1], q->y);
		}
		cen[nc][0] = (lo[0] + hi[0]) / 2, cen[nc++][1] = (lo[1] + hi[1]) / 2;
	}
	long want = 0;
	for (int i = 0; i < 81; i++)
		want += t.tile[i].v[TP_LATERAL];
	assert_int_equal(nc, want);
	for (int i = 0; i < nc; i++) {
		double cx = (floor(cen[i][0] / tile) + 0.5) * tile, mx = 2 * cx - cen[i][0];
		int found = 0;
		for (int j = 0; j < nc && !found; j++)
			found = fabs(cen[j][0] - mx) < 1e-6 && fabs(cen[j][1] - cen[i][1]) < 1e-6;
		assert_true(found);
	}
	tp_doc_free(&doc);
	tp_config_free(c);
}

/* ---- claims 6 and 7: the 9 small triangles of a section ----------------- */

static double area(const double *xy)
{
	return fabs((xy[2] - xy[0]) * (xy[5] - xy[1]) - (xy[4] - xy[0]) * (xy[3] - xy[1])) / 2;
}

/* The side of small triangle xy parallel to A-B (its base: the hypotenuse
 * of a quadrant's right isosceles triangles) as corners b0, b1 in out[0..3]
 * and the opposite corner (its isosceles vertex) in out[4..5]. */
static void base_apex(const double *xy, const double A[2], const double B[2], double out[6])
{
	for (int i = 0; i < 3; i++) {
		const double *p = &xy[2 * i], *q = &xy[2 * ((i + 1) % 3)], *o = &xy[2 * ((i + 2) % 3)];
		double cross = (q[0] - p[0]) * (B[1] - A[1]) - (q[1] - p[1]) * (B[0] - A[0]);
		if (fabs(cross) < 1e-9) {
			out[0] = p[0], out[1] = p[1], out[2] = q[0], out[3] = q[1], out[4] = o[0], out[5] = o[1];
			return;
		}
	}
	fail_msg("no side parallel to the section's base");
}

static int same(const double *p, const double *q)
{
	return fabs(p[0] - q[0]) < 1e-9 && fabs(p[1] - q[1]) < 1e-9;
}

/* Claim 6 on a quadrant of a 30 mm square (FIG. 2A) and a triangle of a
 * hexagon: 9 equal small triangles filling the section, side-adjacent
 * ones inverted; the centre of the row of 5 has its hypotenuse on the
 * tile's border; the centre of the row of 3 has its isosceles vertex on
 * that triangle's; the last has its hypotenuse on that of the row of 3's
 * centre and its vertex at the tile's centre.  Claim 7: the places of
 * the indicia (the incentres) stand in rows of 5 (outermost), 3 and 1 (at
 * the vertex). */
static void claims_6_7(void **state)
{
	(void)state;
	const double sq[3][2] = { { 0, 0 }, { 30, 0 }, { 15, 15 } };
	const double hx[3][2] = { { -8.660254037844386, 15 }, { 8.660254037844386, 15 }, { 0, 0 } };
	for (int shape = 0; shape < 2; shape++) {
		const double(*T)[2] = shape ? hx : sq;
		const double big[6] = { T[0][0], T[0][1], T[1][0], T[1][1], T[2][0], T[2][1] };
		double xy[9][6], ba[9][6], inc[9][3];
		double sum = 0;
		for (int s = 0; s < 9; s++) {
			tp_tri_small(T[0], T[1], T[2], s, xy[s]);
			base_apex(xy[s], T[0], T[1], ba[s]);
			tp_tri_incircle(xy[s], &inc[s][0], &inc[s][1], &inc[s][2]);
			assert_true(fabs(area(xy[s]) - area(big) / 9) < 1e-9);
			sum += area(xy[s]);
		}
		assert_true(fabs(sum - area(big)) < 1e-9);   /* equal, and no gap or overlap below */
		for (int k = 0; k < 200; k++) {   /* points spread over the section */
			double u = (k % 17 + 0.37) / 17.3, v = (k / 17 + 0.41) / 12.2;
			if (u + v >= 1)
				continue;
			double p[2] = { T[0][0] + u * (T[1][0] - T[0][0]) + v * (T[2][0] - T[0][0]),
					T[0][1] + u * (T[1][1] - T[0][1]) + v * (T[2][1] - T[0][1]) };
			int in = 0;
			for (int s = 0; s < 9; s++) {
				double a = 0;
				for (int i = 0; i < 3; i++) {
					double t3[6] = { p[0], p[1], xy[s][2 * i], xy[s][2 * i + 1],
							 xy[s][2 * ((i + 1) % 3)], xy[s][2 * ((i + 1) % 3) + 1] };
					a += area(t3);
				}
				in += fabs(a - area(xy[s])) < 1e-9;
			}
			assert_int_equal(in, 1);
		}
		/* Rows 0-4, 5-7, 8; in a row neighbours share a side and point
		 * opposite ways (the apex on the far or the near side of the base). */
		const int start[4] = { 0, 5, 8, 9 };
		for (int r = 0; r < 3; r++)
			for (int s = start[r]; s + 1 < start[r + 1]; s++) {
				int shared = 0;
				for (int i = 0; i < 3; i++)
					for (int j = 0; j < 3; j++)
						shared += same(&xy[s][2 * i], &xy[s + 1][2 * j]);
				assert_int_equal(shared, 2);
				/* orientation: apex beyond the base towards C, or back */
				double d0 = (ba[s][4] - ba[s][0]) * (T[2][0] - T[0][0]) + (ba[s][5] - ba[s][1]) * (T[2][1] - T[0][1]);
				double d1 = (ba[s + 1][4] - ba[s + 1][0]) * (T[2][0] - T[0][0]) +
					    (ba[s + 1][5] - ba[s + 1][1]) * (T[2][1] - T[0][1]);
				assert_true(d0 * d1 < 0);
			}
		/* The row of 5's centre: its base on the border, centred on it. */
		double mid[2] = { (T[0][0] + T[1][0]) / 2, (T[0][1] + T[1][1]) / 2 };
		double bm[2] = { (ba[2][0] + ba[2][2]) / 2, (ba[2][1] + ba[2][3]) / 2 };
		assert_true(same(bm, mid));
		/* The row of 3's centre: inverted, its vertex on that one's. */
		assert_true(same(&ba[6][4], &ba[2][4]));
		/* The last: its base is the row of 3's centre's, its vertex the tile's centre. */
		assert_true((same(&ba[8][0], &ba[6][0]) && same(&ba[8][2], &ba[6][2])) ||
			    (same(&ba[8][0], &ba[6][2]) && same(&ba[8][2], &ba[6][0])));
		assert_true(same(&ba[8][4], T[2]));
		/* Claim 7: the places by distance from the border, rows of 5, 3, 1. */
		double h = area(big) * 2 / hypot(T[1][0] - T[0][0], T[1][1] - T[0][1]);
		for (int s = 0; s < 9; s++) {
			double d = ((inc[s][0] - T[0][0]) * (T[1][1] - T[0][1]) - (inc[s][1] - T[0][1]) * (T[1][0] - T[0][0])) /
				   hypot(T[1][0] - T[0][0], T[1][1] - T[0][1]);
			int row = (int)floor(fabs(d) / (h / 3));
			assert_int_equal(row, s < 5 ? 0 : s < 8 ? 1 : 2);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rules_hold),
		cmocka_unit_test(fronts_by_brute_force),
		cmocka_unit_test(vertex_rule_layouts),
		cmocka_unit_test(prover_refuses_broken_layout),
		cmocka_unit_test(config_shipped),
		cmocka_unit_test(marks_follow_elements),
		cmocka_unit_test(pictures_follow_elements),
		cmocka_unit_test(order_template),
		cmocka_unit_test(claims_6_7),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
