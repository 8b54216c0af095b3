/* Art packs (art_pack.h): art.ini, the drawings it names, their colours
 * as inks, and drawing a place into a scene. */

#include "print/art/art_pack.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/alloc.h"
#include "core/inputs.h"
#include "core/keys.h"
#include "print/image/image.h"
#include "print/ink/colour.h"
#include "print/text/font.h"
#include "print/text/text_layout.h"

#define MAX_COLOURS 64

struct cmap {
	uint32_t rgb;
	int ink;
	int line;
};

struct section {
	int is_colours;
	int skip;                 /* a place of another game or edition */
	struct tp_art_item *it;   /* NULL for [colours] */
	struct cmap map[MAX_COLOURS];
	int n_map;
	int file_line;
	int text_line, size_line, ink_line, font_line, scale_line, turn_line;
};

struct parse {
	const char *ini;          /* for messages */
	const char *dir;
	const char *title;        /* what {title} in a text entry stands for */
	const struct tp_art_place *places;
	size_t n_places;
	const char *const *known;
	size_t n_known;
	struct section skipped;
	struct tp_palette *pal;
	struct tp_art_pack *pack;
	struct section glob;
	struct section sec[TP_ART_MAX_PLACES];
	struct section *cur;
	int convert;
	int convert_line;
	tp_err *e;
};

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t l = strlen(s);
	while (l && (s[l - 1] == ' ' || s[l - 1] == '\t' || s[l - 1] == '\r'))
		s[--l] = '\0';
	return s;
}

static int hexrgb(const char *s, uint32_t *rgb)
{
	if (s[0] != '#' || strlen(s) != 7)
		return -1;
	uint32_t x = 0;
	for (int i = 1; i < 7; i++) {
		int c = (unsigned char)s[i];
		int h = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (h < 0)
			return -1;
		x = x << 4 | (uint32_t)h;
	}
	*rgb = x;
	return 0;
}

/* The inks a colour may be mapped to: the game's, text and lines. */
static int ink_by_name(const struct tp_palette *pal, const char *name)
{
	for (size_t i = 0; i < pal->n_game; i++)
		if (strcmp(pal->ink[i].key, name) == 0 || strcmp(pal->ink[i].name, name) == 0)
			return (int)i;
	if (strcmp(name, "text") == 0)
		return TP_INK_TEXT;
	if (strcmp(name, "lines") == 0)
		return TP_INK_LINE;
	return -1;
}

static void ink_names(const struct tp_palette *pal, char *out, size_t n)
{
	size_t len = 0;
	out[0] = '\0';
	for (size_t i = 0; i < pal->n_game && len < n; i++)
		len += (size_t)snprintf(out + len, n - len, "%s, ", pal->ink[i].key);
	if (len < n)
		snprintf(out + len, n - len, "text or lines");
}

static int num_list(const char *v, double *out, int want)
{
	const char *s = v;
	for (int i = 0; i < want; i++) {
		char *end;
		while (*s == ' ' || *s == ',')
			s++;
		out[i] = strtod(s, &end);
		if (end == s || !isfinite(out[i]))
			return -1;
		s = end;
	}
	while (*s == ' ')
		s++;
	return *s ? -1 : 0;
}

/* #rrggbb = INK in section S. */
static int map_colour(struct parse *P, struct section *S, const char *key, const char *val, int line)
{
	tp_err *e = P->e;
	uint32_t rgb;
	if (hexrgb(key, &rgb) != 0)
		return tp_fail(e, TP_EINPUT, "%s:%d: %s is not a colour; allowed: #rrggbb = INK",
			       P->ini, line, key);
	int ink = ink_by_name(P->pal, val);
	if (ink < 0) {
		char names[400];
		ink_names(P->pal, names, sizeof names);
		return tp_fail(e, TP_EINPUT, "%s:%d: %s = %s: not an ink of this game; allowed: %s",
			       P->ini, line, key, val, names);
	}
	for (int i = 0; i < S->n_map; i++)
		if (S->map[i].rgb == rgb)
			return tp_fail(e, TP_EINPUT, "%s:%d: %s is mapped twice (line %d too); give it once",
				       P->ini, line, key, S->map[i].line);
	if (S->n_map == MAX_COLOURS)
		return tp_fail(e, TP_EINPUT, "%s:%d: more than %d colours in one section",
			       P->ini, line, MAX_COLOURS);
	S->map[S->n_map++] = (struct cmap){ rgb, ink, line };
	return TP_OK;
}

/* A text entry's keys: text, size, ink, font.  1 when key is none of
 * them. */
