#ifndef TP_MANIFEST_H
#define TP_MANIFEST_H

/* Reports on a derived pattern: Table I (the manifest) and the tile list.
 * They format into a buffer; the caller decides where it goes. */

#include "config.h"
#include "series.h"
#include "strbuf.h"

enum tp_format { TP_FMT_TEXT, TP_FMT_CSV, TP_FMT_JSON };

struct tp_run {
	int games;          /* sets to print, >= 1 */
	double spares_pct;  /* extra tiles per kind, rounded up, >= 0 */
};

/* Tiles to print of a kind holding n per game: n x games, plus spares
 * rounded up for that kind. */
long tp_run_count(const struct tp_run *run, long n);

void tp_manifest_format(struct tp_buf *b, const struct tp_pattern *p,
			const struct tp_config *c, const struct tp_run *run, int fmt);
void tp_pattern_format(struct tp_buf *b, const struct tp_pattern *p, int fmt);

#endif
