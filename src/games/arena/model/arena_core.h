#ifndef TP_ARENA_CORE_H
#define TP_ARENA_CORE_H

/* The shape arena game (seed 002, "Board game", Eliot and Taylor): the pure
 * core.  A numbered square board with an inner and an outer arena, six
 * polyomino shapes in six sets, and how the 36 pieces are dealt for 2 to 6
 * players.  No I/O, no drawing, no state: plain structs in, plain structs or
 * text (into a tp_buf) out, the same rules always giving the same result.
 *
 * Board geometry, for side n = 2m + 1 (rows and columns 0-based here, 1-based
 * in reports):
 *  - the centre (m, m) is the start square ("covering the centre square 9");
 *  - the numbered squares are those with r + c even: one parity class, so
 *    numbered squares are diagonally adjacent to one another and alternate in
 *    every row and column.  That class holds the four corners (where the seed
 *    puts the higher numbers) and the centre, so the centre carries a number:
 *    the seed discusses whether "the central playing position" counts in the
 *    quarter totals, which only matters if it is numbered.  It counts in
 *    none of the quarters and in the inner arena's total;
 *  - quarter 1 is rows 0..m-1 x columns 0..m (m x (m+1)); quarters 2, 3, 4
 *    are its turns by 90, 180, 270 degrees clockwise about the centre, a
 *    pinwheel that covers every square but the centre (quarter 0);
 *  - the inner arena is a shape symmetric under every turn and mirror of the
 *    board (enum tp_arena_inner), so every quarter holds the same count of
 *    inner and of outer numbered squares.
 * A rectangular board (arena.rows x arena.cols, both odd) keeps all this
 * but turns: see tp_arena_rows.  Its corners stay numbered (rows + cols - 2
 * is even); its centre (a, b) is numbered only when a + b is even, and
 * counts, numbered or not, in none of the quarters. */

#include <stddef.h>

#include "core/report.h"
#include "core/status.h"
#include "core/strbuf.h"

/* ---- rules and board ------------------------------------------------------ */

#define TP_ARENA_SIDE_MIN 7     /* the 6-square Gun must fit across the board */
#define TP_ARENA_SIDE_MAX 99    /* 2.5 m at 25 mm a square: past any table */
#define TP_ARENA_NUMBER_MAX 999 /* three digits still fit a square legibly */
#define TP_ARENA_GATE_DEFAULT 75 /* "constrained to play within the inner arena until he
				  * has scored 75 points" */
#define TP_ARENA_GATE_MAX 100000

/* Shape of the inner arena.  inner_size (0 = the default for the shape)
 * measures it from the centre square, in squares:
 *  - diamond: |dr| + |dc| <= size, default m: a square turned 45 degrees
 *    whose corners touch the middle of each side, leaving the four corners
 *    as the four separate parts of the outer arena (the seed's "generally
 *    square inner arena and four separate parts of an outer arena");
 *  - square: max(|dr|, |dc|) <= size, default the largest square holding
 *    no more than half the board (6 on 19: 13 x 13); the outer arena is
 *    then one ring, not four parts;
 *  - circle: dr^2 + dc^2 <= size^2 + size (a disc of radius size + 1/2),
 *    default m: touches the middle of each side like the diamond, the four
 *    outer parts smaller. */
enum tp_arena_inner { TP_INNER_DIAMOND, TP_INNER_SQUARE, TP_INNER_CIRCLE, TP_INNER_N };

/* The ways to play (seed 002): the standard game or the die game for young
 * children; the first player by a coin or by guessing the hand that hides
 * the "Eye"; four players in pairs or individually. */
enum tp_arena_variant { TP_ARENA_VARIANT_STANDARD, TP_ARENA_VARIANT_DIE };
enum tp_arena_start { TP_ARENA_START_COIN, TP_ARENA_START_EYE };
enum tp_arena_teams { TP_ARENA_TEAMS_PAIRS, TP_ARENA_TEAMS_INDIVIDUAL };
extern const char *const tp_arena_inner_names[TP_INNER_N]; /* "diamond", "square", "circle" */

/* The index of an inner-arena name, or -1. */
int tp_arena_inner_parse(const char *name);

