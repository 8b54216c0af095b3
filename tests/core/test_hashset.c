/* The string set (core/hashset.h): each string numbered in the order it
 * was added and found again by its text, not its pointer; a string added
 * twice keeps its first number; the table grows past its first 256 slots
 * and keeps every string; strings whose hashes fall on one slot (found
 * here with FNV-1a written out from its definition) are told apart; an
 * allocation that fails leaves the set as it was and the string freed. */

#include "testutil.h"

#include "core/alloc.h"
#include "core/hashset.h"

static char *dup_str(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = tp_malloc(n);
	assert_non_null(p);
	memcpy(p, s, n);
	return p;
}

static char *numbered(const char *prefix, size_t i)
{
	char t[64];
	snprintf(t, sizeof t, "%s%zu", prefix, i);
	return dup_str(t);
}

static void add_and_find(void **state)
{
	(void)state;
	struct tp_hashset s = { 0 };
	size_t id = 99;
	assert_int_equal(tp_hashset_find(&s, "a", &id), 0);   /* empty, no table yet */
	assert_int_equal(id, 99);
	const char *words[] = { "lateral", "boxes", "vertical", "dots", "" };
	for (size_t i = 0; i < 5; i++) {
		assert_int_equal(tp_hashset_add(&s, dup_str(words[i]), &id), 1);
		assert_int_equal(id, i);
		assert_int_equal(s.n, i + 1);
	}
	for (size_t i = 0; i < 5; i++) {
		char copy[32];   /* found by its text, not its pointer */
		snprintf(copy, sizeof copy, "%s", words[i]);
		assert_int_equal(tp_hashset_find(&s, copy, &id), 1);
		assert_int_equal(id, i);
	}
	assert_int_equal(tp_hashset_find(&s, "dot", &id), 0);
	assert_int_equal(tp_hashset_find(&s, "dots ", &id), 0);
	/* again: its first number, the new copy freed (ASan, valgrind) */
	assert_int_equal(tp_hashset_add(&s, dup_str("vertical"), &id), 0);
	assert_int_equal(id, 2);
	assert_int_equal(s.n, 5);
	tp_hashset_free(&s);
	assert_null(s.slot);
	assert_int_equal(s.n, 0);
	assert_int_equal(s.cap, 0);
}

/* 5,000 strings: the table doubles from 256 slots, kept at most half
 * full, and every string keeps its number through each growth. */
static void growth(void **state)
{
	(void)state;
	struct tp_hashset s = { 0 };
	const size_t n = 5000;
	size_t id, grew = 0, cap = 0;
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(tp_hashset_add(&s, numbered("k", i), &id), 1);
		assert_int_equal(id, i);
		assert_true(2 * s.n <= s.cap);
		assert_int_equal(s.cap & (s.cap - 1), 0);
		grew += s.cap != cap;
		cap = s.cap;
	}
	assert_int_equal(s.cap, 16384);   /* 256 doubled until 5000 is half or less */
	assert_int_equal(grew, 7);        /* 256, 512, ..., 16384 */
	for (size_t i = 0; i < n; i++) {
		char t[32];
		snprintf(t, sizeof t, "k%zu", i);
		assert_int_equal(tp_hashset_find(&s, t, &id), 1);
		assert_int_equal(id, i);
	}
	size_t held = 0;
	for (size_t i = 0; i < s.cap; i++)
		held += s.slot[i].key != NULL;
	assert_int_equal(held, n);
	assert_int_equal(tp_hashset_find(&s, "k5000", &id), 0);
	tp_hashset_free(&s);
}

/* FNV-1a, 64 bits, from its definition (offset basis 14695981039346656037,
 * prime 2^40 + 2^8 + 0xb3). */
static uint64_t fnv1a(const char *s)
{
	uint64_t h = 14695981039346656037ULL;
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= ((uint64_t)1 << 40) + ((uint64_t)1 << 8) + 0xb3;
	}
	return h;
}

