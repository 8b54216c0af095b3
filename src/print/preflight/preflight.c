/* The preflight's rules, as a sink of the scene walk (preflight.h). */

#include "print/preflight/preflight.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/image/image.h"
#include "print/preflight/pf_fills.h"
#include "print/preflight/preflight_geom.h"
#include "print/preflight/preflight_int.h"
#include "print/layout/sheet.h"

#define EPS TP_PF_EPS

void tp_pf_add(struct tp_pf_page *P, int sev, double x, double y, const char *rule, double value,
	       double limit, const char *fmt, ...)
{
	if (P->quiet)
		return;
	va_list ap;
	va_start(ap, fmt);
	struct tp_pf_finding *f =
		tp_pf_record(P->pf, TP_PF_MAX_FINDINGS, sev, P->sheet, P->page, rule, fmt, ap);
	va_end(ap);
	if (f == NULL)
		return;
	f->x = x;
	f->y = y;
	f->value = value;
	f->limit = limit;
}

static const struct tp_ink *ink_of(const struct tp_scene *sc, const struct tp_shape *s)
{
	return tp_scene_ink(sc, s->ink);
}

static double tac(const struct tp_ink *k)
{
	return 100 * (k->cmyk[0] + k->cmyk[1] + k->cmyk[2] + k->cmyk[3]);
}

static int dark(const struct tp_ink *k)
{
	return k->kind == TP_INK_PROCESS && (k->cmyk[3] >= 0.5 || tac(k) >= 150);
}

/* A die line, as the walk hands it (the walk says what is a mark). */
static int is_die(const struct tp_walk_shape *d)
{
	return d->ink_id == TP_INK_CUT && !d->mark;
}

/* What the page's lists keep (pf_runs.h), by the shape alone: of the
 * shapes the walk gives the sink (no mark, an ink and a layer the scene
 * has; a picture to picture(), the rest to shape()), the process fills
 * later shapes may lie over, and what the safe zone measures. */
static int given(const struct tp_scene *sc, const struct tp_shape *s)
{
	return !tp_shape_is_mark(s) && s->kind != TP_SHAPE_PLACE && s->layer < sc->n_layers &&
	       tp_scene_ink(sc, s->ink) != NULL;
}

static int fill_keep(const struct tp_scene *sc, const struct tp_shape *s)
{
	return given(sc, s) && s->kind != TP_SHAPE_IMAGE &&
	       tp_scene_ink(sc, s->ink)->kind == TP_INK_PROCESS && s->paint == TP_FILL;
}

/* (A picture's ink is never the die's nor registration.) */
static int safe_keep(const struct tp_scene *sc, const struct tp_shape *s)
{
	return given(sc, s) && !(s->flags & TP_SHAPE_TO_CUT) &&
	       (s->kind == TP_SHAPE_IMAGE ||
		(s->ink != TP_INK_CUT && tp_scene_ink(sc, s->ink)->kind != TP_INK_REGISTRATION));
}

/* ---- collecting the die lines ---------------------------------------------------- */

static int push_seg(struct tp_pf_page *P, double x0, double y0, double x1, double y1, size_t shape)
{
	if (tp_grow((void **)&P->seg, &P->cap_seg, P->n_seg + 1, sizeof *P->seg, 64) != 0)
		return -1;
	struct tp_pf_seg *g = &P->seg[P->n_seg++];
	*g = (struct tp_pf_seg){ x0, y0, x1, y1, shape, 0, { 0, 0 }, { 0, 0 } };
	double l = hypot(x1 - x0, y1 - y0);
	if (l > 1e-12) {
		g->t0[0] = g->t1[0] = (x1 - x0) / l;
		g->t0[1] = g->t1[1] = (y1 - y0) / l;
	}
	return 0;
}

struct curve_pieces {
	struct tp_pf_page *P;
	size_t shape;
};

static int put_piece(void *ctx, const struct tp_pf_seg *g)
{
	struct curve_pieces *c = ctx;
	if (push_seg(c->P, g->x0, g->y0, g->x1, g->y1, c->shape) != 0)
		return -1;
	struct tp_pf_seg *h = &c->P->seg[c->P->n_seg - 1];
	h->leg = g->leg;
	memcpy(h->t0, g->t0, sizeof h->t0);
	memcpy(h->t1, g->t1, sizeof h->t1);
	return 0;
}

/* A die path's straight pieces (a curve flattened, as drawn); 1 in
 * *closed when every subpath returns to its start.  sub[0 .. *n_sub - 1]:
 * where each subpath's pieces begin (at most max_sub recorded). */
