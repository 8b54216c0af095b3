/* What every command starts from: the session the command line asks for,
 * and the report it prints. */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

const struct tp_game_table *tp_cli_games(const struct tp_cli *cli)
{
	return cli->games ? cli->games : &tp_games;
}

struct tp_session_spec tp_cli_session_spec(const struct tp_cli *cli)
{
	return (struct tp_session_spec){ .config = cli->config, .sets = cli->sets,
					 .n_sets = cli->n_sets, .level = cli->level,
					 .quiet = cli->quiet, .games = tp_cli_games(cli),
					 .lays_out = cli->command == TP_CMD_CHECK ||
						     cli->command == TP_CMD_BUILD ||
						     cli->command == TP_CMD_WATCH ||
						     cli->command == TP_CMD_PACK ||
						     cli->command == TP_CMD_PREFLIGHT };
}

struct tp_build_request tp_cli_build_request(const struct tp_cli *cli)
{
	return (struct tp_build_request){
		.out_dir = cli->out_dir, .only = cli->only, .formats = cli->formats,
		.jobs = cli->jobs, .quiet = cli->quiet, .progress = !cli->quiet && isatty(2),
		.accept_preflight = cli->accept_preflight, .force = cli->force,
		.wait = cli->wait, .clean = cli->clean,
	};
}

int tp_cli_session_open(struct tp_session *s, const struct tp_cli *cli, tp_err *e)
{
	struct tp_session_spec sp = tp_cli_session_spec(cli);
	return tp_session_open(s, &sp, e);
}

int tp_cli_session_config(const struct tp_cli *cli, struct tp_config **out, tp_err *e)
{
	struct tp_session_spec sp = tp_cli_session_spec(cli);
	return tp_session_config(&sp, out, e);
}

int tp_print_buf(const struct tp_buf *b, tp_err *e)
{
	if (b->oom)
		return tp_fail(e, TP_EIO, "out of memory formatting the report");
	if (b->len && fwrite(b->s, 1, b->len, stdout) != b->len)
		return tp_fail(e, TP_EIO, "standard output: write failed: %s", strerror(errno));
	return TP_OK;
}
