#ifndef TP_INKCOV_H
#define TP_INKCOV_H

/* Ink coverage per printing plate, for the prepress report (a press
 * prices and dries a sheet by it): what the press will lay down, measured on the scene itself,
 * for any game.
 *
 * The scene's trim area is rasterised with Cairo (antialiased, so a pixel
 * holds the fraction of it each shape covers), shape by shape in draw
 * order, into one value per plate and pixel: the process plates Cyan,
 * Magenta, Yellow and Black, and one plate per spot ink.  Each shape
 * changes the plates as the PDF tells the press to:
 *   process ink, knock-out:  every plate takes the ink's C, M, Y, K (spots
 *                            are knocked out);
 *   process ink, overprint:  the plates where the ink has a non-zero value
 *                            take it, the others keep what is under it
 *                            (the PDF's overprint mode 1);
 *   spot ink, overprint:     its own plate at 100 %, the rest untouched;
 *   spot ink, knock-out:     its own plate at 100 %, every other cleared;
 *   registration:            every plate at 100 %.
 * where a shape covers a fraction a of a pixel, the pixel moves that
 * fraction of the way.  Coverage is the plate's mean over the trim area.
 * The maximum total area coverage (TAC) is the largest C + M + Y + K of
 * any pixel when every shape that touches a pixel is taken to cover it, so
 * that hairlines count at their full tint where they cross colour.
 * Printer's marks (TP_SHAPE_MARK) are not counted.  Sheets of any size
 * are measured band by band in bounded memory; the resolution drops below
 * the requested one only when the trim area would exceed max_px pixels. */

#include <stddef.h>

#include "core/status.h"
#include "core/strbuf.h"
#include "print/scene/scene.h"

#define TP_INKCOV_PLATES (4 + TP_MAX_INKS)

struct tp_inkcov {
	size_t n;                            /* plates reported */
	char name[TP_INKCOV_PLATES][40];     /* "Cyan", "Magenta", "Yellow", "Black", spot names */
	double pct[TP_INKCOV_PLATES];        /* mean coverage over the trim area, % */
	double tac_max;                      /* %, 0 .. 400 (+ nothing for spots) */
	double px_per_mm;                    /* the resolution used */
};

/* Measures sc at px_per_mm (e.g. 4), lowered so that the trim area holds
 * at most max_px pixels.  The four process plates are always reported,
 * then each spot ink the scene draws with (palette order).  TP_OK, or
 * TP_EIO (out of memory, Cairo failure, text that cannot be outlined). */
int tp_inkcov_scene(const struct tp_scene *sc, double px_per_mm, double max_px,
		    struct tp_inkcov *out, tp_err *e);

/* The same, pictures (image.h) separated into C, M, Y and K through
 * profile (NULL or "": the system's CMYK profile), each pixel counted at
 * its alpha, as the press PDF prints it. */
int tp_inkcov_scene_profile(const struct tp_scene *sc, double px_per_mm, double max_px,
			    const char *profile, struct tp_inkcov *out, tp_err *e);

/* The same for what view draws (its ink mask, proof and unknown-ink
 * rule; never marks, text always as outlines): what a sink with that view
 * puts on paper, e.g. the playtest kit's pages. */
struct tp_walk_opts;
int tp_inkcov_scene_view(const struct tp_scene *sc, const struct tp_walk_opts *view,
			 double px_per_mm, double max_px, const char *profile,
			 struct tp_inkcov *out, tp_err *e);

/* The CSV of manifest/inks.csv: the header line, then for one page the
 * rows "sheet,page,plate,coverage_pct" and one "sheet,page,tac_max_pct,
 * value" row. */
void tp_inkcov_csv_header(struct tp_buf *b);
void tp_inkcov_csv(struct tp_buf *b, const char *sheet, int page, const struct tp_inkcov *c);

#endif