/* Which squares carry a number (arena.numbering), dr and dc the row and
 * column from the centre:
 *  - alternate: row + col even, the seed's preferred board (see above);
 *  - groups: square groups of group_size x group_size numbered squares,
 *    group_gap unnumbered squares between groups, one group centred on the
 *    centre: numbered when (dr + h) mod p < group_size and (dc + h) mod p <
 *    group_size, p = group_size + group_gap, h = group_size / 2 (the
 *    seed's "groups of playing positions having numbers, interspaced by
 *    groups of playing positions without numbers");
 *  - all: every square ("every playing position ... could be numbered").
 * Each is symmetric under every turn and mirror, so the quarters keep
 * their counts and every total constraint holds as for alternate. */
enum tp_arena_numbering { TP_NUMBERING_ALTERNATE, TP_NUMBERING_GROUPS, TP_NUMBERING_ALL,
			  TP_NUMBERING_N };
extern const char *const tp_arena_numbering_names[TP_NUMBERING_N];
#define TP_ARENA_GROUP_MAX 15

/* The board's grid (arena.grid): square cells in rows and columns (the
 * seed's preferred board, everything above), or hexagonal cells "nesting
 * together in bee-hive cell fashion" on a hexagonal board of arena.side
 * cells an edge round a centre cell (geometry, sectors and coordinates in
 * arena_hex.h).  A hex board keeps the struct tp_arena_board layout: its
 * cells sit in a (2n+1) x (2n+1) array by axial coordinates, the slots
 * outside the hexagon marked off.  tri: a triangle of triangular cells
 * (arena_tri.h), in an L x (2L - 1) array.
 * Each grid is one line of TP_ARENA_GRIDS: its enum value, its table of
 * operations (arena_gridops.h), which carries everything else about it,
 * and its name (the arena.grid value), kept here rather than in the table
 * so that arena.grid's list of values is a constant built from this line. */
#define TP_ARENA_GRIDS(X)                                \
	X(TP_GRID_SQUARE, tp_arena_grid_square, "square") \
	X(TP_GRID_HEX, tp_arena_grid_hex, "hex")          \
	X(TP_GRID_TRI, tp_arena_grid_tri, "tri")
#define TP_ARENA_GRID_ENUM(id, table, name) id,
enum tp_arena_grid { TP_ARENA_GRIDS(TP_ARENA_GRID_ENUM) TP_GRID_N };

/* Grid g's name (its table's), the square's for a value out of range. */
const char *tp_arena_grid_name(int grid);

/* Sectors round the centre whose totals are equal: the four quarters of a
 * square board, the six 60-degree sectors of a hex board. */
#define TP_ARENA_SECTORS_MAX 6
int tp_arena_sectors(int grid); /* 4, 6 on hex, 3 on tri */

/* What the positions carry (arena.marking): numbers (the seed's preferred
 * board), or colours (the seed's "playing positions may be coloured"):
 * each position (a square tp_arena_numbered_at, the centre excepted, which
 * stays plain: it is the start, covered by the first piece) carries one of
 * r->colours colour classes 1..colours; pictures: the same classes, each
 * drawn as a picture (the seed's "animals, fruit etc.") in its colour.
 * Colour boards are balanced as the number boards' totals are (see
 * tp_arena_colour_derive); the game is then to collect (tp_arena_collect). */
enum tp_arena_marking { TP_MARKING_NUMBERS, TP_MARKING_COLOURS, TP_MARKING_PICTURES,
			TP_MARKING_N };
extern const char *const tp_arena_marking_names[TP_MARKING_N];
#define TP_ARENA_COLOURS_MIN 2
#define TP_ARENA_COLOURS_MAX 8
#define TP_ARENA_COLLECT_MAX 99

