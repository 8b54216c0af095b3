/* Planning a build: every input check before the first write, then the
 * tasks (build.h). */

#include "app/build.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/trace.h"
#include "core/alloc.h"
#include "print/text/font.h"
#include "print/backend/backend.h"
#include "app/impose_game.h"
#include "app/sheet_pages.h"
#include "print/layout/proof.h"

int tp_build_epoch(long long *out, tp_err *e)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	if (s == NULL || s[0] == '\0') {
		*out = TP_FIXED_EPOCH;
		return TP_OK;
	}
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (*end || errno || v < 0 || v > 253402300799LL)
		return tp_fail(e, TP_EINPUT,
			       "SOURCE_DATE_EPOCH=%s: not a count of seconds since 1970 (0..253402300799)", s);
	*out = v;
	return TP_OK;
}

/* The sheets --only names (manifest, proof and the game's sheets); without
 * --only, every sheet the config does not leave out. */
static int parse_only(struct tp_build *b, tp_err *e)
{
	const struct tp_config *c = b->session->cfg;
	const struct tp_game *g = c->game;
	char why[300];
	if (b->opt.only == NULL) {
		b->want_manifest = b->want_proof = 1;
		for (size_t i = 0; i < g->n_sheets; i++)
			b->want[i] = !tp_sheet_absent(c, &g->sheets[i], why, sizeof why);
		return TP_OK;
	}
	const char *s = b->opt.only;
	while (*s) {
		size_t len = strcspn(s, ",");
		char name[64];
		int found = 0;
		if (len < sizeof name) {
			memcpy(name, s, len);
			name[len] = '\0';
			const struct tp_sheet_def *d = tp_game_sheet(g, name);
			if (strcmp(name, "manifest") == 0)
				b->want_manifest = found = 1;
			else if (strcmp(name, "proof") == 0)
				b->want_proof = found = 1;
			else if (d && tp_sheet_absent(c, d, why, sizeof why))
				return tp_fail(e, TP_EINPUT, "--only %s: %s", b->opt.only, why);
			else if (d)
				b->want[d - g->sheets] = found = 1;
		}
		if (!found) {
			struct tp_buf allowed = { 0 };
			tp_buf_printf(&allowed, "manifest, proof");
			for (size_t i = 0; i < g->n_sheets; i++)
				tp_buf_printf(&allowed, ", %s", g->sheets[i].name);
			tp_fail(e, TP_EINPUT, "--only %s: '%.*s' is not a sheet of game %s; allowed: %s",
				b->opt.only, (int)len, s, g->name, allowed.oom ? "see --list sheets" : allowed.s);
			tp_buf_free(&allowed);
			return TP_EINPUT;
		}
		s += len;
		if (*s == ',')
			s++;
	}
	return TP_OK;
}

/* The backends of b's formats that sheet i gets, before facts: plates are
 * vector art for the die maker, with no rasters. */
int tp_build_gets(const struct tp_build *b, size_t i, size_t bi)
{
	const struct tp_game *g = b->session->game;
	return (b->formats & (1u << bi)) &&
	       !((g->sheets[i].flags & TP_SHEET_PLATE) && tp_backends[bi].raster);
}

/* What planning needs of sheet i from its layout: whether it draws in
 * the ink of a one-ink backend (the DXF of the die lines), and the area a
 * raster of it covers (gang sheets as built: panels or not, the pixels
 * are about the same; punchboard sheets as imposed, gutters and margins
 * included). */
