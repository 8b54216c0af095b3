/* Per sheet, what `watch` compares to rebuild only the sheets that
 * changed (pipeline.h). */

#include <string.h>

#include "app/build/pipeline.h"
#include "app/impose_game.h"
#include "core/keys.h"
#include "core/sha256.h"
#include "print/layout/sheet.h"
#include "print/scene/scene_digest.h"

/* The [print] keys, which every sheet's digest starts from. */
static void print_keys(const struct tp_session *s, struct tp_sha256 *keys)
{
	tp_sha256_init(keys);
	struct tp_buf v = { 0 };
	for (size_t i = 0; i < s->cfg->n_keys; i++)
		if (strcmp(s->cfg->keys[i].section, "print") == 0) {
			v.len = 0;
			tp_key_format(&s->cfg->keys[i], s->cfg, s->cfg->game_cfg, &v);
			if ((s->cfg->keys[i].flags & TP_KEY_RECORD_SET) && v.len == 0)
				continue;   /* unset, as before the key existed */
			if (v.s)
				tp_sha256_add(keys, v.s, v.len + 1);
		}
	tp_buf_free(&v);
}

int tp_build_digest(const struct tp_session *s, size_t i, char d[65], tp_err *e)
{
	const struct tp_sheet_def *def = &s->game->sheets[i];
	char why[300];
	d[0] = '\0';
	if (tp_sheet_absent(s->cfg, def, why, sizeof why))
		return TP_OK;
	int rc = def->prepare ? def->prepare(s->cfg, e) : TP_OK;
	struct tp_doc doc = { 0 };
	if (rc == TP_OK && (def->build(s->cfg, s->model, &doc) != 0 ||
			    tp_impose_doc(s->cfg, s->model, def->name, &doc) != 0))
		rc = tp_fail(e, TP_EIO, "out of memory laying out %s", def->name);
	struct tp_sha256 h;
	print_keys(s, &h);
	for (size_t k = 0; rc == TP_OK && k < doc.n; k++)
		tp_scene_digest(doc.pages[k].sc, &h);
	if (rc == TP_OK)
		tp_sha256_hex(&h, d);
	tp_doc_free(&doc);
	return rc;
}

int tp_build_digests(const struct tp_session *s, char (*d)[65], tp_err *e)
{
	int rc = TP_OK;
	for (size_t i = 0; rc == TP_OK && i < s->game->n_sheets; i++)
		rc = tp_build_digest(s, i, d[i], e);
	return rc;
}
