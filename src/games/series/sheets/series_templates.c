/* The templates proof: every installed indicia template side by side, so a
 * designer can compare sets: values 1..9 of the nw quadrant, and one whole
 * front drawn with the current rules. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "games/series/sheets/series_art.h"
#include "games/series/sheets/series_sheets.h"

int tp_series_templates(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	(void)p;
	static const int layers[] = {
		TP_INK_LATERAL, TP_INK_BOXES, TP_INK_VERTICAL, TP_INK_DOTS, TP_INK_TEXT, TP_INK_LINE,
	};
	const double m = 10, Q = 15, gap = 4, F = 40, fs = 3.2;
	const double row_h = F + 16;
	size_t n = tp_series(c)->n_installed;
	double W = 2 * m + 9 * (Q + gap) + 10 + F;
	double H = 2 * m + 8 + (n ? n : 1) * row_h;
	struct tp_scene *sc = tp_series_new_sheet(c, "templates", W, H, layers, 6);
	if (tp_doc_add(doc, sc, NULL) != 0)
		return -1;
	/* A borrowed copy of the config whose series part shows template t. */
	struct tp_config *alt = tp_malloc(sizeof *alt);
	struct tp_series_cfg *alt_s = tp_malloc(sizeof *alt_s);
	if (alt == NULL || alt_s == NULL) {
		free(alt);
		free(alt_s);
		return -1;
	}
	int rc = tp_scene_text(sc, TP_INK_TEXT, m, m + 3, fs, TP_ALIGN_LEFT,
			       "Indicia templates: values 1-9 in the nw quadrant (cell 0,0 at the tile corner), and front 5 whole");
	for (size_t i = 0; rc == 0 && i < n; i++) {
		const struct tp_template *t = &tp_series(c)->installed[i];
		memcpy(alt, c, sizeof *alt);
		memcpy(alt_s, tp_series(c), sizeof *alt_s);
		alt->game_cfg = alt_s;
		alt_s->digits = 0;
		alt_s->cells_only = 1;
		alt_s->tpl = *t;
		alt_s->rules.tpl = &alt_s->tpl;
		double y = m + 8 + i * row_h;
		char label[260];
		snprintf(label, sizeof label, "%s: %s", t->name, t->description);
		rc |= tp_scene_text(sc, TP_INK_TEXT, m, y + 4, fs, TP_ALIGN_LEFT, label);
		double qy = y + 8 + (F - Q) / 2;
		for (int v = 1; v <= 9; v++) {
			double qx = m + (v - 1) * (Q + gap), s = Q / 3;
			for (int k = 0; k < v; k++)
				rc |= tp_series_art_cell(sc, alt, TP_LATERAL, qx + t->cell[v][k][1] * s,
						  qy + t->cell[v][k][0] * s, s);
			for (int a = 0; a <= 3; a++) {
				struct tp_pt h[2] = { { TP_MOVE, qx, qy + a * s }, { TP_LINE, qx + Q, qy + a * s } };
				struct tp_pt vv[2] = { { TP_MOVE, qx + a * s, qy }, { TP_LINE, qx + a * s, qy + Q } };
				rc |= tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.15, h, 2);
				rc |= tp_scene_path(sc, TP_INK_LINE, TP_STROKE, 0.15, vv, 2);
			}
			char num[4];
			snprintf(num, sizeof num, "%d", v);
			rc |= tp_scene_text(sc, TP_INK_TEXT, qx + Q / 2, qy + Q + fs + 1, fs, TP_ALIGN_CENTER, num);
		}
		rc |= tp_series_art_front(sc, alt, 5, TP_NW, m + 9 * (Q + gap) + 10, y + 8, F);
	}
	free(alt);
	free(alt_s);
	return rc ? -1 : 0;
}
