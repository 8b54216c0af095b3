#include "testutil.h"

#include <math.h>
#include <string.h>

#include "print/layout/sheet.h"
#include "print/scene/copy_sink.h"
#include "tu_palette.h"

/* The copying sink (copy_sink.h): what lands in the destination is worked
 * out here from the source's shapes and the transform's rule, and compared
 * with what the replay made. */

/* A source: a rect on layer "back", a text and a triangle on layer "top",
 * a rect on "back" again (added after them), and a printer's mark. */
static struct tp_scene *source(void)
{
	struct tp_palette pal;
	tu_palette_init(&pal);
	struct tp_scene *sc = tp_scene_new("src", 20, 10, 1, &pal);
	assert_non_null(sc);
	assert_int_equal(tp_scene_layer(sc, "back"), 0);
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, 1, 2, 3, 4), 0);
	assert_int_equal(tp_scene_layer(sc, "top"), 0);
	assert_int_equal(tp_scene_text(sc, TP_INK_TEXT, 5, 6, 2, TP_ALIGN_LEFT, "seven"), 0);
	const double tri[6] = { 2, 1, 8, 1, 5, 7 };
	assert_int_equal(tp_scene_poly(sc, INK_B, TP_FILL, 0, tri, 3), 0);
	tp_scene_flag_last(sc, TP_SHAPE_EVENODD);
	assert_int_equal(tp_scene_layer(sc, "back"), 0);
	assert_int_equal(tp_scene_rect(sc, INK_C, TP_STROKE, 0.5, 10, 1, 2, 2), 0);
	tp_scene_layer_by_ink(sc);
	assert_int_equal(tp_scene_rect(sc, TP_INK_REG, TP_FILL, 0, -5, -5, 1, 1), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	return sc;
}

static struct tp_scene *dest(const struct tp_scene *src)
{
	struct tp_scene *d = tp_scene_new("dst", 100, 100, 0, &src->pal);
	assert_non_null(d);
	return d;
}

/* The source's shape of kind and ink, the first one. */
static const struct tp_shape *find(const struct tp_scene *sc, int kind, int ink)
{
	for (size_t i = 0; i < sc->n_shapes; i++)
		if (sc->shapes[i].kind == kind && sc->shapes[i].ink == ink)
			return &sc->shapes[i];
	return NULL;
}

static void moved_layer_by_layer(void **state)
{
	(void)state;
	struct tp_scene *src = source();
	for (int marks = 0; marks < 2; marks++) {
		struct tp_scene *dst = dest(src);
		const struct tp_walk_opts o = { .marks = marks };
		const struct tp_copy_sink c = { .dst = dst, .dx = 30, .dy = 40 };
		tp_err e = { 0 };
		assert_int_equal(tp_walk_copy(src, &o, &c, &e), TP_OK);
		/* Every shape the walk shows, in the order it was added; the
		 * layers in the source's order. */
		size_t want = 0;
		const struct tp_shape *shown[8];
		for (size_t i = 0; i < src->n_shapes; i++)
			if (tp_walk_shows(src, &o, &src->shapes[i]))
				shown[want++] = &src->shapes[i];
		assert_int_equal(dst->n_shapes, want);
		assert_int_equal(want, marks ? 5 : 4);
		assert_string_equal(dst->layers[0], "back");
		assert_string_equal(dst->layers[1], "top");
		for (size_t i = 0; i < dst->n_shapes; i++) {
			const struct tp_shape *t = &dst->shapes[i];
			const struct tp_shape *s = shown[i];
			assert_int_equal(t->kind, s->kind);
			assert_int_equal(t->ink, s->ink);
			assert_string_equal(dst->layers[t->layer], src->layers[s->layer]);
			assert_int_equal(t->flags, s->flags);
			assert_int_equal(t->paint, s->paint);
			assert_true(t->stroke == s->stroke);
			if (t->kind == TP_SHAPE_PATH) {
				assert_int_equal(t->count, s->count);
				for (size_t k = 0; k < s->count; k++) {
					assert_true(dst->pts[t->first + k].x == src->pts[s->first + k].x + 30);
					assert_true(dst->pts[t->first + k].y == src->pts[s->first + k].y + 40);
				}
			} else {
				assert_true(t->x == s->x + 30 && t->y == s->y + 40);
				assert_true(t->w == s->w && t->h == s->h);
			}
			if (t->kind == TP_SHAPE_TEXT)
				assert_string_equal(tp_scene_str(dst, t), tp_scene_str(src, s));
		}
		tp_scene_free(dst);
	}
	tp_scene_free(src);
}

