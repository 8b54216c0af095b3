#!/bin/sh
# Boards as factories build them (print.board = wrap, print.fold): every
# figure measured from the files written, not from the layout code.
# tests/prepress/wrap_check.py reads the die and Crease lines of the
# board-wrap PDF (mutool's trace) and of its DXF files (ezdxf) and checks
# the turn-in, the board's thickness, the mitres, the liner's inset, the
# hinge gaps, that each hinge lies on a square edge of the board (the
# squares' pitch and first edge from the config files' keys) and, on the
# arena's hexagonal and triangular boards, on the line near the middle
# that crosses the fewest cells (the cells drawn from their documented
# coordinates); on those boards each face's board is the box of its cells
# (the whole board's or, unfolded, each part's), computed from the same
# coordinates, not the page cut round them; each page's trim box
# (pdfinfo) its die line's extent; a quad-fold's slit on the vertical hinge's centre line,
# from the sheet's top edge to the hinges' crossing, as long as the
# turn-in, the thickness and the horizontal hinge's place add up to, and
# mirrored on the liner.  The preflight finds no error in any game's wrap,
# bifold or quad-fold; pixels (pdftoppm) show the art running on over the
# turn-in and the hinges.
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/board_wrap.sh
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}
HARNESS=tp-wrap
. tests/cli/harness.sh
# ezdxf is Debian's (python3-ezdxf), not the pyenv python's.
PY=/usr/bin/python3
CHECK=$ROOT/tests/prepress/wrap_check.py

# key FILE NAME: the value of NAME in a config file (its first one).
key() {
	sed -n "s/^$2 *= *\([^ ;]*\).*/\1/p" "$1" | head -1
}

# The defaults the docs give (docs/factory.md): 18 mm turn-in, 2 mm
# greyboard, liner 3 mm in; corners cut 1.5 thicknesses past the board's,
# hinges 2 thicknesses wide.
FIGS="--turn-in 18 --thick 2 --corner 1.5 --inset 3 --gap 2"

# grid GAME: the pitch and first square edge of the game's board (mm);
# on hexagons and triangles the grid, its side in cells, the pitch and
# how the board is split into parts (GAME:SPLIT: print.split = SPLIT),
# from which wrap_check computes each board's size from its cells.
grid() {
	case $1 in
	*:*) echo "$(grid "${1%%:*}" | sed 's/ --split [a-z]*//') --split ${1#*:}" ;;
	series) echo "--pitch $(key config/series.ini tile_mm) --first 0" ;;
	# The blind edition's pockets and its halves' band: no simple grid,
	# so its hinges are measured, not computed.
	series-blind) echo "" ;;
	vector) echo "--pitch $(key config/vector.ini tile_mm) --first $(($(key config/vector.ini ledge_mm) + $(key config/vector.ini clearance_mm)))" ;;
	arena) echo "--pitch $(key config/arena.ini square_mm) --first 0" ;;
	arena-hex) echo "--grid hex --side $(key config/arena-hex.ini side) --pitch $(key config/arena-hex.ini square_mm) --split $(key config/arena-hex.ini split)" ;;
	arena-tri) echo "--grid tri --side $(key config/arena.ini side) --pitch $(key config/arena.ini square_mm) --split $(key config/arena.ini split)" ;;
	esac
}

# cfg GAME: the options that make GAME's board (arena-tri: the arena's
# config on triangles; GAME:SPLIT: split into parts so).
cfg() {
	case $1 in
	*:*) echo "$(cfg "${1%%:*}") -s print.split=${1#*:}" ;;
	arena-tri) echo "-c arena -s arena.grid=tri" ;;
	*) echo "-c $1" ;;
	esac
}

# The ledges (mm, top,bottom) an art pack adds to a hex or tri board: 0.6
# of a pitch above for board.title, below for board.credit, both for
# board.corner (docs/art.md); wrap() passes them to wrap_check.
LEDGES=0,0

