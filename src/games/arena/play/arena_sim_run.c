/* Runs of arena games between strategies, and their report (contract in
 * arena_sim.h). */
#include "games/arena/play/arena_sim.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

#include "core/report.h"

const struct tp_arena_move *tp_arena_choose(const struct tp_arena_move *mv, int n, int strategy,
					    int (*value)(const struct tp_arena_move *m,
							 const void *ctx),
					    const void *ctx, struct tp_rng *rng)
{
	if (strategy == TP_STRATEGY_RANDOM)
		return &mv[tp_rng_below(rng, (unsigned long long)n)];
	int best = -1, best_v = 0, ties = 0;
	for (int i = 0; i < n; i++) {
		int v = value(&mv[i], ctx);
		if (best >= 0 && v < best_v)
			continue;
		if (best < 0 || v > best_v) {
			best = i;
			best_v = v;
			ties = 1;
		} else if (tp_rng_below(rng, (unsigned long long)++ties) == 0) {
			best = i;
		}
	}
	return &mv[best];
}

/* A move's value to the racing game: what it scores. */
static int move_score(const struct tp_arena_move *m, const void *ctx)
{
	(void)ctx;
	return m->score;
}

/* The racing game's move by the strategy (tp_arena_choose on the score). */
static const struct tp_arena_move *choose(const struct tp_arena_move *mv, int n, int strategy,
					  struct tp_rng *rng)
{
	return tp_arena_choose(mv, n, strategy, move_score, NULL, rng);
}

int tp_arena_way_moves(struct tp_arena_play *g, const struct tp_arena_way *w, struct tp_rng *rng,
		       const struct tp_arena_move **mv, int *skip)
{
	*skip = 0;
	if (w == NULL || w->variant != TP_ARENA_VARIANT_DIE || tp_arena_play_seat(g) == 0)
		return tp_arena_play_moves(g, mv);
	tp_arena_play_throw(g, (int)tp_rng_below(rng, 6) + 1);
	int n = tp_arena_play_moves(g, mv);
	if (n != 0)
		return n;
	tp_arena_play_throw(g, 0);
	int any = tp_arena_play_moves(g, mv);
	if (any < 0)
		return any;
	*skip = any > 0;
	*mv = NULL;
	return 0;
}

/* The die game's turns are capped (a throw that never comes would loop). */
#define TURN_CAP 100000

/* One game into the totals of s. */
static int one_game(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
		    const struct tp_arena_way *w, struct tp_arena_sim *s, struct tp_rng *rng, tp_err *e)
{
	struct tp_arena_play *g = NULL;
	int rc = tp_arena_play_new(sh, b, s->players, s->gate, &g, e);
	if (rc != TP_OK)
		return rc;
	tp_arena_play_way(g, w, rng);
	s->started[tp_arena_play_seat(g) - 1]++;
	int reached[TP_SIM_MAX_SEATS + 1] = { 0 }, opened = 0, turns = 0;
	long blocks = 0;
	int seat;
	while ((seat = tp_arena_play_seat(g)) != 0 && turns < TURN_CAP) {
		const struct tp_arena_move *mv;
		int skip;
		int n = tp_arena_way_moves(g, w, rng, &mv, &skip);
		if (n < 0) {
			tp_arena_play_free(g);
			return tp_fail(e, TP_EIO, "arena: out of memory listing moves");
		}
		const struct tp_arena_move *m = n ? choose(mv, n, s->strategy[seat - 1], rng) : NULL;
		blocks += m && m->block;
		if (skip)
			tp_arena_play_skip(g);
		else
			tp_arena_play_apply(g, m);
		turns++;
		if (!reached[seat] && tp_arena_play_score(g, seat) >= s->gate) {
			reached[seat] = 1;
			if (!opened)
				opened = (turns - 1) / s->players + 1;
		}
	}
	long top = -1, left = 0;
	int winners = 0, winner = 0;
	for (int p = 1; p <= s->players; p++) {
		long sc = tp_arena_play_score(g, p);
		s->score[p - 1] += (double)sc;
		s->gate_reached[p - 1] += reached[p];
		left += tp_arena_play_left(g, p);
		if (sc > top) {
			top = sc;
			winners = 1;
			winner = p;
		} else if (sc == top) {
			winners++;
		}
	}
	if (winners == 1)
		s->wins[winner - 1]++;
	else
		s->ties++;
	s->finished += left == 0;
	s->pieces_left += (double)left;
	s->blocks += (double)blocks;
	s->turns += turns;
	if (opened) {
		s->gate_games++;
		s->gate_round += opened;
	}
	tp_arena_play_free(g);
	return TP_OK;
}

