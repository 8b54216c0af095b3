#include "print/backend/backend.h"
#include "print/backend/png_stream.h"
#include "print/image/image.h"
#include "print/scene/walk.h"

#include <cairo.h>
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

/* PNG proofs of the bleed box, streamed band by band so that a sheet of any
 * size needs only one band of pixels in memory.  Every coordinate is
 * computed in absolute device pixels first and the tile origin (an integer)
 * subtracted last, which is exact in double precision: that is what keeps
 * the output independent of how the image is cut into bands and tiles. */

#define CAIRO_MAX_PX 32767
#define BAND_BYTES_DEFAULT ((size_t)16 << 20)
#define SMALL_FILL_PX 262144.0 /* see draw_on */

static size_t band_limit = BAND_BYTES_DEFAULT;
static int tile_limit = CAIRO_MAX_PX;
static int n_threads = 1;
static int block_rows;

void tp_png_set_limits(size_t band_bytes, int tile_px)
{
	band_limit = band_bytes ? band_bytes : BAND_BYTES_DEFAULT;
	tile_limit = tile_px > 0 && tile_px < CAIRO_MAX_PX ? tile_px : CAIRO_MAX_PX;
}

void tp_png_set_threads(int threads)
{
	n_threads = threads < 1 ? 1 : threads;
}

void tp_png_set_block_rows(int rows)
{
	block_rows = rows > 0 ? rows : 0;
}

/* A shape that will be drawn, with its conservative device-space bounds.
 * A sheet of tiles has one a shape drawn in place, so it is kept small:
 * what only some items have (boxes, a text's outline) lives in the job's
 * side tables.  A placement's paths and rects on a layer are one item (a
 * run: its bounds hold theirs), each drawn as an item of its own made
 * when its band is drawn (run_member): a sheet of placed tiles keeps an
 * item a tile and layer, not a shape. */
struct item {
	double x0, y0, x1, y1;
	size_t i;              /* the walk's shape number (a placement's) */
	uint32_t sub;          /* a placed symbol's shape: its number in it;
				* a run: its first's */
	uint32_t rgb;          /* the boxes' colour, 0xRRGGBB */
	uint32_t side;         /* boxes: the first in job.boxes; text: its
				* job.glyphs; a run: its last shape's sub + 1 */
	uint8_t n_box;         /* > 0: painted as these whole-pixel boxes */
	uint8_t multiply;      /* overprints (the walk's decision) */
	uint8_t level;         /* a picture: the halving it is drawn from */
	uint8_t run;           /* a run of a placement's shapes (above) */
};

/* An item's whole-pixel boxes as planned (plan_boxes): four at most. */
struct pix_boxes {
	int n;
	int b[4][4];
};

/* Text: its outline (mm), as the PDF draws it. */
struct glyphs {
	struct tp_pt *pts;
	size_t n;
};

/* Rows of device pixels a bucket of the band index covers (below). */
#define BUCKET_ROWS 128

struct job {
	const struct tp_scene *sc;
	double s, b;        /* px per mm, bleed in mm */
	int w, h;
	struct item *items;
	size_t n;
	int (*boxes)[4];    /* x0, y0, x1, y1 in absolute device px */
	size_t n_boxes, cap_boxes;
	struct glyphs *glyphs;
	size_t n_glyphs, cap_glyphs;
	/* The band index: bucket k lists, ascending, the items whose rows
	 * reach into device rows k * BUCKET_ROWS .. + BUCKET_ROWS, at
	 * bucket[first[k] .. first[k + 1]), so that a band looks only at
	 * the items that may touch it, not at the whole sheet's. */
	size_t *first;
	uint32_t *bucket;
	size_t n_buckets;
	struct tp_walk_opts view;   /* the walk's, for run_member */
	tp_err *e;
};

static double dev_x(const struct job *j, double x) { return (x + j->b) * j->s; }
static double dev_y(const struct job *j, double y) { return (y + j->b) * j->s; }
static double snap(double v) { return floor(v + 0.5); }

/* The item's shape as the walk drew it: a placed symbol's shape moved
 * (x, y), its points to be drawn at p.x + d[0], p.y + d[1] (scene.h);
 * d is 0, 0 for any other shape. */
static const struct tp_shape *shape_of(const struct job *j, const struct item *it,
				       struct tp_shape *m, double d[2])
{
	return tp_scene_drawn(j->sc, it->i, it->sub, m, d);
}

