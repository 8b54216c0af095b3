#!/bin/sh
# make install-test (mk/install.mk): installs into a scratch DESTDIR with a
# scratch PREFIX, runs the installed binary from another folder, checks the
# man page and the bash completion, uninstalls and checks nothing is left.
# Prints "install-test: N passed, M failed"; exit 1 on any failure.
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
MAKE=${MAKE:-make}
T=$(mktemp -d "${TMPDIR:-/tmp}/tp-install.XXXXXX") || { echo "cannot make a temp dir"; exit 2; }
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT TERM HUP
# man-db formats as user "man" when run as root: let it read the page.
chmod 755 "$T"
D=$T/dest             # DESTDIR
P=$T/prefix           # PREFIX: exists only under DESTDIR
INST=$D$P
SHARE=$INST/share/tilepress
BIN=$INST/bin/tilepress
MANPAGE=$INST/share/man/man1/tilepress.1
COMPL=$INST/share/bash-completion/completions/tilepress
WORK=$T/work          # a working directory with no data of its own
mkdir -p "$WORK"

PASS=0
FAIL=0
check() {   # check NAME COMMAND...: the command must succeed
	name=$1
	shift
	if "$@" >"$T/out" 2>"$T/err"; then
		PASS=$((PASS + 1))
		echo "ok - $name"
	else
		FAIL=$((FAIL + 1))
		echo "FAIL - $name"
		sed 's/^/    /' "$T/out" "$T/err" | head -n 20
	fi
}

# ---- install ----------------------------------------------------------------
check "make install DESTDIR PREFIX" \
	$MAKE --no-print-directory install DESTDIR="$D" PREFIX="$P"

