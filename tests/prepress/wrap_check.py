#!/usr/bin/env python3
"""A wrapped board's die and fold lines, measured from its files.

usage: wrap_check.py [options] FILE

FILE is the board-wrap PDF (read through mutool's trace device: the paths
stroked in the die ink's and the Crease separation, each page as its own
sheet) or one face or liner DXF (read with ezdxf: the die ink's and the
Crease layer).  Every figure is measured from the lines alone:

  sheet        the die line's extent;
  board        the rectangle of the innermost fold lines (the greyboard's
               face edges), and beyond each the next (its back edges):
               their distance is the board's thickness, and the sheet
               reaches the turn-in past the back edge;
  mitres       the die's slanting sides: each at 45 degrees, ending on the
               sheet's edges, square-distance from the nearest board
               corner;
  hinges       fold lines inside the board: pairs, the gap between them,
               and the hinge (the gap's middle) on a square edge: at
               --first + k * --pitch from the board's edge, k whole,
               and within half a square of the board's middle;
  slit         a quad-fold's open die line: one straight cut on the
               vertical hinge's centre line, from the sheet's top edge to
               the horizontal hinge's centre line (the hinges' crossing),
               as long as the turn-in, the thickness and the horizontal
               hinge's distance from the board's top edge computed below;
               on the liner the same cut seen from the back (mirrored),
               from its top edge to the crossing;
  hinges       computed, not read: on squares (--pitch, --first) the
               square edge nearest the board's middle (a tie down or
               right); on hexagons and triangles (--grid, --side, --pitch)
               the line within half a cell pitch of the middle that
               crosses the fewest cells (then the nearest the middle, a
               tie down or right), the cells drawn from the docs'
               coordinates and centred on the board; each measured hinge
               must be that line, and the cells it crosses are printed;
  liner        a page (file) whose die line is a rectangle and that has
               no fold lines: each side's inset from the board of the
               page before;
  board size   on hexagons and triangles (--grid, --side, --pitch), the
               board between the face fold lines is the box of its cells
               and the ledges an art pack adds above and below them
               (--ledges TOP,BOTTOM mm: the board as made, its hinges
               sought near its middle, the cells between the ledges;
               parts split by rows each as wide as that rectangle, the
               first with the top ledge, the second with the bottom one;
               by columns each as tall as it and as wide as its cells),
               the cells drawn from the docs' coordinates: the whole
               board's, or under --split rows|cols with no fold each
               part's in turn (face-1, face-2: hex rows r < 0 or cells
               left of the centre, x < 0; tri rows 1..2 floor((side - 1)
               / 3) or cells left of the centre), never the page's trim
               with its margin;
  trim box     in a PDF, each page's TrimBox (pdfinfo -box) is its die
               line's extent: the face's sheet, the liner.

options: --die-ink NAME (CutContour) --turn-in MM --thick MM --corner K
(mitre distance in board thicknesses) --inset MM --pitch MM --first MM
--fold none|bifold|quadfold --gap K (hinge gap in thicknesses; a
quad-fold's vertical hinge twice that) --grid square|hex|tri --side N
(hex: cells an edge; tri: cells a side) --split none|rows|cols (the
board's parts, each its own wrap when it does not fold) --ledges TOP,BOTTOM
(mm; a hinge also prints the gap's extent from the board's left or top
edge, "hinge gap from ... A to B mm").  Prints the
figures; exit 1 when one differs from what the options say (0.01 mm), 2
on a file it cannot read.
"""
import argparse
import math
import re
import subprocess
import sys

EPS = 0.01
MM = 25.4 / 72


