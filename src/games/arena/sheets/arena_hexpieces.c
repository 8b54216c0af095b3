/* The polyhex and polyiamond pieces' sheets (arena.grid = hex, tri):
 * plain faces, ribbed faces, the rib plate, the die lines and their
 * punchboard parts, each piece cut round its cells' outline
 * (arena_polyform.h) as the square pieces are.  The layout, the marks and the ribs follow the square
 * pieces' rules (arena_sheets.c), measured on the outline. */

#include "games/arena/sheets/arena_hexsheets.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/arena/model/arena_gridops.h"
#include "games/arena/model/arena_polyform.h"
#include "print/layout/die.h"
#include "print/layout/sheet.h"

#define CORNERS 40   /* a polyhex of 6 cells has at most 6 * 6 corners */

/* A shape's outline in mm about its lattice origin, and its box. */
struct outline {
	int n;
	double xy[2 * CORNERS];
	double box[4];
};

struct layout {
	struct outline o[TP_ARENA_SHAPES];
	double ox[TP_ARENA_PIECES], oy[TP_ARENA_PIECES]; /* each piece's lattice origin */
	double w, h;
};

static void outline_of(int grid, const struct tp_arena_shape *s, double p, struct outline *o)
{
	int xy[2 * CORNERS];
	o->n = tp_arena_trace(grid, (const int (*)[2])s->cell, s->n_cells, xy, CORNERS);
	if (o->n < 0)
		o->n = 0;   /* the shapes parser refused such shapes */
	o->box[0] = o->box[1] = INFINITY;
	o->box[2] = o->box[3] = -INFINITY;
	for (int i = 0; i < o->n; i++) {
		tp_arena_lattice_mm(grid, p, xy[2 * i], xy[2 * i + 1], &o->xy[2 * i], &o->xy[2 * i + 1]);
		o->box[0] = fmin(o->box[0], o->xy[2 * i]);
		o->box[1] = fmin(o->box[1], o->xy[2 * i + 1]);
		o->box[2] = fmax(o->box[2], o->xy[2 * i]);
		o->box[3] = fmax(o->box[3], o->xy[2 * i + 1]);
	}
}

/* One row per shape, the six sets across, gutters all round, as the
 * square pieces. */
static void layout(const struct tp_config *c, struct layout *L)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	double g = a->piece_gutter_mm, y = g;
	L->w = 0;
	for (int sh = 0; sh < TP_ARENA_SHAPES; sh++) {
		struct outline *o = &L->o[sh];
		outline_of(a->rules.grid, &a->shapes.s[sh], a->square_mm, o);
		double x = g, bw = o->box[2] - o->box[0], bh = o->box[3] - o->box[1];
		for (int k = 0; k < TP_ARENA_SETS; k++) {
			L->ox[sh * TP_ARENA_SETS + k] = x - o->box[0];
			L->oy[sh * TP_ARENA_SETS + k] = y - o->box[1];
			x += bw + g;
		}
		L->w = fmax(L->w, x);
		y += bh + g;
	}
	L->h = y;
}

/* The outline moved out by d at origin (ox, oy), as a closed path. */
static size_t piece_path(const struct outline *o, double d, double ox, double oy, struct tp_pt *pts)
{
	double m[2 * CORNERS];
	tp_arena_poly_offset(o->xy, o->n, d, m);
	for (int i = 0; i < o->n; i++)
		pts[i] = (struct tp_pt){ (uint8_t)(i ? TP_LINE : TP_MOVE), ox + m[2 * i], oy + m[2 * i + 1] };
	pts[o->n] = (struct tp_pt){ TP_CLOSE, 0, 0 };
	return (size_t)o->n + 1;
}

static void cell_centre(int grid, const struct tp_arena_shape *sh, int i, double p, double ox,
			double oy, double *x, double *y)
{
	tp_arena_cell_mm(grid, p, sh->cell[i][0], sh->cell[i][1], x, y);
	*x += ox;
	*y += oy;
}

/* The player's pips (arena.player_marks), 0.04 of a pitch round and 0.1
 * apart, in a row across the last cell.  Hex: 0.36 of a pitch below its
 * centre, inside the hexagon's lower slopes and clear of a mark's disc
 * (0.3 round the centre).  Triangle: toward its wide side (below an up
 * cell's centroid, above a down one's), 0.18 of an edge out or, on a
 * marked one-cell piece, just clear of the mark's disc of radius r: the
 * row of six spans 0.58 of an edge where the triangle is 0.8 wide. */
