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

static struct tp_table_front make(int dots, int lateral)
{
	struct tp_table_front f;
	f.v[TP_DOTS] = (unsigned char)m9(dots);
	f.v[TP_BOXES] = (unsigned char)m9(9 - dots);
	f.v[TP_LATERAL] = (unsigned char)m9(lateral);
	f.v[TP_VERTICAL] = (unsigned char)m9(9 - lateral);
	return f;
}

static int key(const struct tp_table_front *f)
{
	return (f->v[TP_DOTS] - 1) * 9 + f->v[TP_LATERAL] - 1;
}

void tp_table_derive(struct tp_table *t)
{
	memset(t, 0, sizeof *t);
	/* Rows: the dots series steps +1 to the right; from row to row the
	 * start moves by 2 (5 x 2 = 1 mod 9, so lateral = 5 x dots on the
	 * even rows) and by one more on the odd rows (lateral = 5 x dots + 4:
	 * the "7" moves to the vertical quadrant of the dotted 5). */
	for (int r = 0; r < TP_TABLE_N; r++)
		for (int c = 0; c < TP_TABLE_N; c++)
			t->tile[r * TP_TABLE_N + c] = make(c + 2 * r + (r & 1) + 2, r + 5 * c + 1);
	int idx[81];
	memset(idx, -1, sizeof idx);
	for (int k = 0; k < 81; k++) {   /* fronts in (dots, lateral) order */
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
}

static int same(const struct tp_table_front *a, const struct tp_table_front *b)
{
	return memcmp(a->v, b->v, sizeof a->v) == 0;
}

int tp_table_prove(const struct tp_table *t, char out[][160], int n)
{
	int bad[8] = { 0 };
	const int N = TP_TABLE_N;
	for (int r = 0; r < N; r++)
		for (int c = 0; c < N; c++) {
			const struct tp_table_front *f = &t->tile[r * N + c];
			if (c + 1 < N) {   /* a step right: across the opposite quadrant of the dots */
				const struct tp_table_front *g = f + 1;
				bad[0] += m9(f->v[TP_DOTS] + 1) != g->v[TP_DOTS] ||
					  m9(f->v[TP_BOXES] - 1) != g->v[TP_BOXES];
				/* the sides that touch hold different series: boxes | dots */
				bad[5] += tp_table_side_series[TP_SIDE_RIGHT] == tp_table_side_series[TP_SIDE_LEFT];
			}
			if (r + 1 < N) {   /* a step down: across the opposite quadrant of the lateral */
				const struct tp_table_front *g = f + N;
				bad[1] += m9(f->v[TP_LATERAL] + 1) != g->v[TP_LATERAL] ||
					  m9(f->v[TP_VERTICAL] - 1) != g->v[TP_VERTICAL];
				bad[5] += tp_table_side_series[TP_SIDE_BOTTOM] == tp_table_side_series[TP_SIDE_TOP];
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
	const char *what[8] = {
		"rows: dots +1 and boxes -1 a step right (across the opposite quadrant), [0056]-[0058]",
		"columns: lateral +1 and vertical -1 a step down, [0059]",
		"opposite quadrants sum to 0 mod 9 on every tile, [0058]",
		"every dotted 5 has a 7 in a lined quadrant, [0059]",
		"distinct fronts",
		"touching sides hold different series: the colours alternate along rows and columns, [0065]",
		"each dots element 1..9 on 9 tiles",
		"tiles: 81 in a 9 x 9 square, FIG. 7, [0062]",
	};
	int fails = 0;
	for (int i = 0; i < 8 && i < n; i++) {
		fails += bad[i] != 0;
		if (i == 4)
			snprintf(out[i], 160, "%s: %d %s (18 by [0059])", bad[i] ? "FAILED" : "ok", distinct, what[i]);
		else
			snprintf(out[i], 160, "%s: %s%s", bad[i] ? "FAILED" : "ok", what[i],
				 bad[i] ? " (broken somewhere)" : "");
	}
	return fails;
}
