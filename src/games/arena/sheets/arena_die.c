/* The shape arena's die for the simpler game (seed 002: "The die is thrown
 * by each player in turn who then has to play one of his pieces having the
 * number of squares shown by the number on the die"): a cube net of six
 * faces of 1 to 6 pips, opposite faces summing to 7, with glue tabs and
 * its die line, printed when arena.die = pips. */

#include <stdio.h>

#include "games/arena/model/arena_polyform.h"
#include "games/arena/sheets/arena_sheets.h"
#include "print/layout/die.h"
#include "print/scene/scene.h"

/* The cross net, in faces of die_mm, y down: face (col, row) and its pips.
 * Opposite faces of the folded cube: (1,0)-(1,2), (0,1)-(2,1), (1,1)-(3,1). */
static const int face_at[6][3] = { { 1, 0, 3 }, { 0, 1, 2 }, { 1, 1, 1 },
				   { 2, 1, 5 }, { 3, 1, 6 }, { 1, 2, 4 } };

/* The net's outline clockwise from the top-left corner of face (1,0), in
 * faces; tab[i] when the edge from corner i to i + 1 carries a glue tab.
 * The 14 outer edges fold into 7 seams; one edge of each seam has a tab. */
static const int corner[14][2] = { { 1, 0 }, { 2, 0 }, { 2, 1 }, { 3, 1 }, { 4, 1 }, { 4, 2 }, { 3, 2 },
				   { 2, 2 }, { 2, 3 }, { 1, 3 }, { 1, 2 }, { 0, 2 }, { 0, 1 }, { 1, 1 } };
static const int tab[14] = { 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 1, 0 };

/* Pip centres of a face of v (1..6) on a 3 x 3 grid, as (col, row) 0..2. */
static int pips_of(int v, int at[6][2])
{
	static const int pos[6][6][2] = {
		{ { 1, 1 } },
		{ { 0, 0 }, { 2, 2 } },
		{ { 0, 0 }, { 1, 1 }, { 2, 2 } },
		{ { 0, 0 }, { 2, 0 }, { 0, 2 }, { 2, 2 } },
		{ { 0, 0 }, { 2, 0 }, { 1, 1 }, { 0, 2 }, { 2, 2 } },
		{ { 0, 0 }, { 2, 0 }, { 0, 1 }, { 2, 1 }, { 0, 2 }, { 2, 2 } },
	};
	for (int i = 0; i < v; i++) {
		at[i][0] = pos[v - 1][i][0];
		at[i][1] = pos[v - 1][i][1];
	}
	return v;
}

/* The die line: the outline with a tab (depth t, 45-degree ends) pushed
 * out of each tabbed edge.  Writes up to 14 + 2 * 7 points. */
static size_t outline(double d, double t, double *xy)
{
	size_t n = 0;
	for (int i = 0; i < 14; i++) {
		double x0 = corner[i][0] * d, y0 = corner[i][1] * d;
		double x1 = corner[(i + 1) % 14][0] * d, y1 = corner[(i + 1) % 14][1] * d;
		xy[2 * n] = x0;
		xy[2 * n++ + 1] = y0;
		if (!tab[i])
			continue;
		double ux = (x1 - x0) / d, uy = (y1 - y0) / d;
		double nx = uy, ny = -ux; /* clockwise on the page (y down): the outside */
		xy[2 * n] = x0 + t * ux + t * nx;
		xy[2 * n++ + 1] = y0 + t * uy + t * ny;
		xy[2 * n] = x1 - t * ux + t * nx;
		xy[2 * n++ + 1] = y1 - t * uy + t * ny;
	}
	return n;
}

/* Face value v's shape (the shape of v cells: the shapes are sorted by
 * size) as a filled silhouette of its cells, scaled to fit
 * TP_ARENA_DIE_SHAPE of the face of d mm at (x, y) and centred on it.  0, or -1 when out of memory
 * (finish() refused shapes that do not trace). */
