#!/usr/bin/env python3
"""Overprint check on Ghostscript tiffsep plates (uncompressed, 8 bit).

usage: sep_overprint.py PREFIX
PREFIX(Cyan).tif ... PREFIX(Black).tif are the process plates that
`gs -sDEVICE=tiffsep -sCompression=none -sOutputFile=PREFIX.tif` wrote
(0 = full ink, 255 = none).

Thin black or grey linework over colour must not knock the colour out.  A
line pixel is one with ink on Black whose neighbours D pixels to both
sides (left/right, or above/below) carry no Black; when those two
neighbours carry the same non-empty C, M, Y, the line lies between two
cells of one colour, and the pixel itself must carry that colour too.
Every spot plate found (Assembly, die lines) must overprint the process
plates: where its line runs between coloured areas (the same or not), the
process plates must carry some ink under it (on the default board the
Assembly outline lies over white, so its count may be 0).  Prints the
counts; exit 1 when no Black line pixel lies between same-colour cells,
or any pixel is knocked out.
"""
import glob
import struct
import sys

D = 8  # pixels: wider than the 0.24 mm line at 300 dpi (2.8 px)


def read_tiff(path):
    with open(path, 'rb') as f:
        b = f.read()
    end = {b'II': '<', b'MM': '>'}[b[:2]]
    (ifd,) = struct.unpack(end + 'I', b[4:8])
    (n,) = struct.unpack(end + 'H', b[ifd:ifd + 2])
    tags = {}
    for i in range(n):
        e = b[ifd + 2 + 12 * i: ifd + 14 + 12 * i]
        tag, typ, cnt = struct.unpack(end + 'HHI', e[:8])
        size = {3: 2, 4: 4}.get(typ)
        if size is None:
            continue
        fmt = end + ('H' if typ == 3 else 'I') * cnt
        raw = e[8:8 + size * cnt] if size * cnt <= 4 else \
            b[struct.unpack(end + 'I', e[8:12])[0]:][:size * cnt]
        tags[tag] = struct.unpack(fmt, raw)
    w, h = tags[256][0], tags[257][0]
    if tags.get(259, (1,))[0] != 1 or tags.get(258, (8,))[0] != 8:
        sys.exit(f'{path}: not an uncompressed 8-bit TIFF')
    data = b''.join(b[o:o + c] for o, c in zip(tags[273], tags[279]))
    return w, h, data


def check(line_name, line, colour, w, h, strict):
    """Counts line pixels between coloured cells and knocked-out ones.
    strict: both sides the same colour, and the pixel must carry exactly
    it.  Otherwise: both sides carry some colour (maybe different), and the
    pixel must carry some: a knocked-out pixel is blank on every plate."""
    seen = bad = 0
    for y in range(D, h - D):
        row = y * w
        for x in range(D, w - D):
            i = row + x
            if line[i] == 255:
                continue
            for a, b_ in ((i - D, i + D), (i - D * w, i + D * w)):
                if line[a] != 255 or line[b_] != 255:
                    continue
                side = [p[a] for p in colour]
                other = [p[b_] for p in colour]
                if min(side) == 255 or min(other) == 255 or (strict and side != other):
                    continue
                seen += 1
                here = [p[i] for p in colour]
                if (here != side) if strict else min(here) == 255:
                    bad += 1
                    if bad <= 5:
                        print(f'{line_name}: knocked out at px ({x},{y}): '
                              f'{here}, cells either side {side}')
                break
    return seen, bad


def main():
    prefix = sys.argv[1]
    process = ('Cyan', 'Magenta', 'Yellow', 'Black')
    plates = {n: read_tiff(f'{prefix}({n}).tif') for n in process}
    spots = sorted(p[len(prefix) + 1:-5] for p in glob.glob(glob.escape(prefix) + '(*).tif'))
    for n in spots:
        if n not in plates:
            plates[n] = read_tiff(f'{prefix}({n}).tif')
    w, h = plates['Black'][:2]
    fail = 0
    # Black linework over C, M, Y; each spot's linework over all four.
    for name in ['Black'] + [n for n in spots if n not in process]:
        colour = [plates[n][2] for n in process if n != name]
        strict = name == 'Black'
        seen, bad = check(name, plates[name][2], colour, w, h, strict)
        print(f'{name}: line pixels between {"same-colour" if strict else "coloured"} '
              f'cells: {seen}, knocked out: {bad}')
        fail |= bad > 0 or (strict and seen == 0)
    sys.exit(1 if fail else 0)


if __name__ == '__main__':
    main()
