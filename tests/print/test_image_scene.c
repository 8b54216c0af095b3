/* Pictures (TP_SHAPE_IMAGE) through the layouts that copy shapes from one
 * scene into another (crop, mirror, panel, proof thumbnail): each keeps
 * the kind, the image and its corners moved as the layout moves points;
 * the walk gives them to a sink that draws images and to no other; a PDF
 * of two placements holds one image object and its one mask. */

#include "testutil.h"

#include <math.h>
#include <png.h>

#include "print/backend/backend.h"
#include "print/image/image.h"
#include "print/layout/proof.h"
#include "print/layout/sheet.h"
#include "print/scene/scene_digest.h"
#include "print/scene/walk.h"
#include "tu_palette.h"

static int image_id;

static int setup(void **state)
{
	int rc = tu_setup_tmp(state);
	char path[4096];
	snprintf(path, sizeof path, "%s/p.png", tu_tmp);
	png_image pi;
	memset(&pi, 0, sizeof pi);
	pi.version = PNG_IMAGE_VERSION;
	pi.width = 4;
	pi.height = 2;
	pi.format = PNG_FORMAT_RGBA;
	uint8_t px[4 * 2 * 4];
	for (int i = 0; i < 8; i++) {
		px[4 * i] = (uint8_t)(i * 30);
		px[4 * i + 1] = 200;
		px[4 * i + 2] = 10;
		px[4 * i + 3] = i == 7 ? 0 : 255;
	}
	assert_true(png_image_write_to_file(&pi, path, 0, px, 0, NULL));
	tp_err e = { 0 };
	assert_int_equal(tp_image_add(path, &image_id, &e), TP_OK);
	return rc;
}

static int teardown(void **state)
{
	tp_image_release(image_id);
	return tu_teardown_tmp(state);
}

static struct tp_scene *two_pictures(void)
{
	struct tp_palette pal;
	tu_palette_init(&pal);
	struct tp_scene *sc = tp_scene_new("s", 40, 20, 2, &pal);
	assert_non_null(sc);
	for (int k = 0; k < 2; k++) {
		double x = 5 + 20 * k;
		const struct tp_pt c[4] = { { TP_MOVE, x, 5 }, { TP_LINE, x + 10, 5 },
					    { TP_LINE, x + 10, 10 }, { TP_LINE, x, 10 } };
		assert_int_equal(tp_scene_layer(sc, "art"), 0);
		assert_int_equal(tp_scene_image(sc, image_id, c), 0);
	}
	tp_scene_layer_by_ink(sc);
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, 0, 0, 40, 20), 0);
	return sc;
}

/* The pictures of sc: their number, and the corners of the first. */
static int pictures(const struct tp_scene *sc, struct tp_pt c[4])
{
	int n = 0;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		if (s->kind != TP_SHAPE_IMAGE)
			continue;
		assert_int_equal(s->image, image_id);
		assert_int_equal(s->count, 4);
		if (n++ == 0)
			memcpy(c, sc->pts + s->first, 4 * sizeof *c);
	}
	return n;
}

