/* The shape arena game's config keys, defaults and cross-checks. */

#include "games/arena/config/arena_config.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/datadir.h"
#include "core/inputs.h"
#include "core/regfile.h"
#include "games/arena/sheets/arena_sheets.h"

/* ---- arena.shapes: a template name or a path ------------------------------ */

static int parse_shapes(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
			char *why, size_t n)
{
	(void)k;
	struct tp_arena_cfg *a = x->game;
	if (value[0] == '\0') {
		snprintf(why, n, "empty; give a shapes name such as default (templates/shapes/default.ini), or a path");
		return -1;
	}
	if (strlen(value) >= sizeof a->shapes_name) {
		snprintf(why, n, "too long; at most %zu bytes", sizeof a->shapes_name - 1);
		return -1;
	}
	snprintf(a->shapes_name, sizeof a->shapes_name, "%s", value);
	return 0;
}

/* ---- arena.gate: the points, and a player count's own --------------------- */

/* One whole number of s (spaces round it allowed) in lo..hi into *v; 0,
 * or -1 with the reason in why. */
static int gate_number(const char *s, const char *what, long lo, long hi, long *v, char *why, size_t n)
{
	char *end;
	errno = 0;
	long x = strtol(s, &end, 10);
	while (*end == ' ' || *end == '\t')
		end++;
	if (end == s || *end != '\0' || errno != 0) {
		snprintf(why, n, "%s '%s' is no whole number; give the points, such as 75, then any player count's own, such as 75, 5:60, 6:50",
			 what, s);
		return -1;
	}
	if (x < lo || x > hi) {
		snprintf(why, n, "%s %ld is out of range; allowed: %ld..%ld", what, x, lo, hi);
		return -1;
	}
	*v = x;
	return 0;
}

/* "75" or "75, 5:60, 6:50": the gate, then COUNT:POINTS for a player
 * count with fewer pieces a hand (five or six players hold six), as
 * print.formats lists its values, separated by commas. */
static int parse_gate(const struct tp_key *k, const char *value, const struct tp_key_ctx *x,
		      char *why, size_t n)
{
	(void)k;
	struct tp_arena_cfg *a = x->game;
	char buf[256];
	if (strlen(value) >= sizeof buf) {
		snprintf(why, n, "too long; give the points, such as 75, then any player count's own, such as 75, 5:60, 6:50");
		return -1;
	}
	snprintf(buf, sizeof buf, "%s", value);
	long base = 0, per[7] = { 0 };
	int item = 0;
	for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save), item++) {
		while (*t == ' ' || *t == '\t')
			t++;
		char *colon = strchr(t, ':');
		long cnt, pts;
		if (colon == NULL) {
			if (item > 0) {
				snprintf(why, n, "'%s': only the first value is the gate of every player count; the others are COUNT:POINTS, such as 75, 5:60, 6:50", t);
				return -1;
			}
			if (gate_number(t, "the gate", 1, TP_ARENA_GATE_MAX, &base, why, n) != 0)
				return -1;
			continue;
		}
		if (item == 0) {
			snprintf(why, n, "'%s': begin with the gate of every player count, such as 75, 5:60, 6:50", t);
			return -1;
		}
		*colon = '\0';
		if (gate_number(t, "player count", 2, 6, &cnt, why, n) != 0 ||
		    gate_number(colon + 1, "the gate", 1, TP_ARENA_GATE_MAX, &pts, why, n) != 0)
			return -1;
		if (per[cnt] != 0) {
			snprintf(why, n, "%ld players given twice; give each player count's gate once", cnt);
			return -1;
		}
		per[cnt] = pts;
	}
	if (base == 0) {
		snprintf(why, n, "empty; give the points, such as 75, then any player count's own, such as 75, 5:60, 6:50");
		return -1;
	}
	a->rules.gate = (int)base;
	for (int p = 0; p < 7; p++)
		a->rules.gate_for[p] = (int)per[p];
	return 0;
}

static void format_gate(const struct tp_key *k, const void *core, const void *game, struct tp_buf *b)
{
	(void)k;
	(void)core;
	char t[96];
	tp_arena_gate_text(&((const struct tp_arena_cfg *)game)->rules, t, sizeof t);
	tp_buf_printf(b, "%s", t);
}

/* ---- the table -------------------------------------------------------------- */

static const struct tp_enum_name numbering_names[] = {
	{ "alternate", TP_NUMBERING_ALTERNATE }, { "groups", TP_NUMBERING_GROUPS },
	{ "all", TP_NUMBERING_ALL }, { NULL, 0 },
};

