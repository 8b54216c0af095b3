#ifndef TP_OUTDIR_H
#define TP_OUTDIR_H

/* The output folder as a transaction.  A build locks the folder (flock on
 * the folder itself, so no lock file is left behind), writes every file
 * into its own staging folder inside it (.tilepress-stage.PID: the same
 * file system, so the final renames are atomic), writes its record there
 * last, and only then moves the files into place, the record last of all.
 * A failed or killed build leaves the previous set and its record; a
 * build killed during the moves (marked by a file in its staging folder)
 * is finished by the next one.  Paths inside the folder are opened
 * from its descriptor one component at a time with O_NOFOLLOW, so nothing
 * is read, written or removed through a symbolic link. */

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
};

/* Creates path (and its parents), opens and locks it.  When another build
 * holds the lock: waits for it if wait is set, else TP_EIO saying so.
 * On failure d needs no tp_outdir_close. */
int tp_outdir_open(struct tp_outdir *d, const char *path, int wait, int quiet, tp_err *e);

/* Staging folders of builds that died (the pid in their name no longer
 * runs): one that had begun its moves (tp_outdir_mark) with its record
 * (a relative path) staged is moved into place; any other is removed.  One line per
 * folder into report. */
int tp_outdir_sweep(struct tp_outdir *d, const char *record, struct tp_buf *report, tp_err *e);

/* Creates this build's staging folder.  TP_OK or TP_EIO. */
int tp_outdir_stage(struct tp_outdir *d, tp_err *e);

/* Marks the staging folder as complete, the moves about to begin: from
 * here a build that dies is finished by the next.  TP_OK or TP_EIO. */
int tp_outdir_mark(struct tp_outdir *d, tp_err *e);

/* Moves names[0..n-1] (relative paths, the record among them or not)
 * and then record from staging into place, creating subfolders as needed
 * (never through a symbolic link), then removes the staging folder.  The
 * handled signals are held meanwhile. */
int tp_outdir_commit(struct tp_outdir *d, const char *const *names, size_t n,
		     const char *record, tp_err *e);

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
