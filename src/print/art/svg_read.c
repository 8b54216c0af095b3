/* SVG drawings into paths in mm (svg_read.h).  libxml2 parses; everything
 * after the tree is ours: styles, transforms, path data, arcs, dashes. */

#include "print/art/svg_read.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "core/alloc.h"
#include "core/inputs.h"

#define SVG_NS "http://www.w3.org/2000/svg"
#define XLINK_NS "http://www.w3.org/1999/xlink"
#define PX_MM (25.4 / 96.0)
#define MAX_DASH 16
#define MAX_COORD 1e7

/* ---- state ----------------------------------------------------------------- */

struct style {
	int fill_none, stroke_none;
	uint32_t fill, stroke, color;
	int fill_current, stroke_current;  /* currentColor, resolved at use */
	double sw;
	int cap, join;
	double miter;
	double dash[MAX_DASH];
	int ndash;
	double dashoff;
	int evenodd;
	int hidden;      /* visibility: hidden */
};

struct rd {
	const char *name;
	xmlDocPtr doc;
	struct tp_art *a;
	tp_err *e;
	long visits;
	int use_depth;
	/* the path being built, in mm */
	struct tp_pt *p;
	size_t n, cap;
};

typedef double mat[6];  /* a b c d e f: x' = a x + c y + e, y' = b x + d y + f */

static void mat_mul(mat out, const mat l, const mat r)
{
	/* out = l * r (r applied first) */
	mat t = {
		l[0] * r[0] + l[2] * r[1], l[1] * r[0] + l[3] * r[1],
		l[0] * r[2] + l[2] * r[3], l[1] * r[2] + l[3] * r[3],
		l[0] * r[4] + l[2] * r[5] + l[4], l[1] * r[4] + l[3] * r[5] + l[5],
	};
	memcpy(out, t, sizeof t);
}

static int line_of(xmlNodePtr n)
{
	long l = n ? xmlGetLineNo(n) : 0;
	return l > 0 && l < 1000000000 ? (int)l : 0;
}

static int refuse(struct rd *r, xmlNodePtr n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int refuse(struct rd *r, xmlNodePtr n, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return tp_fail(r->e, TP_EINPUT, "%s:%d: <%s>: %s", r->name, line_of(n),
		       n && n->name ? (const char *)n->name : "svg", msg);
}

static int oom(struct rd *r)
{
	return tp_fail(r->e, TP_EIO, "%s: out of memory", r->name);
}

static int svg_elem(xmlNodePtr n)
{
	return n->type == XML_ELEMENT_NODE &&
	       (n->ns == NULL || (n->ns->href && strcmp((const char *)n->ns->href, SVG_NS) == 0));
}

static int is(xmlNodePtr n, const char *name)
{
	return strcmp((const char *)n->name, name) == 0;
}

/* An attribute without namespace (or in the SVG one): owned copy or NULL. */
static char *attr(xmlNodePtr n, const char *name)
{
	xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
	return (char *)v;
}

/* ---- numbers and lengths ------------------------------------------------------ */

static const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == ',')
		s++;
	return s;
}

/* One SVG number at s (after separators); end set past it.  0 or -1. */
static int number(const char *s, double *v, const char **end)
{
	s = skip_ws(s);
	const char *q = s;
	if (*q == '+' || *q == '-')
		q++;
	int digits = 0;
	while (*q >= '0' && *q <= '9')
		q++, digits++;
	if (*q == '.') {
		q++;
		while (*q >= '0' && *q <= '9')
			q++, digits++;
	}
	if (!digits)
		return -1;
	if ((*q == 'e' || *q == 'E') && (q[1] == '-' || q[1] == '+' || (q[1] >= '0' && q[1] <= '9'))) {
		const char *x = q + 1;
		if (*x == '-' || *x == '+')
			x++;
		if (*x >= '0' && *x <= '9') {
			while (*x >= '0' && *x <= '9')
				x++;
			q = x;
		}
	}
	char buf[64];
	size_t len = (size_t)(q - s);
	if (len >= sizeof buf)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	double d = strtod(buf, NULL);
	if (!isfinite(d) || fabs(d) > MAX_COORD)
		return -1;
	*v = d;
	*end = q;
	return 0;
}

/* A length in user units (px): a number with an optional unit.  0, -1 bad,
 * -2 a percentage. */
static int length(const char *s, double *v)
{
	const char *end;
	if (number(s, v, &end) != 0)
		return -1;
	static const struct { const char *u; double k; } units[] = {
		{ "px", 1 }, { "mm", 1 / PX_MM }, { "cm", 10 / PX_MM }, { "in", 96 },
		{ "pt", 96.0 / 72 }, { "pc", 16 }, { "", 1 },
	};
	while (*end == ' ')
		end++;
	if (*end == '%')
		return -2;
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		size_t l = strlen(units[i].u);
		if (strncmp(end, units[i].u, l) == 0) {
			const char *t = end + l;
			while (*t == ' ')
				t++;
			if (*t == '\0') {
				*v *= units[i].k;
				return 0;
			}
		}
	}
	return -1;
}

/* Attribute name of n as a length (def when absent).  0, or refused. */
static int len_attr(struct rd *r, xmlNodePtr n, const char *name, double def, double *v)
{
	char *s = attr(n, name);
	*v = def;
	if (s == NULL)
		return 0;
	int rc = length(s, v);
	if (rc == -2)
		rc = refuse(r, n, "%s=\"%s\": percentages are not read; give a length (Inkscape: Object > Object to Path)",
			    name, s);
	else if (rc != 0)
		rc = refuse(r, n, "%s=\"%s\" is not a length; allowed: a number with px, mm, cm, in, pt or pc",
			    name, s);
	xmlFree(s);
	return rc;
}

/* ---- colours ----------------------------------------------------------------- */

static const struct { const char *name; uint32_t rgb; } named[] = {
	{ "black", 0x000000 }, { "white", 0xffffff }, { "red", 0xff0000 }, { "green", 0x008000 },
	{ "blue", 0x0000ff }, { "yellow", 0xffff00 }, { "cyan", 0x00ffff }, { "aqua", 0x00ffff },
	{ "magenta", 0xff00ff }, { "fuchsia", 0xff00ff }, { "gray", 0x808080 }, { "grey", 0x808080 },
	{ "silver", 0xc0c0c0 }, { "maroon", 0x800000 }, { "olive", 0x808000 }, { "lime", 0x00ff00 },
	{ "teal", 0x008080 }, { "navy", 0x000080 }, { "purple", 0x800080 }, { "orange", 0xffa500 },
};

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

enum { PAINT_COLOUR, PAINT_NONE, PAINT_CURRENT };

/* A paint value: 0 with *kind and *rgb, or -1 bad, -2 a url (gradient,
 * pattern). */
