/* One raster image per face at a factory's product sizes (faces.h). */

#include "app/pack/faces.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/file_name.h"
#include "app/sheet_pages.h"
#include "core/alloc.h"
#include "core/sha256.h"
#include "print/backend/backend.h"
#include "print/layout/impose.h"
#include "print/layout/impose_parts.h"
#include "print/layout/sheet.h"
#include "print/scene/copy_sink.h"
#include "print/scene/scene_index.h"
#include "print/output/outfile.h"

#define IN_MM 25.4

struct face {
	char file[200];
	char cut[200];        /* a slug's cut file (SVG), or "" */
	char hash[65];
	const struct tp_product *p;
	int back;
	long count;
};

/* A piece (or a slug) as its two faces: indices into the faces. */
struct pair {
	size_t front, back;   /* back == SIZE_MAX: none */
	long count;
};

struct faces {
	const struct tp_session *s;
	const struct tp_factory *fa;
	char dir[4300];
	struct face *f;
	size_t n, cap;
	struct pair *pr;
	size_t n_pr, cap_pr;
	struct tp_buf *j, *t;
	int first_slug;       /* no "punchout" entry written yet */
};

/* sc as a PNG at dpi into *buf (malloc'd by the stream, *len bytes). */
static int render(const struct tp_scene *sc, double dpi, char **buf, size_t *len, tp_err *e)
{
	*buf = NULL;
	*len = 0;
	FILE *m = open_memstream(buf, len);
	if (m == NULL)
		return tp_fail(e, TP_EIO, "out of memory drawing a face");
	struct tp_doc_info info = { .title = sc->name, .dpi = dpi };
	int rc = tp_png_write(m, &sc, 1, &info, e);
	if (fclose(m) != 0 && rc == TP_OK)
		rc = tp_fail(e, TP_EIO, "out of memory drawing a face");
	return rc;
}

/* Draws the face sc of product p and writes it as name, unless an image
 * of the same bytes and side was written: then that one counts once
 * more.  *at: the face's index.  TP_OK, or e filled. */
static int put_face(struct faces *F, const struct tp_scene *sc, const struct tp_product *p,
		    int back, const char *name, size_t *at, tp_err *e)
{
	char *buf;
	size_t len;
	int rc = render(sc, F->fa->raster_dpi, &buf, &len, e);
	if (rc != TP_OK) {
		free(buf);
		return rc;
	}
	struct tp_sha256 h;
	char hex[65];
	tp_sha256_init(&h);
	tp_sha256_add(&h, buf, len);
	tp_sha256_hex(&h, hex);
	for (size_t i = 0; i < F->n; i++)
		if (F->f[i].back == back && strcmp(F->f[i].hash, hex) == 0) {
			F->f[i].count++;
			*at = i;
			free(buf);
			return TP_OK;
		}
	if (tp_grow((void **)&F->f, &F->cap, F->n + 1, sizeof *F->f, 64) != 0) {
		free(buf);
		return tp_fail(e, TP_EIO, "out of memory listing the faces");
	}
	struct face *f = &F->f[F->n];
	memset(f, 0, sizeof *f);
	snprintf(f->file, sizeof f->file, "%s", name);
	memcpy(f->hash, hex, sizeof hex);
	f->p = p;
	f->back = back;
	f->count = 1;
	rc = tp_out_write(F->dir, name, buf, len, e);
	free(buf);
	if (rc == TP_OK)
		*at = F->n++;
	return rc;
}

static int add_pair(struct faces *F, size_t front, size_t back, tp_err *e)
{
	for (size_t i = 0; i < F->n_pr; i++)
		if (F->pr[i].front == front && F->pr[i].back == back) {
			F->pr[i].count++;
			return TP_OK;
		}
	if (tp_grow((void **)&F->pr, &F->cap_pr, F->n_pr + 1, sizeof *F->pr, 64) != 0)
		return tp_fail(e, TP_EIO, "out of memory listing the faces");
	F->pr[F->n_pr++] = (struct pair){ front, back, 1 };
	return TP_OK;
}

/* The page of sheet k as built (unimposed), in *sp; its scene or NULL. */
static const struct tp_scene *sheet_page(struct tp_sheet_pages *sp, const struct tp_session *s,
					 size_t k)
{
	memset(sp, 0, sizeof *sp);
	if (tp_sheet_pages_open(sp, s, k, 0) != 0 || sp->n < 1)
		return NULL;
	struct tp_page *pg = tp_sheet_pages_get(sp, 0);
	return pg ? pg->sc : NULL;
}

/* The image size of p in mm, and its bleed (the x axis'). */
static void image_mm(const struct tp_product *p, double dpi, double *w, double *h, double *b)
{
	*w = p->px_w * IN_MM / dpi;
	*h = p->px_h * IN_MM / dpi;
	*b = (*w - p->w_in * IN_MM) / 2;
}

