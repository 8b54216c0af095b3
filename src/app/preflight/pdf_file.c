/* A PDF file's preflight against a config's rules (pdf_file.h). */

#include "app/preflight/pdf_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/build/preflight_run.h"
#include "core/regfile.h"

void tp_pf_file_rules_of(const struct tp_config *c, struct tp_pf_file_rules *fr)
{
	*fr = (struct tp_pf_file_rules){ 0 };
	tp_pf_rules_of(c, &fr->r);
	const struct tp_palette *pal = &c->print.inks;
	fr->cut_ink = pal->ink[tp_ink_index(pal, TP_INK_CUT)].name;
	fr->min_fill = c->print.min_line_mm > 0 ? c->print.min_line_mm : TP_PF_MIN_FILL_MM;
	fr->min_text_pt = c->print.min_text_pt;
	fr->marks = c->print.marks;
	fr->pdfx4 = c->print.pdfx == TP_PDFX_4;
	fr->condition = c->print.output_condition;
}

int tp_pdf_file_read(const char *path, int limit, unsigned char **buf, size_t *n, tp_err *e)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return tp_fail(e, TP_EINPUT, "%s: cannot open it (%s)", path, strerror(errno));
	enum tp_read r = tp_read_rest(f, limit ? (size_t)1 << 30 : 0, buf, n);
	int rc = r == TP_READ_OK ? TP_OK
		 : r == TP_READ_LARGE ? tp_fail(e, TP_EINPUT, "%s: larger than 1 GiB; not checked", path)
		 : r == TP_READ_ERROR ? tp_fail(e, TP_EIO, "%s: read error (%s)", path, strerror(errno))
				      : tp_fail(e, TP_EIO, "out of memory reading %s", path);
	fclose(f);
	return rc;
}

int tp_preflight_file(const struct tp_config *c, const char *path, struct tp_preflight *pf,
		      tp_err *e)
{
	struct tp_pf_file_rules fr;
	tp_pf_file_rules_of(c, &fr);
	unsigned char *buf = NULL;
	size_t n = 0;
	int rc = tp_pdf_file_read(path, 1, &buf, &n, e);
	const char *base = strrchr(path, '/');
	char name[64];
	snprintf(name, sizeof name, "%s", base ? base + 1 : path);
	size_t len = strlen(name);
	if (len > 4 && strcmp(name + len - 4, ".pdf") == 0)
		name[len - 4] = '\0';
	if (rc == TP_OK && tp_preflight_pdf(buf, n, name, &fr, pf) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory preflighting %s", path);
	free(buf);
	return rc;
}
