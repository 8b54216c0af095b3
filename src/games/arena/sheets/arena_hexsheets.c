/* The hex and triangular boards' sheets (arena.grid = hex, tri): the
 * board of hexagonal or triangular cells and its parts, cut round the
 * cells' outline, or, when a pack gives it ledges (a title, credit line
 * or corners), as the rectangle of the cells' box and the ledges.  The score pad and the die net are the square board's.
 * Geometry as arena_hex.h (pointy-topped cells, a pitch of
 * arena.square_mm between neighbours' centres, the width across a cell's
 * flats) and arena_tri.h (triangles of arena.square_mm edges). */

#include "games/arena/sheets/arena_hexsheets.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/arena/model/arena_gridops.h"
#include "games/arena/model/arena_hex.h"
#include "games/arena/model/arena_polyform.h"
#include "print/layout/die.h"
#include "print/layout/sheet.h"
#include "print/art/text_outline.h"

/* A traced outline's corners: a piece of six hexes has at most 6 * 6. */
#define PIECE_CORNERS 40

static struct tp_scene *new_sheet(const struct tp_config *c, const char *name, double w, double h,
				  const int *layers, size_t n)
{
	return tp_scene_new_layered(name, w, h, c->print.bleed_mm, &c->print.inks, layers, n);
}

/* ---- the board --------------------------------------------------------------- */

/* The board on its page: the cells' box and a margin of print.bleed_mm
 * all round (the die line runs round the cells inside the trim, and the
 * art reaching the trim, the bleed ring round the cells, runs on through
 * the bleed; the margin is print.safe_mm when that is larger), and where
 * the cells' lattice (arena_polyform.h) has its origin (the grid
 * table's cells_box and origin_top). */
struct bgeo {
	int grid, R, C;
	double p, W, H, ox, oy;
	double top, bottom;   /* the ledges (tp_arena_ledges), 0 without */
};

static double margin(const struct tp_config *c)
{
	/* and at least the profile's safe zone (print.safe_mm), so that the
	 * cells stay that far inside the trim */
	return fmax(c->print.bleed_mm, c->print.safe_mm);
}

static void bgeo_of(const struct tp_config *c, const struct tp_arena_board *bd, struct bgeo *g)
{
	double p = tp_arena(c)->square_mm, M = margin(c), w, h;
	const struct tp_arena_gridops *ops = tp_arena_gridops_for(bd->grid);
	*g = (struct bgeo){ .grid = bd->grid, .R = bd->rows, .C = bd->cols, .p = p };
	ops->cells_box(bd->rows, p, &w, &h);
	tp_arena_ledges(c, &g->top, &g->bottom);
	g->W = w + 2 * M;
	g->H = h + 2 * M;
	g->ox = g->W / 2;
	/* the cells move down by the top ledge; without one, 0 + x is x to
	 * the bit */
	g->oy = g->top + (ops->origin_top ? M : g->H / 2);
	g->H += g->top + g->bottom;
}

/* Slot i's cell on the lattice: hex (r, q) from the centre, tri (r, c). */
static void slot_cell(const struct bgeo *g, int i, int *r, int *c)
{
	int n = tp_arena_gridops_for(g->grid)->centred ? g->R / 2 : 0;
	*r = i / g->C - n;
	*c = i % g->C - n;
}

/* Slot i's centre (a triangle's centroid) on the page. */
static void centre_mm(const struct bgeo *g, int i, double *x, double *y)
{
	int r, c;
	slot_cell(g, i, &r, &c);
	tp_arena_cell_mm(g->grid, g->p, r, c, x, y);
	*x += g->ox;
	*y += g->oy;
}

/* Slot i's cell outline as a closed path; returns its point count. */
static size_t cell_path(const struct bgeo *g, int i, struct tp_pt pt[7])
{
	int r, c, v[6][2];
	slot_cell(g, i, &r, &c);
	int k = tp_arena_cell_corners(g->grid, r, c, v);
	for (int j = 0; j < k; j++) {
		double x, y;
		tp_arena_lattice_mm(g->grid, g->p, v[j][0], v[j][1], &x, &y);
		pt[j] = (struct tp_pt){ (uint8_t)(j ? TP_LINE : TP_MOVE), g->ox + x, g->oy + y };
	}
	pt[k] = (struct tp_pt){ TP_CLOSE, 0, 0 };
	return (size_t)k + 1;
}

/* Slot i's cell in ink: whole, or (window) round an unprinted copy of
 * the cell scaled by the grid's frame about its centre, one quad an edge
 * (a picture's paper ground, as tp_arena_ground_framed on squares: no
 * thin part of a dark picture knocks out the arena's ink). */
