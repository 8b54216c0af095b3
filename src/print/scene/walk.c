#include "print/scene/walk.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/hashset.h"
#include "core/strbuf.h"
#include "print/art/text_outline.h"
#include "print/scene/overprint.h"

const struct tp_walk_opts tp_walk_art = { .marks = 0 };
const struct tp_walk_opts tp_walk_die = { .inks = TP_WALK_INK(TP_INK_CUT) };

int tp_walk_sees(const struct tp_scene *sc, const struct tp_walk_opts *o,
		 const struct tp_shape *s)
{
	int mark = tp_shape_is_mark(s);
	if (mark && !o->marks)
		return TP_WALK_HIDDEN;
	if (o->inks && !(s->ink < 64 && (o->inks & TP_WALK_INK(s->ink))))
		return TP_WALK_HIDDEN;
	if (o->proof) {
		const struct tp_ink *k = tp_scene_ink(sc, s->ink);
		if (k == NULL || k->kind == TP_INK_REGISTRATION)
			return TP_WALK_HIDDEN;
		/* Die and emboss plates are technical: a proof shows them only
		 * when the sheet is that plate.  (Overprint alone does not make
		 * an ink technical: linework and the Assembly spot overprint.) */
		if ((s->ink == TP_INK_CUT || s->ink == TP_INK_EMBOSS || s->ink == TP_INK_CREASE) &&
		    !sc->plate)
			return TP_WALK_HIDDEN;
	}
	return mark ? TP_WALK_MARK : TP_WALK_ART;
}

int tp_walk_shows(const struct tp_scene *sc, const struct tp_walk_opts *o,
		  const struct tp_shape *s)
{
	return tp_walk_sees(sc, o, s) != TP_WALK_HIDDEN;
}

/* 1 for a shape the scene cannot draw: an ink its palette lacks, or a
 * layer it does not have. */
static int broken(const struct tp_scene *sc, const struct tp_shape *s)
{
	return tp_ink_index(&sc->pal, s->ink) < 0 || s->layer >= sc->n_layers;
}

/* Why shape s cannot be drawn (broken), stopping the walk: TP_EINPUT
 * naming it (a symbol's shape by symbol and number). */
static int refuse(const struct tp_scene *sc, const struct tp_shape *s, size_t i, size_t sym,
		  tp_err *e)
{
	char who[64];
	if (sym == SIZE_MAX)
		snprintf(who, sizeof who, "shape %zu", i + 1);
	else
		snprintf(who, sizeof who, "symbol %zu shape %zu", sym + 1, i + 1);
	if (tp_ink_index(&sc->pal, s->ink) < 0)
		return tp_fail(e, TP_EINPUT, "%s: %s has ink %d, which the palette lacks", sc->name,
			       who, s->ink);
	return tp_fail(e, TP_EINPUT, "%s: %s is on layer %d, which the scene lacks", sc->name, who,
		       s->layer);
}

/* One pass over the shapes the walk draws (all, or o->only): each shape
 * counted (fill 0) or entered (fill 1) on its layer; a placement once on
 * each layer its symbol's shapes are on (stamp: the last placement seen on
 * each layer).  Broken shapes fail the walk or are left out. */
static int pass(const struct tp_scene *sc, const struct tp_walk_opts *o, int fill,
		uint32_t *order, size_t *at, size_t *stamp, tp_err *e)
{
	size_t n = o->only ? o->n_only : sc->n_shapes;
	for (size_t k = 0; k < n; k++) {
		size_t i = o->only ? o->only[k] : k;
		const struct tp_shape *s = &sc->shapes[i];
		if (s->kind == TP_SHAPE_PLACE) {
			size_t sym = s->first;
			if (sym >= sc->n_symbols)
				return tp_fail(e, TP_EINPUT, "%s: shape %zu places symbol %zu, which "
					       "the scene lacks", sc->name, i + 1, sym + 1);
			const struct tp_scene_group *g = &sc->symbols[sym];
			for (size_t j = g->first; j < g->end; j++) {
				const struct tp_shape *u = &sc->sym_shapes[j];
				if (broken(sc, u)) {
					if (o->unknown == TP_WALK_SKIP)
						continue;
					return refuse(sc, u, j - g->first, sym, e);
				}
				if (stamp[u->layer] == i)
					continue;
				stamp[u->layer] = i;
				if (fill)
					order[at[u->layer + 1]++] = (uint32_t)i;
				else
					at[u->layer + 2]++;
			}
			continue;
		}
		if (broken(sc, s)) {
			if (o->unknown == TP_WALK_SKIP)
				continue;
			return refuse(sc, s, i, SIZE_MAX, e);
		}
		if (fill)
			order[at[s->layer + 1]++] = (uint32_t)i;
		else
			at[s->layer + 2]++;
	}
	return TP_OK;
}

