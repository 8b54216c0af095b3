/* The arena simulator (arena_sim.c) on hand-worked positions: a 7 x 7
 * board built here (every square numbered row * 7 + col + 1, the inner
 * arena the centre 3 x 3), the shipped shapes, two or three players.  The
 * moves expected are worked out by hand from the seed's rules (comments
 * give the reasoning); then runs of games: the same seed, the same games,
 * every game counted once, a gate out of reach never opens. */

#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/arena/play/arena_sim.h"

#define SIDE 7
#define C (3 * SIDE + 3)   /* the centre square */

static struct tp_arena_square squares[SIDE * SIDE];
static struct tp_arena_board bd = { .rows = SIDE, .cols = SIDE, .sq = squares };
static struct tp_arena_shapes sh;

static void setup_board(void)
{
	for (int i = 0; i < SIDE * SIDE; i++) {
		int r = i / SIDE, c = i % SIDE;
		squares[i].number = i + 1;
		squares[i].inner = r >= 2 && r <= 4 && c >= 2 && c <= 4;
	}
	size_t len;
	const char *path = tu_path("templates/shapes/default.ini");
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		fail_msg("cannot open %s", path);
	char text[1 << 14];
	len = fread(text, 1, sizeof text, f);
	fclose(f);
	tp_err e = { 0 };
	if (tp_arena_shapes_parse(text, len, path, &sh, &e) != TP_OK)
		fail_msg("%s", e.msg);
}

static struct tp_arena_play *game(int players, int gate)
{
	setup_board();
	struct tp_arena_play *g = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_arena_play_new(&sh, &bd, players, gate, &g, &e), TP_OK);
	return g;
}

static int covers(const struct tp_arena_move *m, int sq)
{
	for (int i = 0; i < m->n; i++)
		if (m->cell[i] == sq)
			return 1;
	return 0;
}

static const struct tp_arena_move *find(const struct tp_arena_move *mv, int n, int shape, int mark,
					int block, int sq)
{
	for (int i = 0; i < n; i++)
		if (mv[i].shape == shape && (mark < 0 || mv[i].mark == mark) && mv[i].block == block &&
		    covers(&mv[i], sq))
			return &mv[i];
	fail_msg("no move of shape %d mark %d block %d on square %d", shape, mark, block, sq);
	return NULL;
}

static int mult(int mark)
{
	return mark == TP_MARK_3 ? 3 : mark == TP_MARK_2 ? 2 : 1;
}

/* The first piece covers the centre, face up.  The Eye (1 square) lies
 * there one way: one move per mark in the hand (blank, "2", "3"), scoring
 * the centre's number times the mark.  The Rod (2 squares) crosses the
 * centre 4 ways (its other square left, right, above or below); a blank
 * Rod counts each once, a marked Rod twice (the mark on either square):
 * 4 + 8 + 8 moves. */
static void first_move(void **state)
{
	(void)state;
	struct tp_arena_play *g = game(2, 1000);
	const struct tp_arena_move *mv;
	int n = tp_arena_play_moves(g, &mv), eye = 0, rod = 0;
	assert_true(n > 0);
	for (int i = 0; i < n; i++) {
		assert_true(covers(&mv[i], C));
		assert_int_equal(mv[i].block, 0);
		int raw = 0;
		for (int k = 0; k < mv[i].n; k++)
			raw += squares[mv[i].cell[k]].number;
		assert_int_equal(mv[i].score, raw + (mult(mv[i].mark) - 1) * squares[mv[i].cell[0]].number);
		eye += mv[i].shape == 0;
		rod += mv[i].shape == 1;
	}
	assert_int_equal(eye, 3);
	assert_int_equal(rod, 4 + 2 * 4 + 2 * 4);
	tp_arena_play_free(g);
}

/* After an Eye on the centre, seat 2's Eye may go on the four squares
 * beside it (not diagonally), face up or as a block (half the score,
 * rounded down): 4 squares x 3 marks x 2 faces. */