static void mirrored(void **state)
{
	(void)state;
	struct tp_scene *src = source();
	struct tp_scene *dst = dest(src);
	const struct tp_copy_sink c = { .dst = dst, .mirror = 1, .mirror_w = 20, .dx = -0.0,
					.dy = -0.0 };
	tp_err e = { 0 };
	assert_int_equal(tp_walk_copy(src, &tp_walk_art, &c, &e), TP_OK);
	const struct tp_shape *r = find(dst, TP_SHAPE_RECT, INK_A), *t = find(dst, TP_SHAPE_TEXT, TP_INK_TEXT);
	assert_non_null(r);
	assert_non_null(t);
	/* x -> 20 - x: the rect [1, 4] becomes [16, 19]; left text reads right. */
	assert_true(r->x == 16 && r->w == 3 && r->y == 2);
	assert_true(t->x == 15 && t->y == 6);
	assert_int_equal(t->align, TP_ALIGN_RIGHT);
	tp_scene_free(dst);
	tp_scene_free(src);
}

/* 1 when every drawn point of shape t lies in the box (with slack e). */
static int points_inside(const struct tp_scene *sc, const struct tp_shape *t, const double b[4],
			 double e)
{
	for (size_t k = 0; k < t->count; k++) {
		const struct tp_pt *p = &sc->pts[t->first + k];
		if (p->op != TP_CLOSE &&
		    (p->x < b[0] - e || p->x > b[2] + e || p->y < b[1] - e || p->y > b[3] + e))
			return 0;
	}
	return 1;
}

static void clipped_and_scaled(void **state)
{
	(void)state;
	struct tp_scene *src = source();
	/* A segment across the box's left edge, a text outside it. */
	struct tp_pt seg[2] = { { TP_MOVE, -10, 4 }, { TP_LINE, 10, 4 } };
	assert_int_equal(tp_scene_path(src, INK_D, TP_STROKE, 0.2, seg, 2), 0);
	assert_int_equal(tp_scene_text(src, TP_INK_TEXT, -3, 5, 2, TP_ALIGN_LEFT, "out"), 0);
	struct tp_scene *dst = dest(src);
	const double box[4] = { 0, 0, 6, 5 }, k = 2, ox = 50, oy = 60;
	const struct tp_copy_sink c = { .dst = dst, .dx = ox, .dy = oy, .k = k, .clip = box };
	tp_err e = { 0 };
	assert_int_equal(tp_walk_copy(src, &tp_walk_art, &c, &e), TP_OK);
	/* The box as placed: (ox, oy) + box * k. */
	const double placed[4] = { ox + box[0] * k, oy + box[1] * k, ox + box[2] * k, oy + box[3] * k };
	/* The rect [1, 4] x [2, 6] cut at y = 5: [1, 4] x [2, 5]. */
	const struct tp_shape *r = find(dst, TP_SHAPE_RECT, INK_A);
	assert_non_null(r);
	assert_true(fabs(r->x - (ox + 1 * k)) < 1e-9 && fabs(r->y - (oy + 2 * k)) < 1e-9);
	assert_true(fabs(r->w - 3 * k) < 1e-9 && fabs(r->h - 3 * k) < 1e-9);
	/* The stroked rect at x = 10 lies outside: left out. */
	assert_null(find(dst, TP_SHAPE_RECT, INK_C));
	/* The segment from the box's edge to x = 6, on y = 4. */
	const struct tp_shape *s = find(dst, TP_SHAPE_PATH, INK_D);
	assert_non_null(s);
	assert_int_equal(s->count, 2);
	assert_true(fabs(dst->pts[s->first].x - placed[0]) < 1e-9);
	assert_true(fabs(dst->pts[s->first + 1].x - placed[2]) < 1e-9);
	assert_true(fabs(dst->pts[s->first].y - (oy + 4 * k)) < 1e-9);
	assert_true(fabs(s->stroke - 0.2 * k) < 1e-12);
	/* The triangle (up to y = 7) cut to the box: every point inside,
	 * and a clipped copy keeps no flags. */
	const struct tp_shape *t = find(dst, TP_SHAPE_PATH, INK_B);
	assert_non_null(t);
	assert_true(points_inside(dst, t, placed, 1e-9));
	assert_int_equal(t->flags, 0);
	/* The text at x = -3 is out; the one at (5, 6) is below the box. */
	assert_null(find(dst, TP_SHAPE_TEXT, TP_INK_TEXT));
	tp_scene_free(dst);
	tp_scene_free(src);
}

