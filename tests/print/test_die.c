/* Die lines cut once (issue 12 point 3): tp_die_grid against an
 * enumeration of every cell edge, tp_die_rect / tp_die_contour as one
 * closed path, allocation failures.  Nicks in curved outlines (issue 18
 * section 4): a circle and a half disc, their gaps measured along the
 * curve against the rule in die.h. */

#include "testutil.h"

#include <math.h>

#include "core/alloc.h"
#include "print/layout/die.h"
#include "print/scene/scene.h"
#include "tu_palette.h"

static struct tp_scene *new_scene(double w, double h)
{
	struct tp_palette pal;
	tu_palette_init(&pal);
	struct tp_scene *sc = tp_scene_new("die", w, h, 3, &pal);
	assert_non_null(sc);
	return sc;
}

/* How many straight cut segments of the scene cover the segment
 * (ax,ay)-(bx,by) completely (both ends on the segment, collinear). */
static int covers(const struct tp_scene *sc, double ax, double ay, double bx, double by)
{
	int n = 0;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		const struct tp_pt *p = sc->pts + s->first;
		for (size_t k = 1; k < s->count; k++) {
			double x0 = p[k - 1].x, y0 = p[k - 1].y, x1 = p[k].x, y1 = p[k].y;
			if (p[k].op == TP_CLOSE) {
				x1 = p[0].x;
				y1 = p[0].y;
			}
			double len = hypot(x1 - x0, y1 - y0);
			double da = fabs((ax - x0) * (y1 - y0) - (ay - y0) * (x1 - x0)) / len;
			double db = fabs((bx - x0) * (y1 - y0) - (by - y0) * (x1 - x0)) / len;
			double ta = ((ax - x0) * (x1 - x0) + (ay - y0) * (y1 - y0)) / (len * len);
			double tb = ((bx - x0) * (x1 - x0) + (by - y0) * (y1 - y0)) / (len * len);
			if (da < 1e-9 && db < 1e-9 && ta > -1e-9 && ta < 1 + 1e-9 && tb > -1e-9 &&
			    tb < 1 + 1e-9)
				n++;
		}
	}
	return n;
}

static double cut_length(const struct tp_scene *sc)
{
	double l = 0;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_pt *p = sc->pts + sc->shapes[i].first;
		for (size_t k = 1; k < sc->shapes[i].count; k++)
			l += hypot(p[k].x - p[k - 1].x, p[k].y - p[k - 1].y);
	}
	return l;
}

