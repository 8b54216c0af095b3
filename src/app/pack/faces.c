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
#include "print/layout/sheet.h"
#include "print/scene/scene_index.h"
#include "print/output/outfile.h"

#define IN_MM 25.4

struct face {
	char file[200];
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

/* The face of p centred on the region (x, y, w, h) of src, named name:
 * its trim the product's (the image less the x bleed on every side), so
 * the image is exactly p's pixels.  NULL when out of memory. */
static struct tp_scene *cut_face(const struct tp_scene *src, struct tp_scene_index *ix,
				 const struct tp_product *p, double dpi, double x, double y,
				 double w, double h)
{
	double iw, ih, b;
	image_mm(p, dpi, &iw, &ih, &b);
	double tw = iw - 2 * b, th = ih - 2 * b;
	struct tp_scene *sc = tp_sheet_crop_ix(src, ix, "face", x + (w - tw) / 2, y + (h - th) / 2, tw, th);
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
		struct tp_scene *f = cut_face(sc, NULL, p, F->fa->raster_dpi, 0, 0, sc->trim_w, sc->trim_h);
		size_t at;
		rc = f ? put_face(F, f, p, 0, name, &at, e) : tp_fail(e, TP_EIO, "out of memory");
		tp_scene_free(f);
		if (rc == TP_OK)
			rc = add_pair(F, at, SIZE_MAX, e);
	}
	tp_sheet_pages_close(&sp);
	return rc;
}

/* Removes the images an earlier pack left in dir. */
static int empty_dir(const char *dir, tp_err *e)
{
	DIR *d = opendir(dir);
	if (d == NULL)
		return errno == ENOENT ? TP_OK : tp_fail(e, TP_EIO, "%s: cannot list it", dir);
	int rc = TP_OK;
	for (struct dirent *de; rc == TP_OK && (de = readdir(d)) != NULL;) {
		size_t len = strlen(de->d_name);
		if (len < 5 || strcmp(de->d_name + len - 4, ".png") != 0)
			continue;
		char path[4600];
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (unlink(path) != 0)
			rc = tp_fail(e, TP_EIO, "%s: cannot remove it", path);
	}
	closedir(d);
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
		tp_buf_printf(j, ",\"image_px\":[%d,%d],\"count\":%ld}", f->p->px_w, f->p->px_h, f->count);
		tp_buf_printf(t, "  %-44s %-20s %5d x %-5d px  x %ld\n", f->file, f->p->name, f->p->px_w,
			      f->p->px_h, f->count);
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
	int rc = tp_mkdirs(F.dir, e);
	if (rc == TP_OK)
		rc = empty_dir(F.dir, e);
	char why[200];
	for (size_t k = 0; rc == TP_OK && k < s->game->n_sheets; k++) {
		const struct tp_sheet_def *d = &s->game->sheets[k];
		if ((d->flags & (TP_SHEET_PLATE | TP_SHEET_WHOLE)) || tp_sheet_absent(s->cfg, d, why, sizeof why))
			continue;
		if (d->tiles)
			rc = tile_sheet(&F, k, e);
		else if (strcmp(d->name, "board") == 0)
			rc = board_sheet(&F, k, e);
	}
	if (rc == TP_OK)
		ticket(&F);
	free(F.f);
	free(F.pr);
	return rc;
}
