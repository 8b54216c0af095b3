#!/bin/sh
# CLI tests for the series tiles: the edition of config/series.ini (Table I
# against the patent, anchors and colour classes, indicia templates, the
# digits and blind editions: the cases at the end), and the table set and
# hexagonal set (issue 23):
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

# The series edition's rules (config/series.ini, the default config): Table
# I against the patent, the anchors and colour classes, the indicia
# templates, the editions; they use its facts (facts.sh).
CFG=config/series.ini
SEED=${TP_SEED:-tests/data/series-table1.txt}
TPL_DIR=templates/indicia
QUICK=${TP_QUICK:-0}
. tests/games/series/facts.sh

c_check() {
	run -c "$1" check
	expect_ok || return
	grep -q FAILED "$OUT" && { fail "a rule failed: $(grep FAILED "$OUT" | head -1)"; return; }
	grep -q '^rules: all hold$' "$OUT" || fail "no 'rules: all hold'"
	[ "$(grep -c '^ok: ' "$OUT")" -ge 5 ] || fail "fewer than 5 rules proved"
}

# A layout csv's front columns (4 on); a last column "turned" says how a
# tile lies, not which front it is.
front_cols() {
	if head -n 1 "$1" | grep -q ',turned$'; then
		tail -n +2 "$1" | cut -d, -f4- | sed 's/,[^,]*$//'
	else
		tail -n +2 "$1" | cut -d, -f4-
	fi
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
	distinct=$(front_cols "$T/layout.csv" | sort -u | wc -l)
	fronts=$(($(wc -l <"$OUT") - 1))
	total=$(tail -n +2 "$OUT" | awk -F, '{ s += $NF } END { print s }')
	[ "$fronts" -eq "$distinct" ] || fail "manifest has $fronts fronts, layout $distinct"
	[ "$total" -eq "$tiles" ] || fail "manifest counts $total tiles, layout $tiles"
}

