/* PNG art (image.h): libpng's simplified reader does every colour type,
 * depth, interlace and tRNS; what it returns is checked here. */

#include "print/image/image.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <png.h>

#include "core/alloc.h"
#include "core/inputs.h"
#include "core/regfile.h"
#include "print/ink/colour.h"

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ULL;
	return h;
}

/* libpng's reports: the first error's text, then back to setjmp. */
struct rd {
	const unsigned char *buf;
	size_t len, at;
	char msg[160];
};

static void PNGCBAPI on_error(png_structp p, png_const_charp msg)
{
	struct rd *r = png_get_error_ptr(p);
	snprintf(r->msg, sizeof r->msg, "%s", msg);
	png_longjmp(p, 1);
}

static void PNGCBAPI on_warning(png_structp p, png_const_charp msg)
{
	(void)p;
	(void)msg;
}

static void PNGCBAPI from_mem(png_structp p, png_bytep out, png_size_t n)
{
	struct rd *r = png_get_io_ptr(p);
	if (n > r->len - r->at)
		png_error(p, "the file ends early");
	memcpy(out, r->buf + r->at, n);
	r->at += n;
}

/* libpng's full reader (its simplified one gets interlaced 16-bit images
 * wrong in 1.6.39): every colour type to 8-bit RGBA, 16-bit samples
 * scaled (sRGB-coded, as painting programs write them), tRNS as alpha,
 * Adam7 passes merged. */
int tp_png_read_mem(const void *buf, size_t len, const char *name, struct tp_image **out,
		    tp_err *e)
{
	*out = NULL;
	static const char fix[] = "save it again as PNG (Inkscape: File > Export PNG Image; GIMP: File > Export As)";
	if (len < 8 || png_sig_cmp((png_const_bytep)buf, 0, 8) != 0)
		return tp_fail(e, TP_EINPUT, "%s: not a PNG file (no PNG signature); %s", name, fix);
	struct rd r = { .buf = buf, .len = len };
	png_structp p = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r, on_error, on_warning);
	png_infop info = p ? png_create_info_struct(p) : NULL;
	if (info == NULL) {
		png_destroy_read_struct(&p, NULL, NULL);
		return tp_fail(e, TP_EIO, "out of memory reading %s", name);
	}
	struct tp_image *volatile im = NULL;
	png_bytep *volatile rows = NULL;
	volatile int too_big = 0;
	if (setjmp(png_jmpbuf(p))) {
		png_destroy_read_struct(&p, &info, NULL);
		free(rows);
		if (im)
			free(im->rgba);
		free(im);
		if (too_big)
			return tp_fail(e, TP_EINPUT, "%s: %s; allowed: at most %u pixels a side and %u million in all (scale it down)",
				       name, r.msg, TP_IMAGE_MAX_SIDE, TP_IMAGE_MAX_PIXELS >> 20);
		if (strcmp(r.msg, "out of memory") == 0)
			return tp_fail(e, TP_EIO, "out of memory reading %s", name);
		return tp_fail(e, TP_EINPUT, "%s: not a readable PNG (%s); %s", name, r.msg, fix);
	}
	png_set_user_limits(p, TP_IMAGE_MAX_SIDE, TP_IMAGE_MAX_SIDE);
	png_set_read_fn(p, &r, from_mem);
	png_read_info(p, info);
	png_uint_32 w = png_get_image_width(p, info), h = png_get_image_height(p, info);
	if ((size_t)w * h > TP_IMAGE_MAX_PIXELS) {
		too_big = 1;
		snprintf(r.msg, sizeof r.msg, "%u x %u pixels", (unsigned)w, (unsigned)h);
		png_longjmp(p, 1);
	}
	int ct = png_get_color_type(p, info);
	png_set_scale_16(p);
	png_set_packing(p);
	if (ct == PNG_COLOR_TYPE_PALETTE)
		png_set_palette_to_rgb(p);
	if (ct == PNG_COLOR_TYPE_GRAY && png_get_bit_depth(p, info) < 8)
		png_set_expand_gray_1_2_4_to_8(p);
	if (png_get_valid(p, info, PNG_INFO_tRNS))
		png_set_tRNS_to_alpha(p);
	if (ct == PNG_COLOR_TYPE_GRAY || ct == PNG_COLOR_TYPE_GRAY_ALPHA)
		png_set_gray_to_rgb(p);
	png_set_filler(p, 0xff, PNG_FILLER_AFTER);
	png_set_interlace_handling(p);
	png_read_update_info(p, info);
	if (png_get_rowbytes(p, info) != (size_t)w * 4) {
		snprintf(r.msg, sizeof r.msg, "an unexpected pixel layout");
		png_longjmp(p, 1);
	}
	im = tp_calloc(1, sizeof *im);
	rows = tp_malloc(h * sizeof *rows);
	if (im == NULL || rows == NULL || (im->rgba = tp_malloc((size_t)w * h * 4)) == NULL) {
		snprintf(r.msg, sizeof r.msg, "out of memory");
		png_longjmp(p, 1);
	}
	for (png_uint_32 y = 0; y < h; y++)
		rows[y] = im->rgba + (size_t)y * w * 4;
	png_read_image(p, rows);
	png_read_end(p, NULL);
	png_destroy_read_struct(&p, &info, NULL);
	free(rows);
	struct tp_image *ok = im;
	snprintf(ok->name, sizeof ok->name, "%s", name);
	ok->w = (int)w;
	ok->h = (int)h;
	size_t n = (size_t)w * h;
	for (size_t i = 0; i < n && !ok->alpha; i++)
		ok->alpha = ok->rgba[4 * i + 3] != 255;
	uint64_t hh = 1469598103934665603ULL;
	hh = fnv(hh, &ok->w, sizeof ok->w);
	hh = fnv(hh, &ok->h, sizeof ok->h);
	ok->digest = fnv(hh, ok->rgba, n * 4);
	*out = ok;
	return TP_OK;
}

