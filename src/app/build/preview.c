/* index.html: the preview page of an output folder (see preview.h).  Plain
 * HTML and one <style> block; every link is relative to the folder, so the
 * page opens from disk and travels with the set. */

#include "app/build/preview.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/config_load.h"
#include "app/file_name.h"
#include "app/impose_game.h"
#include "app/sheet_pages.h"
#include "core/alloc.h"
#include "print/output/outfile.h"
#include "print/preflight/preflight.h"
#include "print/layout/proof.h"
#include "print/layout/sheet.h"

/* Manifest tables longer than this show their first rows and say so. */
#define TP_PREVIEW_MAX_ROWS 400
/* A sheet lists at most this many preflight findings (all are in
 * manifest/preflight.txt). */
#define TP_PREVIEW_MAX_FINDINGS 20

static const char *page_note;

void tp_preview_set_note(const char *html)
{
	page_note = html;
}

long tp_preview_sheet_of(const struct tp_config *c, const char *path)
{
	const struct tp_game *g = c->game;
	long best = -1;
	size_t best_len = 0;
	for (size_t i = 0; i < g->n_sheets; i++) {
		char name[128];
		tp_file_base(c, g->sheets[i].name, name, sizeof name);
		size_t len = strlen(name);
		if (strncmp(path, name, len) != 0 || (path[len] != '.' && path[len] != '-') ||
		    strchr(path + len, '/') != NULL || len <= best_len)
			continue;
		best = (long)i;
		best_len = len;
	}
	return best;
}

/* Text with & < > " escaped. */
static void esc(struct tp_buf *b, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': tp_buf_printf(b, "&amp;"); break;
		case '<': tp_buf_printf(b, "&lt;"); break;
		case '>': tp_buf_printf(b, "&gt;"); break;
		case '"': tp_buf_printf(b, "&quot;"); break;
		default: tp_buf_printf(b, "%c", *s); break;
		}
	}
}

/* A link to a file of the set: always a relative path ("./" first, so no
 * name, "javascript:..." included, can be read as a scheme), every byte
 * but letters, digits, '-', '.', '_', '~' and '/' percent-encoded (so
 * nothing in it needs HTML's escaping either). */
static void href(struct tp_buf *b, const char *path)
{
	tp_buf_printf(b, "./");
	for (const char *s = path; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
		    ch == '-' || ch == '.' || ch == '_' || ch == '~' || ch == '/')
			tp_buf_printf(b, "%c", ch);
		else
			tp_buf_printf(b, "%%%02X", ch);
	}
}

struct files {
	struct tp_written_list *w;  /* this build's, then earlier ones still there */
	size_t own;                 /* how many of w are this build's */
	const char *dir;
};

static void add_earlier(const char *path, void *ctx)
{
	struct files *f = ctx;
	if (strcmp(path, TP_PREVIEW_NAME) == 0)
		return;   /* the page being written, not an earlier file */
	for (size_t i = 0; i < f->w->n; i++)
		if (strcmp(f->w->v[i].name, path) == 0)
			return;
	char full[PATH_MAX + 64];
	struct stat st;
	snprintf(full, sizeof full, "%s/%s", f->dir, path);
	/* Out of memory: the page only leaves the file out. */
	(void)tp_written_add(f->w, path, stat(full, &st) == 0 ? (long long)st.st_size : 0, 0);
}

/* Files an earlier build of another edition recorded in the folder that
 * are still there and that this build did not write over. */
struct others {
	const struct tp_written_list *w;
	const char *dir;
	size_t n;
};

static void count_other(const char *path, void *ctx)
{
	struct others *o = ctx;
	char full[PATH_MAX + 64];
	struct stat st;
	if (strcmp(path, TP_PREVIEW_NAME) == 0 || strcmp(path, TP_RECORD_NAME) == 0)
		return;
	for (size_t i = 0; i < o->w->n; i++)
		if (strcmp(o->w->v[i].name, path) == 0)
			return;
	snprintf(full, sizeof full, "%s/%s", o->dir, path);
	if (stat(full, &st) == 0)
		o->n++;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct tp_written *)a)->name, ((const struct tp_written *)b)->name);
}

/* Narrow screens (a phone, 390 px): figures shrink to the screen, long
 * names wrap, tables scroll inside themselves, never the page. */
