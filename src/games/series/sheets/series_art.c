#include "games/series/sheets/series_art.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/ledge.h"
#include "print/art/symbol.h"
#include "print/art/text_outline.h"

int tp_series_ink(int series)
{
	static const int ink[TP_N_SERIES] = {
		[TP_LATERAL] = TP_INK_LATERAL, [TP_BOXES] = TP_INK_BOXES,
		[TP_VERTICAL] = TP_INK_VERTICAL, [TP_DOTS] = TP_INK_DOTS,
	};
	return ink[series];
}

static int seg(struct tp_scene *sc, int ink, double w, double x0, double y0, double x1, double y1)
{
	struct tp_pt p[2] = { { TP_MOVE, x0, y0 }, { TP_LINE, x1, y1 } };
	return tp_scene_path(sc, ink, TP_STROKE, w, p, 2);
}

/* [0055] FIG. 2A: lateral lines, boxes, vertical lines and dots, drawn in
 * one ink so the proof reads like the patent's drawings. */
static int patent_cell(struct tp_scene *sc, int series, double x, double y, double s)
{
	const int ink = TP_INK_TEXT;
	double w = s * 0.07;
	int rc = 0;
	switch (series) {
	case TP_LATERAL:
	case TP_VERTICAL:
		for (int k = 0; k < 4; k++) {
			double o = s * (k + 0.5) / 4;
			rc |= series == TP_LATERAL ? seg(sc, ink, w, x + s * 0.1, y + o, x + s * 0.9, y + o)
						   : seg(sc, ink, w, x + o, y + s * 0.1, x + o, y + s * 0.9);
		}
		break;
	case TP_BOXES:
		for (int i = 0; i < 2; i++)
			for (int j = 0; j < 2; j++)
				rc |= tp_scene_rect(sc, ink, TP_STROKE, w, x + s * (0.14 + 0.4 * j),
						    y + s * (0.14 + 0.4 * i), s * 0.32, s * 0.32);
		break;
	case TP_DOTS:
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++)
				rc |= tp_scene_circle(sc, ink, TP_FILL, 0, x + s * (i + 0.5) / 3,
						      y + s * (j + 0.5) / 3, s * 0.08);
		break;
	}
	return rc;
}

int tp_series_art_square(struct tp_scene *sc, const struct tp_config *c, int series,
		  double x, double y, double size)
{
	if (series == TP_NONE)
		return 0;
	if (tp_series(c)->style == TP_STYLE_PATENT)
		return patent_cell(sc, series, x, y, size);
	return tp_scene_rect(sc, tp_series_ink(series), TP_FILL, 0, x, y, size, size);
}

static const char *const series_place[TP_N_SERIES] = {
	[TP_LATERAL] = "series.lateral", [TP_BOXES] = "series.boxes",
	[TP_VERTICAL] = "series.vertical", [TP_DOTS] = "series.dots",
};

#define VALUE_PLACES(S)                                                                        \
	{ "series." S ".1", "series." S ".2", "series." S ".3", "series." S ".4", "series." S ".5", \
	  "series." S ".6", "series." S ".7", "series." S ".8", "series." S ".9" }

/* A series' picture per value (1..9): [0061] and [0079] allow "any
 * geometric, symbolic, or illustrative shape" for numbering elements. */
static const char *const value_place[TP_N_SERIES][9] = {
	[TP_LATERAL] = VALUE_PLACES("lateral"), [TP_BOXES] = VALUE_PLACES("boxes"),
	[TP_VERTICAL] = VALUE_PLACES("vertical"), [TP_DOTS] = VALUE_PLACES("dots"),
};

