#ifndef TP_ADLER32_H
#define TP_ADLER32_H

/* Adler-32 (RFC 1950), the check value at the end of a PNG's zlib stream.
 * The PNG writer computes it over every filtered byte beside a raw deflate;
 * zlib's own loop took 7 % of a 9-megapixel PNG's time, the vector one
 * here about a sixth of that.  Same values as zlib's adler32(): tests
 * compare them. */

#include <stddef.h>
#include <stdint.h>

/* adler: 1 to start, or the value so far; returns it with p[0..n-1] added. */
uint32_t tp_adler32(uint32_t adler, const unsigned char *p, size_t n);

/* Whether to use the CPU's vector instructions where it has them (x86-64
 * SSSE3; the default), or the code in C (on 0). */
void tp_adler32_use_cpu(int on);

#endif
