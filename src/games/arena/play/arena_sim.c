/* The shape arena played by the seed's rules (contract in arena_sim.h). */
#include "games/arena/play/arena_sim.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/arena/model/arena_gridops.h"

/* One way to lay a shape: cells as (row, col) offsets, least row and col 0,
 * cell 0 the mark's.  dup: an earlier orientation of the same face covers
 * the same cells (it differs only in where the mark lands). */
struct orient {
	int n, dup;
	int off[6][2];
};

#define MAX_ORIENT 12 /* 4 turns x 2 faces on squares, 6 turns on hexes */

struct block {
	int active, owner, turn;
	int n, cell[6];
};

struct tp_arena_play {
	const struct tp_arena_board *b;
	int n, rows, players, gate, marks, pairs; /* n: columns */
	const struct tp_arena_gridops *ops; /* the board's grid: neighbours, turns, column steps */
	struct orient orient[TP_ARENA_SHAPES][2][MAX_ORIENT]; /* [shape][face] */
	int n_orient[TP_ARENA_SHAPES][2];
	int hand[TP_SIM_MAX_SEATS + 1][TP_ARENA_SHAPES][TP_MARK_N];
	long score[TP_SIM_MAX_SEATS + 1];
	int *owner;          /* rows * n, seat or 0 */
	char *seed_sq;       /* scratch: squares a move may start from */
	int *seed_list, n_seeds;
	char *forbid;        /* scratch: squares next to a block in force */
	char *ok;            /* scratch: allowed() of every square for this move */
	struct block block[TP_SIM_MAX_SEATS + 1];
	int seat, turn, placed, idle;   /* idle: seats in a row without a placement */
	int throw_n;         /* the die game: the size the die shows (0: any) */
	struct tp_arena_move *moves;
	int n_moves;
	size_t cap;
};

/* Sorts the offsets of o (a copy) to compare cell sets. */
static void cells_key(const struct orient *o, int key[6])
{
	for (int i = 0; i < o->n; i++)
		key[i] = o->off[i][0] * 16 + o->off[i][1];
	for (int i = 1; i < o->n; i++)
		for (int j = i; j > 0 && key[j - 1] > key[j]; j--) {
			int t = key[j];
			key[j] = key[j - 1];
			key[j - 1] = t;
		}
}

/* x / s rounded down. */
static int floor_div(int x, int s)
{
	return x >= 0 ? x / s : -((s - 1 - x) / s);
}

/* The turns and mirrors of shape s, by face: face 0 the turns of the
 * shape as drawn, face 1 the turns of its mirror image (the grid table's
 * orient). */
static void make_orients(struct tp_arena_play *g, const struct tp_arena_shape *s, int si)
{
	for (int face = 0; face < 2; face++) {
		g->n_orient[si][face] = 0;
		for (int t = 0; t < g->ops->shape_turns; t++) {
			struct orient o = { .n = s->n_cells };
			int minr = 99, minc = 99;
			for (int i = 0; i < s->n_cells; i++) {
				int r = s->cell[i][0], c = s->cell[i][1];
				g->ops->orient(face, t, &r, &c);
				o.off[i][0] = r;
				o.off[i][1] = c;
				minr = r < minr ? r : minr;
				minc = c < minc ? c : minc;
			}
			/* Columns shift by the grid's step (on triangles an odd
			 * one would turn up cells down). */
			minc = g->ops->col_step * floor_div(minc, g->ops->col_step);
			for (int i = 0; i < o.n; i++) {
				o.off[i][0] -= minr;
				o.off[i][1] -= minc;
			}
			int key[6], other[6], same = 0;
			cells_key(&o, key);
			for (int j = 0; j < g->n_orient[si][face] && !same; j++) {
				const struct orient *p = &g->orient[si][face][j];
				cells_key(p, other);
				if (memcmp(key, other, sizeof(int) * (size_t)o.n) != 0)
					continue;
				if (p->off[0][0] == o.off[0][0] && p->off[0][1] == o.off[0][1])
					same = 2;   /* the very same placement: drop it */
				else
					o.dup = 1;
			}
			if (same != 2)
				g->orient[si][face][g->n_orient[si][face]++] = o;
		}
	}
}

