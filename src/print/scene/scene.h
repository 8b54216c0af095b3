#ifndef TP_SCENE_H
#define TP_SCENE_H

/* The drawing list between the game layouts and the backends.
 *
 * Units are millimetres.  The origin is the top-left corner of the trim box,
 * y grows downwards.  Art may extend into the bleed (negative coordinates or
 * beyond trim_w/trim_h); backends clip it to the bleed box.  Shapes flagged
 * TP_SHAPE_MARK (crop marks, targets, slug) live outside the bleed and are
 * drawn unclipped, and only by backends that show marks.
 *
 * Draw order, in every backend and analysis: layer by layer in order of the
 * layers' first use, and within a layer in the order the shapes were added
 * (SVG needs one group per layer; the others follow so all agree).  One
 * walk (walk.h) draws a scene in that order for all of them, and decides
 * there what each is shown: marks, inks, the proof view, text as outlines.
 *
 * Backends only translate: every layout decision (bleed, marks, mirroring,
 * halves, panels) has already been taken when a scene reaches them. */

#include <stddef.h>
#include <stdint.h>

#include "core/status.h"

/* Inks.  A shape names its ink by number: a game's own inks are numbered
 * 0 .. TP_GAME_INKS_MAX-1 in the order of the game's ink table, the shared
 * technical inks below from TP_GAME_INKS_MAX on.  A palette holds the
 * game's inks first, then the shared ones, so palette index = number for a
 * game ink and n_game + k for the k-th shared ink.  Backends loop over the
 * palette and never name an ink. */
#define TP_GAME_INKS_MAX 32

enum tp_shared_ink {
	TP_INK_LINE = TP_GAME_INKS_MAX, /* board grid and tile cell hairlines */
	TP_INK_TEXT,       /* labels, numerals, hatching */
	TP_INK_ASSEMBLY,   /* assembly marks for the factory (spot) */
	TP_INK_REG,        /* registration: prints on every plate */
	TP_INK_CUT,        /* die line (spot, overprint) */
	TP_INK_EMBOSS,     /* emboss / recess plate (spot, overprint) */
	/* Fold and crease lines (spot, overprint): only in the palettes of
	 * the sheets that fold (tp_palette_add_crease), so every other
	 * sheet's palette, and file, is as it was. */
	TP_INK_CREASE,
	TP_INK_SHARED_END
};
/* The shared inks every palette holds (the crease is added on demand). */
#define TP_N_SHARED_INKS (TP_INK_CREASE - TP_GAME_INKS_MAX)
#define TP_MAX_INKS (TP_GAME_INKS_MAX + (TP_INK_SHARED_END - TP_GAME_INKS_MAX))

enum tp_ink_kind {
	TP_INK_PROCESS,      /* CMYK mix */
	TP_INK_SPOT,         /* /Separation named ink->name, CMYK alternate */
	TP_INK_REGISTRATION  /* /Separation /All */
};

struct tp_ink {
	char name[40];   /* spot name, and the SVG group id */
	char key[24];    /* config key stem: [print] KEY_cmyk, KEY_rgb */
	int kind;        /* enum tp_ink_kind */
	int overprint;   /* spot plates overprint so they never knock out art */
	double cmyk[4];  /* 0..1 */
	double rgb[3];   /* 0..1 sRGB, for PNG and SVG proofs: tp_colour_proofs() */
	int rgb_given;   /* rgb typed by the user: an override, kept as given */
};

/* A process ink of CMYK percentages, for a game's ink table; its proof
 * colour is derived from the CMYK when a config is read (colour.h). */
#define TP_PROCESS_INK(nm, c, m, y, k)                                                  \
	{ .name = nm, .key = nm, .kind = TP_INK_PROCESS,                                  \
	  .cmyk = { (c) / 100.0, (m) / 100.0, (y) / 100.0, (k) / 100.0 } }

/* The same for dark linework, text and fine patterns drawn over colour:
 * they overprint it (no knock-out), so a misregistered plate shows no
 * paper slivers round them. */
