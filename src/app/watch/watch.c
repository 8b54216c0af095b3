/* The designer's loop (watch.h): digests of every sheet's layout after
 * each save, and a build of the sheets whose digest changed. */

#include "app/watch/watch.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/build/input_watch.h"
#include "app/build/preview.h"
#include "app/serve/serve.h"
#include "core/alloc.h"
#include "core/inputs.h"
#include "core/strbuf.h"

/* The proof resolution, unless --set print.dpi says otherwise. */
#define TP_WATCH_DPI "print.dpi=72"
/* Where in the output folder the watch's proofs go. */
#define TP_WATCH_FOLDER "watch"
/* As many --set as the command line takes. */
#define WATCH_MAX_SETS 256

/* Per sheet, the digest of its layout (app/build/pipeline.h:
 * tp_build_digests).  Loads the config (noting its inputs); TP_OK, or the
 * load's error. */
static int digests(const struct tp_session_spec *sp, const char *out_dir, char (**out)[65],
		   const struct tp_game **game, char *watch_dir, size_t n_dir, tp_err *e)
{
	struct tp_session s;
	tp_inputs_reset();
	int rc = tp_session_open(&s, sp, e);
	if (rc != TP_OK)
		return rc;
	/* The proofs go to DIR/watch, DIR the folder a build of this config
	 * writes: never over the press set there (print.dpi 300 replaced by
	 * 72 dpi proofs without a word). */
	if (watch_dir[0] == '\0') {
		char dir[PATH_MAX];
		tp_session_out_dir(out_dir, s.cfg, dir, sizeof dir);
		snprintf(watch_dir, n_dir, "%s/%s", dir, TP_WATCH_FOLDER);
	}
	const struct tp_game *g = s.game;
	char (*d)[65] = tp_calloc(g->n_sheets + 1, sizeof *d);
	if (d == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory");
	if (rc == TP_OK)
		rc = tp_build_digests(&s, d, e);
	*game = g;
	tp_session_close(&s);
	if (rc != TP_OK) {
		free(d);
		d = NULL;
	}
	*out = d;
	return rc;
}

/* Builds the sheets that differ between old (NULL: all) and now, quietly. */
static int rebuild(const struct tp_session_spec *sp, const struct tp_build_request *rq,
		   const struct tp_watch_events *ev, const struct tp_game *g, char (*old)[65],
		   char (*now)[65], const char *why, tp_err *e)
{
	struct tp_buf only = { 0 };
	size_t n = 0;
	tp_buf_printf(&only, "manifest,proof");
	for (size_t i = 0; i < g->n_sheets; i++)
		if (now[i][0] && (old == NULL || strcmp(old[i], now[i]) != 0)) {
			tp_buf_printf(&only, ",%s", g->sheets[i].name);
			n++;
		}
	if (only.oom) {
		tp_buf_free(&only);
		return tp_fail(e, TP_EIO, "out of memory");
	}
	struct tp_session_spec qs = *sp;
	qs.quiet = 1;
	struct tp_build_request b = *rq;
	b.quiet = 1;
	b.progress = 0;
	b.only = old ? only.s : NULL;
	struct tp_session s;
	int rc = tp_session_open(&s, &qs, e);
	if (rc == TP_OK) {
		rc = tp_build_run(&s, &b, ev->build, e);
		tp_session_close(&s);
	}
	if (rc == TP_OK && ev->built)
		ev->built(ev->ctx, why, old != NULL, n, n ? strchr(only.s + 9, ',') + 1 : "");
	tp_buf_free(&only);
	return rc;
}

int tp_watch_run(const struct tp_watch_request *rq, const struct tp_watch_events *ev, tp_err *e)
{
	const char *sets[WATCH_MAX_SETS + 1];
	struct tp_session_spec sp = rq->spec;
	int dpi_given = 0, n = 0;
	for (int i = 0; i < sp.n_sets && n < WATCH_MAX_SETS; i++) {
		dpi_given |= strncmp(sp.sets[i], "print.dpi", 9) == 0;
		sets[n++] = sp.sets[i];
	}
	if (!dpi_given && n < WATCH_MAX_SETS)
		sets[n++] = TP_WATCH_DPI;
	sp.sets = sets;
	sp.n_sets = n;
	struct tp_build_request b = rq->build;
	struct tp_input_watch *w = tp_input_watch_open(e);
	if (w == NULL)
		return TP_EIO;
	const struct tp_game *g = NULL;
	char (*good)[65] = NULL;   /* the digests of the last good set */
	char watch_dir[PATH_MAX + 16];
	watch_dir[0] = '\0';
	/* What the page of the folder says it shows. */
	tp_preview_set_note("Proofs of <code>tilepress watch</code>: a quick look at the design, "
			    "not the press set (that is the folder above, made by <code>tilepress build</code>).");
	const char *why = "start";
	int rc = TP_OK;
	struct tp_serve *srv = NULL;
	for (;;) {
		char (*now)[65] = NULL;
		tp_err err = { 0 };
		int r = digests(&sp, b.out_dir, &now, &g, watch_dir, sizeof watch_dir, &err);
		if (watch_dir[0])
			b.out_dir = watch_dir;
		tp_input_watch_add(w);
		if (r == TP_OK)
			r = rebuild(&sp, &b, ev, g, good, now, why, &err);
		if (r == TP_OK) {
			free(good);
			good = now;
			tp_serve_notify(srv);   /* the pages listening reload */
		} else {
			free(now);
			if (ev->failed)
				ev->failed(ev->ctx, &err, good != NULL);
			if (r == TP_EIO && good == NULL && tp_input_watch_folders(w) == 0) {
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
		if (rq->serve && srv == NULL && good != NULL) {
			rc = tp_serve_start(&srv, watch_dir, rq->serve_port, e);
			if (rc != TP_OK)
				break;
			if (ev->serving)
				ev->serving(ev->ctx, watch_dir, tp_serve_port(srv));
		}
		const char *what = NULL;
		int hit = tp_input_watch_wait(w, &what);
		if (!hit) {
			rc = tp_fail(e, TP_EIO, "watch: waiting for changes: %s", strerror(errno));
			break;
		}
		why = what;
	}
	tp_serve_stop(srv);
	free(good);
	tp_input_watch_close(w);
	return rc;
}
