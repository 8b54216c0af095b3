#!/bin/sh
# Bounded memory: the series board pieces are made,
# checked and written one piece at a time, and a PDF is written page by
# page, so a build's peak memory does not grow with the board.  Each
# format builds board-pieces at two board sizes, the second with four
# times the squares (and pieces); the larger build's peak resident memory
# must stay within a quarter of the smaller one's (before, the PDF's grew
# 3x: 24 to 74 MB, every page held until the file was written).  The
# one-page sheets (fronts, backs, board, a board half) are made one panel
# at a time when they are paneled: with print.max_sheet_mm = PANEL_MM
# both sizes are paneled, the larger into four times the panels of the
# same size (5 x 5 and 10 x 10 for the fronts), and must stay within a
# quarter too (before, laid out whole, the fronts grew 3.1x: 42 to 130
# MB).  No time limit: only memory is measured (GNU time's maximum
# resident set size).
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/memory.sh      (make cli)

set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}
SMALL=${TP_MEMORY_SMALL:-60}
LARGE=$((SMALL * 2))
PANEL_MM=300

HARNESS=tp-memory
. tests/cli/harness.sh

if [ ! -x /usr/bin/time ]; then
	echo "memory.sh: /usr/bin/time (Debian package time) is missing"
	exit 1
fi

# peak SIZE FORMAT [SET...]: builds $SHEET (board-pieces) of a SIZE x SIZE
# board in FORMAT with one worker and prints the peak resident memory in
# KiB.
peak() {
	size=$1 fmt=$2
	shift 2
	dir=$T/out-$fmt-$size
	rm -rf "$dir"
	/usr/bin/time -f %M -o "$T/rss" "$TP_BIN" -q -j 1 -c series -s board.rows="$size" \
		-s board.cols="$size" "$@" --only "${SHEET:-board-pieces}" --formats "$fmt" -o "$dir" build \
		>"$T/build.out" 2>"$T/build.err" || return 1
	tail -n 1 "$T/rss"
}

# c_panels SHEET FORMAT [SET...]: SHEET paneled at both sizes (four times
# the panels at the larger), within a quarter; its PDF is whole.
c_panels() {
	SHEET=$1 fmt=$2
	shift 2
	small=$(peak "$SMALL" "$fmt" -s print.max_sheet_mm="$PANEL_MM" "$@") ||
		{ fail "$SMALL x $SMALL build failed: $(head -c 300 "$T/build.err")"; SHEET=; return; }
	large=$(peak "$LARGE" "$fmt" -s print.max_sheet_mm="$PANEL_MM" "$@") ||
		{ fail "$LARGE x $LARGE build failed: $(head -c 300 "$T/build.err")"; SHEET=; return; }
	# A PDF file stays in memory up to TP_PDF_SPILL_MEM (4 MiB,
	# print/backend/pdf_stream.h) before it moves to a temporary file.
	bound=$((small * 5 / 4))
	[ "$fmt" = pdf ] && bound=$((bound + 4096))
	echo "  $SHEET $fmt: $SMALL x $SMALL $small KiB, $LARGE x $LARGE $large KiB (bound $bound)"
	[ "$large" -le "$bound" ] || fail "peak memory of $SHEET grows with the board: $small KiB at $SMALL x $SMALL, $large KiB at $LARGE x $LARGE (bound $bound)"
	n=$(find "$T/out-$fmt-$LARGE" -name "$SHEET*" | wc -l)
	if [ "$fmt" = pdf ]; then
		[ "$n" -eq 1 ] || fail "$n $SHEET PDF files, want 1"
		if command -v qpdf >/dev/null; then
			qpdf --check "$T/out-pdf-$LARGE/$SHEET.pdf" >"$T/qpdf" 2>&1 ||
				fail "qpdf --check: $(head -c 300 "$T/qpdf")"
		fi
	else
		# A file a panel: more than one at either size.
		[ "$n" -gt 1 ] || fail "$n $SHEET $fmt files at $LARGE x $LARGE: not paneled"
	fi
	SHEET=
}

