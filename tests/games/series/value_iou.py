#!/usr/bin/env python3
"""A value picture on the fronts against rsvg-convert's drawing of its SVG.

  value_iou.py OURS.png DPI X0 Y0 SIDE ORACLE.png TURNS

OURS is a proof at DPI; the picture's box is SIDE mm square at X0, Y0 mm
from the image's top-left.  ORACLE is rsvg-convert's rendering of the
picture's SVG (any size, square).  TURNS quarter turns clockwise: how the
picture is turned on the tile.  Each proof pixel in the box is inked or
not (not near white); the oracle is sampled at the same point of the
picture, turned back.  Prints the intersection over union of the inked
pixels.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', 'cli'))
import png_tool  # noqa: E402


def inked(rows, bpp, x, y):
    p = rows[y][x * bpp:x * bpp + bpp]
    if bpp == 4 and p[3] < 128:
        return False
    return min(p[0], p[1], p[2]) < 160


def main():
    ours, dpi, x0, y0, side, oracle, turns = sys.argv[1:8]
    dpi, x0, y0, side, turns = float(dpi), float(x0), float(y0), float(side), int(turns) % 4
    w, h, bpp, rows = png_tool.read(ours)
    ow, oh, obpp, orows = png_tool.read(oracle)
    mm = 25.4 / dpi
    inter = union = 0
    for py in range(int(y0 / mm), int((y0 + side) / mm) + 1):
        for px in range(int(x0 / mm), int((x0 + side) / mm) + 1):
            u = ((px + 0.5) * mm - x0) / side
            v = ((py + 0.5) * mm - y0) / side
            if not (0 <= u < 1 and 0 <= v < 1):
                continue
            for _ in range(turns):          # undo the clockwise turns
                u, v = v, 1 - u
            a = inked(rows, bpp, px, py)
            b = inked(orows, obpp, min(int(u * ow), ow - 1), min(int(v * oh), oh - 1))
            inter += a and b
            union += a or b
    print('%.4f %d' % (inter / union if union else 0, union))


if __name__ == '__main__':
    main()
