#include "testutil.h"

#include <cairo.h>
#include <math.h>
#include <png.h>

#include "core/alloc.h"
#include "print/backend/backend.h"
#include "print/backend/png_stream.h"
#include "print/scene/scene.h"
#include "tu_palette.h"
#include "tu_writer.h"

/* Colours are k/255 except "dots", which checks the rounding of others. */
static void make_inks(struct tp_palette *pal)
{
	static const struct { const char *name; int kind, op; double r, g, b; } d[] = {
		{ "lateral", TP_INK_PROCESS, 0, 227, 6, 19 },
		{ "boxes", TP_INK_PROCESS, 0, 255, 221, 0 },
		{ "vertical", TP_INK_PROCESS, 0, 0, 150, 64 },
		{ "dots", TP_INK_PROCESS, 0, 0.3 * 255, 0.5 * 255, 0.7 * 255 },
		{ "lines", TP_INK_PROCESS, 0, 157, 157, 156 },
		{ "text", TP_INK_PROCESS, 0, 29, 29, 27 },
		{ "Assembly", TP_INK_SPOT, 0, 230, 0, 126 },
		{ "marks", TP_INK_REGISTRATION, 0, 0, 0, 0 },
		{ "CutContour", TP_INK_SPOT, 1, 236, 0, 140 },
		{ "Emboss", TP_INK_SPOT, 1, 0, 160, 227 },
	};
	tu_palette_init(pal);
	struct tp_ink *k = pal->ink;
	for (int i = 0; i < TU_N_INKS; i++) {
		snprintf(k[i].name, sizeof k[i].name, "%s", d[i].name);
		k[i].kind = d[i].kind;
		k[i].overprint = d[i].op;
		k[i].rgb[0] = d[i].r / 255;
		k[i].rgb[1] = d[i].g / 255;
		k[i].rgb[2] = d[i].b / 255;
	}
}

static struct tp_scene *new_scene(double w, double h, double bleed)
{
	struct tp_palette k;
	make_inks(&k);
	struct tp_scene *sc = tp_scene_new("test", w, h, bleed, &k);
	assert_non_null(sc);
	return sc;
}

static int render(const struct tp_scene *sc, double dpi, const char *path, tp_err *e)
{
	struct tp_doc_info info = { .title = "t", .dpi = dpi };
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	int rc = tp_png_write(f, &sc, 1, &info, e);
	assert_int_equal(fclose(f), 0);
	return rc;
}

struct img {
	png_uint_32 w, h, ppm_x, ppm_y;
	int unit, depth, type;
	unsigned char *rgb;
};

static void load(const char *path, struct img *im)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png_create_info_struct(png);
	assert_non_null(info);
	if (setjmp(png_jmpbuf(png)))
		fail_msg("libpng could not read %s", path);
	png_init_io(png, f);
	png_read_info(png, info);
	im->w = png_get_image_width(png, info);
	im->h = png_get_image_height(png, info);
	im->depth = png_get_bit_depth(png, info);
	im->type = png_get_color_type(png, info);
	assert_true(png_get_pHYs(png, info, &im->ppm_x, &im->ppm_y, &im->unit));
	assert_int_equal(png_get_rowbytes(png, info), im->w * 3);
	im->rgb = malloc((size_t)im->w * im->h * 3);
	assert_non_null(im->rgb);
	for (png_uint_32 y = 0; y < im->h; y++)
		png_read_row(png, im->rgb + (size_t)y * im->w * 3, NULL);
	png_read_end(png, NULL);
	png_destroy_read_struct(&png, &info, NULL);
	fclose(f);
}

static const unsigned char *px(const struct img *im, double x, double y)
{
	size_t ix = (size_t)x, iy = (size_t)y;
	assert_true(ix < im->w && iy < im->h);
	return im->rgb + (iy * im->w + ix) * 3;
}

/* The pixel under scene point (x,y) mm, bleed b, at dpi. */
static const unsigned char *at(const struct img *im, double x, double y, double b, double dpi)
{
	return px(im, (x + b) * dpi / 25.4, (y + b) * dpi / 25.4);
}

static void assert_ink(const unsigned char *p, const struct tp_ink *k)
{
	for (int i = 0; i < 3; i++)
		assert_int_equal(p[i], (int)lround(k->rgb[i] * 255));
}

