#!/usr/bin/env python3
"""The pieces a die file cuts, from its lines alone.

  die_cells.py FILE.svg|FILE.dxf

Reads the die lines (an SVG's paths in the die's spot, M/L/H/V/Z only;
a DXF's LINE, LWPOLYLINE and POLYLINE entities through ezdxf), splits
every segment where another meets or crosses it, and walks the faces of
the planar graph they make.  Prints one line per piece (a bounded face):
its width and height in mm (bounding box) and its area, and a last line
"pieces N".  Shared edges cut once and closed outlines give the same
answer.
"""
import math
import re
import sys
import xml.etree.ElementTree as ET

EPS = 1e-6
Q = 1e4    # points equal to 0.1 um are one node


def svg_segments(path):
    segs = []
    for el in ET.parse(path).getroot().iter():
        if not el.tag.endswith('path'):
            continue
        tok = re.findall(r'[MLHVZmlhvz]|-?[0-9.]+(?:e-?[0-9]+)?', el.get('d', ''))
        cur = start = None
        i, cmd = 0, None
        while i < len(tok):
            if tok[i].isalpha():
                cmd = tok[i]
                i += 1
                if cmd in 'Zz':
                    if cur != start:
                        segs.append((cur, start))
                    cur = start
                    continue
            if cmd in 'ML':
                p = (float(tok[i]), float(tok[i + 1]))
                i += 2
                if cmd == 'M':
                    cur = start = p
                    cmd = 'L'
                else:
                    segs.append((cur, p))
                    cur = p
            elif cmd == 'H':
                p = (float(tok[i]), cur[1]); i += 1
                segs.append((cur, p)); cur = p
            elif cmd == 'V':
                p = (cur[0], float(tok[i])); i += 1
                segs.append((cur, p)); cur = p
            else:
                sys.exit('die_cells: %s: path command %s not read' % (path, cmd))
    return segs


def dxf_segments(path):
    import ezdxf
    segs = []
    for e in ezdxf.readfile(path).modelspace():
        t = e.dxftype()
        if t == 'LINE':
            segs.append(((e.dxf.start.x, -e.dxf.start.y), (e.dxf.end.x, -e.dxf.end.y)))
        elif t in ('LWPOLYLINE', 'POLYLINE'):
            pts = [(p[0], -p[1]) for p in (e.get_points('xy') if t == 'LWPOLYLINE' else
                                             [v.dxf.location for v in e.vertices])]
            closed = e.closed if t == 'LWPOLYLINE' else e.is_closed
            if closed:
                pts.append(pts[0])
            segs += list(zip(pts, pts[1:]))
        else:
            sys.exit('die_cells: %s: entity %s not read' % (path, t))
    return segs


def key(p):
    return (round(p[0] * Q), round(p[1] * Q))


def split(segs):
    """Each segment cut at every point where another meets or crosses it."""
    cuts = [[0.0, 1.0] for _ in segs]
    for i, (a, b) in enumerate(segs):
        dx, dy = b[0] - a[0], b[1] - a[1]
        for j in range(i + 1, len(segs)):
            c, d = segs[j]
            ex, ey = d[0] - c[0], d[1] - c[1]
            den = dx * ey - dy * ex
            if abs(den) < EPS:
                # Collinear overlaps: each cut at the other's ends.
                if abs((c[0] - a[0]) * dy - (c[1] - a[1]) * dx) < 1e-6:
                    L2 = dx * dx + dy * dy
                    for p in (c, d):
                        t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2
                        if 0 < t < 1:
                            cuts[i].append(t)
                    M2 = ex * ex + ey * ey
                    for p in (a, b):
                        u = ((p[0] - c[0]) * ex + (p[1] - c[1]) * ey) / M2
                        if 0 < u < 1:
                            cuts[j].append(u)
                continue
            t = ((c[0] - a[0]) * ey - (c[1] - a[1]) * ex) / den
            u = ((c[0] - a[0]) * dy - (c[1] - a[1]) * dx) / den
            if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9:
                cuts[i].append(min(1.0, max(0.0, t)))
                cuts[j].append(min(1.0, max(0.0, u)))
    edges = set()
    pos = {}
    for (a, b), ts in zip(segs, cuts):
        ts = sorted(set(ts))
        pts = [(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])) for t in ts]
        for p, q in zip(pts, pts[1:]):
            kp, kq = key(p), key(q)
            if kp == kq:
                continue
            pos.setdefault(kp, p)
            pos.setdefault(kq, q)
            edges.add((min(kp, kq), max(kp, kq)))
    return edges, pos


def faces(edges, pos):
    out = {}
    for a, b in edges:
        out.setdefault(a, []).append(b)
        out.setdefault(b, []).append(a)
    ang = lambda u, v: math.atan2(pos[v][1] - pos[u][1], pos[v][0] - pos[u][0])
    for u in out:
        out[u].sort(key=lambda v: ang(u, v))
    seen, result = set(), []
    for a, b in edges:
        for h in ((a, b), (b, a)):
            if h in seen:
                continue
            face, (u, v) = [], h
            while (u, v) not in seen:
                seen.add((u, v))
                face.append(u)
                nb = out[v]
                k = nb.index(u)
                u, v = v, nb[(k - 1) % len(nb)]
            result.append(face)
    return result


def main():
    path = sys.argv[1]
    segs = dxf_segments(path) if path.lower().endswith('.dxf') else svg_segments(path)
    edges, pos = split(segs)
    pieces = []
    for f in faces(edges, pos):
        pts = [pos[k] for k in f]
        area = sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(pts, pts[1:] + pts[:1])) / 2
        # The walk turns round each bounded face one way (y down: positive
        # area) and round each component's outside the other.
        if area > EPS:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            pieces.append((max(xs) - min(xs), max(ys) - min(ys), area))
    for w, h, a in sorted(pieces):
        print('%.3f %.3f %.3f' % (w, h, a))
    print('pieces %d' % len(pieces))


main()
