/* The playtest kit: every sheet of the game on A4 or Letter paper as one
 * sRGB PDF (app/playtest.h).  Nothing is copied shape by shape: each tile,
 * piece or panel is a crop of its sheet (tp_sheet_crop), and the PDF
 * writer replays each crop's walk at its place on the paper, clipped to
 * its own box (tp_pdf_add_placed). */

#include "app/playtest.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/build.h"
#include "core/alloc.h"
#include "games/config.h"
#include "games/game.h"
#include "print/backend/backend.h"
#include "print/layout/impose_parts.h"
#include "print/output/outfile.h"
#include "print/scene/scene_index.h"
#include "print/scene/walk.h"

#define PLAYTEST_FILE "playtest.pdf"
#define SIDE 12.0      /* left and right margins: cut guides in them */
#define BAND 20.0      /* top and bottom bands: title, test bar, cut guides */
#define TEXT_MM 3.2    /* furniture text size */
#define PIECE_BLEED 1.5  /* most bleed kept round a piece: half the gutter */

static long paper_used;
static double *toner_pages;     /* 4 per page */
static size_t toner_n, toner_cap;

void tp_playtest_set_paper(long n)
{
	paper_used = n;
	toner_n = 0;
}

int tp_playtest_add_toner(const double cmyk[4])
{
	if (tp_grow((void **)&toner_pages, &toner_cap, toner_n + 1, 4 * sizeof *toner_pages, 64) != 0)
		return -1;
	memcpy(toner_pages + 4 * toner_n++, cmyk, 4 * sizeof *cmyk);
	return 0;
}

size_t tp_playtest_toner(const double **cmyk)
{
	*cmyk = toner_pages;
	return toner_n;
}

long tp_playtest_paper_used(void)
{
	return paper_used;
}

void tp_playtest_paper(int paper, double *w, double *h)
{
	if (paper == TP_PAPER_LETTER) {
		*w = 215.9;
		*h = 279.4;
	} else {
		*w = 210;
		*h = 297;
	}
}

/* One thing to place: a tile, a piece, a whole page or a panel of one. */
struct item {
	struct tp_scene *front, *back;   /* owned crops; back may be NULL */
	double w, h;                     /* trim */
	int tile;                        /* a tile of a grid: its trim is cut */
	int alone;                       /* a page or panel: a sheet of its own */
	int quarter;                     /* turned a quarter on the paper (w, h
					  * are the paper's: the scene's swapped) */
	int group;                       /* the sheet it comes from */
	/* A panel: its sheet's title, place in the grid and glue tabs. */
	char label[120];
	int glue_left, glue_top;         /* the left/top overlap is a glue tab */
	int seam_right, seam_bottom;     /* a neighbour is glued on that edge */
};

struct where {
	size_t item;
	double x, y;                     /* trim corner on the front page */
};

struct paper {
	size_t first, n;                 /* into the places */
	int backs;                       /* some item has a back */
	int calibration;
};

struct kit {
	const struct tp_config *c;
	double W, H, overlap;
	struct item *items;
	size_t n_items, cap_items;
	struct where *at;
	size_t n_at, cap_at;
	struct paper *papers;
	size_t n_papers, cap_papers;
	int group;
	struct tp_toner toner;           /* the kit's colours as toner */
	double *page_toner;              /* 4 per page written */
};

static struct item *new_item(struct kit *k)
{
	if (tp_grow((void **)&k->items, &k->cap_items, k->n_items + 1, sizeof *k->items, 64) != 0)
		return NULL;
	struct item *it = &k->items[k->n_items++];
	memset(it, 0, sizeof *it);
	it->group = k->group;
	return it;
}

/* The crop of (x, y, w, h) of src with bleed bl round it (at most src's). */
static struct tp_scene *crop(const struct tp_scene *src, struct tp_scene_index *ix, double x,
			     double y, double w, double h, double bl)
{
	struct tp_scene *t = tp_sheet_crop_ix(src, ix, src->name, x, y, w, h);
	if (t != NULL)
		t->bleed = fmin(bl, src->bleed);
	return t;
}

/* ---- what goes on paper -------------------------------------------------------- */