static void assert_white(const unsigned char *p)
{
	assert_int_equal(p[0], 255);
	assert_int_equal(p[1], 255);
	assert_int_equal(p[2], 255);
}

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	long len = ftell(f);
	rewind(f);
	char *buf = malloc((size_t)len + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	*n = (size_t)len;
	return buf;
}

static void assert_same_file(const char *a, const char *b)
{
	size_t na, nb;
	char *pa = slurp(a, &na), *pb = slurp(b, &nb);
	assert_int_equal(na, nb);
	assert_memory_equal(pa, pb, na);
	free(pa);
	free(pb);
}

static void test_size_and_dpi(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	struct tp_scene *sc = new_scene(63, 88, 3);
	tp_err e = { 0 };
	const char *p = tu_write(dir, "a.png", "");
	assert_int_equal(render(sc, 300, p, &e), TP_OK);
	struct img im;
	load(p, &im);
	assert_int_equal(im.w, 815);   /* 69 mm at 300 dpi = 814.96 px */
	assert_int_equal(im.h, 1110);  /* 94 mm = 1110.2 px */
	assert_int_equal(im.depth, 8);
	assert_int_equal(im.type, PNG_COLOR_TYPE_RGB);
	assert_int_equal(im.ppm_x, 11811);
	assert_int_equal(im.ppm_y, 11811);
	assert_int_equal(im.unit, PNG_RESOLUTION_METER);
	assert_white(px(&im, 0, 0));
	assert_white(px(&im, 814, 1109));
	size_t n;
	char *bytes = slurp(p, &n);
	for (size_t i = 0; i + 4 <= n; i++)
		assert_false(memcmp(bytes + i, "tIME", 4) == 0);
	free(bytes);
	free(im.rgb);
	tp_scene_free(sc);
	tu_rmrf(dir);
}

/* Every process ink in a grid of 7.3 mm cells (not a whole number of
 * pixels), spots and marks on top of some of them. */
static struct tp_scene *grid_scene(int plate)
{
	struct tp_scene *sc = new_scene(60, 40, 3);
	sc->plate = plate;
	for (int r = 0; r < 4; r++)
		for (int c = 0; c < 8; c++)
			assert_int_equal(tp_scene_rect(sc, tp_ink_id(&sc->pal, (r * 8 + c) % 6), TP_FILL, 0,
						       -3 + c * 7.3, -3 + r * 7.3, 7.3, 7.3), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_ASSEMBLY, TP_FILL, 0, 40, 35, 5, 5), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_FILL, 0, 10, 35, 5, 5), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_EMBOSS, TP_FILL, 0, 20, 35, 5, 5), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_REG, TP_FILL, 0, 30, 35, 5, 5), 0);
	/* A mark inside the bleed only so that the test can see it is gone. */
	assert_int_equal(tp_scene_rect(sc, TP_INK_TEXT, TP_FILL, 0, 50, 35, 5, 5), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	return sc;
}

static void check_grid(int plate)
{
	char *dir = tu_tmpdir();
	struct tp_scene *sc = grid_scene(plate);
	tp_err e = { 0 };
	const char *p = tu_write(dir, "g.png", "");
	assert_int_equal(render(sc, 300, p, &e), TP_OK);
	struct img im;
	load(p, &im);
	for (int r = 0; r < 4; r++)
		for (int c = 0; c < 8; c++)
			assert_ink(at(&im, -3 + c * 7.3 + 3.65, -3 + r * 7.3 + 3.65, 3, 300),
				   &sc->pal.ink[(r * 8 + c) % 6]);
	/* No seam: along a row crossing every cell edge, nothing is white. */
	for (png_uint_32 x = 0; x < 8 * 7.3 * 300 / 25.4 - 1; x++)
		assert_int_not_equal(px(&im, x, 100)[0] + px(&im, x, 100)[1] +
				     px(&im, x, 100)[2], 3 * 255);
	assert_ink(at(&im, 42.5, 37.5, 3, 300), tp_scene_ink(sc, TP_INK_ASSEMBLY));
	if (plate) {
		assert_ink(at(&im, 12.5, 37.5, 3, 300), tp_scene_ink(sc, TP_INK_CUT));
		assert_ink(at(&im, 22.5, 37.5, 3, 300), tp_scene_ink(sc, TP_INK_EMBOSS));
	} else {
		assert_white(at(&im, 12.5, 37.5, 3, 300));
		assert_white(at(&im, 22.5, 37.5, 3, 300));
	}
	assert_white(at(&im, 32.5, 37.5, 3, 300));
	assert_white(at(&im, 52.5, 37.5, 3, 300));
	free(im.rgb);
	tp_scene_free(sc);
	tu_rmrf(dir);
}

