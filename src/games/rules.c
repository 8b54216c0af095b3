/* The rules text: read from templates/rules/GAME.LANG.ini, filled from
 * the config and the model (rules.h). */

#include "games/rules.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/datadir.h"
#include "core/ini_read.h"
#include "games/game.h"

void tp_facts_set(struct tp_facts *f, const char *name, const char *fmt, ...)
{
	int i = 0;
	while (i < f->n && strcmp(f->name[i], name) != 0)
		i++;
	if (i == f->n) {
		if (f->n == TP_FACTS_MAX)
			return;
		f->n++;
		snprintf(f->name[i], sizeof f->name[i], "%s", name);
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f->value[i], sizeof f->value[i], fmt, ap);
	va_end(ap);
}

const char *tp_facts_get(const struct tp_facts *f, const char *name)
{
	for (int i = 0; i < f->n; i++)
		if (strcmp(f->name[i], name) == 0)
			return f->value[i];
	return NULL;
}

static const char *const kind_names[TP_RB_KINDS] = {
	"title", "subtitle", "heading", "para", "item", "figure", "sim",
};

static int on_key(void *user, const char *section, const char *key, const char *value,
		  int line, tp_err *e)
{
	struct tp_rules_src *s = user;
	(void)section;
	if (key == NULL)
		return TP_OK;
	char kind[32], cond[40] = "";
	const char *dot = strchr(key, '.');
	size_t kl = dot ? (size_t)(dot - key) : strlen(key);
	if (kl >= sizeof kind || (dot && strlen(dot + 1) >= sizeof cond - 8))
		return tp_fail(e, TP_EINPUT, "%s:%d: %s: not a block kind", s->path, line, key);
	memcpy(kind, key, kl);
	kind[kl] = 0;
	if (dot)
		snprintf(cond, sizeof cond, "%s", dot + 1);
	if (strcmp(kind, "more") == 0) {
		if (s->n == 0)
			return tp_fail(e, TP_EINPUT, "%s:%d: more = ... continues a block, and none is above", s->path, line);
		struct tp_rules_line *l = &s->l[s->n - 1];
		size_t a = strlen(l->text), b = strlen(value);
		char *t = tp_realloc(l->text, a + b + 2);
		if (t == NULL)
			return tp_fail(e, TP_EIO, "out of memory reading %s", s->path);
		t[a] = ' ';
		memcpy(t + a + 1, value, b + 1);
		l->text = t;
		return TP_OK;
	}
	int k = 0;
	while (k < TP_RB_KINDS && strcmp(kind_names[k], kind) != 0)
		k++;
	if (k == TP_RB_KINDS)
		return tp_fail(e, TP_EINPUT, "%s:%d: %s: not a block kind (title, subtitle, heading, para, item, figure, sim, more; KIND.FACT or KIND.!FACT for a condition)",
			       s->path, line, kind);
	if (tp_grow((void **)&s->l, &s->cap, s->n + 1, sizeof *s->l, 64) != 0)
		return tp_fail(e, TP_EIO, "out of memory reading %s", s->path);
	struct tp_rules_line *l = &s->l[s->n];
	memset(l, 0, sizeof *l);
	l->kind = k;
	l->line = line;
	l->neg = cond[0] == '!';
	snprintf(l->cond, sizeof l->cond, "%s", cond + l->neg);
	if ((l->text = strdup(value)) == NULL)
		return tp_fail(e, TP_EIO, "out of memory reading %s", s->path);
	s->n++;
	return TP_OK;
}

void tp_rules_src_free(struct tp_rules_src *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->n; i++)
		free(s->l[i].text);
	free(s->l);
	free(s);
}

