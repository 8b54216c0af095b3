#ifndef TP_PREFLIGHT_GEOM_H
#define TP_PREFLIGHT_GEOM_H

/* The preflight's geometry (internal to preflight*.c): straight pieces of
 * die lines, their distances, and a point inside a fill. */

#include <stddef.h>

#include "print/scene.h"

#define TP_PF_EPS 0.01   /* mm: what counts as touching */

struct tp_pf_seg {
	double x0, y0, x1, y1;
	size_t shape;    /* the die shape it belongs to */
	int leg;         /* 0: a straight piece; 1, 2, 3: that leg of a cubic's
			  * control polygon */
};

/* Distance from (px, py) to segment s. */
double tp_pf_pt_seg(double px, double py, const struct tp_pf_seg *s);
/* Distance between two segments (0 when they cross). */
double tp_pf_seg_seg(const struct tp_pf_seg *a, const struct tp_pf_seg *b);
/* Distance from box {x0, y0, x1, y1} to a segment (0 when they meet). */
double tp_pf_box_seg(const double b[4], const struct tp_pf_seg *s);
/* 1 when (x, y) lies inside the filled shape u (nonzero winding; a curve
 * by its control polygon, close enough for a point well inside). */
int tp_pf_inside_fill(const struct tp_scene *sc, const struct tp_shape *u, double x, double y);
/* 1 when two boxes overlap by more than TP_PF_EPS. */
int tp_pf_boxes_meet(const double a[4], const double b[4]);

#endif
