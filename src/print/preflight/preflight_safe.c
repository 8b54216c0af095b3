/* The preflight's safe zone (preflight_int.h). */

#include <math.h>

#include "print/preflight/preflight_int.h"
#include "print/art/text_outline.h"

#define EPS TP_PF_EPS

/* The nick after die piece j of D (to the next piece, or from the last
 * to the first) as a piece of cut, in *g; 0 when the line runs on there.
 * A nick is a bridge of board left in the cut, not a place the art must
 * keep clear of: a fill that runs into the cut where a nick falls (a cell
 * of a triangular board's jigsaw piece touching its seam at a corner)
 * was measured from the nick's ends, 0.1 to 0.2 mm off, and warned. */
static int nick_after(const struct tp_pf_page *P, const struct die *D, size_t j, struct tp_pf_seg *g)
{
	if (!D->nicked)
		return 0;
	const struct tp_pf_seg *a = &P->seg[j], *b = &P->seg[j + 1 < D->last ? j + 1 : D->first];
	double gap = hypot(b->x0 - a->x1, b->y0 - a->y1);
	if (gap <= EPS || gap > P->r->nick + EPS)
		return 0;
	*g = (struct tp_pf_seg){ .x0 = a->x1, .y0 = a->y1, .x1 = b->x0, .y1 = b->y0, .shape = a->shape };
	return 1;
}

/* The least distance from box b to a die piece (or nick); only dies whose
 * box is nearer than `limit` are looked at (beyond it any distance
 * serves). */
static double box_to_dies(const struct tp_pf_page *P, const double b[4], double limit)
{
	double d = INFINITY;
	for (size_t k = 0; k < P->n_die; k++) {
		const struct die *D = &P->die[k];
		if (tp_pf_box_box(b, D->box) >= fmin(d, limit))
			continue;
		for (size_t j = D->first; j < D->last; j++) {
			struct tp_pf_seg g;
			d = fmin(d, tp_pf_box_seg(b, &P->seg[j]));
			if (nick_after(P, D, j, &g))
				d = fmin(d, tp_pf_box_seg(b, &g));
		}
	}
	return d;
}

struct near {
	const struct tp_pf_page *P;
	double d;
};

/* An art outline's piece g: the nearest die piece to it so far in d. */
static int near_piece(void *ctx, const struct tp_pf_seg *g)
{
	struct near *n = ctx;
	const struct tp_pf_page *P = n->P;
	double gb[4];
	tp_pf_seg_box(g, gb);
	for (size_t k = 0; k < P->n_die; k++) {
		const struct die *D = &P->die[k];
		if (tp_pf_box_box(gb, D->box) < n->d)
			for (size_t j = D->first; j < D->last; j++) {
				struct tp_pf_seg nk;
				n->d = fmin(n->d, tp_pf_seg_seg(g, &P->seg[j]));
				if (nick_after(P, D, j, &nk))
					n->d = fmin(n->d, tp_pf_seg_seg(g, &nk));
			}
	}
	return n->d <= EPS;   /* it meets a cut: no need to look on */
}

/* Path s (box b, d from b to the nearest cut, under safe) measured as
 * drawn: its outline's distance to the cuts near it, 0 when a cut lies
 * inside its fill.  When b keeps clear of every cut, so does the shape,
 * and its outline is at least as far as b. */
static double outline_to_dies(const struct tp_pf_page *P, const struct tp_shape *s,
			      const struct tp_pt *p, const double b[4], double d)
{
	for (size_t k = 0; d <= EPS && (s->paint & TP_FILL) && k < P->n_die; k++) {
		const struct die *D = &P->die[k];
		if (D->last > D->first && tp_pf_box_box(b, D->box) <= EPS &&
		    tp_pf_inside_fill(s, p, P->seg[D->first].x0, P->seg[D->first].y0))
			return 0;
	}
	struct near n = { P, INFINITY };
	tp_pf_path_pieces(p, s->count, (s->paint & TP_FILL) != 0, near_piece, &n);
	return n.d < INFINITY ? fmax(d, n.d) : d;
}

/* Text s's box from its glyphs as drawn (their outline's points, curve
 * controls included, so never smaller than the ink): the scene's box for
 * text is a guess of 0.7 em a character to either side of the anchor,
 * whatever the alignment, which put a centred "2" on a hexagonal piece
 * 2.1 mm from its cut when its ink keeps 7.3 mm, and took a text whose
 * guess crossed a die line for one that runs into it (no finding) when
 * its ink stopped short of it. Only a text the guess finds too near is
 * outlined. b is kept when the text cannot be outlined. */
