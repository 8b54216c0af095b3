#include "print/scene/scene_index.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/scene/walk.h"
#include "print/layout/sheet.h"

/* Grid side limit: 4096 x 4096 cells at most, whatever the scene. */
#define MAX_SIDE 4096   /* cell numbers fit 16 bits, below NAN_CELLS */
/* Shapes per cell the grid aims at: coarser cells list each shape fewer
 * times (less to build) at the price of a few more candidates a query. */
#define SHAPES_PER_CELL 8
/* A shape covering more cells than this (or the grid's limit below) is
 * handed to every query instead of being listed in each cell. */
#define MIN_WIDE_CELLS 16

struct tp_scene_index {
	const struct tp_scene *sc;
	size_t n;              /* shapes indexed: sc->n_shapes when made */
	double (*box)[4];      /* box of every shape */
	int gx, gy;            /* cells across and down */
	double x0, y0, cw, ch; /* grid origin and cell size, mm */
	uint32_t *start;       /* gx * gy + 1 offsets into ids */
	uint32_t *ids;         /* shape numbers by cell, ascending in each */
	size_t *wide;          /* shapes in every query, ascending */
	size_t n_wide;
	unsigned *stamp;       /* per shape: the last query that took it */
	unsigned query;
	size_t *out;           /* the last query's answer */
	size_t *tmp;           /* room to sort it */
	size_t cap_out;        /* of out and of tmp */
};

/* The cell holding coordinate v on an axis of n cells from o, size cs,
 * clamped to the grid: monotone in v, so two overlapping intervals always
 * share a cell. */
static int cell(double v, double o, double cs, int n)
{
	double t = floor((v - o) / cs);
	if (!(t >= 0))
		return 0;
	return t >= n - 1 ? n - 1 : (int)t;
}

/* The cells a box covers, or 0 when it belongs to the wide list (a box
 * that is not a number: the exact test may still take it anywhere). */
static size_t cells_of(const struct tp_scene_index *ix, const double *b, int c[4])
{
	if (isnan(b[0]) || isnan(b[1]) || isnan(b[2]) || isnan(b[3]))
		return 0;
	/* A box may be inverted (a rect of negative size): the region test
	 * takes it over the span between its edges. */
	c[0] = cell(fmin(b[0], b[2]), ix->x0, ix->cw, ix->gx);
	c[2] = cell(fmax(b[0], b[2]), ix->x0, ix->cw, ix->gx);
	c[1] = cell(fmin(b[1], b[3]), ix->y0, ix->ch, ix->gy);
	c[3] = cell(fmax(b[1], b[3]), ix->y0, ix->ch, ix->gy);
	return (size_t)(c[2] - c[0] + 1) * (size_t)(c[3] - c[1] + 1);
}

/* Shapes worth listing: not marks, and with a box that can meet a region
 * (an empty path's inverted infinite box meets none). */
static int listed(const struct tp_scene *sc, size_t i, const double *b)
{
	return tp_walk_shows(sc, &tp_walk_art, &sc->shapes[i]) && !(b[0] == INFINITY && b[2] == -INFINITY);
}

/* Grid size: about one cell per SHAPES_PER_CELL shapes over the bleed box,
 * cells as square as the box allows. */
static void plan_grid(struct tp_scene_index *ix)
{
	const struct tp_scene *sc = ix->sc;
	double b = sc->bleed, w = sc->trim_w + 2 * b, h = sc->trim_h + 2 * b;
	ix->gx = ix->gy = 1;
	ix->x0 = -b;
	ix->y0 = -b;
	if (!(w > 0 && h > 0 && isfinite(w) && isfinite(h) && isfinite(b))) {
		ix->x0 = ix->y0 = 0;
		ix->cw = ix->ch = 1;
		return;
	}
	double target = fmax(1, (double)ix->n / SHAPES_PER_CELL);
	double gx = round(sqrt(target * w / h)), gy;
	gx = fmin(fmax(gx, 1), MAX_SIDE);
	gy = fmin(fmax(ceil(target / gx), 1), MAX_SIDE);
	ix->gx = (int)gx;
	ix->gy = (int)gy;
	ix->cw = w / gx;
	ix->ch = h / gy;
}

/* The cells of every listed shape, computed once: rng[i] = x0, y0, x1, y1
 * (inclusive), or x0 = NO_CELLS for a shape that is not listed and
 * NAN_CELLS for one whose box is not a number (the wide list takes it). */
