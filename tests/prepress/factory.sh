#!/bin/sh
# The defects a factory's prepress check found in the newer paths,
# each checked again with an independent tool on the files tilepress wrote
# (Ghostscript tiffsep, pdfinfo, the SVG and DXF text).
#
#   TP_BIN=/abs/path/tilepress sh tests/prepress/factory.sh [SCRATCH_DIR]
#
# Expected values come from the files, the configs and the tools, never
# from numbers written here.

set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/prepress/lib.sh
scratch factory "$@"

# trim PDF PAGE: the page's trim box in mm from the top-left corner of its
# media box, "x0 y0 x1 y1" (pdfinfo gives points from the bottom left).
trim() {
	pdfinfo -f "$2" -l "$2" -box "$1" | awk '
		/MediaBox/ { mh = $NF }
		/TrimBox/  { x0 = $(NF-3); y0 = $(NF-2); x1 = $(NF-1); y1 = $NF }
		END { k = 25.4 / 72; printf "%.3f %.3f %.3f %.3f\n", x0 * k, (mh - y1) * k, x1 * k, (mh - y0) * k }'
}

# knock PDF PAGE DPI D_MM PLATE...: no pixel of PLATE knocked out inside the
# trim box of page PAGE (tests/prepress/knockout.py).
knock() {
	pdf=$1 page=$2 dpi=$3 d=$4
	shift 4
	rm -f "$T"/sep/*.tif
	mkdir -p "$T/sep"
	gs -q -dNOPAUSE -dBATCH -sDEVICE=tiffsep -sCompression=none -r"$dpi" -dFirstPage="$page" \
		-dLastPage="$page" -sOutputFile="$T/sep/p.tif" "$pdf" >"$T/gs.log" 2>&1 || return 1
	box=$(trim "$pdf" "$page")
	rc=0
	: >"$T/knock.log"
	for plate in "$@"; do
		# shellcheck disable=SC2086
		python3 tests/prepress/knockout.py "$T/sep/p" "$plate" "$dpi" "$d" $box \
			>>"$T/knock.log" 2>&1 || rc=1
	done
	return $rc
}

# ---- defect 3: arena numerals and ribs overprint the colour under them ----
if build arena -c arena --only board,pieces-back --formats pdf; then
	ok "arena build"
else
	bad "arena build" "$T/build.log"
fi
# The numerals stand on the tints, every one of which carries yellow; the
# ribs (1.2 mm) on the player colours, which carry cyan or magenta.
if knock "$T/arena/board.pdf" 1 100 2 Yellow; then
	ok "tiffsep: arena numerals keep the tints' yellow ($(cat "$T/knock.log"))"
else
	bad "tiffsep: arena numerals knock out the tints" "$T/knock.log"
fi
if knock "$T/arena/pieces-back.pdf" 1 150 1 Cyan Magenta Yellow; then
	ok "tiffsep: arena ribs keep the piece colour ($(tr '\n' ' ' <"$T/knock.log"))"
else
	bad "tiffsep: arena ribs knock out the piece colour" "$T/knock.log"
fi

# ---- defect 7: die-only (laser) files carry nothing but the die ink --------
if build vector -c vector --only pieces,cut --formats pdf; then
	ok "vector build"
else
	bad "vector build" "$T/build.log"
fi
for f in pieces cut; do
	pdf=$T/vector/$f.pdf
	rm -f "$T"/sep/*.tif
	mkdir -p "$T/sep"
	# Every page: no process plate carries ink (registration marks would
	# print on all four), and the media box is the bleed box (no room for
	# marks).
	pages=$(pdfinfo "$pdf" | awk '/^Pages:/ { print $2 }')
	inked=0
	p=1
	while [ "$p" -le "${pages:-0}" ]; do
		gs -q -dNOPAUSE -dBATCH -sDEVICE=tiffsep -sCompression=none -r72 -dFirstPage=$p -dLastPage=$p \
			-sOutputFile="$T/sep/d.tif" "$pdf" >"$T/gs.log" 2>&1 || inked=1
		for plate in Cyan Magenta Yellow Black; do
			python3 -c "
import sys; sys.path.insert(0, 'tests/prepress')
from sep_overprint import read_tiff
w, h, d = read_tiff(sys.argv[1])
sys.exit(1 if min(d) < 255 else 0)" "$T/sep/d($plate).tif" || { inked=1; echo "$f page $p: $plate inked"; }
		done
		p=$((p + 1))
	done >"$T/die.log" 2>&1
	boxes=$(pdfinfo -f 1 -l "${pages:-1}" -box "$pdf" | awk '/MediaBox|BleedBox/ {
		k = ($1 == "Page" ? $2 : 1) " " $(NF-3) " " $(NF-2) " " $(NF-1) " " $NF; c[k]++ }
		END { for (k in c) if (c[k] != 2) odd = 1; print odd ? "differ" : "same" }')
	if [ "$inked" = 0 ] && [ "$boxes" = same ] && [ -n "$pages" ]; then
		ok "tiffsep: vector $f.pdf ($pages pages) carries only the die ink, no marks"
	else
		echo "media and bleed boxes: $boxes" >>"$T/die.log"
		bad "vector $f.pdf carries more than the die ink" "$T/die.log"
	fi
done

# ---- the preflight: every shipped config, both layouts, every profile -------
pf_bad=0
pf_runs=0
: >"$T/pf.log"
n_cfg=0
for ini in config/*.ini; do
	cfg=$(basename "$ini" .ini)
	n_cfg=$((n_cfg + 1))
	for layout in gang punchboard; do
		for prof in none generic-x1a punchboard x4; do
			set -- -c "$cfg" -s print.layout=$layout
			[ "$prof" = none ] || set -- "$@" -s print.profile=$prof
			pf_runs=$((pf_runs + 1))
			if ! "$TP_BIN" "$@" preflight >"$T/pf.out" 2>&1; then
				pf_bad=1
				{ echo "$cfg $layout $prof:"; head -5 "$T/pf.out"; } >>"$T/pf.log"
			fi
		done
	done
done
if [ "$pf_bad" = 0 ]; then
	ok "preflight: no error in $pf_runs builds (every shipped config: $n_cfg x 2 layouts x no profile and 3 profiles)"
else
	bad "preflight errors in shipped configs" "$T/pf.log"
fi

# ---- gangs paneled onto a press sheet: every panel keeps its bleed ---------
# A gang too big for the press sheet is cut into panels (on its die lines
# where it has them); the art at each panel's cut edge runs on into the
# panel's bleed, so no panel of any shipped config gives a bleed finding.
pb_bad=0
pb_runs=0
: >"$T/pb.log"
for ini in config/*.ini; do
	cfg=$(basename "$ini" .ini)
	for sheet in SRA3 A4; do
		pb_runs=$((pb_runs + 1))
		if ! "$TP_BIN" -c "$cfg" -s print.layout=gang -s print.sheet_mm=$sheet preflight \
			>"$T/pf.out" 2>&1 || grep -q ': bleed: ' "$T/pf.out"; then
			pb_bad=1
			{ echo "$cfg gang $sheet:"; grep -m5 -e ': bleed: ' -e '^error' "$T/pf.out"; } >>"$T/pb.log"
		fi
	done
done
if [ "$pb_bad" = 0 ]; then
	ok "preflight: no error and no bleed finding on the panels of $pb_runs gang builds on SRA3 and A4"
else
	bad "panels without bleed or with errors" "$T/pb.log"
fi

# ---- backs paneled behind their fronts (work-and-turn) ----------------------
# A gang paneled onto a press sheet: the fronts' panels meet on die lines;
# a back's panels (and a plate's) must be the same, mirrored for a back, so
# each prints behind its fronts' panel.  pdfinfo's trim boxes, row of one:
# the backs' widths are the fronts' in reverse order, a plate's in order.
widths() {
	n=$(pdfinfo "$1" | awk '/^Pages:/ { print $2 }')
	k=1
	while [ "$k" -le "${n:-0}" ]; do
		trim "$1" "$k" | awk '{ printf "%.1f\n", $3 - $1 }'
		k=$((k + 1))
	done
}
reg_bad=0
: >"$T/reg.log"
for spec in "series fronts backs 1" "series-blind fronts emboss-backs 1" "series-blind fronts emboss-fronts 0" \
	    "vector tiles tile-backs 1 -s print.tile_mm=1in -s print.sheet_mm=A4"; do
	# shellcheck disable=SC2086
	set -- $spec
	cfg=$1 front=$2 back=$3 mirrored=$4
	shift 4
	if ! build reg -c "$cfg" -s print.profile=generic-x1a --only "$front,$back" --formats pdf "$@"; then
		reg_bad=1
		cat "$T/build.log" >>"$T/reg.log"
		continue
	fi
	widths "$T/reg/$front.pdf" >"$T/reg.f"
	if [ "$mirrored" = 1 ]; then widths "$T/reg/$back.pdf" | tac; else widths "$T/reg/$back.pdf"; fi >"$T/reg.b"
	pf=$("$TP_BIN" -c "$cfg" -s print.profile=generic-x1a "$@" preflight 2>&1 | grep -c 'registration')
	if [ "$(wc -l <"$T/reg.f")" -lt 2 ] || ! cmp -s "$T/reg.f" "$T/reg.b" || [ "$pf" != 0 ]; then
		reg_bad=1
		echo "$cfg $back: fronts $(tr '\n' ' ' <"$T/reg.f")/ $back (as behind) $(tr '\n' ' ' <"$T/reg.b")/ preflight registration findings $pf" >>"$T/reg.log"
	else
		echo "$cfg $back: $(wc -l <"$T/reg.f") panels ($(head -n 3 "$T/reg.f" | tr '\n' ' ')...)" >>"$T/reg.log"
	fi
done
if [ "$reg_bad" = 0 ]; then
	ok "paneled backs and plates lie behind (on) their fronts' panels: $(tr '\n' ';' <"$T/reg.log")"
else
	bad "backs paneled apart from their fronts" "$T/reg.log"
fi

# ---- the preflight against independent tools on the same files -------------
# Knock-outs: plant one (the vector board's grid in 100 % K, which does not
# overprint the board colour) and where the preflight reports it, tiffsep
# finds the board's yellow knocked out; the shipped grid ink has none.
for grid in "0 0 0 100" ship; do
	set -- -c vector
	[ "$grid" = ship ] || set -- "$@" -s "print.grid_cmyk=$grid"
	if ! build kb "$@" --only board --formats pdf || ! "$TP_BIN" "$@" preflight >"$T/pf.out" 2>&1; then
		bad "vector board build or preflight, grid $grid" "$T/pf.out"
		continue
	fi
	pos=$(sed -n 's/^warning board page 1 at (\([0-9.]*\), \([0-9.]*\)) mm: knock-out.*/\1 \2/p' "$T/pf.out" | head -1)
	if [ "$grid" = ship ]; then
		if [ -z "$pos" ] && knock "$T/kb/board.pdf" 1 300 1 Yellow; then
			ok "shipped vector grid: no knock-out reported, none in tiffsep"
		else
			bad "shipped vector grid: knock-out reported or found" "$T/knock.log"
		fi
		continue
	fi
	if [ -z "$pos" ]; then
		bad "the preflight reports no knock-out of a 100 % K grid" "$T/pf.out"
		continue
	fi
	set -- $(trim "$T/kb/board.pdf" 1) $pos
	# A 4 mm box round the reported spot, in page coordinates.
	box=$(awk -v x0="$1" -v y0="$2" -v x="$5" -v y="$6" 'BEGIN { printf "%.2f %.2f %.2f %.2f", x0 + x - 2, y0 + y - 2, x0 + x + 2, y0 + y + 2 }')
	rm -f "$T"/sep/*.tif
	mkdir -p "$T/sep"
	gs -q -dNOPAUSE -dBATCH -sDEVICE=tiffsep -sCompression=none -r300 \
		-sOutputFile="$T/sep/s.tif" "$T/kb/board.pdf" >"$T/gs.log" 2>&1
	# shellcheck disable=SC2086
	if ! python3 tests/prepress/knockout.py "$T/sep/s" Yellow 300 1 $box >"$T/knock.log" 2>&1; then
		ok "tiffsep confirms the planted knock-out the preflight reports at ($pos) mm: $(cat "$T/knock.log")"
	else
		bad "tiffsep finds no knock-out where the preflight reports one ($pos)" "$T/knock.log"
	fi
done
# Closed outlines: the arena's punchboard die files, which the preflight
# passes, hold only closed polylines (read from the DXF text itself); the
# profile's nicks left out (they are checked below).
if build punch -c arena -s print.profile=punchboard -s print.nicks_per_side=0 --formats pdf,dxf; then
	if awk '
		/^  0$/ { getline e; if (e == "POLYLINE") { poly++; inpoly = 1 } else if (e == "LINE") lines++; else inpoly = 0; next }
		inpoly && /^ 70$/ { getline f; if (int(f) % 2 == 0) open++; inpoly = 0 }
		END { printf "%d polylines, %d open, %d lines\n", poly, open, lines; exit !(poly > 0 && open == 0 && lines == 0) }' \
		"$T"/punch/cut-*.dxf >"$T/dxf.log" 2>&1; then
		ok "DXF: every arena punchboard die outline closed ($(cat "$T/dxf.log"))"
	else
		bad "DXF: open outlines in the arena punchboard die files" "$T/dxf.log"
	fi
else
	bad "arena punchboard build" "$T/build.log"
fi
# Nicks (section 4): the punchboard profile's nicks, counted as gaps in
# each piece's die line in the DXF, against the number computed from the
# profile's keys and each piece's own sides (tests/prepress/nicks.py);
# the same sheets without nicks give the pieces.
prof=config/profiles/punchboard.ini
key() { sed -n "s/^$1 *= *\([^ ;]*\).*/\1/p" "$prof"; }
k=$(key nicks_per_side) w=$(key nick_mm) cw=$(key nick_corner_mm)
for game in arena series; do
	if build nick0 -c $game -s print.profile=punchboard -s print.nicks_per_side=0 --only cut --formats dxf &&
		build nick -c $game -s print.profile=punchboard --only cut --formats dxf; then
		: >"$T/nicks.log"
		nrc=0
		for f in "$T"/nick0/cut-*.dxf; do
			python3 tests/prepress/nicks.py "$k" "$w" "$cw" "$f" "$T/nick/$(basename "$f")" >>"$T/nicks.log" 2>&1 || nrc=1
		done
		if [ "$nrc" = 0 ] && [ "$k" -gt 0 ]; then
			ok "nicks: $game punchboard die files, $k per side: $(awk '{ p += $1; n += $3; w += $5 } END { printf "%d pieces, %d nicks, %d computed from the profile", p, n, w }' "$T/nicks.log")"
		else
			bad "nicks: $game punchboard die files" "$T/nicks.log"
		fi
	else
		bad "nick build $game" "$T/build.log"
	fi
done
# Round outlines: the collecting game's counters
# (arena.marking = colours) and the vector game's round piece take
# 4 x nicks_per_side nicks, one set per quarter of the circle, each
# nick_mm along it: counted per piece in the DXF, the SVG and the PDF.
for spec in "arena -s arena.marking=colours:counters" "vector:pieces"; do
	cfg=${spec%%:*} sheet=${spec##*:}
	# shellcheck disable=SC2086
	if build nick0 -c $cfg -s print.profile=punchboard -s print.nicks_per_side=0 --only "$sheet" --formats dxf &&
		build nick -c $cfg -s print.profile=punchboard --only "$sheet" --formats dxf,svg,pdf; then
		nrc=0
		: >"$T/nicks.log"
		for x in dxf svg pdf; do
			printf '%s: ' "$x" >>"$T/nicks.log"
			python3 tests/prepress/nicks.py "$k" "$w" "$cw" "$T/nick0/$sheet.dxf" "$T/nick/$sheet.$x" >>"$T/nicks.log" 2>&1 || nrc=1
		done
		if [ "$nrc" = 0 ] && [ "$k" -gt 0 ]; then
			ok "nicks: $cfg $sheet, round outlines: $(tr '\n' ';' <"$T/nicks.log")"
		else
			bad "nicks: $cfg $sheet, round outlines" "$T/nicks.log"
		fi
	else
		bad "nick build $cfg $sheet" "$T/build.log"
	fi
done
# Profile keys (section 2).  die_lines: "art" writes no cut sheet and keeps
# the die layer in the art files; "separate" takes it off the art files and
# keeps the cut sheet's; "both" (the default) has both.  Counted in the SVG
# text: paths painted in the die ink.
cutpaths() { if [ -f "$1" ]; then grep -c 'data-spot="CutContour"' "$1"; else echo 0; fi; }
dl_bad=0
for mode in both art separate; do
	only=fronts,board-half-1
	[ "$mode" = art ] || only=$only,cut
	if build dl-$mode -c series -s print.die_lines=$mode --only $only --formats svg,dxf; then
		art=$(cutpaths "$T/dl-$mode/fronts.svg") cut=$(cutpaths "$T/dl-$mode/cut-fronts.svg")
		case $mode in
		both) [ "$art" -gt 0 ] && [ "$cut" = "$art" ] || dl_bad=1 ;;
		art) [ "$art" -gt 0 ] && [ ! -e "$T/dl-$mode/cut-fronts.svg" ] && [ -e "$T/dl-$mode/fronts.dxf" ] || dl_bad=1 ;;
		separate) [ "$art" = 0 ] && [ "$cut" -gt 0 ] && [ ! -e "$T/dl-$mode/fronts.dxf" ] || dl_bad=1 ;;
		esac
		echo "$mode: art file $art die paths, cut sheet $cut" >>"$T/dl.log"
	else
		dl_bad=1
		cat "$T/build.log" >>"$T/dl.log"
	fi
