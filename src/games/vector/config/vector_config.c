/* The vector tiles' config keys, inks, defaults and cross-checks. */

#include "games/vector/config/vector_config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "print/art/symbol.h"
#include "print/art/text_outline.h"

/* ---- parsers for the lists --------------------------------------------------- */

static int parse_directions(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			    char *why, size_t n)
{
	(void)k;
	struct tp_vector_cfg *v = x->game;
	int dirs[TP_N_DIRS], nd = 0;
	if (tp_vector_parse_dirs(value, dirs, &nd, why, n) != 0)
		return -1;
	memcpy(v->rules.dirs, dirs, sizeof dirs);
	v->rules.n_dirs = nd;
	return 0;
}

static int is_sep(char ch)
{
	return ch == ' ' || ch == '\t' || ch == ',';
}

/* "circle square ...": one symbol per player, each once. */
static int parse_symbols(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			 char *why, size_t n)
{
	(void)k;
	struct tp_vector_cfg *v = x->game;
	int sym[TP_VEC_MAX_PLAYERS], m = 0;
	const char *s = value;
	for (;;) {
		while (*s && is_sep(*s))
			s++;
		if (*s == '\0')
			break;
		size_t len = 0;
		while (s[len] && !is_sep(s[len]))
			len++;
		char name[16];
		int found = -1;
		if (len < sizeof name) {
			memcpy(name, s, len);
			name[len] = '\0';
			found = tp_symbol_parse(name);
		}
		if (found < 0) {
			snprintf(why, n, "unknown symbol '%.*s'; allowed: circle square hexagon octagon",
				 len > 16 ? 16 : (int)len, s);
			return -1;
		}
		for (int i = 0; i < m; i++)
			if (sym[i] == found) {
				snprintf(why, n, "'%s' is repeated; each player needs a different symbol (circle square hexagon octagon)",
					 tp_symbol_names[found]);
				return -1;
			}
		sym[m++] = found;   /* at most 4: a fifth name is unknown or repeated */
		s += len;
	}
	if (m == 0) {
		snprintf(why, n, "no symbols given; allowed: circle square hexagon octagon, one per player");
		return -1;
	}
	memcpy(v->symbols, sym, sizeof sym);
	v->n_symbols = m;
	return 0;
}

/* ---- the table ----------------------------------------------------------------- */

#define VEC(nm, type, field) "vector", nm, type, TP_HOME_GAME, 0, offsetof(struct tp_vector_cfg, field)

/* The values held, as config text (the build record). */
static void format_directions(const struct tp_key *k, const void *core, const void *game,
			      struct tp_buf *b)
{
	(void)k;
	(void)core;
	const struct tp_vector_cfg *v = game;
	for (int i = 0; i < v->rules.n_dirs; i++)
		tp_buf_printf(b, "%s%s", i ? " " : "", tp_compass_names[v->rules.dirs[i]]);
}

static void format_symbols(const struct tp_key *k, const void *core, const void *game,
			   struct tp_buf *b)
{
	(void)k;
	(void)core;
	const struct tp_vector_cfg *v = game;
	for (int i = 0; i < v->n_symbols; i++)
		tp_buf_printf(b, "%s%s", i ? " " : "", tp_symbol_names[v->symbols[i]]);
}

static const struct tp_enum_name blanks_names[] = {
	{ "centre", TP_BLANKS_CENTRE }, { "players", TP_BLANKS_PLAYERS }, { NULL, 0 },
};

static const struct tp_enum_name stuck_names[] = {
	{ "pass", TP_STUCK_PASS }, { "lose", TP_STUCK_LOSE }, { NULL, 0 },
};

_Static_assert(TP_N_DIRS == 8, "vector.per_tile's range text says 2..8");