static const struct tp_enum_name marking_names[] = {
	{ "numbers", TP_MARKING_NUMBERS }, { "colours", TP_MARKING_COLOURS },
	{ "pictures", TP_MARKING_PICTURES }, { NULL, 0 },
};

/* arena.grid's values: each grid's name and enum value, from its line of
 * TP_ARENA_GRIDS, in the enum's order. */
#define GRID_NAME(id, table, name) { name, id },
static const struct tp_enum_name grid_names[] = { TP_ARENA_GRIDS(GRID_NAME) { NULL, 0 } };
#undef GRID_NAME

static const struct tp_enum_name die_names[] = {
	{ "off", TP_ARENA_DIE_OFF }, { "pips", TP_ARENA_DIE_PIPS }, { "shapes", TP_ARENA_DIE_SHAPES },
	{ NULL, 0 },
};

static const struct tp_enum_name variant_names[] = {
	{ "standard", TP_ARENA_VARIANT_STANDARD }, { "die", TP_ARENA_VARIANT_DIE }, { NULL, 0 },
};

static const struct tp_enum_name start_names[] = {
	{ "coin", TP_ARENA_START_COIN }, { "eye", TP_ARENA_START_EYE }, { NULL, 0 },
};

static const struct tp_enum_name teams_names[] = {
	{ "pairs", TP_ARENA_TEAMS_PAIRS }, { "individual", TP_ARENA_TEAMS_INDIVIDUAL }, { NULL, 0 },
};

static const struct tp_enum_name inner_names[] = {
	{ "diamond", TP_INNER_DIAMOND }, { "square", TP_INNER_SQUARE },
	{ "circle", TP_INNER_CIRCLE }, { NULL, 0 },
};

#define ARN(nm, type, field) "arena", nm, type, TP_HOME_GAME, 0, offsetof(struct tp_arena_cfg, field)
/* Whole numbers are range-checked by tp_arena_rules_check, which says why
 * (odd side, numbers from 1, ...); the key engine only keeps them ints,
 * and tells a value that is no whole number ("19.0") the real range. */
#define ARN_INT(nm, field, real, text) \
	{ ARN(nm, TP_KEY_INT, field), .lo = -1000000, .hi = 1000000, .range = real, .help = text }
#define ARN_LEN(nm, field, low, high, text) \
	{ ARN(nm, TP_KEY_LEN, field), .lo = low, .hi = high, .help = text }

/* The shapes file as configured (the build record). */
static void format_shapes(const struct tp_key *k, const void *core, const void *game,
			  struct tp_buf *b)
{
	(void)k;
	(void)core;
	const struct tp_arena_cfg *a = game;
	tp_buf_printf(b, "%s", a->shapes_name[0] ? a->shapes_name : a->shapes_path);
}

