#include "testutil.h"

#include <cairo.h>
#include <math.h>
#include <unistd.h>

#include "print/art/text_outline.h"
#include "print/text/font.h"

/* The outline Cairo's toy font API gives for DejaVu Sans (through
 * Fontconfig, as tilepress did before it opened the face itself), in the
 * same form: 1024-unit em, hinting off, anchored as tp_text_outline does,
 * mapped to scene points by the same scale.  Returns the point count. */
static size_t toy_outline_of(const char *family, const char *utf8, double x, double y,
			     double size, int align, struct tp_pt *out, size_t cap)
{
	cairo_surface_t *surf = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, NULL);
	cairo_t *cr = cairo_create(surf);
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 1024);
	cairo_text_extents_t ext;
	cairo_text_extents(cr, utf8, &ext);
	double dx = align == TP_ALIGN_CENTER ? ext.x_advance / 2
		  : align == TP_ALIGN_RIGHT ? ext.x_advance : 0;
	cairo_move_to(cr, -dx, 0);
	cairo_text_path(cr, utf8);
	cairo_path_t *p = cairo_copy_path(cr);
	assert_int_equal(p->status, CAIRO_STATUS_SUCCESS);
	double s = size / 1024;
	size_t k = 0;
	for (int i = 0; i < p->num_data; i += p->data[i].header.length) {
		const cairo_path_data_t *d = &p->data[i];
		int n = d->header.type == CAIRO_PATH_CURVE_TO ? 3
			: d->header.type == CAIRO_PATH_CLOSE_PATH ? 0 : 1;
		if (n == 0) {
			assert_true(k < cap);
			out[k++].op = TP_CLOSE;
			continue;
		}
		for (int j = 1; j <= n; j++) {
			assert_true(k < cap);
			out[k].op = d->header.type == CAIRO_PATH_MOVE_TO ? TP_MOVE
				    : d->header.type == CAIRO_PATH_LINE_TO ? TP_LINE : TP_CURVE;
			out[k].x = x + d[j].point.x * s;
			out[k].y = y + d[j].point.y * s;
			k++;
		}
	}
	/* tp_text_outline drops the pen's last lone move. */
	while (k > 0 && out[k - 1].op == TP_MOVE)
		k--;
	cairo_path_destroy(p);
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
	return k;
}

static size_t toy_outline(const char *utf8, double x, double y, double size,
			  int align, struct tp_pt *out, size_t cap)
{
	return toy_outline_of("DejaVu Sans", utf8, x, y, size, align, out, cap);
}

/* pts[0..n) are the points of want[0..m), to the bit. */
static void same_points(const struct tp_pt *pts, size_t n, const struct tp_pt *want, size_t m)
{
	assert_int_equal(n, m);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(pts[i].op, want[i].op);
		if (want[i].op != TP_CLOSE)
			assert_true(pts[i].x == want[i].x && pts[i].y == want[i].y);
	}
}

/* tp_text_outline opens DejaVu Sans from its file, not through
 * Fontconfig: the points must be those of the toy API, to the bit, for
 * text with accents, digits and each alignment (and again after the face
 * is released and opened anew). */
static void test_same_as_toy_api(void **state)
{
	(void)state;
	static const char *const text[] = { "Tile 12 Wg", "score \xc3\xa9t\xc3\xa9 ABCXYZ", "0123456789" };
	for (int round = 0; round < 2; round++)
		for (size_t t = 0; t < sizeof text / sizeof text[0]; t++)
			for (int align = TP_ALIGN_LEFT; align <= TP_ALIGN_RIGHT; align++) {
				struct tp_pt *pts;
				size_t n;
				assert_int_equal(tp_text_outline(text[t], 10.5, 20.25, 3.7, align, &pts, &n), 0);
				static struct tp_pt want[8192];
				size_t m = toy_outline(text[t], 10.5, 20.25, 3.7, align, want, 8192);
				assert_int_equal(n, m);
				for (size_t i = 0; i < n; i++) {
					if (want[i].op == TP_CLOSE) {
						assert_int_equal(pts[i].op, TP_CLOSE);
						continue;
					}
					assert_int_equal(pts[i].op, want[i].op);
					assert_true(pts[i].x == want[i].x && pts[i].y == want[i].y);
				}
				free(pts);
			}
	tp_text_outline_release();
	tu_release_font_caches();
}

#define SERIF "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

/* print.font: with DejaVu Serif's file in use, the outlines are those the
 * toy API gives for the family "DejaVu Serif" through Fontconfig (the
 * system's own copy of the font), and with none again DejaVu Sans's; a
 * font named for one text (tp_text_outline_in) leaves the font in use. */
static void test_font_in_use(void **state)
{
	(void)state;
	static struct tp_pt want[8192];
	struct tp_pt *pts;
	size_t n, m;
	tp_err e = { 0 };
	assert_int_equal(tp_font_use(SERIF, &e), TP_OK);
	assert_string_equal(tp_font_family(), "DejaVu Serif");
	assert_int_equal(tp_text_outline("Tile 12 Wg", 1, 2, 3.7, TP_ALIGN_CENTER, &pts, &n), 0);
	m = toy_outline_of("DejaVu Serif", "Tile 12 Wg", 1, 2, 3.7, TP_ALIGN_CENTER, want, 8192);
	same_points(pts, n, want, m);
	free(pts);
	assert_int_equal(tp_font_use(NULL, &e), TP_OK);
	assert_string_equal(tp_font_family(), "DejaVu Sans");
	assert_int_equal(tp_text_outline("0123", 0, 0, 2, TP_ALIGN_LEFT, &pts, &n), 0);
	m = toy_outline("0123", 0, 0, 2, TP_ALIGN_LEFT, want, 8192);
	same_points(pts, n, want, m);
	free(pts);
	assert_int_equal(tp_text_outline_in(SERIF, "0123", 0, 0, 2, TP_ALIGN_LEFT, &pts, &n), 0);
	m = toy_outline_of("DejaVu Serif", "0123", 0, 0, 2, TP_ALIGN_LEFT, want, 8192);
	same_points(pts, n, want, m);
	free(pts);
	assert_string_equal(tp_font_file(), "");
	tp_text_outline_release();
	tu_release_font_caches();
}

/* Files that are not fonts, or not at all, are refused with why. */
static void test_font_refused(void **state)
{
	(void)state;
	char fam[64], why[300];
	char text[] = "/tmp/tp-font-XXXXXX";
	int fd = mkstemp(text);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "not a font\n", 11), 11);
	close(fd);
	assert_int_equal(tp_font_probe("/nonexistent/x.ttf", fam, sizeof fam, why, sizeof why), -1);
	assert_non_null(strstr(why, "cannot read"));
	assert_int_equal(tp_font_probe(text, fam, sizeof fam, why, sizeof why), -1);
	assert_non_null(strstr(why, "not a font"));
	assert_int_equal(tp_font_probe(SERIF, fam, sizeof fam, why, sizeof why), 0);
	assert_string_equal(fam, "DejaVu Serif");
	tp_err e = { 0 };
	assert_int_equal(tp_font_use(text, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, ": not a font"));
	assert_non_null(strstr(e.msg, text));
	assert_string_equal(tp_font_file(), "");
	unlink(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_as_toy_api),
		cmocka_unit_test(test_font_in_use),
		cmocka_unit_test(test_font_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
