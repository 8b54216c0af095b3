#ifndef TP_WALK_H
#define TP_WALK_H

/* One walk of a scene for every writer and analysis (after MuPDF's
 * display list and devices).  The walk decides what is drawn and in which
 * order; a sink (a table of callbacks) turns what it is given into a file
 * or a figure.  A new output format or a new check is one more sink; a
 * layout that moves shapes into another scene replays the walk through the
 * copying sink (copy_sink.h).
 *
 * Order: layer by layer in the scene's layer order, every layer announced
 * (layer_begin, layer_end) even when nothing in it is drawn; within a
 * layer, the shapes in the order they were added.  A placement of a
 * symbol (scene.h) is expanded here: on each layer its symbol draws on,
 * where the placement was added, the symbol's shapes on that layer moved
 * by the placement, as one group; a sink sees them as if they had been
 * drawn there (d->s and d->pts are moved copies).
 *
 * What is drawn is decided here, from the options, and nowhere else:
 *   - printer's marks (TP_SHAPE_MARK) only with marks;
 *   - only the inks of the ink mask, when it is not 0;
 *   - a proof (proof) shows the sheet as the designer sees it: no
 *     registration ink, and the die and emboss lines (TP_INK_CUT,
 *     TP_INK_EMBOSS) only on a sheet that is that plate (sc->plate);
 *   - whether a shape overprints (tp_walk_shape's overprint): its ink's
 *     overprint, but an overprint whose stack of ink would pass the
 *     palette's max_tac_pct knocks out (overprint.h);
 *   - a shape whose ink the palette lacks, or whose layer the scene lacks,
 *     stops the walk with TP_EINPUT (TP_WALK_FAIL, the default) or is left
 *     out (TP_WALK_SKIP): one rule, whatever the sink.
 *
 * Clipping: art is clipped to the bleed box, marks are not.  The walk says
 * so with clip(ctx, box) before the first art shape of a run and
 * clip(ctx, NULL) before a mark that follows art, and again before
 * layer_end when the layer ends in art: so every layer begins and ends
 * unclipped.  A sink with no layer scope (PDF) may keep its clip across
 * layers and apply the latest call when it next draws. */

#include <stddef.h>
#include <stdint.h>

#include "core/status.h"
#include "print/image/image.h"
#include "print/scene/scene.h"

/* Bit of ink number id in tp_walk_opts.inks. */
#define TP_WALK_INK(id) ((uint64_t)1 << (id))

enum tp_walk_unknown {
	TP_WALK_FAIL,  /* stop with TP_EINPUT naming the sheet, shape and ink */
	TP_WALK_SKIP,  /* leave the shape out */
};

struct tp_walk_opts {
	int marks;          /* draw printer's marks */
	uint64_t inks;      /* TP_WALK_INK bits of the inks drawn; 0: every ink */
	int proof;          /* a proof's view (above); 0: the press's, every plate */
	int outline_text;   /* text reaches path() as filled glyph outlines
			     * (text_outline.h); 0: text reaches text() */
	int unknown;        /* enum tp_walk_unknown */
	/* NULL: every shape; else only shapes only[0 .. n_only - 1], ascending
	 * (what a scene index found in a region: a replay through a scissor
	 * costs what the region holds, not the whole scene). */
	const size_t *only;
	size_t n_only;
	/* > 0: a total ink limit, percent, that every overprint the walk
	 * keeps is measured against (tp_walk_shape's stack_pct), by the same
	 * decision that knocks out past the palette's max_tac_pct
	 * (overprint.h); what is drawn does not change.  0: none. */
	double tac_pct;
};

/* A layer as announced to the sink. */
struct tp_walk_layer {
	size_t index;              /* into sc->layers */
	const char *name;          /* sc->layers[index] */
	const struct tp_ink *ink;  /* the one ink all its shapes use (drawn or
				    * not), or NULL: none, several or unknown */
	int overprint;             /* ink && ink->overprint, and none of its
				    * shapes knocked out (overprint.h) */
};

/* A shape as drawn.  Pointers are valid during the callback only. */
struct tp_walk_shape {
	const struct tp_shape *s;   /* kind, flags, stroke, x y w h, align */
	size_t index;               /* into sc->shapes; a placed symbol's
				     * shape: the placement's number (a sink
				     * that looks a shape up again by number
				     * does it with index and sub through
				     * tp_scene_drawn, scene.h) */
	size_t sub;                 /* a placed symbol's shape: its number in
				     * the symbol (index, sub: the order the
				     * scene drawn shape by shape has); else 0 */
	int placed;                 /* 1: a placed symbol's shape */
	int ink_id;                 /* ink number, s->ink */
	int ink_index;              /* palette index of that ink */
	const struct tp_ink *ink;   /* never NULL */
	int paint;                  /* TP_FILL and/or TP_STROKE; TP_FILL for text */
	/* 1: it overprints what is under it; 0: it knocks out.  Its ink's
	 * overprint, unless the stack would pass the palette's ink limit
	 * (overprint.h): every sink reads this, never ink->overprint. */
	int overprint;
	/* An overprint whose stack passes the options' tac_pct: that stack,
	 * percent, and the heaviest ink under it there (an ink number, or
	 * -1); else 0 and -1. */
	double stack_pct;
	int stack_ink;
	int mark;                   /* a printer's mark: unclipped */
	const struct tp_pt *pts;    /* path: its points; outlined text: the
				     * outline (may be empty: n == 0) */
	size_t n;
	const char *text;           /* text (outlined or not): its UTF-8 */
	struct tp_image *image;     /* an image: its pixels (pts: its four
				     * corners, scene.h) */
};

