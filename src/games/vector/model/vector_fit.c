/* The rules check and the counts equation of the vector tiles, with the
 * suggestions a misfit message offers (contract in vector_core.h). */
#include "games/vector/model/vector_core.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/vector/model/vector_internal.h"
#include "games/vector/play/vector_sim.h"

/* A message being assembled in the caller's buffer. */
struct msg {
	char *s;
	size_t n, len;
};

static void add(struct msg *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(struct msg *w, const char *fmt, ...)
{
	if (w->n == 0 || w->len >= w->n)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(w->s + w->len, w->n - w->len, fmt, ap);
	va_end(ap);
	if (k > 0)
		w->len += (size_t)k;
}

static int refuse(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int refuse(char *why, size_t n, const char *fmt, ...)
{
	if (n > 0) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(why, n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Each rule in its range; -1 with the reason otherwise. */
static int check_rules(const struct tp_vector_rules *r, char *why, size_t n)
{
	if (r->rows < 1 || r->rows > TP_VEC_MAX_SIDE || r->cols < 1 || r->cols > TP_VEC_MAX_SIDE)
		return refuse(why, n, "board %d x %d: rows and cols must be 1..%d", r->rows, r->cols,
			      TP_VEC_MAX_SIDE);
	if (r->rows < 2)
		return refuse(why, n, "a board of 1 row has no opposite end for the home tiles: rows must be 2..%d",
			      TP_VEC_MAX_SIDE);
	if (r->n_dirs < 1 || r->n_dirs > TP_N_DIRS)
		return refuse(why, n, "%d directions: must be 1..%d of n ne e se s sw w nw", r->n_dirs,
			      TP_N_DIRS);
	unsigned seen = 0;
	for (int i = 0; i < r->n_dirs; i++) {
		int d = r->dirs[i];
		if (d < 0 || d >= TP_N_DIRS)
			return refuse(why, n, "direction %d is not a compass point (0..7: n ne e se s sw w nw)", d);
		if (seen & (1u << d))
			return refuse(why, n, "'%s' is repeated; give each direction once", tp_compass_names[d]);
		seen |= 1u << d;
	}
	if (r->per_tile < 1 || r->per_tile > r->n_dirs)
		return refuse(why, n, "per_tile %d: must be 1..%d (the number of directions)", r->per_tile,
			      r->n_dirs);
	if (r->blanks < 0)
		return refuse(why, n, "blanks %d: must be 0 or more", r->blanks);
	if (r->players < 1 || r->players > TP_VEC_MAX_PLAYERS)
		return refuse(why, n, "players %d: must be 1..%d (one per symbol: circle, square, hexagon, octagon)",
			      r->players, TP_VEC_MAX_PLAYERS);
	for (int p = 0; p < r->players; p++) {
		int s = r->symbol[p];
		if (s < 0 || s >= TP_VEC_MAX_PLAYERS)
			return refuse(why, n, "player %d: symbol %d is not 0..%d (circle, square, hexagon, octagon)",
				      p + 1, s, TP_VEC_MAX_PLAYERS - 1);
		for (int q = 0; q < p; q++)
			if (r->symbol[q] == s)
				return refuse(why, n, "players %d and %d both use the %s", q + 1, p + 1,
					      tp_vector_symbol_names[s]);
	}
	if (r->cols < r->players)
		return refuse(why, n, "%d players need %d start tiles side by side on the bottom row, but the board has %d col%s",
			      r->players, r->players, r->cols, r->cols == 1 ? "" : "s");
	return 0;
}

/* The smallest board (rows + d) x (cols + d) that holds `tiles` and obeys
 * check_rules (a side of 1 stays 1); 0 when there is none. */
static int grow_board(const struct tp_vector_rules *r, long tiles, int *R, int *C)
{
	for (int d = -(r->rows - 2); r->rows + d <= TP_VEC_MAX_SIDE; d++) {
		int rr = r->rows + d, cc = r->cols == 1 ? 1 : r->cols + d;
		if (cc < r->players || cc > TP_VEC_MAX_SIDE)
			continue;
		if ((long)rr * cc >= tiles) {
			*R = rr;
			*C = cc;
			return 1;
		}
	}
	return 0;
}

/* The per_tile nearest the current one (ties: the smaller) other than it
 * whose tiles number exactly `want` (exact) or at most `want` (!exact);
 * 0 when none. */
static int near_per_tile(const struct tp_vector_rules *r, long want, int exact)
{
	for (int dist = 1; dist < TP_N_DIRS; dist++)
		for (int side = -1; side <= 1; side += 2) {
			int k = r->per_tile + side * dist;
			if (k < 1 || k > r->n_dirs)
				continue;
			long v = tp_vector_binom(r->n_dirs, k);
			if (exact ? v == want : v <= want)
				return k;
		}
	return 0;
}

static int offer(const struct tp_vector_rules *r, int rows, int cols, int per_tile, long blanks,
		 int *oom);

/* The per_tile other than r's whose tiles, with blanks to fill the board
 * (area, sh start and home tiles), fit it: the nearest (ties: the
 * smaller).  With play, of those that can be played (claim 1's two or
 * more a tile, offer()) the nearest on which half of the finish warning's
 * random games have a winner, else the nearest that can be played: per
 * tile 2 fills a board but leaves few routes home (1 player on 8 x 8 was
 * offered per_tile = 2 with 34 blanks, on which 0 of 40 games end, when
 * per_tile = 5 with 6 blanks ends 36).  0 when none. */
static int per_tile_with_blanks(const struct tp_vector_rules *r, long area, long sh, int play,
				int *oom)
{
	int first = 0;
	for (int dist = 1; dist < TP_N_DIRS; dist++)
		for (int side = -1; side <= 1; side += 2) {
			int k = r->per_tile + side * dist;
			long b = area - sh - tp_vector_binom(r->n_dirs, k < 1 ? 1 : k);
			if (k < 1 || k > r->n_dirs || b < 0)
				continue;
			if (!play)
				return k;
			if (k < 2 || !offer(r, r->rows, r->cols, k, b, oom))
				continue;
			struct tp_vector_rules t = *r;
			t.per_tile = k;
			t.blanks = (int)b;
			if (2 * tp_vector_won_random(&t) >= TP_VEC_FINISH_GAMES)
				return k;
			if (!first)
				first = k;
		}
	return first;
}

/* 1 when r changed to a rows x cols board, per_tile and blanks is a game
 * that can be played (tp_vector_reaches): a misfit message offers only
 * such a change, never one the next check would refuse.  Out of memory,
 * 0 with *oom set. */
static int offer(const struct tp_vector_rules *r, int rows, int cols, int per_tile, long blanks,
		 int *oom)
{
	struct tp_vector_rules t = *r;
	t.rows = rows;
	t.cols = cols;
	t.per_tile = per_tile;
	t.blanks = (int)blanks;
	int p = tp_vector_reaches(&t);
	*oom |= p < 0;
	return p > 0;
}

/* tp_vector_fit and tp_vector_fit_play: play 1 offers only playable
 * changes (offer() runs tp_vector_reaches, whose route search derives
 * layouts through tp_vector_fit, play 0, so this never recurses). */
static int fit(const struct tp_vector_rules *r, char *why, size_t n, int play)
{
	if (check_rules(r, why, n) != 0)
		return -1;
	/* Claim 1 (fewer than two directions, or one a tile) plays on no
	 * board, so no change of counts could be offered: leave the refusal
	 * to tp_vector_playable, which names a value that plays. */
	if (play && (r->n_dirs < 2 || r->per_tile < 2))
		return 0;
	long area = (long)r->rows * r->cols;
	long vec = tp_vector_binom(r->n_dirs, r->per_tile);
	long sh = 2L * r->players;
	long tiles = vec + r->blanks + sh;
	if (tiles == area)
		return 0;
	struct msg w = { why, n, 0 };
	add(&w, "%d x %d = %ld squares, but %ld vector + %d blank + %ld start/home = %ld tiles",
	    r->rows, r->cols, area, vec, r->blanks, sh, tiles);
	int said = 0, oom = 0;
	int R, C;
	if (grow_board(r, tiles, &R, &C) && (R != r->rows || C != r->cols) &&
	    (!play || offer(r, R, C, r->per_tile, (long)R * C - vec - sh, &oom))) {
		long more = (long)R * C - tiles;
		add(&w, ": use %d x %d", R, C);
		if (more > 0)
			add(&w, " with %ld more blank%s", more, more == 1 ? "" : "s");
		said = 1;
	}
	if (area - vec - sh >= 0 && (!play || offer(r, r->rows, r->cols, r->per_tile, area - vec - sh, &oom))) {
		add(&w, "%sblanks = %ld", said ? ", or " : ": use ", area - vec - sh);
		said = 1;
	}
	int k = near_per_tile(r, area - r->blanks - sh, 1);
	if (k && (!play || offer(r, r->rows, r->cols, k, r->blanks, &oom))) {
		add(&w, "%sper_tile = %d", said ? ", or " : ": use ", k);
		said = 1;
	} else if ((k = per_tile_with_blanks(r, area, sh, play, &oom)) != 0) {
		long b = area - sh - tp_vector_binom(r->n_dirs, k);
		add(&w, "%sper_tile = %d with %ld blank%s", said ? ", or " : ": use ", k, b, b == 1 ? "" : "s");
		said = 1;
	}
	if (oom) {   /* no offer is known not to play: say nothing false */
		snprintf(why, n, "out of memory following the routes home");
		return -2;
	}
	if (!said && tiles > (long)TP_VEC_MAX_SIDE * TP_VEC_MAX_SIDE)
		add(&w, ": no board up to %d x %d holds them; use fewer blanks", TP_VEC_MAX_SIDE,
		    TP_VEC_MAX_SIDE);
	else if (!said && play)
		add(&w, ": no playable set fills this board (blanks lie in the centre and would cut the players off); use a smaller board");
	return -1;
}

int tp_vector_fit(const struct tp_vector_rules *r, char *why, size_t n)
{
	return fit(r, why, n, 0);
}

int tp_vector_fit_play(const struct tp_vector_rules *r, char *why, size_t n)
{
	return fit(r, why, n, 1);
}