const char *const tp_series_art_names[] = {
	"series.lateral", "series.boxes", "series.vertical", "series.dots",
	"series.lateral.1", "series.lateral.2", "series.lateral.3", "series.lateral.4",
	"series.lateral.5", "series.lateral.6", "series.lateral.7", "series.lateral.8",
	"series.lateral.9", "series.boxes.1", "series.boxes.2", "series.boxes.3",
	"series.boxes.4", "series.boxes.5", "series.boxes.6", "series.boxes.7",
	"series.boxes.8", "series.boxes.9", "series.vertical.1", "series.vertical.2",
	"series.vertical.3", "series.vertical.4", "series.vertical.5", "series.vertical.6",
	"series.vertical.7", "series.vertical.8", "series.vertical.9", "series.dots.1",
	"series.dots.2", "series.dots.3", "series.dots.4", "series.dots.5",
	"series.dots.6", "series.dots.7", "series.dots.8", "series.dots.9",
	"backs.logo", "board.title", "board.credit", "board.corner", NULL,
};

const char *tp_series_symbol_place(int s)
{
	return series_place[s];
}

const char *tp_series_value_place(int s, int v)
{
	return value_place[s][v - 1];
}

/* A value picture's box in its quadrant, as shares of the tile's side:
 * in from the tile's two outer edges by the safe zone (at least 5 % of
 * the tile), and off the quadrant cross by 2 %, so the picture keeps
 * clear of the cut and of the cross. */
static void value_box(const struct tp_config *c, double *out_share, double *in_share)
{
	double t = c->print.tile_mm;
	*out_share = fmax(c->print.safe_mm, 0.05 * t) / t;
	*in_share = 0.02;
}

static double value_side(const struct tp_config *c, double t)
{
	double o, i;
	value_box(c, &o, &i);
	return t * (0.5 - o - i);
}

double tp_series_back_inset(const struct tp_config *c)
{
	return fmax(c->print.safe_mm, 0.1 * c->print.tile_mm);
}

size_t tp_series_art_places(const struct tp_config *c, struct tp_art_place *out, size_t max)
{
	size_t n = 0;
	double s = c->print.tile_mm / 6;
	static const char *const what[TP_N_SERIES] = {
		[TP_LATERAL] = "the lateral series' symbol, in each of its cells (fronts, board)",
		[TP_BOXES] = "the boxes series' symbol, in each of its cells (fronts, board)",
		[TP_VERTICAL] = "the vertical series' symbol, in each of its cells (fronts, board)",
		[TP_DOTS] = "the dots series' symbol, in each of its cells (fronts, board)",
	};
	/* The blind edition's symbols are its emboss plate's, without an
	 * orientation ([0079]): a drawing of the designer's is not offered. */
	for (int k = 0; k < TP_N_SERIES && n < max && !tp_series(c)->emboss.plates; k++)
		out[n++] = (struct tp_art_place){ series_place[k], what[k], s, s };
	/* Pictures have an orientation ([0079]): not in the blind edition. */
	double v = value_side(c, c->print.tile_mm);
	for (int k = 0; k < TP_N_SERIES && !tp_series(c)->emboss.plates; k++)
		for (int i = 0; i < 9 && n < max; i++)
			out[n++] = (struct tp_art_place){
				value_place[k][i],
				"this value's picture, in the series' quadrants of that value on the fronts, instead of cells or numeral (all nine or none)",
				v, v };
	double in = tp_series_back_inset(c), b = c->print.tile_mm - 2 * in;
	if (n < max && tp_series(c)->rules.backs)
		out[n++] = (struct tp_art_place){ "backs.logo",
						  "a logo on every tile back, over its colour, inside the safe zone",
						  b, b };
	double lb[4];
	if (n + 3 <= max && !tp_series(c)->emboss.plates) {
		if (tp_series_ledge_box(c, 0, lb)) {
			int cols = c->print.split == TP_SPLIT_COLS;
			out[n++] = (struct tp_art_place){ "board.title",
							  cols ? "a title on the board's top ledge, over its first half"
							       : "a title on the board's top ledge", lb[2], lb[3] };
			out[n++] = (struct tp_art_place){ "board.credit",
							  cols ? "a credit line on the board's bottom ledge, under its second half"
							       : "a credit line on the board's bottom ledge", lb[2], lb[3] };
		}
		if (tp_series_ledge_box(c, 2, lb))
			out[n++] = (struct tp_art_place){ "board.corner",
							  "art in each corner of the board's ledges, drawn for the top left and turned a quarter clockwise at each next corner",
							  lb[2], lb[3] };
	}
	return n;
}

