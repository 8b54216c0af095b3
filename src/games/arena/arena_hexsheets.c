/* The hex and triangular boards' sheets (arena.grid = hex, tri): the
 * board of hexagonal or triangular cells and its parts, cut round the
 * cells' outline.  The score pad and the die net are the square board's.
 * Geometry as arena_hex.h (pointy-topped cells, a pitch of
 * arena.square_mm between neighbours' centres, the width across a cell's
 * flats) and arena_tri.h (triangles of arena.square_mm edges). */

#include "games/arena/arena_hexsheets.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/arena/arena_hex.h"
#include "games/arena/arena_polyform.h"
#include "print/die.h"
#include "print/sheet.h"
#include "print/text_outline.h"

#define SQ3 1.7320508075688772
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
 * the cells' lattice (arena_polyform.h) has its
 * origin.  Hex: (2n + 1) pitches across the corners' flats, n sqrt 3 + 2 /
 * sqrt 3 pitches from the top row's points to the bottom row's, the origin
 * the centre cell's centre; tri: L edges across, L sqrt(3)/2 high, the
 * origin the apex. */
struct bgeo {
	int grid, R, C;
	double p, W, H, ox, oy;
};

static double margin(const struct tp_config *c)
{
	/* and at least the profile's safe zone (print.safe_mm), so that the
	 * cells stay that far inside the trim */
	return fmax(c->print.bleed_mm, c->print.safe_mm);
}

static void bgeo_of(const struct tp_config *c, const struct tp_arena_board *bd, struct bgeo *g)
{
	double p = tp_arena(c)->square_mm, M = margin(c);
	int n = bd->rows / 2;
	*g = (struct bgeo){ .grid = bd->grid, .R = bd->rows, .C = bd->cols, .p = p };
	if (bd->grid == TP_GRID_TRI) {
		g->W = bd->rows * p + 2 * M;
		g->H = bd->rows * p * SQ3 / 2 + 2 * M;
		g->ox = g->W / 2;
		g->oy = M;
	} else {
		g->W = (2 * n + 1) * p + 2 * M;
		g->H = (n * SQ3 + 2 / SQ3) * p + 2 * M;
		g->ox = g->W / 2;
		g->oy = g->H / 2;
	}
}

/* Slot i's cell on the lattice: hex (r, q) from the centre, tri (r, c). */
static void slot_cell(const struct bgeo *g, int i, int *r, int *c)
{
	int n = g->grid == TP_GRID_TRI ? 0 : g->R / 2;
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
 * the cell scaled by TP_POLY_WINDOW about its centre, one quad an edge
 * (a picture's paper ground, as tp_arena_ground_framed on squares: no
 * thin part of a dark picture knocks out the arena's ink). */
#define TP_POLY_WINDOW 0.9
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
		double w = TP_POLY_WINDOW;
		struct tp_pt q[5] = { { TP_MOVE, a->x, a->y }, { TP_LINE, b->x, b->y },
				      { TP_LINE, cx + w * (b->x - cx), cy + w * (b->y - cy) },
				      { TP_LINE, cx + w * (a->x - cx), cy + w * (a->y - cy) },
				      { TP_CLOSE, 0, 0 } };
		rc = tp_scene_path(sc, ink, TP_FILL, 0, q, 5);
	}
	return rc;
}

/* Number v (with its bar) centred on (ox, oy), turned deg degrees
 * clockwise. */
static int draw_number(struct tp_scene *sc, int v, double deg, double ox, double oy, double em)
{
	return tp_arena_draw_number(sc, v, cos(deg * M_PI / 180), sin(deg * M_PI / 180), ox, oy, em);
}

static double *part_outline(const struct tp_config *c, const struct tp_arena_board *bd, int h,
			    int *m);

/* The bleed round the board: the outer arena's ink in a ring from the
 * cells' outline out to print.bleed_mm beyond it (a ring, so that it
 * lies under no cell whatever the inks' order). */
static int bleed_ring(const struct tp_config *c, const struct tp_arena_board *bd, struct tp_scene *sc)
{
	int m;
	double *o = part_outline(c, bd, -1, &m);
	double *g = o ? tp_malloc(sizeof *g * 2 * (size_t)m) : NULL;
	struct tp_pt *pt = g ? tp_malloc(sizeof *pt * (2 * (size_t)m + 2)) : NULL;
	int rc = -1;
	if (pt != NULL) {
		tp_arena_poly_offset(o, m, 2 * margin(c) + 1, g);
		for (int i = 0; i < m; i++) {
			pt[i] = (struct tp_pt){ (uint8_t)(i ? TP_LINE : TP_MOVE), g[2 * i], g[2 * i + 1] };
			/* the outline itself, backwards: the ring's hole */
			int k = m - 1 - i;
			pt[m + 1 + i] = (struct tp_pt){ (uint8_t)(i ? TP_LINE : TP_MOVE), o[2 * k], o[2 * k + 1] };
		}
		pt[m] = pt[2 * m + 1] = (struct tp_pt){ TP_CLOSE, 0, 0 };
		rc = tp_scene_path(sc, TP_INK_OUTER, TP_FILL, 0, pt, 2 * (size_t)m + 2);
	}
	free(o);
	free(g);
	free(pt);
	return rc;
}

