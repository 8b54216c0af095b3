/* Form XObjects shared by the pages of one PDF (pdf_forms.h). */

#include "print/backend/pdf_forms.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <hpdf_objects.h>

#include "core/alloc.h"

static size_t hash(const unsigned char *k, size_t n)
{
	uint64_t h = 1469598103934665603ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ k[i]) * 1099511628211ULL;
	return (size_t)(h ^ (h >> 29));
}

static size_t slot(const struct tp_pdf_form_entry *tab, size_t cap, const void *key, size_t len)
{
	size_t h = hash(key, len) & (cap - 1);
	while (tab[h].key && !(tab[h].len == len && memcmp(tab[h].key, key, len) == 0))
		h = (h + 1) & (cap - 1);
	return h;
}

int tp_pdf_forms_find(const struct tp_pdf_forms *f, const void *key, size_t len, HPDF_Dict *form)
{
	*form = NULL;
	if (f->cap == 0)
		return 0;
	const struct tp_pdf_form_entry *t = &f->tab[slot(f->tab, f->cap, key, len)];
	*form = t->form;
	return t->key != NULL;
}

HPDF_Dict tp_pdf_form_new(HPDF_Doc pdf, HPDF_Box bbox, int compress)
{
	HPDF_Dict xo = HPDF_DictStream_New(pdf->mmgr, pdf->xref);
	if (xo == NULL)
		return NULL;
	xo->header.obj_class |= HPDF_OSUBCLASS_XOBJECT;
	if (compress)
		xo->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
	HPDF_Dict res = HPDF_Dict_New(pdf->mmgr);
	if (res == NULL || HPDF_Dict_Add(xo, "Resources", res) != HPDF_OK ||
	    HPDF_Dict_AddName(xo, "Type", "XObject") != HPDF_OK ||
	    HPDF_Dict_AddName(xo, "Subtype", "Form") != HPDF_OK ||
	    HPDF_Dict_Add(xo, "BBox", HPDF_Box_Array_New(pdf->mmgr, bbox)) != HPDF_OK)
		return NULL;
	return xo;
}

static int grow(struct tp_pdf_forms *f)
{
	size_t cap = f->cap ? 2 * f->cap : 64;
	struct tp_pdf_form_entry *t = tp_calloc(cap, sizeof *t);
	if (t == NULL)
		return -1;
	for (size_t i = 0; i < f->cap; i++)
		if (f->tab[i].key)
			t[slot(t, cap, f->tab[i].key, f->tab[i].len)] = f->tab[i];
	free(f->tab);
	f->tab = t;
	f->cap = cap;
	return 0;
}

static int keep(struct tp_pdf_forms *f, void *obj)
{
	if (tp_grow((void **)&f->keep, &f->cap_keep, f->n_keep + 1, sizeof *f->keep, 16) != 0)
		return -1;
	f->keep[f->n_keep++] = obj;
	return 0;
}

int tp_pdf_forms_add(struct tp_pdf_forms *f, const void *key, size_t len, HPDF_Dict form)
{
	if (f->n >= TP_PDF_FORMS_MAX)
		return 1;
	if (2 * (f->n + 1) > f->cap && grow(f) != 0)
		return -1;
	unsigned char *k = tp_malloc(len ? len : 1);
	if (k == NULL || (form && (keep(f, form) != 0 ||
	    keep(f, HPDF_Dict_GetItem(form, "Length", HPDF_OCLASS_NUMBER)) != 0))) {
		free(k);
		return -1;
	}
	if (len)
		memcpy(k, key, len);
	f->tab[slot(f->tab, f->cap, key, len)] = (struct tp_pdf_form_entry){ k, len, form };
	f->n++;
	return 0;
}

int tp_pdf_forms_keep(struct tp_pdf_forms *f, void *const *extra, size_t n_extra,
		      void *const **out, size_t *n)
{
	for (size_t i = 0; i < n_extra; i++)
		if (keep(f, extra[i]) != 0)
			return -1;
	*out = f->keep;
	*n = f->n_keep;
	f->n_keep = 0;
	return 0;
}

void tp_pdf_forms_free(struct tp_pdf_forms *f)
{
	for (size_t i = 0; i < f->cap; i++)
		free(f->tab[i].key);
	free(f->tab);
	free(f->keep);
	memset(f, 0, sizeof *f);
}