int tp_pf_die_segments(struct tp_pf_page *P, const struct tp_walk_shape *d, int *closed,
		       size_t *sub, size_t max_sub, size_t *n_sub)
{
	const struct tp_shape *s = d->s;
	*closed = 0;
	*n_sub = 0;
	/* The number its pieces carry: another shape's pieces are the cuts it
	 * may meet.  A placed symbol's shapes share their placement's. */
	size_t i = d->placed ? SIZE_MAX - P->n_placed_ids++ : d->index;
	if (s->kind == TP_SHAPE_RECT) {
		*closed = 1;
		double x0 = s->x, y0 = s->y, x1 = s->x + s->w, y1 = s->y + s->h;
		return push_seg(P, x0, y0, x1, y0, i) | push_seg(P, x1, y0, x1, y1, i) |
		       push_seg(P, x1, y1, x0, y1, i) | push_seg(P, x0, y1, x0, y0, i);
	}
	if (s->kind != TP_SHAPE_PATH)
		return 0;
	const struct tp_pt *p = d->pts;
	double sx = 0, sy = 0, px = 0, py = 0;
	int subpaths = 0, open = 0;
	struct curve_pieces c = { P, i };
	for (size_t k = 0; k < d->n; k++) {
		if (p[k].op == TP_CURVE && k + 2 < d->n) {
			double q[8] = { px, py, p[k].x, p[k].y, p[k + 1].x, p[k + 1].y, p[k + 2].x, p[k + 2].y };
			if (tp_pf_flatten(q, put_piece, &c) != 0)
				return -1;
			k += 2;
			px = p[k].x;
			py = p[k].y;
			continue;
		}
		double x = p[k].x, y = p[k].y;
		if (p[k].op == TP_MOVE) {
			if (subpaths && !(fabs(px - sx) < EPS && fabs(py - sy) < EPS))
				open = 1;
			subpaths++;
			if (*n_sub < max_sub)
				sub[*n_sub] = P->n_seg;
			(*n_sub)++;
			sx = x;
			sy = y;
		} else {
			if (p[k].op == TP_CLOSE) {
				x = sx;
				y = sy;
			}
			if (push_seg(P, px, py, x, y, i) != 0)
				return -1;
		}
		px = x;
		py = y;
	}
	if (subpaths && !(fabs(px - sx) < EPS && fabs(py - sy) < EPS))
		open = 1;
	*closed = subpaths > 0 && !open;
	return 0;
}

static int add_die(struct tp_pf_page *P, const struct tp_walk_shape *d)
{
	if (tp_grow((void **)&P->die, &P->cap_die, P->n_die + 1, sizeof *P->die, 16) != 0)
		return -1;
	struct die *k = &P->die[P->n_die];
	k->ref = (struct tp_pf_ref){ d->index, d->sub };
	k->first = P->n_seg;
	int nicked;
	if (tp_pf_die_nicked(P, d, &k->closed, &nicked) != 0)
		return -1;
	k->last = P->n_seg;
	k->shape = k->last > k->first ? P->seg[k->first].shape : d->index;
	for (size_t i = k->first; P->quiet && i < k->last; i++) {
		/* Another page's cut, seen from this one (an isometry: its
		 * closure and nicks stay as they are). */
		struct tp_pf_seg *g = &P->seg[i];
		g->x0 = P->cut_a * g->x0 + P->cut_dx;
		g->x1 = P->cut_a * g->x1 + P->cut_dx;
		g->y0 += P->cut_dy;
		g->y1 += P->cut_dy;
		g->t0[0] *= P->cut_a;
		g->t1[0] *= P->cut_a;
	}
	k->box[0] = k->box[1] = INFINITY;
	k->box[2] = k->box[3] = -INFINITY;
	for (size_t i = k->first; i < k->last; i++) {
		const struct tp_pf_seg *g = &P->seg[i];
		k->box[0] = fmin(k->box[0], fmin(g->x0, g->x1));
		k->box[1] = fmin(k->box[1], fmin(g->y0, g->y1));
		k->box[2] = fmax(k->box[2], fmax(g->x0, g->x1));
		k->box[3] = fmax(k->box[3], fmax(g->y0, g->y1));
	}
	k->nicked = nicked;
	if (k->nicked)
		k->closed = 1;
	P->n_die++;
	return 0;
}

/* ---- the page-wide die rules --------------------------------------------------- */

/* 1 when (x, y) lies on the trim edge or on a die piece of another
 * shape than `shape`. */
