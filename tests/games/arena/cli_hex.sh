#!/bin/sh
# CLI tests for the shape arena on a hexagonal board (issue 22, section 1;
# config/arena-hex.ini): the pattern contract (q,r axial cells, six
# sectors) checked by an awk oracle that places each cell on the page and
# takes its sector from the angle of its centre, the manifest's hex
# fields, builds of every sheet in every format, split and layout with the
# preflight clean and the die lines closed, simulate, and the refusals
# (exit 2, one line naming the place and the key).
#
#   TP_BIN=/abs/path/tilepress sh tests/games/arena/cli_hex.sh
#
# Expected values come from the config, the shapes file and the rules.

set -u
cd "$(dirname "$0")/../../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}
CFG=config/arena-hex.ini

HARNESS=tp-arena-hex
. tests/cli/harness.sh

# check and build warn about gates few 5- and 6-player hands reach (see
# cli.sh); a run is ok when it exits 0 with those warnings at most.
GATE_WARNING='^tilepress: warning: .*: arena\.gate = [0-9, :]*: [0-9]* of [0-9]* greedy [2-6]-player hands reach'
expect_ok() {
	if [ "$rc" -ne 0 ]; then
		fail "exit $rc, want 0; stderr: $(errtext)"
		return 1
	fi
	if grep -v "$GATE_WARNING" "$ERR" | grep -q .; then
		fail "exit 0 but stderr not empty: $(errtext)"
		return 1
	fi
	return 0
}

SIDE=$(sed -n 's/^side[[:space:]]*=[[:space:]]*\([0-9]*\).*/\1/p' "$CFG" | head -n 1)
[ "$(sed -n 's/^grid[[:space:]]*=[[:space:]]*\([a-z]*\).*/\1/p' "$CFG")" = hex ] || { echo "config/arena-hex.ini is not grid = hex"; exit 2; }

# The pattern csv of a hex board against the rules: one line per cell of
# max(|q|, |r|, |q + r|) <= n, rows r = -n..n, q rising; numbered exactly
# when (q - r) mod 3 = 0 (alternate); the sector of a cell from the angle of
# its centre (x = q + r/2, y = r sqrt(3)/2, y down), 60-degree half-open
# sectors clockwise from east, the centre 0; equal sector and inner-sector
# totals, outer greater and higher on average, six outer parts (a flood
# over the cells one pitch apart) for the star, one for the hexagon.
hex_oracle() {
	awk -F, -v n="$1" -v numbering="$2" -v parts="$3" -v gs="${4:-3}" -v gg="${5:-2}" '
	function abs(v) { return v < 0 ? -v : v }
	# groups: within gs/2 cells (hex distance) of a centre (i p, j p), p = gs + gg
	function ingroup(q, r,   i, j, p, dq, dr, d) {
		p = gs + gg
		for (i = -n; i <= n; i++) for (j = -n; j <= n; j++) {
			dq = q - i * p; dr = r - j * p
			d = abs(dq); if (abs(dr) > d) d = abs(dr); if (abs(dq + dr) > d) d = abs(dq + dr)
			if (d <= int(gs / 2)) return 1
		}
		return 0
	}
	BEGIN { pi = atan2(0, -1); pr = -n - 1; pq = 0; bad = "" }
	NR == 1 { if ($0 != "q,r,number,arena,sector") bad = bad " header"; next }
	{
		q = $1; r = $2
		if (abs(q) > n || abs(r) > n || abs(q + r) > n) bad = bad " off@" q "," r
		if ((q, r) in seen) bad = bad " twice@" q "," r
		seen[q, r] = 1
		if (r < pr || (r == pr && q <= pq)) bad = bad " order@" NR
		pr = r; pq = q
		x = q + r / 2; y = r * sqrt(3) / 2
		k = 0
		if (q != 0 || r != 0) { a = atan2(y, x) * 180 / pi; if (a < -1e-9) a += 360; k = int((a + 1e-9) / 60) % 6 + 1 }
		if ($5 != k) bad = bad " sector@" q "," r "=" $5 "!=" k
		m = ((q - r) % 3 + 3) % 3
		want = numbering == "all" ? 1 : numbering == "groups" ? ingroup(q, r) : m == 0
		if (($3 != 0) != want) bad = bad " numbered@" q "," r
		if ($4 != "inner" && $4 != "outer") bad = bad " arena@" NR
		s[k] += $3
		if ($4 == "inner") { is[k] += $3; it += $3; if ($3) ni++ } else { ot += $3; if ($3) no++; out[q, r] = 1 }
		lines++
	}
	END {
		if (lines != 3 * n * (n + 1) + 1) bad = bad " lines=" lines
		for (k = 2; k <= 6; k++) {
			if (s[k] != s[1]) bad = bad " sector" k
			if (is[k] != is[1]) bad = bad " inner-sector" k
		}
		if (ot <= it || ot * ni <= it * no) bad = bad " outer-not-higher"
		# outer parts: flood over the six neighbours
		split("1 0 -1 0 0 1 0 -1 1 -1 -1 1", d, " ")
		np = 0
		for (c in out) {
			if (c in done) continue
			np++; top = 0; st[++top] = c; done[c] = 1
			while (top > 0) {
				cur = st[top--]; split(cur, qr, SUBSEP)
				for (j = 1; j <= 12; j += 2) {
					nb = (qr[1] + d[j]) SUBSEP (qr[2] + d[j + 1])
					if ((nb in out) && !(nb in done)) { done[nb] = 1; st[++top] = nb }
				}
			}
		}
		if (np != parts) bad = bad " parts=" np
		print bad
	}'
}