/* Bounds in mm widened to device px; pad covers antialiasing and miters. */
static void bounds(const struct job *j, struct item *it)
{
	const struct tp_scene *sc = j->sc;
	struct tp_shape m;
	double d[2];
	const struct tp_shape *s = shape_of(j, it, &m, d);
	double x0 = s->x, y0 = s->y, x1 = s->x + s->w, y1 = s->y + s->h;
	double pad = 2 + ((s->paint & TP_STROKE) ? fabs(s->stroke) * j->s * 5 : 0);
	const struct tp_pt *pts = s->kind == TP_SHAPE_TEXT ? j->glyphs[it->side].pts : sc->pts + s->first;
	size_t n = s->kind == TP_SHAPE_TEXT ? j->glyphs[it->side].n : s->count;
	if (s->kind == TP_SHAPE_TEXT)   /* the outline was drawn where the text is */
		d[0] = d[1] = 0;

	if (s->kind != TP_SHAPE_RECT) {
		x0 = y0 = INFINITY;
		x1 = y1 = -INFINITY;
		for (size_t k = 0; k < n; k++) {
			x0 = fmin(x0, pts[k].x + d[0]);
			x1 = fmax(x1, pts[k].x + d[0]);
			y0 = fmin(y0, pts[k].y + d[1]);
			y1 = fmax(y1, pts[k].y + d[1]);
		}
	}
	it->x0 = dev_x(j, fmin(x0, x1)) - pad;
	it->x1 = dev_x(j, fmax(x0, x1)) + pad;
	it->y0 = dev_y(j, fmin(y0, y1)) - pad;
	it->y1 = dev_y(j, fmax(y0, y1)) + pad;
}

static void add_box(struct pix_boxes *pb, double x0, double y0, double x1, double y1)
{
	/* A positive size keeps at least one pixel so hairlines show. */
	if (x1 <= x0)
		x1 = x0 + 1;
	if (y1 <= y0)
		y1 = y0 + 1;
	int *b = pb->b[pb->n++];
	b[0] = (int)x0;
	b[1] = (int)y0;
	b[2] = (int)x1;
	b[3] = (int)y1;
}

/* Shapes that are whole-pixel boxes are painted straight into the band,
 * without Cairo: filled rectangles (the same pixels Cairo gives them),
 * axis-parallel two-point strokes (grid and cell hairlines) and stroked
 * rectangles (tile outlines), both snapped to whole pixels.  Thousands of
 * per-tile strokes composited by pixman cost a fifth of a large sheet. */
static void plan_boxes(const struct job *j, struct item *it, struct pix_boxes *pb)
{
	pb->n = 0;
	struct tp_shape m;
	double d[2];
	const struct tp_shape *s = shape_of(j, it, &m, d);
	/* Only a two-point line's points are looked at: moved here. */
	struct tp_pt p[2] = { { 0 }, { 0 } };
	for (size_t k = 0; s->kind == TP_SHAPE_PATH && k < 2 && k < s->count; k++) {
		const struct tp_pt *a = &j->sc->pts[s->first + k];
		p[k] = (struct tp_pt){ a->op, a->x + d[0], a->y + d[1] };
	}
	double hw = s->stroke * j->s / 2;
	if (s->kind == TP_SHAPE_RECT && s->paint == TP_FILL) {
		if (s->w != 0 && s->h != 0)
			add_box(pb, snap(dev_x(j, fmin(s->x, s->x + s->w))),
				snap(dev_y(j, fmin(s->y, s->y + s->h))),
				snap(dev_x(j, fmax(s->x, s->x + s->w))),
				snap(dev_y(j, fmax(s->y, s->y + s->h))));
	} else if (s->kind == TP_SHAPE_PATH && s->paint == TP_STROKE && s->stroke > 0 &&
		   !(s->flags & TP_SHAPE_STYLE) && s->count == 2 && p[0].op == TP_MOVE && p[1].op == TP_LINE &&
		   (p[0].x == p[1].x) != (p[0].y == p[1].y)) {
		double x0 = dev_x(j, fmin(p[0].x, p[1].x)), x1 = dev_x(j, fmax(p[0].x, p[1].x));
		double y0 = dev_y(j, fmin(p[0].y, p[1].y)), y1 = dev_y(j, fmax(p[0].y, p[1].y));
		/* Butt caps: the line ends where it ends, and is hw either side. */
		if (p[0].y == p[1].y)
			add_box(pb, snap(x0), snap(y0 - hw), snap(x1), snap(y0 + hw));
		else
			add_box(pb, snap(x0 - hw), snap(y0), snap(x0 + hw), snap(y1));
	} else if (s->kind == TP_SHAPE_RECT && s->paint == TP_STROKE && s->stroke > 0 &&
		   s->w != 0 && s->h != 0) {
		double x0 = dev_x(j, fmin(s->x, s->x + s->w)), x1 = dev_x(j, fmax(s->x, s->x + s->w));
		double y0 = dev_y(j, fmin(s->y, s->y + s->h)), y1 = dev_y(j, fmax(s->y, s->y + s->h));
		/* Miter joins: the outer box less the inner one, each pixel once. */
		double ox0 = snap(x0 - hw), ox1 = snap(x1 + hw), oy0 = snap(y0 - hw), oy1 = snap(y1 + hw);
		double ix0 = fmax(snap(x0 + hw), ox0 + 1), ix1 = fmin(snap(x1 - hw), ox1 - 1);
		double iy0 = fmax(snap(y0 + hw), oy0 + 1), iy1 = fmin(snap(y1 - hw), oy1 - 1);
		if (ix0 >= ix1 || iy0 >= iy1) {
			add_box(pb, ox0, oy0, ox1, oy1);
		} else {
			add_box(pb, ox0, oy0, ox1, iy0);
			add_box(pb, ox0, iy1, ox1, oy1);
			add_box(pb, ox0, iy0, ix0, iy1);
			add_box(pb, ix1, iy0, ox1, iy1);
		}
	}
	/* The colour serves the boxes and multiply_mask. */
	const struct tp_ink *k = tp_scene_ink(j->sc, s->ink);
	for (int c = 0; c < 3; c++)
		it->rgb = it->rgb << 8 | (uint32_t)snap(fmin(fmax(k->rgb[c], 0), 1) * 255);
}

