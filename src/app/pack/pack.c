/* A factory package (pack.h): the factory's settings laid over the
 * edition's, the build into pack-FACTORY, then the job ticket. */

#include "app/pack/pack.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app/build.h"
#include "app/config_load.h"
#include "app/factory.h"
#include "app/pack/die_file.h"
#include "app/pack/ticket.h"
#include "core/alloc.h"
#include "print/backend/backend.h"

/* As many --set as the command line takes. */
#define PACK_MAX_SETS 256

/* What the package writes besides the build's files (pipeline.h: extra). */
struct own_files {
	const struct tp_session *s;
	const struct tp_session_spec *sp;
	const struct tp_report_opts *report;
	const struct tp_factory *fa;
	const struct tp_sheet_facts *facts;
	unsigned fmt;
	struct tp_pack_dies *dies;
	size_t *failed;
};

static int listed(const struct tp_written_list *w, const char *rel)
{
	for (size_t i = 0; i < w->n; i++)
		if (strcmp(w->v[i].name, rel) == 0)
			return 1;
	return 0;
}

/* Adds every regular file under stage/rel (dot files aside: the staging
 * folder's own markers, temporary files) that w does not list. */
static int add_unlisted(const char *stage, const char *rel, int depth,
			struct tp_written_list *w, tp_err *e)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s%s%s", stage, rel[0] ? "/" : "", rel);
	DIR *d = opendir(path);
	if (d == NULL)
		return tp_fail(e, TP_EIO, "%s: cannot list it", path);
	int rc = TP_OK;
	for (struct dirent *de; rc == TP_OK && (de = readdir(d)) != NULL;) {
		if (de->d_name[0] == '.')
			continue;
		char sub[PATH_MAX], full[PATH_MAX + 2];
		if ((size_t)snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", de->d_name) >= sizeof sub)
			continue;
		snprintf(full, sizeof full, "%s/%s", stage, sub);
		struct stat st;
		if (lstat(full, &st) != 0)
			rc = tp_fail(e, TP_EIO, "%s: cannot read it", full);
		else if (S_ISDIR(st.st_mode) && depth < 4)
			rc = add_unlisted(stage, sub, depth + 1, w, e);
		else if (S_ISREG(st.st_mode) && !listed(w, sub) &&
			 tp_written_add(w, sub, (long long)st.st_size, TP_PACK_SHEET) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory listing the package's files");
	}
	closedir(d);
	return rc;
}

/* Into the staging folder, once the build's files are there: a separate
 * die file in the factory's format where the edition writes none, then
 * the ticket (and the faces it lists), read from the staged files; each
 * added to the set. */
static int own_files(void *ctx, const char *stage, struct tp_written_list *w, tp_err *e)
{
	struct own_files *o = ctx;
	int rc = tp_pack_die_files(o->s, o->fa, o->facts, o->fmt, stage, o->dies, e);
	if (rc == TP_OK)
		rc = tp_pack_ticket(o->sp, o->report, o->fa, o->facts, o->dies, stage, o->failed, e);
	if (rc == TP_OK)
		rc = add_unlisted(stage, "", 0, w, e);
	return rc;
}

int tp_pack_run(const struct tp_pack_request *rq, const struct tp_build_events *ev,
		struct tp_pack_result *out, tp_err *e)
{
	struct tp_factory fa;
	int rc = tp_factory_load(rq->factory ? rq->factory : "", &fa, e);
	if (rc != TP_OK)
		return rc;
	struct tp_config *c;
	rc = tp_session_config(&rq->spec, &c, e);
	if (rc != TP_OK)
		return rc;
	char base[4096];
	tp_session_out_dir(rq->build.out_dir, c, base, sizeof base);
	const struct tp_game *game = c->game;
	tp_config_free(c);
	snprintf(out->name, sizeof out->name, "%s", fa.name);
	snprintf(out->dir, sizeof out->dir, "%s/pack-%s", base, fa.name);
	out->failed = 0;
	/* The factory's settings first, the command line's after them. */
	char own[TP_FACTORY_SETS + 4][200];
	const char *sets[PACK_MAX_SETS];
	int k = 0, n = 0;
	if (fa.profile[0])
		snprintf(own[k++], sizeof own[0], "print.profile=%s", fa.profile);
	snprintf(own[k++], sizeof own[0], "print.file_name=%s", fa.file_name);
	if (strcmp(fa.die_file, "none") != 0)
		snprintf(own[k++], sizeof own[0], "print.die_lines=both");
	if (strcmp(fa.raster, "png") == 0)
		snprintf(own[k++], sizeof own[0], "print.dpi=%g", fa.raster_dpi);
	/* A factory's figure for what the game has not (the wrap of a board,
	 * for a set without one) does not apply to it. */
	for (int i = 0; i < fa.n_sets; i++) {
		char key[64];
		if (sscanf(fa.sets[i], "print.%63[^=]=", key) == 1 && tp_game_unused(game, "print", key))
			continue;
		snprintf(own[k++], sizeof own[0], "%s", fa.sets[i]);
	}
	for (int i = 0; i < k; i++)
		sets[n++] = own[i];
	for (int i = 0; i < rq->spec.n_sets && n < PACK_MAX_SETS; i++)
		sets[n++] = rq->spec.sets[i];
	struct tp_session_spec sp = rq->spec;
	sp.sets = sets;
	sp.n_sets = n;
	char formats[64];
	snprintf(formats, sizeof formats, "pdf%s%s", strcmp(fa.die_file, "none") ? "," : "",
		 strcmp(fa.die_file, "none") ? fa.die_file : "");
	if (strcmp(fa.raster, "png") == 0)
		strcat(formats, ",png");
	struct tp_build_request b = rq->build;
	b.formats = rq->build.formats ? rq->build.formats : formats;
	b.out_dir = out->dir;
	/* The files are written whatever the preflight finds: the ticket's
	 * checklist says what a rule of the factory's is not met, and pack
	 * then fails. */
	b.accept_preflight = 1;
	b.page_order = strcmp(fa.page_order, "backs-last") == 0    ? TP_ORDER_BACKS_LAST
		       : strcmp(fa.page_order, "interleaved") == 0 ? TP_ORDER_INTERLEAVED
								   : TP_ORDER_AS_BUILT;
	/* The formats written (a bad list is the build's to refuse). */
	unsigned fmt = 0;
	char why[300];
	if (tp_backend_parse_list(b.formats, &fmt, why, sizeof why) != 0)
		fmt = 0;
	struct tp_session s;
	rc = tp_session_open(&s, &sp, e);
	if (rc != TP_OK)
		return rc;
	/* The plan's facts of each sheet: which files hold die lines alone. */
	struct tp_sheet_facts *facts = tp_calloc(s.game->n_sheets + 1, sizeof *facts);
	struct tp_pack_dies dies = { 0 };
	if (facts == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory planning the package");
	b.facts = facts;
	/* The die files, faces and ticket are files of the set like the
	 * sheets': staged, recorded and moved into place with them. */
	struct own_files of = { &s, &sp, &rq->report, &fa, facts, fmt, &dies, &out->failed };
	b.extra = own_files;
	b.extra_ctx = &of;
	/* pack-FACTORY is the package's alone: what an earlier pack wrote
	 * and this one does not (a face or die file a setting dropped) goes,
	 * so the folder is exactly what the ticket lists. */
	b.own_folder = 1;
	if (rc == TP_OK)
		rc = tp_build_run(&s, &b, ev, e);
	tp_session_close(&s);
	tp_pack_dies_free(&dies);
	free(facts);
	return rc;
}