installed_files() {
	echo "$BIN"
	echo "$MANPAGE"
	echo "$COMPL"
	for f in config/*.ini config/profiles/*.ini templates/indicia/*.ini templates/shapes/*.ini templates/pictures/*.ini templates/triangles/*.ini templates/rules/*.ini templates/art/geometric/* templates/art/pictorial/* config/factories/*.ini; do echo "$SHARE/$f"; done
}
files_present() {
	installed_files | while read -r f; do
		[ -f "$f" ] || { echo "missing: $f"; exit 1; }
	done
}
check "every file installed in its place" files_present
check "binary executable, data and man page not" \
	sh -c '[ -x "$1" ] && [ ! -x "$2" ] && [ ! -x "$3" ]' sh "$BIN" "$SHARE/config/series.ini" "$MANPAGE"
only_ours() {
	find "$D" -type f | sort >"$T/found"
	installed_files | sort >"$T/expected"
	diff "$T/expected" "$T/found"
}
check "nothing else installed" only_ours

# ---- run the installed binary from elsewhere -------------------------------------
in_work() { (cd "$WORK" && "$@"); }
with_data() { (cd "$WORK" && TILEPRESS_DATA=$SHARE "$@"); }

# The compiled-in data folder follows PREFIX: without TILEPRESS_DATA the
# binary looks in $P/share/tilepress, which exists only under DESTDIR.
datadir_is_prefix() {
	in_work "$BIN" check >/dev/null 2>"$T/e1"
	rc=$?
	[ $rc -eq 2 ] || { echo "exit $rc, want 2"; return 1; }
	grep -qF "$P/share/tilepress" "$T/e1" || { cat "$T/e1"; return 1; }
}
check "compiled-in data folder is PREFIX/share/tilepress" datadir_is_prefix
check "--version" in_work "$BIN" --version
check "check with TILEPRESS_DATA" with_data "$BIN" check
check "check -c installed tutorial config" \
	with_data "$BIN" -q -c "$SHARE/config/series-tutorial.ini" check
manifest_csv() {
	with_data "$BIN" manifest --format csv >"$T/m.csv" || return 1
	# The same as the tree's build gives in the tree.
	(cd "$ROOT" && TILEPRESS_DATA= "$ROOT/build/install/tilepress" manifest --format csv) >"$T/m0.csv" || return 1
	[ -s "$T/m.csv" ] && cmp "$T/m0.csv" "$T/m.csv"
}
check "manifest --format csv" manifest_csv
small_build() {
	with_data "$BIN" -q build --formats svg --only manifest,fronts,board -o "$T/out-svg" || return 1
	for f in manifest/table1.csv manifest/table1.json manifest/table1.txt manifest/tiles.csv \
		fronts.svg board.svg; do
		[ -s "$T/out-svg/$f" ] || { echo "missing $f"; return 1; }
	done
	n=$(find "$T/out-svg" -name '*.pdf' -o -name '*.png' | wc -l)
	[ "$n" -eq 0 ] || { echo "$n non-SVG files"; return 1; }
	grep -q '<svg' "$T/out-svg/fronts.svg"
}
check "build --formats svg -o DIR" small_build
check "templates found by name" with_data "$BIN" -q -s series.indicia=pips check
check "the geometric art pack found by name" with_data "$BIN" -q --set print.art=geometric check
check "the pictorial art pack found by name" with_data "$BIN" -q -c vector --set print.art=pictorial check
check "-c vector finds the installed config" with_data "$BIN" -q -c vector check
check "-c arena finds the installed config and shapes file" with_data "$BIN" -q -c arena check

# ---- man page and completion ------------------------------------------------
man_clean() {
	MANWIDTH=80 man -l --warnings "$MANPAGE" >"$T/man.txt" 2>"$T/man.err" || return 1
	[ ! -s "$T/man.err" ] || { cat "$T/man.err"; return 1; }
	groff -man -ww -z "$MANPAGE" 2>"$T/groff.err" || return 1
	[ ! -s "$T/groff.err" ] || { cat "$T/groff.err"; return 1; }
	grep -q 'TILEPRESS_DATA' "$T/man.txt"
}
check "man -l --warnings renders the page cleanly" man_clean
check "man page names the installed data folder" \
	sh -c '! grep -q @DATADIR@ "$1" && grep -qF "$2/share/tilepress" "$1"' sh "$MANPAGE" "$P"
check "man page and completion cover every key, option and sheet" \
	env TP_BIN="$BIN" sh tests/cli/man_keys.sh "$MANPAGE" "$COMPL"
check "bash completion parses (bash -n)" bash -n "$COMPL"
complete_words() {
	bash -c '
		. "$1"
		COMP_WORDS=("$2" build --only board-h); COMP_CWORD=3; _tilepress
		[ "${COMPREPLY[*]}" = "board-half-1 board-half-2" ] || { echo "only: ${COMPREPLY[*]}"; exit 1; }
		COMP_WORDS=("$2" ""); COMP_CWORD=1; _tilepress
		# the commands --help lists, in its order
		want=$("$2" --help | sed -n "/^commands:/,/^\$/p" | sed -n "s/^  \([a-z][a-z]*\) .*/\1/p" | tr "\n" " ")
		[ "${COMPREPLY[*]} " = "$want" ] || { echo "cmds: ${COMPREPLY[*]}, --help: $want"; exit 1; }
		COMP_WORDS=("$2" build --formats pdf,s); COMP_CWORD=3; _tilepress
		[ "${COMPREPLY[*]}" = "pdf,svg" ] || { echo "formats: ${COMPREPLY[*]}"; exit 1; }
	' sh "$COMPL" "$BIN"
}
check "bash completion completes commands, --only, --formats" complete_words

# ---- uninstall ----------------------------------------------------------------
check "make uninstall DESTDIR PREFIX" \
	$MAKE --no-print-directory uninstall DESTDIR="$D" PREFIX="$P"
nothing_left() {
	left=$(find "$D" ! -type d)
	[ -z "$left" ] || { echo "left: $left"; return 1; }
	left=$(find "$D" -name '*tilepress*')
	[ -z "$left" ] || { echo "left: $left"; return 1; }
}
check "uninstall leaves no file and no tilepress folder" nothing_left

echo "install-test: $PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
