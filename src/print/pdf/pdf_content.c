/* A content-stream interpreter for the preflight of PDF files
 * (pdf_content.h). */

#include "print/pdf/pdf_content.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "core/alloc.h"

#define MAX_OPERANDS 64
#define MAX_SAVE 64
#define MAX_FORMS 12

/* ---- streams ----------------------------------------------------------------------- */

int tp_pdf_stream_bytes(const struct tp_pdf *p, const struct tp_pdf_obj *o, unsigned char **out,
			size_t *n)
{
	*out = NULL;
	*n = 0;
	if (o == NULL || o->stream == NULL)
		return -1;
	const struct tp_pv *f = tp_pdf_key(p, &o->v, "Filter");
	if (f && f->type == TP_PV_ARR && f->n == 1)
		f = tp_pdf_deref(p, &f->items[0]);
	if (f == NULL) {
		*out = tp_malloc(o->stream_len + 1);
		if (*out == NULL)
			return -2;
		memcpy(*out, o->stream, o->stream_len);
		*n = o->stream_len;
		return 0;
	}
	if (!tp_pv_is(f, "FlateDecode"))
		return -1;
	if (o->stream_len == 0) {   /* an empty page, as libharu writes one */
		*out = tp_malloc(1);
		return *out ? 0 : -2;
	}
	uLongf cap = (uLongf)o->stream_len * 4 + 1024;
	for (int tries = 0; tries < 10; tries++, cap *= 4) {
		unsigned char *b = tp_malloc(cap);
		if (b == NULL)
			return -2;
		uLongf len = cap;
		int z = uncompress(b, &len, o->stream, (uLong)o->stream_len);
		if (z == Z_OK) {
			*out = b;
			*n = len;
			return 0;
		}
		free(b);
		if (z != Z_BUF_ERROR)
			return z == Z_MEM_ERROR ? -2 : -1;
	}
	return -1;
}

/* ---- the page tree ------------------------------------------------------------------ */

struct tree {
	const struct tp_pdf *p;
	void (*fn)(void *ctx, int k, const struct tp_pv *pg);
	void *ctx;
	int k;
};

static void tree_walk(struct tree *t, const struct tp_pv *node, int depth)
{
	if (node == NULL || depth > 32)
		return;
	if (tp_pv_is(tp_pdf_key(t->p, node, "Type"), "Page")) {
		t->fn(t->ctx, ++t->k, node);
		return;
	}
	const struct tp_pv *kids = tp_pdf_key(t->p, node, "Kids");
	for (size_t i = 0; kids && kids->type == TP_PV_ARR && i < kids->n; i++)
		tree_walk(t, tp_pdf_deref(t->p, &kids->items[i]), depth + 1);
}

int tp_pdf_pages(const struct tp_pdf *p, void (*fn)(void *ctx, int k, const struct tp_pv *pg),
		 void *ctx)
{
	struct tree t = { p, fn, ctx, 0 };
	const struct tp_pv *root = tp_pdf_key(p, &p->trailer, "Root");
	tree_walk(&t, tp_pdf_key(p, root, "Pages"), 0);
	return t.k;
}

/* ---- the graphics state -------------------------------------------------------------- */

enum cs_kind { CS_GRAY, CS_RGB, CS_CMYK, CS_SEP, CS_DEVN, CS_PATTERN };

struct cspace {
	int kind;
	int n;                  /* components */
	char name[64];          /* a Separation's (or DeviceN's first spot) name */
	double c0[4], c1[4];    /* a Separation's alternate, FunctionType 2 */
	double expo;
	int proc[8];            /* DeviceN: component k is process plate proc[k] (-1: a spot) */
};

struct gstate {
	double ctm[6];
	double lw;
	struct cspace fcs, scs;
	struct tp_pc_colour fill, stroke;
	int op, OP, opm;
	double font_size;
	int render;             /* text rendering mode */
};

struct interp {
	const struct tp_pdf *p;
	tp_pc_paint_fn fn;
	void *ctx;
	struct tp_pc_result *res;
	struct gstate gs[MAX_SAVE];
	int top;
	struct tp_pt *path;
	size_t n_path, cap_path;
	double cx, cy;          /* current point, user space */
	double sx, sy;          /* the subpath's start */
	double tm[6], tlm[6];
	int oom, stop;
};

static void mat_mul(const double a[6], const double b[6], double out[6])
{
	double r[6] = { a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
			a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
			a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5] };
	memcpy(out, r, sizeof r);
}

