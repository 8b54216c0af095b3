/* The blind edition's vector plates ([0079], [0103], claims 10 and 20):
 * each registers 1:1 with the print sheet it belongs to, and holds only
 * closed outlines in the emboss spot ink. */

#include "games/series/sheets/series_sheets.h"
#include "print/art/symbol.h"

/* Same size as the sheets they register with (squares of side t: the
 * tile for the tile sheets, the board pitch for the board); no art, so no
 * bleed to fill. */
static struct tp_scene *plate(const struct tp_config *c, const struct tp_pattern *p,
			      const char *name, double t)
{
	struct tp_scene *sc = tp_series_new_sheet(c, name, p->cols * t, p->rows * t, NULL, 0);
	if (sc != NULL)
		sc->plate = 1;
	return sc;
}

/* One symbol centred in every filled cell of every front. */
int tp_series_emboss_fronts(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	const struct tp_emboss *em = &tp_series(c)->emboss;
	struct tp_scene *sc = plate(c, p, "emboss-fronts", c->print.tile_mm);
	if (tp_doc_add(doc, sc, "registers with fronts") != 0 || tp_scene_layer(sc, "symbols") != 0)
		return -1;
	double t = c->print.tile_mm, s = t / 6;
	for (int r = 0; r < p->rows; r++)
		for (int col = 0; col < p->cols; col++) {
			const struct tp_tile *tl = &p->tiles[(size_t)r * p->cols + col];
			unsigned char cells[6][6];
			tp_series_tile_cells(&tp_series(c)->rules, tl->front, tl->corner, cells);
			for (int a = 0; a < 6; a++)
				for (int b = 0; b < 6; b++)
					if (cells[a][b] != TP_NONE &&
					    tp_symbol_draw(sc, TP_INK_EMBOSS, TP_STROKE, em->stroke_mm,
							   em->symbol[cells[a][b]], col * t + (b + 0.5) * s,
							   r * t + (a + 0.5) * s, em->symbol_mm) != 0)
						return -1;
		}
	tp_scene_layer_by_ink(sc);
	return 0;
}

/* [0103]: the enlarged symbol of its back colour on every marked back,
 * mirrored exactly as the backs sheet is; unmarked backs stay smooth. */
int tp_series_emboss_backs(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	const struct tp_emboss *em = &tp_series(c)->emboss;
	struct tp_scene *sc = plate(c, p, "emboss-backs", c->print.tile_mm);
	if (tp_doc_add(doc, sc, "registers with backs (mirrored)") != 0 ||
	    tp_scene_layer(sc, "symbols") != 0)
		return -1;
	double t = c->print.tile_mm;
	for (int r = 0; r < p->rows; r++)
		for (int col = 0; col < p->cols; col++) {
			int back = p->tiles[(size_t)r * p->cols + col].back;
			if (back != TP_NONE &&
			    tp_symbol_draw(sc, TP_INK_EMBOSS, TP_STROKE, em->stroke_mm, em->symbol[back],
					   (col + 0.5) * t, (r + 0.5) * t, em->back_symbol_mm) != 0)
				return -1;
		}
	tp_sheet_mirror(sc);
	tp_scene_layer_by_ink(sc);
	return 0;
}

/* [0103], claim 20: a pocket for every board square, and inside each
 * coloured square the recess that receives its tile's back symbol.  A
 * pocket is the tile plus pocket_play_mm all round, centred in its board
 * square; squares are a pocket plus pocket_wall_mm apart
 * (tp_series_pitch), and the board keeps board_margin_mm from its edges
 * and from the half split to the nearest pocket (tp_series_square_at).
 * The recess takes the back symbol in each of the tile's quarter turns,
 * sitting anywhere its play lets it: the union of the turned symbol grown
 * by the play and recess_clearance_mm (tp_symbol_recess). */
int tp_series_board_recess(const struct tp_config *c, const void *model, struct tp_doc *doc)
{
	const struct tp_pattern *p = model;
	const struct tp_emboss *em = &tp_series(c)->emboss;
	double t = tp_series_pitch(c), in = (t - tp_series_pocket(c)) / 2;
	int sr = c->print.split == TP_SPLIT_ROWS, sc_ = c->print.split == TP_SPLIT_COLS;
	double W = tp_series_square_at(c, p->cols, p->cols, sc_);
	double H = tp_series_square_at(c, p->rows, p->rows, sr);
	struct tp_scene *sc = tp_series_new_sheet(c, "board-recess", W, H, NULL, 0);
	if (sc == NULL)
		return -1;
	sc->plate = 1;
	if (tp_doc_add(doc, sc, "registers with board") != 0)
		return -1;
	if (tp_scene_layer(sc, "pockets") != 0)
		return -1;
	/* The pockets are the board's grid: they run out to its edges, where
	 * board_margin_mm keeps the same kind of rib as pocket_wall_mm between
	 * them, so the outer pockets lie near the cut by design (as the cells
	 * of a tile do).  The symbols' recesses stay inside the safe zone. */
	size_t first = sc->n_shapes;
	for (int r = 0; r < p->rows; r++)
		for (int col = 0; col < p->cols; col++) {
			double x = tp_series_square_at(c, col, p->cols, sc_);
			double y = tp_series_square_at(c, r, p->rows, sr);
			double xy[8] = { x + in, y + in, x + t - in, y + in,
					 x + t - in, y + t - in, x + in, y + t - in };
			if (tp_scene_poly(sc, TP_INK_EMBOSS, TP_STROKE, em->stroke_mm, xy, 4) != 0)
				return -1;
		}
	tp_scene_flag_from(sc, first, TP_SHAPE_TO_CUT);
	if (tp_scene_layer(sc, "symbols") != 0)
		return -1;
	for (int r = 0; r < p->rows; r++)
		for (int col = 0; col < p->cols; col++) {
			int s = p->board[(size_t)r * p->cols + col];
			double x = tp_series_square_at(c, col, p->cols, sc_) + t / 2;
			double y = tp_series_square_at(c, r, p->rows, sr) + t / 2;
			if (s != TP_NONE &&
			    tp_symbol_recess_draw(sc, TP_INK_EMBOSS, TP_STROKE, em->stroke_mm, em->symbol[s],
						  x, y, em->back_symbol_mm, tp_series_recess_by(c),
						  TP_SERIES_TURNS) != 0)
				return -1;
		}
	tp_scene_layer_by_ink(sc);
	return 0;
}
