#!/bin/sh
# shellcheck disable=SC2086 # anchors ("row col front corner") are split into fields on purpose
# CLI tests for tilepress: exit codes, output formats, Table I against the
# patent, refusal of bad input (exit 2, one clear stderr line, nothing
# written) and the build's manifest files.
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/cli.sh  (make cli)
#   TP_QUICK=1 ...                                  sanitizer run: skips slow builds
#
# Every expected value is derived from the patent seed, config/series.ini,
# the shipped templates or another tilepress command; only structural
# constants (column names, exit codes) appear below.

set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}
QUICK=${TP_QUICK:-0}
CFG=config/series.ini
SEED=${TP_SEED:-tests/data/series-table1.txt}
TPL_DIR=templates/indicia

HARNESS=tp-cli
. tests/cli/harness.sh

# ---- facts from config/series.ini and the templates -------------------------

# cfgval KEY: the first value of KEY in $CFG, comment and blanks stripped.
cfgval() {
	sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*\([^;]*\).*/\1/p" "$CFG" |
		head -n 1 | sed 's/[[:space:]]*$//'
}

# the anchors of $CFG, one "row col front corner" a line: its anchor lines,
# or, when it has none, the ";anchor = ..." comments naming the anchors the
# tool derives for its board (series.ini), which the cases below check.
cfg_anchors() {
	sed -n 's/^[[:space:];]*anchor[[:space:]]*=[[:space:]]*\([^;]*\).*/\1/p' "$CFG" |
		sed 's/[[:space:]]*$//'
}

ROWS=$(cfgval rows)
COLS=$(cfgval cols)
N_SQUARES=$((ROWS * COLS))
N_ANCHOR_SQUARES=$(cfg_anchors | awk '{ print $1 "," $2 }' | sort -u | wc -l | tr -d ' ')
N_ANCHOR_LINES=$(cfg_anchors | wc -l | tr -d ' ')

# lineof FILE REGEX [NTH]: line number of the NTH (default 1st) match.
lineof() {
	grep -n -e "$2" "$1" | sed -n "${3:-1}p" | cut -d: -f1
}

# derive NAME SED-SCRIPT: $T/NAME.ini is $CFG edited by SED-SCRIPT; prints the path.
derive() {
	sed -e "$2" "$CFG" >"$T/$1.ini"
	echo "$T/$1.ini"
}

# with_anchors NAME ANCHOR...: $CFG with its anchor lines replaced by ANCHORs
# (placed where the first anchor line was); prints the path.
with_anchors() {
	wa_f=$T/$1.ini
	shift
	wa_first=$(lineof "$CFG" '^[[:space:];]*anchor[[:space:]]*=')
	{
		sed -n "1,$((wa_first - 1))p" "$CFG"
		for wa in "$@"; do
			echo "anchor = $wa"
		done
		sed -n "$wa_first,\$p" "$CFG" | grep -v '^[[:space:];]*anchor[[:space:]]*='
	} >"$wa_f"
	echo "$wa_f"
}

# anchor_line FILE N: line of the Nth anchor in FILE
anchor_line() {
	lineof "$1" '^[[:space:]]*anchor[[:space:]]*=' "$2"
}

# append FILE TEXT...: $CFG plus lines at the end; prints the path.
append() {
	ap_f=$T/$1.ini
	shift
	{
		cat "$CFG"
		for ap in "$@"; do
			printf '%s\n' "$ap"
		done
	} >"$ap_f"
	echo "$ap_f"
}

# ---- 1. exit codes and formats ----------------------------------------------

