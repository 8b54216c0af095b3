/* The preflight's rules over a page's shapes (preflight.h). */

#include "print/preflight.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/sheet.h"

#define EPS 0.01          /* mm: what counts as touching */
#define MAX_FINDINGS 20000

struct seg {
	double x0, y0, x1, y1;
	size_t shape;
};

/* What the page-wide rules need, collected in one pass. */
struct page {
	struct tp_preflight *pf;
	const struct tp_pf_rules *r;
	const char *sheet;
	int page;
	const struct tp_scene *sc;
	struct seg *die;      /* every straight piece of every die path */
	size_t n_die, cap_die;
};

static void add(struct page *P, int sev, double x, double y, const char *rule, double value,
		double limit, const char *fmt, ...)
{
	struct tp_preflight *pf = P->pf;
	if (sev == TP_PF_ERROR)
		pf->errors++;
	else
		pf->warnings++;
	if (pf->n >= MAX_FINDINGS)
		return;
	if (pf->n == pf->cap) {
		size_t cap = pf->cap ? 2 * pf->cap : 64;
		struct tp_pf_finding *f = tp_realloc(pf->f, cap * sizeof *f);
		if (f == NULL) {
			pf->oom = 1;
			return;
		}
		pf->f = f;
		pf->cap = cap;
	}
	struct tp_pf_finding *f = &pf->f[pf->n++];
	memset(f, 0, sizeof *f);
	f->severity = sev;
	snprintf(f->sheet, sizeof f->sheet, "%s", P->sheet);
	f->page = P->page;
	f->x = x;
	f->y = y;
	snprintf(f->rule, sizeof f->rule, "%s", rule);
	f->value = value;
	f->limit = limit;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f->what, sizeof f->what, fmt, ap);
	va_end(ap);
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

/* ---- geometry ---------------------------------------------------------------- */

static double pt_seg(double px, double py, const struct seg *s)
{
	double dx = s->x1 - s->x0, dy = s->y1 - s->y0, l2 = dx * dx + dy * dy;
	double t = l2 > 0 ? ((px - s->x0) * dx + (py - s->y0) * dy) / l2 : 0;
	t = fmax(0, fmin(1, t));
	return hypot(px - (s->x0 + t * dx), py - (s->y0 + t * dy));
}

static int cross(const struct seg *a, const struct seg *b)
{
	double d1 = (b->x1 - b->x0) * (a->y0 - b->y0) - (b->y1 - b->y0) * (a->x0 - b->x0);
	double d2 = (b->x1 - b->x0) * (a->y1 - b->y0) - (b->y1 - b->y0) * (a->x1 - b->x0);
	double d3 = (a->x1 - a->x0) * (b->y0 - a->y0) - (a->y1 - a->y0) * (b->x0 - a->x0);
	double d4 = (a->x1 - a->x0) * (b->y1 - a->y0) - (a->y1 - a->y0) * (b->x1 - a->x0);
	return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0));
}

static double seg_seg(const struct seg *a, const struct seg *b)
{
	if (cross(a, b))
		return 0;
	return fmin(fmin(pt_seg(a->x0, a->y0, b), pt_seg(a->x1, a->y1, b)),
		    fmin(pt_seg(b->x0, b->y0, a), pt_seg(b->x1, b->y1, a)));
}

/* Distance from a box to a segment (0 when they meet). */
static double box_seg(const double b[4], const struct seg *s)
{
	int in0 = s->x0 >= b[0] && s->x0 <= b[2] && s->y0 >= b[1] && s->y0 <= b[3];
	if (in0)
		return 0;
	struct seg e[4] = { { b[0], b[1], b[2], b[1], 0 }, { b[2], b[1], b[2], b[3], 0 },
			    { b[2], b[3], b[0], b[3], 0 }, { b[0], b[3], b[0], b[1], 0 } };
	double d = INFINITY;
	for (int i = 0; i < 4; i++)
		d = fmin(d, seg_seg(&e[i], s));
	return d;
}

/* 1 when (x, y) lies inside the filled shape u (nonzero winding; a
 * curve by its control polygon, close enough for a point well inside). */
