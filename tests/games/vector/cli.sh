#!/bin/sh
# CLI tests for the vector tiles (seed 001): the pattern CSV contract, the
# manifest formats and print runs, --only/--formats/--list, byte-identical
# rebuilds, and refusal of every bad input of issue 10 (exit 2, one clear
# stderr line naming file:line or the --set and the key, nothing written).
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/vector.sh
#
# Expected numbers are derived from config/vector.ini (C(n,k) by awk, the
# print run by the rule "n x games plus spares rounded up"); only
# structural constants (column names, exit codes, sheet names) appear here.

set -u
cd "$(dirname "$0")/../../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}
CFG=config/vector.ini

HARNESS=tp-vector
. tests/cli/harness.sh

# ---- facts from config/vector.ini ---------------------------------------------

cfgval() {
	sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*\([^;]*\).*/\1/p" "$CFG" |
		head -n 1 | sed 's/[[:space:]]*$//'
}

binom() {
	awk -v n="$1" -v k="$2" 'BEGIN { v = 1; for (i = 1; i <= k; i++) v = v * (n - k + i) / i; print v }'
}

ROWS=$(cfgval rows)
COLS=$(cfgval cols)
DIRS=$(cfgval directions)
N_DIRS=$(echo "$DIRS" | wc -w | tr -d ' ')
PER_TILE=$(cfgval per_tile)
BLANKS=$(cfgval blanks)
PLAYERS=$(cfgval players)
N_VEC=$(binom "$N_DIRS" "$PER_TILE")

lineof() {
	grep -n -e "$2" "$1" | sed -n "${3:-1}p" | cut -d: -f1
}

derive() {
	sed -e "$2" "$CFG" >"$T/$1.ini"
	echo "$T/$1.ini"
}

# ---- check, pattern ---------------------------------------------------------------

c_check() {
	run -c vector check
	expect_ok || return
	grep -q "^config .*vector.ini: ok$" "$OUT" || fail "no ok line: $(head -c 200 "$OUT")"
	grep -q "tiles: $N_VEC vector + $BLANKS blank + $PLAYERS start + $PLAYERS home = $((ROWS * COLS))" "$OUT" ||
		fail "summary lacks the counts: $(tr '\n' '|' <"$OUT")"
	cp "$OUT" "$T/check.bare"
	run -c "$CFG" check
	expect_ok || return
	sed 1d "$OUT" >"$T/a"
	sed 1d "$T/check.bare" >"$T/b"
	cmp -s "$T/a" "$T/b" || fail "-c vector and -c $CFG differ"
}
tcase "check: -c vector and -c config/vector.ini, the counts in the summary" c_check

# check_pattern_csv FILE DIRS PER_TILE BLANKS PLAYERS ROWS COLS
check_pattern_csv() {
	[ "$(head -n 1 "$1")" = "row,col,kind,player,directions" ] || { fail "header: $(head -n 1 "$1")"; return; }
	awk -F, -v dirs="$2" -v k="$3" -v blanks="$4" -v players="$5" -v rows="$6" -v cols="$7" '
	BEGIN { nd = split(dirs, d, " "); for (i = 1; i <= nd; i++) pos[d[i]] = i }
	NR == 1 { next }
	{
		i = NR - 2
		if ($1 != int(i / cols) + 1 || $2 != i % cols + 1) { print "line " NR ": row/col " $1 "," $2; bad = 1 }
		if (NF != 5) { print "line " NR ": " NF " fields"; bad = 1 }
		n[$3]++
		if ($3 == "start" || $3 == "home") {
			if ($4 !~ /^[0-9]+$/ || $4 < 1 || $4 > players) { print "line " NR ": player " $4; bad = 1 }
			if ($5 != "") { print "line " NR ": directions on a " $3 " tile"; bad = 1 }
			seen[$3 $4]++
		} else if ($3 == "vector") {
			if ($4 != "") { print "line " NR ": player on a vector tile"; bad = 1 }
			m = split($5, v, " ")
			if (m != k) { print "line " NR ": " m " directions"; bad = 1 }
			last = 0
			for (j = 1; j <= m; j++) {
				if (!(v[j] in pos) || pos[v[j]] <= last) { print "line " NR ": " $5 " not in key order"; bad = 1 }
				last = pos[v[j]]
			}
			if (sets[$5]++) { print "line " NR ": set " $5 " repeated"; bad = 1 }
		} else if ($3 == "blank") {
			if ($4 != "" || $5 != "") { print "line " NR ": blank with player or directions"; bad = 1 }
		} else { print "line " NR ": kind " $3; bad = 1 }
	}
	END {
		if (NR - 1 != rows * cols) { print NR - 1 " tiles, want " rows * cols; bad = 1 }
		want = 1; for (i = 1; i <= k; i++) want = want * (nd - k + i) / i
		if (n["vector"] != want) { print n["vector"] " vector tiles, want " want; bad = 1 }
		if (n["blank"] != blanks) { print n["blank"] " blanks, want " blanks; bad = 1 }
		for (p = 1; p <= players; p++)
			if (seen["start" p] != 1 || seen["home" p] != 1) { print "player " p ": start/home missing"; bad = 1 }
		if (n["start"] != players || n["home"] != players) { print "start/home count"; bad = 1 }
		exit bad
	}' "$1" >"$T/awk.out" || fail "pattern csv: $(head -n 3 "$T/awk.out" | tr '\n' '|')"
}

