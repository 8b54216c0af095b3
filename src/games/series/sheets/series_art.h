#ifndef TP_SERIES_ART_H
#define TP_SERIES_ART_H

/* Drawing series-tile art into a scene: cells, fronts, backs, squares.
 * Game-specific, but free of sheets and marks. */

#include "games/series/config/series_config.h"
#include "print/scene/scene.h"

/* The board's ledges: its squares run to the cut ([0086]: the board is
 * the spanning set magnified, every square a cell of it), so a band
 * TP_SERIES_LEDGE of a square deep, unprinted, is added above them for
 * board.title and below them for board.credit (both for board.corner),
 * only when the art pack fills one of them and not in the blind edition:
 * *top and *bottom in mm, 0 without.  The squares then start *top down. */
#define TP_SERIES_LEDGE 0.6
void tp_series_ledges(const struct tp_config *c, double *top, double *bottom);
/* The box of board.title (k 0), board.credit (1) or board.corner (2, the
 * top left; 3..5 the others, clockwise) on the board with both ledges,
 * inside the safe zone: x y w h; 0 when too small (3 mm). */
int tp_series_ledge_box(const struct tp_config *c, int k, double b[4]);
/* The pack's title, credit line and corners on a board whose ledges are
 * top and bottom mm deep (0, or -1 when out of memory). */
int tp_series_art_ledges(struct tp_scene *sc, const struct tp_config *c, double top, double bottom);

/* The art pack's places of the series (art_pack.h), their boxes in c. */
size_t tp_series_art_places(const struct tp_config *c, struct tp_art_place *out, size_t max);

extern const char *const tp_series_art_names[];

/* The places of series s's symbol (series.lateral ...) and of its picture
 * of value v (series.lateral.1 ...): the square set's and the table set's. */
const char *tp_series_symbol_place(int s);
const char *tp_series_value_place(int s, int v);

/* A series' value pictures (series.lateral.1 .. 9) are given all nine or
 * none: TP_OK, or TP_EINPUT naming art.ini's line and the missing ones. */
int tp_series_art_check(const struct tp_config *c, tp_err *e);

/* The space between a tile back's edge and its logo's box. */
double tp_series_back_inset(const struct tp_config *c);

/* The pack's backs.logo on the back of the tile at (x, y), drawn mirrored
 * for the back sheet's mirror; nothing without one.  0, or -1 (OOM). */
int tp_series_art_logo(struct tp_scene *sc, const struct tp_config *c, double x, double y);

/* The ink of a series (TP_LATERAL..TP_DOTS). */
int tp_series_ink(int series);

/* A square of a series at (x, y), size mm, in the configured style: a
 * solid fill, or the patent's monochrome pattern.  Tile backs. */
int tp_series_art_square(struct tp_scene *sc, const struct tp_config *c, int series,
		  double x, double y, double size);

/* A cell of a front or of the board image: as tp_series_art_square, or the
 * series symbol when print.cell_mark = symbol. */
int tp_series_art_cell(struct tp_scene *sc, const struct tp_config *c, int series,
		double x, double y, double size);

/* The numeral value (FIGS. 3-5), size mm tall (em), centred on (cx, cy),
 * turned `turns` quarter turns clockwise; a 6 and a 9 are underlined so a
 * turned 6 is not read as a 9.  0, or -1 when out of memory. */
int tp_series_digit(struct tp_scene *sc, int ink, int value, int turns, double cx, double cy,
		    double size);

/* The box tp_series_digit fills for value, upright, at size 1 centred on
 * (0, 0) (bar included): x0 y0 x1 y1.  0, or -1 when out of memory. */
int tp_series_digit_box(int value, double box[4]);

/* A whole tile front (FIG. 17/18) with its cell hairlines, top-left at
 * (x, y), side t mm.  No line is drawn on the tile's own edge: after cutting
 * it would show as an uneven border. */
int tp_series_art_front(struct tp_scene *sc, const struct tp_config *c, int front,
		 int corner, double x, double y, double t);
/* The same in two parts, so that a sheet can hold the art once as a
 * symbol (scene.h) and draw the lines in place, where a writer joins them
 * with the neighbours' (SVG): the art (one group), then the lines.
 * tp_series_art_front is the one, then the other. */
int tp_series_art_front_art(struct tp_scene *sc, const struct tp_config *c, int front,
			    int corner, double x, double y, double t);
int tp_series_art_front_lines(struct tp_scene *sc, const struct tp_config *c, int front,
			      int corner, double x, double y, double t);

#endif