c_check() {
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

c_quiet_both_sides() {
	run -q check
	expect_ok || return
	grep -q 'spanning patch: found' "$OUT" || { fail "'-q check' printed no summary"; return; }
	cp "$OUT" "$T/q1"
	run check -q
	expect_ok || return
	cmp -s "$OUT" "$T/q1" || fail "'-q check' and 'check -q' differ"
	run --quiet check
	expect_ok || return
	cmp -s "$OUT" "$T/q1" || fail "'--quiet check' differs from '-q check'"
}

c_config_both_sides() {
	# a different board, so that we can tell the file was read
	r2=$((ROWS * 2)) c2=$((COLS * 2))
	f=$(derive big "s/^\([[:space:]]*rows[[:space:]]*=[[:space:]]*\)[0-9]*/\1$r2/;s/^\([[:space:]]*cols[[:space:]]*=[[:space:]]*\)[0-9]*/\1$c2/")
	for form in "-c $f check" "check -c $f" "--config $f check" "check --config=$f"; do
		run $form
		expect_ok || { why="$form: $why"; return; }
		grep -q "^board ${r2}x${c2}," "$OUT" || { fail "$form: no 'board ${r2}x${c2}' in the summary"; return; }
		grep -qF "config $f: ok" "$OUT" || { fail "$form: summary does not name $f"; return; }
	done
	run check -s board.rows="$r2" -c "$f"
	expect_ok || return
	grep -q "^board ${r2}x${c2}," "$OUT" || fail "'check -s ... -c FILE': wrong board"
}

c_help() {
	run --help
	expect_ok || return
	grep -q 'usage' "$OUT" || fail "--help prints no usage"
	run -h
	expect_ok || return
	grep -q 'usage' "$OUT" || fail "-h prints no usage"
}

c_version() {
	run --version
	expect_ok || return
	for lib in cairo libharu libpng; do
		grep -q "$lib" "$OUT" || { fail "--version does not mention $lib: $(tr '\n' '|' <"$OUT")"; return; }
	done
	run -V
	expect_ok
}

tcase "check exits 0, finds the spanning patch" c_check
tcase "manifest --format csv: header, 9 fronts + total, sums" c_manifest_csv
tcase "manifest --format json parses; loose + anchors = all" c_manifest_json
tcase "manifest --games 3 --spares 10 scales each kind, rounded up" c_manifest_scaled
tcase "pattern --format csv: header, rows*cols row-major lines, anchors" c_pattern_csv
tcase "pattern (text) grid agrees with the csv" c_pattern_text
tcase "-q before and after the command" c_quiet_both_sides
tcase "-c FILE before and after the command" c_config_both_sides
tcase "--help exits 0" c_help
tcase "--version exits 0, names cairo, libharu, libpng" c_version
tcase "no command: exit 2" expect_usage
tcase "unknown command: exit 2" expect_usage frobnicate
tcase "unknown option: exit 2" expect_usage --frobnicate check
tcase "build -o '' (an empty folder name): exit 2" expect_usage build -o ''
tcase "build --only '' (no sheet): exit 2" expect_usage build --only ''
tcase "a C hex float as a length: refused" refuse "--set print.tile_mm=0x19" "print.tile_mm" "not a length" -- -s print.tile_mm=0x19
tcase "unknown short option: exit 2" expect_usage -Z check
tcase "--format on check: exit 2" expect_usage check --format csv
tcase "--format json on pattern: exit 2" expect_usage pattern --format json
tcase "--games 0: exit 2" expect_usage manifest --games 0
tcase "--spares -1: exit 2" expect_usage manifest --spares -1
tcase "option missing its value: exit 2" expect_usage check -c
tcase "two commands: exit 2" expect_usage check manifest

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

# ---- 3. bad input: exit 2, one line naming where and what, nothing written ----

c_missing() {
	refuse "$T/no-such.ini" "" -- -c "$T/no-such.ini"
}
tcase "config missing" c_missing

c_unreadable_dir() {
	mkdir -p "$T/a-folder.ini"
	refuse "$T/a-folder.ini" "" -- -c "$T/a-folder.ini"
}
tcase "config unreadable (a folder given as the config)" c_unreadable_dir

c_unreadable_perm() {
	f=$T/noperm.ini
	cp "$CFG" "$f"
	chmod 000 "$f"
	refuse "$f" "" -- -c "$f"
}
if [ "$(id -u)" = 0 ]; then
	PASS=$((PASS + 1))
	echo "ok - config unreadable (chmod 000) # SKIP running as root, which reads any file; the folder case covers it"
else
	tcase "config unreadable (chmod 000)" c_unreadable_perm
fi

c_syntax() {
	rl=$(lineof "$CFG" '^[[:space:]]*rows[[:space:]]*=')
	f=$(derive syntax "${rl}a\\
this line has no equals sign")
	refuse "$f:$((rl + 1)):" "" "syntax" -- -c "$f"
}
tcase "config syntax error (a line without '=')" c_syntax

c_binary() {
	f=$T/junk.ini
	{ printf '\000'; head -c 300 /dev/urandom; } >"$f"
	refuse "$f:1:" "" -- -c "$f"
}
tcase "config is binary junk" c_binary

c_unknown_section() {
	f=$(append badsect "[colours]" "red = 1")
	# The header line is where the mistake is.
	refuse "$f:$(lineof "$f" '^\[colours\]'):" "colours" -- -c "$f"
}
tcase "unknown section (with a key)" c_unknown_section

c_unknown_section_empty() {
	# An unknown section is an error even when no key follows it.
	pl=$(lineof "$CFG" '^\[print\]')
	f=$(derive emptysect "${pl}i\\
[colours]")
	refuse "$f:$pl:" "colours" -- -c "$f"
}
tcase "unknown section (empty, no keys)" c_unknown_section_empty

c_unknown_key() {
	# [print] is the last section of the default config
	[ "$(grep '^\[' "$CFG" | tail -n 1)" = "[print]" ] || { fail "fixture assumes [print] is last"; return; }
	f=$(append badkey "tile_mmm = 20")
	refuse "$f:$(lineof "$f" '^tile_mmm'):" "tile_mmm" "did you mean tile_mm" -- -c "$f"
}
tcase "unknown key, with did-you-mean" c_unknown_key

# set_key NAME KEY VALUE: $CFG with KEY's value replaced; prints the path.
set_key() {
	derive "$1" "s/^\([[:space:]]*$2[[:space:]]*=[[:space:]]*\)[^;[:space:]]*\([^;]*\)/\1$3 /"
}

# bad_value KEY VALUE [EXTRA]: a bad value in the file is refused at its line.
bad_value() {
	f=$(set_key "bad-$1-$(echo "$2" | tr -c 'a-z0-9\n-' _)" "$1" "$2")
	grep -q "^[[:space:]]*$1[[:space:]]*=[[:space:]]*$2 " "$f" || { fail "fixture: could not set $1 = $2"; return; }
	refuse "$f:$(lineof "$f" "^[[:space:]]*$1[[:space:]]*="):" "$1" "${3:-}" -- -c "$f"
}

tcase "rows = abc (not a number)" bad_value rows abc
tcase "rows = 0" bad_value rows 0
tcase "rows = 20 (not a multiple of 6, backs on)" bad_value rows 20
tcase "rows = 600000000" bad_value rows 600000000
tcase "cols = 7 (not a multiple of 6, backs on)" bad_value cols 7
tcase "tile_mm = 0" bad_value tile_mm 0
tcase "tile_mm = -5" bad_value tile_mm -5
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

# ---- --set ----------------------------------------------------------------------

tcase "--set without '='" refuse "--set series.pairing" "pairing" -- -s series.pairing
tcase "--set with an unknown section" refuse "--set colours.red=1" "colours" -- -s colours.red=1
tcase "--set with an unknown key" refuse "--set board.rowz=18" "rowz" "did you mean rows" -- -s board.rowz=18
tcase "--set board.rows=20 (not a multiple of 6)" refuse "--set board.rows=20" "rows" -- -s board.rows=20

c_set_one_anchor() {
	# the anchors come from the --set alone, so the message should say so
	refuse "--set series.anchor" "anchor" -- -s "series.anchor=$A1"
}
tcase "--set with a single anchor names the --set" c_set_one_anchor

c_dup_key() {
	rl=$(lineof "$CFG" '^[[:space:]]*rows[[:space:]]*=')
	f=$(derive dupkey "${rl}p")
	refuse "$f:$((rl + 1)):" "rows" -- -c "$f"
}
tcase "duplicate key in a file" c_dup_key


# build_refuse TEXT [ENV=VALUE] -- BUILD-OPTIONS...: a bad build option is
# refused (exit 2, one line naming TEXT) before anything is written.
build_refuse() {
	br_text=$1 br_env=
	shift
	if [ "$1" != -- ]; then
		br_env=$1
		shift
	fi
	shift
	br_dir=$(fresh_dir build-refuse)
	if [ -n "$br_env" ]; then
		env "$br_env" "$TP_BIN" build -o "$br_dir" "$@" >"$OUT" 2>"$ERR"
	else
		"$TP_BIN" build -o "$br_dir" "$@" >"$OUT" 2>"$ERR"
	fi
	rc=$?
	[ "$rc" -eq 2 ] || { fail "exit $rc, want 2; stderr: $(errtext)"; return; }
	one_err_line || return
	err_has "$br_text" || return
	only_marker "$br_dir"
}
tcase "build --formats with an unknown format" build_refuse "gif" -- --formats svg,gif
tcase "build --formats with an empty name" build_refuse "empty name" -- --formats svg,,dxf

# --formats and print.formats read lists alike (one parser): blanks after
# the commas, and the same files as the list without them.
c_formats_blanks() {
	fb_a=$(fresh_dir formats-a)
	fb_b=$(fresh_dir formats-b)
	fb_c=$(fresh_dir formats-c)
	run build -q -o "$fb_a" --only board,cut --formats svg,dxf
	expect_ok || return
	run build -q -o "$fb_b" --only board,cut --formats 'svg, dxf'
	expect_ok || return
	run -s 'print.formats= svg , dxf' build -q -o "$fb_c" --only board,cut
	expect_ok || return
	fb_list=$(cd "$fb_a" && ls | grep -E '[.](svg|dxf)$' | tr '\n' ' ')
	case $fb_list in *.svg*) ;; *) fail "no SVG written: $fb_list"; return ;; esac
	case $fb_list in *.dxf*) ;; *) fail "no DXF written: $fb_list"; return ;; esac
	for fb_d in "$fb_b" "$fb_c"; do
		[ "$(cd "$fb_d" && ls | grep -E '[.](svg|dxf)$' | tr '\n' ' ')" = "$fb_list" ] ||
			{ fail "$fb_d: $(cd "$fb_d" && ls | tr '\n' ' '), want $fb_list"; return; }
		for fb_f in $fb_list; do
			cmp -s "$fb_a/$fb_f" "$fb_d/$fb_f" || { fail "$fb_f differs in $fb_d"; return; }
		done
	done
}
tcase "build --formats 'svg, dxf' and print.formats = svg , dxf: the files of svg,dxf" c_formats_blanks
tcase "build --only with an unknown sheet" build_refuse "no-such-sheet" -- --only no-such-sheet --formats svg
tcase "build with a bad SOURCE_DATE_EPOCH" build_refuse "SOURCE_DATE_EPOCH" SOURCE_DATE_EPOCH=yesterday -- --formats svg

