/* tilepress: print files for tile-and-board games.  The command line is
 * parsed here, once; only main() exits. */

#include <cairo.h>
#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <getopt.h>
#include <hpdf.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/datadir.h"
#include "core/keys.h"
#include "core/units.h"
#include "print/output/jobs.h"
#include "print/output/outfile.h"
#include "print/art/text_outline.h"
#include "print/text/text_layout.h"

static const char usage_text[] =
	"usage: tilepress [options] COMMAND [command options]\n"
	"\n"
	"commands:\n"
	"  check                    validate the config; print a summary of the game\n"
	"  pattern                  the derived tile (or number) for every board square\n"
	"  manifest                 counts to print (series: the patent's Table I)\n"
	"  build                    write the print set: manifest and artwork\n"
	"  simulate                 vector, arena: play games by the seed's rules\n"
	"  watch                    build at 72 dpi, then rebuild the sheets that change\n"
	"                           on every save of the config, a template or a shapes\n"
	"                           file, with index.html; Ctrl-C ends it\n"
	"  preflight [FILE.pdf]     check every sheet as a factory's prepress desk would;\n"
	"                           with FILE.pdf, that PDF (ours or edited) instead\n"	"  pack FACTORY             build into DIR/pack-FACTORY in a factory's conventions\n"
	"                           (tilepress --list factories), with job.json and job.txt\n"
	"\n"
	"games (pick one with -c CONFIG, [game] name = ..., or --set game.name=...):\n"
	"  series (default), vector, arena, series-table, series-hex (tilepress --list\n"
	"  games); the shipped editions -c NAME finds: tilepress --list editions\n"
	"\n"
	"options (before or after the command):\n"
	"  -c, --config FILE|NAME   config file, or a shipped edition's name such as\n"
	"                           series-blind or vector (default config/series.ini)\n"
	"  -s, --set SEC.KEY=VALUE  override a config key; repeatable\n"
	"  -q, --quiet              no progress line, build summary or check warnings\n"
	"  -h, --help               this text\n"
	"  -V, --version            version and library versions\n"
	"  --format text|csv|json   pattern: text|csv (vector, arena: also json);\n"
	"                           manifest, simulate: text|csv|json\n"
	"  --games N                manifest: counts for N games; simulate: games to\n"
	"                           play (default 1000)\n"
	"  --spares PCT[%]          manifest: PCT % spares per tile kind, rounded up\n"
	"  --press                  manifest: the press sheets of the run, per sheet\n"
	"  --players N              manifest (arena): what each of N players receives;\n"
	"                           simulate (arena): players (default arena.players)\n"
	"  --seed N                 simulate: the games' random seed (default 1)\n"
	"  --strategy S[,S...]      simulate: random or greedy, per seat in turn\n"
	"                           (default greedy)\n"
	"  -o, --output DIR         build: output folder (default output/NAME, NAME\n"
	"                           the config file's name without .ini)\n"
	"  --only NAME[,NAME]       build: only these sheets (manifest and the game's\n"
	"                           sheets: tilepress --list sheets --game GAME)\n"
	"  --formats LIST           build: comma list of pdf, png, svg, dxf (overrides\n"
	"                           print.formats; dxf: die lines only)\n"
	"  --accept-preflight       build: write the files despite preflight errors\n"
	"  --profile NAME           a factory profile: the same as --set print.profile=NAME\n"
	"  --clean                  build: also remove the files earlier builds recorded\n"
	"                           in the folder (manifest/build.json) and nobody changed\n"
	"  --force                  build: replace files of the same names that tilepress\n"
	"                           did not write (refused otherwise)\n"
	"  --wait                   build: wait for another build writing the folder\n"
	"                           (refused otherwise)\n"
	"  --serve[=PORT]           watch: serve the folder on http://127.0.0.1:PORT/\n"
	"                           (default 8421; 0: any free port), the page reloading\n"
	"                           itself after each rebuild (also: watch --serve PORT)\n"
	"  -j, --jobs N             build: worker processes, 1..8 (default: one per core); the files\n"
	"                           are the same bytes for any N\n"
	"  --level N                series: board pieces as tiles N-1 levels up ([0086]);\n"
	"                           lengths x 6^(N-1)\n"
	"  --list games|editions|keys|sheets|inks|art|factories [--game NAME]\n"
	"                           one item per line, for scripts (keys, sheets and inks\n"
	"                           of series unless --game or -c names another game)\n"
	"\n"
	"exit status: 0 ok, 1 I/O failure, 2 bad input.  See README.md and tilepress(1).\n";