int tp_rules_load(struct tp_config *c, tp_err *e)
{
	const char *lang = c->print.rules_lang;
	for (const char *p = lang; *p; p++)
		if (!islower((unsigned char)*p) && *p != '-')
			return tp_fail(e, TP_EINPUT, "%s: print.rules_lang = %s: a language tag of a-z and - (en, de, pt-br)",
				       tp_config_where(c, "print", "rules_lang"), lang);
	if (lang[0] == 0)
		return tp_fail(e, TP_EINPUT, "%s: print.rules_lang is empty: name a language (en)",
			       tp_config_where(c, "print", "rules_lang"));
	struct tp_rules_src *s = tp_calloc(1, sizeof *s);
	if (s == NULL)
		return tp_fail(e, TP_EIO, "out of memory reading the rules text");
	char rel[128];
	snprintf(rel, sizeof rel, "templates/rules/%s.%s.ini", c->game->name, lang);
	if (tp_data_find(rel, s->path, sizeof s->path) != 0) {
		free(s);
		return tp_fail(e, TP_EINPUT, "%s: print.rules_lang = %s: no %s in %s (print.rules = off and print.box = off build without it)",
			       tp_config_where(c, "print", "rules_lang"), lang, rel, tp_data_dirs_text());
	}
	int rc = tp_ini_parse(s->path, on_key, s, e);
	if (rc == TP_OK && s->n == 0)
		rc = tp_fail(e, TP_EINPUT, "%s: no blocks (title = ..., para = ...)", s->path);
	if (rc != TP_OK) {
		tp_rules_src_free(s);
		return rc;
	}
	c->rules_src = s;
	return TP_OK;
}

/* Fills text's {NAME}s from f into *out (owned).  TP_EINPUT naming the
 * unknown name. */
static int fill(const char *path, int line, const char *text, const struct tp_facts *f,
		char **out, tp_err *e)
{
	struct tp_buf b = { 0 };
	for (const char *p = text; *p;) {
		if (*p != '{') {
			const char *q = strchr(p, '{');
			size_t n = q ? (size_t)(q - p) : strlen(p);
			tp_buf_printf(&b, "%.*s", (int)n, p);
			p += n;
			continue;
		}
		const char *q = strchr(p, '}');
		char name[40];
		if (q == NULL || q - p - 1 <= 0 || (size_t)(q - p - 1) >= sizeof name) {
			tp_buf_free(&b);
			return tp_fail(e, TP_EINPUT, "%s:%d: a { without its NAME}", path, line);
		}
		memcpy(name, p + 1, (size_t)(q - p - 1));
		name[q - p - 1] = 0;
		const char *v = tp_facts_get(f, name);
		if (v == NULL) {
			char list[600] = "";
			for (int i = 0; i < f->n && strlen(list) + 40 < sizeof list; i++)
				snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? " " : "", f->name[i]);
			tp_buf_free(&b);
			return tp_fail(e, TP_EINPUT, "%s:%d: {%s}: this game has no such value; it has: %s",
				       path, line, name, list);
		}
		tp_buf_printf(&b, "%s", v);
		p = q + 1;
	}
	if (b.oom || (b.s == NULL && (b.s = strdup("")) == NULL)) {
		tp_buf_free(&b);
		return tp_fail(e, TP_EIO, "out of memory filling the rules text");
	}
	*out = b.s;
	return TP_OK;
}

void tp_rules_text_free(struct tp_rules_text *t)
{
	for (size_t i = 0; t->b && i < t->n; i++)
		free(t->b[i].text);
	free(t->b);
	t->b = NULL;
	t->n = 0;
}

const char *tp_rules_title(const struct tp_config *c)
{
	if (c->print.title[0])
		return c->print.title;
	const struct tp_rules_src *s = c->rules_src;
	for (size_t i = 0; s && i < s->n; i++)
		if (s->l[i].kind == TP_RB_TITLE && s->l[i].cond[0] == '\0' && !strchr(s->l[i].text, '{'))
			return s->l[i].text;
	return c->game->name;
}