static void test_grid(void **state)
{
	(void)state;
	static const struct { int rows, cols; double x0, y0, w, h; } g[] = {
		{ 1, 1, 0, 0, 20, 20 }, { 18, 18, 0, 0, 20, 20 }, { 3, 7, 5, -2, 12.5, 30 },
		{ 4, 1, 1, 1, 7, 3 }, { 2, 9, 0, 0, 120, 120 },
	};
	for (size_t t = 0; t < sizeof g / sizeof g[0]; t++) {
		int R = g[t].rows, C = g[t].cols;
		double w = g[t].w, h = g[t].h, x0 = g[t].x0, y0 = g[t].y0;
		struct tp_scene *sc = new_scene(C * w, R * h);
		assert_int_equal(tp_die_grid(sc, x0, y0, R, C, w, h, 0.25), 0);
		/* rows + 1 horizontal and cols + 1 vertical straight lines. */
		assert_int_equal(sc->n_shapes, (size_t)(R + C + 2));
		for (size_t i = 0; i < sc->n_shapes; i++) {
			assert_int_equal(sc->shapes[i].ink, TP_INK_CUT);
			assert_int_equal(sc->shapes[i].paint, TP_STROKE);
			assert_int_equal(sc->shapes[i].count, 2);
			assert_true(fabs(sc->shapes[i].stroke - 0.25) < 1e-12);
		}
		/* Every edge of every cell is cut exactly once. */
		for (int r = 0; r <= R; r++)
			for (int c = 0; c < C; c++)
				assert_int_equal(covers(sc, x0 + c * w, y0 + r * h, x0 + (c + 1) * w, y0 + r * h), 1);
		for (int c = 0; c <= C; c++)
			for (int r = 0; r < R; r++)
				assert_int_equal(covers(sc, x0 + c * w, y0 + r * h, x0 + c * w, y0 + (r + 1) * h), 1);
		/* ... and nothing else: the length is the edges' sum. */
		double edges = (R + 1) * C * w + (C + 1) * R * h;
		assert_true(fabs(cut_length(sc) - edges) < 1e-6);
		/* Boustrophedon: each line starts on the line where the previous
		 * one ended (same x for horizontal ones, same y for the verticals;
		 * the first vertical at the corner where the last horizontal ended). */
		for (size_t i = 1; i < sc->n_shapes; i++) {
			const struct tp_pt *a = sc->pts + sc->shapes[i - 1].first, *b = sc->pts + sc->shapes[i].first;
			assert_true(fabs(a[1].x - b[0].x) < 1e-9 || fabs(a[1].y - b[0].y) < 1e-9);
		}
		const struct tp_pt *lh = sc->pts + sc->shapes[R].first, *fv = sc->pts + sc->shapes[R + 1].first;
		assert_true(fabs(lh[1].x - fv[0].x) < 1e-9 && fabs(lh[1].y - fv[0].y) < 1e-9);
		tp_scene_free(sc);
	}
	/* An empty grid draws nothing. */
	struct tp_scene *sc = new_scene(10, 10);
	assert_int_equal(tp_die_grid(sc, 0, 0, 0, 5, 10, 10, 0.25), 0);
	assert_int_equal(tp_die_grid(sc, 0, 0, 5, 0, 10, 10, 0.25), 0);
	assert_int_equal(sc->n_shapes, 0);
	tp_scene_free(sc);
}

static void test_contour(void **state)
{
	(void)state;
	struct tp_scene *sc = new_scene(100, 50);
	assert_int_equal(tp_die_rect(sc, 2, 3, 40, 20, 0.3), 0);
	assert_int_equal(sc->n_shapes, 1);
	const struct tp_shape *s = &sc->shapes[0];
	assert_int_equal(s->ink, TP_INK_CUT);
	const struct tp_pt *p = sc->pts + s->first;
	assert_int_equal(s->count, 5);
	assert_int_equal(p[4].op, TP_CLOSE);
	/* Each side once. */
	assert_int_equal(covers(sc, 2, 3, 42, 3), 1);
	assert_int_equal(covers(sc, 42, 3, 42, 23), 1);
	assert_int_equal(covers(sc, 42, 23, 2, 23), 1);
	assert_int_equal(covers(sc, 2, 23, 2, 3), 1);
	double tri[6] = { 0, 0, 10, 0, 5, 8 };
	assert_int_equal(tp_die_contour(sc, tri, 3, 0.25), 0);
	assert_int_equal(tp_die_contour(sc, tri, 1, 0.25), 0);  /* nothing */
	assert_int_equal(sc->n_shapes, 2);
	tp_scene_free(sc);
}

/* One subpath of a path shape, flattened: its points, its length. */
struct run {
	double x0, y0, x1, y1, len;
	double maxdev;   /* farthest any point strays from the circle (cx, cy, r) */
};

/* Shape s's subpaths into runs[] (at most max); a curve sampled at 64
 * steps, each sample's distance to the circle (cx, cy, r) kept. */
