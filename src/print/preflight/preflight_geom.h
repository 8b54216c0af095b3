#ifndef TP_PREFLIGHT_GEOM_H
#define TP_PREFLIGHT_GEOM_H

/* The preflight's geometry (internal to preflight*.c): straight pieces of
 * die lines, their distances, and a point inside a fill. */

#include <stddef.h>

#include "print/scene/scene.h"

#define TP_PF_EPS 0.01   /* mm: what counts as touching */
/* A curve is measured as drawn: flattened into straight pieces (chords)
 * each within TP_PF_FLAT of it, a cubic into at most 2^TP_PF_DEPTH. */
#define TP_PF_FLAT 0.01
#define TP_PF_DEPTH 10

struct tp_pf_seg {
	double x0, y0, x1, y1;
	size_t shape;    /* the die shape it belongs to */
	int leg;         /* 0: a straight piece; a piece of a flattened cubic:
			  * 1 the first, 2 a later one (it continues the curve
			  * smoothly from the piece before) */
	double t0[2], t1[2];  /* unit tangent of the line drawn at the piece's
			       * start and end (a curve's own, not the
			       * chord's); 0, 0 for a piece of no length */
};

/* Called with each piece in order; 0 to go on, nonzero to stop. */
typedef int (*tp_pf_put)(void *ctx, const struct tp_pf_seg *g);

/* The cubic c (start, two controls, end: x, y pairs) as straight pieces,
 * within TP_PF_FLAT of it both ways, carrying its tangents (leg 1, then 2;
 * shape 0).  0, or put's nonzero. */
int tp_pf_flatten(const double c[8], tp_pf_put put, void *ctx);
/* A path's pieces (pts[0 .. n - 1], curves flattened, each TP_CLOSE back
 * to its subpath's start; with `close`, every subpath closed, as a fill
 * is).  0, or put's nonzero. */
int tp_pf_path_pieces(const struct tp_pt *p, size_t n, int close, tp_pf_put put, void *ctx);
/* Shape s's box as drawn, its points (a path's, an image's corners) at p:
 * a curve by its extremes, not its control points (a rectangle and text
 * as tp_shape_bbox). */
void tp_pf_bbox(const struct tp_scene *sc, const struct tp_shape *s, const struct tp_pt *p,
		double b[4]);

/* Distance from (px, py) to segment s. */
double tp_pf_pt_seg(double px, double py, const struct tp_pf_seg *s);
/* Distance between two segments (0 when they cross). */
double tp_pf_seg_seg(const struct tp_pf_seg *a, const struct tp_pf_seg *b);
/* Distance from box {x0, y0, x1, y1} to a segment (0 when they meet). */
double tp_pf_box_seg(const double b[4], const struct tp_pf_seg *s);
/* How far box b keeps inside the trim of sc, a page without die lines:
 * from each trim edge but a panel's seams (sc->seams: the art runs on
 * there, the product is cut at the page's own edges); 0 when b runs into
 * the bleed (a background). */
double tp_pf_trim_dist(const struct tp_scene *sc, const double b[4]);
/* 1 when (x, y) lies inside the filled shape u, its points at p (nonzero
 * winding; a curve flattened, within TP_PF_FLAT). */
int tp_pf_inside_fill(const struct tp_shape *u, const struct tp_pt *p, double x, double y);
/* A point of shape s (box b) itself, for the rules that ask what lies
 * under a shape: the box's centre when the shape covers it (a rectangle,
 * a straight line, a disc), else a stroke's point nearest it or a fill's
 * point inside near it (a ring's centre is its hole, which covers nothing). */
void tp_pf_point_of(const struct tp_shape *s, const struct tp_pt *p, const double b[4],
		    double *x, double *y);
/* The distance between two boxes {x0, y0, x1, y1} (0 when they meet). */
double tp_pf_box_box(const double a[4], const double b[4]);
/* Segment g's box. */
void tp_pf_seg_box(const struct tp_pf_seg *g, double b[4]);
/* 1 when two boxes overlap by more than TP_PF_EPS. */
int tp_pf_boxes_meet(const double a[4], const double b[4]);

#endif
