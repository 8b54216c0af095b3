#include "app/build_record.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/config_load.h"
#include "core/alloc.h"
#include "core/regfile.h"
#include "games/game.h"
#include "print/output/outdir.h"
#include "print/output/outfile.h"

int tp_written_add(struct tp_written_list *w, const char *name, long long bytes, size_t sheet)
{
	if (tp_grow((void **)&w->v, &w->cap, w->n + 1, sizeof *w->v, 64) != 0)
		return -1;
	char *copy = tp_malloc(strlen(name) + 1);
	if (copy == NULL)
		return -1;
	memcpy(copy, name, strlen(name) + 1);
	w->v[w->n++] = (struct tp_written){ copy, bytes, sheet, "" };
	return 0;
}

void tp_written_hash(struct tp_written_list *w, const char *hex)
{
	if (w->n > 0 && strlen(hex) == 64)
		memcpy(w->v[w->n - 1].sha256, hex, 65);
}

void tp_written_free(struct tp_written_list *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->v[i].name);
	free(w->v);
	memset(w, 0, sizeof *w);
}

static int written(const struct tp_written_list *w, const char *rel);

/* An entry of the files lists. */
static void entry(struct tp_buf *b, const char *path, long long bytes, const char *hex, int last)
{
	tp_buf_printf(b, "    { \"path\": ");
	tp_buf_json_str(b, path);
	tp_buf_printf(b, ", \"bytes\": %lld, \"sha256\": \"%s\" }%s\n", bytes, hex, last ? "" : ",");
}

/* The text of dir's build record, or NULL (none, not a regular file, or
 * out of memory). */
static char *read_record(const char *dir)
{
	char path[PATH_MAX + 64];
	snprintf(path, sizeof path, "%s/%s", dir, TP_RECORD_NAME);
	const char *why;
	FILE *f = tp_fopen_regular(path, &why);
	if (f == NULL)
		return NULL;
	struct tp_buf text = { 0 };
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		tp_buf_printf(&text, "%.*s", (int)n, buf);
	fclose(f);
	if (text.oom) {
		tp_buf_free(&text);
		return NULL;
	}
	return text.s;
}

int tp_record_config_file(const char *dir, char *out, size_t n)
{
	char *text = read_record(dir);
	const char *p = text ? strstr(text, "\"config_file\": \"") : NULL;
	int rc = -1;
	if (p) {
		size_t k = 0;
		for (p += strlen("\"config_file\": \""); *p && *p != '"' && k + 1 < n; p++) {
			if (*p == '\\' && p[1])
				p++;   /* the record escapes only quotes and backslashes in paths */
			out[k++] = *p;
		}
		out[k] = '\0';
		rc = *p == '"' ? 0 : -1;
	}
	free(text);
	return rc;
}

/* Files the earlier record lists that are still there as it recorded them
 * and that this build did not write: the new record keeps them, so --clean
 * can still remove them after later builds. */
static void earlier_files(const struct tp_record *old, const struct tp_written_list *w,
			  struct tp_buf *b)
{
	size_t last = old->n;
	for (size_t i = 0; i < old->n; i++)
		if (old->v[i].state == TP_REC_MATCH && !written(w, old->v[i].path) &&
		    tp_record_find(old, old->v[i].path) == &old->v[i])
			last = i;
	for (size_t i = 0; last < old->n && i <= last; i++)
		if (old->v[i].state == TP_REC_MATCH && !written(w, old->v[i].path) &&
		    tp_record_find(old, old->v[i].path) == &old->v[i])
			entry(b, old->v[i].path, old->v[i].bytes, old->v[i].sha256, i == last);
}

int tp_record_write(const char *dir, const struct tp_record *old, const struct tp_config *c,
		    const struct tp_written_list *w, long long epoch, tp_err *e)
{
	return tp_record_write_from(dir, dir, old, c, w, epoch, e);
}