static int text_key(struct parse *P, struct section *S, const char *key, const char *val, int line)
{
	tp_err *e = P->e;
	struct tp_art_item *it = S->it;
	if (strcmp(key, "text") == 0) {
		/* {title}: the game's name (print.title, else its rules text's
		 * title), so that one pack titles every game's board. */
		char words[sizeof it->text];
		const char *t = strstr(val, "{title}");
		if (t && snprintf(words, sizeof words, "%.*s%s%s", (int)(t - val), val,
				  P->title ? P->title : "", t + 7) >= (int)sizeof words)
			words[0] = '\0';
		else if (!t)
			snprintf(words, sizeof words, "%.*s", (int)(sizeof words - 1), val);
		if (words[0] == '\0' || strlen(val) >= sizeof it->text || tp_text_ok(words) != 0)
			return tp_fail(e, TP_EINPUT, "%s:%d: text = %s: allowed: one line of 1 to %zu bytes of UTF-8 text, no control characters ({title}: the game's name)",
				       P->ini, line, val, sizeof it->text - 1);
		snprintf(it->text, sizeof it->text, "%s", words);
		S->text_line = line;
		return TP_OK;
	}
	if (strcmp(key, "size") == 0) {
		char *end;
		double v = strtod(val, &end);
		while (*end == ' ')
			end++;
		double mm = strcmp(end, "pt") == 0 ? v * 25.4 / 72
			  : (*end == '\0' || strcmp(end, "mm") == 0) ? v : -1;
		if (end == val || !isfinite(v) || !(mm >= 0.5 && mm <= 200))
			return tp_fail(e, TP_EINPUT, "%s:%d: size = %s; allowed: the text's size, 0.5..200 mm (5 or 5 mm) or in points (14 pt)",
				       P->ini, line, val);
		it->size_mm = mm;
		S->size_line = line;
		return TP_OK;
	}
	if (strcmp(key, "ink") == 0) {
		/* A list, the first ink the game has: one pack's title serves
		 * games whose ledges are in different inks (board, inner). */
		int ink = -1, listed = 0;
		for (const char *p = val; *p && ink < 0;) {
			while (*p == ' ' || *p == ',')
				p++;
			size_t n = strcspn(p, ",");
			while (n > 0 && p[n - 1] == ' ')
				n--;
			char one[64];
			if (n > 0 && n < sizeof one) {
				memcpy(one, p, n);
				one[n] = '\0';
				ink = ink_by_name(P->pal, one);
				listed++;
			}
			p += strcspn(p, ",");
		}
		if (ink < 0) {
			char names[400];
			ink_names(P->pal, names, sizeof names);
			return tp_fail(e, TP_EINPUT, "%s:%d: ink = %s: %s of this game; allowed: %s (or a list, INK, INK, ...: the first the game has)",
				       P->ini, line, val, listed > 1 ? "none is an ink" : "not an ink", names);
		}
		it->text_ink = ink;
		S->ink_line = line;
		return TP_OK;
	}
	if (strcmp(key, "font") == 0) {
		size_t l = strlen(val);
		if (l == 0 || (val[0] != '/' && strstr(val, "..")) ||
		    l + strlen(P->dir) + 2 > sizeof it->font)
			return tp_fail(e, TP_EINPUT, "%s:%d: font = %s: allowed: a font file (.ttf, .otf) inside the pack's folder, or an absolute path",
				       P->ini, line, val);
		if (val[0] == '/')
			snprintf(it->font, sizeof it->font, "%s", val);
		else
			snprintf(it->font, sizeof it->font, "%s/%s", P->dir, val);
		S->font_line = line;
		return TP_OK;
	}
	return 1;
}

static int on_key(struct parse *P, char *key, char *val, int line)
{
	tp_err *e = P->e;
	struct section *S = P->cur;
	if (S && S->skip)
		return TP_OK;
	if (S == NULL)
		return tp_fail(e, TP_EINPUT, "%s:%d: %s before any [section]; start with [colours] or a place (tilepress --list art)",
			       P->ini, line, key);
	if (key[0] == '#')
		return map_colour(P, S, key, val, line);
	if (S->is_colours) {
		if (strcmp(key, "convert") == 0) {
			if (strcmp(val, "on") != 0 && strcmp(val, "off") != 0)
				return tp_fail(e, TP_EINPUT, "%s:%d: convert = %s; allowed: on or off",
					       P->ini, line, val);
			P->convert = strcmp(val, "on") == 0;
			P->convert_line = line;
			return TP_OK;
		}
		return tp_fail(e, TP_EINPUT, "%s:%d: [colours] %s: allowed: #rrggbb = INK, convert = on|off",
			       P->ini, line, key);
	}
	struct tp_art_item *it = S->it;
	int rc = text_key(P, S, key, val, line);
	if (rc != 1)
		return rc;
	if (strcmp(key, "file") == 0) {
		size_t l = strlen(val);
		if (l == 0 || val[0] == '/' || strstr(val, "..") || l + strlen(P->dir) + 2 > sizeof it->file)
			return tp_fail(e, TP_EINPUT, "%s:%d: file = %s: allowed: a file name inside the pack's folder (no /.. and not absolute)",
				       P->ini, line, val);
		int svg = l > 4 && strcmp(val + l - 4, ".svg") == 0;
		int png = l > 4 && strcmp(val + l - 4, ".png") == 0;
		if (!svg && !png)
			return tp_fail(e, TP_EINPUT, "%s:%d: file = %s: allowed: NAME.svg or NAME.png",
				       P->ini, line, val);
		snprintf(it->file, sizeof it->file, "%s/%s", P->dir, val);
		S->file_line = line;
		return TP_OK;
	}
	double v[2];
	if (strcmp(key, "scale") == 0) {
		S->scale_line = line;
		if (num_list(val, v, 1) != 0 || v[0] < 0.05 || v[0] > 4)
			return tp_fail(e, TP_EINPUT, "%s:%d: scale = %s; allowed: a share of the box 0.05..4 (1: fitted whole)",
				       P->ini, line, val);
		it->scale = v[0];
		return TP_OK;
	}
	if (strcmp(key, "offset") == 0) {
		if (num_list(val, v, 2) != 0 || fabs(v[0]) > 1000 || fabs(v[1]) > 1000)
			return tp_fail(e, TP_EINPUT, "%s:%d: offset = %s; allowed: two numbers, mm right and down (-1000..1000)",
				       P->ini, line, val);
		it->dx = v[0];
		it->dy = v[1];
		return TP_OK;
	}
	if (strcmp(key, "turn") == 0) {
		S->turn_line = line;
		if (num_list(val, v, 1) != 0 || fabs(v[0]) > 360)
			return tp_fail(e, TP_EINPUT, "%s:%d: turn = %s; allowed: degrees clockwise -360..360",
				       P->ini, line, val);
		it->turn = v[0];
		return TP_OK;
	}
	return tp_fail(e, TP_EINPUT, "%s:%d: [%s] %s: allowed: file or text (with size, ink, font), scale, offset, turn, #rrggbb = INK",
		       P->ini, line, it->place, key);
}