static const char *const style =
	"body{font:15px/1.4 sans-serif;margin:1.5em;color:#222;background:#f6f6f4;overflow-wrap:anywhere}"
	"h1{font-size:1.5em}h2{margin-top:2em;border-bottom:1px solid #ccc}"
	".sheets{display:flex;flex-wrap:wrap;gap:1.2em}"
	"figure.sheet{margin:0;background:#fff;border:1px solid #ccc;padding:.6em;width:22em;max-width:100%;box-sizing:border-box}"
	"figure.sheet img{width:100%;height:auto;background:#fff;border:1px solid #eee}"
	"figcaption{font-size:.9em}table{border-collapse:collapse;font-size:.85em;background:#fff;display:block;max-width:100%;overflow-x:auto}"
	"td,th{border:1px solid #ccc;padding:.15em .5em;text-align:left;overflow-wrap:normal}"
	"details{margin:.6em 0}.none{color:#a00}.warn{color:#a60}.ok{color:#070}.note{color:#555}"
	"pre{background:#fff;padding:.6em;overflow-x:auto}"
	"@media (max-width:600px){body{margin:.6em}}";

/* One sheet: its proof image, name, title, size, pages, inks, files. */
static void esc(struct tp_buf *b, const char *s);

/* The preflight's findings on one sheet: a verdict, then the findings. */
static void sheet_findings(struct tp_buf *b, const struct tp_preflight *pf, const char *sheet)
{
	if (pf == NULL)
		return;
	size_t err = 0, warn = 0, shown = 0;
	for (size_t k = 0; k < pf->n; k++)
		if (strcmp(pf->f[k].sheet, sheet) == 0)
			*(pf->f[k].severity == TP_PF_ERROR ? &err : &warn) += 1;
	if (err + warn == 0) {
		tp_buf_printf(b, "<br>preflight: <span class=\"ok\">clean</span>");
		return;
	}
	tp_buf_printf(b, "<br>preflight: <span class=\"%s\">%zu error%s, %zu warning%s</span>",
		      err ? "none" : "warn", err, err == 1 ? "" : "s", warn, warn == 1 ? "" : "s");
	tp_buf_printf(b, "<details><summary>findings</summary><ul class=\"pf\">\n");
	for (size_t k = 0; k < pf->n && shown < TP_PREVIEW_MAX_FINDINGS; k++) {
		if (strcmp(pf->f[k].sheet, sheet) != 0)
			continue;
		char line[512];
		tp_preflight_line(&pf->f[k], line, sizeof line);
		tp_buf_printf(b, "<li>");
		esc(b, line);
		tp_buf_printf(b, "</li>\n");
		shown++;
	}
	if (err + warn > shown)
		tp_buf_printf(b, "<li>... %zu more in manifest/preflight.txt</li>\n", err + warn - shown);
	tp_buf_printf(b, "</ul></details>");
}

/* What the caption says of sheet i: from the plan's layout, else laid
 * out here.  0 when it has no pages (or memory ran out). */
static int caption_facts(const struct tp_session *s, size_t i, const struct tp_sheet_facts *facts,
			 struct tp_sheet_facts *f)
{
	if (facts && facts[i].laid) {
		*f = facts[i];
		return 1;
	}
	const struct tp_sheet_def *def = &s->game->sheets[i];
	struct tp_sheet_pages sp = { 0 };
	char why[300];
	/* Files kept from an earlier build may be of a sheet this config does
	 * not make (another edition, backs off): such a sheet is listed with
	 * its files but never laid out, since its builder may need parts of
	 * the model this config has not derived. */
	int absent = tp_sheet_absent(s->cfg, def, why, sizeof why);
	int laid = !absent && tp_sheet_pages_open(&sp, s, i, 1) == 0 && sp.n > 0;
	/* The inks of every page, one page at a time, and the first page's
	 * trim. */
	unsigned char used[TP_MAX_INKS] = { 0 };
	for (size_t k = 0; laid && k < sp.n; k++) {
		struct tp_page *pg = tp_sheet_pages_get(&sp, k);
		laid = pg != NULL;
		if (!laid)
			break;
		struct tp_doc one = { .pages = pg, .n = 1 };
		tp_doc_inks_used(&one, used);
		if (k + 1 == sp.n)
			tp_inks_text(&pg->sc->pal, used, f->inks, sizeof f->inks);
		if (k == 0) {
			f->trim_w = pg->sc->trim_w;
			f->trim_h = pg->sc->trim_h;
			f->pages = sp.n;
		}
	}
	tp_sheet_pages_close(&sp);
	return laid;
}

