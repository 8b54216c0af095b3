/* A package's PDF read back for the job ticket (facts.h). */

#include "app/pack/facts.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "print/pdf/pdf_content.h"
#include "print/pdf/pdf_read.h"

#define MM (25.4 / 72)

struct facts_ctx {
	struct tp_pack_facts *f;
	const char *cut;
};

static int on_paint(void *ctx, const struct tp_pc_paint *pt)
{
	struct facts_ctx *C = ctx;
	struct tp_pack_facts *f = C->f;
	if (pt->col.spot[0] == '\0') {
		f->process |= pt->col.cmyk[0] + pt->col.cmyk[1] + pt->col.cmyk[2] + pt->col.cmyk[3] > 0;
		return 0;
	}
	if (strcmp(pt->col.spot, "All") == 0)
		return 0;   /* registration: the marks */
	if (strcasecmp(pt->col.spot, C->cut) == 0 && pt->what == TP_PC_STROKE)
		f->die_paths++;
	for (int i = 0; i < f->n_spots; i++)
		if (strcmp(f->spots[i], pt->col.spot) == 0)
			return 0;
	if (f->n_spots < 8)
		snprintf(f->spots[f->n_spots++], sizeof f->spots[0], "%s", pt->col.spot);
	return 0;
}

struct page_walk {
	const struct tp_pdf *p;
	struct facts_ctx *C;
	int oom;
};

static int box(const struct tp_pdf *p, const struct tp_pv *pg, const char *key, double b[4])
{
	const struct tp_pv *v = tp_pdf_key(p, pg, key);
	if (v == NULL || v->type != TP_PV_ARR || v->n != 4)
		return -1;
	for (int i = 0; i < 4; i++)
		b[i] = v->items[i].type == TP_PV_NUM ? v->items[i].num : 0;
	return 0;
}

static void on_page(void *ctx, int k, const struct tp_pv *pg)
{
	struct page_walk *W = ctx;
	struct tp_pack_facts *f = W->C->f;
	f->pages = k;
	double t[4], b[4];
	if (k == 1 && box(W->p, pg, "TrimBox", t) == 0) {
		f->trim[0] = fabs(t[2] - t[0]) * MM;
		f->trim[1] = fabs(t[3] - t[1]) * MM;
		if (box(W->p, pg, "BleedBox", b) == 0)
			f->bleed = fmax(0, (fabs(b[2] - b[0]) - fabs(t[2] - t[0])) / 2 * MM);
	}
	struct tp_pc_result res;
	int before = f->die_paths;
	if (tp_pdf_content_page(W->p, pg, on_paint, W->C, &res) != 0)
		W->oom = 1;
	if (k > 1)
		f->die_paths = before;   /* the first page's count */
}

int tp_pack_facts_read(const unsigned char *buf, size_t n, const char *cut,
		       struct tp_pack_facts *f)
{
	struct tp_pdf p;
	char why[160];
	struct facts_ctx C = { f, cut };
	if (tp_pdf_read(&p, buf, n, why, sizeof why) != 0)
		return 0;
	struct page_walk W = { &p, &C, 0 };
	tp_pdf_pages(&p, on_page, &W);
	tp_pdf_free(&p);
	return W.oom ? -1 : 0;
}
