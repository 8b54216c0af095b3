/* The keys a config reads: the core's ([game], [board], [print]), one
 * colour pair per ink, then the game's own (see config_load.h). */

#include "app/config_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/units.h"
#include "print/backend/backend.h"

/* ---- the core's keys ------------------------------------------------------- */

static int parse_game(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		      char *why, size_t n)
{
	(void)k;
	struct tp_config *c = x->core;
	if (tp_game_find(c->games, value) == NULL || strlen(value) >= sizeof c->game_name) {
		snprintf(why, n, "not a game; allowed: %s", tp_game_names(c->games));
		return -1;
	}
	/* The game was chosen before the keys were read (it decides which
	 * keys exist); a second, different name is a contradiction. */
	if (strcmp(value, c->game_name) != 0) {
		snprintf(why, n, "this config was read as game %s; give [game] name once", c->game_name);
		return -1;
	}
	return 0;
}

static int parse_formats(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			 char *why, size_t n)
{
	(void)k;
	struct tp_config *c = x->core;
	return tp_backend_parse_list(value, &c->print.formats, why, n);
}

static int parse_sheet(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		       char *why, size_t n)
{
	(void)k;
	struct tp_config *c = x->core;
	double w, h;
	if (tp_sheet_size_parse(value, &w, &h) != 0 || strlen(value) >= sizeof c->print.sheet_name) {
		snprintf(why, n, "not a press sheet; allowed: WxH with a unit (297x420, 12x18in, 32x45cm; bare = mm), each side %g to %g mm, or one of %s",
			 TP_SHEET_MIN_MM, TP_PDF_MAX_MM, tp_sheet_size_names());
		return -1;
	}
	if (w < TP_SHEET_MIN_MM || h < TP_SHEET_MIN_MM || w > TP_PDF_MAX_MM || h > TP_PDF_MAX_MM) {
		snprintf(why, n, "%.1f x %.1f mm: each side must be %g to %g mm", w, h,
			 TP_SHEET_MIN_MM, TP_PDF_MAX_MM);
		return -1;
	}
	snprintf(c->print.sheet_name, sizeof c->print.sheet_name, "%s", value);
	c->print.sheet_w_mm = w;
	c->print.sheet_h_mm = h;
	return 0;
}

static void format_sheet(const struct tp_key *k, const void *core, const void *game,
			 struct tp_buf *b)
{
	(void)k;
	(void)game;
	tp_buf_printf(b, "%s", ((const struct tp_config *)core)->print.sheet_name);
}

static const struct tp_enum_name layout_names[] = {
	{ "gang", TP_LAYOUT_GANG }, { "punchboard", TP_LAYOUT_PUNCHBOARD },
	{ "playtest", TP_LAYOUT_PLAYTEST }, { NULL, 0 },
};

static const struct tp_enum_name paper_names[] = {
	{ "a4", TP_PAPER_A4 }, { "letter", TP_PAPER_LETTER }, { NULL, 0 },
};

static const struct tp_enum_name duplex_names[] = {
	{ "long", TP_DUPLEX_LONG }, { "short", TP_DUPLEX_SHORT }, { "none", TP_DUPLEX_NONE },
	{ NULL, 0 },
};

/* "X,Y": two lengths in mm, each -20 to 20. */
static int parse_offset(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			char *why, size_t n)
{
	(void)k;
	struct tp_config *c = x->core;
	double v[2];
	char *end;
	const char *s = value;
	for (int i = 0; i < 2; i++) {
		v[i] = strtod(s, &end);
		while (end != s && (*end == ' ' || *end == '\t'))
			end++;
		if (end == s || v[i] != v[i] || v[i] < -20 || v[i] > 20 || *end != (i ? '\0' : ',')) {
			snprintf(why, n, "not an offset; allowed: X,Y in mm, each -20 to 20, as read from the calibration sheet (e.g. 0.5,-1)");
			return -1;
		}
		s = end + 1;
	}
	c->print.duplex_offset[0] = v[0];
	c->print.duplex_offset[1] = v[1];
	return 0;
}

