/* One-shot deflate streams joined into one (print/backend/deflate_join.h),
 * checked by zlib's inflate: the joined stream inflates, as one stream, to
 * the parts' bytes in order, whatever each part held (flat, random, text,
 * empty) and whatever libdeflate's level made of it (stored, fixed or
 * dynamic blocks). */

#include "testutil.h"

#include <libdeflate.h>
#include <zlib.h>

#include "print/backend/deflate_join.h"

#define PARTS 6
#define MAXPART (300 * 1024)

static size_t part(int k, unsigned char *p, uint64_t *x)
{
	static const size_t len[PARTS] = { 70000, 0, 300 * 1024, 5, 100000, 4096 };
	for (size_t i = 0; i < len[k]; i++) {
		*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
		p[i] = k == 0 ? 7                                    /* flat */
		       : k == 2 ? (unsigned char)(*x >> 56)          /* random: stored */
		       : k == 4 ? (unsigned char)("tile board "[i % 11] + (i / 997) % 3)
		       : (unsigned char)(i * 31);
	}
	return len[k];
}

static void joined(int level)
{
	struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
	assert_non_null(c);
	unsigned char *in = malloc(PARTS * (size_t)MAXPART), *z = NULL;
	size_t n_in = 0, n_z = 0;
	uint64_t x = 42;
	for (int k = 0; k < PARTS; k++) {
		size_t n = part(k, in + n_in, &x);
		size_t cap = libdeflate_deflate_compress_bound(c, n) + 5;
		z = realloc(z, n_z + cap);
		assert_non_null(z);
		size_t m = libdeflate_deflate_compress(c, in + n_in, n, z + n_z, cap - 5);
		assert_true(m > 0);
		if (k < PARTS - 1)
			assert_int_equal(tp_deflate_unfinish(z + n_z, &m), 0);
		n_in += n;
		n_z += m;
	}
	unsigned char *out = malloc(n_in + 16);
	z_stream s;
	memset(&s, 0, sizeof s);
	assert_int_equal(inflateInit2(&s, -15), Z_OK);
	s.next_in = z;
	s.avail_in = (uInt)n_z;
	s.next_out = out;
	s.avail_out = (uInt)(n_in + 16);
	assert_int_equal(inflate(&s, Z_FINISH), Z_STREAM_END);
	assert_int_equal(s.total_out, n_in);
	assert_int_equal(s.avail_in, 0);   /* the stream ends where the bytes do */
	assert_memory_equal(out, in, n_in);
	inflateEnd(&s);
	libdeflate_free_compressor(c);
	free(in);
	free(out);
	free(z);
}

static void test_join_levels(void **state)
{
	(void)state;
	static const int levels[] = { 0, 1, 6, 8, 12 };
	for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
		joined(levels[i]);
}

/* Not a whole stream: refused, the bytes left as they were. */
static void test_refuses_broken(void **state)
{
	(void)state;
	struct libdeflate_compressor *c = libdeflate_alloc_compressor(6);
	unsigned char in[4000], z[5000], keep[5000];
	for (size_t i = 0; i < sizeof in; i++)
		in[i] = (unsigned char)(i % 13 + i / 700);
	size_t m = libdeflate_deflate_compress(c, in, sizeof in, z, sizeof z - 5);
	assert_true(m > 4);
	memcpy(keep, z, m);
	size_t cut = m - 3;
	assert_int_equal(tp_deflate_unfinish(z, &cut), -1);
	assert_int_equal(cut, m - 3);
	assert_memory_equal(z, keep, m);
	unsigned char junk[8] = { 0x07, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0 };   /* block type 3 */
	size_t n = 4;
	assert_int_equal(tp_deflate_unfinish(junk, &n), -1);
	libdeflate_free_compressor(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_join_levels),
		cmocka_unit_test(test_refuses_broken),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
