/* The board as a factory makes it: face wraps, back liners, hinges
 * (board_wrap.h). */

#include "games/board_wrap.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "games/game.h"
#include "print/layout/die.h"
#include "print/layout/sheet.h"

size_t tp_board_sheets(const struct tp_config *c, const struct tp_sheet_def **out, size_t max)
{
	const struct tp_game *g = c->game;
	char why[200];
	size_t n = 0;
	for (size_t i = 0; i < g->n_sheets; i++) {
		const struct tp_sheet_def *d = &g->sheets[i];
		if ((strncmp(d->name, "board-half-", 11) == 0 || strncmp(d->name, "board-part-", 11) == 0) &&
		    !tp_sheet_absent(c, d, why, sizeof why) && n < max)
			out[n++] = d;
	}
	const struct tp_sheet_def *d = tp_game_sheet(g, "board");
	if (n == 0 && d && max > 0 && !tp_sheet_absent(c, d, why, sizeof why))
		out[n++] = d;
	return n;
}

int tp_board_edge_grid(double first, double pitch, int n, double at, double *edge, char *why,
		       size_t nw)
{
	if (n < 2) {
		snprintf(why, nw, "the board is one square that way: no square edge to hinge on");
		return -1;
	}
	long k = lround((at - first) / pitch);
	k = k < 1 ? 1 : k > n - 1 ? n - 1 : k;
	*edge = first + (double)k * pitch;
	return 0;
}

int tp_crease_line(struct tp_scene *sc, double x0, double y0, double x1, double y1)
{
	const struct tp_pt p[2] = { { TP_MOVE, x0, y0 }, { TP_LINE, x1, y1 } };
	return tp_scene_path(sc, TP_INK_CREASE, TP_STROKE, TP_DIE_STROKE_MM, p, 2);
}

/* One hinge of a folding board: a vertical one (across = 1) at x = at mm
 * of the board, or a horizontal one at y = at; gap mm wide, centred on
 * it. */
struct hinge {
	int across;
	double at, gap;
	int crossed;  /* cells the hinge runs through (hex and tri boards) */
};

struct geom {
	double x, y;          /* the board's corner on its page (mm from the trim's) */
	double W, H;          /* the board (a part of it): the page's finished box */
	double t, T, E;       /* greyboard, turn-in, E = t + T */
	struct hinge h[2];
	int nh;
};

static const char *const fold_word[] = { "none", "bifold", "quadfold" };

/* The hinges of the board W x H under print.fold, on square edges (on
 * hexagons and triangles the lines that cross the fewest cells).
 * TP_OK, or TP_EINPUT naming print.fold when the board cannot fold so. */
static int hinges(const struct tp_config *c, const void *model, struct geom *g, tp_err *e)
{
	g->nh = 0;
	int fold = c->print.fold;
	if (fold == TP_FOLD_NONE)
		return TP_OK;
	const char *where = tp_config_where(c, "print", "fold");
	if (c->game->board_edge == NULL)
		return tp_fail(e, TP_EINPUT, "%s: print.fold = %s: the %s board does not fold; use print.fold = none",
			       where, fold_word[fold], c->game->name);
	/* bifold: one hinge halving the longer side; quadfold: a horizontal
	 * hinge folded first (one board thick), then a vertical one closing
	 * over two (twice the gap). */
	struct hinge want[2];
	int n = 0;
	if (fold == TP_FOLD_BI) {
		int across = g->W >= g->H;
		want[n++] = (struct hinge){ across, (across ? g->W : g->H) / 2, TP_HINGE_GAP * g->t, 0 };
	} else {
		want[n++] = (struct hinge){ 0, g->H / 2, TP_HINGE_GAP * g->t, 0 };
		want[n++] = (struct hinge){ 1, g->W / 2, 2 * TP_HINGE_GAP * g->t, 0 };
	}
	for (int i = 0; i < n; i++) {
		char why[200] = "";
		double edge, side = want[i].across ? g->W : g->H;
		int crossed = 0;
		if (c->game->board_edge(c, model, want[i].across, want[i].at, side, &edge, &crossed, why,
					sizeof why) != 0)
			return tp_fail(e, TP_EINPUT, "%s: print.fold = %s: %s; use print.fold = %s", where,
				       fold_word[fold], why, fold == TP_FOLD_QUAD ? "bifold or none" : "none");
		/* Each panel keeps at least a hinge gap of board beside it. */
		if (edge - want[i].gap / 2 < want[i].gap || edge + want[i].gap / 2 > side - want[i].gap)
			return tp_fail(e, TP_EINPUT, "%s: print.fold = %s: the hinge nearest the board's middle (%.1f mm) leaves a panel narrower than its %.1f mm hinge gap; use print.fold = none",
				       where, fold_word[fold], edge, want[i].gap);
		g->h[g->nh] = want[i];
		g->h[g->nh].crossed = crossed;
		g->h[g->nh++].at = edge;
	}
	return TP_OK;
}

