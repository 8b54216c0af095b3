#!/bin/sh
# check is the build's judge: whatever check accepts, the build writes.
# Non-finite numbers in a pictures file, a template name that is not
# UTF-8 text, more templates in the data folder than a build reads, and
# print.max_files counting every file a build writes are refused by
# check (exit 2, one line naming the place) as by the build, before
# anything is written.  Figures are computed here (the files a build
# writes are counted), none hard-coded.
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/judge.sh      (make cli)

set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}
HARNESS=tp-judge
. tests/cli/harness.sh

# both_refuse WHAT ARGS...: check and a build with ARGS exit 2 with one
# line containing WHAT, and the build writes nothing.
both_refuse() {
	br_what=$1
	shift
	run "$@" check
	[ "$rc" -eq 2 ] || { fail "check: exit $rc, want 2: $(errtext)"; return 1; }
	one_err_line && err_has "$br_what" || return 1
	d=$T/refused
	rm -rf "$d"
	run "$@" build -o "$d" --formats svg -s print.dpi=72
	[ "$rc" -eq 2 ] || { fail "build: exit $rc, want 2: $(errtext)"; return 1; }
	one_err_line && err_has "$br_what" || return 1
	[ ! -e "$d" ] || { fail "the refused build wrote $d"; return 1; }
}

c_nan_pictures() {
	p=$T/nan-fruit.ini
	# The first circle of the shipped fruit made not-a-number.
	awk '!done && /^circle *=/ { print "circle = nan nan nan"; done = 1; next } { print }' \
		templates/pictures/fruit.ini >"$p"
	line=$(grep -n '^circle = nan' "$p" | cut -d: -f1)
	both_refuse "$p:$line:" -c arena -s arena.marking=pictures -s "arena.pictures=$p" || return
	sed -i "${line}s/.*/circle = 5 5 inf/" "$p"
	both_refuse "$p:$line:" -c arena -s arena.marking=pictures -s "arena.pictures=$p"
}
tcase "a pictures file with circle = nan nan nan (or inf): check and build exit 2 naming file:line" c_nan_pictures

c_nan_keys() {
	for set in print.bleed_mm=nan print.dpi=inf print.tile_mm=-nan; do
		both_refuse "${set%%=*}" -s "$set" || return
	done
}
tcase "non-finite numbers in config keys: check and build exit 2 naming the key" c_nan_keys

c_latin1_template() {
	t=$T/latin1.ini
	# "Café" in Latin-1: one byte 0xE9, not UTF-8.
	sed 's/^name = .*/name = Caf\xe9/' templates/indicia/spiral-cw.ini >"$t"
	grep -aq "$(printf 'Caf\351')" "$t" || { fail "could not write the Latin-1 name"; return; }
	line=$(grep -an '^name = ' "$t" | cut -d: -f1)
	both_refuse "$t:$line:" -s "series.indicia=$t"
}
tcase "a template name in Latin-1 (not UTF-8): check and build exit 2 naming file:line" c_latin1_template

c_many_templates() {
	dd=$T/data
	mkdir -p "$dd/templates"
	cp -r templates/. "$dd/templates/"
	n=$(ls "$dd/templates/indicia" | wc -l)
	i=0
	while [ $((n + i)) -le 256 ]; do
		sed "s/^name = .*/name = copy-$i/" templates/indicia/spiral-cw.ini >"$dd/templates/indicia/copy-$i.ini"
		i=$((i + 1))
	done
	[ "$(ls "$dd/templates/indicia" | wc -l)" -eq 257 ] || { fail "not 257 templates"; return; }
	TILEPRESS_DATA=$dd both_refuse "more than 256 templates" -c "$ROOT/config/series.ini" || return
	# --only a sheet that does not read them: no refusal.
	TILEPRESS_DATA=$dd run -c "$ROOT/config/series.ini" build -o "$T/few" --only board --formats svg -q
	[ "$rc" -eq 0 ] || fail "--only board with 257 templates: exit $rc: $(errtext)"
}
tcase "more than 256 templates in the data folder: check exits 2 as the build does" c_many_templates

