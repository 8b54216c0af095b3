/* Factories as data (factory.h). */

#include "app/factory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/datadir.h"
#include "core/ini_read.h"

int tp_factory_each(void (*fn)(const char *name, void *ctx), void *ctx)
{
	return tp_data_each("config/factories", ".ini", fn, ctx);
}

struct names {
	char list[400];
};

static void add_name(const char *name, void *ctx)
{
	struct names *n = ctx;
	size_t len = strlen(n->list);
	snprintf(n->list + len, sizeof n->list - len, "%s%s", len ? ", " : "", name);
}

struct loading {
	struct tp_factory *f;
};

/* 1 when value is one of the words of `allowed` (space-separated). */
static int one_of(const char *value, const char *allowed)
{
	size_t n = strlen(value);
	for (const char *p = allowed; *p;) {
		const char *sp = strchr(p, ' ');
		size_t k = sp ? (size_t)(sp - p) : strlen(p);
		if (k == n && strncmp(p, value, n) == 0)
			return 1;
		p += k + (sp != NULL);
	}
	return 0;
}

/* A line of [products]: NAME = KIND W_IN H_IN PX_W PX_H. */
static int product(struct tp_factory *f, const char *key, const char *value, int line, tp_err *e)
{
	if (f->n_products == TP_FACTORY_PRODUCTS)
		return tp_fail(e, TP_EINPUT, "%s:%d: more than %d products", f->path, line,
			       TP_FACTORY_PRODUCTS);
	struct tp_product *p = &f->products[f->n_products];
	char kind[16], extra[2];
	int n = sscanf(value, "%15s %lf %lf %d %d %1s", kind, &p->w_in, &p->h_in, &p->px_w, &p->px_h, extra);
	if (n != 5 || !one_of(kind, "square hex board slug") || strlen(key) >= sizeof p->name ||
	    !(p->w_in > 0 && p->w_in < 100) || !(p->h_in > 0 && p->h_in < 100) || p->px_w < 1 ||
	    p->px_w > 30000 || p->px_h < 1 || p->px_h > 30000)
		return tp_fail(e, TP_EINPUT,
			       "%s:%d: products.%s = %s: want KIND W_IN H_IN PX_W PX_H (kind square, hex, board or slug; sizes 0..100 in, images 1..30000 px)",
			       f->path, line, key, value);
	snprintf(p->name, sizeof p->name, "%s", key);
	snprintf(p->kind, sizeof p->kind, "%s", kind);
	f->n_products++;
	return TP_OK;
}

