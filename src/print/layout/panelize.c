/* Paneling: a page larger than the press sheet's room split into panels
 * a press can print (sheet.h: tp_panel_split, tp_doc_panelize*).  On a
 * page with die lines the panels meet on cuts (tp_panel_cuts), each
 * closed round its pieces with its art running on (panel_die.c). */

#include "print/layout/sheet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print/scene/scene_index.h"

/* Most panels a page splits into along one axis on its die lines. */
#define TP_PANEL_CUTS 256

int tp_panel_split(double length, double max_trim, double overlap, double *step)
{
	if (length <= max_trim + 1e-9) {
		*step = length;
		return 1;
	}
	/* n panels of width step + overlap cover step * n + overlap. */
	int n = (int)ceil((length - overlap) / (max_trim - overlap) - 1e-9);
	*step = (length - overlap) / n;
	return n;
}

int tp_doc_panelize(struct tp_doc *doc, double max_media, double overlap, double margin)
{
	return tp_doc_panelize_wh(doc, max_media, max_media, overlap, margin);
}

/* Says in the slug note that the page lies turned on the press sheet. */
static void turn_note(struct tp_page *pg)
{
	size_t n = strlen(pg->note);
	snprintf(pg->note + n, sizeof pg->note - n, "%sturned 90 degrees on the press sheet",
		 n ? ", " : "");
}

/* How one page splits into panels on a w x h area (art room). */
struct split {
	int nx, ny, turned;
	double sx, sy;                 /* even steps (overlapping panels) */
	size_t kx, ky;                 /* 0, or the cuts panels meet on, +1 */
	double cx[TP_PANEL_CUTS], cy[TP_PANEL_CUTS];
	const char *by;                /* NULL, or the cutting sheet's name */
	int borrowed, mirrored;        /* the cuts are its (mirrored) */
};

static void plan_split(const struct tp_scene *sc, double w, double h, double overlap,
		       struct split *sp)
{
	sp->borrowed = sp->mirrored = 0;
	sp->by = NULL;
	double tx, ty;
	sp->nx = tp_panel_split(sc->trim_w, w, overlap, &sp->sx);
	sp->ny = tp_panel_split(sc->trim_h, h, overlap, &sp->sy);
	/* Turned across the sheet, when that saves a panel. */
	int mx = tp_panel_split(sc->trim_w, h, overlap, &tx);
	int my = tp_panel_split(sc->trim_h, w, overlap, &ty);
	sp->turned = (long)mx * my < (long)sp->nx * sp->ny;
	if (sp->turned) {
		sp->nx = mx;
		sp->ny = my;
		sp->sx = tx;
		sp->sy = ty;
	}
	sp->kx = sp->ky = 0;
	if (sc->press) {
		sp->nx = sp->ny = 1;
		sp->turned = 0;
		return;
	}
	/* A gang of die lines: panels meet on its cuts, no tile split. */
	if (!tp_scene_uses_ink(sc, TP_INK_CUT))
		return;
	if (sp->nx > 1)
		sp->kx = tp_panel_cuts(sc, 1, sp->turned ? h : w, sp->cx, TP_PANEL_CUTS);
	if (sp->ny > 1)
		sp->ky = tp_panel_cuts(sc, 0, sp->turned ? w : h, sp->cy, TP_PANEL_CUTS);
	if (sp->kx)
		sp->nx = (int)sp->kx - 1;
	if (sp->ky)
		sp->ny = (int)sp->ky - 1;
}

/* A page without die lines of its own (a back, a plate) takes the split
 * of the page cs that cuts its pieces, when cs meets its panels on die
 * lines: mirrored about the vertical axis for a back, whose panel c then
 * lies behind cs's panel nx - 1 - c (work-and-turn); an even split with
 * overlaps would put the seams across the pieces' backs, behind no cut. */
static void borrow_split(const struct tp_scene *sc, const struct tp_scene *cs, int mirrored,
			 double w, double h, double overlap, struct split *sp)
{
	if (cs == NULL || tp_scene_uses_ink(sc, TP_INK_CUT) || sc->press ||
	    fabs(cs->trim_w - sc->trim_w) > 1e-6 || fabs(cs->trim_h - sc->trim_h) > 1e-6)
		return;
	struct split c;
	plan_split(cs, w, h, overlap, &c);
	if (c.kx == 0 && c.ky == 0)
		return;
	*sp = c;
	sp->borrowed = 1;
	sp->mirrored = mirrored;
	sp->by = cs->name;
	for (size_t k = 0; mirrored && k < sp->kx; k++)
		sp->cx[k] = sc->trim_w - c.cx[c.kx - 1 - k];
}

/* The slug note of panel (r, c) of page pg: its place among the panels,
 * its overlap and, on a borrowed split, where it prints (the panel of the
 * cutting sheet at its place, mirrored for a back). */
static void panel_note(char *note, size_t n, const struct tp_page *pg, const struct split *sp,
		       int r, int c, double overlap)
{
	int k = snprintf(note, n, "%s%spanel row %d/%d col %d/%d, overlap %.1f mm", pg->note,
			 pg->note[0] ? ", " : "", r + 1, sp->ny, c + 1, sp->nx, overlap);
	if (sp->borrowed && k >= 0 && (size_t)k < n)
		snprintf(note + k, n - (size_t)k, ", %s %s row %d col %d",
			 sp->mirrored ? "behind" : "on", sp->by, r + 1, sp->mirrored ? sp->nx - c : c + 1);
}

/* Moves page pg whole onto out: out owns it from here on (pg keeps NULL),
 * even when adding fails (-1). */
