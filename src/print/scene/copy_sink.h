#ifndef TP_COPY_SINK_H
#define TP_COPY_SINK_H

/* The copying sink: a scene walked (walk.h) into another scene, as MuPDF
 * replays a display list through a device under another transform.  Every
 * layout that moves shapes from one scene into another (a crop, a tile
 * pasted on a press sheet, a component, a panel, a thumbnail) is such a
 * replay.
 *
 * What reaches the copy is what the walk shows with the options given:
 * printer's marks only with marks, the ink mask, the proof's view, and
 * with only, the shapes an index found.  The copy never asks itself
 * whether a shape is a mark.  Each shape goes to dst's layer of its
 * layer's name ("prefix/name" with a prefix; found, or made in the walk's
 * order, the source's layer order, when the first shape of the layer is
 * taken) as it is: kind, ink, paint, stroke, flags, text and image; only
 * its place changes, by the transform, and what lies outside the clip box
 * is cut off.  The shapes taken are appended once the walk is over, in the
 * order they were added to the source (a placement's: its symbol's shapes
 * in the symbol's order, so the copy of a scene that places symbols is the
 * copy of that scene drawn shape by shape, expanded): dst draws the same
 * as in the walk's order, and its list is the one a copy in that order
 * makes (a PDF's /ID hashes the list as stored). */

#include <stdint.h>

#include "core/status.h"
#include "print/scene/scene.h"
#include "print/scene/walk.h"

/* A pick's verdict (struct tp_copy_sink): copied, then left out of the
 * list. */
#define TP_COPY_TRACE 2

struct tp_copy_sink {
	struct tp_scene *dst;
	/* The transform.  A source point x (mirrored first when mirror: x
	 * becomes mirror_w - x, and a text's alignment turns round) lands at
	 * x + dx when k is 0, and at dx + (x + px) * k when k is a scale (a
	 * thumbnail: px the source's bleed); y the same with dy, py.  A
	 * scaled copy scales text sizes and stroke widths too. */
	double dx, dy, px, py, k;
	int mirror;
	double mirror_w;
	/* The clip: NULL, or the box x0 y0 x1 y1 in source mm the copy is cut
	 * to, as a proof's thumbnail is cut to the sheet's bleed box: a rect
	 * is cut to it, a text whose anchor lies outside is left out, a
	 * straight segment is clipped, a straight path crossing it is cut
	 * (its fill by polygon clipping of each subpath, one path so holes
	 * stay holes; its stroke segment by segment), a curved path or an
	 * image is shown whole or not at all.  Shapes smaller than min_size
	 * once scaled are left out, and strokes are at least min_size / 2
	 * wide.  A clipped copy is drawn afresh and keeps no flags. */
	const double *clip;
	double min_size;
	const char *prefix;
	/* A layout's own say, or NULL: called during the walk for each shape
	 * it shows, before dst's layer is chosen (a layer none of whose
	 * shapes is taken is not made), with s a copy of the shape it may
	 * change (a rect's box: a tile cut to its bleed) and *dx, *dy the
	 * move it may change for this shape (unscaled copies).  It draws
	 * nothing.  1 takes s, 0 leaves it out, -1 fails (out of memory);
	 * TP_COPY_TRACE copies s and then drops it from dst's list: its
	 * layer is made, and its text and points stay in dst's pools, as a
	 * sweep of dst's list after the copy leaves them (a PDF's /ID
	 * hashes the pools, so such a copy keeps the IDs of one swept so). */
	int (*pick)(void *arg, const struct tp_walk_shape *d, struct tp_shape *s, double *dx,
		    double *dy);
	/* A layout's own drawing, or NULL: called for each shape taken, in
	 * the source's order, dst's layer for it current (mark: the walk's
	 * verdict), with pts the points s->first counts into: the source's,
	 * or for a placed symbol's shape a copy of them as placed (s itself
	 * is placed too).  0 when it drew s into dst its own way, 1 to have
	 * it copied, -1 when out of memory.  A traced shape's drawing is
	 * dropped from the list as its copy is. */
	int (*draw)(void *arg, const struct tp_shape *s, const struct tp_pt *pts, int mark);
	void *arg;
};

/* Walks src with the options o (text and images as they are: o's
 * outline_text is ignored) into c->dst.  TP_OK, or the walk's failure
 * (TP_EINPUT for a shape of an unknown ink, walk.h), or TP_EIO when out of
 * memory; dst then holds part of the copy.  e must be clear. */
int tp_walk_copy(const struct tp_scene *src, const struct tp_walk_opts *o,
		 const struct tp_copy_sink *c, tp_err *e);

#endif
