/* Punchboard imposition: tile sheets on press sheets (see impose.h). */

#include "print/layout/impose.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "print/scene/copy_sink.h"
#include "print/scene/scene_index.h"

#define EPS 1e-6

/* ---- geometry (pure) ------------------------------------------------------------ */

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

/* ---- moving shapes -------------------------------------------------------------- */

/* A tile's say on each of its shapes (copy_sink.h): filled rects are cut
 * to the tile's bleed box (tw x th and its bleed b), text belongs to the
 * tile its anchor lies on. */
struct tile {
	double tw, th, b;
};

static int tile_pick(void *arg, const struct tp_walk_shape *d, struct tp_shape *s, double *dx,
		     double *dy)
{
	const struct tile *t = arg;
	(void)d;
	(void)dx;
	(void)dy;
	if (s->kind == TP_SHAPE_TEXT)
		return !(s->x < -EPS || s->x >= t->tw - EPS || s->y <= EPS || s->y > t->th + EPS);
	if (s->kind != TP_SHAPE_RECT)
		return 1;
	double x0 = s->x, y0 = s->y, x1 = s->x + s->w, y1 = s->y + s->h;
	if (s->paint == TP_FILL) {
		x0 = fmax(x0, -t->b);
		y0 = fmax(y0, -t->b);
		x1 = fmin(x1, t->tw + t->b);
		y1 = fmin(y1, t->th + t->b);
		if (x1 <= x0 + EPS || y1 <= y0 + EPS)
			return 0;
	}
	s->x = x0;
	s->y = y0;
	s->w = x1 - x0;
	s->h = y1 - y0;
	return 1;
}

/* Copies the shapes of tile (a crop: origin = its trim corner, tw x th)
 * into dst with its corner at (x, y): a replay of the walk through the
 * copying sink, without marks, and without die lines when skip_cut.  0,
 * or -1 when out of memory. */
static int paste(struct tp_scene *dst, const struct tp_scene *tile, double x, double y,
		 double tw, double th, int skip_cut)
{
	struct tile t = { tw, th, tile->bleed };
	const struct tp_walk_opts o = { .inks = skip_cut ? ~TP_WALK_INK(TP_INK_CUT) : 0 };
	const struct tp_copy_sink k = { .dst = dst, .dx = x, .dy = y, .pick = tile_pick, .arg = &t };
	tp_err e = { 0 };
	return tp_walk_copy(tile, &o, &k, &e) == TP_OK ? 0 : -1;
}

/* The press sheets of tp_impose_scene, tiles cut from src through ix. */
static int impose_sheets(const struct tp_press *press, const struct tp_tile_grid *g,
			 const struct tp_imposition *imp, const struct tp_scene *src,
			 struct tp_scene_index *ix, int back, const char *stem, double die_w,
			 struct tp_doc *doc)
{
	const struct tp_press pr = *press;
	const struct tp_imposition im = *imp;
	double tw = g->tile_w, th = g->tile_h;
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
			struct tp_scene *t = tp_sheet_crop_ix(src, ix, "tile", sx, r * th, tw, th);
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

int tp_impose_scene(const struct tp_press *press, const struct tp_tile_grid *g,
		    const struct tp_scene *src, int back, const char *stem, struct tp_doc *doc)
{
	const struct tp_press pr = *press;
	struct tp_imposition im;
	char why[400];
	if (tp_impose_plan(&pr, g, &im, why, sizeof why) != 0)
		return -1;   /* tp_impose_check refused this config already */
	double die_w = 0;
	struct tp_scene_iter it = { 0 };   /* placed symbols' shapes too */
	for (const struct tp_shape *s; (s = tp_scene_next(src, &it)) != NULL;)
		if (tp_walk_shows(src, &tp_walk_die, s)) {
			die_w = s->stroke > 0 ? s->stroke : 0.25;
			break;
		}
	/* Every tile is cut from one index of the gang: each costs what it
	 * shows, not the whole gang. */
	struct tp_scene_index *ix = tp_scene_index_new(src);
	if (ix == NULL)
		return -1;
	int rc = impose_sheets(&pr, g, &im, src, ix, back, stem, die_w, doc);
	tp_scene_index_free(ix);
	return rc;
}
