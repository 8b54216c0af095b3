#include "print/scene/scene_digest.h"

#include <string.h>

#include "print/image/image.h"

static void num(struct tp_sha256 *h, double v)
{
	tp_sha256_add(h, &v, sizeof v);
}

static void whole(struct tp_sha256 *h, long long v)
{
	tp_sha256_add(h, &v, sizeof v);
}

static void str(struct tp_sha256 *h, const char *s)
{
	tp_sha256_add(h, s, strlen(s) + 1);
}

/* Shape s, its points drawn moved by d (scene.h), and its text. */
static void shape(struct tp_sha256 *h, const struct tp_scene *sc, const struct tp_shape *s,
		  const double d[2])
{
	const long long small[6] = { s->kind, s->ink, s->paint, s->flags & ~TP_SHAPE_TO_CUT,
				     s->layer, s->align };
	tp_sha256_add(h, small, sizeof small);
	const double geo[5] = { s->stroke, s->x, s->y, s->w, s->h };
	tp_sha256_add(h, geo, sizeof geo);
	if (s->kind == TP_SHAPE_TEXT) {
		str(h, tp_scene_str(sc, s));
		return;
	}
	/* An image by its pixels (its number differs between runs). */
	const struct tp_image *im = s->kind == TP_SHAPE_IMAGE ? tp_image_get(s->image) : NULL;
	if (im)
		whole(h, (long long)im->digest);
	if (s->kind != TP_SHAPE_PATH && s->kind != TP_SHAPE_IMAGE)
		return;
	whole(h, (long long)s->count);
	for (size_t k = 0; k < s->count; k++) {
		const struct tp_pt *p = &sc->pts[s->first + k];
		whole(h, p->op);
		if (p->op == TP_CLOSE)   /* its point is not drawn */
			continue;
		num(h, p->x + d[0]);
		num(h, p->y + d[1]);
	}
}

void tp_scene_digest(const struct tp_scene *sc, struct tp_sha256 *h)
{
	str(h, sc->name);
	num(h, sc->trim_w);
	num(h, sc->trim_h);
	num(h, sc->bleed);
	num(h, sc->margin);
	num(h, sc->press_margin);
	whole(h, sc->plate);
	whole(h, sc->press);
	whole(h, (long long)sc->pal.n);
	for (size_t i = 0; i < sc->pal.n; i++) {
		const struct tp_ink *k = &sc->pal.ink[i];
		str(h, k->name);
		whole(h, k->kind);
		whole(h, k->overprint);
		for (int c = 0; c < 4; c++)
			num(h, k->cmyk[c]);
		for (int c = 0; c < 3; c++)
			num(h, k->rgb[c]);
	}
	/* (Only a limit changes what is drawn: a scene without one hashes
	 * as it always has.) */
	if (sc->pal.max_tac_pct > 0)
		num(h, sc->pal.max_tac_pct);
	whole(h, (long long)sc->n_layers);
	for (size_t i = 0; i < sc->n_layers; i++)
		str(h, sc->layers[i]);
	/* Shape by shape in the order added, a placement as its symbol's
	 * shapes moved (tp_scene_place_shape, as the walk draws them), each
	 * with its own points and text: so a sheet whose tiles are placed
	 * symbols hashes as the same sheet with each tile's shapes copied. */
	long long drawn = 0;
	struct tp_scene_iter it = { 0 };
	for (const struct tp_shape *s; (s = tp_scene_next(sc, &it)) != NULL; drawn++)
		shape(h, sc, s, it.d);
	whole(h, drawn);
}
