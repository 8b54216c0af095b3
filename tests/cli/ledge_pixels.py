#!/usr/bin/env python3
"""Where a board's ledge art lands, as Poppler renders the press PDF.

  ledge_pixels.py WITH.pdf WITHOUT.pdf TOP_MM X Y W H

WITH.pdf is a board with a top ledge TOP_MM deep (its squares TOP_MM
lower), WITHOUT.pdf the same board without a pack.  Both are rendered at
4 px/mm inside their trim boxes (pdfinfo -box).  It fails (exit 1, a line
why) unless:
  - the top ledge holds ink, all of it inside the box X Y W H (mm, on
    the page with the ledge) give or take a pixel, centred across it;
  - the squares below the ledge are the board without the pack, moved
    down by TOP_MM (at most 0.5 % of their pixels differ: edge pixels).

  ledge_pixels.py --cells WITH.pdf BLANK.pdf PLAIN.pdf TOP_MM BOTTOM_MM X Y W H

The hexagonal and triangular boards, cut round their cells without a
ledge.  WITH.pdf has the art in an ink that shows, BLANK.pdf the same
pack with the art in the ledge's own ink (the same ledges, no art seen),
PLAIN.pdf no pack.  The art's ink is where WITH and BLANK differ.  The
cells are the inside of PLAIN's die line (mutool trace: the CutContour
separation's path), moved down by TOP_MM.  It fails unless:
  - the art has ink, all of it inside the box X Y W H (mm from the top
    left of WITH's die rectangle) give or take a pixel, centred across it, and none on a cell;
  - WITH's die line is one rectangle: PLAIN's die's width, from its top
    to TOP_MM + BOTTOM_MM below its foot;
  - the cells are PLAIN's moved down by TOP_MM (at most 0.5 % of the
    pixels inside its die differ: edge pixels).
"""
import math
import re
import subprocess
import sys

PX_MM = 4  # pixels a millimetre
DPI = PX_MM * 25.4


