/* The vector tiles' rules as checks: claim 1's "two or more directional
 * indicia" and a home that some placement of the tiles lets its player
 * reach (contract in vector_core.h). */
#include "games/vector/model/vector_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/vector/model/vector_internal.h"

const int tp_compass_dr[TP_N_DIRS] = { -1, -1, 0, 1, 1, 1, 0, -1 };
const int tp_compass_dc[TP_N_DIRS] = { 0, 1, 1, 1, 0, -1, -1, -1 };

/* Whether player p can walk from start to home in steps along the
 * directions `dirs` (a bit set) over vector tiles, its own home the only
 * other tile it may enter; with ignore_blanks over the blank squares too,
 * and then (limit >= 0) crossing at most `limit` squares on the way (the
 * vector tiles there are to lay a route with).  -1 when out of memory. */
static int reaches(const struct tp_vector_model *m, int p, unsigned dirs, int ignore_blanks,
		   long limit)
{
	int rows = m->rows, cols = m->cols, start = -1, home = -1;
	for (int i = 0; i < rows * cols; i++)
		if (m->grid[i].player == p)
			*(m->grid[i].kind == TP_VK_START ? &start : &home) = i;
	char *seen = tp_calloc((size_t)rows * cols, 1);
	int *queue = tp_malloc(sizeof *queue * (size_t)rows * cols);
	if (seen == NULL || queue == NULL) {
		free(seen);
		free(queue);
		return -1;
	}
	int head = 0, tail = 0, found = 0;
	long level_end = 1, depth = 0;   /* squares crossed to reach queue[head] */
	queue[tail++] = start;
	seen[start] = 1;
	while (head < tail && !found) {
		if (head == level_end) {
			depth++;
			level_end = tail;
		}
		int s = queue[head++];
		for (int d = 0; d < TP_N_DIRS; d++) {
			if (!(dirs & (1u << d)))
				continue;
			int r2 = s / cols + tp_compass_dr[d], c2 = s % cols + tp_compass_dc[d];
			if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols)
				continue;
			int t = r2 * cols + c2;
			int kind = m->grid[t].kind;
			if (t == home) {
				found = 1;
				break;
			}
			if (seen[t] || !(kind == TP_VK_VECTOR || (ignore_blanks && kind == TP_VK_BLANK)) ||
			    (limit >= 0 && depth + 1 > limit))
				continue;
			seen[t] = 1;
			queue[tail++] = t;
		}
	}
	free(seen);
	free(queue);
	return found;
}

static unsigned dir_set(const struct tp_vector_rules *r)
{
	unsigned set = 0;
	for (int i = 0; i < r->n_dirs; i++)
		set |= 1u << r->dirs[i];
	return set;
}

/* The first player (1-based) who cannot reach home, 0 when all can, -1
 * when the rules do not derive (a board the counts do not fit: it plays
 * for nobody), OOM when out of memory. */
#define OOM (-2)
static int cut_off(const struct tp_vector_rules *r, unsigned dirs, int ignore_blanks)
{
	struct tp_vector_model *m = NULL;
	tp_err e = { 0 };
	int rc = tp_vector_derive(r, &m, &e);
	if (rc != TP_OK)
		return rc == TP_EINPUT ? -1 : OOM;
	int who = 0;
	for (int p = 1; p <= r->players && who == 0; p++) {
		int ok = reaches(m, p, dirs, ignore_blanks, -1);
		who = ok < 0 ? OOM : ok ? 0 : p;
	}
	tp_vector_free(m);
	return who;
}

static void dirs_text(unsigned set, char *out, size_t n)
{
	size_t at = 0;
	out[0] = '\0';
	for (int d = 0; d < TP_N_DIRS && at < n; d++)
		if (set & (1u << d)) {
			int w = snprintf(out + at, n - at, "%s%s", at ? " " : "", tp_compass_names[d]);
			if (w < 0)
				break;
			at += (size_t)w;
		}
}

/* tp_vector_playable's -2: memory ran out while a route or an offer was
 * searched, which is no reason to refuse the rules. */
static int out_of_memory(char *why, size_t n, const char **key)
{
	*key = "blanks";
	snprintf(why, n, "out of memory following the routes home");
	return -2;
}