/* w: this build's files (the first own of them), then earlier ones. */
static void sheet_figure(struct tp_buf *b, const struct tp_session *s, size_t i,
			 const struct tp_written_list *w, size_t own, const struct tp_preflight *pf,
			 const struct tp_sheet_facts *facts)
{
	const struct tp_sheet_def *def = &s->game->sheets[i];
	struct tp_sheet_facts f = { 0 };
	int laid = caption_facts(s, i, facts, &f);
	const char *png = NULL;
	size_t png_at = 0;
	for (size_t k = 0; k < w->n && png == NULL; k++) {
		const char *ext = strrchr(w->v[k].name, '.');
		if ((size_t)tp_preview_sheet_of(s->cfg, w->v[k].name) == i && ext && strcmp(ext, ".png") == 0)
			png = w->v[k].name, png_at = k;
	}
	tp_buf_printf(b, "<figure class=\"sheet\" id=\"sheet-");
	esc(b, def->name);
	tp_buf_printf(b, "\">\n");
	/* The thumbnail made with the contact sheet when there is one (the
	 * press PNG may be hundreds of megapixels), linking the PNG itself;
	 * not an earlier build's thumbnail of a PNG this build wrote (a
	 * build of a sheet without its contact sheet: watch commits sheet by
	 * sheet), which would show the sheet as it was. */
	char thumb[200], base[128];
	const char *img = png;
	tp_file_base(s->cfg, def->name, base, sizeof base);
	snprintf(thumb, sizeof thumb, "%s/%s.png", TP_THUMB_DIR, base);
	for (size_t k = 0; png && k < w->n; k++)
		if (strcmp(w->v[k].name, thumb) == 0 && !(png_at < own && k >= own))
			img = thumb;
	if (png) {
		tp_buf_printf(b, "<a href=\"");
		href(b, png);
		tp_buf_printf(b, "\"><img src=\"");
		href(b, img);
		tp_buf_printf(b, "\" alt=\"");
		esc(b, def->name);
		tp_buf_printf(b, " proof\" loading=\"lazy\"></a>\n");
	} else if (def->flags & TP_SHEET_PLATE) {
		/* Never a PNG, by design: not the user's doing. */
		tp_buf_printf(b, "<p class=\"note\">a plate (die, emboss or laser lines): vector files only, by design</p>\n");
	} else {
		tp_buf_printf(b, "<p class=\"none\">no PNG proof in this folder (print.formats or --formats)</p>\n");
	}
	tp_buf_printf(b, "<figcaption><b class=\"name\">");
	esc(b, def->name);
	tp_buf_printf(b, "</b>: ");
	esc(b, def->title);
	if (laid) {
		tp_buf_printf(b, "<br>trim %.0f x %.0f mm, %zu page%s<br>inks: ", f.trim_w, f.trim_h,
			      f.pages, f.pages == 1 ? "" : "s");
		esc(b, f.inks);
	}
	tp_buf_printf(b, "<br>files:");
	for (size_t k = 0; k < w->n; k++)
		if ((size_t)tp_preview_sheet_of(s->cfg, w->v[k].name) == i) {
			tp_buf_printf(b, " <a href=\"");
			href(b, w->v[k].name);
			tp_buf_printf(b, "\">");
			esc(b, w->v[k].name);
			tp_buf_printf(b, "</a>");
		}
	sheet_findings(b, pf, def->name);
	tp_buf_printf(b, "</figcaption>\n</figure>\n");
}

/* A manifest CSV as a table (fields split at commas; the manifest writes
 * no quoted fields), the first TP_PREVIEW_MAX_ROWS rows. */
static void csv_table(struct tp_buf *b, const char *stage, const char *dir, const char *rel)
{
	char path[PATH_MAX + 64];
	/* This build's copy in staging, else the one already in place. */
	snprintf(path, sizeof path, "%s/%s", stage, rel);
	int fd = tp_out_open_read(path);
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
	if (f == NULL && fd >= 0)
		close(fd);
	if (f == NULL) {
		snprintf(path, sizeof path, "%s/%s", dir, rel);
		f = fopen(path, "r");
	}
	tp_buf_printf(b, "<details open><summary><a href=\"");
	href(b, rel);
	tp_buf_printf(b, "\">");
	esc(b, rel);
	tp_buf_printf(b, "</a></summary>\n");
	if (f == NULL) {
		tp_buf_printf(b, "<p class=\"none\">cannot be read: ");
		esc(b, strerror(errno));
		tp_buf_printf(b, "</p></details>\n");
		return;
	}
	tp_buf_printf(b, "<table>\n");
	char line[4096];
	long row = 0, more = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (row > TP_PREVIEW_MAX_ROWS) {
			more++;
			continue;
		}
		const char *cell = row == 0 ? "th" : "td";
		tp_buf_printf(b, "<tr>");
		for (char *p = line, *q;; p = q + 1) {
			q = strchr(p, ',');
			if (q)
				*q = '\0';
			tp_buf_printf(b, "<%s>", cell);
			esc(b, p);
			tp_buf_printf(b, "</%s>", cell);
			if (q == NULL)
				break;
		}
		tp_buf_printf(b, "</tr>\n");
		row++;
	}
	fclose(f);
	tp_buf_printf(b, "</table>\n");
	if (more)
		tp_buf_printf(b, "<p>%ld more rows in the file.</p>\n", more);
	tp_buf_printf(b, "</details>\n");
}