/* ---- the board's ledges (board.title, board.credit, board.corner) ---------------- */

void tp_series_ledges(const struct tp_config *c, double *top, double *bottom)
{
	*top = *bottom = 0;
	/* The blind edition's board is its recess plate's pockets to the
	 * margin: a band there would move every pocket off the plate. */
	if (tp_series(c)->emboss.plates || c->art == NULL)
		return;
	double L = TP_SERIES_LEDGE * tp_series_pitch(c);
	int corner = tp_art_pack_find(c->art, "board.corner") != NULL;
	*top = corner || tp_art_pack_find(c->art, "board.title") ? L : 0;
	*bottom = corner || tp_art_pack_find(c->art, "board.credit") ? L : 0;
}

int tp_series_ledge_box(const struct tp_config *c, int k, double b[4])
{
	const struct tp_rules *r = &tp_series(c)->rules;
	double s = tp_series_pitch(c), L = TP_SERIES_LEDGE * s, m = fmax(c->print.safe_mm, 1);
	double W = r->cols * s, H = r->rows * s + 2 * L;
	int ok = tp_ledge_box(W, H, L, m, k, b);
	/* halved across the columns: the cut runs down the middle */
	if (k < 2 && c->print.split == TP_SPLIT_COLS)
		return tp_ledge_box_split(W, W / 2, k, b);
	return ok;
}

int tp_series_art_ledges(struct tp_scene *sc, const struct tp_config *c, double top, double bottom)
{
	static const char *const place[2] = { "board.title", "board.credit" };
	double L = TP_SERIES_LEDGE * tp_series_pitch(c), b[4];
	/* the boxes are the both-ledge board's: the bottom ones move up by
	 * the missing top ledge */
	double up = L - top;
	int rc = 0;
	for (int k = 0; k < 2; k++) {
		const struct tp_art_item *it = tp_art_pack_find(c->art, place[k]);
		if (it && (k ? bottom : top) > 0 && tp_series_ledge_box(c, k, b))
			rc |= tp_art_item_draw(sc, it, b[0], b[1] - (k ? up : 0), b[2], b[3], 0) != 0;
	}
	const struct tp_art_item *it = tp_art_pack_find(c->art, "board.corner");
	for (int k = 0; it && k < 4; k++)
		if (tp_series_ledge_box(c, 2 + k, b))
			rc |= tp_art_item_draw_about(sc, it, b[0], b[1], b[2], b[3], 0, 90.0 * k,
						     b[0] + b[2] / 2, b[1] + b[3] / 2) != 0;
	return rc ? -1 : 0;
}

int tp_series_art_check(const struct tp_config *c, tp_err *e)
{
	static const char *const set[TP_N_SERIES] = {
		[TP_LATERAL] = "the lateral series' value pictures (series.lateral.1 .. 9)",
		[TP_BOXES] = "the boxes series' value pictures (series.boxes.1 .. 9)",
		[TP_VERTICAL] = "the vertical series' value pictures (series.vertical.1 .. 9)",
		[TP_DOTS] = "the dots series' value pictures (series.dots.1 .. 9)",
	};
	/* A quadrant of a value without a picture would have to fall back to
	 * cells among pictures: a series is drawn one way or the other. */
	for (int k = 0; k < TP_N_SERIES; k++)
		if (tp_art_pack_check_set(c->art, value_place[k], 9, set[k], e) != TP_OK)
			return TP_EINPUT;
	return TP_OK;
}

