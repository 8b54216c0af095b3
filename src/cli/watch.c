/* tilepress watch: the designer's loop.  Builds the set once at a proof
 * resolution, then waits (inotify) for a save of the config or of any file
 * the config load read (indicia templates, shapes files, ICC profiles:
 * core/inputs.h) and rebuilds only the sheets whose layout changed; the
 * manifest, the contact sheet and index.html follow every rebuild.  An
 * edit that does not check leaves every file as it was and says why; the
 * next good save rebuilds against the last good set.  Runs until a signal
 * (Ctrl-C) ends it. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/build/input_watch.h"
#include "app/build/pipeline.h"
#include "app/session.h"
#include "cli/cli.h"
#include "core/alloc.h"
#include "core/inputs.h"

/* The proof resolution, unless --set print.dpi says otherwise. */
#define TP_WATCH_DPI "print.dpi=72"

/* Per sheet, the digest of its layout (app/build/pipeline.h:
 * tp_build_digests).  Loads the config (noting its inputs); TP_OK, or the
 * load's error. */
static int digests(const struct tp_cli *cli, char (**out)[65], const struct tp_game **game, tp_err *e)
{
	struct tp_session s;
	tp_inputs_reset();
	int rc = tp_cli_session_open(&s, cli, e);
	if (rc != TP_OK)
		return rc;
	const struct tp_game *g = s.game;
	char (*d)[65] = tp_calloc(g->n_sheets + 1, sizeof *d);
	if (d == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory");
	if (rc == TP_OK)
		rc = tp_build_digests(&s, d, e);
	*game = g;
	tp_session_close(&s);
	if (rc != TP_OK) {
		free(d);
		d = NULL;
	}
	*out = d;
	return rc;
}

/* Builds the sheets that differ between old (NULL: all) and now. */
static int rebuild(const struct tp_cli *cli, const struct tp_game *g, char (*old)[65],
		   char (*now)[65], const char *why, tp_err *e)
{
	struct tp_buf only = { 0 };
	size_t n = 0;
	tp_buf_printf(&only, "manifest,proof");
	for (size_t i = 0; i < g->n_sheets; i++)
		if (now[i][0] && (old == NULL || strcmp(old[i], now[i]) != 0)) {
			tp_buf_printf(&only, ",%s", g->sheets[i].name);
			n++;
		}
	if (only.oom) {
		tp_buf_free(&only);
		return tp_fail(e, TP_EIO, "out of memory");
	}
	struct tp_cli b = *cli;
	b.command = TP_CMD_BUILD;
	b.quiet = 1;
	b.only = old ? only.s : NULL;
	int rc = tp_cmd_build(&b, e);
	if (rc == TP_OK) {
		printf("tilepress: watch: %s: %s %zu sheet%s%s%s\n", why, old ? "rebuilt" : "built", n,
		       n == 1 ? "" : "s", n ? ": " : "", n ? strchr(only.s + 9, ',') + 1 : "");
		fflush(stdout);
	}
	tp_buf_free(&only);
	return rc;
}

int tp_cmd_watch(const struct tp_cli *cli, tp_err *e)
{
	struct tp_cli c = *cli;
	int dpi_given = 0;
	for (int i = 0; i < c.n_sets; i++)
		dpi_given |= strncmp(c.sets[i], "print.dpi", 9) == 0;
	if (!dpi_given && c.n_sets < TP_MAX_SETS)
		c.sets[c.n_sets++] = TP_WATCH_DPI;
	struct tp_input_watch *w = tp_input_watch_open(e);
	if (w == NULL)
		return TP_EIO;
	const struct tp_game *g = NULL;
	char (*good)[65] = NULL;   /* the digests of the last good set */
	const char *why = "start";
	int rc = TP_OK;
	for (;;) {
		char (*now)[65] = NULL;
		tp_err err = { 0 };
		int r = digests(&c, &now, &g, &err);
		tp_input_watch_add(w);
		if (r == TP_OK)
			r = rebuild(&c, g, good, now, why, &err);
		if (r == TP_OK) {
			free(good);
			good = now;
		} else {
			free(now);
			fprintf(stderr, "tilepress: %s\n", err.msg);
			fprintf(stderr, "tilepress: watch: %s; the folder keeps the last good set\n",
				good ? "not rebuilt" : "nothing built yet");
			if (r == TP_EIO && good == NULL && tp_input_watch_folders(w) == 0) {
				*e = err;
				rc = r;
				break;
			}
		}
		if (tp_input_watch_folders(w) == 0) {
			rc = tp_fail(e, TP_EIO, "watch: no folder to watch (inotify: %s)", strerror(errno));
			break;
		}
		const char *what = NULL;
		int hit = tp_input_watch_wait(w, &what);
		if (!hit) {
			rc = tp_fail(e, TP_EIO, "watch: waiting for changes: %s", strerror(errno));
			break;
		}
		why = what;
	}
	free(good);
	tp_input_watch_close(w);
	return rc;
}
