/* The vector tiles' rules that play poorly: a warning with the figure, for
 * `check` and the build summary (exit 0; the refusals are in
 * vector_play.c).  The refusals only ask that a route home exists; on a
 * large board whose centre is blanks most games never end, which a
 * designer should hear before printing it. */

#include <stdio.h>

#include "games/vector/config/vector_config.h"
#include "games/vector/play/vector_sim.h"

#define FINISH_GAMES TP_VEC_FINISH_GAMES
#define FINISH_SEED 1

long tp_vector_won_random(const struct tp_vector_rules *r)
{
	struct tp_vector_model *m = NULL;
	tp_err e = { 0 };
	if (tp_vector_derive(r, &m, &e) != TP_OK)
		return -1;
	int strategy[TP_SIM_MAX_SEATS];
	for (int i = 0; i < TP_SIM_MAX_SEATS; i++)
		strategy[i] = TP_STRATEGY_RANDOM;
	struct tp_vector_sim s;
	int rc = tp_vector_simulate(r, m, FINISH_GAMES, FINISH_SEED, strategy, &s, &e);
	tp_vector_free(m);
	if (rc != TP_OK)
		return -1;
	return FINISH_GAMES - s.unfinished;
}

/* A board that plays (tp_vector_reaches) and on which at least half the
 * games are won; *ctx gets the games won. */
static int ends(const struct tp_vector_rules *c, void *ctx)
{
	long *won = ctx;
	if (tp_vector_reaches(c) != 1)   /* (out of memory: no offer) */
		return 0;
	*won = tp_vector_won_random(c);
	return 2 * *won >= FINISH_GAMES;
}

/* More vectors a tile on the same board (per_tile + 1, ...) with blanks
 * to fill it, on which at least half the games are won, into *t; 0 when
 * none: tiles of two vectors leave few routes on any board.  Every k up
 * to n_dirs is tried: C(n_dirs, k) falls again past n_dirs / 2, so tiles
 * of k + 2 vectors may fit a board those of k + 1 overfill. */
static int tiles_that_end(const struct tp_vector_rules *r, struct tp_vector_rules *t, long *won)
{
	long area = (long)r->rows * r->cols;
	for (int k = r->per_tile + 1; k <= r->n_dirs; k++) {
		struct tp_vector_rules c = *r;
		c.per_tile = k;
		long blanks = area - tp_vector_binom(r->n_dirs, k) - 2L * r->players;
		if (blanks < 0)
			continue;
		c.blanks = (int)blanks;
		if (ends(&c, won)) {
			*t = c;
			return 1;
		}
	}
	return 0;
}

/* vector.blanks_placed = players: the blanks may be laid anywhere, so
 * enough of them can wall a player in: round its start tile (the first
 * move goes to any bordering square) or before its home (the squares a
 * vector along the directions key leads home from).  The fewest such
 * squares of any player, when the blanks can fill them: 1 and the line. */
static int wall_warning(const struct tp_vector_rules *r, char *out)
{
	struct tp_vector_model *m = NULL;
	tp_err e = { 0 };
	if (r->blanks_placed != TP_BLANKS_PLAYERS || r->blanks == 0 || tp_vector_derive(r, &m, &e) != TP_OK)
		return 0;
	int rows = m->rows, cols = m->cols, least = -1, who = 0, at_home = 0;
	for (int i = 0; i < rows * cols; i++) {
		const struct tp_vtile *tl = &m->grid[i];
		if (tl->kind != TP_VK_START && tl->kind != TP_VK_HOME)
			continue;
		int k = 0;
		for (int d = 0; d < TP_N_DIRS; d++) {
			int use = tl->kind == TP_VK_START;
			for (int j = 0; j < r->n_dirs && !use; j++)
				use = r->dirs[j] == d;
			if (!use)
				continue;
			/* start: the bordering square; home: the square a step d leads in from */
			int sgn = tl->kind == TP_VK_START ? 1 : -1;
			int r2 = i / cols + sgn * tp_compass_dr[d], c2 = i % cols + sgn * tp_compass_dc[d];
			if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols)
				continue;
			int kind = m->grid[r2 * cols + c2].kind;
			k += kind == TP_VK_VECTOR || kind == TP_VK_BLANK;
		}
		if (least < 0 || k < least) {
			least = k;
			who = tl->player;
			at_home = tl->kind == TP_VK_HOME;
		}
	}
	tp_vector_free(m);
	if (least < 0 || r->blanks < least)
		return 0;
	snprintf(out, 200,
		 "vector.blanks_placed = players: the %d blanks can wall in player %d's %s tile (%d square%s %s it); the seed leaves such play to the players",
		 r->blanks, who, at_home ? "home" : "start", least, least == 1 ? "" : "s",
		 at_home ? "lead into" : "border");
	return 1;
}

int tp_vector_warnings(const struct tp_config *c, char out[][200], int max)
{
	const struct tp_vector_rules *r = &tp_vector(c)->rules;
	int n = max > 0 ? wall_warning(r, out[0]) : 0;
	out += n;
	max -= n;
	long won = tp_vector_won_random(r), fix_won = 0;
	if (max < 1 || won < 0 || 2 * won >= FINISH_GAMES)
		return n;
	/* The key named is the one the offer changes. */
	struct tp_vector_rules t;
	int board = tp_vector_near_square(r, ends, &fix_won, &t);
	int tiles = !board && tiles_that_end(r, &t, &fix_won);
	char now[120];
	snprintf(now, sizeof now,
		 "vector.%s = %d: %ld of %d random games on the %d x %d board have a winner (few routes home)",
		 tiles ? "per_tile" : "blanks", tiles ? r->per_tile : r->blanks, won, FINISH_GAMES,
		 r->rows, r->cols);
	if (board)
		snprintf(out[0], 200, "%s; on %d x %d with vector.blanks = %d, %ld do", now, t.rows,
			 t.cols, t.blanks, fix_won);
	else if (tiles)
		snprintf(out[0], 200, "%s; with vector.per_tile = %d and vector.blanks = %d, %ld do",
			 now, t.per_tile, t.blanks, fix_won);
	else
		snprintf(out[0], 200, "%s; no smaller board of these tiles does better", now);
	return n + 1;
}
