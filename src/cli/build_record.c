#include "build_record.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "game.h"
#include "outfile.h"
#include "sha256.h"

int tp_written_add(struct tp_written_list *w, const char *name, long long bytes, size_t sheet)
{
	if (w->n == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 64;
		struct tp_written *v = tp_realloc(w->v, cap * sizeof *v);
		if (v == NULL)
			return -1;
		w->v = v;
		w->cap = cap;
	}
	char *copy = tp_malloc(strlen(name) + 1);
	if (copy == NULL)
		return -1;
	memcpy(copy, name, strlen(name) + 1);
	w->v[w->n++] = (struct tp_written){ copy, bytes, sheet };
	return 0;
}

void tp_written_free(struct tp_written_list *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->v[i].name);
	free(w->v);
	memset(w, 0, sizeof *w);
}

/* JSON string body: quotes, backslashes and control characters escaped. */
static void json_str(struct tp_buf *b, const char *s)
{
	tp_buf_printf(b, "\"");
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			tp_buf_printf(b, "\\%c", ch);
		else if (ch < 32)
			tp_buf_printf(b, "\\u%04x", ch);
		else
			tp_buf_printf(b, "%c", ch);
	}
	tp_buf_printf(b, "\"");
}

static int hash_file(const char *path, char hex[65])
{
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return -1;
	struct tp_sha256 s;
	tp_sha256_init(&s);
	unsigned char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		tp_sha256_add(&s, buf, n);
	int bad = ferror(f);
	fclose(f);
	if (bad)
		return -1;
	tp_sha256_hex(&s, hex);
	return 0;
}

static int record_paths(const char *text, char ***out, size_t *n);
static int safe_relative(const char *p);
static int written(const struct tp_written_list *w, const char *rel);

