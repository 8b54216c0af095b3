#ifndef TP_SVG_READ_H
#define TP_SVG_READ_H

/* A designer's SVG drawing read into paths in millimetres, for an art pack
 * (print/art/art_pack.h) to place into the scene as ordinary shapes.
 *
 * Read with libxml2 (no network, no DTD, no entity expansion: a document
 * that declares entities is refused), the geometry is ours:
 *   path (every command, arcs as cubic Beziers), rect (rx, ry), circle,
 *   ellipse, line, polyline, polygon, g, a, use (of anything with an id,
 *   symbols without a viewBox included), defs; transform (matrix,
 *   translate, scale, rotate, skewX, skewY, nested); the root's width,
 *   height, viewBox and preserveAspectRatio; solid fill and stroke
 *   (#rgb, #rrggbb, rgb(), a few colour names, currentColor), stroke width,
 *   line caps, joins, the miter limit, dashes, fill-rule; the style
 *   attribute and presentation attributes; opacity 1 only.
 * Anything else that draws (gradients, patterns, filters, masks, clip paths,
 * markers, images, text, CSS style sheets, opacity below 1, nested svg) is
 * refused: TP_EINPUT with one line naming the file, the line and the
 * element, and how to change the drawing in Inkscape.  Elements of other
 * namespaces (Inkscape's, Sodipodi's), metadata, title and desc are
 * skipped.
 *
 * Coordinates: the document's viewport, in mm, origin top left, y down:
 * the art box is w x h mm (width and height with their units, px = 1/96 in;
 * without them the viewBox's size in px). */

#include <stddef.h>
#include <stdint.h>

#include "core/status.h"
#include "print/scene/scene.h"

/* Bounds: larger input is refused, not truncated. */
#define TP_SVG_MAX_BYTES (8u << 20)
#define TP_SVG_MAX_POINTS (1u << 20)
#define TP_SVG_MAX_VISITS 200000
#define TP_SVG_MAX_USE_DEPTH 16

enum tp_art_cap { TP_CAP_BUTT, TP_CAP_ROUND, TP_CAP_SQUARE };
enum tp_art_join { TP_JOIN_MITER, TP_JOIN_ROUND, TP_JOIN_BEVEL };

/* One painted path: a fill or a stroke (a shape with both gives two, the
 * fill first, as SVG paints them). */
struct tp_art_path {
	size_t first, count;  /* into tp_art.pts */
	uint8_t paint;        /* TP_FILL or TP_STROKE */
	uint8_t evenodd;      /* fill-rule: evenodd */
	uint8_t cap, join;    /* enum tp_art_cap, tp_art_join (strokes) */
	uint8_t miter4;       /* miter limit under 7 (SVG's default 4), else 10 */
	double stroke;        /* stroke width, mm (dashes already cut) */
	uint32_t rgb;         /* 0xRRGGBB */
	int line;             /* the element's line in the file */
};

struct tp_art {
	char name[512];       /* the file, for messages */
	double w, h;          /* the art box, mm */
	struct tp_pt *pts;
	size_t n_pts, cap_pts;
	struct tp_art_path *paths;
	size_t n, cap;
};

/* Reads the SVG file path into a (zeroed by the caller, or reused after
 * tp_art_free).  TP_OK; TP_EINPUT with "FILE:LINE: <element>: what is wrong;
 * how to fix it"; TP_EIO when the file cannot be read or memory runs out.
 * a is left empty on failure. */
int tp_svg_read(const char *path, struct tp_art *a, tp_err *e);
/* The same from memory; name is what messages call the file. */
int tp_svg_read_mem(const char *buf, size_t len, const char *name, struct tp_art *a, tp_err *e);

void tp_art_free(struct tp_art *a);

/* The bounding box of a's painted area (strokes with half their width),
 * mm: box = x0, y0, x1, y1; all 0 when a draws nothing. */
void tp_art_bounds(const struct tp_art *a, double box[4]);

#endif