struct tp_arena_rules {
	int grid;                 /* enum tp_arena_grid; default square */
	int side;                 /* square: odd, TP_ARENA_SIDE_MIN..MAX; default 19.
				   * hex: cells an edge, TP_ARENA_HEX_SIDE_MIN..MAX */
	int rows, cols;           /* a rectangular board: each odd, SIDE_MIN..MAX;
				   * 0 (the default) = side */
	int numbering;            /* enum tp_arena_numbering; default alternate */
	int group_size, group_gap; /* groups: odd 1..TP_ARENA_GROUP_MAX, and
				    * 1..TP_ARENA_GROUP_MAX; default 3 and 2 */
	unsigned long long seed;  /* numbering seed; default 1 */
	int inner;                /* enum tp_arena_inner; default diamond */
	int inner_size;           /* 0 = the shape's default (see above) */
	int inner_min, inner_max; /* inner numbers; default 1..9 */
	int outer_min, outer_max; /* outer numbers; default 5..20 */
	int players;              /* 2..6, the production run's player count; default 2 */
	int gate;                 /* points that open the outer arena: 1..TP_ARENA_GATE_MAX,
				   * default TP_ARENA_GATE_DEFAULT (the seed's 75) */
	int gate_for[7];          /* [players]: that count's own gate, 0 = gate (a
				   * five- or six-player hand has fewer pieces) */
	int marking;              /* enum tp_arena_marking; default numbers */
	int colours;              /* colour classes, TP_ARENA_COLOURS_MIN..MAX; default 4 */
	int collect;              /* counters of each colour a chart holds, 0 = automatic
				   * (tp_arena_collect), else 1..TP_ARENA_COLLECT_MAX */
	int variant;              /* enum tp_arena_variant; default standard */
	int start;                /* enum tp_arena_start; default coin */
	int teams;                /* enum tp_arena_teams; default pairs (four players) */
	/* The shapes are not rules of the board: they are their own data
	 * (struct tp_arena_shapes, parsed from a shapes file). */
};

/* The board's rows and columns: rows (cols) when set, else side.  A board
 * with rows != cols is rectangular: its quarters are the same pinwheel
 * (quarter 1 rows 0..a-1 x columns 0..b for rows 2a+1, cols 2b+1; quarter
 * 2 rows 0..a x columns b+1..cols-1; quarters 3 and 4 the half turns of 1
 * and 2), so quarters 1 and 3 are alike in shape and 2 and 4, but 1 and 2
 * differ by a row and a column: they hold different counts of numbered
 * squares with the same totals.  The inner arena shapes are stretched by
 * cols/rows across (see tp_arena_inner_at), inner_size counting squares up
 * and down from the centre. */
int tp_arena_rows(const struct tp_arena_rules *r);
int tp_arena_cols(const struct tp_arena_rules *r);

/* Whether (row, col) carries a number under r->numbering (valid rules). */
int tp_arena_numbered_at(const struct tp_arena_rules *r, int row, int col);

/* Quarter (1..4, 0 the centre) of (row, col) on a rows x cols board. */
int tp_arena_quarter_of(int rows, int cols, int row, int col);

/* Quarter q's (1..4) rows box[0]..box[1] and columns box[2]..box[3]. */
void tp_arena_quarter_box(int rows, int cols, int q, int box[4]);

/* Turns (row, col) t clockwise quarter turns about the centre: any t on a
 * square board; on a rectangle only half turns (t even), an odd t leaves
 * it.  tp_arena_congruent: whether quarter q turns onto quarter p (every
 * pair on a square, 1-3 and 2-4 on a rectangle). */
void tp_arena_turn(int rows, int cols, int t, int *row, int *col);
int tp_arena_congruent(int rows, int cols, int q, int p);

/* The defaults above.  Inner 1..9 against outer 5..20: single figures in
 * the inner arena, where play stays until a player has 75 (a diamond on
 * 19 holds 81 inner numbers, about 400 points, so 75 comes within the
 * first few turns with the "2" and "3" pieces), and the corners up to 20
 * so that "in general, the numbers ... are higher" out there. */
void tp_arena_rules_default(struct tp_arena_rules *r);

/* The gate a game of players (2..6) plays behind: its own, else r->gate. */
int tp_arena_gate(const struct tp_arena_rules *r, int players);

/* Writes arena.gate as a config says it into out: "75", or "75, 5:60, 6:50"
 * with a gate of its own for some player counts. */
void tp_arena_gate_text(const struct tp_arena_rules *r, char *out, size_t n);

/* The player counts whose gate differs from r->gate, in words for the
 * rules and the score pad: " (60 with five players, 50 with six
 * players)"; "" when every count plays behind r->gate. */
void tp_arena_gate_counts(const struct tp_arena_rules *r, char *out, size_t n);

/* Checks the settings each on its own (side, ranges, inner shape and size,
 * players).  TP_OK or TP_EINPUT naming the setting (arena.side, ...).
 * tp_arena_board_derive calls it first. */