static int meets_cut(const struct tp_pf_page *P, double x, double y, size_t shape)
{
	const struct tp_scene *sc = P->sc;
	if (fabs(x) < EPS || fabs(y) < EPS || fabs(x - sc->trim_w) < EPS || fabs(y - sc->trim_h) < EPS)
		return 1;
	for (size_t i = 0; i < P->n_seg; i++)
		if (P->seg[i].shape != shape && tp_pf_pt_seg(x, y, &P->seg[i]) < EPS)
			return 1;
	return 0;
}

/* An open die path is allowed only as a gang cut: each of its ends meets
 * the trim edge or another cut (edges two tiles share are cut once). */
static int gang_cut(const struct tp_pf_page *P, const struct die *k)
{
	if (k->last == k->first)
		return 0;
	const struct tp_pf_seg *a = &P->seg[k->first], *b = &P->seg[k->last - 1];
	return meets_cut(P, a->x0, a->y0, k->shape) && meets_cut(P, b->x1, b->y1, k->shape);
}

/* A slit: an open die path of one straight piece from the trim edge or
 * another cut to a point inside a closed die line's box (box[0..n-1]),
 * such as a quad-fold board's slit along one arm of a hinge. */
static int slit(const struct tp_pf_page *P, const struct die *k, double (*box)[4], size_t n)
{
	if (k->last != k->first + 1)
		return 0;
	const struct tp_pf_seg *s = &P->seg[k->first];
	int a = meets_cut(P, s->x0, s->y0, k->shape), b = meets_cut(P, s->x1, s->y1, k->shape);
	if (a == b)
		return 0;
	double x = a ? s->x1 : s->x0, y = a ? s->y1 : s->y0;
	for (size_t i = 0; i < n; i++)
		if (x > box[i][0] + EPS && x < box[i][2] - EPS && y > box[i][1] + EPS && y < box[i][3] - EPS)
			return 1;
	return 0;
}

/* Reports u and v when they are one piece (either way round). */
static void doubled(struct tp_pf_page *P, const struct tp_pf_seg *u, const struct tp_pf_seg *v)
{
	int same = (fabs(u->x0 - v->x0) < EPS && fabs(u->y0 - v->y0) < EPS &&
		    fabs(u->x1 - v->x1) < EPS && fabs(u->y1 - v->y1) < EPS) ||
		   (fabs(u->x0 - v->x1) < EPS && fabs(u->y0 - v->y1) < EPS &&
		    fabs(u->x1 - v->x0) < EPS && fabs(u->y1 - v->y0) < EPS);
	if (same && hypot(u->x1 - u->x0, u->y1 - u->y0) > EPS)
		tp_pf_add(P, TP_PF_ERROR, u->x0, u->y0, "die-doubled", 2, 1,
		    "a die line cut twice, %.2f mm long", hypot(u->x1 - u->x0, u->y1 - u->y0));
}

/* Cut once: no straight piece twice.  Only the pieces of dies whose box
 * the piece's meets are compared (the pieces lie in P->seg in die order,
 * so b still runs upwards): a sheet of flattened counters has thousands. */
static void die_doubled(struct tp_pf_page *P)
{
	for (size_t a = 0; a < P->n_seg; a++) {
		double ab[4];
		tp_pf_seg_box(&P->seg[a], ab);
		for (size_t k = 0; k < P->n_die; k++) {
			const struct die *D = &P->die[k];
			if (D->last <= a + 1 || tp_pf_box_box(ab, D->box) > 2 * EPS)
				continue;
			for (size_t b = D->first > a + 1 ? D->first : a + 1; b < D->last; b++)
				doubled(P, &P->seg[a], &P->seg[b]);
		}
	}
}

/* Space between closed components' die lines (box[k]: the die shape
 * comp[k]'s box). */
static void die_gaps(struct tp_pf_page *P, double (*box)[4], const struct die **comp, size_t n)
{
	const struct tp_pf_rules *r = P->r;
	for (size_t a = 0; r->die_gap > 0 && a < n; a++)
		for (size_t b = a + 1; b < n; b++) {
			double *p = box[a], *q = box[b];
			if (p[0] > q[2] + r->die_gap || q[0] > p[2] + r->die_gap ||
			    p[1] > q[3] + r->die_gap || q[1] > p[3] + r->die_gap)
				continue;
			double d = INFINITY;
			for (size_t i = comp[a]->first; i < comp[a]->last; i++)
				for (size_t j = comp[b]->first; j < comp[b]->last; j++)
					d = fmin(d, tp_pf_seg_seg(&P->seg[i], &P->seg[j]));
			if (d < r->die_gap - EPS)
				tp_pf_add(P, TP_PF_ERROR, (p[0] + q[0]) / 2, (p[1] + q[1]) / 2, "die-gap", d,
				    r->die_gap, "two components' die lines %.2f mm apart", d);
		}
}

