/* The shape arena played by the seed's rules (contract in arena_sim.h). */
#include "games/arena/play/arena_sim.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

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
	int hex;             /* a hex board: 6 neighbours, 6 turns (arena_hex.h) */
	int tri;             /* a triangular board: 3 neighbours, 6 turns, columns
			      * moved by even steps only (arena_tri.h) */
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

/* Cell (r, c) of a shape turned t times: a quarter turn on squares, a
 * 60-degree turn on hexes ((q, r) to (-r, q + r), c = q). */
static void turn_cell(int hex, int t, int *r, int *c)
{
	for (int k = 0; k < t; k++) {
		int r0 = *r;
		if (hex) {
			*r = *c + r0;
			*c = -r0;
		} else {
			*r = *c;
			*c = -r0;
		}
	}
}

static int half_down(int x)
{
	return x >= 0 ? x / 2 : -((1 - x) / 2);
}

/* Cell (r, c) of a polyiamond turned t times 60 degrees, mirrored first
 * when face is 1: in triangle coordinates A = 2 - r, B = c / 2, D = r -
 * (c + 1) / 2 (rounded down; A + B + D = 2 on up cells, 1 on down ones) a
 * 60-degree turn about a corner is (A, B, D) -> (1 - B, 1 - D, 1 - A),
 * the mirror (A, B, D) -> (A, D, B). */
static void tri_cell(int face, int t, int *r, int *c)
{
	int A = 2 - *r, B = half_down(*c), D = *r - half_down(*c + 1);
	if (face) {
		int x = B;
		B = D;
		D = x;
	}
	for (int k = 0; k < t; k++) {
		int a0 = A;
		A = 1 - B;
		B = 1 - D;
		D = 1 - a0;
	}
	*r = 2 - A;
	*c = 2 * B + (A + B + D == 1);
}

/* The turns and mirrors of shape s, by face: face 0 the turns of the
 * shape as drawn (4 on squares, 6 on hexes and triangles), face 1 the
 * turns of its mirror image (columns negated on squares; q and r swapped
 * on hexes; see tri_cell). */
static void make_orients(struct tp_arena_play *g, const struct tp_arena_shape *s, int si)
{
	for (int face = 0; face < 2; face++) {
		g->n_orient[si][face] = 0;
		for (int t = 0; t < (g->hex || g->tri ? 6 : 4); t++) {
			struct orient o = { .n = s->n_cells };
			int minr = 99, minc = 99;
			for (int i = 0; i < s->n_cells; i++) {
				int r = s->cell[i][0], c = face ? -s->cell[i][1] : s->cell[i][1];
				if (g->hex && face) {
					r = s->cell[i][1];
					c = s->cell[i][0];
				}
				if (g->tri) {
					r = s->cell[i][0];
					c = s->cell[i][1];
					tri_cell(face, t, &r, &c);
				} else {
					turn_cell(g->hex, t, &r, &c);
				}
				o.off[i][0] = r;
				o.off[i][1] = c;
				minr = r < minr ? r : minr;
				minc = c < minc ? c : minc;
			}
			/* On triangles a shift of columns by an odd step would turn
			 * up cells down. */
			if (g->tri)
				minc = 2 * half_down(minc);
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
	g->hex = b->grid == TP_GRID_HEX;
	g->tri = b->grid == TP_GRID_TRI;
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
	static const int dr[7] = { 0, -1, 1, 0, 0, -1, 1 }, dc[7] = { 0, 0, 0, -1, 1, 1, -1 };
	for (int s = 1; s <= g->players; s++) {
		const struct block *k = &g->block[s];
		if (!k->active || k->owner == g->seat)
			continue;
		for (int i = 0; i < k->n; i++)
			for (int d = 0; d < (g->hex ? 7 : 5); d++) {
				int r = k->cell[i] / g->n + dr[d], c = k->cell[i] % g->n + dc[d];
				if (g->tri && (d == 1 || d == 2)) {
					/* d 1: below an up cell, above a down one; d 2: none */
					int up = k->cell[i] % g->n % 2 == 0;
					if (d == 2)
						continue;
					r = k->cell[i] / g->n + (up ? 1 : -1);
					c = k->cell[i] % g->n + (up ? 1 : -1);
				}
				if (r >= 0 && r < g->rows && c >= 0 && c < g->n)
					g->forbid[r * g->n + c] = 1;
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
		/* the centre: a triangle's (side 3m + 1) is row 2m, col 2m */
		int m3 = 2 * ((R - 1) / 3), c = g->tri ? m3 * n + m3 : (R / 2) * n + n / 2;
		if (g->ok[c])
			g->seed_list[g->n_seeds++] = c;
		g->seed_sq[c] = (char)g->n_seeds;
		return;
	}
	for (int sq = 0; sq < R * n; sq++) {
		if (!g->ok[sq])
			continue;
		int r = sq / n, c = sq % n;
		g->seed_sq[sq] = (r > 0 && g->owner[sq - n]) || (r + 1 < R && g->owner[sq + n]) ||
				 (c > 0 && g->owner[sq - 1]) || (c + 1 < n && g->owner[sq + 1]) ||
				 (g->hex && ((r > 0 && c + 1 < n && g->owner[sq - n + 1]) ||
					     (r + 1 < R && c > 0 && g->owner[sq + n - 1])));
		if (g->tri)
			g->seed_sq[sq] = (c > 0 && g->owner[sq - 1]) || (c + 1 < n && g->owner[sq + 1]) ||
					 (c % 2 == 0 && r + 1 < R && c + 1 < n && g->owner[sq + n + 1]) ||
					 (c % 2 == 1 && r > 0 && g->owner[sq - n - 1]);
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
	if (g->tri && c0 % 2 != 0)
		return 0;   /* an odd shift would turn the shape's cells over */
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