static void sheet_facts(const struct tp_session *s, const struct tp_doc *built,
			const struct tp_doc *written, struct tp_sheet_facts *f)
{
	f->die_only = built->n > 0;
	for (size_t k = 0; k < built->n; k++) {
		for (size_t bi = 0; bi < tp_n_backends; bi++)
			if (tp_backends[bi].only_ink &&
			    tp_scene_uses_ink(built->pages[k].sc, tp_backends[bi].only_ink))
				f->has_ink |= 1u << bi;
		f->die_only &= tp_scene_die_only(built->pages[k].sc);
	}
	const struct tp_doc *d = s->cfg->print.layout == TP_LAYOUT_PUNCHBOARD ? written : built;
	for (size_t k = 0; k < d->n; k++) {
		const struct tp_scene *sc = d->pages[k].sc;
		f->area += (sc->trim_w + 2 * sc->bleed) * (sc->trim_h + 2 * sc->bleed);
	}
}

static size_t doc_bytes(const struct tp_doc *d)
{
	size_t n = d->cap * sizeof *d->pages;
	for (size_t k = 0; k < d->n; k++)
		n += tp_scene_bytes(d->pages[k].sc);
	return n;
}

/* Sheet i made one page at a time (sp, app/sheet_pages.h): its facts
 * page by page, as written (each page imposed as made), and the visit
 * with no layout (it goes through the pages itself); nothing is kept. */
/* 1 when the build would write sheet i's n pages a file each in some
 * format and that alone passes print.max_files: the estimate refuses
 * such a build (app/build/build_estimate.h), so its pages are not made one by
 * one for their facts first (46,225 panels took 15 s); the visit still
 * sees the sheet, for the estimate.  Only formats that write every page
 * count: a one-ink format (the DXF of the die lines) skips pages without
 * its ink, so its file count is known only from the pages. */
static int refused_for_files(const struct tp_build *b, size_t i, size_t n)
{
	if (!b->want[i] || n <= (size_t)b->session->cfg->print.max_files)
		return 0;
	for (size_t bi = 0; bi < tp_n_backends; bi++)
		if (tp_build_gets(b, i, bi) && !tp_backends[bi].multipage && !tp_backends[bi].only_ink)
			return 1;
	return 0;
}

static int pages_facts(struct tp_build *b, size_t i, struct tp_sheet_pages *sp, tp_err *e)
{
	const struct tp_session *s = b->session;
	struct tp_sheet_facts *f = &b->facts[i];
	unsigned char used[TP_MAX_INKS] = { 0 };
	sp->impose = 1;
	/* Counted, not made (sp->counted: more pages than print.max_files
	 * in any format), or too many files: the facts of its first page. */
	if (sp->counted || refused_for_files(b, i, sp->n)) {
		const struct tp_page *pg = tp_sheet_pages_get(sp, 0);
		if (pg == NULL)
			return tp_fail(e, TP_EIO, "out of memory laying out %s", s->game->sheets[i].name);
		f->laid = 1;
		f->trim_w = pg->sc->trim_w;
		f->trim_h = pg->sc->trim_h;
		f->pages = sp->n;
		return b->want[i] && b->opt.visit ? b->opt.visit(b->opt.visit_ctx, b, i, NULL, NULL, e)
						  : TP_OK;
	}
	for (size_t k = 0; k < sp->n; k++) {
		const struct tp_page *pg = tp_sheet_pages_get(sp, k);
		if (pg == NULL)
			return tp_fail(e, TP_EIO, "out of memory laying out %s", s->game->sheets[i].name);
		const struct tp_scene *sc = pg->sc;
		struct tp_doc one = { .pages = (struct tp_page *)pg, .n = 1 };
		tp_doc_inks_used(&one, used);
		if (k + 1 == sp->n)
			tp_inks_text(&sc->pal, used, f->inks, sizeof f->inks);
		if (k == 0) {
			f->laid = 1;
			f->trim_w = sc->trim_w;
			f->trim_h = sc->trim_h;
			f->pages = sp->n;
		}
		for (size_t bi = 0; b->want[i] && bi < tp_n_backends; bi++)
			if (tp_backends[bi].only_ink && tp_scene_uses_ink(sc, tp_backends[bi].only_ink))
				f->has_ink |= 1u << bi;
		if (b->want[i])
			f->die_only = (k == 0 || f->die_only) && tp_scene_die_only(sc);
		if (b->want[i])
			f->area += (sc->trim_w + 2 * sc->bleed) * (sc->trim_h + 2 * sc->bleed);
	}
	if (b->want[i] && b->opt.visit)
		return b->opt.visit(b->opt.visit_ctx, b, i, NULL, NULL, e);
	return TP_OK;
}

