#ifndef TP_TU_PATHS_H
#define TP_TU_PATHS_H

/* Reading the drawn paths back out of what tilepress wrote, as a die
 * maker's or an emboss maker's software would: every stroked or filled
 * path of an SVG layer or of a PDF page, in millimetres from the trim
 * box's top-left corner, y down (the scene's own coordinates).
 *
 * Only on-curve points are kept: a curve's end point, not its controls
 * (a circle comes back as its four quadrant points).  PDF pages are read
 * through `qpdf --qdf` (uncompressed content) and pdfinfo (the trim box);
 * their colour is named by the colour-space resource (e.g. "/CS9"), since
 * mapping it to a spot name would need the resources parsed. */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tu_files.h"

#define TU_PATH_MAX 256

struct tu_path {
	double xy[2 * TU_PATH_MAX];  /* on-curve points, the first TU_PATH_MAX */
	int n;                       /* points kept */
	int closed;                  /* ends with Z / h */
	int curves;                  /* number of curve segments */
	double stroke;               /* mm; 0 when filled */
	char ink[48];                /* SVG data-spot, or the PDF colour space */
};

struct tu_paths {
	struct tu_path *p;
	size_t n, cap;
};

static inline struct tu_path *tu_paths_add(struct tu_paths *ps)
{
	if (ps->n == ps->cap) {
		ps->cap = ps->cap ? 2 * ps->cap : 64;
		ps->p = realloc(ps->p, ps->cap * sizeof *ps->p);
		if (ps->p == NULL)
			abort();
	}
	struct tu_path *p = &ps->p[ps->n++];
	memset(p, 0, sizeof *p);
	return p;
}

static inline void tu_path_pt(struct tu_path *p, double x, double y)
{
	if (p->n < TU_PATH_MAX) {
		p->xy[2 * p->n] = x;
		p->xy[2 * p->n + 1] = y;
		p->n++;
	}
}

static inline double tu_attr(const char *tag, const char *end, const char *name, double dflt)
{
	char key[40];
	snprintf(key, sizeof key, " %s=\"", name);
	const char *a = strstr(tag, key);
	return a && a < end ? atof(a + strlen(key)) : dflt;
}

/* Every <path> and <rect> of the SVG layer `group` (NULL: the whole
 * file), appended to ps.  Returns how many were added. */
static inline size_t tu_svg_paths(const char *svg, const char *group, struct tu_paths *ps)
{
	const char *from = svg, *to = svg + strlen(svg);
	if (group != NULL && (from = tu_svg_group(svg, group, &to)) == NULL)
		return 0;
	size_t n0 = ps->n;
	for (const char *t = strchr(from, '<'); t && t < to; t = strchr(t + 1, '<')) {
		int is_path = strncmp(t, "<path ", 6) == 0, is_rect = strncmp(t, "<rect ", 6) == 0;
		if (!is_path && !is_rect)
			continue;
		const char *end = strchr(t, '>');
		if (end == NULL || end > to)
			break;
		/* The clip rectangle lives in <defs>, outside every layer. */
		if (is_rect && group == NULL && strstr(t, "clipPath") != NULL)
			continue;
		struct tu_path *p = tu_paths_add(ps);
		p->stroke = strstr(t, "stroke=\"none\"") ? 0 : tu_attr(t, end, "stroke-width", 0);
		const char *sp = strstr(t, "data-spot=\"");
		if (sp && sp < end)
			snprintf(p->ink, sizeof p->ink, "%.*s", (int)strcspn(sp + 11, "\""), sp + 11);
		if (is_rect) {
			double x = tu_attr(t, end, "x", 0), y = tu_attr(t, end, "y", 0);
			double w = tu_attr(t, end, "width", 0), h = tu_attr(t, end, "height", 0);
			tu_path_pt(p, x, y);
			tu_path_pt(p, x + w, y);
			tu_path_pt(p, x + w, y + h);
			tu_path_pt(p, x, y + h);
			p->closed = 1;
			continue;
		}
		const char *d = strstr(t, " d=\"");
		if (d == NULL || d > end)
			continue;
		d += 4;
		char op = 'M';
		int k = 0;  /* number within a curve's three points */
		while (*d && *d != '"') {
			if (*d == ' ') {
				d++;
				continue;
			}
			if (strchr("MLCZ", *d)) {
				op = *d++;
				k = 0;
				if (op == 'Z')
					p->closed = 1;
				if (op == 'C')
					p->curves++;
				continue;
			}
			double x, y;
			int used;
			if (sscanf(d, "%lf %lf%n", &x, &y, &used) != 2)
				break;
			d += used;
			if (op != 'C' || ++k % 3 == 0)
				tu_path_pt(p, x, y);
			if (op == 'C' && k % 3 == 0 && k > 3)
				p->curves++;
		}
	}
	return ps->n - n0;
}

/* Every painted path of page `page` (1-based) of a PDF, in mm from the
 * trim box's top-left corner, appended to ps; clip paths (ended by n) are
 * left out.  Returns how many were added, or (size_t)-1 when the file
 * cannot be read. */
