/* A factory's separate die file (die_file.h). */

#include "app/pack/die_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/build/preview.h"
#include "app/file_name.h"
#include "app/sheet_pages.h"
#include "core/alloc.h"
#include "print/backend/backend.h"
#include "print/output/outfile.h"
#include "print/scene/copy_sink.h"

void tp_pack_dies_free(struct tp_pack_dies *d)
{
	free(d->name);
	memset(d, 0, sizeof *d);
}

/* The backend of the factory's die format, or NULL (none). */
static const struct tp_backend *die_backend(const struct tp_factory *fa)
{
	return strcmp(fa->die_file, "none") == 0 ? NULL : tp_backend_find(fa->die_file);
}

/* 1 when backend b writes the die ink alone (the DXF). */
static int die_format(const struct tp_backend *b)
{
	return b->only_ink == TP_INK_CUT;
}

int tp_pack_is_die_file(const struct tp_config *c, const struct tp_factory *fa,
			const struct tp_sheet_facts *facts, const struct tp_pack_dies *d,
			const char *name)
{
	const struct tp_backend *b = die_backend(fa);
	size_t len = strlen(name), el = b ? strlen(b->ext) : 0;
	if (b == NULL || len <= el || strcmp(name + len - el, b->ext) != 0)
		return 0;
	if (die_format(b))
		return 1;
	long i = tp_preview_sheet_of(c, name);
	if (facts && i >= 0 && facts[i].laid && facts[i].die_only)
		return 1;
	for (size_t k = 0; d && k < d->n; k++)
		if (strcmp(d->name[k], name) == 0)
			return 1;
	return 0;
}

static int add_name(struct tp_pack_dies *d, const char *name)
{
	if (tp_grow((void **)&d->name, &d->cap, d->n + 1, sizeof *d->name, 16) != 0)
		return -1;
	snprintf(d->name[d->n++], sizeof d->name[0], "%s", name);
	return 0;
}

/* Page sc's die and crease lines alone, in format b, as dir/name. */
static int write_die(const struct tp_backend *b, const struct tp_scene *sc, const char *dir,
		     const char *name, const char *title, tp_err *e)
{
	static const struct tp_walk_opts die = {
		.inks = TP_WALK_INK(TP_INK_CUT) | TP_WALK_INK(TP_INK_CREASE),
	};
	struct tp_scene *dst = tp_scene_new(sc->name, sc->trim_w, sc->trim_h, sc->bleed, &sc->pal);
	if (dst == NULL)
		return tp_fail(e, TP_EIO, "out of memory writing %s", name);
	dst->plate = 1;
	dst->press = sc->press;
	struct tp_copy_sink cs = { .dst = dst };
	int rc = tp_walk_copy(sc, &die, &cs, e);
	char *buf = NULL;
	size_t len = 0;
	FILE *m = rc == TP_OK ? open_memstream(&buf, &len) : NULL;
	if (rc == TP_OK && m == NULL)
		rc = tp_fail(e, TP_EIO, "out of memory writing %s", name);
	if (m != NULL) {
		struct tp_doc_info info = { .title = title, .file = name };
		const struct tp_scene *pg = dst;
		rc = b->write(m, &pg, 1, &info, e);
		if (fclose(m) != 0 && rc == TP_OK)
			rc = tp_fail(e, TP_EIO, "out of memory writing %s", name);
	}
	if (rc == TP_OK)
		rc = tp_out_write(dir, name, buf, len, e);
	free(buf);
	tp_scene_free(dst);
	return rc;
}

/* Sheet i's pages as written, each that draws die lines as its die file. */
static int sheet_dies(const struct tp_session *s, size_t i, const struct tp_backend *b,
		      const char *dir, struct tp_pack_dies *d, tp_err *e)
{
	const struct tp_sheet_def *def = &s->game->sheets[i];
	struct tp_sheet_pages sp;
	int rc = tp_sheet_pages_open(&sp, s, i, 1) != 0
		 ? tp_fail(e, TP_EIO, "out of memory laying out %s", def->name)
		 : TP_OK;
	char base[128], name[200], title[200];
	tp_file_base(s->cfg, def->name, base, sizeof base);
	snprintf(title, sizeof title, "%s: die lines of %s", s->cfg->print.job, def->title);
	for (size_t k = 0; rc == TP_OK && k < sp.n; k++) {
		struct tp_page *pg = tp_sheet_pages_get(&sp, k);
		if (pg == NULL) {
			rc = tp_fail(e, TP_EIO, "out of memory laying out %s", def->name);
			break;
		}
		if (!tp_scene_uses_ink(pg->sc, TP_INK_CUT))
			continue;
		if (sp.n == 1)
			snprintf(name, sizeof name, "%s-die%s", base, b->ext);
		else
			snprintf(name, sizeof name, "%s-%s-die%s", base, pg->sc->name, b->ext);
		rc = write_die(b, pg->sc, dir, name, title, e);
		if (rc == TP_OK && add_name(d, name) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory listing the die files");
	}
	tp_sheet_pages_close(&sp);
	return rc;
}

int tp_pack_die_files(const struct tp_session *s, const struct tp_factory *fa,
		      const struct tp_sheet_facts *facts, unsigned formats, const char *dir,
		      struct tp_pack_dies *d, tp_err *e)
{
	const struct tp_backend *b = die_backend(fa);
	if (b == NULL || !(formats & (1u << (b - tp_backends))) || die_format(b))
		return TP_OK;
	const struct tp_game *g = s->game;
	/* The edition's own die file in that format: nothing to add. */
	for (size_t i = 0; i < g->n_sheets; i++)
		if (facts[i].laid && facts[i].die_only)
			return TP_OK;
	/* The sheets that draw die lines (the one-ink backend of the die
	 * ink's fact); a back or a plate cut by another sheet has none. */
	unsigned cut = 0;
	for (size_t bi = 0; bi < tp_n_backends; bi++)
		if (die_format(&tp_backends[bi]))
			cut |= 1u << bi;
	int rc = TP_OK;
	for (size_t i = 0; rc == TP_OK && i < g->n_sheets; i++)
		if (facts[i].laid && (facts[i].has_ink & cut))
			rc = sheet_dies(s, i, b, dir, d, e);
	return rc;
}