int tp_record_write_from(const char *dir, const char *files_dir, const struct tp_record *old,
			 const struct tp_config *c, const struct tp_written_list *w, long long epoch,
			 tp_err *e)
{
	struct tp_buf b = { 0 };
	tp_buf_printf(&b, "{\n  \"tool\": \"tilepress %s\",\n  \"format\": \"%s\",\n  \"game\": ",
		      TP_VERSION, TP_RECORD_FORMAT);
	tp_buf_json_str(&b, c->game->name);
	tp_buf_printf(&b, ",\n  \"config_file\": ");
	tp_buf_json_str(&b, c->path);
	tp_buf_printf(&b, ",\n  \"source_date_epoch\": %lld,\n  \"config\": {\n", epoch);
	struct tp_buf v = { 0 };
	int first = 1;
	for (size_t i = 0; i < c->n_keys; i++) {
		char name[80];
		tp_config_key_text(c, i, name, sizeof name, &v);
		if ((c->keys[i].flags & TP_KEY_RECORD_SET) && (v.s == NULL || v.s[0] == '\0'))
			continue;
		tp_buf_printf(&b, "%s    ", first ? "" : ",\n");
		tp_buf_json_str(&b, name);
		tp_buf_printf(&b, ": ");
		tp_buf_json_str(&b, v.s ? v.s : "");
		first = 0;
	}
	tp_buf_printf(&b, "%s", first ? "" : "\n");
	int oom = v.oom;
	tp_buf_free(&v);
	tp_buf_printf(&b, "  },\n  \"files\": [\n");
	int rc = TP_OK;
	for (size_t i = 0; rc == TP_OK && i < w->n; i++) {
		char path[PATH_MAX + 64], hex[65];
		long long bytes = 0;
		if (w->v[i].sha256[0]) {
			entry(&b, w->v[i].name, w->v[i].bytes, w->v[i].sha256, i + 1 == w->n);
			continue;
		}
		snprintf(path, sizeof path, "%s/%s", files_dir, w->v[i].name);
		int fd = tp_out_open_read(path);
		if (fd < 0 || tp_hash_fd(fd, hex, &bytes) != 0)
			rc = tp_fail(e, TP_EIO, "%s: cannot read it back for the build record: %s", path,
				     strerror(errno));
		if (fd >= 0)
			close(fd);
		if (rc == TP_OK)
			entry(&b, w->v[i].name, bytes, hex, i + 1 == w->n);
	}
	tp_buf_printf(&b, "  ],\n  \"earlier_files\": [\n");
	if (old)
		earlier_files(old, w, &b);
	tp_buf_printf(&b, "  ]\n}\n");
	if (rc == TP_OK && (b.oom || oom))
		rc = tp_fail(e, TP_EIO, "out of memory writing the build record");
	char mdir[PATH_MAX + 16];
	snprintf(mdir, sizeof mdir, "%s/manifest", dir);
	if (rc == TP_OK)
		rc = tp_mkdirs(mdir, e);
	if (rc == TP_OK)
		rc = tp_out_write(mdir, "build.json", b.s, b.len, e);
	tp_buf_free(&b);
	return rc;
}

int tp_record_each(const char *dir, void (*fn)(const char *path, void *ctx), void *ctx)
{
	int dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dirfd < 0)
		return -1;
	struct tp_record r = { 0 };
	tp_err e = { 0 };
	int rc = tp_record_load(dirfd, dir, &r, &e) == TP_OK && r.found && r.ours ? 0 : -1;
	/* Still there as a regular file, reached through no symbolic link
	 * (as recorded or changed alike): opened, not hashed, as the
	 * callers ask only which files are there (a build calls this
	 * twice, and hashing every earlier file each time cost more than
	 * writing a small PNG). */
	for (size_t i = 0; rc == 0 && i < r.n; i++) {
		if (strcmp(r.v[i].path, TP_RECORD_NAME) == 0)
			continue;
		struct stat st;
		int fd = tp_safe_open(dirfd, r.v[i].path, &st, NULL, NULL);
		if (fd >= 0) {
			close(fd);
			fn(r.v[i].path, ctx);
		}
	}
	tp_record_free(&r);
	close(dirfd);
	return rc;
}

