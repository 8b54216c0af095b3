#include "print/layout/sheet.h"

#include <stdlib.h>

#include "core/alloc.h"
#include "print/scene/copy_sink.h"
#include "print/scene/scene_index.h"
#include "print/art/text_outline.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define EDGE_EPS 1e-6

/* Which edges of the trim box a filled art rect lying on them grows
 * across (bits 1 left, 2 top, 4 right, 8 bottom), growing r as it goes:
 * the right and bottom tests read the rect the left and top grew. */
static unsigned bleed_rect(const struct tp_scene *sc, struct tp_shape *r)
{
	double b = sc->bleed;
	unsigned m = 0;
	if (r->kind != TP_SHAPE_RECT || r->paint != TP_FILL || !tp_walk_shows(sc, &tp_walk_art, r))
		return 0;
	if (fabs(r->x) < EDGE_EPS) {
		r->x -= b;
		r->w += b;
		m |= 1;
	}
	if (fabs(r->y) < EDGE_EPS) {
		r->y -= b;
		r->h += b;
		m |= 2;
	}
	if (fabs(r->x + r->w - sc->trim_w) < EDGE_EPS) {
		r->w += b;
		m |= 4;
	}
	if (fabs(r->y + r->h - sc->trim_h) < EDGE_EPS) {
		r->h += b;
		m |= 8;
	}
	return m;
}

/* A symbol made for placements whose shapes grow alike: sym's copy with
 * grow[k] applied to its shape k. */
struct bled {
	int sym, copy;
	size_t n;
	unsigned char *grow;
};

/* The symbol placement p draws grown where its rects lie on an edge: p's
 * own, or a copy of it grown (one for every placement that grows alike,
 * so only a sheet's edge adds drawings).  0, or -1 when out of memory. */
static int bleed_place(struct tp_scene *sc, struct tp_shape *p, struct bled **v, size_t *nv,
		       size_t *cap, unsigned char *grow)
{
	size_t n = tp_scene_place_n(sc, p);
	int any = 0;
	for (size_t k = 0; k < n; k++) {
		struct tp_shape m;
		double d[2];
		tp_scene_place_shape(sc, p, k, &m, d);
		grow[k] = (unsigned char)bleed_rect(sc, &m);
		any |= grow[k] != 0;
	}
	if (!any)
		return 0;
	for (size_t j = 0; j < *nv; j++)
		if ((*v)[j].sym == (int)p->first && memcmp((*v)[j].grow, grow, n) == 0) {
			p->first = (size_t)(*v)[j].copy;
			return 0;
		}
	if (tp_grow((void **)v, cap, *nv + 1, sizeof **v, 8) != 0)
		return -1;
	struct bled *e = &(*v)[*nv];
	e->sym = (int)p->first;
	e->n = n;
	if ((e->grow = tp_malloc(n)) == NULL)
		return -1;
	memcpy(e->grow, grow, n);
	(*nv)++;
	if ((e->copy = tp_scene_symbol_copy(sc, e->sym)) < 0)
		return -1;
	/* Grown in the symbol's own frame: drawn at x + dx, a rect moved to
	 * x - b there lies where the bleed moves the rect drawn in place. */
	double b = sc->bleed;
	struct tp_shape *s = sc->sym_shapes + sc->symbols[e->copy].first;
	for (size_t k = 0; k < n; k++) {
		if (grow[k] & 1) {
			s[k].x -= b;
			s[k].w += b;
		}
		if (grow[k] & 2) {
			s[k].y -= b;
			s[k].h += b;
		}
		if (grow[k] & 4)
			s[k].w += b;
		if (grow[k] & 8)
			s[k].h += b;
	}
	p->first = (size_t)e->copy;
	return 0;
}

