/* The collecting game's print (arena.marking = colours or pictures): a
 * class's mark (a colour disc or a picture in the class's ink), the
 * counters sheet (one round counter per coloured position of the board,
 * with die lines) and a collecting chart per player (the seed's "winning
 * pattern on a separate coloured chart"). */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "games/arena/sheets/arena_sheets.h"
#include "print/layout/die.h"
#include "print/scene/scene.h"

int tp_arena_class_ink(int cls)
{
	return TP_INK_COLOUR1 + cls - 1;
}

int tp_arena_draw_class(struct tp_scene *sc, const struct tp_config *c, int cls, double cx,
			double cy, double size)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	static const char *const place[] = {
		"arena.class1", "arena.class2", "arena.class3", "arena.class4",
		"arena.class5", "arena.class6", "arena.class7", "arena.class8",
	};
	const struct tp_art_item *art =
		cls >= 1 && cls <= 8 ? tp_art_pack_find(c->art, place[cls - 1]) : NULL;
	if (art)
		return tp_art_item_draw(sc, art, cx - size / 2, cy - size / 2, size, size, 0);
	int ink = tp_arena_class_ink(cls);
	if (a->rules.marking != TP_MARKING_PICTURES)
		return tp_scene_circle(sc, ink, TP_FILL, 0, cx, cy, size / 2);
	const struct tp_picture *pic = &a->pictures.pic[cls - 1];
	double k = size / TP_PIC_BOX, x0 = cx - size / 2, y0 = cy - size / 2;
	for (int i = 0; i < pic->n; i++) {
		const struct tp_pic_item *it = &pic->item[i];
		if (it->circle) {
			if (tp_scene_circle(sc, ink, TP_FILL, 0, x0 + k * it->xy[0], y0 + k * it->xy[1],
					    k * it->xy[2]) != 0)
				return -1;
			continue;
		}
		double p[2 * TP_PIC_POINTS];
		for (int j = 0; j < it->n; j++) {
			p[2 * j] = x0 + k * it->xy[2 * j];
			p[2 * j + 1] = y0 + k * it->xy[2 * j + 1];
		}
		if (tp_scene_poly(sc, ink, TP_FILL, 0, p, (size_t)it->n) != 0)
			return -1;
	}
	return 0;
}

/* How far picture pic reaches from its box's centre, in box units. */
static double picture_reach(const struct tp_picture *pic)
{
	double c = TP_PIC_BOX / 2, reach = 0;
	for (int i = 0; i < pic->n; i++) {
		const struct tp_pic_item *it = &pic->item[i];
		if (it->circle)
			reach = fmax(reach, hypot(it->xy[0] - c, it->xy[1] - c) + it->xy[2]);
		for (int j = 0; !it->circle && j < it->n; j++)
			reach = fmax(reach, hypot(it->xy[2 * j] - c, it->xy[2 * j + 1] - c));
	}
	return reach > 0 ? reach : c;
}

double tp_arena_mark_fit(const struct tp_arena_cfg *a, double size, double room)
{
	double reach = 0.5;   /* a disc reaches half its size */
	for (int k = 1; a->rules.marking == TP_MARKING_PICTURES && k <= a->rules.colours; k++)
		reach = fmax(reach, picture_reach(&a->pictures.pic[k - 1]) / TP_PIC_BOX);
	return fmax(0.05 * size, fmin(size, room / reach));
}

int tp_arena_ground_framed(struct tp_scene *sc, int ink, double x, double y, double s, double w)
{
	double m = (s - w) / 2;
	/* The side rectangles run the square's full height, over the corners
	 * of the top and bottom ones: on an edge square each then reaches the
	 * board's cut and bleed, not stopping m short of it (which the safe
	 * zone would take for an element kept too near the cut). */
	return tp_scene_rect(sc, ink, TP_FILL, 0, x, y, s, m) |
	       tp_scene_rect(sc, ink, TP_FILL, 0, x, y + s - m, s, m) |
	       tp_scene_rect(sc, ink, TP_FILL, 0, x, y, m, s) |
	       tp_scene_rect(sc, ink, TP_FILL, 0, x + s - m, y, m, s);
}

int tp_arena_collect_absent(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	if (tp_arena(c)->rules.marking != TP_MARKING_NUMBERS)
		return 0;
	snprintf(why, n, "arena.marking = numbers prints no %s; set arena.marking = colours or pictures",
		 sheet);
	return 1;
}

/* ---- the counters sheet ------------------------------------------------------------ */

#define COUNTER_COLS 12

/* Counter i's centre: COUNTER_COLS across, a gutter round each; the
 * sheet's size in w, h.  n counters. */
