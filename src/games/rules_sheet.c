/* The rules booklet laid out: A5 reader's pages from the filled text
 * (rules.h), and the same pages imposed in printer's spreads on A4 for a
 * saddle-stitched booklet. */

#include "games/rules.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/game.h"
#include "print/layout/proof.h"
#include "print/layout/sheet.h"
#include "print/text/text_layout.h"

/* The type area of an A5 page, mm from its top-left corner. */
#define LEFT 16.0
#define RIGHT (TP_RULES_PAGE_W - 16.0)
#define TOP 16.0
#define BOTTOM (TP_RULES_PAGE_H - 20.0)
#define FOLIO_Y (TP_RULES_PAGE_H - 13.0)
#define BULLET 4.0                 /* a list item's text starts this far in */
#define FIG_MAX_H 92.0
#define FIG_MIN_H 50.0             /* a figure shrinks to fit a page's rest down to this */
/* The least text size the booklet prints: 6 pt, the smallest the
 * factories' guides accept (MeinSpiel); a figure's smaller text (a
 * sheet's caption, scaled down) is left out of it. */
#define MIN_TEXT_MM (6 * 25.4 / 72)
#define MAX_PAGES 64

static const struct tp_text_style st_title = { 9, 1.2, 1, TP_ALIGN_CENTER, 0 };
static const struct tp_text_style st_sub = { 4.5, 1.35, 0, TP_ALIGN_CENTER, 0 };
static const struct tp_text_style st_head = { 4.6, 1.25, 1, TP_ALIGN_LEFT, 0 };
static const struct tp_text_style st_body = { 3.5, 1.35, 0, TP_ALIGN_LEFT, 0 };
static const struct tp_text_style st_cap = { 2.9, 1.3, 0, TP_ALIGN_CENTER, 0 };

/* Space after a block of each kind, mm. */
static double after(int kind)
{
	return kind == TP_RB_HEADING ? 1.5 : kind == TP_RB_ITEM ? 0.9 : 2.6;
}

static const struct tp_text_style *style(int kind)
{
	return kind == TP_RB_TITLE ? &st_title : kind == TP_RB_SUBTITLE ? &st_sub
	     : kind == TP_RB_HEADING ? &st_head : kind == TP_RB_FIGURE ? &st_cap : &st_body;
}

struct lay {
	const struct tp_config *c;
	struct tp_palette pal;
	struct tp_scene *fig;      /* the figure's sheet page, or NULL */
	struct tp_doc fig_doc;
	struct tp_scene **page;
	size_t n, cap;
	double y;
	double fig_h;              /* the figure's height on this page */
	tp_err *e;
};

static int new_page(struct lay *L)
{
	if (L->n == MAX_PAGES)
		return tp_fail(L->e, TP_EINPUT, "%s: the rules take more than %d pages: shorten the text",
			       L->c->rules_src->path, MAX_PAGES);
	if (tp_grow((void **)&L->page, &L->cap, L->n + 1, sizeof *L->page, 8) != 0)
		return tp_fail(L->e, TP_EIO, "out of memory laying out the rules");
	char name[32];
	snprintf(name, sizeof name, "page-%zu", L->n + 1);
	struct tp_scene *sc = tp_scene_new(name, TP_RULES_PAGE_W, TP_RULES_PAGE_H, L->c->print.bleed_mm,
					   &L->pal);
	if (sc == NULL)
		return tp_fail(L->e, TP_EIO, "out of memory laying out the rules");
	L->page[L->n++] = sc;
	L->y = TOP;
	return TP_OK;
}

/* The height block b takes (its space after included). */
static int measure(struct lay *L, const struct tp_rules_block *b, double *h)
{
	double w = RIGHT - LEFT - (b->kind == TP_RB_ITEM ? BULLET : 0), th;
	int rc = tp_text_measure(style(b->kind), w, b->text, &th, NULL, L->e);
	if (rc != TP_OK)
		return rc;
	if (b->kind == TP_RB_FIGURE && L->fig) {
		double s = fmin((RIGHT - LEFT) / L->fig->trim_w, L->fig_h / L->fig->trim_h);
		th += L->fig->trim_h * s + 2.5;
	}
	*h = th + after(b->kind);
	return TP_OK;
}

