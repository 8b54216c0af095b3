#ifndef TP_SERIES_TABLE_CONFIG_H
#define TP_SERIES_TABLE_CONFIG_H

/* The table set's config ([game] name = series-table): [table] order, the
 * FIG. 6 marking template, and the series' inks. */

#include "print/art/pictures.h"
#include "games/config.h"
#include "games/series/model/series_hex.h"
#include "games/series/model/series_table.h"
#include "games/series/sheets/series_tri.h"

struct tp_table_cfg {
	/* FIG. 6: the 9 small triangles of a quadrant, numbered 1..5 along
	 * the tile's side, 6..8 in the middle row, 9 at the centre; element n
	 * marks the first n of order[] (0-based numbers). */
	int order[9];
	/* Element n marks the small triangles of bit mask marks[n] (bit s:
	 * triangle s, 0-based): the first n of order[], or a triangles
	 * template's key n (finish fills it: tp_table_load_order). */
	unsigned short marks[10];
	char order_name[256];  /* table.order / hex.order a template's name or path; "" for a list */
	char order_label[64];  /* the template's name = (or file name), for check */
	/* table.indicia / hex.indicia, enum tp_tri_mode: FIG. 6 triangles,
	 * FIG. 15A shapes or pictures in the 5-3-1 pattern, or digits. */
	int indicia;
	/* FIG. 15A shapes, the shape naming the series (enum tp_symbol):
	 * the table set's by enum tp_series, the four without intrinsic
	 * orientation ([0079]); the hexagonal set's by triangle 0..5 (east
	 * .. southeast), six, so two more with one (it is no blind edition). */
	int symbol[TP_HEX_SIDES];
	char pictures_name[256];  /* table.pictures / hex.pictures: a name in templates/pictures/ or a path */
	struct tp_pictures pictures;  /* loaded by finish with indicia = pictures */
	/* hex.anchor (the hexagonal set only): the tiles the layout is
	 * derived from; finish puts the default one when none is given. */
	struct tp_hex_anchor anchor[TP_HEX_MAX_ANCHORS];
	int n_anchors;
	/* table.quadrants: the quadrants as separate pieces ([0055], claim 2). */
	int quadrants;
};

/* table.order and hex.order: parse "3 1 5 ..." into order[] (each of 1..9
 * once), or keep a triangles template's name or path for finish, and write
 * it back as config text (series_tri_order.c). */
int tp_table_parse_order(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			 char *why, size_t n);
void tp_table_format_order(const struct tp_key *k, const void *core, const void *game,
			   struct tp_buf *b);

/* For check: "order 3 1 5 ..." or "template NAME: 3 | 1 5 | ..." (the
 * small triangles element 1, 2, ... marks). */
void tp_table_describe_order(struct tp_buf *b, const struct tp_table_cfg *t);

/* Fills marks[] from SECTION.order: the list, or the template (a name in
 * templates/triangles/ or a path, resolved beside the config file; errors
 * name where the key was set and the file's line). */
int tp_table_load_order(struct tp_config *c, const char *section, tp_err *e);

/* Loads the pictures file of SECTION.pictures (table or hex) with the
 * sections want[] (the series' names), resolved beside the config file;
 * errors name where the key was set. */
int tp_table_load_pictures(struct tp_config *c, const char *section, const char *const *want,
			   int nwant, tp_err *e);

/* The shapes symbol[0..n-1] (keys SECTION.names[i]) all differ; else the
 * error names where the second of a pair was set and `allowed`. */
int tp_table_check_shapes(const struct tp_config *c, const char *section,
			  const char *const *names, int n, const char *allowed, tp_err *e);

static inline const struct tp_table_cfg *tp_table_cfg(const struct tp_config *c)
{
	return c->game_cfg;
}

#endif
