#ifndef TP_TU_BUILD_H
#define TP_TU_BUILD_H

/* Building a print set in-process, as `tilepress build` would, for the
 * suites that then read the files back (tu_files.h, tu_paths.h).  The
 * suite's output folder is testutil.h's tu_tmp (group fixture
 * tu_setup_tmp / tu_teardown_tmp); a test may point tu_tmp at a fresh
 * folder of its own and put the old one back when it is done. */

#include "testutil.h"

#include <math.h>

#include "app/config_load.h"
#include "cli/cli.h"
#include "games/config.h"
#include "print/scene/scene.h"

/* Runs `tilepress build` in-process: the config at `config`, each of
 * sets[0..n-1] as a --set, `only` and `formats` as --only and --formats
 * (NULL: the config's), `level` as --level (0: 1), into dir; quiet, one
 * job, one game.  Returns tp_cmd_build's exit code; *e is cleared first
 * and receives its error. */
static inline int tu_build_e(const char *dir, const char *config, const char *const *sets, int n,
			     const char *only, const char *formats, int level, tp_err *e)
{
	struct tp_cli cli = { 0 };
	cli.command = TP_CMD_BUILD;
	cli.config = config;
	for (int i = 0; i < n; i++)
		cli.sets[cli.n_sets++] = sets[i];
	cli.quiet = 1;
	cli.report.run.games = 1;
	cli.out_dir = dir;
	cli.only = only;
	cli.formats = formats;
	cli.level = level ? level : 1;
	cli.jobs = 1;
	memset(e, 0, sizeof *e);
	return tp_cmd_build(&cli, e);
}

/* tu_build_e, printing the error ("build: ...") when the build fails. */
static inline int tu_build(const char *dir, const char *config, const char *const *sets, int n,
			   const char *only, const char *formats, int level)
{
	tp_err e;
	int rc = tu_build_e(dir, config, sets, n, only, formats, level, &e);
	if (rc != 0)
		print_error("build: %s\n", e.msg);
	return rc;
}

/* The path of name in the output folder tu_tmp; static, four at a time. */
static inline const char *tu_out(const char *name)
{
	static char buf[4][1200];
	static int i;
	i = (i + 1) % 4;
	snprintf(buf[i], sizeof buf[i], "%s/%s", tu_tmp, name);
	return buf[i];
}

/* For a test that builds into a folder of its own: tu_tmp becomes a
 * fresh empty folder, and the suite's is returned, to be handed to
 * tu_tmp_pop, which removes the fresh one and makes it tu_tmp again. */
static inline char *tu_tmp_push(void)
{
	char *saved = tu_tmp;
	tu_tmp = tu_tmpdir();
	return saved;
}

static inline void tu_tmp_pop(char *saved)
{
	tu_rmrf(tu_tmp);
	tu_tmp = saved;
}

/* The config at path with sets[0..n-1] applied, loaded as the build loads
 * it; the test fails with the loader's message when it does not load.
 * The caller frees it with tp_config_free. */
static inline struct tp_config *tu_config(const char *path, const char *const *sets, int n)
{
	struct tp_config *c = NULL;
	tp_err e = { 0 };
	if (tp_config_load(&c, path, sets, n, &tp_games, &e) != TP_OK)
		fail_msg("config: %s", e.msg);
	return c;
}

/* The 8-bit RGB a PNG shows for ink `ink` of c's palette: each channel of
 * the ink's rgb, times 255, rounded. */
static inline void tu_ink_rgb(const struct tp_config *c, int ink, unsigned char rgb[3])
{
	const struct tp_ink *k = tp_palette_ink(&c->print.inks, ink);
	for (int i = 0; i < 3; i++)
		rgb[i] = (unsigned char)lround(k->rgb[i] * 255);
}

#endif
