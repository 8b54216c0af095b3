#include "print/text/text_layout.h"

#include <cairo.h>
#include <math.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"
#include "print/text/font.h"

/* Device units per mm: the layout is made at 1/100 mm, so FreeType's
 * 26.6 fixed point rounds glyph points to 1/6400 mm, not to 1/64 mm. */
#define DEV 1.0

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static PangoFontMap *fontmap;

/* The designer's fonts: a font map each, whose Fontconfig knows that
 * file and DejaVu Sans (for the characters the file lacks) and nothing
 * of the system's fonts, so no other font can stand in for it. */
#define MAX_MAPS 4
static struct {
	char *path;
	char family[256];
	PangoFontMap *map;
} maps[MAX_MAPS];
static int n_maps;

static const char *const fallback_files[] = {
	"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
	"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
	"/usr/share/fonts/dejavu/DejaVuSans.ttf",
	"/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
	"/usr/share/fonts/TTF/DejaVuSans.ttf",
	"/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
};

/* A font with no bold face is emboldened for bold text, as Fontconfig's
 * own 90-synthetic.conf does for the system's fonts. */
static const char embolden_conf[] =
	"<?xml version=\"1.0\"?><fontconfig><match target=\"font\">"
	"<test name=\"weight\" compare=\"less_eq\"><const>medium</const></test>"
	"<test target=\"pattern\" name=\"weight\" compare=\"more_eq\"><const>bold</const></test>"
	"<edit name=\"embolden\" mode=\"assign\"><bool>true</bool></edit>"
	"<edit name=\"weight\" mode=\"assign\"><const>bold</const></edit>"
	"</match></fontconfig>";

/* Under lock: the font map and family for the font file path; NULL when
 * it cannot be made (tp_font_probe refuses a bad file first). */
static PangoFontMap *map_of(const char *path, const char **family)
{
	for (int i = 0; i < n_maps; i++)
		if (strcmp(maps[i].path, path) == 0) {
			*family = maps[i].family;
			return maps[i].map;
		}
	char fam[256], why[300];
	if (tp_font_probe(path, fam, sizeof fam, why, sizeof why) != 0)
		return NULL;
	FcConfig *cfg = FcConfigCreate();
	if (cfg == NULL)
		return NULL;
	FcConfigParseAndLoadFromMemory(cfg, (const FcChar8 *)embolden_conf, FcFalse);
	int ok = FcConfigAppFontAddFile(cfg, (const FcChar8 *)path);
	for (size_t i = 0; ok && i < sizeof fallback_files / sizeof fallback_files[0]; i++)
		if (access(fallback_files[i], R_OK) == 0)
			FcConfigAppFontAddFile(cfg, (const FcChar8 *)fallback_files[i]);
	PangoFontMap *fm = ok ? pango_cairo_font_map_new() : NULL;
	char *copy = fm ? tp_malloc(strlen(path) + 1) : NULL;
	if (copy == NULL) {
		if (fm)
			g_object_unref(fm);
		FcConfigDestroy(cfg);
		return NULL;
	}
	pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(fm), cfg);
	FcConfigDestroy(cfg);   /* the map holds it */
	memcpy(copy, path, strlen(path) + 1);
	if (n_maps == MAX_MAPS) {
		g_object_unref(maps[0].map);
		free(maps[0].path);
		memmove(&maps[0], &maps[1], (MAX_MAPS - 1) * sizeof maps[0]);
		n_maps--;
	}
	maps[n_maps].path = copy;
	snprintf(maps[n_maps].family, sizeof maps[n_maps].family, "%s", fam);
	maps[n_maps].map = fm;
	*family = maps[n_maps].family;
	n_maps++;
	return fm;
}

/* A Cairo context drawing nowhere, mm user space, and a layout of utf8
 * in it, in the font file font (NULL: the font in use); NULL when out of
 * memory. */
