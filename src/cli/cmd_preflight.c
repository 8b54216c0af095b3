/* tilepress preflight: every sheet checked as a factory would, the
 * findings on stdout; and the few lines of findings a build shows. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/build/preflight_run.h"
#include "app/config_load.h"
#include "core/alloc.h"
#include "print/preflight/pf_file.h"
#include "app/session.h"
#include "cli/cli.h"

void tp_preflight_stderr(const struct tp_preflight *pf, size_t max)
{
	if (pf->errors + pf->warnings == 0)
		return;   /* a clean build says nothing */
	fprintf(stderr, "tilepress: preflight: %zu pages, %zu error%s, %zu warning%s\n", pf->pages,
		pf->errors, pf->errors == 1 ? "" : "s", pf->warnings, pf->warnings == 1 ? "" : "s");
	/* One line per rule per sheet (errors first), as preflight.txt. */
	struct tp_pf_group *g = pf->n ? tp_calloc(pf->n, sizeof *g) : NULL;
	size_t n = g ? tp_preflight_groups(pf, g, pf->n) : 0;
	for (size_t i = 0; i < n && i < max; i++) {
		char line[800];
		tp_preflight_group_line(pf, &g[i], line, sizeof line);
		fprintf(stderr, "  %s\n", line);
	}
	if (n > max)
		fprintf(stderr, "  ... and %zu more rules (manifest/preflight.txt)\n", n - max);
	free(g);
}

/* The file's bytes, NUL-terminated, in *buf (*n bytes); at most 1 GiB. */
static int read_pdf(const char *path, unsigned char **buf, size_t *n, tp_err *e)
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return tp_fail(e, TP_EINPUT, "%s: cannot open it (%s)", path, strerror(errno));
	size_t cap = 1 << 16, len = 0;
	unsigned char *b = tp_malloc(cap + 1);
	int rc = b ? TP_OK : tp_fail(e, TP_EIO, "out of memory reading %s", path);
	while (rc == TP_OK) {
		if (len == cap) {
			if (cap >= ((size_t)1 << 30)) {
				rc = tp_fail(e, TP_EINPUT, "%s: larger than 1 GiB; not checked", path);
				break;
			}
			unsigned char *t = tp_realloc(b, 2 * cap + 1);
			if (t == NULL) {
				rc = tp_fail(e, TP_EIO, "out of memory reading %s", path);
				break;
			}
			b = t;
			cap *= 2;
		}
		size_t got = fread(b + len, 1, cap - len, f);
		len += got;
		if (got == 0) {
			if (ferror(f))
				rc = tp_fail(e, TP_EIO, "%s: read error (%s)", path, strerror(errno));
			break;
		}
	}
	fclose(f);
	if (rc != TP_OK) {
		free(b);
		return rc;
	}
	b[len] = 0;
	*buf = b;
	*n = len;
	return TP_OK;
}

/* preflight FILE.pdf: the file against the config's rules (and its
 * profile, --profile). */
static int preflight_file(const struct tp_cli *cli, tp_err *e)
{
	struct tp_config *c;
	int rc = tp_cli_session_config(cli, &c, e);
	if (rc != TP_OK)
		return rc;
	struct tp_pf_file_rules fr = { 0 };
	tp_pf_rules_of(c, &fr.r);
	const struct tp_palette *pal = &c->print.inks;
	fr.cut_ink = pal->ink[tp_ink_index(pal, TP_INK_CUT)].name;
	fr.min_fill = c->print.min_line_mm > 0 ? c->print.min_line_mm : TP_PF_MIN_FILL_MM;
	fr.min_text_pt = c->print.min_text_pt;
	fr.marks = c->print.marks;
	fr.pdfx4 = c->print.pdfx == TP_PDFX_4;
	fr.condition = c->print.output_condition;
	unsigned char *buf = NULL;
	size_t n = 0;
	rc = read_pdf(cli->file, &buf, &n, e);
	const char *base = strrchr(cli->file, '/');
	char name[64];
	snprintf(name, sizeof name, "%s", base ? base + 1 : cli->file);
	size_t len = strlen(name);
	if (len > 4 && strcmp(name + len - 4, ".pdf") == 0)
		name[len - 4] = '\0';
	struct tp_preflight pf = { 0 };
	struct tp_buf b = { 0 };
	if (rc == TP_OK && tp_preflight_pdf(buf, n, name, &fr, &pf) != 0)
		rc = tp_fail(e, TP_EIO, "out of memory preflighting %s", cli->file);
	if (rc == TP_OK) {
		tp_preflight_text(&pf, &b);
		rc = b.oom ? tp_fail(e, TP_EIO, "out of memory formatting the preflight") : tp_print_buf(&b, e);
	}
	if (rc == TP_OK && pf.errors)
		rc = tp_fail(e, TP_EINPUT, "preflight %s: %zu error%s a factory would reject (listed above)",
			     cli->file, pf.errors, pf.errors == 1 ? "" : "s");
	free(buf);
	tp_buf_free(&b);
	tp_preflight_free(&pf);
	tp_config_free(c);
	return rc;
}

int tp_cmd_preflight(const struct tp_cli *cli, tp_err *e)
{
	if (cli->file)
		return preflight_file(cli, e);
	struct tp_session s;
	int rc = tp_cli_session_open(&s, cli, e);
	if (rc != TP_OK)
		return rc;
	struct tp_preflight pf = { 0 };
	struct tp_buf b = { 0 };
	rc = tp_preflight_sheets(&s, NULL, 1, 0, &pf, e);
	if (rc == TP_OK) {
		tp_preflight_text(&pf, &b);
		rc = b.oom ? tp_fail(e, TP_EIO, "out of memory formatting the preflight") : tp_print_buf(&b, e);
	}
	if (rc == TP_OK && pf.errors)
		rc = tp_fail(e, TP_EINPUT, "preflight: %zu error%s a factory would reject (listed above)",
			     pf.errors, pf.errors == 1 ? "" : "s");
	tp_buf_free(&b);
	tp_preflight_free(&pf);
	tp_session_close(&s);
	return rc;
}
