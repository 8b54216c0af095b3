#!/usr/bin/env python3
"""A wrapped or folding board's box, measured from the files alone.

    box_fold.py DIR

DIR holds a build with print.board = wrap: board-wrap-face*.dxf (the face
wraps), box-base.dxf and rules-pages.pdf.  From each face wrap's Crease
lines (ezdxf): the greyboard (between the face fold lines, the second in
from each side of the sheet), its thickness (face to back fold), and the
hinges (the pairs of fold lines inside it); shut, the board is its
largest panel each way, its panels stacked.  From box-base.dxf's fold
lines: the base's inside (as tests/cli/box.sh reads it).  The rule
(docs/output.md): the inside is the largest flat part (the boards as
shut, the booklet's trim from pdfinfo -box), turned to lie along, plus
print.box_clearance_mm each side, and no more; deep enough for the
boards' stack.  Prints the figures; exit 1 when the rule fails."""
import glob
import json
import os
import re
import subprocess
import sys

import ezdxf

EPS = 0.02
d = sys.argv[1]
cfg = json.load(open(os.path.join(d, "manifest/build.json")))["config"]
mm = lambda k: float(re.match(r"[0-9.]+", cfg[k]).group(0))
box_board, clear = mm("print.box_board_mm"), mm("print.box_clearance_mm")


def lines(path, layer):
    out = []
    for e in ezdxf.readfile(path).modelspace():
        if e.dxf.layer != layer:
            continue
        if e.dxftype() == "LINE":
            out.append(((e.dxf.start.x, e.dxf.start.y), (e.dxf.end.x, e.dxf.end.y)))
        else:
            pts = [(v.dxf.location.x, v.dxf.location.y) for v in e.vertices]
            out += list(zip(pts, pts[1:]))
    return out


def folds(path):
    ls = lines(path, "Crease")
    vert = sorted({round(a[0], 3) for a, b in ls if abs(a[0] - b[0]) < 1e-6})
    hori = sorted({round(a[1], 3) for a, b in ls if abs(a[1] - b[1]) < 1e-6})
    return vert, hori


def shut(v):
    """Panels along one axis (board edges v[1], v[-2]; hinge pairs inside)."""
    inner = v[1:-1]
    spans = [inner[i + 1] - inner[i] for i in range(0, len(inner) - 1, 2)]
    return max(spans), len(spans), v[1] - v[0]


boards = []
for f in sorted(glob.glob(os.path.join(d, "board-wrap-face*.dxf"))):
    vert, hori = folds(f)
    (w, nw, t), (h, nh, _) = shut(vert), shut(hori)
    boards.append((w, h, nw * nh * t, nw * nh))
    print("%s: shut %.2f x %.2f mm, %d panel(s), %.2f mm thick"
          % (os.path.basename(f), w, h, nw * nh, nw * nh * t))
if not boards:
    sys.exit("no face wrap in %s" % d)
vert, hori = folds(os.path.join(d, "box-base.dxf"))
A, B, H = vert[2] - vert[1], hori[2] - hori[1], vert[1] - vert[0]
in_w, in_l = sorted((A - 2 * box_board, B - 2 * box_board))
depth = H - box_board
info = subprocess.run(["pdfinfo", "-box", os.path.join(d, "rules-pages.pdf")],
                      capture_output=True, text=True, check=True).stdout
x0, y0, x1, y1 = map(float, re.search(r"TrimBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)", info).groups())
booklet = ((x1 - x0) * 25.4 / 72, (y1 - y0) * 25.4 / 72)
flat = [sorted(b[:2]) for b in boards] + [sorted(booklet)]
want_w, want_l = max(s for s, l in flat), max(l for s, l in flat)
print("base inside %.2f x %.2f x %.2f mm; largest flat part %.2f x %.2f mm + %g mm each side"
      % (in_w, in_l, depth, want_w, want_l, clear))
bad = []
for s, l in flat:
    if in_w < s + 2 * clear - EPS or in_l < l + 2 * clear - EPS:
        bad.append("inside %.2f x %.2f does not hold %.2f x %.2f with %g mm each side" % (in_w, in_l, s, l, clear))
if abs(in_w - (want_w + 2 * clear)) > EPS or abs(in_l - (want_l + 2 * clear)) > EPS:
    bad.append("inside %.2f x %.2f, not the largest flat part %.2f x %.2f + %g mm each side"
               % (in_w, in_l, want_w, want_l, clear))
stack = sum(b[2] for b in boards)
if depth < stack - EPS:
    bad.append("depth %.2f < the boards' stack %.2f" % (depth, stack))
if bad:
    sys.exit("; ".join(bad))