static int inside_fill(const struct tp_scene *sc, const struct tp_shape *u, double x, double y)
{
	if (u->kind == TP_SHAPE_RECT)
		return x >= fmin(u->x, u->x + u->w) && x <= fmax(u->x, u->x + u->w) &&
		       y >= fmin(u->y, u->y + u->h) && y <= fmax(u->y, u->y + u->h);
	if (u->kind != TP_SHAPE_PATH)
		return 0;
	const struct tp_pt *p = sc->pts + u->first;
	int wind = 0;
	double sx = 0, sy = 0, px = 0, py = 0;
	for (size_t k = 0; k <= u->count; k++) {
		int end = k == u->count || p[k].op == TP_MOVE;
		double qx = end || p[k].op == TP_CLOSE ? sx : p[k].x;
		double qy = end || p[k].op == TP_CLOSE ? sy : p[k].y;
		if (k > 0 && (py <= y) != (qy <= y)) {
			double t = (y - py) / (qy - py);
			if (px + t * (qx - px) > x)
				wind += qy > py ? 1 : -1;
		}
		if (k < u->count && p[k].op == TP_MOVE) {
			sx = px = p[k].x;
			sy = py = p[k].y;
		} else {
			px = qx;
			py = qy;
		}
	}
	return wind != 0;
}

static int boxes_meet(const double a[4], const double b[4])
{
	return a[0] < b[2] - EPS && b[0] < a[2] - EPS && a[1] < b[3] - EPS && b[1] < a[3] - EPS;
}

/* ---- collecting the die lines ---------------------------------------------------- */

static int push_seg(struct page *P, double x0, double y0, double x1, double y1, size_t shape)
{
	if (P->n_die == P->cap_die) {
		size_t cap = P->cap_die ? 2 * P->cap_die : 64;
		struct seg *s = tp_realloc(P->die, cap * sizeof *s);
		if (s == NULL)
			return -1;
		P->die = s;
		P->cap_die = cap;
	}
	P->die[P->n_die++] = (struct seg){ x0, y0, x1, y1, shape };
	return 0;
}

static int is_die(const struct tp_shape *s)
{
	return s->ink == TP_INK_CUT && !(s->flags & TP_SHAPE_MARK);
}

/* A die path's straight pieces (a curve by its control polygon); *closed
 * when it returns to its start. */
static int die_segments(struct page *P, size_t i, int *closed)
{
	const struct tp_scene *sc = P->sc;
	const struct tp_shape *s = &sc->shapes[i];
	*closed = 0;
	if (s->kind == TP_SHAPE_RECT) {
		*closed = 1;
		double x0 = s->x, y0 = s->y, x1 = s->x + s->w, y1 = s->y + s->h;
		return push_seg(P, x0, y0, x1, y0, i) | push_seg(P, x1, y0, x1, y1, i) |
		       push_seg(P, x1, y1, x0, y1, i) | push_seg(P, x0, y1, x0, y0, i);
	}
	if (s->kind != TP_SHAPE_PATH)
		return 0;
	const struct tp_pt *p = sc->pts + s->first;
	double sx = 0, sy = 0, px = 0, py = 0;
	int subpaths = 0, open = 0;
	for (size_t k = 0; k < s->count; k++) {
		double x = p[k].x, y = p[k].y;
		if (p[k].op == TP_MOVE) {
			if (subpaths && !(fabs(px - sx) < EPS && fabs(py - sy) < EPS))
				open = 1;
			subpaths++;
			sx = x;
			sy = y;
		} else {
			if (p[k].op == TP_CLOSE) {
				x = sx;
				y = sy;
			}
			if (push_seg(P, px, py, x, y, i) != 0)
				return -1;
			if (p[k].op == TP_CLOSE) {
				px = sx;
				py = sy;
				continue;
			}
		}
		px = x;
		py = y;
	}
	if (subpaths && !(fabs(px - sx) < EPS && fabs(py - sy) < EPS))
		open = 1;
	*closed = subpaths > 0 && !open;
	return 0;
}

/* ---- the page-wide die rules --------------------------------------------------- */

/* 1 when (x, y) lies on the trim edge or on a die piece of another
 * shape than `shape`. */
