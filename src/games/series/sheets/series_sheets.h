#ifndef TP_SERIES_SHEETS_H
#define TP_SERIES_SHEETS_H

/* The series-tiles print set: which sheets exist and how each is laid out
 * as scenes (pages), ready for marks and the backends. */

#include "games/game.h"
#include "games/series/config/series_config.h"
#include "games/series/model/series_core.h"
#include "print/scene/scene.h"
#include "print/layout/sheet.h"

/* The plates of the blind edition (series_plates.c) and the template
 * proof (series_templates.c). */
int tp_series_emboss_fronts(const struct tp_config *c, const void *model, struct tp_doc *doc);
int tp_series_emboss_backs(const struct tp_config *c, const void *model, struct tp_doc *doc);
int tp_series_board_recess(const struct tp_config *c, const void *model, struct tp_doc *doc);
int tp_series_templates(const struct tp_config *c, const void *model, struct tp_doc *doc);

/* Shared with those: a sheet with its layers made in drawing order. */
struct tp_scene *tp_series_new_sheet(const struct tp_config *c, const char *name,
				     double w, double h, const int *layers, size_t n);

extern const struct tp_sheet_def tp_series_sheets[TP_SERIES_N_SHEETS];

#endif