c_pattern_csv() {
	run -c "$CFG" pattern --format csv
	expect_ok || return
	check_pattern_csv "$OUT" "$DIRS" "$PER_TILE" "$BLANKS" "$PLAYERS" "$ROWS" "$COLS"
}
tcase "pattern --format csv: the contract, all C(n,k) sets once" c_pattern_csv

c_pattern_other() {
	# Directions in another order, pairs on 6 x 6, three players, four directions.
	run -c "$CFG" -s "vector.directions=s n w e sw ne se nw" pattern --format csv
	expect_ok || return
	check_pattern_csv "$OUT" "s n w e sw ne se nw" "$PER_TILE" "$BLANKS" "$PLAYERS" "$ROWS" "$COLS"
	[ -z "$why" ] || return
	b=$((36 - $(binom 8 2) - 2 * PLAYERS))
	run -c "$CFG" -s board.rows=6 -s board.cols=6 -s vector.per_tile=2 -s "vector.blanks=$b" pattern --format csv
	expect_ok || return
	check_pattern_csv "$OUT" "$DIRS" 2 "$b" "$PLAYERS" 6 6
	[ -z "$why" ] || return
	b=$((ROWS * COLS - N_VEC - 6))
	run -c "$CFG" -s vector.players=3 -s "vector.blanks=$b" pattern --format csv
	expect_ok || return
	check_pattern_csv "$OUT" "$DIRS" "$PER_TILE" "$b" 3 "$ROWS" "$COLS"
	[ -z "$why" ] || return
	# 5 x 2: a 4 x 4 board of these would wall both homes off with its
	# centre blanks (refused by the rules checks).
	b=$((10 - $(binom 4 2) - 2 * PLAYERS))
	run -c "$CFG" -s "vector.directions=n e s w" -s vector.per_tile=2 -s board.rows=5 -s board.cols=2 -s "vector.blanks=$b" pattern --format csv
	expect_ok || return
	check_pattern_csv "$OUT" "n e s w" 2 "$b" "$PLAYERS" 5 2
}
tcase "pattern csv for other settings (key order, 6x6 pairs, 3 players, 4 directions)" c_pattern_other

c_pattern_json_text() {
	run -c "$CFG" pattern --format json
	expect_ok || return
	python3 -m json.tool "$OUT" >/dev/null 2>&1 || fail "pattern json does not parse"
	run -c "$CFG" pattern
	expect_ok || return
	[ -s "$OUT" ] || fail "pattern text empty"
}
tcase "pattern json parses, text is written" c_pattern_json_text

# ---- manifest ------------------------------------------------------------------------

# run_count N GAMES PCT: N x GAMES plus PCT % of that, rounded up.
run_count() {
	awk -v n="$1" -v g="$2" -v p="$3" 'BEGIN { a = n * g; s = a * p / 100; c = int(s); if (c < s) c++; print a + c }'
}

c_manifest_csv() {
	for gs in "1 0" "3 0" "10 5" "7 12.5"; do
		set -- $gs
		run -c "$CFG" manifest --format csv --games "$1" --spares "$2"
		expect_ok || return
		v=$(run_count "$N_VEC" "$1" "$2")
		bl=$(run_count "$BLANKS" "$1" "$2")
		s=$(run_count "$PLAYERS" "$1" "$2")
		printf 'kind,per_game,print_run\nvector,%s,%s\nblank,%s,%s\nstart,%s,%s\nhome,%s,%s\ntotal,%s,%s\n' \
			"$N_VEC" "$v" "$BLANKS" "$bl" "$PLAYERS" "$s" "$PLAYERS" "$s" \
			"$((ROWS * COLS))" "$((v + bl + 2 * s))" >"$T/want.csv"
		cmp -s "$OUT" "$T/want.csv" || { fail "--games $1 --spares $2: $(tr '\n' '|' <"$OUT")"; return; }
	done
}
tcase "manifest --format csv with --games and --spares" c_manifest_csv

c_manifest_json_text() {
	run -c "$CFG" manifest --format json --games 2 --spares 10
	expect_ok || return
	python3 - "$OUT" "$N_VEC" <<'EOF' || fail "manifest json: $(cat "$T/py.err" 2>/dev/null)"
import json, sys
m = json.load(open(sys.argv[1]))
n = int(sys.argv[2])
assert m["per_game"]["vector"] == n, m["per_game"]
assert len(m["vector_tiles"]) == n
assert len({tuple(t["directions"]) for t in m["vector_tiles"]}) == n
assert m["games"] == 2 and m["spares_pct"] == 10
for k in ("classes_turn90", "classes_turn45"):
    assert 1 <= m["turned_tiles"][k] <= n, m["turned_tiles"]
assert m["turned_tiles"]["classes_turn45"] <= m["turned_tiles"]["classes_turn90"]
EOF
	run -c "$CFG" manifest
	expect_ok || return
	grep -q "turned" "$OUT" || fail "text manifest lacks the turned-tile facts"
}
tcase "manifest json (tiles, turned-tile facts) and text" c_manifest_json_text

c_manifest_players() {
	expect_usage -c "$CFG" manifest --players 2
	[ -z "$why" ] && err_has "--players"
}
tcase "manifest --players is refused with one line" c_manifest_players

# ---- build ------------------------------------------------------------------------------

SHEETS="tiles tile-backs board setup pieces cut board-wrap rules rules-pages box"

