#include "print/output/outdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "core/trace.h"
#include "print/output/outfile.h"

/* Folders nest this deep at most in a staging folder (manifest/ is 1). */
#define MAX_DEPTH 8

/* In a staging folder: the moves into place have begun. */
#define COMMIT_MARK ".moving"

/* Splits rel into components in buf (NUL-separated); the count, or -1
 * when a component is empty, "." or "..", or rel is absolute. */
static int split(const char *rel, char *buf, size_t size, const char **parts, int max)
{
	if ((size_t)snprintf(buf, size, "%s", rel) >= size || buf[0] == '\0' || buf[0] == '/')
		return -1;
	int n = 0;
	for (char *p = buf;;) {
		char *slash = strchr(p, '/');
		if (slash)
			*slash = '\0';
		if (*p == '\0' || strcmp(p, ".") == 0 || strcmp(p, "..") == 0 || n == max)
			return -1;
		parts[n++] = p;
		if (slash == NULL)
			return n;
		p = slash + 1;
	}
}

/* Opens parts[0..n-2] below dirfd as folders, never through a symbolic
 * link; create: make missing ones.  A descriptor, or -1 with errno. */
static int walk_dirs(int dirfd, const char **parts, int n, int create)
{
	int cur = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
	for (int i = 0; cur >= 0 && i < n - 1; i++) {
		if (create && mkdirat(cur, parts[i], 0777) != 0 && errno != EEXIST) {
			int err = errno;
			close(cur);
			errno = err;
			return -1;
		}
		int next = openat(cur, parts[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		int err = errno;
		close(cur);
		errno = err;
		cur = next;
	}
	return cur;
}

int tp_safe_open(int dirfd, const char *rel, struct stat *st, int *parent, const char **leaf)
{
	static char buf[PATH_MAX];   /* *leaf points into it */
	const char *parts[64];
	int n = split(rel, buf, sizeof buf, parts, 64);
	if (n < 0) {
		errno = EINVAL;
		return -1;
	}
	int dir = walk_dirs(dirfd, parts, n, 0);
	if (dir < 0)
		return -1;
	/* Look before opening: a device is not even opened. */
	if (fstatat(dir, parts[n - 1], st, AT_SYMLINK_NOFOLLOW) != 0) {
		int err = errno;
		close(dir);
		errno = err;
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		close(dir);
		errno = S_ISLNK(st->st_mode) ? ELOOP : 0;
		return S_ISLNK(st->st_mode) ? -1 : -2;
	}
	int fd = openat(dir, parts[n - 1], O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat now;
	if (fd >= 0 && (fstat(fd, &now) != 0 || !S_ISREG(now.st_mode) || now.st_ino != st->st_ino)) {
		close(fd);
		fd = -1;
		errno = EAGAIN;   /* replaced between the look and the open */
	}
	if (fd >= 0 && parent) {
		*parent = dir;
		*leaf = parts[n - 1];
	} else {
		int err = errno;
		close(dir);
		errno = err;
	}
	if (fd >= 0)
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

int tp_safe_kind(int dirfd, const char *rel)
{
	struct stat st;
	errno = 0;
	int fd = tp_safe_open(dirfd, rel, &st, NULL, NULL);
	if (fd >= 0) {
		close(fd);
		return 1;
	}
	if (fd == -2 || errno == ELOOP || errno == ENOTDIR)
		return 2;
	return errno == ENOENT ? 0 : -1;
}

/* Removes the folder name under dirfd and everything in it, following no
 * symbolic link (a link is removed, not what it points to). */
static void remove_tree(int dirfd, const char *name, int depth)
{
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
	if (dp == NULL) {
		if (fd >= 0)
			close(fd);
		unlinkat(dirfd, name, 0);
		return;
	}
	struct dirent *de;
	while ((de = readdir(dp)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		struct stat st;
		if (fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode)) {
			if (depth < MAX_DEPTH)
				remove_tree(fd, de->d_name, depth + 1);
		} else {
			unlinkat(fd, de->d_name, 0);
		}
	}
	closedir(dp);
	unlinkat(dirfd, name, AT_REMOVEDIR);
}

/* Moves staging file rel into place.  0, or -1 with errno. */
static int move_one(int stagefd, int outfd, const char *rel)
{
	char buf[PATH_MAX];
	const char *parts[64];
	int n = split(rel, buf, sizeof buf, parts, 64);
	if (n < 0) {
		errno = EINVAL;
		return -1;
	}
	int from = walk_dirs(stagefd, parts, n, 0);
	int to = from >= 0 ? walk_dirs(outfd, parts, n, 1) : -1;
	int rc = to >= 0 ? renameat(from, parts[n - 1], to, parts[n - 1]) : -1;
	int err = errno;
	if (from >= 0)
		close(from);
	if (to >= 0)
		close(to);
	errno = err;
	return rc;
}

/* Moves every regular file under the staging folder (dot files, i.e.
 * temporary files, aside) into place: the roll-forward of a build that
 * died while moving its files.  The record goes last, by the caller. */
static void move_tree(int stagefd, int outfd, const char *rel, const char *record, int depth)
{
	int fd = rel[0] ? openat(stagefd, rel, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
			: fcntl(stagefd, F_DUPFD_CLOEXEC, 0);
	DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
	if (dp == NULL) {
		if (fd >= 0)
			close(fd);
		return;
	}
	struct dirent *de;
	while ((de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		char sub[PATH_MAX];
		snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", de->d_name);
		struct stat st;
		if (fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (S_ISDIR(st.st_mode) && depth < MAX_DEPTH)
			move_tree(stagefd, outfd, sub, record, depth + 1);
		else if (S_ISREG(st.st_mode) && strcmp(sub, record) != 0)
			move_one(stagefd, outfd, sub);
	}
	closedir(dp);
}

/* The pid in a staging folder's name, or 0 when it is not one. */
static long stage_pid(const char *name)
{
	size_t k = strlen(TP_STAGE_PREFIX);
	if (strncmp(name, TP_STAGE_PREFIX, k) != 0)
		return 0;
	char *end;
	long pid = strtol(name + k, &end, 10);
	return *end == '\0' && pid > 0 ? pid : 0;
}

static int running(long pid)
{
	return pid != (long)getpid() && (kill((pid_t)pid, 0) == 0 || errno == EPERM);
}

int tp_outdir_sweep(struct tp_outdir *d, const char *record, struct tp_buf *report, tp_err *e)
{
	int fd = fcntl(d->fd, F_DUPFD_CLOEXEC, 0);
	DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
	if (dp == NULL) {
		if (fd >= 0)
			close(fd);
		return tp_fail(e, TP_EIO, "%s: cannot list the folder: %s", d->path, strerror(errno));
	}
	struct dirent *de;
	while ((de = readdir(dp)) != NULL) {
		/* Every build holds the folder's lock from before it stages to
		 * after its commit, and the caller holds it now: so no staging
		 * folder here is a live build's, whatever its pid. (Asking
		 * whether the pid runs was wrong once pids wrap: a reused pid
		 * kept a dead build's half-moved set until a later build, which
		 * would then have moved it over the newer one.) */
		long pid = stage_pid(de->d_name);
		if (pid == 0)
			continue;
		int sfd = openat(d->fd, de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sfd >= 0 && tp_safe_kind(sfd, COMMIT_MARK) == 1 && tp_safe_kind(sfd, record) == 1) {
			/* It had begun moving its complete set: finish. */
			move_tree(sfd, d->fd, "", record, 0);
			move_one(sfd, d->fd, record);
			tp_buf_printf(report, "%s/%s: finished moving the files of a build that was stopped while moving its complete set into place (pid %ld)\n",
				      d->path, de->d_name, pid);
		} else {
			tp_buf_printf(report, "%s/%s: removed the unfinished files of a build that died (pid %ld)\n",
				      d->path, de->d_name, pid);
		}
		if (sfd >= 0)
			close(sfd);
		remove_tree(d->fd, de->d_name, 0);
	}
	closedir(dp);
	return TP_OK;
}

/* The pid of a live build with a staging folder in d, or 0. */
static long live_build(const struct tp_outdir *d)
{
	int fd = fcntl(d->fd, F_DUPFD_CLOEXEC, 0);
	DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
	long found = 0;
	if (dp == NULL) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	struct dirent *de;
	while (found == 0 && (de = readdir(dp)) != NULL) {
		long pid = stage_pid(de->d_name);
		if (pid && running(pid))
			found = pid;
	}
	closedir(dp);
	return found;
}

int tp_outdir_open(struct tp_outdir *d, const char *path, int wait, int quiet, tp_err *e)
{
	memset(d, 0, sizeof *d);
	d->path = path;
	d->fd = d->stage_fd = -1;
	int rc = tp_mkdirs(path, e);
	if (rc != TP_OK)
		return rc;
	d->fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (d->fd < 0)
		return tp_fail(e, TP_EIO, "%s: cannot open the folder: %s", path, strerror(errno));
	if (flock(d->fd, LOCK_EX | LOCK_NB) == 0)
		return TP_OK;
	int err = errno;
	if (err == EWOULDBLOCK && wait) {
		if (!quiet)
			fprintf(stderr, "tilepress: %s: waiting for the build writing it (--wait)\n", path);
		while (flock(d->fd, LOCK_EX) != 0 && errno == EINTR)
			;
		return TP_OK;
	}
	long pid = err == EWOULDBLOCK ? live_build(d) : 0;
	close(d->fd);
	d->fd = -1;
	if (err != EWOULDBLOCK)
		return tp_fail(e, TP_EIO, "%s: cannot lock the folder: %s", path, strerror(err));
	char who[64] = "";
	if (pid)
		snprintf(who, sizeof who, " (pid %ld)", pid);
	return tp_fail(e, TP_EIO, "%s: another tilepress build%s is writing this folder; "
		       "not mixing two builds' files (--wait waits for it to finish)", path, who);
}

int tp_outdir_stage(struct tp_outdir *d, tp_err *e)
{
	snprintf(d->stage_name, sizeof d->stage_name, "%s%ld", TP_STAGE_PREFIX, (long)getpid());
	if ((size_t)snprintf(d->stage, sizeof d->stage, "%s/%s", d->path, d->stage_name) >= sizeof d->stage)
		return tp_fail(e, TP_EIO, "%s: path too long", d->path);
	/* A dead build of the same pid left it: not ours to keep. */
	remove_tree(d->fd, d->stage_name, 0);
	if (mkdirat(d->fd, d->stage_name, 0777) != 0)
		return tp_fail(e, TP_EIO, "%s: cannot create the staging folder: %s", d->stage,
			       strerror(errno));
	tp_out_watch_stage(d->fd, d->stage_name);
	d->stage_fd = openat(d->fd, d->stage_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (d->stage_fd < 0)
		return tp_fail(e, TP_EIO, "%s: %s", d->stage, strerror(errno));
	return TP_OK;
}

int tp_outdir_mark(struct tp_outdir *d, tp_err *e)
{
	struct tp_trace t;
	tp_trace_start(&t);
	int fd = openat(d->stage_fd, COMMIT_MARK, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	int bad = fd < 0 || fsync(fd) != 0 || close(fd) != 0 || fsync(d->stage_fd) != 0;
	tp_trace_end(&t, "fsync");
	if (bad)
		return tp_fail(e, TP_EIO, "%s/%s: %s", d->stage, COMMIT_MARK, strerror(errno));
	return TP_OK;
}

int tp_outdir_commit(struct tp_outdir *d, const char *const *names, size_t n,
		     const char *record, tp_err *e)
{
	int rc = TP_OK;
	sigset_t old;
	tp_out_hold_signals(&old);
	for (size_t i = 0; rc == TP_OK && i <= n; i++) {
		const char *rel = i < n ? names[i] : record;
		if (i < n && strcmp(rel, record) == 0)
			continue;
		if (move_one(d->stage_fd, d->fd, rel) != 0)
			rc = tp_fail(e, TP_EIO, "%s/%s: cannot move it into place: %s", d->path, rel,
				     strerror(errno));
	}
	struct tp_trace t;
	tp_trace_start(&t);
	if (rc == TP_OK && fsync(d->fd) != 0 && errno != EINVAL)
		rc = tp_fail(e, TP_EIO, "%s: %s", d->path, strerror(errno));
	tp_trace_end(&t, "fsync");
	/* On failure the staging folder stays, record and all: the next
	 * build finishes the moves (tp_outdir_sweep). */
	close(d->stage_fd);
	d->stage_fd = -1;
	tp_out_unwatch_stage();
	if (rc == TP_OK)
		remove_tree(d->fd, d->stage_name, 0);
	tp_out_release_signals(&old);
	return rc;
}

void tp_outdir_close(struct tp_outdir *d)
{
	tp_out_unwatch_stage();
	if (d->stage_fd >= 0) {
		close(d->stage_fd);
		d->stage_fd = -1;
		remove_tree(d->fd, d->stage_name, 0);
	}
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
}