static void test_cells_exact(void **state)
{
	(void)state;
	check_grid(0);
}

static void test_plate_shows_spots(void **state)
{
	(void)state;
	check_grid(1);
}

/* Curves, diagonals, strokes and text across many band and tile edges. */
static struct tp_scene *busy_scene(void)
{
	struct tp_scene *sc = new_scene(50, 30, 3);
	assert_int_equal(tp_scene_rect(sc, INK_B, TP_FILL, 0, -3, -3, 56, 36), 0);
	for (int i = 0; i < 12; i++) {
		double cx = 2.1 + i * 4.37, cy = 4 + (i % 5) * 5.3;
		assert_int_equal(tp_scene_circle(sc, tp_ink_id(&sc->pal, i % 6), i % 2 ? TP_FILL : TP_STROKE,
						 0.35, cx, cy, 1.3 + i * 0.41), 0);
	}
	double tri[] = { -2, 31, 25.3, 1.7, 52, 29.1, 30, 33 };
	assert_int_equal(tp_scene_poly(sc, INK_D, TP_FILL, 0, tri, 4), 0);
	assert_int_equal(tp_scene_poly(sc, TP_INK_LINE, TP_STROKE, 0.8, tri, 4), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_ASSEMBLY, TP_STROKE, 0.25, 5.55, 7.7, 30.3, 12.2), 0);
	assert_int_equal(tp_scene_text(sc, TP_INK_TEXT, 25, 15, 6, TP_ALIGN_CENTER, "Tile 12 Wg"), 0);
	assert_int_equal(tp_scene_text(sc, INK_A, 49, 27, 3.5, TP_ALIGN_RIGHT, "right"), 0);
	assert_int_equal(tp_scene_text(sc, INK_C, 1, 27, 3.5, TP_ALIGN_LEFT, "left \xc3\xa9"), 0);
	return sc;
}

static void test_bands_and_tiles_invariant(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	struct tp_scene *sc = busy_scene();
	tp_err e = { 0 };
	const char *ref = tu_write(dir, "ref.png", "");
	assert_int_equal(render(sc, 300, ref, &e), TP_OK);
	struct img im;
	load(ref, &im);
	free(im.rgb);
	static const struct { size_t rows; int tile; } cut[] = {
		{ 3, 37 }, { 1, 300 }, { 7, 100 }, { 1000, 13 },
	};
	for (size_t i = 0; i < sizeof cut / sizeof cut[0]; i++) {
		const char *p = tu_write(dir, "cut.png", "");
		tp_png_set_limits(im.w * 4 * cut[i].rows, cut[i].tile);
		assert_int_equal(render(sc, 300, p, &e), TP_OK);
		assert_same_file(ref, p);
	}
	tp_png_set_limits(0, 0);
	/* Determinism: the same scene twice gives the same bytes. */
	const char *again = tu_write(dir, "again.png", "");
	assert_int_equal(render(sc, 300, again, &e), TP_OK);
	assert_same_file(ref, again);
	tp_scene_free(sc);
	tu_rmrf(dir);
}

static int level(const struct tp_ink *k, int c)
{
	return (int)lround(k->rgb[c] * 255);
}

/* Axis-parallel hairlines and stroked rectangles are whole pixels: a line
 * thinner than a pixel is one row of the overprint (multiplied) colour, a
 * knock-out outline its own colour on its edges and nothing inside. */
