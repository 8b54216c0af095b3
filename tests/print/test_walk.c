#include "testutil.h"

#include <math.h>

#include "core/alloc.h"
#include "print/backend/backend.h"
#include "core/strbuf.h"
#include "tu_palette.h"
#include "print/scene/walk.h"
#include "print/scene/copy_sink.h"

/* The scene walk (walk.h) seen through a recording sink: every event as a
 * token in a string.  What each option should draw is worked out here from
 * the rules walk.h states, by a plain loop over layers and shapes, and
 * compared with what the walk gave the sink. */

struct rec {
	struct tp_buf log;
	int clipped;          /* the walk's clip as the sink sees it */
	int bad_clip;         /* a layer began or ended clipped, or art drawn unclipped */
	int fail_at;          /* fail on this shape event (1-based), 0: never */
	int events;
	size_t outlined;      /* points of outlined text seen */
	int outline_unfilled; /* outlined text that was not TP_FILL */
};

static int on_layer_begin(void *ctx, const struct tp_walk_layer *l)
{
	struct rec *r = ctx;
	r->bad_clip |= r->clipped;
	tp_buf_printf(&r->log, "L%zu:%s ", l->index, l->ink ? l->ink->name : "-");
	if (l->overprint != (l->ink && l->ink->overprint))
		tp_buf_printf(&r->log, "bad-overprint ");
	return 0;
}

static int on_layer_end(void *ctx, const struct tp_walk_layer *l)
{
	struct rec *r = ctx;
	r->bad_clip |= r->clipped;
	tp_buf_printf(&r->log, "E%zu ", l->index);
	return 0;
}

static int on_clip(void *ctx, const double *box)
{
	struct rec *r = ctx;
	r->clipped = box != NULL;
	return 0;
}

static int on_shape(struct rec *r, char kind, const struct tp_walk_shape *d)
{
	r->bad_clip |= r->clipped == d->mark;
	tp_buf_printf(&r->log, "%c%zu ", kind, d->index);
	return ++r->events == r->fail_at ? -1 : 0;
}

static int on_rect(void *ctx, const struct tp_walk_shape *d) { return on_shape(ctx, 'R', d); }
static int on_text(void *ctx, const struct tp_walk_shape *d) { return on_shape(ctx, 'T', d); }

static int on_path(void *ctx, const struct tp_walk_shape *d)
{
	struct rec *r = ctx;
	if (d->s->kind == TP_SHAPE_TEXT) {
		r->outlined += d->n;
		r->outline_unfilled |= d->paint != TP_FILL;
		return on_shape(r, 'O', d);
	}
	return on_shape(r, 'P', d);
}

static const struct tp_sink recorder = {
	.layer_begin = on_layer_begin, .layer_end = on_layer_end, .clip = on_clip,
	.rect = on_rect, .path = on_path, .text = on_text,
};

/* The expected log, from the rules in walk.h. */
static void expect(const struct tp_scene *sc, const struct tp_walk_opts *o, struct tp_buf *b)
{
	for (size_t l = 0; l < sc->n_layers; l++) {
		int ink = -1, mixed = 0;
		for (size_t i = 0; i < sc->n_shapes; i++)
			if (sc->shapes[i].layer == l) {
				mixed |= ink >= 0 && ink != sc->shapes[i].ink;
				ink = sc->shapes[i].ink;
			}
		const struct tp_ink *k = ink >= 0 && !mixed ? tp_scene_ink(sc, ink) : NULL;
		tp_buf_printf(b, "L%zu:%s ", l, k ? k->name : "-");
		for (size_t i = 0; i < sc->n_shapes; i++) {
			const struct tp_shape *s = &sc->shapes[i];
			const struct tp_ink *si = tp_scene_ink(sc, s->ink);
			if (s->layer != l || si == NULL)
				continue;
			if ((s->flags & TP_SHAPE_MARK) && !o->marks)
				continue;
			if (o->inks && !(o->inks & TP_WALK_INK(s->ink)))
				continue;
			int technical = s->ink == TP_INK_CUT || s->ink == TP_INK_EMBOSS;
			if (o->proof && (si->kind == TP_INK_REGISTRATION || (technical && !sc->plate)))
				continue;
			char kind = s->kind == TP_SHAPE_RECT ? 'R' : s->kind == TP_SHAPE_PATH ? 'P'
				  : o->outline_text ? 'O' : 'T';
			tp_buf_printf(b, "%c%zu ", kind, i);
		}
		tp_buf_printf(b, "E%zu ", l);
	}
}

