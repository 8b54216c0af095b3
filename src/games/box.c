/* The set-up box: what goes in it, its size, and the wraps of its base
 * and lid (box.h). */

#include "games/box.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "games/board_wrap.h"
#include "games/game.h"
#include "games/rules.h"
#include "print/layout/proof.h"
#include "print/layout/sheet.h"
#include "print/text/text_layout.h"

void tp_box_add(struct tp_box_list *l, const char *what, double w, double h, int n,
		double thick, int loose)
{
	if (l->n == TP_BOX_ITEMS || n <= 0)
		return;
	struct tp_box_item *it = &l->it[l->n++];
	snprintf(it->what, sizeof it->what, "%s", what);
	it->w = w;
	it->h = h;
	it->n = n;
	it->thick = thick;
	it->loose = loose;
}

/* Adds the pages of sheet d (not absent in c) as flat items. */
static int sheet_items(const struct tp_config *c, const void *model, const struct tp_sheet_def *d,
		       struct tp_box_list *l, tp_err *e)
{
	struct tp_doc doc = { 0 };
	if (d->build(c, model, &doc) != 0) {
		tp_doc_free(&doc);
		return tp_fail(e, TP_EIO, "out of memory laying out %s for the box", d->name);
	}
	for (size_t k = 0; k < doc.n; k++)
		tp_box_add(l, d->name, doc.pages[k].sc->trim_w, doc.pages[k].sc->trim_h, 1,
			   c->print.part_mm, 0);
	tp_doc_free(&doc);
	return TP_OK;
}

/* The board as the build makes it (tp_board_sheets): the parts lie one
 * on the other in the box; each page as built.  A wrapped board is its
 * greyboard: the finished box (on hexagons and triangles the cells', not
 * the trim round them), greyboard thick; a folding one shut, its panels
 * stacked (board_wrap.h: the wrap's own layout says where it folds). */
static int board_parts(const struct tp_config *c, const void *model, struct tp_box_list *l,
		       tp_err *e)
{
	struct tp_board_fp fp[8];
	size_t nfp = 0;
	int rc0 = tp_board_footprints(c, model, fp, 8, &nfp, e);
	if (rc0 != TP_OK)
		return rc0;
	static const char *const shut[] = { "", "board, wrapped", "board, bifold, shut", "",
					    "board, quad-fold, shut" };
	for (size_t i = 0; i < nfp; i++)
		tp_box_add(l, shut[fp[i].panels <= 4 ? fp[i].panels : 1], fp[i].w, fp[i].h, 1, fp[i].thick,
			   0);
	if (nfp > 0)
		return TP_OK;
	const struct tp_sheet_def *d[8];
	size_t n = tp_board_sheets(c, d, 8);
	int rc = TP_OK;
	for (size_t i = 0; rc == TP_OK && i < n; i++)
		rc = sheet_items(c, model, d[i], l, e);
	return rc;
}

