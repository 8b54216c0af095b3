#include "games/series/model/template.h"

#include <dirent.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/keys.h"
#include "core/alloc.h"
#include "core/datadir.h"
#include "core/ini_read.h"

struct load {
	const char *path;
	struct tp_template *t;
	int have_order;
	int have_value[10];
	int line_of[10];
	int order_line;
};

/* Parses "r,c r,c ..." into cells; returns the count, or -1 with e set. */
static int parse_cells(const struct load *L, const char *key, const char *v,
		       int line, unsigned char cells[9][2], int max, tp_err *e)
{
	int n = 0;
	const char *p = v;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0')
			break;
		int r, c, used = 0;
		if (sscanf(p, "%d,%d%n", &r, &c, &used) != 2 ||
		    (p[used] != '\0' && p[used] != ' ' && p[used] != '\t')) {
			tp_fail(e, TP_EINPUT,
				"%s:%d: indicia.%s: '%.20s' is not a cell; write cells as row,col separated by spaces, e.g. 0,0 0,1",
				L->path, line, key, p);
			return -1;
		}
		if (r < 0 || r > 2 || c < 0 || c > 2) {
			tp_fail(e, TP_EINPUT,
				"%s:%d: indicia.%s: cell %d,%d is outside the 3x3 quadrant; rows and cols are 0..2",
				L->path, line, key, r, c);
			return -1;
		}
		for (int i = 0; i < n; i++)
			if (cells[i][0] == r && cells[i][1] == c) {
				tp_fail(e, TP_EINPUT,
					"%s:%d: indicia.%s: cell %d,%d is listed twice; each cell may appear once",
					L->path, line, key, r, c);
				return -1;
			}
		if (n == max) {
			tp_fail(e, TP_EINPUT,
				"%s:%d: indicia.%s: more than %d cells; %s",
				L->path, line, key, max,
				max == 9 ? "a quadrant has 9 cells" : "key n lists exactly n cells");
			return -1;
		}
		cells[n][0] = (unsigned char)r;
		cells[n][1] = (unsigned char)c;
		n++;
		p += used;
	}
	return n;
}

static int on_key(void *user, const char *section, const char *key,
		  const char *value, int line, tp_err *e)
{
	struct load *L = user;
	if (strcmp(section, "indicia") != 0)
		return tp_fail(e, TP_EINPUT,
			       "%s:%d: unknown section [%s]; a template has one section, [indicia]",
			       L->path, line, section);
	if (key == NULL)
		return TP_OK;
	/* Names and descriptions are printed: text as print.job is. */
	if ((strcmp(key, "name") == 0 || strcmp(key, "description") == 0) && tp_text_ok(value) != 0)
		return tp_fail(e, TP_EINPUT,
			       "%s:%d: indicia.%s: not UTF-8 text (a Latin-1 byte, or a control character); allowed: UTF-8 without control characters (save the file as UTF-8)",
			       L->path, line, key);
	if (strcmp(key, "name") == 0) {
		snprintf(L->t->name, sizeof L->t->name, "%s", value);
		return TP_OK;
	}
	if (strcmp(key, "description") == 0) {
		snprintf(L->t->description, sizeof L->t->description, "%s", value);
		return TP_OK;
	}
	if (strcmp(key, "order") == 0) {
		unsigned char cells[9][2];
		int n = parse_cells(L, key, value, line, cells, 9, e);
		if (n < 0)
			return e->code;
		if (n != 9)
			return tp_fail(e, TP_EINPUT,
				       "%s:%d: indicia.order: %d cells given; order lists all 9 cells of the quadrant once",
				       L->path, line, n);
		for (int v = 1; v <= 9; v++)
			memcpy(L->t->cell[v], cells, sizeof cells);
		L->have_order = 1;
		L->order_line = line;
		return TP_OK;
	}
	if (key[0] >= '1' && key[0] <= '9' && key[1] == '\0') {
		int v = key[0] - '0';
		unsigned char cells[9][2];
		int n = parse_cells(L, key, value, line, cells, v, e);
		if (n < 0)
			return e->code;
		if (n != v)
			return tp_fail(e, TP_EINPUT,
				       "%s:%d: indicia.%d: %d cell%s given; value %d fills exactly %d cells",
				       L->path, line, v, n, n == 1 ? "" : "s", v, v);
		memcpy(L->t->cell[v], cells, sizeof cells);
		L->have_value[v] = 1;
		L->line_of[v] = line;
		return TP_OK;
	}
	return tp_fail(e, TP_EINPUT,
		       "%s:%d: unknown key indicia.%s; allowed: name, description, order, or 1 to 9",
		       L->path, line, key);
}

