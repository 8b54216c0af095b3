/* The hidden-art rule: a designer's art item (the shapes it drew, noted
 * in the scene: tp_scene_art_note) that one fill painted after it covers
 * whole prints and is never seen: a title in an ink whose layer lies
 * under a ledge's, a mark under a board's cells.  The finding names the
 * item's art.ini line and place, which the designer can change. */

#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "print/art/art_pack.h"
#include "print/preflight/preflight_int.h"

/* A fill that may cover art: its paint order (layer, then index, and a
 * placed symbol's shape its number in the symbol: tp_scene_drawn), its
 * box as drawn and its move (a placed path's points are its symbol's). */
struct cover {
	size_t i, sub;
	uint16_t layer;
	double box[4], d[2];
};

static int by_order(const void *pa, const void *pb)
{
	const struct cover *a = pa, *b = pb;
	if (a->layer != b->layer)
		return a->layer < b->layer ? -1 : 1;
	if (a->i != b->i)
		return a->i < b->i ? -1 : 1;
	return a->sub < b->sub ? -1 : a->sub > b->sub;
}

/* Whether fill c paints after shape a of sc (the walk draws layer by
 * layer, each in the order its shapes were added). */
static int after(const struct tp_scene *sc, size_t a, const struct cover *c)
{
	uint16_t la = sc->shapes[a].layer;
	return c->layer > la || (c->layer == la && c->i > a);
}

/* A rect's, or a straight-sided path's, box (its points moved by d);
 * 0 for anything else (text, images, curves: a curve's box is not the
 * area it covers). */
static int fill_box(const struct tp_scene *sc, const struct tp_shape *s, const double d[2],
		    double b[4])
{
	if (s->kind == TP_SHAPE_RECT) {
		b[0] = s->x;
		b[1] = s->y;
		b[2] = s->x + s->w;
		b[3] = s->y + s->h;
		return 1;
	}
	if (s->kind != TP_SHAPE_PATH || s->count < 3)
		return 0;
	b[0] = b[1] = INFINITY;
	b[2] = b[3] = -INFINITY;
	for (size_t k = 0; k < s->count; k++) {
		const struct tp_pt *p = &sc->pts[s->first + k];
		if (p->op == TP_CURVE)
			return 0;
		if (p->op == TP_CLOSE)
			continue;
		b[0] = fmin(b[0], p->x + d[0]);
		b[1] = fmin(b[1], p->y + d[1]);
		b[2] = fmax(b[2], p->x + d[0]);
		b[3] = fmax(b[3], p->y + d[1]);
	}
	return b[2] > b[0];
}

/* Whether (x, y) lies inside the fill s (its box is b, its points
 * moved by d): a rect, or a straight-sided path by the even-odd count of
 * its sides crossed. */
static int inside(const struct tp_scene *sc, const struct tp_shape *s, const double b[4],
		  const double d[2], double x, double y)
{
	if (x < b[0] || x > b[2] || y < b[1] || y > b[3])
		return 0;
	if (s->kind == TP_SHAPE_RECT)
		return 1;
	/* The point in the path's own frame: the test's sums are the
	 * symbol's, one rounding from the placed points' (exact for a shape
	 * drawn in place: d is 0). */
	x -= d[0];
	y -= d[1];
	const struct tp_pt *p = sc->pts + s->first;
	int in = 0;
	size_t start = 0;
	for (size_t k = 0; k <= s->count; k++) {
		int end = k == s->count, op = end ? TP_CLOSE : p[k].op;
		if (op == TP_MOVE) {
			start = k;
			continue;
		}
		if (k == 0 || p[k - 1].op == TP_CLOSE)
			continue;
		const struct tp_pt *a = &p[k - 1], *c = op == TP_CLOSE ? &p[start] : &p[k];
		if ((a->y > y) != (c->y > y) && x < a->x + (y - a->y) * (c->x - a->x) / (c->y - a->y))
			in = !in;
	}
	return in;
}

