/* The preflight (issue 18): each kind of defect planted in a scene is
 * found, by its rule and severity, and a clean scene gives no finding.
 * Scenes are built here by hand; the limits are the punchboard profile's
 * (3 mm bleed and safe zone, 6 mm between die lines, 8 mm components). */

#include "testutil.h"

#include <math.h>

#include "print/layout/die.h"
#include "print/preflight/preflight.h"
#include "print/preflight/preflight_int.h"
#include "print/layout/sheet.h"
#include "print/art/text_outline.h"
#include "tu_preflight.h"


static struct tp_palette pal;

static void palette(void)
{
	tu_pf_palette(&pal);
}

static struct tp_pf_rules rules(void)
{
	return tu_pf_rules();
}

/* A 100 mm component: colour out to the bleed, its die line the trim. */
static struct tp_scene *clean(double w, double h)
{
	struct tp_scene *sc = tp_scene_new("sheet", w, h, 3, &pal);
	assert_non_null(sc);
	assert_int_equal(tp_scene_rect(sc, COLOUR, TP_FILL, 0, -3, -3, w + 6, h + 6), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 0, 0, w, h), 0);
	return sc;
}

/* Runs the preflight on sc (freed) and returns how many findings of rule
 * with severity sev it made; fails on a finding of any other rule. */
static size_t found(struct tp_scene *sc, const char *rule, int sev)
{
	struct tp_pf_rules r = rules();
	struct tp_preflight pf = { 0 };
	assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
	size_t n = 0;
	for (size_t i = 0; i < pf.n; i++) {
		char line[400];
		tp_preflight_line(&pf.f[i], line, sizeof line);
		if (rule == NULL || strcmp(pf.f[i].rule, rule) != 0)
			fail_msg("want only %s, found: %s", rule ? rule : "nothing", line);
		assert_int_equal(pf.f[i].severity, sev);
		n++;
	}
	assert_int_equal(pf.errors + pf.warnings, pf.n);
	tp_preflight_free(&pf);
	tp_scene_free(sc);
	return n;
}

static void clean_scene(void **state)
{
	(void)state;
	palette();
	assert_int_equal(found(clean(100, 100), NULL, 0), 0);
}

static void die_rules(void **state)
{
	(void)state;
	palette();
	/* An open die path that meets no other cut. */
	struct tp_scene *sc = clean(100, 100);
	const struct tp_pt open[3] = { { TP_MOVE, 20, 20 }, { TP_LINE, 60, 20 }, { TP_LINE, 60, 60 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, open, 3), 0);
	assert_int_equal(found(sc, "die-open", TP_PF_ERROR), 1);
	/* A gang cut (its ends on the outline) is not open. */
	sc = clean(100, 100);
	const struct tp_pt gang[2] = { { TP_MOVE, 50, 0 }, { TP_LINE, 50, 100 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, gang, 2), 0);
	assert_int_equal(found(sc, NULL, 0), 0);
	/* A slit: one straight cut from the outline into the component
	 * (a quad-fold board's), but not from the trim edge of a page with no
	 * closed die line, nor bent. */
	sc = clean(100, 100);
	const struct tp_pt slit[2] = { { TP_MOVE, 50, 0 }, { TP_LINE, 50, 40 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, slit, 2), 0);
	assert_int_equal(found(sc, NULL, 0), 0);
	sc = tp_scene_new("sheet", 100, 100, 3, &pal);
	assert_non_null(sc);
	assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, slit, 2), 0);
	assert_int_equal(found(sc, "die-open", TP_PF_ERROR), 1);
	sc = clean(100, 100);
	const struct tp_pt bent[3] = { { TP_MOVE, 50, 0 }, { TP_LINE, 50, 40 }, { TP_LINE, 60, 40 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, bent, 3), 0);
	assert_int_equal(found(sc, "die-open", TP_PF_ERROR), 1);
	/* The same line twice. */
	sc = clean(100, 100);
	assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, gang, 2), 0);
	assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, gang, 2), 0);
	assert_int_equal(found(sc, "die-doubled", TP_PF_ERROR), 1);
	/* Two components 4 mm apart, under the 6 mm the rules ask. */
	sc = tp_scene_new("sheet", 100, 100, 3, &pal);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 10, 10, 30, 30), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 44, 10, 30, 30), 0);
	assert_int_equal(found(sc, "die-gap", TP_PF_ERROR), 1);
	/* A component of 5 mm, under 8. */
	sc = tp_scene_new("sheet", 100, 100, 3, &pal);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 10, 10, 5, 30), 0);
	assert_int_equal(found(sc, "component-size", TP_PF_ERROR), 1);
}

static void bleed_and_page(void **state)
{
	(void)state;
	palette();
	/* Colour that stops at the trim edge. */
	struct tp_scene *sc = tp_scene_new("sheet", 100, 100, 3, &pal);
	assert_int_equal(tp_scene_rect(sc, COLOUR, TP_FILL, 0, 0, 0, 100, 100), 0);
	assert_true(found(sc, "bleed", TP_PF_WARNING) >= 1);
	/* A page larger than the press sheet's clear area either way. */
	assert_int_equal(found(clean(320, 320), "page-size", TP_PF_ERROR), 1);
	/* One that fits turned does not count. */
	assert_int_equal(found(clean(380, 250), NULL, 0), 0);
}

/* Findings of rule in sc (freed), whatever else the preflight finds. */
static size_t count_rule(struct tp_scene *sc, const char *rule)
{
	struct tp_pf_rules r = rules();
	struct tp_preflight pf = { 0 };
	assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
	size_t n = 0;
	for (size_t i = 0; i < pf.n; i++)
		n += strcmp(pf.f[i].rule, rule) == 0;
	tp_preflight_free(&pf);
	tp_scene_free(sc);
	return n;
}

/* A fill meeting the trim edge only at a corner has nothing on the cut
 * to bleed (the series sets' small triangles at a tile's corner); one
 * with a side along the edge has, and so has that side in a subpath left
 * open, or closed by TP_CLOSE. */
static void bleed_corner_only(void **state)
{
	(void)state;
	palette();
	const double corner[3][6] = { { 0, 50, 20, 40, 20, 60 },      /* left edge, a corner */
				      { 40, 0, 60, 0, 50, 20 },       /* top edge, a side */
				      { 100, 30, 80, 20, 100, 10 } }; /* right edge, a side */
	const size_t want[3] = { 0, 1, 1 };
	for (int t = 0; t < 3; t++) {
		struct tp_scene *sc = tp_scene_new("sheet", 100, 100, 3, &pal);
		assert_int_equal(tp_scene_poly(sc, COLOUR, TP_FILL, 0, corner[t], 3), 0);
		assert_int_equal(count_rule(sc, "bleed"), want[t]);
		/* The same as a path closed explicitly. */
		const double *c = corner[t];
		const struct tp_pt pt[4] = { { TP_MOVE, c[0], c[1] }, { TP_LINE, c[2], c[3] },
					     { TP_LINE, c[4], c[5] }, { TP_CLOSE, 0, 0 } };
		sc = tp_scene_new("sheet", 100, 100, 3, &pal);
		assert_int_equal(tp_scene_path(sc, COLOUR, TP_FILL, 0, pt, 4), 0);
		assert_int_equal(count_rule(sc, "bleed"), want[t]);
	}
}

