#include "games/ledge.h"

#include <math.h>

int tp_ledge_box(double W, double H, double L, double m, int k, double b[4])
{
	if (k < 2) {
		b[0] = fmax(L, m);
		b[2] = W - 2 * b[0];
		b[1] = k ? H - L + 1 : m;
		b[3] = L - 1 - m;
		return b[2] >= 3 && b[3] >= 3;
	}
	k -= 2;
	b[2] = b[3] = L - 2 * m;
	b[0] = k == 1 || k == 2 ? W - L + m : m;
	b[1] = k >= 2 ? H - L + m : m;
	return b[2] >= 3;
}

int tp_ledge_box_split(double W, double cut, int k, double b[4])
{
	double in = b[0];
	b[0] = k ? cut + in : in;
	b[2] = (k ? W - cut : cut) - 2 * in;
	return b[2] >= 3 && b[3] >= 3;
}
