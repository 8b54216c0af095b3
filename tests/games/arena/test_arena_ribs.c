/* The blocking face of a marked piece is ribbed at every square size, and
 * its ribs keep clear of the mark (issue 21: at arena.square_mm = 12 a
 * marked Eye had no ribs, at 25 only fragments).  Read from pieces-back as
 * laid out: each piece is a filled path in its player's colour; a marked
 * piece's path has a second subpath, the hole of its mark disc (its centre
 * and radius come from that hole's points).  Each rib is a stroke in the
 * ribs ink: a segment, or a ring (a closed curve). */

#include "testutil.h"
#include "tu_build.h"

#include <math.h>

#include "games/arena/config/arena_config.h"
#include "games/game.h"
#include "print/preflight/preflight.h"
#include "print/layout/sheet.h"

struct piece {
	double b[4];        /* bbox of the outline */
	int n_pts;          /* outline points: with w and h, the shape's key */
	int marked;
	double cx, cy, r;   /* the mark's hole */
	double rib_area;
};

static void piece_of(const struct tp_scene *sc, const struct tp_shape *s, struct piece *p)
{
	memset(p, 0, sizeof *p);
	p->b[0] = p->b[1] = INFINITY;
	p->b[2] = p->b[3] = -INFINITY;
	int sub = 0, hole_n = 0;
	double hx[16], hy[16];
	for (size_t k = 0; k < s->count; k++) {
		const struct tp_pt *q = &sc->pts[s->first + k];
		if (q->op == TP_MOVE)
			sub++;
		if (q->op == TP_CLOSE)
			continue;
		if (sub == 1) {
			p->b[0] = fmin(p->b[0], q->x); p->b[1] = fmin(p->b[1], q->y);
			p->b[2] = fmax(p->b[2], q->x); p->b[3] = fmax(p->b[3], q->y);
			p->n_pts++;
		} else if (hole_n < 16) {
			hx[hole_n] = q->x;
			hy[hole_n++] = q->y;
		}
	}
	p->marked = sub > 1;
	if (p->marked) {
		/* A circle as four curves: its start and each curve's end lie on
		 * it, a quarter turn apart (points 0, 3, 6, 9, 12). */
		double x0 = INFINITY, x1 = -INFINITY;
		for (int i = 0; i < hole_n; i += 3) {
			x0 = fmin(x0, hx[i]);
			x1 = fmax(x1, hx[i]);
			p->cy += hy[i] / ((hole_n + 2) / 3);
		}
		p->cx = (x0 + x1) / 2;
		p->r = (x1 - x0) / 2;
	}
}

