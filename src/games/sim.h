#ifndef TP_SIM_H
#define TP_SIM_H

/* What the games' play simulators share (`tilepress simulate`): the
 * strategies and a small deterministic random stream.  Pure: no I/O. */

enum tp_strategy {
	TP_STRATEGY_RANDOM, /* a legal move chosen uniformly */
	TP_STRATEGY_GREEDY, /* the move best for this turn alone (ties at random) */
	TP_STRATEGY_N
};
extern const char *const tp_strategy_names[TP_STRATEGY_N]; /* "random", "greedy" */

#define TP_SIM_MAX_SEATS 6

/* What `simulate` was asked for. */
struct tp_sim_opts {
	int games;                          /* games to play, >= 1 */
	unsigned long long seed;            /* the same seed, the same games */
	int players;                        /* arena: players, 0 = arena.players */
	int strategy[TP_SIM_MAX_SEATS];     /* per seat (enum tp_strategy) */
	int fmt;                            /* enum tp_format */
};

/* splitmix64: the same seed gives the same stream on every machine. */
struct tp_rng {
	unsigned long long s;
};

static inline unsigned long long tp_rng_next(struct tp_rng *g)
{
	unsigned long long z = (g->s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in 0..n-1 (n >= 1), without modulo bias. */
static inline unsigned long long tp_rng_below(struct tp_rng *g, unsigned long long n)
{
	unsigned long long lim = -n % n;
	for (;;) {
		unsigned long long x = tp_rng_next(g);
		if (x >= lim)
			return x % n;
	}
}

/* The stream of game k of a run seeded s: games are independent of one
 * another, so game k plays the same however many games are asked for. */
static inline struct tp_rng tp_rng_game(unsigned long long seed, long k)
{
	struct tp_rng g = { seed ^ (0xd1b54a32d192ed03ULL * (unsigned long long)(k + 1)) };
	tp_rng_next(&g);
	return g;
}

#endif
