/* The SVG reader against an oracle: every drawing of tests/data/svg/ok/ is
 * read, placed through the art pack's drawing code into a scene, written
 * by the PNG writer at 300 dpi, and compared colour by colour with what
 * rsvg-convert (librsvg) makes of the same file: intersection over union
 * of each colour's pixels at least 0.98; so are two drawings of the
 * shipped pictorial pack (templates/art/pictorial/).  Every drawing of
 * tests/data/svg/bad/ is refused naming its file, the line of the refused
 * element (the last line holding "<ELEMENT", ELEMENT from the file's
 * "refused:" comment) and what to do in Inkscape. */

#include "testutil.h"

#include <cairo.h>
#include <dirent.h>
#include <math.h>
#include <sys/wait.h>

#include "core/alloc.h"
#include "print/art/art_pack.h"
#include "print/art/svg/svg_read.h"
#include "print/backend/backend.h"
#include "print/scene/scene.h"

#define DPI 300.0
#define MIN_IOU 0.98

static int list_svgs(const char *dir, char names[][64], int max)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	int n = 0;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		size_t l = strlen(de->d_name);
		if (l > 4 && l < 64 && strcmp(de->d_name + l - 4, ".svg") == 0 && n < max)
			snprintf(names[n++], 64, "%s", de->d_name);
	}
	closedir(d);
	/* a stable order for the messages */
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (strcmp(names[j], names[i]) < 0) {
				char t[64];
				memcpy(t, names[i], 64);
				memcpy(names[i], names[j], 64);
				memcpy(names[j], t, 64);
			}
	return n;
}

/* The art's colours, each one ink of a palette showing exactly it. */
struct colours {
	uint32_t rgb[TP_GAME_INKS_MAX];
	int n;
};

static void palette_of(const struct tp_art *a, struct colours *cs, struct tp_palette *pal,
		       uint8_t *ink)
{
	memset(pal, 0, sizeof *pal);
	cs->n = 0;
	for (size_t i = 0; i < a->n; i++) {
		int k = 0;
		while (k < cs->n && cs->rgb[k] != a->paths[i].rgb)
			k++;
		if (k == cs->n) {
			assert_true(cs->n < TP_GAME_INKS_MAX);
			cs->rgb[cs->n++] = a->paths[i].rgb;
		}
		ink[i] = (uint8_t)k;
	}
	for (int k = 0; k < cs->n; k++) {
		struct tp_ink *q = &pal->ink[k];
		snprintf(q->name, sizeof q->name, "c%d", k);
		q->kind = TP_INK_PROCESS;
		for (int j = 0; j < 3; j++)
			q->rgb[j] = (cs->rgb[k] >> (16 - 8 * j) & 255) / 255.0;
		q->rgb_given = 1;
	}
	pal->n_game = (size_t)cs->n;
	pal->n = pal->n_game + TP_N_SHARED_INKS;
}

/* The class of a pixel: 0 paper, 1 + k colour k: the nearest of them. */
static int classify(const struct colours *cs, unsigned r, unsigned g, unsigned b)
{
	long best = (long)(255 - r) * (255 - r) + (long)(255 - g) * (255 - g) + (long)(255 - b) * (255 - b);
	int cl = 0;
	for (int k = 0; k < cs->n; k++) {
		long dr = (long)r - (cs->rgb[k] >> 16 & 255), dg = (long)g - (cs->rgb[k] >> 8 & 255),
		     db = (long)b - (cs->rgb[k] & 255);
		long d = dr * dr + dg * dg + db * db;
		if (d < best) {
			best = d;
			cl = k + 1;
		}
	}
	return cl;
}

static void pixel(cairo_surface_t *s, int x, int y, unsigned *r, unsigned *g, unsigned *b)
{
	const unsigned char *d = cairo_image_surface_get_data(s);
	int st = cairo_image_surface_get_stride(s);
	uint32_t v;
	memcpy(&v, d + (size_t)y * (size_t)st + 4 * (size_t)x, 4);
	unsigned a = v >> 24;
	*r = v >> 16 & 255;
	*g = v >> 8 & 255;
	*b = v & 255;
	if (cairo_image_surface_get_format(s) == CAIRO_FORMAT_ARGB32 && a < 255) {
		/* premultiplied over white */
		*r += 255 - a;
		*g += 255 - a;
		*b += 255 - a;
	}
}

