/* Punchboard imposition: tile sheets on press sheets (see impose.h). */

#include "impose.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "alloc.h"
#include "config.h"
#include "game.h"
#include "keys.h"

#define EPS 1e-6

/* ---- press sheet sizes ------------------------------------------------------ */

static const struct named_sheet {
	const char *name;
	double w, h;   /* mm, portrait */
} named_sheets[] = {
	{ "A4", 210, 297 },      { "A3", 297, 420 },      { "A2", 420, 594 },
	{ "A1", 594, 841 },      { "A0", 841, 1189 },     { "B3", 353, 500 },
	{ "B2", 500, 707 },      { "B1", 707, 1000 },     { "SRA3", 320, 450 },
	{ "SRA2", 450, 640 },    { "SRA1", 640, 900 },    { "12x18in", 304.8, 457.2 },
	{ "13x19in", 330.2, 482.6 }, { "19x25in", 482.6, 635 }, { "20x26in", 508, 660.4 },
	{ "20x29in", 508, 736.6 }, { "23x29in", 584.2, 736.6 }, { "28x40in", 711.2, 1016 },
};
#define N_NAMED (sizeof named_sheets / sizeof named_sheets[0])

const char *tp_sheet_size_names(void)
{
	return "A4, A3, A2, A1, A0, B3, B2, B1, SRA3, SRA2, SRA1, 12x18in, 13x19in, 19x25in, "
	       "20x26in, 20x29in, 23x29in, 28x40in (portrait; write 420x297 for a landscape A3)";
}

/* A bare number: 1, no unit. */
static int bare(const char *s)
{
	size_t n = strlen(s);
	while (n > 0 && s[n - 1] == ' ')
		n--;
	return n > 0 && ((s[n - 1] >= '0' && s[n - 1] <= '9') || s[n - 1] == '.');
}

int tp_sheet_size_parse(const char *s, double *w_mm, double *h_mm)
{
	for (size_t i = 0; i < N_NAMED; i++)
		if (strcasecmp(s, named_sheets[i].name) == 0) {
			*w_mm = named_sheets[i].w;
			*h_mm = named_sheets[i].h;
			return 0;
		}
	const char *x = strpbrk(s, "xX");
	char a[64], b[64];
	if (x == NULL || x == s || (size_t)(x - s) >= sizeof a || strlen(x + 1) >= sizeof b ||
	    strpbrk(x + 1, "xX"))
		return -1;
	snprintf(a, sizeof a, "%.*s", (int)(x - s), s);
	snprintf(b, sizeof b, "%s", x + 1);
	double w, h;
	if (tp_parse_length(b, &h) != 0)
		return -1;
	if (bare(a) && !bare(b)) {
		/* "12x18in": the unit after H is the unit of both. */
		const char *u = b + strlen(b);
		while (u > b && !((u[-1] >= '0' && u[-1] <= '9') || u[-1] == '.'))
			u--;
		char a2[128];
		snprintf(a2, sizeof a2, "%s%s", a, u);
		if (tp_parse_length(a2, &w) != 0)
			return -1;
	} else if (tp_parse_length(a, &w) != 0) {
		return -1;
	}
	if (!(w > 0) || !(h > 0) || !isfinite(w) || !isfinite(h))
		return -1;
	*w_mm = w;
	*h_mm = h;
	return 0;
}

/* ---- geometry (pure) ------------------------------------------------------------ */

void tp_press_of(const struct tp_config *c, struct tp_press *pr)
{
	pr->w = c->print.sheet_w_mm;
	pr->h = c->print.sheet_h_mm;
	pr->margin = c->print.margin_mm;
	pr->gripper = c->print.gripper_mm;
	pr->gutter = c->print.gutter_mm;
	pr->bleed = c->print.bleed_mm;
}

void tp_press_clear(const struct tp_press *pr, double a[4])
{
	double top = fmax(pr->margin, pr->gripper);
	a[0] = pr->margin;
	a[1] = top;
	a[2] = pr->w - 2 * pr->margin;
	a[3] = pr->h - top - pr->margin;
}

