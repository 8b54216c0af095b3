/* The document-level parts of a press PDF that libharu has no API for,
 * built from its object layer: the trailer /ID, the Info dictionary
 * (dates from SOURCE_DATE_EPOCH, PDF/X version, title), the PDF/X output
 * intent with an embedded CMYK profile, and the XMP metadata of PDF/X-4.
 * backend_pdf.c draws the pages; its head comment states the PDF/X
 * contract. */

#include "print/backend/pdf_docinfo.h"
#include "core/strbuf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/alloc.h"
#include "core/regfile.h"

#ifndef TP_VERSION
#define TP_VERSION "unknown"
#endif

/* FNV-1a in two lanes: the /ID only has to be stable and differ between
 * documents, not resist forgery. */
static void mix(uint64_t h[2], const void *data, size_t n)
{
	const unsigned char *b = data;
	for (size_t i = 0; i < n; i++)
		for (int l = 0; l < 2; l++)
			h[l] = (h[l] ^ b[i]) * 0x100000001b3ULL;
}

static void mix_d(uint64_t h[2], double v)
{
	mix(h, &v, sizeof v);
}

static void hash_shape(uint64_t h[2], const struct tp_scene *sc, const struct tp_shape *s,
		       size_t first)
{
	/* The palette index, not the ink number: what the page shows. */
	unsigned char b[5] = { s->kind, (unsigned char)tp_ink_index(&sc->pal, s->ink),
			       s->paint, (unsigned char)(s->flags & ~TP_SHAPE_TO_CUT), s->align };
	mix(h, b, sizeof b);
	mix(h, &s->layer, sizeof s->layer);
	double v[5] = { s->stroke, s->x, s->y, s->w, s->h };
	mix(h, v, sizeof v);
	mix(h, &first, sizeof first);
	/* As a size_t, as the shape held it once: the same IDs. */
	size_t count = s->count;
	mix(h, &count, sizeof count);
}

/* A scene with placements hashed as the scene with every placement's
 * shapes copied in its place, added one by one, would be: each shape's
 * points and text where such a scene keeps them, so a sheet switched to
 * placements keeps its document's /ID. */
static void hash_placed(uint64_t h[2], const struct tp_scene *sc)
{
	const struct tp_shape *s;
	size_t pts = 0, text = 0;
	for (struct tp_scene_iter it = { 0 }; (s = tp_scene_next(sc, &it)) != NULL;) {
		size_t first = s->first;
		if (s->kind == TP_SHAPE_PATH || s->kind == TP_SHAPE_IMAGE) {
			first = pts;
			pts += s->count;
		} else if (s->kind == TP_SHAPE_TEXT) {
			first = text;
			text += strlen(tp_scene_str(sc, s)) + 1;
		}
		hash_shape(h, sc, s, first);
	}
	for (struct tp_scene_iter it = { 0 }; (s = tp_scene_next(sc, &it)) != NULL;)
		for (size_t q = 0; (s->kind == TP_SHAPE_PATH || s->kind == TP_SHAPE_IMAGE) &&
				   q < s->count; q++) {
			const struct tp_pt *p = &sc->pts[s->first + q];
			double x = p->x + it.d[0], y = p->y + it.d[1];
			mix(h, &p->op, 1);
			mix_d(h, x);
			mix_d(h, y);
		}
	for (struct tp_scene_iter it = { 0 }; (s = tp_scene_next(sc, &it)) != NULL;)
		if (s->kind == TP_SHAPE_TEXT)
			mix(h, tp_scene_str(sc, s), strlen(tp_scene_str(sc, s)) + 1);
}

