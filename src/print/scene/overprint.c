#include "print/scene/overprint.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/layout/sheet.h"
#include "print/scene/walk.h"

/* Cells of the grid the shapes already drawn are found by, a side. */
#define GRID 64
/* A shape over more cells than this is kept in one list of wide ones. */
#define WIDE_CELLS 256

/* A shape drawn: its box and the plates it leaves printed there.  An
 * overprint kept is one such piece per shape it lies over (the two boxes'
 * overlap, its plates over that shape's), and one of its own plates over
 * paper, so that what is stacked later is measured against each. */
struct drawn {
	double b[4];
	float plate[4];
	size_t seen;   /* the query that last met it */
};

/* An overprint kept over more shapes than this is one piece: its box,
 * each plate the most of its stacks (errs towards the knock-out). */
#define MAX_PIECES 64

struct cell {
	size_t *id;
	size_t n, cap;
};

struct grid {
	double x0, y0, cw, ch;
	struct cell cell[GRID * GRID];
	struct cell wide;
	struct drawn *d;
	size_t n, cap;
	size_t query;
	/* The pieces of the overprint being decided (see drawn). */
	struct drawn piece[MAX_PIECES];
	size_t n_piece;
	int merged;
};

static int push(struct cell *c, size_t id)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 8;
		size_t *t = tp_realloc(c->id, cap * sizeof *t);
		if (t == NULL)
			return -1;
		c->id = t;
		c->cap = cap;
	}
	c->id[c->n++] = id;
	return 0;
}

static int clampi(double v)
{
	return v < 0 ? 0 : v > GRID - 1 ? GRID - 1 : (int)v;
}

/* The cells box b covers: i0..i1 across, j0..j1 down. */
static void span(const struct grid *g, const double b[4], int *i0, int *j0, int *i1, int *j1)
{
	*i0 = clampi(floor((b[0] - g->x0) / g->cw));
	*i1 = clampi(floor((b[2] - g->x0) / g->cw));
	*j0 = clampi(floor((b[1] - g->y0) / g->ch));
	*j1 = clampi(floor((b[3] - g->y0) / g->ch));
}

