/* The hexagonal set's sheets (patent 000, [0070]): the fronts with FIG. 6
 * small triangles in each of the six triangles and die lines that cut
 * each shared edge once, the backs mirrored, and the layout sheet. */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "games/game.h"
#include "games/rules.h"
#include "games/series/model/series_hex.h"
#include "games/series/config/series_table_config.h"
#include "print/layout/die.h"
#include "print/layout/impose_parts.h"
#include "print/scene/scene.h"
#include "print/layout/sheet.h"

static const int layers[] = { 0, 1, 2, 3, 4, 5, TP_INK_TEXT, TP_INK_LINE, TP_INK_CUT };

/* The art pack's places: each triangle's symbol (hex.east ...) and its
 * picture per value (hex.east.1 ...), by triangle 0..5. */
#define HEX_VALUES(S)                                                                   \
	{ "hex." S ".1", "hex." S ".2", "hex." S ".3", "hex." S ".4", "hex." S ".5", "hex." S ".6", \
	  "hex." S ".7", "hex." S ".8", "hex." S ".9" }
static const char *const symbol_place[TP_HEX_SIDES] = {
	"hex.east", "hex.northeast", "hex.northwest", "hex.west", "hex.southwest", "hex.southeast",
};
static const char *const value_place[TP_HEX_SIDES][9] = {
	HEX_VALUES("east"), HEX_VALUES("northeast"), HEX_VALUES("northwest"),
	HEX_VALUES("west"), HEX_VALUES("southwest"), HEX_VALUES("southeast"),
};

/* Where the tiles sit on a tile sheet: in their layout, sharing sides
 * (gap < 0), or apart for print.layout = punchboard, each in its own
 * trim box (the hexagon's bounding box, W x 2R) gap mm from the next, so
 * that imposition can move each whole onto press sheets (impose_parts.h). */
struct geo {
	double W, R;   /* across the flats (print.tile_mm); the side */
	double gap;
};

static void geo_of(const struct tp_config *c, double across, int sheet, struct geo *g)
{
	g->W = across;
	g->R = across / sqrt(3.0);   /* side = circumradius */
	g->gap = -1;
	/* Two bleeds and a millimetre between the boxes, whatever the
	 * gutter: the press sheet spacing is the imposition's business. */
	if (sheet && tp_layout_apart(c->print.layout))
		g->gap = 2 * c->print.bleed_mm + 1;
}

static void centre(const struct geo *g, int row, int col, double *cx, double *cy)
{
	if (g->gap >= 0) {
		*cx = col * (g->W + g->gap) + g->W / 2;
		*cy = row * (2 * g->R + g->gap) + g->R;
		return;
	}
	*cx = g->W * (col + 0.5 * (row & 1)) + g->W / 2;
	*cy = g->R + row * 1.5 * g->R;
}

static void sheet_size(const struct geo *g, int rows, int cols, double *w, double *h)
{
	if (g->gap >= 0) {
		*w = cols * g->W + (cols - 1) * g->gap;
		*h = rows * 2 * g->R + (rows - 1) * g->gap;
		return;
	}
	*w = g->W * (cols + 0.5);
	*h = g->R * (2 + 1.5 * (rows - 1));
}

/* Corner j of the hexagon at (cx, cy): side k lies between corners k and
 * k + 1, side k facing the angle -60k degrees (y down). */
static void corner(double cx, double cy, double R, int j, double *x, double *y)
{
	double a = (-60.0 * j + 30.0) * M_PI / 180.0;
	*x = cx + R * cos(a);
	*y = cy + R * sin(a);
}

/* One front: triangle k (facing side k) holds its series' element as
 * hex.indicia says (series_tri.h); marks touching a side in `outer` (bit
 * k: side k has no neighbour on the sheet) run on into the bleed. */
