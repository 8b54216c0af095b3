/* The commands that only report: check, pattern, manifest. */

#include <stdio.h>

#include "app/session.h"
#include "app/build/build_estimate.h"
#include "app/press_run.h"
#include "cli/cli.h"

typedef int (*report_fn)(struct tp_buf *b, const struct tp_session *s, const struct tp_cli *cli,
			 tp_err *e);

static int do_check(struct tp_buf *b, const struct tp_session *s, const struct tp_cli *cli,
		    tp_err *e)
{
	s->game->summary(b, s->cfg, s->model);
	tp_session_art(s, b);
	/* What a build of this config would write, and whether it may. */
	struct tp_estimate est = { 0 };
	int rc = tp_build_estimate(s, cli->only, &est, e);
	if (rc == TP_OK)
		rc = tp_estimate_check(s, &est, e);
	if (rc != TP_OK)
		return rc;
	tp_estimate_print(b, s, &est);
	/* Legibility problems and weak rules are warnings: the files are
	 * still valid. */
	tp_session_warnings(s, cli->quiet);
	return TP_OK;
}

static int do_pattern(struct tp_buf *b, const struct tp_session *s, const struct tp_cli *cli,
		      tp_err *e)
{
	return s->game->pattern(b, s->cfg, s->model, &cli->report, e);
}

static int do_manifest(struct tp_buf *b, const struct tp_session *s, const struct tp_cli *cli,
		       tp_err *e)
{
	/* --press: the press sheets of the run instead.  The game's table
	 * stays as the build writes it (manifest/table1.json is this
	 * command's output). */
	if (cli->press)
		return tp_press_run(b, s, &cli->report.run, cli->report.fmt, e);
	return s->game->manifest(b, s->cfg, s->model, &cli->report, e);
}

static int report(const struct tp_cli *cli, report_fn fn, tp_err *e)
{
	struct tp_session s;
	int rc = tp_cli_session_open(&s, cli, e);
	if (rc != TP_OK)
		return rc;
	struct tp_buf b = { 0 };
	rc = fn(&b, &s, cli, e);
	if (rc == TP_OK)
		rc = tp_print_buf(&b, e);
	tp_buf_free(&b);
	tp_session_close(&s);
	return rc;
}

int tp_cmd_check(const struct tp_cli *cli, tp_err *e)
{
	return report(cli, do_check, e);
}

int tp_cmd_pattern(const struct tp_cli *cli, tp_err *e)
{
	return report(cli, do_pattern, e);
}

int tp_cmd_manifest(const struct tp_cli *cli, tp_err *e)
{
	return report(cli, do_manifest, e);
}
