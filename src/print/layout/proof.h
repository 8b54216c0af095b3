#ifndef TP_PROOF_H
#define TP_PROOF_H

/* The contact sheet a producer sends for sign-off: one page with a
 * thumbnail of every sheet of a build, its name, trim size, page count and
 * inks, and a block of text (the game's counts).  Knows no game: it places
 * finished scenes. */

#include "print/scene/scene.h"
#include "print/layout/sheet.h"

/* Lays the contact sheet out as one scene (palette pal, the build's) into
 * out, in steps, so that no more than one sheet need be laid out at a
 * time: begin (n items to come; text: lines separated by newlines, set
 * under the thumbnails), then item
 * i's first page (first, already laid out; it may be freed after), its page
 * count and its inks (tp_doc_inks; for a sheet made a page at a time the
 * union over its pages, tp_doc_inks_used and tp_inks_text), for i = 0
 * .. n-1 in order, its shapes smaller than min_size mm as placed (both
 * ways; text: its size) left out, as they cannot be seen at the
 * resolution the proof is drawn (the arena side 99 board's numerals),
 * then end.  Each 0, or -1 when out of memory (out may
 * then only be freed). */
int tp_proof_begin(const struct tp_palette *pal, const char *title, size_t n, const char *text,
		   struct tp_doc *out);
int tp_proof_add(struct tp_doc *out, size_t i, const char *name, const struct tp_scene *first,
		 size_t pages, const char *inks, double min_size);
int tp_proof_end(struct tp_doc *out, size_t n, const char *text);

/* The inks a doc paints with (marks aside), by name, ", "-separated,
 * into out: what the contact sheet and the preview page say. */
void tp_doc_inks(const struct tp_doc *doc, char *out, size_t n);

/* The same in two steps, for pages seen one at a time: used[palette
 * index] set for each ink doc paints with; the names of the used inks of
 * pal (the pages' palette) into out. */
void tp_doc_inks_used(const struct tp_doc *doc, unsigned char used[TP_MAX_INKS]);
void tp_inks_text(const struct tp_palette *pal, const unsigned char used[TP_MAX_INKS],
		  char *out, size_t n);

/* Copies the shapes of src (marks aside) into dst, scaled by k and moved
 * so that src's bleed-box corner lands at (x, y): what lies outside src's
 * bleed box is cut off for rects and straight lines and left out for
 * other shapes wholly outside; what is copied is what a proof shows
 * (walk.h: no marks, no registration, die and emboss lines only from plate
 * sheets).  src's layers become dst layers "prefix/LAYER", in src's order,
 * so the thumbnail draws as the sheet does.  A shape smaller than
 * min_size mm as placed, both ways (text: its size), is left out, and a
 * stroke is at least min_size / 2 wide (hairlines stay visible: one pixel
 * at the proof's resolution).  A text smaller than min_text mm as placed
 * (0: none) is left out too, its string kept in dst's text (a PDF's /ID
 * hashes it: the IDs stay those of a placement swept afterwards).  0, or
 * -1 when out of memory. */
int tp_scene_place(struct tp_scene *dst, const struct tp_scene *src, const char *prefix,
		   double x, double y, double k, double min_size, double min_text);

#endif