static int cell_ground(struct tp_scene *sc, const struct bgeo *g, int i, int ink, int window)
{
	struct tp_pt pt[7];
	size_t k = cell_path(g, i, pt) - 1;
	if (!window)
		return tp_scene_path(sc, ink, TP_FILL, 0, pt, k + 1);
	double cx = 0, cy = 0;
	for (size_t j = 0; j < k; j++) {
		cx += pt[j].x / (double)k;
		cy += pt[j].y / (double)k;
	}
	int rc = 0;
	for (size_t j = 0; rc == 0 && j < k; j++) {
		const struct tp_pt *a = &pt[j], *b = &pt[(j + 1) % k];
		double w = tp_arena_gridops_for(g->grid)->frame;
		struct tp_pt q[5] = { { TP_MOVE, a->x, a->y }, { TP_LINE, b->x, b->y },
				      { TP_LINE, cx + w * (b->x - cx), cy + w * (b->y - cy) },
				      { TP_LINE, cx + w * (a->x - cx), cy + w * (a->y - cy) },
				      { TP_CLOSE, 0, 0 } };
		rc = tp_scene_path(sc, ink, TP_FILL, 0, q, 5);
	}
	return rc;
}

/* A piece of the board as the factory cuts it: part h (0, 1; -1 the
 * whole board), or, when that part does not fit the press sheet, the cells
 * of it in row band jr of nr and column band jc of nc (bands of equal
 * shares of the part's rows and of its columns, a column being a half
 * pitch: hex 2q + r, tri c - r).  A piece is cut round whole cells, so
 * its seams run along cell edges, the neighbour piece has the matching
 * edge, and no number is cut (a punchboard jigsaw board). */
struct sub {
	int h, nr, nc, jr, jc;
	int r0, r1, u0, u1;   /* part h's rows and columns, inclusive */
	int k, n;             /* its number (1-based) of the part's n pieces */
};

static double *part_outline(const struct tp_config *c, const struct tp_arena_board *bd,
			    const struct sub *s, int *m);

/* Whether the board has a ledge (a pack's title, credit line or
 * corners): it is then a rectangle, the cells' box and its ledges, with
 * the outer arena's ink between the cells and its edges. */
static int ledged(const struct bgeo *g)
{
	return g->top + g->bottom > 0;
}

/* That rectangle on the board's page: x0 y0 x1 y1, inside the margin. */
static void ledge_rect(const struct tp_config *c, const struct bgeo *g, double r[4])
{
	double M = margin(c);
	r[0] = M;
	r[1] = M;
	r[2] = g->W - M;
	r[3] = g->H - M;
}

/* The bleed round the board: the outer arena's ink in a ring from the
 * cells' outline out to print.bleed_mm beyond it, or beyond the ledges'
 * rectangle (a ring, so that it lies under no cell whatever the inks'
 * order). */
static int bleed_ring(const struct tp_config *c, const struct tp_arena_board *bd, struct tp_scene *sc)
{
	int m;
	struct bgeo G;
	bgeo_of(c, bd, &G);
	double *o = part_outline(c, bd, NULL, &m), d = 2 * margin(c) + 1;
	int n = ledged(&G) ? 4 : m;
	double *g = o ? tp_malloc(sizeof *g * 2 * (size_t)(n > m ? n : m)) : NULL;
	struct tp_pt *pt = g ? tp_malloc(sizeof *pt * ((size_t)n + (size_t)m + 2)) : NULL;
	int rc = -1;
	if (pt != NULL) {
		if (ledged(&G)) {
			double r[4];
			ledge_rect(c, &G, r);
			/* clockwise on the page, as the outline */
			double q[8] = { r[0] - d, r[1] - d, r[2] + d, r[1] - d,
					r[2] + d, r[3] + d, r[0] - d, r[3] + d };
			memcpy(g, q, sizeof q);
		} else {
			tp_arena_poly_offset(o, m, d, g);
		}
		for (int i = 0; i < n; i++)
			pt[i] = (struct tp_pt){ (uint8_t)(i ? TP_LINE : TP_MOVE), g[2 * i], g[2 * i + 1] };
		for (int i = 0; i < m; i++) {
			/* the outline itself, backwards: the ring's hole */
			int k = m - 1 - i;
			pt[n + 1 + i] = (struct tp_pt){ (uint8_t)(i ? TP_LINE : TP_MOVE), o[2 * k], o[2 * k + 1] };
		}
		pt[n] = pt[n + m + 1] = (struct tp_pt){ TP_CLOSE, 0, 0 };
		rc = tp_scene_path(sc, TP_INK_OUTER, TP_FILL, 0, pt, (size_t)n + (size_t)m + 2);
	}
	free(o);
	free(g);
	free(pt);
	return rc;
}

/* The pack's title, credit line and corners in their boxes on the
 * ledges (tp_arena_ledge_box: the boxes of the board with both ledges,
 * the credit's moved up by a missing top ledge), drawn over the ring. */
