/* A libharu document written out page by page (pdf_stream.h).  The file
 * layout is libharu's (hpdf_doc.c WriteHeader, hpdf_xref.c
 * HPDF_Xref_WriteToStream and WriteTrailer): objects are written with
 * libharu's own HPDF_Obj_WriteValue; only the page tree, the header, the
 * table and the words around objects are written here, in its format. */

#include "print/backend/pdf_stream.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <hpdf_objects.h>
#include <hpdf_pages.h>

#include "core/alloc.h"
#include "print/backend/backend.h"

/* The objects HPDF_NewDoc makes before anything else: 1 the catalog, 2
 * the page tree, 3 the Info dictionary.  They are written last. */
#define FIRST_BODY 4
/* Most bytes a file may reach (its header and last objects to come). */
#define MAX_BYTES 0xF0000000u

/* A libharu stream onto a FILE: size counts the bytes as libharu's own
 * streams do, for the table's offsets. */
struct sink {
	FILE *f;
	int *err;
};

/* fwrite of n bytes; on failure the first errno into *err and -1. */
static int put(FILE *f, const void *p, size_t n, int *err)
{
	if (n == 0 || fwrite(p, 1, n, f) == n)
		return 0;
	if (*err == 0)
		*err = errno ? errno : EIO;
	return -1;
}

static HPDF_STATUS HPDF_STDCALL sink_write(HPDF_Stream st, const HPDF_BYTE *p, HPDF_UINT n)
{
	struct sink *k = st->attr;
	return put(k->f, p, n, k->err) == 0 ? HPDF_OK : HPDF_FILE_IO_ERROR;
}

static HPDF_Stream sink_new(HPDF_Doc pdf, struct sink *k)
{
	return HPDF_CallbackWriter_New(pdf->mmgr, sink_write, k);
}

/* Moves the spill's memory into a temporary file. */
static int spill_to_file(struct tp_pdf_spill *sp)
{
	sp->file = tmpfile();
	if (sp->file == NULL) {
		if (*sp->err == 0)
			*sp->err = errno ? errno : EIO;
		return -1;
	}
	if (put(sp->file, sp->mem.s, sp->mem.len, sp->err) != 0)
		return -1;
	tp_buf_free(&sp->mem);
	return 0;
}

static HPDF_STATUS HPDF_STDCALL spill_write(HPDF_Stream st, const HPDF_BYTE *p, HPDF_UINT n)
{
	struct tp_pdf_spill *sp = st->attr;
	if (sp->file == NULL && sp->mem.len + n > TP_PDF_SPILL_MEM && spill_to_file(sp) != 0)
		return HPDF_FILE_IO_ERROR;
	if (sp->file != NULL)
		return put(sp->file, p, n, sp->err) == 0 ? HPDF_OK : HPDF_FILE_IO_ERROR;
	tp_buf_append(&sp->mem, p, n);
	if (sp->mem.oom) {
		*sp->oom = 1;
		return HPDF_FAILD_TO_ALLOC_MEM;
	}
	return HPDF_OK;
}

/* ---- a page's content stream on a spill ------------------------------------
 * libharu keeps a page's content in a memory stream until the page is
 * written: a page of a large board held its whole drawing.  The page's
 * stream is swapped for one on a spill of its own (memory up to
 * TP_PDF_SPILL_MEM, then a temporary file), which libharu reads back and
 * compresses as ever when it writes the page: the same bytes. */

struct content {
	struct tp_pdf_spill sp;   /* first: spill_write takes the attr as a spill */
	size_t pos;               /* read position in sp.mem */
};

static HPDF_STATUS HPDF_STDCALL content_read(HPDF_Stream st, HPDF_BYTE *p, HPDF_UINT *n)
{
	struct content *c = st->attr;
	size_t want = *n, got;
	if (c->sp.file != NULL) {
		got = fread(p, 1, want, c->sp.file);
		if (got < want && ferror(c->sp.file)) {
			if (*c->sp.err == 0)
				*c->sp.err = errno ? errno : EIO;
			*n = 0;
			return HPDF_FILE_IO_ERROR;
		}
	} else {
		size_t left = c->sp.mem.len - c->pos;
		got = want < left ? want : left;
		if (got > 0)
			memcpy(p, c->sp.mem.s + c->pos, got);
		c->pos += got;
	}
	*n = (HPDF_UINT)got;
	return got < want ? HPDF_STREAM_EOF : HPDF_OK;
}