/* The box of die line k's shape (a placed one's, as placed): 0, or -1
 * when out of memory. */
static int die_box(struct tp_pf_page *P, const struct die *k, double b[4])
{
	struct tp_shape m;
	const struct tp_pt *p;
	const struct tp_shape *s = tp_pf_shape(P, k->ref, &m, &p);
	if (s == NULL)
		return -1;
	tp_pf_bbox(P->sc, s, p, b);
	return 0;
}

static void die_rules(struct tp_pf_page *P)
{
	const struct tp_pf_rules *r = P->r;
	double (*box)[4] = tp_calloc(P->n_die + 1, sizeof *box);
	const struct die **comp = tp_calloc(P->n_die + 1, sizeof *comp);
	size_t n = 0;
	if (box == NULL || comp == NULL) {
		P->pf->oom = 1;
		free(box);
		free(comp);
		return;
	}
	for (size_t i = 0; i < P->n_die; i++) {
		const struct die *k = &P->die[i];
		double b[4];
		if (!k->closed)
			continue;
		if (die_box(P, k, b) != 0)
			break;
		double side = fmin(b[2] - b[0], b[3] - b[1]);
		if (r->min_component > 0 && side < r->min_component - EPS)
			tp_pf_add(P, TP_PF_ERROR, b[0], b[1], "component-size", side, r->min_component,
			    "a die-cut component %.2f x %.2f mm", b[2] - b[0], b[3] - b[1]);
		memcpy(box[n], b, sizeof b);
		comp[n++] = k;
	}
	/* Open paths after every closed one's box is known (a slit ends
	 * inside one). */
	for (size_t i = 0; i < P->n_die; i++) {
		const struct die *k = &P->die[i];
		double b[4];
		if (k->closed || gang_cut(P, k) || slit(P, k, box, n))
			continue;
		if (die_box(P, k, b) != 0)
			break;
		tp_pf_add(P, TP_PF_ERROR, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, "die-open", NAN, NAN,
		    "a die path that is neither closed, nor a cut whose ends meet other cuts, nor a slit from a cut into a closed die line (%zu pieces)",
		    k->last - k->first);
	}
	die_doubled(P);
	tp_pf_die_split(P);
	die_gaps(P, box, comp, n);
	free(box);
	free(comp);
}

/* ---- one shape, as the walk gives it ------------------------------------------- */

/* Shape s (ink k, box b), knocking out as the walk decided, over a fill
 * of ink ku: a dark thin or small object's knock-out.  (How much ink an
 * overprint stacks is the walk's measure: tp_walk_shape's stack_pct.) */
static void over_fill(struct tp_pf_page *P, const struct tp_shape *s, const struct tp_ink *k,
		      const struct tp_ink *ku, const double b[4], double cx, double cy)
{
	/* An overprinting ink the walk knocked out keeps the ink limit: a
	 * choice made for the press, not an oversight. */
	if (k->overprint)
		return;
	int lacks = 0;
	for (int p = 0; p < 4; p++)
		lacks |= ku->cmyk[p] > 0 && k->cmyk[p] == 0;
	int thin = (s->paint & TP_STROKE) || s->kind == TP_SHAPE_TEXT ||
		   fmin(b[2] - b[0], b[3] - b[1]) <= 12;
	if (dark(k) && lacks && thin)
		tp_pf_add(P, TP_PF_WARNING, cx, cy, "knock-out", NAN, NAN,
		    "%s, a dark %s, knocks out the %s under it: a slip of the plates shows paper at its edge; allowed: a dark ink that overprints (text, lines) or a lighter one",
		    k->name, (s->paint & TP_STROKE) ? "line" : s->kind == TP_SHAPE_TEXT ? "text" : "small shape",
		    ku->name);
}

/* The topmost process fill of another ink drawn before shape i (the walk's
 * order is the press's) under the point (cx, cy), or NULL. */
