/* The inputs of a config, watched (input_watch.h): inotify on the folder
 * of every file the last config load read. */

#include "app/build/input_watch.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/inputs.h"
#include "core/trace.h"

/* Editors save in bursts (write, rename, chmod): wait this long for quiet. */
#define TP_WATCH_SETTLE_MS 150
/* A watched folder replaced or removed: look for it again this often. */
#define TP_WATCH_RETRY_MS 200
/* What a folder's watch asks for: saves in it, and its own end (it was
 * moved, removed or replaced), after which the watch is re-added. */
#define TP_WATCH_MASK (IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
#define TP_WATCH_DIRS 64

struct tp_input_watch {
	int fd;                       /* inotify */
	int wd[TP_WATCH_DIRS];        /* -1: the folder went; looked for again */
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

/* Notes the input p (and, for a symbolic link, the file it points to:
 * an edit of the target is an edit of the input) and watches its folder. */
static void watch_path(struct tp_input_watch *w, const char *p, int depth)
{
	{
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
		if (!known && w->n_dirs < TP_WATCH_DIRS) {
			int wd = inotify_add_watch(w->fd, dir, TP_WATCH_MASK);
			/* a folder that is not there: the config names it wrong */
			if (wd >= 0) {
				w->wd[w->n_dirs] = wd;
				snprintf(w->dir[w->n_dirs++], PATH_MAX, "%s", dir);
			}
		}
	}
	char target[PATH_MAX];
	struct stat st;
	if (depth < 8 && lstat(p, &st) == 0 && S_ISLNK(st.st_mode) && realpath(p, target) &&
	    strcmp(target, p) != 0)
		watch_path(w, target, depth + 1);
}

/* Watches the folders of every input the last load noted. */
static void watch_inputs(struct tp_input_watch *w)
{
	for (size_t i = 0; i < tp_inputs_count(); i++)
		watch_path(w, tp_inputs_get(i), 0);
}

/* Looks again for the folders whose watch ended (moved, removed or
 * replaced): 1 when one is back (a new folder of that name: what is in
 * it now is the input). */
static int rewatch(struct tp_input_watch *w)
{
	int back = 0;
	for (size_t d = 0; d < w->n_dirs; d++)
		if (w->wd[d] < 0 && (w->wd[d] = inotify_add_watch(w->fd, w->dir[d], TP_WATCH_MASK)) >= 0)
			back = 1;
	return back;
}

static int lost(const struct tp_input_watch *w)
{
	for (size_t d = 0; d < w->n_dirs; d++)
		if (w->wd[d] < 0)
			return 1;
	return 0;
}

/* Whether an event in watch descriptor wd on name touches an input. */
static const char *touched(const struct tp_input_watch *w, int wd, const char *name)
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
 * A folder whose watch ends (moved, removed: IN_MOVE_SELF, IN_DELETE_SELF,
 * IN_IGNORED) is dropped, to be looked for again (rewatch).  1 when an
 * input was touched, 0 when none, -1 on a read error. */
static int drain(struct tp_input_watch *w, const char **what)
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
			if (ev->mask & (IN_MOVE_SELF | IN_DELETE_SELF | IN_IGNORED))
				for (size_t d = 0; d < w->n_dirs; d++)
					if (w->wd[d] == ev->wd) {
						/* The old folder (moved away) is
						 * not the input any more. */
						if (!(ev->mask & IN_IGNORED))
							inotify_rm_watch(w->fd, ev->wd);
						w->wd[d] = -1;
					}
			if (f && !hit) {
				*what = f;
				hit = 1;
			}
			p += sizeof *ev + ev->len;
		}
	}
}

struct tp_input_watch *tp_input_watch_open(tp_err *e)
{
	struct tp_input_watch *w = tp_calloc(1, sizeof *w);
	if (w == NULL) {
		tp_fail(e, TP_EIO, "out of memory");
		return NULL;
	}
	w->fd = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
	if (w->fd < 0) {
		free(w);
		tp_fail(e, TP_EIO, "watch: inotify: %s", strerror(errno));
		return NULL;
	}
	return w;
}

void tp_input_watch_add(struct tp_input_watch *w)
{
	watch_inputs(w);
}

size_t tp_input_watch_folders(const struct tp_input_watch *w)
{
	return w->n_dirs;
}

int tp_input_watch_wait(struct tp_input_watch *w, const char **what, struct tp_trace *saved)
{
	/* Wait for a save, then for the burst to settle. */
	struct pollfd p = { w->fd, POLLIN, 0 };
	int hit = 0;
	while (!hit) {
		int ready = poll(&p, 1, lost(w) ? TP_WATCH_RETRY_MS : -1);
		if (ready < 0 && errno != EINTR)
			break;
		hit = ready > 0 && drain(w, what) == 1;
		/* The save, as its first event tells it (a trace's start). */
		if (hit)
			tp_trace_start(saved);
		if (!hit && rewatch(w)) {
			tp_trace_start(saved);
			hit = 1;
			*what = "a watched folder was replaced";
		}
	}
	while (poll(&p, 1, TP_WATCH_SETTLE_MS) > 0)
		drain(w, what);
	return hit;
}

void tp_input_watch_close(struct tp_input_watch *w)
{
	if (w == NULL)
		return;
	close(w->fd);
	free(w);
}