int tp_sheet_bleed(struct tp_scene *sc)
{
	struct bled *v = NULL;
	size_t nv = 0, cap = 0, most = 0;
	unsigned char *grow = NULL;
	int rc = 0;
	for (size_t k = 0; sc->n_places && k < sc->n_symbols; k++)
		if (sc->symbols[k].end - sc->symbols[k].first > most)
			most = sc->symbols[k].end - sc->symbols[k].first;
	if (sc->n_places && (grow = tp_malloc(most ? most : 1)) == NULL)
		rc = -1;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		struct tp_shape *s = &sc->shapes[i];
		if (s->kind != TP_SHAPE_PLACE)
			bleed_rect(sc, s);
		else if (rc == 0 && bleed_place(sc, s, &v, &nv, &cap, grow) != 0)
			rc = -1;
	}
	for (size_t j = 0; j < nv; j++)
		free(v[j].grow);
	free(v);
	free(grow);
	return rc;
}

/* Shape s mirrored about x = W / 2. */
static void mirror_shape(struct tp_scene *sc, struct tp_shape *s, double W)
{
	switch (s->kind) {
	case TP_SHAPE_RECT:
		s->x = W - s->x - s->w;
		break;
	case TP_SHAPE_TEXT:
		s->x = W - s->x;
		if (s->align == TP_ALIGN_LEFT)
			s->align = TP_ALIGN_RIGHT;
		else if (s->align == TP_ALIGN_RIGHT)
			s->align = TP_ALIGN_LEFT;
		break;
	case TP_SHAPE_PATH:
	case TP_SHAPE_IMAGE:   /* its corners: the picture mirrored too */
		for (size_t k = 0; k < s->count; k++)
			sc->pts[s->first + k].x = W - sc->pts[s->first + k].x;
		break;
	case TP_SHAPE_PLACE:   /* its symbol is mirrored about its own origin */
		s->x = W - s->x;
		break;
	}
}

void tp_sheet_mirror(struct tp_scene *sc)
{
	double W = sc->trim_w;
	for (size_t i = 0; i < sc->n_shapes; i++)
		mirror_shape(sc, &sc->shapes[i], W);
	/* A symbol mirrored about x = 0 and placed at W - dx draws, to the
	 * rounding of one sum, what the mirror makes of it placed at dx. */
	for (size_t i = 0; i < sc->n_sym_shapes; i++)
		mirror_shape(sc, &sc->sym_shapes[i], 0);
}

/* A placement's box: the union of its symbol's shapes' boxes as drawn
 * (a path's box moved is the box of its moved points: adding one number
 * keeps their order). */
static void place_bbox(const struct tp_scene *sc, const struct tp_shape *p, double b[4])
{
	b[0] = b[1] = INFINITY;
	b[2] = b[3] = -INFINITY;
	for (size_t k = 0, n = tp_scene_place_n(sc, p); k < n; k++) {
		struct tp_shape m;
		double d[2], c[4];
		tp_shape_bbox(sc, tp_scene_place_shape(sc, p, k, &m, d), c);
		if (c[0] == INFINITY && c[2] == -INFINITY)   /* no point */
			continue;
		if (m.kind == TP_SHAPE_PATH || m.kind == TP_SHAPE_IMAGE) {
			c[0] += d[0]; c[2] += d[0];
			c[1] += d[1]; c[3] += d[1];
		}
		b[0] = fmin(b[0], fmin(c[0], c[2])); b[1] = fmin(b[1], fmin(c[1], c[3]));
		b[2] = fmax(b[2], fmax(c[0], c[2])); b[3] = fmax(b[3], fmax(c[1], c[3]));
	}
}

