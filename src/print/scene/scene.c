#include "print/scene/scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/scene/walk.h"

#define LAYER_BY_INK UINT16_MAX

struct tp_scene *tp_scene_new(const char *name, double trim_w, double trim_h,
			      double bleed, const struct tp_palette *pal)
{
	struct tp_scene *sc = tp_calloc(1, sizeof *sc);
	if (sc == NULL)
		return NULL;
	snprintf(sc->name, sizeof sc->name, "%s", name);
	sc->trim_w = trim_w;
	sc->trim_h = trim_h;
	sc->bleed = bleed;
	sc->pal = *pal;
	sc->cur_layer = LAYER_BY_INK;
	return sc;
}

struct tp_scene *tp_scene_new_layered(const char *name, double trim_w, double trim_h,
				      double bleed, const struct tp_palette *pal,
				      const int *layers, size_t n)
{
	struct tp_scene *sc = tp_scene_new(name, trim_w, trim_h, bleed, pal);
	if (sc == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		const struct tp_ink *ink = tp_palette_ink(pal, layers[i]);
		if (ink == NULL || tp_scene_layer(sc, ink->name) != 0) {
			tp_scene_free(sc);
			return NULL;
		}
	}
	tp_scene_layer_by_ink(sc);
	return sc;
}

void tp_scene_free(struct tp_scene *sc)
{
	if (sc == NULL)
		return;
	free(sc->shapes);
	free(sc->pts);
	free(sc->text);
	free(sc->layers);
	free(sc->groups);
	free(sc->arts);
	free(sc->sym_shapes);
	free(sc->symbols);
	free(sc);
}

struct tp_scene *tp_scene_copy(const struct tp_scene *src)
{
	struct tp_scene *sc = tp_calloc(1, sizeof *sc);
	if (sc == NULL)
		return NULL;
	*sc = *src;
	sc->shapes = NULL;
	sc->pts = NULL;
	sc->text = NULL;
	sc->layers = NULL;
	sc->groups = NULL;
	sc->arts = NULL;
	sc->cap_arts = sc->n_arts;
	sc->sym_shapes = NULL;
	sc->symbols = NULL;
	sc->cap_sym_shapes = sc->n_sym_shapes;
	sc->cap_symbols = sc->n_symbols;
	sc->cap_groups = sc->n_groups;
	sc->cap_shapes = sc->n_shapes;
	sc->cap_pts = sc->n_pts;
	sc->cap_text = sc->n_text;
	sc->cap_layers = sc->n_layers;
	if ((src->n_shapes && (sc->shapes = tp_malloc(src->n_shapes * sizeof *sc->shapes)) == NULL) ||
	    (src->n_pts && (sc->pts = tp_malloc(src->n_pts * sizeof *sc->pts)) == NULL) ||
	    (src->n_text && (sc->text = tp_malloc(src->n_text)) == NULL) ||
	    (src->n_layers && (sc->layers = tp_malloc(src->n_layers * sizeof *sc->layers)) == NULL) ||
	    (src->n_groups && (sc->groups = tp_malloc(src->n_groups * sizeof *sc->groups)) == NULL) ||
	    (src->n_arts && (sc->arts = tp_malloc(src->n_arts * sizeof *sc->arts)) == NULL) ||
	    (src->n_sym_shapes &&
	     (sc->sym_shapes = tp_malloc(src->n_sym_shapes * sizeof *sc->sym_shapes)) == NULL) ||
	    (src->n_symbols && (sc->symbols = tp_malloc(src->n_symbols * sizeof *sc->symbols)) == NULL)) {
		tp_scene_free(sc);
		return NULL;
	}
	if (src->n_shapes)
		memcpy(sc->shapes, src->shapes, src->n_shapes * sizeof *sc->shapes);
	if (src->n_pts)
		memcpy(sc->pts, src->pts, src->n_pts * sizeof *sc->pts);
	if (src->n_text)
		memcpy(sc->text, src->text, src->n_text);
	if (src->n_layers)
		memcpy(sc->layers, src->layers, src->n_layers * sizeof *sc->layers);
	if (src->n_groups)
		memcpy(sc->groups, src->groups, src->n_groups * sizeof *sc->groups);
	if (src->n_arts)
		memcpy(sc->arts, src->arts, src->n_arts * sizeof *sc->arts);
	if (src->n_sym_shapes)
		memcpy(sc->sym_shapes, src->sym_shapes, src->n_sym_shapes * sizeof *sc->sym_shapes);
	if (src->n_symbols)
		memcpy(sc->symbols, src->symbols, src->n_symbols * sizeof *sc->symbols);
	return sc;
}

