/* `simulate`: plays games of the config's game by its seed's rules (the
 * game's own simulator, a pure core: app/session.h) and prints what they
 * show. */

#include <stdio.h>

#include "app/session.h"
#include "cli/cli.h"

int tp_cmd_simulate(const struct tp_cli *cli, tp_err *e)
{
	struct tp_session s;
	int rc = tp_cli_session_open(&s, cli, e);
	if (rc != TP_OK)
		return rc;
	struct tp_sim_opts o = cli->sim;
	o.fmt = cli->report.fmt;
	struct tp_buf b = { 0 };
	rc = tp_session_simulate(&s, &o, &b, e);
	if (rc == TP_OK)
		rc = tp_print_buf(&b, e);
	tp_buf_free(&b);
	tp_session_close(&s);
	return rc;
}