/* The build record's content: the tool, game, config and every key's
 * value; the files with their sizes (their SHA-256 are in build.json). */
static void record_section(struct tp_buf *b, const struct tp_config *c, const struct tp_written_list *w,
			   size_t own, size_t other, long long epoch)
{
	char date[64];
	tp_format_date(epoch, date, sizeof date);
	tp_buf_printf(b, "<h2 id=\"record\">Build record</h2>\n<p>tilepress %s, game %s, config ",
		      TP_VERSION, c->game->name);
	esc(b, c->path);
	tp_buf_printf(b, ", date %s. With the SHA-256 of every file: <a href=\"./%s\">%s</a>.</p>\n", date,
		      TP_RECORD_NAME, TP_RECORD_NAME);
	tp_buf_printf(b, "<details><summary>config: every key's value</summary>\n<table>\n<tr><th>key</th><th>value</th></tr>\n");
	struct tp_buf v = { 0 };
	for (size_t i = 0; i < c->n_keys; i++) {
		char name[80];
		tp_config_key_text(c, i, name, sizeof name, &v);
		if ((c->keys[i].flags & TP_KEY_RECORD_SET) && (v.s == NULL || v.s[0] == '\0'))
			continue;   /* as the build record */
		tp_buf_printf(b, "<tr><td>%s</td><td>", name);
		esc(b, v.s ? v.s : "");
		tp_buf_printf(b, "</td></tr>\n");
	}
	b->oom |= v.oom;
	tp_buf_free(&v);
	tp_buf_printf(b, "</table></details>\n<details><summary>files: %zu written by this build, %zu kept from earlier builds",
		      own, w->n - own);
	/* Not kept, not shown, but there: an earlier build of another
	 * edition left them (build --clean removes them). */
	if (other)
		tp_buf_printf(b, "; <span class=\"warn\">%zu more left in the folder by a build of another edition</span> (not shown; build --clean removes them)",
			      other);
	tp_buf_printf(b, "</summary>\n<table>\n<tr><th>file</th><th>bytes</th><th>build</th></tr>\n");
	for (size_t i = 0; i < w->n; i++) {
		tp_buf_printf(b, "<tr><td><a href=\"");
		href(b, w->v[i].name);
		tp_buf_printf(b, "\">");
		esc(b, w->v[i].name);
		tp_buf_printf(b, "</a></td><td>%lld</td><td>%s</td></tr>\n", w->v[i].bytes,
			      i < own ? "this" : "earlier");
	}
	tp_buf_printf(b, "</table></details>\n");
}

