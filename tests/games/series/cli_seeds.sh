#!/bin/sh
# CLI tests of two embodiments of patent 000 that are off by default:
# separable quadrants ([0055], [0060], claim 2: series.quadrants,
# table.quadrants) and solid-colour tiles ([0092]: print.tile_body =
# solid).  The answers come from the rendered files and the seed's Table
# I (tests/data/series-table1.txt), read by seeds_check.py: each piece is
# its tile's quadrant, four a tile, counted per element; each solid batch
# holds Table I's column of fronts.  Both layouts, die lines cut once,
# nicks, qpdf, the preflight, and the refusals.
#
#   TP_BIN=/abs/path/tilepress sh tests/games/series/cli_seeds.sh

set -u
cd "$(dirname "$0")/../../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}

HARNESS=tp-seeds
. tests/cli/harness.sh

SEED=tests/data/series-table1.txt
CHECK=tests/games/series/seeds_check.py
# config/series.ini's tile size and cmyk keys, for the manifest's plastic.
cfgval() {
	sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*\([^;]*\).*/\1/p" config/series.ini |
		head -n 1 | sed 's/[[:space:]]*$//'
}
TILE=$(cfgval tile_mm)

# pages PDF: its page count.
pages() {
	pdfinfo "$1" | sed -n 's/^Pages: *//p'
}

# polys FILE...: closed die outlines (POLYLINE) in DXF files.
polys() {
	cat "$@" | grep -c '^POLYLINE'
}

# clean DIR: the build's preflight found no error.
no_errors() {
	head -n 1 "$1/manifest/preflight.txt" | grep -q ' 0 errors,' ||
		fail "preflight: $(head -n 2 "$1/manifest/preflight.txt" | tr '\n' '|')"
}

qpdf_ok() {
	for f in "$@"; do
		qpdf --check "$f" >/dev/null 2>&1 || { fail "qpdf --check $(basename "$f")"; return 1; }
	done
}

# ---- separable quadrants -----------------------------------------------------

# Gang: every piece is the quadrant of the tile it is cut from (pixels,
# series, element), four a tile; the pieces per element are those the
# tiles show and the manifest's; the die grid cuts every edge once.
c_quadrants_gang() {
	d=$(fresh_dir qg)
	run -c series -s series.quadrants=on build -q -o "$d" \
		--only fronts,quadrants,quadrants-backs,quadrants-assembly,manifest --formats pdf,svg,dxf
	expect_ok || return
	python3 "$CHECK" quadrants "$d/fronts.pdf" "$d/quadrants.pdf" "$d/manifest/tiles.csv" \
		"$d/manifest/table1.json" >"$T/q.log" || { fail "$(cat "$T/q.log")"; return; }
	python3 tests/prepress/die_check.py "$d/quadrants.dxf" "$d/quadrants.svg" >"$T/die.log" 2>&1 ||
		{ fail "die lines: $(tr '\n' '|' <"$T/die.log")"; return; }
	# The seed's words: four quadrants a tile ([0055]).
	tiles=$(($(wc -l <"$d/manifest/tiles.csv") - 1))
	grep -q "separable quadrants (\[0055\], claim 2): $((4 * tiles)) pieces" "$d/manifest/table1.txt" ||
		fail "table1.txt does not give $((4 * tiles)) pieces"
	qpdf_ok "$d"/quadrants*.pdf || return
	[ "$(pages "$d/quadrants.pdf")" = "$(pages "$d/quadrants-backs.pdf")" ] ||
		fail "quadrants and their backs on different page counts"
	no_errors "$d"
}
tcase "quadrants (gang): each piece its tile's quadrant, four a tile, counts as the manifest" c_quadrants_gang

