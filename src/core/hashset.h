#ifndef TP_HASHSET_H
#define TP_HASHSET_H

/* A set of strings, each numbered in the order it was added (0, 1, ...),
 * for finding the first copy of something drawn again: an open hash
 * table (FNV-1a, linear probing) kept at most half full, doubled from
 * 256 slots as it fills.  What goes with a string the caller keeps in an
 * array of its own, indexed by its number.  Zero-initialised; freed by
 * tp_hashset_free. */

#include <stddef.h>

struct tp_hashset_slot {
	char *key;   /* NULL: an empty slot */
	size_t id;
};

struct tp_hashset {
	struct tp_hashset_slot *slot;
	size_t n, cap;   /* strings held, slots */
};

/* 1 with *id set when the set holds key, else 0. */
int tp_hashset_find(const struct tp_hashset *s, const char *key, size_t *id);

/* Adds key, a string from tp_malloc that the set takes in every case:
 * 1 when it was new (*id = its number, the count before), 0 when the set
 * held it (*id = its number; key is freed), -1 when out of memory (key is
 * freed, the set unchanged). */
int tp_hashset_add(struct tp_hashset *s, char *key, size_t *id);

/* Frees every string and the table; the set is empty again. */
void tp_hashset_free(struct tp_hashset *s);

#endif
