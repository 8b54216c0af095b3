#ifndef TP_IMPOSE_PARTS_H
#define TP_IMPOSE_PARTS_H

/* Punchboard imposition of separate components (print.layout =
 * punchboard): pieces that are not a gang of equal tiles (the arena's
 * polyomino pieces) and so cannot go through tp_impose_scene.
 *
 * A sheet lays its components out apart on one scene (its gang page),
 * each inside its own box: the box is the trim of the component (the
 * bounding box of its die line), and the component's art reaches `bleed`
 * beyond it.  Imposition moves every component whole onto press sheets:
 *   - a shape belongs to the component whose box, grown by the bleed,
 *     holds the centre of the shape's bounding box; shapes of no
 *     component are dropped (nothing lies between the pieces);
 *   - components keep their order and fill shelves left to right, top to
 *     bottom, inside the clear area (margins, gripper), trim boxes
 *     max(gutter, 2 x bleed) apart, bleeds inside the clear area; a
 *     component that does not fit starts the next shelf or press sheet;
 *     it is never split or turned;
 *   - the back sheet (back = 1) is the gang mirrored about its vertical
 *     axis; component i's back lies on the same press sheet as its front,
 *     at W - x - w (mirrored about the press sheet's vertical centre), so
 *     turned over that axis each back lies behind its face.
 * The plan (tp_parts_plan) is pure. */

#include <stddef.h>

#include "print/layout/impose.h"
#include "print/scene/scene.h"
#include "print/layout/sheet.h"

struct tp_part {
	double x, y, w, h;   /* trim box on the (front) gang page, mm */
};

struct tp_parts {
	struct tp_part *p;   /* owned: free() */
	size_t n;
	double bleed;        /* art beyond each trim box, mm */
	int back;            /* the page is the mirrored back of the gang */
};

/* Places the components of ps on press sheets pr: component i on sheet
 * sheet[i] (0-based) with its front trim corner at (x[i], y[i]).  Returns
 * the number of press sheets, or -1 with the reason in why (a component
 * with its bleed larger than the clear area). */
int tp_parts_plan(const struct tp_press *pr, const struct tp_parts *ps, int *sheet, double *x,
		  double *y, char *why, size_t n);

/* Adds one page per press sheet to doc for the gang page src of the
 * components ps, named "<stem>sheet-K".  src is only read.  0, or -1 when
 * out of memory or when a component does not fit (the config stage
 * refuses that). */
int tp_impose_parts(const struct tp_press *pr, const struct tp_parts *ps,
		    const struct tp_scene *src, const char *stem, struct tp_doc *doc);

#endif