static struct tp_scene *new_scene(int plate)
{
	struct tp_palette pal;
	static const char *names[TU_N_INKS] = {
		"A", "B", "C", "D", "lines", "text", "Assembly", "marks", "CutContour", "Emboss",
	};
	tu_palette_init(&pal);
	for (int i = 0; i < TU_N_INKS; i++)
		snprintf(pal.ink[i].name, sizeof pal.ink[i].name, "%s", names[i]);
	tu_ink(&pal, TP_INK_REG)->kind = TP_INK_REGISTRATION;
	tu_ink(&pal, TP_INK_CUT)->kind = TP_INK_SPOT;
	tu_ink(&pal, TP_INK_CUT)->overprint = 1;
	tu_ink(&pal, TP_INK_EMBOSS)->kind = TP_INK_SPOT;
	tu_ink(&pal, TP_INK_EMBOSS)->overprint = 1;
	struct tp_scene *sc = tp_scene_new("sheet", 100, 60, 3, &pal);
	assert_non_null(sc);
	sc->plate = plate;
	return sc;
}

/* Shapes added out of layer order, marks between art in one layer, a layer
 * of one spot ink under another name, a mixed layer, text, and every
 * technical ink. */
static struct tp_scene *sample(int plate)
{
	struct tp_scene *sc = new_scene(plate);
	static const int layers[] = { INK_B, INK_A };
	for (size_t i = 0; i < 2; i++) {
		assert_int_equal(tp_scene_layer(sc, tp_scene_ink(sc, layers[i])->name), 0);
		tp_scene_layer_by_ink(sc);
	}
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, 0, 0, 10, 10), 0);
	assert_int_equal(tp_scene_rect(sc, INK_B, TP_FILL, 0, 10, 0, 10, 10), 0);
	assert_int_equal(tp_scene_circle(sc, INK_A, TP_FILL, 0, 30, 30, 4), 0);
	assert_int_equal(tp_scene_rect(sc, TP_INK_REG, TP_STROKE, 0.1, -8, -8, 4, 4), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	assert_int_equal(tp_scene_rect(sc, TP_INK_REG, TP_FILL, 0, 40, 40, 1, 1), 0);
	assert_int_equal(tp_scene_text(sc, TP_INK_TEXT, 50, 50, 4, TP_ALIGN_CENTER, "Hi"), 0);
	double cut[] = { 0, 0, 100, 0, 100, 60, 0, 60 };
	assert_int_equal(tp_scene_poly(sc, TP_INK_CUT, TP_STROKE, 0.2, cut, 4), 0);
	assert_int_equal(tp_scene_layer(sc, "symbols"), 0);
	assert_int_equal(tp_scene_circle(sc, TP_INK_EMBOSS, TP_FILL, 0, 20, 20, 3), 0);
	assert_int_equal(tp_scene_layer(sc, "mixed"), 0);
	assert_int_equal(tp_scene_rect(sc, INK_C, TP_FILL, 0, 1, 1, 2, 2), 0);
	assert_int_equal(tp_scene_text(sc, TP_INK_REG, 0, 64, 2, TP_ALIGN_LEFT, "slug"), 0);
	tp_scene_flag_last(sc, TP_SHAPE_MARK);
	assert_int_equal(tp_scene_rect(sc, INK_D, TP_FILL, 0, 5, 5, 2, 2), 0);
	tp_scene_layer_by_ink(sc);
	assert_int_equal(tp_scene_rect(sc, INK_B, TP_STROKE, 0.3, 20, 0, 10, 10), 0);
	assert_int_equal(tp_scene_text(sc, TP_INK_CUT, 50, 30, 5, TP_ALIGN_LEFT, "cut"), 0);
	return sc;
}

/* Walks sc with o and checks the log against the rules. */
static void check(const struct tp_scene *sc, const struct tp_walk_opts *o)
{
	struct rec r = { 0 };
	struct tp_buf want = { 0 };
	tp_err e = { 0 };
	assert_int_equal(tp_scene_walk(sc, o, &recorder, &r, &e), TP_OK);
	expect(sc, o, &want);
	assert_false(r.log.oom || want.oom);
	assert_string_equal(r.log.s, want.s);
	assert_false(r.bad_clip);
	assert_false(r.outline_unfilled);
	tp_buf_free(&r.log);
	tp_buf_free(&want);
}

static void test_options(void **state)
{
	(void)state;
	for (int plate = 0; plate < 2; plate++) {
		struct tp_scene *sc = sample(plate);
		/* every combination of marks, proof, text as outlines, and three
		 * ink masks: all, the die line alone, two game inks */
		const uint64_t masks[] = { 0, TP_WALK_INK(TP_INK_CUT),
					   TP_WALK_INK(INK_A) | TP_WALK_INK(INK_D) };
		for (int bits = 0; bits < 8; bits++)
			for (size_t m = 0; m < sizeof masks / sizeof masks[0]; m++) {
				struct tp_walk_opts o = { .marks = bits & 1, .proof = (bits >> 1) & 1,
							  .outline_text = (bits >> 2) & 1,
							  .inks = masks[m] };
				check(sc, &o);
			}
		tp_scene_free(sc);
	}
}

/* Layers come in the scene's order whatever order shapes were added in,
 * each shape once, and a layer with nothing to draw is still announced. */
