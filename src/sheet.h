#ifndef TP_SHEET_H
#define TP_SHEET_H

/* Layout on finished scenes, shared by every game: bleed, mirroring,
 * cropping (halves, panels) and printer's marks.  It knows nothing of
 * tiles; it moves shapes. */

#include "scene.h"

/* Space between the bleed box and the media edge when marks are on. */
#define TP_MARK_MARGIN_MM 13.0

/* Art that touches the trim edge runs on into the bleed: filled rects
 * lying on an edge are grown outwards by the bleed. */
void tp_sheet_bleed(struct tp_scene *sc);

/* Mirrors the art about the vertical axis through the sheet centre, for
 * work-and-turn backs.  Text keeps reading left to right. */
void tp_sheet_mirror(struct tp_scene *sc);

/* A new scene of the region (x, y, w, h) of src, named name, with the
 * same bleed: every shape that reaches into the region's bleed box,
 * moved so the region's corner is the origin.  NULL when out of memory. */
struct tp_scene *tp_sheet_crop(const struct tp_scene *src, const char *name,
			       double x, double y, double w, double h);

struct tp_slug {
	const char *job, *file, *sheet;
	long long epoch;
	const char *extra;   /* e.g. "half 1 of 2"; may be NULL */
};

/* Adds crop marks (6 mm, outside the bleed), registration targets and the
 * slug line, all flagged TP_SHAPE_MARK in registration ink, and sets the
 * margin.  0, or -1 when out of memory. */
int tp_sheet_marks(struct tp_scene *sc, const struct tp_slug *slug);

/* "2026-11-25 21:40 UTC" for the slug, from seconds since 1970. */
void tp_format_date(long long epoch, char *out, size_t n);

#endif