#define NO_CELLS UINT16_MAX
#define NAN_CELLS (UINT16_MAX - 1)
static void ranges(const struct tp_scene_index *ix, uint16_t (*rng)[4])
{
	for (size_t i = 0; i < ix->n; i++) {
		int c[4];
		if (!listed(ix->sc, i, ix->box[i]))
			rng[i][0] = NO_CELLS;
		else if (cells_of(ix, ix->box[i], c) == 0)
			rng[i][0] = NAN_CELLS;
		else
			for (int k = 0; k < 4; k++)
				rng[i][k] = (uint16_t)c[k];
	}
}

static size_t n_cells(const uint16_t *r)
{
	return (size_t)(r[2] - r[0] + 1) * (size_t)(r[3] - r[1] + 1);
}

/* Counts (per cell) and lists the shapes; wide shapes cover more than
 * limit cells.  0, -1 when the listing would exceed max_entries, -2 when
 * out of memory. */
static int fill(struct tp_scene_index *ix, const uint16_t (*rng)[4], size_t limit,
		size_t max_entries)
{
	size_t ncells = (size_t)ix->gx * ix->gy, total = 0;
	memset(ix->start, 0, (ncells + 1) * sizeof *ix->start);
	ix->n_wide = 0;
	for (size_t i = 0; i < ix->n; i++) {
		const uint16_t *r = rng[i];
		if (r[0] == NO_CELLS)
			continue;
		size_t k = r[0] == NAN_CELLS ? 0 : n_cells(r);
		if (k == 0 || k > limit) {
			ix->wide[ix->n_wide++] = i;
			continue;
		}
		total += k;
		if (total > max_entries)
			return -1;
		for (size_t y = r[1]; y <= r[3]; y++)
			for (size_t x = r[0]; x <= r[2]; x++)
				ix->start[y * ix->gx + x + 1]++;
	}
	for (size_t k = 0; k < ncells; k++)
		ix->start[k + 1] += ix->start[k];
	ix->ids = tp_malloc((total ? total : 1) * sizeof *ix->ids);
	uint32_t *next = tp_malloc((ncells ? ncells : 1) * sizeof *next);
	if (ix->ids == NULL || next == NULL) {
		free(next);
		return -2;
	}
	memcpy(next, ix->start, ncells * sizeof *next);
	for (size_t i = 0; i < ix->n; i++) {
		const uint16_t *r = rng[i];
		if (r[0] >= NAN_CELLS || n_cells(r) > limit)
			continue;
		for (size_t y = r[1]; y <= r[3]; y++)
			for (size_t x = r[0]; x <= r[2]; x++)
				ix->ids[next[y * ix->gx + x]++] = (uint32_t)i;
	}
	free(next);
	return 0;
}

/* The grid's listing (start, ids, wide).  0, or -1 when out of memory. */
static int list_shapes(struct tp_scene_index *ix)
{
	size_t ncells = (size_t)ix->gx * ix->gy;
	ix->start = tp_malloc((ncells + 1) * sizeof *ix->start);
	uint16_t (*rng)[4] = tp_malloc((ix->n ? ix->n : 1) * sizeof *rng);
	if (ix->start == NULL || rng == NULL) {
		free(rng);
		return -1;
	}
	ranges(ix, rng);
	/* Listings are bounded by a few entries a shape: when the shapes are
	 * large for the grid, more of them go to the wide list. */
	size_t limit = ncells / 16 > MIN_WIDE_CELLS ? ncells / 16 : MIN_WIDE_CELLS;
	size_t max_entries = 16 * ix->n + 4096;
	/* Cell offsets and shape numbers are 32 bits: a scene too big for
	 * them (hundreds of millions of shapes) lists every shape as wide. */
	if (ix->n > (UINT32_MAX - 4096) / 16)
		limit = 0;
	int rc;
	while ((rc = fill(ix, (const uint16_t (*)[4])rng, limit, max_entries)) == -1 && limit > 1)
		limit /= 2;
	free(rng);
	return rc == 0 ? 0 : -1;
}

struct tp_scene_index *tp_scene_index_new(const struct tp_scene *sc)
{
	struct tp_scene_index *ix = tp_calloc(1, sizeof *ix);
	if (ix == NULL)
		return NULL;
	ix->sc = sc;
	ix->n = sc->n_shapes;
	size_t n1 = ix->n ? ix->n : 1;
	ix->box = tp_malloc(n1 * sizeof *ix->box);
	ix->wide = tp_malloc(n1 * sizeof *ix->wide);
	ix->stamp = tp_calloc(n1, sizeof *ix->stamp);
	if (ix->box == NULL || ix->wide == NULL || ix->stamp == NULL)
		goto oom;
	for (size_t i = 0; i < ix->n; i++)
		tp_shape_bbox(sc, &sc->shapes[i], ix->box[i]);
	plan_grid(ix);
	if (list_shapes(ix) != 0)
		goto oom;
	return ix;
oom:
	tp_scene_index_free(ix);
	return NULL;
}