static void apply(const double m[6], double x, double y, double *ox, double *oy)
{
	*ox = m[0] * x + m[2] * y + m[4];
	*oy = m[1] * x + m[3] * y + m[5];
}

static void broken(struct interp *I, const char *why)
{
	if (!I->res->broken) {
		I->res->broken = 1;
		snprintf(I->res->why, sizeof I->res->why, "%s", why);
	}
	I->stop = 1;
}

/* ---- colour ------------------------------------------------------------------------- */

static const char *const process[4] = { "Cyan", "Magenta", "Yellow", "Black" };

static void num_array(const struct tp_pdf *p, const struct tp_pv *a, double *out, int n)
{
	a = tp_pdf_deref(p, a);
	for (int i = 0; a && a->type == TP_PV_ARR && i < n && (size_t)i < a->n; i++) {
		const struct tp_pv *v = tp_pdf_deref(p, &a->items[i]);
		if (v && v->type == TP_PV_NUM)
			out[i] = v->num;
	}
}

/* The colour space v (a name or an array; resources res for a name). */
static void space_of(const struct tp_pdf *p, const struct tp_pv *res, const struct tp_pv *v,
		     struct cspace *cs, int depth)
{
	memset(cs, 0, sizeof *cs);
	cs->kind = CS_GRAY;
	cs->n = 1;
	v = tp_pdf_deref(p, v);
	if (v == NULL || depth > 4)
		return;
	if (v->type == TP_PV_NAME) {
		if (strcmp(v->s, "DeviceGray") == 0 || strcmp(v->s, "G") == 0 || strcmp(v->s, "CalGray") == 0)
			return;
		if (strcmp(v->s, "DeviceRGB") == 0 || strcmp(v->s, "RGB") == 0) {
			cs->kind = CS_RGB;
			cs->n = 3;
			return;
		}
		if (strcmp(v->s, "DeviceCMYK") == 0 || strcmp(v->s, "CMYK") == 0) {
			cs->kind = CS_CMYK;
			cs->n = 4;
			return;
		}
		if (strcmp(v->s, "Pattern") == 0) {
			cs->kind = CS_PATTERN;
			cs->n = 1;
			return;
		}
		const struct tp_pv *named = tp_pdf_key(p, tp_pdf_key(p, res, "ColorSpace"), v->s);
		if (named && named != v)
			space_of(p, res, named, cs, depth + 1);
		return;
	}
	if (v->type != TP_PV_ARR || v->n == 0 || v->items[0].type != TP_PV_NAME)
		return;
	const char *fam = v->items[0].s;
	if (strcmp(fam, "Separation") == 0 && v->n >= 4) {
		const struct tp_pv *nm = tp_pdf_deref(p, &v->items[1]);
		cs->kind = CS_SEP;
		cs->n = 1;
		if (nm && (nm->type == TP_PV_NAME || nm->type == TP_PV_STR))
			snprintf(cs->name, sizeof cs->name, "%s", nm->s);
		const struct tp_pv *fn = tp_pdf_deref(p, &v->items[3]);
		cs->expo = 1;
		cs->c1[3] = 1;
		if (tp_pdf_key(p, fn, "C1")) {
			cs->c1[3] = 0;
			num_array(p, tp_pdf_key(p, fn, "C0"), cs->c0, 4);
			num_array(p, tp_pdf_key(p, fn, "C1"), cs->c1, 4);
			const struct tp_pv *N = tp_pdf_key(p, fn, "N");
			if (N && N->type == TP_PV_NUM)
				cs->expo = N->num;
		}
		return;
	}
	if (strcmp(fam, "DeviceN") == 0 && v->n >= 4) {
		const struct tp_pv *names = tp_pdf_deref(p, &v->items[1]);
		cs->kind = CS_DEVN;
		cs->n = names && names->type == TP_PV_ARR ? (int)(names->n < 8 ? names->n : 8) : 1;
		for (int k = 0; k < cs->n; k++) {
			const struct tp_pv *nm = tp_pdf_deref(p, &names->items[k]);
			cs->proc[k] = -1;
			for (int q = 0; q < 4 && nm && nm->type == TP_PV_NAME; q++)
				if (strcmp(nm->s, process[q]) == 0)
					cs->proc[k] = q;
			if (cs->proc[k] < 0 && cs->name[0] == '\0' && nm && nm->type == TP_PV_NAME)
				snprintf(cs->name, sizeof cs->name, "%s", nm->s);
		}
		return;
	}
	if (strcmp(fam, "ICCBased") == 0 && v->n >= 2) {
		const struct tp_pv *N = tp_pdf_key(p, &v->items[1], "N");
		int n = N && N->type == TP_PV_NUM ? (int)N->num : 3;
		cs->kind = n == 4 ? CS_CMYK : n == 1 ? CS_GRAY : CS_RGB;
		cs->n = n == 4 ? 4 : n == 1 ? 1 : 3;
		return;
	}
	if (strcmp(fam, "CalRGB") == 0 || strcmp(fam, "Lab") == 0) {
		cs->kind = CS_RGB;
		cs->n = 3;
		return;
	}
	if (strcmp(fam, "CalGray") == 0)
		return;
	if (strcmp(fam, "Indexed") == 0 && v->n >= 2) {
		space_of(p, res, &v->items[1], cs, depth + 1);
		cs->n = 1;
		return;
	}
	if (strcmp(fam, "Pattern") == 0)
		cs->kind = CS_PATTERN;
}

