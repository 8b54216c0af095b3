#ifndef TP_SCENE_INDEX_H
#define TP_SCENE_INDEX_H

/* A spatial index over a finished scene, so that cutting many regions out
 * of one big scene (panels, board pieces, punchboard tiles) costs what the
 * regions contain, not the whole scene each time.
 *
 * The scene's bleed box is divided into a grid of about one cell per two
 * shapes; each shape is listed in the cells its bounding box covers.  Shapes
 * that would cover too many cells (a background) and shapes whose box is
 * not a number are listed apart and handed to every query.  A query returns
 * a superset of the shapes that reach into a region, in scene order; the
 * caller applies its exact test (tp_sheet_crop).  Printer's marks are never
 * listed.
 *
 * The index describes the scene as it was when made: add no shape to the
 * scene while the index is in use. */

#include <stddef.h>

#include "print/scene/scene.h"

struct tp_scene_index;

/* NULL when out of memory.  Owned by the caller: tp_scene_index_free(). */
struct tp_scene_index *tp_scene_index_new(const struct tp_scene *sc);
void tp_scene_index_free(struct tp_scene_index *ix);

/* The shapes whose boxes may reach into the region (x, y, w, h): a
 * superset of those that do, ascending by shape number, no mark among
 * them.  *ids stays valid until the next query or the free.  0, or -1 when
 * out of memory.  A region that is not finite gets every shape. */
int tp_scene_index_query(struct tp_scene_index *ix, double x, double y, double w, double h,
			 const size_t **ids, size_t *n);

/* The box of shape i as tp_shape_bbox (sheet.h) computed it when the index
 * was made. */
const double *tp_scene_index_box(const struct tp_scene_index *ix, size_t i);

#endif