/* A repeat found by the walk (reuse, below). */
struct tp_walk_group {
	size_t id;        /* 0, 1, ...: in the order first drawn, over the walk */
	size_t layer;     /* into sc->layers */
	double dx, dy;    /* use: this copy is the first one moved by dx, dy mm */
};

/* Each callback returns 0, or nonzero to stop the walk; the walk then
 * returns the code of the tp_err it was given when the sink filled it, else
 * TP_EIO, leaving the message to the sink's owner.  A NULL callback
 * ignores its event.  ctx is the sink's own state. */
struct tp_sink {
	int (*layer_begin)(void *ctx, const struct tp_walk_layer *l);
	int (*layer_end)(void *ctx, const struct tp_walk_layer *l);
	/* box: the bleed box x0, y0, x1, y1 in scene mm; NULL: unclipped. */
	int (*clip)(void *ctx, const double *box);
	int (*rect)(void *ctx, const struct tp_walk_shape *d);
	/* Paths, and text when outline_text is set (d->s->kind tells). */
	int (*path)(void *ctx, const struct tp_walk_shape *d);
	int (*text)(void *ctx, const struct tp_walk_shape *d);
	/* Raster images (TP_SHAPE_IMAGE): a sink without it draws none (a
	 * die file).  An image is never inside a reused group: a group
	 * holding one is drawn shape by shape. */
	int (*image)(void *ctx, const struct tp_walk_shape *d);
	/* Reuse, for a sink that sets all three (else it sees every shape).
	 * Where a scene group's shapes on one layer (enough of them drawn, see
	 * below, and no mark) repeat, moved, those of an earlier group on that layer (same
	 * kinds, inks, paints, sizes and text, positions relative to the first
	 * shape's equal to the micrometre), the walk calls use() in place of
	 * drawing them; the first copy is drawn as ever between group_begin
	 * and group_end, in place, so a sink that names it can refer to it.
	 * Art only: the walk has set the clip to the bleed box before. */
	int (*group_begin)(void *ctx, const struct tp_walk_group *g);
	int (*group_end)(void *ctx, const struct tp_walk_group *g);
	int (*use)(void *ctx, const struct tp_walk_group *g);
	/* What is worth reusing for this sink: a group's shapes on a layer
	 * are reused only when at least reuse_min_shapes (0: 2) of them are
	 * drawn and their outlines have at least reuse_min_points points
	 * (path points; a text counts 16 a byte; rects count none: a file
	 * format may write them as cheaply as a reference). */
	size_t reuse_min_shapes, reuse_min_points;
	/* 1: a printer's mark's text reaches text(), not outlined, even when
	 * outline_text is set; the sink outlines it itself (a PDF places each
	 * glyph of the slug from one form a document). */
	int mark_glyphs;
};

/* Walks sc into the sink.  TP_OK; TP_EINPUT for an unknown ink or layer
 * (TP_WALK_FAIL); TP_EIO when out of memory or when text cannot be
 * outlined (invalid UTF-8); or the sink's failure (above).  e must be
 * clear (code TP_OK) when the walk begins. */
int tp_scene_walk(const struct tp_scene *sc, const struct tp_walk_opts *o,
		  const struct tp_sink *sink, void *ctx, tp_err *e);

/* A length in mm as the whole micrometres the walk compares repeats by
 * (a sink that finds repeats of its own uses the same). */
long tp_walk_um(double mm);

/* What the walk with options o makes of shape s of sc (its ink known):
 * the one place that decides, for the walk's sinks (tp_walk_shape's mark)
 * and for the layouts and checks that look at a scene's shapes without
 * walking it. */
enum tp_walk_seen {
	TP_WALK_HIDDEN,  /* not drawn */
	TP_WALK_ART,     /* drawn, clipped to the bleed box */
	TP_WALK_MARK,    /* drawn as a printer's mark: unclipped */
};
int tp_walk_sees(const struct tp_scene *sc, const struct tp_walk_opts *o,
		 const struct tp_shape *s);

/* 1 when the walk with options o draws shape s of sc (its ink known). */
int tp_walk_shows(const struct tp_scene *sc, const struct tp_walk_opts *o,
		  const struct tp_shape *s);

/* Views the layouts and checks ask about: the art (every ink, no marks:
 * what a crop, a tile or a component carries) and the die lines (the die
 * ink, no marks). */
extern const struct tp_walk_opts tp_walk_art, tp_walk_die;

#endif