static int on_section(struct parse *P, const char *name, int line)
{
	tp_err *e = P->e;
	if (strcmp(name, "colours") == 0 || strcmp(name, "colors") == 0) {
		P->glob.is_colours = 1;
		P->cur = &P->glob;
		return TP_OK;
	}
	size_t k = 0;
	while (k < P->n_places && strcmp(P->places[k].name, name) != 0)
		k++;
	int elsewhere = 0;
	for (size_t i = 0; k == P->n_places && i < P->n_known; i++)
		elsewhere |= strcmp(P->known[i], name) == 0;
	if (elsewhere) {
		P->pack->skipped++;
		P->skipped.skip = 1;
		P->cur = &P->skipped;
		return TP_OK;
	}
	if (k == P->n_places) {
		char allowed[1500];
		size_t len = 0;
		allowed[0] = '\0';
		for (size_t i = 0; i < P->n_places && len < sizeof allowed; i++)
			len += (size_t)snprintf(allowed + len, sizeof allowed - len, "%s%s",
						i ? ", " : "", P->places[i].name);
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s] is not a place of any game; allowed here: colours, %s",
			       P->ini, line, name, P->n_places ? allowed : "(none)");
	}
	struct tp_art_pack *pk = P->pack;
	for (size_t i = 0; i < pk->n; i++)
		if (strcmp(pk->item[i].place, name) == 0)
			return tp_fail(e, TP_EINPUT, "%s:%d: [%s] given twice (line %d too)", P->ini,
				       line, name, pk->item[i].line);
	struct tp_art_item *it = &pk->item[pk->n];
	struct section *S = &P->sec[pk->n];
	pk->n++;
	snprintf(it->place, sizeof it->place, "%s", name);
	it->line = line;
	it->ini = P->ini;
	it->scale = 1;
	it->text_ink = TP_INK_TEXT;
	S->it = it;
	P->cur = S;
	return TP_OK;
}

static int parse_text(struct parse *P, const char *text, size_t len)
{
	tp_err *e = P->e;
	if (len > TP_ART_MAX_INI)
		return tp_fail(e, TP_EINPUT, "%s: larger than %u kB", P->ini, TP_ART_MAX_INI >> 10);
	size_t at = 0;
	int line = 0;
	char buf[1024];
	while (at < len) {
		size_t end = at;
		while (end < len && text[end] != '\n')
			end++;
		line++;
		size_t l = end - at;
		if (memchr(text + at, '\0', l))
			return tp_fail(e, TP_EINPUT, "%s:%d: a NUL byte; art.ini is text", P->ini, line);
		if (l >= sizeof buf)
			return tp_fail(e, TP_EINPUT, "%s:%d: line longer than %zu bytes", P->ini, line,
				       sizeof buf - 1);
		memcpy(buf, text + at, l);
		buf[l] = '\0';
		at = end + 1;
		char *s = trim(buf);
		if (line == 1 && (unsigned char)s[0] == 0xef && (unsigned char)s[1] == 0xbb &&
		    (unsigned char)s[2] == 0xbf)
			s = trim(s + 3);
		if (*s == '\0' || *s == ';' || (*s == '#' && !strchr(s, '=')))
			continue;
		if (*s == '[') {
			char *close = strchr(s, ']');
			if (close == NULL || *trim(close + 1) != '\0')
				return tp_fail(e, TP_EINPUT, "%s:%d: a section header is [NAME]", P->ini, line);
			*close = '\0';
			int rc = on_section(P, trim(s + 1), line);
			if (rc != TP_OK)
				return rc;
			continue;
		}
		char *eq = strchr(s, '=');
		if (eq == NULL)
			return tp_fail(e, TP_EINPUT, "%s:%d: expected KEY = VALUE or [SECTION]", P->ini, line);
		*eq = '\0';
		int rc = on_key(P, trim(s), trim(eq + 1), line);
		if (rc != TP_OK)
			return rc;
	}
	return TP_OK;
}