const struct tp_key tp_arena_keys[TP_ARENA_N_KEYS] = {
	{ ARN("grid", TP_KEY_ENUM, rules.grid), .names = grid_names,
	  .help = "the board's cells: square, hex (a hexagon of hexagonal cells, arena.side 4..50 an edge) or tri (a triangle of triangular cells, arena.side 7, 10, ... 97)" },
	ARN_INT("side", rules.side, "an odd number 7..99", "squares a side: odd, 7..99 (19 in the seed)"),
	ARN_INT("rows", rules.rows, "an odd number 7..99, or 0", "a rectangular board's rows: odd, 7..99; 0 = arena.side"),
	{ ARN("numbering", TP_KEY_ENUM, rules.numbering), .names = numbering_names,
	  .help = "which squares carry numbers: alternate (row + col even), groups or all" },
	ARN_INT("group_size", rules.group_size, "an odd number 1..15", "numbering = groups: numbered cells a side of each group"),
	ARN_INT("group_gap", rules.group_gap, "1..15", "numbering = groups: unnumbered cells between groups"),
	ARN_INT("cols", rules.cols, "an odd number 7..99, or 0", "a rectangular board's columns: odd, 7..99; 0 = arena.side"),
	{ ARN("seed", TP_KEY_SEED, rules.seed), .help = "numbering seed: another seed, another valid board" },
	{ ARN("inner", TP_KEY_ENUM, rules.inner), .names = inner_names,
	  .help = "inner arena shape: diamond (four outer corners) or circle; square is refused (it leaves one outer ring, not the seed's four parts)" },
	ARN_INT("inner_size", rules.inner_size, "0 (the default) or 1..side-1", "inner arena size in squares from the centre; 0 = the shape's default"),
	ARN_INT("inner_min", rules.inner_min, "1..999", "least number in the inner arena"),
	ARN_INT("inner_max", rules.inner_max, "1..999", "greatest number in the inner arena"),
	ARN_INT("outer_min", rules.outer_min, "1..999", "least number in the outer arena"),
	ARN_INT("outer_max", rules.outer_max, "1..999", "greatest number in the outer arena"),
	{ ARN("gate", TP_KEY_CUSTOM, rules.gate), .parse = parse_gate, .format = format_gate,
	  .help = "points a player needs before playing into the outer arena (75 in the seed), then any player count's own: 75, 5:60, 6:50" },
	ARN_INT("players", rules.players, "2..6", "2..6: whose colour each piece of the run is printed in"),
	{ ARN("shapes", TP_KEY_CUSTOM, shapes_name), .parse = parse_shapes, .format = format_shapes,
	  .help = "a shapes file name in templates/shapes/, or a path to one" },
	{ ARN("player_marks", TP_KEY_BOOL, player_marks),
	  .help = "on: each piece's face carries its player's pips (1 to 6), so colour is not the only cue" },
	ARN_LEN("square_mm", square_mm, 10, 200, "board square and piece cell"),
	ARN_LEN("piece_gutter_mm", piece_gutter_mm, 0, 100, "gap between neighbouring pieces on the sheets"),
	ARN_LEN("piece_bleed_mm", piece_bleed_mm, 0, 10, "piece colour beyond the die line"),
	ARN_LEN("piece_clearance_mm", piece_clearance_mm, 0, 5, "die line inside the cells' outline"),
	ARN_LEN("rib_pitch_mm", rib_pitch_mm, 1, 50, "ribs of the blocking face, centre to centre"),
	ARN_LEN("rib_width_mm", rib_width_mm, 0.1, 20, "width of a rib"),
	ARN_LEN("rib_margin_mm", rib_margin_mm, 0, 20, "ribs stop this far inside the die line"),
	{ ARN("die", TP_KEY_ENUM, die), .names = die_names,
	  .help = "the die game's die: off, pips (a cube net of 1..6 pips) or shapes (the six shapes' silhouettes): the die-net sheet" },
	ARN_LEN("die_mm", die_mm, 10, 60, "the die's edge"),
	{ ARN("marking", TP_KEY_ENUM, rules.marking), .names = marking_names,
	  .help = "what positions carry: numbers, colours (the collecting game) or pictures (a picture per colour)" },
	ARN_INT("colours", rules.colours, "2..8", "marking = colours or pictures: colour classes (inks colour1..colourN)"),
	ARN_INT("collect", rules.collect, "0 (automatic) or 1..99", "counters of each colour on a player's collecting chart; 0 = automatic"),
	ARN_LEN("counter_mm", counter_mm, 8, 40, "diameter of a collecting counter"),
	{ ARN("pictures", TP_KEY_TEXT, pictures_name), sizeof(((struct tp_arena_cfg *)0)->pictures_name),
	  .help = "marking = pictures: a pictures file (templates/pictures/NAME.ini, or a path); class c takes its c-th picture" },
	{ ARN("variant", TP_KEY_ENUM, rules.variant), .names = variant_names,
	  .help = "standard, or die: each turn the player throws the die and plays a piece of that many squares (the seed's game for young children)" },
	{ ARN("start", TP_KEY_ENUM, rules.start), .names = start_names,
	  .help = "who plays first: coin (a toss) or eye (one player hides the Eye in a hand, the next guesses; a right guess starts)" },
	{ ARN("teams", TP_KEY_ENUM, rules.teams), .names = teams_names,
	  .help = "four players: pairs (partners opposite; a block holds one turn) or individual (a block holds until the blocker's next turn); arena.players = 4 only" },
};

/* A pale warm inner arena against a pale cool outer one, so the two are
 * told apart at a glance and dark numbers read on both; six strong player
 * colours; ribs a grey that shows on every player colour.  Numbers and
 * ribs overprint the colour under them (a knock-out would leave paper
 * halos on any misregistration). */
