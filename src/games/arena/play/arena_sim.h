#ifndef TP_ARENA_SIM_H
#define TP_ARENA_SIM_H

/* The shape arena played by the seed's rules (`tilepress simulate`): a
 * game in progress with its legal moves, and a run of games between
 * simple strategies.  Pure: no I/O; the same seed, the same games.
 *
 * The rules played (seed 002):
 *  - the pieces are dealt as tp_arena_deal; seats move in turn from 1;
 *  - the first piece covers the centre square, face up; every later piece
 *    covers squares edge-adjacent to a piece already played ("not
 *    diagonally"), on empty squares of the board;
 *  - a player whose total is below the gate plays inside the inner arena;
 *    from the gate on, anywhere;
 *  - a piece scores the numbers it covers; with 2 and 4 players the "2" or
 *    "3" on a piece (on its first cell) multiplies the number under it;
 *  - a piece may be played ribbed face up (a block: the shape mirrored,
 *    never the first piece of the game); it scores half, rounded down, and
 *    no piece may then be placed edge-adjacent to it, with 2 players and 4
 *    (two pairs) for the next turn only, with 3, 5 and 6 until the blocking
 *    player's next turn;
 *  - a player who cannot place a piece passes; the game ends when every
 *    piece is played or a whole round passes without a piece placed. */

#include "games/arena/model/arena_core.h"
#include "games/sim.h"

struct tp_arena_move {
	int shape;   /* index into the shapes */
	int mark;    /* enum tp_arena_mark of the piece played */
	int block;   /* 1: ribbed face up */
	int n;       /* squares covered */
	int cell[6]; /* row * cols + col; cell[0] carries the piece's mark */
	int score;   /* what it scores */
};

struct tp_arena_play;

/* The ways to play (seed 002) beyond the standard game. */
struct tp_arena_way {
	int variant;   /* enum tp_arena_variant: standard, or die (a throw each turn) */
	int start;     /* enum tp_arena_start: who moves first, by coin or the Eye */
	int teams;     /* enum tp_arena_teams: four players in pairs or individually */
};

/* A new game on board b (not copied: it must outlive the game) for
 * `players` (2..6) with the gate `gate`.  TP_OK, TP_EINPUT for players
 * out of range, TP_EIO when memory runs out; *out NULL on failure. */
int tp_arena_play_new(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
		      int players, int gate, struct tp_arena_play **out, tp_err *e);
void tp_arena_play_free(struct tp_arena_play *g);

/* The seat to move (1-based), 0 when the game is over. */
int tp_arena_play_seat(const struct tp_arena_play *g);
long tp_arena_play_score(const struct tp_arena_play *g, int seat);
/* Pieces still in a seat's hand. */
int tp_arena_play_left(const struct tp_arena_play *g, int seat);
/* The owner (seat) of a square, 0 when empty. */
int tp_arena_play_owner(const struct tp_arena_play *g, int square);

/* The legal moves of the seat to move, each placement once (a blank
 * piece's turns that cover the same squares count once); *moves points
 * into g, valid until the next call.  Returns how many (0: the seat must
 * pass), -1 when memory runs out. */
int tp_arena_play_moves(struct tp_arena_play *g, const struct tp_arena_move **moves);

/* Plays m (one of the moves just listed), or passes when m is NULL. */
void tp_arena_play_apply(struct tp_arena_play *g, const struct tp_arena_move *m);


/* The way the rules r name. */
static inline struct tp_arena_way tp_arena_way_of(const struct tp_arena_rules *r)
{
	struct tp_arena_way w = { r->variant, r->start, r->teams };
	return w;
}

/* Sets up a new game for way w (NULL: seat 1 starts, pairs; the standard
 * game as tp_arena_play_new leaves it): with four players playing
 * individually a block holds until the blocker's next turn; the first seat
 * by a coin (uniform over the seats) or by the Eye (seat 1 hides it, seat
 * 2 guesses the hand; a right guess starts seat 2), drawn from rng. */
void tp_arena_play_way(struct tp_arena_play *g, const struct tp_arena_way *w, struct tp_rng *rng);
/* Its two parts: the teams (four players: pairs or individual; no effect
 * for other counts), and the first seat by `start` from rng (returned). */
void tp_arena_play_teams(struct tp_arena_play *g, int teams);
int tp_arena_play_first(struct tp_arena_play *g, int start, struct tp_rng *rng);

/* The die game: the seat to move threw `pips`; the next listing holds only
 * pieces of that many squares (0: any).  Cleared by the next apply/skip. */
void tp_arena_play_throw(struct tp_arena_play *g, int pips);

/* The die game: the seat passes because of the throw (it holds a piece of
 * another size it could place): the turn moves on, but the pass does not
 * count towards the end of the game (a round without a placement). */
void tp_arena_play_skip(struct tp_arena_play *g);

/* A move by the strategy (n > 0): uniform, or the highest value(m, ctx)
 * with ties uniform (reservoir sampling: one pass, the same stream on every
 * machine).  Both the racing and the collecting game choose through it. */
const struct tp_arena_move *tp_arena_choose(const struct tp_arena_move *mv, int n, int strategy,
					    int (*value)(const struct tp_arena_move *m,
							 const void *ctx),
					    const void *ctx, struct tp_rng *rng);