/* Lays sheet i out, once for the whole build: its facts, the caller's
 * visit (the checks before writing), and kept for the workers while the
 * kept layouts stay under TP_LAYOUT_KEEP_BYTES.  A sheet made one page
 * at a time is never laid out whole (pages_facts). */
static int lay_out_sheet(struct tp_build *b, size_t i, tp_err *e)
{
	const struct tp_session *s = b->session;
	const struct tp_sheet_def *def = &s->game->sheets[i];
	struct tp_sheet_pages sp;
	if (tp_sheet_pages_open(&sp, s, i, TP_PAGES_PLAN) != 0) {
		tp_sheet_pages_close(&sp);
		return tp_fail(e, TP_EIO, "out of memory laying out %s", def->name);
	}
	if (sp.one || sp.counted) {
		int rc = pages_facts(b, i, &sp, e);
		tp_sheet_pages_close(&sp);
		return rc;
	}
	/* The whole sheet, as built (not imposed: sp.impose is 0). */
	struct tp_doc built = sp.doc, own = { 0 };
	memset(&sp.doc, 0, sizeof sp.doc);
	tp_sheet_pages_close(&sp);
	const struct tp_doc *written = NULL;
	int rc = tp_build_imposed(s, i, &built, &own, &written) != 0
		 ? tp_fail(e, TP_EIO, "out of memory laying out %s", def->name)
		 : TP_OK;
	struct tp_sheet_facts *f = &b->facts[i];
	if (rc == TP_OK && written->n > 0) {
		f->laid = 1;
		f->trim_w = written->pages[0].sc->trim_w;
		f->trim_h = written->pages[0].sc->trim_h;
		f->pages = written->n;
		tp_doc_inks(written, f->inks, sizeof f->inks);
	}
	if (rc == TP_OK && b->want[i])
		sheet_facts(s, &built, written, f);
	/* Kept or not is known to the visit (b->kept[i]): a kept layout can
	 * be checked later, on the workers. */
	for (size_t k = 0; k < built.n; k++)
		tp_scene_shrink(built.pages[k].sc);
	size_t bytes = doc_bytes(&built);
	int keep = rc == TP_OK && !b->opt.estimate && b->kept_bytes + bytes <= TP_LAYOUT_KEEP_BYTES;
	if (keep) {
		b->built[i] = built;
		b->kept[i] = 1;
		b->kept_bytes += bytes;
		if (written == &built)
			written = &b->built[i];
	}
	if (rc == TP_OK && b->want[i] && b->opt.visit)
		rc = b->opt.visit(b->opt.visit_ctx, b, i, keep ? &b->built[i] : &built, written, e);
	tp_doc_free(&own);
	if (keep) {
		/* The visit's marks, taken off again, may have left room. */
		for (size_t k = 0; k < built.n; k++)
			tp_scene_shrink(built.pages[k].sc);
	} else {
		tp_doc_free(&built);
	}
	return rc;
}

/* Every sheet the build writes, or shows on the contact sheet, laid out
 * once, in sheet order. */
static int lay_out_sheets(struct tp_build *b, tp_err *e)
{
	const struct tp_game *g = b->session->game;
	int rc = TP_OK;
	for (size_t i = 0; rc == TP_OK && i < g->n_sheets; i++)
		if (b->want[i] || (b->shown[i] && !b->opt.estimate)) {
			struct tp_trace t;
			tp_trace_start(&t);
			rc = lay_out_sheet(b, i, e);
			tp_trace_end(&t, "plan %s", g->sheets[i].name);
		}
	return rc;
}