def pdf_pages(path, ink):
    xml = subprocess.run(['mutool', 'draw', '-F', 'trace', '-o', '-', path], check=True,
                         capture_output=True, text=True).stdout
    pages = []
    for page in re.split(r'<page ', xml)[1:]:
        die, crease, overprint = [], [], True
        for m in re.finditer(r'<stroke_path ([^>]*)>(.*?)</stroke_path>', page, re.S):
            attrs = m.group(1)
            cs = re.search(r'colorspace="([^"]*)"', attrs).group(1)
            kind = 'die' if cs.endswith(',' + ink + ')') else 'crease' if cs.endswith(',Crease)') else None
            if kind is None:
                continue
            overprint &= 'op="1"' in attrs
            a, b, c, d, e, f = (float(x) for x in re.search(r'transform="([^"]*)"', attrs).group(1).split())
            pts = []
            for op, at in re.findall(r'<(moveto|lineto|closepath)([^/]*)/>', m.group(2)):
                if op == 'closepath':
                    pts.append(pts[0])
                    continue
                v = dict((k, float(x)) for k, x in re.findall(r'(\w+)="([-0-9.e]+)"', at))
                pts.append(((a * v['x'] + c * v['y'] + e) * MM, (b * v['x'] + d * v['y'] + f) * MM))
            (die if kind == 'die' else crease).append(pts)
        pages.append((die, crease, overprint, False))
    info = subprocess.run(['pdfinfo', '-box', '-f', '1', '-l', str(len(pages)), path], check=True,
                          capture_output=True, text=True).stdout
    trims = [tuple(float(x) for x in m.groups()) for m in
             re.finditer(r'Page +\d+ TrimBox: +([-0-9.]+) +([-0-9.]+) +([-0-9.]+) +([-0-9.]+)', info)]
    if len(trims) != len(pages):
        raise ValueError(f'pdfinfo: {len(trims)} trim boxes for {len(pages)} pages')
    return [p + (((t[2] - t[0]) * MM, (t[3] - t[1]) * MM),) for p, t in zip(pages, trims)]


def dxf_page(path, ink):
    import ezdxf
    doc = ezdxf.readfile(path)
    die, crease = [], []
    for e in doc.modelspace():
        if e.dxftype() == 'LINE':
            pts = [(e.dxf.start.x, e.dxf.start.y), (e.dxf.end.x, e.dxf.end.y)]
        elif e.dxftype() == 'POLYLINE':
            pts = [(v.dxf.location.x, v.dxf.location.y) for v in e.vertices]
            if e.is_closed:
                pts.append(pts[0])
        elif e.dxftype() == 'LWPOLYLINE':
            pts = [(x, y) for x, y in e.get_points('xy')]
            if e.closed:
                pts.append(pts[0])
        else:
            continue
        if e.dxf.layer == ink:
            die.append(pts)
        elif e.dxf.layer == 'Crease':
            crease.append(pts)
    return [(die, crease, True, True)]


def segments(paths):
    out = []
    for p in paths:
        out += [(p[i], p[i + 1]) for i in range(len(p) - 1) if math.dist(p[i], p[i + 1]) > 1e-6]
    return out


def cell_spans(grid, side, p):
    """Each cell's (x0, x1, y0, y1) in mm, y down, from the coordinates
    docs/arena.md gives (hex: centre ((q + r/2) p, r sqrt(3)/2 p), pointy
    top, p across the flats; tri: row r from the apex, cols 1..2r - 1, each
    a triangle of edge p between the row's lines)."""
    out = []
    if grid == 'hex':
        n, R = side - 1, p / math.sqrt(3)
        for r in range(-n, n + 1):
            for q in range(-n, n + 1):
                if max(abs(q), abs(r), abs(q + r)) <= n:
                    x, y = (q + r / 2) * p, r * math.sqrt(3) / 2 * p
                    out.append((x - p / 2, x + p / 2, y - R, y + R))
    else:
        h = p * math.sqrt(3) / 2
        for r in range(1, side + 1):
            for c in range(1, 2 * r):
                x = (c - r) * p / 2
                out.append((x - p / 2, x + p / 2, (r - 1) * h, r * h))
    return out