/* The colour of components c[0 .. n-1] in space cs. */
static void colour_of(const struct cspace *cs, const double *c, int n, struct tp_pc_colour *out)
{
	memset(out, 0, sizeof *out);
	double v[8] = { 0 };
	for (int i = 0; i < n && i < 8; i++)
		v[i] = fmin(fmax(c[i], 0), 1);
	switch (cs->kind) {
	case CS_GRAY:
		out->cmyk[3] = 1 - v[0];
		break;
	case CS_RGB:
		out->rgb = 1;
		break;
	case CS_CMYK:
		memcpy(out->cmyk, v, sizeof out->cmyk);
		break;
	case CS_SEP:
		snprintf(out->spot, sizeof out->spot, "%s", cs->name);
		out->tint = v[0];
		for (int q = 0; q < 4; q++)
			out->cmyk[q] = cs->c0[q] + pow(v[0], cs->expo) * (cs->c1[q] - cs->c0[q]);
		break;
	case CS_DEVN:
		for (int k = 0; k < cs->n; k++)
			if (cs->proc[k] >= 0)
				out->cmyk[cs->proc[k]] = v[k];
			else if (out->spot[0] == '\0') {
				snprintf(out->spot, sizeof out->spot, "%s", cs->name);
				out->tint = v[k];
			}
		break;
	default:
		break;
	}
}

/* ---- operands ------------------------------------------------------------------------ */

enum { OPD_NUM, OPD_NAME, OPD_OTHER };

struct operand {
	int type;
	double num;
	char name[64];
};

struct lexer {
	const unsigned char *b;
	size_t n, i;
};

static int is_ws(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0;
}

static int is_delim(int c)
{
	return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' ||
	       c == '}' || c == '/' || c == '%';
}

static void skip_ws(struct lexer *x)
{
	while (x->i < x->n) {
		if (x->b[x->i] == '%') {
			while (x->i < x->n && x->b[x->i] != '\n' && x->b[x->i] != '\r')
				x->i++;
		} else if (is_ws(x->b[x->i])) {
			x->i++;
		} else {
			break;
		}
	}
}

/* Skips a literal string (at its '('); 0, or -1 unterminated. */
static int skip_string(struct lexer *x)
{
	int depth = 0;
	for (; x->i < x->n; x->i++) {
		unsigned char c = x->b[x->i];
		if (c == '\\') {
			x->i++;
			continue;
		}
		if (c == '(')
			depth++;
		else if (c == ')' && --depth == 0) {
			x->i++;
			return 0;
		}
	}
	return -1;
}

/* Skips a dictionary (at its "<<") to its ">>", strings included. */
static int skip_dict(struct lexer *x)
{
	int depth = 0;
	while (x->i < x->n) {
		if (x->i + 1 < x->n && x->b[x->i] == '<' && x->b[x->i + 1] == '<') {
			depth++;
			x->i += 2;
		} else if (x->i + 1 < x->n && x->b[x->i] == '>' && x->b[x->i + 1] == '>') {
			x->i += 2;
			if (--depth == 0)
				return 0;
		} else if (x->b[x->i] == '(') {
			if (skip_string(x) != 0)
				return -1;
		} else {
			x->i++;
		}
	}
	return -1;
}

/* Skips inline image data after ID to just past its EI. */
static int skip_inline_image(struct lexer *x)
{
	for (x->i++; x->i + 1 < x->n; x->i++)
		if (x->b[x->i] == 'E' && x->b[x->i + 1] == 'I' && is_ws(x->b[x->i - 1]) &&
		    (x->i + 2 == x->n || is_ws(x->b[x->i + 2]))) {
			x->i += 2;
			return 0;
		}
	return -1;
}