/* The board of page bs: its finished box (a board cut round its cells
 * has a margin of trim round them that is no part of it), else its trim. */
static void geom_of(const struct tp_config *c, const struct tp_scene *bs, struct geom *g)
{
	memset(g, 0, sizeof *g);
	int fin = bs->finish[2] > 0 && bs->finish[3] > 0;
	g->x = fin ? bs->finish[0] : 0;
	g->y = fin ? bs->finish[1] : 0;
	g->W = fin ? bs->finish[2] : bs->trim_w;
	g->H = fin ? bs->finish[3] : bs->trim_h;
	g->t = c->print.greyboard_mm;
	g->T = c->print.wrap_mm;
	g->E = g->t + g->T;
}

/* Where the corner cut at the top-left corner meets the sheet's top and
 * left edges, from the sheet's corner: 2E less the cut's distance from the
 * board's corner along the diagonal. */
static double mitre_at(const struct geom *g)
{
	return 2 * g->E - TP_WRAP_CORNER * g->t * sqrt(2.0);
}

/* The smallest board side whose two corner cuts leave a straight edge
 * between them. */
static double mitre_min(const struct geom *g)
{
	return 2 * mitre_at(g) - 2 * g->E + 1;
}

/* A quad-fold's vertical and horizontal hinges (NULL when the board does
 * not fold twice). */
static void quad(const struct geom *g, const struct hinge **v, const struct hinge **h)
{
	*v = *h = NULL;
	for (int i = 0; i < g->nh; i++)
		*(g->h[i].across ? v : h) = &g->h[i];
	if (*v == NULL || *h == NULL)
		*v = *h = NULL;
}

/* The slit of a quad-fold: a straight cut along the centre line of the
 * vertical hinge's upper arm, from the sheet's top edge (y0 mm above the
 * board's) down to the centre of the hinges' crossing, x mm from the
 * board's left edge.  The four panels then hang on three hinge arms: the
 * horizontal hinge folds first, both its arms, then the lower arm of the
 * vertical one closes over the two panels' stack; joined too, the upper
 * arm would have to fold the other way at once. */
static int slit(struct tp_scene *sc, double x, double y0, double y1)
{
	const struct tp_pt p[2] = { { TP_MOVE, x, y0 }, { TP_LINE, x, y1 } };
	return tp_scene_path(sc, TP_INK_CUT, TP_STROKE, TP_DIE_STROKE_MM, p, 2);
}

/* The die line (the sheet's outline with its four corners cut at 45
 * degrees) and the fold lines of the face wrap sc, the board at (E, E). */