static int ledge_art(struct tp_scene *sc, const struct tp_config *c, const struct bgeo *g)
{
	double M = margin(c), up = TP_ARENA_LEDGE * g->p - g->top, b[4];
	static const char *const place[2] = { "board.title", "board.credit" };
	int rc = 0;
	for (int k = 0; k < 2; k++) {
		const struct tp_art_item *it = tp_art_pack_find(c->art, place[k]);
		if (it && tp_arena_ledge_box(c, k, b))
			rc |= tp_art_item_draw(sc, it, M + b[0], M + b[1] - (k ? up : 0), b[2], b[3], 0) != 0;
	}
	const struct tp_art_item *it = tp_art_pack_find(c->art, "board.corner");
	for (int k = 0; it && k < 4; k++)
		if (tp_arena_ledge_box(c, 2 + k, b))
			rc |= tp_art_item_draw_about(sc, it, M + b[0], M + b[1], b[2], b[3], 0, 90.0 * k,
						     M + b[0] + b[2] / 2, M + b[1] + b[3] / 2) != 0;
	return rc ? -1 : 0;
}

/* The whole board: a ground of the outer ink (its bleed beyond the
 * cells' outline), each cell in its arena's ink, the numbers facing their
 * nearest edge, the start ring, the cells' outlines. */
static int in_sub(const struct tp_config *c, const struct bgeo *g, int i, const struct sub *s);

/* The board (s = NULL) or the art of piece s's sheet: every cell's
 * colour, but only s's numbers (a neighbour's number would be cut through
 * at the piece's trim). */
static struct tp_scene *board_scene(const struct tp_config *c, const struct tp_arena_board *bd,
				    const char *name, const struct sub *h)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	int pics = a->rules.marking == TP_MARKING_PICTURES;
	int layers[4 + TP_ARENA_COLOURS_MAX] = { TP_INK_INNER, TP_INK_OUTER, TP_INK_NUMBER, TP_INK_LINE };
	size_t nl = 4;
	for (int k = 1; a->rules.marking != TP_MARKING_NUMBERS && k <= a->rules.colours; k++)
		layers[nl++] = tp_arena_class_ink(k);
	struct bgeo g;
	bgeo_of(c, bd, &g);
	const struct tp_arena_gridops *ops = tp_arena_gridops_for(bd->grid);
	int N = g.R * g.C;
	double p = g.p, em = 1;
	struct tp_scene *sc = new_sheet(c, name, g.W, g.H, layers, nl);
	if (sc == NULL)
		return NULL;
	int rc = tp_arena_number_em(bd, ops->number_box * p, &em);
	if (rc == 0)
		rc = bleed_ring(c, bd, sc);
	struct tp_pt pt[7];
	for (int i = 0; rc == 0 && i < N; i++) {
		const struct tp_arena_square *q = &bd->sq[i];
		if (!q->off)
			rc = cell_ground(sc, &g, i, q->inner ? TP_INK_INNER : TP_INK_OUTER,
					 (pics || ops->window) && q->colour);
	}
	/* A colour's disc or a picture's 10 mm box (the grid's), under a
	 * safe zone (print.safe_mm) small enough to keep it from a cut along
	 * the cell's edges (a part's, or a piece's of a part too big to
	 * print). */
	double inr = p / ops->inradius_div;
	double mark = tp_arena_mark_fit(a, pics ? ops->picture * p : ops->disc * p,
					c->print.safe_mm > 0 ? inr - c->print.safe_mm - 0.05 : INFINITY);
	double cx = 0, cy = 0;
	for (int i = 0; rc == 0 && i < N; i++) {
		const struct tp_arena_square *q = &bd->sq[i];
		if (!q->off && q->colour && in_sub(c, &g, i, h)) {
			double x, y;
			centre_mm(&g, i, &x, &y);
			rc = tp_arena_draw_class(sc, c, q->colour, x, y, mark);
		}
		if (q->off || (!q->number && q->quarter))
			continue;
		double x, y;
		centre_mm(&g, i, &x, &y);
		if (q->quarter == 0 && q->inner && in_sub(c, &g, i, h)) {
			cx = x;
			cy = y;
		}
		if (q->number && in_sub(c, &g, i, h)) {
			double ca, sa;
			ops->number_turn(g.R, g.C, i / g.C, i % g.C, q->quarter, &ca, &sa);
			rc = tp_arena_draw_number(sc, q->number, ca, sa, x, y, em);
		}
	}
	/* The start ring, as the marks, keeps the safe zone from a cut along
	 * its cell's edges: a part's split runs through the centre row. */
	double ring = p * ops->start_ring, ring_w = p * TP_ARENA_START_RING_W;
	if (c->print.safe_mm > 0)
		ring = fmax(fmin(ring, inr - c->print.safe_mm - ring_w / 2 - 0.05), 2 * ring_w);
	if (rc == 0 && cx > 0)
		rc = tp_scene_circle(sc, TP_INK_NUMBER, TP_STROKE, ring_w, cx, cy, ring);
	for (int i = 0; rc == 0 && i < N; i++) {
		if (bd->sq[i].off)
			continue;
		size_t k = cell_path(&g, i, pt);
		rc = tp_scene_path(sc, TP_INK_LINE, TP_STROKE, p * 0.012, pt, k);
	}
	if (rc == 0 && ledged(&g))
		rc = ledge_art(sc, c, &g);
	if (rc != 0) {
		tp_scene_free(sc);
		return NULL;
	}
	return sc;
}

