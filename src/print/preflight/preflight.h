#ifndef TP_PREFLIGHT_H
#define TP_PREFLIGHT_H

/* The preflight: a factory's prepress check of every page a build lays
 * out, on the scenes themselves (no rendering), before any file is
 * written.  Each finding names the sheet, the page, a position in mm from
 * the page's trim corner, the rule, the measured value and the limit, and
 * a severity: an error is what a factory would reject, a warning what it
 * would ask about.
 *
 * The preflight is a sink of the scene walk (walk.h), like the writers
 * and the ink report: the walk decides what the press prints and in which
 * order, and the sink checks each shape as it comes (ink, overprint,
 * stroke width, bounding box, what lies under it: the fills walked before
 * it).  What needs the whole page (die lines closed, doubled, apart,
 * components' size, the safe zone from every cut, page size) is checked
 * when the page ends.  tp_preflight_page walks one scene into it. */

#include <stddef.h>

#include "print/scene/scene.h"
#include "print/scene/walk.h"
#include "core/strbuf.h"

enum tp_pf_severity { TP_PF_WARNING, TP_PF_ERROR };


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
	double emboss_gap;       /* least space between emboss elements, mm */
	double nick;             /* widest nick (gap in a closed die line), mm;
				  * 0: a gap makes the die line open */
	double nick_corner;      /* a nick keeps this far from a corner, mm */
	double press_w, press_h; /* the press sheet's clear area; 0: none */
	double marks_margin;     /* media beyond the bleed for marks, mm */
	double min_ppi;          /* a picture printed at fewer pixels an inch
				  * is an error */
	double warn_ppi;         /* ... a warning */
	const char *profile;     /* the CMYK profile pictures are separated
				  * through (NULL: the system's) */
	double dir_tol;          /* straight die pieces this close in direction
				  * (sine) are one line; 0: 1e-6 (a PDF file's
				  * rounded coordinates need more) */
};

struct tp_pf_finding {
	int severity;            /* enum tp_pf_severity */
	char sheet[64];
	int page;                /* 1-based */
	double x, y;             /* mm from the page's trim top-left */
	char rule[24];           /* "safe-zone", "die-open", ... */
	double value, limit;     /* measured and allowed, in the rule's unit;
				  * NAN both for a finding that is no measure
				  * (a knock-out, an open die path, a note):
				  * its words say what was found and allowed */
	char what[200];          /* the element, in words */
	int capped;              /* a page rule's (cut at TP_PF_MAX_FINDINGS) */
};

struct tp_preflight {
	struct tp_pf_finding *f;
	size_t n, cap;
	size_t errors, warnings;
	size_t pages;
	int oom;                 /* a finding could not be recorded */
};

/* The sink, its walk options (the press's view, no printer's marks, text
 * by its box, unknown inks left out) and its state for one page:
 *     P = tp_pf_begin(pf, r, sheet, page, sc);
 *     o = tp_pf_view_for(r);
 *     tp_scene_walk(sc, &o, &tp_pf_sink, P, e);   (or a walk shared
 *         with other sinks, with these options)
 *     tp_pf_end(P);   runs the page-wide rules and frees P
 * tp_pf_begin returns NULL when out of memory (pf->oom set); tp_pf_end
 * takes NULL and returns 0, or -1 when out of memory. */
struct tp_pf_page;
extern const struct tp_sink tp_pf_sink;
extern const struct tp_walk_opts tp_pf_view;
/* tp_pf_view with r's total ink limit as the walk's tac_pct: the walk
 * measures the overprints it keeps against it (walk.h), and the tac rule
 * reads that measure. */
struct tp_walk_opts tp_pf_view_for(const struct tp_pf_rules *r);
struct tp_pf_page *tp_pf_begin(struct tp_preflight *pf, const struct tp_pf_rules *r,
			       const char *sheet, int page, const struct tp_scene *sc);
int tp_pf_end(struct tp_pf_page *P);

