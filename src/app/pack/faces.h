#ifndef TP_PACK_FACES_H
#define TP_PACK_FACES_H

/* One raster image per face, at a factory's product sizes (its
 * [products], app/factory.h), for factories that take uploads rather
 * than press sheets (The Game Crafter).
 *
 * What becomes a face, and on which product:
 *   - each tile of a tile sheet (a gang, game.h tiles()) and its back:
 *     on the product of the tile's kind (square) whose finished size is
 *     within the factory's match_mm of the tile's trim, the image the
 *     tile's own shapes alone, its bleed run on from its own edges (never
 *     the next tile's art); the art is never scaled (a tile must fit its
 *     board's squares);
 *   - else the tiles go on punchout slugs: for each slug product, how
 *     many tiles fit (trims slug_spacing_mm apart, bleeds inside the
 *     image: the imposition of impose.h on a sheet the slug's image
 *     size, no margin) and how many slugs the sheet takes; the slug
 *     with the least board in all (fewest slugs on a tie) is chosen and
 *     each of its slugs is a face;
 *   - the sheet "board": one face, on the smallest board product its
 *     trim fits, centred at its own size (the rest of the face white);
 *   - a sheet of separate pieces (parts()), laid out as for a punchboard
 *     on a copy of the config: its pieces on the slug product with the
 *     least board (tp_parts_plan), fronts and their mirrored backs, each
 *     slug front with its cut (the die lines alone, an SVG);
 *   - the board's pieces (sheets "board-*": each page one piece): on a
 *     slug when one holds it, else centred on a board product.
 * A back is cut from the back sheet where the tile's back lies
 * (work-and-turn: column cols-1-c), as printed: the face as seen when
 * the piece is turned over, not mirrored again.
 *
 * Faces are drawn one at a time through the scene walk and the PNG
 * backend, each image exactly the product's pixel size.  An image whose
 * bytes equal an earlier one's of the same side is not written again:
 * the first one's count grows (the factory's "upload once, quantity N").
 * Files go to DIR/faces/ (emptied of older images first), named
 * BASE-NNN-front.png / -back.png (NNN: the first piece, in the sheet's
 * row-major order), BASE-slug-K-front.png / -back.png / -cut.svg,
 * BASE-face.png,
 * BASE the sheet's file name (print.file_name). */

#include "app/factory.h"
#include "app/session.h"
#include "core/status.h"
#include "core/strbuf.h"

/* Writes the faces of the edition s opened for factory fa into
 * dir/faces/, and their part of the job ticket: JSON members
 * ("faces", "pieces", "punchout") appended to j (each starting with a
 * comma), lines for people to t.  TP_OK, or e filled. */
int tp_pack_faces(const struct tp_session *s, const struct tp_factory *fa, const char *dir,
		  struct tp_buf *j, struct tp_buf *t, tp_err *e);

#endif
