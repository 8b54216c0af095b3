#ifndef TP_PNG_STREAM_H
#define TP_PNG_STREAM_H

/* An 8-bit RGB PNG file written from rows that a caller draws, on several
 * threads at once: the image is cut into blocks of rows fixed by its width
 * alone, and each block is drawn, converted, Up-filtered and deflated on its
 * own, and the blocks' deflate streams are joined into one (a sync
 * flush's empty stored block at every block edge, the check values joined
 * with adler32_combine).  Each block is deflated in one call by libdeflate
 * (deflate_join.h: about half zlib's time on the same bytes), with no
 * dictionary from the block before (libdeflate takes none: a block of 4
 * MiB loses a few hundred bytes).  So the file is the same bytes for any
 * number of threads, and one large image uses every core. */

#include <stddef.h>
#include <stdio.h>

#include "core/status.h"

/* Draws rows y0..y0+rows-1 of the image into buf as Cairo RGB24 pixels
 * (native-endian 32-bit xRGB words, stride w * 4).  Called from several
 * threads at once with distinct buffers: it may only read shared state.
 * Returns TP_OK or fills e. */
typedef int (*tp_png_rows_fn)(void *ctx, unsigned char *buf, int y0, int rows, tp_err *e);

struct tp_png_stream {
	int w, h;            /* pixels */
	double dpi;          /* for pHYs */
	int threads;         /* <= 1: all in the calling thread */
	size_t band_bytes;   /* most bytes of drawn pixels a thread holds at once */
	int block_rows;      /* 0: from the width (test hook: other cuts) */
	tp_png_rows_fn rows;
	void *ctx;
};

/* Writes the whole file to f.  Returns TP_OK, or TP_EIO with e filled
 * (a drawing failure: the first in row order). */
int tp_png_stream_write(FILE *f, const struct tp_png_stream *ps, tp_err *e);

/* Test hook: 1 compresses with zlib (level 6, Z_FILTERED, each block
 * primed with the 32 KiB before it, sync flushes), as tilepress did before
 * libdeflate; 0 (the default): libdeflate.  Not thread-safe: set it
 * before writing. */
void tp_png_set_zlib(int on);

/* Rows per block for an image w pixels wide (what block_rows 0 means). */
int tp_png_block_rows(int w);

#endif