static int paint_parse(const char *v, int *kind, uint32_t *rgb)
{
	while (*v == ' ')
		v++;
	size_t l = strlen(v);
	while (l && v[l - 1] == ' ')
		l--;
	if (strncmp(v, "url(", 4) == 0)
		return -2;
	if (l == 4 && strncmp(v, "none", 4) == 0) {
		*kind = PAINT_NONE;
		return 0;
	}
	if (l == 12 && strncmp(v, "currentColor", 12) == 0) {
		*kind = PAINT_CURRENT;
		return 0;
	}
	*kind = PAINT_COLOUR;
	if (v[0] == '#' && (l == 4 || l == 7)) {
		uint32_t x = 0;
		for (size_t i = 1; i < l; i++) {
			int h = hexval((unsigned char)v[i]);
			if (h < 0)
				return -1;
			x = x << 4 | (uint32_t)h;
			if (l == 4)
				x = x << 4 | (uint32_t)h;
		}
		*rgb = x;
		return 0;
	}
	if (strncmp(v, "rgb(", 4) == 0) {
		const char *s = v + 4, *end;
		uint32_t x = 0;
		for (int k = 0; k < 3; k++) {
			double d;
			if (number(s, &d, &end) != 0)
				return -1;
			if (*end == '%') {
				d = d * 255 / 100;
				end++;
			}
			if (d < 0)
				d = 0;
			if (d > 255)
				d = 255;
			x = x << 8 | (uint32_t)lround(d);
			s = end;
		}
		s = skip_ws(s);
		if (*s != ')')
			return -1;
		*rgb = x;
		return 0;
	}
	for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
		if (strlen(named[i].name) == l && strncmp(v, named[i].name, l) == 0) {
			*rgb = named[i].rgb;
			return 0;
		}
	return -1;
}

/* ---- properties (presentation attributes and style declarations) ---------- */

static int is_one(const char *v)
{
	char *end;
	double d = strtod(v, &end);
	while (*end == ' ')
		end++;
	if (*end == '%')
		d /= 100, end++;
	while (*end == ' ')
		end++;
	return end != v && *end == '\0' && d >= 1;
}

static int is_none(const char *v)
{
	while (*v == ' ')
		v++;
	return strncmp(v, "none", 4) == 0 && v[4 + strspn(v + 4, " ")] == '\0';
}

/* Each property group: 0 applied, NOT_MINE when name is not one of its
 * properties, else refused. */
#define NOT_MINE 1

static int prop_paint(struct rd *r, xmlNodePtr n, const char *name, const char *v, struct style *st)
{
	int kind;
	uint32_t rgb = 0;
	if (strcmp(name, "fill") == 0 || strcmp(name, "stroke") == 0) {
		int f = name[0] == 'f';
		int rc = paint_parse(v, &kind, &rgb);
		if (rc == -2)
			return refuse(r, n, "%s=\"%s\": gradients and patterns are not read; give it a solid colour (Inkscape: Fill and Stroke > Flat color)",
				      name, v);
		if (rc != 0)
			return refuse(r, n, "%s=\"%s\" is not a colour; allowed: #rrggbb, #rgb, rgb(r,g,b), none, currentColor or a basic colour name",
				      name, v);
		if (f) {
			st->fill_none = kind == PAINT_NONE;
			st->fill_current = kind == PAINT_CURRENT;
			st->fill = rgb;
		} else {
			st->stroke_none = kind == PAINT_NONE;
			st->stroke_current = kind == PAINT_CURRENT;
			st->stroke = rgb;
		}
		return 0;
	}
	if (strcmp(name, "color") == 0) {
		if (paint_parse(v, &kind, &rgb) != 0 || kind != PAINT_COLOUR)
			return refuse(r, n, "color=\"%s\" is not a colour; allowed: #rrggbb", v);
		st->color = rgb;
		return 0;
	}
	if (strcmp(name, "opacity") == 0 || strcmp(name, "fill-opacity") == 0 ||
	    strcmp(name, "stroke-opacity") == 0) {
		if (!is_one(v))
			return refuse(r, n, "%s: %s: only opacity 1 prints as separate inks; set it to 100 %% and mix the colour instead (Inkscape: Fill and Stroke > Opacity, and the colour's alpha)",
				      name, v);
		return 0;
	}
	return NOT_MINE;
}

static int prop_line(struct rd *r, xmlNodePtr n, const char *name, const char *v, struct style *st)
{
	if (strcmp(name, "stroke-width") == 0) {
		double w;
		int rc = length(v, &w);
		if (rc != 0 || w < 0)
			return refuse(r, n, "stroke-width=\"%s\" is not a width; allowed: a length of 0 or more (no percentage)",
				      v);
		st->sw = w;
		return 0;
	}
	if (strcmp(name, "stroke-linecap") == 0) {
		static const char *const caps[] = { "butt", "round", "square" };
		for (int i = 0; i < 3; i++)
			if (strcmp(v, caps[i]) == 0) {
				st->cap = i;
				return 0;
			}
		return refuse(r, n, "stroke-linecap=\"%s\"; allowed: butt, round or square", v);
	}
	if (strcmp(name, "stroke-linejoin") == 0) {
		static const char *const joins[] = { "miter", "round", "bevel" };
		for (int i = 0; i < 3; i++)
			if (strcmp(v, joins[i]) == 0) {
				st->join = i;
				return 0;
			}
		if (strcmp(v, "miter-clip") == 0 || strcmp(v, "arcs") == 0) {
			st->join = TP_JOIN_MITER;
			return 0;
		}
		return refuse(r, n, "stroke-linejoin=\"%s\"; allowed: miter, round or bevel", v);
	}
	if (strcmp(name, "stroke-miterlimit") == 0) {
		const char *end;
		double m;
		if (number(v, &m, &end) != 0 || m < 1)
			return refuse(r, n, "stroke-miterlimit=\"%s\"; allowed: a number of 1 or more", v);
		st->miter = m;
		return 0;
	}
	return NOT_MINE;
}

static int prop_dash(struct rd *r, xmlNodePtr n, const char *name, const char *v, struct style *st)
{
	if (strcmp(name, "stroke-dasharray") == 0) {
		if (is_none(v)) {
			st->ndash = 0;
			return 0;
		}
		double d[MAX_DASH];
		int k = 0;
		double sum = 0;
		const char *s = v;
		for (;;) {
			s = skip_ws(s);
			if (*s == '\0')
				break;
			double x;
			if (k == MAX_DASH / 2 || length(s, &x) == -2)
				return refuse(r, n, "stroke-dasharray=\"%s\": at most %d lengths, no percentages",
					      v, MAX_DASH / 2);
			const char *end;
			if (number(s, &x, &end) != 0 || x < 0)
				return refuse(r, n, "stroke-dasharray=\"%s\" is not a list of lengths", v);
			while (*end && *end != ',' && *end != ' ')
				end++;   /* a unit: px */
			d[k++] = x;
			sum += x;
			s = end;
		}
		if (k == 0 || !(sum > 0)) {
			st->ndash = 0;
			return 0;
		}
		/* An odd list repeats once more (SVG). */
		int m = k % 2 ? 2 * k : k;
		for (int i = 0; i < m; i++)
			st->dash[i] = d[i % k];
		st->ndash = m;
		return 0;
	}
	if (strcmp(name, "stroke-dashoffset") == 0) {
		double o;
		if (length(v, &o) != 0)
			return refuse(r, n, "stroke-dashoffset=\"%s\" is not a length", v);
		st->dashoff = o;
		return 0;
	}
	return NOT_MINE;
}

