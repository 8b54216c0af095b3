#!/bin/sh
# CLI tests for the shape arena on a triangular board (issue 22, section 1;
# arena.grid = tri on config/arena.ini, side 19): the pattern contract
# (row,col cells, three sectors) checked by an awk oracle that places each
# cell on the page and takes its sector from its nearest edge, the json
# fields, builds of every sheet in every format, split and layout with the
# preflight clean and the die lines closed, simulate, and the refusals
# (exit 2, one line naming the place and the key).
#
#   TP_BIN=/abs/path/tilepress sh tests/games/arena/cli_tri.sh

set -u
cd "$(dirname "$0")/../../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}
CFG=config/arena.ini

HARNESS=tp-arena-tri
. tests/cli/harness.sh

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

# The pattern csv of a side-L triangle against the rules: one line per
# cell, rows 1..L from the apex, cols 1..2 row - 1; numbered exactly on
# the up cells (col odd) under alternate; each cell's sector the edge
# nearest its centroid (bottom 1, left 2, right 3; ties to the first of
# 1, 2, 3, 1; the centroid of the board none); equal sector and inner
# totals, outer greater and higher on average, `parts` outer parts (a
# flood over cells sharing an edge).
tri_oracle() {
	awk -F, -v L="$1" -v numbering="$2" -v parts="$3" '
	BEGIN { h = sqrt(3) / 2; bad = ""; pr = 1; pc = 0 }
	NR == 1 { if ($0 != "row,col,number,arena,sector") bad = bad " header"; next }
	{
		r = $1 - 1; c = $2 - 1
		if (r < 0 || r >= L || c < 0 || c > 2 * r) bad = bad " off@" $1 "," $2
		if (!($1 > pr || ($1 == pr && $2 > pc))) bad = bad " order@" NR
		pr = $1; pc = $2
		up = c % 2 == 0
		x = (c - r) / 2; y = (r + (up ? 2 : 1) / 3) * h
		d1 = L * h - y; d2 = x * h + y / 2; d3 = -x * h + y / 2
		lo = d1; if (d2 < lo) lo = d2; if (d3 < lo) lo = d3
		a1 = d1 < lo + 1e-6; a2 = d2 < lo + 1e-6; a3 = d3 < lo + 1e-6
		k = (a1 && a2 && a3) ? 0 : (a1 && a2) ? 1 : (a2 && a3) ? 2 : (a3 && a1) ? 3 : a1 ? 1 : a2 ? 2 : 3
		if ($5 != k) bad = bad " sector@" $1 "," $2 "=" $5 "!=" k
		want = numbering == "all" ? 1 : numbering == "groups" ? $3 != 0 : up
		if (($3 != 0) != want) bad = bad " numbered@" $1 "," $2
		s[k] += $3
		if ($4 == "inner") { is[k] += $3; it += $3; if ($3) ni++ } else { ot += $3; if ($3) no++; out[r, c] = 1 }
		lines++
	}
	END {
		if (lines != L * L) bad = bad " lines=" lines
		for (k = 2; k <= 3; k++) {
			if (s[k] != s[1]) bad = bad " sector" k
			if (is[k] != is[1]) bad = bad " inner-sector" k
		}
		if (ot <= it || ot * ni <= it * no) bad = bad " outer-not-higher"
		np = 0
		for (cell in out) {
			if (cell in done) continue
			np++; top = 0; st[++top] = cell; done[cell] = 1
			while (top > 0) {
				cur = st[top--]; split(cur, rc, SUBSEP); r = rc[1]; c = rc[2]
				n1 = r SUBSEP (c - 1); n2 = r SUBSEP (c + 1)
				n3 = (c % 2 == 0) ? (r + 1) SUBSEP (c + 1) : (r - 1) SUBSEP (c - 1)
				if ((n1 in out) && !(n1 in done)) { done[n1] = 1; st[++top] = n1 }
				if ((n2 in out) && !(n2 in done)) { done[n2] = 1; st[++top] = n2 }
				if ((n3 in out) && !(n3 in done)) { done[n3] = 1; st[++top] = n3 }
			}
		}
		if (np != parts) bad = bad " parts=" np
		print bad
	}'
}

