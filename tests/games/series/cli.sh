#!/bin/sh
# CLI tests for the series tiles' table set and hexagonal set (issue 23):
# check proves every rule, the manifest agrees with the layout, every sheet
# in every format (PDFs pass qpdf, PNGs pngcheck), the hexagonal die lines
# cut each shared edge once (counted from the board size by awk),
# byte-identical rebuilds for any -j, and the refusals.
#
#   TP_BIN=/abs/path/tilepress sh tests/games/series/cli.sh

set -u
cd "$(dirname "$0")/../../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}

HARNESS=tp-series
. tests/cli/harness.sh

c_check() {
	run -c "$1" check
	expect_ok || return
	grep -q FAILED "$OUT" && { fail "a rule failed: $(grep FAILED "$OUT" | head -1)"; return; }
	grep -q '^rules: all hold$' "$OUT" || fail "no 'rules: all hold'"
	[ "$(grep -c '^ok: ' "$OUT")" -ge 5 ] || fail "fewer than 5 rules proved"
}

# The manifest's fronts are the distinct element rows of the layout, and
# its counts add up to the board.
c_manifest() {
	run -c "$1" pattern --format csv
	expect_ok || return
	cp "$OUT" "$T/layout.csv"
	run -c "$1" manifest --format csv
	expect_ok || return
	tiles=$(($(wc -l <"$T/layout.csv") - 1))
	distinct=$(tail -n +2 "$T/layout.csv" | cut -d, -f4- | sort -u | wc -l)
	fronts=$(($(wc -l <"$OUT") - 1))
	total=$(tail -n +2 "$OUT" | awk -F, '{ s += $NF } END { print s }')
	[ "$fronts" -eq "$distinct" ] || fail "manifest has $fronts fronts, layout $distinct"
	[ "$total" -eq "$tiles" ] || fail "manifest counts $total tiles, layout $tiles"
}

c_build() {
	cb_cfg=$1
	shift
	d=$(fresh_dir "b$cb_cfg$#")
	run -c "$cb_cfg" build -q -o "$d" "$@"
	expect_ok || return
	for s in fronts backs layout; do
		for f in pdf png svg; do
			[ -s "$d/$s.$f" ] || { fail "no $s.$f"; return; }
		done
		qpdf --check "$d/$s.pdf" >/dev/null 2>&1 || { fail "qpdf --check $s.pdf"; return; }
		pngcheck -q "$d/$s.png" >/dev/null 2>&1 || { fail "pngcheck $s.png"; return; }
	done
	[ -s "$d/fronts.dxf" ] || fail "no fronts.dxf"
}

# Each hexagon side once: 6 x tiles less one per neighbouring pair.
c_hex_die() {
	d=$(fresh_dir hexdie)
	run -c series-hex build -q -o "$d" --only fronts --formats dxf
	expect_ok || return
	rows=$(sed -n 's/^rows *= *\([0-9]*\).*/\1/p' config/series-hex.ini)
	cols=$(sed -n 's/^cols *= *\([0-9]*\).*/\1/p' config/series-hex.ini)
	want=$(awk -v R="$rows" -v C="$cols" 'BEGIN {
		for (r = 0; r < R; r++) for (c = 0; c < C; c++) {
			if (c + 1 < C) p++                        # east
			if (r + 1 < R) { o = (r % 2) ? c + 1 : c - 1
				p++; if (o >= 0 && o < C) p++ }    # the two below
		}
		print 6 * R * C - p }')
	got=$(grep -c '^LINE' "$d/fronts.dxf")
	[ "$got" -eq "$want" ] || fail "fronts.dxf has $got lines, want $want"
}

c_repro() {
	a=$(fresh_dir "ra$1") b=$(fresh_dir "rb$1")
	run -c "$1" build -q -o "$a" -j 1
	expect_ok || return
	run -c "$1" build -q -o "$b" -j 2
	expect_ok || return
	# build.json records the run (folder, jobs); every other file the same
	diff -r -x build.json -x marker "$a" "$b" >/dev/null || fail "-j 1 and -j 2 differ: $(diff -rq -x build.json -x marker "$a" "$b" | head -2 | tr '\n' '|')"
}

for g in series-table series-hex; do
	tcase "$g: check proves every rule" c_check "$g"
	tcase "$g: manifest = the layout's distinct fronts, counts add up" c_manifest "$g"
	tcase "$g: every sheet in every format, qpdf and pngcheck clean" c_build "$g"
	# TP_QUICK (make asan): the slower full rebuilds are left out
	[ -n "${TP_QUICK:-}" ] || tcase "$g: byte-identical for -j 1 and -j 2" c_repro "$g"
done
if [ -z "${TP_QUICK:-}" ]; then
	tcase "series-table shapes: every sheet" c_build series-table -s table.indicia=shapes
	tcase "series-table pictures: every sheet" c_build series-table -s table.indicia=pictures -s table.pictures=signs
fi
tcase "series-hex: die lines cut each shared side once" c_hex_die
tcase "table.order with a triangle twice is refused" refuse "--set table.order" "table.order" -- \
	-c series-table -s "table.order=1 1 2 3 4 5 6 7 8"
tcase "two series with one shape are refused" refuse "--set table.dots" "table.dots" -- \
	-c series-table -s table.indicia=shapes -s table.dots=circle
tcase "a hex board without all 36 fronts is refused" refuse "config/series-hex.ini" "board.rows" -- \
	-c series-hex -s board.rows=3
tcase "a missing pictures template is refused" refuse "--set table.pictures" "table.pictures" -- \
	-c series-table -s table.indicia=pictures -s table.pictures=no-such

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
