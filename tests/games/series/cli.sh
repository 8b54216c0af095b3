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
	# art runs on into the bleed: the preflight finds nothing
	head -n 1 "$d/manifest/preflight.txt" | grep -q ' 0 errors, 0 warnings$' ||
		fail "preflight: $(head -n 1 "$d/manifest/preflight.txt")"
}

# print.layout = punchboard: every tile whole on a press sheet with its own
# closed die line (a POLYLINE of 4 or 6 vertices), as many as the layout
# has tiles; the backs on as many press sheets as the fronts.
c_punch() {
	d=$(fresh_dir "punch$1")
	run -c "$1" build -q -o "$d" -s print.layout=punchboard --formats pdf,svg,dxf
	expect_ok || return
	tiles=$(($(wc -l <"$d/manifest/layout.csv") - 1))
	polys=$(cat "$d"/fronts*.dxf | grep -c '^POLYLINE')
	verts=$(cat "$d"/fronts*.dxf | grep -c '^VERTEX')
	[ "$polys" -eq "$tiles" ] || { fail "$polys die outlines on the press sheets, want $tiles"; return; }
	[ "$verts" -eq $((polys * $2)) ] || { fail "$verts vertices, want $2 per outline"; return; }
	fp=$(pdfinfo "$d/fronts.pdf" | sed -n 's/^Pages: *//p')
	bp=$(pdfinfo "$d/backs.pdf" | sed -n 's/^Pages: *//p')
	[ "$fp" = "$bp" ] || fail "fronts on $fp press sheets, backs on $bp"
	qpdf --check "$d/fronts.pdf" >/dev/null 2>&1 || fail "qpdf --check fronts.pdf"
}

# A relative path in a config (pictures, ICC profiles) is the config's,
# from any folder; with --set it is the current folder's.
c_paths_beside() {
	d=$(fresh_dir picbeside)
	mkdir "$d/cfg" && cp templates/pictures/signs.ini "$d/cfg/mine.ini" &&
		printf '[game]\nname = series-hex\n[hex]\nindicia = pictures\npictures = mine.ini\n' >"$d/cfg/set.ini"
	for icc in /usr/share/color/icc/ghostscript/default_cmyk.icc /usr/share/ghostscript/iccprofiles/default_cmyk.icc; do
		[ -r "$icc" ] || continue
		cp "$icc" "$d/cfg/press.icc"
		printf '[print]\nproof_profile = press.icc\noutput_profile = press.icc\n' >>"$d/cfg/set.ini"
		break
	done
	(cd / && "$TP_BIN" -c "$d/cfg/set.ini" check >"$OUT" 2>"$ERR")
	rc=$?
	expect_ok || return
	grep -q '^rules: all hold$' "$OUT" || { fail "no 'rules: all hold'"; return; }
	(cd / && "$TP_BIN" -c "$d/cfg/set.ini" -s hex.pictures=mine.ini check >"$OUT" 2>"$ERR")
	rc=$?
	[ "$rc" -eq 2 ] && grep -qF -- '--set hex.pictures' "$ERR" || fail "--set hex.pictures=mine.ini from / was not refused: exit $rc"
}

# hex.anchor: another anchor gives another layout of the same rules.
c_hex_anchor() {
	run -c series-hex -s "hex.anchor=1 1 5 1 8" pattern --format csv
	expect_ok || return
	sed -n 2p "$OUT" | grep -q '^1,1,[0-9]*,5,1,8,' || { fail "tile 1 1 is not 5 1 8: $(sed -n 2p "$OUT")"; return; }
	run -c series-hex -s "hex.anchor=1 1 5 1 8" check
	expect_ok || return
	grep -q '^rules: all hold$' "$OUT" || fail "no 'rules: all hold'"
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
	tcase "series-table digits: every sheet" c_build series-table -s table.indicia=digits
	tcase "series-hex digits: every sheet" c_build series-hex -s hex.indicia=digits
	tcase "series-hex pictures: every sheet" c_build series-hex -s hex.indicia=pictures -s hex.pictures=toys
fi
tcase "series-table punchboard: 81 tiles whole, backs behind" c_punch series-table 4
tcase "series-hex punchboard: every hexagon whole, backs behind" c_punch series-hex 6
tcase "pictures and ICC paths in a config are read beside it (run from /)" c_paths_beside
tcase "hex.anchor fixes its tile and the rules still hold" c_hex_anchor
tcase "series-hex: die lines cut each shared side once" c_hex_die
tcase "table.order with a triangle twice is refused" refuse "--set table.order" "table.order" -- \
	-c series-table -s "table.order=1 1 2 3 4 5 6 7 8"
tcase "two series with one shape are refused" refuse "--set table.dots" "table.dots" -- \
	-c series-table -s table.indicia=shapes -s table.dots=circle
tcase "a hex board without all 36 fronts is refused" refuse "config/series-hex.ini" "board.rows" -- \
	-c series-hex -s board.rows=3
tcase "a missing pictures template is refused" refuse "--set table.pictures" "table.pictures" -- \
	-c series-table -s table.indicia=pictures -s table.pictures=no-such
tcase "hex.anchor not of the 36 fronts is refused" refuse "--set hex.anchor" "36 fronts" -- \
	-c series-hex -s "hex.anchor=1 1 1 5 3"
tcase "two hex anchors that disagree are refused" refuse "--set hex.anchor=5 6 9 9 9" "hex.anchor" -- \
	-c series-hex -s "hex.anchor=5 5 9 9 9" -s "hex.anchor=5 6 9 9 9"
tcase "pictures in a blind edition are refused ([0079])" refuse "--set print.cell_mark" "[0079]" -- \
	-c series-blind -s print.cell_mark=picture
printf '[lateral]\nname = ball\ncircle = 5 5 4\n' >"$T/four.ini"
tcase "hex pictures without the six sections are refused" refuse "--set hex.pictures" "[east]" -- \
	-c series-hex -s hex.indicia=pictures -s hex.pictures=$T/four.ini

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