/* The text of dir's build record, or NULL (none, or out of memory). */
static char *read_record(const char *dir)
{
	char path[PATH_MAX + 64];
	snprintf(path, sizeof path, "%s/%s", dir, TP_RECORD_NAME);
	FILE *f = fopen(path, "rb");
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

/* Files an earlier record lists that are still there and that this build
 * did not write: the record keeps them, so --clean can still remove them
 * after later builds. */
static void earlier_files(const char *dir, const struct tp_written_list *w, struct tp_buf *b)
{
	char *text = read_record(dir);
	char **paths = NULL;
	size_t n = 0;
	if (text && record_paths(text, &paths, &n) == 0) {
		int first = 1;
		for (size_t i = 0; i < n; i++) {
			char p[PATH_MAX + 64];
			snprintf(p, sizeof p, "%s/%s", dir, paths[i]);
			int dup = 0;
			for (size_t j = 0; j < i; j++)
				dup |= strcmp(paths[j], paths[i]) == 0;
			if (dup || !safe_relative(paths[i]) || written(w, paths[i]) || access(p, F_OK) != 0)
				continue;
			tp_buf_printf(b, "%s    { \"path\": ", first ? "" : ",\n");
			json_str(b, paths[i]);
			tp_buf_printf(b, " }");
			first = 0;
		}
		if (!first)
			tp_buf_printf(b, "\n");
	}
	for (size_t i = 0; paths && i < n; i++)
		free(paths[i]);
	free(paths);
	free(text);
}

int tp_record_write(const char *dir, const struct tp_config *c, const struct tp_written_list *w,
		    long long epoch, tp_err *e)
{
	struct tp_buf b = { 0 };
	tp_buf_printf(&b, "{\n  \"tool\": \"tilepress %s\",\n  \"game\": ", TP_VERSION);
	json_str(&b, c->game->name);
	tp_buf_printf(&b, ",\n  \"config_file\": ");
	json_str(&b, c->path);
	tp_buf_printf(&b, ",\n  \"source_date_epoch\": %lld,\n  \"config\": {\n", epoch);
	struct tp_buf v = { 0 };
	for (size_t i = 0; i < c->n_keys; i++) {
		const struct tp_key *k = &c->keys[i];
		char name[80];
		if (k->name)
			snprintf(name, sizeof name, "%s.%s", k->section, k->name);
		else
			snprintf(name, sizeof name, "%s.%s_%s", k->section,
				 tp_palette_ink(&c->print.inks, k->ink)->key,
				 k->type == TP_KEY_RGB ? "rgb" : "cmyk");
		v.len = 0;
		if (v.s)
			v.s[0] = '\0';
		tp_key_format(k, c, c->game_cfg, &v);
		tp_buf_printf(&b, "    ");
		json_str(&b, name);
		tp_buf_printf(&b, ": ");
		json_str(&b, v.s ? v.s : "");
		tp_buf_printf(&b, "%s\n", i + 1 < c->n_keys ? "," : "");
	}
	int oom = v.oom;
	tp_buf_free(&v);
	tp_buf_printf(&b, "  },\n  \"files\": [\n");
	int rc = TP_OK;
	for (size_t i = 0; rc == TP_OK && i < w->n; i++) {
		char path[PATH_MAX + 64], hex[65];
		snprintf(path, sizeof path, "%s/%s", dir, w->v[i].name);
		if (hash_file(path, hex) != 0) {
			rc = tp_fail(e, TP_EIO, "%s: cannot read it back for the build record: %s", path,
				     strerror(errno));
			break;
		}
		tp_buf_printf(&b, "    { \"path\": ");
		json_str(&b, w->v[i].name);
		tp_buf_printf(&b, ", \"bytes\": %lld, \"sha256\": \"%s\" }%s\n", w->v[i].bytes, hex,
			      i + 1 < w->n ? "," : "");
	}
	tp_buf_printf(&b, "  ],\n  \"earlier_files\": [\n");
	earlier_files(dir, w, &b);
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

/* The "path" entries of a build record, in order; *n of them in *out
 * (owned, each and the array).  0, or -1 when out of memory. */
static int record_paths(const char *text, char ***out, size_t *n)
{
	*out = NULL;
	*n = 0;
	size_t cap = 0;
	const char *p = text;
	while ((p = strstr(p, "\"path\": \"")) != NULL) {
		p += 9;
		const char *end = strchr(p, '"');
		if (end == NULL)
			break;
		if (*n == cap) {
			cap = cap ? 2 * cap : 64;
			char **v = tp_realloc(*out, cap * sizeof *v);
			if (v == NULL)
				return -1;
			*out = v;
		}
		char *s = tp_malloc((size_t)(end - p) + 1);
		if (s == NULL)
			return -1;
		memcpy(s, p, (size_t)(end - p));
		s[end - p] = '\0';
		(*out)[(*n)++] = s;
		p = end + 1;
	}
	return 0;
}

/* A recorded path is one of ours only if it stays inside the folder. */
static int safe_relative(const char *p)
{
	return p[0] && p[0] != '/' && strstr(p, "..") == NULL && strchr(p, '\\') == NULL;
}

int tp_record_clean(const char *dir, int *removed, tp_err *e)
{
	*removed = 0;
	char path[PATH_MAX + 64];
	snprintf(path, sizeof path, "%s/%s", dir, TP_RECORD_NAME);
	if (access(path, F_OK) != 0)
		return TP_OK;   /* no earlier build: nothing of ours to remove */
	char *text = read_record(dir);
	char **paths = NULL;
	size_t np = 0;
	int rc = TP_OK;
	if (text == NULL || record_paths(text, &paths, &np) != 0)
		rc = tp_fail(e, TP_EIO, "cannot read %s (or out of memory)", path);
	for (size_t i = 0; rc == TP_OK && i < np; i++) {
		if (!safe_relative(paths[i]))
			continue;
		char p[PATH_MAX + 64];
		snprintf(p, sizeof p, "%s/%s", dir, paths[i]);
		if (unlink(p) == 0)
			(*removed)++;
		else if (errno != ENOENT)
			rc = tp_fail(e, TP_EIO, "--clean: cannot remove %s: %s", p, strerror(errno));
	}
	if (rc == TP_OK && unlink(path) == 0)
		(*removed)++;
	for (size_t i = 0; i < np; i++)
		free(paths[i]);
	free(paths);
	free(text);
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
