/* zlib_floor: the floor for writing a tilepress PNG (benchmark helper, not a
 * test; make bench runs it).
 *
 *   zlib_floor -r FILE.png RAW         decode FILE into raw 8-bit RGB rows (untimed
 *                                      preparation); prints "WIDTH HEIGHT"
 *   zlib_floor RAW WIDTH HEIGHT OUT.png   the floor, timed as a whole process
 *   zlib_floor -d FILE.png...          print "WIDTH HEIGHT FILE" from each IHDR
 *   zlib_floor -l LEVEL RAW WIDTH HEIGHT OUT.png   the libdeflate floor (below)
 *   zlib_floor -c A.png B.png [TOL]    share of pixels where A and B differ by
 *                                      more than TOL (default 64) in a channel,
 *                                      both read as 8-bit RGB over white
 *
 * The floor reads the raw rows from RAW (in the page cache after -r) in 4 MiB
 * bands, Up-filters every row (filter byte 2, row 0 against zeros) and
 * deflates them as ONE stream on ONE core with the settings tilepress uses
 * (level 6, Z_FILTERED, windowBits 15, memLevel 8), and writes OUT.png as
 * 8 KiB IDAT chunks with their CRCs, an IHDR and an IEND: the same pixels,
 * level, strategy, filter and IDAT size as tilepress's file, with nothing
 * drawn.  tilepress's time for the same image against this process's time is
 * what drawing and everything else cost on top of compression (one core), or
 * what its parallel blocks save (two).  Output: zbytes=N (compressed bytes).
 *
 * The libdeflate floor (-l) is the same with libdeflate at LEVEL, as
 * tilepress writes with libdeflate: each 4 MiB band of filtered rows
 * deflated in one call (libdeflate has no streaming), the bands joined into
 * one stream as tilepress joins its blocks (print/backend/deflate_join.c,
 * compiled in), the check value over all of them. */
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <libdeflate.h>

#include "print/backend/deflate_join.h"

