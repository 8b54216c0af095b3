#include "print/symbol.h"

#include <math.h>
#include <string.h>

const char *const tp_symbol_names[TP_SYM_COUNT] = { "circle", "square", "hexagon", "octagon" };

int tp_symbol_parse(const char *name)
{
	for (int i = 0; i < TP_SYM_COUNT; i++)
		if (strcmp(name, tp_symbol_names[i]) == 0)
			return i;
	return -1;
}

/* A regular n-gon whose widest extent is `size`; flat side on top so
 * that squares and octagons sit square to the tile. */
static int polygon(struct tp_scene *sc, int ink, int paint, double stroke, int n,
		   double cx, double cy, double size)
{
	double xy[16];
	double start = M_PI / n + M_PI / 2;
	double maxx = 0;
	for (int i = 0; i < n; i++)
		maxx = fmax(maxx, fabs(cos(start + 2 * M_PI * i / n)));
	double r = size / 2 / maxx;
	for (int i = 0; i < n; i++) {
		double a = start + 2 * M_PI * i / n;
		xy[2 * i] = cx + r * cos(a);
		xy[2 * i + 1] = cy + r * sin(a);
	}
	return tp_scene_poly(sc, ink, paint, stroke, xy, (size_t)n);
}

/* Apothem over size: the size is twice the apothem for every symbol
 * whose bounding box width is across its flats; a hexagon's is across
 * its corners, twice the circumradius r, and its apothem r cos 30. */
static double apothem_ratio(int symbol)
{
	return symbol == TP_SYM_HEXAGON ? cos(M_PI / 6) / 2 : 0.5;
}

double tp_symbol_apothem(int symbol, double size)
{
	return size * apothem_ratio(symbol);
}

double tp_symbol_grown(int symbol, double size, double by)
{
	double a = tp_symbol_apothem(symbol, size) + by;
	return a > 0 ? a / apothem_ratio(symbol) : 0;
}

int tp_symbol_draw(struct tp_scene *sc, int ink, int paint, double stroke, int symbol,
		   double cx, double cy, double size)
{
	switch (symbol) {
	case TP_SYM_CIRCLE:
		return tp_scene_circle(sc, ink, paint, stroke, cx, cy, size / 2);
	case TP_SYM_SQUARE:
		return polygon(sc, ink, paint, stroke, 4, cx, cy, size);
	case TP_SYM_HEXAGON:
		return polygon(sc, ink, paint, stroke, 6, cx, cy, size);
	default:
		return polygon(sc, ink, paint, stroke, 8, cx, cy, size);
	}
}