int tp_arena_play_new(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
		      int players, int gate, struct tp_arena_play **out, tp_err *e)
{
	*out = NULL;
	struct tp_arena_deal *d = NULL;
	size_t nd = 0;
	int rc = tp_arena_deal(sh, players, &d, &nd, e);
	if (rc != TP_OK)
		return rc;
	struct tp_arena_play *g = tp_calloc(1, sizeof *g);
	size_t sq = (size_t)b->rows * b->cols;
	if (g != NULL) {
		g->owner = tp_calloc(sq, sizeof *g->owner);
		g->seed_sq = tp_calloc(sq, 1);
		g->seed_list = tp_calloc(sq, sizeof *g->seed_list);
		g->forbid = tp_calloc(sq, 1);
		g->ok = tp_calloc(sq, 1);
	}
	if (g == NULL || g->owner == NULL || g->seed_sq == NULL || g->seed_list == NULL ||
	    g->forbid == NULL || g->ok == NULL) {
		free(d);
		tp_arena_play_free(g);
		return tp_fail(e, TP_EIO, "arena: out of memory for a game");
	}
	g->b = b;
	g->n = b->cols;
	g->rows = b->rows;
	g->players = players;
	g->gate = gate;
	g->marks = tp_arena_marks_score(players);
	g->pairs = players == 2 || players == 4;
	g->ops = tp_arena_gridops_for(b->grid);
	for (size_t i = 0; i < nd; i++)
		g->hand[d[i].player][d[i].shape][d[i].mark] += d[i].count;
	free(d);
	for (int s = 0; s < TP_ARENA_SHAPES; s++)
		make_orients(g, &sh->s[s], s);
	g->seat = 1;
	*out = g;
	return TP_OK;
}

void tp_arena_play_free(struct tp_arena_play *g)
{
	if (g == NULL)
		return;
	free(g->owner);
	free(g->seed_sq);
	free(g->seed_list);
	free(g->forbid);
	free(g->ok);
	free(g->moves);
	free(g);
}

int tp_arena_play_seat(const struct tp_arena_play *g)
{
	return g->seat;
}

long tp_arena_play_score(const struct tp_arena_play *g, int seat)
{
	return seat >= 1 && seat <= g->players ? g->score[seat] : 0;
}

int tp_arena_play_left(const struct tp_arena_play *g, int seat)
{
	int n = 0;
	for (int s = 0; s < TP_ARENA_SHAPES; s++)
		for (int m = 0; m < TP_MARK_N; m++)
			n += g->hand[seat][s][m];
	return n;
}

int tp_arena_play_owner(const struct tp_arena_play *g, int square)
{
	return g->owner[square];
}

/* Squares next to (or under) the blocks in force against the seat. */
static void mark_forbidden(struct tp_arena_play *g)
{
	memset(g->forbid, 0, (size_t)g->rows * g->n);
	for (int s = 1; s <= g->players; s++) {
		const struct block *k = &g->block[s];
		if (!k->active || k->owner == g->seat)
			continue;
		for (int i = 0; i < k->n; i++) {
			int r0 = k->cell[i] / g->n, c0 = k->cell[i] % g->n;
			g->forbid[k->cell[i]] = 1;
			for (int d = 0; d < g->ops->neighbours; d++) {
				int r = r0 + g->ops->step[c0 % 2][d][0], c = c0 + g->ops->step[c0 % 2][d][1];
				if (r >= 0 && r < g->rows && c >= 0 && c < g->n)
					g->forbid[r * g->n + c] = 1;
			}
		}
	}
}