/* Paints the item's boxes over rows y0..y0+rows of the band, as Cairo
 * would paint a pixel-aligned box: the colour, or multiplied by it (the
 * operator rounds a * b / 255 as pixman does). */
static void paint_boxes(const struct job *j, const struct item *it, const int (*boxes)[4],
			unsigned char *band, int y0, int rows)
{
	uint32_t c[3] = { it->rgb >> 16 & 255, it->rgb >> 8 & 255, it->rgb & 255 };
	for (int k = 0; k < it->n_box; k++) {
		const int *b = boxes[k];
		int x0 = b[0] > 0 ? b[0] : 0, x1 = b[2] < j->w ? b[2] : j->w;
		int ya = b[1] > y0 ? b[1] : y0, yb = b[3] < y0 + rows ? b[3] : y0 + rows;
		for (int y = ya; y < yb; y++) {
			uint32_t *row = (uint32_t *)(void *)(band + (size_t)(y - y0) * 4 * (size_t)j->w);
			if (!it->multiply) {
				/* The box's first row by hand, the others copied. */
				if (y == ya)
					for (int x = x0; x < x1; x++)
						row[x] = it->rgb;
				else if (x1 > x0)
					memcpy(row + x0, band + (size_t)(ya - y0) * 4 * (size_t)j->w +
							  (size_t)x0 * 4, (size_t)(x1 - x0) * 4);
				continue;
			}
			/* A run of one colour (paper, a fill) is multiplied once. */
			uint32_t last = 0, last_o = 0;
			int have = 0;
			for (int x = x0; x < x1; x++) {
				uint32_t d = row[x], o = 0;
				if (have && d == last) {
					row[x] = last_o;
					continue;
				}
				for (int ch = 0; ch < 3; ch++) {
					uint32_t t = (d >> (16 - 8 * ch) & 255) * c[ch] + 128;
					o = o << 8 | (((t >> 8) + t) >> 8);
				}
				row[x] = o;
				last = d;
				last_o = o;
				have = 1;
			}
		}
	}
}

/* Whether a placed shape joins its placement's run: a path or a rect
 * (text keeps the outline the walk made, a picture its halving). */
static int runs(const struct tp_shape *s)
{
	return s->kind == TP_SHAPE_PATH || s->kind == TP_SHAPE_RECT;
}

static int same_layer(const struct job *j, const struct item *r, const struct tp_shape *s)
{
	struct tp_shape m;
	double d[2];
	return tp_scene_drawn(j->sc, r->i, r->sub, &m, d)->layer == s->layer;
}

/* Whether the walk gave run r's shape s (its symbol's, moved): on the
 * run's layer, shown by the view, an ink and layer the scene has, a
 * shape that runs.  What the walk gave of a placement on a layer is
 * every such shape, in order, so a run is those from its first to its
 * last. */
static int run_member(const struct job *j, const struct tp_shape *s, unsigned layer)
{
	return s->layer == layer && runs(s) && tp_scene_ink(j->sc, s->ink) != NULL &&
	       s->layer < j->sc->n_layers && tp_walk_sees(j->sc, &j->view, s) != TP_WALK_HIDDEN;
}

/* The sink: each shape the walk shows a proof (tp_backend_view), in draw
 * order, as an item to draw band by band later. */