/* The face of p for the tile (x, y, w, h) of src: a crop of the tile's
 * own shapes alone (text whose anchor lies on the tile, any other shape
 * that shows inside its trim: a neighbour's shape reaching into the
 * face's bleed is not the tile's, and a face's bleed must be the tile's
 * own art run on, never the next tile's) clipped to its bleed box, its
 * art run on into the bleed from its own edges (rects grown, straight
 * polygons pushed out: tp_panel_die_runon), on a scene of the tile's trim whose
 * bleed makes the image exactly p's pixels (a product a little larger
 * than the tile takes the run-on there too).  NULL when out of memory. */
static struct tp_scene *cut_face(const struct tp_scene *src, struct tp_scene_index *ix,
				 const struct tp_product *p, double dpi, double x, double y,
				 double w, double h)
{
	double iw, ih, b;
	image_mm(p, dpi, &iw, &ih, &b);
	b = (iw - w) / 2;
	if (b < 0)
		b = 0;
	const double clip[4] = { x - b, y - b, x + w + b, y + h + b };
	const struct tp_crop c = { x, y, w, h, b, clip, 1, -1 };
	struct tp_scene *sc = tp_sheet_crop_as(src, ix, "face", &c);
	if (sc == NULL)
		return NULL;
	const double r[4] = { 0, 0, w, h };
	struct tp_scene *f = tp_panel_die_runon(sc, r, 15);
	tp_scene_free(sc);
	return f;
}

/* The board's face: its page centred on p (the rest of the face white),
 * its trim the product's, so the image is exactly p's pixels. */
static struct tp_scene *centre_face(const struct tp_scene *src, const struct tp_product *p, double dpi)
{
	double iw, ih, b;
	image_mm(p, dpi, &iw, &ih, &b);
	double tw = iw - 2 * b, th = ih - 2 * b;
	struct tp_scene *sc = tp_sheet_crop(src, "face", (src->trim_w - tw) / 2, (src->trim_h - th) / 2, tw, th);
	if (sc != NULL)
		sc->bleed = b;
	return sc;
}

static int piece_faces(struct faces *F, const struct tp_scene *front, const struct tp_scene *back,
		       const struct tp_tile_grid *g, const struct tp_product *p, const char *base,
		       tp_err *e)
{
	struct tp_scene_index *ixf = tp_scene_index_new(front);
	struct tp_scene_index *ixb = back ? tp_scene_index_new(back) : NULL;
	int rc = ixf == NULL || (back && ixb == NULL) ? tp_fail(e, TP_EIO, "out of memory") : TP_OK;
	long n = (long)g->rows * g->cols;
	int width = snprintf(NULL, 0, "%ld", n);
	if (width < 3)
		width = 3;
	for (long i = 0; rc == TP_OK && i < n; i++) {
		int r = (int)(i / g->cols), c = (int)(i % g->cols);
		char name[200];
		size_t at_f = 0, at_b = SIZE_MAX;
		snprintf(name, sizeof name, "%s-%0*ld-front.png", base, width, i + 1);
		struct tp_scene *sc = cut_face(front, ixf, p, F->fa->raster_dpi, c * g->tile_w,
					       r * g->tile_h, g->tile_w, g->tile_h);
		rc = sc ? put_face(F, sc, p, 0, name, &at_f, e) : tp_fail(e, TP_EIO, "out of memory");
		tp_scene_free(sc);
		if (rc == TP_OK && back) {
			/* Work-and-turn: the back of column c lies at cols-1-c. */
			snprintf(name, sizeof name, "%s-%0*ld-back.png", base, width, i + 1);
			sc = cut_face(back, ixb, p, F->fa->raster_dpi, back->trim_w - (c + 1) * g->tile_w,
				      r * g->tile_h, g->tile_w, g->tile_h);
			rc = sc ? put_face(F, sc, p, 1, name, &at_b, e) : tp_fail(e, TP_EIO, "out of memory");
			tp_scene_free(sc);
		}
		if (rc == TP_OK)
			rc = add_pair(F, at_f, at_b, e);
	}
	tp_scene_index_free(ixf);
	tp_scene_index_free(ixb);
	return rc;
}

/* A slug product as a press sheet: the image, no margin, the pieces'
 * trims the factory's spacing apart (never less than two bleeds). */
static struct tp_press slug_press(const struct faces *F, const struct tp_product *p, double bleed)
{
	struct tp_press pr = { 0 };
	pr.w = p->px_w * IN_MM / F->fa->raster_dpi;
	pr.h = p->px_h * IN_MM / F->fa->raster_dpi;
	pr.bleed = bleed;
	pr.gutter = fmax(F->fa->slug_spacing_mm, 2 * bleed);
	return pr;
}

/* Every slug product's yield for g into the ticket; the chosen one in
 * *best (NULL when none holds a tile).  TP_OK, or e filled. */