#define TP_OVERPRINT_INK(nm, c, m, y, k)                                                \
	{ .name = nm, .key = nm, .kind = TP_INK_PROCESS, .overprint = 1,                  \
	  .cmyk = { (c) / 100.0, (m) / 100.0, (y) / 100.0, (k) / 100.0 } }

struct tp_palette {
	struct tp_ink ink[TP_MAX_INKS];  /* game inks, then the shared ones */
	size_t n_game;                   /* game inks: ink[0 .. n_game-1] */
	size_t n;                        /* n_game + TP_N_SHARED_INKS */
	/* Strokes in a tint (tp_ink_is_tint) thinner than this are drawn
	 * this wide, mm (print.min_tint_line_mm; 0: as given): a screened
	 * line thinner than a halftone cell (0.17 mm at 150 lpi) breaks up. */
	double min_tint_line_mm;
	/* The most total ink (C+M+Y+K, %) the press takes anywhere
	 * (print.max_tac_pct; 0: no limit).  An overprinting process ink
	 * knocks out where its stack over what lies under it would pass
	 * this (overprint.h): decided once, in the walk. */
	double max_tac_pct;
};

/* A process ink none of whose plates prints solid: it is screened. */
static inline int tp_ink_is_tint(const struct tp_ink *k)
{
	return k->kind == TP_INK_PROCESS && k->cmyk[0] < 1 && k->cmyk[1] < 1 && k->cmyk[2] < 1 &&
	       k->cmyk[3] < 1;
}

/* Appends the crease ink (spot "Crease", overprinting) to p when it
 * lacks it: for sheets with fold lines. */
void tp_palette_add_crease(struct tp_palette *p);

/* Makes p's dark game inks (K >= 50 %, or 150 % ink in all) overprint:
 * for a sheet showing another sheet's art scaled down (a figure), whose
 * dark objects become small enough that a knock-out would show paper
 * round them on a misregistered plate. */
void tp_palette_overprint_dark(struct tp_palette *p);

/* Palette index of ink number id, or -1 when the palette has no such ink. */
static inline int tp_ink_index(const struct tp_palette *p, int id)
{
	if (id >= 0 && (size_t)id < p->n_game)
		return id;
	if (id >= TP_GAME_INKS_MAX && id < TP_INK_SHARED_END) {
		size_t i = p->n_game + (size_t)(id - TP_GAME_INKS_MAX);
		return i < p->n ? (int)i : -1;
	}
	return -1;
}

/* Ink number of palette index i (the inverse of tp_ink_index). */
static inline int tp_ink_id(const struct tp_palette *p, size_t i)
{
	return i < p->n_game ? (int)i : TP_GAME_INKS_MAX + (int)(i - p->n_game);
}

/* The ink of number id, or NULL when the palette has no such ink. */
static inline const struct tp_ink *tp_palette_ink(const struct tp_palette *p, int id)
{
	int i = tp_ink_index(p, id);
	return i < 0 ? NULL : &p->ink[i];
}

/* TP_SHAPE_IMAGE: a raster picture (print/image/image.h: tp_image_get(image))
 * drawn into the parallelogram of its four points (first, count = 4): its
 * top-left, top-right, bottom-right and bottom-left corners, the last
 * redundant so that whatever moves, mirrors or bounds a path's points
 * does the same to an image.  Its ink is TP_INK_TEXT, only so that every
 * palette has it and the walk shows it where it shows art; its colours
 * are its pixels' (converted to CMYK in press files). */
enum tp_shape_kind { TP_SHAPE_RECT, TP_SHAPE_PATH, TP_SHAPE_TEXT, TP_SHAPE_IMAGE,
		     /* A placement (tp_scene_place_symbol): symbol number `first`
		      * moved by x, y mm.  The walk draws it as the symbol's
		      * shapes moved; it is never handed to a sink. */
		     TP_SHAPE_PLACE };

enum tp_paint { TP_FILL = 1, TP_STROKE = 2 };

