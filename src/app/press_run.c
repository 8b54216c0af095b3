/* The press sheets of a print run (app/press_run.h). */

#include "app/press_run.h"

#include <string.h>

#include "app/build.h"
#include "games/game.h"

/* Sheets printed once a game on a press.  Not: plates (made once for the
 * die or emboss maker), the die-line sheet (the die maker's drawing), the
 * templates proof and the booklet's reader's pages (the press prints its
 * spreads). */
static int pressed(const struct tp_sheet_def *d)
{
	return !(d->flags & TP_SHEET_PLATE) && strcmp(d->name, "cut") != 0 &&
	       strcmp(d->name, "templates") != 0 && strcmp(d->name, "rules-pages") != 0;
}

int tp_press_run(struct tp_buf *b, const struct tp_session *s, const struct tp_run *run, int fmt,
		 tp_err *e)
{
	/* The plan of a whole build, as `check` makes it for its estimate:
	 * each sheet laid out once, nothing written. */
	struct tp_build_opts opt = { .jobs = 1, .quiet = 1, .estimate = 1 };
	struct tp_build pl = { 0 };
	int rc = tp_build_plan(&pl, s, &opt, e);
	const struct tp_game *g = s->game;
	if (rc == TP_OK && fmt == TP_FMT_JSON) {
		tp_buf_printf(b, "{\"games\": %d, \"spares_pct\": %g, \"sheets\": [", run->games,
			      run->spares_pct);
	} else if (rc == TP_OK && fmt == TP_FMT_CSV) {
		tp_buf_printf(b, "sheet,press_sheets_per_game,press_sheets\n");
	} else if (rc == TP_OK) {
		tp_buf_printf(b, "press sheets: a page of a sheet's PDF is a press sheet, printed once a game\n");
		tp_run_line(b, run, "sheet");
		tp_buf_printf(b, "%-16s %9s %9s\n", "Sheet", "Per game", "Print run");
	}
	int first = 1;
	for (size_t i = 0; rc == TP_OK && i < g->n_sheets; i++) {
		const struct tp_sheet_def *d = &g->sheets[i];
		if (!pl.want[i] || !pl.facts[i].laid || !pressed(d))
			continue;
		long per = (long)pl.facts[i].pages, n = tp_run_count(run, per);
		if (fmt == TP_FMT_JSON)
			tp_buf_printf(b, "%s\n  {\"sheet\": \"%s\", \"per_game\": %ld, \"print_run\": %ld}",
				      first ? "" : ",", d->name, per, n);
		else if (fmt == TP_FMT_CSV)
			tp_buf_printf(b, "%s,%ld,%ld\n", d->name, per, n);
		else
			tp_buf_printf(b, "%-16s %9ld %9ld\n", d->name, per, n);
		first = 0;
	}
	/* No total: a game's board may be written whole and in parts, of
	 * which a run prints one. */
	if (rc == TP_OK && fmt == TP_FMT_JSON)
		tp_buf_printf(b, "\n]}\n");
	tp_build_free(&pl);
	if (rc == TP_OK && b->oom)
		rc = tp_fail(e, TP_EIO, "out of memory formatting the press sheets");
	return rc;
}
