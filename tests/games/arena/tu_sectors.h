#ifndef TU_SECTORS_H
#define TU_SECTORS_H

/* The colour oracle's counts on a board cut into sectors (hexagonal: six,
 * triangular: three; test_arena_hex.c, test_arena_tri.c), checked the same
 * way: cnt[sec][inner][colour] for sectors 1..sectors (0: the centre). */

#include "testutil.h"

#include "games/arena/model/arena_core.h"

typedef int tu_sector_counts[2][TP_ARENA_COLOURS_MAX + 1];

/* A sector of at least k positions holds every colour (so a chart's
 * colours are all on the board); in every sector the inner and the outer
 * positions hold every colour n/k or n/k+1 times, every sector the same
 * counts as the first. */
static inline void tu_sectors_balanced(const tu_sector_counts *cnt, int sectors, int k, int side)
{
	int per = 0;
	for (int c = 1; c <= k; c++)
		per += cnt[1][0][c] + cnt[1][1][c];
	for (int c = 1; c <= k && per >= k; c++)
		if (cnt[1][0][c] + cnt[1][1][c] == 0)
			fail_msg("side %d k=%d: a sector of %d positions lacks colour %d", side, k, per, c);
	for (int sec = 1; sec <= sectors; sec++)
		for (int in = 0; in < 2; in++) {
			int lo = 1 << 20, hi = 0;
			for (int c = 1; c <= k; c++) {
				lo = cnt[sec][in][c] < lo ? cnt[sec][in][c] : lo;
				hi = cnt[sec][in][c] > hi ? cnt[sec][in][c] : hi;
				assert_int_equal(cnt[sec][in][c], cnt[1][in][c]);
			}
			assert_true(hi - lo <= 1);
		}
}

#endif
