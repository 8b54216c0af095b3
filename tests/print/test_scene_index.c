/* The spatial index behind tp_sheet_crop_ix (src/print/scene/scene_index.c):
 * a crop through the index is the same scene as the crop that tests every
 * shape, for regions of every kind, and a query of a small region of a big
 * scene visits the shapes near it only, however big the scene. */

#include "testutil.h"

#include <math.h>

#include "core/alloc.h"
#include "print/scene/scene_index.h"
#include "print/layout/sheet.h"
#include "tu_palette.h"

#define PITCH 10.0   /* mm between the squares of the test board */

/* A board of n x n squares PITCH apart, each a filled square, its outline
 * on another layer, a label and a dot; a background under all of it, a
 * long line across every row; and the odd shapes a fuzzer makes: a rect of
 * negative size, one that is not a number, an empty path, a mark. */
static struct tp_scene *board(int n)
{
	struct tp_palette pal;
	tu_palette_init(&pal);
	double side = n * PITCH;
	struct tp_scene *sc = tp_scene_new("board", side, side, 3, &pal);
	assert_non_null(sc);
	assert_int_equal(tp_scene_rect(sc, INK_D, TP_FILL, 0, 0, 0, side, side), 0);
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++) {
			double x = c * PITCH, y = r * PITCH;
			char label[16];
			snprintf(label, sizeof label, "%d", r * n + c);
			assert_int_equal(tp_scene_rect(sc, (r + c) % 2 ? INK_A : INK_B, TP_FILL, 0, x, y,
						       PITCH, PITCH), 0);
			assert_int_equal(tp_scene_layer(sc, "outlines"), 0);
			assert_int_equal(tp_scene_rect(sc, TP_INK_LINE, TP_STROKE, 0.1, x, y, PITCH,
						       PITCH), 0);
			tp_scene_layer_by_ink(sc);
			assert_int_equal(tp_scene_text(sc, TP_INK_TEXT, x + PITCH / 2, y + PITCH / 2, 2,
						       TP_ALIGN_CENTER, label), 0);
			assert_int_equal(tp_scene_circle(sc, INK_C, TP_FILL, 0, x + 2, y + 2, 0.5), 0);
		}
		double xy[4] = { 0, r * PITCH + 1, side, r * PITCH + 1 };
		struct tp_pt line[2] = { { TP_MOVE, xy[0], xy[1] }, { TP_LINE, xy[2], xy[3] } };
		assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.25, line, 2), 0);
	}
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, side / 2, side / 2, -5, -5), 0);
	assert_int_equal(tp_scene_rect(sc, INK_B, TP_FILL, 0, NAN, 1, 2, 2), 0);
	struct tp_pt none[1] = { { TP_MOVE, 0, 0 } };
	assert_int_equal(tp_scene_path(sc, INK_C, TP_FILL, 0, none, 0), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_REG, TP_FILL, 0, 1, 1, 2, 2), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	return sc;
}

/* Two scenes are the same drawing: shapes, points, text and layers. */
static void assert_same(const struct tp_scene *a, const struct tp_scene *b)
{
	assert_string_equal(a->name, b->name);
	assert_int_equal(a->n_shapes, b->n_shapes);
	assert_int_equal(a->n_pts, b->n_pts);
	assert_int_equal(a->n_text, b->n_text);
	assert_int_equal(a->n_layers, b->n_layers);
	for (size_t l = 0; l < a->n_layers; l++)
		assert_string_equal(a->layers[l], b->layers[l]);
	/* Bytewise, so NaN equals NaN. */
	assert_memory_equal(a->shapes, b->shapes, a->n_shapes * sizeof *a->shapes);
	if (a->n_pts)
		assert_memory_equal(a->pts, b->pts, a->n_pts * sizeof *a->pts);
	if (a->n_text)
		assert_memory_equal(a->text, b->text, a->n_text);
}

/* The crop through the index equals the crop of every shape for regions
 * inside, across, on grid lines, outside, inverted, empty and not finite. */