/* ---- painting ---------------------------------------------------------------------- */

static struct gstate *G(struct interp *I)
{
	return &I->gs[I->top];
}

static int path_add(struct interp *I, int op, double x, double y)
{
	if (I->n_path == I->cap_path) {
		if (I->n_path >= ((size_t)1 << 26)) {
			broken(I, "a path of more than 64 million points");
			return -1;
		}
		if (tp_grow((void **)&I->path, &I->cap_path, I->n_path + 1, sizeof *I->path, 64) != 0) {
			I->oom = 1;
			I->stop = 1;
			return -1;
		}
	}
	double px, py;
	apply(G(I)->ctm, x, y, &px, &py);
	I->path[I->n_path++] = (struct tp_pt){ (uint8_t)op, px, py };
	return 0;
}

static void box_of(const struct tp_pt *p, size_t n, double b[4])
{
	b[0] = b[1] = INFINITY;
	b[2] = b[3] = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		if (p[i].op == TP_CLOSE)
			continue;
		b[0] = fmin(b[0], p[i].x);
		b[1] = fmin(b[1], p[i].y);
		b[2] = fmax(b[2], p[i].x);
		b[3] = fmax(b[3], p[i].y);
	}
}

static double scale_of(const double m[6])
{
	return sqrt(fabs(m[0] * m[3] - m[1] * m[2]));
}

static void emit(struct interp *I, struct tp_pc_paint *pt)
{
	I->res->paints++;
	if (I->fn(I->ctx, pt) != 0)
		I->stop = 1;
}

static void paint(struct interp *I, int fill, int stroke, int even_odd)
{
	struct gstate *g = G(I);
	if (I->n_path > 0 && !I->stop) {
		struct tp_pc_paint pt = { .pts = I->path, .n = I->n_path, .even_odd = even_odd };
		box_of(I->path, I->n_path, pt.box);
		if (fill) {
			pt.what = TP_PC_FILL;
			pt.col = g->fill;
			pt.overprint = g->op;
			pt.opm = g->opm;
			emit(I, &pt);
		}
		if (stroke && !I->stop) {
			pt.what = TP_PC_STROKE;
			pt.col = g->stroke;
			pt.overprint = g->OP;
			pt.opm = g->opm;
			pt.width = g->lw * scale_of(g->ctm);
			emit(I, &pt);
		}
	}
	I->n_path = 0;
}

static void show_text(struct interp *I)
{
	struct gstate *g = G(I);
	if (g->render == 3 || g->render == 7)
		return;
	double m[6], x, y;
	mat_mul(I->tm, g->ctm, m);
	apply(m, 0, 0, &x, &y);
	struct tp_pc_paint pt = { .what = TP_PC_TEXT, .col = g->render == 1 ? g->stroke : g->fill,
				  .overprint = g->render == 1 ? g->OP : g->op, .opm = g->opm };
	pt.size = fabs(g->font_size) * scale_of(m);
	pt.box[0] = pt.box[2] = x;
	pt.box[1] = y;
	pt.box[3] = y + pt.size;
	emit(I, &pt);
}

/* ---- the operators ------------------------------------------------------------------ */

static void interpret(struct interp *I, const unsigned char *b, size_t n, const struct tp_pv *res,
		      int depth);

static void set_space(struct interp *I, const struct tp_pv *res, const char *name, int stroke)
{
	struct tp_pv v = { .type = TP_PV_NAME, .s = (char *)name };
	struct cspace *cs = stroke ? &G(I)->scs : &G(I)->fcs;
	space_of(I->p, res, &v, cs, 0);
	double init[8] = { 0 };
	if (cs->kind == CS_SEP || cs->kind == CS_DEVN)
		for (int k = 0; k < 8; k++)
			init[k] = 1;
	if (cs->kind == CS_CMYK)
		init[3] = 1;
	colour_of(cs, init, cs->n, stroke ? &G(I)->stroke : &G(I)->fill);
}

