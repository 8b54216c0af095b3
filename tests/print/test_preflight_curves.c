/* The preflight measures curves as drawn (issue 18): a round die line's
 * cubics are flattened within TP_PF_FLAT, not taken by their control
 * polygon (which bulges 0.098 r outside a circle at 45 degrees).  Every
 * expected distance is computed here from the circle's radius and the
 * rules; a tolerance covers the flattening (TP_PF_FLAT) and the cubic
 * circle's own error (at most 0.00028 r off the true circle). */

#include "testutil.h"

#include <math.h>

#include "print/preflight/preflight.h"
#include "print/preflight/preflight_geom.h"
#include "tu_preflight.h"

#define KAPPA 0.5522847498

static struct tp_palette pal;

static void palette(void)
{
	tu_pf_palette(&pal);
}

/* The punchboard profile's limits (as test_preflight.c). */
static struct tp_pf_rules rules(void)
{
	return tu_pf_rules();
}

static double tol(double r)
{
	return TP_PF_FLAT + 3e-4 * r + 1e-9;
}

/* A circle of four cubic quarters from angle phi (degrees), as every
 * writer draws one (tp_scene_circle: phi 0). */
static void circle(struct tp_scene *sc, int ink, int paint, double stroke, double cx, double cy,
		   double r, double phi)
{
	struct tp_pt p[14];
	double a = phi * M_PI / 180;
	p[0] = (struct tp_pt){ TP_MOVE, cx + r * cos(a), cy + r * sin(a) };
	for (int q = 0; q < 4; q++) {
		double a0 = a + q * M_PI / 2, a1 = a0 + M_PI / 2;
		p[1 + 3 * q] = (struct tp_pt){ TP_CURVE, cx + r * (cos(a0) - KAPPA * sin(a0)),
					       cy + r * (sin(a0) + KAPPA * cos(a0)) };
		p[2 + 3 * q] = (struct tp_pt){ TP_CURVE, cx + r * (cos(a1) + KAPPA * sin(a1)),
					       cy + r * (sin(a1) - KAPPA * cos(a1)) };
		p[3 + 3 * q] = (struct tp_pt){ TP_CURVE, cx + r * cos(a1), cy + r * sin(a1) };
	}
	p[13] = (struct tp_pt){ TP_CLOSE, p[0].x, p[0].y };
	assert_int_equal(tp_scene_path(sc, ink, paint, stroke, p, 14), 0);
}

/* A page w x h with the cut ink of its trim left off: only the curves
 * drawn on it are die lines. */
static struct tp_scene *page(double w, double h)
{
	struct tp_scene *sc = tp_scene_new("sheet", w, h, 3, &pal);
	assert_non_null(sc);
	return sc;
}

/* Runs the preflight on sc (freed): the findings of `rule` (any other
 * fails), their count, and the first's value in *value. */
static size_t found(struct tp_scene *sc, const struct tp_pf_rules *r, const char *rule,
		    double *value)
{
	struct tp_preflight pf = { 0 };
	assert_int_equal(tp_preflight_page(&pf, r, "sheet", 1, sc), 0);
	for (size_t i = 0; i < pf.n; i++) {
		char line[400];
		tp_preflight_line(&pf.f[i], line, sizeof line);
		if (rule == NULL || strcmp(pf.f[i].rule, rule) != 0)
			fail_msg("want only %s, found: %s", rule ? rule : "nothing", line);
	}
	if (pf.n > 0 && value != NULL)
		*value = pf.f[0].value;
	size_t n = pf.n;
	tp_preflight_free(&pf);
	tp_scene_free(sc);
	return n;
}

/* The radius of the farthest corner of an a x a square centred rho from
 * the origin at angle t. */
static double far_corner(double rho, double t, double a)
{
	double cx = rho * cos(t), cy = rho * sin(t);
	return hypot(fabs(cx) + a / 2, fabs(cy) + a / 2);
}

/* Safe zone inside a round die line: a small square placed so its
 * farthest corner keeps safe - 0.05 and safe + 0.05 from the circle, at
 * angles from 0 to 90 degrees and beyond; only the near one is found,
 * at the distance computed, within the tolerance. */
