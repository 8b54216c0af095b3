#include "testutil.h"

#include <math.h>

#include "core/strbuf.h"
#include "tu_palette.h"
#include "print/scene/walk.h"

/* Which overprints survive the palette's ink limit (overprint.h), as the
 * walk hands them to its sinks.  The expected answer of every shape is
 * worked out here from the rule: the inks' plates stacked over the
 * shapes the test put under it (an overprint takes the plates where its
 * ink has any, those under it elsewhere), against the limit (for a
 * filled figure, the limit less the ink of a line drawn over it later,
 * or its own ink). */

enum { HEAVY = INK_A, CYAN = INK_B, DARK = INK_C, YELLOW_OP = INK_D };

/* HEAVY C100 M100 and CYAN C100 knock out; DARK K100 and YELLOW_OP Y100
 * overprint (the dark lines and an overprinting tint of a game). */
static struct tp_palette palette(double limit)
{
	struct tp_palette p;
	tu_palette_init(&p);
	static const char *names[TU_N_INKS] = {
		"heavy", "cyan", "dark", "yellow", "lines", "text", "Assembly", "marks", "CutContour", "Emboss",
	};
	for (int i = 0; i < TU_N_INKS; i++)
		snprintf(p.ink[i].name, sizeof p.ink[i].name, "%s", names[i]);
	static const double cmyk[4][4] = { { 1, 1, 0, 0 }, { 1, 0, 0, 0 }, { 0, 0, 0, 1 }, { 0, 0, 1, 0 } };
	for (int i = 0; i < 4; i++)
		memcpy(p.ink[i].cmyk, cmyk[i], sizeof cmyk[i]);
	tu_ink(&p, DARK)->overprint = 1;
	tu_ink(&p, YELLOW_OP)->overprint = 1;
	tu_ink(&p, TP_INK_TEXT)->cmyk[3] = 1;
	tu_ink(&p, TP_INK_TEXT)->overprint = 1;
	tu_ink(&p, TP_INK_REG)->kind = TP_INK_REGISTRATION;
	tu_ink(&p, TP_INK_CUT)->kind = TP_INK_SPOT;
	tu_ink(&p, TP_INK_CUT)->overprint = 1;
	tu_ink(&p, TP_INK_EMBOSS)->kind = TP_INK_SPOT;
	tu_ink(&p, TP_INK_EMBOSS)->overprint = 1;
	p.max_tac_pct = limit;
	return p;
}

/* Shapes, in drawing order, and for each the shapes (indices) under it. */
#define MAX_UNDER 3
struct placed {
	int ink;
	int under[MAX_UNDER];   /* -1 ends */
	int figure;             /* a filled figure, not a line or text */
	int line_over;          /* a line drawn later over it, or -1 */
};

static const struct placed placed[] = {
	/* 0 */ { HEAVY, { -1 }, 1, 2 },                 /* 200 % field, x 0..40 */
	/* 1 */ { CYAN, { -1 }, 1, 3 },                  /* 100 % field, x 50..90 */
	/* 2 */ { DARK, { 0, -1 }, 0, -1 },               /* line over the 200 %: 300 */
	/* 3 */ { DARK, { 1, -1 }, 0, -1 },               /* line over the 100 %: 200 */
	/* 4 */ { DARK, { -1 }, 0, -1 },                  /* line over paper: 100 */
	/* 5 */ { DARK, { 0, 1, -1 }, 1, -1 },            /* bar across both: 300 */
	/* 6 */ { YELLOW_OP, { 1, -1 }, 1, 7 },          /* yellow over cyan: 200 */
	/* 7 */ { DARK, { 6, -1 }, 0, -1 },               /* over yellow over cyan: 300 */
	/* 8 */ { TP_INK_TEXT, { 0, -1 }, 0, -1 },        /* text over the 200 %: 300 */
	/* 9 */ { TP_INK_CUT, { 0, -1 }, 0, -1 },         /* a spot: never knocks out */
	/* 10 */ { HEAVY, { -1 }, 1, 12 },                /* 200 % triangle, x 50..90, y 50..90 */
	/* 11 */ { DARK, { -1 }, 0, -1 },                 /* line in its box, 17 mm off it: 100 */
	/* 12 */ { DARK, { 10, -1 }, 0, -1 },             /* line along its long edge: 300 */
};
#define N_PLACED (sizeof placed / sizeof placed[0])

/* Each shape on a layer of its own, so the walk draws them in the order
 * they were added (it draws layer by layer). */
static void layer(struct tp_scene *sc, int i)
{
	char name[8];
	snprintf(name, sizeof name, "s%d", i);
	assert_int_equal(tp_scene_layer(sc, name), 0);
}