const struct tp_ink tp_arena_inks[TP_ARENA_N_INKS] = {
	[TP_INK_INNER] = TP_PROCESS_INK("inner", 0, 6, 32, 0),
	[TP_INK_OUTER] = TP_PROCESS_INK("outer", 38, 0, 12, 0),
	[TP_INK_NUMBER] = TP_OVERPRINT_INK("numbers", 100, 80, 0, 35),
	[TP_INK_PLAYER1] = TP_PROCESS_INK("player1", 5, 70, 100, 10),
	[TP_INK_PLAYER2] = TP_PROCESS_INK("player2", 95, 50, 5, 0),
	[TP_INK_PLAYER3] = TP_PROCESS_INK("player3", 90, 0, 70, 10),
	[TP_INK_PLAYER4] = TP_PROCESS_INK("player4", 10, 5, 90, 0),
	[TP_INK_PLAYER5] = TP_PROCESS_INK("player5", 5, 60, 0, 10),
	[TP_INK_PLAYER6] = TP_PROCESS_INK("player6", 0, 35, 100, 10),
	[TP_INK_RIBS] = TP_OVERPRINT_INK("ribs", 0, 0, 0, 60),
	/* The collecting game's colours (arena.marking = colours, pictures):
	 * the players' Okabe and Ito hues (vermilion, blue, bluish green,
	 * yellow, reddish purple, orange), then sky blue and black; check
	 * warns of pairs closer than TP_ARENA_COLOUR_GAP for some viewer. */
	[TP_INK_COLOUR1] = TP_PROCESS_INK("colour1", 5, 70, 100, 10),
	[TP_INK_COLOUR2] = TP_PROCESS_INK("colour2", 95, 50, 5, 0),
	[TP_INK_COLOUR3] = TP_PROCESS_INK("colour3", 90, 0, 70, 10),
	[TP_INK_COLOUR4] = TP_PROCESS_INK("colour4", 10, 5, 90, 0),
	[TP_INK_COLOUR5] = TP_PROCESS_INK("colour5", 5, 60, 0, 10),
	[TP_INK_COLOUR6] = TP_PROCESS_INK("colour6", 0, 35, 100, 10),
	[TP_INK_COLOUR7] = TP_PROCESS_INK("colour7", 55, 5, 0, 0),
	[TP_INK_COLOUR8] = TP_PROCESS_INK("colour8", 0, 0, 0, 100),
};

/* ---- defaults ---------------------------------------------------------------- */

void tp_arena_defaults(struct tp_config *c)
{
	struct tp_arena_cfg *a = c->game_cfg;
	tp_arena_rules_default(&a->rules);
	snprintf(a->shapes_name, sizeof a->shapes_name, "default");
	a->square_mm = 25;
	a->piece_gutter_mm = 8;
	a->piece_bleed_mm = 3;
	a->piece_clearance_mm = 0.3;
	a->rib_pitch_mm = 4;
	a->rib_width_mm = 1.2;
	a->rib_margin_mm = a->rib_inset_mm = a->mark_inset_mm = 2;
	a->die = TP_ARENA_DIE_OFF;
	a->die_mm = 20;
	a->counter_mm = 16;
	snprintf(a->pictures_name, sizeof a->pictures_name, "fruit");
	c->board.rows = tp_arena_rows(&a->rules);
	c->board.cols = tp_arena_cols(&a->rules);
}

/* ---- cross-checks -------------------------------------------------------------- */

/* Puts "where: " in front of the message already in e. */
static int prefix(tp_err *e, const char *where)
{
	char msg[sizeof e->msg];
	snprintf(msg, sizeof msg, "%s: %s", where, e->msg);
	snprintf(e->msg, sizeof e->msg, "%s", msg);
	return e->code;
}

/* The line of a "file:line" location; a --set counts as later than any. */
static int line_of(const char *w)
{
	const char *colon = strrchr(w, ':');
	return strncmp(w, "--set", 5) == 0 ? 1000000 : colon ? atoi(colon + 1) : 0;
}

/* The rules' own checks name "arena.KEY = ..." or "arena: ..."; the
 * location is that key's, or for "arena: ..." (ranges that cannot be met)
 * the last range key given, named in the message. */
