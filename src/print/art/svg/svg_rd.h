#ifndef TP_SVG_RD_H
#define TP_SVG_RD_H

/* The SVG reader's parts (svg_read.h), and what they share: the reader's
 * state, the style an element inherits and the affine matrix.  libxml2
 * parses; everything after the tree is ours.
 *
 *   document.c   the file, the tree, the root's viewport, messages
 *   elements.c   the walk: shapes, groups, use, defs, what is refused
 *   style.c      colours and properties (attributes, style="...")
 *   transform.c  matrices and the transform attribute
 *   path_data.c  the path being built, curves, arcs, the d attribute
 *   paint.c      a built path's fill and stroke, dashes
 *   numbers.c    numbers, lengths and units */

#include <stddef.h>
#include <stdint.h>

#include <libxml/tree.h>

#include "print/art/svg/svg_read.h"

#define SVG_NS "http://www.w3.org/2000/svg"
#define XLINK_NS "http://www.w3.org/1999/xlink"
#define PX_MM (25.4 / 96.0)
#define MAX_DASH 16
#define MAX_COORD 1e7

struct style {
	int fill_none, stroke_none;
	uint32_t fill, stroke, color;
	int fill_current, stroke_current;  /* currentColor, resolved at use */
	double sw;
	int cap, join;
	double miter;
	double dash[MAX_DASH];
	int ndash;
	double dashoff;
	int evenodd;
	int hidden;      /* visibility: hidden */
};

struct rd {
	const char *name;
	xmlDocPtr doc;
	struct tp_art *a;
	tp_err *e;
	long visits;
	int use_depth;
	/* the path being built, in mm */
	struct tp_pt *p;
	size_t n, cap;
};

typedef double mat[6];  /* a b c d e f: x' = a x + c y + e, y' = b x + d y + f */

/* document.c: the tree and the messages. */
int svg_line_of(xmlNodePtr n);
/* TP_EINPUT: "FILE:LINE: <element>: what" into r->e. */
int svg_refuse(struct rd *r, xmlNodePtr n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int svg_oom(struct rd *r);
/* TP_EINPUT: the drawing holds more than TP_SVG_MAX_POINTS points. */
int svg_too_many_points(struct rd *r);
/* An element of the SVG namespace (or of none). */
int svg_elem(xmlNodePtr n);
int svg_is(xmlNodePtr n, const char *name);
/* An attribute without namespace (or in the SVG one): owned copy or NULL. */
char *svg_attr(xmlNodePtr n, const char *name);

/* numbers.c */
const char *svg_skip_ws(const char *s);
int svg_number(const char *s, double *v, const char **end);
int svg_length(const char *s, double *v);
int svg_len_attr(struct rd *r, xmlNodePtr n, const char *name, double def, double *v);

/* style.c: st updated by n's attributes and style; *display_none set for
 * display: none. */
int svg_element_style(struct rd *r, xmlNodePtr n, struct style *st, int *display_none);

/* transform.c: out = l * r (r applied first); v (n's transform) into out. */
void svg_mat_mul(mat out, const mat l, const mat r);
int svg_transform(struct rd *r, xmlNodePtr n, const char *v, mat out);

/* path_data.c: the path being built (r->p), points through m. */
int svg_put(struct rd *r, int op, double x, double y);
int svg_putm(struct rd *r, const mat m, int op, double x, double y);
int svg_curve(struct rd *r, const mat m, double x1, double y1, double x2, double y2, double x,
	      double y);
int svg_path_data(struct rd *r, xmlNodePtr n, const mat m, const char *d);

/* paint.c: the path built painted as st says, into r->a. */
int svg_paint(struct rd *r, xmlNodePtr n, const mat m, const struct style *st, int closed_shape);

/* elements.c: n's children, drawn under m with st inherited. */
int svg_children(struct rd *r, xmlNodePtr n, const mat m, const struct style *st);

#endif
