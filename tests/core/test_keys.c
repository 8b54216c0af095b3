/* The key engine and the small core pieces every game relies on: each key
 * type parses, range-checks and formats back; UTF-8 validation; the
 * did-you-mean distance; SHA-256 against FIPS 180-4's examples. */

#include "testutil.h"

#include <math.h>
#include <stddef.h>

#include "core/keys.h"
#include "core/sha256.h"

struct obj {
	int i, e, b;
	double n, len, cmyk[4], rgb[3];
	char text[8], name[40];
	unsigned long long seed;
};

static const struct tp_enum_name names[] = { { "colour", 0 }, { "patent", 1 }, { "color", 0 }, { NULL, 0 } };

#define K(nm, kt, field) .section = "s", .name = nm, .type = kt, .home = TP_HOME_GAME, .off = offsetof(struct obj, field)
static const struct tp_key keys[] = {
	{ K("i", TP_KEY_INT, i), .lo = 2, .hi = 9 },
	{ K("n", TP_KEY_NUM, n), .lo = 72, .hi = 4800 },
	{ K("len", TP_KEY_LEN, len), .lo = 5, .hi = 1000 },
	{ K("e", TP_KEY_ENUM, e), .names = names },
	{ K("b", TP_KEY_BOOL, b) },
	{ K("text", TP_KEY_TEXT, text), .size = 8 },
	{ K("name", TP_KEY_NAME, name), .size = 40 },
	{ K("cmyk", TP_KEY_CMYK, cmyk) },
	{ K("rgb", TP_KEY_RGB, rgb) },
	{ K("seed", TP_KEY_SEED, seed) },
};

static int apply(struct obj *o, int k, const char *v, char *why)
{
	struct tp_key_ctx x = { "f:1", 0, 1, NULL, o };
	return tp_key_apply(&keys[k], v, &x, why, 200);
}

static void formatted(struct obj *o, int k, const char *want)
{
	struct tp_buf b = { 0 };
	tp_key_format(&keys[k], NULL, o, &b);
	assert_non_null(b.s);
	assert_string_equal(b.s, want);
	tp_buf_free(&b);
}

static void types(void **state)
{
	(void)state;
	struct obj o = { 0 };
	char why[200];
	assert_int_equal(apply(&o, 0, "7", why), 0);
	assert_int_equal(o.i, 7);
	formatted(&o, 0, "7");
	assert_int_equal(apply(&o, 0, "10", why), -1);
	assert_non_null(strstr(why, "allowed: 2..9"));
	assert_int_equal(apply(&o, 0, "7x", why), -1);
	assert_int_equal(apply(&o, 1, "300", why), 0);
	assert_int_equal(apply(&o, 1, "71.9", why), -1);
	assert_int_equal(apply(&o, 2, "2cm", why), 0);
	assert_true(o.len == 20);
	formatted(&o, 2, "20mm");
	assert_int_equal(apply(&o, 2, "1in", why), 0);
	assert_true(fabs(o.len - 25.4) < 1e-12);
	assert_int_equal(apply(&o, 2, "3furlong", why), -1);
	assert_int_equal(apply(&o, 2, "4mm", why), -1);
	assert_non_null(strstr(why, "5 mm to 1000 mm"));
	assert_int_equal(apply(&o, 3, "color", why), 0);
	assert_int_equal(o.e, 0);
	assert_int_equal(apply(&o, 3, "patent", why), 0);
	formatted(&o, 3, "patent");
	assert_int_equal(apply(&o, 3, "mono", why), -1);
	/* aliases are accepted, not offered */
	assert_string_equal(why, "allowed: colour or patent");
	assert_int_equal(apply(&o, 4, "on", why), 0);
	assert_int_equal(o.b, 1);
	formatted(&o, 4, "on");
	assert_int_equal(apply(&o, 4, "yes", why), -1);
	assert_int_equal(apply(&o, 5, "abc", why), 0);
	assert_int_equal(apply(&o, 5, "abcdefgh", why), -1);
	assert_int_equal(apply(&o, 5, "a\tb", why), -1);
	assert_int_equal(apply(&o, 6, "Cut-Contour_1", why), 0);
	assert_int_equal(apply(&o, 6, "Cut Contour", why), -1);
	assert_int_equal(apply(&o, 7, "0 100 50 10", why), 0);
	formatted(&o, 7, "0 100 50 10");
	assert_int_equal(apply(&o, 7, "0 100 50", why), -1);
	assert_int_equal(apply(&o, 7, "0 100 50 101", why), -1);
	assert_int_equal(apply(&o, 8, "#e30613", why), 0);
	formatted(&o, 8, "#e30613");
	assert_int_equal(apply(&o, 8, "#e3061", why), -1);
	assert_int_equal(apply(&o, 9, "18446744073709551615", why), 0);
	assert_true(o.seed == 18446744073709551615ULL);
	assert_int_equal(apply(&o, 9, "18446744073709551616", why), -1);
	assert_int_equal(apply(&o, 9, "-1", why), -1);
}

static void utf8(void **state)
{
	(void)state;
	assert_int_equal(tp_utf8_check("caf\xc3\xa9 cr\xc3\xa8me \xe2\x82\xac \xf0\x9f\x8e\xb2"), 0);
	assert_int_equal(tp_utf8_check("caf\xe9"), -1);           /* Latin-1 */
	assert_int_equal(tp_utf8_check("\xc0\xaf"), -1);          /* overlong */
	assert_int_equal(tp_utf8_check("\xed\xa0\x80"), -1);      /* surrogate */
	assert_int_equal(tp_utf8_check("\xf4\x90\x80\x80"), -1);  /* past U+10FFFF */
	assert_int_equal(tp_utf8_check("\xe2\x82"), -1);          /* cut short */
	char why[200];
	struct obj o = { 0 };
	assert_int_equal(apply(&o, 5, "caf\xe9", why), -1);
	assert_non_null(strstr(why, "not UTF-8 (Latin-1?)"));
	assert_int_equal(tp_edit_distance("empboss", "emboss"), 1);
	assert_int_equal(tp_edit_distance("tile_mm", "tile_mm"), 0);
}

static void sha256(void **state)
{
	(void)state;
	static const struct { const char *in; const char *hex; } v[] = {
		{ "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
		{ "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	};
	for (size_t i = 0; i < 3; i++) {
		struct tp_sha256 s;
		char hex[65];
		tp_sha256_init(&s);
		tp_sha256_add(&s, v[i].in, strlen(v[i].in));
		tp_sha256_hex(&s, hex);
		assert_string_equal(hex, v[i].hex);
	}
	/* A million 'a's, fed in uneven pieces. */
	struct tp_sha256 s;
	char hex[65], a[997];
	memset(a, 'a', sizeof a);
	tp_sha256_init(&s);
	size_t left = 1000000;
	while (left) {
		size_t n = left < sizeof a ? left : sizeof a;
		tp_sha256_add(&s, a, n);
		left -= n;
	}
	tp_sha256_hex(&s, hex);
	assert_string_equal(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(types),
		cmocka_unit_test(utf8),
		cmocka_unit_test(sha256),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
