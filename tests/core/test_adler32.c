/* Adler-32 (core/adler32.h) against zlib's adler32(), the definition the
 * PNG's readers check: every length across the 32-byte steps and the
 * NMAX modulo edge, from any starting value, in one piece or uneven
 * pieces, with the vector code and with the code in C. */

#include "testutil.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "core/adler32.h"

#define BIG (3 * 5552 + 1000)

static uint32_t pieces(uint32_t start, const unsigned char *p, size_t n, size_t piece)
{
	uint32_t v = start;
	for (size_t at = 0; at < n;) {
		size_t take = piece && piece < n - at ? piece : n - at;
		v = tp_adler32(v, p + at, take);
		at += take;
	}
	return v;
}

static void check(const unsigned char *buf, size_t n)
{
	/* Starting values: the first, the largest sums, and some between. */
	static const uint32_t starts[] = { 1, 65520u << 16 | 65520u, 0, 12345u << 16 | 54321u };
	for (int cpu = 0; cpu < 2; cpu++) {
		tp_adler32_use_cpu(cpu);
		for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++) {
			uint32_t want = (uint32_t)adler32(starts[s], buf, (uInt)n);
			assert_int_equal(tp_adler32(starts[s], buf, n), want);
			assert_int_equal(pieces(starts[s], buf, n, 7), want);
			assert_int_equal(pieces(starts[s], buf, n, 4099), want);
		}
	}
	tp_adler32_use_cpu(1);
}

static void every_length(void **state)
{
	(void)state;
	unsigned char *rnd = malloc(BIG), *ff = malloc(BIG);
	assert_non_null(rnd);
	assert_non_null(ff);
	srand(24);
	for (size_t i = 0; i < BIG; i++)
		rnd[i] = (unsigned char)(rand() >> 7);
	/* All 0xff: the largest sums, where an overflow would show. */
	memset(ff, 0xff, BIG);
	for (size_t n = 0; n <= 300; n++) {
		check(rnd, n);
		check(ff, n);
	}
	for (size_t n = 5552 - 40; n <= 5552 + 40; n++)
		check(ff, n);
	check(rnd, BIG);
	check(ff, BIG);
	free(rnd);
	free(ff);
}

/* Long runs, as a PNG block's 4 MiB of filtered rows. */
static void long_runs(void **state)
{
	(void)state;
	size_t n = (size_t)4 << 20;
	unsigned char *b = malloc(n);
	assert_non_null(b);
	memset(b, 0xff, n);
	check(b, n);
	for (size_t i = 0; i < n; i++)
		b[i] = (unsigned char)(i * 2654435761u >> 13);
	check(b, n);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_length),
		cmocka_unit_test(long_runs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
