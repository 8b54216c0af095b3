#ifndef TP_PRINT_PICTURES_H
#define TP_PRINT_PICTURES_H

/* A pictures file: small vector drawings, one per named section, each in a
 * 10 x 10 mm box (x right, y down), drawn filled in one ink and scaled to
 * the place it goes.  Game-neutral: a game names the sections it needs
 * (the series: lateral, boxes, vertical, dots; its hexagons: east ...
 * southeast; the arena its classes) and a file may hold more.
 * templates/pictures/NAME.ini:
 *
 *   [lateral]                      one section per picture, any name
 *   name = ball                    what it shows (for the manifest)
 *   circle = 5 5 4.5               cx cy r, repeatable
 *   poly = 1 9 9 9 5 1             x y pairs, 3..16 points, repeatable
 *
 * At most 8 items a picture, 16 pictures a file; every coordinate 0..10. */

#include <stddef.h>

#include "core/status.h"
#include "print/scene/scene.h"

#define TP_PIC_BOX 10.0
#define TP_PIC_ITEMS 8
#define TP_PIC_POINTS 16
#define TP_PIC_MAX 16

struct tp_pic_item {
	int circle;                     /* 1: xy = cx, cy, r */
	int n;                          /* points of a polygon */
	double xy[2 * TP_PIC_POINTS];
};

struct tp_picture {
	char section[32];
	char name[32];
	struct tp_pic_item item[TP_PIC_ITEMS];
	int n;
};

struct tp_pictures {
	char path[512];
	struct tp_picture pic[TP_PIC_MAX];
	int n;
};

/* Where the file named by key = name is.  A name ("toys") is
 * templates/pictures/toys.ini in the data folders; a path (with a / or
 * ending .ini) is taken beside the config file when config is given (a
 * relative path in a config is the config's, wherever tilepress runs)
 * and it is there, else as given (relative to the current folder: what --set means).
 * TP_OK with out filled, else TP_EINPUT naming key, name and where it
 * looked. */
int tp_pictures_resolve(const char *key, const char *name, const char *config, char *out,
			size_t outsz, tp_err *e);

/* Reads and checks a pictures file.  want[0..nwant) are the sections the
 * caller needs; on TP_OK pic[i] is section want[i] for i < nwant (the file's
 * other pictures follow in file order).  TP_EINPUT naming file:line for a
 * bad line, or the file and the missing section. */
int tp_pictures_load(const char *path, const char *const *want, int nwant, struct tp_pictures *p,
		     tp_err *e);

/* Draws pic filled in ink, its 10 mm box scaled to box mm and centred on
 * (cx, cy).  0, or -1 when out of memory. */
int tp_picture_draw(struct tp_scene *sc, int ink, const struct tp_picture *pic, double cx, double cy,
		    double box);

#endif
