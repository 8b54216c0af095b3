/* tilepress watch: the designer's loop (app/watch/watch.h) as the
 * command line asks for it, each rebuild and failure printed. */

#include <stdio.h>

#include "app/watch/watch.h"
#include "cli/cli.h"

static void built(void *ctx, const char *why, int rebuilt, size_t n, const char *sheets)
{
	(void)ctx;
	printf("tilepress: watch: %s: %s %zu sheet%s%s%s\n", why, rebuilt ? "rebuilt" : "built", n,
	       n == 1 ? "" : "s", n ? ": " : "", sheets);
	fflush(stdout);
}

static void placed(void *ctx, const char *why, const char *sheet)
{
	(void)ctx;
	printf("tilepress: watch: %s: %s in place\n", why, sheet);
	fflush(stdout);
}

static void failed(void *ctx, const tp_err *err, int have_good, size_t placed)
{
	(void)ctx;
	fprintf(stderr, "tilepress: %s\n", err->msg);
	if (placed)
		fprintf(stderr, "tilepress: watch: %zu sheet%s of this save in place, the rest not rebuilt; the folder keeps the last good set of the others\n",
			placed, placed == 1 ? "" : "s");
	else
		fprintf(stderr, "tilepress: watch: %s; the folder keeps the last good set\n",
			have_good ? "not rebuilt" : "nothing built yet");
}

static void serving(void *ctx, const char *dir, unsigned port)
{
	(void)ctx;
	printf("tilepress: watch: serving %s at http://127.0.0.1:%u/\n", dir, port);
	fflush(stdout);
}

int tp_cmd_watch(const struct tp_cli *cli, tp_err *e)
{
	struct tp_watch_request rq = {
		.spec = tp_cli_session_spec(cli), .build = tp_cli_build_request(cli),
		.serve = cli->serve, .serve_port = cli->serve_port,
	};
	const struct tp_watch_events ev = {
		.build = &tp_cli_build_events, .built = built, .placed = placed, .failed = failed, .serving = serving,
	};
	return tp_watch_run(&rq, &ev, e);
}