int tp_png_read(const char *path, struct tp_image **out, tp_err *e)
{
	*out = NULL;
	tp_inputs_note(path);
	const char *why = NULL;
	errno = 0;
	FILE *f = tp_fopen_regular(path, &why);
	if (f == NULL)
		return tp_fail(e, TP_EINPUT, "%s: cannot open: %s", path,
			       why ? why : strerror(errno ? errno : EINVAL));
	long len = -1;
	if (fseek(f, 0, SEEK_END) == 0)
		len = ftell(f);
	if (len < 0 || fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		return tp_fail(e, TP_EIO, "%s: cannot read", path);
	}
	if ((unsigned long)len > TP_IMAGE_MAX_BYTES) {
		fclose(f);
		return tp_fail(e, TP_EINPUT, "%s: %ld bytes; allowed: at most %u MB", path, len,
			       TP_IMAGE_MAX_BYTES >> 20);
	}
	unsigned char *buf = tp_malloc(len ? (size_t)len : 1);
	if (buf == NULL) {
		fclose(f);
		return tp_fail(e, TP_EIO, "out of memory reading %s", path);
	}
	size_t got = fread(buf, 1, (size_t)len, f);
	int err = ferror(f);
	fclose(f);
	int rc = err || got != (size_t)len ? tp_fail(e, TP_EIO, "%s: read error", path)
					   : tp_png_read_mem(buf, got, path, out, e);
	free(buf);
	return rc;
}

void tp_image_free(struct tp_image *im)
{
	if (im == NULL)
		return;
	free(im->rgba);
	free(im->cmyk[0]);
	free(im->cmyk[1]);
	free(im->rgb_flat);
	free(im->argb);
	for (int k = 0; k < TP_IMAGE_LEVELS; k++)
		free(im->level[k]);
	free(im->mask);
	free(im->holes);
	free(im);
}

/* ---- the table ------------------------------------------------------------ */

static struct tp_image *table[TP_IMAGES_MAX + 1];

/* What tells a changed file (size, mtime, inode), or all 0. */
static void stamp_of(const char *path, long long st[3])
{
	struct stat sb;
	st[0] = st[1] = st[2] = 0;
	if (stat(path, &sb) == 0) {
		st[0] = (long long)sb.st_size;
		st[1] = (long long)sb.st_mtim.tv_sec * 1000000000LL + sb.st_mtim.tv_nsec;
		st[2] = (long long)sb.st_ino;
	}
}

int tp_image_add(const char *path, int *id, tp_err *e)
{
	*id = 0;
	int free_slot = 0;
	long long st[3];
	stamp_of(path, st);
	for (int i = 1; i <= TP_IMAGES_MAX; i++) {
		if (table[i] && strcmp(table[i]->name, path) == 0 &&
		    memcmp(table[i]->stamp, st, sizeof st) == 0) {
			table[i]->refs++;
			*id = i;
			tp_inputs_note(path);
			return TP_OK;
		}
		if (!table[i] && !free_slot)
			free_slot = i;
	}
	if (!free_slot)
		return tp_fail(e, TP_EINPUT, "%s: more than %d PNG images in one build", path,
			       TP_IMAGES_MAX);
	struct tp_image *im;
	int rc = tp_png_read(path, &im, e);
	if (rc != TP_OK)
		return rc;
	im->refs = 1;
	memcpy(im->stamp, st, sizeof st);
	table[free_slot] = im;
	*id = free_slot;
	return TP_OK;
}

