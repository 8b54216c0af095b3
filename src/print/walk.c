#include "print/walk.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/text_outline.h"

int tp_walk_shows(const struct tp_scene *sc, const struct tp_walk_opts *o,
		  const struct tp_shape *s)
{
	if ((s->flags & TP_SHAPE_MARK) && !o->marks)
		return 0;
	if (o->inks && !(s->ink < 64 && (o->inks & TP_WALK_INK(s->ink))))
		return 0;
	if (o->proof) {
		const struct tp_ink *k = tp_scene_ink(sc, s->ink);
		if (k == NULL || k->kind == TP_INK_REGISTRATION)
			return 0;
		/* Die and emboss plates are technical: a proof shows them only
		 * when the sheet is that plate.  (Overprint alone does not make
		 * an ink technical: linework and the Assembly spot overprint.) */
		if ((s->ink == TP_INK_CUT || s->ink == TP_INK_EMBOSS) && !sc->plate)
			return 0;
	}
	return 1;
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
		size_t **order, size_t **start, tp_err *e)
{
	size_t L = sc->n_layers;
	*order = tp_malloc((sc->n_shapes ? sc->n_shapes : 1) * sizeof **order);
	*start = tp_calloc(L + 2, sizeof **start);
	if (*order == NULL || *start == NULL)
		return tp_fail(e, TP_EIO, "%s: out of memory walking %zu shapes", sc->name,
			       sc->n_shapes);
	size_t *st = *start;
	for (size_t i = 0; i < sc->n_shapes; i++) {
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
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		if (!broken(sc, s))
			(*order)[st[s->layer + 1]++] = i;
	}
	return TP_OK;
}

/* The one ink all of layer l's shapes use, or NULL. */
static const struct tp_ink *layer_ink(const struct tp_scene *sc, const size_t *order,
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

struct walk {
	const struct tp_scene *sc;
	const struct tp_walk_opts *o;
	const struct tp_sink *k;
	void *ctx;
	tp_err *e;
	double box[4];
	int clipped;
};

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
	if (!tp_walk_shows(sc, w->o, s))
		return TP_OK;
	struct tp_walk_shape d = {
		.s = s, .index = i, .ink_id = s->ink, .ink_index = tp_ink_index(&sc->pal, s->ink),
		.ink = tp_scene_ink(sc, s->ink), .paint = s->paint,
		.mark = (s->flags & TP_SHAPE_MARK) != 0,
	};
	int rc = set_clip(w, !d.mark);
	if (rc != TP_OK)
		return rc;
	int (*cb)(void *, const struct tp_walk_shape *) = w->k->rect;
	struct tp_pt *outline = NULL;
	if (s->kind == TP_SHAPE_PATH) {
		cb = w->k->path;
		d.pts = sc->pts + s->first;
		d.n = s->count;
	} else if (s->kind == TP_SHAPE_TEXT) {
		d.text = tp_scene_str(sc, s);
		d.paint = TP_FILL;
		cb = w->o->outline_text ? w->k->path : w->k->text;
		if (w->o->outline_text && cb &&
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

static int layer(struct walk *w, size_t l, const size_t *order, size_t from, size_t to)
{
	struct tp_walk_layer ly = { .index = l, .name = w->sc->layers[l],
				    .ink = layer_ink(w->sc, order, from, to) };
	ly.overprint = ly.ink && ly.ink->overprint;
	if (w->k->layer_begin && w->k->layer_begin(w->ctx, &ly) != 0)
		return failed(w);
	int rc = TP_OK;
	for (size_t k = from; k < to && rc == TP_OK; k++)
		rc = shape(w, order[k]);
	if (rc == TP_OK)
		rc = set_clip(w, 0);
	if (rc == TP_OK && w->k->layer_end && w->k->layer_end(w->ctx, &ly) != 0)
		rc = failed(w);
	return rc;
}

int tp_scene_walk(const struct tp_scene *sc, const struct tp_walk_opts *o,
		  const struct tp_sink *sink, void *ctx, tp_err *e)
{
	size_t *order = NULL, *start = NULL;
	int rc = sort(sc, o, &order, &start, e);
	struct walk w = { .sc = sc, .o = o, .k = sink, .ctx = ctx, .e = e,
			  .box = { -sc->bleed, -sc->bleed, sc->trim_w + sc->bleed,
				   sc->trim_h + sc->bleed } };
	for (size_t l = 0; rc == TP_OK && l < sc->n_layers; l++)
		rc = layer(&w, l, order, start[l], start[l + 1]);
	free(order);
	free(start);
	return rc;
}
