/* The shape arena's piece sheets: the pieces' plain and ribbed faces, the
 * rib emboss plate and the die lines, their punchboard components, and the
 * table of all the arena's sheets (the board's are in
 * arena_board_sheets.c, the score pad in arena_pad.c, the die net in
 * arena_die.c). */

#include "games/board_wrap.h"
#include "games/rules.h"
#include "games/arena/sheets/arena_sheets.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/arena/sheets/arena_hexsheets.h"
#include "games/arena/model/arena_outline.h"
#include "games/arena/model/arena_polyform.h"
#include "print/layout/die.h"
#include "print/art/text_outline.h"
#include "print/layout/sheet.h"

int tp_arena_piece_ink(const struct tp_arena_piece *p)
{
	return TP_INK_PLAYER1 + (p->player >= 1 && p->player <= 6 ? p->player - 1 : 5);
}

/* ---- helpers --------------------------------------------------------------------- */

struct tp_scene *tp_arena_new_sheet(const struct tp_config *c, const char *name, double w, double h,
				    const int *layers, size_t n)
{
	return tp_scene_new_layered(name, w, h, c->print.bleed_mm, &c->print.inks, layers, n);
}

int tp_arena_seg(struct tp_scene *sc, int ink, double w, double x0, double y0, double x1, double y1)
{
	struct tp_pt p[2] = { { TP_MOVE, x0, y0 }, { TP_LINE, x1, y1 } };
	return tp_scene_path(sc, ink, TP_STROKE, w, p, 2);
}

/* ---- pieces -------------------------------------------------------------------- */

/* Where each piece lies on the pieces sheets: one row per shape (the
 * smallest first), the six sets across, gutters all round. */
struct layout {
	double x[TP_ARENA_PIECES], y[TP_ARENA_PIECES];
	double w, h;
	int rows[TP_ARENA_SHAPES], cols[TP_ARENA_SHAPES];   /* shape extents in cells */
};

static void shape_extent(const struct tp_arena_shape *s, int *rows, int *cols)
{
	*rows = *cols = 0;
	for (int i = 0; i < s->n_cells; i++) {
		if (s->cell[i][0] + 1 > *rows)
			*rows = s->cell[i][0] + 1;
		if (s->cell[i][1] + 1 > *cols)
			*cols = s->cell[i][1] + 1;
	}
}

static void layout(const struct tp_config *c, struct layout *L)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	double s = a->square_mm, g = a->piece_gutter_mm;
	L->w = 0;
	double y = g;
	for (int sh = 0; sh < TP_ARENA_SHAPES; sh++) {
		shape_extent(&a->shapes.s[sh], &L->rows[sh], &L->cols[sh]);
		double x = g;
		for (int k = 0; k < TP_ARENA_SETS; k++) {
			L->x[sh * TP_ARENA_SETS + k] = x;
			L->y[sh * TP_ARENA_SETS + k] = y;
			x += L->cols[sh] * s + g;
		}
		L->w = fmax(L->w, x);
		y += L->rows[sh] * s + g;
	}
	L->h = y;
}

/* The piece outline at (x, y), moved out by d mm, as a closed path into
 * pts (at least TP_ARENA_OUTLINE_MAX + 1): the cells' outline traced from
 * the grid table's cell corners, as on every grid (the shapes parser
 * refused cells that make no simple loop, so the trace fails only out of
 * memory).  Its point count, or 0 when out of memory. */
static size_t piece_path(const struct tp_arena_cfg *a, const struct tp_arena_shape *sh, double d,
			 double x, double y, struct tp_pt *pts)
{
	int xy[TP_ARENA_OUTLINE_MAX][2];
	double o[2 * TP_ARENA_OUTLINE_MAX];
	int n = tp_arena_trace(a->rules.grid, (const int (*)[2])sh->cell, sh->n_cells, &xy[0][0],
			       TP_ARENA_OUTLINE_MAX);
	if (n <= 0)
		return 0;
	tp_arena_outline_offset(xy, n, a->square_mm, d, x, y, o);
	for (int i = 0; i < n; i++)
		pts[i] = (struct tp_pt){ (uint8_t)(i ? TP_LINE : TP_MOVE), o[2 * i], o[2 * i + 1] };
	pts[n] = (struct tp_pt){ TP_CLOSE, 0, 0 };
	return (size_t)n + 1;
}

/* The mark's disc: on the shape's first cell (the cell whose number the
 * "2" or "3" multiplies), at that cell's centre and of the mark radius
 * the grid table gives (its inscribed circle). */