static int pips(struct tp_scene *sc, int grid, const struct tp_arena_shape *sh, double p, double ox,
		double oy, int player, double r)
{
	const struct tp_arena_gridops *g = tp_arena_gridops_for(grid);
	double cx, cy, dy = g->pip_dy * p;
	int last = sh->n_cells - 1;
	cell_centre(grid, sh, last, p, ox, oy, &cx, &cy);
	if (g->wide_pips) {
		dy = last == 0 && r > 0 ? fmax(g->pip_dy * p, r + 0.06 * p) : g->pip_dy * p;
		if (sh->cell[last][1] % 2)
			dy = -dy;   /* a down cell is wide at the top */
	}
	int rc = 0;
	for (int i = 0; i < player; i++)
		rc |= tp_scene_circle(sc, TP_INK_NUMBER, TP_FILL, 0, cx + (i - (player - 1) / 2.0) * 0.1 * p,
				      cy + dy, 0.04 * p);
	return rc ? -1 : 0;
}

/* One face as it lies face up: the player's colour out to the bleed; on
 * a marked piece an unprinted disc on the first cell with the mark. */
static int face(struct tp_scene *sc, const struct tp_config *c, const struct tp_arena_piece *pc,
		const struct layout *L, int i)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_shape *sh = &a->shapes.s[pc->shape];
	struct tp_pt pt[CORNERS + 1 + TP_CIRCLE_PTS];
	size_t n = piece_path(&L->o[pc->shape], a->piece_bleed_mm - a->piece_clearance_mm, L->ox[i],
			      L->oy[i], pt);
	double cx, cy, r = tp_arena_grid_mark_radius(a);
	cell_centre(a->rules.grid, sh, 0, a->square_mm, L->ox[i], L->oy[i], &cx, &cy);
	if (pc->mark != TP_MARK_BLANK)
		n += tp_arena_hole(pt + n, cx, cy, r);
	if (tp_scene_path(sc, tp_arena_piece_ink(pc), TP_FILL, 0, pt, n) != 0 ||
	    (a->player_marks && pc->player >= 1 &&
	     pips(sc, a->rules.grid, sh, a->square_mm, L->ox[i], L->oy[i], pc->player,
		  pc->mark != TP_MARK_BLANK ? r : 0) != 0))
		return -1;
	return tp_arena_mark_text(sc, c, pc->mark, cx, cy, r);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The ribs of the blocking face: horizontal ribs rib_pitch_mm apart,
 * centred top to bottom, each the stretch of its line inside the outline
 * moved in by clearance + the rib inset + half a rib (so every edge of a
 * rib keeps rib_margin_mm, or the safe zone, inside the die line); round a mark, a ring rib and the
 * straight ribs stopped short of it as on the square pieces. */
static int ribs(struct tp_scene *sc, const struct tp_config *c, const struct tp_arena_piece *pc,
		const struct layout *L, int i, int ink)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct outline *o = &L->o[pc->shape];
	double w = a->rib_width_mm, in[2 * CORNERS];
	tp_arena_poly_offset(o->xy, o->n, -(a->piece_clearance_mm + a->rib_inset_mm + w / 2), in);
	double cx, cy, r = tp_arena_grid_mark_radius(a);
	cell_centre(a->rules.grid, &a->shapes.s[pc->shape], 0, a->square_mm, 0, 0, &cx, &cy);
	int marked = pc->mark != TP_MARK_BLANK;
	if (marked && tp_scene_circle(sc, ink, TP_STROKE, w, L->ox[i] + cx, L->oy[i] + cy, r + w) != 0)
		return -1;
	double lo = INFINITY, hi = -INFINITY;
	for (int k = 0; k < o->n; k++) {
		lo = fmin(lo, in[2 * k + 1]);
		hi = fmax(hi, in[2 * k + 1]);
	}
	int count = (int)floor((hi - lo) / a->rib_pitch_mm + 1e-9) + 1;
	double first = (lo + hi - (count - 1) * a->rib_pitch_mm) / 2;
	for (int k = 0; k < count; k++) {
		double ry = first + k * a->rib_pitch_mm, xs[CORNERS];
		int nx = 0;
		for (int e = 0; e < o->n; e++) {
			const double *p = in + 2 * e, *q = in + 2 * ((e + 1) % o->n);
			if ((p[1] <= ry) != (q[1] <= ry))
				xs[nx++] = p[0] + (ry - p[1]) * (q[0] - p[0]) / (q[1] - p[1]);
		}
		qsort(xs, (size_t)nx, sizeof *xs, cmp_double);
		for (int j = 0; j + 1 < nx; j += 2) {
			double xa = xs[j], xb = xs[j + 1], gap = r + 3 * w;
			if (xb - xa < 2 * w)
				continue;
			if (marked && fabs(ry - cy) < gap) {
				double half = sqrt(gap * gap - (ry - cy) * (ry - cy));
				double l1 = fmin(xb, cx - half), x2 = fmax(xa, cx + half);
				if (l1 - xa >= 2 * w &&
				    tp_arena_seg(sc, ink, w, L->ox[i] + xa, L->oy[i] + ry, L->ox[i] + l1, L->oy[i] + ry))
					return -1;
				if (xb - x2 >= 2 * w &&
				    tp_arena_seg(sc, ink, w, L->ox[i] + x2, L->oy[i] + ry, L->ox[i] + xb, L->oy[i] + ry))
					return -1;
				continue;
			}
			if (tp_arena_seg(sc, ink, w, L->ox[i] + xa, L->oy[i] + ry, L->ox[i] + xb, L->oy[i] + ry) != 0)
				return -1;
		}
	}
	return 0;
}

