#include "print/art/text_outline.h"

#include <cairo.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/text/font.h"

/* Outlines are taken at this font size and scaled down by us: FreeType
 * hands Cairo 26.6 fixed-point coordinates, so outlining at a 3 mm size
 * directly would snap points to 1/64 mm. */
#define EM 1024.0

static void put(struct tp_pt *p, int op, double x, double y)
{
	p->op = (uint8_t)op;
	p->x = x;
	p->y = y;
}

/* Maps Cairo's path (font units, origin at the pen) onto scene points. */
static int convert(const cairo_path_t *path, double x, double y, double s,
		   struct tp_pt **pts, size_t *n)
{
	size_t count = 0;
	for (int i = 0; i < path->num_data; i += path->data[i].header.length)
		count += path->data[i].header.type == CAIRO_PATH_CURVE_TO ? 3 : 1;
	if (count == 0)
		return 0;
	struct tp_pt *out = tp_malloc(count * sizeof *out);
	if (out == NULL)
		return -1;
	size_t k = 0;
	double mx = x, my = y;
	for (int i = 0; i < path->num_data; i += path->data[i].header.length) {
		const cairo_path_data_t *d = &path->data[i];
		switch (d->header.type) {
		case CAIRO_PATH_MOVE_TO:
			mx = x + d[1].point.x * s;
			my = y + d[1].point.y * s;
			put(&out[k++], TP_MOVE, mx, my);
			break;
		case CAIRO_PATH_LINE_TO:
			put(&out[k++], TP_LINE, x + d[1].point.x * s, y + d[1].point.y * s);
			break;
		case CAIRO_PATH_CURVE_TO:
			for (int j = 1; j <= 3; j++)
				put(&out[k++], TP_CURVE, x + d[j].point.x * s,
				    y + d[j].point.y * s);
			break;
		case CAIRO_PATH_CLOSE_PATH:
			put(&out[k++], TP_CLOSE, mx, my);
			break;
		}
	}
	/* Cairo leaves the pen after the last glyph as a lone move. */
	while (k > 0 && out[k - 1].op == TP_MOVE)
		k--;
	if (k == 0) {
		free(out);
		return 0;
	}
	*pts = out;
	*n = k;
	return 0;
}

/* DejaVu Sans opened straight from its file, once per process: the face
 * Fontconfig matches for "DejaVu Sans", without Fontconfig's start, which
 * parses every configuration file (27 M instructions: a fifth of a small
 * PNG build).  With hinting off, the outlines and advances are those the
 * toy font API gives (the same face, the same load flags).  Where the file
 * is not in one of these places, the toy API finds the font as before. */
static const char *const dejavu_files[] = {
	"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", /* Debian, Ubuntu */
	"/usr/share/fonts/dejavu/DejaVuSans.ttf",          /* Fedora */
	"/usr/share/fonts/TTF/DejaVuSans.ttf",             /* Arch */
};
static pthread_mutex_t face_mu = PTHREAD_MUTEX_INITIALIZER;
static int face_tried;
static cairo_font_face_t *dejavu;   /* or NULL: use the toy API */
static const cairo_user_data_key_t ft_face_key;

/* The designer's fonts (print.font, a text entry's font), opened once
 * each by their path. */
#define MAX_FACES 8
static struct {
	char *path;
	cairo_font_face_t *face;
} faces[MAX_FACES];
static int n_faces;

/* Runs when Cairo lets go of the face (its caches hold it too). */
static void done_face(void *face)
{
	FT_Library lib = ((FT_Face)face)->glyph->library;
	FT_Done_Face(face);
	FT_Done_FreeType(lib);
}

/* A Cairo face for the font file path, its FreeType face owned by it;
 * NULL when it cannot be opened. */
static cairo_font_face_t *open_file(const char *path)
{
	FT_Library lib;
	if (FT_Init_FreeType(&lib) != 0)
		return NULL;
	FT_Face f;
	if (FT_New_Face(lib, path, 0, &f) != 0) {
		FT_Done_FreeType(lib);
		return NULL;
	}
	cairo_font_face_t *cf = cairo_ft_font_face_create_for_ft_face(f, 0);
	if (cairo_font_face_status(cf) != CAIRO_STATUS_SUCCESS ||
	    cairo_font_face_set_user_data(cf, &ft_face_key, f, done_face) != CAIRO_STATUS_SUCCESS) {
		cairo_font_face_destroy(cf);
		FT_Done_Face(f);
		FT_Done_FreeType(lib);
		return NULL;
	}
	return cf;
}

/* Under face_mu: opens the face on first use. */
static void open_dejavu(void)
{
	face_tried = 1;
	for (size_t i = 0; i < sizeof dejavu_files / sizeof dejavu_files[0] && dejavu == NULL; i++)
		dejavu = open_file(dejavu_files[i]);
}

