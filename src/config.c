#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"
#include "ini_read.h"
#include "symbol.h"
#include "template.h"

#define MAX_BOARD 1200

/* ---- keys ------------------------------------------------------------------ */

enum key_id {
	K_PAIRING, K_CYCLE, K_INDICIA, K_BOARD_CENTRE, K_BACKS, K_ANCHOR,
	K_ROWS, K_COLS,
	K_TILE, K_BLEED, K_DPI, K_MARKS, K_CUT_INK, K_ANCHOR_INK, K_STYLE,
	K_SPLIT, K_FORMATS, K_JOB, K_MAX_SHEET, K_OVERLAP, K_CELL_MARK, K_CMYK, K_RGB,
	K_E_PLATES, K_E_SYMBOL, K_E_SIZE, K_E_BACK, K_E_CLEAR, K_E_WALL, K_E_STROKE,
	K_E_MIN_SYMBOL, K_E_MIN_SPACING,
};

struct key {
	const char *section, *name;
	int id;
	int ink;           /* for colour keys */
};

/* Colour keys are "<ink>_cmyk" and "<ink>_rgb" for these inks. */
static const struct { const char *key; int ink; } colour_inks[] = {
	{ "lateral", TP_INK_LATERAL }, { "boxes", TP_INK_BOXES },
	{ "vertical", TP_INK_VERTICAL }, { "dots", TP_INK_DOTS },
	{ "lines", TP_INK_LINE }, { "text", TP_INK_TEXT },
	{ "anchor", TP_INK_ANCHOR }, { "marks", TP_INK_REG },
	{ "cut", TP_INK_CUT }, { "emboss", TP_INK_EMBOSS },
};
#define N_COLOUR_INKS (sizeof colour_inks / sizeof colour_inks[0])

static const struct key plain_keys[] = {
	{ "series", "pairing", K_PAIRING, 0 },
	{ "series", "cycle", K_CYCLE, 0 },
	{ "series", "indicia", K_INDICIA, 0 },
	{ "series", "board_centre", K_BOARD_CENTRE, 0 },
	{ "series", "backs", K_BACKS, 0 },
	{ "series", "anchor", K_ANCHOR, 0 },
	{ "board", "rows", K_ROWS, 0 },
	{ "board", "cols", K_COLS, 0 },
	{ "print", "tile_mm", K_TILE, 0 },
	{ "print", "bleed_mm", K_BLEED, 0 },
	{ "print", "dpi", K_DPI, 0 },
	{ "print", "marks", K_MARKS, 0 },
	{ "print", "cut_ink", K_CUT_INK, 0 },
	{ "print", "anchor_ink", K_ANCHOR_INK, 0 },
	{ "print", "style", K_STYLE, 0 },
	{ "print", "split", K_SPLIT, 0 },
	{ "print", "formats", K_FORMATS, 0 },
	{ "print", "job", K_JOB, 0 },
	{ "print", "max_sheet_mm", K_MAX_SHEET, 0 },
	{ "print", "panel_overlap_mm", K_OVERLAP, 0 },
	{ "print", "cell_mark", K_CELL_MARK, 0 },
	{ "emboss", "plates", K_E_PLATES, 0 },
	{ "emboss", "lateral", K_E_SYMBOL, TP_LATERAL },
	{ "emboss", "boxes", K_E_SYMBOL, TP_BOXES },
	{ "emboss", "vertical", K_E_SYMBOL, TP_VERTICAL },
	{ "emboss", "dots", K_E_SYMBOL, TP_DOTS },
	{ "emboss", "symbol_mm", K_E_SIZE, 0 },
	{ "emboss", "back_symbol_mm", K_E_BACK, 0 },
	{ "emboss", "recess_clearance_mm", K_E_CLEAR, 0 },
	{ "emboss", "pocket_wall_mm", K_E_WALL, 0 },
	{ "emboss", "stroke_mm", K_E_STROKE, 0 },
	{ "emboss", "min_symbol_mm", K_E_MIN_SYMBOL, 0 },
	{ "emboss", "min_spacing_mm", K_E_MIN_SPACING, 0 },
};
#define N_PLAIN (sizeof plain_keys / sizeof plain_keys[0])
_Static_assert(N_PLAIN <= 64, "loader.line_of holds 64 keys");

