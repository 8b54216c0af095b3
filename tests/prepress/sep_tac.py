#!/usr/bin/env python3
"""Most total ink of a page on Ghostscript tiffsep plates.

usage: sep_tac.py PREFIX LIMIT
PREFIX(Cyan).tif ... PREFIX(Black).tif are the process plates that
`gs -sDEVICE=tiffsep -sCompression=none -sOutputFile=PREFIX.tif` wrote
(8 bit, 0 = full ink, 255 = none): Ghostscript composes them as the press
prints, each object knocking out or overprinting as the PDF says.  Spot
plates (die, crease, assembly) are not process ink and are left out, and
so are the registration marks (the /All separation: ink on every plate,
spots included), which an imposed press sheet carries inside its trim;
a page without spot plates has no way to tell them, and keeps them.
Prints the most C+M+Y+K of any pixel, in percent; exit 1 when it passes
LIMIT by more than the plates' rounding (half a level on each of four).
"""
import glob
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


INKED = bytes([0] + [1] * 255)   # a byte: 1 where the plate has no full ink


def main():
    prefix, limit = sys.argv[1], float(sys.argv[2])
    total = 0
    n = None
    plates = [f'{prefix}({name}).tif' for name in PROCESS]
    spots = sorted(set(glob.glob(glob.escape(prefix) + '(*).tif')) - set(plates))
    partial = 0   # per lane: 1 where some plate is not at full ink
    for path in plates + spots:
        w, h, data = read_tiff(path)
        n = w * h
        if path in plates:
            total += lanes(data, n)
        if spots:
            partial |= lanes(data[:n].translate(INKED), n)
    if spots:
        # Registration (every plate full) counts as no ink.
        ones = int.from_bytes(b'\x01\x00' * n, 'little')
        total += 4 * 255 * (ones ^ partial)
    least = min(memoryview(total.to_bytes(2 * n, 'little')).cast('H')) if n else 4 * 255
    most = (4 * 255 - least) * 100 / 255
    print(f'{most:.1f}')
    sys.exit(1 if most > limit + 4 * 0.5 * 100 / 255 else 0)


if __name__ == '__main__':
    main()
