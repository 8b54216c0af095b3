#include "core/adler32.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define TP_ADLER_X86 1
#endif

#define BASE 65521u /* the largest prime below 65536 */
/* The most bytes whose sums cannot overflow 32 bits before the modulo:
 * 255 n (n + 1) / 2 + (n + 1) (BASE - 1) <= 2^32 - 1. */
#define NMAX 5552

static int use_cpu = 1;

void tp_adler32_use_cpu(int on)
{
	use_cpu = on;
}

static uint32_t adler_c(uint32_t adler, const unsigned char *p, size_t n)
{
	uint32_t a = adler & 0xffff, b = adler >> 16;
	while (n > 0) {
		size_t k = n < NMAX ? n : NMAX;
		n -= k;
		while (k--) {
			a += *p++;
			b += a;
		}
		a %= BASE;
		b %= BASE;
	}
	return b << 16 | a;
}

#ifdef TP_ADLER_X86
/* 32 bytes a step, NMAX / 32 steps between modulos: a's lanes sum the
 * bytes (SAD against zero), b's lanes the bytes weighted 32..1 (maddubs),
 * and b gains 32 times a as it stood before each step (ps). */
__attribute__((target("ssse3"))) static uint32_t adler_ssse3(uint32_t adler,
							       const unsigned char *p, size_t n)
{
	uint32_t a = adler & 0xffff, b = adler >> 16;
	size_t steps = n / 32;
	n -= steps * 32;
	const __m128i tap1 = _mm_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17);
	const __m128i tap2 = _mm_setr_epi8(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
	const __m128i zero = _mm_setzero_si128(), ones = _mm_set1_epi16(1);
	while (steps > 0) {
		size_t k = steps < NMAX / 32 ? steps : NMAX / 32;
		steps -= k;
		__m128i ps = _mm_set_epi32(0, 0, 0, (int)(a * (uint32_t)k));
		__m128i vb = _mm_set_epi32(0, 0, 0, (int)b), va = zero;
		do {
			__m128i x1 = _mm_loadu_si128((const __m128i *)(const void *)p);
			__m128i x2 = _mm_loadu_si128((const __m128i *)(const void *)(p + 16));
			ps = _mm_add_epi32(ps, va);
			va = _mm_add_epi32(va, _mm_sad_epu8(x1, zero));
			vb = _mm_add_epi32(vb, _mm_madd_epi16(_mm_maddubs_epi16(x1, tap1), ones));
			va = _mm_add_epi32(va, _mm_sad_epu8(x2, zero));
			vb = _mm_add_epi32(vb, _mm_madd_epi16(_mm_maddubs_epi16(x2, tap2), ones));
			p += 32;
		} while (--k);
		vb = _mm_add_epi32(vb, _mm_slli_epi32(ps, 5));
		va = _mm_add_epi32(va, _mm_shuffle_epi32(va, _MM_SHUFFLE(2, 3, 0, 1)));
		va = _mm_add_epi32(va, _mm_shuffle_epi32(va, _MM_SHUFFLE(1, 0, 3, 2)));
		vb = _mm_add_epi32(vb, _mm_shuffle_epi32(vb, _MM_SHUFFLE(2, 3, 0, 1)));
		vb = _mm_add_epi32(vb, _mm_shuffle_epi32(vb, _MM_SHUFFLE(1, 0, 3, 2)));
		a = (a + (uint32_t)_mm_cvtsi128_si32(va)) % BASE;
		b = (uint32_t)_mm_cvtsi128_si32(vb) % BASE;
	}
	return adler_c(b << 16 | a, p, n);
}
#endif

uint32_t tp_adler32(uint32_t adler, const unsigned char *p, size_t n)
{
#ifdef TP_ADLER_X86
	if (use_cpu && __builtin_cpu_supports("ssse3"))
		return adler_ssse3(adler, p, n);
#endif
	return adler_c(adler, p, n);
}
