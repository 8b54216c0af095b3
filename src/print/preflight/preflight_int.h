#ifndef TP_PREFLIGHT_INT_H
#define TP_PREFLIGHT_INT_H

/* The preflight sink's page state, shared by its files (preflight.c, the
 * die and page rules; preflight_emboss.c, the emboss gap rule). */

#include <stdarg.h>

#include "print/preflight/preflight.h"
#include "print/preflight/preflight_geom.h"
#include "print/preflight/pf_runs.h"

/* A shape of the page by the walk's numbers (tp_walk_shape's index and
 * sub), looked up again with tp_pf_shape. */
struct tp_pf_ref {
	size_t i, sub;
};

/* A die shape as the walk gave it. */
struct die {
	size_t shape;         /* its pieces' shape (tp_pf_seg) */
	struct tp_pf_ref ref; /* the page's shape (its own page's die only) */
	size_t first, last;   /* its pieces: seg[first .. last - 1] */
	int closed;           /* closed, or nicked */
	int nicked;           /* closed but for nicks (the profile's) */
	double box[4];        /* its pieces' box */
};

/* An emboss element: its pieces eseg[first .. last - 1], box, stroke. */
struct emboss {
	size_t first, last;
	double box[4];
	double stroke;
};

/* One page being walked: what the rules that need the whole page (die
 * lines, the safe zone) collect until tp_pf_end. */
struct tp_pf_page {
	struct tp_preflight *pf;
	const struct tp_pf_rules *r;
	const char *sheet;
	int page;
	const struct tp_scene *sc;
	struct tp_pf_seg *seg;  /* every straight piece of every die path */
	size_t n_seg, cap_seg;
	struct die *die;
	size_t n_die, cap_die;
	struct tp_pf_runs fill;  /* process fills walked so far, in draw order */
	struct tp_pf_fills *fills;  /* fill's entries by place (pf_fills.h) */
	struct tp_pf_runs safe;  /* shapes the safe zone is checked for at the end */
	struct emboss *emb;     /* emboss elements, when emboss_gap is set */
	size_t n_emb, cap_emb;
	struct tp_pf_seg *eseg; /* their straight pieces */
	size_t n_eseg, cap_eseg;
	/* The cuts of other pages (tp_pf_add_cuts) follow the page's own in
	 * seg and die: the die rules see seg[0 .. own_seg - 1] and
	 * die[0 .. own_die - 1] alone, the safe zone all (own_die is
	 * SIZE_MAX until the first are added). */
	size_t own_seg, own_die;
	double cut_a, cut_dx, cut_dy;  /* x' = a x + dx, y' = y + dy while adding */
	int quiet;              /* 1: tp_pf_add records nothing (those cuts are
				 * checked on their own page) */
	/* A placed symbol's shapes share their placement's number: their
	 * pieces are told apart by numbers counted down from SIZE_MAX. */
	size_t n_placed_ids;
	struct tp_pt *tmp;      /* tp_pf_shape's moved points */
	size_t cap_tmp;
};

/* Shape r of the page as the walk drew it (tp_scene_drawn) in *m, its
 * points as drawn in *p (a placed symbol's moved into P's scratch, valid
 * until the next call; NULL for a rect or text).  NULL when out of memory
 * (pf->oom set). */
const struct tp_shape *tp_pf_shape(struct tp_pf_page *P, struct tp_pf_ref r, struct tp_shape *m,
				   const struct tp_pt **p);

/* Findings of the page rules (tp_pf_add) recorded in a preflight at most;
 * more are counted only.  The notes (tp_preflight_note) are never cut. */
#define TP_PF_MAX_FINDINGS 20000

/* A new finding at the end of pf's list, its array grown as needed (its
 * bytes as they were: the caller fills them), or NULL when out of memory
 * (pf->oom set).  tp_pf_record and the merge of parts both take theirs
 * here. */
struct tp_pf_finding *tp_pf_slot(struct tp_preflight *pf);

/* Counts a finding of severity sev and records it (sheet, page, rule and
 * fmt's text; the rest zero) unless pf already holds `max`: the new
 * finding, or NULL when not recorded (over max, or out of memory: pf->oom
 * set).  tp_pf_add and tp_preflight_note both record through it. */
struct tp_pf_finding *tp_pf_record(struct tp_preflight *pf, size_t max, int sev,
				   const char *sheet, int page, const char *rule, const char *fmt,
				   va_list ap);

/* The hidden-art rule (preflight_art.c): each art item noted in the page's
 * scene that one fill painted after it covers whole, a warning naming its
 * art.ini line and place. */
void tp_pf_hidden_art(struct tp_pf_page *P);

/* A finding on the page being walked. */
void tp_pf_add(struct tp_pf_page *P, int sev, double x, double y, const char *rule, double value,
	       double limit, const char *fmt, ...) __attribute__((format(printf, 8, 9)));

/* A die (or emboss) path's straight pieces into P->seg (a curve flattened,
 * as drawn: pf_curves.c); 1 in *closed when every subpath returns to its start;
 * sub[0 .. *n_sub - 1]: where each subpath's pieces begin (at most max_sub
 * recorded).  0, or -1 when out of memory. */
int tp_pf_die_segments(struct tp_pf_page *P, const struct tp_walk_shape *d, int *closed,
		       size_t *sub, size_t max_sub, size_t *n_sub);

/* A nicked contour: the die pieces P->seg[sub[0] .. last - 1] in open
 * subpaths beginning at sub[0 .. m - 1], each ending a nick (a gap of at
 * most the profile's nick width) before the next begins, the last before
 * the first.  1 when they are one, its nicks checked (nick-corner: the
 * outline runs on smoothly across each gap, straight or curved, and each
 * keeps nick_corner from the nearest corner along it); 0 otherwise
 * (preflight_nicks.c). */
int tp_pf_nicked(struct tp_pf_page *P, size_t last, const size_t *sub, size_t m);

/* tp_pf_die_segments of d, and *nicked: 1 when they are not closed but a
 * nicked contour (tp_pf_nicked), however many runs its nicks leave.  0,
 * or -1 when out of memory. */
int tp_pf_die_nicked(struct tp_pf_page *P, const struct tp_walk_shape *d, int *closed, int *nicked);

/* The safe zone, at the page's end: each shape of P->safe against the die
 * pieces (preflight_safe.c). */
void tp_pf_safe_zone(struct tp_pf_page *P);

/* The die-split rule: a closed die outline cut open by a panel's edge
 * (its pieces flagged TP_SHAPE_SPLIT), one error at each end where it
 * stops there (preflight_split.c). */
void tp_pf_die_split(struct tp_pf_page *P);

/* The emboss gap rule: each emboss element as the walk gives it (box b),
 * then the pairs closer than emboss_gap at the page's end. */
int tp_pf_add_emboss(struct tp_pf_page *P, const struct tp_walk_shape *d, const double b[4]);
void tp_pf_emboss_gaps(struct tp_pf_page *P);

#endif