int tp_box_plan(const struct tp_config *c, const void *model, struct tp_box_list *l,
		struct tp_box_size *z, tp_err *e)
{
	memset(l, 0, sizeof *l);
	memset(z, 0, sizeof *z);
	int rc = board_parts(c, model, l, e);
	if (rc != TP_OK)
		return rc;
	if (c->game->box_contents && c->game->box_contents(l, c, model) != 0)
		return tp_fail(e, TP_EIO, "out of memory listing the box's contents");
	if (c->print.rules) {
		rc = tp_rules_page_count(c, model, &z->booklet_pages, e);
		if (rc != TP_OK)
			return rc;
		char what[80];
		snprintf(what, sizeof what, "rules booklet, %d pages", z->booklet_pages);
		tp_box_add(l, what, TP_RULES_PAGE_W, TP_RULES_PAGE_H, 1,
			   z->booklet_pages / 2 * TP_BOX_PAPER_MM, 0);
	}
	/* The footprint: the largest flat part, turned to lie along. */
	for (int i = 0; i < l->n; i++)
		if (!l->it[i].loose) {
			z->flat_w = fmax(z->flat_w, fmin(l->it[i].w, l->it[i].h));
			z->flat_l = fmax(z->flat_l, fmax(l->it[i].w, l->it[i].h));
		}
	for (int i = 0; i < l->n; i++)   /* no loose part wider than the box */
		if (l->it[i].loose) {
			z->flat_w = fmax(z->flat_w, fmin(l->it[i].w, l->it[i].h));
			z->flat_l = fmax(z->flat_l, fmax(l->it[i].w, l->it[i].h));
		}
	double cl = c->print.box_clearance_mm;
	z->in_w = z->flat_w + 2 * cl;
	z->in_l = z->flat_l + 2 * cl;
	double area = 0, thick = 0;
	for (int i = 0; i < l->n; i++) {
		const struct tp_box_item *it = &l->it[i];
		if (it->loose) {
			area += it->n * it->w * it->h * TP_BOX_LOOSE_SLACK;
			thick = fmax(thick, it->thick);
		} else {
			z->stack += it->n * it->thick;
		}
	}
	if (area > 0) {
		z->layers = (int)ceil(area / (z->flat_w * z->flat_l) - 1e-9);
		z->stack += z->layers * thick + TP_BOX_BAG_MM;
	}
	z->depth = z->stack + cl;
	z->board = c->print.box_board_mm;
	return TP_OK;
}

void tp_box_report(struct tp_buf *b, const struct tp_config *c, const void *model)
{
	struct tp_box_list l;
	struct tp_box_size z;
	tp_err e;
	if (tp_box_plan(c, model, &l, &z, &e) != TP_OK) {
		tp_buf_printf(b, "(the box: %s)\n", e.msg);
		return;
	}
	double g = z.board, A = z.in_w + 2 * g, B = z.in_l + 2 * g, H = z.depth + g;
	tp_buf_printf(b, "BOX  two-piece set-up box: greyboard %g mm, wrap turn-in %g mm, clearance %g mm\n\n",
		      g, c->print.box_wrap_mm, c->print.box_clearance_mm);
	tp_buf_printf(b, "%-34s %5s %9s %9s %9s %9s\n", "item", "count", "w mm", "h mm", "thick mm",
		      "height mm");
	for (int i = 0; i < l.n; i++) {
		const struct tp_box_item *it = &l.it[i];
		if (it->loose)
			tp_buf_printf(b, "%-34s %5d %9.1f %9.1f %9.2f %9s\n", it->what, it->n, it->w, it->h,
				      it->thick, "in bag");
		else
			tp_buf_printf(b, "%-34s %5d %9.1f %9.1f %9.2f %9.2f\n", it->what, it->n, it->w, it->h,
				      it->thick, it->n * it->thick);
	}
	tp_buf_printf(b, "\nloose parts: %d layer%s in a bag (+%g mm of bag)\n", z.layers,
		      z.layers == 1 ? "" : "s", z.layers ? TP_BOX_BAG_MM : 0.0);
	tp_buf_printf(b, "stack height: %.2f mm\n", z.stack);
	tp_buf_printf(b, "base inside: %.1f x %.1f mm, %.1f deep (largest flat part %.1f x %.1f mm + %g mm each side; stack + %g mm)\n",
		      z.in_w, z.in_l, z.depth, z.flat_w, z.flat_l, c->print.box_clearance_mm,
		      c->print.box_clearance_mm);
	tp_buf_printf(b, "base outside: %.1f x %.1f x %.1f mm\n", A, B, H);
	if (tp_box_turn_in(c, H) < c->print.box_wrap_mm)
		tp_buf_printf(b, "turn-in: %.1f mm, the tray's inner wall (print.box_wrap_mm = %g is deeper than the box)\n",
			      tp_box_turn_in(c, H), c->print.box_wrap_mm);
	tp_buf_printf(b, "lid outside: %.1f x %.1f x %.1f mm (inside %.1f mm wider than the base each side)\n",
		      A + 2 * TP_BOX_LID_PLAY + 2 * g, B + 2 * TP_BOX_LID_PLAY + 2 * g, H + g,
		      TP_BOX_LID_PLAY);
}