int tp_impose_plan(const struct tp_press *pr, const struct tp_tile_grid *g,
		   struct tp_imposition *im, char *why, size_t n)
{
	memset(im, 0, sizeof *im);
	double b = pr->bleed, a[4];
	tp_press_clear(pr, a);
	if (pr->gutter < 2 * b - EPS) {
		snprintf(why, n, "a gutter of %g mm cannot hold two %g mm bleeds (at least %g mm)",
			 pr->gutter, b, 2 * b);
		return -1;
	}
	double bw = g->tile_w + 2 * b, bh = g->tile_h + 2 * b;
	if (!(g->tile_w > 0) || !(g->tile_h > 0) || bw > a[2] + EPS || bh > a[3] + EPS) {
		snprintf(why, n, "a %g x %g mm tile with its %g mm bleed needs %g x %g mm, and the %g x %g mm press sheet leaves %g x %g mm inside its margins (%g mm) and below the gripper (%g mm)",
			 g->tile_w, g->tile_h, b, bw, bh, pr->w, pr->h, a[2] > 0 ? a[2] : 0,
			 a[3] > 0 ? a[3] : 0, pr->margin, pr->gripper);
		return -1;
	}
	im->step_x = g->tile_w + pr->gutter;
	im->step_y = g->tile_h + pr->gutter;
	im->across = 1 + (int)floor((a[2] - bw + EPS) / im->step_x);
	im->down = 1 + (int)floor((a[3] - bh + EPS) / im->step_y);
	im->per_sheet = im->across * im->down;
	long tiles = (long)g->rows * g->cols;
	im->sheets = (int)((tiles + im->per_sheet - 1) / im->per_sheet);
	/* The grid's bleed boxes centred in the clear area. */
	double block_w = im->across * g->tile_w + (im->across - 1) * pr->gutter + 2 * b;
	double block_h = im->down * g->tile_h + (im->down - 1) * pr->gutter + 2 * b;
	im->x0 = a[0] + (a[2] - block_w) / 2 + b;
	im->y0 = a[1] + (a[3] - block_h) / 2 + b;
	return 0;
}

void tp_impose_place(const struct tp_press *pr, const struct tp_tile_grid *g,
		     const struct tp_imposition *im, int row, int col, int back,
		     int *sheet, double *x, double *y)
{
	long i = (long)row * g->cols + col;
	long slot = i % im->per_sheet;
	*sheet = (int)(i / im->per_sheet);
	*x = im->x0 + (double)(slot % im->across) * im->step_x;
	*y = im->y0 + (double)(slot / im->across) * im->step_y;
	if (back)
		*x = pr->w - *x - g->tile_w;
}

/* ---- the config stage ------------------------------------------------------------ */

