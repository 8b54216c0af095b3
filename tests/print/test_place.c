#include "testutil.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/sha256.h"
#include "print/backend/backend.h"
#include "print/ink/inkcov.h"
#include "print/layout/proof.h"
#include "print/art/art_pack.h"
#include "print/layout/die.h"
#include "print/layout/sheet.h"
#include "print/scene/scene_digest.h"
#include "print/scene/scene_index.h"
#include "tu_preflight.h"
#include "tu_writer.h"

/* A sheet of tiles drawn twice: each tile's shapes copied in its place
 * (the oracle: what every reader has always been given), and each kind of
 * tile drawn once as a symbol and placed.  Every reader that handles
 * placements must give the same answer for both: the same PNG and SVG
 * bytes, ink coverage, preflight findings, digest and boxes. */

#define COLS 4
#define ROWS 3
#define TILE (31.0 / 3)   /* sums of tile origins and local points round */

static const int layer_order[] = { COLOUR, DARK, HEAVY, TP_INK_TEXT, TP_INK_LINE, TP_INK_CUT };

static struct tp_palette palette(void)
{
	struct tp_palette pal;
	tu_pf_palette(&pal);
	/* A name for every ink (the PDF's colour spaces), proof colours of
	 * the inks' own (the PNG draws these). */
	static const char *const names[] = { "text", "Assembly", "All" };
	for (int i = 0; i < 3; i++)
		snprintf(tu_ink(&pal, TP_INK_TEXT + i)->name, sizeof pal.ink[0].name, "%s", names[i]);
	tu_ink(&pal, TP_INK_ASSEMBLY)->kind = TP_INK_SPOT;
	tu_ink(&pal, TP_INK_REG)->kind = TP_INK_REGISTRATION;
	snprintf(tu_ink(&pal, INK_D)->name, sizeof pal.ink[0].name, "spare");
	for (size_t i = 0; i < pal.n; i++)
		for (int c = 0; c < 3; c++)
			pal.ink[i].rgb[c] = 1 - fmin(1, pal.ink[i].cmyk[c] + pal.ink[i].cmyk[3]);
	return pal;
}

static struct tp_scene *new_sheet(void)
{
	struct tp_palette pal = palette();
	struct tp_scene *sc = tp_scene_new_layered("fronts", COLS * TILE, ROWS * TILE, 3, &pal,
						   layer_order, 6);
	assert_non_null(sc);
	return sc;
}

/* One tile of kind k with its corner at x0, y0: a background to the cut,
 * a curved shape, two small squares, a hairline, a stroked frame and a
 * number. */
static void tile(struct tp_scene *sc, int k, double x0, double y0)
{
	assert_int_equal(tp_scene_rect(sc, k ? DARK : COLOUR, TP_FILL, 0, x0, y0, TILE, TILE), 0);
	tp_scene_flag_last(sc, TP_SHAPE_TO_CUT);
	struct tp_pt p[] = {
		{ TP_MOVE, x0 + 1.1, y0 + 2.3 },
		{ TP_CURVE, x0 + 3.7, y0 + 0.4 }, { TP_CURVE, x0 + 6.1, y0 + 8.9 },
		{ TP_CURVE, x0 + 8.3, y0 + 5.2 },
		{ TP_LINE, x0 + 4.4, y0 + (k ? 9.7 : 7.1) },
		{ TP_CLOSE, x0 + 0.0, y0 + 0.0 },
	};
	assert_int_equal(tp_scene_path(sc, HEAVY, TP_FILL | TP_STROKE, 0.3, p, 6), 0);
	/* Two small dark squares, each knocking out the background of a
	 * tile of kind 0: a placement's fills on one layer, several. */
	for (int q = 0; q < 2; q++)
		assert_int_equal(tp_scene_rect(sc, DARK, TP_FILL, 0, x0 + (q ? 2.0 : 6.5),
					       y0 + (q ? 8.5 : 1.5), 1.5, 1.5), 0);
	const struct tp_pt line[] = { { TP_MOVE, x0 + 0.5, y0 + 5 }, { TP_LINE, x0 + 9.5, y0 + 5 } };
	assert_int_equal(tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.1, line, 2), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_LINE, TP_STROKE, 0.25, x0 + 1, y0 + 1,
				       TILE - 2, TILE - 2), 0);
	assert_int_equal(tp_scene_text(sc, TP_INK_TEXT, x0 + TILE / 2, y0 + 8, 3.5,
				       TP_ALIGN_CENTER, k ? "7" : "12"), 0);
	/* A punched hole: a die line of the tile's own.  Every point is the
	 * tile's corner plus a local point, the sum the walk makes. */
	struct tp_pt c[TP_CIRCLE_PTS];
	tp_circle_pts(c, 7.5, 7.5, 1.2, 1);
	for (size_t i = 0; i < TP_CIRCLE_PTS; i++) {
		c[i].x = x0 + c[i].x;
		c[i].y = y0 + c[i].y;
	}
	assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.1, c, TP_CIRCLE_PTS), 0);
}

