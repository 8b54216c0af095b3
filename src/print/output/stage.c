/* The staging folder's moves (stage.h). */

#include "print/output/stage.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/sha256.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE 1
#endif

/* A test hook, inert unless set: the move into place of rel fails. */
static int fail_move(const char *rel)
{
	const char *want = getenv("TP_TEST_FAIL_MOVE");
	return want && strcmp(want, rel) == 0;
}

/* renameat that never replaces: 0, or -1 with errno (EEXIST: something
 * stands at the target).  On a file system without RENAME_NOREPLACE, a
 * look first. */
int tp_stage_rename_noreplace(int fromfd, const char *from, int tofd, const char *to)
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
int tp_stage_hash_fd(int fd, char hex[65])
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
void tp_stage_remove(int dirfd, const char *name, int sfd)
{
	remove_contents(sfd, 0);
	unlinkat(dirfd, name, AT_REMOVEDIR);
}

void tp_spot_close(struct tp_spot *s)
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
int tp_spot_open(const struct tp_outdir *d, int stagefd, const char *rel, struct tp_spot *s,
		     int create_to)
{
	s->from = s->to = s->back = -1;
	char prel[PATH_MAX];
	s->n = tp_path_split(rel, s->buf, sizeof s->buf, s->parts, 64);
	if (s->n < 0 || (size_t)snprintf(prel, sizeof prel, "%s/%s", PREV, rel) >= sizeof prel ||
	    (s->pn = tp_path_split(prel, s->pbuf, sizeof s->pbuf, s->pparts, 65)) < 0) {
		errno = EINVAL;
		return -1;
	}
	s->leaf = s->parts[s->n - 1];
	s->to = tp_path_dirs(d->fd, s->parts, s->n, create_to);
	if (s->to < 0)
		return -1;
	s->back = tp_path_dirs(stagefd, s->pparts, s->pn, 1);
	if (s->back < 0) {
		tp_spot_close(s);
		return -1;
	}
	s->from = tp_path_dirs(stagefd, s->parts, s->n, 0);
	return 0;
}

/* Moves what stands at the spot's target tp_spot_aside into back, and judges it.
 * *had: something was there.  1: it may go (it is tp_spot_aside now); 0: it is
 * kept (put back; why says why, or "cannot put it back" when that
 * failed: it is then in the staging folder's .prev/); -1: errno. */
int tp_spot_aside(const struct tp_spot *s, const char *rel, const struct tp_outdir_rules *rules,
		 int *had, char *why, size_t n)
{
	*had = 0;
	if (tp_stage_rename_noreplace(s->to, s->leaf, s->back, s->leaf) != 0) {
		if (errno == ENOENT)
			return 1;
		if (errno == EEXIST)
			errno = EBUSY;   /* an earlier file of that name tp_spot_aside already */
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
	if (!ok && tp_stage_rename_noreplace(s->back, s->leaf, s->to, s->leaf) != 0) {
		/* Another file took its place in the moment between: this
		 * one is kept beside it, under a name of its own. */
		char alt[NAME_MAX + 1];
		snprintf(alt, sizeof alt, "%.*s.kept", NAME_MAX - 5, s->leaf);
		if (tp_stage_rename_noreplace(s->back, s->leaf, s->to, alt) == 0)
			snprintf(why + strlen(why), n - strlen(why), "; another file took its place meanwhile: it is kept as %s", alt);
	}
	return ok;
}

/* Puts back what tp_spot_aside moved (the commit undone). */
void tp_spot_put_back(const struct tp_spot *s)
{
	tp_stage_rename_noreplace(s->back, s->leaf, s->to, s->leaf);
}

/* Moves the staged file into place: 0, or -1 with errno (EEXIST: a file
 * appeared at the name since it was moved tp_spot_aside). */
int tp_spot_move_in(const struct tp_spot *s, const char *rel, struct tp_move *m)
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
	if (tp_stage_rename_noreplace(s->from, s->leaf, s->to, s->leaf) != 0)
		return -1;
	m->moved = 1;
	m->ino = st.st_ino;
	return 0;
}