# wrap GAME FOLD DIR [SETS...]: builds the wrap (PDF and DXF) into DIR and
# checks it; the preflight of the config and of the written PDF finds no
# error.
wrap() {
	w_game=$1 w_fold=$2 w_dir=$3
	shift 3
	# shellcheck disable=SC2046
	run -q $(cfg "$w_game") -s print.board=wrap -s print.fold="$w_fold" "$@" build -o "$w_dir" \
		--only board-wrap --formats pdf,dxf
	expect_ok || return 1
	# shellcheck disable=SC2046
	$PY "$CHECK" $FIGS $(grid "$w_game") --ledges "$LEDGES" --fold "$w_fold" "$w_dir/board-wrap.pdf" >"$T/check.out" 2>&1 ||
		{ fail "$w_game $w_fold: $(grep -E 'WRONG|NO$|wrap_check' "$T/check.out" | head -3 | tr '\n' '|')"; return 1; }
	grep -q "wrap_check: [1-9][0-9]* face wraps, [1-9][0-9]* liners, 0 wrong" "$T/check.out" ||
		{ fail "$w_game $w_fold: $(tail -1 "$T/check.out")"; return 1; }
	# ezdxf's audit, and no line drawn twice (die_check.py).
	$PY tests/prepress/die_check.py "$w_dir"/board-wrap-*.dxf >"$T/die.out" 2>&1 ||
		{ fail "$w_game $w_fold DXF: $(tr '\n' '|' <"$T/die.out")"; return 1; }
	for f in "$w_dir"/board-wrap-*.dxf; do
		# shellcheck disable=SC2046
		$PY "$CHECK" $FIGS $(grid "$w_game") --ledges "$LEDGES" --fold "$w_fold" "$f" >"$T/dxf.out" 2>&1 ||
			{ fail "$f: $(grep -E 'WRONG|NO$|wrap_check' "$T/dxf.out" | head -3 | tr '\n' '|')"; return 1; }
	done
	# shellcheck disable=SC2046
	run $(cfg "$w_game") -s print.board=wrap -s print.fold="$w_fold" "$@" preflight
	grep -q '^preflight: .* 0 errors' "$OUT" || { fail "$w_game $w_fold preflight: $(head -3 "$OUT" | tr '\n' '|')"; return 1; }
	grep -q 'board-wrap' "$OUT" && { fail "$w_game $w_fold: a finding on the wrap: $(grep board-wrap "$OUT" | head -1)"; return 1; }
	# shellcheck disable=SC2046
	run $(cfg "$w_game") preflight "$w_dir/board-wrap.pdf"
	grep -q '0 errors, 0 warnings' "$OUT" || { fail "preflight of $w_dir/board-wrap.pdf: $(head -3 "$OUT" | tr '\n' '|')"; return 1; }
	return 0
}

t_flat() {
	run -c series -o "$T/flat" build --only board-wrap
	[ "$rc" -eq 2 ] && grep -q 'print.board = flat' "$ERR" || fail "flat board: exit $rc $(errtext)"
}
tcase "print.board = flat (the default): no board-wrap sheet" t_flat

for g in series vector arena; do
	tcase "$g: wrap measured from the PDF and DXF, no preflight error" wrap "$g" none "$T/w-$g"
done
tcase "series: bifold" wrap series bifold "$T/b-series"
tcase "series: quad-fold" wrap series quadfold "$T/q-series"
tcase "series-blind: quad-fold" wrap series-blind quadfold "$T/q-blind"
tcase "vector: bifold" wrap vector bifold "$T/b-vector"
tcase "arena: bifold" wrap arena bifold "$T/b-arena"
tcase "arena: quad-fold" wrap arena quadfold "$T/q-arena"
tcase "vector: quad-fold, under the generic-x1a profile" wrap vector quadfold "$T/q-vector" \
	-s print.profile=generic-x1a
for g in arena-hex arena-tri; do
	for f in bifold quadfold; do
		tcase "$g: $f, hinges on the lines crossing the fewest cells" wrap "$g" "$f" "$T/$f-$g"
	done
	# Unfolded, each part its own wrap: the board is its cells' box, not
	# the page cut round them with its margin.
	for sp in rows cols none; do
		tcase "$g: wrap of the board split $sp, each board its cells' box" wrap "$g:$sp" none "$T/$sp-$g"
	done
done

# Hex and tri boards with ledges (an art pack's title, credit line or
# corners): the board as made is the cells' box and the ledges, its
# hinges sought near that rectangle's middle among the cells where they
# lie.  Both shipped packs (all three places: both ledges), and a pack
# with the title alone (one ledge: the cells off the middle).
mkdir -p "$T/title-only"
cp templates/art/pictorial/title.svg "$T/title-only/"
printf '[board.title]\nfile = title.svg\n#000000 = text\n' >"$T/title-only/art.ini"
for g in arena-hex arena-tri; do
	L=$(awk -v p="$(key "config/${g%-tri}.ini" square_mm)" 'BEGIN { print 0.6 * p }')
	for art in geometric pictorial title-only; do
		pack=templates/art/$art LEDGES=$L,$L
		[ $art = title-only ] && pack=$T/title-only LEDGES=$L,0
		for f in none bifold quadfold; do
			[ $art = title-only ] && [ $f != quadfold ] && continue
			tcase "$g, art pack $art: $f, board and hinges from the ledge rectangle" \
				wrap "$g" "$f" "$T/$f-$g-$art" -s print.art="$pack"
		done
	done
	# Unfolded and split both ways: by rows each part as wide as the
	# rectangle with its own ledge, by columns each part's cells with both.
	LEDGES=$L,$L
	for sp in rows cols; do
		tcase "$g, art pack geometric: split $sp, each part's wrap its share of the ledge rectangle" \
			wrap "$g:$sp" none "$T/$sp-$g-ledges" -s print.art=templates/art/geometric
	done
