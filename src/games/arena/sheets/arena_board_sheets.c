/* The shape arena's board sheets: the numbered board whole ("board"), and
 * split for the factory into two parts ("board-part-1", "board-part-2",
 * print.split), each part cropped from the whole board with its own bleed
 * and die line.  The numbers are text outlines sized so the widest fits
 * its square, turned to read from the nearest board edge. */

#include "games/arena/sheets/arena_sheets.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/arena/sheets/arena_hexsheets.h"
#include "games/ledge.h"
#include "print/layout/die.h"
#include "print/layout/sheet.h"
#include "print/art/text_outline.h"

static void bbox(const struct tp_pt *p, size_t n, double b[4])
{
	b[0] = b[1] = INFINITY;
	b[2] = b[3] = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		b[0] = fmin(b[0], p[i].x);
		b[1] = fmin(b[1], p[i].y);
		b[2] = fmax(b[2], p[i].x);
		b[3] = fmax(b[3], p[i].y);
	}
}

static int needs_bar(int v)
{
	return tp_arena_needs_bar(v);
}

#define BAR_GAP 0.09    /* em: between the digits and the bar */
#define BAR_THICK 0.08  /* em */
#define FIT 0.92        /* of the middle half, for antialiasing */

int tp_arena_number_em(const struct tp_arena_board *bd, double box, double *em)
{
	double worst = 0;
	char seen[TP_ARENA_NUMBER_MAX + 1] = { 0 };
	for (int i = 0; i < bd->rows * bd->cols; i++) {
		int v = bd->sq[i].number;
		if (v <= 0 || v > TP_ARENA_NUMBER_MAX || seen[v])
			continue;
		seen[v] = 1;
		char s[16];
		snprintf(s, sizeof s, "%d", v);
		double b[4];
		if (tp_text_outline_box(s, 0, 0, 1, TP_ALIGN_CENTER, b) != 0)
			return -1;
		double w = b[2] - b[0], h = b[3] - b[1] + (needs_bar(v) ? BAR_GAP + BAR_THICK : 0);
		worst = fmax(worst, fmax(w, h));
	}
	*em = worst > 0 ? box * FIT / worst : 1;
	return 0;
}

int tp_arena_draw_number(struct tp_scene *sc, int v, double ca, double sa, double ox, double oy,
			 double em)
{
	char text[16];
	snprintf(text, sizeof text, "%d", v);
	struct tp_pt *p = NULL;
	size_t n = 0;
	if (tp_text_outline(text, 0, 0, em, TP_ALIGN_CENTER, &p, &n) != 0)
		return -1;
	if (n == 0)
		return 0;
	double b[4];
	bbox(p, n, b);
	int bar = needs_bar(v);
	struct tp_pt r[5] = {
		{ TP_MOVE, b[0], b[3] + BAR_GAP * em }, { TP_LINE, b[2], b[3] + BAR_GAP * em },
		{ TP_LINE, b[2], b[3] + (BAR_GAP + BAR_THICK) * em },
		{ TP_LINE, b[0], b[3] + (BAR_GAP + BAR_THICK) * em }, { TP_CLOSE, 0, 0 },
	};
	double cx = (b[0] + b[2]) / 2, cy = (b[1] + (bar ? r[2].y : b[3])) / 2;
	for (int k = 0; k < 2; k++) {
		struct tp_pt *q = k ? r : p;
		size_t m = k ? 4 : n;
		for (size_t i = 0; i < m; i++) {
			if (q[i].op == TP_CLOSE)
				continue;
			double dx = q[i].x - cx, dy = q[i].y - cy;
			q[i].x = ox + dx * ca - dy * sa;
			q[i].y = oy + dx * sa + dy * ca;
		}
	}
	int rc = tp_scene_path(sc, TP_INK_NUMBER, TP_FILL, 0, p, n);
	free(p);
	if (rc == 0 && bar)
		rc = tp_scene_path(sc, TP_INK_NUMBER, TP_FILL, 0, r, 5);
	return rc;
}