/* Hashes field by field: struct padding bytes are not deterministic. */
static void hash_scene(uint64_t h[2], const struct tp_scene *sc)
{
	mix_d(h, sc->trim_w);
	mix_d(h, sc->trim_h);
	mix_d(h, sc->bleed);
	mix_d(h, sc->margin);
	for (size_t i = 0; i < sc->pal.n; i++) {
		const struct tp_ink *ink = &sc->pal.ink[i];
		mix(h, ink->name, strnlen(ink->name, sizeof ink->name));
		mix(h, &ink->kind, sizeof ink->kind);
		mix(h, &ink->overprint, sizeof ink->overprint);
		mix(h, ink->cmyk, sizeof ink->cmyk);
	}
	if (tp_scene_places(sc) > 0) {
		hash_placed(h, sc);
		return;
	}
	for (size_t i = 0; i < sc->n_shapes; i++)
		hash_shape(h, sc, &sc->shapes[i], sc->shapes[i].first);
	for (size_t i = 0; i < sc->n_pts; i++) {
		mix(h, &sc->pts[i].op, 1);
		mix_d(h, sc->pts[i].x);
		mix_d(h, sc->pts[i].y);
	}
	mix(h, sc->text, sc->n_text);
}

void tp_pdf_id_begin(uint64_t h[2], const struct tp_doc_info *info)
{
	h[0] = 0xcbf29ce484222325ULL;
	h[1] = 0x84222325cbf29ce4ULL;
	if (info->title)
		mix(h, info->title, strlen(info->title) + 1);
	mix(h, &info->epoch, sizeof info->epoch);
	mix(h, &info->marks, sizeof info->marks);
	mix(h, &info->pdfx4, sizeof info->pdfx4);
	if (info->rgb)
		mix(h, &info->rgb, sizeof info->rgb);
	const char *intent[] = { info->output_condition, info->output_info,
				 info->output_registry, info->output_profile };
	for (int i = 0; i < 4; i++)
		if (intent[i])
			mix(h, intent[i], strlen(intent[i]) + 1);
}

void tp_pdf_id_page(uint64_t h[2], const struct tp_scene *sc)
{
	hash_scene(h, sc);
}

int tp_pdf_id_end(HPDF_Doc pdf, const uint64_t h[2])
{
	HPDF_BYTE id[16];
	for (int i = 0; i < 16; i++)
		id[i] = (HPDF_BYTE)(h[i / 8] >> (8 * (i % 8)));

	HPDF_MMgr mm = pdf->mmgr;
	HPDF_Array a = HPDF_Array_New(mm);
	if (HPDF_Dict_Add(pdf->trailer, "ID", a) != HPDF_OK ||
	    HPDF_Array_Add(a, HPDF_Binary_New(mm, id, sizeof id)) != HPDF_OK ||
	    HPDF_Array_Add(a, HPDF_Binary_New(mm, id, sizeof id)) != HPDF_OK)
		return -1;
	return 0;
}

/* Next code point of UTF-8 at *s; malformed bytes become U+FFFD. */
static unsigned long utf8_next(const unsigned char **s)
{
	const unsigned char *p = *s;
	int len = p[0] < 0x80 ? 1 : (p[0] & 0xE0) == 0xC0 ? 2 : (p[0] & 0xF0) == 0xE0 ? 3
		: (p[0] & 0xF8) == 0xF0 ? 4 : 0;
	unsigned long c = len == 1 ? p[0] : len ? p[0] & (0x7F >> len) : 0;
	for (int i = 1; i < len; i++) {
		if ((p[i] & 0xC0) != 0x80) {
			len = 0;
			break;
		}
		c = c << 6 | (p[i] & 0x3F);
	}
	if (len == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
		*s = p + 1;
		return 0xFFFD;
	}
	*s = p + len;
	return c;
}

/* A text string in UTF-16BE with BOM, the only encoding of a non-ASCII
 * Info string that every reader agrees on.  libharu writes it as hex. */