c_list_sheets() {
	run --list sheets --game vector
	expect_ok || return
	printf 'manifest\nproof\n' >"$T/want"
	for s in $SHEETS; do echo "$s"; done >>"$T/want"
	cmp -s "$OUT" "$T/want" || fail "sheets: $(tr '\n' ' ' <"$OUT")"
	run --list keys --game vector
	expect_ok || return
	for k in directions per_tile blanks players symbols symbol_pct piece_pct clearance_mm ledge_mm edition; do
		grep -q "^vector\.$k	" "$OUT" || { fail "--list keys lacks vector.$k"; return; }
		grep -q "^$k[[:space:]]*=" "$CFG" || { fail "$CFG lacks $k"; return; }
	done
	run --list inks --game vector
	expect_ok || return
	for i in face vectors marker player1 back board grid ledge; do
		grep -q "^$i	" "$OUT" || { fail "--list inks lacks $i"; return; }
	done
}
tcase "--list sheets/keys/inks --game vector; every key in config/vector.ini" c_list_sheets

c_build_full() {
	d=$(fresh_dir full)
	rm "$d/marker"
	run -c "$CFG" -s print.dpi=72 build -q -o "$d"
	expect_ok || return
	for s in tiles tile-backs board setup; do
		for e in pdf png svg; do
			[ -s "$d/$s.$e" ] || { fail "missing $s.$e"; return; }
		done
	done
	[ -s "$d/pieces.pdf" ] && [ -s "$d/pieces.svg" ] || { fail "missing pieces"; return; }
	[ -e "$d/pieces.png" ] && { fail "pieces is a laser plate: no PNG"; return; }
	[ -s "$d/cut.pdf" ] && [ -s "$d/cut-tiles.svg" ] && [ -s "$d/cut-board.svg" ] || { fail "missing cut"; return; }
	for f in counts.csv counts.json counts.txt tiles.csv; do
		[ -s "$d/manifest/$f" ] || { fail "missing manifest/$f"; return; }
	done
	run -c "$CFG" pattern --format csv
	cmp -s "$OUT" "$d/manifest/tiles.csv" || fail "manifest/tiles.csv differs from pattern --format csv"
	pages=$(pdfinfo "$d/cut.pdf" 2>/dev/null | sed -n 's/^Pages:[[:space:]]*//p')
	[ "$pages" = 2 ] || fail "cut.pdf has $pages pages, want 2 (tiles, board)"
	# A second build into another folder is byte-identical.
	d2=$(fresh_dir full2)
	rm "$d2/marker"
	run -c "$CFG" -s print.dpi=72 build -q -o "$d2"
	expect_ok || return
	diff -r "$d" "$d2" >/dev/null || fail "rebuild differs: $(diff -rq "$d" "$d2" | head -n 3 | tr '\n' '|')"
}
tcase "build: every sheet and manifest file, byte-identical rebuild" c_build_full

c_build_only() {
	d=$(fresh_dir only)
	run -c "$CFG" build -q -o "$d" --only tiles,manifest --formats svg
	expect_ok || return
	got=$(cd "$d" && find . -type f | sort | tr '\n' ' ')
	want="./index.html ./manifest/box.txt ./manifest/build.json ./manifest/counts.csv ./manifest/counts.json ./manifest/counts.txt ./manifest/inks.csv ./manifest/preflight.json ./manifest/preflight.txt ./manifest/rules.md ./manifest/tiles.csv ./marker ./tiles.svg "
	[ "$got" = "$want" ] || fail "--only tiles,manifest --formats svg wrote: $got"
	d=$(fresh_dir only2)
	# the pieces sheet is a plate (vector art, never a PNG): asking for it
	# as PNG alone is refused, not a build of nothing
	run -c "$CFG" build -q -o "$d" --only pieces --formats png
	[ "$rc" -eq 2 ] || { fail "pieces as PNG: exit $rc, want 2: $(errtext)"; return; }
	one_err_line || return
	err_has "--only pieces:" "writes no file of pieces" || return
	[ "$(cd "$d" && ls -A)" = marker ] || fail "pieces as PNG should write nothing: $(ls "$d" | tr '\n' ' ')"
}
tcase "build --only and --formats" c_build_only

c_build_only_bad() {
	d=$(fresh_dir onlybad)
	expect_usage -c "$CFG" build -o "$d" --only tiles,fronts
	[ -z "$why" ] || return
	err_has "fronts" "vector" "tile-backs" || return
	only_marker "$d" || return
	expect_usage -c "$CFG" build -o "$d" --formats svg,tiff
	[ -z "$why" ] || return
	err_has "tiff" && only_marker "$d"
}
tcase "build --only with a series sheet, --formats tiff: exit 2, nothing written" c_build_only_bad

c_build_io() {
	d=$(fresh_dir io)
	run -c "$CFG" build -o "$d/marker/sub" --formats svg -q
	[ "$rc" -eq 2 ] || { fail "exit $rc, want 2 (an -o that cannot be a folder is bad usage); stderr: $(errtext)"; return; }
	one_err_line && only_marker "$d"
}
tcase "build -o under a regular file: exit 2" c_build_io

# ---- bad input ------------------------------------------------------------------------------

# bad_key NAME KEY VALUE [EXTRA]: config/vector.ini with KEY = VALUE is
# refused at that line.
bad_key() {
	f=$(derive "$1" "s|^$2[[:space:]]*=.*|$2 = $3|")
	refuse "$f:$(lineof "$f" "^$2[[:space:]]*="):" "vector.$2" "${4:-}" -- -c "$f"
}