/* Reallocates *buf to exactly n elements of elem bytes (kept when that
 * fails: shrinking is only an economy). */
static void fit(void **buf, size_t *cap, size_t n, size_t elem)
{
	if (n == 0 || n >= *cap)
		return;
	void *p = tp_realloc(*buf, n * elem);
	if (p != NULL) {
		*buf = p;
		*cap = n;
	}
}

void tp_scene_shrink(struct tp_scene *sc)
{
	fit((void **)&sc->shapes, &sc->cap_shapes, sc->n_shapes, sizeof *sc->shapes);
	fit((void **)&sc->pts, &sc->cap_pts, sc->n_pts, sizeof *sc->pts);
	fit((void **)&sc->text, &sc->cap_text, sc->n_text, 1);
	fit((void **)&sc->layers, &sc->cap_layers, sc->n_layers, sizeof *sc->layers);
	fit((void **)&sc->groups, &sc->cap_groups, sc->n_groups, sizeof *sc->groups);
	fit((void **)&sc->arts, &sc->cap_arts, sc->n_arts, sizeof *sc->arts);
	fit((void **)&sc->sym_shapes, &sc->cap_sym_shapes, sc->n_sym_shapes, sizeof *sc->sym_shapes);
	fit((void **)&sc->symbols, &sc->cap_symbols, sc->n_symbols, sizeof *sc->symbols);
}

size_t tp_scene_bytes(const struct tp_scene *sc)
{
	return sizeof *sc + sc->cap_shapes * sizeof *sc->shapes + sc->cap_pts * sizeof *sc->pts +
	       sc->cap_text + sc->cap_layers * sizeof *sc->layers + sc->cap_groups * sizeof *sc->groups +
	       sc->cap_arts * sizeof *sc->arts +
	       sc->cap_sym_shapes * sizeof *sc->sym_shapes + sc->cap_symbols * sizeof *sc->symbols;
}

/* Grows *buf so that it holds at least need elements; doubling keeps the
 * amortised cost linear for sheets with tens of thousands of cells. */
static int grow(void **buf, size_t *cap, size_t need, size_t elem)
{
	return tp_grow(buf, cap, need, elem, 64);
}

static int find_layer(struct tp_scene *sc, const char *name)
{
	for (size_t i = 0; i < sc->n_layers; i++)
		if (strcmp(sc->layers[i], name) == 0)
			return (int)i;
	if (sc->n_layers >= LAYER_BY_INK - 1)
		return -1;
	if (grow((void **)&sc->layers, &sc->cap_layers, sc->n_layers + 1,
		 sizeof sc->layers[0]) != 0)
		return -1;
	snprintf(sc->layers[sc->n_layers], sizeof sc->layers[0], "%s", name);
	return (int)sc->n_layers++;
}

int tp_scene_layer(struct tp_scene *sc, const char *name)
{
	int l = find_layer(sc, name);
	if (l < 0)
		return -1;
	sc->cur_layer = (uint16_t)l;
	return 0;
}

void tp_scene_layer_by_ink(struct tp_scene *sc)
{
	sc->cur_layer = LAYER_BY_INK;
}

