#include "games/series/model/series_hex.h"

#include <stdio.h>
#include <string.h>

/* E, NE, NW, W, SW, SE for pointy-topped hexagons in axial coordinates. */
const int tp_hex_dir[TP_HEX_SIDES][2] = {
	{ 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 },
};

/* The side patterns that change across side k (bit 1 alpha, bit 0 beta). */
static const int flip[3] = { 1, 2, 3 };

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

void tp_hex_front_make(int e, int pattern, struct tp_hex_front *f)
{
	static const int p[4] = { 0, 1, 7, 8 }, q[4] = { 0, 0, 2, 2 };
	int a[3] = { e, 2 * e + p[pattern & 3], 7 * e + q[pattern & 3] };
	for (int k = 0; k < 3; k++) {
		f->v[k] = (unsigned char)m9(a[k]);
		f->v[k + 3] = (unsigned char)m9(9 - a[k]);
	}
}

int tp_hex_pattern_of(const unsigned char v[3])
{
	for (int pat = 0; pat < 4; pat++) {
		struct tp_hex_front f;
		tp_hex_front_make(v[0], pat, &f);
		if (memcmp(f.v, v, 3) == 0)
			return pat;
	}
	return -1;
}

void tp_hex_default_anchor(int rows, int cols, struct tp_hex_anchor *a)
{
	memset(a, 0, sizeof *a);
	a->row = rows / 2;
	a->col = (cols - 1) / 2;
	a->v[0] = a->v[1] = a->v[2] = 9;
	snprintf(a->where, sizeof a->where, "the default anchor (the middle tile, all 9)");
}

/* Breadth first from the anchor: each tile fixes its unset neighbours
 * (the Direction Invariant gives the triangle facing the shared side, the
 * alternation the neighbour's side patterns, the pairing the rest). */
static void spread(struct tp_hex *h, const struct tp_hex_anchor *a)
{
	int queue[TP_HEX_MAX * TP_HEX_MAX], pat[TP_HEX_MAX * TP_HEX_MAX];
	unsigned char set[TP_HEX_MAX * TP_HEX_MAX];
	int n = h->rows * h->cols, head = 0, tail = 0;
	memset(set, 0, (size_t)n);
	int i0 = a->row * h->cols + a->col;
	pat[i0] = tp_hex_pattern_of(a->v);
	tp_hex_front_make(a->v[0], pat[i0], &h->tile[i0]);
	set[i0] = 1;
	queue[tail++] = i0;
	while (head < tail) {
		int i = queue[head++];
		for (int k = 0; k < TP_HEX_SIDES; k++) {
			int nr, nc;
			if (!tp_hex_neighbour(h->rows, h->cols, i / h->cols, i % h->cols, k, &nr, &nc))
				continue;
			int j = nr * h->cols + nc;
			if (set[j])
				continue;
			int want = m9(h->tile[i].v[k] - 1);
			pat[j] = pat[i] ^ flip[k % 3];
			for (int e = 1; e <= 9; e++) {
				tp_hex_front_make(e, pat[j], &h->tile[j]);
				if (h->tile[j].v[k] == want)
					break;
			}
			set[j] = 1;
			queue[tail++] = j;
		}
	}
}

int tp_hex_derive(struct tp_hex *h, int rows, int cols, const struct tp_hex_anchor *an, int n)
{
	memset(h, 0, sizeof *h);
	h->rows = rows;
	h->cols = cols;
	h->n_anchors = n < TP_HEX_MAX_ANCHORS ? n : TP_HEX_MAX_ANCHORS;
	memcpy(h->anchor, an, (size_t)h->n_anchors * sizeof *an);
	spread(h, &an[0]);
	int N = rows * cols;
	/* Fronts in order of (triangle 0, 1, 2) values. */
	for (int key = 0; key < 729; key++)
		for (int i = 0; i < N; i++) {
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
	for (int i = 1; i < h->n_anchors; i++)
		if (memcmp(h->tile[an[i].row * cols + an[i].col].v, an[i].v, 3) != 0)
			return i + 1;
	return 0;
}

/* The rules of the header on every tile and every neighbouring pair:
 * bad[0] steps, bad[1] opposite sums, bad[2] pairing, bad[3] alternation. */
static void local_rules(const struct tp_hex *h, int bad[4])
{
	int N = h->rows * h->cols;
	for (int i = 0; i < N; i++) {
		const unsigned char *v = h->tile[i].v;
		for (int k = 0; k < 3; k++)
			bad[1] += (v[k] + v[k + 3]) % 9 != 0;
		int pi = tp_hex_pattern_of(v);
		bad[2] += pi < 0;
		for (int k = 0; k < TP_HEX_SIDES; k++) {
			int nr, nc;
			if (!tp_hex_neighbour(h->rows, h->cols, i / h->cols, i % h->cols, k, &nr, &nc))
				continue;
			const unsigned char *w = h->tile[nr * h->cols + nc].v;
			/* Through side k: triangle k loses 1 (left directly), the
			 * opposite triangle gains 1 (left across triangle k). */
			bad[0] += w[k] != m9(v[k] - 1) || w[(k + 3) % 6] != m9(v[(k + 3) % 6] + 1);
			int pj = tp_hex_pattern_of(w);
			bad[3] += pi >= 0 && pj >= 0 && (pi ^ pj) != flip[k % 3];
		}
	}
}

int tp_hex_prove(const struct tp_hex *h, char out[][160], int n)
{
	int bad[TP_HEX_RULES] = { 0 }, N = h->rows * h->cols;
	local_rules(h, bad);
	int distinct = 0;
	for (int i = 0; i < N; i++) {
		int first = 1;
		for (int j = 0; j < i && first; j++)
			first = memcmp(h->tile[i].v, h->tile[j].v, TP_HEX_SIDES) != 0;
		distinct += first;
	}
	bad[4] = distinct != 36;
	for (int i = 0; i < h->n_anchors; i++)
		bad[5] += memcmp(h->tile[h->anchor[i].row * h->cols + h->anchor[i].col].v, h->anchor[i].v, 3) != 0;
	bad[6] = h->n_fronts != distinct;
	int fails = 0;
	for (int i = 0; i < TP_HEX_RULES; i++)
		fails += bad[i] != 0;
	if (n < TP_HEX_RULES)
		return fails;
	const char *ok[2] = { "ok", "FAILED" };
	snprintf(out[0], 160, "%s: six series in three directions: +1 across the opposite triangle, -1 directly, [0070]",
		 ok[bad[0] != 0]);
	snprintf(out[1], 160, "%s: opposite triangles sum to 0 mod 9 on every tile", ok[bad[1] != 0]);
	snprintf(out[2], 160, "%s: pairing: north-east 2E+p, north-west 7E+q on every front (our reading, [0070]-[0071] give none)", ok[bad[2] != 0]);
	snprintf(out[3], 160, "%s: side patterns alternate across every side ([0071])", ok[bad[3] != 0]);
	snprintf(out[4], 160, "%s: %d distinct fronts (36 by [0071])", ok[bad[4] != 0], distinct);
	snprintf(out[5], 160, "%s: %d anchor tile%s hold%s", ok[bad[5] != 0], h->n_anchors,
		 h->n_anchors == 1 ? "" : "s", h->n_anchors == 1 ? "s" : "");
	snprintf(out[6], 160, "%s: the manifest lists each front once", ok[bad[6] != 0]);
	return fails;
}