static int kind_at(int r, int c)
{
	return (r * COLS + c) % 3 == 1;
}

/* The two sheets: *flat with every tile's shapes, *placed with two
 * symbols placed; both end in the same die grid, drawn as shapes.  No
 * marks yet: a layout (bleed, mirror) runs before they are added. */
static void tiles_into(struct tp_scene **flat, struct tp_scene **placed);

static void bare_sheets(struct tp_scene **flat, struct tp_scene **placed)
{
	*flat = new_sheet();
	*placed = new_sheet();
	tiles_into(flat, placed);
}

/* The tiles and the die grid, into the two sheets as they are. */
static void tiles_into(struct tp_scene **flat, struct tp_scene **placed)
{
	int sym[2];
	for (int k = 0; k < 2; k++) {
		sym[k] = tp_scene_symbol_begin(*placed);
		assert_int_equal(sym[k], (int)(*placed)->n_symbols - 1);
		tile(*placed, k, 0, 0);
		tp_scene_symbol_end(*placed);
	}
	for (int r = 0; r < ROWS; r++)
		for (int c = 0; c < COLS; c++) {
			assert_int_equal(tp_scene_group_begin(*flat), 0);
			tile(*flat, kind_at(r, c), c * TILE, r * TILE);
			tp_scene_group_end(*flat);
			assert_int_equal(tp_scene_place_symbol(*placed, sym[kind_at(r, c)], c * TILE,
							       r * TILE), 0);
		}
	for (int v = 0; v < 2; v++) {
		struct tp_scene *sc = v ? *placed : *flat;
		for (int c = 0; c <= COLS; c++) {
			const struct tp_pt l[] = { { TP_MOVE, c * TILE, 0 }, { TP_LINE, c * TILE, ROWS * TILE } };
			assert_int_equal(tp_scene_path(sc, TP_INK_CUT, TP_STROKE, 0.1, l, 2), 0);
		}
	}
	assert_int_equal(tp_scene_places(*placed), COLS * ROWS);
	assert_int_equal(tp_scene_n_drawn(*placed), (*flat)->n_shapes);
}

/* Printer's marks, as a build adds them before writing. */
static void add_marks(struct tp_scene *flat, struct tp_scene *placed)
{
	const struct tp_slug slug = { .job = "job", .file = "fronts.pdf", .sheet = "fronts",
				      .epoch = 1700000000 };
	assert_int_equal(tp_sheet_marks(flat, &slug), 0);
	assert_int_equal(tp_sheet_marks(placed, &slug), 0);
}

static void sheets(struct tp_scene **flat, struct tp_scene **placed)
{
	bare_sheets(flat, placed);
	add_marks(*flat, *placed);
}

/* The file writer's bytes for sc, in *buf (owned by the caller). */
static size_t written(tu_write_fn *write, const struct tp_scene *sc, double dpi, char **buf)
{
	/* With printer's marks: a writer's marks must not mistake a
	 * placement for art of their own layer. */
	struct tp_doc_info info = { .title = "t", .job = "job", .file = "fronts",
				    .epoch = 1700000000, .dpi = dpi, .marks = 1 };
	FILE *f = tmpfile();   /* a file: the PDF writer takes no memory stream */
	assert_non_null(f);
	tp_err e = { 0 };
	if (write(f, &sc, 1, &info, &e) != TP_OK)
		fail_msg("%s (%zu placements)", e.msg, tp_scene_places(sc));
	assert_int_equal(fflush(f), 0);
	long n = ftell(f);
	assert_true(n > 0);
	*buf = malloc((size_t)n);
	assert_non_null(*buf);
	rewind(f);
	assert_int_equal(fread(*buf, 1, (size_t)n, f), (size_t)n);
	assert_int_equal(fclose(f), 0);
	return (size_t)n;
}