static int prop_other(struct rd *r, xmlNodePtr n, const char *name, const char *v, struct style *st,
		      int *display_none)
{
	if (strcmp(name, "fill-rule") == 0) {
		if (strcmp(v, "evenodd") == 0)
			st->evenodd = 1;
		else if (strcmp(v, "nonzero") == 0)
			st->evenodd = 0;
		else
			return refuse(r, n, "fill-rule=\"%s\"; allowed: nonzero or evenodd", v);
		return 0;
	}
	if (strcmp(name, "display") == 0) {
		*display_none = strcmp(v, "none") == 0;
		return 0;
	}
	if (strcmp(name, "visibility") == 0) {
		st->hidden = strcmp(v, "hidden") == 0 || strcmp(v, "collapse") == 0;
		return 0;
	}
	if (strcmp(name, "filter") == 0 || strcmp(name, "mask") == 0 || strcmp(name, "clip-path") == 0 ||
	    strcmp(name, "marker-start") == 0 || strcmp(name, "marker-mid") == 0 ||
	    strcmp(name, "marker-end") == 0 || strcmp(name, "marker") == 0) {
		if (is_none(v))
			return 0;
		const char *how = name[0] == 'f' ? "remove the filter (Inkscape: Filters > Remove Filters)"
				  : name[0] == 'm' && name[1] == 'a' && name[2] == 's'
				  ? "release it (Inkscape: Object > Mask > Release)"
				  : name[0] == 'c' ? "release it, or cut the shapes to it (Inkscape: Object > Clip > Release; Path > Intersection)"
				  : "turn the markers into paths (Inkscape: Path > Object to Path, or Extensions > Modify Path > Add Nodes... then Stroke to Path)";
		return refuse(r, n, "%s=\"%s\" is not read; %s", name, v, how);
	}
	if (strcmp(name, "mix-blend-mode") == 0 && strcmp(v, "normal") != 0)
		return refuse(r, n, "mix-blend-mode: %s is not read; set the blend mode to normal (Inkscape: Fill and Stroke > Blend mode)",
			      v);
	return NOT_MINE;
}

/* Applies property name = value to st.  0 or refused.  *display_none set
 * for display: none. */
static int property(struct rd *r, xmlNodePtr n, const char *name, const char *v, struct style *st,
		    int *display_none)
{
	int rc = prop_paint(r, n, name, v, st);
	if (rc == NOT_MINE)
		rc = prop_line(r, n, name, v, st);
	if (rc == NOT_MINE)
		rc = prop_dash(r, n, name, v, st);
	if (rc == NOT_MINE)
		rc = prop_other(r, n, name, v, st, display_none);
	return rc == NOT_MINE ? 0 : rc;   /* fonts, Inkscape's own and anything that does not draw */
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	size_t l = strlen(s);
	while (l && (s[l - 1] == ' ' || s[l - 1] == '\t' || s[l - 1] == '\n' || s[l - 1] == '\r'))
		s[--l] = '\0';
	return s;
}

static const char *const props[] = {
	"fill", "stroke", "color", "opacity", "fill-opacity", "stroke-opacity", "stroke-width",
	"stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
	"stroke-dashoffset", "fill-rule", "display", "visibility", "filter", "mask", "clip-path",
	"marker-start", "marker-mid", "marker-end", "mix-blend-mode",
};

/* n's own style: presentation attributes, then its style attribute. */
static int element_style(struct rd *r, xmlNodePtr n, struct style *st, int *display_none)
{
	/* color first: currentColor in the same element refers to it */
	char *c = attr(n, "color");
	int rc = 0;
	if (c) {
		char *t = trim(c);
		rc = property(r, n, "color", t, st, display_none);
		xmlFree(c);
	}
	for (size_t i = 0; rc == 0 && i < sizeof props / sizeof props[0]; i++) {
		if (strcmp(props[i], "color") == 0)
			continue;
		char *v = attr(n, props[i]);
		if (v) {
			rc = property(r, n, props[i], trim(v), st, display_none);
			xmlFree(v);
		}
	}
	char *s = attr(n, "style");
	if (s == NULL || rc != 0) {
		xmlFree(s);
		return rc;
	}
	char *save = NULL;
	for (char *d = strtok_r(s, ";", &save); d && rc == 0; d = strtok_r(NULL, ";", &save)) {
		char *colon = strchr(d, ':');
		if (colon == NULL)
			continue;
		*colon = '\0';
		char *k = trim(d), *v = trim(colon + 1);
		size_t l = strlen(v);
		if (l >= 10 && strcmp(v + l - 10, "!important") == 0) {
			v[l - 10] = '\0';
			v = trim(v);
		}
		rc = property(r, n, k, v, st, display_none);
	}
	xmlFree(s);
	return rc;
}

/* ---- transforms ---------------------------------------------------------------- */

/* Transform function f (matrix, translate, scale, rotate, skewX, skewY)
 * of its k arguments a into t: 0, or -1 for a wrong count. */
static int one_transform(int f, const double *a, int k, mat t)
{
	mat id = { 1, 0, 0, 1, 0, 0 };
	memcpy(t, id, sizeof id);
	switch (f) {
	case 0:
		if (k != 6)
			return -1;
		memcpy(t, a, 6 * sizeof *t);
		break;
	case 1:
		if (k != 1 && k != 2)
			return -1;
		t[4] = a[0];
		t[5] = k == 2 ? a[1] : 0;
		break;
	case 2:
		if (k != 1 && k != 2)
			return -1;
		t[0] = a[0];
		t[3] = k == 2 ? a[1] : a[0];
		break;
	case 3: {
		if (k != 1 && k != 3)
			return -1;
		double ang = a[0] * M_PI / 180, ca = cos(ang), sa = sin(ang);
		double cx = k == 3 ? a[1] : 0, cy = k == 3 ? a[2] : 0;
		t[0] = ca;
		t[1] = sa;
		t[2] = -sa;
		t[3] = ca;
		t[4] = cx - ca * cx + sa * cy;
		t[5] = cy - sa * cx - ca * cy;
		break;
	}
	case 4:
	case 5:
		if (k != 1)
			return -1;
		t[f == 4 ? 2 : 1] = tan(a[0] * M_PI / 180);
		break;
	}
	return 0;
}

static int transform_parse(struct rd *r, xmlNodePtr n, const char *v, mat out)
{
	mat m = { 1, 0, 0, 1, 0, 0 };
	const char *s = v;
	for (;;) {
		s = skip_ws(s);
		if (*s == '\0')
			break;
		static const char *const fn[] = { "matrix", "translate", "scale", "rotate", "skewX", "skewY" };
		int f = -1;
		size_t l = 0;
		for (int i = 0; i < 6; i++) {
			l = strlen(fn[i]);
			if (strncmp(s, fn[i], l) == 0) {
				f = i;
				break;
			}
		}
		if (f < 0)
			goto bad;
		s = skip_ws(s + l);
		while (*s == ' ')
			s++;
		if (*s != '(')
			goto bad;
		s++;
		double a[6];
		int k = 0;
		for (;;) {
			s = skip_ws(s);
			if (*s == ')')
				break;
			const char *end;
			if (k == 6 || number(s, &a[k], &end) != 0)
				goto bad;
			k++;
			s = end;
		}
		s++;
		mat t;
		if (one_transform(f, a, k, t) != 0)
			goto bad;
		mat_mul(m, m, t);
	}
	for (int i = 0; i < 6; i++)
		if (!isfinite(m[i]))
			goto bad;
	memcpy(out, m, sizeof m);
	return 0;
bad:
	return refuse(r, n, "transform=\"%.200s\" is not a transform list; allowed: matrix, translate, scale, rotate, skewX, skewY",
		      v);
}

/* ---- the path being built --------------------------------------------------- */

static int put(struct rd *r, int op, double x, double y)
{
	if (r->n == r->cap) {
		if (r->n + r->a->n_pts >= TP_SVG_MAX_POINTS)
			return tp_fail(r->e, TP_EINPUT, "%s: more than %u path points; simplify the drawing (Inkscape: Path > Simplify)",
				       r->name, TP_SVG_MAX_POINTS);
		size_t c = r->cap ? 2 * r->cap : 64;
		struct tp_pt *p = tp_realloc(r->p, c * sizeof *p);
		if (p == NULL)
			return oom(r);
		r->p = p;
		r->cap = c;
	}
	r->p[r->n++] = (struct tp_pt){ (uint8_t)op, x, y };
	return 0;
}