static const char *const sections[] = { "series", "board", "print", "emboss" };

/* Where a value came from, for messages: "file:line" or "--set x.y=z". */
struct where {
	char text[200];
};

struct loader {
	struct tp_config *c;
	int line_of[64];   /* by index in plain_keys[] */
	int colour_line[N_COLOUR_INKS][2];
	struct where rows_where, cols_where, backs_where, indicia_where;
	int anchors_from_file;
	int anchors_from_set;
	int in_set;
};

/* ---- small parsers --------------------------------------------------------- */

static int edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 30 || lb > 30)
		return 99;
	int d[31][31];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			int sub = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			int del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
			d[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
		}
	return d[la][lb];
}

static int parse_int(const char *s, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	while (isspace((unsigned char)*end))
		end++;
	if (end == s || *end != '\0' || errno == ERANGE)
		return -1;
	*out = v;
	return 0;
}

static int parse_num(const char *s, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	while (isspace((unsigned char)*end))
		end++;
	if (end == s || *end != '\0' || errno == ERANGE || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

static int parse_corner(const char *s, int *k)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(s, tp_corner_names[i]) == 0) {
			*k = i;
			return 0;
		}
	return -1;
}

static int parse_onoff(const char *s, int *v)
{
	if (strcmp(s, "on") == 0) {
		*v = 1;
		return 0;
	}
	if (strcmp(s, "off") == 0) {
		*v = 0;
		return 0;
	}
	return -1;
}

static int parse_series(const char *s, size_t n)
{
	for (int i = 0; i < TP_N_SERIES; i++)
		if (strlen(tp_series_names[i]) == n && strncmp(s, tp_series_names[i], n) == 0)
			return i;
	return -1;
}

static int hexval(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	ch = (char)tolower((unsigned char)ch);
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	return -1;
}

/* ---- applying one key ------------------------------------------------------ */

static const struct key *find_key(const char *section, const char *name, struct key *tmp)
{
	for (size_t i = 0; i < N_PLAIN; i++)
		if (strcmp(plain_keys[i].section, section) == 0 &&
		    strcmp(plain_keys[i].name, name) == 0)
			return &plain_keys[i];
	if (strcmp(section, "print") != 0)
		return NULL;
	for (size_t i = 0; i < N_COLOUR_INKS; i++) {
		size_t n = strlen(colour_inks[i].key);
		if (strncmp(name, colour_inks[i].key, n) == 0 && name[n] == '_' &&
		    (strcmp(name + n + 1, "cmyk") == 0 || strcmp(name + n + 1, "rgb") == 0)) {
			tmp->section = "print";
			tmp->name = name;
			tmp->id = strcmp(name + n + 1, "cmyk") == 0 ? K_CMYK : K_RGB;
			tmp->ink = (int)i;
			return tmp;
		}
	}
	return NULL;
}

static int unknown_key(const char *where, const char *section, const char *name, tp_err *e)
{
	const char *best = NULL;
	int bestd = 3;
	char cand[64];
	static char colour_names[N_COLOUR_INKS * 2][32];
	for (size_t i = 0; i < N_COLOUR_INKS; i++) {
		snprintf(colour_names[2 * i], 32, "%s_cmyk", colour_inks[i].key);
		snprintf(colour_names[2 * i + 1], 32, "%s_rgb", colour_inks[i].key);
	}
	char allowed[520] = "";
	for (size_t i = 0; i < N_PLAIN; i++) {
		if (strcmp(plain_keys[i].section, section) != 0)
			continue;
		int d = edit_distance(name, plain_keys[i].name);
		if (d < bestd) {
			bestd = d;
			best = plain_keys[i].name;
		}
		size_t l = strlen(allowed);
		snprintf(allowed + l, sizeof allowed - l, "%s%s", l ? ", " : "", plain_keys[i].name);
	}
	if (strcmp(section, "print") == 0) {
		for (size_t i = 0; i < N_COLOUR_INKS * 2; i++) {
			int d = edit_distance(name, colour_names[i]);
			if (d < bestd) {
				bestd = d;
				best = colour_names[i];
			}
		}
		size_t l = strlen(allowed);
		snprintf(allowed + l, sizeof allowed - l, ", and INK_cmyk, INK_rgb for INK in");
		for (size_t i = 0; i < N_COLOUR_INKS; i++) {
			l = strlen(allowed);
			snprintf(allowed + l, sizeof allowed - l, " %s", colour_inks[i].key);
		}
	}
	if (best)
		snprintf(cand, sizeof cand, " (did you mean %s?)", best);
	else
		cand[0] = '\0';
	return tp_fail(e, TP_EINPUT, "%s: unknown key %s.%s%s; allowed in [%s]: %s",
		       where, section, name, cand, section, allowed);
}

