#!/bin/sh
# Art packs on the series tiles: a picture per value (series.S.1 .. 9)
# listed with its box, drawn in its quadrant instead of the cells (against
# rsvg-convert's drawing of the same SVG, upright and turned with the
# tile), vector in the press PDFs, preflight-clean in both layouts; a
# series given only some of its values refused naming the others; the
# table and hexagonal sets' value pictures (their boxes against a brute
# force search, tri_value_box.py) and symbols; and an empty pack changing
# no byte of series, series-table or series-hex.
#
#   TP_BIN=/abs/path/tilepress sh tests/games/series/cli_art.sh

set -u
cd "$(dirname "$0")/../../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}

HARNESS=tp-series-art
. tests/cli/harness.sh
export SOURCE_DATE_EPOCH=1700000000
QUICK=${TP_QUICK:-0}
VALUES=geometric/values.ini
SERIES="lateral boxes vertical dots"

# The value box (docs/art.md): square, 5 % of the tile (or the safe zone,
# if more) in from the tile's outer edges and 2 % off the quadrant cross.
value_side() {
	awk -v t="$1" -v s="$2" 'BEGIN { o = s > 0.05 * t ? s : 0.05 * t; printf "%.2f", t / 2 - o - 0.02 * t }'
}

c_list() {
	for set in "20 0" "30 3"; do
		set -- $set
		run --list art --game series --set print.tile_mm="$1" --set print.safe_mm="$2"
		expect_ok || return
		want=$(value_side "$1" "$2")
		for s in $SERIES; do
			for v in 1 2 3 4 5 6 7 8 9; do
				got=$(awk -F '\t' -v p="series.$s.$v" '$1 == p { print $3 }' "$OUT")
				[ "$got" = "$want x $want" ] ||
					{ fail "tile $1 safe $2: series.$s.$v box '$got', want '$want x $want'"; return; }
			done
		done
	done
	# The blind edition's symbols are its plate's: no picture is offered.
	run --list art -c series-blind
	expect_ok || return
	grep -q '^series\.lateral\.1	' "$OUT" && fail "series-blind offers series.lateral.1"
}
tcase "--list art: 36 value places, each with its box" c_list

# Every section of the values variant is a place of the series sets.
c_pack_places() {
	run --list art --game series
	expect_ok || return
	cp "$OUT" "$T/places"
	run --list art -c series-hex --set hex.indicia=shapes
	expect_ok || return
	cat "$OUT" >>"$T/places"
	for s in $(sed -n 's/^\[\(.*\)\]$/\1/p' templates/art/$VALUES); do
		grep -q "^$s	" "$T/places" || { fail "[$s] is not a series place"; return; }
	done
	n=$(grep -c '^\[series\.[a-z]*\.[1-9]\]$' templates/art/$VALUES)
	[ "$n" -eq 36 ] || { fail "$VALUES gives $n series value pictures, want 36"; return; }
	n=$(grep -c '^\[hex\.[a-z]*\.[1-9]\]$' templates/art/$VALUES)
	[ "$n" -eq 54 ] || fail "$VALUES gives $n hexagonal value pictures, want 54"
}
tcase "the values variant gives all 36 + 54 value pictures" c_pack_places