void tp_shape_bbox(const struct tp_scene *sc, const struct tp_shape *s, double b[4])
{
	if (s->kind == TP_SHAPE_PLACE) {
		place_bbox(sc, s, b);
	} else if (s->kind == TP_SHAPE_RECT) {
		b[0] = s->x; b[1] = s->y; b[2] = s->x + s->w; b[3] = s->y + s->h;
	} else if (s->kind == TP_SHAPE_TEXT) {
		/* Generous: a line of text is at most ~0.7 em per character. */
		double len = (double)strlen(sc->text + s->first) * s->h * 0.7;
		b[0] = s->x - len; b[1] = s->y - s->h; b[2] = s->x + len; b[3] = s->y + s->h * 0.3;
	} else {
		b[0] = b[1] = INFINITY;
		b[2] = b[3] = -INFINITY;
		for (size_t k = 0; k < s->count; k++) {
			const struct tp_pt *p = &sc->pts[s->first + k];
			if (p->op == TP_CLOSE)   /* carries no point */
				continue;
			b[0] = fmin(b[0], p->x); b[1] = fmin(b[1], p->y);
			b[2] = fmax(b[2], p->x); b[3] = fmax(b[3], p->y);
		}
	}
}

/* The box of shape i: the index's, or computed into b. */
static const double *box_of(const struct tp_scene *src, const struct tp_scene_index *ix, size_t i,
			    double b[4])
{
	if (ix != NULL)
		return tp_scene_index_box(ix, i);
	tp_shape_bbox(src, &src->shapes[i], b);
	return b;
}

struct tp_scene *tp_sheet_crop(const struct tp_scene *src, const char *name,
			       double x, double y, double w, double h)
{
	return tp_sheet_crop_ix(src, NULL, name, x, y, w, h);
}

/* 1 when a shape of box b shows inside the region itself: its bleed is
 * made from its own edge art (tp_sheet_bleed), not from the neighbour's,
 * and a line lying on the cut belongs to neither side. */
static int shows(const double *b, double x, double y, double w, double h)
{
	const double eps = 1e-6;
	return !(b[2] <= x + eps || b[0] >= x + w - eps || b[3] <= y + eps || b[1] >= y + h - eps);
}

/* A crop's say on each shape the walk shows (copy_sink.h): whether it
 * shows in the region, its box from the index when there is one. */
struct crop {
	const struct tp_scene *src;
	const struct tp_scene_index *ix;
	const struct tp_crop *c;
};

/* A placed symbol's shape's own box (the index boxes its placement), as
 * tp_shape_bbox gives the same shape drawn in place. */
static const double *placed_box(const struct tp_scene *src, const struct tp_walk_shape *d,
				double b[4])
{
	struct tp_shape m;
	double off[2];
	const struct tp_shape *s = tp_scene_drawn(src, d->index, d->sub, &m, off);
	tp_shape_bbox(src, s, b);
	if ((s->kind == TP_SHAPE_PATH || s->kind == TP_SHAPE_IMAGE) && b[0] <= b[2]) {
		b[0] += off[0]; b[2] += off[0];
		b[1] += off[1]; b[3] += off[1];
	}
	return b;
}

static int crop_pick(void *arg, const struct tp_walk_shape *d, struct tp_shape *s, double *dx,
		     double *dy)
{
	const struct crop *k = arg;
	const struct tp_crop *c = k->c;
	const double eps = 1e-6;
	double b[4];
	(void)dx;
	(void)dy;
	if (c->own_text && s->kind == TP_SHAPE_TEXT) {
		if (!(s->x >= c->x - eps && s->x < c->x + c->w - eps && s->y > c->y + eps &&
		      s->y <= c->y + c->h + eps))
			return 0;
	} else if (!shows(d->placed ? placed_box(k->src, d, b) : box_of(k->src, k->ix, d->index, b),
			  c->x, c->y, c->w, c->h)) {
		return 0;
	}
	return s->ink == c->without ? TP_COPY_TRACE : 1;
}

/* The crop is a replay of src through the copying sink, moved by (-x, -y):
 * no marks (the walk leaves them out), only what the index may find in the
 * region (or every shape), each shape kept when it shows there.  The walk
 * goes layer by layer in the source's order, so the crop's layers come in
 * that order too, made as their first shape arrives: a crop must not
 * reorder them by which shape it happens to meet first (a number before
 * its square's colour). */