static struct tp_shape *add(struct tp_scene *sc, int kind, int ink, int paint,
			    double stroke)
{
	int layer = sc->cur_layer;
	if (layer == LAYER_BY_INK) {
		if (tp_ink_index(&sc->pal, ink) < 0)
			return NULL;
		layer = find_layer(sc, tp_scene_ink(sc, ink)->name);
		if (layer < 0)
			return NULL;
	}
	if (grow((void **)&sc->shapes, &sc->cap_shapes, sc->n_shapes + 1,
		 sizeof *sc->shapes) != 0)
		return NULL;
	struct tp_shape *s = &sc->shapes[sc->n_shapes++];
	memset(s, 0, sizeof *s);
	s->kind = (uint8_t)kind;
	s->ink = (uint8_t)ink;
	s->paint = (uint8_t)paint;
	s->stroke = stroke;
	const struct tp_ink *k = tp_scene_ink(sc, ink);
	if ((paint & TP_STROKE) && stroke > 0 && stroke < sc->pal.min_tint_line_mm && k &&
	    tp_ink_is_tint(k))
		s->stroke = sc->pal.min_tint_line_mm;
	s->layer = (uint16_t)layer;
	return s;
}

int tp_scene_rect(struct tp_scene *sc, int ink, int paint, double stroke,
		  double x, double y, double w, double h)
{
	struct tp_shape *s = add(sc, TP_SHAPE_RECT, ink, paint, stroke);
	if (s == NULL)
		return -1;
	s->x = x;
	s->y = y;
	s->w = w;
	s->h = h;
	return 0;
}

/* A new path shape with room for n points, returned for the caller to
 * fill; NULL when out of memory. */
static struct tp_pt *new_path(struct tp_scene *sc, int ink, int paint, double stroke, size_t n)
{
	if (n > UINT32_MAX)
		return NULL;
	if (grow((void **)&sc->pts, &sc->cap_pts, sc->n_pts + n, sizeof *sc->pts) != 0)
		return NULL;
	struct tp_shape *s = add(sc, TP_SHAPE_PATH, ink, paint, stroke);
	if (s == NULL)
		return NULL;
	s->first = sc->n_pts;
	s->count = (uint32_t)n;
	sc->n_pts += n;
	return sc->pts + s->first;
}

int tp_scene_path(struct tp_scene *sc, int ink, int paint, double stroke,
		  const struct tp_pt *pts, size_t n)
{
	struct tp_pt *p = new_path(sc, ink, paint, stroke, n);
	if (p == NULL)
		return -1;
	memcpy(p, pts, n * sizeof *pts);
	return 0;
}

int tp_scene_poly(struct tp_scene *sc, int ink, int paint, double stroke,
		  const double *xy, size_t n)
{
	if (n < 2)
		return 0;
	struct tp_pt *p = new_path(sc, ink, paint, stroke, n + 1);
	if (p == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		p[i].op = i == 0 ? TP_MOVE : TP_LINE;
		p[i].x = xy[2 * i];
		p[i].y = xy[2 * i + 1];
	}
	p[n].op = TP_CLOSE;
	p[n].x = xy[0];
	p[n].y = xy[1];
	return 0;
}

void tp_circle_pts(struct tp_pt *p, double cx, double cy, double r, int turn)
{
	/* Four cubic arcs; 0.5523 is the usual control distance for a
	 * quarter circle (error below 0.03 % of r).  The offsets from the
	 * centre going through cy + r first; turn -1 mirrors them in y. */
	const double k = 0.5522847498 * r;
	const double d[12][2] = {
		{ r, k }, { k, r }, { 0, r }, { -k, r }, { -r, k }, { -r, 0 },
		{ -r, -k }, { -k, -r }, { 0, -r }, { k, -r }, { r, -k }, { r, 0 },
	};
	p[0] = (struct tp_pt){ TP_MOVE, cx + r, cy };
	for (int i = 0; i < 12; i++)
		p[1 + i] = (struct tp_pt){ TP_CURVE, cx + d[i][0], cy + turn * d[i][1] };
	p[13] = (struct tp_pt){ TP_CLOSE, cx + r, cy };
}

int tp_scene_circle(struct tp_scene *sc, int ink, int paint, double stroke,
		    double cx, double cy, double r)
{
	struct tp_pt p[TP_CIRCLE_PTS];
	tp_circle_pts(p, cx, cy, r, 1);
	return tp_scene_path(sc, ink, paint, stroke, p, TP_CIRCLE_PTS);
}