c_check() {
	run -c "$CFG" check
	expect_ok || return
	grep -q "^board hex, $SIDE cells an edge ($((3 * (SIDE - 1) * SIDE + 1)) cells)" "$OUT" || fail "board line: $(grep '^board' "$OUT")"
	line=$(grep "^sector totals:" "$OUT")
	[ -n "$line" ] || { fail "no sector totals"; return; }
	n=$(echo "$line" | sed 's/;.*//' | tr ' ' '\n' | grep -c '^[0-9][0-9]*$')
	[ "$n" -eq 6 ] || fail "want 6 sector totals: $line"
	grep -q "^outer arena: 6 separate parts" "$OUT" || fail "parts: $(grep '^outer arena' "$OUT")"
	grep -q "constraints: .*: verified" "$OUT" || fail "not verified"
}
tcase "check -c arena-hex: the hex board, six sectors, six outer parts, verified" c_check

c_pattern() {
	for args in "$SIDE alternate 6" "7 alternate 6 -s arena.side=7" "12 alternate 6 -s arena.side=12 -s arena.seed=77" \
		    "8 all 6 -s arena.side=8 -s arena.numbering=all" \
		    "11 groups 6 -s arena.numbering=groups" "12 groups 6 -s arena.side=12 -s arena.numbering=groups -s arena.group_size=5 -s arena.group_gap=1"; do
		set -- $args
		sd=$1 num=$2 parts=$3
		shift 3
		gs=3 gg=2
		case "$*" in *group_size=5*) gs=5 gg=1 ;; *group_size=1*) gs=1 gg=1 ;; esac
		run -c "$CFG" "$@" pattern --format csv
		expect_ok || return
		res=$(hex_oracle $((sd - 1)) "$num" "$parts" $gs $gg <"$OUT")
		[ -z "$res" ] || { fail "side $sd $*:$res"; return; }
	done
}
tcase "pattern --format csv: q,r cells, the numbered class (alternate, all, groups), sectors by angle, totals, parts" c_pattern