/* Tiles (r, c) of a gang, fronts and, from the mirrored back gang, backs. */
static int add_tiles(struct kit *k, const struct tp_tile_grid *g, const struct tp_scene *fr,
		     const struct tp_scene *bk)
{
	struct tp_scene_index *fx = tp_scene_index_new(fr);
	struct tp_scene_index *bx = bk ? tp_scene_index_new(bk) : NULL;
	int rc = fx && (!bk || bx) ? 0 : -1;
	double tw = g->tile_w, th = g->tile_h;
	for (int r = 0; rc == 0 && r < g->rows; r++)
		for (int col = 0; rc == 0 && col < g->cols; col++) {
			struct item *it = new_item(k);
			if (it == NULL) {
				rc = -1;
				break;
			}
			it->w = tw;
			it->h = th;
			it->tile = 1;
			it->front = crop(fr, fx, col * tw, r * th, tw, th, PIECE_BLEED);
			/* On the mirrored back gang, column col lies at cols-1-col. */
			if (bk)
				it->back = crop(bk, bx, bk->trim_w - (col + 1) * tw, r * th, tw, th,
						PIECE_BLEED);
			if (it->front == NULL || (bk && it->back == NULL))
				rc = -1;
		}
	tp_scene_index_free(fx);
	tp_scene_index_free(bx);
	return rc;
}

/* The separate pieces of page fr (ps), with their backs from page bk, the
 * gang mirrored about its vertical axis. */
static int add_parts(struct kit *k, const struct tp_parts *ps, const struct tp_scene *fr,
		     const struct tp_scene *bk)
{
	for (size_t i = 0; i < ps->n; i++) {
		const struct tp_part *p = &ps->p[i];
		struct item *it = new_item(k);
		if (it == NULL)
			return -1;
		it->w = p->w;
		it->h = p->h;
		it->front = crop(fr, NULL, p->x, p->y, p->w, p->h, fmin(ps->bleed, PIECE_BLEED));
		if (bk)
			it->back = crop(bk, NULL, bk->trim_w - p->x - p->w, p->y, p->w, p->h,
					fmin(ps->bleed, PIECE_BLEED));
		if (it->front == NULL || (bk && it->back == NULL))
			return -1;
	}
	return 0;
}

/* A page: whole when it fits the paper's room, else panels that overlap
 * by k->overlap, numbered row by row. */
static int add_page(struct kit *k, const struct tp_sheet_def *d, const struct tp_scene *sc,
		    size_t page, size_t pages)
{
	double cw = k->W - 2 * SIDE, ch = k->H - 2 * BAND, o = k->overlap;
	double bl = fmin(sc->bleed, PIECE_BLEED);
	char name[100];
	if (pages > 1)
		snprintf(name, sizeof name, "%s, page %zu of %zu", d->name, page + 1, pages);
	else
		snprintf(name, sizeof name, "%s", d->name);
	/* What the page draws: a page of the paper's own size (a score pad)
	 * whose art keeps inside the room goes whole onto one sheet, as its
	 * art's box. */
	double a[4] = { 0, 0, sc->trim_w, sc->trim_h };
	if (sc->trim_w + 2 * bl > cw || sc->trim_h + 2 * bl > ch) {
		double u[4] = { INFINITY, INFINITY, -INFINITY, -INFINITY };
		struct tp_scene_iter it = { 0 };
		for (const struct tp_shape *s; (s = tp_scene_next(sc, &it)) != NULL;) {
			double b[4];
			if (!tp_walk_shows(sc, &tp_walk_art, s))
				continue;
			tp_shape_bbox(sc, s, b);
			if (s->kind == TP_SHAPE_PATH || s->kind == TP_SHAPE_IMAGE) {
				/* A placed shape's points are its symbol's. */
				b[0] += it.d[0], b[2] += it.d[0];
				b[1] += it.d[1], b[3] += it.d[1];
			}
			u[0] = fmin(u[0], b[0]);
			u[1] = fmin(u[1], b[1]);
			u[2] = fmax(u[2], b[2]);
			u[3] = fmax(u[3], b[3]);
		}
		if ((u[2] - u[0] + 2 <= cw && u[3] - u[1] + 2 <= ch) ||
		    (u[3] - u[1] + 2 <= cw && u[2] - u[0] + 2 <= ch)) {
			a[0] = fmax(0, u[0] - 1);
			a[1] = fmax(0, u[1] - 1);
			a[2] = fmin(sc->trim_w, u[2] + 1) - a[0];
			a[3] = fmin(sc->trim_h, u[3] + 1) - a[1];
			bl = 0;
		}
	}
	int fits = a[2] + 2 * bl <= cw && a[3] + 2 * bl <= ch;
	/* A landscape page that fits turned: a quarter turn, not panels. */
	int quarter = !fits && a[3] + 2 * bl <= cw && a[2] + 2 * bl <= ch;
	if (fits || quarter) {
		struct item *it = new_item(k);
		if (it == NULL)
			return -1;
		it->w = quarter ? a[3] : a[2];
		it->h = quarter ? a[2] : a[3];
		it->quarter = quarter;
		it->alone = 1;
		snprintf(it->label, sizeof it->label, "%s", name);
		it->front = crop(sc, NULL, a[0], a[1], a[2], a[3], bl);
		return it->front ? 0 : -1;
	}
	int nx = sc->trim_w <= cw ? 1 : (int)ceil((sc->trim_w - o) / (cw - o) - 1e-9);
	int ny = sc->trim_h <= ch ? 1 : (int)ceil((sc->trim_h - o) / (ch - o) - 1e-9);
	for (int r = 0; r < ny; r++)
		for (int col = 0; col < nx; col++) {
			double x0 = col * (cw - o), y0 = r * (ch - o);
			double w = fmin(cw, sc->trim_w - x0), h = fmin(ch, sc->trim_h - y0);
			struct item *it = new_item(k);
			if (it == NULL)
				return -1;
			it->w = w;
			it->h = h;
			it->alone = 1;
			it->glue_left = col > 0;
			it->glue_top = r > 0;
			it->seam_right = col + 1 < nx;
			it->seam_bottom = r + 1 < ny;
			snprintf(it->label, sizeof it->label, "%s: panel %d of %d (row %d, column %d)",
				 name, r * nx + col + 1, nx * ny, r + 1, col + 1);
			it->front = crop(sc, NULL, x0, y0, w, h, 0);
			if (it->front == NULL)
				return -1;
		}
	return 0;
}