static void mark_disc(const struct tp_arena_cfg *a, const struct tp_arena_shape *sh, double x,
		      double y, double *cx, double *cy, double *r)
{
	double mx, my;
	tp_arena_cell_mm(a->rules.grid, a->square_mm, sh->cell[0][0], sh->cell[0][1], &mx, &my);
	*cx = x + mx;
	*cy = y + my;
	*r = tp_arena_grid_mark_radius(a);
}

size_t tp_arena_hole(struct tp_pt *p, double cx, double cy, double r)
{
	tp_circle_pts(p, cx, cy, r, -1);
	return TP_CIRCLE_PTS;
}

const char *const tp_arena_art_names[] = {
	"arena.mark2", "arena.mark3", "arena.class1", "arena.class2", "arena.class3", "arena.class4",
	"arena.class5", "arena.class6", "arena.class7", "arena.class8", "backs.logo",
	"arena.counter", "board.title", "board.credit", "board.corner", NULL,
};

/* backs.logo: on the ribbed face, in a piece's last square when that is
 * not its mark's (a one-square marked piece has none), the ribs kept
 * out of that square; as far in from the die line as the mark. */
static int logo_cell(const struct tp_arena_shape *sh, const struct tp_arena_piece *pc)
{
	return pc->mark != TP_MARK_BLANK && sh->n_cells < 2 ? -1 : sh->n_cells - 1;
}

static double logo_inset(const struct tp_config *c)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	return a->piece_clearance_mm + fmax(a->mark_inset_mm, c->print.safe_mm);
}

size_t tp_arena_art_places(const struct tp_config *c, struct tp_art_place *out, size_t max)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	size_t n = 0;
	double m = TP_ARENA_ART_MARK * tp_arena_grid_mark_radius(a);
	for (int k = 0; k < 2 && n < max; k++)
		out[n++] = (struct tp_art_place){ tp_arena_art_names[k],
						  k ? "the mark of the pieces marked 3, in its unprinted disc"
						    : "the mark of the pieces marked 2, in its unprinted disc",
						  m, m };
	double side = a->square_mm - 2 * logo_inset(c);
	if (!tp_arena_cell_sheets(c) && side >= 1 && n < max)
		out[n++] = (struct tp_art_place){ "backs.logo",
						  "a logo on the ribbed face of every piece, in its last square (not a one-square marked piece's); the ribs leave that square",
						  side, side };
	double b[4];
	static const char *const ledge_what[2][3] = {
		{ "a title on a ledge the board then gets above its squares",
		  "a credit line on a ledge the board then gets below its squares",
		  "art in each corner of those ledges (the board gets both), drawn for the top left and turned a quarter clockwise at each next corner" },
		{ "a title on a ledge the board then gets above its cells, making it a rectangle (print.split = cols: in the left part's share)",
		  "a credit line on a ledge the board then gets below its cells, making it a rectangle (print.split = cols: in the right part's share)",
		  "art in each corner of those ledges (the board gets both), drawn for the top left and turned a quarter clockwise at each next corner" },
	};
	static const char *const ledge_cols[2] = {
		"a title on a ledge the board then gets above its squares, over its first part",
		"a credit line on a ledge the board then gets below its squares, under its second part",
	};
	int cells = tp_arena_cell_sheets(c), cols = c->print.split == TP_SPLIT_COLS;
	for (int k = 0; k < 3 && n < max; k++)
		if (tp_arena_ledge_box(c, k, b))
			out[n++] = (struct tp_art_place){ tp_arena_art_names[12 + k],
							  !cells && cols && k < 2 ? ledge_cols[k] : ledge_what[cells][k],
							  b[2], b[3] };
	if (a->rules.marking == TP_MARKING_NUMBERS)
		return n;
	double cs = tp_arena_counter_art(c);
	if (a->rules.marking == TP_MARKING_COLOURS && cs >= 1 && n < max)
		out[n++] = (struct tp_art_place){ "arena.counter",
						  "art on every collecting counter, over its colour, inside the safe zone",
						  cs, cs };
	/* The board's mark, as its sheet draws it: the grid's share of a
	 * cell (a hexagon's or a triangle's window is smaller than a
	 * square's), kept inside the cell's inscribed circle less the safe
	 * zone (arena_board_sheets.c, arena_hexsheets.c). */
	const struct tp_arena_gridops *ops = tp_arena_gridops_for(a->rules.grid);
	double s = a->square_mm, inr = s / ops->inradius_div;
	double mark = tp_arena_mark_fit(a, a->rules.marking == TP_MARKING_PICTURES ? ops->picture * s : ops->disc * s,
					c->print.safe_mm > 0 ? inr - c->print.safe_mm - 0.05 : INFINITY);
	for (int k = 1; k <= a->rules.colours && n < max; k++)
		out[n++] = (struct tp_art_place){ tp_arena_art_names[1 + k],
						  "that colour class's mark (board squares, charts, and the counters with arena.marking = pictures; scaled to each)",
						  mark, mark };
	return n;
}

