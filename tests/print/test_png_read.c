/* The PNG reader (print/image/image.h) against PNGs written here with
 * libpng's own writer from known samples: palette (with tRNS), grey, grey
 * with alpha, RGB, RGBA, 16 bits, interlaced; each read back to the
 * 8-bit RGBA the samples say.  Broken files are refused naming the file;
 * the image table shares a file read twice; the conversions for the
 * writers keep white paper white and opaque pixels as they are. */

#include "testutil.h"

#include <png.h>
#include <zlib.h>

#include "print/image/image.h"

#define W 13
#define H 7

struct mem {
	unsigned char *b;
	size_t n, cap;
};

static void put(png_structp p, png_bytep d, png_size_t n)
{
	struct mem *m = png_get_io_ptr(p);
	if (m->n + n > m->cap) {
		m->cap = (m->n + n) * 2;
		m->b = realloc(m->b, m->cap);
	}
	memcpy(m->b + m->n, d, n);
	m->n += n;
}

static void flush(png_structp p)
{
	(void)p;
}

/* Sample c (0..channels-1) of pixel x, y at depth bits: a pattern no two
 * neighbours share. */
static unsigned sample(int x, int y, int c, int bits)
{
	unsigned v = (unsigned)(x * 53 + y * 97 + c * 71) * 2654435761u >> 7;
	return bits == 16 ? v & 0xffff : v & 0xff;
}

static const png_color PAL[4] = { { 255, 0, 0 }, { 0, 128, 0 }, { 10, 20, 200 }, { 250, 250, 250 } };
static const png_byte TRNS[4] = { 255, 0, 128, 255 };

/* A PNG of colour type ct, depth bits, interlaced or not, into m. */
static void write_png(struct mem *m, int ct, int bits, int interlace)
{
	png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png_create_info_struct(p);
	assert_int_equal(setjmp(png_jmpbuf(p)), 0);
	png_set_write_fn(p, m, put, flush);
	png_set_IHDR(p, info, W, H, bits, ct, interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	if (ct == PNG_COLOR_TYPE_PALETTE) {
		png_set_PLTE(p, info, PAL, 4);
		png_set_tRNS(p, info, TRNS, 4, NULL);
	}
	png_write_info(p, info);
	int ch = ct == PNG_COLOR_TYPE_PALETTE || ct == PNG_COLOR_TYPE_GRAY ? 1
		 : ct == PNG_COLOR_TYPE_GRAY_ALPHA ? 2 : ct == PNG_COLOR_TYPE_RGB ? 3 : 4;
	size_t stride = (size_t)W * ch * (bits == 16 ? 2 : 1);
	unsigned char rows[H][W * 4 * 2];
	png_bytep rp[H];
	for (int y = 0; y < H; y++) {
		for (int x = 0; x < W; x++)
			for (int c = 0; c < ch; c++) {
				unsigned v = ct == PNG_COLOR_TYPE_PALETTE ? (unsigned)(x + y) % 4
								       : sample(x, y, c, bits);
				if (bits == 16) {   /* PNG's order: big-endian */
					rows[y][(x * ch + c) * 2] = (unsigned char)(v >> 8);
					rows[y][(x * ch + c) * 2 + 1] = (unsigned char)(v & 255);
				} else {
					rows[y][x * ch + c] = (unsigned char)v;
				}
			}
		rp[y] = rows[y];
	}
	(void)stride;
	png_write_image(p, rp);
	png_write_end(p, info);
	png_destroy_write_struct(&p, &info);
}

/* What pixel x, y must read as. */
static void expect(int ct, int bits, int x, int y, unsigned rgba[4])
{
	if (ct == PNG_COLOR_TYPE_PALETTE) {
		int i = (x + y) % 4;
		rgba[0] = PAL[i].red;
		rgba[1] = PAL[i].green;
		rgba[2] = PAL[i].blue;
		rgba[3] = TRNS[i];
		return;
	}
	int ch = ct == PNG_COLOR_TYPE_GRAY ? 1 : ct == PNG_COLOR_TYPE_GRAY_ALPHA ? 2
		 : ct == PNG_COLOR_TYPE_RGB ? 3 : 4;
	unsigned v[4];
	for (int c = 0; c < ch; c++) {
		unsigned s = sample(x, y, c, bits);
		v[c] = bits == 16 ? (s * 255 + 32767) / 65535 : s;
	}
	if (ch <= 2) {
		rgba[0] = rgba[1] = rgba[2] = v[0];
		rgba[3] = ch == 2 ? v[1] : 255;
	} else {
		for (int c = 0; c < 3; c++)
			rgba[c] = v[c];
		rgba[3] = ch == 4 ? v[3] : 255;
	}
}

static void check_kind(int ct, int bits, int interlace)
{
	struct mem m = { 0 };
	write_png(&m, ct, bits, interlace);
	struct tp_image *im;
	tp_err e = { 0 };
	int rc = tp_png_read_mem(m.b, m.n, "t.png", &im, &e);
	if (rc != TP_OK)
		fail_msg("type %d, %d bits, interlace %d: %s", ct, bits, interlace, e.msg);
	assert_int_equal(im->w, W);
	assert_int_equal(im->h, H);
	int any_alpha = 0;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			unsigned want[4];
			expect(ct, bits, x, y, want);
			const uint8_t *got = im->rgba + 4 * (y * W + x);
			any_alpha |= want[3] != 255;
			/* 16 bits to 8: libpng may round the other way. */
			int tol = bits == 16 ? 1 : 0;
			for (int c = 0; c < 4; c++) {
				/* a colour under alpha 0 is not kept */
				if (c < 3 && want[3] == 0)
					continue;
				if (abs((int)got[c] - (int)want[c]) > tol)
					fail_msg("type %d, %d bits, interlace %d: pixel %d,%d channel %d is %u, want %u",
						 ct, bits, interlace, x, y, c, got[c], want[c]);
			}
		}
	assert_int_equal(im->alpha, any_alpha);
	tp_image_free(im);
	free(m.b);
}