static void beside_the_first(void **state)
{
	(void)state;
	struct tp_arena_play *g = game(2, 1000);
	const struct tp_arena_move *mv;
	int n = tp_arena_play_moves(g, &mv);
	tp_arena_play_apply(g, find(mv, n, 0, TP_MARK_BLANK, 0, C));
	assert_int_equal(tp_arena_play_score(g, 1), squares[C].number);
	assert_int_equal(tp_arena_play_seat(g), 2);
	n = tp_arena_play_moves(g, &mv);
	int eyes = 0;
	const int beside[4] = { C - 1, C + 1, C - SIDE, C + SIDE };
	for (int i = 0; i < n; i++) {
		if (mv[i].shape != 0)
			continue;
		eyes++;
		int ok = 0;
		for (int k = 0; k < 4; k++)
			ok |= mv[i].cell[0] == beside[k];
		assert_true(ok);
		int plain = squares[mv[i].cell[0]].number * mult(mv[i].mark);
		assert_int_equal(mv[i].score, mv[i].block ? plain / 2 : plain);
	}
	assert_int_equal(eyes, 4 * 3 * 2);
	tp_arena_play_free(g);
}

/* Below the gate every move stays inside the inner arena (the centre
 * 3 x 3 here); at the gate the outer squares open. */
static void gate(void **state)
{
	(void)state;
	struct tp_arena_play *g = game(2, 1000);
	const struct tp_arena_move *mv;
	int n;
	while (tp_arena_play_seat(g) != 0) {
		n = tp_arena_play_moves(g, &mv);
		for (int i = 0; i < n; i++)
			for (int k = 0; k < mv[i].n; k++)
				assert_true(squares[mv[i].cell[k]].inner);
		tp_arena_play_apply(g, n ? &mv[0] : NULL);
	}
	tp_arena_play_free(g);
	/* Gate = the centre's number: seat 1 reaches it with the first Eye. */
	g = game(2, squares[C].number);
	n = tp_arena_play_moves(g, &mv);
	tp_arena_play_apply(g, find(mv, n, 0, TP_MARK_BLANK, 0, C));
	n = tp_arena_play_moves(g, &mv);   /* seat 2, at 0: inner only */
	for (int i = 0; i < n; i++)
		assert_true(squares[mv[i].cell[0]].inner);
	tp_arena_play_apply(g, find(mv, n, 0, TP_MARK_BLANK, 0, C + 1));
	n = tp_arena_play_moves(g, &mv);   /* seat 1, past the gate */
	int outer = 0;
	for (int i = 0; i < n; i++)
		for (int k = 0; k < mv[i].n; k++)
			outer += !squares[mv[i].cell[k]].inner;
	assert_true(outer > 0);
	tp_arena_play_free(g);
}

static int touches(const struct tp_arena_move *m, int sq)
{
	for (int i = 0; i < m->n; i++) {
		int d = abs(m->cell[i] - sq);
		if (m->cell[i] == sq || (d == SIDE) || (d == 1 && m->cell[i] / SIDE == sq / SIDE))
			return 1;
	}
	return 0;
}

/* Plays seat `seat`'s Eye (any mark) face up on square sq, after
 * checking that none of its moves touches square `kept` (when >= 0). */
static void eye_at(struct tp_arena_play *g, int seat, int sq, int kept)
{
	const struct tp_arena_move *mv;
	assert_int_equal(tp_arena_play_seat(g), seat);
	int n = tp_arena_play_moves(g, &mv);
	for (int i = 0; kept >= 0 && i < n; i++)
		assert_false(touches(&mv[i], kept));
	tp_arena_play_apply(g, find(mv, n, 0, -1, 0, sq));
}

static int touch_count(struct tp_arena_play *g, int sq)
{
	const struct tp_arena_move *mv;
	int n = tp_arena_play_moves(g, &mv), k = 0;
	for (int i = 0; i < n; i++)
		k += touches(&mv[i], sq);
	return k;
}

/* A block (seat 2's Eye ribbed face up right of the centre) scores half,
 * rounded down.  With 2 players nobody may play beside it on the next
 * turn only; with 3 until the blocking player's next turn (seats 3 and 1
 * are kept off it, the blocker is not). */