static int die(struct tp_scene *sc, const struct tp_config *c, const struct tp_arena_piece *pc,
	       const struct layout *L, int i)
{
	struct tp_pt pt[CORNERS + 1];
	size_t n = piece_path(&L->o[pc->shape], -tp_arena(c)->piece_clearance_mm, L->ox[i], L->oy[i], pt);
	return tp_scene_path(sc, TP_INK_CUT, TP_STROKE, TP_DIE_STROKE_MM, pt, n);
}

static const int piece_layers[] = {
	TP_INK_PLAYER1, TP_INK_PLAYER2, TP_INK_PLAYER3, TP_INK_PLAYER4, TP_INK_PLAYER5,
	TP_INK_PLAYER6, TP_INK_RIBS, TP_INK_NUMBER, TP_INK_CUT,
};

/* One pieces sheet: what (0 plain faces with die lines, 1 ribbed faces
 * mirrored, 2 the rib plate mirrored, 3 the die lines alone). */
static int pieces_sheet(const struct tp_config *c, const struct tp_arena_model *m,
			struct tp_doc *doc, int what)
{
	struct layout *L = tp_malloc(sizeof *L);
	if (L == NULL)
		return -1;
	layout(c, L);
	static const int emboss[] = { TP_INK_EMBOSS }, cut[] = { TP_INK_CUT };
	static const char *const name[4] = { "pieces", "pieces-back", "pieces-ribs", "pieces" };
	static const char *const note[4] = {
		"plain faces", "ribbed faces, work-and-turn: mirror of the plain faces",
		"emboss plate: ribs of the blocking faces, as pieces-back",
		"die lines of pieces: one outline per piece",
	};
	const int *layers = what == 2 ? emboss : what == 3 ? cut : piece_layers;
	size_t nl = what == 2 || what == 3 ? 1 : what == 1 ? 8 : 9;
	struct tp_scene *sc = tp_scene_new_layered(name[what], L->w, L->h, c->print.bleed_mm,
						   &c->print.inks, layers, nl);
	int rc = tp_doc_add(doc, sc, note[what]);
	if (rc == 0 && what >= 2)
		sc->plate = 1;
	for (int i = 0; rc == 0 && i < TP_ARENA_PIECES; i++) {
		const struct tp_arena_piece *pc = &m->piece[i];
		if (what <= 1)
			rc = face(sc, c, pc, L, i);
		if (rc == 0 && (what == 0 || what == 3))
			rc = die(sc, c, pc, L, i);
		if (rc == 0 && (what == 1 || what == 2))
			rc = ribs(sc, c, pc, L, i, what == 1 ? TP_INK_RIBS : TP_INK_EMBOSS);
	}
	if (rc == 0 && (what == 1 || what == 2))
		tp_sheet_mirror(sc);
	free(L);
	return rc;
}

int tp_arena_hex_build_pieces(const struct tp_config *c, const void *model, struct tp_doc *doc, int what)
{
	return pieces_sheet(c, model, doc, what);
}

int tp_arena_hex_pieces_parts(const struct tp_config *c, int back, struct tp_parts *ps)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	struct layout *L = tp_malloc(sizeof *L);
	ps->p = tp_calloc(TP_ARENA_PIECES, sizeof *ps->p);
	if (L == NULL || ps->p == NULL) {
		free(L);
		return -1;
	}
	layout(c, L);
	for (int i = 0; i < TP_ARENA_PIECES; i++) {
		const struct outline *o = &L->o[i / TP_ARENA_SETS];
		double d[2 * CORNERS], b[4] = { INFINITY, INFINITY, -INFINITY, -INFINITY };
		tp_arena_poly_offset(o->xy, o->n, -a->piece_clearance_mm, d);
		for (int k = 0; k < o->n; k++) {
			b[0] = fmin(b[0], d[2 * k]);
			b[1] = fmin(b[1], d[2 * k + 1]);
			b[2] = fmax(b[2], d[2 * k]);
			b[3] = fmax(b[3], d[2 * k + 1]);
		}
		ps->p[i] = (struct tp_part){ L->ox[i] + b[0], L->oy[i] + b[1], b[2] - b[0], b[3] - b[1] };
	}
	free(L);
	ps->n = TP_ARENA_PIECES;
	ps->bleed = a->piece_bleed_mm;
	ps->back = back;
	return 1;
}