int tp_arena_rules_check(const struct tp_arena_rules *r, tp_err *e);
/* The same without the numbering's layout (an inner and an outer arena
 * holding numbers in every quarter or sector): each key in its range, so
 * that the board's size is known and a board too small for the pieces can
 * be refused for that before its numbering is (tp_arena_finish). */
int tp_arena_rules_check_keys(const struct tp_arena_rules *r, tp_err *e);

/* Whether (row, col) (0-based) lies in the inner arena of valid rules, and
 * the inner arena's size after the shape's default. */
int tp_arena_inner_at(const struct tp_arena_rules *r, int row, int col);
int tp_arena_inner_size_of(const struct tp_arena_rules *r);

struct tp_arena_square {
	int number;  /* 0 = unnumbered */
	int inner;   /* 1 inner arena, 0 outer; the centre is inner */
	int quarter; /* 1..4 (hex: the sector, 1..6), 0 for the centre */
	int off;     /* hex: 1 for a slot of the array outside the board (no
		      * cell: number 0, inner 0, quarter 0); square: always 0 */
	int colour;  /* colour boards: 1..colours on a position, 0 plain; 0 on number boards */
};

struct tp_arena_board {
	int grid;                    /* enum tp_arena_grid */
	int rows, cols;
	struct tp_arena_square *sq;  /* rows * cols, row-major */
	long quarter_total[TP_ARENA_SECTORS_MAX + 1];       /* [1..4] each quarter (hex:
							     * [1..6] each sector); [0]
							     * the centre's number */
	long inner_quarter_total[TP_ARENA_SECTORS_MAX + 1]; /* the same over inner cells only */
	long inner_total, outer_total; /* inner_total includes the centre */
	int n_inner_numbered, n_outer_numbered; /* the centre counts as inner */
	int colour_n[TP_ARENA_COLOURS_MAX + 1]; /* colour boards: positions of colour c
						 * (1..colours) on the whole board */
};

/* Numbers a board from the rules, from first principles: a splitmix64
 * stream seeded by r->seed draws each quarter's inner and outer numbers
 * (uniform in range, then nudged one at a time to the common sums); the
 * same rules give the same board, another seed another valid board.  Every
 * result passes tp_arena_board_verify.
 * Returns TP_OK with *out set (free with tp_arena_board_free), TP_EINPUT
 * with the reason when the settings are invalid or the ranges make the
 * constraints impossible, TP_EIO when memory runs out; *out is NULL on
 * failure. */
int tp_arena_board_derive(const struct tp_arena_rules *r, struct tp_arena_board **out,
			  tp_err *e);
void tp_arena_board_free(struct tp_arena_board *b);

struct tp_arena_shapes;

/* ---- colour boards (arena_colour.c) ------------------------------------------ */

/* Colours board bd (squares, arenas and quarters set, numbers 0) for rules
 * r with marking colours or pictures.  Balance, as the number boards'
 * totals: every part of a quarter (its inner positions, its outer
 * positions) holds each colour n / k or n / k + 1 times (n the part's
 * positions, k = r->colours), and quarters that turn onto each other
 * (all four on a square board, 1-3 and 2-4 on a rectangle) hold the same
 * count of every colour in each part; so on a square board every quarter
 * and every inner quarter holds each colour equally often.  No symmetry:
 * no two such quarters alike turned onto each other, the board not its
 * own mirror image.  The colour sequence of each quarter is a seeded
 * shuffle (splitmix64 from r->seed) of its part's colours.  TP_OK, or
 * TP_EINPUT when no colouring without symmetry is found (tiny parts). */
int tp_arena_colour_derive(const struct tp_arena_rules *r, struct tp_arena_board *bd, tp_err *e);

/* tp_arena_board_verify's part for colour boards: the positions coloured
 * 1..colours, every other square and the centre plain, the balance and no
 * symmetry as above.  0, or -1 with why. */
int tp_arena_colour_verify(const struct tp_arena_rules *r, const struct tp_arena_board *b,
			   char *why, size_t n);