static int add_item(void *ctx, const struct tp_walk_shape *d)
{
	struct job *j = ctx;
	/* Empty text (no outline) leaves no pixels. */
	if (d->s->kind == TP_SHAPE_TEXT && d->n == 0)
		return 0;
	if (d->placed && d->overprint != d->ink->overprint)
		return tp_fail(j->e, TP_EIO, "png: a placed shape knocks out, which a run cannot draw");
	if (d->placed && runs(d->s)) {
		struct item *r = j->n ? &j->items[j->n - 1] : NULL;
		if (r && r->run && r->i == d->index && same_layer(j, r, d->s)) {
			struct item m = { .i = d->index, .sub = (uint32_t)d->sub };
			bounds(j, &m);
			r->x0 = fmin(r->x0, m.x0);
			r->y0 = fmin(r->y0, m.y0);
			r->x1 = fmax(r->x1, m.x1);
			r->y1 = fmax(r->y1, m.y1);
			r->side = (uint32_t)d->sub + 1;
			return 0;
		}
	}

	struct item *it = &j->items[j->n++];
	memset(it, 0, sizeof *it);
	it->i = d->index;
	it->sub = (uint32_t)d->sub;
	it->multiply = (uint8_t)(d->overprint != 0);
	if (d->s->kind == TP_SHAPE_IMAGE) {
		/* The halving that leaves at most 2 of its pixels to a device
		 * pixel, made here, before the bands are drawn on several
		 * threads. */
		const struct tp_pt *c = d->pts;
		double dw = hypot(c[1].x - c[0].x, c[1].y - c[0].y) * j->s;
		double dh = hypot(c[3].x - c[0].x, c[3].y - c[0].y) * j->s;
		double r = fmin(d->image->w / fmax(dw, 1e-9), d->image->h / fmax(dh, 1e-9));
		int lw, lh;
		it->level = (uint8_t)(r >= 2 ? fmin(floor(log2(r)), TP_IMAGE_LEVELS) : 0);
		if (tp_image_argb_level(d->image, it->level, &lw, &lh) == NULL)
			return tp_fail(j->e, TP_EIO, "png: out of memory");
	}
	/* Text as the same outlines the PDF carries: identical in both, and
	 * independent of what Cairo's font caches hold from earlier sheets,
	 * so every run gives the same bytes.  The walk's outline lives for
	 * this call only. */
	if (d->s->kind == TP_SHAPE_TEXT) {
		if (tp_grow((void **)&j->glyphs, &j->cap_glyphs, j->n_glyphs + 1, sizeof *j->glyphs, 16) != 0)
			return tp_fail(j->e, TP_EIO, "png: out of memory");
		struct glyphs *g = &j->glyphs[j->n_glyphs];
		g->pts = tp_malloc((d->n ? d->n : 1) * sizeof *g->pts);
		if (g->pts == NULL)
			return tp_fail(j->e, TP_EIO, "png: out of memory");
		memcpy(g->pts, d->pts, d->n * sizeof *g->pts);
		g->n = d->n;
		it->side = (uint32_t)j->n_glyphs++;
	}
	bounds(j, it);
	if (d->placed && runs(d->s)) {
		it->run = 1;
		it->side = (uint32_t)d->sub + 1;
		return 0;
	}
	struct pix_boxes pb;
	plan_boxes(j, it, &pb);
	if (pb.n > 0) {
		if (tp_grow((void **)&j->boxes, &j->cap_boxes, j->n_boxes + (size_t)pb.n,
			    sizeof *j->boxes, 256) != 0)
			return tp_fail(j->e, TP_EIO, "png: out of memory");
		it->side = (uint32_t)j->n_boxes;
		it->n_box = (uint8_t)pb.n;
		memcpy(j->boxes + j->n_boxes, pb.b, (size_t)pb.n * sizeof *pb.b);
		j->n_boxes += (size_t)pb.n;
	}
	return 0;
}

static const struct tp_sink png_sink = { .rect = add_item, .path = add_item, .image = add_item };

static int collect(struct job *j, const struct tp_doc_info *info, tp_err *e)
{
	const struct tp_scene *sc = j->sc;
	/* An item a shape drawn: a placement's symbol's shapes each. */
	size_t n = tp_scene_n_drawn(sc);
	/* Items, boxes and outlines are numbered in 32 bits (four boxes an
	 * item at most). */
	if (n > UINT32_MAX / 4)
		return tp_fail(e, TP_EIO, "png: %zu shapes on one page, more than it draws", n);
	j->items = tp_malloc((n ? n : 1) * sizeof *j->items);
	if (j->items == NULL)
		return tp_fail(e, TP_EIO, "png: out of memory");
	j->e = e;
	j->view = tp_backend_view(&tp_backends[TP_BACKEND_PNG], info);
	return tp_scene_walk(sc, &j->view, &png_sink, j, e);
}

/* Points p moved by mx, my mm (a placed symbol's, as the walk moves
 * them), in device px less ox, oy. */
static void path(const struct job *j, cairo_t *cr, const struct tp_pt *p, size_t count,
		 double mx, double my, double ox, double oy)
{
	for (size_t k = 0; k < count; k++) {
		double x = dev_x(j, p[k].x + mx) - ox, y = dev_y(j, p[k].y + my) - oy;
		switch (p[k].op) {
		case TP_MOVE: cairo_move_to(cr, x, y); break;
		case TP_LINE: cairo_line_to(cr, x, y); break;
		case TP_CLOSE: cairo_close_path(cr); break;
		case TP_CURVE:
			if (k + 2 >= count)
				return;
			cairo_curve_to(cr, x, y,
				       dev_x(j, p[k + 1].x + mx) - ox, dev_y(j, p[k + 1].y + my) - oy,
				       dev_x(j, p[k + 2].x + mx) - ox, dev_y(j, p[k + 2].y + my) - oy);
			k += 2;
			break;
		}
	}
}

/* The corners as absolute coordinates: cairo_rectangle() would add the
 * width after the tile shift and round differently per tile. */