static void format_offset(const struct tp_key *k, const void *core, const void *game,
			  struct tp_buf *b)
{
	(void)k;
	(void)game;
	const double *v = ((const struct tp_config *)core)->print.duplex_offset;
	tp_buf_printf(b, "%g,%g", v[0], v[1]);
}

static void format_game(const struct tp_key *k, const void *core, const void *game, struct tp_buf *b)
{
	(void)k;
	(void)game;
	tp_buf_printf(b, "%s", ((const struct tp_config *)core)->game_name);
}

static void format_formats(const struct tp_key *k, const void *core, const void *game,
			   struct tp_buf *b)
{
	(void)k;
	(void)game;
	unsigned f = ((const struct tp_config *)core)->print.formats;
	int first = 1;
	for (size_t i = 0; i < tp_n_backends; i++)
		if (f & (1u << i)) {
			tp_buf_printf(b, "%s%s", first ? "" : ",", tp_backends[i].name);
			first = 0;
		}
}

static const struct tp_enum_name die_lines_names[] = {
	{ "both", TP_DIE_BOTH }, { "art", TP_DIE_ART }, { "separate", TP_DIE_SEPARATE }, { NULL, 0 },
};

static const struct tp_enum_name board_make_names[] = {
	{ "flat", TP_BOARD_FLAT }, { "wrap", TP_BOARD_WRAP }, { NULL, 0 },
};

static const struct tp_enum_name fold_names[] = {
	{ "none", TP_FOLD_NONE }, { "bifold", TP_FOLD_BI }, { "quadfold", TP_FOLD_QUAD }, { NULL, 0 },
};

static const struct tp_enum_name pdfx_names[] = {
	{ "x1a", TP_PDFX_1A }, { "x4", TP_PDFX_4 }, { NULL, 0 },
};

static const struct tp_enum_name split_names[] = {
	{ "rows", TP_SPLIT_ROWS }, { "cols", TP_SPLIT_COLS }, { "none", TP_SPLIT_NONE }, { NULL, 0 },
};

#define CORE(sec, nm, type, field) sec, nm, type, TP_HOME_CORE, 0, offsetof(struct tp_config, field)