tcase "unknown direction" bad_key dir-unknown directions "n ne e se s sw w up" "'up'"
tcase "repeated direction" bad_key dir-repeat directions "n ne e se s sw w n" "repeated"
tcase "no directions" bad_key dir-none directions "" "allowed"
# per_tile: claim 1's two or more, up to the compass's eight points (1 is
# refused by claim 1's check, so "allowed: 1..8" was untrue).
tcase "per_tile 0" bad_key per0 per_tile 0 "allowed: 2..8"
tcase "per_tile 9" bad_key per9 per_tile 9 "allowed: 2..8"
tcase "per_tile not a number" bad_key perx per_tile three "whole number"
tcase "players 0" bad_key players0 players 0 "1..4"
tcase "players 5 (more than the symbols)" bad_key players5 players 5 "1..4"
tcase "unknown symbol" bad_key sym-unknown symbols "circle triangle" "'triangle'"
tcase "repeated symbol" bad_key sym-repeat symbols "circle circle" "repeated"
tcase "blanks negative" bad_key blanks-neg blanks -1 "allowed"
tcase "piece as big as a tile" bad_key piece100 piece_pct 100 "95"

# The blanks' range is every square of the largest board, written in full
# (it read "0..1.44e+06"): the largest side is what board.rows allows.
c_blanks_range() {
	run -c "$CFG" -s board.rows=0 check
	side=$(sed -n 's/.*allowed: 1\.\.\([0-9]*\)$/\1/p' "$ERR")
	[ -n "$side" ] || { fail "no board.rows range: $(errtext)"; return; }
	refuse "--set vector.blanks=-1" "vector.blanks" "allowed: 0..$((side * side))" -- -c "$CFG" -s vector.blanks=-1
	grep -q 'e+' "$ERR" && fail "a range in exponent notation: $(errtext)"
}
tcase "blanks negative: the range is whole numbers" c_blanks_range

c_per_tile_over_dirs() {
	f=$(derive per-over "s|^directions[[:space:]]*=.*|directions = n e s w|; s|^per_tile[[:space:]]*=.*|per_tile = 5|")
	refuse "$f:$(lineof "$f" '^per_tile'):" "vector.per_tile" "4 directions" -- -c "$f"
}
tcase "per_tile more than the directions" c_per_tile_over_dirs

c_players_over_symbols() {
	f=$(derive pl-over "s|^symbols[[:space:]]*=.*|symbols = square circle|; s|^players[[:space:]]*=.*|players = 3|")
	refuse "$f:$(lineof "$f" '^players'):" "vector.players" "2 symbols" -- -c "$f"
}
tcase "more players than symbols listed" c_players_over_symbols

c_misfit() {
	b=$((BLANKS + 1))
	f=$(derive misfit "s|^blanks[[:space:]]*=.*|blanks = $b|")
	tiles=$((N_VEC + b + 2 * PLAYERS))
	refuse "$f:$(lineof "$f" '^blanks'):" "vector.blanks" \
		"$ROWS x $COLS = $((ROWS * COLS)) squares, but $N_VEC vector + $b blank + $((2 * PLAYERS)) start/home = $tiles tiles" \
		-- -c "$f" || return
	err_has "blanks = $BLANKS" || return
	# per_tile 4 on the seed's board: 70 vector tiles; per_tile = 3 fits.
	v4=$(binom "$N_DIRS" 4)
	refuse "--set vector.per_tile=4" "per_tile" "$v4 vector + $BLANKS blank" -- -c "$CFG" -s vector.per_tile=4 || return
	err_has "per_tile = $PER_TILE" || return
	f=$(derive misfit-rows "s|^rows[[:space:]]*=.*|rows = 9|")
	refuse "$f:$(lineof "$f" '^rows'):" "board.rows" "9 x $COLS" -- -c "$f"
}
tcase "counts that do not fill the board: both sides and what would fit" c_misfit

c_tile_size() {
	for v in 0 -3 1e9 abc 25km; do
		refuse "--set print.tile_mm=$v" "tile_mm" -- -c "$CFG" -s "print.tile_mm=$v" || return
	done
	for v in 6 400; do
		refuse "--set print.tile_mm=$v" "tile_mm" "8 mm to 300 mm" -- -c "$CFG" -s "print.tile_mm=$v" || return
	done
	f=$(derive tile0 "s|^tile_mm[[:space:]]*=.*|tile_mm = -25|")
	refuse "$f:$(lineof "$f" '^tile_mm'):" "tile_mm" -- -c "$f"
}
tcase "non-positive or absurd tile sizes" c_tile_size

c_set_bad() {
	refuse "--set vector.directions=n nn" "directions" "'nn'" -- -c "$CFG" -s "vector.directions=n nn" || return
	refuse "--set vector.symbols=circle,circle" "symbols" "repeated" -- -c "$CFG" -s "vector.symbols=circle,circle" || return
	refuse "--set vector.per_tile=0" "per_tile" -- -c "$CFG" -s vector.per_tile=0 || return
	refuse "--set vector.player=2" "player" "did you mean players" -- -c "$CFG" -s vector.player=2
}
tcase "bad --set values name the --set" c_set_bad