static void ext_gstate(struct interp *I, const struct tp_pv *res, const char *name)
{
	const struct tp_pv *d = tp_pdf_key(I->p, tp_pdf_key(I->p, res, "ExtGState"), name);
	if (d == NULL)
		return;
	struct gstate *g = G(I);
	const struct tp_pv *OP = tp_pdf_key(I->p, d, "OP"), *op = tp_pdf_key(I->p, d, "op"),
			   *opm = tp_pdf_key(I->p, d, "OPM"), *lw = tp_pdf_key(I->p, d, "LW");
	if (OP && OP->type == TP_PV_BOOL) {
		g->OP = OP->num != 0;
		if (op == NULL)
			g->op = g->OP;
	}
	if (op && op->type == TP_PV_BOOL)
		g->op = op->num != 0;
	if (opm && opm->type == TP_PV_NUM)
		g->opm = (int)opm->num;
	if (lw && lw->type == TP_PV_NUM)
		g->lw = lw->num;
}

static void xobject(struct interp *I, const struct tp_pv *res, const char *name, int depth)
{
	const struct tp_pv *ref = NULL, *xo = tp_pdf_deref(I->p, tp_pdf_key(I->p, res, "XObject"));
	for (size_t i = 0; xo && xo->type == TP_PV_DICT && i < xo->n; i++)
		if (strcmp(xo->keys[i], name) == 0)
			ref = &xo->items[i];
	if (ref == NULL || ref->type != TP_PV_REF)
		return;
	const struct tp_pdf_obj *o = tp_pdf_obj(I->p, (int)ref->num);
	if (o == NULL)
		return;
	const struct tp_pv *sub = tp_pdf_key(I->p, &o->v, "Subtype");
	struct gstate *g = G(I);
	if (tp_pv_is(sub, "Image")) {
		struct tp_pc_paint pt = { .what = TP_PC_IMAGE };
		double c[4][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } };
		struct tp_pt q[4];
		for (int k = 0; k < 4; k++) {
			apply(g->ctm, c[k][0], c[k][1], &q[k].x, &q[k].y);
			q[k].op = TP_LINE;
		}
		box_of(q, 4, pt.box);
		struct cspace cs;
		space_of(I->p, res, tp_pdf_key(I->p, &o->v, "ColorSpace"), &cs, 0);
		double one[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };
		colour_of(&cs, one, cs.n, &pt.col);
		emit(I, &pt);
		return;
	}
	if (!tp_pv_is(sub, "Form"))
		return;
	if (depth >= MAX_FORMS || I->top + 1 >= MAX_SAVE) {
		broken(I, "forms nested too deep");
		return;
	}
	unsigned char *bytes;
	size_t nb;
	int rc = tp_pdf_stream_bytes(I->p, o, &bytes, &nb);
	if (rc == -2) {
		I->oom = I->stop = 1;
		return;
	}
	if (rc != 0) {
		broken(I, "a form's stream cannot be read");
		return;
	}
	I->gs[I->top + 1] = *g;
	I->top++;
	double m[6] = { 1, 0, 0, 1, 0, 0 };
	num_array(I->p, tp_pdf_key(I->p, &o->v, "Matrix"), m, 6);
	mat_mul(m, G(I)->ctm, G(I)->ctm);
	const struct tp_pv *fres = tp_pdf_key(I->p, &o->v, "Resources");
	interpret(I, bytes, nb, fres ? fres : res, depth + 1);
	I->top--;
	free(bytes);
}

/* The last k operands are numbers: into v[0..k-1]. */
static int nums(const struct operand *o, int n, int k, double *v)
{
	if (n < k)
		return -1;
	for (int i = 0; i < k; i++) {
		if (o[n - k + i].type != OPD_NUM)
			return -1;
		v[i] = o[n - k + i].num;
	}
	return 0;
}

static void text_move(struct interp *I, double tx, double ty)
{
	double t[6] = { 1, 0, 0, 1, tx, ty };
	mat_mul(t, I->tlm, I->tlm);
	memcpy(I->tm, I->tlm, sizeof I->tm);
}