/* ---- the ledges (board.title, board.credit, board.corner) ----------------------- */

void tp_arena_ledges(const struct tp_config *c, double *top, double *bottom)
{
	double L = TP_ARENA_LEDGE * tp_arena(c)->square_mm;
	int corner = tp_art_pack_find(c->art, "board.corner") != NULL;
	*top = corner || tp_art_pack_find(c->art, "board.title") ? L : 0;
	*bottom = corner || tp_art_pack_find(c->art, "board.credit") ? L : 0;
}

int tp_arena_ledge_box(const struct tp_config *c, int k, double b[4])
{
	const struct tp_arena_cfg *a = tp_arena(c);
	double s = a->square_mm, L = TP_ARENA_LEDGE * s, m = fmax(c->print.safe_mm, 1);
	int C = tp_arena_cols(&a->rules);
	double W = C * s, H = tp_arena_rows(&a->rules) * s;
	if (!tp_arena_cell_sheets(c)) {
		int ok = tp_ledge_box(W, H + 2 * L, L, m, k, b);
		/* parted across the columns: the cut runs after col C / 2
		 * (tp_arena_part_rect) */
		if (k < 2 && c->print.split == TP_SPLIT_COLS)
			return tp_ledge_box_split(W, C / 2 * s, k, b);
		return ok;
	}
	/* hexagons and triangles: the box of the cells, which the ledges
	 * make a rectangle */
	tp_arena_gridops_for(a->rules.grid)->cells_box(tp_arena_rows(&a->rules), s, &W, &H);
	int ok = tp_ledge_box(W, H + 2 * L, L, m, k, b);
	if (c->print.split != TP_SPLIT_COLS || k >= 2)
		return ok;
	/* The parts' cut runs up and down through the ledges along cell
	 * edges, within half a pitch left of the middle: the title keeps to
	 * the left part's share, the credit line to the right part's, each
	 * the safe zone from that cut. */
	double x1 = b[0] + b[2];
	if (k == 0) {
		b[2] = W / 2 - s / 2 - m - b[0];
	} else {
		b[0] = W / 2 + m;
		b[2] = x1 - b[0];
	}
	return b[2] >= 3 && b[3] >= 3;
}

/* The ledges of a board W wide whose squares start `top` down and end
 * `bottom` above its foot (H): the outer arena's ink, and the pack's
 * title, credit line and corners. */
static int ledges(struct tp_scene *sc, const struct tp_config *c, double W, double H, double top,
		  double bottom)
{
	double L = TP_ARENA_LEDGE * tp_arena(c)->square_mm, b[4];
	int rc = 0;
	if (top > 0)
		rc |= tp_scene_rect(sc, TP_INK_OUTER, TP_FILL, 0, 0, 0, W, top);
	if (bottom > 0)
		rc |= tp_scene_rect(sc, TP_INK_OUTER, TP_FILL, 0, 0, H - bottom, W, bottom);
	static const char *const place[2] = { "board.title", "board.credit" };
	/* the boxes are the both-ledge board's: the bottom ones move up by
	 * the missing top ledge */
	double up = L - top;
	for (int k = 0; k < 2; k++) {
		const struct tp_art_item *it = tp_art_pack_find(c->art, place[k]);
		if (it && tp_arena_ledge_box(c, k, b))
			rc |= tp_art_item_draw(sc, it, b[0], b[1] - (k ? up : 0), b[2], b[3], 0) != 0;
	}
	const struct tp_art_item *it = tp_art_pack_find(c->art, "board.corner");
	for (int k = 0; it && k < 4; k++)
		if (tp_arena_ledge_box(c, 2 + k, b))
			rc |= tp_art_item_draw_about(sc, it, b[0], b[1], b[2], b[3], 0, 90.0 * k,
						     b[0] + b[2] / 2, b[1] + b[3] / 2) != 0;
	return rc ? -1 : 0;
}