static void test_order(void **state)
{
	(void)state;
	struct tp_scene *sc = new_scene(0);
	char name[16];
	/* 40 layers, shapes dealt to them in a scrambled order */
	for (int l = 0; l < 40; l++) {
		snprintf(name, sizeof name, "l%d", l);
		assert_int_equal(tp_scene_layer(sc, name), 0);
	}
	for (int i = 0; i < 400; i++) {
		snprintf(name, sizeof name, "l%d", (i * 7) % 39);
		assert_int_equal(tp_scene_layer(sc, name), 0);
		assert_int_equal(tp_scene_rect(sc, i % 4, TP_FILL, 0, i % 50, 0, 1, 1), 0);
	}
	struct tp_walk_opts o = { .marks = 1 };
	check(sc, &o);
	struct rec r = { 0 };
	tp_err e = { 0 };
	assert_int_equal(tp_scene_walk(sc, &o, &recorder, &r, &e), TP_OK);
	/* layer 39 got no shape: announced all the same */
	assert_non_null(strstr(r.log.s, "L39:- E39 "));
	tp_buf_free(&r.log);
	tp_scene_free(sc);
}

/* One layer of one ink is announced with it (and its overprint); the
 * symbols layer carries the emboss spot under its own name. */
static void test_layer_ink(void **state)
{
	(void)state;
	struct tp_scene *sc = sample(1);
	struct tp_walk_opts o = { 0 };
	struct rec r = { 0 };
	tp_err e = { 0 };
	assert_int_equal(tp_scene_walk(sc, &o, &recorder, &r, &e), TP_OK);
	char want[64];
	for (size_t l = 0; l < sc->n_layers; l++)
		if (strcmp(sc->layers[l], "symbols") == 0) {
			snprintf(want, sizeof want, "L%zu:Emboss ", l);
			assert_non_null(strstr(r.log.s, want));
		} else if (strcmp(sc->layers[l], "mixed") == 0) {
			snprintf(want, sizeof want, "L%zu:- ", l);
			assert_non_null(strstr(r.log.s, want));
		}
	tp_buf_free(&r.log);
	tp_scene_free(sc);
}

/* Text as outlines reaches path() as a filled outline; else text(). */
static void test_text(void **state)
{
	(void)state;
	struct tp_scene *sc = new_scene(0);
	assert_int_equal(tp_scene_text(sc, INK_A, 10, 10, 5, TP_ALIGN_LEFT, "E"), 0);
	struct tp_walk_opts o = { .outline_text = 1 };
	struct rec r = { 0 };
	tp_err e = { 0 };
	assert_int_equal(tp_scene_walk(sc, &o, &recorder, &r, &e), TP_OK);
	assert_true(r.outlined > 0);
	assert_false(r.outline_unfilled);
	tp_buf_free(&r.log);
	/* text that cannot be outlined fails the walk (TP_EIO), naming it */
	assert_int_equal(tp_scene_text(sc, INK_A, 10, 20, 5, TP_ALIGN_LEFT, "\xff\xfe"), 0);
	memset(&r, 0, sizeof r);
	assert_int_equal(tp_scene_walk(sc, &o, &recorder, &r, &e), TP_EIO);
	assert_non_null(strstr(e.msg, "cannot outline"));
	tp_buf_free(&r.log);
	/* not outlined, it is handed over as it is */
	o.outline_text = 0;
	memset(&r, 0, sizeof r);
	memset(&e, 0, sizeof e);
	assert_int_equal(tp_scene_walk(sc, &o, &recorder, &r, &e), TP_OK);
	assert_int_equal(r.outlined, 0);
	assert_string_equal(r.log.s, "L0:A T0 T1 E0 ");
	tp_buf_free(&r.log);
	tp_scene_free(sc);
}

/* A shape whose ink the palette lacks: the walk fails before the sink
 * sees anything (TP_EINPUT, naming the sheet and the ink), or leaves it
 * out, whatever the other options. */
static void test_unknown_ink(void **state)
{
	(void)state;
	struct tp_scene *sc = sample(0);
	int unknown = TU_N_GAME_INKS + 3;   /* between the game and shared inks */
	assert_null(tp_scene_ink(sc, unknown));
	assert_int_equal(tp_scene_layer(sc, "mixed"), 0);
	assert_int_equal(tp_scene_rect(sc, unknown, TP_FILL, 0, 0, 0, 5, 5), 0);
	size_t bad = sc->n_shapes - 1;
	tp_scene_layer_by_ink(sc);
	for (int proof = 0; proof < 2; proof++) {
		struct tp_walk_opts o = { .marks = 1, .proof = proof };
		struct rec r = { 0 };
		tp_err e = { 0 };
		assert_int_equal(tp_scene_walk(sc, &o, &recorder, &r, &e), TP_EINPUT);
		assert_true(r.log.len == 0);
		char want[64];
		snprintf(want, sizeof want, "sheet: shape %zu has ink %d", bad + 1, unknown);
		assert_non_null(strstr(e.msg, want));
		tp_buf_free(&r.log);

		o.unknown = TP_WALK_SKIP;
		memset(&r, 0, sizeof r);
		memset(&e, 0, sizeof e);
		assert_int_equal(tp_scene_walk(sc, &o, &recorder, &r, &e), TP_OK);
		char token[32];
		snprintf(token, sizeof token, "R%zu ", bad);
		assert_null(strstr(r.log.s, token));
		tp_buf_free(&r.log);
	}
	tp_scene_free(sc);
}

