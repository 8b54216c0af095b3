#!/bin/sh
# shellcheck disable=SC2086 # anchors ("row col front corner") are split into fields on purpose
# CLI tests for tilepress, the contracts every game shares: exit codes,
# options, refusal of bad input (exit 2, one clear stderr line, nothing
# written), --set, the build's files, record and summary, I/O failures.
# They run on the default config (config/series.ini); the series edition's
# own rules (Table I, anchors, templates, editions) are in
# tests/games/series/cli.sh, each game's in tests/games/NAME/cli.sh.
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
# Facts of config/series.ini and the fixtures derived from it (the default
# config, which the generic cases below run on).
. tests/games/series/facts.sh

# ---- 1. exit codes and formats ----------------------------------------------

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
	# The games paragraph names every game (it named three of five).
	for gn in $("$TP_BIN" --list games); do
		grep -A2 '^games' "$OUT" | grep -qw -- "$gn" || { fail "--help does not name game $gn"; return; }
	done
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

tcase "rows = abc (not a number)" bad_value rows abc
tcase "rows = 0" bad_value rows 0
tcase "rows = 600000000" bad_value rows 600000000
tcase "tile_mm = 0" bad_value tile_mm 0
tcase "tile_mm = -5" bad_value tile_mm -5

# ---- --set ----------------------------------------------------------------------

tcase "--set without '='" refuse "--set series.pairing" "pairing" -- -s series.pairing
tcase "--set with an unknown section" refuse "--set colours.red=1" "colours" -- -s colours.red=1
tcase "--set with an unknown key" refuse "--set board.rowz=18" "rowz" "did you mean rows" -- -s board.rowz=18

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