struct tp_scene *tp_sheet_crop_as(const struct tp_scene *src, struct tp_scene_index *ix,
				  const char *name, const struct tp_crop *c)
{
	struct crop arg = { src, ix, c };
	struct tp_walk_opts o = { .marks = 0 };
	const double *q = c->clip;
	if (ix != NULL &&
	    (q ? tp_scene_index_query(ix, q[0], q[1], q[2] - q[0], q[3] - q[1], &o.only, &o.n_only)
	       : tp_scene_index_query(ix, c->x, c->y, c->w, c->h, &o.only, &o.n_only)) != 0)
		return NULL;
	struct tp_scene *sc = tp_scene_new(name, c->w, c->h, c->bleed, &src->pal);
	if (sc == NULL)
		return NULL;
	sc->plate = src->plate;
	const struct tp_copy_sink k = { .dst = sc, .dx = -c->x, .dy = -c->y, .clip = c->clip,
					.pick = crop_pick, .arg = &arg };
	tp_err e = { 0 };
	if (tp_walk_copy(src, &o, &k, &e) != TP_OK) {
		tp_scene_free(sc);
		return NULL;
	}
	tp_scene_layer_by_ink(sc);
	tp_sheet_bleed(sc);
	return sc;
}

struct tp_scene *tp_sheet_crop_ix(const struct tp_scene *src, struct tp_scene_index *ix,
				  const char *name, double x, double y, double w, double h)
{
	const struct tp_crop c = { x, y, w, h, src->bleed, NULL, 0, -1 };
	return tp_sheet_crop_as(src, ix, name, &c);
}

struct tp_scene *tp_sheet_crop_without(const struct tp_scene *src, const char *name, double x,
				       double y, double w, double h, int ink)
{
	const struct tp_crop c = { x, y, w, h, src->bleed, NULL, 0, ink };
	return tp_sheet_crop_as(src, NULL, name, &c);
}

void tp_format_date(long long epoch, char *out, size_t n)
{
	time_t t = (time_t)epoch;
	struct tm tm;
	if (gmtime_r(&t, &tm) == NULL || strftime(out, n, "%Y-%m-%d %H:%M UTC", &tm) == 0)
		snprintf(out, n, "@%lld", epoch);
}

static int line(struct tp_scene *sc, double x0, double y0, double x1, double y1, double w)
{
	struct tp_pt p[2] = { { TP_MOVE, x0, y0 }, { TP_LINE, x1, y1 } };
	if (tp_scene_path(sc, TP_INK_REG, TP_STROKE, w, p, 2) != 0)
		return -1;
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	return 0;
}

/* A registration target at (cx, cy), its cross arm long each way (4 mm
 * in the bleed margin; less on a press sheet's side margin). */
static int target_sized(struct tp_scene *sc, double cx, double cy, double arm)
{
	const double r = fmin(2.5, arm * 0.625), w = 0.1;
	if (tp_scene_circle(sc, TP_INK_REG, TP_STROKE, w, cx, cy, r) != 0)
		return -1;
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	if (tp_scene_circle(sc, TP_INK_REG, TP_FILL, 0, cx, cy, r / 2.5) != 0)
		return -1;
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	return line(sc, cx - arm, cy, cx + arm, cy, w) | line(sc, cx, cy - arm, cx, cy + arm, w);
}

static int target(struct tp_scene *sc, double cx, double cy)
{
	return target_sized(sc, cx, cy, 4.0);
}

/* The advance width of text at size mm, from its outlines (as drawn);
 * about 0.55 em a glyph when they cannot be made. */
static double text_width(const char *text, double size)
{
	struct tp_pt *p = NULL;
	size_t n = 0;
	if (tp_text_outline(text, 0, 0, size, TP_ALIGN_LEFT, &p, &n) != 0 || n == 0) {
		free(p);
		return (double)strlen(text) * size * 0.55;
	}
	double x1 = 0;
	for (size_t i = 0; i < n; i++)
		if (p[i].op != TP_CLOSE)
			x1 = fmax(x1, p[i].x);
	free(p);
	return x1;
}