/* Every backend of the table refuses a scene with an unknown ink the
 * same way, because the walk does: TP_EINPUT, naming the shape's ink. */
static void test_backends_refuse_unknown_ink(void **state)
{
	(void)state;
	struct tp_scene *sc = sample(0);
	int unknown = TU_N_GAME_INKS + 3;
	assert_int_equal(tp_scene_layer(sc, "mixed"), 0);
	assert_int_equal(tp_scene_rect(sc, unknown, TP_FILL, 0, 0, 0, 5, 5), 0);
	tp_scene_layer_by_ink(sc);
	const struct tp_scene *pages[1] = { sc };
	struct tp_doc_info info = { .title = "t", .epoch = 0, .dpi = 20, .marks = 1 };
	char want[32];
	snprintf(want, sizeof want, "has ink %d", unknown);
	for (size_t b = 0; b < tp_n_backends; b++) {
		FILE *f = tmpfile();
		assert_non_null(f);
		tp_err e = { 0 };
		assert_int_equal(tp_backends[b].write(f, pages, 1, &info, &e), TP_EINPUT);
		assert_non_null(strstr(e.msg, want));
		fclose(f);
	}
	tp_scene_free(sc);
}

/* A shape on a layer the scene lacks (only a scene edited by hand can
 * have one) is refused or left out as an unknown ink is. */
static void test_unknown_layer(void **state)
{
	(void)state;
	struct tp_scene *sc = sample(0);
	size_t bad = 2;
	sc->shapes[bad].layer = (uint16_t)(sc->n_layers + 5);
	struct tp_walk_opts o = { .marks = 1 };
	struct rec r = { 0 };
	tp_err e = { 0 };
	assert_int_equal(tp_scene_walk(sc, &o, &recorder, &r, &e), TP_EINPUT);
	assert_true(r.log.len == 0);
	char want[64];
	snprintf(want, sizeof want, "shape %zu is on layer %zu", bad + 1, sc->n_layers + 5);
	assert_non_null(strstr(e.msg, want));
	tp_buf_free(&r.log);
	o.unknown = TP_WALK_SKIP;
	memset(&r, 0, sizeof r);
	memset(&e, 0, sizeof e);
	assert_int_equal(tp_scene_walk(sc, &o, &recorder, &r, &e), TP_OK);
	/* every other shape still drawn, in its place */
	check(sc, &o);
	tp_buf_free(&r.log);
	tp_scene_free(sc);
}

/* A sink that fails stops the walk there: nothing more is drawn. */
static void test_sink_failure(void **state)
{
	(void)state;
	struct tp_scene *sc = sample(0);
	struct tp_walk_opts o = { .marks = 1 };
	struct rec r = { .fail_at = 3 };
	tp_err e = { 0 };
	assert_int_equal(tp_scene_walk(sc, &o, &recorder, &r, &e), TP_EIO);
	assert_int_equal(r.events, 3);
	tp_buf_free(&r.log);
	/* a sink with no callbacks at all is walked without harm */
	static const struct tp_sink none = { 0 };
	memset(&e, 0, sizeof e);
	assert_int_equal(tp_scene_walk(sc, &o, &none, NULL, &e), TP_OK);
	tp_scene_free(sc);
}

/* Out of memory while ordering the shapes: TP_EIO, nothing drawn. */
static void test_oom(void **state)
{
	(void)state;
	struct tp_scene *sc = sample(0);
	struct tp_walk_opts o = { 0 };
	struct rec r = { 0 };
	tp_err e = { 0 };
	tp_alloc_fail_at(1);
	int rc = tp_scene_walk(sc, &o, &recorder, &r, &e);
	tp_alloc_fail_at(0);
	assert_int_equal(rc, TP_EIO);
	assert_true(r.log.len == 0);
	tp_buf_free(&r.log);
	tp_scene_free(sc);
}

/* ---- reuse (scene groups) ----------------------------------------------- */

/* A reusing sink: what the recorder logs, plus the groups and uses, the
 * shapes drawn inside each first copy, and the uses' moves summed. */
struct reuse_rec {
	struct rec r;
	int in_group;
	size_t begun[8], uses[8];   /* per layer */
	size_t inside[64];          /* shapes drawn in first copy id */
	size_t drawn, covered;      /* shapes drawn; shapes stood for by uses */
	double sum_dx, sum_dy;
	size_t cur;
};

static int rr_shape(void *ctx, const struct tp_walk_shape *d)
{
	struct reuse_rec *q = ctx;
	q->drawn++;
	if (q->in_group)
		q->inside[q->cur]++;
	return on_shape(&q->r, 'S', d);
}

