/* tilepress preflight: every sheet checked as a factory would, the
 * findings on stdout; and the few lines of findings a build shows. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/build/preflight_run.h"
#include "app/config_load.h"
#include "app/preflight/pdf_file.h"
#include "app/session.h"
#include "core/alloc.h"
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

/* preflight FILE.pdf: the file against the config's rules (and its
 * profile, --profile). */
static int preflight_file(const struct tp_cli *cli, tp_err *e)
{
	struct tp_config *c;
	int rc = tp_cli_session_config(cli, &c, e);
	if (rc != TP_OK)
		return rc;
	struct tp_preflight pf = { 0 };
	struct tp_buf b = { 0 };
	rc = tp_preflight_file(c, cli->file, &pf, e);
	if (rc == TP_OK) {
		tp_preflight_text(&pf, &b);
		rc = b.oom ? tp_fail(e, TP_EIO, "out of memory formatting the preflight") : tp_print_buf(&b, e);
	}
	if (rc == TP_OK && pf.errors)
		rc = tp_fail(e, TP_EINPUT, "preflight %s: %zu error%s a factory would reject (listed above)",
			     cli->file, pf.errors, pf.errors == 1 ? "" : "s");
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