/* A pick leaves shapes out and moves each its own way; only limits the
 * walk to the shapes named. */
static int pick_odd(void *arg, const struct tp_walk_shape *d, struct tp_shape *s, double *dx,
		    double *dy)
{
	(void)arg;
	(void)s;
	*dx = (double)d->index;
	*dy = 0;
	return d->index % 2 == 0;
}

static void picked_and_only(void **state)
{
	(void)state;
	struct tp_scene *src = source();
	struct tp_scene *dst = dest(src);
	const struct tp_copy_sink c = { .dst = dst, .pick = pick_odd };
	tp_err e = { 0 };
	assert_int_equal(tp_walk_copy(src, &tp_walk_art, &c, &e), TP_OK);
	/* Shapes 0 (rect A) and 2 (the triangle): shape 4 is the mark. */
	assert_int_equal(dst->n_shapes, 2);
	const struct tp_shape *r = find(dst, TP_SHAPE_RECT, INK_A);
	assert_non_null(r);
	assert_true(r->x == 1);
	const struct tp_shape *t = find(dst, TP_SHAPE_PATH, INK_B);
	assert_non_null(t);
	assert_true(dst->pts[t->first].x == src->pts[find(src, TP_SHAPE_PATH, INK_B)->first].x + 2);
	tp_scene_free(dst);
	/* Only shapes 1 and 3: the text and the stroked rect. */
	dst = dest(src);
	const size_t only[2] = { 1, 3 };
	struct tp_walk_opts o = { .only = only, .n_only = 2 };
	const struct tp_copy_sink all = { .dst = dst };
	assert_int_equal(tp_walk_copy(src, &o, &all, &e), TP_OK);
	assert_int_equal(dst->n_shapes, 2);
	assert_non_null(find(dst, TP_SHAPE_TEXT, TP_INK_TEXT));
	assert_non_null(find(dst, TP_SHAPE_RECT, INK_C));
	tp_scene_free(dst);
	tp_scene_free(src);
}

/* Traced shapes (TP_COPY_TRACE) are copied and then dropped from the
 * list: the copy is, field by field and byte by byte of its pools, the
 * whole copy swept of them afterwards. */
static int pick_trace_top(void *arg, const struct tp_walk_shape *d, struct tp_shape *s,
			  double *dx, double *dy)
{
	(void)arg;
	(void)d;
	(void)dx;
	(void)dy;
	return s->kind == TP_SHAPE_TEXT || s->ink == INK_B ? TP_COPY_TRACE : 1;
}

static void same_scene(const struct tp_scene *a, const struct tp_scene *b)
{
	assert_int_equal(a->n_layers, b->n_layers);
	for (size_t l = 0; l < a->n_layers; l++)
		assert_string_equal(a->layers[l], b->layers[l]);
	assert_int_equal(a->n_shapes, b->n_shapes);
	for (size_t i = 0; i < a->n_shapes; i++) {
		const struct tp_shape *s = &a->shapes[i], *t = &b->shapes[i];
		assert_int_equal(s->kind, t->kind);
		assert_int_equal(s->ink, t->ink);
		assert_int_equal(s->paint, t->paint);
		assert_int_equal(s->flags, t->flags);
		assert_int_equal(s->layer, t->layer);
		assert_int_equal(s->align, t->align);
		assert_int_equal(s->count, t->count);
		assert_int_equal(s->first, t->first);
		assert_true(s->stroke == t->stroke && s->x == t->x && s->y == t->y && s->w == t->w &&
			    s->h == t->h);
	}
	assert_int_equal(a->n_pts, b->n_pts);
	for (size_t i = 0; i < a->n_pts; i++)
		assert_true(a->pts[i].op == b->pts[i].op && a->pts[i].x == b->pts[i].x &&
			    a->pts[i].y == b->pts[i].y);
	assert_int_equal(a->n_text, b->n_text);
	assert_memory_equal(a->text, b->text, a->n_text);
}

