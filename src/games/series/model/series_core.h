#ifndef TP_SERIES_H
#define TP_SERIES_H

/* The series-tiles core (patent 000, [0072]-[0094]): derives the played
 * pattern, the board image, the backs and Table I from the rules.  Pure: no
 * I/O, no drawing; results are plain structs. */

#include <stddef.h>

#include "core/status.h"

/* Numbered as the patent numbers the quadrants of FIG. 2A (201..204). */
enum tp_series { TP_LATERAL, TP_BOXES, TP_VERTICAL, TP_DOTS, TP_NONE };
#define TP_N_SERIES 4

/* Clockwise from the top-left, so that "clockwise" is +1 mod 4. */
enum tp_corner { TP_NW, TP_NE, TP_SE, TP_SW };

extern const char *const tp_series_names[TP_N_SERIES + 1]; /* ..., "none" */
extern const char *const tp_corner_names[4];

/* An indicia template: for value n (1..9), the n cells of the nw quadrant
 * to fill, as (row, col) with (0,0) at the tile's corner. */
struct tp_template {
	char name[64];
	char description[160];
	unsigned char cell[10][9][2];
};

struct tp_anchor {
	int row, col;      /* 0-based board square */
	int front;         /* 1..9 */
	int corner;        /* enum tp_corner: where the lateral quadrant is */
	char where[160];   /* source, for messages: "config/series.ini:9" */
};

#define TP_MAX_ANCHORS 64

struct tp_rules {
	int pairing;               /* boxes = pairing * lateral (mod 9) */
	int cycle[4];              /* series clockwise from the lateral corner */
	int board_centre;          /* enum tp_corner */
	int backs;                 /* 0: tutorial edition, no board image */
	int rows, cols;
	const struct tp_template *tpl;
	struct tp_anchor anchors[TP_MAX_ANCHORS];
	int n_anchors;
	char where_centre[160];    /* source of board_centre, for messages */
	char source[160];          /* the config file, for messages on no one line */
	char anchors_source[200];  /* where the set of anchors came from */
};

struct tp_tile {
	unsigned char front;   /* 1..9 */
	unsigned char corner;  /* lateral corner */
	unsigned char back;    /* enum tp_series, TP_NONE when unmarked */
	unsigned char anchor;  /* fixed to the board */
};

/* One colour class: every tile whose (row + col) has this parity. */
struct tp_class {
	int corner;      /* shared lateral corner */
	int row, col;    /* a reference square (an anchor) */
	int front;       /* front at the reference square */
	int step_se;     /* front change for a step (+1,+1), mod 9 */
	int step_sw;     /* front change for a step (+1,-1), mod 9 */
};

struct tp_pattern {
	int rows, cols;
	struct tp_class cls[2];   /* by parity of row + col */
	struct tp_tile *tiles;    /* rows * cols, row-major */
	/* FIG. 18: plane position of a 9-tile whose 3x3 neighbourhood holds all
	 * nine fronts (spanning = 0 when none exists; only allowed with backs
	 * off). */
	int spanning, span_r, span_c;
	/* Board image (NULL when backs are off): series of each square. */
	unsigned char *board;
	int patch_rows, patch_cols;   /* rows/6, cols/6 */
	int patch_r0, patch_c0;       /* plane position of patch tile (0,0) */
	int centre_r, centre_c;       /* patch position of the 9-tile */
	/* Table I: count[front-1][back], back in enum tp_series order. */
	int count[9][TP_N_SERIES + 1];
	int n_anchor_tiles;
};

/* Value (1..9) shown by series s on front v. */
int tp_series_value(int pairing, int s, int v);

/* The series in the quadrant at corner k of a tile with lateral corner L. */
int tp_series_at(const int cycle[4], int lateral_corner, int k);

/* Fills out[6][6] with the series of each cell of a tile front (TP_NONE for
 * an empty cell); row 0 is the tile's top edge. */
void tp_series_tile_cells(const struct tp_rules *r, int front, int lateral_corner,
		   unsigned char out[6][6]);

/* Maps cell (a,b) of the nw quadrant to tile coordinates in quadrant k. */
void tp_series_quadrant_cell(int k, int a, int b, int *row, int *col);

/* Front and lateral corner at any plane position (may be off the board). */
void tp_series_plane_at(const struct tp_pattern *p, int row, int col,
		 int *front, int *corner);

/* Derives everything.  Returns TP_OK with *out set (free with
 * tp_series_free), or TP_EINPUT with a message naming the offending anchor
 * or setting, or TP_EIO when out of memory. */
int tp_series_derive(const struct tp_rules *r, struct tp_pattern **out, tp_err *e);
void tp_series_free(struct tp_pattern *p);

/* The first half of tp_series_derive, with no allocation: checks r's
 * anchors and fixes p->cls, p->spanning, p->span_r and p->span_c (p->tiles
 * and p->board are left alone).  TP_OK, or TP_EINPUT with a message. */
int tp_series_plane_fix(const struct tp_rules *r, struct tp_pattern *p, tp_err *e);

/* ---- anchors for any board (series_anchors.c; FIG. 22, claim 16) ----------
 *
 * The plane: a 9-tile with lateral corner r->board_centre whose 3x3
 * neighbourhood holds all nine fronts (FIG. 18, the centre of the board
 * image, FIG. 20) sits on the board's middle square, row rows/2 and col
 * (cols-1)/2 (0-based); the other colour class takes the first front that
 * gives that spanning patch (with backs off and no spanning patch possible,
 * the first consistent one).
 * The squares: the middle of each quarter of the board, (m, n), (m, C-1-n),
 * (R-1-m, n), (R-1-m, C-1-n) with m = (R/2-1)/2, n = (C/2-1)/2; on a board
 * with both sides odd (where those four share one colour class) a diamond
 * on the board's middle lines instead.  Either way the set of squares is
 * its own mirror image across both middle lines.  Each anchor holds the
 * plane's tile on its square, so the set is consistent by construction.
 * For 18x18 and the patent's rules this is the built-in placement. */

/* Writes up to max anchors for r's rules and board size (r->anchors are
 * not read) into out, each with where naming the derivation, and returns
 * how many the placement has: 4 on every board at least 2x2 except a 3-wide
 * board with both sides odd (3), fewer on a 1-wide board; 0 when none
 * exists (1x1, or rules with no consistent plane, or with backs on no
 * spanning patch). */
int tp_series_default_anchors(const struct tp_rules *r, struct tp_anchor *out, int max);

/* Writes "anchors that work on RxC: anchor = 3 6 2 se, anchor = ..." (in
 * config syntax, 1-based) into text (size n, always terminated) and returns
 * the number of anchors named; 0 with "no anchors work on RxC with these
 * rules" when there are none. */
int tp_series_suggest_anchors(const struct tp_rules *r, char *text, size_t n);

/* Appends "; " and the suggestion to e->msg (as far as it fits). */
void tp_series_append_suggestion(const struct tp_rules *r, tp_err *e);

#endif
