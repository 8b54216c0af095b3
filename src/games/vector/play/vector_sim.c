/* The vector tiles played by the seed's rules (contract in vector_sim.h). */
#include "games/vector/play/vector_sim.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/report.h"

#define SEATS TP_VEC_MAX_PLAYERS

struct tp_vector_play {
	int rows, cols, players, stuck_rule;
	struct tp_vtile *grid;
	int pos[SEATS + 1], home[SEATS + 1], out[SEATS + 1], moved[SEATS + 1];
	int seat, prev_sq, winner, turn, idle, max_turns;
};

int tp_vector_play_new(const struct tp_vector_rules *r, const struct tp_vtile *grid,
		       struct tp_vector_play **out, tp_err *e)
{
	*out = NULL;
	if (r->players < 1 || r->players > SEATS)
		return tp_fail(e, TP_EINPUT, "vector: players = %d: 1..%d", r->players, SEATS);
	struct tp_vector_play *g = tp_calloc(1, sizeof *g);
	size_t n = (size_t)r->rows * r->cols;
	if (g != NULL)
		g->grid = tp_malloc(sizeof *g->grid * n);
	if (g == NULL || g->grid == NULL) {
		tp_vector_play_free(g);
		return tp_fail(e, TP_EIO, "vector: out of memory for a game");
	}
	memcpy(g->grid, grid, sizeof *g->grid * n);
	g->rows = r->rows;
	g->cols = r->cols;
	g->players = r->players;
	g->stuck_rule = r->stuck;
	for (int p = 1; p <= r->players; p++)
		g->pos[p] = g->home[p] = -1;
	for (size_t i = 0; i < n; i++) {
		int p = grid[i].player;
		if (p < 1 || p > r->players)
			continue;
		if (grid[i].kind == TP_VK_START)
			g->pos[p] = (int)i;
		else if (grid[i].kind == TP_VK_HOME)
			g->home[p] = (int)i;
	}
	for (int p = 1; p <= r->players; p++)
		if (g->pos[p] < 0 || g->home[p] < 0) {
			tp_vector_play_free(g);
			return tp_fail(e, TP_EINPUT, "vector: player %d has no start or home tile", p);
		}
	g->seat = 1;
	g->prev_sq = -1;
	g->max_turns = 64 * (int)(n < 100000 ? n : 100000);
	*out = g;
	return TP_OK;
}

void tp_vector_play_free(struct tp_vector_play *g)
{
	if (g == NULL)
		return;
	free(g->grid);
	free(g);
}

int tp_vector_play_seat(const struct tp_vector_play *g)
{
	return g->seat;
}

int tp_vector_play_winner(const struct tp_vector_play *g)
{
	return g->winner;
}

static int occupied(const struct tp_vector_play *g, int sq)
{
	for (int p = 1; p <= g->players; p++)
		if (!g->out[p] && g->pos[p] == sq)
			return 1;
	return 0;
}

/* The squares seat s may step to along `dirs` (all eight: any bordering). */
static int moves_along(const struct tp_vector_play *g, int s, unsigned dirs, int to[8])
{
	int n = 0, r = g->pos[s] / g->cols, c = g->pos[s] % g->cols;
	for (int d = 0; d < TP_N_DIRS; d++) {
		if (!(dirs & (1u << d)))
			continue;
		int r2 = r + tp_compass_dr[d], c2 = c + tp_compass_dc[d];
		if (r2 < 0 || r2 >= g->rows || c2 < 0 || c2 >= g->cols)
			continue;
		int t = r2 * g->cols + c2;
		if (t == g->home[s] || (g->grid[t].kind == TP_VK_VECTOR && !occupied(g, t)))
			to[n++] = t;
	}
	return n;
}

/* The directions the previous player's tile offers: its vectors, or all
 * eight from a start tile or before anyone has moved. */
static unsigned offered(const struct tp_vector_play *g, int sq)
{
	if (sq < 0 || g->grid[sq].kind != TP_VK_VECTOR)
		return 0xffu;
	return g->grid[sq].dirs;
}