static int playtest(const struct tp_build *b)
{
	return b->session->cfg->print.layout == TP_LAYOUT_PLAYTEST;
}

/* Whether sheet i's files are in the folder already (opt.placed). */
static int placed(const struct tp_build *b, size_t i)
{
	return b->opt.placed && b->opt.placed[i];
}

/* One task per wanted sheet and format (none for a placed sheet).  0, or
 * -1 when out of memory. */
static int plan_tasks(struct tp_build *b)
{
	const struct tp_game *g = b->session->game;
	b->n_tasks = 0;
	b->tasks = tp_calloc(g->n_sheets * tp_n_backends + 4, sizeof *b->tasks);
	if (b->tasks == NULL)
		return -1;
	/* The playtest kit is one file of every sheet, and no press files. */
	for (size_t i = 0; !playtest(b) && i < g->n_sheets; i++) {
		for (size_t bi = 0; b->want[i] && !placed(b, i) && bi < tp_n_backends; bi++) {
			if (!tp_build_gets(b, i, bi))
				continue;
			/* A backend of one ink skips sheets without it. */
			if (tp_backends[bi].only_ink && !(b->facts[i].has_ink & (1u << bi)))
				continue;
			b->tasks[b->n_tasks].kind = TP_TASK_SHEET;
			b->tasks[b->n_tasks].sheet = i;
			b->tasks[b->n_tasks].backend = bi;
			b->tasks[b->n_tasks].area = tp_backends[bi].raster ? b->facts[i].area : 0;
			b->n_tasks++;
		}
	}
	return 0;
}

/* A sheet --only names must get a file: the formats asked for may have
 * none of it (DXF holds only die lines; a plate is vector art, no PNG),
 * and a build of nothing is refused, as a sheet the config leaves out is,
 * naming the formats that would write it. */
static int only_writes(const struct tp_build *b, tp_err *e)
{
	const struct tp_game *g = b->session->game;
	if (playtest(b) && b->opt.only)
		return tp_fail(e, TP_EINPUT,
			       "--only %s: %s: print.layout = playtest writes every sheet into playtest.pdf; allowed: leave out --only, or another print.layout",
			       b->opt.only, tp_config_where(b->session->cfg, "print", "layout"));
	for (size_t i = 0; b->opt.only && i < g->n_sheets; i++) {
		size_t n = 0;
		for (size_t k = 0; k < b->n_tasks; k++)
			n += b->tasks[k].sheet == i;
		if (!b->want[i] || n > 0 || placed(b, i))
			continue;
		int plate = (g->sheets[i].flags & TP_SHEET_PLATE) != 0;
		char asked[64] = "", other[64] = "";
		int cut = 0, raster = 0;
		for (size_t bi = 0; bi < tp_n_backends; bi++) {
			int none = (plate && tp_backends[bi].raster) ||
				   (tp_backends[bi].only_ink && !(b->facts[i].has_ink & (1u << bi)));
			char *to = (b->formats & (1u << bi)) ? asked : none ? NULL : other;
			if (to)
				snprintf(to + strlen(to), 64 - strlen(to), "%s%s", to[0] ? "," : "",
					 tp_backends[bi].name);
			if (b->formats & (1u << bi))
				cut |= tp_backends[bi].only_ink != 0, raster |= tp_backends[bi].raster;
		}
		const char *why = cut && raster ? "a plate is vector art, never a PNG, and it has no die lines for a DXF"
				  : cut ? "it has no die lines, and a DXF holds die lines only"
					: "a plate is vector art for the die maker, never a PNG";
		char src[300];
		if (b->opt.formats)
			snprintf(src, sizeof src, "--formats %s", asked);
		else
			snprintf(src, sizeof src, "%s: print.formats = %s",
				 tp_config_where(b->session->cfg, "print", "formats"), asked);
		return tp_fail(e, TP_EINPUT, "--only %s: %s writes no file of %s (%s); allowed: add %s",
			       b->opt.only, src, g->sheets[i].name, why, other);
	}
	return TP_OK;
}