/* The collecting game's chart: counters of each colour one player's chart
 * holds.  r->collect when set, else automatic: a player's hand covers H
 * squares (tp_arena_piece_squares / players), of which about H * P / S
 * are positions (P positions on S squares), H * P / (S k) of each colour;
 * two thirds of that, 2 H P / (3 S k) rounded down, at least 1, so that a
 * player playing for the colours it lacks fills its chart with pieces to
 * spare (the default board: 5 of each of 4 colours; greedy players fill
 * one in round 7 of 18, random players in 93 of 100 games).  0 when the pieces fail to deal. */
int tp_arena_collect(const struct tp_arena_rules *r, const struct tp_arena_shapes *sh,
		     const struct tp_arena_board *b);

/* Lays k values out over k squares at distances dist[] from the centre so
 * that they rise with the distance: the values sorted, the squares sorted
 * by distance plus a noise of half the distances' spread drawn from seed.
 * The values stay the same multiset (so every total holds).  0, or -1
 * when memory runs out (v unchanged). */
int tp_arena_rise(int *v, const double *dist, int k, unsigned long long seed);

/* The outer arena's rise toward the corners: the correlation of its
 * numbers with the distance of their squares from the centre, and the
 * mean number over the nearest (*near) and the farthest (*far) quarter of
 * those distances. */
double tp_arena_outer_rise(const struct tp_arena_board *b, double *near, double *far);

/* Re-checks a board against the rules from scratch: geometry (side, parity
 * class, arenas, quarters), ranges, the stored totals, equal quarter and
 * inner-quarter totals, outer total greater and outer average higher, no
 * two quarters alike when turned onto each other, no mirror symmetry.
 * Returns 0, or -1 with the first broken rule in why (n bytes). */
int tp_arena_board_verify(const struct tp_arena_rules *r, const struct tp_arena_board *b,
			  char *why, size_t n);

/* ---- shapes --------------------------------------------------------------- */

#define TP_ARENA_SHAPES 6

struct tp_arena_shape {
	char name[32];
	int n_cells;
	int cell[6][2]; /* (row, col), 0-based, translated so the least row
			 * and the least col are 0 */
};

/* Sorted by size: s[i] covers i + 1 squares.  grid: the cells' grid
 * (enum tp_arena_grid), from the file's grid key. */
struct tp_arena_shapes {
	struct tp_arena_shape s[TP_ARENA_SHAPES];
	int grid;
};

/* Parses a shapes file held in memory (text, len bytes; need not be
 * NUL-terminated).  The format (templates/shapes/default.ini):
 *
 *     ; comment            (also # comment; blank lines ignored)
 *     grid = hex           optional, before the first shape: square (the
 *                          default) or hex; on hex, cells are row,col =
 *                          r,q axial (arena_hex.h), 6 neighbours each
 *     [Snake]              one section per shape, named by its header:
 *                          letters, digits, space, - and _, 1..31 chars
 *     cells = 0,0 0,1 1,1 1,2
 *                          the only key: row,col pairs separated by
 *                          spaces, rows and cols 0..5
 *
 * Exactly six shapes, of six different sizes (so 1..6 squares), each
 * edge-connected, no cell repeated, no name repeated.  Returns TP_OK, or
 * TP_EINPUT naming path:line and what is wrong; *out is zeroed first.
 * Allocates nothing. */
int tp_arena_shapes_parse(const char *text, size_t len, const char *path,
			  struct tp_arena_shapes *out, tp_err *e);

/* 1 when shape names a and b are the same, ASCII case ignored. */
int tp_arena_same_name(const char *a, const char *b);

/* ---- pieces --------------------------------------------------------------- */

/* Six sets of the six shapes: sets 1 and 2 blank, 3 and 4 marked "2",
 * 5 and 6 marked "3": 36 pieces, two of each shape and mark. */
enum tp_arena_mark { TP_MARK_BLANK, TP_MARK_2, TP_MARK_3, TP_MARK_N };
extern const char *const tp_arena_mark_names[TP_MARK_N]; /* "blank", "2", "3" */
#define TP_ARENA_SETS 6
#define TP_ARENA_PIECES (TP_ARENA_SETS * TP_ARENA_SHAPES)

struct tp_arena_deal {
	int player; /* 1..players */
	int shape;  /* index into tp_arena_shapes.s */
	int mark;   /* enum tp_arena_mark: the physical piece's mark */
	int count;  /* >= 1 */
};