int tp_arena_mark_text(struct tp_scene *sc, const struct tp_config *c, int mark, double cx,
		       double cy, double r)
{
	if (mark == TP_MARK_BLANK)
		return 0;
	const struct tp_art_item *it =
		tp_art_pack_find(c->art, mark == TP_MARK_2 ? "arena.mark2" : "arena.mark3");
	if (it) {
		double m = TP_ARENA_ART_MARK * r;
		return tp_art_item_draw(sc, it, cx - m / 2, cy - m / 2, m, m, 0);
	}
	double size = r * 1.45;
	/* Centred in the disc (DejaVu Sans's digits stand 0.73 em). */
	return tp_scene_text(sc, TP_INK_NUMBER, cx, cy + size * tp_text_digit_half(), size, TP_ALIGN_CENTER,
			     tp_arena_mark_names[mark]);
}

/* One face of a piece as it lies face up: its player's colour out to the
 * bleed, and on a marked piece an unprinted disc on the first cell with
 * the "2" or "3" in it. */
static int piece_face(struct tp_scene *sc, const struct tp_config *c, const struct tp_arena_piece *pc,
		      double x, double y)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_shape *sh = &a->shapes.s[pc->shape];
	double s = a->square_mm;
	struct tp_pt p[TP_ARENA_OUTLINE_MAX + 1 + TP_CIRCLE_PTS];
	size_t n = piece_path(a, sh, a->piece_bleed_mm - a->piece_clearance_mm, x, y, p);
	if (n == 0)
		return -1;
	double cx, cy, r;
	mark_disc(a, sh, x, y, &cx, &cy, &r);
	if (pc->mark != TP_MARK_BLANK)
		n += tp_arena_hole(p + n, cx, cy, r);
	if (tp_scene_path(sc, tp_arena_piece_ink(pc), TP_FILL, 0, p, n) != 0 ||
	    (a->player_marks && tp_arena_draw_pips(sc, sh, s, x, y, pc->player) != 0))
		return -1;
	return tp_arena_mark_text(sc, c, pc->mark, cx, cy, r);
}

/* The ribs of the blocking face as segments in ink, a rib_pitch_mm apart
 * across the piece, each at least rib_inset_mm inside the die line.  On a
 * marked piece a ring rib goes round the mark's disc, a rib's width clear
 * of it (tp_arena_grid_mark_radius keeps it inside the cell's margin), and the
 * straight ribs stop a rib's width short of the ring, dropping stubs
 * shorter than two rib widths: the face is ribbed at every square size,
 * and the mark stays clear. */
