/* The designer's loop (watch.h): after each save, the digest of every
 * sheet's layout; the first sheet whose digest changed committed at once,
 * the others, the manifest and the contact sheet in a second commit. */

#include "app/watch/watch.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/build.h"
#include "app/build/input_watch.h"
#include "app/build/preview.h"
#include "app/serve/serve.h"
#include "core/alloc.h"
#include "core/inputs.h"
#include "core/strbuf.h"
#include "core/trace.h"
#include "print/layout/sheet.h"

/* The proof resolution, unless --set print.dpi says otherwise. */
#define TP_WATCH_DPI "print.dpi=72"
/* Where in the output folder the watch's proofs go. */
#define TP_WATCH_FOLDER "watch"
/* As many --set as the command line takes. */
#define WATCH_MAX_SETS 256

/* One watch: what it loads, where it builds, what it last built. */
struct loop {
	struct tp_session_spec sp;
	struct tp_build_request b;     /* each commit's (quiet) */
	const struct tp_watch_events *ev;
	struct tp_serve *srv;
	/* Per sheet, the digest of its layout in the folder (pipeline.h:
	 * tp_build_digest), "" when absent; NULL before the first set. */
	char (*good)[65];
	/* Per sheet, what the preview page says of the sheet in the folder
	 * (pipeline.h: tp_build_request.facts); NULL with good. */
	struct tp_sheet_facts *facts;
	const char *why;               /* the save ("start" first) */
	struct tp_trace saved;         /* started at the save */
	char dir[PATH_MAX + 16];       /* DIR/watch, once known */
};

/* Loads the config (noting its inputs) into s; the first time, where the
 * proofs go: DIR/watch, DIR the folder a build of this config writes,
 * never over the press set there (print.dpi 300 replaced by 72 dpi
 * proofs without a word). */
static int load(struct loop *l, struct tp_session *s, tp_err *e)
{
	tp_inputs_reset();
	int rc = tp_session_open(s, &l->sp, e);
	if (rc == TP_OK && l->dir[0] == '\0') {
		char dir[PATH_MAX];
		tp_session_out_dir(l->b.out_dir, s->cfg, dir, sizeof dir);
		snprintf(l->dir, sizeof l->dir, "%s/%s", dir, TP_WATCH_FOLDER);
	}
	if (l->dir[0])
		l->b.out_dir = l->dir;
	return rc;
}

/* One build transaction into the folder (pipeline.h: lock, staging,
 * record, moves): the sheets only names (NULL: all), placed ones not
 * written again.  The pages listening reload once it is in place. */
static int commit(struct loop *l, const struct tp_session *s, const char *only, const int *placed,
		  tp_err *e)
{
	struct tp_build_request b = l->b;
	b.quiet = 1;
	b.progress = 0;
	b.only = only;
	b.placed = placed;
	b.facts = l->facts;
	int rc = tp_build_run(s, &b, l->ev->build, e);
	if (rc == TP_OK)
		tp_serve_notify(l->srv);
	return rc;
}