/* Which pieces each of N players receives (players are numbered in turn
 * order round the table):
 *  - 2: each one of every shape and mark, 18 (sets 1, 3, 5 to player 1,
 *    sets 2, 4, 6 to player 2);
 *  - 4 (in pairs; the seed uses the same pieces when playing individually):
 *    partners sit opposite, so players 1 and 3 share sets 1, 3, 5 and
 *    players 2 and 4 sets 2, 4, 6; the lower-numbered partner receives the
 *    seed's list (1 Gun unmarked, 1 Gun "2", 1 Door "3", 1 Snake unmarked,
 *    1 Snake "2", 1 Quoin "3", 1 Rod "2", 1 Rod unmarked, 1 Eye "3"), the
 *    other the rest.  The list is matched by name when the shapes carry
 *    the seed's six names, else by the sizes of the default file;
 *  - 3: 12 each, two of every shape: player p has both sets of one mark
 *    (1 blank, 2 "2", 3 "3"), so every hand is uniform; all score unmarked;
 *  - 5, 6: one of every shape each, player p set p; all score unmarked
 *    (with 5, set 6 stays in the box).
 * Lines sorted by player, shape index, mark.  Returns TP_OK with *out
 * (free with free()) and *n, TP_EINPUT for players outside 2..6, TP_EIO
 * when memory runs out. */
int tp_arena_deal(const struct tp_arena_shapes *sh, int players,
		  struct tp_arena_deal **out, size_t *n, tp_err *e);

/* The score pad's notes on the deal and the marks (NULL-terminated): the
 * printed marks count only with 2 and 4 players, and manifest/deal-N.csv
 * names the printed pieces each player takes. */
extern const char *const tp_arena_pad_notes[];

/* Which physical piece goes to whom in an N-player game of a print run:
 * pieces are indexed by shape then set (set 1..6: 1-2 blank, 3-4 "2",
 * 5-6 "3"), printed[i] is the player whose colour piece i is printed in
 * (0: none).  Each player receives what tp_arena_deal gives them (the
 * mark too where marks score: 2 and 4 players; any mark where all score
 * unmarked), taking pieces of their own colour first, then pieces of a
 * colour no player of this game has, then the lowest sets left; so a
 * 3-player game from a 2-colour print gives players 1 and 2 their own
 * colours and player 3 the rest.  Fills to[i] (0: stays in the box).
 * TP_OK, or what tp_arena_deal returns. */
int tp_arena_hand_out(const struct tp_arena_shapes *sh, const int printed[TP_ARENA_PIECES],
		      int players, int to[TP_ARENA_PIECES], tp_err *e);

/* 1 when the "2" and "3" marks multiply for this player count (2 and 4
 * players), 0 when every piece scores as unmarked (3, 5, 6). */
int tp_arena_marks_score(int players);

/* ---- playability: the rules as checks (arena_play.c) ------------------------ */

/* Parts the outer arena falls into under each inner shape: diamond and
 * circle 4 (the seed's "four separate parts of an outer arena"; on a hex
 * grid 6, one round each corner), square 1 (one ring round the inner
 * square or hexagon: this shape departs from the seed). */
int tp_arena_parts_promised(int grid, int inner);

/* Whether array slot (row, col) holds a cell of the board of valid rules
 * (any slot of a square board; a hex board's hexagon). */
int tp_arena_on_board(const struct tp_arena_rules *r, int row, int col);

/* How many 4-connected parts the outer arena of valid rules falls into;
 * -1 when memory runs out. */
int tp_arena_outer_parts(const struct tp_arena_rules *r);

/* Squares the pieces of one game for N players cover (126 for 2, 3, 4 and
 * 6 players, 105 for 5); -1 on failure. */
int tp_arena_piece_squares(const struct tp_arena_shapes *sh, int players);

/* The most player 1 of N can score in the inner arena of board b: the
 * largest inner numbers, as many as its hand covers squares, with its "2"
 * and "3" marks (when they score for N players) on the largest of them.
 * An upper bound: no play scores more.  -1 when memory runs out. */
long tp_arena_inner_reach(const struct tp_arena_shapes *sh, const struct tp_arena_board *b,
			  int players);