static int draw(struct lay *L, const struct tp_rules_block *b)
{
	struct tp_scene *sc = L->page[L->n - 1];
	double x = LEFT, w = RIGHT - LEFT, h;
	if (b->kind == TP_RB_FIGURE && L->fig) {
		double s = fmin(w / L->fig->trim_w, L->fig_h / L->fig->trim_h);
		double fx = LEFT + (w - L->fig->trim_w * s) / 2;
		/* What a proof of the sheet shows: no marks nor die lines. */
		double bl = L->fig->bleed * s;
		if (tp_scene_place(sc, L->fig, "figure", fx - bl, L->y - bl, s, 0.05, MIN_TEXT_MM) != 0)
			return tp_fail(L->e, TP_EIO, "out of memory drawing the rules' figure");
		if (tp_scene_rect(sc, TP_INK_LINE, TP_STROKE, 0.25, fx, L->y, L->fig->trim_w * s,
				  L->fig->trim_h * s) != 0)
			return tp_fail(L->e, TP_EIO, "out of memory drawing the rules' figure");
		L->y += L->fig->trim_h * s + 2.5;
	}
	if (b->kind == TP_RB_ITEM) {
		if (tp_text_draw(sc, TP_INK_TEXT, &st_body, x, L->y, BULLET, "\u2022", NULL, L->e) != TP_OK)
			return L->e->code;
		x += BULLET;
		w -= BULLET;
	}
	int rc = tp_text_draw(sc, TP_INK_TEXT, style(b->kind), x, L->y, w, b->text, &h, L->e);
	L->y += h + after(b->kind);
	return rc;
}

static int folio(struct lay *L, size_t k)
{
	char num[16];
	snprintf(num, sizeof num, "%zu", k + 1);
	return tp_text_draw(L->page[k], TP_INK_TEXT, &st_cap, LEFT, FOLIO_Y, RIGHT - LEFT, num, NULL,
			    L->e);
}

static void lay_free(struct lay *L)
{
	for (size_t i = 0; i < L->n; i++)
		tp_scene_free(L->page[i]);
	free(L->page);
	tp_doc_free(&L->fig_doc);
	L->page = NULL;
	L->n = L->cap = 0;
}

/* The figure: the first page of the game's rules_figure sheet. */
static int figure(struct lay *L, const void *model)
{
	const struct tp_game *g = L->c->game;
	const struct tp_sheet_def *d = g->rules_figure ? tp_game_sheet(g, g->rules_figure) : NULL;
	char why[200];
	if (d == NULL || tp_sheet_absent(L->c, d, why, sizeof why))
		return TP_OK;
	if (d->build(L->c, model, &L->fig_doc) != 0)
		return tp_fail(L->e, TP_EIO, "out of memory laying out %s for the rules", d->name);
	if (L->fig_doc.n > 0)
		L->fig = L->fig_doc.pages[0].sc;
	return TP_OK;
}

/* The booklet's pages, a multiple of 4, into L->page. */
static int lay_out(struct lay *L, const void *model)
{
	struct tp_rules_text t;
	int rc = tp_rules_text(L->c, model, &t, L->e);
	if (rc != TP_OK)
		return rc;
	L->pal = L->c->print.inks;
	L->fig_h = FIG_MAX_H;
	tp_palette_add_crease(&L->pal);
	tp_palette_overprint_dark(&L->pal);
	rc = figure(L, model);
	/* The cover: title and subtitle down the middle of page 1. */
	if (rc == TP_OK)
		rc = new_page(L);
	L->y = 62;
	for (size_t i = 0; rc == TP_OK && i < t.n; i++)
		if (t.b[i].kind == TP_RB_TITLE || t.b[i].kind == TP_RB_SUBTITLE)
			rc = draw(L, &t.b[i]);
	if (rc == TP_OK)
		rc = new_page(L);
	for (size_t i = 0; rc == TP_OK && i < t.n; i++) {
		const struct tp_rules_block *b = &t.b[i];
		if (b->kind == TP_RB_TITLE || b->kind == TP_RB_SUBTITLE)
			continue;
		double h, next = 0;
		rc = measure(L, b, &h);
		/* A heading keeps its first block with it. */
		if (rc == TP_OK && b->kind == TP_RB_HEADING && i + 1 < t.n)
			rc = measure(L, &t.b[i + 1], &next);
		/* A figure takes what is left of the page, down to FIG_MIN_H,
		 * or the next page. */
		if (rc == TP_OK && b->kind == TP_RB_FIGURE && L->fig) {
			double room = BOTTOM - L->y - (h - L->fig_h) - 2.5;
			L->fig_h = room >= FIG_MIN_H ? fmin(FIG_MAX_H, room) : FIG_MAX_H;
			rc = measure(L, b, &h);
		}
		if (rc != TP_OK)
			break;
		if (h - after(b->kind) > BOTTOM - TOP) {
			rc = tp_fail(L->e, TP_EINPUT, "%s:%d: this block is %.0f mm tall, more than a page's %.0f mm of text: split it",
				     L->c->rules_src->path, b->line, h, BOTTOM - TOP);
			break;
		}
		if (L->y + h + fmin(next, 25) - after(b->kind) > BOTTOM && L->y > TOP)
			rc = new_page(L);
		if (rc == TP_OK)
			rc = draw(L, b);
	}
	for (size_t k = 1; rc == TP_OK && k < L->n; k++)
		rc = folio(L, k);
	/* Pages that pad the booklet to a multiple of 4 carry the title
	 * (a page with nothing on it makes an empty content stream). */
	const char *title = NULL;
	for (size_t i = 0; i < t.n && !title; i++)
		if (t.b[i].kind == TP_RB_TITLE)
			title = t.b[i].text;
	while (rc == TP_OK && L->n % 4) {
		rc = new_page(L);
		if (rc == TP_OK && title)
			rc = tp_text_draw(L->page[L->n - 1], TP_INK_TEXT, &st_cap, LEFT, FOLIO_Y,
					  RIGHT - LEFT, title, NULL, L->e);
	}
	tp_rules_text_free(&t);
	return rc;
}

