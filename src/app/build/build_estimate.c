#include "app/build/build_estimate.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/build.h"
#include "app/file_name.h"
#include "app/impose_game.h"
#include "app/sheet_pages.h"
#include "games/config.h"
#include "print/layout/sheet.h"

/* Page k of a sheet: of doc, or when doc is NULL (a sheet made one page
 * at a time) of sp.  NULL when out of memory. */
static const struct tp_scene *page_of(const struct tp_doc *doc, struct tp_sheet_pages *sp,
				      size_t k)
{
	if (doc)
		return doc->pages[k].sc;
	const struct tp_page *pg = tp_sheet_pages_get(sp, k);
	return pg ? pg->sc : NULL;
}

static int whole(const struct tp_sheet_def *def)
{
	return (def->flags & TP_SHEET_WHOLE) != 0;
}

/* The names run_task gives the files: SHEET.EXT for one file, else
 * SHEET-PAGE.EXT a page (SHEET after print.file_name), pages named as tp_doc_panelize names panels. */
static int name_files(const struct tp_config *c, const struct tp_sheet_def *def,
		      const struct tp_backend *b, const struct tp_doc *doc, struct tp_sheet_pages *sp,
		      double pages,
		      struct tp_written_list *names)
{
	char file[300], base[128];
	if (pages == 0)
		return 0;
	tp_file_base(c, def->name, base, sizeof base);
	if (pages == 1 || b->multipage) {
		snprintf(file, sizeof file, "%s%s", base, b->ext);
		return tp_written_add(names, file, 0, 0);
	}
	size_t n = doc ? doc->n : sp->n;
	for (size_t k = 0; k < n; k++) {
		const struct tp_scene *sc = page_of(doc, sp, k);
		if (sc == NULL)
			return -1;
		if (b->only_ink && !tp_scene_uses_ink(sc, b->only_ink))
			continue;
		int nx = 1, ny = 1;
		if (!whole(def))
			tp_impose_grid(c, sc, &nx, &ny);
		for (int r = 0; r < ny; r++)
			for (int col = 0; col < nx; col++) {
				if (nx * ny == 1)
					snprintf(file, sizeof file, "%s-%s%s", base, sc->name, b->ext);
				else if (n > 1)
					snprintf(file, sizeof file, "%s-%s-panel-%d-%d%s", base, sc->name, r + 1, col + 1, b->ext);
				else
					snprintf(file, sizeof file, "%s-panel-%d-%d%s", base, r + 1, col + 1, b->ext);
				if (tp_written_add(names, file, 0, 0) != 0)
					return -1;
			}
	}
	return 0;
}

