#!/usr/bin/env python3
"""Most total ink of a page on Ghostscript tiffsep plates.

usage: sep_tac.py PREFIX... LIMIT
PREFIX(Cyan).tif ... PREFIX(Black).tif are the process plates that
`gs -sDEVICE=tiffsep -sCompression=none -sOutputFile=PREFIX.tif` wrote
(8 bit, 0 = full ink, 255 = none): Ghostscript composes them as the press
prints, each object knocking out or overprinting as the PDF says.  Spot
plates (die, crease, assembly) are not process ink and are left out.
Registration marks (the /All separation, ink on every plate) are no
product: the caller drops them from the PDF first (pack_tac.sh).
Prints the most C+M+Y+K of any pixel of each page, in percent, a line
each (one process for a whole PDF's pages); exit 1 when one passes
LIMIT by more than the plates' rounding (half a level on each of four).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sep_overprint import read_tiff  # noqa: E402

PROCESS = ('Cyan', 'Magenta', 'Yellow', 'Black')


def lanes(data, n):
    """Each pixel's byte in the low half of a 16-bit lane, as one integer:
    plates then add lane by lane in one sum (4 x 255 < 65536)."""
    b = bytearray(2 * n)
    b[0::2] = data[:n]
    return int.from_bytes(b, 'little')


def most_ink(prefix):
    """The most C+M+Y+K of any pixel of the page PREFIX, in percent."""
    total = 0
    n = None
    for name in PROCESS:
        w, h, data = read_tiff(f'{prefix}({name}).tif')
        n = w * h
        total += lanes(data, n)
    least = min(memoryview(total.to_bytes(2 * n, 'little')).cast('H')) if n else 4 * 255
    return (4 * 255 - least) * 100 / 255


def main():
    *prefixes, limit = sys.argv[1:]
    limit = float(limit)
    over = False
    for prefix in prefixes:
        most = most_ink(prefix)
        print(f'{most:.1f}')
        over |= most > limit + 4 * 0.5 * 100 / 255
    sys.exit(1 if over else 0)


if __name__ == '__main__':
    main()