# print.layout = punchboard: its keys are checked when the config is read,
# at the line of the key at fault (or the --set), before any file.
c_punch_refuse() {
	f=$(append "punch-$1" "[print]" "layout = punchboard" "$2")
	refuse "$f:$(wc -l <"$f" | tr -d ' '):" "$3" "$4" -- -c "$f"
}
tcase "punchboard: gutter below two bleeds" c_punch_refuse gutter "gutter_mm = 5" gutter_mm "2 x print.bleed_mm"
tcase "punchboard: no such press sheet" c_punch_refuse sheet "sheet_mm = A9" sheet_mm "SRA3"
tcase "punchboard: press sheet too small for panels" c_punch_refuse small "sheet_mm = 60x60" sheet_mm "panel"
tcase "punchboard: margins leave nothing" c_punch_refuse margin "margin_mm = 160" margin_mm "leave nothing"
tcase "punchboard: a tile larger than the press sheet" refuse "--set print.tile_mm=400" "cannot be imposed" \
	-- -s print.layout=punchboard -s print.tile_mm=400
tcase "punchboard: --level 3 tiles fit no SRA3" refuse "cannot be imposed" "--level" \
	-- -s print.layout=punchboard --level 3

c_punch_build() {
	pb_dir=$(fresh_dir punch)
	rm -f "$pb_dir/marker"
	run -s print.layout=punchboard build -o "$pb_dir" --only manifest,fronts,backs --formats svg
	expect_ok || return
	for pb in fronts-sheet-1.svg fronts-sheet-2.svg backs-sheet-1.svg backs-sheet-2.svg manifest/punch.csv; do
		[ -s "$pb_dir/$pb" ] || { fail "no $pb"; return; }
	done
	[ "$(head -n 1 "$pb_dir/manifest/punch.csv")" = "sheet,side,row,col,x_mm,y_mm" ] ||
		{ fail "punch.csv header: $(head -n 1 "$pb_dir/manifest/punch.csv")"; return; }
	pb_tiles=$(($(wc -l <"$pb_dir/manifest/tiles.csv") - 1))
	pb_rows=$(($(wc -l <"$pb_dir/manifest/punch.csv") - 1))
	[ "$pb_rows" = $((2 * pb_tiles)) ] || fail "punch.csv: $pb_rows placements for $pb_tiles tiles"
}
tcase "punchboard build: press sheets per page, punch.csv" c_punch_build