/* The first set: every sheet, in one transaction. */
static int first_set(struct loop *l, const struct tp_session *s, char (*now)[65], tp_err *e)
{
	const struct tp_game *g = s->game;
	int rc = tp_build_digests(s, now, e);
	free(l->facts);
	l->facts = tp_calloc(g->n_sheets + 1, sizeof *l->facts);
	if (rc == TP_OK && l->facts == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory");
	if (rc == TP_OK)
		rc = commit(l, s, NULL, NULL, e);
	if (rc != TP_OK)
		return rc;
	struct tp_buf names = { 0 };
	size_t n = 0;
	for (size_t i = 0; i < g->n_sheets; i++)
		if (now[i][0])
			tp_buf_printf(&names, "%s%s", n++ ? "," : "", g->sheets[i].name);
	if (l->ev->built)
		l->ev->built(l->ev->ctx, l->why, 0, n, names.oom || !names.s ? "" : names.s);
	tp_buf_free(&names);
	return TP_OK;
}

/* Every sheet's own checks (a sheet's prepare), before the first commit:
 * an edit that does not check changes no file. */
static int check_sheets(const struct tp_session *s, tp_err *e)
{
	int rc = TP_OK;
	for (size_t i = 0; rc == TP_OK && i < s->game->n_sheets; i++) {
		const struct tp_sheet_def *def = &s->game->sheets[i];
		char why[300];
		if (def->prepare && !tp_sheet_absent(s->cfg, def, why, sizeof why))
			rc = def->prepare(s->cfg, e);
	}
	return rc;
}

/* After a save: each sheet, in the game's order, laid out and digested;
 * the first whose digest changed is committed alone at once (its files in
 * place, the page told) before the next is laid out.  The other changed
 * sheets follow in a second commit, with the manifest, the contact sheet
 * and the preview page of every changed sheet (the first checked and
 * shown again, not written again).  *n_placed: the sheets committed. */
static int rebuild(struct loop *l, const struct tp_session *s, char (*now)[65], int *placed,
		   size_t *n_placed, tp_err *e)
{
	const struct tp_game *g = s->game;
	struct tp_buf only = { 0 };
	tp_buf_printf(&only, "manifest,proof");
	size_t n = 0;
	int rc = check_sheets(s, e);
	for (size_t i = 0; rc == TP_OK && i < g->n_sheets; i++) {
		rc = tp_build_digest(s, i, now[i], e);
		if (rc != TP_OK || !now[i][0] || strcmp(l->good[i], now[i]) == 0)
			continue;
		tp_buf_printf(&only, ",%s", g->sheets[i].name);
		if (n++ > 0)
			continue;
		rc = commit(l, s, g->sheets[i].name, NULL, e);
		if (rc != TP_OK)
			break;
		memcpy(l->good[i], now[i], sizeof now[i]);
		placed[i] = 1;
		*n_placed = 1;
		tp_trace_end(&l->saved, "watch save-to-commit %s", g->sheets[i].name);
		if (l->ev->placed)
			l->ev->placed(l->ev->ctx, l->why, g->sheets[i].name);
	}
	if (rc == TP_OK && only.oom)
		rc = tp_fail(e, TP_EIO, "out of memory");
	if (rc == TP_OK)
		rc = commit(l, s, only.s, placed, e);
	if (rc == TP_OK) {
		memcpy(l->good, now, g->n_sheets * sizeof *now);
		*n_placed = n;
		tp_trace_end(&l->saved, "watch save-to-done");
		if (l->ev->built)
			l->ev->built(l->ev->ctx, l->why, 1, n, n ? strchr(only.s + 9, ',') + 1 : "");
	}
	tp_buf_free(&only);
	return rc;
}

/* One turn of the loop: the set after the save l->why.  TP_OK, or the
 * load's or the build's error in e (*n_placed sheets of this save in
 * place all the same). */
static int turn(struct loop *l, const struct tp_game **game, size_t *n_placed, tp_err *e)
{
	struct tp_session s;
	*n_placed = 0;
	int rc = load(l, &s, e);
	if (rc != TP_OK)
		return rc;
	const struct tp_game *g = s.game;
	char (*now)[65] = tp_calloc(g->n_sheets + 1, sizeof *now);
	int *placed = tp_calloc(g->n_sheets + 1, sizeof *placed);
	if (now == NULL || placed == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory");
	/* Another game (the config's game.name edited): a set of its own. */
	if (rc == TP_OK && l->good && *game != g) {
		free(l->good);
		l->good = NULL;
	}
	*game = g;
	if (rc == TP_OK && l->good == NULL) {
		rc = first_set(l, &s, now, e);
		if (rc == TP_OK) {
			l->good = now;
			now = NULL;
		}
	} else if (rc == TP_OK) {
		rc = rebuild(l, &s, now, placed, n_placed, e);
	}
	free(now);
	free(placed);
	tp_session_close(&s);
	return rc;
}

int tp_watch_run(const struct tp_watch_request *rq, const struct tp_watch_events *ev, tp_err *e)
{
	const char *sets[WATCH_MAX_SETS + 1];
	struct loop l = { .sp = rq->spec, .b = rq->build, .ev = ev, .why = "start" };
	int dpi_given = 0, n = 0;
	for (int i = 0; i < l.sp.n_sets && n < WATCH_MAX_SETS; i++) {
		dpi_given |= strncmp(l.sp.sets[i], "print.dpi", 9) == 0;
		sets[n++] = l.sp.sets[i];
	}
	if (!dpi_given && n < WATCH_MAX_SETS)
		sets[n++] = TP_WATCH_DPI;
	l.sp.sets = sets;
	l.sp.n_sets = n;
	struct tp_input_watch *w = tp_input_watch_open(e);
	if (w == NULL)
		return TP_EIO;
	const struct tp_game *g = NULL;
	/* What the page of the folder says it shows. */
	tp_preview_set_note("Proofs of <code>tilepress watch</code>: a quick look at the design, "
			    "not the press set (that is the folder above, made by <code>tilepress build</code>).");
	tp_trace_start(&l.saved);
	int rc = TP_OK;
	for (;;) {
		tp_err err = { 0 };
		size_t n_placed = 0;
		int r = turn(&l, &g, &n_placed, &err);
		tp_input_watch_add(w);
		if (r != TP_OK) {
			if (ev->failed)
				ev->failed(ev->ctx, &err, l.good != NULL, n_placed);
			if (r == TP_EIO && l.good == NULL && tp_input_watch_folders(w) == 0) {
				*e = err;
				rc = r;
				break;
			}
		}
		if (tp_input_watch_folders(w) == 0) {
			rc = tp_fail(e, TP_EIO, "watch: no folder to watch (inotify: %s)", strerror(errno));
			break;
		}
		/* serve: once the folder exists, on 127.0.0.1 only. */
		if (rq->serve && l.srv == NULL && l.good != NULL) {
			rc = tp_serve_start(&l.srv, l.dir, rq->serve_port, e);
			if (rc != TP_OK)
				break;
			if (ev->serving)
				ev->serving(ev->ctx, l.dir, tp_serve_port(l.srv));
		}
		const char *what = NULL;
		if (!tp_input_watch_wait(w, &what, &l.saved)) {
			rc = tp_fail(e, TP_EIO, "watch: waiting for changes: %s", strerror(errno));
			break;
		}
		l.why = what;
	}
	tp_serve_stop(l.srv);
	free(l.good);
	free(l.facts);
	tp_input_watch_close(w);
	return rc;
}