static int lookup(const struct section *S, uint32_t rgb)
{
	for (int i = 0; i < S->n_map; i++)
		if (S->map[i].rgb == rgb)
			return S->map[i].ink;
	return -1;
}

/* Converted colours: one process ink each, after the game's inks. */
static int add_ink(struct parse *P, uint32_t rgb, const char *profile, double max_tac, int line,
		   const char *file, int *added, int *ink)
{
	struct tp_palette *pal = P->pal;
	char name[40];
	snprintf(name, sizeof name, "art-%06x", (unsigned)rgb);
	for (size_t i = 0; i < pal->n_game; i++)
		if (strcmp(pal->ink[i].name, name) == 0) {
			*ink = (int)i;
			return TP_OK;
		}
	if (pal->n_game >= TP_GAME_INKS_MAX)
		return tp_fail(P->e, TP_EINPUT, "%s:%d: colour #%06x: more than %d inks in all; map some colours to the game's inks in art.ini ([colours] #%06x = INK)",
			       file, line, (unsigned)rgb, TP_GAME_INKS_MAX, (unsigned)rgb);
	double c[3] = { (rgb >> 16 & 255) / 255.0, (rgb >> 8 & 255) / 255.0, (rgb & 255) / 255.0 };
	double k[4];
	int rc = tp_colour_separate(c, k, 1, profile, P->e);
	if (rc != TP_OK)
		return rc;
	double tac = 100 * (k[0] + k[1] + k[2] + k[3]);
	if (max_tac > 0 && tac > max_tac + 1e-9)
		return tp_fail(P->e, TP_EINPUT, "%s:%d: colour #%06x separates to C%.0f M%.0f Y%.0f K%.0f, %.0f %% ink in all, over print.max_tac_pct = %g; map it to an ink in art.ini (e.g. #%06x = text for black) or use a lighter colour",
			       file, line, (unsigned)rgb, 100 * k[0], 100 * k[1], 100 * k[2],
			       100 * k[3], tac, max_tac, (unsigned)rgb);
	/* The shared inks move up one place. */
	memmove(&pal->ink[pal->n_game + 1], &pal->ink[pal->n_game],
		(pal->n - pal->n_game) * sizeof pal->ink[0]);
	struct tp_ink *n = &pal->ink[pal->n_game];
	memset(n, 0, sizeof *n);
	snprintf(n->name, sizeof n->name, "%s", name);
	snprintf(n->key, sizeof n->key, "art_%06x", (unsigned)rgb);
	n->kind = TP_INK_PROCESS;
	memcpy(n->cmyk, k, sizeof k);
	memcpy(n->rgb, c, sizeof c);
	n->rgb_given = 1;   /* the proofs show the designer's colour */
	*ink = (int)pal->n_game;
	pal->n_game++;
	pal->n++;
	(*added)++;
	return TP_OK;
}

static int resolve_inks(struct parse *P, struct tp_art_item *it, const struct section *S,
			const char *profile, double max_tac, int *added)
{
	if (it->art.n == 0)
		return TP_OK;
	it->ink = tp_malloc(it->art.n);
	if (it->ink == NULL)
		return tp_fail(P->e, TP_EIO, "out of memory reading %s", it->file);
	int seen[TP_MAX_INKS + TP_GAME_INKS_MAX] = { 0 };
	it->n_inks = 0;
	for (size_t i = 0; i < it->art.n; i++) {
		const struct tp_art_path *ap = &it->art.paths[i];
		int ink = lookup(S, ap->rgb);
		if (ink < 0)
			ink = lookup(&P->glob, ap->rgb);
		if (ink < 0 && !P->convert)
			return tp_fail(P->e, TP_EINPUT, "%s:%d: colour #%06x maps to no ink ([colours] convert = off at %s:%d); add #%06x = INK to [%s] or [colours] in %s",
				       it->file, ap->line, (unsigned)ap->rgb, P->ini, P->convert_line,
				       (unsigned)ap->rgb, it->place, P->ini);
		if (ink < 0) {
			int rc = add_ink(P, ap->rgb, profile, max_tac, ap->line, it->file, added, &ink);
			if (rc != TP_OK)
				return rc;
		}
		it->ink[i] = (uint8_t)ink;
		if (!seen[ink]) {
			seen[ink] = 1;
			it->n_inks++;
		}
	}
	return TP_OK;
}

/* A PNG named by file (its extension checked when read). */
static int is_png(const char *file)
{
	size_t l = strlen(file);
	return l > 4 && strcmp(file + l - 4, ".png") == 0;
}

