#ifndef TP_TEXT_OUTLINE_H
#define TP_TEXT_OUTLINE_H

/* Text as glyph outlines, so that press files carry no fonts (nothing to
 * embed, nothing for the printer's RIP to substitute) and every backend
 * shapes text identically.  In the font in use (print/text/font.h):
 * DejaVu Sans Book, or the designer's print.font. */

#include <stddef.h>

#include "core/status.h"
#include "print/scene/scene.h"

/* Outlines utf8 in scene units (mm, y down) with the baseline anchor at
 * (x, y): align is enum tp_align and places the anchor at the start, middle
 * or end of the advance width.  size_mm is the font size (em).
 *
 * On success returns 0 and sets *pts to a path of *n points (TP_MOVE,
 * TP_LINE, TP_CURVE triples, TP_CLOSE), to be filled with the nonzero rule;
 * the caller frees *pts with free().  Empty text or a size <= 0 gives
 * *pts == NULL, *n == 0.  Returns -1 when out of memory or when Cairo
 * fails (e.g. invalid UTF-8), with *pts == NULL.  The same input always
 * gives the same points. */
int tp_text_outline(const char *utf8, double x, double y, double size_mm,
		    int align, struct tp_pt **pts, size_t *n);

/* The same in the font file font (NULL: the font in use). */
int tp_text_outline_in(const char *font, const char *utf8, double x, double y, double size_mm,
		       int align, struct tp_pt **pts, size_t *n);

/* A glyph of a line as tp_text_outline lays it out: its index in the
 * font and its pen position (mm, the baseline's point where its outline's
 * origin lies). */
struct tp_glyph_at {
	unsigned long index;
	double x, y;
};

/* The glyphs of utf8 at the same x, y, size and align as tp_text_outline:
 * each glyph's outline (tp_glyph_outline) moved to its pen position gives
 * the points tp_text_outline gives (to the last bits of a double), so a
 * writer can draw a glyph once and place it wherever it recurs.  0 and
 * *g (malloc'd, *n entries; NULL and 0 for empty text or a size <= 0), or
 * -1 as tp_text_outline. */
int tp_text_glyphs(const char *utf8, double x, double y, double size_mm, int align,
		   struct tp_glyph_at **g, size_t *n);

/* Glyph index's outline at size_mm with its origin at (0, 0), as in
 * tp_text_outline (*pts NULL and *n 0 for a glyph with no outline, e.g. a
 * space).  0, or -1 when out of memory or Cairo fails. */
int tp_glyph_outline(unsigned long index, double size_mm, struct tp_pt **pts, size_t *n);

/* The box {xmin, ymin, xmax, ymax} of tp_text_outline's points for the
 * same text, x, y, size and align (control points included: a bound, as
 * the layouts that fit digits in a box want); all 0 when the outline is
 * empty.  0, or -1 as tp_text_outline. */
int tp_text_outline_box(const char *utf8, double x, double y, double size_mm, int align,
			double box[4]);

/* 1 when a character of utf8 (valid UTF-8) has no glyph in the font the
 * outlines are made in, and would print as an empty box: *cp is the
 * first such code point.  0 when every character has one. */
int tp_text_glyphless(const char *utf8, unsigned long *cp);

/* A config check for a text key that is printed: TP_OK, or TP_EINPUT
 * "WHERE: KEY = TEXT: U+XXXX has no glyph ..." for its first glyphless
 * character. */
int tp_text_printable(const char *where, const char *key, const char *text, tp_err *e);

/* Half the height of the digits above the baseline, in em, to centre a
 * number on a point: 0.365 in DejaVu Sans (its digits stand 0.73 em), and
 * measured from the digits' outlines in a designer's print.font. */
double tp_text_digit_half(void);

/* Lets go of the font faces tp_text_outline keeps for the process; call it
 * before cairo_debug_reset_static_data() (the next outline opens it
 * again). */
void tp_text_outline_release(void);

#endif