/* The rules booklet's reader's pages as leaves: page 2i on a sheet's
 * front, page 2i+1 behind it, each at actual size (A5) and alone on its
 * sheet of paper.  A two-up pair (296 x 210 mm) does not fit the paper's
 * printable room without scaling the type below the size the factory
 * prints; one page a side, at 100 %, reads straight off the printer, and
 * cut on its guides it is the factory booklet's page, stacked in order. */
static int add_leaves(struct kit *k, const struct tp_doc *doc)
{
	for (size_t p = 0; p < doc->n; p += 2) {
		const struct tp_scene *fr = doc->pages[p].sc;
		const struct tp_scene *bk = p + 1 < doc->n ? doc->pages[p + 1].sc : NULL;
		struct item *it = new_item(k);
		if (it == NULL)
			return -1;
		double bl = fmin(fr->bleed, PIECE_BLEED);
		it->w = fr->trim_w;
		it->h = fr->trim_h;
		it->alone = 1;
		if (bk)
			snprintf(it->label, sizeof it->label, "rules booklet, pages %zu and %zu of %zu",
				 p + 1, p + 2, doc->n);
		else
			snprintf(it->label, sizeof it->label, "rules booklet, page %zu of %zu", p + 1,
				 doc->n);
		it->front = crop(fr, NULL, 0, 0, fr->trim_w, fr->trim_h, bl);
		if (bk)
			it->back = crop(bk, NULL, 0, 0, bk->trim_w, bk->trim_h, bl);
		if (it->front == NULL || (bk && it->back == NULL))
			return -1;
	}
	return 0;
}

/* The sheet whose pieces' backs sheet d holds, printed behind them. */
static const struct tp_sheet_def *backs_of(const struct tp_config *c, const struct tp_sheet_def *d)
{
	const struct tp_game *g = c->game;
	char why[300];
	for (size_t i = 0; i < g->n_sheets; i++) {
		const struct tp_sheet_def *b = &g->sheets[i];
		if (b->cut_by && b->cut_back && strcmp(b->cut_by, d->name) == 0 &&
		    !(b->flags & TP_SHEET_PLATE) && !tp_sheet_absent(c, b, why, sizeof why))
			return b;
	}
	return NULL;
}

/* Left out of the kit: the die-line sheet, the templates proof, plates
 * that print no colour (a plate of its own pieces, the vector pieces'
 * laser file, prints as its cut lines), the factory's board halves and
 * parts and the series board pieces (the board itself is paneled), and
 * backs (behind their fronts). */
static int left_out(const struct tp_config *c, const struct tp_sheet_def *d)
{
	char why[300];
	if (tp_sheet_absent(c, d, why, sizeof why))
		return 1;
	/* The series board pieces are the board itself cut in patches; the
	 * booklet's printer's spreads are the press's (the kit has its
	 * reader's pages, add_leaves). */
	if (strcmp(d->name, "cut") == 0 || strcmp(d->name, "templates") == 0 ||
	    strcmp(d->name, "rules") == 0 ||
	    strcmp(d->name, "board-pieces") == 0 ||
	    strncmp(d->name, "board-half-", 11) == 0 || strncmp(d->name, "board-part-", 11) == 0)
		return 1;
	if (d->flags & TP_SHEET_PLATE)
		return d->parts == NULL || d->cut_by != NULL;
	return d->cut_by != NULL && d->cut_back;
}