static void same_file(tu_write_fn *write, double dpi)
{
	struct tp_scene *flat, *placed;
	sheets(&flat, &placed);
	char *a = NULL, *b = NULL;
	size_t na = written(write, flat, dpi, &a), nb = written(write, placed, dpi, &b);
	assert_true(na > 100);
	assert_int_equal(na, nb);
	assert_memory_equal(a, b, na);
	free(a);
	free(b);
	tp_scene_free(flat);
	tp_scene_free(placed);
}

/* PNG: the bands look each shape up again by the walk's number. */
static void test_png(void **state)
{
	(void)state;
	same_file(tp_png_write, 300);
	same_file(tp_png_write, 72);
}

/* PDF: the page's content, its forms and the document's ID. */
static void test_pdf(void **state)
{
	(void)state;
	same_file(tp_pdf_write, 0);
}

static void test_svg(void **state)
{
	(void)state;
	same_file(tp_svg_write, 0);
}

static void test_inkcov(void **state)
{
	(void)state;
	struct tp_scene *flat, *placed;
	sheets(&flat, &placed);
	struct tp_inkcov a, b;
	tp_err e = { 0 };
	assert_int_equal(tp_inkcov_scene(flat, 8, 1e8, &a, &e), TP_OK);
	assert_int_equal(tp_inkcov_scene(placed, 8, 1e8, &b, &e), TP_OK);
	assert_int_equal(a.n, b.n);
	assert_true(a.pct[3] > 1);   /* the dark tiles' black */
	for (size_t i = 0; i < a.n; i++) {
		assert_string_equal(a.name[i], b.name[i]);
		assert_true(a.pct[i] == b.pct[i]);
	}
	assert_true(a.tac_max == b.tac_max);
	tp_scene_free(flat);
	tp_scene_free(placed);
}

/* The preflight: the same findings, in the same order, with the same
 * numbers; and enough of them to mean something (the rules that look at
 * fills under a shape, die lines and the safe zone among them). */
static void test_preflight(void **state)
{
	(void)state;
	struct tp_scene *flat, *placed;
	sheets(&flat, &placed);
	struct tp_pf_rules r = tu_pf_rules();
	/* An ink limit is measured on shapes drawn in place (overprint.h):
	 * on placed symbols the walk refuses it rather than leave the stack
	 * unmeasured, and the sheets that place symbols have none. */
	struct tp_preflight lim = { 0 };
	tp_preflight_page(&lim, &r, "fronts", 1, placed);
	assert_true(lim.oom);
	tp_preflight_free(&lim);
	r.max_tac = 0;
	struct tp_preflight a = { 0 }, b = { 0 };
	assert_int_equal(tp_preflight_page(&a, &r, "fronts", 1, flat), 0);
	assert_int_equal(tp_preflight_page(&b, &r, "fronts", 1, placed), 0);
	assert_int_equal(a.n, b.n);
	assert_int_equal(a.errors, b.errors);
	assert_int_equal(a.warnings, b.warnings);
	const char *want[] = { "safe-zone", "component-size", "bleed", "line-weight", "knock-out" };
	for (size_t w = 0; w < sizeof want / sizeof *want; w++) {
		size_t n = 0;
		for (size_t i = 0; i < a.n; i++)
			n += strcmp(a.f[i].rule, want[w]) == 0;
		if (n == 0)
			fail_msg("no %s finding on the flat sheet", want[w]);
	}
	for (size_t i = 0; i < a.n; i++) {
		char la[400], lb[400];
		tp_preflight_line(&a.f[i], la, sizeof la);
		tp_preflight_line(&b.f[i], lb, sizeof lb);
		assert_string_equal(la, lb);
		assert_true(a.f[i].x == b.f[i].x && a.f[i].y == b.f[i].y);
		assert_true(a.f[i].value == b.f[i].value || (isnan(a.f[i].value) && isnan(b.f[i].value)));
	}
	tp_preflight_free(&a);
	tp_preflight_free(&b);
	tp_scene_free(flat);
	tp_scene_free(placed);
}

