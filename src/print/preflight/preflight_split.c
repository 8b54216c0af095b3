/* The preflight's die-split rule (preflight_int.h): a closed die outline
 * that a panel cut open.  tp_panel_die flags the pieces it clips out of a
 * closed outline TP_SHAPE_SPLIT; an end of such a piece that meets no
 * other split piece lies on the panel's edge, where the component is cut
 * in two. */

#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "print/preflight/preflight_int.h"

#define EPS TP_PF_EPS

/* 1 when (x, y) is an end of a piece of a split die path other than
 * split[self] (split[0 .. n - 1]: the indexes in P->die of the split
 * ones). */
static int split_end_shared(const struct tp_pf_page *P, const size_t *split, size_t n, size_t self,
			    double x, double y)
{
	for (size_t j = 0; j < n; j++) {
		const struct die *k = &P->die[split[j]];
		for (size_t i = k->first; j != self && i < k->last; i++) {
			const struct tp_pf_seg *g = &P->seg[i];
			if ((fabs(g->x0 - x) < EPS && fabs(g->y0 - y) < EPS) ||
			    (fabs(g->x1 - x) < EPS && fabs(g->y1 - y) < EPS))
				return 1;
		}
	}
	return 0;
}

/* A closed die outline that a panel cut open (TP_SHAPE_SPLIT, set by
 * tp_panel_die): one finding at each end where its pieces stop at the
 * panel's edge (the component is split across panels and no panel's die
 * outline closes round it). */
void tp_pf_die_split(struct tp_pf_page *P)
{
	const struct tp_scene *sc = P->sc;
	size_t *split = tp_calloc(P->n_die + 1, sizeof *split), n = 0, ends = 0;
	struct tp_shape m;
	double d[2];
	if (split == NULL) {
		P->pf->oom = 1;
		return;
	}
	for (size_t i = 0; i < P->n_die; i++)
		if (tp_scene_drawn(sc, P->die[i].ref.i, P->die[i].ref.sub, &m, d)->flags &
		    TP_SHAPE_SPLIT)
			split[n++] = i;
	for (size_t j = 0; j < n; j++) {
		const struct die *k = &P->die[split[j]];
		if (k->last == k->first)
			continue;
		const struct tp_pf_seg *a = &P->seg[k->first], *b = &P->seg[k->last - 1];
		const double e[2][2] = { { a->x0, a->y0 }, { b->x1, b->y1 } };
		for (int t = 0; t < 2; t++)
			if (!split_end_shared(P, split, n, j, e[t][0], e[t][1])) {
				ends++;
				tp_pf_add(P, TP_PF_ERROR, e[t][0], e[t][1], "die-split", 1, 0,
				    "a closed die outline cut open by the panel's edge: the component is split across panels");
			}
	}
	if (n > 0 && ends == 0)
		tp_pf_add(P, TP_PF_ERROR, P->seg[P->die[split[0]].first].x0, P->seg[P->die[split[0]].first].y0,
		    "die-split", 1, 0, "a closed die outline cut by the panel's edge");
	free(split);
}