int tp_scene_text(struct tp_scene *sc, int ink, double x, double y,
		  double size, int align, const char *utf8)
{
	size_t len = strlen(utf8) + 1;
	if (grow((void **)&sc->text, &sc->cap_text, sc->n_text + len, 1) != 0)
		return -1;
	struct tp_shape *s = add(sc, TP_SHAPE_TEXT, ink, TP_FILL, 0);
	if (s == NULL)
		return -1;
	s->x = x;
	s->y = y;
	s->h = size;
	s->align = (uint8_t)align;
	s->first = sc->n_text;
	memcpy(sc->text + sc->n_text, utf8, len);
	sc->n_text += len;
	return 0;
}

int tp_scene_image(struct tp_scene *sc, int image, const struct tp_pt c[4])
{
	struct tp_pt *p = new_path(sc, TP_INK_TEXT, TP_FILL, 0, 4);
	if (p == NULL)
		return -1;
	for (int k = 0; k < 4; k++)
		p[k] = (struct tp_pt){ k ? TP_LINE : TP_MOVE, c[k].x, c[k].y };
	struct tp_shape *s = &sc->shapes[sc->n_shapes - 1];
	s->kind = TP_SHAPE_IMAGE;
	s->image = (uint16_t)image;
	return 0;
}

void tp_scene_flag_from(struct tp_scene *sc, size_t first, uint16_t flags)
{
	for (size_t i = first; i < sc->n_shapes; i++)
		sc->shapes[i].flags |= flags;
}

void tp_scene_flag_last(struct tp_scene *sc, uint16_t flags)
{
	if (sc->n_shapes > 0)
		sc->shapes[sc->n_shapes - 1].flags |= flags;
}

void tp_scene_save(const struct tp_scene *sc, struct tp_scene_state *st)
{
	st->shapes = sc->n_shapes;
	st->pts = sc->n_pts;
	st->text = sc->n_text;
	st->layers = sc->n_layers;
	st->margin = sc->margin;
}

void tp_scene_restore(struct tp_scene *sc, const struct tp_scene_state *st)
{
	sc->n_shapes = st->shapes;
	sc->n_pts = st->pts;
	sc->n_text = st->text;
	sc->n_layers = st->layers;
	sc->margin = st->margin;
	/* Groups never hold marks; drop any that reach past the shapes. */
	while (sc->n_groups && sc->groups[sc->n_groups - 1].end > sc->n_shapes)
		sc->n_groups--;
	while (sc->n_arts && sc->arts[sc->n_arts - 1].end > sc->n_shapes)
		sc->n_arts--;
	sc->group_open = 0;
}

int tp_scene_art_note(struct tp_scene *sc, size_t first, size_t end, const void *src)
{
	if (grow((void **)&sc->arts, &sc->cap_arts, sc->n_arts + 1, sizeof *sc->arts) != 0)
		return -1;
	sc->arts[sc->n_arts++] = (struct tp_scene_art){ first, end, src };
	return 0;
}

int tp_scene_group_begin(struct tp_scene *sc)
{
	tp_scene_group_end(sc);
	if (sc->symbol_open)   /* a placement is a group already */
		return 0;
	if (grow((void **)&sc->groups, &sc->cap_groups, sc->n_groups + 1, sizeof *sc->groups) != 0)
		return -1;
	sc->groups[sc->n_groups++] = (struct tp_scene_group){ sc->n_shapes, sc->n_shapes };
	sc->group_open = 1;
	return 0;
}

void tp_scene_group_end(struct tp_scene *sc)
{
	if (!sc->group_open)
		return;
	sc->group_open = 0;
	struct tp_scene_group *g = &sc->groups[sc->n_groups - 1];
	g->end = sc->n_shapes;
	if (g->end == g->first)   /* empty: nothing to reuse */
		sc->n_groups--;
}