static void digest(const struct tp_scene *sc, char hex[65])
{
	struct tp_sha256 h;
	tp_sha256_init(&h);
	tp_scene_digest(sc, &h);
	tp_sha256_hex(&h, hex);
}

/* The digest is of the drawing: the same for both sheets, and another
 * when a symbol's shape changes. */
static void test_digest(void **state)
{
	(void)state;
	struct tp_scene *flat, *placed;
	sheets(&flat, &placed);
	char a[65], b[65], c[65];
	digest(flat, a);
	digest(placed, b);
	assert_string_equal(a, b);
	placed->sym_shapes[0].ink = HEAVY;
	digest(placed, c);
	assert_string_not_equal(b, c);
	tp_scene_free(flat);
	tp_scene_free(placed);
}

/* A crop through the middle of tiles (a panel, a half) takes each placed
 * shape by its own box, as it takes a copied one: the same crop, with the
 * scene index and without. */
static void test_crop(void **state)
{
	(void)state;
	struct tp_scene *flat, *placed;
	sheets(&flat, &placed);
	const double r[4] = { 1.5 * TILE, 0.4 * TILE, 1.7 * TILE, 1.3 * TILE };
	char want[65], got[65];
	struct tp_scene *a = tp_sheet_crop(flat, "part", r[0], r[1], r[2], r[3]);
	assert_non_null(a);
	digest(a, want);
	for (int v = 0; v < 2; v++) {
		struct tp_scene_index *ix = v ? tp_scene_index_new(placed) : NULL;
		struct tp_scene *b = tp_sheet_crop_ix(placed, ix, "part", r[0], r[1], r[2], r[3]);
		assert_non_null(b);
		assert_int_equal(tp_scene_places(b), 0);
		assert_int_equal(a->n_shapes, b->n_shapes);
		digest(b, got);
		assert_string_equal(want, got);
		tp_scene_free(b);
		if (ix)
			tp_scene_index_free(ix);
	}
	assert_true(a->n_shapes > 5 && a->n_shapes < flat->n_shapes / 2);
	tp_scene_free(a);
	tp_scene_free(flat);
	tp_scene_free(placed);
}

/* The readers that take the shapes in the order added (tp_scene_next):
 * the inks a page uses (the contact sheet's list) and the order itself. */
static void test_shapes_in_order(void **state)
{
	(void)state;
	struct tp_scene *flat, *placed;
	sheets(&flat, &placed);
	unsigned char a[TP_MAX_INKS] = { 0 }, b[TP_MAX_INKS] = { 0 };
	struct tp_page pa = { .sc = flat }, pb = { .sc = placed };
	tp_doc_inks_used(&(struct tp_doc){ .pages = &pa, .n = 1 }, a);
	tp_doc_inks_used(&(struct tp_doc){ .pages = &pb, .n = 1 }, b);
	assert_memory_equal(a, b, sizeof a);
	int heavy = tp_ink_index(&flat->pal, HEAVY), spare = tp_ink_index(&flat->pal, INK_D);
	assert_true(heavy >= 0 && spare >= 0);
	assert_true(a[heavy] && !a[spare]);
	/* Shape by shape, the flat sheet's shapes and points. */
	struct tp_scene_iter it = { 0 };
	size_t n = 0;
	for (const struct tp_shape *s; (s = tp_scene_next(placed, &it)) != NULL; n++) {
		assert_true(n < flat->n_shapes);
		const struct tp_shape *f = &flat->shapes[n];
		assert_int_equal(s->kind, f->kind);
		assert_int_equal(s->ink, f->ink);
		assert_int_equal(s->layer, f->layer);
		assert_true(s->x == f->x && s->y == f->y && s->w == f->w && s->h == f->h);
		for (size_t k = 0; s->kind == TP_SHAPE_PATH && k < s->count; k++) {
			const struct tp_pt *p = &placed->pts[s->first + k], *q = &flat->pts[f->first + k];
			assert_true(p->x + it.d[0] == q->x && p->y + it.d[1] == q->y);
		}
	}
	assert_int_equal(n, flat->n_shapes);
	tp_scene_free(flat);
	tp_scene_free(placed);
}

/* A placement's box is the union of its tile's shapes' boxes on the flat
 * sheet, and the scene index finds a placement where its tile is. */