c_max_files_all() {
	d=$T/all
	run build -o "$d" -s print.dpi=72 -q
	[ "$rc" -eq 0 ] || { fail "exit $rc: $(errtext)"; return; }
	nf=$(find "$d" -type f | wc -l)
	run -s print.dpi=72 -s print.max_files=$((nf - 1)) check
	[ "$rc" -eq 2 ] && one_err_line && err_has "print.max_files = $((nf - 1))" "$nf files" ||
		{ fail "check, max_files one below the $nf files a build writes: exit $rc: $(errtext)"; return; }
	rm -rf "$T/below"
	run build -o "$T/below" -s print.dpi=72 -s print.max_files=$((nf - 1))
	[ "$rc" -eq 2 ] && one_err_line && err_has "print.max_files = $((nf - 1))" "$nf files" ||
		{ fail "build, max_files one below the $nf files it writes: exit $rc: $(errtext)"; return; }
	[ ! -e "$T/below" ] || { fail "the refused build wrote files"; return; }
	rm -rf "$T/exact"
	run build -o "$T/exact" -s print.dpi=72 -s print.max_files=$nf -q
	[ "$rc" -eq 0 ] || { fail "print.max_files = $nf (what it writes): exit $rc: $(errtext)"; return; }
	[ "$(find "$T/exact" -type f | wc -l)" -le "$nf" ] || fail "wrote more than print.max_files"
}
tcase "print.max_files counts every file the build writes (manifest, proof, page, record)" c_max_files_all

# The default of print.max_squares, as docs/config.md documents it.
MAX_SQUARES=$(sed -n 's/^| `max_squares` | \([0-9]*\) |.*/\1/p' docs/config.md)

c_guard_before_layout() {
	# A 1200 x 1200 board (the most the keys allow) is refused from the
	# config alone: the message names the --set, the limit and the largest
	# board that fits, computed here from the limit.  Before the guard,
	# check took 161 s and 650 MB, and a build ran past 300 s.
	[ -n "$MAX_SQUARES" ] || { fail "docs/config.md gives no default of max_squares"; return; }
	side=$(awk -v m="$MAX_SQUARES" 'BEGIN { s = int(sqrt(m)); while ((s + 1) * (s + 1) <= m) s++; while (s * s > m) s--; print s }')
	for cfg in series series-tutorial series-blind; do
		for level in 1 2 3 4 5 6; do
			for cmd in check build; do
				d=$T/huge-$cfg
				rm -rf "$d" "$T/huge.trace"
				o=
				[ "$cmd" = build ] && o="-o $d"
				# shellcheck disable=SC2086
				TP_TRACE=$T/huge.trace /usr/bin/time -f '%e %M' -o "$T/huge.time" "$TP_BIN" -c $cfg --level $level \
					-s board.rows=1200 -s board.cols=1200 $cmd $o >"$OUT" 2>"$ERR"
				rc=$?
				what="$cfg --level $level $cmd"
				[ "$rc" -eq 2 ] || { fail "$what: exit $rc, want 2: $(errtext)"; return; }
				one_err_line && err_has "--set board.rows=1200: print.max_squares = $MAX_SQUARES" \
					"1200 x 1200 is 1440000 squares" "($side x $side" || return
				# Refused before any layout: the trace has no step of the
				# plan (each sheet's layout is one), and no folder is made.
				! grep -q "plan" "$T/huge.trace" 2>/dev/null || { fail "$what: laid out before refusing: $(cut -f 2 "$T/huge.trace" | head -n 3 | tr '\n' ' ')"; return; }
				[ ! -e "$d" ] || { fail "$what: the refused build made $d"; return; }
				t=$(tail -n 1 "$T/huge.time")
				[ "$cfg$level$cmd" = series1check ] && echo "# 1200 x 1200 refusal, series check: $t (s, KB)"
				[ "$cfg$level$cmd" = series-blind6build ] && echo "# 1200 x 1200 refusal, series-blind --level 6 build: $t (s, KB)"
			done
		done
	done
	# The limit is exact: a board of as many squares passes it (and check
	# accepts the set), one square fewer allowed is refused with what fits.
	run -s print.max_squares=324 check
	[ "$rc" -eq 0 ] || { fail "18 x 18 with print.max_squares = 324: exit $rc: $(errtext)"; return; }
	run -s print.max_squares=323 check
	[ "$rc" -eq 2 ] && one_err_line && err_has "--set print.max_squares=323" "18 x 18 is 324 squares" "(17 x 17, or 17 x 18)" ||
		{ fail "18 x 18 with print.max_squares = 323: exit $rc: $(errtext)"; return; }
	# pattern and manifest lay nothing out: the guard is not theirs.
	run -s board.rows=1200 -s board.cols=1200 manifest
	[ "$rc" -eq 0 ] || fail "manifest of 1200 x 1200: exit $rc: $(errtext)"
}
tcase "board.rows = cols = 1200: check and build refuse it from the config, before any layout, at every level" c_guard_before_layout

c_guard_memory() {
	# The refusal costs what loading the config costs: its peak memory is
	# that of check on the default 18 x 18 board or less (GNU time).
	/usr/bin/time -f '%M' -o "$T/small.rss" "$TP_BIN" check >/dev/null 2>&1
	/usr/bin/time -f '%M' -o "$T/huge.rss" "$TP_BIN" -s board.rows=1200 -s board.cols=1200 build -o "$T/m" >/dev/null 2>&1
	small=$(tail -n 1 "$T/small.rss") huge=$(tail -n 1 "$T/huge.rss")
	echo "# peak RSS: check of 18 x 18 $small KB, the 1200 x 1200 refusal $huge KB"
	[ "$huge" -le "$small" ] || fail "the 1200 x 1200 refusal took $huge KB, more than check of 18 x 18 ($small KB)"
}
tcase "the 1200 x 1200 refusal takes no more memory than check of 18 x 18" c_guard_memory