static void die(const char *what, const char *file)
{
	fprintf(stderr, "zlib_floor: %s: %s\n", file, what);
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

/* -r: FILE's rows as raw RGB in RAW. */
static int to_raw(const char *file, const char *raw)
{
	struct reader r;
	open_rgb(&r, file);
	FILE *o = fopen(raw, "wb");
	unsigned char *row = malloc((size_t)r.w * 3);
	if (o == NULL || row == NULL)
		die("cannot write", raw);
	if (setjmp(png_jmpbuf(r.png)))
		die("libpng read error", file);
	for (png_uint_32 y = 0; y < r.h; y++) {
		png_read_row(r.png, row, NULL);
		if (fwrite(row, 1, (size_t)r.w * 3, o) != (size_t)r.w * 3)
			die("write failed", raw);
	}
	if (fclose(o) != 0)
		die("write failed", raw);
	printf("%u %u\n", r.w, r.h);
	png_destroy_read_struct(&r.png, &r.info, NULL);
	fclose(r.f);
	free(row);
	return 0;
}

static void put32(unsigned char *b, uint32_t v)
{
	b[0] = (unsigned char)(v >> 24);
	b[1] = (unsigned char)(v >> 16);
	b[2] = (unsigned char)(v >> 8);
	b[3] = (unsigned char)v;
}

static void chunk(FILE *f, const char *type, const unsigned char *d, size_t n, const char *file)
{
	unsigned char b[8];
	put32(b, (uint32_t)n);
	memcpy(b + 4, type, 4);
	uLong crc = crc32(0L, (const Bytef *)type, 4);
	if (n)
		crc = crc32(crc, d, (uInt)n);
	if (fwrite(b, 1, 8, f) != 8 || (n && fwrite(d, 1, n, f) != n))
		die("write failed", file);
	put32(b, (uint32_t)crc);
	if (fwrite(b, 1, 4, f) != 4)
		die("write failed", file);
}

/* Deflates what is in z's input, writing every full 8 KiB as an IDAT. */
static uint64_t pump(z_stream *z, unsigned char *buf, int flush, FILE *f, const char *file)
{
	uint64_t out = 0;
	int zr;
	do {
		zr = deflate(z, flush);
		if (zr == Z_STREAM_ERROR)
			die("deflate failed", file);
		if (z->avail_out == 0 || (flush == Z_FINISH && z->avail_out < 8192)) {
			size_t n = 8192 - z->avail_out;
			chunk(f, "IDAT", buf, n, file);
			out += n;
			z->next_out = buf;
			z->avail_out = 8192;
		}
	} while (z->avail_in > 0 || (flush == Z_FINISH && zr != Z_STREAM_END));
	return out;
}

static int floor_run(const char *raw, uint32_t w, uint32_t h, const char *png)
{
	FILE *in = fopen(raw, "rb"), *f = fopen(png, "wb");
	if (in == NULL || f == NULL)
		die("cannot open", in ? png : raw);
	size_t rb = (size_t)w * 3, rows = ((size_t)4 << 20) / rb;
	rows = rows < 1 ? 1 : rows > h ? h : rows;
	unsigned char *band = malloc(rb * rows), *filt = malloc((rb + 1) * rows);
	unsigned char *prev = calloc(1, rb), zbuf[8192];
	if (band == NULL || filt == NULL || prev == NULL)
		die("out of memory", raw);
	static const unsigned char sig[8] = { 137, 'P', 'N', 'G', '\r', '\n', 26, '\n' };
	unsigned char ihdr[13] = { 0 };
	put32(ihdr, w);
	put32(ihdr + 4, h);
	ihdr[8] = 8;
	ihdr[9] = 2;
	if (fwrite(sig, 1, 8, f) != 8)
		die("write failed", png);
	chunk(f, "IHDR", ihdr, 13, png);
	z_stream z;
	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, 6, Z_DEFLATED, 15, 8, Z_FILTERED) != Z_OK)
		die("deflateInit2 failed", png);
	z.next_out = zbuf;
	z.avail_out = sizeof zbuf;
	uint64_t total = 0;
	for (uint32_t y0 = 0; y0 < h; y0 += (uint32_t)rows) {
		size_t n = h - y0 < rows ? h - y0 : rows;
		if (fread(band, 1, rb * n, in) != rb * n)
			die("short read", raw);
		for (size_t r = 0; r < n; r++) {
			const unsigned char *row = band + r * rb, *up = r ? row - rb : prev;
			unsigned char *d = filt + r * (rb + 1);
			d[0] = 2;
			for (size_t i = 0; i < rb; i++)
				d[i + 1] = (unsigned char)(row[i] - up[i]);
		}
		memcpy(prev, band + (n - 1) * rb, rb);
		z.next_in = filt;
		z.avail_in = (uInt)((rb + 1) * n);
		total += pump(&z, zbuf, Z_NO_FLUSH, f, png);
	}
	total += pump(&z, zbuf, Z_FINISH, f, png);
	deflateEnd(&z);
	chunk(f, "IEND", NULL, 0, png);
	if (fclose(f) != 0)
		die("write failed", png);
	fclose(in);
	printf("zbytes=%llu\n", (unsigned long long)total);
	free(band);
	free(filt);
	free(prev);
	return 0;
}

/* Writes buf[0..n-1] as 8 KiB IDAT chunks, the last one short. */
static void idats(FILE *f, const unsigned char *buf, size_t n, const char *file)
{
	for (size_t at = 0; at < n; at += 8192)
		chunk(f, "IDAT", buf + at, n - at < 8192 ? n - at : 8192, file);
}