static void test_layouts(void **state)
{
	(void)state;
	struct tp_scene *sc = two_pictures();
	struct tp_pt c[4];
	assert_int_equal(pictures(sc, c), 2);

	struct tp_scene *crop = tp_sheet_crop(sc, "c", 20, 0, 20, 20);
	assert_non_null(crop);
	assert_int_equal(pictures(crop, c), 1);
	assert_true(fabs(c[0].x - 5) < 1e-9 && fabs(c[0].y - 5) < 1e-9);
	tp_scene_free(crop);

	struct tp_scene *m = tp_scene_copy(sc);
	tp_sheet_mirror(m);
	assert_int_equal(pictures(m, c), 2);
	/* top-left goes to the right: the picture is mirrored with the sheet */
	assert_true(fabs(c[0].x - 35) < 1e-9 && fabs(c[1].x - 25) < 1e-9);
	tp_scene_free(m);

	const double r[4] = { 0, 0, 20, 20 };
	struct tp_scene *panel = tp_panel_die(sc, r);
	assert_non_null(panel);
	assert_true(pictures(panel, c) >= 1);
	tp_scene_free(panel);

	struct tp_palette pal = sc->pal;
	struct tp_scene *dst = tp_scene_new("p", 100, 100, 0, &pal);
	assert_int_equal(tp_scene_place(dst, sc, "t", 10, 10, 0.5, 0, 0), 0);
	assert_int_equal(pictures(dst, c), 2);
	/* (5, 5) of sc, 2 mm from its bleed corner: 10 + (5 + 2) / 2 */
	assert_true(fabs(c[0].x - 13.5) < 1e-9 && fabs(c[1].x - 18.5) < 1e-9);
	tp_scene_free(dst);

	/* The digest knows the picture. */
	struct tp_sha256 h1, h2;
	char d1[65], d2[65];
	tp_sha256_init(&h1);
	tp_scene_digest(sc, &h1);
	tp_sha256_hex(&h1, d1);
	struct tp_scene *other = tp_scene_copy(sc);
	other->shapes[0].kind = TP_SHAPE_PATH;
	tp_sha256_init(&h2);
	tp_scene_digest(other, &h2);
	tp_sha256_hex(&h2, d2);
	assert_string_not_equal(d1, d2);
	tp_scene_free(other);
	tp_scene_free(sc);
}

static int seen;

static int count(void *ctx, const struct tp_walk_shape *d)
{
	(void)ctx;
	assert_non_null(d->image);
	assert_int_equal(d->n, 4);
	seen++;
	return 0;
}

static void test_walk_and_pdf(void **state)
{
	(void)state;
	struct tp_scene *sc = two_pictures();
	const struct tp_walk_opts o = { 0 };
	const struct tp_sink with = { .image = count }, without = { 0 };
	tp_err e = { 0 };
	seen = 0;
	assert_int_equal(tp_scene_walk(sc, &o, &with, NULL, &e), TP_OK);
	assert_int_equal(seen, 2);
	seen = 0;
	assert_int_equal(tp_scene_walk(sc, &o, &without, NULL, &e), TP_OK);
	assert_int_equal(seen, 0);

	/* One image object (with its soft mask under PDF/X-4) for both. */
	for (int x4 = 0; x4 < 2; x4++) {
		struct tp_doc_info info = { .title = "t", .epoch = 1700000000, .pdfx4 = x4 };
		FILE *f = tmpfile();
		assert_non_null(f);
		const struct tp_scene *pages[1] = { sc };
		assert_int_equal(tp_pdf_write(f, pages, 1, &info, &e), TP_OK);
		long n = ftell(f);
		char *buf = malloc((size_t)n + 1);
		rewind(f);
		assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
		buf[n] = '\0';
		fclose(f);
		int images = 0, cmyk = 0, smask = 0, stencil = 0;
		for (long i = 0; i + 16 < n; i++) {
			images += memcmp(buf + i, "/Subtype /Image", 15) == 0;
			cmyk += memcmp(buf + i, "/DeviceCMYK", 11) == 0;
			smask += memcmp(buf + i, "/SMask", 6) == 0;
			stencil += memcmp(buf + i, "/ImageMask true", 15) == 0;
		}
		/* the picture, and its mask: soft, or a stencil of its
		 * pixels of alpha 0 (X-1a, which has no transparency) */
		assert_int_equal(images, 2);
		assert_int_equal(smask, x4);
		assert_int_equal(stencil, !x4);
		assert_true(cmyk >= 1);
		for (long i = 0; i + 9 < n; i++)
			assert_false(memcmp(buf + i, "DeviceRGB", 9) == 0);
		free(buf);
	}
	tp_scene_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layouts),
		cmocka_unit_test(test_walk_and_pdf),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