static struct tp_scene *scene(double limit)
{
	struct tp_palette p = palette(limit);
	struct tp_scene *sc = tp_scene_new("sheet", 100, 100, 3, &p);
	assert_non_null(sc);
	layer(sc, 0);
	assert_int_equal(tp_scene_rect(sc, HEAVY, TP_FILL, 0, 0, 0, 40, 40), 0);
	layer(sc, 1);
	assert_int_equal(tp_scene_rect(sc, CYAN, TP_FILL, 0, 50, 0, 40, 40), 0);
	struct tp_pt l2[] = { { TP_MOVE, 5, 20 }, { TP_LINE, 35, 20 } };
	struct tp_pt l3[] = { { TP_MOVE, 55, 20 }, { TP_LINE, 85, 20 } };
	struct tp_pt l4[] = { { TP_MOVE, 5, 80 }, { TP_LINE, 35, 80 } };
	layer(sc, 2);
	assert_int_equal(tp_scene_path(sc, DARK, TP_STROKE, 0.25, l2, 2), 0);
	layer(sc, 3);
	assert_int_equal(tp_scene_path(sc, DARK, TP_STROKE, 0.25, l3, 2), 0);
	layer(sc, 4);
	assert_int_equal(tp_scene_path(sc, DARK, TP_STROKE, 0.25, l4, 2), 0);
	layer(sc, 5);
	assert_int_equal(tp_scene_rect(sc, DARK, TP_FILL, 0, 35, 30, 20, 5), 0);
	layer(sc, 6);
	assert_int_equal(tp_scene_rect(sc, YELLOW_OP, TP_FILL, 0, 60, 5, 10, 10), 0);
	struct tp_pt l7[] = { { TP_MOVE, 62, 10 }, { TP_LINE, 68, 10 } };
	layer(sc, 7);
	assert_int_equal(tp_scene_path(sc, DARK, TP_STROKE, 0.25, l7, 2), 0);
	layer(sc, 8);
	assert_int_equal(tp_scene_text(sc, TP_INK_TEXT, 20, 10, 3, 1, "A"), 0);
	struct tp_pt l9[] = { { TP_MOVE, 5, 25 }, { TP_LINE, 35, 25 } };
	layer(sc, 9);
	assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, l9, 2), 0);
	/* A triangle's box holds more than the triangle: what is under a
	 * line is measured on the shapes, not on their boxes. */
	struct tp_pt t10[] = { { TP_MOVE, 50, 50 }, { TP_LINE, 90, 50 }, { TP_LINE, 50, 90 }, { TP_CLOSE, 0, 0 } };
	layer(sc, 10);
	assert_int_equal(tp_scene_path(sc, HEAVY, TP_FILL, 0, t10, 4), 0);
	struct tp_pt l11[] = { { TP_MOVE, 80, 85 }, { TP_LINE, 88, 77 } };
	layer(sc, 11);
	assert_int_equal(tp_scene_path(sc, DARK, TP_STROKE, 0.25, l11, 2), 0);
	struct tp_pt l12[] = { { TP_MOVE, 90, 50 }, { TP_LINE, 50, 90 } };
	layer(sc, 12);
	assert_int_equal(tp_scene_path(sc, DARK, TP_STROKE, 0.25, l12, 2), 0);
	assert_int_equal(sc->n_shapes, N_PLACED);
	return sc;
}

/* The plates shape i leaves printed (its stack, or its own ink where it
 * knocks out), and whether it knocks out, by the rule. */
static void expect(const struct tp_palette *p, size_t i, double plate[4], int *knocks)
{
	const struct tp_ink *k = tp_palette_ink(p, placed[i].ink);
	double most = 0, stack[4] = { 0 };
	for (int q = 0; q < 4; q++)
		plate[q] = stack[q] = k->cmyk[q];
	*knocks = 0;
	if (!k->overprint || k->kind != TP_INK_PROCESS)
		return;
	for (int u = 0; u < MAX_UNDER && placed[i].under[u] >= 0; u++) {
		double under[4], t = 0;
		int ko;
		expect(p, (size_t)placed[i].under[u], under, &ko);
		for (int q = 0; q < 4; q++) {
			double v = k->cmyk[q] > 0 ? k->cmyk[q] : under[q];
			t += v;
			stack[q] = v > stack[q] ? v : stack[q];
		}
		most = t > most ? t : most;
	}
	/* A fill keeps room for the line drawn over it later, its own ink
	 * always. */
	double lim = p->max_tac_pct, own = 0, room = 0;
	for (int q = 0; q < 4; q++)
		own += 100 * k->cmyk[q];
	if (placed[i].line_over >= 0) {
		const struct tp_ink *l = tp_palette_ink(p, placed[placed[i].line_over].ink);
		for (int q = 0; q < 4; q++)
			room += 100 * l->cmyk[q];
	}
	if (placed[i].figure)
		lim = fmin(lim, fmax(own, lim - room));
	*knocks = p->max_tac_pct > 0 && 100 * most > lim + 1e-9;
	if (!*knocks)
		memcpy(plate, stack, sizeof stack);
}

struct seen {
	int op[N_PLACED];
	int drawn[N_PLACED];
	int bad_layer;
	const struct tp_scene *sc;
};

