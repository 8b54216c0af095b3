#include "print/ink/inkcov.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/image/image.h"
#include "print/scene/walk.h"

#define BAND_PX 64   /* rows of pixels per band */

static const char *const process_names[4] = { "Cyan", "Magenta", "Yellow", "Black" };

/* A shape to measure: its outline and device-space bounds (px).  The
 * shape by the walk's number (index, sub: a placed symbol's is looked up
 * again, item_shape), its points at pts (a placed symbol's unmoved). */
struct item {
	size_t index;
	uint32_t sub;
	const struct tp_pt *pts;
	size_t n;
	struct tp_pt *glyphs;   /* text outline, owned */
	double x0, y0, x1, y1;
	int plate;              /* spot plate index, or -1 */
	int overprint;          /* the walk's decision, not the ink's */
	struct tp_image *im;    /* a picture: its pixels, and their CMYK */
	const uint8_t *cmyk;
};

struct meas {
	const struct tp_scene *sc;
	tp_err *e;
	double r;               /* px per mm */
	int w, h;               /* raster of the trim area */
	struct item *items;
	size_t n_items;
	int n_plates;           /* 4 + spots */
	int spot_ink[TP_MAX_INKS];  /* palette index of spot plate k */
	float *val;             /* band: n_plates values and the covered part per pixel, 0..1 */
	float *peak;            /* band: C, M, Y, K with any touch as full cover */
	double *sum;            /* per plate: sum of values */
	double tac;
	int *used;              /* per plate: drawn on at all */
	const char *profile;    /* pictures are separated through it */
};

/* The item's shape as the walk drew it, and where its points are drawn
 * from pts (scene.h: tp_scene_drawn): p.x + d[0], p.y + d[1]. */
static const struct tp_shape *item_shape(const struct meas *m, const struct item *it,
					 struct tp_shape *mv, double d[2])
{
	const struct tp_shape *s = tp_scene_drawn(m->sc, it->index, it->sub, mv, d);
	if (s->kind == TP_SHAPE_TEXT)   /* the outline was made where it is drawn */
		d[0] = d[1] = 0;
	return s;
}

/* The sink: each shape the press prints, in draw order, as an item to
 * measure band by band later. */
static int add_item(void *ctx, const struct tp_walk_shape *d)
{
	struct meas *m = ctx;
	const struct tp_shape *s = d->s;
	/* Empty text (no outline) lays down no ink. */
	if (s->kind == TP_SHAPE_TEXT && d->n == 0)
		return 0;
	struct item *it = &m->items[m->n_items++];
	it->index = d->index;
	it->sub = (uint32_t)d->sub;
	it->plate = -1;
	struct tp_shape mv;
	double off[2];
	const struct tp_shape *src = item_shape(m, it, &mv, off);
	it->overprint = d->overprint;
	for (int k = 4; k < m->n_plates; k++)
		if (m->spot_ink[k - 4] == d->ink_index)
			it->plate = k;
	double x0 = s->x, y0 = s->y, x1 = s->x + s->w, y1 = s->y + s->h;
	if (s->kind == TP_SHAPE_TEXT) {
		/* The walk's outline lives for this call only. */
		it->glyphs = tp_malloc(d->n * sizeof *it->glyphs);
		if (it->glyphs == NULL)
			return tp_fail(m->e, TP_EIO, "ink coverage: out of memory");
		memcpy(it->glyphs, d->pts, d->n * sizeof *it->glyphs);
		it->pts = it->glyphs;
		it->n = d->n;
	} else if (s->kind == TP_SHAPE_PATH || s->kind == TP_SHAPE_IMAGE) {
		/* The scene's points (the walk's moved copies live for this call
		 * only), drawn moved by off. */
		it->pts = m->sc->pts + src->first;
		it->n = d->n;
	}
	if (s->kind == TP_SHAPE_IMAGE) {
		it->im = d->image;
		it->cmyk = tp_image_cmyk(d->image, m->profile, 0, m->e);
		if (it->cmyk == NULL)
			return m->e->code;
	}
	if (s->kind != TP_SHAPE_RECT) {
		x0 = y0 = INFINITY;
		x1 = y1 = -INFINITY;
		for (size_t k = 0; k < it->n; k++) {
			x0 = fmin(x0, it->pts[k].x + off[0]);
			x1 = fmax(x1, it->pts[k].x + off[0]);
			y0 = fmin(y0, it->pts[k].y + off[1]);
			y1 = fmax(y1, it->pts[k].y + off[1]);
		}
	}
	/* Stroke half-width, miters and antialiasing. */
	double pad = ((s->paint & TP_STROKE) ? fabs(s->stroke) * 5 : 0);
	it->x0 = (fmin(x0, x1) - pad) * m->r - 2;
	it->x1 = (fmax(x0, x1) + pad) * m->r + 2;
	it->y0 = (fmin(y0, y1) - pad) * m->r - 2;
	it->y1 = (fmax(y0, y1) + pad) * m->r + 2;
	return 0;
}