static int rr_begin(void *ctx, const struct tp_walk_group *g)
{
	struct reuse_rec *q = ctx;
	q->r.bad_clip |= !q->r.clipped || q->in_group || g->id >= 64;
	q->in_group = 1;
	q->cur = g->id;
	q->begun[g->layer]++;
	return 0;
}

static int rr_end(void *ctx, const struct tp_walk_group *g)
{
	struct reuse_rec *q = ctx;
	q->r.bad_clip |= !q->in_group || g->id != q->cur;
	q->in_group = 0;
	return 0;
}

static int rr_use(void *ctx, const struct tp_walk_group *g)
{
	struct reuse_rec *q = ctx;
	q->r.bad_clip |= !q->r.clipped || q->in_group || g->id >= 64;
	q->uses[g->layer]++;
	q->covered += q->inside[g->id];
	q->sum_dx += g->dx;
	q->sum_dy += g->dy;
	return 0;
}

static int rr_layer(void *ctx, const struct tp_walk_layer *l) { return on_layer_begin(ctx, l); }
static int rr_layer_end(void *ctx, const struct tp_walk_layer *l) { return on_layer_end(ctx, l); }
static int rr_clip(void *ctx, const double *box) { return on_clip(ctx, box); }

static const struct tp_sink reuser = {
	.layer_begin = rr_layer, .layer_end = rr_layer_end, .clip = rr_clip,
	.rect = rr_shape, .path = rr_shape, .text = rr_shape,
	.group_begin = rr_begin, .group_end = rr_end, .use = rr_use,
};

#define TILES 14
#define KINDS 3

/* Tile k of kind k % KINDS at (20 (k % 5), 15 (k / 5)): on layer A, kind + 2
 * cells; on layer B a stroked path and, for kinds past 0, a label (kind 0
 * has one shape there: too few to reuse).  The last tile's first cell is
 * widened after it was drawn (as a sheet's bleed does), so it repeats
 * nothing; tile 1 carries a printer's mark on layer A, so it is drawn as
 * it is. */
static void tile(struct tp_scene *sc, int k)
{
	int kind = k % KINDS;
	double x = 20.0 * (k % 5) + 0.1, y = 15.0 * (k / 5) + 0.3;
	assert_int_equal(tp_scene_group_begin(sc), 0);
	for (int c = 0; c < kind + 2; c++)
		assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, x + 3.3333 * c, y, 3.3333, 2), 0);
	if (k == 1) {
		assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, x, y + 5, 1, 1), 0);
		tp_scene_flag_last(sc, TP_SHAPE_MARK);
	}
	struct tp_pt p[3] = { { TP_MOVE, x, y }, { TP_LINE, x + 5, y + 1 + kind }, { TP_LINE, x, y + 7 } };
	assert_int_equal(tp_scene_path(sc, INK_B, TP_STROKE, 0.2, p, 3), 0);
	if (kind > 0)
		assert_int_equal(tp_scene_text(sc, INK_B, x + 1, y + 9, 3, TP_ALIGN_LEFT,
					       kind == 1 ? "one" : "two"), 0);
	tp_scene_group_end(sc);
}

/* Groups change nothing for a sink that does not reuse; a reusing sink is
 * given each distinct content once per layer and a use for every other
 * copy, moved by the difference of the copies' places. */
