/* Die lines cut once (issue 12 point 3): tp_die_grid against an
 * enumeration of every cell edge, tp_die_rect / tp_die_contour as one
 * closed path, allocation failures. */

#include "testutil.h"

#include <math.h>

#include "core/alloc.h"
#include "print/die.h"
#include "print/scene.h"
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

static void test_out_of_memory(void **state)
{
	(void)state;
	for (long n = 1;; n++) {
		struct tp_scene *sc = new_scene(100, 100);
		tp_alloc_fail_at(n);
		int rc = tp_die_grid(sc, 0, 0, 9, 9, 10, 10, 0.25);
		if (rc == 0)
			rc = tp_die_rect(sc, 0, 0, 90, 90, 0.25);
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
		cmocka_unit_test(test_out_of_memory),
	};
	return cmocka_run_group_tests_name("die lines", tests, NULL, NULL);
}