int tp_rules_absent(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	(void)sheet;
	if (!c->print.rules) {
		snprintf(why, n, "print.rules = off: no rules booklet");
		return 1;
	}
	/* A board metres wide (a series board of boards, level 2 and up) is
	 * no boxed game with a booklet (box.h). */
	double side = fmax(c->board.rows, c->board.cols) * c->print.tile_mm;
	if (side > TP_BOX_MAX_BOARD_MM) {
		snprintf(why, n, "the board is %.0f mm across: no rules booklet for a board over %.0f mm",
			 side, TP_BOX_MAX_BOARD_MM);
		return 1;
	}
	return 0;
}

int tp_rules_prepare(struct tp_config *c, tp_err *e)
{
	void *model = NULL;
	int rc = c->game->derive(c, &model, e);
	struct lay L = { .c = c, .e = e };
	if (rc == TP_OK)
		rc = lay_out(&L, model);
	lay_free(&L);
	if (model)
		c->game->free_model(model);
	return rc;
}

int tp_rules_build_pages(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	tp_err e;
	struct lay L = { .c = c, .e = &e };
	int rc = lay_out(&L, model);
	for (size_t i = 0; rc == TP_OK && i < L.n; i++) {
		char note[64];
		snprintf(note, sizeof note, "page %zu of %zu", i + 1, L.n);
		rc = tp_doc_add(doc, L.page[i], note) == 0 ? TP_OK : TP_EIO;
		L.page[i] = NULL;
	}
	lay_free(&L);
	return rc == TP_OK ? 0 : -1;
}

/* Sheet k (0-based) of a booklet of n pages (a multiple of 4), side 0
 * (outside) or 1 (inside): its left and right pages, 1-based. */
static void spread_pages(size_t n, size_t k, int side, size_t *left, size_t *right)
{
	if (side == 0) {
		*left = n - 2 * k;
		*right = 1 + 2 * k;
	} else {
		*left = 2 + 2 * k;
		*right = n - 1 - 2 * k;
	}
}

int tp_rules_build_spreads(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	tp_err e;
	struct lay L = { .c = c, .e = &e };
	int rc = lay_out(&L, model);
	double W = 2 * TP_RULES_PAGE_W, H = TP_RULES_PAGE_H, bl = c->print.bleed_mm;
	for (size_t k = 0; rc == TP_OK && k < L.n / 4; k++)
		for (int side = 0; rc == TP_OK && side < 2; side++) {
			size_t lp, rp;
			spread_pages(L.n, k, side, &lp, &rp);
			char name[40], note[96];
			snprintf(name, sizeof name, "sheet-%zu-%s", k + 1, side ? "inside" : "outside");
			snprintf(note, sizeof note, "sheet %zu of %zu, %s: pages %zu and %zu, fold on the spine",
				 k + 1, L.n / 4, side ? "inside" : "outside", lp, rp);
			struct tp_scene *sc = tp_scene_new(name, W, H, bl, &L.pal);
			if (sc == NULL) {
				rc = TP_EIO;
				break;
			}
			/* The spine: a fold line in the crease ink through
			 * the bleed, for the folder; it prints nothing. */
			const struct tp_pt spine[2] = { { TP_MOVE, TP_RULES_PAGE_W, -bl },
							{ TP_LINE, TP_RULES_PAGE_W, H + bl } };
			if (tp_scene_place(sc, L.page[lp - 1], "left", -bl, -bl, 1, 0, 0) != 0 ||
			    tp_scene_place(sc, L.page[rp - 1], "right", TP_RULES_PAGE_W - bl, -bl, 1, 0, 0) != 0 ||
			    tp_scene_path(sc, TP_INK_CREASE, TP_STROKE, 0.25, spine, 2) != 0) {
				tp_scene_free(sc);
				rc = TP_EIO;
			} else if (tp_doc_add(doc, sc, note) != 0) {
				rc = TP_EIO;
			}
		}
	lay_free(&L);
	return rc == TP_OK ? 0 : -1;
}

int tp_rules_page_count(const struct tp_config *c, const void *model, int *n, tp_err *e)
{
	struct lay L = { .c = c, .e = e };
	int rc = lay_out(&L, model);
	*n = (int)L.n;
	lay_free(&L);
	return rc;
}
