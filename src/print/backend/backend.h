#ifndef TP_BACKEND_H
#define TP_BACKEND_H

/* A backend translates finished scenes into one file format: a sink of the
 * scene walk (walk.h) and the file around it.  Adding a format is one row
 * in tp_backends[] (backend.c) plus one file. */

#include <stdio.h>

#include "core/status.h"
#include "print/scene/scene.h"
#include "print/scene/walk.h"

struct tp_doc_info {
	const char *title;    /* document title, e.g. "tilepress series: fronts" */
	const char *job;      /* job name for the slug line */
	const char *file;     /* file name being written, for the slug line */
	long long epoch;      /* seconds since 1970: SOURCE_DATE_EPOCH or fixed */
	double dpi;           /* raster backends */
	int marks;            /* draw TP_SHAPE_MARK shapes and grow the media box */
	/* PDF/X output intent; NULL members take the defaults below. */
	const char *output_condition;  /* OutputConditionIdentifier */
	const char *output_info;       /* the condition in words */
	const char *output_registry;   /* where the condition is registered */
	const char *output_profile;    /* CMYK output ICC file to embed, or NULL/"" */
	/* PDF: 0 writes PDF/X-1a:2003 (PDF 1.4), 1 PDF/X-4 (PDF 1.6, with the
	 * XMP metadata stream PDF/X-4 asks for). */
	int pdfx4;
	/* PDF: 1 writes an office printer's file instead (the playtest kit):
	 * every ink as DeviceRGB from its proof colour (ink->rgb, as the PNG
	 * proofs show it), no separations, no overprint, no PDF/X keys nor
	 * output intent. */
	int rgb;
};

#define TP_OUTPUT_CONDITION "FOGRA39"
#define TP_OUTPUT_INFO "Coated FOGRA39 (ISO 12647-2:2004)"
#define TP_OUTPUT_REGISTRY "http://www.color.org"

struct tp_pages_out;

struct tp_backend {
	const char *name;     /* as in print.formats: "pdf", "png", "svg", "dxf" */
	const char *ext;      /* ".pdf" */
	int multipage;        /* accepts n > 1 pages in one file */
	int raster;           /* pixels: no marks, no vector-only plates */
	/* Writes pages[0..n-1] to f (already open, binary).  Returns TP_OK, or
	 * fills e and returns its code (TP_EIO for write failures).  Never
	 * closes f. */
	int (*write)(FILE *f, const struct tp_scene *const *pages, size_t n,
		     const struct tp_doc_info *info, tp_err *e);
	/* 0: the backend writes every page of every sheet.  Else a shared ink
	 * (TP_INK_CUT, ...; game inks cannot be named here): the backend
	 * writes only that ink's shapes, so the build writes it only for the
	 * pages that have some (tp_scene_uses_ink) and leaves it out for a
	 * sheet that has none. */
	int only_ink;
	int proof;            /* shows sheets as a proof does (walk.h) */
	int outline_text;     /* text as glyph outlines, not as text */
	/* NULL, or (multipage backends) the same file as write makes, page by
	 * page in the memory of one page: open, add each page in order,
	 * close (writes the file onto f when write is 1 and nothing failed;
	 * frees everything either way, *out NULL included).  Each returns
	 * TP_OK or fills e. */
	int (*open)(struct tp_pages_out **out, FILE *f, const struct tp_doc_info *info, tp_err *e);
	int (*add)(struct tp_pages_out *out, const struct tp_scene *sc, tp_err *e);
	int (*close)(struct tp_pages_out *out, int write, tp_err *e);
};

/* The rows of tp_backends[], for a writer to find its own. */
enum { TP_BACKEND_PDF, TP_BACKEND_PNG, TP_BACKEND_SVG, TP_BACKEND_DXF };

extern const struct tp_backend tp_backends[];
extern const size_t tp_n_backends;

