#ifndef TP_PF_FILLS_H
#define TP_PF_FILLS_H

/* The process fills a preflight page has walked, found by place (the
 * knock-out rule asks, for every shape, for the topmost fill under its
 * centre; scanning all fills made that quadratic: a sheet of 6,480 cells
 * and 3,300 hairlines spent a third of its PNG build there).  A grid over
 * the bleed box, sized to the page's shapes, lists each fill in every cell its
 * bounding box touches; a fill over more than WIDE cells is listed once,
 * apart.  Points and boxes outside the grid fall in its border cells, so a
 * cell's list holds every fill whose box contains a point of the cell. */

#include <stddef.h>

#include "print/scene/scene.h"

struct tp_pf_fills;

/* NULL when out of memory.  tp_pf_fills_free. */
struct tp_pf_fills *tp_pf_fills_new(const struct tp_scene *sc);
void tp_pf_fills_free(struct tp_pf_fills *f);

/* Lists fill entry k (not decreasing from call to call: an entry of
 * several fills, pf_runs.h, is added once a fill, with each one's box)
 * where box b (x0, y0, x1, y1, in any order) lies.  0, or -1 when out of
 * memory. */
int tp_pf_fills_add(struct tp_pf_fills *f, size_t k, const double b[4]);

/* The fill entries that may lie under (x, y), as two lists of entry
 * numbers, each increasing: those of the point's cell and the wide ones
 * (an entry may be in both). */
void tp_pf_fills_at(const struct tp_pf_fills *f, double x, double y, const size_t **cell,
		    size_t *n_cell, const size_t **wide, size_t *n_wide);

#endif