static void iou_one(const char *dir, const char *name)
{
	char src[1024], ours[1024], oracle[1024], cmd[3200];
	snprintf(src, sizeof src, "%s", tu_path(dir));
	snprintf(src + strlen(src), sizeof src - strlen(src), "/%s", name);
	snprintf(ours, sizeof ours, "%s/%s.ours.png", tu_tmp, name);
	snprintf(oracle, sizeof oracle, "%s/%s.rsvg.png", tu_tmp, name);

	tp_err e = { 0 };
	struct tp_art_item it = { .scale = 1 };
	assert_int_equal(tp_svg_read(src, &it.art, &e), TP_OK);
	assert_true(it.art.n > 0);
	it.ink = tp_malloc(it.art.n);
	assert_non_null(it.ink);
	struct colours cs;
	struct tp_palette pal;
	palette_of(&it.art, &cs, &pal, it.ink);
	it.n_inks = cs.n;
	struct tp_scene *sc = tp_scene_new("art", it.art.w, it.art.h, 0, &pal);
	assert_non_null(sc);
	assert_int_equal(tp_art_item_draw(sc, &it, 0, 0, it.art.w, it.art.h, 0), 0);
	struct tp_doc_info info = { .title = "t", .dpi = DPI };
	FILE *f = fopen(ours, "wb");
	assert_non_null(f);
	assert_int_equal(tp_png_write(f, (const struct tp_scene *const *)&sc, 1, &info, &e), TP_OK);
	assert_int_equal(fclose(f), 0);
	tp_scene_free(sc);

	snprintf(cmd, sizeof cmd, "rsvg-convert -d %g -p %g -b white -o '%s' '%s'", DPI, DPI, oracle,
		 src);
	int st = system(cmd);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);

	cairo_surface_t *a = cairo_image_surface_create_from_png(ours);
	cairo_surface_t *b = cairo_image_surface_create_from_png(oracle);
	assert_int_equal(cairo_surface_status(a), CAIRO_STATUS_SUCCESS);
	assert_int_equal(cairo_surface_status(b), CAIRO_STATUS_SUCCESS);
	int w = cairo_image_surface_get_width(a), h = cairo_image_surface_get_height(a);
	/* the same pixels: the size in mm at 300 dpi, either way rounded */
	assert_true(abs(w - cairo_image_surface_get_width(b)) <= 1);
	assert_true(abs(h - cairo_image_surface_get_height(b)) <= 1);
	w = w < cairo_image_surface_get_width(b) ? w : cairo_image_surface_get_width(b);
	h = h < cairo_image_surface_get_height(b) ? h : cairo_image_surface_get_height(b);
	long inter[TP_GAME_INKS_MAX + 1] = { 0 }, uni[TP_GAME_INKS_MAX + 1] = { 0 };
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			unsigned r, g, bl;
			pixel(a, x, y, &r, &g, &bl);
			int ca = classify(&cs, r, g, bl);
			pixel(b, x, y, &r, &g, &bl);
			int cb = classify(&cs, r, g, bl);
			if (ca == cb) {
				inter[ca]++;
				uni[ca]++;
			} else {
				uni[ca]++;
				uni[cb]++;
			}
		}
	for (int k = 1; k <= cs.n; k++) {
		double iou = uni[k] ? (double)inter[k] / (double)uni[k] : 1;
		print_message("%-16s #%06x IoU %.4f (%ld px)\n", name, (unsigned)cs.rgb[k - 1], iou,
			      uni[k]);
		if (iou < MIN_IOU)
			fail_msg("%s: colour #%06x: IoU %.4f under %.2f", name, (unsigned)cs.rgb[k - 1],
				 iou, MIN_IOU);
	}
	cairo_surface_destroy(a);
	cairo_surface_destroy(b);
	free(it.ink);
	tp_art_free(&it.art);
}

static void test_iou_against_rsvg(void **state)
{
	(void)state;
	char names[64][64];
	int n = list_svgs(tu_path("tests/data/svg/ok"), names, 64);
	assert_true(n >= 5);
	for (int i = 0; i < n; i++)
		iou_one("tests/data/svg/ok", names[i]);
}

/* Drawings of the shipped pictorial pack the same way: the raindrop
 * (arcs, a hole cut by the even-odd rule) and the snowflake (one stroked
 * arm in <defs>, round caps and mitred joins, placed turned by <use>). */
static void test_iou_pictorial_pack(void **state)
{
	(void)state;
	iou_one("templates/art/pictorial", "drop.svg");
	iou_one("templates/art/pictorial", "snowflake.svg");
}

/* The line of the last "<elem" in path (1-based), 0 when none. */
static int last_line_of(const char *path, const char *elem, char *want, size_t wn)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char line[2048], needle[80] = "";
	int at = 0, no = 0;
	want[0] = '\0';
	while (fgets(line, sizeof line, f)) {
		no++;
		const char *r = strstr(line, "refused: ");
		if (r && want[0] == '\0') {
			sscanf(r + 9, "%63[A-Za-z]", want);
			snprintf(needle, sizeof needle, "<%s", want);
			continue;
		}
		if (needle[0] && strstr(line, needle))
			at = no;
	}
	fclose(f);
	(void)elem;
	(void)wn;
	return at;
}