static void box(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y0);
	cairo_line_to(cr, x1, y1);
	cairo_line_to(cr, x0, y1);
	cairo_close_path(cr);
}

/* An image: its pixels mapped onto the parallelogram of its corners,
 * filtered (bilinear), over what is there. */
static void draw_image(const struct job *j, cairo_t *cr, const struct item *it,
		       double ox, double oy)
{
	struct tp_shape moved;
	double d[2];
	const struct tp_shape *s = shape_of(j, it, &moved, d);
	struct tp_image *im = tp_image_get(s->image);
	struct tp_pt c[4];
	for (size_t k = 0; k < 4; k++) {
		const struct tp_pt *a = &j->sc->pts[s->first + k];
		c[k] = (struct tp_pt){ a->op, a->x + d[0], a->y + d[1] };
	}
	int w, h;   /* made by add_item: only read here */
	const uint32_t *px = tp_image_argb_level(im, it->level, &w, &h);
	cairo_surface_t *src = cairo_image_surface_create_for_data(
		(unsigned char *)(void *)px, CAIRO_FORMAT_ARGB32, w, h, w * 4);
	double x0 = dev_x(j, c[0].x) - ox, y0 = dev_y(j, c[0].y) - oy;
	cairo_matrix_t m;
	cairo_matrix_init(&m, (dev_x(j, c[1].x) - ox - x0) / w, (dev_y(j, c[1].y) - oy - y0) / w,
			  (dev_x(j, c[3].x) - ox - x0) / h, (dev_y(j, c[3].y) - oy - y0) / h,
			  x0, y0);
	cairo_save(cr);
	cairo_transform(cr, &m);
	cairo_set_source_surface(cr, src, 0, 0);
	cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
	cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
	cairo_rectangle(cr, 0, 0, w, h);
	cairo_fill(cr);
	cairo_restore(cr);
	cairo_surface_destroy(src);
}

/* Draws the item with Cairo: in its colour, or (coverage) as its coverage
 * alone, opaque black on an A8 surface. */
static void draw(const struct job *j, cairo_t *cr, const struct item *it,
		 double ox, double oy, int coverage)
{
	struct tp_shape m;
	double d[2];
	const struct tp_shape *s = shape_of(j, it, &m, d);
	if (s->kind == TP_SHAPE_IMAGE) {
		draw_image(j, cr, it, ox, oy);
		return;
	}
	const double *rgb = tp_scene_ink(j->sc, s->ink)->rgb;
	/* Quantised first so flat fills come out exactly as rgb*255 rounded. */
	double c[3];
	for (int k = 0; k < 3; k++)
		c[k] = snap(fmin(fmax(rgb[k], 0), 1) * 255) / 255;
	if (coverage)
		cairo_set_source_rgb(cr, 0, 0, 0);
	else
		cairo_set_source_rgb(cr, c[0], c[1], c[2]);
	/* Overprinting ink prints on top of what is there: multiplying the
	 * proof colours shows that (approximately), where painting over would
	 * show a knock-out the press does not print (see multiply_mask). */
	if (!coverage && it->multiply)
		cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY);
	if (s->stroke > 0)
		cairo_set_line_width(cr, s->stroke * j->s);
	if (s->flags & TP_SHAPE_STYLE) {
		cairo_set_fill_rule(cr, (s->flags & TP_SHAPE_EVENODD) ? CAIRO_FILL_RULE_EVEN_ODD
								    : CAIRO_FILL_RULE_WINDING);
		cairo_set_line_cap(cr, (s->flags & TP_SHAPE_CAP_ROUND) ? CAIRO_LINE_CAP_ROUND
				       : (s->flags & TP_SHAPE_CAP_SQUARE) ? CAIRO_LINE_CAP_SQUARE
				       : CAIRO_LINE_CAP_BUTT);
		cairo_set_line_join(cr, (s->flags & TP_SHAPE_JOIN_ROUND) ? CAIRO_LINE_JOIN_ROUND
					: (s->flags & TP_SHAPE_JOIN_BEVEL) ? CAIRO_LINE_JOIN_BEVEL
					: CAIRO_LINE_JOIN_MITER);
		cairo_set_miter_limit(cr, (s->flags & TP_SHAPE_MITER4) ? 4 : 10);
	}

	if (s->kind == TP_SHAPE_TEXT) {
		path(j, cr, j->glyphs[it->side].pts, j->glyphs[it->side].n, 0, 0, ox, oy);
		cairo_fill(cr);
		return;
	}
	if (s->kind == TP_SHAPE_RECT && (s->paint & TP_FILL)) {
		/* Whole-pixel edges: neighbouring cells meet without seams.
		 * A positive size keeps at least one pixel so hairlines show. */
		double x0 = snap(dev_x(j, fmin(s->x, s->x + s->w)));
		double x1 = snap(dev_x(j, fmax(s->x, s->x + s->w)));
		double y0 = snap(dev_y(j, fmin(s->y, s->y + s->h)));
		double y1 = snap(dev_y(j, fmax(s->y, s->y + s->h)));
		if (x1 == x0 && s->w != 0)
			x1 = x0 + 1;
		if (y1 == y0 && s->h != 0)
			y1 = y0 + 1;
		box(cr, x0 - ox, y0 - oy, x1 - ox, y1 - oy);
		cairo_fill(cr);
	}
	if (s->kind == TP_SHAPE_PATH)
		path(j, cr, j->sc->pts + s->first, s->count, d[0], d[1], ox, oy);
	else if (s->kind == TP_SHAPE_RECT && (s->paint & TP_STROKE))
		box(cr, dev_x(j, s->x) - ox, dev_y(j, s->y) - oy,
		    dev_x(j, s->x + s->w) - ox, dev_y(j, s->y + s->h) - oy);
	if (s->kind == TP_SHAPE_PATH && (s->paint & TP_FILL))
		cairo_fill_preserve(cr);
	if ((s->paint & TP_STROKE) && s->stroke > 0)
		cairo_stroke_preserve(cr);
	cairo_new_path(cr);
}