# Both layouts, and the punchboard profile's 3 mm safe zone: no preflight
# error, the PDFs sound and without an image (the drawings are paths).
c_build() {
	d=$T/b-$1
	shift
	run -c series build -q -o "$d" --formats pdf --set print.art=$VALUES "$@"
	expect_ok || return
	head -1 "$d/manifest/preflight.txt" | grep -q ' 0 errors' ||
		{ fail "preflight: $(head -1 "$d/manifest/preflight.txt")"; return; }
	for f in "$d"/*.pdf; do
		qpdf --check "$f" >/dev/null 2>&1 || { fail "$(basename "$f"): qpdf --check fails"; return; }
		n=$(pdfimages -list "$f" | tail -n +3 | wc -l)
		[ "$n" -eq 0 ] || { fail "$(basename "$f") holds $n images"; return; }
	done
}
tcase "values, gang: 0 preflight errors, vector PDFs" c_build gang
tcase "values, punchboard: 0 preflight errors, vector PDFs" c_build punch --set print.layout=punchboard
[ "$QUICK" = 1 ] ||
	tcase "values, punchboard profile: 0 preflight errors" c_build prof --set print.profile=punchboard

# The templates proof shows the templates: the values variant draws it as
# the plain pack (the same symbols) does, while its fronts differ.
c_templates() {
	run -c series build -q -o "$T/tv" --only templates,fronts --formats pdf --set print.art=$VALUES
	expect_ok || return
	run -c series build -q -o "$T/tg" --only templates,fronts --formats pdf --set print.art=geometric
	expect_ok || return
	cmp -s "$T/tv/templates.pdf" "$T/tg/templates.pdf" || { fail "the value pictures reach the templates proof"; return; }
	cmp -s "$T/tv/fronts.pdf" "$T/tg/fronts.pdf" && fail "the value pictures are not on the fronts"
}
tcase "the templates proof keeps the templates' cells" c_templates

# The series in quadrant k of a tile with lateral corner L, and its value
# on front F (docs/series.md, The rules): clockwise from the lateral
# corner the series follow the cycle; lateral F, vertical 9 - F, boxes
# pairing x F mod 9, dots 9 - boxes (0 written 9).
quadrant_of() {
	awk -v corner="$1" -v k="$2" -v f="$3" -v pairing="$4" -v cycle="$5" 'BEGIN {
		split("nw ne se sw", cn, " ")
		for (i = 1; i <= 4; i++) if (cn[i] == corner) L = i - 1
		K = 0; for (i = 1; i <= 4; i++) if (cn[i] == k) K = i - 1
		split(cycle, cy, " ")
		s = cy[(K - L + 4) % 4 + 1]
		b = (pairing * f) % 9; if (b == 0) b = 9
		v = s == "lateral" ? f : s == "vertical" ? 9 - f : s == "boxes" ? b : 9 - b
		if (v == 0) v = 9
		print s, v
	}'
}

# The nw quadrant's picture of tiles (1,1) and (1,2) of a 6 x 6 board, one
# of each colour class (one turned half round): the proof's inked pixels
# in the value box against rsvg-convert's drawing, turned as the tile is.
c_iou() {
	set -- --set board.rows=6 --set board.cols=6
	run -c series "$@" build -q -o "$T/iou" --only fronts --formats png \
		--set print.art=$VALUES --set print.dpi=200 --set print.bleed_mm=3
	expect_ok || return
	run -c series "$@" pattern --format csv
	expect_ok || return
	cp "$OUT" "$T/pattern.csv"
	run -c series "$@" --list art
	side=$(awk -F '\t' '$1 == "series.lateral.1" { split($3, a, " "); print a[1] }' "$OUT")
	t=$(awk -F ' *= *' '$1 == "tile_mm" { split($2, a, " "); print a[1] }' config/series.ini)
	pairing=$(awk -F ' *= *' '$1 == "pairing" { split($2, a, " "); print a[1] }' config/series.ini)
	cycle=$(awk -F ' *= *' '$1 == "cycle" { sub(/ *;.*/, "", $2); print $2 }' config/series.ini)
	[ -n "$pairing" ] || pairing=2
	[ -n "$cycle" ] || cycle="lateral dots vertical boxes"
	turned=0
	for col in 1 2; do
		line=$(awk -F, -v c="$col" '$1 == 1 && $2 == c' "$T/pattern.csv")
		front=$(echo "$line" | cut -d, -f3)
		corner=$(echo "$line" | cut -d, -f4)
		set -- $(quadrant_of "$corner" nw "$front" "$pairing" "$cycle")
		s=$1 v=$2
		turns=$(awk -v c="$corner" 'BEGIN { split("nw ne se sw", n, " "); for (i = 1; i <= 4; i++) if (n[i] == c) print i - 1 }')
		[ "$turns" -ne 0 ] && turned=1
		rsvg-convert -w 400 -h 400 -o "$T/oracle$v.png" templates/art/geometric/value$v.svg ||
			{ fail "rsvg-convert value$v.svg"; return; }
		x0=$(awk -v c="$col" -v t="$t" -v s="$side" 'BEGIN { print 3 + (c - 1) * t + t / 2 - 0.02 * t - s }')
		y0=$(awk -v t="$t" -v s="$side" 'BEGIN { print 3 + t / 2 - 0.02 * t - s }')
		set -- $(python3 tests/games/series/value_iou.py "$T/iou/fronts.png" 200 "$x0" "$y0" "$side" \
			"$T/oracle$v.png" "$turns")
		awk -v i="$1" 'BEGIN { exit !(i >= 0.9) }' ||
			{ fail "tile (1,$col) $s $v turned $turns: IoU $1 over $2 px, want at least 0.9"; return; }
		# The picture of another value does not match: the test sees the value.
		o=$((v % 9 + 1))
		rsvg-convert -w 400 -h 400 -o "$T/other.png" templates/art/geometric/value$o.svg
		set -- $(python3 tests/games/series/value_iou.py "$T/iou/fronts.png" 200 "$x0" "$y0" "$side" \
			"$T/other.png" "$turns")
		awk -v i="$1" 'BEGIN { exit !(i < 0.6) }' ||
			{ fail "tile (1,$col): value $o's picture matches too (IoU $1)"; return; }
	done
	[ "$turned" = 1 ] || fail "no tile of the turned class among (1,1) and (1,2)"
}
tcase "a value picture in its quadrant, as rsvg-convert draws it" c_iou