c_check() {
	run -c "$CFG" -s arena.grid=tri check
	expect_ok || return
	grep -q "^board tri, $SIDE cells a side ($((SIDE * SIDE)) cells)" "$OUT" || fail "board line: $(grep '^board' "$OUT")"
	n=$(grep "^sector totals:" "$OUT" | sed 's/;.*//' | tr ' ' '\n' | grep -c '^[0-9][0-9]*$')
	[ "$n" -eq 3 ] || fail "want 3 sector totals: $(grep '^sector' "$OUT")"
	grep -q "^outer arena: 3 separate parts" "$OUT" || fail "parts: $(grep '^outer arena' "$OUT")"
	grep -q "constraints: .*: verified" "$OUT" || fail "not verified"
}
tcase "check -s arena.grid=tri: the triangle, three sectors, three outer parts, verified" c_check

c_pattern() {
	for args in "$SIDE alternate 3" "13 alternate 3 -s arena.side=13 -s arena.seed=8" \
		    "16 all 3 -s arena.side=16 -s arena.numbering=all" \
		    "19 groups 3 -s arena.numbering=groups" "16 groups 3 -s arena.side=16 -s arena.numbering=groups -s arena.group_size=5 -s arena.group_gap=1"; do
		set -- $args
		sd=$1 num=$2 parts=$3
		shift 3
		run -c "$CFG" -s arena.grid=tri "$@" pattern --format csv
		expect_ok || return
		res=$(tri_oracle "$sd" "$num" "$parts" <"$OUT")
		[ -z "$res" ] || { fail "side $sd $*:$res"; return; }
	done
	run -c "$CFG" -s arena.grid=tri pattern --format json
	expect_ok || return
	python3 - "$OUT" "$SIDE" <<'PY' || fail "pattern json does not match its cells"
import json, sys
d = json.load(open(sys.argv[1])); L = int(sys.argv[2])
assert d["grid"] == "tri" and d["side"] == L and len(d["cells"]) == L * L
tot = [0] * 4
for r, c, v, a, s in d["cells"]:
    tot[s] += v
assert tot[1:] == d["sector_totals"] and len(set(tot[1:])) == 1
PY
	# The manifest's board: the grid, side and cells (counted from the
	# pattern), the sector totals the pattern's; a colour board's counters.
	cp "$OUT" "$T/tri-pattern.json"
	for m in numbers colours; do
		run -c "$CFG" -s arena.grid=tri -s arena.marking=$m manifest --format json
		expect_ok || return
		python3 - "$OUT" "$T/tri-pattern.json" "$SIDE" $m <<'PY' || { fail "manifest json ($m): board is not the tri board: $(head -c 300 "$OUT")"; return; }
import json, sys
d = json.load(open(sys.argv[1])); p = json.load(open(sys.argv[2])); L = int(sys.argv[3])
b = d["board"]
assert d["grid"] == "tri" and b["grid"] == "tri" and b["side"] == L
assert b["cells"] == len(p["cells"]) and "rows" not in b
if sys.argv[4] == "numbers":
    assert b["sector_totals"] == p["sector_totals"]
else:
    assert sum(c["per_game"] for c in d["counters"]) == sum(1 for c in p["cells"] if c[2] and c[4])
PY
	done
}
tcase "pattern csv and json: row,col cells, up cells numbered, sectors by nearest edge, totals, parts" c_pattern