static void safe_zone_circle(void **state)
{
	(void)state;
	palette();
	const struct tp_pf_rules r = rules();
	const double R = 20, a = 0.5, cx = 50, cy = 50;
	const double angles[] = { 0, 15, 30, 45, 60, 90, 135, 225, 315 };
	for (size_t i = 0; i < sizeof angles / sizeof *angles; i++)
		for (int near = 0; near < 2; near++) {
			double t = angles[i] * M_PI / 180, want = r.safe + (near ? -0.05 : 0.05);
			/* rho so that R - far_corner(rho) = want (far_corner rises with rho) */
			double lo = 0, hi = R;
			for (int it = 0; it < 60; it++) {
				double m = (lo + hi) / 2;
				(R - far_corner(m, t, a) > want ? (lo = m) : (hi = m));
			}
			struct tp_scene *sc = page(100, 100);
			circle(sc, TP_INK_CUT, TP_STROKE, 0.25, cx, cy, R, 0);
			double x = cx + lo * cos(t) - a / 2, y = cy + lo * sin(t) - a / 2;
			assert_int_equal(tp_scene_rect(sc, TP_INK_LINE, TP_FILL, 0, x, y, a, a), 0);
			double v = -1;
			size_t n = found(sc, &r, "safe-zone", &v);
			if (n != (size_t)near)
				fail_msg("at %g degrees, %.3f mm from the circle: %zu findings", angles[i],
					 want, n);
			if (near && fabs(v - want) > tol(R))
				fail_msg("at %g degrees: measured %.4f, drawn %.4f", angles[i], v, want);
		}
	/* A round picture (a disc) inside a round counter is measured as
	 * drawn, not by its box's corners (R - rho sqrt 2 from the cut). */
	const double C = 8;   /* a counter's radius */
	for (int near = 0; near < 2; near++) {
		double want = r.safe + (near ? -0.2 : 0.5), rho = C - want;
		/* its box's corners inside the cut, but nearer than safe */
		assert_true(C - rho * sqrt(2) > TP_PF_EPS && C - rho * sqrt(2) < r.safe);
		struct tp_scene *sc = page(100, 100);
		circle(sc, TP_INK_CUT, TP_STROKE, 0.25, cx, cy, C, 0);
		circle(sc, TP_INK_LINE, TP_FILL, 0, cx, cy, rho, 45);
		double v = -1;
		assert_int_equal(found(sc, &r, "safe-zone", &v), near);
		if (near)
			assert_true(fabs(v - want) <= 2 * tol(C));
	}
	/* A ring (a stroked circle) 1 mm inside the counter's cut: its box
	 * crosses the cut, its line does not.  A disc under the whole
	 * counter (a background) and a disc across its cut run to the cut. */
	const double ring = 1, bg[2][2] = { { 0, C + 4 }, { C, C } };
	struct tp_scene *sc = page(100, 100);
	circle(sc, TP_INK_CUT, TP_STROKE, 0.25, cx, cy, C, 0);
	circle(sc, TP_INK_LINE, TP_STROKE, 0.3, cx, cy, C - ring, 30);
	double v = -1;
	assert_int_equal(found(sc, &r, "safe-zone", &v), 1);
	assert_true(fabs(v - ring) <= 2 * tol(C));
	for (int i = 0; i < 2; i++) {
		sc = page(100, 100);
		circle(sc, TP_INK_CUT, TP_STROKE, 0.25, cx, cy, C, 0);
		circle(sc, TP_INK_LINE, TP_FILL, 0, cx + bg[i][0], cy, bg[i][1], 30);
		assert_int_equal(found(sc, &r, NULL, NULL), 0);
	}
}

/* Two round components on a 45 degree diagonal, where each one's control
 * polygon bulges most towards the other (and straight across, where it
 * does not): die-gap below the profile's gap only, measured as drawn. */
static void die_gap_circles(void **state)
{
	(void)state;
	palette();
	const struct tp_pf_rules r = rules();
	const double R = 12, dirs[2] = { 0, 45 };
	for (int d = 0; d < 2; d++)
		for (int near = 0; near < 2; near++) {
			double g = r.die_gap + (near ? -0.1 : 0.1), D = 2 * R + g;
			double t = dirs[d] * M_PI / 180;
			struct tp_scene *sc = page(120, 120);
			circle(sc, TP_INK_CUT, TP_STROKE, 0.25, 30, 30, R, 0);
			circle(sc, TP_INK_CUT, TP_STROKE, 0.25, 30 + D * cos(t), 30 + D * sin(t), R, 0);
			double v = -1;
			assert_int_equal(found(sc, &r, "die-gap", &v), near);
			if (near)
				assert_true(fabs(v - g) <= 2 * tol(R));
		}
}