static int locate(const struct tp_config *c, tp_err *e)
{
	if (strncmp(e->msg, "arena.", 6) == 0) {
		char key[32];
		size_t len = strcspn(e->msg + 6, " =");
		snprintf(key, sizeof key, "%.*s", (int)(len < sizeof key ? len : sizeof key - 1),
			 e->msg + 6);
		/* "arena.X_min A > X_max B": at X_max's place when only that
		 * one came from --set (or only it was given at all). */
		size_t kl = strlen(key);
		if (kl > 4 && strcmp(key + kl - 4, "_min") == 0 && strstr(e->msg, " > ")) {
			char other[32];
			snprintf(other, sizeof other, "%.*s_max", (int)(kl - 4), key);
			int set_min = line_of(tp_config_where(c, "arena", key)) == 1000000;
			int set_max = line_of(tp_config_where(c, "arena", other)) == 1000000;
			if (tp_config_given(c, "arena", other) &&
			    (!tp_config_given(c, "arena", key) || (set_max && !set_min)))
				return prefix(e, tp_config_where(c, "arena", other));
		}
		return prefix(e, tp_config_where(c, "arena", key));
	}
	static const char *const keys[] = { "side", "inner", "inner_size", "inner_min",
					     "inner_max", "outer_min", "outer_max", "rows", "cols",
					     "group_size", "group_gap" };
	const struct tp_arena_rules *r = &tp_arena(c)->rules;
	const int val[] = { r->side, r->inner, r->inner_size, r->inner_min, r->inner_max,
			    r->outer_min, r->outer_max, r->rows, r->cols, r->group_size, r->group_gap };
	int last = 6, best = -1;   /* outer_max, when none was given */
	for (int i = 0; i < 11; i++)
		if (tp_config_given(c, "arena", keys[i])) {
			/* The last --set, else the file's last line, wins. */
			const char *w = tp_config_where(c, "arena", keys[i]);
			int line = line_of(w) + (strncmp(w, "--set", 5) == 0 ? i : 0);
			if (line >= best) {
				best = line;
				last = i;
			}
		}
	const char *rest = strncmp(e->msg, "arena: ", 7) == 0 ? e->msg + 7 : e->msg;
	char msg[sizeof e->msg];
	if (last == 1)
		snprintf(msg, sizeof msg, "%s: arena.inner = %s: %s", tp_config_where(c, "arena", keys[last]),
			 tp_arena_inner_names[r->inner], rest);
	else
		snprintf(msg, sizeof msg, "%s: arena.%s = %d: %s", tp_config_where(c, "arena", keys[last]),
			 keys[last], val[last], rest);
	snprintf(e->msg, sizeof e->msg, "%s", msg);
	return e->code;
}

static int check_board_keys(const struct tp_config *c, const struct tp_arena_cfg *a, tp_err *e)
{
	static const char *const names[2] = { "rows", "cols" };
	const int v[2] = { c->board.rows, c->board.cols };
	const int want[2] = { tp_arena_rows(&a->rules), tp_arena_cols(&a->rules) };
	for (int i = 0; i < 2; i++)
		if (tp_config_given(c, "board", names[i]) && v[i] != want[i])
			return tp_fail(e, TP_EINPUT,
				       "%s: board.%s = %d: the arena board's %s are arena.%s (or arena.side), now %d; set those, and board.%s only equal to it",
				       tp_config_where(c, "board", names[i]), names[i], v[i], names[i],
				       names[i], want[i], names[i]);
	return TP_OK;
}

/* Where the ribs stop: a factory's safe zone when it is wider than
 * rib_margin_mm, so that the ribs of a back keep it inside their piece's
 * cut as the faces' art does, where they still fit: the straight ribs
 * while a rib pitch is left across a square, the ring round a mark while
 * its disc keeps a radius its number can be read in (a triangle of 25 mm
 * under x4's 4 mm zone has no room for that: its rings keep rib_margin_mm
 * and the preflight reports them).  check_pieces() has checked the ribs
 * at rib_margin_mm, so a zone never refuses a config. */
static void rib_inset(const struct tp_config *c, struct tp_arena_cfg *a)
{
	double zone = fmax(a->rib_margin_mm, c->print.safe_mm);
	if (a->square_mm - 2 * (a->piece_clearance_mm + zone) >= a->rib_pitch_mm)
		a->rib_inset_mm = zone;
	a->mark_inset_mm = zone;
	if (tp_arena_grid_mark_radius(a) < TP_ARENA_MARK_RADIUS_MIN)
		a->mark_inset_mm = a->rib_margin_mm;
}