void tp_image_release(int id)
{
	if (id < 1 || id > TP_IMAGES_MAX || table[id] == NULL)
		return;
	if (--table[id]->refs == 0) {
		tp_image_free(table[id]);
		table[id] = NULL;
	}
}

struct tp_image *tp_image_get(int id)
{
	return id >= 1 && id <= TP_IMAGES_MAX ? table[id] : NULL;
}

/* ---- conversions ------------------------------------------------------------ */

/* a * b / 255, rounded. */
static uint8_t mul(unsigned a, unsigned b)
{
	unsigned t = a * b + 128;
	return (uint8_t)((t + (t >> 8)) >> 8);
}

/* The colours as RGB: straight, or flattened on white. */
static uint8_t *rgb_of(const struct tp_image *im, int flat)
{
	size_t n = (size_t)im->w * im->h;
	uint8_t *rgb = tp_malloc(n * 3);
	if (rgb == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		const uint8_t *p = im->rgba + 4 * i;
		for (int k = 0; k < 3; k++)
			rgb[3 * i + k] = flat ? (uint8_t)(mul(p[k], p[3]) + 255 - p[3]) : p[k];
	}
	return rgb;
}

const uint8_t *tp_image_rgb(struct tp_image *im)
{
	if (im->rgb_flat == NULL)
		im->rgb_flat = rgb_of(im, 1);
	return im->rgb_flat;
}

const uint8_t *tp_image_mask(struct tp_image *im)
{
	size_t n = (size_t)im->w * im->h;
	if (im->mask == NULL && (im->mask = tp_malloc(n)) != NULL)
		for (size_t i = 0; i < n; i++)
			im->mask[i] = im->rgba[4 * i + 3];
	return im->mask;
}

const uint8_t *tp_image_cmyk(struct tp_image *im, const char *profile, int flat, tp_err *e)
{
	flat = flat && im->alpha;   /* opaque: the same pixels either way */
	const char *key = profile ? profile : "";
	if (im->cmyk[flat] && strcmp(im->cmyk_profile[flat], key) == 0)
		return im->cmyk[flat];
	free(im->cmyk[flat]);
	im->cmyk[flat] = NULL;
	size_t n = (size_t)im->w * im->h;
	uint8_t *rgb = rgb_of(im, flat);
	uint8_t *cmyk = rgb ? tp_malloc(n * 4) : NULL;
	if (cmyk == NULL) {
		free(rgb);
		tp_fail(e, TP_EIO, "out of memory separating %s", im->name);
		return NULL;
	}
	int rc = tp_colour_separate8(rgb, cmyk, n, profile, e);
	free(rgb);
	if (rc != TP_OK) {
		free(cmyk);
		return NULL;
	}
	im->cmyk[flat] = cmyk;
	snprintf(im->cmyk_profile[flat], sizeof im->cmyk_profile[flat], "%s", key);
	return cmyk;
}

const uint32_t *tp_image_argb(struct tp_image *im)
{
	size_t n = (size_t)im->w * im->h;
	if (im->argb == NULL && (im->argb = tp_malloc(n * 4)) != NULL)
		for (size_t i = 0; i < n; i++) {
			const uint8_t *p = im->rgba + 4 * i;
			im->argb[i] = (uint32_t)p[3] << 24 | (uint32_t)mul(p[0], p[3]) << 16 |
				      (uint32_t)mul(p[1], p[3]) << 8 | mul(p[2], p[3]);
		}
	return im->argb;
}

int tp_image_png(const struct tp_image *im, unsigned char **buf, size_t *len)
{
	*buf = NULL;
	*len = 0;
	size_t n = (size_t)im->w * im->h;
	uint8_t *rgb = im->alpha ? NULL : tp_malloc(n * 3);
	if (!im->alpha && rgb == NULL)
		return -1;
	for (size_t i = 0; rgb && i < n; i++)
		memcpy(rgb + 3 * i, im->rgba + 4 * i, 3);
	png_image pi;
	memset(&pi, 0, sizeof pi);
	pi.version = PNG_IMAGE_VERSION;
	pi.width = (png_uint_32)im->w;
	pi.height = (png_uint_32)im->h;
	pi.format = im->alpha ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
	const void *px = im->alpha ? (const void *)im->rgba : rgb;
	png_alloc_size_t size = 0;
	int rc = -1;
	if (png_image_write_get_memory_size(pi, size, 0, px, 0, NULL) &&
	    (*buf = tp_malloc(size)) != NULL &&
	    png_image_write_to_memory(&pi, *buf, &size, 0, px, 0, NULL)) {
		*len = size;
		rc = 0;
	}
	png_image_free(&pi);
	free(rgb);
	if (rc != 0) {
		free(*buf);
		*buf = NULL;
	}
	return rc;
}

