#ifndef TP_SHEET_H
#define TP_SHEET_H

/* Layout on finished scenes, shared by every game: bleed, mirroring,
 * cropping (halves, panels) and printer's marks.  It knows nothing of
 * tiles; it moves shapes. */

#include "print/scene/scene.h"

/* Space between the bleed box and the media edge when marks are on. */
#define TP_MARK_MARGIN_MM 13.0
/* Printer's marks on a press sheet keep this far from its edge (the
 * press's unprintable edge). */
#define TP_MARK_EDGE_MM 3.0

/* Art that touches the trim edge runs on into the bleed: filled rects
 * lying on an edge are grown outwards by the bleed.  A placement whose
 * symbol has such a rect there is given a copy of its symbol grown (one
 * copy for all that grow alike).  0, or -1 when out of memory (the scene
 * stays valid; some placement may be left unbled). */
int tp_sheet_bleed(struct tp_scene *sc);

/* Mirrors the art about the vertical axis through the sheet centre, for
 * work-and-turn backs.  Text keeps reading left to right.  Placements
 * are mirrored as they stand (the symbols about their own origin). */
void tp_sheet_mirror(struct tp_scene *sc);

/* The bounding box of shape s of sc: x0, y0, x1, y1 (mm; a path's
 * control points included, text estimated generously; a placement: the
 * box round its symbol's shapes as drawn there). */
void tp_shape_bbox(const struct tp_scene *sc, const struct tp_shape *s, double b[4]);

/* A new scene of the region (x, y, w, h) of src, named name, with the
 * same bleed: every shape that reaches into the region's bleed box,
 * moved so the region's corner is the origin.  NULL when out of memory. */
struct tp_scene *tp_sheet_crop(const struct tp_scene *src, const char *name,
			       double x, double y, double w, double h);
/* The same, finding the shapes through ix, an index of src
 * (scene_index.h): for many crops of one scene, each costing what its
 * region holds.  ix NULL: every shape of src is tested.  The result is
 * the same either way. */
struct tp_scene_index;
struct tp_scene *tp_sheet_crop_ix(const struct tp_scene *src, struct tp_scene_index *ix,
				  const char *name, double x, double y, double w, double h);
/* The crop of src (tp_sheet_crop) without the shapes of ink: a sheet
 * that draws its own of that ink (a wrap's die line over its board's
 * art).  Their layer is made all the same, in its place among the
 * others, and their points and text stay in the crop's pools: to the
 * byte the whole crop with them swept out of its list afterwards. */
struct tp_scene *tp_sheet_crop_without(const struct tp_scene *src, const char *name, double x,
				       double y, double w, double h, int ink);
/* What every crop above is: the region (x, y, w, h) of src, the crop's
 * trim, with a bleed of its own, its shapes found through ix (or NULL),
 * kept when they show in the region.  own_text: a text is kept when its
 * anchor lies in the region, not its box (a tile's own text, never its
 * neighbour's); without: an ink traced, not kept, as
 * tp_sheet_crop_without's, or -1; clip: NULL, or a box x0 y0 x1 y1 on
 * src the copy is cut to (copy_sink.h), which the index is asked for
 * instead of the region. */
struct tp_crop {
	double x, y, w, h;
	double bleed;
	const double *clip;
	int own_text;
	int without;
};
struct tp_scene *tp_sheet_crop_as(const struct tp_scene *src, struct tp_scene_index *ix,
				  const char *name, const struct tp_crop *c);

struct tp_slug {
	const char *job, *file, *sheet;
	long long epoch;
	const char *extra;   /* e.g. "half 1 of 2"; may be NULL */
	/* Panels: how far each edge (left, top, right, bottom) overlaps its
	 * neighbour; ticks outside the bleed show where the neighbour's trim
	 * starts, for assembly.  All 0 on a whole sheet. */
	double overlap[4];
};

/* A document: the pages of one output file (several pages become several
 * files in single-page formats). */
struct tp_page {
	struct tp_scene *sc;
	char note[160];       /* slug note, e.g. "half 1 of 2" */
	double overlap[4];    /* see tp_slug */
	double at[2];         /* a panel: where it lies on its page (mm) */
};

struct tp_doc {
	struct tp_page *pages;
	size_t n, cap;
	/* A window the caller may set before a sheet is built, so that a
	 * sheet of very many pages (the series board pieces) is never in
	 * memory whole: with win_n > 0 a builder that can make its pages one
	 * at a time makes only pages win_from .. win_from + win_n - 1 (the
	 * same pages the whole sheet has there) and sets total to the number
	 * of pages of the whole sheet; other builders make every page and
	 * leave total 0.  tp_doc_free keeps neither. */
	size_t win_from, win_n, total;
	/* A region window, so that a one-page sheet larger than any press
	 * sheet is never in memory whole: with part = 1 a builder that can
	 * lay out part of its page makes only the shapes that may reach into
	 * part_r (x0, y0, x1, y1 mm of the page; empty: none but the sheet's
	 * frame, its die lines) on a page of the same size, a subsequence of
	 * the whole page's shapes in the same order (so any crop inside
	 * part_r is the same crop of the whole page), and sets parted = 1;
	 * other builders make the whole page.  panel > 0 asks
	 * tp_doc_panelize_wh for panel number panel - 1 alone (row by row)
	 * of a one-page doc.  tp_doc_free keeps none of these. */
	int part, parted;
	double part_r[4];
	size_t panel;
};