static void test_groups_reused(void **state)
{
	(void)state;
	struct tp_scene *sc = new_scene(0);
	size_t first_shape[TILES + 1];
	for (int k = 0; k < TILES; k++) {
		first_shape[k] = sc->n_shapes;
		tile(sc, k);
	}
	first_shape[TILES] = sc->n_shapes;
	sc->shapes[first_shape[TILES - 1]].w += 0.5;
	for (int marks = 0; marks < 2; marks++) {
		struct tp_walk_opts o = { .marks = marks };
		check(sc, &o);
		/* Expected, tile by tile: a copy repeats the first tile of its kind
		 * on a layer unless either is the widened or (with marks) the
		 * marked tile, or the layer has fewer than two of its shapes. */
		size_t begun[2] = { 0 }, uses[2] = { 0 }, covered = 0;
		double dx = 0, dy = 0;
		int first_of[2][KINDS + 1];
		memset(first_of, -1, sizeof first_of);
		for (int k = 0; k < TILES; k++) {
			int kind = k % KINDS;
			for (int l = 0; l < 2; l++) {
				size_t n = l == 0 ? (size_t)kind + 2 : kind > 0 ? 2 : 1;
				if (n < 2 || (k == 1 && l == 0 && marks))
					continue;
				/* the widened tile is a first copy of its own */
				int slot = k == TILES - 1 && l == 0 ? KINDS : kind;
				if (first_of[l][slot] < 0) {
					first_of[l][slot] = k;
					begun[l]++;
					continue;
				}
				int f = first_of[l][slot];
				uses[l]++;
				covered += n;
				dx += 20.0 * (k % 5) - 20.0 * (f % 5);
				dy += 15.0 * (k / 5) - 15.0 * (f / 5);
			}
		}
		struct reuse_rec q = { 0 };
		tp_err e = { 0 };
		assert_int_equal(tp_scene_walk(sc, &o, &reuser, &q, &e), TP_OK);
		assert_false(q.r.bad_clip || q.r.log.oom);
		/* layers were made in order of first use: A (0), then B (1) */
		for (int l = 0; l < 2; l++) {
			assert_int_equal(q.begun[l], begun[l]);
			assert_int_equal(q.uses[l], uses[l]);
		}
		assert_true(uses[0] > 0 && uses[1] > 0);
		assert_int_equal(q.covered, covered);
		size_t all = sc->n_shapes - (marks ? 0 : 1);
		assert_int_equal(q.drawn + q.covered, all);
		assert_true(fabs(q.sum_dx - dx) < 1e-6 && fabs(q.sum_dy - dy) < 1e-6);
		tp_buf_free(&q.r.log);
		/* Only the even tiles, as a scene index hands them (neither the
		 * marked nor the widened tile among them): each run of a group ends
		 * at the group's end, and each kind's first even tile on a layer
		 * with two shapes or more is a first copy, the others uses. */
		size_t only[64], n_only = 0, want_begun[2] = { 0 }, want_uses[2] = { 0 };
		int seen[2][KINDS] = { { 0 } };
		for (int k = 0; k < TILES; k += 2) {
			for (size_t i = first_shape[k]; i < first_shape[k + 1]; i++)
				only[n_only++] = i;
			int kind = k % KINDS;
			for (int l = 0; l < 2; l++) {
				size_t n = l == 0 ? (size_t)kind + 2 : kind > 0 ? 2 : 1;
				if (n >= 2)
					(seen[l][kind]++ ? want_uses : want_begun)[l]++;
			}
		}
		o.only = only;
		o.n_only = n_only;
		struct reuse_rec h = { 0 };
		assert_int_equal(tp_scene_walk(sc, &o, &reuser, &h, &e), TP_OK);
		assert_false(h.r.bad_clip || h.r.log.oom);
		for (int l = 0; l < 2; l++) {
			assert_int_equal(h.begun[l], want_begun[l]);
			assert_int_equal(h.uses[l], want_uses[l]);
		}
		assert_int_equal(h.drawn + h.covered, n_only);
		tp_buf_free(&h.r.log);
	}
	tp_scene_free(sc);
}

/* ---- placements (symbols placed by reference) ---------------------------- */

/* A sink that logs everything a backend could use of a shape, exactly
 * (coordinates as hexadecimal floats), but not its number: a scene drawn
 * by placements must give every sink the stream the same scene drawn
 * shape by shape gives. */
struct full_rec {
	struct tp_buf log;
	size_t places;   /* shapes whose number is a placement's */
	const struct tp_scene *sc;
};

static int fr_shape(void *ctx, const struct tp_walk_shape *d)
{
	struct full_rec *f = ctx;
	const struct tp_shape *s = d->s;
	tp_buf_printf(&f->log, "S%d ink%d/%d p%d m%d f%u st%a %a %a %a %a n%zu", s->kind, d->ink_id,
		      d->ink_index, d->paint, d->mark, s->flags, s->stroke, s->x, s->y, s->w, s->h,
		      d->n);
	for (size_t i = 0; i < d->n; i++)
		tp_buf_printf(&f->log, ",%d %a %a", d->pts[i].op, d->pts[i].x, d->pts[i].y);
	if (d->text)
		tp_buf_printf(&f->log, " '%s'", d->text);
	tp_buf_printf(&f->log, "\n");
	if (d->index < f->sc->n_shapes && f->sc->shapes[d->index].kind == TP_SHAPE_PLACE)
		f->places++;
	return 0;
}

static int fr_layer(void *ctx, const struct tp_walk_layer *l)
{
	struct full_rec *f = ctx;
	tp_buf_printf(&f->log, "L%zu %s %s %d\n", l->index, l->name, l->ink ? l->ink->name : "-",
		      l->overprint);
	return 0;
}

static int fr_layer_end(void *ctx, const struct tp_walk_layer *l)
{
	tp_buf_printf(&((struct full_rec *)ctx)->log, "E%zu\n", l->index);
	return 0;
}

static int fr_clip(void *ctx, const double *box)
{
	struct full_rec *f = ctx;
	if (box)
		tp_buf_printf(&f->log, "C %a %a %a %a\n", box[0], box[1], box[2], box[3]);
	else
		tp_buf_printf(&f->log, "C-\n");
	return 0;
}

static int fr_begin(void *ctx, const struct tp_walk_group *g)
{
	tp_buf_printf(&((struct full_rec *)ctx)->log, "G%zu %zu\n", g->id, g->layer);
	return 0;
}

static int fr_end(void *ctx, const struct tp_walk_group *g)
{
	tp_buf_printf(&((struct full_rec *)ctx)->log, "g%zu\n", g->id);
	return 0;
}