/* The whole board, without bleed: squares in their arena's ink, the
 * numbers, the grid.  Each square is drawn as the grid table says a cell
 * is (its number's box and turn, its mark's size, its window, the start
 * ring); the squares themselves lie in rows and columns, so the grid is
 * lines across the board rather than each cell's outline. */
static struct tp_scene *board_scene(const struct tp_config *c, const struct tp_arena_board *bd,
				    const char *name)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_gridops *ops = tp_arena_gridops_for(bd->grid);
	int pics = a->rules.marking == TP_MARKING_PICTURES;
	int layers[4 + TP_ARENA_COLOURS_MAX] = { TP_INK_INNER, TP_INK_OUTER, TP_INK_NUMBER, TP_INK_LINE };
	size_t nl = 4;
	for (int k = 1; a->rules.marking != TP_MARKING_NUMBERS && k <= a->rules.colours; k++)
		layers[nl++] = tp_arena_class_ink(k);
	double s = a->square_mm;
	int n = bd->cols, R = bd->rows;
	double top, bottom;
	tp_arena_ledges(c, &top, &bottom);
	struct tp_scene *sc = tp_arena_new_sheet(c, name, n * s, top + R * s + bottom, layers, nl);
	if (sc == NULL)
		return NULL;
	double em, oy = top;
	int rc = tp_arena_number_em(bd, ops->number_box * s, &em);
	/* A colour's disc or a picture (the grid's), under a safe zone
	 * (print.safe_mm) small enough to keep it from an edge square's cut. */
	double inr = s / ops->inradius_div;
	double mark = tp_arena_mark_fit(a, pics ? ops->picture * s : ops->disc * s,
					c->print.safe_mm > 0 ? inr - c->print.safe_mm - 0.05 : INFINITY);
	for (int row = 0; rc == 0 && row < R; row++)
		for (int col = 0; rc == 0 && col < n; col++) {
			const struct tp_arena_square *q = &bd->sq[row * n + col];
			int ground = q->inner ? TP_INK_INNER : TP_INK_OUTER;
			if (q->colour && (pics || ops->window))
				rc = tp_arena_ground_framed(sc, ground, col * s, oy + row * s, s, ops->frame * s);
			else
				rc = tp_scene_rect(sc, ground, TP_FILL, 0, col * s, oy + row * s, s, s);
			if (rc == 0 && q->number) {
				double ca, sa;
				ops->number_turn(R, n, row, col, q->quarter, &ca, &sa);
				rc = tp_arena_draw_number(sc, q->number, ca, sa, col * s + s / 2,
							  oy + row * s + s / 2, em);
			}
			if (rc == 0 && q->colour) {
				double x, y;
				ops->cell_mm(s, row, col, &x, &y);
				rc = tp_arena_draw_class(sc, c, q->colour, x, oy + y, mark);
			}
		}
	/* The start: a ring round the centre square's number (without it
	 * the players cannot see where play starts), as the marks inside the
	 * safe zone: a part's split runs along the centre square's edge. */
	double ring = s * ops->start_ring, ring_w = s * TP_ARENA_START_RING_W;
	if (c->print.safe_mm > 0)
		ring = fmax(fmin(ring, inr - c->print.safe_mm - ring_w / 2 - 0.05), 2 * ring_w);
	int mid = ops->centre(R, n);
	double cx, cy;
	ops->cell_mm(s, mid / n, mid % n, &cx, &cy);
	if (rc == 0)
		rc = tp_scene_circle(sc, TP_INK_NUMBER, TP_STROKE, ring_w, cx, oy + cy, ring);
	double lw = s * 0.012;
	for (int k = 1; rc == 0 && k < n; k++)
		rc = tp_arena_seg(sc, TP_INK_LINE, lw, k * s, oy, k * s, oy + R * s);
	for (int k = 1; rc == 0 && k < R; k++)
		rc = tp_arena_seg(sc, TP_INK_LINE, lw, 0, oy + k * s, n * s, oy + k * s);
	if (rc == 0 && top + bottom > 0)
		rc = ledges(sc, c, n * s, top + R * s + bottom, top, bottom);
	if (rc != 0) {
		tp_scene_free(sc);
		return NULL;
	}
	return sc;
}