/* The shape lists trade places: the adders append to sc->shapes. */
static void swap_lists(struct tp_scene *sc)
{
	struct tp_shape *s = sc->shapes;
	size_t n = sc->n_shapes, cap = sc->cap_shapes;
	sc->shapes = sc->sym_shapes;
	sc->n_shapes = sc->n_sym_shapes;
	sc->cap_shapes = sc->cap_sym_shapes;
	sc->sym_shapes = s;
	sc->n_sym_shapes = n;
	sc->cap_sym_shapes = cap;
}

int tp_scene_symbol_begin(struct tp_scene *sc)
{
	tp_scene_group_end(sc);
	tp_scene_symbol_end(sc);
	if (sc->n_symbols >= INT32_MAX ||
	    grow((void **)&sc->symbols, &sc->cap_symbols, sc->n_symbols + 1, sizeof *sc->symbols) != 0)
		return -1;
	sc->symbols[sc->n_symbols] = (struct tp_scene_group){ sc->n_sym_shapes, sc->n_sym_shapes };
	swap_lists(sc);
	sc->symbol_open = 1;
	return (int)sc->n_symbols++;
}

void tp_scene_symbol_end(struct tp_scene *sc)
{
	if (!sc->symbol_open)
		return;
	sc->symbol_open = 0;
	swap_lists(sc);
	sc->symbols[sc->n_symbols - 1].end = sc->n_sym_shapes;
}

int tp_scene_place_symbol(struct tp_scene *sc, int sym, double dx, double dy)
{
	tp_scene_symbol_end(sc);
	if (sym < 0 || (size_t)sym >= sc->n_symbols)
		return -1;
	if (grow((void **)&sc->shapes, &sc->cap_shapes, sc->n_shapes + 1, sizeof *sc->shapes) != 0)
		return -1;
	struct tp_shape *s = &sc->shapes[sc->n_shapes++];
	memset(s, 0, sizeof *s);
	s->kind = TP_SHAPE_PLACE;
	s->ink = TP_INK_LINE;   /* in every palette; the walk never draws it */
	s->first = (size_t)sym;
	s->x = dx;
	s->y = dy;
	sc->n_places++;
	return 0;
}

int tp_scene_symbol_copy(struct tp_scene *sc, int sym)
{
	tp_scene_symbol_end(sc);
	if (sym < 0 || (size_t)sym >= sc->n_symbols)
		return -1;
	struct tp_scene_group g = sc->symbols[sym];
	int k = tp_scene_symbol_begin(sc);
	if (k < 0)
		return -1;
	/* Open, the symbol's shapes are sc->shapes (swap_lists). */
	int rc = grow((void **)&sc->shapes, &sc->cap_shapes, sc->n_shapes + (g.end - g.first),
		      sizeof *sc->shapes);
	for (size_t i = g.first; rc == 0 && i < g.end; i++) {
		struct tp_shape s = sc->shapes[i];
		if (s.kind == TP_SHAPE_PATH || s.kind == TP_SHAPE_IMAGE) {
			/* Points of its own: a mirror moves each shape's once. */
			if (grow((void **)&sc->pts, &sc->cap_pts, sc->n_pts + s.count,
				 sizeof *sc->pts) != 0) {
				rc = -1;
				break;
			}
			memcpy(sc->pts + sc->n_pts, sc->pts + s.first, s.count * sizeof *sc->pts);
			s.first = sc->n_pts;
			sc->n_pts += s.count;
		}
		sc->shapes[sc->n_shapes++] = s;
	}
	tp_scene_symbol_end(sc);
	return rc == 0 ? k : -1;
}

size_t tp_scene_place_n(const struct tp_scene *sc, const struct tp_shape *p)
{
	if (p->kind != TP_SHAPE_PLACE || p->first >= sc->n_symbols)
		return 0;
	return sc->symbols[p->first].end - sc->symbols[p->first].first;
}

const struct tp_shape *tp_scene_place_shape(const struct tp_scene *sc, const struct tp_shape *p,
					    size_t sub, struct tp_shape *out, double d[2])
{
	*out = sc->sym_shapes[sc->symbols[p->first].first + sub];
	d[0] = p->x;
	d[1] = p->y;
	if (out->kind != TP_SHAPE_PATH && out->kind != TP_SHAPE_IMAGE) {
		out->x = out->x + p->x;
		out->y = out->y + p->y;
	}
	return out;
}

