/* zlib_bound: the physical floor for writing a tilepress PNG (benchmark helper,
 * not a test).
 *
 *   zlib_bound FILE.png [BAND_MIB]   time PNG filtering + deflate of FILE's rows
 *   zlib_bound -d FILE.png...        print "WIDTH HEIGHT FILE" from each IHDR
 *   zlib_bound -c A.png B.png [TOL]  share of pixels where A and B differ by
 *                                    more than TOL (default 64) in a channel,
 *                                    both read as 8-bit RGB over white
 *
 * The first form decodes FILE (a tilepress PNG: 8-bit RGB) with libpng band by
 * band into memory, untimed, and then, timed, does what libpng's writer does
 * with those rows in tilepress's encoder (src/backend_png.c): filter each row
 * with the Up filter (filter byte 2, prev row all zero for row 0), deflate it
 * with level 6 and the parameters libpng 1.6 picks for a filtered image
 * (windowBits 15, memLevel 8, Z_FILTERED), one deflate() call per row into an
 * 8 KiB buffer, and CRC-32 each full buffer as an IDAT chunk would be.  Nothing
 * is written.  The compressed size is compared with the sum of FILE's IDAT
 * lengths: equal sizes show the parameters match tilepress's.  ZB_LEVEL and
 * ZB_STRATEGY in the environment try other zlib settings for comparison.
 *
 * What tilepress does on top of this floor: drawing with Cairo, clearing the
 * band, libpng's xRGB -> RGB transform, and writing the file.
 *
 * Output (one line, key=value): width height mpx band_rows bound_s mpx_per_s
 * zbytes idat_bytes match decode_s. */
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what, const char *file)
{
	fprintf(stderr, "zlib_bound: %s: %s\n", file, what);
	exit(1);
}

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Width, height and the summed IDAT data length, from the chunks. */
static int scan(const char *file, uint32_t *w, uint32_t *h, uint64_t *idat)
{
	FILE *f = fopen(file, "rb");
	unsigned char b[25];
	if (f == NULL)
		return -1;
	if (fread(b, 1, 8, f) != 8 || memcmp(b, "\x89PNG\r\n\x1a\n", 8) != 0) {
		fclose(f);
		return -1;
	}
	*w = *h = 0;
	*idat = 0;
	while (fread(b, 1, 8, f) == 8) {
		uint32_t len = be32(b);
		if (memcmp(b + 4, "IHDR", 4) == 0) {
			if (fread(b + 8, 1, 8, f) != 8)
				break;
			*w = be32(b + 8);
			*h = be32(b + 12);
			len -= 8;
		} else if (memcmp(b + 4, "IDAT", 4) == 0) {
			*idat += len;
		} else if (memcmp(b + 4, "IEND", 4) == 0) {
			break;
		}
		if (fseek(f, (long)len + 4, SEEK_CUR) != 0)
			break;
	}
	fclose(f);
	return *w && *h ? 0 : -1;
}

struct out {
	z_stream z;
	unsigned char buf[8192];
	uint64_t total;
	uint32_t crc;
};

/* Drains the 8 KiB buffer as libpng would: an IDAT chunk with its CRC. */
static void drain(struct out *o, int flush)
{
	size_t have = sizeof o->buf - o->z.avail_out;
	if (o->z.avail_out == 0 || (flush && have)) {
		o->crc = (uint32_t)crc32(crc32(0, (const Bytef *)"IDAT", 4), o->buf, (uInt)have);
		o->total += have;
		o->z.next_out = o->buf;
		o->z.avail_out = sizeof o->buf;
	}
}

static void put(struct out *o, const unsigned char *p, size_t n, const char *file)
{
	o->z.next_in = (Bytef *)p;
	o->z.avail_in = (uInt)n;
	while (o->z.avail_in > 0) {
		if (deflate(&o->z, Z_NO_FLUSH) != Z_OK)
			die("deflate failed", file);
		drain(o, 0);
	}
}

/* A PNG of any kind read as 8-bit RGB rows, transparency over white. */
struct reader {
	FILE *f;
	png_structp png;
	png_infop info;
	png_uint_32 w, h;
};