static void test_boxes(void **state)
{
	(void)state;
	struct tp_scene *flat, *placed;
	sheets(&flat, &placed);
	assert_int_equal(flat->n_groups, COLS * ROWS);
	for (size_t g = 0; g < flat->n_groups; g++) {
		double u[4] = { INFINITY, INFINITY, -INFINITY, -INFINITY }, b[4], pb[4];
		for (size_t i = flat->groups[g].first; i < flat->groups[g].end; i++) {
			tp_shape_bbox(flat, &flat->shapes[i], b);
			u[0] = fmin(u[0], fmin(b[0], b[2]));
			u[1] = fmin(u[1], fmin(b[1], b[3]));
			u[2] = fmax(u[2], fmax(b[0], b[2]));
			u[3] = fmax(u[3], fmax(b[1], b[3]));
		}
		assert_int_equal(placed->shapes[g].kind, TP_SHAPE_PLACE);
		tp_shape_bbox(placed, &placed->shapes[g], pb);
		assert_memory_equal(u, pb, sizeof u);
	}
	struct tp_scene_index *ix = tp_scene_index_new(placed);
	assert_non_null(ix);
	const size_t *ids;
	size_t n;
	/* The middle of the tile in row 1, column 2: its placement is found. */
	assert_int_equal(tp_scene_index_query(ix, 2.5 * TILE, 1.5 * TILE, 0.1, 0.1, &ids, &n), 0);
	int found = 0;
	for (size_t k = 0; k < n; k++)
		found |= ids[k] == 1 * COLS + 2;
	assert_true(found);
	tp_scene_index_free(ix);
	tp_scene_free(flat);
	tp_scene_free(placed);
}

/* The shapes two sheets draw, in the order added: alike, coordinates to
 * within tol mm (a placed shape's are sums in another order). */
static void same_drawing(const struct tp_scene *flat, const struct tp_scene *placed, double tol)
{
	struct tp_scene_iter it = { 0 }, ft = { 0 };
	size_t n = 0;
	for (const struct tp_shape *s; (s = tp_scene_next(placed, &it)) != NULL; n++) {
		const struct tp_shape *f = tp_scene_next(flat, &ft);
		assert_non_null(f);
		assert_int_equal(s->kind, f->kind);
		assert_int_equal(s->ink, f->ink);
		assert_int_equal(s->paint, f->paint);
		assert_int_equal(s->flags, f->flags);
		assert_int_equal(s->layer, f->layer);
		assert_int_equal(s->align, f->align);
		assert_int_equal(s->count, f->count);
		assert_true(fabs(s->x - f->x) <= tol && fabs(s->y - f->y) <= tol);
		assert_true(fabs(s->w - f->w) <= tol && fabs(s->h - f->h) <= tol);
		for (size_t k = 0; s->kind == TP_SHAPE_PATH && k < s->count; k++) {
			const struct tp_pt *p = &placed->pts[s->first + k], *q = &flat->pts[f->first + k];
			assert_int_equal(p->op, q->op);
			assert_true(fabs(p->x + it.d[0] - q->x) <= tol && fabs(p->y + it.d[1] - q->y) <= tol);
		}
	}
	assert_null(tp_scene_next(flat, &ft));
	assert_true(n >= COLS * ROWS * 5);
}

/* The bleed grows the edge tiles' backgrounds of a placed sheet as it
 * does the copied sheet's: into copies of their symbols, one for each way
 * a tile lies on the edge (four corners, four sides: at most 8 x 2
 * kinds), the placements kept; and a second bleed grows nothing more. */
static void test_bleed(void **state)
{
	(void)state;
	struct tp_scene *flat, *placed;
	bare_sheets(&flat, &placed);
	for (int twice = 0; twice < 2; twice++) {
		assert_int_equal(tp_sheet_bleed(flat), 0);
		assert_int_equal(tp_sheet_bleed(placed), 0);
		assert_int_equal(tp_scene_places(placed), COLS * ROWS);
		assert_true(placed->n_symbols > 2 && placed->n_symbols <= 2 + 8 * 2);
		/* x0 + 0 - b and x0 - b are one sum: to the bit. */
		same_drawing(flat, placed, 0);
	}
	double b[4];
	tp_shape_bbox(placed, &placed->shapes[0], b);   /* the top-left tile */
	assert_true(b[0] == -flat->bleed && b[1] == -flat->bleed);
	add_marks(flat, placed);
	char *x = NULL, *y = NULL;
	size_t nx = written(tp_png_write, flat, 150, &x), ny = written(tp_png_write, placed, 150, &y);
	assert_int_equal(nx, ny);
	assert_memory_equal(x, y, nx);
	free(x);
	free(y);
	tp_scene_free(flat);
	tp_scene_free(placed);
}