/* Sweeps sc's shapes from `from` on of the text and ink B out of its list. */
static void sweep_top(struct tp_scene *sc, size_t from)
{
	size_t k = from;
	for (size_t i = from; i < sc->n_shapes; i++)
		if (sc->shapes[i].kind != TP_SHAPE_TEXT && sc->shapes[i].ink != INK_B)
			sc->shapes[k++] = sc->shapes[i];
	sc->n_shapes = k;
}

static void traced(void **state)
{
	(void)state;
	struct tp_scene *src = source();
	const double box[4] = { 0, 0, 9, 9 };
	for (int scaled = 0; scaled < 2; scaled++) {
		struct tp_scene *want = dest(src), *got = dest(src);
		/* Something before the copy: the sweep keeps it. */
		assert_int_equal(tp_scene_text(want, TP_INK_TEXT, 1, 1, 1, TP_ALIGN_LEFT, "before"), 0);
		assert_int_equal(tp_scene_text(got, TP_INK_TEXT, 1, 1, 1, TP_ALIGN_LEFT, "before"), 0);
		struct tp_copy_sink c = { .dst = want, .dx = 30, .dy = 40, .k = scaled ? 0.5 : 0,
					  .px = 1, .py = 1, .clip = scaled ? box : NULL };
		tp_err e = { 0 };
		assert_int_equal(tp_walk_copy(src, &tp_walk_art, &c, &e), TP_OK);
		sweep_top(want, 1);
		c.dst = got;
		c.pick = pick_trace_top;
		assert_int_equal(tp_walk_copy(src, &tp_walk_art, &c, &e), TP_OK);
		same_scene(want, got);
		/* The traced text's string is in the pool, its shape gone; the
		 * layer "top", all of whose shapes were traced, is made. */
		assert_int_equal(got->n_text, sizeof "before" + sizeof "seven");
		size_t texts = 0;
		for (size_t i = 0; i < got->n_shapes; i++)
			texts += got->shapes[i].kind == TP_SHAPE_TEXT;
		assert_int_equal(texts, 1);
		assert_null(find(got, TP_SHAPE_PATH, INK_B));
		assert_int_equal(got->n_layers, 3);
		assert_string_equal(got->layers[2], "top");
		tp_scene_free(want);
		tp_scene_free(got);
	}
	tp_scene_free(src);
}

/* A crop without an ink is the crop swept of that ink afterwards. */
static void cropped_without(void **state)
{
	(void)state;
	struct tp_scene *src = source();
	struct tp_scene *want = tp_sheet_crop(src, "c", 0, 0, 9, 9);
	struct tp_scene *got = tp_sheet_crop_without(src, "c", 0, 0, 9, 9, INK_B);
	assert_non_null(want);
	assert_non_null(got);
	assert_non_null(find(want, TP_SHAPE_PATH, INK_B));
	size_t k = 0;
	for (size_t i = 0; i < want->n_shapes; i++)
		if (want->shapes[i].ink != INK_B)
			want->shapes[k++] = want->shapes[i];
	want->n_shapes = k;
	same_scene(want, got);
	assert_null(find(got, TP_SHAPE_PATH, INK_B));
	tp_scene_free(want);
	tp_scene_free(got);
	tp_scene_free(src);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(moved_layer_by_layer),
		cmocka_unit_test(mirrored),
		cmocka_unit_test(clipped_and_scaled),
		cmocka_unit_test(picked_and_only),
		cmocka_unit_test(traced),
		cmocka_unit_test(cropped_without),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