# A series given some of its values is refused at the first, naming the
# missing ones; another series may have none.
c_some_values() {
	mkdir -p "$T/some"
	cp templates/art/geometric/value*.svg "$T/some/"
	: >"$T/some/art.ini"
	for v in 1 2 3 4 5 6 7 8 9; do
		printf '[series.boxes.%d]\nfile = value%d.svg\n#000000 = boxes\n' "$v" "$v" >>"$T/some/art.ini"
	done
	printf '[series.dots.4]\nfile = value4.svg\n#000000 = dots\n[series.dots.2]\nfile = value2.svg\n#000000 = dots\n' \
		>>"$T/some/art.ini"
	line=$(grep -n '^\[series.dots.4\]' "$T/some/art.ini" | cut -d: -f1)
	refuse "$T/some/art.ini:$line:" "[series.dots.4]" "series.dots.1, series.dots.3, series.dots.5" -- \
		-c series --set print.art="$T/some"
	[ -n "$why" ] && return
	err_has "series.dots.9" && { grep -qF "series.dots.2," "$ERR" && fail "names the given series.dots.2"; }
	[ -n "$why" ] && return
	# the boxes alone: fine
	head -n 27 "$T/some/art.ini" >"$T/some/b.ini"
	run -c series --set print.art="$T/some/b.ini" check
	expect_ok
}
tcase "some of a series' values: exit 2 naming the missing places" c_some_values

# The table and hexagonal sets' value boxes, from the rule by brute force
# (tri_value_box.py), without and with a safe zone; their symbols' places
# only where shapes or pictures are drawn.
c_tri_list() {
	for safe in 0 3; do
		run -c series-table --list art --set print.safe_mm=$safe
		expect_ok || return
		want=$(python3 tests/games/series/tri_value_box.py table 30 $safe 0)
		for p in series.lateral.1 series.dots.9; do
			got=$(awk -F '\t' -v p=$p '$1 == p { print $3 }' "$OUT")
			[ "$got" = "$want x $want" ] || { fail "table safe $safe: $p box '$got', want '$want x $want'"; return; }
		done
		grep -q '^series\.lateral	' "$OUT" && { fail "table with triangles offers series.lateral"; return; }
		run -c series-hex --list art --set print.safe_mm=$safe
		expect_ok || return
		k=0
		for tri in east northeast northwest west southwest southeast; do
			want=$(python3 tests/games/series/tri_value_box.py hex 30 $safe $k)
			got=$(awk -F '\t' -v p=hex.$tri.5 '$1 == p { print $3 }' "$OUT")
			[ "$got" = "$want x $want" ] || { fail "hex safe $safe: hex.$tri.5 box '$got', want '$want x $want'"; return; }
			k=$((k + 1))
		done
		[ "$(grep -c '^hex\.[a-z]*\.[1-9]	' "$OUT")" -eq 54 ] || { fail "hex: not 54 value places"; return; }
	done
	run -c series-table --list art --set table.indicia=shapes
	grep -q '^series\.dots	' "$OUT" || { fail "table with shapes: no series.dots"; return; }
	run -c series-hex --list art --set hex.indicia=pictures
	grep -q '^hex\.southeast	' "$OUT" || fail "hex with pictures: no hex.southeast"
}
tcase "table and hex: value boxes by brute force, symbols with shapes" c_tri_list