int tp_arena_simulate(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
		      int players, int gate, int games, unsigned long long seed,
		      const int strategy[TP_SIM_MAX_SEATS], const struct tp_arena_way *w,
		      struct tp_arena_sim *out, tp_err *e)
{
	memset(out, 0, sizeof *out);
	if (players < 2 || players > TP_SIM_MAX_SEATS)
		return tp_fail(e, TP_EINPUT, "players = %d: the game is for 2 to 6 players", players);
	out->players = players;
	out->games = games;
	out->gate = gate;
	memcpy(out->strategy, strategy, sizeof out->strategy);
	if (w != NULL)
		out->way = *w;
	else
		out->seat_one_first = 1;
	for (long k = 0; k < games; k++) {
		struct tp_rng rng = tp_rng_game(seed, k);
		int rc = one_game(sh, b, w, out, &rng, e);
		if (rc != TP_OK)
			return rc;
	}
	for (int p = 0; p < players; p++)
		out->score[p] /= games;
	if (out->gate_games)
		out->gate_round /= (double)out->gate_games;
	out->pieces_left /= games;
	out->blocks /= games;
	out->turns /= games;
	return TP_OK;
}

/* The way a run played, in words. */
static void way_words(char *out, size_t cap, const struct tp_arena_sim *s)
{
	const struct tp_arena_way *w = &s->way;
	snprintf(out, cap, "%s game, first player %s%s",
		 w->variant == TP_ARENA_VARIANT_DIE ? "die" : "standard",
		 s->seat_one_first ? "seat 1" : w->start == TP_ARENA_START_EYE ? "by the Eye" : "by a coin",
		 s->players != 4 ? "" : w->teams == TP_ARENA_TEAMS_INDIVIDUAL ? ", four individually" : ", two pairs");
}

void tp_arena_sim_format(struct tp_buf *b, const struct tp_arena_sim *s, int fmt)
{
	const int n = s->players;
	char way[120];
	way_words(way, sizeof way, s);
	if (fmt == TP_FMT_CSV) {
		tp_buf_printf(b, "seat,strategy,wins,mean_score,reached_gate,started\n");
		for (int p = 0; p < n; p++)
			tp_buf_printf(b, "%d,%s,%ld,%.2f,%ld,%ld\n", p + 1, tp_strategy_names[s->strategy[p]],
				      s->wins[p], s->score[p], s->gate_reached[p], s->started[p]);
		long reached = 0;
		for (int p = 0; p < n; p++)
			reached += s->gate_reached[p];
		tp_buf_printf(b, "all,,%d,,%ld,%d\n", s->games - (int)s->ties, reached, s->games);
		return;
	}
	if (fmt == TP_FMT_JSON) {
		tp_buf_printf(b, "{\n  \"game\": \"arena\",\n  \"players\": %d,\n  \"games\": %d,\n  \"gate\": %d,\n",
			      n, s->games, s->gate);
		tp_buf_printf(b, "  \"way\": \"%s\",\n", way);
		tp_buf_printf(b, "  \"finished\": %ld,\n  \"ties\": %ld,\n  \"gate_games\": %ld,\n", s->finished,
			      s->ties, s->gate_games);
		tp_buf_printf(b, "  \"gate_round\": %.2f,\n  \"pieces_left\": %.2f,\n  \"blocks\": %.2f,\n  \"turns\": %.2f,\n",
			      s->gate_round, s->pieces_left, s->blocks, s->turns);
		tp_buf_printf(b, "  \"seats\": [\n");
		for (int p = 0; p < n; p++)
			tp_buf_printf(b, "    {\"seat\": %d, \"strategy\": \"%s\", \"wins\": %ld, \"mean_score\": %.2f, \"reached_gate\": %ld, \"started\": %ld}%s\n",
				      p + 1, tp_strategy_names[s->strategy[p]], s->wins[p], s->score[p],
				      s->gate_reached[p], s->started[p], p + 1 < n ? "," : "");
		tp_buf_printf(b, "  ]\n}\n");
		return;
	}
	tp_buf_printf(b, "arena: %d games of %d players, gate %d\n", s->games, n, s->gate);
	tp_buf_printf(b, "way: %s; games started by seat:", way);
	for (int p = 0; p < n; p++)
		tp_buf_printf(b, " %ld", s->started[p]);
	tp_buf_printf(b, "\n");
	tp_buf_printf(b, "finished (every piece played): %ld of %d; pieces left a game: %.2f\n",
		      s->finished, s->games, s->pieces_left);
	tp_buf_printf(b, "gate opened in %ld of %d games, in round %.2f on average\n", s->gate_games,
		      s->games, s->gate_round);
	tp_buf_printf(b, "turns a game: %.2f; blocks a game: %.2f; ties: %ld\n", s->turns, s->blocks,
		      s->ties);
	for (int p = 0; p < n; p++)
		tp_buf_printf(b, "seat %d (%s): won %ld, mean score %.2f, reached the gate in %ld of %d games (%.0f %%)\n",
			      p + 1, tp_strategy_names[s->strategy[p]], s->wins[p], s->score[p],
			      s->gate_reached[p], s->games, 100.0 * s->gate_reached[p] / s->games);
}

static int cmp_desc_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	return (x < y) - (x > y);
}