static void text_box(const struct tp_scene *sc, const struct tp_shape *s, double b[4])
{
	double t[4];
	/* (An empty outline's box is all 0: b stays.) */
	if (tp_text_outline_box(sc->text + s->first, s->x, s->y, s->h, s->align, t) != 0 ||
	    (t[0] == t[2] && t[1] == t[3]))
		return;
	for (int i = 0; i < 4; i++)
		b[i] = t[i];
}

/* How far text box b keeps inside the trim of sc, a page without die
 * lines, from its edges but its seams: a text is never cut up into panels
 * (each panel that reaches it holds it whole), so across a seam it lies
 * where it lay on the page, measured from the edges that are cut; a
 * path's share of a panel ends at the seam's overlap, so a path that
 * reaches a seam runs on (tp_pf_trim_dist). */
static double text_trim_dist(const struct tp_scene *sc, const double b[4])
{
	const double e[4] = { b[0], b[1], sc->trim_w - b[2], sc->trim_h - b[3] };
	double d = INFINITY;
	for (int j = 0; j < 4; j++)
		if (!(sc->seams >> j & 1))
			d = fmin(d, fmax(e[j], 0));
	return d;
}

/* The safe zone: elements that do not run to a cut keep clear of it.  An
 * element is measured by its box, a path nearer than the zone by its
 * outline as drawn: a round picture in a round counter is farther from
 * the cut than its box's corners, a ring just inside it nearer than its
 * box (which crosses the cut) says.  0, or -1 when out of memory. */
static int safe_shape(struct tp_pf_page *P, struct tp_pf_ref ref)
{
	const struct tp_scene *sc = P->sc;
	struct tp_shape m;
	const struct tp_pt *p;
	const struct tp_shape *s = tp_pf_shape(P, ref, &m, &p);
	if (s == NULL)
		return -1;
	const struct tp_ink *k = tp_scene_ink(sc, s->ink);
	double b[4], d = INFINITY;
	tp_pf_bbox(sc, s, p, b);
	if (P->n_seg > 0) {
		d = box_to_dies(P, b, P->r->safe);
		if (d < P->r->safe - EPS && s->kind == TP_SHAPE_TEXT) {
			text_box(sc, s, b);
			d = box_to_dies(P, b, P->r->safe);
		}
		if (d < P->r->safe - EPS && s->kind == TP_SHAPE_PATH)
			d = outline_to_dies(P, s, p, b, d);
	} else {
		d = tp_pf_trim_dist(sc, b);
		/* A guess that reaches the bleed is outlined too: the
		 * vector backs' edition mark, right-aligned 1.7 mm
		 * above a tile's bottom, passed at the sheet's corner,
		 * where the guess crossed the right trim edge, and
		 * warned on every other tile of that row. */
		if (d < P->r->safe - EPS && s->kind == TP_SHAPE_TEXT) {
			text_box(sc, s, b);
			d = text_trim_dist(sc, b);
		}
	}
	/* Art that reaches a cut runs on into the bleed; text never
	 * does: its glyphs at or over a cut are cut (the vector set-up
	 * caption's second line started on the trim and passed). */
	if (d <= EPS && s->kind == TP_SHAPE_TEXT)
		tp_pf_add(P, TP_PF_WARNING, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, "safe-zone", 0,
		    P->r->safe, "%s text runs into the cut", k->name);
	if (d > EPS && d < P->r->safe - EPS)
		tp_pf_add(P, TP_PF_WARNING, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, "safe-zone", d,
		    P->r->safe, "%s %s %.2f mm from the cut",
		    s->kind == TP_SHAPE_IMAGE ? "a" : k->name,
		    s->kind == TP_SHAPE_TEXT ? "text" : s->kind == TP_SHAPE_IMAGE ? "picture"
		    : (s->paint & TP_STROKE) ? "line" : "shape", d);
	return 0;
}

/* Every shape of the safe list, in the walk's order. */
void tp_pf_safe_zone(struct tp_pf_page *P)
{
	for (size_t i = 0; i < P->safe.n; i++) {
		const struct tp_pf_run *r = &P->safe.v[i];
		for (size_t q = 0; q < tp_pf_run_n(r); q++)
			if (safe_shape(P, (struct tp_pf_ref){ r->i, tp_pf_run_sub(&P->safe, r, q) }) != 0)
				return;
	}
}