int tp_record_judge(void *ctx, const char *rel, int fd, const struct stat *st, char *why, size_t n)
{
	const struct tp_judge *j = ctx;
	const struct tp_record *r = j->recovering ? &j->fresh : j->old;
	if (strcmp(rel, TP_RECORD_NAME) == 0) {
		if (r->found && tp_record_same(fd, st, r->ino, r->bytes, r->mtime_ns, r->sha256))
			return 1;
		if (j->force && !j->recovering)
			return 1;
		snprintf(why, n, "%s", r->found ? "written by another program during the build"
			 : "a build record another program wrote during the build");
		return 0;
	}
	if (j->force && !j->recovering)
		return 1;
	const struct tp_rec_entry *en = r->ours ? tp_record_find(r, rel) : NULL;
	if (en == NULL) {
		snprintf(why, n, "not written by tilepress");
		return 0;
	}
	if (j->recovering) {
		/* What a dead build moved aside was not verified by this one:
		 * as the record lists it, or kept. */
		char hex[65];
		long long bytes = -1;
		if (st->st_size == en->bytes && lseek(fd, 0, SEEK_SET) == 0 &&
		    tp_hash_fd(fd, hex, &bytes) == 0 && bytes == en->bytes && strcmp(hex, en->sha256) == 0)
			return 1;
		snprintf(why, n, "changed since tilepress wrote it");
		return 0;
	}
	if (en->state != TP_REC_MATCH) {
		snprintf(why, n, "%s", tp_rec_state_text(en->state));
		return 0;
	}
	if (!tp_record_same(fd, st, en->ino, en->bytes, en->mtime_ns, en->sha256)) {
		snprintf(why, n, "changed during the build");
		return 0;
	}
	return 1;
}

int tp_record_prepare(void *ctx, tp_err *e)
{
	struct tp_judge *j = ctx;
	tp_record_free(&j->fresh);
	int rc = tp_record_load(j->dirfd, j->dir, &j->fresh, e);
	if (rc == TP_OK)
		tp_record_verify(j->dirfd, &j->fresh);
	return rc;
}

int tp_record_clean(struct tp_outdir *od, struct tp_record *old, const struct tp_written_list *w,
		    int *removed, int *changed, struct tp_buf *kept)
{
	struct tp_judge j = { .old = old, .dirfd = od->fd, .dir = od->path, .force = 0 };
	struct tp_outdir_rules rules = { tp_record_judge, NULL, &j };
	*removed = *changed = 0;
	for (size_t i = 0; old->ours && i < old->n; i++) {
		struct tp_rec_entry *en = &old->v[i];
		if (en->state == TP_REC_GONE || strcmp(en->path, TP_RECORD_NAME) == 0 ||
		    written(w, en->path) || tp_record_find(old, en->path) != en)
			continue;
		char why[200] = "";
		int rc = en->state == TP_REC_MATCH ? tp_outdir_remove(od, en->path, &rules, why, sizeof why) : 0;
		if (rc == 1) {
			(*removed)++;
			(*changed)++;
			en->state = TP_REC_GONE;
			if (*removed == 1)
				tp_test_pause("cleaning");
		} else if (rc < 0 && errno == ENOENT) {
			en->state = TP_REC_GONE;
			(*changed)++;
		} else {
			tp_buf_printf(kept, "%s%s/%s (%s)", kept->len ? ", " : "", od->path, en->path,
				      rc < 0 ? strerror(errno) : en->state == TP_REC_MATCH ? why
				      : tp_rec_state_text(en->state));
			if (en->state == TP_REC_MATCH) {
				en->state = TP_REC_CHANGED;   /* no longer as recorded */
				(*changed)++;
			}
		}
	}
	return TP_OK;
}