# print.layout = punchboard imposes the tiles sheet: every tile of the
# pattern once a side in manifest/punch.csv, a die rectangle per tile.
c_punchboard() {
	d=$T/punch
	rm -rf "$d"
	run -c "$CFG" -s print.layout=punchboard build -q -o "$d" --formats pdf,svg
	expect_ok || return
	n=$(( $(cfgval rows) * $(cfgval cols) ))
	[ "$(head -n 1 "$d/manifest/punch.csv")" = "sheet,side,row,col,x_mm,y_mm" ] || { fail "punch.csv header"; return; }
	fronts=$(grep -c ',front,' "$d/manifest/punch.csv")
	backs=$(grep -c ',back,' "$d/manifest/punch.csv")
	[ "$fronts" -eq "$n" ] && [ "$backs" -eq "$n" ] || { fail "punch.csv: $fronts fronts, $backs backs, want $n"; return; }
	dups=$(tail -n +2 "$d/manifest/punch.csv" | cut -d, -f2-4 | sort | uniq -d | head -n 1)
	[ -z "$dups" ] || fail "a tile placed twice: $dups"
	qpdf --check "$d/tiles.pdf" >/dev/null 2>&1 || fail "tiles.pdf fails qpdf --check"
}
tcase "punchboard layout: every tile once a side in punch.csv" c_punchboard

# ---- the rules as checks (issue 19) --------------------------------------------------

