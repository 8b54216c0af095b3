/* The walk over the elements: shapes (rect, circle, ellipse, line,
 * polyline, polygon, path), groups, use of anything with an id, defs, and
 * what is refused. */

#include "print/art/svg/svg_rd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

static int rect_shape(struct rd *r, xmlNodePtr n, const mat m)
{
	double x, y, w, h, rx, ry;
	if (svg_len_attr(r, n, "x", 0, &x) || svg_len_attr(r, n, "y", 0, &y) || svg_len_attr(r, n, "width", 0, &w) ||
	    svg_len_attr(r, n, "height", 0, &h) || svg_len_attr(r, n, "rx", -1, &rx) ||
	    svg_len_attr(r, n, "ry", -1, &ry))
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
		return svg_putm(r, m, TP_MOVE, x, y) || svg_putm(r, m, TP_LINE, x + w, y) ||
		       svg_putm(r, m, TP_LINE, x + w, y + h) || svg_putm(r, m, TP_LINE, x, y + h) ||
		       svg_put(r, TP_CLOSE, 0, 0);
	}
	const double k = 0.5522847498307936;
	double kx = rx * k, ky = ry * k;
	return svg_putm(r, m, TP_MOVE, x + rx, y) || svg_putm(r, m, TP_LINE, x + w - rx, y) ||
	       svg_curve(r, m, x + w - rx + kx, y, x + w, y + ry - ky, x + w, y + ry) ||
	       svg_putm(r, m, TP_LINE, x + w, y + h - ry) ||
	       svg_curve(r, m, x + w, y + h - ry + ky, x + w - rx + kx, y + h, x + w - rx, y + h) ||
	       svg_putm(r, m, TP_LINE, x + rx, y + h) ||
	       svg_curve(r, m, x + rx - kx, y + h, x, y + h - ry + ky, x, y + h - ry) ||
	       svg_putm(r, m, TP_LINE, x, y + ry) ||
	       svg_curve(r, m, x, y + ry - ky, x + rx - kx, y, x + rx, y) || svg_put(r, TP_CLOSE, 0, 0);
}

static int ellipse_shape(struct rd *r, const mat m, double cx, double cy, double rx, double ry)
{
	if (!(rx > 0) || !(ry > 0))
		return 0;
	const double k = 0.5522847498307936;
	double kx = rx * k, ky = ry * k;
	return svg_putm(r, m, TP_MOVE, cx + rx, cy) ||
	       svg_curve(r, m, cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry) ||
	       svg_curve(r, m, cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy) ||
	       svg_curve(r, m, cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry) ||
	       svg_curve(r, m, cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy) || svg_put(r, TP_CLOSE, 0, 0);
}

static int points_shape(struct rd *r, xmlNodePtr n, const mat m, int close)
{
	char *v = svg_attr(n, "points");
	if (v == NULL)
		return 0;
	const char *s = v;
	int k = 0, rc = 0;
	double x, y;
	for (;;) {
		s = svg_skip_ws(s);
		if (*s == '\0')
			break;
		const char *end;
		if (svg_number(s, &x, &end) != 0 || svg_number(end, &y, &end) != 0) {
			rc = svg_refuse(r, n, "points: not a list of x,y pairs");
			break;
		}
		s = end;
		if ((rc = svg_putm(r, m, k ? TP_LINE : TP_MOVE, x, y)) != 0)
			break;
		k++;
	}
	xmlFree(v);
	if (rc == 0 && close && k > 0)
		rc = svg_put(r, TP_CLOSE, 0, 0);
	if (rc == 0 && k < 2)
		r->n = 0;
	return rc;
}

static int visit(struct rd *r, xmlNodePtr n, const mat parent, const struct style *inherited);

