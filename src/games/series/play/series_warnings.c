/* Legibility of the blind edition: problems here are warnings for
 * `check`, not errors; the files are still valid, only hard to read by
 * touch. */

#include "games/series/config/series_config.h"

#include <stdarg.h>
#include <stdio.h>

/* One warning line, format-checked by the compiler. */
__attribute__((format(printf, 4, 5)))
static void warn(char out[][200], int *n, int max, const char *fmt, ...)
{
	if (*n < max) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(out[*n], 200, fmt, ap);
		va_end(ap);
	}
	(*n)++;
}

int tp_series_warnings(const struct tp_config *c, char out[][200], int max)
{
	const struct tp_emboss *em = &tp_series(c)->emboss;
	if (!em->plates)
		return 0;
	double cell = c->print.tile_mm / 6;
	double spacing = cell - em->symbol_mm - em->stroke_mm;  /* between neighbours */
	double back_gap = c->print.tile_mm - em->back_symbol_mm - em->stroke_mm;
	int n = 0;
	if (em->symbol_mm < em->min_symbol_mm)
		warn(out, &n, max, "emboss.symbol_mm = %g is below the tactile minimum %g mm: the shapes on the fronts may not be recognised by touch",
		     em->symbol_mm, em->min_symbol_mm);
	if (spacing < em->min_spacing_mm)
		warn(out, &n, max, "symbols on the fronts are %.3g mm apart, below the tactile minimum %g mm: they may be hard to tell apart (raise tile_mm or lower symbol_mm)",
		     spacing, em->min_spacing_mm);
	if (em->back_symbol_mm < em->min_symbol_mm)
		warn(out, &n, max, "emboss.back_symbol_mm = %g is below the tactile minimum %g mm",
		     em->back_symbol_mm, em->min_symbol_mm);
	if (back_gap < em->min_spacing_mm)
		warn(out, &n, max, "back symbols leave %.3g mm between neighbouring tiles, below the tactile minimum %g mm",
		     back_gap, em->min_spacing_mm);
	if (em->stroke_mm < 0.2)
		warn(out, &n, max, "emboss.stroke_mm = %g is below 0.2 mm, thinner than an emboss die can hold",
		     em->stroke_mm);
	return n;
}