# Punchboard: every piece whole on the press sheets with its own closed
# die line, four a tile; the backs behind on as many sheets; nicks as the
# profile computes them.
c_quadrants_punch() {
	d=$(fresh_dir qp)
	run -c series -s series.quadrants=on -s print.layout=punchboard build -q -o "$d" \
		--only quadrants,quadrants-backs,cut,manifest --formats pdf,dxf
	expect_ok || return
	tiles=$(($(wc -l <"$d/manifest/tiles.csv") - 1))
	n=$(polys "$d"/quadrants-sheet-*.dxf)
	[ "$n" -eq $((4 * tiles)) ] || { fail "$n pieces on the press sheets, want $((4 * tiles))"; return; }
	n=$(polys "$d"/cut-quadrants-sheet-*.dxf)
	[ "$n" -eq $((4 * tiles)) ] || { fail "cut: $n quadrant outlines, want $((4 * tiles))"; return; }
	python3 tests/prepress/die_check.py "$d"/quadrants-sheet-*.dxf >"$T/die.log" 2>&1 ||
		{ fail "die lines: $(tr '\n' '|' <"$T/die.log")"; return; }
	[ "$(pages "$d/quadrants.pdf")" = "$(pages "$d/quadrants-backs.pdf")" ] ||
		fail "quadrants on $(pages "$d/quadrants.pdf") press sheets, backs on $(pages "$d/quadrants-backs.pdf")"
	qpdf_ok "$d/quadrants.pdf" "$d/quadrants-backs.pdf" || return
	no_errors "$d"
}
tcase "quadrants (punchboard): every piece whole, backs behind, die lines cut once" c_quadrants_punch

# Nicks: the punchboard profile's, counted per piece from its own sides.
c_quadrants_nicks() {
	prof=config/profiles/punchboard.ini
	key() { sed -n "s/^$1 *= *\([^ ;]*\).*/\1/p" "$prof"; }
	k=$(key nicks_per_side) w=$(key nick_mm) cw=$(key nick_corner_mm)
	for g in "series -s series.quadrants=on" "series-table -s table.quadrants=on"; do
		d0=$(fresh_dir nick0) d1=$(fresh_dir nick1)
		# shellcheck disable=SC2086
		run -c $g -s print.profile=punchboard -s print.nicks_per_side=0 build -q -o "$d0" \
			--only quadrants --formats dxf
		expect_ok || return
		# shellcheck disable=SC2086
		run -c $g -s print.profile=punchboard build -q -o "$d1" --only quadrants --formats dxf
		expect_ok || return
		for f in "$d0"/quadrants*.dxf; do
			python3 tests/prepress/nicks.py "$k" "$w" "$cw" "$f" "$d1/$(basename "$f")" >"$T/nicks.log" 2>&1 ||
				{ fail "$g: $(tr '\n' '|' <"$T/nicks.log")"; return; }
		done
	done
}
tcase "quadrants: nicks as the punchboard profile computes them (square and table set)" c_quadrants_nicks