static void counter_at(const struct tp_arena_cfg *a, int i, int n, double *x, double *y, double *w,
		       double *h)
{
	double d = a->counter_mm, g = a->piece_gutter_mm;
	int cols = n < COUNTER_COLS ? n : COUNTER_COLS, rows = (n + COUNTER_COLS - 1) / COUNTER_COLS;
	*x = g + (i % COUNTER_COLS) * (d + g) + d / 2;
	*y = g + (i / COUNTER_COLS) * (d + g) + d / 2;
	*w = g + cols * (d + g);
	*h = g + rows * (d + g);
}

/* The counters' classes in print order: colour 1's, then colour 2's, ...
 * as many of each as the board has positions of it.  *n, or NULL when
 * out of memory. */
static int *counter_classes(const struct tp_arena_rules *r, const struct tp_arena_board *b, int *n)
{
	*n = 0;
	for (int c = 1; c <= r->colours; c++)
		*n += b->colour_n[c];
	int *cls = tp_malloc(sizeof *cls * (size_t)(*n > 0 ? *n : 1));
	if (cls == NULL)
		return NULL;
	int k = 0;
	for (int c = 1; c <= r->colours; c++)
		for (int j = 0; j < b->colour_n[c]; j++)
			cls[k++] = c;
	return cls;
}


/* A band of ink between radii ri and ro round (x, y): the outer circle
 * one way, the inner the other, so the nonzero fill leaves the middle
 * unprinted. */
static int annulus(struct tp_scene *sc, int ink, double x, double y, double ri, double ro)
{
	struct tp_pt p[2 * TP_CIRCLE_PTS];
	tp_circle_pts(p, x, y, ro, 1);
	tp_circle_pts(p + TP_CIRCLE_PTS, x, y, ri, -1);
	return tp_scene_path(sc, ink, TP_FILL, 0, p, 2 * TP_CIRCLE_PTS);
}

/* One counter: colours, a disc of its colour out to the bleed; pictures,
 * a band of its colour from 0.75 of the radius out to the bleed (so no
 * thin ring sits just inside the round cut, where a die's tolerance
 * would show) and on the paper inside it the picture, sized to keep
 * print.safe_mm from the die line and clear of the band; the die line. */
static int counter(struct tp_scene *sc, const struct tp_config *c, const struct tp_arena_cfg *a,
		   int cls, double x, double y)
{
	double r = a->counter_mm / 2;
	int rc, ink = tp_arena_class_ink(cls);
	if (a->rules.marking == TP_MARKING_PICTURES) {
		double ri = 0.75 * r, room = fmin(ri - 0.08 * r, r - c->print.safe_mm - 0.05);
		rc = annulus(sc, ink, x, y, ri, r + a->piece_bleed_mm) |
		     tp_arena_draw_class(sc, c, cls, x, y, tp_arena_mark_fit(a, 1.2 * r, room));
	} else {
		const struct tp_art_item *art = tp_art_pack_find(c->art, "arena.counter");
		double k = tp_arena_counter_art(c);
		rc = tp_scene_circle(sc, ink, TP_FILL, 0, x, y, r + a->piece_bleed_mm);
		if (rc == 0 && art && k >= 1)
			rc = tp_art_item_draw(sc, art, x - k / 2, y - k / 2, k, k, 0);
	}
	return rc != 0 ? -1 : tp_scene_circle(sc, TP_INK_CUT, TP_STROKE, TP_DIE_STROKE_MM, x, y, r);
}

/* arena.counter's box: the square inside the counter's circle kept
 * print.safe_mm (at least 0.5 mm) from its die line. */
double tp_arena_counter_art(const struct tp_config *c)
{
	double r = tp_arena(c)->counter_mm / 2 - fmax(c->print.safe_mm + 0.05, 0.5);
	return r > 0 ? M_SQRT2 * r : 0;
}

static int class_layers(const struct tp_arena_rules *r, int *layers, int extra1, int extra2)
{
	int n = 0;
	for (int c = 1; c <= r->colours; c++)
		layers[n++] = tp_arena_class_ink(c);
	layers[n++] = extra1;
	layers[n++] = extra2;
	return n;
}

int tp_arena_build_counters(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_model *m = model;
	int n, *cls = counter_classes(&a->rules, m->board, &n);
	if (cls == NULL)
		return -1;
	double x, y, w, h;
	counter_at(a, 0, n, &x, &y, &w, &h);
	int layers[TP_ARENA_COLOURS_MAX + 2];
	int nl = class_layers(&a->rules, layers, TP_INK_CUT, TP_INK_CUT);
	struct tp_scene *sc = tp_arena_new_sheet(c, "counters", w, h, layers, (size_t)nl - 1);
	char note[120];
	snprintf(note, sizeof note, "collecting counters: %d, one per coloured position of the board", n);
	int rc = tp_doc_add(doc, sc, note);
	for (int i = 0; rc == 0 && i < n; i++) {
		counter_at(a, i, n, &x, &y, &w, &h);
		rc = counter(sc, c, a, cls[i], x, y);
	}
	free(cls);
	return rc;
}

