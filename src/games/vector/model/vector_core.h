#ifndef TP_VECTOR_CORE_H
#define TP_VECTOR_CORE_H

/* The vector-tiles core (seed 001: W. T. Powers, board game patent of June
 * 28, 1974).  From the rules it derives the vector tiles (every per_tile-
 * subset of the allowed compass directions, each once), the blank, start
 * and home tiles, the set-up of FIG. 2 on the board, and the turned-tile
 * facts.  Pure: no I/O, no drawing, no state; results are plain structs.
 *
 * Set-up (FIG. 2; the seed fixes sides, not which corner is whose home):
 *  - start tiles on the bottom row (row rows-1, 0-based), filled from both
 *    corners inward: player 1 bottom-left, player 2 bottom-right, player 3
 *    next to player 1, player 4 next to player 2 (col 0, cols-1, 1, cols-2);
 *  - each player's home tile is its start square turned through the board
 *    centre (point reflection): row 0, col cols-1-start_col.  So the two
 *    players of the seed start in the bottom corners and head for the
 *    diagonally opposite top corners (player 1, circle, bottom-left -> top-
 *    right); every player is the same distance from home and the routes
 *    cross the centre, round the blanks ("inner borders of the playing
 *    area").  The seed only says "opposite ends of the board";
 *  - blanks: the `blanks` free squares (not start/home) nearest the board
 *    centre, by squared distance of square centres, ties in row-major
 *    order: a compact block in the centre (the 2 x 2 centre for the seed's
 *    4 blanks on 8 x 8);
 *  - vector tiles fill the remaining squares row-major, in lexicographic
 *    order of the combinations of positions in the directions key.
 * A board needs rows >= 2 (start and home tiles at opposite ends) and
 * cols >= players (start tiles side by side on one row); tp_vector_fit
 * refuses anything else with a reason.
 *
 * Note: the compass enumerators TP_DIR_NE, TP_DIR_SE, TP_DIR_SW, TP_DIR_NW share names with
 * enum tp_corner in series.h; the two headers cannot be included in the
 * same translation unit until one of them is renamed. */

#include <stddef.h>

#include "core/report.h"
#include "core/status.h"
#include "core/strbuf.h"

/* Clockwise from north, so that a turn by 45 degrees clockwise is +1 mod 8
 * and by 90 degrees is +2. */
enum tp_compass { TP_DIR_N, TP_DIR_NE, TP_DIR_E, TP_DIR_SE, TP_DIR_S, TP_DIR_SW, TP_DIR_W, TP_DIR_NW, TP_N_DIRS };
extern const char *const tp_compass_names[TP_N_DIRS];   /* "n","ne","e","se","s","sw","w","nw" */

enum tp_vkind { TP_VK_VECTOR, TP_VK_BLANK, TP_VK_START, TP_VK_HOME, TP_VK_COUNT };
extern const char *const tp_vkind_names[TP_VK_COUNT];      /* "vector","blank","start","home" */

#define TP_VEC_MAX_PLAYERS 4   /* one per player symbol: circle, square, hexagon, octagon */
#define TP_VEC_MAX_SIDE 1200   /* rows and cols are 1..TP_VEC_MAX_SIDE */

struct tp_vector_rules {
	int rows, cols;          /* board squares (shared [board] keys), 1..1200 */
	int n_dirs;              /* 1..8 */
	int dirs[TP_N_DIRS];  /* compass points a tile may show, in the order of the directions key */
	int per_tile;            /* vectors per tile, 1..n_dirs */
	int blanks;              /* >= 0 */
	int players;             /* 1..TP_VEC_MAX_PLAYERS */
	int symbol[TP_VEC_MAX_PLAYERS]; /* per player: 0 circle, 1 square, 2 hexagon, 3 octagon (enum tp_symbol order) */
	int stuck;               /* enum tp_vector_stuck: what a player with no move does */
	int blanks_placed;       /* enum tp_vector_blanks: where the blank tiles go */
};