/* Slot i's column in half pitches (hex 2q + r, tri c - r): its centre's
 * X on the lattice, the mean of its corners'. */
static int column(const struct bgeo *g, int i)
{
	int r, q, v[6][2], sum = 0;
	slot_cell(g, i, &r, &q);
	int k = tp_arena_cell_corners(g->grid, r, q, v);
	for (int j = 0; j < k; j++)
		sum += v[j][0];
	return sum / k;
}

/* The centre cell's row on the lattice (slot_cell's r). */
static int centre_row(const struct bgeo *g)
{
	const struct tp_arena_gridops *ops = tp_arena_gridops_for(g->grid);
	return ops->centre(g->R, g->C) / g->C - (ops->centred ? g->R / 2 : 0);
}

/* Whether slot i belongs to part h (0, 1; -1 the whole board): split by
 * rows, part 1 the rows above the centre's; by cols, part 1 the cells
 * whose centre lies left of the centre's (hex 2q + r < 0, tri c - r < 0). */
static int in_part(const struct tp_config *c, const struct bgeo *g, int i, int h)
{
	if (h < 0)
		return 1;
	int r, q, mid = centre_row(g);
	slot_cell(g, i, &r, &q);
	int left = column(g, i) < 0;
	int first = c->print.split == TP_SPLIT_COLS ? left : r < mid;
	return first == (h == 0);
}


/* Whether slot i belongs to piece s (NULL: the whole board). */
static int in_sub(const struct tp_config *c, const struct bgeo *g, int i, const struct sub *s)
{
	if (s == NULL)
		return 1;
	if (!in_part(c, g, i, s->h))
		return 0;
	int r, q, u = column(g, i);
	slot_cell(g, i, &r, &q);
	return (r - s->r0) * s->nr / (s->r1 - s->r0 + 1) == s->jr &&
	       (u - s->u0) * s->nc / (s->u1 - s->u0 + 1) == s->jc;
}

/* Part h's piece (jr, jc) of nr x nc: its rows' and columns' extent. */
static void sub_of(const struct tp_config *c, const struct tp_arena_board *bd, int h, int nr,
		   int nc, int jr, int jc, struct sub *s)
{
	struct bgeo g;
	bgeo_of(c, bd, &g);
	*s = (struct sub){ h, nr, nc, jr, jc, 1 << 20, -(1 << 20), 1 << 20, -(1 << 20), 1, 1 };
	for (int i = 0; i < g.R * g.C; i++) {
		int r, q, u = column(&g, i);
		if (bd->sq[i].off || !in_part(c, &g, i, h))
			continue;
		slot_cell(&g, i, &r, &q);
		s->r0 = r < s->r0 ? r : s->r0;
		s->r1 = r > s->r1 ? r : s->r1;
		s->u0 = u < s->u0 ? u : s->u0;
		s->u1 = u > s->u1 ? u : s->u1;
	}
}

/* The cells of piece s (NULL: the whole board) on the lattice, into a
 * new array; *k how many.  NULL when out of memory. */
static int (*part_cells(const struct tp_config *c, const struct tp_arena_board *bd,
			const struct sub *h, int *k))[2]
{
	struct bgeo g;
	bgeo_of(c, bd, &g);
	int N = g.R * g.C;
	int (*cells)[2] = tp_malloc(sizeof *cells * (size_t)N);
	*k = 0;
	if (cells == NULL)
		return NULL;
	for (int i = 0; i < N; i++) {
		int r, q;
		if (bd->sq[i].off || !in_sub(c, &g, i, h))
			continue;
		slot_cell(&g, i, &r, &q);
		cells[*k][0] = r;
		cells[*k][1] = q;
		(*k)++;
	}
	return cells;
}

/* The outline of piece h (NULL: the whole board) on the board's page,
 * into a new array of *m corners (x, y pairs).  NULL on failure (out of
 * memory, or the cells are not one simple loop). */
