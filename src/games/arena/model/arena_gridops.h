#ifndef TP_ARENA_GRIDOPS_H
#define TP_ARENA_GRIDOPS_H

/* What differs between the arena's grids (square, hex, tri), in one table
 * per grid (arena_grid_square.c, arena_grid_hex.c, arena_grid_tri.c), so
 * that the rules, sheets, play and report ask the board's table instead of
 * branching on its grid.  Pure. */

#include "core/status.h"
#include "games/arena/model/arena_core.h"

#include <stddef.h>

struct tp_arena_rules;
struct tp_arena_board;

struct tp_arena_gridops {
	int sectors;        /* the parts whose totals are equal: 4 quarters, 6 or 3 sectors */
	const char *part;   /* what a report calls one: "quarter" or "sector" */
	int neighbours;     /* the cells a cell shares an edge with: 4, 6, 3 */
	/* Their slots' (row, col) offsets from a slot in an even and in an
	 * odd column (on triangles an up and a down cell). */
	int step[2][6][2];
	int side_step;      /* the next valid arena.side is this much larger */
	int side_max;       /* the largest arena.side */
	/* What the texts call a cell and the board: "square" and "squares",
	 * or "cell" and "cells"; the board's adjective ("hex"). */
	struct {
		const char *cell, *cells, *board;
	} noun;
	/* `check`'s first words on a board that is not a rectangle: its side
	 * (%d), cells (%ld), pitch or edge (%g mm), seed (%llu), inner arena
	 * (%s) and whether at its default size (%s). */
	const char *board_line;
	/* 1: a rectangle of square cells, every slot on the board, drawn,
	 * cut and hinged square by square (the ledges, the logo, rectangular
	 * parts) and turned by quarters; 0: a polygon of cells drawn, cut and
	 * hinged from cell_corners (the cell sheets, arena_hexsheets.c). */
	int rect;
	/* Shapes: a shape's columns move by this step (on triangles an odd
	 * step turns cells over), so span 6 steps. */
	int col_step;
	/* A cell's inscribed circle's radius is its pitch (edge) over this. */
	double inradius_div;
	/* The arena.shapes file that "default" means on this grid. */
	const char *shapes_default;
	/* Texts: the outer arena's parts in `check`, the same in the refusal
	 * of arena.inner = square, the note after numbering alternate ("" for
	 * none), and how no straight fold line meets a board that is not a
	 * rectangle ("crosses a hexagonal" board between its cells). */
	struct {
		const char *outer_parts, *inner_square_note, *alternate_note, *fold_line;
	} text;

	/* The board's array: rows and columns of slots (cells, and on hex
	 * and tri boards the slots outside the board marked off). */
	int (*rows)(const struct tp_arena_rules *r);
	int (*cols)(const struct tp_arena_rules *r);
	/* The inner arena's size when arena.inner_size is 0. */
	int (*inner_default)(const struct tp_arena_rules *r);
	/* Whether slot (row, col) is a cell in the inner arena of `size`,
	 * and whether it carries a number or a mark. */
	int (*inner_in)(const struct tp_arena_rules *r, int size, int row, int col);
	int (*numbered_at)(const struct tp_arena_rules *r, int row, int col);
	/* The grid's checks of arena.side and the arenas, with the checks
	 * every grid shares (tp_arena_check_common) where its messages
	 * should come (the square board's, in arena_rules.c, also reads
	 * rows and cols). */
	int (*rules_check)(const struct tp_arena_rules *r, int layout, tp_err *e);
	/* The generator and its verifier (contracts of tp_arena_board_derive
	 * and tp_arena_board_verify in arena_core.h), after the rules' check. */
	int (*derive)(const struct tp_arena_rules *r, struct tp_arena_board **out, tp_err *e);
	int (*verify)(const struct tp_arena_rules *r, const struct tp_arena_board *b, char *why, size_t n);
	/* The cells on a board of R rows and C columns of slots. */
	long (*cell_count)(int R, int C);