static void test_refused(void **state)
{
	(void)state;
	char names[64][64];
	const char *dir = tu_path("tests/data/svg/bad");
	char d[1024];
	snprintf(d, sizeof d, "%s", dir);
	int n = list_svgs(d, names, 64);
	assert_true(n >= 10);
	for (int i = 0; i < n; i++) {
		char path[1200], want[64];
		snprintf(path, sizeof path, "%s/%s", d, names[i]);
		int line = last_line_of(path, NULL, want, sizeof want);
		tp_err e = { 0 };
		struct tp_art a;
		int rc = tp_svg_read(path, &a, &e);
		print_message("%s: %s\n", names[i], e.msg);
		assert_int_equal(rc, TP_EINPUT);
		assert_null(strchr(e.msg, '\n'));
		assert_non_null(strstr(e.msg, path));
		if (want[0]) {
			char at[120];
			snprintf(at, sizeof at, ":%d: <%s>", line, want);
			if (strstr(e.msg, at) == NULL)
				fail_msg("%s: wanted \"%s\" in: %s", names[i], at, e.msg);
			assert_non_null(strstr(e.msg, "Inkscape"));
		}
		assert_int_equal(a.n, 0);
	}
}

/* An arc's points lie on its circle: a half circle of radius 10 round
 * (10, 0), split into cubic Beziers, passes through (10, +-10) and its
 * controls keep the curve within 0.03 % of the radius at t = 1/2. */
static void test_arc_on_circle(void **state)
{
	(void)state;
	const char *svg = "<svg xmlns='http://www.w3.org/2000/svg' width='96' height='96' viewBox='0 0 25.4 25.4'>"
			  "<path d='M0 0 A10 10 0 0 1 20 0'/></svg>";
	tp_err e = { 0 };
	struct tp_art a;
	assert_int_equal(tp_svg_read_mem(svg, strlen(svg), "arc", &a, &e), TP_OK);
	assert_int_equal(a.n, 1);
	/* 96 px = 25.4 mm: user units are mm */
	assert_true(fabs(a.w - 25.4) < 1e-9);
	const struct tp_pt *p = a.pts + a.paths[0].first;
	size_t n = a.paths[0].count;
	assert_int_equal(p[0].op, TP_MOVE);
	assert_int_equal((n - 1) % 3, 0);
	double ymin = 0;
	for (size_t i = 1; i + 2 < n; i += 3) {
		const struct tp_pt *q0 = &p[i - 1], *c1 = &p[i], *c2 = &p[i + 1], *q1 = &p[i + 2];
		double mx = (q0->x + 3 * c1->x + 3 * c2->x + q1->x) / 8;
		double my = (q0->y + 3 * c1->y + 3 * c2->y + q1->y) / 8;
		assert_true(fabs(hypot(mx - 10, my) - 10) < 10 * 3e-4);
		assert_true(fabs(hypot(q1->x - 10, q1->y) - 10) < 1e-9);
		ymin = fmin(ymin, q1->y);
	}
	/* sweep 1 from (0,0) to (20,0) goes through the top (y down): (10, -10) */
	assert_true(fabs(ymin + 10) < 1e-9);
	tp_art_free(&a);
}

/* A stroked line without fill="none" is filled black by SVG's rule, and
 * that fill covers nothing: only its stroke is art.  A closed shape
 * without a fill attribute keeps its black fill. */
static void test_open_line_fill(void **state)
{
	(void)state;
	const char *svg = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10' viewBox='0 0 10 10'>"
			  "<path d='M1 1 V9 M2 5 H8' stroke='#ff0000' stroke-width='0.5'/>"
			  "<path d='M1 1 L9 1 L5 8 Z'/></svg>";
	tp_err e = { 0 };
	struct tp_art a;
	assert_int_equal(tp_svg_read_mem(svg, strlen(svg), "lines", &a, &e), TP_OK);
	assert_int_equal(a.n, 2);
	assert_int_equal(a.paths[0].paint, TP_STROKE);
	assert_int_equal(a.paths[0].rgb, 0xff0000);
	assert_int_equal(a.paths[1].paint, TP_FILL);
	assert_int_equal(a.paths[1].rgb, 0x000000);
	tp_art_free(&a);
}

/* Clones that multiply (each level uses the one below twice) stop at the
 * bound on elements drawn, with a message, not after minutes. */
static void test_use_bomb(void **state)
{
	(void)state;
	char svg[8192];
	size_t l = (size_t)snprintf(svg, sizeof svg,
		"<svg xmlns='http://www.w3.org/2000/svg' xmlns:x='http://www.w3.org/1999/xlink' width='10' height='10'>"
		"<defs><rect id='a0' width='1' height='1'/>");
	for (int k = 1; k < 30; k++)
		l += (size_t)snprintf(svg + l, sizeof svg - l,
				      "<g id='a%d'><use x:href='#a%d'/><use x:href='#a%d'/></g>", k, k - 1, k - 1);
	l += (size_t)snprintf(svg + l, sizeof svg - l, "</defs><use x:href='#a29'/></svg>");
	tp_err e = { 0 };
	struct tp_art a;
	assert_int_equal(tp_svg_read_mem(svg, l, "bomb.svg", &a, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "bomb.svg"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arc_on_circle),
		cmocka_unit_test(test_use_bomb),
		cmocka_unit_test(test_open_line_fill),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_iou_against_rsvg),
		cmocka_unit_test(test_iou_pictorial_pack),
	};
	return cmocka_run_group_tests(tests, tu_setup_tmp, tu_teardown_tmp);
}