int tp_arena_grid_facing(int grid, int sector)
{
	/* A triangle's sector k lies nearest edge k (bottom, left, right),
	 * whose outward normals point 90, 210 and 330 degrees. */
	if (grid == TP_GRID_TRI)
		return sector == 0 ? 0 : 120 * (sector - 1);
	return tp_arena_hex_facing(sector);
}

int tp_arena_hex_facing(int sector)
{
	/* Sector k's cells lie nearest the board edge whose outward normal
	 * points 30 + 60 (k - 1) degrees clockwise from east (the board's
	 * corners are at 0, 60, ... degrees); a number reads upright from
	 * there when turned that less 90 degrees. */
	return sector == 0 ? 0 : 60 * (sector - 1) + 30 - 90;
}

/* The whole board: a ground of the outer ink (its bleed beyond the
 * cells' outline), each cell in its arena's ink, the numbers facing their
 * nearest edge, the start ring, the cells' outlines. */
static int in_part(const struct tp_config *c, const struct bgeo *g, int i, int h);

/* The board (h = -1) or the art of part h's sheet: every cell's colour,
 * but only part h's numbers (a neighbour's number would be cut through
 * at the part's trim). */
static struct tp_scene *board_scene(const struct tp_config *c, const struct tp_arena_board *bd,
				    const char *name, int h)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	int pics = a->rules.marking == TP_MARKING_PICTURES;
	int layers[4 + TP_ARENA_COLOURS_MAX] = { TP_INK_INNER, TP_INK_OUTER, TP_INK_NUMBER, TP_INK_LINE };
	size_t nl = 4;
	for (int k = 1; a->rules.marking != TP_MARKING_NUMBERS && k <= a->rules.colours; k++)
		layers[nl++] = tp_arena_class_ink(k);
	struct bgeo g;
	bgeo_of(c, bd, &g);
	int tri = bd->grid == TP_GRID_TRI, N = g.R * g.C;
	double p = g.p, em = 1;
	struct tp_scene *sc = new_sheet(c, name, g.W, g.H, layers, nl);
	if (sc == NULL)
		return NULL;
	/* Numbers in the middle of the cell: half a pitch on hexes (the
	 * square board's middle half), 0.4 of an edge in a triangle (inside
	 * its inscribed circle, 0.29 of an edge round). */
	int rc = tp_arena_number_em(bd, tri ? 0.4 * p : p / 2, &em);
	if (rc == 0)
		rc = bleed_ring(c, bd, sc);
	struct tp_pt pt[7];
	for (int i = 0; rc == 0 && i < N; i++) {
		const struct tp_arena_square *q = &bd->sq[i];
		if (!q->off)
			rc = cell_ground(sc, &g, i, q->inner ? TP_INK_INNER : TP_INK_OUTER,
					 (pics || tri) && q->colour);
	}
	/* A colour: a disc 0.7 of the flats (hex) or 0.48 of the edge (tri:
	 * in the window, whose inscribed circle is 0.52 of it, since a disc
	 * that small would knock the arena's ink out); a picture's 10 mm box
	 * in the window: 0.62 of the flats, 0.36 of the edge. */
	double mark = pics ? (tri ? 0.36 : 0.62) * p : (tri ? 0.48 : 0.7) * p;
	double cx = 0, cy = 0;
	for (int i = 0; rc == 0 && i < N; i++) {
		const struct tp_arena_square *q = &bd->sq[i];
		if (!q->off && q->colour && in_part(c, &g, i, h)) {
			double x, y;
			centre_mm(&g, i, &x, &y);
			rc = tp_arena_draw_class(sc, a, q->colour, x, y, mark);
		}
		if (q->off || (!q->number && q->quarter))
			continue;
		double x, y;
		centre_mm(&g, i, &x, &y);
		if (q->quarter == 0 && q->inner && in_part(c, &g, i, h)) {
			cx = x;
			cy = y;
		}
		if (q->number && in_part(c, &g, i, h))
			rc = draw_number(sc, q->number, tp_arena_grid_facing(bd->grid, q->quarter), x, y, em);
	}
	if (rc == 0 && cx > 0)
		rc = tp_scene_circle(sc, TP_INK_NUMBER, TP_STROKE, p * TP_ARENA_START_RING_W, cx, cy,
				     p * (tri ? 0.27 : TP_ARENA_START_RING_R));
	for (int i = 0; rc == 0 && i < N; i++) {
		if (bd->sq[i].off)
			continue;
		size_t k = cell_path(&g, i, pt);
		rc = tp_scene_path(sc, TP_INK_LINE, TP_STROKE, p * 0.012, pt, k);
	}
	if (rc != 0) {
		tp_scene_free(sc);
		return NULL;
	}
	return sc;
}

/* Whether slot i belongs to part h (0, 1; -1 the whole board): split by
 * rows, part 1 the rows above the centre's; by cols, part 1 the cells
 * whose centre lies left of the centre's (hex 2q + r < 0, tri c - r < 0). */
