/* Punchboard imposition of separate components (see impose_parts.h). */

#include "print/layout/impose_parts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"

#define EPS 1e-6

int tp_parts_plan(const struct tp_press *pr, const struct tp_parts *ps, int *sheet, double *x,
		  double *y, char *why, size_t n)
{
	double a[4], b = ps->bleed, gap = fmax(pr->gutter, 2 * b);
	tp_press_clear(pr, a);
	double right = a[0] + a[2], bottom = a[1] + a[3];
	int k = 0;
	double cx = a[0] + b, cy = a[1] + b, shelf = 0;
	for (size_t i = 0; i < ps->n; i++) {
		const struct tp_part *p = &ps->p[i];
		if (p->w + 2 * b > a[2] + EPS || p->h + 2 * b > a[3] + EPS) {
			snprintf(why, n, "a %g x %g mm component with its %g mm bleed needs %g x %g mm, and the %g x %g mm press sheet leaves %g x %g mm inside its margins (%g mm) and below the gripper (%g mm)",
				 p->w, p->h, b, p->w + 2 * b, p->h + 2 * b, pr->w, pr->h,
				 a[2] > 0 ? a[2] : 0, a[3] > 0 ? a[3] : 0, pr->margin, pr->gripper);
			return -1;
		}
		if (cx + p->w + b > right + EPS) {   /* the next shelf */
			cx = a[0] + b;
			cy += shelf + gap;
			shelf = 0;
		}
		if (cy + p->h + b > bottom + EPS) {   /* the next press sheet */
			k++;
			cx = a[0] + b;
			cy = a[1] + b;
			shelf = 0;
		}
		sheet[i] = k;
		x[i] = cx;
		y[i] = cy;
		cx += p->w + gap;
		shelf = fmax(shelf, p->h);
	}
	return ps->n ? k + 1 : 0;
}

/* The component of ps (-1: none) a shape of bounding box bb belongs to,
 * on the gang page of width W (mirrored when ps->back). */
static long owner(const struct tp_parts *ps, double W, const double bb[4])
{
	double mx = (bb[0] + bb[2]) / 2, my = (bb[1] + bb[3]) / 2, b = ps->bleed;
	for (size_t i = 0; i < ps->n; i++) {
		const struct tp_part *p = &ps->p[i];
		double x0 = ps->back ? W - p->x - p->w : p->x;
		if (mx >= x0 - b - EPS && mx <= x0 + p->w + b + EPS && my >= p->y - b - EPS &&
		    my <= p->y + p->h + b + EPS)
			return (long)i;
	}
	return -1;
}

/* Shape s of src moved by (dx, dy) into dst, on its own layer.  0 or -1. */
static int copy_moved(struct tp_scene *dst, const struct tp_scene *src, const struct tp_shape *s,
		      double dx, double dy)
{
	if (tp_scene_layer(dst, src->layers[s->layer]) != 0)
		return -1;
	int rc;
	if (s->kind == TP_SHAPE_RECT) {
		rc = tp_scene_rect(dst, s->ink, s->paint, s->stroke, s->x + dx, s->y + dy, s->w, s->h);
	} else if (s->kind == TP_SHAPE_TEXT) {
		rc = tp_scene_text(dst, s->ink, s->x + dx, s->y + dy, s->h, s->align,
				   tp_scene_str(src, s));
	} else {
		rc = tp_scene_path_like(dst, s, src->pts + s->first);
		for (size_t k = 0; rc == 0 && k < s->count; k++) {
			dst->pts[dst->n_pts - s->count + k].x += dx;
			dst->pts[dst->n_pts - s->count + k].y += dy;
		}
	}
	if (rc == 0)
		tp_scene_flag_last(dst, s->flags);
	return rc;
}

/* Copies every shape of src that belongs to a component on press sheet
 * k into dst, each moved with its component.  0 or -1 (OOM). */
static int fill_sheet(struct tp_scene *dst, const struct tp_press *pr, const struct tp_parts *ps,
		      const struct tp_scene *src, int k, const int *sheet, const double *x,
		      const double *y)
{
	for (size_t i = 0; i < src->n_shapes; i++) {
		const struct tp_shape *s = &src->shapes[i];
		if (tp_shape_is_mark(s))
			continue;
		double bb[4];
		tp_shape_bbox(src, s, bb);
		long j = owner(ps, src->trim_w, bb);
		if (j < 0 || sheet[j] != k)
			continue;
		const struct tp_part *p = &ps->p[j];
		double gx = ps->back ? src->trim_w - p->x - p->w : p->x;
		double px = ps->back ? pr->w - x[j] - p->w : x[j];
		if (copy_moved(dst, src, s, px - gx, y[j] - p->y) != 0)
			return -1;
	}
	return 0;
}

int tp_impose_parts(const struct tp_press *pr, const struct tp_parts *ps,
		    const struct tp_scene *src, const char *stem, struct tp_doc *doc)
{
	int *sheet = tp_calloc(ps->n + 1, sizeof *sheet);
	double *x = tp_calloc(ps->n + 1, sizeof *x), *y = tp_calloc(ps->n + 1, sizeof *y);
	char why[400];
	int rc = sheet && x && y ? 0 : -1;
	int sheets = rc == 0 ? tp_parts_plan(pr, ps, sheet, x, y, why, sizeof why) : -1;
	if (sheets < 0)
		rc = -1;
	for (int k = 0; rc == 0 && k < sheets; k++) {
		char name[64], note[160];
		size_t first = 0, last = 0;
		for (size_t i = 0; i < ps->n; i++)
			if (sheet[i] == k)
				last = i + 1;
			else if (sheet[i] < k)
				first = i + 1;
		snprintf(name, sizeof name, "%ssheet-%d", stem, k + 1);
		snprintf(note, sizeof note, "press sheet %d of %d, %s: pieces %zu-%zu of %zu%s", k + 1,
			 sheets, ps->back ? "back" : "front", first + 1, last, ps->n,
			 ps->back ? ", mirrored for work-and-turn" : "");
		struct tp_scene *sc = tp_scene_new(name, pr->w, pr->h, 0, &src->pal);
		if (sc == NULL || tp_doc_add(doc, sc, note) != 0) {
			rc = -1;
			break;
		}
		sc->plate = src->plate;
		sc->press = 1;
		sc->press_margin = pr->margin;
		/* The gang's drawing order, whatever the first component uses. */
		for (size_t l = 0; rc == 0 && l < src->n_layers; l++)
			rc = tp_scene_layer(sc, src->layers[l]);
		if (rc == 0)
			rc = fill_sheet(sc, pr, ps, src, k, sheet, x, y);
		tp_scene_layer_by_ink(sc);
	}
	free(sheet);
	free(x);
	free(y);
	return rc;
}