static const struct tp_sink inkcov_sink = { .rect = add_item, .path = add_item,
					    .image = add_item };

/* What the press prints: every plate, no printer's marks, text as the
 * outlines the PDF carries. */
static const struct tp_walk_opts press_view = { .marks = 0, .outline_text = 1 };

static int collect(struct meas *m, const struct tp_walk_opts *view, tp_err *e)
{
	const struct tp_scene *sc = m->sc;
	m->items = tp_calloc(tp_scene_n_drawn(sc) + 1, sizeof *m->items);
	if (m->items == NULL)
		return tp_fail(e, TP_EIO, "ink coverage: out of memory");
	/* Spot plates: every spot ink of the palette, in palette order. */
	m->n_plates = 4;
	for (size_t i = 0; i < sc->pal.n; i++)
		if (sc->pal.ink[i].kind == TP_INK_SPOT)
			m->spot_ink[m->n_plates++ - 4] = (int)i;
	m->e = e;
	return tp_scene_walk(sc, view, &inkcov_sink, m, e);
}

/* Item it, of shape s with its points moved by d (item_shape). */
static void trace(const struct item *it, const struct tp_shape *s, const double d[2],
		  cairo_t *cr)
{
	if (s->kind == TP_SHAPE_RECT) {
		cairo_rectangle(cr, s->x, s->y, s->w, s->h);
		return;
	}
	const struct tp_pt *p = it->pts;
	for (size_t k = 0; k < it->n; k++) {
		double x = p[k].x + d[0], y = p[k].y + d[1];
		switch (p[k].op) {
		case TP_MOVE: cairo_move_to(cr, x, y); break;
		case TP_LINE: cairo_line_to(cr, x, y); break;
		case TP_CLOSE: cairo_close_path(cr); break;
		case TP_CURVE:
			if (k + 2 >= it->n)
				return;
			cairo_curve_to(cr, x, y, p[k + 1].x + d[0], p[k + 1].y + d[1],
				       p[k + 2].x + d[0], p[k + 2].y + d[1]);
			k += 2;
			break;
		}
	}
}

/* A picture's pixel under device pixel (x, y) of the band at y0, as a
 * process ink of its CMYK; its alpha (0..1) in *a. */
static struct tp_ink pixel_ink(const struct meas *m, const struct item *it, const double d[2],
			       int x, int y, float *a)
{
	struct tp_pt c[4];
	for (int k = 0; k < 4; k++)
		c[k] = (struct tp_pt){ it->pts[k].op, it->pts[k].x + d[0], it->pts[k].y + d[1] };
	const struct tp_image *im = it->im;
	double X = (x + 0.5) / m->r - c[0].x, Y = (y + 0.5) / m->r - c[0].y;
	double ux = (c[1].x - c[0].x) / im->w, uy = (c[1].y - c[0].y) / im->w;
	double vx = (c[3].x - c[0].x) / im->h, vy = (c[3].y - c[0].y) / im->h;
	double det = ux * vy - uy * vx;
	double u = det != 0 ? (X * vy - Y * vx) / det : 0, v = det != 0 ? (ux * Y - uy * X) / det : 0;
	int i = (int)fmin(fmax(floor(u), 0), im->w - 1), j = (int)fmin(fmax(floor(v), 0), im->h - 1);
	size_t p = (size_t)j * im->w + i;
	struct tp_ink k = { .kind = TP_INK_PROCESS };
	for (int n = 0; n < 4; n++)
		k.cmyk[n] = it->cmyk[4 * p + n] / 255.0;
	*a = im->rgba[4 * p + 3] / 255.0f;
	return k;
}

/* One pixel's plates v[0 .. n_plates-1] and the covered part of the
 * pixel v[n_plates] take a shape that covers the fraction a of it.  Shapes
 * are taken to tile first: the shape fills the uncovered part of the pixel
 * (e of it), and only what is left (o) lies over earlier ink, where it
 * prints as the press does (knock-out or overprint, see inkcov.h).  So
 * cells that meet inside a pixel each keep their share, as on paper,
 * where the usual "over" blend would let the later one take part of the
 * earlier one's share and lose ink at every edge. */