static int die_and_folds(struct tp_scene *sc, const struct geom *g)
{
	double E = g->E, W = g->W, H = g->H, t = g->t;
	double SW = W + 2 * E, SH = H + 2 * E;
	/* The cut x + y = q at the top-left corner lies TP_WRAP_CORNER * t
	 * beyond the board's corner (E, E), square to the diagonal. */
	double q = mitre_at(g);
	const double xy[16] = { q, 0, SW - q, 0, SW, q, SW, SH - q,
				SW - q, SH, q, SH, 0, SH - q, 0, q };
	if (tp_die_contour(sc, xy, 8, TP_DIE_STROKE_MM) != 0)
		return -1;
	int rc = 0;
	size_t first = sc->n_shapes;
	/* The board's face edges and, t further out, its back edges: the
	 * sheet folds at both, along the board's length (the corners tuck). */
	for (int k = 0; k < 2; k++) {
		double o = k ? t : 0;
		rc |= tp_crease_line(sc, E, E - o, E + W, E - o);
		rc |= tp_crease_line(sc, E, E + H + o, E + W, E + H + o);
		rc |= tp_crease_line(sc, E - o, E, E - o, E + H);
		rc |= tp_crease_line(sc, E + W + o, E, E + W + o, E + H);
	}
	/* Each hinge: the edges of the panels either side of its gap.  A
	 * horizontal hinge's lines stop at a vertical hinge's gap. */
	const struct hinge *v = NULL;
	for (int i = 0; i < g->nh; i++)
		if (g->h[i].across)
			v = &g->h[i];
	for (int i = 0; rc == 0 && i < g->nh; i++) {
		const struct hinge *h = &g->h[i];
		for (int s = -1; s <= 1; s += 2) {
			double at = h->at + s * h->gap / 2;
			if (h->across) {
				rc |= tp_crease_line(sc, E + at, E, E + at, E + H);
			} else if (v) {
				rc |= tp_crease_line(sc, E, E + at, E + v->at - v->gap / 2, E + at);
				rc |= tp_crease_line(sc, E + v->at + v->gap / 2, E + at, E + W, E + at);
			} else {
				rc |= tp_crease_line(sc, E, E + at, E + W, E + at);
			}
		}
	}
	/* A fold line ends at the corner cuts by design: no safe zone. */
	tp_scene_flag_from(sc, first, TP_SHAPE_TO_CUT);
	const struct hinge *qv, *qh;
	quad(g, &qv, &qh);
	if (rc == 0 && qv)
		rc = slit(sc, E + qv->at, 0, E + qh->at);
	return rc ? -1 : 0;
}

/* The face wrap of the board page bs (laid out with a bleed of E + the
 * sheet's): its art over the whole sheet, the board's box grown by E, no
 * die line of its own; the board's die layer stays, empty, where the
 * wrap's die line goes. */
static struct tp_scene *face(const struct tp_scene *bs, const char *name, const struct geom *g,
			     double bleed)
{
	double E = g->E;
	struct tp_scene *sc = tp_sheet_crop_without(bs, name, g->x - E, g->y - E, g->W + 2 * E,
						    g->H + 2 * E, TP_INK_CUT);
	if (sc == NULL)
		return NULL;
	sc->n_groups = 0;
	sc->group_open = 0;
	sc->bleed = bleed;
	sc->cell_mm = 0;
	sc->seams = 0;
	tp_palette_add_crease(&sc->pal);
	if (die_and_folds(sc, g) != 0) {
		tp_scene_free(sc);
		return NULL;
	}
	return sc;
}

/* The ink print.liner_ink names (one of the game's process inks), or -1:
 * none named, or no such ink (*bad set). */
static int liner_ink(const struct tp_config *c, int *bad)
{
	const struct tp_palette *pal = &c->print.inks;
	*bad = 0;
	if (c->print.liner_ink[0] == '\0')
		return -1;
	for (size_t i = 0; i < pal->n; i++)
		if (strcmp(pal->ink[i].key, c->print.liner_ink) == 0 && pal->ink[i].kind == TP_INK_PROCESS)
			return tp_ink_id(pal, i);
	*bad = 1;
	return -1;
}

static int liner(struct tp_doc *doc, const struct tp_config *c, const struct tp_palette *pal,
		 const char *name, const struct geom *g)
{
	double i = c->print.liner_inset_mm, w = g->W - 2 * i, h = g->H - 2 * i, b = c->print.bleed_mm;
	struct tp_scene *sc = tp_scene_new(name, w, h, b, pal);
	char note[200];
	int bad, ink = liner_ink(c, &bad);
	const struct hinge *qv, *qh;
	quad(g, &qv, &qh);
	/* Seen from the back, where its printed side faces: the slit mirrored
	 * left to right. */
	double sx = qv ? g->W - qv->at - i : 0;
	int len = snprintf(note, sizeof note, "back liner: %.1f x %.1f mm, %g mm inside the board's edge, %s%s%s", w,
			   h, i, ink >= 0 ? "in " : "plain", ink >= 0 ? c->print.liner_ink : "",
			   g->nh ? ", one sheet over every panel" : "");
	if (qv && len > 0 && (size_t)len < sizeof note)
		snprintf(note + len, sizeof note - (size_t)len,
			 "; slit %.1f mm from the left, seen from the back", sx);
	if (sc == NULL || tp_doc_add(doc, sc, note) != 0)
		return -1;
	if (ink >= 0) {
		if (tp_scene_rect(sc, ink, TP_FILL, 0, -b, -b, w + 2 * b, h + 2 * b) != 0)
			return -1;
		tp_scene_flag_last(sc, TP_SHAPE_TO_CUT);
	}
	if (tp_die_rect(sc, 0, 0, w, h, TP_DIE_STROKE_MM) != 0)
		return -1;
	return qv ? slit(sc, sx, 0, qh->at - i) : 0;
}