c_build() {
	for extra in "print.split=rows" "print.split=cols" "print.split=none" "print.layout=punchboard" \
		     "arena.player_marks=on"; do
		dir=$T/out.$(echo "$extra" | tr -c 'a-z' _)
		run -c "$CFG" -s arena.grid=tri -s "$extra" -s print.dpi=72 build -o "$dir" --formats pdf,png,svg,dxf
		expect_ok || return
		run -c "$CFG" -s arena.grid=tri -s "$extra" preflight
		[ "$rc" -eq 0 ] && grep -q "0 errors, 0 warnings" "$OUT" "$ERR" ||
			{ fail "$extra: preflight: $(tail -n 3 "$OUT" "$ERR" | tr '\n' '|')"; return; }
		for f in "$dir"/*.pdf; do
			qpdf --check "$f" >/dev/null 2>&1 || { fail "$extra: qpdf --check $f"; return; }
		done
		for s in board pieces pieces-back pieces-ribs cut score-pad; do
			ls "$dir" | grep -q "^$s[.-]" || { fail "$extra: no $s"; return; }
		done
		if [ "$extra" = print.split=rows ]; then
			run -c "$CFG" -s arena.grid=tri pattern --format csv
			cmp -s "$OUT" "$dir/manifest/board.csv" || { fail "board.csv is not the pattern"; return; }
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

c_simulate() {
	run -c "$CFG" -s arena.grid=tri simulate --games 20 --seed 5 --format csv
	expect_ok || return
	cp "$OUT" "$T/sim1"
	run -c "$CFG" -s arena.grid=tri simulate --games 20 --seed 5 --format csv
	cmp -s "$OUT" "$T/sim1" || fail "simulate not deterministic"
	run -c "$CFG" -s arena.grid=tri manifest --players 4 --format csv
	expect_ok || return
	want=$(sed -n 's/^cells[[:space:]]*=//p' templates/shapes/default-tri.ini | wc -w)
	[ "$(tail -n +2 "$OUT" | awk -F, '{ c += $3 } END { print c }')" = $((want * 6)) ] ||
		fail "4-player deal does not cover the $((want * 6)) cells of the pieces"
}
tcase "simulate and deals on the triangular board" c_simulate

c_refuse() {
	refuse "--set arena.side=12" "arena.side = 12" "3m + 1" -- -c "$CFG" -s arena.grid=tri -s arena.side=12
	[ -z "$why" ] || return
	refuse "--set arena.side=10" "arena.side = 10" "use arena.side = 13" -- -c "$CFG" -s arena.grid=tri -s arena.side=10
	[ -z "$why" ] || return
	refuse "--set arena.inner=circle" "arena.inner = circle" "diamond" -- -c "$CFG" -s arena.grid=tri -s arena.inner=circle
	[ -z "$why" ] || return
	# every inner shape the refusal offers plays: check accepts it
	for v in $(sed -n 's/.*; use //p' "$T/check.err" | grep -o 'diamond\|square\|circle'); do
		run -c "$CFG" -s arena.grid=tri -s arena.inner=$v check
		[ "$rc" -eq 0 ] || { fail "the circle's refusal offers arena.inner = $v, which check refuses: $(errtext)"; return; }
	done
	refuse "--set arena.shapes=templates/shapes/default-hex.ini" "arena.shapes" "grid = tri" -- -c "$CFG" -s arena.grid=tri -s arena.shapes=templates/shapes/default-hex.ini
	[ -z "$why" ] || return
	# Two triangles meeting at a corner only: no single die line.
	printf 'grid = tri\n[A]\ncells = 0,0\n[B]\ncells = 0,0 0,1\n[C]\ncells = 0,0 0,1 0,2\n[D]\ncells = 0,0 0,1 0,2 0,3\n[E]\ncells = 0,0 0,1 0,2 0,3 0,4\n[F]\ncells = 0,0 0,1 0,2 0,3 0,4 1,0\n' >"$T/pinch.ini"
	refuse "$T/pinch.ini:13" "arena.shapes" "corner" -- -c "$CFG" -s arena.grid=tri -s arena.shapes="$T/pinch.ini"
}
tcase "refused: sides, circle, a hex shapes file, a piece meeting itself at a corner" c_refuse

# Colours and pictures on this grid (poly_colours.sh).
. tests/games/arena/poly_colours.sh
c_colours() {
	poly_colours_case tri -c "$CFG" -s arena.grid=tri
}
tcase "colours and pictures: balanced per sector, counters, every format, preflight clean in gang and punchboard, simulate" c_colours

c_groups() {
	poly_groups_case tri -c "$CFG" -s arena.grid=tri
}
tcase "numbering = groups: numbers and colours, every format, preflight clean, verified" c_groups

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