/* Whole-pixel boxes land exactly wherever a surface is cut.  Antialiased
 * paths (glyph outlines included) do not: Cairo clips them at a surface's left and
 * right edges by moving edge end points, which shifts coverage all along
 * such an edge.  So each of those gets a surface spanning its own width,
 * which is the same however the image is tiled, and only paths wider than
 * Cairo's limit are cut. */
static int exact(const struct tp_shape *s)
{
	return s->kind == TP_SHAPE_RECT && s->paint == TP_FILL;
}

/* pixman's rounded a * b / 255. */
static uint32_t mul8(uint32_t a, uint32_t b)
{
	uint32_t t = a * b + 0x80;
	return (t + (t >> 8)) >> 8;
}

/* Overprinting ink on pixels it partly covers.  Cairo hands a MULTIPLY
 * fill or stroke to pixman's general path, which fetches, combines and
 * stores every pixel of the shape's bounding box, covered or not: a
 * sheet-wide die outline costs as much as a sheet of art.  So Cairo only
 * draws the coverage (the same path, scan converter and spans, on an A8
 * surface of the same size and offset), and the covered pixels are
 * multiplied here with pixman's combine_multiply_u on an opaque x8r8g8b8
 * pixel: s = c * m, d = d * s + d * (255 - m), each product rounded and
 * the sum saturated.  Same bytes, only where the ink lands. */
static void multiply_mask(const struct item *it, unsigned char *band, size_t bstride,
			  const unsigned char *mask, size_t mstride, int cols, int ra, int rb)
{
	uint32_t c[3] = { it->rgb >> 16 & 255, it->rgb >> 8 & 255, it->rgb & 255 };
	for (int y = ra; y < rb; y++) {
		const unsigned char *m = mask + (size_t)y * mstride;
		uint32_t *row = (uint32_t *)(void *)(band + (size_t)y * bstride);
		for (int x = 0; x < cols; x++) {
			/* Most of a shape's box is uncovered: skip it 8 at a time. */
			uint64_t z;
			while (x + 8 <= cols && (memcpy(&z, m + x, 8), z == 0))
				x += 8;
			if (x >= cols)
				break;
			uint32_t a = m[x];
			if (a == 0)
				continue;
			uint32_t d = row[x], o = 0;
			for (int ch = 0; ch < 3; ch++) {
				uint32_t dc = d >> (16 - 8 * ch) & 255;
				uint32_t v = mul8(dc, mul8(c[ch], a)) + mul8(dc, 255 - a);
				o = o << 8 | (v > 255 ? 255 : v);
			}
			row[x] = o;
		}
	}
}

/* Per-band scratch for coverage masks: zero between uses. */
struct scratch {
	unsigned char *mask;
	size_t cap;
};