static void safe_zone(void **state)
{
	(void)state;
	palette();
	struct tp_scene *sc = clean(100, 100);
	/* Overprinting, so only the safe zone speaks. */
	assert_int_equal(tp_scene_rect(sc, TP_INK_LINE, TP_FILL, 0, 1, 40, 20, 20), 0);
	assert_int_equal(found(sc, "safe-zone", TP_PF_WARNING), 1);
	sc = clean(100, 100);
	assert_int_equal(tp_scene_rect(sc, TP_INK_LINE, TP_FILL, 0, 4, 40, 20, 20), 0);
	assert_int_equal(found(sc, NULL, 0), 0);
}

/* Overprint stacks: an overprinting 45 % K hairline over a 200 % colour is
 * 245 % where they meet; under a 240 % limit that is an error whether
 * the line crosses a cell or runs along the edge two cells share (its
 * centre on both edges, inside neither: it passed). */
static void overprint_stack_on_edge(void **state)
{
	(void)state;
	palette();
	for (int edge = 0; edge < 2; edge++) {
		struct tp_scene *sc = clean(100, 100);
		assert_int_equal(tp_scene_rect(sc, COLOUR, TP_FILL, 0, 0, 0, 50, 100), 0);
		assert_int_equal(tp_scene_rect(sc, COLOUR, TP_FILL, 0, 50, 0, 50, 100), 0);
		double x = edge ? 50 : 25;
		const struct tp_pt l[2] = { { TP_MOVE, x, 0 }, { TP_LINE, x, 100 } };
		assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.3, l, 2), 0);
		struct tp_pf_rules r = rules();
		r.max_tac = 240;
		struct tp_preflight pf = { 0 };
		assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
		size_t tac = 0;
		for (size_t i = 0; i < pf.n; i++)
			tac += strcmp(pf.f[i].rule, "tac") == 0 && fabs(pf.f[i].value - 245) < 1e-6;
		if (tac != 1)
			fail_msg("line %s: %zu tac findings of 245 %%", edge ? "on the edge" : "inside", tac);
		tp_preflight_free(&pf);
		tp_scene_free(sc);
	}
}

/* Art that runs to the cut by design (TP_SHAPE_TO_CUT: a tile's cells, a
 * background) is not measured for the safe zone, however near the cut;
 * the same shape unflagged is, and so is an indicium drawn over it. */
static void safe_zone_to_cut(void **state)
{
	(void)state;
	palette();
	for (int flag = 0; flag < 2; flag++) {
		struct tp_scene *sc = clean(100, 100);
		assert_int_equal(tp_scene_rect(sc, TP_INK_LINE, TP_FILL, 0, 1, 40, 20, 20), 0);
		if (flag)
			tp_scene_flag_last(sc, TP_SHAPE_TO_CUT);
		assert_int_equal(found(sc, flag ? NULL : "safe-zone", flag ? 0 : TP_PF_WARNING),
				 flag ? 0 : 1);
	}
	struct tp_scene *sc = clean(100, 100);
	size_t first = sc->n_shapes;
	assert_int_equal(tp_scene_rect(sc, TP_INK_LINE, TP_FILL, 0, 1, 40, 20, 20), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_LINE, TP_FILL, 0, 40, 1, 20, 20), 0);
	tp_scene_flag_from(sc, first, TP_SHAPE_TO_CUT);
	assert_int_equal(tp_scene_rect(sc, TP_INK_LINE, TP_FILL, 0, 2, 70, 5, 5), 0);
	assert_int_equal(found(sc, "safe-zone", TP_PF_WARNING), 1);
}

/* Text is measured by its glyphs, not by the scene's guess of 0.7 em a
 * character either side of its anchor: a centred "2" whose guess comes
 * 1.5 mm from the cut but whose ink keeps 3 mm or more is clean (it
 * warned); one whose guess crosses the cut while its ink keeps 4 mm is
 * clean, and at 2 mm it warns (it passed, taken for a text running into
 * the cut). The ink's left edge is taken from the outline here. */
static void text_safe_zone(void **state)
{
	(void)state;
	palette();
	double h = 10;
	struct tp_pt *p = NULL;
	size_t n = 0;
	assert_int_equal(tp_text_outline("2", 0, 0, h, TP_ALIGN_CENTER, &p, &n), 0);
	double left = INFINITY;
	for (size_t k = 0; k < n; k++)
		if (p[k].op != TP_CLOSE)
			left = fmin(left, p[k].x);
	free(p);
	assert_true(left < 0 && -left < 0.7 * h - 3 && 0.7 * h + 1.5 + left >= 3);
	struct tp_scene *sc = clean(100, 100);
	assert_int_equal(tp_scene_text(sc, TP_INK_LINE, 0.7 * h + 1.5, 50, h, TP_ALIGN_CENTER, "2"), 0);
	assert_int_equal(found(sc, NULL, 0), 0);
	sc = clean(100, 100);
	assert_int_equal(tp_scene_text(sc, TP_INK_LINE, 4 - left, 50, h, TP_ALIGN_CENTER, "2"), 0);
	assert_int_equal(found(sc, NULL, 0), 0);
	sc = clean(100, 100);
	assert_int_equal(tp_scene_text(sc, TP_INK_LINE, 2 - left, 50, h, TP_ALIGN_CENTER, "2"), 0);
	assert_int_equal(found(sc, "safe-zone", TP_PF_WARNING), 1);
}

/* On a page without die lines the trim edge is the cut.  A text whose
 * guessed box (0.7 em a character either side of its anchor) reaches the
 * bleed is measured by its glyphs too: the vector backs' edition mark,
 * right-aligned 1.7 mm inside a tile, passed at the sheet's right edge
 * while the same mark warned on every tile inside.  Ink 1.5 mm from the
 * right trim warns; ink 4 mm from it does not; both guesses cross it. */