/* The hex digits of a PDF's /ID [<...><...>] in buf, blanked. */
static void blank_id(char *buf, size_t n)
{
	const char *id = NULL;
	for (size_t i = 0; i + 4 < n && id == NULL; i++)
		if (memcmp(buf + i, "/ID", 3) == 0)
			id = buf + i;
	assert_non_null(id);
	for (char *c = (char *)id; c < buf + n && *c != ']'; c++)
		if (isxdigit((unsigned char)*c))
			*c = '0';
}

/* The mirror (work-and-turn backs), then the bleed: the placed sheet
 * draws what the copied one does, to a rounding, and the same PDF page. */
static void test_mirror(void **state)
{
	(void)state;
	struct tp_scene *flat, *placed;
	bare_sheets(&flat, &placed);
	tp_sheet_mirror(flat);
	tp_sheet_mirror(placed);
	same_drawing(flat, placed, 1e-12);
	/* The tile placed at column 0 now draws at the right edge. */
	double b[4];
	tp_shape_bbox(placed, &placed->shapes[0], b);
	assert_true(fabs(b[2] - COLS * TILE) < 1e-12 && fabs(b[0] - (COLS - 1) * TILE) < 1e-12);
	assert_int_equal(tp_sheet_bleed(flat), 0);
	assert_int_equal(tp_sheet_bleed(placed), 0);
	same_drawing(flat, placed, 1e-12);
	add_marks(flat, placed);
	for (int f = 0; f < 2; f++) {
		char *x = NULL, *y = NULL;
		tu_write_fn *w = f ? tp_png_write : tp_pdf_write;
		size_t nx = written(w, flat, 150, &x), ny = written(w, placed, 150, &y);
		assert_int_equal(nx, ny);
		if (!f) {
			/* The /ID hashes the coordinates as stored, to the bit
			 * (sums in another order): all but it is the same. */
			blank_id(x, nx);
			blank_id(y, ny);
		}
		assert_memory_equal(x, y, nx);
		free(x);
		free(y);
	}
	tp_scene_free(flat);
	tp_scene_free(placed);
}

/* Die nicks: each tile's punched hole (a closed contour) is nicked, the
 * placed ones once in their symbol; the count is per hole as drawn, and
 * the nicked sheets draw alike.  The die grid (open lines) keeps none. */
static void test_die_nick(void **state)
{
	(void)state;
	struct tp_scene *flat, *placed;
	bare_sheets(&flat, &placed);
	const struct tp_nicks nk = { .per_side = 2, .width = 0.4, .corner = 1 };
	long a = tp_die_nick(flat, &nk), b = tp_die_nick(placed, &nk);
	assert_true(a > 0);
	assert_int_equal(a % (COLS * ROWS), 0);   /* alike in every tile */
	assert_int_equal(a, b);
	assert_int_equal(tp_scene_places(placed), COLS * ROWS);
	same_drawing(flat, placed, 1e-9);
	tp_scene_free(flat);
	tp_scene_free(placed);
}

/* Taking the die lines off: the holes in the symbols go too, counted
 * once a placement; the placements stay. */
static void test_die_strip(void **state)
{
	(void)state;
	struct tp_scene *flat, *placed;
	bare_sheets(&flat, &placed);
	size_t a = tp_die_strip(flat), b = tp_die_strip(placed);
	assert_int_equal(a, COLS * ROWS + COLS + 1);   /* a hole a tile, the grid */
	assert_int_equal(a, b);
	assert_int_equal(tp_scene_places(placed), COLS * ROWS);
	same_drawing(flat, placed, 0);
	tp_scene_free(flat);
	tp_scene_free(placed);
}

/* A panel's die lines (the copying sink's own drawing): a placed hole is
 * judged inside or across the panel where it is placed, as the copied
 * one is, and the panel's cuts are found on the same lines. */
