#!/bin/sh
# The box: its base's inside, measured from the die file (ezdxf reads the
# fold lines of box-base.dxf: the floor lies between the inner folds, the
# walls between the floor's and the rim's), fits the contents measured
# from the other sheets (the board or its parts and the booklet: their
# PDFs' trim boxes) with the configured clearance, and is deep enough for
# their volume: the flat parts stacked, the loose tiles and pieces spread
# over the floor (their count from the manifest, their size from the
# config), the booklet by its page count.  The die outline is one closed
# contour round the folds; print.box = off writes no box.
HARNESS=tp-box
. "$(dirname "$0")/harness.sh"
cd "$(dirname "$0")/../.." || exit 2
export SOURCE_DATE_EPOCH=1700000000
# A python with ezdxf (Debian's python3-ezdxf): the first python3 on the
# PATH may be another one (pyenv), then Debian's own.
PY=python3
python3 -c 'import ezdxf' 2>/dev/null || PY=/usr/bin/python3

t_fits() {
	n=$1
	d=$T/$n
	"$TP_BIN" -q -c "config/$n.ini" -s print.formats=pdf,dxf build -o "$d" >"$OUT" 2>"$ERR" ||
		{ fail "$n: build: $(cat "$ERR")"; return; }
	"$PY" - "$d" "$n" >"$T/why" 2>&1 <<'PY' || fail "$n: $(tail -3 "$T/why")"
import json, os, re, subprocess, sys
import ezdxf
d, name = sys.argv[1], sys.argv[2]
cfg = json.load(open(os.path.join(d, "manifest/build.json")))["config"]
mm = lambda k: float(re.match(r"[0-9.]+", cfg[k]).group(0))
board, clear, part = mm("print.box_board_mm"), mm("print.box_clearance_mm"), mm("print.part_mm")

def trims(pdf):
    out = subprocess.run(["pdfinfo", "-box", "-f", "1", "-l", "999", pdf], capture_output=True,
                         text=True, check=True).stdout
    for m in re.finditer(r"TrimBox:\s+([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)", out):
        x0, y0, x1, y1 = map(float, m.groups())
        yield (x1 - x0) / 72 * 25.4, (y1 - y0) / 72 * 25.4

# The die file: folds (Crease) and the die outline (the cut ink's layer).
doc = ezdxf.readfile(os.path.join(d, "box-base.dxf"))
folds, die = [], []
for e in doc.modelspace():
    pts = ([(e.dxf.start.x, e.dxf.start.y), (e.dxf.end.x, e.dxf.end.y)] if e.dxftype() == "LINE"
           else [(v.dxf.location.x, v.dxf.location.y) for v in e.vertices])
    (folds if e.dxf.layer == "Crease" else die).append((e, pts))
vert = sorted({round(p[0][0], 3) for e, p in folds if abs(p[0][0] - p[1][0]) < 1e-6})
horz = sorted({round(p[0][1], 3) for e, p in folds if abs(p[0][1] - p[1][1]) < 1e-6})
assert len(vert) == 4 and len(horz) == 4, ("folds", vert, horz)
A, B = vert[2] - vert[1], horz[2] - horz[1]       # the floor, outside
H = vert[1] - vert[0]                              # the wall
assert abs((vert[3] - vert[2]) - H) < 1e-6 and abs((horz[1] - horz[0]) - H) < 1e-6, "walls differ"
in_w, in_l, depth = sorted((A - 2 * board, B - 2 * board)) + [H - board]
assert len(die) == 1 and die[0][0].dxftype() == "POLYLINE" and die[0][0].is_closed, "one closed die outline"
xs = [p[0] for p in die[0][1]]
assert min(xs) < vert[0] and max(xs) > vert[3], "the die outline lies outside the folds"

# The flat parts, measured from their sheets' PDFs.
parts = [f for f in sorted(os.listdir(d)) if re.fullmatch(r"board-(half|part)-[0-9]+\.pdf", f)]
flat = [s for f in (parts or ["board.pdf"]) if os.path.exists(os.path.join(d, f))
        for s in trims(os.path.join(d, f))]
booklet = list(trims(os.path.join(d, "rules-pages.pdf")))
pages = len(booklet)
for w, h in flat + booklet[:1]:
    s, l = sorted((w, h))
    assert in_w >= s + 2 * clear - 0.01 and in_l >= l + 2 * clear - 0.01, \
        "inside %.1f x %.1f does not hold %.1f x %.1f with %g mm each side" % (in_w, in_l, s, l, clear)

# The volume: loose parts spread over the floor, no slack.
loose = 0.0
t = mm("print.tile_mm") if "print.tile_mm" in cfg else None
text = open(os.path.join(d, "manifest/box.txt")).read()
if name == "vector":
    counts = open(os.path.join(d, "manifest/counts.txt")).read()
    tiles = int(re.search(r"^total\s+(\d+)", counts, re.M).group(1))
    loose = tiles * t * t
elif name == "series":
    table = open(os.path.join(d, "manifest/table1.txt")).read()
    tiles = int(re.search(r"loose tiles (\d+)", table).group(1))
    loose = tiles * t * t
elif name == "arena":
    sq = mm("arena.square_mm")
    pieces = open(os.path.join(d, "manifest/pieces.txt")).read() if os.path.exists(os.path.join(d, "manifest/pieces.txt")) else ""
    cells = sum(int(a) * int(b) for a, b in re.findall(r"^\S+\s+(\d+)\s+\d+\s+\d+\s+\d+\s+(\d+)$", pieces, re.M))
    loose = cells * sq * sq
need = len(flat) * part + pages / 2 * 0.1 + loose / ((in_w - 0) * (in_l - 0)) * part
assert depth >= need - 0.01, "depth %.2f < %.2f the contents need" % (depth, need)
print("%s: inside %.1f x %.1f x %.1f mm; flat parts %d, booklet %d pages, loose %.0f mm2; needs %.2f mm"
      % (name, in_w, in_l, depth, len(flat), pages, loose, need))
PY
}

t_off() {
	"$TP_BIN" -q -c config/vector.ini -s print.box=off -s print.formats=pdf build -o "$T/off" >"$OUT" 2>"$ERR" ||
		{ fail "$(cat "$ERR")"; return; }
	[ ! -e "$T/off/box.pdf" ] && [ ! -e "$T/off/manifest/box.txt" ] || fail "print.box = off still writes the box"
}

# A wrapped board lies in the box as its greyboard, a folding one shut:
# the inside against the face wraps' fold lines and the booklet's trim
# (tests/cli/box_fold.py), for each game with a board and each fold.
t_fold() {
	n=$1 fold=$2
	d=$T/fold-$n-$fold
	"$TP_BIN" -q -c "config/$n.ini" -s print.board=wrap -s print.fold="$fold" -s print.formats=pdf,dxf \
		build --only board-wrap,box,rules-pages -o "$d" >"$OUT" 2>"$ERR" ||
		{ fail "$n $fold: build: $(cat "$ERR")"; return; }
	"$PY" tests/cli/box_fold.py "$d" >"$T/why" 2>&1 || fail "$n $fold: $(tail -3 "$T/why" | tr '\n' ' ')"
}

for n in vector arena series; do
	tcase "$n: the box's inside fits what goes in it" t_fits $n
done
for n in vector arena arena-hex series; do
	for fold in none bifold quadfold; do
		tcase "$n: print.board = wrap, print.fold = $fold: the box holds the board shut, no larger" t_fold $n $fold
	done
done
tcase "print.box = off" t_off
echo "box: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