void tp_art_item_bounds(const struct tp_art_item *it, double w, double h, double b[4])
{
	double ab[4] = { 0, 0, it->art.w, it->art.h };
	if (!it->image)
		tp_art_bounds(&it->art, ab);
	double s = fmin(w / it->art.w, h / it->art.h) * it->scale;
	double a = it->turn * M_PI / 180, ca = cos(a), sa = sin(a);
	b[0] = b[1] = INFINITY;
	b[2] = b[3] = -INFINITY;
	for (int k = 0; k < 4; k++) {
		double px = (k & 1 ? ab[2] : ab[0]) - it->art.w / 2;
		double py = (k & 2 ? ab[3] : ab[1]) - it->art.h / 2;
		double x = w / 2 + it->dx + s * (px * ca - py * sa);
		double y = h / 2 + it->dy + s * (px * sa + py * ca);
		b[0] = fmin(b[0], x);
		b[1] = fmin(b[1], y);
		b[2] = fmax(b[2], x);
		b[3] = fmax(b[3], y);
	}
}

/* A text entry as a drawing: its glyphs one filled path in its ink.
 * With a size, the art box is the place's box and the glyphs' box is
 * centred in it at that size, shrunk (scale < 1) when it is wider or
 * taller than the box; without one, the art box is the glyphs' box,
 * fitted whole as a drawing is. */
static int text_art(struct parse *P, struct tp_art_item *it, const struct section *S,
		    const struct tp_art_place *pl, double min_mm)
{
	tp_err *e = P->e;
	const char *font = it->font[0] ? it->font : NULL;
	if (font) {
		char fam[256], why[300];
		tp_inputs_note(font);
		if (tp_font_probe(font, fam, sizeof fam, why, sizeof why) != 0)
			return tp_fail(e, TP_EINPUT, "%s:%d: font = %s: %s", P->ini, S->font_line,
				       it->font, why);
	}
	const char *fname = font ? it->font : tp_font_family();
	if (S->turn_line || S->scale_line)
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s]: a text entry takes size (and offset), not %s; set its size instead",
			       P->ini, S->turn_line ? S->turn_line : S->scale_line, it->place,
			       S->turn_line ? "turn" : "scale");
	double em = it->size_mm > 0 ? it->size_mm : 10;
	struct tp_pt *pts;
	size_t n;
	double ink[4];
	int rc = tp_text_line(font, em, it->text, &pts, &n, ink, e);
	if (rc != TP_OK)
		return rc;
	/* The box checked below is the outline's points' box, which can
	 * reach a hundredth of a millimetre past the font's ink box: fit
	 * and centre by the points so a fitted text is inside its place. */
	struct tp_art_path whole = { .first = 0, .count = n, .paint = TP_FILL };
	tp_art_bounds(&(struct tp_art){ .pts = pts, .n_pts = n, .paths = &whole, .n = 1 }, ink);
	double iw = ink[2] - ink[0], ih = ink[3] - ink[1];
	if (n == 0 || !(iw > 0) || !(ih > 0)) {
		free(pts);
		return tp_fail(e, TP_EINPUT, "%s:%d: text = %s draws nothing in %s; give it letters the font has",
			       P->ini, S->text_line, it->text, fname);
	}
	struct tp_art *a = &it->art;
	snprintf(a->name, sizeof a->name, "%s", P->ini);
	a->paths = tp_calloc(1, sizeof *a->paths);
	it->ink = tp_malloc(1);
	if (a->paths == NULL || it->ink == NULL) {
		free(pts);
		return tp_fail(e, TP_EIO, "out of memory reading %s", P->ini);
	}
	double fit = fmin(pl->w / iw, pl->h / ih);
	double ox, oy;
	if (it->size_mm > 0) {
		a->w = pl->w;
		a->h = pl->h;
		ox = (pl->w - iw) / 2 - ink[0];
		oy = (pl->h - ih) / 2 - ink[1];
		it->scale = fmin(1, fit);
		it->size_used = em * it->scale;
	} else {
		a->w = iw;
		a->h = ih;
		ox = -ink[0];
		oy = -ink[1];
		it->size_used = em * fit;
	}
	for (size_t k = 0; k < n; k++)
		if (pts[k].op != TP_CLOSE) {
			pts[k].x += ox;
			pts[k].y += oy;
		}
	a->pts = pts;
	a->n_pts = a->cap_pts = n;
	a->n = a->cap = 1;
	a->paths[0] = (struct tp_art_path){ .first = 0, .count = n, .paint = TP_FILL,
					    .line = S->text_line };
	it->ink[0] = (uint8_t)it->text_ink;
	it->n_inks = 1;
	if (min_mm > 0 && it->size_used < min_mm - 1e-9) {
		if (it->size_mm > 0)
			return tp_fail(e, TP_EINPUT, "%s:%d: [%s]: text = %s at size %g mm is %.1f x %.1f mm; shrunk into its %.1f x %.1f mm box it would be %.2f mm, under print.min_text_pt (%.2f mm); shorten the text or use a narrower font",
				       P->ini, S->text_line, it->place, it->text, it->size_mm, iw, ih,
				       pl->w, pl->h, it->size_used, min_mm);
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s]: text = %s fitted into its %.1f x %.1f mm box is %.2f mm, under print.min_text_pt (%.2f mm); shorten the text or use a narrower font",
			       P->ini, S->text_line, it->place, it->text, pl->w, pl->h, it->size_used,
			       min_mm);
	}
	return TP_OK;
}

