#include "app/build/build_txn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/session.h"
#include "app/build/pipeline.h"
#include "core/alloc.h"
#include "print/output/outfile.h"

int tp_build_txn_begin(struct tp_build_txn *t, const char *dir, const struct tp_build_request *rq,
		       const struct tp_build_events *ev, tp_err *e)
{
	memset(t, 0, sizeof *t);
	t->od.fd = t->od.stage_fd = -1;
	int rc = tp_outdir_open(&t->od, dir, rq->wait, rq->quiet, e);
	if (rc != TP_OK)
		return rc;
	t->open = 1;
	struct tp_buf swept = { 0 };
	t->judge = (struct tp_judge){ .dirfd = t->od.fd, .dir = dir, .recovering = 1 };
	struct tp_outdir_rules rules = { tp_record_judge, tp_record_prepare, &t->judge };
	rc = tp_outdir_sweep(&t->od, TP_RECORD_NAME, &rules, &swept, e);
	tp_record_free(&t->judge.fresh);
	if (!rq->quiet && swept.len && !swept.oom)
		for (char *line = strtok(swept.s, "\n"); line; line = strtok(NULL, "\n"))
			tp_build_note(ev, "%s", line);
	tp_buf_free(&swept);
	if (rc == TP_OK)
		rc = tp_record_load(t->od.fd, dir, &t->old, e);
	if (rc == TP_OK)
		tp_record_verify(t->od.fd, &t->old);
	if (rc == TP_OK)
		rc = tp_outdir_stage(&t->od, e);
	if (rc == TP_OK)
		tp_test_pause("staged");
	return rc;
}

int tp_build_txn_precheck(struct tp_build_txn *t, const struct tp_build_request *rq,
			  const struct tp_written_list *names, tp_err *e)
{
	return tp_record_collisions(t->od.fd, t->od.path, &t->old, names, rq->force, e);
}

/* Files from another build or edition would travel with this set: name
 * them (--clean removes an earlier build's). */
static void keep_recorded(const char *path, void *ctx)
{
	/* Out of memory: the file is only named as stale. */
	(void)tp_written_add(ctx, path, 0, (size_t)-1);
}

/* same: the folder's earlier record was of this config: what it recorded
 * stays in this set (the new record keeps it as earlier_files), so only
 * files of another config or of no build are named. */
static void warn_stale(const struct tp_build_events *ev, const char *dir,
		       const struct tp_written_list *w, const struct tp_record *old, int same)
{
	struct tp_buf stale = { 0 };
	struct tp_written_list known = { 0 };
	int oom = 0;
	for (size_t i = 0; i < w->n; i++)
		oom |= tp_written_add(&known, w->v[i].name, 0, w->v[i].sheet);
	for (size_t i = 0; same && i < old->n; i++)
		keep_recorded(old->v[i].path, &known);
	if (!oom)
		tp_record_stale(dir, &known, &stale);
	tp_written_free(&known);
	if (stale.len && !stale.oom) {
		size_t n_stale = 0;
		for (size_t i = 0; i < stale.len; i++)
			n_stale += stale.s[i] == '\n';
		for (size_t i = 0; i < stale.len; i++)
			if (stale.s[i] == '\n')
				stale.s[i] = i + 1 < stale.len ? ' ' : '\0';
		tp_build_note(ev, "warning: %s holds %zu file%s this build did not write: %s (tilepress build --clean removes an earlier build's files)",
			dir, n_stale, n_stale == 1 ? "" : "s", stale.s);
	}
	tp_buf_free(&stale);
}

/* --clean, once the new set is in place: the earlier build's files this
 * one did not replace are removed one by one, each judged as it goes
 * (the record in place lists every one not yet removed, so a build killed
 * meanwhile strands none); then the record is written again without them. */