static void open_rgb(struct reader *r, const char *file)
{
	r->f = fopen(file, "rb");
	if (r->f == NULL)
		die("cannot open", file);
	r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	r->info = r->png ? png_create_info_struct(r->png) : NULL;
	if (r->info == NULL)
		die("out of memory", file);
	if (setjmp(png_jmpbuf(r->png)))
		die("libpng read error", file);
	png_init_io(r->png, r->f);
	png_set_user_limits(r->png, 0x7fffffff, 0x7fffffff);
	png_read_info(r->png, r->info);
	r->w = png_get_image_width(r->png, r->info);
	r->h = png_get_image_height(r->png, r->info);
	png_set_expand(r->png);
	png_set_strip_16(r->png);
	png_set_gray_to_rgb(r->png);
	png_color_16 white = { 0, 255, 255, 255, 255 };
	png_set_background(r->png, &white, PNG_BACKGROUND_GAMMA_SCREEN, 0, 1.0);
	png_set_interlace_handling(r->png);
	png_read_update_info(r->png, r->info);
	if (png_get_rowbytes(r->png, r->info) != (size_t)r->w * 3 ||
	    png_get_interlace_type(r->png, r->info) != PNG_INTERLACE_NONE)
		die("cannot read as RGB rows", file);
}

static int compare(const char *a, const char *b, int tol)
{
	struct reader ra, rb;
	open_rgb(&ra, a);
	open_rgb(&rb, b);
	if (ra.w != rb.w || ra.h != rb.h) {
		printf("size_a=%ux%u size_b=%ux%u diff_pct=size-mismatch\n", ra.w, ra.h, rb.w, rb.h);
		return 0;
	}
	unsigned char *x = malloc((size_t)ra.w * 3), *y = malloc((size_t)ra.w * 3);
	if (x == NULL || y == NULL)
		die("out of memory", a);
	unsigned long long diff = 0;
	/* open_rgb's jump targets ended with it. */
	if (setjmp(png_jmpbuf(ra.png)))
		die("libpng read error", a);
	if (setjmp(png_jmpbuf(rb.png)))
		die("libpng read error", b);
	for (png_uint_32 r = 0; r < ra.h; r++) {
		png_read_row(ra.png, x, NULL);
		png_read_row(rb.png, y, NULL);
		for (png_uint_32 i = 0; i < ra.w; i++) {
			const unsigned char *p = x + 3 * (size_t)i, *q = y + 3 * (size_t)i;
			diff += abs(p[0] - q[0]) > tol || abs(p[1] - q[1]) > tol ||
				abs(p[2] - q[2]) > tol;
		}
	}
	printf("size=%ux%u diff_px=%llu diff_pct=%.2f\n", ra.w, ra.h, diff,
	       100.0 * (double)diff / ((double)ra.w * ra.h));
	png_destroy_read_struct(&ra.png, &ra.info, NULL);
	png_destroy_read_struct(&rb.png, &rb.info, NULL);
	fclose(ra.f);
	fclose(rb.f);
	free(x);
	free(y);
	return 0;
}