static int hex_front(struct tp_scene *sc, const struct tp_config *c, const struct tp_hex_front *f,
		     double cx, double cy, double R, unsigned outer)
{
	const struct tp_table_cfg *tc = tp_table_cfg(c);
	double cn[TP_HEX_SIDES][2];
	struct tp_tri_outer o;
	for (int j = 0; j < TP_HEX_SIDES; j++)
		corner(cx, cy, R, j, &cn[j][0], &cn[j][1]);
	tp_tri_outer_of(&o, cn, TP_HEX_SIDES, outer, cx, cy, sc);
	int rc = 0, pictures = 0;
	for (int k = 0; k < TP_HEX_SIDES; k++)
		pictures |= tp_art_pack_find(c->art, value_place[k][f->v[k] - 1]) != NULL;
	/* The six triangles' sides: between shapes, pictures or numerals, or
	 * a pack's value pictures (the small triangles draw their own). */
	if (tc->indicia != TP_TRI_TRIANGLES || pictures)
		for (int j = 0; j < TP_HEX_SIDES; j++) {
			struct tp_pt p[2] = { { TP_MOVE, cx, cy }, { TP_LINE, 0, 0 } };
			corner(cx, cy, R, j, &p[1].x, &p[1].y);
			rc |= tp_scene_path(sc, TP_INK_LINE, TP_STROKE, R * 0.015, p, 2);
		}
	double digit = 0;
	int items = tc->indicia == TP_TRI_SHAPES || tc->indicia == TP_TRI_PICTURES;
	for (int k = 0; k < TP_HEX_SIDES; k++) {
		double A[2], B[2], C[2] = { cx, cy };
		struct tp_tri_style st = {
			tc->indicia, tc->marks, tc->symbol[k], &tc->pictures.pic[k], R * 0.01, c->print.safe_mm,
			TP_HEX_SIDES, digit, items ? tp_art_pack_find(c->art, symbol_place[k]) : NULL,
			tp_art_pack_find(c->art, value_place[k][f->v[k] - 1])
		};
		corner(cx, cy, R, k + 1, &A[0], &A[1]);
		corner(cx, cy, R, k, &B[0], &B[1]);
		if (k == 0 && tc->indicia == TP_TRI_DIGITS && (digit = st.digit = tp_tri_digit_size(A, B, C, &st)) < 0)
			return -1;
		rc |= tp_tri_draw(sc, k, f->v[k], A, B, C, &st, &o);
	}
	return rc;
}

/* The sides of tile (r, col) with no neighbour on its sheet: all six when
 * the tiles stand apart. */
static unsigned outer_sides(const struct tp_hex *h, const struct geo *g, int r, int col)
{
	unsigned m = 0;
	for (int k = 0; k < TP_HEX_SIDES; k++) {
		int nr, nc;
		if (g->gap >= 0 || !tp_hex_neighbour(h->rows, h->cols, r, col, k, &nr, &nc))
			m |= 1u << k;
	}
	return m;
}

/* Each side of each tile once: a side shared with a neighbour that comes
 * earlier (row-major) was already cut by it.  Apart, each its outline. */
static int die_lines(struct tp_scene *sc, const struct tp_hex *h, const struct geo *g)
{
	for (int r = 0; r < h->rows; r++)
		for (int col = 0; col < h->cols; col++) {
			double cx, cy, xy[12];
			centre(g, r, col, &cx, &cy);
			if (g->gap >= 0) {
				for (int j = 0; j < 6; j++)
					corner(cx, cy, g->R, j, &xy[2 * j], &xy[2 * j + 1]);
				if (tp_die_contour(sc, xy, 6, TP_DIE_STROKE_MM) != 0)
					return -1;
				continue;
			}
			for (int k = 0; k < TP_HEX_SIDES; k++) {
				int nr, nc;
				if (tp_hex_neighbour(h->rows, h->cols, r, col, k, &nr, &nc) &&
				    nr * h->cols + nc < r * h->cols + col)
					continue;
				struct tp_pt p[2] = { { TP_MOVE, 0, 0 }, { TP_LINE, 0, 0 } };
				corner(cx, cy, g->R, k, &p[0].x, &p[0].y);
				corner(cx, cy, g->R, k + 1, &p[1].x, &p[1].y);
				if (tp_scene_path(sc, TP_INK_CUT, TP_STROKE, TP_DIE_STROKE_MM, p, 2) != 0)
					return -1;
			}
		}
	return 0;
}

