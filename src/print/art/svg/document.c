/* The document: libxml2 parses (no network, no DTD, no entities), the
 * root's viewport in mm, and the reader's messages; the calls of
 * svg_read.h. */

#include "print/art/svg/svg_rd.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#include "core/alloc.h"
#include "core/inputs.h"
#include "core/regfile.h"

int svg_line_of(xmlNodePtr n)
{
	long l = n ? xmlGetLineNo(n) : 0;
	return l > 0 && l < 1000000000 ? (int)l : 0;
}

int svg_refuse(struct rd *r, xmlNodePtr n, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return tp_fail(r->e, TP_EINPUT, "%s:%d: <%s>: %s", r->name, svg_line_of(n),
		       n && n->name ? (const char *)n->name : "svg", msg);
}

int svg_oom(struct rd *r)
{
	return tp_fail(r->e, TP_EIO, "%s: out of memory", r->name);
}

int svg_too_many_points(struct rd *r)
{
	return tp_fail(r->e, TP_EINPUT, "%s: more than %u path points; simplify the drawing (Inkscape: Path > Simplify)",
		       r->name, TP_SVG_MAX_POINTS);
}

int svg_elem(xmlNodePtr n)
{
	return n->type == XML_ELEMENT_NODE &&
	       (n->ns == NULL || (n->ns->href && strcmp((const char *)n->ns->href, SVG_NS) == 0));
}

int svg_is(xmlNodePtr n, const char *name)
{
	return strcmp((const char *)n->name, name) == 0;
}

/* An attribute without namespace (or in the SVG one): owned copy or NULL. */
char *svg_attr(xmlNodePtr n, const char *name)
{
	xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
	return (char *)v;
}

static int viewport(struct rd *r, xmlNodePtr root, mat m)
{
	double W = -1, H = -1, vb[4] = { 0, 0, -1, -1 };
	int has_vb = 0;
	char *v = svg_attr(root, "viewBox");
	if (v) {
		const char *s = v, *end;
		int ok = 1;
		for (int i = 0; i < 4 && ok; i++) {
			ok = svg_number(s, &vb[i], &end) == 0;
			s = end;
		}
		ok = ok && *svg_skip_ws(s) == '\0' && vb[2] > 0 && vb[3] > 0;
		xmlFree(v);
		if (!ok)
			return svg_refuse(r, root, "viewBox: four numbers min-x min-y width height, width and height above 0");
		has_vb = 1;
	}
	if (svg_len_attr(r, root, "width", -1, &W) || svg_len_attr(r, root, "height", -1, &H))
		return -1;
	if (W < 0)
		W = has_vb ? (H > 0 ? H * vb[2] / vb[3] : vb[2]) : -1;
	if (H < 0)
		H = has_vb ? (W > 0 ? W * vb[3] / vb[2] : vb[3]) : -1;
	if (!(W > 0) || !(H > 0))
		return svg_refuse(r, root, "the drawing has no size; give the document a width and height or a viewBox (Inkscape: File > Document Properties)");
	r->a->w = W * PX_MM;
	r->a->h = H * PX_MM;
	mat t = { PX_MM, 0, 0, PX_MM, 0, 0 };
	if (has_vb) {
		double sx = W / vb[2], sy = H / vb[3], ax = 0.5, ay = 0.5;
		int slice = 0, none = 0;
		char *p = svg_attr(root, "preserveAspectRatio");
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
				return svg_refuse(r, root, "preserveAspectRatio: allowed: none, or xMinYMin ... xMaxYMax with meet or slice");
		}
		if (!none) {
			double s = slice ? fmax(sx, sy) : fmin(sx, sy);
			sx = sy = s;
		}
		mat v2 = { sx, 0, 0, sy, -vb[0] * sx + (W - vb[2] * sx) * ax,
			   -vb[1] * sy + (H - vb[3] * sy) * ay };
		if (none)
			v2[4] = -vb[0] * sx, v2[5] = -vb[1] * sy;
		svg_mat_mul(t, t, v2);
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
			     name, root ? svg_line_of(root) : 1);
	} else if (root == NULL || !svg_elem(root) || !svg_is(root, "svg") || root->ns == NULL) {
		rc = tp_fail(e, TP_EINPUT, "%s:%d: not an SVG drawing (the root must be <svg xmlns=\"%s\">)",
			     name, root ? svg_line_of(root) : 1, SVG_NS);
	} else {
		mat m = { 1, 0, 0, 1, 0, 0 };
		struct style st = { .fill = 0, .stroke_none = 1, .sw = 1, .miter = 4 };
		int none = 0;
		if (viewport(&r, root, m) != 0 || svg_element_style(&r, root, &st, &none) != 0) {
			rc = e->code;
		} else if (!none) {
			char *tf = svg_attr(root, "transform");
			if (tf) {
				mat t;
				int bad = svg_transform(&r, root, tf, t);
				xmlFree(tf);
				if (bad)
					rc = e->code;
				else
					svg_mat_mul(m, m, t);
			}
			if (rc == TP_OK && svg_children(&r, root, m, &st) != 0)
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
	/* Read up to twice the bound: tp_svg_read_mem names the bound. */
	unsigned char *buf = NULL;
	size_t n = 0;
	enum tp_read r = tp_read_rest(f, 2 * (size_t)TP_SVG_MAX_BYTES, &buf, &n);
	int rc = r == TP_READ_OK ? TP_OK
		 : r == TP_READ_LARGE ? tp_fail(e, TP_EINPUT, "%s: larger than %u MB; simplify the drawing",
						path, TP_SVG_MAX_BYTES >> 20)
		 : r == TP_READ_ERROR ? tp_fail(e, TP_EIO, "%s: read error", path)
				      : tp_fail(e, TP_EIO, "%s: out of memory", path);
	fclose(f);
	if (rc == TP_OK)
		rc = tp_svg_read_mem((const char *)buf, n, path, a, e);
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