void tp_pf_hidden_art(struct tp_pf_page *P)
{
	const struct tp_scene *sc = P->sc;
	if (sc == NULL || sc->n_arts == 0)
		return;
	size_t drawn = tp_scene_n_drawn(sc);
	struct cover *cv = tp_malloc(sizeof *cv * (drawn ? drawn : 1));
	if (cv == NULL) {
		P->pf->oom = 1;
		return;
	}
	size_t n = 0;
	struct tp_scene_iter at = { 0 };
	for (const struct tp_shape *s; (s = tp_scene_next(sc, &at)) != NULL;) {
		if (!(s->paint & TP_FILL) || tp_shape_is_mark(s) || !fill_box(sc, s, at.d, cv[n].box))
			continue;
		cv[n].i = at.i;
		cv[n].sub = at.k - 1;
		cv[n].layer = s->layer;
		cv[n].d[0] = at.d[0];
		cv[n].d[1] = at.d[1];
		n++;
	}
	qsort(cv, n, sizeof *cv, by_order);
	for (size_t a = 0; a < sc->n_arts; a++) {
		const struct tp_scene_art *r = &sc->arts[a];
		const struct tp_art_item *it = r->src;
		double b[4] = { INFINITY, INFINITY, -INFINITY, -INFINITY }, sb[4];
		size_t last = SIZE_MAX;
		for (size_t i = r->first; i < r->end && i < sc->n_shapes; i++) {
			const struct tp_shape *s = &sc->shapes[i];
			/* An item draws in place: a placement is none of its. */
			if (tp_shape_is_mark(s) || s->kind == TP_SHAPE_TEXT || s->kind == TP_SHAPE_PLACE)
				continue;
			if (s->kind == TP_SHAPE_RECT) {
				sb[0] = s->x, sb[1] = s->y, sb[2] = s->x + s->w, sb[3] = s->y + s->h;
			} else {
				sb[0] = sb[1] = INFINITY;
				sb[2] = sb[3] = -INFINITY;
				for (size_t k = 0; k < s->count; k++) {
					const struct tp_pt *p = &sc->pts[s->first + k];
					if (p->op == TP_CLOSE)
						continue;
					sb[0] = fmin(sb[0], p->x), sb[1] = fmin(sb[1], p->y);
					sb[2] = fmax(sb[2], p->x), sb[3] = fmax(sb[3], p->y);
				}
			}
			for (int k = 0; k < 2; k++) {
				b[k] = fmin(b[k], sb[k]);
				b[k + 2] = fmax(b[k + 2], sb[k + 2]);
			}
			if (last == SIZE_MAX ||
			    after(sc, last, &(struct cover){ .i = i, .layer = s->layer }))
				last = i;
		}
		if (last == SIZE_MAX || !(b[2] >= b[0]) || !(b[3] >= b[1]))
			continue;
		/* its box's corners (a hair inside) and centre */
		double ex = (b[2] - b[0]) * 0.01, ey = (b[3] - b[1]) * 0.01;
		const double pt[5][2] = { { b[0] + ex, b[1] + ey }, { b[2] - ex, b[1] + ey },
					  { b[2] - ex, b[3] - ey }, { b[0] + ex, b[3] - ey },
					  { (b[0] + b[2]) / 2, (b[1] + b[3]) / 2 } };
		/* the first fill painted after the art's last shape */
		size_t lo = 0, hi = n;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (cv[mid].i != last && after(sc, last, &cv[mid]))
				hi = mid;
			else
				lo = mid + 1;
		}
		for (size_t j = lo; j < n; j++) {
			struct tp_shape m;
			double d[2];
			const struct tp_shape *s = tp_scene_drawn(sc, cv[j].i, cv[j].sub, &m, d);
			if (cv[j].i >= r->first && cv[j].i < r->end)
				continue;
			int all = 1;
			for (int k = 0; all && k < 5; k++)
				all = inside(sc, s, cv[j].box, cv[j].d, pt[k][0], pt[k][1]);
			if (!all)
				continue;
			const char *ink = tp_scene_ink(sc, s->ink) ? tp_scene_ink(sc, s->ink)->name : "?";
			tp_pf_add(P, TP_PF_WARNING, pt[4][0], pt[4][1], "hidden-art", NAN, NAN,
				  "[%s] (%s:%d) lies under a fill in %s drawn over it and does not show; give it an ink drawn above %s (ink =, or a #colour = INK), or move it",
				  it->place, it->ini ? it->ini : "art.ini", it->line, ink, ink);
			break;
		}
	}
	free(cv);
}