int main(int argc, char **argv)
{
	if ((argc == 4 || argc == 5) && strcmp(argv[1], "-c") == 0)
		return compare(argv[2], argv[3], argc == 5 ? atoi(argv[4]) : 64);
	if (argc >= 2 && strcmp(argv[1], "-d") == 0) {
		int rc = 0;
		for (int i = 2; i < argc; i++) {
			uint32_t w, h;
			uint64_t idat;
			if (scan(argv[i], &w, &h, &idat) != 0) {
				fprintf(stderr, "zlib_bound: %s: not a PNG\n", argv[i]);
				rc = 1;
				continue;
			}
			printf("%u %u %s\n", w, h, argv[i]);
		}
		return rc;
	}
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: zlib_bound FILE.png [BAND_MIB] | -d FILE.png... | -c A.png B.png [TOL]\n");
		return 2;
	}
	const char *file = argv[1];
	size_t band_mib = argc == 3 ? strtoul(argv[2], NULL, 10) : 64;
	uint32_t sw, sh;
	uint64_t idat;
	if (scan(file, &sw, &sh, &idat) != 0)
		die("not a PNG", file);

	FILE *f = fopen(file, "rb");
	if (f == NULL)
		die("cannot open", file);
	png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	if (info == NULL)
		die("out of memory", file);
	if (setjmp(png_jmpbuf(png)))
		die("libpng read error", file);
	png_init_io(png, f);
	png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
	png_read_info(png, info);
	png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
	if (png_get_bit_depth(png, info) != 8 || png_get_color_type(png, info) != PNG_COLOR_TYPE_RGB ||
	    png_get_interlace_type(png, info) != PNG_INTERLACE_NONE)
		die("expected 8-bit RGB, not interlaced (a tilepress PNG)", file);

	size_t rb = (size_t)w * 3;             /* raw row bytes */
	size_t rows = (band_mib << 20) / rb;
	rows = rows < 1 ? 1 : rows > h ? h : rows;
	unsigned char *band = malloc(rb * rows);
	unsigned char *prev = calloc(1, rb);   /* libpng: zeroed prev row */
	unsigned char *filt = malloc(rb + 1);
	if (band == NULL || prev == NULL || filt == NULL)
		die("out of memory", file);

	struct out o;
	memset(&o, 0, sizeof o);
	/* ZB_LEVEL / ZB_STRATEGY (filtered, default, rle, huffman) try other
	 * settings for comparison; the benchmark uses tilepress's. */
	const char *lv = getenv("ZB_LEVEL"), *st = getenv("ZB_STRATEGY");
	int level = lv && *lv ? atoi(lv) : 6, strategy = Z_FILTERED;
	if (st && strcmp(st, "default") == 0)
		strategy = Z_DEFAULT_STRATEGY;
	else if (st && strcmp(st, "rle") == 0)
		strategy = Z_RLE;
	else if (st && strcmp(st, "huffman") == 0)
		strategy = Z_HUFFMAN_ONLY;
	if (deflateInit2(&o.z, level, Z_DEFLATED, 15, 8, strategy) != Z_OK)
		die("deflateInit2 failed", file);
	o.z.next_out = o.buf;
	o.z.avail_out = sizeof o.buf;

	double t_bound = 0, t_decode = 0;
	for (png_uint_32 y0 = 0; y0 < h; y0 += (png_uint_32)rows) {
		png_uint_32 n = h - y0 < rows ? h - y0 : (png_uint_32)rows;
		double t0 = now();
		for (png_uint_32 r = 0; r < n; r++)
			png_read_row(png, band + (size_t)r * rb, NULL);
		double t1 = now();
		t_decode += t1 - t0;
		for (png_uint_32 r = 0; r < n; r++) {
			const unsigned char *row = band + (size_t)r * rb;
			const unsigned char *up = r > 0 ? row - rb : prev;
			filt[0] = 2; /* PNG_FILTER_VALUE_UP */
			for (size_t i = 0; i < rb; i++)
				filt[i + 1] = (unsigned char)(row[i] - up[i]);
			put(&o, filt, rb + 1, file);
		}
		/* The next band's first row is filtered against this band's last. */
		memcpy(prev, band + (size_t)(n - 1) * rb, rb);
		t_bound += now() - t1;
	}
	double t0 = now();
	int zr;
	while ((zr = deflate(&o.z, Z_FINISH)) == Z_OK || zr == Z_BUF_ERROR)
		drain(&o, 0);
	if (zr != Z_STREAM_END)
		die("deflate finish failed", file);
	drain(&o, 1);
	t_bound += now() - t0;
	deflateEnd(&o.z);
	png_read_end(png, NULL);
	png_destroy_read_struct(&png, &info, NULL);
	fclose(f);

	double mpx = (double)w * h / 1e6;
	printf("level=%d width=%u height=%u mpx=%.1f band_rows=%zu bound_s=%.3f mpx_per_s=%.1f "
	       "zbytes=%llu idat_bytes=%llu match=%s decode_s=%.3f\n",
	       level, w, h, mpx, rows, t_bound, t_bound > 0 ? mpx / t_bound : 0,
	       (unsigned long long)o.total, (unsigned long long)idat,
	       o.total == idat ? "yes" : "no", t_decode);
	(void)o.crc;
	free(band);
	free(prev);
	free(filt);
	return 0;
}