/* Points in the element's user space, put through m. */
static int putm(struct rd *r, const mat m, int op, double x, double y)
{
	return put(r, op, m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
}

static int curve(struct rd *r, const mat m, double x1, double y1, double x2, double y2, double x,
		 double y)
{
	if (putm(r, m, TP_CURVE, x1, y1) || putm(r, m, TP_CURVE, x2, y2) || putm(r, m, TP_CURVE, x, y))
		return -1;
	return 0;
}

/* The SVG arc from (x0, y0) to (x, y) as cubic Beziers (SVG 1.1 F.6). */
static int arc(struct rd *r, const mat m, double x0, double y0, double rx, double ry, double phi_deg,
	       int large, int sweep, double x, double y)
{
	if (x0 == x && y0 == y)
		return 0;
	rx = fabs(rx);
	ry = fabs(ry);
	if (rx == 0 || ry == 0)
		return putm(r, m, TP_LINE, x, y);
	double phi = fmod(phi_deg, 360) * M_PI / 180, cp = cos(phi), sp = sin(phi);
	double dx = (x0 - x) / 2, dy = (y0 - y) / 2;
	double x1p = cp * dx + sp * dy, y1p = -sp * dx + cp * dy;
	double lam = x1p * x1p / (rx * rx) + y1p * y1p / (ry * ry);
	if (lam > 1) {
		double s = sqrt(lam);
		rx *= s;
		ry *= s;
	}
	double num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
	double den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
	double co = den > 0 && num > 0 ? sqrt(num / den) : 0;
	if (large == sweep)
		co = -co;
	double cxp = co * rx * y1p / ry, cyp = -co * ry * x1p / rx;
	double cx = cp * cxp - sp * cyp + (x0 + x) / 2, cy = sp * cxp + cp * cyp + (y0 + y) / 2;
	double t1 = atan2((y1p - cyp) / ry, (x1p - cxp) / rx);
	double t2 = atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx);
	double dt = t2 - t1;
	if (sweep && dt < 0)
		dt += 2 * M_PI;
	else if (!sweep && dt > 0)
		dt -= 2 * M_PI;
	int segs = (int)ceil(fabs(dt) / (M_PI / 2) - 1e-9);
	if (segs < 1)
		segs = 1;
	double step = dt / segs, k = 4.0 / 3 * tan(step / 4);
	double t = t1;
	for (int i = 0; i < segs; i++) {
		double a0 = t, a1 = t + step;
		double c0 = cos(a0), s0 = sin(a0), c1 = cos(a1), s1 = sin(a1);
		/* On the unit circle, then scaled by rx, ry, turned by phi. */
		double ux[3] = { c0 - k * s0, c1 + k * s1, c1 }, uy[3] = { s0 + k * c0, s1 - k * c1, s1 };
		double px[3], py[3];
		for (int j = 0; j < 3; j++) {
			double ex = rx * ux[j], ey = ry * uy[j];
			px[j] = cx + cp * ex - sp * ey;
			py[j] = cy + sp * ex + cp * ey;
		}
		if (i == segs - 1) {
			px[2] = x;
			py[2] = y;
		}
		if (curve(r, m, px[0], py[0], px[1], py[1], px[2], py[2]) != 0)
			return -1;
		t = a1;
	}
	return 0;
}

/* Where path data stands: the current point, the subpath's start, the
 * last control point and command (upper case), whether a point exists. */
struct pstate {
	double cx, cy, sx, sy, qx, qy;
	int last, have;
};

/* A move after a close starts the new subpath where the closed one began. */
static int reopen(struct rd *r, const mat m, const struct pstate *ps)
{
	return ps->last == 'Z' ? putm(r, m, TP_MOVE, ps->sx, ps->sy) : 0;
}

static int cmd_curve(struct rd *r, const mat m, struct pstate *ps, int up, const double *a,
		     double ox, double oy)
{
	double x1, y1, x2, y2, x, y;
	int smooth = up == 'S' || up == 'T', cubic = up == 'C' || up == 'S';
	int follows = cubic ? ps->last == 'C' || ps->last == 'S' : ps->last == 'Q' || ps->last == 'T';
	const double *e = a;
	if (smooth) {
		x1 = follows ? 2 * ps->cx - ps->qx : ps->cx;
		y1 = follows ? 2 * ps->cy - ps->qy : ps->cy;
	} else {
		x1 = e[0] + ox, y1 = e[1] + oy;
		e += 2;
	}
	if (cubic) {
		x2 = e[0] + ox, y2 = e[1] + oy;
		e += 2;
	} else {
		x2 = x1, y2 = y1;   /* a quadratic's one control */
	}
	x = e[0] + ox, y = e[1] + oy;
	if (reopen(r, m, ps) != 0)
		return -1;
	int rc = cubic ? curve(r, m, x1, y1, x2, y2, x, y)
		       : curve(r, m, ps->cx + 2.0 / 3 * (x1 - ps->cx), ps->cy + 2.0 / 3 * (y1 - ps->cy),
			       x + 2.0 / 3 * (x1 - x), y + 2.0 / 3 * (y1 - y), x, y);
	ps->qx = x2, ps->qy = y2, ps->cx = x, ps->cy = y;
	return rc;
}

/* One command (upper case up, relative rel) with its arguments a. */
static int path_cmd(struct rd *r, const mat m, struct pstate *ps, int up, int rel, const double *a)
{
	double ox = rel ? ps->cx : 0, oy = rel ? ps->cy : 0;
	switch (up) {
	case 'M':
		ps->cx = ps->sx = a[0] + ox;
		ps->cy = ps->sy = a[1] + oy;
		ps->have = 1;
		return putm(r, m, TP_MOVE, ps->cx, ps->cy);
	case 'L':
	case 'H':
	case 'V':
		if (up != 'V')
			ps->cx = a[0] + ox;
		if (up == 'L')
			ps->cy = a[1] + oy;
		else if (up == 'V')
			ps->cy = a[0] + oy;
		if (reopen(r, m, ps) != 0)
			return -1;
		return putm(r, m, TP_LINE, ps->cx, ps->cy);
	case 'A': {
		double x = a[5] + ox, y = a[6] + oy;
		if (reopen(r, m, ps) != 0 ||
		    arc(r, m, ps->cx, ps->cy, a[0], a[1], a[2], (int)a[3], (int)a[4], x, y) != 0)
			return -1;
		ps->cx = x, ps->cy = y;
		return 0;
	}
	default:
		return cmd_curve(r, m, ps, up, a, ox, oy);
	}
}

/* The arguments of command up from s: 0 with *end past them, or -1. */
static int path_args(const char *s, int up, double *a, const char **end)
{
	int need = up == 'M' || up == 'L' || up == 'T' ? 2 : up == 'H' || up == 'V' ? 1
		   : up == 'C' ? 6 : up == 'S' || up == 'Q' ? 4 : 7;
	for (int i = 0; i < need; i++) {
		s = skip_ws(s);
		if (up == 'A' && (i == 3 || i == 4)) {   /* flags: 0 or 1, maybe unseparated */
			if (*s != '0' && *s != '1')
				return -1;
			a[i] = *s++ - '0';
			continue;
		}
		if (number(s, &a[i], &s) != 0)
			return -1;
	}
	*end = s;
	return 0;
}