static int meets_cut(const struct page *P, double x, double y, size_t shape)
{
	const struct tp_scene *sc = P->sc;
	if (fabs(x) < EPS || fabs(y) < EPS || fabs(x - sc->trim_w) < EPS || fabs(y - sc->trim_h) < EPS)
		return 1;
	for (size_t i = 0; i < P->n_die; i++)
		if (P->die[i].shape != shape && pt_seg(x, y, &P->die[i]) < EPS)
			return 1;
	return 0;
}

/* An open die path is allowed only as a gang cut: each of its ends meets
 * the trim edge or another cut (edges two tiles share are cut once). */
static int gang_cut(const struct page *P, size_t i)
{
	const struct tp_scene *sc = P->sc;
	const struct tp_shape *s = &sc->shapes[i];
	if (s->kind != TP_SHAPE_PATH || s->count < 2)
		return 0;
	const struct tp_pt *p = sc->pts + s->first;
	return meets_cut(P, p[0].x, p[0].y, i) && meets_cut(P, p[s->count - 1].x, p[s->count - 1].y, i);
}

/* Cut once: no straight piece twice. */
static void die_doubled(struct page *P)
{
	for (size_t a = 0; a < P->n_die; a++)
		for (size_t b = a + 1; b < P->n_die; b++) {
			const struct seg *u = &P->die[a], *v = &P->die[b];
			int same = (fabs(u->x0 - v->x0) < EPS && fabs(u->y0 - v->y0) < EPS &&
				    fabs(u->x1 - v->x1) < EPS && fabs(u->y1 - v->y1) < EPS) ||
				   (fabs(u->x0 - v->x1) < EPS && fabs(u->y0 - v->y1) < EPS &&
				    fabs(u->x1 - v->x0) < EPS && fabs(u->y1 - v->y0) < EPS);
			if (same && hypot(u->x1 - u->x0, u->y1 - u->y0) > EPS)
				add(P, TP_PF_ERROR, u->x0, u->y0, "die-doubled", 2, 1,
				    "a die line cut twice, %.2f mm long", hypot(u->x1 - u->x0, u->y1 - u->y0));
		}
}

/* Space between components' die lines (box[k]: component k's box, the
 * die shape it is). */
static void die_gaps(struct page *P, double (*box)[4], const size_t *shape_of, size_t n_comp)
{
	const struct tp_pf_rules *r = P->r;
	for (size_t a = 0; r->die_gap > 0 && a < n_comp; a++)
		for (size_t b = a + 1; b < n_comp; b++) {
			double *p = box[a], *q = box[b];
			if (p[0] > q[2] + r->die_gap || q[0] > p[2] + r->die_gap ||
			    p[1] > q[3] + r->die_gap || q[1] > p[3] + r->die_gap)
				continue;
			double d = INFINITY;
			for (size_t i = 0; i < P->n_die; i++)
				for (size_t j = 0; P->die[i].shape == shape_of[a] && j < P->n_die; j++)
					if (P->die[j].shape == shape_of[b])
						d = fmin(d, seg_seg(&P->die[i], &P->die[j]));
			if (d < r->die_gap - EPS)
				add(P, TP_PF_ERROR, (p[0] + q[0]) / 2, (p[1] + q[1]) / 2, "die-gap", d,
				    r->die_gap, "two components' die lines %.2f mm apart", d);
		}
}

