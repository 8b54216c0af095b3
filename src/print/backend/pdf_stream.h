#ifndef TP_PDF_STREAM_H
#define TP_PDF_STREAM_H

/* A libharu document written out page by page, so that a PDF of any
 * number of pages is made in the memory of one page (libharu itself
 * holds every page until HPDF_SaveToStream).  The bytes are the ones
 * HPDF_SaveToStream writes: the same objects, numbers and order.
 *
 * libharu writes objects in the order they were made, the catalog, the
 * page tree and the Info first; only the page tree changes until the end
 * (it lists every page).  So every object after those three is written,
 * as soon as the page that made it is drawn, to the spill: memory up to
 * TP_PDF_SPILL_MEM bytes, then a temporary file (so a small PDF, such as
 * one sheet the preflight reads back, writes no file at all: a build
 * refused by its output folder's checks has written nothing); the page's own objects (its dictionary, content stream and its
 * length, forms and resources) are then freed.  tp_pdf_stream_end writes the header,
 * the first three objects (the page tree from the page numbers kept),
 * the spill, the cross-reference table and the trailer.
 *
 * Use: HPDF_NewEx, the document-level objects (Info, output intent),
 * tp_pdf_stream_begin; per page HPDF_AddPage, drawing,
 * tp_pdf_stream_page; the trailer's /ID; tp_pdf_stream_end;
 * tp_pdf_stream_free; HPDF_Free.  No libharu call may reach a page after
 * its tp_pdf_stream_page. */

#include <stdint.h>
#include <stdio.h>

#include <hpdf.h>

#include "core/strbuf.h"

#define TP_PDF_SPILL_MEM (4u << 20)

/* Objects 4.. as written: in mem until it would pass TP_PDF_SPILL_MEM,
 * then all of it in file (a tmpfile). */
struct tp_pdf_spill {
	struct tp_buf mem;
	FILE *file;
	int *err, *oom;
};

struct tp_pdf_stream {
	HPDF_Doc pdf;
	struct tp_pdf_spill spill;
	HPDF_Stream out;      /* libharu's stream onto the spill */
	HPDF_UINT next;       /* first xref entry not written yet */
	HPDF_UINT first_page; /* first entry made after tp_pdf_stream_begin */
	uint32_t *kids;       /* the pages' object numbers, in order */
	size_t n_kids, cap_kids;
	int err;              /* errno of the first failed write, else 0 */
	int oom;              /* 1 when an allocation here failed */
};

/* 0, or -1: out of memory or a bad document (s->err says why). */
int tp_pdf_stream_begin(struct tp_pdf_stream *s, HPDF_Doc pdf);

/* Puts pg's content stream (just made by HPDF_AddPage, empty) on a spill
 * of its own, so a page's drawing is not held in memory whole.  0, or -1
 * (out of memory, or a page already drawn on). */
int tp_pdf_stream_content(struct tp_pdf_stream *s, HPDF_Page pg);
/* Writes every object made since the last call to the spill, then frees
 * them all (pg's dictionary, content stream, forms, resources) but the
 * ones made before the first page and keep[0..n_keep-1] (objects the
 * caller shares between pages, e.g. its ExtGStates).  0 or -1 (libharu's
 * error, or a failed write: s->err). */
int tp_pdf_stream_page(struct tp_pdf_stream *s, HPDF_Page pg, void *const *keep, size_t n_keep);

/* Writes the objects made since the last page (e.g. the XMP metadata
 * stream, made when the pages' hash is known) into the body.  0 or -1 as
 * above. */
int tp_pdf_stream_rest(struct tp_pdf_stream *s);

/* The whole file onto f (not closed; flushed).  0 or -1 as above. */
int tp_pdf_stream_end(struct tp_pdf_stream *s, FILE *f);

void tp_pdf_stream_free(struct tp_pdf_stream *s);

#endif