static void test_lines_whole_pixels(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	struct tp_scene *sc = new_scene(40, 30, 0);
	tu_ink(&sc->pal, TP_INK_LINE)->overprint = 1;
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, 0, 0, 40, 30), 0);
	struct tp_pt h[2] = { { TP_MOVE, 2, 10.02 }, { TP_LINE, 38, 10.02 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.05, h, 2), 0);
	assert_int_equal(tp_scene_rect(sc, INK_C, TP_STROKE, 0.5, 5, 15, 20, 10), 0);
	tp_err e = { 0 };
	const char *p = tu_write(dir, "l.png", "");
	assert_int_equal(render(sc, 300, p, &e), TP_OK);
	struct img im;
	load(p, &im);
	const struct tp_ink *a = &sc->pal.ink[INK_A], *line = tp_scene_ink(sc, TP_INK_LINE);
	int x = (int)(20 * 300 / 25.4), hit = 0;
	for (int y = (int)(9 * 300 / 25.4); y < (int)(11 * 300 / 25.4); y++) {
		const unsigned char *q = px(&im, x, y);
		int on = 1;
		for (int c = 0; c < 3; c++) {
			int mul = (int)lround(level(a, c) * level(line, c) / 255.0);
			if (q[c] != mul)
				on = 0;
			assert_true(q[c] == mul || q[c] == level(a, c));
		}
		hit += on;
	}
	assert_int_equal(hit, 1);
	assert_ink(at(&im, 15, 15, 0, 300), &sc->pal.ink[INK_C]);
	assert_ink(at(&im, 25, 20, 0, 300), &sc->pal.ink[INK_C]);
	assert_ink(at(&im, 15, 20, 0, 300), a);
	assert_ink(at(&im, 15, 15.5, 0, 300), a);
	free(im.rgb);
	tp_scene_free(sc);
	tu_rmrf(dir);
}

/* Cairo's own drawing of shape i of sc (device px = (mm + b) * k) with
 * the MULTIPLY operator on an RGB24 surface. */
static void cairo_multiply(cairo_t *cr, const struct tp_scene *sc, size_t i, double k)
{
	const struct tp_shape *s = &sc->shapes[i];
	const struct tp_pt *p = sc->pts + s->first;
	const double *rgb = tp_scene_ink(sc, s->ink)->rgb;
	cairo_set_source_rgb(cr, round(rgb[0] * 255) / 255, round(rgb[1] * 255) / 255,
			     round(rgb[2] * 255) / 255);
	cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY);
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
	for (size_t n = 0; n < s->count; n++) {
		double x = (p[n].x + sc->bleed) * k, y = (p[n].y + sc->bleed) * k;
		if (p[n].op == TP_MOVE)
			cairo_move_to(cr, x, y);
		else if (p[n].op == TP_LINE)
			cairo_line_to(cr, x, y);
		else if (p[n].op == TP_CLOSE)
			cairo_close_path(cr);
		else {
			cairo_curve_to(cr, x, y, (p[n + 1].x + sc->bleed) * k, (p[n + 1].y + sc->bleed) * k,
				       (p[n + 2].x + sc->bleed) * k, (p[n + 2].y + sc->bleed) * k);
			n += 2;
		}
	}
	if (s->paint & TP_FILL)
		cairo_fill_preserve(cr);
	if (s->paint & TP_STROKE) {
		cairo_set_line_width(cr, s->stroke * k);
		cairo_stroke_preserve(cr);
	}
	cairo_new_path(cr);
}

/* Overprinting ink with antialiased edges: strokes (a ring, a slanted
 * outline as wide as the sheet) and small fills (a disc) are multiplied
 * only where they land (the coverage drawn by Cairo, the multiply done by
 * the backend), a large fill (a triangle over most of the sheet) by Cairo.
 * The pixels must be exactly those of Cairo's MULTIPLY over the same
 * background, computed here by Cairo itself. */