int tp_template_load(const char *path, struct tp_template *t, tp_err *e)
{
	memset(t, 0, sizeof *t);
	struct load L = { .path = path, .t = t };
	int rc = tp_ini_parse(path, on_key, &L, e);
	if (rc != TP_OK)
		return rc;
	int any_value = 0;
	for (int v = 1; v <= 9; v++)
		any_value |= L.have_value[v];
	if (L.have_order && any_value)
		return tp_fail(e, TP_EINPUT,
			       "%s:%d: indicia.order: a template uses either order or keys 1 to 9, not both",
			       path, L.order_line);
	if (!L.have_order) {
		for (int v = 1; v <= 9; v++)
			if (!L.have_value[v])
				return tp_fail(e, TP_EINPUT,
					       "%s: indicia.%d is missing; give order = (9 cells) or all of the keys 1 to 9",
					       path, v);
	}
	if (t->name[0] == '\0') {
		const char *base = strrchr(path, '/');
		base = base ? base + 1 : path;
		snprintf(t->name, sizeof t->name, "%.*s", (int)strcspn(base, "."), base);
	}
	return TP_OK;
}

int tp_template_resolve(const char *name, const char *base_dir, char *out, size_t outsz, tp_err *e)
{
	if (strchr(name, '/') != NULL || strstr(name, ".ini") != NULL) {
		/* A path: absolute as it is; relative from base_dir (the config
		 * file's folder), then the current folder, then the data folders. */
		if (name[0] == '/' || base_dir == NULL) {
			if ((size_t)snprintf(out, outsz, "%s", name) >= outsz)
				return tp_fail(e, TP_EINPUT, "series.indicia: path too long");
			return TP_OK;
		}
		if ((size_t)snprintf(out, outsz, "%s/%s", base_dir, name) < outsz && access(out, R_OK) == 0)
			return TP_OK;
		if ((size_t)snprintf(out, outsz, "%s", name) < outsz && access(out, R_OK) == 0)
			return TP_OK;
		if (tp_data_find(name, out, outsz) == 0)
			return TP_OK;
		if (strcmp(base_dir, ".") == 0)
			return tp_fail(e, TP_EINPUT,
				       "series.indicia = %s: no such template file; looked in the current folder, then the data folders (%s)",
				       name, tp_data_dirs_text());
		return tp_fail(e, TP_EINPUT,
			       "series.indicia = %s: no such template file; looked in %s/ (the config's folder), the current folder, then the data folders (%s)",
			       name, base_dir, tp_data_dirs_text());
	}
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
			return tp_fail(e, TP_EINPUT,
				       "series.indicia = %s: a template name uses letters, digits, - and _; or give a path to a .ini file",
				       name);
	char rel[128];
	snprintf(rel, sizeof rel, "templates/indicia/%s.ini", name);
	if (tp_data_find(rel, out, outsz) == 0)
		return TP_OK;
	/* Name the installed ones: the likeliest fix is a typo. */
	char have[200] = "";
	struct tp_template *all = NULL;
	size_t n = 0;
	tp_err ignore = { 0 };
	if (tp_template_list(&all, &n, &ignore) == TP_OK)
		for (size_t i = 0; i < n; i++) {
			size_t l = strlen(have);
			snprintf(have + l, sizeof have - l, "%s%s", l ? ", " : "", all[i].name);
		}
	free(all);
	return tp_fail(e, TP_EINPUT,
		       "series.indicia = %s: no template templates/indicia/%s.ini in %s; installed: %s, or digits, or a path to a template file",
		       name, name, tp_data_dirs_text(), have[0] ? have : "none");
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int tp_template_list(struct tp_template **out, size_t *n, tp_err *e)
{
	*out = NULL;
	*n = 0;
	char dir[768];
	if (tp_data_find("templates/indicia", dir, sizeof dir) != 0)
		return tp_fail(e, TP_EINPUT, "templates/indicia: not found in %s", tp_data_dirs_text());
	DIR *d = opendir(dir);
	if (d == NULL)
		return tp_fail(e, TP_EINPUT, "%s: cannot list templates", dir);
	char *names[256];
	size_t count = 0;
	int rc = TP_OK;
	struct dirent *de;
	while ((de = readdir(d)) != NULL && rc == TP_OK) {
		size_t len = strlen(de->d_name);
		if (len < 5 || de->d_name[0] == '.' || strcmp(de->d_name + len - 4, ".ini") != 0)
			continue;
		if (count == sizeof names / sizeof names[0]) {
			rc = tp_fail(e, TP_EINPUT, "%s: more than 256 templates", dir);
			break;
		}
		names[count] = tp_malloc(len + 1);
		if (names[count] == NULL) {
			rc = tp_fail(e, TP_EIO, "out of memory listing templates");
			break;
		}
		memcpy(names[count++], de->d_name, len + 1);
	}
	closedir(d);
	qsort(names, count, sizeof names[0], by_name);
	struct tp_template *t = NULL;
	if (rc == TP_OK && count > 0 && (t = tp_calloc(count, sizeof *t)) == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory loading templates");
	for (size_t i = 0; i < count; i++) {
		if (rc == TP_OK) {
			char path[1100];
			snprintf(path, sizeof path, "%s/%s", dir, names[i]);
			rc = tp_template_load(path, &t[i], e);
		}
		free(names[i]);
	}
	if (rc != TP_OK) {
		free(t);
		return rc;
	}
	*out = t;
	*n = count;
	return TP_OK;
}
