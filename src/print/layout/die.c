#include "print/layout/die.h"

static int line(struct tp_scene *sc, double stroke, double x0, double y0, double x1, double y1)
{
	struct tp_pt p[2] = { { TP_MOVE, x0, y0 }, { TP_LINE, x1, y1 } };
	return tp_scene_path(sc, TP_INK_CUT, TP_STROKE, stroke, p, 2);
}

int tp_die_grid(struct tp_scene *sc, double x0, double y0, int rows, int cols,
		double w, double h, double stroke)
{
	if (rows < 1 || cols < 1)
		return 0;
	double x1 = x0 + cols * w, y1 = y0 + rows * h;
	/* Horizontal lines top to bottom, each starting where the last one
	 * ended; then the vertical ones from where the last horizontal ended. */
	for (int r = 0; r <= rows; r++) {
		double y = y0 + r * h;
		if (r % 2 ? line(sc, stroke, x1, y, x0, y) : line(sc, stroke, x0, y, x1, y))
			return -1;
	}
	int from_right = rows % 2 == 0;  /* the last horizontal line ended at x1 */
	for (int k = 0; k <= cols; k++) {
		double x = from_right ? x1 - k * w : x0 + k * w;
		/* The last horizontal line is the bottom one: go up first. */
		if (k % 2 == 0 ? line(sc, stroke, x, y1, x, y0) : line(sc, stroke, x, y0, x, y1))
			return -1;
	}
	return 0;
}

int tp_die_contour(struct tp_scene *sc, const double *xy, size_t n, double stroke)
{
	return tp_scene_poly(sc, TP_INK_CUT, TP_STROKE, stroke, xy, n);
}

int tp_die_rect(struct tp_scene *sc, double x, double y, double w, double h, double stroke)
{
	double xy[8] = { x, y, x + w, y, x + w, y + h, x, y + h };
	return tp_die_contour(sc, xy, 4, stroke);
}