/* Each counter as a component for print.layout = punchboard: its trim the
 * die line's square, its bleed the colour beyond. */
int tp_arena_counters_parts(const struct tp_config *c, const char *page, struct tp_parts *ps)
{
	(void)page;
	const struct tp_arena_cfg *a = tp_arena(c);
	struct tp_arena_board *b = NULL;
	tp_err e = { 0 };
	if (tp_arena_board_derive(&a->rules, &b, &e) != TP_OK)
		return e.code == TP_EIO ? -1 : 0;
	int n = 0;
	for (int k = 1; k <= a->rules.colours; k++)
		n += b->colour_n[k];
	tp_arena_board_free(b);
	ps->p = tp_calloc((size_t)(n > 0 ? n : 1), sizeof *ps->p);
	if (ps->p == NULL)
		return -1;
	double d = a->counter_mm;
	for (int i = 0; i < n; i++) {
		double x, y, w, h;
		counter_at(a, i, n, &x, &y, &w, &h);
		ps->p[i] = (struct tp_part){ x - d / 2, y - d / 2, d, d };
	}
	ps->n = (size_t)n;
	ps->bleed = a->piece_bleed_mm;
	ps->back = 0;
	return 1;
}

/* ---- the charts ------------------------------------------------------------------------ */

/* Player p's pattern: need places of each colour in a seeded order, so
 * that every chart holds the same colours in a different pattern. */
static void chart_pattern(const struct tp_arena_rules *r, int need, int p, int *cls)
{
	int n = need * r->colours;
	for (int i = 0; i < n; i++)
		cls[i] = i % r->colours + 1;
	unsigned long long s = r->seed * 0x9e3779b97f4a7c15ULL + (unsigned long long)p;
	for (int i = n - 1; i > 0; i--) {
		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		int j = (int)((s >> 33) % (unsigned long long)(i + 1)), t = cls[i];
		cls[i] = cls[j];
		cls[j] = t;
	}
}

/* Chart of player p: a strip of the player's colour, the title, and
 * need x colours places, each a ring of its colour round a small mark of
 * it (a dot or the picture), for a counter to cover. */
static int chart(const struct tp_config *c, const struct tp_arena_board *b, int p, struct tp_doc *doc)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	int need = tp_arena_collect(&a->rules, &a->shapes, b), n = need * a->rules.colours;
	if (need <= 0)
		return -1;   /* the pieces failed to deal: out of memory */
	int cols = (int)ceil(sqrt((double)n)), rows = (n + cols - 1) / cols;
	double d = a->counter_mm, g = d / 4, band = 1.2 * d, m = 6;
	double w = 2 * m + cols * (d + g) - g, h = 2 * m + band + rows * (d + g);
	int layers[TP_ARENA_COLOURS_MAX + 2];
	int nl = class_layers(&a->rules, layers, TP_INK_PLAYER1 + p - 1, TP_INK_NUMBER);
	char name[32], note[120], title[40];
	snprintf(name, sizeof name, "chart-%d", p);
	snprintf(note, sizeof note, "collecting chart of player %d: %d of each colour", p, need);
	snprintf(title, sizeof title, "Player %d", p);
	struct tp_scene *sc = tp_arena_new_sheet(c, name, w, h, layers, (size_t)nl);
	if (tp_doc_add(doc, sc, note) != 0)
		return -1;
	int *cls = tp_malloc(sizeof *cls * (size_t)n);
	if (cls == NULL)
		return -1;
	chart_pattern(&a->rules, need, p, cls);
	/* The player's colour is a strip along the top edge and the title sits
	 * on paper below it: dark type over the colour would overprint past a
	 * profile's ink limit (or knock out, or read poorly on a dark colour). */
	int rc = tp_scene_rect(sc, TP_INK_PLAYER1 + p - 1, TP_FILL, 0, -c->print.bleed_mm,
			       -c->print.bleed_mm, w + 2 * c->print.bleed_mm, m / 2 + c->print.bleed_mm) |
		 tp_scene_text(sc, TP_INK_NUMBER, w / 2, m + 0.7 * band, 0.6 * band, TP_ALIGN_CENTER, title);
	for (int i = 0; rc == 0 && i < n; i++) {
		double x = m + (i % cols) * (d + g) + d / 2, y = m + band + g + (i / cols) * (d + g) + d / 2;
		rc = tp_scene_circle(sc, tp_arena_class_ink(cls[i]), TP_STROKE, 0.06 * d, x, y, d / 2) |
		     tp_arena_draw_class(sc, c, cls[i], x, y,
					 a->rules.marking == TP_MARKING_PICTURES ? 0.55 * d : 0.3 * d);
	}
	free(cls);
	return rc != 0 ? -1 : 0;
}

int tp_arena_build_charts(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_arena_model *m = model;
	for (int p = 1; p <= tp_arena(c)->rules.players; p++)
		if (chart(c, m->board, p, doc) != 0)
			return -1;
	return 0;
}
