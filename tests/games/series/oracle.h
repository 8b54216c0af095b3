#ifndef TP_ORACLE_H
#define TP_ORACLE_H

/* The rules of patent 000 written again, naively and independently of
 * src/games/series/model/series_core.c, so that tests check the core against the patent rather
 * than against itself. */

#include "games/series/config/series_config.h"
#include "games/series/model/series_core.h"

/* The series part of a config, writable in tests. */
#define SER(c) ((struct tp_series_cfg *)(c)->game_cfg)

static inline int or_m9(int x)
{
	x %= 9;
	if (x < 0)
		x += 9;
	return x ? x : 9;
}

/* Claims 1 and 12: lateral v, vertical 9-v, boxes p*v, dots 9-boxes. */
static inline int or_value(int pairing, int s, int v)
{
	int boxes = or_m9(pairing * v);
	switch (s) {
	case TP_LATERAL: return or_m9(v);
	case TP_VERTICAL: return or_m9(9 - v);
	case TP_BOXES: return boxes;
	default: return or_m9(9 - boxes);
	}
}

/* The series at corner k (nw ne se sw = 0..3, clockwise) of a tile whose
 * lateral quadrant is at corner `lateral`. */
static inline int or_series_at(const struct tp_config *c, int lateral, int k)
{
	return SER(c)->rules.cycle[(k - lateral + 4) % 4];
}

/* The series shown by cell (a, b) (row, col in 0..5) of a front, or
 * TP_NONE: find the quadrant, undo its turn, ask the template. */
static inline int or_cell(const struct tp_config *c, int front, int lateral, int a, int b)
{
	int k = a < 3 ? (b < 3 ? 0 : 1) : (b < 3 ? 3 : 2);
	int qa, qb;
	switch (k) {
	case 0: qa = a; qb = b; break;
	case 1: qa = 5 - b; qb = a; break;
	case 2: qa = 5 - a; qb = 5 - b; break;
	default: qa = b; qb = 5 - a; break;
	}
	int s = or_series_at(c, lateral, k);
	int n = or_value(SER(c)->rules.pairing, s, front);
	for (int i = 0; i < n; i++)
		if (SER(c)->tpl.cell[n][i][0] == qa && SER(c)->tpl.cell[n][i][1] == qb)
			return s;
	return TP_NONE;
}

#endif
