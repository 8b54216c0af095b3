#ifndef TP_PF_RUNS_H
#define TP_PF_RUNS_H

/* A list of the shapes a preflight page keeps for a rule (the process
 * fills under later shapes, the shapes the safe zone measures), one entry
 * a placement and layer rather than one a drawn shape: a page of placed
 * tiles holds each tile's drawing once, and its lists stay as small.
 *
 * Which of a symbol's shapes a list keeps is decided by a rule of the
 * shape alone (keep), the same rule the sink applies to the shapes the
 * walk gives it; a symbol's kept shapes are listed once, by layer and
 * then by number, so the shapes a placement gives the walk on a layer are
 * a range of them, in the walk's order. */

#include <stddef.h>
#include <stdint.h>

#include "print/scene/scene.h"

/* Whether the list keeps shape s of sc (a symbol's, or one the walk gave). */
typedef int (*tp_pf_keep)(const struct tp_scene *sc, const struct tp_shape *s);

/* Entry: shape i alone (lo == hi), or placement i's kept shapes
 * key[lo .. hi - 1] of the list's symbol table. */
struct tp_pf_run {
	size_t i;
	uint32_t lo, hi;
};

struct tp_pf_runs {
	const struct tp_scene *sc;
	tp_pf_keep keep;
	uint64_t *key;     /* layer << 32 | the shape's number in its symbol */
	size_t *at;        /* symbol k's keys: key[at[k] .. at[k + 1]) */
	struct tp_pf_run *v;
	size_t n, cap;
};

/* 0, or -1 when out of memory (tp_pf_runs_free either way). */
int tp_pf_runs_init(struct tp_pf_runs *l, const struct tp_scene *sc, tp_pf_keep keep);
void tp_pf_runs_free(struct tp_pf_runs *l);

/* Lists the shape the walk gave as index, sub (placed: a placement's),
 * on layer (keep(s) true): extends the last entry when it is the same
 * placement's on the same layer.  0, or -1 when out of memory, or when the
 * shape is not its symbol's kept one (a rule that does not agree). */
int tp_pf_runs_add(struct tp_pf_runs *l, size_t index, size_t sub, int placed, unsigned layer);

/* Entry r's shapes: how many, and the walk's index and sub of its k-th
 * (in the walk's order). */
static inline size_t tp_pf_run_n(const struct tp_pf_run *r)
{
	return r->hi > r->lo ? r->hi - r->lo : 1;
}
static inline size_t tp_pf_run_sub(const struct tp_pf_runs *l, const struct tp_pf_run *r,
				   size_t k)
{
	return r->hi > r->lo ? (size_t)(uint32_t)l->key[r->lo + k] : 0;
}

#endif