/* Under face_mu: the face of the font file path, opened on first use;
 * NULL when it cannot be (tp_font_probe refuses such a file first). */
static cairo_font_face_t *face_of(const char *path)
{
	for (int i = 0; i < n_faces; i++)
		if (strcmp(faces[i].path, path) == 0)
			return faces[i].face;
	cairo_font_face_t *cf = open_file(path);
	char *copy = cf ? tp_malloc(strlen(path) + 1) : NULL;
	if (copy == NULL) {
		if (cf)
			cairo_font_face_destroy(cf);
		return NULL;
	}
	memcpy(copy, path, strlen(path) + 1);
	if (n_faces == MAX_FACES) {
		/* The oldest goes: contexts drawing in it hold their own
		 * reference. */
		cairo_font_face_destroy(faces[0].face);
		free(faces[0].path);
		memmove(&faces[0], &faces[1], (MAX_FACES - 1) * sizeof faces[0]);
		n_faces--;
	}
	faces[n_faces].path = copy;
	faces[n_faces].face = cf;
	n_faces++;
	return cf;
}

void tp_text_outline_release(void)
{
	pthread_mutex_lock(&face_mu);
	if (dejavu != NULL)
		cairo_font_face_destroy(dejavu);
	dejavu = NULL;
	face_tried = 0;
	for (int i = 0; i < n_faces; i++) {
		cairo_font_face_destroy(faces[i].face);
		free(faces[i].path);
	}
	n_faces = 0;
	pthread_mutex_unlock(&face_mu);
}

/* A context drawing in font (a file; NULL: the font in use, tp_font_file)
 * at EM units, unhinted, on a recording surface (*surf, destroyed by the
 * caller after the context). */
static cairo_t *text_context(const char *font, cairo_surface_t **surf)
{
	*surf = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, NULL);
	cairo_t *cr = cairo_create(*surf);
	/* Hinting would bend outlines towards a pixel grid that does not
	 * exist in vector output, and would make them depend on the size. */
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	if (font == NULL)
		font = tp_font_file();
	pthread_mutex_lock(&face_mu);
	cairo_font_face_t *face = NULL;
	if (font[0])
		face = face_of(font);
	if (face == NULL) {
		if (!face_tried)
			open_dejavu();
		face = dejavu;
	}
	if (face != NULL)
		cairo_set_font_face(cr, face); /* cr holds it from here */
	pthread_mutex_unlock(&face_mu);
	if (face == NULL)
		cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
				       CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, EM);
	return cr;
}

int tp_text_glyphless(const char *utf8, unsigned long *cp)
{
	cairo_surface_t *surf;
	cairo_t *cr = text_context(NULL, &surf);
	cairo_scaled_font_t *sf = cairo_get_scaled_font(cr);
	const unsigned char *s = (const unsigned char *)utf8;
	int missing = 0;
	while (*s && !missing) {
		int len = *s < 0x80 ? 1 : *s < 0xE0 ? 2 : *s < 0xF0 ? 3 : 4;
		for (int k = 1; k < len; k++)
			if (s[k] == '\0')
				len = k;
		cairo_glyph_t *g = NULL;
		int ng = 0;
		cairo_status_t st = cairo_scaled_font_text_to_glyphs(sf, 0, 0, (const char *)s, len,
								     &g, &ng, NULL, NULL, NULL);
		missing = st != CAIRO_STATUS_SUCCESS || ng < 1 || g[0].index == 0;
		cairo_glyph_free(g);
		if (missing) {
			unsigned long v = len == 1 ? *s : (unsigned long)(*s & (0x7F >> len));
			for (int k = 1; k < len; k++)
				v = v << 6 | (s[k] & 0x3F);
			*cp = v;
		}
		s += len;
	}
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
	return missing;
}

int tp_text_printable(const char *where, const char *key, const char *text, tp_err *e)
{
	unsigned long cp;
	if (!tp_text_glyphless(text, &cp))
		return TP_OK;
	return tp_fail(e, TP_EINPUT,
		       "%s: %s = %s: U+%04lX has no glyph in %s, the font every text is printed in (it would print as an empty box); allowed: characters the font has%s",
		       where, key, text, cp, tp_font_family(),
		       tp_font_file()[0] ? " (or another print.font)" : " (Latin, Greek, Cyrillic and more, not CJK)");
}

int tp_text_outline(const char *utf8, double x, double y, double size_mm,
		    int align, struct tp_pt **pts, size_t *n)
{
	return tp_text_outline_in(NULL, utf8, x, y, size_mm, align, pts, n);
}