/* How the scene walk shows a scene to backend b writing the file info
 * describes: the one place where what each format draws is decided
 * (marks only on vector files that ask for them, only_ink, proof, text as
 * outlines; unknown inks fail the file). */
struct tp_walk_opts tp_backend_view(const struct tp_backend *b,
				    const struct tp_doc_info *info);

/* NULL when no backend has that name. */
const struct tp_backend *tp_backend_find(const char *name);
/* "pdf, png, svg, dxf": the names for messages (static text). */
const char *tp_backend_names(void);
/* A list of formats, as print.formats and --formats take it: names
 * separated by commas, blanks around each name ignored ("pdf, png"), a
 * name given twice counted once.  0 and a bit per tp_backends row in
 * *bits (1u << index), or -1 with why (what is wrong and what is
 * allowed; the caller names the key): an empty list, an empty name
 * between commas, an unknown name. */
int tp_backend_parse_list(const char *list, unsigned *bits, char *why, size_t n);

int tp_pdf_write(FILE *f, const struct tp_scene *const *pages, size_t n,
		 const struct tp_doc_info *info, tp_err *e);
/* tp_pdf_write page by page (tp_backend.open, add, close); info must
 * outlive the close. */
int tp_pdf_open(struct tp_pages_out **out, FILE *f, const struct tp_doc_info *info, tp_err *e);
int tp_pdf_add(struct tp_pages_out *out, const struct tp_scene *sc, tp_err *e);
int tp_pdf_close(struct tp_pages_out *out, int write, tp_err *e);

/* A scene placed on a composed page (tp_pdf_add_placed): its trim corner
 * at (x, y) mm from the page's top-left corner, its art clipped to its own
 * bleed box; turn 1 turns it half round about its trim centre (a back for
 * short-edge duplex); quarter 1 turns it a quarter clockwise instead, its
 * trim then trim_h wide and trim_w high from (x, y) (a landscape page on
 * portrait paper). */
struct tp_placed {
	const struct tp_scene *sc;
	double x, y;
	int turn;
	int quarter;
};
/* Adds one page of w x h mm (media = trim, no bleed) to a PDF opened with
 * tp_pdf_open, drawing pl[0..n-1] in order, each with the walk view
 * `view` (marks off).  For the playtest kit: many small scenes (tiles,
 * panels, the page's own furniture) on one sheet of paper, none of them
 * copied.  TP_OK or fills e. */
/* label: the page's label in the PDF ("front " with num 3 reads
 * "front 3"), or NULL. */
int tp_pdf_add_placed(struct tp_pages_out *out, double w, double h, const struct tp_placed *pl,
		      size_t n, const struct tp_walk_opts *view, const char *label, int num,
		      tp_err *e);
int tp_png_write(FILE *f, const struct tp_scene *const *pages, size_t n,
		 const struct tp_doc_info *info, tp_err *e);
int tp_svg_write(FILE *f, const struct tp_scene *const *pages, size_t n,
		 const struct tp_doc_info *info, tp_err *e);
/* The die lines (TP_INK_CUT shapes) of one page as ASCII DXF R12, 1:1 in
 * mm, y up from the trim box's bottom-left corner (backend_dxf.c). */
int tp_dxf_write(FILE *f, const struct tp_scene *const *pages, size_t n,
		 const struct tp_doc_info *info, tp_err *e);

/* Test hook for the PNG writer: the most bytes one band may hold, and the
 * widest tile Cairo is asked to draw (Cairo's own limit is 32767 px).
 * 0 restores the defaults.  Output must not depend on either. */
void tp_png_set_limits(size_t band_bytes, int tile_px);

/* Threads one PNG is drawn and compressed on (the build's -j; default 1).
 * The file is the same bytes for any number. */
void tp_png_set_threads(int threads);

/* Test hook: rows per compression block (0: from the width, the default),
 * so that small images can be cut into several blocks. */
void tp_png_set_block_rows(int rows);

#endif
