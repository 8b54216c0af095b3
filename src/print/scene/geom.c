#include "print/scene/geom.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *tp_num(char buf[40], double v)
{
	if (!isfinite(v) || fabs(v) < 0.00005)
		v = 0;
	snprintf(buf, 40, "%.4f", v);
	char *dot = NULL;
	for (char *p = buf; *p; p++)
		if (*p != '-' && (*p < '0' || *p > '9'))
			*(dot = p) = '.';
	if (dot != NULL) {
		char *end = buf + strlen(buf);
		while (end[-1] == '0')
			*--end = '\0';
		if (end[-1] == '.')
			end[-1] = '\0';
	}
	return buf;
}

int tp_clip_segment(const double box[4], double x0, double y0, double x1, double y1,
		    double *t0, double *t1)
{
	double dx = x1 - x0, dy = y1 - y0;
	double p[4] = { -dx, dx, -dy, dy };
	double q[4] = { x0 - box[0], box[2] - x0, y0 - box[1], box[3] - y0 };
	*t0 = 0;
	*t1 = 1;
	for (int i = 0; i < 4; i++) {
		if (p[i] == 0) {
			if (q[i] < 0)
				return 0;
			continue;
		}
		double r = q[i] / p[i];
		if (p[i] < 0)
			*t0 = fmax(*t0, r);
		else
			*t1 = fmin(*t1, r);
	}
	return *t0 < *t1;
}
