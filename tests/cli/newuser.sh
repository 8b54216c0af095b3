#!/bin/sh
# What a new user and a designer hit across the three editions: each
# finding is a case here, its expectation derived from the shipped configs,
# the documents or another tilepress command.
#
#   TP_BIN=/abs/path/tilepress sh tests/cli/newuser.sh      (make cli)

set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
TP_BIN=${TP_BIN:-$ROOT/tilepress}
QUICK=${TP_QUICK:-0}

HARNESS=tp-newuser
. tests/cli/harness.sh

# --set game.name overrides the file's [game], as the man page says.
c_game_override() {
	printf '[game]\nname = vector\n\n[print]\nbleed_mm = 2\n' >"$T/g.ini"
	run -c "$T/g.ini" --set game.name=arena -q check   # -q: the arena's gate warnings
	expect_ok || return
	grep -q "arena" "$OUT" || fail "check did not read the config as arena: $(head -n 2 "$OUT" | tr '\n' '|')"
	run -c "$T/g.ini" --set game.name=arena --list keys
	expect_ok || return
	grep -q "^arena\." "$OUT" || fail "--list keys did not list the arena's keys"
}
tcase "--set game.name overrides the file's [game]" c_game_override

# An inline "# comment" is a comment, as in shapes files; "#rrggbb" stays a colour.
c_hash_comment() {
	printf '[board]\nrows = 12 # twelve\ncols = 12\t# twelve\n[print]\nlateral_rgb = #e30613 # red\n' >"$T/h.ini"
	run -c "$T/h.ini" check
	expect_ok || return
	grep -q "12" "$OUT" || fail "rows 12 not read: $(head -n 3 "$OUT" | tr '\n' '|')"
	run -c "$T/h.ini" build -o "$T/h" --only manifest -q
	expect_ok || return
	grep -q '"print.lateral_rgb": *"#e30613"' "$T/h/manifest/build.json" ||
		fail "lateral_rgb not #e30613 in the record: $(grep -o '"print.lateral_rgb": *"[^"]*"' "$T/h/manifest/build.json")"
}
tcase "inline # comment in a config" c_hash_comment

# The README names the patents by number, and no document points outside
# the clone.
c_readme_patents() {
	for f in README.md HACKING.md NEWS.md BENCHMARKS.md docs/*.md; do
		if grep -n '\.\./shared/' "$f" | grep -q .; then
			fail "$f points outside the clone: $(grep -n '\.\./shared/' "$f" | head -n 1)"
			return
		fi
	done
	for pat in 'US 2005/0230911' '296,949' '906,488'; do
		grep -q "$pat" README.md || { fail "README does not name the patent $pat"; return; }
	done
}
tcase "README names the patents by number" c_readme_patents

# The documents where people look: a README of at most 300 lines in short
# sentences (median under 20 words, none over 40), BENCHMARKS.md of at most
# 200; every relative link resolves (file and heading); docs/README.md
# lists every file in docs/.
c_docs_shape() {
	n=$(wc -l <README.md)
	[ "$n" -le 300 ] || { fail "README.md has $n lines, want at most 300"; return; }
	n=$(wc -l <BENCHMARKS.md)
	[ "$n" -le 200 ] || { fail "BENCHMARKS.md has $n lines, want at most 200"; return; }
	python3 tests/cli/docs_check.py sentences README.md 20 40 >"$OUT" ||
		{ fail "$(tail -n 1 "$OUT")"; return; }
	python3 tests/cli/docs_check.py links README.md HACKING.md NEWS.md BENCHMARKS.md docs/*.md >"$OUT" ||
		{ fail "$(head -n 1 "$OUT")"; return; }
	python3 tests/cli/docs_check.py index >"$OUT" || fail "$(head -n 1 "$OUT")"
}
tcase "README and docs: sizes, sentences, links, the docs index" c_docs_shape

# Every ./tilepress command in the README's code blocks runs (but watch,
# which waits for saves), from a folder of its own with the shipped data.
# A build writes the manifest only: the check and the options are what the
# README shows; the files are c_readme_files's.
c_readme_commands() {
	python3 tests/cli/docs_check.py commands README.md >"$T/cmds" || { fail "cannot read the README's commands"; return; }
	[ -s "$T/cmds" ] || { fail "no ./tilepress command in the README's code blocks"; return; }
	mkdir -p "$T/rc" && cd "$T/rc" || { fail "no scratch folder"; return; }
	printf '[board]\nrows = 12\ncols = 12\n' >my.ini
	TILEPRESS_DATA=$ROOT
	export TILEPRESS_DATA
	n=0
	while IFS= read -r line; do
		cmd=${line%%#*}
		case $cmd in *" watch"*) continue ;; esac
		# shellcheck disable=SC2086
		set -- ${cmd#./tilepress}
		case " $* " in *" build "*) set -- "$@" --only manifest -q ;; esac
		run "$@"
		[ "$rc" -eq 0 ] || { fail "README: '$cmd' exits $rc: $(errtext)"; break; }
		n=$((n + 1))
	done <"$T/cmds"
	unset TILEPRESS_DATA
	cd "$ROOT" || exit 2
	[ "$n" -ge 10 ] || fail "ran only $n of the README's commands"
}
tcase "the README's commands run" c_readme_commands

# The README's "What goes to the press" (and docs/booklet-and-box.md's, for the
# booklet and box every edition writes): for each shipped edition, every
# file its tables name is written by a build of that edition, and every
# press PDF the build writes is named there. (PDF and DXF only: the PNGs
# cost most and the tables name the press files.)
c_readme_files() {
	[ "$QUICK" = 1 ] && return 0
	for ed in $("$TP_BIN" --list editions); do
		{ python3 tests/cli/docs_check.py files README.md "$ed"
		  python3 tests/cli/docs_check.py files docs/booklet-and-box.md "$ed"; } | LC_ALL=C sort -u >"$T/want.$ed"
		d=$T/files-$ed
		rm -rf "$d"
		run -q -c "$ed" build -o "$d" --formats pdf,dxf
		[ "$rc" -eq 0 ] || { fail "$ed: exit $rc: $(errtext)"; return; }
		while read -r f; do
			case $f in *.png | *.svg) continue ;; esac
			[ -f "$d/$f" ] || { fail "README names $f for $ed, which its build does not write"; return; }
		done <"$T/want.$ed"
		for f in $(cd "$d" && ls *.pdf); do
			grep -qx "$f" "$T/want.$ed" || { fail "$ed writes $f, which the README's tables for $ed do not name"; return; }
		done
		rm -rf "$d"
	done
}
tcase "the README lists the press files each edition writes" c_readme_files

# Each shipped edition writes to its own folder, and a build into a folder
# holding another edition's set says so.
c_edition_folders() {
	mkdir -p "$T/cwd" && cd "$T/cwd" || { fail "no scratch folder"; return; }
	# the shipped configs, wherever the binary under test lives
	TILEPRESS_DATA=$ROOT
	export TILEPRESS_DATA
	for ed in series series-tutorial series-blind; do
		run -c $ed build --only board --formats svg -q
		[ "$rc" -eq 0 ] || { fail "$ed: exit $rc: $(errtext)"; unset TILEPRESS_DATA; cd "$ROOT"; return; }
		[ -s "output/$ed/board.svg" ] || { fail "$ed did not write output/$ed/board.svg"; cd "$ROOT"; return; }
		grep -q "\"config_file\": \".*$ed.ini\"" "output/$ed/manifest/build.json" ||
			{ fail "output/$ed/manifest/build.json names another config"; cd "$ROOT"; return; }
	done
	# The blind board (122 mm pitch) differs from the standard one: neither
	# overwrote the other.
	cmp -s output/series/board.svg output/series-blind/board.svg && fail "blind and standard boards are the same file"
	# A custom config: output/ and its file name.
	printf '[board]\nrows = 12\ncols = 12\n' >my.ini
	run -c my.ini build --only board --formats svg -q
	[ -s output/my/board.svg ] || fail "-c my.ini did not write output/my/board.svg"
	# Another edition into the standard set's folder: said before writing.
	run -c series-tutorial build --only board --formats svg -o output/series
	[ "$rc" -eq 0 ] || { fail "tutorial into output/series: exit $rc"; cd "$ROOT"; return; }
	grep -q "warning: output/series holds the set of .*series.ini.*this build of .*series-tutorial.ini replaces it" "$ERR" ||
		fail "no warning naming both editions: $(errtext)"
	# The same edition again (another --set): no such warning.
	run -c series-tutorial build --only board --formats svg -o output/series -s print.dpi=72
	grep -q "holds the set of" "$ERR" && fail "warned about its own edition: $(errtext)"
	unset TILEPRESS_DATA
	cd "$ROOT" || exit 2
}
tcase "each edition writes its own folder; another edition's set is not replaced silently" c_edition_folders

# --only proof shows the sheets already in the folder, as its record lists
# them, and keeps their files in the record.
c_only_proof() {
	d=$T/proof
	run build -o "$d" --only board,fronts,board-half-1 --formats png,svg -q
	[ "$rc" -eq 0 ] || { fail "build: exit $rc: $(errtext)"; return; }
	# the sheets the record lists, counted from its paths
	n=$(grep -o '"path": "[a-z0-9-]*\.svg"' "$d/manifest/build.json" | sed 's/.*"\([a-z0-9-]*\)\.svg"/\1/' | sort -u | wc -l | tr -d ' ')
	[ "$n" -eq 3 ] || { fail "the record lists $n SVG sheets, want 3"; return; }
	run build -o "$d" --only proof
	expect_ok || return
	grep -q "^  proof .*(the $n sheets already here, by the build record)" "$OUT" ||
		{ fail "proof line: $(grep '^  proof' "$OUT")"; return; }
	for f in board.png fronts.svg board-half-1.png; do
		grep -q "\"path\": \"$f\"" "$d/manifest/build.json" || fail "the record lost $f"
	done
	pngcheck -q "$d/proof.png" >/dev/null 2>&1 || fail "proof.png fails pngcheck"
}
tcase "--only proof shows the sheets already in the folder" c_only_proof

# Each game lists only the keys it reads, and refuses the shared keys it
# does not read, saying why; every key it lists is accepted.
c_game_keys() {
	games="series vector arena series-table series-hex"
	for g in $games; do
		run --list keys --game $g
		expect_ok || return
		cut -f 1 "$OUT" | LC_ALL=C sort >"$T/keys.$g"
	done
	grep -qx print.tile_mm "$T/keys.arena" && { fail "arena lists print.tile_mm"; return; }
	grep -qx print.split "$T/keys.vector" && { fail "vector lists print.split"; return; }
	grep -qx print.anchor_ink "$T/keys.vector" && { fail "vector lists print.anchor_ink"; return; }
	# The keys series lists and another game does not are refused by it,
	# each naming the key and the game, unless they belong to series alone.
	for g in vector arena series-table series-hex; do
		for k in $(LC_ALL=C comm -23 "$T/keys.series" "$T/keys.$g" | grep '^print\.\|^board\.\|^game\.'); do
			run -c $g -s "$k=1" check
			[ "$rc" -eq 2 ] || { fail "$g accepts $k (exit $rc)"; return; }
			grep -q "$k" "$ERR" || { fail "$g: the refusal does not name $k: $(errtext)"; return; }
		done
	done
	run -c arena -s print.tile_mm=20 check
	err_has "print.tile_mm is not used by game arena" "arena.square_mm" || return
	# A game that lists print.anchor_ink prints that ink: its name appears
	# in the files a build writes; one that lists print.split splits
	# something: rows and cols give different files. (The arena listed
	# anchor_ink and the table and hexagonal sets both keys, and wrote
	# neither anywhere.)
	for g in $games; do
		if grep -qx print.anchor_ink "$T/keys.$g"; then
			d=$T/anchor-$g
			rm -rf "$d"
			run -q -c $g -s print.anchor_ink=AnchorProbe build -o "$d" --formats svg
			expect_ok || return
			grep -rqs AnchorProbe "$d" --include='*.svg' ||
				{ fail "$g lists print.anchor_ink but no SVG it writes uses it"; return; }
		fi
		grep -qx print.split "$T/keys.$g" || continue
		for sp in rows cols; do
			rm -rf "$T/split-$sp"
			run -q -c $g -s print.split=$sp build -o "$T/split-$sp" --formats svg
			expect_ok || return
			rm -f "$T/split-$sp/manifest/build.json" "$T/split-$sp/index.html"
		done
		diff -r "$T/split-rows" "$T/split-cols" >/dev/null &&
			{ fail "$g lists print.split but rows and cols write the same files"; return; }
	done
	return 0
}
tcase "each game lists and accepts only the keys it reads" c_game_keys

# The bash completion: edition names after -c, the values of a choice key
# after -s KEY=, and keys whether tilepress is called by path or by name.
# (Without the bash-completion package, as on a minimal Debian: the line
# is split on blanks.)
complete_line() {
	PATH=$2 bash -c '. completions/tilepress.bash; COMP_LINE=$1; COMP_POINT=${#COMP_LINE}; _tilepress
		printf "%s\n" "${COMPREPLY[@]}"' sh "$1"
}
c_completion() {
	bindir=$(cd "$(dirname "$TP_BIN")" && pwd)
	# editions: the shipped configs
	want=$(cd config && ls *.ini | sed 's/\.ini$//' | grep '^series' | LC_ALL=C sort | tr '\n' ' ')
	got=$(complete_line "$TP_BIN -c series" "$PATH" | grep -v '/' | grep -v '\.ini$' | LC_ALL=C sort | tr '\n' ' ')
	[ "$got" = "$want" ] || { fail "-c series<TAB>: '$got', want '$want'"; return; }
	# values: those the config reader allows (from its refusal)
	run -s print.layout=nothing check
	allowed=$(sed -n 's/.*allowed: //p' "$ERR" | sed 's/,//g; s/ or / /' | tr ' ' '\n' | LC_ALL=C sort | tr '\n' ' ')
	[ -n "$allowed" ] || { fail "no allowed values in: $(errtext)"; return; }
	got=$(complete_line "$TP_BIN -s print.layout=" "$PATH" | LC_ALL=C sort | tr '\n' ' ')
	[ "$got" = "$allowed" ] || { fail "-s print.layout=<TAB>: '$got', want '$allowed'"; return; }
	# keys: by path, and by name from the PATH
	n_keys=$("$TP_BIN" --list keys | grep -c '^board\.')
	for how in "$TP_BIN" "$(basename "$TP_BIN")"; do
		got=$(complete_line "$how -s board." "$bindir:$PATH" | grep -c '^board\..*=$')
		[ "$got" -eq "$n_keys" ] || { fail "$how -s board.<TAB>: $got keys, want $n_keys"; return; }
	done
}
tcase "bash completion: editions, key values, keys by path and by name" c_completion

# ---- the documents' figures, measured ---------------------------------------------

# docs/prepress.md quotes the default fronts' ink report: each plate as a
# build's manifest/inks.csv gives it (the prepress suite's build: no marks,
# no bleed), and Ghostscript's magenta as the plate plus the die lines'.
c_doc_inks() {
	run -q -c series --only fronts,manifest --formats pdf -s print.marks=off -s print.bleed_mm=0 \
		-o "$T/inks" build
	expect_ok || return
	line=$(grep "^The report's fronts (\`inks.csv\`)" docs/prepress.md)
	[ -n "$line" ] || { fail "docs/prepress.md quotes no fronts' ink report"; return; }
	for p in Cyan:C Magenta:M Yellow:Y Black:K CutContour:CutContour; do
		v=$(awk -F, -v p="${p%%:*}" '$1 == "fronts" && $3 == p { print $4 }' "$T/inks/manifest/inks.csv")
		echo "$line" | grep -q "[ (]${p#*:} $v[,.]" ||
			{ fail "docs/prepress.md: ${p#*:} is not $v, as inks.csv says: $line"; return; }
	done
}
tcase "docs/prepress.md: the fronts' ink figures are inks.csv's" c_doc_inks

# docs/series.md says what the blind edition prints in its cells: the
# print.cell_mark its build records.
c_doc_blind_cells() {
	run -q -c series-blind --only manifest -o "$T/blind" build
	expect_ok || return
	v=$(sed -n 's/.*"print.cell_mark": *"\([a-z]*\)".*/\1/p' "$T/blind/manifest/build.json")
	[ -n "$v" ] || { fail "no print.cell_mark in the record"; return; }
	claim=$(grep -i "blind edition" docs/series.md | grep -o 'cell_mark = [a-z]*')
	[ "$claim" = "cell_mark = $v" ] ||
		fail "docs/series.md says the blind edition has '$claim'; its build records cell_mark = $v"
}
tcase "docs/series.md: the blind edition's cells, as its build records them" c_doc_blind_cells

# docs/output.md: check refuses --level 5 and 6 of the series editions in
# at most N MB (GNU time's peak; the wall time depends on the machine).
# Not under the sanitizers (TP_QUICK, make asan): their shadow memory is
# no user's figure.
c_doc_level5() {
	[ "$QUICK" = 1 ] && return 0
	mb=$(sed -n 's/.*refuses `--level 5` and `6` of the series editions .* in at most \([0-9]*\) MB.*/\1/p' docs/output.md)
	[ -n "$mb" ] || { fail "docs/output.md gives no memory for check --level 5"; return; }
	for ed in series series-blind series-tutorial; do
		for l in 5 6; do
			/usr/bin/time -f %M -o "$T/rss" "$TP_BIN" -c "$ed" --level "$l" check >"$OUT" 2>"$ERR"
			rc=$?
			[ "$rc" -eq 2 ] || { fail "$ed --level $l check: exit $rc, want 2"; return; }
			kb=$(tail -n 1 "$T/rss")
			[ "$kb" -le $((mb * 1000)) ] || { fail "$ed --level $l check: $kb kB, docs/output.md says at most $mb MB"; return; }
		done
	done
}
tcase "docs/output.md: check refuses --level 5 and 6 in the memory it says" c_doc_level5

# BENCHMARKS.md gives the table and hexagonal sets' contact sheet in Mpx:
# proof.png's width x height, as built.
c_doc_proof_mpx() {
	[ "$QUICK" = 1 ] && return 0
	claim=$(grep -o 'the table and hexagonal sets [0-9.]* and [0-9.]* Mpx' BENCHMARKS.md)
	[ -n "$claim" ] || { fail "BENCHMARKS.md gives no Mpx for the sets' contact sheets"; return; }
	set -- $(echo "$claim" | grep -o '[0-9][0-9.]*')
	for ed in series-table:$1 series-hex:$2; do
		run -q -c "${ed%%:*}" --formats png -o "$T/${ed%%:*}" build
		expect_ok || return
		got=$(python3 -c 'import struct, sys
w, h = struct.unpack(">II", open(sys.argv[1], "rb").read(24)[16:24])
print("%.2f" % (w * h / 1e6))' "$T/${ed%%:*}/proof.png")
		[ "$got" = "${ed#*:}" ] || { fail "${ed%%:*}: proof.png is $got Mpx, BENCHMARKS.md says ${ed#*:}"; return; }
	done
}
tcase "BENCHMARKS.md: the sets' proof.png megapixels, as built" c_doc_proof_mpx

echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