static int wrap_page(struct tp_doc *doc, const struct tp_config *c, const struct tp_scene *bs,
		     const struct geom *g, int part, int parts)
{
	char name[32], note[240];
	snprintf(name, sizeof name, parts > 1 ? "face-%d" : "face", part);
	struct tp_scene *sc = face(bs, name, g, c->print.bleed_mm);
	if (sc == NULL)
		return -1;
	int len = snprintf(note, sizeof note,
			   "face wrap of %s: board %.1f x %.1f mm, greyboard %g mm, turn-in %g mm, corners cut %g mm past the board's",
			   bs->name, g->W, g->H, g->t, g->T, TP_WRAP_CORNER * g->t);
	for (int i = 0; i < g->nh && len > 0 && (size_t)len < sizeof note; i++)
		len += snprintf(note + len, sizeof note - (size_t)len, "; %s hinge at %.1f mm, gap %g mm",
				g->h[i].across ? "vertical" : "horizontal", g->h[i].at, g->h[i].gap);
	if (tp_doc_add(doc, sc, note) != 0)
		return -1;
	struct tp_palette pal = sc->pal;
	snprintf(name, sizeof name, parts > 1 ? "liner-%d" : "liner", part);
	return liner(doc, c, &pal, name, g);
}

/* The board's sheets to wrap: the parts, or the whole board to fold. */
static size_t to_wrap(const struct tp_config *c, const struct tp_sheet_def **d, size_t max)
{
	if (c->print.fold == TP_FOLD_NONE)
		return tp_board_sheets(c, d, max);
	d[0] = tp_game_sheet(c->game, "board");
	return d[0] != NULL;
}

/* The finished board g as it lies in a box: shut, its panels one on
 * another (folded, the sheet across a hinge goes round the stack and adds
 * nothing beside the panels), as thick as its greyboard panels. */
static struct tp_board_fp footprint(const struct geom *g)
{
	double w = g->W, h = g->H;
	int layers = 1;
	for (int i = 0; i < g->nh; i++) {
		const struct hinge *k = &g->h[i];
		double side = k->across ? g->W : g->H;
		double panel = fmax(k->at - k->gap / 2, side - k->at - k->gap / 2);
		if (k->across)
			w = panel;
		else
			h = panel;
		layers *= 2;
	}
	return (struct tp_board_fp){ w, h, layers * g->t, layers };
}

/* Lays out (doc not NULL) or checks (doc NULL) the wraps; each board's
 * footprint into fp (max of them, *nfp how many) when fp is not NULL. */
