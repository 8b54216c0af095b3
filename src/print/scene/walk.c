#include "print/scene/walk.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
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

/* The shapes of sc ordered by layer, then by insertion (a counting sort:
 * one pass, whatever the number of layers), into *order with layer l's
 * shapes at order[start[l] .. start[l+1]-1].  Broken shapes fail the walk
 * before anything is drawn, or are left out.  TP_OK or a failure. */
static int sort(const struct tp_scene *sc, const struct tp_walk_opts *o,
		uint32_t **order, size_t **start, tp_err *e)
{
	size_t L = sc->n_layers, n = o->only ? o->n_only : sc->n_shapes;
	/* 32-bit shape numbers: the order is the walk's largest array, four
	 * bytes a shape of a page that holds tens of shapes a tile. */
	if (sc->n_shapes > UINT32_MAX)
		return tp_fail(e, TP_EIO, "%s: out of memory walking %zu shapes", sc->name, n);
	*order = tp_malloc((n ? n : 1) * sizeof **order);
	*start = tp_calloc(L + 2, sizeof **start);
	if (*order == NULL || *start == NULL)
		return tp_fail(e, TP_EIO, "%s: out of memory walking %zu shapes", sc->name, n);
	size_t *st = *start;
	for (size_t k = 0; k < n; k++) {
		size_t i = o->only ? o->only[k] : k;
		const struct tp_shape *s = &sc->shapes[i];
		if (!broken(sc, s)) {
			st[s->layer + 2]++;
			continue;
		}
		if (o->unknown == TP_WALK_SKIP)
			continue;
		if (tp_ink_index(&sc->pal, s->ink) < 0)
			return tp_fail(e, TP_EINPUT, "%s: shape %zu has ink %d, which the "
				       "palette lacks", sc->name, i + 1, s->ink);
		return tp_fail(e, TP_EINPUT, "%s: shape %zu is on layer %d, which the "
			       "scene lacks", sc->name, i + 1, s->layer);
	}
	for (size_t l = 0; l < L; l++)
		st[l + 2] += st[l + 1];
	/* st[l + 1] is now where layer l begins; filling moves it to its end,
	 * which is where layer l + 1 begins. */
	for (size_t k = 0; k < n; k++) {
		size_t i = o->only ? o->only[k] : k;
		const struct tp_shape *s = &sc->shapes[i];
		if (!broken(sc, s))
			(*order)[st[s->layer + 1]++] = (uint32_t)i;
	}
	return TP_OK;
}

/* The one ink all of layer l's shapes use, or NULL. */
static const struct tp_ink *layer_ink(const struct tp_scene *sc, const uint32_t *order,
				      size_t from, size_t to)
{
	int ink = -1;
	for (size_t k = from; k < to; k++) {
		const struct tp_shape *s = &sc->shapes[order[k]];
		if (ink >= 0 && s->ink != ink)
			return NULL;
		ink = s->ink;
	}
	return ink >= 0 ? tp_scene_ink(sc, ink) : NULL;
}

/* A group's shapes on one layer seen first: the key of what they draw
 * (reuse_key), where their first shape is, and the id the sink was told. */
struct first_copy {
	char *key;
	double x, y;
	size_t id;
};