static int add_sheet(struct kit *k, const void *model, const struct tp_sheet_def *d)
{
	const struct tp_config *c = k->c;
	struct tp_doc doc = { 0 }, bdoc = { 0 };
	struct tp_tile_grid g = { 0 };
	int rc = d->build(c, model, &doc);
	const struct tp_sheet_def *bd = NULL;
	int tiles = rc == 0 && d->tiles && d->tiles(c, model, &g) == 0 && g.rows > 0 && doc.n == 1;
	if (tiles && g.backs) {
		bd = tp_game_sheet(c->game, g.backs);
		char why[300];
		if (bd && tp_sheet_absent(c, bd, why, sizeof why))
			bd = NULL;
	} else if (!tiles && d->parts) {
		bd = backs_of(c, d);
	}
	if (rc == 0 && bd)
		rc = bd->build(c, model, &bdoc);
	if (rc == 0 && strcmp(d->name, "rules-pages") == 0) {
		rc = add_leaves(k, &doc);
	} else if (rc == 0 && tiles) {
		rc = add_tiles(k, &g, doc.pages[0].sc, bdoc.n ? bdoc.pages[0].sc : NULL);
	} else {
		for (size_t p = 0; rc == 0 && p < doc.n; p++) {
			const struct tp_scene *sc = doc.pages[p].sc;
			struct tp_parts ps = { 0 };
			int has = d->parts ? d->parts(c, sc->name, &ps) : 0;
			if (has < 0)
				rc = -1;
			else if (has > 0)
				rc = add_parts(k, &ps, sc, p < bdoc.n ? bdoc.pages[p].sc : NULL);
			else
				rc = add_page(k, d, sc, p, doc.n);
			free(ps.p);
		}
	}
	tp_doc_free(&doc);
	tp_doc_free(&bdoc);
	return rc;
}

/* ---- packing ------------------------------------------------------------------- */

static struct paper *new_paper(struct kit *k)
{
	if (tp_grow((void **)&k->papers, &k->cap_papers, k->n_papers + 1, sizeof *k->papers, 64) != 0)
		return NULL;
	struct paper *p = &k->papers[k->n_papers++];
	memset(p, 0, sizeof *p);
	p->first = k->n_at;
	return p;
}

static int place(struct kit *k, struct paper *p, size_t item, double x, double y)
{
	if (tp_grow((void **)&k->at, &k->cap_at, k->n_at + 1, sizeof *k->at, 64) != 0)
		return -1;
	k->at[k->n_at++] = (struct where){ item, x, y };
	p->n++;
	p->backs |= k->items[item].back != NULL;
	return 0;
}

/* Centres what paper p holds in the room across, and a page down too. */
static void centre(struct kit *k, struct paper *p, int down)
{
	double x1 = 0, y1 = 0;
	for (size_t i = p->first; i < p->first + p->n; i++) {
		const struct item *it = &k->items[k->at[i].item];
		x1 = fmax(x1, k->at[i].x + it->w);
		y1 = fmax(y1, k->at[i].y + it->h);
	}
	double dx = (k->W - SIDE - x1) / 2, dy = down ? (k->H - BAND - y1) / 2 : 0;
	for (size_t i = p->first; i < p->first + p->n; i++) {
		k->at[i].x += dx;
		k->at[i].y += dy;
	}
}

/* Row by row, as many to a sheet of paper as fit: every group (sheet of
 * the game) starts a sheet of paper, a page or panel has one alone. */
static int pack(struct kit *k)
{
	double cw = k->W - 2 * SIDE, ch = k->H - 2 * BAND;
	struct paper *p = new_paper(k);
	if (p == NULL)
		return -1;
	p->calibration = 1;
	p = NULL;
	double cx = 0, cy = 0, row = 0;
	for (size_t i = 0; i < k->n_items; i++) {
		const struct item *it = &k->items[i];
		double g = 2 * (it->front->bleed > 0 ? it->front->bleed : 1);
		int fresh = p == NULL || it->alone || k->items[i - 1].alone ||
			    it->group != k->items[i - 1].group;
		if (!fresh && cx > 0 && cx + it->w > cw + 1e-9) {
			cx = 0;
			cy += row + g;
			row = 0;
		}
		if (!fresh && cy + it->h > ch + 1e-9)
			fresh = 1;
		if (fresh) {
			if (p != NULL)
				centre(k, p, k->items[i - 1].alone);
			size_t idx = (size_t)(p ? p - k->papers : 0);
			(void)idx;
			if ((p = new_paper(k)) == NULL)
				return -1;
			cx = cy = row = 0;
		}
		double b = it->front->bleed;
		if (place(k, p, i, SIDE + b + cx, BAND + b + cy) != 0)
			return -1;
		cx += it->w + g;
		row = fmax(row, it->h);
	}
	if (p != NULL)
		centre(k, p, k->items[k->n_items - 1].alone);
	return 0;
}