def trim(pdf):
    out = subprocess.run(['pdfinfo', '-box', pdf], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith('TrimBox:'):
            return [float(v) for v in line.split()[1:5]]
    sys.exit('%s: no TrimBox' % pdf)


def render(pdf):
    """The trim box's pixels: (w, h, rows of (r, g, b) bytes)."""
    x0, y0, x1, y1 = trim(pdf)
    mb = subprocess.run(['pdfinfo', '-box', pdf], capture_output=True, text=True, check=True).stdout
    media_h = next(float(l.split()[4]) for l in mb.splitlines() if l.startswith('MediaBox:'))
    s = DPI / 72.0
    px, py = round(x0 * s), round((media_h - y1) * s)
    w, h = round((x1 - x0) * s), round((y1 - y0) * s)
    ppm = subprocess.run(['pdftoppm', '-r', '%g' % DPI, '-x', str(px), '-y', str(py), '-W', str(w),
                          '-H', str(h), '-singlefile', pdf], capture_output=True, check=True).stdout
    parts = ppm.split(maxsplit=4)
    W, H = int(parts[1]), int(parts[2])
    data = parts[4]
    return W, H, [data[r * W * 3:(r + 1) * W * 3] for r in range(H)]


def inked(row, x):
    return min(row[3 * x], row[3 * x + 1], row[3 * x + 2]) < 200


MM = 25.4 / 72


def die(pdf):
    """PDF's one die path: its corners in mm from the trim box's top left
    (mutool's trace is in the page's pixels at 72 dpi, y down)."""
    x0, y0, x1, y1 = trim(pdf)
    mb = subprocess.run(['pdfinfo', '-box', pdf], capture_output=True, text=True, check=True).stdout
    top = next(float(l.split()[4]) for l in mb.splitlines() if l.startswith('MediaBox:')) - y1
    xml = subprocess.run(['mutool', 'draw', '-F', 'trace', '-o', '-', pdf], check=True,
                         capture_output=True, text=True).stdout
    page = re.split(r'<page ', xml)[1]
    paths = []
    for m in re.finditer(r'<stroke_path ([^>]*)>(.*?)</stroke_path>', page, re.S):
        if 'CutContour)' not in m.group(1):
            continue
        a, b, c, d, e, f = (float(v) for v in re.search(r'transform="([^"]*)"', m.group(1)).group(1).split())
        pts = []
        for op, at in re.findall(r'<(moveto|lineto|closepath)([^/]*)/>', m.group(2)):
            if op == 'closepath':
                continue
            v = dict((k, float(x)) for k, x in re.findall(r'(\w+)="([-0-9.e]+)"', at))
            px, py = a * v['x'] + c * v['y'] + e, b * v['x'] + d * v['y'] + f
            pts.append(((px - x0) * MM, (py - top) * MM))
        paths.append(pts)
    if len(paths) != 1:
        sys.exit('%s: %d die paths, want 1' % (pdf, len(paths)))
    return paths[0]


def spans(poly, y):
    """The x intervals of the polygon's inside on the line y (even-odd)."""
    xs = []
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        if (ay > y) != (by > y):
            xs.append(ax + (y - ay) * (bx - ax) / (by - ay))
    xs.sort()
    return list(zip(xs[0::2], xs[1::2]))


def inside_px(poly, y, W):
    """The pixels of row y whose centres lie inside the polygon, as ranges."""
    out = []
    for a, b in spans(poly, (y + 0.5) / PX_MM):
        lo, hi = max(0, math.ceil(a * PX_MM - 0.5)), min(W, math.ceil(b * PX_MM - 0.5))
        if hi > lo:
            out.append(range(lo, hi))
    return out


def differing(ra, rb):
    """The pixels of two rows whose colours differ by more than 40 in a channel."""
    xs = sorted(set(i // 3 for i, (p, q) in enumerate(zip(ra, rb)) if abs(p - q) > 40))
    return xs


def cells_main(argv):
    a, b, plain = argv[:3]
    top, bottom, bx, by, bw, bh = (float(v) for v in argv[3:9])
    W, H, rows = render(a)
    W1, H1, rows1 = render(b)
    W0, H0, rows0 = render(plain)
    if (W, H) != (W1, H1):
        sys.exit('%s is %dx%d px, %s %dx%d' % (a, W, H, b, W1, H1))
    cells = [(x, y + top) for x, y in die(plain)]
    art = [(x, y) for y in range(H) if rows[y] != rows1[y] for x in differing(rows[y], rows1[y])]
    if not art:
        sys.exit('no art ink')
    on = [(x, y) for x, y in art if any(x in r for r in inside_px(cells, y, W))]
    if on:
        sys.exit('%d pixels of the art on a cell, the first at %.2f %.2f mm' %
                 (len(on), (on[0][0] + 0.5) / PX_MM, (on[0][1] + 0.5) / PX_MM))
    rect = die(a)
    cx, cy = [x for x, _ in cells], [y for _, y in cells]
    want = (min(cx), min(cy) - top, max(cx), max(cy) + bottom)
    rx, ry = sorted(set(round(x, 2) for x, _ in rect)), sorted(set(round(y, 2) for _, y in rect))
    if len(rect) != 4 or len(rx) != 2 or len(ry) != 2:
        sys.exit('the die is not a rectangle: %s' % rect)
    got = (rx[0], ry[0], rx[1], ry[1])
    if max(abs(g - w) for g, w in zip(got, want)) > 0.01:
        sys.exit('die rectangle %s mm, want %s' % (got, tuple(round(v, 2) for v in want)))
    bx, by = bx + got[0], by + got[1]
    xs, ys = [x for x, _ in art], [y for _, y in art]
    x0, x1, y0, y1 = min(xs) / PX_MM, (max(xs) + 1) / PX_MM, min(ys) / PX_MM, (max(ys) + 1) / PX_MM
    tol = 1.0 / PX_MM + 0.01
    if x0 < bx - tol or x1 > bx + bw + tol or y0 < by - tol or y1 > by + bh + tol:
        sys.exit('art ink %.2f..%.2f x %.2f..%.2f mm outside the box %g %g %g %g' %
                 (x0, x1, y0, y1, bx, by, bw, bh))
    if abs((x0 + x1) / 2 - (bx + bw / 2)) > 2 * tol:
        sys.exit('art ink centred at %.2f mm across, the box at %.2f' % ((x0 + x1) / 2, bx + bw / 2))
    L = round(top * PX_MM)
    diff = total = 0
    moved = [(x, y - top) for x, y in cells]
    for y in range(H0):
        if L + y >= H:
            break
        rs = inside_px(moved, y, W0)
        total += sum(len(r) for r in rs)
        ra, rb = rows[L + y][:3 * W0], rows0[y]
        if ra != rb:
            diff += sum(1 for x in differing(ra, rb) if any(x in r for r in rs))
    if total == 0 or diff > 0.005 * total:
        sys.exit('cells: %d of %d pixels differ from the board without the pack' % (diff, total))
    print('art %d px at %.2f..%.2f x %.2f..%.2f mm in box %g %g %g %g, none on a cell; '
          'die %.2f x %.2f mm; cells %d/%d px differ' %
          (len(art), x0, x1, y0, y1, bx, by, bw, bh, got[2] - got[0], got[3] - got[1], diff, total))


def main():
    if sys.argv[1] == '--cells':
        return cells_main(sys.argv[2:])
    a, b = sys.argv[1], sys.argv[2]
    top, bx, by, bw, bh = (float(v) for v in sys.argv[3:8])
    W, H, rows = render(a)
    W0, H0, rows0 = render(b)
    L = round(top * PX_MM)
    xs = [x for r in range(L) for x in range(W) if inked(rows[r], x)]
    ys = [r for r in range(L) for x in range(W) if inked(rows[r], x)]
    if not xs:
        sys.exit('no ink on the top ledge')
    x0, x1, y0, y1 = min(xs) / PX_MM, (max(xs) + 1) / PX_MM, min(ys) / PX_MM, (max(ys) + 1) / PX_MM
    tol = 1.0 / PX_MM + 0.01
    if x0 < bx - tol or x1 > bx + bw + tol or y0 < by - tol or y1 > by + bh + tol:
        sys.exit('ledge ink %.2f..%.2f x %.2f..%.2f mm outside the box %g %g %g %g' %
                 (x0, x1, y0, y1, bx, by, bw, bh))
    if abs((x0 + x1) / 2 - (bx + bw / 2)) > 2 * tol:
        sys.exit('ledge ink centred at %.2f mm across, the box at %.2f' % ((x0 + x1) / 2, bx + bw / 2))
    if W != W0:
        sys.exit('width %d px with the ledge, %d without' % (W, W0))
    diff = total = 0
    for r in range(H0):
        if L + r >= H:
            break
        ra, rb = rows[L + r], rows0[r]
        total += W
        diff += sum(1 for x in range(0, 3 * W, 3) if abs(ra[x] - rb[x]) > 40 or abs(ra[x + 1] - rb[x + 1]) > 40)
    if total == 0 or diff > 0.005 * total:
        sys.exit('squares under the ledge: %d of %d pixels differ from the board without it' % (diff, total))
    print('ledge ink %.2f..%.2f x %.2f..%.2f mm in box %g %g %g %g; squares %d/%d px differ' %
          (x0, x1, y0, y1, bx, by, bw, bh, diff, total))


main()