static int bad(const char *where, const struct key *k, const char *value, tp_err *e,
	       const char *why)
{
	return tp_fail(e, TP_EINPUT, "%s: %s.%s = %s: %s", where, k->section, k->name, value, why);
}

static int apply_anchor(struct loader *L, const char *where, const struct key *k,
			const char *value, tp_err *e)
{
	struct tp_rules *r = &L->c->rules;
	long row, col, front;
	char corner[16], extra[2];
	char rs[32], cs[32], fs[32];
	int n = sscanf(value, "%31s %31s %31s %15s %1s", rs, cs, fs, corner, extra);
	if (n != 4)
		return bad(where, k, value, e,
			   "expected 'row col front corner', e.g. 5 5 2 se (rows and cols 1-based)");
	if (parse_int(rs, &row) != 0 || parse_int(cs, &col) != 0)
		return bad(where, k, value, e, "row and col must be whole numbers, 1-based");
	if (row < 1 || col < 1 || row > MAX_BOARD || col > MAX_BOARD)
		return bad(where, k, value, e, "square is off the board; rows and cols count from 1");
	if (parse_int(fs, &front) != 0 || front < 1 || front > 9)
		return bad(where, k, value, e, "front must be 1..9 (the tile's lateral value)");
	int kc;
	if (parse_corner(corner, &kc) != 0)
		return bad(where, k, value, e, "lateral corner must be nw, ne, se or sw");
	/* Anchors come as a set: the file's replace the built-in ones, and
	 * --set series.anchor replaces the file's as a whole. */
	int *fresh = L->in_set ? &L->anchors_from_set : &L->anchors_from_file;
	if (!*fresh) {
		r->n_anchors = 0;
		*fresh = 1;
		snprintf(r->anchors_source, sizeof r->anchors_source, "%s",
			 L->in_set ? "--set series.anchor" : L->c->path);
	}
	if (r->n_anchors >= TP_MAX_ANCHORS)
		return bad(where, k, value, e, "too many anchors; at most 64");
	struct tp_anchor *a = &r->anchors[r->n_anchors++];
	a->row = (int)row - 1;
	a->col = (int)col - 1;
	a->front = (int)front;
	a->corner = kc;
	snprintf(a->where, sizeof a->where, "%s", where);
	return TP_OK;
}

static int apply_cycle(struct tp_rules *r, const char *where, const struct key *k,
		       const char *value, tp_err *e)
{
	int cyc[4], n = 0;
	unsigned seen = 0;
	const char *p = value;
	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			break;
		size_t len = strcspn(p, " \t,");
		int s = parse_series(p, len);
		if (s < 0 || n == 4 || (seen & (1u << s)))
			return bad(where, k, value, e,
				   "must name each of lateral, boxes, vertical and dots once, clockwise from the lateral corner");
		seen |= 1u << s;
		cyc[n++] = s;
		p += len;
	}
	if (n != 4 || cyc[0] != TP_LATERAL)
		return bad(where, k, value, e,
			   "must start with lateral and name boxes, vertical and dots once each, clockwise");
	if (cyc[2] != TP_VERTICAL)
		return bad(where, k, value, e,
			   "lateral must be opposite vertical and boxes opposite dots (pairs sum to 9, [0074]); allowed: lateral dots vertical boxes, or lateral boxes vertical dots");
	memcpy(r->cycle, cyc, sizeof cyc);
	return TP_OK;
}