int tp_series_art_logo(struct tp_scene *sc, const struct tp_config *c, double x, double y)
{
	const struct tp_art_item *it = tp_art_pack_find(c->art, "backs.logo");
	if (it == NULL)
		return 0;
	double in = tp_series_back_inset(c), b = c->print.tile_mm - 2 * in;
	/* The back sheet is mirrored whole (tp_sheet_mirror): drawn mirrored,
	 * the logo reads right on the printed back. */
	return tp_art_item_draw(sc, it, x + in, y + in, b, b, 1);
}

int tp_series_art_cell(struct tp_scene *sc, const struct tp_config *c, int series,
		double x, double y, double size)
{
	const struct tp_art_item *it =
		series >= 0 && series < TP_N_SERIES ? tp_art_pack_find(c->art, series_place[series]) : NULL;
	if (it)
		/* The designer's symbol, from the art pack. */
		return tp_art_item_draw(sc, it, x, y, size, size, 0);
	if (series != TP_NONE && tp_series(c)->cell_mark == TP_MARK_SYMBOL &&
	    tp_series(c)->style != TP_STYLE_PATENT)
		/* FIG. 15B: the series' symbol, in its colour, in place of the
		 * solid cell. */
		return tp_symbol_draw(sc, tp_series_ink(series), TP_FILL, 0,
				      tp_series(c)->emboss.symbol[series], x + size / 2, y + size / 2,
				      size * 0.78);
	if (series != TP_NONE && tp_series(c)->cell_mark == TP_MARK_PICTURE)
		/* FIG. 15B: the series' picture (finish refused the patent
		 * style and the blind edition). */
		return tp_picture_draw(sc, tp_series_ink(series), &tp_series(c)->pictures.pic[series],
				       x + size / 2, y + size / 2, size * 0.8);
	return tp_series_art_square(sc, c, series, x, y, size);
}

/* Under a 6 or a 9 (which read as each other on a turned tile, as the
 * arena's numbers do): a bar this far below the digit and this thick, in em. */
#define TP_DIGIT_BAR_GAP 0.09
#define TP_DIGIT_BAR_THICK 0.08

/* FIGS. 3-5: a numeral per quadrant.  Numerals are upright on a tile whose
 * lateral corner is nw and turn with the tile, which is the legibility
 * cost [0060] and [0078] describe; a 6 and a 9 are underlined, so a
 * turned 6 is not read as a 9. */
int tp_series_digit(struct tp_scene *sc, int ink, int value, int turns, double cx, double cy,
		    double size)
{
	char text[4];
	snprintf(text, sizeof text, "%d", value);
	struct tp_pt *pts = NULL;
	size_t n = 0;
	/* Centred vertically: DejaVu Sans's digits stand 0.73 em tall. */
	if (tp_text_outline(text, cx, cy + size * tp_text_digit_half(), size, TP_ALIGN_CENTER, &pts, &n) != 0)
		return -1;
	double x0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	for (size_t i = 0; i < n; i++)
		if (pts[i].op != TP_CLOSE) {
			x0 = fmin(x0, pts[i].x);
			x1 = fmax(x1, pts[i].x);
			y1 = fmax(y1, pts[i].y);
		}
	int bar = n && (value == 6 || value == 9);
	double by = y1 + TP_DIGIT_BAR_GAP * size, bh = TP_DIGIT_BAR_THICK * size;
	struct tp_pt r[5] = { { TP_MOVE, x0, by }, { TP_LINE, x1, by }, { TP_LINE, x1, by + bh },
			      { TP_LINE, x0, by + bh }, { TP_CLOSE, 0, 0 } };
	double a = turns * M_PI / 2, ca = cos(a), sa = sin(a);
	for (int k = 0; k < 2; k++) {
		struct tp_pt *q = k ? r : pts;
		size_t m = k ? 4 : n;
		for (size_t i = 0; i < m; i++) {
			if (q[i].op == TP_CLOSE)
				continue;
			double dx = q[i].x - cx, dy = q[i].y - cy;
			q[i].x = cx + dx * ca - dy * sa;
			q[i].y = cy + dx * sa + dy * ca;
		}
	}
	int rc = n ? tp_scene_path(sc, ink, TP_FILL, 0, pts, n) : 0;
	if (rc == 0 && bar)
		rc = tp_scene_path(sc, ink, TP_FILL, 0, r, 5);
	free(pts);
	return rc;
}