enum { OPT_FORMAT = 256, OPT_GAMES, OPT_SPARES, OPT_ONLY, OPT_FORMATS, OPT_LEVEL, OPT_LIST,
       OPT_GAME, OPT_PLAYERS, OPT_CLEAN, OPT_SEED, OPT_STRATEGY, OPT_FORCE, OPT_WAIT, OPT_SERVE,
       OPT_ACCEPT, OPT_PROFILE, OPT_PRESS };

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "tilepress: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "; see tilepress --help\n");
	return TP_EINPUT;
}

static int parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (end == s || *end || errno || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

struct listing {
	const char *what;   /* --list WHAT, or NULL */
	const char *game;   /* --game NAME */
};

_Static_assert(TP_MAX_JOBS == 8, "the --jobs message says 1..8");

/* Which command options were given, so that a stray one (a typo) is
 * refused once the command is known. */
struct given {
	int games, spares, level, jobs, players, seed, strategy;
};

static const char *const command_names[] = { "check", "pattern", "manifest", "build", "simulate", "watch", "preflight", "pack" };

/* "-s print.tile_mm=25 mm": the shell split the value.  Names the stray
 * word before getopt moves it among the operands; 0 or TP_EINPUT. */
static int refuse_stray_set_word(int argc, char **argv)
{
	for (int i = 1; i + 2 < argc; i++) {
		if (strcmp(argv[i], "-s") != 0 && strcmp(argv[i], "--set") != 0)
			continue;
		const char *next = argv[i + 2];
		int is_cmd = 0;
		for (size_t k = 0; k < sizeof command_names / sizeof command_names[0]; k++)
			is_cmd |= strcmp(next, command_names[k]) == 0;
		if (next[0] != '-' && !is_cmd) {
			fprintf(stderr, "tilepress: stray word '%s' after --set %s: a value with spaces needs quotes, e.g. -s '%s %s'\n",
				next, argv[i + 1], argv[i + 1], next);
			return TP_EINPUT;
		}
	}
	return 0;
}

/* The options that take a number: 0, or the usage error's exit code. */
static int number_option(int ch, const char *arg, struct tp_cli *cli, struct given *g)
{
	long v;
	switch (ch) {
	case 'j':
		if (parse_long(arg, 1, TP_MAX_JOBS, &v) != 0)
			return usage_error("--jobs %s: allowed: 1..8 worker processes", arg);
		cli->jobs = (int)v;
		g->jobs = 1;
		return 0;
	case OPT_GAMES:
		if (parse_long(arg, 1, 100000, &v) != 0)
			return usage_error("--games %s: allowed: a whole number 1..100000", arg);
		cli->report.run.games = (int)v;
		cli->sim.games = (int)v;
		g->games = 1;
		return 0;
	case OPT_SPARES: {
		char *end;
		errno = 0;
		double d = strtod(arg, &end);
		if (*end == '%')   /* "2%" reads as written */
			end++;
		if (end == arg || *end || errno || !(d >= 0 && d <= 1000) || tp_is_hex_number(arg))
			return usage_error("--spares %s: allowed: a percentage 0..1000", arg);
		cli->report.run.spares_pct = d;
		g->spares = 1;
		return 0;
	}
	case OPT_LEVEL:
		if (parse_long(arg, 1, 6, &v) != 0)
			return usage_error("--level %s: allowed: 1..6", arg);
		cli->level = (int)v;
		g->level = 1;
		return 0;
	case OPT_PLAYERS:
		if (parse_long(arg, 2, 6, &v) != 0)
			return usage_error("--players %s: allowed: 2..6 (4 means two pairs)", arg);
		cli->report.players = (int)v;
		cli->sim.players = (int)v;
		g->players = 1;
		return 0;
	case OPT_SEED: {
		char *end;
		errno = 0;
		unsigned long long u = strtoull(arg, &end, 10);
		if (end == arg || *end || errno || arg[0] == '-')
			return usage_error("--seed %s: allowed: a whole number 0..18446744073709551615", arg);
		cli->sim.seed = u;
		g->seed = 1;
		return 0;
	}
	}
	return usage_error("internal: option %s", arg);
}

/* --strategy random,greedy,...: seat k plays the k-th, the list repeated. */
static int strategy_option(const char *arg, struct tp_cli *cli, struct given *g)
{
	int list[TP_SIM_MAX_SEATS], n = 0;
	const char *p = arg;
	for (;;) {
		size_t len = strcspn(p, ",");
		int found = -1;
		for (int k = 0; k < TP_STRATEGY_N; k++)
			if (strlen(tp_strategy_names[k]) == len && strncmp(p, tp_strategy_names[k], len) == 0)
				found = k;
		if (found < 0 || n == TP_SIM_MAX_SEATS)
			return usage_error("--strategy %s: allowed: random or greedy, comma-separated, one to six (one per seat, repeated)",
					   arg);
		list[n++] = found;
		if (p[len] == '\0')
			break;
		p += len + 1;
	}
	for (int s = 0; s < TP_SIM_MAX_SEATS; s++)
		cli->sim.strategy[s] = list[s % n];
	g->strategy = 1;
	return 0;
}

/* A TCP port: 0..65535, digits only.  0 or -1. */
static int port_arg(const char *a, unsigned *port)
{
	unsigned long v = 0;
	if (*a == '\0' || strlen(a) > 5)
		return -1;
	for (const char *p = a; *p; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		v = v * 10 + (unsigned long)(*p - '0');
	}
	if (v > 65535)
		return -1;
	*port = (unsigned)v;
	return 0;
}

/* One option from getopt_long: 0, -1 (help), -2 (version), or an exit code. */
static int one_option(int ch, char **argv, struct tp_cli *cli, struct listing *ls, struct given *g)
{
	switch (ch) {
	case 'c': cli->config = optarg; return 0;
	case 's':
		if (cli->n_sets == TP_MAX_SETS)
			return usage_error("more than %s --set options", "256");
		cli->sets[cli->n_sets++] = optarg;
		return 0;
	case 'q': cli->quiet = 1; return 0;
	case 'h': return -1;
	case 'V': return -2;
	case 'o':
		if (optarg[0] == '\0')
			return usage_error("-o '%s': empty; give the output folder, or leave -o out for output/NAME", optarg);
		cli->out_dir = optarg;
		return 0;
	case OPT_FORMAT:
		if (strcmp(optarg, "text") == 0)
			cli->report.fmt = TP_FMT_TEXT;
		else if (strcmp(optarg, "csv") == 0)
			cli->report.fmt = TP_FMT_CSV;
		else if (strcmp(optarg, "json") == 0)
			cli->report.fmt = TP_FMT_JSON;
		else
			return usage_error("--format %s: allowed: text, csv, json", optarg);
		cli->report.fmt_given = 1;
		return 0;
	case 'j':
	case OPT_GAMES:
	case OPT_SPARES:
	case OPT_LEVEL:
	case OPT_PLAYERS:
	case OPT_SEED:
		return number_option(ch, optarg, cli, g);
	case OPT_STRATEGY:
		return strategy_option(optarg, cli, g);
	case OPT_ONLY:
		if (optarg[0] == '\0')
			return usage_error("--only '%s': empty; give sheet names (tilepress --list sheets), or leave --only out for all", optarg);
		cli->only = optarg;
		return 0;
	case OPT_FORMATS: cli->formats = optarg; return 0;
	case OPT_LIST: ls->what = optarg; return 0;
	case OPT_GAME: ls->game = optarg; return 0;
	case OPT_CLEAN: cli->clean = 1; return 0;
	case OPT_FORCE: cli->force = 1; return 0;
	case OPT_WAIT: cli->wait = 1; return 0;
	case OPT_PRESS: cli->press = 1; return 0;
	case OPT_SERVE:
		cli->serve = 1;
		if (optarg && port_arg(optarg, &cli->serve_port) != 0)
			return usage_error("--serve=%s: allowed: a port 0..65535 (0: any free one)", optarg);
		return 0;
	case OPT_ACCEPT: cli->accept_preflight = 1; return 0;
	case OPT_PROFILE:
		if (cli->n_sets == TP_MAX_SETS || strlen(optarg) > 256)
			return usage_error("--profile %s: too long, or too many --set options", optarg);
		snprintf(cli->profile_set, sizeof cli->profile_set, "print.profile=%s", optarg);
		cli->sets[cli->n_sets++] = cli->profile_set;
		return 0;
	case ':':
		return usage_error("%s needs a value", argv[optind - 1]);
	default:
		if (optopt)
			return usage_error("unknown option -%c", (char[]){ (char)optopt, 0 });
		return usage_error("unknown option %s", argv[optind - 1]);
	}
}

/* Command options belong to their command; a stray one is a typo. */
static int check_command_options(const struct tp_cli *cli, const struct given *g, const char *cmd)
{
	int sim = cli->command == TP_CMD_SIMULATE;
	if (cli->report.fmt_given && cli->command != TP_CMD_PATTERN && cli->command != TP_CMD_MANIFEST &&
	    !sim)
		return usage_error("--format applies to pattern, manifest and simulate, not %s", cmd);
	if ((g->games || g->players) && cli->command != TP_CMD_MANIFEST && !sim)
		return usage_error("--games and --players apply to manifest and simulate, not %s", cmd);
	if (g->spares && cli->command != TP_CMD_MANIFEST)
		return usage_error("--spares applies to manifest, not %s", cmd);
	if (cli->press && cli->command != TP_CMD_MANIFEST)
		return usage_error("--press applies to manifest, not %s", cmd);
	if (cli->press && g->players)
		return usage_error("--press counts the press sheets of a run; --players deals one game's pieces: give one%s", "");
	if ((g->seed || g->strategy) && !sim)
		return usage_error("--seed and --strategy apply to simulate, not %s", cmd);
	int builds = cli->command == TP_CMD_BUILD || cli->command == TP_CMD_PACK;
	if ((cli->only || cli->clean || cli->force || cli->wait) && !builds)
		return usage_error("--only, --clean, --force and --wait apply to build and pack, not %s", cmd);
	if ((cli->out_dir || cli->formats || g->jobs) && !builds && cli->command != TP_CMD_WATCH)
		return usage_error("-o, --formats and --jobs apply to build, pack and watch, not %s", cmd);
	if (cli->serve && cli->command != TP_CMD_WATCH)
		return usage_error("--serve applies to watch, not %s", cmd);
	if (cli->accept_preflight && cli->command != TP_CMD_BUILD)
		return usage_error("--accept-preflight applies to build, not %s", cmd);
	if (g->level && (cli->command == TP_CMD_PATTERN || sim))
		return usage_error("--level does not apply to %s", cmd);
	return 0;
}

/* The whole command line into cli (and ls for --list): 0, -1 (help),
 * -2 (version), or an exit code after one message on stderr. */
static int parse_args(int argc, char **argv, struct tp_cli *cli, struct listing *ls)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "set", required_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "output", required_argument, NULL, 'o' },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "games", required_argument, NULL, OPT_GAMES },
		{ "spares", required_argument, NULL, OPT_SPARES },
		{ "only", required_argument, NULL, OPT_ONLY },
		{ "formats", required_argument, NULL, OPT_FORMATS },
		{ "level", required_argument, NULL, OPT_LEVEL },
		{ "jobs", required_argument, NULL, 'j' },
		{ "list", required_argument, NULL, OPT_LIST },
		{ "game", required_argument, NULL, OPT_GAME },
		{ "players", required_argument, NULL, OPT_PLAYERS },
		{ "clean", no_argument, NULL, OPT_CLEAN },
		{ "accept-preflight", no_argument, NULL, OPT_ACCEPT },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "strategy", required_argument, NULL, OPT_STRATEGY },
		{ "force", no_argument, NULL, OPT_FORCE },
		{ "wait", no_argument, NULL, OPT_WAIT },
		{ "serve", optional_argument, NULL, OPT_SERVE },
		{ "profile", required_argument, NULL, OPT_PROFILE },
		{ "press", no_argument, NULL, OPT_PRESS },
		{ NULL, 0, NULL, 0 },
	};
	struct given g = { 0 };
	int rc = refuse_stray_set_word(argc, argv);
	opterr = 0;
	int ch;
	while (rc == 0 && (ch = getopt_long(argc, argv, ":c:s:qhVo:j:", opts, NULL)) != -1)
		rc = one_option(ch, argv, cli, ls, &g);
	if (rc != 0)
		return rc;
	if (ls->what) {
		if (optind < argc)
			return usage_error("--list takes no command; got '%s'", argv[optind]);
		return 0;
	}
	if (ls->game)
		return usage_error("--game %s applies to --list; pick a config's game with -c or --set game.name=NAME", ls->game);
	if (optind >= argc)
		return usage_error("no command given%s; commands: check, pattern, manifest, build, simulate, watch, preflight, pack", "");
	/* watch --serve PORT: the port after the command (getopt moves it). */
	if (cli->serve && optind + 2 == argc && strcmp(argv[optind], "watch") == 0 &&
	    port_arg(argv[optind + 1], &cli->serve_port) == 0)
		argc--;
	/* preflight FILE.pdf: a PDF file to check instead of the config's sheets. */
	if (optind + 2 == argc &&
	    (strcmp(argv[optind], "preflight") == 0 || strcmp(argv[optind], "pack") == 0))
		cli->file = argv[optind + 1];
	else if (optind + 1 == argc && strcmp(argv[optind], "pack") == 0)
		return usage_error("pack needs a factory: pack FACTORY (tilepress --list factories)%s", "");
	else if (optind + 1 < argc)
		return usage_error("unexpected argument '%s' after the command", argv[optind + 1]);
	static const int cmds[] = { TP_CMD_CHECK, TP_CMD_PATTERN, TP_CMD_MANIFEST, TP_CMD_BUILD,
				    TP_CMD_SIMULATE, TP_CMD_WATCH, TP_CMD_PREFLIGHT, TP_CMD_PACK };
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (strcmp(argv[optind], command_names[i]) == 0)
			cli->command = cmds[i];
	if (cli->command == TP_CMD_NONE)
		return usage_error("unknown command '%s'; commands: check, pattern, manifest, build, simulate, watch, preflight, pack",
				   argv[optind]);
	return check_command_options(cli, &g, argv[optind]);
}

