#ifndef TP_ALLOC_H
#define TP_ALLOC_H

/* Every allocation on the core and scene paths goes through these, so a
 * test can make the n-th one fail and check that the failure comes back as
 * a clean error, with nothing leaked. */

#include <stddef.h>

void *tp_malloc(size_t n);
void *tp_calloc(size_t count, size_t size);
void *tp_realloc(void *p, size_t n);

/* Test hook: the n-th allocation from now on (1-based) and all later ones
 * fail; 0 disables.  tp_alloc_count() says how many have been made since. */
void tp_alloc_fail_at(long n);
long tp_alloc_count(void);

#endif
