#include "games/series/series_hex.h"

#include <stdio.h>
#include <string.h>

/* E, NE, NW, W, SW, SE for pointy-topped hexagons in axial coordinates. */
const int tp_hex_dir[TP_HEX_SIDES][2] = {
	{ 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 },
};

static int m9(int x)
{
	x %= 9;
	if (x < 0)
		x += 9;
	return x == 0 ? 9 : x;
}

static void axial(int row, int col, int *x, int *y)
{
	*y = row;
	*x = col - (row - (row & 1)) / 2;
}

int tp_hex_neighbour(int rows, int cols, int row, int col, int k, int *nr, int *nc)
{
	int x, y;
	axial(row, col, &x, &y);
	x += tp_hex_dir[k][0];
	y += tp_hex_dir[k][1];
	int r = y, c = x + (y - (y & 1)) / 2;
	if (r < 0 || r >= rows || c < 0 || c >= cols)
		return 0;
	*nr = r;
	*nc = c;
	return 1;
}

void tp_hex_derive(struct tp_hex *h, int rows, int cols)
{
	memset(h, 0, sizeof *h);
	h->rows = rows;
	h->cols = cols;
	int n = rows * cols;
	for (int i = 0; i < n; i++) {
		int x, y;
		axial(i / cols, i % cols, &x, &y);
		int t = 4 * y - x;
		int a[3] = { t + (y & 1), 2 * t + ((x + y) & 1), 7 * t };
		for (int k = 0; k < 3; k++) {
			h->tile[i].v[k] = (unsigned char)m9(a[k]);
			h->tile[i].v[k + 3] = (unsigned char)m9(9 - a[k]);
		}
	}
	/* Fronts in order of (triangle 0, 1, 2) values. */
	for (int key = 0; key < 729; key++)
		for (int i = 0; i < n; i++) {
			const unsigned char *v = h->tile[i].v;
			if ((v[0] - 1) * 81 + (v[1] - 1) * 9 + v[2] - 1 != key)
				continue;
			int f = h->n_fronts;
			if (f == 0 || memcmp(h->front[f - 1].v, v, TP_HEX_SIDES) != 0)
				h->front[h->n_fronts++] = h->tile[i];
			f = h->n_fronts - 1;
			h->front_of[i] = f;
			h->count[f]++;
		}
}

int tp_hex_prove(const struct tp_hex *h, char out[][160], int n)
{
	int bad[5] = { 0 }, N = h->rows * h->cols;
	for (int i = 0; i < N; i++) {
		const unsigned char *v = h->tile[i].v;
		for (int k = 0; k < 3; k++)
			bad[1] += (v[k] + v[k + 3]) % 9 != 0;
		for (int k = 0; k < TP_HEX_SIDES; k++) {
			int nr, nc;
			if (!tp_hex_neighbour(h->rows, h->cols, i / h->cols, i % h->cols, k, &nr, &nc))
				continue;
			const unsigned char *w = h->tile[nr * h->cols + nc].v;
			/* Through side k: triangle k loses 1 (left directly), the
			 * opposite triangle gains 1 (left across triangle k). */
			bad[0] += w[k] != m9(v[k] - 1) || w[(k + 3) % 6] != m9(v[(k + 3) % 6] + 1);
			/* Touching sides: triangle k meets the neighbour's k+3. */
			bad[3] += k == (k + 3) % 6;
		}
	}
	int distinct = 0;
	for (int i = 0; i < N; i++) {
		int first = 1;
		for (int j = 0; j < i && first; j++)
			first = memcmp(h->tile[i].v, h->tile[j].v, TP_HEX_SIDES) != 0;
		distinct += first;
	}
	bad[2] = distinct != 36;
	bad[4] = h->n_fronts != distinct;
	int fails = 0;
	for (int i = 0; i < 5 && i < n; i++)
		fails += bad[i] != 0;
	if (n >= 5) {
		snprintf(out[0], 160, "%s: six series in three directions: +1 across the opposite triangle, -1 directly, [0070]",
			 bad[0] ? "FAILED" : "ok");
		snprintf(out[1], 160, "%s: opposite triangles sum to 0 mod 9 on every tile", bad[1] ? "FAILED" : "ok");
		snprintf(out[2], 160, "%s: %d distinct fronts (36 by [0071])", bad[2] ? "FAILED" : "ok", distinct);
		snprintf(out[3], 160, "%s: touching sides hold different series", bad[3] ? "FAILED" : "ok");
		snprintf(out[4], 160, "%s: the manifest lists each front once", bad[4] ? "FAILED" : "ok");
	}
	return fails;
}