# Finding 3: a wall of blanks across the board (5 x 16, 20 blanks: the
# issue's example) is refused naming vector.blanks with a board of the same
# squares, which passes; per_tile = 1 is refused (claim 1: two or more).
c_play_wall() {
	refuse "--set vector.blanks=20" "vector.blanks = 20" "cut player" -- -c "$CFG" \
		-s board.rows=5 -s board.cols=16 -s vector.blanks=20
	[ -z "$why" ] || return
	r=$(sed -n 's/.*use board.rows = \([0-9]*\) with board.cols = \([0-9]*\).*/\1 \2/p' "$T/check.err")
	set -- $r
	[ $# -eq 2 ] && [ $(($1 * $2)) -eq 80 ] || { fail "no board of 80 squares offered: $(cat "$T/check.err")"; return; }
	run -c "$CFG" -s board.rows="$1" -s board.cols="$2" -s vector.blanks=20 check
	expect_ok
}
tcase "rules: blanks that wall a home off are refused with a board that plays" c_play_wall

# vector.blanks_placed = players (the seed's "arbitrarily placed" blanks):
# check says the players lay them and warns that they can wall in a start
# or home tile; the 5 x 16 board whose centre blanks wall players off
# plays when the players lay them; simulate is deterministic and names
# the variation; the set-up sheet draws no blank; both layouts build with
# a clean preflight.
c_blanks_players() {
	run -c "$CFG" -s vector.blanks_placed=players check
	[ "$rc" -eq 0 ] || { fail "exit $rc: $(errtext)"; return; }
	grep -q "^blanks: $(cfgval blanks), laid by the players" "$OUT" || { fail "check: $(grep '^blanks' "$OUT")"; return; }
	grep -q "vector.blanks_placed = players: the $(cfgval blanks) blanks can wall in player" "$ERR" ||
		{ fail "no wall warning: $(errtext)"; return; }
	run -c "$CFG" -s vector.blanks_placed=players -s board.rows=5 -s board.cols=16 -s vector.blanks=20 check
	[ "$rc" -eq 0 ] || { fail "exit $rc: $(errtext)"; return; }
	run -c "$CFG" -s vector.blanks_placed=players simulate --games 30 --seed 4 --format json
	[ "$rc" -eq 0 ] || { fail "exit $rc: $(errtext)"; return; }
	cp "$OUT" "$T/bp1"
	run -c "$CFG" -s vector.blanks_placed=players simulate --games 30 --seed 4 --format json
	cmp -s "$OUT" "$T/bp1" || { fail "the same seed gave other games"; return; }
	grep -q '"blanks_placed": "players"' "$OUT" || { fail "json: $(head -c 200 "$OUT")"; return; }
	run -c "$CFG" -s vector.blanks_placed=players simulate --games 3 --seed 4
	grep -q "the blanks laid by the players" "$OUT" || { fail "text: $(head -n 1 "$OUT")"; return; }
	for layout in gang punchboard; do
		d=$(fresh_dir "bp$layout")
		run -c "$CFG" -s vector.blanks_placed=players -s print.layout=$layout build -q -o "$d"
		[ "$rc" -eq 0 ] || { fail "exit $rc: $(errtext)"; return; }
		head -n 1 "$d/manifest/preflight.txt" | grep -q ' 0 errors, 0 warnings$' ||
			{ fail "$layout: $(head -n 1 "$d/manifest/preflight.txt")"; return; }
	done
	d=$(fresh_dir bpsetup)
	run -c "$CFG" -s vector.blanks_placed=players build -q -o "$d" --only setup --formats svg
	[ "$rc" -eq 0 ] || { fail "exit $rc: $(errtext)"; return; }
	d2=$(fresh_dir bpsetup2)
	run -c "$CFG" build -q -o "$d2" --only setup --formats svg
	[ "$rc" -eq 0 ] || { fail "exit $rc: $(errtext)"; return; }
	cmp -s "$d/setup.svg" "$d2/setup.svg" && fail "the set-up sheet is the same with the blanks laid by the players"
}
tcase "vector.blanks_placed = players: check, refusal lifted, simulate, set-up, builds" c_blanks_players

c_play_per_tile() {
	b=$((ROWS * COLS - $(binom 8 1) - 2 * PLAYERS))
	refuse "--set vector.per_tile=1" "vector.per_tile = 1" "two or more" -- -c "$CFG" \
		-s vector.per_tile=1 -s vector.blanks=$b
	[ -z "$why" ] || return
	b2=$((ROWS * COLS - $(binom 8 2) - 2 * PLAYERS))
	err_has "use vector.per_tile = 2 with vector.blanks = $b2" || return
	# Accepted; few of its games end (two vectors a tile leave few routes),
	# which check says, offering more vectors a tile (c_finish_warning).
	run -c "$CFG" -s vector.per_tile=2 -s vector.blanks=$b2 check
	[ "$rc" -eq 0 ] || { fail "per_tile = 2: exit $rc: $(errtext)"; return; }
	[ "$(grep -cv "random games" "$ERR")" -eq 0 ] || fail "per_tile = 2: $(errtext)"
}
tcase "rules: per_tile = 1 refused (two or more indicia a tile)" c_play_per_tile

c_play_dirs() {
	b=$((ROWS * COLS - 1 - 2 * PLAYERS))
	refuse "--set vector.directions=n s" "vector.directions = n s" "reach home" -- -c "$CFG" \
		-s "vector.directions=n s" -s vector.per_tile=2 -s vector.blanks=$b
}
tcase "rules: directions that never lead home are refused" c_play_dirs

# ---- simulate ---------------------------------------------------------------------------

c_simulate() {
	for stuck in pass lose; do
		run -c "$CFG" -s vector.stuck=$stuck simulate --games 100 --seed 9 --format json
		expect_ok || return
		cp "$OUT" "$T/vsim"
		run -c "$CFG" -s vector.stuck=$stuck simulate --games 100 --seed 9 --format json
		cmp -s "$OUT" "$T/vsim" || { fail "$stuck: the same seed gave other games"; return; }
		python3 - "$OUT" "$stuck" "$PLAYERS" <<'PY' || { fail "$stuck: json does not add up"; return; }
import json, sys
d = json.load(open(sys.argv[1]))
assert d["stuck"] == sys.argv[2] and d["players"] == int(sys.argv[3]) == len(d["seats"])
assert d["won"] == sum(s["wins"] for s in d["seats"])
assert d["won"] + d["unfinished"] == d["games"] == 100
assert d["first_move_stalls"] <= d["stuck_games"] <= d["stuck_turns"]
PY
	done
	run -c "$CFG" simulate --games 50 --format csv --strategy greedy,random
	expect_ok || return
	head -n 3 "$OUT" | tr '\n' ' ' | grep -q "^seat,strategy,wins 1,greedy,[0-9]* 2,random,[0-9]*" ||
		fail "csv: $(head -n 3 "$OUT" | tr '\n' ' ')"
	expect_usage -c "$CFG" simulate --players 3
}
tcase "simulate: deterministic per seed, both stuck rules, csv and json" c_simulate

# won GAMES ARGS...: games with a winner of GAMES random games (seed 1).
won() {
	g=$1
	shift
	"$TP_BIN" -c "$CFG" "$@" simulate --games "$g" --seed 1 --strategy random --format json |
		python3 -c 'import json, sys; print(json.load(sys.stdin)["won"])'
}

# A large board whose centre is blanks passes the route check but few of
# its games end: check warns with the figure, and offers the smallest
# near-square board of the same tiles on which half do; both figures are
# what simulate gives for the same games.  The seed's board does not warn.
c_finish_warning() {
	run -c "$CFG" check
	expect_ok || return
	grep -q "random games" "$ERR" && { fail "the seed's board warns: $(head -c 300 "$ERR")"; return; }
	side=$((ROWS + 5))
	b=$((side * side - N_VEC - 2 * PLAYERS))
	run -c "$CFG" -s board.rows=$side -s board.cols=$side -s vector.blanks=$b check
	[ "$rc" -eq 0 ] || { fail "check exit $rc: $(head -c 300 "$ERR")"; return; }
	line=$(grep "random games" "$ERR") || { fail "no warning on $side x $side: $(head -c 300 "$OUT")"; return; }
	set -- $(echo "$line" | sed -n 's/.*: \([0-9]*\) of \([0-9]*\) random games.* on \([0-9]*\) x \([0-9]*\) with vector.blanks = \([0-9]*\), \([0-9]*\) do$/\1 \2 \3 \4 \5 \6/p')
	[ $# -eq 6 ] || { fail "warning not as documented: $line"; return; }
	[ $((2 * $1)) -lt "$2" ] || fail "warns though $1 of $2 end"
	[ "$(won "$2" -s board.rows=$side -s board.cols=$side -s vector.blanks=$b)" = "$1" ] ||
		fail "the warning's $1 is not what simulate gives"
	[ $(($3 * $4)) -eq $((N_VEC + 2 * PLAYERS + $5)) ] || fail "offered $3 x $4 with $5 blanks does not fill"
	[ "$(won "$2" -s board.rows=$3 -s board.cols=$4 -s vector.blanks=$5)" = "$6" ] ||
		fail "the offer's $6 is not what simulate gives"
	[ $((2 * $6)) -ge "$2" ] || fail "the offer ends only $6 of $2"
	run -c "$CFG" -s board.rows=$3 -s board.cols=$4 -s vector.blanks=$5 check
	expect_ok || return
	grep -q "random games" "$ERR" && { fail "the offered board warns too: $(head -c 300 "$ERR")"; return; }
	# Two vectors a tile end few games on any board: more vectors are offered.
	b2=$((ROWS * COLS - $(binom "$N_DIRS" 2) - 2 * PLAYERS))
	w2=$(won 40 -s vector.per_tile=2 -s vector.blanks=$b2)
	run -c "$CFG" -s vector.per_tile=2 -s vector.blanks=$b2 check
	if [ $((2 * w2)) -ge 40 ]; then
		grep -q "random games" "$ERR" && fail "per_tile = 2 ends $w2 of 40 but warns"
		return
	fi
	line=$(grep "random games" "$ERR") || { fail "per_tile = 2 ends $w2 of 40, no warning"; return; }
	set -- $(echo "$line" | sed -n 's/.*vector.per_tile = 2: \([0-9]*\) of \([0-9]*\) random games.* with vector.per_tile = \([0-9]*\) and vector.blanks = \([0-9]*\), \([0-9]*\) do$/\1 \2 \3 \4 \5/p')
	[ $# -eq 5 ] || { fail "per_tile = 2: warning not as documented: $line"; return; }
	[ "$(won "$2" -s vector.per_tile=$3 -s vector.blanks=$4)" = "$5" ] && [ $((2 * $5)) -ge "$2" ] ||
		fail "per_tile = 2: the offer's $5 is not what simulate gives, or under half"
}
tcase "check: a board few of whose random games end warns, with one that does" c_finish_warning

# won_or GAMES ARGS...: as won, or -1 when simulate refuses the rules.
won_or() {
	g=$1
	shift
	wj=$("$TP_BIN" -c "$CFG" "$@" simulate --games "$g" --seed 1 --strategy random --format json 2>/dev/null) ||
		{ echo -1; return; }
	echo "$wj" | python3 -c 'import json, sys; print(json.load(sys.stdin)["won"])'
}

# The offer of more vectors a tile tries every per_tile above the
# configured one whose tiles fit the board, not only those up to the
# first that does not: C(n, k) falls again past n / 2.  The case: a long
# board of the seed's tiles, 3 rows and one column more than they need
# (no smaller near-square board holds them), on which few games end.
# Which per_tile is offered, if any, is computed here from simulate: the
# first that fits and ends at least half the games.
c_finish_tiles() {
	rows=3
	cols=$(((N_VEC + 2 * PLAYERS + rows - 1) / rows + 1))
	area=$((rows * cols))
	b=$((area - N_VEC - 2 * PLAYERS))
	w=$(won_or 40 -s board.rows=$rows -s board.cols=$cols -s vector.blanks=$b)
	run -c "$CFG" -s board.rows=$rows -s board.cols=$cols -s vector.blanks=$b check
	[ "$rc" -eq 0 ] || { fail "$rows x $cols: exit $rc: $(errtext)"; return; }
	line=$(grep "random games" "$ERR")
	if [ $((2 * w)) -ge 40 ]; then
		[ -z "$line" ] || { fail "$rows x $cols ends $w of 40 but warns: $line"; return; }
		fail "$rows x $cols ends $w of 40: no warning to test; pick a board on which fewer end"
		return
	fi
	[ -n "$line" ] || { fail "$rows x $cols ends $w of 40, no warning"; return; }
	case $line in *" x "*" with vector.blanks = "*)
		fail "$rows x $cols: a board is offered, so the per_tile offer is not tested: $line"; return ;;
	esac
	want=; want_b=; want_w=
	k=$((PER_TILE + 1))
	while [ "$k" -le "$N_DIRS" ] && [ -z "$want" ]; do
		kb=$((area - $(binom "$N_DIRS" "$k") - 2 * PLAYERS))
		if [ "$kb" -ge 0 ]; then
			kw=$(won_or 40 -s board.rows=$rows -s board.cols=$cols -s vector.per_tile=$k -s vector.blanks=$kb)
			[ $((2 * kw)) -ge 40 ] && { want=$k; want_b=$kb; want_w=$kw; }
		fi
		k=$((k + 1))
	done
	if [ -z "$want" ]; then
		case $line in *"no smaller board of these tiles does better") ;;
		*) fail "no per_tile ends half on $rows x $cols, yet: $line" ;; esac
		return
	fi
	case $line in
	*"vector.per_tile = $PER_TILE: $w of 40 random games on the $rows x $cols board"*"; with vector.per_tile = $want and vector.blanks = $want_b, $want_w do") ;;
	*) fail "want the offer per_tile = $want with $want_b blanks ($want_w of 40 end), got: $line" ;;
	esac
}
tcase "check: the offer of more vectors a tile tries every per_tile that fits" c_finish_tiles

