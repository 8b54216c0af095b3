/* The cuts behind a sheet without die lines (preflight_cut.h). */

#include "app/build/preflight_cut.h"

#include <math.h>
#include <string.h>

#include "app/build.h"
#include "games/game.h"

#define NEAR 1e-6   /* mm: the same place, as the panel planner gives it */

/* Page j of the cutting sheet's box on the whole sheet (x0 y0 x1 y1);
 * 0 when it cannot be known without making the page (pages made one at
 * a time, not panels: they all lie at the sheet's corner). */
static int box_of(const struct tp_pf_cuts *cu, size_t j, double b[4])
{
	const struct tp_sheet_pages *sp = &cu->sp;
	if (cu->doc == NULL && sp->panels != NULL) {
		memcpy(b, &sp->panels[4 * j], 4 * sizeof *b);
		return 1;
	}
	if (cu->doc == NULL && (sp->one || sp->counted))
		return 0;
	const struct tp_page *pg = cu->doc ? &cu->doc->pages[j] : &sp->doc.pages[j];
	b[0] = pg->at[0];
	b[1] = pg->at[1];
	b[2] = pg->at[0] + pg->sc->trim_w;
	b[3] = pg->at[1] + pg->sc->trim_h;
	return 1;
}

static int same(const double a[4], const double b[4])
{
	for (int i = 0; i < 4; i++)
		if (fabs(a[i] - b[i]) > NEAR)
			return 0;
	return 1;
}

/* Page j of the cutting sheet; NULL when out of memory. */
static const struct tp_page *page(struct tp_pf_cuts *cu, size_t j)
{
	return cu->doc ? &cu->doc->pages[j] : tp_sheet_pages_get(&cu->sp, j);
}

int tp_pf_cuts_open(struct tp_pf_cuts *cu, const struct tp_session *s, const struct tp_build *b,
		    const struct tp_sheet_def *d)
{
	memset(cu, 0, sizeof *cu);
	const struct tp_game *g = s->game;
	const struct tp_sheet_def *by = d->cut_by ? tp_game_sheet(g, d->cut_by) : NULL;
	char why[300];
	if (by == NULL || tp_sheet_absent(s->cfg, by, why, sizeof why))
		return 0;
	size_t i = (size_t)(by - g->sheets);
	if (b != NULL && b->kept != NULL && b->kept[i]) {
		if (tp_build_imposed(s, i, &b->built[i], &cu->own, &cu->doc) != 0) {
			tp_doc_free(&cu->own);
			return -1;
		}
		cu->n = cu->doc->n;
	} else {
		if (tp_sheet_pages_open(&cu->sp, s, i, 1) != 0) {
			tp_sheet_pages_close(&cu->sp);
			return -1;
		}
		if (cu->sp.counted) {
			tp_sheet_pages_close(&cu->sp);
			return 0;
		}
		cu->n = cu->sp.n;
	}
	cu->on = 1;
	cu->back = d->cut_back;
	for (size_t j = 0; j < cu->n; j++) {
		double bx[4];
		if (box_of(cu, j, bx))
			cu->w = fmax(cu->w, bx[2]);
	}
	return 0;
}

static int overlap(const double a[4], const double b[4])
{
	return fmin(a[2], b[2]) - fmax(a[0], b[0]) > NEAR && fmin(a[3], b[3]) - fmax(a[1], b[1]) > NEAR;
}

/* The cuts of the cutting sheet's page j, which lies at `at` on its
 * sheet, into P (page pg). */
static int add(struct tp_pf_cuts *cu, size_t j, const double at[2], const struct tp_page *pg,
	       struct tp_pf_page *P)
{
	const struct tp_page *cp = page(cu, j);
	if (cp == NULL)
		return -1;
	double w = cu->w > 0 ? cu->w : at[0] + cp->sc->trim_w;
	if (cu->back)
		return tp_pf_add_cuts(P, cp->sc, -1, w - at[0] - pg->at[0], at[1] - pg->at[1]);
	return tp_pf_add_cuts(P, cp->sc, 1, at[0] - pg->at[0], at[1] - pg->at[1]);
}

int tp_pf_cuts_add(struct tp_pf_cuts *cu, size_t k, const struct tp_page *pg, struct tp_pf_page *P)
{
	if (!cu->on)
		return 0;
	const struct tp_scene *sc = pg->sc;
	double want[4] = { pg->at[0], pg->at[1], pg->at[0] + sc->trim_w, pg->at[1] + sc->trim_h };
	if (cu->back) {
		double x0 = want[0];
		want[0] = cu->w - want[2];
		want[2] = cu->w - x0;
	}
	double b[4];
	if (k < cu->n && !box_of(cu, k, b)) {
		/* Pages made one at a time, all at the sheet's corner: the
		 * same page, when it is the same size. */
		const struct tp_page *cp = page(cu, k);
		if (cp == NULL)
			return -1;
		if (fabs(cp->sc->trim_w - sc->trim_w) > NEAR || fabs(cp->sc->trim_h - sc->trim_h) > NEAR)
			return 0;
		return add(cu, k, cp->at, pg, P);
	}
	/* The same page at the same place (a press sheet, a whole sheet),
	 * else every panel that overlaps the place. */
	if (k < cu->n && same(b, want))
		return add(cu, k, b, pg, P);
	int behind = 0;
	for (size_t j = 0; j < cu->n; j++)
		if (box_of(cu, j, b) && overlap(b, want)) {
			behind |= same(b, want);
			if (add(cu, j, b, pg, P) != 0)
				return -1;
		}
	return behind ? 0 : 1;
}

void tp_pf_cuts_close(struct tp_pf_cuts *cu)
{
	if (cu->on && cu->doc == NULL)
		tp_sheet_pages_close(&cu->sp);
	tp_doc_free(&cu->own);
	memset(cu, 0, sizeof *cu);
}