static const struct tp_shape *under_at(struct tp_pf_page *P, const struct tp_shape *s,
				       struct tp_shape *m, double cx, double cy)
{
	const struct tp_scene *sc = P->sc;
	/* Only a fill whose box holds the centre can be under it: those of
	 * the entries of the centre's cell and of the wide ones, latest
	 * first (an entry holds a placement's fills on a layer, in order). */
	const size_t *c, *w;
	size_t nc, nw;
	tp_pf_fills_at(P->fills, cx, cy, &c, &nc, &w, &nw);
	while (nc + nw > 0) {
		size_t k = nw == 0 || (nc > 0 && c[nc - 1] > w[nw - 1]) ? c[--nc] : w[--nw];
		const struct tp_pf_run *r = &P->fill.v[k];
		for (size_t q = tp_pf_run_n(r); q-- > 0;) {
			const struct tp_pt *up;
			struct tp_pf_ref ref = { r->i, tp_pf_run_sub(&P->fill, r, q) };
			const struct tp_shape *u = tp_pf_shape(P, ref, m, &up);
			double ub[4];
			if (u == NULL)
				return NULL;
			if (u->ink == s->ink)
				continue;
			tp_pf_bbox(sc, u, up, ub);
			/* (The point, not b: a hairline along a cell's edge has
			 * a box of no width there, which meets no cell's box.) */
			if (cx >= ub[0] - EPS && cx <= ub[2] + EPS && cy >= ub[1] - EPS &&
			    cy <= ub[3] + EPS && tp_pf_inside_fill(u, up, cx, cy))
				return u;
		}
	}
	return NULL;
}

/* The fill under shape s that stacks the most ink with it: the one under
 * (cx, cy), a point of the shape itself (tp_pf_point_of: what lies under a
 * ring's hole is not under the ring), and for a line also those either
 * side of it within its width (a hairline along the edge of two cells has
 * no fill under its very centre, which lies on both cells' edge, and its
 * overprint over them went unseen). */
static const struct tp_shape *under(struct tp_pf_page *P, const struct tp_shape *s,
				    struct tp_shape *best_m, double cx, double cy)
{
	const struct tp_scene *sc = P->sc;
	double d = (s->paint & TP_STROKE) ? s->stroke / 4 : 0;
	const double at[5][2] = { { cx, cy }, { cx - d, cy }, { cx + d, cy }, { cx, cy - d }, { cx, cy + d } };
	const struct tp_shape *best = NULL;
	double most = -1;
	for (int k = 0; k < (d > 0 ? 5 : 1); k++) {
		struct tp_shape m;
		const struct tp_shape *u = under_at(P, s, &m, at[k][0], at[k][1]);
		const struct tp_ink *ku = u ? tp_scene_ink(sc, u->ink) : NULL;
		double t = ku ? ku->cmyk[0] + ku->cmyk[1] + ku->cmyk[2] + ku->cmyk[3] : -1;
		if (u && t > most) {
			most = t;
			/* A placed fill is a copy that lives here: kept in best_m. */
			*best_m = *u;
			best = best_m;
		}
	}
	return best;
}

static void line_rules(struct tp_pf_page *P, const struct tp_shape *s, const struct tp_ink *k,
		       double cx, double cy)
{
	const struct tp_pf_rules *r = P->r;
	if (!(s->paint & TP_STROKE))
		return;
	if (s->ink == TP_INK_EMBOSS && r->emboss_min > 0 && s->stroke < r->emboss_min - 1e-9)
		tp_pf_add(P, TP_PF_WARNING, cx, cy, "emboss-min", s->stroke, r->emboss_min,
		    "an emboss stroke %.3f mm wide", s->stroke);
	else if (k->kind == TP_INK_PROCESS && tp_ink_is_tint(k) && r->min_tint_line > 0 &&
		 s->stroke < r->min_tint_line - 1e-9)
		tp_pf_add(P, TP_PF_WARNING, cx, cy, "line-weight", s->stroke, r->min_tint_line,
		    "a %.3f mm line in %s, a tint", s->stroke, k->name);
	else if (k->kind == TP_INK_PROCESS && r->min_line > 0 && s->stroke < r->min_line - 1e-9)
		tp_pf_add(P, TP_PF_WARNING, cx, cy, "line-weight", s->stroke, r->min_line,
		    "a %.3f mm line in %s", s->stroke, k->name);
}

/* Whether the side a-c lies along trim edge e (at x or y = at). */
static int side_on_edge(const struct tp_pt *a, const struct tp_pt *c, int e, double at)
{
	double da = e % 2 ? a->y : a->x, dc = e % 2 ? c->y : c->x;
	return fabs(da - at) < EPS && fabs(dc - at) < EPS && hypot(c->x - a->x, c->y - a->y) > EPS;
}

/* Whether path s, all straight sides, meets trim edge e (0 left, 1 top,
 * 2 right, 3 bottom) only at corners: no side lies along the edge.  A
 * corner has no width on the cut, so a cut off its line shows nothing of
 * it there and nothing needs bleed (e.g. the corner of a small triangle
 * at a tile's corner, whose side runs along a die line between tiles). */
