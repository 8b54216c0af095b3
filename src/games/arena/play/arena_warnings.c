/* The shape arena's rules that play poorly: warnings with the figure, for
 * `check` and the build summary (the refusals are in arena_play.c). */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "games/arena/config/arena_config.h"
#include "games/arena/model/arena_hinge.h"
#include "games/arena/play/arena_sim.h"
#include "games/arena/sheets/arena_sheets.h"
#include "games/board_wrap.h"
#include "print/ink/cvd.h"

/* Greedy games per player count: enough to tell a gate most players reach
 * from one few do, and quick enough to run before every build. */
#define GATE_GAMES 12
#define GATE_SEED 1

/* A gate fewer than half the simulated (greedy) players reach, for each
 * player count whose pieces fit the board, with the gate half would
 * (tp_arena_gate_check: the figures of tp_arena_simulate and
 * tp_arena_gate_for_half, with no game played that cannot change them). */
static int gate_warnings(const struct tp_arena_cfg *a, const struct tp_arena_board *b,
			 char out[][200], int max)
{
	int n = 0;
	for (int players = 2; players <= 6 && n < max; players++) {
		if (tp_arena_piece_squares(&a->shapes, players) > b->rows * b->cols)
			continue;
		long reached, fix, hands = (long)GATE_GAMES * players;
		tp_err e = { 0 };
		struct tp_arena_way w = tp_arena_way_of(&a->rules);
		int gate = tp_arena_gate(&a->rules, players);
		if (tp_arena_gate_check(&a->shapes, b, players, gate, GATE_GAMES, GATE_SEED,
					&w, &reached, &fix, &e) != TP_OK || 2 * reached >= hands)
			continue;
		char text[96];
		tp_arena_gate_text(&a->rules, text, sizeof text);
		if (gate == a->rules.gate)
			snprintf(out[n++], 200,
				 "arena.gate = %s: %ld of %ld greedy %d-player hands reach it (%.0f %%, %d simulated games); arena.gate = %ld lets half of them",
				 text, reached, hands, players, 100.0 * reached / hands, GATE_GAMES, fix);
		else
			snprintf(out[n++], 200,
				 "arena.gate = %s: %ld of %ld greedy %d-player hands reach %d (%.0f %%, %d simulated games); %d:%ld lets half of them",
				 text, reached, hands, players, gate, 100.0 * reached / hands, GATE_GAMES, players, fix);
	}
	return n;
}

/* The least CIEDE2000 difference of two proof colours over normal vision
 * and the three simulated dichromacies; *worst the vision that gives it. */
double tp_arena_colour_gap(const double a[3], const double b[3], int *worst)
{
	double least = 1e9;
	for (int v = 0; v < TP_VISION_N; v++) {
		double d = tp_cvd_delta(v, a, b);
		if (d < least) {
			least = d;
			*worst = v;
		}
	}
	return least;
}

static void hex(const double rgb[3], char out[8])
{
	snprintf(out, 8, "#%02x%02x%02x", (int)lround(rgb[0] * 255), (int)lround(rgb[1] * 255),
		 (int)lround(rgb[2] * 255));
}

/* Player colours of the run (1..arena.players) closer than a CIEDE2000
 * difference of TP_ARENA_COLOUR_GAP for some viewer, unless the pieces
 * carry their players' marks (arena.player_marks). */
static int colour_warnings(const struct tp_config *c, char out[][200], int max)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	int n = 0;
	if (a->player_marks)
		return 0;
	for (int p = 1; p <= a->rules.players && n < max; p++)
		for (int q = p + 1; q <= a->rules.players && n < max; q++) {
			const struct tp_ink *ip = &c->print.inks.ink[tp_ink_index(&c->print.inks, TP_INK_PLAYER1 + p - 1)];
			const struct tp_ink *iq = &c->print.inks.ink[tp_ink_index(&c->print.inks, TP_INK_PLAYER1 + q - 1)];
			int worst = 0;
			double d = tp_arena_colour_gap(ip->rgb, iq->rgb, &worst);
			if (d >= TP_ARENA_COLOUR_GAP)
				continue;
			char hp[8], hq[8];
			hex(ip->rgb, hp);
			hex(iq->rgb, hq);
			snprintf(out[n++], 200,
				 "print.%s_cmyk and print.%s_cmyk: %s and %s differ by CIEDE2000 %.1f under %s (%d wanted); change one or set arena.player_marks = on",
				 ip->key, iq->key, hp, hq, d, tp_vision_names[worst], TP_ARENA_COLOUR_GAP);
		}
	return n;
}

