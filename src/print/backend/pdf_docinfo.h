/* The document-level parts of a press PDF (pdf_docinfo.c), for
 * backend_pdf.c only.  Each returns 0, or -1: a libharu failure (its error
 * handler has the cause) or, for the ones taking e, e filled (TP_EINPUT for
 * a bad date or output profile, TP_EIO when out of memory). */
#ifndef TP_PDF_DOCINFO_H
#define TP_PDF_DOCINFO_H

#include <stddef.h>
#include <stdint.h>

#include <hpdf.h>

#include "core/status.h"
#include "print/backend/backend.h"
#include "print/scene/scene.h"

/* Info: creation and modification dates from info->epoch, Creator,
 * /Trapped /False, /GTS_PDFXVersion, /Title (the sheet's, the job's, or
 * "tilepress"); with info->pdfx4 also the catalog's XMP /Metadata. */
int tp_pdf_doc_info(HPDF_Doc pdf, const struct tp_doc_info *info, tp_err *e);

/* The catalog's /OutputIntents: one /GTS_PDFX intent naming the printing
 * condition, with info->output_profile embedded when given (checked to be
 * a CMYK output ICC profile). */
int tp_pdf_output_intent(HPDF_Doc pdf, const struct tp_doc_info *info, tp_err *e);

/* The trailer /ID: a hash of info and of every page's scene, so the same
 * document always gets the same /ID and different ones differ.  Hashed as
 * the pages are written: begin, each page in order, end (adds /ID). */
void tp_pdf_id_begin(uint64_t h[2], const struct tp_doc_info *info);
void tp_pdf_id_page(uint64_t h[2], const struct tp_scene *sc);
int tp_pdf_id_end(HPDF_Doc pdf, const uint64_t h[2]);

#endif
