/* SHA-256 (core/sha256.h): the FIPS 180-4 examples, and the CPU's SHA
 * instructions (where the machine has them) giving the same digests as
 * the code in C for every length across the block and padding edges,
 * added in one piece or in uneven pieces. */

#include "testutil.h"

#include <string.h>

#include "core/sha256.h"

static void digest(const void *p, size_t n, size_t piece, char hex[65])
{
	struct tp_sha256 s;
	tp_sha256_init(&s);
	const unsigned char *b = p;
	for (size_t at = 0; at < n;) {
		size_t take = piece && piece < n - at ? piece : n - at;
		tp_sha256_add(&s, b + at, take);
		at += take;
	}
	tp_sha256_hex(&s, hex);
}

/* The examples of FIPS 180-4 (NIST's "SHA256.pdf" and the long message
 * of one million 'a'), both ways. */
static void examples(void **state)
{
	(void)state;
	static char million[1000000];
	memset(million, 'a', sizeof million);
	static const struct { const char *msg; size_t n; const char *hex; } ex[] = {
		{ "abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
		{ "", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56,
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
		{ million, sizeof million,
		  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
	};
	for (int cpu = 0; cpu < 2; cpu++) {
		tp_sha256_use_cpu(cpu);
		for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
			char hex[65];
			digest(ex[i].msg, ex[i].n, 0, hex);
			if (strcmp(hex, ex[i].hex) != 0)
				fail_msg("%s, %zu bytes: %s, expected %s", cpu ? "cpu" : "C", ex[i].n, hex,
					 ex[i].hex);
			digest(ex[i].msg, ex[i].n, 7, hex);
			if (strcmp(hex, ex[i].hex) != 0)
				fail_msg("%s, %zu bytes in 7-byte pieces: %s", cpu ? "cpu" : "C", ex[i].n, hex);
		}
	}
	tp_sha256_use_cpu(1);
}

/* Every length 0..300 (one to four blocks, each padding case) and a few
 * large ones, whole and in pieces of 1, 63, 65 and 1000 bytes: the CPU's
 * digest equals the C one. */
static void cpu_as_c(void **state)
{
	(void)state;
	static unsigned char data[200000];
	uint32_t x = 2463534242u;
	for (size_t i = 0; i < sizeof data; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		data[i] = (unsigned char)x;
	}
	static const size_t big[] = { 4096, 65535, 65536, 65537, 200000 };
	static const size_t pieces[] = { 0, 1, 63, 65, 1000 };
	for (size_t k = 0; k < 301 + sizeof big / sizeof big[0]; k++) {
		size_t n = k < 301 ? k : big[k - 301];
		for (size_t j = 0; j < sizeof pieces / sizeof pieces[0]; j++) {
			if (pieces[j] == 1 && n > 4096)
				continue;
			char c[65], cpu[65];
			tp_sha256_use_cpu(0);
			digest(data + 3, n - (n == sizeof data ? 3 : 0), pieces[j], c);
			tp_sha256_use_cpu(1);
			digest(data + 3, n - (n == sizeof data ? 3 : 0), pieces[j], cpu);
			if (strcmp(c, cpu) != 0)
				fail_msg("%zu bytes in pieces of %zu: cpu %s, C %s", n, pieces[j], cpu, c);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(examples),
		cmocka_unit_test(cpu_as_c),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