static int fr_use(void *ctx, const struct tp_walk_group *g)
{
	tp_buf_printf(&((struct full_rec *)ctx)->log, "U%zu %zu %a %a\n", g->id, g->layer, g->dx,
		      g->dy);
	return 0;
}

static const struct tp_sink full_plain = {
	.layer_begin = fr_layer, .layer_end = fr_layer_end, .clip = fr_clip,
	.rect = fr_shape, .path = fr_shape, .text = fr_shape,
};

static const struct tp_sink full_reuse = {
	.layer_begin = fr_layer, .layer_end = fr_layer_end, .clip = fr_clip,
	.rect = fr_shape, .path = fr_shape, .text = fr_shape,
	.group_begin = fr_begin, .group_end = fr_end, .use = fr_use,
};

/* Tile art of kind `kind` at (x, y): each coordinate x + local, so that a
 * symbol drawn at 0, 0 and placed at x, y gives the same numbers. */
static void tile_art(struct tp_scene *sc, int kind, double x, double y)
{
	assert_int_equal(tp_scene_rect(sc, INK_A, TP_FILL, 0, x + 1.25, y + 0.5, 2, 3 + kind), 0);
	/* (Not a circle: its points are (x + cx) + r k, which differ in the
	 * last bit from (cx + r k) + x, the placed symbol's.) */
	struct tp_pt q[4] = { { TP_MOVE, x + 5.1, y + 4.3 }, { TP_CURVE, x + 6.8, y + 4.3 },
			      { TP_CURVE, x + 6.8, y + 6 }, { TP_CURVE, x + 5.1, y + 6 } };
	assert_int_equal(tp_scene_path(sc, INK_A, TP_FILL, 0, q, 4), 0);
	struct tp_pt p[3] = { { TP_MOVE, x + 0.3, y + 0.7 }, { TP_LINE, x + 6.1, y + 1.9 + kind },
			      { TP_LINE, x + 0.3, y + 7.3 } };
	assert_int_equal(tp_scene_path(sc, INK_B, TP_STROKE, 0.2, p, 3), 0);
	assert_int_equal(tp_scene_text(sc, INK_B, x + 1.1, y + 9.2, 3, TP_ALIGN_LEFT,
				       kind ? "one" : "two"), 0);
	if (kind == 1)   /* a third layer, first used by a symbol */
		assert_int_equal(tp_scene_rect(sc, INK_C, TP_STROKE, 0.1, x, y, 10, 10), 0);
}

#define PLACED 9

/* The same sheet drawn tile by tile (each tile a group) and by two symbols
 * placed nine times, with lines and a mark between the tiles: every sink,
 * every option, sees the same stream; only the shapes' numbers differ. */