static void slug_yield(struct faces *F, const struct tp_tile_grid *g, const char *sheet, double bleed,
		       const struct tp_product **best)
{
	*best = NULL;
	double best_area = 0;
	int best_n = 0;
	long pieces = (long)g->rows * g->cols;
	struct tp_buf *j = F->j;
	tp_buf_printf(j, "%s\n{\"sheet\":", F->first_slug ? ",\"punchout\":[" : ",");
	F->first_slug = 0;
	tp_buf_json_str(j, sheet);
	tp_buf_printf(j, ",\"pieces\":%ld,\"piece_mm\":[%.2f,%.2f],\"bleed_mm\":%.3f,\"spacing_mm\":%.2f,\"slugs\":[",
		      pieces, g->tile_w, g->tile_h, bleed, fmax(F->fa->slug_spacing_mm, 2 * bleed));
	tp_buf_printf(F->t, "\nPunchout slugs for %s: %ld pieces of %.2f x %.2f mm, %.2f mm apart:\n", sheet,
		      pieces, g->tile_w, g->tile_h, fmax(F->fa->slug_spacing_mm, 2 * bleed));
	int k = 0;
	for (int i = 0; i < F->fa->n_products; i++) {
		const struct tp_product *p = &F->fa->products[i];
		if (strcmp(p->kind, "slug") != 0)
			continue;
		struct tp_press pr = slug_press(F, p, bleed);
		struct tp_imposition im;
		char why[400];
		int fits = tp_impose_plan(&pr, g, &im, why, sizeof why) == 0;
		tp_buf_printf(j, "%s{\"product\":", k++ ? "," : "");
		tp_buf_json_str(j, p->name);
		tp_buf_printf(j, ",\"image_px\":[%d,%d],\"across\":%d,\"down\":%d,\"per_slug\":%d,\"slugs\":%d}",
			      p->px_w, p->px_h, fits ? im.across : 0, fits ? im.down : 0,
			      fits ? im.per_sheet : 0, fits ? im.sheets : 0);
		if (fits)
			tp_buf_printf(F->t, "  %-24s %d x %d px: %d x %d = %d a slug, %d slug%s\n", p->name,
				      p->px_w, p->px_h, im.across, im.down, im.per_sheet, im.sheets,
				      im.sheets == 1 ? "" : "s");
		else
			tp_buf_printf(F->t, "  %-24s %d x %d px: no piece fits\n", p->name, p->px_w, p->px_h);
		double area = fits ? im.sheets * pr.w * pr.h : 0;
		if (fits && (*best == NULL || area < best_area - 1e-6 ||
			     (fabs(area - best_area) <= 1e-6 && im.sheets < best_n))) {
			*best = p;
			best_area = area;
			best_n = im.sheets;
		}
	}
	tp_buf_printf(j, "],\"chosen\":");
	tp_buf_json_str(j, *best ? (*best)->name : "");
	tp_buf_printf(j, "}");
	tp_buf_printf(F->t, "  chosen: %s (the least board in all)\n", *best ? (*best)->name : "none");
}

static int slug_faces(struct faces *F, const struct tp_scene *src, int back, const struct tp_tile_grid *g,
		      const struct tp_product *p, const char *base, size_t *at, tp_err *e)
{
	struct tp_press pr = slug_press(F, p, src->bleed);
	struct tp_doc doc = { 0 };
	if (tp_impose_scene(&pr, g, src, back, "slug-", &doc) != 0) {
		tp_doc_free(&doc);
		return tp_fail(e, TP_EIO, "out of memory laying out the slugs");
	}
	int rc = TP_OK;
	for (size_t k = 0; rc == TP_OK && k < doc.n; k++) {
		char name[200];
		snprintf(name, sizeof name, "%s-slug-%zu-%s.png", base, k + 1, back ? "back" : "front");
		rc = put_face(F, doc.pages[k].sc, p, back, name, &at[k], e);
		/* One slug in memory at a time from here on. */
		tp_scene_free(doc.pages[k].sc);
		doc.pages[k].sc = NULL;
	}
	tp_doc_free(&doc);
	return rc;
}

/* The product of kind for a w x h mm piece: within match_mm of its
 * finished size (fit 0), or the smallest it fits (fit 1). */
static const struct tp_product *product_for(const struct tp_factory *fa, const char *kind, double w,
					    double h, int fit)
{
	const struct tp_product *best = NULL;
	for (int i = 0; i < fa->n_products; i++) {
		const struct tp_product *p = &fa->products[i];
		double pw = p->w_in * IN_MM, ph = p->h_in * IN_MM;
		if (strcmp(p->kind, kind) != 0)
			continue;
		int ok = fit ? pw >= w - 1e-6 && ph >= h - 1e-6
			     : fabs(pw - w) <= fa->match_mm + 1e-9 && fabs(ph - h) <= fa->match_mm + 1e-9;
		if (ok && (best == NULL || pw * ph < best->w_in * best->h_in * IN_MM * IN_MM))
			best = p;
	}
	return best;
}

