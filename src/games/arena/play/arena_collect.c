/* The collecting game played (contract in arena_sim.h): the arena's play
 * engine places the pieces, this file keeps the charts. */
#include "games/arena/play/arena_sim.h"

#include <string.h>

#include "core/report.h"

/* What a seat's chart still lacks (the value context of fills). */
struct chart {
	const struct tp_arena_board *b;
	const int *have;
	int need;
};

/* Places of the chart a move would fill: its coloured cells, each while
 * the chart still lacks that colour. */
static int fills(const struct tp_arena_move *m, const void *ctx)
{
	const struct chart *ch = ctx;
	int add[TP_ARENA_COLOURS_MAX + 1] = { 0 }, n = 0;
	for (int i = 0; i < m->n; i++) {
		int c = ch->b->sq[m->cell[i]].colour;
		if (c > 0 && ch->have[c] + add[c] < ch->need) {
			add[c]++;
			n++;
		}
	}
	return n;
}

/* One game into the totals of s. */
static int one_game(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
		    const struct tp_arena_way *w, struct tp_arena_collect_sim *s, struct tp_rng *rng,
		    tp_err *e)
{
	struct tp_arena_play *g = NULL;
	int rc = tp_arena_play_new(sh, b, s->players, 0, &g, e);
	if (rc != TP_OK)
		return rc;
	tp_arena_play_way(g, w, rng);
	int have[TP_SIM_MAX_SEATS + 1][TP_ARENA_COLOURS_MAX + 1];
	long got[TP_SIM_MAX_SEATS + 1] = { 0 };
	memset(have, 0, sizeof have);
	int turns = 0, seat, winner = 0;
	while (!winner && (seat = tp_arena_play_seat(g)) != 0 && turns < 100000) {
		const struct tp_arena_move *mv;
		int skip, n = tp_arena_way_moves(g, w, rng, &mv, &skip);
		if (n < 0) {
			tp_arena_play_free(g);
			return tp_fail(e, TP_EIO, "arena: out of memory listing moves");
		}
		struct chart ch = { b, have[seat], s->need };
		const struct tp_arena_move *m =
			n ? tp_arena_choose(mv, n, s->strategy[seat - 1], fills, &ch, rng) : NULL;
		for (int i = 0; m && i < m->n; i++) {
			int c = b->sq[m->cell[i]].colour;
			got[seat] += c > 0;
			if (c > 0 && have[seat][c] < s->need)
				have[seat][c]++;
		}
		if (skip)
			tp_arena_play_skip(g);
		else
			tp_arena_play_apply(g, m);
		turns++;
		int full = 1;
		for (int c = 1; c <= s->colours; c++)
			full &= have[seat][c] >= s->need;
		if (full) {
			winner = seat;
			s->round += (turns - 1) / s->players + 1;
		}
	}
	if (winner) {
		s->completed++;
		s->wins[winner - 1]++;
	}
	for (int p = 1; p <= s->players; p++) {
		int f = 0;
		for (int c = 1; c <= s->colours; c++)
			f += have[p][c];
		s->filled[p - 1] += f;
		s->captured[p - 1] += (double)got[p];
	}
	s->turns += turns;
	tp_arena_play_free(g);
	return TP_OK;
}

int tp_arena_collect_simulate(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
			      int players, int colours, int need, int games,
			      unsigned long long seed, const int strategy[TP_SIM_MAX_SEATS],
			      const struct tp_arena_way *w, struct tp_arena_collect_sim *out, tp_err *e)
{
	memset(out, 0, sizeof *out);
	if (players < 2 || players > TP_SIM_MAX_SEATS)
		return tp_fail(e, TP_EINPUT, "players = %d: the game is for 2 to 6 players", players);
	out->players = players;
	out->games = games;
	out->need = need;
	out->colours = colours;
	memcpy(out->strategy, strategy, sizeof out->strategy);
	for (long k = 0; k < games; k++) {
		struct tp_rng rng = tp_rng_game(seed, k);
		int rc = one_game(sh, b, w, out, &rng, e);
		if (rc != TP_OK)
			return rc;
	}
	if (out->completed)
		out->round /= (double)out->completed;
	for (int p = 0; p < players; p++) {
		out->filled[p] /= games;
		out->captured[p] /= games;
	}
	out->turns /= games;
	return TP_OK;
}

void tp_arena_collect_format(struct tp_buf *b, const struct tp_arena_collect_sim *s, int fmt)
{
	const int n = s->players, places = s->need * s->colours;
	if (fmt == TP_FMT_CSV) {
		tp_buf_printf(b, "seat,strategy,wins,mean_filled,mean_captured\n");
		for (int p = 0; p < n; p++)
			tp_buf_printf(b, "%d,%s,%ld,%.2f,%.2f\n", p + 1, tp_strategy_names[s->strategy[p]],
				      s->wins[p], s->filled[p], s->captured[p]);
		tp_buf_printf(b, "all,,%ld,%d,\n", s->completed, places);
		return;
	}
	if (fmt == TP_FMT_JSON) {
		tp_buf_printf(b, "{\n  \"game\": \"arena\",\n  \"marking\": \"collect\",\n  \"players\": %d,\n  \"games\": %d,\n",
			      n, s->games);
		tp_buf_printf(b, "  \"colours\": %d,\n  \"need\": %d,\n  \"completed\": %ld,\n  \"round\": %.2f,\n  \"turns\": %.2f,\n",
			      s->colours, s->need, s->completed, s->round, s->turns);
		tp_buf_printf(b, "  \"seats\": [\n");
		for (int p = 0; p < n; p++)
			tp_buf_printf(b, "    {\"seat\": %d, \"strategy\": \"%s\", \"wins\": %ld, \"mean_filled\": %.2f, \"mean_captured\": %.2f}%s\n",
				      p + 1, tp_strategy_names[s->strategy[p]], s->wins[p], s->filled[p],
				      s->captured[p], p + 1 < n ? "," : "");
		tp_buf_printf(b, "  ]\n}\n");
		return;
	}
	tp_buf_printf(b, "arena (collecting): %d games of %d players, charts of %d of each of %d colours (%d places)\n",
		      s->games, n, s->need, s->colours, places);
	tp_buf_printf(b, "completed (a chart filled): %ld of %d, in round %.2f on average; turns a game: %.2f\n",
		      s->completed, s->games, s->round, s->turns);
	for (int p = 0; p < n; p++)
		tp_buf_printf(b, "seat %d (%s): won %ld, places filled %.2f of %d, counters captured %.2f\n",
			      p + 1, tp_strategy_names[s->strategy[p]], s->wins[p], s->filled[p], places,
			      s->captured[p]);
}