# The table set: in the gang the quadrants sheet draws exactly the fronts'
# art (its pieces are the tiles' quadrants) with each diagonal cut as
# well; apart, 4 triangles a tile, each its own closed outline.
c_table_quadrants() {
	d=$(fresh_dir tq)
	run -c series-table -s table.quadrants=on build -q -o "$d" \
		--only fronts,quadrants,quadrants-backs,quadrants-assembly,manifest --formats pdf,svg,dxf
	expect_ok || return
	python3 "$CHECK" svgsame "$d/fronts.svg" "$d/quadrants.svg" >"$T/s.log" || { fail "$(cat "$T/s.log")"; return; }
	python3 tests/prepress/die_check.py "$d/quadrants.dxf" "$d/quadrants.svg" >"$T/die.log" 2>&1 ||
		{ fail "die lines: $(tr '\n' '|' <"$T/die.log")"; return; }
	tiles=$(($(wc -l <"$d/manifest/layout.csv") - 1))
	# The grid (9 + 1 lines each way) and two diagonals a tile.
	n=$(grep -c '^LINE' "$d/quadrants.dxf")
	[ "$n" -eq $((2 * 10 + 2 * tiles)) ] || { fail "$n die lines, want $((2 * 10 + 2 * tiles))"; return; }
	qpdf_ok "$d"/quadrants*.pdf || return
	no_errors "$d"
	# The manifest's pieces per element: each tile of layout.csv gives one
	# piece of each series, showing that series' element.
	want=$(awk -F, 'NR > 1 { for (s = 4; s <= 7; s++) n[s, $s]++ }
		END { for (s = 4; s <= 7; s++) { l = ""; for (v = 1; v <= 9; v++) l = l (v > 1 ? "," : "") (n[s, v] + 0); print l } }' \
		"$d/manifest/layout.csv")
	got=$(python3 -c '
import json, sys
q = json.load(open(sys.argv[1]))["quadrants"]
for s in ("lateral", "boxes", "vertical", "dots"):
    print(",".join(str(v) for v in q[s]))
print(q["pieces"])' "$d/manifest/fronts.json")
	[ "$got" = "$want
$((4 * tiles))" ] || { fail "manifest quadrants $(echo "$got" | tr '\n' '|'), layout.csv gives $(echo "$want" | tr '\n' '|')"; return; }
	p=$(fresh_dir tqp)
	run -c series-table -s table.quadrants=on -s print.layout=punchboard build -q -o "$p" \
		--only quadrants,quadrants-backs,manifest --formats pdf,dxf
	expect_ok || return
	n=$(polys "$p"/quadrants*.dxf)
	v=$(cat "$p"/quadrants*.dxf | grep -c '^VERTEX')
	[ "$n" -eq $((4 * tiles)) ] || { fail "punchboard: $n pieces, want $((4 * tiles))"; return; }
	[ "$v" -eq $((3 * n)) ] || { fail "punchboard: $v vertices, want 3 a triangle"; return; }
	[ "$(pages "$p/quadrants.pdf")" = "$(pages "$p/quadrants-backs.pdf")" ] || fail "backs on other press sheets"
	qpdf_ok "$p/quadrants.pdf" "$p/quadrants-backs.pdf" || return
	no_errors "$p"
}
tcase "table set quadrants: the fronts' art cut on the diagonals; triangles apart" c_table_quadrants

# Off by default: a default build writes no quadrants, and asking for the
# sheet without the key says which key.
c_quadrants_off() {
	d=$(fresh_dir qoff)
	run -c series build -q -o "$d" --only quadrants
	[ "$rc" -eq 2 ] || { fail "--only quadrants without the key: exit $rc"; return; }
	one_err_line && err_has "series.quadrants = on"
	only_marker "$d"
	run -c series-table build -q -o "$d" --only quadrants-assembly
	[ "$rc" -eq 2 ] || { fail "table: exit $rc"; return; }
	one_err_line && err_has "table.quadrants = on"
}
tcase "quadrants are off by default; --only names the key" c_quadrants_off
tcase "series.quadrants = maybe is refused" refuse "--set series.quadrants" "series.quadrants" -- \
	-c series -s series.quadrants=maybe

# ---- solid-colour tiles ---------------------------------------------------------

# No backs, no whole fronts sheet: one batch per back colour, each holding
# Table I's column of fronts (read off the rendered tiles); the manifest
# gives each batch's plastic with the config's ink values.
c_solid() {
	d=$(fresh_dir solid)
	run -c series -s print.tile_body=solid build -q -o "$d" --formats pdf,dxf
	expect_ok || return
	for f in "$d"/backs* "$d"/fronts.* "$d"/fronts-sheet*; do
		[ -e "$f" ] && { fail "wrote $(basename "$f")"; return; }
	done
	python3 "$CHECK" batches "$d" "$SEED" "$TILE" >"$T/b.log" || { fail "$(cat "$T/b.log")"; return; }
	qpdf_ok "$d"/fronts-*.pdf || return
	for b in lateral vertical boxes dots unmarked; do
		[ "$(pages "$d/fronts-$b.pdf")" = 1 ] || { fail "fronts-$b.pdf: not one page"; return; }
	done
	# The manifest: each batch's count (Table I's total row), its plastic
	# colour ([0055]'s colours, white for unmarked) and the ink's values.
	totals=$(awk -F'\t' '/^Total Number of Tiles/ { print $2, $3, $4, $5, $6 }' "$SEED")
	got=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(str(b["tiles"]) for b in d["batches"]))
for b in d["batches"]:
    p = b["plastic"]
    print(b["back"], p["colour"], " ".join("%g" % v for v in p["cmyk_pct"]))
' "$d/manifest/table1.json")
	[ "$(echo "$got" | head -n 1)" = "$totals" ] || { fail "batches $(echo "$got" | head -n 1), Table I $totals"; return; }
	for pair in lateral:red boxes:yellow vertical:green dots:blue; do
		s=${pair%:*} col=${pair#*:}
		want="$s $col $(cfgval "${s}_cmyk")"
		echo "$got" | grep -qx "$want" || { fail "manifest lacks '$want': $(echo "$got" | tr '\n' '|')"; return; }
	done
	echo "$got" | grep -qx "unmarked white 0 0 0 0" || fail "unmarked plastic not white"
	grep -q '^solid tiles (\[0092\])' "$d/manifest/table1.txt" || fail "table1.txt has no batches"
	# The cut sheet: one die grid per batch, each cut once.
	python3 tests/prepress/die_check.py "$d"/cut-fronts-*.dxf "$d"/fronts-*.dxf >"$T/die.log" 2>&1 ||
		{ fail "die lines: $(tr '\n' '|' <"$T/die.log")"; return; }
	no_errors "$d"
}
tcase "solid tiles: no backs, one batch of fronts per back colour as Table I's columns, plastic in the manifest" c_solid

# Punchboard: each batch's tiles whole on press sheets of their own (a
# batch goes on its own plastic), as many outlines as Table I's column.
c_solid_punch() {
	d=$(fresh_dir solidp)
	run -c series -s print.tile_body=solid -s print.layout=punchboard build -q -o "$d" \
		--only fronts-lateral,fronts-vertical,fronts-boxes,fronts-dots,fronts-unmarked,cut,manifest --formats pdf,dxf
	expect_ok || return
	# shellcheck disable=SC2046 # five numbers
	set -- $(awk -F'\t' '/^Total Number of Tiles/ { print $2, $3, $4, $5, $6 }' "$SEED")
	for b in lateral vertical boxes dots unmarked; do
		n=$(polys "$d"/fronts-"$b"*.dxf)
		[ "$n" -eq "$1" ] || { fail "fronts-$b: $n tiles, Table I $1"; return; }
		n=$(polys "$d"/cut-fronts-"$b"-sheet-*.dxf)
		[ "$n" -eq "$1" ] || { fail "cut fronts-$b: $n outlines, Table I $1"; return; }
		shift
	done
	qpdf_ok "$d"/fronts-*.pdf || return
	no_errors "$d"
}
tcase "solid tiles (punchboard): each batch on its own press sheets, Table I's counts" c_solid_punch

c_solid_only() {
	d=$(fresh_dir solido)
	run -c series -s print.tile_body=solid build -q -o "$d" --only backs
	[ "$rc" -eq 2 ] || { fail "--only backs with solid tiles: exit $rc"; return; }
	one_err_line && err_has "print.tile_body = solid" "[0092]"
	only_marker "$d"
	run -c series build -q -o "$d" --only fronts-dots
	[ "$rc" -eq 2 ] || { fail "--only fronts-dots with printed tiles: exit $rc"; return; }
	one_err_line && err_has "print.tile_body = solid"
}
tcase "solid tiles: --only backs is refused, and a batch without them" c_solid_only
tcase "print.tile_body = wood is refused" refuse "--set print.tile_body" "print.tile_body" -- \
	-c series -s print.tile_body=wood
tcase "solid tiles in the tutorial edition (no backs) are refused" refuse "--set print.tile_body" "series.backs" -- \
	-c series-tutorial -s print.tile_body=solid
tcase "solid tiles in the blind edition (embossed backs) are refused" refuse "--set print.tile_body" "emboss.plates" -- \
	-c series-blind -s print.tile_body=solid

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
