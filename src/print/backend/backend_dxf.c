/* DXF of the die lines, for the die maker: ASCII DXF R12 (AC1009), the
 * oldest and most widely read flavour, with ENTITIES of LINE (an open
 * two-point path) and POLYLINE/VERTEX/SEQEND (anything longer; flag 1
 * when closed).  Only shapes in the die-line ink (TP_INK_CUT) are
 * written (the walk's ink mask: tp_backend_view), and fold lines (TP_INK_CREASE) where a
 * sheet has them, each on a layer named after its ink's spot name.  Units are mm, 1:1
 * ($INSUNITS 4 and $MEASUREMENT 1 say so to readers that look); the origin
 * is the trim box's bottom-left corner and y grows up, so the drawing is
 * upright in a CAD program.  Curves are flattened to polylines within
 * TP_DXF_FLAT_MM of the true curve; paths are clipped to the bleed box as
 * the other backends clip them.  Deterministic: the same scene gives the
 * same bytes, in any locale. */

#include "print/backend/backend.h"
#include "print/scene/geom.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/scene/walk.h"

/* Largest distance between a flattened curve and the curve, mm. */
#define TP_DXF_FLAT_MM 0.01

struct dxf {
	FILE *f;
	const struct tp_scene *sc;
	tp_err *e;
	const char *layer;
	double box[4];      /* bleed box x0, y0, x1, y1 (scene mm) */
	double ext[4];      /* drawing extents in DXF coordinates */
	size_t entities;
	/* One flattened subpath. */
	double *xy;
	size_t n, cap;
	int oom;
};

static const char *num(char buf[40], double v)
{
	return tp_num(buf, v);
}

static void code(struct dxf *d, int group, const char *value)
{
	fprintf(d->f, "%3d\n%s\n", group, value);
}

/* A point as group codes 10/20/30 (+k for a line's second point), in DXF
 * coordinates: y flipped about the trim box. */
static void point(struct dxf *d, int k, double x, double y)
{
	char a[40];
	double Y = d->sc->trim_h - y;
	code(d, 10 + k, num(a, x));
	code(d, 20 + k, num(a, Y));
	code(d, 30 + k, "0.0");
	d->ext[0] = fmin(d->ext[0], x);
	d->ext[1] = fmin(d->ext[1], Y);
	d->ext[2] = fmax(d->ext[2], x);
	d->ext[3] = fmax(d->ext[3], Y);
}

static void line(struct dxf *d, double x0, double y0, double x1, double y1)
{
	code(d, 0, "LINE");
	code(d, 8, d->layer);
	point(d, 0, x0, y0);
	point(d, 1, x1, y1);
	d->entities++;
}

/* Liang-Barsky: the part of segment (x0,y0)-(x1,y1) inside the bleed box
 * as parameters t0 <= t1; 0 when none of it is inside. */
static int clip(const struct dxf *d, double x0, double y0, double x1, double y1,
		double *t0, double *t1)
{
	return tp_clip_segment(d->box, x0, y0, x1, y1, t0, t1);
}

static int inside(const struct dxf *d, double x, double y)
{
	return x >= d->box[0] && x <= d->box[2] && y >= d->box[1] && y <= d->box[3];
}

/* Writes the flattened subpath d->xy[0 .. n-1]: a LINE for two points, a
 * POLYLINE otherwise; a subpath that leaves the bleed box goes out as the
 * clipped LINEs of its segments. */
