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
 * "tilepress"); PDF/X-4's XMP comes later (tp_pdf_xmp). */
int tp_pdf_doc_info(HPDF_Doc pdf, const struct tp_doc_info *info, tp_err *e);

/* PDF/X-4's XMP /Metadata on the catalog, made once the pages are hashed
 * (h: tp_pdf_id_begin and each page, as for /ID): the title, dates from
 * info->epoch, GTS_PDFXVersion, and xmpMM:DocumentID and InstanceID
 * ("uuid:" and the hash, so the same document always has the same ones),
 * VersionID 1 and RenditionClass default.  0, or -1 (libharu's error, or
 * e filled for a date out of range). */
int tp_pdf_xmp(HPDF_Doc pdf, const struct tp_doc_info *info, const uint64_t h[2], tp_err *e);

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
