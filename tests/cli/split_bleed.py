#!/usr/bin/env python3
"""A board part's bleed at its split, as Poppler renders the press PDF.

  split_bleed.py PART.pdf SIDE BLEED_MM TOP_MM BOTTOM_MM MARGIN_MM

PART.pdf is one part of a split board, SIDE the edge where it was split
from the other part (left, right, top or bottom), BLEED_MM the bleed,
TOP_MM and BOTTOM_MM the depth of its ledges (0 without), MARGIN_MM what
art keeps from a cut.  The page is rendered at 4 px/mm without
anti-aliasing over its bleed box (pdfinfo -box).  It fails (exit 1, a
line why) unless:
  - the BleedBox is the TrimBox grown by BLEED_MM on every side;
  - on every line of pixels across the split edge, ink at the trim edge
    (0.5 mm inside) runs on through the bleed to its last pixel, and at
    least one line has such ink (the squares' grid or colours);
  - on the ledges, no ink lies within MARGIN_MM of the split edge, inside
    the trim or in the bleed: no ledge art sits on or across the cut.
The die line lies on the trim, a pixel each side of its edge: those
pixels, and the lines along the other trim edges, are not looked at.
"""
import subprocess
import sys

PX_MM = 4
DPI = PX_MM * 25.4
PT_MM = 72 / 25.4


def boxes(pdf):
    out = subprocess.run(['pdfinfo', '-box', pdf], capture_output=True, text=True, check=True).stdout
    got = {}
    for line in out.splitlines():
        name = line.split(':')[0]
        if name in ('MediaBox', 'BleedBox', 'TrimBox'):
            got[name] = [float(v) for v in line.split()[1:5]]
    return got


def render(pdf, box, media_h):
    x0, y0, x1, y1 = box
    s = DPI / 72.0
    px, py = round(x0 * s), round((media_h - y1) * s)
    w, h = round((x1 - x0) * s), round((y1 - y0) * s)
    ppm = subprocess.run(['pdftoppm', '-r', '%g' % DPI, '-aa', 'no', '-aaVector', 'no',
                          '-x', str(px), '-y', str(py), '-W', str(w), '-H', str(h),
                          '-singlefile', pdf], capture_output=True, check=True).stdout
    parts = ppm.split(maxsplit=4)
    W, H = int(parts[1]), int(parts[2])
    data = parts[4]
    return W, H, [data[r * W * 3:(r + 1) * W * 3] for r in range(H)]


def main():
    pdf, side = sys.argv[1], sys.argv[2]
    bleed, top, bottom, margin = (float(v) for v in sys.argv[3:7])
    b = boxes(pdf)
    t, bb = b['TrimBox'], b['BleedBox']
    grow = [t[0] - bb[0], t[1] - bb[1], bb[2] - t[2], bb[3] - t[3]]
    if any(abs(g - bleed * PT_MM) > 0.01 for g in grow):
        sys.exit('bleed box %s is not the trim box %s grown by %g mm' % (bb, t, bleed))
    W, H, rows = render(pdf, bb, b['MediaBox'][3])

    def ink(x, y):
        r = rows[y]
        return min(r[3 * x], r[3 * x + 1], r[3 * x + 2]) < 200

    n = round(bleed * PX_MM)   # the bleed's pixels
    # (x, y) of the pixel k px out from the trim edge (k < 0: inside),
    # on line i across the split edge
    if side in ('left', 'right'):
        lines = range(n + 2, H - n - 2)
        at = (lambda i, k: (n - 1 - k, i)) if side == 'left' else (lambda i, k: (W - n + k, i))
    else:
        lines = range(n + 2, W - n - 2)
        at = (lambda i, k: (i, n - 1 - k)) if side == 'top' else (lambda i, k: (i, H - n + k))
    crossing = 0
    for i in lines:
        if not ink(*at(i, -2)):
            continue
        crossing += 1
        for k in range(1, n):
            if not ink(*at(i, k)):
                sys.exit('%s edge, line %d (%.2f mm): ink at the trim stops %.2f mm into the %g mm bleed'
                         % (side, i, (i - n) / PX_MM, k / PX_MM, bleed))
    if crossing == 0:
        sys.exit('%s edge: no ink reaches the trim edge to check' % side)
    # the ledges' rows (or columns: a split across the rows has its
    # ledges along the other edges, never at the split)
    if side in ('left', 'right'):
        bands = [(n + 2, n + round(top * PX_MM)), (H - n - round(bottom * PX_MM), H - n - 2)]
        m = round(margin * PX_MM)
        for y0, y1 in bands:
            for y in range(y0, y1):
                for k in range(-m, n):
                    if k not in (-1, 0) and ink(*at(y, k)):
                        x, _ = at(y, k)
                        sys.exit('%s edge: ledge ink %.2f mm from the trim edge, at (%.2f, %.2f) mm in the trim'
                                 % (side, -k / PX_MM, (x - n) / PX_MM, (y - n) / PX_MM))
    print('%s edge: %d lines of ink at the trim run through the %g mm bleed' % (side, crossing, bleed))


if __name__ == '__main__':
    main()
