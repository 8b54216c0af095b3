#!/usr/bin/env python3
"""Proof and press agree: the colours of a PNG proof against the press PDF
as Ghostscript renders it (its own colour management: the CMYK through its
default CMYK profile to sRGB).

usage: proof_match.py PROOF.png RENDER.ppm [MIN_SHARE]

Every colour covering at least MIN_SHARE (default 0.01) of the render,
white aside, must appear in the proof within 2 levels per channel on at
least half that share.  Prints the colours; exits 1 on a mismatch.
"""
import collections
import re
import struct
import sys
import zlib


def read_png(path):
    with open(path, 'rb') as f:
        b = f.read()
    assert b[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    i, idat, ihdr = 8, [], None
    while i < len(b):
        n, = struct.unpack('>I', b[i:i + 4])
        typ, data = b[i + 4:i + 8], b[i + 8:i + 8 + n]
        if typ == b'IHDR':
            ihdr = struct.unpack('>IIBBBBB', data)
        elif typ == b'IDAT':
            idat.append(data)
        i += 12 + n
    w, h, depth, ctype, _, _, interlace = ihdr
    assert depth == 8 and ctype == 2 and interlace == 0, 'want 8-bit RGB, not interlaced'
    raw = zlib.decompress(b''.join(idat))
    stride = w * 3
    out = bytearray(stride * h)
    prev = bytearray(stride)
    # The Up filter adds the byte above, each byte on its own (mod 256):
    # done on the whole row at once as one integer whose bytes cannot
    # carry into each other (the low 7 bits added, the top bit xored in),
    # the same bytes as the loop below at a fraction of the time.
    lo7 = int.from_bytes(b'\x7f' * stride, 'big')
    hi1 = int.from_bytes(b'\x80' * stride, 'big')
    for y in range(h):
        ft = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if ft == 0 or ft == 2:
            if ft == 2:
                a, up = int.from_bytes(line, 'big'), int.from_bytes(prev, 'big')
                line = bytearray((((a & lo7) + (up & lo7)) ^ ((a ^ up) & hi1)).to_bytes(stride, 'big'))
            out[y * stride:(y + 1) * stride] = line
            prev = line
            continue
        for x in range(stride):
            a = line[x - 3] if x >= 3 else 0
            up = prev[x]
            c = prev[x - 3] if x >= 3 else 0
            if ft == 1:
                line[x] = (line[x] + a) & 255
            elif ft == 2:
                line[x] = (line[x] + up) & 255
            elif ft == 3:
                line[x] = (line[x] + (a + up) // 2) & 255
            elif ft == 4:
                p = a + up - c
                pa, pb, pc = abs(p - a), abs(p - up), abs(p - c)
                pr = a if pa <= pb and pa <= pc else up if pb <= pc else c
                line[x] = (line[x] + pr) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    return w, h, bytes(out)


def read_ppm(path):
    with open(path, 'rb') as f:
        d = f.read()
    m = re.match(rb'P6\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(\d+)\s', d)
    return int(m.group(1)), int(m.group(2)), d[m.end():]


def shares(px):
    c = collections.Counter(px[i:i + 3] for i in range(0, len(px), 3))
    n = len(px) // 3
    return {k: v / n for k, v in c.items()}


def main():
    proof, render = sys.argv[1], sys.argv[2]
    min_share = float(sys.argv[3]) if len(sys.argv) > 3 else 0.01
    sp = shares(read_png(proof)[2])
    sr = shares(read_ppm(render)[2])
    bad = 0
    for col, share in sorted(sr.items(), key=lambda kv: -kv[1]):
        if share < min_share or col == b'\xff\xff\xff':
            continue
        near = sum(s for c, s in sp.items() if max(abs(a - b) for a, b in zip(c, col)) <= 2)
        ok = near >= share / 2
        bad += not ok
        print(f'#{col.hex()}: {share:6.1%} of the PDF render, {near:6.1%} of the proof'
              f'{"" if ok else "  MISMATCH"}')
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