static inline size_t tu_pdf_paths(const char *pdf, int page, struct tu_paths *ps)
{
	double media[4], bleed[4], trim[4];
	if (tu_pdf_boxes(pdf, page, media, bleed, trim) != 0)
		return (size_t)-1;
	const double k = 72.0 / 25.4;
	char cmd[1400], mark[64], line[512];
	snprintf(cmd, sizeof cmd, "qpdf --qdf --object-streams=disable '%s' - 2>/dev/null", pdf);
	snprintf(mark, sizeof mark, "%%%% Contents for page %d\n", page);
	FILE *f = popen(cmd, "r");
	if (f == NULL)
		return (size_t)-1;
	size_t n0 = ps->n;
	int in = 0;
	double num[8], width = 0;
	int nn = 0;
	char cs[48] = "";
	struct tu_path cur;
	memset(&cur, 0, sizeof cur);
	while (fgets(line, sizeof line, f)) {
		if (!in) {
			in = strcmp(line, mark) == 0;
			continue;
		}
		if (strncmp(line, "endstream", 9) == 0)
			break;
		/* One operator per line in qdf content: operands, then it. */
		char *s = line;
		nn = 0;
		for (;;) {
			char *e;
			double v = strtod(s, &e);
			if (e == s)
				break;
			if (nn < 8)
				num[nn++] = v;
			s = e;
		}
		while (*s == ' ')
			s++;
		char op[16] = "";
		if (*s == '/') {  /* "/CS9 CS 1 SCN": remember the space */
			if (sscanf(s, "%47s %15s", cs, op) != 2)
				continue;
			continue;
		}
		if (sscanf(s, "%15s", op) != 1)
			continue;
		double x = nn >= 2 ? (num[nn - 2] - trim[0]) / k : 0;
		double y = nn >= 2 ? (trim[3] - num[nn - 1]) / k : 0;
		if (strcmp(op, "w") == 0 && nn == 1) {
			width = num[0] / k;
		} else if (strcmp(op, "m") == 0 || strcmp(op, "l") == 0) {
			tu_path_pt(&cur, x, y);
		} else if (strcmp(op, "c") == 0) {
			tu_path_pt(&cur, x, y);
			cur.curves++;
		} else if (strcmp(op, "h") == 0) {
			cur.closed = 1;
		} else if (strcmp(op, "re") == 0 && nn == 4) {
			double x0 = (num[0] - trim[0]) / k, y0 = (trim[3] - num[1]) / k;
			double w = num[2] / k, h = num[3] / k;
			tu_path_pt(&cur, x0, y0 - h);
			tu_path_pt(&cur, x0 + w, y0 - h);
			tu_path_pt(&cur, x0 + w, y0);
			tu_path_pt(&cur, x0, y0);
			cur.closed = 1;
		} else if (strcmp(op, "S") == 0 || strcmp(op, "f") == 0 || strcmp(op, "B") == 0 ||
			   strcmp(op, "n") == 0) {
			if (op[0] != 'n' && cur.n > 0) {
				struct tu_path *p = tu_paths_add(ps);
				*p = cur;
				p->stroke = op[0] == 'f' ? 0 : width;
				snprintf(p->ink, sizeof p->ink, "%s", cs);
			}
			memset(&cur, 0, sizeof cur);
		}
	}
	while (fgets(line, sizeof line, f))
		;
	pclose(f);
	return in ? ps->n - n0 : (size_t)-1;
}

/* Distance from point (cx, cy) to the line through (x0,y0)-(x1,y1). */
static inline double tu_line_dist(double cx, double cy, double x0, double y0, double x1, double y1)
{
	double dx = x1 - x0, dy = y1 - y0, l = hypot(dx, dy);
	return fabs((cx - x0) * dy - (cy - y0) * dx) / l;
}

/* Centre of a path's bounding box. */
static inline void tu_path_centre(const struct tu_path *p, double *cx, double *cy, double *w, double *h)
{
	double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
	for (int i = 0; i < p->n; i++) {
		x0 = fmin(x0, p->xy[2 * i]);
		x1 = fmax(x1, p->xy[2 * i]);
		y0 = fmin(y0, p->xy[2 * i + 1]);
		y1 = fmax(y1, p->xy[2 * i + 1]);
	}
	*cx = (x0 + x1) / 2;
	*cy = (y0 + y1) / 2;
	if (w)
		*w = x1 - x0;
	if (h)
		*h = y1 - y0;
}

/* Length of a path whose segments are straight (closing edge included). */
static inline double tu_path_length(const struct tu_path *p)
{
	double l = 0;
	for (int i = 1; i < p->n; i++)
		l += hypot(p->xy[2 * i] - p->xy[2 * i - 2], p->xy[2 * i + 1] - p->xy[2 * i - 1]);
	if (p->closed && p->n > 1)
		l += hypot(p->xy[0] - p->xy[2 * p->n - 2], p->xy[1] - p->xy[2 * p->n - 1]);
	return l;
}

static inline void tu_paths_free(struct tu_paths *ps)
{
	free(ps->p);
	memset(ps, 0, sizeof *ps);
}

#endif
