#ifndef TP_OUTDIR_H
#define TP_OUTDIR_H

/* The output folder as a transaction.  A build locks the folder (flock on
 * the folder itself, so no lock file is left behind), writes every file
 * into its own staging folder inside it (.tilepress-stage.PID: the same
 * file system, so the final renames are atomic), writes its record there
 * last, and only then moves the files into place, the record last of all.
 *
 * One descriptor all the way down: the output folder and the staging
 * folder are opened once (O_DIRECTORY, O_NOFOLLOW); every file, in this
 * process and in the workers, is created and moved relative to those
 * descriptors (outfile.h: tp_out_set_root), so a folder swapped for a
 * symbolic link during the build receives nothing.  A staging folder
 * carries a marker binding it to itself (its device and inode), and only
 * folders with that marker are ever recovered or removed.
 *
 * Decided at the moment of acting: the commit moves each file it replaces
 * aside (into the staging folder's .prev/), asks a judge whether what it
 * moved is what the record allows it to replace, and puts it back when
 * not; a file kept, or a move that fails, rolls back every move already
 * made, so the folder holds the earlier set or the new one, never a mix.
 * A build killed during the moves is finished by the next under the same
 * judge. */

#include <limits.h>
#include <stddef.h>
#include <sys/stat.h>

#include "core/status.h"
#include "core/strbuf.h"

#define TP_STAGE_PREFIX ".tilepress-stage."

struct tp_outdir {
	const char *path;          /* the output folder as given (not owned) */
	int fd;                    /* its descriptor, holding the lock */
	char stage[PATH_MAX];      /* path of this build's staging folder */
	char stage_name[64];       /* its name inside the folder */
	int stage_fd;              /* -1 until tp_outdir_stage */
	int committed;             /* the set is in place: the staging folder's
				    * .prev/ holds only what it replaced */
};

/* Creates path (and its parents), opens and locks it.  When another build
 * holds the lock: waits for it if wait is set, else TP_EIO saying so.
 * On failure d needs no tp_outdir_close. */
int tp_outdir_open(struct tp_outdir *d, const char *path, int wait, int quiet, tp_err *e);

/* The judge of the commit and of recovery: may the file now at rel (fd,
 * st: what stood there, moved aside) be replaced or removed?  1 yes; 0 no
 * (it is kept; why says why, in n bytes). */
typedef int (*tp_outdir_judge_fn)(void *ctx, const char *rel, int fd, const struct stat *st,
				  char *why, size_t n);

/* Recovery, given the judge and its ctx.  prepare (may be NULL) is called
 * before a dead build's moves are judged: it loads what the judge needs
 * (the folder's record as it is now). */
struct tp_outdir_rules {
	tp_outdir_judge_fn judge;
	int (*prepare)(void *ctx, tp_err *e);
	void *ctx;
};

/* Staging folders of builds that died (the folder's lock, held by the
 * caller, says no build is running): files moved aside and not yet
 * replaced are put back; a folder that had begun its moves (tp_outdir_mark,
 * bound to its staged record by the record's SHA-256) is finished under
 * the rules (a file the judge keeps is kept and named); any other of our
 * staging folders is removed.  A folder of that name without our marker
 * is left alone (an empty one is removed).  One line per folder into
 * report; every file kept is named there too. */
int tp_outdir_sweep(struct tp_outdir *d, const char *record, const struct tp_outdir_rules *rules,
		    struct tp_buf *report, tp_err *e);

/* Creates this build's staging folder and its marker, and makes it the
 * root of every file written from now on (outfile.h).  TP_OK or TP_EIO. */
int tp_outdir_stage(struct tp_outdir *d, tp_err *e);

/* Marks the staging folder as complete, the moves about to begin: from
 * here a build that dies is finished by the next.  The mark holds the
 * SHA-256 of the staged record (a relative path).  TP_OK or TP_EIO. */
int tp_outdir_mark(struct tp_outdir *d, const char *record, tp_err *e);

/* Moves names[0..n-1] (relative paths, the record among them or not) and
 * then record from staging into place, creating subfolders as needed
 * (never through a symbolic link).  Each file it would replace is first
 * moved aside and judged (rules->judge); one kept, a move that fails, or
 * a file that appears at a name meanwhile undoes every move made and
 * returns TP_EINPUT (kept: named in e) or TP_EIO.  The handled signals are
 * held meanwhile.  The staging folder stays (tp_outdir_finish). */
int tp_outdir_commit(struct tp_outdir *d, const char *const *names, size_t n,
		     const char *record, const struct tp_outdir_rules *rules, tp_err *e);

/* Removes the file at rel, moving it into the staging folder first and
 * asking the judge of what was moved: kept (put back) unless it allows.
 * 1 removed, 0 kept (why in why), -1 with errno. */
int tp_outdir_remove(struct tp_outdir *d, const char *rel, const struct tp_outdir_rules *rules,
		     char *why, size_t n);

/* Replaces rel with the staging folder's file of that name when what
 * stands at rel now is the file of inode ino (or nothing, ino 0): the
 * record's rewrite after --clean.  TP_OK, TP_EINPUT (something else is
 * there: kept), or TP_EIO. */
int tp_outdir_replace(struct tp_outdir *d, const char *rel, ino_t ino, tp_err *e);

/* The inode of rel in the output folder (0: none or not a regular file). */
ino_t tp_outdir_inode(const struct tp_outdir *d, const char *rel);

/* Removes the staging folder of a committed build. */
void tp_outdir_finish(struct tp_outdir *d);

/* Opens the folder rel (a relative path) below dirfd, one component at a
 * time with O_NOFOLLOW, creating missing ones when create is set.  A
 * descriptor (O_CLOEXEC), or -1 with errno. */
int tp_safe_dir(int dirfd, const char *rel, int create);

/* A test hook, inert unless the environment's TP_TEST_PAUSE names point:
 * then the process stops itself (SIGSTOP) there, for a test to change the
 * folder under it and then continue it (SIGCONT) or kill it. */
void tp_test_pause(const char *point);

/* Removes the staging folder (if any), releases the lock, closes. */
void tp_outdir_close(struct tp_outdir *d);

/* Opens rel (a relative path inside the folder of dirfd) for reading,
 * one component at a time with O_NOFOLLOW, and fstat()s it into st.
 * Returns the descriptor; -2 when it is not a regular file (st says what
 * it is; it is not opened); or -1 with errno: ELOOP or ENOTDIR when a
 * component is a symbolic link, EINVAL for a path with an empty, "." or
 * ".." component or a leading '/'.  The descriptor is O_CLOEXEC.  When
 * parent is set it receives a descriptor of the folder holding the file
 * (the caller closes it) and *leaf the last component. */
int tp_safe_open(int dirfd, const char *rel, struct stat *st, int *parent, const char **leaf);

/* What stands at rel: 0 nothing, 1 a regular file, 2 something else
 * (a folder, FIFO, device, or a symbolic link anywhere on the way), -1 on
 * an error other than absence (errno set). */
int tp_safe_kind(int dirfd, const char *rel);

#endif
