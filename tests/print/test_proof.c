#include "testutil.h"

#include "print/layout/proof.h"
#include "tu_palette.h"

/* The contact sheet's captions (proof.h): each thumbnail's "inks: ..."
 * line keeps to its own column however many inks a sheet has.  An arena
 * sheet with four colours lists nine inks; its one line ran 20 mm into the
 * next thumbnail's caption.  What is checked comes from the laid-out page
 * and the outlines of its texts, not from the layout's constants. */

/* The box of text shape s as drawn (its outline). */
static void text_box(const struct tp_scene *sc, const struct tp_shape *s, double b[4])
{
	assert_int_equal(tp_text_outline_box(tp_scene_str(sc, s), s->x, s->y, s->h, s->align, b), 0);
}

static int overlap(const double a[4], const double b[4])
{
	return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/* The text shape whose string starts with prefix; NULL when none. */
static const struct tp_shape *text_starting(const struct tp_scene *sc, const char *prefix)
{
	for (size_t i = 0; i < sc->n_shapes; i++)
		if (sc->shapes[i].kind == TP_SHAPE_TEXT &&
		    strncmp(tp_scene_str(sc, &sc->shapes[i]), prefix, strlen(prefix)) == 0)
			return &sc->shapes[i];
	return NULL;
}

static void test_long_inks_keep_to_their_column(void **state)
{
	(void)state;
	struct tp_palette pal;
	tu_palette_init(&pal);
	/* Four thumbnails in a row, each listing many inks. */
	enum { N = 4 };
	char inks[200] = "";
	for (int i = 1; i <= 12; i++)
		snprintf(inks + strlen(inks), sizeof inks - strlen(inks), "%scolour%d", i > 1 ? ", " : "", i);
	struct tp_doc out = { 0 };
	assert_int_equal(tp_proof_begin(&pal, "contact sheet", N, "counts", &out), 0);
	for (size_t i = 0; i < N; i++) {
		struct tp_scene *s = tp_scene_new("sheet", 200, 100, 3, &pal);
		assert_non_null(s);
		assert_int_equal(tp_scene_rect(s, INK_A, TP_FILL, 0, 0, 0, 200, 100), 0);
		char name[8];
		snprintf(name, sizeof name, "s%zu", i);
		assert_int_equal(tp_proof_add(&out, i, name, s, 1, inks, 0), 0);
		tp_scene_free(s);
	}
	assert_int_equal(tp_proof_end(&out, N, "counts"), 0);
	const struct tp_scene *sc = out.pages[0].sc;

	/* The test is about something: the inks on one line, at the caption's
	 * size, are wider than the distance from one thumbnail's caption to
	 * the next. */
	const struct tp_shape *c0 = text_starting(sc, "s0:"), *c1 = text_starting(sc, "s1:");
	const struct tp_shape *i0 = text_starting(sc, "inks:");
	assert_non_null(c0);
	assert_non_null(c1);
	assert_non_null(i0);
	char whole[220];
	snprintf(whole, sizeof whole, "inks: %s", inks);
	double wb[4];
	assert_int_equal(tp_text_outline_box(whole, i0->x, i0->y, i0->h, TP_ALIGN_LEFT, wb), 0);
	assert_true(wb[2] - wb[0] > c1->x - c0->x);

	/* No two texts overlap, and every text lies on the page. */
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_shape *a = &sc->shapes[i];
		if (a->kind != TP_SHAPE_TEXT)
			continue;
		double ba[4];
		text_box(sc, a, ba);
		assert_true(ba[0] >= 0 && ba[1] >= 0 && ba[2] <= sc->trim_w && ba[3] <= sc->trim_h);
		for (size_t j = i + 1; j < sc->n_shapes; j++) {
			const struct tp_shape *b = &sc->shapes[j];
			if (b->kind != TP_SHAPE_TEXT)
				continue;
			double bb[4];
			text_box(sc, b, bb);
			if (overlap(ba, bb))
				fail_msg("\"%s\" overlaps \"%s\"", tp_scene_str(sc, a), tp_scene_str(sc, b));
		}
	}

	/* Each caption's lines, left-aligned under its thumbnail and read in
	 * order, say every ink once: the wrapped caption is the whole list. */
	for (size_t i = 0; i < N; i++) {
		char name[8];
		snprintf(name, sizeof name, "s%zu:", i);
		const struct tp_shape *c = text_starting(sc, name);
		assert_non_null(c);
		char got[400] = "";
		size_t lines = 0;
		double last_y = c->y;
		for (size_t k = 0; k < sc->n_shapes; k++) {
			const struct tp_shape *t = &sc->shapes[k];
			if (t->kind != TP_SHAPE_TEXT || t->x != c->x || t->y <= c->y ||
			    t->y > c->y + 4 * c->h)
				continue;
			assert_true(t->y > last_y);   /* lines go down the page */
			last_y = t->y;
			snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", lines ? " " : "",
				 tp_scene_str(sc, t));
			lines++;
		}
		assert_true(lines > 1);
		assert_string_equal(got, whole);
	}
	tp_doc_free(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_long_inks_keep_to_their_column),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	tu_release_font_caches();
	return rc;
}
