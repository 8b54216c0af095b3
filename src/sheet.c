#include "sheet.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define EDGE_EPS 1e-6

void tp_sheet_bleed(struct tp_scene *sc)
{
	double b = sc->bleed;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		struct tp_shape *s = &sc->shapes[i];
		if (s->kind != TP_SHAPE_RECT || s->paint != TP_FILL || (s->flags & TP_SHAPE_MARK))
			continue;
		if (fabs(s->x) < EDGE_EPS) {
			s->x -= b;
			s->w += b;
		}
		if (fabs(s->y) < EDGE_EPS) {
			s->y -= b;
			s->h += b;
		}
		if (fabs(s->x + s->w - sc->trim_w) < EDGE_EPS)
			s->w += b;
		if (fabs(s->y + s->h - sc->trim_h) < EDGE_EPS)
			s->h += b;
	}
}

void tp_sheet_mirror(struct tp_scene *sc)
{
	double W = sc->trim_w;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		struct tp_shape *s = &sc->shapes[i];
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
			for (size_t k = 0; k < s->count; k++)
				sc->pts[s->first + k].x = W - sc->pts[s->first + k].x;
			break;
		}
	}
}

static void bbox(const struct tp_scene *sc, const struct tp_shape *s, double b[4])
{
	double pad = s->paint == TP_STROKE ? s->stroke / 2 : 0;
	if (s->kind == TP_SHAPE_RECT) {
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
			b[0] = fmin(b[0], p->x); b[1] = fmin(b[1], p->y);
			b[2] = fmax(b[2], p->x); b[3] = fmax(b[3], p->y);
		}
	}
	b[0] -= pad; b[1] -= pad; b[2] += pad; b[3] += pad;
}

struct tp_scene *tp_sheet_crop(const struct tp_scene *src, const char *name,
			       double x, double y, double w, double h)
{
	struct tp_scene *sc = tp_scene_new(name, w, h, src->bleed, src->inks);
	if (sc == NULL)
		return NULL;
	sc->plate = src->plate;
	double lo_x = x - src->bleed, lo_y = y - src->bleed;
	double hi_x = x + w + src->bleed, hi_y = y + h + src->bleed;
	for (size_t i = 0; i < src->n_shapes; i++) {
		const struct tp_shape *s = &src->shapes[i];
		if (s->flags & TP_SHAPE_MARK)
			continue;
		double b[4];
		bbox(src, s, b);
		if (b[2] <= lo_x || b[0] >= hi_x || b[3] <= lo_y || b[1] >= hi_y)
			continue;
		if (tp_scene_layer(sc, src->layers[s->layer]) != 0)
			goto oom;
		int rc;
		if (s->kind == TP_SHAPE_RECT) {
			rc = tp_scene_rect(sc, s->ink, s->paint, s->stroke, s->x - x, s->y - y, s->w, s->h);
		} else if (s->kind == TP_SHAPE_TEXT) {
			rc = tp_scene_text(sc, s->ink, s->x - x, s->y - y, s->h, s->align,
					   src->text + s->first);
		} else {
			rc = tp_scene_path(sc, s->ink, s->paint, s->stroke, src->pts + s->first, s->count);
			if (rc == 0)
				for (size_t k = 0; k < s->count; k++) {
					sc->pts[sc->n_pts - s->count + k].x -= x;
					sc->pts[sc->n_pts - s->count + k].y -= y;
				}
		}
		if (rc != 0)
			goto oom;
		tp_scene_flag_last(sc, s->flags);
	}
	tp_scene_layer_by_ink(sc);
	return sc;
oom:
	tp_scene_free(sc);
	return NULL;
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

static int target(struct tp_scene *sc, double cx, double cy)
{
	const double r = 2.5, arm = 4.0, w = 0.1;
	if (tp_scene_circle(sc, TP_INK_REG, TP_STROKE, w, cx, cy, r) != 0)
		return -1;
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	if (tp_scene_circle(sc, TP_INK_REG, TP_FILL, 0, cx, cy, r / 2.5) != 0)
		return -1;
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	return line(sc, cx - arm, cy, cx + arm, cy, w) | line(sc, cx, cy - arm, cx, cy + arm, w);
}

int tp_sheet_marks(struct tp_scene *sc, const struct tp_slug *slug)
{
	const double gap = 1.0, len = 6.0, w = 0.1;
	double b = sc->bleed, W = sc->trim_w, H = sc->trim_h;
	double o0 = b + gap, o1 = b + gap + len;   /* crop marks: outside the bleed */
	sc->margin = TP_MARK_MARGIN_MM;
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
	rc |= target(sc, W / 2, H + t);
	rc |= target(sc, -t, H / 2);
	rc |= target(sc, W + t, H / 2);
	char date[40], text[400];
	tp_format_date(slug->epoch, date, sizeof date);
	snprintf(text, sizeof text, "%s  |  %s  |  %s%s%s  |  %.1f x %.1f mm trim, %.1f mm bleed  |  %s",
		 slug->job, slug->file, slug->sheet, slug->extra ? "  |  " : "",
		 slug->extra ? slug->extra : "", W, H, b, date);
	/* Below the bottom-left crop mark, clear of the bottom target. */
	if (tp_scene_text(sc, TP_INK_REG, -b, H + b + gap + len + 3.0, 2.2, TP_ALIGN_LEFT, text) != 0)
		return -1;
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	return rc ? -1 : 0;
}
