/* Reading a loaded config: where each key was set (see config.h). */

#include "games/config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void tp_config_key_name(const struct tp_palette *pal, const struct tp_key *k, char *out, size_t n)
{
	if (k->name)
		snprintf(out, n, "%s", k->name);
	else
		snprintf(out, n, "%s_%s", tp_palette_ink(pal, k->ink)->key,
			 k->type == TP_KEY_RGB ? "rgb" : "cmyk");
}

long tp_config_find_key(const struct tp_config *c, const char *section, const char *name)
{
	char nm[64];
	for (size_t i = 0; i < c->n_keys; i++) {
		if (strcmp(c->keys[i].section, section) != 0)
			continue;
		tp_config_key_name(&c->print.inks, &c->keys[i], nm, sizeof nm);
		if (strcmp(nm, name) == 0)
			return (long)i;
	}
	return -1;
}

const char *tp_config_where(const struct tp_config *c, const char *section, const char *name)
{
	long i = tp_config_find_key(c, section, name);
	return i >= 0 && c->where[i] ? c->where[i] : c->path;
}

int tp_config_given(const struct tp_config *c, const char *section, const char *name)
{
	long i = tp_config_find_key(c, section, name);
	return i >= 0 && c->where[i] != NULL;
}

int tp_config_from_set(const struct tp_config *c, const char *section, const char *name)
{
	return strncmp(tp_config_where(c, section, name), "--set ", 6) == 0;
}

const char *tp_config_path_base(const struct tp_config *c, const char *section, const char *name)
{
	return tp_config_from_set(c, section, name) ? NULL : c->path;
}

void tp_press_of(const struct tp_config *c, struct tp_press *pr)
{
	pr->w = c->print.sheet_w_mm;
	pr->h = c->print.sheet_h_mm;
	pr->margin = c->print.margin_mm;
	pr->gripper = c->print.gripper_mm;
	pr->gutter = c->print.gutter_mm;
	pr->bleed = c->print.bleed_mm;
}

void tp_press_room(const struct tp_config *c, double *w, double *h)
{
	const struct tp_print *p = &c->print;
	double m = p->marks ? TP_MARK_MARGIN_MM : 0, a[4] = { 0, 0, p->max_sheet_mm, p->max_sheet_mm };
	if (p->layout == TP_LAYOUT_PUNCHBOARD || tp_config_given(c, "print", "sheet_mm")) {
		struct tp_press pr;
		tp_press_of(c, &pr);
		tp_press_clear(&pr, a);
	}
	*w = fmin(a[2], p->max_sheet_mm) - 2 * (p->bleed_mm + m);
	*h = fmin(a[3], p->max_sheet_mm) - 2 * (p->bleed_mm + m);
}
