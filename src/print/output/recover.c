/* Recovery of the staging folders of builds that died (outdir.h:
 * tp_outdir_sweep): only folders carrying our marker; what a dead build
 * moved aside goes back; a set it had begun to move in is finished under
 * the judge a build follows. */

#include "print/output/outdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "print/output/stage.h"

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
void tp_stage_marker(int sfd, char *buf, size_t n)
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
	tp_stage_marker(sfd, want, sizeof want);
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
	int ok = fd >= 0 && tp_stage_hash_fd(fd, hex) == 0 && strncmp(mark, hex, 64) == 0 && mark[64] == '\n';
	if (fd >= 0)
		close(fd);
	return ok;
}

/* The folder rel under the staging folder sfd, to read (its descriptor
 * in *fd, closed by closedir): NULL when it cannot be opened. */
static DIR *open_dir(int sfd, const char *rel, int *fd)
{
	*fd = tp_safe_dir(sfd, rel, 0);
	DIR *dp = *fd >= 0 ? fdopendir(*fd) : NULL;
	if (dp == NULL && *fd >= 0)
		close(*fd);
	return dp;
}

/* The entry de of the folder fd, rel under the staging folder: its path
 * there into sub, its status into st.  0, or -1 when it is gone. */
static int entry(int fd, const char *rel, const struct dirent *de, char *sub, size_t n,
		 struct stat *st)
{
	snprintf(sub, n, "%s%s%s", rel, rel[0] ? "/" : "", de->d_name);
	return fstatat(fd, de->d_name, st, AT_SYMLINK_NOFOLLOW);
}

/* The staged file sub moved into its place under the judge (what: its
 * kind, for the message when the judge keeps the file there). */
static void move_in(struct tp_outdir *d, int sfd, const char *sub,
		    const struct tp_outdir_rules *rules, struct tp_buf *report, const char *what)
{
	struct tp_spot s;
	struct tp_move m = { 0 };
	int had;
	char why[200] = "";
	if (tp_spot_open(d, sfd, sub, &s, 1) != 0)
		return;
	int ok = tp_spot_aside(&s, sub, rules, &had, why, sizeof why);
	if (ok == 1 && tp_spot_move_in(&s, sub, &m) != 0 && had)
		tp_spot_put_back(&s);
	else if (ok == 0)
		tp_buf_printf(report, "%s/%s: kept (%s); the dead build's %s was not moved over it\n",
			      d->path, sub, why, what);
	tp_spot_close(&s);
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
	int fd;
	DIR *dp = open_dir(sfd, prel, &fd);
	if (dp == NULL)
		return;
	struct dirent *de;
	while ((de = readdir(dp)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		char sub[PATH_MAX];
		struct stat st;
		if (entry(fd, rel, de, sub, sizeof sub, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (depth < MAX_DEPTH)
				restore_prev(d, sfd, sub, record, rules, record_only, report, depth + 1);
			continue;
		}
		if (record_only != (strcmp(sub, record) == 0))
			continue;
		struct tp_spot s;
		if (tp_spot_open(d, sfd, sub, &s, 1) != 0)
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
		if (!there && keep && tp_stage_rename_noreplace(s.back, s.leaf, s.to, s.leaf) == 0 && !staged &&
		    !record_only)
			tp_buf_printf(report, "%s/%s: put back (%s): a build that died was removing it\n",
				      d->path, sub, why);
		tp_spot_close(&s);
	}
	closedir(dp);
}

/* Recovery: moves every staged file (dot files tp_spot_aside) below rel into
 * place under the judge, then the caller moves the record. */
static void roll_forward(struct tp_outdir *d, int sfd, const char *rel, const char *record,
			 const struct tp_outdir_rules *rules, struct tp_buf *report, int depth)
{
	int fd;
	DIR *dp = open_dir(sfd, rel, &fd);
	if (dp == NULL)
		return;
	struct dirent *de;
	while ((de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		char sub[PATH_MAX];
		struct stat st;
		if (entry(fd, rel, de, sub, sizeof sub, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode) && depth < MAX_DEPTH)
			roll_forward(d, sfd, sub, record, rules, report, depth + 1);
		else if (S_ISREG(st.st_mode) && strcmp(sub, record) != 0)
			move_in(d, sfd, sub, rules, report, "file");
	}
	closedir(dp);
}

/* Recovers one dead build's staging folder sfd (named name). */
static int recover(struct tp_outdir *d, int sfd, const char *name, long pid, const char *record,
		   const struct tp_outdir_rules *rules, struct tp_buf *report, tp_err *e)
{
	/* What the dead build had moved tp_spot_aside goes back first, the record
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
		move_in(d, sfd, record, rules, report, "record");
		tp_buf_printf(report, "%s/%s: finished moving the files of a build that was stopped while moving its complete set into place (pid %ld)\n",
			      d->path, name, pid);
	} else {
		tp_buf_printf(report, "%s/%s: removed the unfinished files of a build that died (pid %ld)\n",
			      d->path, name, pid);
	}
	tp_stage_remove(d->fd, name, sfd);
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
		long pid = tp_stage_pid(de->d_name);
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