/* libharu only rewinds (to compress the stream from its start). */
static HPDF_STATUS HPDF_STDCALL content_seek(HPDF_Stream st, HPDF_INT pos, HPDF_WhenceMode mode)
{
	struct content *c = st->attr;
	if (mode != HPDF_SEEK_SET || pos < 0 || (size_t)pos > st->size)
		return HPDF_INVALID_OPERATION;
	if (c->sp.file == NULL) {
		c->pos = (size_t)pos;
		return HPDF_OK;
	}
	if (fflush(c->sp.file) != 0 || fseek(c->sp.file, pos, SEEK_SET) != 0) {
		if (*c->sp.err == 0)
			*c->sp.err = errno ? errno : EIO;
		return HPDF_FILE_IO_ERROR;
	}
	return HPDF_OK;
}

static HPDF_INT32 HPDF_STDCALL content_tell(HPDF_Stream st)
{
	struct content *c = st->attr;
	return (HPDF_INT32)(c->sp.file != NULL ? ftell(c->sp.file) : (long)c->pos);
}

static HPDF_UINT32 HPDF_STDCALL content_size(HPDF_Stream st)
{
	return st->size;
}

static void HPDF_STDCALL content_free(HPDF_Stream st)
{
	struct content *c = st->attr;
	if (c == NULL)
		return;
	tp_buf_free(&c->sp.mem);
	if (c->sp.file != NULL)
		fclose(c->sp.file);
	free(c);
	st->attr = NULL;
}

int tp_pdf_stream_content(struct tp_pdf_stream *s, HPDF_Page pg)
{
	HPDF_PageAttr a = pg->attr;
	if (a == NULL || a->contents == NULL || a->stream != a->contents->stream ||
	    a->stream == NULL || a->stream->size != 0)
		return -1;
	struct content *c = tp_calloc(1, sizeof *c);
	HPDF_Stream st = c ? HPDF_GetMem(pg->mmgr, sizeof *st) : NULL;
	if (st == NULL) {
		free(c);
		s->oom = 1;
		return -1;
	}
	memset(st, 0, sizeof *st);
	st->sig_bytes = HPDF_STREAM_SIG_BYTES;
	st->type = HPDF_STREAM_CALLBACK;
	st->mmgr = pg->mmgr;
	st->error = pg->mmgr->error;
	st->write_fn = spill_write;
	st->read_fn = content_read;
	st->seek_fn = content_seek;
	st->tell_fn = content_tell;
	st->size_fn = content_size;
	st->free_fn = content_free;
	st->attr = c;
	c->sp.err = &s->err;
	c->sp.oom = &s->oom;
	HPDF_Stream_Free(a->contents->stream);
	a->contents->stream = st;
	a->stream = st;
	return 0;
}

/* "N G obj\n" value "\nendobj\n", as HPDF_Xref_WriteToStream writes an
 * object; records its offset in the entry. */
static int write_object(HPDF_Stream out, HPDF_XrefEntry entry, HPDF_UINT id)
{
	char head[40];
	snprintf(head, sizeof head, "%u %u obj\012", (unsigned)id, (unsigned)entry->gen_no);
	entry->byte_offset = out->size;
	if (HPDF_Stream_WriteStr(out, head) != HPDF_OK ||
	    HPDF_Obj_WriteValue(entry->obj, out, NULL) != HPDF_OK ||
	    HPDF_Stream_WriteStr(out, "\012endobj\012") != HPDF_OK)
		return -1;
	return 0;
}

int tp_pdf_stream_begin(struct tp_pdf_stream *s, HPDF_Doc pdf)
{
	memset(s, 0, sizeof *s);
	s->pdf = pdf;
	s->next = FIRST_BODY;
	HPDF_Xref x = pdf->xref;
	/* The three objects written last must be the ones named above. */
	if (x->start_offset != 0 || x->prev != NULL || x->entries->count < FIRST_BODY ||
	    HPDF_Xref_GetEntry(x, 1)->obj != (void *)pdf->catalog ||
	    HPDF_Xref_GetEntry(x, 2)->obj != (void *)pdf->root_pages ||
	    HPDF_Xref_GetEntry(x, 3)->obj != (void *)pdf->info) {
		s->err = EINVAL;
		return -1;
	}
	s->first_page = x->entries->count;
	s->spill.err = &s->err;
	s->spill.oom = &s->oom;
	s->out = HPDF_CallbackWriter_New(pdf->mmgr, spill_write, &s->spill);
	if (s->out == NULL)
		return -1;
	return 0;
}

/* 1 when obj is one of keep[0..n-1]. */
static int kept(const void *obj, void *const *keep, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (keep[i] == obj)
			return 1;
	return 0;
}