c_json() {
	run -c "$CFG" pattern --format json
	expect_ok || return
	python3 - "$OUT" "$SIDE" <<'PY' || fail "pattern json does not match its cells"
import json, sys
d = json.load(open(sys.argv[1])); n = int(sys.argv[2]) - 1
assert d["grid"] == "hex" and d["side"] == n + 1
cells = d["cells"]
assert len(cells) == 3 * n * (n + 1) + 1
tot = [0] * 7
for q, r, v, a, s in cells:
    tot[s] += v
assert tot[1:] == d["sector_totals"] and len(set(tot[1:])) == 1
assert tot[0] == d["centre"]
PY
	run -c "$CFG" manifest --format json
	expect_ok || return
	python3 - "$OUT" <<'PY' || fail "manifest json: no hex board"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["grid"] == "hex" and d["board"]["grid"] == "hex"
assert len(set(d["board"]["sector_totals"])) == 1 and len(d["board"]["sector_totals"]) == 6
PY
}
tcase "pattern and manifest json: grid hex, cells, six sector totals" c_json

# Every sheet, every format, each split and both layouts: exit 0, the
# preflight clean, PDFs sound, one closed die line per piece (36), the
# board's csv the pattern.
c_build() {
	for extra in "print.split=rows" "print.split=cols" "print.split=none" "print.layout=punchboard" \
		     "arena.player_marks=on"; do
		dir=$T/out.$(echo "$extra" | tr -c 'a-z' _)
		run -c "$CFG" -s "$extra" -s print.dpi=72 build -o "$dir" --formats pdf,png,svg,dxf
		expect_ok || return
		run -c "$CFG" -s "$extra" preflight
		[ "$rc" -eq 0 ] && grep -q "0 errors, 0 warnings" "$OUT" "$ERR" ||
			{ fail "$extra: preflight: $(tail -n 3 "$OUT" "$ERR" | tr '\n' '|')"; return; }
		for f in "$dir"/*.pdf; do
			qpdf --check "$f" >/dev/null 2>&1 || { fail "$extra: qpdf --check $f"; return; }
		done
		for s in board pieces pieces-back pieces-ribs cut score-pad; do
			ls "$dir" | grep -q "^$s[.-]" || { fail "$extra: no $s"; return; }
		done
		if [ "$extra" = print.split=rows ]; then
			run -c "$CFG" pattern --format csv
			cmp -s "$OUT" "$dir/manifest/board.csv" || { fail "board.csv is not the pattern"; return; }
			# ezdxf is Debian's python3-ezdxf (the system python).
			closed=$(/usr/bin/python3 - "$dir/cut-pieces.dxf" <<'PY'
import ezdxf, sys
doc = ezdxf.readfile(sys.argv[1])
print(sum(1 for e in doc.modelspace() if e.dxftype() in ("POLYLINE", "LWPOLYLINE") and e.is_closed))
PY
)
			[ "$closed" = 36 ] || { fail "cut-pieces.dxf: $closed closed outlines, want 36"; return; }
		fi
	done
}
tcase "build: every sheet, format, split and layout; preflight clean; 36 closed die lines" c_build

# A board part wider than the press sheet (issue 18): on SRA3 with the
# punchboard profile each part of the hex board (and of the tri board) is
# cut into pieces along cell edges, not paneled through its cells.  The
# preflight finds no error; each piece's page fits the press sheet (its
# media, marks included, within print.sheet_mm upright or turned); each
# piece's DXF is one closed outline but for nicks no wider than the
# profile's nick_mm; and the pieces' areas add up to the board's cells
# (none lost, none twice): hex 3n(n + 1) + 1 cells of sqrt(3)/2 p^2, tri
# L^2 of sqrt(3)/4 p^2.
c_pieces() {
	PROF=config/profiles/punchboard.ini
	nick=$(sed -n 's/^nick_mm[[:space:]]*=[[:space:]]*\([0-9.]*\).*/\1/p' "$PROF")
	sheet=$(sed -n 's/^sheet_mm[[:space:]]*=[[:space:]]*\([A-Za-z0-9]*\).*/\1/p' "$PROF")
	[ "$sheet" = SRA3 ] || { fail "the punchboard profile's sheet is $sheet, the test knows SRA3 (320 x 450 mm)"; return; }
	for grid in hex tri; do
		if [ $grid = hex ]; then cfg=$CFG; else cfg=config/arena.ini; fi
		side=$(sed -n 's/^side[[:space:]]*=[[:space:]]*\([0-9]*\).*/\1/p' "$cfg" | head -n 1)
		pitch=$(sed -n 's/^square_mm[[:space:]]*=[[:space:]]*\([0-9.]*\).*/\1/p' "$cfg" | head -n 1)
		dir=$T/pieces.$grid
		run -c "$cfg" -s arena.grid=$grid -s print.layout=punchboard -s print.profile=punchboard \
			-s print.dpi=72 build -o "$dir" --formats pdf,dxf
		[ "$rc" -eq 0 ] || { fail "$grid: exit $rc: $(errtext)"; return; }
		grep -q "^preflight: .* 0 errors" "$dir/manifest/preflight.txt" ||
			{ fail "$grid: preflight: $(head -n 3 "$dir/manifest/preflight.txt" | tr '\n' '|')"; return; }
		for f in "$dir"/board-part-*.pdf; do
			pdfinfo -f 1 -l 99 "$f" | awk -v f="$f" '/Page.*size:/ {
				w = $4 * 25.4 / 72; h = $6 * 25.4 / 72
				if (!((w <= 320.01 && h <= 450.01) || (h <= 320.01 && w <= 450.01))) { print f ": " w " x " h " mm"; exit 1 } }' ||
				{ fail "$grid: a board piece's page is larger than $sheet"; return; }
		done
		ls "$dir" | grep -q '^board-part-[12]-piece-2\.dxf$' ||
			{ fail "$grid: no board part was cut into pieces: $(ls "$dir" | grep board-part | tr '\n' ' ')"; return; }
		msg=$(/usr/bin/python3 - "$grid" "$side" "$pitch" "$nick" "$dir"/board-part-*.dxf <<'PY'
import ezdxf, math, sys
grid, side, p, nick = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
total = 0
for f in sys.argv[5:]:
    pts, ends = [], []
    for e in ezdxf.readfile(f).modelspace():
        if e.dxftype() == "LINE":
            q = [(e.dxf.start.x, e.dxf.start.y), (e.dxf.end.x, e.dxf.end.y)]
        elif e.dxftype() == "POLYLINE":
            q = [(v.dxf.location.x, v.dxf.location.y) for v in e.vertices]
        else:
            continue
        pts += q
        if not (e.dxftype() == "POLYLINE" and e.is_closed):
            ends += [q[0], q[-1]]
    # every open end meets the next piece's across a nick (or touches it)
    while ends:
        a = ends.pop()
        near = [b for b in ends if math.dist(a, b) <= nick + 1e-3]
        if not near:
            print(f"{f}: the die line is open at {a}")
            sys.exit(1)
        ends.remove(near[0])
    n = len(pts)
    total += abs(sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))) / 2