static int silhouette(struct tp_scene *sc, const struct tp_arena_shapes *sh, int v, double x,
		      double y, double d)
{
	const struct tp_arena_shape *s = &sh->s[v - 1];
	int xy[2 * 64];
	int n = tp_arena_trace(sh->grid, (const int (*)[2])s->cell, s->n_cells, xy, 64);
	if (n < 3)
		return -1;
	double p[2 * 64], b[4] = { 1e9, 1e9, -1e9, -1e9 };
	for (int i = 0; i < n; i++) {
		tp_arena_lattice_mm(sh->grid, 1, xy[2 * i], xy[2 * i + 1], &p[2 * i], &p[2 * i + 1]);
		b[0] = p[2 * i] < b[0] ? p[2 * i] : b[0];
		b[1] = p[2 * i + 1] < b[1] ? p[2 * i + 1] : b[1];
		b[2] = p[2 * i] > b[2] ? p[2 * i] : b[2];
		b[3] = p[2 * i + 1] > b[3] ? p[2 * i + 1] : b[3];
	}
	double w = b[2] - b[0], h = b[3] - b[1], k = TP_ARENA_DIE_SHAPE * d / (w > h ? w : h);
	/* Cell by cell, each drawn a little inside its edges, so that the
	 * cells can be counted on the silhouette. */
	for (int c = 0; c < s->n_cells; c++) {
		int m = tp_arena_trace(sh->grid, (const int (*)[2])s->cell[c], 1, xy, 64);
		if (m < 3)
			return -1;
		double q[2 * 8], o[2 * 8];
		for (int i = 0; i < m && i < 8; i++) {
			tp_arena_lattice_mm(sh->grid, 1, xy[2 * i], xy[2 * i + 1], &q[2 * i], &q[2 * i + 1]);
			q[2 * i] = x + d / 2 + (q[2 * i] - (b[0] + b[2]) / 2) * k;
			q[2 * i + 1] = y + d / 2 + (q[2 * i + 1] - (b[1] + b[3]) / 2) * k;
		}
		tp_arena_poly_offset(q, m, -0.04 * k, o);
		if (tp_scene_poly(sc, TP_INK_NUMBER, TP_FILL, 0, o, (size_t)m) != 0)
			return -1;
	}
	return 0;
}

int tp_arena_die_absent(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	if (tp_arena(c)->die != TP_ARENA_DIE_OFF)
		return 0;
	snprintf(why, n, "arena.die = off prints no %s; set arena.die = pips or shapes", sheet);
	return 1;
}

int tp_arena_build_die(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	(void)model;
	const struct tp_arena_cfg *a = tp_arena(c);
	double d = a->die_mm, t = d * TP_ARENA_DIE_TAB;
	static const int layers[] = { TP_INK_NUMBER, TP_INK_LINE, TP_INK_CUT };
	struct tp_scene *sc = tp_scene_new_layered("die-net", 4 * d + t, 3 * d, c->print.bleed_mm,
						   &c->print.inks, layers, 3);
	if (tp_doc_add(doc, sc, "die net: fold on the lines, glue the tabs inside") != 0)
		return -1;
	double lw = 0.2;
	int rc = 0;
	for (int f = 0; f < 6 && rc == 0; f++) {
		double x = face_at[f][0] * d, y = face_at[f][1] * d;
		int at[6][2], k = a->die == TP_ARENA_DIE_SHAPES ? 0 : pips_of(face_at[f][2], at);
		if (a->die == TP_ARENA_DIE_SHAPES)
			rc = silhouette(sc, &a->shapes, face_at[f][2], x, y, d);
		for (int i = 0; i < k && rc == 0; i++)
			rc = tp_scene_circle(sc, TP_INK_NUMBER, TP_FILL, 0, x + (0.25 + 0.25 * at[i][0]) * d,
					     y + (0.25 + 0.25 * at[i][1]) * d, d * TP_ARENA_DIE_PIP);
		/* fold lines: every face's outline (the die line covers the outer ones) */
		if (rc == 0)
			rc = tp_scene_rect(sc, TP_INK_LINE, TP_STROKE, lw, x, y, d, d);
	}
	double xy[2 * 28];
	size_t n = outline(d, t, xy);
	if (rc == 0)
		rc = tp_die_contour(sc, xy, n, TP_DIE_STROKE_MM);
	return rc;
}