static int ld_floor_run(int level, const char *raw, uint32_t w, uint32_t h, const char *png)
{
	FILE *in = fopen(raw, "rb"), *f = fopen(png, "wb");
	if (in == NULL || f == NULL)
		die("cannot open", in ? png : raw);
	size_t rb = (size_t)w * 3, rows = ((size_t)4 << 20) / rb;
	rows = rows < 1 ? 1 : rows > h ? h : rows;
	struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
	size_t cap = libdeflate_deflate_compress_bound(c, (rb + 1) * rows) + 5;
	unsigned char *band = malloc(rb * rows), *filt = malloc((rb + 1) * rows);
	unsigned char *prev = calloc(1, rb), *out = malloc(cap + 2);
	if (c == NULL || band == NULL || filt == NULL || prev == NULL || out == NULL)
		die("out of memory", raw);
	static const unsigned char sig[8] = { 137, 'P', 'N', 'G', '\r', '\n', 26, '\n' };
	unsigned char ihdr[13] = { 0 };
	put32(ihdr, w);
	put32(ihdr + 4, h);
	ihdr[8] = 8;
	ihdr[9] = 2;
	if (fwrite(sig, 1, 8, f) != 8)
		die("write failed", png);
	chunk(f, "IHDR", ihdr, 13, png);
	uint32_t adler = 1;
	uint64_t total = 0;
	int first = 1;
	for (uint32_t y0 = 0; y0 < h; y0 += (uint32_t)rows) {
		size_t n = h - y0 < rows ? h - y0 : rows;
		if (fread(band, 1, rb * n, in) != rb * n)
			die("short read", raw);
		for (size_t r = 0; r < n; r++) {
			const unsigned char *row = band + r * rb, *up = r ? row - rb : prev;
			unsigned char *d = filt + r * (rb + 1);
			d[0] = 2;
			for (size_t i = 0; i < rb; i++)
				d[i + 1] = (unsigned char)(row[i] - up[i]);
		}
		memcpy(prev, band + (n - 1) * rb, rb);
		adler = libdeflate_adler32(adler, filt, (rb + 1) * n);
		/* the zlib header before the first band's deflate data */
		size_t head = first ? 2 : 0;
		out[0] = 0x78;
		out[1] = 0x9c;
		size_t z = libdeflate_deflate_compress(c, filt, (rb + 1) * n, out + head, cap);
		if (z == 0 || (y0 + n < h && tp_deflate_unfinish(out + head, &z) != 0))
			die("libdeflate failed", png);
		if (y0 + n >= h) {
			put32(out + head + z, adler);
			z += 4;
		}
		idats(f, out, head + z, png);
		total += head + z;
		first = 0;
	}
	libdeflate_free_compressor(c);
	chunk(f, "IEND", NULL, 0, png);
	if (fclose(f) != 0)
		die("write failed", png);
	fclose(in);
	printf("zbytes=%llu\n", (unsigned long long)total);
	free(band);
	free(filt);
	free(prev);
	free(out);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 7 && strcmp(argv[1], "-l") == 0)
		return ld_floor_run(atoi(argv[2]), argv[3], (uint32_t)strtoul(argv[4], NULL, 10),
				    (uint32_t)strtoul(argv[5], NULL, 10), argv[6]);
	if ((argc == 4 || argc == 5) && strcmp(argv[1], "-c") == 0)
		return compare(argv[2], argv[3], argc == 5 ? atoi(argv[4]) : 64);
	if (argc == 4 && strcmp(argv[1], "-r") == 0)
		return to_raw(argv[2], argv[3]);
	if (argc >= 2 && strcmp(argv[1], "-d") == 0) {
		int rc = 0;
		for (int i = 2; i < argc; i++) {
			uint32_t w, h;
			uint64_t idat;
			if (scan(argv[i], &w, &h, &idat) != 0) {
				fprintf(stderr, "zlib_floor: %s: not a PNG\n", argv[i]);
				rc = 1;
				continue;
			}
			printf("%u %u %s\n", w, h, argv[i]);
		}
		return rc;
	}
	if (argc == 5)
		return floor_run(argv[1], (uint32_t)strtoul(argv[2], NULL, 10),
				 (uint32_t)strtoul(argv[3], NULL, 10), argv[4]);
	fprintf(stderr, "usage: zlib_floor -r FILE.png RAW | RAW WIDTH HEIGHT OUT.png | "
		"-l LEVEL RAW WIDTH HEIGHT OUT.png | -d FILE.png... | -c A.png B.png [TOL]\n");
	return 2;
}