static int refuse_dirs(const struct tp_vector_rules *r, int who, char *why, size_t n,
		       const char **key)
{
	/* The fewest directions added that let everyone home. */
	unsigned set = dir_set(r), fix = 0xffu;
	for (int add = 1; add < TP_N_DIRS && fix == 0xffu; add++)
		for (unsigned more = 1; more < 0x100u && fix == 0xffu; more++) {
			if ((more & set) || __builtin_popcount(more) != add)
				continue;
			int w = cut_off(r, set | more, 1);
			if (w == OOM)
				return out_of_memory(why, n, key);
			if (w == 0)
				fix = set | more;
		}
	char now[40], better[40];
	dirs_text(set, now, sizeof now);
	dirs_text(fix, better, sizeof better);
	*key = "directions";
	snprintf(why, n,
		 "vector.directions = %s: no placement of the tiles lets player %d reach home along these directions; use vector.directions = %s",
		 now, who, better);
	return -1;
}

int tp_vector_near_square(const struct tp_vector_rules *r,
			  int (*ok)(const struct tp_vector_rules *c, void *ctx), void *ctx,
			  struct tp_vector_rules *t)
{
	long area = (long)r->rows * r->cols;
	long tiles = tp_vector_binom(r->n_dirs, r->per_tile) + 2L * r->players;
	for (int side = 2; side <= TP_VEC_MAX_SIDE; side++)
		for (int wide = 0; wide <= 1; wide++) {
			struct tp_vector_rules c = *r;
			c.rows = side;
			c.cols = side + wide;
			long a = (long)c.rows * c.cols;
			if (a >= area)
				return 0;
			if (a < tiles)
				continue;
			c.blanks = (int)(a - tiles);
			if (ok(&c, ctx)) {
				*t = c;
				return 1;
			}
		}
	return 0;
}

/* tp_vector_near_square's test for the refusal's offer; out of memory,
 * it sets *ctx and ends the search. */
static int plays(const struct tp_vector_rules *c, void *ctx)
{
	int p = tp_vector_reaches(c);
	if (p < 0)
		*(int *)ctx = 1;
	return p != 0;
}

/* Another board of the same squares (so the counts still fit) on which
 * every home can be reached: the rows nearest the configured ones. */
static int refuse_blanks(const struct tp_vector_rules *r, int who, char *why, size_t n,
			 const char **key)
{
	long area = (long)r->rows * r->cols;
	struct tp_vector_rules t = *r;
	int best = 0;
	for (int dist = 1; dist <= TP_VEC_MAX_SIDE && !best; dist++)
		for (int sgn = -1; sgn <= 1 && !best; sgn += 2) {
			int rows = r->rows + sgn * dist;
			if (rows < 2 || area % rows != 0 || area / rows < r->players ||
			    area / rows > TP_VEC_MAX_SIDE)
				continue;
			t.rows = rows;
			t.cols = (int)(area / rows);
			int w = cut_off(&t, dir_set(r), 0);
			if (w == OOM)
				return out_of_memory(why, n, key);
			if (w == 0)
				best = rows;
		}
	int oom = 0, near = !best && tp_vector_near_square(r, plays, &oom, &t);
	if (oom)
		return out_of_memory(why, n, key);
	*key = "blanks";
	if (best)
		snprintf(why, n,
			 "vector.blanks = %d: the blanks in the centre of the %d x %d board cut player %d off from home; use board.rows = %d with board.cols = %ld (the same %ld squares)",
			 r->blanks, r->rows, r->cols, who, best, area / best, area);
	else if (near)
		snprintf(why, n,
			 "vector.blanks = %d: the blanks in the centre of the %d x %d board cut player %d off from home; use board.rows = %d with board.cols = %d and vector.blanks = %d (the smallest near-square board these tiles fill and play on)",
			 r->blanks, r->rows, r->cols, who, t.rows, t.cols, t.blanks);
	else
		snprintf(why, n,
			 "vector.blanks = %d: the blanks in the centre of the %d x %d board cut player %d off from home; use fewer blanks on a smaller board",
			 r->blanks, r->rows, r->cols, who);
	return -1;
}

/* With the blanks laid by the players: the first player no placement of
 * the tiles lets home (a route over at most as many squares as there are
 * vector tiles, the blanks laid elsewhere), 0 when all can be; -1 and OOM
 * as cut_off; *len the squares that player's route would need at least
 * (0: none at all). */
