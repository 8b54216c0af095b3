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
	whole(h, (long long)sc->n_shapes);
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		const long long small[6] = { s->kind, s->ink, s->paint, s->flags & ~TP_SHAPE_TO_CUT, s->layer, s->align };
		tp_sha256_add(h, small, sizeof small);
		const double geo[5] = { s->stroke, s->x, s->y, s->w, s->h };
		tp_sha256_add(h, geo, sizeof geo);
		whole(h, (long long)s->first);
		whole(h, (long long)s->count);
		/* An image by its pixels (its number differs between runs). */
		const struct tp_image *im = s->kind == TP_SHAPE_IMAGE ? tp_image_get(s->image) : NULL;
		if (im)
			whole(h, (long long)im->digest);
	}
	whole(h, (long long)sc->n_pts);
	for (size_t i = 0; i < sc->n_pts; i++) {
		whole(h, sc->pts[i].op);
		num(h, sc->pts[i].x);
		num(h, sc->pts[i].y);
	}
	whole(h, (long long)sc->n_text);
	if (sc->n_text)
		tp_sha256_add(h, sc->text, sc->n_text);
}