double tp_box_turn_in(const struct tp_config *c, double H)
{
	return fmin(c->print.box_wrap_mm, H - c->print.box_board_mm);
}

/* ---- the wraps -------------------------------------------------------------- */

struct net {
	double A, B, H, T, f;   /* tray outside, height, turn-in, corner flap */
	double ox, oy;          /* the floor's corner on the page */
};

static int line(struct tp_scene *sc, const struct net *n, double x0, double y0, double x1,
		double y1)
{
	return tp_crease_line(sc, n->ox + x0, n->oy + y0, n->ox + x1, n->oy + y1);
}

static int die_and_folds(struct tp_scene *sc, const struct net *n)
{
	double A = n->A, B = n->B, H = n->H, T = n->T, f = n->f;
	const double xy[][2] = {
		{ T, -H - T }, { A - T, -H - T }, { A, -H }, { A, -f }, { A + H, -f }, { A + H, 0 },
		{ A + H + T, T }, { A + H + T, B - T }, { A + H, B }, { A + H, B + f }, { A, B + f },
		{ A, B + H }, { A - T, B + H + T }, { T, B + H + T }, { 0, B + H }, { 0, B + f },
		{ -H, B + f }, { -H, B }, { -H - T, B - T }, { -H - T, T }, { -H, 0 }, { -H, -f },
		{ 0, -f }, { 0, -H },
	};
	size_t k = sizeof xy / sizeof xy[0];
	double p[2 * 24];
	for (size_t i = 0; i < k; i++) {
		p[2 * i] = n->ox + xy[i][0];
		p[2 * i + 1] = n->oy + xy[i][1];
	}
	if (tp_scene_poly(sc, TP_INK_CUT, TP_STROKE, 0.25, p, k) != 0)
		return -1;
	/* The floor's edges (with the flaps' folds on the same lines), then
	 * the turn-ins' folds at the rim. */
	return line(sc, n, -H, 0, A + H, 0) || line(sc, n, -H, B, A + H, B) ||
	       line(sc, n, 0, 0, 0, B) || line(sc, n, A, 0, A, B) || line(sc, n, 0, -H, A, -H) ||
	       line(sc, n, 0, B + H, A, B + H) || line(sc, n, -H, 0, -H, B) ||
	       line(sc, n, A + H, 0, A + H, B)
		       ? -1 : 0;
}

/* The largest size (<= max) at which text fits one line in width w. */
static double fit(const struct tp_text_style *st0, double w, double max, const char *text)
{
	struct tp_text_style st = *st0;
	tp_err e;
	for (st.size_mm = max; st.size_mm > 2.2; st.size_mm *= 0.9) {
		int lines;
		double h;
		if (tp_text_measure(&st, w, text, &h, &lines, &e) == TP_OK && lines == 1)
			return st.size_mm;
	}
	return 2.2;
}

/* Turns shapes [from, sc->n_shapes) by quarter turns q about (cx, cy). */
static void turn(struct tp_scene *sc, size_t from, int q, double cx, double cy)
{
	for (size_t i = from; i < sc->n_shapes; i++) {
		struct tp_shape *s = &sc->shapes[i];
		for (size_t k = 0; (s->kind == TP_SHAPE_PATH || s->kind == TP_SHAPE_IMAGE) && k < s->count; k++) {
			struct tp_pt *p = &sc->pts[s->first + k];
			double x = p->x - cx, y = p->y - cy;
			for (int t = 0; t < (q & 3); t++) {
				double nx = -y, ny = x;
				x = nx;
				y = ny;
			}
			p->x = cx + x;
			p->y = cy + y;
		}
	}
}

/* The title across a side panel of length len and height H, centred on
 * (cx, cy), turned q quarter turns. */