/* Where the blank tiles go: in the centre at set-up (FIG. 2, the default)
 * or, the seed's variation, "arbitrarily placed by the players just as
 * they placed the vector tiles" in phase 1.  The model's grid keeps the
 * blanks in the centre either way (the reference laying that pattern and
 * the tiles sheet show); the set-up sheet, simulate and the playability
 * check follow this key. */
enum tp_vector_blanks { TP_BLANKS_CENTRE, TP_BLANKS_PLAYERS, TP_BLANKS_N };
extern const char *const tp_vector_blanks_names[TP_BLANKS_N]; /* "centre", "players" */

/* The seed does not say what a player does who cannot move (every vector
 * of the tile the previous player moved to points off the board, at a
 * blank, a start or home tile or a piece): pass (the default; the next
 * player moves along the vectors of the tile the stuck player stands on)
 * or lose (the stuck player is out; the last one left wins). */
enum tp_vector_stuck { TP_STUCK_PASS, TP_STUCK_LOSE, TP_STUCK_N };
extern const char *const tp_vector_stuck_names[TP_STUCK_N]; /* "pass", "lose" */

/* Row and column steps of each compass point (north is up: row - 1). */
extern const int tp_compass_dr[TP_N_DIRS], tp_compass_dc[TP_N_DIRS];

/* The seed's game: 8 x 8, all 8 directions in compass order, 3 per tile,
 * 4 blanks, 2 players (circle, square). */
void tp_vector_rules_default(struct tp_vector_rules *r);

struct tp_vtile {
	int kind;        /* enum tp_vkind */
	int player;      /* 1-based for start/home, 0 otherwise */
	unsigned dirs;   /* bit (1u << compass) per direction shown; 0 unless vector */
};

struct tp_vector_model {
	int rows, cols;
	struct tp_vtile *grid;          /* rows*cols, row-major: the set-up of FIG. 2 */
	long count[TP_VK_COUNT];        /* tiles of each kind */
	long n_sets;                    /* C(n_dirs, per_tile) */
	long classes_turn90, classes_turn45; /* how many of the vector tiles stay distinct if tiles could be turned by 90 / by 45 degrees */
};

/* C(n, k) for 0 <= k <= n <= 62; 0 when k is out of range. */
long tp_vector_binom(int n, int k);

/* The direction set `dirs` turned clockwise by `eighths` x 45 degrees
 * (any integer; negative turns anticlockwise). */
unsigned tp_vector_turn(unsigned dirs, int eighths);

/* Checks the rules and the counts equation
 *     C(n_dirs, per_tile) + blanks + 2 x players == rows x cols.
 * Returns 0 when both hold.  Otherwise -1 and a one-line reason in why
 * (when n > 0): a rule out of range names the value and what is allowed; a
 * misfit gives both sides and what would fit, e.g. "8 x 8 = 64 squares, but
 * 70 vector + 4 blank + 4 start/home = 78 tiles: use 9 x 9 with 3 more
 * blanks, or per_tile = 3".  Suggestions, each given only when it exists
 * and differs from the current setting:
 *  - a board: the smallest (rows + d) x (cols + d) (d may be negative; a
 *    side of 1 stays 1) holding all tiles with the configured blanks, the
 *    extra squares going to blanks;
 *  - blanks = the number that fills the current board;
 *  - per_tile = the value nearest the current one (ties: the smaller) that
 *    fits with the configured blanks, else that fits with blanks adjusted
 *    ("per_tile = 2 with 8 blanks"). */
int tp_vector_fit(const struct tp_vector_rules *r, char *why, size_t n);
/* The same for a user's config: its suggestions are only changes that
 * also pass tp_vector_playable (a board, blanks or per_tile the next
 * check would not refuse).  0 for rules claim 1 refuses (fewer than two
 * directions or per_tile): tp_vector_playable refuses those.  -2 when
 * memory runs out while the suggestions are tried (why says so). */
int tp_vector_fit_play(const struct tp_vector_rules *r, char *why, size_t n);