int tp_estimate_task(const struct tp_session *s, size_t sheet, const struct tp_backend *b,
		     const struct tp_doc *built, const struct tp_doc *written,
		     struct tp_estimate *est)
{
	const struct tp_config *c = s->cfg;
	const struct tp_sheet_def *def = &s->game->sheets[sheet];
	int punch = c->print.layout == TP_LAYOUT_PUNCHBOARD;
	/* Punchboard sheets are counted as imposed (press sheets are few);
	 * gang sheets as built, panels and all. */
	const struct tp_doc *doc = punch ? written : built;
	/* No layout (a sheet made one page at a time): its pages one by one
	 * (imposed when punchboard, as written); gang, a sheet that can be
	 * laid out in part gives its frame alone, which has the page's size
	 * and die lines (all the count needs). */
	struct tp_sheet_pages sp = { 0 };
	if (doc == NULL && tp_sheet_pages_open(&sp, s, sheet, punch ? 1 : TP_PAGES_FRAME) != 0) {
		tp_sheet_pages_close(&sp);
		return -1;
	}
	/* A sheet only counted (sp.counted): its pages as built, each
	 * standing for doc.total alike when it is the first of a window. */
	size_t n_pages = doc ? doc->n : sp.counted ? sp.doc.n : sp.n;
	double each = !doc && sp.counted && sp.doc.total > 0 ? (double)sp.doc.total : 1;
	double pages = 0, area = 0;
	for (size_t k = 0; k < n_pages; k++) {
		const struct tp_scene *sc = !doc && sp.counted ? sp.doc.pages[k].sc : page_of(doc, &sp, k);
		if (sc == NULL) {
			tp_sheet_pages_close(&sp);
			return -1;
		}
		if (b->only_ink && !tp_scene_uses_ink(sc, b->only_ink))
			continue;
		/* A sheet printed whole (a box wrap) is never paneled: one file
		 * a page, its bleed box in pixels, as its maker writes it. */
		double a, n = whole(def) ? 1 : tp_impose_panels(c, sc, &a);
		if (whole(def))
			a = (sc->trim_w + 2 * sc->bleed) * (sc->trim_h + 2 * sc->bleed);
		est->panels |= n > 1;
		pages += n * each;
		area += a * each;
	}
	if (b->multipage && pages > est->most_pages) {
		est->most_pages = pages;
		est->most_pages_sheet = sheet;
	}
	double files = pages == 0 ? 0 : b->multipage ? 1 : pages;
	if (strcmp(b->name, "pdf") == 0)
		est->pdf_files += files;
	int rc = est->names && files <= c->print.max_files ? name_files(c, def, b, doc, &sp, pages, est->names) : 0;
	tp_sheet_pages_close(&sp);
	if (rc != 0)
		return -1;
	double gpx = b->raster ? tp_build_pixels(c, area) / 1e9 : 0;
	est->files += files;
	est->gpx += gpx;
	if (files > est->most_files) {
		est->most_files = files;
		est->most_files_sheet = sheet;
	}
	if (gpx > est->most_gpx) {
		est->most_gpx = gpx;
		est->most_gpx_sheet = sheet;
	}
	return 0;
}

int tp_estimate_merge(struct tp_estimate *est, const struct tp_estimate *part, size_t sheet)
{
	est->files += part->files;
	est->pdf_files += part->pdf_files;
	est->gpx += part->gpx;
	est->panels |= part->panels;
	if (part->files > est->most_files) {
		est->most_files = part->files;
		est->most_files_sheet = sheet;
	}
	if (part->gpx > est->most_gpx) {
		est->most_gpx = part->gpx;
		est->most_gpx_sheet = sheet;
	}
	if (part->most_pages > est->most_pages) {
		est->most_pages = part->most_pages;
		est->most_pages_sheet = sheet;
	}
	for (size_t k = 0; est->names && part->names && k < part->names->n; k++)
		if (tp_written_add(est->names, part->names->v[k].name, 0, 0) != 0)
			return -1;
	return 0;
}

int tp_estimate_squares(const struct tp_config *c, tp_err *e)
{
	double squares = (double)c->board.rows * c->board.cols;
	int max = c->print.max_squares;
	if (squares <= max)
		return TP_OK;
	/* What fits: the square board of at most max squares, and the
	 * board of the cols asked with as many rows as fit. */
	int side = (int)floor(sqrt((double)max));
	while ((double)(side + 1) * (side + 1) <= max)
		side++;
	int rows = max / c->board.cols;
	char also[80] = "";
	if (rows >= 1 && !(rows == side && c->board.cols == side))
		snprintf(also, sizeof also, ", or %d x %d", rows, c->board.cols);
	/* The limit's place when it was given, else that of the board's size. */
	const char *at = tp_config_given(c, "print", "max_squares")
			 ? tp_config_where(c, "print", "max_squares")
			 : tp_config_where(c, "board", tp_config_given(c, "board", "rows") ? "rows" : "cols");
	return tp_fail(e, TP_EINPUT,
		       "%s: print.max_squares = %d: a board of %d x %d is %.0f squares; a build grows with them, and one this large is refused before any layout; allowed: at most %d squares (%d x %d%s), or raise print.max_squares",
		       at,
		       max, c->board.rows, c->board.cols, squares, max, side, side, also);
}