static void crop_same_as_full_scan(void **state)
{
	(void)state;
	const int n = 40;
	struct tp_scene *sc = board(n);
	struct tp_scene_index *ix = tp_scene_index_new(sc);
	assert_non_null(ix);
	double side = n * PITCH;
	double fixed[][4] = {
		{ 0, 0, side, side }, { -50, -50, side + 100, side + 100 }, { 10, 10, 10, 10 },
		{ 15, 25, 3, 3 }, { side + 20, 0, 30, 30 }, { -40, -40, 20, 20 },
		{ 100, 100, -30, -30 }, { 50, 50, 0, 0 }, { 0, 0, NAN, 10 },
		{ -INFINITY, 0, INFINITY, 10 }, { 0, side / 2 - 20, side, 40 },
	};
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
		double *r = fixed[i];
		struct tp_scene *a = tp_sheet_crop(sc, "r", r[0], r[1], r[2], r[3]);
		struct tp_scene *b = tp_sheet_crop_ix(sc, ix, "r", r[0], r[1], r[2], r[3]);
		assert_non_null(a);
		assert_non_null(b);
		assert_same(a, b);
		tp_scene_free(a);
		tp_scene_free(b);
	}
	/* Pseudo-random regions, fixed seed: panels, tiles, slivers. */
	unsigned long s = 12345;
	for (int i = 0; i < 300; i++) {
		double v[4];
		for (int k = 0; k < 4; k++) {
			s = s * 6364136223846793005UL + 1442695040888963407UL;
			v[k] = (double)(s >> 33) / (double)(1UL << 31);
		}
		double x = v[0] * side * 1.2 - side * 0.1, y = v[1] * side * 1.2 - side * 0.1;
		double w = v[2] * side / 3, h = v[3] * side / 3;
		if (i % 3 == 0) {
			/* On the grid lines, as panels and tiles are. */
			x = floor(x / PITCH) * PITCH;
			y = floor(y / PITCH) * PITCH;
			w = h = PITCH * (1 + i % 7);
		}
		struct tp_scene *a = tp_sheet_crop(sc, "r", x, y, w, h);
		struct tp_scene *b = tp_sheet_crop_ix(sc, ix, "r", x, y, w, h);
		assert_non_null(a);
		assert_non_null(b);
		assert_same(a, b);
		tp_scene_free(a);
		tp_scene_free(b);
	}
	tp_scene_index_free(ix);
	tp_scene_free(sc);
}

/* Shapes of sc whose boxes meet the closed region grown by g: what a query
 * of (x, y, w, h) may visit when the index's cells are g or smaller, plus
 * the shapes listed apart (the background, the box that is not a number). */
static size_t near(const struct tp_scene *sc, double x, double y, double w, double h, double g)
{
	size_t k = 0;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		double b[4];
		tp_shape_bbox(sc, &sc->shapes[i], b);
		k += b[2] >= x - g && b[0] <= x + w + g && b[3] >= y - g && b[1] <= y + h + g;
	}
	return k;
}

/* A query of one square's region visits what lies near it: as many
 * shapes on a board of 10,000 squares as on one of 400, a few dozen, and
 * every shape that shows in the region is among them. */
static void query_visits_nearby_only(void **state)
{
	(void)state;
	size_t visited[2];
	const int sizes[2] = { 20, 100 };
	for (int t = 0; t < 2; t++) {
		struct tp_scene *sc = board(sizes[t]);
		struct tp_scene_index *ix = tp_scene_index_new(sc);
		assert_non_null(ix);
		double x = 7 * PITCH, y = 9 * PITCH;
		const size_t *ids;
		size_t n;
		assert_int_equal(tp_scene_index_query(ix, x, y, PITCH, PITCH, &ids, &n), 0);
		visited[t] = n;
		for (size_t k = 1; k < n; k++)
			assert_true(ids[k - 1] < ids[k]);
		/* Every shape the crop takes is a candidate. */
		struct tp_scene *crop = tp_sheet_crop(sc, "sq", x, y, PITCH, PITCH);
		assert_non_null(crop);
		size_t shown = crop->n_shapes;
		assert_true(n >= shown);
		tp_scene_free(crop);
		/* Cells hold about eight shapes, four a square: a cell is at most
		 * a few squares wide, so a query sees only squares within a few
		 * pitches (the background, the odd shapes and the row lines
		 * crossing the region come along). */
		size_t bound = near(sc, x, y, PITCH, PITCH, 3 * PITCH) + sizes[t];
		assert_true(n <= bound);
		if (t == 1)
			assert_true(n * 100 < sc->n_shapes);
		tp_scene_index_free(ix);
		tp_scene_free(sc);
	}
	/* The same region of a board 25 times larger: no more than the row
	 * lines of the larger board's wider cells add. */
	assert_true(visited[1] <= visited[0] * 2);
}

