/* The part of imposition that knows the games and the config: which sheet
 * is a tile sheet, the config-stage checks, a sheet's pages on press
 * sheets, manifest/punch.csv (see app/impose_game.h; the geometry is
 * print/layout/impose.c). */

#include "app/impose_game.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/config.h"
#include "games/game.h"
#include "print/layout/die.h"
#include "print/layout/impose_parts.h"

#define EPS 1e-6

/* ---- the config stage ------------------------------------------------------------ */

/* The pages a gang layout without a named press sheet puts separate
 * pieces on when their page is larger than print.max_sheet_mm: a panel's
 * seam would cut pieces open (the preflight's die-split), so they go
 * whole onto pages of max_sheet_mm square, as onto a named press sheet,
 * with its margins and gutter. */
static void max_press(const struct tp_config *c, struct tp_press *pr)
{
	tp_press_of(c, pr);
	pr->w = pr->h = c->print.max_sheet_mm;
}

/* Lays the separate pieces of sheet d (none when it has no parts) out on
 * press sheets pr: 0 when they fit, 1 when not (why says why), -1 when
 * out of memory. */
static int parts_fit(const struct tp_config *c, const struct tp_press *pr,
		     const struct tp_sheet_def *d, char *why, size_t n)
{
	struct tp_parts ps = { 0 };
	int has = d->parts ? d->parts(c, d->name, &ps) : 0;
	if (has <= 0) {
		free(ps.p);
		return has < 0 ? -1 : 0;
	}
	int *sh = tp_calloc(ps.n + 1, sizeof *sh);
	double *x = tp_calloc(ps.n + 1, sizeof *x), *y = tp_calloc(ps.n + 1, sizeof *y);
	int oom = !(sh && x && y);
	int rc = oom ? 0 : tp_parts_plan(pr, &ps, sh, x, y, why, n);
	free(ps.p);
	free(sh);
	free(x);
	free(y);
	return oom ? -1 : rc < 0 ? 1 : 0;
}

/* Every sheet's separate pieces fit press sheets pr, else the refusal of
 * print.KEY = VALUE: sheet NAME WHAT: why; allowed: BIGGER, smaller
 * margins, or smaller pieces. */
static int parts_check(const struct tp_config *c, const struct tp_press *pr, const char *key,
		       const char *value, const char *what, const char *bigger, tp_err *e)
{
	const struct tp_game *g = c->game;
	for (size_t i = 0; g && i < g->n_sheets; i++) {
		const struct tp_sheet_def *d = &g->sheets[i];
		char why[400];
		int rc = parts_fit(c, pr, d, why, sizeof why);
		if (rc < 0)
			return tp_fail(e, TP_EIO, "out of memory laying out the pieces of sheet %s", d->name);
		if (rc > 0)
			return tp_fail(e, TP_EINPUT,
				       "%s: print.%s = %s: sheet %s %s: %s; allowed: %s, smaller margins, or smaller pieces",
				       tp_config_where(c, "print", key), key, value, d->name, what, why, bigger);
	}
	return TP_OK;
}

/* Every separate piece fits a max_press page (a larger one is refused
 * here, not split at the build). */
static int max_press_check(const struct tp_config *c, tp_err *e)
{
	struct tp_press pr;
	char v[32];
	max_press(c, &pr);
	snprintf(v, sizeof v, "%g", c->print.max_sheet_mm);
	return parts_check(c, &pr, "max_sheet_mm", v, "cannot be laid out on pages of that size",
			   "a larger print.max_sheet_mm", e);
}