static void die_rules(struct page *P)
{
	const struct tp_scene *sc = P->sc;
	const struct tp_pf_rules *r = P->r;
	size_t n_comp = 0;
	double (*box)[4] = NULL;
	size_t *shape_of = NULL;
	/* Every die piece first: an open path's ends are judged against all. */
	char *closed_of = tp_calloc(sc->n_shapes + 1, 1);
	size_t *first_of = tp_calloc(sc->n_shapes + 1, sizeof *first_of);
	for (size_t i = 0; closed_of && first_of && i < sc->n_shapes; i++) {
		int closed = 0;
		first_of[i] = P->n_die;
		if (is_die(&sc->shapes[i]) && die_segments(P, i, &closed) != 0) {
			P->pf->oom = 1;
			break;
		}
		closed_of[i] = (char)closed;
	}
	if (closed_of == NULL || first_of == NULL || P->pf->oom) {
		P->pf->oom = 1;
		free(closed_of);
		free(first_of);
		return;
	}
	for (size_t i = 0; i < sc->n_shapes; i++) {
		if (!is_die(&sc->shapes[i]))
			continue;
		size_t first = first_of[i], last = i + 1 < sc->n_shapes ? first_of[i + 1] : P->n_die;
		int closed = closed_of[i];
		double b[4];
		tp_shape_bbox(sc, &sc->shapes[i], b);
		if (!closed && !gang_cut(P, i)) {
			add(P, TP_PF_ERROR, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, "die-open", 0, 0,
			    "a die path that is neither closed nor a cut whose ends meet other cuts (%zu pieces)",
			    last - first);
			continue;
		}
		if (!closed)
			continue;
		double side = fmin(b[2] - b[0], b[3] - b[1]);
		if (r->min_component > 0 && side < r->min_component - EPS)
			add(P, TP_PF_ERROR, b[0], b[1], "component-size", side, r->min_component,
			    "a die-cut component %.2f x %.2f mm", b[2] - b[0], b[3] - b[1]);
		void *nb = tp_realloc(box, (n_comp + 1) * sizeof *box);
		void *ns = nb ? tp_realloc(shape_of, (n_comp + 1) * sizeof *shape_of) : NULL;
		if (nb)
			box = nb;
		if (ns == NULL) {
			P->pf->oom = 1;
			break;
		}
		shape_of = ns;
		memcpy(box[n_comp], b, sizeof b);
		shape_of[n_comp++] = i;
	}
	die_doubled(P);
	die_gaps(P, box, shape_of, n_comp);
	free(box);
	free(shape_of);
	free(closed_of);
	free(first_of);
}

/* ---- one shape ------------------------------------------------------------------- */

static double die_distance(const struct page *P, const double b[4])
{
	double d = INFINITY;
	for (size_t i = 0; i < P->n_die; i++)
		d = fmin(d, box_seg(b, &P->die[i]));
	return d;
}

/* Shape s (ink k, box b) printed over a fill of ink ku: the coverage of
 * an overprint, and a dark thin or small object's knock-out. */
static void over_fill(struct page *P, const struct tp_shape *s, const struct tp_ink *k,
		      const struct tp_ink *ku, const double b[4])
{
	double cx = (b[0] + b[2]) / 2, cy = (b[1] + b[3]) / 2;
	if (k->overprint) {
		double t = 0;
		for (int p = 0; p < 4; p++)
			t += 100 * (k->cmyk[p] > 0 ? k->cmyk[p] : ku->cmyk[p]);
		if (P->r->max_tac > 0 && t > P->r->max_tac + 1e-9)
			add(P, TP_PF_ERROR, cx, cy, "tac", t, P->r->max_tac, "%s overprinting %s", k->name,
			    ku->name);
		return;
	}
	int lacks = 0;
	for (int p = 0; p < 4; p++)
		lacks |= ku->cmyk[p] > 0 && k->cmyk[p] == 0;
	int thin = (s->paint & TP_STROKE) || s->kind == TP_SHAPE_TEXT ||
		   fmin(b[2] - b[0], b[3] - b[1]) <= 12;
	if (dark(k) && lacks && thin)
		add(P, TP_PF_WARNING, cx, cy, "knock-out", 0, 1,
		    "%s (dark, thin or small) knocks %s out instead of overprinting it", k->name,
		    ku->name);
}