/* Draws columns x0..x1 of rows y0.. into the band buffer. */
static int draw_on(const struct job *j, unsigned char *band, const struct item *it,
		   int x0, int x1, int y0, int rows, struct scratch *sc, tp_err *e)
{
	/* Strokes, and small fills (glyphs): a stroke's box is mostly empty
	 * yet pixman pays for every pixel of it, and each of a glyph's runs
	 * costs pixman a general-path call.  A large fill (a region of a
	 * board) stays with Cairo, whose in-place spans skip what it leaves
	 * empty: scanning its whole box would cost more. */
	struct tp_shape m;
	double d[2];
	const struct tp_shape *s = shape_of(j, it, &m, d);
	double area = (x1 - x0) * (fmin(it->y1, y0 + rows) - fmax(it->y0, y0));
	int cov = s->kind != TP_SHAPE_IMAGE && it->multiply &&
		  (s->paint == TP_STROKE || area <= SMALL_FILL_PX);
	size_t mstride = (size_t)cairo_format_stride_for_width(CAIRO_FORMAT_A8, x1 - x0);
	if (cov && sc->cap < mstride * (size_t)rows) {
		free(sc->mask);
		sc->cap = mstride * (size_t)rows;
		sc->mask = tp_calloc(sc->cap, 1);
		if (sc->mask == NULL) {
			sc->cap = 0;
			return tp_fail(e, TP_EIO, "png: out of memory");
		}
	}
	cairo_surface_t *sf = cov
		? cairo_image_surface_create_for_data(sc->mask, CAIRO_FORMAT_A8, x1 - x0, rows,
						      (int)mstride)
		: cairo_image_surface_create_for_data(band + (size_t)x0 * 4, CAIRO_FORMAT_RGB24,
						      x1 - x0, rows, j->w * 4);
	cairo_t *cr = cairo_create(sf);
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
	draw(j, cr, it, x0, y0, cov);
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_flush(sf);
	cairo_surface_destroy(sf);
	if (st != CAIRO_STATUS_SUCCESS)
		return tp_fail(e, TP_EIO, "png: %s", cairo_status_to_string(st));
	if (cov) {
		/* The item's bounds hold every pixel it can touch. */
		int ra = it->y0 > y0 ? (int)floor(it->y0) - y0 : 0;
		int rb = it->y1 < y0 + rows ? (int)ceil(it->y1) - y0 : rows;
		multiply_mask(it, band + (size_t)x0 * 4, (size_t)j->w * 4, sc->mask, mstride,
			      x1 - x0, ra, rb);
		memset(sc->mask + (size_t)ra * mstride, 0, (size_t)(rb - ra) * mstride);
	}
	return TP_OK;
}

/* The buckets of device rows item it reaches into, [*a, *b); none when
 * it lies above or below the image. */
static void bucket_span(const struct job *j, const struct item *it, size_t *a, size_t *b)
{
	double y0 = fmax(it->y0, 0), y1 = fmin(it->y1, (double)j->h);
	*a = *b = 0;
	if (!(y1 > y0))
		return;
	*a = (size_t)(y0 / BUCKET_ROWS);
	*b = (size_t)ceil(y1 / BUCKET_ROWS);
	if (*b > j->n_buckets)
		*b = j->n_buckets;
	if (*a >= *b)
		*a = *b = 0;
}

/* The band index over the items (struct job).  0, or -1 when out of
 * memory. */
static int index_bands(struct job *j)
{
	j->n_buckets = ((size_t)j->h + BUCKET_ROWS - 1) / BUCKET_ROWS;
	j->first = tp_calloc(j->n_buckets + 1, sizeof *j->first);
	if (j->first == NULL)
		return -1;
	size_t total = 0, a, b;
	for (size_t k = 0; k < j->n; k++) {
		bucket_span(j, &j->items[k], &a, &b);
		for (size_t q = a; q < b; q++)
			j->first[q + 1]++;
		total += b - a;
	}
	for (size_t q = 0; q < j->n_buckets; q++)
		j->first[q + 1] += j->first[q];
	j->bucket = tp_malloc((total ? total : 1) * sizeof *j->bucket);
	size_t *at = tp_malloc((j->n_buckets ? j->n_buckets : 1) * sizeof *at);
	if (j->bucket == NULL || at == NULL) {
		free(at);
		return -1;
	}
	memcpy(at, j->first, j->n_buckets * sizeof *at);
	for (size_t k = 0; k < j->n; k++) {
		bucket_span(j, &j->items[k], &a, &b);
		for (size_t q = a; q < b; q++)
			j->bucket[at[q]++] = (uint32_t)k;
	}
	free(at);
	return 0;
}