/* The marks of a press sheet: all inside the sheet (see sheet.h). */
static int press_marks(struct tp_scene *sc, const struct tp_slug *slug)
{
	double W = sc->trim_w, H = sc->trim_h, m = sc->press_margin;
	int rc = 0;
	sc->margin = 0;
	tp_scene_layer_by_ink(sc);
	if (m >= 10) {
		/* Clear of the sheet's edge by TP_MARK_EDGE_MM (a centred 4 mm
		 * target came 1 mm from it) and 1 mm from the art. */
		double arm = fmin(4.0, (m - TP_MARK_EDGE_MM - 1) / 2), at = TP_MARK_EDGE_MM + arm;
		rc |= target_sized(sc, at, H / 2, arm);
		rc |= target_sized(sc, W - at, H / 2, arm);
	}
	if (m < 4)
		return rc ? -1 : 0;
	char date[40], text[520];
	tp_format_date(slug->epoch, date, sizeof date);
	snprintf(text, sizeof text, "%s  |  %s  |  %s  |  %s%s%.1f x %.1f mm press sheet  |  %s",
		 slug->job, slug->file, slug->sheet, slug->extra ? slug->extra : "",
		 slug->extra ? "  |  " : "", W, H, date);
	/* About 0.55 em a glyph: smaller type rather than a line off the sheet. */
	double size = 2.2, room = W - 2 * m, est = (double)strlen(text) * size * 0.55;
	if (est > room && room > 0)
		size = fmax(1.0, size * room / est);
	rc |= tp_scene_text(sc, TP_INK_REG, m, H - m / 2 + size * 0.35, size, TP_ALIGN_LEFT, text);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	return rc ? -1 : 0;
}

/* 1 when every shape of sc is in the die ink: a laser or die file. */
static int die_only(const struct tp_scene *sc)
{
	for (size_t i = 0; i < sc->n_shapes; i++)
		if (sc->shapes[i].ink != TP_INK_CUT)
			return 0;
	return sc->n_shapes > 0;
}

/* The slug line(s) below the bottom-left crop mark and the bottom target
 * t below the trim (see the comment inside).  0 or -1 (OOM). */
static int slug_lines(struct tp_scene *sc, const struct tp_slug *slug, double t)
{
	const double gap = 1.0, len = 6.0;
	double b = sc->bleed, W = sc->trim_w, H = sc->trim_h;
	int rc = 0;
	char date[40], first[200], second[300], rest[120], one[520];
	tp_format_date(slug->epoch, date, sizeof date);
	snprintf(first, sizeof first, "%s  |  %s  |  %s", slug->job, slug->file, slug->sheet);
	snprintf(rest, sizeof rest, "%.1f x %.1f mm trim, %.1f mm bleed  |  %s", W, H, b, date);
	snprintf(second, sizeof second, "%s%s%s", slug->extra ? slug->extra : "",
		 slug->extra ? "  |  " : "", rest);
	snprintf(one, sizeof one, "%s  |  %s", first, second);
	/* Below the bottom-left crop mark.  Its first line must stay clear
	 * of the bottom target (arms 4 mm round W/2, reaching down to where
	 * the type's capitals start); further lines lie below the target.
	 * When the first line does not end 1 mm short of the target's left
	 * arm, the target moves to the bottom-right corner, beyond the crop
	 * marks, and the slug keeps to the left of it, its type shrunk to
	 * fit (not below 0.8 mm), the note on a line of its own if need be. */
	const double size0 = 2.2, y0 = H + b + gap + len + 2.6, arm = 4.0;
	double room = W / 2 - arm - 1 + b, w1 = text_width(one, size0);
	double wf = text_width(first, size0), ws = text_width(second, size0);
	double size = size0;
	const char *ln[3] = { one, NULL, NULL };
	if (w1 > room) {
		ln[0] = first;
		ln[1] = second;
	}
	if (w1 > room && wf > room) {
		rc |= target(sc, W + b + gap + len, H + b + gap + len);
		room = W + 2 * b + 2 * gap;   /* up to 1 mm short of the target's arm */
		if (w1 <= room) {
			ln[0] = one;
			ln[1] = NULL;
		}
		double widest = ln[1] ? fmax(wf, ws) : w1;
		if (widest > room)
			size = fmax(0.8, size0 * room / widest);
		if (ln[1] && slug->extra && ws * size / size0 > room) {
			ln[1] = slug->extra;
			ln[2] = rest;
		}
	} else {
		rc |= target(sc, W / 2, H + t);
	}
	for (int k = 0; k < 3 && ln[k]; k++) {
		rc |= tp_scene_text(sc, TP_INK_REG, -b, y0 + k * size * 1.2, size, TP_ALIGN_LEFT, ln[k]);
		tp_scene_flag_last(sc, TP_SHAPE_MARK);
	}
	return rc ? -1 : 0;
}