/* How far left of its anchor a line of text starts, by its alignment. */
static double align_dx(cairo_t *cr, const char *utf8, int align)
{
	cairo_text_extents_t ext;
	cairo_text_extents(cr, utf8, &ext);
	return align == TP_ALIGN_CENTER ? ext.x_advance / 2
	       : align == TP_ALIGN_RIGHT ? ext.x_advance : 0;
}

int tp_text_outline_in(const char *font, const char *utf8, double x, double y, double size_mm,
		       int align, struct tp_pt **pts, size_t *n)
{
	*pts = NULL;
	*n = 0;
	if (utf8[0] == '\0' || !(size_mm > 0))
		return 0;

	cairo_surface_t *surf;
	cairo_t *cr = text_context(font, &surf);

	double dx = align_dx(cr, utf8, align);
	cairo_move_to(cr, -dx, 0);
	cairo_text_path(cr, utf8);

	cairo_path_t *path = cairo_copy_path(cr);
	int rc = -1;
	if (path->status == CAIRO_STATUS_SUCCESS && cairo_status(cr) == CAIRO_STATUS_SUCCESS)
		rc = convert(path, x, y, size_mm / EM, pts, n);
	cairo_path_destroy(path);
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
	return rc;
}

int tp_text_glyphs(const char *utf8, double x, double y, double size_mm, int align,
		   struct tp_glyph_at **g, size_t *n)
{
	*g = NULL;
	*n = 0;
	if (utf8[0] == '\0' || !(size_mm > 0))
		return 0;
	cairo_surface_t *surf;
	cairo_t *cr = text_context(NULL, &surf);
	double dx = align_dx(cr, utf8, align);
	/* What cairo_text_path does after the move: the same glyphs from the
	 * same pen. */
	cairo_glyph_t *cg = NULL;
	int ng = 0;
	cairo_status_t st = cairo_scaled_font_text_to_glyphs(cairo_get_scaled_font(cr), -dx, 0, utf8,
							     -1, &cg, &ng, NULL, NULL, NULL);
	int rc = -1;
	if (st == CAIRO_STATUS_SUCCESS && cairo_status(cr) == CAIRO_STATUS_SUCCESS) {
		rc = 0;
		if (ng > 0 && (*g = tp_malloc((size_t)ng * sizeof **g)) == NULL)
			rc = -1;
		double s = size_mm / EM;
		for (int i = 0; rc == 0 && i < ng; i++)
			(*g)[i] = (struct tp_glyph_at){ cg[i].index, x + cg[i].x * s, y + cg[i].y * s };
		if (rc == 0)
			*n = (size_t)ng;
	}
	cairo_glyph_free(cg);
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
	return rc;
}

int tp_glyph_outline(unsigned long index, double size_mm, struct tp_pt **pts, size_t *n)
{
	*pts = NULL;
	*n = 0;
	cairo_surface_t *surf;
	cairo_t *cr = text_context(NULL, &surf);
	cairo_glyph_t one = { .index = index, .x = 0, .y = 0 };
	cairo_glyph_path(cr, &one, 1);
	cairo_path_t *path = cairo_copy_path(cr);
	int rc = -1;
	if (path->status == CAIRO_STATUS_SUCCESS && cairo_status(cr) == CAIRO_STATUS_SUCCESS)
		rc = convert(path, 0, 0, size_mm / EM, pts, n);
	cairo_path_destroy(path);
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
	return rc;
}

int tp_text_outline_box(const char *utf8, double x, double y, double size_mm, int align,
			double box[4])
{
	struct tp_pt *p = NULL;
	size_t n = 0;
	if (tp_text_outline(utf8, x, y, size_mm, align, &p, &n) != 0)
		return -1;
	box[0] = box[1] = n ? INFINITY : 0;
	box[2] = box[3] = n ? -INFINITY : 0;
	for (size_t i = 0; i < n; i++) {
		box[0] = fmin(box[0], p[i].x);
		box[1] = fmin(box[1], p[i].y);
		box[2] = fmax(box[2], p[i].x);
		box[3] = fmax(box[3], p[i].y);
	}
	free(p);
	return 0;
}

double tp_text_digit_half(void)
{
	static char at[4096];
	static double half;
	const char *font = tp_font_file();
	if (font[0] == '\0')
		return 0.365;
	pthread_mutex_lock(&face_mu);
	int known = strcmp(at, font) == 0;
	double h = half;
	pthread_mutex_unlock(&face_mu);
	if (known)
		return h;
	double b[4];
	if (tp_text_outline_box("0123456789", 0, 0, 1, TP_ALIGN_LEFT, b) != 0 || !(b[1] < 0))
		return 0.365;
	h = -b[1] / 2;
	pthread_mutex_lock(&face_mu);
	snprintf(at, sizeof at, "%s", font);
	half = h;
	pthread_mutex_unlock(&face_mu);
	return h;
}