/* The shapes of sc ordered by layer, then by insertion (a counting sort:
 * one pass, whatever the number of layers), into *order with layer l's
 * shapes at order[start[l] .. start[l+1]-1]; a placement stands on each
 * layer its symbol draws on, for the symbol's shapes there.  Broken shapes
 * fail the walk before anything is drawn, or are left out.  TP_OK or a
 * failure. */
static int sort(const struct tp_scene *sc, const struct tp_walk_opts *o,
		uint32_t **order, size_t **start, tp_err *e)
{
	size_t L = sc->n_layers, n = o->only ? o->n_only : sc->n_shapes;
	/* 32-bit shape numbers: the order is the walk's largest array, four
	 * bytes a shape of a page that holds tens of shapes a tile. */
	if (sc->n_shapes > UINT32_MAX)
		return tp_fail(e, TP_EIO, "%s: out of memory walking %zu shapes", sc->name, n);
	*start = tp_calloc(L + 2, sizeof **start);
	size_t *stamp = sc->n_places ? tp_malloc((L ? L : 1) * sizeof *stamp) : NULL;
	if (*start == NULL || (sc->n_places && stamp == NULL)) {
		free(stamp);
		return tp_fail(e, TP_EIO, "%s: out of memory walking %zu shapes", sc->name, n);
	}
	size_t *st = *start;
	for (size_t l = 0; stamp && l < L; l++)
		stamp[l] = SIZE_MAX;
	int rc = pass(sc, o, 0, NULL, st, stamp, e);
	for (size_t l = 0; l < L; l++)
		st[l + 2] += st[l + 1];
	size_t total = st[L + 1];
	if (rc == TP_OK && (*order = tp_malloc((total ? total : 1) * sizeof **order)) == NULL)
		rc = tp_fail(e, TP_EIO, "%s: out of memory walking %zu shapes", sc->name, n);
	/* st[l + 1] is now where layer l begins; filling moves it to its end,
	 * which is where layer l + 1 begins. */
	for (size_t l = 0; stamp && l < L; l++)
		stamp[l] = SIZE_MAX;
	if (rc == TP_OK)
		rc = pass(sc, o, 1, *order, st, stamp, e);
	free(stamp);
	return rc;
}

/* The one ink all of layer l's shapes use, or NULL (a placement's: its
 * symbol's shapes on l). */
static const struct tp_ink *layer_ink(const struct tp_scene *sc, size_t l, const uint32_t *order,
				      size_t from, size_t to)
{
	int ink = -1;
	for (size_t k = from; k < to; k++) {
		const struct tp_shape *s = &sc->shapes[order[k]];
		size_t j = 0, end = 1;
		if (s->kind == TP_SHAPE_PLACE) {
			j = sc->symbols[s->first].first;
			end = sc->symbols[s->first].end;
		}
		for (; j < end; j++) {
			const struct tp_shape *u = s->kind == TP_SHAPE_PLACE ? &sc->sym_shapes[j] : s;
			if (s->kind == TP_SHAPE_PLACE && (u->layer != l || broken(sc, u)))
				continue;
			if (ink >= 0 && u->ink != ink)
				return NULL;
			ink = u->ink;
		}
	}
	return ink >= 0 ? tp_scene_ink(sc, ink) : NULL;
}

/* Shapes drawn as one run: list[order[k]], their points in pts; a
 * placement's are its symbol's moved (copies in the walk's scratch), all
 * told to the sink as the placement's number. */
struct run {
	const struct tp_shape *list;
	const uint32_t *order;
	const struct tp_pt *pts;
	size_t place;   /* the placement's number, or SIZE_MAX */
	const uint32_t *sub;   /* a placement's: each shape's number in the symbol */
};