static int check_pieces(const struct tp_config *c, struct tp_arena_cfg *a, tp_err *e)
{
	if (a->piece_gutter_mm < 2 * a->piece_bleed_mm)
		return tp_fail(e, TP_EINPUT,
			       "%s: arena.piece_gutter_mm = %g: less than twice arena.piece_bleed_mm (%g), so neighbouring pieces' colours would run into each other",
			       tp_config_where(c, "arena", "piece_gutter_mm"), a->piece_gutter_mm,
			       a->piece_bleed_mm);
	if (a->piece_clearance_mm >= a->square_mm / 8)
		return tp_fail(e, TP_EINPUT,
			       "%s: arena.piece_clearance_mm = %g: a piece must still cover its squares; allowed: under square_mm / 8 (%g mm)",
			       tp_config_where(c, "arena", "piece_clearance_mm"), a->piece_clearance_mm,
			       a->square_mm / 8);
	if (a->rib_width_mm >= a->rib_pitch_mm)
		return tp_fail(e, TP_EINPUT,
			       "%s: arena.rib_width_mm = %g: not less than arena.rib_pitch_mm (%g), so the ribs would merge into one plate",
			       tp_config_where(c, "arena", "rib_width_mm"), a->rib_width_mm, a->rib_pitch_mm);
	a->rib_inset_mm = a->mark_inset_mm = a->rib_margin_mm;
	double room = a->square_mm - 2 * (a->piece_clearance_mm + a->rib_margin_mm);
	if (room < a->rib_pitch_mm)
		return tp_fail(e, TP_EINPUT,
			       "%s: arena.rib_margin_mm = %g: leaves %g mm of a %g mm square for ribs, less than one rib_pitch_mm (%g)",
			       tp_config_where(c, "arena", "rib_margin_mm"), a->rib_margin_mm, room,
			       a->square_mm, a->rib_pitch_mm);
	/* A marked piece's ribbed face: a ring rib round the mark inside the
	 * mark cell's rib margin, around a disc its number can be read in. */
	double r = tp_arena_grid_mark_radius(a);
	if (r < TP_ARENA_MARK_RADIUS_MIN) {
		/* The cell's inscribed circle holds the disc and the ring: half
		 * a square (or hex pitch), 1 / (2 sqrt 3) of a triangle's edge. */
		double ring = a->piece_clearance_mm + a->rib_margin_mm + 1.5 * a->rib_width_mm;
		double per = tp_arena_gridops_for(a->rules.grid)->inradius_div;
		double margin = floor(100 * (a->rib_margin_mm - (TP_ARENA_MARK_RADIUS_MIN - r))) / 100;
		char left[96], alt[64] = "";
		if (r > 0)
			snprintf(left, sizeof left, "leave a %.2g mm radius, below %g mm", r,
				 TP_ARENA_MARK_RADIUS_MIN);
		else
			snprintf(left, sizeof left, "leave no room for the disc, which needs a %g mm radius",
				 TP_ARENA_MARK_RADIUS_MIN);
		/* A smaller rib margin only when one (0 or more) would do. */
		if (margin >= 0)
			snprintf(alt, sizeof alt, ", or arena.rib_margin_mm at most %g", margin);
		return tp_fail(e, TP_EINPUT,
			       "%s: arena.square_mm = %g: a marked piece's number disc and the ring rib round it %s (numbers 1.5 mm tall); fits: arena.square_mm at least %g%s",
			       tp_config_where(c, "arena", "square_mm"), a->square_mm, left,
			       ceil(10 * per * (TP_ARENA_MARK_RADIUS_MIN + ring)) / 10, alt);
	}
	return TP_OK;
}

/* arena.shapes to a readable file (tp_data_template_resolve): a name is
 * templates/shapes/NAME.ini in the data folders, "default" the default
 * set of the board's grid; a path (with a / or ending .ini) is taken from
 * the config file's folder first, then as given; one given with --set
 * from the current folder, as every file key's. */
static int resolve_shapes(const struct tp_config *c, struct tp_arena_cfg *a, tp_err *e)
{
	const char *v = strcmp(a->shapes_name, "default") == 0
				? tp_arena_gridops_for(a->rules.grid)->shapes_default
				: a->shapes_name;
	/* the shipped sets a name may give: every grid's default */
	char shipped[160];
	size_t at = 0;
	for (int g = 0; g < TP_GRID_N; g++) {
		int k = snprintf(shipped + at, sizeof shipped - at, "%s%s", g ? ", " : "",
				 tp_arena_gridops_for(g)->shapes_default);
		at = k < 0 || (size_t)k >= sizeof shipped - at ? sizeof shipped - 1 : at + (size_t)k;
	}
	return tp_data_template_resolve("arena.shapes", v, "shapes", shipped,
					tp_config_path_base(c, "arena", "shapes"), a->shapes_path,
					sizeof a->shapes_path, e);
}

