#include "games/series/pictures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/datadir.h"
#include "core/ini_read.h"

int tp_pictures_resolve(const char *name, char *out, size_t outsz, tp_err *e)
{
	size_t n = strlen(name);
	if (strchr(name, '/') != NULL || (n > 4 && strcmp(name + n - 4, ".ini") == 0)) {
		if ((size_t)snprintf(out, outsz, "%s", name) >= outsz)
			return tp_fail(e, TP_EINPUT, "table.pictures: path too long");
		return TP_OK;
	}
	char rel[300];
	snprintf(rel, sizeof rel, "templates/pictures/%s.ini", name);
	if (tp_data_find(rel, out, outsz) == 0)
		return TP_OK;
	return tp_fail(e, TP_EINPUT, "table.pictures = %s: no %s in %s; give a shipped name (toys, signs) or a path",
		       name, rel, tp_data_dirs_text());
}

struct load {
	struct tp_pictures *p;
	int cur;   /* series of the current section, -1 before the first */
};

static int numbers(const char *v, double *out, int max)
{
	int n = 0;
	const char *s = v;
	for (;;) {
		char *end;
		while (*s == ' ' || *s == '\t' || *s == ',')
			s++;
		if (*s == '\0')
			return n;
		double x = strtod(s, &end);
		if (end == s || n == max)
			return -1;
		out[n++] = x;
		s = end;
	}
}

static int on_key(void *user, const char *section, const char *key, const char *value, int line,
		  tp_err *e)
{
	struct load *L = user;
	const char *path = L->p->path;
	if (key == NULL) {
		L->cur = -1;
		for (int s = 0; s < TP_N_SERIES; s++)
			if (strcmp(section, tp_series_names[s]) == 0)
				L->cur = s;
		if (L->cur < 0)
			return tp_fail(e, TP_EINPUT, "%s:%d: section [%s]: allowed: [lateral], [boxes], [vertical], [dots]",
				       path, line, section);
		return TP_OK;
	}
	if (L->cur < 0)
		return tp_fail(e, TP_EINPUT, "%s:%d: %s before the first section; start with [lateral]", path, line, key);
	struct tp_picture *pic = &L->p->pic[L->cur];
	if (strcmp(key, "name") == 0) {
		snprintf(pic->name, sizeof pic->name, "%s", value);
		return TP_OK;
	}
	int circle = strcmp(key, "circle") == 0;
	if (!circle && strcmp(key, "poly") != 0)
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s] %s: unknown key; allowed: name, circle, poly",
			       path, line, section, key);
	if (pic->n == TP_PIC_ITEMS)
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s]: more than %d items; a picture has at most %d",
			       path, line, section, TP_PIC_ITEMS, TP_PIC_ITEMS);
	struct tp_pic_item *it = &pic->item[pic->n];
	int n = numbers(value, it->xy, 2 * TP_PIC_POINTS);
	if (circle ? n != 3 : (n < 6 || n % 2 != 0))
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s] %s = %s: %s", path, line, section, key, value,
			       circle ? "allowed: cx cy r, three numbers"
				      : "allowed: x y pairs, 3 to 16 points");
	for (int i = 0; i < n; i++)
		if (it->xy[i] < 0 || it->xy[i] > TP_PIC_BOX || (circle && i == 2 && it->xy[i] <= 0))
			return tp_fail(e, TP_EINPUT, "%s:%d: [%s] %s: %g is outside the 10 x 10 mm box; allowed: 0 to 10%s",
				       path, line, section, key, it->xy[i], circle ? " (radius above 0)" : "");
	it->circle = circle;
	it->n = circle ? 1 : n / 2;
	pic->n++;
	return TP_OK;
}

int tp_pictures_load(const char *path, struct tp_pictures *p, tp_err *e)
{
	memset(p, 0, sizeof *p);
	snprintf(p->path, sizeof p->path, "%s", path);
	struct load L = { p, -1 };
	int rc = tp_ini_parse(path, on_key, &L, e);
	if (rc != TP_OK)
		return rc;
	for (int s = 0; s < TP_N_SERIES; s++)
		if (p->pic[s].n == 0)
			return tp_fail(e, TP_EINPUT, "%s: [%s] has no circle or poly; every series needs a picture",
				       path, tp_series_names[s]);
	return TP_OK;
}