const struct tp_key tp_vector_keys[TP_VECTOR_N_KEYS] = {
	{ VEC("directions", TP_KEY_CUSTOM, rules.dirs), .parse = parse_directions, .format = format_directions,
	  .help = "compass points a tile may show, from n ne e se s sw w nw" },
	/* 1 passes the key, to be refused by claim 1's check with a value
	 * that plays (vector_play.c); the range says what is allowed. */
	{ VEC("per_tile", TP_KEY_INT, rules.per_tile), .lo = 1, .hi = TP_N_DIRS,
	  .range = "2..8, at most the number of vector.directions (claim 1: two or more indicia a tile)",
	  .help = "vectors on each tile (at most the number of directions)" },
	{ VEC("blanks", TP_KEY_INT, rules.blanks), .lo = 0, .hi = (double)TP_VEC_MAX_SIDE * TP_VEC_MAX_SIDE,
	  .help = "blank tiles, placed in the centre at set-up" },
	{ VEC("players", TP_KEY_INT, rules.players), .lo = 1, .hi = TP_VEC_MAX_PLAYERS,
	  .help = "players: one start tile, home tile and piece each" },
	{ VEC("blanks_placed", TP_KEY_ENUM, rules.blanks_placed), .names = blanks_names,
	  .help = "the blank tiles: centre (set up in the centre, FIG. 2) or players (laid by the players anywhere, with the vector tiles: the seed's variation)" },
	{ VEC("stuck", TP_KEY_ENUM, rules.stuck), .names = stuck_names,
	  .help = "a player with no move: pass (default) or lose" },
	{ VEC("symbols", TP_KEY_CUSTOM, symbols), .parse = parse_symbols, .format = format_symbols,
	  .help = "player symbols in player order, from circle square hexagon octagon" },
	{ VEC("symbol_pct", TP_KEY_NUM, symbol_pct), .lo = 20, .hi = 90,
	  .help = "start/home symbol across, % of the tile" },
	{ VEC("piece_pct", TP_KEY_NUM, piece_pct), .lo = 50, .hi = 95,
	  .help = "playing piece across, % of the tile (the tile shows round it)" },
	{ VEC("clearance_mm", TP_KEY_LEN, clearance_mm), .lo = 0, .hi = 20,
	  .help = "play between the tiles and the ledge, each side of the board" },
	{ VEC("ledge_mm", TP_KEY_LEN, ledge_mm), .lo = 0, .hi = 100,
	  .help = "width of the ledge (frame) round the board; 0 = none" },
	{ VEC("edition", TP_KEY_TEXT, edition), .size = sizeof(((struct tp_vector_cfg *)0)->edition),
	  .help = "small mark on every tile back (the same on all); empty = none" },
};

/* The tiles: dark blue arrows on the white face, an orange marker, one
 * colour per player (red circle, blue square, green hexagon, purple
 * octagon); dark slate backs; a light wooden board with brown scored lines
 * and a darker ledge (the seed's board is wood with grooves, col. 3). */
const struct tp_ink tp_vector_inks[TP_VECTOR_N_INKS] = {
	[TP_VINK_FACE] = TP_PROCESS_INK("face", 0, 0, 0, 0),
	[TP_VINK_VECTORS] = TP_PROCESS_INK("vectors", 100, 80, 0, 30),
	[TP_VINK_MARKER] = TP_PROCESS_INK("marker", 0, 60, 100, 0),
	[TP_VINK_PLAYER1] = TP_PROCESS_INK("player1", 0, 100, 100, 0),
	[TP_VINK_PLAYER2] = TP_PROCESS_INK("player2", 100, 40, 0, 0),
	[TP_VINK_PLAYER3] = TP_PROCESS_INK("player3", 80, 0, 100, 0),
	[TP_VINK_PLAYER4] = TP_PROCESS_INK("player4", 60, 90, 0, 0),
	[TP_VINK_BACK] = TP_PROCESS_INK("back", 80, 40, 0, 60),
	[TP_VINK_EDITION] = TP_PROCESS_INK("edition", 20, 10, 0, 10),
	[TP_VINK_BOARD] = TP_PROCESS_INK("board", 0, 10, 30, 5),
	[TP_VINK_GRID] = TP_PROCESS_INK("grid", 0, 40, 70, 50),
	[TP_VINK_LEDGE] = TP_PROCESS_INK("ledge", 0, 50, 80, 60),
};

/* ---- defaults ------------------------------------------------------------------- */