static void flush(struct dxf *d, int closed)
{
	size_t n = d->n;
	d->n = 0;
	/* A closing point equal to the first is the closing edge itself. */
	if (closed && n > 2 && d->xy[0] == d->xy[2 * n - 2] && d->xy[1] == d->xy[2 * n - 1])
		n--;
	if (n < 2)
		return;
	int all_in = 1;
	for (size_t i = 0; i < n && all_in; i++)
		all_in = inside(d, d->xy[2 * i], d->xy[2 * i + 1]);
	if (!all_in) {
		size_t segs = closed ? n : n - 1;
		for (size_t i = 0; i < segs; i++) {
			size_t j = (i + 1) % n;
			double x0 = d->xy[2 * i], y0 = d->xy[2 * i + 1];
			double x1 = d->xy[2 * j], y1 = d->xy[2 * j + 1], t0, t1;
			if (clip(d, x0, y0, x1, y1, &t0, &t1))
				line(d, x0 + t0 * (x1 - x0), y0 + t0 * (y1 - y0),
				     x0 + t1 * (x1 - x0), y0 + t1 * (y1 - y0));
		}
		return;
	}
	if (n == 2 && !closed) {
		line(d, d->xy[0], d->xy[1], d->xy[2], d->xy[3]);
		return;
	}
	code(d, 0, "POLYLINE");
	code(d, 8, d->layer);
	code(d, 66, "1");
	code(d, 10, "0.0");
	code(d, 20, "0.0");
	code(d, 30, "0.0");
	code(d, 70, closed ? "1" : "0");
	for (size_t i = 0; i < n; i++) {
		code(d, 0, "VERTEX");
		code(d, 8, d->layer);
		point(d, 0, d->xy[2 * i], d->xy[2 * i + 1]);
	}
	code(d, 0, "SEQEND");
	code(d, 8, d->layer);
	d->entities++;
}

static void add(struct dxf *d, double x, double y)
{
	if (tp_grow((void **)&d->xy, &d->cap, d->n + 1, 2 * sizeof *d->xy, 64) != 0) {
		d->oom = 1;
		return;
	}
	d->xy[2 * d->n] = x;
	d->xy[2 * d->n + 1] = y;
	d->n++;
}

/* A cubic from the last point through controls 1, 2 to 3: enough straight
 * pieces that none strays more than TP_DXF_FLAT_MM from the curve (the
 * usual bound from the control polygon's second differences). */
static void curve(struct dxf *d, double x1, double y1, double x2, double y2, double x3, double y3)
{
	if (d->n == 0) {
		add(d, x3, y3);
		return;
	}
	double x0 = d->xy[2 * d->n - 2], y0 = d->xy[2 * d->n - 1];
	double ddx = fmax(fabs(x0 - 2 * x1 + x2), fabs(x1 - 2 * x2 + x3));
	double ddy = fmax(fabs(y0 - 2 * y1 + y2), fabs(y1 - 2 * y2 + y3));
	double m = hypot(ddx, ddy);
	int k = (int)ceil(sqrt(3 * m / (4 * TP_DXF_FLAT_MM)));
	k = k < 1 ? 1 : k > 1000 ? 1000 : k;
	for (int i = 1; i <= k; i++) {
		double t = (double)i / k, u = 1 - t;
		double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, e = t * t * t;
		add(d, a * x0 + b * x1 + c * x2 + e * x3, a * y0 + b * y1 + c * y2 + e * y3);
	}
}

static void path(struct dxf *d, const struct tp_pt *pt, size_t n)
{
	for (size_t i = 0; i < n && !d->oom; i++) {
		switch (pt[i].op) {
		case TP_MOVE:
			flush(d, 0);
			add(d, pt[i].x, pt[i].y);
			break;
		case TP_CURVE:
			if (i + 2 < n) {
				curve(d, pt[i].x, pt[i].y, pt[i + 1].x, pt[i + 1].y, pt[i + 2].x, pt[i + 2].y);
				i += 2;
			}
			break;
		case TP_CLOSE:
			flush(d, 1);
			break;
		default:
			add(d, pt[i].x, pt[i].y);
		}
	}
	flush(d, 0);
}

/* The sink: every shape the walk hands over (only the die-line ink, text
 * already outlined) as its outline. */
