/* Punchboard imposition of separate components (see impose_parts.h). */

#include "print/layout/impose_parts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "print/scene/copy_sink.h"

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

/* Press sheet k's say on each shape of the gang (copy_sink.h): the shape
 * is copied when it belongs to a component on the sheet, moved with it. */
struct parts_sheet {
	const struct tp_press *pr;
	const struct tp_parts *ps;
	const struct tp_scene *src;
	int k;
	const int *sheet;
	const double *x, *y;
};

static int part_pick(void *arg, const struct tp_walk_shape *d, struct tp_shape *s, double *dx,
		     double *dy)
{
	const struct parts_sheet *q = arg;
	const struct tp_parts *ps = q->ps;
	const struct tp_scene *src = q->src;
	double bb[4];
	(void)d;
	tp_shape_bbox(src, s, bb);
	long j = owner(ps, src->trim_w, bb);
	if (j < 0 || q->sheet[j] != q->k)
		return 0;
	const struct tp_part *p = &ps->p[j];
	double gx = ps->back ? src->trim_w - p->x - p->w : p->x;
	double px = ps->back ? q->pr->w - q->x[j] - p->w : q->x[j];
	*dx = px - gx;
	*dy = q->y[j] - p->y;
	return 1;
}

/* Copies every shape of src that belongs to a component on press sheet
 * k into dst, each moved with its component: a replay of the walk
 * through the copying sink, without marks.  0 or -1 (OOM). */
static int fill_sheet(struct tp_scene *dst, const struct tp_press *pr, const struct tp_parts *ps,
		      const struct tp_scene *src, int k, const int *sheet, const double *x,
		      const double *y)
{
	struct parts_sheet q = { pr, ps, src, k, sheet, x, y };
	const struct tp_walk_opts o = { .marks = 0 };
	const struct tp_copy_sink c = { .dst = dst, .pick = part_pick, .arg = &q };
	tp_err e = { 0 };
	return tp_walk_copy(src, &o, &c, &e) == TP_OK ? 0 : -1;
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