static void print_version(void)
{
	printf("tilepress %s\n", TP_VERSION);
	printf("cairo %s, libharu %s, libpng %s\n", cairo_version_string(), HPDF_VERSION_TEXT,
	       png_get_libpng_ver(NULL));
}

int main(int argc, char **argv)
{
	struct tp_cli cli = {
		.config = NULL,
		.serve_port = TP_SERVE_PORT,
		.report = { .fmt = TP_FMT_TEXT, .run = { 1, 0 } },
		.level = 1,
		.sim = { .games = 1000, .seed = 1, .strategy = { TP_STRATEGY_GREEDY, TP_STRATEGY_GREEDY,
								 TP_STRATEGY_GREEDY, TP_STRATEGY_GREEDY,
								 TP_STRATEGY_GREEDY, TP_STRATEGY_GREEDY } },
	};
	struct listing ls = { NULL, NULL };
	tp_data_set_argv0(argc > 0 ? argv[0] : "tilepress");
	int rc = parse_args(argc, argv, &cli, &ls);
	if (rc == -1) {
		fputs(usage_text, stdout);
		return fflush(stdout) == 0 ? 0 : 1;
	}
	if (rc == -2) {
		print_version();
		return fflush(stdout) == 0 ? 0 : 1;
	}
	if (rc != 0)
		return rc;
	tp_err e = { 0 };
	if (ls.what) {
		rc = tp_cmd_list(ls.what, ls.game, &cli, &e);
		if (rc != 0) {
			fprintf(stderr, "tilepress: %s\n", e.msg);
			return rc;
		}
		return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
	}
	tp_out_install_signals();
	switch (cli.command) {
	case TP_CMD_CHECK: rc = tp_cmd_check(&cli, &e); break;
	case TP_CMD_PATTERN: rc = tp_cmd_pattern(&cli, &e); break;
	case TP_CMD_MANIFEST: rc = tp_cmd_manifest(&cli, &e); break;
	case TP_CMD_BUILD: rc = tp_cmd_build(&cli, &e); break;
	case TP_CMD_SIMULATE: rc = tp_cmd_simulate(&cli, &e); break;
	case TP_CMD_WATCH: rc = tp_cmd_watch(&cli, &e); break;
	case TP_CMD_PREFLIGHT: rc = tp_cmd_preflight(&cli, &e); break;
	case TP_CMD_PACK: rc = tp_cmd_pack(&cli, &e); break;
	}
	/* Cairo and fontconfig keep font caches for the life of the process;
	 * release them so leak checkers see only our own memory. */
	tp_text_outline_release();
	if (!tp_text_layout_release()) {
		cairo_debug_reset_static_data();
		FcFini();
	}
	if (rc != 0) {
		fprintf(stderr, "tilepress: %s\n", e.msg[0] ? e.msg : "failed");
		return rc;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "tilepress: standard output: write failed: %s\n", strerror(errno));
		return TP_EIO;
	}
	return 0;
}