int tp_image_tac(struct tp_image *im, const char *profile, double limit, double *max,
		 double *over, tp_err *e)
{
	const char *key = profile ? profile : "";
	int fresh = im->cmyk[0] && strcmp(im->cmyk_profile[0], key) == 0;
	if (!(im->tac_done && fresh && im->tac_limit == limit)) {
		const uint8_t *cmyk = tp_image_cmyk(im, profile, 0, e);
		if (cmyk == NULL)
			return e->code;
		size_t n = (size_t)im->w * im->h, printed = 0, above = 0;
		unsigned most = 0;
		for (size_t i = 0; i < n; i++) {
			if (im->rgba[4 * i + 3] == 0)
				continue;
			const uint8_t *q = cmyk + 4 * i;
			unsigned t = (unsigned)q[0] + q[1] + q[2] + q[3];
			printed++;
			most = t > most ? t : most;
			above += t * 100.0 / 255 > limit + 1e-9;
		}
		im->tac_max = most * 100.0 / 255;
		im->tac_over = printed ? (double)above / (double)printed : 0;
		im->tac_limit = limit;
		im->tac_done = 1;
	}
	*max = im->tac_max;
	*over = im->tac_over;
	return TP_OK;
}

const uint8_t *tp_image_holes(struct tp_image *im, int *none)
{
	size_t n = (size_t)im->w * im->h, any = 0;
	for (size_t i = 0; i < n && !any; i++)
		any = im->rgba[4 * i + 3] == 0;
	*none = !any;
	if (!any || im->holes)
		return im->holes;
	size_t row = ((size_t)im->w + 7) / 8;
	if ((im->holes = tp_calloc(row * (size_t)im->h, 1)) == NULL)
		return NULL;
	for (int y = 0; y < im->h; y++)
		for (int x = 0; x < im->w; x++)
			if (im->rgba[4 * ((size_t)y * im->w + x) + 3] == 0)
				im->holes[(size_t)y * row + (size_t)x / 8] |= (uint8_t)(0x80 >> (x % 8));
	return im->holes;
}

/* Size of level k (0: the picture's): halved k times, at least 1. */
static int halved(int n, int k)
{
	while (k-- > 0)
		n = n > 1 ? (n + 1) / 2 : 1;
	return n;
}

const uint32_t *tp_image_argb_level(struct tp_image *im, int level, int *w, int *h)
{
	level = level < 0 ? 0 : level > TP_IMAGE_LEVELS ? TP_IMAGE_LEVELS : level;
	*w = halved(im->w, level);
	*h = halved(im->h, level);
	const uint32_t *src = tp_image_argb(im);
	if (level == 0 || src == NULL)
		return src;
	if (im->level[level - 1])
		return im->level[level - 1];
	int sw, sh;
	src = tp_image_argb_level(im, level - 1, &sw, &sh);
	uint32_t *dst = src ? tp_malloc((size_t)*w * (size_t)*h * 4) : NULL;
	if (dst == NULL)
		return NULL;
	/* Each pixel the mean of its 2 x 2 (an odd edge repeats its last). */
	for (int y = 0; y < *h; y++)
		for (int x = 0; x < *w; x++) {
			int x0 = 2 * x < sw ? 2 * x : sw - 1, y0 = 2 * y < sh ? 2 * y : sh - 1;
			int x1 = x0 + 1 < sw ? x0 + 1 : x0, y1 = y0 + 1 < sh ? y0 + 1 : y0;
			uint32_t q[4] = { src[(size_t)y0 * sw + x0], src[(size_t)y0 * sw + x1],
					  src[(size_t)y1 * sw + x0], src[(size_t)y1 * sw + x1] };
			uint32_t o = 0;
			for (int c = 24; c >= 0; c -= 8) {
				unsigned t = 2;
				for (int k = 0; k < 4; k++)
					t += q[k] >> c & 255;
				o |= (uint32_t)(t / 4) << c;
			}
			dst[(size_t)y * *w + x] = o;
		}
	im->level[level - 1] = dst;
	return dst;
}
