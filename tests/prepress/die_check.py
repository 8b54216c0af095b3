#!/usr/bin/env python3
"""Die-line check, as a die maker's software would see the files.

usage: die_check.py [--report] [--ink NAME] FILE...

FILE is an SVG (its shapes with data-spot="NAME", default CutContour) or
an ASCII DXF (LINE and POLYLINE entities, read by the small parser here;
when the ezdxf module can be imported, the file must also pass its audit).
For each file prints the total cut length and the length cut more than
once (collinear overlaps of straight segments); curves are taken as their
chords (die lines here are straight).  Exit 1 when any length is cut twice
(unless --report), when a DXF is malformed, or when a closed POLYLINE does
not come back to its start through its closing flag.
"""
import math
import re
import sys


def svg_segments(path, ink):
    text = open(path, encoding='utf-8').read()
    segs = []
    for tag in re.finditer(r'<(path|rect)\b[^>]*>', text):
        t = tag.group(0)
        if f'data-spot="{ink}"' not in t:
            continue
        if tag.group(1) == 'rect':
            a = {k: float(v) for k, v in re.findall(r'\b(x|y|width|height)="([-0-9.e]+)"', t)}
            x, y, w, h = a['x'], a['y'], a['width'], a['height']
            pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            segs += [(pts[i], pts[(i + 1) % 4]) for i in range(4)]
            continue
        d = re.search(r'\bd="([^"]*)"', t).group(1)
        start = cur = None
        for op, args in re.findall(r'([MLCZ])([^MLCZ]*)', d):
            nums = [float(v) for v in args.split()]
            if op == 'M':
                start = cur = (nums[0], nums[1])
            elif op == 'L':
                nxt = (nums[0], nums[1])
                segs.append((cur, nxt))
                cur = nxt
            elif op == 'C':
                nxt = (nums[4], nums[5])
                segs.append((cur, nxt))
                cur = nxt
            elif op == 'Z' and cur != start:
                segs.append((cur, start))
                cur = start
    return segs


def dxf_segments(path):
    lines = open(path, encoding='ascii').read().splitlines()
    if len(lines) % 2:
        raise ValueError('odd number of lines: not group code / value pairs')
    pairs = [(int(lines[i]), lines[i + 1].strip()) for i in range(0, len(lines), 2)]
    if pairs[-1] != (0, 'EOF'):
        raise ValueError('does not end with 0 EOF')
    segs, entities, i, in_ent = [], {}, 0, False
    while i < len(pairs):
        code, val = pairs[i]
        if code == 0 and val == 'SECTION':
            in_ent = pairs[i + 1] == (2, 'ENTITIES')
        if code == 0 and val == 'ENDSEC':
            in_ent = False
        if in_ent and code == 0 and val in ('LINE', 'POLYLINE'):
            entities[val] = entities.get(val, 0) + 1
            j, g = i + 1, {}
            while pairs[j][0] != 0:
                g[pairs[j][0]] = pairs[j][1]
                j += 1
            if val == 'LINE':
                segs.append(((float(g[10]), float(g[20])), (float(g[11]), float(g[21]))))
            else:
                closed = int(g.get(70, 0)) & 1
                pts = []
                while pairs[j] == (0, 'VERTEX'):
                    j += 1
                    v = {}
                    while pairs[j][0] != 0:
                        v[pairs[j][0]] = pairs[j][1]
                        j += 1
                    pts.append((float(v[10]), float(v[20])))
                if pairs[j] != (0, 'SEQEND'):
                    raise ValueError('POLYLINE without SEQEND')
                if not closed and pts and pts[0] == pts[-1]:
                    raise ValueError('a closed outline not flagged closed')
                segs += [(pts[k], pts[k + 1]) for k in range(len(pts) - 1)]
                if closed:
                    segs.append((pts[-1], pts[0]))
            i = j
            continue
        i += 1
    return segs, entities


def doubled(segs, tol=1e-3):
    """Length cut more than once: overlaps of collinear segments."""
    total = 0.0
    norm = []
    for a, b in segs:
        dx, dy = b[0] - a[0], b[1] - a[1]
        L = math.hypot(dx, dy)
        if L < tol:
            continue
        ux, uy = dx / L, dy / L
        if ux < -tol or (abs(ux) <= tol and uy < 0):
            ux, uy, a, b = -ux, -uy, b, a
        # the line: direction and signed offset; the span along it
        off = a[0] * uy - a[1] * ux
        s0 = a[0] * ux + a[1] * uy
        norm.append((round(ux, 6), round(uy, 6), off, s0, s0 + L))
    norm.sort()
    for i, (ux, uy, off, s0, s1) in enumerate(norm):
        for k in range(i + 1, len(norm)):
            vx, vy, off2, t0, t1 = norm[k]
            if (vx, vy) != (ux, uy):
                break
            if abs(off - off2) > tol:
                continue
            ov = min(s1, t1) - max(s0, t0)
            if ov > tol:
                total += ov
    return total


def main(argv):
    report = '--report' in argv
    ink = 'CutContour'
    files = []
    it = iter(argv)
    for a in it:
        if a == '--ink':
            ink = next(it)
        elif a != '--report':
            files.append(a)
    try:
        import ezdxf  # noqa: F401
        have_ezdxf = True
    except ImportError:
        have_ezdxf = False
    bad = 0
    for f in files:
        try:
            if f.endswith('.dxf'):
                segs, ents = dxf_segments(f)
                if have_ezdxf:
                    doc = ezdxf.readfile(f)
                    errs = doc.audit().errors
                    if errs:
                        raise ValueError(f'ezdxf audit: {len(errs)} errors')
                kind = ' '.join(f'{n} {k}' for k, n in sorted(ents.items()))
            else:
                segs, kind = svg_segments(f, ink), f'{ink} paths'
        except (ValueError, KeyError, IndexError) as e:
            print(f'{f}: malformed: {e}')
            bad = 1
            continue
        length = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in segs)
        dup = doubled(segs)
        print(f'{f}: {length / 1000:.2f} m cut, {dup / 1000:.2f} m cut twice ({kind})')
        if dup > 0 and not report:
            bad = 1
    if files and any(f.endswith('.dxf') for f in files):
        print('ezdxf audit: ' + ('passed' if have_ezdxf else 'not installed, own parser only'))
    return bad


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
