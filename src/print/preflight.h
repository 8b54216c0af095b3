#ifndef TP_PREFLIGHT_H
#define TP_PREFLIGHT_H

/* The preflight: a factory's prepress check of every page a build lays
 * out, on the scenes themselves (no rendering), before any file is
 * written.  Each finding names the sheet, the page, a position in mm from
 * the page's trim corner, the rule, the measured value and the limit, and
 * a severity: an error is what a factory would reject, a warning what it
 * would ask about.
 *
 * The rules are functions over shapes (ink, overprint, stroke width,
 * bounding box): the page-wide ones (die lines, page size, bleed) after
 * one pass collecting the die lines, then one per shape, so that a sink
 * of the scene walk can run the same shape by shape.  tp_preflight_page
 * runs them over a scene's shapes in order. */

#include <stddef.h>

#include "print/scene.h"
#include "core/strbuf.h"

enum tp_pf_severity { TP_PF_WARNING, TP_PF_ERROR };

/* Blind emboss: strokes under 0.2 mm do not form (field guides). */
#define TP_PF_EMBOSS_MIN_MM 0.2

/* A factory's limits (from [print] and its profile); 0 turns a rule off. */
struct tp_pf_rules {
	double bleed;            /* bleed every page's edge art must reach, mm */
	double safe;             /* elements keep this far inside every cut, mm */
	double min_tint_line;    /* thinnest stroke in a tint, mm */
	double min_line;         /* thinnest stroke in a solid ink, mm */
	double max_tac;          /* total area coverage, % (0..400) */
	double die_gap;          /* between two components' die lines, mm */
	double min_component;    /* smallest side of a die-cut component, mm */
	double emboss_min;       /* thinnest emboss stroke, mm */
	double press_w, press_h; /* the press sheet's clear area; 0: none */
	double marks_margin;     /* media beyond the bleed for marks, mm */
};

struct tp_pf_finding {
	int severity;            /* enum tp_pf_severity */
	char sheet[64];
	int page;                /* 1-based */
	double x, y;             /* mm from the page's trim top-left */
	char rule[24];           /* "safe-zone", "die-open", ... */
	double value, limit;     /* measured and allowed, in the rule's unit */
	char what[120];          /* the element, in words */
};

struct tp_preflight {
	struct tp_pf_finding *f;
	size_t n, cap;
	size_t errors, warnings;
	size_t pages;
	int oom;                 /* a finding could not be recorded */
};

/* Checks one page (its shapes, marks left out) of sheet `sheet` and adds
 * the findings to pf.  0, or -1 when out of memory. */
int tp_preflight_page(struct tp_preflight *pf, const struct tp_pf_rules *r, const char *sheet,
		      int page, const struct tp_scene *sc);

void tp_preflight_free(struct tp_preflight *pf);

/* manifest/preflight.txt: a summary line, then one line per finding
 * (errors first, in the order found). */
void tp_preflight_text(const struct tp_preflight *pf, struct tp_buf *b);
/* manifest/preflight.json: {"pages":N,"errors":N,"warnings":N,"findings":[...]}. */
void tp_preflight_json(const struct tp_preflight *pf, struct tp_buf *b);
/* One finding as a line (no newline), as preflight.txt lists it. */
void tp_preflight_line(const struct tp_pf_finding *f, char *out, size_t n);

#endif
