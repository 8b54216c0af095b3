#ifndef TP_IMAGE_H
#define TP_IMAGE_H

/* Raster art (a designer's PNG in an art pack): decoded once per build
 * into 8-bit sRGB with straight alpha, and kept in a table that every
 * scene names an image from by number (tp_shape.image), so a picture
 * placed on a thousand tiles is one copy in memory and one image object
 * in a PDF.  The table is filled while the config is read, before any
 * worker forks, and is read-only while sheets are drawn; the conversions
 * below are made on first use in the process that needs them. */

#include <stddef.h>
#include <stdint.h>

#include "core/status.h"

/* Bounds: larger input is refused, not truncated. */
#define TP_IMAGE_MAX_BYTES (64u << 20)
#define TP_IMAGE_MAX_PIXELS (40u << 20)
#define TP_IMAGE_MAX_SIDE 30000
#define TP_IMAGES_MAX 255
#define TP_IMAGE_LEVELS 14

struct tp_image {
	char name[512];      /* the file, for messages */
	int w, h;            /* pixels */
	int alpha;           /* some pixel is not opaque */
	uint8_t *rgba;       /* w * h * 4, sRGB, straight alpha */
	uint64_t digest;     /* of w, h and the pixels (scene digests) */
	int refs;
	long long stamp[3];  /* the file's size, mtime (ns) and inode: a
			      * changed file is read again (watch) */
	/* Made on first use (tp_image_cmyk, tp_image_rgb, tp_image_argb). */
	uint8_t *cmyk[2];    /* [flat]: CMYK of the colours, or of the
			      * colours flattened on white */
	char cmyk_profile[2][512];
	uint8_t *rgb_flat;   /* RGB flattened on white */
	uint32_t *argb;      /* premultiplied, Cairo's ARGB32 */
	uint32_t *level[TP_IMAGE_LEVELS];  /* argb halved k + 1 times */
	uint8_t *mask;       /* the alpha channel alone */
	uint8_t *holes;      /* tp_image_holes */
	double tac_max, tac_over, tac_limit;  /* tp_image_tac's, for tac_limit */
	int tac_done;
};

/* Decodes a PNG (any colour type and depth, interlaced or not, tRNS
 * alpha) from memory into *out (owned: tp_image_free).  name is what
 * messages call it.  TP_OK; TP_EINPUT naming the file and what is wrong;
 * TP_EIO when out of memory. */
int tp_png_read_mem(const void *buf, size_t len, const char *name, struct tp_image **out,
		    tp_err *e);
/* The same from a file (noted as an input of the build). */
int tp_png_read(const char *path, struct tp_image **out, tp_err *e);
void tp_image_free(struct tp_image *im);

/* The table.  tp_image_add reads path once (a second add of the same
 * path, unchanged since, shares it): *id 1..TP_IMAGES_MAX.  tp_image_release drops one
 * reference.  tp_image_get: the image of id, or NULL. */
int tp_image_add(const char *path, int *id, tp_err *e);
void tp_image_release(int id);
struct tp_image *tp_image_get(int id);

/* CMYK (4 bytes a pixel) of im through profile (a CMYK ICC file; NULL or
 * "": the system's, see colour.h), relative colorimetric with black-point
 * compensation; flat: the colours flattened on white paper first (for a
 * file without transparency).  NULL with e filled on failure. */
const uint8_t *tp_image_cmyk(struct tp_image *im, const char *profile, int flat, tp_err *e);
/* The total ink of im's printed pixels (alpha above 0) in CMYK through
 * profile: *max its highest, *over the share of them (0..1) above limit
 * (%).  TP_OK or a failure of tp_image_cmyk. */
int tp_image_tac(struct tp_image *im, const char *profile, double limit, double *max,
		 double *over, tp_err *e);
/* RGB (3 bytes a pixel) flattened on white; NULL when out of memory. */
const uint8_t *tp_image_rgb(struct tp_image *im);
/* The pixels of alpha 0 as a 1-bit mask, rows of (w + 7) / 8 bytes, most
 * significant bit first, 1 where the picture is not printed; NULL when
 * every pixel has some alpha or when out of memory (*none says which). */
const uint8_t *tp_image_holes(struct tp_image *im, int *none);
/* The alpha channel (1 byte a pixel); NULL when out of memory. */
const uint8_t *tp_image_mask(struct tp_image *im);
/* The image as a PNG file again (8-bit RGBA, or RGB when opaque) in
 * *buf (owned by the caller), for a file that embeds it (SVG).  0, or -1
 * when out of memory. */
int tp_image_png(const struct tp_image *im, unsigned char **buf, size_t *len);
/* Premultiplied ARGB32 in native order (Cairo's); NULL when out of memory. */
const uint32_t *tp_image_argb(struct tp_image *im);

/* tp_image_argb halved `level` times (box filter; 0: itself), for a
 * raster writer that draws the picture much smaller than its pixels
 * (filtering 10 pixels into 1 at every placement costs a hundred times
 * filtering 2 into 1); *w, *h its size.  NULL when out of memory. */
const uint32_t *tp_image_argb_level(struct tp_image *im, int level, int *w, int *h);

#endif
