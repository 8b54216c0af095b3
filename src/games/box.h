#ifndef TP_BOX_H
#define TP_BOX_H

/* The box: a two-piece set-up box (a base and a lid, each a greyboard tray
 * wrapped in printed paper), sized from what goes in it.
 *
 * Contents (tp_box_list): flat parts (the board or its parts, measured
 * from the game's "board" sheet as built) stacked one on another; loose
 * parts (tiles, pieces) lying in a bag in layers over the base's floor;
 * the rules booklet (A5, its thickness from its page count) and the bag.
 * The base's inside is the largest flat part (or the booklet), turned to
 * lie along the base, plus print.box_clearance_mm each side; its depth
 * the stack plus the clearance.  The lid fits over the base: its inside
 * is the base's outside plus TP_BOX_LID_PLAY each side, as deep as the
 * base.
 *
 * Each part's wrap is a cross-shaped net round its tray (outside A x B,
 * height H = depth + board): the floor (the lid's top) A x B in the
 * middle, a side panel H high on each edge, a turn-in print.box_wrap_mm
 * deep beyond each side (glued inside over the rim, its ends mitred at
 * 45 degrees), and a corner flap on each end of the two short-edge sides
 * that folds round the corner under the long sides.  Die line: the net's
 * outline (closed); crease (fold) lines in the Crease spot ink. */

#include <stddef.h>

#include "core/strbuf.h"
#include "games/config.h"

#define TP_BOX_ITEMS 24
#define TP_BOX_LID_PLAY 1.0     /* mm, between the base's outside and the lid */
#define TP_BOX_PAPER_MM 0.1     /* one leaf of the booklet's 80-100 g/m2 paper */
#define TP_BOX_BAG_MM 4.0       /* the bag's cloth and gathered neck over the loose parts */
#define TP_BOX_LOOSE_SLACK 1.3  /* loose parts in a bag take this much more than their area */

struct tp_box_item {
	char what[80];
	double w, h;        /* mm, as it lies */
	int n;
	double thick;       /* each, mm */
	int loose;          /* 1: in the bag, in layers; 0: stacked flat */
};

struct tp_box_list {
	struct tp_box_item it[TP_BOX_ITEMS];
	int n;
};

/* Adds an item (nothing when the list is full). */
void tp_box_add(struct tp_box_list *l, const char *what, double w, double h, int n,
		double thick, int loose);

/* The box's figures. */
struct tp_box_size {
	double in_w, in_l, depth;      /* the base's inside, mm */
	double stack;                  /* the contents' height, mm */
	double board;                  /* greyboard */
	double flat_w, flat_l;         /* the largest flat part, turned to lie along */
	int layers;                    /* of the loose parts */
	int booklet_pages;
};

/* What goes in c's box, and its size.  TP_OK or a failure. */
int tp_box_plan(const struct tp_config *c, const void *model, struct tp_box_list *l,
		struct tp_box_size *z, tp_err *e);

/* The turn-in of a tray H high outside: print.box_wrap_mm, or the
 * tray's inner wall when that is lower. */
double tp_box_turn_in(const struct tp_config *c, double H);

/* manifest/box.txt: the items, their sizes, the stack and the box. */
void tp_box_report(struct tp_buf *b, const struct tp_config *c, const void *model);

/* The sheet "box": page "base" and page "lid", each a wrap. */
#define TP_BOX_SHEET_DEF                                                                     \
	{ "box", "set-up box: the base's and the lid's wraps", TP_SHEET_WHOLE, tp_box_absent, \
	  tp_box_prepare, tp_box_build, NULL, NULL, NULL, 0 }
int tp_box_absent(const struct tp_config *c, const char *sheet, char *why, size_t n);
int tp_box_prepare(struct tp_config *c, tp_err *e);
struct tp_doc;
int tp_box_build(const struct tp_config *c, const void *model, struct tp_doc *doc);

#endif
