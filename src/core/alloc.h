#ifndef TP_ALLOC_H
#define TP_ALLOC_H

/* Every allocation on the core and scene paths goes through these, so a
 * test can make the n-th one fail and check that the failure comes back as
 * a clean error, with nothing leaked. */

#include <stddef.h>

void *tp_malloc(size_t n);
void *tp_calloc(size_t count, size_t size);
void *tp_realloc(void *p, size_t n);

/* Room for need elements of size bytes in the growable array *buf of *cap
 * elements: nothing when it has it, else *cap doubled (from first when
 * the array is empty) until it does, through tp_realloc.  Doubling keeps
 * adding one element at a time amortised constant; one helper keeps
 * every array's growth to one allocation the fault tests can fail.  0,
 * or -1 when out of memory or the size overflows (*buf and *cap then as
 * they were). */
int tp_grow(void **buf, size_t *cap, size_t need, size_t size, size_t first);

/* A large working buffer (a PNG band): as tp_malloc, freed with free(), but
 * from 2 MiB up it is aligned to 2 MiB and offered to the kernel's
 * transparent huge pages, so that touching it costs one page fault per
 * 2 MiB instead of one per 4 KiB (a fifth of a small PNG's time went to
 * faulting its band in).  Where huge pages are off, it is plain memory. */
void *tp_malloc_large(size_t n);

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