static int tile_sheet(struct faces *F, size_t k, tp_err *e)
{
	const struct tp_session *s = F->s;
	const struct tp_sheet_def *d = &s->game->sheets[k];
	struct tp_tile_grid g;
	if (d->tiles(s->cfg, s->model, &g) != 0 || g.rows < 1 || g.cols < 1)
		return TP_OK;
	size_t kb = SIZE_MAX;
	char why[200];
	for (size_t i = 0; g.backs && i < s->game->n_sheets; i++)
		if (strcmp(s->game->sheets[i].name, g.backs) == 0 &&
		    !tp_sheet_absent(s->cfg, &s->game->sheets[i], why, sizeof why))
			kb = i;
	struct tp_sheet_pages fp, bp;
	const struct tp_scene *front = sheet_page(&fp, s, k);
	const struct tp_scene *back = kb != SIZE_MAX ? sheet_page(&bp, s, kb) : NULL;
	int rc = front == NULL || (kb != SIZE_MAX && back == NULL)
		? tp_fail(e, TP_EIO, "out of memory laying out %s", d->name) : TP_OK;
	char base[256];
	tp_file_base(s->cfg, d->name, base, sizeof base);
	const struct tp_product *p = NULL;
	if (rc == TP_OK && fabs(g.tile_w - g.tile_h) < 1e-9)
		p = product_for(F->fa, "square", g.tile_w, g.tile_h, 0);
	if (rc == TP_OK && p != NULL) {
		tp_buf_printf(F->t, "\n%s: %d pieces of %.2f x %.2f mm as %s (%g x %g in, %d x %d px)\n",
			      d->name, g.rows * g.cols, g.tile_w, g.tile_h, p->name, p->w_in, p->h_in,
			      p->px_w, p->px_h);
		rc = piece_faces(F, front, back, &g, p, base, e);
	} else if (rc == TP_OK) {
		slug_yield(F, &g, d->name, front->bleed, &p);
		if (p != NULL) {
			struct tp_press pr = slug_press(F, p, front->bleed);
			struct tp_imposition im;
			rc = tp_impose_plan(&pr, &g, &im, why, sizeof why) == 0 ? TP_OK
			     : tp_fail(e, TP_EIO, "%s: %s", d->name, why);
			size_t *af = rc == TP_OK ? tp_calloc((size_t)im.sheets, sizeof *af) : NULL;
			size_t *ab = rc == TP_OK ? tp_calloc((size_t)im.sheets, sizeof *ab) : NULL;
			if (rc == TP_OK && (af == NULL || ab == NULL))
				rc = tp_fail(e, TP_EIO, "out of memory");
			for (int i = 0; ab && i < im.sheets; i++)
				ab[i] = SIZE_MAX;
			if (rc == TP_OK)
				rc = slug_faces(F, front, 0, &g, p, base, af, e);
			if (rc == TP_OK && back)
				rc = slug_faces(F, back, 1, &g, p, base, ab, e);
			for (int i = 0; rc == TP_OK && i < im.sheets; i++)
				rc = add_pair(F, af[i], ab[i], e);
			free(af);
			free(ab);
		}
	}
	tp_sheet_pages_close(&fp);
	if (kb != SIZE_MAX)
		tp_sheet_pages_close(&bp);
	return rc;
}

/* The board's face: on the smallest board product it fits, centred. */
static int board_sheet(struct faces *F, size_t k, tp_err *e)
{
	const struct tp_session *s = F->s;
	const struct tp_sheet_def *d = &s->game->sheets[k];
	struct tp_sheet_pages sp;
	const struct tp_scene *sc = sheet_page(&sp, s, k);
	int rc = sc ? TP_OK : tp_fail(e, TP_EIO, "out of memory laying out %s", d->name);
	const struct tp_product *p = sc ? product_for(F->fa, "board", sc->trim_w, sc->trim_h, 1) : NULL;
	if (rc == TP_OK && p == NULL) {
		tp_buf_printf(F->t, "\n%s: %.1f x %.1f mm: larger than every board product, no face\n", d->name,
			      sc->trim_w, sc->trim_h);
	} else if (rc == TP_OK) {
		char base[256], name[300];
		tp_file_base(s->cfg, d->name, base, sizeof base);
		snprintf(name, sizeof name, "%s-face.png", base);
		tp_buf_printf(F->t, "\n%s: %.1f x %.1f mm, centred on %s (%g x %g in, %d x %d px)\n", d->name,
			      sc->trim_w, sc->trim_h, p->name, p->w_in, p->h_in, p->px_w, p->px_h);
		struct tp_scene *f = centre_face(sc, p, F->fa->raster_dpi);
		size_t at;
		rc = f ? put_face(F, f, p, 0, name, &at, e) : tp_fail(e, TP_EIO, "out of memory");
		tp_scene_free(f);
		if (rc == TP_OK)
			rc = add_pair(F, at, SIZE_MAX, e);
	}
	tp_sheet_pages_close(&sp);
	return rc;
}

