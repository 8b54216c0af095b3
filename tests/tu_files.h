#ifndef TP_TU_FILES_H
#define TP_TU_FILES_H

/* Reading back what tilepress wrote: PNG pixels (libpng), SVG groups and
 * shapes (our own simple SVG), PDF boxes (pdfinfo). */

#include "testutil.h"

#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tu_png {
	int w, h;
	double dpi;
	unsigned char *rgb;  /* w*h*3 */
};

static inline int tu_png_read(const char *path, struct tu_png *img)
{
	memset(img, 0, sizeof *img);
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return -1;
	png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png_create_info_struct(png);
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_read_struct(&png, &info, NULL);
		fclose(f);
		free(img->rgb);
		img->rgb = NULL;
		return -1;
	}
	png_init_io(png, f);
	png_read_info(png, info);
	img->w = (int)png_get_image_width(png, info);
	img->h = (int)png_get_image_height(png, info);
	png_uint_32 rx, ry;
	int unit;
	if (png_get_pHYs(png, info, &rx, &ry, &unit) && unit == PNG_RESOLUTION_METER)
		img->dpi = rx * 0.0254;
	png_set_strip_alpha(png);
	png_read_update_info(png, info);
	if (png_get_rowbytes(png, info) != (size_t)img->w * 3)
		png_error(png, "not 8-bit RGB");
	img->rgb = malloc((size_t)img->w * img->h * 3);
	for (int y = 0; y < img->h; y++)
		png_read_row(png, img->rgb + (size_t)y * img->w * 3, NULL);
	png_read_end(png, NULL);
	png_destroy_read_struct(&png, &info, NULL);
	fclose(f);
	return 0;
}

/* The pixel under a point given in mm from the trim's top-left corner. */
static inline const unsigned char *tu_px(const struct tu_png *img, double bleed, double dpi,
					 double x_mm, double y_mm)
{
	int x = (int)((x_mm + bleed) * dpi / 25.4), y = (int)((y_mm + bleed) * dpi / 25.4);
	if (x < 0 || y < 0 || x >= img->w || y >= img->h)
		return NULL;
	return img->rgb + ((size_t)y * img->w + x) * 3;
}

static inline char *tu_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *s = malloc((size_t)n + 1);
	if (s == NULL || fread(s, 1, (size_t)n, f) != (size_t)n) {
		free(s);
		fclose(f);
		return NULL;
	}
	s[n] = '\0';
	fclose(f);
	if (len)
		*len = (size_t)n;
	return s;
}

/* tu_slurp, failing the test when the file cannot be read. */
static inline char *tu_slurp_ok(const char *path, size_t *len)
{
	size_t n = 0;
	char *s = tu_slurp(path, &n);
	if (s == NULL)
		fail_msg("cannot read %s", path);
	if (len)
		*len = n;
	return s;
}

/* The text of the layer group <g id="id" ...> up to its closing tag
 * (layers hold one nested clip group, so the second </g> ends it), or
 * NULL.  Points into svg; *end receives its end. */
static inline const char *tu_svg_group(const char *svg, const char *id, const char **end)
{
	char key[80];
	snprintf(key, sizeof key, "<g id=\"%s\"", id);
	const char *g = strstr(svg, key);
	*end = svg;
	if (g == NULL)
		return NULL;
	const char *e1 = strstr(g, "</g>");
	const char *e2 = e1 ? strstr(e1 + 4, "</g>") : NULL;
	const char *next = strstr(g + 1, "<g id=");
	*end = (next && e2 && next < e2) ? e1 : (e2 ? e2 : g + strlen(g));
	return g;
}

static inline int tu_count(const char *from, const char *to, const char *needle)
{
	int n = 0;
	size_t l = strlen(needle);
	for (const char *p = strstr(from, needle); p && p < to; p = strstr(p + l, needle))
		n++;
	return n;
}

/* A path's points and whether it is closed: parses "M x y L x y ... Z"
 * and "C" triples; returns the number of points (at most max). */
static inline int tu_path_points(const char *d, double *xy, int max, int *closed, int *curves)
{
	int n = 0;
	*closed = 0;
	*curves = 0;
	const char *p = d;
	while (*p && *p != '"') {
		if (*p == 'Z') {
			*closed = 1;
			p++;
			continue;
		}
		if (*p == 'C')
			(*curves)++;
		if (*p == 'M' || *p == 'L' || *p == 'C' || *p == ' ') {
			p++;
			continue;
		}
		double x, y;
		int used;
		if (sscanf(p, "%lf %lf%n", &x, &y, &used) != 2)
			break;
		if (n < max) {
			xy[2 * n] = x;
			xy[2 * n + 1] = y;
		}
		n++;
		p += used;
	}
	return n;
}

/* The path data of the first <path d="..."> at or after `at` and before
 * end (pointing just past d="), or NULL when there is none or `at` is
 * NULL.  Every path of a group, in order:
 *   for (const char *d = tu_svg_next_d(g, end); d; d = tu_svg_next_d(d, end)) */
static inline const char *tu_svg_next_d(const char *at, const char *end)
{
	const char *p = at ? strstr(at, "<path d=\"") : NULL;
	return p && p < end ? p + 9 : NULL;
}

/* The bounding box {x0, y0, x1, y1} of the points xy[0..n-1]; for n = 0
 * the empty box {+inf, +inf, -inf, -inf}. */
static inline void tu_points_box(const double *xy, int n, double box[4])
{
	box[0] = box[1] = INFINITY;
	box[2] = box[3] = -INFINITY;
	for (int i = 0; i < n; i++) {
		box[0] = fmin(box[0], xy[2 * i]);
		box[1] = fmin(box[1], xy[2 * i + 1]);
		box[2] = fmax(box[2], xy[2 * i]);
		box[3] = fmax(box[3], xy[2 * i + 1]);
	}
}

/* MediaBox, BleedBox and TrimBox (pt) of page `page`, via pdfinfo. */
static inline int tu_pdf_boxes(const char *path, int page, double media[4], double bleed[4],
			       double trim[4])
{
	char cmd[1200], line[256];
	snprintf(cmd, sizeof cmd, "pdfinfo -box -f %d -l %d '%s' 2>/dev/null", page, page, path);
	FILE *p = popen(cmd, "r");
	if (p == NULL)
		return -1;
	int found = 0;
	while (fgets(line, sizeof line, p)) {
		double b[4];
		char name[32];
		if (sscanf(line, "Page %*d %31s %lf %lf %lf %lf", name, &b[0], &b[1], &b[2], &b[3]) != 5 &&
		    sscanf(line, "%31s %lf %lf %lf %lf", name, &b[0], &b[1], &b[2], &b[3]) != 5)
			continue;
		double *dst = strstr(name, "MediaBox") ? media : strstr(name, "BleedBox") ? bleed
			      : strstr(name, "TrimBox") ? trim : NULL;
		if (dst) {
			memcpy(dst, b, sizeof b);
			found++;
		}
	}
	return pclose(p) == 0 && found == 3 ? 0 : -1;
}

#endif
