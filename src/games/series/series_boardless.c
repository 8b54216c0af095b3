/* The series sets without a board (series_boardless.h). */

#include "games/series/series_boardless.h"

int tp_boardless_box_contents(struct tp_box_list *l, const struct tp_config *c, const void *model)
{
	(void)model;
	double t = c->print.tile_mm;
	tp_box_add(l, "tiles", t, t, c->board.rows * c->board.cols, c->print.part_mm, 1);
	return 0;
}

int tp_boardless_rules_facts(struct tp_facts *f, const struct tp_config *c, const void *model,
			     tp_err *e)
{
	(void)model;
	(void)e;
	/* Every series runs 1..9, then again ([0051]). */
	tp_facts_set(f, "first", "%d", 1);
	tp_facts_set(f, "last", "%d", 9);
	tp_facts_set(f, "tiles", "%d", c->board.rows * c->board.cols);
	return TP_OK;
}