static int on_key(void *user, const char *section, const char *key, const char *value, int line,
		  tp_err *e)
{
	struct loading *L = user;
	struct tp_factory *f = L->f;
	if (key == NULL) {
		if (strcmp(section, "factory") != 0 && strcmp(section, "print") != 0 &&
		    strcmp(section, "products") != 0)
			return tp_fail(e, TP_EINPUT, "%s:%d: [%s]: a factory holds [factory], [print] and [products] only",
				       f->path, line, section);
		return TP_OK;
	}
	if (strcmp(section, "products") == 0)
		return product(f, key, value, line, e);
	if (strcmp(section, "print") == 0) {
		if (f->n_sets == TP_FACTORY_SETS)
			return tp_fail(e, TP_EINPUT, "%s:%d: more than %d [print] keys", f->path, line,
				       TP_FACTORY_SETS);
		if (strcmp(key, "profile") == 0)
			return tp_fail(e, TP_EINPUT, "%s:%d: print.profile: name the profile as [factory] profile",
				       f->path, line);
		snprintf(f->sets[f->n_sets++], sizeof f->sets[0], "print.%s=%s", key, value);
		return TP_OK;
	}
	static const struct {
		const char *key, *allowed;
	} words[] = {
		{ "page_order", "as-built backs-last interleaved" },
		{ "die_file", "none dxf svg" },
		{ "raster", "none png" },
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcmp(key, words[i].key) == 0 && !one_of(value, words[i].allowed))
			return tp_fail(e, TP_EINPUT, "%s:%d: factory.%s = %s: allowed: %s", f->path, line, key,
				       value, words[i].allowed);
	char *end;
	if (strcmp(key, "name") == 0)
		snprintf(f->title, sizeof f->title, "%s", value);
	else if (strcmp(key, "profile") == 0)
		snprintf(f->profile, sizeof f->profile, "%s", strcmp(value, "none") == 0 ? "" : value);
	else if (strcmp(key, "page_order") == 0)
		snprintf(f->page_order, sizeof f->page_order, "%s", value);
	else if (strcmp(key, "die_file") == 0)
		snprintf(f->die_file, sizeof f->die_file, "%s", value);
	else if (strcmp(key, "raster") == 0)
		snprintf(f->raster, sizeof f->raster, "%s", value);
	else if (strcmp(key, "file_name") == 0)
		snprintf(f->file_name, sizeof f->file_name, "%s", value);
	else if (strcmp(key, "stock") == 0)
		snprintf(f->stock, sizeof f->stock, "%s", value);
	else if (strcmp(key, "board") == 0)
		snprintf(f->board, sizeof f->board, "%s", value);
	else if (strcmp(key, "match_mm") == 0 || strcmp(key, "slug_spacing_mm") == 0) {
		double v = strtod(value, &end);
		if (*end || end == value || !(v >= 0) || v > 100)
			return tp_fail(e, TP_EINPUT, "%s:%d: factory.%s = %s: a length in mm, 0..100", f->path,
				       line, key, value);
		*(key[0] == 'm' ? &f->match_mm : &f->slug_spacing_mm) = v;
	} else if (strcmp(key, "raster_dpi") == 0 || strcmp(key, "wrap_mm") == 0 ||
		 strcmp(key, "liner_inset_mm") == 0) {
		double v = strtod(value, &end);
		if (*end || end == value || v < 0 || v > 10000)
			return tp_fail(e, TP_EINPUT, "%s:%d: factory.%s = %s: a number 0..10000", f->path, line,
				       key, value);
		*(key[0] == 'r' ? &f->raster_dpi : key[0] == 'w' ? &f->wrap_mm : &f->liner_inset_mm) = v;
		/* The wrap figures are the board wrap's (print.wrap_mm,
		 * print.liner_inset_mm), set over the profile like [print]. */
		if (key[0] != 'r') {
			if (f->n_sets == TP_FACTORY_SETS)
				return tp_fail(e, TP_EINPUT, "%s:%d: more than %d [print] keys", f->path,
					       line, TP_FACTORY_SETS);
			snprintf(f->sets[f->n_sets++], sizeof f->sets[0], "print.%s=%s", key, value);
		}
	} else {
		return tp_fail(e, TP_EINPUT,
			       "%s:%d: factory.%s: unknown; allowed: name, profile, page_order, die_file, raster, raster_dpi, file_name, stock, board, wrap_mm, liner_inset_mm, match_mm, slug_spacing_mm",
			       f->path, line, key);
	}
	return TP_OK;
}

int tp_factory_load(const char *name, struct tp_factory *f, tp_err *e)
{
	memset(f, 0, sizeof *f);
	int ok = name[0] != '\0' && strlen(name) < sizeof f->name;
	for (const char *p = name; *p; p++)
		ok &= (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_';
	char rel[128];
	snprintf(rel, sizeof rel, "config/factories/%.60s.ini", name);
	if (!ok || tp_data_find(rel, f->path, sizeof f->path) != 0) {
		struct names n = { "" };
		if (tp_factory_each(add_name, &n) != 0)
			return tp_fail(e, TP_EIO, "out of memory listing the factories");
		return tp_fail(e, TP_EINPUT, "pack %s: no such factory (%s in %s); allowed: %s", name, rel,
			       tp_data_dirs_text(), n.list);
	}
	snprintf(f->name, sizeof f->name, "%s", name);
	snprintf(f->page_order, sizeof f->page_order, "as-built");
	snprintf(f->die_file, sizeof f->die_file, "none");
	snprintf(f->raster, sizeof f->raster, "none");
	snprintf(f->file_name, sizeof f->file_name, "{sheet}");
	f->raster_dpi = 300;
	f->match_mm = 0.5;
	f->slug_spacing_mm = 6.35;
	struct loading L = { f };
	return tp_ini_parse(f->path, on_key, &L, e);
}
