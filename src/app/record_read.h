#ifndef TP_RECORD_READ_H
#define TP_RECORD_READ_H

/* Reading an output folder's build record back: the record is the
 * authority on which files tilepress wrote there.  Only a record that
 * names tilepress and this record format counts; a file it lists is
 * tilepress's to replace or remove only while it is a regular file, is
 * reached through no symbolic link, and has the size and SHA-256 the
 * record gives. */

#include <stddef.h>
#include <sys/stat.h>

#include "core/status.h"
#include "core/strbuf.h"

/* The line that marks a record tilepress wrote, and its format version. */
#define TP_RECORD_FORMAT "tilepress build record 1"

enum tp_rec_state {
	TP_REC_MATCH,     /* a regular file, size and SHA-256 as recorded */
	TP_REC_CHANGED,   /* a regular file whose size or SHA-256 differs */
	TP_REC_GONE,      /* nothing there */
	TP_REC_UNSAFE,    /* not a regular file, through a symbolic link, or a bad path */
	TP_REC_UNREADABLE, /* a regular file this process may not read (its mode) */
};

struct tp_rec_entry {
	char *path;          /* owned */
	long long bytes;
	char sha256[65];
	int state;           /* enum tp_rec_state, by tp_record_verify */
	/* As tp_record_verify saw it (a match): inode, modification time. */
	unsigned long long ino;
	long long mtime_ns;
};

struct tp_record {
	int found;           /* a record file is there */
	int ours;            /* ... written by tilepress in this format */
	struct tp_rec_entry *v;
	size_t n, cap;
	/* The record file as loaded (found): inode, size, modification
	 * time and SHA-256, for the moment it is replaced. */
	unsigned long long ino;
	long long bytes, mtime_ns;
	char sha256[65];
};

/* Whether the open file fd (fstat st) is still the one seen as ino,
 * bytes, mtime_ns of SHA-256 sha: same inode, size, modification time
 * and contents.  (Reads fd from its start.) */
int tp_record_same(int fd, const struct stat *st, unsigned long long ino, long long bytes,
		   long long mtime_ns, const char *sha);

/* Loads dir's record (dirfd: the folder's descriptor) into r.  No record:
 * r->found 0.  A FIFO, device or folder at the record's path, or a path
 * through a symbolic link: TP_EINPUT at once.  TP_OK, or fills e. */
int tp_record_load(int dirfd, const char *dir, struct tp_record *r, tp_err *e);

/* Sets each entry's state from what is on disk now. */
void tp_record_verify(int dirfd, struct tp_record *r);

/* The entry for rel, or NULL. */
const struct tp_rec_entry *tp_record_find(const struct tp_record *r, const char *rel);

void tp_record_free(struct tp_record *r);

/* SHA-256 of the open file fd as 64 hex digits, and its size.  0 or -1. */
int tp_hash_fd(int fd, char hex[65], long long *bytes);

/* "changed since", "a symbolic link or not a regular file", ...: why an
 * entry is not tilepress's to touch any more. */
const char *tp_rec_state_text(int state);

#endif