/* ---- furniture ----------------------------------------------------------------- */

static int line(struct tp_scene *sc, int ink, double w, double x0, double y0, double x1, double y1)
{
	struct tp_pt pt[2] = { { TP_MOVE, x0, y0 }, { TP_LINE, x1, y1 } };
	return tp_scene_path(sc, ink, TP_STROKE, w, pt, 2);
}

/* The 100 mm test bar and its words, at the foot of every page. */
static int test_bar(struct tp_scene *sc, double H)
{
	double y = H - 17, x = SIDE;
	int rc = tp_scene_rect(sc, TP_INK_TEXT, TP_STROKE, 0.2, x, y, 100, 3);
	for (int i = 0; rc == 0 && i < 10; i += 2)
		rc = tp_scene_rect(sc, TP_INK_TEXT, TP_FILL, 0, x + 10 * i, y, 10, 3);
	if (rc == 0)
		rc = tp_scene_text(sc, TP_INK_TEXT, x + 103, y + 3, TEXT_MM, TP_ALIGN_LEFT,
				   "<- 100 mm. Print at actual size (100 %)");
	return rc;
}

/* Cut guides at the paper's edge, in line with every cut edge of a tile
 * or panel on the front: a trimmer's blade goes from tick to tick. */
static int cut_guides(struct tp_scene *sc, const struct kit *k, const struct paper *p)
{
	int rc = 0;
	for (size_t i = p->first; rc == 0 && i < p->first + p->n; i++) {
		const struct item *it = &k->items[k->at[i].item];
		if (!it->tile && it->label[0] == '\0')
			continue;
		double x[2] = { k->at[i].x, k->at[i].x + it->w }, y[2] = { k->at[i].y, k->at[i].y + it->h };
		for (int e = 0; rc == 0 && e < 2; e++)
			rc = line(sc, TP_INK_CUT, 0.25, x[e], 3, x[e], 9) ||
			     line(sc, TP_INK_CUT, 0.25, x[e], k->H - 9, x[e], k->H - 3) ||
			     line(sc, TP_INK_CUT, 0.25, 3, y[e], 9, y[e]) ||
			     line(sc, TP_INK_CUT, 0.25, k->W - 9, y[e], k->W - 3, y[e]);
		if (rc == 0 && it->tile)
			rc = tp_scene_rect(sc, TP_INK_CUT, TP_STROKE, 0.25, x[0], y[0], it->w, it->h);
	}
	return rc;
}

static int cross(struct tp_scene *sc, int ink, double x, double y, double r, double w)
{
	return line(sc, ink, w, x - r, y, x + r, y) || line(sc, ink, w, x, y - r, x, y + r);
}

/* A panel's glue tabs (the overlap a neighbour is laid on, hatched and
 * bounded by the line its edge goes to) and alignment crosses on every
 * seam: whole on the tab's line, halved by the cut on the other panel. */
static int panel_marks(struct tp_scene *sc, const struct kit *k, const struct item *it, double x,
		       double y)
{
	double o = k->overlap;
	int rc = 0;
	if (it->glue_left) {
		for (double t = 4; rc == 0 && t < it->h; t += 6)
			rc = line(sc, TP_INK_TEXT, 0.15, x, y + t, x + fmin(o, 4), y + t - 4);
		for (double t = 0; rc == 0 && t < it->h; t += 4)
			rc = line(sc, TP_INK_TEXT, 0.3, x + o, y + t, x + o, y + fmin(t + 2, it->h));
		for (int q = 1; rc == 0 && q < 4; q += 2)
			rc = cross(sc, TP_INK_TEXT, x + o, y + it->h * q / 4, 3, 0.2);
	}
	if (it->glue_top) {
		for (double t = 4; rc == 0 && t < it->w; t += 6)
			rc = line(sc, TP_INK_TEXT, 0.15, x + t, y, x + t - 4, y + fmin(o, 4));
		for (double t = 0; rc == 0 && t < it->w; t += 4)
			rc = line(sc, TP_INK_TEXT, 0.3, x + t, y + o, x + fmin(t + 2, it->w), y + o);
		for (int q = 1; rc == 0 && q < 4; q += 2)
			rc = cross(sc, TP_INK_TEXT, x + it->w * q / 4, y + o, 3, 0.2);
	}
	for (int q = 1; rc == 0 && it->seam_right && q < 4; q += 2)
		rc = cross(sc, TP_INK_TEXT, x + it->w, y + it->h * q / 4, 3, 0.2);
	for (int q = 1; rc == 0 && it->seam_bottom && q < 4; q += 2)
		rc = cross(sc, TP_INK_TEXT, x + it->w * q / 4, y + it->h, 3, 0.2);
	if (rc == 0 && (it->glue_left || it->glue_top))
		rc = tp_scene_text(sc, TP_INK_TEXT, SIDE, k->H - BAND + 1 + TEXT_MM, TEXT_MM * 0.8,
				   TP_ALIGN_LEFT,
				   "hatched edge: glue tab; lay the neighbouring panel on it up to the dashed line, crosses on crosses");
	return rc;
}