static double *part_outline(const struct tp_config *c, const struct tp_arena_board *bd,
			    const struct sub *h, int *m)
{
	int k;
	struct bgeo g;
	bgeo_of(c, bd, &g);
	int (*cells)[2] = part_cells(c, bd, h, &k);
	int cap = 8 * bd->rows + 16;
	int *xy = tp_malloc(sizeof *xy * 2 * (size_t)cap);
	double *out = tp_malloc(sizeof *out * 2 * (size_t)cap);
	*m = cells && xy && out ? tp_arena_trace(g.grid, (const int (*)[2])cells, k, xy, cap) : -1;
	for (int i = 0; i < *m; i++) {
		tp_arena_lattice_mm(g.grid, g.p, xy[2 * i], xy[2 * i + 1], &out[2 * i], &out[2 * i + 1]);
		out[2 * i] += g.ox;
		out[2 * i + 1] += g.oy;
	}
	free(cells);
	free(xy);
	if (*m < 3) {
		free(out);
		return NULL;
	}
	return out;
}

static int same(const double *a, const double *b)
{
	return fabs(a[0] - b[0]) < 1e-9 && fabs(a[1] - b[1]) < 1e-9;
}

/* q (n corners) without repeated corners or corners in line, clockwise
 * on the page; returns how many are left. */
static int tidy(double *q, int n)
{
	/* repeated corners first, so that each corner's neighbours differ
	 * from it */
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (k > 0 && same(&q[2 * i], &q[2 * (k - 1)]))
			continue;
		q[2 * k] = q[2 * i];
		q[2 * k + 1] = q[2 * i + 1];
		k++;
	}
	while (k > 1 && same(&q[0], &q[2 * (k - 1)]))
		k--;
	n = k;
	/* then corners in line with their neighbours (a clip's spikes
	 * along the cut too), until none is left */
	for (int changed = 1; changed && n > 2;) {
		changed = 0;
		for (int i = 0; i < n && n > 2; i++) {
			const double *a = &q[2 * ((i + n - 1) % n)], *b = &q[2 * i], *d = &q[2 * ((i + 1) % n)];
			double cr = (b[0] - a[0]) * (d[1] - b[1]) - (b[1] - a[1]) * (d[0] - b[0]);
			if (fabs(cr) >= 1e-9)
				continue;
			memmove(&q[2 * i], &q[2 * (i + 1)], sizeof *q * 2 * (size_t)(n - i - 1));
			n--;
			i--;
			changed = 1;
		}
	}
	double area = 0;
	for (int i = 0; i < n; i++) {
		int j = (i + 1) % n;
		area += q[2 * i] * q[2 * j + 1] - q[2 * j] * q[2 * i + 1];
	}
	for (int i = 0; area < 0 && i < n / 2; i++)
		for (int e = 0; e < 2; e++) {
			double t = q[2 * i + e];
			q[2 * i + e] = q[2 * (n - 1 - i) + e];
			q[2 * (n - 1 - i) + e] = t;
		}
	return n;
}

/* Lattice cell (r, q)'s column in half pitches, as column(). */
static int column_rq(int grid, int r, int q)
{
	int v[6][2], sum = 0, k = tp_arena_cell_corners(grid, r, q, v);
	for (int j = 0; j < k; j++)
		sum += v[j][0];
	return sum / k;
}

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Whether lattice cell (r, q), on the board or off it, falls to piece
 * s: in_sub's rule, a cell beyond the part's rows or columns counted in
 * the band at that end. */
static int lattice_in_sub(const struct tp_config *c, const struct bgeo *g, int r, int q,
			  const struct sub *s)
{
	int u = column_rq(g->grid, r, q);
	if (s->h >= 0) {
		int first = c->print.split == TP_SPLIT_COLS ? u < 0 : r < centre_row(g);
		if (first != (s->h == 0))
			return 0;
	}
	return (clamp(r, s->r0, s->r1) - s->r0) * s->nr / (s->r1 - s->r0 + 1) == s->jr &&
	       (clamp(u, s->u0, s->u1) - s->u0) * s->nc / (s->u1 - s->u0 + 1) == s->jc;
}

/* q (n corners) cut to the side of the line x (axis
 * 0) or y (1) = at where keep * (coordinate - at) >= 0; returns how many
 * corners are left (Sutherland and Hodgman's clip, one edge). */
static int clip_edge(double *q, int n, int axis, double at, int keep, double *tmp)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		const double *a = &q[2 * i], *b = &q[2 * ((i + 1) % n)];
		int ina = keep * (a[axis] - at) >= 0, inb = keep * (b[axis] - at) >= 0;
		if (ina) {
			tmp[2 * k] = a[0];
			tmp[2 * k + 1] = a[1];
			k++;
		}
		if (ina != inb) {
			double t = (at - a[axis]) / (b[axis] - a[axis]);
			tmp[2 * k + axis] = at;
			tmp[2 * k + 1 - axis] = a[1 - axis] + t * (b[1 - axis] - a[1 - axis]);
			k++;
		}
	}
	memcpy(q, tmp, sizeof *q * 2 * (size_t)k);
	return k;
}

