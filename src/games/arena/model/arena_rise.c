/* The outer arena's numbers rise toward the corners (the seed keeps "the
 * higher numbers in the corners"): the generator's values are laid out by
 * a noisy sort on the distance from the centre, and the gradient is
 * measured for `check` (contracts in arena_core.h). */
#include "games/arena/model/arena_core.h"

#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "games/arena/model/arena_grid.h"
#include "games/arena/model/arena_gridops.h"
#include "games/sim.h"

/* Noise in the sort, as a share of the spread of the distances: large
 * enough that neighbouring rings mix and every seed gives another board,
 * small enough that the corners hold the high numbers. */
#define RISE_NOISE 0.5

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

struct keyed {
	double key;
	int at;
};

static int cmp_key(const void *a, const void *b)
{
	double x = ((const struct keyed *)a)->key, y = ((const struct keyed *)b)->key;
	return (x > y) - (x < y);
}

int tp_arena_rise(int *v, const double *dist, int k, unsigned long long seed)
{
	if (k < 2)
		return 0;
	struct keyed *o = tp_malloc(sizeof *o * (size_t)k);
	int *sorted = tp_malloc(sizeof *sorted * (size_t)k);
	if (o == NULL || sorted == NULL) {
		free(o);
		free(sorted);
		return -1;
	}
	double lo = dist[0], hi = dist[0];
	for (int i = 1; i < k; i++) {
		lo = dist[i] < lo ? dist[i] : lo;
		hi = dist[i] > hi ? dist[i] : hi;
	}
	struct tp_rng g = { seed };
	for (int i = 0; i < k; i++) {
		double u = (double)(tp_rng_next(&g) >> 11) / 9007199254740992.0; /* [0, 1) */
		o[i].key = dist[i] + RISE_NOISE * (hi - lo) * u;
		o[i].at = i;
		sorted[i] = v[i];
	}
	qsort(sorted, (size_t)k, sizeof *sorted, cmp_int);
	qsort(o, (size_t)k, sizeof *o, cmp_key);
	for (int i = 0; i < k; i++)
		v[o[i].at] = sorted[i];
	free(o);
	free(sorted);
	return 0;
}

/* Distance of cell i from the centre, in squares or hex pitches. */
static double dist_of(const struct tp_arena_board *b, int i)
{
	int n = b->cols;
	return tp_arena_gridops_for(b->grid)->dist(b->rows, n, i / n, i % n);
}

double tp_arena_outer_rise(const struct tp_arena_board *b, double *near, double *far)
{
	int n = b->cols, N = b->rows * n, count = 0;
	double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0, dmin = 1e300, dmax = 0;
	for (int i = 0; i < N; i++) {
		if (b->sq[i].inner || b->sq[i].number == 0)
			continue;
		double d = dist_of(b, i);
		dmin = d < dmin ? d : dmin;
		dmax = d > dmax ? d : dmax;
	}
	double sn = 0, sf = 0;
	int nn = 0, nf = 0;
	for (int i = 0; i < N; i++) {
		if (b->sq[i].inner || b->sq[i].number == 0)
			continue;
		double x = dist_of(b, i), y = b->sq[i].number;
		sx += x;
		sy += y;
		sxx += x * x;
		syy += y * y;
		sxy += x * y;
		count++;
		/* the nearest and the farthest quarter of the distances */
		if (x <= dmin + (dmax - dmin) / 4) {
			sn += y;
			nn++;
		}
		if (x >= dmax - (dmax - dmin) / 4) {
			sf += y;
			nf++;
		}
	}
	*near = nn ? sn / nn : 0;
	*far = nf ? sf / nf : 0;
	double vx = count * sxx - sx * sx, vy = count * syy - sy * sy;
	return vx > 0 && vy > 0 ? (count * sxy - sx * sy) / sqrt(vx * vy) : 0;
}