static void apply(const struct meas *m, const struct tp_ink *ink, int plate, float *v, float a)
{
	float alpha = v[m->n_plates];
	float e = fminf(a, 1 - alpha), o = a - e;
	/* Of the ink already there, the part o lies over. */
	float q = alpha > 0 ? fminf(o / alpha, 1) : 0;
	for (int k = 0; k < m->n_plates; k++) {
		float want;   /* what the shape prints on plate k, or -1: untouched */
		if (ink->kind == TP_INK_REGISTRATION)
			want = 1;
		else if (ink->kind == TP_INK_SPOT)
			want = k == plate ? 1 : ink->overprint ? -1 : 0;
		else if (k < 4)
			want = !ink->overprint || ink->cmyk[k] > 0 ? (float)ink->cmyk[k] : -1;
		else
			want = ink->overprint ? -1 : 0;
		if (want >= 0)
			v[k] += e * want + q * (alpha * want - v[k]);
		/* (over earlier ink: the part q of it, alpha * q of the pixel,
		 * now holds want instead of its share q * v[k]) */
	}
	v[m->n_plates] = alpha + e;
}

/* The process plates of the peak buffer: any touch covers. */
static void apply_peak(const struct tp_ink *ink, float *v)
{
	for (int k = 0; k < 4; k++)
		if (ink->kind == TP_INK_REGISTRATION)
			v[k] = 1;
		else if (ink->kind == TP_INK_SPOT)
			v[k] = ink->overprint ? v[k] : 0;
		else if (!ink->overprint || ink->cmyk[k] > 0)
			v[k] = (float)ink->cmyk[k];
}

static int band(struct meas *m, int y0, int bh, cairo_surface_t *surf, tp_err *e)
{
	const struct tp_scene *sc = m->sc;
	size_t np = (size_t)m->w * bh;
	memset(m->val, 0, np * (m->n_plates + 1) * sizeof *m->val);
	memset(m->peak, 0, np * 4 * sizeof *m->peak);
	unsigned char *mask = cairo_image_surface_get_data(surf);
	int stride = cairo_image_surface_get_stride(surf);
	for (size_t i = 0; i < m->n_items; i++) {
		const struct item *it = &m->items[i];
		if (it->y1 < y0 || it->y0 > y0 + bh || it->x1 < 0 || it->x0 > m->w)
			continue;
		int px0 = (int)fmax(0, floor(it->x0)), px1 = (int)fmin(m->w, ceil(it->x1));
		int py0 = (int)fmax(y0, floor(it->y0)) - y0, py1 = (int)fmin(y0 + bh, ceil(it->y1)) - y0;
		if (px0 >= px1 || py0 >= py1)
			continue;
		cairo_t *cr = cairo_create(surf);
		cairo_rectangle(cr, px0, py0, px1 - px0, py1 - py0);
		cairo_clip(cr);
		cairo_translate(cr, 0, -y0);
		cairo_scale(cr, m->r, m->r);
		/* Ink outside the trim does not count. */
		cairo_rectangle(cr, 0, 0, sc->trim_w, sc->trim_h);
		cairo_clip(cr);
		struct tp_shape mv;
		double d[2];
		const struct tp_shape *s = item_shape(m, it, &mv, d);
		/* The ink as the walk prints it here: overprinting or not. */
		struct tp_ink as = *tp_scene_ink(sc, s->ink);
		as.overprint = it->overprint;
		const struct tp_ink *ink = &as;
		if (s->kind == TP_SHAPE_IMAGE) {
			trace(it, s, d, cr);
			cairo_close_path(cr);
			cairo_fill(cr);
		} else if (s->kind == TP_SHAPE_TEXT || (s->paint & TP_FILL)) {
			trace(it, s, d, cr);
			cairo_fill(cr);
		}
		if (s->kind != TP_SHAPE_TEXT && (s->paint & TP_STROKE) && s->stroke > 0) {
			cairo_set_line_width(cr, s->stroke);
			trace(it, s, d, cr);
			cairo_stroke(cr);
		}
		cairo_status_t st = cairo_status(cr);
		cairo_destroy(cr);
		if (st != CAIRO_STATUS_SUCCESS)
			return tp_fail(e, TP_EIO, "ink coverage: cairo: %s", cairo_status_to_string(st));
		cairo_surface_flush(surf);
		for (int y = py0; y < py1; y++) {
			unsigned char *row = mask + (size_t)y * stride;
			for (int x = px0; x < px1; x++) {
				if (row[x] == 0)
					continue;
				size_t p = (size_t)y * m->w + x;
				float a = 1;
				struct tp_ink px;
				if (it->im) {
					px = pixel_ink(m, it, d, x, y0 + y, &a);
					ink = &px;
				}
				if (a > 0) {
					apply(m, ink, it->plate, m->val + p * (m->n_plates + 1),
					      row[x] / 255.0f * a);
					apply_peak(ink, m->peak + p * 4);
				}
				for (int k = 4; k < m->n_plates; k++)
					if (k == it->plate || ink->kind == TP_INK_REGISTRATION)
						m->used[k] = 1;
				row[x] = 0;
			}
		}
		cairo_surface_mark_dirty_rectangle(surf, px0, py0, px1 - px0, py1 - py0);
	}
	for (size_t p = 0; p < np; p++) {
		for (int k = 0; k < m->n_plates; k++)
			m->sum[k] += m->val[p * (m->n_plates + 1) + k];
		const float *v = m->peak + p * 4;
		double t = (double)v[0] + v[1] + v[2] + v[3];
		if (t > m->tac)
			m->tac = t;
	}
	return TP_OK;
}