static size_t runs_of(const struct tp_scene *sc, const struct tp_shape *s, struct run *runs,
		      size_t max, double cx, double cy, double r)
{
	const struct tp_pt *p = sc->pts + s->first;
	size_t n = 0;
	double x = 0, y = 0;
	for (size_t k = 0; k < s->count; k++) {
		assert_int_not_equal(p[k].op, TP_CLOSE);
		if (p[k].op == TP_MOVE) {
			assert_true(n < max);
			runs[n++] = (struct run){ p[k].x, p[k].y, p[k].x, p[k].y, 0, 0 };
			x = p[k].x;
			y = p[k].y;
			continue;
		}
		assert_true(n > 0);
		struct run *u = &runs[n - 1];
		int steps = p[k].op == TP_CURVE ? 64 : 1;
		for (int i = 1; i <= steps; i++) {
			double t = (double)i / steps, v = 1 - t, nx, ny;
			if (p[k].op == TP_CURVE) {
				nx = v * v * v * x + 3 * v * v * t * p[k].x + 3 * v * t * t * p[k + 1].x + t * t * t * p[k + 2].x;
				ny = v * v * v * y + 3 * v * v * t * p[k].y + 3 * v * t * t * p[k + 1].y + t * t * t * p[k + 2].y;
			} else {
				nx = p[k].x;
				ny = p[k].y;
			}
			u->len += hypot(nx - u->x1, ny - u->y1);
			u->x1 = nx;
			u->y1 = ny;
			if (p[k].op == TP_CURVE)
				u->maxdev = fmax(u->maxdev, fabs(hypot(nx - cx, ny - cy) - r));
		}
		if (p[k].op == TP_CURVE)
			k += 2;
		x = u->x1;
		y = u->y1;
	}
	return n;
}

/* A circle: 4 per_side nicks, per_side in each quarter from the start
 * (angle 0) at (j + 1) / (per_side + 1) of it, each width long along the
 * circle; the rest of the circle still drawn, on the circle. */
static void test_nick_circle(void **state)
{
	(void)state;
	const double cx = 50, cy = 40, r = 8;
	const struct tp_nicks cases[] = { { 1, 0.5, 3 }, { 2, 0.4, 0 }, { 3, 0.3, 10 } };
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		const struct tp_nicks *nk = &cases[c];
		struct tp_scene *sc = new_scene(100, 80);
		assert_int_equal(tp_scene_circle(sc, TP_INK_CUT, TP_STROKE, 0.25, cx, cy, r), 0);
		/* A circle has no corner: nick_corner does not matter. */
		long want = 4 * nk->per_side;
		assert_int_equal(tp_die_nick(sc, nk), want);
		struct run u[64];
		size_t n = runs_of(sc, &sc->shapes[0], u, 64, cx, cy, r);
		assert_int_equal(n, (size_t)want);
		double drawn = 0;
		for (size_t i = 0; i < n; i++) {
			const struct run *a = &u[i], *b = &u[(i + 1) % n];
			/* tp_scene_circle's cubics keep within 0.03 % of r. */
			assert_true(a->maxdev < 3e-4 * r);
			drawn += a->len;
			/* The gap: from this run's end to the next's start. */
			double chord = hypot(b->x0 - a->x1, b->y0 - a->y1);
			double arc = 2 * r * asin(chord / (2 * r));
			assert_true(fabs(arc - nk->width) < 1e-3);
			double mid = atan2((a->y1 + b->y0) / 2 - cy, (a->x1 + b->x0) / 2 - cx);
			/* The path begins after the first gap: run i ends at gap i + 1. */
			size_t g = (i + 1) % n;
			int q = (int)(g / (size_t)nk->per_side), j = (int)(g % (size_t)nk->per_side);
			double want_mid = 2 * M_PI * (q + (j + 1.0) / (nk->per_side + 1)) / 4;
			double d = remainder(mid - want_mid, 2 * M_PI);
			assert_true(fabs(d) < 1e-3);
		}
		assert_true(fabs(drawn - (2 * M_PI * r - want * nk->width)) < 2e-3 * r);
		tp_scene_free(sc);
	}
	/* Gaps that would meet: none. */
	struct tp_scene *sc = new_scene(100, 80);
	assert_int_equal(tp_scene_circle(sc, TP_INK_CUT, TP_STROKE, 0.25, cx, cy, 0.5), 0);
	size_t whole = sc->shapes[0].count;
	const struct tp_nicks big = { 2, 0.5, 0 };
	assert_int_equal(tp_die_nick(sc, &big), 0);
	assert_int_equal(sc->shapes[0].count, whole);   /* the circle left as it was */
	tp_scene_free(sc);
}

/* A half disc of radius r on its diameter: a straight side and an arc
 * side (two cubics) meeting in two corners.  Each side takes per_side
 * nicks spread along it when they keep corner from its ends. */
