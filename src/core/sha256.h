#ifndef TP_SHA256_H
#define TP_SHA256_H

/* SHA-256 (FIPS 180-4), for the build record's file checksums. */

#include <stddef.h>
#include <stdint.h>

struct tp_sha256 {
	uint32_t h[8];
	uint64_t len;        /* bytes hashed so far */
	unsigned char buf[64];
	size_t n;            /* bytes waiting in buf */
};

void tp_sha256_init(struct tp_sha256 *s);
void tp_sha256_add(struct tp_sha256 *s, const void *data, size_t n);
/* Writes the digest as 64 lowercase hex digits and a NUL into hex. */
void tp_sha256_hex(struct tp_sha256 *s, char hex[65]);

/* Whether to use the CPU's SHA instructions where it has them (x86-64:
 * the SHA extensions; the default, found out at the first use), or the
 * code in C (on 0).  The digests are the same: tests compare the two. */
void tp_sha256_use_cpu(int on);

#endif