int tp_arena_gate_for_half(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
			   int players, int games, unsigned long long seed, const struct tp_arena_way *w,
			   long *gate, tp_err *e)
{
	long *v = tp_malloc(sizeof *v * (size_t)games * (size_t)players);
	if (v == NULL)
		return tp_fail(e, TP_EIO, "arena: out of memory");
	int k = 0;
	for (long g = 0; g < games; g++) {
		struct tp_rng rng = tp_rng_game(seed, g);
		struct tp_arena_play *p = NULL;
		int rc = tp_arena_play_new(sh, b, players, TP_ARENA_GATE_MAX + 1, &p, e);
		if (rc == TP_OK)
			tp_arena_play_way(p, w, &rng);
		for (int turns = 0; rc == TP_OK && tp_arena_play_seat(p) != 0 && turns < TURN_CAP; turns++) {
			const struct tp_arena_move *mv;
			int skip, n = tp_arena_way_moves(p, w, &rng, &mv, &skip);
			if (n < 0) {
				rc = tp_fail(e, TP_EIO, "arena: out of memory listing moves");
				break;
			}
			if (skip)
				tp_arena_play_skip(p);
			else
				tp_arena_play_apply(p, n ? choose(mv, n, TP_STRATEGY_GREEDY, &rng) : NULL);
		}
		for (int s = 1; rc == TP_OK && s <= players; s++)
			v[k++] = tp_arena_play_score(p, s);
		tp_arena_play_free(p);
		if (rc != TP_OK) {
			free(v);
			return rc;
		}
	}
	qsort(v, (size_t)k, sizeof *v, cmp_desc_long);
	*gate = v[(k + 1) / 2 - 1];
	free(v);
	return TP_OK;
}

/* One greedy game for tp_arena_gate_check: adds the seats that reach gate
 * to *reached and, when stop_at > 0, stops once *reached is stop_at or
 * every seat has it.  *closed: no seat reached it, so the game was played
 * to its end exactly as with the gate out of reach.  A game played to its
 * end leaves its final scores in v[0..players-1]. */
static int gate_game(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
		     int players, int gate, const struct tp_arena_way *w, struct tp_rng *rng,
		     long stop_at, long *reached, long *v, int *closed, tp_err *e)
{
	struct tp_arena_play *g = NULL;
	int rc = tp_arena_play_new(sh, b, players, gate, &g, e);
	if (rc != TP_OK)
		return rc;
	tp_arena_play_way(g, w, rng);
	int got[TP_SIM_MAX_SEATS + 1] = { 0 }, n_got = 0, seat, turns = 0;
	while ((stop_at <= 0 || (n_got < players && *reached < stop_at)) &&
	       (seat = tp_arena_play_seat(g)) != 0 && turns++ < TURN_CAP) {
		const struct tp_arena_move *mv;
		int skip, n = tp_arena_way_moves(g, w, rng, &mv, &skip);
		if (n < 0) {
			tp_arena_play_free(g);
			return tp_fail(e, TP_EIO, "arena: out of memory listing moves");
		}
		if (skip)
			tp_arena_play_skip(g);
		else
			tp_arena_play_apply(g, n ? choose(mv, n, TP_STRATEGY_GREEDY, rng) : NULL);
		if (!got[seat] && tp_arena_play_score(g, seat) >= gate) {
			got[seat] = 1;
			n_got++;
			++*reached;
		}
	}
	*closed = n_got == 0;
	for (int p = 1; (tp_arena_play_seat(g) == 0 || turns >= TURN_CAP) && p <= players; p++)
		v[p - 1] = tp_arena_play_score(g, p);
	tp_arena_play_free(g);
	return TP_OK;
}

int tp_arena_gate_check(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
			int players, int gate, int games, unsigned long long seed,
			const struct tp_arena_way *w, long *reached, long *fix, tp_err *e)
{
	*reached = *fix = 0;
	long hands = (long)games * players, stop_at = (hands + 1) / 2;
	long *v = tp_malloc(sizeof *v * (size_t)hands);
	int *closed = tp_calloc((size_t)games, sizeof *closed);
	int rc = v && closed ? TP_OK : tp_fail(e, TP_EIO, "arena: out of memory");
	for (long k = 0; rc == TP_OK && k < games && *reached < stop_at; k++) {
		struct tp_rng rng = tp_rng_game(seed, k);
		rc = gate_game(sh, b, players, gate, w, &rng, stop_at, reached, v + k * players,
			       &closed[k], e);
	}
	/* Fewer than half reach the gate: the games in which nobody did are
	 * the closed games tp_arena_gate_for_half plays; play the others
	 * closed. */
	for (long k = 0; rc == TP_OK && *reached < stop_at && k < games; k++) {
		if (closed[k])
			continue;
		struct tp_rng rng = tp_rng_game(seed, k);
		long ignored = 0;
		int c;
		rc = gate_game(sh, b, players, TP_ARENA_GATE_MAX + 1, w, &rng, 0, &ignored,
			       v + k * players, &c, e);
	}
	if (rc == TP_OK && *reached < stop_at) {
		qsort(v, (size_t)hands, sizeof *v, cmp_desc_long);
		*fix = v[(hands + 1) / 2 - 1];
	}
	free(v);
	free(closed);
	return rc;
}