void tp_vector_defaults(struct tp_config *c)
{
	struct tp_vector_cfg *v = c->game_cfg;
	tp_vector_rules_default(&v->rules);
	/* All four symbols listed: the first `players` are used, so a third
	 * or fourth player needs only vector.players. */
	v->n_symbols = TP_VEC_MAX_PLAYERS;
	for (int p = 0; p < TP_VEC_MAX_PLAYERS; p++)
		v->symbols[p] = p;   /* circle, square, hexagon, octagon (enum tp_symbol) */
	v->symbol_pct = 60;
	v->piece_pct = 80;
	v->clearance_mm = 1;
	v->ledge_mm = 10;
	snprintf(v->edition, sizeof v->edition, "VECTOR");
	c->board.rows = 8;
	c->board.cols = 8;
}

/* ---- cross-checks ---------------------------------------------------------------- */

/* The key to blame for a misfit of the counts equation: one given by
 * --set (the user's latest word), else one the file sets away from the
 * seed's value, else any the file sets; NULL when all are defaults. */
static int blame(const struct tp_config *c, const char **sec, const char **key)
{
	const struct tp_vector_rules *r = &tp_vector(c)->rules;
	struct tp_vector_rules d;
	tp_vector_rules_default(&d);
	static const char *const secs[] = { "vector", "vector", "vector", "vector", "board", "board" };
	static const char *const keys[] = { "per_tile", "directions", "blanks", "players", "rows", "cols" };
	int changed[6] = {
		r->per_tile != d.per_tile, r->n_dirs != d.n_dirs || memcmp(r->dirs, d.dirs, sizeof d.dirs) != 0,
		r->blanks != d.blanks, r->players != d.players, r->rows != d.rows, r->cols != d.cols,
	};
	for (int pass = 0; pass < 3; pass++)
		for (int i = 0; i < 6; i++) {
			if (!tp_config_given(c, secs[i], keys[i]))
				continue;
			int from_set = tp_config_from_set(c, secs[i], keys[i]);
			if ((pass == 0 && from_set) || (pass == 1 && changed[i]) || pass == 2) {
				*sec = secs[i];
				*key = keys[i];
				return i;
			}
		}
	return -1;
}

/* "n ne e" in the order of the directions key. */
static void dirs_text(const struct tp_vector_rules *r, char *out, size_t n)
{
	size_t at = 0;
	out[0] = '\0';
	for (int i = 0; i < r->n_dirs && at < n; i++) {
		int w = snprintf(out + at, n - at, "%s%s", i ? " " : "", tp_compass_names[r->dirs[i]]);
		if (w < 0)
			break;
		at += (size_t)w;
	}
}

static void value_text(const struct tp_config *c, int i, char *out, size_t n)
{
	const struct tp_vector_rules *r = &tp_vector(c)->rules;
	switch (i) {
	case 0: snprintf(out, n, "%d", r->per_tile); break;
	case 1: dirs_text(r, out, n); break;
	case 2: snprintf(out, n, "%d", r->blanks); break;
	case 3: snprintf(out, n, "%d", r->players); break;
	case 4: snprintf(out, n, "%d", c->board.rows); break;
	default: snprintf(out, n, "%d", c->board.cols); break;
	}
}

/* More vectors a tile than directions.  A single direction is claim 1's
 * refusal, named at the directions (per_tile 1 is refused too, so no
 * per_tile fits it).  Otherwise the key to change is the --set that made
 * the misfit, the directions when they were given that way and per_tile
 * not, else per_tile; per_tile's range starts at 2 (claim 1): the line
 * said "allowed: 1..1" for one direction and blamed the file's seed value
 * per_tile = 3 for a --set of the directions. */
static int per_tile_over_dirs(const struct tp_config *c, const char *dirs, tp_err *e)
{
	const struct tp_vector_rules *r = &tp_vector(c)->rules;
	const char *wd = tp_config_where(c, "vector", "directions");
	const char *wp = tp_config_where(c, "vector", "per_tile");
	if (r->n_dirs < 2)
		return tp_fail(e, TP_EINPUT,
			       "%s: vector.directions = %s: a tile shows two or more directional indicia (claim 1), so give two or more directions; use vector.directions = n ne e se s sw w nw",
			       wd, dirs);
	if (tp_config_from_set(c, "vector", "directions") && !tp_config_from_set(c, "vector", "per_tile"))
		return tp_fail(e, TP_EINPUT,
			       "%s: vector.directions = %s: %d directions, fewer than vector.per_tile = %d (%s); list %d or more, or set vector.per_tile = 2%s%.0d",
			       wd, dirs, r->n_dirs, r->per_tile, wp, r->per_tile, r->n_dirs > 2 ? ".." : "",
			       r->n_dirs > 2 ? r->n_dirs : 0);
	return tp_fail(e, TP_EINPUT,
		       "%s: vector.per_tile = %d: more than the %d directions of vector.directions (%s); allowed: 2..%d",
		       wp, r->per_tile, r->n_dirs, dirs, r->n_dirs);
}

