/* The built-in defaults: the patent's preferred embodiment, the same values
 * as config/series.ini. */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "colour.h"
#include "symbol.h"

/* The proof rgb starts as the profile-free conversion; tp_colour_proofs()
 * replaces it with the profile's when the config is loaded. */
static void set_ink(struct tp_ink *k, const char *name, int kind, int overprint,
		    double c, double m, double y, double kk)
{
	snprintf(k->name, sizeof k->name, "%s", name);
	k->kind = kind;
	k->overprint = overprint;
	k->cmyk[0] = c / 100;
	k->cmyk[1] = m / 100;
	k->cmyk[2] = y / 100;
	k->cmyk[3] = kk / 100;
	if (kind == TP_INK_REGISTRATION)
		k->rgb[0] = k->rgb[1] = k->rgb[2] = 0;
	else
		tp_colour_naive(k->cmyk, k->rgb);
}

void tp_config_defaults(struct tp_config *c)
{
	memset(c, 0, sizeof *c);
	struct tp_rules *r = &c->rules;
	r->pairing = 2;
	r->cycle[0] = TP_LATERAL;
	r->cycle[1] = TP_DOTS;
	r->cycle[2] = TP_VERTICAL;
	r->cycle[3] = TP_BOXES;
	r->board_centre = TP_NW;
	r->backs = 1;
	r->rows = 18;
	r->cols = 18;
	static const struct { int r, c, f, k; } anchors[] = {
		{ 5, 5, 2, TP_SE }, { 5, 14, 7, TP_NW }, { 14, 5, 7, TP_NW }, { 14, 14, 2, TP_SE },
	};
	for (int i = 0; i < 4; i++) {
		struct tp_anchor *a = &r->anchors[i];
		a->row = anchors[i].r - 1;
		a->col = anchors[i].c - 1;
		a->front = anchors[i].f;
		a->corner = anchors[i].k;
		snprintf(a->where, sizeof a->where, "built-in default anchor %d", i + 1);
	}
	r->n_anchors = 4;
	snprintf(r->where_centre, sizeof r->where_centre, "built-in default");
	snprintf(c->indicia, sizeof c->indicia, "spiral-cw");

	struct tp_print *p = &c->print;
	p->tile_mm = 20;
	p->bleed_mm = 3;
	p->dpi = 300;
	p->marks = 1;
	p->style = TP_STYLE_COLOUR;
	p->split = TP_SPLIT_ROWS;
	p->formats = 7;
	p->max_sheet_mm = TP_PDF_MAX_MM;
	p->panel_overlap_mm = 10;
	c->level = 1;
	p->cell_mark = TP_MARK_FILL;
	/* [0079]: circle, square, hexagon and octagon.  The tactile minimums are
	 * APH's Guidelines for Design of Tactile Graphics (1997): shapes with
	 * sides under 1/2 in may not be recognised, symbols closer than 1/4 in
	 * may be hard to tell apart. */
	struct tp_emboss *em = &c->emboss;
	em->symbol[TP_LATERAL] = TP_SYM_CIRCLE;
	em->symbol[TP_BOXES] = TP_SYM_SQUARE;
	em->symbol[TP_VERTICAL] = TP_SYM_HEXAGON;
	em->symbol[TP_DOTS] = TP_SYM_OCTAGON;
	em->symbol_mm = 2.2;
	em->back_symbol_mm = 12;
	em->recess_clearance_mm = 0.5;
	em->pocket_wall_mm = 1;
	em->stroke_mm = 0.25;
	em->min_symbol_mm = 12.7;
	em->min_spacing_mm = 6.35;
	snprintf(p->job, sizeof p->job, "tilepress series");
	snprintf(p->output_condition, sizeof p->output_condition, "%s", TP_OUTPUT_CONDITION);
	snprintf(p->output_info, sizeof p->output_info, "%s", TP_OUTPUT_INFO);
	snprintf(p->output_registry, sizeof p->output_registry, "%s", TP_OUTPUT_REGISTRY);
	/* [0055]: lateral red, boxes yellow, vertical green, dots blue. */
	set_ink(&p->inks[TP_INK_LATERAL], "lateral", TP_INK_PROCESS, 0, 0, 100, 100, 0);
	set_ink(&p->inks[TP_INK_BOXES], "boxes", TP_INK_PROCESS, 0, 0, 10, 100, 0);
	set_ink(&p->inks[TP_INK_VERTICAL], "vertical", TP_INK_PROCESS, 0, 90, 0, 100, 0);
	set_ink(&p->inks[TP_INK_DOTS], "dots", TP_INK_PROCESS, 0, 100, 60, 0, 0);
	set_ink(&p->inks[TP_INK_LINE], "lines", TP_INK_PROCESS, 1, 0, 0, 0, 45);
	set_ink(&p->inks[TP_INK_TEXT], "text", TP_INK_PROCESS, 1, 0, 0, 0, 100);
	set_ink(&p->inks[TP_INK_ANCHOR], "Assembly", TP_INK_SPOT, 1, 0, 100, 0, 0);
	set_ink(&p->inks[TP_INK_REG], "marks", TP_INK_REGISTRATION, 0, 100, 100, 100, 100);
	set_ink(&p->inks[TP_INK_CUT], "CutContour", TP_INK_SPOT, 1, 0, 100, 0, 0);
	set_ink(&p->inks[TP_INK_EMBOSS], "Emboss", TP_INK_SPOT, 1, 100, 0, 0, 0);
}