static PangoLayout *make(const char *font, const struct tp_text_style *st, double width,
			 const char *utf8, cairo_t **crp)
{
	*crp = NULL;
	if (font == NULL)
		font = tp_font_file();
	const char *family = TP_TEXT_FONT;
	PangoFontMap *fm = font[0] ? map_of(font, &family) : NULL;
	if (fm == NULL) {
		family = TP_TEXT_FONT;
		if (fontmap == NULL && (fontmap = pango_cairo_font_map_new()) == NULL)
			return NULL;
		fm = fontmap;
	}
	cairo_surface_t *s = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, NULL);
	cairo_t *cr = cairo_create(s);
	cairo_surface_destroy(s);
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
		cairo_destroy(cr);
		return NULL;
	}
	cairo_scale(cr, DEV, DEV);
	PangoContext *ctx = pango_font_map_create_context(fm);
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	pango_cairo_context_set_font_options(ctx, fo);
	cairo_font_options_destroy(fo);
	pango_context_set_round_glyph_positions(ctx, FALSE);
	pango_cairo_update_context(cr, ctx);
	PangoLayout *L = pango_layout_new(ctx);
	g_object_unref(ctx);
	PangoFontDescription *fd = pango_font_description_new();
	pango_font_description_set_family(fd, family);
	pango_font_description_set_weight(fd, st->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_absolute_size(fd, st->size_mm * PANGO_SCALE);
	pango_layout_set_font_description(L, fd);
	pango_font_description_free(fd);
	double lead = st->leading > 0 ? st->leading : 1.25;
	pango_layout_set_line_spacing(L, 0);
	pango_layout_set_spacing(L, 0);
	/* A fixed pitch: every line lead x size below the last, whatever
	 * its glyphs, so a block's height is lines x pitch. */
	PangoAttrList *al = pango_attr_list_new();
	pango_attr_list_insert(al, pango_attr_line_height_new_absolute(
					   (int)lround(lead * st->size_mm * PANGO_SCALE)));
	pango_layout_set_attributes(L, al);
	pango_attr_list_unref(al);
	pango_layout_set_width(L, width > 0 ? (int)floor(width * PANGO_SCALE) : -1);
	pango_layout_set_wrap(L, PANGO_WRAP_WORD_CHAR);
	pango_layout_set_alignment(L, st->align == TP_ALIGN_CENTER  ? PANGO_ALIGN_CENTER
				      : st->align == TP_ALIGN_RIGHT ? PANGO_ALIGN_RIGHT
								    : PANGO_ALIGN_LEFT);
	if (st->indent_mm > 0)
		pango_layout_set_indent(L, -(int)lround(st->indent_mm * PANGO_SCALE));
	pango_layout_set_text(L, utf8, -1);
	*crp = cr;
	return L;
}

static int check(PangoLayout *L, const struct tp_text_style *st, double width, const char *utf8,
		 double *height, int *lines, tp_err *e)
{
	PangoRectangle ink, log;
	pango_layout_get_extents(L, &ink, &log);
	int n = pango_layout_get_line_count(L);
	double lead = st->leading > 0 ? st->leading : 1.25;
	if (height)
		*height = n * lead * st->size_mm;
	if (lines)
		*lines = n;
	if ((double)log.width / PANGO_SCALE > width + 1e-6)
		return tp_fail(e, TP_EINPUT, "text \"%.40s\": a line %.1f mm wide does not fit in %.1f mm",
			       utf8, (double)log.width / PANGO_SCALE, width);
	return TP_OK;
}

/* Frees what make() made and lets the next caller lay out: rc. */
static int done(PangoLayout *L, cairo_t *cr, int rc)
{
	if (L)
		g_object_unref(L);
	if (cr)
		cairo_destroy(cr);
	pthread_mutex_unlock(&lock);
	return rc;
}

int tp_text_measure(const struct tp_text_style *st, double width, const char *utf8,
		    double *height, int *lines, tp_err *e)
{
	pthread_mutex_lock(&lock);
	cairo_t *cr;
	PangoLayout *L = make(NULL, st, width, utf8, &cr);
	int rc = L == NULL ? tp_fail(e, TP_EIO, "out of memory laying out text")
			   : check(L, st, width, utf8, height, lines, e);
	return done(L, cr, rc);
}

