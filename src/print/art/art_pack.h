#ifndef TP_ART_PACK_H
#define TP_ART_PACK_H

/* An art pack: a designer's drawings for the places a game draws something
 * (a series' symbol, the tile backs' logo, the board's title...).
 * print.art = DIR names a folder with DIR/art.ini:
 *
 *   [colours]                 for every place (optional)
 *   #d32f2f = lateral         an SVG colour printed in a game ink
 *   convert = on              colours not mapped: sRGB -> CMYK through the
 *                             output (or default CMYK) profile, printed in
 *                             process inks of their own; off: an error
 *   [backs.logo]              a place (tilepress --list art --game NAME)
 *   file = logo.svg           relative to DIR (or NAME.png: a picture)
 *   scale = 0.6               share of its box (the art is fitted whole
 *                             into the box, centred, aspect kept), 0.05..4
 *   offset = 0 -2             mm right and down from the box's centre
 *   turn = 90                 degrees clockwise about the box's centre
 *   #000000 = text            colours for this place only
 *   [board.title]             or a line of text, instead of file:
 *   text = Series Tiles       shaped by Pango in print.font (or font =
 *   size = 8 | 8 mm | 24 pt   FILE), in ink (default text); without size
 *   ink = lateral             it is fitted whole like a drawing; a size too
 *   font = title.otf          large for the box is shrunk to fit, refused
 *                             below print.min_text_pt
 *
 * Lines starting with ; are comments (and # when the line has no =).
 * A game draws a place from the pack when the pack has it, else as
 * without a pack: no pack, no change. */

#include <stddef.h>
#include <stdint.h>

#include "core/status.h"
#include "core/strbuf.h"
#include "print/art/svg/svg_read.h"
#include "print/scene/scene.h"

#define TP_ART_MAX_PLACES 128
#define TP_ART_MAX_INI (256u << 10)

/* A place a game offers: its name, what it is, its box (mm) in a config. */
struct tp_art_place {
	const char *name;
	const char *what;
	double w, h;
};

struct tp_art_item {
	char place[48];
	char file[512];
	char text[256];           /* a text entry's line ("" for a drawing) */
	char font[512];           /* its font file ("": print.font) */
	double size_mm;           /* its size as given (0: fitted) */
	double size_used;         /* its size as drawn, after any shrinking */
	int text_ink;
	int line;                 /* the section's line in art.ini */
	const char *ini;          /* that art.ini (the pack's), for messages */
	double scale, dx, dy, turn;
	struct tp_art art;        /* an SVG's paths; a PNG's: none, w x h its
				   * pixels (the box it is fitted into) */
	int image;                /* a PNG: its number in the image table */
	uint8_t *ink;             /* per art path: its ink number */
	int n_inks;               /* distinct inks used */
};

struct tp_art_pack {
	char ini[600];            /* DIR/art.ini */
	struct tp_art_item item[TP_ART_MAX_PLACES];
	size_t n;
	size_t skipped;           /* sections for places of other games or editions */
};

/* Reads DIR/art.ini (or, when dir ends in .ini, that file, the drawings
 * beside it) and every drawing it names, for a game offering
 * places[0..n_places): each section a place of those, or one of
 * known[0..n_known) (the places of every game and edition, so that one pack
 * serves them all), which is skipped unread; each colour an ink
 * of pal (by its key or name: the game's inks, text, lines) or, when not
 * mapped and conversion is on, a process ink of its own added to pal
 * (after the game's inks: pal->n_game grows, the shared inks move up;
 * *added says how many).  profile: the CMYK profile for conversion (NULL
 * or "": the system's).  max_tac_pct > 0: a converted colour of more total
 * ink is refused.  min_text_mm > 0: a text entry smaller is refused.
 * title: what {title} in a text entry stands for (the game's name).
 * Checks that each placed drawing lies inside its box.
 * TP_OK with *out (owned: tp_art_pack_free); TP_EINPUT naming
 * art.ini:LINE or the drawing's FILE:LINE and what to change; TP_EIO. */
int tp_art_pack_load(const char *dir, const struct tp_art_place *places, size_t n_places,
		     const char *const *known, size_t n_known, struct tp_palette *pal, const char *profile, double max_tac_pct,
		     double min_text_mm, const char *title, struct tp_art_pack **out, int *added, tp_err *e);

/* The same from art.ini's text in memory (drawings still read from dir),
 * for the fuzz target. */
int tp_art_pack_parse(const char *dir, const char *text, size_t len,
		      const struct tp_art_place *places, size_t n_places, const char *const *known,
		      size_t n_known, struct tp_palette *pal,
		      const char *profile, double max_tac_pct, double min_text_mm, const char *title,
		      struct tp_art_pack **out, int *added, tp_err *e);

void tp_art_pack_free(struct tp_art_pack *p);

/* What a loaded pack gives a game of n_places places, in one line for
 * `check`: its file, the places drawn (drawings, text entries, pictures),
 * the sections skipped, and the inks its colours print in (pal: the
 * palette it was loaded into), a separated colour with its CMYK. */
void tp_art_pack_summary(const struct tp_art_pack *p, const struct tp_palette *pal,
			 size_t n_places, struct tp_buf *b);

/* Places drawn all together or not at all (a series' nine value pictures):
 * TP_OK when p (may be NULL) gives all of names[0..n) or none; else
 * TP_EINPUT at the first one given, naming what they are (set) and the
 * missing ones. */
int tp_art_pack_check_set(const struct tp_art_pack *p, const char *const *names, size_t n,
			  const char *set, tp_err *e);

/* The item for place, or NULL (also when p is NULL). */
const struct tp_art_item *tp_art_pack_find(const struct tp_art_pack *p, const char *place);

/* Draws it into the box x, y, w, h (mm) of sc as ordinary shapes; mirror
 * draws it mirrored about the box's vertical axis (for a back sheet that
 * tp_sheet_mirror turns round again).  0, or -1 when out of memory. */
int tp_art_item_draw(struct tp_scene *sc, const struct tp_art_item *it, double x, double y,
		     double w, double h, int mirror);

/* The same, then turned by turn degrees clockwise about (px, py): a place
 * drawn in several directions (an arrow). */
int tp_art_item_draw_about(struct tp_scene *sc, const struct tp_art_item *it, double x, double y,
			   double w, double h, int mirror, double turn, double px, double py);

/* Where the drawing of it lands in a box w x h at the origin (its painted
 * bounds, strokes included): b = x0, y0, x1, y1. */
void tp_art_item_bounds(const struct tp_art_item *it, double w, double h, double b[4]);

#endif