/* A pack named by its folder (DIR: DIR/art.ini) or by one of its ini
 * files (DIR/NAME.ini, a variant of the pack beside its art.ini). */
static void pack_paths(const char *arg, char *dir, size_t dn, char *ini, size_t in)
{
	size_t l = strlen(arg);
	if (l > 4 && strcmp(arg + l - 4, ".ini") == 0) {
		const char *slash = strrchr(arg, '/');
		if (slash == NULL)
			snprintf(dir, dn, ".");
		else
			snprintf(dir, dn, "%.*s", (int)(slash - arg), arg);
		snprintf(ini, in, "%s", arg);
	} else {
		snprintf(dir, dn, "%s", arg);
		snprintf(ini, in, "%s/art.ini", arg);
	}
}

/* Item i of the pack: its drawing read or its text laid out, its inks,
 * and its place's box checked. */
static int load_item(struct parse *P, size_t i, const char *profile, double max_tac_pct,
		     double min_text_mm, int *added)
{
	tp_err *e = P->e;
	struct tp_art_item *it = &P->pack->item[i];
	const struct section *S = &P->sec[i];
	if (it->file[0] == '\0' && it->text[0] == '\0')
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s] has no file or text; add file = NAME.svg or text = WORDS",
			       P->ini, it->line, it->place);
	if (it->file[0] && it->text[0])
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s] has both file (line %d) and text; give one",
			       P->ini, S->text_line, it->place, S->file_line);
	int tline = S->size_line ? S->size_line : S->ink_line ? S->ink_line : S->font_line;
	if (it->file[0] && tline)
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s]: size, ink and font are for a text entry; colour a drawing with #rrggbb = INK",
			       P->ini, tline, it->place);
	const struct tp_art_place *pl = P->places;
	while (strcmp(pl->name, it->place) != 0)
		pl++;
	/* A drawing not there is the pack's mistake, at its file = line: the
	 * reader's own "cannot open" would not say where it was named. */
	struct stat st;
	if (it->file[0] && (stat(it->file, &st) != 0 || !S_ISREG(st.st_mode)))
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s] file = %s: no such file in %s; draw it there or name a file that is",
			       P->ini, S->file_line, it->place, it->file + strlen(P->dir) + 1, P->dir);
	int rc;
	if (it->text[0]) {
		rc = text_art(P, it, S, pl, min_text_mm);
	} else if (is_png(it->file)) {
		rc = tp_image_add(it->file, &it->image, e);
		if (rc == TP_OK) {
			const struct tp_image *im = tp_image_get(it->image);
			it->art.w = im->w;
			it->art.h = im->h;
		}
	} else {
		rc = tp_svg_read(it->file, &it->art, e);
		if (rc == TP_OK)
			rc = resolve_inks(P, it, S, profile, max_tac_pct, added);
	}
	if (rc != TP_OK)
		return rc;
	double b[4];
	tp_art_item_bounds(it, pl->w, pl->h, b);
	double out_by = fmax(fmax(-b[0], -b[1]), fmax(b[2] - pl->w, b[3] - pl->h));
	if ((it->art.n || it->image) && out_by > 0.01)
		return tp_fail(e, TP_EINPUT, "%s:%d: [%s]: the %s reaches %.2f mm outside its %.2f x %.2f mm box (scale %g, offset %g %g, turn %g); lower scale or offset",
			       P->ini, it->line, it->place, it->text[0] ? "text" : "drawing", out_by,
			       pl->w, pl->h, it->scale, it->dx, it->dy, it->turn);
	return TP_OK;
}

int tp_art_pack_parse(const char *dir, const char *text, size_t len,
		      const struct tp_art_place *places, size_t n_places, const char *const *known,
		      size_t n_known, struct tp_palette *pal,
		      const char *profile, double max_tac_pct, double min_text_mm, const char *title,
		      struct tp_art_pack **out, int *added, tp_err *e)
{
	*out = NULL;
	*added = 0;
	struct tp_art_pack *pk = tp_calloc(1, sizeof *pk);
	struct parse *P = tp_calloc(1, sizeof *P);
	if (pk == NULL || P == NULL) {
		free(pk);
		free(P);
		return tp_fail(e, TP_EIO, "out of memory reading %s/art.ini", dir);
	}
	char folder[600];
	pack_paths(dir, folder, sizeof folder, pk->ini, sizeof pk->ini);
	P->ini = pk->ini;
	P->dir = folder;
	P->places = places;
	P->n_places = n_places < TP_ART_MAX_PLACES ? n_places : TP_ART_MAX_PLACES;
	P->known = known;
	P->n_known = n_known;
	P->pal = pal;
	P->pack = pk;
	P->convert = 1;
	P->title = title;
	P->e = e;
	/* The palette is changed only when everything is read. */
	struct tp_palette work = *pal;
	P->pal = &work;
	int rc = parse_text(P, text, len);
	for (size_t i = 0; rc == TP_OK && i < pk->n; i++)
		rc = load_item(P, i, profile, max_tac_pct, min_text_mm, added);
	if (rc == TP_OK)
		*pal = work;
	else
		*added = 0;
	free(P);
	if (rc != TP_OK) {
		tp_art_pack_free(pk);
		return rc;
	}
	*out = pk;
	return TP_OK;
}

