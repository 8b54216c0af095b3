/* The preflight's report: text and JSON (preflight.h). */

#include "print/preflight/preflight.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/preflight/preflight_int.h"

struct tp_pf_finding *tp_pf_slot(struct tp_preflight *pf)
{
	if (tp_grow((void **)&pf->f, &pf->cap, pf->n + 1, sizeof *pf->f, 64) != 0) {
		pf->oom = 1;
		return NULL;
	}
	return &pf->f[pf->n++];
}

struct tp_pf_finding *tp_pf_record(struct tp_preflight *pf, size_t max, int sev,
				   const char *sheet, int page, const char *rule, const char *fmt,
				   va_list ap)
{
	if (sev == TP_PF_ERROR)
		pf->errors++;
	else
		pf->warnings++;
	if (pf->n >= max)
		return NULL;
	struct tp_pf_finding *f = tp_pf_slot(pf);
	if (f == NULL)
		return NULL;
	memset(f, 0, sizeof *f);
	f->severity = sev;
	snprintf(f->sheet, sizeof f->sheet, "%s", sheet);
	f->page = page;
	snprintf(f->rule, sizeof f->rule, "%s", rule);
	vsnprintf(f->what, sizeof f->what, fmt, ap);
	f->value = f->limit = NAN;   /* a note measures nothing; tp_pf_add sets both */
	f->capped = max != SIZE_MAX;
	return f;
}

void tp_preflight_note(struct tp_preflight *pf, int sev, const char *sheet, int page,
		       const char *rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	tp_pf_record(pf, SIZE_MAX, sev, sheet, page, rule, fmt, ap);
	va_end(ap);
}

void tp_preflight_free(struct tp_preflight *pf)
{
	free(pf->f);
	memset(pf, 0, sizeof *pf);
}

void tp_preflight_line(const struct tp_pf_finding *f, char *out, size_t n)
{
	int len = snprintf(out, n, "%s %s page %d at (%.1f, %.1f) mm: %s: %s",
			   f->severity == TP_PF_ERROR ? "error" : "warning", f->sheet, f->page, f->x,
			   f->y, f->rule, f->what);
	if (len >= 0 && (size_t)len < n && !isnan(f->limit))
		snprintf(out + len, n - (size_t)len, " (%g, limit %g)", f->value, f->limit);
}

/* The object of a finding: its text up to the first figure ("lateral
 * shape" of "lateral shape 3.33 mm from the cut"), in out (n bytes).  A
 * figure is a word that starts with a digit: the digits inside a name
 * ("ink2 shape", "p1-start") are the name's. */
static void subject(const struct tp_pf_finding *f, char *out, size_t n)
{
	size_t k = 0;
	for (const char *p = f->what; *p && k + 1 < n; p++) {
		int word_start = p == f->what || p[-1] == ' ';
		if ((word_start && ((*p >= '0' && *p <= '9') ||
				    ((*p == '-' || *p == '.') && p[1] >= '0' && p[1] <= '9'))) ||
		    *p == '(' || *p == ':')
			break;
		out[k++] = *p;
	}
	while (k > 0 && (out[k - 1] == ' ' || out[k - 1] == ','))
		k--;
	out[k] = '\0';
}

/* Whether findings a and b are of one group: one severity, sheet, rule. */
static int same_group(const struct tp_pf_finding *a, const struct tp_pf_finding *b)
{
	return a->severity == b->severity && strcmp(a->sheet, b->sheet) == 0 &&
	       strcmp(a->rule, b->rule) == 0;
}

size_t tp_preflight_groups(const struct tp_preflight *pf, struct tp_pf_group *g, size_t max)
{
	size_t n = 0;
	for (int sev = TP_PF_ERROR; sev >= TP_PF_WARNING; sev--)
		for (size_t i = 0; i < pf->n; i++) {
			const struct tp_pf_finding *f = &pf->f[i];
			if (f->severity != sev)
				continue;
			size_t k = 0;
			while (k < n && !same_group(&pf->f[g[k].first], f))
				k++;
			if (k == n) {
				if (n == max)
					continue;
				memset(&g[n], 0, sizeof g[n]);
				g[n].first = i;
				g[n].page_lo = g[n].page_hi = f->page;
				n++;
			}
			struct tp_pf_group *G = &g[k];
			G->count++;
			G->page_lo = f->page < G->page_lo ? f->page : G->page_lo;
			G->page_hi = f->page > G->page_hi ? f->page : G->page_hi;
			char sub[sizeof f->what];
			subject(f, sub, sizeof sub);
			size_t m = 0;
			while (m < G->n_kinds && strcmp(G->kind[m], sub) != 0)
				m++;
			if (m == G->n_kinds && m < TP_PF_GROUP_KINDS) {
				snprintf(G->kind[m], sizeof G->kind[m], "%.63s", sub);
				G->n_kinds++;
			}
			if (m < G->n_kinds)
				G->kind_count[m]++;
			else
				G->other++;
		}
	return n;
}

