/* The toner a page of the playtest kit takes (app/playtest.h): the ink
 * report's measure (print/ink/inkcov.h) of what the page draws, each
 * scene as the PDF writer places it, with every ink's sRGB separated into
 * the CMYK an office printer lays down for it. */

#include "app/playtest.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/backend/backend.h"
#include "print/ink/colour.h"
#include "print/ink/inkcov.h"
#include "print/layout/sheet.h"
#include "print/scene/walk.h"

/* The ink report's resolution: 4 px a mm (0.25 mm, thinner than the
 * thinnest line the kit draws at full width is still counted by the
 * antialiased cover), bounded per scene as the ink report is. */
#define TONER_PX_PER_MM 4.0
#define TONER_MAX_PX 2e6

/* Index of rgb in t, or -1. */
static long find(const struct tp_toner *t, const double rgb[3])
{
	for (size_t i = 0; i < t->n; i++)
		if (memcmp(t->rgb + 3 * i, rgb, 3 * sizeof *rgb) == 0)
			return (long)i;
	return -1;
}

/* Index of rgb in t, added when new; -1 when out of memory. */
static long colour_of(struct tp_toner *t, const double rgb[3])
{
	long f = find(t, rgb);
	if (f >= 0)
		return f;
	/* Both arrays grow from the same capacity to the same one. */
	size_t c_rgb = t->cap, c_cmyk = t->cap;
	if (tp_grow((void **)&t->rgb, &c_rgb, t->n + 1, 3 * sizeof *t->rgb, 16) != 0 ||
	    tp_grow((void **)&t->cmyk, &c_cmyk, t->n + 1, 4 * sizeof *t->cmyk, 16) != 0)
		return -1;
	t->cap = c_cmyk;
	memcpy(t->rgb + 3 * t->n, rgb, 3 * sizeof *rgb);
	return (long)t->n++;
}

int tp_toner_add(struct tp_toner *t, const struct tp_palette *pal)
{
	for (size_t i = 0; i < pal->n; i++)
		if (colour_of(t, pal->ink[i].rgb) < 0)
			return -1;
	t->separated = 0;
	return 0;
}

int tp_toner_separate(struct tp_toner *t, const char *profile, tp_err *e)
{
	t->profile = profile;
	int rc = tp_colour_separate(t->rgb, t->cmyk, t->n, profile, e);
	t->separated = rc == TP_OK;
	return rc;
}

void tp_toner_free(struct tp_toner *t)
{
	free(t->rgb);
	free(t->cmyk);
	memset(t, 0, sizeof *t);
}

/* Adds the toner of sc, drawn as the kit's PDF draws it (clipped to its
 * bleed box, view), to ink[k] as % x mm2. */
static int scene_toner(const struct tp_toner *t, const struct tp_scene *sc,
		       const struct tp_walk_opts *view, double ink[4], tp_err *e)
{
	/* The kit clips each scene to its bleed box: measure that box as
	 * the trim of a copy, whose inks print their toner, knocking out
	 * (DeviceRGB has no overprint). */
	double b = sc->bleed;
	struct tp_scene *m = tp_sheet_crop(sc, sc->name, -b, -b, sc->trim_w + 2 * b,
					   sc->trim_h + 2 * b);
	if (m == NULL)
		return tp_fail(e, TP_EIO, "out of memory measuring the playtest kit's toner");
	m->bleed = 0;
	for (size_t i = 0; i < m->pal.n; i++) {
		struct tp_ink *k = &m->pal.ink[i];
		long c = find(t, k->rgb);
		if (c < 0 || !t->separated) {
			tp_scene_free(m);
			return tp_fail(e, TP_EIO, "playtest toner: a colour was not separated");
		}
		if (k->kind != TP_INK_REGISTRATION)
			k->kind = TP_INK_PROCESS;
		k->overprint = 0;
		memcpy(k->cmyk, t->cmyk + 4 * c, sizeof k->cmyk);
	}
	struct tp_inkcov cov;
	int rc = tp_inkcov_scene_view(m, view, TONER_PX_PER_MM, TONER_MAX_PX, t->profile, &cov, e);
	if (rc == TP_OK)
		for (int k = 0; k < 4; k++)
			ink[k] += cov.pct[k] * m->trim_w * m->trim_h;
	tp_scene_free(m);
	return rc;
}

int tp_toner_page(const struct tp_toner *t, const struct tp_placed *pl, size_t n, double w,
		  double h, const struct tp_walk_opts *view, double cmyk[4], tp_err *e)
{
	double ink[4] = { 0, 0, 0, 0 };
	int rc = TP_OK;
	for (size_t i = 0; rc == TP_OK && i < n; i++)
		rc = scene_toner(t, pl[i].sc, view, ink, e);
	for (int k = 0; k < 4; k++)
		cmyk[k] = rc == TP_OK ? ink[k] / (w * h) : 0;
	return rc;
}
