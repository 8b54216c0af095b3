#include "print/art/pictures.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/datadir.h"
#include "core/ini_read.h"
#include "core/keys.h"

int tp_pictures_resolve(const char *key, const char *name, const char *config, char *out,
			size_t outsz, tp_err *e)
{
	return tp_data_template_resolve(key, name, "pictures", "toys, signs, fruit, animals", config, out,
					outsz, e);
}

struct load {
	struct tp_pictures *p;
	int cur;   /* index of the current section, -1 before the first */
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
		if (end == s || n == max || !isfinite(x))   /* nan, inf: no number */
			return -1;
		out[n++] = x;
		s = end;
	}
}

static int section(struct load *L, const char *name, int line, tp_err *e)
{
	struct tp_pictures *p = L->p;
	for (int i = 0; i < p->n; i++)
		if (strcmp(p->pic[i].section, name) == 0)
			return tp_fail(e, TP_EINPUT, "%s:%d: [%s] again; each picture has one section",
				       p->path, line, name);
	if (p->n == TP_PIC_MAX)
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s]: more than %d pictures; allowed: at most %d sections",
			       p->path, line, name, TP_PIC_MAX, TP_PIC_MAX);
	if (strlen(name) >= sizeof p->pic[0].section)
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s]: section name too long; allowed: up to %zu characters",
			       p->path, line, name, sizeof p->pic[0].section - 1);
	L->cur = p->n++;
	snprintf(p->pic[L->cur].section, sizeof p->pic[L->cur].section, "%s", name);
	return TP_OK;
}

static int on_key(void *user, const char *sec, const char *key, const char *value, int line,
		  tp_err *e)
{
	struct load *L = user;
	const char *path = L->p->path;
	if (key == NULL)
		return section(L, sec, line, e);
	if (L->cur < 0)
		return tp_fail(e, TP_EINPUT, "%s:%d: %s before the first section; start with [NAME]", path, line, key);
	struct tp_picture *pic = &L->p->pic[L->cur];
	if (strcmp(key, "name") == 0) {
		if (tp_text_ok(value) != 0)
			return tp_fail(e, TP_EINPUT,
				       "%s:%d: [%s] name: not UTF-8 text (a Latin-1 byte, or a control character); allowed: UTF-8 without control characters (save the file as UTF-8)",
				       path, line, sec);
		snprintf(pic->name, sizeof pic->name, "%s", value);
		return TP_OK;
	}
	int circle = strcmp(key, "circle") == 0;
	if (!circle && strcmp(key, "poly") != 0)
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s] %s: unknown key; allowed: name, circle, poly",
			       path, line, sec, key);
	if (pic->n == TP_PIC_ITEMS)
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s]: more than %d items; a picture has at most %d",
			       path, line, sec, TP_PIC_ITEMS, TP_PIC_ITEMS);
	struct tp_pic_item *it = &pic->item[pic->n];
	int n = numbers(value, it->xy, 2 * TP_PIC_POINTS);
	if (circle ? n != 3 : (n < 6 || n % 2 != 0))
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s] %s = %s: %s", path, line, sec, key, value,
			       circle ? "allowed: cx cy r, three numbers"
				      : "allowed: x y pairs, 3 to 16 points");
	for (int i = 0; i < n; i++)
		if (!(it->xy[i] >= 0 && it->xy[i] <= TP_PIC_BOX) || (circle && i == 2 && it->xy[i] <= 0))
			return tp_fail(e, TP_EINPUT, "%s:%d: [%s] %s: %g is outside the 10 x 10 mm box; allowed: 0 to 10%s",
				       path, line, sec, key, it->xy[i], circle ? " (radius above 0)" : "");
	it->circle = circle;
	it->n = circle ? 1 : n / 2;
	pic->n++;
	return TP_OK;
}

/* Moves section want[i] to pic[i], keeping the others in file order. */
static int pick(struct tp_pictures *p, const char *const *want, int nwant, tp_err *e)
{
	for (int i = 0; i < nwant; i++) {
		int at = -1;
		for (int j = i; j < p->n && at < 0; j++)
			if (strcmp(p->pic[j].section, want[i]) == 0)
				at = j;
		if (at < 0) {
			char need[256] = "";
			for (int k = 0; k < nwant; k++) {
				size_t l = strlen(need);
				snprintf(need + l, sizeof need - l, "%s[%s]", k ? ", " : "", want[k]);
			}
			return tp_fail(e, TP_EINPUT, "%s: no [%s] section; this set needs %s", p->path, want[i], need);
		}
		struct tp_picture t = p->pic[at];
		memmove(&p->pic[i + 1], &p->pic[i], (size_t)(at - i) * sizeof t);
		p->pic[i] = t;
	}
	return TP_OK;
}

int tp_pictures_load(const char *path, const char *const *want, int nwant, struct tp_pictures *p,
		     tp_err *e)
{
	memset(p, 0, sizeof *p);
	if ((size_t)snprintf(p->path, sizeof p->path, "%s", path) >= sizeof p->path)
		return tp_fail(e, TP_EINPUT, "%s: path too long", path);
	struct load L = { p, -1 };
	int rc = tp_ini_parse(path, on_key, &L, e);
	if (rc != TP_OK)
		return rc;
	for (int s = 0; s < p->n; s++)
		if (p->pic[s].n == 0)
			return tp_fail(e, TP_EINPUT, "%s: [%s] has no circle or poly; every picture needs one",
				       path, p->pic[s].section);
	return pick(p, want, nwant, e);
}

int tp_picture_draw(struct tp_scene *sc, int ink, const struct tp_picture *pic, double cx, double cy,
		    double box)
{
	double k = box / TP_PIC_BOX, x0 = cx - box / 2, y0 = cy - box / 2;
	int rc = 0;
	for (int i = 0; i < pic->n; i++) {
		const struct tp_pic_item *it = &pic->item[i];
		if (it->circle) {
			rc |= tp_scene_circle(sc, ink, TP_FILL, 0, x0 + k * it->xy[0], y0 + k * it->xy[1],
					      k * it->xy[2]);
			continue;
		}
		double p[2 * TP_PIC_POINTS];
		for (int j = 0; j < it->n; j++) {
			p[2 * j] = x0 + k * it->xy[2 * j];
			p[2 * j + 1] = y0 + k * it->xy[2 * j + 1];
		}
		rc |= tp_scene_poly(sc, ink, TP_FILL, 0, p, (size_t)it->n);
	}
	return rc ? -1 : 0;
}