static int move_whole(struct tp_doc *out, struct tp_page *pg, int turned)
{
	struct tp_page moved = *pg;
	pg->sc = NULL;
	if (tp_doc_add(out, moved.sc, moved.note) != 0)
		return -1;
	out->pages[out->n - 1] = moved;
	if (turned)
		turn_note(&out->pages[out->n - 1]);
	return 0;
}

double tp_panel_grid(const struct tp_scene *sc, double max_w, double max_h, double overlap,
		     double margin, int *nx, int *ny)
{
	struct split sp;
	plan_split(sc, max_w - 2 * (sc->bleed + margin), max_h - 2 * (sc->bleed + margin), overlap,
		   &sp);
	*nx = sp.nx;
	*ny = sp.ny;
	/* Panels on cuts tile the page; even ones overlap by `overlap`. */
	double w = sp.kx ? sc->trim_w + 2 * sc->bleed * sp.nx
		   : sp.nx * ((sp.nx > 1 ? sp.sx + overlap : sc->trim_w) + 2 * sc->bleed);
	double h = sp.ky ? sc->trim_h + 2 * sc->bleed * sp.ny
		   : sp.ny * ((sp.ny > 1 ? sp.sy + overlap : sc->trim_h) + 2 * sc->bleed);
	return w * h;
}

int tp_doc_panelize_wh(struct tp_doc *doc, double max_w, double max_h, double overlap,
		       double margin)
{
	return tp_doc_panelize_by(doc, max_w, max_h, overlap, margin, NULL, 0);
}

int tp_doc_panelize_by(struct tp_doc *doc, double max_w, double max_h, double overlap,
		       double margin, const struct tp_doc *cutter, int mirrored)
{
	struct tp_doc out = { 0 };
	for (size_t i = 0; i < doc->n; i++) {
		struct tp_page *pg = &doc->pages[i];
		const struct tp_scene *sc = pg->sc;
		struct split sp;
		double rw = max_w - 2 * (sc->bleed + margin), rh = max_h - 2 * (sc->bleed + margin);
		plan_split(sc, rw, rh, overlap, &sp);
		if (cutter != NULL && i < cutter->n)
			borrow_split(sc, cutter->pages[i].sc, mirrored, rw, rh, overlap, &sp);
		int nx = sp.nx, ny = sp.ny, turned = sp.turned;
		double sx = sp.sx, sy = sp.sy, *cx = sp.cx, *cy = sp.cy;
		size_t kx = sp.kx, ky = sp.ky;
		if (nx == 1 && ny == 1) {
			if (move_whole(&out, pg, turned) != 0)
				goto oom;
			continue;
		}
		int die = sp.borrowed || tp_scene_uses_ink(sc, TP_INK_CUT);
		size_t only = doc->n == 1 ? doc->panel : 0;   /* a panel window (sheet.h) */
		/* Panels cut from one index of the page cost what they show. */
		struct tp_scene_index *ix = tp_scene_index_new(sc);
		if (ix == NULL)
			goto oom;
		for (int r = 0; r < ny; r++)
			for (int c = 0; c < nx; c++) {
				char name[64], note[160];
				if (only > 0 && (size_t)r * (size_t)nx + (size_t)c != only - 1)
					continue;
				double x0 = kx ? cx[c] : c * sx, y0 = ky ? cy[r] : r * sy;
				double w = kx ? cx[c + 1] - cx[c] : nx > 1 ? sx + overlap : sc->trim_w;
				double h = ky ? cy[r + 1] - cy[r] : ny > 1 ? sy + overlap : sc->trim_h;
				/* No overlap on an axis split on die lines or not at all. */
				double ox = kx || nx == 1 ? 0 : overlap, oy = ky || ny == 1 ? 0 : overlap;
				snprintf(name, sizeof name, "%s%spanel-%d-%d", doc->n > 1 ? sc->name : "",
					 doc->n > 1 ? "-" : "", r + 1, c + 1);
				panel_note(note, sizeof note, pg, &sp, r, c, fmax(ox, oy));
				struct tp_scene *p = tp_sheet_crop_ix(sc, ix, name, x0, y0, w, h);
				if (p != NULL && die) {
					/* Pieces meet mid-overlap; on a die-line cut, art runs on. */
					double d[4] = { c > 0 ? ox / 2 : 0, r > 0 ? oy / 2 : 0,
							c < nx - 1 ? w - ox / 2 : w,
							r < ny - 1 ? h - oy / 2 : h };
					unsigned ro = (kx && c > 0 ? 1u : 0) | (ky && r > 0 ? 2u : 0) |
						      (kx && c < nx - 1 ? 4u : 0) | (ky && r < ny - 1 ? 8u : 0);
					struct tp_scene *q = tp_panel_die_runon(p, d, ro);
					tp_scene_free(p);
					p = q;
				}
				if (tp_doc_add(&out, p, note) != 0) {
					tp_scene_index_free(ix);
					goto oom;
				}
				struct tp_page *np = &out.pages[out.n - 1];
				if (turned)
					turn_note(np);
				const double ov[4] = { c > 0 ? ox : 0, r > 0 ? oy : 0, c < nx - 1 ? ox : 0,
						       r < ny - 1 ? oy : 0 };
				memcpy(np->overlap, ov, sizeof ov);
				for (int e = 0; e < 4; e++)   /* art runs on across a seam */
					np->sc->seams |= !die && ov[e] > 0 ? 1u << e : 0;
				memcpy(np->at, (double[2]){ x0, y0 }, sizeof np->at);
			}
		tp_scene_index_free(ix);
	}
	tp_doc_free(doc);
	*doc = out;
	return 0;
oom:
	/* Pages moved into out are owned there (doc keeps NULL in their
	 * place), so freeing both frees everything once. */
	tp_doc_free(&out);
	return -1;
}