static void text_safe_zone_at_trim(void **state)
{
	(void)state;
	palette();
	const double W = 100, h = 2.5, zone = rules().safe;
	const char *t = "EDITION";
	double b[4];
	assert_int_equal(tp_text_outline_box(t, 0, 0, h, TP_ALIGN_RIGHT, b), 0);
	for (int k = 0; k < 2; k++) {
		double gap = k ? zone + 1 : zone - 1.5, x = W - gap - b[2];
		/* The guess crosses the trim, so the old rule saw a background. */
		assert_true(x + 0.7 * h * (double)strlen(t) > W);
		struct tp_scene *sc = tp_scene_new("sheet", W, 100, 3, &pal);
		assert_non_null(sc);
		assert_int_equal(tp_scene_rect(sc, COLOUR, TP_FILL, 0, -3, -3, W + 6, 106), 0);
		assert_int_equal(tp_scene_text(sc, TP_INK_LINE, x, 50, h, TP_ALIGN_RIGHT, t), 0);
		assert_int_equal(found(sc, k ? NULL : "safe-zone", k ? 0 : TP_PF_WARNING), k ? 0 : 1);
	}
}

/* Text never runs on into the bleed as a fill does: a text whose glyphs
 * reach the trim of a page without die lines, or cross a die line, is
 * reported (it used to pass as art running on).  A text clear of both
 * gives nothing. */
static void text_into_cut(void **state)
{
	(void)state;
	palette();
	const double h = 3;
	double b[4];
	assert_int_equal(tp_text_outline_box("Then", 0, 0, h, TP_ALIGN_LEFT, b), 0);
	/* On the trim of a page without die lines: the glyphs start at or
	 * left of x = 0. */
	struct tp_scene *sc = tp_scene_new("sheet", 100, 100, 3, &pal);
	assert_non_null(sc);
	assert_int_equal(tp_scene_text(sc, TP_INK_LINE, -b[0] - 0.5, 50, h, TP_ALIGN_LEFT, "Then"), 0);
	assert_int_equal(found(sc, "safe-zone", TP_PF_WARNING), 1);
	/* Across a component's die line. */
	sc = clean(100, 100);
	assert_int_equal(tp_scene_text(sc, TP_INK_LINE, 100 - (b[2] - b[0]) / 2 - b[0], 50, h,
				       TP_ALIGN_LEFT, "Then"), 0);
	assert_int_equal(found(sc, "safe-zone", TP_PF_WARNING), 1);
	/* Well inside. */
	sc = clean(100, 100);
	assert_int_equal(tp_scene_text(sc, TP_INK_LINE, 40, 50, h, TP_ALIGN_LEFT, "Then"), 0);
	assert_int_equal(found(sc, NULL, 0), 0);
}

/* A back (or an emboss plate) has no die line of its own: its pieces are
 * cut by the fronts' die.  Measured from the fronts' cuts mirrored
 * (work-and-turn), each back keeps the safe zone inside its own cut, as
 * each front does; measured from the sheet's edge alone (the old rule),
 * a mark 1.7 mm from a tile's inner cut passed.  Two tiles of 40 and 60
 * mm, so that the cut between them lies at x = 40 on the fronts and at
 * x = 60 behind them: a text `gap` right of x = 60 warns with gap as its
 * measure when gap is under the zone, passes when it is over, and passes
 * unmirrored (x = 40 lies 20 mm farther).  A defect of the fronts' die
 * (an open cut) is the fronts' finding, not the back's. */
static size_t count(const struct tp_preflight *pf, const char *rule);

static void back_cuts(void **state)
{
	(void)state;
	palette();
	struct tp_pf_rules r = rules();
	const double W = 100, H = 50, split = 40, h = 2.5, zone = r.safe;
	const char *t = "EDITION";
	double b[4];
	assert_int_equal(tp_text_outline_box(t, 0, 0, h, TP_ALIGN_LEFT, b), 0);
	struct tp_scene *front = tp_scene_new("fronts", W, H, 3, &pal);
	assert_non_null(front);
	assert_int_equal(tp_scene_rect(front, COLOUR, TP_FILL, 0, -3, -3, W + 6, H + 6), 0);
	assert_int_equal(tp_scene_rect(front, TP_INK_CUT, TP_STROKE, 0.25, 0, 0, split, H), 0);
	assert_int_equal(tp_scene_rect(front, TP_INK_CUT, TP_STROKE, 0.25, split, 0, W - split, H), 0);
	const struct tp_pt open[] = { { TP_MOVE, 10, 10 }, { TP_LINE, 20, 10 } };
	assert_int_equal(tp_scene_path(front, TP_INK_CUT, TP_STROKE, 0.25, open, 2), 0);
	for (int k = 0; k < 4; k++) {
		int over = k & 1, mirrored = k < 2;
		double gap = over ? zone + 1 : zone - 1.5;
		struct tp_scene *back = tp_scene_new("backs", W, H, 3, &pal);
		assert_non_null(back);
		assert_int_equal(tp_scene_rect(back, COLOUR, TP_FILL, 0, -3, -3, W + 6, H + 6), 0);
		assert_int_equal(tp_scene_text(back, TP_INK_LINE, W - split + gap - b[0], H - 10, h,
					       TP_ALIGN_LEFT, t), 0);
		struct tp_preflight pf = { 0 };
		struct tp_pf_page *P = tp_pf_begin(&pf, &r, "backs", 1, back);
		assert_non_null(P);
		tp_err e = { 0 };
		assert_int_equal(tp_scene_walk(back, &tp_pf_view, &tp_pf_sink, P, &e), TP_OK);
		assert_int_equal(tp_pf_add_cuts(P, front, mirrored ? -1 : 1, mirrored ? W : 0, 0), 0);
		assert_int_equal(tp_pf_end(P), 0);
		size_t want = mirrored && !over;
		assert_int_equal(pf.n, want);
		if (want) {
			assert_string_equal(pf.f[0].rule, "safe-zone");
			assert_int_equal(pf.f[0].severity, TP_PF_WARNING);
			assert_true(fabs(pf.f[0].value - gap) < 1e-9);
		}
		tp_preflight_free(&pf);
		tp_scene_free(back);
	}
	struct tp_preflight pf = { 0 };
	assert_int_equal(tp_preflight_page(&pf, &r, "fronts", 1, front), 0);
	assert_int_equal(count(&pf, "die-open"), 1);
	tp_preflight_free(&pf);
	tp_scene_free(front);
}

/* A nick is a bridge left in the cut, not a place the art keeps clear of:
 * a line printed up to a nicked die line where a nick falls (a board's
 * grid line meeting its cut mid-side, where one nick a side goes) runs
 * into the cut; it used to be measured from the nick's ends, 0.25 mm
 * off, and warned (648 times on the series fronts, 4 on the arena board
 * parts, under the punchboard profile). A line that stops 1 mm short of
 * the cut still warns. */