def boards_want(opt):
    """The board (W, H) of each face wrap in turn: the box of the cells,
    or of each part's; None when the grid is not hex or tri."""
    if opt.grid not in ('hex', 'tri') or not opt.side or not opt.pitch:
        return None
    spans = cell_spans(opt.grid, opt.side, opt.pitch)
    rows = cell_rows(opt.grid, opt.side)
    if opt.fold != 'none' or opt.split == 'none':
        groups = [spans]
    else:
        mid = 2 * ((opt.side - 1) // 3)
        def first(s, r):
            if opt.split == 'cols':
                return (s[0] + s[1]) / 2 < -EPS     # left of the centre
            return r < 0 if opt.grid == 'hex' else r <= mid
        groups = [[s for s, r in zip(spans, rows) if first(s, r) == (k == 0)] for k in (0, 1)]
    # The ledges make the board a rectangle its parts share: split by
    # columns each part is as tall as it (both ledges and every row, the
    # triangle's apex cell being no part of the left one), as wide as its
    # cells; by rows the first part takes the top ledge and the second
    # the bottom one, each as wide as the whole rectangle.
    top, bottom = opt.ledges
    out = []
    for k, g in enumerate(groups):
        w = max(s[1] for s in g) - min(s[0] for s in g)
        h = max(s[3] for s in g) - min(s[2] for s in g)
        if len(groups) == 2 and opt.split == 'rows' and top + bottom > 0:
            w = max(s[1] for s in spans) - min(s[0] for s in spans)
            h += bottom if k else top
        elif len(groups) == 2 and top + bottom > 0:
            h = max(s[3] for s in spans) - min(s[2] for s in spans) + top + bottom
        else:
            h += top + bottom
        out.append((w, h))
    return out


def cell_rows(grid, side):
    """Each cell's row, in cell_spans' order (hex r, tri 1..side)."""
    out = []
    if grid == 'hex':
        n = side - 1
        for r in range(-n, n + 1):
            out += [r for q in range(-n, n + 1) if max(abs(q), abs(r), abs(q + r)) <= n]
    else:
        for r in range(1, side + 1):
            out += [r] * (2 * r - 1)
    return out


def crossed(spans, axis, u):
    k = 0 if axis == 'vertical' else 2
    return sum(1 for s in spans if s[k] + EPS < u < s[k + 1] - EPS)


def hinge_want(opt, axis, side):
    """The hinge (mm from the board's left or top edge) and the cells it
    crosses, for a board side mm long that way."""
    mid = side / 2
    if opt.grid == 'square':
        q = (mid - opt.first) / opt.pitch
        k = math.floor(q + 0.5 + 1e-9)
        return opt.first + k * opt.pitch, 0
    spans = cell_spans(opt.grid, opt.side, opt.pitch)
    k = 0 if axis == 'vertical' else 2
    lo, hi = min(s[k] for s in spans), max(s[k + 1] for s in spans)
    # The cells centred across the board, and down it between the ledges
    # (the hinge still sought near the middle of the board as made).
    top, bottom = opt.ledges if axis == 'horizontal' else (0, 0)
    shift = top + (side - top - bottom) / 2 - (lo + hi) / 2
    ends = sorted({s[k] + shift for s in spans} | {s[k + 1] + shift for s in spans})
    cand = [mid - opt.pitch / 2, mid, mid + opt.pitch / 2] + ends
    cand += [(a + b) / 2 for a, b in zip(ends, ends[1:])]
    cand = [u for u in cand if abs(u - mid) <= opt.pitch / 2 + 1e-9]
    best = min(cand, key=lambda u: (crossed(spans, axis, u - shift), round(abs(u - mid), 6), -u))
    return best, crossed(spans, axis, best - shift)


class Check:
    def __init__(self):
        self.bad = 0

    def eq(self, what, got, want):
        ok = want is None or abs(got - want) <= EPS
        print(f'  {what}: {got:.3f}' + ('' if want is None else f' (want {want:.3f})') + ('' if ok else '  WRONG'))
        self.bad += not ok

    def true(self, what, ok):
        print(f'  {what}: {"yes" if ok else "NO"}')
        self.bad += not ok


def closed(path):
    return len(path) > 2 and math.dist(path[0], path[-1]) < EPS


def face(page, opt, ck, want_board=None):
    die, crease, overprint, flipped = page[:4]
    ds = segments(die)
    xs = [p[0] for s in ds for p in s]
    ys = [p[1] for s in ds for p in s]
    sx0, sx1, sy0, sy1 = min(xs), max(xs), min(ys), max(ys)
    ck.true('die and fold lines overprint', overprint)
    outline = [d for d in die if closed(d)]
    slits = [s for d in die if not closed(d) for s in segments([d])]
    ck.true('die line closed, one path', len(outline) == 1)
    cs = segments(crease)
    vert = sorted({round(a[0], 3) for a, b in cs if abs(a[0] - b[0]) < EPS})
    hori = sorted({round(a[1], 3) for a, b in cs if abs(a[1] - b[1]) < EPS})
    ck.true('fold lines straight across or down', len(vert) + len(hori) > 0 and
            all(abs(a[0] - b[0]) < EPS or abs(a[1] - b[1]) < EPS for a, b in cs))
    # The board: the second fold line in from each side of the sheet.
    bx0, bx1, by0, by1 = vert[1], vert[-2], hori[1], hori[-2]
    W, H = bx1 - bx0, by1 - by0
    print(f'  sheet {sx1 - sx0:.3f} x {sy1 - sy0:.3f} mm, board {W:.3f} x {H:.3f} mm')
    if len(page) > 4:
        ck.eq('trim box across (pdfinfo): the sheet', page[4][0], sx1 - sx0)
        ck.eq('trim box down (pdfinfo): the sheet', page[4][1], sy1 - sy0)
    if want_board is not None:
        ck.eq('board across: its cells\' box (computed)', W, want_board[0])
        ck.eq('board down: its cells\' box (computed)', H, want_board[1])
    for name, back, fc, edge in (('left', vert[0], bx0, sx0), ('right', vert[-1], bx1, sx1),
                                 ('top', hori[0], by0, sy0), ('bottom', hori[-1], by1, sy1)):
        ck.eq(f'{name} board thickness (face to back fold)', abs(fc - back), opt.thick)
        ck.eq(f'{name} turn-in (back fold to the sheet\'s edge)', abs(back - edge), opt.turn_in)
    # Mitres: the die's slanting sides.
    slants = [(a, b) for a, b in ds if abs(a[0] - b[0]) > EPS and abs(a[1] - b[1]) > EPS]
    ck.eq('mitred corners', len(slants), 4)
    corners = [(bx0, by0), (bx1, by0), (bx0, by1), (bx1, by1)]
    for a, b in slants:
        ang = math.degrees(math.atan2(abs(b[1] - a[1]), abs(b[0] - a[0])))
        ck.eq('  mitre angle (degrees)', ang, 45)
        on_edge = all(min(abs(p[0] - sx0), abs(p[0] - sx1), abs(p[1] - sy0), abs(p[1] - sy1)) < EPS
                      for p in (a, b))
        ck.true('  mitre ends on the sheet\'s edges', on_edge)
        # Distance from the nearest board corner to the cut's line.
        dx, dy = b[0] - a[0], b[1] - a[1]
        dist = min(abs(dx * (a[1] - cy) - dy * (a[0] - cx)) / math.hypot(dx, dy) for cx, cy in corners)
        ck.eq('  mitre past the board\'s corner (mm)', dist,
              None if opt.corner is None or opt.thick is None else opt.corner * opt.thick)
    # Hinges: fold lines inside the board.
    hv = [x for x in vert[2:-2]]
    hh = [y for y in hori[2:-2]]
    # y from the board's top edge (a DXF's y runs up).
    top = (lambda y: by1 - y) if flipped else (lambda y: y - by0)
    want = {'none': (0, 0), 'bifold': None, 'quadfold': (1, 1)}[opt.fold]
    if want is None:
        ck.true('bifold: one hinge', (len(hv), len(hh)) in ((2, 0), (0, 2)))
    else:
        ck.eq('vertical hinges', len(hv) / 2, want[0])
        ck.eq('horizontal hinges', len(hh) / 2, want[1])
    for lines, origin, axis in ((hv, bx0, 'vertical'), (hh, by0, 'horizontal')):
        for i in range(0, len(lines) - 1, 2):
            gap, mid = lines[i + 1] - lines[i], (lines[i] + lines[i + 1]) / 2 - origin
            k = None if opt.gap is None or opt.thick is None else opt.gap * opt.thick
            if k is not None and opt.fold == 'quadfold' and axis == 'vertical':
                k *= 2
            ck.eq(f'{axis} hinge gap', gap, k)
            print(f'  {axis} hinge gap from the board\'s edge: {lines[i] - origin:.3f} to {lines[i + 1] - origin:.3f} mm')
            if opt.pitch and opt.grid == 'square':
                # The middle of the gap from the board's left or top
                # edge; flipped axes (a DXF's y) measure from the other.
                side = W if axis == 'vertical' else H
                ks = [(m - opt.first) / opt.pitch for m in (mid, side - mid)]
                on = any(abs(q - round(q)) * opt.pitch < EPS and 0 < round(q) for q in ks)
                print(f'  {axis} hinge {mid:.3f} mm from the board\'s edge: square edge {ks[0]:.3f}')
                ck.true(f'{axis} hinge on a square edge (crosses no square)', on)
                ck.true(f'{axis} hinge gap narrower than a square', gap < opt.pitch)
                ck.true(f'{axis} hinge within half a square of the board\'s middle',
                        abs(mid - side / 2) <= opt.pitch / 2 + EPS)
            if opt.pitch:
                at = mid if axis == 'vertical' else top(lines[i] / 2 + lines[i + 1] / 2)
                want, n = hinge_want(opt, axis, W if axis == 'vertical' else H)
                print(f'  {axis} hinge crosses {n} cells')
                ck.eq(f'{axis} hinge from the board\'s {"left" if axis == "vertical" else "top"} edge (computed)',
                      at, want)
    slit = None
    if opt.fold == 'quadfold':
        ck.eq('slits (open die lines)', len(slits), 1)
        if len(slits) == 1 and hv and hh:
            (x0, y0), (x1, y1) = slits[0]
            ck.true('slit straight down', abs(x0 - x1) < EPS)
            ck.eq('slit on the vertical hinge\'s centre line (from the board\'s left edge)',
                  x0 - bx0, (hv[0] + hv[1]) / 2 - bx0)
            edge = sy1 if flipped else sy0
            ends = sorted((y0, y1), key=lambda y: abs(y - edge))
            ck.true('slit starts on the sheet\'s top edge', abs(ends[0] - edge) < EPS)
            ck.eq('slit ends on the horizontal hinge\'s centre line', ends[1], (hh[0] + hh[1]) / 2)
            want = None
            if opt.pitch and opt.turn_in is not None and opt.thick is not None:
                want = opt.turn_in + opt.thick + hinge_want(opt, 'horizontal', H)[0]
            ck.eq('slit length (turn-in + thickness + the horizontal hinge from the top)', abs(y1 - y0), want)
            vh = hinge_want(opt, 'vertical', W)[0] if opt.pitch else (hv[0] + hv[1]) / 2 - bx0
            hh_top = hinge_want(opt, 'horizontal', H)[0] if opt.pitch else top((hh[0] + hh[1]) / 2)
            slit = (vh, hh_top)
    else:
        ck.eq('slits (open die lines)', len(slits), 0)
    return W, H, slit


def liner(page, board, opt, ck):
    die, crease, _, flipped = page[:4]
    slits = [s for d in die if not closed(d) for s in segments([d])]
    die = [d for d in die if closed(d)]
    ds = segments(die)
    xs = [p[0] for s in ds for p in s]
    ys = [p[1] for s in ds for p in s]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    ck.true('liner: a rectangle, no fold lines', len(ds) == 4 and not crease and
            all(abs(a[0] - b[0]) < EPS or abs(a[1] - b[1]) < EPS for a, b in ds))
    print(f'  liner {w:.3f} x {h:.3f} mm')
    if len(page) > 4:
        ck.eq('trim box across (pdfinfo): the liner', page[4][0], w)
        ck.eq('trim box down (pdfinfo): the liner', page[4][1], h)
    if board:
        ck.eq('liner inset across (each side)', (board[0] - w) / 2, opt.inset)
        ck.eq('liner inset down (each side)', (board[1] - h) / 2, opt.inset)
    ck.eq('liner slits', len(slits), 1 if opt.fold == 'quadfold' else 0)
    if board and board[2] and len(slits) == 1 and opt.inset is not None:
        (x0, y0), (x1, y1) = slits[0]
        lx0, ly0, ly1 = min(xs), min(ys), max(ys)
        edge = ly1 if flipped else ly0
        # Seen from the back: the face's slit mirrored left to right.
        ck.eq('liner slit from its left edge (mirrored)', x0 - lx0, board[0] - board[2][0] - opt.inset)
        ck.true('liner slit straight down', abs(x0 - x1) < EPS)
        ck.true('liner slit starts on its top edge', min(abs(y0 - edge), abs(y1 - edge)) < EPS)
        ck.eq('liner slit length (to the hinges\' crossing)', abs(y1 - y0), board[2][1] - opt.inset)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('file')
    ap.add_argument('--die-ink', default='CutContour')
    for k in ('turn-in', 'thick', 'corner', 'inset', 'pitch', 'gap'):
        ap.add_argument('--' + k, type=float)
    ap.add_argument('--first', type=float, default=0)
    ap.add_argument('--fold', default='none', choices=('none', 'bifold', 'quadfold'))
    ap.add_argument('--grid', default='square', choices=('square', 'hex', 'tri'))
    ap.add_argument('--side', type=int)
    ap.add_argument('--split', default='none', choices=('none', 'rows', 'cols'))
    ap.add_argument('--ledges', default='0,0')
    opt = ap.parse_args()
    opt.ledges = tuple(float(x) for x in opt.ledges.split(','))
    try:
        pages = dxf_page(opt.file, opt.die_ink) if opt.file.endswith('.dxf') else pdf_pages(opt.file, opt.die_ink)
    except Exception as e:  # noqa: BLE001 - any unreadable file
        print(f'wrap_check: {opt.file}: {e}', file=sys.stderr)
        return 2
    ck, board, faces, liners = Check(), None, 0, 0
    want = boards_want(opt)
    # A face DXF holds one face: face-N, the Nth board.
    m = re.search(r'face(?:-(\d+))?\.dxf$', opt.file)
    skip = int(m.group(1) or 1) - 1 if m else 0
    for n, page in enumerate(pages, 1):
        if not page[0]:
            print(f'{opt.file} page {n}: no die line')
            ck.bad += 1
            continue
        if page[1]:
            print(f'{opt.file} page {n}: face wrap')
            k = skip + faces
            if want is not None and k >= len(want):
                print(f'  face wrap {k + 1}: the cells make {len(want)} boards  WRONG')
                ck.bad += 1
            board = face(page, opt, ck, None if want is None or k >= len(want) else want[k])
            faces += 1
        else:
            print(f'{opt.file} page {n}: back liner')
            liner(page, board, opt, ck)
            liners += 1
    print(f'wrap_check: {faces} face wraps, {liners} liners, {ck.bad} wrong')
    return 1 if ck.bad or faces + liners == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