/* A crop keeps the source's layer order, only the layers that show in the
 * region, for layers past the 64 a crop maps in one pass too: 70 layers
 * made in order, shapes added last layer first, one per layer at x = its
 * layer number. */
static void many_layers(void **state)
{
	(void)state;
	struct tp_palette pal;
	tu_palette_init(&pal);
	const int n = 70;
	struct tp_scene *sc = tp_scene_new("layers", n + 1, 10, 0, &pal);
	assert_non_null(sc);
	char name[16];
	for (int l = 0; l < n; l++) {
		snprintf(name, sizeof name, "L%d", l);
		assert_int_equal(tp_scene_layer(sc, name), 0);
	}
	for (int l = n - 1; l >= 0; l--) {
		snprintf(name, sizeof name, "L%d", l);
		assert_int_equal(tp_scene_layer(sc, name), 0);
		assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, l + 0.25, 1, 0.5, 1), 0);
	}
	struct tp_scene_index *ix = tp_scene_index_new(sc);
	assert_non_null(ix);
	/* Regions over layers [a, b): below, across and past the 64th. */
	const int spans[][2] = { { 3, 5 }, { 60, 70 }, { 0, 70 }, { 66, 67 } };
	for (size_t t = 0; t < sizeof spans / sizeof spans[0]; t++) {
		int a = spans[t][0], z = spans[t][1];
		for (int with_ix = 0; with_ix < 2; with_ix++) {
			struct tp_scene *c = tp_sheet_crop_ix(sc, with_ix ? ix : NULL, "c", a, 0, z - a, 10);
			assert_non_null(c);
			assert_int_equal(c->n_layers, z - a);
			assert_int_equal(c->n_shapes, z - a);
			for (int l = a; l < z; l++) {
				snprintf(name, sizeof name, "L%d", l);
				assert_string_equal(c->layers[l - a], name);
				/* Shapes in source order: the highest layer first. */
				const struct tp_shape *s = &c->shapes[z - 1 - l];
				assert_string_equal(c->layers[s->layer], name);
			}
			tp_scene_free(c);
		}
	}
	tp_scene_index_free(ix);
	tp_scene_free(sc);
}

/* Out of memory at each allocation of the index and the crop: NULL and
 * nothing leaked (LeakSanitizer in make asan), never a wrong crop. */
static void out_of_memory(void **state)
{
	(void)state;
	struct tp_scene *sc = board(12);
	struct tp_scene *want = tp_sheet_crop(sc, "r", 20, 20, 40, 30);
	assert_non_null(want);
	int done = 0;
	for (long k = 1; !done; k++) {
		tp_alloc_fail_at(k);
		struct tp_scene_index *ix = tp_scene_index_new(sc);
		struct tp_scene *got = ix ? tp_sheet_crop_ix(sc, ix, "r", 20, 20, 40, 30) : NULL;
		tp_alloc_fail_at(0);
		if (got != NULL) {
			assert_same(want, got);
			done = 1;
		}
		tp_scene_free(got);
		tp_scene_index_free(ix);
		assert_true(k < 1000);
	}
	tp_scene_free(want);
	tp_scene_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(crop_same_as_full_scan),
		cmocka_unit_test(query_visits_nearby_only),
		cmocka_unit_test(many_layers),
		cmocka_unit_test(out_of_memory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