static int build_fronts(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_hex *h = model;
	struct geo g;
	double sw, shh;
	geo_of(c, c->print.tile_mm, 1, &g);
	sheet_size(&g, h->rows, h->cols, &sw, &shh);
	struct tp_scene *sc = tp_scene_new_layered("fronts", sw, shh, c->print.bleed_mm, &c->print.inks,
						   layers, 9);
	if (tp_doc_add(doc, sc, NULL) != 0)
		return -1;
	for (int r = 0; r < h->rows; r++)
		for (int col = 0; col < h->cols; col++) {
			double cx, cy;
			centre(&g, r, col, &cx, &cy);
			if (hex_front(sc, c, &h->tile[r * h->cols + col], cx, cy, g.R,
				      outer_sides(h, &g, r, col)) != 0)
				return -1;
		}
	return die_lines(sc, h, &g);
}

/* The inner hexagon of a back: its apothem this share of the tile's. */
static double back_f(const struct tp_config *c, const struct geo *g)
{
	double f = 0.85, lw = g->W * 0.02;
	if (c->print.safe_mm > 0)
		f = fmin(f, 1 - (c->print.safe_mm + 0.05 + lw / 2) / (g->W / 2));
	return f;
}

/* backs.logo: the square in the inner hexagon's inscribed circle, a
 * tenth smaller, centred on the tile. */
static double logo_side(const struct tp_config *c)
{
	struct geo g;
	geo_of(c, c->print.tile_mm, 1, &g);
	return 0.9 * back_f(c, &g) * g.W / 2 * sqrt(2.0);
}

const char *const tp_hex_art_names[] = {
	"hex.east", "hex.northeast", "hex.northwest", "hex.west", "hex.southwest", "hex.southeast",
	"hex.east.1", "hex.east.2", "hex.east.3", "hex.east.4", "hex.east.5", "hex.east.6",
	"hex.east.7", "hex.east.8", "hex.east.9",
	"hex.northeast.1", "hex.northeast.2", "hex.northeast.3", "hex.northeast.4", "hex.northeast.5",
	"hex.northeast.6", "hex.northeast.7", "hex.northeast.8", "hex.northeast.9",
	"hex.northwest.1", "hex.northwest.2", "hex.northwest.3", "hex.northwest.4", "hex.northwest.5",
	"hex.northwest.6", "hex.northwest.7", "hex.northwest.8", "hex.northwest.9",
	"hex.west.1", "hex.west.2", "hex.west.3", "hex.west.4", "hex.west.5", "hex.west.6",
	"hex.west.7", "hex.west.8", "hex.west.9",
	"hex.southwest.1", "hex.southwest.2", "hex.southwest.3", "hex.southwest.4", "hex.southwest.5",
	"hex.southwest.6", "hex.southwest.7", "hex.southwest.8", "hex.southwest.9",
	"hex.southeast.1", "hex.southeast.2", "hex.southeast.3", "hex.southeast.4", "hex.southeast.5",
	"hex.southeast.6", "hex.southeast.7", "hex.southeast.8", "hex.southeast.9",
	"backs.logo", NULL,
};

/* The places: with shapes or pictures each triangle's symbol, at the 5-3-1
 * places; a picture per value, in its triangle (each triangle its own
 * box: an upright square fits a slanted triangle less well); the logo. */
