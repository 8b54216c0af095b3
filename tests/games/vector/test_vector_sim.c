/* The vector simulator (vector_sim.c) on a hand-worked position: a 3 x 3
 * board laid out below, whose moves are worked out by hand from the
 * seed's rules (comments give the reasoning), played move by move under
 * both vector.stuck rules; then runs of games: the same seed, the same
 * games; every game won or not, by the counts. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "games/vector/play/vector_sim.h"

#define SQ(r, c) ((r) * 3 + (c))
#define D(d) (1u << TP_DIR_##d)

/*   row 0:  home 2      {s, e}       home 1
 *   row 1:  {n, e, sw}  {n, w, se}   {nw, s, w}
 *   row 2:  start 1     {n, ne, e}   start 2
 * (player 1 bottom-left to top-right, player 2 bottom-right to top-left,
 * as the set-up of vector_core.h puts them). */
static void board(struct tp_vtile g[9])
{
	memset(g, 0, sizeof(struct tp_vtile) * 9);
	g[SQ(0, 0)] = (struct tp_vtile){ TP_VK_HOME, 2, 0 };
	g[SQ(0, 1)] = (struct tp_vtile){ TP_VK_VECTOR, 0, D(S) | D(E) };
	g[SQ(0, 2)] = (struct tp_vtile){ TP_VK_HOME, 1, 0 };
	g[SQ(1, 0)] = (struct tp_vtile){ TP_VK_VECTOR, 0, D(N) | D(E) | D(SW) };
	g[SQ(1, 1)] = (struct tp_vtile){ TP_VK_VECTOR, 0, D(N) | D(W) | D(SE) };
	g[SQ(1, 2)] = (struct tp_vtile){ TP_VK_VECTOR, 0, D(NW) | D(S) | D(W) };
	g[SQ(2, 0)] = (struct tp_vtile){ TP_VK_START, 1, 0 };
	g[SQ(2, 1)] = (struct tp_vtile){ TP_VK_VECTOR, 0, D(N) | D(NE) | D(E) };
	g[SQ(2, 2)] = (struct tp_vtile){ TP_VK_START, 2, 0 };
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The moves of the seat to move are exactly want[0..n-1]. */
static void moves_are(const struct tp_vector_play *g, int seat, const int *want, int n)
{
	assert_int_equal(tp_vector_play_seat(g), seat);
	int to[8], k = tp_vector_play_moves(g, to);
	assert_int_equal(k, n);
	int w[8] = { 0 };
	for (int i = 0; i < n; i++)
		w[i] = want[i];
	qsort(to, (size_t)k, sizeof *to, cmp_int);
	qsort(w, (size_t)n, sizeof *w, cmp_int);
	for (int i = 0; i < n; i++)
		assert_int_equal(to[i], w[i]);
}

static struct tp_vector_play *start(int stuck)
{
	struct tp_vector_rules r;
	tp_vector_rules_default(&r);
	r.rows = r.cols = 3;
	r.stuck = stuck;
	struct tp_vtile g[9];
	board(g);
	struct tp_vector_play *p = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_vector_play_new(&r, g, &p, &e), TP_OK);
	return p;
}

/* The opening, the same under both rules, up to player 2 stuck. */
static void opening(struct tp_vector_play *g)
{
	/* First move: any vector tile bordering the start (FIG. 2's "36, 38
	 * or 40"): (1,0), (1,1), (2,1). */
	moves_are(g, 1, (int[]){ SQ(1, 0), SQ(1, 1), SQ(2, 1) }, 3);
	tp_vector_play_apply(g, SQ(1, 1));
	/* Player 2 at (2,2) along {n, w, se}: n (1,2), w (2,1); se is off
	 * the board. */
	moves_are(g, 2, (int[]){ SQ(1, 2), SQ(2, 1) }, 2);
	tp_vector_play_apply(g, SQ(1, 2));
	/* Player 1 at (1,1) along {nw, s, w}: nw is player 2's home (a
	 * wall), s (2,1), w (1,0). */
	moves_are(g, 1, (int[]){ SQ(2, 1), SQ(1, 0) }, 2);
	tp_vector_play_apply(g, SQ(2, 1));
	/* Player 2 at (1,2) along {n, ne, e}: n is player 1's home, ne and e
	 * are off the board: stuck. */
	moves_are(g, 2, NULL, 0);
	tp_vector_play_apply(g, -1);
}

