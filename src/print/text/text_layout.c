#include "print/text/text_layout.h"

#include <cairo.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <pthread.h>
#include <stdlib.h>

#include "core/alloc.h"

/* Device units per mm: the layout is made at 1/100 mm, so FreeType's
 * 26.6 fixed point rounds glyph points to 1/6400 mm, not to 1/64 mm. */
#define DEV 1.0

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static PangoFontMap *fontmap;

/* A Cairo context drawing nowhere, mm user space, and a layout of utf8
 * in it; NULL when out of memory. */
static PangoLayout *make(const struct tp_text_style *st, double width, const char *utf8,
			 cairo_t **crp)
{
	*crp = NULL;
	if (fontmap == NULL && (fontmap = pango_cairo_font_map_new()) == NULL)
		return NULL;
	cairo_surface_t *s = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, NULL);
	cairo_t *cr = cairo_create(s);
	cairo_surface_destroy(s);
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
		cairo_destroy(cr);
		return NULL;
	}
	cairo_scale(cr, DEV, DEV);
	PangoContext *ctx = pango_font_map_create_context(fontmap);
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
	pango_font_description_set_family(fd, TP_TEXT_FONT);
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
	pango_layout_set_width(L, (int)floor(width * PANGO_SCALE));
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

int tp_text_measure(const struct tp_text_style *st, double width, const char *utf8,
		    double *height, int *lines, tp_err *e)
{
	pthread_mutex_lock(&lock);
	cairo_t *cr;
	PangoLayout *L = make(st, width, utf8, &cr);
	int rc = L == NULL ? tp_fail(e, TP_EIO, "out of memory laying out text")
			   : check(L, st, width, utf8, height, lines, e);
	if (L)
		g_object_unref(L);
	if (cr)
		cairo_destroy(cr);
	pthread_mutex_unlock(&lock);
	return rc;
}

/* Cairo's path (mm) as scene points, added to sc as one filled path. */
static int add_path(struct tp_scene *sc, int ink, const cairo_path_t *path)
{
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
	int rc = k ? tp_scene_path(sc, ink, TP_FILL, 0, p, k) : 0;
	free(p);
	return rc;
}

int tp_text_draw(struct tp_scene *sc, int ink, const struct tp_text_style *st, double x,
		 double y, double width, const char *utf8, double *height, tp_err *e)
{
	pthread_mutex_lock(&lock);
	cairo_t *cr;
	PangoLayout *L = make(st, width, utf8, &cr);
	int rc = L == NULL ? tp_fail(e, TP_EIO, "out of memory laying out text")
			   : check(L, st, width, utf8, height, NULL, e);
	if (rc == TP_OK) {
		cairo_move_to(cr, x, y);
		pango_cairo_layout_path(cr, L);
		cairo_path_t *path = cairo_copy_path(cr);
		if (path == NULL || path->status != CAIRO_STATUS_SUCCESS ||
		    add_path(sc, ink, path) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory outlining text");
		cairo_path_destroy(path);
	}
	if (L)
		g_object_unref(L);
	if (cr)
		cairo_destroy(cr);
	pthread_mutex_unlock(&lock);
	return rc;
}

int tp_text_layout_release(void)
{
	pthread_mutex_lock(&lock);
	int used = fontmap != NULL;
	if (fontmap)
		g_object_unref(fontmap);
	fontmap = NULL;
	pthread_mutex_unlock(&lock);
	return used;
}
