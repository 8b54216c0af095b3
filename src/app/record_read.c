#include "app/record_read.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/build_record.h"
#include "core/alloc.h"
#include "core/sha256.h"
#include "print/output/outdir.h"

int tp_hash_fd(int fd, char hex[65], long long *bytes)
{
	struct tp_sha256 s;
	tp_sha256_init(&s);
	static unsigned char buf[65536];
	long long total = 0;
	for (;;) {
		ssize_t k = read(fd, buf, sizeof buf);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		if (k == 0)
			break;
		tp_sha256_add(&s, buf, (size_t)k);
		total += k;
	}
	tp_sha256_hex(&s, hex);
	*bytes = total;
	return 0;
}

static long long mtime_ns(const struct stat *st)
{
	return (long long)st->st_mtim.tv_sec * 1000000000LL + st->st_mtim.tv_nsec;
}

int tp_record_same(int fd, const struct stat *st, unsigned long long ino, long long bytes,
		   long long mtime, const char *sha)
{
	char hex[65];
	long long got = -1;
	return S_ISREG(st->st_mode) && st->st_ino == ino && st->st_size == bytes &&
	       mtime_ns(st) == mtime && lseek(fd, 0, SEEK_SET) == 0 &&
	       tp_hash_fd(fd, hex, &got) == 0 && got == bytes && strcmp(hex, sha) == 0;
}

const char *tp_rec_state_text(int state)
{
	switch (state) {
	case TP_REC_CHANGED: return "changed since tilepress wrote it";
	case TP_REC_GONE: return "gone";
	case TP_REC_UNSAFE: return "not a regular file, or reached through a symbolic link";
	case TP_REC_UNREADABLE: return "cannot be read (permission denied), so not checked against the record";
	default: return "as recorded";
	}
}

/* A JSON string starting at p (after its opening quote) into out; the
 * end of it (after the closing quote), or NULL when malformed or of an
 * escape a record never writes. */
static const char *json_string(const char *p, char *out, size_t n)
{
	size_t k = 0;
	for (; *p && *p != '"'; p++) {
		char ch = *p;
		if (ch == '\\') {
			p++;
			if (*p == '"' || *p == '\\')
				ch = *p;
			else if (*p == 'u' && strncmp(p + 1, "00", 2) == 0 && p[3] && p[4]) {
				char hx[3] = { p[3], p[4], 0 };
				ch = (char)strtol(hx, NULL, 16);
				p += 4;
			} else
				return NULL;
		}
		if (k + 1 >= n || ch == '\0')
			return NULL;
		out[k++] = ch;
	}
	if (*p != '"')
		return NULL;
	out[k] = '\0';
	return p + 1;
}

/* One "{ "path": ..., "bytes": N, "sha256": "HEX" }" line into r. */
static int parse_entry(const char *p, struct tp_record *r)
{
	char path[4096], hex[65];
	long long bytes;
	int used = 0;
	p = json_string(p, path, sizeof path);
	if (p == NULL || sscanf(p, ", \"bytes\": %lld, \"sha256\": \"%64[0-9a-f]\" }%n", &bytes, hex, &used) < 2 ||
	    used == 0 || strlen(hex) != 64)
		return 0;   /* not an entry tilepress writes: ignored */
	if (tp_grow((void **)&r->v, &r->cap, r->n + 1, sizeof *r->v, 64) != 0)
		return -1;
	char *copy = tp_malloc(strlen(path) + 1);
	if (copy == NULL)
		return -1;
	memcpy(copy, path, strlen(path) + 1);
	struct tp_rec_entry *en = &r->v[r->n++];
	en->path = copy;
	en->bytes = bytes;
	memcpy(en->sha256, hex, 65);
	en->state = TP_REC_GONE;
	return 0;
}