static void test_overprint_as_cairo(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	struct tp_scene *sc = new_scene(40, 30, 1);
	/* Background: whole-pixel cells (exact in both). */
	double cell = 4 * 25.4 / 300 * 7;
	for (int r = 0; r * cell < 32; r++)
		for (int c = 0; c * cell < 42; c++)
			assert_int_equal(tp_scene_rect(sc, tp_ink_id(&sc->pal, (r + c) % 6), TP_FILL, 0,
						       -1 + c * cell, -1 + r * cell, cell, cell), 0);
	size_t first = sc->n_shapes;
	assert_int_equal(tp_scene_circle(sc, TP_INK_CUT, TP_FILL, 0, 12.3, 14.1, 6.7), 0);
	assert_int_equal(tp_scene_circle(sc, TP_INK_EMBOSS, TP_STROKE, 0.37, 25.2, 13.3, 8.1), 0);
	double quad[] = { 0.4, 0.7, 39.3, 2.2, 38.6, 29.1, 1.3, 28.2 };
	assert_int_equal(tp_scene_poly(sc, TP_INK_CUT, TP_STROKE, 0.21, quad, 4), 0);
	double big[] = { 2.3, 1.1, 38.2, 15.7, 3.1, 28.9 };
	assert_int_equal(tp_scene_poly(sc, TP_INK_EMBOSS, TP_FILL, 0, big, 3), 0);
	sc->plate = 1;  /* spot inks show */
	tp_err e = { 0 };
	const char *p = tu_write(dir, "o.png", "");
	assert_int_equal(render(sc, 600, p, &e), TP_OK);
	struct img im;
	load(p, &im);

	double k = 600 / 25.4;
	cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)im.w, (int)im.h);
	unsigned char *d = cairo_image_surface_get_data(sf);
	int stride = cairo_image_surface_get_stride(sf);
	/* The background from the backend's own file (its cells are exact),
	 * minus the overprint: redraw it without the overprinting shapes. */
	size_t all = sc->n_shapes;
	sc->n_shapes = first;
	const char *bg = tu_write(dir, "bg.png", "");
	assert_int_equal(render(sc, 600, bg, &e), TP_OK);
	sc->n_shapes = all;
	struct img base;
	load(bg, &base);
	for (png_uint_32 y = 0; y < im.h; y++)
		for (png_uint_32 x = 0; x < im.w; x++) {
			const unsigned char *q = base.rgb + ((size_t)y * im.w + x) * 3;
			uint32_t v = (uint32_t)q[0] << 16 | (uint32_t)q[1] << 8 | q[2];
			memcpy(d + (size_t)y * (size_t)stride + x * 4, &v, 4);
		}
	cairo_surface_mark_dirty(sf);
	cairo_t *cr = cairo_create(sf);
	for (size_t i = first; i < all; i++)
		cairo_multiply(cr, sc, i, k);
	cairo_destroy(cr);
	cairo_surface_flush(sf);
	size_t covered = 0;
	for (png_uint_32 y = 0; y < im.h; y++)
		for (png_uint_32 x = 0; x < im.w; x++) {
			uint32_t v;
			memcpy(&v, d + (size_t)y * (size_t)stride + x * 4, 4);
			const unsigned char *q = im.rgb + ((size_t)y * im.w + x) * 3;
			const unsigned char *b0 = base.rgb + ((size_t)y * im.w + x) * 3;
			assert_int_equal(q[0], v >> 16 & 255);
			assert_int_equal(q[1], v >> 8 & 255);
			assert_int_equal(q[2], v & 255);
			covered += memcmp(q, b0, 3) != 0;
		}
	/* The shapes did land (a few thousand pixels at least). */
	assert_true(covered > (size_t)(3.14 * 6.7 * 6.7 * k * k / 2));
	cairo_surface_destroy(sf);
	free(base.rgb);
	free(im.rgb);
	tp_scene_free(sc);
	tu_rmrf(dir);
}

/* The image cut into compression blocks drawn and deflated on threads:
 * for one cut, the same bytes whatever the number of threads or the band
 * size; for any cut, the pixels of the single-block file (libpng checks
 * the joined stream's Adler-32 as it reads). */
static void test_blocks_and_threads(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	struct tp_scene *sc = busy_scene();
	tp_err e = { 0 };
	const char *ref = tu_write(dir, "ref.png", "");
	assert_int_equal(render(sc, 300, ref, &e), TP_OK);
	struct img want;
	load(ref, &want);
	assert_true(want.h > 64);
	static const int blocks[] = { 1, 2, 5, 64 };
	for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
		tp_png_set_block_rows(blocks[b]);
		const char *one = tu_write(dir, "one.png", "");
		assert_int_equal(render(sc, 300, one, &e), TP_OK);
		struct img got;
		load(one, &got);
		assert_int_equal(got.w, want.w);
		assert_int_equal(got.h, want.h);
		assert_memory_equal(got.rgb, want.rgb, (size_t)want.w * want.h * 3);
		free(got.rgb);
		for (int t = 2; t <= 3; t++) {
			tp_png_set_threads(t);
			tp_png_set_limits(want.w * 4 * (size_t)t, 0);
			const char *p = tu_write(dir, "threads.png", "");
			assert_int_equal(render(sc, 300, p, &e), TP_OK);
			assert_same_file(one, p);
		}
		tp_png_set_threads(1);
		tp_png_set_limits(0, 0);
	}
	tp_png_set_block_rows(0);
	free(want.rgb);
	tp_scene_free(sc);
	tu_rmrf(dir);
}

/* libdeflate's blocks joined (deflate_join.h) decode, through libpng, to
 * the pixels zlib's stream gives, for any cut into blocks and threads. */
