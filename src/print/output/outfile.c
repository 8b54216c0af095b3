#include "print/output/outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/trace.h"

#include "print/output/jobs.h"
#include "print/output/outdir.h"

/* Temporary files in flight, for the signal handler: it may only call
 * async-signal-safe functions, so it reads these fixed slots directly. */
#define MAX_OPEN 16
static char open_tmp[MAX_OPEN][NAME_MAX + 1];
static int open_dirfd[MAX_OPEN];
static volatile sig_atomic_t open_used[MAX_OPEN];

/* The root (tp_out_set_root). */
static int root_fd = -1;
static char root_path[PATH_MAX];

void tp_out_set_root(int fd, const char *path)
{
	root_fd = -1;
	if (fd >= 0 && (size_t)snprintf(root_path, sizeof root_path, "%s", path) < sizeof root_path)
		root_fd = fd;
}

int tp_out_dir(const char *dir, int create)
{
	size_t k = strlen(root_path);
	if (root_fd >= 0 && strncmp(dir, root_path, k) == 0 && (dir[k] == '\0' || dir[k] == '/'))
		return tp_safe_dir(root_fd, dir[k] ? dir + k + 1 : "", create);
	if (create) {
		tp_err e = { 0 };
		if (tp_mkdirs(dir, &e) != TP_OK) {
			errno = ENOTDIR;
			return -1;
		}
	}
	return open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

int tp_out_open_read(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	if ((size_t)snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1,
			     slash ? path : ".") >= sizeof dir) {
		errno = ENAMETOOLONG;
		return -1;
	}
	int dfd = tp_out_dir(dir, 0);
	if (dfd < 0)
		return -1;
	int fd = openat(dfd, slash ? slash + 1 : path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	int err = errno;
	close(dfd);
	errno = err;
	return fd;
}

/* The signals that end a build cleanly (tp_out_install_signals). */
static const int handled_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGXFSZ };

#define MAX_CHILDREN TP_MAX_JOBS
static volatile sig_atomic_t children[MAX_CHILDREN];

/* The build's staging folder (outdir.h): its parent folder's descriptor
 * and its name, removed by the handler once every worker is gone. */
static volatile sig_atomic_t stage_dirfd = -1;
static volatile sig_atomic_t stage_fd = -1;
static char stage_name[64];

void tp_out_watch_stage(int dirfd, const char *name, int stagefd)
{
	stage_dirfd = -1;
	snprintf(stage_name, sizeof stage_name, "%s", name);
	stage_fd = stagefd;
	stage_dirfd = dirfd;
}

void tp_out_unwatch_stage(void)
{
	stage_dirfd = -1;
}