/* Path data d into the path being built. */
static int path_data(struct rd *r, xmlNodePtr n, const mat m, const char *d)
{
	const char *s = d;
	int cmd = 0;
	struct pstate ps = { 0 };
	for (;;) {
		s = skip_ws(s);
		if (*s == '\0')
			break;
		if ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')) {
			cmd = *s++;
			if (!strchr("MmLlHhVvCcSsQqTtAaZz", cmd))
				goto bad;
			if (cmd == 'Z' || cmd == 'z') {
				if (ps.have && put(r, TP_CLOSE, 0, 0) != 0)
					return -1;
				ps.cx = ps.sx;
				ps.cy = ps.sy;
				ps.last = 'Z';
				cmd = 0;
				continue;
			}
		} else if (cmd == 0) {
			goto bad;
		}
		int rel = cmd >= 'a', up = rel ? cmd - 32 : cmd;
		double a[7];
		if ((up != 'M' && !ps.have) || path_args(s, up, a, &s) != 0)
			goto bad;
		if (path_cmd(r, m, &ps, up, rel, a) != 0)
			return -1;
		if (up == 'M')
			cmd = rel ? 'l' : 'L';   /* further pairs are lines */
		ps.last = up;
	}
	return 0;
bad:
	return refuse(r, n, "d: bad path data at character %zu (\"%.20s\"); re-save the drawing as Plain SVG from Inkscape",
		      (size_t)(s - d), s);
}

/* ---- emitting paths ------------------------------------------------------- */

static int art_put(struct rd *r, const struct tp_pt *p, size_t n, const struct tp_art_path *ap)
{
	struct tp_art *a = r->a;
	if (a->n_pts + n > TP_SVG_MAX_POINTS)
		return tp_fail(r->e, TP_EINPUT, "%s: more than %u path points; simplify the drawing (Inkscape: Path > Simplify)",
			       r->name, TP_SVG_MAX_POINTS);
	if (a->n_pts + n > a->cap_pts) {
		size_t c = a->cap_pts ? a->cap_pts : 256;
		while (c < a->n_pts + n)
			c *= 2;
		struct tp_pt *q = tp_realloc(a->pts, c * sizeof *q);
		if (q == NULL)
			return oom(r);
		a->pts = q;
		a->cap_pts = c;
	}
	if (a->n == a->cap) {
		size_t c = a->cap ? 2 * a->cap : 16;
		struct tp_art_path *q = tp_realloc(a->paths, c * sizeof *q);
		if (q == NULL)
			return oom(r);
		a->paths = q;
		a->cap = c;
	}
	struct tp_art_path x = *ap;
	x.first = a->n_pts;
	x.count = n;
	memcpy(a->pts + a->n_pts, p, n * sizeof *p);
	a->n_pts += n;
	a->paths[a->n++] = x;
	return 0;
}

/* A flattened copy of subpath p[0..n) (curves as line runs) into poly. */
static int flatten(struct rd *r, const struct tp_pt *p, size_t n, double **xy, size_t *m, int *closed)
{
	size_t cap = 64, k = 0;
	double *o = tp_malloc(cap * 2 * sizeof *o);
	if (o == NULL)
		return oom(r);
	*closed = 0;
	double x0 = p[0].x, y0 = p[0].y;
	o[k * 2] = x0, o[k * 2 + 1] = y0, k++;
	for (size_t i = 1; i < n; i++) {
		int steps = p[i].op == TP_CURVE && i + 2 < n ? 24 : 1;
		if (k + (size_t)steps + 1 > cap) {
			cap = 2 * (k + (size_t)steps + 1);
			double *q = tp_realloc(o, cap * 2 * sizeof *q);
			if (q == NULL) {
				free(o);
				return oom(r);
			}
			o = q;
		}
		if (p[i].op == TP_CLOSE) {
			o[k * 2] = p[0].x, o[k * 2 + 1] = p[0].y, k++;
			*closed = 1;
			break;
		}
		if (steps > 1) {
			double ax = o[(k - 1) * 2], ay = o[(k - 1) * 2 + 1];
			for (int s = 1; s <= steps; s++) {
				double t = (double)s / steps, u = 1 - t;
				o[k * 2] = u * u * u * ax + 3 * u * u * t * p[i].x + 3 * u * t * t * p[i + 1].x +
					   t * t * t * p[i + 2].x;
				o[k * 2 + 1] = u * u * u * ay + 3 * u * u * t * p[i].y +
					       3 * u * t * t * p[i + 1].y + t * t * t * p[i + 2].y;
				k++;
			}
			i += 2;
		} else {
			o[k * 2] = p[i].x, o[k * 2 + 1] = p[i].y, k++;
		}
	}
	*xy = o;
	*m = k;
	return 0;
}

/* The dashes of subpath p[0..n) (dash lengths already scaled to mm) as
 * open subpaths into out. */
static int dash_sub(struct rd *r, const struct tp_pt *p, size_t n, const double *dash, int nd,
		    double off, struct tp_pt **out, size_t *no, size_t *co)
{
	double *xy = NULL;
	size_t m = 0;
	int closed = 0;
	if (flatten(r, p, n, &xy, &m, &closed) != 0)
		return -1;
	double total = 0;
	for (int i = 0; i < nd; i++)
		total += dash[i];
	double pos = fmod(off, total);
	if (pos < 0)
		pos += total;
	int di = 0;
	while (pos >= dash[di]) {
		pos -= dash[di];
		di = (di + 1) % nd;
	}
	double left = dash[di] - pos;   /* of the current dash or gap */
	int on = di % 2 == 0;
	int rc = 0;
	size_t emitted = 0;
#define EMIT(op_, x_, y_)                                                                    \
	do {                                                                                 \
		if (*no == *co) {                                                            \
			size_t c_ = *co ? 2 * *co : 64;                                      \
			if (c_ > TP_SVG_MAX_POINTS) {                                        \
				rc = tp_fail(r->e, TP_EINPUT, "%s: dashes make more than %u points; use longer dashes", r->name, TP_SVG_MAX_POINTS); \
				goto done;                                                   \
			}                                                                    \
			struct tp_pt *q_ = tp_realloc(*out, c_ * sizeof *q_);                \
			if (q_ == NULL) {                                                    \
				rc = oom(r);                                                 \
				goto done;                                                   \
			}                                                                    \
			*out = q_;                                                           \
			*co = c_;                                                            \
		}                                                                            \
		(*out)[(*no)++] = (struct tp_pt){ (op_), (x_), (y_) };                       \
	} while (0)
	if (on)
		EMIT(TP_MOVE, xy[0], xy[1]);
	for (size_t i = 1; i < m; i++) {
		double ax = xy[(i - 1) * 2], ay = xy[(i - 1) * 2 + 1], bx = xy[i * 2], by = xy[i * 2 + 1];
		double len = hypot(bx - ax, by - ay), at = 0;
		while (len - at > left) {
			at += left;
			double t = at / len, x = ax + (bx - ax) * t, y = ay + (by - ay) * t;
			if (on)
				EMIT(TP_LINE, x, y);
			else
				EMIT(TP_MOVE, x, y);
			on = !on;
			di = (di + 1) % nd;
			left = dash[di];
			if (++emitted > TP_SVG_MAX_POINTS) {
				rc = tp_fail(r->e, TP_EINPUT, "%s: dashes make more than %u points; use longer dashes",
					     r->name, TP_SVG_MAX_POINTS);
				goto done;
			}
		}
		left -= len - at;
		if (on)
			EMIT(TP_LINE, bx, by);
	}
	(void)closed;
#undef EMIT
done:
	free(xy);
	return rc;
}

