#include "games/series/model/series_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

const char *const tp_series_names[TP_N_SERIES + 1] = {
	"lateral", "boxes", "vertical", "dots", "none"
};
const char *const tp_corner_names[4] = { "nw", "ne", "se", "sw" };

/* Series values live in Z/9 but are written 1..9: 0 is shown as 9. */
static int mod9(int x)
{
	x %= 9;
	if (x < 0)
		x += 9;
	return x == 0 ? 9 : x;
}

/* Floor division that also works for negative plane coordinates. */
static int fdiv(int a, int b)
{
	int q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

int tp_series_value(int pairing, int s, int v)
{
	switch (s) {
	case TP_LATERAL: return mod9(v);
	case TP_VERTICAL: return mod9(9 - v);
	case TP_BOXES: return mod9(pairing * v);
	case TP_DOTS: return mod9(9 - pairing * v);
	}
	return 0;
}

int tp_series_at(const int cycle[4], int lateral_corner, int k)
{
	return cycle[((k - lateral_corner) % 4 + 4) % 4];
}

void tp_series_quadrant_cell(int k, int a, int b, int *row, int *col)
{
	/* Quadrant k is the nw quadrant turned k quarter turns clockwise
	 * about the tile centre, in a 6x6 grid of cells. */
	int r = a, c = b;
	for (int i = 0; i < k; i++) {
		int t = r;
		r = c;
		c = 5 - t;
	}
	*row = r;
	*col = c;
}

void tp_series_tile_cells(const struct tp_rules *r, int front, int lateral_corner,
		   unsigned char out[6][6])
{
	memset(out, TP_NONE, 36);
	for (int k = 0; k < 4; k++) {
		int s = tp_series_at(r->cycle, lateral_corner, k);
		int n = tp_series_value(r->pairing, s, front);
		for (int i = 0; i < n; i++) {
			int row, col;
			tp_series_quadrant_cell(k, r->tpl->cell[n][i][0],
					 r->tpl->cell[n][i][1], &row, &col);
			out[row][col] = (unsigned char)s;
		}
	}
}

/* Direction Invariant: the quadrant at corner k gains 1 on the tile
 * diagonally across the opposite corner.  Finds the front change d (0..8)
 * for that step; -1 when no single d satisfies both quadrants on that
 * diagonal (a pairing that is not invertible mod 9). */
static int solve_step(const struct tp_rules *r, int corner, int v, int k)
{
	int s = tp_series_at(r->cycle, corner, k);
	int s_opp = tp_series_at(r->cycle, corner, (k + 2) % 4);
	int want = mod9(tp_series_value(r->pairing, s, v) + 1);
	int want_opp = mod9(tp_series_value(r->pairing, s_opp, v) - 1);
	int found = -1;
	for (int d = 0; d < 9; d++) {
		if (tp_series_value(r->pairing, s, v + d) == want &&
		    tp_series_value(r->pairing, s_opp, v + d) == want_opp) {
			if (found >= 0)
				return -1;
			found = d;
		}
	}
	return found;
}

static void class_at(const struct tp_class *c, int row, int col, int *front)
{
	int dr = row - c->row, dc = col - c->col;
	int s = fdiv(dr + dc, 2), t = fdiv(dr - dc, 2);
	long v = (long)c->front + (long)(s % 9) * c->step_se +
		 (long)(t % 9) * c->step_sw;
	*front = mod9((int)(v % 9));
}

void tp_series_plane_at(const struct tp_pattern *p, int row, int col, int *front,
		 int *corner)
{
	const struct tp_class *c = &p->cls[((row + col) % 2 + 2) % 2];
	class_at(c, row, col, front);
	*corner = c->corner;
}

static int parity(int r, int c)
{
	return ((r + c) % 2 + 2) % 2;
}

static int setup_classes(const struct tp_rules *r, struct tp_pattern *p, int *off_board,
			 tp_err *e)
{
	const struct tp_anchor *first[2] = { NULL, NULL };
	if (r->n_anchors < 2)
		return tp_fail(e, TP_EINPUT,
			       "%s: series.anchor: %d anchor%s given; at least two are needed, one on each colour class (row+col even and odd)",
			       r->anchors_source, r->n_anchors, r->n_anchors == 1 ? "" : "s");
	for (int i = 0; i < r->n_anchors; i++) {
		const struct tp_anchor *a = &r->anchors[i];
		if (a->row < 0 || a->row >= r->rows || a->col < 0 || a->col >= r->cols) {
			*off_board = 1;
			return tp_fail(e, TP_EINPUT,
				       "%s: series.anchor = %d %d %d %s: square is off the %dx%d board; rows 1..%d, cols 1..%d",
				       a->where, a->row + 1, a->col + 1, a->front, tp_corner_names[a->corner],
				       r->rows, r->cols, r->rows, r->cols);
		}
		for (int j = 0; j < i; j++) {
			const struct tp_anchor *b = &r->anchors[j];
			if (a->row == b->row && a->col == b->col &&
			    (a->front != b->front || a->corner != b->corner))
				return tp_fail(e, TP_EINPUT,
					       "%s: series.anchor = %d %d %d %s: square already holds front %d %s (%s); one tile per square",
					       a->where, a->row + 1, a->col + 1, a->front,
					       tp_corner_names[a->corner], b->front,
					       tp_corner_names[b->corner], b->where);
		}
		int par = parity(a->row, a->col);
		if (first[par] == NULL)
			first[par] = a;
	}
	for (int par = 0; par < 2; par++)
		if (first[par] == NULL)
			return tp_fail(e, TP_EINPUT,
				       "%s: series.anchor: every anchor is on squares with row+col %s; add one with row+col %s, since each colour class needs an anchor (FIG. 11-13)",
				       r->anchors_source, par ? "even" : "odd", par ? "odd" : "even");
	if (first[1]->corner != (first[0]->corner + 2) % 4)
		return tp_fail(e, TP_EINPUT,
			       "%s: series.anchor: lateral corner %s is not turned 180 degrees from %s (%s); the two colour classes must have opposite lateral corners",
			       first[1]->where, tp_corner_names[first[1]->corner],
			       tp_corner_names[first[0]->corner], first[0]->where);
	for (int par = 0; par < 2; par++) {
		const struct tp_anchor *a = first[par];
		struct tp_class *c = &p->cls[par];
		c->corner = a->corner;
		c->row = a->row;
		c->col = a->col;
		c->front = a->front;
		c->step_se = solve_step(r, a->corner, a->front, TP_NW);
		c->step_sw = solve_step(r, a->corner, a->front, TP_NE);
		if (c->step_se < 0 || c->step_sw < 0)
			return tp_fail(e, TP_EINPUT,
				       "%s: series.pairing = %d: the series cannot advance by one along a diagonal; allowed: 2, 4, 5 or 7",
				       r->source, r->pairing);
	}
	for (int i = 0; i < r->n_anchors; i++) {
		const struct tp_anchor *a = &r->anchors[i];
		int f, k;
		tp_series_plane_at(p, a->row, a->col, &f, &k);
		if (f != a->front || k != a->corner) {
			const struct tp_anchor *m = first[parity(a->row, a->col)];
			return tp_fail(e, TP_EINPUT,
				       "%s: series.anchor = %d %d %d %s disagrees with the plane fixed by %s: that square must hold front %d with lateral corner %s",
				       a->where, a->row + 1, a->col + 1, a->front,
				       tp_corner_names[a->corner], m->where, f, tp_corner_names[k]);
		}
	}
	return TP_OK;
}

/* FIG. 20: the board shows the plane magnified six times around a 9-tile
 * whose 3x3 neighbourhood holds all nine fronts (FIG. 18).  The plane
 * repeats every 18 squares along rows and columns, so one period suffices;
 * all 9-tiles of the class are translates of each other. */
/* A 9-tile of class cls whose 3x3 neighbourhood holds all nine fronts:
 * 1 with its plane position, or 0. */
static int spanning_search(const struct tp_pattern *p, int cls, int *cr, int *cc)
{
	for (int R = 0; R < 18; R++)
		for (int C = 0; C < 18; C++) {
			int f, k;
			if (parity(R, C) != cls)
				continue;
			tp_series_plane_at(p, R, C, &f, &k);
			if (f != 9)
				continue;
			unsigned seen = 0;
			for (int i = -1; i <= 1; i++)
				for (int j = -1; j <= 1; j++) {
					tp_series_plane_at(p, R + i, C + j, &f, &k);
					seen |= 1u << f;
				}
			if (seen == 0x3feu) {
				*cr = R;
				*cc = C;
				return 1;
			}
		}
	return 0;
}

static int find_spanning_centre(const struct tp_rules *r, const struct tp_pattern *p,
				int *cr, int *cc, tp_err *e)
{
	int cls = -1;
	for (int par = 0; par < 2; par++)
		if (p->cls[par].corner == r->board_centre)
			cls = par;
	if (cls < 0)
		return tp_fail(e, TP_EINPUT,
			       "%s: series.board_centre = %s matches neither colour class; allowed: %s or %s (the anchors' lateral corners)",
			       r->where_centre, tp_corner_names[r->board_centre],
			       tp_corner_names[p->cls[0].corner], tp_corner_names[p->cls[1].corner]);
	if (spanning_search(p, cls, cr, cc))
		return TP_OK;
	*cr = *cc = -1;
	if (!r->backs)
		return TP_OK; /* the tutorial board needs no image */
	/* Say what would work: the fronts that, at the other class's reference
	 * anchor, give a spanning patch with this class as it is. */
	struct tp_pattern trial = *p;
	struct tp_class *other = &trial.cls[1 - cls];
	char fix[64] = "";
	for (int f = 1; f <= 9; f++) {
		int R, C;
		other->front = f;
		if (spanning_search(&trial, cls, &R, &C)) {
			size_t l = strlen(fix);
			snprintf(fix + l, sizeof fix - l, "%s%d", l ? " or " : "", f);
		}
	}
	if (fix[0])
		return tp_fail(e, TP_EINPUT,
			       "%s: series.anchor: no spanning patch exists for these anchors with pairing %d: no 9-tile with lateral corner %s has all nine fronts around it (FIG. 18); keeping the row+col %s anchors, the one at (%d,%d) needs front %s (and its class-mates must agree)",
			       r->anchors_source, r->pairing, tp_corner_names[r->board_centre],
			       cls ? "odd" : "even", other->row + 1, other->col + 1, fix);
	return tp_fail(e, TP_EINPUT,
		       "%s: series.anchor: no spanning patch exists for these anchors with pairing %d: no 9-tile with lateral corner %s has all nine fronts around it (FIG. 18); change the anchors of one colour class",
		       r->anchors_source, r->pairing, tp_corner_names[r->board_centre]);
}

/* setup_classes and find_spanning_centre; *suggest is set when the error is
 * one that other anchors would cure (a square off the board, no spanning
 * patch). */
static int plane_fix(const struct tp_rules *r, struct tp_pattern *p, int *suggest, tp_err *e)
{
	int cr = -1, cc = -1;
	int rc = setup_classes(r, p, suggest, e);
	if (rc == TP_OK) {
		rc = find_spanning_centre(r, p, &cr, &cc, e);
		*suggest = rc == TP_EINPUT;
	}
	p->spanning = cr >= 0;
	p->span_r = cr;
	p->span_c = cc;
	return rc;
}

int tp_series_plane_fix(const struct tp_rules *r, struct tp_pattern *p, tp_err *e)
{
	int suggest = 0;
	return plane_fix(r, p, &suggest, e);
}

int tp_series_derive(const struct tp_rules *r, struct tp_pattern **out, tp_err *e)
{
	*out = NULL;
	if (r->rows < 1 || r->cols < 1)
		return tp_fail(e, TP_EINPUT, "%s: board: %dx%d has no squares; rows and cols must be at least 1",
			       r->source, r->rows, r->cols);
	if (r->backs && (r->rows % 6 || r->cols % 6))
		return tp_fail(e, TP_EINPUT,
			       "%s: board: %dx%d is not a multiple of 6; the board image magnifies each tile to 6x6 squares, so rows and cols must be multiples of 6 while backs are on",
			       r->source, r->rows, r->cols);
	struct tp_pattern *p = tp_calloc(1, sizeof *p);
	if (p == NULL)
		return tp_fail(e, TP_EIO, "out of memory deriving the pattern");
	p->rows = r->rows;
	p->cols = r->cols;
	int suggest = 0;
	int rc = plane_fix(r, p, &suggest, e);
	int cr = p->span_r, cc = p->span_c;
	if (rc != TP_OK) {
		if (suggest)
			tp_series_append_suggestion(r, e);
		tp_series_free(p);
		return rc;
	}
	size_t n = (size_t)r->rows * (size_t)r->cols;
	p->tiles = tp_calloc(n, sizeof *p->tiles);
	if (p->tiles == NULL)
		goto oom;
	for (int row = 0; row < r->rows; row++)
		for (int col = 0; col < r->cols; col++) {
			int f, k;
			tp_series_plane_at(p, row, col, &f, &k);
			struct tp_tile *t = &p->tiles[(size_t)row * r->cols + col];
			t->front = (unsigned char)f;
			t->corner = (unsigned char)k;
			t->back = TP_NONE;
		}
	for (int i = 0; i < r->n_anchors; i++) {
		struct tp_tile *t = &p->tiles[(size_t)r->anchors[i].row * r->cols + r->anchors[i].col];
		if (!t->anchor)
			p->n_anchor_tiles++;
		t->anchor = 1;
	}
	if (r->backs) {
		p->patch_rows = r->rows / 6;
		p->patch_cols = r->cols / 6;
		p->centre_r = (p->patch_rows - 1) / 2;
		p->centre_c = (p->patch_cols - 1) / 2;
		p->patch_r0 = cr - p->centre_r;
		p->patch_c0 = cc - p->centre_c;
		p->board = tp_malloc(n);
		if (p->board == NULL)
			goto oom;
		for (int i = 0; i < p->patch_rows; i++)
			for (int j = 0; j < p->patch_cols; j++) {
				int f, k;
				unsigned char cells[6][6];
				tp_series_plane_at(p, p->patch_r0 + i, p->patch_c0 + j, &f, &k);
				tp_series_tile_cells(r, f, k, cells);
				for (int a = 0; a < 6; a++)
					memcpy(p->board + (size_t)(i * 6 + a) * r->cols + j * 6,
					       cells[a], 6);
			}
		for (size_t i = 0; i < n; i++)
			p->tiles[i].back = p->board[i];
	}
	for (size_t i = 0; i < n; i++)
		p->count[p->tiles[i].front - 1][p->tiles[i].back]++;
	*out = p;
	return TP_OK;
oom:
	tp_series_free(p);
	return tp_fail(e, TP_EIO, "out of memory deriving the pattern for a %dx%d board",
		       r->rows, r->cols);
}

void tp_series_free(struct tp_pattern *p)
{
	if (p == NULL)
		return;
	free(p->tiles);
	free(p->board);
	free(p);
}