static int by_number(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* The items that may reach into rows y0..y0+rows, ascending, each once,
 * into *out (the caller frees it); NULL with *n 0 for none.  0, or -1
 * when out of memory. */
static int band_items(const struct job *j, int y0, int rows, uint32_t **out, size_t *n)
{
	size_t a = (size_t)y0 / BUCKET_ROWS, b = ((size_t)y0 + (size_t)rows + BUCKET_ROWS - 1) / BUCKET_ROWS;
	if (b > j->n_buckets)
		b = j->n_buckets;
	*out = NULL;
	*n = 0;
	if (a >= b)
		return 0;
	size_t total = j->first[b] - j->first[a];
	uint32_t *v = tp_malloc((total ? total : 1) * sizeof *v);
	if (v == NULL)
		return -1;
	memcpy(v, j->bucket + j->first[a], total * sizeof *v);
	/* One bucket's list is ascending already; several are merged. */
	if (b - a > 1)
		qsort(v, total, sizeof *v, by_number);
	size_t m = 0;
	for (size_t k = 0; k < total; k++)
		if (m == 0 || v[k] != v[m - 1])
			v[m++] = v[k];
	*out = v;
	*n = m;
	return 0;
}

/* Draws item it (its boxes at boxes) over rows y0..y0+rows of the band. */
static int draw_item(const struct job *j, unsigned char *band, const struct item *it,
		     const int (*boxes)[4], int y0, int rows, struct scratch *sc, tp_err *e)
{
	if (it->y1 <= y0 || it->y0 >= y0 + rows || it->x1 <= 0 || it->x0 >= j->w)
		return TP_OK;
	if (it->n_box) {
		paint_boxes(j, it, boxes, band, y0, rows);
		return TP_OK;
	}
	int x0 = it->x0 > 0 ? (int)floor(it->x0) : 0;
	int x1 = it->x1 < j->w ? (int)ceil(it->x1) : j->w;
	struct tp_shape m;
	double d[2];
	int whole = !exact(shape_of(j, it, &m, d)) && x1 - x0 <= CAIRO_MAX_PX;
	int step = whole ? x1 - x0 : tile_limit;
	for (int t = whole ? x0 : x0 - x0 % step; t < x1; t += step) {
		int a = t > x0 ? t : x0, b = x1 - t > step ? t + step : x1;
		if (draw_on(j, band, it, a, b, y0, rows, sc, e) != TP_OK)
			return e->code;
	}
	return TP_OK;
}

/* Draws rows y0..y0+rows of the image into the (white) band buffer. */
static int render_band(const struct job *j, unsigned char *band, int y0, int rows, tp_err *e)
{
	memset(band, 0xff, (size_t)j->w * 4 * (size_t)rows);
	struct scratch sc = { 0 };
	uint32_t *ids;
	size_t n_ids;
	if (band_items(j, y0, rows, &ids, &n_ids) != 0)
		return tp_fail(e, TP_EIO, "png: out of memory");
	int rc = TP_OK;
	for (size_t k = 0; k < n_ids && rc == TP_OK; k++) {
		const struct item *it = &j->items[ids[k]];
		if (!it->run) {
			/* No item may have boxes yet, and NULL + 0 is undefined. */
			const int (*bx)[4] = it->n_box ? j->boxes + it->side : NULL;
			rc = draw_item(j, band, it, bx, y0, rows, &sc, e);
			continue;
		}
		if (it->y1 <= y0 || it->y0 >= y0 + rows || it->x1 <= 0 || it->x0 >= j->w)
			continue;
		/* Each of the run's shapes as the item add_item made of it
		 * before runs: its bounds, boxes and colour. */
		struct tp_shape m;
		double d[2];
		unsigned layer = tp_scene_drawn(j->sc, it->i, it->sub, &m, d)->layer;
		for (uint32_t q = it->sub; q < it->side && rc == TP_OK; q++) {
			const struct tp_shape *u = tp_scene_drawn(j->sc, it->i, q, &m, d);
			if (!run_member(j, u, layer))
				continue;
			/* A placed shape overprints as its ink does (add_item). */
			struct item one = { .i = it->i, .sub = q,
					    .multiply = (uint8_t)(tp_scene_ink(j->sc, u->ink)->overprint != 0) };
			struct pix_boxes pb;
			bounds(j, &one);
			plan_boxes(j, &one, &pb);
			one.n_box = (uint8_t)pb.n;
			rc = draw_item(j, band, &one, (const int (*)[4])pb.b, y0, rows, &sc, e);
		}
	}
	if (rc != TP_OK) {
		free(sc.mask);
		free(ids);
		return rc;
	}
	free(sc.mask);
	free(ids);
	return TP_OK;
}

/* The rows callback of png_stream.h: band must hold rows * w pixels. */
static int draw_rows(void *ctx, unsigned char *band, int y0, int rows, tp_err *e)
{
	return render_band(ctx, band, y0, rows, e);
}

int tp_png_write(FILE *f, const struct tp_scene *const *pages, size_t n,
		 const struct tp_doc_info *info, tp_err *e)
{
	if (n != 1)
		return tp_fail(e, TP_EIO, "png holds one page, not %zu", n);
	const struct tp_scene *sc = pages[0];
	double s = info->dpi / 25.4;
	double w = snap((sc->trim_w + 2 * sc->bleed) * s);
	double h = snap((sc->trim_h + 2 * sc->bleed) * s);
	if (!(info->dpi > 0) || !(w >= 1) || !(h >= 1) ||
	    w > INT_MAX / 4 || h > INT_MAX)
		return tp_fail(e, TP_EINPUT, "png: %g x %g mm at %g dpi is no image size",
			       sc->trim_w + 2 * sc->bleed, sc->trim_h + 2 * sc->bleed,
			       info->dpi);

	struct job j = { .sc = sc, .s = s, .b = sc->bleed, .w = (int)w, .h = (int)h };
	int rc = collect(&j, info, e);
	if (rc == TP_OK && index_bands(&j) != 0)
		rc = tp_fail(e, TP_EIO, "png: out of memory");
	if (rc == TP_OK) {
		struct tp_png_stream ps = {
			.w = j.w, .h = j.h, .dpi = info->dpi, .threads = n_threads,
			.band_bytes = band_limit, .block_rows = block_rows,
			.rows = draw_rows, .ctx = &j,
		};
		rc = tp_png_stream_write(f, &ps, e);
	}
	for (size_t k = 0; k < j.n_glyphs; k++)
		free(j.glyphs[k].pts);
	free(j.glyphs);
	free(j.boxes);
	free(j.first);
	free(j.bucket);
	free(j.items);
	return rc;
}
