#ifndef TP_PDF_FORMS_H
#define TP_PDF_FORMS_H

/* Form XObjects a whole PDF shares between its pages: what every page
 * draws alike (a press sheet's set of crop marks and targets, a glyph of
 * the slug's outlined text) is drawn once and placed on each page with Do.
 * A page of board pieces drew its marks and some 150 glyph outlines anew:
 * 34 KB and 6 ms a page, most of it deflating the same outlines again.
 *
 * A shared form paints no colour of its own: the page sets the colour and
 * overprint, then paints the form (Do keeps the caller's graphics state),
 * so a form needs no resources and one form serves every ink.
 *
 * Forms are found by a key of the bytes that make them (positions as
 * exact doubles), so two pages share a form only when it draws the same
 * points.  The page stream writer (pdf_stream.h) writes a form with the
 * page that made it and frees that page's objects: the forms made on a
 * page, and their /Length objects, are listed for it to keep
 * (tp_pdf_forms_keep), as later pages refer to them.  Keys and forms stay
 * for the document; at most TP_PDF_FORMS_MAX forms, the rest drawn in
 * place as before (bounded memory, whatever the pages hold). */

#include <stddef.h>

#include <hpdf.h>

#define TP_PDF_FORMS_MAX 4096

struct tp_pdf_form_entry {
	unsigned char *key;
	size_t len;
	HPDF_Dict form;
};

struct tp_pdf_forms {
	struct tp_pdf_form_entry *tab;   /* open hash table */
	size_t n, cap;
	void **keep;                      /* made since the last page */
	size_t n_keep, cap_keep;
};

/* 1 and *form when a form was entered under key[0..len-1] (*form NULL:
 * it draws nothing, e.g. a space's glyph); else 0. */
int tp_pdf_forms_find(const struct tp_pdf_forms *f, const void *key, size_t len, HPDF_Dict *form);

/* A new empty form of doc pdf over bbox (pt), Flate-compressed when
 * compress, with no resources; not entered yet.  NULL when libharu
 * fails (its error is set). */
HPDF_Dict tp_pdf_form_new(HPDF_Doc pdf, HPDF_Box bbox, int compress);

/* Enters form (drawn; or NULL for nothing to draw) under a copy of key.  0; 1 when the table is full
 * (the form is still valid for this page alone: not kept); -1 when out
 * of memory. */
int tp_pdf_forms_add(struct tp_pdf_forms *f, const void *key, size_t len, HPDF_Dict form);

/* The objects to keep beyond this page (the forms entered since the last
 * call, their /Length, and extra[0..n_extra-1]) into *keep, *n (valid
 * until the next call); the list then starts again.  0 or -1 (OOM). */
int tp_pdf_forms_keep(struct tp_pdf_forms *f, void *const *extra, size_t n_extra,
		      void *const **keep, size_t *n);

void tp_pdf_forms_free(struct tp_pdf_forms *f);

#endif