# --only a sheet the formats write no file of (a DXF holds die lines only;
# a plate is never a PNG) is refused, not a build of nothing ("wrote 0
# files", exit 0). Whether a sheet has die lines is read from its PDF:
# it names the die lines' spot ink (print.cut_ink) exactly when it has some.
# print.board = wrap, so the board wrap is one of the sheets.
c_only_nothing() {
	for on_s in $("$TP_BIN" -c vector --list sheets); do
		case $on_s in manifest | proof) continue ;; esac
		on_p=$(fresh_dir "only-pdf-$on_s")
		run -c vector build -q -o "$on_p" --only "$on_s" --formats pdf -s print.dpi=72 -s print.board=wrap
		expect_ok || return
		on_cut=$(cat "$on_p"/*.pdf | grep -ac CutContour)
		on_d=$(fresh_dir "only-dxf-$on_s")
		run -c vector build -q -o "$on_d" --only "$on_s" --formats dxf -s print.dpi=72 -s print.board=wrap
		if [ "$on_cut" -gt 0 ]; then
			expect_ok || return
			ls "$on_d" | grep -q '[.]dxf$' || { fail "$on_s: no DXF"; return; }
		else
			[ "$rc" -eq 2 ] || { fail "$on_s: exit $rc, want 2: $(errtext)"; return; }
			one_err_line || return
			err_has "--only $on_s:" "--formats dxf writes no file of $on_s" || return
			only_marker "$on_d" || return
		fi
	done
	build_refuse "writes no file of emboss-fronts" -- -c series-blind --only emboss-fronts --formats png
}
tcase "build --only a sheet its formats write no file of: exit 2, one line, nothing written" c_only_nothing

# Printed text keys (print.job in the slug and contact sheet,
# vector.edition on every tile back) are outlined in DejaVu Sans: a
# character it has no glyph for would print as an empty box, so it is
# refused naming its code point. The font's own charset (fc-query) gives
# the first code point past U+00FF it lacks, and the one before it, which
# it has: the first is refused, the second builds.
c_glyphless() {
	gl_font=$(fc-match -f '%{file}' 'DejaVu Sans')
	set -- $(fc-query --format '%{charset}' "$gl_font" | python3 -c '
import sys
prev = None
for r in sys.stdin.read().split():
	lo, hi = (int(x, 16) for x in (r.split("-") * 2)[:2])
	if prev is not None and lo > prev + 1 and prev + 1 > 255:
		print("%X %X" % (prev + 1, prev))
		break
	prev = hi
')
	[ $# -eq 2 ] || { fail "no gap in the charset of $gl_font"; return; }
	gl_no=$(python3 -c "print(chr(0x$1))") gl_yes=$(python3 -c "print(chr(0x$2))")
	for gl_key in print.job vector.edition; do
		run -c vector -s "$gl_key=A${gl_no}" check
		[ "$rc" -eq 2 ] || { fail "$gl_key with U+$1: exit $rc, want 2"; return; }
		one_err_line || return
		err_has "--set $gl_key=A${gl_no}:" "$gl_key = A${gl_no}:" "U+$(printf %04X 0x$1) has no glyph" || return
		d=$(fresh_dir "glyph-$gl_key")
		run -c vector -s "$gl_key=A${gl_yes}" build -q -o "$d" --only tile-backs --formats svg
		expect_ok || return
	done
}
tcase "a printed text key with a character the font has no glyph for is refused naming it" c_glyphless

# game.name's help (--list keys), the [game] row of docs/config.md and the
# man page's name every game of --list games.
c_game_names() {
	run --list keys
	expect_ok || return
	gn_help=$(grep '^game[.]name' "$OUT")
	gn_doc=$(grep '^| `name` | `series` |' "$ROOT/docs/config.md")
	[ -n "$gn_doc" ] || { fail "no [game] name row in docs/config.md"; return; }
	gn_man=$(grep '^[.]BI name " = series' "$ROOT/man/tilepress.1" | sed 's/\\-/-/g')
	for gn in $("$TP_BIN" --list games); do
		case $gn_help in *"$gn"*) ;; *) fail "game.name's help lacks $gn: $gn_help"; return ;; esac
		case $gn_doc in *"\`$gn\`"*) ;; *) fail "docs/config.md's [game] row lacks $gn"; return ;; esac
		case $gn_man in *"$gn"*) ;; *) fail "man's [game] name lacks $gn"; return ;; esac
	done
}
tcase "game.name's help, docs/config.md and man name every game" c_game_names

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

# TP_TRACE (HACKING.md, "Benchmarks and traces"): a traced build writes the same
# files, and the trace holds the parent's build span, workers of other
# pids, one span per task (each task's own name), and bench/trace_idle.py
# reads it.
c_trace() {
	[ -d "$T/build1" ] || { fail "the first build failed"; return; }
	export TP_TRACE="$T/trace.tsv"
	run build -o "$T/build3" --formats svg -j 2
	unset TP_TRACE
	expect_ok || return
	cp "$OUT" "$T/summary3"
	same_tree "$T/build1" "$T/build3"
	[ -s "$T/trace.tsv" ] || { fail "no trace written"; return; }
	bad=$(awk -F'\t' 'NF != 7 || $4 < $3 || $5 < 0' "$T/trace.tsv" | head -n 2)
	[ -z "$bad" ] || { fail "malformed trace lines: $bad"; return; }
	parent=$(awk -F'\t' '$2 == "build" { print $1 }' "$T/trace.tsv")
	[ "$(echo "$parent" | wc -w)" -eq 1 ] || { fail "want one build span, got pids: $parent"; return; }
	workers=$(awk -F'\t' -v p="$parent" '$2 == "worker" && $1 != p { print $1 }' "$T/trace.tsv" | sort -u | wc -l)
	[ "$workers" -ge 1 ] || { fail "no worker spans"; return; }
	# One task span for each sheet the summary lists with SVG files.
	sheets=$(grep -c '^  [a-z0-9-]* *svg ' "$T/summary3")
	tasks=$(awk -F'\t' '$2 ~ /^task [0-9]+ .* \(svg\)$/' "$T/trace.tsv" | wc -l)
	if [ "$sheets" -lt 1 ] || [ "$tasks" -ne "$sheets" ]; then
		fail "$tasks svg task spans for $sheets sheets with SVG files"
		return
	fi
	python3 "$ROOT/bench/trace_idle.py" "$T/trace.tsv" >"$T/idle.txt" 2>&1
	grep -q "CPU/wall bound" "$T/idle.txt" || fail "trace_idle.py: $(head -c 300 "$T/idle.txt")"
}
tcase "TP_TRACE: a traced -j 2 build writes the same files and its timeline" c_trace

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
	[ "$rc" -eq 2 ] || { fail "exit $rc, want 2 (an -o that cannot be a folder is bad usage); stderr: $(errtext)"; return; }
	one_err_line || return
	err_has "$d/marker" || return
	only_marker "$d"
}
tcase "build -o under a regular file: exit 2, nothing left" c_build_io_file

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
	# The sections as --list keys gives them, in its order, each once.
	secs=$("$TP_BIN" --list keys | cut -f1 | cut -d. -f1 | awk '!seen[$0]++' | paste -sd, - | sed 's/,/, /g')
	[ -n "$secs" ] || { fail "--list keys lists no key"; return; }
	run -s tile_mm=25 check
	[ "$rc" -eq 2 ] || { fail "exit $rc"; return; }
	one_err_line && err_has "$secs"
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

c_unknown_edition() {
	# A name that is no shipped edition is refused naming every one that
	# is, as --list editions lists them (a fixed list in the message went
	# stale as editions were added).
	data=
	[ "$TP_BIN" = "$ROOT/tilepress" ] || data=$ROOT
	( cd "$T" && TILEPRESS_DATA=$data "$TP_BIN" --list editions >"$T/ed.list" ) ||
		{ fail "--list editions"; return; }
	[ -s "$T/ed.list" ] || { fail "--list editions printed nothing"; return; }
	want=$(paste -sd, "$T/ed.list" | sed 's/,/, /g')
	( cd "$T" && TILEPRESS_DATA=$data "$TP_BIN" -c no-such-edition check >"$T/ued.out" 2>"$T/ued.err" )
	ue_rc=$?
	[ "$ue_rc" -eq 2 ] || { fail "exit $ue_rc, want 2"; return; }
	[ "$(wc -l <"$T/ued.err")" -eq 1 ] || { fail "not one line: $(cat "$T/ued.err")"; return; }
	grep -qF "config/no-such-edition.ini" "$T/ued.err" &&
		grep -qF "shipped: $want (tilepress --list editions)" "$T/ued.err" ||
		fail "does not list the shipped editions ($want): $(cat "$T/ued.err")"
}
tcase "-c NAME of no shipped edition names every shipped one (--list editions)" c_unknown_edition

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

# proof.png is the proof's trim box at print.proof_dpi, or print.dpi when
# that is lower, and its thumbnails show the sheets' own colours.
c_proof_preview() {
	for dpis in "90 40 40" "72 100 72"; do
		set -- $dpis
		d=$(empty_dir "preview-$1-$2")
		run build -o "$d" --only proof,fronts,board --formats pdf,png -s print.dpi=$1 -s print.proof_dpi=$2
		expect_ok || return
		tb=$(pdfinfo -box "$d/proof.pdf" | awk '/TrimBox/ { print $4 - $2, $5 - $3 }')
		# shellcheck disable=SC2086
		python3 "$ROOT/tests/prepress/proof_thumbs.py" "$d/proof.png" "$3" $tb \
			"$d/board.png" "$d/fronts.png" >"$d/thumbs.log" 2>&1 ||
			fail "proof.png at print.dpi $1, proof_dpi $2: $(grep -v ' px of the proof$' "$d/thumbs.log" | head -n 3)"
	done
}
tcase "contact sheet: proof.png at print.proof_dpi, showing the sheets" c_proof_preview

# A sheet of die lines alone (cut) shows in proof.png too: its thumbnail
# keeps the die ink (the sheet is that plate) at a visible width, each
# page's die colour found in the contact sheet.
c_proof_die() {
	d=$(empty_dir proof-die)
	run build -o "$d" --only proof,cut --formats pdf,png
	expect_ok || return
	tb=$(pdfinfo -box "$d/proof.pdf" | awk '/TrimBox/ { print $4 - $2, $5 - $3 }')
	# shellcheck disable=SC2086
	python3 "$ROOT/tests/prepress/proof_thumbs.py" "$d/proof.png" 100 $tb "$d"/cut-*.png \
		--share 0.005 >"$d/thumbs.log" 2>&1 ||
		fail "proof.png does not show the cut sheet: $(grep MISSING "$d/thumbs.log" | head -n 2)"
}
tcase "contact sheet: a die-line sheet shows in proof.png" c_proof_die

# print.profile given as a relative path: in the config it is read beside
# the config (from any folder); with --set from the current folder, as
# every file key (pictures, shapes, ICC profiles).  Each folder's copy
# tells which was read: the current folder's has a bleed out of range.
# (The data folder is the tree's, wherever TP_BIN lies.)
c_profile_path() {
	d=$T/profile-path
	mkdir -p "$d/cfg" "$d/here" && cp config/profiles/x4.ini "$d/cfg/mine.ini" &&
		cp "$CFG" "$d/cfg/game.ini" && printf '[print]\nprofile = mine.ini\n' >>"$d/cfg/game.ini" &&
		printf '[print]\nbleed_mm = 99\n' >"$d/here/mine.ini" || { fail "no scratch files"; return; }
	(cd "$d/here" && TILEPRESS_DATA=$ROOT "$TP_BIN" -c "$d/cfg/game.ini" check >"$OUT" 2>"$ERR")
	rc=$?
	# The profile beside the config was read: its marks = off wins over
	# the config's marks = on, and the note names it (nothing else on
	# stderr).
	[ "$rc" -eq 0 ] && [ "$(grep -cv '^tilepress: note: .*print.marks = on: not used, the factory profile (.*/cfg/mine.ini:[0-9]*)' "$ERR")" = 0 ] &&
		grep -q 'cfg/mine.ini' "$ERR" || { fail "the config's profile: exit $rc $(errtext)"; return; }
	(cd "$d/here" && TILEPRESS_DATA=$ROOT "$TP_BIN" -c "$ROOT/$CFG" -s print.profile=mine.ini check >"$OUT" 2>"$ERR")
	rc=$?
	[ "$rc" -eq 2 ] && grep -q '^tilepress: mine.ini:2: .*bleed_mm' "$ERR" ||
		{ fail "--set print.profile=mine.ini did not read the current folder's: exit $rc $(errtext)"; return; }
	(cd / && TILEPRESS_DATA=$ROOT "$TP_BIN" -c "$d/cfg/game.ini" -s print.profile=mine.ini check >"$OUT" 2>"$ERR")
	rc=$?
	[ "$rc" -eq 2 ] && one_err_line && grep -qF -- '--set print.profile=mine.ini' "$ERR" ||
		fail "--set print.profile=mine.ini from / read the config's: exit $rc $(errtext)"
}
tcase "print.profile: a relative path in the config is the config's, with --set the current folder's" c_profile_path