static void nick_safe_zone(void **state)
{
	(void)state;
	palette();
	struct tp_nicks nk = { 1, 0.5, 3 };
	const struct tp_pt up[] = { { TP_MOVE, 50, 0 }, { TP_LINE, 50, 30 } };
	const struct tp_pt short_of[] = { { TP_MOVE, 50, 1 }, { TP_LINE, 50, 30 } };
	struct tp_scene *sc = clean(100, 100);
	assert_int_equal(tp_die_nick(sc, &nk), 4);
	assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.3, up, 2), 0);
	assert_int_equal(found(sc, NULL, 0), 0);
	sc = clean(100, 100);
	assert_int_equal(tp_die_nick(sc, &nk), 4);
	assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.3, short_of, 2), 0);
	assert_int_equal(found(sc, "safe-zone", TP_PF_WARNING), 1);
}

static void ink_rules(void **state)
{
	(void)state;
	palette();
	/* A 0.1 mm line in a 45 % tint. */
	struct tp_scene *sc = clean(100, 100);
	const struct tp_pt l[2] = { { TP_MOVE, 10, 50 }, { TP_LINE, 90, 50 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.1, l, 2), 0);
	assert_int_equal(found(sc, "line-weight", TP_PF_WARNING), 1);
	/* 400 % ink. */
	sc = clean(100, 100);
	assert_int_equal(tp_scene_rect(sc, HEAVY, TP_FILL, 0, 40, 40, 20, 20), 0);
	assert_true(found(sc, "tac", TP_PF_ERROR) >= 1);
	/* A thin dark line that knocks the colour out. */
	sc = clean(100, 100);
	assert_int_equal(tp_scene_path(sc, DARK, TP_STROKE, 0.5, l, 2), 0);
	assert_int_equal(found(sc, "knock-out", TP_PF_WARNING), 1);
	/* A spot ink that knocks out. */
	tu_ink(&pal, TP_INK_EMBOSS)->overprint = 0;
	sc = clean(100, 100);
	assert_int_equal(tp_scene_rect(sc, TP_INK_EMBOSS, TP_STROKE, 0.5, 40, 40, 20, 20), 0);
	assert_int_equal(found(sc, "spot-overprint", TP_PF_ERROR), 1);
	tu_ink(&pal, TP_INK_EMBOSS)->overprint = 1;
	/* An emboss stroke too thin to form. */
	sc = clean(100, 100);
	assert_int_equal(tp_scene_path(sc, TP_INK_EMBOSS, TP_STROKE, 0.1, l, 2), 0);
	assert_int_equal(found(sc, "emboss-min", TP_PF_WARNING), 1);
}

/* A page of nothing but its die line, with a COLOUR square of side a at
 * (x, y) - (x + a, y + a). */
static struct tp_scene *paper_with(double x, double y, double a)
{
	struct tp_scene *sc = tp_scene_new("sheet", 100, 100, 3, &pal);
	assert_non_null(sc);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 0, 0, 100, 100), 0);
	assert_int_equal(tp_scene_rect(sc, COLOUR, TP_FILL, 0, x, y, a, a), 0);
	return sc;
}

/* A dark square ring 40..50 mm, its hole 42..48: the inner square wound
 * the other way (nonzero), or the same way with the even-odd rule. */
static void ring(struct tp_scene *sc, int paint, int evenodd)
{
	const struct tp_pt p[10] = {
		{ TP_MOVE, 40, 40 }, { TP_LINE, 50, 40 }, { TP_LINE, 50, 50 }, { TP_LINE, 40, 50 }, { TP_CLOSE, 40, 40 },
		{ TP_MOVE, 42, 42 }, { TP_LINE, evenodd ? 48 : 42, evenodd ? 42 : 48 }, { TP_LINE, 48, 48 },
		{ TP_LINE, evenodd ? 42 : 48, evenodd ? 48 : 42 }, { TP_CLOSE, 42, 42 },
	};
	assert_int_equal(tp_scene_path(sc, DARK, paint, paint == TP_STROKE ? 0.5 : 0, p,
				       paint == TP_STROKE ? 5 : 10), 0);
	if (evenodd)
		tp_scene_flag_last(sc, TP_SHAPE_EVENODD);
}

/* The knock-out rule asks what lies under the shape itself: a colour in a
 * ring's hole (or inside a stroked outline) is not under it, a colour
 * under its band is. */
static void knock_out_on_shape(void **state)
{
	(void)state;
	palette();
	for (int evenodd = 0; evenodd <= 1; evenodd++) {
		struct tp_scene *sc = paper_with(44, 44, 2);
		ring(sc, TP_FILL, evenodd);
		assert_int_equal(found(sc, NULL, 0), 0);
		sc = paper_with(38, 38, 14);
		ring(sc, TP_FILL, evenodd);
		assert_int_equal(found(sc, "knock-out", TP_PF_WARNING), 1);
	}
	/* The line says what was found and what is allowed, with no figures
	 * where nothing was measured, and the JSON gives none. */
	struct tp_scene *sc = paper_with(38, 38, 14);
	ring(sc, TP_FILL, 0);
	struct tp_pf_rules r = rules();
	struct tp_preflight pf = { 0 };
	assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
	tp_scene_free(sc);
	assert_int_equal(pf.n, 1);
	char line[400];
	tp_preflight_line(&pf.f[0], line, sizeof line);
	assert_non_null(strstr(line, "knock-out: dark, a dark small shape, knocks out the colour under it"));
	assert_non_null(strstr(line, "allowed: a dark ink that overprints"));
	assert_null(strstr(line, "limit"));
	struct tp_buf j = { 0 };
	tp_preflight_json(&pf, &j);
	assert_non_null(strstr(j.s, "\"value\":null,\"limit\":null"));
	tp_buf_free(&j);
	tp_preflight_free(&pf);
	sc = paper_with(44, 44, 2);
	ring(sc, TP_STROKE, 0);
	assert_int_equal(found(sc, NULL, 0), 0);
	sc = paper_with(38, 38, 14);
	ring(sc, TP_STROKE, 0);
	assert_int_equal(found(sc, "knock-out", TP_PF_WARNING), 1);
}

/* Profile keys: the emboss gap (edge to edge, strokes counted) and the
 * thinnest line in a solid ink. */