/* What a run of games reports. */
struct tp_arena_sim {
	int players, games, gate;
	int strategy[TP_SIM_MAX_SEATS];
	long finished;                      /* games in which every piece was played */
	long wins[TP_SIM_MAX_SEATS];        /* games a seat won alone */
	long ties;                          /* games with a shared top score */
	double score[TP_SIM_MAX_SEATS];     /* mean final score */
	long gate_reached[TP_SIM_MAX_SEATS];/* games in which the seat reached the gate */
	long gate_games;                    /* games in which someone reached it */
	double gate_round;                  /* mean round (1-based) it first opened, over those */
	double pieces_left;                 /* mean pieces unplayed a game */
	double blocks;                      /* mean blocks a game */
	double turns;                       /* mean turns a game (passes included) */
	struct tp_arena_way way;            /* the way played (all 0: standard, coin, pairs) */
	int seat_one_first;                 /* no way given: seat 1 always started */
	long started[TP_SIM_MAX_SEATS];     /* games the seat moved first */
};

/* Plays `games` games of `players` on board b, seat s using strategy[s-1],
 * the way w (NULL: the standard game, seat 1 first); game k's stream is
 * tp_rng_game(seed, k).  TP_OK, or TP_EIO when memory runs out (TP_EINPUT
 * for players out of range). */
int tp_arena_simulate(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
		      int players, int gate, int games, unsigned long long seed,
		      const int strategy[TP_SIM_MAX_SEATS], const struct tp_arena_way *w,
		      struct tp_arena_sim *out, tp_err *e);

/* One turn's moves under way w (NULL or standard: tp_arena_play_moves):
 * in the die game throws the die from rng and lists the pieces of that
 * size; *skip is then 1 when none of them fits but a piece of another size
 * would (pass with tp_arena_play_skip).  As tp_arena_play_moves returns. */
int tp_arena_way_moves(struct tp_arena_play *g, const struct tp_arena_way *w, struct tp_rng *rng,
		       const struct tp_arena_move **mv, int *skip);

/* (These two play way w, NULL the standard game with seat 1 first.)
 * The gate at least half the players of `games` greedy games reach when
 * play never leaves the inner arena (the median of their final scores,
 * rounded down to a score someone made): what `check` suggests when the
 * gate is poor.  TP_OK or TP_EIO. */
int tp_arena_gate_for_half(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
			   int players, int games, unsigned long long seed, const struct tp_arena_way *w,
			   long *gate, tp_err *e);

/* check's gate warning for `players` greedy seats, as tp_arena_simulate
 * and tp_arena_gate_for_half would give it but cheaper: *reached is how
 * many of the games x players hands reach gate when that is under half
 * (exact; *fix is then tp_arena_gate_for_half's gate), else at least half
 * (the games stop once half have reached it; *fix 0).  A game in which
 * nobody reaches the gate is the closed game tp_arena_gate_for_half plays
 * and is not played again.  TP_OK or TP_EIO. */
int tp_arena_gate_check(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
			int players, int gate, int games, unsigned long long seed,
			const struct tp_arena_way *w, long *reached, long *fix, tp_err *e);

/* Reports a run: text, csv (`seat,strategy,wins,mean_score,reached_gate,started`
 * rows then `all` with the totals) or json; each names the way played. */
void tp_arena_sim_format(struct tp_buf *b, const struct tp_arena_sim *s, int fmt);

/* ---- the collecting game (arena.marking = colours or pictures; arena_collect.c)
 *
 * The rule played (the seed's "cover and thereby capture certain numbers
 * of certain colours"): the pieces are dealt and placed as above, with
 * no gate (the outer arena is open from the start: there are no points)
 * and no marks (a piece captures each position it covers once); each
 * coloured position a piece covers gives its player a counter of that
 * colour, placed on the player's chart if the chart still has an empty
 * place of that colour.  A chart holds `need` places of each colour; the
 * first player whose chart is full wins, and the game ends there.  If
 * every piece is played (or a round passes) first, nobody wins.  The
 * greedy strategy plays the move that fills the most empty places of its
 * chart (ties at random); random plays any legal move. */
struct tp_arena_collect_sim {
	int players, games, need, colours;
	int strategy[TP_SIM_MAX_SEATS];
	long completed;                     /* games that ended with a full chart */
	long wins[TP_SIM_MAX_SEATS];
	double round;                       /* mean round (1-based) a chart was filled, over those */
	double filled[TP_SIM_MAX_SEATS];    /* mean places filled at the end, of need * colours */
	double captured[TP_SIM_MAX_SEATS];  /* mean counters captured (kept or not) */
	double turns;                       /* mean turns a game */
};

/* Plays `games` collecting games of `players` on colour board b (classes
 * 1..colours), each chart `need` of every colour, the way w (NULL: the
 * standard game, seat 1 first); game k's stream is
 * tp_rng_game(seed, k).  TP_OK, TP_EINPUT for players out of range, TP_EIO
 * when memory runs out. */
int tp_arena_collect_simulate(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
			      int players, int colours, int need, int games,
			      unsigned long long seed, const int strategy[TP_SIM_MAX_SEATS],
			      const struct tp_arena_way *w, struct tp_arena_collect_sim *out, tp_err *e);

/* Reports a run: text, csv (`seat,strategy,wins,mean_filled,mean_captured`
 * rows, then `all` with the games completed) or json. */
void tp_arena_collect_format(struct tp_buf *b, const struct tp_arena_collect_sim *s, int fmt);

#endif