static void test_kinds(void **state)
{
	(void)state;
	check_kind(PNG_COLOR_TYPE_PALETTE, 8, 0);
	check_kind(PNG_COLOR_TYPE_GRAY, 8, 0);
	check_kind(PNG_COLOR_TYPE_GRAY_ALPHA, 8, 0);
	check_kind(PNG_COLOR_TYPE_RGB, 8, 0);
	check_kind(PNG_COLOR_TYPE_RGB_ALPHA, 8, 0);
	check_kind(PNG_COLOR_TYPE_GRAY, 16, 0);
	check_kind(PNG_COLOR_TYPE_RGB, 16, 0);
	check_kind(PNG_COLOR_TYPE_RGB_ALPHA, 16, 0);
	check_kind(PNG_COLOR_TYPE_RGB, 8, 1);
	check_kind(PNG_COLOR_TYPE_RGB, 16, 1);
	check_kind(PNG_COLOR_TYPE_GRAY_ALPHA, 8, 1);
	check_kind(PNG_COLOR_TYPE_RGB_ALPHA, 8, 1);
	check_kind(PNG_COLOR_TYPE_RGB_ALPHA, 16, 1);
	check_kind(PNG_COLOR_TYPE_PALETTE, 8, 1);
}

static void refused(const void *buf, size_t n, const char *what)
{
	struct tp_image *im = (void *)1;
	tp_err e = { 0 };
	int rc = tp_png_read_mem(buf, n, "bad.png", &im, &e);
	if (rc != TP_EINPUT)
		fail_msg("%s: read with %d, want TP_EINPUT", what, rc);
	assert_null(im);
	if (strncmp(e.msg, "bad.png: ", 9) != 0)
		fail_msg("%s: message does not start with the file: %s", what, e.msg);
}

static uint32_t crc_of(const unsigned char *p, size_t n)
{
	return (uint32_t)crc32(0, p, (unsigned)n);
}