# The table and hexagonal sets with the values variant, and with the
# symbols over their shapes: both layouts, 0 preflight errors, vector PDFs;
# the fronts change with the pack.
c_tri_build() {
	g=$1 d=$T/tb-$1-$2
	shift 2
	run -c "$g" build -q -o "$d" --formats pdf "$@"
	expect_ok || return
	head -1 "$d/manifest/preflight.txt" | grep -q ' 0 errors' ||
		{ fail "preflight: $(head -1 "$d/manifest/preflight.txt")"; return; }
	for f in "$d"/*.pdf; do
		n=$(pdfimages -list "$f" | tail -n +3 | wc -l)
		[ "$n" -eq 0 ] || { fail "$(basename "$f") holds $n images"; return; }
	done
	shift 2   # the pack
	run -c "$g" build -q -o "$d.0" --formats pdf --only fronts "$@"
	expect_ok || return
	cmp -s "$d/fronts.pdf" "$d.0/fronts.pdf" && fail "the pack changed no front"
}
tcase "series-table values, gang" c_tri_build series-table vg --set print.art=$VALUES
tcase "series-table values, punchboard" c_tri_build series-table vp --set print.art=$VALUES \
	--set print.layout=punchboard
tcase "series-hex values, gang" c_tri_build series-hex vg --set print.art=$VALUES
tcase "series-hex values, punchboard" c_tri_build series-hex vp --set print.art=$VALUES \
	--set print.layout=punchboard
tcase "series-table symbols over shapes, punchboard" c_tri_build series-table sp --set print.art=geometric \
	--set table.indicia=shapes --set print.layout=punchboard
tcase "series-hex symbols over pictures, gang" c_tri_build series-hex sg --set print.art=geometric \
	--set hex.indicia=pictures
[ "$QUICK" = 1 ] || {
	tcase "series-table symbols over pictures, gang" c_tri_build series-table sg --set print.art=geometric \
		--set table.indicia=pictures
	tcase "series-hex symbols over shapes, punchboard" c_tri_build series-hex sp --set print.art=geometric \
		--set hex.indicia=shapes --set print.layout=punchboard
}

# A hexagonal triangle given some of its values is refused too.
c_hex_some() {
	mkdir -p "$T/hexsome"
	cp templates/art/geometric/value*.svg "$T/hexsome/"
	printf '[hex.west.9]\nfile = value9.svg\n#000000 = west\n' >"$T/hexsome/art.ini"
	refuse "$T/hexsome/art.ini:1:" "[hex.west.9]" "hex.west.1, hex.west.2" -- \
		-c series-hex --set print.art="$T/hexsome"
}
tcase "some of a hexagonal triangle's values: exit 2" c_hex_some

# An empty pack changes no byte of any sheet of the three games.
c_empty() {
	mkdir -p "$T/empty"
	printf '; nothing yet\n[colours]\n' >"$T/empty/art.ini"
	for g in series series-table series-hex; do
		run -c "$g" build -q -o "$T/e0-$g" --formats pdf,svg
		expect_ok || return
		run -c "$g" build -q -o "$T/e1-$g" --formats pdf,svg --set print.art="$T/empty"
		expect_ok || return
		for f in $(cd "$T/e0-$g" && ls *.pdf *.svg); do
			cmp -s "$T/e0-$g/$f" "$T/e1-$g/$f" || { fail "$g: $f differs"; return; }
		done
	done
}
[ "$QUICK" = 1 ] || tcase "an empty pack changes no byte of series, series-table, series-hex" c_empty

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