static const struct tp_shape *at(const struct run *r, size_t k)
{
	return &r->list[r->order[k]];
}

static size_t number(const struct run *r, size_t k)
{
	return r->place != SIZE_MAX ? r->place : r->order[k];
}

/* Where a group's shapes on one layer seen first begin (their first
 * shape's anchor), by the id the sink was told: the number its key
 * (reuse_key) has in the set of keys seen. */
struct first_copy {
	double x, y;
};

struct walk {
	const struct tp_scene *sc;
	const struct tp_walk_opts *o;
	const struct tp_sink *k;
	void *ctx;
	tp_err *e;
	double box[4];
	int clipped;
	/* Reuse (a sink that can): whether to look for repeats, the keys of
	 * the first copies seen, and where each is. */
	int reuse;
	/* Per shape, 1 where an overprint knocks out (overprint.h); NULL:
	 * every shape as its ink says. */
	uint8_t *knock;
	/* Per shape, the stack of a kept overprint past the options' tac_pct
	 * (overprint.h); NULL: none passes. */
	struct tp_overprint_stack *stack;
	struct tp_hashset seen;
	struct first_copy *first;
	size_t cap_first;
	/* A placement's shapes on a layer, moved, and their points. */
	struct tp_shape *tmp;
	uint32_t *tmp_order, *tmp_sub;
	size_t cap_tmp;
	struct tp_pt *tmp_pts;
	size_t cap_tmp_pts;
};

#define NONE SIZE_MAX

/* A sink's failure: its code when it filled e, else TP_EIO with e left for
 * the sink's owner to fill (a PDF writer learns why from libharu later). */
static int failed(struct walk *w)
{
	return w->e->code != TP_OK ? w->e->code : TP_EIO;
}

static int set_clip(struct walk *w, int on)
{
	if (w->clipped == on)
		return TP_OK;
	w->clipped = on;
	if (w->k->clip && w->k->clip(w->ctx, on ? w->box : NULL) != 0)
		return failed(w);
	return TP_OK;
}

static int shape(struct walk *w, const struct run *r, size_t k)
{
	const struct tp_scene *sc = w->sc;
	const struct tp_shape *s = at(r, k);
	size_t i = number(r, k);
	int seen = tp_walk_sees(sc, w->o, s);
	if (seen == TP_WALK_HIDDEN)
		return TP_OK;
	struct tp_walk_shape d = {
		.s = s, .index = i, .ink_id = s->ink, .ink_index = tp_ink_index(&sc->pal, s->ink),
		.ink = tp_scene_ink(sc, s->ink), .paint = s->paint,
		.mark = seen == TP_WALK_MARK, .sub = r->sub ? r->sub[r->order[k]] : 0,
		.placed = r->place != SIZE_MAX,
	};
	d.overprint = d.ink->overprint && !(w->knock && w->knock[i]);
	d.stack_ink = -1;
	if (w->stack && d.overprint && w->stack[i].pct > 0) {
		d.stack_pct = w->stack[i].pct;
		d.stack_ink = w->stack[i].ink;
	}
	int rc = set_clip(w, !d.mark);
	if (rc != TP_OK)
		return rc;
	int (*cb)(void *, const struct tp_walk_shape *) = w->k->rect;
	struct tp_pt *outline = NULL;
	if (s->kind == TP_SHAPE_PATH) {
		cb = w->k->path;
		d.pts = r->pts + s->first;
		d.n = s->count;
	} else if (s->kind == TP_SHAPE_IMAGE) {
		cb = w->k->image;
		d.pts = r->pts + s->first;
		d.n = s->count;
		d.image = tp_image_get(s->image);
		if (d.image == NULL || d.n != 4)
			return tp_fail(w->e, TP_EINPUT, "%s: shape %zu names image %d, which is not "
				       "loaded", sc->name, i + 1, s->image);
	} else if (s->kind == TP_SHAPE_TEXT) {
		d.text = tp_scene_str(sc, s);
		d.paint = TP_FILL;
		int outlined = w->o->outline_text && !(d.mark && w->k->mark_glyphs);
		cb = outlined ? w->k->path : w->k->text;
		if (outlined && cb &&
		    tp_text_outline(d.text, s->x, s->y, s->h, s->align, &outline, &d.n) != 0)
			return tp_fail(w->e, TP_EIO, "%s: cannot outline text \"%.40s\" "
				       "(invalid UTF-8 or out of memory)", sc->name, d.text);
		d.pts = outline;
	}
	if (cb && cb(w->ctx, &d) != 0)
		rc = failed(w);
	free(outline);
	return rc;
}