enum tp_shape_flag {
	TP_SHAPE_MARK = 1,  /* printer's mark: outside the bleed, never clipped */
	/* A piece of a closed die outline that a panel's edge cut open
	 * (tp_panel_die): the component is split across panels, which the
	 * preflight's die-split rule rejects. */
	TP_SHAPE_SPLIT = 2,
	/* How a designer's art (print/art) is painted, where it differs from
	 * the default every other shape keeps (nonzero fill, butt caps, miter
	 * joins with limit 10): */
	TP_SHAPE_EVENODD = 4,      /* fill by the even-odd rule */
	TP_SHAPE_CAP_ROUND = 8,
	TP_SHAPE_CAP_SQUARE = 16,
	TP_SHAPE_JOIN_ROUND = 32,
	TP_SHAPE_JOIN_BEVEL = 64,
	TP_SHAPE_MITER4 = 128,     /* miter limit 4 (SVG's default) */
	/* Art that runs to the cut by design (a tile's pattern of cells, a
	 * background): it reaches the cut and runs on into the bleed, and
	 * any part of it may lie near a cut.  The preflight measures no safe
	 * zone for it; what must stay inside (indicia, text, marks) is not
	 * flagged.  It changes no output byte. */
	TP_SHAPE_TO_CUT = 256,
};
#define TP_SHAPE_STYLE (TP_SHAPE_EVENODD | TP_SHAPE_CAP_ROUND | TP_SHAPE_CAP_SQUARE | \
			TP_SHAPE_JOIN_ROUND | TP_SHAPE_JOIN_BEVEL | TP_SHAPE_MITER4)

enum tp_path_op { TP_MOVE, TP_LINE, TP_CURVE, TP_CLOSE };

/* A TP_CURVE op uses three consecutive points: two controls, then the end. */
struct tp_pt {
	uint8_t op;
	double x, y;
};

enum tp_align { TP_ALIGN_LEFT, TP_ALIGN_CENTER, TP_ALIGN_RIGHT };

struct tp_shape {
	uint8_t kind;    /* enum tp_shape_kind */
	uint8_t ink;     /* ink number (see tp_ink_index) */
	uint8_t paint;   /* TP_FILL or TP_STROKE */
	uint16_t flags;  /* enum tp_shape_flag */
	uint16_t layer;  /* index into scene->layers: the SVG group */
	uint8_t align;   /* text only */
	uint16_t image;  /* image only: its number in the image table */
	/* path: number of points.  32 bits, beside the small fields: a sheet
	 * of tiles holds tens of shapes a tile, so a shape is kept to 64
	 * bytes.  A path of more points is refused as out of memory. */
	uint32_t count;
	double stroke;   /* mm, for TP_STROKE */
	/* rect: x,y,w,h.  text: x,y = baseline anchor, h = font size (mm). */
	double x, y, w, h;
	size_t first;    /* path: first point; text: offset into scene->text */
};

/* Whether s is flagged a printer's mark (crop marks, targets, slug):
 * outside the bleed, never clipped, drawn only when marks are asked for.
 * The walk alone reads it (tp_walk_sees, walk.h); every layout, check and
 * writer asks the walk what it makes of a shape. */
static inline int tp_shape_is_mark(const struct tp_shape *s)
{
	return (s->flags & TP_SHAPE_MARK) != 0;
}