m = side - 1
cells = 3 * m * (m + 1) + 1 if grid == "hex" else side * side
want = cells * p * p * (math.sqrt(3) / 2 if grid == "hex" else math.sqrt(3) / 4)
if abs(total - want) > 1e-3 * want:
    print(f"the pieces cover {total:.0f} mm2, the board's {cells} cells {want:.0f}")
    sys.exit(1)
PY
)
		[ $? -eq 0 ] || { fail "$grid: $msg"; return; }
	done
}
tcase "board parts wider than the press sheet: pieces cut along cell edges, closed, covering the board once" c_pieces

c_simulate() {
	run -c "$CFG" simulate --games 30 --seed 5 --format csv
	expect_ok || return
	cp "$OUT" "$T/sim1"
	run -c "$CFG" simulate --games 30 --seed 5 --format csv
	cmp -s "$OUT" "$T/sim1" || fail "simulate not deterministic"
	grep -q "^all," "$OUT" || fail "no totals row: $(head -c 200 "$OUT")"
	run -c "$CFG" manifest --players 4 --format csv
	expect_ok || return
	# One row a printed piece: the four hands cover every piece's cells
	# (the cells of the six shapes, six sets).
	want=$(sed -n 's/^cells[[:space:]]*=//p' templates/shapes/default-hex.ini | wc -w)
	[ "$(tail -n +2 "$OUT" | awk -F, '{ c += $3 } END { print c }')" = $((want * 6)) ] ||
		fail "4-player deal does not cover the $((want * 6)) cells of the pieces"
}
tcase "simulate and deals on the hex board" c_simulate