static void block(void **state)
{
	(void)state;
	for (int players = 2; players <= 3; players++) {
		struct tp_arena_play *g = game(players, 1000);
		eye_at(g, 1, C, -1);
		const struct tp_arena_move *mv;
		int n = tp_arena_play_moves(g, &mv);
		const struct tp_arena_move *b = find(mv, n, 0, -1, 1, C + 1);
		int plain = squares[C + 1].number * (players == 2 ? mult(b->mark) : 1);
		assert_int_equal(b->score, plain / 2);
		tp_arena_play_apply(g, b);
		if (players == 2) {
			eye_at(g, 1, C - 1, C + 1);           /* kept off */
			eye_at(g, 2, C + SIDE, -1);
			assert_true(touch_count(g, C + 1) > 0); /* the turn is over */
		} else {
			eye_at(g, 3, C - 1, C + 1);           /* kept off */
			eye_at(g, 1, C - SIDE, C + 1);        /* kept off */
			assert_true(touch_count(g, C + 1) > 0); /* the blocker's turn */
			eye_at(g, 2, C + SIDE, -1);
			assert_true(touch_count(g, C + 1) > 0); /* over */
		}
		tp_arena_play_free(g);
	}
}

/* Runs: deterministic for a seed; every game won or tied; a gate above
 * every number on the board together never opens. */
static void runs(void **state)
{
	(void)state;
	setup_board();
	long total = 0;
	for (int i = 0; i < SIDE * SIDE; i++)
		total += squares[i].number * 3;
	const int strat[2][TP_SIM_MAX_SEATS] = { { 0, 0, 0, 0, 0, 0 }, { 1, 1, 1, 1, 1, 1 } };
	for (int players = 2; players <= 6; players++)
		for (int k = 0; k < 2; k++) {
			struct tp_arena_sim a, b;
			tp_err e = { 0 };
			assert_int_equal(tp_arena_simulate(&sh, &bd, players, 10, 30, 5, strat[k], NULL, &a, &e), TP_OK);
			assert_int_equal(tp_arena_simulate(&sh, &bd, players, 10, 30, 5, strat[k], NULL, &b, &e), TP_OK);
			assert_memory_equal(&a, &b, sizeof a);
			long won = a.ties;
			for (int p = 0; p < players; p++)
				won += a.wins[p];
			assert_int_equal(won, 30);
			assert_true(a.finished <= 30);
			assert_true(a.finished < 30 || a.pieces_left == 0);
			assert_int_equal(tp_arena_simulate(&sh, &bd, players, (int)total + 1, 10, 5, strat[k], NULL, &a, &e),
					 TP_OK);
			assert_int_equal(a.gate_games, 0);
		}
}

/* check's gate warning (tp_arena_gate_check) gives the figures of a full
 * run (tp_arena_simulate, every seat greedy) and tp_arena_gate_for_half:
 * the hands that reach the gate exactly when under half (and the gate for
 * half), else at least half.  Gates from 1 to past the board's inner
 * total, 2..6 players, on the default 19 x 19 board and a 25 x 25 one with a
 * square inner arena. */
static void gate_check_board(const struct tp_arena_board *b, long inner_total)
{
	static const int greedy[TP_SIM_MAX_SEATS] = { 1, 1, 1, 1, 1, 1 };
	const int games = 6;
	long gates[] = { 1, inner_total / 16, inner_total / 8, inner_total / 4, inner_total / 2,
			 inner_total + 1 };
	int warned = 0, passed = 0;
	for (size_t gi = 0; gi < sizeof gates / sizeof gates[0]; gi++)
		for (int players = 2; players <= 6; players++) {
			int gate = gates[gi] < 1 ? 1 : (int)gates[gi];
			if (tp_arena_piece_squares(&sh, players) > b->rows * b->cols)
				continue;
			struct tp_arena_sim full;
			long reached, fix, want = 0, hands = (long)games * players;
			tp_err e = { 0 };
			assert_int_equal(tp_arena_simulate(&sh, b, players, gate, games, 3, greedy, NULL, &full, &e),
					 TP_OK);
			assert_int_equal(tp_arena_gate_check(&sh, b, players, gate, games, 3, NULL, &reached, &fix, &e),
					 TP_OK);
			for (int p = 0; p < players; p++)
				want += full.gate_reached[p];
			if (2 * want >= hands) {
				assert_true(2 * reached >= hands);
				assert_true(reached <= want);
				passed++;
				continue;
			}
			long want_fix;
			assert_int_equal(tp_arena_gate_for_half(&sh, b, players, games, 3, NULL, &want_fix, &e), TP_OK);
			if (reached != want || fix != want_fix)
				fail_msg("gate %d, %d players: %ld reached, gate %ld for half; a full run says %ld, %ld",
					 gate, players, reached, fix, want, want_fix);
			warned++;
		}
	/* Both outcomes were compared. */
	assert_true(warned > 0 && passed > 0);
}