struct tp_scene {
	char name[64];        /* sheet name, e.g. "fronts" */
	double trim_w, trim_h;
	double bleed;
	double margin;        /* media box = bleed box grown by this (marks) */
	int plate;            /* a spot-only plate (cut, emboss): proofs show spots */
	/* An imposed press sheet (impose.h): the trim box is the press sheet,
	 * bleed 0; its marks go inside the sheet, in side and tail margins
	 * press_margin wide, so the page stays the sheet's size. */
	int press;
	double press_margin;
	/* A panel of a page without die lines (tp_doc_panelize): bit e (0
	 * left, 1 top, 2 right, 3 bottom) set when edge e is a seam, where the
	 * art runs on into the neighbouring panel's overlap.  The product is
	 * not cut there, so the preflight measures no safe zone from it. */
	unsigned seams;
	/* A page of cells (a board part): cells cell_mm square, their edges
	 * at cell_at[0] + k cell_mm across and cell_at[1] + k cell_mm down
	 * (mm from the trim box's corner).  When such a page with a die line
	 * is paneled, the panels meet on cell edges (tp_panel_cuts), so no
	 * cell, nor the number or pocket in it, is cut in two.  0: no cells. */
	double cell_mm, cell_at[2];
	/* The finished product, when it is not the trim box: x, y, w, h (mm
	 * from the trim box's corner).  A board cut round its cells (the
	 * arena's hexagons and triangles) has its trim a margin beyond them;
	 * wrapped round greyboard (games/board_wrap.h) the board is the
	 * cells' box, whatever that margin.  w = 0: the trim box. */
	double finish[4];
	struct tp_palette pal;  /* a copy: a scene outlives nothing it names */

	struct tp_shape *shapes;
	size_t n_shapes, cap_shapes;
	struct tp_pt *pts;
	size_t n_pts, cap_pts;
	char *text;
	size_t n_text, cap_text;
	char (*layers)[40];
	size_t n_layers, cap_layers;
	uint16_t cur_layer;
	/* Groups (tp_scene_group_begin): shapes [first, end) of each. */
	struct tp_scene_group *groups;
	size_t n_groups, cap_groups;
	int group_open;       /* the last group is still taking shapes */
	/* The shapes [first, end) a designer's art item drew (print/art), so
	 * that a check can name its place and art.ini line.  Changes no
	 * output byte; a copy through the walk (copy_sink.h) leaves it. */
	struct tp_scene_art *arts;
	size_t n_arts, cap_arts;
	/* Symbols (tp_scene_symbol_begin): drawings held once and placed by
	 * reference.  Their shapes live in sym_shapes, symbol k's at
	 * symbols[k].first .. end - 1, their points and text in the pools
	 * above; shapes[] holds one TP_SHAPE_PLACE a placement.  While a
	 * symbol is open the two shape lists are swapped, so every adder
	 * (and tp_scene_flag_*) works on the symbol. */
	struct tp_shape *sym_shapes;
	size_t n_sym_shapes, cap_sym_shapes;
	struct tp_scene_group *symbols;
	size_t n_symbols, cap_symbols;
	int symbol_open;
	size_t n_places;      /* TP_SHAPE_PLACE shapes in shapes[] */
};

struct tp_scene_group {
	size_t first, end;
};

struct tp_scene_art {
	size_t first, end;
	const void *src;      /* the item (print/art/art_pack.h) */
};

/* Notes that shapes [first, end) are art item src's.  0, or -1 when out
 * of memory. */
int tp_scene_art_note(struct tp_scene *sc, size_t first, size_t end, const void *src);

/* Returns NULL when out of memory.  Owned by the caller: tp_scene_free(). */
struct tp_scene *tp_scene_new(const char *name, double trim_w, double trim_h,
			      double bleed, const struct tp_palette *pal);
void tp_scene_free(struct tp_scene *sc);

/* A deep copy of src (same shapes, layers and state), or NULL when out of
 * memory.  Owned by the caller. */
struct tp_scene *tp_scene_copy(const struct tp_scene *src);
/* Gives back what sc's arrays hold beyond their contents (a scene kept
 * for a while, laid out once and shared). */
void tp_scene_shrink(struct tp_scene *sc);
/* The bytes sc holds (its arrays as allocated), for memory budgets. */
size_t tp_scene_bytes(const struct tp_scene *sc);

/* tp_scene_new with one layer per ink of layers[0..n-1] made first, in
 * that order: scenes draw layer by layer in order of first use, so a sheet
 * fixes its drawing order this way whatever its first shape happens to be.
 * NULL when out of memory. */
struct tp_scene *tp_scene_new_layered(const char *name, double trim_w, double trim_h,
				      double bleed, const struct tp_palette *pal,
				      const int *layers, size_t n);

