#ifndef TP_PDFX_CHECK_H
#define TP_PDFX_CHECK_H

/* PDF/X structure, read back from the bytes of a press PDF (pdf_read.h):
 * the checks of tests/prepress/pdfx_check.py that the file shows, moved
 * into the program so that every preflight runs them (the script stays as
 * an independent cross-check in the tests).
 *
 *   version    header 1.3 or 1.4 (PDF/X-1a:2003), 1.6 (PDF/X-4); not
 *              encrypted; a trailer /ID of two non-empty strings
 *   info       /GTS_PDFXVersion naming that version, /Trapped /True or
 *              /False, a /Title, /CreationDate and /ModDate as D: dates
 *   intent     exactly one /GTS_PDFX output intent with a condition (the
 *              expected one, when given) and a /RegistryName or an
 *              embedded /DestOutputProfile; PDF/X-4: catalog /Metadata
 *   boxes      every page has a /MediaBox and a /TrimBox, no /ArtBox;
 *              TrimBox inside BleedBox inside MediaBox; the page count
 *   colour     no RGB, CalRGB, Lab or ICCBased colour space; a Separation
 *              or DeviceN alternate is DeviceCMYK or DeviceGray; no rg/RG
 *              operator in a page's content
 *   transp.    no soft mask, /CA or /ca other than 1, blend mode other
 *              than Normal/Compatible, or transparency group
 *   fonts      every font embedded (Type 3, or a FontFile); tilepress
 *              writes text as outlines, so none is expected
 *   forbidden  JavaScript, actions, forms, annotations
 *
 * Not checked here: what a certified validator also judges (conformance
 * to the standard as a whole, ICC profile internals, rendering). */

#include <stddef.h>

struct tp_pdfx_expect {
	int pdfx4;               /* 0: PDF/X-1a:2003, 1: PDF/X-4 */
	const char *condition;   /* OutputConditionIdentifier, or NULL: any */
	size_t pages;            /* pages the file must have; 0: any */
};

/* Checks buf[0..n-1] (buf[n] readable and 0).  Calls report(ctx, page,
 * what) for each failure (page 1-based; 0: the document).  Returns the
 * number of failures, or -1 when out of memory. */
int tp_pdfx_check(const unsigned char *buf, size_t n, const struct tp_pdfx_expect *x,
		  void (*report)(void *ctx, int page, const char *what), void *ctx);

#endif