static void test_bad(void **state)
{
	(void)state;
	struct mem m = { 0 };
	write_png(&m, PNG_COLOR_TYPE_RGB, 8, 0);
	refused("GIF89a....", 10, "not a PNG");
	refused(m.b, 4, "a signature cut short");
	refused(m.b, 40, "cut in its header");
	refused(m.b, m.n - 20, "cut in its data");
	unsigned char *c = malloc(m.n);
	memcpy(c, m.b, m.n);
	c[20] ^= 0x40;   /* the width: the header's CRC no longer matches */
	refused(c, m.n, "a header CRC error");
	/* A valid header for 40000 x 40000 pixels: over the size limit. */
	memcpy(c, m.b, m.n);
	const unsigned char big[4] = { 0, 0, 0x9c, 0x40 };
	memcpy(c + 16, big, 4);
	memcpy(c + 20, big, 4);
	uint32_t crc = crc_of(c + 12, 17);
	unsigned char be[4] = { crc >> 24, crc >> 16 & 255, crc >> 8 & 255, crc & 255 };
	memcpy(c + 29, be, 4);
	refused(c, m.n, "too many pixels");
	/* Data that does not inflate. */
	memcpy(c, m.b, m.n);
	for (size_t i = 41; i < m.n - 16; i++)
		c[i] = (unsigned char)(i * 7);
	refused(c, m.n, "garbage data");
	free(c);
	free(m.b);
}

/* Through the table: one image for two adds of a file; a file that is
 * not there refused by name. */
static void test_table(void **state)
{
	(void)state;
	struct mem m = { 0 };
	write_png(&m, PNG_COLOR_TYPE_RGB_ALPHA, 8, 0);
	char path[4096];
	snprintf(path, sizeof path, "%s/t.png", tu_tmp);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	fwrite(m.b, 1, m.n, f);
	fclose(f);
	free(m.b);
	tp_err e = { 0 };
	int a, b;
	assert_int_equal(tp_image_add(path, &a, &e), TP_OK);
	assert_int_equal(tp_image_add(path, &b, &e), TP_OK);
	assert_int_equal(a, b);
	struct tp_image *im = tp_image_get(a);
	assert_non_null(im);
	/* Flattened on white: a pixel of alpha 0 is paper, so no ink; the
	 * unflattened CMYK of an opaque pixel is the flattened one. */
	const uint8_t *flat = tp_image_cmyk(im, NULL, 1, &e);
	assert_non_null(flat);
	const uint8_t *plain = tp_image_cmyk(im, NULL, 0, &e);
	assert_non_null(plain);
	for (int i = 0; i < W * H; i++) {
		uint8_t al = im->rgba[4 * i + 3];
		if (al == 0)
			for (int k = 0; k < 4; k++)
				assert_int_equal(flat[4 * i + k], 0);
		if (al == 255)
			assert_memory_equal(flat + 4 * i, plain + 4 * i, 4);
	}
	const uint32_t *argb = tp_image_argb(im);
	assert_non_null(argb);
	for (int i = 0; i < W * H; i++)
		assert_int_equal(argb[i] >> 24, im->rgba[4 * i + 3]);
	/* Halved: each pixel the rounded mean of its 2 x 2, an odd edge
	 * repeating its last column. */
	int lw, lh;
	const uint32_t *half = tp_image_argb_level(im, 1, &lw, &lh);
	assert_non_null(half);
	assert_int_equal(lw, (W + 1) / 2);
	assert_int_equal(lh, (H + 1) / 2);
	for (int y = 0; y < lh; y++)
		for (int x = 0; x < lw; x++)
			for (int c = 0; c < 32; c += 8) {
				unsigned t = 2;
				for (int k = 0; k < 4; k++) {
					int sx = 2 * x + (k & 1), sy = 2 * y + (k >> 1);
					sx = sx < W ? sx : W - 1;
					sy = sy < H ? sy : H - 1;
					t += argb[sy * W + sx] >> c & 255;
				}
				assert_int_equal(half[y * lw + x] >> c & 255, t / 4);
			}
		/* The PNG for SVG reads back to the same pixels. */
	unsigned char *png;
	size_t len;
	assert_int_equal(tp_image_png(im, &png, &len), 0);
	struct tp_image *back;
	assert_int_equal(tp_png_read_mem(png, len, "again.png", &back, &e), TP_OK);
	assert_memory_equal(back->rgba, im->rgba, (size_t)W * H * 4);
	tp_image_free(back);
	free(png);
	tp_image_release(a);
	assert_non_null(tp_image_get(a));
	tp_image_release(b);
	assert_null(tp_image_get(a));
	snprintf(path, sizeof path, "%s/none.png", tu_tmp);
	assert_int_equal(tp_image_add(path, &a, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "none.png"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_bad),
		cmocka_unit_test(test_table),
	};
	return cmocka_run_group_tests(tests, tu_setup_tmp, tu_teardown_tmp);
}
