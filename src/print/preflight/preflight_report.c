/* The preflight's report: text and JSON (preflight.h). */

#include "print/preflight/preflight.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "print/preflight/preflight_int.h"

struct tp_pf_finding *tp_pf_slot(struct tp_preflight *pf)
{
	if (pf->n == pf->cap) {
		size_t cap = pf->cap ? 2 * pf->cap : 64;
		struct tp_pf_finding *f = tp_realloc(pf->f, cap * sizeof *f);
		if (f == NULL) {
			pf->oom = 1;
			return NULL;
		}
		pf->f = f;
		pf->cap = cap;
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
	snprintf(out, n, "%s %s page %d at (%.1f, %.1f) mm: %s: %s (%g, limit %g)",
		 f->severity == TP_PF_ERROR ? "error" : "warning", f->sheet, f->page, f->x, f->y,
		 f->rule, f->what, f->value, f->limit);
}

void tp_preflight_text(const struct tp_preflight *pf, struct tp_buf *b)
{
	tp_buf_printf(b, "preflight: %zu pages, %zu errors, %zu warnings%s\n", pf->pages, pf->errors,
		      pf->warnings, pf->n < pf->errors + pf->warnings ? " (the first listed)" : "");
	for (int sev = TP_PF_ERROR; sev >= TP_PF_WARNING; sev--)
		for (size_t i = 0; i < pf->n; i++) {
			if (pf->f[i].severity != sev)
				continue;
			char line[400];
			tp_preflight_line(&pf->f[i], line, sizeof line);
			tp_buf_printf(b, "%s\n", line);
		}
}

static void json_str(struct tp_buf *b, const char *s)
{
	tp_buf_printf(b, "\"");
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			tp_buf_printf(b, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			tp_buf_printf(b, "\\u%04x", (unsigned char)*s);
		else
			tp_buf_printf(b, "%c", *s);
	}
	tp_buf_printf(b, "\"");
}

void tp_preflight_json(const struct tp_preflight *pf, struct tp_buf *b)
{
	tp_buf_printf(b, "{\"pages\":%zu,\"errors\":%zu,\"warnings\":%zu,\"findings\":[", pf->pages,
		      pf->errors, pf->warnings);
	for (size_t i = 0; i < pf->n; i++) {
		const struct tp_pf_finding *f = &pf->f[i];
		tp_buf_printf(b, "%s\n{\"severity\":\"%s\",\"sheet\":", i ? "," : "",
			      f->severity == TP_PF_ERROR ? "error" : "warning");
		json_str(b, f->sheet);
		tp_buf_printf(b, ",\"page\":%d,\"x_mm\":%.2f,\"y_mm\":%.2f,\"rule\":", f->page, f->x, f->y);
		json_str(b, f->rule);
		tp_buf_printf(b, ",\"value\":%g,\"limit\":%g,\"what\":", f->value, f->limit);
		json_str(b, f->what);
		tp_buf_printf(b, "}");
	}
	tp_buf_printf(b, "]}\n");
}