int tp_impose_check(const struct tp_config *c, tp_err *e)
{
	const struct tp_print *p = &c->print;
	if (p->layout != TP_LAYOUT_PUNCHBOARD)
		return TP_OK;
	struct tp_press pr;
	tp_press_of(c, &pr);
	double a[4];
	tp_press_clear(&pr, a);
	if (pr.gutter < 2 * pr.bleed - EPS)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.gutter_mm = %g: with print.layout = punchboard each tile's %g mm bleed lies inside the gutter, so two bleeds need %g mm; allowed: print.gutter_mm >= 2 x print.bleed_mm (%g mm), or a smaller bleed",
			       tp_config_where(c, "print", "gutter_mm"), pr.gutter, pr.bleed,
			       2 * pr.bleed, 2 * pr.bleed);
	if (a[2] <= 0 || a[3] <= 0)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.margin_mm = %g, print.gripper_mm = %g leave nothing of the %g x %g mm press sheet (print.sheet_mm = %s); allowed: margins that leave room for a tile",
			       tp_config_where(c, "print", "margin_mm"), pr.margin, pr.gripper, pr.w,
			       pr.h, p->sheet_name);
	const struct tp_game *g = c->game;
	for (size_t i = 0; g && i < g->n_sheets; i++) {
		const struct tp_sheet_def *d = &g->sheets[i];
		struct tp_tile_grid tg = { 0 };
		struct tp_imposition im;
		char why[400];
		if (d->tiles == NULL || d->tiles(c, NULL, &tg) != 0)
			continue;
		/* Blame the press sheet if it was given, else the tile size. */
		const char *where = tp_config_given(c, "print", "sheet_mm")
					    ? tp_config_where(c, "print", "sheet_mm")
					    : tp_config_where(c, "print", "tile_mm");
		if (tp_impose_plan(&pr, &tg, &im, why, sizeof why) != 0)
			return tp_fail(e, TP_EINPUT,
				       "%s: print.sheet_mm = %s: sheet %s cannot be imposed: %s; allowed: a larger press sheet, smaller margins, or a smaller tile (print.tile_mm, --level)",
				       where, p->sheet_name, d->name, why);
	}
	for (size_t i = 0; g && i < g->n_sheets; i++) {
		const struct tp_sheet_def *d = &g->sheets[i];
		struct tp_parts ps = { 0 };
		if (d->parts == NULL || d->parts(c, d->name, &ps) <= 0) {
			free(ps.p);
			continue;
		}
		int *sh = tp_calloc(ps.n + 1, sizeof *sh);
		double *x = tp_calloc(ps.n + 1, sizeof *x), *y = tp_calloc(ps.n + 1, sizeof *y);
		char why[400] = "out of memory";
		int rc = sh && x && y ? tp_parts_plan(&pr, &ps, sh, x, y, why, sizeof why) : -1;
		free(ps.p);
		free(sh);
		free(x);
		free(y);
		if (rc < 0)
			return tp_fail(e, TP_EINPUT,
				       "%s: print.sheet_mm = %s: sheet %s cannot be imposed: %s; allowed: a larger press sheet, smaller margins, or smaller pieces",
				       tp_config_where(c, "print", "sheet_mm"), p->sheet_name, d->name, why);
	}
	/* Oversize sheets become panels that fit the clear area, marks included. */
	double m = p->marks ? TP_MARK_MARGIN_MM : 0;
	double room_w = fmin(a[2], p->max_sheet_mm) - 2 * (p->bleed_mm + m);
	double room_h = fmin(a[3], p->max_sheet_mm) - 2 * (p->bleed_mm + m);
	if (fmin(room_w, room_h) < 2 * p->panel_overlap_mm + 10)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.sheet_mm = %s leaves %g x %g mm for a panel's art inside the margins and gripper, after bleed%s; for the panels of oversize sheets it must exceed twice print.panel_overlap_mm (%g) by 10 mm; allowed: a larger press sheet or smaller margins",
			       tp_config_where(c, "print", "sheet_mm"), p->sheet_name, room_w, room_h,
			       p->marks ? " and marks" : "", p->panel_overlap_mm);
	return TP_OK;
}

/* ---- moving shapes -------------------------------------------------------------- */

/* Copies the shapes of tile (a crop: origin = its trim corner, tw x th)
 * into dst with its corner at (x, y).  Filled rects are cut to the tile's
 * bleed box, text belongs to the tile its anchor lies on, die lines are
 * left out when skip_cut.  0, or -1 when out of memory. */
static int paste(struct tp_scene *dst, const struct tp_scene *tile, double x, double y,
		 double tw, double th, int skip_cut)
{
	double b = tile->bleed;
	for (size_t i = 0; i < tile->n_shapes; i++) {
		const struct tp_shape *s = &tile->shapes[i];
		if ((s->flags & TP_SHAPE_MARK) || (skip_cut && s->ink == TP_INK_CUT))
			continue;
		if (s->kind == TP_SHAPE_TEXT &&
		    (s->x < -EPS || s->x >= tw - EPS || s->y <= EPS || s->y > th + EPS))
			continue;
		if (tp_scene_layer(dst, tile->layers[s->layer]) != 0)
			return -1;
		int rc;
		if (s->kind == TP_SHAPE_RECT) {
			double x0 = s->x, y0 = s->y, x1 = s->x + s->w, y1 = s->y + s->h;
			if (s->paint == TP_FILL) {
				x0 = fmax(x0, -b);
				y0 = fmax(y0, -b);
				x1 = fmin(x1, tw + b);
				y1 = fmin(y1, th + b);
				if (x1 <= x0 + EPS || y1 <= y0 + EPS)
					continue;
			}
			rc = tp_scene_rect(dst, s->ink, s->paint, s->stroke, x + x0, y + y0, x1 - x0,
					   y1 - y0);
		} else if (s->kind == TP_SHAPE_TEXT) {
			rc = tp_scene_text(dst, s->ink, x + s->x, y + s->y, s->h, s->align,
					   tp_scene_str(tile, s));
		} else {
			rc = tp_scene_path(dst, s->ink, s->paint, s->stroke, tile->pts + s->first,
					   s->count);
			for (size_t k = 0; rc == 0 && k < s->count; k++) {
				dst->pts[dst->n_pts - s->count + k].x += x;
				dst->pts[dst->n_pts - s->count + k].y += y;
			}
		}
		if (rc != 0)
			return -1;
		tp_scene_flag_last(dst, s->flags);
	}
	return 0;
}

