#ifndef TP_IMPOSE_GAME_H
#define TP_IMPOSE_GAME_H

/* Punchboard imposition where it meets the games and the config: the
 * config-stage checks, the build's step for one sheet, manifest/punch.csv.
 * The geometry and the moving of shapes are print/layout/impose.h; the press
 * sheet of a config is tp_press_of (games/config.h). */

#include "core/status.h"
#include "core/strbuf.h"
#include "print/layout/impose.h"
#include "print/scene/scene.h"

struct tp_config;

/* Config stage: with layout = punchboard (or a press sheet named in a gang
 * layout), checks the spacing keys and that
 * every tile sheet of c's game fits the press sheet, and that panels of
 * oversize sheets can be cut.  TP_OK, or TP_EINPUT naming file:line. */
int tp_impose_check(const struct tp_config *c, tp_err *e);

/* The build's step for sheet `sheet` of c's game: with layout = punchboard,
 * a tile sheet's gang page (or its back sheet's) becomes press sheets, and
 * any other page larger than the press sheet is split into panels that
 * fit it; otherwise pages larger than the press sheet (when print.sheet_mm
 * is given, by the config or its profile; separate pieces then go onto it
 * whole) or print.max_sheet_mm become panels.  0, or -1 when out of
 * memory (doc may then only be freed). */
int tp_impose_doc(const struct tp_config *c, const void *model, const char *sheet,
		  struct tp_doc *doc);

/* 1 when tp_impose_doc would leave doc as it is (gang layout, no press
 * sheet named, no page over print.max_sheet_mm): the pages as built are
 * the pages as written, and a build can share them without a copy. */
int tp_impose_keeps(const struct tp_config *c, const struct tp_doc *doc);

/* The pages (panels) page sc becomes when imposed, counted, not cut, as
 * the build estimate and its guards count them: split as the build splits
 * it (tp_impose_grid; 1 in punchboard layout, whose press sheets are few,
 * and for a press sheet), and with area set, their bleed boxes' area
 * (mm^2).  A back paneled on its cutting sheet's die lines is counted as
 * split evenly (the same count but in rare sizes): a count to refuse by. */
double tp_impose_panels(const struct tp_config *c, const struct tp_scene *sc, double *area);
/* Those panels as nx across by ny down, as the build splits the page
 * (tp_panel_grid on the room gang_pages panels on: a named press sheet's
 * clear area, else print.max_sheet_mm), returning their area: what
 * tp_impose_panels counts and the build estimate names the files by. */
double tp_impose_grid(const struct tp_config *c, const struct tp_scene *sc, int *nx, int *ny);

/* manifest/punch.csv: "sheet,side,row,col,x_mm,y_mm", one line per tile
 * and side of the game's first present tile sheet (other tile sheets of
 * the same grid, e.g. emboss plates, lie exactly alike).  Returns 1, or 0
 * with nothing formatted when the game has no tile sheet to impose. */
int tp_impose_csv(struct tp_buf *b, const struct tp_config *c, const void *model);

#endif
