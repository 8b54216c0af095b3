/* The preflight's emboss gap rule (preflight_int.h). */

#include "print/preflight/preflight_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

#define EPS TP_PF_EPS

/* An emboss element's outline as straight pieces (a curve flattened, as
 * drawn), for the gap rule at the page's end. */
int tp_pf_add_emboss(struct tp_pf_page *P, const struct tp_walk_shape *d, const double b[4])
{
	if (tp_grow((void **)&P->emb, &P->cap_emb, P->n_emb + 1, sizeof *P->emb, 64) != 0)
		return -1;
	/* The die collector writes into seg: borrow it. */
	struct tp_pf_seg *seg = P->seg;
	size_t n_seg = P->n_seg, cap_seg = P->cap_seg;
	P->seg = P->eseg;
	P->n_seg = P->n_eseg;
	P->cap_seg = P->cap_eseg;
	struct emboss *k = &P->emb[P->n_emb];
	k->first = P->n_seg;
	int closed;
	size_t sub[1], m;
	int rc = tp_pf_die_segments(P, d, &closed, sub, 1, &m);
	k->last = P->n_seg;
	P->eseg = P->seg;
	P->n_eseg = P->n_seg;
	P->cap_eseg = P->cap_seg;
	P->seg = seg;
	P->n_seg = n_seg;
	P->cap_seg = cap_seg;
	if (rc != 0)
		return -1;
	memcpy(k->box, b, sizeof k->box);
	k->stroke = d->s->paint & TP_STROKE ? d->s->stroke : 0;
	P->n_emb++;
	return 0;
}

static int by_x0(const void *a, const void *b)
{
	const struct emboss *u = a, *v = b;
	return (u->box[0] > v->box[0]) - (u->box[0] < v->box[0]);
}

/* Emboss elements closer than emboss_gap, edge to edge (their outlines'
 * distance less half of each stroke): a blind reader cannot tell them
 * apart.  A sweep along x keeps it to the near pairs. */
void tp_pf_emboss_gaps(struct tp_pf_page *P)
{
	double g = P->r->emboss_gap;
	if (P->n_emb < 2)
		return;   /* (qsort takes no NULL, even for nothing) */
	qsort(P->emb, P->n_emb, sizeof *P->emb, by_x0);
	for (size_t a = 0; a < P->n_emb; a++)
		for (size_t b = a + 1; b < P->n_emb && P->emb[b].box[0] <= P->emb[a].box[2] + g; b++) {
			const struct emboss *u = &P->emb[a], *v = &P->emb[b];
			if (u->box[1] > v->box[3] + g || v->box[1] > u->box[3] + g)
				continue;
			double d = INFINITY;
			for (size_t i = u->first; i < u->last; i++)
				for (size_t j = v->first; j < v->last; j++)
					d = fmin(d, tp_pf_seg_seg(&P->eseg[i], &P->eseg[j]));
			d -= (u->stroke + v->stroke) / 2;
			if (d < g - EPS)
				tp_pf_add(P, TP_PF_WARNING, (u->box[0] + u->box[2]) / 2, (u->box[1] + u->box[3]) / 2,
				    "emboss-gap", fmax(d, 0), g, "two emboss elements %.2f mm apart",
				    fmax(d, 0));
		}
}