/* ---- separate pieces: on punchout slugs ---------------------------------- */

/* 1 when every shape of sc is in the die ink (a placed symbol's: each
 * of its shapes): a cut sheet, no face. */
static int die_only(const struct tp_scene *sc)
{
	struct tp_scene_iter it = { 0 };
	for (const struct tp_shape *s; (s = tp_scene_next(sc, &it)) != NULL;)
		if (s->ink != TP_INK_CUT)
			return 0;
	return 1;
}

/* The die lines of slug sc alone (the walk's die view, unmoved) as an
 * SVG named name: the slug's cut file.  TP_OK, or e filled. */
static int put_cut(struct faces *F, const struct tp_scene *sc, const char *name, tp_err *e)
{
	struct tp_scene *d = tp_scene_new(sc->name, sc->trim_w, sc->trim_h, sc->bleed, &sc->pal);
	if (d == NULL)
		return tp_fail(e, TP_EIO, "out of memory drawing a cut file");
	d->plate = 1;
	const struct tp_walk_opts o = { .inks = TP_WALK_INK(TP_INK_CUT) };
	const struct tp_copy_sink k = { .dst = d, .dx = -0.0, .dy = -0.0 };
	int rc = tp_walk_copy(sc, &o, &k, e);
	char *buf = NULL;
	size_t len = 0;
	FILE *m = rc == TP_OK ? open_memstream(&buf, &len) : NULL;
	if (rc == TP_OK && m == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory drawing a cut file");
	if (m != NULL) {
		const struct tp_scene *pg = d;
		struct tp_doc_info info = { .title = name, .dpi = F->fa->raster_dpi };
		rc = tp_svg_write(m, &pg, 1, &info, e);
		if (fclose(m) != 0 && rc == TP_OK)
			rc = tp_fail(e, TP_EIO, "out of memory drawing a cut file");
	}
	if (rc == TP_OK)
		rc = tp_out_write(F->dir, name, buf, len, e);
	free(buf);
	tp_scene_free(d);
	return rc;
}

/* The slug product with the least board in all (fewest slugs on a tie)
 * for the pieces ps, every slug's yield into the ticket; NULL when no
 * slug holds the largest piece.  *n_slugs: the chosen one's slugs. */
static const struct tp_product *parts_yield(struct faces *F, const struct tp_parts *ps, const char *sheet,
					    int *sheet_of, double *x, double *y, int *n_slugs)
{
	const struct tp_product *best = NULL;
	double best_area = 0;
	int best_n = 0;
	struct tp_buf *j = F->j;
	tp_buf_printf(j, "%s\n{\"sheet\":", F->first_slug ? ",\"punchout\":[" : ",");
	F->first_slug = 0;
	tp_buf_json_str(j, sheet);
	tp_buf_printf(j, ",\"pieces\":%zu,\"bleed_mm\":%.3f,\"spacing_mm\":%.2f,\"slugs\":[", ps->n, ps->bleed,
		      fmax(F->fa->slug_spacing_mm, 2 * ps->bleed));
	tp_buf_printf(F->t, "\nPunchout slugs for %s: %zu separate piece%s, each with its cut, %.2f mm apart:\n",
		      sheet, ps->n, ps->n == 1 ? "" : "s", fmax(F->fa->slug_spacing_mm, 2 * ps->bleed));
	int k = 0;
	for (int i = 0; i < F->fa->n_products; i++) {
		const struct tp_product *p = &F->fa->products[i];
		if (strcmp(p->kind, "slug") != 0)
			continue;
		struct tp_press pr = slug_press(F, p, ps->bleed);
		char why[400];
		int n = tp_parts_plan(&pr, ps, sheet_of, x, y, why, sizeof why);
		tp_buf_printf(j, "%s{\"product\":", k++ ? "," : "");
		tp_buf_json_str(j, p->name);
		tp_buf_printf(j, ",\"image_px\":[%d,%d],\"slugs\":%d}", p->px_w, p->px_h, n > 0 ? n : 0);
		if (n > 0)
			tp_buf_printf(F->t, "  %-24s %d x %d px: %d slug%s\n", p->name, p->px_w, p->px_h, n,
				      n == 1 ? "" : "s");
		else
			tp_buf_printf(F->t, "  %-24s %d x %d px: a piece does not fit\n", p->name, p->px_w, p->px_h);
		double area = n > 0 ? n * pr.w * pr.h : 0;
		if (n > 0 && (best == NULL || area < best_area - 1e-6 ||
			      (fabs(area - best_area) <= 1e-6 && n < best_n))) {
			best = p;
			best_area = area;
			best_n = n;
		}
	}
	*n_slugs = best_n;
	tp_buf_printf(j, "],\"chosen\":");
	tp_buf_json_str(j, best ? best->name : "");
	if (best != NULL) {
		/* The chosen plan again: which slug each piece lies on. */
		struct tp_press pr = slug_press(F, best, ps->bleed);
		char why[400];
		tp_parts_plan(&pr, ps, sheet_of, x, y, why, sizeof why);
		tp_buf_printf(j, ",\"slug_pieces\":[");
		for (int s = 0; s < best_n; s++) {
			long c = 0;
			for (size_t i = 0; i < ps->n; i++)
				c += sheet_of[i] == s;
			tp_buf_printf(j, "%s%ld", s ? "," : "", c);
		}
		tp_buf_printf(j, "]");
	}
	tp_buf_printf(j, "}");
	tp_buf_printf(F->t, "  chosen: %s%s\n", best ? best->name : "none",
		      best ? " (the least board in all)" : ": no slug holds the largest piece");
	return best;
}

/* The slugs of the page src of pieces ps on p: each an image named
 * BASE-slug-K-SIDE.png (and, for the fronts, its cut BASE-slug-K-cut.svg),
 * at[k] its face.  TP_OK, or e filled. */
static int parts_slugs(struct faces *F, const struct tp_scene *src, const struct tp_parts *ps,
		       const struct tp_product *p, const char *base, size_t *at, tp_err *e)
{
	struct tp_press pr = slug_press(F, p, ps->bleed);
	struct tp_doc doc = { 0 };
	if (tp_impose_parts(&pr, ps, src, "slug-", &doc) != 0) {
		tp_doc_free(&doc);
		return tp_fail(e, TP_EIO, "out of memory laying out the slugs");
	}
	int rc = TP_OK;
	for (size_t k = 0; rc == TP_OK && k < doc.n; k++) {
		char name[300];
		snprintf(name, sizeof name, "%s-slug-%zu-%s.png", base, k + 1, ps->back ? "back" : "front");
		rc = put_face(F, doc.pages[k].sc, p, ps->back, name, &at[k], e);
		if (rc == TP_OK && !ps->back) {
			snprintf(name, sizeof name, "%s-slug-%zu-cut.svg", base, k + 1);
			/* An image written once for several slugs has one cut. */
			if (F->f[at[k]].cut[0] == 0) {
				snprintf(F->f[at[k]].cut, sizeof F->f[at[k]].cut, "%s", name);
				rc = put_cut(F, doc.pages[k].sc, name, e);
			}
		}
		tp_scene_free(doc.pages[k].sc);
		doc.pages[k].sc = NULL;
	}
	tp_doc_free(&doc);
	return rc;
}

/* A sheet of separate pieces (game.h parts()): each page's pieces, and
 * their backs from the sheet that is their mirrored back (cut_by it,
 * cut_back), on the punchout slugs that take the least board.  The
 * sheet is laid out as for a punchboard (print.layout = punchboard: a
 * set that lays its pieces edge to edge otherwise then stands them
 * apart, each with its own bleed run on from its own art), on a copy
 * of the config; the package's other files are as built. */
static int parts_sheet(struct faces *F, size_t k, tp_err *e)
{
	const struct tp_session *s = F->s;
	const struct tp_sheet_def *d = &s->game->sheets[k];
	struct tp_config cc = *s->cfg;
	cc.print.layout = TP_LAYOUT_PUNCHBOARD;
	const struct tp_sheet_def *bd = NULL;
	char why[200];
	for (size_t i = 0; i < s->game->n_sheets; i++) {
		const struct tp_sheet_def *b = &s->game->sheets[i];
		if (b->cut_by && strcmp(b->cut_by, d->name) == 0 && b->cut_back && b->parts &&
		    !(b->flags & TP_SHEET_PLATE) && !tp_sheet_absent(s->cfg, b, why, sizeof why))
			bd = b;
	}
	struct tp_doc fd = { 0 }, bk = { 0 };
	int rc = d->build(&cc, s->model, &fd) != 0 || (bd && bd->build(&cc, s->model, &bk) != 0)
		? tp_fail(e, TP_EIO, "out of memory laying out %s", d->name) : TP_OK;
	char base[256];
	tp_file_base(s->cfg, d->name, base, sizeof base);
	for (size_t pg = 0; rc == TP_OK && pg < fd.n; pg++) {
		const struct tp_scene *src = fd.pages[pg].sc;
		struct tp_parts ps = { 0 }, pb = { 0 };
		int got = die_only(src) ? 0 : d->parts(&cc, src->name, &ps);
		if (got < 0)
			rc = tp_fail(e, TP_EIO, "out of memory laying out %s", d->name);
		const struct tp_scene *bsrc = bd && pg < bk.n ? bk.pages[pg].sc : NULL;
		int gotb = got > 0 && bsrc ? bd->parts(&cc, bsrc->name, &pb) : 0;
		if (gotb < 0)
			rc = tp_fail(e, TP_EIO, "out of memory laying out %s", bd->name);
		if (rc == TP_OK && got > 0 && ps.n > 0) {
			char name[300];
			if (fd.n > 1)
				snprintf(name, sizeof name, "%s-%s", base, src->name);
			else
				snprintf(name, sizeof name, "%s", base);
			int *at = tp_calloc(ps.n, sizeof *at);
			double *x = tp_calloc(ps.n, sizeof *x), *y = tp_calloc(ps.n, sizeof *y);
			const struct tp_product *p = NULL;
			int n = 0;
			if (at == NULL || x == NULL || y == NULL)
				rc = tp_fail(e, TP_EIO, "out of memory");
			else
				p = parts_yield(F, &ps, fd.n > 1 ? src->name : d->name, at, x, y, &n);
			size_t *af = p ? tp_calloc((size_t)n, sizeof *af) : NULL;
			size_t *ab = p ? tp_calloc((size_t)n, sizeof *ab) : NULL;
			if (p && (af == NULL || ab == NULL))
				rc = tp_fail(e, TP_EIO, "out of memory");
			for (int i = 0; ab && i < n; i++)
				ab[i] = SIZE_MAX;
			if (rc == TP_OK && p)
				rc = parts_slugs(F, src, &ps, p, name, af, e);
			if (rc == TP_OK && p && gotb > 0 && pb.n == ps.n)
				rc = parts_slugs(F, bsrc, &pb, p, name, ab, e);
			for (int i = 0; rc == TP_OK && p && i < n; i++)
				rc = add_pair(F, af[i], ab[i], e);
			free(af);
			free(ab);
			free(at);
			free(x);
			free(y);
		}
		free(ps.p);
		free(pb.p);
	}
	tp_doc_free(&fd);
	tp_doc_free(&bk);
	return rc;
}

/* sc cut to its bleed box (copy_sink.h's clip): a page cropped from a
 * larger one keeps the shapes that run on past it (the board's grid
 * lines), which the page's own bleed box hides but a slug would show.
 * NULL when out of memory. */
static struct tp_scene *to_bleed(const struct tp_scene *sc)
{
	struct tp_scene *d = tp_scene_new(sc->name, sc->trim_w, sc->trim_h, sc->bleed, &sc->pal);
	if (d == NULL)
		return NULL;
	d->plate = sc->plate;
	const double clip[4] = { -sc->bleed, -sc->bleed, sc->trim_w + sc->bleed, sc->trim_h + sc->bleed };
	const struct tp_walk_opts o = { .marks = 0 };
	const struct tp_copy_sink k = { .dst = d, .dx = -0.0, .dy = -0.0, .clip = clip };
	tp_err e = { 0 };
	if (tp_walk_copy(sc, &o, &k, &e) != TP_OK) {
		tp_scene_free(d);
		return NULL;
	}
	tp_scene_layer_by_ink(d);
	return d;
}

/* A sheet of board pieces (the board's halves or parts, the series'
 * board pieces: each page one die-cut piece, its trim the page's): each
 * piece on the punchout slug that takes the least board when one holds
 * it, else a face on the smallest board product it fits, centred.  The
 * whole board is the sheet "board"; these are the pieces it is also
 * made as, each listed with its own count. */
static int board_pieces(struct faces *F, size_t k, tp_err *e)
{
	const struct tp_session *s = F->s;
	const struct tp_sheet_def *d = &s->game->sheets[k];
	struct tp_sheet_pages sp;
	memset(&sp, 0, sizeof sp);
	int rc = tp_sheet_pages_open(&sp, s, k, 0) != 0 ? tp_fail(e, TP_EIO, "out of memory laying out %s", d->name)
							 : TP_OK;
	char base[256];
	tp_file_base(s->cfg, d->name, base, sizeof base);
	for (size_t pg = 0; rc == TP_OK && pg < sp.n; pg++) {
		struct tp_page *page = tp_sheet_pages_get(&sp, pg);
		if (page == NULL) {
			rc = tp_fail(e, TP_EIO, "out of memory laying out %s", d->name);
			break;
		}
		const struct tp_scene *sc = page->sc;
		if (die_only(sc))
			continue;
		char name[300];
		if (sp.n > 1)
			snprintf(name, sizeof name, "%s-%s", base, sc->name);
		else
			snprintf(name, sizeof name, "%s", base);
		struct tp_part part = { 0, 0, sc->trim_w, sc->trim_h };
		struct tp_parts ps = { &part, 1, sc->bleed, 0 };
		int at = 0, n = 0;
		double x = 0, y = 0;
		const struct tp_product *p = parts_yield(F, &ps, sp.n > 1 ? sc->name : d->name, &at, &x, &y, &n);
		size_t af = 0;
		if (p != NULL) {
			struct tp_scene *cut = to_bleed(sc);
			rc = cut ? parts_slugs(F, cut, &ps, p, name, &af, e) : tp_fail(e, TP_EIO, "out of memory");
			tp_scene_free(cut);
		} else if ((p = product_for(F->fa, "board", sc->trim_w, sc->trim_h, 1)) != NULL) {
			char file[320];
			snprintf(file, sizeof file, "%s-face.png", name);
			tp_buf_printf(F->t, "  instead: %.1f x %.1f mm, centred on %s (%g x %g in, %d x %d px)\n",
				      sc->trim_w, sc->trim_h, p->name, p->w_in, p->h_in, p->px_w, p->px_h);
			struct tp_scene *cut = to_bleed(sc);
			struct tp_scene *f = cut ? centre_face(cut, p, F->fa->raster_dpi) : NULL;
			rc = f ? put_face(F, f, p, 0, file, &af, e) : tp_fail(e, TP_EIO, "out of memory");
			tp_scene_free(f);
			tp_scene_free(cut);
		} else {
			tp_buf_printf(F->t, "  %.1f x %.1f mm: larger than every slug and board product, no face\n",
				      sc->trim_w, sc->trim_h);
			continue;
		}
		if (rc == TP_OK)
			rc = add_pair(F, af, SIZE_MAX, e);
	}
	tp_sheet_pages_close(&sp);
	return rc;
}

static void ticket(const struct faces *F)
{
	struct tp_buf *j = F->j, *t = F->t;
	if (!F->first_slug)
		tp_buf_printf(j, "]");
	tp_buf_printf(j, ",\n\"faces\":[");
	tp_buf_printf(t, "\nFaces (faces/: one image per face, identical ones once with their count):\n");
	for (size_t i = 0; i < F->n; i++) {
		const struct face *f = &F->f[i];
		tp_buf_printf(j, "%s\n{\"file\":", i ? "," : "");
		tp_buf_json_str(j, f->file);
		tp_buf_printf(j, ",\"side\":\"%s\",\"product\":", f->back ? "back" : "front");
		tp_buf_json_str(j, f->p->name);
		tp_buf_printf(j, ",\"image_px\":[%d,%d],\"count\":%ld", f->p->px_w, f->p->px_h, f->count);
		if (f->cut[0]) {
			tp_buf_printf(j, ",\"cut\":");
			tp_buf_json_str(j, f->cut);
		}
		tp_buf_printf(j, "}");
		tp_buf_printf(t, "  %-44s %-20s %5d x %-5d px  x %ld%s%s\n", f->file, f->p->name, f->p->px_w,
			      f->p->px_h, f->count, f->cut[0] ? "  cut: " : "", f->cut);
	}
	tp_buf_printf(j, "],\n\"pieces\":[");
	tp_buf_printf(t, "\nTo upload (front, back, quantity):\n");
	for (size_t i = 0; i < F->n_pr; i++) {
		const struct pair *p = &F->pr[i];
		tp_buf_printf(j, "%s\n{\"front\":", i ? "," : "");
		tp_buf_json_str(j, F->f[p->front].file);
		tp_buf_printf(j, ",\"back\":");
		if (p->back == SIZE_MAX)
			tp_buf_printf(j, "null");
		else
			tp_buf_json_str(j, F->f[p->back].file);
		tp_buf_printf(j, ",\"quantity\":%ld}", p->count);
		tp_buf_printf(t, "  %s, %s, %ld\n", F->f[p->front].file,
			      p->back == SIZE_MAX ? "-" : F->f[p->back].file, p->count);
	}
	tp_buf_printf(j, "]");
}

int tp_pack_faces(const struct tp_session *s, const struct tp_factory *fa, const char *dir,
		  struct tp_buf *j, struct tp_buf *t, tp_err *e)
{
	struct faces F = { .s = s, .fa = fa, .j = j, .t = t, .first_slug = 1 };
	snprintf(F.dir, sizeof F.dir, "%s/faces", dir);
	/* dir is the package's staging folder: no older image is there, and
	 * one an earlier pack left in place goes with the commit's clean. */
	int rc = tp_mkdirs(F.dir, e);
	char why[200];
	for (size_t k = 0; rc == TP_OK && k < s->game->n_sheets; k++) {
		const struct tp_sheet_def *d = &s->game->sheets[k];
		if ((d->flags & (TP_SHEET_PLATE | TP_SHEET_WHOLE)) || tp_sheet_absent(s->cfg, d, why, sizeof why))
			continue;
		if (d->tiles)
			rc = tile_sheet(&F, k, e);
		else if (d->parts && !(d->cut_by && d->cut_back))
			rc = parts_sheet(&F, k, e);
		else if (strcmp(d->name, "board") == 0)
			rc = board_sheet(&F, k, e);
		else if (strncmp(d->name, "board-", 6) == 0)
			rc = board_pieces(&F, k, e);
	}
	if (rc == TP_OK)
		ticket(&F);
	free(F.f);
	free(F.pr);
	return rc;
}