int tp_pdf_stream_page(struct tp_pdf_stream *s, HPDF_Page pg, void *const *keep, size_t n_keep)
{
	HPDF_Doc pdf = s->pdf;
	HPDF_Xref x = pdf->xref;
	if (tp_grow((void **)&s->kids, &s->cap_kids, s->n_kids + 1, sizeof *s->kids, 64) != 0) {
		s->oom = 1;
		return -1;
	}
	s->kids[s->n_kids++] = pg->header.obj_id & 0x00FFFFFF;
	HPDF_UINT from = s->next;
	for (; s->next < x->entries->count; s->next++)
		if (write_object(s->out, HPDF_Xref_GetEntry(x, s->next), s->next) != 0)
			return -1;
	/* The table's offsets are libharu's 32-bit counts: stop well before
	 * they would wrap. */
	if (s->out->size > MAX_BYTES) {
		s->err = EFBIG;
		return -1;
	}
	/* The page tree lists the pages by number (tp_pdf_stream_end), not
	 * through libharu's Kids array and page list: those would keep
	 * pointers to the pages freed here. */
	HPDF_Array kids = HPDF_Dict_GetItem(pdf->root_pages, "Kids", HPDF_OCLASS_ARRAY);
	if (kids == NULL)
		return -1;
	HPDF_Array_Clear(kids);
	HPDF_List_Clear(pdf->page_list);
	pdf->cur_page = NULL;
	/* What this page made (its dictionary, content stream and length,
	 * its forms and resources) nothing written later refers to: freed,
	 * the entries (offsets) kept.  Objects made before the first page
	 * (the catalog's) and those the caller shares between pages stay. */
	for (HPDF_UINT i = from > s->first_page ? from : s->first_page; i < x->entries->count; i++) {
		HPDF_XrefEntry e = HPDF_Xref_GetEntry(x, i);
		if (e->obj != NULL && !kept(e->obj, keep, n_keep)) {
			HPDF_Obj_ForceFree(x->mmgr, e->obj);
			e->obj = NULL;
		}
	}
	return 0;
}

/* The page tree as libharu writes it (Pages_BeforeWrite adds /Count). */
static int write_tree(struct tp_pdf_stream *s, HPDF_Stream out)
{
	char num[40];
	if (HPDF_Stream_WriteStr(out, "<<\012/Type /Pages\012/Kids [ ") != HPDF_OK)
		return -1;
	for (size_t i = 0; i < s->n_kids; i++) {
		snprintf(num, sizeof num, "%u 0 R ", (unsigned)s->kids[i]);
		if (HPDF_Stream_WriteStr(out, num) != HPDF_OK)
			return -1;
	}
	snprintf(num, sizeof num, "]\012/Count %zu\012>>", s->n_kids);
	return HPDF_Stream_WriteStr(out, num) == HPDF_OK ? 0 : -1;
}

/* Header and objects 1 to 3. */
static int write_head(struct tp_pdf_stream *s, HPDF_Stream out)
{
	HPDF_Doc pdf = s->pdf;
	char head[40];
	snprintf(head, sizeof head, "%%PDF-1.%d\012%%\267\276\255\252\012", 2 + (int)pdf->pdf_version);
	if (HPDF_Stream_WriteStr(out, head) != HPDF_OK)
		return -1;
	for (HPDF_UINT i = 1; i < FIRST_BODY; i++) {
		HPDF_XrefEntry e = HPDF_Xref_GetEntry(pdf->xref, i);
		if (e->obj != (void *)pdf->root_pages) {
			if (write_object(out, e, i) != 0)
				return -1;
			continue;
		}
		snprintf(head, sizeof head, "%u %u obj\012", (unsigned)i, (unsigned)e->gen_no);
		e->byte_offset = out->size;
		if (HPDF_Stream_WriteStr(out, head) != HPDF_OK || write_tree(s, out) != 0 ||
		    HPDF_Stream_WriteStr(out, "\012endobj\012") != HPDF_OK)
			return -1;
	}
	return 0;
}

/* The spill after the header: its objects' offsets move by the header's
 * length. */