int tp_inkcov_scene(const struct tp_scene *sc, double px_per_mm, double max_px,
		    struct tp_inkcov *out, tp_err *e)
{
	return tp_inkcov_scene_view(sc, &press_view, px_per_mm, max_px, NULL, out, e);
}

int tp_inkcov_scene_profile(const struct tp_scene *sc, double px_per_mm, double max_px,
			    const char *profile, struct tp_inkcov *out, tp_err *e)
{
	return tp_inkcov_scene_view(sc, &press_view, px_per_mm, max_px, profile, out, e);
}

int tp_inkcov_scene_view(const struct tp_scene *sc, const struct tp_walk_opts *view,
			 double px_per_mm, double max_px, const char *profile,
			 struct tp_inkcov *out, tp_err *e)
{
	struct tp_walk_opts v = *view;
	v.marks = 0;
	v.outline_text = 1;
	memset(out, 0, sizeof *out);
	struct meas m = { .sc = sc, .r = px_per_mm, .profile = profile };
	double area = sc->trim_w * sc->trim_h;
	if (area > 0 && area * m.r * m.r > max_px)
		m.r = sqrt(max_px / area);
	m.w = (int)ceil(sc->trim_w * m.r);
	m.h = (int)ceil(sc->trim_h * m.r);
	if (m.w < 1)
		m.w = 1;
	if (m.h < 1)
		m.h = 1;
	int rc = collect(&m, &v, e);
	cairo_surface_t *surf = NULL;
	if (rc == TP_OK) {
		m.val = tp_malloc((size_t)m.w * BAND_PX * (m.n_plates + 1) * sizeof *m.val);
		m.peak = tp_malloc((size_t)m.w * BAND_PX * 4 * sizeof *m.peak);
		m.sum = tp_calloc((size_t)m.n_plates, sizeof *m.sum);
		m.used = tp_calloc((size_t)m.n_plates, sizeof *m.used);
		surf = cairo_image_surface_create(CAIRO_FORMAT_A8, m.w, BAND_PX);
		if (m.val == NULL || m.peak == NULL || m.sum == NULL || m.used == NULL ||
		    cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS)
			rc = tp_fail(e, TP_EIO, "ink coverage: out of memory (%d x %d px)", m.w, BAND_PX);
	}
	if (rc == TP_OK) {
		/* The mask starts clear; each shape clears what it drew. */
		cairo_surface_flush(surf);
		memset(cairo_image_surface_get_data(surf), 0,
		       (size_t)cairo_image_surface_get_stride(surf) * BAND_PX);
		cairo_surface_mark_dirty(surf);
	}
	for (int y = 0; rc == TP_OK && y < m.h; y += BAND_PX)
		rc = band(&m, y, m.h - y < BAND_PX ? m.h - y : BAND_PX, surf, e);
	if (rc == TP_OK) {
		/* A pixel holds the covered fraction of it, and nothing past the
		 * trim edge (clipped): ink area = sum / r^2. */
		double trim_px = area * m.r * m.r;
		for (int k = 0; k < m.n_plates; k++) {
			if (k >= 4 && !m.used[k])
				continue;
			size_t o = out->n++;
			snprintf(out->name[o], sizeof out->name[o], "%s",
				 k < 4 ? process_names[k] : sc->pal.ink[m.spot_ink[k - 4]].name);
			out->pct[o] = trim_px > 0 ? 100 * m.sum[k] / trim_px : 0;
		}
		out->tac_max = 100 * m.tac;
		out->px_per_mm = m.r;
	}
	if (surf)
		cairo_surface_destroy(surf);
	for (size_t i = 0; m.items && i < m.n_items; i++)
		free(m.items[i].glyphs);
	free(m.items);
	free(m.val);
	free(m.peak);
	free(m.sum);
	free(m.used);
	return rc;
}

void tp_inkcov_csv_header(struct tp_buf *b)
{
	tp_buf_printf(b, "sheet,page,ink,coverage_pct\n");
}

void tp_inkcov_csv(struct tp_buf *b, const char *sheet, int page, const struct tp_inkcov *c)
{
	for (size_t k = 0; k < c->n; k++)
		tp_buf_printf(b, "%s,%d,%s,%.2f\n", sheet, page, c->name[k], c->pct[k]);
	tp_buf_printf(b, "%s,%d,tac_max_pct,%.1f\n", sheet, page, c->tac_max);
}
