#ifndef TP_SERIES_MANIFEST_H
#define TP_SERIES_MANIFEST_H

/* Reports on a derived pattern: Table I (the manifest) and the tile list.
 * They format into a buffer; the caller decides where it goes. */

#include "core/report.h"
#include "core/strbuf.h"
#include "games/series/config/series_config.h"
#include "games/series/model/series_core.h"

void tp_series_manifest_format(struct tp_buf *b, const struct tp_pattern *p,
			const struct tp_config *c, const struct tp_run *run, int fmt);
void tp_series_pattern_format(struct tp_buf *b, const struct tp_pattern *p, int fmt);

#endif