static const struct tp_key core_keys[] = {
	{ CORE("game", "name", TP_KEY_CUSTOM, game_name), .parse = parse_game, .format = format_game,
	  .help = "the game system: series, vector, arena, series-table or series-hex (default series)" },
	{ CORE("board", "rows", TP_KEY_INT, board.rows), .lo = 1, .hi = TP_MAX_BOARD,
	  .help = "board squares down" },
	{ CORE("board", "cols", TP_KEY_INT, board.cols), .lo = 1, .hi = TP_MAX_BOARD,
	  .help = "board squares across" },
	{ CORE("print", "tile_mm", TP_KEY_LEN, print.tile_mm), .lo = TP_TILE_MM_MIN, .hi = TP_TILE_MM_MAX,
	  .help = "tile and board square size" },
	{ CORE("print", "bleed_mm", TP_KEY_LEN, print.bleed_mm), .lo = 0, .hi = 25,
	  .help = "bleed round every sheet" },
	{ CORE("print", "dpi", TP_KEY_NUM, print.dpi), .lo = 72, .hi = 4800,
	  .help = "PNG resolution" },
	{ CORE("print", "proof_dpi", TP_KEY_NUM, print.proof_dpi), .lo = 36, .hi = 4800,
	  .help = "contact sheet (proof.png) resolution; at most print.dpi" },
	{ CORE("print", "marks", TP_KEY_BOOL, print.marks),
	  .help = "crop marks, registration targets and slug line" },
	{ CORE("print", "split", TP_KEY_ENUM, print.split), .names = split_names,
	  .help = "board halves: split across the rows, the cols, or none" },
	{ CORE("print", "formats", TP_KEY_CUSTOM, print.formats), .parse = parse_formats, .format = format_formats,
	  .help = "comma list of output formats" },
	{ CORE("print", "job", TP_KEY_TEXT, print.job), .size = sizeof(((struct tp_print *)0)->job),
	  .help = "job name for the slug and PDF title" },
	{ CORE("print", "title", TP_KEY_TEXT, print.title), .size = sizeof(((struct tp_print *)0)->title),
	  .help = "the game's name on the rules booklet and the box (default: the rules text's title)" },
	{ CORE("print", "max_sheet_mm", TP_KEY_LEN, print.max_sheet_mm), .lo = 100, .hi = TP_PDF_MAX_MM,
	  .help = "larger sheets are split into panels (PDF's limit: 5080 mm)" },
	{ CORE("print", "panel_overlap_mm", TP_KEY_LEN, print.panel_overlap_mm), .lo = 0, .hi = 100,
	  .help = "overlap between panels" },
	{ CORE("print", "max_files", TP_KEY_INT, print.max_files), .lo = 1, .hi = 100000000,
	  .help = "a build that would write more files is refused (raise it to allow one)" },
	{ CORE("print", "max_gpx", TP_KEY_NUM, print.max_gpx), .lo = 0.001, .hi = 100000,
	  .help = "a build that would draw more PNG gigapixels is refused (raise it to allow one)" },
	{ CORE("print", "max_squares", TP_KEY_INT, print.max_squares), .lo = 1,
	  .hi = TP_MAX_BOARD * TP_MAX_BOARD,
	  .help = "a build or check of a board of more squares (rows x cols) is refused at once (raise it to allow one)" },
	{ CORE("print", "max_mb", TP_KEY_NUM, print.max_mb), .lo = 0.001, .hi = 1e9,
	  .help = "a build whose files would take more megabytes is refused (the output profile counted in every PDF; raise it to allow one)" },
	{ CORE("sim", "max_work", TP_KEY_NUM, sim_max_work), .lo = 1, .hi = 1e15,
	  .help = "simulate refuses a run of more work: games x board squares (raise it to allow one)" },
	{ CORE("print", "layout", TP_KEY_ENUM, print.layout), .names = layout_names,
	  .help = "tile sheets as one gang of tiles edge to edge, punchboard: press sheets, a gutter round every tile, or playtest: one sRGB PDF for a home printer (playtest.pdf)" },
	{ CORE("print", "paper", TP_KEY_ENUM, print.paper), .names = paper_names,
	  .help = "playtest: the home printer's paper, a4 or letter" },
	{ CORE("print", "duplex", TP_KEY_ENUM, print.duplex), .names = duplex_names,
	  .help = "playtest: backs for duplex flipped on the long edge, the short edge, or none (backs on their own pages, to glue)" },
	{ CORE("print", "duplex_offset_mm", TP_KEY_CUSTOM, print.duplex_offset), .parse = parse_offset,
	  .format = format_offset,
	  .help = "playtest: X,Y mm every back is moved (right, down on the back page), as read from the calibration sheet" },
	{ CORE("print", "sheet_mm", TP_KEY_CUSTOM, print.sheet_name), .parse = parse_sheet,
	  .format = format_sheet,
	  .help = "punchboard press sheet: WxH with a unit (297x420, 12x18in) or a name (A3, SRA3, ...)" },
	{ CORE("print", "gutter_mm", TP_KEY_LEN, print.gutter_mm), .lo = 0, .hi = 100,
	  .help = "punchboard: space between tiles' trims, holding both bleeds (at least 2 x bleed_mm)" },
	{ CORE("print", "margin_mm", TP_KEY_LEN, print.margin_mm), .lo = 0, .hi = 200,
	  .help = "punchboard: clear edge of the press sheet, bleeds included" },
	{ CORE("print", "gripper_mm", TP_KEY_LEN, print.gripper_mm), .lo = 0, .hi = 200,
	  .help = "punchboard: clear leading (top) edge the press grips (the larger of it and the margin)" },
	{ CORE("print", "profile", TP_KEY_TEXT, print.profile), .size = 256,
	  .help = "factory profile: a name in config/profiles/ (generic-x1a, punchboard, x4) or a path; its [print] keys come before the config's" },
	{ CORE("print", "pdfx", TP_KEY_ENUM, print.pdfx), .names = pdfx_names,
	  .help = "PDF/X version of the press PDFs: x1a (PDF/X-1a:2003, PDF 1.4) or x4 (PDF/X-4, PDF 1.6)" },
	{ CORE("print", "safe_mm", TP_KEY_LEN, print.safe_mm), .lo = 0, .hi = 50,
	  .help = "preflight: game elements keep this far inside every cut, or the build warns (0: no check)" },
	{ CORE("print", "max_tac_pct", TP_KEY_NUM, print.max_tac_pct), .lo = 0, .hi = 400,
	  .help = "preflight: most total ink (C+M+Y+K %) anywhere, overprints included; an overprint past it knocks out (0: no check)" },
	{ CORE("print", "min_die_gap_mm", TP_KEY_LEN, print.min_die_gap_mm), .lo = 0, .hi = 100,
	  .help = "preflight: least space between two components' die lines (0: no check)" },
	{ CORE("print", "min_component_mm", TP_KEY_LEN, print.min_component_mm), .lo = 0, .hi = 1000,
	  .help = "preflight: smallest side of a die-cut component (0: no check)" },
	{ CORE("print", "min_line_mm", TP_KEY_LEN, print.min_line_mm), .lo = 0, .hi = 2,
	  .help = "preflight: thinnest stroke in a solid ink (tints: min_tint_line_mm), or the build warns (0: no check)" },
	{ CORE("print", "min_text_pt", TP_KEY_NUM, print.min_text_pt), .lo = 0, .hi = 72,
	  .help = "preflight of a PDF file: smallest text size in points it may show, or it warns (0: no check)" },
	{ CORE("print", "emboss_min_mm", TP_KEY_LEN, print.emboss_min_mm), .lo = 0, .hi = 5,
	  .help = "preflight: thinnest emboss element (stroke), or the build warns (0: no check)" },
	{ CORE("print", "emboss_gap_mm", TP_KEY_LEN, print.emboss_gap_mm), .lo = 0, .hi = 50,
	  .help = "preflight: least space between two emboss elements, edge to edge, or the build warns (0: no check)" },
	{ CORE("print", "image_ppi_min", TP_KEY_NUM, print.image_ppi_min), .lo = 0, .hi = 2400,
	  .help = "preflight: a picture printed at fewer pixels an inch is an error (image-ppi; 0: no check)" },
	{ CORE("print", "image_ppi_warn", TP_KEY_NUM, print.image_ppi_warn), .lo = 0, .hi = 2400,
	  .help = "preflight: a picture printed at fewer pixels an inch is a warning (image-ppi; 0: no check)" },
	{ CORE("print", "file_name", TP_KEY_TEXT, print.file_name), .size = 64,
	  .help = "output file names: a pattern of letters, digits, - _ . and {sheet} (required), {game}, {edition}" },
	{ CORE("print", "die_lines", TP_KEY_ENUM, print.die_lines), .names = die_lines_names,
	  .help = "die lines in the art files and the cut sheet (both), in the art files only (art: no cut sheet), or in the cut sheet only (separate)" },
	{ CORE("print", "nicks_per_side", TP_KEY_INT, print.nicks_per_side), .lo = 0, .hi = 64,
	  .help = "nicks (uncut bridges) on each side of every closed die line, holding a punchboard part in its board; a round one gets 4 x N (0: none)" },
	{ CORE("print", "nick_mm", TP_KEY_LEN, print.nick_mm), .lo = 0.05, .hi = 5,
	  .help = "width of a nick: the gap in the die line" },
	{ CORE("print", "nick_corner_mm", TP_KEY_LEN, print.nick_corner_mm), .lo = 0, .hi = 100,
	  .help = "nicks keep this far from every corner of the die line (a side too short gets none)" },
	{ CORE("print", "min_tint_line_mm", TP_KEY_LEN, print.inks.min_tint_line_mm), .lo = 0, .hi = 2,
	  .help = "thinnest stroke in a tint (an ink printing no plate solid): thinner ones are drawn at this weight" },
	{ CORE("print", "output_condition", TP_KEY_TEXT, print.output_condition), .size = 64,
	  .help = "PDF/X output intent: registered printing condition (default FOGRA39)" },
	{ CORE("print", "output_info", TP_KEY_TEXT, print.output_info), .size = 128,
	  .help = "PDF/X output intent: the condition in words" },
	{ CORE("print", "output_registry", TP_KEY_TEXT, print.output_registry), .size = 128,
	  .help = "PDF/X output intent: where the condition is registered" },
	{ CORE("print", "output_profile", TP_KEY_TEXT, print.output_profile), .size = 512,
	  .help = "CMYK output ICC profile to embed in the PDFs (default: none, name the condition)" },
	{ CORE("print", "proof_profile", TP_KEY_TEXT, print.proof_profile), .size = 512,
	  .help = "CMYK ICC profile the PNG/SVG proof colours come through (default: the system's)" },
	{ CORE("print", "rules", TP_KEY_BOOL, print.rules),
	  .help = "the rules booklet (sheets rules, rules-pages and manifest/rules.md): on or off" },
	{ CORE("print", "rules_lang", TP_KEY_TEXT, print.rules_lang), .size = 16,
	  .help = "language of the rules text: templates/rules/GAME.LANG.ini (en ships)" },
	{ CORE("print", "box", TP_KEY_BOOL, print.box),
	  .help = "the two-piece set-up box (sheet box, manifest/box.txt): on or off" },
	{ CORE("print", "box_board_mm", TP_KEY_LEN, print.box_board_mm), .lo = 0.5, .hi = 5,
	  .help = "box: greyboard thickness of the lid and base trays" },
	{ CORE("print", "box_wrap_mm", TP_KEY_LEN, print.box_wrap_mm), .lo = 5, .hi = 40,
	  .help = "box: the wrap's turn-in glued inside the tray (factories: 15-20 mm)" },
	{ CORE("print", "box_clearance_mm", TP_KEY_LEN, print.box_clearance_mm), .lo = 0, .hi = 30,
	  .help = "box: play between the contents and the base's inside, each side and on top" },
	{ CORE("print", "part_mm", TP_KEY_LEN, print.part_mm), .lo = 0.2, .hi = 10,
	  .help = "thickness of the die-cut board parts (tiles, pieces, boards) the box stacks" },
	{ CORE("print", "board", TP_KEY_ENUM, print.board_make), .names = board_make_names,
	  .help = "the board as printed and die-cut (flat), or as factories make it (wrap: sheet board-wrap, a face wrap round greyboard and a back liner)" },
	{ CORE("print", "fold", TP_KEY_ENUM, print.fold), .names = fold_names,
	  .help = "a wrapped board's greyboard whole (none), or in 2 (bifold) or 4 (quadfold) panels hinged on square edges (hex and tri boards: on the lines crossing the fewest cells)" },
	{ CORE("print", "wrap_mm", TP_KEY_LEN, print.wrap_mm), .lo = 5, .hi = 40,
	  .help = "board wrap: the turn-in glued on the board's back, past its edge (factories: 15-20 mm)" },
	{ CORE("print", "greyboard_mm", TP_KEY_LEN, print.greyboard_mm), .lo = 0.5, .hi = 5,
	  .help = "board wrap: greyboard thickness (the wrap goes round its edge; hinge gaps follow it)" },
	{ CORE("print", "liner_inset_mm", TP_KEY_LEN, print.liner_inset_mm), .lo = 0, .hi = 20,
	  .help = "board wrap: the back liner is this much smaller than the board on each side" },
	{ CORE("print", "liner_ink", TP_KEY_TEXT, print.liner_ink), .size = 24,
	  .help = "board wrap: the back liner printed solid in this process ink of the game (tilepress --list inks: e.g. the vector's back); empty: plain" },
	{ "print", "art", TP_KEY_TEXT, TP_HOME_CORE, TP_KEY_RECORD_SET,
	  offsetof(struct tp_config, print.art), .size = 512,
	  .help = "art pack: a folder holding art.ini (drawings for the game's places: tilepress --list art), or a name in templates/art/" },
	{ "print", "font", TP_KEY_TEXT, TP_HOME_CORE, TP_KEY_RECORD_SET,
	  offsetof(struct tp_config, print.font), .size = 512,
	  .help = "font file (.ttf or .otf) every label, the rules booklet and the box are drawn in (default: DejaVu Sans); outlined in the files" },
	/* The two named shared spot inks; offsets filled in per game. */
	{ CORE("print", "cut_ink", TP_KEY_NAME, print.inks), .size = 40, .ink = TP_INK_CUT,
	  .help = "spot colour name of the die lines" },
	{ CORE("print", "anchor_ink", TP_KEY_NAME, print.inks), .size = 40, .ink = TP_INK_ASSEMBLY,
	  .help = "spot colour name of assembly marks (the anchor outlines)" },
};
#define N_CORE_KEYS (sizeof core_keys / sizeof core_keys[0])