size_t tp_hex_art_places(const struct tp_config *c, struct tp_art_place *out, size_t max)
{
	const struct tp_table_cfg *tc = tp_table_cfg(c);
	double R = c->print.tile_mm / sqrt(3.0), C[2] = { 0, 0 };
	size_t n = 0;
	for (int k = 0; k < TP_HEX_SIDES; k++) {
		struct tp_tri_style st = { tc->indicia, tc->marks, 0, NULL, R * 0.01, c->print.safe_mm,
					   TP_HEX_SIDES, 0, NULL, NULL };
		double A[2], B[2], box[3];
		corner(0, 0, R, k + 1, &A[0], &A[1]);
		corner(0, 0, R, k, &B[0], &B[1]);
		if (tc->indicia == TP_TRI_SHAPES || tc->indicia == TP_TRI_PICTURES) {
			double side = tp_tri_symbol_side(A, B, C, &st);
			if (n < max)
				out[n++] = (struct tp_art_place){
					symbol_place[k],
					"the triangle's symbol, at each of the element's 5-3-1 places, instead of the shape or picture",
					side, side };
		}
		tp_tri_value_box(A, B, C, &st, box);
		for (int v = 1; v <= 9 && n < max && box[2] > 0; v++)
			out[n++] = (struct tp_art_place){
				value_place[k][v - 1],
				"this value's picture, in the triangle of that value, instead of the indicia (all nine or none)",
				box[2], box[2] };
	}
	double s = logo_side(c);
	if (n < max && s >= 1)
		out[n++] = (struct tp_art_place){ "backs.logo", "a logo on every tile back, inside its hexagon", s, s };
	return n;
}

int tp_hex_art_check(const struct tp_config *c, tp_err *e)
{
	static const char *const set[TP_HEX_SIDES] = {
		"the east triangle's value pictures (hex.east.1 .. 9)",
		"the northeast triangle's value pictures (hex.northeast.1 .. 9)",
		"the northwest triangle's value pictures (hex.northwest.1 .. 9)",
		"the west triangle's value pictures (hex.west.1 .. 9)",
		"the southwest triangle's value pictures (hex.southwest.1 .. 9)",
		"the southeast triangle's value pictures (hex.southeast.1 .. 9)",
	};
	for (int k = 0; k < TP_HEX_SIDES; k++)
		if (tp_art_pack_check_set(c->art, value_place[k], 9, set[k], e) != TP_OK)
			return TP_EINPUT;
	return TP_OK;
}

/* Plain backs, all alike (an inner hexagon), mirrored for work-and-turn;
 * under a factory's safe zone (print.safe_mm) the hexagon keeps it from
 * the cut. */
static int build_backs(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_hex *h = model;
	struct geo g;
	double sw, shh;
	geo_of(c, c->print.tile_mm, 1, &g);
	sheet_size(&g, h->rows, h->cols, &sw, &shh);
	struct tp_scene *sc = tp_scene_new_layered("backs", sw, shh, c->print.bleed_mm, &c->print.inks,
						   layers, 8);
	if (tp_doc_add(doc, sc, "work-and-turn: mirrored; every back the same") != 0)
		return -1;
	/* The inner hexagon's sides lie (1 - f) x the apothem W / 2 inside. */
	double f = back_f(c, &g), lw = g.W * 0.02, ls = logo_side(c);
	const struct tp_art_item *logo = tp_art_pack_find(c->art, "backs.logo");
	for (int r = 0; r < h->rows; r++)
		for (int col = 0; col < h->cols; col++) {
			double cx, cy, xy[12];
			centre(&g, r, col, &cx, &cy);
			for (int j = 0; j < 6; j++)
				corner(cx, cy, g.R * f, j, &xy[2 * j], &xy[2 * j + 1]);
			if (tp_scene_poly(sc, TP_INK_LINE, TP_STROKE, lw, xy, 6) != 0 ||
			    (logo && tp_art_item_draw(sc, logo, cx - ls / 2, cy - ls / 2, ls, ls, 1) != 0))
				return -1;
		}
	tp_sheet_mirror(sc);
	return 0;
}