static int meets_edge_at_points(const struct tp_scene *sc, const struct tp_shape *s,
				const struct tp_pt *p, int e)
{
	if (s->kind != TP_SHAPE_PATH || s->count == 0)
		return 0;
	double at = e == 0 || e == 1 ? 0 : e == 2 ? sc->trim_w : sc->trim_h;
	size_t start = 0;
	for (size_t k = 0; k <= s->count; k++) {
		/* k == count: the side closing a subpath the path left open. */
		int end = k == s->count, op = end ? TP_CLOSE : p[k].op;
		if (op == TP_CURVE)
			return 0;
		if (k > 0 && op != TP_MOVE && p[k - 1].op != TP_CLOSE &&
		    side_on_edge(&p[k - 1], op == TP_CLOSE ? &p[start] : &p[k], e, at))
			return 0;
		if (op == TP_MOVE)
			start = k;
	}
	return 1;
}

/* A fill that ends on a trim edge has no bleed there (art crossing the
 * edge and ending somewhere beyond it is cut art, e.g. a panel's share of
 * a glyph, and is left alone; art meeting the edge only at corners needs
 * none). */
static void fill_bleed(struct tp_pf_page *P, const struct tp_shape *s, const struct tp_pt *p,
		       const struct tp_ink *k, const double b[4])
{
	const struct tp_scene *sc = P->sc;
	double W = sc->trim_w, H = sc->trim_h;
	const double edge[4] = { -b[0], -b[1], b[2] - W, b[3] - H };
	for (int e = 0; e < 4; e++)
		if (fabs(edge[e]) < EPS && fmin(sc->bleed, P->r->bleed) > EPS &&
		    !meets_edge_at_points(sc, s, p, e)) {
			tp_pf_add(P, TP_PF_WARNING, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, "bleed", edge[e],
			    fmin(sc->bleed, P->r->bleed), "%s art stops at the trim edge, without bleed",
			    k->name);
			return;
		}
}

static int shape(void *ctx, const struct tp_walk_shape *d)
{
	struct tp_pf_page *P = ctx;
	const struct tp_shape *s = d->s;
	const struct tp_ink *k = d->ink;
	if (d->mark)
		return 0;
	if (is_die(d) && add_die(P, d) != 0)
		goto oom;
	double b[4];
	tp_pf_bbox(P->sc, s, d->pts, b);
	double cx = (b[0] + b[2]) / 2, cy = (b[1] + b[3]) / 2;
	if (k->kind == TP_INK_SPOT && !d->overprint)
		tp_pf_add(P, TP_PF_ERROR, cx, cy, "spot-overprint", NAN, NAN,
		    "spot ink %s knocks out what lies under it; allowed: a spot ink that overprints", k->name);
	line_rules(P, s, k, cx, cy);
	if (s->ink == TP_INK_EMBOSS && P->r->emboss_gap > 0 && tp_pf_add_emboss(P, d, b) != 0)
		goto oom;
	if (k->kind == TP_INK_PROCESS && P->r->max_tac > 0 && tac(k) > P->r->max_tac + 1e-9)
		tp_pf_add(P, TP_PF_ERROR, cx, cy, "tac", tac(k), P->r->max_tac, "ink %s", k->name);
	/* The stack an overprint makes is the walk's own measure, the one
	 * its knock-outs were decided by (walk.h): one decision for the
	 * files and their check. */
	if (k->kind == TP_INK_PROCESS && P->r->max_tac > 0 && d->stack_pct > P->r->max_tac + 1e-9) {
		const struct tp_ink *ku = d->stack_ink >= 0 ? tp_scene_ink(P->sc, d->stack_ink) : NULL;
		tp_pf_add(P, TP_PF_ERROR, cx, cy, "tac", d->stack_pct, P->r->max_tac, "%s overprinting %s",
		    k->name, ku ? ku->name : "paper");
	}
	if (k->kind == TP_INK_PROCESS && s->ink != TP_INK_CUT && !d->overprint) {
		double px, py;
		tp_pf_point_of(s, d->pts, b, &px, &py);
		struct tp_shape m;
		const struct tp_shape *u = under(P, s, &m, px, py);
		if (P->pf->oom)
			return 1;
		if (u)
			over_fill(P, s, k, ink_of(P->sc, u), b, px, py);
	}
	if (fill_keep(P->sc, s)) {
		if (P->r->bleed > 0 && !P->sc->press)
			fill_bleed(P, s, d->pts, k, b);
		if (tp_pf_runs_add(&P->fill, d->index, d->sub, d->placed, s->layer) != 0 ||
		    tp_pf_fills_add(P->fills, P->fill.n - 1, b) != 0)
			goto oom;
	}
	if (P->r->safe > 0 && safe_keep(P->sc, s) &&
	    tp_pf_runs_add(&P->safe, d->index, d->sub, d->placed, s->layer) != 0)
		goto oom;
	return 0;
oom:
	P->pf->oom = 1;
	return 1;
}

