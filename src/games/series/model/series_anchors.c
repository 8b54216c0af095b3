/* Anchors for any board size (FIG. 22, claim 16, not only the drawn one): where
 * the four Anchor Tiles go and which tiles they are, derived from the rules
 * and the board size.  Pure: no I/O, no allocation.  See series.h. */

#include "games/series/model/series_core.h"

#include <stdio.h>
#include <string.h>

/* The plane: a spanning 9-tile with lateral corner board_centre on the
 * middle square (rows/2, (cols-1)/2).  The plane repeats every 18 squares
 * both ways, so the trial is made on a 20x20 board with that square taken
 * mod 18 (parity kept), which keeps the two trial anchors on it.  Returns 1
 * with *p fixed, or 0 when no consistent plane exists. */
static int centre_plane(const struct tp_rules *r, struct tp_pattern *p)
{
	static const struct tp_rules zero;
	struct tp_rules t = zero;
	t.pairing = r->pairing;
	memcpy(t.cycle, r->cycle, sizeof t.cycle);
	t.board_centre = r->board_centre;
	t.tpl = r->tpl;
	t.rows = t.cols = 20;
	t.n_anchors = 2;
	int zr = (r->rows / 2) % 18, zc = ((r->cols - 1) / 2) % 18;
	t.anchors[0] = (struct tp_anchor){ .row = zr, .col = zc, .front = 9,
					   .corner = r->board_centre };
	t.anchors[1] = (struct tp_anchor){ .row = zr, .col = zc + 1,
					   .corner = (r->board_centre + 2) % 4 };
	/* First pass: a spanning patch (needed with backs on, and the
	 * "microscopic image" of the board image, [0087], either way).
	 * Second pass, backs off only: any consistent plane. */
	for (int pass = 0; pass < (r->backs ? 1 : 2); pass++) {
		t.backs = pass == 0;
		for (int f = 1; f <= 9; f++) {
			tp_err e = { 0 };
			t.anchors[1].front = f;
			memset(p, 0, sizeof *p);
			if (tp_series_plane_fix(&t, p, &e) == TP_OK && (pass == 1 || p->spanning))
				return 1;
		}
	}
	return 0;
}

static int parity(int r, int c)
{
	return (r + c) % 2;
}

/* Adds square (r, c) to sq[] unless it is there already. */
static void add(int sq[][2], int *n, int r, int c)
{
	for (int i = 0; i < *n; i++)
		if (sq[i][0] == r && sq[i][1] == c)
			return;
	sq[*n][0] = r;
	sq[*n][1] = c;
	(*n)++;
}

/* 1 when sq[] holds squares of both colour classes. */
static int both_classes(int sq[][2], int n)
{
	for (int i = 1; i < n; i++)
		if (parity(sq[i][0], sq[i][1]) != parity(sq[0][0], sq[0][1]))
			return 1;
	return 0;
}

/* The anchor squares (0-based) for an R x C board, mirror-symmetric across
 * both middle lines, covering both colour classes; returns how many (at
 * most 5), or 0 when no such set exists (1x1). */
static int anchor_squares(int R, int C, int sq[5][2])
{
	/* The middle of the top quarter's rows (of the top half, rounded
	 * toward the edge), likewise for the cols. */
	int m = R / 2 >= 1 ? (R / 2 - 1) / 2 : 0;
	int n = C / 2 >= 1 ? (C / 2 - 1) / 2 : 0;
	int k = 0;
	if (R % 2 == 0 || C % 2 == 0) {
		/* A side of even length: mirroring across its middle line
		 * moves a square an odd distance, to the other colour class. */
		add(sq, &k, m, n);
		add(sq, &k, m, C - 1 - n);
		add(sq, &k, R - 1 - m, n);
		add(sq, &k, R - 1 - m, C - 1 - n);
		return both_classes(sq, k) ? k : 0;
	}
	/* Both sides odd: every mirror image stays in its colour class, so
	 * the four quarter middles share one.  A diamond on the middle lines:
	 * a pair on the middle col, a pair on the middle row, the latter moved
	 * along the row (nearest first) until the classes differ. */
	int rm = R / 2, cm = C / 2;
	for (int d = 0; d < C; d++)
		for (int s = -1; s <= 1; s += 2) {
			int b = n + s * d;
			if (b < 0 || b >= cm || (d == 0 && s > 0) ||
			    parity(rm, b) == parity(m, cm))
				continue;
			add(sq, &k, m, cm);
			add(sq, &k, R - 1 - m, cm);
			add(sq, &k, rm, b);
			add(sq, &k, rm, C - 1 - b);
			return k;
		}
	/* Too narrow for a diamond (3 wide): the middle-col pair and the
	 * middle square, or the middle-row pair and the middle square. */
	add(sq, &k, m, cm);
	add(sq, &k, R - 1 - m, cm);
	add(sq, &k, rm, cm);
	if (both_classes(sq, k))
		return k;
	k = 0;
	add(sq, &k, rm, n);
	add(sq, &k, rm, C - 1 - n);
	add(sq, &k, rm, cm);
	return both_classes(sq, k) ? k : 0;
}

int tp_series_default_anchors(const struct tp_rules *r, struct tp_anchor *out, int max)
{
	if (r->rows < 1 || r->cols < 1)
		return 0;
	int sq[5][2];
	int k = anchor_squares(r->rows, r->cols, sq);
	struct tp_pattern p;
	if (k == 0 || !centre_plane(r, &p))
		return 0;
	for (int i = 0; i < k && i < max; i++) {
		struct tp_anchor *a = &out[i];
		memset(a, 0, sizeof *a);
		a->row = sq[i][0];
		a->col = sq[i][1];
		tp_series_plane_at(&p, a->row, a->col, &a->front, &a->corner);
		snprintf(a->where, sizeof a->where, "anchor %d derived for the %dx%d board",
			 i + 1, r->rows, r->cols);
	}
	return k;
}

int tp_series_suggest_anchors(const struct tp_rules *r, char *text, size_t n)
{
	struct tp_anchor a[5];
	int k = tp_series_default_anchors(r, a, 5);
	if (n == 0)
		return k;
	if (k == 0) {
		snprintf(text, n, "no anchors work on %dx%d with these rules", r->rows, r->cols);
		return 0;
	}
	size_t len = (size_t)snprintf(text, n, "anchors that work on %dx%d:", r->rows, r->cols);
	for (int i = 0; i < k && len < n; i++)
		len += (size_t)snprintf(text + len, n - len, "%s anchor = %d %d %d %s",
					i ? "," : "", a[i].row + 1, a[i].col + 1, a[i].front,
					tp_corner_names[a[i].corner]);
	return k;
}

void tp_series_append_suggestion(const struct tp_rules *r, tp_err *e)
{
	char hint[sizeof e->msg];
	tp_series_suggest_anchors(r, hint, sizeof hint);
	size_t len = strlen(e->msg);
	if (len < sizeof e->msg)
		snprintf(e->msg + len, sizeof e->msg - len, "; %s", hint);
}