/* Checks one page (its shapes, marks left out) of sheet `sheet` and adds
 * the findings to pf.  0, or -1 when out of memory. */
int tp_preflight_page(struct tp_preflight *pf, const struct tp_pf_rules *r, const char *sheet,
		      int page, const struct tp_scene *sc);

/* A page without die lines of its own whose pieces another page's cut (a
 * back or an emboss plate, cut with its fronts): after the page is walked
 * and before tp_pf_end, the die lines of page `cut`, each point (x, y)
 * taken to (a x + dx, y + dy) on this page (a = -1: mirrored, for
 * work-and-turn), join the cuts its safe zone is measured from, as on
 * the fronts: each piece's art keeps safe_mm inside its own cut, not only
 * inside the sheet's edge.  The other rules see this page's own die lines
 * alone (those cuts are checked on their own page).  Call it once a page
 * that cuts it (a paneled sheet: each panel that overlaps it).  0, or -1
 * when out of memory. */
int tp_pf_add_cuts(struct tp_pf_page *P, const struct tp_scene *cut, double a, double dx,
		   double dy);

void tp_preflight_free(struct tp_preflight *pf);

/* A build preflights its sheets one by one, each into its own
 * tp_preflight, some on the workers (app/build/preflight_pool.h); merged in
 * sheet order they are the preflight of the whole build, finding for
 * finding, as if checked in one (the page rules' cut included).
 * tp_preflight_merge appends src to dst (0, or -1 when out of memory:
 * dst->oom set).  tp_preflight_pack writes pf as text into b, and
 * tp_preflight_unpack adds such a text to pf, every field exact (0, or -1
 * for a text it cannot read or when out of memory). */
int tp_preflight_merge(struct tp_preflight *dst, const struct tp_preflight *src);
void tp_preflight_pack(const struct tp_preflight *pf, struct tp_buf *b);
int tp_preflight_unpack(const char *text, struct tp_preflight *pf);

/* A finding of a check that is not about a place on the page (the PDF's
 * structure: rule "pdfx"; page 0: the whole file), at (0, 0). */
void tp_preflight_note(struct tp_preflight *pf, int sev, const char *sheet, int page,
		       const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* Findings grouped as a prepress desk reads them: one group per
 * severity, sheet and rule (errors first, then in the order found), with
 * its first finding (an index into pf->f), how many, the pages they span
 * and the objects they concern (the finding's text before its first
 * figure: "lateral shape", "Emboss line"), the first TP_PF_GROUP_KINDS
 * told apart. */
#define TP_PF_GROUP_KINDS 4
struct tp_pf_group {
	size_t first, count;
	int page_lo, page_hi;
	char kind[TP_PF_GROUP_KINDS][64];
	size_t kind_count[TP_PF_GROUP_KINDS], n_kinds, other;
};
/* Fills g[0 .. max - 1] with pf's groups and returns how many (max =
 * pf->n holds them all). */
size_t tp_preflight_groups(const struct tp_preflight *pf, struct tp_pf_group *g, size_t max);
/* A group as one line (no newline): its first finding as
 * tp_preflight_line gives it, then "; N alike on SHEET pages A-B: n1
 * kind1, n2 kind2" when there are more. */
void tp_preflight_group_line(const struct tp_preflight *pf, const struct tp_pf_group *g, char *out,
			     size_t n);

/* manifest/preflight.txt: a summary line, then one line per group
 * (tp_preflight_group_line; every finding is in the JSON). */
void tp_preflight_text(const struct tp_preflight *pf, struct tp_buf *b);
/* manifest/preflight.json: {"pages":N,"errors":N,"warnings":N,"findings":[...],
 * "groups":[{"severity","sheet","rule","count","first","pages":[A,B]}...]},
 * every finding recorded, and its groups ("first": an index into findings). */
void tp_preflight_json(const struct tp_preflight *pf, struct tp_buf *b);
/* One finding as a line (no newline), as preflight.txt lists it. */
void tp_preflight_line(const struct tp_pf_finding *f, char *out, size_t n);

#endif
