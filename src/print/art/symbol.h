#ifndef TP_SYMBOL_H
#define TP_SYMBOL_H

/* Symbols, each one closed path, centred, `size` mm wide (the width of
 * its bounding box).  The first TP_SYM_COUNT have no intrinsic
 * orientation ([0079]) and a flat side on top:
 *   circle   the diameter;
 *   square   the side (across the flats);
 *   hexagon  across the corners (pointed left and right; across the
 *            flats, its height, is size * sqrt(3) / 2);
 *   octagon  across the flats (its bounding box is size x size).
 * Two more have an orientation, for sets that are not blind editions
 * (the hexagonal series tiles' six series, FIG. 15A):
 *   triangle equilateral, the side; pointing up, centred on its centroid;
 *   diamond  a square on a corner, across the corners (size x size). */

#include "print/scene/scene.h"

enum tp_symbol {
	TP_SYM_CIRCLE, TP_SYM_SQUARE, TP_SYM_HEXAGON, TP_SYM_OCTAGON,
	TP_SYM_TRIANGLE, TP_SYM_DIAMOND, TP_SYM_ALL
};
#define TP_SYM_COUNT 4   /* the symbols without intrinsic orientation */

extern const char *const tp_symbol_names[TP_SYM_ALL];

/* -1 when name is not one of the TP_SYM_COUNT symbols without
 * orientation. */
int tp_symbol_parse(const char *name);


/* Distance from the centre to each edge (the apothem; a circle's
 * radius) of a symbol of that size. */
double tp_symbol_apothem(int symbol, double size);

/* The recesses below take only the TP_SYM_COUNT symbols without
 * orientation (the blind edition's). */

/* The most points tp_symbol_recess gives. */
#define TP_SYMBOL_RECESS_MAX 96

/* The recess that takes a symbol of that size in every turn its part can
 * take, with `by` mm clearance all round: the union of the symbol turned
 * by each of `turns` equal turns (4: 0, 90, 180 and 270 degrees) about
 * its centre, grown by `by` perpendicular to every edge (a mitred offset,
 * which contains the union grown by a disc of radius by).  A symbol the
 * turns leave unchanged (a circle; a square or octagon under quarter
 * turns) gets its own grown outline; a hexagon under quarter turns a
 * twelve-pointed star.  Points relative to the centre, into
 * xy[2 * TP_SYMBOL_RECESS_MAX], counter-clockwise with y up; *n their
 * number; 0 for a circle (its radius is size / 2 + by).  1 <= turns <= 12. */
void tp_symbol_recess(int symbol, double size, double by, int turns, double *xy, size_t *n);

/* The recess's width (its bounding box's larger side). */
double tp_symbol_recess_width(int symbol, double size, double by, int turns);

/* Draws the recess centred at (cx, cy).  0, or -1 when out of memory. */
int tp_symbol_recess_draw(struct tp_scene *sc, int ink, int paint, double stroke, int symbol,
			  double cx, double cy, double size, double by, int turns);

/* 0, or -1 when out of memory. */
int tp_symbol_draw(struct tp_scene *sc, int ink, int paint, double stroke, int symbol,
		   double cx, double cy, double size);

#endif
