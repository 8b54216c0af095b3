#ifndef TP_DEFLATE_JOIN_H
#define TP_DEFLATE_JOIN_H

/* Raw deflate streams from a one-shot compressor (libdeflate, which has
 * no flush and no preset dictionary) joined into one stream, as zlib's
 * sync flush joins the parallel blocks of a PNG (png_stream.h): every
 * stream but the last is "unfinished" here.  A one-shot stream's last
 * block carries BFINAL, which would end the decoder's stream; that bit
 * lies wherever the last block's header fell, so the stream is read
 * (its Huffman codes decoded, nothing written out) to find it.  The bit
 * is cleared, the stream cut after that block's end-of-block code, and an
 * empty stored block (the bytes of a sync flush: 3 header bits, padding,
 * 00 00 FF FF) ends it on a byte boundary, where the next stream starts. */

#include <stddef.h>

/* p[0..*n-1]: one whole raw deflate stream; p has room for *n + 5 bytes.
 * Rewrites it as above and sets *n.  0, or -1 when p is not a whole
 * deflate stream (nothing is changed then). */
int tp_deflate_unfinish(unsigned char *p, size_t *n);

#endif