/* Appends to out (n bytes, k used) as snprintf would, never past n. */
static void add(char *out, size_t n, size_t *k, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void add(char *out, size_t n, size_t *k, const char *fmt, ...)
{
	if (*k + 1 >= n)
		return;
	va_list ap;
	va_start(ap, fmt);
	int w = vsnprintf(out + *k, n - *k, fmt, ap);
	va_end(ap);
	if (w > 0)
		*k = *k + (size_t)w < n ? *k + (size_t)w : n - 1;
}

void tp_preflight_group_line(const struct tp_preflight *pf, const struct tp_pf_group *G, char *out,
			     size_t n)
{
	const struct tp_pf_finding *f = &pf->f[G->first];
	tp_preflight_line(f, out, n);
	size_t k = strlen(out);
	if (G->count == 1)
		return;
	if (G->page_lo == G->page_hi)
		add(out, n, &k, "; %zu alike on %s page %d", G->count, f->sheet, G->page_lo);
	else
		add(out, n, &k, "; %zu alike on %s pages %d-%d", G->count, f->sheet, G->page_lo,
		    G->page_hi);
	for (size_t m = 0; G->n_kinds > 1 && m < G->n_kinds; m++)
		add(out, n, &k, "%s %zu %s", m ? "," : ":", G->kind_count[m],
		    G->kind[m][0] ? G->kind[m] : "other");
	if (G->other)
		add(out, n, &k, ", %zu of other objects", G->other);
}

/* The groups of pf, allocated (NULL when there are none or memory fails:
 * *n 0 then, *oom set on failure). */
static struct tp_pf_group *groups_of(const struct tp_preflight *pf, size_t *n, int *oom)
{
	*n = 0;
	*oom = 0;
	if (pf->n == 0)
		return NULL;
	struct tp_pf_group *g = tp_calloc(pf->n, sizeof *g);
	if (g == NULL) {
		*oom = 1;
		return NULL;
	}
	*n = tp_preflight_groups(pf, g, pf->n);
	return g;
}

void tp_preflight_text(const struct tp_preflight *pf, struct tp_buf *b)
{
	size_t n;
	int oom;
	struct tp_pf_group *g = groups_of(pf, &n, &oom);
	tp_buf_printf(b, "preflight: %zu pages, %zu errors, %zu warnings%s\n", pf->pages, pf->errors,
		      pf->warnings,
		      pf->n < pf->errors + pf->warnings ? " (the first listed, every one of those in preflight.json)" : "");
	if (oom) {
		b->oom = 1;
		return;
	}
	/* One line per rule per sheet: its first place, and how many alike
	 * (preflight.json lists every one). */
	for (size_t i = 0; i < n; i++) {
		char line[800];
		tp_preflight_group_line(pf, &g[i], line, sizeof line);
		tp_buf_printf(b, "%s\n", line);
	}
	free(g);
}

void tp_preflight_json(const struct tp_preflight *pf, struct tp_buf *b)
{
	tp_buf_printf(b, "{\"pages\":%zu,\"errors\":%zu,\"warnings\":%zu,\"findings\":[", pf->pages,
		      pf->errors, pf->warnings);
	for (size_t i = 0; i < pf->n; i++) {
		const struct tp_pf_finding *f = &pf->f[i];
		tp_buf_printf(b, "%s\n{\"severity\":\"%s\",\"sheet\":", i ? "," : "",
			      f->severity == TP_PF_ERROR ? "error" : "warning");
		tp_buf_json_str(b, f->sheet);
		tp_buf_printf(b, ",\"page\":%d,\"x_mm\":%.2f,\"y_mm\":%.2f,\"rule\":", f->page, f->x, f->y);
		tp_buf_json_str(b, f->rule);
		if (isnan(f->limit))
			tp_buf_printf(b, ",\"value\":null,\"limit\":null,\"what\":");
		else
			tp_buf_printf(b, ",\"value\":%g,\"limit\":%g,\"what\":", f->value, f->limit);
		tp_buf_json_str(b, f->what);
		tp_buf_printf(b, "}");
	}
	tp_buf_printf(b, "],\n\"groups\":[");
	size_t n;
	int oom;
	struct tp_pf_group *g = groups_of(pf, &n, &oom);
	if (oom)
		b->oom = 1;
	for (size_t i = 0; i < n; i++) {
		const struct tp_pf_finding *f = &pf->f[g[i].first];
		tp_buf_printf(b, "%s\n{\"severity\":\"%s\",\"sheet\":", i ? "," : "",
			      f->severity == TP_PF_ERROR ? "error" : "warning");
		tp_buf_json_str(b, f->sheet);
		tp_buf_printf(b, ",\"rule\":");
		tp_buf_json_str(b, f->rule);
		tp_buf_printf(b, ",\"count\":%zu,\"first\":%zu,\"pages\":[%d,%d]}", g[i].count,
			      g[i].first, g[i].page_lo, g[i].page_hi);
	}
	free(g);
	tp_buf_printf(b, "]}\n");
}
