#ifndef TP_RULES_H
#define TP_RULES_H

/* The rules booklet's words: a text per game and language in
 * templates/rules/GAME.LANG.ini, whose {placeholders} are filled from the
 * config and the game's model (the game's rules_facts), so that no number
 * in the rules is typed in.  The file is a list of blocks in order, one
 * key each:
 *
 *   title = ...      the cover's title       subtitle = ...  under it
 *   heading = ...    a section heading        para = ...      a paragraph
 *   item = ...       a list item (bulleted)   figure = ...    the set-up
 *                    diagram, with this caption
 *   more = ...       continues the block above (a long paragraph)
 *   sim = ...        a paragraph shown only where the game has a simulator
 *
 * KIND.NAME = ... shows the block only when fact NAME is set (not "" nor
 * "0"); KIND.!NAME only when it is not.  {NAME} is fact NAME's value. */

#include <stddef.h>

#include "core/status.h"
#include "core/strbuf.h"
#include "games/box.h"
#include "games/config.h"

enum tp_rules_kind {
	TP_RB_TITLE, TP_RB_SUBTITLE, TP_RB_HEADING, TP_RB_PARA, TP_RB_ITEM, TP_RB_FIGURE,
	TP_RB_SIM, TP_RB_KINDS
};

struct tp_rules_line {
	int kind;              /* enum tp_rules_kind */
	char cond[32];         /* "" or a fact's name */
	int neg;               /* shown when the fact is not set */
	int line;              /* of the file */
	char *text;            /* owned */
};

struct tp_rules_src {
	char path[512];
	struct tp_rules_line *l;
	size_t n, cap;
};

/* Values for the placeholders: name -> text. */
#define TP_FACTS_MAX 128
struct tp_facts {
	int n;
	char name[TP_FACTS_MAX][32];
	char value[TP_FACTS_MAX][200];
};

/* Sets (or replaces) fact name to the formatted text. */
void tp_facts_set(struct tp_facts *f, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The value of name, or NULL. */
const char *tp_facts_get(const struct tp_facts *f, const char *name);

/* Reads templates/rules/GAME.LANG.ini for c's game and print.rules_lang
 * into c->rules_src.  TP_EINPUT naming the file and line (or the key). */
int tp_rules_load(struct tp_config *c, tp_err *e);
void tp_rules_src_free(struct tp_rules_src *s);

/* One filled block. */
struct tp_rules_block {
	int kind;
	char *text;            /* owned */
	int line;
};
struct tp_rules_text {
	struct tp_rules_block *b;
	size_t n;
	struct tp_facts facts;
};

/* The facts of c and model (the game's, and the shared ones: players,
 * components), then the blocks of c->rules_src filled with them.  TP_OK,
 * TP_EINPUT for a placeholder or condition the game has no value for
 * (FILE:LINE), TP_EIO. */
int tp_rules_text(const struct tp_config *c, const void *model, struct tp_rules_text *t,
		  tp_err *e);
void tp_rules_text_free(struct tp_rules_text *t);
/* The game's name as the booklet titles it: print.title, else the rules
 * text's first unconditional title, else the game's name in the table. */
const char *tp_rules_title(const struct tp_config *c);

/* manifest/rules.md: the same words in Markdown. */
void tp_rules_md(struct tp_buf *b, const struct tp_config *c, const void *model, int arg);

/* The sheets: rules (printer's spreads, A4 landscape, folded to A5) and
 * rules-pages (the reader's A5 pages).  Laid out in prepare, which
 * refuses a text that does not fit its pages. */
#define TP_RULES_SHEET_DEFS                                                                   \
	{ "rules", "rules booklet: printer's spreads, A4 folded to A5", 0, tp_rules_absent,   \
	  tp_rules_prepare, tp_rules_build_spreads, NULL, NULL, NULL, 0 },                     \
	{ "rules-pages", "rules booklet: reader's pages (A5)", 0, tp_rules_absent,            \
	  tp_rules_prepare, tp_rules_build_pages, NULL, NULL, NULL, 0 },                       \
	TP_BOX_SHEET_DEF
int tp_rules_absent(const struct tp_config *c, const char *sheet, char *why, size_t n);
int tp_rules_prepare(struct tp_config *c, tp_err *e);
struct tp_doc;
int tp_rules_build_spreads(const struct tp_config *c, const void *model, struct tp_doc *doc);
int tp_rules_build_pages(const struct tp_config *c, const void *model, struct tp_doc *doc);

/* The print run's sheets every game has: rules, rules-pages, box. */
#define TP_RULES_N_SHEETS 3

/* The booklet's number of pages (a multiple of 4). */
int tp_rules_page_count(const struct tp_config *c, const void *model, int *n, tp_err *e);

/* Booklet geometry, mm. */
#define TP_RULES_PAGE_W 148.0
#define TP_RULES_PAGE_H 210.0

#endif