/* Appends sc (taking ownership: freed on failure too).  0 or -1 (OOM). */
int tp_doc_add(struct tp_doc *doc, struct tp_scene *sc, const char *note);
void tp_doc_free(struct tp_doc *doc);

/* Splits every page whose media would exceed max_media mm (trim + bleed +
 * margin) into panels that overlap by overlap mm, each its own page named
 * "<page>-panel-R-C" (or "panel-R-C" for a single page), its trim box the
 * part it shows.  0, or -1 when out of memory (doc may then only be
 * freed). */
int tp_doc_panelize(struct tp_doc *doc, double max_media, double overlap, double margin);
/* The same with a width and a height limit (a press sheet).  Press sheet
 * pages (scene->press) are never split.  A page is turned (the printer
 * lays it across the sheet: its note says so) when that takes fewer
 * panels.  On a page with die lines each panel's die outline is closed:
 * the panels meet in the middle of their overlap (tp_panel_die). */
int tp_doc_panelize_wh(struct tp_doc *doc, double max_w, double max_h, double overlap,
		       double margin);
/* How tp_doc_panelize_wh splits page sc: *nx across by *ny down (1 x 1:
 * whole), on die lines or turned as it would; returns the panels' bleed
 * boxes' area in mm^2.  (A back paneled by its cutter's die lines is
 * counted as split evenly: the same count but in rare sizes.) */
double tp_panel_grid(const struct tp_scene *sc, double max_w, double max_h, double overlap,
		     double margin, int *nx, int *ny);
/* The same, where cutter (NULL, or the doc of the sheet whose die lines
 * cut this doc's pieces, laid out as this doc is before paneling) gives
 * page k of doc, when it has no die lines of its own, the panels page k
 * of cutter meets on its die lines: mirrored about the vertical axis when
 * mirrored is 1 (a back, printed work-and-turn), so that each panel lies
 * behind (or on) the cutting sheet's panel and its art runs on at their
 * edges as theirs does. */
int tp_doc_panelize_by(struct tp_doc *doc, double max_w, double max_h, double overlap,
		       double margin, const struct tp_doc *cutter, int mirrored);

/* A copy of the panel src whose die lines are closed round r (x0 y0 x1
 * y1, the part of the panel that becomes its piece): die shapes wholly
 * inside r stay, straight ones crossing it are clipped to it (what runs
 * along r's edges is left out), curves crossing it are left out, and r
 * itself is added as one closed outline in the die ink.  NULL when out
 * of memory. */
struct tp_scene *tp_panel_die(const struct tp_scene *src, const double r[4]);
/* The same, and the art touching the panel edges in runon (bit 0 left,
 * 1 top, 2 right, 3 bottom: the edges where the panel was cut from its
 * page on a die line) runs on into the panel's bleed from the component's
 * own art: filled rects grow (tp_sheet_bleed), filled polygons of straight
 * sides lying on the edge are pushed out by the bleed, a corner touching it
 * continues its two sides.  Each panel of a die-line gang is then a whole
 * page for the factory, as if its tiles had been laid out on it alone. */
struct tp_scene *tp_panel_die_runon(const struct tp_scene *src, const double r[4], unsigned runon);

/* Where the panels of a page with a gang of die lines meet, along x
 * (vertical = 1: on its full-height vertical die lines, or on its cells'
 * edges when it has cells: scene.h cell_mm) or y: at[0] = 0 <
 * at[1] < ... < at[n-1] = the page's length, each panel at most max long;
 * returns n, or 0 when its die lines give no such cuts (then the panels
 * overlap and meet mid-overlap as tp_panel_die says). */
size_t tp_panel_cuts(const struct tp_scene *sc, int vertical, double max, double *at, size_t cap);

/* How a length splits: n panels of size step + overlap, step apart.
 * Returns n (1 when it fits). */
int tp_panel_split(double length, double max_trim, double overlap, double *step);

/* Adds crop marks (6 mm, outside the bleed), registration targets and the
 * slug line, all flagged TP_SHAPE_MARK in registration ink, and sets the
 * margin.  A page drawn only in the die ink (a die or laser file) gets
 * none, margin 0: it carries nothing but the die ink.  On a press sheet (sc->press) the sheet is the page and is not
 * trimmed: no crop marks, a registration target in the middle of each
 * side margin (when it is at least 10 mm) and the slug in the tail margin
 * (at least 4 mm), margin 0.  0, or -1 when out of memory. */
int tp_sheet_marks(struct tp_scene *sc, const struct tp_slug *slug);

/* "2026-11-25 21:40 UTC" for the slug, from seconds since 1970. */
void tp_format_date(long long epoch, char *out, size_t n);

#endif
