#include "core/report.h"

#include <math.h>

long tp_run_count(const struct tp_run *run, long n)
{
	long base = n * run->games;
	/* The epsilon keeps an exact product (e.g. 36 x 25 %) from rounding up
	 * through floating-point noise. */
	long spares = (long)ceil((double)base * run->spares_pct / 100.0 - 1e-9);
	return base + (spares > 0 ? spares : 0);
}