int tp_sheet_marks(struct tp_scene *sc, const struct tp_slug *slug)
{
	if (die_only(sc)) {
		sc->margin = 0;   /* a laser cutter would cut every mark */
		return 0;
	}
	if (sc->press)
		return press_marks(sc, slug);
	const double gap = 1.0, len = 6.0, w = 0.1;
	double b = sc->bleed, W = sc->trim_w, H = sc->trim_h;
	double o0 = b + gap, o1 = b + gap + len;   /* crop marks: outside the bleed */
	sc->margin = TP_MARK_MARGIN_MM;
	tp_scene_layer_by_ink(sc);
	int rc = 0;
	double xs[2] = { 0, W }, ys[2] = { 0, H };
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2; j++) {
			double x = xs[i], y = ys[j], sx = i ? 1 : -1, sy = j ? 1 : -1;
			rc |= line(sc, x + sx * o0, y, x + sx * o1, y, w);
			rc |= line(sc, x, y + sy * o0, x, y + sy * o1, w);
		}
	double t = b + gap + len / 2 + 0.5;
	rc |= target(sc, W / 2, -t);
	rc |= target(sc, -t, H / 2);
	rc |= target(sc, W + t, H / 2);
	for (int side = 0; side < 4; side++) {
		double ov = slug->overlap[side];
		if (ov <= 0)
			continue;
		/* Two ticks per overlapped edge, on the line where the
		 * neighbouring panel's trim begins. */
		double pos = side < 2 ? ov : (side == 2 ? W - ov : H - ov);
		if (side == 0 || side == 2) {
			rc |= line(sc, pos, -o0, pos, -o1, w);
			rc |= line(sc, pos, H + o0, pos, H + o1, w);
		} else {
			rc |= line(sc, -o0, pos, -o1, pos, w);
			rc |= line(sc, W + o0, pos, W + o1, pos, w);
		}
	}
	rc |= slug_lines(sc, slug, t);
	return rc ? -1 : 0;
}

int tp_doc_add(struct tp_doc *doc, struct tp_scene *sc, const char *note)
{
	if (sc == NULL)
		return -1;
	if (tp_grow((void **)&doc->pages, &doc->cap, doc->n + 1, sizeof *doc->pages, 4) != 0) {
		tp_scene_free(sc);
		return -1;
	}
	struct tp_page *pg = &doc->pages[doc->n++];
	memset(pg, 0, sizeof *pg);
	pg->sc = sc;
	snprintf(pg->note, sizeof pg->note, "%s", note ? note : "");
	return 0;
}

void tp_doc_free(struct tp_doc *doc)
{
	for (size_t i = 0; i < doc->n; i++)
		tp_scene_free(doc->pages[i].sc);
	free(doc->pages);
	memset(doc, 0, sizeof *doc);
}