static void test_zlib_and_libdeflate_same_pixels(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	struct tp_scene *sc = busy_scene();
	tp_err e = { 0 };
	tp_png_set_zlib(1);
	const char *ref = tu_write(dir, "zlib.png", "");
	assert_int_equal(render(sc, 300, ref, &e), TP_OK);
	tp_png_set_zlib(0);
	struct img want;
	load(ref, &want);
	static const int blocks[] = { 0, 1, 3 };
	for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
		tp_png_set_block_rows(blocks[b]);
		tp_png_set_threads(2);
		const char *p = tu_write(dir, "ld.png", "");
		assert_int_equal(render(sc, 300, p, &e), TP_OK);
		struct img got;
		load(p, &got);
		assert_int_equal(got.w, want.w);
		assert_int_equal(got.h, want.h);
		assert_memory_equal(got.rgb, want.rgb, (size_t)want.w * want.h * 3);
		free(got.rgb);
	}
	tp_png_set_threads(1);
	tp_png_set_block_rows(0);
	free(want.rgb);
	tp_scene_free(sc);
	tu_rmrf(dir);
}

/* 3000 mm at 300 dpi is 35433 px, past Cairo's 32767. */
static void test_wider_than_cairo(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	struct tp_scene *sc = new_scene(3000, 5, 0);
	for (int i = 0; i < 30; i++)
		assert_int_equal(tp_scene_rect(sc, tp_ink_id(&sc->pal, i % 6), TP_FILL, 0, i * 100.0, 0, 100, 5), 0);
	assert_int_equal(tp_scene_circle(sc, TP_INK_TEXT, TP_FILL, 0, 2774.3, 2.5, 2), 0);
	tp_err e = { 0 };
	const char *p = tu_write(dir, "wide.png", "");
	assert_int_equal(render(sc, 300, p, &e), TP_OK);
	struct img im;
	load(p, &im);
	assert_int_equal(im.w, 35433);
	assert_int_equal(im.h, 59);
	for (int i = 0; i < 30; i++)
		assert_ink(at(&im, i * 100.0 + 50, 2.5, 0, 300), &sc->pal.ink[i % 6]);
	assert_ink(at(&im, 2774.3, 2.5, 0, 300), tp_scene_ink(sc, TP_INK_TEXT));
	free(im.rgb);
	/* The circle sits across the 32767 px seam (2774.2 mm). */
	const char *q = tu_write(dir, "wide2.png", "");
	tp_png_set_limits(0, 10000);
	assert_int_equal(render(sc, 300, q, &e), TP_OK);
	tp_png_set_limits(0, 0);
	assert_same_file(p, q);
	tp_scene_free(sc);
	tu_rmrf(dir);
}

static void test_write_errors(void **state)
{
	(void)state;
	struct tp_scene *sc = grid_scene(0);
	struct tp_doc_info info = { .title = "t", .dpi = 300 };
	tp_err e;
	if (!tu_expect_full_disk(tp_png_write, sc, &info, &e)) {
		tp_scene_free(sc);
		skip();
	}

	/* Two pages, and allocation failures: clean errors, nothing leaked. */
	const struct tp_scene *two[2] = { sc, sc };
	FILE *g = tmpfile();
	assert_non_null(g);
	tu_expect_one_page(tp_png_write, g, sc, &info, TP_EIO);
	for (long n = 1; n <= 2; n++) {
		tp_err e3 = { 0 };
		tp_alloc_fail_at(n);
		assert_int_equal(tp_png_write(g, two, 1, &info, &e3), TP_EIO);
		tp_alloc_fail_at(0);
	}
	tp_err e4 = { 0 };
	info.dpi = 0;
	assert_int_equal(tp_png_write(g, two, 1, &info, &e4), TP_EINPUT);
	fclose(g);
	tp_scene_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_size_and_dpi),
		cmocka_unit_test(test_cells_exact),
		cmocka_unit_test(test_plate_shows_spots),
		cmocka_unit_test(test_bands_and_tiles_invariant),
		cmocka_unit_test(test_lines_whole_pixels),
		cmocka_unit_test(test_overprint_as_cairo),
		cmocka_unit_test(test_blocks_and_threads),
		cmocka_unit_test(test_zlib_and_libdeflate_same_pixels),
		cmocka_unit_test(test_wider_than_cairo),
		cmocka_unit_test(test_write_errors),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown_fonts);
}