int tp_vector_play_moves(const struct tp_vector_play *g, int to[8])
{
	if (g->seat == 0)
		return 0;
	return moves_along(g, g->seat, offered(g, g->prev_sq), to);
}

static int active(const struct tp_vector_play *g)
{
	int n = 0;
	for (int p = 1; p <= g->players; p++)
		n += !g->out[p];
	return n;
}

void tp_vector_play_apply(struct tp_vector_play *g, int to)
{
	int s = g->seat;
	if (s == 0)
		return;
	g->turn++;
	g->prev_sq = to >= 0 ? to : g->pos[s];
	if (to >= 0) {
		g->pos[s] = to;
		g->moved[s]++;
		g->idle = 0;
		if (to == g->home[s]) {
			g->winner = s;
			g->seat = 0;
			return;
		}
	} else {
		g->idle++;
		if (g->stuck_rule == TP_STUCK_LOSE)
			g->out[s] = 1;
	}
	int left = active(g);
	if (left == 0 || (g->stuck_rule == TP_STUCK_LOSE && left == 1 && g->players > 1)) {
		for (int p = 1; p <= g->players; p++)
			if (!g->out[p])
				g->winner = p;
		g->seat = 0;
		return;
	}
	if ((g->stuck_rule == TP_STUCK_PASS && g->idle >= left) || g->turn >= g->max_turns) {
		g->seat = 0;
		return;
	}
	do
		s = s % g->players + 1;
	while (g->out[s]);
	g->seat = s;
}

/* ---- strategies and runs ---------------------------------------------------- */

#define FAR (1 << 29)

/* Steps from every square to seat p's home along the directions, over
 * vector squares (pieces ignored): a breadth-first search backwards. */
static int home_distances(const struct tp_vector_play *g, const struct tp_vector_rules *r, int p,
			  int *dist, int *queue)
{
	int n = g->rows * g->cols, head = 0, tail = 0;
	for (int i = 0; i < n; i++)
		dist[i] = FAR;
	dist[g->home[p]] = 0;
	queue[tail++] = g->home[p];
	while (head < tail) {
		int t = queue[head++];
		for (int k = 0; k < r->n_dirs; k++) {
			int d = r->dirs[k];   /* a step along d arrives at t from t - d */
			int r2 = t / g->cols - tp_compass_dr[d], c2 = t % g->cols - tp_compass_dc[d];
			if (r2 < 0 || r2 >= g->rows || c2 < 0 || c2 >= g->cols)
				continue;
			int s = r2 * g->cols + c2;
			if (dist[s] != FAR || (g->grid[s].kind != TP_VK_VECTOR && s != g->pos[p]))
				continue;
			dist[s] = dist[t] + 1;
			queue[tail++] = s;
		}
	}
	return 0;
}

struct run {
	const struct tp_vector_rules *r;
	int *dist[SEATS + 1];
	int *queue;
};

/* The next seat to move after s (itself with one player). */
static int after(const struct tp_vector_play *g, int s)
{
	int q = s;
	do
		q = q % g->players + 1;
	while (g->out[q] && q != s);
	return q;
}

/* Greedy: the move nearest home; among those, the one that leaves the
 * next player farthest from its own (nearest, when that is this player);
 * ties at random. */
static int greedy(const struct tp_vector_play *g, const struct run *u, const int *to, int n,
		  struct tp_rng *rng)
{
	int s = g->seat, q = after(g, s), best = -1, ties = 0;
	long best_key = 0;
	for (int i = 0; i < n; i++) {
		long reply = FAR;
		int opt[8];
		struct tp_vector_play h = *g;   /* the position after the move */
		h.pos[s] = to[i];
		int m = moves_along(&h, q, offered(&h, to[i]), opt);
		for (int j = 0; j < m; j++)
			reply = u->dist[q][opt[j]] < reply ? u->dist[q][opt[j]] : reply;
		long key = (long)u->dist[s][to[i]] * 2 * FAR + (q == s ? reply : FAR - reply);
		if (best >= 0 && key > best_key)
			continue;
		if (best < 0 || key < best_key) {
			best = i;
			best_key = key;
			ties = 1;
		} else if (tp_rng_below(rng, (unsigned long long)++ties) == 0) {
			best = i;
		}
	}
	return to[best];
}