struct walk {
	const struct tp_scene *sc;
	const struct tp_walk_opts *o;
	const struct tp_sink *k;
	void *ctx;
	tp_err *e;
	double box[4];
	int clipped;
	/* Reuse (a sink that can): whether to look for repeats, and the first
	 * copies seen, an open hash table. */
	int reuse;
	/* Per shape, 1 where an overprint knocks out (overprint.h); NULL:
	 * every shape as its ink says. */
	uint8_t *knock;
	struct first_copy *seen;
	size_t n_seen, cap_seen;
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

static int shape(struct walk *w, size_t i)
{
	const struct tp_scene *sc = w->sc;
	const struct tp_shape *s = &sc->shapes[i];
	int seen = tp_walk_sees(sc, w->o, s);
	if (seen == TP_WALK_HIDDEN)
		return TP_OK;
	struct tp_walk_shape d = {
		.s = s, .index = i, .ink_id = s->ink, .ink_index = tp_ink_index(&sc->pal, s->ink),
		.ink = tp_scene_ink(sc, s->ink), .paint = s->paint,
		.mark = seen == TP_WALK_MARK,
	};
	d.overprint = d.ink->overprint && !(w->knock && w->knock[i]);
	int rc = set_clip(w, !d.mark);
	if (rc != TP_OK)
		return rc;
	int (*cb)(void *, const struct tp_walk_shape *) = w->k->rect;
	struct tp_pt *outline = NULL;
	if (s->kind == TP_SHAPE_PATH) {
		cb = w->k->path;
		d.pts = sc->pts + s->first;
		d.n = s->count;
	} else if (s->kind == TP_SHAPE_IMAGE) {
		cb = w->k->image;
		d.pts = sc->pts + s->first;
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
static void anchor(const struct tp_scene *sc, const struct tp_shape *s, double *x, double *y)
{
	if (s->kind == TP_SHAPE_PATH && s->count > 0) {
		*x = sc->pts[s->first].x;
		*y = sc->pts[s->first].y;
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
static void reuse_key(struct walk *w, size_t l, const uint32_t *order, size_t k, size_t j,
		      double ax, double ay, struct tp_buf *b)
{
	const struct tp_scene *sc = w->sc;
	tp_buf_printf(b, "%zu|", l);
	for (; k < j; k++) {
		const struct tp_shape *s = &sc->shapes[order[k]];
		if (!tp_walk_shows(sc, w->o, s))
			continue;
		tp_buf_printf(b, "%d %d %d %d %d %ld %ld %ld %ld %ld", s->kind, s->ink, s->paint,
			      s->flags, s->align, um(s->stroke * 1000), um(s->w), um(s->h),
			      s->kind == TP_SHAPE_PATH ? 0 : um(s->x - ax),
			      s->kind == TP_SHAPE_PATH ? 0 : um(s->y - ay));
		if (w->knock)   /* copies alike knock out alike */
			tp_buf_printf(b, " o%d", w->knock[order[k]]);
		if (s->kind == TP_SHAPE_TEXT)
			tp_buf_printf(b, " %zu:%s", strlen(tp_scene_str(sc, s)), tp_scene_str(sc, s));
		for (size_t i = 0; s->kind == TP_SHAPE_PATH && i < s->count; i++) {
			const struct tp_pt *p = &sc->pts[s->first + i];
			if (p->op == TP_CLOSE)   /* its point is not drawn */
				tp_buf_printf(b, ",z");
			else
				tp_buf_printf(b, ",%d %ld %ld", p->op, um(p->x - ax), um(p->y - ay));
		}
		tp_buf_printf(b, ";");
	}
}

static size_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ULL;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)h;
}

static int grow_seen(struct walk *w)
{
	size_t cap = w->cap_seen ? w->cap_seen * 2 : 256;
	struct first_copy *t = tp_calloc(cap, sizeof *t);
	if (t == NULL)
		return -1;
	for (size_t i = 0; i < w->cap_seen; i++) {
		if (w->seen[i].key == NULL)
			continue;
		size_t h = hash_str(w->seen[i].key) & (cap - 1);
		while (t[h].key)
			h = (h + 1) & (cap - 1);
		t[h] = w->seen[i];
	}
	free(w->seen);
	w->seen = t;
	w->cap_seen = cap;
	return 0;
}

/* The first copy of key (which it takes), or NULL after entering it as
 * one with *id: its id.  *oom on failure. */
static const struct first_copy *find_copy(struct walk *w, char *key, double x, double y,
					  size_t *id, int *oom)
{
	if (2 * (w->n_seen + 1) > w->cap_seen && grow_seen(w) != 0) {
		free(key);
		*oom = 1;
		return NULL;
	}
	size_t h = hash_str(key) & (w->cap_seen - 1);
	while (w->seen[h].key && strcmp(w->seen[h].key, key) != 0)
		h = (h + 1) & (w->cap_seen - 1);
	if (w->seen[h].key) {
		free(key);
		return &w->seen[h];
	}
	*id = w->n_seen++;
	w->seen[h] = (struct first_copy){ .key = key, .x = x, .y = y, .id = *id };
	return NULL;
}

static int shapes(struct walk *w, const uint32_t *order, size_t k, size_t j)
{
	int rc = TP_OK;
	for (; k < j && rc == TP_OK; k++)
		rc = shape(w, order[k]);
	return rc;
}

/* One group's shapes order[k..j) on layer l: drawn as the first copy of
 * what they draw, or as a use of the first copy. */
static int group_run(struct walk *w, size_t l, const uint32_t *order, size_t k, size_t j)
{
	const struct tp_scene *sc = w->sc;
	size_t drawn = 0, first = j, points = 0;
	for (size_t i = k; i < j; i++) {
		const struct tp_shape *s = &sc->shapes[order[i]];
		int seen = tp_walk_sees(sc, w->o, s);
		if (seen == TP_WALK_HIDDEN)
			continue;
		if (seen == TP_WALK_MARK || s->kind == TP_SHAPE_IMAGE)
			return shapes(w, order, k, j);
		first = drawn++ ? first : i;
		points += s->kind == TP_SHAPE_PATH ? s->count
			  : s->kind == TP_SHAPE_TEXT ? 16 * strlen(tp_scene_str(sc, s)) : 0;
	}
	size_t min = w->k->reuse_min_shapes ? w->k->reuse_min_shapes : 2;
	if (drawn < min || points < w->k->reuse_min_points)
		return shapes(w, order, k, j);
	double ax, ay;
	anchor(sc, &sc->shapes[order[first]], &ax, &ay);
	struct tp_buf b = { 0 };
	reuse_key(w, l, order, k, j, ax, ay, &b);
	int oom = b.oom;
	struct tp_walk_group g = { .layer = l };
	const struct first_copy *c = oom ? NULL : find_copy(w, b.s, ax, ay, &g.id, &oom);
	if (oom) {
		tp_buf_free(&b);
		return tp_fail(w->e, TP_EIO, "%s: out of memory finding repeats", sc->name);
	}
	int rc = set_clip(w, 1);
	if (rc == TP_OK && c) {
		g = (struct tp_walk_group){ .id = c->id, .layer = l, .dx = ax - c->x, .dy = ay - c->y };
		return w->k->use(w->ctx, &g) != 0 ? failed(w) : TP_OK;
	}
	if (rc == TP_OK && w->k->group_begin(w->ctx, &g) != 0)
		rc = failed(w);
	if (rc == TP_OK)
		rc = shapes(w, order, k, j);
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

static int layer(struct walk *w, size_t l, const uint32_t *order, size_t from, size_t to)
{
	struct tp_walk_layer ly = { .index = l, .name = w->sc->layers[l],
				    .ink = layer_ink(w->sc, order, from, to) };
	ly.overprint = ly.ink && ly.ink->overprint;
	for (size_t k = from; w->knock && k < to && ly.overprint; k++)
		ly.overprint = !w->knock[order[k]];
	if (w->k->layer_begin && w->k->layer_begin(w->ctx, &ly) != 0)
		return failed(w);
	int rc = TP_OK;
	for (size_t k = from, j; k < to && rc == TP_OK; k = j) {
		size_t g = w->reuse ? group_of(w->sc, order[k]) : NONE;
		/* A layer's shapes ascend, so the group's run ends at its end. */
		for (j = k + 1; g != NONE && j < to && order[j] < w->sc->groups[g].end; j++)
			;
		rc = g != NONE ? group_run(w, l, order, k, j) : shape(w, order[k]);
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
	w.reuse = sink->use && sink->group_begin && sink->group_end && sc->n_groups > 0;
	if (rc == TP_OK)
		rc = tp_overprint_decide(sc, o, order, start[sc->n_layers], &w.knock, e);
	for (size_t l = 0; rc == TP_OK && l < sc->n_layers; l++)
		rc = layer(&w, l, order, start[l], start[l + 1]);
	free(order);
	free(start);
	free(w.knock);
	for (size_t i = 0; i < w.cap_seen; i++)
		free(w.seen[i].key);
	free(w.seen);
	return rc;
}