/* Cairo's path (mm) as scene points: *p, *n (NULL, 0 when empty). */
static int to_points(const cairo_path_t *path, struct tp_pt **pp, size_t *np)
{
	*pp = NULL;
	*np = 0;
	size_t count = 0;
	for (int i = 0; i < path->num_data; i += path->data[i].header.length)
		count += path->data[i].header.type == CAIRO_PATH_CURVE_TO ? 3 : 1;
	if (count == 0)
		return 0;
	struct tp_pt *p = tp_malloc(count * sizeof *p);
	if (p == NULL)
		return -1;
	size_t k = 0;
	double mx = 0, my = 0;
	for (int i = 0; i < path->num_data; i += path->data[i].header.length) {
		const cairo_path_data_t *d = &path->data[i];
		switch (d->header.type) {
		case CAIRO_PATH_MOVE_TO:
			mx = d[1].point.x;
			my = d[1].point.y;
			p[k++] = (struct tp_pt){ TP_MOVE, mx, my };
			break;
		case CAIRO_PATH_LINE_TO:
			p[k++] = (struct tp_pt){ TP_LINE, d[1].point.x, d[1].point.y };
			break;
		case CAIRO_PATH_CURVE_TO:
			for (int j = 1; j <= 3; j++)
				p[k++] = (struct tp_pt){ TP_CURVE, d[j].point.x, d[j].point.y };
			break;
		case CAIRO_PATH_CLOSE_PATH:
			p[k++] = (struct tp_pt){ TP_CLOSE, mx, my };
			break;
		}
	}
	while (k > 0 && p[k - 1].op == TP_MOVE)
		k--;
	if (k == 0) {
		free(p);
		return 0;
	}
	*pp = p;
	*np = k;
	return 0;
}

/* Cairo's path (mm) added to sc as one filled path. */
static int add_path(struct tp_scene *sc, int ink, const cairo_path_t *path)
{
	struct tp_pt *p;
	size_t k;
	if (to_points(path, &p, &k) != 0)
		return -1;
	int rc = k ? tp_scene_path(sc, ink, TP_FILL, 0, p, k) : 0;
	free(p);
	return rc;
}

/* The layout's outline with its origin at (x, y); NULL when Cairo fails
 * (out of memory).  Destroy with cairo_path_destroy (NULL allowed). */
static cairo_path_t *layout_path(cairo_t *cr, PangoLayout *L, double x, double y)
{
	cairo_move_to(cr, x, y);
	pango_cairo_layout_path(cr, L);
	cairo_path_t *path = cairo_copy_path(cr);
	if (path != NULL && path->status != CAIRO_STATUS_SUCCESS) {
		cairo_path_destroy(path);
		return NULL;
	}
	return path;
}

int tp_text_draw(struct tp_scene *sc, int ink, const struct tp_text_style *st, double x,
		 double y, double width, const char *utf8, double *height, tp_err *e)
{
	pthread_mutex_lock(&lock);
	cairo_t *cr;
	PangoLayout *L = make(NULL, st, width, utf8, &cr);
	int rc = L == NULL ? tp_fail(e, TP_EIO, "out of memory laying out text")
			   : check(L, st, width, utf8, height, NULL, e);
	if (rc == TP_OK) {
		cairo_path_t *path = layout_path(cr, L, x, y);
		if (path == NULL || add_path(sc, ink, path) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory outlining text");
		cairo_path_destroy(path);
	}
	return done(L, cr, rc);
}

int tp_text_line(const char *font, double size_mm, const char *utf8, struct tp_pt **pts,
		 size_t *n, double ink[4], tp_err *e)
{
	*pts = NULL;
	*n = 0;
	ink[0] = ink[1] = ink[2] = ink[3] = 0;
	struct tp_text_style st = { size_mm, 1.25, 0, TP_ALIGN_LEFT, 0 };
	pthread_mutex_lock(&lock);
	cairo_t *cr;
	PangoLayout *L = make(font, &st, -1, utf8, &cr);
	int rc = L == NULL ? tp_fail(e, TP_EIO, "out of memory laying out text") : TP_OK;
	if (rc == TP_OK) {
		PangoRectangle r;
		pango_layout_get_extents(L, &r, NULL);
		ink[0] = (double)r.x / PANGO_SCALE;
		ink[1] = (double)r.y / PANGO_SCALE;
		ink[2] = (double)(r.x + r.width) / PANGO_SCALE;
		ink[3] = (double)(r.y + r.height) / PANGO_SCALE;
		cairo_path_t *path = layout_path(cr, L, 0, 0);
		if (path == NULL || to_points(path, pts, n) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory outlining text");
		cairo_path_destroy(path);
	}
	return done(L, cr, rc);
}

int tp_text_layout_release(void)
{
	pthread_mutex_lock(&lock);
	int used = fontmap != NULL || n_maps > 0;
	if (fontmap)
		g_object_unref(fontmap);
	fontmap = NULL;
	for (int i = 0; i < n_maps; i++) {
		g_object_unref(maps[i].map);
		free(maps[i].path);
	}
	n_maps = 0;
	pthread_mutex_unlock(&lock);
	return used;
}