static int piece_ribs(struct tp_scene *sc, const struct tp_config *c, const struct tp_arena_piece *pc,
		      double x, double y, int ink)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_shape *sh = &a->shapes.s[pc->shape];
	double s = a->square_mm, w = a->rib_width_mm;
	double M = a->piece_clearance_mm + a->rib_inset_mm;
	int rows, cols;
	shape_extent(sh, &rows, &cols);
	int filled[6][6] = { { 0 } };
	for (int i = 0; i < sh->n_cells; i++)
		filled[sh->cell[i][0]][sh->cell[i][1]] = 1;
	int lc = tp_art_pack_find(c->art, "backs.logo") ? logo_cell(sh, pc) : -1;
	if (lc >= 0)
		filled[sh->cell[lc][0]][sh->cell[lc][1]] = 0;
	double cx, cy, r;
	mark_disc(a, sh, 0, 0, &cx, &cy, &r);
	if (pc->mark != TP_MARK_BLANK && tp_scene_circle(sc, ink, TP_STROKE, w, x + cx, y + cy, r + w) != 0)
		return -1;
	double H = rows * s, y0 = M + w / 2;
	int count = (int)floor((H - 2 * y0) / a->rib_pitch_mm + 1e-9) + 1;
	/* Centred top to bottom. */
	double first = (H - (count - 1) * a->rib_pitch_mm) / 2;
	for (int k = 0; k < count; k++) {
		double ry = first + k * a->rib_pitch_mm;
		int r0 = (int)floor((ry - M - w / 2) / s), r1 = (int)floor((ry + M + w / 2 - 1e-9) / s);
		if (r0 < 0 || r1 >= rows)
			continue;
		for (int col = 0; col < cols;) {
			int ok = 1;
			for (int rr = r0; rr <= r1; rr++)
				ok &= filled[rr][col];
			if (!ok) {
				col++;
				continue;
			}
			int end = col;
			for (;;) {
				int more = end + 1 < cols;
				for (int rr = r0; more && rr <= r1; rr++)
					more &= filled[rr][end + 1];
				if (!more)
					break;
				end++;
			}
			double xa = col * s + M, xb = (end + 1) * s - M;
			col = end + 1;
			if (xb <= xa)
				continue;
			/* Around the ring: its outer edge at r + 1.5 w, a rib's
			 * width of space, then the rib's half width. */
			double gap = r + 3 * w;
			if (pc->mark != TP_MARK_BLANK && fabs(ry - cy) < gap) {
				double half = sqrt(gap * gap - (ry - cy) * (ry - cy));
				double l1 = fmin(xb, cx - half), x2 = fmax(xa, cx + half);
				if (l1 - xa >= 2 * w && tp_arena_seg(sc, ink, w, x + xa, y + ry, x + l1, y + ry))
					return -1;
				if (xb - x2 >= 2 * w && tp_arena_seg(sc, ink, w, x + x2, y + ry, x + xb, y + ry))
					return -1;
				continue;
			}
			if (tp_arena_seg(sc, ink, w, x + xa, y + ry, x + xb, y + ry) != 0)
				return -1;
		}
	}
	return 0;
}

static int piece_die(struct tp_scene *sc, const struct tp_config *c, const struct tp_arena_piece *pc,
		     double x, double y)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	struct tp_pt p[TP_ARENA_OUTLINE_MAX + 1];
	size_t n = piece_path(a, &a->shapes.s[pc->shape], -a->piece_clearance_mm, x, y, p);
	return n == 0 ? -1 : tp_scene_path(sc, TP_INK_CUT, TP_STROKE, TP_DIE_STROKE_MM, p, n);
}

static const int piece_layers[] = {
	TP_INK_PLAYER1, TP_INK_PLAYER2, TP_INK_PLAYER3, TP_INK_PLAYER4, TP_INK_PLAYER5,
	TP_INK_PLAYER6, TP_INK_RIBS, TP_INK_NUMBER, TP_INK_CUT,
};

/* The plain faces, face up, with their die lines. */
static int square_faces(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_arena_model *m = model;
	struct layout L;
	layout(c, &L);
	struct tp_scene *sc = tp_arena_new_sheet(c, "pieces", L.w, L.h, piece_layers, 9);
	if (tp_doc_add(doc, sc, "plain faces") != 0)
		return -1;
	for (int i = 0; i < TP_ARENA_PIECES; i++)
		if (piece_face(sc, c, &m->piece[i], L.x[i], L.y[i]) != 0 ||
		    piece_die(sc, c, &m->piece[i], L.x[i], L.y[i]) != 0)
			return -1;
	return 0;
}

/* The ribbed faces drawn where the plain faces lie, then mirrored about
 * the sheet's vertical axis: turned over that axis, each back lies behind
 * its face. */
static int square_backs(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_arena_model *m = model;
	struct layout L;
	layout(c, &L);
	struct tp_scene *sc = tp_arena_new_sheet(c, "pieces-back", L.w, L.h, piece_layers, 8);
	if (tp_doc_add(doc, sc, "ribbed faces, work-and-turn: mirror of the plain faces") != 0)
		return -1;
	const struct tp_art_item *logo = tp_art_pack_find(c->art, "backs.logo");
	double in = logo_inset(c), s = tp_arena(c)->square_mm;
	for (int i = 0; i < TP_ARENA_PIECES; i++) {
		const struct tp_arena_piece *pc = &m->piece[i];
		const struct tp_arena_shape *sh = &tp_arena(c)->shapes.s[pc->shape];
		if (piece_face(sc, c, pc, L.x[i], L.y[i]) != 0 ||
		    piece_ribs(sc, c, pc, L.x[i], L.y[i], TP_INK_RIBS) != 0)
			return -1;
		int lc = logo ? logo_cell(sh, pc) : -1;
		/* Drawn mirrored: the sheet is mirrored whole below. */
		if (lc >= 0 && tp_art_item_draw(sc, logo, L.x[i] + sh->cell[lc][1] * s + in,
						L.y[i] + sh->cell[lc][0] * s + in, s - 2 * in,
						s - 2 * in, 1) != 0)
			return -1;
	}
	tp_sheet_mirror(sc);
	return 0;
}