int tp_estimate_check(const struct tp_session *s, const struct tp_estimate *est, tp_err *e)
{
	const struct tp_print *p = &s->cfg->print;
	const struct tp_config *c = s->cfg;
	/* Panels multiply files and pages: name the keys that make them. */
	char why[300] = "";
	if (est->panels)
		snprintf(why, sizeof why, "; pages over print.max_sheet_mm = %g mm (%s) become panels, %s",
			 p->max_sheet_mm, tp_config_where(c, "print", "max_sheet_mm"),
			 est->files > p->max_files ? "one file each in PNG and SVG" : "a page each in PDF");
	const char *at = tp_config_where(c, "print",
					 tp_config_given(c, "print", "max_files") || !est->panels
						 ? "max_files"
						 : "max_sheet_mm");
	if (est->files > p->max_files)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.max_files = %d: this build would write about %.0f files (%.0f of them %s)%s; allowed: raise print.max_files, or build fewer (--only, --formats) or larger pages",
			       at, p->max_files, est->files, est->most_files,
			       s->game->sheets[est->most_files_sheet].name, why);
	/* Every file the build writes counts: the manifest's, the contact
	 * sheet, index.html and the record too. */
	if (est->files + est->others > p->max_files)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.max_files = %d: this build would write %.0f files: %.0f of sheets and %.0f more (the manifest's, the contact sheet, index.html, the build record); allowed: raise print.max_files, or build fewer (--only, --formats)",
			       at, p->max_files, est->files + est->others, est->files, est->others);
	/* One file of more pages than print.max_files (a PDF of panels) is
	 * no more printable than as many files, and laying it out would
	 * take memory in proportion. */
	if (est->most_pages > p->max_files)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.max_files = %d: this build would write a file of about %.0f pages (%s)%s; allowed: raise print.max_files, or larger pages",
			       at, p->max_files, est->most_pages,
			       s->game->sheets[est->most_pages_sheet].name, why);
	/* The place named is the limit's when it was given (file:line or the
	 * --set), else that of what drives the count (print.dpi; the panels'
	 * print.max_sheet_mm): never a line that holds another key. */
	if (est->gpx > p->max_gpx)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.max_gpx = %g: this build would draw %.1f gigapixels of PNG at print.dpi = %g (%.1f of them %s); allowed: a lower print.dpi, --formats without png, or raise print.max_gpx",
			       tp_config_where(c, "print", tp_config_given(c, "print", "max_gpx") ? "max_gpx" : "dpi"),
			       p->max_gpx, est->gpx, p->dpi,
			       est->most_gpx, s->game->sheets[est->most_gpx_sheet].name);
	/* Each PDF embeds the output profile whole (deflated, which seldom
	 * shrinks a profile's tables much): counted at its size. */
	double mb = est->pdf_files * p->output_profile_bytes / 1e6;
	if (mb > p->max_mb)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.max_mb = %g: this build would write %.0f PDFs, each embedding print.output_profile (%s, %.3f MB): %.3f MB; allowed: a smaller output profile, --formats without pdf, fewer sheets (--only), or raise print.max_mb",
			       tp_config_where(c, "print", tp_config_given(c, "print", "max_mb") ? "max_mb" : "output_profile"),
			       p->max_mb, est->pdf_files, p->output_profile, p->output_profile_bytes / 1e6, mb);
	return TP_OK;
}

void tp_estimate_print(struct tp_buf *b, const struct tp_session *s, const struct tp_estimate *est)
{
	const struct tp_print *p = &s->cfg->print;
	tp_buf_printf(b, "build estimate: %.0f files of sheets, %.4g Gpx of PNG at %g dpi (limits: print.max_files = %d, print.max_gpx = %g)\n",
		      est->files, est->gpx, p->dpi, p->max_files, p->max_gpx);
}
