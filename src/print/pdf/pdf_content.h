#ifndef TP_PDF_CONTENT_H
#define TP_PDF_CONTENT_H

/* A content-stream interpreter for the preflight of a PDF file (ours or
 * edited): it runs a page's content (and the forms it draws) through the
 * graphics state (q/Q, cm, colours and colour spaces, line width, the
 * ExtGState's overprint, text size) and hands each thing painted to a
 * callback: a path filled or stroked, in the page's default user space
 * (points, y up), with its colour and overprint as the press would see
 * them, or a text shown with its size.  Not a renderer: clipping, shading
 * and images are not drawn (an image is reported by its box).  Bad
 * syntax ends the stream where it goes wrong (a finding for the caller,
 * `broken`), never a crash: the content is untrusted input. */

#include <stddef.h>

#include "print/pdf/pdf_read.h"
#include "print/scene/scene.h"

enum tp_pc_what { TP_PC_FILL, TP_PC_STROKE, TP_PC_TEXT, TP_PC_IMAGE };

/* A colour as painted.  spot: the Separation's name ("" for process
 * colour); its tint in tint, its alternate's CMYK in cmyk.  rgb: painted
 * in an RGB, Lab or ICC (3-component) space. */
struct tp_pc_colour {
	double cmyk[4];
	char spot[64];
	double tint;
	int rgb;
};

struct tp_pc_paint {
	int what;                  /* enum tp_pc_what */
	const struct tp_pt *pts;   /* the path (TP_PC_FILL, TP_PC_STROKE), page space */
	size_t n;
	int even_odd;              /* f*, B*, b* */
	double box[4];             /* its box (x0, y0, x1, y1), page space, pt */
	double width;              /* stroke width, pt (the CTM's scale applied) */
	double size;               /* text: the font size as shown, pt */
	struct tp_pc_colour col;
	int overprint;             /* OP (stroke) or op (fill) in force */
	int opm;                   /* the overprint mode */
};

/* Returns 0 to go on, non-zero to stop. */
typedef int (*tp_pc_paint_fn)(void *ctx, const struct tp_pc_paint *pt);

struct tp_pc_result {
	size_t paints;             /* things painted */
	int broken;                /* the content could not be read to its end */
	char why[120];             /* what broke */
};

/* Interprets page pg of p.  0, or -1 when out of memory; res tells
 * whether the content was read to the end. */
int tp_pdf_content_page(const struct tp_pdf *p, const struct tp_pv *pg, tp_pc_paint_fn fn,
			void *ctx, struct tp_pc_result *res);

/* Inflates object o's stream (FlateDecode, or none) into *out (malloc'd,
 * *n bytes).  0; -1 for a filter it does not read or bad data; -2 when
 * out of memory. */
int tp_pdf_stream_bytes(const struct tp_pdf *p, const struct tp_pdf_obj *o, unsigned char **out,
			size_t *n);

/* The pages of p in order: calls fn(ctx, k, page) for k = 1, 2, ...
 * (page: the page dictionary).  Returns the number of pages. */
int tp_pdf_pages(const struct tp_pdf *p, void (*fn)(void *ctx, int k, const struct tp_pv *pg),
		 void *ctx);

#endif