static void op(struct interp *I, const char *w, const struct operand *o, int n,
	       const struct tp_pv *res, int depth)
{
	struct gstate *g = G(I);
	double v[8];
	const char *last_name = n > 0 && o[n - 1].type == OPD_NAME ? o[n - 1].name : NULL;
	if (strcmp(w, "q") == 0) {
		if (I->top + 1 >= MAX_SAVE) {
			broken(I, "q nested deeper than 64");
			return;
		}
		I->gs[I->top + 1] = *g;
		I->top++;
	} else if (strcmp(w, "Q") == 0) {
		if (I->top > 0)
			I->top--;
	} else if (strcmp(w, "cm") == 0) {
		if (nums(o, n, 6, v) == 0)
			mat_mul(v, g->ctm, g->ctm);
	} else if (strcmp(w, "w") == 0) {
		if (nums(o, n, 1, v) == 0)
			g->lw = fabs(v[0]);
	} else if (strcmp(w, "m") == 0) {
		if (nums(o, n, 2, v) == 0 && path_add(I, TP_MOVE, v[0], v[1]) == 0) {
			I->cx = I->sx = v[0];
			I->cy = I->sy = v[1];
		}
	} else if (strcmp(w, "l") == 0) {
		if (nums(o, n, 2, v) == 0 && path_add(I, TP_LINE, v[0], v[1]) == 0) {
			I->cx = v[0];
			I->cy = v[1];
		}
	} else if (strcmp(w, "c") == 0 || strcmp(w, "v") == 0 || strcmp(w, "y") == 0) {
		int k = w[0] == 'c' ? 6 : 4;
		if (nums(o, n, k, v) != 0)
			return;
		double c[6];
		if (w[0] == 'c')
			memcpy(c, v, sizeof c);
		else if (w[0] == 'v')
			c[0] = I->cx, c[1] = I->cy, c[2] = v[0], c[3] = v[1], c[4] = v[2], c[5] = v[3];
		else
			c[0] = v[0], c[1] = v[1], c[2] = v[2], c[3] = v[3], c[4] = v[2], c[5] = v[3];
		path_add(I, TP_CURVE, c[0], c[1]);
		path_add(I, TP_CURVE, c[2], c[3]);
		path_add(I, TP_CURVE, c[4], c[5]);
		I->cx = c[4];
		I->cy = c[5];
	} else if (strcmp(w, "h") == 0) {
		path_add(I, TP_CLOSE, I->sx, I->sy);
		I->cx = I->sx;
		I->cy = I->sy;
	} else if (strcmp(w, "re") == 0) {
		if (nums(o, n, 4, v) != 0)
			return;
		path_add(I, TP_MOVE, v[0], v[1]);
		path_add(I, TP_LINE, v[0] + v[2], v[1]);
		path_add(I, TP_LINE, v[0] + v[2], v[1] + v[3]);
		path_add(I, TP_LINE, v[0], v[1] + v[3]);
		path_add(I, TP_CLOSE, v[0], v[1]);
		I->cx = I->sx = v[0];
		I->cy = I->sy = v[1];
	} else if (strcmp(w, "f") == 0 || strcmp(w, "F") == 0) {
		paint(I, 1, 0, 0);
	} else if (strcmp(w, "f*") == 0) {
		paint(I, 1, 0, 1);
	} else if (strcmp(w, "S") == 0) {
		paint(I, 0, 1, 0);
	} else if (strcmp(w, "s") == 0) {
		path_add(I, TP_CLOSE, I->sx, I->sy);
		paint(I, 0, 1, 0);
	} else if (strcmp(w, "B") == 0 || strcmp(w, "B*") == 0) {
		paint(I, 1, 1, w[1] == '*');
	} else if (strcmp(w, "b") == 0 || strcmp(w, "b*") == 0) {
		path_add(I, TP_CLOSE, I->sx, I->sy);
		paint(I, 1, 1, w[1] == '*');
	} else if (strcmp(w, "n") == 0) {
		I->n_path = 0;
	} else if (strcmp(w, "k") == 0 || strcmp(w, "K") == 0) {
		int s = w[0] == 'K';
		if (nums(o, n, 4, v) != 0)
			return;
		struct cspace *cs = s ? &g->scs : &g->fcs;
		space_of(I->p, res, &(struct tp_pv){ .type = TP_PV_NAME, .s = (char *)"DeviceCMYK" }, cs, 0);
		colour_of(cs, v, 4, s ? &g->stroke : &g->fill);
	} else if (strcmp(w, "g") == 0 || strcmp(w, "G") == 0) {
		int s = w[0] == 'G';
		if (nums(o, n, 1, v) != 0)
			return;
		struct cspace *cs = s ? &g->scs : &g->fcs;
		space_of(I->p, res, &(struct tp_pv){ .type = TP_PV_NAME, .s = (char *)"DeviceGray" }, cs, 0);
		colour_of(cs, v, 1, s ? &g->stroke : &g->fill);
	} else if (strcmp(w, "rg") == 0 || strcmp(w, "RG") == 0) {
		int s = w[0] == 'R';
		struct cspace *cs = s ? &g->scs : &g->fcs;
		space_of(I->p, res, &(struct tp_pv){ .type = TP_PV_NAME, .s = (char *)"DeviceRGB" }, cs, 0);
		colour_of(cs, v, 0, s ? &g->stroke : &g->fill);
	} else if (strcmp(w, "cs") == 0 || strcmp(w, "CS") == 0) {
		if (last_name)
			set_space(I, res, last_name, w[0] == 'C');
	} else if (strcmp(w, "sc") == 0 || strcmp(w, "scn") == 0 || strcmp(w, "SC") == 0 ||
		   strcmp(w, "SCN") == 0) {
		int s = w[0] == 'S';
		int k = 0;
		while (k < n && k < 8 && o[n - 1 - k].type == OPD_NUM)
			k++;
		for (int i = 0; i < k; i++)
			v[i] = o[n - k + i].num;
		struct cspace *cs = s ? &g->scs : &g->fcs;
		colour_of(cs, v, k, s ? &g->stroke : &g->fill);
	} else if (strcmp(w, "gs") == 0) {
		if (last_name)
			ext_gstate(I, res, last_name);
	} else if (strcmp(w, "Do") == 0) {
		if (last_name)
			xobject(I, res, last_name, depth);
	} else if (strcmp(w, "BT") == 0) {
		static const double id[6] = { 1, 0, 0, 1, 0, 0 };
		memcpy(I->tm, id, sizeof id);
		memcpy(I->tlm, id, sizeof id);
	} else if (strcmp(w, "Tf") == 0) {
		if (nums(o, n, 1, v) == 0)
			g->font_size = v[0];
	} else if (strcmp(w, "Tr") == 0) {
		if (nums(o, n, 1, v) == 0)
			g->render = (int)v[0];
	} else if (strcmp(w, "Tm") == 0) {
		if (nums(o, n, 6, v) == 0) {
			memcpy(I->tm, v, 6 * sizeof *v);
			memcpy(I->tlm, v, 6 * sizeof *v);
		}
	} else if (strcmp(w, "Td") == 0 || strcmp(w, "TD") == 0) {
		if (nums(o, n, 2, v) == 0)
			text_move(I, v[0], v[1]);
	} else if (strcmp(w, "T*") == 0) {
		text_move(I, 0, -g->font_size);
	} else if (strcmp(w, "Tj") == 0 || strcmp(w, "TJ") == 0 || strcmp(w, "'") == 0 ||
		   strcmp(w, "\"") == 0) {
		if (w[0] == '\'' || w[0] == '"')
			text_move(I, 0, -g->font_size);
		show_text(I);
	}
}