int tp_impose_check(const struct tp_config *c, tp_err *e)
{
	const struct tp_print *p = &c->print;
	int punch = p->layout == TP_LAYOUT_PUNCHBOARD;
	/* A gang layout uses a press sheet only when one is named (by the
	 * config or its profile): oversize pages are paneled onto it.
	 * Without one, separate pieces on a page larger than max_sheet_mm
	 * go whole onto pages of that size (max_press): each must fit one. */
	if (!punch && !tp_config_given(c, "print", "sheet_mm"))
		return max_press_check(c, e);
	struct tp_press pr;
	tp_press_of(c, &pr);
	double a[4];
	tp_press_clear(&pr, a);
	if (punch && pr.gutter < 2 * pr.bleed - EPS)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.gutter_mm = %g: with print.layout = punchboard each tile's %g mm bleed lies inside the gutter, so two bleeds need %g mm; allowed: print.gutter_mm >= 2 x print.bleed_mm (%g mm), or a smaller bleed",
			       tp_config_where(c, "print", "gutter_mm"), pr.gutter, pr.bleed,
			       2 * pr.bleed, 2 * pr.bleed);
	if (a[2] <= 0 || a[3] <= 0)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.margin_mm = %g, print.gripper_mm = %g leave nothing of the %g x %g mm press sheet (print.sheet_mm = %s); allowed: margins that leave room for a tile",
			       tp_config_where(c, "print", "margin_mm"), pr.margin, pr.gripper, pr.w,
			       pr.h, p->sheet_name);
	const struct tp_game *g = punch ? c->game : NULL;
	for (size_t i = 0; g && i < g->n_sheets; i++) {
		const struct tp_sheet_def *d = &g->sheets[i];
		struct tp_tile_grid tg = { 0 };
		struct tp_imposition im;
		char why[400];
		if (d->tiles == NULL || d->tiles(c, NULL, &tg) != 0)
			continue;
		/* Blame the press sheet if it was given, else the tile size. */
		const char *where = tp_config_given(c, "print", "sheet_mm")
					    ? tp_config_where(c, "print", "sheet_mm")
					    : tp_config_where(c, "print", "tile_mm");
		if (tp_impose_plan(&pr, &tg, &im, why, sizeof why) != 0)
			return tp_fail(e, TP_EINPUT,
				       "%s: print.sheet_mm = %s: sheet %s cannot be imposed: %s; allowed: a larger press sheet, smaller margins, or a smaller tile (print.tile_mm, --level)",
				       where, p->sheet_name, d->name, why);
	}
	int rc = parts_check(c, &pr, "sheet_mm", p->sheet_name, "cannot be imposed",
			     "a larger press sheet", e);
	if (rc != TP_OK)
		return rc;
	/* Oversize sheets become panels that fit the clear area, marks included. */
	double room_w, room_h;
	tp_press_room(c, &room_w, &room_h);
	if (fmin(room_w, room_h) < 2 * p->panel_overlap_mm + 10)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.sheet_mm = %s leaves %g x %g mm for a panel's art inside the margins and gripper, after bleed%s; for the panels of oversize sheets it must exceed twice print.panel_overlap_mm (%g) by 10 mm; allowed: a larger press sheet or smaller margins",
			       tp_config_where(c, "print", "sheet_mm"), p->sheet_name, room_w, room_h,
			       p->marks ? " and marks" : "", p->panel_overlap_mm);
	return TP_OK;
}

/* ---- a sheet's pages ---------------------------------------------------------- */

/* The tile sheet that is sheet itself (*back = 0) or whose backs it holds
 * (*back = 1), with its grid; NULL when sheet is neither. */
static const struct tp_sheet_def *tile_sheet_of(const struct tp_config *c, const void *model,
						const char *sheet, struct tp_tile_grid *g, int *back)
{
	const struct tp_game *gm = c->game;
	for (size_t i = 0; i < gm->n_sheets; i++) {
		const struct tp_sheet_def *d = &gm->sheets[i];
		memset(g, 0, sizeof *g);
		if (d->tiles == NULL || d->tiles(c, model, g) != 0)
			continue;
		if (strcmp(d->name, sheet) == 0) {
			*back = 0;
			return d;
		}
		if (g->backs && strcmp(g->backs, sheet) == 0) {
			*back = 1;
			return d;
		}
	}
	return NULL;
}

/* Every page of doc (sheet `sheet`) that holds separate components
 * becomes press sheets, whole components on each (impose_parts.h); the
 * other pages stay as they are, in order.  0, or -1 when out of memory. */