/* ---- reuse ----------------------------------------------------------- */

/* Where shape s is: the point every other shape of its copy is measured
 * from (a path's first point; a rect's or a text's x, y). */
static void anchor(const struct run *r, const struct tp_shape *s, double *x, double *y)
{
	if (s->kind == TP_SHAPE_PATH && s->count > 0) {
		*x = r->pts[s->first].x;
		*y = r->pts[s->first].y;
	} else {
		*x = s->x;
		*y = s->y;
	}
}

/* mm to whole micrometres.  Copies of one shape differ in the last bits
 * of their relative positions, so the cell edges between whole numbers
 * must not fall where positions are common: outlines of a 1024-unit font
 * scaled to a size in tenths of a mm (a half micrometre is a multiple of
 * the unit often) and thirds or sixths of a tile.  The edges lie at
 * 0.3765433 past a whole micrometre, at least 5e-4 from every fraction
 * with a denominator up to 64 (and 7e-5 up to 128). */
long tp_walk_um(double mm)
{
	return (long)floor(mm * 1000 + 0.6234567);
}

static long um(double mm)
{
	return tp_walk_um(mm);
}

/* What the shapes order[k..j) that the walk shows draw, relative to
 * (ax, ay), as text: positions and sizes to the micrometre (copies placed
 * at different origins differ in the last bits), all else exactly. */
static void reuse_key(struct walk *w, size_t l, const struct run *r, size_t k, size_t j,
		      double ax, double ay, struct tp_buf *b)
{
	const struct tp_scene *sc = w->sc;
	tp_buf_printf(b, "%zu|", l);
	for (; k < j; k++) {
		const struct tp_shape *s = at(r, k);
		if (!tp_walk_shows(sc, w->o, s))
			continue;
		tp_buf_printf(b, "%d %d %d %d %d %ld %ld %ld %ld %ld", s->kind, s->ink, s->paint,
			      s->flags, s->align, um(s->stroke * 1000), um(s->w), um(s->h),
			      s->kind == TP_SHAPE_PATH ? 0 : um(s->x - ax),
			      s->kind == TP_SHAPE_PATH ? 0 : um(s->y - ay));
		if (w->knock)   /* copies alike knock out alike */
			tp_buf_printf(b, " o%d", w->knock[r->order[k]]);
		if (s->kind == TP_SHAPE_TEXT)
			tp_buf_printf(b, " %zu:%s", strlen(tp_scene_str(sc, s)), tp_scene_str(sc, s));
		for (size_t i = 0; s->kind == TP_SHAPE_PATH && i < s->count; i++) {
			const struct tp_pt *p = &r->pts[s->first + i];
			if (p->op == TP_CLOSE)   /* its point is not drawn */
				tp_buf_printf(b, ",z");
			else
				tp_buf_printf(b, ",%d %ld %ld", p->op, um(p->x - ax), um(p->y - ay));
		}
		tp_buf_printf(b, ";");
	}
}

/* The first copy of key (which it takes): 1 with *id its id; else 0,
 * after entering it as one at (x, y) with *id its id; -1 when out of
 * memory. */
static int find_copy(struct walk *w, char *key, double x, double y, size_t *id)
{
	if (tp_grow((void **)&w->first, &w->cap_first, w->seen.n + 1, sizeof *w->first, 256) != 0) {
		free(key);
		return -1;
	}
	int added = tp_hashset_add(&w->seen, key, id);
	if (added == 1)
		w->first[*id] = (struct first_copy){ x, y };
	return added < 0 ? -1 : !added;
}

static int shapes(struct walk *w, const struct run *r, size_t k, size_t j)
{
	int rc = TP_OK;
	for (; k < j && rc == TP_OK; k++)
		rc = shape(w, r, k);
	return rc;
}

/* One group's shapes order[k..j) on layer l: drawn as the first copy of
 * what they draw, or as a use of the first copy. */