# The largest press sheet print.sheet_mm allows builds: its PDF page is
# that many mm (it was refused at write time, 5080 mm being a hair over
# 14,400 pt in floating point, after check had passed).
c_largest_sheet() {
	run -c "$CFG" -s print.layout=punchboard -s print.sheet_mm=1x1 check
	max=$(sed -n 's/.*each side must be [0-9.]* to \([0-9.]*\) mm$/\1/p' "$ERR")
	[ -n "$max" ] || { fail "no sheet range: $(errtext)"; return; }
	d=$(fresh_dir bigsheet)
	run -c "$CFG" build -q -o "$d" --only tiles --formats pdf -s print.layout=punchboard -s "print.sheet_mm=${max}x$max"
	[ "$rc" -eq 0 ] || { fail "sheet_mm = ${max}x$max: build exit $rc: $(errtext)"; return; }
	box=$(pdfinfo -box "$d/tiles.pdf" | sed -n 's/^MediaBox: *//p')
	echo "$box" | awk -v want="$max" '{ w = ($3 - $1) * 25.4 / 72; h = ($4 - $2) * 25.4 / 72;
		exit !(w > want - 0.01 && w < want + 0.01 && h > want - 0.01 && h < want + 0.01) }' ||
		fail "MediaBox $box is not $max mm square"
}
tcase "punchboard: the largest press sheet allowed builds, its page that size" c_largest_sheet