/* The calibration sheet: crosses on the front; on the back, behind each,
 * two rulers reading (in mm, against the light) how far to move the
 * backs.  A ruler's tick v lies v mm right of (or below) where the cross
 * should land, on the back page as drawn: where the cross meets the ruler
 * is the print.duplex_offset_mm to add. */
static int calibration(struct tp_scene *sc, const struct kit *k, int back, const double *pts,
		       size_t n)
{
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < n; i++) {
		double x = pts[2 * i], y = pts[2 * i + 1];
		if (!back) {
			rc = cross(sc, TP_INK_TEXT, x, y, 18, 0.2);
			continue;
		}
		/* The place behind (x, y) on the back page as drawn. */
		double bx = x, by = y;
		if (k->c->print.duplex == TP_DUPLEX_SHORT)
			by = k->H - y;
		else
			bx = k->W - x;
		bx += k->c->print.duplex_offset[0];
		by += k->c->print.duplex_offset[1];
		/* The X ruler above the cross's bar, the Y ruler right of its
		 * upright, clear of each other; ticks every 0.5 mm. */
		double ry = by - 10, rx = bx + 13;
		for (int h = -20; rc == 0 && h <= 20; h++) {
			double v = h / 2.0, len = h % 10 == 0 ? 3.5 : h % 2 == 0 ? 2.2 : 1.2;
			rc = line(sc, TP_INK_TEXT, 0.1, bx + v, ry, bx + v, ry - len) ||
			     line(sc, TP_INK_TEXT, 0.1, rx, by + v, rx + len, by + v);
			if (rc == 0 && h % 10 == 0) {
				char t[8];
				snprintf(t, sizeof t, "%+d", h / 2);
				if (h == 0)
					snprintf(t, sizeof t, "0");
				rc = tp_scene_text(sc, TP_INK_TEXT, bx + v, ry - 4.5, 2.2, TP_ALIGN_CENTER, t) ||
				     tp_scene_text(sc, TP_INK_TEXT, rx + 4.5, by + v + 0.8, 2.2, TP_ALIGN_LEFT, t);
			}
		}
		if (rc == 0)
			rc = line(sc, TP_INK_TEXT, 0.1, bx - 10, ry, bx + 10, ry) ||
			     line(sc, TP_INK_TEXT, 0.1, rx, by - 10, rx, by + 10) ||
			     tp_scene_text(sc, TP_INK_TEXT, bx - 12, ry - 1, 2.5, TP_ALIGN_RIGHT, "X") ||
			     tp_scene_text(sc, TP_INK_TEXT, rx, by + 14, 2.5, TP_ALIGN_CENTER, "Y");
	}
	static const char *const words[2][4] = {
		{ "Calibration, front. Print this sheet on both sides (the next page is its back),",
		  "then hold it against a window: each cross shows through onto two rulers on the back.",
		  "Read X where the cross's upright meets the top ruler, Y where its bar meets the side ruler,",
		  "and build again with print.duplex_offset_mm = X,Y (added to the offset now set)." },
		{ "Calibration, back: read X on the top rulers, Y on the side rulers,",
		  "where the crosses of the front meet them (see the front for how).",
		  "All five should read alike; if not, the printer turns or scales the back.", "" },
	};
	double y = k->H / 2 + 24;
	for (int i = 0; rc == 0 && i < 4; i++)
		if (words[back][i][0])
			rc = tp_scene_text(sc, TP_INK_TEXT, k->W / 2, y + 5 * i, TEXT_MM, TP_ALIGN_CENTER,
					   words[back][i]);
	if (rc == 0) {
		char t[160];
		snprintf(t, sizeof t, "now: print.duplex = %s, print.duplex_offset_mm = %g,%g",
			 k->c->print.duplex == TP_DUPLEX_SHORT ? "short"
			 : k->c->print.duplex == TP_DUPLEX_NONE ? "none" : "long",
			 k->c->print.duplex_offset[0], k->c->print.duplex_offset[1]);
		rc = tp_scene_text(sc, TP_INK_TEXT, k->W / 2, y + 22, TEXT_MM, TP_ALIGN_CENTER, t);
	}
	return rc;
}

