/* tilepress -c EDITION pack FACTORY: the factory package (app/pack/pack.h)
 * built as the command line asks, and where it went printed. */

#include <stdio.h>
#include <unistd.h>

#include "app/pack/pack.h"
#include "cli/cli.h"

int tp_cmd_pack(const struct tp_cli *cli, tp_err *e)
{
	struct tp_pack_request rq = {
		.factory = cli->file, .spec = tp_cli_session_spec(cli), .report = cli->report,
		.build = tp_cli_build_request(cli),
	};
	struct tp_pack_result out;
	int rc = tp_pack_run(&rq, &tp_cli_build_events, &out, e);
	if (rc == TP_OK && !cli->quiet)
		printf("pack %s: %s (job.pdf, job.txt, job.json)%s\n", out.name, out.dir,
		       out.failed ? "" : ": every rule of the checklist met");
	if (rc == TP_OK && out.failed)
		rc = tp_fail(e, TP_EINPUT, "pack %s: %zu rule%s of the factory's checklist not met (%s/job.txt)",
			     out.name, out.failed, out.failed == 1 ? "" : "s", out.dir);
	return rc;
}
