/* tilepress watch: the designer's loop.  Builds the set once at a proof
 * resolution, then waits (inotify) for a save of the config or of any file
 * the config load read (indicia templates, shapes files, ICC profiles:
 * core/inputs.h) and rebuilds only the sheets whose layout changed; the
 * manifest, the contact sheet and index.html follow every rebuild.  An
 * edit that does not check leaves every file as it was and says why; the
 * next good save rebuilds against the last good set.  Runs until a signal
 * (Ctrl-C) ends it. */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/build/input_watch.h"
#include "app/build/pipeline.h"
#include "app/build/preview.h"
#include "app/session.h"
#include "cli/cli.h"
#include "app/serve/serve.h"
#include "core/alloc.h"
#include "core/inputs.h"

/* The proof resolution, unless --set print.dpi says otherwise. */
#define TP_WATCH_DPI "print.dpi=72"
/* Where in the output folder the watch's proofs go. */
#define TP_WATCH_FOLDER "watch"

/* Per sheet, the digest of its layout (app/build/pipeline.h:
 * tp_build_digests).  Loads the config (noting its inputs); TP_OK, or the
 * load's error. */
static int digests(const struct tp_cli *cli, char (**out)[65], const struct tp_game **game,
		   char *watch_dir, size_t n_dir, tp_err *e)
{
	struct tp_session s;
	tp_inputs_reset();
	int rc = tp_cli_session_open(&s, cli, e);
	if (rc != TP_OK)
		return rc;
	/* The proofs go to DIR/watch, DIR the folder a build of this config
	 * writes: never over the press set there (print.dpi 300 replaced by
	 * 72 dpi proofs without a word). */
	if (watch_dir[0] == '\0') {
		char dir[PATH_MAX];
		tp_session_out_dir(cli->out_dir, s.cfg, dir, sizeof dir);
		snprintf(watch_dir, n_dir, "%s/%s", dir, TP_WATCH_FOLDER);
	}
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
	static char watch_dir[PATH_MAX + 16];
	watch_dir[0] = '\0';
	/* What the page of the folder says it shows. */
	tp_preview_set_note("Proofs of <code>tilepress watch</code>: a quick look at the design, "
			    "not the press set (that is the folder above, made by <code>tilepress build</code>).");
	const char *why = "start";
	int rc = TP_OK;
	struct tp_serve *srv = NULL;
	for (;;) {
		char (*now)[65] = NULL;
		tp_err err = { 0 };
		int r = digests(&c, &now, &g, watch_dir, sizeof watch_dir, &err);
		if (watch_dir[0])
			c.out_dir = watch_dir;
		tp_input_watch_add(w);
		if (r == TP_OK)
			r = rebuild(&c, g, good, now, why, &err);
		if (r == TP_OK) {
			free(good);
			good = now;
			tp_serve_notify(srv);   /* the pages listening reload */
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
		/* --serve: once the folder exists, on 127.0.0.1 only. */
		if (c.serve && srv == NULL && good != NULL) {
			rc = tp_serve_start(&srv, watch_dir, c.serve_port, e);
			if (rc != TP_OK)
				break;
			printf("tilepress: watch: serving %s at http://127.0.0.1:%u/\n", watch_dir,
			       tp_serve_port(srv));
			fflush(stdout);
		}
		const char *what = NULL;
		int hit = tp_input_watch_wait(w, &what);
		if (!hit) {
			rc = tp_fail(e, TP_EIO, "watch: waiting for changes: %s", strerror(errno));
			break;
		}
		why = what;
	}
	tp_serve_stop(srv);
	free(good);
	tp_input_watch_close(w);
	return rc;
}