/* Piece s's share of the ledged board's rectangle r (x0 y0 x1 y1): the
 * cells of the lattice round the board, on it or off it, that fall to s
 * (lattice_in_sub), traced, and cut to the rectangle.  Across the cells
 * the cut keeps to cell edges; the pieces tile the rectangle. */
static double *part_in_rect(const struct tp_config *c, const struct tp_arena_board *bd,
			    const struct sub *s, const double r[4], int *m)
{
	struct bgeo g;
	bgeo_of(c, bd, &g);
	int n0 = tp_arena_gridops_for(g.grid)->centred ? g.R / 2 : 0;
	/* the rows of the ledges (a row is at least half a pitch), and the
	 * columns of the rectangle's width whatever the row */
	int E = (int)ceil(fmax(g.top, g.bottom) / (g.p / 2)) + 2, Q = g.R + g.C + 2 * E;
	int rows = g.R + 2 * E, cols = g.C + 2 * Q, cap = 0, k = 0, n = -1;
	int (*cells)[2] = tp_malloc(sizeof *cells * (size_t)rows * (size_t)cols);
	for (int i = 0; cells && i < rows * cols; i++) {
		int rr = i / cols - E - n0, qq = i % cols - Q - n0;
		double x, y;
		tp_arena_cell_mm(g.grid, g.p, rr, qq, &x, &y);
		x += g.ox;
		y += g.oy;
		if (x < r[0] - g.p || x > r[2] + g.p || y < r[1] - g.p || y > r[3] + g.p ||
		    !lattice_in_sub(c, &g, rr, qq, s))
			continue;
		cells[k][0] = rr;
		cells[k][1] = qq;
		k++;
	}
	cap = 6 * k + 16;
	int *xy = cells ? tp_malloc(sizeof *xy * 2 * (size_t)cap) : NULL;
	/* a clip adds at most a corner an edge: room for twice the trace,
	 * and as much for the clip's own copy */
	double *q = xy ? tp_malloc(sizeof *q * 8 * (size_t)cap) : NULL;
	if (q != NULL && k > 0)
		n = tp_arena_trace(g.grid, (const int (*)[2])cells, k, xy, cap);
	for (int i = 0; i < n; i++) {
		tp_arena_lattice_mm(g.grid, g.p, xy[2 * i], xy[2 * i + 1], &q[2 * i], &q[2 * i + 1]);
		q[2 * i] += g.ox;
		q[2 * i + 1] += g.oy;
	}
	if (n >= 3) {
		double *tmp = q + 4 * (size_t)cap;
		n = clip_edge(q, n, 0, r[0], 1, tmp);
		n = clip_edge(q, n, 0, r[2], -1, tmp);
		n = clip_edge(q, n, 1, r[1], 1, tmp);
		n = clip_edge(q, n, 1, r[3], -1, tmp);
		n = tidy(q, n);
	}
	free(cells);
	free(xy);
	if (n < 3) {
		free(q);
		return NULL;
	}
	*m = n;
	return q;
}

/* The die line of piece s (NULL: the whole board): round its cells; on
 * a ledged board the rectangle, or a part's share of it. */
static double *die_outline(const struct tp_config *c, const struct tp_arena_board *bd,
			   const struct sub *s, int *m)
{
	struct bgeo g;
	bgeo_of(c, bd, &g);
	if (!ledged(&g))
		return part_outline(c, bd, s, m);
	double r[4];
	ledge_rect(c, &g, r);
	if (s != NULL && (s->h >= 0 || s->nr * s->nc > 1))
		return part_in_rect(c, bd, s, r, m);
	double *q = tp_malloc(sizeof *q * 8);
	if (q == NULL)
		return NULL;
	double k[8] = { r[0], r[1], r[2], r[1], r[2], r[3], r[0], r[3] };
	memcpy(q, k, sizeof k);
	*m = 4;
	return q;
}

/* The outline's box grown by g all round. */
static void outline_box(const double *o, int m, double b[4], double g)
{
	b[0] = b[1] = INFINITY;
	b[2] = b[3] = -INFINITY;
	for (int i = 0; i < m; i++) {
		b[0] = fmin(b[0], o[2 * i]);
		b[1] = fmin(b[1], o[2 * i + 1]);
		b[2] = fmax(b[2], o[2 * i]);
		b[3] = fmax(b[3], o[2 * i + 1]);
	}
	b[0] -= g;
	b[1] -= g;
	b[2] += g;
	b[3] += g;
}

/* The board or piece sc is the box of its cells' outline o (m corners on
 * sc's page) once wrapped round greyboard: the margin round the cells is
 * the cut's and the bleed's, no part of the board. */
static void set_finish(struct tp_scene *sc, const double *o, int m)
{
	outline_box(o, m, sc->finish, 0);
	sc->finish[2] -= sc->finish[0];
	sc->finish[3] -= sc->finish[1];
}