static int overlap(const double a[4], const double b[4])
{
	return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/* Shapes closer than this (mm) meet: squares laid edge to edge differ
 * in the last bits of their sums, and a raster device paints the pixel of
 * a shared edge for both, so touching counts as under (a platesetter's
 * spot is about 0.01 mm). */
#define TOUCH_MM 0.01

/* Shape s's box, its stroke included, grown by TOUCH_MM. */
static void box(const struct tp_scene *sc, const struct tp_shape *s, double b[4])
{
	tp_shape_bbox(sc, s, b);
	double h = ((s->paint & TP_STROKE) ? s->stroke / 2 : 0) + TOUCH_MM;
	b[0] -= h;
	b[1] -= h;
	b[2] += h;
	b[3] += h;
}

/* Ink k over the shapes of cell c under box b: *most the most ink it
 * stacks, plate[] the most it leaves on each plate, and its pieces. */
static void over(struct grid *g, const struct cell *c, const struct tp_ink *k,
		 const double b[4], double *most, float plate[4])
{
	for (size_t n = 0; n < c->n; n++) {
		struct drawn *u = &g->d[c->id[n]];
		if (u->seen == g->query || !overlap(u->b, b))
			continue;
		u->seen = g->query;
		double t = 0;
		float v[4];
		for (int p = 0; p < 4; p++) {
			v[p] = k->cmyk[p] > 0 ? (float)k->cmyk[p] : u->plate[p];
			t += v[p];
			plate[p] = fmaxf(plate[p], v[p]);
		}
		*most = fmax(*most, t);
		if (g->n_piece < MAX_PIECES) {
			struct drawn *q = &g->piece[g->n_piece++];
			q->b[0] = fmax(b[0], u->b[0]);
			q->b[1] = fmax(b[1], u->b[1]);
			q->b[2] = fmin(b[2], u->b[2]);
			q->b[3] = fmin(b[3], u->b[3]);
			memcpy(q->plate, v, sizeof v);
		} else {
			g->merged = 1;
		}
	}
}

/* The most ink ink k, overprinting, stacks over any shape drawn under
 * box b; plate[] the most it leaves on each plate, and in g->piece what
 * it leaves over each shape. */
static double stack(struct grid *g, const struct tp_ink *k, const double b[4], float plate[4])
{
	double most = 0;
	for (int p = 0; p < 4; p++) {
		plate[p] = (float)k->cmyk[p];
		most += k->cmyk[p];
	}
	g->query++;
	g->n_piece = 0;
	g->merged = 0;
	int i0, j0, i1, j1;
	span(g, b, &i0, &j0, &i1, &j1);
	for (int j = j0; j <= j1; j++)
		for (int i = i0; i <= i1; i++)
			over(g, &g->cell[j * GRID + i], k, b, &most, plate);
	over(g, &g->wide, k, b, &most, plate);
	return most;
}

static int add(struct grid *g, const double b[4], const float plate[4])
{
	if (g->n == g->cap) {
		size_t cap = g->cap ? 2 * g->cap : 256;
		struct drawn *t = tp_realloc(g->d, cap * sizeof *t);
		if (t == NULL)
			return -1;
		g->d = t;
		g->cap = cap;
	}
	size_t id = g->n++;
	memcpy(g->d[id].b, b, sizeof g->d[id].b);
	memcpy(g->d[id].plate, plate, sizeof g->d[id].plate);
	g->d[id].seen = 0;
	int i0, j0, i1, j1;
	span(g, b, &i0, &j0, &i1, &j1);
	if ((size_t)(i1 - i0 + 1) * (size_t)(j1 - j0 + 1) > WIDE_CELLS)
		return push(&g->wide, id);
	for (int j = j0; j <= j1; j++)
		for (int i = i0; i <= i1; i++)
			if (push(&g->cell[j * GRID + i], id) != 0)
				return -1;
	return 0;
}

/* Shape of ink k (box b) drawn, overprinting (op) or not, after stack()
 * when it overprints: what it leaves printed, into the grid. */
static int drawn(struct grid *g, const struct tp_ink *k, int op, const double b[4],
		 const float most[4])
{
	float own[4];
	for (int p = 0; p < 4; p++)
		own[p] = (float)k->cmyk[p];
	if (!op || g->n_piece == 0)
		return add(g, b, own);
	if (g->merged)
		return add(g, b, most);
	size_t n = g->n_piece;
	struct drawn piece[MAX_PIECES];
	memcpy(piece, g->piece, n * sizeof *piece);
	for (size_t i = 0; i < n; i++)
		if (add(g, piece[i].b, piece[i].plate) != 0)
			return -1;
	return add(g, b, own);
}

/* 1 when ink k, overprinting, could pass limit t (a fraction) over some
 * process ink of the palette: the plates' most, an upper bound. */
static int risky(const struct tp_palette *pal, const struct tp_ink *k, double t)
{
	if (k->kind != TP_INK_PROCESS || !k->overprint)
		return 0;
	double most[4] = { 0 }, sum = 0;
	for (size_t i = 0; i < pal->n; i++)
		for (int p = 0; p < 4 && pal->ink[i].kind == TP_INK_PROCESS; p++)
			most[p] = fmax(most[p], pal->ink[i].cmyk[p]);
	for (int p = 0; p < 4; p++)
		sum += k->cmyk[p] > 0 ? k->cmyk[p] : most[p];
	return sum > t + 1e-9;
}

int tp_overprint_decide(const struct tp_scene *sc, const struct tp_walk_opts *o,
			const uint32_t *order, size_t n, uint8_t **knock, tp_err *e)
{
	*knock = NULL;
	const struct tp_palette *pal = &sc->pal;
	double t = pal->max_tac_pct / 100;
	if (t <= 0)
		return TP_OK;
	int any = 0;
	for (size_t i = 0; i < pal->n && !any; i++)
		any = risky(pal, &pal->ink[i], t);
	if (!any)
		return TP_OK;
	/* The whole sheet's view, every ink: a plate knocks out as the
	 * composite does. */
	struct tp_walk_opts all = *o;
	all.inks = 0;
	all.only = NULL;
	all.n_only = 0;
	struct grid *g = tp_calloc(1, sizeof *g);
	uint8_t *ko = tp_calloc(sc->n_shapes ? sc->n_shapes : 1, 1);
	int rc = g && ko ? TP_OK : TP_EIO;
	if (rc == TP_OK) {
		double m = sc->bleed + sc->margin;
		g->x0 = -m;
		g->y0 = -m;
		g->cw = (sc->trim_w + 2 * m) / GRID;
		g->ch = (sc->trim_h + 2 * m) / GRID;
		g->cw = g->cw > 0 ? g->cw : 1;
		g->ch = g->ch > 0 ? g->ch : 1;
	}
	int kept = 1;
	for (size_t k = 0; k < n && rc == TP_OK; k++) {
		const struct tp_shape *s = &sc->shapes[order[k]];
		const struct tp_ink *ink = tp_scene_ink(sc, s->ink);
		/* Marks lie outside the art; pictures are held to the limit
		 * on their own; spot plates are not process ink. */
		if (tp_walk_sees(sc, &all, s) != TP_WALK_ART || s->kind == TP_SHAPE_IMAGE ||
		    ink == NULL || ink->kind != TP_INK_PROCESS)
			continue;
		double b[4];
		float plate[4];
		box(sc, s, b);
		if (!(b[0] <= b[2] && b[1] <= b[3]))
			continue;
		int op = ink->overprint;
		if (op)
			op = !(stack(g, ink, b, plate) > t + 1e-9 && risky(pal, ink, t));
		if (!op && ink->overprint) {
			ko[order[k]] = 1;
			kept = 0;
		}
		if (drawn(g, ink, op, b, plate) != 0)
			rc = TP_EIO;
	}
	if (g) {
		for (size_t c = 0; c < GRID * GRID; c++)
			free(g->cell[c].id);
		free(g->wide.id);
		free(g->d);
		free(g);
	}
	if (rc != TP_OK) {
		free(ko);
		return tp_fail(e, TP_EIO, "%s: out of memory deciding overprints", sc->name);
	}
	if (kept)
		free(ko);
	else
		*knock = ko;
	return TP_OK;
}