/* Strings whose hashes all fall on one slot of the first table, and one
 * on the slot after, which their probing runs past: each found, with its
 * own number, before and after the table grows. */
static void collisions(void **state)
{
	(void)state;
	enum { SAME = 12 };
	char keys[SAME + 1][32];
	size_t n = 0;
	uint64_t slot = fnv1a("c0") & 255;
	for (size_t i = 0; n < SAME && i < 100000; i++) {
		snprintf(keys[n], sizeof keys[n], "c%zu", i);
		n += (fnv1a(keys[n]) & 255) == slot;
	}
	assert_int_equal(n, SAME);
	for (size_t i = 0;; i++) {
		snprintf(keys[SAME], sizeof keys[SAME], "d%zu", i);
		if ((fnv1a(keys[SAME]) & 255) == ((slot + 1) & 255))
			break;
	}
	struct tp_hashset s = { 0 };
	size_t id;
	for (size_t i = 0; i <= SAME; i++) {
		assert_int_equal(tp_hashset_add(&s, dup_str(keys[i]), &id), 1);
		assert_int_equal(id, i);
	}
	assert_int_equal(s.cap, 256);   /* all in the first table */
	/* one run of slots from theirs, in the order added: they did collide */
	for (size_t i = 0; i <= SAME; i++)
		assert_string_equal(s.slot[(slot + i) & 255].key, keys[i]);
	for (size_t i = 0; i <= SAME; i++) {
		assert_int_equal(tp_hashset_find(&s, keys[i], &id), 1);
		assert_int_equal(id, i);
		assert_int_equal(tp_hashset_add(&s, dup_str(keys[i]), &id), 0);
		assert_int_equal(id, i);
	}
	/* grown: the run spread over the larger table, every string kept */
	for (size_t i = 0; s.cap == 256; i++)
		assert_int_equal(tp_hashset_add(&s, numbered("fill", i), &id), 1);
	for (size_t i = 0; i <= SAME; i++) {
		assert_int_equal(tp_hashset_find(&s, keys[i], &id), 1);
		assert_int_equal(id, i);
	}
	tp_hashset_free(&s);
}

/* The first table's allocation, and a growth's, fail: -1, the string
 * freed (the leak checkers see it), the set as it was. */
static void out_of_memory(void **state)
{
	(void)state;
	struct tp_hashset s = { 0 };
	size_t id;
	char *k = dup_str("first");
	tp_alloc_fail_at(1);
	assert_int_equal(tp_hashset_add(&s, k, &id), -1);
	tp_alloc_fail_at(0);
	assert_int_equal(s.n, 0);
	assert_int_equal(s.cap, 0);
	assert_null(s.slot);
	for (size_t i = 0; i < 128; i++)   /* the first table, full to half */
		assert_int_equal(tp_hashset_add(&s, numbered("k", i), &id), 1);
	assert_int_equal(s.cap, 256);
	k = numbered("k", 128);
	tp_alloc_fail_at(1);
	assert_int_equal(tp_hashset_add(&s, k, &id), -1);
	tp_alloc_fail_at(0);
	assert_int_equal(s.n, 128);
	assert_int_equal(s.cap, 256);
	for (size_t i = 0; i < 128; i++) {
		char t[32];
		snprintf(t, sizeof t, "k%zu", i);
		assert_int_equal(tp_hashset_find(&s, t, &id), 1);
		assert_int_equal(id, i);
	}
	assert_int_equal(tp_hashset_add(&s, numbered("k", 128), &id), 1);
	assert_int_equal(id, 128);
	assert_int_equal(s.cap, 512);
	tp_hashset_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(add_and_find),
		cmocka_unit_test(growth),
		cmocka_unit_test(collisions),
		cmocka_unit_test(out_of_memory),
	};
	return cmocka_run_group_tests_name("hashset", tests, NULL, NULL);
}