/* The rules that make a game impossible to play, each a refusal naming
 * the key that would fix it and a value that would ("arena.KEY = V: ...;
 * use arena.KEY = W"):
 *  - the pieces of an r->players game cover more squares than the board has
 *    (arena.side);
 *  - the outer arena is not in the parts the inner shape promises
 *    (arena.inner_size, or arena.inner);
 *  - an r->players hand cannot reach the gate in the inner arena even at
 *    best (tp_arena_inner_reach < arena.gate).
 * TP_OK, TP_EINPUT, or TP_EIO when memory runs out. */
int tp_arena_playable(const struct tp_arena_rules *r, const struct tp_arena_shapes *sh,
		      const struct tp_arena_board *b, tp_err *e);

/* The first of those rules alone, which needs no numbered board: the
 * config runs it before numbering, since a board too small for the pieces
 * (a hex side of 4) may also be too small to number, and that refusal
 * would offer number ranges, which never make its pieces fit. */
int tp_arena_fits(const struct tp_arena_rules *r, const struct tp_arena_shapes *sh, tp_err *e);

/* Whether a board repeats itself in a way the seed's "each quarter ... a
 * different layout" forbids and the generator avoids where the ranges
 * allow (small boards): the inner parts of two quarters alike when turned
 * onto each other, or a quarter its own mirror image.  1 with the first
 * such in why, else 0.  A warning, not a refusal. */
int tp_arena_quarters_alike(const struct tp_arena_board *b, char *why, size_t n);

/* Whether number v carries a bar under it on the board, so that it is not
 * read as another number turned half round: its digits are all 0 1 6 8 9
 * (they read turned) and it has a 6 or a 9 (6, 9, 16, 19, 61, 66, 68, 69,
 * 86, 89, 91, ...), or turned it reads as a different number (18 and 81,
 * which outer_max 81 and up brings; 10 turned reads "01", no number). */
int tp_arena_needs_bar(int v);

/* ---- reports (into a tp_buf; its sticky oom flag reports memory) ----------- */

/* The board: csv `row,col,number,arena,quarter` (1-based, row-major, number
 * 0 when unnumbered, arena inner|outer, quarter 0 for the centre); text:
 * the numbered grid and the arena/quarter map with the totals; json: the
 * same as arrays of rows. */
void tp_arena_pattern_format(struct tp_buf *b, const struct tp_arena_rules *r,
			     const struct tp_arena_board *board, int fmt);

/* The production run: the 36 pieces of a game times run (tp_run_count per
 * shape and mark).  csv `shape,squares,blank,marked_2,marked_3,total`, one
 * row per shape (squares: the squares one piece covers) then `total`
 * (squares: the squares all pieces of the run cover, 126 a game); text;
 * json, which also carries the shapes' cells and, when board is not NULL,
 * the board's totals (quarters, inner quarters, centre, inner/outer
 * totals and averages).  board may be NULL. */
void tp_arena_manifest_format(struct tp_buf *b, const struct tp_arena_rules *r,
			      const struct tp_arena_shapes *sh,
			      const struct tp_arena_board *board,
			      const struct tp_run *run, int fmt);

/* The pieces of one game for N players: csv `player,shape,squares,mark,count`
 * (one line per tp_arena_deal line); text; json.  Returns what tp_arena_deal
 * returns (nothing is written on failure); a full buffer shows in b->oom. */
int tp_arena_deal_format(struct tp_buf *b, const struct tp_arena_shapes *sh, int players,
			 int fmt, tp_err *e);

/* ---- the model (arena_core.c) ---------------------------------------------- */

/* One piece of the 36: shape (index into the shapes), set 1..6 (1-2
 * blank, 3-4 marked "2", 5-6 marked "3"), its mark, and the player it is
 * dealt to for arena.players (1..6), 0 for none (the sixth set with five
 * players stays in the box). */
struct tp_arena_piece {
	int shape, set, mark, player;
};

struct tp_arena_model {
	struct tp_arena_board *board;
	struct tp_arena_piece piece[TP_ARENA_PIECES];  /* by shape, then set */
};

/* The board from the rules, and the pieces dealt for rules->players: each
 * deal line takes the lowest sets of its shape and mark not yet dealt.
 * TP_OK with *out (free with tp_arena_model_free), or what
 * tp_arena_board_derive / tp_arena_deal return. */
int tp_arena_model_derive(const struct tp_arena_rules *r, const struct tp_arena_shapes *sh,
			  struct tp_arena_model **out, tp_err *e);
void tp_arena_model_free(struct tp_arena_model *m);

#endif
