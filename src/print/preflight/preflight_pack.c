/* A build's preflight in parts: merged in sheet order, and carried from a
 * worker to the parent as text (preflight.h). */

#include "print/preflight/preflight.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print/preflight/preflight_int.h"

/* Appends f to pf as tp_pf_record would have: a page rule's finding past
 * the cut is dropped (it is counted already).  0, or -1 when out of
 * memory (pf->oom set). */
static int append(struct tp_preflight *pf, const struct tp_pf_finding *f)
{
	if (f->capped && pf->n >= TP_PF_MAX_FINDINGS)
		return 0;
	struct tp_pf_finding *slot = tp_pf_slot(pf);
	if (slot == NULL)
		return -1;
	memcpy(slot, f, sizeof *f);   /* padding too: findings compare whole */
	return 0;
}

int tp_preflight_merge(struct tp_preflight *dst, const struct tp_preflight *src)
{
	dst->errors += src->errors;
	dst->warnings += src->warnings;
	dst->pages += src->pages;
	dst->oom |= src->oom;
	for (size_t i = 0; i < src->n; i++)
		if (append(dst, &src->f[i]) != 0)
			return -1;
	return 0;
}

/* A string field: tab, newline and backslash escaped, so that a field
 * ends at the next tab and a finding at the next newline. */
static void put_str(struct tp_buf *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '\t' || *s == '\n')
			tp_buf_printf(b, "\\%c", *s == '\t' ? 't' : *s == '\n' ? 'n' : '\\');
		else
			tp_buf_printf(b, "%c", *s);
	}
	tp_buf_printf(b, "\t");
}

void tp_preflight_pack(const struct tp_preflight *pf, struct tp_buf *b)
{
	tp_buf_printf(b, "%zu\t%zu\t%zu\t%d\n", pf->pages, pf->errors, pf->warnings, pf->oom);
	for (size_t i = 0; i < pf->n; i++) {
		const struct tp_pf_finding *f = &pf->f[i];
		/* %a: the doubles exactly as computed. */
		tp_buf_printf(b, "%d\t%d\t%d\t%a\t%a\t%a\t%a\t", f->severity, f->capped, f->page, f->x,
			      f->y, f->value, f->limit);
		put_str(b, f->sheet);
		put_str(b, f->rule);
		put_str(b, f->what);
		tp_buf_printf(b, "\n");
	}
}

/* Reads a string field into out (n bytes) up to its tab; the text after
 * it, or NULL. */
static const char *get_str(const char *p, char *out, size_t n)
{
	size_t k = 0;
	for (; *p && *p != '\t' && *p != '\n'; p++) {
		char c = *p;
		if (c == '\\') {
			p++;
			c = *p == 't' ? '\t' : *p == 'n' ? '\n' : *p == '\\' ? '\\' : 0;
			if (c == 0)
				return NULL;
		}
		if (k + 1 < n)
			out[k++] = c;
	}
	out[k] = '\0';
	return *p == '\t' ? p + 1 : NULL;
}

int tp_preflight_unpack(const char *text, struct tp_preflight *pf)
{
	size_t pages, errors, warnings;
	int oom, used = 0;
	if (text == NULL ||
	    sscanf(text, "%zu\t%zu\t%zu\t%d%n", &pages, &errors, &warnings, &oom, &used) != 4 ||
	    text[used] != '\n')
		return -1;
	used++;
	pf->pages += pages;
	pf->errors += errors;
	pf->warnings += warnings;
	pf->oom |= oom;
	for (const char *p = text + used; *p;) {
		struct tp_pf_finding f;
		memset(&f, 0, sizeof f);
		int k = 0;
		/* The string fields are read by get_str: a tab in the format
		 * would skip the whitespace they begin with. */
		if (sscanf(p, "%d\t%d\t%d\t%la\t%la\t%la\t%la%n", &f.severity, &f.capped, &f.page, &f.x,
			   &f.y, &f.value, &f.limit, &k) != 7 || p[k] != '\t')
			return -1;
		p += k + 1;
		if ((p = get_str(p, f.sheet, sizeof f.sheet)) == NULL ||
		    (p = get_str(p, f.rule, sizeof f.rule)) == NULL ||
		    (p = get_str(p, f.what, sizeof f.what)) == NULL || *p != '\n')
			return -1;
		p++;
		if (append(pf, &f) != 0)
			return -1;
	}
	return 0;
}