# ---- 4. --set semantics ---------------------------------------------------------

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

c_set_overrides() {
	r2=$((ROWS * 2))
	run -s "board.rows=$r2" check
	expect_ok || return
	grep -q "^board ${r2}x${COLS}," "$OUT" || fail "--set board.rows=$r2 not applied: $(grep '^board' "$OUT")"
}
tcase "--set overrides a file value" c_set_overrides

# ---- 5. build --------------------------------------------------------------------

MANIFEST_FILES="table1.csv table1.json table1.txt tiles.csv"

c_build() {
	B1=$T/build1
	run build -o "$B1" --formats svg -q
	expect_ok || return
	[ -s "$OUT" ] && { fail "-q build printed: $(head -c 200 "$OUT")"; return; }
	for mf in $MANIFEST_FILES; do
		[ -s "$B1/manifest/$mf" ] || { fail "no $B1/manifest/$mf"; return; }
	done
	hidden=$(find "$B1" -name '.*' | head -n 3)
	[ -z "$hidden" ] || fail "temp files left: $hidden"
}
tcase "build -o DIR --formats svg -q writes the manifest files" c_build

# same_as FILE ARGS...: FILE equals the output of `tilepress ARGS`.
same_as() {
	sa_f=$1
	shift
	[ -f "$sa_f" ] || { fail "no $sa_f"; return; }
	run "$@"
	expect_ok || return
	cmp -s "$sa_f" "$OUT" || fail "$(basename "$sa_f") differs from '$*': $(diff "$OUT" "$sa_f" | head -n 3 | tr '\n' '|')"
}
tcase "build: table1.csv equals manifest --format csv" same_as "$T/build1/manifest/table1.csv" manifest --format csv
tcase "build: tiles.csv equals pattern --format csv" same_as "$T/build1/manifest/tiles.csv" pattern --format csv
tcase "build: table1.json equals manifest --format json" same_as "$T/build1/manifest/table1.json" manifest --format json
tcase "build: table1.txt equals manifest (text)" same_as "$T/build1/manifest/table1.txt" manifest

