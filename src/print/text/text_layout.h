#ifndef TP_TEXT_LAYOUT_H
#define TP_TEXT_LAYOUT_H

/* Running text: paragraphs broken into lines by a real layout engine
 * (Pango with HarfBuzz), drawn into a scene as glyph outlines in mm, so
 * press files carry no fonts, as with print/art/text_outline.h.
 *
 * Deterministic: one font (DejaVu Sans through Fontconfig, or the
 * designer's print.font: print/text/font.h), no hinting,
 * unrounded glyph positions, a layout made at 1/100 mm and read back in
 * mm; the same input always gives the same points.  All calls are
 * serialised by one lock (Pango's font map is shared). */

#include <stddef.h>

#include "core/status.h"
#include "print/scene/scene.h"

#define TP_TEXT_FONT "DejaVu Sans"

struct tp_text_style {
	double size_mm;      /* the font size (em), mm */
	double leading;      /* line pitch as a multiple of the size (0: 1.25) */
	int bold;
	int align;           /* enum tp_align */
	double indent_mm;    /* hanging indent: lines after the first start here */
};

/* Lays utf8 (plain text, no markup; '\n' breaks a line) out in lines of
 * at most width mm: *height the block's height (mm, lines x pitch), *lines
 * its number of lines.  TP_OK; TP_EINPUT when a line cannot be kept
 * within width (names the text), TP_EIO when out of memory. */
int tp_text_measure(const struct tp_text_style *st, double width, const char *utf8,
		    double *height, int *lines, tp_err *e);

/* The same, and draws the block into sc, filled in ink, its top-left
 * corner at (x, y) (mm, y down).  *height as tp_text_measure (may be
 * NULL). */
int tp_text_draw(struct tp_scene *sc, int ink, const struct tp_text_style *st, double x,
		 double y, double width, const char *utf8, double *height, tp_err *e);

/* One line of utf8 in the font file font (NULL: the font in use) at
 * size_mm, shaped by HarfBuzz (kerning, ligatures), as a path to fill
 * with the nonzero rule: *pts, *n (owned, free()), the layout's top-left
 * corner at the origin, and ink = the glyphs' box {x0, y0, x1, y1} (mm).
 * Empty text gives no points.  TP_OK, or TP_EIO when out of memory. */
int tp_text_line(const char *font, double size_mm, const char *utf8, struct tp_pt **pts,
		 size_t *n, double ink[4], tp_err *e);

/* Lets go of the font map kept for the process; returns 1 when there was
 * one.  Pango keeps Cairo fonts and Fontconfig patterns past it (all
 * reachable), so after a layout Cairo's and Fontconfig's caches must not
 * be reset (cairo_debug_reset_static_data would abort on them). */
int tp_text_layout_release(void);

#endif