static int copy_spill(struct tp_pdf_stream *s, HPDF_Stream out)
{
	HPDF_UINT shift = out->size;
	FILE *f = s->spill.file;
	if (f == NULL) {
		if (s->spill.mem.len > 0 &&
		    HPDF_Stream_Write(out, (const HPDF_BYTE *)s->spill.mem.s, (HPDF_UINT)s->spill.mem.len) != HPDF_OK)
			return -1;
	} else {
		if (fflush(f) != 0 || fseek(f, 0, SEEK_SET) != 0) {
			s->err = errno ? errno : EIO;
			return -1;
		}
		HPDF_BYTE buf[65536];
		size_t n;
		while ((n = fread(buf, 1, sizeof buf, f)) > 0)
			if (HPDF_Stream_Write(out, buf, (HPDF_UINT)n) != HPDF_OK)
				return -1;
		if (ferror(f)) {
			s->err = errno ? errno : EIO;
			return -1;
		}
	}
	HPDF_Xref x = s->pdf->xref;
	for (HPDF_UINT i = FIRST_BODY; i < x->entries->count; i++)
		HPDF_Xref_GetEntry(x, i)->byte_offset += shift;
	return 0;
}

/* The cross-reference table and the trailer (Root and Info as
 * PrepareTrailer adds them, then Size). */
static int write_tail(struct tp_pdf_stream *s, HPDF_Stream out)
{
	HPDF_Doc pdf = s->pdf;
	HPDF_Xref x = pdf->xref;
	HPDF_UINT addr = out->size;
	char line[64];
	snprintf(line, sizeof line, "xref\0120 %u\012", (unsigned)x->entries->count);
	if (HPDF_Stream_WriteStr(out, line) != HPDF_OK)
		return -1;
	for (HPDF_UINT i = 0; i < x->entries->count; i++) {
		HPDF_XrefEntry e = HPDF_Xref_GetEntry(x, i);
		snprintf(line, sizeof line, "%010u %05u %c\015\012", (unsigned)e->byte_offset,
			 (unsigned)e->gen_no, e->entry_typ);
		if (HPDF_Stream_WriteStr(out, line) != HPDF_OK)
			return -1;
	}
	if (HPDF_Dict_Add(pdf->trailer, "Root", pdf->catalog) != HPDF_OK ||
	    HPDF_Dict_Add(pdf->trailer, "Info", pdf->info) != HPDF_OK ||
	    HPDF_Dict_AddNumber(pdf->trailer, "Size", (HPDF_INT32)x->entries->count) != HPDF_OK ||
	    HPDF_Stream_WriteStr(out, "trailer\012") != HPDF_OK ||
	    HPDF_Dict_Write(pdf->trailer, out, NULL) != HPDF_OK)
		return -1;
	snprintf(line, sizeof line, "\012startxref\012%u\012%%%%EOF\012", (unsigned)addr);
	return HPDF_Stream_WriteStr(out, line) == HPDF_OK ? 0 : -1;
}

int tp_pdf_stream_rest(struct tp_pdf_stream *s)
{
	HPDF_Xref x = s->pdf->xref;
	for (; s->next < x->entries->count; s->next++)
		if (write_object(s->out, HPDF_Xref_GetEntry(x, s->next), s->next) != 0)
			return -1;
	return 0;
}

int tp_pdf_stream_end(struct tp_pdf_stream *s, FILE *f)
{
	struct sink k = { f, &s->err };
	HPDF_Stream out = sink_new(s->pdf, &k);
	if (out == NULL)
		return -1;
	int rc = write_head(s, out) == 0 && copy_spill(s, out) == 0 && write_tail(s, out) == 0
		 ? 0 : -1;
	HPDF_Stream_Free(out);
	if (rc == 0 && fflush(f) != 0) {
		s->err = errno ? errno : EIO;
		rc = -1;
	}
	return rc;
}

void tp_pdf_stream_free(struct tp_pdf_stream *s)
{
	if (s->out != NULL)
		HPDF_Stream_Free(s->out);
	if (s->spill.file != NULL)
		fclose(s->spill.file);
	tp_buf_free(&s->spill.mem);
	free(s->kids);
	memset(s, 0, sizeof *s);
}

/* tp_pdf_write (backend.h): the pages through tp_pdf_open, add, close. */
int tp_pdf_write(FILE *f, const struct tp_scene *const *pages, size_t n,
		 const struct tp_doc_info *info, tp_err *e)
{
	if (n == 0)
		return tp_fail(e, TP_EINPUT, "PDF: no pages to write");
	struct tp_pages_out *w = NULL;
	int rc = tp_pdf_open(&w, f, info, e);
	for (size_t i = 0; rc == TP_OK && i < n; i++)
		rc = tp_pdf_add(w, pages[i], e);
	int closed = tp_pdf_close(w, rc == TP_OK, e);
	return rc != TP_OK ? rc : closed;
}