static int apply_colour(struct tp_print *p, const char *where, const struct key *k,
			const char *value, tp_err *e)
{
	struct tp_ink *ink = &p->inks[colour_inks[k->ink].ink];
	if (k->id == K_CMYK) {
		double v[4];
		char extra[2];
		if (sscanf(value, "%lf %lf %lf %lf %1s", &v[0], &v[1], &v[2], &v[3], extra) != 4)
			return bad(where, k, value, e, "expected four percentages C M Y K, e.g. 0 100 100 0");
		for (int i = 0; i < 4; i++) {
			if (!(v[i] >= 0 && v[i] <= 100))
				return bad(where, k, value, e, "each of C M Y K must be 0..100 (percent)");
			ink->cmyk[i] = v[i] / 100;
		}
		return TP_OK;
	}
	if (strlen(value) != 7 || value[0] != '#')
		return bad(where, k, value, e, "expected # and six hex digits (#rrggbb), e.g. #e30613");
	for (int i = 0; i < 3; i++) {
		int hi = hexval(value[1 + 2 * i]), lo = hexval(value[2 + 2 * i]);
		if (hi < 0 || lo < 0)
			return bad(where, k, value, e, "expected #rrggbb with hex digits 0-9 a-f");
		ink->rgb[i] = (hi * 16 + lo) / 255.0;
	}
	return TP_OK;
}

static int valid_ink_name(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n > 31)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_' && s[i] != '-')
			return 0;
	return 1;
}