static void emboss_gap_and_lines(void **state)
{
	(void)state;
	palette();
	struct tp_pf_rules r = rules();
	/* Two 10 mm emboss circles, 0.3 mm strokes, centres 10 + 0.3 + g
	 * apart: g edge to edge. */
	const double gaps[2] = { r.emboss_gap - 0.5, r.emboss_gap + 0.5 };
	for (int i = 0; i < 2; i++) {
		struct tp_scene *sc = clean(100, 100);
		assert_int_equal(tp_scene_circle(sc, TP_INK_EMBOSS, TP_STROKE, 0.3, 30, 50, 5), 0);
		assert_int_equal(tp_scene_circle(sc, TP_INK_EMBOSS, TP_STROKE, 0.3, 30 + 10.3 + gaps[i], 50, 5), 0);
		assert_int_equal(found(sc, i == 0 ? "emboss-gap" : NULL, TP_PF_WARNING), i == 0 ? 1 : 0);
	}
	/* A 0.05 mm line in a solid ink: a warning once min_line is set. */
	const struct tp_pt l[2] = { { TP_MOVE, 20, 50 }, { TP_LINE, 80, 50 } };
	struct tp_scene *sc = clean(100, 100);
	assert_int_equal(tp_scene_path(sc, COLOUR, TP_STROKE, 0.05, l, 2), 0);
	struct tp_preflight pf = { 0 };
	assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
	assert_int_equal(pf.n, 0);
	tp_preflight_free(&pf);
	r.min_line = 0.1;
	assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
	assert_int_equal(pf.n, 1);
	assert_string_equal(pf.f[0].rule, "line-weight");
	assert_true(fabs(pf.f[0].value - 0.05) < 1e-9 && fabs(pf.f[0].limit - 0.1) < 1e-9);
	tp_preflight_free(&pf);
	tp_scene_free(sc);
}

/* Section 4: nicks.  tp_die_nick cuts per_side gaps into each side long
 * enough; the preflight takes the nicked contour as closed, and finds a
 * nick on or near a corner, and a gap wider than a nick. */
static void nicks(void **state)
{
	(void)state;
	palette();
	/* A 100 x 100 component and a 10 x 100 one: with 2 nicks 0.5 mm wide
	 * 3 mm from the corners, a side of length L takes them when
	 * L / 3 - 0.25 >= 3, so the 10 mm sides take none. */
	struct tp_nicks nk = { 2, 0.5, 3 };
	struct tp_scene *sc = clean(100, 100);
	long want = 0;
	const double sides[2][2] = { { 100, 100 }, { 10, 80 } };
	for (int c = 0; c < 2; c++)
		for (int k = 0; k < 2; k++)
			want += 2 * (sides[c][k] / 3 - 0.25 >= 3 ? nk.per_side : 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 20, 10, 10, 80), 0);
	/* (the 10 mm component is too small and too near: rules off below) */
	assert_int_equal(tp_die_nick(sc, &nk), want);
	struct tp_pf_rules r = rules();
	r.min_component = 0;
	r.die_gap = 0;
	r.safe = 0;
	struct tp_preflight pf = { 0 };
	assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
	assert_int_equal(pf.errors + pf.warnings, 0);
	tp_preflight_free(&pf);
	/* Without nicks in the rules the same gaps are open die lines (the
	 * one on the trim edge passes as a gang's cut). */
	r.nick = 0;
	assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
	assert_int_equal(pf.errors, 1);
	assert_string_equal(pf.f[0].rule, "die-open");
	tp_preflight_free(&pf);
	tp_scene_free(sc);
	/* Planted: a gap at a corner, a gap 1 mm from one, a 2 mm gap. */
	const struct tp_pt corner[] = { { TP_MOVE, 0, 0.3 }, { TP_LINE, 0, 100 }, { TP_LINE, 100, 100 },
					{ TP_LINE, 100, 0 }, { TP_LINE, 0.3, 0 } };
	const struct tp_pt near[] = { { TP_MOVE, 1.5, 0 }, { TP_LINE, 100, 0 }, { TP_LINE, 100, 100 },
				      { TP_LINE, 0, 100 }, { TP_LINE, 0, 0 }, { TP_LINE, 1, 0 } };
	const struct tp_pt wide[] = { { TP_MOVE, 52, 0 }, { TP_LINE, 100, 0 }, { TP_LINE, 100, 100 },
				      { TP_LINE, 0, 100 }, { TP_LINE, 0, 0 }, { TP_LINE, 50, 0 } };
	const struct { const struct tp_pt *p; size_t n; const char *rule; } bad[] = {
		{ corner, 5, "nick-corner" }, { near, 6, "nick-corner" }, { wide, 6, "die-open" },
	};
	for (int i = 0; i < 3; i++) {
		/* Inside the page (an open cut ending on the trim edge would
		 * pass as a gang's). */
		struct tp_pt q[6];
		for (size_t j = 0; j < bad[i].n; j++)
			q[j] = (struct tp_pt){ bad[i].p[j].op, bad[i].p[j].x + 10, bad[i].p[j].y + 10 };
		sc = tp_scene_new("sheet", 120, 120, 3, &pal);
		assert_non_null(sc);
		assert_int_equal(tp_scene_rect(sc, COLOUR, TP_FILL, 0, -3, -3, 126, 126), 0);
		assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, q, bad[i].n), 0);
		assert_int_equal(found(sc, bad[i].rule, TP_PF_ERROR), 1);
	}
}

/* A half disc of radius r on its diameter (from cx - r to cx + r at cy),
 * its arc two cubics above it. */
static void half_disc(struct tp_scene *sc, double cx, double cy, double r)
{
	const double k = 0.5522847498 * r;
	const struct tp_pt p[] = {
		{ TP_MOVE, cx - r, cy }, { TP_LINE, cx + r, cy },
		{ TP_CURVE, cx + r, cy - k }, { TP_CURVE, cx + k, cy - r }, { TP_CURVE, cx, cy - r },
		{ TP_CURVE, cx - k, cy - r }, { TP_CURVE, cx - r, cy - k }, { TP_CURVE, cx - r, cy },
		{ TP_CLOSE, cx - r, cy },
	};
	assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, p, 9), 0);
}

/* Nicks in curves: a nicked circle and half disc are closed components
 * (component-size applies to them), their nicks on smooth runs; nicks
 * nearer a corner than nick_corner along the arc or the diameter, and a
 * gap cut across a corner where the arc meets the diameter, are
 * nick-corner. */
