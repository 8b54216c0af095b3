#include "print/preflight/pf_fills.h"

#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"

#define SIDE 64
#define WIDE 256   /* cells: a fill over more is listed apart */

struct list {
	size_t *v;
	size_t n, cap;
};

struct tp_pf_fills {
	double x0, y0, cw, ch;
	int nx, ny;
	struct list cell[SIDE * SIDE];
	struct list wide;
};

struct tp_pf_fills *tp_pf_fills_new(const struct tp_scene *sc)
{
	struct tp_pf_fills *f = tp_calloc(1, sizeof *f);
	if (f == NULL)
		return NULL;
	double w = sc->trim_w + 2 * sc->bleed, h = sc->trim_h + 2 * sc->bleed;
	f->x0 = -sc->bleed;
	f->y0 = -sc->bleed;
	f->nx = f->ny = SIDE;
	f->cw = w > 0 ? w / SIDE : 1;
	f->ch = h > 0 ? h / SIDE : 1;
	return f;
}

void tp_pf_fills_free(struct tp_pf_fills *f)
{
	if (f == NULL)
		return;
	for (int i = 0; i < SIDE * SIDE; i++)
		free(f->cell[i].v);
	free(f->wide.v);
	free(f);
}

/* The cell column (or row) of v: monotone, clamped to the grid. */
static int at(double v, double v0, double step, int n)
{
	double c = floor((v - v0) / step);
	return !(c >= 0) ? 0 : c >= n ? n - 1 : (int)c;
}

static int push(struct list *l, size_t k)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 8;
		size_t *v = tp_realloc(l->v, cap * sizeof *v);
		if (v == NULL)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = k;
	return 0;
}

int tp_pf_fills_add(struct tp_pf_fills *f, size_t k, const double b[4])
{
	int c0 = at(fmin(b[0], b[2]), f->x0, f->cw, f->nx), c1 = at(fmax(b[0], b[2]), f->x0, f->cw, f->nx);
	int r0 = at(fmin(b[1], b[3]), f->y0, f->ch, f->ny), r1 = at(fmax(b[1], b[3]), f->y0, f->ch, f->ny);
	if ((long)(c1 - c0 + 1) * (r1 - r0 + 1) > WIDE)
		return push(&f->wide, k);
	for (int r = r0; r <= r1; r++)
		for (int c = c0; c <= c1; c++)
			if (push(&f->cell[r * f->nx + c], k) != 0)
				return -1;
	return 0;
}

void tp_pf_fills_at(const struct tp_pf_fills *f, double x, double y, const size_t **cell,
		    size_t *n_cell, const size_t **wide, size_t *n_wide)
{
	const struct list *l = &f->cell[at(y, f->y0, f->ch, f->ny) * f->nx + at(x, f->x0, f->cw, f->nx)];
	*cell = l->v;
	*n_cell = l->n;
	*wide = f->wide.v;
	*n_wide = f->wide.n;
}