c_refuse() {
	refuse "--set arena.inner=circle" "arena.inner = circle" "use diamond" -- -c "$CFG" -s arena.inner=circle
	[ -z "$why" ] || return
	# every inner shape the refusal offers plays: check accepts it
	for v in $(sed -n 's/.*; use //p' "$T/check.err" | grep -o 'diamond\|square\|circle'); do
		run -c "$CFG" -s arena.inner=$v check
		[ "$rc" -eq 0 ] || { fail "the circle's refusal offers arena.inner = $v, which check refuses: $(errtext)"; return; }
	done
	refuse "--set arena.side=3" "arena.side = 3" "4 to 50" -- -c "$CFG" -s arena.side=3
	[ -z "$why" ] || return
	refuse "--set arena.side=6" "arena.side = 6" "use arena.side = 7" -- -c "$CFG" -s arena.side=6
	[ -z "$why" ] || return
	refuse "--set arena.rows=9" "arena.rows = 9" "leave rows and cols 0" -- -c "$CFG" -s arena.rows=9
	[ -z "$why" ] || return
	refuse "--set arena.group_gap=15" "arena.group_gap = 15" "smaller arena.group_gap" -- -c "$CFG" -s arena.numbering=groups -s arena.group_size=1 -s arena.group_gap=15
	[ -z "$why" ] || return
	refuse "--set arena.shapes=templates/shapes/default.ini" "arena.shapes" "grid = hex" -- -c "$CFG" -s arena.shapes=templates/shapes/default.ini
	[ -z "$why" ] || return
	refuse "--set arena.shapes=templates/shapes/default-hex.ini" "arena.shapes" "grid = square" -- -c arena -s arena.shapes=templates/shapes/default-hex.ini
	[ -z "$why" ] || return
	printf 'grid = hex\n[A]\ncells = 0,0\n[B]\ncells = 0,0 0,1\n[C]\ncells = 0,0 0,1 0,2\n[D]\ncells = 0,0 0,1 0,2 0,3\n[E]\ncells = 0,0 0,1 0,2 0,3 0,4\n[F]\ncells = 0,1 0,2 1,0 1,2 2,0 2,1\n' >"$T/ring.ini"
	refuse "$T/ring.ini:13" "arena.shapes" "hole" -- -c "$CFG" -s arena.shapes="$T/ring.ini"
	[ -z "$why" ] || return
	# More colours than a sector has positions (side 7: counted from the
	# number pattern's sector 1, the centre not a position) leaves a
	# colour on none: refused naming arena.colours and that count.
	run -c "$CFG" -s arena.side=7 pattern --format csv
	expect_ok || return
	per=$(awk -F, 'NR > 1 && $3 != 0 && $5 == 1 { n++ } END { print n + 0 }' "$OUT")
	refuse "--set arena.colours=$((per + 1))" "arena.colours = $((per + 1))" "use arena.colours = $per or fewer" -- -c "$CFG" -s arena.side=7 -s arena.marking=colours -s arena.colours=$((per + 1))
	[ -z "$why" ] || return
	# As many colours as positions plays (a warning about alike inner
	# sectors may come on so small a board).
	run -c "$CFG" -s arena.side=7 -s arena.marking=colours -s arena.colours=$per check
	[ "$rc" = 0 ] || fail "colours = $per on side 7: exit $rc: $(errtext)"
}
tcase "refused: circle, sides, rows, a group gap that empties a sector, a square shapes file, a ring-shaped piece, more colours than a sector's positions" c_refuse

