/* A minimal PDF reader (pdf_read.h). */

#include "print/pdf/pdf_read.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

struct lex {
	const unsigned char *b;
	size_t n, i;
	int depth;
	int oom;
};

static int is_delim(int c)
{
	return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' ||
	       c == '}' || c == '/' || c == '%';
}

static void skip_ws(struct lex *x)
{
	while (x->i < x->n) {
		int c = x->b[x->i];
		if (c == '%') {
			while (x->i < x->n && x->b[x->i] != '\n' && x->b[x->i] != '\r')
				x->i++;
		} else if (isspace(c) || c == 0) {
			x->i++;
		} else {
			break;
		}
	}
}

static int push(struct lex *x, struct tp_pv *v, const struct tp_pv *item, char *key)
{
	/* A dictionary's keys grow from the same capacity to the same one. */
	size_t c_items = v->cap, c_keys = v->cap;
	if (tp_grow((void **)&v->items, &c_items, v->n + 1, sizeof *v->items, 8) != 0 ||
	    (v->type == TP_PV_DICT &&
	     tp_grow((void **)&v->keys, &c_keys, v->n + 1, sizeof *v->keys, 8) != 0))
		return x->oom = -1;
	v->cap = c_items;
	if (v->type == TP_PV_DICT)
		v->keys[v->n] = key;
	v->items[v->n++] = *item;
	return 0;
}