# A misfit's offer of another per_tile "with N blanks" is one on which
# half of the finish warning's 40 random games have a winner, whenever any
# per_tile that fills the board with blanks has that: 1 player on the seed
# board was offered per_tile = 2 with 34 blanks, on which none end. Every
# candidate (2..directions, blanks filling the board) is played by
# simulate; the offer applied checks without the warning.
won40() {
	run -c "$CFG" -s vector.players="$1" -s vector.per_tile="$2" -s vector.blanks="$3" \
		simulate --strategy random --games 40 --format csv
	[ "$rc" -eq 0 ] || { echo -1; return; }
	awk -F, '$1 == "unfinished" { print 40 - $3 }' "$OUT"
}
c_offer_ends() {
	for oe_p in 1 3; do
		run -c "$CFG" -s vector.players=$oe_p check
		oe_k=$(sed -n 's/.*per_tile = \([0-9]*\) with \([0-9]*\) blanks*$/\1/p' "$ERR")
		oe_b=$(sed -n 's/.*per_tile = \([0-9]*\) with \([0-9]*\) blanks*$/\2/p' "$ERR")
		[ -n "$oe_k" ] || continue
		oe_any=0 oe_k2=2
		while [ "$oe_k2" -le "$N_DIRS" ]; do
			oe_b2=$((ROWS * COLS - 2 * oe_p - $(binom "$N_DIRS" "$oe_k2")))
			if [ "$oe_k2" -ne "$PER_TILE" ] && [ "$oe_b2" -ge 0 ] &&
				[ "$(won40 $oe_p $oe_k2 $oe_b2)" -ge 20 ]; then
				oe_any=1
			fi
			oe_k2=$((oe_k2 + 1))
		done
		oe_won=$(won40 $oe_p "$oe_k" "$oe_b")
		if [ "$oe_any" -eq 1 ] && [ "$oe_won" -lt 20 ]; then
			fail "players $oe_p: offered per_tile = $oe_k with $oe_b blanks ends $oe_won of 40"
			return
		fi
		run -c "$CFG" -s vector.players=$oe_p -s vector.per_tile="$oe_k" -s vector.blanks="$oe_b" check
		[ "$rc" -eq 0 ] || { fail "the offer is refused: $(errtext)"; return; }
		[ "$oe_any" -eq 0 ] || ! grep -q 'warning' "$ERR" || { fail "the offer warns: $(errtext)"; return; }
		oe_tested=1
	done
	[ -n "${oe_tested:-}" ] || fail "no misfit offered a per_tile with blanks: nothing tested"
}
tcase "a misfit's per_tile offer with blanks is one whose games end, when one is" c_offer_ends

# The pieces stand apart: a pieces page larger than print.max_sheet_mm
# puts them whole onto pages of that size (3 players, 100 mm tiles: the
# 300 mm page was split evenly through the middle piece and the build
# failed its preflight after check had passed). The page size and the die
# entities are read from a build without the limit; a piece too large for
# any page is refused at check naming the key.
c_pieces_pages() {
	pp_args="-s vector.players=3 -s vector.blanks=2 -s print.tile_mm=100"
	d=$(fresh_dir pp-ref)
	run -c "$CFG" $pp_args build -q -o "$d" --only pieces --formats pdf,dxf
	expect_ok || return
	pp_n=$(grep -c -x 'CIRCLE\|LWPOLYLINE\|POLYLINE\|LINE' "$d/pieces.dxf")
	pp_lim=$(pdfinfo "$d/pieces.pdf" | awk '/^Page size/ { m = $3 > $5 ? $3 : $5; print int(m * 25.4 / 72) - 1 }')
	d=$(fresh_dir pp-small)
	run -c "$CFG" $pp_args -s print.max_sheet_mm="$pp_lim" build -q -o "$d" --only pieces,manifest --formats pdf,dxf
	expect_ok || return
	head -n 1 "$d/manifest/preflight.txt" | grep -q ' 0 errors' || { fail "preflight: $(head -n 1 "$d/manifest/preflight.txt")"; return; }
	pp_got=$(cat "$d"/pieces*.dxf | grep -c -x 'CIRCLE\|LWPOLYLINE\|POLYLINE\|LINE')
	[ "$pp_got" -eq "$pp_n" ] || { fail "$pp_got die entities on the pages, $pp_n without the limit"; return; }
	run -c "$CFG" $pp_args -s print.max_sheet_mm=100 check
	[ "$rc" -eq 2 ] || { fail "a piece larger than a 100 mm page: exit $rc, want 2"; return; }
	one_err_line || return
	err_has "--set print.max_sheet_mm=100:" "sheet pieces cannot be laid out" || return
}
tcase "pieces larger together than print.max_sheet_mm go whole onto pages of that size" c_pieces_pages

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