static void curved_nicks(void **state)
{
	(void)state;
	palette();
	struct tp_nicks nk = { 1, 0.5, 3 };
	struct tp_scene *sc = clean(100, 100);
	assert_int_equal(tp_scene_circle(sc, TP_INK_CUT, TP_STROKE, 0.25, 25, 25, 8), 0);
	half_disc(sc, 50, 80, 25);
	/* The circle: per_side in each quarter; the half disc: per_side on its
	 * arc and on its diameter; the trim: per_side on each of its 4 sides. */
	assert_int_equal(tp_die_nick(sc, &nk), 4 * nk.per_side + 2 * nk.per_side + 4 * nk.per_side);
	struct tp_pf_rules r = rules();
	r.die_gap = 0;
	r.safe = 0;
	r.min_component = 0;
	struct tp_preflight pf = { 0 };
	assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
	assert_int_equal(pf.errors + pf.warnings, 0);
	tp_preflight_free(&pf);
	/* Components under 20 mm: the 16 mm circle (the half disc is 25 high). */
	r.min_component = 20;
	assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
	assert_int_equal(pf.errors + pf.warnings, 1);
	assert_string_equal(pf.f[0].rule, "component-size");
	assert_true(fabs(pf.f[0].value - 16) < 0.01);
	tp_preflight_free(&pf);
	tp_scene_free(sc);
	/* per_side nicks with no corner distance; the preflight's 3 mm finds
	 * those whose gap comes nearer a corner on either side. */
	nk = (struct tp_nicks){ 29, 0.5, 0 };
	const double rad = 25, side[2] = { 2 * rad, M_PI * rad };
	size_t want = 0;
	for (int i = 0; i < 2; i++)
		for (int j = 1; j <= nk.per_side; j++) {
			double c = side[i] * j / (nk.per_side + 1);
			want += fmin(c, side[i] - c) - nk.width / 2 < r.nick_corner;
		}
	sc = clean(100, 100);
	half_disc(sc, 50, 60, rad);
	assert_int_equal(tp_die_nick(sc, &nk), 2 * nk.per_side + 4 * 29);
	/* (the trim's nicks also come near its corners: count the half disc's) */
	r.min_component = 0;
	assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
	size_t near = 0;
	for (size_t i = 0; i < pf.n; i++) {
		assert_string_equal(pf.f[i].rule, "nick-corner");
		near += pf.f[i].y > 10 && pf.f[i].y < 90 && pf.f[i].x > 10 && pf.f[i].x < 90;
		if (pf.f[i].y > 10 && pf.f[i].y < 90)
			assert_true(pf.f[i].value > 0);   /* near, not on, a corner */
	}
	assert_int_equal(near, want);
	tp_preflight_free(&pf);
	tp_scene_free(sc);
	/* Planted: the half disc cut open 0.3 mm from its corner, across it. */
	const double k = 0.5522847498 * rad, cx = 50, cy = 60;
	const struct tp_pt across[] = {
		{ TP_MOVE, cx - rad + 0.3, cy }, { TP_LINE, cx + rad, cy },
		{ TP_CURVE, cx + rad, cy - k }, { TP_CURVE, cx + k, cy - rad }, { TP_CURVE, cx, cy - rad },
		{ TP_CURVE, cx - k, cy - rad }, { TP_CURVE, cx - rad, cy - k }, { TP_CURVE, cx - rad, cy },
	};
	sc = tp_scene_new("sheet", 100, 100, 3, &pal);
	assert_non_null(sc);
	assert_int_equal(tp_scene_rect(sc, COLOUR, TP_FILL, 0, -3, -3, 106, 106), 0);
	assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, across, 8), 0);
	assert_int_equal(found(sc, "nick-corner", TP_PF_ERROR), 1);
}

/* How many die-split findings pf holds; fails on other errors. */
static size_t splits(const struct tp_preflight *pf)
{
	size_t n = 0;
	for (size_t i = 0; i < pf->n; i++)
		if (strcmp(pf->f[i].rule, "die-split") == 0) {
			assert_int_equal(pf->f[i].severity, TP_PF_ERROR);
			n++;
		}
	return n;
}

/* A closed die outline (a hexagon) paneled across a seam: each panel has
 * it cut open, one finding where each of its sides meets the seam; the
 * same outline unpaneled, or lying inside one panel, has none. */
static void die_split(void **state)
{
	(void)state;
	palette();
	const double W = 300, H = 100;
	const double hx[6][2] = { { 20, 50 }, { 60, 10 }, { 240, 10 }, { 280, 50 }, { 240, 90 }, { 60, 90 } };
	for (int across = 1; across >= 0; across--) {
		struct tp_scene *sc = tp_scene_new("sheet", W, H, 3, &pal);
		assert_non_null(sc);
		assert_int_equal(tp_scene_rect(sc, COLOUR, TP_FILL, 0, -3, -3, W + 6, H + 6), 0);
		/* across = 0: the hexagon shrunk into the left panel */
		double k = across ? 1 : 0.4, xy[12];
		for (int i = 0; i < 6; i++) {
			xy[2 * i] = hx[i][0] * k;
			xy[2 * i + 1] = hx[i][1];
		}
		assert_int_equal(tp_scene_poly(sc, TP_INK_CUT, TP_STROKE, 0.25, xy, 6), 0);
		struct tp_pf_rules r = rules();
		struct tp_preflight pf = { 0 };
		assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
		assert_int_equal(splits(&pf), 0);
		tp_preflight_free(&pf);
		struct tp_doc doc = { 0 };
		assert_int_equal(tp_doc_add(&doc, sc, ""), 0);
		const double overlap = 10;
		assert_int_equal(tp_doc_panelize_wh(&doc, 200, 200, overlap, 0), 0);
		assert_int_equal(doc.n, 2);
		for (size_t p = 0; p < doc.n; p++) {
			/* where this panel's piece ends: mid-overlap, in page mm */
			double x0 = p ? W - doc.pages[p].sc->trim_w : 0;
			double seam = p ? x0 + overlap / 2 : doc.pages[p].sc->trim_w - overlap / 2;
			size_t want = 0;
			for (int i = 0; i < 6; i++) {
				double a = xy[2 * i], b = xy[(2 * i + 2) % 12];
				want += (a - seam) * (b - seam) < 0;
			}
			assert_int_equal(want, across ? 2 : 0);
			assert_int_equal(tp_preflight_page(&pf, &r, "sheet", (int)p + 1, doc.pages[p].sc), 0);
			assert_int_equal(splits(&pf), want);
			tp_preflight_free(&pf);
		}
		tp_doc_free(&doc);
	}
}

/* How many findings of rule pf holds. */
static size_t count(const struct tp_preflight *pf, const char *rule)
{
	size_t n = 0;
	for (size_t i = 0; i < pf->n; i++)
		n += strcmp(pf->f[i].rule, rule) == 0;
	return n;
}

/* A page without die lines paneled with overlap: its art runs on across
 * the seam, so an element near the seam is no nearer a cut than it was
 * on the page, and an element near the page's own edge still is.  The
 * panels give the page's safe-zone findings, no more. */
