/* The shape arena's model (contract in arena_core.h): the board and the
 * 36 pieces of a print run with the players they are dealt to, derived
 * from the rules and the shapes; what the game row's derive step makes and
 * every sheet and report reads. */
#include "games/arena/model/arena_core.h"

#include <stdlib.h>

#include "core/alloc.h"

int tp_arena_model_derive(const struct tp_arena_rules *r, const struct tp_arena_shapes *sh,
			  struct tp_arena_model **out, tp_err *e)
{
	*out = NULL;
	struct tp_arena_model *m = tp_calloc(1, sizeof *m);
	if (m == NULL)
		return tp_fail(e, TP_EIO, "arena: out of memory");
	int rc = tp_arena_board_derive(r, &m->board, e);
	struct tp_arena_deal *d = NULL;
	size_t n = 0;
	if (rc == TP_OK)
		rc = tp_arena_deal(sh, r->players, &d, &n, e);
	if (rc != TP_OK) {
		tp_arena_model_free(m);
		return rc;
	}
	for (int s = 0; s < TP_ARENA_SHAPES; s++)
		for (int set = 1; set <= TP_ARENA_SETS; set++) {
			struct tp_arena_piece *p = &m->piece[s * TP_ARENA_SETS + set - 1];
			p->shape = s;
			p->set = set;
			p->mark = (set - 1) / (TP_ARENA_SETS / TP_MARK_N);
		}
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < d[i].count; k++)
			for (int set = 1; set <= TP_ARENA_SETS; set++) {
				struct tp_arena_piece *p = &m->piece[d[i].shape * TP_ARENA_SETS + set - 1];
				if (p->mark == d[i].mark && p->player == 0) {
					p->player = d[i].player;
					break;
				}
			}
	free(d);
	*out = m;
	return TP_OK;
}

void tp_arena_model_free(struct tp_arena_model *m)
{
	if (m == NULL)
		return;
	tp_arena_board_free(m->board);
	free(m);
}
