#!/bin/sh
# Golden files: small SVG and DXF outputs of each game, kept in
# tests/golden/GAME/ so that a change to what the writers emit shows up as
# a diff in review.
#   TP_BIN=/abs/tilepress sh tests/golden/golden.sh          check (make golden)
#   TP_BIN=/abs/tilepress sh tests/golden/golden.sh update   rewrite (make golden-update)
# After `make golden-update`, read `git diff tests/golden/` before committing:
# every changed line is a change in what a factory receives.
cd "$(dirname "$0")/../.." || exit 1
: "${TP_BIN:?set TP_BIN to the tilepress binary}"
mode=${1:-check}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0

# case NAME "FILES" ARGS...: builds with ARGS into a fresh folder and
# compares (or copies) each of FILES.
case_() {
	name=$1 files=$2
	shift 2
	out=$tmp/$name
	if ! "$TP_BIN" build -q -j 1 --formats svg,dxf -o "$out" "$@" >"$tmp/$name.log" 2>&1; then
		echo "not ok - golden $name: the build failed:"; sed 's/^/    /' "$tmp/$name.log"
		fail=$((fail + 1))
		return
	fi
	mkdir -p "tests/golden/$name"
	for f in $files; do
		gold=tests/golden/$name/$f
		if [ "$mode" = update ]; then
			cp "$out/$f" "$gold" && echo "updated $gold"
		elif [ ! -f "$gold" ]; then
			echo "not ok - golden $name/$f: no golden file (make golden-update, then review it)"
			fail=$((fail + 1))
		elif cmp -s "$out/$f" "$gold"; then
			pass=$((pass + 1))
		else
			echo "not ok - golden $name/$f differs (make golden-update rewrites it for review):"
			diff -u "$gold" "$out/$f" | head -20 | sed 's/^/    /'
			fail=$((fail + 1))
		fi
	done
}

case_ series "board.svg cut-fronts.svg cut-fronts.dxf cut-board-half-1.dxf" \
	-c config/series.ini --set board.rows=6 --set board.cols=6 --only board,cut
case_ vector "cut-tiles.svg cut-tiles.dxf" -c config/vector.ini --only cut
case_ arena "cut-pieces.svg cut-pieces.dxf" -c config/arena.ini --only cut

[ "$mode" = update ] && exit "$fail"
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
