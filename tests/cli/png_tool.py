#!/usr/bin/env python3
"""PNG files for the art tests, with the standard library alone.

  png_tool.py make OUT W H rgb|rgba    four quadrants of known colours
      (red, green, blue, yellow from the top-left clockwise); rgba: the
      right half at alpha 0 in its outer quarter and 128 elsewhere
  png_tool.py pixel FILE X Y ...       the R G B of each pixel X Y (a PNG
      of 8 bits RGB or RGBA, any filter, not interlaced)
"""
import struct
import sys
import zlib

QUAD = [(220, 30, 30), (30, 160, 60), (30, 60, 200), (240, 200, 20)]


def chunk(kind, data):
    c = struct.pack('>I', len(data)) + kind + data
    return c + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)


def quad_of(x, y, w, h):
    top, left = y < h // 2, x < w // 2
    return 0 if top and left else 1 if top else 3 if left else 2


def make(out, w, h, mode):
    rows = []
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            r, g, b = QUAD[quad_of(x, y, w, h)]
            row += bytes((r, g, b))
            if mode == 'rgba':
                row.append(0 if x >= w * 3 // 4 else 128 if x >= w // 2 else 255)
        rows.append(bytes(row))
    ct = 6 if mode == 'rgba' else 2
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, ct, 0, 0, 0))
    data += chunk(b'IDAT', zlib.compress(b''.join(rows), 9)) + chunk(b'IEND', b'')
    with open(out, 'wb') as f:
        f.write(data)


def read(path):
    with open(path, 'rb') as f:
        data = f.read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    at, idat = 8, b''
    while at < len(data):
        n, = struct.unpack('>I', data[at:at + 4])
        kind = data[at + 4:at + 8]
        body = data[at + 8:at + 8 + n]
        if kind == b'IHDR':
            w, h, depth, ct, _, _, il = struct.unpack('>IIBBBBB', body)
            assert depth == 8 and ct in (2, 6) and il == 0, 'want 8-bit RGB(A)'
        elif kind == b'IDAT':
            idat += body
        at += 12 + n
    bpp = 3 if ct == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    out, prev = [], bytearray(stride)
    # Up rows (the byte above added, mod 256, byte by byte) as one integer
    # whose bytes cannot carry into each other: the low 7 bits added, the
    # top bit xored in; the same bytes as the loop, many times faster.
    lo7 = int.from_bytes(b'\x7f' * stride, 'big')
    hi1 = int.from_bytes(b'\x80' * stride, 'big')
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 2:
            a, up = int.from_bytes(line, 'big'), int.from_bytes(prev, 'big')
            line = bytearray((((a & lo7) + (up & lo7)) ^ ((a ^ up) & hi1)).to_bytes(stride, 'big'))
        for i in range(stride if f != 0 and f != 2 else 0):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.append(line)
        prev = line
    return w, h, bpp, out


def main():
    if sys.argv[1] == 'make':
        make(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    elif sys.argv[1] == 'pixel':
        w, h, bpp, rows = read(sys.argv[2])
        xy = [int(v) for v in sys.argv[3:]]
        for k in range(0, len(xy), 2):
            x, y = xy[k], xy[k + 1]
            p = rows[y][x * bpp:x * bpp + 3]
            print(p[0], p[1], p[2])


if __name__ == '__main__':
    main()