int tp_record_collisions(int dirfd, const char *dir, const struct tp_record *old,
			 const struct tp_written_list *w, int force, tp_err *e)
{
	struct tp_buf foreign = { 0 }, unsafe = { 0 }, unread = { 0 };
	size_t n_foreign = 0;
	for (size_t i = 0; i <= w->n; i++) {
		const char *rel = i < w->n ? w->v[i].name : TP_RECORD_NAME;
		int kind = tp_safe_kind(dirfd, rel);
		int denied = kind < 0 && (errno == EACCES || errno == EPERM);
		const struct tp_rec_entry *en = old->ours ? tp_record_find(old, rel) : NULL;
		/* A file whose mode keeps us from reading it cannot be checked
		 * against the record: said so, not taken for a link or an edit. */
		if (denied)
			tp_buf_printf(&unread, "%s%s/%s", unread.len ? ", " : "", dir, rel);
		else if (kind == 2 || kind < 0)
			tp_buf_printf(&unsafe, "%s%s/%s", unsafe.len ? ", " : "", dir, rel);
		else if (kind == 1 && !(i == w->n && old->ours) && !(en && en->state == TP_REC_MATCH)) {
			if (n_foreign++ < 8)
				tp_buf_printf(&foreign, "%s%s%s", foreign.len ? ", " : "", rel,
					      en ? " (changed since tilepress wrote it)" : "");
		}
	}
	int rc = TP_OK;
	if (unread.len)
		rc = tp_fail(e, TP_EINPUT, "%s: cannot be read (permission denied): tilepress reads a file it replaces to check it against the build record; make it readable (chmod u+r) or move it away",
			     unread.oom ? dir : unread.s);
	else if (unsafe.len)
		rc = tp_fail(e, TP_EINPUT, "%s: a folder, special file or symbolic link stands where this build writes a file; tilepress writes no file through a link or over a non-file: move it away",
			     unsafe.oom ? dir : unsafe.s);
	else if (n_foreign && !force)
		rc = tp_fail(e, TP_EINPUT, "%s: %zu file%s this build would replace %s not written by tilepress or changed since: %s%s; move %s away, or build with --force to replace %s",
			     dir, n_foreign, n_foreign == 1 ? "" : "s", n_foreign == 1 ? "was" : "were",
			     foreign.oom ? "?" : foreign.s, n_foreign > 8 ? ", ..." : "",
			     n_foreign == 1 ? "it" : "them", n_foreign == 1 ? "it" : "them");
	tp_buf_free(&foreign);
	tp_buf_free(&unsafe);
	tp_buf_free(&unread);
	return rc;
}

static int written(const struct tp_written_list *w, const char *rel)
{
	if (strcmp(rel, TP_RECORD_NAME) == 0)
		return 1;
	for (size_t i = 0; i < w->n; i++)
		if (strcmp(w->v[i].name, rel) == 0)
			return 1;
	return 0;
}

static void walk(const char *dir, const char *rel, const struct tp_written_list *w,
		 struct tp_buf *out, int depth)
{
	char path[PATH_MAX + 64];
	snprintf(path, sizeof path, "%s%s%s", dir, rel[0] ? "/" : "", rel);
	DIR *d = opendir(path);
	if (d == NULL || depth > 8) {
		if (d)
			closedir(d);
		return;
	}
	/* Sorted, so the warning reads the same on every run. */
	struct dirent **list = NULL;
	closedir(d);
	int n = scandir(path, &list, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		const char *name = list[i]->d_name;
		char sub[PATH_MAX + 64], full[2 * PATH_MAX + 128];
		if (name[0] != '.') {
			snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", name);
			snprintf(full, sizeof full, "%s/%s", dir, sub);
			struct stat st;
			if (lstat(full, &st) == 0 && S_ISDIR(st.st_mode))
				walk(dir, sub, w, out, depth + 1);
			else if (!written(w, sub))
				tp_buf_printf(out, "%s\n", sub);
		}
		free(list[i]);
	}
	free(list);
}

void tp_record_stale(const char *dir, const struct tp_written_list *w, struct tp_buf *out)
{
	walk(dir, "", w, out, 0);
}