static int clean(struct tp_build_txn *t, const struct tp_build_request *rq,
		 const struct tp_build_events *ev, const struct tp_config *c,
		 const struct tp_written_list *w, long long epoch, tp_err *e)
{
	int removed = 0, changed = 0;
	struct tp_buf kept = { 0 };
	ino_t placed = tp_outdir_inode(&t->od, TP_RECORD_NAME);
	tp_record_clean(&t->od, &t->old, w, &removed, &changed, &kept);
	int rc = TP_OK;
	if (changed)
		rc = tp_record_write_from(t->od.stage, t->od.path, &t->old, c, w, epoch, e);
	if (rc == TP_OK && changed)
		rc = tp_outdir_replace(&t->od, TP_RECORD_NAME, placed, e);
	if (rq->quiet || !rq->clean)
		;
	else if (t->old.found && !t->old.ours)
		tp_build_note(ev, "warning: --clean: %s/%s is not a record tilepress wrote (%s); removed nothing",
			      t->od.path, TP_RECORD_NAME, TP_RECORD_FORMAT);
	else
		tp_build_note(ev, "--clean: removed %d file%s an earlier build wrote", removed,
			      removed == 1 ? "" : "s");
	if (!rq->quiet && kept.len && !kept.oom)
		tp_build_note(ev, "warning: --clean kept files an earlier build recorded: %s", kept.s);
	tp_buf_free(&kept);
	return rc;
}

int tp_build_txn_commit(struct tp_build_txn *t, const struct tp_build_request *rq,
			const struct tp_build_events *ev, const struct tp_config *c,
			const struct tp_written_list *w, long long epoch, tp_err *e)
{
	if (w->n == 0)
		return TP_OK;   /* nothing written: the staging folder goes at close */
	tp_test_pause("before-commit");
	int same = tp_session_same_edition(t->od.path, c);
	int rc = tp_record_collisions(t->od.fd, t->od.path, &t->old, w, rq->force, e);
	/* The record goes into staging last; it keeps the earlier files
	 * (--clean removes them after the moves, and writes it again). */
	if (rc == TP_OK)
		rc = tp_record_write(t->od.stage, &t->old, c, w, epoch, e);
	/* From the mark on, the set goes in even if this process dies: the
	 * next build finishes the moves, under the same judge. */
	sigset_t held;
	tp_out_hold_signals(&held);
	if (rc == TP_OK)
		rc = tp_outdir_mark(&t->od, TP_RECORD_NAME, e);
	const char **names = tp_calloc(w->n + 1, sizeof *names);
	if (rc == TP_OK && names == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory moving the files into place");
	for (size_t i = 0; rc == TP_OK && i < w->n; i++)
		names[i] = w->v[i].name;
	struct tp_judge j = { .old = &t->old, .dirfd = t->od.fd, .dir = t->od.path, .force = rq->force };
	struct tp_outdir_rules rules = { tp_record_judge, NULL, &j };
	if (rc == TP_OK)
		rc = tp_outdir_commit(&t->od, names, w->n, TP_RECORD_NAME, &rules, e);
	free(names);
	if (rc == TP_OK && (rq->clean || rq->own_folder))
		rc = clean(t, rq, ev, c, w, epoch, e);
	if (rc == TP_OK)
		tp_outdir_finish(&t->od);
	tp_out_release_signals(&held);
	if (rc == TP_OK && !rq->quiet)
		warn_stale(ev, t->od.path, w, &t->old, same && t->old.ours);
	return rc;
}

/* "out/.tilepress-stage.PID/fronts.svg: ..." becomes "out/fronts.svg: ...":
 * the user knows the file by where it was going. */
static void unstage(const struct tp_build_txn *t, tp_err *e)
{
	char from[PATH_MAX + 2], msg[sizeof e->msg];
	snprintf(from, sizeof from, "%s/", t->od.stage);
	size_t n = strlen(from), k = 0;
	for (const char *p = e->msg; *p && k + 1 < sizeof msg;) {
		if (strncmp(p, from, n) == 0) {
			k += (size_t)snprintf(msg + k, sizeof msg - k, "%s/", t->od.path);
			p += n;
		} else {
			msg[k++] = *p++;
		}
	}
	msg[k < sizeof msg ? k : sizeof msg - 1] = '\0';
	memcpy(e->msg, msg, sizeof msg);
}

void tp_build_txn_close(struct tp_build_txn *t, tp_err *e)
{
	if (t->open && e && e->msg[0] && t->od.stage[0])
		unstage(t, e);
	if (t->open)
		tp_outdir_close(&t->od);
	tp_record_free(&t->old);
	tp_record_free(&t->judge.fresh);
	t->open = 0;
}
