/* The shape arena's rules that play poorly: warnings with the figure, for
 * `check` and the build summary (the refusals are in arena_play.c). */

#include <stdio.h>

#include "arena_config.h"
#include "arena_sim.h"

/* Greedy games per player count: enough to tell a gate most players reach
 * from one few do, and quick enough to run before every build. */
#define GATE_GAMES 12
#define GATE_SEED 1

/* A gate fewer than half the simulated (greedy) players reach, for each
 * player count whose pieces fit the board, with the gate half would. */
static int gate_warnings(const struct tp_arena_cfg *a, const struct tp_arena_board *b,
			 char out[][200], int max)
{
	int n = 0;
	static const int greedy[TP_SIM_MAX_SEATS] = { TP_STRATEGY_GREEDY, TP_STRATEGY_GREEDY,
						      TP_STRATEGY_GREEDY, TP_STRATEGY_GREEDY,
						      TP_STRATEGY_GREEDY, TP_STRATEGY_GREEDY };
	for (int players = 2; players <= 6 && n < max; players++) {
		if (tp_arena_piece_squares(&a->shapes, players) > b->side * b->side)
			continue;
		struct tp_arena_sim s;
		tp_err e = { 0 };
		if (tp_arena_simulate(&a->shapes, b, players, a->rules.gate, GATE_GAMES, GATE_SEED,
				      greedy, &s, &e) != TP_OK)
			continue;
		long reached = 0, hands = (long)GATE_GAMES * players;
		for (int p = 0; p < players; p++)
			reached += s.gate_reached[p];
		if (2 * reached >= hands)
			continue;
		long fix = 0;
		if (tp_arena_gate_for_half(&a->shapes, b, players, GATE_GAMES, GATE_SEED, &fix, &e) != TP_OK)
			continue;
		snprintf(out[n++], 200,
			 "arena.gate = %d: %ld of %ld greedy %d-player hands reach it (%.0f %%, %d simulated games); arena.gate = %ld lets half of them",
			 a->rules.gate, reached, hands, players, 100.0 * reached / hands, GATE_GAMES, fix);
	}
	return n;
}

int tp_arena_warnings(const struct tp_config *c, char out[][200], int max)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	struct tp_arena_board *b = NULL;
	tp_err e = { 0 };
	if (tp_arena_board_derive(&a->rules, &b, &e) != TP_OK)
		return 0;
	int n = 0;
	char why[160];
	if (max > 0 && tp_arena_quarters_alike(b, why, sizeof why))
		snprintf(out[n++], 200, "arena.seed = %llu: %s; another seed or wider number ranges may avoid it",
			 a->rules.seed, why);
	n += gate_warnings(a, b, out + n, max - n);
	tp_arena_board_free(b);
	return n;
}
