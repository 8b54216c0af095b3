/* FIG. 15B with pictures (print.cell_mark = picture): the pictures file of
 * series.pictures, one picture per series, drawn in each marked cell in the
 * playing-card (or any template's) pattern. */

#include <stdio.h>
#include <string.h>

#include "games/series/config/series_config.h"

int tp_series_finish_pictures(struct tp_config *c, tp_err *e)
{
	struct tp_series_cfg *s = c->game_cfg;
	if (s->cell_mark != TP_MARK_PICTURE)
		return TP_OK;
	const char *mark_where = tp_config_where(c, "print", "cell_mark");
	/* [0079]: an oriented symbol would tell a blind player how the tile
	 * lies; only circle, square, hexagon and octagon will do. */
	if (s->emboss.plates)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.cell_mark = picture: a blind edition (emboss.plates = on) may only use shapes without an intrinsic orientation ([0079]); allowed: symbol (circle, square, hexagon, octagon) or fill",
			       mark_where);
	if (s->style == TP_STYLE_PATENT)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.cell_mark = picture: print.style = patent draws the hatchings of FIG. 2A; allowed: print.style = colour with pictures",
			       mark_where);
	const char *where = tp_config_where(c, "series", "pictures");
	char path[512];
	/* A path in the config file is the file's; on the command line
	 * (--set) the current folder's. */
	int rc = tp_pictures_resolve("series.pictures", s->pictures_name,
				     tp_config_path_base(c, "series", "pictures"), path, sizeof path, e);
	if (rc == TP_OK)
		rc = tp_pictures_load(path, tp_series_names, TP_N_SERIES, &s->pictures, e);
	if (rc != TP_OK) {
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s", e->msg);
		e->code = TP_OK;   /* re-raised with where the key was set */
		return tp_fail(e, rc, "%s: %s", where, msg);
	}
	return TP_OK;
}
