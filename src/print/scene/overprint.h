#ifndef TP_OVERPRINT_H
#define TP_OVERPRINT_H

/* Which overprints survive the press's total ink limit.
 *
 * Dark linework and text overprint the colour under them (scene.h), so a
 * misregistered plate shows no paper round them.  But an overprint adds
 * its plates to those under it: 100 % K over a 200 % colour is 300 %,
 * past what a press that takes 240 % allows.  Such a shape knocks out
 * instead, where the stack would pass the palette's max_tac_pct.
 *
 * Decided once, here, for the walk (walk.h): it hands the answer to every
 * sink as tp_walk_shape's overprint, so the PDF, PNG and SVG writers, the
 * ink report and the preflight agree on what the press prints.  With no
 * limit, or no stack past it, every shape keeps its ink's overprint. */

#include <stddef.h>
#include <stdint.h>

#include "core/status.h"
#include "print/scene/scene.h"

struct tp_walk_opts;

/* An overprint kept whose stack passes the walk's tac_pct (walk.h): the
 * stack where it first did, percent, and the heaviest ink under it there
 * (an ink number, or -1). */
struct tp_overprint_stack {
	double pct;
	int ink;
};

/* The shapes order[0 .. n-1] of sc in the walk's order (the press's):
 * *knock = NULL when each keeps its ink's overprint, else an array of
 * sc->n_shapes flags (the caller frees it), 1 for a shape whose
 * overprinting process ink knocks out because its stack over what the
 * walk with options o (its ink mask aside: a plate is cut as the whole
 * sheet is) drew before it would pass the limit somewhere.  The stack is
 * measured on the shapes themselves: at points 0.25 mm apart along a
 * line (its middle and both edges), along and inside a fill or a text's
 * glyphs, each against the outlines of the shapes drawn before it there
 * (found by their boxes in the scene's index), composed in the press's order, each
 * knocking out or overprinting as already decided.  Pictures count as no
 * ink (their pixels are held to the limit on their own).  A figure's
 * fill keeps room for the overprinting lines and text that will cover it
 * (the limit less their ink where they do).
 *
 * With o->tac_pct below the palette's limit (or the palette without
 * one), the overprints kept are measured against it too, as printed:
 * *stacks = NULL when none passes, else an array of sc->n_shapes (the
 * caller frees it), pct > 0 for each that does.  What knocks out stays the
 * palette's choice; under the palette's own limit no kept overprint
 * passes it, so a check reads the decision rather than a second geometry
 * of its own.  TP_OK, or TP_EIO out of memory. */
int tp_overprint_decide(const struct tp_scene *sc, const struct tp_walk_opts *o,
			const uint32_t *order, size_t n, uint8_t **knock,
			struct tp_overprint_stack **stacks, tp_err *e);

#endif