static void pv_free(struct tp_pv *v)
{
	for (size_t i = 0; i < v->n; i++) {
		pv_free(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->s);
	memset(v, 0, sizeof *v);
}

static char *word(struct lex *x, size_t *len)
{
	size_t s = x->i;
	while (x->i < x->n && !isspace(x->b[x->i]) && !is_delim(x->b[x->i]) && x->b[x->i])
		x->i++;
	*len = x->i - s;
	char *w = tp_malloc(*len + 1);
	if (w == NULL) {
		x->oom = 1;
		return NULL;
	}
	memcpy(w, x->b + s, *len);
	w[*len] = 0;
	return w;
}

/* A literal string's bytes, escapes resolved (the opening parenthesis
 * read). */
static int literal(struct lex *x, struct tp_pv *v)
{
	/* Sized to the string's bytes in the file, which its escapes only
	 * shorten: sized to the rest of the file, a few strings of a large
	 * page's file each took its size. */
	size_t end = x->i;
	for (int depth = 1; end < x->n; end++) {
		if (x->b[end] == '\\')
			end++;
		else if (x->b[end] == '(')
			depth++;
		else if (x->b[end] == ')' && --depth == 0)
			break;
	}
	char *s = tp_malloc((end < x->n ? end : x->n) - x->i + 1);
	size_t k = 0;
	int depth = 1;
	if (s == NULL)
		return x->oom = -1;
	while (x->i < x->n) {
		int c = x->b[x->i++];
		if (c == '\\' && x->i < x->n) {
			c = x->b[x->i++];
			if (c >= '0' && c <= '7') {
				int o = c - '0';
				for (int d = 0; d < 2 && x->i < x->n && x->b[x->i] >= '0' && x->b[x->i] <= '7'; d++)
					o = 8 * o + x->b[x->i++] - '0';
				c = o;
			} else if (c == 'n') {
				c = '\n';
			} else if (c == 'r') {
				c = '\r';
			} else if (c == 't') {
				c = '\t';
			}
		} else if (c == '(') {
			depth++;
		} else if (c == ')' && --depth == 0) {
			break;
		}
		s[k++] = (char)c;
	}
	s[k] = 0;
	v->type = TP_PV_STR;
	v->s = s;
	v->len = k;
	return depth == 0 ? 0 : -1;
}

static int hexstr(struct lex *x, struct tp_pv *v)
{
	const unsigned char *gt = memchr(x->b + x->i, '>', x->n - x->i);
	char *s = tp_malloc(((gt ? (size_t)(gt - x->b) : x->n) - x->i) / 2 + 2);
	size_t k = 0;
	int hi = -1;
	if (s == NULL)
		return x->oom = -1;
	while (x->i < x->n && x->b[x->i] != '>') {
		int c = x->b[x->i++];
		if (!isxdigit(c))
			continue;
		int d = isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
		if (hi < 0) {
			hi = d;
		} else {
			s[k++] = (char)(hi * 16 + d);
			hi = -1;
		}
	}
	if (hi >= 0)
		s[k++] = (char)(hi * 16);
	x->i++;
	s[k] = 0;
	v->type = TP_PV_STR;
	v->s = s;
	v->len = k;
	return 0;
}

static int value(struct lex *x, struct tp_pv *v);

/* An array or dictionary's members up to its closing token. */
static int members(struct lex *x, struct tp_pv *v, const char *close)
{
	for (;;) {
		skip_ws(x);
		if (x->i >= x->n)
			return -1;
		if (strncmp((const char *)x->b + x->i, close, strlen(close)) == 0) {
			x->i += strlen(close);
			return 0;
		}
		char *key = NULL;
		if (v->type == TP_PV_DICT) {
			struct tp_pv k = { 0 };
			if (value(x, &k) != 0 || k.type != TP_PV_NAME) {
				pv_free(&k);
				return -1;
			}
			key = k.s;
		}
		struct tp_pv item = { 0 };
		if (value(x, &item) != 0 || push(x, v, &item, key) != 0) {
			pv_free(&item);
			free(key);
			return -1;
		}
	}
}

/* A number, or a reference "N G R". */
static int number(struct lex *x, struct tp_pv *v)
{
	char *end;
	v->type = TP_PV_NUM;
	v->num = strtod((const char *)x->b + x->i, &end);
	if (end == (const char *)x->b + x->i)
		return -1;
	x->i = (size_t)(end - (const char *)x->b);
	size_t save = x->i;
	skip_ws(x);
	if (x->i < x->n && isdigit(x->b[x->i])) {
		strtol((const char *)x->b + x->i, &end, 10);
		x->i = (size_t)(end - (const char *)x->b);
		skip_ws(x);
		if (x->i < x->n && x->b[x->i] == 'R') {
			x->i++;
			v->type = TP_PV_REF;
			return 0;
		}
	}
	x->i = save;
	return 0;
}

static int value(struct lex *x, struct tp_pv *v)
{
	memset(v, 0, sizeof *v);
	skip_ws(x);
	if (x->i >= x->n || ++x->depth > 64)
		return -1;
	int rc = 0, c = x->b[x->i];
	if (c == '/') {
		x->i++;
		v->type = TP_PV_NAME;
		rc = (v->s = word(x, &v->len)) ? 0 : -1;
	} else if (c == '(') {
		x->i++;
		rc = literal(x, v);
	} else if (c == '<' && x->i + 1 < x->n && x->b[x->i + 1] == '<') {
		x->i += 2;
		v->type = TP_PV_DICT;
		rc = members(x, v, ">>");
	} else if (c == '<') {
		x->i++;
		rc = hexstr(x, v);
	} else if (c == '[') {
		x->i++;
		v->type = TP_PV_ARR;
		rc = members(x, v, "]");
	} else if (isdigit(c) || c == '-' || c == '+' || c == '.') {
		rc = number(x, v);
	} else {
		size_t len;
		char *w = word(x, &len);
		v->type = w && strcmp(w, "null") == 0 ? TP_PV_NULL : TP_PV_BOOL;
		v->num = w && strcmp(w, "true") == 0;
		rc = w && len > 0 ? 0 : -1;
		free(w);
	}
	x->depth--;
	return rc;
}

/* The xref table at the offset startxref names: each in-use object's
 * offset, into offs[num] (0: none). */
static int xref(const unsigned char *b, size_t n, size_t **offs, size_t *count)
{
	const char *sx = NULL;
	for (size_t i = n > 1024 ? n - 1024 : 0; i + 9 < n; i++)
		if (memcmp(b + i, "startxref", 9) == 0)
			sx = (const char *)b + i;
	if (sx == NULL)
		return -1;
	/* Compared as n - at: a huge offset (strtoul takes "-1") must not
	 * wrap past the check. */
	size_t at = strtoul(sx + 9, NULL, 10);
	if (at >= n || n - at <= 4 || memcmp(b + at, "xref", 4) != 0)
		return -1;
	char *p = (char *)b + at + 4, *end;
	*offs = NULL;
	*count = 0;
	for (;;) {
		long first = strtol(p, &end, 10);
		if (end == p)
			break;
		long k = strtol(end, &p, 10);
		if (first < 0 || k < 0 || k > 1000000 || (size_t)(first + k) > n)
			return -1;
		/* A later subsection may start lower: the table never shrinks
		 * (it did, and an earlier, longer one was read past its end). */
		size_t need = (size_t)(first + k + 1) > *count ? (size_t)(first + k + 1) : *count;
		size_t *o = tp_realloc(*offs, need * sizeof *o);
		if (o == NULL)
			return TP_PDF_OOM;
		for (size_t j = *count; j < need; j++)
			o[j] = 0;
		*offs = o;
		*count = need;
		for (long j = 0; j < k; j++) {
			while (*p && isspace((unsigned char)*p))
				p++;
			if ((size_t)(p + 18 - (char *)b) > n)
				return -1;
			if (p[17] == 'n')
				o[first + j] = strtoul(p, NULL, 10);
			p += 18;
		}
	}
	return 0;
}

/* Object at offset at: "num gen obj value [stream ... endstream]". */
static int object(const unsigned char *b, size_t n, size_t at, struct tp_pdf_obj *o)
{
	struct lex x = { b, n, at, 0, 0 };
	char *end;
	o->num = (int)strtol((const char *)b + at, &end, 10);
	strtol(end, &end, 10);
	x.i = (size_t)(end - (const char *)b);
	skip_ws(&x);
	if (x.i + 3 > n || memcmp(b + x.i, "obj", 3) != 0)
		return -1;
	x.i += 3;
	if (value(&x, &o->v) != 0)
		return x.oom ? TP_PDF_OOM : -1;
	skip_ws(&x);
	if (x.i + 6 <= n && memcmp(b + x.i, "stream", 6) == 0) {
		x.i += 6;
		if (x.i < n && b[x.i] == '\r')
			x.i++;
		if (x.i < n && b[x.i] == '\n')
			x.i++;
		o->stream = b + x.i;
		o->stream_len = n - x.i;   /* until /Length is known */
	}
	return 0;
}

const struct tp_pdf_obj *tp_pdf_obj(const struct tp_pdf *p, int num)
{
	for (size_t i = 0; i < p->n_objs; i++)
		if (p->objs[i].num == num)
			return &p->objs[i];
	return NULL;
}

const struct tp_pv *tp_pdf_deref(const struct tp_pdf *p, const struct tp_pv *v)
{
	if (v == NULL || v->type != TP_PV_REF)
		return v;
	const struct tp_pdf_obj *o = tp_pdf_obj(p, (int)v->num);
	return o ? &o->v : NULL;
}

const struct tp_pv *tp_pdf_key(const struct tp_pdf *p, const struct tp_pv *d, const char *key)
{
	d = tp_pdf_deref(p, d);
	if (d == NULL || d->type != TP_PV_DICT)
		return NULL;
	for (size_t i = 0; i < d->n; i++)
		if (strcmp(d->keys[i], key) == 0)
			return tp_pdf_deref(p, &d->items[i]);
	return NULL;
}

int tp_pv_is(const struct tp_pv *v, const char *name)
{
	return v && v->type == TP_PV_NAME && strcmp(v->s, name) == 0;
}

/* Streams' lengths from /Length, now that every object is read. */
static int lengths(struct tp_pdf *p, size_t n, const unsigned char *b)
{
	for (size_t i = 0; i < p->n_objs; i++) {
		struct tp_pdf_obj *o = &p->objs[i];
		if (o->stream == NULL)
			continue;
		const struct tp_pv *l = tp_pdf_key(p, &o->v, "Length");
		if (l == NULL || l->type != TP_PV_NUM || l->num < 0 ||
		    (size_t)l->num > n - (size_t)(o->stream - b))
			return -1;
		o->stream_len = (size_t)l->num;
	}
	return 0;
}

static int trailer(struct tp_pdf *p, const unsigned char *b, size_t n)
{
	const unsigned char *t = NULL;
	for (size_t i = n > 4096 ? n - 4096 : 0; i + 7 < n; i++)
		if (memcmp(b + i, "trailer", 7) == 0)
			t = b + i + 7;
	if (t == NULL)
		return -1;
	struct lex x = { b, n, (size_t)(t - b), 0, 0 };
	if (value(&x, &p->trailer) != 0)
		return x.oom ? TP_PDF_OOM : -1;
	return p->trailer.type == TP_PV_DICT ? 0 : -1;
}

int tp_pdf_read(struct tp_pdf *p, const unsigned char *buf, size_t n, char *why, size_t nwhy)
{
	memset(p, 0, sizeof *p);
	if (n < 16 || memcmp(buf, "%PDF-", 5) != 0) {
		snprintf(why, nwhy, "no %%PDF- header");
		return -1;
	}
	snprintf(p->version, sizeof p->version, "%.3s", (const char *)buf + 5);
	size_t *offs = NULL, count = 0;
	int rc = xref(buf, n, &offs, &count);
	if (rc != 0) {
		free(offs);
		snprintf(why, nwhy, rc == TP_PDF_OOM ? "out of memory" : "no classic cross-reference table");
		return rc;
	}
	p->objs = tp_calloc(count + 1, sizeof *p->objs);
	rc = p->objs ? 0 : TP_PDF_OOM;
	for (size_t i = 0; rc == 0 && i < count; i++)
		if (offs[i] && offs[i] < n) {
			rc = object(buf, n, offs[i], &p->objs[p->n_objs]);
			p->n_objs++;
			if (rc != 0)
				snprintf(why, nwhy, "object %zu at byte %zu cannot be read", i, offs[i]);
		}
	free(offs);
	if (rc == 0 && (rc = lengths(p, n, buf)) != 0)
		snprintf(why, nwhy, "a stream without a usable /Length");
	if (rc == 0 && (rc = trailer(p, buf, n)) != 0)
		snprintf(why, nwhy, "no trailer dictionary");
	if (rc == TP_PDF_OOM)
		snprintf(why, nwhy, "out of memory");
	if (rc != 0)
		tp_pdf_free(p);
	return rc;
}

void tp_pdf_free(struct tp_pdf *p)
{
	for (size_t i = 0; i < p->n_objs; i++)
		pv_free(&p->objs[i].v);
	free(p->objs);
	pv_free(&p->trailer);
	memset(p, 0, sizeof *p);
}
