#ifndef TP_PDF_PAGE_H
#define TP_PDF_PAGE_H

/* The press PDF writer's page state, shared by the page writer
 * (backend_pdf.c) and the marks every page places as shared forms
 * (pdf_marks.c).  Private to print/backend. */

#include <stddef.h>
#include <stdint.h>

#include <hpdf.h>

#include "core/status.h"
#include "print/backend/pdf_forms.h"
#include "print/backend/pdf_stream.h"
#include "print/image/image.h"
#include "print/scene/walk.h"

#define K (72.0 / 25.4)      /* points per mm */

struct doc {
	HPDF_Doc pdf;
	HPDF_ExtGState op[2];   /* overprint off / on, made on first use */
	tp_err *e;
	struct tp_pdf_stream out;  /* pages written as they are drawn */
	uint64_t id[2];         /* the trailer /ID, hashed page by page */
	int rgb;                /* tp_doc_info.rgb */
	struct tp_pdf_forms shared;  /* marks and glyphs every page places */
	int pdfx4;              /* tp_doc_info.pdfx4: transparency allowed */
	const char *profile;    /* tp_doc_info.output_profile */
	/* Images (image.h) as XObjects, each made once for the file and
	 * kept across pages (tp_pdf_stream_page), by image number; keep[]
	 * lists what the pages share: the ExtGStates, then the images and
	 * their masks. */
	HPDF_Image img[TP_IMAGES_MAX + 1];
	void *keep[2 + 2 * TP_IMAGES_MAX];
	size_t n_keep;
};

/* A colour as the content stream sets it: CMYK values, or a separation
 * (palette index) at 100 %.  kind 0: none set yet on this page. */
struct colour {
	int kind;               /* 0, 1 process, 2 separation */
	int idx;
	HPDF_REAL v[4];
};

struct page {
	struct doc *d;
	const struct tp_scene *sc;
	HPDF_Page pg;
	double off;             /* mm from the media's left/top edge to the trim */
	double dx, dy;          /* a placed scene: its trim corner on the page */
	int rgb;                /* DeviceRGB from ink->rgb (tp_doc_info.rgb) */
	double h_mm;            /* media height */
	HPDF_Box bleed;         /* pt, the clip for all non-mark art */
	HPDF_Dict cspaces;      /* /Resources /ColorSpace, made on first spot */
	unsigned char have_cs[TP_MAX_INKS];  /* by palette index */
	int clipped;            /* inside the q ... W n of the bleed clip */
	int want_clip;          /* the walk's clip for the next shape */
	int op, op_outside;     /* overprint now, and outside the clip */
	/* The fill and stroke colours now, and outside the clip: set only
	 * when they change (q ... Q restores them). */
	struct colour fill, stroke, fill_outside, stroke_outside;
	/* Repeats (walk.h): one Form XObject per first copy, by group id; the
	 * page's content stream and state while a form is being drawn. */
	HPDF_Dict *forms;
	size_t n_forms, cap_forms;
	HPDF_Dict form_res;     /* their /Resources (share_resources) */
	HPDF_Stream page_stream;
	int op_page;
	struct colour fill_page, stroke_page;
	/* The page's marks (pdf_forms.h): view is the walk's; marks is
	 * MARKS_ASK until the first mark is drawn, then how the crop marks
	 * and targets go out; bare while drawing a shared form, which sets no
	 * colour of its own. */
	const struct tp_walk_opts *view;
	int marks;
	int bare;
};

enum { MARKS_ASK, MARKS_SHARED, MARKS_IN_PLACE };

static inline HPDF_REAL px(const struct page *p, double x)
{
	return (HPDF_REAL)((x + p->off + p->dx) * K);
}

static inline HPDF_REAL py(const struct page *p, double y)
{
	return (HPDF_REAL)((p->h_mm - (y + p->off + p->dy)) * K);
}

/* Set only what changed (q ... Q restores them): the bleed clip, the
 * overprint and the colour (paint TP_FILL or TP_STROKE) of ink id. */
void tp_pdfp_set_clip(struct page *p, int on);
int tp_pdfp_set_overprint(struct page *p, int on);
int tp_pdfp_set_colour(struct page *p, int id, int paint);
/* One walk shape in the page's current state. */
int tp_pdfp_paint_shape(struct page *p, const struct tp_walk_shape *d);

/* The crop marks and targets at the page's first mark: placed as the
 * form every page of their kind shares, or (p->marks = MARKS_IN_PLACE)
 * left to be drawn in place.  0 or -1. */
int tp_pdf_mark_set(struct page *p);
/* A mark's outlined text, each glyph as a shared form.  0 or -1. */
int tp_pdf_mark_text(struct page *p, const struct tp_walk_shape *d);

#endif