static double seg_dist(double px, double py, double ax, double ay, double bx, double by)
{
	double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
	double t = l2 > 0 ? fmax(0, fmin(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0;
	return hypot(px - (ax + t * dx), py - (ay + t * dy));
}

static void ribs_for(double square)
{
	char set[64];
	snprintf(set, sizeof set, "arena.square_mm=%g", square);
	const char *sets[] = { set };
	struct tp_config *c = tu_config(tu_path("config/arena.ini"), sets, 1);
	void *model = NULL;
	tp_err e = { 0 };
	assert_int_equal(c->game->derive(c, &model, &e), TP_OK);
	const struct tp_sheet_def *d = tp_game_sheet(c->game, "pieces-back");
	assert_non_null(d);
	struct tp_doc doc = { 0 };
	assert_int_equal(d->build(c, model, &doc), 0);
	const struct tp_scene *sc = doc.pages[0].sc;
	double w = tp_arena(c)->rib_width_mm;
	struct piece pc[64];
	int n = 0;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		if (s->kind == TP_SHAPE_PATH && s->paint == TP_FILL && s->ink >= TP_INK_PLAYER1 &&
		    s->ink < TP_INK_PLAYER1 + 6 && n < 64)
			piece_of(sc, s, &pc[n++]);
	}
	assert_int_equal(n, TP_ARENA_PIECES);
	int rings = 0;
	for (size_t i = 0; i < sc->n_shapes; i++) {
		const struct tp_shape *s = &sc->shapes[i];
		if (s->ink != TP_INK_RIBS)
			continue;
		assert_int_equal(s->paint, TP_STROKE);
		const struct tp_pt *q = &sc->pts[s->first];
		double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
		for (size_t k = 0; k < s->count; k++)
			if (q[k].op != TP_CLOSE) {
				x0 = fmin(x0, q[k].x); x1 = fmax(x1, q[k].x);
				y0 = fmin(y0, q[k].y); y1 = fmax(y1, q[k].y);
			}
		int ring = s->count > 2;
		double mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
		struct piece *p = NULL;
		for (int k = 0; k < n; k++)
			if (mx >= pc[k].b[0] && mx <= pc[k].b[2] && my >= pc[k].b[1] && my <= pc[k].b[3])
				p = &pc[k];
		if (p == NULL)
			fail_msg("%g mm: a rib at %g,%g lies on no piece", square, mx, my);
		if (ring) {
			double R = (x1 - x0) / 2;
			rings++;
			assert_true(p->marked);
			/* round the mark, its inner edge clear of the disc */
			assert_true(fabs(mx - p->cx) < 1e-6 && fabs(my - p->cy) < 1e-6);
			assert_true(R - w / 2 > p->r + 1e-6);
			p->rib_area += 2 * M_PI * R * w;
		} else {
			assert_int_equal(s->count, 2);
			if (p->marked && seg_dist(p->cx, p->cy, q[0].x, q[0].y, q[1].x, q[1].y) - w / 2 <= p->r)
				fail_msg("%g mm: a rib crosses the mark at %g,%g", square, p->cx, p->cy);
			p->rib_area += hypot(q[1].x - q[0].x, q[1].y - q[0].y) * w;
		}
	}
	/* Every marked piece has a ring, and ribs covering at least half of
	 * what the unmarked piece of the same shape carries. */
	int marked = 0;
	for (int k = 0; k < n; k++) {
		if (!pc[k].marked)
			continue;
		marked++;
		const struct piece *plain = NULL;
		for (int j = 0; j < n; j++)
			if (!pc[j].marked && pc[j].n_pts == pc[k].n_pts &&
			    fabs((pc[j].b[2] - pc[j].b[0]) - (pc[k].b[2] - pc[k].b[0])) < 1e-6 &&
			    fabs((pc[j].b[3] - pc[j].b[1]) - (pc[k].b[3] - pc[k].b[1])) < 1e-6)
				plain = &pc[j];
		assert_non_null(plain);
		assert_true(plain->rib_area > 0);
		if (pc[k].rib_area < 0.5 * plain->rib_area)
			fail_msg("%g mm: a marked piece carries %.1f mm2 of ribs, the plain one %.1f", square,
				 pc[k].rib_area, plain->rib_area);
	}
	assert_true(marked > 0);
	assert_int_equal(rings, marked);
	tp_doc_free(&doc);
	c->game->free_model(model);
	tp_config_free(c);
}

static void marked_faces_ribbed(void **state)
{
	(void)state;
	ribs_for(12);
	ribs_for(25);
	ribs_for(40);
}

/* The smallest square the config refuses names the size that fits, and
 * that size is accepted. */
static void small_square_says_what_fits(void **state)
{
	(void)state;
	const char *sets[] = { "arena.square_mm=10" };
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	assert_int_equal(tp_config_load(&c, tu_path("config/arena.ini"), sets, 1, &tp_games, &e), TP_EINPUT);
	const char *at = strstr(e.msg, "arena.square_mm at least ");
	assert_non_null(at);
	char fit[64];
	snprintf(fit, sizeof fit, "arena.square_mm=%g", atof(at + strlen("arena.square_mm at least ")));
	const char *ok[] = { fit };
	c = tu_config(tu_path("config/arena.ini"), ok, 1);
	assert_true(tp_arena_grid_mark_radius(tp_arena(c)) >= TP_ARENA_MARK_RADIUS_MIN);
	tp_config_free(c);
}

/* On every grid: a square too small for the mark is refused naming a
 * square_mm that fits and, when one would do, a rib margin (0 or more)
 * that fits at the given size; each alternative is accepted. On
 * triangles (a disc in 0.29 of the edge) 10 and 12 mm leave no room at
 * all: no margin would do, and none negative may be offered. */
static void every_grid_says_what_fits(void **state)
{
	(void)state;
	static const char *grids[] = { "arena.grid=square", "arena.grid=hex", "arena.grid=tri" };
	static const char *sizes[] = { "arena.square_mm=10", "arena.square_mm=12", "arena.square_mm=16" };
	int refused = 0;
	for (int g = 0; g < 3; g++)
		for (int k = 0; k < 3; k++) {
			const char *sets[] = { grids[g], g == 1 ? "arena.side=11" : "arena.side=19", sizes[k] };
			struct tp_config *c = NULL;
			tp_err e = { 0 };
			if (tp_config_load(&c, tu_path("config/arena.ini"), sets, 3, &tp_games, &e) == TP_OK) {
				tp_config_free(c);
				continue;
			}
			refused++;
			const char *at = strstr(e.msg, "arena.square_mm at least ");
			if (at == NULL)
				fail_msg("%s %s: %s", grids[g], sizes[k], e.msg);
			char fit[64];
			snprintf(fit, sizeof fit, "arena.square_mm=%g", atof(at + strlen("arena.square_mm at least ")));
			const char *ok[] = { grids[g], sets[1], fit };
			c = tu_config(tu_path("config/arena.ini"), ok, 3);
			assert_true(tp_arena_grid_mark_radius(tp_arena(c)) >= TP_ARENA_MARK_RADIUS_MIN);
			tp_config_free(c);
			const char *m = strstr(e.msg, "arena.rib_margin_mm at most ");
			if (m == NULL)
				continue;
			double margin = atof(m + strlen("arena.rib_margin_mm at most "));
			if (margin < 0)
				fail_msg("%s %s offers a negative margin: %s", grids[g], sizes[k], e.msg);
			char rm[64];
			snprintf(rm, sizeof rm, "arena.rib_margin_mm=%g", margin);
			const char *ok2[] = { grids[g], sets[1], sizes[k], rm };
			c = tu_config(tu_path("config/arena.ini"), ok2, 4);
			assert_true(tp_arena_grid_mark_radius(tp_arena(c)) >= TP_ARENA_MARK_RADIUS_MIN);
			tp_config_free(c);
		}
	assert_true(refused >= 3);
}

/* The safe-zone findings of pieces-back (its page alone, unimposed) under
 * a zone of `zone` mm, measured as the preflight measures a back: from
 * the pieces' die lines mirrored about the sheet's vertical axis (every
 * back lies behind its face); the least measure in *least.  Fails on a
 * finding of another rule. */
static size_t back_findings(const struct tp_config *c, void *model, double zone, double *least)
{
	struct tp_doc face = { 0 }, back = { 0 };
	assert_int_equal(tp_game_sheet(c->game, "pieces")->build(c, model, &face), 0);
	assert_int_equal(tp_game_sheet(c->game, "pieces-back")->build(c, model, &back), 0);
	const struct tp_scene *f = face.pages[0].sc, *b = back.pages[0].sc;
	assert_true(fabs(f->trim_w - b->trim_w) < 1e-9);
	struct tp_pf_rules r = { .safe = zone };
	struct tp_preflight pf = { 0 };
	struct tp_pf_page *P = tp_pf_begin(&pf, &r, "pieces-back", 1, b);
	assert_non_null(P);
	tp_err e = { 0 };
	assert_int_equal(tp_scene_walk(b, &tp_pf_view, &tp_pf_sink, P, &e), TP_OK);
	assert_int_equal(tp_pf_add_cuts(P, f, -1, f->trim_w, 0), 0);
	assert_int_equal(tp_pf_end(P), 0);
	*least = INFINITY;
	for (size_t i = 0; i < pf.n; i++) {
		if (strcmp(pf.f[i].rule, "safe-zone") != 0) {
			char line[400];
			tp_preflight_line(&pf.f[i], line, sizeof line);
			fail_msg("not a safe-zone finding: %s", line);
		}
		*least = fmin(*least, pf.f[i].value);
	}
	size_t n = pf.n;
	tp_preflight_free(&pf);
	tp_doc_free(&face);
	tp_doc_free(&back);
	return n;
}

/* The ring ribs (round a mark) on pieces-back. */
static size_t rings_of(const struct tp_config *c, void *model)
{
	struct tp_doc back = { 0 };
	assert_int_equal(tp_game_sheet(c->game, "pieces-back")->build(c, model, &back), 0);
	const struct tp_scene *sc = back.pages[0].sc;
	size_t n = 0;
	for (size_t i = 0; i < sc->n_shapes; i++)
		n += sc->shapes[i].ink == TP_INK_RIBS && sc->shapes[i].count > 2;
	tp_doc_free(&back);
	return n;
}

/* Under a factory's safe zone the ribs of the blocking faces keep it
 * inside their piece's cut, as the faces' art does: with rib_margin_mm 2
 * they stood 2 mm inside it, under generic-x1a's 3 mm and x4's 4 mm zones
 * (438 to 522 findings a build once backs were measured from their
 * pieces' cuts).  On every grid: no finding under the config's own zone
 * (but the rings of a disc too small to keep it: triangles under x4);
 * under a zone a millimetre wider than where the ribs stop (rib_inset_mm,
 * mark_inset_mm: rib_margin_mm, or the zone when larger), the ribs
 * nearest the cut are found, none nearer than that. */
static void ribs_keep_safe_zone(void **state)
{
	(void)state;
	static const char *grids[] = { "arena.grid=square", "arena.grid=hex", "arena.grid=tri" };
	static const char *profiles[] = { "print.safe_mm=0", "print.profile=generic-x1a", "print.profile=x4" };
	for (int g = 0; g < 3; g++)
		for (int k = 0; k < 3; k++) {
			const char *sets[] = { grids[g], g == 1 ? "arena.side=11" : "arena.side=19", profiles[k] };
			struct tp_config *c = tu_config(tu_path("config/arena.ini"), sets, 3);
			const struct tp_arena_cfg *a = tp_arena(c);
			double zone = c->print.safe_mm, stop = fmin(a->rib_inset_mm, a->mark_inset_mm), least;
			void *model = NULL;
			tp_err e = { 0 };
			assert_int_equal(c->game->derive(c, &model, &e), TP_OK);
			/* A ring keeps the zone when its disc can (mark_inset_mm):
			 * else each ring is found, no straight rib. */
			size_t n = zone > 0 ? back_findings(c, model, zone, &least) : 0;
			size_t allowed = a->mark_inset_mm < zone ? rings_of(c, model) : 0;
			if (n > allowed)
				fail_msg("%s %s: %zu ribs nearer the cut than %g mm (%zu rings may be), down to %.2f mm",
					 grids[g], profiles[k], n, zone, allowed, least);
			if (back_findings(c, model, stop + 1, &least) == 0)
				fail_msg("%s %s: no rib within %.2f mm of the cut", grids[g], profiles[k], stop + 1);
			if (least < stop - 1e-6)
				fail_msg("%s %s: a rib %.2f mm from the cut, inside %.2f", grids[g], profiles[k], least, stop);
			c->game->free_model(model);
			tp_config_free(c);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(marked_faces_ribbed),
		cmocka_unit_test(small_square_says_what_fits),
		cmocka_unit_test(every_grid_says_what_fits),
		cmocka_unit_test(ribs_keep_safe_zone),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	tu_release_font_caches();
	return rc;
}
