/* Transforms: the affine matrices, and the transform attribute's list of
 * functions. */

#include "print/art/svg/svg_rd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

void svg_mat_mul(mat out, const mat l, const mat r)
{
	/* out = l * r (r applied first) */
	mat t = {
		l[0] * r[0] + l[2] * r[1], l[1] * r[0] + l[3] * r[1],
		l[0] * r[2] + l[2] * r[3], l[1] * r[2] + l[3] * r[3],
		l[0] * r[4] + l[2] * r[5] + l[4], l[1] * r[4] + l[3] * r[5] + l[5],
	};
	memcpy(out, t, sizeof t);
}

/* Transform function f (matrix, translate, scale, rotate, skewX, skewY)
 * of its k arguments a into t: 0, or -1 for a wrong count. */
static int one_transform(int f, const double *a, int k, mat t)
{
	mat id = { 1, 0, 0, 1, 0, 0 };
	memcpy(t, id, sizeof id);
	switch (f) {
	case 0:
		if (k != 6)
			return -1;
		memcpy(t, a, 6 * sizeof *t);
		break;
	case 1:
		if (k != 1 && k != 2)
			return -1;
		t[4] = a[0];
		t[5] = k == 2 ? a[1] : 0;
		break;
	case 2:
		if (k != 1 && k != 2)
			return -1;
		t[0] = a[0];
		t[3] = k == 2 ? a[1] : a[0];
		break;
	case 3: {
		if (k != 1 && k != 3)
			return -1;
		double ang = a[0] * M_PI / 180, ca = cos(ang), sa = sin(ang);
		double cx = k == 3 ? a[1] : 0, cy = k == 3 ? a[2] : 0;
		t[0] = ca;
		t[1] = sa;
		t[2] = -sa;
		t[3] = ca;
		t[4] = cx - ca * cx + sa * cy;
		t[5] = cy - sa * cx - ca * cy;
		break;
	}
	case 4:
	case 5:
		if (k != 1)
			return -1;
		t[f == 4 ? 2 : 1] = tan(a[0] * M_PI / 180);
		break;
	}
	return 0;
}

int svg_transform(struct rd *r, xmlNodePtr n, const char *v, mat out)
{
	mat m = { 1, 0, 0, 1, 0, 0 };
	const char *s = v;
	for (;;) {
		s = svg_skip_ws(s);
		if (*s == '\0')
			break;
		static const char *const fn[] = { "matrix", "translate", "scale", "rotate", "skewX", "skewY" };
		int f = -1;
		size_t l = 0;
		for (int i = 0; i < 6; i++) {
			l = strlen(fn[i]);
			if (strncmp(s, fn[i], l) == 0) {
				f = i;
				break;
			}
		}
		if (f < 0)
			goto bad;
		s = svg_skip_ws(s + l);
		while (*s == ' ')
			s++;
		if (*s != '(')
			goto bad;
		s++;
		double a[6];
		int k = 0;
		for (;;) {
			s = svg_skip_ws(s);
			if (*s == ')')
				break;
			const char *end;
			if (k == 6 || svg_number(s, &a[k], &end) != 0)
				goto bad;
			k++;
			s = end;
		}
		s++;
		mat t;
		if (one_transform(f, a, k, t) != 0)
			goto bad;
		svg_mat_mul(m, m, t);
	}
	for (int i = 0; i < 6; i++)
		if (!isfinite(m[i]))
			goto bad;
	memcpy(out, m, sizeof m);
	return 0;
bad:
	return svg_refuse(r, n, "transform=\"%.200s\" is not a transform list; allowed: matrix, translate, scale, rotate, skewX, skewY",
		      v);
}