static int group_run(struct walk *w, size_t l, const struct run *r, size_t k, size_t j)
{
	const struct tp_scene *sc = w->sc;
	size_t drawn = 0, first = j, points = 0;
	for (size_t i = k; i < j; i++) {
		const struct tp_shape *s = at(r, i);
		int seen = tp_walk_sees(sc, w->o, s);
		if (seen == TP_WALK_HIDDEN)
			continue;
		if (seen == TP_WALK_MARK || s->kind == TP_SHAPE_IMAGE)
			return shapes(w, r, k, j);
		first = drawn++ ? first : i;
		points += s->kind == TP_SHAPE_PATH ? s->count
			  : s->kind == TP_SHAPE_TEXT ? 16 * strlen(tp_scene_str(sc, s)) : 0;
	}
	size_t min = w->k->reuse_min_shapes ? w->k->reuse_min_shapes : 2;
	if (drawn < min || points < w->k->reuse_min_points)
		return shapes(w, r, k, j);
	double ax, ay;
	anchor(r, at(r, first), &ax, &ay);
	struct tp_buf b = { 0 };
	reuse_key(w, l, r, k, j, ax, ay, &b);
	int oom = b.oom;
	struct tp_walk_group g = { .layer = l };
	int found = oom ? -1 : find_copy(w, b.s, ax, ay, &g.id);
	if (found < 0) {
		if (oom)
			tp_buf_free(&b);
		return tp_fail(w->e, TP_EIO, "%s: out of memory finding repeats", sc->name);
	}
	int rc = set_clip(w, 1);
	if (rc == TP_OK && found) {
		const struct first_copy *c = &w->first[g.id];
		g = (struct tp_walk_group){ .id = g.id, .layer = l, .dx = ax - c->x, .dy = ay - c->y };
		return w->k->use(w->ctx, &g) != 0 ? failed(w) : TP_OK;
	}
	if (rc == TP_OK && w->k->group_begin(w->ctx, &g) != 0)
		rc = failed(w);
	if (rc == TP_OK)
		rc = shapes(w, r, k, j);
	if (rc == TP_OK && w->k->group_end(w->ctx, &g) != 0)
		rc = failed(w);
	return rc;
}

/* The group shape i belongs to, or NONE.  Groups are ranges of shapes,
 * ascending and apart (tp_scene_group_begin), so a binary search finds it
 * without an array of a word a shape. */