static int read_all(int fd, struct tp_buf *text)
{
	char buf[4096];
	for (;;) {
		ssize_t k = read(fd, buf, sizeof buf);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		if (k == 0)
			return text->oom ? -1 : 0;
		tp_buf_printf(text, "%.*s", (int)k, buf);
	}
}

static const char *kind_text(mode_t m)
{
	return S_ISDIR(m) ? "a folder" : S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) || S_ISBLK(m) ? "a device"
	       : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

int tp_record_load(int dirfd, const char *dir, struct tp_record *r, tp_err *e)
{
	memset(r, 0, sizeof *r);
	struct stat st;
	int fd = tp_safe_open(dirfd, TP_RECORD_NAME, &st, NULL, NULL);
	if (fd == -2)
		return tp_fail(e, TP_EINPUT, "%s/%s: %s stands where the build record goes; allowed: a regular file or nothing",
			       dir, TP_RECORD_NAME, kind_text(st.st_mode));
	if (fd < 0 && (errno == ELOOP || errno == ENOTDIR))
		return tp_fail(e, TP_EINPUT, "%s/%s: reached through a symbolic link; tilepress reads and writes no file through one",
			       dir, TP_RECORD_NAME);
	if (fd < 0 && errno == ENOENT)
		return TP_OK;
	if (fd < 0)
		return tp_fail(e, TP_EIO, "%s/%s: %s", dir, TP_RECORD_NAME, strerror(errno));
	r->found = 1;
	r->ino = st.st_ino;
	r->bytes = st.st_size;
	r->mtime_ns = mtime_ns(&st);
	struct tp_buf text = { 0 };
	int bad = read_all(fd, &text);
	close(fd);
	if (!bad && !text.oom) {
		struct tp_sha256 h;
		tp_sha256_init(&h);
		tp_sha256_add(&h, text.s ? text.s : "", text.len);
		tp_sha256_hex(&h, r->sha256);
	}
	if (bad) {
		tp_buf_free(&text);
		return tp_fail(e, TP_EIO, "%s/%s: cannot read it: %s", dir, TP_RECORD_NAME,
			       text.oom ? "out of memory" : strerror(errno));
	}
	r->ours = text.s && strncmp(text.s, "{\n  \"tool\": \"tilepress ", 23) == 0 &&
		  strstr(text.s, "\n  \"format\": \"" TP_RECORD_FORMAT "\",\n") != NULL;
	int rc = TP_OK;
	for (const char *p = text.s; r->ours && p && (p = strstr(p, "\n    { \"path\": \"")) != NULL;) {
		p += 16;
		if (parse_entry(p, r) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory reading %s/%s", dir, TP_RECORD_NAME);
	}
	tp_buf_free(&text);
	return rc;
}

void tp_record_verify(int dirfd, struct tp_record *r)
{
	for (size_t i = 0; i < r->n; i++) {
		struct tp_rec_entry *en = &r->v[i];
		struct stat st;
		errno = 0;
		int fd = tp_safe_open(dirfd, en->path, &st, NULL, NULL);
		if (fd < 0) {
			en->state = fd == -1 && errno == ENOENT ? TP_REC_GONE
				    : fd == -1 && (errno == EACCES || errno == EPERM) ? TP_REC_UNREADABLE
				    : TP_REC_UNSAFE;
			continue;
		}
		char hex[65];
		long long bytes = -1;
		en->state = st.st_size == en->bytes && tp_hash_fd(fd, hex, &bytes) == 0 &&
					    bytes == en->bytes && strcmp(hex, en->sha256) == 0
				    ? TP_REC_MATCH : TP_REC_CHANGED;
		en->ino = st.st_ino;
		en->mtime_ns = mtime_ns(&st);
		close(fd);
	}
}

const struct tp_rec_entry *tp_record_find(const struct tp_record *r, const char *rel)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->v[i].path, rel) == 0)
			return &r->v[i];
	return NULL;
}

void tp_record_free(struct tp_record *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->v[i].path);
	free(r->v);
	memset(r, 0, sizeof *r);
}
