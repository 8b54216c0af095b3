#include "print/preflight/pf_runs.h"

#include <stdlib.h>

#include "core/alloc.h"

static int by_key(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

int tp_pf_runs_init(struct tp_pf_runs *l, const struct tp_scene *sc, tp_pf_keep keep)
{
	*l = (struct tp_pf_runs){ .sc = sc, .keep = keep };
	l->at = tp_calloc(sc->n_symbols + 1, sizeof *l->at);
	if (l->at == NULL)
		return -1;
	size_t n = 0;
	for (size_t k = 0; k < sc->n_symbols; k++)
		for (size_t j = sc->symbols[k].first; j < sc->symbols[k].end; j++)
			n += keep(sc, &sc->sym_shapes[j]) != 0;
	l->key = tp_malloc((n ? n : 1) * sizeof *l->key);
	if (l->key == NULL)
		return -1;
	n = 0;
	for (size_t k = 0; k < sc->n_symbols; k++) {
		const struct tp_scene_group *g = &sc->symbols[k];
		l->at[k] = n;
		for (size_t j = g->first; j < g->end; j++)
			if (keep(sc, &sc->sym_shapes[j]))
				l->key[n++] = (uint64_t)sc->sym_shapes[j].layer << 32 | (j - g->first);
		/* By layer, then number: a placement's shapes on a layer, as
		 * the walk gives them, are a range. */
		qsort(l->key + l->at[k], n - l->at[k], sizeof *l->key, by_key);
	}
	l->at[sc->n_symbols] = n;
	return 0;
}

void tp_pf_runs_free(struct tp_pf_runs *l)
{
	free(l->key);
	free(l->at);
	free(l->v);
	*l = (struct tp_pf_runs){ 0 };
}

int tp_pf_runs_add(struct tp_pf_runs *l, size_t index, size_t sub, int placed, unsigned layer)
{
	uint32_t lo = 0, hi = 0;
	if (placed) {
		size_t sym = l->sc->shapes[index].first;
		uint64_t want = (uint64_t)layer << 32 | sub;
		size_t a = l->at[sym], b = l->at[sym + 1];
		while (a < b) {
			size_t m = a + (b - a) / 2;
			if (l->key[m] < want)
				a = m + 1;
			else
				b = m;
		}
		if (a == l->at[sym + 1] || l->key[a] != want || a >= UINT32_MAX)
			return -1;
		struct tp_pf_run *r = l->n ? &l->v[l->n - 1] : NULL;
		if (r && r->hi > r->lo && r->i == index && r->hi == a) {
			r->hi++;
			return 0;
		}
		lo = (uint32_t)a;
		hi = lo + 1;
	}
	if (tp_grow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v, 64) != 0)
		return -1;
	l->v[l->n++] = (struct tp_pf_run){ index, lo, hi };
	return 0;
}