static int impose_parts_doc(const struct tp_config *c, const struct tp_press *pr,
			    const char *sheet, struct tp_doc *doc)
{
	const struct tp_sheet_def *d = tp_game_sheet(c->game, sheet);
	if (d == NULL || d->parts == NULL)
		return 0;
	struct tp_doc out = { 0 };
	for (size_t k = 0; k < doc->n; k++) {
		struct tp_page *pg = &doc->pages[k];
		struct tp_parts ps = { 0 };
		int has = d->parts(c, pg->sc->name, &ps), rc = 0;
		if (has > 0) {
			char stem[80];
			snprintf(stem, sizeof stem, "%s-", pg->sc->name);
			rc = tp_impose_parts(pr, &ps, pg->sc, doc->n == 1 ? "" : stem, &out);
		} else if (has == 0) {
			rc = tp_doc_add(&out, pg->sc, pg->note);
			pg->sc = NULL;   /* owned by out now */
			if (rc == 0)
				memcpy(out.pages[out.n - 1].overlap, pg->overlap, sizeof pg->overlap);
		}
		free(ps.p);
		if (has < 0 || rc != 0) {
			tp_doc_free(&out);
			return -1;
		}
	}
	tp_doc_free(doc);
	*doc = out;
	return 0;
}

/* 1 when a page of doc (sheet `sheet`) holding separate pieces is larger
 * than print.max_sheet_mm allows a page whole (tp_panel_split); -1 when
 * out of memory. */
static int parts_oversize(const struct tp_config *c, const char *sheet, const struct tp_doc *doc)
{
	const struct tp_sheet_def *d = tp_game_sheet(c->game, sheet);
	const struct tp_print *p = &c->print;
	double m = p->marks ? TP_MARK_MARGIN_MM : 0, step;
	for (size_t k = 0; d && d->parts && k < doc->n; k++) {
		const struct tp_scene *sc = doc->pages[k].sc;
		struct tp_parts ps = { 0 };
		int has = d->parts(c, sc->name, &ps);
		free(ps.p);
		if (has < 0)
			return -1;
		double room = p->max_sheet_mm - 2 * (sc->bleed + m);
		if (has > 0 && (tp_panel_split(sc->trim_w, room, p->panel_overlap_mm, &step) != 1 ||
				tp_panel_split(sc->trim_h, room, p->panel_overlap_mm, &step) != 1))
			return 1;
	}
	return 0;
}

/* The room a gang page is paneled on (gang_pages): a named press sheet's
 * clear area, else print.max_sheet_mm square. */
static void gang_room(const struct tp_config *c, double wh[2])
{
	const struct tp_print *p = &c->print;
	wh[0] = wh[1] = p->max_sheet_mm;
	if (tp_config_given(c, "print", "sheet_mm")) {
		struct tp_press pr;
		double a[4];
		tp_press_of(c, &pr);
		tp_press_clear(&pr, a);
		wh[0] = fmin(a[2], p->max_sheet_mm);
		wh[1] = fmin(a[3], p->max_sheet_mm);
	}
}

/* A gang layout's pages of sheet before paneling: separate pieces moved
 * whole onto pages (impose_parts_doc) when their page is too large, or
 * always onto a named press sheet; wh gets the paneling room. */
static int gang_pages(const struct tp_config *c, const char *sheet, struct tp_doc *doc,
		      double wh[2])
{
	struct tp_press pr;
	gang_room(c, wh);
	if (!tp_config_given(c, "print", "sheet_mm")) {
		max_press(c, &pr);
		int big = parts_oversize(c, sheet, doc);
		return big < 0 || (big && impose_parts_doc(c, &pr, sheet, doc) != 0) ? -1 : 0;
	}
	/* A named press sheet: separate pieces go onto it whole, other
	 * oversize pages are paneled onto it. */
	tp_press_of(c, &pr);
	return impose_parts_doc(c, &pr, sheet, doc);
}

/* 1 when a page of doc without die lines becomes panels on the room wh
 * (tp_panel_grid, the split tp_doc_panelize_by makes of it). */
