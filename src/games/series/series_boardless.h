#ifndef TP_SERIES_BOARDLESS_H
#define TP_SERIES_BOARDLESS_H

/* What the two series sets without a board (series-table, series-hex)
 * answer alike as rows of the game table: their tiles are laid out on any
 * table, so the box holds only the tiles, and every tile is loose. */

#include "core/status.h"
#include "games/box.h"
#include "games/config.h"
#include "games/rules.h"

/* The box: the tiles in their bag (tp_game.box_contents). */
int tp_boardless_box_contents(struct tp_box_list *l, const struct tp_config *c, const void *model);
/* The booklet's numbers (tp_game.rules_facts; templates/rules/GAME.LANG.ini). */
int tp_boardless_rules_facts(struct tp_facts *f, const struct tp_config *c, const void *model,
			     tp_err *e);

#endif