# c_bounded FORMAT [SET...]
c_bounded() {
	fmt=$1
	shift
	small=$(peak "$SMALL" "$fmt" "$@") || { fail "$SMALL x $SMALL build failed: $(head -c 300 "$T/build.err")"; return; }
	large=$(peak "$LARGE" "$fmt" "$@") || { fail "$LARGE x $LARGE build failed: $(head -c 300 "$T/build.err")"; return; }
	# Four times the pieces; the same memory within a quarter.
	bound=$((small * 5 / 4))
	echo "  $fmt: $SMALL x $SMALL $small KiB, $LARGE x $LARGE $large KiB (bound $bound)"
	[ "$large" -le "$bound" ] || fail "peak memory grows with the board: $small KiB at $SMALL x $SMALL, $large KiB at $LARGE x $LARGE (bound $bound)"
	n=$(find "$T/out-$fmt-$LARGE" -name "board-pieces*" | wc -l)
	pieces=$(((LARGE / 6) * (LARGE / 6)))
	case $fmt in
	pdf) want=1 ;;
	*) want=$pieces ;;
	esac
	[ "$n" -eq "$want" ] || fail "$n board-pieces files at $LARGE x $LARGE, want $want"
	if [ "$fmt" = pdf ] && command -v qpdf >/dev/null; then
		pdf=$T/out-pdf-$LARGE/board-pieces.pdf
		qpdf --check "$pdf" >"$T/qpdf" 2>&1 || fail "qpdf --check: $(head -c 300 "$T/qpdf")"
		got=$(qpdf --show-npages "$pdf" 2>/dev/null)
		[ "$got" = "$pieces" ] || fail "board-pieces.pdf has $got pages, want $pieces"
	fi
}

# c_linear: the fronts PDF unpaneled is one page laid out whole, so its
# memory grows with its tiles (the scene, the preflight's index of it);
# but no more than linearly: four times the tiles may need at most four
# times the memory an 18 x 18 board's build needs beyond its own (before,
# the page's content stream was held whole by libharu and inflated whole
# again by the preflight's read-back: 4.4 times at 60 -> 120).
c_linear() {
	SHEET=fronts
	base=$(peak 18 pdf) || { fail "18 x 18 build failed: $(head -c 300 "$T/build.err")"; SHEET=; return; }
	small=$(peak "$SMALL" pdf) || { fail "$SMALL x $SMALL build failed: $(head -c 300 "$T/build.err")"; SHEET=; return; }
	large=$(peak "$LARGE" pdf) || { fail "$LARGE x $LARGE build failed: $(head -c 300 "$T/build.err")"; SHEET=; return; }
	SHEET=
	bound=$((base + 4 * (small - base)))
	echo "  fronts pdf: 18 x 18 $base KiB, $SMALL x $SMALL $small KiB, $LARGE x $LARGE $large KiB (bound $bound)"
	[ "$large" -le "$bound" ] || fail "fronts PDF memory grows faster than its tiles: $base, $small, $large KiB at 18, $SMALL, $LARGE squares a side (bound $bound)"
	# Its content stream passed through a temporary file (beyond 4 MiB).
	if command -v qpdf >/dev/null; then
		qpdf --check "$T/out-pdf-$LARGE/fronts.pdf" >"$T/qpdf" 2>&1 ||
			fail "qpdf --check: $(head -c 300 "$T/qpdf")"
	fi
}

tcase "memory: board-pieces PDF, written page by page" c_bounded pdf
tcase "memory: board-pieces SVG, one piece at a time" c_bounded svg
tcase "memory: board-pieces DXF, one piece at a time" c_bounded dxf
tcase "memory: board-pieces PNG (72 dpi), one piece at a time" c_bounded png -s print.dpi=72

tcase "memory: fronts PDF, one panel at a time" c_panels fronts pdf
tcase "memory: fronts SVG, one panel at a time" c_panels fronts svg
tcase "memory: fronts DXF, one panel at a time" c_panels fronts dxf
tcase "memory: fronts PNG (72 dpi), one panel at a time" c_panels fronts png -s print.dpi=72
tcase "memory: backs PDF, one panel at a time" c_panels backs pdf
tcase "memory: board PDF, one panel at a time" c_panels board pdf
tcase "memory: board-half-1 PDF, one panel at a time" c_panels board-half-1 pdf
tcase "memory: fronts PDF whole, linear in its tiles" c_linear

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
