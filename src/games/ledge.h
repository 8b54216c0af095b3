#ifndef TP_GAMES_LEDGE_H
#define TP_GAMES_LEDGE_H

/* The art places on a board's ledges: bands L deep, unprinted, added
 * above and below squares W wide and H tall in all (ledges included),
 * each place kept m (the safe zone, at least 1 mm) from the cut.
 * k = 0: the title, between the top corners, 1 mm clear of the squares;
 * 1: the credit line, likewise at the bottom; 2..5: the corners, top
 * left then clockwise.  b = { x, y, w, h } in mm; 1 when the place is
 * large enough to draw in (3 mm), else 0. */
int tp_ledge_box(double W, double H, double L, double m, int k, double b[4]);

/* The title's (k 0) or the credit line's (1) box b of tp_ledge_box, on a
 * board cut down at x = cut into two parts (print.split = cols): a part's
 * bleed is made from its own edge art, so art on or across that cut
 * would stop at a trim edge with none beyond it.  So no box crosses it:
 * the first part takes the title and the second the credit line, as the
 * parts across the rows take one ledge each, each box centred over its
 * part and kept from the cut what it kept from the board's edge.  1 when
 * the box is still large enough to draw in. */
int tp_ledge_box_split(double W, double cut, int k, double b[4]);

#endif