/* A record as the getdents64 system call returns it. */
struct raw_dirent {
	unsigned long long d_ino;
	long long d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/* Removes everything in the folder fd with what a signal handler may
 * call: raw getdents64 into static buffers (one a level), unlinkat, no
 * malloc; then the folder name under dirfd when dirfd >= 0. */
static void remove_tree_raw(int dirfd, const char *name, int fd, int depth)
{
	static char bufs[4][4096];
	if (fd < 0)
		return;
	lseek(fd, 0, SEEK_SET);
	long n;
	while ((n = syscall(SYS_getdents64, fd, bufs[depth], sizeof bufs[depth])) > 0) {
		for (long off = 0; off < n;) {
			struct raw_dirent *de = (struct raw_dirent *)(bufs[depth] + off);
			off += de->d_reclen;
			if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
				continue;
			if (de->d_type == DT_DIR && depth + 1 < 4) {
				int sub = openat(fd, de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
				remove_tree_raw(fd, de->d_name, sub, depth + 1);
				if (sub >= 0)
					close(sub);
			} else {
				unlinkat(fd, de->d_name, 0);
			}
		}
	}
	if (dirfd >= 0)
		unlinkat(dirfd, name, AT_REMOVEDIR);
}

void tp_out_hold_signals(sigset_t *old)
{
	sigset_t held;
	sigemptyset(&held);
	for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++)
		sigaddset(&held, handled_signals[i]);
	sigprocmask(SIG_BLOCK, &held, old);
}

void tp_out_release_signals(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

void tp_out_watch_child(int pid)
{
	for (int i = 0; i < MAX_CHILDREN; i++)
		if (children[i] == 0) {
			children[i] = pid;
			return;
		}
}

void tp_out_forget_children(void)
{
	stage_dirfd = -1;   /* the parent removes it */
	stage_fd = -1;
	for (int i = 0; i < MAX_CHILDREN; i++)
		children[i] = 0;
}

void tp_out_unwatch_child(int pid)
{
	for (int i = 0; i < MAX_CHILDREN; i++)
		if (children[i] == pid)
			children[i] = 0;
}

static void on_signal(int sig)
{
	for (int i = 0; i < MAX_OPEN; i++)
		if (open_used[i])
			unlinkat(open_dirfd[i], open_tmp[i], 0);
	for (int i = 0; i < MAX_CHILDREN; i++)
		if (children[i] > 0)
			kill(children[i], sig);
	/* Each worker removes its own temporary files as it dies; the parent
	 * exits only after all of them, so that none outlives the build.
	 * (waitpid is async-signal-safe.) */
	for (int i = 0; i < MAX_CHILDREN; i++)
		if (children[i] > 0) {
			int st;
			while (waitpid(children[i], &st, 0) < 0 && errno == EINTR)
				;
			children[i] = 0;
		}
	if (stage_dirfd >= 0)
		remove_tree_raw(stage_dirfd, stage_name, stage_fd, 0);
	signal(sig, SIG_DFL);
	raise(sig);
}

void tp_out_install_signals(void)
{
	const int *sigs = handled_signals;
	for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) {
		struct sigaction sa;
		struct sigaction old;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		/* SIGXFSZ ignored turns a file past the size limit into a
		 * write that fails with EFBIG, which names the file. */
		if (sigs[i] == SIGXFSZ)
			sa.sa_handler = SIG_IGN;
		sigaction(sigs[i], &sa, NULL);
	}
}

/* A name for a temporary file: a dot, the file's name, a dot and six
 * characters that differ each try. */
static void tmp_name(char *buf, size_t n, const char *name, unsigned try)
{
	static const char digits[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	unsigned long v = (unsigned long)ts.tv_nsec ^ ((unsigned long)getpid() << 16) ^ (try * 2654435761u);
	char suffix[7];
	for (int i = 0; i < 6; i++, v /= 62)
		suffix[i] = digits[v % 62];
	suffix[6] = '\0';
	snprintf(buf, n, ".%.*s.%s", NAME_MAX - 9, name, suffix);
}

int tp_out_open(struct tp_out *o, const char *dir, const char *name, tp_err *e)
{
	memset(o, 0, sizeof *o);
	o->slot = -1;
	o->dirfd = -1;
	/* name may hold folders ("manifest/x.csv"): its folder joins dir. */
	const char *slash = strrchr(name, '/');
	char full[PATH_MAX];
	if ((size_t)snprintf(o->final, sizeof o->final, "%s/%s", dir, name) >= sizeof o->final ||
	    (size_t)snprintf(full, sizeof full, "%s%s%.*s", dir, slash ? "/" : "",
			     slash ? (int)(slash - name) : 0, name) >= sizeof full ||
	    strlen(slash ? slash + 1 : name) + 9 > NAME_MAX)
		return tp_fail(e, TP_EIO, "%s/%s: path too long", dir, name);
	snprintf(o->leaf, sizeof o->leaf, "%s", slash ? slash + 1 : name);
	int slot = -1;
	for (int i = 0; i < MAX_OPEN; i++)
		if (!open_used[i]) {
			slot = i;
			break;
		}
	if (slot < 0)
		return tp_fail(e, TP_EIO, "%s: too many files open at once", o->final);
	o->dirfd = tp_out_dir(full, 0);
	if (o->dirfd < 0)
		return tp_fail(e, TP_EIO, "%s: cannot open its folder: %s", o->final, strerror(errno));
	/* The file exists from its creation on, so a signal must not land
	 * before the handler can see its name: hold them until it is
	 * registered. */
	sigset_t old;
	tp_out_hold_signals(&old);
	int fd = -1, mk_err = EEXIST;
	for (unsigned try = 0; fd < 0 && mk_err == EEXIST && try < 100; try++) {
		tmp_name(o->tmp_leaf, sizeof o->tmp_leaf, o->leaf, try);
		fd = openat(o->dirfd, o->tmp_leaf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		mk_err = errno;
	}
	if (fd >= 0) {
		memcpy(open_tmp[slot], o->tmp_leaf, sizeof o->tmp_leaf);
		open_dirfd[slot] = o->dirfd;
		open_used[slot] = 1;
		o->slot = slot;
	}
	tp_out_release_signals(&old);
	snprintf(o->tmp, sizeof o->tmp, "%s/%s", full, o->tmp_leaf);
	if (fd < 0) {
		close(o->dirfd);
		o->dirfd = -1;
		return tp_fail(e, TP_EIO, "%s: cannot create a file in %s: %s", o->final, dir,
			       strerror(mk_err));
	}
	if ((o->f = fdopen(fd, "wb")) == NULL) {
		int err = errno;
		close(fd);
		tp_out_abort(o);
		return tp_fail(e, TP_EIO, "%s: %s", o->final, strerror(err));
	}
	return TP_OK;
}

static void release(struct tp_out *o)
{
	if (o->slot >= 0) {
		open_used[o->slot] = 0;
		o->slot = -1;
	}
	if (o->dirfd >= 0) {
		close(o->dirfd);
		o->dirfd = -1;
	}
}

void tp_out_abort(struct tp_out *o)
{
	if (o->f) {
		fclose(o->f);
		o->f = NULL;
	}
	if (o->slot >= 0)
		unlinkat(o->dirfd, o->tmp_leaf, 0);
	release(o);
}

static int sync_later;

void tp_out_sync_later(int on)
{
	sync_later = on;
}

int tp_out_syncing_later(void)
{
	return sync_later;
}

int tp_out_sync_file(const char *path)
{
	struct tp_trace t;
	tp_trace_start(&t);
	int fd = tp_out_open_read(path);
	int rc = fd < 0 || (fsync(fd) != 0 && errno != EINVAL) ? -1 : 0;
	if (fd >= 0) {
		int err = errno;
		close(fd);
		errno = err;
	}
	tp_trace_end(&t, "fsync");
	return rc;
}

int tp_out_commit(struct tp_out *o, tp_err *e)
{
	int err = 0;
	if (fflush(o->f) != 0 || ferror(o->f))
		err = errno ? errno : EIO;
	/* With the sync left to the caller (a build's parent, as each task
	 * reports) this process never waits for the disk. */
	if (!err && !sync_later) {
		struct tp_trace t;
		tp_trace_start(&t);
		if (fsync(fileno(o->f)) != 0 && errno != EINVAL)
			err = errno;
		tp_trace_end(&t, "fsync");
	}
	int closed = fclose(o->f);
	o->f = NULL;
	if (!err && closed != 0)
		err = errno;
	if (!err && renameat(o->dirfd, o->tmp_leaf, o->dirfd, o->leaf) != 0)
		err = errno;
	if (err) {
		unlinkat(o->dirfd, o->tmp_leaf, 0);
		release(o);
		return tp_fail(e, TP_EIO, "%s: write failed: %s", o->final, strerror(err));
	}
	release(o);
	return TP_OK;
}

int tp_out_write(const char *dir, const char *name, const void *data, size_t len,
		 tp_err *e)
{
	struct tp_out o;
	int rc = tp_out_open(&o, dir, name, e);
	if (rc != TP_OK)
		return rc;
	if (len > 0 && fwrite(data, 1, len, o.f) != len) {
		int err = errno;
		tp_out_abort(&o);
		return tp_fail(e, TP_EIO, "%s: write failed: %s", o.final, strerror(err ? err : EIO));
	}
	return tp_out_commit(&o, e);
}

int tp_mkdirs(const char *dir, tp_err *e)
{
	size_t k = strlen(root_path);
	if (root_fd >= 0 && strncmp(dir, root_path, k) == 0 && (dir[k] == '\0' || dir[k] == '/')) {
		int fd = tp_out_dir(dir, 1);
		if (fd < 0)
			return tp_fail(e, TP_EIO, "%s: cannot create folder: %s", dir, strerror(errno));
		close(fd);
		return TP_OK;
	}
	char path[PATH_MAX];
	if ((size_t)snprintf(path, sizeof path, "%s", dir) >= sizeof path)
		return tp_fail(e, TP_EIO, "%s: path too long", dir);
	for (char *p = path + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char saved = *p;
			*p = '\0';
			if (mkdir(path, 0777) != 0 && errno != EEXIST)
				return tp_fail(e, errno == ENOTDIR ? TP_EINPUT : TP_EIO,
					       "%s: cannot create folder: %s", path, strerror(errno));
			*p = saved;
			if (saved == '\0')
				break;
		}
	}
	struct stat st;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return tp_fail(e, TP_EINPUT, "%s: not a folder; -o names the folder the files go into", dir);
	return TP_OK;
}