/* An outer arena that holds little more of the board's points than the
 * inner one (the circle on 19: 544 points against 528): play there is
 * hardly worth the gate. */
static int share_warning(const struct tp_arena_cfg *a, const struct tp_arena_board *b, char *out)
{
	long total = b->inner_total + b->outer_total;
	if (total <= 0 || 100 * b->outer_total >= TP_ARENA_OUTER_SHARE * total)
		return 0;
	snprintf(out, 200,
		 "arena.inner = %s: the outer arena holds %.0f %% of the board's points (%ld of %ld; under %d %%); raise arena.outer_max or use arena.inner = diamond",
		 tp_arena_inner_names[a->rules.inner], 100.0 * b->outer_total / total, b->outer_total,
		 total, TP_ARENA_OUTER_SHARE);
	return 1;
}

/* The collecting game: a chart that fewer than half of GATE_GAMES games
 * between random players (children) fill is a warning. */
static int collect_warning(const struct tp_arena_cfg *a, const struct tp_arena_board *b, char *out)
{
	static const int random[TP_SIM_MAX_SEATS] = { 0 };
	struct tp_arena_collect_sim s;
	tp_err e = { 0 };
	int need = tp_arena_collect(&a->rules, &a->shapes, b);
	struct tp_arena_way w = tp_arena_way_of(&a->rules);
	if (tp_arena_collect_simulate(&a->shapes, b, a->rules.players, a->rules.colours, need,
				      GATE_GAMES, GATE_SEED, random, &w, &s, &e) != TP_OK ||
	    2 * s.completed >= GATE_GAMES)
		return 0;
	snprintf(out, 200,
		 "arena.collect = %d: random %d-player games fill a chart in %ld of %d simulated games; a smaller arena.collect ends more games",
		 need, a->rules.players, s.completed, GATE_GAMES);
	return 1;
}

/* Colour classes (arena.marking = colours) closer than a CIEDE2000
 * difference of TP_ARENA_COLOUR_GAP for some viewer: the colour is the
 * only cue there (pictures add a shape). */
static int class_warnings(const struct tp_config *c, char out[][200], int max)
{
	const struct tp_arena_rules *r = &tp_arena(c)->rules;
	int n = 0;
	if (r->marking != TP_MARKING_COLOURS)
		return 0;
	for (int p = 1; p <= r->colours && n < max; p++)
		for (int q = p + 1; q <= r->colours && n < max; q++) {
			const struct tp_ink *ip = &c->print.inks.ink[tp_ink_index(&c->print.inks, TP_INK_COLOUR1 + p - 1)];
			const struct tp_ink *iq = &c->print.inks.ink[tp_ink_index(&c->print.inks, TP_INK_COLOUR1 + q - 1)];
			int worst = 0;
			double d = tp_arena_colour_gap(ip->rgb, iq->rgb, &worst);
			if (d >= TP_ARENA_COLOUR_GAP)
				continue;
			snprintf(out[n++], 200,
				 "print.%s_cmyk and print.%s_cmyk: the colour classes differ by CIEDE2000 %.1f under %s (%d wanted); change one or use arena.marking = pictures",
				 ip->key, iq->key, d, tp_vision_names[worst], TP_ARENA_COLOUR_GAP);
		}
	return n;
}

/* ---- games that do not end: the seed's game ends when every piece is
 * played ("until they have played all their pieces"); on a board too
 * crowded, or behind a gate too few reach, the pieces of the stuck seats
 * never go down. */

/* Of GATE_GAMES greedy games of the run's player count on b behind gate,
 * how many play every piece; -1 when memory runs out. */
static long games_ending(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
			 const struct tp_arena_rules *r, int players, int gate, double *left)
{
	int greedy[TP_SIM_MAX_SEATS];
	for (int i = 0; i < TP_SIM_MAX_SEATS; i++)
		greedy[i] = TP_STRATEGY_GREEDY;
	struct tp_arena_sim s;
	tp_err e = { 0 };
	struct tp_arena_way w = tp_arena_way_of(r);
	if (tp_arena_simulate(sh, b, players, gate, GATE_GAMES, GATE_SEED, greedy, &w, &s, &e) != TP_OK)
		return -1;
	if (left)
		*left = s.pieces_left;
	return s.finished;
}