int tp_rules_text(const struct tp_config *c, const void *model, struct tp_rules_text *t,
		  tp_err *e)
{
	memset(t, 0, sizeof *t);
	const struct tp_rules_src *s = c->rules_src;
	if (s == NULL)
		return tp_fail(e, TP_EINPUT, "the rules text is not loaded (print.rules = off)");
	struct tp_facts *f = &t->facts;
	tp_facts_set(f, "game", "%s", c->game->name);
	tp_facts_set(f, "job", "%s", c->print.job);
	tp_facts_set(f, "rows", "%d", c->board.rows);
	tp_facts_set(f, "cols", "%d", c->board.cols);
	tp_facts_set(f, "tile_mm", "%g", c->print.tile_mm);
	tp_facts_set(f, "simulator", "%d", c->game->simulate != NULL);
	if (c->game->rules_facts) {
		int rc = c->game->rules_facts(f, c, model, e);
		if (rc != TP_OK)
			return rc;
	}
	t->b = tp_calloc(s->n ? s->n : 1, sizeof *t->b);
	if (t->b == NULL)
		return tp_fail(e, TP_EIO, "out of memory filling the rules text");
	for (size_t i = 0; i < s->n; i++) {
		const struct tp_rules_line *l = &s->l[i];
		if (l->cond[0]) {
			const char *v = tp_facts_get(f, l->cond);
			if (v == NULL) {
				tp_rules_text_free(t);
				return tp_fail(e, TP_EINPUT, "%s:%d: %s.%s%s: this game has no value %s to show the block by",
					       s->path, l->line, kind_names[l->kind], l->neg ? "!" : "", l->cond, l->cond);
			}
			int set = v[0] && strcmp(v, "0") != 0;
			if (set == l->neg)
				continue;
		}
		if (l->kind == TP_RB_SIM && c->game->simulate == NULL)
			continue;
		struct tp_rules_block *b = &t->b[t->n];
		/* print.title renames the game wherever the rules text titles it:
		 * the booklet's cover and the box take their title from here. */
		int retitle = l->kind == TP_RB_TITLE && c->print.title[0];
		int rc = retitle ? TP_OK : fill(s->path, l->line, l->text, f, &b->text, e);
		if (retitle) {
			size_t n = strlen(c->print.title) + 1;
			if ((b->text = tp_malloc(n)) == NULL)
				rc = tp_fail(e, TP_EIO, "out of memory filling the rules text");
			else
				memcpy(b->text, c->print.title, n);
		}
		if (rc != TP_OK) {
			tp_rules_text_free(t);
			return rc;
		}
		b->kind = l->kind;
		b->line = l->line;
		t->n++;
	}
	return TP_OK;
}

void tp_rules_md(struct tp_buf *b, const struct tp_config *c, const void *model, int arg)
{
	(void)arg;
	struct tp_rules_text t;
	tp_err e;
	if (tp_rules_text(c, model, &t, &e) != TP_OK) {
		tp_buf_printf(b, "(the rules text: %s)\n", e.msg);
		return;
	}
	int in_list = 0;
	for (size_t i = 0; i < t.n; i++) {
		const struct tp_rules_block *k = &t.b[i];
		if (in_list && k->kind != TP_RB_ITEM)
			tp_buf_printf(b, "\n");
		in_list = k->kind == TP_RB_ITEM;
		switch (k->kind) {
		case TP_RB_TITLE: tp_buf_printf(b, "# %s\n\n", k->text); break;
		case TP_RB_SUBTITLE: tp_buf_printf(b, "*%s*\n\n", k->text); break;
		case TP_RB_HEADING: tp_buf_printf(b, "## %s\n\n", k->text); break;
		case TP_RB_ITEM: tp_buf_printf(b, "- %s\n", k->text); break;
		case TP_RB_FIGURE: tp_buf_printf(b, "Figure: %s\n\n", k->text); break;
		default: tp_buf_printf(b, "%s\n\n", k->text); break;
		}
	}
	tp_rules_text_free(&t);
}
