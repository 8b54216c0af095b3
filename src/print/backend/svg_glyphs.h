#ifndef TP_SVG_GLYPHS_H
#define TP_SVG_GLYPHS_H

/* The SVG writer's reuse of glyphs (backend_svg.c): a glyph-sized filled
 * outline drawn again elsewhere, moved or turned by quarter turns, is
 * written as <use> of its first copy, which carries the id u<N>. */

#include <stdio.h>

#include "core/hashset.h"
#include "print/scene/walk.h"

struct tp_svg_first;

/* The first copies seen so far: their keys, numbered by their ids, and
 * where each begins.  Zero-initialised; tp_svg_glyphs_free. */
struct tp_svg_glyphs {
	struct tp_hashset seen;
	struct tp_svg_first *first;
	size_t cap_first;
};

/* Writes shape d as an element; id >= 0: with id="u<id>". */
typedef void (*tp_svg_put_fn)(FILE *f, const struct tp_walk_shape *d, int id);

/* 1 for a glyph-sized (at most 12 mm across) filled path of many points. */
int tp_svg_glyph_like(const struct tp_walk_shape *d);

/* Writes the glyph-like path d glyph by glyph, each as <use> of an earlier
 * copy or through put.  0, or -1 when out of memory. */
int tp_svg_put_glyphs(struct tp_svg_glyphs *g, FILE *f, const struct tp_walk_shape *d,
		      tp_svg_put_fn put);

void tp_svg_glyphs_free(struct tp_svg_glyphs *g);

#endif