static void seam_safe_zone(void **state)
{
	(void)state;
	palette();
	const double W = 300, H = 100, overlap = 10, max = 200;
	struct tp_scene *sc = tp_scene_new("sheet", W, H, 3, &pal);
	assert_non_null(sc);
	assert_int_equal(tp_scene_rect(sc, COLOUR, TP_FILL, 0, -3, -3, W + 6, H + 6), 0);
	/* 1.5 mm from the page's left edge: too near its cut */
	assert_int_equal(tp_scene_rect(sc, DARK, TP_FILL, 0, 1.5, 40, 10, 10), 0);
	/* every 4 mm across the middle, where some panel's seam lies */
	for (double x = W / 2 - 3 * overlap; x < W / 2 + 3 * overlap; x += 4)
		assert_int_equal(tp_scene_rect(sc, DARK, TP_FILL, 0, x, 40, 2, 10), 0);
	/* a caption across the middle, well inside the page: across a seam
	 * it runs on, as the art does (it was "text runs into the cut") */
	for (double x = W / 2 - 3 * overlap; x < W / 2 + 3 * overlap; x += 7)
		assert_int_equal(tp_scene_text(sc, TP_INK_LINE, x, 70, 4, TP_ALIGN_CENTER, "CAPTION"), 0);
	struct tp_pf_rules r = rules();
	struct tp_preflight pf = { 0 };
	assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 1, sc), 0);
	size_t page = count(&pf, "safe-zone");
	assert_int_equal(page, 1);
	tp_preflight_free(&pf);
	struct tp_doc doc = { 0 };
	assert_int_equal(tp_doc_add(&doc, sc, ""), 0);
	assert_int_equal(tp_doc_panelize_wh(&doc, max, max, overlap, 0), 0);
	assert_true(doc.n > 1);
	size_t panels = 0;
	for (size_t p = 0; p < doc.n; p++) {
		assert_int_equal(tp_preflight_page(&pf, &r, "sheet", (int)p + 1, doc.pages[p].sc), 0);
		panels += count(&pf, "safe-zone");
		tp_preflight_free(&pf);
	}
	assert_int_equal(panels, page);
	tp_doc_free(&doc);
}

/* The report: text lists errors first, JSON carries every finding. */
static void reports(void **state)
{
	(void)state;
	palette();
	struct tp_scene *sc = clean(100, 100);
	const struct tp_pt l[2] = { { TP_MOVE, 10, 50 }, { TP_LINE, 90, 50 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.1, l, 2), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 10, 10, 5, 30), 0);
	struct tp_pf_rules r = rules();
	struct tp_preflight pf = { 0 };
	assert_int_equal(tp_preflight_page(&pf, &r, "sheet", 2, sc), 0);
	tp_scene_free(sc);
	assert_int_equal(pf.errors, 1);
	assert_int_equal(pf.warnings, 1);
	struct tp_buf t = { 0 }, j = { 0 };
	tp_preflight_text(&pf, &t);
	tp_preflight_json(&pf, &j);
	assert_false(t.oom || j.oom);
	const char *e = strstr(t.s, "\nerror sheet page 2"), *w = strstr(t.s, "\nwarning sheet page 2");
	assert_non_null(e);
	assert_non_null(w);
	assert_true(e < w);
	assert_non_null(strstr(j.s, "\"errors\":1,\"warnings\":1"));
	assert_non_null(strstr(j.s, "\"rule\":\"component-size\""));
	assert_non_null(strstr(j.s, "\"rule\":\"line-weight\""));
	tp_buf_free(&t);
	tp_buf_free(&j);
	tp_preflight_free(&pf);
}


/* The report speaks once: N findings of one rule on one sheet are one
 * line of preflight.txt, with the count, the pages and the first place;
 * two rules or two sheets are two lines; the JSON keeps every finding and
 * the groups' counts add up to them. */
static void reports_grouped(void **state)
{
	(void)state;
	palette();
	struct tp_pf_rules r = rules();
	struct tp_preflight pf = { 0 };
	const int n_near = 7;
	for (int page = 1; page <= 2; page++) {
		struct tp_scene *sc = clean(100, 100);
		for (int k = 0; k < n_near; k++)   /* each 1 mm from the left cut */
			assert_int_equal(tp_scene_rect(sc, TP_INK_LINE, TP_FILL, 0, 1, 5 + 12 * k, 8, 8), 0);
		const struct tp_pt l[2] = { { TP_MOVE, 10, 50 }, { TP_LINE, 90, 50 } };
		assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.1, l, 2), 0);
		assert_int_equal(tp_preflight_page(&pf, &r, page == 1 ? "a" : "b", page, sc), 0);
		tp_scene_free(sc);
	}
	size_t want_safe = 0, want_line = 0;
	for (size_t i = 0; i < pf.n; i++) {
		want_safe += strcmp(pf.f[i].rule, "safe-zone") == 0;
		want_line += strcmp(pf.f[i].rule, "line-weight") == 0;
	}
	assert_int_equal(want_safe, 2 * n_near);
	assert_true(want_line >= 2);
	struct tp_buf t = { 0 }, j = { 0 };
	tp_preflight_text(&pf, &t);
	tp_preflight_json(&pf, &j);
	assert_false(t.oom || j.oom);
	/* Summary, then 2 rules x 2 sheets. */
	size_t lines = 0;
	for (const char *p = t.s; *p; p++)
		lines += *p == '\n';
	assert_int_equal(lines, 1 + 4);
	char want[80];
	snprintf(want, sizeof want, "; %d alike on a page 1", n_near);
	const char *a = strstr(t.s, "\nwarning a page 1 at (");
	assert_non_null(a);
	assert_non_null(strstr(a, "safe-zone"));
	assert_non_null(strstr(t.s, want));
	/* Every finding in the JSON, and the groups' counts add up. */
	size_t in_json = 0, sum = 0;
	for (const char *p = j.s; (p = strstr(p, "\"severity\"")) != NULL; p++)
		in_json++;
	const char *g = strstr(j.s, "\"groups\":[");
	assert_non_null(g);
	for (const char *p = g; (p = strstr(p, "\"count\":")) != NULL; p++)
		sum += strtoul(p + 8, NULL, 10);
	assert_int_equal(in_json, pf.n + 4);   /* each group names a severity too */
	assert_int_equal(sum, pf.n);
	tp_buf_free(&t);
	tp_buf_free(&j);
	tp_preflight_free(&pf);
}

/* A group's kinds keep the digits of a name: "ink2 shape" and "ink3
 * shape" are two kinds, each counted, and the figures after them are not
 * part of a name. */
static void grouped_names_keep_digits(void **state)
{
	(void)state;
	struct tp_preflight pf = { 0 };
	const char *kinds[] = { "ink2 shape", "ink3 shape", "ink2 shape" };
	for (int i = 0; i < 3; i++)
		tp_preflight_note(&pf, TP_PF_WARNING, "fronts", 1, "safe-zone",
				  "%s %d.5 mm from the cut", kinds[i], i + 1);
	struct tp_pf_group g[4];
	assert_int_equal(tp_preflight_groups(&pf, g, 4), 1);
	char line[512];
	tp_preflight_group_line(&pf, &g[0], line, sizeof line);
	assert_non_null(strstr(line, ": 2 ink2 shape, 1 ink3 shape"));
	assert_null(strstr(line, "ink shape"));
	tp_preflight_free(&pf);
}