static int add_utf16(HPDF_Dict dict, const char *key, const char *utf8)
{
	size_t len = strlen(utf8);
	HPDF_BYTE *buf = tp_malloc(2 * len + 2);
	if (buf == NULL)
		return -1;
	size_t k = 0;
	buf[k++] = 0xFE;
	buf[k++] = 0xFF;
	for (const unsigned char *s = (const unsigned char *)utf8; *s;) {
		unsigned long c = utf8_next(&s);
		if (c > 0xFFFF) {
			c -= 0x10000;
			unsigned long hi = 0xD800 | c >> 10;
			buf[k++] = (HPDF_BYTE)(hi >> 8);
			buf[k++] = (HPDF_BYTE)hi;
			c = 0xDC00 | (c & 0x3FF);
		}
		buf[k++] = (HPDF_BYTE)(c >> 8);
		buf[k++] = (HPDF_BYTE)c;
	}
	int rc = HPDF_Dict_Add(dict, key, HPDF_Binary_New(dict->mmgr, buf, (HPDF_UINT)k));
	free(buf);
	return rc == HPDF_OK ? 0 : -1;
}

/* A text string: literal when ASCII, else UTF-16BE (add_utf16). */
static int add_text(HPDF_Dict dict, const char *key, const char *utf8)
{
	for (const char *c = utf8; *c; c++)
		if ((unsigned char)*c >= 0x80)
			return add_utf16(dict, key, utf8);
	HPDF_String str = HPDF_String_New(dict->mmgr, utf8, NULL);
	return HPDF_Dict_Add(dict, key, str) == HPDF_OK ? 0 : -1;
}

static unsigned long be32(const unsigned char *b)
{
	return (unsigned long)b[0] << 24 | (unsigned long)b[1] << 16 |
	       (unsigned long)b[2] << 8 | b[3];
}

#define ICC_MAX_BYTES ((long)64 << 20)

/* Reads a CMYK output profile whole into *buf (tp_malloc'd) and checks
 * what PDF/X asks of a DestOutputProfile: an ICC file ('acsp'), device
 * class output ('prtr'), data colour space CMYK, the size its header
 * declares.  0, or -1 with e filled (TP_EINPUT: the user's file). */
static int read_profile(tp_err *e, const char *path, unsigned char **buf, size_t *n)
{
	*buf = NULL;
	const char *reason;
	FILE *f = tp_fopen_regular(path, &reason);
	if (f == NULL) {
		tp_fail(e, TP_EINPUT, "print.output_profile %s: %s", path, reason);
		return -1;
	}
	long len = -1;
	if (fseek(f, 0, SEEK_END) == 0)
		len = ftell(f);
	const char *why = NULL;
	if (len < 128 || len > ICC_MAX_BYTES || fseek(f, 0, SEEK_SET) != 0)
		why = "not an ICC profile (size)";
	else if ((*buf = tp_malloc((size_t)len)) == NULL)
		why = "out of memory";
	else if (fread(*buf, 1, (size_t)len, f) != (size_t)len)
		why = "cannot read";
	else if (memcmp(*buf + 36, "acsp", 4) != 0 || be32(*buf) != (unsigned long)len)
		why = "not an ICC profile";
	else if (memcmp(*buf + 16, "CMYK", 4) != 0)
		why = "not a CMYK profile (PDF/X-1a prints CMYK)";
	else if (memcmp(*buf + 12, "prtr", 4) != 0)
		why = "not an output (printer) profile";
	fclose(f);
	if (why != NULL) {
		free(*buf);
		*buf = NULL;
		tp_fail(e, strcmp(why, "out of memory") == 0 ? TP_EIO : TP_EINPUT,
			"print.output_profile %s: %s", path, why);
		return -1;
	}
	*n = (size_t)len;
	return 0;
}

