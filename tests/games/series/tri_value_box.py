#!/usr/bin/env python3
"""The value picture's box in a triangle of the table or hexagonal set,
found by brute force from the rule docs/art.md states, not the code's
linear programme.

  tri_value_box.py table|hex TILE_MM SAFE_MM K

K: the triangle (table: 0 the top quadrant; hex: 0 east .. 5 southeast).
The box is an upright square, its centre on the triangle's axis, 5 % of
the tile (or the safe zone and 0.05 mm, if more) in from the base, 2 % of
the tile off the two other sides, and (under a safe zone) the safe zone
and 0.05 mm inside every side of the tile.  Prints its side, 2 decimals.
"""
import math
import sys


def polygon(kind, t):
    if kind == 'table':
        return [(0, 0), (t, 0), (t, t), (0, t)], (t / 2, t / 2)
    r = t / math.sqrt(3)
    pts = []
    for j in range(6):
        a = math.radians(-60 * j + 30)
        pts.append((r * math.cos(a), r * math.sin(a)))
    return pts, (0.0, 0.0)


def dist(p, a, b, inside):
    """Signed distance of p from line a-b, positive on inside's side."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = ((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / math.hypot(dx, dy)
    s = ((inside[0] - a[0]) * dy - (inside[1] - a[1]) * dx)
    return d if s > 0 else -d


def main():
    kind, t, safe, k = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
    pts, c = polygon(kind, t)
    n = len(pts)
    if kind == 'table':
        a, b = pts[k], pts[(k + 1) % 4]
    else:
        a, b = pts[(k + 1) % 6], pts[k]
    m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    h = math.hypot(c[0] - m[0], c[1] - m[1])
    base = max(safe + 0.05, 0.05 * t) if safe > 0 else 0.05 * t
    lines = [(a, b, base, c), (a, c, 0.02 * t, b), (b, c, 0.02 * t, a)]
    if safe > 0:
        for j in range(n):
            lines.append((pts[j], pts[(j + 1) % n], safe + 0.05, c))

    def fits(cx, cy, s):
        for x in (cx - s / 2, cx + s / 2):
            for y in (cy - s / 2, cy + s / 2):
                for p, q, margin, ins in lines:
                    if dist((x, y), p, q, ins) < margin - 1e-9:
                        return False
        return True

    best = 0.0
    steps = 3000
    for i in range(steps + 1):
        d = h * i / steps
        cx, cy = m[0] + (c[0] - m[0]) * d / h, m[1] + (c[1] - m[1]) * d / h
        lo, hi = 0.0, t
        if not fits(cx, cy, 0):
            continue
        for _ in range(40):
            mid = (lo + hi) / 2
            if fits(cx, cy, mid):
                lo = mid
            else:
                hi = mid
        best = max(best, lo)
    print('%.2f' % best)


if __name__ == '__main__':
    main()