const struct tp_shape *tp_scene_next(const struct tp_scene *sc, struct tp_scene_iter *it)
{
	for (; it->i < sc->n_shapes; it->i++, it->k = 0) {
		const struct tp_shape *s = &sc->shapes[it->i];
		if (s->kind == TP_SHAPE_PLACE) {
			if (it->k < tp_scene_place_n(sc, s))
				return tp_scene_place_shape(sc, s, it->k++, &it->m, it->d);
		} else if (it->k++ == 0) {
			it->d[0] = it->d[1] = 0;
			return s;
		}
	}
	return NULL;
}

size_t tp_scene_n_drawn(const struct tp_scene *sc)
{
	size_t n = sc->n_shapes;
	for (size_t i = 0; sc->n_places && i < sc->n_shapes; i++)
		if (sc->shapes[i].kind == TP_SHAPE_PLACE)
			n += tp_scene_place_n(sc, &sc->shapes[i]) - 1;
	return n;
}

const struct tp_shape *tp_scene_drawn(const struct tp_scene *sc, size_t index, size_t sub,
				      struct tp_shape *out, double d[2])
{
	const struct tp_shape *s = &sc->shapes[index];
	if (s->kind == TP_SHAPE_PLACE)
		return tp_scene_place_shape(sc, s, sub, out, d);
	d[0] = d[1] = 0;
	return s;
}

int tp_scene_uses_ink(const struct tp_scene *sc, int id)
{
	for (size_t i = 0; i < sc->n_shapes; i++)
		if (sc->shapes[i].kind != TP_SHAPE_PLACE && sc->shapes[i].ink == id &&
		    tp_walk_shows(sc, &tp_walk_art, &sc->shapes[i]))
			return 1;
	/* A placed symbol's shapes (a symbol is made to be placed). */
	for (size_t i = 0; sc->n_places && i < sc->n_sym_shapes; i++)
		if (sc->sym_shapes[i].ink == id && tp_walk_shows(sc, &tp_walk_art, &sc->sym_shapes[i]))
			return 1;
	return 0;
}

int tp_scene_die_only(const struct tp_scene *sc)
{
	int die = 0;
	size_t n_sym = sc->n_places ? sc->n_sym_shapes : 0;
	for (size_t i = 0; i < sc->n_shapes + n_sym; i++) {
		const struct tp_shape *s = i < sc->n_shapes ? &sc->shapes[i]
				       : &sc->sym_shapes[i - sc->n_shapes];
		if (s->kind == TP_SHAPE_PLACE || !tp_walk_shows(sc, &tp_walk_art, s))
			continue;
		if (s->ink != TP_INK_CUT && s->ink != TP_INK_CREASE)
			return 0;
		die |= s->ink == TP_INK_CUT;
	}
	return die;
}

void tp_palette_add_crease(struct tp_palette *p)
{
	size_t i = p->n_game + (size_t)(TP_INK_CREASE - TP_GAME_INKS_MAX);
	if (p->n != i)
		return;
	struct tp_ink k = { .kind = TP_INK_SPOT, .overprint = 1, .cmyk = { 1, 0, 1, 0 },
			    .rgb = { 0, 0x96 / 255.0, 0x40 / 255.0 } };
	snprintf(k.name, sizeof k.name, "Crease");
	snprintf(k.key, sizeof k.key, "crease");
	p->ink[i] = k;
	p->n = i + 1;
}

void tp_palette_overprint_dark(struct tp_palette *p)
{
	for (size_t i = 0; i < p->n_game; i++) {
		struct tp_ink *k = &p->ink[i];
		double t = k->cmyk[0] + k->cmyk[1] + k->cmyk[2] + k->cmyk[3];
		if (k->kind == TP_INK_PROCESS && (k->cmyk[3] >= 0.5 || t >= 1.5))
			k->overprint = 1;
	}
}