int tp_series_digit_box(int value, double box[4])
{
	char text[4];
	snprintf(text, sizeof text, "%d", value);
	/* (A subpath's close repeats its start, so it moves no side.) */
	if (tp_text_outline_box(text, 0, tp_text_digit_half(), 1, TP_ALIGN_CENTER, box) != 0)
		return -1;
	if (box[2] > box[0] && (value == 6 || value == 9))   /* the bar */
		box[3] += TP_DIGIT_BAR_GAP + TP_DIGIT_BAR_THICK;
	return 0;
}

/* The pack's picture for the quadrant at corner k of a tile, or NULL. */
static const struct tp_art_item *value_item(const struct tp_config *c, int front, int corner, int k)
{
	if (c->art == NULL || tp_series(c)->cells_only)
		return NULL;
	int sr = tp_series_at(tp_series(c)->rules.cycle, corner, k);
	int v = tp_series_value(tp_series(c)->rules.pairing, sr, front);
	return tp_art_pack_find(c->art, value_place[sr][v - 1]);
}

/* The value picture of quadrant k, in its box (value_box), upright on a
 * tile whose lateral corner is nw and turned with the tile, as the
 * numerals are. */
static int value_draw(struct tp_scene *sc, const struct tp_config *c, const struct tp_art_item *it,
		      int corner, int k, double x, double y, double t)
{
	double o, i;
	value_box(c, &o, &i);
	int east = k == TP_NE || k == TP_SE, south = k == TP_SE || k == TP_SW;
	double bx = x + (east ? 0.5 + i : o) * t, by = y + (south ? 0.5 + i : o) * t;
	double b = value_side(c, t);
	return tp_art_item_draw_about(sc, it, bx, by, b, b, 0, 90.0 * (corner - TP_NW), bx + b / 2,
				      by + b / 2);
}

/* The cell hairlines of a tile some of whose quadrants hold a picture:
 * each line in halves, left out across a picture. */
static int split_hairlines(struct tp_scene *sc, const struct tp_art_item *const pic[4], double x,
			   double y, double t)
{
	double s = t / 6;
	int rc = 0;
	for (int k = 1; k < 6; k++) {
		double w = k == 3 ? t * 0.012 : t * 0.005;
		if (k == 3) {
			rc |= seg(sc, TP_INK_LINE, w, x + k * s, y, x + k * s, y + t);
			rc |= seg(sc, TP_INK_LINE, w, x, y + k * s, x + t, y + k * s);
			continue;
		}
		int west = k < 3, north = k < 3;
		/* A vertical line: its top half in the nw or ne quadrant, its
		 * bottom half in sw or se; a horizontal one likewise. */
		if (!pic[west ? TP_NW : TP_NE])
			rc |= seg(sc, TP_INK_LINE, w, x + k * s, y, x + k * s, y + t / 2);
		if (!pic[west ? TP_SW : TP_SE])
			rc |= seg(sc, TP_INK_LINE, w, x + k * s, y + t / 2, x + k * s, y + t);
		if (!pic[north ? TP_NW : TP_SW])
			rc |= seg(sc, TP_INK_LINE, w, x, y + k * s, x + t / 2, y + k * s);
		if (!pic[north ? TP_NE : TP_SE])
			rc |= seg(sc, TP_INK_LINE, w, x + t / 2, y + k * s, x + t, y + k * s);
	}
	return rc;
}

int tp_series_art_front(struct tp_scene *sc, const struct tp_config *c, int front,
		 int corner, double x, double y, double t)
{
	int rc = tp_series_art_front_art(sc, c, front, corner, x, y, t);
	return rc | tp_series_art_front_lines(sc, c, front, corner, x, y, t);
}