# same_tree A B: both folders hold the same files, byte for byte.
same_tree() {
	(cd "$1" && find . -type f | sort) >"$T/tree.a"
	(cd "$2" && find . -type f | sort) >"$T/tree.b"
	cmp -s "$T/tree.a" "$T/tree.b" || { fail "file lists differ: $(diff "$T/tree.a" "$T/tree.b" | grep '^[<>]' | head -n 3 | tr '\n' ' ')"; return; }
	[ -s "$T/tree.a" ] || { fail "no files in $1"; return; }
	while read -r st; do
		cmp -s "$1/$st" "$2/$st" || { fail "$st differs between two builds"; return; }
	done <"$T/tree.a"
}

c_build_repeat() {
	[ -d "$T/build1" ] || { fail "the first build failed"; return; }
	run build -o "$T/build2" --formats svg -q
	expect_ok || return
	same_tree "$T/build1" "$T/build2"
}
tcase "two svg builds are byte-identical" c_build_repeat

c_build_rebuild_in_place() {
	[ -d "$T/build2" ] || { fail "the second build failed"; return; }
	cp -R "$T/build2" "$T/build2.copy"
	run build -o "$T/build2" --formats svg -q
	expect_ok || return
	same_tree "$T/build2.copy" "$T/build2"
}
tcase "building again into the same folder gives the same files" c_build_rebuild_in_place

c_build_io_file() {
	d=$(fresh_dir iofile)
	run build -o "$d/marker/sub" --formats svg -q
	[ "$rc" -eq 1 ] || { fail "exit $rc, want 1; stderr: $(errtext)"; return; }
	one_err_line || return
	err_has "$d/marker" || return
	only_marker "$d"
}
tcase "build -o under a regular file: exit 1, nothing left" c_build_io_file

c_build_io_proc() {
	run build -o /proc/self/tilepress-cli-test --formats svg -q
	[ "$rc" -eq 1 ] || { fail "exit $rc, want 1; stderr: $(errtext)"; return; }
	one_err_line
}
tcase "build -o inside /proc: exit 1" c_build_io_proc