static void test_panel_die(void **state)
{
	(void)state;
	struct tp_scene *flat, *placed;
	bare_sheets(&flat, &placed);
	/* Across the holes of column 1 (at 7.5 mm into each tile, 1.2 wide). */
	const double r[4] = { 0.5 * TILE, 0, TILE + 7.5, ROWS * TILE };
	for (unsigned runon = 0; runon < 2; runon++) {
		struct tp_scene *a = tp_panel_die_runon(flat, r, runon ? 15 : 0);
		struct tp_scene *b = tp_panel_die_runon(placed, r, runon ? 15 : 0);
		assert_non_null(a);
		assert_non_null(b);
		assert_int_equal(tp_scene_places(b), 0);
		assert_int_equal(a->n_shapes, b->n_shapes);
		same_drawing(a, b, 0);
		char da[65], db[65];
		digest(a, da);
		digest(b, db);
		assert_string_equal(da, db);
		tp_scene_free(a);
		tp_scene_free(b);
	}
	double ca[16], cb[16];
	for (int v = 0; v < 2; v++) {
		size_t na = tp_panel_cuts(flat, v, 1.5 * TILE, ca, 16);
		size_t nb = tp_panel_cuts(placed, v, 1.5 * TILE, cb, 16);
		/* The grid's lines run down: cuts across x, none across y. */
		assert_true(v ? na > 2 : na == 0);
		assert_int_equal(na, nb);
		assert_memory_equal(ca, cb, na * sizeof *ca);
	}
	tp_scene_free(flat);
	tp_scene_free(placed);
}

/* The hidden-art rule: an art item drawn first, in place, lies under the
 * backgrounds of the tiles over it, placed or copied: the same finding. */
static void test_hidden_art(void **state)
{
	(void)state;
	static struct tp_art_item item = { .place = "fronts.mark", .line = 7 };
	struct tp_scene *sc[2];
	for (int v = 0; v < 2; v++) {
		sc[v] = new_sheet();
		size_t first = sc[v]->n_shapes;
		assert_int_equal(tp_scene_rect(sc[v], COLOUR, TP_FILL, 0, 1.5 * TILE, 1.4 * TILE, 2, 2), 0);
		assert_int_equal(tp_scene_art_note(sc[v], first, sc[v]->n_shapes, &item), 0);
	}
	tiles_into(&sc[0], &sc[1]);
	add_marks(sc[0], sc[1]);
	struct tp_pf_rules r = tu_pf_rules();
	r.max_tac = 0;
	struct tp_preflight a = { 0 }, b = { 0 };
	assert_int_equal(tp_preflight_page(&a, &r, "fronts", 1, sc[0]), 0);
	assert_int_equal(tp_preflight_page(&b, &r, "fronts", 1, sc[1]), 0);
	size_t ha = 0, hb = 0;
	for (size_t i = 0; i < a.n; i++)
		ha += strcmp(a.f[i].rule, "hidden-art") == 0;
	for (size_t i = 0; i < b.n; i++)
		hb += strcmp(b.f[i].rule, "hidden-art") == 0;
	assert_int_equal(ha, 1);
	assert_int_equal(hb, 1);
	assert_int_equal(a.n, b.n);
	for (size_t i = 0; i < a.n; i++) {
		char la[400], lb[400];
		tp_preflight_line(&a.f[i], la, sizeof la);
		tp_preflight_line(&b.f[i], lb, sizeof lb);
		assert_string_equal(la, lb);
	}
	tp_preflight_free(&a);
	tp_preflight_free(&b);
	tp_scene_free(sc[0]);
	tp_scene_free(sc[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_png),
		cmocka_unit_test(test_pdf),
		cmocka_unit_test(test_svg),
		cmocka_unit_test(test_inkcov),
		cmocka_unit_test(test_preflight),
		cmocka_unit_test(test_digest),
		cmocka_unit_test(test_boxes),
		cmocka_unit_test(test_shapes_in_order),
		cmocka_unit_test(test_crop),
		cmocka_unit_test(test_bleed),
		cmocka_unit_test(test_mirror),
		cmocka_unit_test(test_die_nick),
		cmocka_unit_test(test_die_strip),
		cmocka_unit_test(test_panel_die),
		cmocka_unit_test(test_hidden_art),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