static void gate_check(void **state)
{
	(void)state;
	setup_board();   /* the shapes; 7 x 7 holds no player count's pieces */
	struct tp_arena_rules r;
	tp_arena_rules_default(&r);
	for (int k = 0; k < 2; k++) {
		if (k == 1) {
			r.side = 25;
			r.inner = TP_INNER_SQUARE;
		}
		struct tp_arena_board *b = NULL;
		tp_err e = { 0 };
		assert_int_equal(tp_arena_board_derive(&r, &b, &e), TP_OK);
		gate_check_board(b, b->inner_total);
		tp_arena_board_free(b);
	}
}

/* The seat to move may not touch square sq; it then plays its first
 * smallest piece (or passes when it has none). */
static void kept_off_then_play(struct tp_arena_play *g, int seat, int sq)
{
	const struct tp_arena_move *mv;
	assert_int_equal(tp_arena_play_seat(g), seat);
	int n = tp_arena_play_moves(g, &mv), best = 0;
	for (int i = 0; i < n; i++) {
		assert_false(touches(&mv[i], sq));
		if (mv[i].n < mv[best].n)
			best = i;
	}
	tp_arena_play_apply(g, n ? &mv[best] : NULL);
}

/* Seed 002, four players: in pairs "the blocking shape remains in force
 * for one turn only so that the partner of the player who first blocks
 * may play onto the blocking shape"; playing individually "a blocking move
 * remains in force until the blocking player receives his or her next
 * turn".  Seat 2 blocks beside the centre: seat 3 is kept off it either
 * way; seat 4 may touch it in pairs, not individually, nor may seat 1;
 * on seat 2's turn it is over. */
static void teams_block(void **state)
{
	(void)state;
	for (int teams = TP_ARENA_TEAMS_PAIRS; teams <= TP_ARENA_TEAMS_INDIVIDUAL; teams++) {
		struct tp_arena_play *g = game(4, 0);   /* no gate: room round the block */
		tp_arena_play_teams(g, teams);
		eye_at(g, 1, C, -1);
		const struct tp_arena_move *mv;
		int n = tp_arena_play_moves(g, &mv);
		tp_arena_play_apply(g, find(mv, n, 0, -1, 1, C + 1));
		eye_at(g, 3, C - 1, C + 1);
		if (teams == TP_ARENA_TEAMS_PAIRS) {
			assert_int_equal(tp_arena_play_seat(g), 4);
			assert_true(touch_count(g, C + 1) > 0);
		} else {
			eye_at(g, 4, C + SIDE, C + 1);
			kept_off_then_play(g, 1, C + 1);
			assert_int_equal(tp_arena_play_seat(g), 2);
			assert_true(touch_count(g, C + 1) > 0);
		}
		tp_arena_play_free(g);
	}
}

/* Seed 002's die game: "the die is thrown by each player in turn who then
 * has to play one of his pieces having the number of squares shown".  On
 * every turn of random games the moves offered are exactly those of all
 * the seat's moves (listed again here without the die) that cover as many
 * squares as the throw (read from a copy of the stream); none of that
 * size and some of another: the seat passes for the throw (skip), which
 * does not end the game; every game ends. */
