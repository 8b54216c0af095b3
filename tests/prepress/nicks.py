#!/usr/bin/env python3
"""Nicks in die files, counted as a die maker would (issue 18 section 4).

usage: nicks.py PER_SIDE WIDTH CORNER PLAIN.dxf NICKED.dxf|NICKED.svg|NICKED.pdf

PLAIN is a die file built without nicks: its closed POLYLINEs are the
pieces.  NICKED is the same sheet built with PER_SIDE nicks WIDTH mm wide,
CORNER mm or more from every corner.  For each piece the number of gaps
expected is computed from its own sides (a straight run between two
bends): PER_SIDE on a side long enough to hold them evenly spread at least
CORNER from both ends, none on a shorter one.  The gaps found are the
breaks between the open entities lying on the piece's outline; each must
be WIDTH wide, lie on one straight side, and keep CORNER from its corners.
A round piece (a closed outline that turns one way, a little at every
vertex: a flattened circle) has no sides: it takes 4 PER_SIDE gaps, PER_SIDE
in each quarter of its perimeter, when one fits in a quarter's
(PER_SIDE + 1)-th part; each must be WIDTH long along the circle, the
gaps evenly spaced round it, and the cut runs on the circle.  An SVG or
PDF NICKED file is checked for its round pieces only (the straight ones
are the DXF's): each die path lying on one circle must be one of the
PLAIN file's round pieces, cut into the expected runs with the same
gaps (the PDF read through mutool's trace device; points to mm).
Prints the totals; exit 1 on any difference.  The DXF is read by the small
parser here (ASCII R12: LINE, POLYLINE/VERTEX/SEQEND).
"""
import math
import re
import subprocess
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


def turns(pts):
    n, out = len(pts), []
    for i in range(n):
        a, b, c = pts[i - 1], pts[i], pts[(i + 1) % n]
        u, v = (b[0] - a[0], b[1] - a[1]), (c[0] - b[0], c[1] - b[1])
        out.append(math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1]))
    return out


def circle(pts):
    """(centre, radius, perimeter) of a round closed outline, else None."""
    if len(pts) < 8:
        return None
    t = turns(pts)
    if max(abs(a) for a in t) > 0.3 or not (all(a > 0 for a in t) or all(a < 0 for a in t)):
        return None
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    r = sum(math.dist(p, (cx, cy)) for p in pts) / len(pts)
    per = sum(math.dist(pts[i - 1], pts[i]) for i in range(len(pts)))
    return (cx, cy), r, per


def round_expected(per, k, w):
    return 4 * k if w < per / 4 / (k + 1) else 0


def check_round(runs, r, per, k, w, where):
    """Problems of one round piece's runs (lists of points, in path order
    or not): count, gap widths along the circle, even spacing, length."""
    e = round_expected(per, k, w)
    if e == 0:
        return [] if len(runs) == 1 else [f'round piece at {where}: {len(runs)} runs, want it whole']
    if len(runs) != e:
        return [f'round piece at {where}: {len(runs)} runs, want {e}']
    out, mids = [], []
    starts = [q[0] for q in runs]
    for q in runs:
        nxt = min(starts, key=lambda s: math.dist(s, q[-1]))
        arc = 2 * r * math.asin(min(1, math.dist(nxt, q[-1]) / (2 * r)))
        if abs(arc - w) > EPS:
            out.append(f'gap at {q[-1]}: {arc:.4f} mm along the circle, want {w}')
        mids.append(math.atan2((q[-1][1] + nxt[1]) / 2 - where[1], (q[-1][0] + nxt[0]) / 2 - where[0]))
    mids.sort()
    step = [(mids[(i + 1) % e] - mids[i]) % (2 * math.pi) for i in range(e)]
    if max(abs(s - 2 * math.pi / e) for s in step) > 2e-3:
        out.append(f'round piece at {where}: gaps not evenly spaced ({min(step):.4f}..{max(step):.4f} rad)')
    drawn = sum(math.dist(q[i - 1], q[i]) for q in runs for i in range(1, len(q)))
    if abs(drawn + e * w - per) > 0.02 * e + 0.01 * per / r:
        out.append(f'round piece at {where}: {drawn:.3f} mm cut, want {per - e * w:.3f}')
    return out


def bezier(p0, p1, p2, p3, n=16):
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        out.append(tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d
                         for a, b, c, d in zip(p0, p1, p2, p3)))
    return out


