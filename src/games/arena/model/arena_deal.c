/* How the 36 pieces of the shape arena game are dealt (seed 002). */
#include "games/arena/model/arena_core.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

const char *const tp_arena_mark_names[TP_MARK_N] = { "blank", "2", "3" };

const char *const tp_arena_pad_notes[] = {
	"Deal: 2 players 18 pieces each, one of every shape and mark; 4 (two pairs, partners opposite) 18 a pair, split as the rules list;",
	"3 players 12 each, two of every shape, own colour first (the deal list with the set names the pieces); 5 or 6 players one of every shape each.",
	"With 3, 5 or 6 players the \"2\" and \"3\" do not multiply: every piece scores the numbers it covers at face value.",
	NULL,
};

/* The seed's four-player split: what the first player of a pair receives
 * out of the pair's 18 pieces (one of every shape and mark).  size is the
 * shape's size in templates/shapes/default.ini, used when the shapes do
 * not carry the seed's names. */
static const struct {
	const char *name;
	int size;
	int mark;
} first_of_pair[9] = {
	{ "Gun", 6, TP_MARK_BLANK },   { "Gun", 6, TP_MARK_2 },  { "Door", 5, TP_MARK_3 },
	{ "Snake", 4, TP_MARK_BLANK }, { "Snake", 4, TP_MARK_2 }, { "Quoin", 3, TP_MARK_3 },
	{ "Rod", 2, TP_MARK_2 },       { "Rod", 2, TP_MARK_BLANK }, { "Eye", 1, TP_MARK_3 },
};

/* Shape index of each entry of first_of_pair: by name when all six seed
 * names are there, else by size (shapes are sorted by size). */
static void split_shapes(const struct tp_arena_shapes *sh, int idx[9])
{
	int by_name = 1;
	for (int i = 0; i < 9; i++) {
		idx[i] = -1;
		for (int s = 0; s < TP_ARENA_SHAPES; s++)
			if (tp_arena_same_name(sh->s[s].name, first_of_pair[i].name))
				idx[i] = s;
		by_name &= idx[i] >= 0;
	}
	for (int i = 0; i < 9; i++)
		if (!by_name) {
			idx[i] = first_of_pair[i].size - 1;
			for (int s = 0; s < TP_ARENA_SHAPES; s++)
				if (sh->s[s].n_cells == first_of_pair[i].size)
					idx[i] = s;
		}
}

int tp_arena_marks_score(int players)
{
	return players == 2 || players == 4;
}

int tp_arena_deal(const struct tp_arena_shapes *sh, int players,
		  struct tp_arena_deal **out, size_t *n, tp_err *e)
{
	*out = NULL;
	*n = 0;
	if (players < 2 || players > 6)
		return tp_fail(e, TP_EINPUT, "players = %d: the game is for 2 to 6 players", players);
	int count[7][TP_ARENA_SHAPES][TP_MARK_N];
	memset(count, 0, sizeof count);
	for (int s = 0; s < TP_ARENA_SHAPES; s++)
		for (int k = 0; k < TP_MARK_N; k++)
			switch (players) {
			case 2:
				count[1][s][k] = count[2][s][k] = 1;
				break;
			case 4:
				/* Each pair one of every shape and mark; the split
				 * below takes the first player's share out. */
				count[3][s][k] = count[4][s][k] = 1;
				break;
			case 3:
				count[k + 1][s][k] = 2;
				break;
			default:
				for (int p = 1; p <= players; p++)
					count[p][s][k] += (p - 1) / 2 == k;
				break;
			}
	if (players == 4) {
		int idx[9];
		split_shapes(sh, idx);
		for (int i = 0; i < 9; i++)
			for (int first = 1; first <= 2; first++) {
				count[first][idx[i]][first_of_pair[i].mark]++;
				count[first + 2][idx[i]][first_of_pair[i].mark]--;
			}
	}
	size_t lines = 0;
	for (int p = 1; p <= players; p++)
		for (int s = 0; s < TP_ARENA_SHAPES; s++)
			for (int k = 0; k < TP_MARK_N; k++)
				lines += count[p][s][k] > 0;
	struct tp_arena_deal *d = tp_malloc(sizeof *d * lines);
	if (d == NULL)
		return tp_fail(e, TP_EIO, "out of memory dealing the pieces");
	size_t i = 0;
	for (int p = 1; p <= players; p++)
		for (int s = 0; s < TP_ARENA_SHAPES; s++)
			for (int k = 0; k < TP_MARK_N; k++)
				if (count[p][s][k] > 0)
					d[i++] = (struct tp_arena_deal){ p, s, k, count[p][s][k] };
	*out = d;
	*n = lines;
	return TP_OK;
}

/* Gives player p up to need pieces of shape s (of mark k, or any mark
 * when k < 0) whose printed colour passes pick; returns what is still
 * needed. */
static int take(const int printed[TP_ARENA_PIECES], int to[TP_ARENA_PIECES], int players, int s,
		int k, int p, int need, int pass)
{
	for (int set = 1; set <= TP_ARENA_SETS && need > 0; set++) {
		int i = s * TP_ARENA_SETS + set - 1;
		int mark = (set - 1) / (TP_ARENA_SETS / TP_MARK_N);
		if (to[i] || (k >= 0 && mark != k))
			continue;
		int own = printed[i] == p;
		int nobody = printed[i] < 1 || printed[i] > players;
		if ((pass == 0 && !own) || (pass == 1 && !nobody))
			continue;
		to[i] = p;
		need--;
	}
	return need;
}

int tp_arena_hand_out(const struct tp_arena_shapes *sh, const int printed[TP_ARENA_PIECES],
		      int players, int to[TP_ARENA_PIECES], tp_err *e)
{
	struct tp_arena_deal *d = NULL;
	size_t n = 0;
	int rc = tp_arena_deal(sh, players, &d, &n, e);
	if (rc != TP_OK)
		return rc;
	memset(to, 0, sizeof(int) * TP_ARENA_PIECES);
	int marks = tp_arena_marks_score(players);
	/* What each player still needs, by shape (and mark when it scores). */
	int need[7][TP_ARENA_SHAPES][TP_MARK_N];
	memset(need, 0, sizeof need);
	for (size_t i = 0; i < n; i++)
		need[d[i].player][d[i].shape][marks ? d[i].mark : 0] += d[i].count;
	free(d);
	/* Own colour first for every player, then nobody's colour, then any. */
	for (int pass = 0; pass < 3; pass++)
		for (int p = 1; p <= players; p++)
			for (int s = 0; s < TP_ARENA_SHAPES; s++)
				for (int k = 0; k < (marks ? TP_MARK_N : 1); k++)
					need[p][s][k] = take(printed, to, players, s, marks ? k : -1, p,
							     need[p][s][k], pass);
	return TP_OK;
}