static void hand_worked_pass(void **state)
{
	(void)state;
	struct tp_vector_play *g = start(TP_STUCK_PASS);
	opening(g);
	/* Player 2 passed on (1,2): player 1 at (2,1) moves along its
	 * {nw, s, w}: nw (1,0); s is off; w is player 1's own start (not a
	 * vector tile). */
	moves_are(g, 1, (int[]){ SQ(1, 0) }, 1);
	tp_vector_play_apply(g, SQ(1, 0));
	/* Player 2 at (1,2) along {n, e, sw}: n is player 1's home, e off,
	 * sw (2,1), free again. */
	moves_are(g, 2, (int[]){ SQ(2, 1) }, 1);
	tp_vector_play_apply(g, SQ(2, 1));
	/* Player 1 at (1,0) along {n, ne, e}: n is player 2's home, ne (0,1),
	 * e (1,1). */
	moves_are(g, 1, (int[]){ SQ(0, 1), SQ(1, 1) }, 2);
	tp_vector_play_apply(g, SQ(0, 1));
	/* Player 2 at (2,1) along {s, e}: s off, e its own start: stuck. */
	moves_are(g, 2, NULL, 0);
	tp_vector_play_apply(g, -1);
	/* Player 1 at (0,1) along player 2's tile {n, ne, e}: e is home. */
	moves_are(g, 1, (int[]){ SQ(0, 2) }, 1);
	tp_vector_play_apply(g, SQ(0, 2));
	assert_int_equal(tp_vector_play_winner(g), 1);
	assert_int_equal(tp_vector_play_seat(g), 0);
	tp_vector_play_free(g);
}

static void hand_worked_lose(void **state)
{
	(void)state;
	struct tp_vector_play *g = start(TP_STUCK_LOSE);
	opening(g);
	/* Player 2 was stuck and is out: player 1, the last left, wins. */
	assert_int_equal(tp_vector_play_winner(g), 1);
	assert_int_equal(tp_vector_play_seat(g), 0);
	tp_vector_play_free(g);
}

static struct tp_vector_model *seed_model(struct tp_vector_rules *r)
{
	tp_vector_rules_default(r);
	struct tp_vector_model *m = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_vector_derive(r, &m, &e), TP_OK);
	return m;
}

/* Runs: deterministic for a seed, every game counted once. */
static void runs(void **state)
{
	(void)state;
	struct tp_vector_rules r;
	struct tp_vector_model *m = seed_model(&r);
	const int strat[3][TP_SIM_MAX_SEATS] = { { 0 }, { 1, 1 }, { 1, 0 } };
	for (int stuck = 0; stuck < TP_STUCK_N; stuck++)
		for (int k = 0; k < 3; k++) {
			r.stuck = stuck;
			struct tp_vector_sim a, b, c;
			tp_err e = { 0 };
			assert_int_equal(tp_vector_simulate(&r, m, 200, 7, strat[k], &a, &e), TP_OK);
			assert_int_equal(tp_vector_simulate(&r, m, 200, 7, strat[k], &b, &e), TP_OK);
			assert_memory_equal(&a, &b, sizeof a);
			long won = 0;
			for (int p = 0; p < r.players; p++)
				won += a.wins[p];
			assert_int_equal(won + a.unfinished, 200);
			assert_true(a.capped <= a.unfinished);
			assert_true(a.first_stall <= a.stuck_games && a.stuck_games <= a.stuck_turns);
			/* Game k is the same whoever asks for how many games: the
			 * first 100 of 200 are a run of 100. */
			assert_int_equal(tp_vector_simulate(&r, m, 100, 7, strat[k], &c, &e), TP_OK);
			assert_true(c.wins[0] <= a.wins[0] && c.unfinished <= a.unfinished);
			/* With lose, a stuck player is out at once: no game of two
			 * ends on a round of passes. */
			if (stuck == TP_STUCK_LOSE)
				assert_int_equal(a.unfinished, a.capped);
		}
	tp_vector_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hand_worked_pass),
		cmocka_unit_test(hand_worked_lose),
		cmocka_unit_test(runs),
	};
	return cmocka_run_group_tests_name("vector simulator", tests, NULL, NULL);
}