/* How many cells piece s has. */
static int sub_count(const struct tp_config *c, const struct tp_arena_board *bd, const struct sub *s)
{
	struct bgeo g;
	bgeo_of(c, bd, &g);
	int n = 0;
	for (int i = 0; i < g.R * g.C; i++)
		n += !bd->sq[i].off && in_sub(c, &g, i, s);
	if (n == 0 && ledged(&g)) {
		/* no cell, but a share of the ledges' rectangle: a page */
		int m;
		double *o = die_outline(c, bd, s, &m);
		n = o != NULL;
		free(o);
	}
	return n;
}

/* Piece s's page size (its outline's box and the margin) in *w x *h;
 * 0, 1 when it has no cells (a band's corner beyond the board's slanted
 * edge: no page), or -1 when its cells make no single outline (or out of
 * memory). */
static int sub_size(const struct tp_config *c, const struct tp_arena_board *bd, const struct sub *s,
		    double *w, double *h)
{
	if (sub_count(c, bd, s) == 0)
		return 1;
	int m;
	double *o = s->r1 - s->r0 + 1 >= s->nr && s->u1 - s->u0 + 1 >= 2 * s->nc
			    ? die_outline(c, bd, s, &m)
			    : NULL, b[4];
	if (o == NULL)
		return -1;
	outline_box(o, m, b, margin(c));
	free(o);
	*w = b[2] - b[0];
	*h = b[3] - b[1];
	return 0;
}

/* The fewest bands (of columns: axis 1, else of rows) that cut part h
 * so that each band's page is at most lim wide (axis 1) or high; 0 when
 * none does. */
static int bands(const struct tp_config *c, const struct tp_arena_board *bd, int h, int axis,
		 double lim)
{
	for (int n = 1; n <= bd->rows + bd->cols; n++) {
		int ok = 1;
		for (int k = 0; ok && k < n; k++) {
			struct sub s;
			double w, hh;
			sub_of(c, bd, h, axis ? 1 : n, axis ? n : 1, axis ? 0 : k, axis ? k : 0, &s);
			ok = sub_size(c, bd, &s, &w, &hh) == 0 && (axis ? w : hh) <= lim + 1e-9;
		}
		if (ok)
			return n;
	}
	return 0;
}

/* How part h (-1: the whole board) is cut to fit the press sheet
 * (tp_press_room): nr bands of rows by nc of columns, each page fitting
 * the room upright (or each turned), the fewest pieces of the two; 1 x 1
 * when it fits whole, or when no cut fits (a cell pair wider than the
 * press: the page is then paneled and the preflight's die-split stops
 * the build). */
static void plan_subs(const struct tp_config *c, const struct tp_arena_board *bd, int h, int *nr,
		      int *nc)
{
	double room[2];
	tp_press_room(c, &room[0], &room[1]);
	*nr = *nc = 1;
	int best = 0;
	for (int turn = 0; turn < 2; turn++) {
		double W = room[turn], H = room[1 - turn];
		int r = bands(c, bd, h, 0, H), q = bands(c, bd, h, 1, W), ok = r > 0 && q > 0;
		for (int k = 0; ok && k < r * q; k++) {
			struct sub s;
			double w, hh;
			sub_of(c, bd, h, r, q, k / q, k % q, &s);
			int e = sub_size(c, bd, &s, &w, &hh);
			ok = e == 1 || (e == 0 && w <= W + 1e-9 && hh <= H + 1e-9);
		}
		if (ok && (best == 0 || r * q < best)) {
			best = r * q;
			*nr = r;
			*nc = q;
		}
	}
}

static const char *const part_names[2] = { "board-part-1", "board-part-2" };

/* Piece s's page name: base when the part is whole, else "piece-K"
 * after base and a dash (base "": a page of the part's own sheet, whose
 * files are then named "<sheet>-piece-K"). */
static void sub_name(const struct sub *s, const char *base, char *name, size_t n)
{
	if (s->n == 1)
		snprintf(name, n, "%s", base);
	else
		snprintf(name, n, "%s%spiece-%d", base, base[0] ? "-" : "", s->k);
}

/* Piece s on its own page: cropped from the board (its own bleed from
 * the neighbouring cells' colour), its die line round its cells; or, with
 * cut, the die line alone (the cut sheet's page, named base-piece-K). */