static int allowed(const struct tp_arena_play *g, int sq, int open)
{
	return g->owner[sq] == 0 && !g->forbid[sq] && !g->b->sq[sq].off &&
	       (open || g->b->sq[sq].inner);
}

/* Where a move may start: the centre for the first piece, else the free
 * squares edge-adjacent to a piece.  Also notes allowed() of every square
 * in g->ok, which place() reads for each cell it tries. */
static void mark_seeds(struct tp_arena_play *g, int open)
{
	int n = g->n, R = g->rows;
	memset(g->seed_sq, 0, (size_t)R * n);
	for (int sq = 0; sq < R * n; sq++)
		g->ok[sq] = (char)allowed(g, sq, open);
	g->n_seeds = 0;
	if (g->placed == 0) {
		int c = g->ops->centre(R, n);
		if (g->ok[c])
			g->seed_list[g->n_seeds++] = c;
		g->seed_sq[c] = (char)g->n_seeds;
		return;
	}
	for (int sq = 0; sq < R * n; sq++) {
		if (!g->ok[sq])
			continue;
		int r = sq / n, c = sq % n;
		for (int d = 0; d < g->ops->neighbours && !g->seed_sq[sq]; d++) {
			int r2 = r + g->ops->step[c % 2][d][0], c2 = c + g->ops->step[c % 2][d][1];
			g->seed_sq[sq] = (char)(r2 >= 0 && r2 < R && c2 >= 0 && c2 < n && g->owner[r2 * n + c2]);
		}
		if (g->seed_sq[sq])
			g->seed_list[g->n_seeds++] = sq;
	}
}

static int push(struct tp_arena_play *g, const struct tp_arena_move *m)
{
	if (tp_grow((void **)&g->moves, &g->cap, (size_t)g->n_moves + 1, sizeof *g->moves, 1024) != 0)
		return -1;
	g->moves[g->n_moves++] = *m;
	return 0;
}

/* The placements of orientation o with seed t under its cell i, counted
 * once each: only from the first of its cells that is a seed. */
static int place(struct tp_arena_play *g, int si, int face, const struct orient *o, int t, int i)
{
	int n = g->n, r0 = t / n - o->off[i][0], c0 = t % n - o->off[i][1];
	if (c0 % g->ops->col_step != 0)
		return 0;   /* on triangles an odd shift would turn cells over */
	struct tp_arena_move m = { .shape = si, .block = face, .n = o->n };
	int raw = 0;
	for (int j = 0; j < o->n; j++) {
		int r = r0 + o->off[j][0], c = c0 + o->off[j][1];
		if (r < 0 || r >= g->rows || c < 0 || c >= n)
			return 0;
		int sq = r * n + c;
		if (!g->ok[sq] || (j < i && g->seed_sq[sq]))
			return 0;
		m.cell[j] = sq;
		raw += g->b->sq[sq].number;
	}
	int under = g->b->sq[m.cell[0]].number;
	for (int mk = 0; mk < TP_MARK_N; mk++) {
		if (g->hand[g->seat][si][mk] == 0 || (mk == TP_MARK_BLANK && o->dup))
			continue;
		int mult = g->marks && mk != TP_MARK_BLANK ? (mk == TP_MARK_3 ? 3 : 2) : 1;
		int s = raw + (mult - 1) * under;
		m.mark = mk;
		m.score = face ? s / 2 : s;
		if (push(g, &m) != 0)
			return -1;
	}
	return 0;
}