int tp_arena_square_board(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_arena_model *m = model;
	struct tp_scene *sc = board_scene(c, m->board, "board");
	if (sc == NULL)
		return -1;
	tp_sheet_bleed(sc);
	const char *note = NULL;
	if (c->print.split == TP_SPLIT_NONE) {
		note = "whole board, one part";
		if (tp_die_rect(sc, 0, 0, sc->trim_w, sc->trim_h, TP_DIE_STROKE_MM) != 0) {
			tp_scene_free(sc);
			return -1;
		}
	}
	return tp_doc_add(doc, sc, note);
}

/* Part h (0 or 1) of the board: split along the grid line after row (or
 * col) side / 2, the nearest to the middle; part 1 the smaller. */
void tp_arena_part_rect(const struct tp_config *c, int h, double r[4])
{
	const struct tp_arena_rules *rl = &tp_arena(c)->rules;
	int R = tp_arena_rows(rl), C = tp_arena_cols(rl);
	int cols = c->print.split == TP_SPLIT_COLS, k = (cols ? C : R) / 2;
	double top, bottom;
	tp_arena_ledges(c, &top, &bottom);
	double s = tp_arena(c)->square_mm, at = top + k * s, W = C * s, H = top + R * s + bottom;
	if (cols) {
		r[0] = h ? k * s : 0; r[1] = 0; r[2] = h ? W - k * s : k * s; r[3] = H;
	} else {
		r[0] = 0; r[1] = h ? at : 0; r[2] = W; r[3] = h ? H - at : at;
	}
}

const char *const tp_arena_part_names[2] = { "board-part-1", "board-part-2" };

static void part_note(const struct tp_config *c, int h, char *out, size_t n)
{
	const struct tp_arena_rules *rl = &tp_arena(c)->rules;
	int cols = c->print.split == TP_SPLIT_COLS;
	int side = cols ? tp_arena_cols(rl) : tp_arena_rows(rl), k = side / 2;
	const char *what = cols ? "cols" : "rows";
	snprintf(out, n, "part %d of 2: %s %d-%d of %d", h + 1, what, h ? k + 1 : 1, h ? side : k, side);
}

/* Each part its own sheet, with bleed from its own edge squares (across
 * the cut too) and its die line. */
int tp_arena_square_part(const struct tp_config *c, const void *model, struct tp_doc *doc, int h)
{
	const struct tp_arena_model *m = model;
	struct tp_scene *board = board_scene(c, m->board, "board");
	if (board == NULL)
		return -1;
	double r[4];
	tp_arena_part_rect(c, h, r);
	struct tp_scene *sc = tp_sheet_crop(board, tp_arena_part_names[h], r[0], r[1], r[2], r[3]);
	tp_scene_free(board);
	char note[160];
	part_note(c, h, note, sizeof note);
	if (tp_doc_add(doc, sc, note) != 0)
		return -1;
	/* The part starts on a grid line: a press sheet too small for it
	 * cuts it into pieces along cell edges. */
	sc->cell_mm = tp_arena(c)->square_mm;
	/* ... below the top ledge, when the part has it */
	if (r[1] == 0) {
		double bottom;
		tp_arena_ledges(c, &sc->cell_at[1], &bottom);
	}
	return tp_die_rect(sc, 0, 0, r[2], r[3], TP_DIE_STROKE_MM);
}

int tp_arena_parts_absent(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	if (c->print.split != TP_SPLIT_NONE)
		return 0;
	snprintf(why, n, "print.split = none prints the board whole, so there is no %s", sheet);
	return 1;
}