int tp_art_pack_load(const char *dir, const struct tp_art_place *places, size_t n_places,
		     const char *const *known, size_t n_known, struct tp_palette *pal, const char *profile, double max_tac_pct,
		     double min_text_mm, const char *title, struct tp_art_pack **out, int *added, tp_err *e)
{
	*out = NULL;
	*added = 0;
	char path[600], folder[600];
	pack_paths(dir, folder, sizeof folder, path, sizeof path);
	tp_inputs_note(path);
	FILE *f = fopen(path, "rb");
	if (f == NULL)
		return tp_fail(e, TP_EINPUT, "%s: cannot open: %s; print.art names a folder holding art.ini (or an ini file in one)",
			       path, strerror(errno));
	char *buf = tp_malloc(TP_ART_MAX_INI + 1);
	if (buf == NULL) {
		fclose(f);
		return tp_fail(e, TP_EIO, "out of memory reading %s", path);
	}
	size_t n = fread(buf, 1, TP_ART_MAX_INI + 1, f);
	int err = ferror(f);
	fclose(f);
	int rc = err ? tp_fail(e, TP_EIO, "%s: read error", path)
		     : tp_art_pack_parse(dir, buf, n, places, n_places, known, n_known, pal, profile,
					 max_tac_pct, min_text_mm, title, out, added, e);
	free(buf);
	return rc;
}

void tp_art_pack_free(struct tp_art_pack *p)
{
	if (p == NULL)
		return;
	for (size_t i = 0; i < p->n; i++) {
		tp_art_free(&p->item[i].art);
		free(p->item[i].ink);
		tp_image_release(p->item[i].image);
	}
	free(p);
}

int tp_art_pack_check_set(const struct tp_art_pack *p, const char *const *names, size_t n,
			  const char *set, tp_err *e)
{
	const struct tp_art_item *first = NULL;
	char missing[600];
	size_t len = 0;
	missing[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		const struct tp_art_item *it = tp_art_pack_find(p, names[i]);
		if (it && (first == NULL || it->line < first->line))
			first = it;
		if (it == NULL && len < sizeof missing)
			len += (size_t)snprintf(missing + len, sizeof missing - len, "%s%s",
						len ? ", " : "", names[i]);
	}
	if (first == NULL || len == 0)
		return TP_OK;
	return tp_fail(e, TP_EINPUT,
		       "%s:%d: [%s] is one of %s, drawn all together or not at all; missing: %s; add those sections, or remove this one",
		       p->ini, first->line, first->place, set, missing);
}

const struct tp_art_item *tp_art_pack_find(const struct tp_art_pack *p, const char *place)
{
	for (size_t i = 0; p && i < p->n; i++)
		if (strcmp(p->item[i].place, place) == 0)
			return &p->item[i];
	return NULL;
}

int tp_art_item_draw(struct tp_scene *sc, const struct tp_art_item *it, double x, double y,
		     double w, double h, int mirror)
{
	return tp_art_item_draw_about(sc, it, x, y, w, h, mirror, 0, 0, 0);
}

static int draw_about(struct tp_scene *sc, const struct tp_art_item *it, double x, double y,
		      double w, double h, int mirror, double turn, double px0, double py0);

int tp_art_item_draw_about(struct tp_scene *sc, const struct tp_art_item *it, double x, double y,
			   double w, double h, int mirror, double turn, double px0, double py0)
{
	size_t first = sc->n_shapes;
	if (draw_about(sc, it, x, y, w, h, mirror, turn, px0, py0) != 0)
		return -1;
	/* which shapes are this item's, for the preflight to name it */
	return sc->n_shapes > first ? tp_scene_art_note(sc, first, sc->n_shapes, it) : 0;
}