static int on_shape(void *ctx, const struct tp_walk_shape *d)
{
	struct seen *s = ctx;
	s->op[d->index] = d->overprint;
	s->drawn[d->index] = 1;
	return 0;
}

/* A layer of one ink says it overprints only when all its shapes do. */
static int on_layer(void *ctx, const struct tp_walk_layer *l)
{
	struct seen *s = ctx;
	int all = l->ink && l->ink->overprint;
	for (size_t i = 0; i < s->sc->n_shapes; i++)
		if (s->sc->shapes[i].layer == l->index) {
			int ko;
			double plate[4];
			expect(&s->sc->pal, i, plate, &ko);
			all &= !ko;
		}
	if (l->overprint != all)
		print_message("limit %g layer %zu %s: %d, want %d\n", s->sc->pal.max_tac_pct, l->index, l->name, l->overprint, all);
	s->bad_layer |= l->overprint != all;
	return 0;
}

static const struct tp_sink sink = {
	.layer_begin = on_layer, .rect = on_shape, .path = on_shape, .text = on_shape,
};

static void check(double limit, uint64_t inks)
{
	struct tp_scene *sc = scene(limit);
	struct seen s = { .sc = sc };
	struct tp_walk_opts o = { .inks = inks };
	tp_err e = { 0 };
	assert_int_equal(tp_scene_walk(sc, &o, &sink, &s, &e), TP_OK);
	assert_false(s.bad_layer);
	for (size_t i = 0; i < N_PLACED; i++) {
		if (!s.drawn[i])
			continue;
		int ko;
		double plate[4];
		expect(&sc->pal, i, plate, &ko);
		int want = tp_palette_ink(&sc->pal, placed[i].ink)->overprint && !ko;
		if (s.op[i] != want)
			fail_msg("limit %g: shape %zu overprints %d, want %d", limit, i, s.op[i], want);
	}
	tp_scene_free(sc);
}

/* No limit, a limit nothing passes, and 240 %: each shape as the rule says. */
static void test_limits(void **state)
{
	(void)state;
	check(0, 0);
	check(300, 0);
	check(240, 0);
	check(150, 0);
}

/* A walk of some inks only (a plate) knocks out as the whole sheet does. */
static void test_plate_as_sheet(void **state)
{
	(void)state;
	check(240, TP_WALK_INK(DARK));
	check(240, TP_WALK_INK(DARK) | TP_WALK_INK(TP_INK_TEXT));
}

/* The rule's answers are not all alike: the cases test both ways. */
static void test_cases_differ(void **state)
{
	(void)state;
	struct tp_palette p = palette(240);
	int knocked = 0, kept = 0;
	for (size_t i = 0; i < N_PLACED; i++) {
		int ko;
		double plate[4];
		expect(&p, i, plate, &ko);
		knocked += ko;
		kept += !ko && tp_palette_ink(&p, placed[i].ink)->overprint;
	}
	assert_true(knocked >= 3);
	assert_true(kept >= 3);
}

/* A line's join prints past its pieces: the mitre at a 45 degree corner
 * of a 0.3 mm line reaches 0.39 mm beyond the corner.  A 200 % field
 * 0.25 mm above the corner, off to the side of its pieces (their middle
 * and edges never meet it), lies under the mitre: the dark line (100 %
 * K) over it is 300 %, past 240 %, so the line knocks out; the same
 * line with a bevel join keeps nothing past its pieces and its
 * overprint. */
static int on_last(void *ctx, const struct tp_walk_shape *d)
{
	if (d->ink_id == DARK)
		*(int *)ctx = d->overprint;
	return 0;
}

static void test_mitre(void **state)
{
	(void)state;
	for (int bevel = 0; bevel < 2; bevel++) {
		struct tp_palette p = palette(240);
		struct tp_scene *sc = tp_scene_new("sheet", 100, 100, 3, &p);
		assert_non_null(sc);
		layer(sc, 0);
		assert_int_equal(tp_scene_rect(sc, HEAVY, TP_FILL, 0, 20.05, 18, 2, 1.75), 0);
		layer(sc, 1);
		/* The corner at (20, 20): one side down, one down and left. */
		const double xy[6] = { 20, 20, 20, 30, 15, 25 };
		assert_int_equal(tp_scene_poly(sc, DARK, TP_STROKE, 0.3, xy, 3), 0);
		if (bevel)
			tp_scene_flag_last(sc, TP_SHAPE_JOIN_BEVEL);
		int op = -1;
		const struct tp_sink k = { .rect = on_last, .path = on_last };
		struct tp_walk_opts o = { 0 };
		tp_err e = { 0 };
		assert_int_equal(tp_scene_walk(sc, &o, &k, &op, &e), TP_OK);
		if (op != bevel)
			fail_msg("%s join: overprints %d, want %d", bevel ? "bevel" : "miter", op, bevel);
		tp_scene_free(sc);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_plate_as_sheet),
		cmocka_unit_test(test_cases_differ),
		cmocka_unit_test(test_mitre),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