# --games N --spares P: each front's count is its tiles in the layout
# times N, plus P % of that rounded up (docs/commands.md's rule for each kind),
# in csv, text and json; the build's files stay one game.
c_manifest_run() {
	run -c "$1" pattern --format csv
	expect_ok || return
	front_cols "$OUT" | sort | uniq -c |
		awk -v g=3 -v p=12.5 '{ b = $1 * g; s = b * p / 100; r = int(s); if (r < s) r++;
			print $2 "," b + r }' | sort >"$T/want"
	run -c "$1" manifest --format csv --games 3 --spares 12.5
	expect_ok || return
	# the csv's element columns in the pattern's order, then the count
	tail -n +2 "$OUT" | awk -F, -v OFS=, '{ n = $NF; $1 = ""; $NF = ""; sub(/^,/, ""); sub(/,$/, "");
		print $0 "," n }' | sort >"$T/got"
	diff "$T/want" "$T/got" >/dev/null || { fail "csv counts: $(diff "$T/want" "$T/got" | head -3 | tr '\n' '|')"; return; }
	want_total=$(awk -F, '{ s += $NF } END { print s }' "$T/want")
	run -c "$1" manifest --games 3 --spares 12.5
	expect_ok || return
	grep -q '^print run: 3 games, 12.5 % spares per front' "$OUT" || fail "text names no print run"
	grep -q "^total  $want_total tiles" "$OUT" || fail "text total is not $want_total"
	run -c "$1" manifest --format json --games 3 --spares 12.5
	expect_ok || return
	grep -q "\"total\": $want_total}" "$OUT" || fail "json total is not $want_total"
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
		printf '[game]\nname = series-hex\n[hex]\nindicia = pictures\npictures = mine.ini\n[print]\nrules = off\nbox = off\n' >"$d/cfg/set.ini"
	for icc in /usr/share/color/icc/ghostscript/default_cmyk.icc /usr/share/ghostscript/iccprofiles/default_cmyk.icc; do
		[ -r "$icc" ] || continue
		cp "$icc" "$d/cfg/press.icc"
		printf 'proof_profile = press.icc\noutput_profile = press.icc\n' >>"$d/cfg/set.ini"
		break
	done
	(cd / && TILEPRESS_DATA=$ROOT "$TP_BIN" -c "$d/cfg/set.ini" check >"$OUT" 2>"$ERR")
	rc=$?
	expect_ok || return
	grep -q '^rules: all hold$' "$OUT" || { fail "no 'rules: all hold'"; return; }
	(cd / && TILEPRESS_DATA=$ROOT "$TP_BIN" -c "$d/cfg/set.ini" -s hex.pictures=mine.ini check >"$OUT" 2>"$ERR")
	rc=$?
	[ "$rc" -eq 2 ] && grep -qF -- '--set hex.pictures' "$ERR" || { fail "--set hex.pictures=mine.ini from / was not refused: exit $rc"; return; }
	[ -r "$d/cfg/press.icc" ] || return
	# The ICC profile with --set: the current folder's, not the config's.
	(cd / && TILEPRESS_DATA=$ROOT "$TP_BIN" -c "$d/cfg/set.ini" -s print.output_profile=press.icc check >"$OUT" 2>"$ERR")
	rc=$?
	[ "$rc" -eq 2 ] && grep -qF -- '--set print.output_profile' "$ERR" ||
		{ fail "--set print.output_profile=press.icc from / read the config's: exit $rc"; return; }
	(cd "$d/cfg" && "$TP_BIN" -c "$d/cfg/set.ini" -s print.output_profile=press.icc check >"$OUT" 2>"$ERR")
	rc=$?
	expect_ok
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
	tcase "$g: manifest --games/--spares multiply each front as the rule says" c_manifest_run "$g"
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
tcase "series-hex shapes (FIG. 15A): every sheet in every format" c_build series-hex -s hex.indicia=shapes
# The punchboard layout in every format: a PDF of press sheets, a PNG, SVG
# and DXF per sheet, the preflight clean.
c_punch_formats() {
	d=$(fresh_dir "punchf$1$#")
	run -c "$@" build -q -o "$d" -s print.layout=punchboard
	expect_ok || return
	for f in png svg dxf; do
		n=$(find "$d" -maxdepth 1 -name "fronts-sheet-*.$f" | wc -l)
		[ "$n" -ge 1 ] || { fail "no fronts-sheet-*.$f"; return; }
	done
	for f in "$d"/*.png; do
		pngcheck -q "$f" >/dev/null 2>&1 || { fail "pngcheck $f"; return; }
	done
	qpdf --check "$d/fronts.pdf" >/dev/null 2>&1 || { fail "qpdf --check fronts.pdf"; return; }
	head -n 1 "$d/manifest/preflight.txt" | grep -q ' 0 errors, 0 warnings$' ||
		fail "preflight: $(head -n 1 "$d/manifest/preflight.txt")"
}
tcase "series-hex shapes punchboard: every format, preflight clean" \
	c_punch_formats series-hex -s hex.indicia=shapes -s hex.east=diamond -s hex.southeast=circle
# Off-default sizes docs/series.md offers: the preflight finds nothing (two
# tiles' run-ons at a sheet edge once reached into each other's bleed and
# read as knock-outs with 5 mm of bleed, or 20 mm hexagons).
c_preflight_clean() {
	run -c "$@" preflight
	expect_ok || return
	head -n 1 "$OUT" | grep -q ' 0 errors, 0 warnings$' || fail "$(head -n 2 "$OUT" | tr '\n' '|')"
}
tcase "series-table with 5 mm bleed: preflight clean" c_preflight_clean series-table -s print.bleed_mm=5
tcase "series-hex of 20 mm tiles: preflight clean" c_preflight_clean series-hex -s print.tile_mm=20
# Under a factory's safe zone shapes, pictures, digits and the backs' frames
# keep it from every cut (they came as close as 1.3 mm: 180 to 2694 warnings).
tcase "series-table shapes under x4's 4 mm safe zone: preflight clean" \
	c_preflight_clean series-table -s table.indicia=shapes -s print.profile=x4
tcase "series-hex digits under generic-x1a: preflight clean" \
	c_preflight_clean series-hex -s hex.indicia=digits -s print.profile=generic-x1a
tcase "series-hex pictures under the punchboard profile: preflight clean" \
	c_preflight_clean series-hex -s hex.indicia=pictures -s print.profile=punchboard
tcase "series-hex shapes under the punchboard profile: preflight clean" \
	c_preflight_clean series-hex -s hex.indicia=shapes -s print.profile=punchboard
tcase "series-table punchboard: 81 tiles whole, backs behind" c_punch series-table 4
tcase "series-hex punchboard: every hexagon whole, backs behind" c_punch series-hex 6
tcase "pictures and ICC paths in a config are read beside it (run from /), with --set from the current folder" c_paths_beside
tcase "hex.anchor fixes its tile and the rules still hold" c_hex_anchor
tcase "series-hex: die lines cut each shared side once" c_hex_die
tcase "table.order with a triangle twice is refused" refuse "--set table.order" "table.order" -- \
	-c series-table -s "table.order=1 1 2 3 4 5 6 7 8"
# A triangles template (templates/triangles/, as the square ones): check
# proves the rules and names it with the triangles of each element.
c_order_template() {
	run -c "$1" -s "$2.order=symmetric" check
	expect_ok || return
	grep -q '^rules: all hold$' "$OUT" || { fail "no 'rules: all hold'"; return; }
	grep -q 'template symmetric: 3 | 1 5 | 1 3 5 |' "$OUT" || fail "no template line: $(head -n 2 "$OUT" | tail -n 1)"
}
tcase "table.order = symmetric (a triangles template): rules hold" c_order_template series-table table
tcase "hex.order = symmetric (a triangles template): rules hold" c_order_template series-hex hex
printf '[indicia]\nname = short\n1 = 3\n2 = 1\n' >"$T/short.ini"
tcase "a triangles template whose key 2 names one triangle is refused at its line" \
	refuse "--set table.order" "short.ini:4" -- -c series-table -s "table.order=$T/short.ini"
tcase "a missing triangles template is refused" refuse "--set hex.order" "templates/triangles" -- \
	-c series-hex -s hex.order=no-such
tcase "two series with one shape are refused" refuse "--set table.dots" "table.dots" -- \
	-c series-table -s table.indicia=shapes -s table.dots=circle
tcase "two hex series with one shape are refused" refuse "--set hex.west=circle" "hex.west" -- \
	-c series-hex -s hex.indicia=shapes -s hex.west=circle
tcase "a hex board without all 36 fronts is refused" refuse "--set board.rows=3" "board.rows" -- \
	-c series-hex -s board.rows=3
tcase "a hex board too narrow names its --set" refuse "--set board.cols=8" "36 fronts" -- \
	-c series-hex -s board.cols=8
tcase "a hex board over the largest is refused" refuse "--set board.cols=41" "board.cols = 41" -- \
	-c series-hex -s board.cols=41
tcase "a table set not 9 x 9 names its --set" refuse "--set board.rows=10" "board.rows = 10" -- \
	-c series-table -s board.rows=10
tcase "a table set not 9 x 9 names its --set (cols)" refuse "--set board.cols=8" "board.cols = 8" -- \
	-c series-table -s board.cols=8
tcase "a shape clash made by --set names the --set" refuse "--set table.lateral=square" "table.lateral" -- \
	-c series-table -s table.indicia=shapes -s table.lateral=square
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

# ---- the series edition (config/series.ini) ------------------------------------
# Moved from tests/cli/cli.sh, which keeps the CLI's generic contracts.

c_series_check() {
	run check
	expect_ok || return
	grep -q 'spanning patch: found' "$OUT" || fail "no 'spanning patch: found' in: $(head -c 300 "$OUT")"
	grep -q "^anchors: $N_ANCHOR_LINES\$" "$OUT" || fail "no 'anchors: $N_ANCHOR_LINES' line"
}

c_manifest_csv() {
	run manifest --format csv
	expect_ok || return
	cp "$OUT" "$T/manifest.csv"
	[ "$(head -n 1 "$OUT")" = "front,lateral,vertical,boxes,dots,unmarked,total" ] ||
		{ fail "header is '$(head -n 1 "$OUT")'"; return; }
	msg=$(awk -F, -v squares="$N_SQUARES" '
		NR == 1 { next }
		NF != 7 { print "line " NR " has " NF " fields"; exit }
		{ for (i = 2; i <= 7; i++) if ($i !~ /^[0-9]+$/) { print "line " NR ": field " i " not a count"; exit } }
		NR >= 2 && NR <= 10 {
			if ($1 != NR - 1) { print "line " NR ": front " $1 ", want " NR - 1; exit }
			s = 0; for (i = 2; i <= 6; i++) { s += $i; col[i] += $i }
			if (s != $7) { print "front " $1 ": columns sum to " s ", total says " $7; exit }
			col[7] += $7; next
		}
		NR == 11 {
			if ($1 != "total") { print "line 11 is not the total row"; exit }
			for (i = 2; i <= 7; i++) if ($i != col[i]) { print "total row column " i " is " $i ", column sum " col[i]; exit }
			if ($7 != squares) { print "grand total " $7 ", want rows*cols " squares; exit }
			seen = 1; next
		}
		{ print "extra line " NR ": " $0; exit }
		END { if (!seen && NR <= 11) print "only " NR " lines (want 9 fronts + total)" }
	' "$OUT")
	[ -z "$msg" ] || fail "$msg"
}

c_manifest_json() {
	run manifest --format json
	expect_ok || return
	cp "$OUT" "$T/manifest.json"
	[ -s "$T/manifest.csv" ] || { run manifest --format csv; cp "$OUT" "$T/manifest.csv"; }
	msg=$(python3 -c '
import csv, json, sys
j = json.load(open(sys.argv[1]))
anchors, squares = int(sys.argv[2]), int(sys.argv[3])
for key in ("tiles_per_game", "tiles_print_run"):
    t = j[key]
    if t["loose"] + t["anchors"] != t["all"]:
        sys.exit("%s: loose %d + anchors %d != all %d" % (key, t["loose"], t["anchors"], t["all"]))
    if t["anchors"] != anchors:
        sys.exit("%s: anchors %d, want %d distinct anchor squares" % (key, t["anchors"], anchors))
    if t["all"] != squares:
        sys.exit("%s: all %d, want rows*cols %d" % (key, t["all"], squares))
rows = list(csv.reader(open(sys.argv[4])))
head = rows[0]
for r in rows[1:]:
    got = j["per_game"][r[0]]
    for name, v in zip(head[1:], r[1:]):
        if got[name] != int(v):
            sys.exit("per_game[%s][%s] = %s, csv says %s" % (r[0], name, got[name], v))
' "$OUT" "$N_ANCHOR_SQUARES" "$N_SQUARES" "$T/manifest.csv" 2>&1)
	[ -z "$msg" ] || fail "$(echo "$msg" | tail -n 1)"
}

c_manifest_scaled() {
	games=3 spares=10
	run manifest --format csv
	expect_ok || return
	cp "$OUT" "$T/base.csv"
	run manifest --format csv --games "$games" --spares "$spares"
	expect_ok || return
	msg=$(awk -F, -v g="$games" -v sp="$spares" '
		NR == FNR { base[FNR] = $0; next }
		FNR == 1 { if ($0 != base[1]) { print "header differs"; exit } next }
		{
			n = split(base[FNR], b, ",")
			if (n != NF || b[1] != $1) { print "line " FNR " does not match the base csv"; exit }
			if (FNR == 11) {
				for (i = 2; i <= NF; i++) if ($i != col[i]) { print "total row column " i " is " $i ", column sum " col[i]; exit }
				next
			}
			s = 0
			for (i = 2; i < NF; i++) {
				# ceil(base * games * (1 + spares/100)), in integers
				want = int((b[i] * g * (100 + sp) + 99) / 100)
				if ($i != want) { print "front " $1 " column " i ": " $i ", want ceil(" b[i] "*" g "*1." sp ") = " want; exit }
				s += $i; col[i] += $i
			}
			if (s != $NF) { print "front " $1 ": columns sum to " s ", total " $NF; exit }
			col[NF] += $NF
		}
		END { if (FNR != 11) print "scaled csv has " FNR " lines" }
	' "$T/base.csv" "$OUT")
	[ -z "$msg" ] || fail "$msg"
}

c_pattern_csv() {
	run pattern --format csv
	expect_ok || return
	cp "$OUT" "$T/pattern.csv"
	[ "$(head -n 1 "$OUT")" = "row,col,front,lateral,back,anchor" ] ||
		{ fail "header is '$(head -n 1 "$OUT")'"; return; }
	msg=$(awk -F, -v cols="$COLS" -v squares="$N_SQUARES" '
		NR == 1 { next }
		{
			k = NR - 2
			if (NF != 6) { print "line " NR " has " NF " fields"; exit }
			if ($1 != int(k / cols) + 1 || $2 != k % cols + 1) { print "line " NR " is " $1 "," $2 ", not row-major"; exit }
			if ($3 !~ /^[1-9]$/) { print "line " NR ": front " $3; exit }
			if ($4 !~ /^(nw|ne|se|sw)$/) { print "line " NR ": lateral " $4; exit }
			if ($5 !~ /^(lateral|boxes|vertical|dots|none)$/) { print "line " NR ": back " $5; exit }
			if ($6 !~ /^[01]$/) { print "line " NR ": anchor " $6; exit }
		}
		END { if (NR - 1 != squares) print NR - 1 " squares, want rows*cols = " squares }
	' "$OUT")
	[ -z "$msg" ] || { fail "$msg"; return; }
	n1=$(grep -c ',1$' "$OUT")
	[ "$n1" -eq "$N_ANCHOR_SQUARES" ] || { fail "$n1 anchor=1 lines, want $N_ANCHOR_SQUARES distinct anchor squares"; return; }
	# every configured anchor sits on its square with its front and corner
	cfg_anchors >"$T/anchors.txt"
	while read -r ar ac af ak; do
		grep -qx "$ar,$ac,$af,$ak,[a-z]*,1" "$OUT" ||
			{ fail "anchor $ar $ac $af $ak not in the pattern: $(grep "^$ar,$ac," "$OUT")"; return; }
	done <"$T/anchors.txt"
}

c_pattern_text() {
	run pattern
	expect_ok || return
	[ -s "$T/pattern.csv" ] || { run pattern --format csv; cp "$OUT" "$T/pattern.csv"; run pattern; }
	# The text grid shows, per square, front+corner+back letter(+* anchor);
	# it must agree with the csv square by square.
	msg=$(awk -F, -v rows="$ROWS" -v cols="$COLS" '
		NR == FNR {
			if (FNR == 1) next
			if ($5 == "lateral") l = "L"; else if ($5 == "boxes") l = "B"
			else if ($5 == "vertical") l = "V"; else if ($5 == "dots") l = "D"; else l = "."
			want[$1, $2] = $3 $4 l ($6 == 1 ? "*" : "")
			next
		}
		{
			n = split($0, f, " ")
			if (n != cols + 1 || f[1] !~ /^[0-9]+$/ || f[2] !~ /^[1-9](nw|ne|se|sw)/) next
			r = f[1]; seen++
			for (c = 1; c <= cols; c++)
				if (f[c + 1] != want[r, c]) { print "row " r " col " c ": text " f[c + 1] ", csv " want[r, c]; exit }
		}
		END { if (seen != rows) print seen " grid rows, want " rows }
	' "$T/pattern.csv" "$OUT")
	[ -z "$msg" ] || fail "$msg"
}

tcase "check exits 0, finds the spanning patch" c_series_check
tcase "manifest --format csv: header, 9 fronts + total, sums" c_manifest_csv
tcase "manifest --format json parses; loose + anchors = all" c_manifest_json
tcase "manifest --games 3 --spares 10 scales each kind, rounded up" c_manifest_scaled
tcase "pattern --format csv: header, rows*cols row-major lines, anchors" c_pattern_csv
tcase "pattern (text) grid agrees with the csv" c_pattern_text

# ---- 2. Table I from the patent ---------------------------------------------

c_table1() {
	if [ ! -r "$SEED" ]; then
		fail "patent seed $SEED is missing"
		return
	fi
	# Column names from the two header lines under 'TABLE I', then the nine
	# front rows and the 'Total Number of Tiles' row, as csv.
	awk -F'\t' '
		{ sub(/\r$/, "") }
		/^TABLE I[[:space:]]*$/ { state = 1; next }
		state == 1 && NF > 1 { n = split($0, h1, "\t"); state = 2; next }
		state == 2 && NF > 1 {
			split($0, h2, "\t")
			line = "front"
			for (i = 2; i <= n; i++) {
				l = tolower(h1[i] " " h2[i])
				if (l ~ /not marked/) c = "unmarked"
				else if (l ~ /lateral/) c = "lateral"
				else if (l ~ /vertical/) c = "vertical"
				else if (l ~ /boxes/) c = "boxes"
				else if (l ~ /dots/) c = "dots"
				else if (l ~ /total/) c = "total"
				else c = "?" l
				line = line "," c
			}
			print line; state = 3; next
		}
		state == 3 && /^[1-9]\t/ { out(); next }
		state == 3 && /^Total Number of Tiles\t/ { $1 = "total"; out(); exit }
		function out(   i, s) { s = $1; for (i = 2; i <= n; i++) s = s "," $i; print s }
	' "$SEED" >"$T/seed.csv"
	if [ "$(wc -l <"$T/seed.csv")" -ne 11 ] || [ "$(tail -n 1 "$T/seed.csv" | cut -d, -f1)" != total ]; then
		fail "could not read Table I from $SEED (got $(wc -l <"$T/seed.csv") lines)"
		return
	fi
	run manifest --format csv
	expect_ok || return
	if ! cmp -s "$T/seed.csv" "$OUT"; then
		fail "manifest differs from the patent's Table I: $(diff "$T/seed.csv" "$OUT" | grep '^[<>]' | head -n 4 | tr '\n' '|')"
	fi
}
tcase "manifest equals the patent's Table I (read from the seed)" c_table1

tcase "rows = 20 (not a multiple of 6, backs on)" bad_value rows 20

tcase "cols = 7 (not a multiple of 6, backs on)" bad_value cols 7

tcase "pairing = 3" bad_value pairing 3

tcase "pairing = 1 (no spanning set)" bad_value pairing 1 spanning

tcase "pairing = 8 (no spanning set)" bad_value pairing 8 spanning

tcase "board_centre = middle" bad_value board_centre middle

tcase "backs = maybe" bad_value backs maybe

c_cycle() {
	f=$(derive "cycle-$2" "s/^\([[:space:]]*cycle[[:space:]]*=[[:space:]]*\)[a-z ]*[a-z]/\1$1/")
	grep -q "^cycle = $1 " "$f" || { fail "fixture: could not set cycle"; return; }
	refuse "$f:$(lineof "$f" '^cycle'):" "cycle" -- -c "$f"
}
tcase "cycle not a permutation" c_cycle "lateral lateral vertical boxes" perm
tcase "cycle with lateral next to vertical" c_cycle "lateral vertical dots boxes" adjacent

# The default anchors, for the anchor cases.
cfg_anchors >"$T/def-anchors.txt"
A1=$(sed -n 1p "$T/def-anchors.txt")
A4=$(sed -n 4p "$T/def-anchors.txt")
# first anchor of each colour class (row+col even / odd)
A_EVEN=$(awk '($1 + $2) % 2 == 0' "$T/def-anchors.txt" | head -n 1)
A_ODD=$(awk '($1 + $2) % 2 == 1' "$T/def-anchors.txt" | head -n 1)

c_one_anchor() {
	f=$(with_anchors one-anchor "$A1")
	refuse "$f" "anchor" -- -c "$f"
}
tcase "anchors: only one" c_one_anchor

c_one_class() {
	awk '($1 + $2) % 2 == 0' "$T/def-anchors.txt" >"$T/even-anchors.txt"
	[ "$(wc -l <"$T/even-anchors.txt")" -ge 2 ] || { fail "fixture: need two default anchors of one class"; return; }
	f=$(with_anchors one-class "$(sed -n 1p "$T/even-anchors.txt")" "$(sed -n 2p "$T/even-anchors.txt")")
	refuse "$f" "anchor" -- -c "$f"
}
tcase "anchors: all in one colour class" c_one_class

# anchors_but NAME N NEW: the default anchors with the Nth replaced by NEW.
anchors_but() {
	ab_name=$1 ab_n=$2 ab_new=$3
	set --
	i=0
	while read -r line; do
		i=$((i + 1))
		if [ "$i" -eq "$ab_n" ]; then
			set -- "$@" "$ab_new"
		else
			set -- "$@" "$line"
		fi
	done <"$T/def-anchors.txt"
	with_anchors "$ab_name" "$@"
}

c_anchor_off() {
	set -- $A1
	f=$(anchors_but off-board 1 "$((ROWS + 1)) $2 $3 $4")
	refuse "$f:$(anchor_line "$f" 1):" "anchor" -- -c "$f"
}
tcase "anchor off the board (row rows+1)" c_anchor_off

c_anchor_twice() {
	set -- $A1
	extra="$1 $2 $(($3 % 9 + 1)) $4"
	set --
	while read -r line; do set -- "$@" "$line"; done <"$T/def-anchors.txt"
	f=$(with_anchors twice "$@" "$extra")
	n=$((N_ANCHOR_LINES + 1))
	refuse "$f:$(anchor_line "$f" "$n"):" "anchor" -- -c "$f"
}
tcase "anchors: same square twice with different tiles" c_anchor_twice

c_anchor_front() {
	af_front=$1
	set -- $A1
	f=$(anchors_but "front-$af_front" 1 "$1 $2 $af_front $4")
	refuse "$f:$(anchor_line "$f" 1):" "anchor" "front" -- -c "$f"
}
tcase "anchor front 0" c_anchor_front 0
tcase "anchor front 10" c_anchor_front 10

c_anchor_corner() {
	set -- $A1
	f=$(anchors_but corner-xx 1 "$1 $2 $3 xx")
	refuse "$f:$(anchor_line "$f" 1):" "anchor" "corner" -- -c "$f"
}
tcase "anchor corner 'xx'" c_anchor_corner

c_not_turned() {
	# both classes with the even-class anchor's corner
	set -- $A_ODD
	odd_same="$1 $2 $3 $(echo "$A_EVEN" | awk '{ print $4 }')"
	f=$(with_anchors not-turned "$A_EVEN" "$odd_same")
	refuse "$f:$(anchor_line "$f" 2):" "anchor" "180" -- -c "$f"
}
tcase "anchor classes not turned 180 degrees" c_not_turned

c_disagree() {
	set -- $A4
	f=$(anchors_but disagree 4 "$1 $2 $(($3 % 9 + 1)) $4")
	refuse "$f:$(anchor_line "$f" 4):" "anchor" "disagrees" -- -c "$f"
}
tcase "anchor disagreeing with its class-mates" c_disagree

# The class-B (row+col odd) anchors shifted two columns: same classes, other plane.
awk '{ if (($1 + $2) % 2 == 1) $2 += 2; print }' "$T/def-anchors.txt" >"$T/shifted-anchors.txt"

c_no_spanning() {
	set --
	while read -r line; do set -- "$@" "$line"; done <"$T/shifted-anchors.txt"
	f=$(with_anchors no-span "$@")
	refuse "$f" "anchor" "spanning" -- -c "$f"
}
tcase "anchors with no spanning patch" c_no_spanning

# has_spanning ANCHOR-FILE: derives a tutorial (backs off) 36x36 plane from
# the anchors and searches it, independently of tilepress, for a 9-tile
# with lateral corner board_centre whose 3x3 neighbourhood holds 1..9.
# Prints "yes" or "no".  36x36 holds a whole 18x18 period inside its border.
has_spanning() {
	hs_file=$1
	set -- -s series.backs=off -s board.rows=36 -s board.cols=36
	while read -r line; do set -- "$@" -s "series.anchor=$line"; done <"$hs_file"
	run "$@" pattern --format csv
	expect_ok || return
	python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
centre = sys.argv[2]
g = {(int(r["row"]), int(r["col"])): (int(r["front"]), r["lateral"]) for r in rows}
n = max(k[0] for k in g)
found = False
for (r, c), (f, k) in g.items():
    if f == 9 and k == centre and 1 < r < n and 1 < c < n:
        s = {g[(r + i, c + j)][0] for i in (-1, 0, 1) for j in (-1, 0, 1)}
        found |= s == set(range(1, 10))
print("yes" if found else "no")
' "$OUT" "$(cfgval board_centre)" 2>/dev/null
}

c_spanning_independent() {
	a=$(has_spanning "$T/def-anchors.txt")
	[ "$a" = yes ] || { fail "default anchors: independent search found no spanning patch ($a)"; return; }
	b=$(has_spanning "$T/shifted-anchors.txt")
	[ "$b" = no ] || fail "shifted anchors: independent search found a spanning patch ($b), yet tilepress refuses them"
}
tcase "no-spanning fixture confirmed by an independent search" c_spanning_independent

c_centre() {
	# a corner that neither default class uses
	used=$(awk '{ print $4 }' "$T/def-anchors.txt" | sort -u | tr '\n' ' ')
	k=
	for c in nw ne se sw; do
		case " $used" in *" $c "*) ;; *) k=$c; break ;; esac
	done
	[ -n "$k" ] || { fail "fixture: every corner is used"; return; }
	# with the default anchors given (without anchor lines they would be
	# derived for the new board_centre, and fit it)
	set --
	while read -r line; do set -- "$@" "$line"; done <"$T/def-anchors.txt"
	f0=$(with_anchors "centre-$k-anchors" "$@")
	f=$T/centre-$k.ini
	sed "s/^\([[:space:]]*board_centre[[:space:]]*=[[:space:]]*\)[a-z]*/\1$k/" "$f0" >"$f"
	refuse "$f:$(lineof "$f" '^board_centre'):" "board_centre" -- -c "$f"
}
tcase "board_centre matching neither class" c_centre