static size_t group_of(const struct tp_scene *sc, size_t i)
{
	size_t lo = 0, hi = sc->n_groups;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (sc->groups[mid].end <= i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < sc->n_groups && sc->groups[lo].first <= i && i < sc->groups[lo].end ? lo : NONE;
}

/* Room in the scratch for m shapes and np points.  The three shape
 * arrays grow from one capacity by one rule, so they stay alike. */
static int grow_tmp(struct walk *w, size_t m, size_t np)
{
	size_t c_tmp = w->cap_tmp, c_order = w->cap_tmp, c_sub = w->cap_tmp;
	if (tp_grow((void **)&w->tmp, &c_tmp, m, sizeof *w->tmp, 16) != 0 ||
	    tp_grow((void **)&w->tmp_order, &c_order, m, sizeof *w->tmp_order, 16) != 0 ||
	    tp_grow((void **)&w->tmp_sub, &c_sub, m, sizeof *w->tmp_sub, 16) != 0)
		return -1;
	w->cap_tmp = c_tmp;
	return tp_grow((void **)&w->tmp_pts, &w->cap_tmp_pts, np, sizeof *w->tmp_pts, 64);
}

/* Placement i's shapes on layer l: its symbol's moved by the placement's
 * x, y into the walk's scratch, and drawn as one group. */
static int place_run(struct walk *w, size_t l, size_t i)
{
	const struct tp_scene *sc = w->sc;
	const struct tp_shape *p = &sc->shapes[i];
	const struct tp_scene_group *g = &sc->symbols[p->first];
	size_t m = 0, np = 0;
	for (size_t j = g->first; j < g->end; j++) {
		const struct tp_shape *u = &sc->sym_shapes[j];
		if (u->layer != l || broken(sc, u))
			continue;
		m++;
		if (u->kind == TP_SHAPE_PATH || u->kind == TP_SHAPE_IMAGE)
			np += u->count;
	}
	if ((m > w->cap_tmp || np > w->cap_tmp_pts) && grow_tmp(w, m, np) != 0)
		return tp_fail(w->e, TP_EIO, "%s: out of memory drawing a placement", sc->name);
	size_t k = 0;
	np = 0;
	for (size_t j = g->first; j < g->end; j++) {
		const struct tp_shape *u = &sc->sym_shapes[j];
		if (u->layer != l || broken(sc, u))
			continue;
		struct tp_shape *t = &w->tmp[k];
		double d[2];
		tp_scene_place_shape(sc, p, j - g->first, t, d);
		w->tmp_order[k] = (uint32_t)k;
		w->tmp_sub[k] = (uint32_t)(j - g->first);
		k++;
		if (u->kind == TP_SHAPE_PATH || u->kind == TP_SHAPE_IMAGE) {
			t->first = np;
			for (size_t q = 0; q < u->count; q++) {
				const struct tp_pt *a = &sc->pts[u->first + q];
				w->tmp_pts[np++] = (struct tp_pt){ a->op, a->x + d[0], a->y + d[1] };
			}
		}
	}
	const struct run r = { w->tmp, w->tmp_order, w->tmp_pts, i, w->tmp_sub };
	return w->reuse ? group_run(w, l, &r, 0, m) : shapes(w, &r, 0, m);
}

static int layer(struct walk *w, size_t l, const uint32_t *order, size_t from, size_t to)
{
	const struct tp_scene *sc = w->sc;
	struct tp_walk_layer ly = { .index = l, .name = sc->layers[l],
				    .ink = layer_ink(sc, l, order, from, to) };
	ly.overprint = ly.ink && ly.ink->overprint;
	for (size_t k = from; w->knock && k < to && ly.overprint; k++)
		ly.overprint = !w->knock[order[k]];
	if (w->k->layer_begin && w->k->layer_begin(w->ctx, &ly) != 0)
		return failed(w);
	const struct run r = { sc->shapes, order, sc->pts, SIZE_MAX, NULL };
	int rc = TP_OK;
	for (size_t k = from, j; k < to && rc == TP_OK; k = j) {
		j = k + 1;
		if (sc->shapes[order[k]].kind == TP_SHAPE_PLACE) {
			rc = place_run(w, l, order[k]);
			continue;
		}
		size_t g = w->reuse && sc->n_groups ? group_of(sc, order[k]) : NONE;
		/* A layer's shapes ascend, so the group's run ends at its end. */
		for (; g != NONE && j < to && order[j] < sc->groups[g].end &&
		       sc->shapes[order[j]].kind != TP_SHAPE_PLACE; j++)
			;
		rc = g != NONE ? group_run(w, l, &r, k, j) : shape(w, &r, k);
	}
	if (rc == TP_OK)
		rc = set_clip(w, 0);
	if (rc == TP_OK && w->k->layer_end && w->k->layer_end(w->ctx, &ly) != 0)
		rc = failed(w);
	return rc;
}

int tp_scene_walk(const struct tp_scene *sc, const struct tp_walk_opts *o,
		  const struct tp_sink *sink, void *ctx, tp_err *e)
{
	uint32_t *order = NULL;
	size_t *start = NULL;
	int rc = sort(sc, o, &order, &start, e);
	struct walk w = { .sc = sc, .o = o, .k = sink, .ctx = ctx, .e = e,
			  .box = { -sc->bleed, -sc->bleed, sc->trim_w + sc->bleed,
				   sc->trim_h + sc->bleed } };
	w.reuse = sink->use && sink->group_begin && sink->group_end &&
		  (sc->n_groups > 0 || sc->n_places > 0);
	if (rc == TP_OK)
		rc = tp_overprint_decide(sc, o, order, start[sc->n_layers], &w.knock, &w.stack, e);
	for (size_t l = 0; rc == TP_OK && l < sc->n_layers; l++)
		rc = layer(&w, l, order, start[l], start[l + 1]);
	free(order);
	free(start);
	free(w.knock);
	free(w.stack);
	tp_hashset_free(&w.seen);
	free(w.first);
	free(w.tmp);
	free(w.tmp_order);
	free(w.tmp_sub);
	free(w.tmp_pts);
	return rc;
}