int tp_impose_scene(const struct tp_press *press, const struct tp_tile_grid *g,
		    const struct tp_scene *src, int back, const char *stem, struct tp_doc *doc)
{
	const struct tp_press pr = *press;
	struct tp_imposition im;
	char why[400];
	if (tp_impose_plan(&pr, g, &im, why, sizeof why) != 0)
		return -1;   /* tp_impose_check refused this config already */
	double tw = g->tile_w, th = g->tile_h, die_w = 0;
	for (size_t i = 0; i < src->n_shapes; i++)
		if (src->shapes[i].ink == TP_INK_CUT && !(src->shapes[i].flags & TP_SHAPE_MARK)) {
			die_w = src->shapes[i].stroke > 0 ? src->shapes[i].stroke : 0.25;
			break;
		}
	long n = (long)g->rows * g->cols;
	for (int k = 0; k < im.sheets; k++) {
		char name[64], note[160];
		long first = (long)k * im.per_sheet;
		long last = first + im.per_sheet < n ? first + im.per_sheet : n;
		snprintf(name, sizeof name, "%ssheet-%d", stem, k + 1);
		snprintf(note, sizeof note, "press sheet %d of %d, %s: tiles %ld-%ld of %ld%s", k + 1,
			 im.sheets, back ? "back" : "front", first + 1, last, n,
			 back ? ", mirrored for work-and-turn" : "");
		struct tp_scene *sc = tp_scene_new(name, pr.w, pr.h, 0, &src->pal);
		if (sc == NULL)
			return -1;
		sc->plate = src->plate;
		sc->press = 1;
		sc->press_margin = pr.margin;
		if (tp_doc_add(doc, sc, note) != 0)
			return -1;
		/* The gang's drawing order, whatever the first tile uses. */
		for (size_t l = 0; l < src->n_layers; l++)
			if (tp_scene_layer(sc, src->layers[l]) != 0)
				return -1;
		for (long i = first; i < last; i++) {
			int r = (int)(i / g->cols), col = (int)(i % g->cols), sheet;
			double x, y;
			tp_impose_place(&pr, g, &im, r, col, back, &sheet, &x, &y);
			/* On the mirrored gang, tile col lies at column cols-1-col. */
			double sx = back ? src->trim_w - (col + 1) * tw : col * tw;
			struct tp_scene *t = tp_sheet_crop(src, "tile", sx, r * th, tw, th);
			if (t == NULL)
				return -1;
			int rc = paste(sc, t, x, y, tw, th, die_w > 0);
			tp_scene_free(t);
			if (rc != 0)
				return -1;
			if (die_w > 0) {
				double xy[8] = { x, y, x + tw, y, x + tw, y + th, x, y + th };
				tp_scene_layer_by_ink(sc);
				if (tp_scene_poly(sc, TP_INK_CUT, TP_STROKE, die_w, xy, 4) != 0)
					return -1;
			}
		}
		tp_scene_layer_by_ink(sc);
	}
	return 0;
}

/* The tile sheet that is sheet itself (*back = 0) or whose backs it holds
 * (*back = 1), with its grid; NULL when sheet is neither. */
static const struct tp_sheet_def *tile_sheet_of(const struct tp_config *c, const void *model,
						const char *sheet, struct tp_tile_grid *g, int *back)
{
	const struct tp_game *gm = c->game;
	for (size_t i = 0; i < gm->n_sheets; i++) {
		const struct tp_sheet_def *d = &gm->sheets[i];
		memset(g, 0, sizeof *g);
		if (d->tiles == NULL || d->tiles(c, model, g) != 0)
			continue;
		if (strcmp(d->name, sheet) == 0) {
			*back = 0;
			return d;
		}
		if (g->backs && strcmp(g->backs, sheet) == 0) {
			*back = 1;
			return d;
		}
	}
	return NULL;
}

/* Every page of doc (sheet `sheet`) that holds separate components
 * becomes press sheets, whole components on each (impose_parts.h); the
 * other pages stay as they are, in order.  0, or -1 when out of memory. */
