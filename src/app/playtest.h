#ifndef TP_PLAYTEST_H
#define TP_PLAYTEST_H

/* The playtest kit (print.layout = playtest): the whole game as ONE PDF,
 * playtest.pdf, for a home printer on A4 or Letter paper (print.paper), in
 * sRGB (every ink as its proof colour, DeviceRGB only), printable at 100 %.
 *
 * Every sheet of paper is two pages, its front then its back, whatever the
 * printer: a page of tile or piece fronts is followed by their backs, each
 * back placed so that it lands behind its front when the paper is turned
 * as print.duplex says (long: over the long edge, the back mirrored left to
 * right; short: over the short edge, mirrored top to bottom and turned half
 * round; none: printed one side only, the back page glued behind), then
 * moved by print.duplex_offset_mm (right and down on the back page as
 * drawn).  Sheets without backs get a back page with the furniture only.
 *
 * The first sheet calibrates: crosses on the front, two rulers behind them
 * on the back, reading (held against the light) the offset to add.  Every
 * page has a 100 mm test bar and the line "print at actual size".
 *
 * Tiles and separate pieces (tp_sheet_def tiles, parts) are packed row by
 * row, as many to a sheet as fit, with a gutter and cut guides at the
 * paper's edge; every other page (board, score pad, die net, ...) goes on
 * a sheet of its own, or when larger than the paper onto numbered panels
 * that overlap, with a glue tab and alignment marks.  Plates that print no
 * colour (emboss, ribs, recess) and the die-line sheet are left out; the
 * vector pieces, a laser file, print as their cut lines.
 *
 * Pages are named in the PDF's page labels ("front 1", "back 1", ...) so
 * that a reader can tell the sides apart without the layout code. */

#include <stddef.h>

#include "core/status.h"

struct tp_build;

/* Paper in mm for enum tp_paper. */
void tp_playtest_paper(int paper, double *w, double *h);

/* Writes playtest.pdf into b->opt.dir and reports it (b->summary), then
 * a line "=paper N" (the sheets of paper; it has no tab, so readers of the
 * file lines stop at it) and a line "=toner C M Y K" per page.  TP_OK or
 * fills e. */
int tp_build_playtest(struct tp_build *b, tp_err *e);

/* The sheets of paper the last kit written took, as its task reported
 * them (set by the build pipeline, read by the summary); 0: none. */
void tp_playtest_set_paper(long n);
long tp_playtest_paper_used(void);

/* The toner each page of the last kit takes, as its task reported it
 * ("=toner C M Y K" lines after "=paper"): % of the page per process
 * colour, page by page (front 1, back 1, front 2, ...).  The pipeline
 * adds them; set_paper starts the list again.  0 or -1 (out of memory). */
int tp_playtest_add_toner(const double cmyk[4]);
size_t tp_playtest_toner(const double **cmyk);

/* The toner of a kit page (playtest_toner.c): every sRGB colour the kit
 * draws (tp_toner_add each palette, then tp_toner_separate, through the
 * proof profile: sRGB to the CMYK a printer driver would make of it), and
 * the page's coverage measured as the ink report measures a press sheet
 * (print/ink/inkcov.h), of each placed scene as the PDF writer draws it
 * (clipped to its bleed box, through view), in % of the page. */
struct tp_palette;
struct tp_placed;
struct tp_walk_opts;
struct tp_toner {
	double *rgb, *cmyk;       /* 3 and 4 per colour */
	size_t n, cap;
	int separated;
	const char *profile;      /* the separation's (pictures too) */
};
int tp_toner_add(struct tp_toner *t, const struct tp_palette *pal);
int tp_toner_separate(struct tp_toner *t, const char *profile, tp_err *e);
int tp_toner_page(const struct tp_toner *t, const struct tp_placed *pl, size_t n, double w,
		  double h, const struct tp_walk_opts *view, double cmyk[4], tp_err *e);
void tp_toner_free(struct tp_toner *t);

#endif
