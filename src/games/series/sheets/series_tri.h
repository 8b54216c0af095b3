#ifndef TP_SERIES_TRI_H
#define TP_SERIES_TRI_H

/* The element indicia of one isosceles triangle of a front, shared by the
 * table set's quadrants (FIG. 2A) and the hexagon's six triangles
 * ([0070]): the triangle A, B, C has its base A-B on the tile's side and
 * its apex C at the tile's centre, and A comes first going clockwise round
 * the tile (y down).
 *   triangles  FIG. 6, claim 6: 9 small triangles in rows of 5 (along the
 *              side), 3 and 1 (at the centre); element n fills those of
 *              marks[n] (bit s: 0-4 the row of 5, 5-7 the row of 3, 8 the
 *              tip);
 *   shapes     FIG. 15A, claim 7: n shapes at the incentres of those small
 *              triangles (the 5-3-1 pattern), the shape naming the series;
 *   pictures   the same with a picture of a pictures file;
 *   digits     FIGS. 3-5: the numeral, upright (a 6 and a 9 underlined).
 * Drawing no I/O; pure apart from the scene it adds to. */

#include "print/art/art_pack.h"
#include "print/art/pictures.h"
#include "print/scene/scene.h"

enum tp_tri_mode { TP_TRI_TRIANGLES, TP_TRI_SHAPES, TP_TRI_PICTURES, TP_TRI_DIGITS };

/* The sides of a tile that are outer edges of its sheet (no neighbour):
 * marks touching them run on into the bleed, `bleed` mm past the side, so
 * a cut a little off its line shows no white.  Where an outer side meets
 * a side shared with a neighbour, the run-on stops at the line continuing
 * the shared side, so two tiles' run-ons meet there and do not overlap. */
struct tp_tri_outer {
	int n;
	double a[6][2], b[6][2];   /* side from a to b */
	double out[6][2];          /* unit normal pointing off the tile */
	int nfix;
	double fix[6][2], fixu[6][2];   /* such a corner; unit direction of the shared side's continuation */
	double bleed;
	double clip[4];   /* the sheet's bleed box x0 y0 x1 y1: run-ons stay in it */
};

/* Fills o for a tile whose n corners (n <= 6, in order round the tile) are
 * corner[]; side k joins corner k and corner k + 1 and is outer when bit
 * k of outer is set; (cx, cy) is inside the tile; sc gives the bleed and
 * its box. */
void tp_tri_outer_of(struct tp_tri_outer *o, const double corner[][2], int n, unsigned outer,
		     double cx, double cy, const struct tp_scene *sc);

struct tp_tri_style {
	int mode;                      /* enum tp_tri_mode */
	const unsigned short *marks;   /* triangles, shapes, pictures: element n marks the small
					* triangles of bit mask marks[n] (bit s: triangle s) */
	int symbol;                    /* shapes: enum tp_symbol */
	const struct tp_picture *pic;  /* pictures */
	double line_w;                 /* hairlines of the small triangles */
	/* A factory's safe zone (print.safe_mm; 0: none) and the tile's
	 * number of sides (4 or 6; the tile is regular, centred on C, A-B
	 * one of its sides, each side a cut).  Under a safe zone shapes,
	 * pictures and digits keep `safe` mm from every side: the 5-3-1
	 * pattern is laid in the triangle shrunk towards C as far as its
	 * outermost places need, and a digit is made smaller.  The small
	 * triangles of FIG. 6 are art that runs on into the bleed. */
	double safe;
	int sides;
	double digit;   /* digits: the numerals' size (tp_tri_digit_size), 0: 1.5 x the inradius */
	/* An art pack's drawings (NULL: none).  symbol: the series' symbol,
	 * drawn instead of the shape or picture at each of the 5-3-1 places
	 * (in a square of tp_tri_symbol_side); value: the picture of the
	 * element, drawn instead of any indicia in tp_tri_value_box. */
	const struct tp_art_item *symbol_art;
	const struct tp_art_item *value_art;
};

/* The side of the square an art pack's symbol fills at a 5-3-1 place of
 * triangle A, B, C (shapes: as the shapes; pictures: as the pictures). */
double tp_tri_symbol_side(const double A[2], const double B[2], const double C[2],
			  const struct tp_tri_style *st);

/* The upright square a value picture fills in triangle A, B, C: the
 * largest whose centre lies on the triangle's axis, 5 % of the tile (or
 * the safe zone, if more) in from its base, 2 % of the tile off its other
 * two sides, and the safe zone inside every side of the tile.  box: x0,
 * y0, side. */
void tp_tri_value_box(const double A[2], const double B[2], const double C[2],
		      const struct tp_tri_style *st, double box[3]);

/* The numerals' size (mm, em) for digits in triangle A, B, C: 1.5 x its
 * inradius, and under st's safe zone no larger than keeps the box of any
 * numeral 1..9, upright at the incentre of any triangle of the tile, the
 * zone inside every side; the same for all, so the numerals match.  -1
 * when out of memory. */
double tp_tri_digit_size(const double A[2], const double B[2], const double C[2],
			 const struct tp_tri_style *st);

/* Element n (1..9) in ink.  0, or -1 when out of memory. */
int tp_tri_draw(struct tp_scene *sc, int ink, int n, const double A[2], const double B[2],
		const double C[2], const struct tp_tri_style *st, const struct tp_tri_outer *o);

/* The small triangle s (0..8) of A, B, C as three points, and its incentre
 * and inradius (the place of a shape or a picture). */
void tp_tri_small(const double A[2], const double B[2], const double C[2], int s, double xy[6]);
void tp_tri_incircle(const double xy[6], double *cx, double *cy, double *r);

#endif