done
if [ "$dl_bad" = 0 ]; then ok "die_lines both / art / separate ($(tr '\n' ';' <"$T/dl.log"))"; else bad "die_lines" "$T/dl.log"; fi
# file_name: every file the build writes (its record) is named by the
# pattern, and none other.
pat='{edition}_{game}_{sheet}'
if build fn -c vector -s "print.file_name=$pat" --formats pdf,svg,dxf; then
	want=$(printf '%s' "$pat" | sed 's/{edition}/vector/; s/{game}/vector/; s/{sheet}//')
	n=$(ls "$T/fn" | grep -v -e '^manifest$' -e '^index.html$' | wc -l)
	m=$(ls "$T/fn" | grep -c "^$want")
	if [ "$n" -gt 0 ] && [ "$n" = "$m" ]; then ok "file_name $pat: $m files, all named $want*"; else bad "file_name: $m of $n files named $want*"; fi
else
	bad "file_name build" "$T/build.log"
fi
# Structure: qpdf finds nothing wrong in the PDF/X-4 files, which say
# 1.6 and PDF/X-4 in the header, the Info and the XMP.
if build x4 -c series -s print.profile=x4 --only fronts,board --formats pdf; then
	x4bad=0
	for f in "$T"/x4/*.pdf; do
		qpdf --check "$f" >"$T/qpdf.log" 2>&1 && ! grep -q WARNING "$T/qpdf.log" || { x4bad=1; cat "$T/qpdf.log"; }
		head -c 8 "$f" | grep -q '%PDF-1.6' || { x4bad=1; echo "$f: not PDF 1.6"; }
		pdfinfo -meta "$f" | grep -q '<pdfxid:GTS_PDFXVersion>PDF/X-4<' || { x4bad=1; echo "$f: no X-4 XMP"; }
		# PDF/X-4's XMP identifiers: a DocumentID (a uuid), VersionID and
		# RenditionClass; no marks (the profile's marks = off wins over
		# series.ini's marks = on): the media box is the bleed box.
		pdfinfo -meta "$f" | grep -Eq '<xmpMM:DocumentID>uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}</xmpMM:DocumentID>' &&
			pdfinfo -meta "$f" | grep -q '<xmpMM:VersionID>1</xmpMM:VersionID>' &&
			pdfinfo -meta "$f" | grep -q '<xmpMM:RenditionClass>default</xmpMM:RenditionClass>' ||
			{ x4bad=1; echo "$f: XMP without xmpMM identifiers"; }
		pdfinfo -box "$f" | awk '/^MediaBox/ { m = $0; sub(/^[A-Za-z]*: */, "", m) } /^BleedBox/ { b = $0; sub(/^[A-Za-z]*: */, "", b) } END { exit m != b }' ||
			{ x4bad=1; echo "$f: printer's marks under x4 (media box beyond the bleed box)"; }
		pdfinfo -meta "$f" | sed -n 's/.*<xmpMM:DocumentID>\(.*\)<.*/\1/p' >>"$T/x4.ids"
	done >"$T/x4.log" 2>&1
	# Each file its own DocumentID; the XMP
	# dates are SOURCE_DATE_EPOCH's.
	ids1=$(sort "$T/x4.ids"); rm -f "$T/x4.ids"
	[ "$(printf '%s\n' "$ids1" | sort -u | wc -l)" = "$(ls "$T"/x4/*.pdf | wc -l)" ] || { x4bad=1; echo "DocumentIDs not one per file: $ids1" >>"$T/x4.log"; }
	if SOURCE_DATE_EPOCH=1700000000 build x4b -c series -s print.profile=x4 --only fronts,board --formats pdf; then
		for f in "$T"/x4b/*.pdf; do pdfinfo -meta "$f" | sed -n 's/.*<xmpMM:DocumentID>\(.*\)<.*/\1/p'; done | sort >"$T/x4b.ids"
		pdfinfo -meta "$T/x4b/fronts.pdf" | grep -q '<xmp:CreateDate>2023-11-14T22:13:20Z<' ||
			{ x4bad=1; echo "XMP date is not SOURCE_DATE_EPOCH's" >>"$T/x4.log"; }
	fi
	if [ "$x4bad" = 0 ]; then ok "qpdf --check clean on the PDF/X-4 profile's PDFs, 1.6 and X-4 in XMP, xmpMM ids, no marks, dates from SOURCE_DATE_EPOCH"; else bad "PDF/X-4 files" "$T/x4.log"; fi
else
	bad "x4 build" "$T/build.log"
fi

echo "factory: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