/* Phase 1: the vector tiles in a random order over their squares (a
 * Fisher-Yates shuffle of the squares' direction sets; idx is scratch of
 * n ints).  With the blanks laid by the players (vector.blanks_placed =
 * players) the blank tiles are shuffled in with them over the squares of
 * both: the blanks may land anywhere but the start and home tiles. */
void tp_vector_lay(struct tp_vtile *grid, long n, int *idx, struct tp_rng *rng, int blanks_too)
{
	long k = 0;
	for (long i = 0; i < n; i++)
		if (grid[i].kind == TP_VK_VECTOR || (blanks_too && grid[i].kind == TP_VK_BLANK))
			idx[k++] = (int)i;
	for (long i = k - 1; i > 0; i--) {
		long j = (long)tp_rng_below(rng, (unsigned long long)i + 1);
		struct tp_vtile t = grid[idx[i]];
		grid[idx[i]] = grid[idx[j]];
		grid[idx[j]] = t;
	}
}

static int one_game(struct run *u, const struct tp_vector_model *m, struct tp_vtile *grid,
		    struct tp_vector_sim *s, struct tp_rng *rng, tp_err *e)
{
	long n = (long)m->rows * m->cols;
	memcpy(grid, m->grid, sizeof *grid * (size_t)n);
	tp_vector_lay(grid, n, u->queue, rng, u->r->blanks_placed == TP_BLANKS_PLAYERS);
	struct tp_vector_play *g = NULL;
	int rc = tp_vector_play_new(u->r, grid, &g, e);
	if (rc != TP_OK)
		return rc;
	for (int p = 1; p <= u->r->players; p++)
		home_distances(g, u->r, p, u->dist[p], u->queue);
	int stuck = 0, seat;
	while ((seat = tp_vector_play_seat(g)) != 0) {
		int to[8], k = tp_vector_play_moves(g, to), t = -1;
		if (k > 0)
			t = s->strategy[seat - 1] == TP_STRATEGY_RANDOM
				    ? to[tp_rng_below(rng, (unsigned long long)k)]
				    : greedy(g, u, to, k, rng);
		else {
			stuck++;
			s->first_stall += g->turn == 1;
		}
		tp_vector_play_apply(g, t);
	}
	int w = tp_vector_play_winner(g);
	if (w) {
		s->wins[w - 1]++;
		s->moves_to_home += g->moved[w];
	} else {
		s->unfinished++;
		s->capped += g->turn >= g->max_turns;
	}
	s->stuck_games += stuck > 0;
	s->stuck_turns += stuck;
	s->turns += g->turn;
	tp_vector_play_free(g);
	return TP_OK;
}

int tp_vector_simulate(const struct tp_vector_rules *r, const struct tp_vector_model *m,
		       int games, unsigned long long seed, const int strategy[TP_SIM_MAX_SEATS],
		       struct tp_vector_sim *out, tp_err *e)
{
	memset(out, 0, sizeof *out);
	out->players = r->players;
	out->games = games;
	out->stuck_rule = r->stuck;
	out->blanks_placed = r->blanks_placed;
	memcpy(out->strategy, strategy, sizeof out->strategy);
	size_t n = (size_t)m->rows * m->cols;
	struct run u = { .r = r };
	struct tp_vtile *grid = tp_malloc(sizeof *grid * n);
	u.queue = tp_malloc(sizeof *u.queue * n);
	int rc = grid && u.queue ? TP_OK : tp_fail(e, TP_EIO, "vector: out of memory");
	for (int p = 1; p <= r->players && rc == TP_OK; p++)
		if ((u.dist[p] = tp_malloc(sizeof *u.dist[p] * n)) == NULL)
			rc = tp_fail(e, TP_EIO, "vector: out of memory");
	for (long k = 0; k < games && rc == TP_OK; k++) {
		struct tp_rng rng = tp_rng_game(seed, k);
		rc = one_game(&u, m, grid, out, &rng, e);
	}
	long won = games - out->unfinished;
	if (won > 0)
		out->moves_to_home /= (double)won;
	if (games > 0)
		out->turns /= games;
	for (int p = 1; p <= SEATS; p++)
		free(u.dist[p]);
	free(u.queue);
	free(grid);
	return rc;
}