def svg_paths(path):
    """Die paths of an SVG as lists of flattened subpaths (mm)."""
    text = open(path, encoding='utf-8').read()
    out = []
    for tag in re.finditer(r'<path\b[^>]*data-spot="CutContour"[^>]*>', text):
        d = re.search(r'\bd="([^"]*)"', tag.group(0)).group(1)
        tok = re.findall(r'[MLCZ]|-?[0-9.]+(?:e-?[0-9]+)?', d)
        subs, i, op = [], 0, None
        while i < len(tok):
            if tok[i] in 'MLCZ':
                op = tok[i]
                i += 1
                if op == 'Z':
                    subs[-1].append(subs[-1][0])
                continue
            n = 6 if op == 'C' else 2
            v = [float(x) for x in tok[i:i + n]]
            i += n
            if op == 'M':
                subs.append([(v[0], v[1])])
            elif op == 'L':
                subs[-1].append((v[0], v[1]))
            else:
                subs[-1] += bezier(subs[-1][-1], (v[0], v[1]), (v[2], v[3]), (v[4], v[5]))
        out.append(subs)
    return out


def pdf_paths(path):
    """Die paths (stroked in the CutContour separation) of a PDF, through
    mutool's trace device, as lists of flattened subpaths (mm)."""
    xml = subprocess.run(['mutool', 'draw', '-F', 'trace', '-o', '-', path], check=True,
                         capture_output=True, text=True).stdout
    mm = 25.4 / 72
    out = []
    for m in re.finditer(r'<stroke_path ([^>]*)>(.*?)</stroke_path>', xml, re.S):
        if 'CutContour' not in m.group(1):
            continue
        a, b, c, d, e, f = (float(x) for x in re.search(r'transform="([^"]*)"', m.group(1)).group(1).split())
        def pt(x, y):
            return ((a * x + c * y + e) * mm, (b * x + d * y + f) * mm)
        subs = []
        for op, attrs in re.findall(r'<(moveto|lineto|curveto|closepath)([^/]*)/>', m.group(2)):
            v = dict((k, float(x)) for k, x in re.findall(r'(\w+)="([-0-9.e]+)"', attrs))
            if op == 'moveto':
                subs.append([pt(v['x'], v['y'])])
            elif op == 'lineto':
                subs[-1].append(pt(v['x'], v['y']))
            elif op == 'curveto':
                subs[-1] += bezier(subs[-1][-1], pt(v['x1'], v['y1']), pt(v['x2'], v['y2']), pt(v['x3'], v['y3']))
            else:
                subs[-1].append(subs[-1][0])
        out.append(subs)
    return out


def round_paths(k, w, plain, nicked):
    """The SVG or PDF check of the round pieces (see the top)."""
    want_r = sorted(round(c[1], 2) for c in (circle(p) for p, closed in entities(plain) if closed) if c)
    paths = svg_paths(nicked) if nicked.endswith('.svg') else pdf_paths(nicked)
    got_r, want = [], 0
    bad = got = 0
    for subs in paths:
        pts = [q for s in subs for q in s]
        c = circle(pts[:-1] if len(subs) == 1 else pts)
        if not c:
            continue
        (cx, cy), _, _ = c
        r = sum(math.dist(q, (cx, cy)) for q in pts) / len(pts)
        if max(abs(math.dist(q, (cx, cy)) - r) for q in pts) > 0.02:
            continue   # not on one circle
        per = 2 * math.pi * r
        got_r.append(round(r, 2))
        want += max(round_expected(per, k, w), 0)
        got += len(subs) if round_expected(per, k, w) else 0
        for m in check_round(subs, r, per, k, w, (cx, cy)):
            bad += 1
            print(m)
    if got_r != want_r:
        bad += 1
        print(f'{len(got_r)} round die paths, want {len(want_r)} (the plain file\'s round pieces)')
    print(f'{len(want_r)} pieces, {got} nicks, {want} computed from the profile')
    return bad == 0 and got == want and want_r


def main():
    k, w, corner = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
    if not sys.argv[5].endswith('.dxf'):
        sys.exit(0 if round_paths(k, w, sys.argv[4], sys.argv[5]) else 1)
    plain = [p for p, closed in entities(sys.argv[4]) if closed]
    pieces = [bends(p) for p in plain if not circle(p)]
    rounds = [circle(p) for p in plain if circle(p)]
    cuts = entities(sys.argv[5])
    want = got = bad = 0
    for (cx, cy), r, per in rounds:
        mine = [p for p, closed in cuts if all(abs(math.dist(q, (cx, cy)) - r) < 0.02 for q in p)]
        e = round_expected(per, k, w)
        want += e
        got += len(mine) if e else 0
        for m in check_round(mine, r, per, k, w, (cx, cy)):
            bad += 1
            print(m)
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
    print(f'{len(pieces) + len(rounds)} pieces, {got} nicks, {want} computed from the profile')
    sys.exit(1 if bad or got != want or not (pieces or rounds) else 0)


if __name__ == '__main__':
    main()