void tp_scene_index_free(struct tp_scene_index *ix)
{
	if (ix == NULL)
		return;
	free(ix->box);
	free(ix->wide);
	free(ix->stamp);
	free(ix->start);
	free(ix->ids);
	free(ix->out);
	free(ix->tmp);
	free(ix);
}

/* Ascending.  An answer is a few runs of ascending numbers (one a cell,
 * and a scene's shapes mostly go left to right), nearly sorted: insertion
 * sort for short answers; long ones (a panel of a big sheet) by radix,
 * a byte a pass, through tmp (room for n). */
static void sort_ids(size_t *v, size_t n, size_t *tmp)
{
	if (n <= 256) {
		for (size_t i = 1; i < n; i++) {
			size_t x = v[i], k = i;
			for (; k > 0 && v[k - 1] > x; k--)
				v[k] = v[k - 1];
			v[k] = x;
		}
		return;
	}
	size_t max = 0;
	for (size_t i = 0; i < n; i++)
		max = v[i] > max ? v[i] : max;
	size_t *from = v, *to = tmp;
	for (unsigned shift = 0; shift < 8 * sizeof max && (max >> shift) != 0; shift += 8) {
		size_t count[257] = { 0 };
		for (size_t i = 0; i < n; i++)
			count[((from[i] >> shift) & 0xff) + 1]++;
		for (int d = 0; d < 256; d++)
			count[d + 1] += count[d];
		for (size_t i = 0; i < n; i++)
			to[count[(from[i] >> shift) & 0xff]++] = from[i];
		size_t *t = from;
		from = to;
		to = t;
	}
	if (from != v)
		memcpy(v, from, n * sizeof *v);
}

/* Makes room for n more answers.  0 or -1. */
static int reserve(struct tp_scene_index *ix, size_t used, size_t more)
{
	/* Both arrays grow from the same capacity to the same one. */
	size_t c_out = ix->cap_out, c_tmp = ix->cap_out;
	if (tp_grow((void **)&ix->out, &c_out, used + more, sizeof *ix->out, 64) != 0 ||
	    tp_grow((void **)&ix->tmp, &c_tmp, used + more, sizeof *ix->tmp, 64) != 0)
		return -1;
	ix->cap_out = c_tmp;
	return 0;
}

int tp_scene_index_query(struct tp_scene_index *ix, double x, double y, double w, double h,
			 const size_t **ids, size_t *n)
{
	size_t m = 0;
	*ids = NULL;
	*n = 0;
	if (!(isfinite(x) && isfinite(y) && isfinite(w) && isfinite(h))) {
		if (reserve(ix, 0, ix->n) != 0)
			return -1;
		for (size_t i = 0; i < ix->n; i++)
			if (listed(ix->sc, i, ix->box[i]))
				ix->out[m++] = i;
		*ids = ix->out;
		*n = m;
		return 0;
	}
	if (++ix->query == 0) {
		/* The stamps wrapped: start them over. */
		memset(ix->stamp, 0, (ix->n ? ix->n : 1) * sizeof *ix->stamp);
		ix->query = 1;
	}
	int c[4];
	double b[4] = { x, y, x + w, y + h };
	cells_of(ix, b, c);
	for (int cy = c[1]; cy <= c[3]; cy++)
		for (int cx = c[0]; cx <= c[2]; cx++) {
			size_t k = (size_t)cy * ix->gx + cx;
			size_t first = ix->start[k], last = ix->start[k + 1];
			if (reserve(ix, m, last - first) != 0)
				return -1;
			for (size_t j = first; j < last; j++) {
				size_t i = ix->ids[j];
				if (ix->stamp[i] != ix->query) {
					ix->stamp[i] = ix->query;
					ix->out[m++] = i;
				}
			}
		}
	if (reserve(ix, m, ix->n_wide) != 0)
		return -1;
	if (ix->n_wide) {   /* (out may still be NULL: memcpy(NULL, .., 0) is undefined) */
		memcpy(ix->out + m, ix->wide, ix->n_wide * sizeof *ix->wide);
		m += ix->n_wide;
	}
	sort_ids(ix->out, m, ix->tmp);
	*ids = ix->out;
	*n = m;
	return 0;
}

const double *tp_scene_index_box(const struct tp_scene_index *ix, size_t i)
{
	return ix->box[i];
}