int tp_arena_play_moves(struct tp_arena_play *g, const struct tp_arena_move **moves)
{
	g->n_moves = 0;
	*moves = NULL;
	if (g->seat == 0)
		return 0;
	int open = g->score[g->seat] >= g->gate;
	mark_forbidden(g);
	mark_seeds(g, open);
	for (int si = 0; si < TP_ARENA_SHAPES; si++) {
		int have = 0;
		for (int mk = 0; mk < TP_MARK_N; mk++)
			have += g->hand[g->seat][si][mk];
		if (!have || (g->throw_n && g->n_orient[si][0] && g->orient[si][0][0].n != g->throw_n))
			continue;
		for (int face = 0; face < (g->placed ? 2 : 1); face++)
			for (int k = 0; k < g->n_orient[si][face]; k++) {
				const struct orient *o = &g->orient[si][face][k];
				for (int k2 = 0; k2 < g->n_seeds; k2++)
					for (int i = 0; i < o->n; i++)
						if (place(g, si, face, o, g->seed_list[k2], i) != 0)
							return -1;
			}
	}
	*moves = g->moves;
	return g->n_moves;
}

/* The next seat with pieces; 0 when nobody has any. */
static int next_seat(const struct tp_arena_play *g, int from)
{
	for (int k = 1; k <= g->players; k++) {
		int s = (from - 1 + k) % g->players + 1;
		if (tp_arena_play_left(g, s) > 0)
			return s;
	}
	return 0;
}

void tp_arena_play_teams(struct tp_arena_play *g, int teams)
{
	if (g->players == 4)
		g->pairs = teams == TP_ARENA_TEAMS_PAIRS;
}

int tp_arena_play_first(struct tp_arena_play *g, int start, struct tp_rng *rng)
{
	if (start == TP_ARENA_START_EYE) {
		/* Seat 1 hides the Eye in one hand, seat 2 guesses: right, seat 2 starts. */
		unsigned long long hand = tp_rng_below(rng, 2), guess = tp_rng_below(rng, 2);
		g->seat = hand == guess ? 2 : 1;
	} else {
		/* The coin: two players call it; more toss in turn until one is left. */
		g->seat = (int)tp_rng_below(rng, (unsigned long long)g->players) + 1;
	}
	return g->seat;
}

void tp_arena_play_way(struct tp_arena_play *g, const struct tp_arena_way *w, struct tp_rng *rng)
{
	if (w == NULL)
		return;
	tp_arena_play_teams(g, w->teams);
	tp_arena_play_first(g, w->start, rng);
}

void tp_arena_play_throw(struct tp_arena_play *g, int pips)
{
	g->throw_n = pips;
}

static void advance(struct tp_arena_play *g, const struct tp_arena_move *m, int idle);

void tp_arena_play_apply(struct tp_arena_play *g, const struct tp_arena_move *m)
{
	advance(g, m, 1);
}

void tp_arena_play_skip(struct tp_arena_play *g)
{
	advance(g, NULL, 0);
}

static void advance(struct tp_arena_play *g, const struct tp_arena_move *m, int idle)
{
	int seat = g->seat;
	g->throw_n = 0;
	if (seat == 0)
		return;
	if (m != NULL) {
		g->hand[seat][m->shape][m->mark]--;
		g->score[seat] += m->score;
		for (int i = 0; i < m->n; i++)
			g->owner[m->cell[i]] = seat;
		if (m->block) {
			struct block *k = &g->block[seat];
			k->active = 1;
			k->owner = seat;
			k->turn = g->turn;
			k->n = m->n;
			memcpy(k->cell, m->cell, sizeof k->cell);
		}
		g->placed++;
		g->idle = 0;
	} else if (idle) {
		g->idle++;
	}
	g->turn++;
	int next = next_seat(g, seat);
	/* A block ends when its player's turn comes round again; with 2
	 * players and two pairs, after the one turn that follows it. */
	for (int s = 1; s <= g->players; s++) {
		struct block *k = &g->block[s];
		if (k->active && (k->owner == next || (g->pairs && g->turn > k->turn + 1)))
			k->active = 0;
	}
	int in_hand = 0;
	for (int s = 1; s <= g->players; s++)
		in_hand += tp_arena_play_left(g, s) > 0;
	g->seat = next == 0 || g->idle >= in_hand ? 0 : next;
}