static int apply(struct loader *L, const char *where, const char *section,
		 const char *name, const char *value, tp_err *e)
{
	struct tp_config *c = L->c;
	struct tp_rules *r = &c->rules;
	struct tp_print *p = &c->print;
	size_t si;
	for (si = 0; si < sizeof sections / sizeof sections[0]; si++)
		if (strcmp(section, sections[si]) == 0)
			break;
	if (si == sizeof sections / sizeof sections[0])
		return tp_fail(e, TP_EINPUT,
			       "%s: unknown section [%s]; allowed: [series], [board], [print], [emboss]",
			       where, section);
	struct key tmp;
	const struct key *k = find_key(section, name, &tmp);
	if (k == NULL)
		return unknown_key(where, section, name, e);
	long iv;
	double dv;
	switch (k->id) {
	case K_PAIRING:
		if (parse_int(value, &iv) != 0)
			return bad(where, k, value, e, "not a whole number; allowed: 2, 4, 5 or 7");
		if (iv == 1 || iv == 8)
			return bad(where, k, value, e,
				   "admits no spanning set: boxes would repeat lateral or vertical, so no 9-tile has nine distinct fronts around it; allowed: 2, 4, 5 or 7");
		if (iv != 2 && iv != 4 && iv != 5 && iv != 7)
			return bad(where, k, value, e,
				   "not allowed; boxes = pairing x lateral mod 9 must run through 1..9, so allowed: 2, 4, 5 or 7");
		r->pairing = (int)iv;
		return TP_OK;
	case K_CYCLE:
		return apply_cycle(r, where, k, value, e);
	case K_INDICIA:
		if (value[0] == '\0')
			return bad(where, k, value, e, "empty; give a template name such as spiral-cw, or a path");
		snprintf(c->indicia, sizeof c->indicia, "%s", value);
		snprintf(L->indicia_where.text, sizeof L->indicia_where.text, "%s", where);
		return TP_OK;
	case K_BOARD_CENTRE:
		if (parse_corner(value, &r->board_centre) != 0)
			return bad(where, k, value, e, "allowed: nw, ne, se or sw");
		snprintf(r->where_centre, sizeof r->where_centre, "%s", where);
		return TP_OK;
	case K_BACKS:
		if (parse_onoff(value, &r->backs) != 0)
			return bad(where, k, value, e, "allowed: on, or off (tutorial edition)");
		snprintf(L->backs_where.text, sizeof L->backs_where.text, "%s", where);
		return TP_OK;
	case K_ANCHOR:
		return apply_anchor(L, where, k, value, e);
	case K_ROWS:
	case K_COLS:
		if (parse_int(value, &iv) != 0)
			return bad(where, k, value, e, "not a whole number");
		if (iv < 1 || iv > MAX_BOARD)
			return bad(where, k, value, e, "out of range; allowed: 1..1200 squares");
		if (k->id == K_ROWS) {
			r->rows = (int)iv;
			snprintf(L->rows_where.text, sizeof L->rows_where.text, "%s", where);
		} else {
			r->cols = (int)iv;
			snprintf(L->cols_where.text, sizeof L->cols_where.text, "%s", where);
		}
		return TP_OK;
	case K_TILE:
		if (tp_parse_length(value, &dv) != 0)
			return bad(where, k, value, e, "not a length; write e.g. 20, 20mm, 2cm, 0.75in or 56pt");
		if (!(dv >= 5 && dv <= 1000))
			return bad(where, k, value, e, "out of range; allowed: 5 mm to 1000 mm");
		p->tile_mm = dv;
		return TP_OK;
	case K_BLEED:
		if (tp_parse_length(value, &dv) != 0)
			return bad(where, k, value, e, "not a length; write e.g. 3, 3mm or 0.125in");
		if (!(dv >= 0 && dv <= 25))
			return bad(where, k, value, e, "out of range; allowed: 0 mm to 25 mm");
		p->bleed_mm = dv;
		return TP_OK;
	case K_DPI:
		if (parse_num(value, &dv) != 0)
			return bad(where, k, value, e, "not a number; allowed: 72 to 4800");
		if (!(dv >= 72 && dv <= 4800))
			return bad(where, k, value, e, "out of range; allowed: 72 to 4800");
		p->dpi = dv;
		return TP_OK;
	case K_MARKS:
		if (parse_onoff(value, &p->marks) != 0)
			return bad(where, k, value, e, "allowed: on, off");
		return TP_OK;
	case K_CUT_INK:
	case K_ANCHOR_INK:
		if (!valid_ink_name(value))
			return bad(where, k, value, e,
				   "a spot colour name of 1..31 letters, digits, - or _, e.g. CutContour");
		snprintf(p->inks[k->id == K_CUT_INK ? TP_INK_CUT : TP_INK_ANCHOR].name,
			 sizeof p->inks[0].name, "%s", value);
		return TP_OK;
	case K_STYLE:
		if (strcmp(value, "colour") == 0 || strcmp(value, "color") == 0)
			p->style = TP_STYLE_COLOUR;
		else if (strcmp(value, "patent") == 0)
			p->style = TP_STYLE_PATENT;
		else
			return bad(where, k, value, e, "allowed: colour, patent");
		return TP_OK;
	case K_SPLIT:
		if (strcmp(value, "rows") == 0)
			p->split = TP_SPLIT_ROWS;
		else if (strcmp(value, "cols") == 0)
			p->split = TP_SPLIT_COLS;
		else
			return bad(where, k, value, e, "allowed: rows, cols");
		return TP_OK;
	case K_FORMATS: {
		unsigned f = 0;
		const char *s = value;
		while (*s) {
			while (*s == ',' || *s == ' ')
				s++;
			if (!*s)
				break;
			size_t len = strcspn(s, ", ");
			char nm[16];
			snprintf(nm, sizeof nm, "%.*s", (int)(len < 15 ? len : 15), s);
			const struct tp_backend *b = tp_backend_find(nm);
			if (b == NULL || len > 15) {
				char why[80];
				snprintf(why, sizeof why, "'%.20s' is not a format; allowed: a comma list of pdf, png, svg", nm);
				return bad(where, k, value, e, why);
			}
			f |= 1u << (b - tp_backends);
			s += len;
		}
		if (f == 0)
			return bad(where, k, value, e, "empty; allowed: a comma list of pdf, png, svg");
		p->formats = f;
		return TP_OK;
	}
	case K_JOB:
		for (const char *s = value; *s; s++)
			if ((unsigned char)*s < 32)
				return bad(where, k, value, e, "control characters are not allowed");
		if (strlen(value) >= sizeof p->job)
			return bad(where, k, value, e, "too long; at most 63 characters");
		snprintf(p->job, sizeof p->job, "%s", value);
		return TP_OK;
	case K_MAX_SHEET:
		if (tp_parse_length(value, &dv) != 0)
			return bad(where, k, value, e, "not a length; write e.g. 1000mm, 100cm or 40in");
		if (!(dv >= 100 && dv <= TP_PDF_MAX_MM))
			return bad(where, k, value, e,
				   "out of range; allowed: 100 mm up to 5080 mm (PDF's 14,400 pt page limit)");
		p->max_sheet_mm = dv;
		return TP_OK;
	case K_OVERLAP:
		if (tp_parse_length(value, &dv) != 0)
			return bad(where, k, value, e, "not a length; write e.g. 10mm or 0.5in");
		if (!(dv >= 0 && dv <= 100))
			return bad(where, k, value, e, "out of range; allowed: 0 mm to 100 mm");
		p->panel_overlap_mm = dv;
		return TP_OK;
	case K_CELL_MARK:
		if (strcmp(value, "fill") == 0)
			p->cell_mark = TP_MARK_FILL;
		else if (strcmp(value, "symbol") == 0)
			p->cell_mark = TP_MARK_SYMBOL;
		else
			return bad(where, k, value, e, "allowed: fill, symbol");
		return TP_OK;
	case K_CMYK:
	case K_RGB:
		return apply_colour(p, where, k, value, e);
	case K_E_PLATES:
		if (parse_onoff(value, &c->emboss.plates) != 0)
			return bad(where, k, value, e, "allowed: on, off");
		snprintf(c->emboss.where, sizeof c->emboss.where, "%s", where);
		return TP_OK;
	case K_E_SYMBOL: {
		int sym = tp_symbol_parse(value);
		if (sym < 0)
			return bad(where, k, value, e,
				   "allowed: circle, square, hexagon, octagon (symbols with no intrinsic orientation, [0079])");
		c->emboss.symbol[k->ink] = sym;
		return TP_OK;
	}
	case K_E_SIZE:
	case K_E_BACK:
	case K_E_CLEAR:
	case K_E_WALL:
	case K_E_STROKE:
	case K_E_MIN_SYMBOL:
	case K_E_MIN_SPACING: {
		if (tp_parse_length(value, &dv) != 0)
			return bad(where, k, value, e, "not a length; write e.g. 12, 12mm, 1.2cm or 0.5in");
		double lo = (k->id == K_E_CLEAR || k->id == K_E_WALL || k->id == K_E_MIN_SPACING ||
			     k->id == K_E_MIN_SYMBOL) ? 0 : 0.1;
		if (!(dv >= lo && dv <= 1000))
			return bad(where, k, value, e, lo > 0 ? "out of range; allowed: 0.1 mm to 1000 mm"
							      : "out of range; allowed: 0 mm to 1000 mm");
		double *dst[] = { &c->emboss.symbol_mm, &c->emboss.back_symbol_mm,
				  &c->emboss.recess_clearance_mm, &c->emboss.pocket_wall_mm,
				  &c->emboss.stroke_mm, &c->emboss.min_symbol_mm,
				  &c->emboss.min_spacing_mm };
		*dst[k->id - K_E_SIZE] = dv;
		snprintf(c->emboss.where, sizeof c->emboss.where, "%s", where);
		return TP_OK;
	}
	}
	return tp_fail(e, TP_EINPUT, "%s: %s.%s: unhandled key", where, section, name);
}

