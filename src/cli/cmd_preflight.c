/* tilepress preflight: every sheet checked as a factory would, the
 * findings on stdout; and the few lines of findings a build shows. */

#include <stdio.h>

#include "app/build/preflight_run.h"
#include "app/session.h"
#include "cli/cli.h"

void tp_preflight_stderr(const struct tp_preflight *pf, size_t max)
{
	if (pf->errors + pf->warnings == 0)
		return;   /* a clean build says nothing */
	fprintf(stderr, "tilepress: preflight: %zu pages, %zu error%s, %zu warning%s\n", pf->pages,
		pf->errors, pf->errors == 1 ? "" : "s", pf->warnings, pf->warnings == 1 ? "" : "s");
	int sev = pf->errors ? TP_PF_ERROR : TP_PF_WARNING;
	size_t shown = 0;
	for (size_t i = 0; i < pf->n && shown < max; i++) {
		if (pf->f[i].severity != sev)
			continue;
		char line[400];
		tp_preflight_line(&pf->f[i], line, sizeof line);
		fprintf(stderr, "  %s\n", line);
		shown++;
	}
	size_t more = (sev == TP_PF_ERROR ? pf->errors : pf->warnings) - shown;
	if (more)
		fprintf(stderr, "  ... and %zu more (manifest/preflight.txt)\n", more);
}

int tp_cmd_preflight(const struct tp_cli *cli, tp_err *e)
{
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