/* ---- the key table of one game ---------------------------------------------- */

int tp_config_keys(const struct tp_game *g, struct tp_key **keys, size_t *n, tp_err *e)
{
	size_t n_inks = g->n_inks + TP_N_SHARED_INKS;
	size_t total = N_CORE_KEYS + 2 * n_inks + g->n_keys;
	struct tp_key *k = tp_calloc(total, sizeof *k);
	if (k == NULL)
		return tp_fail(e, TP_EIO, "out of memory listing the keys");
	size_t i = 0;
	struct tp_palette pal;
	tp_config_shared_inks(&pal, g->inks, g->n_inks);
	for (size_t j = 0; j < N_CORE_KEYS; j++) {
		if (core_keys[j].name && tp_game_unused(g, core_keys[j].section, core_keys[j].name))
			continue;   /* a shared key this game does not read */
		k[i] = core_keys[j];
		if (k[i].ink)
			k[i].off += (size_t)tp_ink_index(&pal, k[i].ink) * sizeof(struct tp_ink) +
				    offsetof(struct tp_ink, name);
		i++;
	}
	/* The game's [print] keys next to the core's, the rest after the
	 * colours: the listing reads section by section. */
	for (size_t j = 0; j < g->n_keys; j++)
		if (strcmp(g->keys[j].section, "print") == 0)
			k[i++] = g->keys[j];
	static const char *const colour_help[2] = { "CMYK percentages of the ink",
						    "proof colour of the ink (PNG, SVG)" };
	for (size_t j = 0; j < pal.n; j++)
		for (int rgb = 0; rgb < 2; rgb++) {
			k[i] = (struct tp_key){
				.section = "print", .name = NULL,
				.type = rgb ? TP_KEY_RGB : TP_KEY_CMYK, .home = TP_HOME_CORE,
				.off = offsetof(struct tp_config, print.inks) + j * sizeof(struct tp_ink) +
				       (rgb ? offsetof(struct tp_ink, rgb) : offsetof(struct tp_ink, cmyk)),
				.help = colour_help[rgb], .ink = tp_ink_id(&pal, j),
			};
			i++;
		}
	for (size_t j = 0; j < g->n_keys; j++)
		if (strcmp(g->keys[j].section, "print") != 0)
			k[i++] = g->keys[j];
	*keys = k;
	*n = i;
	return TP_OK;
}

void tp_config_key_text(const struct tp_config *c, size_t i, char *name, size_t n, struct tp_buf *v)
{
	const struct tp_key *k = &c->keys[i];
	char key[64];
	tp_config_key_name(&c->print.inks, k, key, sizeof key);
	snprintf(name, n, "%s.%s", k->section, key);
	v->len = 0;
	if (v->s)
		v->s[0] = '\0';
	tp_key_format(k, c, c->game_cfg, v);
}