static int side_title(struct tp_scene *sc, const char *title, double len, double H, double cx,
		      double cy, int q, tp_err *e)
{
	struct tp_text_style st = { .size_mm = 0, .leading = 1.2, .bold = 1, .align = TP_ALIGN_CENTER };
	st.size_mm = fit(&st, len * 0.8, fmin(H * 0.3, 14), title);
	size_t from = sc->n_shapes;
	double h = st.size_mm * st.leading;
	int rc = tp_text_draw(sc, TP_INK_TEXT, &st, cx - len * 0.4, cy - h / 2, len * 0.8, title, NULL, e);
	if (rc == TP_OK)
		turn(sc, from, q, cx, cy);
	return rc;
}

struct art {
	const char *title, *subtitle;
	struct tp_scene *figure;
	const struct tp_box_list *l;
};

/* The lid's top: title, subtitle, the figure, the component list. */
static int lid_top(struct tp_scene *sc, const struct net *n, const struct art *a, tp_err *e)
{
	double m = fmax(8, n->A * 0.06), x = n->ox + m, w = n->A - 2 * m, y = n->oy + m;
	double bottom = n->oy + n->B - m;
	struct tp_text_style st = { .leading = 1.2, .bold = 1, .align = TP_ALIGN_CENTER };
	double h;
	int rc = TP_OK;
	if (a->title) {
		st.size_mm = fit(&st, w, fmin(n->B * 0.08, 22), a->title);
		rc = tp_text_draw(sc, TP_INK_TEXT, &st, x, y, w, a->title, &h, e);
		y += h + 2;
	}
	if (rc == TP_OK && a->subtitle) {
		st.bold = 0;
		st.size_mm = fit(&st, w, fmin(n->B * 0.035, 8), a->subtitle);
		rc = tp_text_draw(sc, TP_INK_TEXT, &st, x, y, w, a->subtitle, &h, e);
		y += h + 3;
	}
	/* The component list at the foot, in two columns when long. */
	struct tp_text_style li = { .size_mm = fmax(2.5, fmin(n->B * 0.018, 4)), .leading = 1.3 };
	char list[1200] = "";
	for (int i = 0; i < a->l->n; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%d x %s", i ? "\n" : "",
			 a->l->it[i].n, a->l->it[i].what);
	double lh = 0;
	if (rc == TP_OK)
		rc = tp_text_measure(&li, w, list, &lh, NULL, e);
	if (rc == TP_OK)
		rc = tp_text_draw(sc, TP_INK_TEXT, &li, x, bottom - lh, w, list, NULL, e);
	double room = bottom - lh - 3 - y;
	if (rc == TP_OK && a->figure && room > 20) {
		const struct tp_scene *f = a->figure;
		double s = fmin(w / f->trim_w, room / f->trim_h);
		double fx = x + (w - f->trim_w * s) / 2, bl = f->bleed * s;
		/* The sheet's text under 6 pt (its caption, scaled) is left out. */
		if (tp_scene_place(sc, f, "figure", fx - bl, y - bl, s, 0.05, 6 * 25.4 / 72) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory drawing the lid");
	}
	return rc;
}

static int wrap(struct tp_doc *doc, const struct tp_config *c, const struct tp_palette *pal,
		const char *name, double A, double B, double H, const struct art *a, int lid,
		tp_err *e)
{
	/* The turn-in runs down the tray's inner wall: never deeper than it. */
	struct net n = { A, B, H, tp_box_turn_in(c, H), fmin(15, 0.8 * H), 0, 0 };
	n.ox = n.oy = H + n.T;
	struct tp_scene *sc = tp_scene_new(name, A + 2 * (H + n.T), B + 2 * (H + n.T),
					   c->print.bleed_mm, pal);
	if (sc == NULL)
		return tp_fail(e, TP_EIO, "out of memory laying out the box");
	int rc = TP_OK;
	if (lid)
		rc = lid_top(sc, &n, a, e);
	/* The base's four sides carry the title, upright when the box
	 * stands (the rim is up: away from the floor). */
	for (int s = 0; rc == TP_OK && !lid && a->title && s < 4; s++) {
		double cx = n.ox + (s == 0 ? A / 2 : s == 1 ? A + H / 2 : s == 2 ? A / 2 : -H / 2);
		double cy = n.oy + (s == 0 ? -H / 2 : s == 1 ? B / 2 : s == 2 ? B + H / 2 : B / 2);
		double len = s % 2 ? B : A;
		rc = side_title(sc, a->title, len, H, cx, cy, s == 0 ? 0 : s == 1 ? 1 : s == 2 ? 2 : 3, e);
	}
	if (rc == TP_OK && die_and_folds(sc, &n) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory laying out the box");
	if (rc != TP_OK) {
		tp_scene_free(sc);
		return rc;
	}
	char note[160];
	snprintf(note, sizeof note, "%s wrap: tray %.1f x %.1f x %.1f mm outside, turn-in %g mm",
		 lid ? "lid" : "base", A, B, H, n.T);
	return tp_doc_add(doc, sc, note) == 0 ? TP_OK : tp_fail(e, TP_EIO, "out of memory");
}

static int lay_out(const struct tp_config *c, const void *model, struct tp_doc *doc, tp_err *e)
{
	struct tp_box_list l;
	struct tp_box_size z;
	int rc = tp_box_plan(c, model, &l, &z, e);
	if (rc != TP_OK)
		return rc;
	struct tp_palette pal = c->print.inks;
	tp_palette_add_crease(&pal);
	tp_palette_overprint_dark(&pal);
	struct art a = { .l = &l };
	struct tp_rules_text t = { 0 };
	if (c->rules_src && tp_rules_text(c, model, &t, e) == TP_OK)
		for (size_t i = 0; i < t.n; i++) {
			if (t.b[i].kind == TP_RB_TITLE && !a.title)
				a.title = t.b[i].text;
			if (t.b[i].kind == TP_RB_SUBTITLE && !a.subtitle)
				a.subtitle = t.b[i].text;
		}
	if (a.title == NULL)
		a.title = c->print.job;
	const struct tp_game *g = c->game;
	const struct tp_sheet_def *d = g->rules_figure ? tp_game_sheet(g, g->rules_figure) : NULL;
	struct tp_doc fd = { 0 };
	char why[200];
	if (d && !tp_sheet_absent(c, d, why, sizeof why) && d->build(c, model, &fd) == 0 && fd.n)
		a.figure = fd.pages[0].sc;
	double gb = z.board, A = z.in_w + 2 * gb, B = z.in_l + 2 * gb, H = z.depth + gb;
	rc = wrap(doc, c, &pal, "base", A, B, H, &a, 0, e);
	double P = TP_BOX_LID_PLAY;
	if (rc == TP_OK)
		rc = wrap(doc, c, &pal, "lid", A + 2 * P + 2 * gb, B + 2 * P + 2 * gb, H + gb, &a, 1, e);
	tp_doc_free(&fd);
	tp_rules_text_free(&t);
	return rc;
}

int tp_box_absent(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	(void)sheet;
	if (!c->print.box) {
		snprintf(why, n, "print.box = off: no box");
		return 1;
	}
	/* A board metres wide (a series board of boards, level 2 and up) is
	 * no boxed game: its wrap would pass a PDF page's 5080 mm. */
	double side = fmax(c->board.rows, c->board.cols) * c->print.tile_mm;
	if (side > TP_BOX_MAX_BOARD_MM) {
		snprintf(why, n, "the board is %.0f mm across: no box is made for a board over %.0f mm",
			 side, TP_BOX_MAX_BOARD_MM);
		return 1;
	}
	return 0;
}

int tp_box_prepare(struct tp_config *c, tp_err *e)
{
	void *model = NULL;
	int rc = c->game->derive(c, &model, e);
	struct tp_doc doc = { 0 };
	if (rc == TP_OK)
		rc = lay_out(c, model, &doc, e);
	tp_doc_free(&doc);
	if (model)
		c->game->free_model(model);
	return rc;
}

int tp_box_build(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	tp_err e;
	return lay_out(c, model, doc, &e) == TP_OK ? 0 : -1;
}