static void die_turns(void **state)
{
	(void)state;
	static struct tp_arena_move seen[1 << 14];
	struct tp_arena_way w = { TP_ARENA_VARIANT_DIE, TP_ARENA_START_COIN, TP_ARENA_TEAMS_PAIRS };
	long skips = 0, played = 0;
	for (int k = 0; k < 12; k++) {
		struct tp_arena_play *g = game(2 + k % 2, 1000);
		struct tp_rng rng = tp_rng_game(11, k), pick = tp_rng_game(12, k);
		tp_arena_play_way(g, &w, &rng);
		int turns = 0;
		while (tp_arena_play_seat(g) != 0) {
			assert_true(++turns < 5000);
			struct tp_rng copy = rng;
			int pips = (int)tp_rng_below(&copy, 6) + 1, skip;
			const struct tp_arena_move *mv;
			int n = tp_arena_way_moves(g, &w, &rng, &mv, &skip);
			assert_true(n >= 0 && n <= (int)(sizeof seen / sizeof seen[0]));
			if (n > 0) /* a pass hands back no list at all */
				memcpy(seen, mv, sizeof *mv * (size_t)n);
			tp_arena_play_throw(g, 0);
			const struct tp_arena_move *all;
			int na = tp_arena_play_moves(g, &all), of_size = 0;
			for (int i = 0; i < na; i++)
				of_size += all[i].n == pips;
			for (int i = 0; i < n; i++)
				assert_int_equal(seen[i].n, pips);
			assert_int_equal(n, of_size);
			assert_int_equal(skip, n == 0 && na > 0);
			if (skip) {
				skips++;
				tp_arena_play_skip(g);
			} else {
				played += n > 0;
				tp_arena_play_apply(g, n ? &seen[tp_rng_below(&pick, (unsigned long long)n)] : NULL);
			}
		}
		tp_arena_play_free(g);
	}
	assert_true(skips > 0);
	assert_true(played > 0);
}

/* "The commencing playing can be chosen by the toss of a coin or by one
 * player concealing an 'Eye' in one or other of his hands.  A correct
 * guess means that the guessing player starts": over many games the coin
 * lets every seat start about as often; the Eye only the hider (seat 1)
 * and the guesser (seat 2), about half each. */
static void first_player(void **state)
{
	(void)state;
	const int games = 600;
	for (int players = 2; players <= 6; players++) {
		long coin[7] = { 0 }, eye[7] = { 0 };
		for (int k = 0; k < games; k++) {
			struct tp_arena_play *g = game(players, 1000);
			struct tp_rng rng = tp_rng_game(21, k);
			coin[tp_arena_play_first(g, TP_ARENA_START_COIN, &rng)]++;
			eye[tp_arena_play_first(g, TP_ARENA_START_EYE, &rng)]++;
			assert_int_equal(tp_arena_play_seat(g), tp_arena_play_seat(g));
			tp_arena_play_free(g);
		}
		for (int s = 1; s <= players; s++) {
			double share = (double)coin[s] / games;
			assert_true(share > 0.7 / players && share < 1.3 / players);
		}
		assert_int_equal(eye[1] + eye[2], games);
		assert_true(eye[1] > games * 0.4 && eye[2] > games * 0.4);
	}
}

/* Every way plays deterministically: the same seed, the same run. */
static void ways_deterministic(void **state)
{
	(void)state;
	setup_board();
	const int greedy[TP_SIM_MAX_SEATS] = { 1, 1, 1, 1, 1, 1 };
	for (int variant = 0; variant < 2; variant++)
		for (int start = 0; start < 2; start++)
			for (int teams = 0; teams < 2; teams++) {
				struct tp_arena_way w = { variant, start, teams };
				struct tp_arena_sim a, b;
				tp_err e = { 0 };
				assert_int_equal(tp_arena_simulate(&sh, &bd, 4, 10, 8, 5, greedy, &w, &a, &e), TP_OK);
				assert_int_equal(tp_arena_simulate(&sh, &bd, 4, 10, 8, 5, greedy, &w, &b, &e), TP_OK);
				assert_memory_equal(&a, &b, sizeof a);
				long started = 0;
				for (int p = 0; p < 4; p++)
					started += a.started[p];
				assert_int_equal(started, 8);
				if (start == TP_ARENA_START_EYE)
					assert_int_equal(a.started[2] + a.started[3], 0);
			}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(first_move),
		cmocka_unit_test(beside_the_first),
		cmocka_unit_test(gate),
		cmocka_unit_test(block),
		cmocka_unit_test(runs),
		cmocka_unit_test(gate_check),
		cmocka_unit_test(teams_block),
		cmocka_unit_test(die_turns),
		cmocka_unit_test(first_player),
		cmocka_unit_test(ways_deterministic),
	};
	return cmocka_run_group_tests_name("arena simulator", tests, NULL, NULL);
}
