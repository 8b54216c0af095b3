/* The vector-tiles core: names, default rules, the directions parser and
 * the derivation of the tiles and the set-up of FIG. 2 (contracts and the
 * placement rule in vector_core.h). */
#include "games/vector/model/vector_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/vector/model/vector_internal.h"

const char *const tp_compass_names[TP_N_DIRS] = { "n", "ne", "e", "se", "s", "sw", "w", "nw" };
const char *const tp_vkind_names[TP_VK_COUNT] = { "vector", "blank", "start", "home" };
const char *const tp_vector_stuck_names[TP_STUCK_N] = { "pass", "lose" };
const char *const tp_vector_blanks_names[TP_BLANKS_N] = { "centre", "players" };
/* Same order as enum tp_symbol in src/symbol.h (kept here so that the core
 * links without the drawing code). */
const char *const tp_vector_symbol_names[TP_VEC_MAX_PLAYERS] = { "circle", "square", "hexagon", "octagon" };

void tp_vector_rules_default(struct tp_vector_rules *r)
{
	memset(r, 0, sizeof *r);
	r->rows = r->cols = 8;
	r->n_dirs = TP_N_DIRS;
	for (int i = 0; i < TP_N_DIRS; i++)
		r->dirs[i] = i;
	r->per_tile = 3;
	r->blanks = 4;
	r->players = 2;
	for (int p = 0; p < TP_VEC_MAX_PLAYERS; p++)
		r->symbol[p] = p;   /* circle, square (hexagon, octagon if more players) */
}

long tp_vector_binom(int n, int k)
{
	if (n < 0 || n > 62 || k < 0 || k > n)
		return 0;
	if (k > n - k)
		k = n - k;
	long c = 1;
	for (int i = 1; i <= k; i++)
		c = c * (n - k + i) / i;   /* exact: c x (n-k+i) is divisible by i */
	return c;
}

unsigned tp_vector_turn(unsigned dirs, int eighths)
{
	int k = ((eighths % TP_N_DIRS) + TP_N_DIRS) % TP_N_DIRS;
	dirs &= 0xffu;
	return ((dirs << k) | (dirs >> ((TP_N_DIRS - k) % TP_N_DIRS))) & 0xffu;
}

/* ---- directions ------------------------------------------------------------ */

static int is_sep(char c)
{
	return c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static int lower(char c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : (unsigned char)c;
}

/* The compass point spelled by s[0..len-1] (any case), or -1. */
static int compass_lookup(const char *s, size_t len)
{
	for (int d = 0; d < TP_N_DIRS; d++) {
		const char *name = tp_compass_names[d];
		if (strlen(name) != len)
			continue;
		size_t i = 0;
		while (i < len && lower(s[i]) == name[i])
			i++;
		if (i == len)
			return d;
	}
	return -1;
}

/* A token as it may appear in a one-line message: at most 16 bytes, bytes
 * outside printable ASCII (and quotes) shown as '?', "..." when cut. */
static void quote_token(char out[24], const char *s, size_t len)
{
	size_t n = len < 16 ? len : 16, i;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		out[i] = (c < 0x20 || c >= 0x7f || c == '\'') ? '?' : (char)c;
	}
	if (len > n) {
		memcpy(out + i, "...", 3);
		i += 3;
	}
	out[i] = '\0';
}

static int allowed_list(char *why, size_t nwhy, size_t at)
{
	for (int d = 0; d < TP_N_DIRS && at < nwhy; d++) {
		int w = snprintf(why + at, nwhy - at, "%s%s", d ? " " : "", tp_compass_names[d]);
		if (w < 0)
			break;
		at += (size_t)w;
	}
	return -1;
}

int tp_vector_parse_dirs(const char *value, int dirs[TP_N_DIRS], int *n, char *why, size_t nwhy)
{
	int count = 0;
	unsigned seen = 0;
	const char *s = value ? value : "";
	for (;;) {
		while (*s && is_sep(*s))
			s++;
		if (*s == '\0')
			break;
		const char *t = s;
		while (*s && !is_sep(*s))
			s++;
		size_t len = (size_t)(s - t);
		int d = compass_lookup(t, len);
		char q[24];
		if (d < 0) {
			quote_token(q, t, len);
			if (nwhy == 0)
				return -1;
			int w = snprintf(why, nwhy, "unknown direction '%s'; allowed: ", q);
			return allowed_list(why, nwhy, w > 0 ? (size_t)w : 0);
		}
		if (seen & (1u << d)) {
			if (nwhy)
				snprintf(why, nwhy, "'%s' is repeated; give each direction once, from n ne e se s sw w nw", tp_compass_names[d]);
			return -1;
		}
		seen |= 1u << d;
		dirs[count++] = d;   /* at most 8: a ninth name is unknown or repeated */
	}
	if (count == 0) {
		if (nwhy == 0)
			return -1;
		int w = snprintf(why, nwhy, "no directions given; allowed: ");
		return allowed_list(why, nwhy, w > 0 ? (size_t)w : 0);
	}
	*n = count;
	return 0;
}

/* ---- derivation -------------------------------------------------------------- */

int tp_vector_start_col(int cols, int player)
{
	int p = player - 1;
	return p % 2 == 0 ? p / 2 : cols - 1 - p / 2;
}

static void swap_ll(long long *a, long long *b)
{
	long long t = *a;
	*a = *b;
	*b = t;
}

/* Moves the k smallest of key[0..n-1] (all distinct) to key[0..k-1], in
 * no order: quickselect, linear on average.  Only which squares are
 * nearest matters, and a whole sort of a 1200 x 1200 board's squares
 * cost most of the time `check` took to refuse it. */