/* A build's preflight in parts (one per sheet, some checked on workers and
 * sent back as text) merged in sheet order is the preflight checked in one:
 * the same report, byte for byte, and the page rules' cut applied to the
 * whole. */
static void parts(void **state)
{
	(void)state;
	palette();
	struct tp_scene *sc = clean(100, 100);
	const struct tp_pt l[2] = { { TP_MOVE, 10, 50 }, { TP_LINE, 90.1, 50.3 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.1, l, 2), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, 10, 10, 5, 30), 0);
	struct tp_pf_rules r = rules();
	struct tp_preflight whole = { 0 }, a = { 0 }, b = { 0 }, merged = { 0 };
	assert_int_equal(tp_preflight_page(&whole, &r, "a", 1, sc), 0);
	tp_preflight_note(&whole, TP_PF_ERROR, "b", 0, "pdfx", "tab\there, line\nthere, back\\slash");
	assert_int_equal(tp_preflight_page(&whole, &r, "b", 2, sc), 0);
	assert_int_equal(tp_preflight_page(&a, &r, "a", 1, sc), 0);
	tp_preflight_note(&b, TP_PF_ERROR, "b", 0, "pdfx", "tab\there, line\nthere, back\\slash");
	assert_int_equal(tp_preflight_page(&b, &r, "b", 2, sc), 0);
	tp_scene_free(sc);
	struct tp_buf packed = { 0 };
	tp_preflight_pack(&b, &packed);
	assert_false(packed.oom);
	struct tp_preflight b2 = { 0 };
	assert_int_equal(tp_preflight_unpack(packed.s, &b2), 0);
	assert_int_equal(tp_preflight_merge(&merged, &a), 0);
	assert_int_equal(tp_preflight_merge(&merged, &b2), 0);
	assert_int_equal(merged.n, whole.n);
	assert_memory_equal(merged.f, whole.f, whole.n * sizeof *whole.f);
	struct tp_buf t1 = { 0 }, t2 = { 0 }, j1 = { 0 }, j2 = { 0 };
	tp_preflight_text(&whole, &t1);
	tp_preflight_text(&merged, &t2);
	tp_preflight_json(&whole, &j1);
	tp_preflight_json(&merged, &j2);
	assert_string_equal(t1.s, t2.s);
	assert_string_equal(j1.s, j2.s);
	assert_int_equal(tp_preflight_unpack("garbled", &b2), -1);
	/* Every double as computed, not as printed for people. */
	struct tp_preflight one = { 0 }, back = { 0 };
	tp_preflight_note(&one, TP_PF_WARNING, "c", 3, "pdfx", "odd");
	one.f[0].x = 0.1 + 0.2;
	one.f[0].value = 1.0 / 3;
	one.f[0].limit = -1e-300;
	tp_buf_free(&packed);
	tp_preflight_pack(&one, &packed);
	assert_int_equal(tp_preflight_unpack(packed.s, &back), 0);
	assert_int_equal(back.n, 1);
	assert_memory_equal(back.f, one.f, sizeof *one.f);
	tp_preflight_free(&one);
	tp_preflight_free(&back);
	tp_buf_free(&t1);
	tp_buf_free(&t2);
	tp_buf_free(&j1);
	tp_buf_free(&j2);
	tp_buf_free(&packed);
	/* The cut: the page rules' findings past TP_PF_MAX_FINDINGS in the
	 * whole are counted, not listed; the notes always are. */
	struct tp_preflight full = { 0 }, tail = { 0 };
	struct tp_pf_finding pagef = { .severity = TP_PF_WARNING, .page = 1, .capped = 1 };
	struct tp_pf_finding note = { .severity = TP_PF_ERROR, .page = 0, .capped = 0 };
	full.f = calloc(TP_PF_MAX_FINDINGS, sizeof *full.f);
	assert_non_null(full.f);
	full.cap = TP_PF_MAX_FINDINGS;
	for (full.n = 0; full.n + 2 < TP_PF_MAX_FINDINGS; full.n++)
		full.f[full.n] = pagef;
	full.warnings = full.n;
	const struct tp_pf_finding seq[4] = { note, pagef, pagef, note };
	tail.f = calloc(4, sizeof *tail.f);
	assert_non_null(tail.f);
	memcpy(tail.f, seq, sizeof seq);
	tail.n = tail.cap = 4;
	tail.errors = 2;
	tail.warnings = 2;
	assert_int_equal(tp_preflight_merge(&full, &tail), 0);
	/* Two places left: the note and one page finding fill them; the
	 * second page finding is cut, and the last note is still listed. */
	assert_int_equal(full.n, TP_PF_MAX_FINDINGS + 1);
	assert_int_equal(full.f[full.n - 1].capped, 0);
	assert_int_equal(full.f[full.n - 2].capped, 1);
	assert_int_equal(full.f[full.n - 3].capped, 0);
	assert_int_equal(full.warnings, TP_PF_MAX_FINDINGS - 2 + 2);
	assert_int_equal(full.errors, 2);
	tp_preflight_free(&full);
	tp_preflight_free(&tail);
	tp_preflight_free(&whole);
	tp_preflight_free(&a);
	tp_preflight_free(&b);
	tp_preflight_free(&b2);
	tp_preflight_free(&merged);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(clean_scene),   cmocka_unit_test(die_rules),
		cmocka_unit_test(die_split),     cmocka_unit_test(seam_safe_zone),
		cmocka_unit_test(bleed_and_page), cmocka_unit_test(bleed_corner_only), cmocka_unit_test(safe_zone),
		cmocka_unit_test(safe_zone_to_cut), cmocka_unit_test(reports_grouped),
		cmocka_unit_test(grouped_names_keep_digits),
		cmocka_unit_test(overprint_stack_on_edge),
		cmocka_unit_test(text_safe_zone),
		cmocka_unit_test(text_safe_zone_at_trim),
		cmocka_unit_test(text_into_cut),
		cmocka_unit_test(back_cuts),
		cmocka_unit_test(nick_safe_zone),
		cmocka_unit_test(ink_rules),     cmocka_unit_test(nicks),
		cmocka_unit_test(knock_out_on_shape),
		cmocka_unit_test(curved_nicks),
		cmocka_unit_test(emboss_gap_and_lines),
		cmocka_unit_test(reports),       cmocka_unit_test(parts),
	};
	return cmocka_run_group_tests_name("preflight", tests, NULL, NULL);
}