c_build_io_efbig() {
	# A file-size limit with SIGXFSZ ignored makes writes fail with EFBIG
	# part-way through the artwork (a full disk fails the same way): exit
	# 1 naming the file, no temporary or staging file, and the folder
	# still holds the earlier build's complete set and its true record.
	[ -d "$T/build1" ] || { fail "no good build to compare with"; return; }
	d=$T/efbig
	cp -R "$T/build1" "$d"
	sh -c 'trap "" XFSZ; ulimit -f 64 || exit 99; exec "$@"' sh \
		"$TP_BIN" build -c config/series-tutorial.ini -o "$d" --formats svg -q >"$OUT" 2>"$ERR"
	rc=$?
	[ "$rc" -ne 99 ] || { fail "cannot set a file-size limit here"; return; }
	[ "$rc" -eq 1 ] || { fail "exit $rc, want 1; stderr: $(errtext)"; return; }
	one_err_line || return
	grep -q "^tilepress: $d/[a-z0-9-]*\\.svg: .*write failed: File too large" "$ERR" ||
		{ fail "the file (in $d) and the reason are not named: $(errtext)"; return; }
	hidden=$(find "$d" -name '.*' | head -n 3)
	[ -z "$hidden" ] || { fail "temp files left: $hidden"; return; }
	same_tree "$T/build1" "$d"
}
tcase "build hitting a write error: exit 1, no partial or temp file" c_build_io_efbig

c_build_backs_off() {
	d=$T/backs-off
	run -s series.backs=off build -o "$d" --formats svg -q
	expect_ok || return
	[ -s "$d/manifest/table1.csv" ] || { fail "no manifest written"; return; }
	b=$(cd "$d" && find . -name 'backs.*' -o -name 'backs-*' | head -n 3)
	[ -z "$b" ] || fail "tutorial build wrote $b"
	[ -z "$(find "$T/build1" -name 'backs.*' 2>/dev/null | head -n 1)" ] && fail "the normal build writes no backs.* either, so this proves nothing"
}
tcase "build -s series.backs=off writes no backs" c_build_backs_off

c_build_full() {
	run build -o "$T/full1" -q
	expect_ok || return
	run build -o "$T/full2" -q
	expect_ok || return
	for ext in pdf png svg; do
		[ -n "$(find "$T/full1" -name "*.$ext" 2>/dev/null | head -n 1)" ] || { fail "no .$ext file"; return; }
	done
	same_tree "$T/full1" "$T/full2"
}
if [ "$QUICK" = 1 ]; then
	PASS=$((PASS + 1))
	echo "ok - full build (pdf, png, svg) twice, byte-identical # SKIP TP_QUICK=1"
else
	tcase "full build (pdf, png, svg) twice, byte-identical" c_build_full
fi

# ---- editions, units, memory ----------------------------------------------

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

c_units() {
	for u in "2cm" "20mm" "0.78740157in" "56.692913pt"; do
		run -s "print.tile_mm=$u" manifest --format json
		expect_ok || return
		grep -q '"tile_mm": 20' "$OUT" || { fail "tile_mm=$u is not 20 mm: $(grep tile_mm "$OUT")"; return; }
	done
}
tcase "lengths with units: cm, mm, in, pt all mean the same 20 mm" c_units

c_bad_units() {
	for v in 3furlong -2cm 0in 20km; do
		run -s "print.tile_mm=$v" check
		[ "$rc" -eq 2 ] || { fail "tile_mm=$v: exit $rc, want 2"; return; }
		one_err_line || return
		err_has "--set print.tile_mm=$v" "print.tile_mm" "" || return
	done
}
tcase "bad units, negative and zero lengths: exit 2" c_bad_units

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
	# proof still does): none of the level-3 boards or tile sheets.
	[ -z "$(find "$d" -name '*.png' ! -name 'templates.png' ! -name 'proof.png' | head -n 1)" ] ||
		fail "level 3 wrote large PNGs without being asked: $(cd "$d" && ls *.png | head -n 3 | tr '\n' ' ')"
}
tcase "level 3 vector set builds in bounded memory, no PNG unless asked" c_level3_memory

# ---- what a new user hits (issue 13) ------------------------------------------

# A Latin-1 job name: refused when read, naming the line, the key and the
# encoding; nothing written.
printf '[print]\njob = caf\351 cr\350me\n' >"$T/latin1.ini"
tcase "a Latin-1 config is refused as not UTF-8, naming the line" \
	refuse "$T/latin1.ini:2" "print.job" "not UTF-8 (Latin-1?)" -- -c "$T/latin1.ini"

