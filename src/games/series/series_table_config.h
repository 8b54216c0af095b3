#ifndef TP_SERIES_TABLE_CONFIG_H
#define TP_SERIES_TABLE_CONFIG_H

/* The table set's config ([game] name = series-table): [table] order, the
 * FIG. 6 marking template, and the series' inks. */

#include "print/pictures.h"
#include "games/config.h"
#include "games/series/series_table.h"

struct tp_table_cfg {
	/* FIG. 6: the 9 small triangles of a quadrant, numbered 1..5 along
	 * the tile's side, 6..8 in the middle row, 9 at the centre; element n
	 * marks the first n of order[] (0-based numbers). */
	int order[9];
	/* FIG. 15A: 0 marks the small triangles themselves (FIG. 6); 1 draws
	 * that many shapes in the 5-3-1 pattern instead, the shape naming the
	 * series (symbol[] by enum tp_series, enum tp_symbol: all four have no
	 * intrinsic orientation, so they suit the blind edition, [0079]). */
	int shapes;               /* 2: pictures from the template below */
	int symbol[TP_N_SERIES];
	char pictures_name[256];  /* table.pictures: a name in templates/pictures/ or a path */
	struct tp_pictures pictures;  /* loaded by finish when shapes == 2 */
};

/* table.order and hex.order: parse "3 1 5 ..." into order[] (each of 1..9
 * once), and write it back as config text. */
int tp_table_parse_order(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			 char *why, size_t n);
void tp_table_format_order(const struct tp_key *k, const void *core, const void *game,
			   struct tp_buf *b);

static inline const struct tp_table_cfg *tp_table_cfg(const struct tp_config *c)
{
	return c->game_cfg;
}

#endif
