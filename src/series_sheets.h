#ifndef TP_SERIES_SHEETS_H
#define TP_SERIES_SHEETS_H

/* The series-tiles print set: which sheets exist and how each is laid out
 * as scenes (pages), ready for marks and the backends. */

#include "config.h"
#include "scene.h"
#include "series.h"
#include "sheet.h"

struct tp_sheet_def {
	const char *name;
	const char *title;    /* for the slug and the PDF title */
	int needs_backs;      /* skipped in the tutorial edition */
	int (*build)(const struct tp_config *c, const struct tp_pattern *p,
		     struct tp_doc *doc);   /* 0, or -1 when out of memory */
};

extern const struct tp_sheet_def tp_series_sheets[];
extern const size_t tp_n_series_sheets;

const struct tp_sheet_def *tp_series_sheet_find(const char *name);

#endif