# ICC: a CMYK output profile on this machine (Ghostscript's), if any.
ICC=
for f in /usr/share/color/icc/ghostscript/default_cmyk.icc /usr/share/ghostscript/iccprofiles/default_cmyk.icc; do
	[ -r "$f" ] && { ICC=$f; break; }
done

c_icc_counted() {
	[ -n "$ICC" ] || return
	d=$T/icc
	run build -o "$d" --formats pdf -s print.dpi=72 -s "print.output_profile=$ICC" -q
	[ "$rc" -eq 0 ] || { fail "build with the profile: exit $rc: $(errtext)"; return; }
	# The PDFs that embed it, and what they hold of it at its size.
	npdf=$(grep -l -a DestOutputProfile "$d"/*.pdf | wc -l)
	size=$(wc -c <"$ICC")
	[ "$npdf" -gt 0 ] || { fail "no PDF embeds the profile"; return; }
	mb=$(awk -v n="$npdf" -v s="$size" 'BEGIN { printf "%.6f", n * s / 1e6 }')
	below=$(awk -v m="$mb" 'BEGIN { printf "%.6f", m - 0.001 }')
	run -s "print.output_profile=$ICC" -s "print.max_mb=$below" check
	[ "$rc" -eq 2 ] && one_err_line && err_has "--set print.max_mb=$below" "$npdf PDFs" ||
		{ fail "check, print.max_mb just below $npdf x $size bytes: exit $rc: $(errtext)"; return; }
	rm -rf "$T/icc2"
	run build -o "$T/icc2" --formats pdf -s print.dpi=72 -s "print.output_profile=$ICC" -s "print.max_mb=$below"
	[ "$rc" -eq 2 ] && one_err_line && err_has "--set print.max_mb=$below" "$npdf PDFs" ||
		{ fail "build, print.max_mb just below: exit $rc: $(errtext)"; return; }
	[ ! -e "$T/icc2" ] || { fail "the refused build wrote files"; return; }
	run -s "print.output_profile=$ICC" -s "print.max_mb=$mb" check
	[ "$rc" -eq 0 ] || fail "check, print.max_mb = $mb (what the PDFs embed): exit $rc: $(errtext)"
}
tcase "print.max_mb counts the output ICC profile in every PDF (check and build)" c_icc_counted

c_simulate_limit() {
	# The issue's run (side 99, 100,000 games: a quarter of an hour) is
	# refused by the default sim.max_work, counted from the config before
	# any game is played: no game's worth of CPU is spent on it.
	games=100000 side=99
	work=$((games * side * side))
	/usr/bin/time -f '%U %S %M' -o "$T/sim.time" "$TP_BIN" -c arena -s arena.side=$side \
		simulate --games $games >"$OUT" 2>"$ERR"
	rc=$?
	[ "$rc" -eq 2 ] || { fail "exit $rc, want 2: $(errtext)"; return; }
	one_err_line && err_has "sim.max_work = 100000000" "$games games on a $side x $side board" "$work games x squares" || return
	# What would fit, by the rule: the limit over the squares, rounded down.
	err_has "--games $((100000000 / (side * side))) or fewer" || return
	# The count does not depend on the machine: the same config refused
	# at one game past the limit and accepted at the limit.
	fit=$((1000 / 361))
	run -c arena -s sim.max_work=1000 simulate --games $((fit + 1))
	[ "$rc" -eq 2 ] && err_has "sim.max_work = 1000" || { fail "one game past the limit: exit $rc: $(errtext)"; return; }
	run -c arena -s sim.max_work=1000 simulate --games $fit --seed 7
	[ "$rc" -eq 0 ] || { fail "at the limit: exit $rc: $(errtext)"; return; }
	# The guard changes no report.
	run -c arena simulate --games 2 --seed 7
	cp "$OUT" "$T/sim2"
	run -c arena -s sim.max_work=1e12 simulate --games 2 --seed 7
	cmp -s "$OUT" "$T/sim2" || fail "the report depends on sim.max_work"
	echo "# simulate refusal (side $side, $games games): user+sys $(tail -n 1 "$T/sim.time" | awk '{print $1 "+" $2 " s, " $3 " KB"}')"
}
tcase "simulate counts its work (games x squares) and refuses past sim.max_work before playing (exit 2)" c_simulate_limit

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
