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
"""
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


def main():
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
