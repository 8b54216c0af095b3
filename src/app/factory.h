#ifndef TP_FACTORY_H
#define TP_FACTORY_H

/* Factories as data: config/factories/NAME.ini, beside the profiles they
 * build on.  [factory] says how a factory wants its files (the profile,
 * page order, file naming, a separate die file, raster uploads, stock);
 * [print] holds keys set over the profile (e.g. LongPack's die ink,
 * DriveThruCards' 240 % ink).  `tilepress -c EDITION pack NAME` builds
 * the edition in those conventions (app/pack/pack.h). */

#include <stddef.h>

#include "core/status.h"

#define TP_FACTORY_SETS 32
#define TP_FACTORY_PRODUCTS 32

/* A product of a factory that takes one raster image per face
 * ([products]: NAME = KIND W_IN H_IN PX_W PX_H): a piece of its own die
 * (square, hex), a board face (board), or a custom punchout slug
 * holding several pieces (slug). */
struct tp_product {
	char name[48];
	char kind[16];          /* square, hex, board, slug */
	double w_in, h_in;      /* finished size, inches */
	int px_w, px_h;         /* the upload image, bleed included */
};

struct tp_factory {
	char name[64];          /* the file's name: longpack */
	char title[128];        /* [factory] name */
	char profile[64];       /* a profile name, or "" (none) */
	char page_order[32];    /* as-built, backs-last, interleaved */
	char die_file[16];      /* none, dxf, svg */
	char raster[16];        /* none, png */
	double raster_dpi;
	char file_name[64];     /* print.file_name pattern */
	char stock[128], board[128];
	double wrap_mm, liner_inset_mm;  /* also set as print.wrap_mm, print.liner_inset_mm */
	char path[512];         /* where it was read */
	struct tp_product products[TP_FACTORY_PRODUCTS];
	int n_products;
	/* A piece takes a product whose finished size is within match_mm of
	 * its trim; pieces on a slug lie slug_spacing_mm apart, trim to
	 * trim. */
	double match_mm, slug_spacing_mm;
	/* [print] keys as --set strings ("print.KEY=VALUE"). */
	char sets[TP_FACTORY_SETS][160];
	int n_sets;
};

/* The factory NAME (config/factories/NAME.ini in the data folders) into
 * f.  TP_OK; TP_EINPUT with one line naming the file and line (or the
 * unknown factory, and the ones there are). */
int tp_factory_load(const char *name, struct tp_factory *f, tp_err *e);

/* Calls fn(name) for each shipped factory, in name order.  0, or -1 when
 * out of memory. */
int tp_factory_each(void (*fn)(const char *name, void *ctx), void *ctx);

#endif