/* A picture: its resolution as printed (pixels over the printed size, the
 * poorer of its two axes), the total ink of its pixels, and the safe zone
 * by its box. */
static int picture(void *ctx, const struct tp_walk_shape *d)
{
	struct tp_pf_page *P = ctx;
	const struct tp_pf_rules *r = P->r;
	struct tp_image *im = d->image;
	if (d->mark)
		return 0;
	double b[4];
	tp_pf_bbox(P->sc, d->s, d->pts, b);
	double cx = (b[0] + b[2]) / 2, cy = (b[1] + b[3]) / 2;
	const struct tp_pt *c = d->pts;
	double wmm = hypot(c[1].x - c[0].x, c[1].y - c[0].y);
	double hmm = hypot(c[3].x - c[0].x, c[3].y - c[0].y);
	double ppi = fmin(im->w * 25.4 / fmax(wmm, 1e-9), im->h * 25.4 / fmax(hmm, 1e-9));
	const char *name = strrchr(im->name, '/') ? strrchr(im->name, '/') + 1 : im->name;
	int sev = r->min_ppi > 0 && ppi < r->min_ppi - 1e-9 ? TP_PF_ERROR
		  : r->warn_ppi > 0 && ppi < r->warn_ppi - 1e-9 ? TP_PF_WARNING : -1;
	if (sev >= 0)
		tp_pf_add(P, sev, cx, cy, "image-ppi", ppi,
			  sev == TP_PF_ERROR ? r->min_ppi : r->warn_ppi,
			  "picture %s at %.0f ppi as printed (%d x %d px in %.1f x %.1f mm)", name, ppi,
			  im->w, im->h, wmm, hmm);
	if (r->max_tac > 0) {
		double most, over;
		tp_err e = { 0 };
		if (tp_image_tac(im, r->profile, r->max_tac, &most, &over, &e) != TP_OK) {
			P->pf->oom = 1;
			return 1;
		}
		if (most > r->max_tac + 1e-9)
			tp_pf_add(P, TP_PF_ERROR, cx, cy, "tac", most, r->max_tac,
				  "picture %s: %.1f %% of its pixels over the limit", name, 100 * over);
	}
	if (r->safe > 0 && safe_keep(P->sc, d->s) &&
	    tp_pf_runs_add(&P->safe, d->index, d->sub, d->placed, d->s->layer) != 0) {
		P->pf->oom = 1;
		return 1;
	}
	return 0;
}

const struct tp_sink tp_pf_sink = { .rect = shape, .path = shape, .text = shape,
				    .image = picture };

/* The press's view without printer's marks; text as boxes (its glyphs are
 * not measured); a shape of an ink the palette lacks is left out. */
const struct tp_walk_opts tp_pf_view = { .marks = 0, .unknown = TP_WALK_SKIP };

struct tp_walk_opts tp_pf_view_for(const struct tp_pf_rules *r)
{
	struct tp_walk_opts o = tp_pf_view;
	o.tac_pct = r->max_tac;
	return o;
}

/* ---- the page ---------------------------------------------------------------------- */

const struct tp_shape *tp_pf_shape(struct tp_pf_page *P, struct tp_pf_ref r, struct tp_shape *m,
				   const struct tp_pt **p)
{
	const struct tp_scene *sc = P->sc;
	double d[2];
	const struct tp_shape *s = tp_scene_drawn(sc, r.i, r.sub, m, d);
	*p = NULL;
	if (s->kind != TP_SHAPE_PATH && s->kind != TP_SHAPE_IMAGE)
		return s;
	*p = sc->pts + s->first;
	if (sc->shapes[r.i].kind != TP_SHAPE_PLACE)
		return s;
	if (tp_grow((void **)&P->tmp, &P->cap_tmp, s->count, sizeof *P->tmp, 64) != 0) {
		P->pf->oom = 1;
		return NULL;
	}
	/* As the walk moves them (scene.h), to the bit. */
	for (size_t k = 0; k < s->count; k++) {
		const struct tp_pt *a = &sc->pts[s->first + k];
		P->tmp[k] = (struct tp_pt){ a->op, a->x + d[0], a->y + d[1] };
	}
	*p = P->tmp;
	return s;
}