double tp_build_pixels(const struct tp_config *c, double area)
{
	double dpmm = c->print.dpi / 25.4;
	return area * dpmm * dpmm;
}

static void drop_huge_rasters(struct tp_build *b)
{
	const struct tp_config *c = b->session->cfg;
	size_t k = 0;
	for (size_t i = 0; i < b->n_tasks; i++) {
		double px = tp_build_pixels(c, b->tasks[i].area);
		if (px > TP_PNG_AUTO_MAX_PX) {
			if (!b->opt.quiet)
				fprintf(stderr, "tilepress: %s: %.1f Gpx at %g dpi; PNG skipped (ask for it with --formats png)\n",
					b->session->game->sheets[b->tasks[i].sheet].name, px / 1e9,
					c->print.dpi);
			continue;
		}
		b->tasks[k++] = b->tasks[i];
	}
	b->n_tasks = k;
}

/* After the sheets' tasks: the ink report and the contact sheet, when
 * the build writes them (not when it only estimates). */
static void plan_other_tasks(struct tp_build *b)
{
	b->n_sheet_tasks = b->n_tasks;
	if (b->opt.estimate)
		return;
	if (playtest(b)) {
		b->want_proof = 0;
		b->tasks[b->n_tasks++] = (struct tp_task){ .kind = TP_TASK_PLAYTEST };
	}
	if (b->want_manifest)
		b->tasks[b->n_tasks++] = (struct tp_task){ .kind = TP_TASK_INKS };
	if (b->want_proof)
		b->tasks[b->n_tasks++] = (struct tp_task){ .kind = TP_TASK_PROOF };
}

/* Raster tasks dominate and grow with the sheet area; handing the largest
 * out first keeps every worker busy to the end.  The ink report and the
 * contact sheet go first: each rasterises many small pages, a worker
 * takes them as its first task.  One worker keeps task order. */
static void order_tasks(struct tp_build *b)
{
	size_t *order = b->order, q = 0;
	if (b->opt.jobs <= 1) {
		for (size_t i = 0; i < b->n_tasks; i++)
			order[i] = i;
		return;
	}
	for (size_t i = b->n_sheet_tasks; i < b->n_tasks; i++)
		order[q++] = i;
	for (size_t i = 0; i < b->n_sheet_tasks; i++)
		order[q++] = i;
	order += b->n_tasks - b->n_sheet_tasks;
	/* Insertion sort, stable: equal areas keep sheet order. */
	for (size_t i = 1; i < b->n_sheet_tasks; i++)
		for (size_t k = i; k > 0 && b->tasks[order[k]].area > b->tasks[order[k - 1]].area; k--) {
			size_t t = order[k];
			order[k] = order[k - 1];
			order[k - 1] = t;
		}
}

/* The sheets the contact sheet shows: those this build writes; when it
 * writes none (--only proof), those already in the folder, as its build
 * record lists them (opt.in_folder).  Sets b->from_record: how many come
 * from the record. */
static void proof_sheets(struct tp_build *b)
{
	const struct tp_game *g = b->session->game;
	size_t any = 0;
	for (size_t i = 0; i < g->n_sheets; i++)
		any += (size_t)(b->shown[i] = b->want[i]);
	if (any || b->opt.in_folder == NULL)
		return;
	for (size_t i = 0; i < g->n_sheets; i++)
		any += (size_t)(b->shown[i] = b->opt.in_folder[i]);
	b->from_record = any;
}

/* Every input check: the epoch, --formats, --only and the own checks
 * (prepare) of every sheet the build writes or lays out (the contact
 * sheet's, and those in the folder, which the preview page shows). */