int tp_vector_finish(struct tp_config *c, tp_err *e)
{
	struct tp_vector_cfg *v = c->game_cfg;
	struct tp_vector_rules *r = &v->rules;
	r->rows = c->board.rows;
	r->cols = c->board.cols;
	double t = c->print.tile_mm;
	if (t < TP_VEC_TILE_MIN_MM || t > TP_VEC_TILE_MAX_MM)
		return tp_fail(e, TP_EINPUT,
			       "%s: print.tile_mm = %g: the vector tiles need %g mm to %g mm (arrows, marker strip and symbols must stay legible; a tile is not a poster)",
			       tp_config_where(c, "print", "tile_mm"), t, TP_VEC_TILE_MIN_MM, TP_VEC_TILE_MAX_MM);
	if (tp_text_printable(tp_config_where(c, "vector", "edition"), "vector.edition", v->edition, e) != TP_OK)
		return e->code;
	char dirs[40];
	dirs_text(r, dirs, sizeof dirs);
	if (r->per_tile > r->n_dirs)
		return per_tile_over_dirs(c, dirs, e);
	if (r->players > v->n_symbols) {
		char list[64] = "";
		for (int i = 0; i < v->n_symbols; i++) {
			size_t at = strlen(list);
			snprintf(list + at, sizeof list - at, "%s%s", i ? " " : "", tp_symbol_names[v->symbols[i]]);
		}
		return tp_fail(e, TP_EINPUT,
			       "%s: vector.players = %d: only %d symbol%s in vector.symbols (%s); list one per player, from circle square hexagon octagon",
			       tp_config_where(c, "vector", "players"), r->players, v->n_symbols,
			       v->n_symbols == 1 ? "" : "s", list);
	}
	for (int p = 0; p < TP_VEC_MAX_PLAYERS; p++)
		r->symbol[p] = p < v->n_symbols ? v->symbols[p] : p;
	if (r->cols < r->players)
		return tp_fail(e, TP_EINPUT,
			       "%s: board.cols = %d: %d players need %d start tiles side by side on the bottom row; allowed: %d..%d",
			       tp_config_where(c, "board", "cols"), r->cols, r->players, r->players,
			       r->players, TP_VEC_MAX_SIDE);
	if (r->rows < 2)
		return tp_fail(e, TP_EINPUT,
			       "%s: board.rows = %d: a board of 1 row has no opposite end for the home tiles; allowed: 2..%d",
			       tp_config_where(c, "board", "rows"), r->rows, TP_VEC_MAX_SIDE);
	char why[400];
	int fit = tp_vector_fit_play(r, why, sizeof why);
	if (fit == -2)
		return tp_fail(e, TP_EIO, "%s", why);
	if (fit != 0) {
		const char *sec = NULL, *key = NULL;
		int i = blame(c, &sec, &key);
		if (i < 0)
			return tp_fail(e, TP_EINPUT, "%s: %s", c->path, why);
		char val[48];
		value_text(c, i, val, sizeof val);
		return tp_fail(e, TP_EINPUT, "%s: %s.%s = %s: %s", tp_config_where(c, sec, key), sec, key,
			       val, why);
	}
	/* The rules as checks: counts that fit may still print a game that
	 * cannot be played. */
	const char *key = NULL;
	int rc = tp_vector_playable(r, why, sizeof why, &key);
	if (rc == -2)
		return tp_fail(e, TP_EIO, "%s", why);
	if (rc != 0)
		return tp_fail(e, TP_EINPUT, "%s: %s", tp_config_where(c, "vector", key), why);
	return TP_OK;
}