static int in_part(const struct tp_config *c, const struct bgeo *g, int i, int h)
{
	if (h < 0)
		return 1;
	int r, q, tri = g->grid == TP_GRID_TRI, mid = tri ? 2 * ((g->R - 1) / 3) : 0;
	slot_cell(g, i, &r, &q);
	int left = tri ? q - r < 0 : 2 * q + r < 0;
	int first = c->print.split == TP_SPLIT_COLS ? left : r < mid;
	return first == (h == 0);
}

/* The cells of part h (0, 1; -1 the whole board) on the lattice, into a
 * new array; *k how many.  Split by rows: part 1 the rows above the
 * centre's; by cols: part 1 the cells whose centre lies left of the
 * centre's.  NULL when out of memory. */
static int (*part_cells(const struct tp_config *c, const struct tp_arena_board *bd, int h,
			int *k))[2]
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
		if (bd->sq[i].off || !in_part(c, &g, i, h))
			continue;
		slot_cell(&g, i, &r, &q);
		cells[*k][0] = r;
		cells[*k][1] = q;
		(*k)++;
	}
	return cells;
}

/* The outline of part h (-1: the whole board) on the board's page, into
 * a new array of *m corners (x, y pairs).  NULL on failure. */
static double *part_outline(const struct tp_config *c, const struct tp_arena_board *bd, int h,
			    int *m)
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

int tp_arena_hex_build_board(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_arena_model *md = model;
	struct tp_scene *sc = board_scene(c, md->board, "board", -1);
	if (sc == NULL)
		return -1;
	tp_sheet_bleed(sc);
	const char *note = NULL;
	if (c->print.split == TP_SPLIT_NONE) {
		note = "whole board, one part, cut round its cells";
		int m;
		double *o = part_outline(c, md->board, -1, &m);
		int rc = o == NULL ? -1 : tp_die_contour(sc, o, (size_t)m, TP_DIE_STROKE_MM);
		free(o);
		if (rc != 0) {
			tp_scene_free(sc);
			return -1;
		}
	}
	return tp_doc_add(doc, sc, note);
}

static const char *const part_names[2] = { "board-part-1", "board-part-2" };

/* The crop of part h: its outline's box; the outline moved into it. */
int tp_arena_hex_build_part(const struct tp_config *c, const void *model, struct tp_doc *doc, int h)
{
	const struct tp_arena_model *md = model;
	int m;
	double *o = part_outline(c, md->board, h, &m), b[4];
	struct tp_scene *board = o ? board_scene(c, md->board, "board", h) : NULL;
	if (board == NULL) {
		free(o);
		return -1;
	}
	outline_box(o, m, b, margin(c));
	struct tp_scene *sc = tp_sheet_crop(board, part_names[h], b[0], b[1], b[2] - b[0], b[3] - b[1]);
	tp_scene_free(board);
	for (int i = 0; i < m; i++) {
		o[2 * i] -= b[0];
		o[2 * i + 1] -= b[1];
	}
	char note[160];
	int n = md->board->rows / 2, L = md->board->rows, mid = 2 * ((L - 1) / 3);
	if (c->print.split == TP_SPLIT_COLS)
		snprintf(note, sizeof note, "part %d of 2: the cells %s of the centre column, cut round them", h + 1,
			 h ? "right" : "left");
	else if (md->board->grid == TP_GRID_TRI)
		snprintf(note, sizeof note, "part %d of 2: rows %d-%d of %d, cut round their cells", h + 1,
			 h ? mid + 1 : 1, h ? L : mid, L);
	else
		snprintf(note, sizeof note, "part %d of 2: rows r = %d..%d of %d..%d, cut round their cells", h + 1,
			 h ? 0 : -n, h ? n : -1, -n, n);
	int rc = tp_doc_add(doc, sc, note);
	if (rc == 0)
		rc = tp_die_contour(sc, o, (size_t)m, TP_DIE_STROKE_MM);
	free(o);
	return rc;
}

int tp_arena_hex_build_board_cut(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_arena_model *md = model;
	static const int layers[] = { TP_INK_CUT };
	int parts = c->print.split == TP_SPLIT_NONE ? 1 : 2;
	for (int h = 0; h < parts; h++) {
		int m;
		double *o = part_outline(c, md->board, parts == 2 ? h : -1, &m), b[4];
		if (o == NULL)
			return -1;
		outline_box(o, m, b, margin(c));
		for (int i = 0; i < m; i++) {
			o[2 * i] -= b[0];
			o[2 * i + 1] -= b[1];
		}
		char note[160];
		snprintf(note, sizeof note, "die line of %s", parts == 2 ? part_names[h] : "board");
		struct tp_scene *sc = new_sheet(c, parts == 2 ? part_names[h] : "board", b[2] - b[0],
						b[3] - b[1], layers, 1);
		int rc = tp_doc_add(doc, sc, note);
		if (rc == 0) {
			sc->plate = 1;
			rc = tp_die_contour(sc, o, (size_t)m, TP_DIE_STROKE_MM);
		}
		free(o);
		if (rc != 0)
			return -1;
	}
	return 0;
}