	/* A board of R rows and C columns by slot: whether (row, col) holds
	 * a cell, its quarter or sector (1..sectors, 0 the centre) and the
	 * distance of its centre from the board's centre (in squares or
	 * cells); whether parts q and p turn onto each other (on a rectangle
	 * only every other quarter does). */
	int (*slot_on)(int R, int C, int row, int col);
	int (*part_of)(int R, int C, int row, int col);
	double (*dist)(int R, int C, int row, int col);
	int (*turns_onto)(int R, int C, int q, int p);
	/* The centre cell's slot (row * C + col); whether a slot's cell on
	 * the lattice (cell_corners) counts from the centre slot (hex axial
	 * r, q) or from the array's corner (row, col). */
	int (*centre)(int R, int C);
	int centred;
	/* Whether part q turned onto part p reads the same (numbers and
	 * colours), and whether the board reads the same mirrored about axis
	 * k (0..sectors - 1; on a square board 0..3, the diagonals only on a
	 * square). */
	int (*part_repeats)(const struct tp_arena_board *b, int q, int p);
	int (*mirrored)(const struct tp_arena_board *b, int axis);
	/* On the hex and tri boards (NULL on the square one, whose quarters
	 * arena_rules.c turns): a slot turned t sectors on or mirrored by
	 * mirror k. */
	void (*slot_turn)(int R, int t, int *row, int *col);
	void (*slot_mirror)(int R, int k, int *row, int *col);

	/* The cell's outline and place (contracts in arena_polyform.h, whose
	 * calls hand over to these): the corners of the cell at (row, col)
	 * on the integer lattice, how many; a lattice point (X, Y) in mm for
	 * a cell edge or pitch p, x = X p / lattice[0] and
	 * y = Y p lattice[1] / lattice[2]; the cell's centre in mm. */
	int (*cell_corners)(int row, int col, int v[6][2]);
	double lattice[3];
	void (*cell_mm)(double p, int row, int col, double *x, double *y);
	/* Whether cells a and b (row, col in a shape) share an edge. */
	int (*adjacent)(const int *a, const int *b);
	/* A shape's orientations: shape_turns turns (4 on squares, 6 on
	 * hexes and triangles) of each face; cell (r, c) of a shape mirrored
	 * when face is 1, then turned t times. */
	int shape_turns;
	void (*orient)(int face, int t, int *r, int *c);

	/* The cell sheets (arena_hexsheets.c; unset where rect, whose
	 * sheets lay the squares out in rows and columns).  The cells' box
	 * for a pitch (edge) p, w x h mm, and whether the lattice origin lies
	 * at its top middle (a triangle's apex) or its centre (the centre
	 * cell's centre). */
	void (*cells_box)(int R, double p, double *w, double *h);
	int origin_top;
	/* A cell drawn, on every grid's board sheet, in pitches (edges): the
	 * box its number fits, a colour's disc, a picture's box, the start
	 * ring's radius; whether a coloured cell keeps a window of the
	 * arena's ground round its mark (a picture's always does), and that
	 * window's size, its share of the cell about the cell's centre. */
	double number_box, disc, picture, start_ring;
	int window;
	double frame;
	/* How the number in slot (row, col) of part `part` turns to read
	 * from its nearest board edge: the cosine and sine of its clockwise
	 * turn (exact on the square board, whose numbers turn by quarters). */
	void (*number_turn)(int R, int C, int row, int col, int part, double *ca, double *sa);
	/* A piece's player pips: this far (pitches) from its last cell's
	 * centre, below it; or, when wide_pips, toward the cell's wide side
	 * (below an up cell, above a down one) and clear of a one-cell
	 * piece's mark disc. */
	double pip_dy;
	int wide_pips;

	/* The `pattern` command's writer: the board in the grid's own
	 * coordinates, as fmt (TP_FMT_TEXT, _CSV, _JSON) asks. */
	void (*pattern)(struct tp_buf *b, const struct tp_arena_rules *r,
			const struct tp_arena_board *bd, int fmt);
};

/* Every grid's table, by its line of TP_ARENA_GRIDS (arena_core.h). */
#define TP_ARENA_GRID_EXTERN(id, table, name) extern const struct tp_arena_gridops table;
TP_ARENA_GRIDS(TP_ARENA_GRID_EXTERN)

/* The grids' pattern writers (report/arena_report.c), one per table's
 * pattern entry. */
void tp_arena_square_pattern(struct tp_buf *b, const struct tp_arena_rules *r,
			     const struct tp_arena_board *bd, int fmt);
void tp_arena_hex_pattern(struct tp_buf *b, const struct tp_arena_rules *r,
			  const struct tp_arena_board *bd, int fmt);
void tp_arena_tri_pattern(struct tp_buf *b, const struct tp_arena_rules *r,
			  const struct tp_arena_board *bd, int fmt);

/* The table of grid (enum tp_arena_grid); the square board's for a value
 * out of range, which the rules' check refuses. */
const struct tp_arena_gridops *tp_arena_gridops_for(int grid);

#endif
