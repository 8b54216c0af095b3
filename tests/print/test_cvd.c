/* Colour differences for colour-blind viewers (cvd.c): CIEDE2000 against
 * the published test pairs of Sharma, Wu and Dalal (2005); sRGB to CIELAB
 * against its fixed points (white L 100, black L 0, greys a = b = 0); the
 * dichromacy simulations keep greys grey (each matrix row sums to 1) and
 * fold the confusion the issue measured (the old blue and purple pieces)
 * under deuteranopia far below normal vision. */

#include "testutil.h"

#include <math.h>

#include "print/ink/cvd.h"

static void sharma_pairs(void **state)
{
	(void)state;
	static const double t[][7] = {
		{ 50, 2.6772, -79.7751, 50, 0, -82.7485, 2.0425 },
		{ 50, 3.1571, -77.2803, 50, 0, -82.7485, 2.8615 },
		{ 50, 2.8361, -74.0200, 50, 0, -82.7485, 3.4412 },
		{ 50, -1.3802, -84.2814, 50, 0, -82.7485, 1.0000 },
		{ 50, 0, 0, 50, -1, 2, 2.3669 },
	};
	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		double d = tp_ciede2000(t[i], t[i] + 3);
		if (fabs(d - t[i][6]) > 5e-5)
			fail_msg("pair %zu: %.5f, published %.4f", i + 1, d, t[i][6]);
		assert_true(fabs(tp_ciede2000(t[i] + 3, t[i]) - d) < 1e-9); /* symmetric */
	}
}

static void lab_fixed_points(void **state)
{
	(void)state;
	double lab[3];
	tp_srgb_to_lab((double[]){ 1, 1, 1 }, lab);
	assert_true(fabs(lab[0] - 100) < 0.01 && fabs(lab[1]) < 0.01 && fabs(lab[2]) < 0.01);
	tp_srgb_to_lab((double[]){ 0, 0, 0 }, lab);
	assert_true(fabs(lab[0]) < 1e-9);
	for (double g = 0.1; g < 1; g += 0.2) {
		tp_srgb_to_lab((double[]){ g, g, g }, lab);
		assert_true(fabs(lab[1]) < 0.01 && fabs(lab[2]) < 0.01);
	}
}

static void greys_stay_grey(void **state)
{
	(void)state;
	for (int v = 0; v < TP_VISION_N; v++)
		for (double g = 0; g <= 1; g += 0.25) {
			double out[3];
			tp_cvd_simulate(v, (double[]){ g, g, g }, out);
			for (int i = 0; i < 3; i++)
				assert_true(fabs(out[i] - g) < 1e-3);
		}
}

static void confusion(void **state)
{
	(void)state;
	const double blue[3] = { 0x00 / 255.0, 0x66 / 255.0, 0xb3 / 255.0 };
	const double purple[3] = { 0x7f / 255.0, 0x3f / 255.0, 0x98 / 255.0 };
	double normal = tp_cvd_delta(TP_VISION_NORMAL, blue, purple);
	double deutan = tp_cvd_delta(TP_VISION_DEUTAN, blue, purple);
	assert_true(deutan < normal / 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sharma_pairs),
		cmocka_unit_test(lab_fixed_points),
		cmocka_unit_test(greys_stay_grey),
		cmocka_unit_test(confusion),
	};
	return cmocka_run_group_tests_name("colour-blind differences", tests, NULL, NULL);
}