static void page(struct tp_buf *b, const struct tp_session *s, const char *stage, const char *dir,
		 const struct tp_written_list *all, size_t own, size_t other, const struct tp_preflight *pf,
		 const struct tp_sheet_facts *facts, long long epoch)
{
	const struct tp_game *g = s->game;
	tp_buf_printf(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
	esc(b, s->cfg->print.job);
	tp_buf_printf(b, ": print set</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", style);
	esc(b, s->cfg->print.job);
	tp_buf_printf(b, "</h1>\n<p>Game %s, config ", g->name);
	esc(b, s->cfg->path);
	tp_buf_printf(b, ". <a href=\"#sheets\">Sheets</a> &middot; <a href=\"#manifest\">Manifest</a> &middot; <a href=\"#record\">Build record</a></p>\n");
	if (page_note)
		tp_buf_printf(b, "<p id=\"note\" class=\"warn\">%s</p>\n", page_note);
	/* The contact sheet, under print.file_name as every sheet is. */
	char proof[140];
	tp_file_base(s->cfg, "proof", proof, sizeof proof - 4);
	strcat(proof, ".png");
	for (size_t k = 0; k < all->n; k++)
		if (strcmp(all->v[k].name, proof) == 0) {
			tp_buf_printf(b, "<p>Contact sheet: <a href=\"");
			href(b, proof);
			tp_buf_printf(b, "\">");
			esc(b, proof);
			tp_buf_printf(b, "</a></p>\n");
		}
	if (pf != NULL)
		tp_buf_printf(b, "<p id=\"preflight\">Preflight of this build: %zu page%s, "
			      "<span class=\"%s\">%zu error%s</span>, %zu warning%s "
			      "(manifest/preflight.txt)</p>\n",
			      pf->pages, pf->pages == 1 ? "" : "s", pf->errors ? "none" : "ok", pf->errors,
			      pf->errors == 1 ? "" : "s", pf->warnings, pf->warnings == 1 ? "" : "s");
	/* The game's own warnings (its rules playing poorly), as the build
	 * summary gives them. */
	char warn[8][TP_WARNING_LEN];
	int nw = tp_session_warning_texts(s, warn, 8);
	tp_buf_printf(b, "<p id=\"warnings\">Game warnings: <span class=\"%s\">%d</span></p>\n",
		      nw ? "warn" : "ok", nw);
	if (nw) {
		tp_buf_printf(b, "<ul class=\"warnings\">\n");
		for (int i = 0; i < nw; i++) {
			tp_buf_printf(b, "<li class=\"warn\">");
			esc(b, warn[i]);
			tp_buf_printf(b, "</li>\n");
		}
		tp_buf_printf(b, "</ul>\n");
	}
	size_t n = 0;
	tp_buf_printf(b, "<h2 id=\"sheets\">Sheets</h2>\n<div class=\"sheets\">\n");
	for (size_t i = 0; i < g->n_sheets; i++) {
		int present = 0;
		for (size_t k = 0; k < all->n && !present; k++)
			present = (size_t)tp_preview_sheet_of(s->cfg, all->v[k].name) == i;
		if (present) {
			sheet_figure(b, s, i, all, own, pf, facts);
			n++;
		}
	}
	if (n == 0)
		tp_buf_printf(b, "<p class=\"none\">no sheets in this folder yet</p>\n");
	tp_buf_printf(b, "</div>\n<h2 id=\"manifest\">Manifest</h2>\n");
	for (size_t k = 0; k < all->n; k++) {
		const char *p = all->v[k].name, *ext = strrchr(p, '.');
		if (strncmp(p, "manifest/", 9) == 0 && ext && strcmp(ext, ".csv") == 0)
			csv_table(b, stage, dir, p);
	}
	record_section(b, s->cfg, all, own, other, epoch);
	tp_buf_printf(b, "</body>\n</html>\n");
}

int tp_preview_write(const struct tp_session *s, const char *stage, const char *dir,
		     struct tp_written_list *w, const struct tp_preflight *pf,
		     const struct tp_sheet_facts *facts, long long epoch, tp_err *e)
{
	/* This build's files in its order (a sheet's first page first),
	 * then what an earlier build of this config left, by name. */
	struct tp_written_list all = { 0 };
	int oom = 0;
	for (size_t i = 0; i < w->n; i++)
		oom |= tp_written_add(&all, w->v[i].name, w->v[i].bytes, w->v[i].sheet);
	size_t own = all.n;
	struct files f = { &all, own, dir };
	struct others o = { &all, dir, 0 };
	if (tp_session_same_edition(dir, s->cfg))
		tp_record_each(dir, add_earlier, &f);
	else
		tp_record_each(dir, count_other, &o);
	if (all.n > own)
		qsort(all.v + own, all.n - own, sizeof *all.v, by_name);
	struct tp_buf b = { 0 };
	if (!oom)
		page(&b, s, stage, dir, &all, own, o.n, pf, facts, epoch);
	tp_written_free(&all);
	int rc = oom || b.oom ? tp_fail(e, TP_EIO, "out of memory writing %s/%s", dir, TP_PREVIEW_NAME)
			      : tp_out_write(stage, TP_PREVIEW_NAME, b.s, b.len, e);
	if (rc == TP_OK) {
		char path[PATH_MAX + 64];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", stage, TP_PREVIEW_NAME);
		if (tp_written_add(w, TP_PREVIEW_NAME, stat(path, &st) == 0 ? (long long)st.st_size : 0,
				   TP_PREVIEW_SHEET) != 0)
			rc = tp_fail(e, TP_EIO, "out of memory listing the files written");
	}
	tp_buf_free(&b);
	return rc;
}