/* The furniture of paper s's front (back 0) or back page. */
static struct tp_scene *furniture(const struct kit *k, size_t s, int back)
{
	const struct paper *p = &k->papers[s];
	const struct tp_config *c = k->c;
	struct tp_scene *sc = tp_scene_new("playtest", k->W, k->H, 0, &c->print.inks);
	if (sc == NULL)
		return NULL;
	char title[240], what[140] = "";
	if (p->calibration)
		snprintf(what, sizeof what, "duplex calibration");
	else if (p->n > 0 && k->items[k->at[p->first].item].label[0])
		snprintf(what, sizeof what, "%s", k->items[k->at[p->first].item].label);
	else if (p->n > 0)
		snprintf(what, sizeof what, "%s", c->game->sheets[k->items[k->at[p->first].item].group].name);
	snprintf(title, sizeof title, "%s - sheet %zu of %zu, %s%s: %s", c->print.job, s + 1,
		 k->n_papers, back ? "back" : "front",
		 back && !p->backs && !p->calibration ? " (nothing behind)" : "", what);
	int rc = tp_scene_text(sc, TP_INK_TEXT, SIDE, 15, TEXT_MM, TP_ALIGN_LEFT, title) ||
		 test_bar(sc, k->H);
	static const double cal[10] = { 0.5, 0.5, 0.25, 0.25, 0.75, 0.25, 0.25, 0.75, 0.75, 0.75 };
	if (rc == 0 && p->calibration) {
		double pts[10];
		for (int i = 0; i < 5; i++) {
			pts[2 * i] = SIDE + cal[2 * i] * (k->W - 2 * SIDE);
			pts[2 * i + 1] = BAND + cal[2 * i + 1] * (k->H - 2 * BAND) - (i == 0 ? 30 : 0);
		}
		rc = calibration(sc, k, back, pts, 5);
	}
	if (rc == 0 && !back)
		rc = cut_guides(sc, k, p);
	for (size_t i = p->first; rc == 0 && !back && i < p->first + p->n; i++) {
		const struct item *it = &k->items[k->at[i].item];
		if (it->label[0] && (it->glue_left || it->glue_top || it->seam_right || it->seam_bottom))
			rc = panel_marks(sc, k, it, k->at[i].x, k->at[i].y);
	}
	if (rc != 0) {
		tp_scene_free(sc);
		return NULL;
	}
	return sc;
}

/* ---- writing ------------------------------------------------------------------- */

/* Where the back of an item whose front lies at (x, y) goes on the back
 * page as drawn, and whether it is turned. */
static void back_place(const struct kit *k, const struct item *it, double x, double y, double *bx,
		       double *by, int *turn)
{
	const struct tp_print *p = &k->c->print;
	*turn = p->duplex == TP_DUPLEX_SHORT;
	if (*turn) {
		*bx = x;
		*by = k->H - y - it->h;
	} else {
		*bx = k->W - x - it->w;
		*by = y;
	}
	*bx += p->duplex_offset[0];
	*by += p->duplex_offset[1];
}

static int write_kit(struct kit *k, struct tp_pages_out *out, const struct tp_walk_opts *view,
		     tp_err *e)
{
	size_t most = 1;
	for (size_t s = 0; s < k->n_papers; s++)
		most = k->papers[s].n + 1 > most ? k->papers[s].n + 1 : most;
	struct tp_placed *pl = tp_calloc(most, sizeof *pl);
	k->page_toner = tp_calloc(2 * k->n_papers + 1, 4 * sizeof *k->page_toner);
	if (pl == NULL || k->page_toner == NULL) {
		free(pl);
		return tp_fail(e, TP_EIO, "out of memory writing %s", PLAYTEST_FILE);
	}
	int rc = TP_OK;
	for (size_t s = 0; rc == TP_OK && s < k->n_papers; s++) {
		const struct paper *p = &k->papers[s];
		for (int back = 0; rc == TP_OK && back < 2; back++) {
			struct tp_scene *f = furniture(k, s, back);
			if (f == NULL) {
				rc = tp_fail(e, TP_EIO, "out of memory writing %s", PLAYTEST_FILE);
				break;
			}
			size_t n = 0;
			for (size_t i = p->first; i < p->first + p->n; i++) {
				const struct item *it = &k->items[k->at[i].item];
				if (!back) {
					pl[n++] = (struct tp_placed){ it->front, k->at[i].x, k->at[i].y, 0,
								      it->quarter };
				} else if (it->back) {
					struct tp_placed q = { it->back, 0, 0, 0, 0 };
					back_place(k, it, k->at[i].x, k->at[i].y, &q.x, &q.y, &q.turn);
					pl[n++] = q;
				}
			}
			pl[n++] = (struct tp_placed){ f, 0, 0, 0, 0 };
			rc = tp_pdf_add_placed(out, k->W, k->H, pl, n, view, back ? "back " : "front ",
					       (int)s + 1, e);
			if (rc == TP_OK)
				rc = tp_toner_page(&k->toner, pl, n, k->W, k->H, view,
						   k->page_toner + 4 * (2 * s + (size_t)back), e);
			tp_scene_free(f);
		}
	}
	free(pl);
	return rc;
}