/* Selects (creating if needed) the named layer for the shapes added next.
 * By default shapes go to the layer named after their ink.  0 or -1 (OOM). */
int tp_scene_layer(struct tp_scene *sc, const char *name);
/* Back to one layer per ink. */
void tp_scene_layer_by_ink(struct tp_scene *sc);

/* All adders return 0, or -1 when out of memory (the scene stays valid). */
int tp_scene_rect(struct tp_scene *sc, int ink, int paint, double stroke,
		  double x, double y, double w, double h);
/* A closed polygon of n points. */
int tp_scene_poly(struct tp_scene *sc, int ink, int paint, double stroke,
		  const double *xy, size_t n);
/* A free path; the points are copied. */
int tp_scene_path(struct tp_scene *sc, int ink, int paint, double stroke,
		  const struct tp_pt *pts, size_t n);
int tp_scene_circle(struct tp_scene *sc, int ink, int paint, double stroke,
		    double cx, double cy, double r);
/* The circle tp_scene_circle draws, as TP_CIRCLE_PTS points into p: a
 * move to (cx + r, cy), four cubic arcs, a close.  turn 1 runs through
 * (cx, cy + r) first, as tp_scene_circle; -1 the other way round, which
 * with the nonzero rule cuts a hole in a fill drawn the first way. */
#define TP_CIRCLE_PTS 14
void tp_circle_pts(struct tp_pt *p, double cx, double cy, double r, int turn);
int tp_scene_text(struct tp_scene *sc, int ink, double x, double y,
		  double size, int align, const char *utf8);
/* Image number image (image.h) into the parallelogram of corners
 * c[0..3] (top-left, top-right, bottom-right, bottom-left of the
 * picture), on the current layer. */
int tp_scene_image(struct tp_scene *sc, int image, const struct tp_pt c[4]);

/* Groups: the shapes added between tp_scene_group_begin and
 * tp_scene_group_end are one copy of something that may repeat moved (a
 * tile of a sheet of tiles), on any number of layers.  A group changes
 * nothing that is drawn: every backend and analysis sees its shapes as
 * ever.  A writer that can reuse (SVG) is told where a group's shapes on
 * one layer repeat an earlier group's on that layer, moved; the walk
 * finds that out itself by comparing the shapes (walk.h), so a group is
 * only a hint where to look and never makes a file wrong.  A group does
 * not nest: begin closes an open one.  Begin returns 0, or -1 when out of
 * memory (the scene stays valid, the shapes simply are not grouped). */
int tp_scene_group_begin(struct tp_scene *sc);
void tp_scene_group_end(struct tp_scene *sc);

/* Symbols: a drawing (a tile's art) held once and placed by reference,
 * so that a sheet of n tiles of k kinds holds k drawings and n small
 * placements, not n copies.  Begin returns the new symbol's number, or -1
 * when out of memory; the shapes added until tp_scene_symbol_end are the
 * symbol's, drawn about an origin of their own (a symbol does not nest,
 * and groups are ignored inside one: each placement is a group).
 * tp_scene_place_symbol adds a TP_SHAPE_PLACE: the walk (walk.h) draws symbol
 * sym's shapes there moved by dx, dy mm (x + dx, y + dy exactly, so a
 * symbol drawn at 0, 0 and placed at dx, dy draws what was drawn at dx, dy
 * when the layout's coordinates are sums x0 + local in that order), on
 * their own layers in the scene's layer order, as one group (a symbol's
 * layers are made when it is drawn, so a sheet fixes its layer order
 * first: tp_scene_new_layered).  0 or -1.
 * The walk expands placements, and a reader that looks shapes up by
 * number after a walk, or reads sc->shapes itself, expands them through
 * tp_scene_place_shape (below); one that does neither must not be given a
 * scene that has some (tp_scene_places). */
int tp_scene_symbol_begin(struct tp_scene *sc);
void tp_scene_symbol_end(struct tp_scene *sc);
int tp_scene_place_symbol(struct tp_scene *sc, int sym, double dx, double dy);
/* A new symbol drawing what symbol sym draws, its shapes and points
 * copied (a layout changes the copy where one placement differs: the
 * bleed of a tile on the sheet's edge).  Its number, or -1 when out of
 * memory (the scene stays valid). */