static void interpret(struct interp *I, const unsigned char *b, size_t n, const struct tp_pv *res,
		      int depth)
{
	struct lexer x = { b, n, 0 };
	struct operand o[MAX_OPERANDS];
	int n_o = 0, in_array = 0;
	while (!I->stop) {
		skip_ws(&x);
		if (x.i >= x.n)
			break;
		unsigned char c = x.b[x.i];
		struct operand cur = { OPD_OTHER, 0, "" };
		if (c == '(') {
			if (skip_string(&x) != 0) {
				broken(I, "an unterminated string");
				break;
			}
		} else if (c == '<' && x.i + 1 < x.n && x.b[x.i + 1] == '<') {
			if (skip_dict(&x) != 0) {
				broken(I, "an unterminated dictionary");
				break;
			}
		} else if (c == '<') {
			while (x.i < x.n && x.b[x.i] != '>')
				x.i++;
			if (x.i >= x.n) {
				broken(I, "an unterminated hex string");
				break;
			}
			x.i++;
		} else if (c == '[') {
			x.i++;
			in_array++;
			continue;
		} else if (c == ']') {
			x.i++;
			if (in_array > 0)
				in_array--;
		} else if (c == '/') {
			size_t s = ++x.i;
			while (x.i < x.n && !is_ws(x.b[x.i]) && !is_delim(x.b[x.i]))
				x.i++;
			cur.type = OPD_NAME;
			snprintf(cur.name, sizeof cur.name, "%.*s", (int)(x.i - s), (const char *)x.b + s);
		} else if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.') {
			char num[64];
			size_t s = x.i;
			while (x.i < x.n && x.i - s < 63 && !is_ws(x.b[x.i]) && !is_delim(x.b[x.i]))
				x.i++;
			snprintf(num, sizeof num, "%.*s", (int)(x.i - s), (const char *)x.b + s);
			char *end;
			cur.type = OPD_NUM;
			cur.num = strtod(num, &end);
			if (*end || !isfinite(cur.num)) {
				broken(I, "a bad number");
				break;
			}
			if (x.i - s >= 63)   /* an absurdly long one: skip its rest */
				while (x.i < x.n && !is_ws(x.b[x.i]) && !is_delim(x.b[x.i]))
					x.i++;
		} else if (c == ')' || c == '>' || c == '{' || c == '}') {
			broken(I, "a stray delimiter");
			break;
		} else {
			char w[16];
			size_t s = x.i;
			while (x.i < x.n && !is_ws(x.b[x.i]) && !is_delim(x.b[x.i]))
				x.i++;
			if (x.i - s >= sizeof w) {
				broken(I, "an unknown operator");
				break;
			}
			snprintf(w, sizeof w, "%.*s", (int)(x.i - s), (const char *)x.b + s);
			if (strcmp(w, "true") == 0 || strcmp(w, "false") == 0 || strcmp(w, "null") == 0) {
				cur.type = OPD_OTHER;
			} else {
				if (strcmp(w, "ID") == 0 && skip_inline_image(&x) != 0) {
					broken(I, "an inline image without EI");
					break;
				}
				if (in_array == 0)
					op(I, w, o, n_o, res, depth);
				n_o = 0;
				continue;
			}
		}
		if (in_array > 0)
			continue;   /* an array's items are not operands of their own */
		if (n_o == MAX_OPERANDS) {
			memmove(o, o + 1, (MAX_OPERANDS - 1) * sizeof *o);
			n_o--;
		}
		o[n_o++] = cur;
	}
}