static int plain_oversize(const struct tp_config *c, const struct tp_doc *doc, const double wh[2])
{
	const struct tp_print *p = &c->print;
	double m = p->marks ? TP_MARK_MARGIN_MM : 0;
	for (size_t k = 0; k < doc->n; k++) {
		const struct tp_scene *sc = doc->pages[k].sc;
		int nx, ny;
		if (tp_scene_uses_ink(sc, TP_INK_CUT))
			continue;
		tp_panel_grid(sc, wh[0], wh[1], p->panel_overlap_mm, m, &nx, &ny);
		if (nx * ny > 1)
			return 1;
	}
	return 0;
}

/* Panels doc (gang layout): a back or plate (tp_sheet_def cut_by) whose
 * pages need panels takes the panels of the sheet that cuts it, laid out
 * here as it is for its own build, so that every panel prints behind (or
 * on) its fronts' panel. */
static int gang_doc(const struct tp_config *c, const void *model, const char *sheet,
		    struct tp_doc *doc)
{
	const struct tp_print *p = &c->print;
	double m = p->marks ? TP_MARK_MARGIN_MM : 0, wh[2], cwh[2];
	if (gang_pages(c, sheet, doc, wh) != 0)
		return -1;
	const struct tp_sheet_def *d = tp_game_sheet(c->game, sheet);
	const struct tp_sheet_def *cd = d && d->cut_by ? tp_game_sheet(c->game, d->cut_by) : NULL;
	/* The cutting sheet's frame alone (a region window of nothing: its
	 * die lines, all its panels follow from), so that a back paneled one
	 * panel at a time never holds its fronts whole. */
	struct tp_doc cut = { .part = 1 };
	if (cd && model && plain_oversize(c, doc, wh) &&
	    (cd->build(c, model, &cut) != 0 || gang_pages(c, cd->name, &cut, cwh) != 0)) {
		tp_doc_free(&cut);
		return -1;
	}
	int rc = tp_doc_panelize_by(doc, wh[0], wh[1], p->panel_overlap_mm, m,
				    cut.n ? &cut : NULL, d ? d->cut_back : 0);
	tp_doc_free(&cut);
	return rc;
}

static int impose_doc(const struct tp_config *c, const void *model, const char *sheet,
		      struct tp_doc *doc)
{
	const struct tp_print *p = &c->print;
	double m = p->marks ? TP_MARK_MARGIN_MM : 0;
	if (p->layout != TP_LAYOUT_PUNCHBOARD)
		return gang_doc(c, model, sheet, doc);
	struct tp_tile_grid g;
	struct tp_press pr;
	int back;
	tp_press_of(c, &pr);
	if (doc->n == 1 && tile_sheet_of(c, model, sheet, &g, &back) != NULL) {
		struct tp_doc out = { 0 };
		if (tp_impose_scene(&pr, &g, doc->pages[0].sc, back, "", &out) != 0) {
			tp_doc_free(&out);
			return -1;
		}
		tp_doc_free(doc);
		*doc = out;
	}
	if (impose_parts_doc(c, &pr, sheet, doc) != 0)
		return -1;
	double a[4];
	tp_press_clear(&pr, a);
	return tp_doc_panelize_wh(doc, fmin(a[2], p->max_sheet_mm), fmin(a[3], p->max_sheet_mm),
				  p->panel_overlap_mm, m);
}

/* Laid out, then the die lines as the config wants them: off the art
 * pages with print.die_lines = separate, and every closed die contour of
 * every page with the config's nicks (print/layout/die.h), so the preflight,
 * every writer and the die files see the same lines and gaps.  (Whatever
 * changes pages here must make tp_impose_keeps say 0.) */
int tp_impose_doc(const struct tp_config *c, const void *model, const char *sheet,
		  struct tp_doc *doc)
{
	const struct tp_sheet_def *d = tp_game_sheet(c->game, sheet);
	if (d && (d->flags & TP_SHEET_WHOLE))
		return 0;
	if (impose_doc(c, model, sheet, doc) != 0)
		return -1;
	const struct tp_print *p = &c->print;
	/* print.die_lines = separate: die lines in the cut sheet only. */
	for (size_t k = 0; p->die_lines == TP_DIE_SEPARATE && strcmp(sheet, "cut") != 0 && k < doc->n; k++)
		tp_die_strip(doc->pages[k].sc);
	struct tp_nicks nk = { p->nicks_per_side, p->nick_mm, p->nick_corner_mm };
	for (size_t k = 0; nk.per_side > 0 && k < doc->n; k++)
		if (tp_die_nick(doc->pages[k].sc, &nk) < 0)
			return -1;
	return 0;
}

