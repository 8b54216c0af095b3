#ifndef TP_REPORT_H
#define TP_REPORT_H

/* What every game's reports share: the output formats and a production
 * run (games and spares).  Reports format into a tp_buf; the caller
 * decides where the text goes. */

#include "core/strbuf.h"

enum tp_format { TP_FMT_TEXT, TP_FMT_CSV, TP_FMT_JSON };

struct tp_run {
	int games;          /* sets to print, >= 1 */
	double spares_pct;  /* extra items per kind, rounded up, >= 0 */
};

/* Items to print of a kind holding n per game: n x games, plus spares
 * rounded up for that kind. */
long tp_run_count(const struct tp_run *run, long n);

/* The text report's line for a run other than one game without spares,
 * "print run: 3 games, 10 % spares per KIND (rounded up)"; nothing for
 * one game. */
void tp_run_line(struct tp_buf *b, const struct tp_run *run, const char *kind);

#endif
