#ifndef TP_VECTOR_SIM_H
#define TP_VECTOR_SIM_H

/* The vector tiles played by the seed's rules (`tilepress simulate`): a
 * game in progress with its legal moves, and runs of games between simple
 * strategies.  Pure: no I/O; the same seed, the same games.
 *
 * The rules played (seed 001):
 *  - phase 1: the vector tiles are laid on the squares the set-up leaves
 *    them, in a random order (the seed's variation with the tiles face
 *    down; the start, home and blank tiles stay as set up); with
 *    vector.blanks_placed = players the blank tiles are laid in the same
 *    random order with them, anywhere but the start and home tiles;
 *  - phase 2: seats move in turn from 1, one square at a time.  The first
 *    move goes to any vector tile bordering the start tile (8 neighbours,
 *    as FIG. 2's "36, 38 or 40"); every later move goes one square along a
 *    vector of the tile the previous player's piece stands on (with one
 *    player, its own); a start tile shows none, so from one any bordering
 *    square will do;
 *  - a piece may move onto a vector tile no other piece stands on, or onto
 *    its own home tile, which wins; blanks, the board's edges and the other
 *    start and home tiles are walls;
 *  - a player with no move passes or loses (vector.stuck); a game in which
 *    a whole round passes, or that runs past 64 moves a square, ends
 *    without a winner. */

#include "games/sim.h"
#include "games/vector/model/vector_core.h"

struct tp_vector_play;

/* A game on a copy of the set-up grid (rows x cols, as a model's).
 * TP_OK, TP_EINPUT (players 1..4 without their start and home tiles),
 * TP_EIO; *out NULL on failure. */
int tp_vector_play_new(const struct tp_vector_rules *r, const struct tp_vtile *grid,
		       struct tp_vector_play **out, tp_err *e);
void tp_vector_play_free(struct tp_vector_play *g);

/* The seat to move (1-based), 0 when the game is over. */
int tp_vector_play_seat(const struct tp_vector_play *g);
/* The winner, 0 while none. */
int tp_vector_play_winner(const struct tp_vector_play *g);

/* The squares the seat to move may move to, into to[] (at most 8);
 * returns how many (0: stuck). */
int tp_vector_play_moves(const struct tp_vector_play *g, int to[8]);

/* Moves the seat to move to square `to` (one of the moves), or, with -1,
 * records it as stuck (it passes or loses by vector.stuck). */
void tp_vector_play_apply(struct tp_vector_play *g, int to);

/* Phase 1 on a copy of the set-up grid (n squares): the vector tiles in a
 * random order over their squares, and with blanks_too (vector.
 * blanks_placed = players) the blank tiles with them, anywhere but the
 * start and home tiles.  idx: scratch of n ints. */
void tp_vector_lay(struct tp_vtile *grid, long n, int *idx, struct tp_rng *rng, int blanks_too);

/* What a run of games reports. */
struct tp_vector_sim {
	int players, games, stuck_rule;
	int blanks_placed;     /* enum tp_vector_blanks */
	int strategy[TP_SIM_MAX_SEATS];
	long wins[TP_SIM_MAX_SEATS];
	long unfinished;       /* games without a winner */
	long capped;           /* of those, games stopped at the move limit */
	long stuck_games;      /* games in which some player was stuck */
	long stuck_turns;      /* turns on which a player was stuck, over all games */
	long first_stall;      /* games whose second turn (the first reply) was stuck */
	double moves_to_home;  /* the winner's own moves, mean over won games */
	double turns;          /* turns a game, mean */
};

/* Plays `games` games (phase 1 laid at random, phase 2 by the strategies,
 * seat s strategy[s-1]) on the set-up of model m; game k's stream is
 * tp_rng_game(seed, k).  TP_OK or TP_EIO. */
int tp_vector_simulate(const struct tp_vector_rules *r, const struct tp_vector_model *m,
		       int games, unsigned long long seed, const int strategy[TP_SIM_MAX_SEATS],
		       struct tp_vector_sim *out, tp_err *e);

/* Random games the finish warning (and a refusal's offer of more
 * vectors a tile) plays: enough to tell a board on which most games end
 * from one on which few do, quick enough for every build. */
#define TP_VEC_FINISH_GAMES 40

/* Games with a winner of TP_VEC_FINISH_GAMES random games (seed 1) by
 * rules r (the board's counts fit), or -1 when they cannot be played. */
long tp_vector_won_random(const struct tp_vector_rules *r);

/* Reports a run: text, csv (`seat,strategy,wins` rows, then `unfinished`,
 * `stuck_games`, `first_move_stalls` rows in the wins column) or json. */
void tp_vector_sim_format(struct tp_buf *b, const struct tp_vector_sim *s, int fmt);

#endif