int tp_impose_keeps(const struct tp_config *c, const struct tp_doc *doc)
{
	const struct tp_print *p = &c->print;
	/* Nicks change every closed die contour; separate die lines leave
	 * the art pages. */
	if (p->layout == TP_LAYOUT_PUNCHBOARD || tp_config_given(c, "print", "sheet_mm") ||
	    p->nicks_per_side > 0 || p->die_lines == TP_DIE_SEPARATE)
		return 0;
	double m = p->marks ? TP_MARK_MARGIN_MM : 0, step;
	for (size_t i = 0; i < doc->n; i++) {
		/* tp_doc_panelize moves a page that needs one panel as it is
		 * (it is turned only when that saves panels). */
		const struct tp_scene *sc = doc->pages[i].sc;
		double room = p->max_sheet_mm - 2 * (sc->bleed + m);
		if (!sc->press && (tp_panel_split(sc->trim_w, room, p->panel_overlap_mm, &step) != 1 ||
				   tp_panel_split(sc->trim_h, room, p->panel_overlap_mm, &step) != 1))
			return 0;
	}
	return 1;
}

double tp_impose_grid(const struct tp_config *c, const struct tp_scene *sc, int *nx, int *ny)
{
	const struct tp_print *p = &c->print;
	double m = p->marks ? TP_MARK_MARGIN_MM : 0, wh[2];
	if (p->layout == TP_LAYOUT_PUNCHBOARD || sc->press) {
		*nx = *ny = 1;
		return (sc->trim_w + 2 * sc->bleed) * (sc->trim_h + 2 * sc->bleed);
	}
	gang_room(c, wh);
	return tp_panel_grid(sc, wh[0], wh[1], p->panel_overlap_mm, m, nx, ny);
}

double tp_impose_panels(const struct tp_config *c, const struct tp_scene *sc, double *area)
{
	int nx, ny;
	double a = tp_impose_grid(c, sc, &nx, &ny);
	if (area != NULL)
		*area = a;
	return (double)nx * ny;
}

/* ---- manifest/punch.csv ----------------------------------------------------------- */

static int present(const struct tp_config *c, const struct tp_sheet_def *d)
{
	char why[300];
	return d && !tp_sheet_absent(c, d, why, sizeof why);
}

int tp_impose_csv(struct tp_buf *b, const struct tp_config *c, const void *model)
{
	const struct tp_game *gm = c->game;
	for (size_t i = 0; i < gm->n_sheets; i++) {
		const struct tp_sheet_def *d = &gm->sheets[i];
		struct tp_tile_grid g = { 0 };
		struct tp_press pr;
		struct tp_imposition im;
		char why[400];
		if (d->tiles == NULL || !present(c, d) || d->tiles(c, model, &g) != 0)
			continue;
		tp_press_of(c, &pr);
		if (tp_impose_plan(&pr, &g, &im, why, sizeof why) != 0)
			return 0;   /* tp_impose_check refused this config already */
		tp_buf_printf(b, "sheet,side,row,col,x_mm,y_mm\n");
		int sides = g.backs && present(c, tp_game_sheet(gm, g.backs)) ? 2 : 1;
		long n = (long)g.rows * g.cols;
		for (int k = 0; k < im.sheets; k++)
			for (int side = 0; side < sides; side++)
				for (long t = (long)k * im.per_sheet;
				     t < n && t < (long)(k + 1) * im.per_sheet; t++) {
					int r = (int)(t / g.cols), col = (int)(t % g.cols), sh;
					double x, y;
					tp_impose_place(&pr, &g, &im, r, col, side, &sh, &x, &y);
					tp_buf_printf(b, "%d,%s,%d,%d,%.2f,%.2f\n", sh + 1,
						      side ? "back" : "front", r + 1, col + 1, x, y);
				}
		return 1;   /* the first present tile sheet: see impose_game.h */
	}
	return 0;
}