static void shape_rules(struct page *P, size_t i)
{
	const struct tp_scene *sc = P->sc;
	const struct tp_pf_rules *r = P->r;
	const struct tp_shape *s = &sc->shapes[i];
	const struct tp_ink *k = ink_of(sc, s);
	if ((s->flags & TP_SHAPE_MARK) || k == NULL)
		return;
	double b[4];
	tp_shape_bbox(sc, s, b);
	double cx = (b[0] + b[2]) / 2, cy = (b[1] + b[3]) / 2;
	if (k->kind == TP_INK_SPOT && !k->overprint)
		add(P, TP_PF_ERROR, cx, cy, "spot-overprint", 0, 1,
		    "spot ink %s knocks out what lies under it", k->name);
	if (s->paint & TP_STROKE) {
		if (s->ink == TP_INK_EMBOSS && r->emboss_min > 0 && s->stroke < r->emboss_min - 1e-9)
			add(P, TP_PF_WARNING, cx, cy, "emboss-min", s->stroke, r->emboss_min,
			    "an emboss stroke %.3f mm wide", s->stroke);
		else if (k->kind == TP_INK_PROCESS && tp_ink_is_tint(k) && r->min_tint_line > 0 &&
			 s->stroke < r->min_tint_line - 1e-9)
			add(P, TP_PF_WARNING, cx, cy, "line-weight", s->stroke, r->min_tint_line,
			    "a %.3f mm line in %s, a tint", s->stroke, k->name);
		else if (k->kind == TP_INK_PROCESS && r->min_line > 0 && s->stroke < r->min_line - 1e-9)
			add(P, TP_PF_WARNING, cx, cy, "line-weight", s->stroke, r->min_line,
			    "a %.3f mm line in %s", s->stroke, k->name);
	}
	if (k->kind == TP_INK_PROCESS && r->max_tac > 0 && tac(k) > r->max_tac + 1e-9)
		add(P, TP_PF_ERROR, cx, cy, "tac", tac(k), r->max_tac, "ink %s", k->name);
	/* Over the topmost fill drawn before it under its centre: knock-outs
	 * and coverage. */
	if (k->kind == TP_INK_PROCESS && s->ink != TP_INK_CUT) {
		long top = -1;
		for (size_t j = 0; j < sc->n_shapes; j++) {
			const struct tp_shape *u = &sc->shapes[j];
			const struct tp_ink *ku = ink_of(sc, u);
			if (j == i || u->paint != TP_FILL || (u->flags & TP_SHAPE_MARK) || ku == NULL ||
			    ku->kind != TP_INK_PROCESS || u->ink == s->ink ||
			    !(u->layer < s->layer || (u->layer == s->layer && j < i)))
				continue;
			if (top >= 0) {
				const struct tp_shape *t = &sc->shapes[top];
				if (u->layer < t->layer || (u->layer == t->layer && j < (size_t)top))
					continue;   /* drawn before the one found: under it */
			}
			double ub[4];
			tp_shape_bbox(sc, u, ub);
			if (boxes_meet(b, ub) && inside_fill(sc, u, cx, cy))
				top = (long)j;
		}
		if (top >= 0)
			over_fill(P, s, k, ink_of(sc, &sc->shapes[top]), b);
	}
	/* The safe zone: elements that do not run to a cut keep clear of it. */
	if (r->safe > 0 && !is_die(s) && k->kind != TP_INK_REGISTRATION) {
		double d;
		if (P->n_die > 0) {
			d = die_distance(P, b);
		} else {
			d = fmin(fmin(b[0], b[1]), fmin(sc->trim_w - b[2], sc->trim_h - b[3]));
			if (d <= EPS)
				d = 0;   /* runs into the bleed: background */
		}
		if (d > EPS && d < r->safe - EPS)
			add(P, TP_PF_WARNING, cx, cy, "safe-zone", d, r->safe,
			    "%s %s %.2f mm from the cut", k->name,
			    s->kind == TP_SHAPE_TEXT ? "text" : (s->paint & TP_STROKE) ? "line" : "shape", d);
	}
}

/* ---- the page ---------------------------------------------------------------------- */

