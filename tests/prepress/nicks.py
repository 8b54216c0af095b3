#!/usr/bin/env python3
"""Nicks in die files, counted as a die maker would (issue 18 section 4).

usage: nicks.py PER_SIDE WIDTH CORNER PLAIN.dxf NICKED.dxf

PLAIN is a die file built without nicks: its closed POLYLINEs are the
pieces.  NICKED is the same sheet built with PER_SIDE nicks WIDTH mm wide,
CORNER mm or more from every corner.  For each piece the number of gaps
expected is computed from its own sides (a straight run between two
bends): PER_SIDE on a side long enough to hold them evenly spread at least
CORNER from both ends, none on a shorter one.  The gaps found are the
breaks between the open entities lying on the piece's outline; each must
be WIDTH wide, lie on one straight side, and keep CORNER from its corners.
Prints the totals; exit 1 on any difference.  The DXF is read by the small
parser here (ASCII R12: LINE, POLYLINE/VERTEX/SEQEND).
"""
import math
import sys

EPS = 2e-3


def entities(path):
    lines = open(path, encoding='ascii').read().splitlines()
    pairs = [(int(lines[i]), lines[i + 1].strip()) for i in range(0, len(lines) - 1, 2)]
    out, cur, i = [], None, 0
    while i < len(pairs):
        code, val = pairs[i]
        if code == 0:
            if val == 'LINE':
                e = {}
                i += 1
                while pairs[i][0] != 0:
                    e[pairs[i][0]] = float(pairs[i][1]) if pairs[i][0] in (10, 20, 11, 21) else pairs[i][1]
                    i += 1
                out.append(([(e[10], e[20]), (e[11], e[21])], False))
                continue
            if val == 'POLYLINE':
                cur = {'pts': [], 'closed': False}
                i += 1
                while pairs[i][0] != 0:
                    if pairs[i][0] == 70:
                        cur['closed'] = int(pairs[i][1]) & 1 == 1
                    i += 1
                continue
            if val == 'VERTEX' and cur is not None:
                v = {}
                i += 1
                while pairs[i][0] != 0:
                    v[pairs[i][0]] = pairs[i][1]
                    i += 1
                cur['pts'].append((float(v[10]), float(v[20])))
                continue
            if val == 'SEQEND' and cur is not None:
                out.append((cur['pts'], cur['closed']))
                cur = None
        i += 1
    return out


def bends(pts):
    """The corners of a closed outline: points where it turns."""
    n, out = len(pts), []
    for i in range(n):
        a, b, c = pts[i - 1], pts[i], pts[(i + 1) % n]
        cr = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
        if abs(cr) > 1e-9 and math.dist(b, c) > 1e-9:
            out.append(b)
    return out


def expected(corners, k, w, corner):
    n, total = len(corners), 0
    for i in range(n):
        length = math.dist(corners[i], corners[(i + 1) % n])
        if length / (k + 1) - w / 2 >= corner - 1e-6 and w < length / (k + 1):
            total += k
    return total


def seg_dist(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    t = max(0, min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2)) if l2 else 0
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def on_outline(p, corners):
    n = len(corners)
    return min(seg_dist(p, corners[i], corners[(i + 1) % n]) for i in range(n)) < EPS


def main():
    k, w, corner = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
    pieces = [bends(p) for p, closed in entities(sys.argv[4]) if closed]
    cuts = entities(sys.argv[5])
    want = got = bad = 0
    for corners in pieces:
        mine = [p for p, closed in cuts if all(on_outline(q, corners) for q in p)]
        if len(mine) == 1 and expected(corners, k, w, corner) == 0:
            continue   # whole: a closed outline, no nicks
        e = expected(corners, k, w, corner)
        want += e
        got += len(mine)
        if len(mine) != e:
            bad += 1
            print(f'piece at {corners[0]}: {len(mine)} gaps, want {e}')
            continue
        starts = [p[0] for p in mine]
        for p in mine:
            end = p[-1]
            nxt = min(starts, key=lambda s: math.dist(s, end))
            if abs(math.dist(nxt, end) - w) > EPS:
                bad += 1
                print(f'gap at {end}: {math.dist(nxt, end):.4f} mm wide, want {w}')
            near = min(math.dist(c, q) for c in corners for q in (end, nxt))
            if near < corner - EPS:
                bad += 1
                print(f'gap at {end}: {near:.3f} mm from a corner, want at least {corner}')
    print(f'{len(pieces)} pieces, {got} nicks, {want} computed from the profile')
    sys.exit(1 if bad or got != want or not pieces else 0)


if __name__ == '__main__':
    main()