# ---- templates ----------------------------------------------------------------

c_tpl_missing() {
	f=$(set_key tpl-missing indicia no-such-template)
	refuse "$f:$(lineof "$f" '^indicia'):" "indicia" "no-such-template" -- -c "$f"
}
tcase "template: missing template name" c_tpl_missing

c_tpl_missing_path() {
	missing=$T/no-such-dir/absent.ini
	f=$(set_key tpl-missing-path indicia "$(echo "$missing" | sed 's/[\/&]/\\&/g')")
	grep -qF "$missing" "$f" || { fail "fixture: could not point indicia at $missing"; return; }
	refuse "$f:$(lineof "$f" '^indicia'):" "indicia" "$missing" -- -c "$f"
}
tcase "template: missing file given as a path" c_tpl_missing_path

# tpl_case NAME SRC-TEMPLATE KEY-REGEX AWK-PROGRAM KEYNAME: a template made
# from SRC by rewriting the cells on the KEY line with AWK (fields = cells).
tpl_case() {
	tc_tpl=$T/tpl-$1.ini
	awk -v key="$3" "
		\$0 ~ key {
			split(\$0, kv, \"=\"); n = split(kv[2], c, \" \")
			$4
			s = kv[1] \"=\"; for (i = 1; i <= n; i++) s = s \" \" c[i]
			print s; next
		}
		{ print }
	" "$TPL_DIR/$2.ini" >"$tc_tpl"
	f=$(set_key "cfg-tpl-$1" indicia "$(echo "$tc_tpl" | sed 's/[\/&]/\\&/g')")
	grep -qF "$tc_tpl" "$f" || { fail "fixture: could not point indicia at $tc_tpl"; return; }
	refuse "$tc_tpl:$(lineof "$tc_tpl" "$3"):" "$5" -- -c "$f"
}
tcase "template: 8 cells in order" tpl_case eight spiral-cw '^order' 'n--' order
tcase "template: duplicate cells" tpl_case dup spiral-cw '^order' 'c[n] = c[1]' order
tcase "template: cell 3,0" tpl_case out spiral-cw '^order' 'c[1] = "3,0"' "3,0"
tcase "template: key 4 with 3 cells" tpl_case four pips '^4[[:space:]]*=' 'n--' "indicia.4"

c_tpl_via_set() {
	refuse "--set series.indicia=no-such-template" "indicia" -- -s series.indicia=no-such-template
}
tcase "template: missing name given with --set" c_tpl_via_set

tcase "--set board.rows=20 (not a multiple of 6)" refuse "--set board.rows=20" "rows" -- -s board.rows=20

# A board of one square holds one colour class, and the derived anchors
# fix both: refused naming the board key (it named "built-in default
# anchor 1", which nobody gave); two squares derive and check.
c_one_square() {
	refuse "--set board.rows=1" "board.rows = 1" "one square" -- -s series.backs=off -s print.split=none \
		-s board.rows=1 -s board.cols=1
	[ -z "$why" ] || return
	run -s series.backs=off -s print.split=none -s board.rows=1 -s board.cols=2 check
	[ "$rc" -eq 0 ] || fail "1 x 2: exit $rc: $(errtext)"
}
tcase "a board of one square is refused naming the board key" c_one_square

c_set_one_anchor() {
	# the anchors come from the --set alone, so the message should say so
	refuse "--set series.anchor" "anchor" -- -s "series.anchor=$A1"
}
tcase "--set with a single anchor names the --set" c_set_one_anchor

c_set_anchors_replace() {
	[ "$N_ANCHOR_LINES" -gt 2 ] || { fail "fixture: the config needs more than two anchors"; return; }
	run -s "series.anchor=$A_EVEN" check -s "series.anchor=$A_ODD"
	expect_ok || return
	grep -q '^anchors: 2$' "$OUT" || { fail "want 'anchors: 2', got '$(grep '^anchors' "$OUT")'"; return; }
	# and the pattern marks exactly those two squares
	run -s "series.anchor=$A_EVEN" -s "series.anchor=$A_ODD" pattern --format csv
	expect_ok || return
	n=$(grep -c ',1$' "$OUT")
	[ "$n" -eq 2 ] || fail "pattern marks $n anchor squares, want 2"
}
tcase "--set series.anchor twice replaces the file's anchors" c_set_anchors_replace

c_build_backs_off() {
	d=$T/backs-off
	run -s series.backs=off build -o "$d" --formats svg -q
	expect_ok || return
	[ -s "$d/manifest/table1.csv" ] || { fail "no manifest written"; return; }
	b=$(cd "$d" && find . -name 'backs.*' -o -name 'backs-*' | head -n 3)
	[ -z "$b" ] || fail "tutorial build wrote $b"
	# The default config's build writes backs: otherwise this proves nothing.
	run build -o "$T/backs-on" --only backs --formats svg -q
	expect_ok || return
	[ -n "$(find "$T/backs-on" -name 'backs.*' | head -n 1)" ] || fail "the normal build writes no backs.* either, so this proves nothing"
}
tcase "build -s series.backs=off writes no backs" c_build_backs_off

c_digits_backs_on() {
	refuse "--set series.indicia=digits" "series.indicia" "backs" -- -s series.indicia=digits
}
tcase "digits with backs on: exit 2, explains why" c_digits_backs_on

c_digits_tutorial() {
	run -s series.indicia=digits -s series.backs=off manifest --format json
	expect_ok || return
	grep -q '"indicia": "digits"' "$OUT" || fail "json does not name the digits indicia"
	grep -q 'upside down' "$OUT" || fail "json does not explain the orientation cost"
}
tcase "digits with backs off: manifest explains the orientation cost" c_digits_tutorial

c_blind_check() {
	run -c config/series-blind.ini check
	expect_ok || return
	grep -q 'tactile check: ok' "$OUT" || fail "blind edition does not pass its own tactile check"
	run -s emboss.plates=on check
	[ "$rc" -eq 0 ] || { fail "tactile warnings must not fail check (exit $rc)"; return; }
	grep -q 'warning: .*tactile minimum' "$ERR" || fail "small symbols give no warning: $(errtext)"
}
tcase "blind edition passes its tactile check; small symbols only warn" c_blind_check

c_blind_counts() {
	run -c config/series-blind.ini manifest --format json
	expect_ok || return
	# Back symbols and recesses are the coloured backs: the csv's four
	# colour totals; pockets are all squares.
	backs=$("$TP_BIN" -c config/series-blind.ini manifest --format csv | awk -F, '$1 == "total" { print $2 + $3 + $4 + $5 }')
	grep -q "\"back_symbols\": $backs," "$OUT" || fail "back_symbols is not $backs"
	grep -q "\"recess_symbols\": $backs}" "$OUT" || fail "recess_symbols is not $backs"
	grep -q "\"pockets\": $N_SQUARES," "$OUT" || fail "pockets is not $N_SQUARES"
}
tcase "blind manifest: emboss counts follow the pattern" c_blind_counts

# Moved from tests/cli/newuser.sh (issue 21) and cli.sh: the blind
# edition's fits, the spanning patch, --level 3.

c_level3_memory() {
	command -v /usr/bin/time >/dev/null 2>&1 || { fail "/usr/bin/time missing (package time)"; return; }
	d=$(fresh_dir level3)
	/usr/bin/time -f '%M' -o "$T/rss" "$TP_BIN" build -q --level 3 -o "$d" >"$OUT" 2>"$ERR"
	rc=$?
	expect_ok || return
	kb=$(tail -n 1 "$T/rss")
	# Vector files at level 3 hold as many shapes as at level 1: memory
	# must stay small (the bound is generous for a sanitizer build).
	[ "$kb" -lt 400000 ] || fail "level 3 vector build peaked at $kb KB"
	# Sheets over 2 Gpx get no PNG unless asked (the small templates
	# proof still does): none of the level-3 boards or tile sheets.  The
	# preview page's thumbnails (thumbs/, 640 px at most) are not sheets.
	big=$(cd "$d" && find . -name '*.png' ! -name 'templates.png' ! -name 'proof.png' ! -path './thumbs/*' | head -n 3 | tr '\n' ' ')
	[ -z "$big" ] || fail "level 3 wrote large PNGs without being asked: $big"
}
tcase "level 3 vector set builds in bounded memory, no PNG unless asked" c_level3_memory

# A blind-edition symbol that does not fit names its own line and the
# values that would fit; those values are then accepted (with warnings).
c_blind_fits() {
	cfg=config/series-blind.ini
	l_sym=$(grep -n '^symbol_mm' $cfg | cut -d: -f1)
	l_back=$(grep -n '^back_symbol_mm' $cfg | cut -d: -f1)
	run -c series-blind -s print.tile_mm=20 check
	[ "$rc" -eq 2 ] || { fail "exit $rc, want 2"; return; }
	one_err_line || return
	err_has "series-blind.ini:$l_sym: emboss.symbol_mm" "back_symbol_mm at most" || return
	sym=$(sed -n 's/.*emboss.symbol_mm at most \([0-9.]*\).*/\1/p' "$ERR")
	back=$(sed -n 's/.*back_symbol_mm at most \([0-9.]*\).*/\1/p' "$ERR")
	tile=$(sed -n 's/.*print.tile_mm of at least \([0-9.]*\).*/\1/p' "$ERR")
	[ -n "$sym" ] && [ -n "$back" ] && [ -n "$tile" ] || { fail "no values that fit: $(errtext)"; return; }
	run -c series-blind -s print.tile_mm=20 -s emboss.symbol_mm=$sym check
	[ "$rc" -eq 2 ] || { fail "symbol_mm=$sym alone: exit $rc, want 2 (the back symbol)"; return; }
	err_has "series-blind.ini:$l_back: emboss.back_symbol_mm" "at most $back" || return
	run -c series-blind -s print.tile_mm=20 -s emboss.symbol_mm=$sym -s emboss.back_symbol_mm=$back check
	[ "$rc" -eq 0 ] || { fail "the values it named are refused: $(errtext)"; return; }
	grep -q "warning" "$ERR" || fail "a 20 mm blind edition passed without the tactile warnings"
	run -c series-blind -s print.tile_mm=$tile check
	[ "$rc" -eq 0 ] || fail "print.tile_mm=$tile, named as fitting, is refused: $(errtext)"
}
tcase "blind edition: a symbol that does not fit names its line and what fits" c_blind_fits

# Whatever does not fit, the values offered are ones the keys accept (a
# symbol no smaller than emboss.symbol_mm's least, a tile_mm no larger
# than its most: "at most -980.01" and "tile_mm of at least 6078.1" were
# offered), and an offered tile_mm checks.
range_of() {   # KEY: "LO HI" from the key's own out-of-range refusal
	run -c series-blind -s "$1=-1" check
	sed -n 's/.*allowed: \([0-9.]*\) mm to \([0-9.]*\) mm$/\1 \2/p' "$ERR"
}
c_blind_offers() {
	set -- $(range_of emboss.symbol_mm) $(range_of print.tile_mm)
	[ $# -eq 4 ] || { fail "no key ranges: $*"; return; }
	sym_lo=$1 tile_hi=$4
	for a in emboss.stroke_mm=1000 emboss.stroke_mm=10 emboss.pocket_play_mm=1000 \
		 emboss.recess_clearance_mm=1000 print.tile_mm=20 emboss.symbol_mm=1000 emboss.back_symbol_mm=1000; do
		run -c series-blind -s $a check
		[ "$rc" -eq 2 ] || { fail "$a: exit $rc, want 2"; return; }
		one_err_line || return
		grep -q 'fits: ' "$ERR" || { fail "$a: nothing said to fit: $(errtext)"; return; }
		for v in $(sed -n 's/.*fits: //p' "$ERR" | grep -o 'symbol_mm at most -*[0-9.]*' | sed 's/.* //'); do
			awk -v v="$v" -v lo="$sym_lo" 'BEGIN { exit !(v >= lo) }' ||
				{ fail "$a: offers a symbol of $v mm, under the least $sym_lo: $(errtext)"; return; }
		done
		t=$(sed -n 's/.*print.tile_mm of at least \([0-9.]*\).*/\1/p' "$ERR")
		[ -z "$t" ] && continue
		awk -v v="$t" -v hi="$tile_hi" 'BEGIN { exit !(v <= hi) }' ||
			{ fail "$a: offers print.tile_mm = $t, over the most $tile_hi"; return; }
		case $a in print.tile_mm=*) run -c series-blind -s print.tile_mm=$t check ;;
		*) run -c series-blind -s $a -s print.tile_mm=$t check ;; esac
		[ "$rc" -eq 0 ] || { fail "$a with the offered print.tile_mm = $t: exit $rc: $(errtext)"; return; }
	done
}
tcase "blind edition: every value offered to fit is one its key accepts" c_blind_offers