#define SHAPES_MAX_BYTES (64 * 1024)

/* Reads the shapes file whole and parses it. */
static int load_shapes(struct tp_arena_cfg *a, tp_err *e)
{
	tp_inputs_note(a->shapes_path);
	const char *why;
	FILE *f = tp_fopen_regular(a->shapes_path, &why);
	if (f == NULL)
		return tp_fail(e, TP_EINPUT, "arena.shapes = %s: cannot read %s: %s", a->shapes_name,
			       a->shapes_path, why);
	char *text = tp_malloc(SHAPES_MAX_BYTES + 1);
	if (text == NULL) {
		fclose(f);
		return tp_fail(e, TP_EIO, "out of memory reading %s", a->shapes_path);
	}
	size_t len = fread(text, 1, SHAPES_MAX_BYTES + 1, f);
	int bad = ferror(f);
	fclose(f);
	int rc;
	if (bad)
		rc = tp_fail(e, TP_EINPUT, "arena.shapes = %s: cannot read %s (a folder?)",
			     a->shapes_name, a->shapes_path);
	else if (len > SHAPES_MAX_BYTES)
		rc = tp_fail(e, TP_EINPUT, "arena.shapes = %s: %s is larger than %d kB; a shapes file lists six shapes",
			     a->shapes_name, a->shapes_path, SHAPES_MAX_BYTES / 1024);
	else
		rc = tp_arena_shapes_parse(text, len, a->shapes_path, &a->shapes, e);
	free(text);
	return rc;
}

/* arena.pictures with marking = pictures: the file, with a picture for
 * every colour class (the first arena.colours pictures, in file order). */
static int load_pictures(const struct tp_config *c, struct tp_arena_cfg *a, tp_err *e)
{
	char path[512];
	const char *where = tp_config_where(c, "arena", "pictures");
	int rc = tp_pictures_resolve("arena.pictures", a->pictures_name,
				     tp_config_path_base(c, "arena", "pictures"), path, sizeof path, e);
	if (rc == TP_OK)
		rc = tp_pictures_load(path, NULL, 0, &a->pictures, e);
	if (rc == TP_OK && a->pictures.n < a->rules.colours)
		rc = tp_fail(e, TP_EINPUT,
			     "arena.pictures = %s: %s holds %d pictures, and arena.colours = %d takes one per colour; use arena.colours = %d or a file with more",
			     a->pictures_name, path, a->pictures.n, a->rules.colours,
			     a->pictures.n >= TP_ARENA_COLOURS_MIN ? a->pictures.n : TP_ARENA_COLOURS_MIN);
	if (rc != TP_OK) {
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s", e->msg);
		e->code = TP_OK;   /* re-raised with where the key was set */
		return tp_fail(e, rc, "%s: %s", where, msg);
	}
	return TP_OK;
}

/* The die net (arena.die) is one closed die outline: a page that holds it
 * whole (print.max_sheet_mm or the press sheet, after bleed and marks,
 * laid across when that fits) or it would be cut open by a panel's seam,
 * which the preflight then refuses at the build. */
static int check_die_net(const struct tp_config *c, const struct tp_arena_cfg *a, tp_err *e)
{
	double rw, rh;
	tp_press_room(c, &rw, &rh);
	if (a->die == TP_ARENA_DIE_OFF || rw <= 0 || rh <= 0)
		return TP_OK;   /* (a press sheet leaving no room is refused by its own check) */
	double k = 4 + TP_ARENA_DIE_TAB, w = k * a->die_mm, h = 3 * a->die_mm, eps = 1e-9;
	if ((w <= rw + eps && h <= rh + eps) || (w <= rh + eps && h <= rw + eps))
		return TP_OK;
	/* The largest edge whose net fits either way, down to 0.1 mm. */
	double most = fmax(fmin(rw / k, rh / 3), fmin(rh / k, rw / 3));
	most = floor(most * 10 + 1e-6) / 10;
	char allowed[120];
	if (most >= 10)
		snprintf(allowed, sizeof allowed, "arena.die_mm at most %g, or ", most);
	else
		allowed[0] = '\0';
	return tp_fail(e, TP_EINPUT,
		       "%s: arena.die_mm = %g: the die net (%.1f x %.1f mm) is larger than a page holds whole (%.1f x %.1f mm after bleed and marks, from print.max_sheet_mm or the press sheet), and a panel's seam would cut its outline open; allowed: %sa larger print.max_sheet_mm or press sheet",
		       tp_config_where(c, "arena", "die_mm"), a->die_mm, w, h, rw, rh, allowed);
}

