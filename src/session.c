#include "session.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "colour.h"
#include "datadir.h"

int tp_session_open(struct tp_session *s, const struct tp_cli *cli, tp_err *e)
{
	memset(s, 0, sizeof *s);
	char path[1024];
	if (cli->config) {
		snprintf(path, sizeof path, "%s", cli->config);
	} else if (tp_data_find("config/series.ini", path, sizeof path) != 0) {
		return tp_fail(e, TP_EINPUT,
			       "config/series.ini: not found in %s; give one with -c FILE",
			       tp_data_dirs_text());
	}
	s->cfg = tp_malloc(sizeof *s->cfg);
	if (s->cfg == NULL)
		return tp_fail(e, TP_EIO, "out of memory loading %s", path);
	int rc = tp_config_load(s->cfg, path, cli->sets, cli->n_sets, e);
	if (rc == TP_OK && cli->level > 1) {
		/* [0086]: at level N the level N-1 board pieces are the tiles, so
		 * every length grows by 6 per level; the pattern stays the same. */
		s->cfg->level = cli->level;
		for (int i = 1; i < cli->level; i++)
			s->cfg->print.tile_mm *= 6;
	}
	/* Proof colours from the CMYK (the config loader's job once it knows
	 * print.proof_profile; calling it twice gives the same values). */
	if (rc == TP_OK)
		rc = tp_colour_proofs(s->cfg->print.inks, TP_INK_COUNT,
				      s->cfg->print.proof_profile, e);
	if (rc == TP_OK)
		rc = tp_pattern_derive(&s->cfg->rules, &s->pat, e);
	if (rc != TP_OK)
		tp_session_close(s);
	return rc;
}

void tp_session_close(struct tp_session *s)
{
	tp_pattern_free(s->pat);
	free(s->cfg);
	s->pat = NULL;
	s->cfg = NULL;
}

int tp_print_buf(const struct tp_buf *b, tp_err *e)
{
	if (b->oom)
		return tp_fail(e, TP_EIO, "out of memory formatting the report");
	if (b->len && fwrite(b->s, 1, b->len, stdout) != b->len)
		return tp_fail(e, TP_EIO, "standard output: write failed: %s", strerror(errno));
	return TP_OK;
}
