#include "games/series/model/series_table.h"

#include <stdio.h>
#include <string.h>

const int tp_table_side_series[4] = { TP_LATERAL, TP_BOXES, TP_VERTICAL, TP_DOTS };

/* Elements live in Z/9 but are written 1..9: 0 is shown as 9. */
static int m9(int x)
{
	x %= 9;
	if (x < 0)
		x += 9;
	return x == 0 ? 9 : x;
}

int tp_table_side(const struct tp_table_front *f, int turned, int side)
{
	int s = tp_table_side_series[(side + 2 * (turned != 0)) % 4];
	if (f->exchanged && (s == TP_LATERAL || s == TP_VERTICAL))
		s = s == TP_LATERAL ? TP_VERTICAL : TP_LATERAL;
	return s;
}

static struct tp_table_front make(int dots, int lateral, int exchanged)
{
	struct tp_table_front f;
	memset(&f, 0, sizeof f);
	f.v[TP_DOTS] = (unsigned char)m9(dots);
	f.v[TP_BOXES] = (unsigned char)m9(9 - dots);
	f.v[TP_LATERAL] = (unsigned char)m9(lateral);
	f.v[TP_VERTICAL] = (unsigned char)m9(9 - lateral);
	f.exchanged = (unsigned char)(exchanged != 0);
	return f;
}

static int key(const struct tp_table_front *f)
{
	return f->exchanged * 81 + (f->v[TP_DOTS] - 1) * 9 + f->v[TP_LATERAL] - 1;
}

void tp_table_index(struct tp_table *t)
{
	int idx[162];
	memset(idx, -1, sizeof idx);
	t->n_fronts = 0;
	memset(t->count, 0, sizeof t->count);
	for (int k = 0; k < 162; k++)   /* fronts in (kind, dots, lateral) order */
		for (int i = 0; i < TP_TABLE_TILES; i++)
			if (key(&t->tile[i]) == k) {
				if (idx[k] < 0) {
					idx[k] = t->n_fronts;
					t->front[t->n_fronts++] = t->tile[i];
				}
				t->front_of[i] = idx[k];
				t->count[idx[k]]++;
			}
}

void tp_table_derive(struct tp_table *t)
{
	memset(t, 0, sizeof *t);
	/* The centre row (dots c + 1, unturned, so the dots gain 1 a step
	 * right) fixes each column's lateral by the pairing of its kind; a
	 * column then runs its lateral down by 1 a step where the lateral is
	 * at the top (the even columns) and up by 1 where it is at the bottom;
	 * the pairing gives each tile's dots back (5 x 2 = 4 x 7 = 1 mod 9). */
	for (int r = 0; r < TP_TABLE_N; r++)
		for (int c = 0; c < TP_TABLE_N; c++) {
			int ex = (r + c) & 1, even = !(c & 1);
			int lat = (even ? 5 : 4) * (c + 1) + (r - 4) * (even ? 1 : -1);
			int dots = (ex ? 7 : 2) * lat;
			t->tile[r * TP_TABLE_N + c] = make(dots, lat, ex);
			t->turned[r * TP_TABLE_N + c] = (unsigned char)(r & 1);
		}
	tp_table_index(t);
}

static int same(const struct tp_table_front *a, const struct tp_table_front *b)
{
	return memcmp(a->v, b->v, sizeof a->v) == 0 && a->exchanged == b->exchanged;
}

/* One step from tile a out through its side `side` into tile b: the
 * quadrant on that side is left directly (its series takes 1 in b), the
 * opposite one is left across (its series adds 1).  0 when b agrees. */
static int step_bad(const struct tp_table *t, int a, int b, int side)
{
	const struct tp_table_front *f = &t->tile[a], *g = &t->tile[b];
	int direct = tp_table_side(f, t->turned[a], side);
	int across = tp_table_side(f, t->turned[a], (side + 2) % 4);
	return m9(f->v[direct] - 1) != g->v[direct] || m9(f->v[across] + 1) != g->v[across];
}

int tp_table_prove(const struct tp_table *t, char out[][160], int n)
{
	int bad[TP_TABLE_RULES] = { 0 };
	const int N = TP_TABLE_N;
	for (int r = 0; r < N; r++)
		for (int c = 0; c < N; c++) {
			int i = r * N + c;
			const struct tp_table_front *f = &t->tile[i];
			if (c + 1 < N) {   /* a step right, and back */
				bad[0] += step_bad(t, i, i + 1, TP_SIDE_RIGHT) || step_bad(t, i + 1, i, TP_SIDE_LEFT);
				/* the tops (and so the bottoms) meet at a vertex: unlike */
				bad[5] += tp_table_side(f, t->turned[i], TP_SIDE_TOP) ==
					  tp_table_side(f + 1, t->turned[i + 1], TP_SIDE_TOP);
			}
			if (r + 1 < N) {   /* a step down, and back */
				bad[1] += step_bad(t, i, i + N, TP_SIDE_BOTTOM) || step_bad(t, i + N, i, TP_SIDE_TOP);
				bad[5] += tp_table_side(f, t->turned[i], TP_SIDE_LEFT) ==
					  tp_table_side(f + N, t->turned[i + N], TP_SIDE_LEFT);
			}
			bad[2] += (f->v[TP_DOTS] + f->v[TP_BOXES]) % 9 != 0 ||
				  (f->v[TP_LATERAL] + f->v[TP_VERTICAL]) % 9 != 0;
			bad[3] += f->v[TP_DOTS] == 5 && f->v[TP_LATERAL] != 7 && f->v[TP_VERTICAL] != 7;
		}
	int distinct = 0;
	for (int i = 0; i < TP_TABLE_TILES; i++) {
		int first = 1;
		for (int j = 0; j < i && first; j++)
			first = !same(&t->tile[i], &t->tile[j]);
		distinct += first;
	}
	bad[4] = distinct != 18;
	int dots[9] = { 0 };
	for (int i = 0; i < TP_TABLE_TILES; i++)
		dots[t->tile[i].v[TP_DOTS] - 1]++;
	for (int d = 0; d < 9; d++)
		bad[6] += dots[d] != N;
	const char *what[TP_TABLE_RULES] = {
		"rows: the Direction Invariant holds both ways across every side (across +1, directly -1), [0056]-[0057]",
		"columns: the Direction Invariant holds both ways across every side, [0059]",
		"opposite quadrants sum to 0 mod 9 on every tile, [0058]",
		"every dotted 5 has a 7 in a lined quadrant, [0059]",
		"distinct fronts",
		"vertices: like colours never meet at a vertex in a row or column, the colours alternate, [0065]",
		"each dots element 1..9 on 9 tiles",
		"tiles: 81 in a 9 x 9 square, FIG. 7, [0062]",
	};
	int fails = 0;
	for (int i = 0; i < TP_TABLE_RULES && i < n; i++) {
		fails += bad[i] != 0;
		if (i == 4)
			snprintf(out[i], 160, "%s: %d %s (18 by [0059])", bad[i] ? "FAILED" : "ok", distinct, what[i]);
		else
			snprintf(out[i], 160, "%s: %s%s", bad[i] ? "FAILED" : "ok", what[i],
				 bad[i] ? " (broken somewhere)" : "");
	}
	return fails;
}
