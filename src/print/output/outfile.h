#ifndef TP_OUTFILE_H
#define TP_OUTFILE_H

/* Atomic output files: everything is written under a temporary name in the
 * target folder and renamed into place only once complete and closed, so a
 * failure or an interrupt never leaves a partial file, and an earlier good
 * file of the same name survives until the new one is whole. */

#include <signal.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#include "core/status.h"

struct tp_out {
	char final[PATH_MAX];
	char tmp[PATH_MAX];
	FILE *f;
	int slot;
	int dirfd;                 /* the folder of final and tmp */
	char leaf[NAME_MAX + 1];   /* final's and tmp's names in it */
	char tmp_leaf[NAME_MAX + 1];
};

/* The root of every file written from now on (in this process and the
 * workers it forks): a path dir that is path, or below it, is reached
 * from fd one component at a time with O_NOFOLLOW, never by its path (a
 * folder swapped for a symbolic link during the build receives nothing).
 * fd -1: none (paths are opened as given).  fd is not owned. */
void tp_out_set_root(int fd, const char *path);

/* A descriptor of the folder dir (through the root when under it),
 * creating it when create is set; -1 with errno. */
int tp_out_dir(const char *dir, int create);

/* Opens the file path (through the root when under it) for reading,
 * following no symbolic link at its last component.  -1 with errno. */
int tp_out_open_read(const char *path);

/* Creates dir/.name.XXXXXX (openat, O_EXCL) and opens it.  TP_OK or TP_EIO. */
int tp_out_open(struct tp_out *o, const char *dir, const char *name, tp_err *e);
/* Flushes, syncs, closes (all checked) and renames into place.  On any
 * failure removes the temporary file and returns TP_EIO naming the file.
 * While tp_out_sync_later is on, the sync is left to whoever turned it on. */
int tp_out_commit(struct tp_out *o, tp_err *e);

/* Files committed from now on (in this process and the workers it forks)
 * are synced later by the caller (on 1: tp_out_sync_file), or each as it
 * is committed (on 0, the default).  A build turns it on for its tasks: the
 * workers never wait for the disk, and the parent, idle while they draw,
 * syncs each task's files as the task reports (app/build.h). */
void tp_out_sync_later(int on);
int tp_out_syncing_later(void);

/* Syncs the file at path (written and renamed).  0, or -1 with errno. */
int tp_out_sync_file(const char *path);
/* Closes and removes the temporary file; safe on an unopened tp_out. */
void tp_out_abort(struct tp_out *o);

/* Writes a whole buffer as dir/name, atomically. */
int tp_out_write(const char *dir, const char *name, const void *data, size_t len,
		 tp_err *e);

/* Creates dir and its parents (mode 0777 & ~umask).  TP_OK or TP_EIO. */
int tp_mkdirs(const char *dir, tp_err *e);

/* Installs handlers so SIGINT, SIGTERM and SIGHUP remove the temporary
 * files of a build before the process dies of the signal; SIGXFSZ is
 * ignored, so a file past the size limit fails its write (EFBIG). */
void tp_out_install_signals(void);

/* Hold the handled signals (SIGINT, SIGTERM, SIGHUP, SIGXFSZ) across a
 * step the handler must not interrupt half-way, such as creating a
 * temporary file or starting a worker and recording its pid; a signal that
 * arrives meanwhile is delivered at tp_out_release_signals. */
void tp_out_hold_signals(sigset_t *old);
void tp_out_release_signals(const sigset_t *old);

/* Worker processes to pass a fatal signal on to, so that they remove
 * their own temporary files too. */
void tp_out_watch_child(int pid);
void tp_out_unwatch_child(int pid);
/* The staging folder (outdir.h) the handler removes, after the workers,
 * when a handled signal ends the build. */
void tp_out_watch_stage(int dirfd, const char *name, int stagefd);
void tp_out_unwatch_stage(void);

/* In a new worker: the parent's children are not its to signal, nor the
 * staging folder its to remove. */
void tp_out_forget_children(void);

#endif