static int build_sub(const struct tp_config *c, const struct tp_arena_model *md, struct tp_doc *doc,
		     const struct sub *s, const char *base, const char *why, int cut)
{
	static const int layers[] = { TP_INK_CUT };
	int m;
	double *o = die_outline(c, md->board, s, &m), b[4];
	struct tp_scene *board = o && !cut ? board_scene(c, md->board, "board", s) : NULL;
	if (o == NULL || (board == NULL && !cut)) {
		free(o);
		return -1;
	}
	outline_box(o, m, b, margin(c));
	char name[64], note[240];
	sub_name(s, s->n == 1 || cut ? base : "", name, sizeof name);
	struct tp_scene *sc = cut ? new_sheet(c, name, b[2] - b[0], b[3] - b[1], layers, 1)
				  : tp_sheet_crop(board, name, b[0], b[1], b[2] - b[0], b[3] - b[1]);
	tp_scene_free(board);
	for (int i = 0; i < m; i++) {
		o[2 * i] -= b[0];
		o[2 * i + 1] -= b[1];
	}
	size_t k = (size_t)snprintf(note, sizeof note, cut ? "die line of %s" : "%s", cut ? name : why);
	if (s->n > 1 && k < sizeof note && !cut)
		snprintf(note + k, sizeof note - k,
			 "; piece %d of %d (%d x %d) to fit the press sheet, its seams along cell edges",
			 s->k, s->n, s->nr, s->nc);
	int rc = tp_doc_add(doc, sc, note);
	if (rc == 0) {
		sc->plate = cut;
		set_finish(sc, o, m);
		rc = tp_die_contour(sc, o, (size_t)m, TP_DIE_STROKE_MM);
	}
	free(o);
	return rc;
}

/* Every piece of part h (-1: the whole board) on its own page. */
static int build_subs(const struct tp_config *c, const struct tp_arena_model *md, struct tp_doc *doc,
		      int h, const char *why, int cut)
{
	int nr, nc, rc = 0, n = 0, k = 0;
	plan_subs(c, md->board, h, &nr, &nc);
	struct sub s;
	for (int j = 0; j < nr * nc; j++) {
		sub_of(c, md->board, h, nr, nc, j / nc, j % nc, &s);
		n += sub_count(c, md->board, &s) > 0;
	}
	for (int j = 0; rc == 0 && j < nr * nc; j++) {
		sub_of(c, md->board, h, nr, nc, j / nc, j % nc, &s);
		if (sub_count(c, md->board, &s) == 0)
			continue;   /* beyond the board's edge */
		s.k = ++k;
		s.n = n;
		rc = build_sub(c, md, doc, &s, h < 0 ? "board" : part_names[h], why, cut);
	}
	return rc;
}

int tp_arena_hex_build_board(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_arena_model *md = model;
	int nr = 1, nc = 1;
	const char *note = NULL;
	if (c->print.split == TP_SPLIT_NONE) {
		note = "whole board, one part, cut round its cells";
		plan_subs(c, md->board, -1, &nr, &nc);
		if (nr * nc > 1)
			return build_subs(c, md, doc, -1, note, 0);
	}
	struct tp_scene *sc = board_scene(c, md->board, "board", NULL);
	if (sc == NULL)
		return -1;
	tp_sheet_bleed(sc);
	int m;
	double *o = die_outline(c, md->board, NULL, &m);
	int rc = o == NULL ? -1 : 0;
	if (rc == 0) {
		set_finish(sc, o, m);
		if (c->print.split == TP_SPLIT_NONE)
			rc = tp_die_contour(sc, o, (size_t)m, TP_DIE_STROKE_MM);
	}
	free(o);
	if (rc != 0) {
		tp_scene_free(sc);
		return -1;
	}
	return tp_doc_add(doc, sc, note);
}

/* Part h: its cells' outline's box, the outline moved into it; cut into
 * pieces when it does not fit the press sheet. */
int tp_arena_hex_build_part(const struct tp_config *c, const void *model, struct tp_doc *doc, int h)
{
	const struct tp_arena_model *md = model;
	char note[160];
	int n = md->board->rows / 2, L = md->board->rows, mid = 2 * ((L - 1) / 3);
	if (c->print.split == TP_SPLIT_COLS)
		snprintf(note, sizeof note, "part %d of 2: the cells %s of the centre column, cut round them", h + 1,
			 h ? "right" : "left");
	else if (!tp_arena_gridops_for(md->board->grid)->centred)
		snprintf(note, sizeof note, "part %d of 2: rows %d-%d of %d, cut round their cells", h + 1,
			 h ? mid + 1 : 1, h ? L : mid, L);
	else
		snprintf(note, sizeof note, "part %d of 2: rows r = %d..%d of %d..%d, cut round their cells", h + 1,
			 h ? 0 : -n, h ? n : -1, -n, n);
	return build_subs(c, md, doc, h, note, 0);
}

int tp_arena_hex_build_board_cut(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	if (c->print.split == TP_SPLIT_NONE)
		return build_subs(c, model, doc, -1, NULL, 1);
	int rc = build_subs(c, model, doc, 0, NULL, 1);
	return rc ? rc : build_subs(c, model, doc, 1, NULL, 1);
}
