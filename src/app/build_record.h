#ifndef TP_BUILD_RECORD_H
#define TP_BUILD_RECORD_H

/* The build record (manifest/build.json): what a build wrote, so that a
 * prepress operator sending "the folder" knows it is one build's set.
 * It names the tool, the game, the effective config and every file with
 * its size and SHA-256; stale files beside them are reported, and --clean
 * removes only what an earlier record lists (record_read.h). */

#include <stddef.h>
#include <sys/stat.h>

#include "app/record_read.h"
#include "core/status.h"
#include "core/strbuf.h"
#include "games/config.h"

#define TP_RECORD_NAME "manifest/build.json"

struct tp_written {
	char *name;         /* relative to the output folder (owned) */
	long long bytes;
	size_t sheet;       /* index in the game's sheets, or (size_t)-1 for manifest/ */
	char sha256[65];    /* its hash when the process that wrote it took it
			     * (tp_written_hash), else "": the record takes it */
};

struct tp_written_list {
	struct tp_written *v;
	size_t n, cap;
};

/* Appends one file; 0, or -1 when out of memory. */
int tp_written_add(struct tp_written_list *w, const char *name, long long bytes, size_t sheet);
void tp_written_free(struct tp_written_list *w);
/* Gives the last file added its SHA-256 (64 hex digits), taken by the
 * worker that wrote it, so the record need not read it again. */
void tp_written_hash(struct tp_written_list *w, const char *hex);

/* Writes dir/manifest/build.json atomically (hashing each file as it is
 * on disk now, unless its writer gave its hash); the files of old (the record this one replaces, verified,
 * or NULL) still there as it recorded them and not written again are kept
 * as earlier_files.  TP_OK, or TP_EIO naming the file. */
int tp_record_write(const char *dir, const struct tp_record *old, const struct tp_config *c,
		    const struct tp_written_list *w, long long epoch, tp_err *e);
/* The same, reading the files back from files_dir (they are in place
 * already: the record's rewrite after --clean). */
int tp_record_write_from(const char *dir, const char *files_dir, const struct tp_record *old,
			 const struct tp_config *c, const struct tp_written_list *w, long long epoch,
			 tp_err *e);

/* The judge of the output folder's moves (print/output/outdir.h): a file
 * may be replaced or removed only while a tilepress record lists it as it
 * is now, and (unless recovering) it is still the very file verified
 * (same inode, size, modification time and SHA-256); the record's own
 * place only while it holds the record loaded.  force lets any regular
 * file go.  recovering: the rules of a dead build's roll-forward, against
 * the record as it is now (tp_record_prepare loads it into fresh). */
struct tp_judge {
	const struct tp_record *old;
	int dirfd;
	const char *dir;
	int force, recovering;
	struct tp_record fresh;
};
int tp_record_judge(void *ctx, const char *rel, int fd, const struct stat *st, char *why, size_t n);
int tp_record_prepare(void *ctx, tp_err *e);

/* --clean, after the commit: removes the files old (a verified tilepress
 * record of the folder) lists that this build did not write (w) and that
 * are, at the moment each is removed, still the regular files verified
 * (the judge), through no symbolic link, and nothing else.  Each removed
 * entry's state becomes TP_REC_GONE (so a record written from old after
 * this no longer lists it; one kept as changed becomes TP_REC_CHANGED).
 * Files kept are named, with the reason, in kept.  Sets *removed, and
 * *changed to the entries whose state changed.  --force plays no part:
 * it replaces, it never removes a file tilepress did not write.  TP_OK. */
struct tp_outdir;
int tp_record_clean(struct tp_outdir *od, struct tp_record *old, const struct tp_written_list *w,
		    int *removed, int *changed, struct tp_buf *kept);

/* A build may replace a file only when a tilepress record lists it as it
 * is now (old, verified).  Any other file at one of the names w lists
 * (or at the record's) makes this TP_EINPUT naming them, unless force;
 * a folder, special file or symbolic link there always does. */
int tp_record_collisions(int dirfd, const char *dir, const struct tp_record *old,
			 const struct tp_written_list *w, int force, tp_err *e);

/* The config file the record in dir names ("config_file"), into out;
 * 0, or -1 when dir has no readable record naming one. */
int tp_record_config_file(const char *dir, char *out, size_t n);

/* Calls fn(path, ctx) for each file the record in dir lists (this and
 * earlier builds') that is still in dir.  0, or -1 when dir has no record
 * (or memory runs out reading it). */
int tp_record_each(const char *dir, void (*fn)(const char *path, void *ctx), void *ctx);

/* Files under dir (dot files, i.e. other builds' temporary files, aside)
 * that this build did not write, one relative path per line, into out. */
void tp_record_stale(const char *dir, const struct tp_written_list *w, struct tp_buf *out);

#endif
