/* The preflight of a build (preflight_run.h). */

#include "cli/preflight_run.h"

#include <math.h>
#include <stdio.h>

#include "cli/cli.h"
#include "app/impose_game.h"
#include "print/impose.h"
#include "print/sheet.h"

void tp_pf_rules_of(const struct tp_config *c, struct tp_pf_rules *r)
{
	const struct tp_print *p = &c->print;
	*r = (struct tp_pf_rules){ 0 };
	r->bleed = p->bleed_mm;
	r->safe = p->safe_mm;
	r->min_tint_line = p->inks.min_tint_line_mm;
	r->max_tac = p->max_tac_pct;
	r->die_gap = p->min_die_gap_mm;
	r->min_component = p->min_component_mm;
	r->emboss_min = TP_PF_EMBOSS_MIN_MM;
	if (p->nicks_per_side > 0) {
		r->nick = p->nick_mm;
		r->nick_corner = p->nick_corner_mm;
	}
	r->marks_margin = p->marks ? TP_MARK_MARGIN_MM : 0;
	/* A press sheet is known when the layout imposes on it or the
	 * config (or its profile) names one. */
	if (p->layout == TP_LAYOUT_PUNCHBOARD || tp_config_given(c, "print", "sheet_mm")) {
		struct tp_press pr;
		double a[4];
		tp_press_of(c, &pr);
		tp_press_clear(&pr, a);
		r->press_w = a[2];
		r->press_h = a[3];
	}
}

int tp_preflight_sheets(const struct tp_session *s, const int *want, struct tp_preflight *pf,
			tp_err *e)
{
	const struct tp_game *g = s->game;
	struct tp_pf_rules r;
	tp_pf_rules_of(s->cfg, &r);
	for (size_t i = 0; i < g->n_sheets; i++) {
		const struct tp_sheet_def *d = &g->sheets[i];
		char why[300];
		if (want ? !want[i] : (d->absent && d->absent(s->cfg, d->name, why, sizeof why)))
			continue;
		struct tp_doc doc = { 0 };
		int rc = d->build(s->cfg, s->model, &doc);
		if (rc == 0)
			rc = tp_impose_doc(s->cfg, s->model, d->name, &doc);
		for (size_t k = 0; rc == 0 && k < doc.n; k++)
			rc = tp_preflight_page(pf, &r, d->name, (int)k + 1, doc.pages[k].sc);
		tp_doc_free(&doc);
		if (rc != 0)
			return tp_fail(e, TP_EIO, "out of memory preflighting %s", d->name);
	}
	return TP_OK;
}

void tp_preflight_stderr(const struct tp_preflight *pf, size_t max)
{
	if (pf->errors + pf->warnings == 0)
		return;   /* a clean build says nothing */
	fprintf(stderr, "tilepress: preflight: %zu pages, %zu error%s, %zu warning%s\n", pf->pages,
		pf->errors, pf->errors == 1 ? "" : "s", pf->warnings, pf->warnings == 1 ? "" : "s");
	int sev = pf->errors ? TP_PF_ERROR : TP_PF_WARNING;
	size_t shown = 0;
	for (size_t i = 0; i < pf->n && shown < max; i++) {
		if (pf->f[i].severity != sev)
			continue;
		char line[400];
		tp_preflight_line(&pf->f[i], line, sizeof line);
		fprintf(stderr, "  %s\n", line);
		shown++;
	}
	size_t more = (sev == TP_PF_ERROR ? pf->errors : pf->warnings) - shown;
	if (more)
		fprintf(stderr, "  ... and %zu more (manifest/preflight.txt)\n", more);
}

int tp_cmd_preflight(const struct tp_cli *cli, tp_err *e)
{
	struct tp_session s;
	int rc = tp_cli_session_open(&s, cli, e);
	if (rc != TP_OK)
		return rc;
	struct tp_preflight pf = { 0 };
	struct tp_buf b = { 0 };
	rc = tp_preflight_sheets(&s, NULL, &pf, e);
	if (rc == TP_OK) {
		tp_preflight_text(&pf, &b);
		rc = b.oom ? tp_fail(e, TP_EIO, "out of memory formatting the preflight") : tp_print_buf(&b, e);
	}
	if (rc == TP_OK && pf.errors)
		rc = tp_fail(e, TP_EINPUT, "preflight: %zu error%s a factory would reject (listed above)",
			     pf.errors, pf.errors == 1 ? "" : "s");
	tp_buf_free(&b);
	tp_preflight_free(&pf);
	tp_session_close(&s);
	return rc;
}
