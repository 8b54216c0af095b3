#include "core/datadir.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"

#ifndef TP_DATADIR
#define TP_DATADIR "/usr/local/share/tilepress"
#endif

static char exe_dir[PATH_MAX];

void tp_data_set_argv0(const char *argv0)
{
	(void)argv0;
	/* /proc/self/exe is exact even when tilepress was found on PATH. */
	ssize_t n = readlink("/proc/self/exe", exe_dir, sizeof exe_dir - 1);
	if (n <= 0) {
		exe_dir[0] = '\0';
		return;
	}
	exe_dir[n] = '\0';
	char *slash = strrchr(exe_dir, '/');
	if (slash)
		*slash = '\0';
}

static int try(const char *dir, const char *rel, char *out, size_t outsz)
{
	if (dir == NULL || dir[0] == '\0')
		return -1;
	if ((size_t)snprintf(out, outsz, "%s/%s", dir, rel) >= outsz)
		return -1;
	return access(out, R_OK) == 0 ? 0 : -1;
}

int tp_data_find(const char *rel, char *out, size_t outsz)
{
	const char *env = getenv("TILEPRESS_DATA");
	if (env && env[0])
		return try(env, rel, out, outsz);
	if (try(".", rel, out, outsz) == 0) {
		/* Keep messages short: "templates/..." rather than "./templates/...". */
		snprintf(out, outsz, "%s", rel);
		return 0;
	}
	if (try(exe_dir, rel, out, outsz) == 0)
		return 0;
	return try(TP_DATADIR, rel, out, outsz);
}

const char *tp_data_dirs_text(void)
{
	const char *env = getenv("TILEPRESS_DATA");
	if (env && env[0])
		return "$TILEPRESS_DATA";
	return "., the executable's folder or " TP_DATADIR;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends the stems of dir/sub/ *ext to names (distinct).  0 or -1. */
static int collect(const char *dir, const char *sub, const char *ext, char ***names, size_t *n,
		   size_t *cap)
{
	char path[PATH_MAX];
	if (dir == NULL || dir[0] == '\0' ||
	    (size_t)snprintf(path, sizeof path, "%s/%s", dir, sub) >= sizeof path)
		return 0;
	DIR *d = opendir(path);
	if (d == NULL)
		return 0;
	int rc = 0;
	size_t le = strlen(ext);
	for (struct dirent *de; rc == 0 && (de = readdir(d)) != NULL;) {
		size_t l = strlen(de->d_name);
		if (l <= le || de->d_name[0] == '.' || strcmp(de->d_name + l - le, ext) != 0)
			continue;
		int dup = 0;
		for (size_t i = 0; i < *n && !dup; i++)
			dup = strncmp((*names)[i], de->d_name, l - le) == 0 && (*names)[i][l - le] == '\0';
		if (dup)
			continue;
		if (tp_grow((void **)names, cap, *n + 1, sizeof **names, 16) != 0) {
			rc = -1;
			break;
		}
		char *s = tp_malloc(l - le + 1);
		if (s == NULL) {
			rc = -1;
			break;
		}
		memcpy(s, de->d_name, l - le);
		s[l - le] = '\0';
		(*names)[(*n)++] = s;
	}
	closedir(d);
	return rc;
}

int tp_data_each(const char *sub, const char *ext, void (*fn)(const char *stem, void *ctx),
		 void *ctx)
{
	char **names = NULL;
	size_t n = 0, cap = 0;
	const char *env = getenv("TILEPRESS_DATA");
	int rc = 0;
	if (env && env[0])
		rc = collect(env, sub, ext, &names, &n, &cap);
	else
		rc = collect(".", sub, ext, &names, &n, &cap) | collect(exe_dir, sub, ext, &names, &n, &cap) |
		     collect(TP_DATADIR, sub, ext, &names, &n, &cap);
	if (rc == 0 && n)
		qsort(names, n, sizeof *names, by_name);
	for (size_t i = 0; i < n; i++) {
		if (rc == 0)
			fn(names[i], ctx);
		free(names[i]);
	}
	free(names);
	return rc;
}

static int is_path(const char *name)
{
	size_t n = strlen(name);
	return strchr(name, '/') != NULL || (n > 4 && strcmp(name + n - 4, ".ini") == 0);
}

int tp_data_template_resolve(const char *key, const char *name, const char *folder,
			     const char *shipped, const char *config, char *out, size_t outsz,
			     tp_err *e)
{
	if (is_path(name)) {
		const char *slash = config ? strrchr(config, '/') : NULL;
		if (name[0] != '/' && config != NULL) {
			int dir = slash ? (int)(slash - config) : 1;
			const char *base = slash ? config : ".";
			if ((size_t)snprintf(out, outsz, "%.*s/%s", dir, base, name) < outsz &&
			    access(out, R_OK) == 0)
				return TP_OK;
		}
		if ((size_t)snprintf(out, outsz, "%s", name) >= outsz)
			return tp_fail(e, TP_EINPUT, "%s: path too long", key);
		return TP_OK;
	}
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			return tp_fail(e, TP_EINPUT,
				       "%s = %s: a %s name uses letters, digits, - and _; or give a path to a .ini file",
				       key, name, folder);
	char rel[300];
	snprintf(rel, sizeof rel, "templates/%s/%s.ini", folder, name);
	if (tp_data_find(rel, out, outsz) == 0)
		return TP_OK;
	return tp_fail(e, TP_EINPUT, "%s = %s: no %s in %s; give a shipped name (%s) or a path", key, name,
		       rel, tp_data_dirs_text(), shipped);
}
