#ifndef TU_PREFLIGHT_H
#define TU_PREFLIGHT_H

/* The preflight suites' palette and limits: a player colour, a 100 % K
 * that knocks out, a 400 % ink, the overprinting line ink and the two
 * spot inks (CutContour, Emboss); the punchboard profile's rules with an
 * SRA3 press sheet. */

#include <stdio.h>

#include "print/preflight/preflight.h"
#include "tu_palette.h"

#define COLOUR INK_A /* 0 100 100 0: a player colour */
#define DARK INK_B   /* 100 % K, knocks out */
#define HEAVY INK_C  /* 100 100 100 100: 400 % */

static inline void tu_pf_palette(struct tp_palette *pal)
{
	tu_palette_init(pal);
	struct tp_ink *k = tu_ink(pal, COLOUR);
	snprintf(k->name, sizeof k->name, "colour");
	k->cmyk[1] = k->cmyk[2] = 1;
	k = tu_ink(pal, DARK);
	snprintf(k->name, sizeof k->name, "dark");
	k->cmyk[3] = 1;
	k = tu_ink(pal, HEAVY);
	snprintf(k->name, sizeof k->name, "heavy");
	k->cmyk[0] = k->cmyk[1] = k->cmyk[2] = k->cmyk[3] = 1;
	k = tu_ink(pal, TP_INK_LINE);
	snprintf(k->name, sizeof k->name, "lines");
	k->cmyk[3] = 0.45;
	k->overprint = 1;
	k = tu_ink(pal, TP_INK_CUT);
	snprintf(k->name, sizeof k->name, "CutContour");
	k->kind = TP_INK_SPOT;
	k->cmyk[1] = 1;
	k->overprint = 1;
	k = tu_ink(pal, TP_INK_EMBOSS);
	snprintf(k->name, sizeof k->name, "Emboss");
	k->kind = TP_INK_SPOT;
	k->cmyk[0] = 1;
	k->overprint = 1;
}

/* The punchboard profile's limits, on an SRA3 press sheet. */
static inline struct tp_pf_rules tu_pf_rules(void)
{
	struct tp_pf_rules r = { 0 };
	r.bleed = 3;
	r.safe = 3;
	r.min_tint_line = 0.2;
	r.max_tac = 300;
	r.die_gap = 6;
	r.min_component = 8;
	r.emboss_min = 0.2;
	r.emboss_gap = 2;
	r.press_w = 300;
	r.press_h = 428;
	r.marks_margin = 13;
	r.nick = 0.5;
	r.nick_corner = 3;
	return r;
}

#endif
