#ifndef TP_GEOM_H
#define TP_GEOM_H

/* Small pieces of geometry and number writing the writers and layouts
 * share. */

/* Writes v as %.4f with trailing zeros cut and '.' as the decimal point
 * whatever the locale says, so text formats are the same bytes
 * everywhere; returns buf (40 bytes). */
const char *tp_num(char buf[40], double v);

/* Liang-Barsky: the part of segment (x0,y0)-(x1,y1) inside the box
 * {xmin, ymin, xmax, ymax}, as parameters 0 <= *t0 < *t1 <= 1 along it.
 * 1 when some of it is inside, else 0. */
int tp_clip_segment(const double box[4], double x0, double y0, double x1, double y1,
		    double *t0, double *t1);

#endif