int tp_arena_finish(struct tp_config *c, tp_err *e)
{
	struct tp_arena_cfg *a = c->game_cfg;
	int rc = check_board_keys(c, a, e);
	if (rc != TP_OK)
		return rc;
	if (tp_arena_rules_check_keys(&a->rules, e) != TP_OK)
		return locate(c, e);
	/* The seed: "a generally square inner arena and four separate parts of
	 * an outer arena".  A square (on hex and tri: the board's own shape)
	 * inner arena leaves one ring round it, whatever its size. */
	if (a->rules.teams == TP_ARENA_TEAMS_INDIVIDUAL && a->rules.players != 4)
		return tp_fail(e, TP_EINPUT,
			       "%s: arena.teams = individual: the seed's choice between pairs and individual play is for four players (arena.players = 4, now %d); two play alone, three, five and six always individually",
			       tp_config_where(c, "arena", "teams"), a->rules.players);
	if (a->rules.inner == TP_INNER_SQUARE)
		return tp_fail(e, TP_EINPUT,
			       "%s: arena.inner = square: an inner arena of the board's own shape leaves one outer ring, not the seed's \"four separate parts of an outer arena\"; use diamond (the default: its corners reach the edges%s)",
			       tp_config_where(c, "arena", "inner"),
			       tp_arena_gridops_for(a->rules.grid)->text.inner_square_note);
	if ((rc = check_pieces(c, a, e)) != TP_OK)
		return rc;
	rib_inset(c, a);
	if (a->rules.marking == TP_MARKING_PICTURES && (rc = load_pictures(c, a, e)) != TP_OK)
		return rc;
	const char *where = tp_config_where(c, "arena", "shapes");
	rc = resolve_shapes(c, a, e);
	if (rc == TP_OK)
		rc = load_shapes(a, e);
	if (rc != TP_OK) {
		if (rc == TP_EINPUT && strncmp(e->msg, "arena.shapes", 12) != 0) {
			/* A parse error names the shapes file's own line. */
			char msg[sizeof e->msg];
			snprintf(msg, sizeof msg, "arena.shapes = %s: %s", a->shapes_name, e->msg);
			snprintf(e->msg, sizeof e->msg, "%s", msg);
		}
		return rc == TP_EINPUT ? prefix(e, where) : rc;
	}
	if (a->shapes.grid != a->rules.grid)
		return tp_fail(e, TP_EINPUT,
			       "%s: arena.shapes = %s: %s holds shapes of the %s grid, but arena.grid = %s; give a shapes file with grid = %s (arena.shapes = default has one for each grid)",
			       where, a->shapes_name, a->shapes_path, tp_arena_grid_name(a->shapes.grid),
			       tp_arena_grid_name(a->rules.grid), tp_arena_grid_name(a->rules.grid));
	/* A board too small for the pieces is refused first: numbering one
	 * may fail too, and that refusal's advice would not make it play. */
	if ((rc = tp_arena_fits(&a->rules, &a->shapes, e)) != TP_OK)
		return rc == TP_EINPUT ? locate(c, e) : rc;
	if (tp_arena_rules_check(&a->rules, e) != TP_OK)
		return locate(c, e);
	/* Ranges that the numbering cannot meet are refused here, not half
	 * way through a build: number the board once. */
	struct tp_arena_board *b = NULL;
	rc = tp_arena_board_derive(&a->rules, &b, e);
	if (rc == TP_EINPUT)
		return locate(c, e);
	if (rc != TP_OK)
		return rc;
	/* The rules as checks: a board that numbers well may still be a game
	 * nobody can play. */
	rc = tp_arena_playable(&a->rules, &a->shapes, b, e);
	tp_arena_board_free(b);
	if (rc == TP_EINPUT)
		return locate(c, e);
	if (rc != TP_OK)
		return rc;
	c->board.rows = tp_arena_rows(&a->rules);
	c->board.cols = tp_arena_cols(&a->rules);
	return check_die_net(c, a, e);
}

double tp_arena_tile_size(const struct tp_config *c)
{
	const struct tp_arena_cfg *a = c->game_cfg;
	return a->square_mm;
}
