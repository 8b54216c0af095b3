#ifndef TP_PRESS_RUN_H
#define TP_PRESS_RUN_H

/* The press sheets of a print run, for `manifest`: for every sheet a build
 * of the config writes and a press prints once a game (not the plates nor
 * the die-line sheet, made once for the die or emboss maker, nor the
 * templates proof and the booklet's reader's pages), the pages its press PDF has for one game, as the build plan lays
 * them out (tp_sheet_facts.pages: gang pages, their panels, or the
 * punchboard's press sheets; a page is one press sheet), and for the run
 * (--games N, --spares PCT): each page printed N times plus the spares,
 * rounded up (tp_run_count).  A press sheet carries one game's share of
 * its sheet: the plates are the pages, printed once per game. */

#include "app/session.h"
#include "core/report.h"
#include "core/status.h"
#include "core/strbuf.h"

/* Formats the press sheets into b in fmt (enum tp_format): text, a
 * table; CSV "sheet,press_sheets_per_game,press_sheets"; JSON {"games",
 * "spares_pct", "sheets": [{"sheet", "per_game", "print_run"}]}.  TP_OK
 * or a failure (the plan's). */
int tp_press_run(struct tp_buf *b, const struct tp_session *s, const struct tp_run *run, int fmt,
		 tp_err *e);

#endif
