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
#include "print/output/stage.h"



void tp_test_pause(const char *point)
{
	const char *want = getenv("TP_TEST_PAUSE");
	if (want && strcmp(want, point) == 0)
		raise(SIGSTOP);
}

/* Splits rel into components in buf (NUL-separated); the count, or -1
 * when a component is empty, "." or "..", or rel is absolute. */
int tp_path_split(const char *rel, char *buf, size_t size, const char **parts, int max)
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

/* Opens parts[0..k-1] below dirfd as folders, never through a symbolic
 * link; create: make missing ones.  A descriptor, or -1 with errno. */
static int open_dirs(int dirfd, const char **parts, int k, int create)
{
	int cur = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
	for (int i = 0; cur >= 0 && i < k; i++) {
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

/* The folders holding the file parts[n-1]. */
int tp_path_dirs(int dirfd, const char **parts, int n, int create)
{
	return open_dirs(dirfd, parts, n - 1, create);
}

int tp_safe_dir(int dirfd, const char *rel, int create)
{
	char buf[PATH_MAX];
	const char *parts[64];
	if (rel[0] == '\0')   /* a description of its own: its own offset */
		return openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int n = tp_path_split(rel, buf, sizeof buf, parts, 64);
	if (n < 0) {
		errno = EINVAL;
		return -1;
	}
	return open_dirs(dirfd, parts, n, create);
}

int tp_safe_open(int dirfd, const char *rel, struct stat *st, int *parent, const char **leaf)
{
	static char buf[PATH_MAX];   /* *leaf points into it */
	const char *parts[64];
	int n = tp_path_split(rel, buf, sizeof buf, parts, 64);
	if (n < 0) {
		errno = EINVAL;
		return -1;
	}
	int dir = tp_path_dirs(dirfd, parts, n, 0);
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



/* Undoes a move: the new file back into staging (when what stands there
 * is still it), the earlier one back into place. */
static void undo(const struct tp_outdir *d, const char *rel, const struct tp_move *m)
{
	struct tp_spot s;
	if (tp_spot_open(d, d->stage_fd, rel, &s, 0) != 0)
		return;
	struct stat st;
	if (m->moved && s.from >= 0 && fstatat(s.to, s.leaf, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    st.st_ino == m->ino)
		renameat(s.to, s.leaf, s.from, s.leaf);
	if (m->had)
		tp_spot_put_back(&s);
	tp_spot_close(&s);
}

/* The pid in a staging folder's name, or 0 when it is not one. */
long tp_stage_pid(const char *name)
{
	size_t k = strlen(TP_STAGE_PREFIX);
	if (strncmp(name, TP_STAGE_PREFIX, k) != 0)
		return 0;
	char *end;
	long pid = strtol(name + k, &end, 10);
	if (*end == '-' && end[1] >= '0' && end[1] <= '9')
		strtol(end + 1, &end, 10);
	return *end == '\0' && pid > 0 ? pid : 0;
}

static int running(long pid)
{
	return pid != (long)getpid() && (kill((pid_t)pid, 0) == 0 || errno == EPERM);
}

/* The pid of a live build with a staging folder in d, or 0. */
static long live_build(const struct tp_outdir *d)
{
	int fd = openat(d->fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
	long found = 0;
	if (dp == NULL) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	struct dirent *de;
	while (found == 0 && (de = readdir(dp)) != NULL) {
		long pid = tp_stage_pid(de->d_name);
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
	d->fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (d->fd < 0 && (errno == ELOOP || errno == ENOTDIR))
		return tp_fail(e, TP_EINPUT, "-o %s: a symbolic link or not a folder; give the output folder itself",
			       path);
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
	/* A folder of our name the sweep left alone (not ours): the next. */
	int made = -1;
	for (int k = 0; made != 0 && k < 100; k++) {
		snprintf(d->stage_name, sizeof d->stage_name, k ? "%s%ld-%d" : "%s%ld", TP_STAGE_PREFIX,
			 (long)getpid(), k);
		if ((size_t)snprintf(d->stage, sizeof d->stage, "%s/%s", d->path, d->stage_name) >= sizeof d->stage)
			return tp_fail(e, TP_EIO, "%s: path too long", d->path);
		made = mkdirat(d->fd, d->stage_name, 0777);
		if (made != 0 && errno != EEXIST)
			break;
	}
	if (made != 0)
		return tp_fail(e, TP_EIO, "%s: cannot create the staging folder: %s", d->stage,
			       strerror(errno));
	d->stage_fd = openat(d->fd, d->stage_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (d->stage_fd < 0)
		return tp_fail(e, TP_EIO, "%s: %s", d->stage, strerror(errno));
	tp_out_watch_stage(d->fd, d->stage_name, d->stage_fd);
	char text[128];
	tp_stage_marker(d->stage_fd, text, sizeof text);
	int fd = openat(d->stage_fd, STAGE_MARK, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	size_t len = strlen(text);
	int bad = fd < 0 || write(fd, text, len) != (ssize_t)len;
	if (fd >= 0 && close(fd) != 0)
		bad = 1;
	if (bad)
		return tp_fail(e, TP_EIO, "%s/%s: %s", d->stage, STAGE_MARK, strerror(errno));
	tp_out_set_root(d->stage_fd, d->stage);
	return TP_OK;
}

int tp_outdir_mark(struct tp_outdir *d, const char *record, tp_err *e)
{
	struct tp_trace t;
	tp_trace_start(&t);
	char hex[65], text[80];
	struct stat st;
	int rfd = tp_safe_open(d->stage_fd, record, &st, NULL, NULL);
	int bad = rfd < 0 || tp_stage_hash_fd(rfd, hex) != 0;
	if (rfd >= 0)
		close(rfd);
	int fd = bad ? -1 : openat(d->stage_fd, COMMIT_MARK, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	snprintf(text, sizeof text, "%s\n", bad ? "" : hex);
	bad = fd < 0 || write(fd, text, 65) != 65 || fsync(fd) != 0;
	if (fd >= 0 && close(fd) != 0)
		bad = 1;
	if (!bad && fsync(d->stage_fd) != 0)
		bad = 1;
	tp_trace_end(&t, "fsync");
	if (bad)
		return tp_fail(e, TP_EIO, "%s/%s: %s", d->stage, COMMIT_MARK, strerror(errno));
	return TP_OK;
}

int tp_outdir_commit(struct tp_outdir *d, const char *const *names, size_t n,
		     const char *record, const struct tp_outdir_rules *rules, tp_err *e)
{
	int rc = TP_OK;
	sigset_t old;
	tp_out_hold_signals(&old);
	struct tp_move *mv = calloc(n + 1, sizeof *mv);
	if (mv == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory moving the files into place");
	/* The record's place first (another tool may have written one during
	 * the build), then each file, then the record in. */
	char why[300] = "";
	struct tp_spot s;
	for (size_t k = 0; rc == TP_OK && k <= n + 1; k++) {
		size_t i = k == 0 ? n : k - 1;   /* k == n + 1: the record moves in */
		const char *rel = i < n ? names[i] : record;
		if (i < n && strcmp(rel, record) == 0)
			continue;
		if (tp_spot_open(d, d->stage_fd, rel, &s, 1) != 0) {
			rc = tp_fail(e, TP_EIO, "%s/%s: cannot move it into place: %s", d->path, rel,
				     strerror(errno));
			break;
		}
		int had = 0, ok = 1;
		if (k <= n) {
			ok = tp_spot_aside(&s, rel, rules, &had, why, sizeof why);
			mv[i].had = (char)(ok == 1 && had);
		}
		if (ok == 0) {
			rc = tp_fail(e, TP_EINPUT, "%s/%s: %s; kept it, and replaced nothing (the earlier set stays); move it away, or build with --force to replace it",
				     d->path, rel, why);
		} else if (ok < 0 || (k > 0 && tp_spot_move_in(&s, rel, &mv[i]) != 0)) {
			int err = errno;
			rc = tp_fail(e, err == EEXIST ? TP_EINPUT : TP_EIO,
				     "%s/%s: cannot move it into place: %s; undid the moves (the earlier set stays)",
				     d->path, rel, err == EEXIST ? "a file appeared there during the build; kept it" : strerror(err));
		}
		tp_spot_close(&s);
		if (k == 1 && rc == TP_OK)
			tp_test_pause("moving");
	}
	if (rc != TP_OK && mv) {
		/* Undo, the latest first; the record's place last. */
		for (size_t k = n + 1; k-- > 0;) {
			size_t i = k == 0 ? n : k - 1;
			const char *rel = i < n ? names[i] : record;
			if (mv[i].had || mv[i].moved)
				undo(d, rel, &mv[i]);
		}
	}
	free(mv);
	struct tp_trace t;
	tp_trace_start(&t);
	if (rc == TP_OK && fsync(d->fd) != 0 && errno != EINVAL)
		rc = tp_fail(e, TP_EIO, "%s: %s", d->path, strerror(errno));
	tp_trace_end(&t, "fsync");
	if (rc == TP_OK)
		d->committed = 1;
	tp_out_release_signals(&old);
	return rc;
}

int tp_outdir_remove(struct tp_outdir *d, const char *rel, const struct tp_outdir_rules *rules,
		     char *why, size_t n)
{
	struct tp_spot s;
	if (tp_spot_open(d, d->stage_fd, rel, &s, 0) != 0)
		return -1;
	int had;
	int rc = tp_spot_aside(&s, rel, rules, &had, why, n);
	tp_spot_close(&s);
	if (rc == 1 && !had) {
		errno = ENOENT;
		return -1;
	}
	return rc;
}

ino_t tp_outdir_inode(const struct tp_outdir *d, const char *rel)
{
	struct stat st;
	int fd = tp_safe_open(d->fd, rel, &st, NULL, NULL);
	if (fd < 0)
		return 0;
	close(fd);
	return st.st_ino;
}

int tp_outdir_replace(struct tp_outdir *d, const char *rel, ino_t ino, tp_err *e)
{
	struct tp_spot s;
	if (tp_spot_open(d, d->stage_fd, rel, &s, 1) != 0)
		return tp_fail(e, TP_EIO, "%s/%s: %s", d->path, rel, strerror(errno));
	struct stat st;
	int there = fstatat(s.to, s.leaf, &st, AT_SYMLINK_NOFOLLOW) == 0;
	int rc = TP_OK;
	if (there ? !S_ISREG(st.st_mode) || st.st_ino != ino : ino != 0)
		rc = tp_fail(e, TP_EINPUT, "%s/%s: replaced by another program during the build; kept it",
			     d->path, rel);
	else if (s.from < 0 || renameat(s.from, s.leaf, s.to, s.leaf) != 0)
		rc = tp_fail(e, TP_EIO, "%s/%s: cannot move it into place: %s", d->path, rel,
			     strerror(errno));
	tp_spot_close(&s);
	return rc;
}

void tp_outdir_finish(struct tp_outdir *d)
{
	tp_out_set_root(-1, NULL);
	tp_out_unwatch_stage();
	if (d->stage_fd >= 0) {
		tp_stage_remove(d->fd, d->stage_name, d->stage_fd);
		close(d->stage_fd);
		d->stage_fd = -1;
	}
}

void tp_outdir_close(struct tp_outdir *d)
{
	tp_outdir_finish(d);
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
}
