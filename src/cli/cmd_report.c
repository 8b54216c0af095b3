/* The commands that only report: check, pattern, manifest. */

#include <stdio.h>

#include "cli.h"
#include "session.h"

static void check_summary(struct tp_buf *b, const struct tp_session *s)
{
	const struct tp_config *c = s->cfg;
	const struct tp_pattern *p = s->pat;
	tp_buf_printf(b, "config %s: ok\n", c->path);
	tp_buf_printf(b, "board %dx%d, %d tiles; pairing %d; cycle", p->rows, p->cols,
		      p->rows * p->cols, c->rules.pairing);
	for (int i = 0; i < 4; i++)
		tp_buf_printf(b, " %s", tp_series_names[c->rules.cycle[i]]);
	tp_buf_printf(b, "; indicia %s\n", c->tpl.name);
	tp_buf_printf(b, "anchors: %d\n", c->rules.n_anchors);
	for (int i = 0; i < c->rules.n_anchors; i++) {
		const struct tp_anchor *a = &c->rules.anchors[i];
		tp_buf_printf(b, "  (%d,%d) front %d, lateral %s, class %s\n", a->row + 1,
			      a->col + 1, a->front, tp_corner_names[a->corner],
			      (a->row + a->col) % 2 ? "odd" : "even");
	}
	for (int par = 0; par < 2; par++)
		tp_buf_printf(b, "class %s (row+col %s): lateral corner %s; diagonal steps se %+d, sw %+d (mod 9)\n",
			      par ? "B" : "A", par ? "odd" : "even",
			      tp_corner_names[p->cls[par].corner], p->cls[par].step_se,
			      p->cls[par].step_sw);
	if (p->board) {
		int f, k;
		tp_plane_at(p, p->patch_r0 + p->centre_r, p->patch_c0 + p->centre_c, &f, &k);
		tp_buf_printf(b, "spanning patch: found; board image = %dx%d tiles magnified x6, centre tile (%d,%d) is front %d lateral %s\n",
			      p->patch_rows, p->patch_cols, p->centre_r + 1, p->centre_c + 1, f,
			      tp_corner_names[k]);
	} else {
		tp_buf_printf(b, "backs off (tutorial edition): no board image\n");
	}
	int per_front[9] = { 0 }, per_back[5] = { 0 };
	for (int f = 0; f < 9; f++)
		for (int k = 0; k < 5; k++) {
			per_front[f] += p->count[f][k];
			per_back[k] += p->count[f][k];
		}
	tp_buf_printf(b, "fronts 1..9:");
	for (int f = 0; f < 9; f++)
		tp_buf_printf(b, " %d", per_front[f]);
	tp_buf_printf(b, "\n");
	if (p->board)
		tp_buf_printf(b, "backs: lateral %d, vertical %d, boxes %d, dots %d, unmarked %d\n",
			      per_back[TP_LATERAL], per_back[TP_VERTICAL], per_back[TP_BOXES],
			      per_back[TP_DOTS], per_back[TP_NONE]);
	tp_buf_printf(b, "tiles: %d loose + %d anchors = %d\n",
		      p->rows * p->cols - p->n_anchor_tiles, p->n_anchor_tiles, p->rows * p->cols);
}

typedef void (*report_fn)(struct tp_buf *b, const struct tp_session *s, const struct tp_cli *cli);

static void do_check(struct tp_buf *b, const struct tp_session *s, const struct tp_cli *cli)
{
	check_summary(b, s);
	/* Legibility problems are warnings: the files are still valid. */
	char warn[8][200];
	int n = tp_config_warnings(s->cfg, warn, 8);
	for (int i = 0; i < n && i < 8; i++)
		if (!cli->quiet)
			fprintf(stderr, "tilepress: warning: %s: %s\n", s->cfg->path, warn[i]);
	if (s->cfg->emboss.plates)
		tp_buf_printf(b, "tactile check: %s\n", n ? "warnings (see stderr)" : "ok");
}

static void do_pattern(struct tp_buf *b, const struct tp_session *s, const struct tp_cli *cli)
{
	tp_pattern_format(b, s->pat, cli->format);
}

static void do_manifest(struct tp_buf *b, const struct tp_session *s, const struct tp_cli *cli)
{
	tp_manifest_format(b, s->pat, s->cfg, &cli->run, cli->format);
}

static int report(const struct tp_cli *cli, report_fn fn, tp_err *e)
{
	struct tp_session s;
	int rc = tp_session_open(&s, cli, e);
	if (rc != TP_OK)
		return rc;
	struct tp_buf b = { 0 };
	fn(&b, &s, cli);
	rc = tp_print_buf(&b, e);
	tp_buf_free(&b);
	tp_session_close(&s);
	return rc;
}

int tp_cmd_check(const struct tp_cli *cli, tp_err *e)
{
	return report(cli, do_check, e);
}

int tp_cmd_pattern(const struct tp_cli *cli, tp_err *e)
{
	return report(cli, do_pattern, e);
}

int tp_cmd_manifest(const struct tp_cli *cli, tp_err *e)
{
	return report(cli, do_manifest, e);
}