static void kit_free(struct kit *k)
{
	for (size_t i = 0; i < k->n_items; i++) {
		tp_scene_free(k->items[i].front);
		tp_scene_free(k->items[i].back);
	}
	free(k->items);
	free(k->at);
	free(k->papers);
	free(k->page_toner);
	tp_toner_free(&k->toner);
}

/* Every colour the kit draws, separated into toner once. */
static int kit_toner(struct kit *k, tp_err *e)
{
	int rc = tp_toner_add(&k->toner, &k->c->print.inks);
	for (size_t i = 0; rc == 0 && i < k->n_items; i++) {
		rc = tp_toner_add(&k->toner, &k->items[i].front->pal);
		if (rc == 0 && k->items[i].back)
			rc = tp_toner_add(&k->toner, &k->items[i].back->pal);
	}
	if (rc != 0)
		return tp_fail(e, TP_EIO, "out of memory measuring %s's toner", PLAYTEST_FILE);
	return tp_toner_separate(&k->toner, k->c->print.proof_profile, e);
}

int tp_build_playtest(struct tp_build *b, tp_err *e)
{
	const struct tp_session *s = b->session;
	const struct tp_config *c = s->cfg;
	struct kit k = { .c = c };
	tp_playtest_paper(c->print.paper, &k.W, &k.H);
	k.overlap = fmin(fmax(c->print.panel_overlap_mm, 6), 20);
	int rc = TP_OK;
	for (size_t i = 0; rc == TP_OK && i < s->game->n_sheets; i++) {
		const struct tp_sheet_def *d = &s->game->sheets[i];
		if (left_out(c, d))
			continue;
		k.group = (int)i;
		if (add_sheet(&k, s->model, d) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory laying out %s for %s", d->name,
				     PLAYTEST_FILE);
	}
	if (rc == TP_OK && pack(&k) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory laying out %s", PLAYTEST_FILE);
	if (rc == TP_OK)
		rc = kit_toner(&k, e);
	char title[160];
	snprintf(title, sizeof title, "%s: playtest kit", c->print.job);
	struct tp_doc_info info = { .title = title, .job = c->print.job, .file = PLAYTEST_FILE,
				    .epoch = b->epoch, .rgb = 1 };
	/* What the kit shows: every ink but registration and the emboss
	 * plate's (a blind emboss has no colour), die lines as cut lines. */
	struct tp_walk_opts view = tp_backend_view(&tp_backends[TP_BACKEND_PDF], &info);
	for (size_t i = 0; i < c->print.inks.n; i++) {
		int id = tp_ink_id(&c->print.inks, i);
		if (id != TP_INK_REG && id != TP_INK_EMBOSS)
			view.inks |= TP_WALK_INK(id);
	}
	/* The box's folds (and nothing else folds in the kit: the booklet's
	 * spine is on the spreads, left out): a home box maker scores them. */
	view.inks |= TP_WALK_INK(TP_INK_CREASE);
	view.unknown = TP_WALK_SKIP;
	struct tp_out o;
	struct tp_pages_out *out = NULL;
	if (rc == TP_OK)
		rc = tp_out_open(&o, b->opt.dir, PLAYTEST_FILE, e);
	if (rc == TP_OK) {
		rc = tp_pdf_open(&out, o.f, &info, e);
		if (rc == TP_OK)
			rc = write_kit(&k, out, &view, e);
		int crc = tp_pdf_close(out, rc == TP_OK, e);
		rc = rc == TP_OK ? crc : rc;
		if (rc == TP_OK)
			rc = tp_out_commit(&o, e);
		else
			tp_out_abort(&o);
	}
	if (rc == TP_OK) {
		tp_build_note_file(b, PLAYTEST_FILE);
		tp_buf_printf(b->summary, "=paper %zu\n", k.n_papers);
		for (size_t p = 0; p < 2 * k.n_papers; p++) {
			const double *v = k.page_toner + 4 * p;
			tp_buf_printf(b->summary, "=toner %.3f %.3f %.3f %.3f\n", v[0], v[1], v[2], v[3]);
		}
	}
	kit_free(&k);
	return rc;
}