# The factory profile wins over the edition's own [print] keys: x4 says
# marks = off and an edition's marks = on no longer puts crop marks in
# the PDF (86 of 112 x4 files had them); a 1 mm bleed in the edition
# under a 3 mm profile is 3 mm in the PDF.  The build says which key of
# the edition was not used (file and line); --set still overrides.
c_profile_wins() {
	d=$T/profile-wins
	mkdir -p "$d" && sed 's/^bleed_mm = 3/bleed_mm = 1/' "$CFG" >"$d/game.ini" &&
		printf 'profile = x4\n' >>"$d/game.ini" || { fail "setup"; return; }
	grep -q '^bleed_mm = 1' "$d/game.ini" && grep -q '^marks = on' "$d/game.ini" || { fail "setup: keys"; return; }
	bleed_line=$(grep -n '^bleed_mm' "$d/game.ini" | cut -d: -f1)
	marks_line=$(grep -n '^marks' "$d/game.ini" | cut -d: -f1)
	run -c "$d/game.ini" --only fronts --formats pdf -o "$d/out" build
	[ "$rc" -eq 0 ] || { fail "build: exit $rc $(errtext)"; return; }
	grep -q "game.ini:$marks_line: print.marks = on: not used, .*x4.ini:[0-9]*) sets marks = off" "$ERR" &&
		grep -q "game.ini:$bleed_line: print.bleed_mm = 1: not used, .*sets bleed_mm = 3" "$ERR" ||
		{ fail "no note naming the overridden keys: $(errtext)"; return; }
	# No marks: the media box is the bleed box; the bleed is 3 mm.
	pdfinfo -box "$d/out/fronts.pdf" | awk '
		/^MediaBox/ { m = $2 } /^BleedBox/ { b = $2 } /^TrimBox/ { t = $2 }
		END { if (m != b || (t - b) * 25.4 / 72 < 2.99 || (t - b) * 25.4 / 72 > 3.01) exit 1 }' ||
		{ fail "x4 PDF: $(pdfinfo -box "$d/out/fronts.pdf" | grep Box | tr '\n' '|')"; return; }
	# --set overrides the profile: marks again, the media box beyond the bleed.
	run -c "$d/game.ini" -s print.marks=on --only fronts --formats pdf -o "$d/out2" build
	[ "$rc" -eq 0 ] || { fail "build --set print.marks=on: exit $rc $(errtext)"; return; }
	pdfinfo -box "$d/out2/fronts.pdf" | awk '/^MediaBox/ { m = $2 } /^BleedBox/ { b = $2 } END { exit !(m < b) }' ||
		fail "--set print.marks=on: no marks"
}
tcase "print.profile wins over the edition's [print] keys (marks, bleed), and says which; --set overrides it" c_profile_wins