static int dashes(struct rd *r, const struct tp_pt *p, size_t n, const double *dash, int nd,
		  double off, struct tp_pt **out, size_t *no)
{
	size_t co = 0;
	*out = NULL;
	*no = 0;
	size_t i = 0;
	while (i < n) {
		size_t j = i + 1;
		while (j < n && p[j].op != TP_MOVE)
			j++;
		if (j - i > 1 && dash_sub(r, p + i, j - i, dash, nd, off, out, no, &co) != 0) {
			free(*out);
			*out = NULL;
			return -1;
		}
		i = j;
	}
	return 0;
}

/* Paints the path built so far with st under m, then forgets it. */
static int paint(struct rd *r, xmlNodePtr n, const mat m, const struct style *st, int closed_shape)
{
	(void)closed_shape;
	int rc = 0;
	if (r->n == 0 || st->hidden)
		goto out;
	struct tp_art_path ap = { .evenodd = (uint8_t)st->evenodd, .line = line_of(n) };
	if (!st->fill_none) {
		ap.paint = TP_FILL;
		ap.rgb = st->fill_current ? st->color : st->fill;
		if ((rc = art_put(r, r->p, r->n, &ap)) != 0)
			goto out;
	}
	double scale = sqrt(fabs(m[0] * m[3] - m[1] * m[2]));
	if (!st->stroke_none && st->sw > 0 && scale > 0) {
		ap.paint = TP_STROKE;
		ap.evenodd = 0;
		ap.rgb = st->stroke_current ? st->color : st->stroke;
		ap.stroke = st->sw * scale;
		ap.cap = (uint8_t)st->cap;
		ap.join = (uint8_t)st->join;
		ap.miter4 = st->miter < 7;
		if (st->ndash) {
			double d[MAX_DASH];
			for (int i = 0; i < st->ndash; i++)
				d[i] = st->dash[i] * scale;
			struct tp_pt *dp;
			size_t dn;
			if ((rc = dashes(r, r->p, r->n, d, st->ndash, st->dashoff * scale, &dp, &dn)) != 0)
				goto out;
			rc = dn ? art_put(r, dp, dn, &ap) : 0;
			free(dp);
		} else {
			rc = art_put(r, r->p, r->n, &ap);
		}
	}
out:
	r->n = 0;
	return rc;
}

/* ---- elements ------------------------------------------------------------- */

static int rect_shape(struct rd *r, xmlNodePtr n, const mat m)
{
	double x, y, w, h, rx, ry;
	if (len_attr(r, n, "x", 0, &x) || len_attr(r, n, "y", 0, &y) || len_attr(r, n, "width", 0, &w) ||
	    len_attr(r, n, "height", 0, &h) || len_attr(r, n, "rx", -1, &rx) ||
	    len_attr(r, n, "ry", -1, &ry))
		return -1;
	if (!(w > 0) || !(h > 0))
		return 0;
	if (rx < 0)
		rx = ry;
	if (ry < 0)
		ry = rx;
	if (rx < 0)
		rx = ry = 0;
	rx = fmin(rx, w / 2);
	ry = fmin(ry, h / 2);
	if (rx == 0 || ry == 0) {
		return putm(r, m, TP_MOVE, x, y) || putm(r, m, TP_LINE, x + w, y) ||
		       putm(r, m, TP_LINE, x + w, y + h) || putm(r, m, TP_LINE, x, y + h) ||
		       put(r, TP_CLOSE, 0, 0);
	}
	const double k = 0.5522847498307936;
	double kx = rx * k, ky = ry * k;
	return putm(r, m, TP_MOVE, x + rx, y) || putm(r, m, TP_LINE, x + w - rx, y) ||
	       curve(r, m, x + w - rx + kx, y, x + w, y + ry - ky, x + w, y + ry) ||
	       putm(r, m, TP_LINE, x + w, y + h - ry) ||
	       curve(r, m, x + w, y + h - ry + ky, x + w - rx + kx, y + h, x + w - rx, y + h) ||
	       putm(r, m, TP_LINE, x + rx, y + h) ||
	       curve(r, m, x + rx - kx, y + h, x, y + h - ry + ky, x, y + h - ry) ||
	       putm(r, m, TP_LINE, x, y + ry) ||
	       curve(r, m, x, y + ry - ky, x + rx - kx, y, x + rx, y) || put(r, TP_CLOSE, 0, 0);
}

static int ellipse_shape(struct rd *r, const mat m, double cx, double cy, double rx, double ry)
{
	if (!(rx > 0) || !(ry > 0))
		return 0;
	const double k = 0.5522847498307936;
	double kx = rx * k, ky = ry * k;
	return putm(r, m, TP_MOVE, cx + rx, cy) ||
	       curve(r, m, cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry) ||
	       curve(r, m, cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy) ||
	       curve(r, m, cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry) ||
	       curve(r, m, cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy) || put(r, TP_CLOSE, 0, 0);
}

static int points_shape(struct rd *r, xmlNodePtr n, const mat m, int close)
{
	char *v = attr(n, "points");
	if (v == NULL)
		return 0;
	const char *s = v;
	int k = 0, rc = 0;
	double x, y;
	for (;;) {
		s = skip_ws(s);
		if (*s == '\0')
			break;
		const char *end;
		if (number(s, &x, &end) != 0 || number(end, &y, &end) != 0) {
			rc = refuse(r, n, "points: not a list of x,y pairs");
			break;
		}
		s = end;
		if ((rc = putm(r, m, k ? TP_LINE : TP_MOVE, x, y)) != 0)
			break;
		k++;
	}
	xmlFree(v);
	if (rc == 0 && close && k > 0)
		rc = put(r, TP_CLOSE, 0, 0);
	if (rc == 0 && k < 2)
		r->n = 0;
	return rc;
}

static int visit(struct rd *r, xmlNodePtr n, const mat parent, const struct style *inherited);

static int children(struct rd *r, xmlNodePtr n, const mat m, const struct style *st)
{
	for (xmlNodePtr c = n->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && visit(r, c, m, st) != 0)
			return -1;
	return 0;
}

static xmlNodePtr find_id(xmlNodePtr n, const char *id)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)"id");
		int hit = v && strcmp((const char *)v, id) == 0;
		xmlFree(v);
		if (hit)
			return n;
		xmlNodePtr f = find_id(n->children, id);
		if (f)
			return f;
	}
	return NULL;
}

static int use_elem(struct rd *r, xmlNodePtr n, const mat m, const struct style *st)
{
	xmlChar *h = xmlGetNsProp(n, (const xmlChar *)"href", (const xmlChar *)XLINK_NS);
	if (h == NULL)
		h = xmlGetNoNsProp(n, (const xmlChar *)"href");
	if (h == NULL)
		return 0;
	int rc = 0;
	if (h[0] != '#') {
		rc = refuse(r, n, "href=\"%.100s\": only references into the same file (#id) are read; unlink the clone (Inkscape: Edit > Clone > Unlink Clone)",
			    (const char *)h);
		xmlFree(h);
		return rc;
	}
	xmlNodePtr t = find_id(xmlDocGetRootElement(r->doc), (const char *)h + 1);
	if (t == NULL) {
		rc = refuse(r, n, "href=\"%.100s\": no element has that id", (const char *)h);
		xmlFree(h);
		return rc;
	}
	xmlFree(h);
	for (xmlNodePtr a = n; a; a = a->parent)
		if (a == t)
			return refuse(r, n, "refers to an element that holds it (a loop)");
	if (r->use_depth >= TP_SVG_MAX_USE_DEPTH)
		return refuse(r, n, "clones nested deeper than %d; unlink them (Inkscape: Edit > Clone > Unlink Clone)",
			      TP_SVG_MAX_USE_DEPTH);
	double x, y;
	if (len_attr(r, n, "x", 0, &x) || len_attr(r, n, "y", 0, &y))
		return -1;
	mat tm = { 1, 0, 0, 1, x, y }, mm;
	mat_mul(mm, m, tm);
	r->use_depth++;
	if (svg_elem(t) && is(t, "symbol")) {
		char *vb = attr(t, "viewBox");
		if (vb) {
			xmlFree(vb);
			r->use_depth--;
			return refuse(r, n, "a symbol with a viewBox is not read; unlink the clone (Inkscape: Edit > Clone > Unlink Clone)");
		}
		rc = children(r, t, mm, st);
	} else {
		rc = visit(r, t, mm, st);
	}
	r->use_depth--;
	return rc;
}