/* A circle drawn from 30 degrees: its control points' box is wider than
 * 2 R, the circle's is 2 R.  component-size finds it under a limit just
 * above 2 R, and measures 2 R. */
static void component_size_circle(void **state)
{
	(void)state;
	palette();
	struct tp_pf_rules r = rules();
	const double R = 5;
	r.min_component = 2 * R + 0.1;
	struct tp_scene *sc = page(100, 100);
	circle(sc, TP_INK_CUT, TP_STROKE, 0.25, 50, 50, R, 30);
	double v = -1;
	assert_int_equal(found(sc, &r, "component-size", &v), 1);
	assert_true(fabs(v - 2 * R) <= 2 * tol(R));
	r.min_component = 2 * R - 0.1;
	sc = page(100, 100);
	circle(sc, TP_INK_CUT, TP_STROKE, 0.25, 50, 50, R, 30);
	assert_int_equal(found(sc, &r, NULL, NULL), 0);
}

/* Emboss on curved outlines: two stroked emboss circles on a diagonal,
 * edge to edge (strokes counted) just under and just over emboss_gap. */
static void emboss_circles(void **state)
{
	(void)state;
	palette();
	const struct tp_pf_rules r = rules();
	const double R = 6, w = 0.3, t = M_PI / 4;
	for (int near = 0; near < 2; near++) {
		double g = r.emboss_gap + (near ? -0.1 : 0.1), D = 2 * R + w + g;
		struct tp_scene *sc = page(100, 100);
		circle(sc, TP_INK_EMBOSS, TP_STROKE, w, 30, 30, R, 0);
		circle(sc, TP_INK_EMBOSS, TP_STROKE, w, 30 + D * cos(t), 30 + D * sin(t), R, 0);
		double v = -1;
		assert_int_equal(found(sc, &r, "emboss-gap", &v), near);
		if (near)
			assert_true(fabs(v - g) <= 2 * tol(R));
	}
}

/* The fill under a small dark object: a disc's, as drawn.  A 0.2 mm
 * square centred 0.5 mm inside the disc at 45 degrees knocks it out; one
 * 0.5 mm outside (inside the control polygon) lies on nothing. */
static void fill_lookup_disc(void **state)
{
	(void)state;
	palette();
	struct tp_pf_rules r = rules();
	r.safe = 0;
	const double R = 20, c = 50, t = M_PI / 4, a = 0.2;
	assert_true((1 + KAPPA) / 2 * sqrt(2) * R > R + 0.5 + a);   /* the polygon reaches it */
	for (int in = 0; in < 2; in++) {
		double rho = R + (in ? -0.5 : 0.5);
		struct tp_scene *sc = page(100, 100);
		circle(sc, COLOUR, TP_FILL, 0, c, c, R, 0);
		double x = c + rho * cos(t) - a / 2, y = c + rho * sin(t) - a / 2;
		assert_int_equal(tp_scene_rect(sc, DARK, TP_FILL, 0, x, y, a, a), 0);
		assert_int_equal(found(sc, &r, "knock-out", NULL), in);
	}
}

/* Bleed: a disc drawn from 30 degrees that touches the trim edge stops
 * on it (its control points' box runs past the edge). */
static void bleed_disc(void **state)
{
	(void)state;
	palette();
	const struct tp_pf_rules r = rules();
	const double R = 10;
	struct tp_scene *sc = page(100, 100);
	circle(sc, COLOUR, TP_FILL, 0, R, 50, R, 30);
	assert_int_equal(found(sc, &r, "bleed", NULL), 1);
}

/* The flattening itself: every piece's ends lie on the cubic circle, its
 * middle within TP_PF_FLAT of it, the count bounded, the tangents the
 * circle's. */
struct pieces {
	double cx, cy, r;
	size_t n;
	double worst, tan;
};

