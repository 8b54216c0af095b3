#ifndef TP_STAGE_H
#define TP_STAGE_H

/* The staging folder's moves, shared by the commit (outdir.c) and the
 * recovery of a dead build's folder (recover.c): a file's place in the
 * staging folder, in the output folder and in the staging folder's .prev/
 * (what was moved aside); each step a rename relative to those folders'
 * descriptors, never replacing what stands at the target. */

#include <sys/stat.h>

#include "core/strbuf.h"
#include "print/output/outdir.h"

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

/* Where one file goes: its folders in the staging folder (from), in the
 * output folder (to) and in the staging folder's .prev/ (back), each -1
 * until opened, and its last component. */
struct tp_spot {
	int from, to, back;
	const char *leaf;
	char buf[PATH_MAX], pbuf[PATH_MAX];
	const char *parts[64], *pparts[65];
	int n, pn;
};

/* One move of a commit: whether something stood there (had), whether the
 * new file went in (moved), and the new file's inode. */
struct tp_move {
	char had, moved;
	ino_t ino;
};

/* Splits rel into components in buf (NUL-separated); the count, or -1
 * when a component is empty, "." or "..", or rel is absolute. */
int tp_path_split(const char *rel, char *buf, size_t size, const char **parts, int max);
/* Opens the folders holding the file parts[n-1] below dirfd, never
 * through a symbolic link, creating missing ones when create is set.  A
 * descriptor, or -1 with errno. */
int tp_path_dirs(int dirfd, const char **parts, int n, int create);

/* renameat that never replaces: 0, or -1 with errno (EEXIST). */
int tp_stage_rename_noreplace(int fromfd, const char *from, int tofd, const char *to);
/* SHA-256 of the open file fd as hex.  0 or -1. */
int tp_stage_hash_fd(int fd, char hex[65]);
/* Removes the staging folder name (descriptor sfd) under dirfd. */
void tp_stage_remove(int dirfd, const char *name, int sfd);
/* The pid in a staging folder's name, or 0 when it is not one. */
long tp_stage_pid(const char *name);
/* The marker text binding the staging folder sfd to itself. */
void tp_stage_marker(int sfd, char *buf, size_t n);

/* Opens the folders of rel: to (created when create_to), back (created),
 * from (when there).  0, or -1 with errno. */
int tp_spot_open(const struct tp_outdir *d, int stagefd, const char *rel, struct tp_spot *s,
		 int create_to);
void tp_spot_close(struct tp_spot *s);
/* Moves what stands at the target aside into back and judges it.  *had:
 * something was there.  1: it may go (it is aside); 0: kept (put back;
 * why says why); -1: errno. */
int tp_spot_aside(const struct tp_spot *s, const char *rel, const struct tp_outdir_rules *rules,
		  int *had, char *why, size_t n);
/* Puts back what aside moved. */
void tp_spot_put_back(const struct tp_spot *s);
/* Moves the staged file into place (m: its inode, moved).  0, or -1 with
 * errno (EEXIST: a file appeared at the name). */
int tp_spot_move_in(const struct tp_spot *s, const char *rel, struct tp_move *m);

#endif
