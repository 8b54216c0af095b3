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

void tp_run_line(struct tp_buf *b, const struct tp_run *run, const char *kind)
{
	if (run->games != 1 || run->spares_pct > 0)
		tp_buf_printf(b, "print run: %d game%s, %g %% spares per %s (rounded up)\n",
			      run->games, run->games == 1 ? "" : "s", run->spares_pct, kind);
}
