#include "print/preflight/pf_fills.h"

#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"

/* The grid grows with the page's shapes, about SHAPES_PER_CELL of them a
 * cell, from MIN_SIDE x MIN_SIDE up to MAX_CELLS cells, cells as square as
 * the bleed box allows: a fixed grid made every query on a large board
 * scan a list that grew with the board. */
#define MIN_SIDE 64
#define SHAPES_PER_CELL 8
#define MAX_CELLS (2048 * 2048)
#define WIDE 256   /* cells: a fill over more is listed apart */

struct list {
	size_t *v;
	size_t n, cap;
};

struct tp_pf_fills {
	double x0, y0, cw, ch;
	int nx, ny;
	struct list *cell;   /* nx * ny */
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
	double cells = fmin(fmax((double)sc->n_shapes / SHAPES_PER_CELL, MIN_SIDE * MIN_SIDE), MAX_CELLS);
	double nx = w > 0 && h > 0 && isfinite(w / h) ? round(sqrt(cells * w / h)) : MIN_SIDE;
	nx = fmin(fmax(nx, MIN_SIDE), MAX_CELLS / MIN_SIDE);
	f->nx = (int)nx;
	f->ny = (int)fmin(fmax(ceil(cells / nx), MIN_SIDE), MAX_CELLS / nx);
	f->cw = w > 0 ? w / f->nx : 1;
	f->ch = h > 0 ? h / f->ny : 1;
	f->cell = tp_calloc((size_t)f->nx * f->ny, sizeof *f->cell);
	if (f->cell == NULL) {
		free(f);
		return NULL;
	}
	return f;
}

void tp_pf_fills_free(struct tp_pf_fills *f)
{
	if (f == NULL)
		return;
	for (size_t i = 0; f->cell && i < (size_t)f->nx * f->ny; i++)
		free(f->cell[i].v);
	free(f->cell);
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
	/* An entry (pf_runs.h) grows by fill after fill: listed once. */
	if (l->n > 0 && l->v[l->n - 1] == k)
		return 0;
	if (tp_grow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v, 8) != 0)
		return -1;
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