static void page_rules(struct page *P)
{
	const struct tp_scene *sc = P->sc;
	const struct tp_pf_rules *r = P->r;
	if (r->press_w > 0 && !sc->press) {
		double m = 2 * (sc->bleed + r->marks_margin);
		double w = sc->trim_w + m, h = sc->trim_h + m;
		int fits = (w <= r->press_w + EPS && h <= r->press_h + EPS) ||
			   (h <= r->press_w + EPS && w <= r->press_h + EPS);
		if (!fits)
			add(P, TP_PF_ERROR, 0, 0, "page-size", fmax(w, h), fmax(r->press_w, r->press_h),
			    "a %.1f x %.1f mm page (bleed and marks included) on a %.1f x %.1f mm press sheet's clear area",
			    w, h, r->press_w, r->press_h);
	}
	/* Bleed: a fill that ends on a trim edge has no bleed there (art
	 * crossing the edge and ending somewhere beyond it is cut art, e.g.
	 * a panel's share of a glyph, and is left alone). */
	if (r->bleed > 0 && !sc->press && sc->bleed + EPS < r->bleed)
		add(P, TP_PF_ERROR, 0, 0, "bleed", sc->bleed, r->bleed, "the page's bleed box");
	for (size_t i = 0; r->bleed > 0 && !sc->press && i < sc->n_shapes; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		const struct tp_ink *k = ink_of(sc, s);
		if (s->paint != TP_FILL || (s->flags & TP_SHAPE_MARK) || k == NULL ||
		    k->kind != TP_INK_PROCESS)
			continue;
		double b[4], W = sc->trim_w, H = sc->trim_h;
		tp_shape_bbox(sc, s, b);
		const double edge[4] = { -b[0], -b[1], b[2] - W, b[3] - H };
		for (int e = 0; e < 4; e++)
			if (fabs(edge[e]) < EPS && fmin(sc->bleed, r->bleed) > EPS) {
				add(P, TP_PF_WARNING, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, "bleed",
				    edge[e], fmin(sc->bleed, r->bleed),
				    "%s art stops at the trim edge, without bleed", k->name);
				break;
			}
	}
}

int tp_preflight_page(struct tp_preflight *pf, const struct tp_pf_rules *r, const char *sheet,
		      int page, const struct tp_scene *sc)
{
	struct page P = { pf, r, sheet, page, sc, NULL, 0, 0 };
	pf->pages++;
	die_rules(&P);
	page_rules(&P);
	for (size_t i = 0; i < sc->n_shapes; i++)
		shape_rules(&P, i);
	free(P.die);
	return pf->oom ? -1 : 0;
}

void tp_preflight_free(struct tp_preflight *pf)
{
	free(pf->f);
	memset(pf, 0, sizeof *pf);
}

void tp_preflight_line(const struct tp_pf_finding *f, char *out, size_t n)
{
	snprintf(out, n, "%s %s page %d at (%.1f, %.1f) mm: %s: %s (%g, limit %g)",
		 f->severity == TP_PF_ERROR ? "error" : "warning", f->sheet, f->page, f->x, f->y,
		 f->rule, f->what, f->value, f->limit);
}

void tp_preflight_text(const struct tp_preflight *pf, struct tp_buf *b)
{
	tp_buf_printf(b, "preflight: %zu pages, %zu errors, %zu warnings%s\n", pf->pages, pf->errors,
		      pf->warnings, pf->n < pf->errors + pf->warnings ? " (the first listed)" : "");
	for (int sev = TP_PF_ERROR; sev >= TP_PF_WARNING; sev--)
		for (size_t i = 0; i < pf->n; i++) {
			if (pf->f[i].severity != sev)
				continue;
			char line[400];
			tp_preflight_line(&pf->f[i], line, sizeof line);
			tp_buf_printf(b, "%s\n", line);
		}
}

static void json_str(struct tp_buf *b, const char *s)
{
	tp_buf_printf(b, "\"");
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			tp_buf_printf(b, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			tp_buf_printf(b, "\\u%04x", (unsigned char)*s);
		else
			tp_buf_printf(b, "%c", *s);
	}
	tp_buf_printf(b, "\"");
}

void tp_preflight_json(const struct tp_preflight *pf, struct tp_buf *b)
{
	tp_buf_printf(b, "{\"pages\":%zu,\"errors\":%zu,\"warnings\":%zu,\"findings\":[", pf->pages,
		      pf->errors, pf->warnings);
	for (size_t i = 0; i < pf->n; i++) {
		const struct tp_pf_finding *f = &pf->f[i];
		tp_buf_printf(b, "%s\n{\"severity\":\"%s\",\"sheet\":", i ? "," : "",
			      f->severity == TP_PF_ERROR ? "error" : "warning");
		json_str(b, f->sheet);
		tp_buf_printf(b, ",\"page\":%d,\"x_mm\":%.2f,\"y_mm\":%.2f,\"rule\":", f->page, f->x, f->y);
		json_str(b, f->rule);
		tp_buf_printf(b, ",\"value\":%g,\"limit\":%g,\"what\":", f->value, f->limit);
		json_str(b, f->what);
		tp_buf_printf(b, "}");
	}
	tp_buf_printf(b, "]}\n");
}