static int impose_parts_doc(const struct tp_config *c, const struct tp_press *pr,
			    const char *sheet, struct tp_doc *doc)
{
	const struct tp_sheet_def *d = tp_game_sheet(c->game, sheet);
	if (d == NULL || d->parts == NULL)
		return 0;
	struct tp_doc out = { 0 };
	for (size_t k = 0; k < doc->n; k++) {
		struct tp_page *pg = &doc->pages[k];
		struct tp_parts ps = { 0 };
		int has = d->parts(c, pg->sc->name, &ps), rc = 0;
		if (has > 0) {
			char stem[80];
			snprintf(stem, sizeof stem, "%s-", pg->sc->name);
			rc = tp_impose_parts(pr, &ps, pg->sc, doc->n == 1 ? "" : stem, &out);
		} else if (has == 0) {
			rc = tp_doc_add(&out, pg->sc, pg->note);
			pg->sc = NULL;   /* owned by out now */
			if (rc == 0)
				memcpy(out.pages[out.n - 1].overlap, pg->overlap, sizeof pg->overlap);
		}
		free(ps.p);
		if (has < 0 || rc != 0) {
			tp_doc_free(&out);
			return -1;
		}
	}
	tp_doc_free(doc);
	*doc = out;
	return 0;
}

int tp_impose_doc(const struct tp_config *c, const void *model, const char *sheet,
		  struct tp_doc *doc)
{
	const struct tp_print *p = &c->print;
	double m = p->marks ? TP_MARK_MARGIN_MM : 0;
	if (p->layout != TP_LAYOUT_PUNCHBOARD)
		return tp_doc_panelize(doc, p->max_sheet_mm, p->panel_overlap_mm, m);
	struct tp_tile_grid g;
	struct tp_press pr;
	int back;
	tp_press_of(c, &pr);
	if (doc->n == 1 && tile_sheet_of(c, model, sheet, &g, &back) != NULL) {
		struct tp_doc out = { 0 };
		if (tp_impose_scene(&pr, &g, doc->pages[0].sc, back, "", &out) != 0) {
			tp_doc_free(&out);
			return -1;
		}
		tp_doc_free(doc);
		*doc = out;
	}
	if (impose_parts_doc(c, &pr, sheet, doc) != 0)
		return -1;
	double a[4];
	tp_press_clear(&pr, a);
	return tp_doc_panelize_wh(doc, fmin(a[2], p->max_sheet_mm), fmin(a[3], p->max_sheet_mm),
				  p->panel_overlap_mm, m);
}

/* ---- manifest/punch.csv ----------------------------------------------------------- */

static int present(const struct tp_config *c, const struct tp_sheet_def *d)
{
	char why[300];
	return d && (d->absent == NULL || !d->absent(c, d->name, why, sizeof why));
}

int tp_impose_csv(struct tp_buf *b, const struct tp_config *c, const void *model)
{
	const struct tp_game *gm = c->game;
	for (size_t i = 0; i < gm->n_sheets; i++) {
		const struct tp_sheet_def *d = &gm->sheets[i];
		struct tp_tile_grid g = { 0 };
		struct tp_press pr;
		struct tp_imposition im;
		char why[400];
		if (d->tiles == NULL || !present(c, d) || d->tiles(c, model, &g) != 0)
			continue;
		tp_press_of(c, &pr);
		if (tp_impose_plan(&pr, &g, &im, why, sizeof why) != 0)
			return 0;   /* tp_impose_check refused this config already */
		tp_buf_printf(b, "sheet,side,row,col,x_mm,y_mm\n");
		int sides = g.backs && present(c, tp_game_sheet(gm, g.backs)) ? 2 : 1;
		long n = (long)g.rows * g.cols;
		for (int k = 0; k < im.sheets; k++)
			for (int side = 0; side < sides; side++)
				for (long t = (long)k * im.per_sheet;
				     t < n && t < (long)(k + 1) * im.per_sheet; t++) {
					int r = (int)(t / g.cols), col = (int)(t % g.cols), sh;
					double x, y;
					tp_impose_place(&pr, &g, &im, r, col, side, &sh, &x, &y);
					tp_buf_printf(b, "%d,%s,%d,%d,%.2f,%.2f\n", sh + 1,
						      side ? "back" : "front", r + 1, col + 1, x, y);
				}
		return 1;   /* the first present tile sheet: see impose.h */
	}
	return 0;
}