static int cut_off_placed(const struct tp_vector_rules *r, unsigned dirs, long *len)
{
	struct tp_vector_model *m = NULL;
	tp_err e = { 0 };
	int rc = tp_vector_derive(r, &m, &e);
	if (rc != TP_OK)
		return rc == TP_EINPUT ? -1 : OOM;
	int who = 0;
	*len = 0;
	for (int p = 1; p <= r->players && who == 0; p++) {
		int ok = reaches(m, p, dirs, 1, m->count[TP_VK_VECTOR]);
		if (ok == 0) {
			who = p;
			long need = m->count[TP_VK_VECTOR] + 1;
			for (; need <= (long)r->rows * r->cols; need++) {
				int k = reaches(m, p, dirs, 1, need);
				if (k != 0) {
					*len = k < 0 ? 0 : need;
					break;
				}
			}
		}
		who = ok < 0 ? OOM : who;
	}
	tp_vector_free(m);
	return who;
}

int tp_vector_reaches(const struct tp_vector_rules *r)
{
	if (r->n_dirs < 2 || r->per_tile < 2)
		return 0;
	long len;
	int who = r->blanks_placed == TP_BLANKS_PLAYERS ? cut_off_placed(r, dir_set(r), &len)
							: cut_off(r, dir_set(r), 0);
	return who == OOM ? -1 : who == 0;
}

int tp_vector_playable(const struct tp_vector_rules *r, char *why, size_t n, const char **key)
{
	*key = NULL;
	if (r->n_dirs < 2) {
		*key = "directions";
		snprintf(why, n,
			 "vector.directions = %s: a tile shows two or more directional indicia (claim 1), so give two or more directions; use vector.directions = n ne e se s sw w nw",
			 tp_compass_names[r->dirs[0]]);
		return -1;
	}
	if (r->per_tile < 2) {
		long area = (long)r->rows * r->cols;
		long blanks = area - tp_vector_binom(r->n_dirs, 2) - 2L * r->players;
		struct tp_vector_rules t = *r;
		t.per_tile = 2;
		t.blanks = (int)blanks;
		/* Offer the blanks that fill this board only when they leave
		 * every home reachable; else the next check would refuse them. */
		int p = blanks >= 0 ? tp_vector_reaches(&t) : 0;
		if (p < 0)
			return out_of_memory(why, n, key);
		*key = "per_tile";
		if (p)
			snprintf(why, n,
				 "vector.per_tile = %d: each tile shows two or more directional indicia (claim 1); use vector.per_tile = 2 with vector.blanks = %ld",
				 r->per_tile, blanks);
		else
			snprintf(why, n,
				 "vector.per_tile = %d: each tile shows two or more directional indicia (claim 1); use vector.per_tile = 2 (on a board for its %ld tiles)",
				 r->per_tile, tp_vector_binom(r->n_dirs, 2));
		return -1;
	}
	/* (Rules that pass tp_vector_fit derive: -1 is not expected here.) */
	if (r->blanks_placed == TP_BLANKS_PLAYERS) {
		long len;
		int w = cut_off_placed(r, dir_set(r), &len);
		if (w < 0)
			return out_of_memory(why, n, key);
		if (w == 0)
			return 0;
		int by_dirs = cut_off(r, dir_set(r), 1);
		if (by_dirs < 0)
			return out_of_memory(why, n, key);
		if (by_dirs != 0)
			return refuse_dirs(r, by_dirs, why, n, key);
		long vectors = tp_vector_binom(r->n_dirs, r->per_tile);
		*key = "blanks";
		snprintf(why, n,
			 "vector.blanks = %d: with the blanks laid by the players (vector.blanks_placed = players) player %d's shortest route home crosses %ld squares, but only %ld vector tiles are laid; use fewer blanks on a smaller board, or more directions",
			 r->blanks, w, len, vectors);
		return -1;
	}
	int who = cut_off(r, dir_set(r), 0);
	if (who < 0)
		return out_of_memory(why, n, key);
	if (who == 0)
		return 0;
	int by_dirs = cut_off(r, dir_set(r), 1);
	if (by_dirs < 0)
		return out_of_memory(why, n, key);
	if (by_dirs != 0)
		return refuse_dirs(r, by_dirs, why, n, key);
	return refuse_blanks(r, who, why, n, key);
}