/* The content of page pg: its stream, or its array of streams joined. */
int tp_pdf_content_page(const struct tp_pdf *p, const struct tp_pv *pg, tp_pc_paint_fn fn,
			void *ctx, struct tp_pc_result *res)
{
	memset(res, 0, sizeof *res);
	struct interp *I = tp_calloc(1, sizeof *I);
	if (I == NULL)
		return -1;
	I->p = p;
	I->fn = fn;
	I->ctx = ctx;
	I->res = res;
	struct gstate *g = &I->gs[0];
	static const double id[6] = { 1, 0, 0, 1, 0, 0 };
	memcpy(g->ctm, id, sizeof id);
	g->lw = 1;
	g->fill.cmyk[3] = g->stroke.cmyk[3] = 1;
	/* The page's resources, inherited. */
	const struct tp_pv *rs = NULL, *node = tp_pdf_deref(p, pg);
	for (int d = 0; node && d < 32 && rs == NULL; d++) {
		rs = tp_pdf_key(p, node, "Resources");
		node = tp_pdf_key(p, node, "Parent");
	}
	const struct tp_pv *d = tp_pdf_deref(p, pg), *ct = NULL;
	for (size_t i = 0; d && d->type == TP_PV_DICT && i < d->n; i++)
		if (strcmp(d->keys[i], "Contents") == 0)
			ct = &d->items[i];
	const struct tp_pv *arr = tp_pdf_deref(p, ct);
	size_t parts = arr && arr->type == TP_PV_ARR ? arr->n : ct ? 1 : 0;
	/* The parts join into one stream (an operator may run across them). */
	unsigned char *all = NULL;
	size_t n_all = 0, cap_all = 0;
	int rc = 0;
	for (size_t k = 0; k < parts && rc == 0; k++) {
		const struct tp_pv *ref = arr && arr->type == TP_PV_ARR ? &arr->items[k] : ct;
		const struct tp_pdf_obj *o = ref && ref->type == TP_PV_REF ? tp_pdf_obj(p, (int)ref->num) : NULL;
		unsigned char *bytes;
		size_t nb;
		int r = tp_pdf_stream_bytes(p, o, &bytes, &nb);
		if (r == -2) {
			rc = -1;
			break;
		}
		if (r != 0) {
			broken(I, "the page's content cannot be read");
			break;
		}
		if (tp_grow((void **)&all, &cap_all, n_all + nb + 2, 1, 4096) != 0) {
			free(bytes);
			rc = -1;
			break;
		}
		memcpy(all + n_all, bytes, nb);
		n_all += nb;
		all[n_all++] = '\n';
		free(bytes);
	}
	if (rc == 0 && !I->stop)
		interpret(I, all ? all : (const unsigned char *)"", n_all, rs, 0);
	if (I->oom)
		rc = -1;
	free(all);
	free(I->path);
	free(I);
	return rc;
}