# check says "spanning patch: found" only when the board image (rows/6 x
# cols/6 tiles of the patch) holds all nine fronts; otherwise it names
# how many it holds and which are missing.
c_spanning() {
	for size in 12x24 18x12 18x18 24x24 36x18; do
		r=${size%x*} c=${size#*x}
		run -s board.rows=$r -s board.cols=$c check
		[ "$rc" -eq 0 ] || { fail "$size: exit $rc: $(errtext)"; return; }
		line=$(grep '^spanning patch:' "$OUT")
		if [ $((r / 6)) -ge 3 ] && [ $((c / 6)) -ge 3 ]; then
			case $line in *"found;"*"all nine fronts"*) ;; *) fail "$size: $line"; return ;; esac
		else
			n=$(echo "$line" | sed -n 's/.*holds \([0-9]\) of the nine fronts (missing:\([0-9 ]*\)).*/\1/p')
			missing=$(echo "$line" | sed -n 's/.*(missing:\([0-9 ]*\)).*/\1/p' | wc -w)
			[ -n "$n" ] && [ $((n + missing)) -eq 9 ] && [ "$missing" -gt 0 ] ||
				{ fail "$size: $line"; return; }
		fi
	done
}
tcase "check: spanning patch found only when the board image holds the nine fronts" c_spanning

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
