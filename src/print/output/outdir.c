#include "print/output/outdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/file.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/sha256.h"
#include "core/trace.h"
#include "print/output/outfile.h"

/* Folders nest this deep at most in a staging folder (manifest/ is 1). */
#define MAX_DEPTH 8

/* In a staging folder: the moves into place have begun (it holds the
 * staged record's SHA-256). */
#define COMMIT_MARK ".moving"
/* In a staging folder: the marker binding it to itself. */
#define STAGE_MARK ".tilepress-stage"
/* In a staging folder: what the moves replaced or --clean removed, under
 * its own relative path, until the staging folder goes. */
#define PREV ".prev"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE 1
#endif

void tp_test_pause(const char *point)
{
	const char *want = getenv("TP_TEST_PAUSE");
	if (want && strcmp(want, point) == 0)
		raise(SIGSTOP);
}

/* A test hook, inert unless set: the move into place of rel fails. */
static int fail_move(const char *rel)
{
	const char *want = getenv("TP_TEST_FAIL_MOVE");
	return want && strcmp(want, rel) == 0;
}

/* renameat that never replaces: 0, or -1 with errno (EEXIST: something
 * stands at the target).  On a file system without RENAME_NOREPLACE, a
 * look first. */
static int rename_noreplace(int fromfd, const char *from, int tofd, const char *to)
{
	if (syscall(SYS_renameat2, fromfd, from, tofd, to, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -1;
	struct stat st;
	if (fstatat(tofd, to, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		errno = EEXIST;
		return -1;
	}
	return renameat(fromfd, from, tofd, to);
}

/* SHA-256 of the open file fd as hex.  0 or -1. */
static int hash_fd(int fd, char hex[65])
{
	struct tp_sha256 s;
	tp_sha256_init(&s);
	unsigned char buf[16384];
	for (;;) {
		ssize_t k = read(fd, buf, sizeof buf);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		if (k == 0)
			break;
		tp_sha256_add(&s, buf, (size_t)k);
	}
	tp_sha256_hex(&s, hex);
	return 0;
}

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
static int walk_dirs(int dirfd, const char **parts, int n, int create)
{
	return open_dirs(dirfd, parts, n - 1, create);
}

int tp_safe_dir(int dirfd, const char *rel, int create)
{
	char buf[PATH_MAX];
	const char *parts[64];
	if (rel[0] == '\0')   /* a description of its own: its own offset */
		return openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int n = split(rel, buf, sizeof buf, parts, 64);
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
/* Removes everything in the folder fd (not the folder itself), following
 * no symbolic link (a link is removed, not what it points to). */
static void remove_contents(int fd, int depth)
{
	int dup = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *dp = dup >= 0 ? fdopendir(dup) : NULL;
	if (dp == NULL) {
		if (dup >= 0)
			close(dup);
		return;
	}
	struct dirent *de;
	while ((de = readdir(dp)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		struct stat st;
		if (fstatat(dup, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode)) {
			int sub = openat(dup, de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub >= 0 && depth < MAX_DEPTH)
				remove_contents(sub, depth + 1);
			if (sub >= 0)
				close(sub);
			unlinkat(dup, de->d_name, AT_REMOVEDIR);
		} else {
			unlinkat(dup, de->d_name, 0);
		}
	}
	closedir(dp);
}

/* Removes our staging folder: its contents through its own descriptor
 * sfd, then the (now empty) folder of that name, if it is still a folder
 * (a symbolic link put in its place is not ours to remove). */
static void remove_stage(int dirfd, const char *name, int sfd)
{
	remove_contents(sfd, 0);
	unlinkat(dirfd, name, AT_REMOVEDIR);
}

/* Where one file goes: its folders in the staging folder (from), in the
 * output folder (to) and in the staging folder's .prev/ (back), each -1
 * until opened, and its last component. */
struct spot {
	int from, to, back;
	const char *leaf;
	char buf[PATH_MAX], pbuf[PATH_MAX];
	const char *parts[64], *pparts[65];
	int n, pn;
};

static void spot_close(struct spot *s)
{
	int err = errno;
	if (s->from >= 0)
		close(s->from);
	if (s->to >= 0)
		close(s->to);
	if (s->back >= 0)
		close(s->back);
	s->from = s->to = s->back = -1;
	errno = err;
}

/* Opens the folders of rel: to (created when create_to), back (created),
 * from (when it is there).  0, or -1 with errno. */
static int spot_open(const struct tp_outdir *d, int stagefd, const char *rel, struct spot *s,
		     int create_to)
{
	s->from = s->to = s->back = -1;
	char prel[PATH_MAX];
	s->n = split(rel, s->buf, sizeof s->buf, s->parts, 64);
	if (s->n < 0 || (size_t)snprintf(prel, sizeof prel, "%s/%s", PREV, rel) >= sizeof prel ||
	    (s->pn = split(prel, s->pbuf, sizeof s->pbuf, s->pparts, 65)) < 0) {
		errno = EINVAL;
		return -1;
	}
	s->leaf = s->parts[s->n - 1];
	s->to = walk_dirs(d->fd, s->parts, s->n, create_to);
	if (s->to < 0)
		return -1;
	s->back = walk_dirs(stagefd, s->pparts, s->pn, 1);
	if (s->back < 0) {
		spot_close(s);
		return -1;
	}
	s->from = walk_dirs(stagefd, s->parts, s->n, 0);
	return 0;
}

/* Moves what stands at the spot's target aside into back, and judges it.
 * *had: something was there.  1: it may go (it is aside now); 0: it is
 * kept (put back; why says why, or "cannot put it back" when that
 * failed: it is then in the staging folder's .prev/); -1: errno. */
static int aside(const struct spot *s, const char *rel, const struct tp_outdir_rules *rules,
		 int *had, char *why, size_t n)
{
	*had = 0;
	if (rename_noreplace(s->to, s->leaf, s->back, s->leaf) != 0) {
		if (errno == ENOENT)
			return 1;
		if (errno == EEXIST)
			errno = EBUSY;   /* an earlier file of that name aside already */
		return -1;
	}
	*had = 1;
	struct stat st;
	int fd = openat(s->back, s->leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	int ok;
	if (fd < 0 && fstatat(s->back, s->leaf, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode)) {
		snprintf(why, n, "a symbolic link");
		ok = 0;
	} else if (fd < 0 || fstat(fd, &st) != 0) {
		snprintf(why, n, "%s", strerror(errno));
		ok = 0;
	} else if (!S_ISREG(st.st_mode)) {
		snprintf(why, n, "not a regular file");
		ok = 0;
	} else {
		ok = rules->judge(rules->ctx, rel, fd, &st, why, n);
	}
	if (fd >= 0)
		close(fd);
	if (!ok && rename_noreplace(s->back, s->leaf, s->to, s->leaf) != 0) {
		/* Another file took its place in the moment between: this
		 * one is kept beside it, under a name of its own. */
		char alt[NAME_MAX + 1];
		snprintf(alt, sizeof alt, "%.*s.kept", NAME_MAX - 5, s->leaf);
		if (rename_noreplace(s->back, s->leaf, s->to, alt) == 0)
			snprintf(why + strlen(why), n - strlen(why), "; another file took its place meanwhile: it is kept as %s", alt);
	}
	return ok;
}

/* Puts back what aside moved (the commit undone). */
static void put_back(const struct spot *s)
{
	rename_noreplace(s->back, s->leaf, s->to, s->leaf);
}

/* One move of a commit: whether something stood there (had), whether the
 * new file went in (moved), and the new file's inode. */
struct move {
	char had, moved;
	ino_t ino;
};

/* Moves the staged file into place: 0, or -1 with errno (EEXIST: a file
 * appeared at the name since it was moved aside). */
static int move_in(const struct spot *s, const char *rel, struct move *m)
{
	struct stat st;
	if (s->from < 0 || fstatat(s->from, s->leaf, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return -1;
	if (!S_ISREG(st.st_mode)) {
		errno = EINVAL;
		return -1;
	}
	if (fail_move(rel)) {
		errno = EIO;
		return -1;
	}
	if (rename_noreplace(s->from, s->leaf, s->to, s->leaf) != 0)
		return -1;
	m->moved = 1;
	m->ino = st.st_ino;
	return 0;
}

/* Undoes a move: the new file back into staging (when what stands there
 * is still it), the earlier one back into place. */
static void undo(const struct tp_outdir *d, const char *rel, const struct move *m)
{
	struct spot s;
	if (spot_open(d, d->stage_fd, rel, &s, 0) != 0)
		return;
	struct stat st;
	if (m->moved && s.from >= 0 && fstatat(s.to, s.leaf, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    st.st_ino == m->ino)
		renameat(s.to, s.leaf, s.from, s.leaf);
	if (m->had)
		put_back(&s);
	spot_close(&s);
}

/* Reads a small file name in dirfd (no link, regular) into buf. */
static int read_small(int dirfd, const char *name, char *buf, size_t n)
{
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	if (fd < 0)
		return -1;
	ssize_t k = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read(fd, buf, n - 1) : -1;
	close(fd);
	if (k < 0)
		return -1;
	buf[k] = '\0';
	return 0;
}

/* The marker text of the staging folder sfd. */
static void marker_text(int sfd, char *buf, size_t n)
{
	struct stat st;
	if (fstat(sfd, &st) != 0)
		memset(&st, 0, sizeof st);
	snprintf(buf, n, "tilepress staging folder\ndevice %ju inode %ju\n", (uintmax_t)st.st_dev,
		 (uintmax_t)st.st_ino);
}

/* Whether the folder sfd carries our marker, bound to itself. */
static int ours(int sfd)
{
	char want[128], have[128];
	marker_text(sfd, want, sizeof want);
	return read_small(sfd, STAGE_MARK, have, sizeof have) == 0 && strcmp(want, have) == 0;
}

/* Whether the staging folder sfd was marked (tp_outdir_mark) with the
 * SHA-256 of the staged record it holds. */
static int marked(int sfd, const char *record)
{
	char mark[80], hex[65];
	struct stat st;
	if (read_small(sfd, COMMIT_MARK, mark, sizeof mark) != 0)
		return 0;
	int fd = tp_safe_open(sfd, record, &st, NULL, NULL);
	int ok = fd >= 0 && hash_fd(fd, hex) == 0 && strncmp(mark, hex, 64) == 0 && mark[64] == '\n';
	if (fd >= 0)
		close(fd);
	return ok;
}

/* Recovery, first step: every file under the staging folder's .prev/
 * (below rel) whose place is empty goes back when the staged set still
 * holds its replacement or the judge keeps it (--clean was removing
 * it).  The record's first (record_only). */
static void restore_prev(struct tp_outdir *d, int sfd, const char *rel, const char *record,
			 const struct tp_outdir_rules *rules, int record_only, struct tp_buf *report,
			 int depth)
{
	char prel[PATH_MAX];
	snprintf(prel, sizeof prel, "%s%s%s", PREV, rel[0] ? "/" : "", rel);
	int fd = tp_safe_dir(sfd, prel, 0);
	DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
	if (dp == NULL) {
		if (fd >= 0)
			close(fd);
		return;
	}
	struct dirent *de;
	while ((de = readdir(dp)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		char sub[PATH_MAX];
		snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", de->d_name);
		struct stat st;
		if (fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (depth < MAX_DEPTH)
				restore_prev(d, sfd, sub, record, rules, record_only, report, depth + 1);
			continue;
		}
		if (record_only != (strcmp(sub, record) == 0))
			continue;
		struct spot s;
		if (spot_open(d, sfd, sub, &s, 1) != 0)
			continue;
		int there = fstatat(s.to, s.leaf, &st, AT_SYMLINK_NOFOLLOW) == 0;
		int staged = s.from >= 0 && fstatat(s.from, s.leaf, &st, AT_SYMLINK_NOFOLLOW) == 0;
		char why[200] = "";
		int keep = 1;
		/* Its place taken: the dead build had moved its file in (what
		 * it replaced was judged before): this one goes. */
		if (!there && !record_only && !staged) {
			struct stat fst;
			int f = openat(s.back, s.leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
			keep = f < 0 || fstat(f, &fst) != 0 || !S_ISREG(fst.st_mode) ||
			       !rules->judge(rules->ctx, sub, f, &fst, why, sizeof why);
			if (f >= 0)
				close(f);
		}
		if (!there && keep && rename_noreplace(s.back, s.leaf, s.to, s.leaf) == 0 && !staged &&
		    !record_only)
			tp_buf_printf(report, "%s/%s: put back (%s): a build that died was removing it\n",
				      d->path, sub, why);
		spot_close(&s);
	}
	closedir(dp);
}

/* Recovery: moves every staged file (dot files aside) below rel into
 * place under the judge, then the caller moves the record. */
static void roll_forward(struct tp_outdir *d, int sfd, const char *rel, const char *record,
			 const struct tp_outdir_rules *rules, struct tp_buf *report, int depth)
{
	int fd = tp_safe_dir(sfd, rel, 0);
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
			roll_forward(d, sfd, sub, record, rules, report, depth + 1);
		else if (S_ISREG(st.st_mode) && strcmp(sub, record) != 0) {
			struct spot s;
			struct move m = { 0 };
			int had;
			char why[200] = "";
			if (spot_open(d, sfd, sub, &s, 1) != 0)
				continue;
			int ok = aside(&s, sub, rules, &had, why, sizeof why);
			if (ok == 1 && move_in(&s, sub, &m) != 0 && had)
				put_back(&s);
			else if (ok == 0)
				tp_buf_printf(report, "%s/%s: kept (%s); the dead build's file was not moved over it\n",
					      d->path, sub, why);
			spot_close(&s);
		}
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
	if (*end == '-' && end[1] >= '0' && end[1] <= '9')
		strtol(end + 1, &end, 10);
	return *end == '\0' && pid > 0 ? pid : 0;
}

static int running(long pid)
{
	return pid != (long)getpid() && (kill((pid_t)pid, 0) == 0 || errno == EPERM);
}

/* Recovers one dead build's staging folder sfd (named name). */
static int recover(struct tp_outdir *d, int sfd, const char *name, long pid, const char *record,
		   const struct tp_outdir_rules *rules, struct tp_buf *report, tp_err *e)
{
	/* What the dead build had moved aside goes back first, the record
	 * before all, so that the judge reads the folder's own record. */
	restore_prev(d, sfd, "", record, rules, 1, report, 0);
	int rc = rules->prepare ? rules->prepare(rules->ctx, e) : TP_OK;
	if (rc != TP_OK)
		return rc;
	restore_prev(d, sfd, "", record, rules, 0, report, 0);
	if (marked(sfd, record)) {
		/* It had begun moving its complete set: finish, under the
		 * rules a build follows; the record last. */
		roll_forward(d, sfd, "", record, rules, report, 0);
		struct spot s;
		struct move m = { 0 };
		int had;
		char why[200] = "";
		if (spot_open(d, sfd, record, &s, 1) == 0) {
			int ok = aside(&s, record, rules, &had, why, sizeof why);
			if (ok == 1 && move_in(&s, record, &m) != 0 && had)
				put_back(&s);
			else if (ok == 0)
				tp_buf_printf(report, "%s/%s: kept (%s); the dead build's record was not moved over it\n",
					      d->path, record, why);
			spot_close(&s);
		}
		tp_buf_printf(report, "%s/%s: finished moving the files of a build that was stopped while moving its complete set into place (pid %ld)\n",
			      d->path, name, pid);
	} else {
		tp_buf_printf(report, "%s/%s: removed the unfinished files of a build that died (pid %ld)\n",
			      d->path, name, pid);
	}
	remove_stage(d->fd, name, sfd);
	return TP_OK;
}

int tp_outdir_sweep(struct tp_outdir *d, const char *record, const struct tp_outdir_rules *rules,
		    struct tp_buf *report, tp_err *e)
{
	int fd = openat(d->fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
	if (dp == NULL) {
		if (fd >= 0)
			close(fd);
		return tp_fail(e, TP_EIO, "%s: cannot list the folder: %s", d->path, strerror(errno));
	}
	int rc = TP_OK;
	struct dirent *de;
	while (rc == TP_OK && (de = readdir(dp)) != NULL) {
		/* Every build holds the folder's lock from before it stages to
		 * after its commit, and the caller holds it now: so no staging
		 * folder here is a live build's, whatever its pid. (Asking
		 * whether the pid runs was wrong once pids wrap.) */
		long pid = stage_pid(de->d_name);
		if (pid == 0)
			continue;
		int sfd = openat(d->fd, de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sfd >= 0 && ours(sfd)) {
			rc = recover(d, sfd, de->d_name, pid, record, rules, report, e);
		} else if (unlinkat(d->fd, de->d_name, AT_REMOVEDIR) == 0) {
			/* Empty: a build that died as it made it. */
		} else {
			tp_buf_printf(report, "%s/%s: left alone: named like a staging folder, but not one tilepress made\n",
				      d->path, de->d_name);
		}
		if (sfd >= 0)
			close(sfd);
	}
	closedir(dp);
	return rc;
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
	marker_text(d->stage_fd, text, sizeof text);
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
	int bad = rfd < 0 || hash_fd(rfd, hex) != 0;
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
	struct move *mv = calloc(n + 1, sizeof *mv);
	if (mv == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory moving the files into place");
	/* The record's place first (another tool may have written one during
	 * the build), then each file, then the record in. */
	char why[300] = "";
	struct spot s;
	for (size_t k = 0; rc == TP_OK && k <= n + 1; k++) {
		size_t i = k == 0 ? n : k - 1;   /* k == n + 1: the record moves in */
		const char *rel = i < n ? names[i] : record;
		if (i < n && strcmp(rel, record) == 0)
			continue;
		if (spot_open(d, d->stage_fd, rel, &s, 1) != 0) {
			rc = tp_fail(e, TP_EIO, "%s/%s: cannot move it into place: %s", d->path, rel,
				     strerror(errno));
			break;
		}
		int had = 0, ok = 1;
		if (k <= n) {
			ok = aside(&s, rel, rules, &had, why, sizeof why);
			mv[i].had = (char)(ok == 1 && had);
		}
		if (ok == 0) {
			rc = tp_fail(e, TP_EINPUT, "%s/%s: %s; kept it, and replaced nothing (the earlier set stays); move it away, or build with --force to replace it",
				     d->path, rel, why);
		} else if (ok < 0 || (k > 0 && move_in(&s, rel, &mv[i]) != 0)) {
			int err = errno;
			rc = tp_fail(e, err == EEXIST ? TP_EINPUT : TP_EIO,
				     "%s/%s: cannot move it into place: %s; undid the moves (the earlier set stays)",
				     d->path, rel, err == EEXIST ? "a file appeared there during the build; kept it" : strerror(err));
		}
		spot_close(&s);
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
	struct spot s;
	if (spot_open(d, d->stage_fd, rel, &s, 0) != 0)
		return -1;
	int had;
	int rc = aside(&s, rel, rules, &had, why, n);
	spot_close(&s);
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
	struct spot s;
	if (spot_open(d, d->stage_fd, rel, &s, 1) != 0)
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
	spot_close(&s);
	return rc;
}

void tp_outdir_finish(struct tp_outdir *d)
{
	tp_out_set_root(-1, NULL);
	tp_out_unwatch_stage();
	if (d->stage_fd >= 0) {
		remove_stage(d->fd, d->stage_name, d->stage_fd);
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