static const struct { const char *el, *how; } refused[] = {
	{ "text", "convert the text to paths (Inkscape: Path > Object to Path)" },
	{ "tspan", "convert the text to paths (Inkscape: Path > Object to Path)" },
	{ "textPath", "convert the text to paths (Inkscape: Path > Object to Path)" },
	{ "flowRoot", "convert the text to paths (Inkscape: Path > Object to Path)" },
	{ "image", "draw it as paths (Inkscape: Path > Trace Bitmap, then delete the image), or place a PNG as its own art" },
	{ "linearGradient", "use a solid fill (Inkscape: Fill and Stroke > Flat color; Edit > Clean Up Document)" },
	{ "radialGradient", "use a solid fill (Inkscape: Fill and Stroke > Flat color; Edit > Clean Up Document)" },
	{ "meshgradient", "use a solid fill (Inkscape: Fill and Stroke > Flat color; Edit > Clean Up Document)" },
	{ "pattern", "use a solid fill (Inkscape: Object > Pattern > Pattern to Objects)" },
	{ "filter", "remove the filter (Inkscape: Filters > Remove Filters)" },
	{ "mask", "release the mask (Inkscape: Object > Mask > Release)" },
	{ "clipPath", "release the clip or cut the shapes to it (Inkscape: Object > Clip > Release; Path > Intersection)" },
	{ "marker", "turn the markers into paths (Inkscape: Path > Stroke to Path)" },
	{ "foreignObject", "delete it: only SVG shapes are read" },
	{ "switch", "ungroup it (Inkscape: Object > Ungroup)" },
	{ "style", "use style attributes, not a style sheet (Inkscape: Preferences > Input/Output > SVG output > Style: attributes or Save As Plain SVG)" },
	{ "script", "delete it" },
	{ "svg", "ungroup the nested drawing (Inkscape: Object > Ungroup), or paste its objects" },
	{ "animate", "delete it" }, { "animateTransform", "delete it" }, { "animateMotion", "delete it" },
	{ "set", "delete it" },
};

static int visit(struct rd *r, xmlNodePtr n, const mat parent, const struct style *inherited)
{
	if (!svg_elem(n))
		return 0;   /* Inkscape's, Sodipodi's, RDF metadata */
	if (++r->visits > TP_SVG_MAX_VISITS)
		return tp_fail(r->e, TP_EINPUT, "%s: more than %d elements drawn (clones counted); simplify the drawing",
			       r->name, TP_SVG_MAX_VISITS);
	if (is(n, "defs") || is(n, "metadata") || is(n, "title") || is(n, "desc") || is(n, "symbol"))
		return 0;
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
		if (is(n, refused[i].el))
			return refuse(r, n, "not read; %s", refused[i].how);
	int drawn = is(n, "g") || is(n, "a") || is(n, "use") || is(n, "path") || is(n, "rect") ||
		    is(n, "circle") || is(n, "ellipse") || is(n, "line") || is(n, "polyline") ||
		    is(n, "polygon");
	if (!drawn)
		return refuse(r, n, "an element that is not read; allowed: path, rect, circle, ellipse, line, polyline, polygon, g, use, defs");
	struct style st = *inherited;
	int none = 0;
	if (element_style(r, n, &st, &none) != 0)
		return -1;
	if (none)
		return 0;
	mat m;
	memcpy(m, parent, sizeof m);
	char *tf = attr(n, "transform");
	if (tf) {
		mat t;
		int rc = transform_parse(r, n, tf, t);
		xmlFree(tf);
		if (rc != 0)
			return -1;
		mat_mul(m, parent, t);
	}
	if (is(n, "g") || is(n, "a"))
		return children(r, n, m, &st);
	if (is(n, "use"))
		return use_elem(r, n, m, &st);
	int rc = 0;
	r->n = 0;
	if (is(n, "path")) {
		char *d = attr(n, "d");
		if (d) {
			rc = path_data(r, n, m, d);
			xmlFree(d);
		}
	} else if (is(n, "rect")) {
		rc = rect_shape(r, n, m);
	} else if (is(n, "circle") || is(n, "ellipse")) {
		double cx, cy, rx, ry;
		int c = is(n, "circle");
		rc = len_attr(r, n, "cx", 0, &cx) || len_attr(r, n, "cy", 0, &cy) ||
		     len_attr(r, n, c ? "r" : "rx", 0, &rx) || len_attr(r, n, c ? "r" : "ry", 0, &ry);
		if (rc == 0)
			rc = ellipse_shape(r, m, cx, cy, rx, ry);
	} else if (is(n, "line")) {
		double x1, y1, x2, y2;
		rc = len_attr(r, n, "x1", 0, &x1) || len_attr(r, n, "y1", 0, &y1) ||
		     len_attr(r, n, "x2", 0, &x2) || len_attr(r, n, "y2", 0, &y2);
		if (rc == 0) {
			rc = putm(r, m, TP_MOVE, x1, y1) || putm(r, m, TP_LINE, x2, y2);
			st.fill_none = 1;   /* a line has no inside */
		}
	} else {
		rc = points_shape(r, n, m, is(n, "polygon"));
	}
	if (rc != 0) {
		r->n = 0;
		return -1;
	}
	return paint(r, n, m, &st, 0);
}

/* ---- the document ------------------------------------------------------------- */