/* Catalog /OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX ... >>]. */
int tp_pdf_output_intent(HPDF_Doc pdf, const struct tp_doc_info *info, tp_err *e)
{
	HPDF_MMgr mm = pdf->mmgr;
	const char *cond = info->output_condition && info->output_condition[0]
			   ? info->output_condition : TP_OUTPUT_CONDITION;
	const char *text = info->output_info && info->output_info[0]
			   ? info->output_info : TP_OUTPUT_INFO;
	const char *reg = info->output_registry && info->output_registry[0]
			  ? info->output_registry : TP_OUTPUT_REGISTRY;
	/* Each object is attached as soon as it is made: libharu frees what
	 * it fails to attach, but not what was made and never offered. */
	HPDF_Array list = HPDF_Array_New(mm);
	if (HPDF_Dict_Add(pdf->catalog, "OutputIntents", list) != HPDF_OK)
		return -1;
	HPDF_Dict oi = HPDF_Dict_New(mm);
	if (HPDF_Array_Add(list, oi) != HPDF_OK ||
	    HPDF_Dict_AddName(oi, "Type", "OutputIntent") != HPDF_OK ||
	    HPDF_Dict_AddName(oi, "S", "GTS_PDFX") != HPDF_OK ||
	    add_text(oi, "OutputConditionIdentifier", cond) != 0 ||
	    add_text(oi, "OutputCondition", text) != 0 ||
	    add_text(oi, "RegistryName", reg) != 0 ||
	    add_text(oi, "Info", text) != 0)
		return -1;
	if (info->output_profile == NULL || info->output_profile[0] == '\0')
		return 0;
	unsigned char *icc;
	size_t n;
	if (read_profile(e, info->output_profile, &icc, &n) != 0)
		return -1;
	HPDF_Dict st = HPDF_DictStream_New(mm, pdf->xref);
	int rc = st != NULL && HPDF_Dict_AddNumber(st, "N", 4) == HPDF_OK &&
		 HPDF_Dict_AddName(st, "Alternate", "DeviceCMYK") == HPDF_OK &&
		 HPDF_Stream_Write(st->stream, icc, (HPDF_UINT)n) == HPDF_OK &&
		 HPDF_Dict_Add(oi, "DestOutputProfile", st) == HPDF_OK ? 0 : -1;
	if (rc == 0)
		st->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
	free(icc);
	return rc;
}

/* text into b with XML's five characters escaped. */
static void xml_text(struct tp_buf *b, const char *text)
{
	for (const char *p = text; *p; p++)
		switch (*p) {
		case '&': tp_buf_printf(b, "&amp;"); break;
		case '<': tp_buf_printf(b, "&lt;"); break;
		case '>': tp_buf_printf(b, "&gt;"); break;
		case '"': tp_buf_printf(b, "&quot;"); break;
		case '\'': tp_buf_printf(b, "&apos;"); break;
		default: tp_buf_printf(b, "%c", *p);
		}
}

/* PDF/X-4 (ISO 15930-7) names its version in XMP metadata: the catalog's
 * /Metadata, an uncompressed XML stream with the title, the dates, the
 * trapping state and pdfxid:GTS_PDFXVersion. */