/* The layout at half size with each tile's front number. */
static int build_layout(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_hex *h = model;
	const double m = 10, fs = 3.2;
	struct geo g;
	double lw, lh;
	geo_of(c, c->print.tile_mm / 2, 0, &g);
	sheet_size(&g, h->rows, h->cols, &lw, &lh);
	double R = g.R;
	double SW = lw + 2 * m < 200 ? 200 : lw + 2 * m, SH = lh + 2 * m + 20;
	struct tp_scene *sc = tp_scene_new_layered("layout", SW, SH, c->print.bleed_mm, &c->print.inks,
						   layers, 8);
	if (tp_doc_add(doc, sc, NULL) != 0)
		return -1;
	char text[200];
	snprintf(text, sizeof text,
		 "Hexagonal set ([0070]-[0071]): %d tiles, %d fronts (H = front in the manifest), half size",
		 h->rows * h->cols, h->n_fronts);
	int rc = tp_scene_text(sc, TP_INK_TEXT, m, m + 3, fs + 1, TP_ALIGN_LEFT, text);
	double x0 = (SW - lw) / 2, y0 = m + 10;
	for (int r = 0; r < h->rows; r++)
		for (int col = 0; col < h->cols; col++) {
			int i = r * h->cols + col;
			double cx, cy, xy[12];
			char lab[16];
			centre(&g, r, col, &cx, &cy);
			cx += x0;
			cy += y0;
			rc |= hex_front(sc, c, &h->tile[i], cx, cy, R, 0);
			for (int j = 0; j < 6; j++)
				corner(cx, cy, R, j, &xy[2 * j], &xy[2 * j + 1]);
			rc |= tp_scene_poly(sc, TP_INK_TEXT, TP_STROKE, 0.2, xy, 6);
			snprintf(lab, sizeof lab, "H%d", h->front_of[i] + 1);
			rc |= tp_scene_text(sc, TP_INK_TEXT, cx, cy + 1, fs * 0.7, TP_ALIGN_CENTER, lab);
		}
	rc |= tp_scene_text(sc, TP_INK_TEXT, m, y0 + lh + 7, fs, TP_ALIGN_LEFT,
			    "Place a tile next to a side in series: through each side one series gains 1, the other loses 1.");
	return rc ? -1 : 0;
}

/* print.layout = punchboard: the fronts and the backs stand apart, each
 * tile in its trim box; the backs page is the fronts' gang mirrored. */
static int hex_parts(const struct tp_config *c, const char *page, struct tp_parts *ps)
{
	int back = strcmp(page, "backs") == 0;
	if (!tp_layout_apart(c->print.layout) || (!back && strcmp(page, "fronts") != 0))
		return 0;
	struct geo g;
	geo_of(c, c->print.tile_mm, 1, &g);
	int rows = c->board.rows, cols = c->board.cols;
	ps->p = tp_calloc((size_t)rows * (size_t)cols, sizeof *ps->p);
	if (ps->p == NULL)
		return -1;
	for (int r = 0; r < rows; r++)
		for (int col = 0; col < cols; col++) {
			double cx, cy;
			centre(&g, r, col, &cx, &cy);
			ps->p[r * cols + col] = (struct tp_part){ cx - g.W / 2, cy - g.R, g.W, 2 * g.R };
		}
	ps->n = (size_t)rows * (size_t)cols;
	ps->bleed = c->print.bleed_mm;
	ps->back = back;
	return 1;
}

const struct tp_sheet_def tp_hex_sheets[3 + TP_RULES_N_SHEETS] = {
	{ "fronts", "hexagonal fronts ([0070])", 0, NULL, NULL, build_fronts, NULL, hex_parts, NULL, 0 },
	{ "backs", "hexagonal plain backs, mirrored", 0, NULL, NULL, build_backs, NULL, hex_parts, "fronts", 1 },
	{ "layout", "hexagonal layout ([0070]-[0071])", 0, NULL, NULL, build_layout, NULL, NULL, NULL, 0 },
	TP_RULES_SHEET_DEFS,
};