static int shape(void *ctx, const struct tp_walk_shape *ws)
{
	struct dxf *d = ctx;
	const struct tp_shape *s = ws->s;
	/* Each ink on its own layer: the die's, and the crease's (folds). */
	const struct tp_ink *k = tp_scene_ink(d->sc, s->ink);
	if (k)
		d->layer = k->name;
	if (s->kind == TP_SHAPE_RECT) {
		struct tp_pt r[5] = { { TP_MOVE, s->x, s->y }, { TP_LINE, s->x + s->w, s->y },
				      { TP_LINE, s->x + s->w, s->y + s->h }, { TP_LINE, s->x, s->y + s->h },
				      { TP_CLOSE, s->x, s->y } };
		path(d, r, 5);
	} else {
		path(d, ws->pts, ws->n);
	}
	if (d->oom)
		tp_fail(d->e, TP_EIO, "DXF: out of memory");
	return d->oom ? -1 : 0;
}

static const struct tp_sink dxf_sink = { .rect = shape, .path = shape };

int tp_dxf_write(FILE *f, const struct tp_scene *const *pages, size_t n,
		 const struct tp_doc_info *info, tp_err *e)
{
	if (n != 1)
		return tp_fail(e, TP_EINPUT, "DXF: one page per file, not %zu", n);
	const struct tp_scene *sc = pages[0];
	const struct tp_ink *ink = tp_scene_ink(sc, TP_INK_CUT);
	if (ink == NULL)
		return tp_fail(e, TP_EINPUT, "DXF: the palette has no die-line ink");
	struct dxf d = { .f = f, .sc = sc, .e = e, .layer = ink->name,
			 .box = { -sc->bleed, -sc->bleed, sc->trim_w + sc->bleed, sc->trim_h + sc->bleed },
			 .ext = { INFINITY, INFINITY, -INFINITY, -INFINITY } };
	/* The entities first, into memory: the header gives their extents. */
	char *body = NULL;
	size_t body_len = 0;
	d.f = open_memstream(&body, &body_len);
	if (d.f == NULL)
		return tp_fail(e, TP_EIO, "DXF: out of memory");
	struct tp_walk_opts view = tp_backend_view(&tp_backends[TP_BACKEND_DXF], info);
	int rc = tp_scene_walk(sc, &view, &dxf_sink, &d, e);
	int mem_bad = fclose(d.f) != 0;
	free(d.xy);
	if (rc != TP_OK || mem_bad || body == NULL) {
		free(body);
		return rc != TP_OK ? rc : tp_fail(e, TP_EIO, "DXF: out of memory");
	}
	if (d.entities == 0) {  /* nothing drawn: the trim box as extents */
		d.ext[0] = d.ext[1] = 0;
		d.ext[2] = sc->trim_w;
		d.ext[3] = sc->trim_h;
	}
	char a[40], b[40];
	d.f = f;
	fputs("  0\nSECTION\n  2\nHEADER\n", f);
	fputs("  9\n$ACADVER\n  1\nAC1009\n", f);
	fputs("  9\n$INSBASE\n 10\n0.0\n 20\n0.0\n 30\n0.0\n", f);
	fprintf(f, "  9\n$EXTMIN\n 10\n%s\n 20\n%s\n 30\n0.0\n", num(a, d.ext[0]), num(b, d.ext[1]));
	fprintf(f, "  9\n$EXTMAX\n 10\n%s\n 20\n%s\n 30\n0.0\n", num(a, d.ext[2]), num(b, d.ext[3]));
	fputs("  9\n$INSUNITS\n 70\n4\n  9\n$MEASUREMENT\n 70\n1\n", f);
	fputs("  0\nENDSEC\n  0\nSECTION\n  2\nENTITIES\n", f);
	fwrite(body, 1, body_len, f);
	fputs("  0\nENDSEC\n  0\nEOF\n", f);
	free(body);
	if (fflush(f) != 0 || ferror(f))
		return tp_fail(e, TP_EIO, "DXF: write failed");
	return TP_OK;
}
