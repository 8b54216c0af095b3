#!/bin/sh
# The man page may not fall behind the program: every config key, ink and
# sheet of every game (as `tilepress --list` prints them from the game
# table), every long and short option and every command (src/cli/main.c)
# must appear in man/tilepress.1, config keys in the section of the page for
# their [section].  The bash completion must offer every option and command,
# and complete each game's keys and sheets (it asks `tilepress --list`, so
# the test runs it).  Prints "man_keys: N passed, M failed"; exit 1 on a miss.
#
#   TP_BIN=./tilepress sh tests/cli/man_keys.sh [MANPAGE [COMPLETION]]
set -u
cd "$(dirname "$0")/../.." || exit 2
MAN=${1:-man/tilepress.1}
COMP=${2:-completions/tilepress.bash}
BIN=${TP_BIN:-$(pwd)/tilepress}
MAIN_C=src/cli/main.c
for f in "$MAN" "$COMP" "$MAIN_C" "$BIN"; do
	[ -r "$f" ] || { echo "man_keys: cannot read $f"; exit 2; }
done
T=$(mktemp -d "${TMPDIR:-/tmp}/tp-man.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT

# The page with roff escapes for - undone, so names compare as typed.
sed 's/\\-/-/g' "$MAN" >"$T/man"

PASS=0
FAIL=0
ok() { PASS=$((PASS + 1)); }
miss() { FAIL=$((FAIL + 1)); echo "man_keys: FAIL - $*"; }

# The lines of the page's ".SS [SECTION]" part, up to the next .SS or .SH.
section_text() {
	awk -v want=".SS \"[$1]\"" '
		/^\.S[SH] / { inside = ($0 == want); next }
		inside' "$T/man"
}

# An entry in a section: a .B/.BI/.IB line that starts with the key.
has_entry() {
	grep -Eq "^\.(B|BI|IB|BR) \"?$2([ \"_]|\$)" "$1"
}

"$BIN" --list games >"$T/games" || miss "tilepress --list games failed"
[ -s "$T/games" ] || miss "no games listed"
awk '/^\.SH "OUTPUT FILES"/ { inside = 1; next } /^\.SH / { inside = 0 } inside' \
	"$T/man" >"$T/outfiles"

while read -r game; do
	if grep -q "^\.B $game\$" "$T/man"; then ok; else miss "game $game has no .B entry"; fi
	"$BIN" --list keys --game "$game" | cut -f 1 >"$T/keys-$game" ||
		miss "tilepress --list keys --game $game failed"
	"$BIN" --list inks --game "$game" | cut -f 1 >"$T/inks-$game"
	"$BIN" --list sheets --game "$game" >"$T/sheets-$game"
	# ---- config keys: KEY_cmyk/KEY_rgb are documented by ink ------------
	inks=" $(tr '\n' ' ' <"$T/inks-$game")"
	while IFS=. read -r sec key; do
		stem=${key%_cmyk}
		stem=${stem%_rgb}
		[ ! -f "$T/sec-$sec" ] && section_text "$sec" >"$T/sec-$sec"
		if [ "$stem" != "$key" ] && case $inks in *" $stem "*) true ;; *) false ;; esac; then
			if grep -q "^\.B $stem\$" "$T/sec-$sec"; then ok; else
				miss "ink $stem ($game) has no entry (default colours) under [$sec]"
			fi
		elif [ -s "$T/sec-$sec" ] && has_entry "$T/sec-$sec" "$key"; then
			ok
		else
			miss "config key $sec.$key ($game) is not documented under .SS \"[$sec]\""
		fi
	done <"$T/keys-$game"
	# ---- sheets -----------------------------------------------------------
	while read -r sheet; do
		case $sheet in manifest | proof) continue ;; esac
		if grep -q "^\.B $sheet\$" "$T/outfiles"; then ok; else
			miss "sheet $sheet ($game) is not listed under OUTPUT FILES"
		fi
	done <"$T/sheets-$game"
done <"$T/games"

# ---- options and commands ---------------------------------------------------
# struct option rows: { "name", required_argument, NULL, ... },
grep -o '{ *"[a-z-]*", *[a-z_]*argument' "$MAIN_C" | sed 's/{ *"\([a-z-]*\)".*/\1/' >"$T/longopts"
[ -s "$T/longopts" ] || miss "no long options found in $MAIN_C"
while read -r opt; do
	if grep -q -- "--$opt\\b" "$T/man"; then ok; else miss "option --$opt is not documented"; fi
done <"$T/longopts"
# The getopt_long short options string, e.g. ":c:s:qhVo:j:".
short=$(sed -n 's/.*getopt_long([^"]*"\([^"]*\)".*/\1/p' "$MAIN_C" | tr -d ':')
[ -n "$short" ] || miss "no short options found in $MAIN_C"
for ch in $(printf '%s' "$short" | sed 's/./& /g'); do
	if grep -Eq -- "^\.(B|BR|BI) \"?-$ch([ \",]|\$)" "$T/man"; then ok; else
		miss "option -$ch is not documented"
	fi
done
# Commands: { "check", TP_CMD_CHECK }
grep -o '{ *"[a-z]*", *TP_CMD_[A-Z]*' "$MAIN_C" | sed 's/{ *"\([a-z]*\)".*/\1/' >"$T/cmds"
[ -s "$T/cmds" ] || miss "no commands found in $MAIN_C"
while read -r cmd; do
	if grep -q "^\.B $cmd\$" "$T/man"; then ok; else miss "command $cmd is not documented"; fi
done <"$T/cmds"

# ---- the bash completion ------------------------------------------------------
while read -r opt; do
	if grep -q -- "--$opt\b" "$COMP"; then ok; else miss "completion: no option --$opt"; fi
done <"$T/longopts"
for ch in $(printf '%s' "$short" | sed 's/./& /g'); do
	if grep -Eq -- "(^|[ '])-$ch( |'|\$)" "$COMP"; then ok; else miss "completion: no option -$ch"; fi
done
while read -r cmd; do
	if grep -q "commands=.*\b$cmd\b" "$COMP"; then ok; else miss "completion: no command $cmd"; fi
done <"$T/cmds"
# Each game's keys and sheets complete when its shipped config is given.
complete_set() {
	bash -c '. "$1"; COMP_WORDS=("$2" -c "$3" "$4" ""); COMP_CWORD=4; _tilepress
		printf "%s\n" "${COMPREPLY[@]}"' sh "$COMP" "$BIN" "$1" "$2"
}
while read -r game; do
	cfg=config/$game.ini
	[ -r "$cfg" ] || { miss "no shipped config $cfg for game $game"; continue; }
	complete_set "$cfg" --set | sed 's/=$//' | sort >"$T/ck-$game"
	sort "$T/keys-$game" >"$T/k-$game"
	if cmp -s "$T/ck-$game" "$T/k-$game"; then ok; else
		miss "completion of --set for $game differs from --list keys: $(diff "$T/k-$game" "$T/ck-$game" | head -n 3 | tr '\n' ' ')"
	fi
	complete_set "$cfg" --only | sort >"$T/cs-$game"
	sort "$T/sheets-$game" >"$T/s-$game"
	if cmp -s "$T/cs-$game" "$T/s-$game"; then ok; else
		miss "completion of --only for $game differs from --list sheets"
	fi
done <"$T/games"

echo "man_keys: $PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