static void page_rules(struct tp_pf_page *P)
{
	const struct tp_scene *sc = P->sc;
	const struct tp_pf_rules *r = P->r;
	if (r->press_w > 0 && !sc->press) {
		double m = 2 * (sc->bleed + r->marks_margin);
		double w = sc->trim_w + m, h = sc->trim_h + m;
		int fits = (w <= r->press_w + EPS && h <= r->press_h + EPS) ||
			   (h <= r->press_w + EPS && w <= r->press_h + EPS);
		if (!fits)
			tp_pf_add(P, TP_PF_ERROR, 0, 0, "page-size", fmax(w, h), fmax(r->press_w, r->press_h),
			    "a %.1f x %.1f mm page (bleed and marks included) on a %.1f x %.1f mm press sheet's clear area",
			    w, h, r->press_w, r->press_h);
	}
	if (r->bleed > 0 && !sc->press && sc->bleed + EPS < r->bleed)
		tp_pf_add(P, TP_PF_ERROR, 0, 0, "bleed", sc->bleed, r->bleed, "the page's bleed box");
}

struct tp_pf_page *tp_pf_begin(struct tp_preflight *pf, const struct tp_pf_rules *r,
			       const char *sheet, int page, const struct tp_scene *sc)
{
	struct tp_pf_page *P = tp_calloc(1, sizeof *P);
	if (P == NULL) {
		pf->oom = 1;
		return NULL;
	}
	*P = (struct tp_pf_page){ .pf = pf, .r = r, .sheet = sheet, .page = page, .sc = sc,
				  .own_die = SIZE_MAX };
	if (tp_pf_runs_init(&P->fill, sc, fill_keep) != 0 ||
	    tp_pf_runs_init(&P->safe, sc, safe_keep) != 0 ||
	    (P->fills = tp_pf_fills_new(sc)) == NULL) {
		tp_pf_runs_free(&P->fill);
		tp_pf_runs_free(&P->safe);
		free(P);
		pf->oom = 1;
		return NULL;
	}
	pf->pages++;
	return P;
}

/* A die shape of the page being added (tp_pf_add_cuts). */
static int cut_shape(void *ctx, const struct tp_walk_shape *d)
{
	struct tp_pf_page *P = ctx;
	if (is_die(d) && add_die(P, d) != 0) {
		P->pf->oom = 1;
		return 1;
	}
	return 0;
}

int tp_pf_add_cuts(struct tp_pf_page *P, const struct tp_scene *cut, double a, double dx,
		   double dy)
{
	static const struct tp_sink cuts = { .rect = cut_shape, .path = cut_shape, .text = cut_shape };
	if (P == NULL)
		return -1;
	if (P->own_die == SIZE_MAX) {
		P->own_die = P->n_die;
		P->own_seg = P->n_seg;
	}
	tp_err e = { 0 };
	P->quiet = 1;
	P->cut_a = a;
	P->cut_dx = dx;
	P->cut_dy = dy;
	if (tp_scene_walk(cut, &tp_pf_view, &cuts, P, &e) != TP_OK)
		P->pf->oom = 1;
	P->quiet = 0;
	return P->pf->oom ? -1 : 0;
}

int tp_pf_end(struct tp_pf_page *P)
{
	if (P == NULL)
		return -1;
	struct tp_preflight *pf = P->pf;
	if (!pf->oom) {
		page_rules(P);
		size_t n_seg = P->n_seg, n_die = P->n_die;
		if (P->own_die != SIZE_MAX) {
			P->n_seg = P->own_seg;
			P->n_die = P->own_die;
		}
		die_rules(P);
		P->n_seg = n_seg;
		P->n_die = n_die;
		tp_pf_safe_zone(P);
		tp_pf_hidden_art(P);
		if (P->r->emboss_gap > 0)
			tp_pf_emboss_gaps(P);
	}
	free(P->seg);
	free(P->eseg);
	free(P->emb);
	free(P->die);
	tp_pf_runs_free(&P->fill);
	tp_pf_runs_free(&P->safe);
	free(P->tmp);
	tp_pf_fills_free(P->fills);
	free(P);
	return pf->oom ? -1 : 0;
}

int tp_preflight_page(struct tp_preflight *pf, const struct tp_pf_rules *r, const char *sheet,
		      int page, const struct tp_scene *sc)
{
	struct tp_pf_page *P = tp_pf_begin(pf, r, sheet, page, sc);
	if (P == NULL)
		return -1;
	tp_err e = { 0 };
	const struct tp_walk_opts o = tp_pf_view_for(r);
	int rc = tp_scene_walk(sc, &o, &tp_pf_sink, P, &e);
	if (rc != TP_OK)
		pf->oom = 1;
	return tp_pf_end(P);
}