done
LEDGES=0,0

# A vertical hinge through a ledge's art: check names the places and the
# hinge's gap, which must be the gap measured from the wrap's fold lines;
# the places crossed are those whose boxes span the gap (docs/art.md: the
# title and credit line between the corners, each corner 1 mm in from the
# cut, 0.6 pitch less 2 mm square; with print.split = cols the title left
# of the parts' cut, half a pitch left of the middle, and the credit line
# right of the middle, each 1 mm from it).  The triangles (split by rows)
# cross both; the hexagons' hinge, half a pitch right of the middle (the
# line there crosses fewer cells), crosses the credit line alone.
t_hinge_art() {
	for g in arena-hex arena-tri; do
		for f in bifold quadfold; do
			d=$T/$f-$g-pictorial
			[ -s "$d/board-wrap.pdf" ] || { fail "$g $f: no wrap with ledges to measure"; return; }
			# shellcheck disable=SC2046
			$PY "$CHECK" $FIGS $(grid "$g") --ledges 15,15 --fold "$f" "$d/board-wrap.pdf" >"$T/ha.out" 2>&1 ||
				{ fail "$g $f: $(grep -E 'WRONG|NO$' "$T/ha.out" | head -2 | tr '\n' '|')"; return; }
			gap=$(sed -n "s/^  vertical hinge gap from the board's edge: \([0-9.]*\) to \([0-9.]*\) mm$/\1 \2/p" "$T/ha.out")
			W=$(sed -n 's/^  sheet .*, board \([0-9.]*\) x .*/\1/p' "$T/ha.out")
			[ -n "$gap" ] && [ -n "$W" ] || { fail "$g $f: no vertical hinge measured"; return; }
			split=$(key "config/${g%-tri}.ini" split)
			want=$(echo "$gap $W $split $(key "config/${g%-tri}.ini" square_mm)" | awk '
			function on(a, b) { return a < hi && b > lo }
			{
				lo = $1; hi = $2; W = $3; p = $5; L = 0.6 * p; m = 1; n = ""
				t0 = L; t1 = W - L; c0 = L; c1 = W - L
				if ($4 == "cols") { t1 = W / 2 - p / 2 - m; c0 = W / 2 + m }
				if (on(t0, t1)) n = "board.title"
				if (on(c0, c1)) n = n (n ? " and " : "") "board.credit"
				if (on(m, L - m) || on(W - L + m, W - m)) n = n (n ? " and " : "") "board.corner"
				print n
			}')
			# shellcheck disable=SC2046
			run $(cfg "$g") -s print.art=templates/art/pictorial -s print.board=wrap -s print.fold="$f" check
			got=$(sed -n "s/.*the vertical hinge, \([0-9.]*\) to \([0-9.]*\) mm from the board's left edge, runs through \(.*\); the fold.*/\1 \2 \3/p" "$ERR")
			if [ -z "$want" ]; then
				[ -z "$got" ] || { fail "$g $f: a hinge through art in check, none in the files: $got"; return; }
				continue
			fi
			lo=${gap% *} hi=${gap#* }
			set -- $got
			[ $# -gt 2 ] || { fail "$g $f: check names no art on the hinge (want $want)"; return; }
			awk -v a="$1" -v b="$2" -v lo="$lo" -v hi="$hi" 'BEGIN { exit !((a - lo) ^ 2 < 0.01 && (b - hi) ^ 2 < 0.01) }' ||
				{ fail "$g $f: check says the hinge is $1..$2 mm, the files $lo..$hi"; return; }
			shift 2
			[ "$*" = "$want" ] || { fail "$g $f: check names \"$*\", want \"$want\""; return; }
		done
	done
}
tcase "hex and tri: check names the ledge art a vertical hinge runs through, where the files put it" t_hinge_art

# The cells a hex or triangle board's hinges cross: check warns with the
# counts wrap_check computed from the cells' geometry.
t_crossed() {
	for g in arena-hex arena-tri; do
		for f in bifold quadfold; do
			# shellcheck disable=SC2046
			$PY "$CHECK" $FIGS $(grid "$g") --fold "$f" "$T/$f-$g/board-wrap.pdf" >"$T/x.out" 2>&1 ||
				{ fail "$g $f: no wrap to measure"; return; }
			v=$(sed -n 's/^  vertical hinge crosses \([0-9]*\) cells$/\1/p' "$T/x.out" | head -1)
			h=$(sed -n 's/^  horizontal hinge crosses \([0-9]*\) cells$/\1/p' "$T/x.out" | head -1)
			want="the vertical hinge runs through $v cells"
			[ "$f" = quadfold ] && [ "${h:-0}" -gt 0 ] && want="$want, the horizontal one $h"
			[ "${v:-0}" -gt 0 ] || { fail "$g $f: the vertical hinge crosses no cell (${v:-none})"; return; }
			# shellcheck disable=SC2046
			run $(cfg "$g") -s print.board=wrap -s print.fold="$f" check
			grep -q "warning: .*print.fold = $f: $want (no straight line" "$ERR" ||
				{ fail "$g $f: want \"$want\" in: $(grep fold "$ERR" | head -1)"; return; }
		done
	done
	# A square board's hinges cross nothing: no such warning.
	run -c arena -s print.board=wrap -s print.fold=quadfold check
	grep -q 'hinge runs through' "$ERR" && fail "square board: $(grep fold "$ERR" | head -1)"
}
tcase "hex and tri: check names the cells each hinge crosses" t_crossed

# Pixels: the vector board is coloured edge to edge (ledge and surface),
# so no paper shows in the face wrap's turn-in or hinge gaps.  The page at
# 4 px/mm; the sheet's trim from pdfinfo; the folds from wrap_check.
t_pixels() {
	d=$T/q-vector
	[ -s "$d/board-wrap.pdf" ] || { fail "no quad-fold wrap to look at"; return; }
	pdftoppm -r 101.6 -f 1 -l 1 -png "$d/board-wrap.pdf" "$T/px" || { fail "pdftoppm"; return; }
	pdfinfo -box -f 1 -l 1 "$d/board-wrap.pdf" >"$T/info" || { fail "pdfinfo"; return; }
	$PY - "$T/px-1.png" "$T/info" >"$T/px.out" 2>&1 <<'PY' || fail "$(cat "$T/px.out")"
import re, subprocess, sys, zlib, struct
png, info = sys.argv[1:3]
raw = open(png, 'rb').read()
w, h = struct.unpack('>II', raw[16:24])
data = b''.join(raw[i + 8:i + 8 + struct.unpack('>I', raw[i:i + 4])[0]]
                for i in [m.start() - 4 for m in re.finditer(b'IDAT', raw)])
data = zlib.decompress(data)
bpp, stride = 3, w * 3
rows, prev, i = [], bytearray(stride), 0
for y in range(h):
    f = data[i]; line = bytearray(data[i + 1:i + 1 + stride]); i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line)); prev = line
t = [l for l in open(info) if 'TrimBox' in l][0].split()[-4:]
m = [l for l in open(info) if 'MediaBox' in l][0].split()[-4:]
k = 4 / (72 / 25.4)   # px per pt at 4 px/mm
x0, y1 = float(t[0]), float(m[3]) - float(t[1])
x1, y0 = float(t[2]), float(m[3]) - float(t[3])
# The die's bounding box is the trim; keep 45 mm in from the corners
# (the mitres) and 1 px in from the edges.
white = 0
for y in range(int(y0 * k) + 2, int(y1 * k) - 2):
    for x in range(int(x0 * k) + 2, int(x1 * k) - 2):
        if (min(x - x0 * k, x1 * k - x) < 45 * 4 and min(y - y0 * k, y1 * k - y) < 45 * 4):
            continue
        if rows[y][3 * x:3 * x + 3] == b'\xff\xff\xff':
            white += 1
if white:
    print(f'{white} paper-white pixels inside the wrap')
    sys.exit(1)
PY
}
tcase "vector quad-fold: the art covers the turn-in and the hinges (no paper shows)" t_pixels

# A profile sets the figures: its turn-in, greyboard and inset are the
# ones measured.
t_profile() {
	cat >"$T/wrap-profile.ini" <<'EOF'
[print]
board = wrap
wrap_mm = 15
greyboard_mm = 1.5
liner_inset_mm = 4
EOF
	run -q -c vector -s print.profile="$T/wrap-profile.ini" build -o "$T/prof" --only board-wrap --formats pdf
	expect_ok || return
	$PY "$CHECK" --turn-in 15 --thick 1.5 --corner 1.5 --inset 4 --gap 2 "$T/prof/board-wrap.pdf" >"$T/c.out" 2>&1 ||
		fail "$(grep -E 'WRONG|NO$' "$T/c.out" | head -3 | tr '\n' '|')"
}
tcase "a profile's board = wrap, wrap_mm, greyboard_mm, liner_inset_mm are used" t_profile

# LongPack's published figures (a 20 mm turn-in) and its die ink reach
# the wrap through pack, the slit included; the ticket says the file is
# wrapped round board and folds in four, slit.
t_longpack() {
	run -q -c vector -s print.board=wrap -s print.fold=quadfold -o "$T/lp" pack longpack
	expect_ok || return
	d=$T/lp/pack-longpack
	# shellcheck disable=SC2046
	$PY "$CHECK" --die-ink die-cut --turn-in 20 --thick 2 --corner 1.5 --inset 3 --gap 2 --fold quadfold \
		$(grid vector) "$d/vector_board-wrap.pdf" >"$T/c.out" 2>&1 ||
		{ fail "$(grep -E 'WRONG|NO$' "$T/c.out" | head -3 | tr '\n' '|')"; return; }
	grep -q '"file":"vector_board-wrap.pdf".*"finishing":\["die-cut","wrap"\],"fold":"quadfold"' "$d/job.json" ||
		{ fail "job.json: no wrap finishing and quad-fold for vector_board-wrap.pdf"; return; }
	grep -q "vector_board-wrap.pdf .*wrapped round the board, quad-fold, slit along the vertical hinge's upper arm" \
		"$d/job.txt" || fail "job.txt: no quad-fold slit for vector_board-wrap.pdf"
}
tcase "pack longpack: 20 mm turn-in in the die-cut ink, the slit; wrap and quad-fold in the ticket" t_longpack

# The liner in the vector's back ink: its page is not paper at its middle
# (pdftoppm); the plain liner of the default is.
t_liner() {
	run -q -c vector -s print.board=wrap -s print.liner_ink=back build -o "$T/li" --only board-wrap \
		--formats pdf
	expect_ok || return
	run -q -c vector -s print.board=wrap build -o "$T/plain" --only board-wrap --formats pdf
	expect_ok || return
	pdftoppm -r 10 -f 2 -l 2 "$T/li/board-wrap.pdf" "$T/li-p" || { fail "pdftoppm"; return; }
	pdftoppm -r 10 -f 2 -l 2 "$T/plain/board-wrap.pdf" "$T/plain-p" || { fail "pdftoppm plain"; return; }
	$PY - "$T"/li-p-*2.ppm "$T"/plain-p-*2.ppm >"$T/px.out" 2>&1 <<'PY' || fail "$(cat "$T/px.out")"
import sys
def mid(path):
    raw = open(path, 'rb').read()
    parts = raw.split(b'\n', 3)
    w, h = map(int, parts[1].split())
    data = parts[3]
    i = 3 * (h // 2 * w + w // 2)
    return tuple(data[i:i + 3])
col, plain = mid(sys.argv[1]), mid(sys.argv[2])
if plain != (255, 255, 255):
    print(f'plain liner: {plain} at its middle, want paper white'); sys.exit(1)
if col == (255, 255, 255):
    print('liner in the back ink: paper white at its middle'); sys.exit(1)
PY
}
tcase "print.liner_ink: the liner in the vector's back ink; plain by default" t_liner

t_refuse() {
	refuse "--set print.fold=quadfold" "print.board = wrap" -- -c series -s print.fold=quadfold
	refuse "--set print.liner_inset_mm=25" "print.liner_inset_mm" -- -c vector -s print.board=wrap \
		-s print.liner_inset_mm=25
	refuse "--set print.board=folded" "print.board" -- -c series -s print.board=folded
	refuse "--set print.liner_ink=cut" "print.liner_ink" "back" -- -c vector -s print.board=wrap -s print.liner_ink=cut
	refuse "--set print.wrap_mm=40" "print.wrap_mm" "corner cuts" -- -c arena -s print.board=wrap -s arena.side=13 \
		-s arena.square_mm=11.2 -s print.greyboard_mm=5 -s print.wrap_mm=40
}
tcase "refused: a fold without a wrap, corner cuts that meet, bad values" t_refuse

echo "board_wrap: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
