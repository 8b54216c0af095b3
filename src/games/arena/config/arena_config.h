#ifndef TP_ARENA_CONFIG_H
#define TP_ARENA_CONFIG_H

/* The shape arena game's part of a config: the [arena] section (the
 * board's rules, the shapes file, the print sizes of squares, pieces and
 * ribs) and its inks.  finish() loads and parses the shapes file and
 * numbers the board once, so that everything that could refuse a build is
 * refused before the first file is written. */

#include "games/arena/model/arena_core.h"
#include "games/arena/model/arena_gridops.h"
#include "games/config.h"
#include "print/art/pictures.h"

/* The arena's inks, numbered in this order (see tp_ink_index). */
enum tp_arena_ink {
	TP_INK_INNER,     /* inner arena squares */
	TP_INK_OUTER,     /* the outer arena's squares */
	TP_INK_NUMBER,    /* board numbers, the "2"/"3" marks on pieces */
	TP_INK_PLAYER1,   /* player colours 1..6: TP_INK_PLAYER1 + p - 1 */
	TP_INK_PLAYER2,
	TP_INK_PLAYER3,
	TP_INK_PLAYER4,
	TP_INK_PLAYER5,
	TP_INK_PLAYER6,
	TP_INK_RIBS,      /* the rib pattern printed on the blocking faces */
	TP_INK_COLOUR1,   /* colour boards' classes 1..8: TP_INK_COLOUR1 + c - 1 */
	TP_INK_COLOUR2,
	TP_INK_COLOUR3,
	TP_INK_COLOUR4,
	TP_INK_COLOUR5,
	TP_INK_COLOUR6,
	TP_INK_COLOUR7,
	TP_INK_COLOUR8,
	TP_ARENA_N_INKS
};

/* arena.die: the die game's die net, off (the default), a cube of pips, or
 * a cube of the six shapes' silhouettes (face v shows the shape of v
 * cells). */
enum tp_arena_die { TP_ARENA_DIE_OFF, TP_ARENA_DIE_PIPS, TP_ARENA_DIE_SHAPES };

struct tp_arena_cfg {
	struct tp_arena_rules rules;
	struct tp_arena_shapes shapes;   /* parsed by finish() */
	char shapes_name[256];           /* arena.shapes as given */
	char shapes_path[1024];          /* the file it resolved to */
	double square_mm;                /* board square, and the piece's cell */
	double piece_gutter_mm;          /* between the pieces' die lines' boxes */
	double piece_bleed_mm;           /* face colour beyond each piece's outline */
	double piece_clearance_mm;       /* die line inside the cells' outline */
	double rib_pitch_mm;             /* ribs on the blocking face: centre to centre */
	double rib_width_mm;
	double rib_margin_mm;            /* ribs stop this far inside the die line */
	/* Where the ribs stop, as drawn (finish() sets them): rib_margin_mm,
	 * or a factory's safe zone (print.safe_mm) when larger and the ribs
	 * still fit, so that the ribs of a back keep it inside their piece's
	 * cut as the faces' art does; the straight ribs, and the ring round a
	 * mark (its disc's radius follows). */
	double rib_inset_mm, mark_inset_mm;
	int die;                         /* enum tp_arena_die; default off */
	double die_mm;                   /* the die's edge: 10..60 mm, default 20 */
	int player_marks;                /* 1: each piece carries its player's pips */
	double counter_mm;               /* a collecting counter's diameter, default 16 */
	char pictures_name[256];         /* arena.pictures: a name in templates/pictures/ or a path */
	struct tp_pictures pictures;     /* loaded by finish() with marking = pictures: class c
					  * is the file's picture c - 1 (file order) */
};

/* The arena part of a config. */
static inline const struct tp_arena_cfg *tp_arena(const struct tp_config *c)
{
	return c->game_cfg;
}

/* The radius of a marked piece's mark disc (its number's ground), mm:
 * 0.3 of a square, and on small squares less, so that a ring rib of
 * rib_width_mm around it (a rib's width clear of it) still lies inside
 * the rib margin of the mark's cell: the blocking face is ribbed round the
 * mark at every size, not only where the squares are large. */
static inline double tp_arena_cell_mark_radius(const struct tp_arena_cfg *a, double inradius_div)
{
	double room = a->square_mm / inradius_div - a->piece_clearance_mm - a->mark_inset_mm -
		      1.5 * a->rib_width_mm;
	double r = 0.3 * a->square_mm;
	return room < r ? room : r;
}

/* The same on the board's grid: the cell's inscribed circle (half a
 * square or hex pitch, 1 / (2 sqrt 3) of a triangle's edge) less the
 * clearance, the margin and 1.5 ribs. */
static inline double tp_arena_grid_mark_radius(const struct tp_arena_cfg *a)
{
	return tp_arena_cell_mark_radius(a, tp_arena_gridops_for(a->rules.grid)->inradius_div);
}

/* The smallest mark disc radius, mm: its number then stands 1.5 mm tall
 * (0.73 em of DejaVu Sans digits at 1.45 x the radius). */
#define TP_ARENA_MARK_RADIUS_MIN 1.42

#define TP_ARENA_N_KEYS 35
extern const struct tp_key tp_arena_keys[TP_ARENA_N_KEYS];
extern const struct tp_ink tp_arena_inks[TP_ARENA_N_INKS];

/* Defaults: the rules of tp_arena_rules_default (side 19, diamond inner
 * arena, inner 1..9, outer 5..20, 2 players, seed 1), the shapes file
 * "default" (templates/shapes/default.ini), 25 mm squares, 8 mm gutters,
 * 2 mm piece bleed, 0.3 mm clearance, ribs 1.2 mm wide at a 4 mm pitch,
 * 2 mm in from the die line; job "tilepress arena"; print.split stays
 * rows (the board's parts are rows 1..side/2 and the rest). */
void tp_arena_defaults(struct tp_config *c);

/* Cross-checks after every key: the rules (tp_arena_rules_check), the
 * board's [board] keys against arena.side, the piece and rib sizes
 * against each other (print.tile_mm is not an arena key at all: the
 * game's unused list says to set arena.square_mm); reads
 * and parses the shapes file; numbers the board once so that ranges that
 * cannot be met are refused here.  TP_OK, or TP_EINPUT "file:line:
 * arena.KEY = VALUE: reason" (or --set ...), TP_EIO when memory runs out.
 * Sets c->board to side x side and c->print.tile_mm to square_mm. */
int tp_arena_finish(struct tp_config *c, tp_err *e);
/* The board square: arena.square_mm, which is also the pieces' cell. */
double tp_arena_tile_size(const struct tp_config *c);

/* Rules that play poorly, as warnings with the figure (arena_warnings.c):
 * a gate fewer than half of the simulated greedy players reach, per
 * player count, with the gate that half would.  Up to max lines into out;
 * returns how many. */
int tp_arena_warnings(const struct tp_config *c, char out[][200], int max);

/* Player colours closer than this CIEDE2000 difference, for normal vision
 * or simulated protanopia, deuteranopia or tritanopia, are a warning. */
#define TP_ARENA_COLOUR_GAP 10

/* An outer arena with less than this share (%) of the board's points is a
 * warning (the seed's diamond on 19 holds about three quarters). */
#define TP_ARENA_OUTER_SHARE 60

/* The least CIEDE2000 difference of two sRGB colours over normal vision
 * and the three simulated dichromacies; *worst = that vision. */
double tp_arena_colour_gap(const double a[3], const double b[3], int *worst);

#endif
