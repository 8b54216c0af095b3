#!/bin/sh
# Total ink under a limit, the preflight against the press's view: the
# table set built with print.max_tac_pct = 240 (its 200 % player colour
# under 45 % K outlines, laid edge to edge and run on into the bleed).
# The build's preflight must find no total-ink error, and Ghostscript's
# tiffsep separations of what it wrote, at 600 dpi over the whole media
# box (bleed included), must stay within the limit: the knock-outs the
# walk decided are the ones the preflight read.  A stack planted in the
# same file past the limit must still be found by the preflight of that
# file, and measured over the limit by Ghostscript.
#
#   TP_BIN=/abs/path/tilepress sh tests/prepress/tac_bleed.sh [SCRATCH_DIR]

set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/prepress/lib.sh
scratch tac-bleed "$@"

LIM=240
DPI=600
# The plates round to 1/255 each: half a level on each of four.
SLACK=$(awk 'BEGIN { print 4 * 0.5 * 100 / 255 }')

# most PDF PAGE: the most C+M+Y+K of any pixel of page PAGE over its
# media box, in percent (Ghostscript's tiffsep; tests/prepress/sep_tac.py).
most() {
	rm -rf "$T/sep"
	mkdir -p "$T/sep"
	# Registration marks (the /All separation, on every plate) are no
	# product: /None never marks.  Pixels by the centre rule, as
	# pack_tac.sh renders them (Ghostscript's default fill adjust widens
	# every fill by 0.3 pixel, so fills laid edge to edge would stack
	# over a band no platesetter paints).
	qpdf --qdf --object-streams=disable "$1" "$T/q.pdf" >"$T/gs.log" 2>&1 &&
		sed '/^ *\/Separation$/{n;s|^\( *\)/All$|\1/None|;}' "$T/q.pdf" >"$T/q2.pdf" &&
		fix-qdf "$T/q2.pdf" >"$T/m.pdf" &&
		gs -q -dNOPAUSE -dBATCH -sDEVICE=tiffsep -sCompression=none -r$DPI \
			-dFirstPage="$2" -dLastPage="$2" -sOutputFile="$T/sep/p.tif" \
			-c '0 0 .setfilladjust2' -f "$T/m.pdf" >>"$T/gs.log" 2>&1 &&
		python3 tests/prepress/sep_tac.py "$T/sep/p" 400 2>>"$T/gs.log"
}

over() { awk -v v="$1" -v l="$LIM" -v s="$SLACK" 'BEGIN { exit !(v > l + s) }'; }

# ---- the build and its preflight --------------------------------------------
if build table -c series-table -s print.max_tac_pct=$LIM --formats pdf; then
	ok "series-table at $LIM %: builds (its preflight finds no error)"
else
	bad "series-table at $LIM %: build" "$T/build.log"
fi
"$TP_BIN" -c series-table -s print.max_tac_pct=$LIM preflight >"$T/pf.out" 2>&1
rc=$?
n=$(grep -c ': tac: ' "$T/pf.out")
if [ "$rc" = 0 ] && [ "$n" = 0 ]; then
	ok "series-table at $LIM %: preflight, 0 total-ink findings"
else
	bad "series-table at $LIM %: preflight exit $rc, $n total-ink findings" "$T/pf.out"
fi

# ---- the separations of what it wrote -----------------------------------------
for sheet in fronts layout; do
	f=$T/table/$sheet.pdf
	[ -f "$f" ] || { bad "$sheet.pdf: not written"; continue; }
	m=$(most "$f" 1)
	if [ -z "$m" ]; then
		bad "$sheet.pdf: qpdf, gs or sep_tac.py failed" "$T/gs.log"
	elif over "$m"; then
		bad "$sheet.pdf: $m % at most over the media box at $DPI dpi, over $LIM %"
	else
		ok "$sheet.pdf: $m % at most over the media box at $DPI dpi (limit $LIM %)"
	fi
done

# ---- a stack past the limit, planted, is still found ---------------------------
# plant_defects.py's overprint stack: a 300 % fill under a 100 % K fill
# that overprints, drawn into the same fronts.
: >"$T/def.err"
if [ -f "$T/table/fronts.pdf" ] &&
	qpdf --qdf --object-streams=disable "$T/table/fronts.pdf" "$T/clean.qdf.pdf" &&
	mkdir -p "$T/def" &&
	python3 tests/prepress/plant_defects.py "$T/clean.qdf.pdf" "$T/def" >"$T/def.list" 2>"$T/def.err" &&
	[ -f "$T/def/overprint-stack.pdf" ]; then
	"$TP_BIN" -c series-table -s print.max_tac_pct=$LIM preflight "$T/def/overprint-stack.pdf" >"$T/pf.out" 2>&1
	rc=$?
	m=$(most "$T/def/overprint-stack.pdf" 1)
	if [ "$rc" = 2 ] && grep -q ': tac: .* overprinting ' "$T/pf.out" && [ -n "$m" ] && over "$m"; then
		ok "a planted overprint stack: a tac error, and $m % in the separations"
	else
		bad "a planted overprint stack: preflight exit $rc, separations ${m:-?} %" "$T/pf.out"
	fi
else
	bad "planting an overprint stack" "$T/def.err"
fi

echo "tac-bleed: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
