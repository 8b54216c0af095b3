/* A sheet's pages one at a time when it can (sheet_pages.h). */

#include "app/sheet_pages.h"

#include <stdint.h>
#include <string.h>

#include "app/impose_game.h"
#include "games/game.h"

static int build(struct tp_sheet_pages *sp, size_t from, size_t n)
{
	const struct tp_session *s = sp->s;
	sp->doc.win_from = from;
	sp->doc.win_n = n;
	return s->game->sheets[sp->sheet].build(s->cfg, s->model, &sp->doc);
}

int tp_sheet_pages_open(struct tp_sheet_pages *sp, const struct tp_session *s, size_t sheet,
			int impose)
{
	memset(sp, 0, sizeof *sp);
	sp->s = s;
	sp->sheet = sheet;
	const char *name = s->game->sheets[sheet].name;
	if (build(sp, 0, 1) != 0)
		return -1;
	size_t total = sp->doc.total;
	if (total > 0 && sp->doc.n == 1) {
		/* Pages made alone are alike (tp_doc): when imposing leaves the
		 * first as it is, it leaves every one. */
		uintptr_t first = (uintptr_t)sp->doc.pages[0].sc;
		if (tp_impose_doc(s->cfg, s->model, name, &sp->doc) != 0)
			return -1;
		if (sp->doc.n == 1 && (uintptr_t)sp->doc.pages[0].sc == first) {
			sp->one = 1;
			sp->impose = impose;
			sp->n = total;
			/* Imposing may still have marked the page (die nicks):
			 * unimposed pages are made afresh. */
			if (!impose)
				tp_doc_free(&sp->doc);
			return 0;
		}
	}
	if (total > 0) {
		/* The whole sheet after all: imposing cuts or moves its pages. */
		tp_doc_free(&sp->doc);
		if (build(sp, 0, 0) != 0)
			return -1;
	}
	if (impose && tp_impose_doc(s->cfg, s->model, name, &sp->doc) != 0)
		return -1;
	sp->n = sp->doc.n;
	return 0;
}

struct tp_page *tp_sheet_pages_get(struct tp_sheet_pages *sp, size_t k)
{
	if (k >= sp->n)
		return NULL;
	if (!sp->one)
		return &sp->doc.pages[k];
	if (sp->at != k || sp->doc.n != 1) {
		const struct tp_session *s = sp->s;
		tp_doc_free(&sp->doc);
		if (build(sp, k, 1) != 0 || sp->doc.n != 1)
			return NULL;
		if (sp->impose && (tp_impose_doc(s->cfg, s->model, s->game->sheets[sp->sheet].name,
						 &sp->doc) != 0 || sp->doc.n != 1))
			return NULL;
		sp->at = k;
	}
	return &sp->doc.pages[0];
}

void tp_sheet_pages_close(struct tp_sheet_pages *sp)
{
	tp_doc_free(&sp->doc);
	memset(sp, 0, sizeof *sp);
}