static void test_placements(void **state)
{
	(void)state;
	struct tp_scene *direct = new_scene(0), *placed = new_scene(0);
	/* A symbol's layers are made when it is drawn, before any tile is
	 * placed: both sheets fix their layer order first, as sheets do. */
	static const int order[] = { INK_A, INK_B, TP_INK_LINE, INK_C };
	for (int v = 0; v < 2; v++)
		for (size_t i = 0; i < 4; i++) {
			struct tp_scene *sc = v ? placed : direct;
			assert_int_equal(tp_scene_layer(sc, tp_scene_ink(sc, order[i])->name), 0);
			tp_scene_layer_by_ink(sc);
		}
	int sym[2];
	for (int kind = 0; kind < 2; kind++) {
		sym[kind] = tp_scene_symbol_begin(placed);
		assert_int_equal(sym[kind], kind);
		tile_art(placed, kind, 0, 0);
		tp_scene_symbol_end(placed);
	}
	for (int k = 0; k < PLACED; k++) {
		int kind = k % 3 == 1;
		double x = 11.0 * (k % 4) + 0.1 * k, y = 12.5 * (k / 4) + 1.0 / 3;
		assert_int_equal(tp_scene_group_begin(direct), 0);
		tile_art(direct, kind, x, y);
		tp_scene_group_end(direct);
		assert_int_equal(tp_scene_place_symbol(placed, sym[kind], x, y), 0);
		for (int v = 0; v < 2; v++) {
			struct tp_scene *sc = v ? placed : direct;
			assert_int_equal(tp_scene_rect(sc, TP_INK_LINE, TP_STROKE, 0.1, x, y, 11, 12.5), 0);
			if (k == 4) {
				assert_int_equal(tp_scene_rect(sc, INK_D, TP_FILL, 0, -2, -2, 1, 1), 0);
				tp_scene_flag_last(sc, TP_SHAPE_MARK);
			}
		}
	}
	assert_int_equal(tp_scene_places(placed), PLACED);
	assert_int_equal(tp_scene_places(direct), 0);
	assert_int_equal(placed->n_layers, direct->n_layers);
	for (size_t l = 0; l < direct->n_layers; l++)
		assert_string_equal(placed->layers[l], direct->layers[l]);
	assert_true(placed->n_shapes < direct->n_shapes);
	assert_int_equal(tp_scene_uses_ink(placed, INK_C), tp_scene_uses_ink(direct, INK_C));
	assert_true(tp_scene_uses_ink(placed, INK_C));
	/* A copy walks as its original. */
	struct tp_scene *copy = tp_scene_copy(placed);
	assert_non_null(copy);
	const struct tp_walk_opts opts[] = {
		{ .marks = 0 }, { .marks = 1 }, { .marks = 1, .outline_text = 1 },
		{ .inks = TP_WALK_INK(INK_B) }, { .proof = 1 },
	};
	for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
		for (int reuse = 0; reuse < 2; reuse++) {
			const struct tp_sink *k = reuse ? &full_reuse : &full_plain;
			struct full_rec a = { .sc = direct }, b = { .sc = placed }, c = { .sc = copy };
			tp_err e = { 0 };
			assert_int_equal(tp_scene_walk(direct, &opts[i], k, &a, &e), TP_OK);
			assert_int_equal(tp_scene_walk(placed, &opts[i], k, &b, &e), TP_OK);
			assert_int_equal(tp_scene_walk(copy, &opts[i], k, &c, &e), TP_OK);
			assert_false(a.log.oom || b.log.oom || c.log.oom);
			assert_string_equal(a.log.s, b.log.s);
			assert_string_equal(b.log.s, c.log.s);
			assert_int_equal(a.places, 0);
			assert_true(b.places > 0);
			if (reuse && !opts[i].inks)
				assert_non_null(strstr(b.log.s, "\nU"));
			tp_buf_free(&a.log);
			tp_buf_free(&b.log);
			tp_buf_free(&c.log);
		}
	/* The copying sink expands placements: the copy of the placed sheet is
	 * the copy of the direct one, shape for shape. */
	struct tp_scene *cd = new_scene(0), *cp = new_scene(0);
	tp_err ce = { 0 };
	const struct tp_copy_sink kd = { .dst = cd, .dx = 3.5, .dy = -1.25 };
	const struct tp_copy_sink kp = { .dst = cp, .dx = 3.5, .dy = -1.25 };
	const struct tp_walk_opts all = { .marks = 1 };
	assert_int_equal(tp_walk_copy(direct, &all, &kd, &ce), TP_OK);
	assert_int_equal(tp_walk_copy(placed, &all, &kp, &ce), TP_OK);
	assert_int_equal(tp_scene_places(cp), 0);
	assert_int_equal(cp->n_shapes, cd->n_shapes);
	assert_int_equal(cp->n_pts, cd->n_pts);
	for (size_t i = 0; i < cd->n_shapes; i++) {
		const struct tp_shape *u = &cd->shapes[i], *v = &cp->shapes[i];
		assert_int_equal(u->kind, v->kind);
		assert_int_equal(u->layer, v->layer);
		assert_int_equal(u->ink, v->ink);
		assert_true(u->x == v->x && u->y == v->y && u->w == v->w && u->h == v->h);
	}
	for (size_t i = 0; i < cd->n_pts; i++)
		assert_true(cd->pts[i].x == cp->pts[i].x && cd->pts[i].y == cp->pts[i].y &&
			    cd->pts[i].op == cp->pts[i].op);
	tp_scene_free(cd);
	tp_scene_free(cp);
	/* A placement of a symbol the scene lacks, and a symbol's shape in an
	 * ink the palette lacks, are refused as broken shapes are. */
	placed->shapes[0].first = 7;
	struct full_rec r = { .sc = placed };
	tp_err e = { 0 };
	assert_int_equal(tp_scene_walk(placed, &tp_walk_art, &full_plain, &r, &e), TP_EINPUT);
	assert_non_null(strstr(e.msg, "symbol 8"));
	tp_buf_free(&r.log);
	placed->shapes[0].first = 0;
	placed->sym_shapes[0].ink = 60;
	struct full_rec r2 = { .sc = placed };
	tp_err e2 = { 0 };
	assert_int_equal(tp_scene_walk(placed, &tp_walk_art, &full_plain, &r2, &e2), TP_EINPUT);
	assert_non_null(strstr(e2.msg, "symbol 1 shape 1"));
	tp_buf_free(&r2.log);
	struct tp_walk_opts skip = { .unknown = TP_WALK_SKIP };
	struct full_rec r3 = { .sc = placed };
	tp_err e3 = { 0 };
	assert_int_equal(tp_scene_walk(placed, &skip, &full_plain, &r3, &e3), TP_OK);
	tp_buf_free(&r3.log);
	tp_scene_free(copy);
	tp_scene_free(direct);
	tp_scene_free(placed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_layer_ink),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_unknown_ink),
		cmocka_unit_test(test_unknown_layer),
		cmocka_unit_test(test_backends_refuse_unknown_ink),
		cmocka_unit_test(test_sink_failure),
		cmocka_unit_test(test_oom),
		cmocka_unit_test(test_groups_reused),
		cmocka_unit_test(test_placements),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown_fonts);
}