static int on_file_key(void *user, const char *section, const char *key,
		       const char *value, int line, tp_err *e)
{
	struct loader *L = user;
	struct where w;
	snprintf(w.text, sizeof w.text, "%s:%d", L->c->path, line);
	if (key == NULL) {
		for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++)
			if (strcmp(section, sections[i]) == 0)
				return TP_OK;
		return tp_fail(e, TP_EINPUT,
			       "%s: unknown section [%s]; allowed: [series], [board], [print], [emboss]",
			       w.text, section);
	}
	struct key tmp;
	const struct key *k = find_key(section, key, &tmp);
	if (k != NULL && k->id != K_ANCHOR && k >= plain_keys && k < plain_keys + N_PLAIN) {
		size_t i = (size_t)(k - plain_keys);
		if (L->line_of[i])
			return tp_fail(e, TP_EINPUT,
				       "%s: %s.%s is already set on line %d; give each key once (only series.anchor repeats)",
				       w.text, section, key, L->line_of[i]);
		L->line_of[i] = line;
	}
	return apply(L, w.text, section, key, value, e);
}

static int apply_set(struct loader *L, const char *set, tp_err *e)
{
	struct where w;
	snprintf(w.text, sizeof w.text, "--set %.180s", set);
	const char *eq = strchr(set, '=');
	const char *dot = strchr(set, '.');
	if (eq == NULL)
		return tp_fail(e, TP_EINPUT,
			       "%s: missing '='; write --set SECTION.KEY=VALUE, e.g. --set board.rows=36",
			       w.text);
	if (dot == NULL || dot > eq || dot == set)
		return tp_fail(e, TP_EINPUT,
			       "%s: missing SECTION.; write --set SECTION.KEY=VALUE with section series, board or print",
			       w.text);
	char section[32], key[64], value[256];
	size_t ls = (size_t)(dot - set), lk = (size_t)(eq - dot - 1);
	if (ls >= sizeof section || lk >= sizeof key || strlen(eq + 1) >= sizeof value)
		return tp_fail(e, TP_EINPUT, "%s: too long", w.text);
	memcpy(section, set, ls);
	section[ls] = '\0';
	memcpy(key, dot + 1, lk);
	key[lk] = '\0';
	/* Trim spaces around the value, as the INI reader does. */
	const char *v = eq + 1;
	while (*v == ' ')
		v++;
	snprintf(value, sizeof value, "%s", v);
	size_t n = strlen(value);
	while (n > 0 && value[n - 1] == ' ')
		value[--n] = '\0';
	L->in_set = 1;
	return apply(L, w.text, section, key, value, e);
}