static int piece(void *ctx, const struct tp_pf_seg *g)
{
	struct pieces *p = ctx;
	double mx = (g->x0 + g->x1) / 2 - p->cx, my = (g->y0 + g->y1) / 2 - p->cy;
	p->worst = fmax(p->worst, p->r - hypot(mx, my));
	double rx = g->x0 - p->cx, ry = g->y0 - p->cy, l = hypot(rx, ry);
	p->tan = fmax(p->tan, fabs((rx * g->t0[0] + ry * g->t0[1]) / l));   /* tangent _|_ radius */
	assert_int_equal(g->leg, p->n == 0 ? 1 : 2);
	p->n++;
	return 0;
}

static void flatten(void **state)
{
	(void)state;
	const double radii[] = { 1, 8, 100, 1000 };
	for (size_t i = 0; i < sizeof radii / sizeof *radii; i++) {
		double R = radii[i], k = KAPPA * R;
		const double c[8] = { R, 0, R, k, k, R, 0, R };
		struct pieces p = { 0, 0, R, 0, 0, 0 };
		assert_int_equal(tp_pf_flatten(c, piece, &p), 0);
		/* A chord of angle t sags R (1 - cos t/2); the pieces are halves. */
		size_t most = 1;
		while (R * (1 - cos(M_PI / 2 / (double)most / 2)) > TP_PF_FLAT / 2)
			most *= 2;
		assert_true(p.n >= 2 && p.n <= 4 * most && p.n <= (size_t)1 << TP_PF_DEPTH);
		assert_true(p.worst <= TP_PF_FLAT + 3e-4 * R);
		assert_true(p.tan < 5e-3);
	}
}

/* An arc of radius r about (cx, cy) from angle a0 to a1 (radians) as one
 * cubic: its three points into p. */
static void arc(struct tp_pt *p, double cx, double cy, double r, double a0, double a1)
{
	double k = 4.0 / 3 * tan((a1 - a0) / 4) * r;
	p[0] = (struct tp_pt){ TP_CURVE, cx + r * cos(a0) - k * sin(a0), cy + r * sin(a0) + k * cos(a0) };
	p[1] = (struct tp_pt){ TP_CURVE, cx + r * cos(a1) + k * sin(a1), cy + r * sin(a1) - k * cos(a1) };
	p[2] = (struct tp_pt){ TP_CURVE, cx + r * cos(a1), cy + r * sin(a1) };
}

/* Nicks on curves: a small half disc nicked (a gap of w) where its arc's
 * quarters meet, pi r / 2 along the arc from one corner and pi r / 2 - w
 * from the other.  Under nick_corner along the arc it is found, at that
 * distance (the chords' length, a hair under the arc's); over it, not.
 * (Its quarters' control polygons run 3.1 to 3.2 mm where the arcs are
 * 2.86 and 2.91 mm.)  The gap itself runs on along the curve: no corner. */
static void nick_on_arc(void **state)
{
	(void)state;
	palette();
	struct tp_pf_rules r = rules();
	r.min_component = r.die_gap = r.safe = 0;
	const double w = 0.05, cx = 50, cy = 50;
	for (int near = 0; near < 2; near++) {
		double want = r.nick_corner + (near ? -0.15 : 0.1), R = (want + w) * 2 / M_PI;
		double a = M_PI / 2 + w / R;
		struct tp_pt p[8];
		p[0] = (struct tp_pt){ TP_MOVE, cx + R * cos(a), cy + R * sin(a) };
		arc(p + 1, cx, cy, R, a, M_PI);
		p[4] = (struct tp_pt){ TP_LINE, cx + R, cy };
		arc(p + 5, cx, cy, R, 0, M_PI / 2);
		struct tp_scene *sc = page(100, 100);
		assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, p, 8), 0);
		double v = -1;
		assert_int_equal(found(sc, &r, "nick-corner", &v), near);
		if (near)
			assert_true(fabs(v - want) <= tol(R) && v > 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(flatten),          cmocka_unit_test(safe_zone_circle),
		cmocka_unit_test(die_gap_circles),  cmocka_unit_test(component_size_circle),
		cmocka_unit_test(emboss_circles),   cmocka_unit_test(fill_lookup_disc),
		cmocka_unit_test(bleed_disc),       cmocka_unit_test(nick_on_arc),
	};
	return cmocka_run_group_tests_name("preflight_curves", tests, NULL, NULL);
}