void tp_vector_sim_format(struct tp_buf *b, const struct tp_vector_sim *s, int fmt)
{
	const int n = s->players;
	long won = s->games - s->unfinished;
	if (fmt == TP_FMT_CSV) {
		tp_buf_printf(b, "seat,strategy,wins\n");
		for (int p = 0; p < n; p++)
			tp_buf_printf(b, "%d,%s,%ld\n", p + 1, tp_strategy_names[s->strategy[p]], s->wins[p]);
		tp_buf_printf(b, "unfinished,,%ld\nstuck_games,,%ld\nfirst_move_stalls,,%ld\n", s->unfinished,
			      s->stuck_games, s->first_stall);
		return;
	}
	if (fmt == TP_FMT_JSON) {
		tp_buf_printf(b, "{\n  \"game\": \"vector\",\n  \"players\": %d,\n  \"games\": %d,\n  \"stuck\": \"%s\",\n",
			      n, s->games, tp_vector_stuck_names[s->stuck_rule]);
		tp_buf_printf(b, "  \"blanks_placed\": \"%s\",\n", tp_vector_blanks_names[s->blanks_placed]);
		tp_buf_printf(b, "  \"won\": %ld,\n  \"unfinished\": %ld,\n  \"move_limit\": %ld,\n  \"stuck_games\": %ld,\n  \"stuck_turns\": %ld,\n",
			      won, s->unfinished, s->capped, s->stuck_games, s->stuck_turns);
		tp_buf_printf(b, "  \"first_move_stalls\": %ld,\n  \"moves_to_home\": %.2f,\n  \"turns\": %.2f,\n",
			      s->first_stall, s->moves_to_home, s->turns);
		tp_buf_printf(b, "  \"seats\": [\n");
		for (int p = 0; p < n; p++)
			tp_buf_printf(b, "    {\"seat\": %d, \"strategy\": \"%s\", \"wins\": %ld}%s\n", p + 1,
				      tp_strategy_names[s->strategy[p]], s->wins[p], p + 1 < n ? "," : "");
		tp_buf_printf(b, "  ]\n}\n");
		return;
	}
	tp_buf_printf(b, "vector: %d games of %d player%s, a stuck player %s%s\n", s->games, n,
		      n == 1 ? "" : "s", s->stuck_rule == TP_STUCK_LOSE ? "loses" : "passes",
		      s->blanks_placed == TP_BLANKS_PLAYERS ? "; the blanks laid by the players, anywhere" : "");
	tp_buf_printf(b, "won: %ld of %d; no winner: %ld (%ld of them stopped at the move limit)\n", won,
		      s->games, s->unfinished, s->capped);
	tp_buf_printf(b, "a player stuck in %ld games (%ld turns); first reply stuck in %ld games (%.1f %%)\n",
		      s->stuck_games, s->stuck_turns, s->first_stall, 100.0 * s->first_stall / s->games);
	tp_buf_printf(b, "moves to home (the winner's): %.2f; turns a game: %.2f\n", s->moves_to_home,
		      s->turns);
	for (int p = 0; p < n; p++)
		tp_buf_printf(b, "seat %d (%s): won %ld (%.1f %%)\n", p + 1, tp_strategy_names[s->strategy[p]],
			      s->wins[p], 100.0 * s->wins[p] / s->games);
}
