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

#include "cli.h"
#include "datadir.h"
#include "outfile.h"

static const char usage_text[] =
	"usage: tilepress [options] COMMAND [command options]\n"
	"\n"
	"commands:\n"
	"  check                    validate the config, templates and anchors; print a summary\n"
	"  pattern                  the derived tile for every board square\n"
	"  manifest                 tile counts by front and back (the patent's Table I)\n"
	"  build                    write the print set: manifest and artwork\n"
	"\n"
	"options (before or after the command):\n"
	"  -c, --config FILE        config file (default config/series.ini)\n"
	"  -s, --set SEC.KEY=VALUE  override a config key; repeatable\n"
	"  -q, --quiet              no progress line, build summary or check warnings\n"
	"  -h, --help               this text\n"
	"  -V, --version            version and library versions\n"
	"  --format text|csv|json   pattern: text|csv; manifest: text|csv|json\n"
	"  --games N                manifest: counts for N games\n"
	"  --spares PCT             manifest: PCT % spares per tile kind, rounded up\n"
	"  -o, --output DIR         build: output folder (default output/series)\n"
	"  --only NAME[,NAME]       build: only these sheets (manifest, fronts, backs,\n"
	"                           spanning-set, board, board-half-1, board-half-2,\n"
	"                           board-pieces, cut, templates, emboss-fronts,\n"
	"                           emboss-backs, board-recess)\n"
	"  --formats LIST           build: comma list of pdf, png, svg (overrides print.formats)\n"
	"  -j, --jobs N             build: worker processes (default: one per core); the files\n"
	"                           are the same bytes for any N\n"
	"  --level N                board pieces as tiles N-1 levels up ([0086]); lengths x 6^(N-1)\n"
	"\n"
	"exit status: 0 ok, 1 I/O failure, 2 bad input.  See README.md and tilepress(1).\n";

enum { OPT_FORMAT = 256, OPT_GAMES, OPT_SPARES, OPT_ONLY, OPT_FORMATS, OPT_LEVEL };

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

static int parse_args(int argc, char **argv, struct tp_cli *cli)
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
		{ NULL, 0, NULL, 0 },
	};
	int games_given = 0, spares_given = 0, level_given = 0, jobs_given = 0;
	opterr = 0;
	int ch;
	while ((ch = getopt_long(argc, argv, ":c:s:qhVo:j:", opts, NULL)) != -1) {
		long v;
		switch (ch) {
		case 'c': cli->config = optarg; break;
		case 's':
			if (cli->n_sets == TP_MAX_SETS)
				return usage_error("more than %s --set options", "256");
			cli->sets[cli->n_sets++] = optarg;
			break;
		case 'q': cli->quiet = 1; break;
		case 'h': return -1;
		case 'V': return -2;
		case 'o': cli->out_dir = optarg; break;
		case 'j':
			if (parse_long(optarg, 1, 8, &v) != 0)
				return usage_error("--jobs %s: allowed: 1..8 worker processes", optarg);
			cli->jobs = (int)v;
			jobs_given = 1;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "text") == 0)
				cli->format = TP_FMT_TEXT;
			else if (strcmp(optarg, "csv") == 0)
				cli->format = TP_FMT_CSV;
			else if (strcmp(optarg, "json") == 0)
				cli->format = TP_FMT_JSON;
			else
				return usage_error("--format %s: allowed: text, csv, json", optarg);
			cli->format_given = 1;
			break;
		case OPT_GAMES:
			if (parse_long(optarg, 1, 100000, &v) != 0)
				return usage_error("--games %s: allowed: a whole number 1..100000", optarg);
			cli->run.games = (int)v;
			games_given = 1;
			break;
		case OPT_SPARES: {
			char *end;
			errno = 0;
			double d = strtod(optarg, &end);
			if (end == optarg || *end || errno || !(d >= 0 && d <= 1000))
				return usage_error("--spares %s: allowed: a percentage 0..1000", optarg);
			cli->run.spares_pct = d;
			spares_given = 1;
			break;
		}
		case OPT_ONLY: cli->only = optarg; break;
		case OPT_FORMATS: cli->formats = optarg; break;
		case OPT_LEVEL:
			if (parse_long(optarg, 1, 6, &v) != 0)
				return usage_error("--level %s: allowed: 1..6", optarg);
			cli->level = (int)v;
			level_given = 1;
			break;
		case ':':
			return usage_error("%s needs a value", argv[optind - 1]);
		default:
			if (optopt)
				return usage_error("unknown option -%c", (char[]){ (char)optopt, 0 });
			return usage_error("unknown option %s", argv[optind - 1]);
		}
	}
	if (optind >= argc)
		return usage_error("no command given%s; commands: check, pattern, manifest, build", "");
	if (optind + 1 < argc)
		return usage_error("unexpected argument '%s' after the command", argv[optind + 1]);
	static const struct { const char *name; int cmd; } cmds[] = {
		{ "check", TP_CMD_CHECK }, { "pattern", TP_CMD_PATTERN },
		{ "manifest", TP_CMD_MANIFEST }, { "build", TP_CMD_BUILD },
	};
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (strcmp(argv[optind], cmds[i].name) == 0)
			cli->command = cmds[i].cmd;
	if (cli->command == TP_CMD_NONE)
		return usage_error("unknown command '%s'; commands: check, pattern, manifest, build",
				   argv[optind]);
	/* Command options belong to their command; a stray one is a typo. */
	if (cli->format_given && cli->command != TP_CMD_PATTERN && cli->command != TP_CMD_MANIFEST)
		return usage_error("--format applies to pattern and manifest, not %s", argv[optind]);
	if (cli->format_given && cli->command == TP_CMD_PATTERN && cli->format == TP_FMT_JSON)
		return usage_error("--format json: pattern writes %s", "text or csv");
	if ((games_given || spares_given) && cli->command != TP_CMD_MANIFEST)
		return usage_error("--games and --spares apply to manifest, not %s", argv[optind]);
	if ((cli->out_dir || cli->only || cli->formats || jobs_given) && cli->command != TP_CMD_BUILD)
		return usage_error("-o, --only, --formats and --jobs apply to build, not %s", argv[optind]);
	if (level_given && cli->command == TP_CMD_PATTERN)
		return usage_error("--level does not apply to %s", argv[optind]);
	return 0;
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
		.format = TP_FMT_TEXT,
		.run = { 1, 0 },
		.level = 1,
	};
	tp_data_set_argv0(argc > 0 ? argv[0] : "tilepress");
	int rc = parse_args(argc, argv, &cli);
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
	tp_out_install_signals();
	tp_err e = { 0 };
	switch (cli.command) {
	case TP_CMD_CHECK: rc = tp_cmd_check(&cli, &e); break;
	case TP_CMD_PATTERN: rc = tp_cmd_pattern(&cli, &e); break;
	case TP_CMD_MANIFEST: rc = tp_cmd_manifest(&cli, &e); break;
	case TP_CMD_BUILD: rc = tp_cmd_build(&cli, &e); break;
	}
	/* Cairo and fontconfig keep font caches for the life of the process;
	 * release them so leak checkers see only our own memory. */
	cairo_debug_reset_static_data();
	FcFini();
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
