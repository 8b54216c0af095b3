/* The shape arena's score pad: a sheet of columns per player, the gate
 * ticked on the turn it is reached, and notes on the deal and the marks. */

#include <stdio.h>
#include <string.h>

#include "games/arena/sheets/arena_sheets.h"

static struct tp_scene *new_sheet(const struct tp_config *c, const char *name, double w, double h,
				  const int *layers, size_t n)
{
	return tp_scene_new_layered(name, w, h, c->print.bleed_mm, &c->print.inks, layers, n);
}

static int seg(struct tp_scene *sc, int ink, double w, double x0, double y0, double x1, double y1)
{
	struct tp_pt p[2] = { { TP_MOVE, x0, y0 }, { TP_LINE, x1, y1 } };
	return tp_scene_path(sc, ink, TP_STROKE, w, p, 2);
}

#define PAD_W 297.0
#define PAD_H 210.0
#define PAD_TURNS 18   /* a two-player hand: the most pieces anyone plays */

/* A4 landscape: per player a colour band, a name box, and the columns
 * Score, Total and the gate (arena.gate, 75 in the seed; ticked on the
 * turn the total reaches it: from then on that player may play into the
 * outer arena); a row per turn and a final row. */
int tp_arena_build_pad(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	(void)model;
	static const int layers[] = { TP_INK_PLAYER1, TP_INK_PLAYER2, TP_INK_PLAYER3,
				      TP_INK_PLAYER4, TP_INK_PLAYER5, TP_INK_PLAYER6,
				      TP_INK_LINE, TP_INK_TEXT };
	struct tp_scene *sc = new_sheet(c, "score-pad", PAD_W, PAD_H, layers, 8);
	if (tp_doc_add(doc, sc, "score sheet, up to six players") != 0)
		return -1;
	const double mx = 12, top = 12, turn_w = 16, score_w = 14, total_w = 15, mark_w = 9;
	const double block = score_w + total_w + mark_w, row_h = 7.2, head_h = 16;
	double table_w = turn_w + 6 * block, x0 = mx + (PAD_W - 2 * mx - table_w) / 2;
	int rc = tp_scene_text(sc, TP_INK_TEXT, x0, top + 5, 6, TP_ALIGN_LEFT, "Shape arena: scores");
	int gate = tp_arena(c)->rules.gate;
	char rule[320], gate_txt[16], counts[160];
	/* Every player count's gate, where some differ: one pad serves any. */
	tp_arena_gate_counts(&tp_arena(c)->rules, counts, sizeof counts);
	if (counts[0] == '\0') {
		snprintf(rule, sizeof rule,
			 "Scores are kept openly. Play stays in the inner arena until a player's total reaches %d: tick %d on that turn. "
			 "A blocking move (ribbed face up) scores half, rounded down.", gate, gate);
		snprintf(gate_txt, sizeof gate_txt, "%d", gate);
	} else {
		snprintf(rule, sizeof rule,
			 "Scores are kept openly. Play stays in the inner arena until a player's total reaches %d%s: tick Gate on that turn.",
			 gate, counts);
		snprintf(gate_txt, sizeof gate_txt, "Gate");
	}
	/* The player counts' gates leave no room for the blocking rule on the
	 * line: it takes one of its own, above the table. */
	rc |= tp_scene_text(sc, TP_INK_TEXT, x0, top + (counts[0] ? 10 : 11), 3, TP_ALIGN_LEFT, rule);
	if (counts[0])
		rc |= tp_scene_text(sc, TP_INK_TEXT, x0, top + 14, 3, TP_ALIGN_LEFT,
				    "A blocking move (ribbed face up) scores half, rounded down.");
	double y0 = top + 16, lw = 0.3;
	int rows = PAD_TURNS + 1;
	double y_body = y0 + head_h, y_end = y_body + rows * row_h;
	rc |= tp_scene_text(sc, TP_INK_TEXT, x0 + turn_w / 2, y0 + head_h - 2.5, 3.2, TP_ALIGN_CENTER, "Turn");
	for (int p = 0; p < 6; p++) {
		double bx = x0 + turn_w + p * block;
		char name[32];
		snprintf(name, sizeof name, "Player %d", p + 1);
		rc |= tp_scene_rect(sc, TP_INK_PLAYER1 + p, TP_FILL, 0, bx, y0, block, 3);
		rc |= tp_scene_text(sc, TP_INK_TEXT, bx + 1.5, y0 + 7.5, 3, TP_ALIGN_LEFT, name);
		rc |= tp_scene_text(sc, TP_INK_TEXT, bx + score_w / 2, y0 + head_h - 2.5, 3.2, TP_ALIGN_CENTER, "Score");
		rc |= tp_scene_text(sc, TP_INK_TEXT, bx + score_w + total_w / 2, y0 + head_h - 2.5, 3.2,
				    TP_ALIGN_CENTER, "Total");
		rc |= tp_scene_text(sc, TP_INK_TEXT, bx + score_w + total_w + mark_w / 2, y0 + head_h - 2.5,
				    gate < 1000 && counts[0] == '\0' ? 3.2 : 2.2, TP_ALIGN_CENTER, gate_txt);
		rc |= seg(sc, TP_INK_LINE, lw * 2, bx, y0, bx, y_end);
		rc |= seg(sc, TP_INK_LINE, lw, bx + score_w, y0 + 10, bx + score_w, y_end);
		rc |= seg(sc, TP_INK_LINE, lw, bx + score_w + total_w, y0 + 10, bx + score_w + total_w, y_end);
		rc |= seg(sc, TP_INK_LINE, lw, bx, y0 + 10, bx + block, y0 + 10);
	}
	rc |= seg(sc, TP_INK_LINE, lw * 2, x0, y0, x0, y_end);
	rc |= seg(sc, TP_INK_LINE, lw * 2, x0 + table_w, y0, x0 + table_w, y_end);
	rc |= seg(sc, TP_INK_LINE, lw * 2, x0, y0, x0 + table_w, y0);
	for (int r = 0; r <= rows; r++) {
		double y = y_body + r * row_h;
		rc |= seg(sc, TP_INK_LINE, r == 0 || r == rows - 1 || r == rows ? lw * 2 : lw, x0, y,
			  x0 + table_w, y);
		if (r < rows) {
			char t[16];
			snprintf(t, sizeof t, r < PAD_TURNS ? "%d" : "Final", r + 1);
			rc |= tp_scene_text(sc, TP_INK_TEXT, x0 + turn_w / 2, y + row_h - 2.2, 3,
					    TP_ALIGN_CENTER, t);
		}
	}
	/* Which pieces each player takes, and when the marks count (with 3
	 * players the hands mix the printed colours, so the pad says so). */
	int i = 0;
	for (; tp_arena_pad_notes[i]; i++)
		rc |= tp_scene_text(sc, TP_INK_TEXT, x0, y_end + 6 + 4.5 * i, 3, TP_ALIGN_LEFT,
				    tp_arena_pad_notes[i]);
	/* The way to play, when not the standard one (arena.variant, .start,
	 * .teams), packed into at most two lines under the notes, so the
	 * standard pad keeps its place. */
	const struct tp_arena_rules *r = &tp_arena(c)->rules;
	const char *part[3];
	int np = 0;
	if (r->variant == TP_ARENA_VARIANT_DIE)
		part[np++] = "Die game: throw the die, play a piece of that many squares (none fits: pass).";
	if (r->start == TP_ARENA_START_EYE)
		part[np++] = "First player: guess the hand hiding the Eye; a right guess starts.";
	if (r->teams == TP_ARENA_TEAMS_INDIVIDUAL)
		part[np++] = "Four individually: a block holds until the blocker's next turn.";
	char line[2][240];
	int nl = 0;
	for (int j = 0; j < np; j++) {
		if (nl > 0 && strlen(line[nl - 1]) + 1 + strlen(part[j]) <= 150) {
			strcat(line[nl - 1], " ");
			strcat(line[nl - 1], part[j]);
		} else {
			snprintf(line[nl++], sizeof line[0], "%s", part[j]);
		}
	}
	for (int j = 0; j < nl; j++)
		rc |= tp_scene_text(sc, TP_INK_TEXT, x0, y_end + 6 + 4.5 * (i + j), 3, TP_ALIGN_LEFT, line[j]);
	return rc ? -1 : 0;
}
