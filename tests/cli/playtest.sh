#!/bin/sh
# The playtest kit (print.layout = playtest): every shipped edition writes
# one playtest.pdf whose pages are exactly A4 or Letter (pdfinfo), in
# DeviceRGB only, front and back pages alternating (page labels), and
# every back box, turned over as print.duplex turns the paper and moved
# back by print.duplex_offset_mm, lies on its front box within 0.1 mm: all
# read from the PDF (tests/cli/playtest_check.py), not from the layout.
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/playtest.sh      (make cli)

set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}

HARNESS=tp-playtest
. tests/cli/harness.sh

# kit DIR PAPER DUPLEX OX OY MIN_BACKED ARGS...: builds the kit into DIR
# with ARGS and checks it; the checker's figures in $T/figures.
kit() {
	d=$1 paper=$2 duplex=$3 ox=$4 oy=$5 min=$6
	shift 6
	run -q "$@" -s print.layout=playtest -s print.paper="$paper" -s print.duplex="$duplex" \
		-s print.duplex_offset_mm="$ox,$oy" -o "$d" build
	expect_ok || return 1
	[ -f "$d/playtest.pdf" ] || { fail "no $d/playtest.pdf"; return 1; }
	n=$(find "$d" -maxdepth 1 -name '*.pdf' | wc -l)
	[ "$n" -eq 1 ] || { fail "$n PDFs at the top of $d, want playtest.pdf alone"; return 1; }
	# pdfinfo: every page's size, exactly the paper's.
	pages=$(pdfinfo "$d/playtest.pdf" | awk '/^Pages:/ { print $2 }')
	case $paper in a4) want="595.276 x 841.89" ;; *) want="612 x 792" ;; esac
	bad=$(pdfinfo -f 1 -l "$pages" "$d/playtest.pdf" | grep '^Page.*size:' | grep -vc "size: *$want pts")
	[ "$bad" -eq 0 ] || { fail "$bad pages not $want pt"; return 1; }
	qpdf --qdf --object-streams=disable "$d/playtest.pdf" "$T/q.pdf" ||
		{ fail "qpdf cannot read $d/playtest.pdf"; return 1; }
	qpdf --json=2 --json-key=pagelabels "$d/playtest.pdf" >"$T/labels.json"
	python3 tests/cli/playtest_check.py "$T/q.pdf" "$T/labels.json" "$paper" "$duplex" "$ox" "$oy" \
		"$min" >"$T/figures" || { fail "$(cat "$T/figures")"; return 1; }
	echo "#   $(cat "$T/figures")"
}

# Every shipped edition, long-edge duplex on A4 (series-blind, with its
# 2.2 m board on panels, is the slowest: 19 s of CPU, 11 of them the
# toner of its 928 pages).
c_every() {
	for ed in series series-table series-hex series-tutorial vector arena arena-hex series-blind; do
		min=1
		[ "$ed" = series-tutorial ] && min=0   # the tutorial has no backs
		kit "$T/$ed" a4 long 0 0 $min -c "$ed" || { fail "$ed: $why"; return; }
	done
}
tcase "every edition: one A4 sRGB playtest.pdf, backs behind their fronts" c_every

# Short-edge duplex on Letter, with an offset: the backs turned over the
# short edge and moved; the checker, told another flip or no offset,
# finds them off (so it measures what it claims).
c_short() {
	kit "$T/short" letter short 1.25 -0.75 50 -c series || return
	python3 tests/cli/playtest_check.py "$T/q.pdf" "$T/labels.json" letter short 0 0 1 >/dev/null &&
		fail "the checker found backs on their fronts without the offset"
	python3 tests/cli/playtest_check.py "$T/q.pdf" "$T/labels.json" letter long 1.25 -0.75 1 >/dev/null &&
		fail "the checker found short-edge backs where long-edge ones go"
}
tcase "print.duplex = short on letter with an offset: backs turned and moved" c_short

c_none() {
	kit "$T/none" a4 none -2 3.5 10 -c arena
}
tcase "print.duplex = none: backs mirrored on their own pages, offset applied" c_none

# The rules booklet's reader's pages and the box's wraps are in the kit:
# tesseract reads every page's title and the booklet's pages (the text
# is outlines: pdftotext finds none), tests/cli/playtest_booklet.py.
c_booklet() {
	kit "$T/booklet" letter short 0.5 0.5 1 -c vector || return
	mkdir -p "$T/ocr"
	python3 tests/cli/playtest_booklet.py "$T/booklet/playtest.pdf" "$T/booklet/manifest/rules.md" \
		"$T/ocr" short >"$T/figures" || { fail "$(cat "$T/figures")"; return; }
	echo "#   $(cat "$T/figures")"
}
tcase "the rules booklet (reader's pages, duplex) and the box's panels are in the kit" c_booklet

# The toner per page the summary gives, against Ghostscript's own
# separation and measure of the PDF (tests/cli/playtest_toner.py): within
# 0.3 percentage points plus 3 % of the value, a plate.  Measured: 0.25
# points at worst on the vector tiles' dark backs (68 % cyan: the edges,
# 4 px a mm antialiased against 300 dpi by pixel centres), 0.42 on the
# arena's tiles (22.45 % yellow against 22.03: 1.9 %, LittleCMS's
# separation against Ghostscript's, through the same profile).
c_toner() {
	run -c arena -s print.layout=playtest -o "$T/toner" build   # (the gate's warnings)
	[ "$rc" -eq 0 ] || { fail "exit $rc: $(errtext)"; return; }
	cp "$OUT" "$T/toner.out"
	pages=$(pdfinfo "$T/toner/playtest.pdf" | awk '/^Pages:/ { print $2 }')
	gs -q -o - -sDEVICE=ink_cov -r300 -c '0 0 .setfilladjust2' -f "$T/toner/playtest.pdf" \
		>"$T/ink_cov" && gs -q -o - -sDEVICE=inkcov -r300 -c '0 0 .setfilladjust2' \
		-f "$T/toner/playtest.pdf" >"$T/inkcov" || { fail "gs"; return; }
	python3 tests/cli/playtest_toner.py "$T/toner.out" "$pages" "$T/ink_cov" "$T/inkcov" 0.3 0.03 \
		>"$T/figures" || { fail "$(cat "$T/figures")"; return; }
	echo "#   $(cat "$T/figures")"
}
tcase "the summary's toner per page agrees with Ghostscript's ink_cov" c_toner

# The summary says how many sheets of paper: half the pages.
c_summary() {
	run -s print.layout=playtest -o "$T/sum" build
	expect_ok || return
	pages=$(pdfinfo "$T/sum/playtest.pdf" | awk '/^Pages:/ { print $2 }')
	grep -q "playtest.pdf .*: $((pages / 2)) sheets of A4 paper" "$OUT" ||
		fail "summary does not say $((pages / 2)) sheets of A4: $(grep playtest "$OUT")"
}
tcase "the summary counts the sheets of paper" c_summary

c_bad_offset() {
	run -s print.layout=playtest -s print.duplex_offset_mm=3 -o "$T/bad" build
	[ "$rc" -eq 2 ] || { fail "exit $rc, want 2"; return; }
	grep -q -- "--set print.duplex_offset_mm.*X,Y" "$ERR" || fail "message: $(errtext)"
	[ ! -e "$T/bad" ] || fail "a folder was made"
	run -s print.layout=playtest -s print.paper=a3 -o "$T/bad" build
	[ "$rc" -eq 2 ] || fail "print.paper = a3: exit $rc, want 2"
}
tcase "a bad offset or paper is refused before anything is written" c_bad_offset

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