# Whatever `check` accepts builds: every shipped config and every config
# of the fuzz corpora that passes check builds with exit 0 (only I/O may
# fail a build after its checks).
c_check_then_build() {
	n=0
	for f in config/*.ini tests/fuzz/corpus/config/*.ini; do
		"$TP_BIN" -q -c "$f" check >/dev/null 2>&1 || continue
		d=$(fresh_dir cb)
		if ! "$TP_BIN" -q -c "$f" build -j 2 -o "$d" --formats pdf,svg,png \
			-s print.dpi=72 >/dev/null 2>"$T/cb.err"; then
			fail "$f passes check but its build fails: $(head -c 300 "$T/cb.err")"
			return
		fi
		n=$((n + 1))
	done
	[ "$n" -ge 5 ] || fail "only $n configs passed check"
}
[ "$QUICK" = 1 ] || tcase "every config check accepts also builds" c_check_then_build

c_stray_word() {
	run -s print.tile_mm=25 mm check
	[ "$rc" -eq 2 ] || { fail "exit $rc, want 2"; return; }
	one_err_line && err_has "stray word 'mm'" "print.tile_mm=25" "quotes"
}
tcase "a stray word after a --set value is named" c_stray_word

c_spares_percent() {
	run manifest --spares 10 --format csv
	expect_ok || return
	cp "$OUT" "$T/sp1"
	run manifest --spares 10% --format csv
	expect_ok || return
	cmp -s "$OUT" "$T/sp1" || fail "--spares 10% differs from --spares 10"
}
tcase "--spares takes a percent sign" c_spares_percent

c_empty_config() {
	: >"$T/empty.ini"
	run -c "$T/empty.ini" check
	[ "$rc" -eq 0 ] || { fail "exit $rc"; return; }
	err_has "$T/empty.ini" "sets no keys" "built-in default"
}
tcase "an empty config warns that it uses only defaults" c_empty_config

c_set_section_hint() {
	run -s tile_mm=25 check
	[ "$rc" -eq 2 ] || { fail "exit $rc"; return; }
	one_err_line && err_has "game, board, print, series, emboss"
}
tcase "--set without a section lists every section of the game" c_set_section_hint

c_bare_edition() {
	# (A binary outside the tree, e.g. build/asan/tilepress, finds the data
	# through TILEPRESS_DATA, as an installed one finds share/tilepress.)
	data=
	[ "$TP_BIN" = "$ROOT/tilepress" ] || data=$ROOT
	# A folder of the same name (an output folder) does not hide it.
	mkdir -p "$T/series-blind"
	( cd "$T" && TILEPRESS_DATA=$data "$TP_BIN" -c series-blind check >"$T/bare.out" 2>&1 ) ||
		{ fail "-c series-blind from another folder: $(head -c 200 "$T/bare.out")"; return; }
	grep -q "config/series-blind.ini: ok" "$T/bare.out" || fail "did not read config/series-blind.ini: $(head -n 1 "$T/bare.out")"
}
tcase "-c series-blind finds the shipped edition from any folder" c_bare_edition

c_relative_template() {
	mkdir -p "$T/rel/sub"
	cp "$TPL_DIR/pips.ini" "$T/rel/sub/mine.ini"
	printf '[series]\nindicia = sub/mine.ini\n' >"$T/rel/c.ini"
	run -c "$T/rel/c.ini" check
	expect_ok || return
	grep -q "indicia pips" "$OUT" || fail "template not read from the config's folder"
	run -c "$T/rel/c.ini" -s series.indicia=nowhere/x.ini check
	[ "$rc" -eq 2 ] || { fail "missing template: exit $rc"; return; }
	err_has "looked in"
}
tcase "a relative template path is read from the config's folder; the error says where it looked" c_relative_template

# empty_dir NAME: a new, empty folder; prints its path.
empty_dir() {
	ed_dir=$T/empty.$1
	rm -rf "$ed_dir"
	mkdir "$ed_dir" && echo "$ed_dir"
}

# The build record, stale files and --clean.
c_build_record() {
	d=$(fresh_dir record)
	run build -o "$d" --formats svg
	[ "$rc" -eq 0 ] || { fail "exit $rc: $(errtext)"; return; }
	# The marker is no build's file: named, and never removed.
	grep -q "did not write: marker" "$ERR" || { fail "marker not named as a stale file: $(errtext)"; return; }
	rec=$d/manifest/build.json
	[ -s "$rec" ] || { fail "no manifest/build.json"; return; }
	python3 - "$d" <<'PY' || fail "build.json does not list every file with its size and SHA-256"
import hashlib, json, os, sys
d = sys.argv[1]
r = json.load(open(os.path.join(d, "manifest/build.json")))
assert r["game"] == "series" and r["tool"].startswith("tilepress ")
assert r["config"]["board.rows"] == "18" and "print.tile_mm" in r["config"]
listed = {f["path"] for f in r["files"]}
on_disk = set()
for root, _, files in os.walk(d):
    for f in files:
        p = os.path.relpath(os.path.join(root, f), d)
        if p not in ("marker", "manifest/build.json"):
            on_disk.add(p)
assert listed == on_disk, (listed ^ on_disk)
for f in r["files"]:
    data = open(os.path.join(d, f["path"]), "rb").read()
    assert len(data) == f["bytes"] and hashlib.sha256(data).hexdigest() == f["sha256"], f["path"]
PY
	# The tutorial edition into the same folder: the standard set's
	# backs are named as files this build did not write.
	run -c config/series-tutorial.ini build -o "$d" --formats svg
	[ "$rc" -eq 0 ] || { fail "tutorial build: exit $rc"; return; }
	grep -q "did not write" "$ERR" && grep -q "backs.svg" "$ERR" ||
		{ fail "no stale-file warning naming backs.svg: $(errtext)"; return; }
	grep -q "holds the set of .*series.ini" "$ERR" || { fail "no warning that it replaces the standard set: $(errtext)"; return; }
	# --clean removes what earlier records list, never the marker.
	run -c config/series-tutorial.ini build --clean -o "$d" --formats svg
	[ "$rc" -eq 0 ] || { fail "--clean build: exit $rc: $(errtext)"; return; }
	[ ! -e "$d/backs.svg" ] || { fail "--clean left backs.svg"; return; }
	[ -e "$d/marker" ] || { fail "--clean removed a file no build wrote"; return; }
	grep -q "did not write: marker (" "$ERR" || fail "after --clean only the marker is stale: $(errtext)"
}
tcase "build record lists every file with size and SHA-256; stale files warned; --clean removes only recorded files" c_build_record

c_summary_lines() {
	d=$(empty_dir summary)
	run build -o "$d" --formats svg --only fronts,board
	expect_ok || return
	head -n 1 "$OUT" | grep -q "^tilepress: wrote [0-9]* files to " || { fail "first line: $(head -n 1 "$OUT")"; return; }
	# The count is every file in the folder, the build record included.
	n=$(find "$d" -type f ! -name '.*' | wc -l | tr -d ' ')
	head -n 1 "$OUT" | grep -q "^tilepress: wrote $n files to " || { fail "counted $(head -n 1 "$OUT"), the folder holds $n"; return; }
	grep -q "^  manifest .*build.json [0-9]" "$OUT" || { fail "manifest line lacks build.json: $(grep '^  manifest' "$OUT")"; return; }
	grep -q "^  fronts  *svg [0-9]" "$OUT" || { fail "no line for fronts: $(cat "$OUT" | tr '\n' '|')"; return; }
	long=$(awk 'length > 200' "$OUT" | head -n 1)
	[ -z "$long" ] || fail "a summary line over 200 characters"
	d=$(empty_dir one)
	run build -o "$d" --only board --formats svg
	expect_ok || return
	# board.svg, index.html and the build record: every file in the folder
	n=$(find "$d" -type f ! -name '.*' | wc -l | tr -d ' ')
	grep -q "wrote $n files to" "$OUT" || fail "board alone: $(head -n 1 "$OUT"), the folder holds $n"
}
tcase "summary: one line per sheet, the count includes build.json" c_summary_lines

c_proof_sheet() {
	d=$(empty_dir proof)
	run build -o "$d" --only proof,fronts,board
	expect_ok || return
	[ -s "$d/proof.pdf" ] && [ -s "$d/proof.png" ] || { fail "no proof.pdf/proof.png"; return; }
	qpdf --check "$d/proof.pdf" >/dev/null 2>&1 || fail "proof.pdf fails qpdf --check"
	pngcheck -q "$d/proof.png" >/dev/null 2>&1 || fail "proof.png fails pngcheck"
}
tcase "contact sheet: proof.pdf and proof.png" c_proof_sheet

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