static int xmp(HPDF_Doc pdf, const char *title, const struct tm *tm, const uint64_t h[2])
{
	char date[40], uuid[40];
	strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", tm);
	/* The /ID's bytes as a UUID (version 4 and variant bits set, as a
	 * name-derived one would have its own): the same document, the same
	 * identifiers. */
	unsigned char id[16];
	for (int i = 0; i < 16; i++)
		id[i] = (unsigned char)(h[i / 8] >> (8 * (i % 8)));
	id[6] = (unsigned char)((id[6] & 0x0F) | 0x40);
	id[8] = (unsigned char)((id[8] & 0x3F) | 0x80);
	snprintf(uuid, sizeof uuid,
		 "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", id[0], id[1],
		 id[2], id[3], id[4], id[5], id[6], id[7], id[8], id[9], id[10], id[11], id[12], id[13],
		 id[14], id[15]);
	struct tp_buf b = { 0 };
	tp_buf_printf(&b, "<?xpacket begin=\"\xef\xbb\xbf\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
			  "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
			  "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
			  "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" "
			  "xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" "
			  "xmlns:pdfxid=\"http://www.npes.org/pdfx/ns/id/\" "
			  "xmlns:xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\">\n"
			  "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">");
	xml_text(&b, title);
	tp_buf_printf(&b, "</rdf:li></rdf:Alt></dc:title>\n"
			  "<xmp:CreateDate>%s</xmp:CreateDate>\n<xmp:ModifyDate>%s</xmp:ModifyDate>\n"
			  "<xmp:CreatorTool>tilepress " TP_VERSION "</xmp:CreatorTool>\n"
			  "<pdf:Trapped>False</pdf:Trapped>\n"
			  "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>\n"
			  "<xmpMM:DocumentID>uuid:%s</xmpMM:DocumentID>\n"
			  "<xmpMM:InstanceID>uuid:%s</xmpMM:InstanceID>\n"
			  "<xmpMM:VersionID>1</xmpMM:VersionID>\n"
			  "<xmpMM:RenditionClass>default</xmpMM:RenditionClass>\n"
			  "</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"r\"?>\n",
		      date, date, uuid, uuid);
	int rc = -1;
	HPDF_Dict st = b.oom ? NULL : HPDF_DictStream_New(pdf->mmgr, pdf->xref);
	if (st != NULL) {
		st->filter = HPDF_STREAM_FILTER_NONE;
		if (HPDF_Dict_AddName(st, "Type", "Metadata") == HPDF_OK &&
		    HPDF_Dict_AddName(st, "Subtype", "XML") == HPDF_OK &&
		    HPDF_Stream_Write(st->stream, (const HPDF_BYTE *)b.s, (HPDF_UINT)b.len) == HPDF_OK &&
		    HPDF_Dict_Add(pdf->catalog, "Metadata", st) == HPDF_OK)
			rc = 0;
	}
	tp_buf_free(&b);
	return rc;
}

/* info->epoch as a UTC date in *tm; -1 (e filled) when out of range. */
static int date_of(const struct tp_doc_info *info, struct tm *tm, tp_err *e)
{
	time_t t = (time_t)info->epoch;
	if (gmtime_r(&t, tm) == NULL || tm->tm_year + 1900 < 1 || tm->tm_year + 1900 > 9999) {
		tp_fail(e, TP_EINPUT, "PDF: date %lld out of range", info->epoch);
		return -1;
	}
	return 0;
}

static const char *title_of(const struct tp_doc_info *info)
{
	return info->title ? info->title : info->job ? info->job : "tilepress";
}

int tp_pdf_xmp(HPDF_Doc pdf, const struct tp_doc_info *info, const uint64_t h[2], tp_err *e)
{
	struct tm tm;
	if (date_of(info, &tm, e) != 0)
		return -1;
	return xmp(pdf, title_of(info), &tm, h);
}

int tp_pdf_doc_info(HPDF_Doc pdf, const struct tp_doc_info *info, tp_err *e)
{
	struct tm tm;
	if (date_of(info, &tm, e) != 0)
		return -1;
	HPDF_Date date = { tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
			   tm.tm_min, tm.tm_sec, 'Z', 0, 0 };
	if (HPDF_SetInfoDateAttr(pdf, HPDF_INFO_CREATION_DATE, date) != HPDF_OK ||
	    HPDF_SetInfoDateAttr(pdf, HPDF_INFO_MOD_DATE, date) != HPDF_OK ||
	    HPDF_SetInfoAttr(pdf, HPDF_INFO_CREATOR, "tilepress " TP_VERSION) != HPDF_OK ||
	    HPDF_Dict_AddName(pdf->info, "Trapped", "False") != HPDF_OK ||
	    (!info->rgb && add_text(pdf->info, "GTS_PDFXVersion",
				    info->pdfx4 ? "PDF/X-4" : "PDF/X-1a:2003") != 0))
		return -1;
	/* PDF/X wants a title: the sheet's, or the job's. */
	if (add_text(pdf->info, "Title", title_of(info)) != 0)
		return -1;
	return 0;
}