static int draw_about(struct tp_scene *sc, const struct tp_art_item *it, double x, double y,
		      double w, double h, int mirror, double turn, double px0, double py0)
{
	double ta = turn * M_PI / 180, tc = cos(ta), ts = sin(ta);
	const struct tp_art *a = &it->art;
	if (a->n == 0 && !it->image)
		return 0;
	double s = fmin(w / a->w, h / a->h) * it->scale;
	double ang = it->turn * M_PI / 180, ca = cos(ang), sa = sin(ang);
	double cx = x + w / 2 + (mirror ? -it->dx : it->dx), cy = y + h / 2 + it->dy;
	if (it->image) {
		/* The picture's corners, moved as a drawing's points are. */
		struct tp_pt c[4];
		for (int k = 0; k < 4; k++) {
			double qx = (k == 1 || k == 2) ? a->w : 0, qy = k >= 2 ? a->h : 0;
			double px = qx - a->w / 2, py = qy - a->h / 2;
			double rx = s * (px * ca - py * sa), ry = s * (px * sa + py * ca);
			double X = cx + (mirror ? -rx : rx) - px0, Y = cy + ry - py0;
			c[k].op = k ? TP_LINE : TP_MOVE;
			c[k].x = px0 + X * tc - Y * ts;
			c[k].y = py0 + X * ts + Y * tc;
		}
		uint16_t layer = sc->cur_layer;
		int rc = tp_scene_layer(sc, "art") != 0 || tp_scene_image(sc, it->image, c) != 0;
		sc->cur_layer = layer;
		return rc ? -1 : 0;
	}
	size_t most = 0;
	for (size_t i = 0; i < a->n; i++)
		most = a->paths[i].count > most ? a->paths[i].count : most;
	struct tp_pt *p = tp_malloc(most * sizeof *p);
	if (p == NULL)
		return -1;
	/* Several inks: one layer of their own keeps the drawing's order. */
	uint16_t layer = sc->cur_layer;
	int rc = it->n_inks > 1 ? tp_scene_layer(sc, "art") : 0;
	for (size_t i = 0; rc == 0 && i < a->n; i++) {
		const struct tp_art_path *ap = &a->paths[i];
		for (size_t k = 0; k < ap->count; k++) {
			const struct tp_pt *q = &a->pts[ap->first + k];
			double px = q->x - a->w / 2, py = q->y - a->h / 2;
			double rx = s * (px * ca - py * sa), ry = s * (px * sa + py * ca);
			double X = cx + (mirror ? -rx : rx) - px0, Y = cy + ry - py0;
			p[k].op = q->op;
			p[k].x = q->op == TP_CLOSE ? 0 : px0 + X * tc - Y * ts;
			p[k].y = q->op == TP_CLOSE ? 0 : py0 + X * ts + Y * tc;
		}
		rc = tp_scene_path(sc, it->ink[i], ap->paint, ap->paint == TP_STROKE ? ap->stroke * s : 0,
				   p, ap->count);
		uint8_t fl = 0;
		if (ap->paint == TP_FILL && ap->evenodd)
			fl |= TP_SHAPE_EVENODD;
		if (ap->paint == TP_STROKE) {
			fl |= ap->cap == TP_CAP_ROUND ? TP_SHAPE_CAP_ROUND
			      : ap->cap == TP_CAP_SQUARE ? TP_SHAPE_CAP_SQUARE : 0;
			fl |= ap->join == TP_JOIN_ROUND ? TP_SHAPE_JOIN_ROUND
			      : ap->join == TP_JOIN_BEVEL ? TP_SHAPE_JOIN_BEVEL : 0;
			if (ap->join == TP_JOIN_MITER && ap->miter4)
				fl |= TP_SHAPE_MITER4;
		}
		if (rc == 0 && fl)
			tp_scene_flag_last(sc, fl);
	}
	sc->cur_layer = layer;
	free(p);
	return rc ? -1 : 0;
}

void tp_art_pack_summary(const struct tp_art_pack *p, const struct tp_palette *pal,
			 size_t n_places, struct tp_buf *b)
{
	size_t drawings = 0, texts = 0, pictures = 0;
	int used[TP_MAX_INKS + TP_GAME_INKS_MAX] = { 0 };
	for (size_t i = 0; i < p->n; i++) {
		const struct tp_art_item *it = &p->item[i];
		if (it->text[0]) {
			texts++;
			used[it->text_ink] = 1;
		} else if (it->image) {
			pictures++;
		} else {
			drawings++;
			for (size_t k = 0; it->ink && k < it->art.n; k++)
				used[it->ink[k]] = 1;
		}
	}
	tp_buf_printf(b, "art pack %s: ok, %zu of %zu places of this game drawn (%zu drawings, %zu text entries, %zu pictures), %zu sections of other games skipped; inks:",
		      p->ini, p->n, n_places, drawings, texts, pictures, p->skipped);
	size_t n_used = 0;
	for (size_t i = 0; i < pal->n; i++) {
		int id = tp_ink_id(pal, i);
		if (id < 0 || id >= (int)(sizeof used / sizeof used[0]) || !used[id])
			continue;
		const struct tp_ink *k = &pal->ink[i];
		tp_buf_printf(b, "%s %s", n_used++ ? "," : "", k->name);
		if (strncmp(k->name, "art-", 4) == 0)
			tp_buf_printf(b, " (separated: C%.0f M%.0f Y%.0f K%.0f)", 100 * k->cmyk[0],
				      100 * k->cmyk[1], 100 * k->cmyk[2], 100 * k->cmyk[3]);
	}
	tp_buf_printf(b, "%s\n", n_used ? "" : " none");
}
