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

/* Separable quadrants (series_quadrants.c, [0055], claim 2). */
int tp_series_quadrants_absent(const struct tp_config *c, const char *sheet, char *why, size_t n);
int tp_series_build_quadrants(const struct tp_config *c, const void *model, struct tp_doc *doc);
int tp_series_build_quadrant_backs(const struct tp_config *c, const void *model,
				   struct tp_doc *doc);
int tp_series_build_quadrant_assembly(const struct tp_config *c, const void *model,
				      struct tp_doc *doc);
int tp_series_quadrant_tiles(const struct tp_config *c, const void *model, struct tp_tile_grid *g);

/* Solid-colour tiles (series_solid.c, [0092]): the fronts in one batch
 * per back colour, Table I's columns in order. */
#define TP_SERIES_BATCHES 5
extern const int tp_series_batch_back[TP_SERIES_BATCHES];
extern const char *const tp_series_batch_sheet[TP_SERIES_BATCHES];
int tp_series_solid(const struct tp_config *c);
int tp_series_printed_absent(const struct tp_config *c, const char *sheet, char *why, size_t n);
int tp_series_batch_absent(const struct tp_config *c, const char *sheet, char *why, size_t n);
/* The tiles of batch b (their backs tp_series_batch_back[b]). */
long tp_series_batch_count(const struct tp_pattern *p, int b);
/* Batch b's gang: its size, and its die grid into sc. */
void tp_series_batch_size(const struct tp_config *c, const struct tp_pattern *p, int b,
			  double *w, double *h);
int tp_series_batch_cut(const struct tp_config *c, const struct tp_pattern *p, int b,
			struct tp_scene *sc);
#define TP_SERIES_BATCH_FNS(name)                                                             \
	int tp_series_build_fronts_##name(const struct tp_config *c, const void *model,        \
					  struct tp_doc *doc);                                 \
	int tp_series_tiles_fronts_##name(const struct tp_config *c, const void *model,        \
					  struct tp_tile_grid *g);
TP_SERIES_BATCH_FNS(lateral)
TP_SERIES_BATCH_FNS(vertical)
TP_SERIES_BATCH_FNS(boxes)
TP_SERIES_BATCH_FNS(dots)
TP_SERIES_BATCH_FNS(unmarked)

extern const struct tp_sheet_def tp_series_sheets[TP_SERIES_N_SHEETS];

#endif
