/* table.order and hex.order: which of a triangle's 9 small triangles
 * (FIG. 6, claim 6) element n marks.  A list "3 1 5 ..." (element n
 * marks the first n), or a triangles template, a file as the square
 * templates are (docs/designer.md, "Triangles templates"):
 *
 *     [indicia]
 *     name = symmetric
 *     description = ...
 *     order = 3 1 5 7 9 6 8 2 4      ; or keys 1 .. 9, key n naming n triangles
 *
 * Triangles are numbered 1-5 along the tile's side, 6-8 in the middle
 * row, 9 at the tip. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/datadir.h"
#include "core/ini_read.h"
#include "games/series/config/series_table_config.h"

/* The small triangles named in v ("3 1 5", commas allowed) as 0-based
 * numbers into out (at most 9, each once); their count, or -1. */
static int triangles(const char *v, int *out)
{
	int m = 0;
	unsigned seen = 0;
	for (const char *p = v; *p;) {
		char *end;
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			break;
		long x = strtol(p, &end, 10);
		if (end == p || x < 1 || x > 9 || (seen & (1u << x)) || m == 9 ||
		    (*end && *end != ' ' && *end != '\t' && *end != ','))
			return -1;
		seen |= 1u << x;
		out[m++] = (int)x - 1;
		p = end;
	}
	return m;
}

static int is_list(const char *v)
{
	for (; *v; v++)
		if (!strchr("0123456789 \t,", *v))
			return 0;
	return 1;
}

int tp_table_parse_order(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			 char *why, size_t n)
{
	(void)k;
	struct tp_table_cfg *t = x->game;
	if (!is_list(value)) {   /* a template's name or path, read by finish */
		if (strlen(value) >= sizeof t->order_name) {
			snprintf(why, n, "too long; at most %zu bytes", sizeof t->order_name - 1);
			return -1;
		}
		snprintf(t->order_name, sizeof t->order_name, "%s", value);
		return 0;
	}
	int ord[9];
	if (triangles(value, ord) != 9) {
		snprintf(why, n, "must name each small triangle 1..9 once (1-5 along the side, 6-8 the middle row, 9 the tip), in marking order, or a triangles template (templates/triangles/NAME.ini or a path)");
		return -1;
	}
	memcpy(t->order, ord, sizeof ord);
	t->order_name[0] = '\0';
	return 0;
}

void tp_table_format_order(const struct tp_key *k, const void *core, const void *game,
			   struct tp_buf *b)
{
	(void)k;
	(void)core;
	const struct tp_table_cfg *t = game;
	if (t->order_name[0]) {
		tp_buf_printf(b, "%s", t->order_name);
		return;
	}
	for (int i = 0; i < 9; i++)
		tp_buf_printf(b, i ? " %d" : "%d", t->order[i] + 1);
}

struct rd {
	struct tp_table_cfg *t;
	const char *path;
	int have_order, have_key[10];
	int line_key;   /* the first key n line, for a mixed file */
};

static int on_key(void *user, const char *section, const char *key, const char *value, int line,
		  tp_err *e)
{
	struct rd *r = user;
	if (key == NULL) {
		if (strcmp(section, "indicia") != 0)
			return tp_fail(e, TP_EINPUT, "%s:%d: [%s]: allowed: [indicia]", r->path, line, section);
		return TP_OK;
	}
	if (strcmp(section, "indicia") != 0)
		return tp_fail(e, TP_EINPUT, "%s:%d: %s outside [indicia]", r->path, line, key);
	if (strcmp(key, "name") == 0) {
		snprintf(r->t->order_label, sizeof r->t->order_label, "%s", value);
		return TP_OK;
	}
	if (strcmp(key, "description") == 0)
		return TP_OK;
	int tri[9], m = triangles(value, tri);
	if (strcmp(key, "order") == 0) {
		if (m != 9)
			return tp_fail(e, TP_EINPUT,
				       "%s:%d: order = %s: must name each small triangle 1..9 once (1-5 along the side, 6-8 the middle row, 9 the tip)",
				       r->path, line, value);
		memcpy(r->t->order, tri, sizeof tri);
		for (int v = 1; v <= 9; v++)
			r->t->marks[v] = (unsigned short)(r->t->marks[v - 1] | 1u << tri[v - 1]);
		r->have_order = 1;
		return TP_OK;
	}
	if (key[0] >= '1' && key[0] <= '9' && key[1] == '\0') {
		int v = key[0] - '0';
		if (m != v)
			return tp_fail(e, TP_EINPUT,
				       "%s:%d: %s = %s: element %d marks exactly %d small triangles (each of 1..9 once)",
				       r->path, line, key, value, v, v);
		r->t->marks[v] = 0;
		for (int i = 0; i < m; i++)
			r->t->marks[v] |= (unsigned short)(1u << tri[i]);
		r->have_key[v] = 1;
		if (!r->line_key)
			r->line_key = line;
		return TP_OK;
	}
	return tp_fail(e, TP_EINPUT, "%s:%d: unknown key %s; allowed: name, description, order, 1 .. 9",
		       r->path, line, key);
}

int tp_table_load_order(struct tp_config *c, const char *section, tp_err *e)
{
	struct tp_table_cfg *t = c->game_cfg;
	memset(t->marks, 0, sizeof t->marks);
	t->order_label[0] = '\0';
	if (!t->order_name[0]) {   /* a list: element n marks the first n */
		for (int v = 1; v <= 9; v++)
			t->marks[v] = (unsigned short)(t->marks[v - 1] | 1u << t->order[v - 1]);
		return TP_OK;
	}
	char path[512], key[40];
	const char *where = tp_config_where(c, section, "order");
	snprintf(key, sizeof key, "%s.order", section);
	/* A path in the config file is the file's; with --set the current folder's. */
	int rc = tp_data_template_resolve(key, t->order_name, "triangles", "fig6, symmetric",
					  tp_config_path_base(c, section, "order"), path,
					  sizeof path, e);
	struct rd r = { .t = t, .path = path };
	if (rc == TP_OK)
		rc = tp_ini_parse(path, on_key, &r, e);
	if (rc == TP_OK && r.have_order && r.line_key)
		rc = tp_fail(e, TP_EINPUT, "%s:%d: keys 1 .. 9 and order: give one of them", path, r.line_key);
	for (int v = 1; rc == TP_OK && !r.have_order && v <= 9; v++)
		if (!r.have_key[v])
			rc = tp_fail(e, TP_EINPUT, "%s: no order and no key %d; give order = (each of 1..9 once) or keys 1 .. 9",
				     path, v);
	if (rc != TP_OK) {
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s", e->msg);
		e->code = TP_OK;   /* re-raised with where the key was set */
		return tp_fail(e, rc, "%s: %s", where, msg);
	}
	if (!t->order_label[0]) {
		const char *base = strrchr(t->order_name, '/');
		snprintf(t->order_label, sizeof t->order_label, "%s", base ? base + 1 : t->order_name);
	}
	return TP_OK;
}

void tp_table_describe_order(struct tp_buf *b, const struct tp_table_cfg *t)
{
	if (!t->order_name[0]) {
		tp_buf_printf(b, "order");
		for (int i = 0; i < 9; i++)
			tp_buf_printf(b, " %d", t->order[i] + 1);
		return;
	}
	tp_buf_printf(b, "template %s:", t->order_label);
	for (int v = 1; v <= 9; v++) {
		tp_buf_printf(b, v > 1 ? " |" : "");
		for (int s = 0; s < 9; s++)
			if (t->marks[v] >> s & 1)
				tp_buf_printf(b, " %d", s + 1);
	}
}
