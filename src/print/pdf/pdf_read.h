#ifndef TP_PDF_READ_H
#define TP_PDF_READ_H

/* A minimal reader of a PDF as tilepress writes it (a classic xref table,
 * no object streams), for the preflight's structure checks (pdfx_check.h):
 * every object's value, streams' raw bytes, the trailer.  Not a general
 * PDF parser: a file it cannot read is itself a finding. */

#include <stddef.h>

enum tp_pv_type { TP_PV_NULL, TP_PV_BOOL, TP_PV_NUM, TP_PV_NAME, TP_PV_STR, TP_PV_ARR,
		  TP_PV_DICT, TP_PV_REF };

/* A value.  Names without the slash; strings as their bytes (literal
 * escapes resolved, hex decoded).  Arrays: items[0..n-1]; dictionaries:
 * keys[i] -> items[i]; a reference: num. */
struct tp_pv {
	int type;
	double num;
	char *s;
	size_t len;
	struct tp_pv *items;
	char **keys;
	size_t n, cap;   /* cap: of items, and of keys in a dictionary */
};

struct tp_pdf_obj {
	int num;
	struct tp_pv v;
	const unsigned char *stream;   /* its raw bytes, or NULL */
	size_t stream_len;
};

struct tp_pdf {
	char version[8];               /* "1.4", from the header */
	struct tp_pdf_obj *objs;
	size_t n_objs;
	struct tp_pv trailer;
};

/* Reads buf[0..n-1] (which must outlive p).  0; -1 with why filled when
 * the bytes are not a PDF this reader takes (a finding); TP_PDF_OOM when an
 * allocation failed (not a finding: the caller's out-of-memory error). */
#define TP_PDF_OOM (-2)
int tp_pdf_read(struct tp_pdf *p, const unsigned char *buf, size_t n, char *why, size_t nwhy);
void tp_pdf_free(struct tp_pdf *p);

/* Object num, or NULL. */
const struct tp_pdf_obj *tp_pdf_obj(const struct tp_pdf *p, int num);
/* v itself, or the value it refers to (NULL for a missing object). */
const struct tp_pv *tp_pdf_deref(const struct tp_pdf *p, const struct tp_pv *v);
/* The value of key in dictionary d (resolved), or NULL. */
const struct tp_pv *tp_pdf_key(const struct tp_pdf *p, const struct tp_pv *d, const char *key);
/* 1 when v is the name `name`. */
int tp_pv_is(const struct tp_pv *v, const char *name);

#endif