int svg_children(struct rd *r, xmlNodePtr n, const mat m, const struct style *st)
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
		rc = svg_refuse(r, n, "href=\"%.100s\": only references into the same file (#id) are read; unlink the clone (Inkscape: Edit > Clone > Unlink Clone)",
			    (const char *)h);
		xmlFree(h);
		return rc;
	}
	xmlNodePtr t = find_id(xmlDocGetRootElement(r->doc), (const char *)h + 1);
	if (t == NULL) {
		rc = svg_refuse(r, n, "href=\"%.100s\": no element has that id", (const char *)h);
		xmlFree(h);
		return rc;
	}
	xmlFree(h);
	for (xmlNodePtr a = n; a; a = a->parent)
		if (a == t)
			return svg_refuse(r, n, "refers to an element that holds it (a loop)");
	if (r->use_depth >= TP_SVG_MAX_USE_DEPTH)
		return svg_refuse(r, n, "clones nested deeper than %d; unlink them (Inkscape: Edit > Clone > Unlink Clone)",
			      TP_SVG_MAX_USE_DEPTH);
	double x, y;
	if (svg_len_attr(r, n, "x", 0, &x) || svg_len_attr(r, n, "y", 0, &y))
		return -1;
	mat tm = { 1, 0, 0, 1, x, y }, mm;
	svg_mat_mul(mm, m, tm);
	r->use_depth++;
	if (svg_elem(t) && svg_is(t, "symbol")) {
		char *vb = svg_attr(t, "viewBox");
		if (vb) {
			xmlFree(vb);
			r->use_depth--;
			return svg_refuse(r, n, "a symbol with a viewBox is not read; unlink the clone (Inkscape: Edit > Clone > Unlink Clone)");
		}
		rc = svg_children(r, t, mm, st);
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
	if (svg_is(n, "defs") || svg_is(n, "metadata") || svg_is(n, "title") || svg_is(n, "desc") || svg_is(n, "symbol"))
		return 0;
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
		if (svg_is(n, refused[i].el))
			return svg_refuse(r, n, "not read; %s", refused[i].how);
	int drawn = svg_is(n, "g") || svg_is(n, "a") || svg_is(n, "use") || svg_is(n, "path") || svg_is(n, "rect") ||
		    svg_is(n, "circle") || svg_is(n, "ellipse") || svg_is(n, "line") || svg_is(n, "polyline") ||
		    svg_is(n, "polygon");
	if (!drawn)
		return svg_refuse(r, n, "an element that is not read; allowed: path, rect, circle, ellipse, line, polyline, polygon, g, use, defs");
	struct style st = *inherited;
	int none = 0;
	if (svg_element_style(r, n, &st, &none) != 0)
		return -1;
	if (none)
		return 0;
	mat m;
	memcpy(m, parent, sizeof m);
	char *tf = svg_attr(n, "transform");
	if (tf) {
		mat t;
		int rc = svg_transform(r, n, tf, t);
		xmlFree(tf);
		if (rc != 0)
			return -1;
		svg_mat_mul(m, parent, t);
	}
	if (svg_is(n, "g") || svg_is(n, "a"))
		return svg_children(r, n, m, &st);
	if (svg_is(n, "use"))
		return use_elem(r, n, m, &st);
	int rc = 0;
	r->n = 0;
	if (svg_is(n, "path")) {
		char *d = svg_attr(n, "d");
		if (d) {
			rc = svg_path_data(r, n, m, d);
			xmlFree(d);
		}
	} else if (svg_is(n, "rect")) {
		rc = rect_shape(r, n, m);
	} else if (svg_is(n, "circle") || svg_is(n, "ellipse")) {
		double cx, cy, rx, ry;
		int c = svg_is(n, "circle");
		rc = svg_len_attr(r, n, "cx", 0, &cx) || svg_len_attr(r, n, "cy", 0, &cy) ||
		     svg_len_attr(r, n, c ? "r" : "rx", 0, &rx) || svg_len_attr(r, n, c ? "r" : "ry", 0, &ry);
		if (rc == 0)
			rc = ellipse_shape(r, m, cx, cy, rx, ry);
	} else if (svg_is(n, "line")) {
		double x1, y1, x2, y2;
		rc = svg_len_attr(r, n, "x1", 0, &x1) || svg_len_attr(r, n, "y1", 0, &y1) ||
		     svg_len_attr(r, n, "x2", 0, &x2) || svg_len_attr(r, n, "y2", 0, &y2);
		if (rc == 0) {
			rc = svg_putm(r, m, TP_MOVE, x1, y1) || svg_putm(r, m, TP_LINE, x2, y2);
			st.fill_none = 1;   /* a line has no inside */
		}
	} else {
		rc = points_shape(r, n, m, svg_is(n, "polygon"));
	}
	if (rc != 0) {
		r->n = 0;
		return -1;
	}
	return svg_paint(r, n, m, &st, 0);
}
