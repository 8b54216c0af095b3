#include "core/sha256.h"

#include <stdio.h>
#include <string.h>

static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t ror(uint32_t x, int n)
{
	return (x >> n) | (x << (32 - n));
}

/* n blocks of 64 bytes at p, one after another, in C. */
static void blocks_c(uint32_t h[8], const unsigned char *p, size_t n)
{
	for (; n > 0; n--, p += 64) {
		uint32_t w[64];
		for (int i = 0; i < 16; i++)
			w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
			       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
		for (int i = 16; i < 64; i++) {
			uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
			uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
			w[i] = w[i - 16] + s0 + w[i - 7] + s1;
		}
		uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
		uint32_t e = h[4], f = h[5], g = h[6], hh = h[7];
		for (int i = 0; i < 64; i++) {
			uint32_t t1 = hh + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) +
				      K[i] + w[i];
			uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
			hh = g;
			g = f;
			f = e;
			e = d + t1;
			d = c;
			c = b;
			b = a;
			a = t1 + t2;
		}
		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		h[4] += e;
		h[5] += f;
		h[6] += g;
		h[7] += hh;
	}
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#define TP_SHA_NI 1

/* The same with the x86 SHA extensions (sha256rnds2 does two rounds,
 * sha256msg1/msg2 the message schedule), four rounds a step: about ten
 * times faster than blocks_c.  The state is kept as ABEF and CDGH, the
 * order the instructions want. */
__attribute__((target("sha,sse4.1"))) static void blocks_ni(uint32_t h[8], const unsigned char *p,
							   size_t n)
{
	const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
	__m128i t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[0]), 0xB1); /* CDAB */
	__m128i s1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[4]), 0x1B); /* EFGH */
	__m128i s0 = _mm_alignr_epi8(t, s1, 8);     /* ABEF */
	s1 = _mm_blend_epi16(s1, t, 0xF0);          /* CDGH */
	for (; n > 0; n--, p += 64) {
		__m128i abef = s0, cdgh = s1, w[4];
#pragma GCC unroll 16
		for (int i = 0; i < 16; i++) {
			__m128i m;
			if (i < 4) {
				m = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * i)), swap);
			} else {
				/* W[t-16] + s0(W[t-15]), + W[t-7], then s1(W[t-2]). */
				m = _mm_sha256msg1_epu32(w[i & 3], w[(i + 1) & 3]);
				m = _mm_add_epi32(m, _mm_alignr_epi8(w[(i + 3) & 3], w[(i + 2) & 3], 4));
				m = _mm_sha256msg2_epu32(m, w[(i + 3) & 3]);
			}
			w[i & 3] = m;
			__m128i k = _mm_add_epi32(m, _mm_loadu_si128((const __m128i *)&K[4 * i]));
			s1 = _mm_sha256rnds2_epu32(s1, s0, k);
			s0 = _mm_sha256rnds2_epu32(s0, s1, _mm_shuffle_epi32(k, 0x0E));
		}
		s0 = _mm_add_epi32(s0, abef);
		s1 = _mm_add_epi32(s1, cdgh);
	}
	t = _mm_shuffle_epi32(s0, 0x1B);            /* FEBA */
	s1 = _mm_shuffle_epi32(s1, 0xB1);           /* DCHG */
	s0 = _mm_blend_epi16(t, s1, 0xF0);          /* DCBA */
	s1 = _mm_alignr_epi8(s1, t, 8);             /* HGFE */
	_mm_storeu_si128((__m128i *)&h[0], s0);
	_mm_storeu_si128((__m128i *)&h[4], s1);
}

/* 1 when the CPU has the SHA extensions (and SSSE3 / SSE4.1 with them). */
static int cpu_has_sha(void)
{
	unsigned a, b, c, d;
	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_SSSE3) || !(c & bit_SSE4_1))
		return 0;
	return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29));
}
#endif

/* -1 not known yet, 0 in C, 1 with the SHA extensions
 * (tp_sha256_use_cpu). */
static int use_ni = -1;

void tp_sha256_use_cpu(int on)
{
#ifdef TP_SHA_NI
	use_ni = on && cpu_has_sha();
#else
	(void)on;
	use_ni = 0;
#endif
}

static void blocks(uint32_t h[8], const unsigned char *p, size_t n)
{
#ifdef TP_SHA_NI
	if (use_ni < 0)
		tp_sha256_use_cpu(1);
	if (use_ni) {
		blocks_ni(h, p, n);
		return;
	}
#endif
	blocks_c(h, p, n);
}

void tp_sha256_init(struct tp_sha256 *s)
{
	static const uint32_t h0[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
					0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	memcpy(s->h, h0, sizeof h0);
	s->len = 0;
	s->n = 0;
}

void tp_sha256_add(struct tp_sha256 *s, const void *data, size_t n)
{
	const unsigned char *p = data;
	s->len += n;
	if (s->n > 0) {
		size_t take = 64 - s->n < n ? 64 - s->n : n;
		memcpy(s->buf + s->n, p, take);
		s->n += take;
		p += take;
		n -= take;
		if (s->n < 64)
			return;
		blocks(s->h, s->buf, 1);
		s->n = 0;
	}
	/* Whole blocks straight from the caller's bytes. */
	if (n >= 64) {
		blocks(s->h, p, n / 64);
		p += n / 64 * 64;
		n %= 64;
	}
	memcpy(s->buf, p, n);
	s->n = n;
}

void tp_sha256_hex(struct tp_sha256 *s, char hex[65])
{
	uint64_t bits = s->len * 8;
	unsigned char pad = 0x80, zero = 0, len[8];
	tp_sha256_add(s, &pad, 1);
	while (s->n != 56)
		tp_sha256_add(s, &zero, 1);
	for (int i = 0; i < 8; i++)
		len[i] = (unsigned char)(bits >> (56 - 8 * i));
	tp_sha256_add(s, len, 8);
	for (int i = 0; i < 8; i++)
		snprintf(hex + 8 * i, 9, "%08x", s->h[i]);
}