int tp_scene_symbol_copy(struct tp_scene *sc, int sym);
/* The number of placements in sc (0: its shapes[] is all it draws). */
static inline size_t tp_scene_places(const struct tp_scene *sc)
{
	return sc->n_places;
}

/* The one way a reader outside the walk expands a placement (so that all
 * agree with the walk to the last bit).  The shapes placement p (a
 * TP_SHAPE_PLACE of sc->shapes) draws: its symbol's, 0 when it names no
 * symbol. */
size_t tp_scene_place_n(const struct tp_scene *sc, const struct tp_shape *p);
/* Shape sub (< tp_scene_place_n) of placement p as the walk draws it:
 * copied into *out with x, y moved (x + dx, y + dy, as the walk), and
 * d[0], d[1] set to dx, dy: a path's or an image's points stay the
 * symbol's (sc->pts + out->first) and are drawn at p.x + d[0], p.y + d[1].
 * Returns out. */
const struct tp_shape *tp_scene_place_shape(const struct tp_scene *sc, const struct tp_shape *p,
					    size_t sub, struct tp_shape *out, double d[2]);
/* Every shape sc draws, in the order added, a placement as its symbol's
 * shapes there (tp_scene_place_shape): for a reader of the shapes
 * themselves rather than of a walk (which draws layer by layer).
 *     struct tp_scene_iter it = { 0 };
 *     for (const struct tp_shape *s; (s = tp_scene_next(sc, &it)) != NULL;)
 *         ... s, its points at sc->pts + s->first moved by it.d ...
 * it.i is the shape's number in sc->shapes (a placed one's: the
 * placement's). */
struct tp_scene_iter {
	size_t i, k;
	double d[2];
	struct tp_shape m;
};
const struct tp_shape *tp_scene_next(const struct tp_scene *sc, struct tp_scene_iter *it);

/* The shapes sc draws at most, a placement counted as its symbol's: what
 * a reader keeping an entry per drawn shape makes room for. */
size_t tp_scene_n_drawn(const struct tp_scene *sc);
/* The shape a walk's sink was told as index, sub (walk.h: tp_walk_shape),
 * for a reader that looks it up after the walk: sc->shapes[index] (d set
 * to 0, 0), or, when that is a placement, tp_scene_place_shape's. */
const struct tp_shape *tp_scene_drawn(const struct tp_scene *sc, size_t index, size_t sub,
				      struct tp_shape *out, double d[2]);

/* 1 when some shape that is not a printer's mark is drawn in ink id. */
int tp_scene_uses_ink(const struct tp_scene *sc, int id);

/* 1 when sc holds die lines alone: every shape but the printer's marks
 * is in the die or crease ink, and some in the die ink (a die file,
 * whatever its format). */
int tp_scene_die_only(const struct tp_scene *sc);

/* Flags shapes first .. n_shapes - 1 (those added since n_shapes was
 * `first`). */
void tp_scene_flag_from(struct tp_scene *sc, size_t first, uint16_t flags);

/* Flags the last added shape (e.g. TP_SHAPE_MARK). */
void tp_scene_flag_last(struct tp_scene *sc, uint16_t flags);

/* Marks differ per output file (the slug names the file), so they are
 * added just before writing and taken off again afterwards. */
struct tp_scene_state {
	size_t shapes, pts, text, layers;
	double margin;
};
void tp_scene_save(const struct tp_scene *sc, struct tp_scene_state *st);
void tp_scene_restore(struct tp_scene *sc, const struct tp_scene_state *st);

static inline const struct tp_ink *tp_scene_ink(const struct tp_scene *sc, int id)
{
	return tp_palette_ink(&sc->pal, id);
}

static inline const char *tp_scene_str(const struct tp_scene *sc,
				       const struct tp_shape *s)
{
	return sc->text + s->first;
}

#endif
