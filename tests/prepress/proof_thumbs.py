#!/usr/bin/env python3
"""The contact sheet at its preview resolution, showing the sheets.

usage: proof_thumbs.py PROOF.png DPI TRIM_W_PT TRIM_H_PT SHEET.png... [--share S]

PROOF.png must be the contact sheet's trim box (TRIM_W_PT x TRIM_H_PT, in
points, as pdfinfo -box gives it for proof.pdf) at DPI: its size
round(pt * DPI / 72) and its pHYs DPI.  Every colour covering at least S
(default 0.05) of a SHEET.png, white aside, must appear in the proof
within 2 levels per channel: the thumbnail shows the sheet's own colours.
Prints what it checked; exits 1 on a mismatch.
"""
import collections
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from proof_match import read_png  # noqa: E402


def phys(path):
    with open(path, 'rb') as f:
        b = f.read()
    i = 8
    while i < len(b):
        n, = struct.unpack('>I', b[i:i + 4])
        if b[i + 4:i + 8] == b'pHYs':
            x, y, unit = struct.unpack('>IIB', b[i + 8:i + 17])
            return x, y, unit
        i += 12 + n
    return None


def colours(px):
    """Each RGB colour (3 bytes) and its pixel count.  Counted as 4-byte
    integers (a zero byte added), which Counter takes in C: the same
    counts as slicing px 3 bytes at a time, in half the time."""
    n = len(px) // 3
    wide = bytearray(4 * n)
    for k in range(3):
        wide[k::4] = px[k::3]
    by_int = collections.Counter(memoryview(wide).cast('I'))
    return collections.Counter({v.to_bytes(4, sys.byteorder)[:3]: c for v, c in by_int.items()})


def main():
    args = sys.argv[1:]
    share = 0.05
    if '--share' in args:
        k = args.index('--share')
        share = float(args[k + 1])
        del args[k:k + 2]
    proof, dpi, tw, th, sheets = args[0], float(args[1]), float(args[2]), float(args[3]), args[4:]
    w, h, px = read_png(proof)
    want = (round(tw * dpi / 72), round(th * dpi / 72))
    bad = 0
    if (w, h) != want:
        print(f'{proof}: {w} x {h} px, want {want[0]} x {want[1]} (the trim box at {dpi:g} dpi)')
        bad += 1
    ppm = round(dpi / 0.0254)
    if phys(proof) != (ppm, ppm, 1):
        print(f'{proof}: pHYs {phys(proof)}, want {ppm} px/m ({dpi:g} dpi)')
        bad += 1
    have = colours(px)
    for sheet in sheets:
        sw, sh, spx = read_png(sheet)
        n = sw * sh
        for col, c in colours(spx).most_common():
            if c / n < share:
                break
            if col == b'\xff\xff\xff':
                continue
            near = sum(v for k, v in have.items() if max(abs(a - b) for a, b in zip(k, col)) <= 2)
            print(f'{sheet}: #{col.hex()} {c / n:6.1%} of the sheet, {near} px of the proof'
                  f'{"" if near else "  MISSING"}')
            bad += near == 0
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
