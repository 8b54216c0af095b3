#ifndef TP_CLI_H
#define TP_CLI_H

/* What the command line asked for, parsed once at the edge (main.c). */

#include "app/build/pipeline.h"
#include "app/session.h"
#include "core/report.h"
#include "core/strbuf.h"
#include "games/game.h"

enum tp_command { TP_CMD_NONE, TP_CMD_CHECK, TP_CMD_PATTERN, TP_CMD_MANIFEST, TP_CMD_BUILD,
		  TP_CMD_SIMULATE, TP_CMD_WATCH, TP_CMD_PREFLIGHT, TP_CMD_PACK };

#define TP_MAX_SETS 256

/* watch --serve without a port. */
#define TP_SERVE_PORT 8421

struct tp_cli {
	int command;
	const char *config;
	const char *sets[TP_MAX_SETS];
	int n_sets;
	int quiet;
	struct tp_report_opts report;  /* --format, --games, --spares, --players */
	const char *out_dir;
	const char *only;      /* comma list of sheet names, or NULL */
	const char *formats;   /* overrides print.formats, or NULL */
	int level;             /* board-piece recursion level, >= 1 */
	int jobs;              /* worker processes for build; 0 = one per core */
	int clean;             /* build --clean */
	int accept_preflight;  /* build --accept-preflight: write despite preflight errors */
	struct tp_sim_opts sim;  /* simulate: --games, --seed, --players, --strategy, --format */
	int force;             /* build --force: replace files tilepress did not write */
	int wait;              /* build --wait: wait for another build of the folder */
	int press;             /* manifest --press: the press sheets alone */
	int serve;             /* watch --serve: serve the folder on 127.0.0.1 */
	unsigned serve_port;   /* its port (0: any free one) */
	const struct tp_game_table *games;  /* NULL: the shipped games (a test passes its own) */
	const char *file;      /* preflight FILE.pdf: the file to check; pack FACTORY: the factory */
	char profile_set[300]; /* --profile NAME as the --set print.profile=NAME it means */
};

/* The games cli may name: cli->games, else tp_games. */
const struct tp_game_table *tp_cli_games(const struct tp_cli *cli);
/* What cli asks to load (app/session.h), and of a build
 * (app/build/pipeline.h). */
struct tp_session_spec tp_cli_session_spec(const struct tp_cli *cli);
struct tp_build_request tp_cli_build_request(const struct tp_cli *cli);
/* The build's notes, findings and summary, printed (cmd_build.c). */
extern const struct tp_build_events tp_cli_build_events;
/* tp_session_open and tp_session_config (app/session.h) with what cli asked. */
int tp_cli_session_open(struct tp_session *s, const struct tp_cli *cli, tp_err *e);
int tp_cli_session_config(const struct tp_cli *cli, struct tp_config **out, tp_err *e);
/* Writes a finished buffer to stdout. */
int tp_print_buf(const struct tp_buf *b, tp_err *e);

struct tp_preflight;
/* Prints "tilepress: preflight: N pages, E errors, W warnings" and one
 * line per rule per sheet (tp_preflight_group_line, errors first; at most
 * max lines) on stderr; nothing when there are none. */
void tp_preflight_stderr(const struct tp_preflight *pf, size_t max);


/* Commands: each returns an exit code and leaves messages in e. */
int tp_cmd_check(const struct tp_cli *cli, tp_err *e);
int tp_cmd_pattern(const struct tp_cli *cli, tp_err *e);
int tp_cmd_manifest(const struct tp_cli *cli, tp_err *e);
int tp_cmd_build(const struct tp_cli *cli, tp_err *e);
int tp_cmd_simulate(const struct tp_cli *cli, tp_err *e);
/* Builds, then rebuilds what changes on every save of an input, until a
 * signal ends the process (app/watch/watch.h). */
int tp_cmd_watch(const struct tp_cli *cli, tp_err *e);
int tp_cmd_preflight(const struct tp_cli *cli, tp_err *e);
/* pack FACTORY (cli->file): the edition in a factory's conventions, with
 * a job ticket (app/pack/pack.h). */
int tp_cmd_pack(const struct tp_cli *cli, tp_err *e);

/* --list WHAT [--game NAME]: games, keys, sheets, inks, one per line. */
int tp_cmd_list(const char *what, const char *game, const struct tp_cli *cli, tp_err *e);

#endif