# manifest: the press sheets of a run, per sheet, against the PDFs a build
# writes: each PDF's pages (pdfinfo) times the games, plus the spares
# rounded up; --press in CSV, JSON and text agree; without --press the
# manifest is the game's table alone (what the build writes).
c_press_run() {
	for ed in vector series-table; do
		d=$T/press-$ed
		run -q -c "$ed" -s print.formats=pdf -o "$d" build
		expect_ok || return
		run -c "$ed" manifest --press --games 7 --spares 10 --format csv
		expect_ok || return
		[ "$(head -n 1 "$OUT")" = "sheet,press_sheets_per_game,press_sheets" ] ||
			{ fail "$ed: --press csv header: $(head -n 1 "$OUT")"; return; }
		tail -n +2 "$OUT" >"$T/press.csv"
		[ -s "$T/press.csv" ] || { fail "$ed: no press sheets in manifest --press"; return; }
		while IFS=, read -r sheet per n; do
			[ -f "$d/$sheet.pdf" ] || { fail "$ed: $sheet listed, but the build wrote no $sheet.pdf"; return; }
			pages=$(pdfinfo "$d/$sheet.pdf" | awk '/^Pages:/ { print $2 }')
			want=$(( pages * 7 + (pages * 7 * 10 + 99) / 100 ))
			[ "$per" = "$pages" ] && [ "$n" = "$want" ] ||
				{ fail "$ed: $sheet: manifest says $per a game, $n for 7 + 10 %; the PDF has $pages pages: $want"; return; }
		done <"$T/press.csv"
		# Every PDF the build wrote that a press prints is listed (not
		# the contact sheet, the die lines, the reader's booklet, and
		# the vector pieces: a laser-cutting file).
		for f in "$d"/*.pdf; do
			b=$(basename "$f" .pdf)
			case $ed:$b in *:proof|*:cut|*:rules-pages|vector:pieces) continue ;; esac
			grep -q "^$b," "$T/press.csv" || { fail "$ed: $b.pdf is not in the press sheets"; return; }
		done
		run -c "$ed" manifest --games 7 --spares 10 --format csv
		grep -q "press_sheets" "$OUT" && { fail "$ed: the game's CSV got the press sheets"; return; }
		run -c "$ed" manifest --press --games 7 --spares 10 --format json
		python3 - "$OUT" "$T/press.csv" <<'PY' || { fail "$ed: the JSON's press sheets differ from the CSV's"; return; }
import json, sys
j = json.load(open(sys.argv[1]))
rows = [l.strip().split(",") for l in open(sys.argv[2]) if l.strip()]
got = [[r["sheet"], str(r["per_game"]), str(r["print_run"])] for r in j["sheets"]]
sys.exit(0 if got == rows and j["games"] == 7 and j["spares_pct"] == 10 else 1)
PY
		run -c "$ed" manifest --press --games 7 --spares 10
		while IFS=, read -r sheet per n; do
			grep -Eq "^$sheet +$per +$n\$" "$OUT" || { fail "$ed: text manifest lacks '$sheet $per $n'"; return; }
		done <"$T/press.csv"
	done
}
tcase "manifest: press sheets of a run, from the PDFs' pages and the run size" c_press_run

c_press_refused() {
	run -c vector check --press
	[ "$rc" -eq 2 ] && one_err_line && grep -q -- "--press applies to manifest" "$ERR" ||
		{ fail "check --press: exit $rc: $(errtext)"; return; }
	run -c arena manifest --press --players 3
	[ "$rc" -eq 2 ] && one_err_line || fail "manifest --press --players: exit $rc: $(errtext)"
}
tcase "--press: manifest only, not with --players" c_press_refused

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