# Every side from the least the key allows up to the first that holds the
# pieces is refused for the pieces (not for its numbering, whose advice to
# widen the ranges never made side 4 play), offering the least side whose
# 3m(m+1)+1 cells (m = side - 1) hold them; that side checks.
c_small_sides() {
	run -c "$CFG" -s arena.side=1 check
	lo=$(sed -n 's/.*has \([0-9]*\) to [0-9]* cells an edge.*/\1/p' "$ERR")
	[ -n "$lo" ] || { fail "no least side in: $(errtext)"; return; }
	sd=$lo
	while :; do
		run -c "$CFG" -s arena.side=$sd check
		[ "$rc" -eq 0 ] && break
		one_err_line || return
		err_has "--set arena.side=$sd" "arena.side = $sd" "cannot hold" || return
		need=$(sed -n 's/.*cannot hold the \([0-9]*\) cells.*/\1/p' "$ERR")
		use=$(sed -n 's/.*use arena.side = \([0-9]*\)$/\1/p' "$ERR")
		[ -n "$need" ] && [ -n "$use" ] || { fail "side $sd: $(errtext)"; return; }
		m=$((use - 1)) k=$((use - 2))
		[ $((3 * m * (m + 1) + 1)) -ge "$need" ] && [ $((3 * k * (k + 1) + 1)) -lt "$need" ] ||
			{ fail "side $sd: offered $use for $need cells"; return; }
		sd=$((sd + 1))
		[ "$sd" -le "$use" ] || { fail "side $use, offered, is refused"; return; }
	done
	[ "$sd" -gt "$lo" ] || fail "side $lo already holds the pieces: nothing tested"
}
tcase "sides too small for the pieces are refused for the pieces, offering one that plays" c_small_sides

# Nicks on the board parts' outlines: a part cut round its cells has
# hundreds of sides, so its nicks leave more runs than the preflight's
# fixed 256 took for one nicked contour (side 19: 540 pieces), and it
# refused the build as "die-open" after check had passed. The DXF must
# hold more runs than without nicks (the nicks are there).
c_part_nicks() {
	d=$(fresh_dir part-nicks)
	run -c "$CFG" -s arena.side=19 -s print.nicks_per_side=2 build -q -o "$d" --only board-part-1,manifest --formats pdf,dxf
	expect_ok || return
	head -n 1 "$d/manifest/preflight.txt" | grep -q ' 0 errors' || { fail "preflight: $(head -n 1 "$d/manifest/preflight.txt")"; return; }
	runs=$(grep -c POLYLINE "$d/board-part-1.dxf")
	d0=$(fresh_dir part-nicks0)
	run -c "$CFG" -s arena.side=19 build -q -o "$d0" --only board-part-1 --formats dxf
	expect_ok || return
	[ "$runs" -gt "$(grep -c POLYLINE "$d0/board-part-1.dxf")" ] || fail "no nicks cut the outline: the case tests nothing"
}
tcase "nicked board parts cut round their cells pass the preflight (more than 256 runs)" c_part_nicks

# Colours and pictures on this grid (poly_colours.sh).
. tests/games/arena/poly_colours.sh
c_colours() {
	poly_colours_case hex -c "$CFG"
}
tcase "colours and pictures: balanced per sector, counters, every format, preflight clean in gang and punchboard, simulate" c_colours

c_groups() {
	poly_groups_case hex -c "$CFG"
}
tcase "numbering = groups: numbers and colours, every format, preflight clean, verified" c_groups

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
