#ifndef TP_PF_FILE_H
#define TP_PF_FILE_H

/* The preflight of a PDF file, ours or edited (`tilepress preflight
 * FILE.pdf`): what the press will print, read from the file itself.
 *
 * The file's structure goes through the PDF/X checks (pdfx_check.h: rule
 * "pdfx"); each page's content through the content-stream interpreter
 * (pdf_content.h), and what it paints becomes a scene in mm from the trim
 * box's corner, which the same page rules check as a build's sheets (die
 * lines open, doubled or too close, bleed, total ink with overprints
 * stacked, knock-outs, line weights, spot inks that knock out, nicks,
 * emboss).  On top, what only a file shows:
 *
 *   spot-name   a spot named Black, Cyan, Magenta, Yellow, None, or All
 *               painted inside the trim (spot_name.h)          error
 *   thin-fill   a filled area thinner than min_fill mm           warning
 *   text-size   text shown smaller than min_text_pt              warning
 *   colour      RGB painted                                      error
 *   bleed       the bleed box less than the rules' bleed         error
 *   marks       a media box beyond the bleed box where the rules
 *               forbid printer's marks                           error
 *   content     a page whose content cannot be read              error
 *
 * The safe zone is not measured: which art runs to the cut by design is
 * the scene's knowledge, not the file's. */

#include <stddef.h>

#include "print/preflight/preflight.h"

/* The thinnest fill when the rules name no thinnest line: no press holds
 * a solid area under 0.05 mm. */
#define TP_PF_MIN_FILL_MM 0.05

struct tp_pf_file_rules {
	struct tp_pf_rules r;       /* the page rules (r.safe is not used) */
	const char *cut_ink;        /* the die ink's name ("" : any die-like name) */
	double min_fill;            /* thinnest filled area, mm (0: off) */
	double min_text_pt;         /* smallest text, pt (0: off) */
	int marks;                  /* printer's marks allowed */
	int pdfx4;                  /* PDF/X-4, else X-1a:2003 */
	const char *condition;      /* the output intent's condition, or NULL */
};

/* Checks the PDF buf[0..n-1] (buf[n] readable and 0), named `name` in
 * the findings, into pf.  0, or -1 when out of memory. */
int tp_preflight_pdf(const unsigned char *buf, size_t n, const char *name,
		     const struct tp_pf_file_rules *fr, struct tp_preflight *pf);

#endif
