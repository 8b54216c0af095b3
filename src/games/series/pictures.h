#ifndef TP_SERIES_PICTURES_H
#define TP_SERIES_PICTURES_H

/* A pictures template (FIG. 15A, [0061]): one small vector drawing per
 * series, children's-toy pictograms or any other, in a 10 x 10 mm box
 * (x right, y down), drawn filled in the series' ink and scaled to the
 * place it goes.  templates/pictures/NAME.ini:
 *
 *   [lateral]                      one section per series
 *   name = ball                    what it shows (for the manifest)
 *   circle = 5 5 4.5               cx cy r, repeatable
 *   poly = 1 9 9 9 5 1             x y pairs, 3..16 points, repeatable
 *
 * At most 8 items a picture; every coordinate 0..10. */

#include "core/status.h"
#include "games/series/series_core.h"

#define TP_PIC_BOX 10.0
#define TP_PIC_ITEMS 8
#define TP_PIC_POINTS 16

struct tp_pic_item {
	int circle;                     /* 1: xy = cx, cy, r */
	int n;                          /* points of a polygon */
	double xy[2 * TP_PIC_POINTS];
};

struct tp_picture {
	char name[32];
	struct tp_pic_item item[TP_PIC_ITEMS];
	int n;
};

struct tp_pictures {
	char path[256];
	struct tp_picture pic[TP_N_SERIES];   /* by enum tp_series */
};

/* Finds "toys" as templates/pictures/toys.ini in the data folders, or takes
 * a path (with a / or ending .ini).  TP_OK with out filled, else TP_EINPUT
 * naming the name and where it looked. */
int tp_pictures_resolve(const char *name, char *out, size_t outsz, tp_err *e);

/* Reads and checks a template.  TP_OK, or TP_EINPUT naming file:line. */
int tp_pictures_load(const char *path, struct tp_pictures *p, tp_err *e);

#endif
