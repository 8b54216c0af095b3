/* libFuzzer target: the PNG reader (tp_png_read_mem) and the conversions
 * the writers make of what it reads. */
#include "fuzz_common.h"

#include <stdlib.h>
#include <string.h>

#include "print/image/image.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_init(0);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tp_image *im = (struct tp_image *)1;
	tp_err e = { 0 };
	int rc = tp_png_read_mem(data, size, "fuzz.png", &im, &e);
	fz_check_err(rc, &e);
	if (rc != TP_OK) {
		if (im != NULL)
			abort();   /* nothing kept on failure */
		return 0;
	}
	/* A picture read: a size within the limits, alpha as its pixels say,
	 * and the writers' forms of it made without fault. */
	if (im->w < 1 || im->h < 1 || (size_t)im->w * im->h > TP_IMAGE_MAX_PIXELS)
		abort();
	int alpha = 0;
	for (size_t i = 0; i < (size_t)im->w * im->h; i++)
		alpha |= im->rgba[4 * i + 3] != 255;
	if (alpha != im->alpha)
		abort();
	const uint32_t *argb = tp_image_argb(im);
	if (argb && (argb[0] >> 24) != im->rgba[3])
		abort();
	(void)tp_image_rgb(im);
	unsigned char *png;
	size_t len;
	if (tp_image_png(im, &png, &len) == 0) {
		struct tp_image *back;
		tp_err e2 = { 0 };
		if (tp_png_read_mem(png, len, "again.png", &back, &e2) != TP_OK ||
		    memcmp(back->rgba, im->rgba, (size_t)im->w * im->h * 4) != 0)
			abort();   /* what is written reads back the same */
		tp_image_free(back);
		free(png);
	}
	tp_image_free(im);
	return 0;
}