static int viewport(struct rd *r, xmlNodePtr root, mat m)
{
	double W = -1, H = -1, vb[4] = { 0, 0, -1, -1 };
	int has_vb = 0;
	char *v = attr(root, "viewBox");
	if (v) {
		const char *s = v, *end;
		int ok = 1;
		for (int i = 0; i < 4 && ok; i++) {
			ok = number(s, &vb[i], &end) == 0;
			s = end;
		}
		ok = ok && *skip_ws(s) == '\0' && vb[2] > 0 && vb[3] > 0;
		xmlFree(v);
		if (!ok)
			return refuse(r, root, "viewBox: four numbers min-x min-y width height, width and height above 0");
		has_vb = 1;
	}
	if (len_attr(r, root, "width", -1, &W) || len_attr(r, root, "height", -1, &H))
		return -1;
	if (W < 0)
		W = has_vb ? (H > 0 ? H * vb[2] / vb[3] : vb[2]) : -1;
	if (H < 0)
		H = has_vb ? (W > 0 ? W * vb[3] / vb[2] : vb[3]) : -1;
	if (!(W > 0) || !(H > 0))
		return refuse(r, root, "the drawing has no size; give the document a width and height or a viewBox (Inkscape: File > Document Properties)");
	r->a->w = W * PX_MM;
	r->a->h = H * PX_MM;
	mat t = { PX_MM, 0, 0, PX_MM, 0, 0 };
	if (has_vb) {
		double sx = W / vb[2], sy = H / vb[3], ax = 0.5, ay = 0.5;
		int slice = 0, none = 0;
		char *p = attr(root, "preserveAspectRatio");
		if (p) {
			char al[16] = "", ms[16] = "";
			int k = sscanf(p, "%15s %15s", al, ms);
			static const char *const names[] = { "xMinYMin", "xMidYMin", "xMaxYMin",
							     "xMinYMid", "xMidYMid", "xMaxYMid",
							     "xMinYMax", "xMidYMax", "xMaxYMax" };
			int ok = k >= 1;
			if (ok && strcmp(al, "none") == 0) {
				none = 1;
			} else if (ok) {
				int f = -1;
				for (int i = 0; i < 9; i++)
					if (strcmp(al, names[i]) == 0)
						f = i;
				ok = f >= 0;
				if (ok) {
					ax = (f % 3) * 0.5;
					ay = (f / 3) * 0.5;
				}
			}
			if (ok && k == 2) {
				if (strcmp(ms, "slice") == 0)
					slice = 1;
				else
					ok = strcmp(ms, "meet") == 0;
			}
			xmlFree(p);
			if (!ok)
				return refuse(r, root, "preserveAspectRatio: allowed: none, or xMinYMin ... xMaxYMax with meet or slice");
		}
		if (!none) {
			double s = slice ? fmax(sx, sy) : fmin(sx, sy);
			sx = sy = s;
		}
		mat v2 = { sx, 0, 0, sy, -vb[0] * sx + (W - vb[2] * sx) * ax,
			   -vb[1] * sy + (H - vb[3] * sy) * ay };
		if (none)
			v2[4] = -vb[0] * sx, v2[5] = -vb[1] * sy;
		mat_mul(t, t, v2);
	}
	memcpy(m, t, sizeof t);
	return 0;
}

static int entities_declared(xmlDocPtr doc)
{
	if (doc->intSubset == NULL)
		return 0;
	for (xmlNodePtr c = doc->intSubset->children; c; c = c->next)
		if (c->type == XML_ENTITY_DECL)
			return 1;
	return 0;
}

void tp_art_free(struct tp_art *a)
{
	free(a->pts);
	free(a->paths);
	a->pts = NULL;
	a->paths = NULL;
	a->n_pts = a->cap_pts = a->n = a->cap = 0;
}

/* libxml2's messages go nowhere: ours name the file and line. */
static void quiet(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

int tp_svg_read_mem(const char *buf, size_t len, const char *name, struct tp_art *a, tp_err *e)
{
	memset(a, 0, sizeof *a);
	snprintf(a->name, sizeof a->name, "%s", name);
	if (len > TP_SVG_MAX_BYTES)
		return tp_fail(e, TP_EINPUT, "%s: larger than %u MB; simplify the drawing", name,
			       TP_SVG_MAX_BYTES >> 20);
	xmlSetGenericErrorFunc(NULL, quiet);
	/* No network, no DTD loading, no entity substitution (XML_PARSE_NOENT
	 * unset): a reference stays a reference and is refused below. */
	xmlDocPtr doc = xmlReadMemory(buf, (int)len, name, NULL,
				      XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (doc == NULL) {
		const xmlError *x = xmlGetLastError();
		int line = x ? x->line : 0;
		char msg[200] = "not well-formed XML";
		if (x && x->message) {
			snprintf(msg, sizeof msg, "%s", x->message);
			size_t l = strlen(msg);
			while (l && (msg[l - 1] == '\n' || msg[l - 1] == ' '))
				msg[--l] = '\0';
		}
		xmlResetLastError();
		return tp_fail(e, TP_EINPUT, "%s:%d: %s; save it again from Inkscape (File > Save As > Plain SVG)",
			       name, line, msg);
	}
	struct rd r = { .name = name, .doc = doc, .a = a, .e = e };
	int rc = TP_OK;
	xmlNodePtr root = xmlDocGetRootElement(doc);
	if (entities_declared(doc)) {
		rc = tp_fail(e, TP_EINPUT, "%s:%d: <!ENTITY>: entities are not read; save the drawing as Plain SVG from Inkscape",
			     name, root ? line_of(root) : 1);
	} else if (root == NULL || !svg_elem(root) || !is(root, "svg") || root->ns == NULL) {
		rc = tp_fail(e, TP_EINPUT, "%s:%d: not an SVG drawing (the root must be <svg xmlns=\"%s\">)",
			     name, root ? line_of(root) : 1, SVG_NS);
	} else {
		mat m = { 1, 0, 0, 1, 0, 0 };
		struct style st = { .fill = 0, .stroke_none = 1, .sw = 1, .miter = 4 };
		int none = 0;
		if (viewport(&r, root, m) != 0 || element_style(&r, root, &st, &none) != 0) {
			rc = e->code;
		} else if (!none) {
			char *tf = attr(root, "transform");
			if (tf) {
				mat t;
				int bad = transform_parse(&r, root, tf, t);
				xmlFree(tf);
				if (bad)
					rc = e->code;
				else
					mat_mul(m, m, t);
			}
			if (rc == TP_OK && children(&r, root, m, &st) != 0)
				rc = e->code;
		}
	}
	free(r.p);
	xmlFreeDoc(doc);
	if (rc != TP_OK)
		tp_art_free(a);
	return rc;
}

int tp_svg_read(const char *path, struct tp_art *a, tp_err *e)
{
	memset(a, 0, sizeof *a);
	tp_inputs_note(path);   /* watch rebuilds when the drawing is saved */
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return tp_fail(e, TP_EINPUT, "%s: cannot open: %s", path, strerror(errno));
	size_t cap = 1 << 16, n = 0;
	char *buf = tp_malloc(cap);
	int rc = buf ? TP_OK : tp_fail(e, TP_EIO, "%s: out of memory", path);
	while (rc == TP_OK) {
		if (n == cap) {
			if (cap > TP_SVG_MAX_BYTES) {
				rc = tp_fail(e, TP_EINPUT, "%s: larger than %u MB; simplify the drawing",
					     path, TP_SVG_MAX_BYTES >> 20);
				break;
			}
			char *b = tp_realloc(buf, cap * 2);
			if (b == NULL) {
				rc = tp_fail(e, TP_EIO, "%s: out of memory", path);
				break;
			}
			buf = b;
			cap *= 2;
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0) {
			if (ferror(f))
				rc = tp_fail(e, TP_EIO, "%s: read error", path);
			break;
		}
	}
	fclose(f);
	if (rc == TP_OK)
		rc = tp_svg_read_mem(buf, n, path, a, e);
	free(buf);
	return rc;
}

void tp_art_bounds(const struct tp_art *a, double box[4])
{
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	for (size_t i = 0; i < a->n; i++) {
		const struct tp_art_path *p = &a->paths[i];
		double g = p->paint == TP_STROKE ? p->stroke / 2 : 0;
		for (size_t k = p->first; k < p->first + p->count; k++) {
			const struct tp_pt *q = &a->pts[k];
			if (q->op == TP_CLOSE)
				continue;
			x0 = fmin(x0, q->x - g);
			y0 = fmin(y0, q->y - g);
			x1 = fmax(x1, q->x + g);
			y1 = fmax(y1, q->y + g);
		}
	}
	if (!(x1 >= x0)) {
		box[0] = box[1] = box[2] = box[3] = 0;
		return;
	}
	box[0] = x0, box[1] = y0, box[2] = x1, box[3] = y1;
}