static void test_nick_arc(void **state)
{
	(void)state;
	const double cx = 40, cy = 50, r = 25, k = 0.5522847498 * r;
	const struct tp_pt half[] = {
		{ TP_MOVE, cx - r, cy }, { TP_LINE, cx + r, cy },
		{ TP_CURVE, cx + r, cy - k }, { TP_CURVE, cx + k, cy - r }, { TP_CURVE, cx, cy - r },
		{ TP_CURVE, cx - k, cy - r }, { TP_CURVE, cx - r, cy - k }, { TP_CURVE, cx - r, cy },
		{ TP_CLOSE, cx - r, cy },
	};
	const struct tp_nicks cases[] = { { 1, 0.5, 3 }, { 2, 0.5, 3 }, { 1, 0.5, 25 } };
	const double side[2] = { 2 * r, M_PI * r };   /* the diameter, the arc */
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		const struct tp_nicks *nk = &cases[c];
		int per[2];
		long want = 0;
		for (int i = 0; i < 2; i++) {
			double step = side[i] / (nk->per_side + 1);
			per[i] = step - nk->width / 2 >= nk->corner && nk->width < step ? nk->per_side : 0;
			want += per[i];
		}
		struct tp_scene *sc = new_scene(100, 80);
		assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, half, 9), 0);
		assert_int_equal(tp_die_nick(sc, nk), want);
		struct run u[8];
		size_t n = runs_of(sc, &sc->shapes[0], u, 8, cx, cy, r);
		assert_int_equal(n, (size_t)want);
		for (size_t i = 0; i < n; i++) {
			const struct run *a = &u[i], *b = &u[(i + 1) % n];
			double gx = (a->x1 + b->x0) / 2, gy = (a->y1 + b->y0) / 2;
			double chord = hypot(b->x0 - a->x1, b->y0 - a->y1);
			if (fabs(gy - cy) < 1e-9) {
				/* On the diameter, from (cx - r, cy) to (cx + r, cy). */
				assert_true(fabs(chord - nk->width) < 1e-9);
				double at = gx - (cx - r);
				double f = at / side[0] * (nk->per_side + 1);
				assert_true(fabs(f - round(f)) < 1e-9);
			} else {
				assert_true(fabs(2 * r * asin(chord / (2 * r)) - nk->width) < 1e-3);
				/* Along the arc from (cx + r, cy), anticlockwise on the page. */
				double at = r * atan2(cy - gy, gx - cx);
				double f = at / side[1] * (nk->per_side + 1);
				assert_true(fabs(f - round(f)) < 2e-3);
				assert_true(fabs(hypot(gx - cx, gy - cy) - r) < 0.01);
			}
			assert_true(a->maxdev < 3e-4 * r);
		}
		tp_scene_free(sc);
	}
}

static void test_out_of_memory(void **state)
{
	(void)state;
	for (long n = 1;; n++) {
		struct tp_scene *sc = new_scene(100, 100);
		tp_alloc_fail_at(n);
		int rc = tp_die_grid(sc, 0, 0, 9, 9, 10, 10, 0.25);
		if (rc == 0)
			rc = tp_die_rect(sc, 0, 0, 90, 90, 0.25);
		if (rc == 0)
			rc = tp_scene_circle(sc, TP_INK_CUT, TP_STROKE, 0.25, 50, 50, 8);
		const struct tp_nicks nk = { 1, 0.5, 3 };
		if (rc == 0)
			rc = tp_die_nick(sc, &nk) < 0 ? -1 : 0;
		tp_alloc_fail_at(0);
		tp_scene_free(sc);
		if (rc == 0)
			break;
		assert_int_equal(rc, -1);
		assert_true(n < 1000);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grid),
		cmocka_unit_test(test_contour),
		cmocka_unit_test(test_nick_circle),
		cmocka_unit_test(test_nick_arc),
		cmocka_unit_test(test_out_of_memory),
	};
	return cmocka_run_group_tests_name("die lines", tests, NULL, NULL);
}
