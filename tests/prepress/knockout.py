#!/usr/bin/env python3
"""Knock-out holes in one Ghostscript tiffsep plate (issue 18).

usage: knockout.py PREFIX PLATE DPI D_MM X0 Y0 X1 Y1

PREFIX(PLATE).tif is the plate `gs -sDEVICE=tiffsep -sCompression=none
-rDPI -sOutputFile=PREFIX.tif` wrote (0 = full ink, 255 = none).  A hole
pixel is one that carries none of PLATE but ink on another process plate
(an object is drawn there), while the pixels D_MM to both its sides (left
and right, or above and below) do carry PLATE: a thin or small object
drawn over that colour has knocked it out instead of overprinting.  (An
area left unprinted on purpose carries no ink at all and is no hole.)
Only pixels inside the box X0 Y0 X1 Y1 (mm from the page's top-left
corner, e.g. the trim box) count, so printer's marks outside play no part.

Prints the hole count and area in mm2; exit 1 when there is any hole.
The reader is sep_overprint.py's, so both read plates the same way.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sep_overprint import read_tiff  # noqa: E402


def main():
    prefix, plate = sys.argv[1], sys.argv[2]
    dpi, d_mm = float(sys.argv[3]), float(sys.argv[4])
    box = [float(v) for v in sys.argv[5:9]]
    w, h, data = read_tiff(f'{prefix}({plate}).tif')
    others = [read_tiff(f'{prefix}({n}).tif')[2]
              for n in ('Cyan', 'Magenta', 'Yellow', 'Black') if n != plate]
    px = dpi / 25.4
    d = max(1, int(round(d_mm * px)))
    x0, y0 = max(d, int(box[0] * px)), max(d, int(box[1] * px))
    x1, y1 = min(w - d, int(box[2] * px)), min(h - d, int(box[3] * px))
    holes = 0
    first = None
    for y in range(y0, y1):
        row = y * w
        for x in range(x0, x1):
            i = row + x
            if data[i] != 255 or min(o[i] for o in others) == 255:
                continue
            if (data[i - d] != 255 and data[i + d] != 255) or \
               (data[i - d * w] != 255 and data[i + d * w] != 255):
                holes += 1
                if first is None:
                    first = (x / px, y / px)
    area = holes / (px * px)
    where = f', first at ({first[0]:.1f}, {first[1]:.1f}) mm' if first else ''
    print(f'{plate}: {holes} knocked-out pixels, {area:.1f} mm2{where}')
    sys.exit(1 if holes else 0)


if __name__ == '__main__':
    main()
