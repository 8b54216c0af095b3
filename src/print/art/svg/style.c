/* Style: colours (#rgb, rgb(), names, currentColor), and the properties an
 * element sets through presentation attributes and its style attribute. */

#include "print/art/svg/svg_rd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

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
			if (svg_number(s, &d, &end) != 0)
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
		s = svg_skip_ws(s);
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
			return svg_refuse(r, n, "%s=\"%s\": gradients and patterns are not read; give it a solid colour (Inkscape: Fill and Stroke > Flat color)",
				      name, v);
		if (rc != 0)
			return svg_refuse(r, n, "%s=\"%s\" is not a colour; allowed: #rrggbb, #rgb, rgb(r,g,b), none, currentColor or a basic colour name",
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
			return svg_refuse(r, n, "color=\"%s\" is not a colour; allowed: #rrggbb", v);
		st->color = rgb;
		return 0;
	}
	if (strcmp(name, "opacity") == 0 || strcmp(name, "fill-opacity") == 0 ||
	    strcmp(name, "stroke-opacity") == 0) {
		if (!is_one(v))
			return svg_refuse(r, n, "%s: %s: only opacity 1 prints as separate inks; set it to 100 %% and mix the colour instead (Inkscape: Fill and Stroke > Opacity, and the colour's alpha)",
				      name, v);
		return 0;
	}
	return NOT_MINE;
}

static int prop_line(struct rd *r, xmlNodePtr n, const char *name, const char *v, struct style *st)
{
	if (strcmp(name, "stroke-width") == 0) {
		double w;
		int rc = svg_length(v, &w);
		if (rc != 0 || w < 0)
			return svg_refuse(r, n, "stroke-width=\"%s\" is not a width; allowed: a length of 0 or more (no percentage)",
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
		return svg_refuse(r, n, "stroke-linecap=\"%s\"; allowed: butt, round or square", v);
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
		return svg_refuse(r, n, "stroke-linejoin=\"%s\"; allowed: miter, round or bevel", v);
	}
	if (strcmp(name, "stroke-miterlimit") == 0) {
		const char *end;
		double m;
		if (svg_number(v, &m, &end) != 0 || m < 1)
			return svg_refuse(r, n, "stroke-miterlimit=\"%s\"; allowed: a number of 1 or more", v);
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
			s = svg_skip_ws(s);
			if (*s == '\0')
				break;
			double x;
			if (k == MAX_DASH / 2 || svg_length(s, &x) == -2)
				return svg_refuse(r, n, "stroke-dasharray=\"%s\": at most %d lengths, no percentages",
					      v, MAX_DASH / 2);
			const char *end;
			if (svg_number(s, &x, &end) != 0 || x < 0)
				return svg_refuse(r, n, "stroke-dasharray=\"%s\" is not a list of lengths", v);
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
		if (svg_length(v, &o) != 0)
			return svg_refuse(r, n, "stroke-dashoffset=\"%s\" is not a length", v);
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
			return svg_refuse(r, n, "fill-rule=\"%s\"; allowed: nonzero or evenodd", v);
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
		return svg_refuse(r, n, "%s=\"%s\" is not read; %s", name, v, how);
	}
	if (strcmp(name, "mix-blend-mode") == 0 && strcmp(v, "normal") != 0)
		return svg_refuse(r, n, "mix-blend-mode: %s is not read; set the blend mode to normal (Inkscape: Fill and Stroke > Blend mode)",
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
int svg_element_style(struct rd *r, xmlNodePtr n, struct style *st, int *display_none)
{
	/* color first: currentColor in the same element refers to it */
	char *c = svg_attr(n, "color");
	int rc = 0;
	if (c) {
		char *t = trim(c);
		rc = property(r, n, "color", t, st, display_none);
		xmlFree(c);
	}
	for (size_t i = 0; rc == 0 && i < sizeof props / sizeof props[0]; i++) {
		if (strcmp(props[i], "color") == 0)
			continue;
		char *v = svg_attr(n, props[i]);
		if (v) {
			rc = property(r, n, props[i], trim(v), st, display_none);
			xmlFree(v);
		}
	}
	char *s = svg_attr(n, "style");
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
