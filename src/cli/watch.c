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
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "app/build/pipeline.h"
#include "app/session.h"
#include "cli/cli.h"
#include "core/alloc.h"
#include "core/inputs.h"

/* The proof resolution, unless --set print.dpi says otherwise. */
#define TP_WATCH_DPI "print.dpi=72"
/* Editors save in bursts (write, rename, chmod): wait this long for quiet. */
#define TP_WATCH_SETTLE_MS 150
#define TP_WATCH_DIRS 64

struct watch {
	int fd;                       /* inotify */
	int wd[TP_WATCH_DIRS];
	char dir[TP_WATCH_DIRS][PATH_MAX];
	size_t n_dirs;
	char files[TP_INPUTS_MAX * 2][PATH_MAX];  /* every input seen, by full path */
	size_t n_files;
};

/* The folder of path and its last component. */
static void split_path(const char *path, char *dir, size_t n, const char **base)
{
	const char *slash = strrchr(path, '/');
	if (slash == NULL) {
		snprintf(dir, n, ".");
		*base = path;
	} else {
		snprintf(dir, n, "%.*s", slash == path ? 1 : (int)(slash - path), path);
		*base = slash + 1;
	}
}

/* Watches the folders of every input the last load noted. */
static void watch_inputs(struct watch *w)
{
	for (size_t i = 0; i < tp_inputs_count(); i++) {
		const char *p = tp_inputs_get(i);
		int known = 0;
		for (size_t k = 0; k < w->n_files && !known; k++)
			known = strcmp(w->files[k], p) == 0;
		if (!known && w->n_files < sizeof w->files / sizeof w->files[0])
			snprintf(w->files[w->n_files++], PATH_MAX, "%s", p);
		char dir[PATH_MAX];
		const char *base;
		split_path(p, dir, sizeof dir, &base);
		known = 0;
		for (size_t k = 0; k < w->n_dirs && !known; k++)
			known = strcmp(w->dir[k], dir) == 0;
		if (known || w->n_dirs == TP_WATCH_DIRS)
			continue;
		int wd = inotify_add_watch(w->fd, dir, IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE);
		if (wd < 0)
			continue;   /* a folder that is not there yet: the config names it wrong */
		w->wd[w->n_dirs] = wd;
		snprintf(w->dir[w->n_dirs++], PATH_MAX, "%s", dir);
	}
}

/* Whether an event in watch descriptor wd on name touches an input. */
static const char *touched(const struct watch *w, int wd, const char *name)
{
	for (size_t d = 0; d < w->n_dirs; d++) {
		if (w->wd[d] != wd)
			continue;
		for (size_t k = 0; k < w->n_files; k++) {
			char dir[PATH_MAX];
			const char *base;
			split_path(w->files[k], dir, sizeof dir, &base);
			if (strcmp(dir, w->dir[d]) == 0 && strcmp(base, name) == 0)
				return w->files[k];
		}
	}
	return NULL;
}

/* Reads the pending events; the first input they touch into *what.
 * 1 when one did, 0 when none, -1 on a read error. */
static int drain(const struct watch *w, const char **what)
{
	char buf[8192] __attribute__((aligned(__alignof__(struct inotify_event))));
	int hit = 0;
	for (;;) {
		ssize_t n = read(w->fd, buf, sizeof buf);
		if (n < 0)
			return errno == EAGAIN ? hit : -1;
		for (char *p = buf; p < buf + n;) {
			const struct inotify_event *ev = (const struct inotify_event *)p;
			const char *f = ev->len ? touched(w, ev->wd, ev->name) : NULL;
			if (f && !hit) {
				*what = f;
				hit = 1;
			}
			p += sizeof *ev + ev->len;
		}
	}
}

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
	struct watch *w = tp_calloc(1, sizeof *w);
	if (w == NULL)
		return tp_fail(e, TP_EIO, "out of memory");
	w->fd = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
	if (w->fd < 0) {
		free(w);
		return tp_fail(e, TP_EIO, "watch: inotify: %s", strerror(errno));
	}
	const struct tp_game *g = NULL;
	char (*good)[65] = NULL;   /* the digests of the last good set */
	const char *why = "start";
	int rc = TP_OK;
	for (;;) {
		char (*now)[65] = NULL;
		tp_err err = { 0 };
		int r = digests(&c, &now, &g, &err);
		watch_inputs(w);
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
			if (r == TP_EIO && good == NULL && w->n_dirs == 0) {
				*e = err;
				rc = r;
				break;
			}
		}
		if (w->n_dirs == 0) {
			rc = tp_fail(e, TP_EIO, "watch: no folder to watch (inotify: %s)", strerror(errno));
			break;
		}
		/* Wait for a save, then for the burst to settle. */
		const char *what = NULL;
		struct pollfd p = { w->fd, POLLIN, 0 };
		int hit = 0;
		while (!hit) {
			if (poll(&p, 1, -1) < 0 && errno != EINTR)
				break;
			hit = drain(w, &what) == 1;
		}
		while (poll(&p, 1, TP_WATCH_SETTLE_MS) > 0)
			drain(w, &what);
		if (!hit) {
			rc = tp_fail(e, TP_EIO, "watch: waiting for changes: %s", strerror(errno));
			break;
		}
		why = what;
	}
	free(good);
	close(w->fd);
	free(w);
	return rc;
}