int tp_series_art_front_art(struct tp_scene *sc, const struct tp_config *c, int front,
			    int corner, double x, double y, double t)
{
	double s = t / 6;
	const struct tp_art_item *pic[4];
	for (int k = 0; k < 4; k++)
		pic[k] = value_item(c, front, corner, k);
	/* The tile's art is a group (scene.h): tiles of one front and corner
	 * repeat it moved, which an SVG writes once.  Its lines are left out,
	 * to be joined with the neighbours' into sheet-long ones. */
	int rc = tp_scene_group_begin(sc);
	if (tp_series(c)->digits) {
		for (int k = 0; k < 4; k++) {
			int sr = tp_series_at(tp_series(c)->rules.cycle, corner, k);
			int v = tp_series_value(tp_series(c)->rules.pairing, sr, front);
			double qx = x + (k == TP_NE || k == TP_SE ? 0.75 : 0.25) * t;
			double qy = y + (k == TP_SE || k == TP_SW ? 0.75 : 0.25) * t;
			/* The patent style is monochrome: numerals in black, as FIGS. 3-5. */
			int ink = tp_series(c)->style == TP_STYLE_PATENT ? TP_INK_TEXT : tp_series_ink(sr);
			rc |= pic[k] ? value_draw(sc, c, pic[k], corner, k, x, y, t)
				     : tp_series_digit(sc, ink, v, corner - TP_NW, qx, qy, t * 0.36);
		}
		tp_scene_group_end(sc);
		return rc ? -1 : 0;
	}
	unsigned char cells[6][6];
	tp_series_tile_cells(&tp_series(c)->rules, front, corner, cells);
	/* The cells are the tile's pattern, which runs on across its edges
	 * into the neighbours' ([0072]): art to the cut by design. */
	size_t first = sc->n_shapes;
	for (int a = 0; a < 6; a++)
		for (int b = 0; b < 6; b++) {
			int k = a < 3 ? (b < 3 ? TP_NW : TP_NE) : (b < 3 ? TP_SW : TP_SE);
			if (!pic[k])
				rc |= tp_series_art_cell(sc, c, cells[a][b], x + b * s, y + a * s, s);
		}
	tp_scene_flag_from(sc, first, TP_SHAPE_TO_CUT);
	/* A value picture keeps inside its box, clear of the cut. */
	for (int k = 0; k < 4; k++)
		if (pic[k])
			rc |= value_draw(sc, c, pic[k], corner, k, x, y, t);
	tp_scene_group_end(sc);
	return rc ? -1 : 0;
}

int tp_series_art_front_lines(struct tp_scene *sc, const struct tp_config *c, int front,
			      int corner, double x, double y, double t)
{
	double s = t / 6;
	int rc = 0;
	if (tp_series(c)->digits) {
		/* Only the quadrant cross: digits have no cells. */
		struct tp_pt h[2] = { { TP_MOVE, x, y + t / 2 }, { TP_LINE, x + t, y + t / 2 } };
		struct tp_pt v[2] = { { TP_MOVE, x + t / 2, y }, { TP_LINE, x + t / 2, y + t } };
		rc |= tp_scene_path(sc, TP_INK_LINE, TP_STROKE, t * 0.012, h, 2);
		rc |= tp_scene_path(sc, TP_INK_LINE, TP_STROKE, t * 0.012, v, 2);
		return rc ? -1 : 0;
	}
	const struct tp_art_item *pic[4];
	int any = 0;
	for (int k = 0; k < 4; k++)
		any |= (pic[k] = value_item(c, front, corner, k)) != NULL;
	if (any)
		return split_hairlines(sc, pic, x, y, t) ? -1 : 0;
	/* Hairlines between cells; the quadrant cross a little heavier. */
	for (int k = 1; k < 6; k++) {
		double w = k == 3 ? t * 0.012 : t * 0.005;
		rc |= seg(sc, TP_INK_LINE, w, x + k * s, y, x + k * s, y + t);
		rc |= seg(sc, TP_INK_LINE, w, x, y + k * s, x + t, y + k * s);
	}
	return rc ? -1 : 0;
}