int tp_config_load(struct tp_config *c, const char *path,
		   const char *const *sets, int n_sets, tp_err *e)
{
	tp_config_defaults(c);
	snprintf(c->path, sizeof c->path, "%s", path);
	struct loader L = { .c = c };
	snprintf(L.rows_where.text, sizeof L.rows_where.text, "%s", path);
	snprintf(L.cols_where.text, sizeof L.cols_where.text, "%s", path);
	snprintf(L.backs_where.text, sizeof L.backs_where.text, "%s", path);
	snprintf(L.indicia_where.text, sizeof L.indicia_where.text, "%s", path);
	snprintf(c->rules.source, sizeof c->rules.source, "%s", path);
	snprintf(c->rules.anchors_source, sizeof c->rules.anchors_source,
		 "%s (built-in default anchors)", path);
	snprintf(c->rules.where_centre, sizeof c->rules.where_centre, "%s", path);
	int rc = tp_ini_parse(path, on_file_key, &L, e);
	if (rc != TP_OK)
		return rc;
	for (int i = 0; i < n_sets; i++) {
		rc = apply_set(&L, sets[i], e);
		if (rc != TP_OK)
			return rc;
	}
	struct tp_rules *r = &c->rules;
	if (r->backs) {
		if (r->rows % 6)
			return tp_fail(e, TP_EINPUT,
				       "%s: board.rows = %d: not a multiple of 6; with backs on the board image magnifies each tile to 6x6 squares, so allowed: 6, 12, 18, ... (or series.backs = off)",
				       L.rows_where.text, r->rows);
		if (r->cols % 6)
			return tp_fail(e, TP_EINPUT,
				       "%s: board.cols = %d: not a multiple of 6; with backs on the board image magnifies each tile to 6x6 squares, so allowed: 6, 12, 18, ... (or series.backs = off)",
				       L.cols_where.text, r->cols);
	}
	/* No anchor lines in the file or --set: derive them for the board size
	 * (FIG. 22; the built-in four when none can be derived, so that the
	 * derivation names what is wrong). */
	if (!L.anchors_from_file && !L.anchors_from_set) {
		int n = tp_series_default_anchors(r, r->anchors, TP_MAX_ANCHORS);
		if (n > 0) {
			r->n_anchors = n;
			snprintf(r->anchors_source, sizeof r->anchors_source,
				 "%s (no anchor lines: anchors derived for the %dx%d board)",
				 path, r->rows, r->cols);
		}
	}
	if (c->print.split == TP_SPLIT_ROWS && r->rows % 2)
		return tp_fail(e, TP_EINPUT,
			       "%s: board.rows = %d: odd, so the board cannot be split across the rows into two equal halves (FIG. 21); use an even number or print.split = cols",
			       L.rows_where.text, r->rows);
	if (c->print.split == TP_SPLIT_COLS && r->cols % 2)
		return tp_fail(e, TP_EINPUT,
			       "%s: board.cols = %d: odd, so the board cannot be split across the cols into two equal halves (FIG. 21); use an even number or print.split = rows",
			       L.cols_where.text, r->cols);
	double room = c->print.max_sheet_mm - 2 * (c->print.bleed_mm + (c->print.marks ? 13.0 : 0));
	if (room < 2 * c->print.panel_overlap_mm + 10)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.max_sheet_mm = %g leaves %g mm for art after bleed%s; it must exceed twice print.panel_overlap_mm (%g) by 10 mm",
			       path, c->print.max_sheet_mm, room, c->print.marks ? " and marks" : "",
			       c->print.panel_overlap_mm);
	if (strcmp(c->indicia, "digits") == 0) {
		if (r->backs)
			return tp_fail(e, TP_EINPUT,
				       "%s: series.indicia = digits: numerals need series.backs = off; the board image and the backs are made of the template's cells, which digits do not have",
				       L.indicia_where.text);
		if (c->emboss.plates)
			return tp_fail(e, TP_EINPUT,
				       "%s: series.indicia = digits: emboss plates need cells; use a template or emboss.plates = off",
				       L.indicia_where.text);
		c->digits = 1;
		/* The core still names cells; digits draw over the spiral's. */
		snprintf(c->indicia, sizeof c->indicia, "spiral-cw");
	}
	if (c->emboss.plates) {
		const struct tp_emboss *em = &c->emboss;
		double cell = c->print.tile_mm / 6;
		if (em->symbol_mm + em->stroke_mm >= cell)
			return tp_fail(e, TP_EINPUT,
				       "%s: emboss.symbol_mm = %g: with its %g mm outline it does not fit a %.3g mm cell (tile_mm / 6); a symbol may not touch its cell edge",
				       em->where[0] ? em->where : path, em->symbol_mm, em->stroke_mm, cell);
		if (em->back_symbol_mm + 2 * em->recess_clearance_mm + em->stroke_mm >=
		    c->print.tile_mm - em->pocket_wall_mm)
			return tp_fail(e, TP_EINPUT,
				       "%s: emboss.back_symbol_mm = %g: with clearance and outline it does not fit inside a %g mm tile pocket; make it smaller",
				       em->where[0] ? em->where : path, em->back_symbol_mm,
				       c->print.tile_mm - em->pocket_wall_mm);
		if (!r->backs)
			return tp_fail(e, TP_EINPUT,
				       "%s: emboss.plates = on needs series.backs = on: the back and board-recess plates follow the board image",
				       em->where[0] ? em->where : path);
	}
	char tpath[768];
	rc = tp_template_resolve(c->indicia, tpath, sizeof tpath, e);
	if (rc == TP_OK && access(tpath, R_OK) != 0)
		return tp_fail(e, TP_EINPUT, "%s: series.indicia = %s: cannot read the template: %s",
			       L.indicia_where.text, c->indicia, strerror(errno));
	if (rc != TP_OK) {
		/* Prefix the location of the indicia key. */
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s: %s", L.indicia_where.text, e->msg);
		snprintf(e->msg, sizeof e->msg, "%s", msg);
		return rc;
	}
	rc = tp_template_load(tpath, &c->tpl, e);
	if (rc != TP_OK)
		return rc;
	r->tpl = &c->tpl;
	return TP_OK;
}
