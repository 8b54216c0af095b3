/* The preflight on the workers (preflight_pool.h). */

#include "app/build/preflight_pool.h"

#include <stdio.h>
#include <stdlib.h>

#include "app/build/preflight_run.h"
#include "core/alloc.h"
#include "print/output/jobs.h"

struct pool_ctx {
	const struct tp_build *b;
	const struct tp_pf_rules *r;
	int pdf;
	size_t *sheets;   /* task -> sheet */
};

static int run(void *ctx, size_t i, struct tp_buf *out, int *count, tp_err *e)
{
	const struct pool_ctx *p = ctx;
	const struct tp_build *b = p->b;
	size_t sheet = p->sheets[i];
	const struct tp_sheet_def *def = &b->session->game->sheets[sheet];
	struct tp_doc own = { 0 };
	const struct tp_doc *written;
	struct tp_preflight part = { 0 };
	*count = 0;
	int rc = tp_build_imposed(b->session, sheet, &b->built[sheet], &own, &written) != 0
		 ? tp_fail(e, TP_EIO, "out of memory preflighting %s", def->name)
		 : TP_OK;
	/* The marks added to the pages are taken off again: on a worker the
	 * plan's layout is this process's copy; with one worker it is left
	 * as it was. */
	if (rc == TP_OK)
		rc = tp_preflight_doc(b->session, b, def, p->r, (struct tp_doc *)written, p->pdf,
				      b->epoch, &part, e);
	if (rc == TP_OK) {
		tp_preflight_pack(&part, out);
		if (out->oom)
			rc = tp_fail(e, TP_EIO, "out of memory preflighting %s", def->name);
	}
	tp_preflight_free(&part);
	tp_doc_free(&own);
	return rc;
}

static void name(void *ctx, size_t i, char *buf, size_t n)
{
	const struct pool_ctx *p = ctx;
	snprintf(buf, n, "the preflight of %s", p->b->session->game->sheets[p->sheets[i]].name);
}

/* The costliest check first, so that no worker is left with a large sheet
 * at the end; equal ones in sheet order.  The cost is estimated from the
 * layout: shapes and path points for the walk, and text, which the press
 * PDF outlines glyph by glyph (measured on the shipped sheets: about 25
 * points' worth a character). */
#define TEXT_WEIGHT 25

static void order_tasks(const struct tp_build *b, const size_t *sheets, size_t n, size_t *order,
			size_t *cost)
{
	for (size_t i = 0; i < n; i++) {
		const struct tp_doc *d = &b->built[sheets[i]];
		cost[i] = 0;
		for (size_t k = 0; k < d->n; k++) {
			const struct tp_scene *sc = d->pages[k].sc;
			cost[i] += sc->n_shapes + sc->n_pts + TEXT_WEIGHT * sc->n_text;
		}
		order[i] = i;
	}
	for (size_t i = 1; i < n; i++)
		for (size_t k = i; k > 0 && cost[order[k]] > cost[order[k - 1]]; k--) {
			size_t t = order[k];
			order[k] = order[k - 1];
			order[k - 1] = t;
		}
}

int tp_preflight_pool(const struct tp_build *b, const struct tp_pf_rules *r, const int *later,
		      int pdf, struct tp_preflight *per, tp_err *e)
{
	size_t n_sheets = b->session->game->n_sheets, n = 0;
	for (size_t i = 0; i < n_sheets; i++)
		n += later[i] != 0;
	if (n == 0)
		return TP_OK;
	struct pool_ctx p = { b, r, pdf, tp_calloc(n, sizeof(size_t)) };
	size_t *order = tp_calloc(n, sizeof *order), *cost = tp_calloc(n, sizeof *cost);
	struct tp_buf *reports = tp_calloc(n, sizeof *reports);
	int *counts = tp_calloc(n, sizeof *counts);
	int rc = p.sheets && order && cost && reports && counts
		 ? TP_OK
		 : tp_fail(e, TP_EIO, "out of memory planning the preflight");
	if (rc == TP_OK) {
		for (size_t i = 0, k = 0; i < n_sheets; i++)
			if (later[i])
				p.sheets[k++] = i;
		order_tasks(b, p.sheets, n, order, cost);
		struct tp_jobs_spec spec = {
			.n = n, .order = order, .jobs = b->opt.jobs, .run = run, .ctx = &p,
			.reports = reports, .counts = counts, .name = name,
		};
		rc = tp_jobs_run(&spec, e);
	}
	for (size_t i = 0; rc == TP_OK && i < n; i++)
		if (tp_preflight_unpack(reports[i].oom ? NULL : reports[i].s, &per[p.sheets[i]]) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory reading the preflight of %s",
				     b->session->game->sheets[p.sheets[i]].name);
	for (size_t i = 0; reports && i < n; i++)
		tp_buf_free(&reports[i]);
	free(reports);
	free(counts);
	free(cost);
	free(order);
	free(p.sheets);
	return rc;
}