/* The rules as checks, for rules that pass tp_vector_fit: two or more
 * directions and per_tile >= 2 (claim 1: "two or more directional
 * indicia"), and every player's home reachable from its start by some
 * placement of the tiles: steps along the directions key over the squares
 * the set-up leaves to vector tiles (blanks, edges and the other start and
 * home tiles are walls).  Returns 0; or -1 with why = "vector.KEY = V:
 * reason; use ..." (a value that would fix it: more directions, a board of
 * the same squares, else the smallest near-square board the tiles fill and
 * play on (tp_vector_near_square), per_tile = 2 with the blanks that fit)
 * and *key = the [vector] key named; -2 when memory runs out. */
int tp_vector_playable(const struct tp_vector_rules *r, char *why, size_t n, const char **key);

/* 1 when tp_vector_playable would pass r (fitting rules), without the
 * search for a change to offer: one layout and one route search; 0 when
 * it would refuse them, or they do not fit; -1 when out of memory. */
int tp_vector_reaches(const struct tp_vector_rules *r);

/* The near-square boards (n x n, then n x n+1, smallest first) with fewer
 * squares than r's that r's tiles fill, the rest blanks in the centre:
 * the first for which ok() is nonzero, into *t; 0 when none is.  The
 * offers for boards whose centre is blanks (vector_play.c,
 * vector_warnings.c): the fewer the blanks, the more routes home. */
int tp_vector_near_square(const struct tp_vector_rules *r,
			  int (*ok)(const struct tp_vector_rules *c, void *ctx), void *ctx,
			  struct tp_vector_rules *t);

/* Parses a directions list ("n ne e se s sw w nw", names separated by
 * spaces, tabs and/or commas, any case) into dirs[0..*n-1] in the order
 * given.  Returns 0, or -1 with a one-line reason in why (when nwhy > 0):
 * "unknown direction 'x'; allowed: n ne e se s sw w nw", "'ne' is
 * repeated", "no directions given; allowed: ...".  value may be NULL
 * (empty).  dirs and *n are unspecified after a failure. */
int tp_vector_parse_dirs(const char *value, int dirs[TP_N_DIRS], int *n, char *why, size_t nwhy);

/* Derives the tiles and the set-up.  Returns TP_OK with *out set (free with
 * tp_vector_free), or TP_EINPUT when tp_vector_fit fails (message = its
 * why), or TP_EIO when out of memory; *out is NULL on failure. */
int tp_vector_derive(const struct tp_vector_rules *r, struct tp_vector_model **out, tp_err *e);
void tp_vector_free(struct tp_vector_model *m);

/* Reports, formatted into b (fmt is enum tp_format); r and m must belong
 * together (m derived from r).
 *
 * Pattern, CSV: header `row,col,kind,player,directions`, then one line per
 * square, row-major, rows and cols 1-based; kind is a tp_vkind_names entry;
 * player is 1..players for start and home, empty otherwise; directions are
 * the vector tile's compass names separated by single spaces, in the order
 * of the directions key, empty otherwise.  TEXT: a grid of 3 x 3 character
 * glyphs, one per square, with a legend.  JSON: the CSV's records as an
 * array of objects.
 *
 * Manifest: tiles per kind (vector, blank, start, home, total) per game and
 * for the run (each kind via tp_run_count, total = sum of the kinds).  CSV:
 * header `kind,per_game,print_run`, one line per kind, then `total`.  TEXT:
 * the same as a table plus the playing pieces and the turned-tile facts.
 * JSON: the settings, both tables, the pieces, every vector tile's position
 * and directions, the start/home/blank squares, and the turned-tile facts
 * (classes_turn90, classes_turn45 and a sentence on the orientation
 * marker). */
void tp_vector_pattern_format(struct tp_buf *b, const struct tp_vector_rules *r,
			      const struct tp_vector_model *m, int fmt);
void tp_vector_manifest_format(struct tp_buf *b, const struct tp_vector_rules *r,
			       const struct tp_vector_model *m, const struct tp_run *run, int fmt);

#endif