/* The ribs alone in the Emboss spot ink, registered with pieces-back. */
static int square_ribs(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_arena_model *m = model;
	struct layout L;
	layout(c, &L);
	static const int layers[] = { TP_INK_EMBOSS };
	struct tp_scene *sc = tp_arena_new_sheet(c, "pieces-ribs", L.w, L.h, layers, 1);
	if (tp_doc_add(doc, sc, "emboss plate: ribs of the blocking faces, as pieces-back") != 0)
		return -1;
	sc->plate = 1;
	for (int i = 0; i < TP_ARENA_PIECES; i++)
		if (piece_ribs(sc, c, &m->piece[i], L.x[i], L.y[i], TP_INK_EMBOSS) != 0)
			return -1;
	tp_sheet_mirror(sc);
	return 0;
}

/* The pieces' die lines alone, one closed outline per piece. */
static int square_pieces_cut(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_arena_model *m = model;
	struct layout L;
	layout(c, &L);
	static const int layers[] = { TP_INK_CUT };
	struct tp_scene *sc = tp_arena_new_sheet(c, "pieces", L.w, L.h, layers, 1);
	if (tp_doc_add(doc, sc, "die lines of pieces: one outline per piece") != 0)
		return -1;
	sc->plate = 1;
	for (int i = 0; i < TP_ARENA_PIECES; i++)
		if (piece_die(sc, c, &m->piece[i], L.x[i], L.y[i]) != 0)
			return -1;
	return 0;
}

/* The board's die line pages: the whole board, or each of its parts. */
static int square_board_cut(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_arena_model *m = model;
	static const int layers[] = { TP_INK_CUT };
	int parts = c->print.split == TP_SPLIT_NONE ? 1 : 2;
	for (int h = 0; h < parts; h++) {
		double top, bottom;
		tp_arena_ledges(c, &top, &bottom);
		double r[4] = { 0, 0, m->board->cols * tp_arena(c)->square_mm,
				top + m->board->rows * tp_arena(c)->square_mm + bottom };
		if (parts == 2)
			tp_arena_part_rect(c, h, r);
		char note[160];
		snprintf(note, sizeof note, "die line of %s", parts == 2 ? tp_arena_part_names[h] : "board");
		struct tp_scene *sc = tp_arena_new_sheet(c, parts == 2 ? tp_arena_part_names[h] : "board",
							 r[2], r[3], layers, 1);
		if (tp_doc_add(doc, sc, note) != 0)
			return -1;
		sc->plate = 1;
		if (tp_die_rect(sc, 0, 0, r[2], r[3], TP_DIE_STROKE_MM) != 0)
			return -1;
	}
	return 0;
}

/* ---- punchboard ------------------------------------------------------------------- */

/* The pieces of the piece sheets as components for print.layout =
 * punchboard (impose_parts.h): each piece's trim is the bounding box of
 * its die line, its bleed the piece colour beyond it.  Fronts and the cut
 * sheet's pieces page lie as laid out, the ribbed faces and the rib plate
 * mirrored. */
static int square_pieces_parts(const struct tp_config *c, int back, struct tp_parts *ps)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	struct layout L;
	layout(c, &L);
	ps->p = tp_calloc(TP_ARENA_PIECES, sizeof *ps->p);
	if (ps->p == NULL)
		return -1;
	double s = a->square_mm, cl = a->piece_clearance_mm;
	for (int i = 0; i < TP_ARENA_PIECES; i++) {
		int sh = i / TP_ARENA_SETS;
		ps->p[i] = (struct tp_part){ L.x[i] + cl, L.y[i] + cl, L.cols[sh] * s - 2 * cl,
					     L.rows[sh] * s - 2 * cl };
	}
	ps->n = TP_ARENA_PIECES;
	ps->bleed = a->piece_bleed_mm;
	ps->back = back;
	return 1;
}

/* ---- the grids' rows, and the sheets calling through them ------------------------ */

static int square_pieces(const struct tp_config *c, const void *model, struct tp_doc *doc, int what)
{
	static int (*const sheet[4])(const struct tp_config *, const void *, struct tp_doc *) = {
		square_faces, square_backs, square_ribs, square_pieces_cut,
	};
	return sheet[what](c, model, doc);
}