static void smallest(long long *key, long n, long k)
{
	long lo = 0, hi = n - 1;
	while (lo < hi && k > lo && k <= hi) {
		long mid = lo + (hi - lo) / 2;
		/* median of three as the pivot, moved to hi */
		if (key[mid] < key[lo])
			swap_ll(&key[mid], &key[lo]);
		if (key[hi] < key[lo])
			swap_ll(&key[hi], &key[lo]);
		if (key[mid] < key[hi])
			swap_ll(&key[mid], &key[hi]);
		long long pivot = key[hi];
		long store = lo;
		for (long i = lo; i < hi; i++)
			if (key[i] < pivot)
				swap_ll(&key[i], &key[store++]);
		swap_ll(&key[store], &key[hi]);
		/* key[lo..store-1] < pivot = key[store] < key[store+1..hi] */
		if (store == k || store + 1 == k)
			return;
		if (k < store)
			hi = store - 1;
		else
			lo = store + 1;
	}
}

/* Marks the `blanks` free squares nearest the centre (ties row-major).
 * Returns 0, or -1 when out of memory. */
static int place_blanks(struct tp_vector_model *m, long blanks)
{
	if (blanks == 0)
		return 0;
	long n = (long)m->rows * m->cols, nfree = 0;
	long long *key = tp_malloc((size_t)n * sizeof *key);
	if (key == NULL)
		return -1;
	for (long i = 0; i < n; i++) {
		if (m->grid[i].kind != TP_VK_VECTOR)
			continue;
		long long dr = 2 * (i / m->cols) + 1 - m->rows, dc = 2 * (i % m->cols) + 1 - m->cols;
		key[nfree++] = (dr * dr + dc * dc) * n + i;
	}
	if (blanks < nfree)
		smallest(key, nfree, blanks);
	for (long j = 0; j < blanks && j < nfree; j++)
		m->grid[key[j] % n].kind = TP_VK_BLANK;
	free(key);
	return 0;
}

/* Fills the remaining squares row-major with the combinations of per_tile
 * positions of the directions key, in lexicographic order. */
static void place_vectors(struct tp_vector_model *m, const struct tp_vector_rules *r)
{
	int idx[TP_N_DIRS], k = r->per_tile, nd = r->n_dirs;
	for (int i = 0; i < k; i++)
		idx[i] = i;
	long n = (long)m->rows * m->cols;
	int more = 1;
	for (long i = 0; i < n && more; i++) {
		if (m->grid[i].kind != TP_VK_VECTOR)
			continue;
		unsigned set = 0;
		for (int j = 0; j < k; j++)
			set |= 1u << r->dirs[idx[j]];
		m->grid[i].dirs = set;
		/* Next combination: the rightmost position that can still move. */
		int j = k - 1;
		while (j >= 0 && idx[j] == nd - k + j)
			j--;
		if (j < 0) {
			more = 0;
			continue;
		}
		idx[j]++;
		for (int t = j + 1; t < k; t++)
			idx[t] = idx[t - 1] + 1;
	}
}

/* Classes of the made vector tiles under turns by multiples of `step`
 * eighths: a tile opens a new class unless an earlier tile is one of its
 * turns. */
static long turn_classes(const unsigned *set, long n, int step)
{
	long classes = 0;
	for (long i = 0; i < n; i++) {
		int fresh = 1;
		for (long j = 0; j < i && fresh; j++)
			for (int t = step; t < TP_N_DIRS && fresh; t += step)
				if (tp_vector_turn(set[i], t) == set[j])
					fresh = 0;
		classes += fresh;
	}
	return classes;
}

int tp_vector_derive(const struct tp_vector_rules *r, struct tp_vector_model **out, tp_err *e)
{
	*out = NULL;
	char why[400];
	if (tp_vector_fit(r, why, sizeof why) != 0)
		return tp_fail(e, TP_EINPUT, "%s", why);
	struct tp_vector_model *m = tp_calloc(1, sizeof *m);
	if (m == NULL)
		return tp_fail(e, TP_EIO, "out of memory deriving the vector tiles");
	m->rows = r->rows;
	m->cols = r->cols;
	size_t n = (size_t)r->rows * (size_t)r->cols;
	m->grid = tp_calloc(n, sizeof *m->grid);   /* all TP_VK_VECTOR, no directions */
	if (m->grid == NULL) {
		tp_vector_free(m);
		return tp_fail(e, TP_EIO, "out of memory deriving the vector tiles");
	}
	for (int p = 1; p <= r->players; p++) {
		int c = tp_vector_start_col(r->cols, p);
		struct tp_vtile *start = &m->grid[(size_t)(r->rows - 1) * r->cols + c];
		struct tp_vtile *home = &m->grid[r->cols - 1 - c];
		start->kind = TP_VK_START;
		start->player = p;
		home->kind = TP_VK_HOME;
		home->player = p;
	}
	if (place_blanks(m, r->blanks) != 0) {
		tp_vector_free(m);
		return tp_fail(e, TP_EIO, "out of memory placing the blank tiles");
	}
	place_vectors(m, r);
	unsigned set[TP_VEC_MAX_SETS];
	long ns = 0;
	for (size_t i = 0; i < n; i++) {
		m->count[m->grid[i].kind]++;
		if (m->grid[i].kind == TP_VK_VECTOR && ns < TP_VEC_MAX_SETS)
			set[ns++] = m->grid[i].dirs;
	}
	m->n_sets = tp_vector_binom(r->n_dirs, r->per_tile);
	m->classes_turn90 = turn_classes(set, ns, 2);
	m->classes_turn45 = turn_classes(set, ns, 1);
	*out = m;
	return TP_OK;
}

void tp_vector_free(struct tp_vector_model *m)
{
	if (m == NULL)
		return;
	free(m->grid);
	free(m);
}