static int check_inputs(struct tp_build *b, tp_err *e)
{
	const struct tp_game *g = b->session->game;
	const int *in_folder = b->opt.in_folder;
	int rc = b->opt.estimate ? TP_OK : tp_build_epoch(&b->epoch, e);
	char why[300];
	if (rc == TP_OK && b->opt.formats &&
	    tp_backend_parse_list(b->opt.formats, &b->formats, why, sizeof why) != 0)
		rc = tp_fail(e, TP_EINPUT, "--formats %s: %s", b->opt.formats, why);
	if (rc == TP_OK)
		rc = parse_only(b, e);
	if (rc == TP_OK && b->want_proof)
		proof_sheets(b);
	/* check (an estimate) too: whatever check accepts, the build writes. */
	for (size_t i = 0; rc == TP_OK && i < g->n_sheets; i++)
		if ((b->want[i] || b->shown[i] || (in_folder && in_folder[i])) && g->sheets[i].prepare)
			rc = g->sheets[i].prepare(b->session->cfg, e);
	return rc;
}

int tp_build_plan(struct tp_build *b, const struct tp_session *s,
		  const struct tp_build_opts *opt, tp_err *e)
{
	const struct tp_game *g = s->game;
	memset(b, 0, sizeof *b);
	b->session = s;
	b->opt = *opt;
	b->formats = s->cfg->print.formats;
	b->want = tp_calloc(g->n_sheets + 1, sizeof *b->want);
	b->facts = tp_calloc(g->n_sheets + 1, sizeof *b->facts);
	b->shown = tp_calloc(g->n_sheets + 1, sizeof *b->shown);
	b->built = tp_calloc(g->n_sheets + 1, sizeof *b->built);
	b->kept = tp_calloc(g->n_sheets + 1, sizeof *b->kept);
	if (b->want == NULL || b->facts == NULL || b->shown == NULL || b->built == NULL ||
	    b->kept == NULL)
		return tp_fail(e, TP_EIO, "out of memory planning the build");
	/* The font of this build's config (another config loaded since may
	 * have changed it); the workers, forked later, inherit it. */
	int rc = tp_font_use(s->cfg->print.font, e);
	if (rc == TP_OK)
		rc = check_inputs(b, e);
	if (rc == TP_OK && b->opt.bound)
		rc = b->opt.bound(b->opt.visit_ctx, b, e);
	/* The playtest kit lays its sheets out itself (app/playtest.h). */
	if (rc == TP_OK && !playtest(b))
		rc = lay_out_sheets(b, e);
	if (rc != TP_OK)
		return rc;
	if (plan_tasks(b) != 0)
		return tp_fail(e, TP_EIO, "out of memory planning the build");
	if ((rc = only_writes(b, e)) != TP_OK)
		return rc;
	if (!opt->formats)
		drop_huge_rasters(b);
	plan_other_tasks(b);
	size_t n = b->n_tasks + 1;
	b->reports = tp_calloc(n, sizeof *b->reports);
	b->counts = tp_calloc(n, sizeof *b->counts);
	b->order = tp_calloc(n, sizeof *b->order);
	if (b->reports == NULL || b->counts == NULL || b->order == NULL)
		return tp_fail(e, TP_EIO, "out of memory planning the build");
	order_tasks(b);
	return TP_OK;
}

void tp_build_free(struct tp_build *b)
{
	for (size_t i = 0; b->reports && i < b->n_tasks; i++)
		tp_buf_free(&b->reports[i]);
	tp_buf_free(&b->manifest);
	tp_doc_free(&b->laid);
	for (size_t i = 0; b->built && i < b->session->game->n_sheets; i++)
		tp_doc_free(&b->built[i]);
	free(b->built);
	free(b->kept);
	free(b->reports);
	free(b->counts);
	free(b->order);
	free(b->tasks);
	free(b->facts);
	free(b->shown);
	free(b->want);
	memset(b, 0, sizeof *b);
}
