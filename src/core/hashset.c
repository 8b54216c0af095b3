#include "core/hashset.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

#define FIRST_CAP 256

static size_t hash_str(const char *s)
{
	uint64_t h = 14695981039346656037ULL;   /* FNV-1a's offset basis */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)h;
}

/* The slot of key: the one holding it, or the empty one where it goes.
 * The table is never full (at most half), so the probe ends. */
static struct tp_hashset_slot *slot_of(const struct tp_hashset *s, const char *key)
{
	size_t h = hash_str(key) & (s->cap - 1);
	while (s->slot[h].key && strcmp(s->slot[h].key, key) != 0)
		h = (h + 1) & (s->cap - 1);
	return &s->slot[h];
}

/* Twice the slots (a power of two, so a mask takes the hash to a slot),
 * every string moved to its place in them. */
static int grow(struct tp_hashset *s)
{
	size_t cap = s->cap ? s->cap * 2 : FIRST_CAP;
	if (cap < s->cap || cap > SIZE_MAX / sizeof *s->slot)
		return -1;
	struct tp_hashset_slot *t = tp_calloc(cap, sizeof *t);
	if (t == NULL)
		return -1;
	struct tp_hashset old = *s;
	s->slot = t;
	s->cap = cap;
	for (size_t i = 0; i < old.cap; i++)
		if (old.slot[i].key)
			*slot_of(s, old.slot[i].key) = old.slot[i];
	free(old.slot);
	return 0;
}

int tp_hashset_find(const struct tp_hashset *s, const char *key, size_t *id)
{
	if (s->cap == 0)
		return 0;
	const struct tp_hashset_slot *e = slot_of(s, key);
	if (e->key == NULL)
		return 0;
	*id = e->id;
	return 1;
}

int tp_hashset_add(struct tp_hashset *s, char *key, size_t *id)
{
	if (2 * (s->n + 1) > s->cap && grow(s) != 0) {
		free(key);
		return -1;
	}
	struct tp_hashset_slot *e = slot_of(s, key);
	if (e->key) {
		free(key);
		*id = e->id;
		return 0;
	}
	*e = (struct tp_hashset_slot){ .key = key, .id = s->n };
	*id = s->n++;
	return 1;
}

void tp_hashset_free(struct tp_hashset *s)
{
	for (size_t i = 0; i < s->cap; i++)
		free(s->slot[i].key);
	free(s->slot);
	*s = (struct tp_hashset){ 0 };
}
