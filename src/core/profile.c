/* Factory profiles: finding and resolving print.profile (profile.h). */

#include "core/profile.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/datadir.h"
#include "core/ini_read.h"

const char *tp_profile_names(void)
{
	return "generic-x1a, punchboard, x4";
}

int tp_profile_shipped(const char *path, char *name, size_t n)
{
	static const char *const names[] = { "generic-x1a", "punchboard", "x4" };
	struct stat a, b;
	if (stat(path, &a) != 0)
		return 0;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char rel[64], file[PATH_MAX];
		snprintf(rel, sizeof rel, "config/profiles/%s.ini", names[i]);
		if (tp_data_find(rel, file, sizeof file) == 0 && stat(file, &b) == 0 &&
		    a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
			snprintf(name, n, "%s", names[i]);
			return 1;
		}
	}
	return 0;
}

struct found {
	const char *path;
	char *name, *where;
	size_t nn, nw;
};

static int on_key(void *user, const char *section, const char *key, const char *value, int line,
		  tp_err *e)
{
	(void)e;
	struct found *f = user;
	if (key && strcmp(section, "print") == 0 && strcmp(key, "profile") == 0) {
		snprintf(f->name, f->nn, "%s", value);
		snprintf(f->where, f->nw, "%s:%d", f->path, line);
	}
	return TP_OK;
}

int tp_profile_find(const char *path, const char *const *sets, int n_sets, char *name,
		    size_t nn, char *where, size_t nw, tp_err *e)
{
	name[0] = where[0] = '\0';
	struct found f = { path, name, where, nn, nw };
	int rc = tp_ini_parse(path, on_key, &f, e);
	if (rc != TP_OK)
		return rc;
	static const char key[] = "print.profile";
	for (int i = 0; i < n_sets; i++) {
		const char *s = sets[i];
		if (strncmp(s, key, sizeof key - 1) != 0)
			continue;
		s += sizeof key - 1;
		while (*s == ' ')
			s++;
		if (*s != '=')
			continue;
		s++;
		while (*s == ' ')
			s++;
		snprintf(name, nn, "%s", s);
		size_t len = strlen(name);
		while (len > 0 && name[len - 1] == ' ')
			name[--len] = '\0';
		snprintf(where, nw, "--set %.200s", sets[i]);
	}
	return TP_OK;
}

int tp_profile_resolve(const char *config, const char *name, const char *where, char *out,
		       size_t n, tp_err *e)
{
	size_t len = strlen(name);
	int is_path = strchr(name, '/') != NULL || (len > 4 && strcmp(name + len - 4, ".ini") == 0);
	if (is_path) {
		const char *slash = config ? strrchr(config, '/') : NULL;
		if (name[0] != '/' && slash != NULL &&
		    (size_t)snprintf(out, n, "%.*s/%s", (int)(slash - config), config, name) < n &&
		    access(out, R_OK) == 0)
			return TP_OK;
		if ((size_t)snprintf(out, n, "%s", name) >= n)
			return tp_fail(e, TP_EINPUT, "%s: print.profile: the path is too long", where);
		if (access(out, R_OK) != 0)
			return tp_fail(e, TP_EINPUT,
				       "%s: print.profile = %s: cannot read that file (%s); allowed: a profile name (%s) or a path to a readable .ini",
				       where, name, config ? "beside the config or as given" : "from the current folder",
				       tp_profile_names());
		return TP_OK;
	}
	int ok = len > 0;
	for (const char *p = name; *p; p++)
		ok &= (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		      *p == '-' || *p == '_';
	char rel[320];
	snprintf(rel, sizeof rel, "config/profiles/%s.ini", name);
	if (ok && tp_data_find(rel, out, n) == 0)
		return TP_OK;
	return tp_fail(e, TP_EINPUT,
		       "%s: print.profile = %s: no such profile (%s in %s); allowed: %s, or a path to a profile .ini",
		       where, name, ok ? rel : "a name uses letters, digits, - and _", tp_data_dirs_text(),
		       tp_profile_names());
}
