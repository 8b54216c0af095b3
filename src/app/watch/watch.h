#ifndef TP_WATCH_H
#define TP_WATCH_H

/* tilepress watch: the designer's loop.  Builds the set once at a proof
 * resolution, then waits (inotify) for a save of the config or of any
 * file the config load read (indicia templates, shapes files, ICC
 * profiles: core/inputs.h) and rebuilds only the sheets whose layout
 * changed: each sheet, in the game's order, is laid out and digested, and
 * the first whose digest changed is committed into the folder at once,
 * alone (a build transaction of its own: app/build/build_txn.h), before
 * the next is laid out; the other changed sheets, the manifest, the
 * contact sheet and index.html follow in a second commit, which checks
 * and shows the first sheet again but does not write it again.  Between
 * the two commits the folder is a whole set its record describes: the
 * first sheet as of the save, the others as before it.  An edit that
 * does not load or whose sheets' own checks fail leaves every file as it
 * was and says why; the next good save rebuilds against the last good
 * set.  With serve, the folder is served on 127.0.0.1
 * (app/serve/serve.h) and the page reloads after each commit.  Runs until
 * a signal ends the process. */

#include <stddef.h>

#include "app/build/pipeline.h"
#include "app/session.h"
#include "core/status.h"

struct tp_watch_request {
	/* The config and the command line's --set; print.dpi=72 is added
	 * unless a --set gives print.dpi. */
	struct tp_session_spec spec;
	/* Each rebuild's build: out_dir is the edition's folder (-o, or
	 * NULL: output/NAME), the proofs going to its watch/; only, quiet
	 * and progress are the watch's own. */
	struct tp_build_request build;
	int serve;              /* serve the folder on 127.0.0.1 */
	unsigned serve_port;    /* its port (0: any free one) */
};

/* What a watch tells its caller; any callback may be NULL. */
struct tp_watch_events {
	void *ctx;
	const struct tp_build_events *build;   /* each (quiet) rebuild's */
	/* A set is in place: the first (rebuilt 0) or a rebuild after the
	 * save of what (why: "start" first), n sheets of the game's, named in
	 * sheets (comma list, "" for none). */
	void (*built)(void *ctx, const char *why, int rebuilt, size_t n, const char *sheets);
	/* After the save of what, sheet's files are in place (the first
	 * changed sheet, in a commit of its own); built follows once every
	 * changed sheet is. */
	void (*placed)(void *ctx, const char *why, const char *sheet);
	/* An edit did not build (err says why); have_good: the folder
	 * keeps an earlier set; placed: how many sheets of this save were
	 * committed before the failure (they stay). */
	void (*failed)(void *ctx, const tp_err *err, int have_good, size_t placed);
	/* The folder dir is served at http://127.0.0.1:port/. */
	void (*serving)(void *ctx, const char *dir, unsigned port);
};

/* Runs the loop until waiting fails: TP_EIO (no folder to watch, the
 * first build failing on I/O with nothing to watch, the server's port
 * taken) with e filled. */
int tp_watch_run(const struct tp_watch_request *rq, const struct tp_watch_events *ev, tp_err *e);

#endif