/* The largest gate below r->gate behind which half the games end, found
 * by halving between one that does and one that does not (and so itself
 * played and seen to do); 0 when not even a gate of 1 does. */
static int gate_that_ends(const struct tp_arena_cfg *a, const struct tp_arena_board *b)
{
	int lo = 1, hi = tp_arena_gate(&a->rules, a->rules.players);
	if (2 * games_ending(&a->shapes, b, &a->rules, a->rules.players, lo, NULL) < GATE_GAMES)
		return 0;
	while (hi - lo > 1) {
		int mid = lo + (hi - lo) / 2;
		if (2 * games_ending(&a->shapes, b, &a->rules, a->rules.players, mid, NULL) >= GATE_GAMES)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* The least larger side of a square, hex or triangular board (not a
 * rectangle: its rows and cols are set) that the config would accept and
 * on which half the games end, trying SIDE_TRIES sides; 0 when none. */
#define SIDE_TRIES 6
static int side_that_ends(const struct tp_arena_cfg *a)
{
	const struct tp_arena_rules *r = &a->rules;
	int step = tp_arena_gridops_for(r->grid)->side_step, max = tp_arena_gridops_for(r->grid)->side_max;
	if (r->rows != 0 || r->cols != 0)
		return 0;
	for (int k = 1; k <= SIDE_TRIES && r->side + k * step <= max; k++) {
		struct tp_arena_rules t = *r;
		t.side = r->side + k * step;
		struct tp_arena_board *b = NULL;
		tp_err e = { 0 };
		if (tp_arena_rules_check(&t, &e) != TP_OK || tp_arena_board_derive(&t, &b, &e) != TP_OK)
			continue;
		int ok = tp_arena_playable(&t, &a->shapes, b, &e) == TP_OK &&
			 2 * games_ending(&a->shapes, b, &t, t.players, tp_arena_gate(&t, t.players), NULL) >= GATE_GAMES;
		tp_arena_board_free(b);
		if (ok)
			return t.side;
	}
	return 0;
}

/* Fewer than half of the run's greedy games end: the warning names the
 * figure and a change that ends half (a lower gate, else a larger side). */
static int end_warning(const struct tp_arena_cfg *a, const struct tp_arena_board *b, char *out)
{
	double left = 0;
	int players = a->rules.players;
	int gate = tp_arena_gate(&a->rules, players);
	long done = games_ending(&a->shapes, b, &a->rules, players, gate, &left);
	if (done < 0 || 2 * done >= GATE_GAMES)
		return 0;
	char head[120];
	snprintf(head, sizeof head, "%ld of %d greedy %d-player games play every piece (%.1f left a game)",
		 done, GATE_GAMES, players, left);
	int g = gate_that_ends(a, b), side = g ? 0 : side_that_ends(a);
	/* The offered value is the whole key, the run's count's gate changed
	 * (without spaces, so that it pastes into --set as it reads). */
	char text[96], fix[160];
	tp_arena_gate_text(&a->rules, text, sizeof text);
	struct tp_arena_rules t = a->rules;
	tp_arena_gate_counts(&t, fix, sizeof fix);
	if (fix[0] == '\0')
		t.gate = g;
	else
		t.gate_for[players] = g;
	tp_arena_gate_text(&t, fix, sizeof fix);
	for (char *r = fix, *w = fix;; r++)
		if (*r != ' ' && (*w++ = *r) == '\0')
			break;
	if (g)
		snprintf(out, 200, "arena.gate = %s: %s; arena.gate = %s ends half of them", text, head, fix);
	else if (side)
		snprintf(out, 200, "arena.side = %d: %s; arena.side = %d ends half of them", a->rules.side,
			 head, side);
	else
		snprintf(out, 200, "arena.players = %d: %s; a larger board or fewer players ends more",
			 players, head);
	return 1;
}

/* A folding hex or triangular board: the cells its hinges run through
 * (arena_hinge.h), as the wrap places them.  Hexagons and triangles are
 * always wider than high here, so a bifold hinge is vertical. */
static int fold_warning(const struct tp_config *c, const struct tp_arena_board *b, char *out)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	int fold = c->print.fold;
	const struct tp_arena_gridops *g = tp_arena_gridops_for(a->rules.grid);
	if (g->rect || fold == TP_FOLD_NONE)
		return 0;
	const char *axis[2] = { "horizontal", "vertical" };
	char what[120] = "";
	double top, bottom;
	tp_arena_ledges(c, &top, &bottom);
	for (int across = 1; across >= 0; across--) {
		double edge;
		int crossed;
		if (across == 0 && fold != TP_FOLD_QUAD)
			continue;
		/* from the cells' middle to the board's as made: the ledges
		 * differ when a pack fills only the title or the credit line */
		tp_arena_hinge(b, a->square_mm, across, 0, across ? 0 : (bottom - top) / 2, &edge, &crossed);
		if (crossed > 0)
			snprintf(what + strlen(what), sizeof what - strlen(what),
				 what[0] ? ", the %s one %d" : "the %s hinge runs through %d cells", axis[across], crossed);
	}
	if (what[0] == '\0')
		return 0;
	snprintf(out, 200, "print.fold = %s: %s (no straight line %s board between its cells; these cross the fewest near its middle)",
		 fold == TP_FOLD_QUAD ? "quadfold" : "bifold", what, g->text.fold_line);
	return 1;
}

/* A folding board whose vertical hinge runs through a ledge's art
 * (board.title, board.credit, a corner): the wrap carries the art on over
 * the hinge, as printed boards do, but the fold's groove bends the art
 * there, so a designer wants to know where to keep letters out.  The
 * horizontal hinge lies among the squares or cells, clear of the ledges. */
static int hinge_art_warning(const struct tp_config *c, const struct tp_arena_board *b, char *out)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	const struct tp_arena_gridops *g = tp_arena_gridops_for(a->rules.grid);
	int fold = c->print.fold;
	double s = a->square_mm, W, H, x;
	if (fold == TP_FOLD_NONE)
		return 0;
	if (g->rect) {
		W = tp_arena_cols(&a->rules) * s;
		H = tp_arena_rows(&a->rules) * s;
		char why[160];
		if (tp_board_edge_grid(0, s, tp_arena_cols(&a->rules), W / 2, &x, why, sizeof why) != 0)
			return 0;
	} else {
		int crossed;
		g->cells_box(tp_arena_rows(&a->rules), s, &W, &H);
		tp_arena_hinge(b, s, 1, W, W / 2, &x, &crossed);
	}
	/* A bifold folds across the longer side; the ledges add height. */
	double top, bottom;
	tp_arena_ledges(c, &top, &bottom);
	if (fold == TP_FOLD_BI && W < H + top + bottom)
		return 0;
	double gap = TP_HINGE_GAP * c->print.greyboard_mm * (fold == TP_FOLD_QUAD ? 2 : 1);
	double lo = x - gap / 2, hi = x + gap / 2;
	char names[120] = "";
	for (int k = 0; k < 6; k++) {
		const char *name = tp_arena_art_names[12 + (k < 2 ? k : 2)];
		double bx[4];
		if (!tp_art_pack_find(c->art, name) || !tp_arena_ledge_box(c, k, bx) || bx[0] >= hi ||
		    bx[0] + bx[2] <= lo || strstr(names, name))
			continue;
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? " and " : "", name);
	}
	if (names[0] == '\0')
		return 0;
	snprintf(out, 200, "print.fold = %s: the vertical hinge, %.1f to %.1f mm from the board's left edge, runs through %s; the fold bends the art there: keep letters clear of it",
		 fold == TP_FOLD_QUAD ? "quadfold" : "bifold", lo, hi, names);
	return 1;
}

int tp_arena_warnings(const struct tp_config *c, char out[][200], int max)
{
	const struct tp_arena_cfg *a = tp_arena(c);
	struct tp_arena_board *b = NULL;
	tp_err e = { 0 };
	if (tp_arena_board_derive(&a->rules, &b, &e) != TP_OK)
		return 0;
	int n = 0;
	char why[160];
	if (max > 0 && tp_arena_quarters_alike(b, why, sizeof why))
		snprintf(out[n++], 200, "arena.seed = %llu: %s; another seed or wider number ranges may avoid it",
			 a->rules.seed, why);
	if (a->rules.marking != TP_MARKING_NUMBERS) {
		if (n < max)
			n += collect_warning(a, b, out[n]);
		n += class_warnings(c, out + n, max - n);
	} else {
		if (n < max)
			n += share_warning(a, b, out[n]);
		n += gate_warnings(a, b, out + n, max - n);
		if (n < max)
			n += end_warning(a, b, out[n]);
	}
	n += colour_warnings(c, out + n, max - n);
	if (n < max)
		n += fold_warning(c, b, out[n]);
	if (n < max)
		n += hinge_art_warning(c, b, out[n]);
	tp_arena_board_free(b);
	return n;
}