static int lay_out(const struct tp_config *c, const void *model, struct tp_doc *doc, tp_err *e,
		   struct tp_board_fp *fp, size_t max, size_t *nfp)
{
	const struct tp_sheet_def *d[8];
	size_t n = to_wrap(c, d, 8);
	/* The art runs on over the turn-in: the board drawn with a bleed that
	 * reaches the wrap's own. */
	struct tp_config c2 = *c;
	c2.print.bleed_mm = c->print.bleed_mm + c->print.greyboard_mm + c->print.wrap_mm;
	int rc = TP_OK, part = 1, parts = 0;
	struct tp_doc bd[8];
	memset(bd, 0, sizeof bd);
	for (size_t i = 0; rc == TP_OK && i < n; i++) {
		if (d[i]->build(&c2, model, &bd[i]) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory laying out %s for its wrap", d[i]->name);
		parts += (int)bd[i].n;
	}
	for (size_t i = 0; rc == TP_OK && i < n; i++)
		for (size_t k = 0; rc == TP_OK && k < bd[i].n; k++) {
			const struct tp_scene *bs = bd[i].pages[k].sc;
			struct geom g;
			geom_of(c, bs, &g);
			if (fmax(g.W, g.H) + 2 * g.E + 2 * c->print.bleed_mm > TP_WRAP_MAX_MM)
				rc = tp_fail(e, TP_EINPUT, "%s: print.board = wrap: %s is %.0f x %.0f mm; its wrap would pass a PDF page's %.0f mm (use print.board = flat)",
					     tp_config_where(c, "print", "board"), d[i]->name, g.W, g.H, TP_WRAP_MAX_MM);
			else if (fmin(g.W, g.H) < mitre_min(&g))
				rc = tp_fail(e, TP_EINPUT, "%s: print.wrap_mm = %g: the %s is %.1f x %.1f mm, and on a board under %.1f mm the turn-ins' corner cuts meet; use a smaller print.wrap_mm or print.board = flat",
					     tp_config_where(c, "print", "wrap_mm"), c->print.wrap_mm, d[i]->name, g.W,
					     g.H, mitre_min(&g));
			else if (2 * c->print.liner_inset_mm >= fmin(g.W, g.H))
				rc = tp_fail(e, TP_EINPUT, "%s: print.liner_inset_mm = %g leaves no liner on the %.0f x %.0f mm %s",
					     tp_config_where(c, "print", "liner_inset_mm"), c->print.liner_inset_mm,
					     g.W, g.H, d[i]->name);
			if (rc == TP_OK)
				rc = hinges(c, model, &g, e);
			if (rc == TP_OK && fp && *nfp < max)
				fp[(*nfp)++] = footprint(&g);
			if (rc == TP_OK && doc && wrap_page(doc, c, bs, &g, part++, parts) != 0)
				rc = tp_fail(e, TP_EIO, "out of memory laying out the board wrap");
		}
	for (size_t i = 0; i < n; i++)
		tp_doc_free(&bd[i]);
	return rc;
}

int tp_board_wrap_absent(const struct tp_config *c, const char *sheet, char *why, size_t n)
{
	(void)sheet;
	const struct tp_sheet_def *d[1];
	if (c->print.board_make == TP_BOARD_FLAT && c->print.fold == TP_FOLD_NONE) {
		snprintf(why, n, "print.board = flat: the board is printed flat, not wrapped");
		return 1;
	}
	if (tp_board_sheets(c, d, 1) == 0) {
		snprintf(why, n, "this config has no board to wrap");
		return 1;
	}
	return 0;
}

int tp_board_wrap_prepare(struct tp_config *c, tp_err *e)
{
	if (c->print.board_make == TP_BOARD_FLAT)
		return tp_fail(e, TP_EINPUT, "%s: print.fold = %s: a folding board is a wrap round greyboard panels; set print.board = wrap",
			       tp_config_where(c, "print", "fold"), fold_word[c->print.fold]);
	int bad;
	liner_ink(c, &bad);
	if (bad) {
		char list[400] = "";
		const struct tp_palette *pal = &c->print.inks;
		for (size_t i = 0; i < pal->n; i++)
			if (pal->ink[i].kind == TP_INK_PROCESS)
				snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? ", " : "",
					 pal->ink[i].key);
		return tp_fail(e, TP_EINPUT, "%s: print.liner_ink = %s: not a process ink of the %s; allowed: %s, or empty (plain)",
			       tp_config_where(c, "print", "liner_ink"), c->print.liner_ink, c->game->name, list);
	}
	void *model = NULL;
	int rc = c->game->derive(c, &model, e);
	if (rc == TP_OK)
		rc = lay_out(c, model, NULL, e, NULL, 0, NULL);
	if (model)
		c->game->free_model(model);
	return rc;
}

int tp_board_wrap_build(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	tp_err e;
	char why[200];
	/* An absent sheet has no pages (a caller that lays out every sheet
	 * of the game, the tests, asks for them all). */
	if (tp_board_wrap_absent(c, "board-wrap", why, sizeof why))
		return 0;
	return lay_out(c, model, doc, &e, NULL, 0, NULL) == TP_OK ? 0 : -1;
}

int tp_board_footprints(const struct tp_config *c, const void *model, struct tp_board_fp *fp,
			size_t max, size_t *n, tp_err *e)
{
	*n = 0;
	char why[200];
	if (tp_board_wrap_absent(c, "board-wrap", why, sizeof why))
		return TP_OK;
	return lay_out(c, model, NULL, e, fp, max, n);
}