static const struct tp_arena_sheetops square_sheets = {
	.board = tp_arena_square_board,
	.part = tp_arena_square_part,
	.pieces = square_pieces,
	.board_cut = square_board_cut,
	.pieces_parts = square_pieces_parts,
};

static const struct tp_arena_sheetops cell_sheets = {
	.board = tp_arena_hex_build_board,
	.part = tp_arena_hex_build_part,
	.pieces = tp_arena_hex_build_pieces,
	.board_cut = tp_arena_hex_build_board_cut,
	.pieces_parts = tp_arena_hex_pieces_parts,
};

const struct tp_arena_sheetops *tp_arena_sheetops(const struct tp_config *c)
{
	return tp_arena_cell_sheets(c) ? &cell_sheets : &square_sheets;
}

static int build_board(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	return tp_arena_sheetops(c)->board(c, model, doc);
}

static int build_part1(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	return tp_arena_sheetops(c)->part(c, model, doc, 0);
}

static int build_part2(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	return tp_arena_sheetops(c)->part(c, model, doc, 1);
}

static int build_pieces(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	return tp_arena_sheetops(c)->pieces(c, model, doc, 0);
}

static int build_backs(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	return tp_arena_sheetops(c)->pieces(c, model, doc, 1);
}

static int build_ribs(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	return tp_arena_sheetops(c)->pieces(c, model, doc, 2);
}

/* The die lines alone, one page per sheet they cut, each 1:1 with it:
 * the pieces (one closed outline per piece), then the board's parts. */
static int build_cut(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_arena_sheetops *ops = tp_arena_sheetops(c);
	return ops->pieces(c, model, doc, 3) != 0 ? -1 : ops->board_cut(c, model, doc);
}

/* The pieces of the piece sheets as punchboard components: fronts and
 * the cut sheet's pieces page as laid out, the ribbed faces and the rib
 * plate mirrored. */
static int pieces_parts(const struct tp_config *c, const char *page, struct tp_parts *ps)
{
	int back = strcmp(page, "pieces-back") == 0 || strcmp(page, "pieces-ribs") == 0;
	if (!back && strcmp(page, "pieces") != 0)
		return 0;
	return tp_arena_sheetops(c)->pieces_parts(c, back, ps);
}

/* ---- the table ------------------------------------------------------------------- */

const struct tp_sheet_def tp_arena_sheets[TP_ARENA_N_SHEETS] = {
	{ "board", "numbered board, inner and outer arenas", 0, NULL, NULL, build_board, NULL, NULL, NULL, 0 },
	{ "board-part-1", "board part 1 (split for the factory)", 0, tp_arena_parts_absent, NULL, build_part1, NULL, NULL, NULL, 0 },
	{ "board-part-2", "board part 2 (split for the factory)", 0, tp_arena_parts_absent, NULL, build_part2, NULL, NULL, NULL, 0 },
	{ "pieces", "pieces: plain faces", 0, NULL, NULL, build_pieces, NULL, pieces_parts, NULL, 0 },
	{ "pieces-back", "pieces: ribbed faces, mirrored", 0, NULL, NULL, build_backs, NULL,
	  pieces_parts, "pieces", 1 },
	{ "pieces-ribs", "pieces: rib emboss plate", TP_SHEET_PLATE, NULL, NULL, build_ribs, NULL,
	  pieces_parts, "pieces", 1 },
	{ "cut", "die lines only (no marks)", 0, NULL, NULL, build_cut, NULL, pieces_parts, NULL, 0 },
	{ "score-pad", "score sheet", 0, NULL, NULL, tp_arena_build_pad, NULL, NULL, NULL, 0 },
	{ "die-net", "die net for the die game (arena.die = pips or shapes)", 0, tp_arena_die_absent, NULL, tp_arena_build_die,
	  NULL, NULL, NULL, 0 },
	{ "counters", "collecting counters, one per coloured position (arena.marking = colours, pictures)", 0,
	  tp_arena_collect_absent, NULL, tp_arena_build_counters, NULL, tp_arena_counters_parts, NULL, 0 },
	{ "charts", "collecting charts, one per player (arena.marking = colours, pictures)", 0,
	  tp_arena_collect_absent, NULL, tp_arena_build_charts, NULL, NULL, NULL, 0 },
	/* The game's own sheets end here: the print run's (the rules
	 * booklet and the box) come last. */
	TP_BOARD_WRAP_SHEET_DEF,
	TP_RULES_SHEET_DEFS,
};
