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

/* Test hook: tp_alloc_trace(1) starts recording, for each allocation made
 * from then on, a hash of its call path (the innermost TP_ALLOC_FRAMES
 * return addresses above the allocator), so a test can fail each distinct
 * path once instead of every allocation in turn.  tp_alloc_trace(0) stops
 * and frees the record.  tp_alloc_paths() gives the record: (*paths)[i] is
 * the path of allocation i + 1; the pointer stays valid until the next
 * tp_alloc_trace() call.  Returns the count, or -1 if recording itself ran
 * out of memory.  Addresses are only compared within one process. */
#define TP_ALLOC_FRAMES 6
void tp_alloc_trace(int on);
long tp_alloc_paths(const unsigned long **paths);

#endif
